"""The tile in hand under a child's finger: turning it, laying it by a tap or a drag, taking from
the pool or the reserve, shelving, and the keys (R or Space turn, P takes, S shelves).

:class:`HandControl` owns what the pointer does (the rotation shown, the hover, a drag from the
hand) and plays moves through the scene; the scene draws with what it says.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from games.effects import Sound
from games.lightning.rules import SHELVE, TAKE_POOL, Cell, LightningState, Move, Place, Shelve, Take
from games.lightning.scene_parts.layout import Layout
from games.lightning.tiles import DESIGNS, distinct_rotations
from games.lightning.view import BoardView, icon_turn
from kiosk import ui


class HandControl:
    """A person's input for the tile in hand (see the module documentation). ``state()`` is
    the present position, ``may_play()`` whether a person at the screen may play now,
    ``play(move)`` plays (the rules say if it may), ``sound`` publishes an effect."""

    def __init__(self, view: BoardView, state: Callable[[], LightningState], may_play: Callable[[], bool],
                 play: Callable[[Move], bool], sound: Callable[[Sound], None]) -> None:
        self.view = view
        self._state = state
        self._may_play = may_play
        self._play = play
        self._sound = sound
        #: The quarter turns of the tile in hand as shown (and laid).
        self.rotation = 0
        #: Where the pointer is, where a press on the hand began, and whether it became a drag.
        self.hover: tuple[int, int] | None = None
        self.press_pos: tuple[int, int] | None = None
        self.dragging = False
        self.rotate_button = ui.Button(Layout.ROTATE_RECT, "lightning.rotate", self.rotate, color=(120, 104, 200),
                                       icon=icon_turn, size=24)
        self.shelve_button = ui.Button(Layout.SHELVE_RECT, "lightning.shelve", self.shelve, color=(60, 150, 140),
                                       size=26)

    def let_go(self) -> None:
        """A move was played or the position jumped: no press, no drag, no hover."""
        self.hover = self.press_pos = None
        self.dragging = False

    def rotate(self, step: int = 1) -> None:
        """Turn the tile in hand a quarter turn (only its rotations that look different)."""
        hand = self._state().hand
        if hand is None or not self._may_play():
            return
        self.rotation = (self.rotation + step) % distinct_rotations(hand)
        self._sound(Sound("click", 0.6))

    def shelve(self) -> None:
        """Put the tile drawn from the pool into the reserve."""
        if self._may_play():
            self._play(SHELVE)

    def lay(self, cell: Cell) -> bool:
        """Lay the tile in hand on ``cell`` as it is turned now (the rules say if it may go)."""
        return self._play(Place(cell, self.rotation))

    @property
    def action_buttons(self) -> list[ui.Button]:
        """Turn and shelve, when the person to move can use them."""
        state = self._state()
        buttons: list[ui.Button] = []
        if state.hand is not None and self._may_play():
            buttons.append(self.rotate_button)
            if state.hand_source == "pool":
                buttons.append(self.shelve_button)
        return buttons

    def handle(self, event: pygame.event.Event) -> bool:
        """Taps, drags from the hand, the wheel, right clicks and keys (see the module doc)."""
        state = self._state()
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            if self.press_pos is not None and math.dist(self.press_pos, event.pos) > 12:
                self.dragging = True
            return False
        if ui.handle_buttons(self.action_buttons, event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if state.hand is not None and (
            event.type == pygame.MOUSEWHEEL or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3)
        ):
            self.rotate(1 if event.type != pygame.MOUSEWHEEL or event.y < 0 else -1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.hover = event.pos
            if state.hand is not None and Layout.HAND_RECT.collidepoint(event.pos):
                self.press_pos, self.dragging = event.pos, False
                return True
            return self._tap(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press_pos is not None:
            dragged = self.dragging
            self.press_pos, self.dragging = None, False
            if not dragged:
                self.rotate()
                return True
            cell = self.view.cell_at(event.pos)
            if cell is not None:
                self.lay(cell)
            return True
        return False

    def taps_for(self, move: Move) -> list[tuple[int, int]]:
        """Take: the pool or the reserve's slot. Shelve: its button. Lay: the tile in hand, once
        per quarter turn it still needs, then the square."""
        if isinstance(move, Take):
            if move.source == "pool":
                return [Layout.POOL_RECT.center]
            return [Layout.reserve_rect(list(DESIGNS).index(move.design or "I")).center]
        if isinstance(move, Shelve):
            return [self.shelve_button.rect.center]
        turns = (move.rotation - self.rotation) % distinct_rotations(self._state().hand or "I")
        return [Layout.HAND_RECT.center] * turns + [self.view.cell_rect(move.cell).center]

    def _key(self, key: int) -> bool:
        state = self._state()
        if key in (pygame.K_r, pygame.K_SPACE) and state.hand is not None:
            self.rotate()
            return True
        if key == pygame.K_p:
            self._play(TAKE_POOL)
            return True
        if key == pygame.K_s and state.hand is not None:
            self._play(SHELVE)
            return True
        return False

    def _tap(self, pos: tuple[int, int]) -> bool:
        state = self._state()
        if state.hand is None:
            if Layout.POOL_RECT.inflate(30, 30).collidepoint(pos):
                self._play(TAKE_POOL)
                return True
            for k, design in enumerate(DESIGNS):
                if Layout.reserve_rect(k).inflate(10, 10).collidepoint(pos) and state.reserve_counts()[design]:
                    self._play(Take("reserve", design))
                    return True
        cell = self.view.cell_at(pos)
        if cell is None:
            return False
        self.lay(cell)  # before taking a tile, the rules' refusal says to take one first
        return True
