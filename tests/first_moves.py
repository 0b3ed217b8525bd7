"""A game opened from the menu as a visitor does, frame by frame on a real (not headless) app,
the screens drawn ahead waited for between two frames: the first-move tests of issue 43
(``test_awele_first_move``, ``test_lewthwaite_first_move``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from kiosk.app import App
from kiosk.menu import MenuScene
from kiosk.scene import Scene
from kiosk.seats import SeatsScene
from tests.waiting import CEILING, until

S = TypeVar("S", bound=Scene)


def frames_until(app: App, done: Callable[[], bool], what: str) -> None:
    """Frames until ``done()`` (the screens drawn ahead waited for between two)."""
    def step() -> bool:
        app.tick()
        assert app.wait_for_screens_ahead(CEILING)
        return done()

    until(step, what)


def play_from_menu(app: App, game: str, kind: type[S]) -> S:
    """Tap ``game``'s card on the menu shown, then "Jouer !" on its who-plays card (the
    defaults), and return the game's scene once it is on top."""
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.open_game([info.key for info, _screens in menu.games].index(game))
    frames_until(app, lambda: isinstance(app.stack.top, SeatsScene), "the who-plays card")
    card = app.stack.top
    assert isinstance(card, SeatsScene)
    card.play_button.on_click()
    frames_until(app, lambda: isinstance(app.stack.top, kind), "the game")
    scene = app.stack.top
    assert isinstance(scene, kind)
    return scene
