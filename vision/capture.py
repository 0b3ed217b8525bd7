"""Live use: a capture thread that survives an unplugged camera, and a gate that only lets stable
readings through.

- :class:`CaptureThread` keeps the newest frame of a :class:`FrameSource`. When the source fails
  (cable pulled, driver hiccup) it closes it, waits and opens it again, for as long as it runs;
  its ``status`` says what is going on, so the kiosk can show it.
- :class:`StableBoard` turns frames into trusted readings: a motion gate (a hand over the board,
  a token being slid) resets it, a reading must come back identical on ``stable_frames``
  consecutive still frames, and only then is it handed on, once, with its confidence. Frames in
  which something covers the paper around the cells never count.
- :class:`SyntheticCamera` is a frame source drawing photographs with :mod:`vision.synthetic`
  (``--camera synthetic``); :class:`OpenCVCamera` wraps ``cv2.VideoCapture``.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np

from vision.reader import BoardReader, Reading, VisionError


class FrameSource(Protocol):
    """Anything that gives frames: ``read()`` returns a BGR frame or None when it failed."""

    def read(self) -> np.ndarray | None:
        """The next frame, or None if the device failed."""
        ...

    def close(self) -> None:
        """Release the device."""
        ...


class OpenCVCamera:
    """A webcam through ``cv2.VideoCapture`` (1280 x 720 requested)."""

    def __init__(self, index: int, size: tuple[int, int] = (1280, 720)) -> None:
        self.capture = cv2.VideoCapture(index)
        if not self.capture.isOpened():
            raise OSError(f"camera {index} cannot be opened")
        self.capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        self.capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])

    def read(self) -> np.ndarray | None:
        """The next frame, or None when the camera stopped answering."""
        ok, frame = self.capture.read()
        return frame if ok else None

    def close(self) -> None:
        """Release the camera."""
        self.capture.release()


class SyntheticCamera:
    """A pretend webcam looking at a mat, for demos and tests.

    ``grid`` is the board it shows (change it with :meth:`show`); the camera position is fixed
    per seed, while noise changes every frame, like a real sensor. ``hand`` adds a hand.
    """

    def __init__(self, game: str, grid: list[str] | list[list[str]], seed: int = 0, fps: float = 0.0) -> None:
        from vision.synthetic import random_style

        self.game = game
        self.grid = grid
        self.seed = seed
        self.hand = False
        self.fps = fps
        rng = random.Random(f"camera-{game}-{seed}")
        self.style = random_style(rng)
        self.style.shadows = 0
        self.frame_index = 0
        self.hand_over_grid = False
        self._cache: dict[tuple[str, bool], tuple[np.ndarray, bool]] = {}

    def show(self, grid: list[str] | list[list[str]], hand: bool = False) -> None:
        """Change what the camera sees."""
        self.grid = grid
        self.hand = hand

    def read(self) -> np.ndarray | None:
        """A frame of the current scene with fresh sensor noise."""
        from vision.synthetic import render_photo

        if self.fps:
            time.sleep(1 / self.fps)
        key = (repr(self.grid), self.hand)
        if key not in self._cache:
            style = self.style
            style.hand = self.hand
            # The same seed for the same board: tokens keep their place between frames.
            photo = render_photo(self.game, self.grid, random.Random(f"{self.seed}-{repr(self.grid)}"), style)
            self._cache = {key: (photo.image, photo.hand_over_grid)}
            self._noise = [
                np.random.default_rng(k).integers(-3, 4, photo.image.shape, dtype=np.int16) for k in range(4)
            ]
        base, self.hand_over_grid = self._cache[key]
        self.frame_index += 1
        # Fresh sensor noise on every frame (a few precomputed fields: cheap, never the same twice running).
        noisy = base.astype(np.int16) + self._noise[self.frame_index % len(self._noise)]
        return np.clip(noisy, 0, 255).astype(np.uint8)

    def close(self) -> None:
        """Nothing to release."""


@dataclass
class CaptureStatus:
    """What the capture thread is doing: ``running``, ``reconnecting`` or ``stopped``."""

    state: str = "stopped"
    frames: int = 0
    reconnects: int = 0
    last_error: str = ""


class CaptureThread:
    """Reads frames in the background; reopens the source when it fails.

    ``open_source`` builds a fresh :class:`FrameSource` (it may raise ``OSError`` while the camera
    is unplugged). :meth:`latest` returns the newest frame and its number.
    """

    def __init__(self, open_source: Callable[[], FrameSource], retry_seconds: float = 1.0) -> None:
        self._open = open_source
        self.retry_seconds = retry_seconds
        self.status = CaptureStatus()
        self._lock = threading.Lock()
        self._frame: np.ndarray | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

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
        source: FrameSource | None = None
        while not self._stop.is_set():
            if source is None:
                try:
                    source = self._open()
                    self.status.state = "running"
                except (OSError, RuntimeError) as exc:
                    self.status.state = "reconnecting"
                    self.status.last_error = str(exc)
                    self._stop.wait(self.retry_seconds)
                    continue
            try:
                frame = source.read()
            except (OSError, RuntimeError, cv2.error) as exc:
                frame = None
                self.status.last_error = str(exc)
            if frame is None:
                # The device went away: release it and try again from scratch.
                self._safe_close(source)
                source = None
                self.status.state = "reconnecting"
                self.status.reconnects += 1
                self._stop.wait(self.retry_seconds)
                continue
            with self._lock:
                self._frame = frame
                self.status.frames += 1
        if source is not None:
            self._safe_close(source)

    @staticmethod
    def _safe_close(source: FrameSource) -> None:
        with contextlib.suppress(OSError, RuntimeError, cv2.error):
            source.close()


@dataclass
class StableReading:
    """A reading the physical-board mode can trust: the grid, its confidence and when it was seen."""

    grid: list[str] | list[list[str]]
    confidence: float
    frame_index: int


def motion(previous: np.ndarray | None, frame: np.ndarray) -> tuple[float, np.ndarray]:
    """(mean absolute change of a small grey thumbnail since ``previous``, this thumbnail)."""
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    thumb = cv2.resize(grey, (160, 90), interpolation=cv2.INTER_AREA).astype(np.float32)
    if previous is None or previous.shape != thumb.shape:
        return float("inf"), thumb
    return float(np.abs(thumb - previous).mean()), thumb


class StableBoard:
    """Frames in, trusted board states out.

    ``feed(frame)`` returns a :class:`StableReading` when a new state has been seen, identical and
    uncovered, on ``stable_frames`` consecutive frames without motion; otherwise None. The last
    frame's problem (if any) is in ``problem``.
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
        self._candidate: list[str] | list[list[str]] | None = None
        self._count = 0
        self._confidences: list[float] = []
        self.accepted: StableReading | None = None
        self.last_reading: Reading | None = None
        self.problem = ""
        self.frames = 0

    def reset(self) -> None:
        """Forget the candidate (motion, a problem, or a new game)."""
        self._candidate = None
        self._count = 0
        self._confidences = []

    def feed(self, frame: np.ndarray) -> StableReading | None:
        """Offer one frame; a new trusted state comes back when there is one."""
        self.frames += 1
        change, self._thumb = motion(self._thumb, frame)
        if change > self.motion_threshold:
            self.problem = "motion"
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
            self.problem = "unsure"
            self.reset()
            return None
        self.problem = ""
        if reading.grid != self._candidate:
            self._candidate = reading.grid
            self._count = 1
            self._confidences = [reading.confidence]
        else:
            self._count += 1
            self._confidences.append(reading.confidence)
        if self._count >= self.stable_frames and (self.accepted is None or self.accepted.grid != reading.grid):
            self.accepted = StableReading(reading.grid, float(np.median(self._confidences)), self.frames)
            return self.accepted
        return None


