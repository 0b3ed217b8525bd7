"""Who wins Juniper Green, for every N and every position.

Two independent methods, cross-checked in the tests:

* **Matchings** (fast, polynomial): the player to move from the last number ``v`` wins exactly
  when ``v`` belongs to every maximum matching of the divisibility graph on ``v`` and the unused
  numbers (Fraenkel, Scheinerman, Ullman 1993; see :mod:`games.juniper.matching`). Before the
  first move, the first player wins iff some even number is missed by some maximum matching of
  the whole graph 1..N. :func:`winners` grows one matching from N = 1 upwards and needs one
  alternating search per N: every N up to 1000 in about a second.
* **The article's memoised search** (``existePiege`` / ``gagnant``, section VII; exponential):
  :func:`article_first_player_wins`. It is the reference for N <= 24 in the tests, and the
  article's own table (section VI.3) for N <= 50 is :data:`ARTICLE_FIRST_PLAYER_WINS`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from games.budget import MB, ByteCache, budgeted
from games.juniper.matching import NO_MATE, IncrementalMatching, alternating_forest, gallai_edmonds
from games.juniper.rules import JuniperState, bits, deadly_primes, even_mask, neighbour_masks, neighbours

#: Section VI.3 of the article: the values of N <= 50 for which player 1 (J1) has a winning
#: strategy; for the others (N >= 2) player 2 wins.
ARTICLE_FIRST_PLAYER_WINS = frozenset(
    [3, 8, 12, 13, 14, 16, 17, 20, 24, 27, 30, 31, 33, 34, 36, 37, 38, 39, 40, 41, 44, 48, 49, 50])
ARTICLE_MAX_N = 50


# --- every N at once -------------------------------------------------------------------------


def iter_winners(max_n: int) -> Iterator[int]:
    """The winner (1 or 2) with perfect play on 1..n, for n = 1, 2, ..., max_n, one at a time
    (so a screen can show the table filling up).

    One matching is grown incrementally; for each n one alternating forest gives the set D of
    vertices missed by some maximum matching, and player 1 wins iff D holds an even number.
    """
    matcher = IncrementalMatching(neighbours(max_n))
    for n in range(1, max_n + 1):
        outer = matcher.add_next()
        yield 1 if any(outer[e] for e in range(2, n + 1, 2)) else 2


def winners(max_n: int, on_step: Callable[[int], None] | None = None) -> list[int]:
    """``result[n - 1]`` is the winner (1 or 2) with perfect play on 1..n, for n = 1..max_n
    (see :func:`iter_winners`). ``on_step(n)`` is called after each n (progress bars)."""
    result = []
    for n, winner in enumerate(iter_winners(max_n), 1):
        result.append(winner)
        if on_step is not None:
            on_step(n)
    return result


@budgeted(2 * MB)
def first_moves_analysis(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(winning first moves, a maximum matching of 1..n as a mate tuple) for N = n."""
    adj = neighbours(n)
    present = bytearray([0] + [1] * n)
    mate, outer = gallai_edmonds(adj, present)
    return tuple(e for e in range(2, n + 1, 2) if outer[e]), tuple(mate)


def first_player_wins(n: int) -> bool:
    """True when player 1 has a winning strategy on 1..n."""
    return bool(first_moves_analysis(n)[0])


# --- any position ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    """What perfect play says about a position.

    ``to_move_wins``: the player to move has a winning strategy. ``winning_moves``: every legal
    move that keeps a winning strategy (empty when losing). ``mate``: a maximum matching of the
    graph on the last number and the unused numbers (or of 1..N before the first move).
    """

    to_move_wins: bool
    winning_moves: tuple[int, ...]
    mate: tuple[int, ...]


def _present(state: JuniperState, extra: int | None) -> bytearray:
    present = bytearray(state.n + 1)
    used = state.used
    for k in range(1, state.n + 1):
        if not used >> k & 1:
            present[k] = 1
    if extra is not None:
        present[extra] = 1
    return present


def _start_matching(n: int, present: bytearray) -> list[int]:
    """The cached maximum matching of 1..n with the absent vertices' edges dropped: a good start."""
    mate = list(first_moves_analysis(n)[1])
    for v, m in enumerate(mate):
        if m != NO_MATE and not (present[v] and present[m]):
            mate[v] = NO_MATE
    return mate


