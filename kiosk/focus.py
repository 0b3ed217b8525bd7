"""Play without a touch screen: a direction pad (or an arcade stick) and two buttons move a visible
focus cursor over a scene's buttons and board cells.

Any scene is usable this way: by default the cursor visits the scene's ``buttons`` (a list of
:class:`kiosk.ui.Button`); a scene that has more to offer (board cells, menu cards) defines
``focus_targets() -> list[Target]``. Button A "taps" the focused target (a press and a release
at its centre, delivered to the scene like a finger's, so nothing else needs to change), button
B is Escape (back). A touch or a mouse click hides the cursor until the pad is used again.

pygame's joystick events cover gamepads and the USB encoders of arcade buttons alike: the pad is
a hat or two axes; button 1 is B, every other button is A.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from kiosk import draw, theme, ui

if TYPE_CHECKING:
    from kiosk.host import Host

BACK_BUTTON = 1
#: How far an axis must go to count as a push (and come back to count as released).
PUSH, RELEASE = 0.6, 0.3
FOCUS_COLOR = theme.HINT


@dataclass
class Target:
    """Something the cursor can rest on: a rectangle (logical units) and what "A" does there
    (None: a tap at its centre)."""

    rect: pygame.Rect
    activate: Callable[[], None] | None = None


def button_targets(buttons: Sequence[Any]) -> list[Target]:
    """The enabled buttons of a list, as targets (their own click does the rest)."""
    return [Target(pygame.Rect(b.rect)) for b in buttons if isinstance(b, ui.Button) and b.enabled]


def focus_targets(scene: Any) -> list[Target]:
    """What the cursor can visit on ``scene``: its ``focus_targets()``, else its buttons."""
    # probe: a scene may give its own focus targets (optional hook)
    custom = getattr(scene, "focus_targets", None)
    if callable(custom):
        return list(custom())
    # probe: most scenes keep their buttons in .buttons, not all
    buttons = getattr(scene, "buttons", None)
    if isinstance(buttons, (list, tuple)):
        return button_targets(buttons)
    return []


def step_towards(current: pygame.Rect, targets: Sequence[Target], direction: tuple[int, int]) -> int | None:
    """The index of the target a push in ``direction`` lands on: the nearest one ahead, where
    being off to the side costs twice as much as being far ahead."""
    cx, cy = current.center
    best: tuple[float, int] | None = None
    for k, target in enumerate(targets):
        dx, dy = target.rect.centerx - cx, target.rect.centery - cy
        ahead = dx * direction[0] + dy * direction[1]
        if ahead <= 0:
            continue
        aside = abs(dx * direction[1] - dy * direction[0])
        score = ahead + 2 * aside
        if best is None or score < best[0]:
            best = (score, k)
    return None if best is None else best[1]


class Navigator:
    """Turns joystick events into cursor moves, taps and Escape; draws the cursor."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.visible = False
        self.focus: pygame.Rect | None = None
        self._scene: int | None = None
        self._axes: dict[tuple[int, int], int] = {}
        self.joysticks: dict[int, Any] = {}

    # --- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """True when ``event`` was the pad's (and must not reach the scene as such)."""
        kind = event.type
        if kind == pygame.JOYDEVICEADDED:
            self._open(event.device_index)
            return True
        if kind == pygame.JOYDEVICEREMOVED:
            # library: SDL2 joystick events
            self.joysticks.pop(getattr(event, "instance_id", -1), None)
            return True
        direction = self._direction(event)
        if direction is not None:
            self.move(direction)
            return True
        if kind == pygame.JOYBUTTONDOWN:
            if event.button == BACK_BUTTON:
                self.back()
            else:
                self.activate()
            return True
        if kind in (pygame.JOYBUTTONUP, pygame.JOYHATMOTION, pygame.JOYAXISMOTION, pygame.JOYBALLMOTION):
            return True
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.visible = False  # a finger or the mouse took over
        return False

    def _open(self, index: int) -> None:
        try:
            stick = pygame.joystick.Joystick(index)
        except pygame.error:
            return
        self.joysticks[stick.get_instance_id()] = stick

    def _direction(self, event: pygame.event.Event) -> tuple[int, int] | None:
        if event.type == pygame.JOYHATMOTION:
            x, y = event.value
            if (x, y) == (0, 0):
                return None
            return (x, 0) if x else (0, -y)  # a hat's y points up, the screen's down
        if event.type == pygame.JOYAXISMOTION and event.axis in (0, 1):
            # library: SDL2's instance_id, SDL1's joy
            key = (getattr(event, "instance_id", getattr(event, "joy", 0)), event.axis)
            previous = self._axes.get(key, 0)
            value = event.value
            now = 1 if value > PUSH else -1 if value < -PUSH else 0 if abs(value) < RELEASE else previous
            self._axes[key] = now
            if now and now != previous:
                return (now, 0) if event.axis == 0 else (0, now)
        return None

    # --- actions ---------------------------------------------------------------------------------

    def targets(self) -> list[Target]:
        """The top scene's targets (empty without a scene)."""
        top = self.app.stack.top
        return focus_targets(top) if top is not None else []

    def current(self) -> Target | None:
        """The focused target (the first one after a change of screen)."""
        top = self.app.stack.top
        targets = self.targets()
        if top is None or not targets:
            return None
        if self._scene != id(top) or self.focus is None:
            self._scene, self.focus = id(top), targets[0].rect
        for target in targets:
            if target.rect == self.focus:
                return target
        # The screen changed under the cursor (a button appeared or moved): the nearest one.
        fx, fy = self.focus.center
        nearest = min(targets, key=lambda t: math.dist(t.rect.center, (fx, fy)))
        self.focus = nearest.rect
        return nearest

    def move(self, direction: tuple[int, int]) -> None:
        """Show the cursor, or move it one target in ``direction``."""
        current = self.current()
        if current is None:
            return
        if not self.visible:
            self.visible = True
            return
        targets = self.targets()
        index = step_towards(current.rect, targets, direction)
        if index is not None:
            self.focus = targets[index].rect

    def activate(self) -> None:
        """Button A: the focused target's action, or a tap at its centre."""
        current = self.current()
        top = self.app.stack.top
        if current is None or top is None:
            return
        if not self.visible:
            self.visible = True
            return
        if current.activate is not None:
            current.activate()
            return
        pos = current.rect.center
        top.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
        top.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))

    def back(self) -> None:
        """Button B: Escape, except on the home screen (where Escape would try to quit)."""
        top = self.app.stack.top
        if top is None or self.app.at_home():
            return
        top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: Any, time: float) -> None:
        """A thick glowing outline around the focused target."""
        if not self.visible:
            return
        current = self.current()
        if current is None:
            return
        grow = 10 + round(3 * math.sin(time * 5))
        rect = current.rect.inflate(grow, grow)
        radius = min(24, rect.height // 3)
        draw.rect(surface, theme.INK, rect.inflate(6, 6), width=3, border_radius=radius + 3)
        draw.rect(surface, FOCUS_COLOR, rect, width=6, border_radius=radius)
