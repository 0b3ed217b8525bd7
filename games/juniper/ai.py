"""The computer players of the article's section IV (IA0 to IA4), plus the perfect player.

The article describes its players in a few words; the docstrings below say exactly what ours
do. All randomness comes from the ``rng`` handed to ``choose`` so tournaments are reproducible.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from games.juniper.rules import JuniperState, bits, deadly_primes, neighbour_masks
from games.juniper.solver import analyse, perfect_move

#: The levels in the article's order, then the perfect player.
LEVELS = ("random", "human", "semi-expert", "expert", "montecarlo", "perfect")
#: The article's names for them.
ARTICLE_NAMES = {"random": "IA0", "human": "IA1", "semi-expert": "IA2", "expert": "IA3", "montecarlo": "IA4",
                 "perfect": "parfait"}


def _check(state: JuniperState) -> list[int]:
    moves = state.legal_moves()
    if not moves:
        raise ValueError(f"no legal move in position {state.to_text()}")
    return moves


def _human_rules(state: JuniperState, moves: list[int]) -> tuple[list[int] | None, list[int]]:
    """IA1's knowledge: (a winning prime to play now or None, the moves other than 1 if any)."""
    if state.last == 1:
        primes = [p for p in deadly_primes(state.n) if p in moves]
        if primes:
            return primes, moves
    not_one = [m for m in moves if m != 1]
    return None, (not_one or moves)


def _is_trap(state: JuniperState, move: int) -> bool:
    """True when, after ``move``, the opponent has a reply that leaves us nothing but 1 (or nothing).

    That is the article's "who plays 14 loses" (at N = 20 the reply 7 leaves only 1).
    """
    masks = neighbour_masks(state.n)
    used = state.used | 1 << move
    replies = masks[move] & ~used
    while replies:
        low = replies & -replies
        replies ^= low
        ours = masks[low.bit_length() - 1] & ~(used | low)
        if ours & ~0b10 == 0:  # empty, or only the number 1
            return True
    return False


def _leaves_nothing_but_one(state: JuniperState, move: int) -> bool:
    """True when after ``move`` the opponent has no reply at all, or only the poisoned 1."""
    masks = neighbour_masks(state.n)
    return masks[move] & ~(state.used | 1 << move) & ~0b10 == 0


def _semi_expert_candidates(state: JuniperState, moves: list[int]) -> list[int]:
    """IA2's filter: a move leaving no reply (or only 1) if one exists, else safe moves (not 1, no trap)."""
    killers = [m for m in moves if m != 1 and _leaves_nothing_but_one(state, m)]
    if killers:
        return killers
    _prime, candidates = _human_rules(state, moves)
    safe = [m for m in candidates if not _is_trap(state, m)]
    return safe or candidates


@dataclass
class RandomAI:
    """IA0, "full random": a uniformly random legal move."""

    name: str = "random"

    def choose(self, state: JuniperState, rng: random.Random, time_budget: float | None = None) -> int:
        """A uniformly random legal number."""
        return rng.choice(_check(state))


@dataclass
class HumanAI:
    """IA1, "humaine": knows the two facts of the article's section III.

    1. Just after 1, a free prime above N/2 wins at once (its only neighbour is 1): play one.
    2. 1 is poison (the opponent then plays such a prime): never play 1 unless it is forced.
    Otherwise a uniformly random legal move.
    """

    name: str = "human"

    def choose(self, state: JuniperState, rng: random.Random, time_budget: float | None = None) -> int:
        """Apply the two rules, then pick at random."""
        moves = _check(state)
        primes, candidates = _human_rules(state, moves)
        return rng.choice(primes if primes else candidates)


@dataclass
class SemiExpertAI:
    """IA2, "semi expert humain": IA1 plus one move of look-ahead.

    1. If some move other than 1 leaves the opponent no reply at all, or only 1, play one
       (this includes IA1's prime after 1, and 7 after 14 at N = 20).
    2. Never 1 unless forced.
    3. Avoid traps like 14 at N = 20: a move after which the opponent can answer with a number
       that leaves us only 1 (or nothing). If every move is such a trap, ignore this rule.
    Then a uniformly random move among those left.
    """

    name: str = "semi-expert"

    def choose(self, state: JuniperState, rng: random.Random, time_budget: float | None = None) -> int:
        """Filter with the three rules, then pick at random."""
        return rng.choice(_semi_expert_candidates(state, _check(state)))


