"""The Lewthwaite scene driven headless: taps, illegal taps, hint, views, undo, the end screen."""

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.effects import BoardLights
from games.lewthwaite.ai import Hint
from games.lewthwaite.rules import LewthwaiteParams, LewthwaiteState, from_text
from games.lewthwaite.scene import LewthwaiteScene, make_scene, new_match, rules_pages
from kiosk.i18n import set_language
from kiosk.overlays import EndScene, RulesScene
from kiosk.seats import SeatsScene
from tests.kiosk_driver import gestures, make_app, perform, press, run_frames, tap


@pytest.fixture
def app():
    application = make_app()
    yield application
    set_language("fr")


def start(app, red="human", blue="human", view="tokens", rows=5, cols=5, hole=None):
    match = new_match(app, LewthwaiteParams(rows, cols, hole), red, blue, view)
    scene = LewthwaiteScene(app, match)
    app.start(scene)
    run_frames(app, 1)
    return scene


def test_tapping_a_legal_token_slides_it_into_the_hole(app):
    scene = start(app, red="human", blue="human")
    tap(app, scene.board_view.center_of((2, 1)))
    assert scene.state.to_text() == "5x5 h2,2: 2,1"
    assert scene.anim is not None  # the slide animates...
    run_frames(app, 30)
    assert scene.anim is None  # ...and lands
    assert any(getattr(e, "name", None) == "slide" for e in app.published)


def test_an_illegal_tap_explains_and_changes_nothing(app):
    scene = start(app, red="human", blue="human")
    tap(app, scene.board_view.center_of((0, 0)))  # far from the hole
    assert scene.state.moves_played == 0
    assert scene.message and "pas à côté du trou" in scene.message.text
    tap(app, scene.board_view.center_of((2, 1)))
    run_frames(app, 30)
    tap(app, scene.board_view.center_of((2, 2)))  # the red token that already moved
    assert scene.state.moves_played == 1
    assert "déjà bougé" in scene.message.text


def test_computer_answers_and_lights_show_its_move(app):
    scene = start(app, red="human", blue="perfect")
    tap(app, scene.board_view.center_of((1, 2)))
    run_frames(app, 90)
    assert scene.state.moves_played == 2
    lights = [e for e in app.published if isinstance(e, BoardLights)][-1]
    assert set(lights.cells.values()) >= {"legal", "computer_from", "computer_to"}


def test_hint_shows_the_domino_plan(app):
    scene = start(app, red="human", blue="human")
    press(app, pygame.K_h)
    assert scene.hint_on
    advice = scene.hint()
    assert not advice.wins  # red loses the 5x5 game with perfect play
    assert advice.move in scene.state.legal_moves() and len(advice.pairing) == 12
    app.save_screenshot("out/test_hint.png")


def test_views_share_one_state_and_undo_goes_back(app):
    scene = start(app, red="human", blue="random")
    tap(app, scene.board_view.center_of((3, 2)))
    run_frames(app, 90)
    text = scene.state.to_text()
    scene.toggle_view()
    run_frames(app, 2)
    assert scene.view_mode == "snake" and scene.state.to_text() == text
    legal = scene.state.legal_moves()[0]
    tap(app, scene.board_view.center_of(legal))  # in the snake view, tap the square the pawn goes to
    run_frames(app, 30)
    assert scene.state.moves_played == 3
    scene.undo()  # back to red's turn: the computer's move is taken back too
    assert scene.state.moves_played == 2 and scene.match.person_to_move()


def test_a_finished_game_says_why_in_words(app):
    scene = start(app, red="random", blue="perfect")
    for _ in range(60 * 40):
        run_frames(app, 1)
        if isinstance(app.stack.top, EndScene):
            break
    assert scene.state.is_terminal()
    end = app.stack.top
    assert isinstance(end, EndScene)
    assert end.card.title == "Bleu gagne !" and not end.card.celebrate  # two computers: nobody to cheer
    assert end.card.reason.startswith("Les rouges ne peuvent plus bouger.")
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
    end = app.stack.top
    assert end.card.title in ("Red wins!", "Blue wins!")
    assert end.card.reason.split(".")[0] in ("Blue cannot move", "Red cannot move")


def test_rules_pages_turn_and_compute_live(app):
    scene = start(app)
    scene.show_rules()
    run_frames(app, 2)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    for _ in range(len(rules.pages) - 1):
        press(app, pygame.K_RIGHT)
    assert rules.page == len(rules.pages) - 1
    assert "35,5 %" in rules.pages[-1].body() and "15,3" in rules.pages[-1].body()
    press(app, pygame.K_RETURN)
    assert app.stack.top is scene
    assert len(rules_pages()) == 6


def test_other_board_sizes_fit_the_screen(app):
    for rows, cols in ((2, 2), (9, 9), (3, 8)):
        scene = LewthwaiteScene(app, new_match(app, LewthwaiteParams(rows, cols)))
        view = scene.board_view
        assert view.rect.right < 860 and view.rect.bottom <= 720 and view.rect.top >= 0
        assert LewthwaiteParams(rows, cols).new_initial_state() == scene.state


