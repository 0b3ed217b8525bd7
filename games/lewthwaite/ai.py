"""Computer players for Lewthwaite's game, from "plays like a 3-year-old" to perfect.

All share the ``choose(state, rng, time_budget)`` interface of :mod:`games.core`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.core import Player, RandomPlayer
from games.lewthwaite import solver
from games.lewthwaite.rules import Cell, LewthwaiteState


@dataclass
class GreedyPlayer:
    """Leaves the opponent the fewest replies (a move that blocks them at once wins);
    ties are broken at random so it does not always play the same game."""

    name: str = "greedy"

    def choose(self, state: LewthwaiteState, rng: random.Random, time_budget: float | None = None) -> Cell:
        """The move after which the opponent has the fewest legal moves."""
        scored = [(len(state.play(m).legal_indices()), m) for m in state.legal_moves()]
        fewest = min(score for score, _ in scored)
        return rng.choice([m for score, m in scored if score == fewest])


@dataclass
class PerfectPlayer:
    """Never loses a won position: it follows a maximum matching (the domino strategy).

    In a lost position every move loses against perfect play, so it makes the game last: when
    the remaining region is small enough (5x5 boards, late middle games) it searches exactly for
    the move after which the game lasts longest against an opponent who wins as fast as
    possible; otherwise it prefers the largest region still reachable by the hole, then the
    largest share of opponent replies that would hand the win back. A child in a won position
    can still win, but has to keep playing well until the end.
    """

    name: str = "perfect"
    exact_region: int = 30

    def choose(self, state: LewthwaiteState, rng: random.Random, time_budget: float | None = None) -> Cell:
        """A winning move when there is one, else the most resilient losing move."""
        analysis = solver.analyse(state)
        if analysis.wins:
            assert analysis.best is not None
            return analysis.best
        region = solver.reachable_count(state.geo, solver.active_cells(state), state.path[-1])
        if region <= self.exact_region:
            move = solver.longest_losing_move(state)
            if move is not None:
                return move
        return max(state.legal_moves(), key=lambda m: self._resilience(state, m))

    @staticmethod
    def _resilience(state: LewthwaiteState, move: Cell) -> tuple[int, float]:
        after = state.play(move)
        cells = solver.active_cells(after)
        region = solver.reachable_count(after.geo, cells, after.path[-1])
        replies = after.legal_moves()
        if not replies:
            return (region, 1.0)
        blunders = sum(1 for reply in replies if solver.to_move_wins(after.play(reply)))
        return (region, blunders / len(replies))


#: Computer levels, weakest first: "plays like a 3-year-old", a greedy child, perfect.
LEVELS = ("random", "greedy", "perfect")
#: What a new game offers: a computer a young child can beat.
DEFAULT_LEVEL = "random"
PLAYER_KINDS = ("human", *LEVELS)


def make_player(kind: str) -> Player:
    """A computer player by name: ``random``, ``greedy`` or ``perfect``."""
    players: dict[str, type] = {"random": RandomPlayer, "greedy": GreedyPlayer, "perfect": PerfectPlayer}
    if kind not in players:
        raise ValueError(f"unknown computer player '{kind}' (choose from {', '.join(players)})")
    return players[kind]()


@dataclass(frozen=True)
class Hint:
    """The perfect player's advice: the move to play, whether it wins, and the dominoes to
    draw (after a winning move they cover every cell the opponent can reach)."""

    move: Cell | None
    wins: bool
    pairing: tuple[tuple[Cell, Cell], ...]


def hint(state: LewthwaiteState) -> Hint:
    """What the hint button shows (slow on big boards: the match computes it off the frame
    loop, once per position)."""
    if state.is_terminal():
        return Hint(None, False, ())
    analysis = solver.analyse(state)
    if analysis.wins:
        hole = state.hole
        return Hint(analysis.best, True, tuple(p for p in analysis.pairing if hole not in p))
    move = PerfectPlayer().choose(state, random.Random(0))
    return Hint(move, False, analysis.pairing)
