"""The Juniper Green scene driven headless: taps, computer moves, hints, explainer, setup, demo."""

import pygame
import pytest

from games.effects import BoardLights, Sound
from games.juniper import scene as juniper_scene
from games.juniper.rules import deadly_primes
from games.juniper.scene import EXPLAINER_PAGES, JuniperExplainer, JuniperScene, layout_tiles
from kiosk.app import App, AppOptions


def _fresh_fonts():
    # kiosk caches fonts across pygame.quit() (run_app quits pygame): start from clean caches.
    from kiosk import theme, ui

    theme.font.cache_clear()
    ui.text_surface.cache_clear()
    ui.wrap_text.cache_clear()


@pytest.fixture
def app():
    _fresh_fonts()
    application = App(AppOptions(frames=1, mute=True, seed=3))
    application.messages = []
    application.effects.subscribe(application.messages.append)
    return application


def _run(app, scene, frames):
    for _ in range(frames):
        for s in app.stack.visible() or [scene]:
            s.update(1 / 60)
        app.stack.apply_pending()
        for s in app.stack.visible() or [scene]:
            s.draw(app.screen)


def _tap(scene, pos):
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    return scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def test_tiles_fit_the_board_and_do_not_overlap():
    for n in (2, 6, 20, 50, 100):
        tiles = layout_tiles(n)
        assert len(tiles) == n
        rects = list(tiles.values())
        assert all(juniper_scene.BOARD_AREA.contains(r) for r in rects)
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert layout_tiles(20)[1].width >= 100  # big touch targets for children


def test_tapping_tiles_plays_and_the_computer_answers(app):
    scene = JuniperScene(app, n=20, opponent="semi-expert")
    assert _tap(scene, scene.tiles[14].center)
    assert scene.state.played == (14,)
    _run(app, scene, 90)  # the computer waits a little, then answers: 7 is its immediate win
    assert scene.state.played == (14, 7)
    assert scene.state_summary()["legal"] == [1]
    assert any(isinstance(m, BoardLights) for m in app.messages)


def test_illegal_tap_changes_nothing_and_shakes(app):
    scene = JuniperScene(app, n=20, opponent="hotseat")
    _tap(scene, scene.tiles[7].center)  # odd first number
    assert scene.state.played == ()
    assert 7 in scene.shake
    assert Sound("error") in app.messages


def test_hotseat_game_to_the_end_and_again(app):
    scene = JuniperScene(app, n=20, opponent="hotseat")
    for k in (14, 7, 1, 11):
        _tap(scene, scene.tiles[k].center)
    summary = scene.state_summary()
    assert summary["winner"] == 2 and summary["replies"] == 0
    _run(app, scene, 60)
    _tap(scene, scene.again_button.rect.center)
    assert scene.state.played == ()


def test_hint_says_how_to_win(app):
    scene = JuniperScene(app, n=20, opponent="hotseat")
    scene.play(14)
    scene.show_hint()
    assert scene.hint == ("juniper.hint.win_one", 7)  # after 7 only the poisoned 1 is left
    assert "7" in scene._side_message()
    scene.play(7)
    assert scene.hint is None


def test_undo_against_the_computer_goes_back_to_the_person(app):
    scene = JuniperScene(app, n=20, opponent="expert")
    scene.play(8)
    _run(app, scene, 90)
    assert len(scene.state.played) == 2
    scene.undo()
    assert scene.state.played == ()


def test_computer_first_and_every_level_plays(app):
    for level in ("random", "human", "semi-expert", "expert", "montecarlo", "perfect"):
        scene = JuniperScene(app, n=12, opponent=level, computer_first=True)
        _run(app, scene, 40)
        assert len(scene.state.played) == 1 and scene.state.played[0] % 2 == 0, level


def test_perfect_computer_first_wins_at_20(app):
    scene = JuniperScene(app, n=20, opponent="perfect", computer_first=True)
    while not scene.state.is_terminal():
        if scene.human_to_move():
            scene.play(scene.state.legal_moves()[-1])
        _run(app, scene, 20)
    assert scene.state_summary()["winner"] == 1


def test_setup_panel_chooses_n_and_opponent(app):
    scene = juniper_scene.make_scene(app)
    assert scene.setup_open
    small = next(b for b in scene.setup_buttons if b.label == "8")
    _tap(scene, small.rect.center)
    perfect = next(b for b in scene.setup_buttons if b.label == "juniper.level.perfect")
    _tap(scene, perfect.rect.center)
    play = next(b for b in scene.setup_buttons if b.label == "button.play")
    _tap(scene, play.rect.center)
    summary = scene.state_summary()
    assert summary["n"] == 8 and not summary["setup_open"]
    assert summary["players"] == {"1": "person", "2": "perfect"}


def test_explainer_pages(app):
    scene = JuniperScene(app, n=20)
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.open_explainer()
    app.stack.apply_pending()
    explainer = app.stack.top
    assert isinstance(explainer, JuniperExplainer)
    for page in range(len(EXPLAINER_PAGES)):
        assert explainer.state_summary()["page"] == page
        _run(app, scene, 25)
        explainer.next()
    app.stack.apply_pending()
    assert app.stack.top is scene


def test_demo_plays_games_by_itself(app):
    scene = juniper_scene.make_demo_scene(app)
    for _ in range(60 * 40):  # logic only: drawing 2400 frames would only slow the test down
        scene.update(1 / 60)
        if scene.games_played:
            break
    _run(app, scene, 10)
    assert scene.games_played >= 1
    assert scene.state_summary()["players"] == {"1": "expert", "2": "montecarlo"}


