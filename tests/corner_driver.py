"""Helpers for driving science corners headless: long spans of time with few drawn frames."""

from __future__ import annotations

from kiosk.app import App


def advance(app: App, seconds: float, step: float = 0.5) -> None:
    """Let ``seconds`` of game time pass in fixed 1/60 s logic steps, drawing one frame every
    ``step`` seconds (drawing every 1/60 s would make long animations slow to test)."""
    ticks = round(seconds / step)
    for _ in range(ticks):
        app.tick(step)
