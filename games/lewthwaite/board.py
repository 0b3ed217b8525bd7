"""Lewthwaite's board off the screen: a rows x cols mat of red and blue tokens and one hole."""

from __future__ import annotations

from games.boards import EMPTY, BoardDescription, Cell, Grid
from games.lewthwaite.rules import BLUE, RED, LewthwaiteParams, LewthwaiteState

#: The camera's and the printed mat's code for each colour's tokens.
TOKEN_CODE = {RED: "R", BLUE: "B"}


class LewthwaiteBoard(BoardDescription):
    """The token board: every cell holds a token but the hole; a move slides a token into it."""

    game = "lewthwaite"
    pieces = "tokens"
    token_codes = (TOKEN_CODE[RED], TOKEN_CODE[BLUE])

    def __init__(self, params: LewthwaiteParams | None = None) -> None:
        self.params = params or LewthwaiteParams()
        super().__init__(self.params.rows, self.params.cols)

    def start(self) -> LewthwaiteState:
        """The position before the first move."""
        return self.params.new_initial_state()

    def start_grid(self) -> Grid:
        """What the camera sees before the first move (the setup assistant's target)."""
        return self.expected(self.start())

    def expected(self, state: LewthwaiteState) -> Grid:
        """``R``/``B`` tokens and the hole ``.`` (a camera cannot tell a moved token)."""
        return tuple(
            tuple(
                EMPTY if (colour := state.token_at((r, c))) is None else TOKEN_CODE[colour]
                for c in range(self.cols)
            )
            for r in range(self.rows)
        )

    def successors(self, state: LewthwaiteState) -> list[tuple[Cell, Grid]]:
        """Each legal slide and its grid: the token's cell empties, the hole takes its colour
        (built directly: the generic version replays the rules, this is called per reading)."""
        before = self.expected(state)
        hole = state.hole
        colour = TOKEN_CODE[state.current_color]
        result = []
        for move in state.legal_moves():
            rows = [list(row) for row in before]
            rows[move[0]][move[1]] = EMPTY
            rows[hole[0]][hole[1]] = colour
            result.append((move, tuple(tuple(row) for row in rows)))
        return result

    def move_cells(self, state: LewthwaiteState, move: Cell) -> tuple[Cell | None, Cell | None]:
        """The token slides from ``move`` into the hole."""
        return move, state.hole

    def state_roles(self, state: LewthwaiteState) -> dict[Cell, str]:
        """At the end the hole glows: the blocked player's last hope."""
        return {state.hole: "win"} if state.is_terminal() else {}


def board_for(state: LewthwaiteState) -> LewthwaiteBoard:
    """The board description of ``state``'s board size and start hole."""
    return LewthwaiteBoard(state.params)


def default_board() -> LewthwaiteBoard:
    """The 5 x 5 board with the hole in the centre."""
    return LewthwaiteBoard()
