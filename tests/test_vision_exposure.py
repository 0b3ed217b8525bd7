"""Exposure: paper clipped at white hides white tokens; the reader says so and the live board
asks the camera for less light (a fake camera that develops one linear scene at the exposure
asked, as a webcam would)."""

from __future__ import annotations

import random

import cv2
import numpy as np
import pytest

from tests.exposure_cameras import LowersExposure
from vision.capture import LiveBoard, SourceLink, start_grid
from vision.exposure import CLIPPED_SHARE, ExposureControl, clipped_share, is_clipped
from vision.mats import layout
from vision.reader import VISION_REASONS, BoardReader, VisionError
from vision.synthetic import CameraStyle, render_photo


def _rows(grid: list[str] | list[list[str]]) -> list[str]:
    """Lewthwaite's grid as rows of text (its cells are one letter each)."""
    rows = [row for row in grid if isinstance(row, str)]
    assert len(rows) == len(grid)
    return rows


START = _rows(start_grid("lewthwaite"))


def _white_token_scene() -> np.ndarray:
    """The start position in linear light (float BGR, paper about 0.5-0.8): red tokens for the
    first player, white tokens (a disc 0.9 of the paper's brightness in a rim 0.6 of it) for the
    second. Above 1.6 x exposure the paper and the white tokens are both pure white."""
    reds_only = [row.replace("B", ".") for row in START]
    style = CameraStyle(tilt_deg=0, noise=1.0, blur=0.0, jpeg_quality=95, light_gradient=0.1, shadows=0)
    photo = render_photo("lewthwaite", reds_only, random.Random(3), style)
    linear = (photo.image.astype(np.float32) / 255) ** 2.2
    mat = layout("lewthwaite")
    for r, row in enumerate(START):
        for c, code in enumerate(row):
            if code != "B":
                continue
            x, y = mat.center(r, c)
            centre, edge = cv2.perspectiveTransform(
                np.array([[[x, y], [x + mat.cell * 0.38, y]]], np.float32), photo.homography
            )[0]
            radius = float(np.linalg.norm(edge - centre))
            paper = linear[int(centre[1]), int(centre[0])].copy()
            at = (int(centre[0] * 16), int(centre[1] * 16))
            cv2.circle(linear, at, int(radius * 16), (paper * 0.6).tolist(), -1, cv2.LINE_AA, 4)
            cv2.circle(linear, at, int(radius * 0.85 * 16), (paper * 0.9).tolist(), -1, cv2.LINE_AA, 4)
    return linear


@pytest.fixture(scope="module")
def scene() -> np.ndarray:
    return _white_token_scene()


def develop(linear: np.ndarray, gain: float) -> np.ndarray:
    """The scene as an 8-bit camera frame at ``gain`` (clipped at the sensor's ceiling)."""
    return (np.clip(linear * gain, 0, 1) ** (1 / 2.2) * 255 + 0.5).astype(np.uint8)


class FixedCamera:
    """A webcam filming ``linear`` at ``gain`` with no exposure control (or a recording)."""

    fps = 30.0
    ended = False

    def __init__(self, linear: np.ndarray, gain: float) -> None:
        self.linear = linear
        self.gain = gain
        self.lowered = 0.0

    def read(self) -> np.ndarray:
        return develop(self.linear, self.gain * 2.0**-self.lowered)

    def close(self) -> None:
        pass


class ExposureCamera(LowersExposure, FixedCamera):
    """The same with auto-exposure at ``gain``: ``lower_exposure`` switches to a manual exposure
    ``stops`` lower, down to ``floor_stops`` below the start (then it refuses)."""

    def __init__(self, linear: np.ndarray, gain: float, floor_stops: float = 3.0) -> None:
        FixedCamera.__init__(self, linear, gain)
        LowersExposure.__init__(self, floor_stops)


def test_clipped_share_counts_paper_at_the_ceiling() -> None:
    samples = np.array([[255, 255, 255], [240, 251, 238], [200, 210, 205], [180, 190, 170]], np.float32)
    assert clipped_share(samples) == 0.5
    assert clipped_share(np.zeros((0, 3))) == 0.0
    assert is_clipped(CLIPPED_SHARE) and not is_clipped(CLIPPED_SHARE - 0.01) and not is_clipped(None)


def test_control_lowers_step_by_step_then_gives_up() -> None:
    asked: list[float] = []

    def lower(stops: float) -> bool:
        asked.append(stops)
        return len(asked) <= 2

    control = ExposureControl(step_stops=1.0, max_stops=4.0, settle_frames=2)
    assert not control.update(0.1, lower) and asked == []  # paper fine: nothing asked
    assert control.update(0.9, lower) and asked == [1.0]
    # The camera needs a frame or two: still clipped meanwhile, nothing more is asked.
    assert not control.update(0.9, lower) and not control.update(0.9, lower) and asked == [1.0]
    assert control.update(0.9, lower) and asked == [1.0, 1.0] and control.lowered == 2.0
    control.update(0.9, lower), control.update(0.9, lower)
    assert not control.update(0.9, lower) and control.gave_up  # the camera refused the third step
    assert not control.update(0.9, lower) and len(asked) == 3


