"""Live use: a capture thread that survives an unplugged camera, and a gate that only lets stable
readings through.

- :class:`CaptureThread` keeps the newest frame of a :class:`FrameSource`. When the source fails
  (cable pulled, driver hiccup) it closes it, waits and opens it again, for as long as it runs;
  its ``status`` says what is going on, so the kiosk can show it.
- :class:`StableBoard` turns frames into trusted readings: a motion gate (a hand over the board,
  a token being slid) resets it, a reading must come back identical on ``stable_frames``
  consecutive still frames, and only then is it handed on, once, with its confidence. Frames in
  which something covers the paper around the cells never count.
- :class:`LiveBoard` is the one entry point of the physical-board mode: camera in, stable
  readings out, with a status that names what is wrong (the same reasons as ``read-board``'s
  exit code 3). It runs on the wall clock (a capture thread) or is stepped by game time
  (:meth:`LiveBoard.advance`), which replays a video or a folder of frames exactly.

The frame sources themselves (webcam, video, folder, synthetic camera) are in :mod:`vision.sources`.
"""

from __future__ import annotations

import contextlib
import logging
import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from games.boards import BoardDescription, Grid, grid_from_rows
from games.ports import VISION_REASONS, CameraProblem
from vision.exposure import ExposureControl, is_clipped, relit_change
from vision.mats import profile
from vision.reader import BoardReader, Reading, VisionError
from vision.sources import FrameSource, OpenCVCamera, SyntheticCamera

__all__ = ["CaptureThread", "FrameSource", "LiveBoard", "LiveStatus", "OpenCVCamera", "StableBoard",
           "StableReading", "SyntheticCamera", "start_grid", "PROBLEMS", "CAMERA_STATES"]

log = logging.getLogger("vision.camera")


#: What a camera link can be doing (``LiveStatus.camera``).
CAMERA_STATES = ("stopped", "running", "reconnecting", "ended")


@dataclass
class CaptureStatus:
    """What the camera link is doing: ``running``, ``reconnecting``, ``ended`` (a recording is
    over) or ``stopped``; how many frames it gave and how often it was reopened."""

    state: str = "stopped"
    frames: int = 0
    reconnects: int = 0
    last_error: str = ""


class SourceLink:
    """One frame source, opened on demand and reopened after a failure, with one log line when
    it goes and one when it comes back (never one per retry)."""

    def __init__(self, open_source: Callable[[], FrameSource]) -> None:
        self._open = open_source
        self.source: FrameSource | None = None
        self.status = CaptureStatus()
        self._lost = False
        #: Stops of exposure asked for and not yet passed on (applied by the reading thread,
        #: before its next frame: the device is only touched from one thread).
        self._exposure_request = 0.0
        #: The camera refused a request (or has no exposure control).
        self.exposure_refused = False

    def lower_exposure(self, stops: float) -> bool:
        """Ask the source for ``stops`` less exposure before its next frame; False when it has no
        exposure control (a recording, a folder of images) or refused an earlier request."""
        # probe: only a webcam's source can lower its exposure
        if self.exposure_refused or self.source is None or not hasattr(self.source, "lower_exposure"):
            return False
        self._exposure_request += stops
        return True

    def _apply_exposure(self) -> None:
        stops, self._exposure_request = self._exposure_request, 0.0
        if stops and self.source is not None:
            try:
                taken = bool(self.source.lower_exposure(stops))  # type: ignore[attr-defined]
            except (OSError, RuntimeError, cv2.error, AttributeError):
                taken = False
            if not taken:
                self.exposure_refused = True
                log.info("camera: cannot lower the exposure any more (the paper stays too white)")

    def read(self) -> np.ndarray | None:
        """The next frame, or None (source missing, failed or ended: see ``status.state``)."""
        if self.status.state == "ended":
            return None
        if self.source is None:
            try:
                self.source = self._open()
            except (OSError, RuntimeError, cv2.error) as exc:
                self._went(str(exc))
                return None
        self._apply_exposure()
        try:
            frame = self.source.read()
        except (OSError, RuntimeError, cv2.error) as exc:
            frame = None
            self.status.last_error = str(exc)
        if frame is None:
            # probe: a video or a folder ends, a webcam does not
            ended = bool(getattr(self.source, "ended", False))
            self.close()
            if ended:
                self.status.state = "ended"
                log.info("camera: the recording is over after %d frames", self.status.frames)
            else:
                self.status.reconnects += 1
                self._went(self.status.last_error or "no frame")
            return None
        if self._lost:
            log.warning("camera: back after %d attempts", self.status.reconnects)
            self._lost = False
        self.status.state = "running"
        self.status.frames += 1
        return frame

    def _went(self, why: str) -> None:
        self.status.state = "reconnecting"
        self.status.last_error = why
        if not self._lost:
            log.warning("camera: lost (%s); trying again quietly until it is back", why)
            self._lost = True

    def close(self) -> None:
        """Release the source (it is opened again by the next :meth:`read`)."""
        if self.source is not None:
            with contextlib.suppress(OSError, RuntimeError, cv2.error):
                self.source.close()
            self.source = None


