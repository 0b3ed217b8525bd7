"""A game in progress is lost only by a person's explicit "yes", or by the idle reset when nobody,
on the screen or at the table, did anything; and one card at a time is on screen.

Driven like a visitor and an operator would: taps and keys on a headless kiosk, the real-board
mode with a scripted visitor at a virtual table (read perfectly, fast).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from games.lewthwaite.scene import LewthwaiteScene
from games.sync import SETUP
from kiosk import ui
from kiosk.app import App, AppOptions
from kiosk.attendant import StillThereScene
from kiosk.config import IdleTimes, KioskConfig
from kiosk.devices import Devices, set_opener
from kiosk.game_scene import GameScene
from kiosk.i18n import set_language
from kiosk.menu import MenuScene
from kiosk.operator import SettingsScene
from kiosk.overlays import ConfirmScene, EndScene, RulesScene
from kiosk.seats import SeatsScene
from main import Camera
from tests.kiosk_driver import make_app, press, run_frames, table_of, tap
from tests.test_physical_scene import PicturesCamera

CARDS = (SeatsScene, EndScene, StillThereScene, ConfirmScene)


def kiosk_app(tmp_path: Path, prompt: float = 120.0, countdown: float = 20.0) -> App:
    config = KioskConfig(kiosk=True, pin="2580", idle=IdleTimes(90.0, prompt, countdown))
    app = App(AppOptions(frames=1, seed=1, mute=True, kiosk=True, state_dir=tmp_path, config=config))
    app.home_factory = MenuScene
    app.start(MenuScene(app))
    return app


def card_of(menu: MenuScene, game: str) -> pygame.Rect:
    return next(rect for rect, info, _module in menu.cards if info.key == game)


def open_from_menu(app: App, game: str = "lewthwaite", real: bool = False) -> GameScene:
    """Tap the game's card (or its "Plateau réel" tab): the game opens on "Qui joue ?"."""
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    rect = card_of(menu, game)
    if real:
        tab = next(b for b in menu.buttons if b.label == "physical.menu" and rect.contains(b.rect))
        tap(app, tab.rect.center, frames=3)
    else:
        tap(app, (rect.centerx, rect.y + 120), frames=3)
    assert isinstance(app.stack.top, SeatsScene)
    scene = app.stack.scenes[-2]
    assert isinstance(scene, GameScene)
    return scene


def choose_seats(app: App) -> None:
    seats = app.stack.top
    assert isinstance(seats, SeatsScene)
    tap(app, seats.play_button.rect.center, frames=3)
    assert not isinstance(app.stack.top, SeatsScene)


def play_moves(app: App, scene: GameScene, count: int) -> None:
    """Play on the screen (the first legal move) until ``count`` moves are on the board."""
    for _ in range(600):
        if len(scene.match.moves) >= count:
            break
        if scene.person_to_move():
            scene.play(scene.match.state.legal_moves()[0])
        run_frames(app, 2)
    run_frames(app, 40)  # the last slide ends
    assert len(scene.match.moves) >= count and not scene.match.is_over()


def cards_on_screen(app: App) -> list[str]:
    return [scene.name for scene in app.stack.visible() if isinstance(scene, CARDS)]


