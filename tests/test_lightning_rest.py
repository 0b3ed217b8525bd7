"""Lightning at rest sends nothing most frames (issue 43): the centre line's glow, the rings
round the supply and the breathing squares change in steps (13 levels, as the other games'
glows), so a frame between two steps looks as the last one and is not drawn. Before, the
centre line's colour changed at every frame: each frame at rest redrew the live part (1.21 ms
median at 1080p)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.lightning.rules import Take
from games.lightning.scene import LightningScene
from kiosk.app import App
from tests.frames_drawn import full_hd_app, opened, settle


@pytest.fixture
def app() -> Iterator[App]:
    yield from full_hd_app()


def skipped_of(app: App, frames: int) -> int:
    """How many of the next ``frames`` frames were not drawn at all."""
    before = app.frames.skipped
    for _ in range(frames):
        app.tick()
    return app.frames.skipped - before


def test_lightning_at_rest_taking_draws_few_frames(app: App) -> None:
    scene = opened(app, "lightning")
    assert isinstance(scene, LightningScene)
    settle(app, scene)
    assert scene.taking()
    skipped = skipped_of(app, 240)
    print(f"\ntaking: {skipped} of 240 frames not drawn")
    assert skipped >= 120


def test_lightning_at_rest_with_a_tile_in_hand_draws_few_frames(app: App) -> None:
    scene = opened(app, "lightning")
    assert isinstance(scene, LightningScene)
    settle(app, scene)
    scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Take)))
    settle(app, scene)
    assert scene.state.hand is not None
    skipped = skipped_of(app, 240)
    print(f"\na tile in hand: {skipped} of 240 frames not drawn")
    assert skipped >= 60


def test_lightning_rules_boards_between_two_glow_steps_are_not_drawn(app: App) -> None:
    """The rules pages' small boards (the goal, where a tile may go, a branch): their centre line
    glows in steps, so a frame between two steps is not drawn (each was, 1.4-1.6 ms at 1080p)."""
    from kiosk.overlays import RulesScene
    from kiosk.screens import screens_for

    scene = RulesScene(app, "rules", screens_for("lightning").make_scene(app).rules_pages())
    app.start(scene)
    for page in (0, 2, 3):  # 1.5 s into each page: before the goal's and the branch's bolt
        scene.page, scene.page_time = page, 0.0
        for _ in range(30):
            app.tick()
        skipped = skipped_of(app, 60)
        print(f"\nrules page {page + 1}: {skipped} of 60 frames not drawn")
        assert skipped >= 20, f"rules page {page + 1}: drawn at every frame"
