"""Hexapawn's computer players: random ("Bébé"), the learning machine (Gardner's matchboxes)
and perfect (the solved game). All share ``choose(state, rng, time_budget)``."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.core import Player, RandomPlayer
from games.hexapawn import solver
from games.hexapawn.machine import Machine, fresh
from games.hexapawn.rules import HexapawnState, Move

#: Computer levels, weakest first (the learning machine starts as weak as random and ends perfect
#: as Black).
LEVELS = ("random", "matchbox", "perfect")
#: The exhibit: the machine that learns from the day's visitors (a fresh one loses often).
DEFAULT_LEVEL = "matchbox"
#: The learning machine's level name.
MACHINE = "matchbox"


@dataclass
class PerfectPlayer:
    """Plays from the solved game: the fastest win, or in a lost position the longest defence,
    at random among equals."""

    name: str = "perfect"

    def choose(self, state: HexapawnState, rng: random.Random, time_budget: float | None = None) -> Move:
        """A best move."""
        return rng.choice(solver.best_moves(state))


@dataclass
class MatchboxPlayer:
    """The learning machine at the board: draws a bead from the box of the position. It learns
    only when told the end of a game (:meth:`games.hexapawn.machine.Machine.learn`): the kiosk
    hands it the day's machine, ``players("matchbox")`` a fresh one."""

    machine: Machine = field(default_factory=fresh)
    name: str = MACHINE

    def choose(self, state: HexapawnState, rng: random.Random, time_budget: float | None = None) -> Move:
        """The move of the bead drawn."""
        return self.machine.draw(state, rng).move


def make_player(level: str) -> Player[HexapawnState, Move]:
    """A computer player by level: ``random``, ``matchbox`` (a fresh machine) or ``perfect``."""
    if level == "random":
        return RandomPlayer()
    if level == MACHINE:
        return MatchboxPlayer()
    if level == "perfect":
        return PerfectPlayer()
    raise ValueError(f"unknown hexapawn level '{level}' (choose from {', '.join(LEVELS)})")


@dataclass(frozen=True)
class Hint:
    """The solved game's advice: the move to play and whether it wins."""

    move: Move | None
    wins: bool


def hint(state: HexapawnState) -> Hint:
    """A winning move when there is one, else the longest defence."""
    if state.is_terminal():
        return Hint(None, False)
    return Hint(solver.best_moves(state)[0], solver.value(state).wins)
