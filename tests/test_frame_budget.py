"""Issue 43's frame budget, the part ``make test`` can hold on a busy machine: the frame
thread's CPU time (``time.thread_time``, never the wall clock) on the heaviest visitor flows,
counted in *copies*: the CPU time of one opaque copy of the whole 1920x1080 screen, measured in
the same process around the visit. A loaded or slower machine stretches the frames and the
copy alike, so the budget in copies holds there, and a frame that does real work again (a layer
drawn anew, the game under a card redrawn, a full-screen surface made at every frame) breaks it
whatever the machine. The figures in milliseconds, with the targets of issue 43 (p99 4 ms,
worst 8 ms, 1 ms at rest), are in ``bench/bench_frames.py`` (``make bench``).

A visitor (``tests/visitor.py``) plays hot-seat from the menu, frames back to back: the who-plays
card, hints, the rules pages, the other view, an undo, the question before going home and, for
Lewthwaite (the hint's capsules on every frame, the end card with confetti), the whole game.
Each budget is a median (a busy machine's stretched frames do not move it) over many frames,
with room to spare (about twice what the kiosk needs here); the test prints the figures.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import pygame
import pytest

from tests.visitor import FRIEND, FrameRecord, Visit, visit

#: Budgets, in full-screen copies per frame (one copy: 0.2 ms on the 2-core machine here).
CARD_AT_REST = 2.0  # the who-plays card and the question once still: the frame is not drawn
GAME_FRAME = 24.0  # a game's screen, median (the kiosk: 8-14 copies; every board redrawn: 30+)
HINT_FRAME = 24.0  # Lewthwaite with the hint's capsules (8-12; a full-screen layer a frame: 40+)
CARD_OVER_GAME = 12.0  # the end card, a card over the game (1-8; the game redrawn under it: 15+)
RULES_PAGE = 16.0  # a rules page (5-7; its words drawn every frame: 10-12 and more)

#: Person's moves before going home, for the long games (Lewthwaite is played to its end).
MOVES = {"awele": 6, "juniper": 6, "lightning": 6}


def copy_cost() -> float:
    """The frame thread's CPU seconds for one opaque copy of the whole screen (the median of 60)."""
    display = pygame.display.get_surface()
    assert display is not None
    source = pygame.Surface(display.get_size()).convert()
    times = []
    for _ in range(60):
        started = time.thread_time()
        display.blit(source, (0, 0))
        times.append(time.thread_time() - started)
    return statistics.median(times)


def measured(game: str) -> tuple[Visit, float]:
    """A hot-seat visit of ``game`` and the cost of a copy (measured right after it)."""
    result = visit(game, (FRIEND,), realtime=False, max_moves=MOVES.get(game), pace=0.3)
    return result, copy_cost()


def median_copies(result: Visit, unit: float, keep: Callable[[FrameRecord], bool]) -> tuple[float, int]:
    """The median frame, in copies, of the frames ``keep`` selects, and how many there were."""
    times = [frame.cpu / unit for frame in result.frames if keep(frame)]
    assert times, "the visit met no such frame"
    return statistics.median(times), len(times)


def settled(result: Visit, where: str, after: int) -> set[int]:
    """The indexes of the frames showing ``where`` for at least ``after`` frames in a row."""
    kept, run = set(), 0
    for index, frame in enumerate(result.frames):
        run = run + 1 if frame.where == where else 0
        if run > after:
            kept.add(index)
    return kept


def playing(frame: FrameRecord) -> bool:
    """A frame of the game's own screen (no card, no rules page, no menu)."""
    return "to move" in frame.where or "game over" in frame.where


@pytest.fixture(scope="module")
def visits() -> dict[str, tuple[Visit, float]]:
    """Each game visited once (the tests below read the same visits)."""
    return {}


def visited(visits: dict[str, tuple[Visit, float]], game: str) -> tuple[Visit, float]:
    """``game``'s visit, made the first time it is asked for."""
    if game not in visits:
        visits[game] = measured(game)
    return visits[game]


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("game", ["lewthwaite", "awele", "juniper", "lightning"])
def test_a_game_screen_costs_a_few_copies_a_frame(visits: dict[str, tuple[Visit, float]], game: str) -> None:
    result, unit = visited(visits, game)
    median, count = median_copies(result, unit, playing)
    print(f"\n{game}: a copy {1000 * unit:.3f} ms; game frames median {median:.1f} copies ({count} frames)")
    assert median <= GAME_FRAME, f"{game}: its screen's median frame is {median:.1f} copies (budget {GAME_FRAME})"


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("game", ["lewthwaite", "juniper"])
def test_a_card_at_rest_is_not_drawn_again(visits: dict[str, tuple[Visit, float]], game: str) -> None:
    result, unit = visited(visits, game)
    median, count = median_copies(result, unit, lambda f: f.where == "seats" and f.since >= 3 and not f.events)
    print(f"\n{game}: the who-plays card at rest, median {median:.2f} copies ({count} frames)")
    assert median <= CARD_AT_REST, f"{game}: the who-plays card at rest costs {median:.1f} copies a frame"


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_hint_and_the_end_card_stay_within_budget(visits: dict[str, tuple[Visit, float]]) -> None:
    result, unit = visited(visits, "lewthwaite")
    assert result.hints and result.ends and result.rules_pages
    hint, hints = median_copies(result, unit, lambda f: playing(f) and f.action == "hint" and f.since >= 5)
    veiled = {id(result.frames[k]) for k in settled(result, "end card", 15)}  # the card pops in, confetti falls
    end, ends = median_copies(result, unit, lambda f: id(f) in veiled)
    kept = {id(result.frames[k]) for k in settled(result, "end card (folded)", 3)}
    folded, bars = median_copies(result, unit, lambda f: id(f) in kept)
    rules, pages = median_copies(result, unit, lambda f: f.where.startswith("rules page") and f.since >= 3)
    print(f"\nlewthwaite: a copy {1000 * unit:.3f} ms; hint frames median {hint:.1f} copies ({hints}), end card "
          f"{end:.1f} ({ends}), folded {folded:.2f} ({bars}), rules pages {rules:.1f} ({pages})")
    assert hint <= HINT_FRAME, f"a frame with the hint shown costs {hint:.1f} copies (budget {HINT_FRAME})"
    assert end <= CARD_OVER_GAME, f"a frame of the end card costs {end:.1f} copies (budget {CARD_OVER_GAME})"
    assert folded <= CARD_AT_REST, f"a frame of the folded end card costs {folded:.1f} copies (budget {CARD_AT_REST})"
    assert rules <= RULES_PAGE, f"a frame of a rules page costs {rules:.1f} copies (budget {RULES_PAGE})"
