"""Lightning's scene driven headless: taking, rotating, laying, refusing with a reason, the
computer's two-part turns, undo, the end card from the child's side, attract mode, lights, and
every string fitting the box it is drawn in (French and English, longest parameters)."""

from __future__ import annotations

import random
import threading

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Player
from games.effects import BoardLights, Sound
from games.lightning import scene as lightning_scene
from games.lightning.ai import DEFAULT_LEVEL, LEVELS, make_player
from games.lightning.rules import POINT_OFFSETS, VARIANTS, LightningState, Move, Place, from_text
from games.lightning.scene import (
    LightningScene,
    draw_icon,
    make_demo_scene,
    make_scene,
    new_match,
)
from games.lightning.scene_parts.pages import DESIGN_LABEL, MINI_BLUE, MINI_PATH, _mini_state
from games.lightning.tiles import DESIGNS
from games.lightning.view import BoardView, screen_stroke
from kiosk import ui
from kiosk.i18n import set_language, table, tr
from kiosk.overlays import EndScene, RulesScene
from kiosk.seats import FRIEND, SeatsScene
from tests.kiosk_driver import gestures, make_app, perform, press, run_frames, tap

STEP = 1 / 60


@pytest.fixture
def app():
    application = make_app(seed=3)
    yield application
    set_language("fr")


def start(app, red="human", blue="human", **size) -> LightningScene:
    scene = LightningScene(app, new_match(app, red, blue, **size))
    app.start(scene)
    run_frames(app, 1)
    return scene


def advance(app, frames: int) -> None:
    """Frames of logic without drawing (whole games stay quick)."""
    for _ in range(frames):
        for scene in app.stack.visible():
            scene.update(STEP)
        app.stack.apply_pending()


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(app, 1)


def wait_for_person(app, scene: LightningScene, limit: int = 60 * 30) -> None:
    for _ in range(limit):
        if scene.person_to_move() or scene.match.is_over():
            return
        advance(app, 1)
    raise AssertionError("the person never got the turn")


def pixel(app, pos) -> pygame.Color:
    """The colour on screen at a logical position."""
    return app.screen.target.get_at(app.screen.to_native(pos))


def sounds(app) -> list[str]:
    return [m.name for m in app.published if isinstance(m, Sound)]


def own_start(scene: LightningScene, col: int = 2) -> tuple[int, int]:
    return scene.state.geo.start_row(scene.state.current_player), col


# --- a person's turn -------------------------------------------------------------------------


def test_take_rotate_refuse_and_lay_by_taps(app):
    scene = start(app)
    player = scene.state.current_player
    tap(app, scene.POOL_RECT.center)
    assert scene.state.hand is not None and scene.state.pool_size == 149
    run_frames(app, 20)  # the tile flies into the hand
    # A tap on the tile in hand turns it (its looks that differ only).
    before = scene.rotation
    tap(app, scene.HAND_RECT.center)
    assert scene.rotation == (before + 1) % (2 if scene.state.hand in "ID" else 4)
    # A square in the middle of the board is refused, says why, and nothing changes.
    tap(app, scene.view.cell_rect((20, 3) if player == 1 else (13, 3)).center)
    assert scene.state.hand is not None and scene.state.placed == 0
    assert scene.message is not None and scene.message.text == tr("lightning.illegal")
    assert "error" in sounds(app)
    # The player's own start square: laid with the rotation shown; the other player's turn.
    rotation, cell = scene.rotation, own_start(scene)
    tap(app, scene.view.cell_rect(cell).center)
    tile = scene.state.tile_at(cell)
    assert tile is not None and tile.rotation == rotation
    assert scene.state.current_player == 3 - player and scene.state.phase == "take"
    run_frames(app, 30)
    summary = scene.state_summary()
    assert summary["placed"] == 1 and summary["pool"] == 149 and summary["phase"] == "take"
    assert summary["mode"] == "hotseat" and "seed" in sounds(app)


