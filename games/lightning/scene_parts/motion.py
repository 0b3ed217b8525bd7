"""Lightning's tiles in motion: a tile flying (into the hand, to its square, to the reserve), the
little bounce of a tile landing, the flash and the bolt's growth when a path is complete.

:class:`TileMotion` owns the tweens and says where things are; the scene chooses what moves
(from the move just played) and draws it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from games.effects import Sound
from games.lightning.rules import Cell
from games.lightning.tiles import Tile
from games.lightning.view import NIGHT
from kiosk.tween import Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic

Color = tuple[int, int, int]


@dataclass
class Flight:
    """A tile moving across the screen: taken into the hand, laid by the computer, shelved.
    ``cell`` is the square it lands on (the board hides the tile there until it lands)."""

    tile: Tile
    source: Callable[[], pygame.Rect]
    target: Callable[[], pygame.Rect]
    tween: Tween
    kind: str
    stroke: Color = NIGHT
    cell: Cell | None = None

    def rect(self) -> pygame.Rect:
        """Where the tile is now: along an arc, growing or shrinking between the two ends."""
        t = self.tween.value
        a, b = self.source(), self.target()
        size = round(a.width + (b.width - a.width) * t)
        rect = pygame.Rect(0, 0, size, size)
        lift = 50 * math.sin(math.pi * t) if self.kind != "take" else 18 * math.sin(math.pi * t)
        rect.center = (round(a.centerx + (b.centerx - a.centerx) * t),
                       round(a.centery + (b.centery - a.centery) * t - lift))
        return rect


class TileMotion:
    """The tiles in motion (see the module documentation). ``sound`` publishes an effect;
    ``won()`` says whether the position on screen has a winner (a tile landing then thunders)."""

    def __init__(self, sound: Callable[[Sound], None], won: Callable[[], bool]) -> None:
        self._sound = sound
        self._won = won
        self.flight: Flight | None = None
        #: The square a tile just landed on, and its bounce.
        self.drop: tuple[Cell, Tween] | None = None
        self.flash = Tween(0.0, 0.0, 0.0)
        #: Seconds the winning bolt has been growing.
        self.bolt_time = 0.0

    def fly(self, tile: Tile, source: Callable[[], pygame.Rect], target: Callable[[], pygame.Rect], seconds: float,
            kind: str, stroke: Color = NIGHT, cell: Cell | None = None) -> None:
        """A tile flies from ``source`` to ``target`` (``place`` lands it on ``cell``); ``take``
        and ``place`` ease out, ``shelve`` in and out."""
        ease = ease_in_out_cubic if kind == "shelve" else ease_out_cubic
        tween = Tween(0.0, 1.0, seconds, ease)
        self.flight = Flight(tile, source, target, tween, kind, stroke, cell)
        tween.on_done = self._landed

    def _landed(self) -> None:
        flight, self.flight = self.flight, None
        if flight is not None and flight.cell is not None:
            self.lay(flight.cell)

    def lay(self, cell: Cell) -> None:
        """A tile lands on ``cell``: a little bounce, a click, and thunder if it won."""
        self.drop = (cell, Tween(1.35, 1.0, 0.3, ease_out_back))
        self._sound(Sound("seed"))
        if self._won():
            self.bolt_time = 0.0
            self.flash = Tween(1.0, 0.0, 0.9, ease_out_cubic)
            self._sound(Sound("thunder"))

    def moving(self) -> bool:
        """True while a tile lands, the flash fades or the winning bolt grows (a flight aside)."""
        return self.drop is not None or self.flash.value > 0.01 or (self.bolt_time < 0.7 and self._won())

    def reset(self) -> None:
        """The position jumped: nothing in flight, no bounce, no flash, no bolt."""
        self.flight = None
        self.drop = None
        self.flash = Tween(0.0, 0.0, 0.0)
        self.bolt_time = 0.0

    def update(self, dt: float) -> None:
        """The flight, the bounce, the flash and the bolt move on by ``dt``."""
        if self.flight is not None:
            self.flight.tween.update(dt)
        if self.drop is not None:
            self.drop[1].update(dt)
            if self.drop[1].done:
                self.drop = None
        self.flash.update(dt)
        if self._won() and self.flight is None:
            self.bolt_time += dt

    def hidden(self) -> frozenset[Cell]:
        """The squares the board leaves for the motion to draw (a tile flying to it, landing)."""
        flying = self.flight.cell if self.flight is not None else None
        landing = self.drop[0] if self.drop is not None else None
        return frozenset(c for c in (flying, landing) if c is not None)
