"""Computer players for Lightning (pure Python, no pygame).

* ``random``: any legal move.
* ``builder``: only thinks of its own path. It lays the tile where its connection distance
  (:func:`games.lightning.rules.connection_distance`: a shortest path over boundary points with
  empty squares as wildcards) drops most, takes from the reserve only a tile that helps at
  once, and shelves a pool tile that helps nowhere.
* ``strong``: weighs both halves. A move's value is ``log(d_opp + 1/2) - log(d_me + 1/2)``, so
  a step matters more the closer a path is to the centre line: it builds when it is ahead and
  blocks when the opponent is closer. It chooses between the pool and the reserve by the
  expected value over the pool's *composition* (it never peeks at the hidden shuffle), and with
  a tile in hand it looks one turn further: for its best few moves, the opponent's best reply
  averaged over what the opponent may draw.

Speed: one search gives, for every boundary point, the distance from the start edge and to the
centre line. Laying a tile changes a path length by at most one step through that square, so
only squares on a shortest path need a fresh search (with the square blocked); every tile and
rotation there is then scored from the two fields without another search.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from games.core import RandomPlayer, Stopwatch
from games.lightning.rules import (
    SHELVE,
    TAKE_POOL,
    VARIANTS,
    LightningState,
    Move,
    Place,
    Take,
    distance_field,
)

_INF = 10**9
LEVELS = ("random", "builder", "strong")
#: The level a new game offers first: one a child can beat. ``builder`` races straight for the
#: centre line and wins about 5 games in 6 against a player who makes the best move only 85 % of
#: the time; ``random`` loses nearly every game to a child who simply builds forward.
DEFAULT_LEVEL = "random"


@dataclass
class HalfView:
    """One player's half seen by the search: distance fields and the current distance."""

    player: int
    from_start: list[int]
    to_end: list[int]
    distance: int
    blocked_cache: dict[int, HalfView] = field(default_factory=dict)

    def through(self, a: int, b: int) -> int:
        """Length of the best path using the segment a-b at no cost."""
        fs, te = self.from_start, self.to_end
        return min(fs[a] + te[b], fs[b] + te[a])

    def wildcard_best(self, pairs: tuple[tuple[int, int], ...]) -> int:
        """Best path length using the empty square (its tile pairs cost 1)."""
        return min(self.through(a, b) for a, b in pairs) + 1


def half_view(state: LightningState, player: int, board: tuple[int, ...] | None = None) -> HalfView:
    """The distance fields of ``player``'s half."""
    geo = state.geo
    board = state.board if board is None else board
    fs = distance_field(geo, board, player)
    te = distance_field(geo, board, player, from_targets=True)
    best = min(fs[t] for t in geo.targets(player))
    return HalfView(player, fs, te, best)


def value(d_me: int, d_opp: int) -> float:
    """How good the position is for "me" (higher is better), from the two distances."""
    if d_me == 0:
        return 1000.0
    if d_opp == 0:
        return -1000.0
    return math.log(min(d_opp, 60) + 0.5) - math.log(min(d_me, 60) + 0.5)


def placement_distances(state: LightningState, view: HalfView, cell_index: int) -> dict[int, int]:
    """New distance of ``view``'s player for every tile variant (by code) laid on the empty
    square ``cell_index`` of that player's half (exact, as a fresh search would find)."""
    geo = state.geo
    ends = geo.variant_ends[cell_index]
    if view.distance >= _INF or view.wildcard_best(ends[1:]) > view.distance:
        # On no shortest path: every shortest path avoids the square, so nothing laid there
        # makes the distance grow, and a shorter path through it would have been one already.
        return {code: view.distance for code in range(1, len(ends))}
    if cell_index not in view.blocked_cache:
        # The fields with the square unusable; a path then uses the new segment at most once.
        fs = distance_field(geo, state.board, view.player, blocked=cell_index)
        te = distance_field(geo, state.board, view.player, from_targets=True, blocked=cell_index)
        best = min(fs[t] for t in geo.targets(view.player))
        view.blocked_cache[cell_index] = HalfView(view.player, fs, te, best)
    without = view.blocked_cache[cell_index]
    return {code: min(without.distance, without.through(*ends[code])) for code in range(1, len(ends))}


