"""The awélé scene driven headless: taps, sowing animation replaying the rules, loops, demo."""

from __future__ import annotations

import pygame
import pytest

from games.awele.rules import position
from games.awele.scene import AweleScene, Layout, draw_icon, make_demo_scene, make_scene, rules_pages
from games.core import History
from games.effects import Sound
from kiosk.app import App, AppOptions
from kiosk.overlays import EndScene, RulesScene


@pytest.fixture()
def app() -> App:
    # No pygame.quit() afterwards: the kiosk caches its fonts for the whole process.
    return App(AppOptions(frames=1, mute=True, seed=1))


def run(app: App, scene: AweleScene, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        scene.update(1 / 60)
        app.stack.apply_pending()
    scene.draw(app.screen)


def click(scene: AweleScene, pit: int) -> None:
    x, y = scene.layout.center(pit - 1)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(round(x), round(y))))


def sounds(app: App) -> list[str]:
    heard: list[str] = []
    app.effects.subscribe(lambda m: heard.append(m.name) if isinstance(m, Sound) else None)
    return heard


def test_a_tap_sows_seed_by_seed_then_commits_the_rules_result(app: App) -> None:
    scene = AweleScene(app, players=("human", "human"))
    heard = sounds(app)
    start = scene.state
    click(scene, 3)
    assert scene.busy
    run(app, scene, 0.5)
    assert scene.display != list(start.pits) and scene.state is start  # mid-animation, rules state unchanged
    run(app, scene, 12)
    expected = start.play(3)
    assert scene.state == expected and scene.display == list(expected.pits)
    assert scene.display_scores == [6, 0]
    assert heard.count("seed") == sum(lap.seeds for lap in start.laps(3))
    assert "capture" in heard
    assert scene.state_summary()["player"] == 2


def test_illegal_taps_say_why_and_change_nothing(app: App) -> None:
    scene = AweleScene(app, players=("human", "human"))
    heard = sounds(app)
    click(scene, 9)
    assert "pas ta rangée" in scene.message and not scene.busy
    scene.history = History.start(position((0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4)))
    scene.sync_display()
    click(scene, 1)
    assert "vide" in scene.message and heard.count("error") == 2
    assert scene.state.pits[0] == 0 and not scene.busy


def test_a_looping_pit_is_refused_and_the_loop_can_be_shown(app: App) -> None:
    scene = AweleScene(app, pits=4, players=("human", "human"))
    scene.history = History.start(position((1, 2, 0, 2)))
    scene.layout = Layout(4)
    scene.sync_display()
    click(scene, 2)
    assert "boucler" in scene.message and "8" in scene.message
    assert scene.loop_offer is not None and not scene.busy
    scene.show_loop()
    run(app, scene, 1.0)
    assert scene.showing_loop and "boucle" in scene.message
    run(app, scene, 20)
    assert not scene.showing_loop and scene.display == [1, 2, 0, 2] and scene.state.pits == (1, 2, 0, 2)


def test_undo_takes_back_the_move_and_the_computers_answer(app: App) -> None:
    scene = AweleScene(app, players=("human", "1990"))
    click(scene, 3)
    run(app, scene, 40)
    assert scene.moves_played >= 2 and scene.state.current_player == 1
    scene.undo()
    assert scene.state == scene.history.states[0]


def test_the_4_pit_board_and_the_buttons(app: App) -> None:
    scene = make_scene(app)
    scene.toggle_size()
    assert scene.state.n == 4 and scene.layout.n == 4
    scene.cycle_opponent()
    assert scene.players[1] == "strong"
    scene.open_rules()
    app.stack.apply_pending()
    assert isinstance(app.stack.top, RulesScene)
    app.stack.top.draw(app.screen)


def test_rules_pages_draw_their_little_boards(app: App) -> None:
    surface = pygame.Surface((500, 440))
    for page in rules_pages():
        assert page.illustration is not None
        for t in (0.0, 1.5, 7.9):
            page.illustration(surface, surface.get_rect(), t)


def test_the_end_of_a_game_shows_the_shared_end_screen(app: App) -> None:
    scene = AweleScene(app, players=("human", "1990"))
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.history = History.start(position((1, 0, 0, 0, 0, 3, 4, 0, 3, 0, 5, 0), (20, 12), 1))
    scene.sync_display()
    click(scene, 1)
    run(app, scene, 10)
    assert scene.state.is_terminal() and scene.state.scores == (25, 12)
    assert isinstance(app.stack.top, EndScene)
    assert app.stack.top.card.title == "Rouge gagne 25 à 12 !"


def test_demo_plays_whole_games_computer_against_computer(app: App) -> None:
    scene = make_demo_scene(app)
    scene.movetime = 0.02
    for _ in range(120):
        run(app, scene, 1.0)
        if scene.games_finished:
            break
    assert scene.games_finished >= 1 or scene.moves_played >= 10
    assert sum(scene.display) + sum(scene.display_scores) == 48 or scene.busy


def test_menu_icon_draws(app: App) -> None:
    surface = pygame.Surface((300, 230))
    draw_icon(surface, surface.get_rect().inflate(-40, -40), 1.3)
    assert surface.get_at((150, 115)) != surface.get_at((2, 2))


def test_every_awele_message_has_both_languages() -> None:
    from games.awele.ai import LEVELS
    from games.awele.strings import STRINGS

    keys = [f"awele.level.{level}" for level in ("human", *LEVELS)]
    keys += [f"awele.end.{r}" for r in ("majority", "last_seed", "no_moves", "repetition")]
    keys += ["awele.skip.empty", "awele.skip.loops", "awele.score", "awele.score.one", "awele.illegal.loop"]
    for key in keys:
        french, english = STRINGS[key]
        assert french and english and french != english or key == "awele.title"


def test_interactive_mode_computes_moves_in_the_background() -> None:
    import time

    live = App(AppOptions(mute=True, seed=2))  # no --frames: not headless, jobs run in threads
    assert not live.headless
    scene = AweleScene(live, players=("human", "random"))
    click(scene, 3)
    deadline = time.monotonic() + 60
    while scene.moves_played < 2 and time.monotonic() < deadline:
        scene.update(1 / 30)
        time.sleep(0.001)
    assert scene.moves_played >= 2 and scene.state.current_player == 1
    assert scene.display == list(scene.state.pits)


def test_the_led_board_shows_legal_pits_then_the_computers_move(app: App) -> None:
    from games.effects import BoardLights

    lights: list[BoardLights] = []
    app.effects.subscribe(lambda m: lights.append(m) if isinstance(m, BoardLights) else None)
    scene = AweleScene(app, players=("human", "1990"))
    assert lights[-1].game == "awele" and (lights[-1].rows, lights[-1].cols) == (2, 6)
    assert sorted(lights[-1].cells) == [(1, c) for c in range(6)]  # pits 1..6, bottom row
    assert set(lights[-1].cells.values()) == {"legal"}
    click(scene, 3)
    run(app, scene, 60)
    assert scene.moves_played == 2
    roles = set(lights[-1].cells.values())
    assert {"computer_from", "computer_to"} <= roles and "legal" in roles
