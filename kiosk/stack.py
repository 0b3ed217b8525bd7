"""The scene stack, and :class:`Screen`: what the stack and the app's loop need of a scene.

The stack knows scenes by this protocol, not by :class:`kiosk.scene.Scene`, so the scene base
class can depend on the host (:mod:`kiosk.host`) and the host on the stack without a circle.
Changes requested during a frame (push, pop, replace, reset) are applied at its end, and the
pending input is then flushed, so a tap that closed one screen never lands on the next.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

import pygame

from games import budget
from kiosk.canvas import RectLike, Target


def collect(scopes: set[str]) -> None:
    """Collect the screens left (garbage in cycles: their buttons call back into them) and give
    back the caches of ``scopes``, which only they used."""
    gc.collect()
    budget.release(scopes)


class Screen(Protocol):
    """One screen on the stack, as the stack and the frame loop see it (every
    :class:`kiosk.scene.Scene` is one)."""

    #: Short name reported by ``state_summary`` and the logs.
    name: str
    #: Draws the scene below it first.
    overlay: bool
    #: A card over a game: only the newest card on the stack is drawn and updated.
    is_card: bool
    #: Attract mode (the demo): a pad's buttons wake it, "Encore là ?" never covers it.
    attract_mode: bool

    @property
    def memory_scope(self) -> str | None:
        """The caches only this screen uses (given back when the last of its scope leaves)."""
        ...

    def on_enter(self) -> None:
        """It became the top of the stack."""
        ...

    def on_exit(self) -> None:
        """It left the stack for good."""
        ...

    def on_cover(self) -> None:
        """Another screen was put on top of it."""
        ...

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; True if consumed."""
        ...

    def update(self, dt: float) -> None:
        """Advance by a fixed step of ``dt`` seconds."""
        ...

    def draw(self, surface: Target) -> None:
        """Draw on the logical canvas."""
        ...

    def state_summary(self) -> dict[str, Any]:
        """A small JSON-able description (tests, ``--json``)."""
        ...

    def prepare(self, surface: Target) -> None:
        """Draw its first frames ahead, off screen (kiosk/prepare.py)."""
        ...

    def look(self) -> Hashable | None:
        """What it shows now, as a key (None: it changes at every frame): see kiosk/frames.py."""
        ...

    def draw_changes(self, surface: Target) -> Sequence[RectLike] | None:
        """Draw only what changed since its last frame; the logical rectangles drawn (None: it
        cannot, :meth:`draw` draws the whole frame)."""
        ...

    def backdrop_look(self) -> Hashable | None:
        """The same, shown under a card."""
        ...

    def shown_again(self, drawn_on: int, surface: Target) -> bool:
        """Whether the screen shows again its last frame, drawn on the surface of id ``drawn_on``
        (a card over it left): :meth:`draw_changes` may then draw over it."""
        ...

    def under_look(self) -> Hashable | None:
        """An overlay's key for what :meth:`draw_under` draws."""
        ...

    def under_plain(self) -> Hashable | None:
        """An overlay's plainer still part when :meth:`under_look`'s copy is not ready."""
        ...

    def use_plain(self, plain: bool) -> None:
        """Whether this frame draws :meth:`under_plain`'s way."""
        ...

    def draw_under(self, surface: Target) -> None:
        """An overlay's part under its card (the veil), kept in the backdrop."""
        ...

    def under_ahead(self) -> Sequence[tuple[Hashable, Callable[[Target], None]]]:
        """An overlay's :meth:`under_look` keys of the frames to come, each with what draws that
        part then (drawn ahead over the backdrop, on a thread)."""
        ...

    def draw_over(self, surface: Target) -> None:
        """An overlay's card."""
        ...

    def draw_over_changes(self, surface: Target,
                          restore: Callable[[Sequence[pygame.Rect]], None]) -> Sequence[pygame.Rect] | None:
        """An overlay's card drawn again over its last frame, the areas it drew on given back
        first with ``restore``; the native rectangles changed (None: it cannot)."""
        ...


