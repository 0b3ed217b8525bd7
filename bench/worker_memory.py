"""The worker processes' memory and the computer's move times in Juniper Green, as the kiosk
plays it (issue 22): a visitor (random moves, a hint at each of its turns) against ``perfect``
and ``expert`` at N = 20, 30 and 100, every job through one :class:`games.workers.Pool`; then a
job for another game, then the pool left idle.

    python bench/worker_memory.py [--idle SECONDS] [--json]

Prints the workers' resident memory (MB, one figure per worker process) after each N, the
peak of their sum, the computer's move times (wall clock, as the frame loop waits for them) and
the workers left after ``--idle`` seconds (default: a little more than ``IDLE_SECONDS``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import workers  # noqa: E402
from games.budget import MB  # noqa: E402
from games.juniper.ai import hint  # noqa: E402
from games.juniper.ai import make_player as juniper_player  # noqa: E402
from games.juniper.rules import JuniperParams  # noqa: E402
from games.match import choose_move  # noqa: E402

#: (N, games against each level): the kiosk's default N, then larger ones.
SERIES = ((20, 6), (30, 3), (100, 2))
LEVELS = ("perfect", "expert")


def run(pool: workers.Pool, work: Any, brief: bool = False) -> Any:
    """``work``'s result, computed in one of ``pool``'s workers."""
    done = threading.Event()
    answer: list[Any] = []

    def finish(ok: bool, value: Any) -> None:
        answer.append((ok, value))
        done.set()

    data = workers.payload(work)
    assert data is not None
    pool.submit(workers.Task(data, finish, done.set, brief=brief))
    done.wait(120)
    ok, value = answer[0]
    if not ok:
        raise value
    return value


def worker_mb(pool: workers.Pool) -> list[float]:
    """Each worker process's resident memory in MB."""
    return [round(workers.rss_bytes(w.process.pid) / MB, 1)
            for w in pool._workers if w.process is not None]


def measure(idle: float) -> dict[str, Any]:
    """Play the series; the figures as a dictionary."""
    pool = workers.Pool()
    rng = random.Random(3)
    times: list[float] = []
    peak = 0.0
    report: dict[str, Any] = {}
    try:
        run(pool, partial(workers.preload, "games.juniper.ai"), brief=True)
        report["after preload"] = worker_mb(pool)
        for n, games in SERIES:
            for game in range(games):
                for level in LEVELS:
                    state = JuniperParams(n).new_initial_state()
                    computer = game % 2 == 0
                    while state.legal_moves():
                        if computer:
                            started = time.perf_counter()
                            move = run(pool, partial(choose_move, juniper_player, level, state,
                                                     random.Random(rng.random()), 0.15))
                            times.append(time.perf_counter() - started)
                        else:
                            run(pool, partial(hint, state))
                            move = rng.choice(state.legal_moves())
                        peak = max(peak, sum(worker_mb(pool)))
                        state = state.play(move)
                        computer = not computer
            report[f"after N={n}"] = worker_mb(pool)
        times.sort()
        report["peak total"] = peak
        report["moves"] = {"count": len(times), "median_ms": round(statistics.median(times) * 1000, 1),
                           "p90_ms": round(times[int(0.9 * len(times))] * 1000, 1),
                           "max_ms": round(times[-1] * 1000, 1)}
        run(pool, partial(workers.preload, "games.lightning.ai"), brief=True)
        report["after a job for another game"] = worker_mb(pool)
        time.sleep(idle)
        report[f"after {idle:.0f} s idle"] = worker_mb(pool)
    finally:
        pool.close()
    return report


def main() -> None:
    """Command line: see the module doc."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=float, default=getattr(workers, "IDLE_SECONDS", 45.0) + 5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = measure(args.idle)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
