"""An arm resting on the sheet's margin over a corner marker (issue 39): the mat is placed from
the markers still seen and the last good fix, as long as those markers have not moved."""

from __future__ import annotations

import random

import cv2
import numpy as np
import pytest

from vision.capture import start_grid
from vision.reader import BoardReader, VisionError
from vision.synthetic import CameraStyle, render_photo

START = ["".join(row).upper() for row in start_grid("lewthwaite")]


def _photo() -> np.ndarray:
    style = CameraStyle(tilt_deg=18.0, yaw_deg=10.0, fill=0.8, noise=1.5, blur=0.3)
    return render_photo("lewthwaite", START, random.Random("arm-1"), style).image


def _cover(image: np.ndarray, quads: list[np.ndarray], share: float) -> np.ndarray:
    """Skin-coloured fingers over the outer ``share`` of each marker (its corner away from the
    grid's centre), and on beyond it."""
    out = image.copy()
    middle = np.array(out.shape[1::-1], np.float32) / 2
    for quad in quads:
        centre = quad.mean(axis=0)
        outward = (centre - middle) / np.linalg.norm(centre - middle)
        size = float(np.linalg.norm(quad[0] - quad[2]))
        tip = centre + outward * size * (0.5 - share)
        end = centre + outward * size * 3
        cv2.line(out, tuple(int(v) for v in tip), tuple(int(v) for v in end), (120, 150, 200), int(size * 0.8))
    return out


def test_the_last_fix_stands_while_the_markers_seen_stay_put() -> None:
    image = _photo()
    reader = BoardReader("lewthwaite")
    assert reader.read(image).grid == START
    fix = reader.fix
    assert fix is not None and len(fix.marker_corners) == 4
    quads = [fix.marker_corners[m] for m in (1, 2)]
    covered = _cover(image, quads, 0.8)  # two markers hidden: two left, not enough on their own
    with pytest.raises(VisionError) as caught:
        BoardReader("lewthwaite").read(covered)
    assert caught.value.reason == "no_markers"
    reader.forget()  # the arm's coming was motion: the reader forgot its fix
    assert reader.read(covered).grid == START
    assert reader.fix is fix  # the fix from all four markers, not one from fewer
    # Still: no new detection while the arm rests.
    before = reader.redetections
    assert reader.read(covered).grid == START and reader.redetections == before


def test_a_knocked_camera_is_not_taken_for_the_last_fix() -> None:
    image = _photo()
    reader = BoardReader("lewthwaite")
    reader.read(image)
    fix = reader.fix
    assert fix is not None
    covered = _cover(image, [fix.marker_corners[m] for m in (1, 2)], 0.8)
    knocked = np.roll(covered, (6, 9), axis=(0, 1))  # the markers seen moved by 11 pixels
    reader.forget()
    with pytest.raises(VisionError) as caught:
        reader.read(knocked)
    assert caught.value.reason == "no_markers"


def _finger(image: np.ndarray, homography: np.ndarray, x_mm: float, y0_mm: float, y1_mm: float) -> np.ndarray:
    """A skin-coloured finger 12 mm wide from ``y0_mm`` to ``y1_mm`` at ``x_mm`` (sheet mm)."""
    quad = np.array([[x_mm - 6, y0_mm], [x_mm + 6, y0_mm], [x_mm + 6, y1_mm], [x_mm - 6, y1_mm]], np.float32)
    pixels = cv2.perspectiveTransform(quad[None], homography)[0]
    out = image.copy()
    cv2.fillPoly(out, [np.round(pixels).astype(np.int32)], (120, 150, 200), cv2.LINE_AA)
    return out


def test_fingers_on_the_margin_leave_the_border_cells_readable_live() -> None:
    """Calibrated, a finger resting on the margin over the ring of paper outside a border cell,
    10 mm off the grid, hides no cell: the cells are read. A finger reaching into the cell from
    outside crosses the inner ring too: covered, as before."""
    image = _photo()
    reader = BoardReader("lewthwaite")
    reader.calibrate(image, START)
    assert reader.read(image).grid == START
    assert reader.fix is not None
    homography = reader.fix.homography
    bottom = reader.mat.blocks[0][1] + reader.mat.blocks[0][3]
    x = reader.mat.center(4, 2)[0]
    resting = _finger(image, homography, x, bottom + 10.0, bottom + 45.0)
    assert reader.read(resting).grid == START
    reaching = _finger(image, homography, x, bottom - 4.0, bottom + 45.0)
    with pytest.raises(VisionError) as caught:
        reader.read(reaching)
    assert caught.value.reason == "covered" and [4, 2] in caught.value.details["cells"]