def analyse(state: JuniperState) -> Analysis:
    """Decide the position with matchings (a few alternating searches, milliseconds at N = 1000)."""
    n = state.n
    if not state.played:
        wins, first_mate = first_moves_analysis(n)
        return Analysis(bool(wins), wins, first_mate)
    v = state.played[-1]
    adj = neighbours(n)
    present = _present(state, v)
    mate, outer = gallai_edmonds(adj, present, _start_matching(n, present))
    if outer[v]:
        return Analysis(False, (), tuple(mate))
    # v is in every maximum matching; without v the rest of that matching is maximum, and the
    # winning replies are exactly the legal numbers it (or some other maximum matching) misses.
    rest = list(mate)
    rest[rest[v]] = NO_MATE
    rest[v] = NO_MATE
    present[v] = 0
    outer_rest = alternating_forest(adj, present, rest)
    assert outer_rest is not None, "a maximum matching minus a vertex of every maximum matching stays maximum"
    legal = state.legal_moves()
    return Analysis(True, tuple(u for u in legal if outer_rest[u]), tuple(mate))


def to_move_wins(state: JuniperState) -> bool:
    """True when the player to move has a winning strategy (matchings)."""
    return analyse(state).to_move_wins


def perfect_move(state: JuniperState, time_budget: float = 0.045) -> int:
    """The perfect player's move.

    Winning: follow the matching (play the last number's partner; any winning reply would do).
    Before the first move: the smallest winning even number. Losing: every move loses against
    perfect play, so resist and keep the game going as long as possible:

    * when the rest of the game is small enough (at most :data:`EXACT_NODES` positions and
      :data:`MEMO_BUDGET` bytes of tables: N = 15 from the start, N = 20 after a few moves), an
      exact search finds the move after which the game lasts
      longest if the winner hurries and the loser delays (:func:`longest_loss_move`);
    * otherwise a heuristic: the move that leaves the opponent the fewest winning replies (the
      best chance that a person slips), then the one with the most replies, then the smallest
      number. Counting winning replies costs one alternating search per candidate; past
      ``time_budget`` seconds the remaining candidates are ranked by replies only.
    """
    legal = state.legal_moves()
    if not legal:
        raise ValueError(f"no legal move in position {state.to_text()}")
    analysis = analyse(state)
    if not state.played:
        if analysis.winning_moves:
            return analysis.winning_moves[0]
        exact = longest_loss_move(state)
        return exact if exact is not None else _resist_first_move(state, legal)
    v = state.played[-1]
    if analysis.to_move_wins:
        partner = analysis.mate[v]
        return partner if partner in legal else analysis.winning_moves[0]
    exact = longest_loss_move(state)
    if exact is not None:
        return exact
    return _resist(state, legal, analysis, time_budget)


#: Largest number of distinct positions, and seconds, the exact longest-loss search may spend
#: (the perfect player must answer within 100 ms even at N = 1000).
EXACT_NODES = 400_000
EXACT_SECONDS = 0.035


#: Bytes one position of the exact search holds in its table (measured with tracemalloc: about
#: 200, the key's big integer and tuple, the value's tuple, the dict's slot).
ENTRY_BYTES = 200
#: The exact search's tables in bytes: the values kept between calls for every small N together,
#: and what one search may build (a search that would pass it gives up, as on its time limit,
#: and the matching heuristics answer). They live in a worker process, whose memory counts in the
#: kiosk's (issue 22). 150,000 positions (30 MB) bought nothing a visitor sees: a search stops
#: after ``EXACT_SECONDS`` anyway, so every move is instant whatever the tables hold (measured with
#: ``bench/worker_memory.py``: computer moves p90 0.5 ms, at most 23 ms with 4 MB). 4 MB keeps a
#: Juniper worker under 30 MB; the perfect player's losing moves and the hints stay exact in 94 %
#: of the searches at N <= 20 (99 % with 6 MB, for 5 more MB in the worker: docs/kiosk.md).
MEMO_BUDGET = 4 * MB
#: Values found by :func:`game_values` for N up to this, kept between calls per N (they never
#: change, so a game's next move then costs almost nothing), least recently used N out first;
#: the scope is Juniper's: a worker gives them back when it moves on to another game.
_MEMO_MAX_N = 40
_VALUE_MEMOS = ByteCache("games.juniper.solver.game_values", MEMO_BUDGET, scope="juniper",
                         sizer=lambda memo: len(memo) * ENTRY_BYTES)


class _TooBig(Exception):
    """The exact search would visit more than its allowance of positions."""


