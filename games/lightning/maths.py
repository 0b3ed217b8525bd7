"""The mathematics of Lightning for the science corner: the distance to victory, square by square
(pure Python, no pygame).

A player's *connection distance* (:func:`games.lightning.rules.connection_distance`) is the
fewest tiles they still need on their half to join their start edge to the centre line. The
corner writes on every square of a half the fewest tiles needed by a path *through that square*:
the squares carrying the smallest number are the best routes, and a tile that does not fit,
laid there by the opponent, makes the numbers grow: that is why blocking matters.

Both numbers come from the distance fields the computer players use (:func:`games.lightning.
ai.half_view`): the distance of every boundary point from the start edge and to the centre line.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from games.lightning.ai import half_view, make_player
from games.lightning.rules import UNREACHABLE, Cell, LightningState, Place, new_game


def cell_distances(state: LightningState, player: int) -> dict[Cell, int | None]:
    """For each square of ``player``'s half: the fewest tiles a connection through it still
    needs (a tile already there counts for nothing, an empty square for one), or ``None`` when
    no connection can pass there. The smallest value is the connection distance."""
    view = half_view(state, player)
    geo = state.geo
    result: dict[Cell, int | None] = {}
    for i in sorted(geo.half_cells[player]):
        code = state.board[i]
        ends = geo.variant_ends[i]
        best = view.through(*ends[code]) if code else view.wildcard_best(ends[1:])
        result[geo.cell(i)] = None if best >= UNREACHABLE else best
    return result


@dataclass(frozen=True)
class DemoStep:
    """One tile laid in a demonstration game: the position after it, who laid it where, and
    both players' connection distances before and after (``None``: blocked for good)."""

    state: LightningState
    mover: int
    cell: Cell
    before: tuple[int | None, int | None]
    after: tuple[int | None, int | None]

    @property
    def blocked_by(self) -> int | None:
        """The player whose tile made the *opponent's* distance grow (a blocking move)."""
        victim = 3 - self.mover
        old, new = self.before[victim - 1], self.after[victim - 1]
        grew = new is None and old is not None or (old is not None and new is not None and new > old)
        return self.mover if grew else None


def iter_demo_game(
    seed: int, levels: tuple[str, str] = ("strong", "strong"), time_budget: float = 0.15
) -> Iterator[DemoStep]:
    """A game between two computer players (``levels[0]`` is player 1), one step per tile laid,
    until someone connects or the tiles run out. The ``strong`` level blocks when the opponent
    is closer to the centre line, so blocking moves happen."""
    rng = random.Random(seed)
    state = new_game(rng)
    players = {1: make_player(levels[0]), 2: make_player(levels[1])}
    distances = (state.distance(1), state.distance(2))
    while not state.is_terminal():
        mover = state.current_player
        move = players[mover].choose(state, rng, time_budget)
        state = state.play(move)
        if isinstance(move, Place):
            after = (state.distance(1), state.distance(2))
            yield DemoStep(state, mover, move.cell, distances, after)
            distances = after
