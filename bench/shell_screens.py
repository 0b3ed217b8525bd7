"""Frame-thread CPU time of the shell's screens at 1920x1080, frames back to back (quicker and
steadier than the real-time visit of ``bench_frames.py``'s ``test_the_shell_at_60_fps``): the menu
at rest, every rules page of every game, every science tab, attract mode, the settings.

``python bench/shell_screens.py [GAME...] [--warm-up]`` prints, per screen, the frames and their
CPU median, p99 and worst (ms). The kiosk is not warmed up first (the first frames of a screen
draw its layers), as in ``docs/kiosk.md``'s before/after table; then the heap the garbage
collector walks is unfrozen, and a full collection (the one made when a screen is left, or an
automatic one) takes 13-23 ms of a frame: the first frames back on the menu and attract mode's
worst frame are those. ``--warm-up`` warms the kiosk up first as it does when it starts
(``kiosk.warmup.warm_up``, which freezes that heap: the same collections take 0.4-2 ms).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import conftest  # noqa: E402,F401 - the project on the path and the games' screens, as for the tests
from kiosk.app import App  # noqa: E402
from kiosk.demo import DemoScene  # noqa: E402
from kiosk.menu import MenuScene  # noqa: E402
from kiosk.operator import SettingsScene  # noqa: E402
from kiosk.overlays import RulesScene  # noqa: E402
from kiosk.screens import playable_games  # noqa: E402
from kiosk.stack import Screen  # noqa: E402
from kiosk.warmup import warm_up  # noqa: E402
from tests.visitor import make_app, percentile  # noqa: E402


class Screens:
    """Frames of one app, their CPU times (ms) by screen."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.rows: dict[str, list[float]] = {}

    def open(self, name: str, scene: Screen) -> None:
        """Open ``scene`` as the kiosk does (drawn ahead, off the frame thread: kiosk/prepare.py),
        the frames until it shows timed under ``name``."""
        self.app.push_drawn(scene, scene.prepare)
        while self.app.stack.top is not scene:
            self.measure(name, 1, 0)

    def measure(self, name: str, frames: int, settle: int = 30) -> None:
        """``settle`` frames, then ``frames`` timed under ``name``."""
        for _ in range(settle):
            self.app.tick()
        times = self.rows.setdefault(name, [])
        for _ in range(frames):
            started = time.thread_time()
            self.app.tick()
            times.append(1000 * (time.thread_time() - started))


def main(argv: list[str] | None = None) -> int:
    """Visit the shell's screens and print their frame times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="only these games' rules and science tabs")
    parser.add_argument("--warm-up", action="store_true", help="warm the kiosk up first, as it does when it starts")
    args = parser.parse_args(argv)
    app = make_app((1920, 1080))
    if args.warm_up:
        warm_up(app)
    screens = Screens(app)
    app.start(MenuScene(app))
    screens.measure("menu at rest", 900, 60)
    for info, game_screens in playable_games():
        if args.games and info.key not in args.games:
            continue
        game = game_screens.make_scene(app)
        game.ask_seats = False
        screens.open("game arriving", game)
        screens.measure("game arriving", 20, 0)
        game.show_rules()
        app.tick()
        rules = app.stack.top
        assert isinstance(rules, RulesScene)
        for page in range(len(rules.pages)):
            rules.page, rules.page_time = page, 0.0
            screens.measure("rules page", 120, 10)
        app.go_home(keep=False)
        app.wait_for_screens_ahead(60.0)  # the menu is drawn ahead
        screens.measure("menu", 10, 0)
        if game_screens.make_science_scene is not None:
            corner = game_screens.make_science_scene(app, 0)
            app.stack.push(corner)
            app.tick()
            for tab in range(len(corner.pages)):
                corner.open(tab)
                screens.measure(f"science {info.key} tab {tab}", 180, 30)
            app.stack.pop()
            screens.measure("menu", 10, 0)
    screens.open("attract", DemoScene(app))
    screens.measure("attract", 2400, 30)
    app.go_home(keep=False)
    app.wait_for_screens_ahead(60.0)  # the menu is drawn ahead
    app.tick()
    app.stack.push(SettingsScene(app))
    screens.measure("settings", 240, 30)
    app.close()
    print(f"{'screen':<34} {'frames':>6} {'median':>7} {'p99':>7} {'worst':>7}")
    for name, times in screens.rows.items():
        print(f"{name:<34} {len(times):>6} {statistics.median(times):>7.2f} {percentile(times, 0.99):>7.2f} "
              f"{max(times):>7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
