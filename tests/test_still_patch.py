"""A still layer painted again in parts (issue 43): a move or the hint arriving changed a game's
still key, and its whole layer was drawn again (the paper, every tile, every word: 8 MB at
1080p), then the whole frame. A game that gives its layer in parts (:meth:`GameScene.still_parts`)
now paints again only the parts whose keys changed, and a frame whose tools or message changed
(the undo button enabled, the hint button pressed) is still drawn in part. Checked by pixels
(the patched layer against a layer drawn whole, each frame against the frame drawn whole) and by
work (the layer's whole redraws, the frames drawn in part, the share of the screen sent)."""

from __future__ import annotations

import random
import threading
from collections.abc import Hashable, Iterator
from typing import Any

import pygame
import pytest

from kiosk.app import App
from kiosk.canvas import Canvas, Target
from kiosk.game_scene import PARTIAL_SHARE, GameScene
from kiosk.overlays import EndScene
from tests.frames_drawn import SIZE, drawn_whole_without_still, full_hd_app, pixels
from tests.test_game_frames import at_rest, settle

#: The games whose still layer comes in parts: the hint arriving paints a few parts (Juniper,
#: Hexapawn), and so do moves (Hexapawn, Lewthwaite without the hint; Lightning, its board in
#: rows of squares; Juniper, whose move greys and lights a dozen tiles, each painted under its
#: clip: GameScene's ``most_patches``).
PATCHED = ["juniper", "hexapawn"]
PATCHED_MOVES = ["hexapawn", "lewthwaite", "juniper", "lightning"]


@pytest.fixture
def app() -> Iterator[App]:
    yield from full_hd_app()


def layer_pixels(scene: GameScene) -> bytes:
    """The scene's still layer as it is kept (patched or drawn whole)."""
    found: tuple[Hashable, Target] | None = scene.still._cache.get("layer")
    assert found is not None and isinstance(found[1], Canvas)
    return pixels(found[1].target)


def layer_drawn_whole(scene: GameScene) -> bytes:
    """The still layer drawn whole for the scene as it is now, on a layer of its own."""
    canvas = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
    scene.draw_still(canvas)
    return pixels(canvas.target)


def sent(app: App) -> float:
    """The share of the screen the last frame sent to the display (1: all of it)."""
    changed = app.frames.changed
    return 1.0 if changed is None else sum(r.width * r.height for r in changed) / (SIZE[0] * SIZE[1])


@pytest.mark.parametrize("game", PATCHED)
def test_the_hint_arriving_paints_its_parts_and_is_drawn_in_part(app: App, game: str) -> None:
    scene = at_rest(app, game)
    redrawn = scene.still.redrawn
    scene.toggle_hint()  # headless: the advice is worked out at once, and shows at the next frame
    app.tick()
    assert scene.hint() is not None
    assert scene.still.redrawn == redrawn, "the hint arriving drew the whole still layer again"
    assert layer_pixels(scene) == layer_drawn_whole(scene), "the layer painted in parts differs"
    assert pixels(app.display) == drawn_whole_without_still(scene), "the hint's first frame differs"
    print(f"\n{game}: the hint's first frame sends {100 * sent(app):.0f} % of the screen")
    assert sent(app) <= PARTIAL_SHARE, "the hint's first frame was drawn whole"


@pytest.mark.parametrize("game", PATCHED_MOVES)
def test_moves_and_undo_paint_the_layer_in_parts_pixel_for_pixel(app: App, game: str) -> None:
    scene = at_rest(app, game)
    rng = random.Random(4)
    redrawn, frames, changes = scene.still.redrawn, 0, 0
    for turn in range(10):
        if scene.match.is_over():  # a short game: the end card closed, another one (the same board)
            for _ in range(200):
                if isinstance(app.stack.top, EndScene):
                    break
                app.tick()
            if isinstance(app.stack.top, EndScene):
                app.stack.pop()
            scene.restart()
        elif turn == 5:
            scene.undo()
        else:
            scene.play(rng.choice(scene.state.legal_moves()))
        key = scene.still_key()
        for frame in range(60):  # the pop, the computer's answer and its pop
            app.tick()
            frames += 1
            changed = scene.still_key() != key and scene.still_key() is not None
            if changed:
                key, changes = scene.still_key(), changes + 1
                assert layer_pixels(scene) == layer_drawn_whole(scene), f"turn {turn}: the layer in parts differs"
            if app.stack.top is scene and (changed or frame < 3 or frame % 6 == 0):  # not under the end card
                assert pixels(app.display) == drawn_whole_without_still(scene), f"turn {turn}: a frame differs"
        settle(app, scene)
    assert changes >= 6, f"only {changes} changes of the still key seen"
    print(f"\n{game}: {changes} changes of the still layer over {frames} frames, "
          f"{scene.still.redrawn - redrawn} drawn whole")
    assert scene.still.redrawn == redrawn, f"the layer was drawn whole {scene.still.redrawn - redrawn} times"


