"""Attract mode: computer players play each other, game after game, cycling through games."""

from __future__ import annotations

import pygame

from kiosk.menu import playable_games
from kiosk.scene import Scene

GAME_SECONDS = 40.0


class DemoScene(Scene):
    """Hosts one game's demo scene at a time and switches game every ``GAME_SECONDS``.

    A tap or a key leaves the demo for the menu (handled by the hosted demo scenes).
    """

    name = "demo"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.modules = [module for _info, module in playable_games() if hasattr(module, "make_demo_scene")]
        if not self.modules:
            raise RuntimeError("no game provides a demo scene")
        self.index = 0
        self.elapsed = 0.0
        self.current = self.modules[0].make_demo_scene(app)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A tap anywhere: back to the menu."""
        if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.app.go_home()
            return True
        return False

    def update(self, dt: float) -> None:
        """Advance the hosted demo; move on to the next game after a while."""
        super().update(dt)
        self.elapsed += dt
        if self.elapsed >= GAME_SECONDS and len(self.modules) > 1:
            self.elapsed = 0.0
            self.index = (self.index + 1) % len(self.modules)
            self.current = self.modules[self.index].make_demo_scene(self.app)
        self.current.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the hosted demo."""
        self.current.draw(surface)

    def state_summary(self) -> dict[str, object]:
        """The hosted game's summary."""
        return {**self.current.state_summary(), "scene": "demo", "game": self.current.name}
