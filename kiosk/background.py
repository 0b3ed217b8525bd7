"""Heavy values a screen shows (exact statistics, a solved table) computed once, off the frame
loop, and cached for the whole run.

``value(key, work)`` returns the cached result, or starts ``work`` on a thread and returns None
until it is ready; the screen draws a "computing" state meanwhile. Headless runs (``--frames``,
tests) wait for the result instead, on the same thread path, so frames stay reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from games.match import Thinker

_thinker = Thinker()
_cache: dict[Hashable, Any] = {}


def configure(wait: bool) -> None:
    """Wait for results (headless runs) or not (a kiosk with a screen)."""
    _thinker.wait = wait


def value(key: Hashable, work: Callable[[], Any]) -> Any | None:
    """The result of ``work`` (cached under ``key``), or None while it is being computed."""
    if key in _cache:
        return _cache[key]
    _thinker.start(key, work)
    ready, result = _thinker.poll(key)
    if ready:
        _cache[key] = result
        return result
    return None