@settings(max_examples=15, deadline=None)
@given(st.lists(gestures([pygame.K_h, pygame.K_v, pygame.K_u, pygame.K_r]), max_size=40))
def test_random_taps_and_keys_never_break_the_game(actions):
    application = make_app()
    scene = start(application, red="human", blue="greedy")
    for gesture in actions:
        perform(application, gesture)
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


def play_to_the_end(app, scene, limit=60 * 60):
    for _ in range(limit):
        run_frames(app, 1)
        if isinstance(app.stack.top, EndScene):
            return app.stack.top
        if scene.match.person_to_move() and not scene.busy():
            scene.play(scene.state.legal_moves()[0])
    raise AssertionError("the game did not end")


def test_a_child_who_loses_is_not_congratulated(app):
    scene = start(app, red="human", blue="perfect")  # red loses 5x5 against perfect play
    end = play_to_the_end(app, scene)
    assert end.card.title == "L'ordinateur a gagné" and not end.card.celebrate and end.confetti is None
    assert "Bravo" not in end.card.title + end.card.reason
    assert end.card.invite == "Encore une ?"


def test_a_child_who_wins_is_cheered(app):
    from games.lewthwaite.solver import solve_board

    # Seat the child on the side that wins with perfect play, and let it follow the hint.
    winner, _pairs = solve_board(3, 3, (1, 1))
    seats = {1: "human", 2: "random"} if winner == 1 else {1: "random", 2: "human"}
    scene = start(app, red=seats[1], blue=seats[2], rows=3, cols=3)
    while not isinstance(app.stack.top, EndScene):
        run_frames(app, 1)
        if scene.match.person_to_move() and not scene.busy():
            scene.play(scene.match.spec.hint(scene.state).move)
    end = app.stack.top
    assert end.card.title == "Tu as gagné !" and end.card.celebrate and end.confetti is not None
    assert app.scores.line("lewthwaite", scene.match, ("Rouge", "Bleu")) == "Toi 1 - Ordinateur 0"


def test_the_end_card_folds_to_show_the_final_board(app):
    scene = start(app, red="random", blue="random")
    end = play_to_the_end(app, scene)
    run_frames(app, 40)
    tap(app, end.card_buttons[1].rect.center)  # "Plateau"
    assert end.folded
    tap(app, end.bar_buttons[1].rect.center)  # "Résultat"
    assert not end.folded
    tap(app, end.card_buttons[0].rect.center)  # "Encore une partie"
    assert app.stack.top is scene and not scene.match.moves


def test_from_the_menu_the_visitor_chooses_who_plays_first(app):
    scene = make_scene(app)
    app.start(scene)
    run_frames(app, 2)
    card = app.stack.top
    assert isinstance(card, SeatsScene)
    assert card.setup.level == "random"  # the default computer is one a child can beat
    assert scene.match.seats[2].level == "random"
    # The child takes the second seat against the champion: the seat that wins 5x5.
    card.setup.level = "perfect"
    card.setup.person_first = False
    tap(app, card.play_button.rect.center)
    assert app.stack.top is scene
    assert scene.match.seats[1].level == "perfect" and scene.match.seats[2].is_human
    run_frames(app, 120)
    assert scene.state.moves_played >= 1  # red, the computer, has opened


def test_seats_change_only_through_the_card(app):
    scene = start(app, red="human", blue="greedy")
    tap(app, scene.board_view.center_of((2, 1)))
    run_frames(app, 120)
    seats = dict(scene.match.seats)
    scene.tool_at("players").on_click()
    run_frames(app, 2)
    card = app.stack.top
    assert isinstance(card, SeatsScene)
    press(app, pygame.K_ESCAPE)  # "keep playing": nothing changes
    assert app.stack.top is scene and scene.match.seats == seats and scene.state.moves_played == 2


def test_the_hint_is_not_recomputed_every_frame(app, monkeypatch):
    import games.lewthwaite.ai as ai

    calls = []
    real = ai.hint
    from games.registry import swapped

    def counted(state: LewthwaiteState) -> Hint:
        calls.append(1)
        return real(state)

    with swapped("lewthwaite", hint=counted):
        scene = start(app, red="human", blue="human")
    press(app, pygame.K_h)
    run_frames(app, 120)
    assert scene.hint() is not None and len(calls) == 1


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_calculation_in_the_rules_never_breaks_across_lines(lang):
    """"Comme 5 × 5 = 25": the rules page wraps at any width without leaving "Comme 5" on one line
    and "× 5" on the next (non-breaking spaces around the signs)."""
    from kiosk import theme
    from kiosk.i18n import tr

    set_language(lang)
    pygame.init()
    text = tr("lewthwaite.rules.p1.text")
    signs = ("×", "=", "+")
    for width in range(120, 720, 3):
        for line in theme.wrap_text(text, 29, width):
            words = line.split(" ")
            assert words[0] not in signs and words[-1] not in signs, (width, line)
            assert not line.startswith(signs) and not line.endswith(signs), (width, line)
    set_language("fr")
