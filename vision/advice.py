"""What the operator should change at the stand, in words they can act on.

The reader records what it saw of the stand in its last frame (:class:`vision.reader.Seen`):
the camera's tilt from the pose, the cells' size, a lamp's hard shadows or its hot spot washing
the markers out, the cells whose paper the pieces themselves hid (forgiven) and the cells still
covered. :func:`advise` turns that and the frame's problem into advice keys, each a sentence
on the calibration screen and in ``doctor`` (``vision.advice.<key>`` in
:mod:`kiosk.calibration_strings`), and :func:`doubted` into the cells to ring on the picture of
what the reader saw.
"""

from __future__ import annotations

from games.ports import CameraProblem
from vision.exposure import is_clipped
from vision.reader import Seen

#: The guide's limits (``docs/physical.md``): tilted at most 25 degrees (the pose from the
#: markers is a few degrees off, so a little more is let pass), cells of 20 pixels at least.
MAX_TILT_DEG = 27.0
MIN_CELL_PIXELS = 20.0
#: Every piece of advice, most useful first (a frame covered in a lamp's deep shadow gets both
#: "hand" and "lamp": the reader cannot tell a dark sleeve from such a shadow).
ADVICE = ("hand", "tilt", "lamp", "exposure", "closer")


def advise(seen: Seen, problem: str, clipped: float | None = None) -> list[str]:
    """The advice keys for a frame: ``problem`` is the reader's (``""`` when it read the board,
    a :data:`vision.reader.VISION_REASONS` value otherwise), ``clipped`` the paper's share at
    the sensor's limit."""
    keys = []
    tilted = seen.tilt_deg is not None and seen.tilt_deg > MAX_TILT_DEG
    if problem == CameraProblem.COVERED:
        keys.append("hand")
    if tilted or (problem == CameraProblem.COVERED and seen.forgiven and not seen.shade):
        keys.append("tilt")
    if seen.shade or seen.glare:
        keys.append("lamp")
    if problem == CameraProblem.OVEREXPOSED or is_clipped(clipped):
        keys.append("exposure")
    if seen.cell_pixels is not None and seen.cell_pixels < MIN_CELL_PIXELS:
        keys.append("closer")
    return keys


def doubted(seen: Seen) -> list[tuple[int, int]]:
    """The cells the reader doubted: still covered, or read only once what hid their paper was
    forgiven (a tall piece's side, a shadow)."""
    return sorted(set(seen.covered) | set(seen.forgiven))
