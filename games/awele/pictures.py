"""The awélé rules pages (the shared RulesScene): one idea per page, each illustrated by a little
board that replays the rules' own lap events (the article's worked example and its 4-pit loop).
"""

from __future__ import annotations

import itertools

import pygame

from games.awele.rules import AweleState, Lap, iter_laps, new_game
from games.awele.view import draw_mini_board
from games.budget import MB, budgeted
from kiosk import theme, ui
from kiosk.canvas import Target
from kiosk.i18n import tr
from kiosk.overlays import RulesPage


def _illustrate_sowing(surface: Target, rect: pygame.Rect, time: float) -> None:
    """Red empties pit 3 and drops its seeds one by one into the next pits (the first lap of the
    article's example, from the rules' own events)."""
    lap = _article_laps()[0]
    k = int(time / 0.7) % (lap.seeds + 3)
    board = list(new_game().pits)
    rings = {}
    if k:
        board[lap.start] = 0
        for target in lap.drops[: min(k - 1, lap.seeds)]:
            board[target] += 1
        rings[lap.start] = theme.RED
        if k > 1:
            rings[lap.drops[min(k - 1, lap.seeds) - 1]] = theme.HINT
    draw_mini_board(surface, rect, tuple(board), rings)


@budgeted(MB, scope='awele')
def _article_laps() -> tuple[Lap, ...]:
    """The article's worked example: from the start, pit 3 relays at 7, 12, 5 and 11."""
    return tuple(new_game().laps(3))


def _illustrate_relay(surface: Target, rect: pygame.Rect, time: float) -> None:
    laps = _article_laps()
    lap = laps[int(time / 1.4) % len(laps)]
    rings = {lap.start: theme.BLUE, lap.last: theme.HINT if lap.relay else theme.GOOD}
    draw_mini_board(surface, rect, lap.board, rings)


@budgeted(MB, scope='awele')
def _article_capture() -> AweleState:
    return new_game().play(3)


def _illustrate_capture(surface: Target, rect: pygame.Rect, time: float) -> None:
    after = _article_capture()
    fx = after.last_effects
    assert fx is not None and fx.capture_pit is not None
    before = list(after.pits)
    if int(time / 1.2) % 2 == 0:
        before[fx.capture_pit] = fx.captured
    draw_mini_board(surface, rect, tuple(before), {fx.last: theme.GOOD, fx.capture_pit: theme.RED})


LOOP_EXAMPLE = ((1, 2, 0, 2), 1)  # the article's 4-pit loop: board 1 2 0 2, pit 2, period 8


@budgeted(MB, scope='awele')
def _loop_laps() -> tuple[Lap, ...]:
    board, start = LOOP_EXAMPLE
    return tuple(itertools.islice(iter_laps(board, start), 8))


def _illustrate_loop(surface: Target, rect: pygame.Rect, time: float) -> None:
    laps = _loop_laps()
    k = int(time / 1.0) % (len(laps) + 1)
    board = LOOP_EXAMPLE[0] if k == 0 else laps[k - 1].board
    draw_mini_board(surface, rect, board, {} if k == 0 else {laps[k - 1].last: theme.HINT})
    label = tr("awele.rules.loop.lap", lap=k, period=len(laps))
    ui.draw_text(surface, label, (rect.centerx, rect.bottom - 20), 26, theme.INK, "bold", "midbottom")


def rules_pages() -> list[RulesPage]:
    """One idea per page, each with a little board that plays the rules' own events."""
    return [
        RulesPage("awele.rules.p1.title", tr("awele.rules.p1.text"), _illustrate_sowing),
        RulesPage("awele.rules.p2.title", tr("awele.rules.p2.text"), _illustrate_relay),
        RulesPage("awele.rules.p3.title", tr("awele.rules.p3.text"), _illustrate_capture),
        RulesPage("awele.rules.p4.title", tr("awele.rules.p4.text"), _illustrate_loop),
    ]
