"""Fixtures shared by several test files, and the module-level settings every test gets back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

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
    """A test that fails half-way leaves no English, opener, colour-blind mode or scale behind."""
    with settings_kept():
        yield


@pytest.fixture
def corner_app() -> Iterator[App]:
    """A headless app in French for the science corners (the language is put back afterwards,
    whatever the test switched to: see :func:`settings_kept`)."""
    yield make_app()
