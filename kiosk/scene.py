"""Scenes and the scene stack (in the spirit of arcade's View and ppb's scene stack).

A scene has ``on_enter``/``on_exit``, ``handle_event(event) -> consumed``, ``update(dt)`` and
``draw(surface)``. The stack applies push/pop/replace between frames and flushes pending input
on a transition, so a tap that closed one screen never lands on the next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from games import budget
from kiosk.canvas import Target

if TYPE_CHECKING:
    from kiosk.app import App


class Scene:
    """Base class of every screen. ``overlay`` scenes draw the scene below them first."""

    overlay: bool = False
    #: A card over a game (who plays, the end, "Encore là ?", a question): one card at a time is
    #: on screen, the newest (a card covered by another one is neither drawn nor updated).
    is_card: bool = False
    #: Short name reported by ``state_summary`` (tests, ``--json``).
    name: str = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.time = 0.0

    @property
    def memory_scope(self) -> str | None:
        """The caches this screen alone uses (a game's key for ``games.<key>.*`` screens), given
        back when the last screen of that scope leaves the stack (see :mod:`games.budget`)."""
        parts = type(self).__module__.split(".")
        return parts[1] if len(parts) > 2 and parts[0] == "games" else None

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def on_exit(self) -> None:
        """Called when the scene leaves the top of the stack for good."""

    def on_cover(self) -> None:
        """Called when another scene is put on top of this one (it may come back: ``on_enter``)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; return True if it was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance logic by a fixed step of ``dt`` seconds."""
        self.time += dt

    def draw(self, surface: Target) -> None:
        """Draw the scene on the logical canvas (a :class:`kiosk.canvas.Canvas` at native resolution,
        or a plain 1280x720 Surface in some tests)."""

    def state_summary(self) -> dict[str, Any]:
        """A small JSON-able description for tests and ``--json`` output."""
        return {"scene": self.name}


class SceneStack:
    """Holds the scenes; changes requested during a frame are applied at its end."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene | None:
        """The active scene."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top (at the end of the frame)."""
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        """Remove the top scene (at the end of the frame)."""
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""

        def do() -> None:
            self._pop()
            self._push(scene)

        self._pending.append(do)

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start over from ``scene`` (the menu, after inactivity)."""

        def do() -> None:
            while self.scenes:
                self._pop()
            self._push(scene)

        self._pending.append(do)

    def apply_pending(self) -> bool:
        """Apply the requested changes; True if anything changed."""
        if not self._pending:
            return False
        pending, self._pending = self._pending, []
        before = self.scopes()
        for change in pending:
            change()
        budget.release(before - self.scopes())  # a screen left gives back what it alone used
        pygame.event.clear((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.FINGERDOWN, pygame.FINGERUP))
        return True

    def scopes(self) -> set[str]:
        """The memory scopes of the scenes on the stack."""
        return {scope for scene in self.scenes if (scope := scene.memory_scope) is not None}

    def _push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].on_cover()
        self.scenes.append(scene)
        scene.on_enter()

    def _pop(self) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
            if self.scenes:
                self.scenes[-1].on_enter()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and the ones under its overlays, but
        only the newest card of them (cards never stack)."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        shown = self.scenes[max(start, 0) :]
        cards = [scene for scene in shown if scene.is_card]
        return [scene for scene in shown if not scene.is_card or scene is cards[-1]]
