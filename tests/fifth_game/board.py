"""The fifth game's mat: 3 x 4 cells of tokens, one LED under each cell."""

from __future__ import annotations

from games.boards import EMPTY, BoardDescription, Cell, Grid, MatLayout, token_mat
from games.effects import RGB
from tests.fifth_game.rules import COLS, ROWS, NimState

TOKEN = "T"
#: The mat's ArUco markers: ids no other board's mat uses.
MARKER_IDS = (40, 41, 42, 43)


class NimBoard(BoardDescription):
    """A token per cell; taking a token empties its cell and the cells on its right."""

    game = "nim"
    pieces = "tokens"
    token_codes = (TOKEN,)

    def __init__(self) -> None:
        super().__init__(ROWS, COLS)

    def mat(self, variant: str = "standard") -> MatLayout:
        """An A4 sheet: the 3 x 4 cells, a marker in each corner, the title below."""
        if variant not in self.mat_variants:
            raise ValueError(f"the nim mat comes as standard only, not '{variant}'")
        return token_mat(self.game, ROWS, COLS, MARKER_IDS, "NIM", max_cell=30.0)

    def expected(self, state: NimState) -> Grid:
        """``T`` where a token lies, ``.`` elsewhere."""
        return tuple(tuple(TOKEN if c < count else EMPTY for c in range(COLS)) for count in state.rows)

    def start_grid(self) -> Grid:
        """The tokens before the first move."""
        return self.expected(NimState())

    def move_cells(self, state: NimState, move: Cell) -> tuple[Cell | None, Cell | None]:
        """The token taken (it leaves the board)."""
        return move, None

    def piece_rgb(self, code: str) -> RGB | None:
        """A token asked for lights warm yellow."""
        return (230, 180, 40)

    def state_roles(self, state: NimState) -> dict[Cell, str]:
        """Every token lit softly (the LEDs show the rows of tokens left)."""
        return {(r, c): "player1" for r, count in enumerate(state.rows) for c in range(count)}


def board_for(state: NimState) -> NimBoard:
    """The one board size."""
    return NimBoard()


def default_board() -> NimBoard:
    """The one board size."""
    return NimBoard()
