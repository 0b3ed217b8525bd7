"""The Juniper Green scene driven headless: taps, computer moves, hints, explainer, setup, demo."""

import pygame
import pytest

from games.effects import BoardLights, Sound
from games.juniper import scene as juniper_scene
from games.juniper.rules import deadly_primes
from games.juniper.scene import EXPLAINER_PAGES, JuniperScene, chain_layout, layout_tiles, new_match
from kiosk.i18n import set_language
from kiosk.overlays import EndScene, RulesScene
from kiosk.seats import SeatsScene
from tests.kiosk_driver import gestures, make_app, perform, press, run_frames, tap


@pytest.fixture
def app():
    application = make_app(seed=3)
    yield application
    set_language("fr")


def start(app, n=20, opponent="hotseat", computer_first=False):
    scene = JuniperScene(app, new_match(app, n, opponent, computer_first))
    app.start(scene)
    run_frames(app, 1)
    return scene


def play_all(app, scene, numbers):
    for k in numbers:
        tap(app, scene.tiles[k].center)
        run_frames(app, 1)


def test_tiles_fit_the_board_and_do_not_overlap():
    for n in (2, 6, 20, 50, 100):
        tiles = layout_tiles(n)
        assert len(tiles) == n
        rects = list(tiles.values())
        assert all(juniper_scene.BOARD_AREA.contains(r) for r in rects)
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert layout_tiles(20)[1].width >= 100  # big touch targets for children


def test_tapping_tiles_plays_and_the_computer_answers(app):
    scene = start(app, opponent="semi-expert")
    tap(app, scene.tiles[14].center)
    assert scene.state.played == (14,)
    run_frames(app, 90)  # the computer waits a little, then answers: 7 is its immediate win
    assert scene.state.played == (14, 7)
    assert scene.state_summary()["legal"] == [1]
    assert any(isinstance(m, BoardLights) for m in app.published)


def test_illegal_tap_changes_nothing_shakes_and_says_why(app):
    scene = start(app)
    tap(app, scene.tiles[7].center)  # odd first number
    assert scene.state.played == ()
    assert 7 in scene.shake and "pair" in scene.message.text
    assert Sound("error") in app.published
    play_all(app, scene, [14])
    tap(app, scene.tiles[9].center)
    assert scene.state.played == (14,) and "ni un multiple ni un diviseur de 14" in scene.message.text


def test_hotseat_game_to_the_end_names_the_winner(app):
    scene = start(app)
    play_all(app, scene, (14, 7, 1, 11))
    summary = scene.state_summary()
    assert summary["winner"] == 2 and summary["replies"] == 0
    run_frames(app, 90)
    end = app.stack.top
    assert isinstance(end, EndScene)
    assert end.card.title == "Bleu gagne !" and end.card.celebrate  # a person won at hot-seat
    assert "Rouge ne peut rien jouer après 11" in end.card.reason
    end.again()
    run_frames(app, 2)
    assert scene.state.played == ()


def test_losing_to_the_computer_is_said_kindly(app):
    scene = start(app, opponent="perfect", computer_first=True)  # the perfect first player wins at 20
    while not isinstance(app.stack.top, EndScene):
        if scene.person_to_move():
            scene.play(scene.state.legal_moves()[-1])
        run_frames(app, 5)
    end = app.stack.top
    assert end.card.title == "L'ordinateur a gagné" and not end.card.celebrate
    assert "Bravo" not in end.card.title + end.card.reason


def test_hint_says_how_to_win(app):
    scene = start(app)
    scene.play(14)
    press(app, pygame.K_h)
    advice = scene.hint()
    assert (advice.key, advice.move) == ("juniper.hint.win_one", 7)  # after 7 only the poisoned 1 is left
    assert "7" in scene._side_message()
    scene.play(7)
    assert scene.hint() is None and not scene.hint_on


def test_hint_words(app):
    scene = start(app)
    press(app, pygame.K_h)  # player 1 wins at N = 20, but not in one move
    advice = scene.hint()
    assert advice.key == "juniper.hint.win" and advice.move in scene.state.legal_moves()
    for k in (8, 16, 2, 1):
        scene.play(k)
    press(app, pygame.K_h)
    advice = scene.hint()
    assert advice.key == "juniper.hint.win_now" and advice.move in (11, 13, 17, 19)


def test_hint_only_for_a_person_to_move(app):
    scene = start(app, opponent="expert")
    scene.play(14)  # now the computer is to move
    assert not scene.tool_at("hint").enabled


def test_hint_when_losing_suggests_resisting(app):
    scene = start(app)
    scene.play(14)
    scene.play(7)
    press(app, pygame.K_h)
    assert (scene.hint().key, scene.hint().move) == ("juniper.hint.lose", 1)


def test_undo_against_the_computer_goes_back_to_the_person(app):
    scene = start(app, opponent="expert")
    scene.play(8)
    run_frames(app, 90)
    assert len(scene.state.played) == 2
    scene.undo()
    assert scene.state.played == ()


def test_computer_first_and_every_level_plays(app):
    for level in ("random", "human", "semi-expert", "expert", "montecarlo", "perfect"):
        scene = JuniperScene(app, new_match(app, 12, level, True))
        app.stack.reset(scene)
        app.stack.apply_pending()
        run_frames(app, 70)
        assert len(scene.state.played) == 1 and scene.state.played[0] % 2 == 0, level


