"""A camera over a virtual table: frames of a board that changes from frame to frame, fast.

:class:`vision.synthetic` photographs one board state in about half a second, which is right
for a photograph and far too slow for a whole game filmed at 30 frames a second. The table
camera photographs the empty mat once (with :func:`vision.synthetic.render_photo`: background,
perspective, uneven light, noise), then composes each frame from cached pieces: every token or
tile is drawn once per cell with the synthetic module's own drawing (:func:`draw_token`,
:func:`vision.mats.tile_face`), warped into the frame through the same homography and
multiplied into the photograph (the light on the paper lights the piece); a hand (from
:func:`draw_hand`) reaches over the cell being played; fresh sensor noise comes with every frame.

The frames come from a *script*: a callable giving the next :class:`Shot` (the table, where a
hand is, whether the camera is unplugged), such as :class:`games.visitor.Visitor`. Each
``read()`` is one camera frame; while a shot says the camera is unplugged, ``read()`` returns
None and opening it again fails (``open()``), as with a real USB camera.
"""

from __future__ import annotations

import colorsys
import logging
import math
import random
import sys
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from games.boards import EMPTY, BoardDescription, Cell, Picture
from games.budget import MB, ByteCache
from games.cliutil import path_problem, shown_path
from vision.cameraspec import parse_camera
from vision.mats import MatLayout, face_for, layout, tile_face
from vision.synthetic import (
    TEXTURE_PX_PER_MM,
    Grid,
    camera_homography,
    draw_token,
    hand_box,
    hand_parts,
    paint_hand,
    random_style,
    render_photo,
)
from vision.synthetic import token_palette as _token_palette

if TYPE_CHECKING:
    from games.match import M, S
    from games.physical import Record, TableFeed
    from games.sync import SyncEngine
    from games.visitor import Shot, Visitor
    from vision.sources import FrameSource

log = logging.getLogger("vision.camera")

#: Frames whose ready time the camera remembers at least (a minute and more at 30 frames a second).
READ_TIMES_KEPT = 2000
#: Hand poses kept per camera (a hand reaching over each region of the board).
HAND_REGIONS = 3
#: Still, identical frames the reader needs before it reports a new board (at 30 frames a
#: second, 133 ms after the first still frame): one more than a hand could fake in passing; the
#: sync engine's legality check stands behind it.
STABLE_FRAMES = 4
#: Bytes the synthetic camera keeps of what it drew: warped pieces (8-bit light factors: a
#: 5x5 token game meets about 70 of ~40 KB), hands reaching in (8-bit, 0.5 to 1.5 MB each: two to
#: four of the ten poses), whole frames (2.6 MB each at 1280x720: the picture on the table and the
#: one before it, read again while nothing moves; they serve 98-99 % of the hits six frames would).
PIECES_BUDGET, HANDS_BUDGET, FRAMES_BUDGET = 6 * MB, 4 * MB, 6 * MB
#: Rows of sensor noise beyond the frame's height: a frame's two noise pictures (low, high) are
#: views of one array at row offsets that move every frame, so consecutive frames get independent
#: noise at every pixel from 2.8 MB (four pairs of whole frames held 22 MB at 1280x720).
NOISE_ROWS = 32



