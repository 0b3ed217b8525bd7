"""The kiosk's changes of screen at 1920x1080, frame thread CPU time of their worst frame: a game
opened from the menu (the tap until 20 frames of its "who plays" card), the game after its card
(the card's "Play" until 60 frames later), back on the menu (the 60 frames after), attract mode
starting and its changes of game. The kiosk is warmed up first, as ``kiosk.runner.run_app``
does (every screen drawn once, each game's pictures given back, ``gc.freeze``), and runs as at the
fair (not headless: screens drawn ahead on a thread of their own, kiosk/prepare.py); frames back
to back, through the kiosk's own paths (a tap on the menu's card, the attendant), so the same
script measures an older kiosk.

``python bench/switches.py [GAME...]`` prints each change's worst frame (ms) and its page faults.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402

import conftest  # noqa: E402,F401 - the project on the path and the games' screens, as for the tests
from kiosk import demo  # noqa: E402
from kiosk.app import App  # noqa: E402
from kiosk.demo import DemoScene  # noqa: E402
from kiosk.menu import MenuScene  # noqa: E402
from kiosk.seats import SeatsScene  # noqa: E402
from kiosk.warmup import warm_up  # noqa: E402
from tests.visitor import game_scene_games, make_app  # noqa: E402

#: Frames a change may take before its screen shows (drawn ahead: a few).
PATIENCE = 600


class Worst:
    """The worst frame (CPU ms, page faults) of each change, by name."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.rows: dict[str, tuple[float, int]] = {}

    def frame(self) -> tuple[float, int]:
        """One frame: its CPU ms and page faults on the frame thread."""
        usage = resource.getrusage(resource.RUSAGE_THREAD)
        started = time.thread_time()
        self.app.tick()
        spent = 1000 * (time.thread_time() - started)
        return spent, resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - usage.ru_minflt

    def note(self, name: str, frame: tuple[float, int]) -> None:
        """Keep ``frame`` under ``name`` if it is the worst there."""
        if frame[0] > self.rows.get(name, (0.0, 0))[0]:
            self.rows[name] = frame

    def frames(self, name: str, count: int = 1) -> None:
        """Run ``count`` frames, their worst kept under ``name``."""
        for _ in range(count):
            self.note(name, self.frame())

    def until(self, name: str, shown: type) -> None:
        """Frames under ``name`` until the top screen is a ``shown``."""
        for _ in range(PATIENCE):
            if isinstance(self.app.stack.top, shown):
                return
            self.frames(name)
            # The next screen is drawn on a thread: frames at rest (0.03 ms) can outrun it.
            self.app.wait_for_screens_ahead(60.0)
        raise RuntimeError(f"no {shown.__name__} after {PATIENCE} frames")


def tap(app: App, pos: tuple[int, int]) -> None:
    """A finger on the screen at the logical ``pos`` (in window pixels, as SDL posts it)."""
    native = app.screen.to_native(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=native, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=native, button=1))


def main(argv: list[str] | None = None) -> int:
    """Visit the changes of screen and print their worst frames."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="only these games")
    parser.add_argument("--changes", type=int, default=5, help="attract mode's changes of game (default 5)")
    args = parser.parse_args(argv)
    app = make_app((1920, 1080))
    warm_up(app)
    app.start(MenuScene(app))
    worst = Worst(app)
    worst.frames("menu at rest", 120)
    for game in args.games or game_scene_games():
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        tap(app, menu.cards[[info.key for info, _screens in menu.games].index(game)][0].center)
        worst.until(f"{game}: the menu's card to its who-plays card", SeatsScene)
        worst.frames(f"{game}: the menu's card to its who-plays card", 20)
        card = app.stack.top
        assert isinstance(card, SeatsScene)
        card.play_button.on_click()
        worst.frames(f"{game}: the card's Play, the game", 60)
        app.go_home(keep=False)
        app.wait_for_screens_ahead(60.0)  # the menu is drawn ahead
        worst.frames(f"{game}: back on the menu", 60)
    app.attendant.start_attract()
    worst.until("attract mode starting", DemoScene)
    attract = app.stack.top
    assert isinstance(attract, DemoScene)
    worst.frames("attract mode starting", 10)
    for _ in range(args.changes):
        index = attract.index
        attract.elapsed = demo.GAME_SECONDS - 3.0  # the next game soon (drawn ahead, 2 s before)
        for _ in range(PATIENCE):
            frame = worst.frame()
            if attract.index != index:
                worst.note("attract mode's change of game", frame)
                break
            # not the change yet: the game shown (and the next one drawn ahead, 2 s before)
            worst.note("attract mode, the 3 s before a change", frame)
        worst.frames("attract mode's change of game", 10)
    app.close()
    print(f"{'change of screen':<48} {'worst ms':>9} {'faults':>7}")
    for name, (spent, faults) in worst.rows.items():
        print(f"{name:<48} {spent:>9.1f} {faults:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
