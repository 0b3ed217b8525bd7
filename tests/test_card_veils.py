"""The veil under a card (the question "Arrêter la partie ?", the who-plays card) leaves out the
card's opaque inside, drawn over it next (issue 43: a veil over the whole 1080p screen was 1.8 ms
of each frame of the question fading in, and of the who-plays card's first frame). Compared pixel
for pixel with the whole veil, over noise, at screen sizes whose scales round differently and
with the letterbox bars of a screen of another shape."""

from __future__ import annotations

from collections.abc import Iterator

import numpy
import pygame
import pytest

from kiosk import overlays, seats, ui
from kiosk.app import App, AppOptions
from kiosk.canvas import Canvas
from kiosk.overlays import ConfirmScene
from kiosk.scene import Scene
from kiosk.seats import SeatsScene, Setup

SIZES = [(1920, 1080), (1280, 720), (1366, 768), (1920, 1200), (1000, 700)]


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    app = App(AppOptions(frames=1, size=request.param, seed=3, mute=True))
    yield app
    app.close()


def cards(app: App) -> list[Scene]:
    """The question at three moments of its fade and the who-plays card."""
    scenes: list[Scene] = []
    for time in (0.0, 0.05, 1.0):
        question = ConfirmScene(app, "Arrêter la partie ?", "Le menu proposera de la continuer.", lambda: None,
                                ui.icon_home)
        question.time = time
        scenes.append(question)
    scenes.append(SeatsScene(app, "awele", ("a", "b"), Setup(), [], lambda setup: None))
    return scenes


def noise(canvas: Canvas) -> None:
    """Random pixels over the whole window (the game under the card, and the bars)."""
    rng = numpy.random.default_rng(7)
    pixels = rng.integers(0, 256, (*canvas.target.get_size(), 3), dtype=numpy.uint8)
    pygame.surfarray.blit_array(canvas.target, pixels)


def drawn(app: App, scene: Scene) -> bytes:
    canvas = app.screen
    noise(canvas)
    scene.draw(canvas)
    return bytes(pygame.image.tobytes(canvas.target, "RGB"))


def whole_veil(surface: Canvas, color: ui.Color, alpha: int, card: pygame.Rect, radius: int) -> None:
    ui.draw_veil(surface, color, alpha)


def test_a_card_over_a_veil_around_it_is_the_card_over_the_whole_veil(app: App,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for scene in cards(app):
        around = drawn(app, scene)
        with monkeypatch.context() as patch:
            patch.setattr(overlays, "draw_veil_around", whole_veil)
            patch.setattr(seats, "draw_veil_around", whole_veil)
            whole = drawn(app, scene)
        assert around == whole, f"{scene.name} at {app.screen.target.get_size()}"


def test_the_veil_leaves_the_cards_inside_out(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    veiled: list[int] = []
    strips = ui._veil_strips

    def counted(target: pygame.Surface, box: pygame.Rect, color: ui.Color, alpha: int) -> None:
        veiled.append(box.width * box.height)
        strips(target, box, color, alpha)

    monkeypatch.setattr(ui, "_veil_strips", counted)
    screen = app.screen.area.width * app.screen.area.height
    for scene, share in zip(cards(app), (0.8, 0.8, 0.8, 0.4), strict=True):
        veiled.clear()
        scene.draw_under(app.screen)
        # The question's card is 34 % of the screen, the who-plays card 69 %.
        assert sum(veiled) <= share * screen, f"{scene.name}: {sum(veiled) / screen:.0%} of the screen veiled"
