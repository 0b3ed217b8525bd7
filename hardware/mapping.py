"""Which LED sits under which cell: wiring, starting corner, rotation, one layout per game.

A builder solders the strip under the board in whatever way was easiest: row after row all in
the same direction (``rows``) or back and forth (``serpentine``), starting in any corner, and the
board may sit rotated on the table. A :class:`Layout` describes that; :meth:`Layout.led_index`
answers "which LED is under game cell (r, c)".
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]

WIRINGS = ("rows", "serpentine")
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
ROTATIONS = (0, 90, 180, 270)


class MappingError(ValueError):
    """A layout that cannot describe a board (bad size, wiring, corner or rotation)."""


@dataclass(frozen=True)
class Layout:
    """How one game's board is wired.

    ``rows`` x ``cols`` is the game's board as the game sees it. ``rotation`` (clockwise, in
    degrees) turns it into the physical grid of LEDs; on that grid the strip starts at
    ``start`` and runs along rows, either always in the same direction or ``serpentine``.
    ``first_led`` is the strip index of the first LED (several games can share one strip).
    """

    rows: int
    cols: int
    wiring: str = "serpentine"
    start: str = "top-left"
    rotation: int = 0
    first_led: int = 0

    def __post_init__(self) -> None:
        for name, value in (("rows", self.rows), ("cols", self.cols)):
            if type(value) is not int or not 1 <= value <= 64:
                raise MappingError(f"{name} must be a whole number in 1..64, not {value!r}")
        if self.wiring not in WIRINGS:
            raise MappingError(f"wiring must be one of {', '.join(WIRINGS)}, not {self.wiring!r}")
        if self.start not in CORNERS:
            raise MappingError(f"start must be one of {', '.join(CORNERS)}, not {self.start!r}")
        if self.rotation not in ROTATIONS:
            raise MappingError(
                f"rotation must be one of {', '.join(map(str, ROTATIONS))}, not {self.rotation!r}")
        if type(self.first_led) is not int or not 0 <= self.first_led <= 4096:
            raise MappingError(f"first_led must be a whole number in 0..4096, not {self.first_led!r}")

    @property
    def count(self) -> int:
        """LEDs under this board."""
        return self.rows * self.cols

    @property
    def end(self) -> int:
        """One past the strip index of this board's last LED."""
        return self.first_led + self.count

    @property
    def physical_size(self) -> tuple[int, int]:
        """Rows and columns of LEDs as they lie on the table (after rotation)."""
        return (self.cols, self.rows) if self.rotation in (90, 270) else (self.rows, self.cols)

    def physical_cell(self, cell: Cell) -> Cell:
        """Where game cell ``cell`` lies on the table once the board is rotated clockwise."""
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise MappingError(f"cell {r},{c} is off the {self.rows}x{self.cols} board")
        if self.rotation == 0:
            return r, c
        if self.rotation == 90:
            return c, self.rows - 1 - r
        if self.rotation == 180:
            return self.rows - 1 - r, self.cols - 1 - c
        return self.cols - 1 - c, r

    def led_index(self, cell: Cell) -> int:
        """The strip index of the LED under game cell ``cell``."""
        pr, pc = self.physical_cell(cell)
        prows, pcols = self.physical_size
        # Count rows from the starting corner's edge, columns from its side.
        if self.start.startswith("bottom"):
            pr = prows - 1 - pr
        if self.start.endswith("right"):
            pc = pcols - 1 - pc
        if self.wiring == "serpentine" and pr % 2 == 1:
            pc = pcols - 1 - pc
        return self.first_led + pr * pcols + pc

    def table(self) -> list[list[int]]:
        """The LED index of every cell, row by row (for documentation and tests)."""
        return [[self.led_index((r, c)) for c in range(self.cols)] for r in range(self.rows)]


@dataclass(frozen=True)
class Panel:
    """A rectangle of the board, from game cell (``row``, ``col``), wired as ``layout`` (whose
    ``rows`` x ``cols`` is the panel's size, in game orientation)."""

    row: int
    col: int
    layout: Layout


@dataclass(frozen=True)
class PanelLayout:
    """A board made of several separately wired panels, e.g. Lightning's two halves of 17 rows
    by 8 columns, each with its own serpentine, chained on one strip. The panels must cover the
    board exactly once and use distinct LEDs."""

    rows: int
    cols: int
    panels: tuple[Panel, ...]

    def __post_init__(self) -> None:
        Layout(self.rows, self.cols)  # the same size checks as a one-piece board
        if not self.panels:
            raise MappingError("a board made of panels needs at least one panel")
        owner: dict[Cell, int] = {}
        leds: set[int] = set()
        for i, panel in enumerate(self.panels):
            p = panel.layout
            if not (panel.row >= 0 and panel.col >= 0 and panel.row + p.rows <= self.rows
                    and panel.col + p.cols <= self.cols):
                raise MappingError(f"panel {i + 1} ({p.rows}x{p.cols} at {panel.row},{panel.col}) "
                                   f"does not fit on the {self.rows}x{self.cols} board")
            for r in range(p.rows):
                for c in range(p.cols):
                    cell = (panel.row + r, panel.col + c)
                    if cell in owner:
                        raise MappingError(f"panels {owner[cell] + 1} and {i + 1} both cover cell {cell[0]},{cell[1]}")
                    owner[cell] = i
            span = set(range(p.first_led, p.end))
            if span & leds:
                raise MappingError(f"panel {i + 1} uses LEDs {p.first_led}..{p.end - 1}, already used by another panel")
            leds |= span
        if len(owner) != self.rows * self.cols:
            missing = next((r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in owner)
            raise MappingError(f"the panels leave cell {missing[0]},{missing[1]} (and maybe others) uncovered")

    @property
    def count(self) -> int:
        """LEDs under this board."""
        return self.rows * self.cols

    @property
    def first_led(self) -> int:
        """The lowest strip index used by this board."""
        return min(panel.layout.first_led for panel in self.panels)

    @property
    def end(self) -> int:
        """One past the highest strip index used by this board."""
        return max(panel.layout.end for panel in self.panels)

    def led_index(self, cell: Cell) -> int:
        """The strip index of the LED under game cell ``cell``."""
        r, c = cell
        for panel in self.panels:
            p = panel.layout
            if panel.row <= r < panel.row + p.rows and panel.col <= c < panel.col + p.cols:
                return p.led_index((r - panel.row, c - panel.col))
        raise MappingError(f"cell {r},{c} is off the {self.rows}x{self.cols} board")

    def table(self) -> list[list[int]]:
        """The LED index of every cell, row by row."""
        return [[self.led_index((r, c)) for c in range(self.cols)] for r in range(self.rows)]


BoardLayout = Layout | PanelLayout


def default_layout(rows: int, cols: int) -> Layout:
    """The layout used when the configuration names no layout for a game: serpentine from
    the top-left corner, the most common way LED matrices are sold and soldered."""
    return Layout(rows, cols)
