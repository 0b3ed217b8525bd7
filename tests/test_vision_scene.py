"""The calibration scene, driven headless with the synthetic camera."""

import main
from kiosk.app import App, AppOptions
from kiosk.i18n import table, tr
from vision.capture import start_grid
from vision.scene import CalibrationScene
from vision.strings import STRINGS


def _run(scene, app, frames):
    for _ in range(frames):
        for s in app.stack.visible():
            s.update(1 / 60)
        app.stack.apply_pending()
        app.draw()


def test_calibration_scene_reads_the_start_then_sees_a_hand_and_a_move():
    app = App(AppOptions(frames=1, seed=4))
    scene = CalibrationScene(app, "lewthwaite", "synthetic")
    app.stack.push(scene)
    app.stack.apply_pending()
    _run(scene, app, 60)
    summary = scene.state_summary()
    assert summary["calibrated"] and summary["grid"] == start_grid("lewthwaite")
    assert summary["stable_states"] == 1
    scene.toggle_hand()
    _run(scene, app, 60)
    assert scene.state_summary()["stable_states"] == 1
    assert scene.live.board.problem in ("covered", "no_markers", "out_of_view", "motion")
    scene.toggle_hand()
    scene.random_move()
    _run(scene, app, 60)
    summary = scene.state_summary()
    assert summary["stable_states"] == 2
    assert summary["grid"] == scene.state.diagram().upper().splitlines()


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


def test_missing_camera_is_an_error_that_lists_the_cameras(capsys):
    assert main.main(["calibrate", "--camera", "63", "--frames", "20", "--json"]) == 2
    err = capsys.readouterr().err
    assert "camera 63 does not exist" in err and "cameras on this machine:" in err
    assert "Traceback" not in err
