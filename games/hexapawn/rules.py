"""Hexapawn (Martin Gardner, Scientific American, March 1962): three pawns each on a 3 x 3
board. White starts on the bottom row and moves first, Black starts on the top row. A pawn moves
one square straight forward to an empty square, or one square diagonally forward to capture an
opposing pawn. A player wins by bringing a pawn to the far row, by capturing every opposing pawn,
or by leaving the opponent, to move, without a move. Pure: no pygame.

Rows are numbered from the top (row 0 is Black's home row), columns from the left. A move is the
pair ``(from, to)`` of cells; its text is ``"a1-a2"`` (a step) or ``"a1xb2"`` (a capture), with
files a to c from the left and ranks 1 to 3 from White's side.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import GameInputError, Illegal, IllegalMoveError, Outcome, other, shorten

SIZE = 3
WHITE, BLACK = 1, 2
#: A cell's code: ``W`` a white pawn, ``B`` a black pawn, ``.`` empty.
CODE = {WHITE: "W", BLACK: "B"}
EMPTY = "."
Cell = tuple[int, int]
Move = tuple[Cell, Cell]
#: Rows of the start position, top (Black) to bottom (White).
START_ROWS = ("BBB", "...", "WWW")


def forward(player: int) -> int:
    """The row step of ``player``'s pawns: White goes up (towards row 0), Black down."""
    return -1 if player == WHITE else 1


def far_row(player: int) -> int:
    """The row ``player`` wins by reaching."""
    return 0 if player == WHITE else SIZE - 1


def cell_label(cell: Cell) -> str:
    """``"b2"``: file a to c from the left, rank 1 to 3 from White's side."""
    return f"{'abc'[cell[1]]}{SIZE - cell[0]}"


def parse_cell(text: str) -> Cell:
    """Read :func:`cell_label`'s form."""
    if len(text) != 2 or text[0] not in "abc" or text[1] not in "123":
        raise GameInputError(f"a cell is a file a to c and a rank 1 to 3, like b2, not '{shorten(text)}'")
    return SIZE - int(text[1]), "abc".index(text[0])


