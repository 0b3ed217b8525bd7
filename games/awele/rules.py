"""Awélé, the Ghanaian relay-sowing variant of the MATh.en.JEANS article (pure Python, no pygame).

The article's BASIC listing is the reference for every rule (line numbers below are its own):

* Pits are numbered 1..n counterclockwise: 1..n/2 are player 1's (bottom row, left to right),
  n/2+1..n player 2's (top row, right to left). Pit p faces pit n + 1 - p.
* A move empties one of the mover's non-empty pits and sows its seeds one by one into the
  following pits, the emptied pit included when the seeds go all the way round (lines 190-240).
* Relay: if the last seed lands in a pit that was not empty (it now holds more than one seed),
  that pit is emptied in turn and sowing goes on (line 280). One emptying and its distribution is
  a *lap*; a move is a sequence of laps.
* When the last seed lands in an empty pit of the mover's camp, the mover captures the seeds of
  the opposite pit (lines 310-320); the seed just sown stays.
* If exactly one seed is left, the mover takes it and the game ends (lines 330-350).
* If the opponent's camp is empty, the opponent cannot play and the mover plays again (400, 720).
* The game ends when a player holds more than half of the seeds (line 420, ``S > 24`` of 48);
  the higher score wins, equal scores are a draw (650).
* Added (not in the listing): a position seen three times with the same scores ends the game.

The listing calls a move "infinite" after 5000 laps (line 270). Here a loop is detected
exactly: the pair (board, pit about to be emptied) determines the rest of the move, so the move
loops if and only if that pair repeats, and :mod:`games.awele.sowing` proves it comes back to
the very first pair, which a compiled loop finds fast (see :func:`sow`). A looping move
is not allowed; a player with no allowed move passes, and if neither player has one the game
ends. A player whose camp is empty is the special case of this rule that the listing handles.

Diagrams (tests, CLI): two lines, the top one is player 2's row as seen on the table (pits n
down to n/2+1), the bottom one player 1's row (pits 1 to n/2)::

    4 4 4 4 4 4
    4 4 4 4 4 4
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import overload

from games.awele.sowing import Loop as Loop  # re-exported: a verdict of sow()
from games.awele.sowing import MoveCheck, Sowing, Sown, sow_lap
from games.core import GameInputError, Illegal, IllegalMoveError, Outcome, other, shorten

#: Pit counts the game supports (2 or 6 pits per player).
PIT_COUNTS = (4, 12)
MIN_SEEDS, MAX_SEEDS = 1, 6
#: Laps the computer players' search simulates before leaving a move out unless its exact
#: verdict is already known (the rules themselves never cut a move off: see :func:`sow`).
FAST_LAPS = 1000
#: Not in the listing, whose games could go round in circles for ever (a few seeds chasing each
#: other with no capture possible): the game ends when a position occurs for the third time
#: with the same scores, and the scores decide, as in every other ending.
REPETITIONS = 3


# --- sowing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lap:
    """One sowing pass: ``seeds`` taken from ``start`` and dropped one by one into ``drops``
    (0-based indices, in order); ``board`` is the board after it; ``relay`` is True when the
    last seed fell into an occupied pit, so the next lap starts there."""

    start: int
    seeds: int
    drops: tuple[int, ...]
    board: tuple[int, ...]
    relay: bool

    @property
    def last(self) -> int:
        """Where the last seed of this lap fell."""
        return self.drops[-1]


def iter_laps(pits: tuple[int, ...] | list[int], start: int) -> Iterator[Lap]:
    """The laps of the move that empties ``start`` (0-based), one event per lap, so a scene can
    animate exactly what the rules compute. Endless for a looping move: use :func:`sow` first."""
    board = list(pits)
    n = len(board)
    if board[start] == 0:
        raise IllegalMoveError(f"pit {start + 1} is empty on board {list(pits)}")
    while True:
        seeds = board[start]
        drops = tuple((start + k) % n for k in range(1, seeds + 1))
        last = sow_lap(board, start)
        relay = board[last] > 1
        yield Lap(start, seeds, drops, tuple(board), relay)
        if not relay:
            return
        start = last


#: Laps simulated in plain Python before a move is handed to the exact check of
#: :mod:`games.awele.sowing` (nearly every move ends within a few laps; this only saves the call).
QUICK_LAPS = 64
#: The exact check runs in slices of this many laps between two looks at the deadline (about
#: 10 ms compiled, well under a second in pure Python).
SLICE_LAPS = 1 << 21
SLICE_LAPS_PYTHON = 1 << 14


def sow_bounded(pits: tuple[int, ...] | list[int], start: int, max_laps: int | None = None) -> Sown | None:
    """Sow until the move ends; None if it is still going after ``max_laps`` laps (which says
    nothing about whether it loops: see :func:`sow`)."""
    board = list(pits)
    laps = 0
    while max_laps is None or laps < max_laps:
        last = sow_lap(board, start)
        laps += 1
        if board[last] == 1:
            return Sown(tuple(board), last, laps)
        start = last
    return None


#: Exact results of long moves, by (board, pit): searches and scenes meet the same long or
#: looping moves again and again. Checks stopped at a deadline wait in ``_PENDING`` and go on
#: where they stopped when the same move is asked again.
_LONG_MOVES: dict[tuple[tuple[int, ...], int], Sowing] = {}
_PENDING: dict[tuple[tuple[int, ...], int], MoveCheck] = {}
_CACHE_MAX = 50_000
_cache_lock = threading.Lock()


def pending_laps(pits: tuple[int, ...], start: int) -> int:
    """Laps already run by the unfinished exact check of this move (0 if there is none)."""
    check = _PENDING.get((tuple(pits), start))
    return check.laps if check is not None else 0


def known_long_move(pits: tuple[int, ...], start: int) -> Sowing | None:
    """The exact result of a long move if :func:`sow` has already analysed it."""
    return _LONG_MOVES.get((pits, start))


def sow(pits: tuple[int, ...] | list[int], start: int, deadline: float | None = None) -> Sowing | None:
    """The whole move from pit index ``start`` (0-based): :class:`Sown` or :class:`Loop`, exactly.

    Nearly every move ends within a few laps and is simulated here; a longer one goes to the
    exact check of :mod:`games.awele.sowing` and its verdict is cached. With a ``deadline``
    (``time.perf_counter()`` value) the check stops there and returns None (undecided); asking
    again later resumes it. Without one it always decides: no lap count ever does."""
    if pits[start] == 0:
        raise IllegalMoveError(f"pit {start + 1} is empty on board {list(pits)}")
    quick = sow_bounded(pits, start, QUICK_LAPS)
    if quick is not None:
        return quick
    key = (tuple(pits), start)
    with _cache_lock:
        result = _LONG_MOVES.get(key)
        if result is not None:
            return result
        check = _PENDING.get(key)
        if check is None:
            if len(_PENDING) >= _CACHE_MAX:
                _PENDING.clear()
            check = _PENDING[key] = MoveCheck(key[0], start)
    slice_laps = SLICE_LAPS if check.compiled else SLICE_LAPS_PYTHON
    while True:
        result = check.run(None if deadline is None else slice_laps)
        if result is not None:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            return None
    with _cache_lock:
        _PENDING.pop(key, None)
        if len(_LONG_MOVES) >= _CACHE_MAX:
            _LONG_MOVES.clear()
        _LONG_MOVES[key] = result
    return result


# --- geometry ---------------------------------------------------------------------------------


def owner(index: int, n: int) -> int:
    """The player (1 or 2) whose camp holds pit index ``index`` (0-based) on an n-pit board."""
    return 1 if index < n // 2 else 2


def camp(player: int, n: int) -> range:
    """The 0-based pit indices of ``player``'s camp, in pit-number order."""
    half = n // 2
    return range(0, half) if player == 1 else range(half, n)


