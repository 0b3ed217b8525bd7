"""Rules pages whose picture changes in steps (issue 43): a page says what its illustration shows
at a time (:attr:`RulesPage.still`), and a frame showing the same step is not drawn at all. Checked
by pixels (the illustration drawn at two times of one step is the same picture) and by work (the
frames of a page at rest the composer skips)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator

import pygame
import pytest

from kiosk.app import App, AppOptions
from kiosk.canvas import Canvas
from kiosk.menu import MenuScene
from kiosk.overlays import RulesPage, RulesScene
from kiosk.screens import screens_for

SIZE = (1920, 1080)
GAMES = ["awele", "hexapawn"]


@pytest.fixture
def app() -> Iterator[App]:
    app = App(AppOptions(frames=1, size=SIZE, seed=5, mute=True))
    app.home_factory = MenuScene
    yield app
    app.close()


def pages(app: App, game: str) -> list[RulesPage]:
    """``game``'s rules pages."""
    return screens_for(game).make_scene(app).rules_pages()


def picture(page: RulesPage, time: float) -> bytes:
    """The page's illustration at ``time`` on a 1080p screen's canvas."""
    assert page.illustration is not None
    canvas = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
    canvas.fill((250, 246, 238))
    page.illustration(canvas, RulesScene.ILLUSTRATION.copy(), time)
    return bytes(pygame.image.tobytes(canvas.target, "RGB"))


@pytest.mark.parametrize("game", GAMES)
def test_a_step_of_a_rules_picture_is_one_picture(app: App, game: str) -> None:
    checked = 0
    for page in pages(app, game):
        if page.still is None:
            continue
        seen: dict[Hashable, list[float]] = {}
        for frame in range(12 * 60):  # twelve seconds, frame by frame
            time = frame / 60
            seen.setdefault(page.still(time), []).append(time)
        for times in seen.values():
            assert picture(page, times[0]) == picture(page, times[-1]), \
                f"{game} {page.title}: one step, two pictures ({times[0]:.2f} s, {times[-1]:.2f} s)"
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_page_showing_the_same_step_is_not_drawn_again(app: App, game: str) -> None:
    scene = RulesScene(app, "rules", pages(app, game))
    app.start(scene)
    for page in range(len(scene.pages)):
        if scene.pages[page].still is None:
            continue
        scene.page, scene.page_time = page, 0.0
        for _ in range(3):
            app.tick()
        skipped = app.frames.skipped
        for _ in range(120):
            app.tick()
        assert app.frames.skipped - skipped >= 100, f"{game} page {page + 1}: its frames drawn again"
