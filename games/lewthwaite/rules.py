"""Lewthwaite's game: the rules (pure Python, no pygame).

An R x C board holds red and blue tokens in a checkerboard, one cell empty (the hole). A move
slides one of your own tokens orthogonally into the hole; a player who cannot move loses. The
colour of the cells next to the hole moves first.

Why the state is just a path: a token that moved sits on a cell that was once the hole, and the
hole never returns to such a cell, so no token ever moves twice (the article's proof by Ivan
Riou). The whole game is therefore the self-avoiding walk of the hole: ``path[0]`` is the start
hole, ``path[-1]`` the current hole. Token colours, whose turn, legal moves and the winner all
follow from the path. A move is named by the cell of the token that slides, which is where the
hole goes next; that is also the "snake view" step.

Diagrams (for tests, the CLI and debugging): ``R``/``B`` an unmoved red/blue token, ``r``/``b``
a token that has already moved (it can never move again), ``.`` the hole.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from games.core import GameInputError, Illegal, IllegalMoveError, Outcome, shorten

Cell = tuple[int, int]
RED, BLUE = "red", "blue"
MIN_SIZE, MAX_PLAY_SIZE, MAX_SOLVER_SIZE = 2, 9, 40


@dataclass(frozen=True)
class Geometry:
    """The fixed grid facts for one board size: cell indices and neighbour lists."""

    rows: int
    cols: int

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, the indices of its orthogonal neighbours (up, down, left, right)."""
        result = []
        for i in range(self.rows * self.cols):
            r, c = divmod(i, self.cols)
            near = []
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < self.rows and 0 <= cc < self.cols:
                    near.append(rr * self.cols + cc)
            result.append(tuple(near))
        return tuple(result)

    def index(self, cell: Cell) -> int:
        """The index ``r * cols + c`` of ``cell``."""
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> Cell:
        """The (row, col) of ``index``."""
        return divmod(index, self.cols)

    def contains(self, cell: Cell) -> bool:
        """True when ``cell`` lies on the board."""
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols


@cache
def geometry(rows: int, cols: int) -> Geometry:
    """The shared :class:`Geometry` for a board size."""
    return Geometry(rows, cols)


