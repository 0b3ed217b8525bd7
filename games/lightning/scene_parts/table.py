"""Lightning played on a real table, as its screen shows it: the scene's table component.

The physical-board mode (:mod:`kiosk.physical`) is game-agnostic: it rings cells and spots
and words the fixes. What is Lightning's own lives here: the prompt goes in the status box
(not in a bubble over the board), the turn lines speak of the bag and the mat, the computer's
tile in hand is shown turned as the table must lay it, the mat's hand and reserve spots are the
screen's hand slot and shelf, and a ghost piece is a tile turned as its code says.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from games.lightning.board import HAND, RESERVE
from games.lightning.rules import LightningState, Move, Place, Shelve, Take
from games.lightning.scene_parts.layout import Layout
from games.lightning.tiles import DESIGNS, parse_tile
from games.lightning.view import NIGHT, PLAYER_COLORS, BoardView, ghost_tile
from kiosk import draw, theme
from kiosk.canvas import Target
from kiosk.table_mode import TableMode


class LightningTable:
    """The table side of a :class:`games.lightning.scene.LightningScene`: ``mode()`` is the
    scene's physical-board mode (None on screen only), ``view`` its board view, ``state()`` the
    present position."""

    def __init__(self, mode: Callable[[], TableMode | None], view: BoardView,
                 state: Callable[[], LightningState]) -> None:
        self._mode = mode
        self.view = view
        self._state = state

    @property
    def on_table(self) -> bool:
        """True when the game is played on a real table."""
        return self._mode() is not None

    def by_hand(self) -> bool:
        """True when people play with real tiles now (the camera sees the table)."""
        mode = self._mode()
        return mode is not None and not mode.touch_allowed

    def turn_key(self, phase: str) -> str:
        """The turn line's key part for ``phase`` (``take``, ``place``): on a real table, the
        bag, the mat and the hand spot, not the screen."""
        return f"physical.{phase}" if self.by_hand() else phase

    def score_shown(self) -> bool:
        """True when the session's score line may show (the camera's status goes there)."""
        mode = self._mode()
        return mode is None or mode.camera_line() is None

    def guide_rotation(self) -> int:
        """How the computer's tile is turned where a real table is asked to lay it (0 otherwise):
        the tile in hand is shown turned that way, big enough to copy."""
        mode = self._mode()
        move = mode.guide_move() if mode is not None else None
        return move.rotation if isinstance(move, Place) else 0

    # --- the status box -------------------------------------------------------------------------

    def draw_prompt(self, surface: Target) -> bool:
        """What the table must do now (set up, put right, play for the computer), in the status
        box with the prompt's colour; False when the game's own lines apply."""
        mode = self._mode()
        notice = mode.notice() if mode is not None else None
        lines = [notice] if notice is not None else mode.prompt_lines() if mode is not None else []
        if mode is None or not lines:
            return False
        tone, panel = theme.BAD if notice is not None else mode.prompt_tone(), Layout.STATUS_PANEL
        draw.circle(surface, tone, (panel.x + 22, panel.centery), 10)
        draw.rect(surface, tone, panel, 3, border_radius=26)
        Layout.STATUS_TABLE.draw(surface, self.table_text(lines), theme.INK)
        return True

    @staticmethod
    def table_text(lines: list[str]) -> str:
        """The table's prompt for the status box: the headline and as many of the next lines
        as the box holds (the rings and the LEDs show every fix). One line stays a translated
        text, so that its fit is checked like every other."""
        box = Layout.STATUS_TABLE
        for count in range(min(len(lines), box.lines), 1, -1):
            text = "\n".join(lines[:count])
            if box.fit(text) is not None:
                return text
        return lines[0]

    # --- the mat's spots and pieces ---------------------------------------------------------------

    @staticmethod
    def spot_rect(name: str) -> pygame.Rect | None:
        """The tile in hand's slot for the mat's hand spot; the reserve's shelf for its slots."""
        if name == HAND:
            return Layout.HAND_RECT.copy()
        if name.startswith(RESERVE):
            first, last = Layout.reserve_rect(0), Layout.reserve_rect(len(DESIGNS) - 1)
            return first.union(last).inflate(16, 16)
        return None

    @staticmethod
    def move_spots(move: Move) -> tuple[str, ...]:
        """A draw from the bag is shown on the hand spot; the reserve gives or takes the tile."""
        if isinstance(move, Take):
            return (HAND,) if move.source == "pool" else (RESERVE,)
        return (RESERVE,) if isinstance(move, Shelve) else ()

    def draw_piece(self, surface: Target, code: str, rect: pygame.Rect, alpha: int = 255) -> None:
        """The tile of a board code (``Z3``) turned as the code says, see-through by ``alpha``,
        its stroke in the colour of the half it lies in."""
        tile = parse_tile(code)
        if tile is None:
            return
        cell = self.view.cell_at(rect.center)
        stroke = PLAYER_COLORS[self._state().geo.owner(cell)] if cell is not None else NIGHT
        inner = rect.inflate(-2, -2)
        ghost = ghost_tile(tile, stroke, inner.width)
        ghost.set_alpha(alpha)
        surface.blit(ghost, inner.topleft)