def test_shelve_then_take_back_from_the_reserve(app):
    scene = start(app)
    tap(app, scene.POOL_RECT.center)
    run_frames(app, 20)
    design = scene.state.hand
    assert design is not None
    assert scene.shelve_button in scene.action_buttons
    tap(app, scene.shelve_button.rect.center)
    assert scene.state.reserve_counts()[design] == 1 and scene.state.hand is None
    run_frames(app, 30)  # the tile flies to the shelf
    tap(app, scene.reserve_rect(list(DESIGNS).index(design)).center)
    assert scene.state.hand == design and scene.state.hand_source == "reserve"
    run_frames(app, 20)
    assert scene.shelve_button not in scene.action_buttons  # a reserve tile must be laid
    assert sum(scene.state.tiles_accounted().values()) == 150


def test_keys_wheel_and_right_click_turn_the_tile(app):
    scene = start(app)
    press(app, pygame.K_p)
    run_frames(app, 20)
    assert scene.state.hand is not None
    turns = 2 if scene.state.hand in "ID" else 4
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    press(app, pygame.K_r)
    press(app, pygame.K_SPACE)
    tap_right = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 300), button=3)
    pygame.event.post(tap_right)
    run_frames(app, 2)
    assert scene.rotation == 4 % turns
    assert scene.state.hand is not None  # none of these restarted or laid anything
    tap(app, scene.rotate_button.rect.center)
    assert scene.rotation == 5 % turns


def test_a_drag_from_the_hand_lays_the_tile(app):
    scene = start(app)
    press(app, pygame.K_p)
    run_frames(app, 20)
    target = scene.view.cell_rect(own_start(scene, 5)).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.HAND_RECT.center, button=1))
    hover(app, (500, 300))
    hover(app, target)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    run_frames(app, 2)
    assert scene.state.placed == 1


def test_the_ghost_is_green_on_legal_squares_and_red_elsewhere(app):
    scene = start(app)
    press(app, pygame.K_p)
    run_frames(app, 20)
    player = scene.state.current_player
    legal = scene.view.cell_rect(own_start(scene, 0))
    illegal = scene.view.cell_rect((17 if player == 2 else 16, 4))
    for rect, green in ((legal, True), (illegal, False)):
        hover(app, rect.center)
        grow = rect.width // 5 // 2
        r, g, b, _ = pixel(app, (rect.left - grow - 2, rect.centery))  # the ghost's outline
        assert (g > r) is green


def test_legal_squares_are_plainly_marked(app):
    scene = start(app)
    press(app, pygame.K_p)
    run_frames(app, 20)
    cell = own_start(scene, 3)
    assert cell in scene.facts.legal
    x, y = scene.view.cell_rect(cell).center
    r, g, b, _ = pixel(app, (x, y))
    assert g > 150 and g > r + 40 and g > b  # a bright green square, not a dot


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_refusal_says_why(lang):
    set_language(lang)
    app = make_app(lang, seed=3)
    scene = start(app)
    player = scene.state.current_player
    geo = scene.state.geo
    tap(app, scene.view.cell_rect(own_start(scene)).center)  # no tile yet
    assert scene.message is not None
    assert scene.message.text == tr("lightning.illegal.take_first") and scene.state.placed == 0
    press(app, pygame.K_p)
    run_frames(app, 20)
    tap(app, scene.view.cell_rect(own_start(scene)).center)
    run_frames(app, 30)
    # The other player takes a tile and tries their own half far from any tile, then the
    # square that already holds one, then the first player's half away from it.
    press(app, pygame.K_p)
    run_frames(app, 20)
    other = scene.state.current_player
    assert other == 3 - player
    expectations = [
        ((geo.arrival_row(other), 4), "lightning.illegal"),
        ((geo.start_row(player), 2), "lightning.illegal.occupied"),
        ((geo.arrival_row(player), 6), "lightning.illegal"),
    ]
    for cell, key in expectations:
        tap(app, scene.view.cell_rect(cell).center)
        assert scene.message is not None and scene.message.text == tr(key), cell
        assert scene.state.placed == 1 and scene.state.hand is not None
        assert LightningScene.STATUS.fit(scene.message.text) is not None  # and it fits its box
    set_language("fr")


# --- the computer ------------------------------------------------------------------------------


