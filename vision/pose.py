"""Where the camera is, from the mat's homography: to look where a tall token's top really is.

A token of height ``h`` standing at sheet point ``p`` shows its top, once the frame is mapped
back onto the sheet, at ``p + (p - c) * h / (H - h)``, where ``c`` is the point of the sheet
right under the camera and ``H`` the camera's height. Both come from the homography of the
sheet: with square pixels and the principal point at the frame's centre, the homography fixes
the focal length (two constraints: the sheet's axes are orthogonal and equally long), and then
the camera's rotation and position. Seen straight from above the focal length is not
observable; a webcam's typical one (a 70 degree field) is used then, which only changes the
estimated height, and so the parallax, by the same few tens of percent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

#: A typical webcam: horizontal field of view about 70 degrees (focal = 0.71 x frame width).
DEFAULT_FOCAL_FRACTION = 0.71


@dataclass(frozen=True)
class CameraPose:
    """The camera in sheet millimetres: ``x``, ``y`` of the point under it, ``height`` above the
    sheet, and the focal length in pixels that was used."""

    x: float
    y: float
    height: float
    focal: float

    def top_shift(self, x: float, y: float, height: float) -> tuple[float, float]:
        """Where the top of a token of ``height`` mm standing at (x, y) appears, minus (x, y): mm."""
        k = height / max(self.height - height, 1.0)
        return ((x - self.x) * k, (y - self.y) * k)

    @property
    def tilt_deg(self) -> float:
        """Not the optical axis' tilt, but how far off vertical the camera is seen from the
        sheet's origin: kept for reports only."""
        return math.degrees(math.atan2(math.hypot(self.x, self.y), self.height))


def _focal(a: np.ndarray) -> float | None:
    """The focal length (px) that makes the sheet's axes orthogonal and of equal length."""
    a1, a2 = a[:, 0], a[:, 1]
    p = np.array([a1[0] * a2[0] + a1[1] * a2[1], a1[0] ** 2 + a1[1] ** 2 - a2[0] ** 2 - a2[1] ** 2])
    q = np.array([a1[2] * a2[2], a1[2] ** 2 - a2[2] ** 2])
    denominator = float(p @ p)
    if denominator <= 0:
        return None
    u = -float(p @ q) / denominator  # 1 / f^2
    if u <= 0:
        return None
    return 1 / math.sqrt(u)


def camera_pose(homography: np.ndarray, frame_size: tuple[int, int]) -> CameraPose:
    """The camera's position over the sheet from the sheet-mm -> pixel homography.

    The focal length comes from the homography when it is well determined (a tilted view) and
    lies in a plausible range (fields of view of 40-110 degrees); otherwise a webcam's usual one.
    """
    w, h = frame_size
    shift = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]], np.float64)
    a = shift @ np.asarray(homography, np.float64)
    a = a / np.linalg.norm(a[:, 0])
    focal = _focal(a)
    if focal is None or not 0.35 * w <= focal <= 1.4 * w:
        focal = DEFAULT_FOCAL_FRACTION * w
    m = np.diag([1 / focal, 1 / focal, 1.0]) @ a
    scale = 2 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    r1, r2, t = m[:, 0] * scale, m[:, 1] * scale, m[:, 2] * scale
    if t[2] < 0:  # the sheet must be in front of the camera
        r1, r2, t = -r1, -r2, -t
    r3 = np.cross(r1, r2)
    rotation = np.column_stack([r1, r2, r3])
    centre = -rotation.T @ t
    return CameraPose(float(centre[0]), float(centre[1]), float(abs(centre[2])), float(focal))
