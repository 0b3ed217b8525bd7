"""Tournaments between awélé computer players (no pygame: the CLI and the bench use it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from games.awele.ai import SCALE, StrongPlayer, make_player
from games.awele.rules import AweleState, new_game
from games.tournament import Played, announce_after_first, play_series

#: Random plies played before the computers take over, so that deterministic players meet
#: varied positions; each opening is played twice, once with each player moving first.
OPENING_PLIES = 2
#: Balanced openings: a random opening is kept only if a fixed-depth search values it within
#: this many seeds for either side. Random first moves often capture 6 to 11 seeds at once, and
#: such openings decide the game before the players have done anything (see docs/awele.md).
BALANCE_SEEDS = 2
BALANCE_DEPTH = 8
BALANCE_TRIES = 200
OPENING_KINDS = ("balanced", "random")


@dataclass(frozen=True)
class GameResult:
    """One tournament game seen from player A: who moved first, the scores, the moves."""

    a_first: bool
    score_a: int
    score_b: int
    moves: int
    reason: str

    @property
    def result(self) -> str:
        """``"win"``, ``"draw"`` or ``"loss"`` for A."""
        return "win" if self.score_a > self.score_b else "loss" if self.score_a < self.score_b else "draw"


@dataclass
class TournamentReport:
    """Totals of a tournament, from player A's side."""

    a: str
    b: str
    openings: str = "balanced"
    games: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    think_time: dict[str, float] = field(default_factory=dict)
    think_moves: dict[str, int] = field(default_factory=dict)

    def count(self, result: str) -> int:
        """How many games A won/drew/lost."""
        return sum(1 for g in self.games if g.result == result)

    @property
    def average_margin(self) -> float:
        """Mean of A's score minus B's score."""
        return sum(g.score_a - g.score_b for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def win_rate(self) -> float:
        """Fraction of games A won."""
        return self.count("win") / len(self.games) if self.games else 0.0

    def as_dict(self) -> dict[str, object]:
        """The ``--json`` form."""
        return {
            "a": self.a,
            "b": self.b,
            "openings": self.openings,
            "games": len(self.games),
            "wins": self.count("win"),
            "draws": self.count("draw"),
            "losses": self.count("loss"),
            "win_rate": round(self.win_rate, 4),
            "average_margin": round(self.average_margin, 3),
            "average_move_seconds": {
                k: round(self.think_time[k] / max(1, self.think_moves[k]), 4) for k in self.think_time
            },
            "wins_moving_first": sum(1 for g in self.games if g.a_first and g.result == "win"),
            "wins_moving_second": sum(1 for g in self.games if not g.a_first and g.result == "win"),
            "seconds": round(self.seconds, 2),
        }


def random_opening(start: AweleState, rng: random.Random, plies: int = OPENING_PLIES) -> AweleState:
    """``plies`` uniformly random allowed moves from ``start`` (fewer if the game ends)."""
    state = start
    for _ in range(plies):
        if state.is_terminal():
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def balanced_opening(start: AweleState, rng: random.Random, plies: int = OPENING_PLIES) -> AweleState:
    """A random opening that a depth-``BALANCE_DEPTH`` search judges even (within
    ``BALANCE_SEEDS`` seeds); the most even one drawn if none qualifies in ``BALANCE_TRIES``."""
    best: tuple[int, AweleState] | None = None
    for _ in range(BALANCE_TRIES):
        state = random_opening(start, rng, plies)
        if state.is_terminal():
            continue
        judge = StrongPlayer()
        judge.search(state, None, BALANCE_DEPTH)
        imbalance = abs(judge.info.value)
        if best is None or imbalance < best[0]:
            best = (imbalance, state)
        if imbalance <= BALANCE_SEEDS * SCALE:
            break
    return best[1] if best is not None else random_opening(start, rng, plies)


def run_tournament(
    a: str,
    b: str,
    games: int,
    seed: int = 0,
    movetime: float = 1.0,
    pits: int = 12,
    seeds: int = 4,
    wrap: Callable[[range], Iterable[int]] | None = None,
    openings: str = "balanced",
) -> TournamentReport:
    """``games`` games of level ``a`` against level ``b``, first player alternating, openings
    drawn from ``seed`` (``"balanced"`` or plain ``"random"``, see :func:`balanced_opening`),
    each opening played twice. ``wrap`` may wrap the game range (a progress bar)."""
    if openings not in OPENING_KINDS:
        raise ValueError(f"openings are {' or '.join(OPENING_KINDS)}, not {openings!r}")
    rng = random.Random(seed)
    start = new_game(pits, seeds)
    current = [start]

    def opening(k: int) -> AweleState:
        if k % 2 == 0:
            current[0] = balanced_opening(start, rng) if openings == "balanced" else random_opening(start, rng)
        return current[0]

    ticks = iter(wrap(range(games))) if wrap else iter(range(games))
    announce = announce_after_first(games, f"{games} awele games")

    def on_game(k: int, played: Played) -> None:
        announce(k, played)
        next(ticks, None)

    series = play_series(
        make_player(a), make_player(b), games, start=opening, rng_for=lambda _k: rng, movetime=movetime,
        on_game=on_game, names=(a, b), on_move=announce.on_move,
    )
    for _rest in ticks:
        pass
    report = TournamentReport(a, b, openings=openings, seconds=series.seconds)
    for played in series.games:
        s1, s2 = played.final.scores
        score_a, score_b = (s1, s2) if played.a_first else (s2, s1)
        report.games.append(GameResult(played.a_first, score_a, score_b, played.moves, played.outcome.reason))
    for side, level in (("a", a), ("b", b)):
        seconds, moves, _slowest = series.think(side)
        label = f"{side.upper()}:{level}"
        report.think_time[label] = seconds
        report.think_moves[label] = moves
    return report