def test_the_computers_turn_is_shown_in_two_parts(app):
    scene = start(app, blue="builder")
    wait_for_person(app, scene)
    press(app, pygame.K_p)
    run_frames(app, 20)
    tap(app, scene.view.cell_rect(own_start(scene)).center)
    assert scene.match.computer_to_move()
    seen_take = seen_hand = 0
    flights = set()
    for _ in range(60 * 6):
        run_frames(app, 1)
        state = scene.state
        if scene.flight is not None:
            flights.add(scene.flight.kind)
        if scene.person_to_move():
            break
        if state.hand is not None and scene.flight is None:
            seen_hand += 1  # the computer's tile waits in the hand slot
            assert scene.hand_label() == tr("lightning.hand.computer")
            if scene.message is None:
                assert scene.turn_text() == tr("lightning.turn.computer.place", name=tr("lightning.computer"))
        elif state.hand is None and scene.flight is None:
            seen_take += 1
    assert scene.match.person_to_move() and scene.state.phase == "take"
    # Long enough for a child to follow: the computer waits before each of its two moves.
    assert seen_take >= 0.8 * 60 * scene.computer_delay - 2
    assert seen_hand >= 0.8 * 60 * scene.computer_delay - 2
    last = scene.match.moves[-1]
    assert "take" in flights and ("place" in flights) == isinstance(last, Place)  # its tile flies in, then out
    lights = [m for m in app.published if isinstance(m, BoardLights)][-1]
    if isinstance(last, Place):
        assert lights.cells[scene.state.geo.side_by_side(last.cell)] == "computer_to"


def test_computer_players_and_board_facts_never_run_on_the_frame_thread(app, monkeypatch):
    threads: list[str] = []
    real = lightning_scene.Facts.of

    def facts(state):
        threads.append(threading.current_thread().name)
        return real(state)

    monkeypatch.setattr(lightning_scene.Facts, "of", staticmethod(facts))
    scene = start(app, red="builder", blue="strong")
    scene.match.make_player = lambda level: _Recorder(make_player(level), threads)
    threads.clear()
    advance(app, 60 * 8)
    assert len(scene.match.moves) >= 4
    assert threads and threading.main_thread().name not in threads


class _Recorder:
    """A computer player that notes the thread each of its moves is chosen on."""

    def __init__(self, player: Player[LightningState, Move], threads: list[str]) -> None:
        self.player, self.threads = player, threads

    @property
    def name(self) -> str:
        """The recorded player's name."""
        return self.player.name

    def choose(self, state: LightningState, rng: random.Random, time_budget: float | None = None) -> Move:
        """The recorded player's move, chosen on this thread."""
        self.threads.append(threading.current_thread().name)
        return self.player.choose(state, rng, time_budget)


# --- undo ------------------------------------------------------------------------------------------


def test_undo_goes_back_to_the_start_of_the_childs_turn(app):
    scene = start(app, blue="builder")
    wait_for_person(app, scene)
    undo = scene.tool_at("undo")
    assert undo is not None and undo.enabled is scene.can_take_back()
    press(app, pygame.K_p)
    run_frames(app, 20)
    drawn = scene.state.hand
    # Undo with the tile in hand: it goes back to the pool.
    press(app, pygame.K_u)
    assert scene.state.hand is None and scene.state.phase == "take" and scene.match.person_to_move()
    press(app, pygame.K_p)
    run_frames(app, 20)
    assert scene.state.hand == drawn  # the pool's shuffle is part of the position: no re-roll
    tap(app, scene.view.cell_rect(own_start(scene, 0)).center)
    wait_for_person(app, scene)
    placed = scene.state.placed
    assert len(scene.match.moves) >= 4
    press(app, pygame.K_u)  # back over the computer's two moves and the child's two
    assert scene.match.person_to_move() and scene.state.phase == "take" and scene.state.placed < placed
    assert scene.flight is None and not scene.busy()
    press(app, pygame.K_p)
    assert scene.state.hand == drawn


