"""Lightning's tile set, kept as data so the original designs can replace this reconstruction.

The article's figure with the five designs is not in our sources: this is a reconstruction.
Each tile carries one segment between two of its eight boundary points: the four edge
midpoints N E S W and the four corners NE SE SW NW. A placed tile has a rotation r = 0..3 in
clockwise quarter turns. Cell notation: design letter + rotation (``Z3``); ``.`` is empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

#: Boundary points in clockwise order starting at north; a quarter turn adds 2 (mod 8).
POINTS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

#: design letter -> the two points its segment joins at rotation 0.
DESIGNS: dict[str, tuple[str, str]] = {
    "I": ("N", "S"),  # straight
    "D": ("NW", "SE"),  # diagonal
    "L": ("N", "E"),  # quarter arc
    "Z": ("N", "SE"),  # lightning stroke
    "S": ("N", "SW"),  # the mirrored lightning stroke
}

#: how many of each design the game has (5 x 30 = 150 tiles).
COPIES_PER_DESIGN = 30


def rotate_point(point: str, quarter_turns: int) -> str:
    """The boundary point ``point`` becomes after ``quarter_turns`` clockwise quarter turns."""
    return POINTS[(POINTS.index(point) + 2 * quarter_turns) % 8]


@dataclass(frozen=True)
class Tile:
    """A design at a rotation (0..3). ``I`` and ``D`` only have rotations 0 and 1."""

    design: str
    rotation: int = 0

    def __post_init__(self) -> None:
        if self.design not in DESIGNS:
            raise ValueError(f"unknown tile design '{self.design}' (choose from {''.join(DESIGNS)})")
        if not 0 <= self.rotation < distinct_rotations(self.design):
            top = distinct_rotations(self.design) - 1
            raise ValueError(f"tile {self.design} has rotations 0..{top}, not {self.rotation}")

    @property
    def endpoints(self) -> frozenset[str]:
        """The two boundary points joined by this tile's segment."""
        a, b = DESIGNS[self.design]
        return frozenset((rotate_point(a, self.rotation), rotate_point(b, self.rotation)))

    def __str__(self) -> str:
        return f"{self.design}{self.rotation}"


@cache
def distinct_rotations(design: str) -> int:
    """How many rotations of ``design`` look different (2 for I and D, 4 otherwise)."""
    a, b = DESIGNS[design]
    seen = []
    for r in range(4):
        ends = frozenset((rotate_point(a, r), rotate_point(b, r)))
        if ends in seen:
            break
        seen.append(ends)
    return len(seen)


def canonical(design: str, rotation: int) -> Tile:
    """The tile for any rotation number (``I2`` is ``I0``)."""
    return Tile(design, rotation % distinct_rotations(design))


def parse_tile(text: str) -> Tile | None:
    """Read ``"Z3"`` (or ``"."`` for an empty cell, giving ``None``)."""
    text = text.strip()
    if text == ".":
        return None
    if len(text) != 2 or not text[1].isdigit():
        raise ValueError(f"'{text}' is not a tile: a design letter and a rotation, e.g. Z3")
    return Tile(text[0], int(text[1]))


def all_tiles() -> list[Tile]:
    """Every distinct (design, rotation)."""
    return [Tile(d, r) for d in DESIGNS for r in range(distinct_rotations(d))]