@dataclass
class ExpertAI:
    """IA3, the article's most accomplished "human" player: IA2's rules, then among the moves they
    keep, the one that leaves the opponent the fewest replies (1 counts as a reply, as in the
    article's table of possible moves); ties are broken at random."""

    name: str = "expert"

    def choose(self, state: JuniperState, rng: random.Random, time_budget: float | None = None) -> int:
        """Fewest replies for the opponent among IA2's candidates."""
        candidates = _semi_expert_candidates(state, _check(state))
        fewest = min(state.replies_after(m) for m in candidates)
        return rng.choice([m for m in candidates if state.replies_after(m) == fewest])


@dataclass
class MonteCarloAI:
    """IA4, "inhumaine": estimates each move's probability of winning by random playouts.

    For every legal move, games are finished with uniformly random moves on both sides; the
    move with the highest share of won playouts is played (ties: the smallest number). With
    ``playouts`` set, each move gets exactly that many playouts (reproducible, used by
    tournaments); otherwise playouts are spread over the moves round-robin until
    ``time_budget`` seconds (``default_budget`` when the caller gives none) are spent.
    """

    name: str = "montecarlo"
    playouts: int | None = None
    default_budget: float = 0.25

    def choose(self, state: JuniperState, rng: random.Random, time_budget: float | None = None) -> int:
        """The move with the best estimated winning probability."""
        moves = _check(state)
        if len(moves) == 1:
            return moves[0]
        wins = dict.fromkeys(moves, 0)
        runs = dict.fromkeys(moves, 0)
        masks = neighbour_masks(state.n)
        if self.playouts is not None:
            for m in moves:
                for _ in range(self.playouts):
                    wins[m] += _playout_mover_loses(masks, state.used | 1 << m, m, rng)
                runs.update(dict.fromkeys(moves, self.playouts))
        else:
            budget = self.default_budget if time_budget is None else time_budget
            deadline = time.perf_counter() + budget
            while True:
                for m in moves:
                    wins[m] += _playout_mover_loses(masks, state.used | 1 << m, m, rng)
                    runs[m] += 1
                if time.perf_counter() >= deadline:
                    break
        return max(moves, key=lambda m: (wins[m] / runs[m], -m))


def _playout_mover_loses(masks: tuple[int, ...], used: int, last: int, rng: random.Random) -> int:
    """Finish the game at random after ``last`` was played; 1 when the player who played it wins."""
    turn = 0  # 0: the opponent of the player who played ``last`` is to move
    while True:
        free = masks[last] & ~used
        if not free:
            return 1 if turn == 0 else 0
        choices = bits(free)
        last = choices[rng.randrange(len(choices))]
        used |= 1 << last
        turn ^= 1


@dataclass
class PerfectAI:
    """Perfect play from the matching theorem (see :func:`games.juniper.solver.perfect_move`):
    when winning it follows the matching; when losing it resists as long as it can."""

    name: str = "perfect"

    def choose(self, state: JuniperState, rng: random.Random, time_budget: float | None = None) -> int:
        """The perfect move (deterministic)."""
        _check(state)
        return perfect_move(state)


def make_player(level: str, playouts: int | None = None) -> RandomAI | HumanAI | SemiExpertAI | ExpertAI | \
        MonteCarloAI | PerfectAI:
    """The computer player for ``level`` (one of :data:`LEVELS`)."""
    if level == "random":
        return RandomAI()
    if level == "human":
        return HumanAI()
    if level == "semi-expert":
        return SemiExpertAI()
    if level == "expert":
        return ExpertAI()
    if level == "montecarlo":
        return MonteCarloAI(playouts=playouts)
    if level == "perfect":
        return PerfectAI()
    raise ValueError(f"unknown level '{level}' (choose from {', '.join(LEVELS)})")


#: What a new game offers: a computer a young child can beat.
DEFAULT_LEVEL = "random"


@dataclass(frozen=True)
class Hint:
    """The perfect player's advice: ``move`` to play and ``key``, the sentence that says why
    (``juniper.hint.win_now`` when the move blocks at once, ``win_one`` when only the poisoned
    1 is left, ``win``, or ``lose`` for the longest resistance)."""

    move: int
    key: str


def hint(state: JuniperState) -> Hint:
    """The hint for the player to move (the match computes it off the frame loop, once)."""
    move = perfect_move(state)
    if not analyse(state).to_move_wins:
        return Hint(move, "juniper.hint.lose")
    after = state.play(move).legal_moves()
    if not after:
        return Hint(move, "juniper.hint.win_now")
    return Hint(move, "juniper.hint.win_one" if after == [1] else "juniper.hint.win")
