"""A desk lamp's hot spot washes out two of the mat's markers at the webcam's own exposure: the
frame is refused as ``overexposed`` (not "no mat found" for ever), the live board lowers the
exposure as it does for clipped paper, finds the mat and starts the game; a hand over a marker
or a bright room around the mat is not glare."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pygame
import pytest

from tests.exposure_cameras import LowersExposure
from vision.advice import advise
from vision.calibration import LiveCalibration
from vision.capture import LiveBoard, start_grid
from vision.exposure import WASHED_SHARE
from vision.reader import BoardReader, VisionError
from vision.synthetic import CameraStyle, render_photo, stand_style

START = [row.upper() for row in start_grid("lewthwaite") if isinstance(row, str)]  # a token mat: strings
#: The webcam's own exposure: bright paper (1.3, as the photoreal stand's 1.3 EV over).
EXPOSURE = 1.3


def _glare_style(exposure: float) -> CameraStyle:
    """Draughts, 25 degrees of tilt, a bare desk lamp whose hot spot lies over one side of the
    sheet, between two of its markers."""
    style = stand_style("draught", 8.0, 25.0, 25.0, seed=7, exposure=exposure)
    style.glare, style.glare_at, style.glare_mm = 2.0, (0.0, 0.5), 90.0
    return style


class StandCamera(LowersExposure):
    """A webcam over the glare stand: auto-exposure at :data:`EXPOSURE`, and ``lower_exposure``
    locking it whole stops lower, down to ``floor_stops`` (then it refuses)."""

    fps = 30.0
    ended = False

    def __init__(self, floor_stops: float = 3.0) -> None:
        super().__init__(floor_stops)
        self._photos: dict[float, np.ndarray] = {}
        self._noise = np.random.default_rng(5)

    def read(self) -> np.ndarray:
        if self.lowered not in self._photos:
            style = _glare_style(EXPOSURE * 2.0**-self.lowered)
            self._photos[self.lowered] = render_photo("lewthwaite", START, random.Random("glare-7"), style).image
        photo = self._photos[self.lowered]
        jitter = self._noise.integers(-2, 3, photo.shape)
        return np.clip(photo.astype(np.int16) + jitter, 0, 255).astype(np.uint8)

    def close(self) -> None:
        pass


@pytest.fixture(scope="module")
def glare_photo() -> np.ndarray:
    return render_photo("lewthwaite", START, random.Random("glare-7"), _glare_style(EXPOSURE)).image


def test_washed_out_markers_are_overexposure_not_a_missing_mat(glare_photo: np.ndarray) -> None:
    reader = BoardReader("lewthwaite")
    with pytest.raises(VisionError) as caught:
        reader.read(glare_photo)
    assert caught.value.reason == "overexposed" and caught.value.details["glare"]
    assert len(caught.value.details["markers"]) == 2
    assert reader.clipped is not None and reader.clipped > WASHED_SHARE and reader.seen.glare
    assert advise(reader.seen, "overexposed", reader.clipped) == ["lamp", "exposure"]


def test_live_board_lowers_the_exposure_and_starts_the_game() -> None:
    camera = StandCamera()
    live = LiveBoard("lewthwaite", lambda: camera, threaded=False, fps=30)
    live.advance(0)
    assert live.status.problem == "overexposed" and live.lowering_exposure
    found = live.advance(1.0)
    assert camera.lowered >= 1.0 and not live.exposure.gave_up
    assert found and found[-1].grid == START
    assert live.calibrate().grid == START


def test_a_camera_that_cannot_go_lower_says_move_the_lamp() -> None:
    camera = StandCamera(floor_stops=0.0)
    live = LiveBoard("lewthwaite", lambda: camera, threaded=False, fps=30)
    assert live.advance(0.3) == []
    assert live.exposure.gave_up and not live.lowering_exposure and live.status.problem == "overexposed"
    assert "lamp" in advise(live.reader.seen, live.status.problem, live.reader.clipped)


def test_a_hand_over_a_marker_or_a_bright_room_is_not_glare() -> None:
    style = stand_style("draught", 8.0, 25.0, 25.0, seed=7, exposure=1.0)
    photo = render_photo("lewthwaite", START, random.Random("glare-7"), style)
    frame = photo.image.copy()
    reader = BoardReader("lewthwaite")
    assert reader.read(frame).grid == START
    assert reader.fix is not None
    quads = reader.fix.marker_corners
    # Skin over two markers: missing, but nothing there is at the sensor's limit.
    for mid in list(quads)[:2]:
        x0, y0 = np.floor(quads[mid].min(axis=0)).astype(int) - 4
        x1, y1 = np.ceil(quads[mid].max(axis=0)).astype(int) + 4
        frame[y0:y1, x0:x1] = (120, 150, 200)
    with pytest.raises(VisionError) as caught:
        BoardReader("lewthwaite").read(frame)
    assert caught.value.reason == "no_markers"
    # A window behind the mat at pure white, a quarter of the picture: the mat is still read.
    bright = photo.image.copy()
    bright[:, :320] = 255
    assert BoardReader("lewthwaite").read(bright).grid == START
    # The same room with no mat in view: still "no mat", not "too bright".
    room = np.random.default_rng(3).integers(60, 180, photo.image.shape).astype(np.uint8)
    room[:, :320] = 255
    with pytest.raises(VisionError) as caught:
        BoardReader("lewthwaite").read(room)
    assert caught.value.reason == "no_markers"


def test_the_calibration_screen_says_the_board_lowers_the_exposure(tmp_path: Path) -> None:
    from kiosk.app import App, AppOptions
    from kiosk.calibration import CalibrationScene
    from kiosk.i18n import tr
    from tests.kiosk_driver import run_frames

    source = LiveCalibration("lewthwaite", threaded=False)
    camera = StandCamera()
    source.live = LiveBoard("lewthwaite", lambda: camera, threaded=False, fps=30)
    source.camera = None  # a webcam, not the demo camera
    app = App(AppOptions(frames=1, seed=1, mute=True))
    scene = CalibrationScene(app, source)
    app.start(scene)
    run_frames(app, 6)  # the screen reads its first frame (one in READ_EVERY)
    assert source.problem == "overexposed" and source.lowering_exposure
    assert source.advice == ["lamp"]  # the exposure is the board's business meanwhile
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "lowering.png"))
    assert tr("vision.problem.overexposed.lowering").startswith("Image trop claire")


@pytest.mark.parametrize("lowering", [True, False])
def test_the_physical_mode_status_line_says_who_lowers_the_exposure(lowering: bool) -> None:
    from kiosk.i18n import tr
    from kiosk.physical import PhysicalMode

    mode = PhysicalMode.__new__(PhysicalMode)
    live = type("L", (), {"lowering_exposure": lowering, "paper_bright": False})()
    engine = type("E", (), {"problem": "overexposed", "phase": "setup"})()
    mode.session = type("S", (), {"engine": engine, "feed": type("F", (), {"live": live})()})()
    line = mode.camera_line()
    assert line is not None
    key = "physical.problem.overexposed" + (".lowering" if lowering else "")
    assert line[0] == tr("physical.camera.status", status=tr(key))


def test_doctor_advises_moving_the_lamp(glare_photo: np.ndarray) -> None:
    from kiosk.cli import stand_advice

    found = stand_advice(glare_photo, "lewthwaite")
    assert found["problem"] == "overexposed" and found["advice"] == ["lamp", "exposure"]


def _washed_sheet_photo() -> np.ndarray:
    """The lamp's hot spot over the whole sheet: all four markers washed out, the sheet a white
    patch on a darker table (a quarter of the picture: not a third, so not a white room)."""
    style = _glare_style(EXPOSURE)
    style.glare, style.glare_at, style.glare_mm = 2.0, (0.5, 0.5), 200.0
    return render_photo("lewthwaite", START, random.Random("glare-7"), style).image


def test_doctor_advises_on_a_sheet_washed_out_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from kiosk import cli, doctor
    from kiosk.config import KioskConfig
    from kiosk.i18n import tr
    from vision import capture

    photo = _washed_sheet_photo()
    with pytest.raises(VisionError) as caught:
        BoardReader("lewthwaite").read(photo)
    assert caught.value.reason == "overexposed"

    class Webcam:
        def __init__(self, index: int) -> None:
            pass

        def read(self) -> np.ndarray:
            return photo

        def close(self) -> None:
            pass

    monkeypatch.setattr(capture, "OpenCVCamera", Webcam)
    monkeypatch.setattr(doctor, "camera_indices", lambda: [0])
    found = cli.probe_camera("0")
    assert found.mats == () and found.advice == ("lamp", "exposure")
    check = doctor.check_cameras(KioskConfig(camera="0"), cli.probe_camera)[0]
    assert check.status == "warn"
    for key in ("lamp", "exposure"):  # the calibration screen's words, French first
        french, english = tr(f"vision.advice.{key}", "fr"), tr(f"vision.advice.{key}", "en")
        assert f"{french} / {english}" in check.detail