def opposite(index: int, n: int) -> int:
    """The pit facing pit index ``index`` (pit p faces pit n + 1 - p)."""
    return n - 1 - index


# --- one move, after the sowing ------------------------------------------------------------------


@dataclass(frozen=True)
class MoveEffects:
    """What a finished sowing does next: the capture, the last-seed rule, the scores."""

    board: tuple[int, ...]
    scores: tuple[int, int]
    last: int
    captured: int
    capture_pit: int | None
    took_last_seed: bool


def finish_move(sown: Sown, scores: tuple[int, int], mover: int) -> MoveEffects:
    """Apply capture and last-seed rules to a finished sowing (listing lines 310-350)."""
    board = list(sown.board)
    n = len(board)
    s = list(scores)
    captured, capture_pit = 0, None
    if owner(sown.last, n) == mover:
        capture_pit = opposite(sown.last, n)
        captured = board[capture_pit]
        board[capture_pit] = 0
        s[mover - 1] += captured
    took_last = sum(board) == 1
    if took_last:
        # The listing adds the seed to the mover's score and ends the game; we also lift it
        # off the board so that no seed is ever counted twice.
        s[mover - 1] += 1
        board = [0] * n
    return MoveEffects(tuple(board), (s[0], s[1]), sown.last, captured, capture_pit, took_last)


