"""Heavy values a screen shows (exact statistics, a solved table) computed once, off the frame
loop, and cached within a budget in bytes (:data:`BUDGET`).

``value(key, work)`` returns the cached result, or starts ``work`` on a thread and returns None
until it is ready; the screen draws a "computing" state meanwhile. A ``portable`` work (a
picklable function of picklable arguments, ``functools.partial(exact_stats, params)``) runs in a
worker process instead, where it does not hold the interpreter lock against the frame loop.
Headless runs (``--frames``, tests) wait for the result instead, on the same path, so frames stay
reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from games.budget import MB, ByteCache
from games.match import Thinker

#: Bytes of results kept (exact statistics are a few arrays; a new one pushes the oldest out).
BUDGET = 16 * MB
_thinker = Thinker(processes=True)
_cache = ByteCache("kiosk.background", BUDGET)


def configure(wait: bool) -> None:
    """Wait for results (headless runs) or not (a kiosk with a screen)."""
    _thinker.wait = wait


def value(key: Hashable, work: Callable[[], Any], portable: bool = False) -> Any | None:
    """The result of ``work`` (cached under ``key``), or None while it is being computed (in a
    worker process when ``portable``)."""
    if key in _cache:
        return _cache.get(key)
    _thinker.start(key, work, portable)
    ready, result = _thinker.poll(key)
    if ready:
        return _cache.put(key, result)
    return None
