"""The camera side of the calibration screen (:mod:`kiosk.calibration`): a live board, what it
sees in plain numbers, and the synthetic camera's pretend moves.

:class:`LiveCalibration` runs the same :class:`vision.capture.LiveBoard` the physical-board mode
uses, so what the screen shows is what a game would get. It is the
:class:`kiosk.calibration.CalibrationSource` of the screen (``main.py`` and the ``calibrate``
command hand it in): frames come out as RGB arrays ready for pygame and the detected mat as
points in frame pixels, so the screen needs neither cv2 nor anything else of ``vision``.
"""

from __future__ import annotations

import random
from typing import Any

import cv2
import numpy as np

from games.boards import BoardDescription
from games.ports import CameraProblem
from vision.advice import advise, doubted
from vision.cameraspec import parse_camera
from vision.capture import LiveBoard, SyntheticCamera
from vision.mats import profile, vision_grid
from vision.reader import VisionError, cell_pixels
from vision.sources import FrameSource, source_opener

#: A point in camera-frame pixels, and a closed outline of such points.
Point = tuple[float, float]
Outline = list[Point]


class LiveCalibration:
    """The live board of one mat (``board``'s, or an installed game's usual one by key) read from
    the camera ``camera`` names (``synthetic``, a webcam index, a video or a folder of images),
    for the calibration screen.

    With the synthetic camera, :meth:`toggle_hand` and :meth:`random_move` change what it films,
    to watch the motion gate and the stable-state counter work. ``threaded``: a capture thread
    keeps up with the camera (the kiosk); otherwise each :meth:`poll` reads the next frame, so a
    headless run of N frames always shows the same thing.
    """

    def __init__(self, board: BoardDescription | str, camera: str = "synthetic", seed: int | None = None,
                 threaded: bool = True) -> None:
        found = profile(board)
        self.board = found.board
        self.game = found.game
        self.camera: SyntheticCamera | None = None
        self.rng = random.Random(seed)
        opener: Any
        if camera == "synthetic":
            demo = SyntheticCamera(self.board, found.start_grid(), seed=seed or 0)
            self.camera = demo

            def opener() -> FrameSource:
                return demo
        else:
            opener = source_opener(parse_camera(camera), self.board)
        self.live = LiveBoard(self.board, opener, threaded=threaded)
        self.hand = False
        #: The pretend game the synthetic camera films, when the board knows its start (its
        #: random moves are then legal; otherwise a random cell changes).
        self.state: Any = self.board.start()

    @property
    def pieces(self) -> str:
        """``tokens`` or ``tiles``: what the mat holds."""
        return self.board.pieces

    @property
    def token_codes(self) -> tuple[str, ...]:
        """The players' token codes, first player first."""
        return tuple(self.board.token_codes)

    # --- the camera ---

    @property
    def synthetic(self) -> bool:
        """True for the synthetic camera (the screen then offers the hand and the move)."""
        return self.camera is not None

    def start(self) -> None:
        """Start the camera."""
        self.live.start()

    def stop(self) -> None:
        """Stop the camera."""
        self.live.stop()

    def poll(self) -> None:
        """Read the newest frame (threaded) or the next one, and judge it."""
        self.live.poll()

    def calibrate(self) -> str:
        """Learn the colours from the current frame (the start position must be on the mat):
        ``""`` when it worked, else why not (one of :data:`vision.capture.PROBLEMS`)."""
        try:
            self.live.calibrate()
        except VisionError as exc:
            return exc.reason
        return ""

    # --- what it sees ---

    @property
    def frame_size(self) -> tuple[int, int] | None:
        """(width, height) of the last camera frame (None before the first)."""
        frame = self.live.frame
        return None if frame is None else (frame.shape[1], frame.shape[0])

    def view(self, size: tuple[int, int]) -> np.ndarray | None:
        """The last camera frame scaled to ``size`` (width, height), as RGB bytes (height x width
        x 3, uint8) for ``pygame.image.frombuffer``; None before the first frame."""
        frame = self.live.frame
        if frame is None:
            return None
        small = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
        return cv2.cvtColor(small, cv2.COLOR_BGR2RGB)

    def outlines(self) -> tuple[list[Outline], list[Outline]]:
        """The detected markers' quads and the grid blocks' outlines, in frame pixels (none while
        the mat is not found)."""
        fix = self.live.reader.fix
        if fix is None:
            return [], []
        markers = [[(float(x), float(y)) for x, y in quad] for quad in fix.marker_corners.values()]
        blocks = [
            self._project(np.array([[bx, by], [bx + bw, by], [bx + bw, by + bh], [bx, by + bh]]))
            for bx, by, bw, bh in self.live.reader.mat.blocks
        ]
        return markers, blocks

    def cells(self) -> list[tuple[Point, str]]:
        """Each cell's centre in frame pixels with what the last reading saw there (``R``, ``B``,
        ``.``, ``?`` or a tile such as ``Z3``), row by row; none without a reading."""
        reading = self.live.board.last_reading
        if reading is None or self.live.reader.fix is None:
            return []
        mat = self.live.reader.mat
        centres = self._project(np.array([mat.center(r, c) for r in range(mat.rows) for c in range(mat.cols)]))
        labels = reading.cells()
        return [(point, labels[k // mat.cols][k % mat.cols]) for k, point in enumerate(centres)]

    def _project(self, points: np.ndarray) -> Outline:
        """Mat millimetres to frame pixels (the first sheet's homography)."""
        fix = self.live.reader.fix
        assert fix is not None  # callers check it
        projected = cv2.perspectiveTransform(points.reshape(1, -1, 2).astype(np.float32), fix.homography)[0]
        return [(float(x), float(y)) for x, y in projected]

    @property
    def advice(self) -> list[str]:
        """What the operator should change at the stand (:func:`vision.advice.advise` keys), from
        the last frame the reader judged."""
        if self.live.frame is None:
            return []
        keys = advise(self.live.reader.seen, self.live.board.problem, self.live.reader.clipped)
        # While the board lowers the exposure itself, the operator has nothing to do about it.
        return [key for key in keys if key != "exposure"] if self.lowering_exposure else keys

    @property
    def lowering_exposure(self) -> bool:
        """True while the live board lowers the camera's exposure on a picture too bright."""
        return self.live.lowering_exposure

    def doubted(self) -> tuple[list[Point], float]:
        """The centres (frame pixels) of the cells the reader doubted in its last frame (still
        covered, or read once a tall piece's side or a shadow over their paper was forgiven),
        and half a cell's size there (pixels): the rings' radius."""
        cells = doubted(self.live.reader.seen)
        if not cells or self.live.reader.fix is None:
            return [], 0.0
        mat = self.live.reader.mat
        centres = self._project(np.array([mat.center(r, c) for r, c in cells]))
        return centres, 0.5 * cell_pixels(self.live.reader.fix, mat)

    # --- its status ---

    @property
    def camera_state(self) -> str:
        """``running``, ``reconnecting``, ``ended`` or ``stopped``."""
        return self.live.camera_state

    @property
    def problem(self) -> str:
        """What is wrong with the last frame (``waiting`` before the first; ``""``: all good)."""
        return self.live.board.problem if self.live.frame is not None else CameraProblem.WAITING

    @property
    def confidence(self) -> float | None:
        """The last reading's confidence, 0..1 (None when the last frame gave no reading)."""
        reading = self.live.board.last_reading
        return None if reading is None else reading.confidence

    @property
    def stable_states(self) -> int:
        """How many stable board states were seen."""
        return self.live.accepted_count

    @property
    def calibrated(self) -> bool:
        """True once the colours were learnt from the start position."""
        return self.live.calibrated

    @property
    def grid(self) -> list[str] | list[list[str]] | None:
        """The last stable board state (None before the first)."""
        accepted = self.live.board.accepted
        return accepted.grid if accepted else None

    # --- the synthetic camera's pretend board ---

    def toggle_hand(self) -> None:
        """Synthetic camera: put a hand over the board, or take it away."""
        if self.camera is not None:
            self.hand = not self.hand
            self.camera.show(self.camera.grid, hand=self.hand)

    def random_move(self) -> None:
        """Synthetic camera: play a random legal move on the pretend board."""
        if self.camera is None:
            return
        if self.state is not None:
            moves = self.state.legal_moves()
            if moves:
                self.state = self.state.play(self.rng.choice(moves))
                self.camera.show(vision_grid(self.board, self.board.expected(self.state)), hand=self.hand)
        else:
            grid = [list(row) for row in self.camera.grid]
            r, c = self.rng.randrange(len(grid)), self.rng.randrange(len(grid[0]))
            codes = [face.code for face in self.board.tile_faces()] or list(self.board.token_codes)
            grid[r][c] = self.rng.choice(codes)
            self.camera.show(vision_grid(self.board, grid), hand=self.hand)
