"""A screen drawn once off screen before it is shown, so that its first frame only blits.

A screen's first frame draws what the following ones copy: a game's still layer and its
sprites at the display's scale (8,000-14,000 page faults for the fresh surfaces: 40-50 ms of
the frame thread's CPU at 1080p on the 2-core machine here), the next game of attract mode,
the menu's still layer. A :class:`Preparation` draws the screen once on a scratch layer at the
display's scale (``paint(canvas)``: the scene's :meth:`~kiosk.scene.Scene.prepare`), which fills
its caches (still layer, sprites, labels); the screen is switched to only when that is done
(:meth:`kiosk.stack.SceneStack.push_when_ready`), and its first frame then blits what is kept.

Off the frame thread: the drawing runs on a thread of the shared pool (:mod:`games.jobs`:
handing it over starts no thread in the frame), so the frame thread goes on
drawing the screen shown meanwhile (a visitor waits 50-150 ms for the switch, unseen). pygame's
surface blits and drawing keep the interpreter lock (the two threads take turns, every
millisecond: ``sys.setswitchinterval`` in the app); of what the thread calls, only scaling and
opening a font let it go, on surfaces and fonts of their own. The scene being prepared is on no
stack: nothing else reads it meanwhile; the caches it fills are thread-safe
(:class:`games.budget.ByteCache`).

Headless runs (``--frames``, the tests' apps) draw it at once, in the frame that asks: the same
frames, screenshots and random numbers as before.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from games import jobs
from kiosk.canvas import Canvas
from kiosk.frames import POOL

log = logging.getLogger(__name__)


class Preparation:
    """``paint(canvas)`` run once on a scratch layer like ``screen`` (its logical size, scale and
    pixel format), on a thread of the shared pool when ``threaded``, else at once. The scratch layer is a
    screen-sized surface lent by the pool (:data:`kiosk.frames.POOL`) and given back after: its
    pages are then already touched for the next screen's copies."""

    def __init__(self, paint: Callable[[Canvas], None], screen: Canvas, threaded: bool) -> None:
        self._paint = paint
        self._logical, self._scale, self._like = screen.logical_size, screen.scale, screen.target
        self._done = threading.Event()
        #: What the drawing raised, if it did (the screen is shown anyway: its own frames draw it).
        self.error: Exception | None = None
        if threaded:
            jobs.submit(self._run, "kiosk-prepare")
        else:
            self._run()

    def _run(self) -> None:
        native = (max(1, round(self._logical[0] * self._scale)), max(1, round(self._logical[1] * self._scale)))
        layer = POOL.take(native, self._like)
        try:
            self._paint(Canvas(layer, self._logical, self._scale, (0, 0)))
        except Exception as exc:  # shown anyway: the frame thread draws it, and reports what fails
            self.error = exc
            log.warning("a screen could not be drawn ahead: %r", exc)
        finally:
            POOL.give(layer)
            self._done.set()

    @property
    def ready(self) -> bool:
        """True once the drawing is over."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the drawing (at most ``timeout`` seconds); True when it is over."""
        return self._done.wait(timeout)
