"""Draw only what changed: the frame composer behind :meth:`kiosk.app.App.draw`.

A frame is the visible scenes drawn bottom first. Two things are never drawn twice:

- **A frame that looks like the last one.** Each scene may say what it shows as a key
  (:meth:`Scene.look`): equal keys on two frames mean equal pictures. When every visible
  scene gives a key and the keys (with the screen's size, the gamepad's cursor and the notice)
  are those of the last frame drawn, nothing is drawn and the display is not flipped: the
  screen already shows it. A scene that animates gives None and is drawn at every frame.
- **What lies under a card.** A card (the who-plays card, the end card, a question) is modal:
  the scenes under it are drawn once into a backdrop, a copy of the screen, blitted (one opaque
  copy, 0.2 ms at 1080p) while their keys (:meth:`Scene.backdrop_look`) stay the same; a second
  copy adds the card's still part (:meth:`Scene.draw_under`: its veil, the card once popped
  in; key :meth:`Scene.under_look`), so a veil fading in costs a blit and a veil. What moves
  on the card (:meth:`Scene.draw_over`) is drawn at every frame; over a screen that shows the
  card's last frame on the same kept copy, the card may give back only the parts of the copy
  its last frame drew on and draw again (:meth:`Scene.draw_over_changes`: confetti falling,
  the card popping in), and only those parts go to the display. The card's still parts of the
  frames to come (:meth:`Scene.under_ahead`: a veil's next steps as it fades in) are drawn
  ahead over the kept backdrop on a thread, and such a frame blits that copy; the backdrop
  itself may be drawn ahead while the scenes hold still (:meth:`FrameComposer.draw_below_ahead`:
  the end card and the question "Arrêter la partie ?", :meth:`kiosk.app.App.push_card`).
  A game under a card holds its idle decoration still (a bobbing token, a glow): what changes
  it (a move, a hint, a message, an animation running) is in its key, and it is drawn again.

- **What did not change on a screen without a card.** A scene drawn at the last frame, alone
  on the screen with nothing drawn over it, may draw only what changed
  (:meth:`Scene.draw_changes`: the menu's bobbing cards and their pictures, a rules page's
  illustration, a science page's parts that changed) and say where; the composer then lists those native rectangles in
  :attr:`FrameComposer.changed` and the app sends only them to the display
  (``pygame.display.update(rects)``) instead of the whole screen (``flip``).

The two copies are screen-sized surfaces kept in a :class:`~games.budget.ByteCache` (listed
with the other caches, given back as soon as no card is shown). A card opened with its screen
drawn ahead (a game opened from the menu, under its who-plays card: kiosk/prepare.py) may have
its backdrop made there, off the frame thread (:meth:`FrameComposer.draw_backdrop_ahead`): its
first frame takes it when its key is still the same, and only draws the card's moving part.
"""

from __future__ import annotations

import logging
import math
import threading
import weakref
from collections.abc import Callable, Hashable, Sequence

import pygame

from games import jobs
from games.budget import MB, ByteCache
from kiosk.canvas import Canvas, Target, blit, copy_rect, new_layer, pixel_bytes, scale_of
from kiosk.stack import Screen

log = logging.getLogger(__name__)

#: One backdrop: a screen's copy (8 MB at 1080p, 33 MB at 4K: a value over the budget is kept alone).
BACKDROP_BUDGET = 9 * MB


