"""Kiosk mode: lock-down, the operator's PIN and settings, attract mode, "Encore là ?", errors that
never reach the desktop, saved games, the gamepad cursor."""

from __future__ import annotations

import importlib
import json
import logging
from pathlib import Path

import pygame
import pytest

from games import budget
from games.lewthwaite.scene import LewthwaiteScene, new_match
from games.registry import installed_games
from kiosk import i18n, theme
from kiosk.app import MEMORY_SECONDS, STEP, App, AppOptions
from kiosk.attendant import StillThereScene
from kiosk.canvas import Canvas
from kiosk.config import IdleTimes, KioskConfig
from kiosk.demo import DemoScene
from kiosk.game_scene import GameScene
from kiosk.host import Host
from kiosk.menu import MenuScene
from kiosk.operator import CORNER, LONG_PRESS, PinScene, SettingsScene
from kiosk.scene import Scene
from kiosk.session import Tally
from kiosk.storage import SaveStore
from tests.kiosk_driver import press, run_frames, tap

IDLE = IdleTimes(attract_after=10, prompt_after=15, countdown=5)


def kiosk_app(state: Path, **changes: object) -> App:
    config = KioskConfig(kiosk=True, pin="2580", idle=IDLE)
    for key, value in changes.items():
        object.__setattr__(config, key, value)
    app = App(AppOptions(frames=1, seed=1, mute=True, kiosk=True, config=config, state_dir=state))
    app.home_factory = MenuScene
    app.published = []  # type: ignore[attr-defined]
    app.effects.subscribe(app.published.append)  # type: ignore[attr-defined]
    return app


@pytest.fixture
def app(tmp_path):
    application = kiosk_app(tmp_path)
    application.start(MenuScene(application))
    yield application
    application.close()
    i18n.set_language("fr")
    theme.set_colour_blind(False)


def seconds(app: App, duration: float) -> None:
    """Let ``duration`` seconds of game time pass, drawing one frame in four (fast, same logic)."""
    for _ in range(round(duration * 15)):
        app.tick(4 * STEP)


def key(app: App, k: int, mod: int = 0, unicode: str = "", frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    run_frames(app, frames)


def open_settings(app: App) -> SettingsScene:
    key(app, pygame.K_o, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert isinstance(app.stack.top, PinScene)
    for digit in "2580":
        key(app, getattr(pygame, f"K_{digit}"), unicode=digit)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SettingsScene)
    return app.stack.top


def start_game(app: App) -> LewthwaiteScene:
    scene = LewthwaiteScene(app, new_match(app, red="human", blue="human"))
    app.stack.push(scene)
    run_frames(app, 2)
    return scene


# --- lock-down -----------------------------------------------------------------------------------


def test_quit_events_escape_and_alt_f4_leave_a_kiosk_running(app):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    key(app, pygame.K_ESCAPE)  # the menu's Escape would quit outside kiosk mode
    key(app, pygame.K_F4, pygame.KMOD_ALT)
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE, window=None))
    run_frames(app, 2)
    assert app.running and isinstance(app.stack.top, MenuScene)


def test_outside_kiosk_mode_escape_on_the_menu_quits(tmp_path):
    app = App(AppOptions(frames=1, mute=True))
    app.home_factory = MenuScene
    app.start(MenuScene(app))
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_the_pin_path_leaves_the_kiosk(app):
    settings = open_settings(app)
    quit_button = next(b for b in settings.buttons if b.label == "operator.quit")
    tap(app, quit_button.rect.center)
    assert not app.running


def test_a_wrong_pin_three_times_closes_the_pad(app):
    key(app, pygame.K_o, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    for _attempt in range(3):
        assert isinstance(app.stack.top, PinScene)
        for digit in "1111":
            key(app, getattr(pygame, f"K_{digit}"), unicode=digit)
        key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, MenuScene) and app.running


def test_a_long_press_in_the_corner_opens_the_pin_pad_and_a_short_one_does_not(app):
    corner = CORNER.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.screen.to_native(corner), button=1))
    seconds(app, 1.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.screen.to_native(corner), button=1))
    seconds(app, LONG_PRESS)
    assert isinstance(app.stack.top, MenuScene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.screen.to_native(corner), button=1))
    seconds(app, LONG_PRESS + 0.1)
    assert isinstance(app.stack.top, PinScene)


