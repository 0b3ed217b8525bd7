"""Issue 43's Lightning rows measured one drawing at a time: the frame thread's CPU time
(``time.thread_time``) of each frame at 1920x1080, headless, in the same conditions for every
row, so that a change can be compared before and after on a busy machine.

``python bench/lightning_frames.py [--turns N]`` prints, for hot-seat turns (the halves
resizing after each tile laid), turns against the computer, the game at rest, the win (flash
and bolt) and a new game on the science page of distances: frames, median, p99 and worst (ms).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import conftest  # noqa: E402,F401 - the project on the path and the games' screens, as for the tests
from games.lightning.ai import make_player  # noqa: E402
from games.lightning.corner import DistancePage  # noqa: E402
from games.lightning.rules import Place, Take  # noqa: E402
from games.lightning.scene import LightningScene, new_match  # noqa: E402
from kiosk.app import App, AppOptions  # noqa: E402
from kiosk.menu import MenuScene  # noqa: E402
from kiosk.science import ScienceScene  # noqa: E402
from kiosk.screens import screens_for  # noqa: E402


def timed(app: App, frames: int, into: list[float], done: Callable[[], bool] = lambda: False) -> None:
    """Run up to ``frames`` frames (until ``done()``), adding each one's CPU milliseconds."""
    for _ in range(frames):
        if done():
            return
        started = time.thread_time()
        app.tick()
        into.append((time.thread_time() - started) * 1000)


def game(blue: str, seed: int = 5) -> tuple[App, LightningScene]:
    """A game opened as from the menu (drawn ahead first), red played by a person."""
    app = App(AppOptions(frames=1, size=(1920, 1080), seed=seed, mute=True))
    app.home_factory = MenuScene
    scene = LightningScene(app, new_match(app, "human", blue))
    app.prepare(scene.prepare)
    app.start(scene)
    for _ in range(30):
        app.tick()
    return app, scene


def turns(blue: str, count: int) -> list[float]:
    """``count`` turns of the person (take, then lay), every frame timed."""
    app, scene = game(blue)
    times: list[float] = []
    for _ in range(count):
        timed(app, 600, times, lambda: scene.person_to_move() and not scene.busy())
        for kind in (Take, Place):
            moves = [m for m in scene.state.legal_moves() if isinstance(m, kind)]
            scene.play(moves[len(moves) // 2])
            timed(app, 40, times)
    app.close()
    return times


def at_rest() -> list[float]:
    """The game waiting for the person to lay the tile in hand."""
    app, scene = game("builder")
    timed(app, 600, [], lambda: scene.person_to_move() and not scene.busy())
    scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Take)))
    timed(app, 60, [])
    times: list[float] = []
    timed(app, 300, times)
    app.close()
    return times


def win() -> list[float]:
    """The frames after the winning tile: the flash, the bolt growing and flickering."""
    app, scene = game("builder")
    rng, helper = random.Random(1), make_player("builder")
    while not scene.match.is_over():
        timed(app, 600, [], lambda: scene.match.is_over() or (scene.person_to_move() and not scene.busy()))
        if not scene.match.is_over():
            scene.play(helper.choose(scene.state, rng, 0.05))
    times: list[float] = []
    timed(app, 100, times)
    app.close()
    return times


def science() -> list[float]:
    """The page of distances: a new game's first positions."""
    app = App(AppOptions(frames=1, size=(1920, 1080), seed=3, mute=True))
    app.home_factory = MenuScene
    app.start(MenuScene(app))
    make = screens_for("lightning").make_science_scene
    assert make is not None
    corner = make(app, 0)
    assert isinstance(corner, ScienceScene)
    app.stack.push(corner)
    timed(app, 200, [])
    assert isinstance(corner.page, DistancePage)
    corner.page.new_game()
    times: list[float] = []
    timed(app, 120, times)
    app.close()
    return times


def main() -> int:
    """Print a line per row."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=8, help="turns of each game (default 8)")
    args = parser.parse_args()
    rows = {"hot-seat turns": lambda: turns("human", args.turns), "turns against the computer":
            lambda: turns("builder", args.turns), "at rest, a tile in hand": at_rest, "a win": win,
            "science page, a new game": science}
    for name, run in rows.items():
        times = sorted(run())
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"{name:<28} {len(times):>5} frames  median {statistics.median(times):5.2f}  p99 {p99:5.2f}  "
              f"worst {times[-1]:5.2f} ms  (load {os.getloadavg()[0]:.1f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
