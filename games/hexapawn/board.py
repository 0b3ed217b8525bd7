"""Hexapawn's board off the screen: a printed 3 x 3 mat with white and black tokens for the
pawns, one LED under each cell."""

from __future__ import annotations

import random

from games.boards import EMPTY, BoardDescription, Cell, Grid, MatLayout, token_mat
from games.effects import RGB
from games.hexapawn.rules import BLACK, CODE, SIZE, WHITE, HexapawnState, Move

#: The printed mat's ArUco markers: ids no other mat uses (Lewthwaite 0-3, Lightning 4-15).
MARKER_IDS = (16, 17, 18, 19)
#: The LED colour asking for a pawn of each side (a white pawn lights warm white, a black one
#: Okabe & Ito's blue, seen with every common colour blindness).
TOKEN_RGB: dict[str, RGB] = {CODE[WHITE]: (235, 225, 200), CODE[BLACK]: (0, 114, 178)}


class HexapawnBoard(BoardDescription):
    """Nine cells, a token per pawn (``W`` white, ``B`` black)."""

    game = "hexapawn"
    pieces = "tokens"
    token_codes = (CODE[WHITE], CODE[BLACK])

    def __init__(self) -> None:
        super().__init__(SIZE, SIZE)

    def mat(self, variant: str = "standard") -> MatLayout:
        """An A4 sheet: 3 x 3 cells of 34 mm (draughts pieces, bottle caps), the title below."""
        if variant not in self.mat_variants:
            raise ValueError(f"the hexapawn mat comes as standard only, not '{variant}'")
        return token_mat(self.game, SIZE, SIZE, MARKER_IDS, "HEXAPAWN")

    def start(self) -> HexapawnState:
        """The position before the first move."""
        return HexapawnState()

    def start_grid(self) -> Grid:
        """Black's three pawns on the top row, White's on the bottom row."""
        return self.expected(self.start())

    def expected(self, state: HexapawnState) -> Grid:
        """The pawns as they stand."""
        return tuple(tuple(row) for row in state.rows)

    def sample_grid(self, rng: random.Random) -> Grid:
        """A position reached by random legal play from the start."""
        state = self.start()
        for _ in range(rng.randint(0, 6)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(rng.choice(moves))
        return self.expected(state)

    def move_cells(self, state: HexapawnState, move: Move) -> tuple[Cell | None, Cell | None]:
        """The pawn goes from its cell to the next row (a captured pawn leaves the board)."""
        return move

    def piece_rgb(self, code: str) -> RGB | None:
        """A pawn asked for lights in its side's colour."""
        return TOKEN_RGB.get(code)

    def state_roles(self, state: HexapawnState) -> dict[Cell, str]:
        """Each side's pawns lit softly in its colour; at the end the winning pawn's row glows."""
        roles = {cell: "player1" for cell in state.pawns(WHITE)} | {cell: "player2" for cell in state.pawns(BLACK)}
        outcome = state.outcome()
        if outcome is not None and outcome.reason == "hexapawn.end.far" and outcome.winner is not None:
            row = 0 if outcome.winner == WHITE else SIZE - 1
            roles |= {(row, c): "win" for c in range(SIZE) if state.at((row, c)) == CODE[outcome.winner]}
        return roles

    def empty_cells(self, state: HexapawnState) -> list[Cell]:
        """The empty cells (the tests' convenience)."""
        return [(r, c) for r in range(SIZE) for c in range(SIZE) if state.at((r, c)) == EMPTY]


def board_for(state: HexapawnState) -> HexapawnBoard:
    """The one board."""
    return HexapawnBoard()


def default_board() -> HexapawnBoard:
    """The one board."""
    return HexapawnBoard()