class CaptureThread:
    """Reads frames in the background; reopens the source when it fails.

    ``open_source`` builds a fresh :class:`FrameSource` (it may raise ``OSError`` while the camera
    is unplugged). :meth:`latest` returns the newest frame and its number.
    """

    def __init__(self, open_source: Callable[[], FrameSource], retry_seconds: float = 1.0) -> None:
        self.link = SourceLink(open_source)
        self.retry_seconds = retry_seconds
        self._lock = threading.Lock()
        self._frame: np.ndarray | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def status(self) -> CaptureStatus:
        """The link's status."""
        return self.link.status

    def start(self) -> CaptureThread:
        """Start reading (returns self)."""
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Stop reading and release the source."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
        self.status.state = "stopped"

    def latest(self) -> tuple[np.ndarray | None, int]:
        """The newest frame (None before the first) and how many frames were read so far."""
        with self._lock:
            return self._frame, self.status.frames

    def _run(self) -> None:
        while not self._stop.is_set():
            frame = self.link.read()
            if frame is None:
                if self.status.state == "ended":
                    break
                self._stop.wait(self.retry_seconds)
                continue
            with self._lock:
                self._frame = frame
            # probe: a video or a folder has a frame rate of its own
            fps = getattr(self.link.source, "fps", None)
            if fps and not isinstance(self.link.source, SyntheticCamera):
                # A recording plays at its own pace, not as fast as it decodes.
                self._stop.wait(1 / fps)
        self.link.close()


@dataclass
class StableReading:
    """A reading the physical-board mode can trust.

    ``grid``: rows of cell codes as ``read-board`` gives them (``R``/``B``/``.``, or tiles such as
    ``Z3``); ``confidence``: the median over the stable frames of the reading's confidence (its
    least sure cell, 0..1); ``frame_index``: the camera frame (0-based) in which it became
    stable; ``extras``: for a tile mat with spots, what lies on the hand spot and the reserve slots.
    """

    grid: list[str] | list[list[str]]
    confidence: float
    frame_index: int
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def board_grid(self) -> Grid:
        """The grid as a board description's :data:`~games.boards.Grid`, for ``grid_diff``."""
        return grid_from_rows(self.grid)


def motion(previous: np.ndarray | None, frame: np.ndarray) -> tuple[float, np.ndarray]:
    """(mean absolute change of a small grey thumbnail since ``previous``, this thumbnail). The
    first frame has nothing to compare with: no change (a single still photo is not motion)."""
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    thumb = cv2.resize(grey, (160, 90), interpolation=cv2.INTER_AREA).astype(np.float32)
    if previous is None:
        return 0.0, thumb
    if previous.shape != thumb.shape:
        return float("inf"), thumb
    return float(np.abs(thumb - previous).mean()), thumb