def test_settings_change_the_kiosk_live_and_save_kiosk_toml(app, tmp_path):
    settings = open_settings(app)
    english = next(b for b in settings.buttons if b.label == "English")
    tap(app, english.rect.center)
    assert i18n.language() == "en" and app.config.language == "en"
    settings = app.stack.top
    softer = next(b for b in settings.buttons if b.label == "−")  # the volume's minus
    tap(app, softer.rect.center)
    assert app.config.volume == 70 and app.sound.volume == pytest.approx(0.7)
    yes = next(b for b in app.stack.top.buttons if b.label == "Yes")
    tap(app, yes.rect.center)
    assert theme.colour_blind()
    awele_title = i18n.tr(next(info.title for info in installed_games() if info.key == "awele"))
    awele = next(b for b in app.stack.top.buttons if b.label == awele_title)
    tap(app, awele.rect.center)
    assert "awele" not in app.config.games
    target = tmp_path / "kiosk.toml"
    app.config = app.config.with_changes(path=target)
    save = next(b for b in app.stack.top.buttons if b.label == "operator.save")
    tap(app, save.rect.center)
    from kiosk.config import load

    saved = load(target)
    assert saved.language == "en" and saved.volume == 70 and saved.colour_blind and "awele" not in saved.games
    close = next(b for b in app.stack.top.buttons if b.label == "operator.close")
    tap(app, close.rect.center)
    assert isinstance(app.stack.top, MenuScene)
    games = app.stack.top.state_summary()["games"]
    assert isinstance(games, list) and "awele" not in games


# --- idle: attract mode and "Encore là ?" -----------------------------------------------------------


def test_attract_mode_starts_on_an_idle_menu_and_a_touch_goes_home_without_playing(app):
    seconds(app, IDLE.attract_after - 1)
    assert isinstance(app.stack.top, MenuScene)
    app.scores.tallies["lewthwaite"] = Tally(you=2, computer=1)
    seconds(app, 1.1)
    demo = app.stack.top
    assert isinstance(demo, DemoScene) and app.scores.tallies == {}
    seconds(app, 5)
    shown = demo.current
    moves = shown.match.moves if isinstance(shown, GameScene) else None
    # A finger lands on a card of the menu-to-be: it wakes the kiosk, and its release opens nothing.
    menu_card = MenuScene(app).cards[0][0].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.screen.to_native(menu_card), button=1))
    run_frames(app, 1)
    assert isinstance(app.stack.top, MenuScene)
    if isinstance(shown, GameScene):
        assert shown.match.moves == moves  # the touch played nothing
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.screen.to_native(menu_card), button=1))
    run_frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)


def test_the_memory_snapshot_says_what_was_on_screen(app):
    # Memory at one moment depends on the game shown (its pictures: 10 to 25 MB): the real-time
    # soak lays each snapshot against it.
    seconds(app, 1)
    first = budget.read_snapshot(app.state / "memory.json")
    assert first is not None and first["screen"] == "menu" and 0 < first["rss_anon_mb"] <= first["rss_mb"]
    seconds(app, MEMORY_SECONDS + 1)  # attract mode by now
    demo = app.stack.top
    assert isinstance(demo, DemoScene)
    later = budget.read_snapshot(app.state / "memory.json")
    assert later is not None and later["time"] > first["time"] and later["screen"] == f"demo/{demo.memory_scope}"


def test_a_gamepad_button_also_ends_attract_mode(app):
    seconds(app, IDLE.attract_after + 0.1)
    assert isinstance(app.stack.top, DemoScene)
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=0))
    run_frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)


def test_an_idle_game_asks_still_there_and_a_touch_keeps_it(app):
    game = start_game(app)
    tap(app, game.board_view.center_of((2, 1)))
    seconds(app, IDLE.prompt_after + 0.1)
    assert isinstance(app.stack.top, StillThereScene)
    position = game.state.to_text()
    tap(app, game.board_view.center_of((1, 2)))  # lands on the card, not on the board
    assert app.stack.top is game and game.state.to_text() == position


