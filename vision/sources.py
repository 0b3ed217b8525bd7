"""Where frames come from: a webcam, a video file, a folder of images, or the synthetic camera.

Every source is a :class:`FrameSource`: ``read()`` gives the next BGR frame, or None when the
device failed (an unplugged webcam) or the recording is over (then ``ended`` is True), and
``close()`` releases it. ``fps`` is the source's frame rate: the folder and video sources are
played at it, one frame per ``1 / fps`` seconds of game time (see
:meth:`vision.capture.LiveBoard.advance`), so that a recorded session replays exactly.

``--camera`` on the command line takes a device index (``0``), ``synthetic``, a video file or a
folder of images: :func:`parse_camera` checks the text (no cv2 import, for the command line) and
:func:`source_opener` builds the source. :func:`list_cameras` names the webcams that exist, so a
wrong index is an error that lists them, not an endless retry.
"""

from __future__ import annotations

import contextlib
import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

from games.boards import BoardDescription
from vision.cameraspec import (
    CameraSpec,
    can_list_cameras,
    check_image_file,
    check_image_folder,
    describe_cameras,
    image_size_problem,
    list_cameras,
)

# FFmpeg's own messages off (read when OpenCV first opens a video): a broken file would print
# one line per attempt straight to stderr (151 for a text file named .mp4); the sources say what
# went wrong in one sentence instead.
os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")

#: Capture sizes asked of a webcam, best first (the reader copes with either).
CAPTURE_SIZES = ((1920, 1080), (1280, 720))


class FrameSource(Protocol):
    """Anything that gives frames: ``read()`` returns a BGR frame or None when it failed or ended.

    A camera that can change its exposure also has ``lower_exposure(stops) -> bool`` (True when
    it took the request): the live board asks for it while the mat's paper is clipped at white
    (:mod:`vision.exposure`). Recordings and folders have none.
    """

    def read(self) -> np.ndarray | None:
        """The next frame, or None if the device failed or the recording is over."""
        ...

    def close(self) -> None:
        """Release the device."""
        ...


@contextlib.contextmanager
def quiet_opencv() -> Iterator[None]:
    """OpenCV's own warnings off (a missing device would log one line on every attempt)."""
    # library: OpenCV builds without utils.logging
    logging_api = getattr(getattr(cv2, "utils", None), "logging", None)
    if logging_api is None:
        yield
        return
    before = logging_api.getLogLevel()
    logging_api.setLogLevel(logging_api.LOG_LEVEL_SILENT)
    try:
        yield
    finally:
        logging_api.setLogLevel(before)


def usable_frame(frame: np.ndarray | None) -> np.ndarray | None:
    """``frame`` when the reader can take it (8-bit, 3 colour channels, a size that can show a
    mat); None otherwise, which counts as a lost frame."""
    if not isinstance(frame, np.ndarray) or frame.dtype != np.uint8 or frame.ndim != 3 or frame.shape[2] != 3:
        return None
    if image_size_problem("frame", frame.shape[1], frame.shape[0]):
        return None
    return frame


def read_image(path: str | Path) -> np.ndarray:
    """The one reader of a single image file (``read-board``): it exists, its header's size can
    be read (checked before decoding), it decodes, and the decoded size too. Returns a BGR
    array; ValueError with one sentence naming the file otherwise."""
    check_image_file(path)
    with quiet_opencv():
        try:
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        except cv2.error:
            image = None
    if image is None:
        raise ValueError(f"'{path}' is not an image OpenCV can read (PNG or JPEG), or it is too large")
    problem = image_size_problem(str(path), image.shape[1], image.shape[0])
    if problem:
        raise ValueError(problem)
    return image


