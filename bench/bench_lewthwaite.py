"""Lewthwaite and shell measurements (``make bench``). Targets are asserted so that a regression
shows up as a failure, and every number is printed in the final table."""

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.lewthwaite import solver
from games.lewthwaite.ai import PerfectPlayer
from games.lewthwaite.rules import LewthwaiteParams
from games.lewthwaite.stats import exact_stats, simulate_stats

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.bench


def _cli(*argv: str) -> tuple[float, str]:
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True, check=True)
    return time.perf_counter() - started, out.stdout


def test_solve_15x15_including_start_up(report):
    seconds, out = _cli("solve", "lewthwaite", "--rows", "15", "--cols", "15", "--hole", "7,7", "--json")
    assert json.loads(out)["winner"] in (1, 2)
    report("solve 15x15 (process start-up included)", f"{seconds * 1000:.0f} ms", "target < 1000 ms")
    assert seconds < 1.0


@pytest.mark.parametrize(("size", "target_ms"), [(5, 200), (9, 200), (15, 300)])
def test_perfect_move_time(report, size, target_ms):
    rng = random.Random(1)
    times = []
    for trial in range(20):
        params = LewthwaiteParams(size, size, (size // 2, size // 2), max_size=40)
        state = params.new_initial_state()
        for _ in range(trial % 6):  # openings of various lengths
            if not state.is_terminal():
                state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal():
            continue
        started = time.perf_counter()
        PerfectPlayer().choose(state, rng)
        times.append(time.perf_counter() - started)
    worst = max(times) * 1000
    report(f"perfect move {size}x{size} (median / worst of {len(times)})",
           f"{statistics.median(times) * 1000:.1f} / {worst:.1f} ms", f"target worst < {target_ms} ms")
    assert worst < target_ms


def test_exact_statistics_time(report):
    started = time.perf_counter()
    stats = exact_stats(LewthwaiteParams())
    seconds = time.perf_counter() - started
    report("exact random-play statistics 5x5", f"{seconds * 1000:.0f} ms",
           f"p={stats.p_first_wins:.4f} mean={stats.mean_length:.3f}")


def test_simulation_of_100000_games(report):
    started = time.perf_counter()
    stats = simulate_stats(LewthwaiteParams(), 100_000, seed=1)
    seconds = time.perf_counter() - started
    report("100 000 simulated random games 5x5", f"{seconds * 1000:.0f} ms", "target < 5000 ms")
    assert seconds < 5.0 and abs(stats.p_first_wins - 0.355) < 0.01


def test_solver_on_40x40(report):
    started = time.perf_counter()
    solver.solve_board(40, 40, (17, 22))
    report("solve 40x40 (in process)", f"{(time.perf_counter() - started) * 1000:.0f} ms")