def test_undo_waits_for_the_childs_first_move_and_works_in_hot_seat(app):
    for seed in range(10):  # a game the computer starts
        application = make_app(seed=seed)
        scene = start(application, blue="builder")
        if scene.state.current_player == 2:
            break
    advance(application, 60 * 4)
    assert scene.match.person_to_move() and scene.match.moves
    assert not scene.can_take_back()
    undo = scene.tool_at("undo")
    assert undo is not None and not undo.enabled
    scene.undo()
    assert scene.match.moves  # nothing of the computer's was taken back
    hot = start(app)
    first = hot.state.current_player
    press(app, pygame.K_p)
    run_frames(app, 20)
    tap(app, hot.view.cell_rect(own_start(hot)).center)
    press(app, pygame.K_p)
    run_frames(app, 20)
    hot.undo()  # the second player's tile back, then (a new undo) the first player's turn
    assert hot.state.current_player == 3 - first and hot.state.phase == "take"
    hot.undo()
    assert hot.state.current_player == first and hot.state.phase == "take" and not hot.match.moves


# --- the end ---------------------------------------------------------------------------------------


def play_to_the_end(app, scene: LightningScene, helper: str) -> EndScene:
    player, rng = make_player(helper), random.Random(2)
    for _ in range(60 * 400):
        advance(app, 1)
        if isinstance(app.stack.top, EndScene):
            return app.stack.top
        if scene.person_to_move():
            scene.play(player.choose(scene.state, rng))
    raise AssertionError("the game did not end")


# A child (red) against the computer on a small board (3 rows a half, 3 columns; red's half is
# rows 3-5, its start row 5). (diagram)
CUT_OFF = """
 .  .  .
 .  .  .
 .  .  .
 --
 .  .  .
 I1 I1 .
 I1 Z2 .
"""
WALLED = """
 .  .  .
 .  .  .
 .  .  .
 --
 .  .  .
 .  .  .
 L0 L3 .
"""


def from_position(app, diagram: str, hand: str | None = None) -> LightningScene:
    from games.lightning.rules import from_board
    from games.match import Seat
    from kiosk.game_scene import GameScene

    state = from_board(diagram, player=1, hand=hand)
    match = GameScene.new_match(app, "lightning", state, {1: Seat(), 2: Seat.computer("random")})
    scene = LightningScene(app, match)
    app.start(scene)
    run_frames(app, 30)  # the board's facts come in
    return scene


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_blocked_path_is_told_what_it_can_still_do(lang):
    """Red's path is cut off at its corner (the CEMÉA rules: start again elsewhere): the status
    and the card say so and what else the child can do, instead of "Bloqué !" beside "À toi !"."""
    set_language(lang)
    app = make_app(lang)
    scene = from_position(app, CUT_OFF)
    assert scene.person_to_move() and scene.facts.known and 1 in scene.facts.cut_off
    assert scene.turn_text() == tr("lightning.turn.cut.you")
    big, why = scene.card_lines(1)
    assert big != tr("lightning.card.blocked") and why == tr("lightning.card.cut.you")
    set_language("fr")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_child_walled_off_for_good_ends_the_game_from_the_childs_side(lang):
    """The child lays the tile that fills its start row with tiles that touch no start edge: it
    can never connect, the game ends at once and the end card says why, from the child's side."""
    set_language(lang)
    app = make_app(lang)
    scene = from_position(app, WALLED, hand="L")
    scene.play(Place((5, 2), 0))
    for _ in range(60 * 10):
        advance(app, 1)
        if isinstance(app.stack.top, EndScene):
            break
    end = app.stack.top
    assert isinstance(end, EndScene) and scene.match.is_over() and len(scene.match.moves) == 1
    assert end.card.title == tr("end.computer_wins") and not end.card.celebrate
    assert end.card.reason == tr("lightning.end.walled.you")
    assert scene.card_lines(1)[0] == tr("lightning.card.blocked")
    set_language("fr")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_end_card_speaks_from_the_childs_side(lang):
    set_language(lang)
    won = lost = None
    for seed in range(6):
        app = make_app(lang, seed=seed)
        scene = start(app, blue="random" if won is None else "builder", half_rows=5, cols=3)
        end = play_to_the_end(app, scene, "builder" if won is None else "random")
        winner = scene.state.winner
        if winner == 1 and won is None:
            won = end
            assert "thunder" in sounds(app) and scene.facts.winning
        elif winner == 2 and lost is None:
            lost = end
        if won and lost:
            break
    assert won is not None and lost is not None
    assert won.card.title == tr("end.you_win") and won.card.celebrate and won.confetti is not None
    assert won.card.reason.startswith(tr("lightning.end.you", tiles=0).split(",")[0])
    assert lost.card.title == tr("end.computer_wins") and not lost.card.celebrate and lost.confetti is None
    assert lost.card.invite == tr("end.again")
    assert lost.card.reason.startswith(tr("lightning.end.computer", tiles=0).split(",")[0])
    for card in (won.card, lost.card):
        assert "Bravo" not in card.title + card.reason and "Well done" not in card.title + card.reason
    set_language("fr")