def _searched(used: int, last: int) -> tuple[bool, int]:
    """What :func:`game_values`' search becomes once done (its table is then freed at once)."""
    raise _TooBig


def game_values(state: JuniperState, max_nodes: int = EXACT_NODES,
                max_seconds: float | None = None) -> dict[int, tuple[bool, int]] | None:
    """For each legal move: (the mover then wins, number of moves left after it) under play where
    the winner ends the game as fast as possible and the loser as late as possible.

    A full memoised search over (numbers used, last number); ``None`` when it would visit more
    than ``max_nodes`` positions or take more than ``max_seconds`` (big N: use the matching
    heuristics instead).
    """
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    masks = neighbour_masks(state.n)
    room = MEMO_BUDGET // ENTRY_BYTES
    kept = _VALUE_MEMOS.get(state.n) if state.n <= _MEMO_MAX_N else None
    # A full table starts afresh (the positions of games gone by): the budget holds all day.
    memo: dict[tuple[int, int], tuple[bool, int]] = kept if kept is not None and len(kept) < room else {}
    start_size = len(memo)
    max_nodes = min(max_nodes, room - start_size - state.n)  # the searches under way add theirs
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * state.n + 100))

    def value(used: int, last: int) -> tuple[bool, int]:
        # (the player to move wins, moves left) from the position after ``last``.
        key = (used, last)
        found = memo.get(key)
        if found is not None:
            return found
        added = len(memo) - start_size
        if added >= max_nodes or (deadline is not None and added % 512 == 0 and time.perf_counter() > deadline):
            raise _TooBig
        free = masks[last] & ~used
        fastest_win: int | None = None
        slowest_loss = 0
        while free:
            low = free & -free
            free ^= low
            opponent_wins, left = value(used | low, low.bit_length() - 1)
            if not opponent_wins:
                fastest_win = 1 + left if fastest_win is None else min(fastest_win, 1 + left)
            else:
                slowest_loss = max(slowest_loss, 1 + left)
        found = (True, fastest_win) if fastest_win is not None else (False, slowest_loss)
        memo[key] = found
        return found

    try:
        result = {}
        for move in state.legal_moves():
            opponent_wins, left = value(state.used | 1 << move, move)
            result[move] = (not opponent_wins, left)
        return result
    except _TooBig:
        return None
    finally:
        # ``value`` refers to itself: without this the table would wait for a full garbage
        # collection to be freed (a worker doing one search after another grew past 400 MB).
        value = _searched
        if state.n <= _MEMO_MAX_N:
            _VALUE_MEMOS.put(state.n, memo)  # measured again: other N's tables make room


def longest_loss_move(state: JuniperState, max_nodes: int = EXACT_NODES,
                      max_seconds: float | None = EXACT_SECONDS) -> int | None:
    """In a lost position, the move after which the game lasts longest (exact), or ``None`` if the
    position is too big for the exact search. Ties go to the smallest number."""
    values = game_values(state, max_nodes, max_seconds)
    if values is None:
        return None
    return max(values, key=lambda m: (values[m][1], -m))


def _resist_first_move(state: JuniperState, legal: list[int]) -> int:
    """Losing before the first move: the even number leaving the fewest winning replies."""
    best: tuple[int, int, int] | None = None
    for e in legal:
        after = state.play_unchecked(e)
        replies = after.legal_moves()
        winning = len(analyse(after).winning_moves)
        key = (winning, -len(replies), e)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[2]


def _resist(state: JuniperState, legal: list[int], analysis: Analysis, time_budget: float) -> int:
    n, v = state.n, state.played[-1]
    adj = neighbours(n)
    present = _present(state, None)
    # A maximum matching of the unused numbers (v removed): the one found, with v's edge dropped.
    rest = list(analysis.mate)
    if rest[v] != NO_MATE:
        rest[rest[v]] = NO_MATE
        rest[v] = NO_MATE
    rest, _outer = gallai_edmonds(adj, present, rest)
    masks = neighbour_masks(n)
    used = state.used
    start = time.perf_counter()
    ranked: list[tuple[int, int, int]] = []
    for u in sorted(legal, key=lambda u: -(masks[u] & ~used).bit_count()):
        replies = bits(masks[u] & ~(used | 1 << u))
        if time.perf_counter() - start > time_budget:
            ranked.append((len(replies), -len(replies), u))
            continue
        # Every legal u lies in every maximum matching of the unused numbers (else it would win),
        # so dropping u's edge leaves a maximum matching of the numbers after u is played.
        after = list(rest)
        partner = after[u]
        if partner != NO_MATE:
            after[partner] = NO_MATE
        after[u] = NO_MATE
        present[u] = 0
        outer = alternating_forest(adj, present, after)
        present[u] = 1
        winning = len(replies) if outer is None else sum(1 for w in replies if outer[w])
        ranked.append((winning, -len(replies), u))
    return min(ranked)[2]


