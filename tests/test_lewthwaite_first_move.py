"""Lewthwaite's first move draws no token sprite on the frame thread (issue 43): the game drawn
ahead (``LewthwaiteScene.prepare``, off the frame thread) also draws a moved token's dimmed
sprite and a sliding token's at each size of its lift. Drawn in the frame of the first move,
they made it 8-10 ms of CPU at 1080p (the visits' worst Lewthwaite frame)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest

from games.lewthwaite import view
from games.lewthwaite.scene import LewthwaiteScene
from kiosk.app import App
from kiosk.menu import MenuScene
from tests.first_moves import frames_until, play_from_menu
from tests.visitor import make_app


@pytest.fixture
def app() -> Iterator[App]:
    kiosk = make_app((1920, 1080), seed=3)
    yield kiosk
    kiosk.close()


def test_the_first_move_draws_no_token_on_the_frame_thread(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.start(MenuScene(app))
    app.tick()
    drawn: list[tuple[Any, ...]] = []
    sprite = view._token_sprite.function

    def counted(*args: Any) -> Any:
        if threading.current_thread() is threading.main_thread():
            drawn.append(args)
        return sprite(*args)

    monkeypatch.setattr(view._token_sprite, "function", counted)
    scene = play_from_menu(app, "lewthwaite", LewthwaiteScene)
    drawn.clear()  # the frames before: the card's own
    for _ in range(2):  # a person's move and the computer's, whoever starts
        version = scene.match.version
        frames_until(app, partial(moved_or_turn, scene, version), "a move")
        if scene.match.version == version:
            scene.play(scene.match.state.legal_moves()[0])
        frames_until(app, lambda: not scene.busy() and scene.anim is None, "the slide's end")
    assert scene.match.version >= 2
    assert drawn == [], f"token sprites drawn in the frames of the first moves: {drawn}"


def moved_or_turn(scene: LewthwaiteScene, version: int) -> bool:
    """A move played since ``version``, or a person's turn."""
    return scene.person_to_move() or scene.match.version != version