@dataclass
class Evaluation:
    """Best placements per design for the player to move, plus the current value."""

    base: float
    best: dict[str, tuple[float, Place]]
    ranked: dict[str, list[tuple[float, Place]]]


def evaluate(state: LightningState, me: int, designs: set[str], keep: int = 1) -> Evaluation:
    """For each design, the ``keep`` best placements for ``me`` and their values."""
    geo = state.geo
    opp = 3 - me
    mine, theirs = half_view(state, me), half_view(state, opp)
    base = value(mine.distance, theirs.distance)
    ranked: dict[str, list[tuple[float, Place]]] = {d: [] for d in designs}
    for i in range(geo.size):
        cell = geo.cell(i)
        if not state.can_place_on(cell, me):
            continue
        own = geo.owner(cell) == me
        view = mine if own else theirs
        new = placement_distances(state, view, i)
        slack = _slack(view, geo.variant_ends[i][1:])
        for code, distance in new.items():
            tile = VARIANTS[code - 1]
            if tile.design not in designs:
                continue
            v = value(distance, theirs.distance) if own else value(mine.distance, distance)
            if distance == view.distance:
                v += _idle_bonus(own, slack)
            ranked[tile.design].append((v, Place(cell, tile.rotation)))
    for d in ranked:
        ranked[d].sort(key=lambda item: (-item[0], item[1].cell, item[1].rotation))
        del ranked[d][keep:]
    best = {d: items[0] for d, items in ranked.items() if items}
    return Evaluation(base, best, ranked)


def _slack(view: HalfView, pairs: tuple[tuple[int, int], ...]) -> int:
    """How much longer than the shortest path the best path through this empty square is."""
    if view.distance >= _INF:
        return _INF
    return view.wildcard_best(pairs) - view.distance


def _idle_bonus(own: bool, slack: int) -> float:
    """Tie-breaks for a tile that changes no distance: a tile on my own near-shortest routes
    removes options I may need (avoid it), one on the opponent's removes theirs (prefer it);
    elsewhere it is simply wasted, a little better on the opponent's half than on mine."""
    if own:
        return {0: -0.012, 1: -0.006}.get(slack, -0.003)
    return {0: 0.004, 1: 0.002}.get(slack, -0.001)


def pool_probabilities(state: LightningState) -> dict[str, float]:
    """Chance of each design on a pool draw (from the composition, never from the shuffle)."""
    total = state.pool_size
    return {d: n / total for d, n in state.pool_counts().items() if n} if total else {}


# --- players -----------------------------------------------------------------------------


@dataclass
class BuilderPlayer:
    """Minimises its own connection distance and ignores the opponent."""

    name: str = "builder"

    def choose(self, state: LightningState, rng: random.Random, time_budget: float | None = None) -> Move:
        """Take (reserve only when it helps now), then lay the tile where it helps most."""
        me = state.current_player
        if state.hand is None:
            view = half_view(state, me)
            gains = {}
            for design, n in state.reserve_counts().items():
                if n:
                    gains[design] = view.distance - self._best_distance(state, view, {design})[0]
            if gains and max(gains.values()) > 0 or not state.pool_size:
                return Take("reserve", max(sorted(gains), key=lambda d: gains[d]))
            return TAKE_POOL
        view = half_view(state, me)
        distance, moves = self._best_distance(state, view, {state.hand})
        if distance < view.distance or state.hand_source != "pool":
            if moves:
                return rng.choice(moves)
            return rng.choice([m for m in state.legal_moves() if isinstance(m, Place)])
        return SHELVE

    @staticmethod
    def _best_distance(state: LightningState, view: HalfView, designs: set[str]) -> tuple[int, list[Place]]:
        geo = state.geo
        best, moves = _INF, list[Place]()
        for i in geo.half_cells[view.player]:
            cell = geo.cell(i)
            if not state.can_place_on(cell, view.player):
                continue
            for code, distance in placement_distances(state, view, i).items():
                tile = VARIANTS[code - 1]
                if tile.design not in designs:
                    continue
                if distance < best:
                    best, moves = distance, []
                if distance == best:
                    moves.append(Place(cell, tile.rotation))
        moves.sort(key=lambda m: (m.cell, m.rotation))
        return best, moves