@dataclass(frozen=True)
class LewthwaiteParams:
    """Immutable game parameters: board size and start hole (default: the centre cell)."""

    rows: int = 5
    cols: int = 5
    hole: Cell | None = None
    max_size: int = MAX_PLAY_SIZE

    def __post_init__(self) -> None:
        for name, value in (("rows", self.rows), ("cols", self.cols)):
            if not MIN_SIZE <= value <= self.max_size:
                raise GameInputError(f"{name} must be between {MIN_SIZE} and {self.max_size}, not {value}")
        if self.hole is None:
            object.__setattr__(self, "hole", (self.rows // 2, self.cols // 2))
        hole = self.start_hole
        if not geometry(self.rows, self.cols).contains(hole):
            raise GameInputError(
                f"hole {hole[0]},{hole[1]} is off the {self.rows}x{self.cols} board "
                f"(rows 0..{self.rows - 1}, columns 0..{self.cols - 1})"
            )

    @property
    def start_hole(self) -> Cell:
        """The hole at the start (never ``None`` after construction)."""
        assert self.hole is not None
        return self.hole

    def first_color(self) -> str:
        """The colour that moves first. Red always sits on the cells next to the start hole."""
        return RED

    def initial_color(self, cell: Cell) -> str:
        """The colour of the token that starts on ``cell``: red on cells of the other parity than the hole."""
        hole = self.start_hole
        return BLUE if (cell[0] + cell[1]) % 2 == (hole[0] + hole[1]) % 2 else RED

    def new_initial_state(self) -> LewthwaiteState:
        """The position before the first move."""
        return LewthwaiteState(self, (geometry(self.rows, self.cols).index(self.start_hole),))


@dataclass(frozen=True)
class LewthwaiteState:
    """A position: the parameters and the path of the hole (cell indices, start first)."""

    params: LewthwaiteParams
    path: tuple[int, ...]

    # --- derived facts -------------------------------------------------------------------

    @property
    def geo(self) -> Geometry:
        """The board geometry."""
        return geometry(self.params.rows, self.params.cols)

    @cached_property
    def visited(self) -> int:
        """Bit mask of the cells that have been the hole (tokens there can never move)."""
        mask = 0
        for i in self.path:
            mask |= 1 << i
        return mask

    @property
    def hole(self) -> Cell:
        """Where the hole is now."""
        return self.geo.cell(self.path[-1])

    @property
    def moves_played(self) -> int:
        """How many moves have been played."""
        return len(self.path) - 1

    @property
    def current_player(self) -> int:
        """1 (moves first: red) or 2 (blue)."""
        return 1 if self.moves_played % 2 == 0 else 2

    def color_of(self, player: int) -> str:
        """``"red"`` for player 1, ``"blue"`` for player 2."""
        return RED if player == 1 else BLUE

    @property
    def current_color(self) -> str:
        """The colour of the player to move."""
        return self.color_of(self.current_player)

    def legal_indices(self) -> list[int]:
        """Indices of the cells whose token may slide into the hole (never visited, next to it)."""
        visited = self.visited
        return [n for n in self.geo.neighbours[self.path[-1]] if not visited >> n & 1]

    def legal_moves(self) -> list[Cell]:
        """Cells of the tokens that may slide into the hole now."""
        return [self.geo.cell(i) for i in self.legal_indices()]

    def is_terminal(self) -> bool:
        """True when the player to move is blocked."""
        return not self.legal_indices()

    def outcome(self) -> Outcome | None:
        """The blocked player loses."""
        if not self.is_terminal():
            return None
        loser = self.current_player
        return Outcome(
            winner=3 - loser,
            reason="lewthwaite.end.blocked",
            params=(
                ("loser", self.color_of(loser)),
                ("winner", self.color_of(3 - loser)),
                ("moves", self.moves_played),
            ),
        )

    # --- playing -------------------------------------------------------------------------

    def play(self, move: Cell) -> LewthwaiteState:
        """Slide the token on ``move`` into the hole; raises IllegalMoveError otherwise."""
        why = self.illegal(move)
        if why is not None:
            raise IllegalMoveError.because(why, shorten(repr(move), 30), self.to_text())
        return LewthwaiteState(self.params, self.path + (self.geo.index(move),))

    def play_index(self, index: int) -> LewthwaiteState:
        """Fast path for solvers and simulations: no legality check."""
        return LewthwaiteState(self.params, self.path + (index,))

    def illegal(self, move: object) -> Illegal | None:
        """Why sliding the token on ``move`` is not allowed (None if it is)."""
        if not (isinstance(move, tuple) and len(move) == 2 and self.geo.contains(move)):
            return Illegal("lewthwaite.illegal.off_board", f"{shorten(repr(move), 30)} is not a cell of the board")
        index = self.geo.index(move)
        r, c = move
        if index in self.legal_indices():
            return None
        if self.is_terminal():
            return Illegal("lewthwaite.illegal.over", "the game is over")
        if index == self.path[-1]:
            return Illegal("lewthwaite.illegal.hole", f"{r},{c} is the hole itself")
        if self.visited >> index & 1:
            return Illegal(
                "lewthwaite.illegal.moved", f"the token on {r},{c} has already moved and can never move again"
            )
        if index not in self.geo.neighbours[self.path[-1]]:
            return Illegal("lewthwaite.illegal.far",
                           f"the token on {r},{c} is not next to the hole {self.hole[0]},{self.hole[1]}")
        return Illegal(f"lewthwaite.illegal.turn.{self.current_color}",
                       f"the token on {r},{c} is not {self.current_color}")

    def why_illegal(self, move: Cell) -> str:
        """A sentence saying why ``move`` is not allowed ("" if it is)."""
        why = self.illegal(move)
        return why.text if why is not None else ""

    # --- what is on the board ------------------------------------------------------------

    def token_at(self, cell: Cell) -> str | None:
        """``"red"``, ``"blue"`` or ``None`` (the hole) on ``cell``."""
        index = self.geo.index(cell)
        if index == self.path[-1]:
            return None
        if self.visited >> index & 1:
            # The token here came from the next cell of the path: it has that cell's start colour.
            came_from = self.path[self.path.index(index) + 1]
            return self.params.initial_color(self.geo.cell(came_from))
        return self.params.initial_color(cell)

    def has_moved(self, cell: Cell) -> bool:
        """True when the token on ``cell`` has already moved (or ``cell`` is the hole)."""
        return bool(self.visited >> self.geo.index(cell) & 1)

    def mover_of_step(self, step: int) -> int:
        """The player who made move number ``step`` (1-based): the snake view colours its body so."""
        return 1 if step % 2 == 1 else 2

    # --- notation ------------------------------------------------------------------------

    def move_to_text(self, move: Cell) -> str:
        """``"r,c"`` (0-based, top-left ``0,0``): the cell of the token that slides."""
        return f"{move[0]},{move[1]}"

    def parse_move(self, text: str) -> Cell:
        """Read ``"r,c"``."""
        try:
            r_text, c_text = text.strip().split(",")
            return int(r_text), int(c_text)
        except ValueError:
            raise GameInputError(f"'{text}' is not a move: write the token's cell as row,col") from None

    def to_text(self) -> str:
        """``"5x5 h2,2: 2,1 3,1"``: size, start hole and the moves; :func:`from_text` reads it."""
        start = self.params.start_hole
        moves = " ".join(self.move_to_text(self.geo.cell(i)) for i in self.path[1:])
        return f"{self.params.rows}x{self.params.cols} h{start[0]},{start[1]}:{' ' + moves if moves else ''}"

    def diagram(self) -> str:
        """The board as text, one line per row (see the module docstring)."""
        lines = []
        for r in range(self.params.rows):
            row = []
            for c in range(self.params.cols):
                color = self.token_at((r, c))
                if color is None:
                    row.append(".")
                else:
                    letter = "R" if color == RED else "B"
                    row.append(letter.lower() if self.has_moved((r, c)) else letter)
            lines.append("".join(row))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.diagram()


def from_text(text: str, max_size: int = MAX_PLAY_SIZE) -> LewthwaiteState:
    """Read the :meth:`LewthwaiteState.to_text` form back (checking every move)."""
    try:
        head, _, moves = text.partition(":")
        size, hole = head.strip().split(" h")
        rows, cols = (int(x) for x in size.split("x"))
        hole_r, hole_c = (int(x) for x in hole.split(","))
    except ValueError:
        raise GameInputError(f"'{text}' is not a Lewthwaite position like '5x5 h2,2: 2,1 3,1'") from None
    state = LewthwaiteParams(rows, cols, (hole_r, hole_c), max_size).new_initial_state()
    for move_text in moves.split():
        state = state.play(state.parse_move(move_text))
    return state


def from_diagram(diagram: str) -> LewthwaiteState:
    """Read a board diagram (``R B r b .``) and rebuild a consistent state.

    Unmoved tokens fix the checkerboard; moved tokens and the hole must form a self-avoiding
    walk where each moved token came from the next cell of the walk. When several walks fit, any
    one gives the same future game, so the first found is used.
    """
    lines = [line.strip() for line in diagram.strip().splitlines() if line.strip()]
    rows, cols = len(lines), len(lines[0]) if lines else 0
    if not lines or any(len(line) != cols for line in lines) or set("".join(lines)) - set("RBrb."):
        raise GameInputError("a diagram is a rectangle of R, B, r, b and one '.'")
    cells = {(r, c): ch for r, line in enumerate(lines) for c, ch in enumerate(line)}
    holes = [cell for cell, ch in cells.items() if ch == "."]
    if len(holes) != 1:
        raise GameInputError(f"a diagram has exactly one hole '.', this one has {len(holes)}")
    hole = holes[0]
    # Unmoved red tokens sit on the parity opposite to the start hole's.
    parities = {(r + c) % 2 for (r, c), ch in cells.items() if ch == "R"}
    blue_parities = {(r + c) % 2 for (r, c), ch in cells.items() if ch == "B"}
    if len(parities) > 1 or len(blue_parities) > 1 or parities & blue_parities:
        raise GameInputError("unmoved tokens (R, B) must form a checkerboard")
    if parities:
        red_parity = parities.pop()
    elif blue_parities:
        red_parity = 1 - blue_parities.pop()
    else:
        raise GameInputError("a diagram needs at least one unmoved token")
    moved = {cell for cell, ch in cells.items() if ch in "rb"}
    geo = geometry(rows, cols)

    def start_color(cell: Cell) -> str:
        return RED if (cell[0] + cell[1]) % 2 == red_parity else BLUE

    # Walk backwards from the hole: the previous hole holds the token that came from here.
    def extend(walk: list[Cell], left: set[Cell]) -> list[Cell] | None:
        if not left:
            return walk
        here = walk[-1]
        for n in geo.neighbours[geo.index(here)]:
            prev = geo.cell(n)
            if prev in left and (cells[prev] == "r") == (start_color(here) == RED):
                found = extend(walk + [prev], left - {prev})
                if found:
                    return found
        return None

    backwards = extend([hole], moved)
    if backwards is None:
        raise GameInputError("the moved tokens do not form a path the hole could have followed")
    start = backwards[-1]
    if start_color(start) == RED:
        raise GameInputError("the start hole must sit on a cell of blue's colour (red moves first)")
    params = LewthwaiteParams(rows, cols, start, max(MAX_PLAY_SIZE, rows, cols))
    path = tuple(geo.index(cell) for cell in reversed(backwards))
    return LewthwaiteState(params, path)