class OpenCVCamera:
    """A webcam through ``cv2.VideoCapture``: 1920 x 1080 where it offers it, else 1280 x 720.

    Opening a device that does not exist raises ``OSError`` without touching OpenCV (which
    would log a warning each time); OpenCV's warnings are silenced while it opens and reads.
    """

    fps: float | None = None
    ended = False

    def __init__(self, index: int, sizes: tuple[tuple[int, int], ...] = CAPTURE_SIZES) -> None:
        if can_list_cameras() and Path("/dev").exists() and not Path(f"/dev/video{index}").exists():
            raise OSError(f"camera {index} does not exist (cameras: {describe_cameras(list_cameras())})")
        with quiet_opencv():
            self.capture = cv2.VideoCapture(index)
            if not self.capture.isOpened():
                raise OSError(f"camera {index} cannot be opened")
            for width, height in sizes:
                self.capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
                self.capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
                if int(self.capture.get(cv2.CAP_PROP_FRAME_WIDTH)) == width:
                    break
        self.size = (int(self.capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(self.capture.get(cv2.CAP_PROP_FRAME_HEIGHT)))
        #: The exposure was switched to manual (once, at the first lowering).
        self._manual = False

    def read(self) -> np.ndarray | None:
        """The next frame, or None when the camera stopped answering."""
        with quiet_opencv():
            ok, frame = self.capture.read()
        return usable_frame(frame) if ok else None

    def lower_exposure(self, stops: float) -> bool:
        """Ask for ``stops`` less exposure (the paper is clipped at white); False when the camera
        refused or has no exposure control.

        The first call turns auto-exposure off (OpenCV's V4L2 backend takes 1 for manual, the
        others 0.25). ``CAP_PROP_EXPOSURE`` is then either a duration (V4L2: units of 100 us,
        positive), divided by ``2 ** stops``, or a log2 of seconds (DirectShow, MSMF: zero or
        negative), lowered by ``stops``.
        """
        with quiet_opencv():
            if not self._manual:
                manual = 1 if self.capture.getBackendName() == "V4L2" else 0.25
                if not self.capture.set(cv2.CAP_PROP_AUTO_EXPOSURE, manual):
                    return False
                self._manual = True
            now = float(self.capture.get(cv2.CAP_PROP_EXPOSURE))
            lower = now / 2**stops if now > 0 else now - stops
            if now > 0 and lower < 1:
                return False  # the shortest exposure the camera has
            return bool(self.capture.set(cv2.CAP_PROP_EXPOSURE, lower)) and \
                float(self.capture.get(cv2.CAP_PROP_EXPOSURE)) != now

    def close(self) -> None:
        """Release the camera."""
        self.capture.release()


class VideoFile:
    """A recorded video played frame by frame; ``ended`` once its last frame was given."""

    def __init__(self, path: str | Path, fps: float | None = None) -> None:
        if not Path(path).is_file():
            raise OSError(f"'{path}': no such video file")
        with quiet_opencv():
            self.capture = cv2.VideoCapture(str(path))
            opened = self.capture.isOpened()
            native = float(self.capture.get(cv2.CAP_PROP_FPS) or 0) if opened else 0.0
        if not opened:
            raise OSError(f"'{path}' is not a video OpenCV can play (damaged, cut short, or in another format)")
        self.fps = fps or (native if 1 <= native <= 240 else 30.0)
        self.ended = False

    def read(self) -> np.ndarray | None:
        """The next frame of the video (None at its end)."""
        with quiet_opencv():
            ok, frame = self.capture.read()
        if not ok:
            self.ended = True
            return None
        return usable_frame(frame)

    def close(self) -> None:
        """Release the file."""
        self.capture.release()


class ImageFolder:
    """A folder of images played in name order at ``fps``; ``ended`` after the last one.

    An image that cannot be read counts as a lost frame (None) without ending the folder.
    """

    def __init__(self, folder: str | Path, fps: float = 30.0) -> None:
        try:
            self.files = check_image_folder(folder)
        except ValueError as exc:
            raise OSError(str(exc)) from None
        self.fps = fps
        self.position = 0
        self.ended = False

    def read(self) -> np.ndarray | None:
        """The next image of the folder (None at the end)."""
        if self.position >= len(self.files):
            self.ended = True
            return None
        path = self.files[self.position]
        self.position += 1
        with quiet_opencv():
            try:
                return usable_frame(cv2.imread(str(path), cv2.IMREAD_COLOR))
            except cv2.error:
                return None

    def close(self) -> None:
        """Nothing to release."""


Grid = list[str] | list[list[str]]


class SyntheticCamera:
    """A pretend webcam looking at a mat, for demos and tests.

    ``grid`` is the board it shows (change it with :meth:`show`); the camera position is fixed
    per seed, while noise changes every frame, like a real sensor. ``hand`` adds a hand. With
    ``fps`` set, ``read`` waits like a real camera (wall clock); :class:`ScriptedVisitor` drives
    it by game time instead.
    """

    ended = False

    def __init__(self, board: BoardDescription | str, grid: Grid, seed: int = 0, fps: float = 0.0) -> None:
        from vision.synthetic import random_style

        #: the board filmed (or an installed game's usual board, by key).
        self.board = board
        game = self.game = board if isinstance(board, str) else board.game
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
        self._lock = threading.Lock()

    def show(self, grid: Grid, hand: bool = False) -> None:
        """Change what the camera sees."""
        with self._lock:
            self.grid = grid
            self.hand = hand

    def read(self) -> np.ndarray:
        """A frame of the current scene with fresh sensor noise."""
        from vision.synthetic import render_photo

        if self.fps:
            time.sleep(1 / self.fps)
        with self._lock:
            grid, hand = self.grid, self.hand
        key = (repr(grid), hand)
        if key not in self._cache:
            style = self.style
            style.hand = hand
            # The same scene (paper, light, lens) for every board; the same seed for the same
            # board, so tokens keep their place between frames.
            photo = render_photo(
                self.board, grid, random.Random(f"scene-{self.seed}"), style,
                pieces_rng=random.Random(f"{self.seed}-{repr(grid)}"),
            )
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
class VisitorStep:
    """From ``time`` (seconds of game time) on, the synthetic camera shows ``grid`` (with a hand?)."""

    time: float
    grid: Grid
    hand: bool = False


class ScriptedVisitor:
    """A visitor acting on the synthetic camera's board by game time: a frame source.

    Frame ``k`` shows the last step whose time is at most ``k / fps``: a headless run that reads
    one frame per ``1 / fps`` seconds of game time sees the script exactly as written. Steps
    can be appended while it runs (:meth:`at`), e.g. by a test playing the computer's moves.
    """

    def __init__(self, camera: SyntheticCamera, steps: list[VisitorStep] | None = None, fps: float = 30.0) -> None:
        self.camera = camera
        self.steps = sorted(steps or [], key=lambda s: s.time)
        self.fps = fps
        self.frame = 0
        self.ended = False

    def at(self, time_s: float, grid: Grid, hand: bool = False) -> None:
        """From ``time_s`` on, show ``grid`` (and a hand over it if ``hand``)."""
        self.steps.append(VisitorStep(time_s, grid, hand))
        self.steps.sort(key=lambda s: s.time)

    def read(self) -> np.ndarray | None:
        """The next frame: the scene as the script has it at this frame's time."""
        now = self.frame / self.fps
        current = [s for s in self.steps if s.time <= now + 1e-9]
        if current:
            self.camera.show(current[-1].grid, current[-1].hand)
        self.frame += 1
        return self.camera.read()

    def close(self) -> None:
        """Nothing to release."""


# --- the --camera option -----------------------------------------------------------------------


def source_opener(
    spec: CameraSpec, board: BoardDescription | str, fps: float = 30.0, seed: int = 0, grid: Grid | None = None
) -> Callable[[], FrameSource]:
    """A function that opens the source ``spec`` names (called again after a failure).

    The synthetic camera is one object kept across reopenings (it shows ``grid``, by default
    the game's start position); files and folders start again from their first frame.
    """
    if spec.kind == "synthetic":
        from vision.mats import profile

        camera = SyntheticCamera(board, grid or profile(board).start_grid(), seed=seed)
        return lambda: camera
    if spec.kind == "device":
        index = int(spec.value)
        return lambda: OpenCVCamera(index)
    if spec.kind == "video":
        return lambda: VideoFile(spec.value, fps)
    return lambda: ImageFolder(spec.value, fps)
