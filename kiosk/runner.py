"""Run the kiosk from a command: open the app on a first scene, with the menu as its home."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from games.cliutil import print_json
from kiosk.app import App
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.options import AppOptions
from kiosk.scene import Scene
from kiosk.warmup import warm_up


def run_app(options: AppOptions, make_first: Callable[[App], Scene]) -> int:
    """Open the kiosk on the scene ``make_first`` builds and run it until quit or ``--frames``;
    with ``--json``, print the run's measurements and the last scene's summary.

    Before the first frame, the screens a visitor can reach from it are drawn once off screen
    (:mod:`kiosk.warmup`): every game's from the menu, the game's own from a game. A named
    output that exists was refused before (:func:`kiosk.cli.app_options`)."""
    app = App(options)
    app.home_factory = MenuScene
    try:
        first = make_first(app)
        warm_up(app, [first.game] if isinstance(first, GameScene) else None if isinstance(first, MenuScene) else [])
        stats = app.run(first)
    finally:
        app.close()
    if options.json:
        top = app.stack.top
        print_json({**stats.as_dict(), **(top.state_summary() if top else {})})
    pygame.quit()
    return 0