def test_nobody_answers_still_there_the_kiosk_goes_home_and_forgets_the_visitors(app):
    game = start_game(app)
    tap(app, game.board_view.center_of((2, 1)))
    seconds(app, 1)
    assert app.keeper.store.path.exists()
    app.scores.tallies["lewthwaite"] = Tally(you=2, computer=1)
    seconds(app, IDLE.prompt_after + IDLE.countdown + 0.2)
    assert isinstance(app.stack.top, MenuScene)
    assert app.scores.tallies == {} and not app.keeper.store.path.exists()
    idle = [lights for lights in app.published if getattr(lights, "idle", False)]
    assert idle  # the board lights glow softly again


# --- errors never reach the desktop -------------------------------------------------------------------


class Broken(Scene):
    """A scene that fails where it is told to."""

    name = "broken"

    def __init__(self, app: Host, where: str) -> None:
        super().__init__(app)
        self.where = where

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.where == "input" and event.type == pygame.KEYDOWN:
            raise KeyError("a key nobody expected")
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.where == "update" and self.time > 0.05:
            raise ZeroDivisionError("update went wrong")

    def draw(self, surface: Canvas | pygame.Surface) -> None:
        if self.where == "draw":
            raise ValueError("draw went wrong")

    def on_enter(self) -> None:
        if self.where == "enter":
            raise RuntimeError("could not start")


@pytest.mark.parametrize("where", ["update", "draw", "input", "enter"])
def test_an_exception_in_a_scene_is_logged_and_the_kiosk_apologises_on_the_menu(app, where):
    app.stack.push(Broken(app, where))
    run_frames(app, 3)
    key(app, pygame.K_a, frames=3)
    assert isinstance(app.stack.top, MenuScene) and app.running
    assert app.notice is not None and "souci" in app.notice[0]
    logging.getLogger().handlers[0].flush()
    text = (app.state / "logs" / "kiosk.log").read_text()
    assert "scene 'broken'" in text and "Traceback" in text
    seconds(app, 4.1)
    assert app.notice is None


def test_an_exception_in_the_shells_input_path_is_logged_and_the_kiosk_goes_on(app, monkeypatch):
    def broken_door(event: pygame.event.Event) -> bool:
        raise KeyError("the operator's door went wrong")

    monkeypatch.setattr(app.door, "handle", broken_door)
    key(app, pygame.K_a, frames=3)
    assert isinstance(app.stack.top, MenuScene) and app.running
    logging.getLogger().handlers[0].flush()
    text = (app.state / "logs" / "kiosk.log").read_text()
    assert "error in input" in text and "the operator's door went wrong" in text


def test_outside_kiosk_mode_errors_are_raised_for_the_developer():
    app = App(AppOptions(frames=1, mute=True))
    app.start(Broken(app, "draw"))
    with pytest.raises(ValueError):
        app.tick()


def test_a_menu_that_keeps_failing_stops_the_program_for_a_clean_restart(tmp_path):
    app = kiosk_app(tmp_path)
    app.home_factory = lambda a: Broken(a, "draw")
    app.start(Broken(app, "draw"))
    with pytest.raises(SystemExit) as stop:
        run_frames(app, 20)
    assert stop.value.code == 1
    app.close()


def test_an_error_past_recovery_is_logged_before_the_kiosk_stops(tmp_path):
    def no_menu(app: Host) -> Scene:
        raise RuntimeError("the menu cannot start")

    app = kiosk_app(tmp_path)
    app.home_factory = no_menu
    with pytest.raises(RuntimeError):
        app.run(Broken(app, "draw"))
    app.close()
    text = (tmp_path / "logs" / "kiosk.log").read_text()
    assert "CRITICAL" in text and "could not recover" in text and "the menu cannot start" in text


# --- saved games ---------------------------------------------------------------------------------------


