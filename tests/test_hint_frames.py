"""The hint over a board drawn in part (issue 43): with the hint shown, Hexapawn's and Lewthwaite's
frames draw only what moves (the rings, the hint's arrow, the bobbing token) over the still layer,
which holds what the hint adds at rest (its bubble, Lewthwaite's golden capsules), instead of the
whole screen at every frame. Checked by pixels (each frame drawn in part against the same frame
drawn whole) and by work: how much of the screen each frame sends to the display."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kiosk.app import App
from kiosk.game_scene import PARTIAL_SHARE, GameScene
from tests.frames_drawn import SIZE, drawn_whole_without_still, full_hd_app, opened, pixels


@pytest.fixture
def app() -> Iterator[App]:
    yield from full_hd_app()


def hinted(app: App, game: str) -> GameScene:
    """``game`` against the computer, at a person's turn, the hint shown."""
    scene = opened(app, game)
    for _ in range(900):
        if scene.person_to_move() and not scene.busy():
            break
        app.tick()
    scene.toggle_hint()
    for _ in range(10):
        app.tick()
    assert scene.hint() is not None
    return scene


def views(app: App, scene: GameScene) -> Iterator[str]:
    """The hint in each of the game's views (Lewthwaite's tokens and snake)."""
    yield "first view"
    view = scene.tool_at("view")
    if view is not None:
        view.on_click()
        for _ in range(40):
            app.tick()
        assert scene.hint() is not None
        yield "other view"


@pytest.mark.parametrize("game", ["hexapawn", "lewthwaite"])
def test_the_hint_over_the_board_is_drawn_in_part(app: App, game: str) -> None:
    scene = hinted(app, game)
    screen = SIZE[0] * SIZE[1]
    for view in views(app, scene):
        shares = []
        for frame in range(90):
            app.tick()
            changed = app.frames.changed
            shares.append(1.0 if changed is None else sum(r.width * r.height for r in changed) / screen)
            if frame % 10 == 0:
                assert pixels(app.display) == drawn_whole_without_still(scene), \
                    f"{game} {view}: frame {frame} with the hint differs"
        shares.sort()
        print(f"\n{game} {view} with the hint sends {100 * shares[len(shares) // 2]:.1f} % of the screen a frame")
        assert shares[-10] <= PARTIAL_SHARE, f"{game} {view}: frames with the hint drawn whole"