class SceneStack:
    """Holds the scenes; changes requested during a frame are applied at its end."""

    def __init__(self) -> None:
        self.scenes: list[Screen] = []
        self._pending: list[Callable[[], None]] = []
        self._left = 0
        # A screen waiting to be pushed until it has been drawn ahead (kiosk/prepare.py), what
        # says it is ready, and whether it then replaces every screen (:meth:`reset_when_ready`).
        self._waiting: tuple[Screen, Callable[[], bool], bool] | None = None
        # What says a screen on the stack, changed, has been drawn ahead (:meth:`hold_until`).
        self._hold: Callable[[], bool] | None = None
        #: Collect the screens left at the next frame (:meth:`collect_left`, called by the app at
        #: the start of each frame) rather than in the frame that shows the next screen.
        self.defer_collection = False
        # The memory scopes on the stack before screens were left, while their collection waits.
        self._left_behind: set[str] | None = None

    @property
    def top(self) -> Screen | None:
        """The active scene."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Screen) -> None:
        """Put ``scene`` on top (at the end of the frame)."""
        self._pending.append(lambda: self._push(scene))

    def push_when_ready(self, scene: Screen, ready: Callable[[], bool]) -> None:
        """Put ``scene`` on top at the end of the first frame where ``ready()`` is true (it is
        being drawn ahead: :class:`kiosk.prepare.Preparation`); a screen already waiting is
        dropped, and so is this one if the stack is reset meanwhile."""
        dropped, self._waiting = self._waiting, (scene, ready, False)
        if dropped is not None:
            self._release_unshown(dropped[0])

    def reset_when_ready(self, scene: Screen, ready: Callable[[], bool]) -> None:
        """:meth:`reset` to ``scene`` at the end of the first frame where ``ready()`` is true (the
        menu drawn ahead after a game: :meth:`kiosk.app.App.go_home`); meanwhile the stack is
        :attr:`holding`. A screen already waiting is dropped."""
        dropped, self._waiting = self._waiting, (scene, ready, True)
        if dropped is not None:
            self._release_unshown(dropped[0])

    def hold_until(self, ready: Callable[[], bool]) -> None:
        """Hold the screens as they are until ``ready()`` (a screen on the stack, changed, is being
        drawn ahead: the game under the who-plays card after "Jouer !")."""
        self._hold = ready

    def push_held(self, scene: Screen, ready: Callable[[], bool]) -> None:
        """Put ``scene`` on top (at the end of the frame), then :meth:`hold_until` ``ready()``
        (the screens under a card drawn ahead: :meth:`kiosk.app.App.push_card`). Until it is on
        top nothing is held: a card asked for at a tap (the question "Arrêter la partie ?") lets
        the frame's update run, as without it."""

        def do() -> None:
            self._push(scene)
            self._hold = ready

        self._pending.append(do)

    @property
    def holding(self) -> bool:
        """True while every screen is about to be left for one being drawn ahead, or a screen on
        the stack is being drawn ahead (:meth:`hold_until`): the screen keeps its last picture
        (nothing is drawn), no input reaches the screens (a second tap on "Oui, arrêter" would
        land on the game under it) and they are not updated (one is being drawn on a thread)."""
        return (self._waiting is not None and self._waiting[2]) or (self._hold is not None and not self._hold())

    def _drop_waiting(self) -> None:
        """Forget the screen waiting (the visitors went elsewhere)."""
        dropped, self._waiting = self._waiting, None
        if dropped is not None:
            self._release_unshown(dropped[0])

    def _release_unshown(self, scene: Screen) -> None:
        """What ``scene``, dropped before it was shown, alone filled goes (unless a screen on the
        stack or waiting uses it too)."""
        scope = scene.memory_scope
        if scope is not None and scope not in self.scopes() and (
                self._waiting is None or self._waiting[0].memory_scope != scope):
            budget.release([scope])

    def pop(self) -> None:
        """Remove the top scene (at the end of the frame)."""
        self._pending.append(self._pop)

    def replace(self, scene: Screen) -> None:
        """Swap the top scene for ``scene``."""

        def do() -> None:
            self._pop()
            self._push(scene)

        self._pending.append(do)

    def reset(self, scene: Screen) -> None:
        """Leave every scene and start over from ``scene`` (the menu, after inactivity)."""

        self._drop_waiting()
        self._hold = None
        self._pending.append(functools.partial(self._reset, scene))

    def _reset(self, scene: Screen) -> None:
        while self.scenes:
            self._pop()
        self._push(scene)

    def apply_pending(self) -> bool:
        """Apply the requested changes (and push the screen waiting, once drawn ahead); True if
        anything changed."""
        if self._hold is not None and self._hold():
            self._hold = None
        if self._waiting is not None and self._waiting[1]():
            (scene, _ready, reset), self._waiting = self._waiting, None
            self._pending.append(functools.partial(self._reset if reset else self._push, scene))
        if not self._pending:
            return False
        pending, self._pending = self._pending, []
        before = self.scopes()
        left = self._left
        for change in pending:
            change()
        del pending
        if self._left != left and self.defer_collection:
            # The frame that shows the next screen draws it whole: the left one goes at the next.
            self._left_behind = (self._left_behind or set()) | before
        else:
            if self._left != left:
                # A screen left is garbage in a cycle (its buttons call back into it): collected
                # now, its surfaces and camera go now, not at the next full collection, which
                # comes every few minutes in a kiosk at rest. 2-5 ms (measured, 1080p).
                gc.collect()
            budget.release(before - self.scopes())  # a screen left gives back what it alone used
        pygame.event.clear((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.FINGERDOWN, pygame.FINGERUP))
        return True

    def collect_left(self) -> None:
        """Collect the screens left at the last change and give back what they alone used (the
        frame after the change: 2-5 ms at 1080p, freed pages and ``malloc_trim`` included, that
        the change's own frame, drawing the next screen whole, does not pay)."""
        scopes = self.take_left()
        if scopes is not None:
            collect(scopes)

    def take_left(self) -> set[str] | None:
        """The memory scopes that the screens left at the last change alone used (None: no screen
        was left since the last call); :func:`collect` then collects them, here or on a thread
        (:meth:`kiosk.app.App.tick`)."""
        if self._left_behind is None:
            return None
        before, self._left_behind = self._left_behind, None
        waiting = self._waiting[0].memory_scope if self._waiting is not None else None
        return before - self.scopes() - ({waiting} if waiting is not None else set())

    def scopes(self) -> set[str]:
        """The memory scopes of the scenes on the stack."""
        return {scope for scene in self.scenes if (scope := scene.memory_scope) is not None}

    def _push(self, scene: Screen) -> None:
        if self.scenes:
            self.scenes[-1].on_cover()
        self.scenes.append(scene)
        scene.on_enter()

    def _pop(self) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
            self._left += 1
            if self.scenes:
                self.scenes[-1].on_enter()

    def visible(self) -> list[Screen]:
        """The scenes to draw, bottom first: the top one and the ones under its overlays, but
        only the newest card of them (cards never stack)."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        shown = self.scenes[max(start, 0) :]
        cards = [scene for scene in shown if scene.is_card]
        return [scene for scene in shown if not scene.is_card or scene is cards[-1]]