def test_control_never_asks_beyond_its_limit() -> None:
    control = ExposureControl(step_stops=1.0, max_stops=2.0, settle_frames=0)
    asked = [control.update(1.0, lambda s: True) for _ in range(5)]
    assert asked == [True, True, False, False, False] and control.lowered == 2.0 and control.gave_up


def test_white_tokens_on_clipped_paper_are_refused_not_read_as_empty(scene: np.ndarray) -> None:
    assert "overexposed" in VISION_REASONS
    reader = BoardReader("lewthwaite")
    frame = develop(scene, 2.5)
    with pytest.raises(VisionError) as refused:
        reader.read(frame)
    assert refused.value.reason == "overexposed" and refused.value.details["clipped"] >= CLIPPED_SHARE
    assert reader.clipped is not None and reader.clipped > 0.9
    # Calibration cannot learn what the frame does not show either.
    with pytest.raises(VisionError) as refused:
        BoardReader("lewthwaite").calibrate(frame, START)
    assert refused.value.reason == "overexposed"
    # Two stops lower the white tokens show: every cell right, one-shot and calibrated.
    lower = develop(scene, 2.5 / 4)
    assert BoardReader("lewthwaite").read(lower).grid == START
    assert BoardReader("lewthwaite").calibrate(lower, START).grid == START


def test_clipped_paper_with_every_token_seen_reads_with_a_note(scene: np.ndarray) -> None:
    # Red and blue tokens: all of them are seen on white paper; the note says why the exposure
    # should still come down.
    style = CameraStyle(tilt_deg=0, noise=1.0, blur=0.0, jpeg_quality=95, light_gradient=0.1, shadows=0)
    linear = (render_photo("lewthwaite", START, random.Random(3), style).image.astype(np.float32) / 255) ** 2.2
    reading = BoardReader("lewthwaite").read(develop(linear, 2.5))
    assert reading.grid == START
    assert reading.clipped > 0.9 and any("exposure" in note for note in reading.notes)


def test_live_board_lowers_the_exposure_until_the_white_tokens_show(scene: np.ndarray) -> None:
    camera = ExposureCamera(scene, gain=2.5)
    live = LiveBoard("lewthwaite", lambda: camera, threaded=False, fps=30)
    live.advance(0)  # the first frame
    assert live.status.problem == "overexposed" and live.exposure.lowered == 1.0
    assert camera.requests == []  # passed on before the next frame is read
    live.advance(2.0)
    # 2.5 x exposure clips the paper; 1.25 x still does; 0.625 x does not: two steps, then quiet.
    assert camera.requests == [1.0, 1.0] and camera.lowered == 2.0 and not live.exposure.gave_up
    assert live.reader.clipped is not None and live.reader.clipped < CLIPPED_SHARE
    assert live.status.problem == "" and live.status.stable is not None and live.status.stable.grid == START
    assert live.calibrate().grid == START


def test_live_board_without_exposure_control_reads_on_but_will_not_calibrate(scene: np.ndarray) -> None:
    """No exposure to lower (a webcam without the control, the synthetic table): the frames are
    read as they are, so that the setup assistant sees the tokens being laid (refusing them
    stalled the physical game through the synthetic camera), but a start position whose white
    tokens cannot be told from the paper is never learnt."""
    camera = FixedCamera(scene, gain=2.5)
    live = LiveBoard("lewthwaite", lambda: camera, threaded=False, fps=30)
    live.advance(0)
    assert live.status.problem == "overexposed" and live.exposure.gave_up
    live.advance(1.0)
    assert live.status.problem == "" and live.status.stable is not None
    assert live.status.stable.grid == [row.replace("B", ".") for row in START]  # the white ones unseen
    with pytest.raises(VisionError) as refused:
        live.calibrate()
    assert refused.value.reason == "overexposed"


def test_link_passes_requests_on_from_the_reading_thread(scene: np.ndarray) -> None:
    camera = ExposureCamera(scene, gain=2.5, floor_stops=1.0)
    link = SourceLink(lambda: camera)
    assert not link.lower_exposure(1.0)  # not open yet: nothing to ask
    link.read()
    assert link.lower_exposure(1.0) and camera.requests == []  # applied before the next frame
    link.read()
    assert camera.requests == [1.0] and camera.lowered == 1.0 and not link.exposure_refused
    link.lower_exposure(1.0)
    link.read()
    assert link.exposure_refused and not link.lower_exposure(1.0)


def test_one_token_in_a_hand_on_clipped_paper_is_not_overexposure() -> None:
    # A player holds a token (23 on the board): as in any light, a reading, not a refusal.
    lifted = [START[0].replace("B", ".", 1), *START[1:]]
    style = CameraStyle(tilt_deg=0, noise=1.0, blur=0.0, jpeg_quality=95, light_gradient=0.1, shadows=0)
    linear = (render_photo("lewthwaite", lifted, random.Random(3), style).image.astype(np.float32) / 255) ** 2.2
    reading = BoardReader("lewthwaite").read(develop(linear, 2.5))
    assert reading.grid == lifted and reading.clipped > 0.9
