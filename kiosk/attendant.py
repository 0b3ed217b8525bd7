"""The kiosk's attendant: what happens when nobody touches the stand.

- On the menu, after ``idle.attract_after`` seconds, attract mode starts (computer players play
  each installed game in turn, with a large "Touche l'écran pour jouer !").
- Anywhere else (a game, its rules, the settings), after ``idle.prompt_after`` seconds, the
  :class:`StillThereScene` asks "Encore là ?" with a visible countdown; any touch, key or
  button closes it and the game goes on; when the countdown ends the kiosk goes back to the
  menu (the board lights glow softly again).
- Pieces moved on a real table, or a hand over it, count as somebody there, as a touch does
  (:meth:`Attendant.table_activity`).

Both are the kiosk's *idle reset*: the session score ("Toi 2 - Ordinateur 1") is forgotten and
the saved game cleared, since the next visitors are someone else.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from games.effects import Sound
from kiosk import draw, theme, ui
from kiosk.canvas import Target
from kiosk.i18n import tr
from kiosk.inputs import is_presence
from kiosk.scene import Scene

if TYPE_CHECKING:
    from kiosk.host import Host, SceneFactory

log = logging.getLogger("kiosk.attendant")

class StillThereScene(Scene):
    """"Encore là ?" over the game, with a ring emptying for ``seconds``; a touch keeps playing,
    the end of the countdown goes home."""

    overlay = True
    is_card = True
    name = "still-there"

    def __init__(self, app: Host, seconds: float) -> None:
        super().__init__(app)
        self.seconds = seconds
        self.closed = False

    @property
    def left(self) -> float:
        """Seconds before going home."""
        return max(0.0, self.seconds - self.time)

    def on_enter(self) -> None:
        """A soft call, so that a parent across the stand looks up."""
        self.app.effects.publish(Sound("hint", 0.5))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Any touch, key or button: still here, back to the game. Everything is consumed, so
        the tap that closes the card never lands on the board."""
        if is_presence(event):
            self.close()
        return True

    def close(self) -> None:
        """Somebody is there: back to the game (once, however many signs of life)."""
        if not self.closed:
            self.closed = True
            self.app.stack.pop()
            self.app.effects.publish(Sound("click"))

    def update(self, dt: float) -> None:
        """Count down; at zero, the idle reset."""
        super().update(dt)
        if self.time >= self.seconds and not self.closed:
            log.info("nobody answered 'Encore là ?': back to the menu")
            self.app.attendant.idle_reset()

    def draw(self, surface: Target) -> None:
        """Veil, card, question and the countdown ring."""
        ui.draw_veil(surface, (30, 24, 40), round(140 * min(1.0, self.time * 4)))
        card = pygame.Rect(0, 0, 640, 420)
        card.center = (640, 360)
        ui.draw_panel(surface, card, theme.PANEL, 36, 16)
        ui.draw_fitted_text(surface, tr("idle.title"), pygame.Rect(card.x + 30, card.y + 26, card.width - 60, 80),
                            64, theme.INK, "title", "center")
        centre = (card.centerx, card.y + 220)
        radius = 86
        draw.circle(surface, (236, 228, 214), centre, radius)
        share = self.left / self.seconds if self.seconds else 0.0
        if share > 0:
            ring = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            ring.center = centre
            pulse = 0.5 + 0.5 * math.sin(self.time * 4)
            color = ui.blend(theme.ACCENT, theme.BAD, (1 - share) * (0.6 + 0.4 * pulse))
            draw.arc(surface, color, ring, math.pi / 2, math.pi / 2 + share * math.tau, 18)
        ui.draw_text(surface, str(math.ceil(self.left)), centre, 72, theme.INK, "title", "center")
        ui.draw_fitted_text(surface, tr("idle.touch"), pygame.Rect(card.x + 30, card.bottom - 92, card.width - 60, 60),
                            34, theme.INK_SOFT, "bold", "center")

    def state_summary(self) -> dict[str, object]:
        """Seconds left."""
        return {"scene": self.name, "left": round(self.left, 1)}


class Attendant:
    """Watches inactivity (``app.idle_seconds``) in kiosk mode; see the module docstring."""

    def __init__(self, app: Host, attract: SceneFactory) -> None:
        self.app = app
        #: Builds attract mode (:class:`kiosk.demo.DemoScene`, given by the app).
        self.attract = attract
        self.resets = 0

    @property
    def active(self) -> bool:
        """Only a kiosk is looked after this way (a developer's window stays where it is)."""
        return self.app.kiosk

    def update(self) -> None:
        """Once per fixed step, after the scenes: start attract mode or ask "Encore là ?"."""
        app = self.app
        top = app.stack.top
        if not self.active or top is None or isinstance(top, StillThereScene) or top.attract_mode:
            return
        idle = app.config.idle
        if app.at_home():
            if app.idle_seconds >= idle.attract_after:
                self.start_attract()
        elif app.idle_seconds >= idle.prompt_after:
            log.info("nobody has touched '%s' for %.0f s: 'Encore là ?'", top.name, app.idle_seconds)
            app.stack.push(StillThereScene(app, idle.countdown))

    def table_activity(self) -> None:
        """Somebody moved pieces on the real table or reached over it: as good as a touch (the
        idle timer starts again, "Encore là ?" closes)."""
        self.app.idle_seconds = 0.0
        self.app.chronicle.presence()
        top = self.app.stack.top
        if isinstance(top, StillThereScene):
            top.close()

    def start_attract(self) -> None:
        """Attract mode over the menu; the session is over."""
        log.info("attract mode")
        self.forget_visitors()
        self.app.idle_seconds = 0.0
        attract = self.attract(self.app)
        self.app.push_drawn(attract, attract.prepare)  # its first game drawn ahead, off the frame thread

    def idle_reset(self) -> None:
        """The visitors left: go back to the menu and forget them (their game too)."""
        self.app.go_home(keep=False)
        self.forget_visitors()
        self.app.idle_seconds = 0.0

    def forget_visitors(self) -> None:
        """The session score and the saved game belong to the visitors who left."""
        self.resets += 1
        self.app.chronicle.visitors_left("attract" if self.app.at_home() else "idle")
        self.app.scores.reset()
        self.app.keeper.forget()
