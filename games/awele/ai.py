"""Computer players for awélé: ``random``, ``1990`` (the article's program) and ``strong``.

No pygame here: tournaments and the engine protocol import this module.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from games.awele.rules import (
    FAST_LAPS,
    AweleState,
    Sown,
    camp,
    known_long_move,
    owner,
    quick_move,
    sow_bounded,
    sow_lap,
)
from games.core import IllegalMoveError, Stopwatch, other

LEVELS = ("random", "1990", "strong")
#: The level a new game offers first: one a child can beat. ``random`` never looks ahead, so a
#: child who takes seeds whenever the last seed can land in an empty pit of their row wins.
DEFAULT_LEVEL = "random"

def _deadline(time_budget: float | None, share: float = 1.0) -> float | None:
    """The ``time.perf_counter()`` value by which a player must have its moves."""
    return None if time_budget is None else time.perf_counter() + share * time_budget


@dataclass
class AweleRandomPlayer:
    """A uniformly random allowed move ("plays like a 3-year-old"), within its time budget: a
    move whose long loop check is still running at the deadline is not among the choices."""

    name: str = "random"

    def choose(self, state: AweleState, rng: random.Random, time_budget: float | None = None) -> int:
        """A uniformly random allowed pit number."""
        moves = state.legal_moves_by(_deadline(time_budget))
        if not moves:
            raise IllegalMoveError(f"no legal move in position {state.to_text()}")
        return rng.choice(moves)


# --- "1990": the article's BASIC program, lines 870-1490 ------------------------------------------

#: Line 1350: ``SW=SW+1: IF SW=1000`` marks a branch as a loop after 1000 laps (an "artifice
#: informatique"). Kept for faithfulness: the 1990 tree discards any move of 1000 laps or more,
#: every looping move included. The rules themselves detect loops exactly.
BASIC_TREE_LAP_CAP = 1000
#: Lines 1220 and 980: the tree has 4 levels (own move, opponent, own, opponent).
BASIC_TREE_LEVELS = 4


def _basic_sow(board: tuple[int, ...], start: int) -> tuple[list[int], int] | None:
    """Lines 1300-1360: relay sowing, abandoned at the 1000th lap (None)."""
    work = list(board)
    laps = 0
    while True:
        last = sow_lap(work, start)
        laps += 1
        if laps == BASIC_TREE_LAP_CAP:
            return None
        if work[last] <= 1:
            return work, last
        start = last


def _basic_children(board: tuple[int, ...], value: int, side: int, computer: int) -> list[tuple[tuple[int, ...], int]]:
    """Lines 1250-1430: the children of a tree node, in pit order, without the discarded ones.

    An empty pit or a 1000-lap move is discarded (99 in the listing). Only when every pit of
    the side is empty does the node get one child: itself, unchanged (``RIEN=6``, line 1410).
    The tree knows nothing of the passing rule, the last-seed rule or the end at 25 seeds.
    """
    n = len(board)
    pits = camp(side, n)
    if not any(board[i] for i in pits):
        return [(board, value)]
    children = []
    for i in pits:
        if board[i] == 0:
            continue
        sown = _basic_sow(board, i)
        if sown is None:
            continue
        work, last = sown
        gain = 0
        if owner(last, n) == side:  # lines 1370-1380: capture the facing pit
            facing = n - 1 - last
            gain, work[facing] = work[facing], 0
        children.append((tuple(work), value + gain if side == computer else value - gain))
    return children


def _basic_value(board: tuple[int, ...], value: int, side: int, computer: int, levels: int) -> int | None:
    """Lines 960-1190: minimax over the tree; None stands for the listing's 99 (no valid line)."""
    if levels == 0:
        return value
    results = [
        _basic_value(b, v, other(side), computer, levels - 1) for b, v in _basic_children(board, value, side, computer)
    ]
    valid = [r for r in results if r is not None]
    if not valid:
        return None
    return max(valid) if side == computer else min(valid)


