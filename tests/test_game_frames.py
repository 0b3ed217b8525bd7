"""A game waiting for a tap draws only what moves (issue 43): its live part (glows, a bobbing
token or card) over the still layer's pixels copied back where it lies, the tools and the message
only where they cross it, only those rectangles sent to the display; a frame whose live part
looks the same (a glow's level quantized) is not drawn at all. Every check compares pixels: the
frames drawn in part against the same frames drawn whole, and the live part against the areas
the scene says it draws in (:meth:`GameScene.live_areas`).
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from kiosk.app import App
from kiosk.canvas import Canvas
from kiosk.game_scene import PARTIAL_SHARE, GameScene
from tests.frames_drawn import SIZE, full_hd_app, opened, pixels, settle
from tests.visitor import game_scene_games


@pytest.fixture
def app() -> Iterator[App]:
    yield from full_hd_app()


def at_rest(app: App, game: str) -> GameScene:
    """``game`` opened, the who-plays card accepted (against the computer where it is the
    default), at a person's turn with nothing moving."""
    scene = opened(app, game)
    settle(app, scene)
    return scene


def whole(scene: GameScene) -> bytes:
    """The scene's frame drawn whole on a screen of its own (what :meth:`GameScene.draw` gives)."""
    shown = scene._shown  # the screen's own record: drawing elsewhere must not change it
    canvas = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
    scene.draw(canvas)
    scene._shown = shown
    return pixels(canvas.target)


def outside(scene: GameScene) -> int:
    """Pixels the live part draws outside the areas the scene names, on a transparent screen."""
    areas = scene.live_areas()
    assert areas is not None
    canvas = Canvas(pygame.Surface(SIZE, pygame.SRCALPHA), (1280, 720), 1.5, (0, 0))
    scene.draw_live(canvas)
    mask = pygame.mask.from_surface(canvas.target, 0)
    for area in areas:
        native = canvas.to_native_rect(area)
        mask.erase(pygame.mask.Mask(native.size, fill=True), native.topleft)
    return mask.count()


def states(app: App, scene: GameScene) -> Iterator[str]:
    """The scene at rest, after a move (Lightning: a tile in hand, its ghost over the squares
    pointed at), with the hint, then in its other view (where it has one)."""
    yield "at rest"
    scene.play(scene.match.state.legal_moves()[0])
    settle(app, scene)
    yield "after a move"
    scene.toggle_hint()
    for _ in range(20):
        app.tick()
    yield "with the hint"
    scene.toggle_hint()
    view = scene.tool_at("view")
    if view is not None and view.enabled:
        view.on_click()
        for _ in range(40):
            app.tick()
        yield "in its other view"


@pytest.mark.parametrize("game", game_scene_games())
def test_a_game_at_rest_drawn_in_part_is_the_game_drawn_whole(app: App, game: str) -> None:
    scene = at_rest(app, game)
    if scene.live_areas() is None:
        pytest.skip(f"{game} draws its frames whole")
    checked = 0
    for state in states(app, scene):
        partial, skipped = app.frames.partial, app.frames.skipped
        for frame in range(90):
            if frame % 15 == 14:  # the pointer over where moves are played (a tile hovered lifts)
                moves = scene.match.state.legal_moves()
                taps = scene.taps_for(moves[frame * 7 % len(moves)]) if moves else None
                pos = taps[0] if taps else (400, 360)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.to_native(pos),
                                                     rel=(0, 0), buttons=(0, 0, 0)))
            app.tick()
            assert app.stack.top is scene
            if frame % 6 == 0:
                assert pixels(app.display) == whole(scene), f"{game} {state}: frame {frame} drawn in part differs"
                assert outside(scene) == 0, f"{game} {state}: frame {frame}'s live part outside its areas"
                checked += 1
        if state in ("at rest", "after a move"):  # a hint over a board may be drawn whole (PARTIAL_SHARE)
            assert app.frames.partial + app.frames.skipped - partial - skipped >= 60, \
                f"{game} {state}: frames at rest drawn whole"
    assert checked >= 30


@pytest.mark.parametrize("game", game_scene_games())
def test_a_game_at_rest_sends_only_its_live_part_to_the_display(app: App, game: str) -> None:
    at_rest(app, game)
    screen = SIZE[0] * SIZE[1]
    shares = []
    for _ in range(120):
        app.tick()
        changed = app.frames.changed
        assert changed is not None, f"a frame of {game} at rest was flipped whole"
        shares.append(sum(rect.width * rect.height for rect in changed) / screen)
    shares.sort()
    print(f"\n{game} at rest sends {100 * shares[len(shares) // 2]:.1f} % of the screen a frame "
          f"(most {100 * shares[-1]:.1f} %)")
    assert shares[-1] <= PARTIAL_SHARE


#: A glow at rest changes in steps (Awélé's pits and labels, Lewthwaite's rings: 12 of them;
#: Hexapawn's rings by whole widths, the panel's bobbing pawn by whole pixels), so a game waiting
#: for a tap draws again only what changed, about one frame in three: the share of the screen
#: sent a frame, averaged over two seconds (continuous glows: Lewthwaite 7.8 %, Awélé 13.5 %,
#: Hexapawn 9.7 %; in steps 1.9-3.6 %).
STEPPED_GLOW_SHARE = {"lewthwaite": 0.04, "awele": 0.05, "hexapawn": 0.04}


@pytest.mark.parametrize("game", sorted(STEPPED_GLOW_SHARE))
def test_a_glow_in_steps_sends_a_few_frames_of_its_live_part(app: App, game: str) -> None:
    at_rest(app, game)
    screen = SIZE[0] * SIZE[1]
    sent = 0
    for _ in range(120):
        app.tick()
        assert app.frames.changed is not None, f"a frame of {game} at rest was flipped whole"
        sent += sum(rect.width * rect.height for rect in app.frames.changed)
    share = sent / screen / 120
    print(f"\n{game} at rest sends {100 * share:.1f} % of the screen a frame, on average")
    assert share <= STEPPED_GLOW_SHARE[game], f"{game} at rest sends {100 * share:.1f} % of the screen a frame"
