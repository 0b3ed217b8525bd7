"""A watch on the kiosk's drawing for the calls that must never be given a kept surface.

pygame-ce 2.5.8's transforms (scale, smoothscale, rotate, flip, blurs, ...), ``mask.from_surface``,
``transform.average_color`` and ``threshold`` lock the surfaces they read or write with the
interpreter lock released, for the whole call; a blit of a locked surface on another thread
then fails ("Surfaces must not be locked during blit", CI). The frame thread and the threads
drawing ahead share every kept surface (the caches' images and layers, the logical images and
their scaled copies of :mod:`kiosk.canvas`, the shadows of :mod:`kiosk.ui`), so such a call must
only ever get a surface of its own (:func:`kiosk.canvas.scaled_copy` scales a copy). Blits, drawing,
fills, ``get_at`` and ``copy()`` of a kept surface hold the interpreter lock: they are safe.

:func:`watching` wraps those calls for the length of a block and lists each one given a kept
surface (or a subsurface of one), whatever thread made it.
"""

from __future__ import annotations

import threading
import traceback
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from games import budget
from kiosk import canvas, ui

#: The calls that lock a surface with the interpreter lock released (measured: a blit of the
#: surface on another thread fails while one runs), by module.
LOCKING = {
    pygame.transform: ("scale", "smoothscale", "scale_by", "smoothscale_by", "rotate", "rotozoom", "flip",
                       "box_blur", "gaussian_blur", "laplacian", "average_color", "threshold", "invert"),
    pygame.mask: ("from_surface", "from_threshold"),
}


def _walk(value: Any, found: set[int], depth: int = 0) -> None:
    if isinstance(value, pygame.Surface):
        found.add(id(value))
    elif isinstance(value, canvas.Canvas):
        found.add(id(value.target))
    elif depth < 4 and isinstance(value, (tuple, list)):
        for item in value:
            _walk(item, found, depth + 1)
    elif depth < 4 and isinstance(value, dict):
        for item in value.values():
            _walk(item, found, depth + 1)


def _entries(weak: weakref.WeakKeyDictionary[Any, Any]) -> list[tuple[Any, Any]]:
    """A weak dictionary's live entries, read at once: iterating it while a thread drawing ahead
    adds an entry raised "dictionary changed size during iteration" (CI); copying the dictionary
    underneath is one step the interpreter lock is held through."""
    data: dict[weakref.ref[Any], Any] = weak.data  # type: ignore[attr-defined]  # CPython's, not in the stubs
    return [(key, value) for ref, value in data.copy().items() if (key := ref()) is not None]


def kept_surfaces() -> set[int]:
    """The ids of the surfaces kept now where every thread may blit them (alive while asked)."""
    found: set[int] = set()
    for cache in budget.caches():
        with cache._lock:
            values = [value for value, _size in cache._entries.values()]
        _walk(values, found)
    for image, (_scale, scaled, _redrawn) in _entries(canvas._scaled):
        found.update((id(image), id(scaled)))
    found.update(id(image) for image, _render in _entries(canvas._native_renderers))
    with ui._SHADOWS_LOCK:
        found.update(id(image) for image in ui._shadows.values())
    return found


@contextmanager
def watching(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Wrap the :data:`LOCKING` calls for the block; yields the list of those given a kept surface
    (the call, the thread, where it was made), filled as they happen."""
    given: list[str] = []
    lock = threading.Lock()

    def wrap(module: Any, name: str) -> None:
        call = getattr(module, name)

        def watched(*args: Any, **kwargs: Any) -> Any:
            surfaces = [value for value in (*args, *kwargs.values()) if isinstance(value, pygame.Surface)]
            kept = kept_surfaces()
            if any(id(surface) in kept or id(surface.get_abs_parent()) in kept for surface in surfaces):
                where = "".join(traceback.format_stack(limit=9)[:-1])
                with lock:
                    given.append(f"{module.__name__}.{name} on {threading.current_thread().name}:\n{where}")
            return call(*args, **kwargs)

        monkeypatch.setattr(module, name, watched)

    for module, names in LOCKING.items():
        for name in names:
            if hasattr(module, name):
                wrap(module, name)
    yield given