class StableBoard:
    """Frames in, trusted board states out.

    ``feed(frame)`` returns a :class:`StableReading` when a new state has been seen, identical and
    uncovered, on ``stable_frames`` consecutive frames without motion; otherwise None. The last
    frame's problem (if any) is in ``problem``: one of :data:`PROBLEMS`.
    """

    def __init__(
        self,
        reader: BoardReader,
        stable_frames: int = 5,
        motion_threshold: float = 2.5,
        min_confidence: float = 0.05,
    ) -> None:
        self.reader = reader
        self.stable_frames = stable_frames
        self.motion_threshold = motion_threshold
        self.min_confidence = min_confidence
        self._thumb: np.ndarray | None = None
        self._candidate: tuple[Any, Any] | None = None
        self._count = 0
        self._confidences: list[float] = []
        self.accepted: StableReading | None = None
        self.last_reading: Reading | None = None
        self.problem: CameraProblem = CameraProblem.WAITING
        self.frames = 0
        #: Set while a new exposure settles (:class:`LiveBoard`): a change of the whole picture's
        #: brightness is then the camera's, not motion (:func:`vision.exposure.relit_change`).
        self.exposure_settling = False

    def margins(self) -> list[list[float]] | None:
        """Per cell, how sure the last reading was (0..1), None without one."""
        reading = self.last_reading
        return None if reading is None else [[float(v) for v in row] for row in reading.cell_confidence]

    def report_afresh(self) -> None:
        """Report the next stable state even if it is the last one reported (the board was lost)."""
        self.accepted = None

    def reset(self) -> None:
        """Forget the candidate (motion, a problem, or a new game)."""
        self._candidate = None
        self._count = 0
        self._confidences = []

    def feed(self, frame: np.ndarray, index: int | None = None) -> StableReading | None:
        """Offer one frame (camera frame ``index``, 0-based); a new trusted state comes back when
        there is one. Frames in motion, covered (a hand), unreadable or unsure never count."""
        index = self.frames if index is None else index
        self.frames += 1
        previous = self._thumb
        change, self._thumb = motion(previous, frame)
        if change > self.motion_threshold and self.exposure_settling and previous is not None \
                and previous.shape == self._thumb.shape:
            # A new exposure: judge what is left once the brightness change is undone, at twice
            # the bar (a new exposure alone leaves 2-3.5 there, a hand 7 or more).
            change = relit_change(previous, self._thumb) / 2
        if change > self.motion_threshold:
            self.problem = CameraProblem.MOTION
            self.reset()
            # Something moved: the markers may have moved too.
            if change > self.motion_threshold * 4:
                self.reader.forget()
            return None
        try:
            reading = self.reader.read(frame)
        except VisionError as exc:
            self.problem = exc.reason
            self.last_reading = None
            self.reset()
            return None
        self.last_reading = reading
        if reading.confidence < self.min_confidence:
            self.problem = CameraProblem.UNSURE
            self.reset()
            return None
        self.problem = CameraProblem.NONE
        key = (reading.grid, reading.extras)
        if key != self._candidate:
            self._candidate = key
            self._count = 1
            self._confidences = [reading.confidence]
        else:
            self._count += 1
            self._confidences.append(reading.confidence)
        if self._count >= self.stable_frames and (
            self.accepted is None or (self.accepted.grid, self.accepted.extras) != key
        ):
            self.accepted = StableReading(
                reading.grid, float(np.median(self._confidences)), index, dict(reading.extras)
            )
            return self.accepted
        return None


#: Why the live board has no fresh reading: ``read-board``'s exit-3 reasons (black, blurred,
#: no_markers, wrong_game, out_of_view, covered) and the live ones: motion (something moves),
#: unsure (a reading too unsure to count), waiting (no frame yet). "" means a good reading.
PROBLEMS = (CameraProblem.NONE, CameraProblem.WAITING, CameraProblem.MOTION, CameraProblem.UNSURE, *VISION_REASONS)


