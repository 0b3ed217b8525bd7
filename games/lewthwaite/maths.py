"""The mathematics behind Lewthwaite's game, for the science corner and the ``puzzle`` command
(pure Python, no pygame).

Everything here is computed from the rules engine (:mod:`games.lewthwaite.rules`), the perfect
player (:mod:`games.lewthwaite.solver`) and the statistics of random play
(:mod:`games.lewthwaite.stats`):

* random games and the running tally of their lengths (the article's ``sarw`` experiment);
* the domino proof: the second player's pairing and a game where it answers inside the domino;
* any board: who wins with perfect play, the pairing, and why (counting squares);
* the article's puzzles ("énigmes"): a board reached by random play, with the answers.

The key fact of the puzzles is Ivan Riou's proof that no token ever moves twice: a token that
has moved sits on a square of the *other* colour (squares are tinted with the colour of the
token that starts there), so the moved tokens are exactly those on the other colour's squares.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

from games.lewthwaite import solver
from games.lewthwaite.rules import BLUE, RED, Cell, LewthwaiteParams, LewthwaiteState
from games.lewthwaite.stats import RandomPlayStats, exact_stats

# --- random games ----------------------------------------------------------------------------


def random_game(params: LewthwaiteParams, rng: random.Random) -> LewthwaiteState:
    """One game where both players move uniformly at random, played to the end."""
    state = params.new_initial_state()
    while True:
        options = state.legal_indices()
        if not options:
            return state
        state = state.play_index(rng.choice(options))


@dataclass
class LengthTally:
    """Lengths of the games played so far: ``counts[k]`` games lasted k moves."""

    cells: int
    counts: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.counts:
            self.counts = [0] * self.cells

    def add(self, length: int) -> None:
        """Count one more game of ``length`` moves."""
        self.counts[length] += 1

    @property
    def games(self) -> int:
        """How many games have been counted."""
        return sum(self.counts)

    @property
    def first_wins(self) -> int:
        """Games won by the first player: those of odd length (the second player is stuck)."""
        return sum(self.counts[1::2])

    @property
    def first_win_rate(self) -> float:
        """The fraction of games the first player won (0 before any game)."""
        return self.first_wins / self.games if self.games else 0.0

    @property
    def mean_length(self) -> float:
        """The average length so far (0 before any game)."""
        return sum(k * c for k, c in enumerate(self.counts)) / self.games if self.games else 0.0


@cache
def exact_random_play(rows: int = 5, cols: int = 5) -> RandomPlayStats:
    """The exact statistics of random play on the article's board (about a second on 5x5, so
    callers run it off the frame loop; the result is cached)."""
    return exact_stats(LewthwaiteParams(rows, cols))


# --- the domino proof ----------------------------------------------------------------------------


@cache
def domino_pairing(rows: int = 5, cols: int = 5) -> tuple[tuple[Cell, Cell], ...]:
    """The pairing the second player follows on the board with its centre hole: dominoes
    covering every square but the hole (a maximum matching that leaves the hole alone)."""
    state = LewthwaiteParams(rows, cols).new_initial_state()
    analysis = solver.analyse(state)
    if analysis.wins:
        raise ValueError(f"on a {rows}x{cols} board the first player wins: there is no such pairing")
    return analysis.pairing


def partner_map(pairing: tuple[tuple[Cell, Cell], ...]) -> dict[Cell, Cell]:
    """Each square of the pairing mapped to the other half of its domino."""
    partner: dict[Cell, Cell] = {}
    for a, b in pairing:
        partner[a], partner[b] = b, a
    return partner


def domino_game(rng: random.Random, rows: int = 5, cols: int = 5) -> LewthwaiteState:
    """A game where the first player moves at random and the second always moves the token on
    the other half of the domino just played into. The rules engine checks every answer is
    legal: the proof says it always is, so the first player is the one who gets stuck."""
    partner = partner_map(domino_pairing(rows, cols))
    state = LewthwaiteParams(rows, cols).new_initial_state()
    while not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal():
            break  # cannot happen (the proof): the engine would then say the second player lost
        state = state.play(partner[state.hole])
    return state


# --- any board -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardVerdict:
    """Who wins a board with perfect play, and why.

    ``winner``: 1 (the player who moves first) or 2. ``pairing``: the dominoes the winner
    follows; for the second player they cover every square but the hole, for the first they
    include the hole, paired with ``first_move`` (the token the first player moves first).
    ``alone``: squares no domino covers (the hole excepted). ``reason``: ``"tiling"`` when the
    squares around the hole can be covered by dominoes (the second player wins), ``"odd"`` when
    they are an odd number, ``"colours"`` when the two square colours are unequal (a domino
    always covers one square of each colour). ``light``/``dark``: the squares of the hole's
    colour and of the other colour, the hole not counted.
    """

    rows: int
    cols: int
    hole: Cell
    winner: int
    pairing: tuple[tuple[Cell, Cell], ...]
    first_move: Cell | None
    alone: tuple[Cell, ...]
    reason: str
    light: int
    dark: int


def board_verdict(rows: int, cols: int, hole: Cell) -> BoardVerdict:
    """Solve the board that starts with ``hole`` empty (milliseconds up to 9x9)."""
    params = LewthwaiteParams(rows, cols, hole)
    analysis = solver.analyse(params.new_initial_state())
    parity = (hole[0] + hole[1]) % 2
    light = sum(1 for r in range(rows) for c in range(cols) if (r + c) % 2 == parity) - 1
    dark = rows * cols - 1 - light
    if (light + dark) % 2:
        reason = "odd"
    elif light != dark:
        reason = "colours"
    else:
        reason = "tiling"
    covered = {cell for pair in analysis.pairing for cell in pair}
    alone = tuple((r, c) for r in range(rows) for c in range(cols) if (r, c) not in covered and (r, c) != hole)
    return BoardVerdict(
        rows,
        cols,
        hole,
        1 if analysis.wins else 2,
        analysis.pairing,
        analysis.best,
        alone,
        reason,
        light,
        dark,
    )


# --- the article's puzzles ------------------------------------------------------------------------

#: Puzzles are played on the article's board.
PUZZLE_PARAMS = LewthwaiteParams(5, 5)


def _other(colour: str) -> str:
    return BLUE if colour == RED else RED


@dataclass(frozen=True)
class Puzzle:
    """A board reached by random play, one token hidden under a hand, and the answers.

    The engine always calls the colour that moves first red; a puzzle may show the colours
    swapped (``swapped``) so that "who started?" has two possible answers, as in the article.
    ``finished``: the game is over (the puzzle says who won) or still going (it says whose turn
    it is): with the number of moves, that tells who started.
    """

    seed: int
    state: LewthwaiteState
    swapped: bool
    hidden: Cell

    # --- what the visitor sees ---------------------------------------------------------------

    def shown(self, colour: str) -> str:
        """The colour shown on screen for an engine colour."""
        return _other(colour) if self.swapped else colour

    def colour_at(self, cell: Cell) -> str | None:
        """The colour of the token on ``cell`` as shown (``None`` on the hole), hidden or not."""
        colour = self.state.token_at(cell)
        return None if colour is None else self.shown(colour)

    def square_colour(self, cell: Cell) -> str:
        """The colour of the token that started on ``cell`` (the square's tint), as shown. The
        start hole's square has the colour of the player who moves second."""
        return self.shown(self.state.params.initial_color(cell))

    @property
    def cells(self) -> list[Cell]:
        """Every square, row by row."""
        return [(r, c) for r in range(self.state.params.rows) for c in range(self.state.params.cols)]

    def board_rows(self) -> list[str]:
        """The whole board, row 0 first: ``R``, ``B``, ``.`` for the hole."""
        letter = {RED: "R", BLUE: "B", None: "."}
        cols = self.state.params.cols
        flat = [letter[self.colour_at(cell)] for cell in self.cells]
        return ["".join(flat[k : k + cols]) for k in range(0, len(flat), cols)]

    def puzzle_rows(self) -> list[str]:
        """The board as posed: the hidden token shows as ``?``."""
        rows = [list(row) for row in self.board_rows()]
        rows[self.hidden[0]][self.hidden[1]] = "?"
        return ["".join(row) for row in rows]

    @property
    def finished(self) -> bool:
        """True when the game is over."""
        return self.state.is_terminal()

    @property
    def winner(self) -> str | None:
        """The winner's colour as shown, once the game is over."""
        outcome = self.state.outcome()
        return None if outcome is None or outcome.winner is None else self.shown(self.state.color_of(outcome.winner))

    @property
    def to_move(self) -> str:
        """The colour (as shown) whose turn it is (the blocked one when the game is over)."""
        return self.shown(self.state.current_color)

    # --- the answers ---------------------------------------------------------------------------

    @property
    def moves_played(self) -> int:
        """How many moves were played."""
        return self.state.moves_played

    @property
    def first_player(self) -> str:
        """The colour (as shown) that moved first."""
        return self.shown(RED)

    @property
    def moved_cells(self) -> list[Cell]:
        """The squares whose token has moved, row by row (the hidden one included if it moved)."""
        return [cell for cell in self.cells if cell != self.state.hole and self.state.has_moved(cell)]

    @property
    def hidden_colour(self) -> str:
        """The colour of the token under the hand."""
        colour = self.colour_at(self.hidden)
        assert colour is not None
        return colour

    def visible_counts(self) -> dict[str, int]:
        """How many tokens of each colour can be seen (the hidden one left out)."""
        counts = {RED: 0, BLUE: 0}
        for cell in self.cells:
            colour = self.colour_at(cell)
            if colour is not None and cell != self.hidden:
                counts[colour] += 1
        return counts

    def answers(self) -> dict[str, object]:
        """The ``--json`` answer of ``python main.py puzzle lewthwaite``."""
        return {
            "seed": self.seed,
            "board": self.board_rows(),
            "puzzle": self.puzzle_rows(),
            "finished": self.finished,
            "winner": self.winner,
            "to_move": None if self.finished else self.to_move,
            "moves_played": self.moves_played,
            "first_player": self.first_player,
            "moved_cells": [list(cell) for cell in self.moved_cells],
            "hidden_cell": list(self.hidden),
            "hidden_colour": self.hidden_colour,
        }


def _game_of_length(params: LewthwaiteParams, moves: int, rng: random.Random) -> LewthwaiteState | None:
    """A random game that reaches ``moves`` moves (random choices, backtracking from dead ends);
    ``None`` if no game is that long. Cells that the hole can no longer reach prune the search."""
    start = params.new_initial_state()
    stack = [(start, rng.sample(start.legal_indices(), len(start.legal_indices())))]
    while stack:
        state, options = stack[-1]
        if state.moves_played == moves:
            return state
        if not options:
            stack.pop()
            continue
        nxt = state.play_index(options.pop())
        left = solver.active_cells(nxt)
        if solver.reachable_count(nxt.geo, left, nxt.path[-1]) - 1 >= moves - nxt.moves_played:
            legal = nxt.legal_indices()
            stack.append((nxt, rng.sample(legal, len(legal))))
    return None


def make_puzzle(seed: int, moves: int | None = None, params: LewthwaiteParams = PUZZLE_PARAMS) -> Puzzle:
    """The puzzle of ``seed``: a board after ``moves`` random moves (by default a random game,
    stopped half the time before its end), its colours swapped or not, a hand over one token.

    Raises ``ValueError`` when no game lasts ``moves`` moves.
    """
    rng = random.Random(seed)
    swapped = rng.random() < 0.5
    if moves is None:
        state = random_game(params, rng)
        if rng.random() < 0.5 and state.moves_played > 4:
            state = LewthwaiteState(params, state.path[: rng.randint(4, state.moves_played - 1) + 1])
    else:
        found = _game_of_length(params, moves, rng)
        if found is None:
            raise ValueError(f"no game on a {params.rows}x{params.cols} board lasts {moves} moves")
        state = found
    start = params.start_hole
    tokens = [
        (r, c) for r in range(params.rows) for c in range(params.cols) if (r, c) != state.hole and (r, c) != start
    ]
    return Puzzle(seed, state, swapped, rng.choice(tokens))


def move_count_choices(right: int, seed: int, most: int) -> list[int]:
    """Four answers to "how many moves were played?", in order: ``right`` and three of the four
    counts nearest to it within ``1..most`` (at an end of the range the four nearest lie on one
    side: 24 offers 20 to 23, not only 22 and 23)."""
    nearest = sorted((v for v in range(1, most + 1) if v != right), key=lambda v: (abs(v - right), v))[:4]
    return sorted([right, *random.Random(seed).sample(sorted(nearest), 3)])


def max_game_length(params: LewthwaiteParams = PUZZLE_PARAMS) -> int:
    """No game lasts longer than the number of tokens (each moves at most once)."""
    return params.rows * params.cols - 1
