"""Board descriptions only tests know: vision must read a board it has never seen by name.

:class:`TinyTokenBoard` is a 3 x 4 token grid (a small sliding game's board: every cell holds a
token but one hole) with its own marker ids and its own printed mat. Its states are grids, so a
test can describe any position directly; a test-only game may reuse it as its board description
(its ``expected(state)`` then maps the game's state to a grid).
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.boards import EMPTY, BoardDescription, Grid, MatLayout, token_mat

#: The tiny mats' ArUco markers: ids no installed game's mat uses.
TINY_MARKER_IDS = (20, 21, 22, 23)
ONE_KIND_MARKER_IDS = (24, 25, 26, 27)


class TinyTokenBoard(BoardDescription):
    """A rows x cols grid of yellow-ish (first player, ``Y``) and purple-ish (``P``) tokens
    around one hole; its state is the :data:`~games.boards.Grid` itself."""

    game = "tinygrid"
    pieces = "tokens"
    token_codes: ClassVar[tuple[str, ...]] = ("Y", "P")

    def __init__(self, rows: int = 3, cols: int = 4, hole: tuple[int, int] = (1, 1)) -> None:
        super().__init__(rows, cols)
        self.hole = hole

    def mat(self, variant: str = "standard") -> MatLayout:
        """An A4 sheet with cells of at most 30 mm and its own markers and title."""
        if variant not in self.mat_variants:
            raise ValueError(f"the {self.game} mat comes as standard only, not '{variant}'")
        return token_mat(self.game, self.rows, self.cols, TINY_MARKER_IDS, "TINY GRID", max_cell=30.0)

    def resized(self, rows: int, cols: int) -> TinyTokenBoard:
        """The same board at another size (hole in the centre)."""
        return TinyTokenBoard(rows, cols, (rows // 2, cols // 2))

    def start_grid(self) -> Grid:
        """Tokens in a checkerboard, the hole at :attr:`hole` (the live reader calibrates on it)."""
        return tuple(
            tuple(EMPTY if (r, c) == self.hole else self.token_codes[(r + c) % 2] for c in range(self.cols))
            for r in range(self.rows)
        )

    def expected(self, state: Any) -> Grid:
        """A state is its grid."""
        return tuple(tuple(row) for row in state)


class OneKindBoard(TinyTokenBoard):
    """A rows x cols grid of tokens all alike (``T``: a Nim-like game takes them away), full at
    the start; its state is the grid itself."""

    game = "onekind"
    token_codes = ("T",)

    def mat(self, variant: str = "standard") -> MatLayout:
        """An A4 sheet with its own markers and title."""
        if variant not in self.mat_variants:
            raise ValueError(f"the {self.game} mat comes as standard only, not '{variant}'")
        return token_mat(self.game, self.rows, self.cols, ONE_KIND_MARKER_IDS, "ONE KIND", max_cell=30.0)

    def resized(self, rows: int, cols: int) -> OneKindBoard:
        """The same board at another size."""
        return OneKindBoard(rows, cols)

    def start_grid(self) -> Grid:
        """A token on every cell."""
        return tuple(tuple(self.token_codes[0] for _ in range(self.cols)) for _ in range(self.rows))


def slide(grid: Grid, source: tuple[int, int], hole: tuple[int, int]) -> Grid:
    """``grid`` with the token on ``source`` slid into ``hole``."""
    rows = [list(row) for row in grid]
    rows[hole[0]][hole[1]], rows[source[0]][source[1]] = rows[source[0]][source[1]], EMPTY
    return tuple(tuple(row) for row in rows)
