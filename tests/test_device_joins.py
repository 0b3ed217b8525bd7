"""The joins between the kiosk and its devices, as the command line opens them: the camera of
``play GAME --camera ...`` knows its game, whether it runs on game time, and whether it replays
a record (issue 42: each was a ``getattr`` with a default on an untyped handle, always wrong).

Each test runs the real command (``main.main``) up to the point where it would open the window:
the command's options and first scene are taken there and driven headless."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import main
from kiosk import devices, runner
from kiosk.app import App
from kiosk.calibration import CalibrationScene
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.operator import SettingsScene
from kiosk.options import AppOptions
from kiosk.physical import PhysicalMode
from kiosk.scene import Scene
from tests.kiosk_driver import run_frames, tap
from tests.kiosk_driver import table_of as driver_table_of
from vision.capture import start_grid

RECORD = Path(__file__).parent / "records" / "lewthwaite-computer.jsonl"


@pytest.fixture
def command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Callable[[list[str]], tuple[App, Scene]]]:
    """Run a command line to the window it would open: its app (devices opened by ``main.py``'s
    opener, state kept in ``tmp_path``) and its first scene."""
    taken: list[tuple[AppOptions, Callable[[App], Scene]]] = []
    opened: list[App] = []

    def take(options: AppOptions, make_first: Callable[[App], Scene]) -> int:
        taken.append((options, make_first))
        return 0

    def run(words: list[str]) -> tuple[App, Scene]:
        monkeypatch.setattr(runner, "run_app", take)
        assert main.main(words) == 0
        options, make_first = taken.pop()
        app = App(dataclasses.replace(options, state_dir=tmp_path))
        app.home_factory = MenuScene
        opened.append(app)
        return app, make_first(app)

    yield run
    for app in opened:
        app.close()
    devices.set_opener(None)


def camera_of(app: App) -> main.Camera:
    camera = app.devices.camera
    assert isinstance(camera, main.Camera)
    return camera


def table_of(scene: Scene) -> PhysicalMode[Any, Any]:
    assert isinstance(scene, GameScene)  # the first scene of `play GAME --camera`
    return driver_table_of(scene)


def test_play_lightning_with_the_synthetic_camera_calibrates_on_lightnings_mat(command: Callable) -> None:
    # What the operator sees: `play lightning --camera synthetic`, Ctrl+Shift+O, "Calibrer".
    app, first = command(["play", "lightning", "--camera", "synthetic", "--frames", "1", "--seed", "4", "--mute"])
    app.start(first)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, unicode="O",
                                         mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    run_frames(app, 2)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    button = next(b for b in settings.buttons if b.label == "operator.calibrate")
    tap(app, button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, CalibrationScene)
    run_frames(app, 60)
    summary = scene.state_summary()
    assert summary["game"] == "lightning"
    # The camera reads Lightning's own mat: its start, not Lewthwaite's tokens.
    assert summary["calibrated"] and summary["grid"] == start_grid("lightning")


def test_the_kiosks_camera_knows_the_game_of_the_command_line(command: Callable, tmp_path: Path) -> None:
    app, _ = command(["play", "lightning", "--camera", "synthetic", "--frames", "1", "--mute"])
    assert camera_of(app).game == "lightning"
    config = tmp_path / "kiosk.toml"
    config.write_text('camera = "synthetic"\n', encoding="utf-8")
    app, _ = command(["--config", str(config), "--frames", "1", "--mute"])  # the menu: no game
    assert camera_of(app).game is None


@pytest.mark.parametrize(("frames", "stepped"), [([], False), (["--frames", "1"], True)])
def test_a_live_kiosk_table_runs_on_the_wall_clock_and_a_headless_one_on_game_time(
        command: Callable, frames: list[str], stepped: bool) -> None:
    app, first = command(["play", "lewthwaite", "--camera", "synthetic", "--mute", "--size", "640x360", *frames])
    mode = table_of(first)
    assert mode.stepped is stepped
    assert camera_of(app).stepped is stepped
    mode.close()


def test_a_record_given_as_the_camera_is_replayed(command: Callable) -> None:
    app, first = command(["play", "lewthwaite", "--camera", str(RECORD), "--frames", "1", "--mute"])
    mode = table_of(first)
    assert mode.replaying and not mode.screen_plays_computer
    assert camera_of(app).kind == "record"
    mode.close()
    app, first = command(["play", "lewthwaite", "--camera", "synthetic", "--frames", "1", "--mute"])
    assert not table_of(first).replaying


def test_the_operators_settings_name_the_command_lines_devices_and_the_games_mat(command: Callable) -> None:
    # `play lightning --camera synthetic --led-port loop://` with no configuration file: the
    # settings name the camera and the LED board the kiosk opened, not the (empty) configuration's,
    # and the pretend camera shows the game's own mat.
    app, first = command(["play", "lightning", "--camera", "synthetic", "--led-port", "loop://", "--frames", "1",
                          "--mute"])
    assert camera_of(app).probe().mats == ("lightning",)
    app.start(first)
    settings = SettingsScene(app)
    app.stack.push(settings)
    run_frames(app, 2)
    assert settings.device_lines() == ("Caméra : simulée", "Plateau lumineux : loop://")
