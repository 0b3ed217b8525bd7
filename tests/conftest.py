"""Fixtures shared by several test files."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kiosk.app import App
from kiosk.i18n import set_language
from tests.kiosk_driver import make_app


@pytest.fixture
def corner_app() -> Iterator[App]:
    """A headless app in French for the science corners (back to French afterwards, whatever
    the test switched to)."""
    application = make_app()
    yield application
    set_language("fr")
