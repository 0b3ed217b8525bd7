"""The fifth game's screen: a 3 x 4 grid of tokens; tap a token to take it and those on its
right. Its :data:`SCREENS` record is registered by its test."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from games.match import Match, Seat
from kiosk import draw, theme, ui
from kiosk.canvas import Target
from kiosk.game_scene import GameScene
from kiosk.i18n import tr
from kiosk.overlays import RulesPage
from kiosk.screens import GameScreens
from tests.fifth_game.ai import DEFAULT_LEVEL
from tests.fifth_game.rules import COLS, ROWS, Cell, NimState

if TYPE_CHECKING:
    from kiosk.host import Host

CELL = 150
ORIGIN = (120, 150)
TOKEN_RGB = (230, 180, 40)


class NimScene(GameScene):
    """Nim on screen: the grid, the tokens, the toolbar on the right."""

    game = "nim"
    accent = (200, 150, 30)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen square of ``cell``."""
        return pygame.Rect(ORIGIN[0] + cell[1] * CELL, ORIGIN[1] + cell[0] * CELL, CELL - 10, CELL - 10)

    def board_rect(self) -> pygame.Rect:
        """The whole grid."""
        return pygame.Rect(ORIGIN[0], ORIGIN[1], COLS * CELL, ROWS * CELL)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The cell under ``pos``."""
        return next(((r, c) for r in range(ROWS) for c in range(COLS) if self.cell_rect((r, c)).collidepoint(pos)),
                    None)

    def handle_board(self, event: pygame.event.Event) -> bool:
        """A tap on a token takes it."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            cell = self.cell_at(event.pos)
            if cell is not None:
                self.play(cell)
                return True
        return False

    def taps_for(self, move: object) -> list[tuple[int, int]] | None:
        """The token's centre."""
        assert isinstance(move, tuple)
        return [self.cell_rect(move).center]

    def draw_game(self, surface: Target) -> None:
        """Paper, cells and tokens."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        state: NimState = self.match.state
        for r in range(ROWS):
            for c in range(COLS):
                rect = self.cell_rect((r, c))
                draw.rect(surface, theme.PANEL, rect, border_radius=18)
                if c < state.rows[r]:
                    draw.circle(surface, TOKEN_RGB, rect.center, CELL // 3)
        ui.draw_text(surface, self.seat_label(self.match.to_move), (430, 40), 34, theme.INK, "title", "midtop")

    def rules_pages(self) -> list[RulesPage]:
        """One page."""
        return [RulesPage("nim.rules.title", tr("nim.rules.take"))]


def new_match(app: Host, seats: dict[int, Seat]) -> Match[NimState, Cell]:
    """A match from the start position."""
    return GameScene.new_match(app, "nim", NimState(), seats)


def make_scene(app: Host) -> NimScene:
    """From the menu: who plays first, then a child against "Bébé"."""
    scene = NimScene(app, new_match(app, {1: Seat(), 2: Seat.computer(DEFAULT_LEVEL)}))
    scene.ask_seats = True
    return scene


def make_demo_scene(app: Host) -> NimScene:
    """Two computers (attract mode)."""
    return NimScene(app, new_match(app, {1: Seat.computer("perfect"), 2: Seat.computer("random")}), attract=True)


def draw_icon(surface: Target, rect: pygame.Rect, time: float) -> None:
    """Three rows of tokens."""
    size = min(rect.width // 5, rect.height // 4)
    for r, count in enumerate((2, 3, 4)):
        for c in range(count):
            centre = (rect.x + size * (c + 1), rect.y + size * (r + 1) // 1)
            draw.circle(surface, TOKEN_RGB, centre, size // 3)


SCREENS = GameScreens("nim", make_scene, NimScene, draw_icon, make_demo_scene, None, physical=True)
