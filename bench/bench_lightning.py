"""Lightning: how often ``strong`` beats ``builder`` (target >= 75 %) and how long a move takes
(target <= 1 s). Run with ``make bench``; the numbers are printed."""

from __future__ import annotations

import random
import time

import pytest

from games.lightning.ai import make_player
from games.lightning.rules import new_game

GAMES = 40


def match(a: str, b: str, games: int, seed: int) -> dict[str, float]:
    """``a`` against ``b``, seats alternating, a fresh shuffle and coin toss each game."""
    rng = random.Random(seed)
    wins = draws = 0
    slowest = total = 0.0
    moves = 0
    tiles = 0
    for game in range(games):
        state = new_game(random.Random(rng.getrandbits(32)))
        seat_a = 1 if game % 2 == 0 else 2
        players = {seat_a: make_player(a), 3 - seat_a: make_player(b)}
        while not state.is_terminal():
            start = time.perf_counter()
            move = players[state.current_player].choose(state, rng)
            spent = time.perf_counter() - start
            if state.current_player == seat_a:
                slowest, total, moves = max(slowest, spent), total + spent, moves + 1
            state = state.play(move)
        tiles += state.placed
        wins += state.winner == seat_a
        draws += state.winner is None
    return {"games": games, "wins": wins, "draws": draws, "rate": wins / games,
            "slowest": slowest, "mean": total / max(1, moves), "tiles": tiles / games}


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_strong_beats_builder() -> None:
    start = time.perf_counter()
    result = match("strong", "builder", GAMES, seed=1892)
    print(f"\nlightning strong vs builder: {result['wins']}/{result['games']} wins "
          f"({result['rate']:.0%}), {result['draws']} draws, "
          f"{result['tiles']:.0f} tiles on the board at the end; "
          f"strong's moves: slowest {result['slowest']:.3f} s, mean {result['mean']:.4f} s; "
          f"{time.perf_counter() - start:.0f} s in all")
    assert result["rate"] >= 0.75
    assert result["slowest"] <= 1.0


@pytest.mark.bench
@pytest.mark.timeout(1800)
@pytest.mark.parametrize(("a", "b"), [("builder", "random"), ("strong", "random")])
def test_against_random(a: str, b: str) -> None:
    result = match(a, b, 20, seed=7)
    print(f"\nlightning {a} vs {b}: {result['wins']}/{result['games']} wins ({result['rate']:.0%}), "
          f"slowest move {result['slowest']:.3f} s")
    assert result["rate"] >= 0.9