def test_icon_draws(app):
    surface = pygame.Surface((300, 230))
    surface.fill((56, 160, 120))
    juniper_scene.draw_icon(surface, surface.get_rect().inflate(-40, -40), 1.0)
    assert surface.get_at((150, 115)) != (56, 160, 120) or surface.get_at((60, 100)) != (56, 160, 120)


def test_strings_exist_for_every_level_and_page():
    from kiosk.i18n import table

    keys = table()
    for level in juniper_scene.OPPONENTS:
        assert f"juniper.level.{level}" in keys and f"juniper.about.{level}" in keys
    for page in EXPLAINER_PAGES:
        assert f"juniper.explain.{page}.title" in keys and f"juniper.explain.{page}.text" in keys
    assert deadly_primes(20)


def test_play_command_headless(tmp_path, capsys):
    import json

    import main

    _fresh_fonts()

    shot = tmp_path / "j.png"
    argv = ["play", "juniper", "--frames", "60", "--opponent", "expert", "--computer-first",
            "--screenshot", str(shot), "--json", "--mute"]
    assert main.main(argv) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["scene"] == "juniper" and len(summary["played"]) == 1
    assert shot.exists()


def test_hint_words(app):
    scene = JuniperScene(app, n=20, opponent="hotseat")
    scene.show_hint()  # player 1 wins at N = 20, but not in one move
    assert scene.hint[0] == "juniper.hint.win" and scene.hint[1] in scene.state.legal_moves()
    for k in (8, 16, 2, 1):
        scene.play(k)
    scene.show_hint()
    assert scene.hint[0] == "juniper.hint.win_now" and scene.hint[1] in (11, 13, 17, 19)


def test_hint_only_for_a_person_to_move(app):
    scene = JuniperScene(app, n=20, opponent="expert")
    scene.play(14)  # now the computer is to move
    scene.show_hint()
    assert scene.hint is None


def test_hint_when_losing_suggests_resisting(app):
    scene = JuniperScene(app, n=20, opponent="hotseat")
    scene.play(14)
    scene.play(7)
    scene.show_hint()
    assert scene.hint == ("juniper.hint.lose", 1)


def test_a_person_winning_gets_confetti(app):
    scene = JuniperScene(app, n=20, opponent="hotseat")
    for k in (14, 7, 1, 11):
        scene.play(k)
    assert scene.confetti is not None
    _run(app, scene, 30)
    scene.undo()
    assert scene.confetti is None and scene.state.played == (14, 7, 1)


def _key(scene, key):
    return scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_keyboard_types_numbers_and_shortcuts(app):
    scene = JuniperScene(app, n=20, opponent="hotseat")
    _key(scene, pygame.K_1)
    assert scene.state.played == () and scene.typed == "1"
    _key(scene, pygame.K_4)  # 14: no number of 1..20 starts with "14" and is longer, so it is played
    assert scene.state.played == (14,)
    _key(scene, pygame.K_7)  # 7 * 10 > 20: played at once
    assert scene.state.played == (14, 7)
    _key(scene, pygame.K_1)
    _key(scene, pygame.K_RETURN)
    assert scene.state.played == (14, 7, 1)
    _key(scene, pygame.K_u)
    assert scene.state.played == (14, 7)
    _key(scene, pygame.K_h)
    assert scene.hint == ("juniper.hint.lose", 1)
    _key(scene, pygame.K_3)  # illegal after 7: nothing changes
    assert scene.state.played == (14, 7)
    _key(scene, pygame.K_r)
    assert scene.state.played == ()


def test_mute_button(app):
    scene = JuniperScene(app, n=20)
    muted = app.sound.muted
    _tap(scene, scene.mute_button.rect.center)
    assert app.sound.muted != muted


def test_demo_changes_duel_after_each_game(app):
    scene = juniper_scene.make_demo_scene(app)
    duels = set()
    for _ in range(60 * 120):
        scene.update(1 / 60)
        duels.add(tuple(scene.demo_players))
        if len(duels) >= 2:
            break
    assert len(duels) >= 2


def test_random_taps_and_keys_never_break_the_scene():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from games.juniper.rules import from_moves

    _fresh_fonts()
    application = App(AppOptions(frames=1, mute=True, seed=5))
    keys = [pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_5, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_u,
            pygame.K_h, pygame.K_a]
    events = st.one_of(
        st.tuples(st.just("tap"), st.integers(0, 1279), st.integers(0, 719)),
        st.tuples(st.just("key"), st.sampled_from(keys), st.just(0)),
        st.tuples(st.just("wait"), st.integers(1, 40), st.just(0)),
    )

    @settings(max_examples=25, deadline=None)
    @given(opponent=st.sampled_from(["hotseat", "expert", "random"]), n=st.sampled_from([6, 12, 20]),
           script=st.lists(events, max_size=30))
    def run(opponent, n, script):
        scene = JuniperScene(application, n=n, opponent=opponent)
        application.home_factory = lambda app: JuniperScene(app)
        for kind, a, b in script:
            if kind == "tap":
                _tap(scene, (a, b))
            elif kind == "key" and a != pygame.K_ESCAPE:
                _key(scene, a)
            else:
                for _ in range(a):
                    scene.update(1 / 60)
            scene.draw(application.screen)
            # Whatever happened, the position is a legal game of 1..n.
            assert from_moves(scene.state.n, list(scene.state.played)) == scene.state

    run()
