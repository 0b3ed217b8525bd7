"""Attract mode: computer players play each other, game after game, cycling through games."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

import pygame

from games import budget
from kiosk.canvas import Target
from kiosk.inputs import is_presence
from kiosk.prepare import Preparation
from kiosk.scene import Scene
from kiosk.screens import playable_games

if TYPE_CHECKING:
    from kiosk.host import Host

GAME_SECONDS = 40.0
#: How long before the change of game the next one is made and drawn ahead, off the frame
#: thread (kiosk/prepare.py): 50 ms of CPU at 1080p here, a few times that on a busy machine.
LEAD_SECONDS = 2.0


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
        # The next game, once made and being drawn ahead (not in a headless run: there it is
        # made at the change, as it always was, so that its frames and random numbers stay).
        self.coming: tuple[Scene, Preparation] | None = None
        # The memory scope of the last game shown, until it is collected (the frame after the change).
        self._left: tuple[str | None] | None = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A finger down, a key or a button: back to the menu (the stack drops the rest of that
        tap, and the menu opens a game only on a press that begins there)."""
        if is_presence(event):
            self.app.go_home()
        return True

    def update(self, dt: float) -> None:
        """Advance the hosted demo; move on to the next game after a while."""
        super().update(dt)
        self._collect_left()
        self.elapsed += dt
        if len(self.demos) > 1:
            if self.coming is None and self.elapsed >= GAME_SECONDS - LEAD_SECONDS and not self.app.headless:
                coming = self.demos[(self.index + 1) % len(self.demos)](self.app)
                self.coming = (coming, self.app.prepare(coming.prepare))
            if self.elapsed >= GAME_SECONDS and (self.coming is None or self.coming[1].ready):
                self._next_game()
        self.current.update(dt)

    def _next_game(self) -> None:
        """Show the next game (drawn ahead, or made now in a headless run); the last one's
        pictures go."""
        self.elapsed = 0.0
        self.index = (self.index + 1) % len(self.demos)
        left = self.memory_scope
        coming, self.coming = self.coming, None
        self.current = coming[0] if coming is not None else self.demos[self.index](self.app)
        self._left = (left,)  # the last game goes at the next frame: this one draws the next whole

    def _collect_left(self) -> None:
        """The last demo game is garbage in a cycle: it goes now (see SceneStack), and its
        pictures with it (it is no longer shown); 1-4 ms at 1080p."""
        if self._left is None:
            return
        (left,), self._left = self._left, None
        gc.collect()
        if left is not None and left not in self.app.stack.scopes() and left != self.memory_scope:
            budget.release([left])

    def on_exit(self) -> None:
        """Attract mode ends: the last game and the next one drawn ahead, if any, give back
        their pictures."""
        self._collect_left()
        coming, self.coming = self.coming, None
        scope = coming[0].memory_scope if coming is not None else None
        if scope is not None and scope != self.memory_scope and scope not in self.app.stack.scopes():
            budget.release([scope])

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
