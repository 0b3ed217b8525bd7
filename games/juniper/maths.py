"""The mathematics behind Juniper Green, for the science corner and the explainer pages
(pure Python, no pygame).

Everything is computed from the rules (:mod:`games.juniper.rules`), the matching solver
(:mod:`games.juniper.solver`) and the blossom algorithm (:mod:`games.juniper.matching`):

* who wins for each N, and the pattern of the rare second-player wins;
* the proof for one N: a maximum matching of the divisibility graph ("pairs of friends") that
  the winner follows, and a game where the winner always answers with the partner;
* the article's trap in layers (P0, P1, P2) for any N, and its "14 loses" example for any N.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from games.juniper.matching import NO_MATE, gallai_edmonds, matching_size, presence
from games.juniper.rules import JuniperParams, JuniperState, bits, deadly_primes, is_prime, neighbour_masks, neighbours
from games.juniper.solver import first_moves_analysis

#: The table of winners goes this far (the solver's matchings reach it in about a second).
TABLE_MAX_N = 1000
#: The divisibility graph is drawn up to this N (beyond, too many lines to read).
GRAPH_MAX_N = 30


# --- who wins for each N ----------------------------------------------------------------------


@dataclass(frozen=True)
class WinnerPattern:
    """What a table of winners for N = 1..checked shows: the second player's rare wins."""

    checked: int
    second_wins: tuple[int, ...]

    @property
    def last_second_win(self) -> int | None:
        """The largest N the second player wins (``None`` if none)."""
        return self.second_wins[-1] if self.second_wins else None

    @property
    def first_wins(self) -> int:
        """How many N the first player wins."""
        return self.checked - len(self.second_wins)


def winner_pattern(table: list[int]) -> WinnerPattern:
    """Summarise ``table[n - 1]`` = winner on 1..n (from :func:`games.juniper.solver.iter_winners`)."""
    return WinnerPattern(len(table), tuple(n for n, w in enumerate(table, 1) if w == 2))


# --- the proof for one N -----------------------------------------------------------------------


def divisibility_edges(n: int) -> list[tuple[int, int]]:
    """Every pair (a, b), a < b <= n, where a divides b: the lines of the graph."""
    adj = neighbours(n)
    return [(a, b) for a in range(1, n + 1) for b in adj[a] if b > a]


@dataclass(frozen=True)
class MatchingProof:
    """The winner's plan for N = ``n``.

    ``pairs``: a maximum matching of the numbers 1..n (pairs of "friends", one dividing the
    other). When the first player wins, ``start`` is an even number the matching leaves alone:
    start there, then answer every number with its partner. When the second player wins, every
    even number is paired in every maximum matching: whatever the first player starts with, the
    second answers with its partner. ``alone``: the numbers without a partner.
    """

    n: int
    winner: int
    start: int | None
    pairs: tuple[tuple[int, int], ...]
    alone: tuple[int, ...]

    def partner(self) -> dict[int, int]:
        """Each paired number mapped to its partner."""
        mate: dict[int, int] = {}
        for a, b in self.pairs:
            mate[a], mate[b] = b, a
        return mate


@cache
def matching_proof(n: int) -> MatchingProof:
    """The plan of the winner on 1..n (milliseconds, even at N = 1000)."""
    if n < 2:
        raise ValueError("Juniper Green needs N >= 2 (an even number to start)")
    winning, mate_tuple = first_moves_analysis(n)
    mate = list(mate_tuple)
    start = winning[0] if winning else None
    if start is not None and mate[start] != NO_MATE:
        # The start is missed by *some* maximum matching: find one with the start removed.
        present = presence(n + 1, range(1, n + 1))
        present[start] = 0
        mate[mate[start]] = NO_MATE
        mate[start] = NO_MATE
        mate, _outer = gallai_edmonds(neighbours(n), present, mate)
        assert matching_size(mate) == matching_size(mate_tuple), "the start must be avoidable"
    pairs = tuple((a, b) for a, b in enumerate(mate) if b > a)
    alone = tuple(k for k in range(1, n + 1) if mate[k] == NO_MATE)
    return MatchingProof(n, 1 if winning else 2, start, pairs, alone)


def proof_game(n: int, rng: random.Random) -> JuniperState:
    """A game where the loser moves at random and the winner answers every number with its
    partner in :func:`matching_proof` (the first player starting on the lone even number). The
    rules engine checks every move: the proof says the partner is always free."""
    proof = matching_proof(n)
    partner = proof.partner()
    state = JuniperParams(n).new_initial_state()
    if proof.winner == 1:
        assert proof.start is not None
        state = state.play(proof.start)
    while not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal():
            break  # never happens (the proof): the winner would be stuck
        state = state.play(partner[state.played[-1]])
    return state