def test_setup_card_chooses_n_and_opponent(app):
    scene = juniper_scene.make_scene(app)
    app.start(scene)
    run_frames(app, 2)
    card = app.stack.top
    assert isinstance(card, SeatsScene) and card.setup.level == "random"
    small = next(b for b in card.buttons if b.label == "8")
    tap(app, small.rect.center)
    champion = next(b for b in card.buttons if b.label == "Champion")
    tap(app, champion.rect.center)
    tap(app, card.play_button.rect.center)
    summary = scene.state_summary()
    assert app.stack.top is scene and summary["n"] == 8
    assert summary["seats"] == {"1": {"kind": "person"}, "2": {"kind": "computer", "level": "perfect"}}


def test_explainer_pages_follow_the_n_on_screen(app):
    scene = start(app, n=30)
    scene.show_rules()
    run_frames(app, 2)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and len(rules.pages) == len(EXPLAINER_PAGES)
    assert "de 1 à 30" in rules.pages[0].body()
    for _ in range(len(EXPLAINER_PAGES)):
        run_frames(app, 25)
        press(app, pygame.K_RIGHT)
    assert app.stack.top is scene


def test_attract_mode_plays_by_itself_and_changes_duel(app):
    scene = juniper_scene.make_demo_scene(app)
    app.start(scene)
    duels = set()
    for _ in range(60 * 120):
        run_frames(app, 1)
        duels.add((scene.match.seats[1].level, scene.match.seats[2].level))
        if len(duels) >= 2:
            break
    assert len(duels) >= 2 and not isinstance(app.stack.top, EndScene)


def test_the_chain_keeps_its_first_numbers():
    assert chain_layout(5, 1100) == (86, 52, 0)
    step, size, hidden = chain_layout(30, 1100)
    assert hidden == 0 and step * 30 <= 1100
    step, size, hidden = chain_layout(60, 1100)
    assert hidden > 0 and (60 - hidden + 1) * step <= 1100


def test_icon_draws(app):
    surface = pygame.Surface((300, 230))
    surface.fill((56, 160, 120))
    juniper_scene.draw_icon(surface, surface.get_rect().inflate(-40, -40), 1.0)
    assert surface.get_at((150, 115)) != (56, 160, 120) or surface.get_at((60, 100)) != (56, 160, 120)


def test_strings_exist_for_every_level_and_page():
    from kiosk.i18n import table

    keys = table()
    for level in juniper_scene.DEMO_DUELS[0] + ("random", "perfect"):
        assert f"juniper.level.{level}" in keys and f"juniper.about.{level}" in keys
    for page in EXPLAINER_PAGES:
        assert f"juniper.explain.{page}.title" in keys and f"juniper.explain.{page}.text" in keys
    assert deadly_primes(20)


def test_play_command_headless(tmp_path, capsys):
    import json

    import main

    shot = tmp_path / "j.png"
    argv = ["play", "juniper", "--frames", "90", "--opponent", "expert", "--computer-first",
            "--screenshot", str(shot), "--json", "--mute"]
    assert main.main(argv) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["scene"] == "juniper" and len(summary["played"]) == 1
    assert shot.exists()


def _key(app, key):
    press(app, key, frames=1)


def test_keyboard_types_numbers_and_shortcuts(app):
    scene = start(app)
    _key(app, pygame.K_1)
    assert scene.state.played == () and scene.typed == "1"
    _key(app, pygame.K_4)  # 14: no number of 1..20 starts with "14" and is longer, so it is played
    assert scene.state.played == (14,)
    _key(app, pygame.K_7)  # 7 * 10 > 20: played at once
    assert scene.state.played == (14, 7)
    _key(app, pygame.K_1)
    _key(app, pygame.K_RETURN)
    assert scene.state.played == (14, 7, 1)
    _key(app, pygame.K_u)
    assert scene.state.played == (14, 7)
    _key(app, pygame.K_h)
    assert scene.hint().move == 1
    _key(app, pygame.K_3)  # illegal after 7: nothing changes
    assert scene.state.played == (14, 7)
    _key(app, pygame.K_r)  # mid-game: "Arrêter la partie ?" first
    assert scene.state.played == (14, 7) and app.stack.top.name == "confirm"
    _key(app, pygame.K_RETURN)  # the safe answer: no
    assert scene.state.played == (14, 7) and app.stack.top is scene
    _key(app, pygame.K_r)
    tap(app, app.stack.top.yes_button.rect.center, frames=1)
    assert scene.state.played == ()


def test_random_taps_and_keys_never_break_the_scene():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from games.juniper.rules import from_moves

    application = make_app(seed=5)
    keys = [pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_5, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_u,
            pygame.K_h, pygame.K_a]
    events = gestures(keys)

    @settings(max_examples=20, deadline=None)
    @given(opponent=st.sampled_from(["hotseat", "expert", "random"]), n=st.sampled_from([6, 12, 20]),
           script=st.lists(events, max_size=30))
    def run(opponent, n, script):
        scene = JuniperScene(application, new_match(application, n, opponent))
        application.stack.reset(scene)
        application.stack.apply_pending()
        application.home_factory = lambda app: JuniperScene(app, new_match(app))
        run_frames(application, 1)
        for gesture in script:
            perform(application, gesture, frames=1)
            top = application.stack.top
            game = top if isinstance(top, JuniperScene) else scene
            # Whatever happened, the position is a legal game of 1..n.
            assert from_moves(game.state.n, list(game.state.played)) == game.state

    run()
