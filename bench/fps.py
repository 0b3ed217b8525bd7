"""Real frame rates of a visit, screen by screen: what a person sees on this machine, or on a
slow one when run under ``bench/throttle.py`` (see bench/README.md).

``python bench/fps.py GAME [GAME...] [--friend-only]``: the visitor of ``bench/bench_frames.py``
plays each game from the menu in real time (60 fps pacing, computer players thinking with their
real budgets) and this prints, per screen, the frames, the real frames per second (frames over
the wall time between their starts), the longest gap between two frames and the gaps over 33 ms
(two refreshes missed at 60 Hz).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import conftest  # noqa: E402,F401 - the project on the path and the games' screens, as for the tests
from tests.visitor import COMPUTER, FRIEND, Visit, screen_kind, visit  # noqa: E402

SIZE = (1920, 1080)


def frame_rates(result: Visit) -> list[tuple[str, int, float, float, int]]:
    """Per screen: frames, real frames per second, the longest gap between two frame starts
    (ms) and the gaps over 33 ms; the screens with most frames first."""
    gaps: dict[str, list[float]] = {}
    frames = result.frames
    for frame, following in zip(frames, frames[1:], strict=False):
        gaps.setdefault(screen_kind(frame), []).append(following.at - frame.at)
    return sorted(((screen, len(g), len(g) / sum(g), 1000 * max(g), sum(1 for x in g if x > 0.033))
                   for screen, g in gaps.items() if sum(g) > 0), key=lambda row: -row[1])


def main(argv: list[str] | None = None) -> int:
    """Visit each game and print its screens' real frame rates."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", metavar="GAME", help="the games to visit")
    parser.add_argument("--friend-only", action="store_true", help="hot-seat only (no computer thinking)")
    args = parser.parse_args(argv)
    for game in args.games:
        opponents = (FRIEND,) if args.friend_only else (COMPUTER, FRIEND)
        result = visit(game, opponents, size=SIZE, realtime=True)
        total = len(result.frames) / result.seconds if result.seconds else 0.0
        slow = sum(1 for a, b in zip(result.frames, result.frames[1:], strict=False) if b.at - a.at > 0.033)
        print(f"{game}: {len(result.frames)} frames in {result.seconds:.0f} s: {total:.1f} frames a second, "
              f"{slow} gaps over 33 ms; frame thread CPU p99 {result.p99('cpu'):.1f} ms, "
              f"worst {result.worst('cpu'):.1f} ms", flush=True)
        print(f"  {'screen':<50} {'frames':>6} {'fps':>6} {'longest gap':>11} {'gaps > 33 ms':>12}")
        for screen, count, fps, longest, gaps in frame_rates(result):
            print(f"  {screen[:50]:<50} {count:>6} {fps:>6.1f} {longest:>8.0f} ms {gaps:>12}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
