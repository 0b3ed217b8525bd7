"""Exposure: paper clipped at the sensor's ceiling hides white tokens; ask the camera for less light.

A webcam's auto-exposure sets the frame's overall brightness, and when the mat fills only part
of the view (a dark table around it) or a desk lamp lights it, the paper comes out at pure
white. A white go stone or an ivory draught on it is then pure white too: no shade, no outline,
nothing any reader can see. A stand does what a photographer does: it locks the exposure lower.

- :func:`clipped_share` measures how much of the paper (the grid's vertices and the ring of
  paper around the grid, :func:`vision.reader.measure_paper`) sits at the sensor's ceiling.
- :class:`ExposureControl` is the live pipeline's loop: while the paper is clipped it asks the
  camera, one step at a time, for less exposure (:meth:`vision.sources.OpenCVCamera.lower_exposure`:
  OpenCV's ``CAP_PROP_AUTO_EXPOSURE`` to manual, then ``CAP_PROP_EXPOSURE`` lower), lets the
  camera settle for a few frames, and gives up when the camera cannot go lower or refuses.
- The reader refuses a frame whose paper is clipped when tokens are missing from it, with the
  reason ``overexposed`` (``read-board`` exit 3, "papier trop blanc : baisse l'exposition" on
  the calibration screen), instead of reading white tokens as empty squares.
- A lamp's hot spot can wash out the mat's markers themselves (their black ink at the ceiling
  too): :func:`washed_share` measures a missing marker's place, and the reader refuses such a
  frame as ``overexposed`` rather than ``no_markers``, so the same loop lowers the exposure.
  With every marker gone, :func:`washed_sheet` finds the sheet itself, a four-sided patch at the
  ceiling.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

#: A paper sample is at the sensor's ceiling when its brightest channel is at least this (JPEG
#: and noise keep pure white a level or two below 255).
CLIP_LEVEL = 250
#: The paper is clipped ("too white") when at least this share of its samples is at the ceiling
#: (a lamp's hot spot on a corner of the mat is not enough; paper under a normal exposure has none).
CLIPPED_SHARE = 0.3
#: A missing marker is washed out when more than this share of its place is at the ceiling: a
#: 4x4 ArUco marker is at most a third white modules (markers 0-15: 17-33 %), so more than half
#: of it clipped means its black ink is clipped too (a hand or a shadow over it is never at the
#: ceiling; a bright room around the mat is not where the marker is).
WASHED_SHARE = 0.5
#: A sheet washed out whole (every marker gone, nothing to place them from) shows as one solid
#: four-sided patch at the ceiling inside the picture, at least this share of it (a 5x5 grid of
#: 20-pixel cells on its sheet is ~2 % of a 1280x720 frame).
WASHED_SHEET_SHARE = 0.02


def clipped_share(samples: np.ndarray) -> float:
    """The share of paper samples (N x 3, 0..255) whose brightest channel is at the ceiling."""
    if len(samples) == 0:
        return 0.0
    return float((np.asarray(samples).max(axis=1) >= CLIP_LEVEL).mean())


def washed_share(frame: np.ndarray, quad: np.ndarray) -> float | None:
    """The share of the pixels inside ``quad`` (4 x 2 frame pixels: where a marker should be)
    whose brightest channel is at the ceiling; None when less than half of it is in the frame."""
    h, w = frame.shape[:2]
    x0, y0 = np.clip(np.floor(quad.min(axis=0)).astype(int), 0, (w, h))
    x1, y1 = np.clip(np.ceil(quad.max(axis=0)).astype(int) + 1, 0, (w, h))
    if x1 <= x0 or y1 <= y0:
        return None
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad - (x0, y0)).astype(np.int32), 1)
    area = abs(cv2.contourArea(quad.astype(np.float32)))
    inside = mask.astype(bool)
    if area <= 0 or inside.sum() < area / 2:
        return None
    patch = frame[y0:y1, x0:x1]
    brightest = patch.max(axis=2) if patch.ndim == 3 else patch
    return float((brightest[inside] >= CLIP_LEVEL).mean())


def washed_sheet(frame: np.ndarray) -> float | None:
    """The share of the frame covered by a sheet of paper washed out whole: the largest patch at
    the ceiling that lies inside the picture (a window or a lit wall runs off its edge), is solid
    and has four sides (a lamp's bulb is round); None when there is none of
    :data:`WASHED_SHEET_SHARE` or more."""
    brightest = frame.max(axis=2) if frame.ndim == 3 else frame
    mask = (brightest >= CLIP_LEVEL).astype(np.uint8)
    h, w = mask.shape
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    best: float | None = None
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < WASHED_SHEET_SHARE * h * w:
            continue
        x, y, cw, ch = cv2.boundingRect(contour)
        if x <= 0 or y <= 0 or x + cw >= w or y + ch >= h:
            continue
        hull = cv2.contourArea(cv2.convexHull(contour))
        corners = cv2.approxPolyDP(contour, 0.04 * cv2.arcLength(contour, True), True)
        if hull > 0 and area / hull >= 0.9 and len(corners) == 4:
            best = max(best or 0.0, area / (h * w))
    return best


def relit_change(previous: np.ndarray, thumb: np.ndarray) -> float:
    """The mean change between two grey thumbnails once a change of exposure is undone: each
    level of ``previous`` (in bins of 8) is mapped to the median of what it became (a camera's
    tone curve is not a plain gain), the pixels at the ceiling in either left out. What is left
    is what moved (a hand: 7 or more on the photoreal hand frames; a new exposure alone: 2-3.5)."""
    lit = (previous < CLIP_LEVEL) & (thumb < CLIP_LEVEL)
    if lit.mean() < 0.25:  # too little left to compare: say it moved
        return float("inf")
    before, after = previous[lit], thumb[lit]
    bins = np.minimum(before.astype(np.int32) // 8, 31)
    mapped = np.empty_like(after)
    for level in np.unique(bins):
        chosen = bins == level
        mapped[chosen] = np.median(after[chosen])
    return float(np.abs(after - mapped).mean())


def is_clipped(share: float | None) -> bool:
    """True when a clipped share (from :func:`clipped_share`) means the paper is too white."""
    return share is not None and share >= CLIPPED_SHARE


@dataclass
class ExposureControl:
    """Lowers a camera's exposure, a step at a time, while the mat's paper is clipped.

    Call :meth:`update` once per frame with the frame's clipped share (None when the mat was
    not found) and a function asking the camera for ``stops`` less exposure (it returns False
    when the camera has no such control). After each request it waits ``settle_frames``
    frames (a webcam applies a new exposure a frame or two later); it never asks for more
    than ``max_stops`` in all, and stops asking once the camera refused (:attr:`gave_up`).
    """

    step_stops: float = 1.0
    max_stops: float = 4.0
    settle_frames: int = 4
    #: Stops asked so far (and taken by the camera, as far as it said).
    lowered: float = 0.0
    #: The camera cannot go lower or has no exposure control: the paper stays as it is.
    gave_up: bool = False
    _wait: int = 0

    def update(self, share: float | None, lower: Callable[[float], bool]) -> bool:
        """Judge one frame; True when the camera was just asked for less exposure."""
        if self._wait > 0:
            self._wait -= 1
            return False
        if self.gave_up or not is_clipped(share):
            return False
        if self.lowered + self.step_stops > self.max_stops + 1e-9 or not lower(self.step_stops):
            self.gave_up = True
            return False
        self.lowered += self.step_stops
        self._wait = self.settle_frames
        return True

    def refused(self) -> None:
        """The camera did not take the last request (reported by the capture link)."""
        self.gave_up = True

    @property
    def adjusting(self) -> bool:
        """True while a request is still settling."""
        return self._wait > 0