def test_hot_seat_end_names_the_colour_and_counts_the_score(app):
    scene = start(app, half_rows=4, cols=3)
    end = play_to_the_end(app, scene, "builder")
    name = tr(f"lightning.player.{scene.state.winner}")
    assert end.card.title == tr("end.winner", name=name) and end.card.celebrate
    assert end.card.reason.startswith("Un éclair relie un départ au milieu")
    end.again()
    advance(app, 2)
    assert app.stack.top is scene and not scene.match.moves
    assert scene.message is not None and scene.message.text.startswith("Tirage au sort")
    assert scene.score_line() in ("Rouge 1 - Bleu 0", "Rouge 0 - Bleu 1")


def test_a_new_game_draws_again_who_starts(app):
    scene = start(app, blue="builder")
    firsts = set()
    for _ in range(12):
        scene.restart()
        firsts.add(scene.state.first)
        assert not scene.match.moves and scene.state.pool_size == 150
    assert firsts == {1, 2}


# --- who plays, the halves, attract mode -----------------------------------------------------------


def test_from_the_menu_the_child_chooses_a_computer_it_can_beat(app):
    assert DEFAULT_LEVEL == "random" and DEFAULT_LEVEL in LEVELS
    scene = make_scene(app)
    app.start(scene)
    run_frames(app, 2)
    card = app.stack.top
    assert isinstance(card, SeatsScene) and not card.first_choice  # who starts is drawn at random
    assert card.setup.level == DEFAULT_LEVEL
    labels = [button.text for button in card.buttons]
    assert [tr(f"lightning.level.{level}") for level in LEVELS] == ["Bébé", "Malin", "Champion"]
    assert all(tr(f"lightning.level.{level}") in labels for level in LEVELS)
    card.setup.opponent = FRIEND
    tap(app, card.play_button.rect.center)
    assert app.stack.top is scene and not scene.match.against_computer
    assert scene.state_summary()["mode"] == "hotseat"


def test_the_half_where_a_person_plays_is_the_big_one(app):
    scene = start(app, blue="builder")
    assert scene.big_half() == 1 and scene.view.sizes == (42, 30)
    hot = start(app)
    mover = hot.state.current_player
    assert hot.view.cell_size(mover) == 42
    press(app, pygame.K_p)
    run_frames(app, 20)
    tap(app, hot.view.cell_rect(own_start(hot)).center)
    run_frames(app, 40)  # the other player's half grows, smoothly
    assert hot.view.cell_size(3 - mover) == 42 and hot.view.cell_size(mover) == 30
    demo = make_demo_scene(app)
    assert demo.big_half() is None and demo.view.sizes == (36, 36)


@pytest.mark.parametrize(("red", "blue"), [("human", "random"), ("random", "human"), ("human", "human")])
def test_the_centre_line_stops_above_the_arrival_label(app, red, blue):
    """The golden line runs along the squares and ends above "arrivée", never through it."""
    for lang in ("fr", "en"):
        set_language(lang)
        scene = start(app, red, blue)
        run_frames(app, 30)
        view = scene.view
        _start, end, _width = view.seam_line()
        label = view.arrival_label_rect()
        assert end[1] < label.top and label.centerx == end[0]
    set_language("fr")


@pytest.mark.parametrize("share", [0.0, 0.5, 1.0, 0.3])
def test_squares_and_screen_positions_round_trip(app, share):
    scene = start(app)
    scene.view.share = share
    geo = scene.state.geo
    for r in range(geo.rows):
        for c in range(geo.cols):
            assert scene.view.cell_at(scene.view.cell_rect((r, c)).center) == (r, c)
    # Player 1's start row is at the far left, player 2's at the far right; the seam is neither.
    assert scene.view.cell_rect((33, 0)).left < scene.view.cell_rect((0, 0)).left
    assert scene.view.cell_at((scene.view.seam_x, scene.view.cell_rect((16, 3)).centery)) is None
    assert scene.view.cell_at((5, 5)) is None
    assert scene.view.cell_rect((0, 0)).right <= 1272 and scene.view.cell_rect((33, 0)).left >= 8