def quick_move(
    pits: tuple[int, ...], scores: tuple[int, int], mover: int, start: int
) -> tuple[tuple[int, ...], int, int] | None:
    """A whole move for searches, in one function: (board, score 1, score 2) after sowing,
    capture and the last-seed rule, or None for a move still going after ``FAST_LAPS`` laps
    whose exact analysis is not known yet. The same rules as :func:`sow` + :func:`finish_move`
    (a test checks that they agree), written without intermediate objects because a search
    calls it hundreds of thousands of times."""
    n = len(pits)
    board = list(pits)
    first = start
    laps = 0
    while True:
        seeds = board[start]
        board[start] = 0
        if seeds >= n:
            full, seeds_left = divmod(seeds, n)
            for j in range(n):
                board[j] += full
        else:
            seeds_left = seeds
        j = start
        for _ in range(seeds_left):
            j += 1
            if j == n:
                j = 0
            board[j] += 1
        last = (start + seeds) % n
        if board[last] == 1:
            break
        laps += 1
        if laps >= FAST_LAPS:
            known = _LONG_MOVES.get((tuple(pits), first))
            return None if not isinstance(known, Sown) else _finish_quick(list(known.board), known.last, scores, mover)
        start = last
    return _finish_quick(board, last, scores, mover)


def _finish_quick(board: list[int], last: int, scores: tuple[int, int], mover: int) -> tuple[tuple[int, ...], int, int]:
    n = len(board)
    gain = 0
    if (last < n // 2) == (mover == 1):
        facing = n - 1 - last
        gain = board[facing]
        board[facing] = 0
    if sum(board) == 1:
        gain += 1
        board = [0] * n
    if mover == 1:
        return tuple(board), scores[0] + gain, scores[1]
    return tuple(board), scores[0], scores[1] + gain


# --- game state ---------------------------------------------------------------------------------


SKIP_EMPTY = "empty"
SKIP_LOOPS = "loops"


@dataclass(frozen=True)
class AweleState:
    """A position: the pits (pit 1 first), both scores and the player to move.

    Build one with :func:`new_game` or :func:`position` (which also applies the passing rule).
    The seeds in play (``total``) are those on the board plus both scores. ``skipped`` and
    ``skip_reason`` say whose turn was just skipped and why; ``last_effects`` what the last move
    did. ``recent`` lists the positions (pits, player) since the scores last changed, for the
    repetition rule. These are not part of the position: they take no part in comparisons and
    :meth:`to_text` does not write them.
    """

    pits: tuple[int, ...]
    scores: tuple[int, int]
    current_player: int
    skipped: int | None = field(default=None, compare=False)
    skip_reason: str | None = field(default=None, compare=False)
    last_effects: MoveEffects | None = field(default=None, compare=False)
    last_mover: int | None = field(default=None, compare=False)
    recent: tuple[tuple[tuple[int, ...], int], ...] = field(default=(), compare=False, repr=False)

    # --- derived facts ------------------------------------------------------------------------

    @property
    def n(self) -> int:
        """Number of pits (4 or 12)."""
        return len(self.pits)

    @property
    def total(self) -> int:
        """Seeds in play: on the board plus both stores."""
        return sum(self.pits) + self.scores[0] + self.scores[1]

    def camp(self, player: int) -> range:
        """0-based indices of ``player``'s pits."""
        return camp(player, self.n)

    @cached_property
    def _verdicts(self) -> dict[int, Sowing]:
        return {}

    @overload
    def sowing(self, index: int, deadline: None = None) -> Sowing: ...

    @overload
    def sowing(self, index: int, deadline: float | None) -> Sowing | None: ...

    def sowing(self, index: int, deadline: float | None = None) -> Sowing | None:
        """How the move from pit index ``index`` (0-based, non-empty) goes; None only when a
        ``deadline`` (``time.perf_counter()`` value) passed before the exact check finished."""
        result = self._verdicts.get(index)
        if result is None:
            result = sow(self.pits, index, deadline)
            if result is not None:
                self._verdicts[index] = result
        return result

    @property
    def sowings(self) -> dict[int, Sowing]:
        """For each non-empty pit of the player to move (0-based): how its move goes."""
        return {i: self.sowing(i) for i in self.camp(self.current_player) if self.pits[i]}

    def legal_indices(self) -> list[int]:
        """0-based indices of the allowed moves: non-empty pits whose move does not loop."""
        if self._ended_by_score_or_board():
            return []
        return [i for i, s in self.sowings.items() if not s.loops]

    def legal_moves(self) -> list[int]:
        """Allowed moves as pit numbers (1..n)."""
        return [i + 1 for i in self.legal_indices()]

    def legal_moves_by(self, deadline: float | None) -> list[int]:
        """The allowed moves whose exact check finishes by ``deadline``, for players that must
        answer in time: every allowed move when the checks are quick (nearly always); when a
        long check is still running at the deadline, the moves already known to be allowed
        (there is always one, found first if need be, so a player never waits for a move it
        will not play). Without a deadline, exactly :meth:`legal_moves`."""
        if deadline is None or self._ended_by_score_or_board():
            return self.legal_moves()
        pits = [i for i in self.camp(self.current_player) if self.pits[i]]
        verdicts = {i: self.sowing(i, deadline) for i in pits}
        moves = [i + 1 for i, v in verdicts.items() if v is not None and not v.loops]
        if moves or all(v is not None for v in verdicts.values()):
            return moves
        first = self.first_legal_move()
        assert first is not None, "a game that has not ended has a legal move"
        return [first]

    def first_legal_move(self) -> int | None:
        """The first allowed pit number found, deciding the quick moves first (a long exact
        check only runs when no other move is known to end); None if there is none."""
        if self._ended_by_score_or_board():
            return None
        return _first_move(self.pits, self.current_player, self._verdicts)

    def looping_moves(self) -> list[int]:
        """Pit numbers that are not empty but would sow forever."""
        return [i + 1 for i, s in self.sowings.items() if s.loops]

    def _ended_by_score_or_board(self) -> bool:
        return 2 * max(self.scores) > self.total or sum(self.pits) == 0 or self.repeated()

    def repeated(self) -> bool:
        """True when this position (pits and player, same scores) has now occurred
        ``REPETITIONS`` times: the game is going round in circles and ends."""
        return self.recent.count((self.pits, self.current_player)) >= REPETITIONS

    def is_terminal(self) -> bool:
        """Over when a player holds more than half the seeds, the board is empty (the last
        seed was taken), the position occurred three times, or the player to move has no
        allowed move (so neither has one: :func:`position` already made the other one pass)."""
        return self._ended_by_score_or_board() or self.first_legal_move() is None

    def outcome(self) -> Outcome | None:
        """Higher score wins, equal scores draw; ``reason`` says why the game ended."""
        if not self.is_terminal():
            return None
        s1, s2 = self.scores
        winner = 1 if s1 > s2 else 2 if s2 > s1 else None
        if sum(self.pits) == 0:
            reason = "awele.end.last_seed"
        elif 2 * max(self.scores) > self.total:
            reason = "awele.end.majority"
        elif self.repeated():
            reason = "awele.end.repetition"
        else:
            reason = "awele.end.no_moves"
        return Outcome(winner, reason, (("score1", s1), ("score2", s2)))

    # --- playing ------------------------------------------------------------------------------

    def illegal(self, pit: object) -> Illegal | None:
        """Why pit number ``pit`` cannot be played now (None if it can)."""
        if not isinstance(pit, int) or isinstance(pit, bool) or not 1 <= pit <= self.n:
            return Illegal("awele.illegal.not_a_pit", f"{shorten(repr(pit), 20)} is not a pit number 1..{self.n}",
                           (("n", self.n),))
        if self.is_terminal():
            return Illegal("awele.illegal.over", "the game is over")
        i = pit - 1
        if owner(i, self.n) != self.current_player:
            mover = self.current_player
            return Illegal(
                "awele.illegal.other", f"pit {pit} belongs to player {other(mover)}, player {mover} is to move"
            )
        if self.pits[i] == 0:
            return Illegal("awele.illegal.empty", f"pit {pit} is empty")
        sowing = self.sowing(i)
        if isinstance(sowing, Loop):
            return Illegal("awele.illegal.loop", f"pit {pit} would sow forever (a loop of period {sowing.period} laps)",
                           (("period", sowing.period),))
        return None

    def why_illegal(self, pit: object) -> str:
        """A sentence saying why pit number ``pit`` cannot be played now ("" if it can)."""
        why = self.illegal(pit)
        return why.text if why is not None else ""

    def play(self, pit: int) -> AweleState:
        """Play pit number ``pit``; raises :class:`IllegalMoveError` (changing nothing) otherwise."""
        why = self.illegal(pit)
        if why is not None:
            raise IllegalMoveError.because(why, shorten(repr(pit), 20), self.to_text())
        sown = self.sowing(pit - 1)
        assert isinstance(sown, Sown)
        effects = finish_move(sown, self.scores, self.current_player)
        recent = self.recent if effects.scores == self.scores else ()
        return position(
            effects.board,
            effects.scores,
            other(self.current_player),
            last_effects=effects,
            last_mover=self.current_player,
            recent=recent,
        )

    def laps(self, pit: int) -> Iterator[Lap]:
        """The lap events of pit number ``pit`` (for animation; endless if the move loops)."""
        return iter_laps(self.pits, pit - 1)

    # --- notation ------------------------------------------------------------------------------

    def move_to_text(self, move: int) -> str:
        """A move is written as its pit number."""
        return str(move)

    def parse_move(self, text: str) -> int:
        """Read a pit number."""
        try:
            return int(text.strip())
        except ValueError:
            raise GameInputError(f"'{text}' is not a pit number 1..{self.n}") from None

    def to_text(self) -> str:
        """``"4 4 4 4 4 4 4 4 4 4 4 4 / 0 0 / 1"``: pits 1..n, scores, player to move."""
        return f"{' '.join(map(str, self.pits))} / {self.scores[0]} {self.scores[1]} / {self.current_player}"

    def diagram(self) -> str:
        """Two rows as on the table: player 2's pits n..n/2+1 on top, player 1's 1..n/2 below."""
        half = self.n // 2
        width = max(2, max(len(str(v)) for v in self.pits))
        top = " ".join(f"{self.pits[i]:>{width}}" for i in range(self.n - 1, half - 1, -1))
        bottom = " ".join(f"{self.pits[i]:>{width}}" for i in range(half))
        return f"{top}\n{bottom}"

    def __str__(self) -> str:
        return self.diagram()


def work_out(state: AweleState, pit: int) -> bool:
    """Play ``pit`` on ``state`` and check every move of the position it leaves, so that the
    rules remember the long ones (:func:`sow`): a scene does this off the frame loop, then
    playing the same move on the frame thread costs well under a millisecond even on the rare
    boards whose moves take millions of laps. True when the move is allowed."""
    try:
        after = state.play(pit)
    except IllegalMoveError:
        return False
    after.legal_indices()
    return True


def _first_move(pits: tuple[int, ...], player: int, verdicts: dict[int, Sowing] | None = None) -> int | None:
    """The first allowed pit number of ``player``: quick moves first, then exact checks."""
    candidates = [i for i in camp(player, len(pits)) if pits[i]]
    now = time.perf_counter()
    for deadline in (now, None):  # first only what is decided at once, then everything
        for i in candidates:
            verdict = verdicts.get(i) if verdicts is not None else None
            if verdict is None:
                verdict = sow(pits, i, deadline)
                if verdict is not None and verdicts is not None:
                    verdicts[i] = verdict
            if verdict is not None and not verdict.loops:
                return i + 1
    return None


def check_pits(pits: tuple[int, ...] | list[int], max_total: int | None = None) -> tuple[int, ...]:
    """Validate a board: 4 or 12 whole non-negative numbers, at most ``max_total`` seeds in
    all if given (raises :class:`GameInputError`)."""
    values = tuple(pits)
    if len(values) not in PIT_COUNTS:
        raise GameInputError(f"a board has 4 or 12 pits, not {len(values)}")
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise GameInputError("pits hold whole numbers of seeds >= 0")
    if max_total is not None and sum(values) > max_total:
        raise GameInputError(f"{sum(values)} seeds on the board: at most {max_total}")
    return values


def max_seeds_in_play(n: int) -> int:
    """The most seeds a game on ``n`` pits has in play (board and scores): ``MAX_SEEDS`` a pit."""
    return n * MAX_SEEDS


def position(
    pits: tuple[int, ...] | list[int],
    scores: tuple[int, int] = (0, 0),
    player: int = 1,
    last_effects: MoveEffects | None = None,
    last_mover: int | None = None,
    recent: tuple[tuple[tuple[int, ...], int], ...] = (),
) -> AweleState:
    """The state where it is ``player``'s turn, after the passing rule: a player with no
    allowed move (empty camp, or every move loops) passes; the state keeps who was skipped.
    ``recent`` are the earlier positions with the same scores (repetition rule)."""
    values = check_pits(pits)
    if player not in (1, 2):
        raise GameInputError(f"the player to move is 1 or 2, not {player!r}")
    if len(scores) != 2 or any(not isinstance(s, int) or isinstance(s, bool) or s < 0 for s in scores):
        raise GameInputError("scores are two whole numbers >= 0")
    total, limit = sum(values) + scores[0] + scores[1], max_seeds_in_play(len(values))
    if total > limit:
        raise GameInputError(
            f"{total} seeds in play (board and scores): at most {limit} on a {len(values)}-pit board "
            f"({MAX_SEEDS} a pit)"
        )
    state = AweleState(
        values,
        (scores[0], scores[1]),
        player,
        last_effects=last_effects,
        last_mover=last_mover,
        recent=recent + ((values, player),),
    )
    if state._ended_by_score_or_board() or state.first_legal_move() is not None:
        return state
    if _first_move(values, other(player)) is None:
        return state  # neither can move: terminal, "no_moves"
    empty = not any(values[i] for i in camp(player, len(values)))
    return AweleState(
        values,
        state.scores,
        other(player),
        skipped=player,
        skip_reason=SKIP_EMPTY if empty else SKIP_LOOPS,
        last_effects=last_effects,
        last_mover=last_mover,
        recent=recent + ((values, other(player)),),
    )


def new_game(pits: int = 12, seeds: int = 4) -> AweleState:
    """The start position: ``pits`` pits (4 or 12) of ``seeds`` seeds (1..6); player 1 starts."""
    if pits not in PIT_COUNTS:
        raise GameInputError(f"the board has 4 or 12 pits, not {pits}")
    if not MIN_SEEDS <= seeds <= MAX_SEEDS:
        raise GameInputError(f"each pit starts with {MIN_SEEDS} to {MAX_SEEDS} seeds, not {seeds}")
    return position((seeds,) * pits)


def from_text(text: str) -> AweleState:
    """Read :meth:`AweleState.to_text` back (``"pits / s1 s2 / player"``)."""
    try:
        pits_text, scores_text, player_text = text.split("/")
        pits = [int(x) for x in pits_text.split()]
        s1, s2 = (int(x) for x in scores_text.split())
        player = int(player_text)
    except ValueError:
        raise GameInputError(f"'{shorten(text)}' is not an awele position like '4 4 4 4 / 0 0 / 1'") from None
    return position(pits, (s1, s2), player)


def from_diagram(diagram: str, scores: tuple[int, int] = (0, 0), player: int = 1) -> AweleState:
    """Read a two-row diagram (see the module docstring) into a state."""
    rows = [line.split() for line in diagram.strip().splitlines() if line.strip()]
    if len(rows) != 2 or len(rows[0]) != len(rows[1]):
        raise GameInputError("an awele diagram has two rows of the same length")
    try:
        top, bottom = [int(x) for x in rows[0]], [int(x) for x in rows[1]]
    except ValueError:
        raise GameInputError("an awele diagram holds whole numbers") from None
    return position(bottom + top[::-1], scores, player)


def parse_board(text: str, max_total: int | None = None) -> tuple[int, ...]:
    """Read ``"a b c ..."`` (pit order 1..n) as a board, with a clear error otherwise."""
    try:
        values = tuple(int(x) for x in text.replace(",", " ").split())
    except ValueError:
        raise GameInputError(f"'{shorten(text)}' is not a list of whole numbers of seeds") from None
    return check_pits(values, max_total)
