"""Issue 43's figures per game in one line each: the visitor of ``bench/bench_frames.py`` plays
each game (against the strongest computer, then hot-seat) and this prints the frame thread's
CPU p99 and worst frame, the p99 at rest, and with ``--rows`` the screens and actions over
the targets.

``python bench/flows.py [GAME ...] [--devices] [--back-to-back] [--rows]``: ``--devices`` turns
the synthetic camera and an emulated LED board on (``tests/visitor.py``'s ``devices``);
``--back-to-back`` runs the frames without the 60 fps pacing (each still advancing 1/60 s: the
same screens in less time, the computer thinking its real time meanwhile).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import conftest  # noqa: E402,F401 - the project on the path and the games' screens, as for the tests
from bench.bench_frames import IDLE_MS, P99_MS, WORST_MS, idle_p99, idle_worst, misses  # noqa: E402
from tests.visitor import COMPUTER, FRIEND, breakdown, game_scene_games, visit  # noqa: E402

SIZE = (1920, 1080)


def main() -> int:
    """Visit the games named (all by default) and print a line of figures for each (JSON with
    ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to visit (default: every game)")
    parser.add_argument("--devices", action="store_true", help="the synthetic camera and an emulated LED board on")
    parser.add_argument("--back-to-back", action="store_true", help="frames without the 60 fps pacing")
    parser.add_argument("--rows", action="store_true", help="also the screens and actions over the targets")
    parser.add_argument("--json", action="store_true", help="one JSON object a game")
    args = parser.parse_args()
    for game in args.games or game_scene_games():
        result = visit(game, (COMPUTER, FRIEND), size=SIZE, realtime=not args.back_to_back, devices=args.devices)
        figures = {"game": game, "devices": args.devices, "frames": len(result.frames),
                   "cpu_p99_ms": round(result.p99("cpu"), 2), "cpu_worst_ms": round(result.worst("cpu"), 2),
                   "rest_p99_ms": round(idle_p99(result), 2), "rest_worst_ms": round(idle_worst(result), 2),
                   "wall_p99_ms": round(result.p99(), 2), "led_frames": result.led_frames,
                   "load": round(os.getloadavg()[0], 1)}
        if args.json:
            print(json.dumps(figures), flush=True)
        else:
            print(f"{game}{' (devices on)' if args.devices else ''}: {len(result.frames)} frames, CPU p99 "
                  f"{figures['cpu_p99_ms']:.2f} ms (target {P99_MS:.0f}), worst {figures['cpu_worst_ms']:.2f} "
                  f"({WORST_MS:.0f}), at rest p99 {figures['rest_p99_ms']:.2f} ({IDLE_MS:.0f}); wall p99 "
                  f"{figures['wall_p99_ms']:.1f} ms; LED frames {result.led_frames}; load {figures['load']}",
                  flush=True)
        if args.rows:
            for row in breakdown(result.frames):
                if misses(row):
                    print(f"    {row.screen[:46]:<46} {row.action[:30]:<30} {row.frames:>6} {row.median:>6.2f} "
                          f"{row.p99:>6.2f} {row.worst:>6.2f}  {', '.join(misses(row))}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
