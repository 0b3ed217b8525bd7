"""Run the kiosk from a command: open the app on a first scene, with the menu as its home."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from games.cliutil import print_json
from kiosk.app import App, options_from_args
from kiosk.menu import MenuScene
from kiosk.scene import Scene


def run_app(args: Any, make_first: Callable[[App], Scene]) -> int:
    """Open the kiosk on the scene ``make_first`` builds and run it until quit or ``--frames``;
    with ``--json``, print the run's measurements and the last scene's summary."""
    app = App(options_from_args(args))
    app.home_factory = MenuScene
    try:
        stats = app.run(make_first(app))
    finally:
        app.close()
    if getattr(args, "json", False):
        top = app.stack.top
        print_json({**stats.as_dict(), **(top.state_summary() if top else {})})
    pygame.quit()
    return 0