def test_the_lewthwaite_hint_capsules_are_drawn_off_the_frame_thread(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's golden capsules (a board-sized see-through layer and a rounded rectangle a pair:
    2-6 ms at 1080p) were drawn on the frame thread in the frame the advice arrived; they are
    drawn ahead on a thread, and the hint shows once they are kept (headless: at once)."""
    from games.lewthwaite import view
    from kiosk import background

    scene = at_rest(app, "lewthwaite")
    background._cache.clear()  # noqa: SLF001 - a capsule layer an earlier test kept would not be drawn again
    view._dominoes.cache_clear()  # noqa: SLF001 - as above
    original = view._dominoes
    made: list[str] = []

    def recording(*args: Any) -> Any:
        misses = original.cache.misses
        result = original(*args)
        if original.cache.misses != misses:
            made.append(threading.current_thread().name)
        return result

    monkeypatch.setattr(view, "_dominoes", recording)
    scene.toggle_hint()
    for _ in range(5):
        app.tick()
    assert scene.hint() is not None
    assert made, "no capsule layer was drawn for the hint"
    on_frame_thread = [name for name in made if name == threading.main_thread().name]
    assert not on_frame_thread, f"{len(on_frame_thread)} capsule layers drawn on the frame thread"
    assert pixels(app.display) == drawn_whole_without_still(scene), "the hint drawn ahead differs"


def under_the_bubble(scene: GameScene) -> bool:
    """Whether the rings or the hint's arrow of a Lewthwaite scene reach under the hint's bubble."""
    from games.lewthwaite.scene import LewthwaiteScene
    from kiosk import ui
    from kiosk.i18n import tr

    assert isinstance(scene, LewthwaiteScene)
    advice = scene._advice()
    if advice is None or scene.message is not None:
        return False
    bubble = pygame.Rect((0, 0), ui.bubble_size(tr(scene._bubble_key(advice)), scene.message_width))
    bubble.midbottom = scene.message_anchor
    areas = [scene._ring_box(cell) for cell in scene.state.legal_moves()]
    if advice.move is not None:
        areas.append(scene.board_view.arrow_box(advice.move, scene.state.hole))
    return any(area.colliderect(bubble.inflate(64, 64)) for area in areas)


def test_the_lewthwaite_hint_bubble_stays_over_the_rings_and_arrow_drawn_in_part(app: App) -> None:
    """Where the rings or the hint's arrow (the bottom row) reach under the hint's bubble, a frame
    drawn in part drew them over the bubble (the board under them was copied from before the
    bubble): the bubble is drawn again over them there, as a frame drawn whole does."""
    from games.lewthwaite.scene import LewthwaiteScene

    scene = at_rest(app, "lewthwaite")
    assert isinstance(scene, LewthwaiteScene)
    rng, crossed = random.Random(2), 0
    for _ in range(40):
        if scene.match.is_over():
            break
        scene.toggle_hint()
        for _ in range(4):
            app.tick()
        if under_the_bubble(scene):
            crossed += 1
            for frame in range(12):
                app.tick()
                assert pixels(app.display) == drawn_whole_without_still(scene), f"frame {frame} differs"
        scene.toggle_hint()
        app.tick()
        scene.play(rng.choice(scene.state.legal_moves()))
        settle(app, scene)
    assert crossed >= 1, "no position put the rings or the arrow under the hint's bubble"
