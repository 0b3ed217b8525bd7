"""The shell's changes of screen one at a time at 1920x1080, frame-thread CPU (``time.thread_time``)
of each of their first frames: the menu at rest, a game's who-plays card opened from the menu, its
answers (a friend, the computer, a level), the game after "Jouer !", the question "Arrêter la
partie ?" after a move, and the menu after its "yes". The kiosk is warmed up and runs as at the
fair (not headless: screens drawn ahead on threads, kiosk/prepare.py); frames back to back.

``python bench/ahead.py [GAME...] [--rounds N]`` prints per change the median and worst of each of
its first frames over the rounds, and the menu at rest's median and p99.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402

import conftest  # noqa: E402,F401 - the project on the path and the games' screens, as for the tests
from kiosk.app import App  # noqa: E402
from kiosk.game_scene import GameScene  # noqa: E402
from kiosk.i18n import tr  # noqa: E402
from kiosk.menu import MenuScene  # noqa: E402
from kiosk.overlays import ConfirmScene  # noqa: E402
from kiosk.seats import SeatsScene  # noqa: E402
from kiosk.ui import Button  # noqa: E402
from kiosk.warmup import warm_up  # noqa: E402
from tests.visitor import emulated_led_board, game_scene_games, make_app  # noqa: E402

#: Frames a change may take before its screen shows (drawn ahead: a few).
PATIENCE = 600
#: The first frames of each change that are kept apart (the rest are pooled).
FIRST = 4


class Rows:
    """Each change's frames: CPU ms by frame index since the change."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.rows: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
        #: The changes whose first frames are profiled (``--profile``), and their profiles.
        self.profiled: set[str] = set()
        self.profiled_frames: set[int] = {0}
        self.profiles: dict[str, pstats.Stats] = {}
        self.last_profile: tuple[str, cProfile.Profile] | None = None

    def frame(self, name: str | None = None) -> float:
        """One frame: its CPU ms on the frame thread (profiled under ``name`` if it is asked)."""
        profile = cProfile.Profile() if name in self.profiled else None
        started = time.thread_time()  # clock(cpu): the frame thread's CPU
        if profile is None:
            self.app.tick()
        else:
            profile.runcall(self.app.tick)
        spent = 1000 * (time.thread_time() - started)  # clock(cpu): as above
        if profile is not None and name is not None:
            self.last_profile = (name, profile)
        return spent

    def keep_profile(self) -> None:
        """Add the last frame's profile to its change's."""
        if self.last_profile is not None:
            name, profile = self.last_profile
            if name in self.profiles:
                self.profiles[name].add(profile)
            else:
                self.profiles[name] = pstats.Stats(profile)
            self.last_profile = None

    def frames(self, name: str, count: int, first: int = 0) -> None:
        """``count`` frames under ``name``, by index from ``first`` (the last index pools the rest)."""
        for k in range(first, first + count):
            self.rows[name][min(k, FIRST)].append(self.frame(name if k in self.profiled_frames else None))
            self.keep_profile()

    def tap(self, name: str, button: Button | None, count: int = 20) -> None:
        """Tap ``button`` and keep the frames after it (the next screen waited for: it is drawn
        on a thread while frames at rest cost 0.03 ms)."""
        assert button is not None
        tap(self.app, button.rect.center)
        self.frames(name, 1)
        self.app.wait_for_screens_ahead(60.0)
        self.frames(name, count - 1, first=1)


def tap(app: App, pos: tuple[int, int]) -> None:
    """A finger on the screen at the logical ``pos``."""
    native = app.screen.to_native(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=native, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=native, button=1))


def seats_button(app: App, text: str) -> Button | None:
    """The who-plays card's button that reads ``text``."""
    card = app.stack.top
    assert isinstance(card, SeatsScene)
    return next((b for b in card.buttons if b.label == text), None)


