"""What is not motion: a camera's new exposure (the whole picture darker at once) and a single
still photo (``calibrate --camera FOLDER`` of one image); a hand is motion even while a new
exposure settles. The status line said "Ça bouge…" for one frame in each of the first two."""

from __future__ import annotations

import random
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.test_vision_glare import START, StandCamera, _glare_style
from vision.calibration import LiveCalibration
from vision.capture import LiveBoard, StableBoard
from vision.reader import BoardReader
from vision.synthetic import render_photo

HELDOUT2 = Path(__file__).resolve().parents[1] / "bench" / "photoreal" / "set-heldout2"


def test_a_new_exposure_is_not_motion() -> None:
    camera = StandCamera()
    live = LiveBoard("lewthwaite", lambda: camera, threaded=False, fps=30)
    seen = []
    for k in range(30):
        live.advance(k / 30)
        seen.append((camera.lowered, live.board.problem))
    assert camera.lowered >= 2.0  # two exposure changes were made
    assert [problem for _, problem in seen if problem == "motion"] == []
    assert live.board.accepted is not None and live.board.accepted.grid == START


@pytest.mark.parametrize("name, frames, settling, moved", [
    ("exposure lowered one stop", ("cap_up-0701-start.jpg", "cap_up-0701-start-exp-1.jpg"), True, False),
    ("two stops, tall caps", ("cap_down-0700-start.jpg", "cap_down-0700-start-exp-2.jpg"), True, False),
    ("the same, not told", ("cap_up-0701-start.jpg", "cap_up-0701-start-exp-1.jpg"), False, True),
    ("a hand while it settles", ("cap_down-0700-play.jpg", "cap_down-0700-hand.jpg"), True, True),
    ("a hand, ivory draughts", ("draught-0701-play.jpg", "draught-0701-hand.jpg"), True, True),
])
def test_photoreal_exposure_change_and_hand(name: str, frames: tuple[str, str], settling: bool, moved: bool) -> None:
    board = StableBoard(BoardReader("lewthwaite"))
    before, after = cv2.imread(str(HELDOUT2 / frames[0])), cv2.imread(str(HELDOUT2 / frames[1]))
    assert before is not None and after is not None
    board.feed(before)
    board.exposure_settling = settling
    board.feed(after)
    assert (board.problem == "motion") == moved, name


def test_a_single_still_photo_is_not_motion(tmp_path: Path) -> None:
    photo = render_photo("lewthwaite", START, random.Random("still"), _glare_style(0.8)).image
    cv2.imwrite(str(tmp_path / "photo.png"), photo)
    source = LiveCalibration("lewthwaite", str(tmp_path), threaded=False)
    source.poll()
    assert source.live.frame is not None and np.array_equal(source.live.frame.shape, photo.shape)
    assert source.live.board.problem == ""
    # The same photo again (a still camera): still no motion.
    board = StableBoard(BoardReader("lewthwaite"))
    assert [board.feed(photo) is None or board.problem for _ in range(3)] == [True, True, True]
    assert board.problem == ""
