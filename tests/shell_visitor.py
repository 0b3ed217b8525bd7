"""A scripted visitor of the kiosk's own screens, the ones no game draws (used by
``bench/bench_frames.py`` and ``bench/fps.py``): the menu at rest, every tab of every science
corner ("Les maths du jeu", opened from its card), attract mode through its games, and the
operator's settings. Frames are recorded as :class:`tests.visitor.Visitor` records them (wall
and frame-thread CPU time, screen, action); each action names the screen it shows, so the
breakdown has a row per science tab.
"""

from __future__ import annotations

import pygame

from kiosk.demo import GAME_SECONDS, DemoScene
from kiosk.menu import MenuScene
from kiosk.operator import SettingsScene
from kiosk.science import ScienceScene
from kiosk.warmup import warm_up
from tests.visitor import Script, Visit, Visitor, VisitorStuck, game_scene_games, make_app

#: Seconds the visitor looks at the menu, at each science tab, at attract mode, at the settings.
MENU_SECONDS, TAB_SECONDS, SETTINGS_SECONDS = 20.0, 6.0, 5.0


class ShellVisitor(Visitor):
    """Visits the menu, the science corners, attract mode and the settings (see the module)."""

    def visit_shell(self, attract_games: int = 2) -> Script:
        """The whole visit; attract mode runs through ``attract_games`` of its games."""
        yield from self.rest_on_menu()
        for k in range(len(self.menu().cards)):
            yield from self.science_corner(k)
        yield from self.attract_mode(attract_games)
        yield from self.settings()

    def menu(self) -> MenuScene:
        """The menu, which must be on top."""
        top = self.top
        if not isinstance(top, MenuScene):
            raise VisitorStuck(f"the menu was expected, the screen shows {top.name if top else 'nothing'}")
        return top

    def rest_on_menu(self) -> Script:
        """Look at the menu, touching nothing."""
        self.act("the menu")
        yield from self.wait(MENU_SECONDS)

    def science_corner(self, k: int) -> Script:
        """Card ``k``'s "Les maths du jeu": every tab, then back to the menu."""
        menu = self.menu()
        rect, info, _screens = menu.cards[k]
        if menu.corners[k] is None:
            return
        yield from self.tap(menu.science_rect(rect).center, f"science: {info.key}")
        yield from self.until_top(ScienceScene, f"{info.key}'s science corner")
        corner = self.top
        assert isinstance(corner, ScienceScene)
        for tab in range(len(corner.pages)):
            if tab:
                yield from self.press(corner.tabs[tab], "tab")
            self.act(f"science: {info.key} {type(corner.pages[tab]).__name__}")
            yield from self.wait(TAB_SECONDS)
        yield from self.press(corner.close_button, "back to the menu")
        yield from self.until_top(MenuScene, "the menu")
        yield from self.wait(1.0)  # clock(fake): the script's wait counts game frames, not wall time

    def attract_mode(self, games: int) -> Script:
        """Attract mode, as the kiosk starts it when nobody is there, through ``games`` of its
        games; a tap goes home."""
        self.act("attract mode")
        self.app.stack.push(DemoScene(self.app))
        yield from self.until_top(DemoScene, "attract mode")
        yield from self.wait(games * GAME_SECONDS + 2.0)
        yield from self.tap((640, 360), "a tap wakes it")
        yield from self.until_top(MenuScene, "the menu")

    def settings(self) -> Script:
        """The operator's settings (past the PIN), looked at, closed."""
        self.app.stack.push(SettingsScene(self.app))
        yield from self.until_top(SettingsScene, "the settings")
        self.act("the settings")
        yield from self.wait(SETTINGS_SECONDS)
        self.app.stack.pop()
        yield from self.until_top(MenuScene, "the menu")


def visit_shell(*, size: tuple[int, int] = (1920, 1080), realtime: bool = True, seed: int = 1,
                attract_games: int = 2, pace: float = 1.0) -> Visit:
    """One visit of the shell's screens in a kiosk session (see the module docstring)."""
    app = make_app(size, seed)
    warm_up(app)  # as the kiosk does when it starts (kiosk.runner.run_app)
    visitor = ShellVisitor(app, game_scene_games()[0], realtime=realtime, seed=seed, pace=pace)
    visitor.visit = Visit("shell")
    app.start(MenuScene(app))
    try:
        return visitor.run(visitor.visit_shell(attract_games))
    finally:
        app.close()
        pygame.event.clear()