# --- the article's trap in layers ---------------------------------------------------------------


@dataclass(frozen=True)
class TrapLayers:
    """The first layers of the article's trap for N = ``n`` (section V.2), shortest words first.

    A word is a game so far (``(2, 6, 3)``: the first player played 2, the second 6, ...);
    the tree stops at the number 1. ``p0``: even-length words ending in 1 (the second player
    has just played 1: the first player wins with a prime above N/2). ``p1``: odd-length words
    after which the only number left is 1. ``p2``: even-length words from which one move leads
    into ``p1``. ``complete``: every word was examined, so the layers are whole; otherwise they
    hold the first words found (at most ``examples`` each, possibly none for a deep layer).
    """

    n: int
    p0: tuple[tuple[int, ...], ...]
    p1: tuple[tuple[int, ...], ...]
    p2: tuple[tuple[int, ...], ...]
    complete: bool


def _words(masks: tuple[int, ...], n: int, length: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every word of exactly ``length`` numbers with its used-numbers mask, in dictionary order.
    The tree stops at 1: a word ending in 1 is never extended."""
    stack: list[tuple[tuple[int, ...], int]] = [((e,), 1 << e) for e in range(n - n % 2, 1, -2)]
    while stack:
        word, used = stack.pop()
        if len(word) == length:
            yield word, used
        elif word[-1] != 1:
            stack.extend((word + (x,), used | 1 << x) for x in reversed(bits(masks[word[-1]] & ~used)))


def _layer_of(masks: tuple[int, ...], word: tuple[int, ...], used: int) -> int | None:
    """0, 1 or 2 for a word of P0, P1 or P2 (see :class:`TrapLayers`), else ``None``."""
    last = word[-1]
    even = len(word) % 2 == 0
    if last == 1:
        return 0 if even else None
    free = masks[last] & ~used
    only_one = 1 << 1  # the mask of the number 1 alone
    if not even:
        return 1 if free == only_one else None
    free &= ~only_one
    while free:
        low = free & -free
        free ^= low
        if masks[low.bit_length() - 1] & ~(used | low) == only_one:
            return 2
    return None


@cache
def trap_layers(n: int, examples: int = 6, max_words: int = 4000) -> TrapLayers:
    """Sort the words of the game tree into layers, shortest words first. Small trees (up to
    ``max_words`` words) are sorted whole; in a larger one the search stops once it has gone
    past ``max_words`` words and found at least one word of each layer, and keeps the first
    ``examples`` of each (so it stays well under a second even at N = 1000)."""
    masks = neighbour_masks(n)
    layers: tuple[list[tuple[int, ...]], ...] = ([], [], [])
    total = 0
    length = 1
    complete = True
    while complete:
        found = False
        for word, used in _words(masks, n, length):
            found = True
            total += 1
            layer = _layer_of(masks, word, used)
            if layer is not None:
                layers[layer].append(word)
            if total > max_words and (all(layers) or total > 4 * max_words):
                complete = False
                break
        if not found:
            break
        length += 1
    if not complete:
        layers = tuple(kept[:examples] for kept in layers)
    return TrapLayers(n, tuple(layers[0]), tuple(layers[1]), tuple(layers[2]), complete)


def word_text(word: tuple[int, ...]) -> str:
    """A word written with dashes (``2-6-3-1``): from N = 10 on, digits alone would be ambiguous."""
    return "-".join(map(str, word))


# --- "14 loses" for any N ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PoisonedMove:
    """The article's "whoever plays 14 loses" (N = 20), for any N.

    ``prime`` p has only two neighbours up to N: 1 and ``move`` = 2p (as 3p > N). Play 2p, and
    the opponent answers p; only 1 is left for you, and after 1 the opponent plays ``blocker``, a
    prime above N/2, whose only neighbour is 1: you are stuck.
    """

    move: int
    prime: int
    blocker: int


def poisoned_move(n: int) -> PoisonedMove | None:
    """The example for N = ``n`` with the largest such prime, or ``None`` when there is none."""
    blockers = deadly_primes(n)
    for p in range(n // 2, 1, -1):
        if is_prime(p) and 3 * p > n and blockers:
            return PoisonedMove(2 * p, p, blockers[0])
    return None