@dataclass(frozen=True)
class HexapawnState:
    """The board (``SIZE`` rows of ``W``/``B``/``.``, top row first) and the player to move.

    ``moves_played`` counts the moves since the start (shown on screen, the learning machine's
    record)."""

    rows: tuple[str, ...] = START_ROWS
    player: int = WHITE
    moves_played: int = 0

    @property
    def current_player(self) -> int:
        """1 (White) or 2 (Black)."""
        return self.player

    def at(self, cell: Cell) -> str:
        """The code on ``cell``."""
        return self.rows[cell[0]][cell[1]]

    def pawns(self, player: int) -> list[Cell]:
        """The cells of ``player``'s pawns, in reading order."""
        code = CODE[player]
        return [(r, c) for r in range(SIZE) for c in range(SIZE) if self.rows[r][c] == code]

    def moves_of(self, player: int) -> list[Move]:
        """Every step and capture of ``player``'s pawns, whoever is to move."""
        step = forward(player)
        enemy = CODE[other(player)]
        moves: list[Move] = []
        for r, c in self.pawns(player):
            r2 = r + step
            if not 0 <= r2 < SIZE:
                continue
            if self.rows[r2][c] == EMPTY:
                moves.append(((r, c), (r2, c)))
            for c2 in (c - 1, c + 1):
                if 0 <= c2 < SIZE and self.rows[r2][c2] == enemy:
                    moves.append(((r, c), (r2, c2)))
        return moves

    def legal_moves(self) -> list[Move]:
        """The player to move's moves (none once the game is over)."""
        if self._winner() is not None:
            return []
        return self.moves_of(self.player)

    def why_illegal(self, move: Move) -> Illegal | None:
        """Why ``move`` is not legal here (None when it is)."""
        (r, c), (r2, c2) = move
        if not all(0 <= v < SIZE for v in (r, c, r2, c2)):
            return Illegal("hexapawn.illegal.off", "that square is off the board")
        if self.is_terminal():
            return Illegal("hexapawn.illegal.over", "the game is over")
        if self.at((r, c)) != CODE[self.player]:
            return Illegal("hexapawn.illegal.not_yours", "there is no pawn of the player to move there")
        if r2 - r != forward(self.player):
            return Illegal("hexapawn.illegal.forward", "a pawn moves one square forward")
        if c2 == c:
            if self.at((r2, c2)) != EMPTY:
                return Illegal("hexapawn.illegal.blocked", "a pawn cannot take straight ahead")
            return None
        if abs(c2 - c) != 1:
            return Illegal("hexapawn.illegal.forward", "a pawn moves one square forward")
        if self.at((r2, c2)) != CODE[other(self.player)]:
            return Illegal("hexapawn.illegal.diagonal", "a pawn goes diagonally only to take")
        return None

    def play(self, move: Move) -> HexapawnState:
        """The state after ``move`` (raises :class:`IllegalMoveError`)."""
        why = self.why_illegal(move)
        if why is not None:
            raise IllegalMoveError.because(why, self.move_to_text(move), self.to_text())
        (r, c), (r2, c2) = move
        grid = [list(row) for row in self.rows]
        grid[r2][c2] = grid[r][c]
        grid[r][c] = EMPTY
        return HexapawnState(tuple("".join(row) for row in grid), other(self.player), self.moves_played + 1)

    def _winner(self) -> tuple[int, str] | None:
        """The winner and the reason key, or None while the game goes on. Only the player who
        just moved can have reached the far row or taken the last pawn."""
        last = other(self.player)
        if CODE[last] in self.rows[far_row(last)]:
            return last, "hexapawn.end.far"
        if not self.pawns(self.player):
            return last, "hexapawn.end.taken"
        if not self.moves_of(self.player):
            return last, "hexapawn.end.blocked"
        return None

    def is_terminal(self) -> bool:
        """True once someone has won (a game of Hexapawn cannot be drawn)."""
        return self._winner() is not None

    def outcome(self) -> Outcome | None:
        """Who won and why (``loser``: the other player)."""
        won = self._winner()
        if won is None:
            return None
        return Outcome(won[0], won[1], (("loser", other(won[0])),))

    def mirrored(self) -> HexapawnState:
        """The same position seen in a mirror (left and right swapped): it plays the same."""
        return HexapawnState(tuple(row[::-1] for row in self.rows), self.player, self.moves_played)

    def move_to_text(self, move: Move) -> str:
        """``"a1-a2"`` or ``"a1xb2"``."""
        (r, c), (r2, c2) = move
        if not all(0 <= v < SIZE for v in (r, c, r2, c2)):
            return f"{move!r}"
        return f"{cell_label(move[0])}{'-' if c == c2 else 'x'}{cell_label(move[1])}"

    def parse_move(self, text: str) -> Move:
        """Read ``"a1-a2"``, ``"a1xb2"`` or ``"a1b2"``."""
        clean = text.strip().replace("-", "").replace("x", "")
        if len(clean) != 4:
            raise GameInputError(f"a move is two cells like a1-a2 or a1xb2, not '{shorten(text)}'")
        return parse_cell(clean[:2]), parse_cell(clean[2:])

    def to_text(self) -> str:
        """``"BBB/.../WWW w 0"``: the rows from the top, who moves (``w``/``b``), moves played."""
        return f"{'/'.join(self.rows)} {'w' if self.player == WHITE else 'b'} {self.moves_played}"

    def diagram(self) -> str:
        """The board, one row a line (top row first)."""
        return "\n".join(self.rows)


def from_rows(diagram: str, player: int = WHITE, moves_played: int = 0) -> HexapawnState:
    """A state from an ASCII diagram of three lines (tests, puzzles)."""
    rows = tuple(line.strip() for line in diagram.strip().splitlines())
    return _checked(rows, player, moves_played)


def _checked(rows: tuple[str, ...], player: int, moves_played: int) -> HexapawnState:
    if len(rows) != SIZE or any(len(row) != SIZE or set(row) - {"W", "B", EMPTY} for row in rows):
        raise GameInputError("a hexapawn board is 3 rows of 3 cells, each W, B or .")
    white = sum(row.count("W") for row in rows)
    black = sum(row.count("B") for row in rows)
    if white > SIZE or black > SIZE:
        raise GameInputError("each player has at most 3 pawns")
    if moves_played < 0:
        raise GameInputError("the number of moves played cannot be negative")
    return HexapawnState(rows, player, moves_played)


def from_text(text: str) -> HexapawnState:
    """Read :meth:`HexapawnState.to_text`'s form (``"BBB/.../WWW w 0"``; the count may be left out)."""
    words = text.split()
    if len(words) not in (2, 3) or words[1] not in ("w", "b") or (len(words) == 3 and not words[2].isdigit()):
        raise GameInputError(f"a hexapawn position is rows/rows/rows, w or b, and a move count, not '{shorten(text)}'")
    rows = tuple(words[0].split("/"))
    return _checked(rows, WHITE if words[1] == "w" else BLACK, int(words[2]) if len(words) == 3 else 0)