def visit(rows: Rows, game: str) -> None:
    """One round: the menu at rest, the game's card, its answers, the game, a move, the
    question, the menu."""
    app = rows.app
    rows.frames("menu at rest", 60)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    card = menu.cards[[info.key for info, _screens in menu.games].index(game)][0]
    tap(app, card.center)
    for _ in range(PATIENCE):  # the menu's frames while the game is drawn ahead
        spent = rows.frame(f"{game}: who plays, its first frames")
        if isinstance(app.stack.top, SeatsScene):
            rows.rows[f"{game}: who plays, its first frames"][0].append(spent)
            rows.keep_profile()
            break
        rows.rows["the menu, a game drawn ahead"][0].append(spent)
        app.wait_for_screens_ahead(60.0)
    rows.frames(f"{game}: who plays, its first frames", 20, first=1)
    rows.tap("who plays: a friend", seats_button(app, tr("seats.friend")))
    rows.tap("who plays: the computer", seats_button(app, tr("seats.computer")))
    level = app.stack.scenes[-2]
    assert isinstance(level, GameScene)
    strongest = level.match.spec.levels[-1]
    rows.tap("who plays: a level", seats_button(app, tr(f"{game}.level.{strongest}")))
    seats = app.stack.top
    assert isinstance(seats, SeatsScene)
    rows.tap(f"{game}: the game after Play", seats.play_button, 30)
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    for _ in range(PATIENCE):  # a move, so that leaving asks first
        if scene.match.person_to_move():
            break
        rows.frame()
        time.sleep(0.01)  # clock(wait): the computer thinks on its thread
    scene.match.play(scene.match.state.legal_moves()[0])
    rows.frames("the game after a move", 30)
    for _ in range(PATIENCE):  # the computer's answer played and shown: the game at rest
        if scene.match.person_to_move() and not scene.busy():
            break
        rows.frame()
        time.sleep(0.01)  # clock(wait): the computer thinks on its thread
    rows.frames("the game at rest", 30)
    rows.tap("the question, its first frames", scene.tool_at("home"), 30)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    rows.tap("the menu after stop the game: yes", question.yes_button, 60)
    assert isinstance(app.stack.top, MenuScene)
    rows.frames("the menu arriving", 30)


def main(argv: list[str] | None = None) -> int:
    """Visit the changes and print their first frames."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="only these games")
    parser.add_argument("--rounds", type=int, default=3, help="visits of each game (default 3)")
    parser.add_argument("--profile", action="append", default=[], metavar="CHANGE",
                        help="profile the first frames of CHANGE (a row's name; repeatable)")
    parser.add_argument("--frames", type=int, nargs="+", default=[0], metavar="K",
                        help="the frames of a change --profile profiles, by index since the change (default 0)")
    parser.add_argument("--devices", action="store_true", help="the synthetic camera and an emulated LED board on")
    args = parser.parse_args(argv)
    if args.devices:
        with emulated_led_board() as port:
            return run(args, port)
    return run(args, None)


def run(args: argparse.Namespace, port: str | None) -> int:
    """The visits, on a kiosk with its LED board on ``port`` (None: no devices)."""
    app = make_app((1920, 1080), led_port=port)
    warm_up(app)
    app.start(MenuScene(app))
    rows = Rows(app)
    rows.profiled, rows.profiled_frames = set(args.profile), set(args.frames)
    for _ in range(args.rounds):
        for game in args.games or game_scene_games():
            visit(rows, game)
    app.close()
    print(f"{'change':<44} " + " ".join(f"{f'#{k} med/max':>12}" for k in range(FIRST)) + f" {'rest p50/p99':>13}")
    for name, frames in rows.rows.items():
        cells = []
        for k in range(FIRST):
            values = frames.get(k, [])
            cells.append(f"{statistics.median(values):5.2f}/{max(values):5.2f}" if values else " " * 11)
        rest = sorted(frames.get(FIRST, []))
        tail = f"{statistics.median(rest):5.2f}/{rest[int(0.99 * (len(rest) - 1))]:5.2f}" if rest else ""
        print(f"{name:<44} " + " ".join(f"{cell:>12}" for cell in cells) + f" {tail:>13}")
    for name, profile in rows.profiles.items():
        print(f"\n--- {name}: its frames {sorted(rows.profiled_frames)}")
        profile.sort_stats("cumulative").print_stats(35)
    return 0


if __name__ == "__main__":
    sys.exit(main())