# --- the article's memoised search (section VII) -----------------------------------------


def article_first_player_wins(n: int) -> bool:
    """Player 1 wins on 1..n according to the article's ``existePiege``/``gagnant`` search.

    ``existePiege(partie)`` (player 1 to move: is there a trap?) and ``gagnant(partie)``
    (player 2 to move: do all replies fall into a trap?) call each other; a game in which
    player 2 has just played 1 is a trap, one in which player 1 has just played 1 is lost,
    because of the primes above N/2. Results are memoised on (numbers used, last number),
    which is all the future depends on.

    One correction: the "1 is a trap" shortcut needs a free prime above N/2. At N = 2 the only
    such prime is 2 itself, already played, so there the shortcut is skipped (the article's
    table gives N = 2 to player 2, as the rules do).
    """
    if n < 2:
        return False
    masks = neighbour_masks(n)
    deadly = 0
    for p in deadly_primes(n):
        deadly |= 1 << p
    full = (1 << (n + 1)) - 2
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n + 100))
    trap_memo: dict[tuple[int, int], bool] = {}
    win_memo: dict[tuple[int, int], bool] = {}

    def one_is_fatal(used: int) -> bool:
        return bool(deadly & ~used)

    def exists_trap(used: int, last: int) -> bool:
        # existePiege: player 2 just played ``last``; can player 1 move into a winning word?
        if last == 1 and one_is_fatal(used):
            return True
        key = (used, last)
        found = trap_memo.get(key)
        if found is None:
            found = False
            free = masks[last] & full & ~used
            while free:
                low = free & -free
                free ^= low
                if winning(used | low, low.bit_length() - 1):
                    found = True
                    break
            trap_memo[key] = found
        return found

    def winning(used: int, last: int) -> bool:
        # gagnant: player 1 just played ``last``; does every reply of player 2 meet a trap?
        if last == 1 and one_is_fatal(used):
            return False
        key = (used, last)
        found = win_memo.get(key)
        if found is None:
            found = True
            free = masks[last] & full & ~used
            while free:
                low = free & -free
                free ^= low
                if not exists_trap(used | low, low.bit_length() - 1):
                    found = False
                    break
            win_memo[key] = found
        return found

    return any(winning(1 << e, e) for e in bits(even_mask(n)))


def brute_force_to_move_wins(state: JuniperState) -> bool:
    """Plain memoised negamax on (numbers used, last number), no shortcut: the slow reference."""
    n = state.n
    masks = neighbour_masks(n)
    memo: dict[tuple[int, int], bool] = {}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n + 100))

    def wins(used: int, last: int) -> bool:
        key = (used, last)
        found = memo.get(key)
        if found is None:
            found = False
            free = masks[last] & ~used
            while free:
                low = free & -free
                free ^= low
                if not wins(used | low, low.bit_length() - 1):
                    found = True
                    break
            memo[key] = found
        return found

    if not state.played:
        return any(not wins(1 << e, e) for e in bits(even_mask(n)))
    return wins(state.used, state.played[-1])


# --- random play -----------------------------------------------------------------------------


def random_play_first_player_probability(n: int) -> float:
    """The exact probability that player 1 wins when both players pick uniformly random legal
    moves, by enumerating the game tree (memoised on numbers used and last number)."""
    masks = neighbour_masks(n)
    memo: dict[tuple[int, int], float] = {}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n + 100))

    def mover_wins(used: int, last: int) -> float:
        # Probability that the player about to move from ``last`` wins.
        key = (used, last)
        found = memo.get(key)
        if found is None:
            free = masks[last] & ~used
            count = free.bit_count()
            if count == 0:
                found = 0.0
            else:
                total = 0.0
                while free:
                    low = free & -free
                    free ^= low
                    total += 1.0 - mover_wins(used | low, low.bit_length() - 1)
                found = total / count
            memo[key] = found
        return found

    starts = bits(even_mask(n))
    if not starts:
        return 0.0
    return sum(1.0 - mover_wins(1 << e, e) for e in starts) / len(starts)
