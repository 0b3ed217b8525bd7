"""Lightning's scene driven headless: taking, rotating, placing, refusing, computer turns, demo."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.lightning.rules import Place, from_text
from games.lightning.scene import (
    MINI_BLUE,
    MINI_PATH,
    LightningScene,
    _mini_state,
    draw_icon,
    make_demo_scene,
    make_scene,
)
from kiosk import ui
from kiosk.app import App, AppOptions
from kiosk.overlays import RulesScene

STEP = 1 / 60


@pytest.fixture
def app() -> App:
    application = App(AppOptions(frames=1, seed=3, mute=True))
    played: list[object] = []
    application.effects.subscribe(played.append)
    application.played = played  # type: ignore[attr-defined]
    return application  # no pygame.quit(): the font caches outlive one test


def click(scene: LightningScene, pos: tuple[int, int], button: int = 1) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def run(scene: LightningScene, frames: int, surface: pygame.Surface | None = None) -> None:
    for _ in range(frames):
        scene.update(STEP)
        scene.app.stack.apply_pending()
    if surface is not None:
        scene.draw(surface)


def test_hotseat_take_rotate_place(app: App) -> None:
    scene = LightningScene(app, mode="hotseat", seed=1)
    app.stack.push(scene)
    app.stack.apply_pending()
    state = scene.state
    player = state.current_player
    click(scene, scene.POOL_RECT.center)
    assert scene.state.hand is not None and scene.state.pool_size == 149
    # Tap the hand tile: it turns (when the design has more than one look).
    before = scene.rotation
    click(scene, scene.HAND_RECT.center)
    assert scene.rotation != before or scene.state.hand in ("I", "D") and scene.rotation == (before + 1) % 2
    # A square in the middle of the board is refused and nothing changes.
    middle = (20, 3)
    click(scene, scene.cell_rect(middle).center)
    assert scene.state.hand is not None and scene.state.placed == 0
    assert "error" in [getattr(m, "name", "") for m in app.played]  # type: ignore[attr-defined]
    # Own start square: placed with the chosen rotation; the other player's turn.
    start = (scene.state.geo.start_row(player), 2)
    rotation = scene.rotation
    click(scene, scene.cell_rect(start).center)
    assert scene.state.tile_at(start) is not None and scene.state.tile_at(start).rotation == rotation
    assert scene.state.current_player == 3 - player and scene.state.phase == "take"
    surface = pygame.Surface((1280, 720))
    run(scene, 30, surface)
    summary = scene.state_summary()
    assert summary["placed"] == 1 and summary["pool"] == 149 and summary["phase"] == "take"


def test_shelve_and_take_back_from_the_reserve(app: App) -> None:
    scene = LightningScene(app, mode="hotseat", seed=2)
    click(scene, scene.POOL_RECT.center)
    design = scene.state.hand
    click(scene, scene.shelve_button.rect.center)
    assert scene.state.reserve_counts()[design] == 1 and scene.state.hand is None
    slot = "IDLZS".index(design)
    click(scene, scene.reserve_rect(slot).center)
    assert scene.state.hand == design and scene.state.hand_source == "reserve"
    assert not scene.shelve_button.enabled
    assert sum(scene.state.tiles_accounted().values()) == 150


def test_keyboard_and_wheel_rotate(app: App) -> None:
    scene = LightningScene(app, mode="hotseat", seed=4)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0))
    assert scene.state.hand is not None
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0))
    assert scene.rotation == 2 % (2 if scene.state.hand in "ID" else 4)


def test_ghost_is_drawn_green_on_legal_and_red_on_illegal_squares(app: App) -> None:
    scene = LightningScene(app, mode="hotseat", seed=5)
    click(scene, scene.POOL_RECT.center)
    surface = pygame.Surface((1280, 720))
    player = scene.state.current_player
    legal = scene.cell_rect((scene.state.geo.start_row(player), 0))
    illegal = scene.cell_rect((17 if player == 2 else 16, 4))
    for rect, colour_is_green in ((legal, True), (illegal, False)):
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
        scene.handle_event(motion)
        scene.draw(surface)
        r, g, b, _ = surface.get_at((rect.left - 4, rect.centery))  # the ghost's outline
        assert (g > r) is colour_is_green


def test_computer_plays_its_turns_and_the_human_can_undo(app: App) -> None:
    scene = make_scene(app)
    surface = pygame.Surface((1280, 720))
    for _ in range(10):
        if not scene.is_computer(scene.state.current_player):
            break
        run(scene, 40)
    assert scene.state.current_player == 1 and scene.state.phase == "take"
    click(scene, scene.POOL_RECT.center)
    drawn = scene.state.hand
    click(scene, scene.cell_rect((33, 0)).center)
    run(scene, 90, surface)  # the computer answers (thinks, flies its tile, lands)
    assert scene.state.current_player == 1
    placed = scene.state.placed
    scene.undo()
    assert scene.state.phase == "take" and scene.state.current_player == 1 and scene.state.placed < placed
    click(scene, scene.POOL_RECT.center)
    assert scene.state.hand == drawn  # the pool's shuffle is part of the position: no re-roll


def test_demo_plays_a_whole_game_and_restarts(app: App) -> None:
    assert make_demo_scene(app).mode == "demo"
    scene = LightningScene(app, mode="demo", level="builder", seed=8)  # builders: a quicker game
    surface = pygame.Surface((1280, 720))
    frames = 0
    while not scene.state.is_terminal() and frames < 60 * 400:
        run(scene, 60)
        frames += 60
    assert scene.state.is_terminal()
    assert sum(scene.state.tiles_accounted().values()) == 150
    scene.draw(surface)
    if scene.state.winner is not None:
        assert scene.winning and "thunder" in [getattr(m, "name", "") for m in app.played]  # type: ignore[attr-defined]
    run(scene, 60 * 5, surface)
    assert not scene.state.is_terminal() and scene.state.placed <= 2


def test_rules_pages_open_page_through_and_close(app: App) -> None:
    scene = make_scene(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.open_rules()
    app.stack.apply_pending()
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and len(rules.pages) == 5
    surface = pygame.Surface((1280, 720))
    for _ in rules.pages:
        for _ in range(40):
            rules.update(STEP)
        rules.draw(surface)
        rules.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    app.stack.apply_pending()
    assert app.stack.top is scene
    draw_icon(surface, pygame.Rect(0, 0, 260, 190), 1.0)


def test_rules_illustration_boards_show_what_the_text_says() -> None:
    goal = _mini_state(MINI_PATH + MINI_BLUE)
    assert goal.winner == 1  # page 1: the red path joins start and arrival
    blocked = _mini_state(MINI_PATH[:2] + ((7, 2, "L0"),))
    assert blocked.distance(1) == 3  # page 4: the L blocks the straight way on...
    assert _mini_state(MINI_PATH[:3] + ((7, 2, "L0"),)).distance(1) == 2  # ...the branch goes on


def test_cell_mapping_round_trips(app: App) -> None:
    scene = LightningScene(app, mode="hotseat", seed=1)
    geo = scene.state.geo
    for r in range(geo.rows):
        for c in range(geo.cols):
            assert scene.cell_at(scene.cell_rect((r, c)).center) == (r, c)
    # Player 1's start row is at the far left, player 2's at the far right.
    assert scene.cell_rect((33, 0)).left < scene.cell_rect((0, 0)).left
    assert scene.cell_at((5, 5)) is None
    assert Place((33, 0), 0)  # keep the import honest


def test_screen_strokes_end_at_the_tiles_boundary_points() -> None:
    """The drawing turns the grid a quarter turn clockwise: grid north is the screen's right."""
    from games.lightning.rules import POINT_OFFSETS, VARIANTS
    from games.lightning.scene import screen_stroke

    for tile in VARIANTS:
        stroke = screen_stroke(tile)
        ends = {tuple(round(v, 6) + 0.0 for v in stroke[0]), tuple(round(v, 6) + 0.0 for v in stroke[-1])}
        expected = {(-POINT_OFFSETS[p][0] + 0.0, POINT_OFFSETS[p][1] + 0.0) for p in tile.endpoints}
        assert ends == expected, tile


