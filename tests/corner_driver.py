"""Helpers for driving science corners headless: opening a game's corner on a tab, and long spans
of time with few drawn frames (the ``corner_app`` fixture is in ``tests/conftest.py``)."""

from __future__ import annotations

from typing import TypeVar

from kiosk.app import App
from kiosk.science import CornerPage, ScienceScene
from kiosk.screens import screens_for
from tests.kiosk_driver import run_frames


def open_corner(app: App, game: str, page: int = 0) -> ScienceScene:
    """Start ``game``'s science corner on tab ``page`` and draw its first frames."""
    make = screens_for(game).make_science_scene
    assert make is not None, f"{game} has no science corner"
    corner = make(app, page)
    assert isinstance(corner, ScienceScene)
    app.start(corner)
    run_frames(app, 2)
    return corner


def advance(app: App, seconds: float, step: float = 0.5) -> None:
    """Let ``seconds`` of game time pass in fixed 1/60 s logic steps, drawing one frame every
    ``step`` seconds (drawing every 1/60 s would make long animations slow to test)."""
    ticks = round(seconds / step)
    for _ in range(ticks):
        app.tick(step)


P = TypeVar("P", bound=CornerPage)


def page_of(corner: ScienceScene, kind: type[P]) -> P:
    """The corner's open tab, which must be a ``kind``."""
    page = corner.page
    assert isinstance(page, kind), f"the open tab is a {type(page).__name__}, not a {kind.__name__}"
    return page
