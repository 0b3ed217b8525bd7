"""Attract mode: computer players play each other, game after game, cycling through games."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

import pygame

from games import budget
from kiosk.canvas import Target
from kiosk.inputs import is_presence
from kiosk.scene import Scene
from kiosk.screens import playable_games

if TYPE_CHECKING:
    from kiosk.host import Host

GAME_SECONDS = 40.0


class DemoScene(Scene):
    """Hosts one game's demo scene at a time and switches game every ``GAME_SECONDS``.

    Any touch, key or button goes back to the menu without playing a move: every event is
    consumed here, none reaches the hosted game.
    """

    name = "demo"
    #: The attendant leaves attract mode alone (it is what idleness leads to).
    attract_mode = True

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        games = playable_games(app.config.games)
        self.demos = [screens.make_demo_scene for _info, screens in games if screens.make_demo_scene is not None]
        if not self.demos:
            raise RuntimeError("no game provides a demo scene")
        self.index = 0
        self.elapsed = 0.0
        self.current = self.demos[0](app)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A finger down, a key or a button: back to the menu (the stack drops the rest of that
        tap, and the menu opens a game only on a press that begins there)."""
        if is_presence(event):
            self.app.go_home()
        return True

    def update(self, dt: float) -> None:
        """Advance the hosted demo; move on to the next game after a while."""
        super().update(dt)
        self.elapsed += dt
        if self.elapsed >= GAME_SECONDS and len(self.demos) > 1:
            self.elapsed = 0.0
            self.index = (self.index + 1) % len(self.demos)
            left = self.memory_scope
            self.current = self.demos[self.index](self.app)
            gc.collect()  # the last demo game is garbage in a cycle: it goes now (see SceneStack)
            if left is not None and left not in self.app.stack.scopes():
                budget.release([left])  # the last game's pictures: it is no longer shown
        self.current.update(dt)

    @property
    def memory_scope(self) -> str | None:
        """The hosted game's: its caches are given back when attract mode moves on."""
        return self.current.memory_scope

    def draw(self, surface: Target) -> None:
        """Draw the hosted demo."""
        self.current.draw(surface)

    def state_summary(self) -> dict[str, object]:
        """The hosted game's summary."""
        return {**self.current.state_summary(), "scene": "demo", "game": self.current.name}
