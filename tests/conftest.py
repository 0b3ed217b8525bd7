"""Fixtures shared by several test files, and the module-level settings every test gets back."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from kiosk import canvas, devices, i18n, logs, theme
from kiosk.app import App
from tests.kiosk_driver import make_app

#: The process-wide settings tests change (directly or through an ``App``, ``main.main``): the
#: language, the devices' opener, the colour-blind mode, the display's scale. Each is a module
#: global read at call time, so putting the value back is setting the attribute again.
# The game registry and the screens a test adds a game to (the fifth game) are put back by that
# test's fixture (``games.registry.registered``, ``kiosk.screens.unregister_screens``).
SETTINGS = ((i18n, "_language"), (devices, "_opener"), (theme, "_colour_blind"), (canvas, "_display_scale"))
#: The stop signals an ``App`` that is not headless takes over until it is closed.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def _handlers() -> dict[int, Any]:
    return {number: signal.getsignal(number) for number in STOP_SIGNALS}


@contextmanager
def settings_kept() -> Iterator[None]:
    """Put every setting of :data:`SETTINGS` back as it was, and detach the log handlers an app
    attached, however the block ends (a failed assert half-way included)."""
    saved = [(module, name, getattr(module, name)) for module, name in SETTINGS]
    handlers = list(logs._added)
    try:
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)
        if logs._added != handlers:
            logs.close_logging()


@pytest.fixture(autouse=True)
def _settings_kept() -> Iterator[None]:
    """A test that fails half-way leaves no English, opener, colour-blind mode or scale behind,
    and no app holding the stop signals: an ``App`` that is not headless takes SIGINT, SIGTERM
    and SIGHUP until it is closed, so one a test left open is closed here (its threads and
    devices with it); otherwise Ctrl+C in a later test of the process would only stop that app
    (``test_hostile_cli``'s early SIGINT failed so after an Awélé scene test on its worker)."""
    before = _handlers()
    with settings_kept():
        yield
        # An app the test made (not one of a wider fixture's, already there before it).
        made = [handler for handler in _handlers().values() if handler not in before.values()]
        apps = {id(owner): owner for owner in (getattr(handler, "__self__", None)  # library: a bound method's
                                               for handler in made) if isinstance(owner, App)}
        for owner in apps.values():
            owner.close()
    # Apps closed out of order (two in one test) hand back each other's handlers: put the
    # test's starting ones back, whatever app of the test they belong to.
    stale = [number for number, handler in _handlers().items() if handler not in before.values()
             and isinstance(getattr(handler, "__self__", None), App)]
    for number in stale:
        signal.signal(number, before[number])
    after = _handlers()
    if after != before:
        for number, handler in before.items():
            signal.signal(number, handler)
        left = sorted(signal.Signals(number).name for number in before if after[number] != before[number])
        pytest.fail(f"the test left handlers of its own for {', '.join(left)}")


@pytest.fixture
def corner_app() -> Iterator[App]:
    """A headless app in French for the science corners (the language is put back afterwards,
    whatever the test switched to: see :func:`settings_kept`)."""
    yield make_app()