def test_attract_mode_plays_whole_games_and_any_tap_goes_home(app):
    scene = make_demo_scene(app)
    app.start(scene)
    assert scene.attract and scene.match.all_computers
    frames = 0
    while not scene.match.is_over() and frames < 60 * 60:
        advance(app, 60)
        frames += 60
    assert scene.match.is_over() and frames <= 60 * 40  # within the demo's 40 seconds
    run_frames(app, 1)
    assert not isinstance(app.stack.top, EndScene)  # no end card between computers
    if scene.state.winner is not None:
        assert scene.facts.winning and "thunder" in sounds(app)
    lights = [m for m in app.published if isinstance(m, BoardLights)]
    assert lights and all(light.idle for light in lights)
    advance(app, 60 * 5)
    assert not scene.match.is_over() and scene.state.placed <= 2  # a new game began by itself
    tap(app, (640, 300))
    assert app.stack.top is not scene


# --- lights ------------------------------------------------------------------------------------------


def test_board_lights_follow_the_game(app):
    scene = start(app)
    press(app, pygame.K_p)
    run_frames(app, 20)
    lights = [m for m in app.published if isinstance(m, BoardLights)]
    assert lights and (lights[-1].rows, lights[-1].cols) == (17, 16)  # the halves side by side
    geo = scene.state.geo
    start_row = geo.start_row(scene.state.current_player)
    legal = {cell for cell, role in lights[-1].cells.items() if role == "legal"}
    assert legal == {geo.side_by_side((start_row, c)) for c in range(8)}
    tap(app, scene.view.cell_rect((start_row, 3)).center)
    roles = [m for m in app.published if isinstance(m, BoardLights)][-1].cells
    assert "legal" not in roles.values()  # nothing in hand: nowhere to lay yet
    for player in (1, 2):  # tiles joined to their start edge, in their player's colour
        assert all(roles[geo.side_by_side(cell)] == f"player{player}" for cell in scene.facts.powered[player])
    assert geo.side_by_side((0, 0)) == (0, 0) and geo.side_by_side((33, 7)) == (16, 15)


def test_a_winning_bolt_lights_the_board(app):
    from games.lightning.rules import from_board
    from games.match import Seat
    from kiosk.game_scene import GameScene

    # A 5 x 3 half board: red has straight tiles up from its start row; one more joins the middle.
    state = from_board("\n".join([". . ."] * 6 + ["I0 . ."] * 4), player=1, hand="I")
    scene = LightningScene(app, GameScene.new_match(app, "lightning", state, {1: Seat(), 2: Seat()}))
    app.start(scene)
    run_frames(app, 1)
    assert scene.play(Place((5, 0), 0))
    run_frames(app, 30)
    assert scene.state.winner == 1 and "thunder" in sounds(app)
    lights = [m for m in app.published if isinstance(m, BoardLights)][-1]
    assert list(lights.cells.values()).count("win") == 5


# --- rules pages, drawing helpers ----------------------------------------------------------------------


def test_rules_pages_open_page_through_and_close(app):
    scene = start(app, blue="builder")
    scene.show_rules()
    run_frames(app, 2)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and len(rules.pages) == 5
    for _ in rules.pages:
        run_frames(app, 40)
        press(app, pygame.K_RIGHT)
    assert app.stack.top is scene
    draw_icon(app.screen, pygame.Rect(0, 0, 260, 190), 1.0)


def test_rules_illustration_boards_show_what_the_text_says():
    goal = _mini_state(MINI_PATH + MINI_BLUE)
    assert goal.winner == 1  # page 1: the red path joins start and arrival
    blocked = _mini_state(MINI_PATH[:2] + ((7, 2, "L0"),))
    assert blocked.distance(1) == 3  # page 4: the L blocks the straight way on...
    assert _mini_state(MINI_PATH[:3] + ((7, 2, "L0"),)).distance(1) == 2  # ...the branch goes on


