"""Awélé's board off the screen: no camera reads the seeds, but the LED table lights the pits,
as a 2-row grid seen from player 1's side (top row: pits n..n/2+1, bottom row: pits 1..n/2)."""

from __future__ import annotations

from games.awele.rules import AweleState, Sown
from games.boards import BoardDescription, Cell


def pit_cell(index: int, n: int) -> Cell:
    """The grid cell of pit index ``index`` (0-based): row 0 is player 2's row as seen from
    player 1's side (pit n on the left), row 1 is player 1's row (pit 1 on the left)."""
    half = n // 2
    return (1, index) if index < half else (0, n - 1 - index)


class AweleBoard(BoardDescription):
    """Two rows of ``n / 2`` pits; board cells are pits, so the LED grid is the board."""

    game = "awele"

    def __init__(self, pits: int = 12) -> None:
        self.pits = pits
        super().__init__(2, pits // 2)

    def cell_label(self, cell: Cell) -> str:
        """The pit number (1..n), as the rules and the screen number them."""
        r, c = cell
        return str(c + 1 if r == 1 else self.pits - c)

    def pit_cell(self, index: int) -> Cell:
        """The cell of pit index ``index`` (0-based)."""
        return pit_cell(index, self.pits)

    def move_cells(self, state: AweleState, move: int) -> tuple[Cell | None, Cell | None]:
        """The pit emptied, and the pit where the move's last seed falls."""
        sowing = state.sowings.get(move - 1)
        last = self.pit_cell(sowing.last) if isinstance(sowing, Sown) else None
        return self.pit_cell(move - 1), last

    def legal_cells(self, state: AweleState) -> list[Cell]:
        """The pits that may be played (the end pit is not something to touch)."""
        return [self.pit_cell(i) for i in state.legal_indices()]

    def state_roles(self, state: AweleState) -> dict[Cell, str]:
        """At the end, the winner's row (both rows for a draw)."""
        outcome = state.outcome()
        if outcome is None:
            return {}
        players = (1, 2) if outcome.winner is None else (outcome.winner,)
        return {self.pit_cell(i): "win" for p in players for i in state.camp(p)}


def board_for(state: AweleState) -> AweleBoard:
    """The board description of ``state``'s number of pits."""
    return AweleBoard(state.n)


def default_board() -> AweleBoard:
    """Twelve pits."""
    return AweleBoard()
