"""The Lewthwaite scene driven headless: taps, illegal taps, hint, views, undo, the end screen."""

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.effects import BoardLights
from games.lewthwaite.rules import LewthwaiteParams, from_text
from games.lewthwaite.scene import LewthwaiteConfig, LewthwaiteScene, rules_pages
from kiosk.i18n import set_language
from kiosk.overlays import EndScene, RulesScene
from tests.kiosk_driver import make_app, press, run_frames, tap


@pytest.fixture
def app():
    application = make_app()
    yield application
    set_language("fr")


def start(app, **config):
    scene = LewthwaiteScene(app, LewthwaiteConfig(**config))
    app.start(scene)
    run_frames(app, 1)
    return scene


def test_tapping_a_legal_token_slides_it_into_the_hole(app):
    scene = start(app, red="human", blue="human")
    tap(app, scene.board.center_of((2, 1)))
    assert scene.state.to_text() == "5x5 h2,2: 2,1"
    assert scene.anim is not None  # the slide animates...
    run_frames(app, 30)
    assert scene.anim is None  # ...and lands
    assert any(getattr(e, "name", None) == "slide" for e in app.published)


def test_an_illegal_tap_explains_and_changes_nothing(app):
    scene = start(app, red="human", blue="human")
    tap(app, scene.board.center_of((0, 0)))  # far from the hole
    assert scene.state.moves_played == 0
    assert scene.toast and "pas à côté du trou" in scene.toast[0]
    tap(app, scene.board.center_of((2, 1)))
    run_frames(app, 30)
    tap(app, scene.board.center_of((2, 2)))  # the red token that already moved
    assert scene.state.moves_played == 1
    assert "déjà bougé" in scene.toast[0]


def test_computer_answers_and_lights_show_its_move(app):
    scene = start(app, red="human", blue="perfect")
    tap(app, scene.board.center_of((1, 2)))
    run_frames(app, 90)
    assert scene.state.moves_played == 2
    lights = [e for e in app.published if isinstance(e, BoardLights)][-1]
    assert set(lights.cells.values()) >= {"legal", "computer_from", "computer_to"}


def test_hint_shows_the_domino_plan(app):
    scene = start(app, red="human", blue="human")
    press(app, pygame.K_h)
    assert scene.hint_on
    assert not scene.analysis().wins  # red loses the 5x5 game with perfect play
    assert scene.suggested_move() in scene.state.legal_moves()
    app.save_screenshot("out/test_hint.png")


def test_views_share_one_state_and_undo_goes_back(app):
    scene = start(app, red="human", blue="random")
    tap(app, scene.board.center_of((3, 2)))
    run_frames(app, 90)
    text = scene.state.to_text()
    scene.toggle_view()
    run_frames(app, 2)
    assert scene.view_mode == "snake" and scene.state.to_text() == text
    legal = scene.state.legal_moves()[0]
    tap(app, scene.board.center_of(legal))  # in the snake view, tap the square the pawn goes to
    run_frames(app, 30)
    assert scene.state.moves_played == 3
    scene.undo()  # back to red's turn: the computer's move is taken back too
    assert scene.state.moves_played == 2 and scene.is_human_turn()


def test_a_finished_game_says_why_in_words(app):
    scene = start(app, red="random", blue="perfect")
    for _ in range(60 * 40):
        run_frames(app, 1)
        if isinstance(app.stack.top, EndScene):
            break
    assert scene.state.is_terminal()
    end = app.stack.top
    assert isinstance(end, EndScene)
    assert end.message == "Les rouges ne peuvent plus bouger : les bleus gagnent !"
    run_frames(app, 45)
    app.save_screenshot("out/test_end.png")
    end.again()
    run_frames(app, 2)
    assert app.stack.top is scene and scene.state.moves_played <= 1


def test_english_end_message(app):
    set_language("en")
    start(app, red="perfect", blue="random", rows=2, cols=2, hole=(0, 0))
    for _ in range(60 * 10):
        run_frames(app, 1)
        if isinstance(app.stack.top, EndScene):
            break
    assert app.stack.top.message in ("Blue cannot move: red wins!", "Red cannot move: blue wins!")


def test_rules_pages_turn_and_compute_live(app):
    scene = start(app)
    scene.show_rules()
    run_frames(app, 2)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    for _ in range(len(rules.pages) - 1):
        press(app, pygame.K_RIGHT)
    assert rules.page == len(rules.pages) - 1
    assert "35,5 %" in rules.pages[-1].text and "15,3" in rules.pages[-1].text
    press(app, pygame.K_RETURN)
    assert app.stack.top is scene
    assert len(rules_pages()) == 6


def test_other_board_sizes_fit_the_screen(app):
    for rows, cols in ((2, 2), (9, 9), (3, 8)):
        scene = LewthwaiteScene(app, LewthwaiteConfig(rows=rows, cols=cols))
        assert scene.board.rect.right < 860 and scene.board.rect.bottom <= 720 and scene.board.rect.top >= 0
        assert LewthwaiteParams(rows, cols).new_initial_state() == scene.state


@settings(max_examples=15, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("tap"), st.integers(0, 1279), st.integers(0, 719)),
            st.tuples(st.just("key"), st.sampled_from([pygame.K_h, pygame.K_v, pygame.K_u, pygame.K_r]), st.just(0)),
            st.tuples(st.just("wait"), st.integers(1, 40), st.just(0)),
        ),
        max_size=40,
    )
)
def test_random_taps_and_keys_never_break_the_game(actions):
    application = make_app()
    scene = start(application, red="human", blue="greedy")
    for kind, a, b in actions:
        if kind == "tap":
            tap(application, (a, b))
        elif kind == "key":
            press(application, a)
        else:
            run_frames(application, a)
        state = scene.state
        assert from_text(state.to_text()) == state  # always a legal position reached by legal moves
        assert application.stack.top is not None
    set_language("fr")


def test_lights_follow_the_game_and_go_idle_on_the_menu(app):
    start(app, red="human", blue="human")
    first = [e for e in app.published if isinstance(e, BoardLights)]
    assert first and set(first[0].cells.values()) == {"legal"}  # lit from the very first frame
    press(app, pygame.K_ESCAPE)
    assert app.published[-1] == BoardLights("lewthwaite", 5, 5, idle=True)
