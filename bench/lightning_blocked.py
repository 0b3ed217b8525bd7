"""Lightning, a child whose half gets blocked for good against the computer: how many turns the
game lasts, and how many of them are played after the child can no longer win (issue 40).

The child is a computer stand-in (``random``: a 3-year-old; ``builder``: a child who builds its
own path); the computer is Bébé (``random``) or Malin (``builder``). For each pairing, games on
seeds 0..N-1 (the child red, who starts by the coin toss); reported: the median turns of the games
in which the child was blocked, and the median turns played after that moment.

    python bench/lightning_blocked.py [--seeds 12]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dataclasses import replace  # noqa: E402

from games.lightning.ai import make_player  # noqa: E402
from games.lightning.rules import (  # noqa: E402
    COLS,
    HALF_ROWS,
    LightningState,
    connection_distance,
    from_board,
    new_game,
)

CHILD = 1


def one_game(child: str, computer: str, seed: int) -> tuple[int, int | None, int | None]:
    """(turns, the turn the child was first blocked for good or None, the winner or None)."""
    rng = random.Random(seed)
    state = new_game(random.Random(rng.getrandbits(32)))
    players = {CHILD: make_player(child), 3 - CHILD: make_player(computer)}
    blocked_at = None
    while not state.is_terminal():
        state = state.play(players[state.current_player].choose(state, rng))
        if blocked_at is None and connection_distance(state.geo, state.board, CHILD) is None:
            blocked_at = state.turn
    outcome = state.outcome()
    return state.turn, blocked_at, outcome.winner if outcome else None


def walled(seed: int) -> LightningState:
    """The child (red) blocked for good after 8 turns: its arrival row holds 8 straight tiles laid
    across (``I1``: west-east), which touch no point of the centre line; the computer to move,
    its half empty, the pool shuffled by ``seed``."""
    rows = ["."] * (2 * HALF_ROWS)
    rows[HALF_ROWS] = "I1" * COLS
    state = from_board("\n".join(rows).replace(".", "." * COLS), player=2)
    return replace(state, seed=seed, turn=9)


def from_the_wall(child: str, computer: str, seed: int) -> int:
    """Turns played after :func:`walled` until the game ends."""
    rng = random.Random(seed)
    state = walled(seed)
    players = {CHILD: make_player(child), 3 - CHILD: make_player(computer)}
    while not state.is_terminal():
        state = state.play(players[state.current_player].choose(state, rng))
    return state.turn - 9


def measure(child: str, computer: str, seeds: int) -> dict[str, object]:
    """Games on ``seeds`` seeds; the medians over those where the child was blocked before the
    game ended, and the turns played on from :func:`walled`."""
    games = [one_game(child, computer, seed) for seed in range(seeds)]
    blocked = [(turns, at) for turns, at, _winner in games if at is not None and at < turns]
    after_wall = [from_the_wall(child, computer, seed) for seed in range(seeds)]
    return {
        "child": child, "computer": computer, "games": seeds, "blocked_games": len(blocked),
        "median_turns_all": statistics.median(turns for turns, _at, _w in games),
        "median_turns_blocked": statistics.median(t for t, _a in blocked) if blocked else None,
        "median_turns_after_block": statistics.median(t - a for t, a in blocked) if blocked else None,
        "max_turns_after_block": max((t - a for t, a in blocked), default=None),
        "median_turns_from_the_wall": statistics.median(after_wall),
        "turns_from_the_wall": after_wall,
    }


def main(argv: list[str] | None = None) -> int:
    """Print one JSON line per pairing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=12)
    args = parser.parse_args(argv)
    for child in ("random", "builder"):
        for computer in ("random", "builder"):
            print(json.dumps(measure(child, computer, args.seeds)), flush=True)
    return 0


@pytest.mark.bench
@pytest.mark.timeout(1800)
def test_a_blocked_child_does_not_play_on() -> None:
    """Once the child is blocked for good the game is decided and ends at once."""
    for computer in ("random", "builder"):
        result = measure("random", computer, 8)
        print(json.dumps(result))
        assert result["max_turns_after_block"] in (None, 0)
        assert result["median_turns_from_the_wall"] == 0


if __name__ == "__main__":
    raise SystemExit(main())
