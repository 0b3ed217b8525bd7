"""Infinite sowing loops: the analysis behind ``awele loop`` and ``awele loop-stats`` (no pygame).

The article's conclusion: loops are "defects", extremely rare, "about 1 chance in 1296". Here
every non-empty pit offered to a player during random games is analysed exactly, and the
fraction of those moves that would loop is measured.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from games.awele.rules import AweleState, Loop, Sown, check_pits, new_game, pending_laps, sow

#: ``awele loop`` analyses boards of up to this many seeds (twice the largest game's 72): the
#: compiled check keeps a pit in a byte, and the time a check may take grows with the seeds.
LOOP_MAX_SEEDS = 144


class Undecided(Exception):
    """The exact check was stopped at its time limit before the move ended or came back."""

    def __init__(self, laps: int, seconds: float) -> None:
        super().__init__(f"no end and no loop found yet after {laps} laps in {seconds:.2f} s")
        self.laps = laps
        self.seconds = seconds


def loop_report(pits: tuple[int, ...] | list[int], pit: int, max_seconds: float | None = None) -> dict[str, object]:
    """The ``awele loop`` answer for sowing pit number ``pit`` of ``pits`` (pit order 1..n);
    :class:`Undecided` if the exact check has not finished after ``max_seconds``."""
    board = check_pits(pits, LOOP_MAX_SEEDS)
    if not 1 <= pit <= len(board):
        raise ValueError(f"pit {pit} is not on a {len(board)}-pit board (1..{len(board)})")
    if board[pit - 1] == 0:
        raise ValueError(f"pit {pit} is empty: there is nothing to sow")
    started = time.perf_counter()
    result = sow(board, pit - 1, None if max_seconds is None else started + max_seconds)
    if result is None:
        laps = pending_laps(board, pit - 1)
        raise Undecided(laps, time.perf_counter() - started)
    if isinstance(result, Loop):
        return {"loops": True, "period": result.period, "laps_before_loop": result.laps_before_loop}
    assert isinstance(result, Sown)
    return {"loops": False, "laps": result.laps, "board": list(result.board), "last_pit": result.last + 1}


@dataclass
class LoopStats:
    """What random games met: offered moves, how many would loop, their periods."""

    games: int = 0
    positions: int = 0
    offered: int = 0
    looping: int = 0
    positions_with_loop: int = 0
    games_with_loop: int = 0
    periods: list[int] = field(default_factory=list)
    longest_finite_move: int = 0
    examples: list[tuple[str, int]] = field(default_factory=list)

    @property
    def rate(self) -> float:
        """Fraction of offered moves (non-empty pits of the player to move) that loop."""
        return self.looping / self.offered if self.offered else 0.0

    def as_dict(self) -> dict[str, object]:
        """The ``--json`` form."""
        return {
            "games": self.games,
            "positions": self.positions,
            "moves_examined": self.offered,
            "looping_moves": self.looping,
            "rate": self.rate,
            "one_in": round(1 / self.rate, 1) if self.looping else None,
            "positions_with_a_looping_move": self.positions_with_loop,
            "games_meeting_a_loop": self.games_with_loop,
            "period_min": min(self.periods) if self.periods else None,
            "period_max": max(self.periods) if self.periods else None,
            "longest_finite_move_laps": self.longest_finite_move,
            "examples": [{"position": text, "pit": pit} for text, pit in self.examples],
            "article_estimate": "1 in 1296",
        }


def examine(state: AweleState, stats: LoopStats) -> bool:
    """Count the offered moves of ``state``; True if one of them loops."""
    stats.positions += 1
    found = False
    for i, sowing in state.sowings.items():
        stats.offered += 1
        if isinstance(sowing, Loop):
            stats.looping += 1
            stats.periods.append(sowing.period)
            found = True
            if len(stats.examples) < 5:
                stats.examples.append((state.to_text(), i + 1))
        else:
            stats.longest_finite_move = max(stats.longest_finite_move, sowing.laps)
    stats.positions_with_loop += found
    return found


def loop_stats(
    games: int,
    seed: int = 0,
    pits: int = 12,
    seeds: int = 4,
    wrap: Callable[[Iterable[int]], Iterable[int]] | None = None,
) -> LoopStats:
    """Play ``games`` uniformly random games and examine every position met."""
    rng = random.Random(seed)
    stats = LoopStats()
    indices: Iterable[int] = range(games)
    for _ in wrap(indices) if wrap else indices:
        state = new_game(pits, seeds)
        met = False
        while True:
            met = examine(state, stats) or met
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        stats.games += 1
        stats.games_with_loop += met
    return stats
