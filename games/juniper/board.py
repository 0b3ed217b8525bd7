"""Juniper Green's board off the screen: the numbers 1..N laid out in rows of ten (as on the
cards of a classroom table), lit by the LED table; no camera reads it."""

from __future__ import annotations

from games.boards import BoardDescription, Cell
from games.juniper.rules import JuniperState

ROW_LENGTH = 10


class JuniperBoard(BoardDescription):
    """Number ``k`` sits in row ``(k - 1) // 10``, column ``(k - 1) % 10``."""

    game = "juniper"

    def __init__(self, n: int = 20) -> None:
        self.n = n
        cols = min(n, ROW_LENGTH)
        super().__init__(-(-n // cols), cols)

    def exists(self, cell: Cell) -> bool:
        """Only the cells of the numbers 1..N (the last row may be short)."""
        return super().exists(cell) and self.number_at(cell) <= self.n

    def number_at(self, cell: Cell) -> int:
        """The number on ``cell``."""
        return cell[0] * self.cols + cell[1] + 1

    def cell_of(self, number: int) -> Cell:
        """The cell of ``number`` (1..N)."""
        row, col = divmod(number - 1, self.cols)
        return row, col

    def cell_label(self, cell: Cell) -> str:
        """The number itself."""
        return str(self.number_at(cell))

    def move_cells(self, state: JuniperState, move: int) -> tuple[Cell | None, Cell | None]:
        """A move names a number: from the previous number (if any) to it."""
        last = state.last
        return (None if last is None else self.cell_of(last)), self.cell_of(move)

    def legal_cells(self, state: JuniperState) -> list[Cell]:
        """The numbers that may be said now."""
        return [self.cell_of(k) for k in state.legal_moves()]

    def state_roles(self, state: JuniperState) -> dict[Cell, str]:
        """The numbers played, in the colour of who said them."""
        return {self.cell_of(k): f"player{1 + i % 2}" for i, k in enumerate(state.played)}


def board_for(state: JuniperState) -> JuniperBoard:
    """The board description of ``state``'s N."""
    return JuniperBoard(state.n)


def default_board() -> JuniperBoard:
    """The numbers 1 to 20."""
    return JuniperBoard()
