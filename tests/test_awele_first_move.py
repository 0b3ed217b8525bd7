"""Awélé's first moves draw no new sprite of what every first move shows (issue 43): the game
drawn ahead (``AweleScene.prepare``, off the frame thread) also draws the hand's shadow and each
pit emptied. Drawn in the frame of the tap, they made it 7-8 ms of CPU at 1080p."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from games.awele import view
from games.awele.scene import AweleScene
from kiosk.app import App
from kiosk.menu import MenuScene
from tests.first_moves import frames_until, play_from_menu
from tests.visitor import make_app


@pytest.fixture
def app() -> Iterator[App]:
    kiosk = make_app((1920, 1080), seed=3)
    yield kiosk
    kiosk.close()


def test_the_first_move_draws_no_emptied_pit_on_the_frame_thread(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.start(MenuScene(app))
    app.tick()
    drawn: list[str] = []
    for name in ("pit_image", "hand_shadow"):
        cache = getattr(view, name)
        function = cache.function

        def counted(*args: Any, _function: Any = function, _name: str = name, **kw: Any) -> Any:
            if threading.current_thread() is threading.main_thread() and (_name == "hand_shadow" or args[1] == 0):
                drawn.append(f"{_name}{args}")
            return _function(*args, **kw)

        monkeypatch.setattr(cache, "function", counted)
    scene = play_from_menu(app, "awele", AweleScene)
    frames_until(app, lambda: scene.person_to_move() and not scene.busy(), "a person's turn")
    drawn.clear()  # the frames before: the card's own
    played = scene.match.version + 1
    pit = scene.state.legal_indices()[0]
    scene.tap(pit + 1)
    frames_until(app, lambda: scene.match.version > played or (scene.match.version == played and not scene.busy()),
                 "the sowing's end")
    # The pit tapped emptied and the hand's shadow (the computer's pits emptied later may have
    # been dropped meanwhile with the native images they hold: not checked here).
    tapped = [entry for entry in drawn if entry.startswith(("hand_shadow", f"pit_image({pit}, 0,"))]
    assert tapped == [], f"drawn in the frames of the first move: {tapped}"