def basic_1990_values(state: AweleState) -> dict[int, int | None]:
    """The value the 1990 program gives each pit number of the player to move (None: discarded)."""
    me = state.current_player
    board = state.pits
    values: dict[int, int | None] = {}
    for i in camp(me, state.n):
        if board[i] == 0:
            values[i + 1] = None
            continue
        sown = _basic_sow(board, i)
        if sown is None:
            values[i + 1] = None
            continue
        work, last = sown
        gain = 0
        if owner(last, state.n) == me:
            facing = state.n - 1 - last
            gain, work[facing] = work[facing], 0
        values[i + 1] = _basic_value(tuple(work), gain, other(me), me, BASIC_TREE_LEVELS - 1)
    return values


@dataclass
class Basic1990Player:
    """The 1990 program's choice: a 4-level minimax on "seeds won minus seeds lost", the first
    best pit winning ties (lines 1060-1130).

    Where the listing gives up (every line discarded: it printed an apology and stopped, line
    1150), this port plays the first allowed pit. It only ever returns an allowed pit.
    """

    name: str = "1990"

    def choose(self, state: AweleState, rng: random.Random, time_budget: float | None = None) -> int:
        """The pit the 1990 program would pick."""
        legal = state.legal_moves_by(_deadline(time_budget))
        if not legal:
            raise IllegalMoveError(f"no legal move in position {state.to_text()}")
        nonempty = [i + 1 for i in state.camp(state.current_player) if state.pits[i]]
        if len(nonempty) == 1:  # lines 900-910 and 1460: a single possible pit, no tree
            return nonempty[0]
        values = basic_1990_values(state)
        best: int | None = None
        best_value = 0
        for pit, value in values.items():
            if value is not None and pit in legal and (best is None or value > best_value):
                best, best_value = pit, value
        return best if best is not None else legal[0]


# --- "strong": iterative-deepening alpha-beta --------------------------------------------------------

WIN = 100_000
#: Transposition-table entries kept between moves (about 0.4 kB each): a kiosk has little memory.
TABLE_LIMIT = 200_000
#: Evaluation units per captured seed, so positional terms can weigh fractions of a seed.
SCALE = 8
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Timeout(Exception):
    """Raised inside the search when the time budget is spent."""