def test_a_game_is_saved_after_every_move_and_resumed_after_a_crash(tmp_path):
    first = kiosk_app(tmp_path)
    first.start(MenuScene(first))
    game = start_game(first)
    tap(first, game.board_view.center_of((2, 1)))
    run_frames(first, 30)
    tap(first, game.board_view.center_of((1, 1)))
    run_frames(first, 30)
    position = game.state.to_text()
    saved = json.loads((tmp_path / "save" / "match.json").read_text())
    assert saved["game"] == "lewthwaite" and json.loads(saved["match"])["moves"] == ["2,1", "1,1"]
    # The power goes: no clean exit. The next start resumes the game over the menu.
    second = kiosk_app(tmp_path)
    second.start(MenuScene(second))
    resumed = second.stack.top
    assert isinstance(resumed, LewthwaiteScene) and resumed.state.to_text() == position
    assert isinstance(second.stack.scenes[0], MenuScene)
    press(second, pygame.K_ESCAPE)  # the visitor stops the game ("Oui") and goes home: nothing to resume
    tap(second, second.stack.top.yes_button.rect.center)  # type: ignore[union-attr]
    run_frames(second, 2)
    assert not (tmp_path / "save" / "match.json").exists()
    second.close()
    first.close()


@pytest.mark.parametrize("content", [
    "{not json",
    '{"format": "jeux-save/1", "game": "lewthwaite", "match": "{}"}',
    '{"format": "jeux-save/1", "game": "lewthwaite", "match": '
    '"{\\"format\\": \\"jeux-match/1\\", \\"game\\": \\"lewthwaite\\", \\"start\\": \\"5x5 h2,2:\\", '
    '\\"moves\\": [\\"0,0\\"], \\"seats\\": {\\"1\\": {\\"kind\\": \\"person\\"}, \\"2\\": {\\"kind\\": '
    '\\"person\\"}}, \\"seed\\": 1, \\"meta\\": {}}"}',
    '{"format": "jeux-save/1", "game": "chess", "match": "x"}',
    "\udcff",
])
def test_a_corrupt_save_is_set_aside_with_a_log_line_and_the_kiosk_starts_on_the_menu(tmp_path, content):
    save = tmp_path / "save" / "match.json"
    save.parent.mkdir(parents=True)
    save.write_bytes(content.encode("utf-8", "surrogateescape"))
    app = kiosk_app(tmp_path)
    app.start(MenuScene(app))
    assert isinstance(app.stack.top, MenuScene)
    assert not save.exists() and list(save.parent.glob("match.json.corrupt-*"))
    logging.getLogger().handlers[0].flush()
    assert "set aside" in (tmp_path / "logs" / "kiosk.log").read_text()
    app.close()


def test_the_save_store_writes_atomically(tmp_path):
    store = SaveStore(tmp_path / "save.json")
    store.save("lewthwaite", "first")
    store.save("lewthwaite", "second")
    saved = store.load()
    assert saved is not None and saved.text == "second"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary file left behind


# --- gamepad -------------------------------------------------------------------------------------------


def hat(app: App, x: int, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, joy=0, instance_id=0, hat=0, value=(x, y)))
    pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, joy=0, instance_id=0, hat=0, value=(0, 0)))
    run_frames(app, 1)


def button(app: App, number: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=number))
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONUP, joy=0, instance_id=0, button=number))
    run_frames(app, 2)


def test_a_direction_pad_and_two_buttons_drive_the_menu_and_a_game(app):
    menu = app.stack.top
    hat(app, 1, 0)  # the first push shows the cursor, on the first card
    assert app.navigator.visible and app.navigator.focus.topleft == menu.cards[0][0].topleft
    hat(app, 1, 0)
    assert app.navigator.focus.topleft == menu.cards[1][0].topleft
    hat(app, -1, 0)
    button(app, 0)  # A: open the focused game (the first card): it asks who plays
    assert app.stack.top.name == "seats"
    for _ in range(8):
        hat(app, 0, -1)  # down to the card's "Jouer !" button, at the bottom
    button(app, 0)
    assert app.stack.top.name == menu.games[0][0].key
    button(app, 1)  # B: back, home
    assert isinstance(app.stack.top, MenuScene)


def test_the_focus_cursor_is_drawn_and_a_touch_hides_it(app):
    hat(app, 0, -1)
    before = pygame.image.tobytes(app.display, "RGB")
    app.navigator.visible = False
    app.draw()
    assert pygame.image.tobytes(app.display, "RGB") != before
    hat(app, 0, -1)
    assert app.navigator.visible
    tap(app, (640, 30))
    assert not app.navigator.visible


# --- touch targets, volume ----------------------------------------------------------------------------