def start_grid(game: str, rows: int | None = None, cols: int | None = None) -> list[str] | list[list[str]]:
    """The known start position the live reader calibrates on (Lightning starts empty)."""
    from vision.mats import layout

    if game == "lewthwaite":
        from vision.synthetic import start_lewthwaite_grid

        return start_lewthwaite_grid(rows or 5, cols or 5)
    mat = layout(game)
    return [["."] * mat.cols for _ in range(mat.rows)]


class LiveBoard:
    """What the physical-board mode talks to: camera in, stable readings with a confidence out.

    ``poll()`` processes the newest frame (at most once) and returns a :class:`StableReading`
    when a new stable state appears. ``calibrate()`` learns the colours from the current frame,
    which must show the start position. With ``threaded=False`` frames are read in ``poll``
    itself (deterministic: tests and headless runs).
    """

    def __init__(
        self, game: str, open_source: Callable[[], FrameSource], threaded: bool = True, stable_frames: int = 5
    ) -> None:
        self.game = game
        self.reader = BoardReader(game)
        self.board = StableBoard(self.reader, stable_frames=stable_frames)
        self.threaded = threaded
        self._open = open_source
        self.capture = CaptureThread(open_source) if threaded else None
        self._source: FrameSource | None = None
        self._open_failed = False
        self._seen = 0
        self.frame: np.ndarray | None = None
        self.accepted_count = 0

    @property
    def calibrated(self) -> bool:
        """True once :meth:`calibrate` succeeded."""
        return self.reader.paper_reference is not None

    @property
    def camera_state(self) -> str:
        """``running``, ``reconnecting`` or ``stopped``."""
        if self.capture is not None:
            return self.capture.status.state
        if self._source is not None:
            return "running"
        return "reconnecting" if self._open_failed else "stopped"

    def start(self) -> LiveBoard:
        """Start the camera (returns self)."""
        if self.capture is not None:
            self.capture.start()
        return self

    def stop(self) -> None:
        """Stop the camera."""
        if self.capture is not None:
            self.capture.stop()
        if self._source is not None:
            self._source.close()
            self._source = None

    def _next_frame(self) -> np.ndarray | None:
        if self.capture is not None:
            frame, count = self.capture.latest()
            if frame is None or count == self._seen:
                return None
            self._seen = count
            return frame
        if self._source is None:
            try:
                self._source = self._open()
                self._open_failed = False
            except (OSError, RuntimeError):
                self._open_failed = True
                return None
        frame = self._source.read()
        if frame is None:
            self._source.close()
            self._source = None
        return frame

    def poll(self) -> StableReading | None:
        """Process the newest frame; a new stable state comes back when there is one."""
        frame = self._next_frame()
        if frame is None:
            return None
        self.frame = frame
        result = self.board.feed(frame)
        if result is not None:
            self.accepted_count += 1
        return result

    def calibrate(self, grid: list[str] | list[list[str]] | None = None) -> Reading:
        """Learn colours and paper from the current frame, which shows ``grid`` (default: the start)."""
        if self.frame is None:
            raise VisionError("no_markers", "no camera frame yet")
        self.reader.forget()
        reading = self.reader.calibrate(self.frame, grid or start_grid(self.game))
        self.board.reset()
        return reading
