"""A game screen drawn from its still layer (:meth:`GameScene.still_key`, kiosk/frames.py) is the
same picture, pixel for pixel, as the same screen drawn whole at every frame: at 1920x1080 (a
scale of 1.5, where rounding shows) for every game, at the start, after moves, with the hint
shown and in every view; and the layer is drawn again only when the position changes, not at
every frame."""

from __future__ import annotations

import random

import pygame
import pytest

from kiosk.app import App, AppOptions
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.screens import screens_for
from kiosk.seats import SeatsScene
from tests.visitor import game_scene_games


def make_app() -> App:
    """A headless kiosk at 1920x1080: computer players and hints are worked out at once."""
    app = App(AppOptions(frames=1, size=(1920, 1080), seed=3, mute=True))
    app.home_factory = MenuScene
    return app


def picture(app: App, scene: GameScene, whole: bool) -> bytes:
    """The scene drawn on the display, from its still layer or (``whole``) by ``draw_game``."""
    if whole:
        scene.still_key = lambda: None  # type: ignore[method-assign]
    try:
        scene.draw(app.screen)
    finally:
        if whole:
            del scene.still_key
    return pygame.image.tobytes(app.display, "RGB")


def differing(app: App, scene: GameScene) -> int:
    """How many pixels differ between the two ways of drawing the scene now."""
    layered = picture(app, scene, whole=False)
    whole = picture(app, scene, whole=True)
    return sum(1 for a, b in zip(layered[::3], whole[::3], strict=True) if a != b) if layered != whole else 0


def run(app: App, frames: int) -> None:
    for _ in range(frames):
        app.tick()


def open_game(game: str, frames: int) -> tuple[App, GameScene]:
    """A kiosk showing ``game``, past the who-plays card, after ``frames`` more frames."""
    app = make_app()
    app.start(screens_for(game).make_scene(app))
    run(app, 3)
    if isinstance(app.stack.top, SeatsScene):
        app.stack.top.play_button.on_click()
    run(app, frames)
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    return app, scene


@pytest.mark.slow
@pytest.mark.parametrize("game", game_scene_games())
def test_the_still_layer_draws_the_same_picture(game: str) -> None:
    app, scene = open_game(game, 40)
    if type(scene).draw_changes is not GameScene.draw_changes:
        app.close()
        pytest.skip(f"{game} draws in parts of its own over its board's layer (its own tests)")
    rng = random.Random(7)
    checked = layered = 0
    for turn in range(8):
        run(app, 30)
        for _ in range(900):  # the move's animation ends, the computer answers and its move ends too
            if not scene.busy() and (scene.match.is_over() or scene.person_to_move()):
                break
            run(app, 1)
        run(app, 20)
        if scene.match.is_over():  # a short game (3 to 12 moves): another one
            scene.restart()
            run(app, 5)
            continue
        if turn == 2:
            scene.toggle_hint()
            run(app, 30)
        if turn == 4 and scene.tool_at("view") is not None:
            view = scene.tool_at("view")
            assert view is not None
            view.on_click()
            run(app, 30)
        if scene.still_key() is not None:
            layered += 1
        assert differing(app, scene) == 0, f"{game}, turn {turn}: the still layer changes the picture"
        checked += 1
        if scene.person_to_move():
            scene.play(rng.choice(scene.state.legal_moves()))
    assert checked >= 3
    assert layered >= 2, f"{game}: the screen hardly drew from its still layer ({layered} times)"
    app.close()


@pytest.mark.parametrize("game", game_scene_games())
def test_the_still_layer_is_drawn_again_only_when_the_position_changes(game: str) -> None:
    app, scene = open_game(game, 5)
    if type(scene).draw_changes is not GameScene.draw_changes:
        app.close()
        pytest.skip(f"{game} draws in parts of its own over its board's layer (its own tests)")
    for _ in range(600):  # the computer may open the game: until a person's turn, at rest
        if scene.person_to_move() and scene.still_key() is not None:
            break
        run(app, 1)
    run(app, 30)
    assert scene.still_key() is not None, f"{game}: a game waiting for a tap draws its whole screen at every frame"
    before = scene.still.redrawn
    run(app, 120)  # two seconds of a game waiting for a tap: glows pulse, tokens bob
    assert scene.still.redrawn == before, f"{game}: the still layer was drawn {scene.still.redrawn - before} times"
    app.close()


@pytest.mark.parametrize(("size", "radius", "blur"), [((1230, 630), 48, 24), ((400, 300), 33, 15), ((1800, 96), 0, 9)])
def test_a_shadow_drawn_in_slices_is_the_kept_shadow(size: tuple[int, int], radius: int, blur: int) -> None:
    from kiosk import ui

    pygame.display.init()
    rng = random.Random(5)
    ground = pygame.Surface((1920, 1080))
    for _ in range(200):
        ground.fill([rng.randrange(256) for _ in range(3)], (rng.randrange(1900), rng.randrange(1060), 60, 40))
    sliced, whole = ground.copy(), ground.copy()
    assert ui._draw_sliced(sliced, (100, 80), size, radius, blur, 70)
    whole.blit(ui._sliced_shadow(size, radius, blur, 70), (100, 80))
    assert pygame.image.tobytes(sliced, "RGB") == pygame.image.tobytes(whole, "RGB")