def test_every_touch_target_is_at_least_64_pixels_at_1920x1080(app):
    from kiosk.overlays import EndCard, EndScene, RulesPage, RulesScene
    from kiosk.seats import SeatsScene, Setup

    scenes = [MenuScene(app), PinScene(app), SettingsScene(app), StillThereScene(app, 5),
              EndScene(app, EndCard("Tu as gagné !", "Bravo."), lambda: None),
              RulesScene(app, "Règles", [RulesPage("button.rules", "Un texte.")]),
              SeatsScene(app, "lewthwaite", ("random", "greedy", "perfect"), Setup(level="random"), [],
                         lambda setup: None)]
    scenes += [importlib.import_module(f"games.{info.key}.scene").make_scene(app) for info in installed_games()]
    small = []
    for scene in scenes:
        for b in getattr(scene, "buttons", []):
            if min(b.rect.width, b.rect.height) * 1.5 < 64:
                small.append((scene.name, b.label, b.rect))
    assert not small


def test_the_menu_speaker_cycles_loud_soft_off(app):
    app.sound.muted = False
    menu = MenuScene(app)
    app.stack.reset(menu)
    run_frames(app, 1)
    speaker = menu.buttons[1]
    assert app.sound.loudness == "loud"
    tap(app, speaker.rect.center)
    assert app.sound.loudness == "soft"
    tap(app, speaker.rect.center)
    assert app.sound.loudness == "off" and app.sound.muted
    tap(app, speaker.rect.center)
    assert app.sound.loudness == "loud"


# --- colour-blind mode ---------------------------------------------------------------------------------


def test_colour_blind_mode_puts_a_square_on_red_tokens_and_a_ring_on_blue_ones(app):
    from games.lewthwaite.rules import BLUE, RED
    from games.lewthwaite.view import token_sprite

    def pixel(colour: str, dx: int) -> tuple[int, int, int]:
        sprite = token_sprite(colour, 90)
        cx, cy = sprite.get_width() // 2, sprite.get_height() // 2 - 2
        r, g, b, _a = sprite.get_at((cx + dx, cy))
        return r, g, b

    def white(rgb: tuple[int, int, int]) -> bool:
        return min(rgb) > 225

    theme.set_colour_blind(False)
    assert not white(pixel(RED, 0)) and not white(pixel(BLUE, 16))
    theme.set_colour_blind(True)
    assert white(pixel(RED, 0)) and white(pixel(RED, 12))  # a filled square
    assert white(pixel(BLUE, 16)) and not white(pixel(BLUE, 0))  # a ring, hollow


def test_a_lewthwaite_game_can_be_played_with_the_pad_alone(app):
    game = start_game(app)
    legal = set(game.state.legal_moves())
    hat(app, 0, 1)  # show the cursor: on a token that may move
    focused = app.navigator.focus
    assert focused is not None
    cell = game.board_view.cell_at(focused.center)
    assert cell is not None and cell in legal
    button(app, 0)
    assert game.state.moves_played == 1 and game.state.to_text().endswith(f"{cell[0]},{cell[1]}")


def test_every_game_on_the_match_layer_is_saved_and_resumed(tmp_path):
    from kiosk.keeper import scene_for_saved
    from kiosk.screens import screens_for

    checked = []
    for info in installed_games():
        demo = screens_for(info.key).make_demo_scene
        app = kiosk_app(tmp_path / info.key)
        app.start(MenuScene(app))
        scene = demo(app) if demo is not None else None
        if not isinstance(scene, GameScene):
            app.close()
            continue  # not on the match layer yet
        scene.attract = False  # a visitor's game between two computers
        app.stack.push(scene)
        for _ in range(60):  # a short game may be over within 300 frames: stop at a move
            run_frames(app, 5)
            if scene.match.moves and not scene.match.is_over():
                break
        assert scene.match.moves, info.key
        text = scene.match.to_text()
        resumed = scene_for_saved(app, info.key, text)
        assert resumed.match.to_text() == text and isinstance(scene, type(resumed))
        assert app.keeper.store is not None
        saved = SaveStore(app.keeper.store.path).load()
        assert saved is not None and saved.game == info.key
        checked.append(info.key)
        app.close()
    assert {"lewthwaite", "juniper", "lightning"} <= set(checked)
