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


def default_layout(rows: int, cols: int) -> Layout:
    """The layout used when the configuration names no layout for a game: serpentine from
    the top-left corner, the most common way LED matrices are sold and soldered."""
    return Layout(rows, cols)