def start_grid(
    board: BoardDescription | str, rows: int | None = None, cols: int | None = None
) -> list[str] | list[list[str]]:
    """The known start position the live reader calibrates on (a tile mat starts empty)."""
    return profile(board, rows, cols).start_grid()


@dataclass
class LiveStatus:
    """What the live board is doing, for a status line: the camera (:data:`CAMERA_STATES`), the
    problem of the last frame (:data:`PROBLEMS`), the last camera frame index read, whether the
    colours were calibrated, and the last stable reading."""

    camera: str
    problem: CameraProblem
    frame_index: int
    calibrated: bool
    stable: StableReading | None


class LiveBoard:
    """What the physical-board mode talks to: camera in, stable readings with a confidence out.

    Two ways to run it:

    - **wall clock** (``threaded=True``, the kiosk): a capture thread reads the camera;
      :meth:`poll` processes the newest frame (at most once) and returns a :class:`StableReading`
      when a new stable state appears.
    - **game time** (``threaded=False``, headless runs and tests): :meth:`advance` reads every
      frame due by a game time, one per ``1 / fps`` seconds, and returns the stable readings
      they produced, in order: a folder of frames or a video replays exactly.

    :meth:`calibrate` learns the colours (and the paper around the cells) from the current
    frame, which must show the start position. :attr:`status` says what is going on.
    """

    def __init__(
        self,
        board: BoardDescription | str,
        open_source: Callable[[], FrameSource],
        threaded: bool = True,
        stable_frames: int = 5,
        fps: float = 30.0,
        retry_seconds: float = 1.0,
        colours: tuple[str, str] | None = None,
    ) -> None:
        self.reader = BoardReader(board, colours=colours)
        self.board_description = self.reader.board
        self.game = self.reader.game
        self.board = StableBoard(self.reader, stable_frames=stable_frames)
        #: Readings less sure than this are ``unsure`` once calibrated (none before: see _feed).
        self.min_confidence = self.board.min_confidence
        self.threaded = threaded
        self.fps = fps
        self.retry_seconds = retry_seconds
        self.capture = CaptureThread(open_source, retry_seconds) if threaded else None
        self.link = self.capture.link if self.capture is not None else SourceLink(open_source)
        self._seen = 0
        self._next_index = 0  # game-time mode: the next camera frame to read
        self._retry_at = 0.0
        self.frame: np.ndarray | None = None
        self.frame_index = -1
        self.accepted_count = 0
        #: Lowers the camera's exposure while the mat's paper is clipped at white.
        self.exposure = ExposureControl()

    @property
    def calibrated(self) -> bool:
        """True once :meth:`calibrate` succeeded."""
        return self.reader.paper_reference is not None

    @property
    def camera_state(self) -> str:
        """``running``, ``reconnecting``, ``ended`` or ``stopped``."""
        return self.link.status.state

    @property
    def paper_bright(self) -> bool:
        """True when the last frame was read although much of its paper is at the sensor's limit
        (every token it shows is strongly coloured): the status line says so."""
        return self.board.problem == CameraProblem.NONE and is_clipped(self.reader.clipped)

    @property
    def lowering_exposure(self) -> bool:
        """True while the live board is lowering the camera's exposure on a picture too bright
        (the paper clipped, or a lamp's hot spot washing markers out) and the camera still takes
        it: the status line says the board is on it, rather than asking the operator."""
        washed = self.board.problem == CameraProblem.OVEREXPOSED
        return not self.exposure.gave_up and (self.exposure.adjusting or washed)

    @property
    def status(self) -> LiveStatus:
        """The camera state, the last frame's problem, and the last stable reading."""
        return LiveStatus(self.camera_state, self.board.problem, self.frame_index, self.calibrated, self.board.accepted)

    def start(self) -> LiveBoard:
        """Start the camera (returns self)."""
        if self.capture is not None:
            self.capture.start()
        return self

    def stop(self) -> None:
        """Stop the camera."""
        if self.capture is not None:
            self.capture.stop()
        self.link.close()
        self.link.status.state = "stopped" if self.link.status.state != "ended" else "ended"

    def _feed(self, frame: np.ndarray, index: int) -> StableReading | None:
        self.frame = frame
        self.frame_index = index
        # Before calibration a stable reading only serves the setup assistant, which waits for
        # exactly the start position (5 identical readings): a few faint cells read right but
        # unsure (ivory draughts, white stones, one-shot) must not keep the game from starting.
        self.board.min_confidence = self.min_confidence if self.calibrated else 0.0
        self.board.exposure_settling = self.exposure.adjusting
        result = self.board.feed(frame, index)
        if result is not None:
            self.accepted_count += 1
        self._control_exposure()
        return result

    def _control_exposure(self) -> None:
        """Paper clipped at white, or markers washed out by a lamp's hot spot (the reader's
        ``clipped`` is then the share at their places): ask the camera for less light. Before
        calibration always (the stand is being set up); after it only when the frame is refused
        as ``overexposed``, and then the calibration, learnt on that light, is dropped."""
        if self.link.exposure_refused:
            self.exposure.refused()
        judge = not self.calibrated or self.board.problem == CameraProblem.OVEREXPOSED
        if judge and self.exposure.update(self.reader.clipped, self.link.lower_exposure) and self.calibrated:
            self.reader.model = None
            self.reader.paper_reference = None
            log.info("camera: exposure lowered after calibration; calibrate again on the start position")
        # Nothing more the camera can do: read the stand as it is rather than refuse for ever (the
        # setup assistant must see the tokens being laid; the reading keeps its note).
        self.reader.refuse_clipped = not self.exposure.gave_up

    def poll(self) -> StableReading | None:
        """Process the newest frame; a new stable state comes back when there is one.

        Threaded: the newest frame of the capture thread, if it is new. Unthreaded: the next
        frame of the source (use :meth:`advance` to follow game time instead)."""
        if self.capture is not None:
            frame, count = self.capture.latest()
            if frame is None or count == self._seen:
                return None
            self._seen = count
            return self._feed(frame, count - 1)
        frame = self.link.read()
        if frame is None:
            return None
        self._next_index += 1
        return self._feed(frame, self._next_index - 1)

    def advance(self, game_time: float) -> list[StableReading]:
        """Game-time mode: read and judge every frame due by ``game_time`` seconds (frame ``k`` is
        due at ``k / fps``); the new stable readings, in order. A source that fails is tried
        again every ``retry_seconds`` of game time; frames that fall due meanwhile are lost, as
        they would be from a real camera."""
        if self.capture is not None:
            raise RuntimeError("advance() is for an unthreaded LiveBoard; use poll()")
        found = []
        due = math.floor(game_time * self.fps + 1e-9)
        while self._next_index <= due and self.link.status.state != "ended":
            if self.link.source is None and game_time < self._retry_at:
                break
            frame = self.link.read()
            if frame is None:
                if self.link.status.state == "reconnecting":
                    self._retry_at = game_time + self.retry_seconds
                    self._next_index = due + 1
                break
            index = self._next_index
            self._next_index += 1
            result = self._feed(frame, index)
            if result is not None:
                found.append(result)
        return found

    def calibrate(self, grid: list[str] | list[list[str]] | None = None) -> Reading:
        """Learn colours and paper from the current frame, which shows ``grid`` (default: the start)."""
        if self.frame is None:
            raise VisionError(CameraProblem.NO_MARKERS, "no camera frame yet")
        self.reader.forget()
        reading = self.reader.calibrate(self.frame, grid or start_grid(self.board_description))
        self.board.reset()
        return reading
