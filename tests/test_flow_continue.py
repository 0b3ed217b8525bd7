"""Every "Continuer ma partie" the menu offers resumes a game, and none is offered without one
(issue 40, item 1); the operator's "Fermer" neither applies unsaved settings nor hides a game
just kept aside.

Driven as visitors and an operator would: taps, keys and game time on a headless kiosk.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from kiosk.app import App
from kiosk.attendant import StillThereScene
from kiosk.config import KioskConfig
from kiosk.game_scene import GameScene
from kiosk.i18n import set_language, tr
from kiosk.menu import MenuScene
from kiosk.operator import SettingsScene
from kiosk.overlays import ConfirmScene, RulesScene
from kiosk.seats import SeatsScene
from tests.kiosk_driver import press, run_frames, tap
from tests.test_flow import card_of, choose_seats, chord, kiosk_app, open_from_menu, play_moves


@pytest.fixture(autouse=True)
def french() -> Any:
    yield
    set_language("fr")


def leave_for_the_menu(app: App, scene: GameScene) -> MenuScene:
    """"Menu", then "Oui, arrêter": the game is kept aside."""
    home = scene.tool_at("home")
    assert home is not None
    tap(app, home.rect.center, frames=3)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    tap(app, question.yes_button.rect.center, frames=3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    return menu


def open_settings(app: App) -> SettingsScene:
    chord(app, pygame.K_o, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    for digit in "2580":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(digit), mod=0, unicode=digit))
    press(app, pygame.K_RETURN)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    return settings


def button(settings: SettingsScene, label: str) -> pygame.Rect:
    return next(b.rect for b in settings.buttons if b.label == label)


@pytest.mark.parametrize("game", ["lightning", "lewthwaite"])
def test_the_idle_reset_from_the_rules_offers_no_continue(tmp_path: Path, game: str) -> None:
    """Kiosk, one move, the rules open, nobody answers "Encore là ?": the menu offers no
    "Continuer ma partie" (the next child is someone else), and nothing is saved."""
    app = kiosk_app(tmp_path, prompt=3.0, countdown=2.0)
    scene = open_from_menu(app, game)
    choose_seats(app)
    play_moves(app, scene, 1)
    rules = scene.tool_at("rules")
    assert rules is not None
    tap(app, rules.rect.center, frames=2)
    assert isinstance(app.stack.top, RulesScene)
    for _ in range(60 * 8):
        run_frames(app, 1)
        if app.attendant.resets:
            break
    assert isinstance(app.stack.scenes[0], MenuScene) and app.attendant.resets == 1
    run_frames(app, 3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert app.keeper.kept is None and menu.continue_button is None
    app.keeper.flush()
    assert not (tmp_path / "save" / "match.json").exists()
    app.close()


def test_every_continue_offered_resumes_and_attract_mode_takes_it_away(tmp_path: Path) -> None:
    """A game left for the menu is offered back and resumes; once attract mode has come (the
    visitors went), the same menu offers it no more."""
    app = kiosk_app(tmp_path, prompt=300.0, countdown=20.0)
    scene = open_from_menu(app, "lightning")
    choose_seats(app)
    play_moves(app, scene, 1)
    position = scene.match.state.to_text()
    menu = leave_for_the_menu(app, scene)
    assert menu.continue_button is not None
    tap(app, menu.continue_button.rect.center, frames=3)
    resumed = app.stack.top
    assert isinstance(resumed, GameScene) and resumed.match.state.to_text() == position
    menu = leave_for_the_menu(app, resumed)
    assert menu.continue_button is not None
    # Nobody comes: attract mode, then a touch wakes the menu, which offers nothing to continue.
    run_frames(app, round(60 * (app.config.idle.attract_after + 1)))
    assert getattr(app.stack.top, "attract_mode", False) and app.keeper.kept is None
    tap(app, (640, 360), frames=3)
    menu = app.stack.top  # type: ignore[assignment]
    assert isinstance(menu, MenuScene) and menu.continue_button is None
    # A menu whose kept game goes while it is on screen takes its button away at once.
    scene = open_from_menu(app, "lewthwaite")
    choose_seats(app)
    play_moves(app, scene, 2)
    menu = leave_for_the_menu(app, scene)
    assert menu.continue_button is not None
    app.keeper.forget()
    run_frames(app, 1)
    assert menu.continue_button is None
    app.close()


def test_close_discards_unsaved_settings_and_says_so(tmp_path: Path) -> None:
    """The operator hides a game and changes the volume, then "Fermer": the screen said the
    changes would be dropped, and they are (the menu and the file are as before)."""
    config_file = tmp_path / "kiosk.toml"
    app = kiosk_app(tmp_path)
    app.config = KioskConfig(kiosk=True, pin="2580", idle=app.config.idle, path=config_file)
    before = app.config
    settings = open_settings(app)
    assert settings.unsaved == () and button(settings, "operator.close")
    tap(app, button(settings, tr("lightning.title")).center, frames=2)
    tap(app, next(b.rect for b in settings.buttons if b.label == "+").center, frames=2)
    assert "lightning" not in app.config.games  # live, to try out
    assert settings.unsaved and tr("operator.unsaved") in settings.notice_text()
    tap(app, button(settings, "operator.close.discard").center, frames=3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert app.config == before and "lightning" in [info.key for info, _screens in menu.games]
    assert not config_file.exists()
    # Saved, then closed: kept, in force and in the file.
    settings = open_settings(app)
    tap(app, button(settings, tr("lightning.title")).center, frames=2)
    tap(app, button(settings, "operator.save").center, frames=2)
    assert settings.unsaved == () and config_file.exists()
    tap(app, button(settings, "operator.close").center, frames=3)
    assert "lightning" not in app.config.games
    app.close()


def test_a_game_hidden_by_the_operator_keeps_its_promised_continue(tmp_path: Path) -> None:
    """A game kept aside, then its card switched off (and saved): the menu still shows that card
    with "Continuer ma partie" until the game is continued or the visitors go."""
    app = kiosk_app(tmp_path, prompt=300.0)
    app.config = KioskConfig(kiosk=True, pin="2580", idle=app.config.idle, path=tmp_path / "kiosk.toml")
    scene = open_from_menu(app, "lightning")
    choose_seats(app)
    play_moves(app, scene, 1)
    position = scene.match.state.to_text()
    leave_for_the_menu(app, scene)
    settings = open_settings(app)
    tap(app, button(settings, tr("lightning.title")).center, frames=2)
    tap(app, button(settings, "operator.save").center, frames=2)
    tap(app, button(settings, "operator.close").center, frames=3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and "lightning" not in app.config.games
    assert menu.continue_button is not None and card_of(menu, "lightning").contains(menu.continue_button.rect)
    tap(app, menu.continue_button.rect.center, frames=3)
    resumed = app.stack.top
    assert isinstance(resumed, GameScene) and resumed.match.state.to_text() == position
    # Once that game is over or dropped, the hidden card goes.
    app.stack.push(StillThereScene(app, 0.5))
    run_frames(app, 60)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and "lightning" not in [info.key for info, _screens in menu.games]
    app.close()


@pytest.mark.parametrize("way", ["button", "escape"])
def test_the_first_who_plays_card_leads_back_to_the_menu(tmp_path: Path, way: str) -> None:
    """A game opened from the menu by mistake: "Qui joue ?" has a "Menu" button (and Escape), and
    the menu offers nothing to continue (no move was played)."""
    app = kiosk_app(tmp_path)
    open_from_menu(app, "lightning")
    seats = app.stack.top
    assert isinstance(seats, SeatsScene)
    if way == "button":
        home = next(b for b in seats.buttons if b.label == "button.home")
        tap(app, home.rect.center, frames=3)
    else:
        press(app, pygame.K_ESCAPE, frames=3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and len(app.stack.scenes) == 1 and menu.continue_button is None
    app.close()
