"""The fifth game's computer players: "random" (a child can beat it) and "perfect" (the
nim-sum), and its hint."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import reduce
from operator import xor

from tests.fifth_game.rules import Cell, NimState

LEVELS = ("random", "perfect")
DEFAULT_LEVEL = "random"


def winning_move(state: NimState) -> Cell | None:
    """A move leaving a nim-sum of zero, or None when there is none (a lost position)."""
    total = reduce(xor, state.rows, 0)
    for r, count in enumerate(state.rows):
        if count ^ total < count:
            return r, count ^ total
    return None


@dataclass
class NimPlayer:
    """Random, or perfect when ``perfect`` (a random move when every move loses)."""

    name: str
    perfect: bool = False

    def choose(self, state: NimState, rng: random.Random, time_budget: float | None = None) -> Cell:
        """The move of this player."""
        best = winning_move(state) if self.perfect else None
        return best if best is not None else rng.choice(state.legal_moves())


def make_player(level: str) -> NimPlayer:
    """The player of ``level``."""
    return NimPlayer(level, perfect=level == "perfect")


@dataclass(frozen=True)
class Hint:
    """The advice: the winning move (None when every move loses)."""

    move: Cell | None


def hint(state: NimState) -> Hint:
    """The move to play, if one wins."""
    return Hint(winning_move(state))