@dataclass
class StrongPlayer:
    """Builds or blocks by value, chooses its source by expectation over the pool, and looks at
    the opponent's best reply averaged over the opponent's possible draws."""

    name: str = "strong"
    lookahead: int = 3
    shelve_penalty: float = 0.02

    def choose(self, state: LightningState, rng: random.Random, time_budget: float | None = None) -> Move:
        """Pick a legal move for the player to move."""
        watch = Stopwatch(0.6 if time_budget is None else time_budget)
        me = state.current_player
        if state.hand is None:
            return self._choose_source(state, me)
        evaluation = evaluate(state, me, {state.hand}, keep=max(1, self.lookahead))
        options: list[tuple[float, Move]] = list(evaluation.ranked.get(state.hand, []))
        if state.hand_source == "pool":
            options.append((evaluation.base - self.shelve_penalty, SHELVE))
        if not options:
            return rng.choice(state.legal_moves())
        options.sort(key=lambda item: -item[0])
        if self.lookahead > 1 and len(options) > 1 and options[0][0] < 500:
            options = self._look_ahead(state, me, options[: self.lookahead], watch)
        return options[0][1]

    def _choose_source(self, state: LightningState, me: int) -> Move:
        designs = {d for d, n in state.reserve_counts().items() if n} | set(pool_probabilities(state))
        evaluation = evaluate(state, me, designs)
        shelve = evaluation.base - self.shelve_penalty
        choices: list[tuple[float, Move]] = []
        for design, n in state.reserve_counts().items():
            if n and design in evaluation.best:
                choices.append((evaluation.best[design][0], Take("reserve", design)))
        probabilities = pool_probabilities(state)
        if probabilities:
            expected = sum(
                p * max(shelve, evaluation.best.get(d, (shelve,))[0]) for d, p in probabilities.items()
            )
            choices.append((expected, TAKE_POOL))
        if not choices:
            return state.legal_moves()[0]
        choices.sort(key=lambda item: -item[0])
        return choices[0][1]

    def _look_ahead(
        self, state: LightningState, me: int, options: list[tuple[float, Move]], watch: Stopwatch
    ) -> list[tuple[float, Move]]:
        """Re-score each option by the opponent's best reply, expected over their draw."""
        rescored = []
        for k, (score, move) in enumerate(options):
            if watch.expired() and k:
                rescored.append((score - 1e-6, move))
                continue
            after = state.play(move) if not isinstance(move, Place) else state.place_unchecked(move)
            if after.is_terminal():
                ended = after.outcome()
                rescored.append((score if ended is None or ended.winner != 3 - me else -1000.0, move))
                continue
            rescored.append((-self._reply_value(after, 3 - me), move))
        rescored.sort(key=lambda item: -item[0])
        return rescored

    def _reply_value(self, state: LightningState, player: int) -> float:
        """The value for ``player`` (to move, nothing in hand) of their best take-and-place."""
        reserve = {d for d, n in state.reserve_counts().items() if n}
        probabilities = pool_probabilities(state)
        evaluation = evaluate(state, player, reserve | set(probabilities))
        shelve = evaluation.base - self.shelve_penalty
        best = -_INF * 1.0
        for design in reserve:
            if design in evaluation.best:
                best = max(best, evaluation.best[design][0])
        if probabilities:
            best = max(
                best,
                sum(p * max(shelve, evaluation.best.get(d, (shelve,))[0]) for d, p in probabilities.items()),
            )
        return best if best > -_INF else evaluation.base


def make_player(level: str) -> RandomPlayer | BuilderPlayer | StrongPlayer:
    """A computer player by level name (``random``, ``builder``, ``strong``)."""
    if level == "random":
        return RandomPlayer()
    if level == "builder":
        return BuilderPlayer()
    if level == "strong":
        return StrongPlayer()
    raise ValueError(f"unknown level '{level}' (choose from {', '.join(LEVELS)})")