def chord(app: App, key: int, mod: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    run_frames(app, 2)


@pytest.fixture(autouse=True)
def french() -> Any:
    yield
    set_language("fr")
    set_opener(None)


def test_the_operator_screen_gives_the_visitors_game_back(tmp_path: Path) -> None:
    """Ctrl+Shift+O, the PIN, "Fermer" without changing anything: the game is where it was, and
    so is its save."""
    app = kiosk_app(tmp_path)
    scene = open_from_menu(app)
    choose_seats(app)
    play_moves(app, scene, 2)
    app.keeper.flush()
    save = tmp_path / "save" / "match.json"
    assert save.exists()
    position, moves = scene.match.state.to_text(), len(scene.match.moves)
    chord(app, pygame.K_o, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    for digit in "2580":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(digit), mod=0, unicode=digit))
    press(app, pygame.K_RETURN)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    close = next(b for b in settings.buttons if b.label == "operator.close")
    tap(app, close.rect.center, frames=3)
    app.keeper.flush()
    assert app.stack.top is scene and scene.match.state.to_text() == position and len(scene.match.moves) == moves
    assert save.exists()
    # The operator comes while "Encore là ?" counts down: it has its answer, the game stays.
    app.stack.push(StillThereScene(app, 5.0))
    run_frames(app, 2)
    chord(app, pygame.K_o, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert [s.name for s in app.stack.scenes[-2:]] == [scene.name, "operator.pin"]
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    # From the menu, "Fermer" gives the menu back (built afresh, with the new settings).
    app.stack.reset(MenuScene(app))
    run_frames(app, 2)
    chord(app, pygame.K_o, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    for digit in "2580":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(digit), mod=0, unicode=digit))
    press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE, frames=3)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack.scenes) == 1
    app.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_menu_and_restart_mid_game_ask_first_and_the_menu_offers_to_continue(lang: str) -> None:
    app = make_app(lang)
    app.start(MenuScene(app))
    scene = open_from_menu(app)
    choose_seats(app)
    # No move yet: nothing to lose, no question.
    home = scene.tool_at("home")
    assert home is not None
    tap(app, home.rect.center, frames=3)
    assert isinstance(app.stack.top, MenuScene) and getattr(app.keeper, "kept", None) is None
    scene = open_from_menu(app)
    choose_seats(app)
    play_moves(app, scene, 2)
    position = scene.match.state.to_text()
    # "Rejouer", then "Non": the game goes on; Escape and a tap beside the card say no too.
    for answer in ("no", "escape", "beside"):
        restart = scene.tool_at("restart")
        assert restart is not None
        tap(app, restart.rect.center, frames=3)
        question = app.stack.top
        assert isinstance(question, ConfirmScene) and cards_on_screen(app) == ["confirm"]
        if answer == "no":
            tap(app, question.no_button.rect.center, frames=3)
        elif answer == "escape":
            press(app, pygame.K_ESCAPE, frames=3)
        else:
            tap(app, (40, 40), frames=3)
        assert app.stack.top is scene and scene.match.state.to_text() == position
    # Escape is the "Menu" key: it asks too. "Oui": the menu, whose card offers the game back.
    press(app, pygame.K_ESCAPE, frames=3)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    tap(app, question.yes_button.rect.center, frames=3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.continue_button is not None
    assert card_of(menu, "lewthwaite").contains(menu.continue_button.rect)
    tap(app, menu.continue_button.rect.center, frames=3)
    scene = app.stack.top  # type: ignore[assignment]
    assert isinstance(scene, LewthwaiteScene) and scene.match.state.to_text() == position
    # "Rejouer", "Oui": a new game.
    restart = scene.tool_at("restart")
    assert restart is not None
    tap(app, restart.rect.center, frames=3)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    tap(app, question.yes_button.rect.center, frames=3)
    assert app.stack.top is scene and not scene.match.moves
    app.close()


def test_moves_on_the_table_keep_the_kiosk_from_asking_if_anybody_is_there(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Kiosk mode, "Plateau réel": a game played only on the table (no touch) is not taken for
    an empty stand; once nobody does anything, "Encore là ?" comes and the kiosk goes home."""
    camera = PicturesCamera()
    set_opener(lambda options: Devices(camera=Camera.around(camera)))
    app = kiosk_app(tmp_path, prompt=2.0, countdown=1.0)
    scene = open_from_menu(app, real=True)
    choose_seats(app)
    # Setting up: the screen says so, and nothing a setup does not allow is offered.
    assert table_of(scene).engine.phase == SETUP and not scene.match.moves
    assert not scene.tool_at("hint").enabled and not scene.tool_at("restart").enabled  # type: ignore[union-attr]
    # The longest table prompt (a headline, two fixes, "and N more") leaves the bottom row alone.
    drawn: list[tuple[int, int]] = []
    monkeypatch.setattr(ui, "draw_bubble", lambda *args, **kw: drawn.append(ui.bubble_size(args[1], args[3], 22)))
    scene.draw_physical_prompt(pygame.Surface((1280, 720)), ["Le plateau n'est pas comme sur l'écran",
                               "Remets le jeton rouge ici (e4).", "Enlève le jeton rouge d'ici (c3).",
                               "… et 3 autres cases qui clignotent."], (200, 0, 0))
    bottom_row = max(r.bottom for r in map(scene.cell_rect, scene.board.cells()) if r is not None)
    assert drawn and scene.message_anchor[1] - drawn[0][1] >= bottom_row
    monkeypatch.undo()
    # "Encore là ?" is up (the visitor thought for a long time): a piece moved on the table
    # answers it, as a touch would.
    run_frames(app, 30)
    app.stack.push(StillThereScene(app, 10.0))
    run_frames(app, 1)
    assert camera.visitor is not None
    camera.visitor.patient = False
    for _ in range(60 * 5):
        run_frames(app, 1)
        if not isinstance(app.stack.top, StillThereScene):
            break
    assert app.stack.top is scene and app.attendant.resets == 0
    camera.visitor.patient = True
    for _ in range(60 * 60):
        run_frames(app, 1)
        assert app.attendant.resets == 0 and not isinstance(app.stack.top, StillThereScene), (
            len(scene.match.moves), table_of(scene).engine.phase)
        if scene.match.is_over():
            break
    assert scene.match.is_over() and len(scene.match.moves) >= 8 and app.clock > 5
    assert camera.visitor is not None and camera.visitor.missed == []
    for _ in range(60 * 5):  # the game is over, nobody moves: the idle reset
        run_frames(app, 1)
        assert len(cards_on_screen(app)) <= 1
        if app.attendant.resets:
            break
    run_frames(app, 2)
    assert app.attendant.resets == 1 and app.at_home()
    app.close()


def test_the_real_board_in_kiosk_mode_counts_nothing_under_a_card_and_shows_one_card_at_a_time(
        tmp_path: Path) -> None:
    """The table is set up from the start, under "Qui joue ?": nothing on it counts until the
    seats are chosen; nor while the rules are open; cards never stack (the end card, then
    "Encore là ?" over it)."""
    from games.lewthwaite.board import LewthwaiteBoard
    from games.lewthwaite.rules import LewthwaiteParams

    camera = PicturesCamera(table=LewthwaiteBoard().picture(LewthwaiteParams().new_initial_state()))
    set_opener(lambda options: Devices(camera=Camera.around(camera)))
    app = kiosk_app(tmp_path, prompt=4.0, countdown=2.0)
    scene = open_from_menu(app, real=True)
    engine = table_of(scene).engine
    for _ in range(60 * 3):
        run_frames(app, 1)
        assert cards_on_screen(app) == ["seats"]
    assert engine.seen is not None  # the table was read...
    assert engine.phase == SETUP and not scene.match.moves and engine.held  # ...and not judged
    choose_seats(app)
    for _ in range(120):
        run_frames(app, 1)
        if engine.synced:
            break
    assert engine.synced and not engine.held
    # The rules, opened mid-game: the table is held until they close.
    for _ in range(60 * 10):
        run_frames(app, 1)
        if len(scene.match.moves) >= 2 and not scene.busy():
            break
    rules = scene.tool_at("rules")
    assert rules is not None
    tap(app, rules.rect.center, frames=2)
    assert isinstance(app.stack.top, RulesScene) and engine.held
    press(app, pygame.K_ESCAPE, frames=2)
    assert app.stack.top is scene and not engine.held
    # To the end: the end card alone, then "Encore là ?" alone (the end card waits under it).
    seen: list[str] = []
    for _ in range(60 * 60):
        run_frames(app, 1)
        shown = cards_on_screen(app)
        assert len(shown) <= 1, shown
        if shown and (not seen or seen[-1] != shown[0]):
            seen.append(shown[0])
        if app.attendant.resets:
            break
    assert seen == ["end", "still-there"] and app.attendant.resets == 1
    app.close()


def test_a_held_table_is_read_not_judged_and_judged_as_it_stands_on_release() -> None:
    """The engine under a card: no setup, no move, no fix while held; on release one legal move
    made meanwhile is taken, and a knocked table is flagged. A record replays the hold."""
    from games.physical import PhysicalSession, RecordFeed, start_event
    from tests.test_sync import START, Clock, lewthwaite

    match, engine = lewthwaite()
    clock = Clock(engine)
    engine.hold(True)
    clock.see(START, wait=1.0)
    assert not engine.synced and not engine.fixes and engine.phase == SETUP
    engine.hold(False)
    assert engine.synced
    moved = START.replace("BR.RB", "B.RRB")  # red slides into the hole
    engine.hold(True)
    clock.see(moved, wait=1.0)
    assert not match.moves and not engine.fixes
    engine.hold(False)
    assert [s.move_to_text(m) for s, m in zip(match.history.states, match.moves, strict=False)] == ["2,1"]
    engine.hold(True)
    clock.see(moved.replace("RBRBR\nBRBRB\n", "RBRBR\n.RBRB\n"), wait=1.0)  # a token knocked off
    assert len(match.moves) == 1 and not engine.fixes
    engine.hold(False)
    clock.wait(1.0)
    assert engine.fixes and len(match.moves) == 1
    events = engine.take_events()
    assert [e.kind for e in events].count("hold") == 3
    # Replayed, the record holds and releases the table at the same moments: the same story.
    again, _ = lewthwaite()
    session = PhysicalSession(again, RecordFeed([start_event(again, 30.0, "test"), *events], lambda: again.board))
    session.start()
    replayed = session.update(clock.now + 1)
    assert [(e.kind, getattr(e, "move", None)) for e in replayed] == [(e.kind, getattr(e, "move", None))
                                                                         for e in events]