def test_screen_strokes_end_at_the_tiles_boundary_points():
    """The drawing turns the grid a quarter turn clockwise: grid north is the screen's right."""
    for tile in VARIANTS:
        stroke = screen_stroke(tile)
        ends = {tuple(round(v, 6) + 0.0 for v in stroke[0]), tuple(round(v, 6) + 0.0 for v in stroke[-1])}
        expected = {(-POINT_OFFSETS[p][0] + 0.0, POINT_OFFSETS[p][1] + 0.0) for p in tile.endpoints}
        assert ends == expected, tile


def test_a_small_board_fits_its_rectangle():
    state = _mini_state(MINI_PATH)
    rect = pygame.Rect(100, 100, 500, 300)
    view = BoardView.fit(state.geo, rect)
    assert rect.contains(view.viewport)
    assert all(rect.contains(view.cell_rect(state.geo.cell(i))) for i in range(state.geo.size))


# --- random visitors -------------------------------------------------------------------------------------

EVENTS = st.one_of(
    gestures([pygame.K_r, pygame.K_p, pygame.K_s, pygame.K_SPACE, pygame.K_u], top=90),
    st.tuples(st.just("drag"), st.integers(0, 1279), st.integers(0, 719)),
    st.tuples(st.just("wheel"), st.sampled_from([-1, 1]), st.just(0)),
)


@settings(max_examples=15, deadline=None)
@given(st.lists(EVENTS, max_size=40), st.sampled_from(["human", "builder"]))
def test_random_input_never_breaks_a_game(events, blue):
    application = make_app(seed=5)
    scene = start(application, blue=blue)
    for kind, a, b in events:
        if kind == "drag":
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.HAND_RECT.center, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(a, b), rel=(0, 0), buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(a, b), button=1))
            run_frames(application, 1)
        elif kind == "wheel":
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=a, flipped=False))
            run_frames(application, 1)
        else:
            perform(application, (kind, a, b), frames=1)
        assert sum(scene.state.tiles_accounted().values()) == 150
        assert scene.state.to_text() == from_text(scene.state.to_text()).to_text()
        assert application.stack.top is not None
    set_language("fr")


# --- every string fits its box ---------------------------------------------------------------------------


