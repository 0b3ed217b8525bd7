"""Hexapawn's science corner ("Les maths du jeu"): the learning machine, live. Every box of the
kiosk's machine with the beads left in it, and the machine's record game by game as Gardner drew
it (its learning curve), redrawn as visitors play."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from games.budget import MB, budgeted
from games.hexapawn.machine import box_state, boxes_for
from games.hexapawn.rules import BLACK
from games.hexapawn.scene_parts.learning import memory_of
from games.hexapawn.view import draw_matchbox
from kiosk import draw, theme
from kiosk.canvas import Canvas, Target, make_layer, native_sprite
from kiosk.i18n import language, tr
from kiosk.science import CONTENT, CornerPage, ScienceScene

ACCENT = (120, 90, 200)
#: The boxes' grid, left of the explanation card.
GRID = pygame.Rect(CONTENT.x, CONTENT.y + 4, 800, CONTENT.height - 8)
CARD = pygame.Rect(GRID.right + 16, CONTENT.y + 4, CONTENT.right - GRID.right - 16, CONTENT.height - 8)


class BoxesPage(CornerPage):
    """All the machine's boxes (playing Black: Gardner's), each with its beads left."""

    title = "hexapawn.science.boxes"

    def beads(self) -> tuple[tuple[int, ...], ...]:
        """The beads in each box, in the order of play."""
        machine = memory_of(self.app).machine
        return tuple(tuple(machine.boxes.get(key) or machine.box(box_state(key))) for key in boxes_for(BLACK))

    def look(self) -> Hashable:
        """The page changes with the machine's boxes only (their beads, and which it holds)."""
        boxes = memory_of(self.app).machine.boxes
        return (language(), self.beads(), tuple(tuple(boxes.get(key, ())) for key in boxes_for(BLACK)))

    def draw(self, surface: Target, rect: pygame.Rect) -> None:
        """The boxes in the order of play (one picture, drawn again only when a bead goes),
        then what they mean."""
        machine = memory_of(self.app).machine
        keys = boxes_for(BLACK)
        beads = self.beads()
        surface.blit(boxes_layer(GRID.size, beads), GRID.topleft)
        left = sum(sum(machine.boxes.get(key, [])) for key in keys)
        text = tr("hexapawn.science.boxes.text", boxes=len(keys), beads=left)
        self.corner.explain(surface, CARD, text, 20, tr("hexapawn.science.boxes.heading"))

    def summary(self) -> dict[str, Any]:
        """The beads left in each box."""
        machine = memory_of(self.app).machine
        return {"boxes": {key: list(machine.boxes.get(key, [])) for key in boxes_for(BLACK)}}


@budgeted(4 * MB, scope="hexapawn")
@native_sprite
def boxes_layer(size: tuple[int, int], beads: tuple[tuple[int, ...], ...], scale: float = 1.0) -> Canvas:
    """Every box of the machine playing Black with ``beads`` in it, four to a row (19 boxes are
    about a thousand drawing calls: 75 ms a frame when drawn every frame)."""
    layer = make_layer(size, scale, alpha=True)
    keys = boxes_for(BLACK)
    columns = 4
    rows = -(-len(keys) // columns)
    width = (size[0] - (columns - 1) * 10) // columns
    height = min(110, (size[1] - (rows - 1) * 8) // rows)
    for k, (key, held) in enumerate(zip(keys, beads, strict=True)):
        box = pygame.Rect((k % columns) * (width + 10), (k // columns) * (height + 8), width, height)
        draw_matchbox(layer, box, box_state(key), list(held), None, 0.0, emptied=not sum(held))
    return layer


class CurvePage(CornerPage):
    """The machine's record against the visitors: wins minus losses after each game."""

    title = "hexapawn.science.curve"

    def look(self) -> Hashable:
        """The page changes with the machine's record only."""
        return (language(), tuple(memory_of(self.app).machine.record))

    def draw(self, surface: Target, rect: pygame.Rect) -> None:
        """Gardner's learning curve: up one for a win, down one for a loss."""
        machine = memory_of(self.app).machine
        chart = curve_chart()
        self.corner.card(surface, GRID, tr("hexapawn.science.curve.heading"), (24, 14))
        points = machine.curve()
        span = max(10, len(points))
        top = max([5, *points])
        bottom = min([-5, *points])
        draw.line(surface, theme.INK_SOFT, (chart.x, chart.bottom), (chart.right, chart.bottom), 2)
        zero = chart.bottom - (0 - bottom) * chart.height / (top - bottom)
        draw.line(surface, theme.INK_SOFT, (chart.x, zero), (chart.right, zero), 1)
        self.corner.label(surface, "0", (chart.x - 8, zero), 18, theme.INK_SOFT, "bold", "midright")
        self.corner.label(surface, tr("hexapawn.science.curve.axis"), (chart.centerx, chart.bottom + MARK_ROW + 6),
                          18, theme.INK_SOFT, "bold", "midtop", chart.width)
        previous: tuple[float, float] = (chart.x, zero)
        for k, value in enumerate(points):
            at = (chart.x + (k + 1) * chart.width / span,
                  chart.bottom - (value - bottom) * chart.height / (top - bottom))
            lost = machine.record[k] == "L"
            draw.line(surface, theme.BAD if lost else theme.GOOD, previous, at, 4)
            previous = at
        # The record game by game, under the curve: a green disc a win, a red square a loss.
        for (x, y), lost, size in record_marks(chart, machine.record):
            if lost:
                draw.rect(surface, theme.BAD, pygame.Rect(0, 0, 2 * size, 2 * size).move(x - size, y - size))
            else:
                draw.circle(surface, theme.GOOD, (x, y), size)
        stop = machine.games_to_stop_losing()
        if not points:
            text = tr("hexapawn.science.curve.none")
        else:
            text = tr("hexapawn.science.curve.text", n=len(points), lost=machine.record.count("L"), last=stop or 0)
        self.corner.explain(surface, CARD, text, 20, tr("hexapawn.science.curve.title"))

    def summary(self) -> dict[str, Any]:
        """The record and its curve."""
        machine = memory_of(self.app).machine
        return {"record": machine.record, "curve": machine.curve()}


#: The height of the row of win and loss marks under the curve's chart.
MARK_ROW = 22


def curve_chart() -> pygame.Rect:
    """Where the learning curve is drawn on its page."""
    return GRID.inflate(-60, -80).move(20, -10)


def record_marks(chart: pygame.Rect, record: str) -> list[tuple[tuple[float, float], bool, float]]:
    """A mark per game of ``record`` under ``chart``, below its point of the curve: its centre,
    whether the machine lost it, and its half-size (smaller as the games grow many)."""
    step = chart.width / max(10, len(record))
    size = max(1.5, min(7.0, step * 0.4))
    y = chart.bottom + MARK_ROW / 2 + 2
    return [((chart.x + (k + 1) * step, y), letter == "L", size) for k, letter in enumerate(record)]


PAGES = (BoxesPage, CurvePage)


def make_science_scene(app: Any, start: int = 0) -> ScienceScene:
    """The corner, reached from the menu card ("Les maths du jeu")."""
    return ScienceScene(app, "hexapawn", ACCENT, PAGES, start)