class SurfacePool:
    """Screen-sized surfaces given back by the frame composer and the still layers, lent again
    to the next one that needs the same size and format: a new 8 MB surface at 1080p costs
    2,000 page faults the first time it is written (10-40 ms on a loaded machine, at a change of
    screen), a lent one none. At most ``budget`` bytes wait in the pool (a ByteCache: listed with
    the other caches)."""

    def __init__(self, budget: int) -> None:
        self._free = ByteCache("kiosk.frames.pool", budget, sizer=lambda kept: sum(pixel_bytes(s) for s in kept))
        # The surfaces given over the budget, freed by :meth:`release` (at most LEAVING_BYTES
        # wait: past that they are freed at once).
        self._leaving: list[pygame.Surface] = []

    @staticmethod
    def _shape(size: tuple[int, int], like: pygame.Surface) -> Hashable:
        return (size, like.get_bitsize(), like.get_flags() & pygame.SRCALPHA, like.get_masks())

    def take(self, size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
        """A surface of ``size`` in ``like``'s format (its pixels are whatever they were)."""
        shape = self._shape(size, like)
        kept: list[pygame.Surface] | None = self._free.pop(shape)
        if kept:
            surface = kept.pop()
            if kept:
                self._free.put(shape, kept)
            return surface
        return pygame.Surface(size, like.get_flags() & pygame.SRCALPHA, like)

    def give(self, surface: pygame.Surface) -> None:
        """Keep ``surface`` for the next :meth:`take` of its size and format."""
        shape = self._shape(surface.get_size(), surface)
        kept: list[pygame.Surface] = self._free.pop(shape) or []
        if kept and sum(pixel_bytes(s) for s in kept) + pixel_bytes(surface) > self._free.budget:
            self._free.put(shape, kept)  # full: this one is freed, by release() (after the frame)
            if sum(pixel_bytes(s) for s in self._leaving) + pixel_bytes(surface) <= LEAVING_BYTES:
                self._leaving.append(surface)
            return
        surface.set_clip(None)
        surface.set_alpha(None)
        self._free.put(shape, [*kept, surface])

    def release(self, threaded: bool) -> None:
        """Free the surfaces given over the budget since the last call, on a job's thread
        (:mod:`games.jobs`) when ``threaded`` (the app calls it after each frame: freeing the
        copies under a card at the frame after it left cost that frame 1-5 ms at 1080p, up to 46 ms on a loaded
        machine; the frame thread waits for the next frame meanwhile), else at once (a
        headless run: the same memory at the same frame, run after run)."""
        leaving, self._leaving = self._leaving, []
        if not leaving:
            return
        if threaded:  # the job holds the only references left: they are freed on its thread
            jobs.submit(leaving.clear, "kiosk-free")  # the frame starts no thread (games/jobs.py)
        else:
            leaving.clear()


#: Surfaces given over the pool's budget that wait for :meth:`SurfacePool.release` (four screens
#: at 1080p: the copies under a card and those drawn ahead, given back at once when it leaves).
LEAVING_BYTES = 4 * BACKDROP_BUDGET

#: Up to two screens (17 MB at 1080p; at 4K one screen, 33 MB, is kept alone).
POOL = SurfacePool(2 * BACKDROP_BUDGET - MB)

#: A card's still parts drawn ahead at a time (:meth:`kiosk.scene.Scene.under_ahead`): 25 MB at
#: 1080p for the next three steps of a veil fading in; at 4K one screen (33 MB) is kept alone.
AHEAD_BUDGET = 3 * BACKDROP_BUDGET


class _AheadJob:
    """Copies of a kept backdrop ``source`` (or of nothing) with a card's still part drawn over
    them, one per step (``paint(canvas)``), on a thread of the shared pool (:mod:`games.jobs`); each copy is handed to
    ``store(key, copy)`` once drawn (False: the job stops). Nothing else writes ``source``
    while the job runs (:meth:`FrameComposer._keep`)."""

    def __init__(self, source: pygame.Surface | None, screen: Canvas,
                 steps: list[tuple[Hashable, Callable[[Target], None]]],
                 store: Callable[[Hashable, pygame.Surface], bool | None], chain: bool = False) -> None:
        self.source = source
        # Without a source, the first step's copy is the source of the next ones (``chain``).
        self._chain = chain
        self._like = screen.target
        self._steps, self._store = steps, store
        self._logical, self._scale, self._offset = screen.logical_size, screen.scale, screen.offset
        #: Set by the composer when the copies are no longer wanted (the card left).
        self.cancelled = False
        self._done = threading.Event()
        # A pool's thread: starting one in the frame that asks cost it ~6 ms of wall time.
        jobs.submit(self._run, "kiosk-card-ahead")

    @property
    def running(self) -> bool:
        """True until every step is drawn (or the job stopped)."""
        return not self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the job's end (at most ``timeout`` seconds); True once it is over."""
        return self._done.wait(timeout)

    def _run(self) -> None:
        try:
            for key, paint in self._steps:
                if self.cancelled:
                    return
                copy = POOL.take(self._like.get_size(), self._like)
                copy.set_clip(None)
                if self.source is not None:
                    copy.blit(self.source, (0, 0))
                paint(Canvas(copy, self._logical, self._scale, self._offset))
                copy.set_clip(None)
                if self.cancelled:
                    POOL.give(copy)
                    return
                if self._chain and self.source is None:
                    self.source = copy  # set before it is handed over: _keep writes it no more
                if self._store(key, copy) is False:
                    return  # not kept: the next steps are not wanted either
        except Exception as exc:  # the frame thread draws the step itself, and reports what fails
            log.warning("a card's still part could not be drawn ahead: %r", exc)
        finally:
            self._done.set()


class FrameComposer:
    """Draws the visible scenes on the screen's canvas, reusing the last frame and the backdrop
    under a card when their keys say nothing changed (see the module docstring)."""

    def __init__(self, threaded: bool = False) -> None:
        # Two copies of the screen while a card is up: the scenes under it, and those with the
        # card's own still part (its veil, the card once popped in) over them.
        self._copies = ByteCache("kiosk.frames.backdrop", 2 * BACKDROP_BUDGET, sizer=pixel_bytes)
        #: Whether a card's still parts to come are drawn ahead on a thread
        #: (:meth:`kiosk.scene.Scene.under_ahead`; not in headless runs: their frames draw them).
        self.threaded = threaded
        # The copies drawn ahead, under their ("high") keys, the keys asked for, and the job
        # drawing them.
        self._ahead = ByteCache("kiosk.frames.ahead", AHEAD_BUDGET, sizer=pixel_bytes)
        self._ahead_asked: set[Hashable] = set()
        self._job: _AheadJob | None = None
        #: Frames whose card's still part was a copy drawn ahead (tests and the bench read it).
        self.ahead_used = 0
        self._keys: dict[str, Hashable] = {}
        self._frame_key: Hashable | None = None
        #: Frames drawn, frames reused whole, backdrops reused (tests and the bench read them).
        self.drawn = self.skipped = self.backdrops_reused = 0
        #: Of the frames drawn, those drawn in part (:meth:`Scene.draw_changes`).
        self.partial = 0
        #: The native rectangles the last frame drawn changed; None: the whole screen (flip).
        self.changed: list[pygame.Rect] | None = None
        # The lone scene (a weak reference: a new scene may get a freed one's id) and the screen
        # of the last frame drawn without a card and with nothing over it: the screen holds its
        # picture, so the same scene may draw only what changed over it.
        self._alone: tuple[weakref.ref[Screen], Hashable] | None = None
        # The key of the card's still part at the last frame drawn with a card.
        self._last_high: Hashable | None = None
        # The card (a weak reference) and its backdrop's key when the screen shows that card's
        # last frame over its kept backdrop, nothing over it: it may then draw only what moved.
        self._card_frame: tuple[weakref.ref[Screen], Hashable] | None = None
        #: Of the frames drawn with a card, those drawn in part (:meth:`Scene.draw_over_changes`).
        self.card_partial = 0
        # The two copies drawn ahead for a card about to show (:meth:`draw_backdrop_ahead`), with
        # their keys: taken by its first frame, or given back at the first card frame they miss.
        self._offered = ByteCache("kiosk.frames.offered", 2 * BACKDROP_BUDGET,
                                  sizer=lambda offer: sum(pixel_bytes(copy) for _key, copy in offer))
        #: Copies drawn ahead taken by a card's first frame (tests read it).
        self.backdrops_taken = 0
        # The id of the surface the scenes in the kept "low" copy were drawn on (the screen, or
        # the copy itself when drawn ahead), and the lone scene under the last card frame with
        # that copy's key: once the card leaves, its first frame starts from that copy.
        self._low_on: int | None = None
        self._under: tuple[weakref.ref[Screen], Hashable] | None = None
        #: Frames of a scene a card left that started from the copy kept under the card and drew
        #: only what changed over it (:meth:`Scene.shown_again`; tests read it).
        self.uncovered = 0

    def forget(self) -> None:
        """Draw everything at the next frame (the screen was drawn on by someone else, or resized)."""
        self._frame_key = None
        self._alone = None
        self._low_on = self._under = None
        self._last_high = None
        self._card_frame = None
        self._keys.clear()
        job, self._job = self._job, None
        if job is not None:
            job.cancelled = True
        for name in ("low", "high"):
            copy = self._copies.pop(name)
            if copy is not None and (job is None or copy is not job.source or not job.running):
                POOL.give(copy)  # (the job's source, still read, is dropped instead)
        self._drop_ahead(set())

    def draw_below_ahead(self, screen: Canvas, below: Sequence[Screen], card: Screen | None = None
                         ) -> Callable[[], bool] | None:
        """Draw the scenes ``below`` a card about to be shown as its kept backdrop, ahead, on a
        thread: its first frame then blits it instead of drawing them (a game: 2-4 ms at 1080p);
        over a copy of it, the ``card``'s still part as it is now (:meth:`Scene.draw_under`: the
        question's card and words, 0.6-1 ms of its first frame). They must hold still meanwhile
        (:meth:`kiosk.stack.SceneStack.hold_until` the callable returned, true once drawn); None
        when nothing is drawn ahead (headless, a scene below that moves, the backdrop already
        kept, something being drawn ahead)."""
        looks = [scene.backdrop_look() for scene in below]
        if not self.threaded or not below or any(look is None for look in looks) or (
                self._job is not None and self._job.running):
            return None
        low = ((id(screen.target), screen.target.get_size(), screen.scale), *looks)
        if self._keys.get("low") == low:
            return None

        def paint(canvas: Target) -> None:
            for scene in below:
                scene.draw(canvas)

        steps: list[tuple[Hashable, Callable[[Target], None]]] = [(low, paint)]
        under = None if card is None else card.under_look()
        if card is not None and under is not None:
            steps.append(((low, under), card.draw_under))
            self._ahead_asked.add((low, under))  # (on this thread: the frame thread reads the set)

        def store(key: Hashable, copy: pygame.Surface) -> bool:
            if [scene.backdrop_look() for scene in below] != looks:  # they moved after all: drawn at the frame
                POOL.give(copy)
                return False
            if key != low:  # the card over them, taken by its first frame (_take_ahead)
                self._ahead.put(key, copy)
                return True
            old: pygame.Surface | None = self._copies.pop("low")
            self._copies.put("low", copy)
            self._keys["low"] = key
            self._low_on = id(copy)  # (its scenes drawn on it: paint above)
            if old is not None:
                POOL.give(old)
            return True

        job = self._job = _AheadJob(None, screen, steps, store, chain=True)
        return lambda: not job.running

    def wait_ahead(self, timeout: float | None = None) -> bool:
        """Wait for the card's still parts being drawn ahead (tests: the frames to come then find
        them); True when none is being drawn."""
        return self._job is None or self._job.wait(timeout)

    def compose(self, screen: Canvas, scenes: Sequence[Screen], extra: Hashable | None,
                drawn_over: bool = True) -> bool:
        """Draw ``scenes`` (bottom first) on ``screen``; ``extra`` is the key of what the caller
        draws on top (None: it changes), ``drawn_over`` False when the caller draws nothing over
        the scenes (a lone scene may then draw only what changed: :attr:`changed`). Returns
        False when the screen already shows this frame (nothing was drawn: no flip is needed)."""
        self.changed = None
        if not scenes:
            return False
        top = scenes[-1]
        below = scenes[:-1]
        card = top.overlay and bool(below)
        shape = self._shape(screen)
        low, high = self._backdrop_keys(screen, below, top) if card else ((shape,), ((shape,), ()))
        if card:
            high = self._plain_unless_ready(top, low, high)
        top_look = top.look()
        frame: Hashable | None = None
        if high is not None and top_look is not None and extra is not None:
            frame = (high, top_look, extra)
        if frame is not None and frame == self._frame_key:
            self.skipped += 1
            self.changed = []
            return False
        self._frame_key = frame
        if not card:
            alone = (weakref.ref(scenes[0]), shape) if len(scenes) == 1 and not drawn_over else None
            if self._keys:
                again = alone is not None and self._uncover(screen, scenes[0])
                self.forget()
                self._frame_key = frame
                if again:
                    self._alone = alone
                    return True
            if alone is not None and self._alone is not None and self._alone[0]() is scenes[0] \
                    and self._alone[1] == shape:
                rects = scenes[0].draw_changes(screen)
                if rects is not None:
                    self.changed = [r for r in (screen.to_native_rect(rect).clip(screen.area) for rect in rects) if r]
                    if not self.changed:
                        self.skipped += 1
                        return False
                    self.drawn += 1
                    self.partial += 1
                    return True
            self.drawn += 1
            for scene in scenes:
                scene.draw(screen)
            self._alone = alone
            return True
        self._alone = None
        self._under = (weakref.ref(below[0]), low) if len(below) == 1 and low is not None else None
        # The card's still part is kept once it holds for two frames: while a veil fades in its
        # key changes at every frame, and a copy kept each time (0.5-1 ms at 1080p) was never used.
        steady, self._last_high = high is not None and high == self._last_high, high
        card_frame = (weakref.ref(top), high) if steady and not drawn_over else None
        if card_frame is not None and self._draw_card_changes(screen, top, card_frame):
            if top.under_plain() is not None:  # its plainer part kept: the copies to come still drawn ahead
                self._draw_ahead(screen, top, low)
            return bool(self.changed)
        self._card_frame = None
        self.drawn += 1
        self._take_offered(low, high)
        if not self._reuse(screen.target, "high", high) and not self._take_ahead(screen.target, high):
            if not self._reuse(screen.target, "low", low):
                for scene in below:
                    scene.draw(screen)
                self._keep(screen.target, "low", low)
            top.draw_under(screen)
            if steady:
                self._keep(screen.target, "high", high)
        top.draw_over(screen)
        self._card_frame = card_frame
        self._draw_ahead(screen, top, low)
        return True

    @staticmethod
    def _shape(screen: Canvas) -> Hashable:
        """What a kept copy depends on besides the scenes: the screen's surface, size and scale."""
        return (id(screen.target), screen.target.get_size(), screen.scale)

    def _backdrop_keys(self, screen: Canvas, below: Sequence[Screen], top: Screen
                       ) -> tuple[Hashable | None, Hashable | None]:
        """The keys of the two copies under the card ``top`` on ``screen``: the scenes ``below``
        it, and those with the card's still part (None: not kept, something there moves)."""
        looks = [scene.backdrop_look() for scene in below]
        low: Hashable | None = None if any(look is None for look in looks) else (self._shape(screen), *looks)
        under = top.under_look()
        return low, None if low is None or under is None else (low, under)

    def draw_backdrop_ahead(self, screen: Canvas, canvas: Target, below: Sequence[Screen], top: Screen) -> None:
        """Draw the scenes ``below`` the card ``top`` and then the card's still part
        (:meth:`Scene.draw_under`) on ``canvas``, a scratch layer like ``screen`` being drawn
        ahead (kiosk/prepare.py, maybe on another thread; none of these scenes is on the stack
        yet), and keep a copy of the last, under the key the card's first frame on ``screen``
        will look for: when it is still the same it takes it instead of drawing them (the
        who-plays card's first frame drew the game, its veil and its card: 4-6.5 ms at 1080p)."""
        alike = isinstance(canvas, Canvas) and canvas.offset == screen.offset == (0, 0) \
            and canvas.scale == screen.scale and canvas.target.get_size() == screen.target.get_size()
        low, high = self._backdrop_keys(screen, below, top) if alike else (None, None)
        for scene in below:
            scene.draw(canvas)
        # One copy: the scenes with the card's still part, which the card's frames blit (the
        # scenes alone serve only a still part that changes, a veil fading in); one screen more
        # kept at a change of screen was freed on the frame thread at the next (1-2 ms at 1080p).
        offer = []
        if low is not None and high is None and isinstance(canvas, Canvas):
            offer.append((low, self._copy_of(canvas.target)))
        top.draw_under(canvas)
        if high is not None and isinstance(canvas, Canvas):
            offer.append((high, self._copy_of(canvas.target)))
        if offer:
            self._give_offered()
            self._offered.put("offer", offer)

    @staticmethod
    def _copy_of(target: pygame.Surface) -> pygame.Surface:
        """A copy of ``target`` on a surface lent by the pool."""
        copy = POOL.take(target.get_size(), target)
        copy.blit(target, (0, 0))
        return copy

    def _give_offered(self) -> None:
        """The copies drawn ahead go back to the pool (not taken)."""
        offer: list[tuple[Hashable, pygame.Surface]] | None = self._offered.pop("offer")
        for _key, copy in offer or []:
            POOL.give(copy)

    def _take_offered(self, low: Hashable | None, high: Hashable | None) -> None:
        """Take the copies drawn ahead whose keys are ``low`` and ``high`` (this card frame's);
        the others go back to the pool: drawn ahead for a card that then showed differently."""
        offer: list[tuple[Hashable, pygame.Surface]] | None = self._offered.pop("offer")
        for key, copy in offer or []:
            name = "low" if key == low and low is not None else "high" if key == high and high is not None else None
            if name is None:
                POOL.give(copy)
                continue
            old: pygame.Surface | None = self._copies.pop(name)
            if old is not None:
                POOL.give(old)
            self._copies.put(name, copy)
            self._keys[name] = key
            if name == "low":
                self._low_on = None  # (its scenes drawn on a scratch layer: not shown again)
            self.backdrops_taken += 1

    def _plain_unless_ready(self, top: Screen, low: Hashable | None, high: Hashable | None) -> Hashable | None:
        """The key of the card's still part this frame keeps: :meth:`Scene.under_look`'s when
        its copy is kept or drawn ahead, else the card's plainer one if it has one
        (:meth:`Scene.under_plain`: a veil, the card popping in drawn over it by
        :meth:`Scene.draw_over`), the card told which (:meth:`Scene.use_plain`). A copy drawn
        ahead too late costs the frame the veil blended again under a card (2 ms at 1080p)."""
        plain = top.under_plain()
        use = plain is not None and low is not None and high is not None and self._keys.get("high") != high \
            and high not in self._ahead
        top.use_plain(use)
        return (low, plain) if use else high

    def _take_ahead(self, target: pygame.Surface, high: Hashable | None) -> bool:
        """Blit the copy drawn ahead under ``high`` (the card's still part as it is now, over the
        same backdrop), which becomes the kept "high" copy; False when none was drawn."""
        copy: pygame.Surface | None = None if high is None else self._ahead.pop(high)
        if copy is None:
            return False
        self._ahead_asked.discard(high)
        target.blit(copy, (0, 0))
        old: pygame.Surface | None = self._copies.pop("high")
        if old is not None:
            POOL.give(old)
        self._keys["high"] = high
        self._copies.put("high", copy)
        self.ahead_used += 1
        return True

    def _draw_ahead(self, screen: Canvas, top: Screen, low: Hashable | None) -> None:
        """Start drawing ahead, on a thread, the card's still parts of the frames to come
        (:meth:`Scene.under_ahead`: a veil fading in) over the kept backdrop, unless they are
        drawn, being drawn, or the backdrop is not kept: a frame then blits one copy instead of
        a copy and a veil blended over the whole screen (1.9 ms at 1080p)."""
        if not self.threaded or low is None or (self._job is not None and self._job.running):
            return
        source: pygame.Surface | None = self._copies.get("low")
        steps = top.under_ahead()
        wanted: set[Hashable] = {(low, key) for key, _paint in steps}
        self._drop_ahead(wanted)
        if source is None or self._keys.get("low") != low:
            return
        kept = self._keys.get("high")
        todo: list[tuple[Hashable, Callable[[Target], None]]] = [
            ((low, key), paint) for key, paint in steps if (low, key) not in self._ahead and (low, key) != kept]
        if not todo:
            return
        self._ahead_asked.update(key for key, _paint in todo)
        self._job = _AheadJob(source, screen, todo, self._store_ahead)

    def _store_ahead(self, key: Hashable, copy: pygame.Surface) -> None:
        self._ahead.put(key, copy)

    def _drop_ahead(self, wanted: set[Hashable]) -> None:
        """Give back the copies drawn ahead that no step to come wants any more."""
        for key in self._ahead_asked - wanted:
            copy: pygame.Surface | None = self._ahead.pop(key)
            if copy is not None:
                POOL.give(copy)
        self._ahead_asked &= wanted

    def _draw_card_changes(self, screen: Canvas, top: Screen, card_frame: tuple[weakref.ref[Screen], Hashable]
                           ) -> bool:
        """The card's part that moved drawn over its last frame, the backdrop given back under
        what it drew there (:meth:`Scene.draw_over_changes`); False when the screen does not show
        its last frame over the same kept backdrop, or the card draws the whole frame."""
        last = self._card_frame
        copy: pygame.Surface | None = self._copies.get("high")
        if last is None or last[0]() is not top or last[1] != card_frame[1] or copy is None \
                or self._keys.get("high") != card_frame[1]:
            return False
        target = screen.target

        def restore(areas: Sequence[pygame.Rect]) -> None:
            for area in areas:
                part = area.clip(screen.area)
                if part:
                    target.blit(copy, part.topleft, part)

        rects = top.draw_over_changes(screen, restore)
        if rects is None:
            return False
        self.changed = [part for part in (pygame.Rect(rect).clip(screen.area) for rect in rects) if part]
        if self.changed:
            self.drawn += 1
            self.card_partial += 1
        else:
            self.skipped += 1
        return True

    def _uncover(self, screen: Canvas, scene: Screen) -> bool:
        """The first frame of ``scene`` alone once the card over it left ("Non, je continue"):
        when the copy kept under the card is still the one the card's last frame used and the
        scene says the screen may show again what it drew there (:meth:`Scene.shown_again`:
        its last frame drawn was that copy's), the copy is blitted and the scene draws only
        what changed over it (its tools come alive, what moves): the game drawn whole cost
        that frame 1.3-1.6 ms at 1080p. False (nothing drawn) otherwise."""
        under, copy = self._under, self._copies.get("low")
        if under is None or under[0]() is not scene or copy is None or self._low_on is None \
                or self._keys.get("low") != under[1] or copy.get_size() != screen.target.get_size() \
                or not scene.shown_again(self._low_on, screen):
            return False
        clip = screen.target.get_clip()
        screen.target.set_clip(None)
        screen.target.blit(copy, (0, 0))
        screen.target.set_clip(clip)
        self.drawn += 1
        self.uncovered += 1
        if scene.draw_changes(screen) is None:
            scene.draw(screen)  # (over the copy: draw covers the whole screen)
        return True

    def _reuse(self, target: pygame.Surface, name: str, key: Hashable | None) -> bool:
        """Blit the copy ``name`` if it was kept under ``key``."""
        copy: pygame.Surface | None = self._copies.get(name)
        if key is None or copy is None or self._keys.get(name) != key:
            return False
        target.blit(copy, (0, 0))
        self.backdrops_reused += 1
        return True

    def _keep(self, target: pygame.Surface, name: str, key: Hashable | None) -> None:
        """Copy the screen as ``name`` under ``key`` (None: nothing to keep)."""
        if key is None:
            self._keys.pop(name, None)
            return
        copy: pygame.Surface | None = self._copies.get(name)
        if copy is None or copy.get_size() != target.get_size() or (
                self._job is not None and copy is self._job.source and self._job.running):
            copy = POOL.take(target.get_size(), target)  # (a job drawing ahead still reads the old one)
        clip = target.get_clip()
        target.set_clip(None)
        copy.blit(target, (0, 0))
        target.set_clip(clip)
        self._keys[name] = key
        self._copies.put(name, copy)
        if name == "low":
            self._low_on = id(target)  # (the scenes under the card were drawn on it)


class StillLayer:
    """A full-screen layer drawn again only when its key changes: a scene draws its still part
    (paper, board, pieces at rest, words) into it once, blits it at every frame (one opaque
    copy) and draws what moves over it. The layer lives in a :class:`ByteCache` of
    ``budget`` bytes under ``name`` (``scope``: given back with the game's screens)."""

    def __init__(self, name: str, budget: int = BACKDROP_BUDGET) -> None:
        self._cache = ByteCache(name, budget, sizer=_layer_bytes)
        #: Times the layer was drawn again whole, and in part (:meth:`patch`; tests read them).
        self.redrawn = self.patched = 0

    def draw(self, surface: Target, key: Hashable, paint: Callable[[Target], None]) -> None:
        """Blit the layer of ``key`` on ``surface``, painting it first with ``paint(layer)`` when
        the key (or the surface's size and scale) changed. ``paint`` must cover the whole layer
        with opaque pixels (it starts with the scene's paper)."""
        shape = (surface.get_size(), scale_of(surface))
        found: tuple[Hashable, Target] | None = self._cache.get("layer")
        if found is None or found[0] != (key, shape):
            # The same pixels are painted over (a new layer would cost its 8 MB of page faults
            # again at 1080p); a new one only for a new size or scale.
            if found is not None and found[0][1] == shape:  # type: ignore[index]
                layer = found[1]
            else:
                self.forget()
                layer = self._new_layer(surface)
            paint(layer)
            self.redrawn += 1
            found = ((key, shape), layer)
            self._cache.put("layer", found)
        blit(surface, found[1], (0, 0))

    def holds(self, surface: Target, key: Hashable) -> bool:
        """Whether the layer kept is ``key``'s, for ``surface``'s size and scale."""
        found: tuple[Hashable, Target] | None = self._cache.get("layer")
        return found is not None and found[0] == (key, (surface.get_size(), scale_of(surface)))

    def patch(self, surface: Target, old: Hashable, key: Hashable, areas: Sequence[pygame.Rect],
              paint: Callable[[Target], None]) -> bool:
        """Make the layer of ``old`` the layer of ``key`` by painting only the logical ``areas``
        again, each with ``paint(layer)`` under a clip (``paint`` draws there what it draws
        unclipped; nothing else differs between the two keys): a move repaints the few parts of
        a board it changed, not its 8 MB at 1080p. False (nothing painted) when the layer kept
        is not ``old``'s for ``surface``'s size and scale."""
        shape = (surface.get_size(), scale_of(surface))
        found: tuple[Hashable, Target] | None = self._cache.get("layer")
        if found is None or found[0] != (old, shape):
            return False
        layer = found[1]
        for area in areas:
            layer.set_clip(area)
            paint(layer)
        layer.set_clip(None)
        self.patched += 1
        self._cache.put("layer", ((key, shape), layer))
        return True

    def copy_area(self, surface: Canvas, area: pygame.Rect) -> bool:
        """Copy the layer's pixels under the native rectangle ``area`` of the screen ``surface``
        back onto it (what lies under a sprite that moved); False when no layer is kept for
        ``surface``'s size and scale (draw it whole first)."""
        return self.copy_areas(surface, [area])

    def copy_areas(self, surface: Canvas, areas: Sequence[pygame.Rect]) -> bool:
        """:meth:`copy_area` for each of ``areas`` (the layer looked up once)."""
        found: tuple[Hashable, Target] | None = self._cache.get("layer")
        if found is None or not isinstance(found[1], Canvas) or found[0][1] != (surface.get_size(), surface.scale):  # type: ignore[index]
            return False
        ox, oy = surface.offset
        layer, target = found[1].target, surface.target
        for area in areas:
            copy_rect(target, layer, area.topleft, area.move(-ox, -oy))
        return True

    @staticmethod
    def _new_layer(surface: Target) -> Target:
        if not isinstance(surface, Canvas):
            return new_layer(surface)
        native = (max(1, round(surface.logical_size[0] * surface.scale)),
                  max(1, round(surface.logical_size[1] * surface.scale)))
        return Canvas(POOL.take(native, surface.target), surface.logical_size, surface.scale, (0, 0))

    def forget(self) -> None:
        """Give the layer back (to the pool of screen-sized surfaces): the scene is left, or
        its size changed. It is drawn again at the next :meth:`draw`."""
        found: tuple[Hashable, Target] | None = self._cache.pop("layer")
        if found is not None and isinstance(found[1], Canvas):
            POOL.give(found[1].target)


def _layer_bytes(entry: tuple[Hashable, Target]) -> int:
    layer = entry[1]
    return pixel_bytes(layer.target if isinstance(layer, Canvas) else layer)


class Sprites:
    """Pictures drawn once and blitted where they move (the menu's bobbing cards), pixel for
    pixel what drawing them in place gives.

    :meth:`place` paints a sprite with ``paint(canvas)`` at its real place, on a transparent
    native surface whose canvas puts every logical point where the screen's does, shifted by an
    even number of native pixels (Python rounds halves to even: only an even shift leaves every
    rounding as it is). The sprite is then blitted at any place of the same *phase* (the native
    position modulo 2: at 1080p, a move by 4 logical pixels): a card bobbing up and down 9
    pixels is drawn in at most 4 phases, then only blitted. ``paint`` must draw the same
    picture, moved, wherever its box is (``key`` holds everything else it depends on) and
    nothing outside the box. Sprites live in a :class:`ByteCache` of ``budget`` bytes."""

    def __init__(self, name: str, budget: int) -> None:
        self._cache = ByteCache(name, budget)
        #: Sprites painted (tests read it).
        self.painted = 0

    @staticmethod
    def native_box(screen: Canvas, box: pygame.Rect) -> pygame.Rect:
        """The native rectangle of ``screen`` that :meth:`place` covers for the logical ``box``
        (even corners, a native pixel of margin)."""
        scale, (ox, oy) = screen.scale, screen.offset
        left, top = 2 * math.floor((ox + box.x * scale) / 2) - 2, 2 * math.floor((oy + box.y * scale) / 2) - 2
        right, bottom = math.ceil(ox + box.right * scale) + 2, math.ceil(oy + box.bottom * scale) + 2
        return pygame.Rect(left, top, right - left, bottom - top)

    def place(self, screen: Canvas, key: Hashable, box: pygame.Rect, paint: Callable[[Canvas], None],
              area: pygame.Rect | None = None) -> pygame.Rect:
        """Blit the sprite of ``key`` whose picture covers the logical ``box`` (painting it first
        with ``paint`` when none of this phase is kept); only its part in the native ``area``
        when given. Returns the native rectangle it covers."""
        native, sprite, drawn, _opaque = self._sprite(screen, key, box, paint)
        part = screen.to_native_rect(box).clip(screen.area).clip(drawn)
        if area is not None:
            part = part.clip(area)
        if part:
            screen.target.blit(sprite, part.topleft, part.move(-native.x, -native.y))
        return native

    def opaque(self, screen: Canvas, key: Hashable, box: pygame.Rect, paint: Callable[[Canvas], None]) -> bool:
        """Whether the sprite of ``key`` covers its whole box with opaque pixels (what was under
        it then need not be drawn again first); paints it if none is kept."""
        return self._sprite(screen, key, box, paint)[3]

    def _sprite(self, screen: Canvas, key: Hashable, box: pygame.Rect, paint: Callable[[Canvas], None]
                ) -> tuple[pygame.Rect, pygame.Surface, pygame.Rect, bool]:
        """The sprite's native place, the sprite, the native part of the screen its painted
        pixels cover, and whether its box is all opaque."""
        scale, (ox, oy) = screen.scale, screen.offset
        native = self.native_box(screen, box)
        phase = (round(ox + box.x * scale - native.x, 6), round(oy + box.y * scale - native.y, 6))
        entry = (key, phase, native.size, scale, screen.logical_size)
        found: tuple[pygame.Surface, pygame.Rect, bool] | None = self._cache.get(entry)
        if found is None:
            sprite = pygame.Surface(native.size, pygame.SRCALPHA)
            canvas = Canvas(sprite, screen.logical_size, scale, (ox - native.x, oy - native.y))
            canvas.set_clip(box)  # what the box does not cover is drawn by others
            paint(canvas)
            self.painted += 1
            inside = canvas.to_native_rect(box).clip(sprite.get_rect())
            # Blits skip what the sprite leaves transparent (a card's picture box: the title's foot).
            drawn = sprite.get_bounding_rect().clip(inside)
            opaque = bool(inside) and pygame.mask.from_surface(sprite.subsurface(inside), 254).count() \
                == inside.width * inside.height
            found = (sprite, drawn, opaque)
            self._cache.put(entry, found, pixel_bytes(sprite))
        sprite, drawn, opaque = found
        return native, sprite, drawn.move(native.topleft), opaque

    def forget(self) -> None:
        """Drop every sprite (the screen that used them is covered or left)."""
        self._cache.clear()


def uncovered(area: pygame.Rect, cover: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``area`` outside ``cover`` (at most four rectangles): what must be drawn
    again under a sprite that moved, when the sprite covers ``cover``."""
    inside = area.clip(cover)
    if not inside:
        return [area.copy()] if area else []
    parts = [pygame.Rect(area.x, area.y, area.width, inside.y - area.y),
             pygame.Rect(area.x, inside.bottom, area.width, area.bottom - inside.bottom),
             pygame.Rect(area.x, inside.y, inside.x - area.x, inside.height),
             pygame.Rect(inside.right, inside.y, area.right - inside.right, inside.height)]
    return [part for part in parts if part.width > 0 and part.height > 0]