def _texts(lang: str) -> list[tuple[str, ui.TextBox]]:
    """Every Lightning string with the box it is drawn in, at its longest parameters."""
    set_language(lang)
    S = LightningScene  # noqa: N806
    names = [tr("lightning.computer"), tr("lightning.player.1"), tr("lightning.player.2")]
    status = ["lightning.turn.take.you", "lightning.turn.place.you", "lightning.turn.over", "lightning.turn.cut.you",
              "lightning.starts.you", "lightning.starts.computer"]
    status += [key for key in table() if key.startswith("lightning.illegal") and key != "lightning.illegal.draw"]
    named = ["lightning.turn.take.named", "lightning.turn.place.named", "lightning.turn.computer.take",
             "lightning.turn.computer.place", "lightning.turn.cut.named", "lightning.starts.named",
             "lightning.did.reserve", "lightning.did.shelve"]
    texts: list[tuple[str, ui.TextBox]] = [(tr(key), S.STATUS) for key in status]
    texts += [(tr("lightning.illegal.draw", design=design), S.STATUS) for design in DESIGNS]
    texts += [(tr(key, name=name), S.STATUS) for key in named for name in names]
    texts += [(tr("score.versus", you=99, computer=99), S.SCORE)]
    texts += [(tr("score.hotseat", a=names[1], na=99, b=names[2], nb=99), S.SCORE)]
    texts += [(tr("seat.you"), S.CARD_NAME), *((name, S.CARD_NAME) for name in names)]
    texts += [(tr("seat.computer", level=tr(f"lightning.level.{level}")), S.CARD_NAME) for level in LEVELS]
    texts += [(tr("lightning.card.more", n=136), S.CARD_BIG)]
    texts += [(tr(f"lightning.card.{k}"), S.CARD_BIG) for k in ("more.one", "blocked", "won")]
    texts += [(tr(f"lightning.card.{k}"), S.CARD_WHY) for k in ("why.you", "why.it", "blocked.why", "won.why",
                                                                "cut.you", "cut.it")]
    texts += [(tr("lightning.pool"), S.POOL_LABEL), (tr("lightning.reserve"), S.RESERVE_LABEL)]
    texts += [(tr("lightning.pool.count", count=150), S.POOL_COUNT), (tr("lightning.pool.one"), S.POOL_COUNT),
              (tr("lightning.pool.empty"), S.POOL_COUNT), (tr("lightning.reserve.empty"), S.RESERVE_EMPTY)]
    texts += [(tr("lightning.hand.you"), S.HAND_LABEL), (tr("lightning.hand.computer"), S.HAND_LABEL)]
    texts += [(tr("lightning.hand.named", name=name), S.HAND_LABEL) for name in names[1:]]
    texts += [(tr(f"lightning.design.{d}"), DESIGN_LABEL) for d in DESIGNS]
    # Drawn by the shared screens at their sizes: the title, the board's labels (three squares
    # wide at the smallest), the rules pages (text 560 x 380 at 29 px, titles left of the
    # picture), the rules pictures' labels, the end card's reason (720 x 110 at 32 px).
    texts += [(tr("lightning.title"), ui.TextBox(pygame.Rect(0, 0, 196, 50), 40, kind="title", smallest=40))]
    texts += [(tr(k), ui.TextBox(pygame.Rect(0, 0, 90, 24), 18, smallest=18)) for k in ("lightning.start",
                                                                                         "lightning.arrival")]
    page = ui.TextBox(pygame.Rect(0, 0, 560, 380), 29, lines=9, smallest=29, kind="text", line_gap=1.3)
    heading = ui.TextBox(pygame.Rect(0, 0, 600, 56), 42, kind="title", smallest=42)
    for k in range(1, 6):
        texts += [(tr(f"lightning.rules.p{k}.text"), page), (tr(f"lightning.rules.p{k}.title"), heading)]
    texts += [(tr("lightning.rules.title"), ui.TextBox(pygame.Rect(0, 0, 1200, 72), 52, kind="title", smallest=52))]
    picture = ui.TextBox(pygame.Rect(0, 0, 150, 34), 26, smallest=26)
    texts += [(tr(k), picture) for k in ("lightning.pool", "lightning.hand.you", "lightning.reserve")]
    reason = ui.TextBox(pygame.Rect(0, 0, 720, 110), 32, lines=2, smallest=32, line_gap=1.2)
    texts += [(tr(k, tiles=150), reason) for k in ("lightning.end.you", "lightning.end.computer",
                                                    "lightning.end.connected", "lightning.end.draw",
                                                    "lightning.end.walled.you", "lightning.end.walled.computer",
                                                    "lightning.end.walled")]
    texts += [(tr("lightning.end.walled.named", name=name), reason) for name in names[1:]]
    return texts


def _button_fits(button: ui.Button) -> bool:
    width, height = button.rect.size
    text = ui.text_surface(button.text, button.size, (0, 0, 0), "bold").get_width()
    room = width - 20 if button.icon is None else width - (14 + height - 20 + 10) - 10
    return text <= room


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_lightning_string_fits_its_box(app, lang):
    overflowing = [text for text, box in _texts(lang) if box.fit(text) is None]
    scene = LightningScene(app, new_match(app))
    end = EndScene(app, scene.end_card(scene.state.outcome() or _won()), lambda: None)
    buttons = [scene.rotate_button, scene.shelve_button, *end.card_buttons, *end.bar_buttons]
    overflowing += [button.text for button in buttons if not _button_fits(button)]
    set_language("fr")
    assert not overflowing


def _won():
    from games.core import Outcome

    return Outcome(1, "lightning.end.connected", (("winner", 1), ("tiles", 150)))


def test_the_status_box_and_cards_draw_every_text(app):
    """What the test above measures is what is drawn: the boxes write text inside themselves."""
    scene = start(app, blue="builder")
    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    for text, box in _texts("fr")[:12]:
        surface.fill((0, 0, 0, 0))
        box.draw(surface, text, (255, 255, 255))
        bounds = surface.get_bounding_rect()
        assert box.rect.inflate(4, 4).contains(bounds), text
    assert scene.card_lines(1)[0] == "Encore 17 tuiles"
    assert scene.card_lines(2)[1].startswith("au moins, pour relier son bord")
