"""Scenes (in the spirit of arcade's View and ppb's scene stack).

A scene has ``on_enter``/``on_exit``, ``handle_event(event) -> consumed``, ``update(dt)`` and
``draw(surface)``; it lives on the host's :class:`kiosk.stack.SceneStack`, which applies
push/pop/replace between frames, and asks its host (:class:`kiosk.host.Host`) for the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from kiosk.canvas import RectLike, Target
from kiosk.host import Host
from kiosk.pace import RATE

#: How many frames ahead an overlay's still part that changes with its clock (a veil fading in)
#: is drawn (:meth:`Scene.steps_ahead`): a frame or two of slack for the thread drawing them.
AHEAD_FRAMES = 3


class Scene:
    """Base class of every screen. ``overlay`` scenes draw the scene below them first."""

    overlay: bool = False
    #: A card over a game (who plays, the end, "Encore là ?", a question): one card at a time is
    #: on screen, the newest (a card covered by another one is neither drawn nor updated).
    is_card: bool = False
    #: Short name reported by ``state_summary`` (tests, ``--json``).
    name: str = "scene"
    #: Attract mode (the demo): any button of a pad wakes it, "Encore là ?" never covers it.
    attract_mode: bool = False

    def __init__(self, app: Host) -> None:
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

    def prepare(self, surface: Target) -> None:
        """Draw what the scene's first frames will show, off screen (``surface`` is a scratch
        layer, maybe on another thread: :mod:`kiosk.prepare`), so that they find it in the
        caches; by default its :meth:`draw`. Nothing else may change: no effect, no state."""
        self.draw(surface)

    def look(self) -> Hashable | None:
        """What the scene shows now, as a key: two frames with equal keys show the same picture,
        and the second is not drawn (:mod:`kiosk.frames`). None (the default): the picture may
        change at every frame. A key must hold everything the picture depends on (state,
        words, the language, buttons' hover and press, animations' progress)."""
        return None

    def draw_changes(self, surface: Target) -> Sequence[RectLike] | None:
        """Draw only what changed since this scene's last frame on ``surface``, and return the
        logical rectangles drawn on ([]: nothing changed); None (the default): :meth:`draw`
        draws the whole frame. The frame composer asks only when the screen still shows the
        scene's last frame (drawn by :meth:`draw` or this, nothing over it, no other scene):
        the pixels must be those :meth:`draw` would give (see :mod:`kiosk.frames`)."""
        return None

    def shown_again(self, drawn_on: int, surface: Target) -> bool:
        """Told by the frame composer at the first frame after a card over this scene left: the
        screen ``surface`` shows again the pixels this scene drew on the surface of id
        ``drawn_on`` (the copy kept under the card, or the screen before the card was drawn
        over it). True when that was the scene's last frame drawn and it takes it as what the
        screen shows: the composer then asks :meth:`draw_changes` for what changed since. False
        (the default): :meth:`draw` draws the whole frame."""
        return False

    def backdrop_look(self) -> Hashable | None:
        """The same key for the scene shown under a card (modal: idle decoration may hold
        still there); by default :meth:`look`."""
        return self.look()

    def under_look(self) -> Hashable | None:
        """An overlay's key for what :meth:`draw_under` draws (its veil); () when it draws nothing."""
        return ()

    def under_plain(self) -> Hashable | None:
        """An overlay's plainer still part, used at a frame whose :meth:`under_look` copy is
        neither kept nor drawn ahead yet (a card popping in: the veil alone, and the card drawn
        over it by :meth:`draw_over`, cheaper than the veil blended again under it); its key.
        None (the default): :meth:`draw_under` draws all of it."""
        return None

    def use_plain(self, plain: bool) -> None:
        """Told by the frame composer before a frame is drawn: whether :meth:`draw_under` and
        :meth:`draw_over` draw :meth:`under_plain`'s way (``plain``) or :meth:`under_look`'s."""

    def draw_under(self, surface: Target) -> None:
        """An overlay's part drawn over the scenes below and kept with them in the backdrop (a
        veil dimming the game); by default nothing, and :meth:`draw_over` draws everything."""

    def under_ahead(self) -> Sequence[tuple[Hashable, Callable[[Target], None]]]:
        """An overlay's :meth:`under_look` keys of the frames to come (a veil fading in), each
        with ``paint(surface)``, which draws what :meth:`draw_under` will draw then: the frame
        composer draws them ahead over the backdrop, on a thread of its own, and a frame whose
        :meth:`under_look` is one of them blits that copy (see :mod:`kiosk.frames`). ``paint``
        runs on that thread: it may read only what does not change meanwhile. () by default."""
        return ()

    def steps_ahead(self, look_at: Callable[[int, float], Hashable],
                    paint_at: Callable[[int, float], Callable[[Target], None]],
                    frames: int = AHEAD_FRAMES) -> list[tuple[Hashable, Callable[[Target], None]]]:
        """:meth:`under_ahead`'s steps for a still part that changes with the scene's clock (a veil
        fading in, a card popping in): the keys ``look_at(frame, time)`` of the next ``frames``
        frames that differ from the key now (frame 0) and from each other, each with
        ``paint_at(frame, time)``, which gives ``paint(surface)`` for that frame. ``time`` adds
        up 1/RATE s a frame as the app's updates add it (the same float: a key computed from
        ``self.time + frame / RATE`` could round to another step than the frame's own)."""
        now = look_at(0, self.time)
        steps: list[tuple[Hashable, Callable[[Target], None]]] = []
        time = self.time
        for frame in range(1, frames + 1):
            time += 1 / RATE
            key = look_at(frame, time)
            if key != now and key not in (known for known, _paint in steps):
                steps.append((key, paint_at(frame, time)))
        return steps

    def draw_over(self, surface: Target) -> None:
        """An overlay's own card, drawn on the backdrop at every frame it changes; by default
        :meth:`draw`. A scene splitting its drawing draws both parts in :meth:`draw`."""
        self.draw(surface)

    def draw_over_changes(self, surface: Target,
                          restore: Callable[[Sequence[pygame.Rect]], None]) -> Sequence[pygame.Rect] | None:
        """An overlay's :meth:`draw_over` drawn again over its last frame, where only what it
        drew moved (confetti falling over a card held still): first ``restore(areas)`` gives
        back the backdrop (the scenes below and :meth:`draw_under`) under the native ``areas``
        its last frame drew on, then it draws what :meth:`draw_over` draws, and returns the
        native rectangles it changed (the areas given back and those drawn on). None (the
        default): the composer draws the whole frame. Asked only when the screen still shows
        the overlay's last frame over the same backdrop: the pixels must be those of the whole
        frame (see :mod:`kiosk.frames`)."""
        return None

    def state_summary(self) -> dict[str, Any]:
        """A small JSON-able description for tests and ``--json`` output."""
        return {"scene": self.name}
