"""Lewthwaite's two views switch without drawing a board (issue 43): the scene drawn ahead
(kiosk/prepare.py) also draws the other view's board layer, and both are kept at 1080p (the
cache held one: each switch drew the other's 8 MB layer again, a 20-45 ms frame). Counted by the
layer cache's misses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.lewthwaite.scene import LewthwaiteScene, static_layer
from kiosk.app import App, AppOptions
from kiosk.menu import MenuScene
from kiosk.screens import screens_for
from kiosk.seats import SeatsScene


@pytest.fixture
def app() -> Iterator[App]:
    app = App(AppOptions(frames=1, size=(1920, 1080), seed=5, mute=True))
    app.home_factory = MenuScene
    yield app
    app.close()


def test_switching_view_draws_no_board_once_the_scene_was_drawn_ahead(app: App) -> None:
    static_layer.cache_clear()
    scene = screens_for("lewthwaite").make_scene(app)
    assert isinstance(scene, LewthwaiteScene)
    scene.prepare(app.screen)  # as the menu does before it shows the game
    app.start(scene)
    for _ in range(5):
        app.tick()
    if isinstance(app.stack.top, SeatsScene):
        app.stack.top.play_button.on_click()
    for _ in range(60):
        app.tick()
    drawn = static_layer.cache.misses
    for _ in range(4):
        view = scene.tool_at("view")
        assert view is not None
        view.on_click()
        for _ in range(10):
            app.tick()
    assert static_layer.cache.misses == drawn, f"{static_layer.cache.misses - drawn} board layers drawn in 4 switches"
