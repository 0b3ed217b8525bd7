"""An accelerated day at the fair, in a process of its own: the kiosk and its scripted visitors.

48 new visits (one family every 10 minutes for 8 hours), each with a seed of its own and taking
turns at every screen (``tests/soak.py``'s PLAN: games, the physical board under the synthetic
camera with an emulated LED board, rules, science corners, the operator, a language switch),
each squeezed into a minute or two of game time, at 1920x1080. Every physical visit plays a whole
game on the real board to its end, Lightning and Lewthwaite in turn.

The day runs in a plain Python process, not inside pytest, so the memory measured is the
kiosk's and its workers' (with the visitors' script and the emulated LED board beside them),
not a test runner's. Its figures go to ``OUT/accelerated_day.json``; the verdict (:func:`verdict`)
is the issue's: at most :data:`RSS_MB` after the warm-up (the first hour; physical games
included), at most :data:`GROWTH_MB` from the first hour to the eighth, no thread or file growth,
at most 2 workers, no error logged, at least one physical game finished.

Run: ``python bench/accelerated_day.py [--seed S] [--visits N] --out DIR [--force]`` (exit 1
when the verdict fails), or ``make bench`` (``bench/bench_kiosk.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RSS_MB, GROWTH_MB = 350.0, 20.0


def run(seed: int, visits: int = 48) -> dict[str, Any]:
    """Play the day (in this process) and return its figures (the JSON's content)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import conftest  # noqa: F401 - the games' screens handed to the kiosk, as main.py does
    from tests.soak import PLAN, soak

    with tempfile.TemporaryDirectory() as state:
        day = soak(visits=visits, state=Path(state), seed=seed, warmup=len(PLAN), play=(20, 60),
                   size=(1920, 1080), physical_to_end=("lightning", "lewthwaite"))
    hour = max(1, day.visits // 8)
    first, last = day.trace[hour - 1 : hour + 2], day.trace[-3:]
    return {
        "seed": seed, "visits": day.visits, "games_opened": day.games_opened, "inputs": day.inputs,
        "kinds": day.kinds, "warmup": day.warmup, "trace_mb": day.trace,
        "workers_mb": day.workers, "caches_mb": day.caches, "uncached_mb": day.uncached,
        "hour1_mb": sorted(first)[1], "hour8_mb": sorted(last)[1],
        "growth_mb": round(sorted(last)[1] - sorted(first)[1], 1),
        "max_after_warmup_mb": day.steady_peak_mb, "max_between_visits_mb": max(day.steady),
        "uncached_growth_mb": day.steady_uncached_growth_mb,
        "baseline": day.baseline, "end": day.end,
        "physical_games": day.physical_games, "errors": day.errors, "prompts": day.prompts,
        "attract_periods": day.attract_periods, "simulated_hours": round(day.simulated_hours, 2),
        "wall_minutes": round(day.seconds / 60, 1)}


def verdict(figures: dict[str, Any]) -> list[str]:
    """What fails the day (empty: it passes)."""
    problems = []
    if figures["errors"]:
        problems.append(f"{len(figures['errors'])} error(s) logged: {figures['errors'][:3]}")
    if not any(game["result"] is not None for game in figures["physical_games"]):
        problems.append("the crowd never finished a physical game")
    if figures["growth_mb"] > GROWTH_MB:
        problems.append(f"growth from hour 1 to hour 8 {figures['growth_mb']} MB > {GROWTH_MB} MB")
    if figures["max_after_warmup_mb"] > RSS_MB:
        problems.append(f"memory after warm-up {figures['max_after_warmup_mb']} MB > {RSS_MB} MB")
    start, end = figures["baseline"], figures["end"]
    if end["threads"] > start["threads"] or end["fds"] > start["fds"]:
        problems.append(f"threads {start['threads']}->{end['threads']}, open files {start['fds']}->{end['fds']}")
    if end["workers"] > 2:
        problems.append(f"{end['workers']} workers at the end")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Run the day, write its JSON, print the verdict; 0 when it passes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--visits", type=int, default=48)
    parser.add_argument("--out", type=Path, required=True, help="folder for accelerated_day.json")
    parser.add_argument("--force", action="store_true", help="replace an accelerated_day.json already there")
    args = parser.parse_args(argv)
    if args.visits < 16:
        parser.error("--visits: at least 16 (two hours: the first is the warm-up)")
    if (args.out / "accelerated_day.json").exists() and not args.force:
        parser.error(f"{args.out / 'accelerated_day.json'} exists: --force replaces it")
    figures = run(args.seed, args.visits)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "accelerated_day.json").write_text(json.dumps(figures, indent=1))
    problems = verdict(figures)
    print(json.dumps({"ok": not problems, "problems": problems, "max_after_warmup_mb": figures["max_after_warmup_mb"],
                      "hour1_mb": figures["hour1_mb"], "hour8_mb": figures["hour8_mb"]}))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
