"""The joins between the kiosk and its devices, as the command line opens them: the camera of
``play GAME --camera ...`` knows its game, whether it runs on game time, and whether it replays
a record (issue 42: each was a ``getattr`` with a default on an untyped handle, always wrong)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import main
from games.match import Match
from games.physical import physical_options, read_record
from kiosk import devices
from kiosk.app import App, options_from_args
from kiosk.calibration import CalibrationScene
from kiosk.menu import MenuScene
from kiosk.operator import SettingsScene
from kiosk.physical import PhysicalMode, attach
from tests.kiosk_driver import run_frames, tap
from vision.capture import start_grid

RECORD = Path(__file__).parent / "records" / "lewthwaite-computer.jsonl"


@pytest.fixture
def opener() -> Iterator[None]:
    """The devices opened as ``main.py`` opens them (removed after the test)."""
    devices.set_opener(main.open_devices)
    yield
    devices.set_opener(None)


def app_of(words: list[str], state: Path) -> App:
    """The app the command line ``words`` opens (its options read as the command reads them)."""
    parser = main.build_parser()
    args = parser.parse_args(main.move_leading_options(parser, words))
    physical_options(args)
    app = App(dataclasses.replace(options_from_args(args), state_dir=state))
    app.home_factory = MenuScene
    return app


def camera_of(app: App) -> main.Camera:
    camera = app.devices.handles.get("camera")
    assert isinstance(camera, main.Camera)
    return camera


def test_play_lightning_with_the_synthetic_camera_calibrates_on_lightnings_mat(opener: None, tmp_path: Path) -> None:
    # What the operator sees: `play lightning --camera synthetic`, Ctrl+Shift+O, "Calibrer".
    app = app_of(["play", "lightning", "--camera", "synthetic", "--frames", "1", "--seed", "4", "--mute"],
                 tmp_path)
    try:
        app.start(MenuScene(app))
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
    finally:
        app.close()


def test_the_kiosks_camera_knows_the_game_of_the_command_line(opener: None, tmp_path: Path) -> None:
    app = app_of(["play", "lightning", "--camera", "synthetic", "--frames", "1", "--mute"], tmp_path)
    try:
        assert camera_of(app).game == "lightning"
    finally:
        app.close()
    config = tmp_path / "kiosk.toml"
    config.write_text('camera = "synthetic"\n', encoding="utf-8")
    app = app_of(["--config", str(config), "--frames", "1", "--mute"], tmp_path)  # the menu: no game
    try:
        assert camera_of(app).game is None
    finally:
        app.close()


def table_mode(app: App) -> PhysicalMode[object, object]:
    """A Lewthwaite match on the app's camera, in the physical-board mode."""
    from games.lewthwaite.rules import LewthwaiteParams
    from games.lewthwaite.scene import LewthwaiteScene, new_match

    camera = camera_of(app)
    if camera.spec.endswith(".jsonl"):
        match: Match[object, object] = Match.from_text(str(read_record(camera.spec)[0]["match"]))
    else:
        match = new_match(app, LewthwaiteParams(), "human", "human", "snake", physical=True)
    scene = LewthwaiteScene(app, match)  # type: ignore[arg-type]
    mode = attach(scene)
    assert mode is not None
    app.start(scene)
    return mode  # type: ignore[return-value]


@pytest.mark.parametrize(("frames", "stepped"), [([], False), (["--frames", "1"], True)])
def test_a_live_kiosk_table_runs_on_the_wall_clock_and_a_headless_one_on_game_time(
        opener: None, tmp_path: Path, frames: list[str], stepped: bool) -> None:
    app = app_of(["play", "lewthwaite", "--camera", "synthetic", "--mute", "--size", "640x360", *frames], tmp_path)
    try:
        mode = table_mode(app)
        assert mode.stepped is stepped
        assert camera_of(app).stepped is stepped
        mode.close()
    finally:
        app.close()


def test_a_record_given_as_the_camera_is_replayed(opener: None, tmp_path: Path) -> None:
    app = app_of(["play", "lewthwaite", "--camera", str(RECORD), "--frames", "1", "--mute"], tmp_path)
    try:
        mode = table_mode(app)
        assert mode.replaying and not mode.screen_plays_computer
        assert camera_of(app).kind == "record"
        mode.close()
    finally:
        app.close()
    app = app_of(["play", "lewthwaite", "--camera", "synthetic", "--frames", "1", "--mute"], tmp_path)
    try:
        assert not table_mode(app).replaying
    finally:
        app.close()
