"""The calibration scene, driven headless with the synthetic camera."""

from contextlib import contextmanager

import main
from kiosk import devices
from kiosk.app import App, AppOptions
from kiosk.calibration import CalibrationScene
from kiosk.calibration_strings import STRINGS
from kiosk.i18n import table, tr
from vision.calibration import LiveCalibration
from vision.capture import CAMERA_STATES, PROBLEMS, start_grid


def _run(scene, app, frames):
    for _ in range(frames):
        for s in app.stack.visible():
            s.update(1 / 60)
        app.stack.apply_pending()
        app.draw()


def test_calibration_scene_reads_the_start_then_sees_a_hand_and_a_move():
    app = App(AppOptions(frames=1, seed=4))
    source = LiveCalibration("lewthwaite", "synthetic", seed=4, threaded=False)
    scene = CalibrationScene(app, source)
    app.stack.push(scene)
    app.stack.apply_pending()
    _run(scene, app, 60)
    summary = scene.state_summary()
    assert summary["calibrated"] and summary["grid"] == start_grid("lewthwaite")
    assert summary["stable_states"] == 1
    source.toggle_hand()
    _run(scene, app, 60)
    assert scene.state_summary()["stable_states"] == 1
    assert scene.state_summary()["problem"] in ("covered", "no_markers", "out_of_view", "motion")
    source.toggle_hand()
    source.random_move()
    _run(scene, app, 60)
    summary = scene.state_summary()
    assert summary["stable_states"] == 2
    assert summary["grid"] == source.state.diagram().upper().splitlines()


def test_calibrate_command_runs_headless(tmp_path, capsys):
    shot = tmp_path / "cal.png"
    assert (
        main.main(["calibrate", "--game", "lightning", "--frames", "40", "--screenshot", str(shot), "--json"])
        == 0
    )
    assert shot.exists()


def test_strings_are_complete():
    for key, (fr, en) in STRINGS.items():
        assert key.startswith("vision.") and fr and en
    assert "vision.title" in table()
    assert tr("vision.stable", count=3)
    # Every status the screen can name has its words.
    assert {f"vision.problem.{p or 'ok'}" for p in PROBLEMS} <= STRINGS.keys()
    assert {f"vision.camera.{state}" for state in CAMERA_STATES} <= STRINGS.keys()


@contextmanager
def operator_settings(camera, tmp_path):
    """The operator's settings screen of a kiosk whose camera is ``camera`` (closed after)."""
    from kiosk.menu import MenuScene
    from kiosk.operator import SettingsScene
    from tests.kiosk_driver import run_frames

    devices.set_opener(lambda options: devices.Devices(camera=camera))
    try:
        app = App(AppOptions(frames=1, seed=4, mute=True, state_dir=tmp_path))
        app.home_factory = MenuScene
        app.start(MenuScene(app))
        settings = SettingsScene(app)
        app.stack.push(settings)
        run_frames(app, 2)
        yield app, settings
        app.close()
    finally:
        devices.set_opener(None)


def test_the_operators_button_opens_the_screen_on_the_apps_camera(tmp_path):
    from tests.kiosk_driver import run_frames, tap

    with operator_settings(main.Camera("synthetic", stepped=True), tmp_path) as (app, settings):
        button = next(b for b in settings.buttons if b.label == "operator.calibrate")
        tap(app, button.rect.center)
        scene = app.stack.top
        assert isinstance(scene, CalibrationScene) and scene.game == "lewthwaite"
        run_frames(app, 60)
        summary = scene.state_summary()
        assert summary["calibrated"] and summary["grid"] == start_grid("lewthwaite")


def test_a_record_replayed_as_the_camera_offers_no_calibration(tmp_path):
    from tests.kiosk_driver import run_frames

    record = tmp_path / "game.jsonl"
    record.write_text("")
    camera = main.Camera(str(record), stepped=True)
    assert not camera.can_calibrate and main.Camera("synthetic").can_calibrate
    with operator_settings(camera, tmp_path) as (app, settings):
        assert all(b.label != "operator.calibrate" for b in settings.buttons)
        settings.calibrate()  # a key binding or a stale button: nothing happens, nothing breaks
        run_frames(app, 2)
        assert app.stack.top is settings


def test_missing_camera_is_an_error_that_lists_the_cameras(capsys):
    assert main.main(["calibrate", "--camera", "63", "--frames", "20", "--json"]) == 2
    err = capsys.readouterr().err
    assert "camera 63 does not exist" in err and "cameras on this machine:" in err
    assert "Traceback" not in err