def test_mode_button_switches_between_computer_and_two_players(app: App) -> None:
    scene = make_scene(app)
    assert scene.is_computer(2)
    click(scene, scene.mode_button.rect.center)
    assert scene.mode == "hotseat" and not scene.is_computer(2) and scene.state.placed == 0
    click(scene, scene.mode_button.rect.center)
    assert scene.mode == "computer" and scene.is_computer(2)


EVENTS = st.one_of(
    st.tuples(st.just("tap"), st.integers(0, 1279), st.integers(0, 719)),
    st.tuples(st.just("drag"), st.integers(0, 1279), st.integers(0, 719)),
    st.tuples(st.just("key"), st.sampled_from([pygame.K_r, pygame.K_p, pygame.K_s, pygame.K_SPACE]), st.just(0)),
    st.tuples(st.just("wheel"), st.sampled_from([-1, 1]), st.just(0)),
    st.tuples(st.just("wait"), st.integers(1, 40), st.just(0)),
)


@settings(max_examples=15, deadline=None)
@given(st.lists(EVENTS, max_size=40), st.sampled_from(["hotseat", "computer"]))
def test_random_input_never_breaks_a_game(events: list[tuple[str, int, int]], mode: str) -> None:
    app = App(AppOptions(frames=1, seed=5, mute=True))
    scene = LightningScene(app, mode=mode, seed=3)
    for kind, a, b in events:
        if kind == "tap":
            if scene.mode_button.rect.collidepoint((a, b)) or any(
                button.rect.collidepoint((a, b)) and button.icon is ui.icon_home for button in scene.buttons
            ):
                continue  # leaving the game is not what this test is about
            click(scene, (a, b))
        elif kind == "drag":
            hand = scene.HAND_RECT.center
            scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hand, button=1))
            scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(a, b), rel=(0, 0), buttons=(1, 0, 0)))
            scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(a, b), button=1))
        elif kind == "key":
            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=a, mod=0))
        elif kind == "wheel":
            scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=a))
        else:
            run(scene, a)
        assert sum(scene.state.tiles_accounted().values()) == 150
        assert scene.state.to_text() == from_text(scene.state.to_text()).to_text()
    scene.draw(pygame.Surface((1280, 720)))


