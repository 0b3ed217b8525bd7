"""Lightning: how often ``strong`` beats ``builder`` (target >= 75 %) and how long a move takes
(target <= 1 s). Run with ``make bench``; the numbers are printed."""

from __future__ import annotations

import random
import time

import pytest

from games.lightning.ai import make_player
from games.lightning.rules import Place, new_game

GAMES = 40


def match(a: str, b: str, games: int, seed: int) -> dict[str, float]:
    """``a`` against ``b``, seats alternating, a fresh shuffle and coin toss each game."""
    rng = random.Random(seed)
    wins = draws = 0
    slowest = total = 0.0
    moves = 0
    tiles = 0
    for game in range(games):
        state = new_game(random.Random(rng.getrandbits(32)))
        seat_a = 1 if game % 2 == 0 else 2
        players = {seat_a: make_player(a), 3 - seat_a: make_player(b)}
        while not state.is_terminal():
            start = time.perf_counter()
            move = players[state.current_player].choose(state, rng)
            spent = time.perf_counter() - start
            if state.current_player == seat_a:
                slowest, total, moves = max(slowest, spent), total + spent, moves + 1
            state = state.play(move)
        tiles += state.placed
        outcome = state.outcome()
        winner = outcome.winner if outcome is not None else None  # connected, or the other walled off
        wins += winner == seat_a
        draws += winner is None
    return {"games": games, "wins": wins, "draws": draws, "rate": wins / games,
            "slowest": slowest, "mean": total / max(1, moves), "tiles": tiles / games}


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_strong_beats_builder() -> None:
    start = time.perf_counter()
    result = match("strong", "builder", GAMES, seed=1892)
    print(f"\nlightning strong vs builder: {result['wins']}/{result['games']} wins "
          f"({result['rate']:.0%}), {result['draws']} draws, "
          f"{result['tiles']:.0f} tiles on the board at the end; "
          f"strong's moves: slowest {result['slowest']:.3f} s, mean {result['mean']:.4f} s; "
          f"{time.perf_counter() - start:.0f} s in all")
    assert result["rate"] >= 0.75
    assert result["slowest"] <= 1.0


@pytest.mark.bench
@pytest.mark.timeout(1800)
@pytest.mark.parametrize(("a", "b"), [("builder", "random"), ("strong", "random")])
def test_against_random(a: str, b: str) -> None:
    result = match(a, b, 20, seed=7)
    print(f"\nlightning {a} vs {b}: {result['wins']}/{result['games']} wins ({result['rate']:.0%}), "
          f"slowest move {result['slowest']:.3f} s")
    assert result["rate"] >= 0.9


# --- frame times with the computer thinking ----------------------------------------------------


def visitor_frame_times(level: str, seconds: float, seed: int = 4) -> tuple[list[float], list[float]]:
    """A scripted visitor plays Lightning in real time (a window-less kiosk, not ``--frames``:
    the computer thinks in the match's thread while frames go on): takes from the pool, points
    at a square, lays the tile, opens the rules pages once, plays to the end and looks at the
    end card. Returns the time each frame took (events, logic, drawing), in seconds: wall-clock
    times, and the frame thread's own CPU times (what a loaded machine blurs least)."""
    import os

    import pygame

    from games.lightning.scene import LightningScene
    from kiosk.app import App, AppOptions
    from kiosk.menu import MenuScene
    from kiosk.overlays import EndScene, RulesScene
    from kiosk.pace import FramePacer
    from kiosk.seats import SeatsScene

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(AppOptions(mute=True, seed=seed))
    assert not app.headless  # real threads, nobody waits for them
    menu = MenuScene(app)
    app.start(menu)
    app.tick()
    card = next(rect for rect, info, _module in menu.cards if info.key == "lightning")
    scene: LightningScene | None = None
    helper, rng = make_player("builder"), random.Random(seed)
    pacer = FramePacer()  # the kiosk's own timetable
    times: list[float] = []
    cpu: list[float] = []
    plan: list[tuple[float, object]] = []  # (when, action) for the person's turn
    rules_seen = False
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        step = min(pacer.tick(), 0.25)
        now = time.perf_counter() - started
        top = app.stack.top
        if isinstance(top, MenuScene) and top.time > 0.5 and not plan:
            plan = [(now, ("tap", card.center))]  # the visitor opens Lightning from the menu
        elif isinstance(top, SeatsScene) and top.time > 0.8:
            top.setup.level = level  # chooses the computer to play against
            top.done()
            scene = next(s for s in app.stack.scenes if isinstance(s, LightningScene))
        elif scene is None:
            pass
        elif isinstance(top, EndScene) and top.time > 3:
            top.again()
        elif isinstance(top, RulesScene) and top.time > 1.5:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        elif top is scene and scene.person_to_move() and not plan:
            state = scene.state
            if not rules_seen and scene.match.moves:
                rules_seen = True
                scene.show_rules()
            elif state.hand is None:
                plan = [(now + 0.5, ("tap", scene.POOL_RECT.center))]
            else:
                move = helper.choose(state, rng)  # the visitor's thought, not the kiosk's frame
                if isinstance(move, Place):
                    pos = scene.view.cell_rect(move.cell).center
                    scene.rotation = move.rotation
                    plan = [(now + 0.3, ("move", pos)), (now + 0.7, ("tap", pos))]
                else:
                    plan = [(now + 0.4, ("tap", scene.shelve_button.rect.center))]
        while plan and plan[0][0] <= now:
            _, (kind, pos) = plan.pop(0)
            if kind == "move":
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            else:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        frame, frame_cpu = time.perf_counter(), time.thread_time()
        app.tick(step)
        times.append(time.perf_counter() - frame)
        cpu.append(time.thread_time() - frame_cpu)
    app.close()
    return times, cpu


@pytest.mark.bench
@pytest.mark.timeout(600)
@pytest.mark.parametrize("level", ["strong", "builder"])
def test_frame_times_with_the_computer_thinking(report, level: str) -> None:
    wall, cpu = (sorted(times) for times in visitor_frame_times(level, 60.0))

    def p99_worst(times: list[float]) -> tuple[float, float]:
        return times[int(0.99 * (len(times) - 1))] * 1000, times[-1] * 1000

    p99, worst = p99_worst(wall)
    report(f"lightning frames vs {level}, p99 / worst of {len(wall)}", f"{p99:.1f} / {worst:.1f} ms",
           "target <= 20 / <= 50 ms")
    cpu_p99, cpu_worst = p99_worst(cpu)
    report("  the same, frame thread's CPU time", f"{cpu_p99:.1f} / {cpu_worst:.1f} ms", "(load-independent)")
    assert p99 <= 20 and worst <= 50
