"""What the tests of frames drawn in part share (issue 43): a 1920x1080 headless kiosk, a frame's
pixels, and a game's frame drawn whole, without its still layer, to compare a frame drawn in
part with."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from kiosk.app import App, AppOptions
from kiosk.canvas import Canvas
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene

SIZE = (1920, 1080)


def full_hd_app() -> Iterator[App]:
    """A headless kiosk at 1920x1080 (seed 5, muted) with the menu as home, closed afterwards:
    the body of each such test module's ``app`` fixture."""
    app = App(AppOptions(frames=1, size=SIZE, seed=5, mute=True))
    app.home_factory = MenuScene
    yield app
    app.close()


def pixels(surface: pygame.Surface) -> bytes:
    """A surface's pixels, RGB, to compare two frames byte for byte."""
    return bytes(pygame.image.tobytes(surface, "RGB"))


def drawn_whole_without_still(scene: GameScene) -> bytes:
    """The frame drawn whole by ``draw_game``, the tools and the message (no still layer), on a
    screen of its own; the scene's record of what it showed is left as it was."""
    canvas = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
    shown = scene._shown  # the screen's own record: drawing elsewhere must not change it
    scene.still_key = lambda: None  # type: ignore[method-assign]
    try:
        scene.draw(canvas)
    finally:
        del scene.still_key
        scene._shown = shown
    return pixels(canvas.target)


def opened(app: App, game: str) -> GameScene:
    """``game`` opened as from the menu, its who-plays card accepted as it comes (against the
    computer where that is the default), a few frames later: the game's screen."""
    from kiosk.screens import screens_for
    from kiosk.seats import SeatsScene

    app.start(screens_for(game).make_scene(app))
    for _ in range(3):
        app.tick()
    if isinstance(app.stack.top, SeatsScene):
        app.stack.top.play_button.on_click()
    for _ in range(5):
        app.tick()
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    return scene


def settle(app: App, scene: GameScene) -> None:
    """Frames until ``scene`` waits for a person's tap (the computer's move played), and 40 more."""
    for _ in range(900):
        app.tick()
        if app.stack.top is scene and scene.person_to_move() and not scene.busy():
            break
    for _ in range(40):
        app.tick()