def test_level_button_cycles_the_computer_level(app: App) -> None:
    scene = make_scene(app)
    assert scene.level == "builder"
    click(scene, scene.level_button.rect.center)
    assert scene.level == "strong" and scene.players[2].name == "strong"
    click(scene, scene.level_button.rect.center)
    assert scene.level == "random"
    click(scene, scene.mode_button.rect.center)
    assert scene.mode == "hotseat" and not scene.level_button.enabled


def test_board_lights_follow_the_game(app: App) -> None:
    from games.effects import BoardLights

    scene = LightningScene(app, mode="hotseat", seed=1)
    click(scene, scene.POOL_RECT.center)
    lights = [m for m in app.played if isinstance(m, BoardLights)]  # type: ignore[attr-defined]
    assert lights and (lights[-1].rows, lights[-1].cols) == (17, 16)  # the halves side by side
    geo = scene.state.geo
    start_row = geo.start_row(scene.state.current_player)
    legal = {cell for cell, role in lights[-1].cells.items() if role == "legal"}
    assert legal == {geo.side_by_side((start_row, c)) for c in range(8)}
    assert geo.side_by_side((0, 0)) == (0, 0) and geo.side_by_side((33, 7)) == (16, 15)
    assert geo.side_by_side((17, 0)) == (0, 8)
