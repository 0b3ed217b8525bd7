"""The devices around the screen (the LED board, the camera), as the kiosk sees them: typed
ports, opened by whoever starts the program.

``kiosk`` never imports ``hardware`` or ``vision``: ``main.py`` registers an opener with
:func:`set_opener`, and :class:`kiosk.app.App` asks it for the :class:`Devices` of its options.
A device is known by its port (:class:`LedPort`, :class:`CameraPort`), a protocol that
``hardware.system.LedSystem`` and ``main.Camera`` implement, and so does every test's fake
(mypy checks ``tests/`` too). Tests register fakes the same way, or none (no devices at all).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from games.effects import Message, Subscriber
from games.physical import TablePort
from games.ports import CameraReport, LedStatus

if TYPE_CHECKING:
    import numpy as np

    from kiosk.options import AppOptions


class LedPort(Protocol):
    """The LED board (``hardware.system.LedSystem``): a bus subscriber, with its link's status
    for the operator's screen and the chronicle."""

    def __call__(self, message: Message) -> None:
        """Receive a bus message (only the board's lights matter)."""

    def led_status(self) -> LedStatus:
        """The link: port, connected, frames sent, last error."""
        ...

    def close(self) -> None:
        """Dark frame, then close the link."""


#: A point in camera-frame pixels, and a closed outline of such points.
Point = tuple[float, float]
Outline = list[Point]


class CalibrationSource(Protocol):
    """A camera watching a mat, as the calibration screen sees it (points are in camera-frame
    pixels; the screen scales them to its view)."""

    @property
    def game(self) -> str:
        """The key of the game whose mat it watches."""

    @property
    def pieces(self) -> str:
        """What the mat holds: ``tokens`` or ``tiles`` (the board description's ``pieces``)."""

    @property
    def token_codes(self) -> tuple[str, ...]:
        """The players' token codes, first player first (token mats)."""

    @property
    def synthetic(self) -> bool:
        """True for the synthetic camera: it can show a hand and play pretend moves."""

    @property
    def frame_size(self) -> tuple[int, int] | None:
        """(width, height) of the last camera frame (None before the first)."""

    @property
    def camera_state(self) -> str:
        """``running``, ``reconnecting``, ``ended`` or ``stopped``."""

    @property
    def problem(self) -> str:
        """What is wrong with the last frame (a ``vision.problem.*`` key's end; ``""``: nothing)."""

    @property
    def confidence(self) -> float | None:
        """The last reading's confidence, 0..1 (None without a reading)."""

    @property
    def stable_states(self) -> int:
        """How many stable board states were seen."""

    @property
    def calibrated(self) -> bool:
        """True once the colours were learnt from the start position."""

    @property
    def grid(self) -> Sequence[Sequence[str]] | None:
        """The last stable board state, rows of cell codes (None before the first)."""

    def start(self) -> None:
        """Start the camera."""

    def stop(self) -> None:
        """Stop the camera."""

    def poll(self) -> None:
        """Read and judge the newest frame."""

    def calibrate(self) -> str:
        """Learn the colours from the current frame: ``""``, or why it failed (a problem)."""

    def view(self, size: tuple[int, int]) -> np.ndarray | None:
        """The last frame scaled to ``size`` as RGB bytes (height x width x 3, uint8)."""

    def outlines(self) -> tuple[list[Outline], list[Outline]]:
        """The detected markers' quads and the grid blocks' outlines."""

    def cells(self) -> list[tuple[Point, str]]:
        """Each cell's centre and the last reading's code there, row by row."""

    def toggle_hand(self) -> None:
        """Synthetic camera: put a hand over the board, or take it away."""

    def random_move(self) -> None:
        """Synthetic camera: play a random legal move on the pretend board."""

    @property
    def lowering_exposure(self) -> bool:
        """The live board is lowering the camera's exposure itself (nothing to ask yet)."""

    @property
    def advice(self) -> list[str]:
        """What the operator should change at the stand: keys of ``vision.advice.*`` strings."""

    def doubted(self) -> tuple[list[Point], float]:
        """The centres (frame pixels) of the cells the reader doubted, to ring on the view, and
        the rings' radius (frame pixels)."""


class CameraPort(TablePort, Protocol):
    """The camera of ``--camera`` or the configuration (``main.Camera``): the physical-board
    mode's frames (:class:`games.physical.TablePort`: ``spec``, ``kind``, ``stepped``,
    ``feed``), the operator's status line (:meth:`probe`, :meth:`status`) and the calibration
    screen."""

    @property
    def can_calibrate(self) -> bool:
        """False for a record replayed as the camera (no frame to calibrate on)."""
        ...

    def probe(self) -> CameraReport:
        """Open the camera, read a frame, close it (``OSError`` when it cannot)."""
        ...

    def status(self) -> str:
        """One line on the camera: what :meth:`probe` found, or why it could not."""
        ...

    def calibration(self) -> CalibrationSource:
        """The camera watching the mat of the command line's game (else the first game with a
        mat), for the calibration screen (:class:`kiosk.calibration.CalibrationScene`)."""
        ...


@dataclass
class Devices:
    """What the app attaches: bus subscribers (the LED system), things to close at exit, and
    the ports of the screens that show a device (``leds``, ``camera``; None: not there)."""

    subscribers: list[Subscriber] = field(default_factory=list)
    closers: list[Callable[[], None]] = field(default_factory=list)
    leds: LedPort | None = None
    camera: CameraPort | None = None

    def close(self) -> None:
        """Close everything, last opened first (best effort: a device that fails to close must
        not keep the others open)."""
        while self.closers:
            with contextlib.suppress(Exception):
                self.closers.pop()()


Opener = Callable[["AppOptions"], Devices]
_opener: Opener | None = None


def set_opener(opener: Opener | None) -> None:
    """Register the function that opens the devices for an app's options (None: no devices)."""
    global _opener
    _opener = opener


def open_devices(options: AppOptions) -> Devices:
    """The devices for ``options`` (none when no opener is registered)."""
    return _opener(options) if _opener is not None else Devices()