@dataclass
class SearchInfo:
    """What the last search did: depth completed, nodes, seconds, value for the mover."""

    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    value: int = 0
    move: int | None = None

    @property
    def nodes_per_second(self) -> float:
        """Search speed."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


Key = tuple[tuple[int, ...], int, int, int]


@dataclass
class StrongPlayer:
    """Negamax alpha-beta with iterative deepening, a transposition table and capture-first move
    ordering, on the full rules (passing, last seed, end at more than half, loops forbidden).

    The evaluation is the score difference for the player to move; a finished game is worth
    ``WIN`` plus the final margin. ``max_depth`` bounds the search when there is no time budget.
    """

    name: str = "strong"
    max_depth: int = 60
    camp_weight: int = 0
    quiescence: int = 2
    default_budget: float = 1.0
    info: SearchInfo = field(default_factory=SearchInfo)
    table: dict[Key, tuple[int, int, int, int]] = field(default_factory=dict, repr=False)
    #: The clock the time budget is spent on (seconds; a test gives one that does not depend on
    #: how busy the machine is). The root's loop checks keep the real one: they run in C.
    clock: Callable[[], float] = field(default=time.perf_counter, repr=False, compare=False)

    def choose(self, state: AweleState, rng: random.Random, time_budget: float | None = None) -> int:
        """The best pit found within ``time_budget`` seconds (``default_budget`` if None)."""
        budget = self.default_budget if time_budget is None else time_budget
        started = self.clock()
        # Half the budget at most for the exact loop checks of the root moves (nearly always
        # instant); a move whose check is still running then is not searched.
        legal = state.legal_moves_by(_deadline(budget, 0.5))
        if not legal:
            raise IllegalMoveError(f"no legal move in position {state.to_text()}")
        if len(legal) == 1:
            self.info = SearchInfo(move=legal[0])
            return legal[0]
        return self.search(state, max(0.0, budget - (self.clock() - started)), legal=legal)

    def search(
        self, state: AweleState, budget: float | None, max_depth: int | None = None, legal: list[int] | None = None
    ) -> int:
        """Iterative deepening until the budget is spent, the depth cap or a proven result,
        among ``legal`` (pit numbers; every allowed move if None)."""
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        self._total = state.total
        self._n = state.n
        self._nodes = 0
        # A little margin so that the whole move, checks included, stays within the budget.
        self._clock = Stopwatch(None if budget is None else budget * 0.95, self.clock)
        start = self.clock()
        limit = max_depth or self.max_depth
        root = state.legal_moves() if legal is None else legal
        best = root[0]
        info = SearchInfo(move=best)
        for depth in range(1, limit + 1):
            try:
                value, move = self._root(state, depth, root)
            except _Timeout:
                break
            best = move
            info = SearchInfo(depth, 0, 0.0, value, move)
            if value >= WIN // 2 or self._clock.expired():
                break  # a proven win; a proven loss searches on, for the longest resistance
        info.nodes = self._nodes
        info.seconds = self.clock() - start
        self.info = info
        return best

    # The search works on plain tuples: (pits, score1, score2, player to move).

    def _children(self, pits: tuple[int, ...], s1: int, s2: int, player: int) -> list[tuple[int, int, Key]]:
        """(gain, pit index, child key) for every move the search considers, captures first."""
        result = []
        scores = (s1, s2)
        nxt = 3 - player
        half = self._n // 2
        lo = 0 if player == 1 else half
        for i in range(lo, lo + half):
            if not pits[i]:
                continue
            moved = quick_move(pits, scores, player, i)
            if moved is None:
                continue
            board, t1, t2 = moved
            result.append((t1 - s1 + t2 - s2, i, (board, t1, t2, nxt)))
        result.sort(key=_by_gain)
        return result

    def _terminal_value(self, s1: int, s2: int, player: int) -> int:
        diff = s1 - s2 if player == 1 else s2 - s1
        return SCALE * diff + (WIN if diff > 0 else -WIN if diff < 0 else 0)

    def _quiesce(
        self,
        pits: tuple[int, ...],
        s1: int,
        s2: int,
        player: int,
        children: list[tuple[int, int, Key]],
        alpha: int,
        beta: int,
        plies: int,
    ) -> int:
        """At the horizon, let the player to move cash in a capture if that is better than the
        static value ("stand pat"), for up to ``plies`` capturing moves in a row."""
        stand = self._evaluate(pits, s1, s2, player)
        if plies <= 0 or stand >= beta:
            return stand
        best = stand
        alpha = max(alpha, stand)
        for gain, _i, child in children:
            if gain <= 0:
                break  # children are sorted by gain
            c_pits, c1, c2, c_player = child
            self._nodes += 1
            if 2 * max(c1, c2) > self._total or not any(c_pits):
                value = -self._terminal_value(c1, c2, c_player)
            else:
                grand = self._children(c_pits, c1, c2, c_player)
                if not grand:
                    value = -self._evaluate(c_pits, c1, c2, c_player)
                else:
                    value = -self._quiesce(c_pits, c1, c2, c_player, grand, -beta, -alpha, plies - 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _evaluate(self, pits: tuple[int, ...], s1: int, s2: int, player: int) -> int:
        """Score difference for ``player`` (times ``SCALE``), plus ``camp_weight`` per seed
        more in the opponent's row than in one's own."""
        diff = s1 - s2 if player == 1 else s2 - s1
        if not self.camp_weight:
            return SCALE * diff
        half = self._n // 2
        own = sum(pits[:half]) if player == 1 else sum(pits[half:])
        theirs = sum(pits) - own
        return SCALE * diff + self.camp_weight * (theirs - own)

    def _root(self, state: AweleState, depth: int, moves: list[int] | None = None) -> tuple[int, int]:
        key = (state.pits, state.scores[0], state.scores[1], state.current_player)
        legal = {pit - 1 for pit in (state.legal_moves() if moves is None else moves)}
        children = [c for c in self._children(*key) if c[1] in legal]
        entry = self.table.get(key)
        if entry is not None:
            children.sort(key=lambda c: c[1] != entry[3])
        alpha, beta = -10 * WIN, 10 * WIN
        best_value, best_move = -10 * WIN, children[0][1]
        for _gain, i, child in children:
            value = _one_ply_further(-self._negamax(child, depth - 1, -beta, -alpha))
            if value > best_value:
                best_value, best_move = value, i
            alpha = max(alpha, value)
        self.table[key] = (depth, best_value, _EXACT, best_move)
        return best_value, best_move + 1

    def _negamax(self, key: Key, depth: int, alpha: int, beta: int) -> int:
        self._nodes += 1
        if self._nodes & 255 == 0 and self._clock.expired():
            raise _Timeout
        pits, s1, s2, player = key
        if 2 * max(s1, s2) > self._total or not any(pits):
            return self._terminal_value(s1, s2, player)
        entry = self.table.get(key)
        tt_move = -1
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth:
                if e_flag == _EXACT:
                    return e_value
                if e_flag == _LOWER and e_value >= beta:
                    return e_value
                if e_flag == _UPPER and e_value <= alpha:
                    return e_value
        children = self._children(pits, s1, s2, player)
        if not children:
            if any(_sow_search(pits, i) is not None for i in camp(other(player), self._n) if pits[i]):
                # The player to move passes: same position, the other one plays.
                return -self._negamax((pits, s1, s2, other(player)), depth, -beta, -alpha)
            return self._terminal_value(s1, s2, player)
        if depth <= 0:
            return self._quiesce(pits, s1, s2, player, children, alpha, beta, self.quiescence)
        if tt_move >= 0:
            children.sort(key=lambda c: c[1] != tt_move)
        original_alpha = alpha
        best_value, best_move = -10 * WIN, children[0][1]
        for _gain, i, child in children:
            value = _one_ply_further(-self._negamax(child, depth - 1, -beta, -alpha))
            if value > best_value:
                best_value, best_move = value, i
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = _UPPER if best_value <= original_alpha else _LOWER if best_value >= beta else _EXACT
        self.table[key] = (depth, best_value, flag, best_move)
        return best_value


def _one_ply_further(value: int) -> int:
    """A won or lost result one move further away is worth a little less: the search then
    wins by the shortest way and, when lost, resists as long as possible (a fallible
    opponent may still go wrong)."""
    if value > WIN // 2:
        return value - 1
    if value < -WIN // 2:
        return value + 1
    return value


def _by_gain(child: tuple[int, int, Key]) -> int:
    return -child[0]


def _sow_search(pits: tuple[int, ...], start: int) -> Sown | None:
    """The sowing as the search sees it; None for a move it leaves out.

    A move still going after ``FAST_LAPS`` laps is left out unless its exact analysis is
    already known: loops can last tens of thousands of laps and analysing one costs up to a
    second, which the search cannot afford at every node. Nearly all such moves loop (the
    longest move that ends in thousands of random games is well under ``FAST_LAPS`` laps, see
    ``awele loop-stats``), and the root's moves are always the exact legal moves."""
    quick = sow_bounded(pits, start, FAST_LAPS)
    if quick is not None:
        return quick
    known = known_long_move(pits, start)
    return known if isinstance(known, Sown) else None


def make_player(level: str) -> AweleRandomPlayer | Basic1990Player | StrongPlayer:
    """A fresh computer player of ``level`` (one of :data:`LEVELS`)."""
    if level == "random":
        return AweleRandomPlayer()
    if level == "1990":
        return Basic1990Player()
    if level == "strong":
        return StrongPlayer()
    raise ValueError(f"unknown level '{level}' (choose from {', '.join(LEVELS)})")
