"""Lightning's board off the screen: the printed mat of square cells, tiles laid on it, and the
LED table that holds the two halves side by side."""

from __future__ import annotations

from typing import Any

from games.boards import EMPTY, BoardDescription, Cell, Grid
from games.lightning.rules import (
    COLS,
    HALF_ROWS,
    VARIANTS,
    LightningState,
    Place,
    geometry,
    powered_cells,
    winning_cells,
)


class LightningBoard(BoardDescription):
    """The mat: ``2 * half_rows`` rows (player 2's half on top) by ``cols`` columns; a cell
    holds nothing or one tile, coded design + rotation (``"Z3"``)."""

    game = "lightning"
    pieces = "tiles"

    def __init__(self, half_rows: int = HALF_ROWS, cols: int = COLS) -> None:
        self.half_rows = half_rows
        # The LED table lays the halves side by side (Geometry.side_by_side): H x 2C.
        super().__init__(2 * half_rows, cols, led_rows=half_rows, led_cols=2 * cols)

    def start_grid(self) -> Grid:
        """The empty mat: how every game starts."""
        return self.empty_grid()

    def expected(self, state: LightningState) -> Grid:
        """Each cell's tile code, or ``.``."""
        board = state.board
        return tuple(
            tuple(str(VARIANTS[code - 1]) if (code := board[r * self.cols + c]) else EMPTY for c in range(self.cols))
            for r in range(self.rows)
        )

    def successors(self, state: LightningState) -> list[tuple[Any, Grid]]:
        """With a tile in hand: every legal placement and its grid (taking a tile or shelving
        it changes nothing on the mat)."""
        if state.hand is None or state.is_terminal():
            return []
        before = self.expected(state)
        result: list[tuple[Any, Grid]] = []
        for move in state.legal_moves():
            if isinstance(move, Place):
                rows = [list(row) for row in before]
                rows[move.cell[0]][move.cell[1]] = f"{state.hand}{move.rotation}"
                result.append((move, tuple(tuple(row) for row in rows)))
        return result

    def move_cells(self, state: LightningState, move: Any) -> tuple[Cell | None, Cell | None]:
        """A placement lands on its cell; taking or shelving touches no cell of the mat."""
        return (None, move.cell) if isinstance(move, Place) else (None, None)

    def legal_cells(self, state: LightningState) -> list[Cell]:
        """Where the tile in hand may go (nothing before a tile is taken)."""
        return state.legal_cells() if state.hand is not None and not state.is_terminal() else []

    def led_cell(self, cell: Cell) -> Cell:
        """Player 2's half on the left of the LED table, player 1's on the right."""
        return geometry(self.half_rows, self.cols).side_by_side(cell)

    def state_roles(self, state: LightningState) -> dict[Cell, str]:
        """Live tiles in their player's colour, the winning bolt lit."""
        if not state.placed:
            return {}  # an empty mat (and no path search, whose tables a first game would build)
        geo = state.geo
        roles: dict[Cell, str] = {}
        for player in (1, 2):
            roles.update(dict.fromkeys(powered_cells(geo, state.board, player), f"player{player}"))
        if state.winner is not None:
            roles.update(dict.fromkeys(winning_cells(geo, state.board, state.winner), "win"))
        return roles


def board_for(state: LightningState) -> LightningBoard:
    """The board description of ``state``'s board size."""
    return LightningBoard(state.half_rows, state.cols)


def default_board() -> LightningBoard:
    """The real game's mat: two halves of 17 x 8."""
    return LightningBoard()
