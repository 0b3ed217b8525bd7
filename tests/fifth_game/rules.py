"""Nim on a grid: rows of tokens on a 3 x 4 mat. A move takes one token and every token to its
right in its row; whoever takes the last token wins. Pure: no pygame."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import GameInputError, Illegal, IllegalMoveError, Outcome, other, shorten

ROWS, COLS = 3, 4
#: Tokens in each row at the start (rows of 2, 3 and 4: the first player wins with perfect play).
START = (2, 3, 4)
Cell = tuple[int, int]


@dataclass(frozen=True)
class NimState:
    """The tokens left in each row (left-aligned) and the player to move."""

    rows: tuple[int, ...] = START
    player: int = 1

    @property
    def current_player(self) -> int:
        """1 or 2."""
        return self.player

    def legal_moves(self) -> list[Cell]:
        """Every token: taking it takes the tokens on its right too."""
        return [(r, c) for r, count in enumerate(self.rows) for c in range(count)]

    def play(self, move: Cell) -> NimState:
        """The state after taking the tokens of row ``move[0]`` from column ``move[1]`` on."""
        if move not in self.legal_moves():
            why = Illegal("nim.illegal.empty", "there is no token there")
            raise IllegalMoveError.because(why, self.move_to_text(move), self.to_text())
        rows = list(self.rows)
        rows[move[0]] = move[1]
        return NimState(tuple(rows), other(self.player))

    def is_terminal(self) -> bool:
        """True once every token is taken."""
        return not any(self.rows)

    def outcome(self) -> Outcome | None:
        """The player who took the last token won."""
        if not self.is_terminal():
            return None
        return Outcome(other(self.player), "nim.end.last")

    def move_to_text(self, move: Cell) -> str:
        """``"row,col"``."""
        return f"{move[0]},{move[1]}"

    def parse_move(self, text: str) -> Cell:
        """Read ``"row,col"``."""
        parts = text.split(",")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise GameInputError(f"a move is row,col, not '{shorten(text)}'")
        return int(parts[0]), int(parts[1])

    def to_text(self) -> str:
        """``"2 3 4 p1"``: the tokens of each row, then who moves."""
        return " ".join(str(n) for n in self.rows) + f" p{self.player}"


def from_text(text: str) -> NimState:
    """Read :meth:`NimState.to_text`'s form."""
    words = text.split()
    if len(words) != ROWS + 1 or words[-1] not in ("p1", "p2") or not all(w.isdigit() for w in words[:-1]):
        raise GameInputError(f"a position is {ROWS} token counts and p1 or p2, not '{shorten(text)}'")
    rows = tuple(int(w) for w in words[:-1])
    if any(n > COLS for n in rows):
        raise GameInputError(f"a row holds at most {COLS} tokens")
    return NimState(rows, int(words[-1][1]))
