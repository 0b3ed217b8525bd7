"""The devices around the screen (the LED board, later the camera), as the kiosk sees them:
small interfaces, opened by whoever starts the program.

``kiosk`` never imports ``hardware`` or ``vision``: ``main.py`` registers an opener with
:func:`set_opener`, and :class:`kiosk.app.App` asks it for the :class:`Devices` of its options.
Tests register fakes the same way, or none (no devices at all).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Subscriber = Callable[[Any], None]


@dataclass
class Devices:
    """What the app attaches: bus subscribers (the LED system), things to close at exit, and
    named handles for screens that show a device's status (``"leds"``, ``"camera"``)."""

    subscribers: list[Subscriber] = field(default_factory=list)
    closers: list[Callable[[], None]] = field(default_factory=list)
    handles: dict[str, Any] = field(default_factory=dict)

    def close(self) -> None:
        """Close everything, last opened first (best effort: a device that fails to close must
        not keep the others open)."""
        while self.closers:
            with contextlib.suppress(Exception):
                self.closers.pop()()


Opener = Callable[[Any], Devices]
_opener: Opener | None = None


def set_opener(opener: Opener | None) -> None:
    """Register the function that opens the devices for an app's options (None: no devices)."""
    global _opener
    _opener = opener


def open_devices(options: Any) -> Devices:
    """The devices for ``options`` (none when no opener is registered)."""
    return _opener(options) if _opener is not None else Devices()
