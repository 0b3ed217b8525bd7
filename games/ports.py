"""What the devices report, typed once where every side may import it: ``kiosk`` never imports
``hardware`` or ``vision`` and they never import ``kiosk``, so the records they exchange live in
the bottom layer (no pygame, cv2 or serial here).

* :class:`CameraProblem`: why a camera frame gave no reading (the reader's refusals, a hand over
  the table, no frame at all), shared by ``vision`` (which finds them), ``games.sync`` (which
  judges them) and ``kiosk`` (which words them);
* :class:`LedStatus`: the LED board's link, as the operator's screen and the chronicle show it;
* :class:`CameraReport`: one frame probed from a camera (``doctor`` and the operator's screen).

The kiosk's side of the devices (``LedPort``, ``CameraPort``, ``Devices``) is in
:mod:`kiosk.devices`; the physical table's (``TablePort``, ``LiveBoard``) in :mod:`games.physical`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.boards import Cell


class CameraProblem(StrEnum):
    """Why the latest camera frame gave no reading (``NONE``: it was read). A ``StrEnum``: each
    member is its own text, as records and ``--json`` write it."""

    #: The frame was read.
    NONE = ""
    #: No frame read yet.
    WAITING = "waiting"
    #: The picture moves (a hand passing): wait for it to settle.
    MOTION = "motion"
    #: Read, but some cells could not be made out (``unsure`` cells are listed beside it).
    UNSURE = "unsure"
    #: No frame comes from the camera (unplugged, reconnecting, ended).
    CAMERA = "camera"
    #: The frame is black (lens covered, light off).
    BLACK = "black"
    #: Too blurred to find the mat's markers.
    BLURRED = "blurred"
    #: The mat's markers are not found.
    NO_MARKERS = "no_markers"
    #: Another game's mat is in view.
    WRONG_GAME = "wrong_game"
    #: Part of the board is outside the picture.
    OUT_OF_VIEW = "out_of_view"
    #: Something (a hand) covers the board.
    COVERED = "covered"
    #: The paper is at the sensor's limit: nothing can be read on it.
    OVEREXPOSED = "overexposed"
    #: ``read-board`` only: a black-and-white photograph (the players' colours cannot be told).
    GREYSCALE = "greyscale"
    #: ``read-board`` only: the photograph shows another size of mat than ``--rows``/``--cols``.
    WRONG_SIZE = "wrong_size"


#: The reader's refusals of a frame (``VisionError.reason``, ``read-board``'s exit code 3).
VISION_REASONS = (CameraProblem.BLACK, CameraProblem.BLURRED, CameraProblem.NO_MARKERS, CameraProblem.WRONG_GAME,
                  CameraProblem.OUT_OF_VIEW, CameraProblem.COVERED, CameraProblem.OVEREXPOSED)


@dataclass(frozen=True)
class LedStatus:
    """The LED board's link: its ``port``, whether it is ``connected``, the frames sent and the
    last error (empty when none)."""

    port: str
    connected: bool
    frames_sent: int = 0
    last_error: str = ""


@dataclass(frozen=True)
class CameraReport:
    """One frame probed from a camera: its size, mean ``brightness`` (0..255), the ``markers``
    and ``mats`` in view, and, read as a mat, the stand's ``problem``, the ``advice`` keys
    (``vision.advice.*``) and the cells the reader ``doubted``."""

    camera: str
    width: int
    height: int
    brightness: float
    markers: tuple[int, ...] = ()
    mats: tuple[str, ...] = ()
    problem: str = ""
    advice: tuple[str, ...] = ()
    doubted: tuple[Cell, ...] = ()

    def as_dict(self) -> dict[str, object]:
        """A JSON-friendly copy (``doctor --json``)."""
        return {"camera": self.camera, "width": self.width, "height": self.height, "brightness": self.brightness,
                "markers": list(self.markers), "mats": list(self.mats), "problem": self.problem,
                "advice": list(self.advice), "doubted": [list(cell) for cell in self.doubted]}