class TableCamera:
    """A :class:`vision.capture.FrameSource` filming a scripted table (see the module doc).

    ``script()`` gives the next shot (one per frame); ``peek()`` (optional) says whether the next
    shot has the camera unplugged, without using it up. ``fps`` > 0 paces ``read()`` like a
    real camera (for live demos); 0 reads as fast as asked (tests, headless runs).
    """

    def __init__(self, board: BoardDescription, script: Callable[[], Shot], seed: int = 0, fps: float = 0.0,
                 peek: Callable[[], bool] | None = None) -> None:
        self.board = board
        self.script = script
        self.peek = peek
        self.seed = seed
        self.fps = fps
        self._next_tick = 0.0
        self.frames = 0
        self.last_shot: Shot | None = None
        #: When each recent frame was ready (``time.perf_counter``), for the latency bench: the
        #: last :data:`READ_TIMES_KEPT` frames, the first of them frame number ``read_times_first``
        #: (a day-long physical game must not keep one float per frame).
        self.read_times: list[float] = []
        self.read_times_first = 0
        rng = random.Random(f"table-{board.game}-{seed}")
        self.mat: MatLayout = layout(board)
        style = random_style(rng)
        style.shadows = 0
        style.hand = False
        # A stand set up as docs/physical.md says: the camera looks down (at most 25 degrees off),
        # the sheet's long side along the picture's long side, the mat filling most of the view.
        style.tilt_deg = min(style.tilt_deg, 25.0)
        style.fill = max(style.fill, 0.8)
        if self.mat.page[1] > self.mat.page[0]:
            style.yaw_deg = rng.choice((90.0, 270.0)) + rng.uniform(-12.0, 12.0)
        self.style = style
        self.homography, self.camera_mm = camera_homography(self.mat, style)
        # A token board's grids are lines of token codes, a tile board's lists of tile codes.
        empty: Grid = [[EMPTY] * self.mat.cols for _ in range(self.mat.rows)]
        if board.pieces == "tokens":
            empty = [EMPTY * self.mat.cols for _ in range(self.mat.rows)]
        photo = render_photo(board, empty, random.Random(f"table-photo-{seed}"), style, keep_mat=False)
        self.base = photo.image
        self.size = (photo.image.shape[1], photo.image.shape[0])
        self.palette = _token_palette(rng, board.token_codes)
        self.token_style = rng.choice(("flat", "cap", "glossy", "draught", "cork"))
        self.radius = self.mat.cell * rng.uniform(0.36, 0.43)
        self.height = rng.uniform(3, 9)
        # Pieces, hands and whole frames already drawn, within budgets in bytes (a long game
        # meets many pieces); given back when the camera is closed.
        self._pieces = ByteCache("vision.table.pieces", PIECES_BUDGET)
        self._hands = ByteCache("vision.table.hands", HANDS_BUDGET)
        self._frames = ByteCache("vision.table.frames", FRAMES_BUDGET)
        # The sensor's noise (see NOISE_ROWS): made when first read, given back on close.
        self._noise: np.ndarray | None = None

    # --- a FrameSource ---------------------------------------------------------------------

    def _ready(self) -> None:
        """Note when this frame was ready, forgetting the oldest past :data:`READ_TIMES_KEPT`."""
        self.read_times.append(time.perf_counter())
        if len(self.read_times) > 2 * READ_TIMES_KEPT:
            del self.read_times[:READ_TIMES_KEPT]
            self.read_times_first += READ_TIMES_KEPT

    def ready_at(self, frame: int) -> float | None:
        """When frame number ``frame`` (0-based) was ready, if it is still remembered."""
        index = frame - self.read_times_first
        return self.read_times[index] if 0 <= index < len(self.read_times) else None

    def open(self) -> TableCamera:
        """The camera again after a failed read (raises OSError while the script keeps it
        unplugged, using that frame up)."""
        if self.peek is not None and self.peek():
            self.script()
            self.frames += 1
            self._ready()
            raise OSError("the camera is unplugged")
        return self

    def read(self) -> np.ndarray | None:
        """The next frame of the script (None while the camera is unplugged)."""
        if self.fps:
            # A webcam delivers a frame every 1/fps s whatever the reader does: sleep to the next
            # tick of that clock (composing the picture takes part of the period).
            now = time.perf_counter()
            self._next_tick = max(self._next_tick + 1 / self.fps, now)
            time.sleep(max(0.0, self._next_tick - now))
        shot = self.script()
        self.frames += 1
        self.last_shot = shot
        if shot.dropped:
            self._ready()
            return None
        image = self.compose(shot.picture, shot.hand, dict(shot.nudges))
        low, high = self._sensor_noise()
        frame = cv2.add(image, high)
        cv2.subtract(frame, low, dst=frame)  # in place: one new picture a frame
        self._ready()
        return frame

    def close(self) -> None:
        """Give back the pictures drawn (a closed camera may be opened again: they are drawn
        again as needed)."""
        for cache in (self._pieces, self._hands, self._frames):
            cache.clear()
        self._noise = None

    def _sensor_noise(self) -> tuple[np.ndarray, np.ndarray]:
        """This frame's sensor noise (low, high), 0..3 per channel: views (no copies) of one array
        :data:`NOISE_ROWS` rows taller than the frame, the same for a seed whenever made. The
        offsets move a row per frame and stay half the extra rows apart, so low and high, and one
        frame and the next, are independent at every pixel (the pattern repeats every
        :data:`NOISE_ROWS` frames)."""
        if self._noise is None:
            shape = (self.size[1] + NOISE_ROWS, self.size[0], 3)
            self._noise = np.random.default_rng(self.seed).integers(0, 4, shape, dtype=np.uint8)
        height = self.size[1]
        high = self.frames % NOISE_ROWS
        low = (high + NOISE_ROWS // 2) % NOISE_ROWS
        return self._noise[low : low + height], self._noise[high : high + height]

    # --- composing ---------------------------------------------------------------------------

    def compose(self, picture: Picture, hand: Cell | None = None, nudges: dict[Any, int] | None = None) -> np.ndarray:
        """The frame of ``picture`` (a hand reaching over ``hand`` if given; pieces set down
        again ``nudges[cell]`` times lie a little differently), without noise."""
        nudges = nudges or {}
        key = (picture, None if hand is None else self._region(hand), tuple(sorted(nudges.items())))
        found: np.ndarray | None = self._frames.get(key)
        if found is not None:
            return found
        # Only the pieces' and the hand's own rectangles are worked on (8-bit factors, 255 = 1);
        # the rest of the photograph is copied as it is.
        image = self.base.copy()
        for cell, code in self._cells(picture):
            x, y, ratio = self._piece(cell, code, nudges.get(cell, 0))
            h, w = ratio.shape[:2]
            region = image[y : y + h, x : x + w]
            region[:] = cv2.multiply(region, ratio, scale=1 / 255)
        if hand is not None:
            x, y, shade, colour = self._hand(hand)
            h, w = shade.shape[:2]
            region = image[y : y + h, x : x + w]
            region[:] = cv2.add(cv2.multiply(region, shade, scale=1 / 255), colour)
        return self._frames.put(key, image)

    def _cells(self, picture: Picture) -> list[tuple[Any, str]]:
        """Every piece to draw: board cells, then the spots that hold something."""
        found: list[tuple[Any, str]] = [
            ((r, c), code)
            for r, row in enumerate(picture.grid)
            for c, code in enumerate(row)
            if code not in (EMPTY, " ")
        ]
        names = self.spot_names()
        if names:
            reserve = tuple(name for name in names if name.startswith("reserve"))
            for name, code in self.board.slots(picture, reserve).items():
                if code not in (EMPTY, "") and name in names:
                    found.append((name, code))
        return found

    def spot_names(self) -> tuple[str, ...]:
        """The spots the mat prints (none on a mat without them), reserve slots in their order."""
        names = [spot[0] for spot in self.mat.spots]
        return tuple(sorted(names, key=lambda n: (not n.startswith("hand"), len(n), n)))

    def _sheet_center(self, where: Any) -> tuple[float, float]:
        if isinstance(where, tuple):
            return self.mat.center(*where)
        # (name, sheet, x, y) of each spot's top-left corner; a spot a cell wide (MatLayout has no
        # ``tile``: the getattr that read it always fell back to the cell, kept so pictures stay).
        size = self.mat.cell
        spots = {spot[0]: (spot[-2], spot[-1], size, size) for spot in self.mat.spots}
        if where not in spots:  # a spot this mat does not print: a hand over the middle
            return (self.mat.page[0] / 2, self.mat.page[1] / 2)
        x, y, w, h = spots[where]
        return (x + w / 2, y + h / 2)

    def _piece(self, where: Any, code: str, nudge: int = 0) -> tuple[int, int, np.ndarray]:
        """A piece drawn on a small patch of the sheet and warped into the frame: (x, y, ratio),
        the ratio in 8 bits (255: the paper's light unchanged)."""
        key = (where, code, nudge)
        cached: tuple[int, int, np.ndarray] | None = self._pieces.get(key)
        if cached is not None:
            return cached
        scale = TEXTURE_PX_PER_MM
        cx, cy = self._sheet_center(where)
        rng = random.Random(f"{self.seed}-{where}-{code}-{nudge}" if nudge else f"{self.seed}-{where}-{code}")
        span = self.mat.cell * 1.6
        size = int(math.ceil(span * scale))
        patch = np.full((size, size, 3), 255, np.uint8)
        ox, oy = cx - span / 2, cy - span / 2  # the patch's top-left corner on the sheet, mm
        if self.board.pieces == "tokens" and code[0] in self.board.token_codes:
            h, s, v = self.palette[code[0]]
            r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
            colour = (int(b * 255), int(g * 255), int(r * 255))
            camx, camy, camz = self.camera_mm
            k = self.height / max(camz - self.height, 1.0)
            offset = ((cx - camx) * k * scale, (cy - camy) * k * scale)
            jitter = (rng.uniform(-0.06, 0.06) * self.mat.cell, rng.uniform(-0.06, 0.06) * self.mat.cell)
            center = ((cx - ox + jitter[0]) * scale, (cy - oy + jitter[1]) * scale)
            draw_token(patch, center, self.radius * scale, offset, colour, self.token_style, rng)
        else:
            side = int(round((self.mat.cell - 1.0) * scale))
            face = tile_face(face_for(self.mat.tile_faces, code), side)
            x0 = int(round((cx - ox) * scale - side / 2 + rng.uniform(-0.05, 0.05) * side))
            y0 = int(round((cy - oy) * scale - side / 2 + rng.uniform(-0.05, 0.05) * side))
            patch[y0 : y0 + side, x0 : x0 + side] = face
        to_frame = self.homography @ np.array([[1 / scale, 0, ox], [0, 1 / scale, oy], [0, 0, 1]])
        corners = np.array([[[0, 0]], [[size, 0]], [[size, size]], [[0, size]]], np.float32)
        projected = cv2.perspectiveTransform(corners, to_frame).reshape(-1, 2)
        x0, y0 = np.floor(projected.min(axis=0)).astype(int) - 1
        x1, y1 = np.ceil(projected.max(axis=0)).astype(int) + 1
        fw, fh = self.size
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(fw, x1), min(fh, y1)
        local = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ to_frame
        blurred = cv2.GaussianBlur(patch, (0, 0), 0.8)
        warped = cv2.warpPerspective(blurred, local, (int(x1 - x0), int(y1 - y0)), flags=cv2.INTER_AREA,
                                     borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))
        return self._pieces.put(key, (int(x0), int(y0), warped))

    def _region(self, cell: Any) -> int:
        """Which of the cached hand poses reaches over ``cell``."""
        if not isinstance(cell, tuple):
            return HAND_REGIONS * HAND_REGIONS
        r, c = cell
        return (r * HAND_REGIONS // max(self.mat.rows, 1)) * HAND_REGIONS + c * HAND_REGIONS // max(self.mat.cols, 1)

    def _hand(self, cell: Any) -> tuple[int, int, np.ndarray, np.ndarray]:
        """A hand reaching over ``cell``'s region: (x, y, shade factor, colour), cropped, in 8 bits
        (a shade of 255 leaves the picture as it is)."""
        region = self._region(cell)
        cached: tuple[int, int, np.ndarray, np.ndarray] | None = self._hands.get(region)
        if cached is not None:
            return cached
        if isinstance(cell, tuple):
            rows, cols = self.mat.rows, self.mat.cols
            r = (region // HAND_REGIONS + 0.5) * rows / HAND_REGIONS
            c = (region % HAND_REGIONS + 0.5) * cols / HAND_REGIONS
            cx, cy = self.mat.origins[0][0][0] + c * self.mat.cell, self.mat.origins[0][0][1] + r * self.mat.cell
        else:
            cx, cy = self._sheet_center(cell)
        target = cv2.perspectiveTransform(np.array([[[cx, cy]]], np.float32), self.homography)[0, 0]
        rng = random.Random(f"hand-{self.seed}-{region}")
        size = rng.uniform(0.18, 0.26) * self.size[1]
        parts = hand_parts(rng, (float(target[0]), float(target[1])), size, self.size)
        # Painted on the part of the frame the hand and its shadow reach, not a whole frame of
        # floats: a new hand used to take 27 to 40 MB for a moment (a peak the soak sampled).
        bx0, by0, bx1, by1 = hand_box(parts, size, self.size)
        canvas = np.full((by1 - by0, bx1 - bx0, 3), 255.0, np.float32)
        mask = paint_hand(canvas, parts, size, origin=(bx0, by0))
        touched = (mask > 0.01) | (canvas[..., 0] < 254.5)
        hit_rows, hit_cols = np.flatnonzero(touched.any(axis=1)), np.flatnonzero(touched.any(axis=0))
        y0, y1, x0, x1 = hit_rows[0], hit_rows[-1] + 1, hit_cols[0], hit_cols[-1] + 1
        m = mask[y0:y1, x0:x1, None]
        crop = canvas[y0:y1, x0:x1]
        # 8-bit factors, rounded and saturated by OpenCV (all >= 0): shade 255 keeps the picture.
        colour = cv2.convertScaleAbs(crop * m)
        crop[m[..., 0] > 0.5] = 0  # the canvas is done with: the shade is worked out in place
        crop *= 1 - m
        shade = cv2.convertScaleAbs(crop)
        return self._hands.put(region, (int(x0) + bx0, int(y0) + by0, shade, colour))


def synthetic_feed(visitor: Any, seed: int = 0, fps: float = 30.0, threaded: bool = False) -> Any:
    """A :class:`games.visitor.Visitor` filmed by a table camera and read by the live reader,
    as a :class:`games.physical.Feed`."""
    from games.physical import Feed
    from vision.capture import LiveBoard

    board = visitor.board
    camera = TableCamera(board, visitor.next_shot, seed=seed, peek=visitor.next_dropped,
                         fps=fps if threaded else 0.0)
    live = LiveBoard(board, camera.open, threaded=threaded, stable_frames=STABLE_FRAMES, fps=fps)
    return Feed(live, lambda: visitor.engine.board, fps=fps, threaded=threaded)


# --- what ``--camera`` names -------------------------------------------------------------------

#: The visitor's slips in a ``--camera synthetic`` demo (its own turn number -> fault).
DEMO_FAULTS = {2: "illegal", 5: "knock", 8: "slow", 11: "stack"}


def camera_kind(spec: str) -> str:
    """What ``--camera SPEC`` names: ``device``, ``synthetic``, ``record``, ``folder`` or ``video``
    (ValueError with a clear message when it names nothing usable)."""
    problem = None if spec == "synthetic" or spec.isdigit() else path_problem(spec)
    if problem:
        raise ValueError(f"--camera: {problem}")
    if spec.endswith(".jsonl"):
        try:
            if not Path(spec).is_file():
                raise ValueError(f"--camera {shown_path(spec)}: no such record file")
        except OSError as exc:
            raise ValueError(f"--camera {shown_path(spec)}: {exc.strerror or exc}") from None
        return "record"
    try:
        return parse_camera(spec).kind
    except ValueError as exc:
        records = " (or a record, .jsonl)" if "is not a camera" in str(exc) else ""
        raise ValueError(f"--camera {shown_path(spec)}: {exc}{records}") from None


def _check_video(spec: str) -> None:
    """A video file ``--camera`` names opens (ValueError saying why not, before any window): a
    damaged file is refused at once rather than retried as an unplugged camera."""
    from vision.sources import VideoFile

    try:
        VideoFile(spec).close()
    except OSError as exc:
        raise ValueError(f"--camera {spec}: {exc}") from None


class CameraOpener:
    """The camera ``--camera`` names, ready to be opened for a game's board (``main.py`` makes
    one per run; the physical-board mode calls :meth:`feed`). ``stepped`` (headless runs) reads
    one frame per ``1/fps`` s of game time; otherwise a reader thread keeps up with the camera."""

    def __init__(self, spec: str, fps: float = 30.0, stepped: bool = False, save_frames: str | None = None,
                 faults: dict[int, str] | None = None) -> None:
        self.spec = spec
        #: The synthetic visitor's slips (None: :data:`DEMO_FAULTS`).
        self.faults = faults
        self.kind = camera_kind(spec)
        if self.kind == "video":
            _check_video(spec)
        self.fps = fps
        self.stepped = stepped
        self.save_frames = save_frames
        # The synthetic table of the game being played and its visitor, for tests and benches to
        # look at; weakly held: the opener lives as long as the kiosk, and a game's table (its
        # photo, its caches) and visitor (its engine, its match, its screen) must go with the game.
        self._source: weakref.ref[TableCamera] | None = None
        self._visitor: weakref.ref[Visitor] | None = None

    @property
    def source(self) -> TableCamera | None:
        """The synthetic table of the game being played (None once the game has gone)."""
        return self._source() if self._source is not None else None

    @property
    def visitor(self) -> Visitor | None:
        """The synthetic table's visitor of the game being played (None once the game has gone)."""
        return self._visitor() if self._visitor is not None else None

    def __repr__(self) -> str:
        return f"CameraOpener({self.spec!r}, {self.kind})"

    def record(self) -> Record | None:
        """The events of a record given as the camera (None for a real camera)."""
        if self.kind != "record":
            return None
        from games.physical import read_record

        return read_record(self.spec)

    def feed(self, engine: SyncEngine[S, M], seed: int = 0) -> TableFeed:
        """A feed for ``engine``'s board: a :class:`games.physical.Feed` over the camera, or a
        :class:`games.physical.RecordFeed` replaying a record."""
        from games.physical import Feed, RecordFeed
        from games.visitor import Visitor
        from vision.capture import LiveBoard
        from vision.sources import source_opener

        board = engine.board
        if self.kind == "record":
            return RecordFeed(self.record() or [], lambda: engine.board)
        pace = 0.0 if self.stepped else self.fps
        if self.kind == "synthetic":
            visitor = Visitor(engine, seed=seed, faults=DEMO_FAULTS if self.faults is None else self.faults,
                              level=engine.match.spec.default_level)
            camera = TableCamera(board, visitor.next_shot, seed=seed, fps=pace, peek=visitor.next_dropped)
            self._source, self._visitor = weakref.ref(camera), weakref.ref(visitor)
            opener: Callable[[], FrameSource] = camera.open
        else:
            # A webcam, a video or a folder of images: vision's own sources.
            opener = source_opener(parse_camera(self.spec), board, self.fps)

        if self.save_frames:
            opener = _saving(opener, Path(self.save_frames))
        live = LiveBoard(board, opener, threaded=not self.stepped, stable_frames=STABLE_FRAMES, fps=self.fps)
        return Feed(live, lambda: engine.board, fps=self.fps, threaded=not self.stepped)


def _saving(opener: Callable[[], Any], folder: Path) -> Callable[[], Any]:
    """An opener whose frames are also written to ``folder`` (``frame-000000.png``...), so that
    a session can be replayed exactly with ``--camera FOLDER``. The folder is claimed once, now
    (:func:`games.outputs.claim_folder`: the command line checked it, and ``--force`` agreed to
    replace its frames); a frame that cannot be written stops the saving, said once on stderr
    and in the log (the game goes on)."""
    from games.outputs import claim_folder, write_new_file
    from games.physical import FRAME_FILES

    claim_folder(folder, FRAME_FILES, force=True)
    count = [0]
    failed: list[str] = []

    def save(frame: np.ndarray) -> None:
        path = folder / f"frame-{count[0]:06d}.png"
        try:
            ok, data = cv2.imencode(".png", frame, [cv2.IMWRITE_PNG_COMPRESSION, 1])
            if not ok:
                raise OSError("the frame cannot be encoded as PNG")
            write_new_file(path, data.tobytes())
        except (OSError, cv2.error) as exc:
            # library: OSError's strerror, None for some
            failed.append(f"cannot write '{path}' ({getattr(exc, 'strerror', None) or exc}): "
                          f"the frames after {count[0]} are not saved")
            log.warning(failed[0])
            print(f"warning: {failed[0]}", file=sys.stderr)
            return
        count[0] += 1

    class Saving:
        def __init__(self, source: Any) -> None:
            self.source = source

        def read(self) -> np.ndarray | None:
            frame = self.source.read()
            if frame is not None and not failed:
                save(frame)
            return frame

        def close(self) -> None:
            self.source.close()

        @property
        def ended(self) -> bool:
            # probe: a video or a folder ends, a webcam does not
            return bool(getattr(self.source, "ended", False))

    return lambda: Saving(opener())
