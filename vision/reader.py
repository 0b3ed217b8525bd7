"""Read a board from one camera frame: markers -> homography -> cells -> tokens or tiles.

The pipeline, and why each step is there:

1. **Sanity of the frame.** A black frame (lens covered, camera off) and a frame too blurred to
   find markers get their own messages, so the person at the kiosk knows what to fix.
2. **Markers.** The four ArUco markers of the mat give the homography from sheet millimetres to
   frame pixels; three are enough (a sleeve may hide one). Markers of the *other* game's mat are
   recognised and reported as such.
3. **Rectification.** Only the grid blocks are warped, to a small top-down image with a fixed
   number of pixels per cell, so the cost does not depend on the camera resolution.
4. **Light.** The grid's vertices are always bare paper (tokens are round, tiles are smaller than
   their cells), so the paper colour measured at the four corners of a cell is that cell's
   white. Dividing by it removes uneven light, shadows and colour casts. Vertices that are not
   paper-like (skin, sleeves, deep shadows) mean something covers the board: no reading then.
5. **Classification.** Tokens (:mod:`vision.tokens`): colour, lightness and a round outline
   against the local white, at the place where the camera pose (:mod:`vision.pose`) puts a
   token's top; the players split by colour or lightness, calibrated on the image itself or, in
   live use, on the known start position. Tiles (:mod:`vision.tiles`): the ink of each cell
   against the shipped tile designs in every rotation, searched over the shifts and turns of a
   tile laid off its cell (normalised correlation); the hand spot and reserve slots likewise.

Nothing here imports pygame; :class:`VisionError` carries exit code 3 for the command line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import cv2
import numpy as np

from games.boards import UNKNOWN, BoardDescription, Grid, grid_from_rows
from games.budget import MB, budgeted
from games.ports import VISION_REASONS as VISION_REASONS  # the reader's refusals, named here too
from games.ports import CameraProblem
from vision.exposure import CLIPPED_SHARE, WASHED_SHARE, clipped_share, is_clipped, washed_share, washed_sheet
from vision.mats import MatLayout, game_of_marker, layout, profile, render_mat
from vision.pose import CameraPose, camera_pose
from vision.tiles import (
    BLUR_CELLS,
    DOUBT_GAP,
    EMPTY_INK,
    TIE_GAP,
    TileCache,
    centre_inks,
    ink,
    match_windows,
    measure_camera_blur,
    score_gaps,
    search_px,
    template_blur,
)
from vision.tokens import (
    ARC,
    ARC_MIN,
    C1,
    C2,
    COLOUR_NAMES,
    FEATURES,
    LIFT,
    LIFT_GAP,
    LIFT_MIN,
    LIFT_SURE,
    OWN,
    OWN_SHOWN,
    PALE_SHARE,
    L,
    TokenGeometry,
    TokenModel,
    apart,
    cell_features,
    classify_oneshot,
    colour_axis,
    grey,
    pale,
    presence,
)

#: Fewer pixels than this across a tile's cell and strokes blur together: a note says so.
MIN_TILE_PIXELS = 14
#: A frame darker than this (mean grey level) is black.
BLACK_LEVEL = 18.0
#: Variance of the Laplacian below which a frame without markers is called blurred.
BLUR_LEVEL = 40.0


class VisionError(Exception):
    """The frame cannot be read: ``reason`` is black, blurred, no_markers, wrong_game, out_of_view,
    covered or overexposed."""

    def __init__(self, reason: CameraProblem, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details or {}
        self.code = 3


@dataclass
class MatFix:
    """Where the mat is in a frame: one homography per sheet and the markers that gave them."""

    homographies: tuple[np.ndarray, ...]  # per sheet: sheet millimetres -> frame pixels
    marker_ids: tuple[int, ...]
    marker_corners: dict[int, np.ndarray]  # id -> 4 x 2 frame pixels

    @property
    def homography(self) -> np.ndarray:
        """The first (most often the only) sheet's homography."""
        return self.homographies[0]


@dataclass
class Reading:
    """One frame's reading of the board."""

    game: str
    grid: list[str] | list[list[str]]
    confidence: float
    fix: MatFix
    #: per-cell margin of the decision in 0..1 (rows x cols).
    cell_confidence: np.ndarray
    notes: list[str] = field(default_factory=list)
    #: Tile mats with spots: what lies on the hand spot and the reserve slots (``{"hand": "Z3", "reserve": [...]}``).
    extras: dict[str, Any] = field(default_factory=dict)
    #: The share of the paper at the sensor's ceiling (:func:`vision.exposure.clipped_share`).
    clipped: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        """The ``read-board --json`` form."""
        out = {
            "game": self.game,
            "grid": self.grid,
            "confidence": round(float(self.confidence), 3),
            "markers": list(self.fix.marker_ids),
            "notes": self.notes,
        }
        if self.extras:
            out.update(self.extras)
        return out

    @property
    def board_grid(self) -> Grid:
        """The grid as a board description's :data:`~games.boards.Grid` (tuples of cell codes)."""
        return grid_from_rows(self.grid)

    def cells(self) -> list[list[str]]:
        """The grid as rows of cell strings (``R``, ``B``, ``.`` or tiles such as ``Z3``)."""
        return [list(row) if isinstance(row, str) else list(row) for row in self.grid]


# --- frame checks and markers ----------------------------------------------------------------


def to_gray(frame: np.ndarray) -> np.ndarray:
    """A grey copy of a BGR (or already grey) frame."""
    if frame.ndim == 2:
        return frame
    return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)


def sharpness(gray: np.ndarray) -> float:
    """Variance of the Laplacian on a half-size copy: low means blurred."""
    small = cv2.resize(gray, (gray.shape[1] // 2, gray.shape[0] // 2), interpolation=cv2.INTER_AREA)
    return float(cv2.Laplacian(small, cv2.CV_32F).var())


@cache
def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)


def detect_markers(gray: np.ndarray) -> dict[int, np.ndarray]:
    """Every DICT_4X4_50 marker in the frame: id -> 4 x 2 corners (frame pixels)."""
    corners, ids, _ = _detector().detectMarkers(gray)
    found: dict[int, np.ndarray] = {}
    if ids is not None:
        for marker_id, quad in zip(ids.ravel(), corners, strict=True):
            found.setdefault(int(marker_id), quad.reshape(4, 2))
    return found


def check_frame(gray: np.ndarray) -> None:
    """Raise :class:`VisionError` for a black frame."""
    if gray.size == 0 or float(gray.mean()) < BLACK_LEVEL:
        raise VisionError(CameraProblem.BLACK, "the camera frame is black: is the lens covered or the light off?")


def locate_mat(frame: np.ndarray, mat: MatLayout) -> MatFix:
    """Find ``mat`` in the frame from its markers, or raise :class:`VisionError` saying why not."""
    gray = to_gray(frame)
    check_frame(gray)
    found = detect_markers(gray)
    ours = {mid: quad for mid, quad in found.items() if mid in mat.marker_ids}
    if len(ours) < len(mat.marker_ids):
        # Small or soft markers: look again at other scales (only when the first look fell short).
        for factor in (1.6, 0.5):
            scaled = cv2.resize(
                gray,
                None,
                fx=factor,
                fy=factor,
                interpolation=cv2.INTER_CUBIC if factor > 1 else cv2.INTER_AREA,
            )
            for mid, quad in detect_markers(scaled).items():
                found.setdefault(mid, quad / factor)
                if mid in mat.marker_ids:
                    ours.setdefault(mid, quad / factor)
            if len(ours) == len(mat.marker_ids):
                break
    short = [k for k, ids in enumerate(mat.sheet_markers) if sum(mid in ours for mid in ids) < 3]
    if short:
        others = sorted({g for mid in found if (g := game_of_marker(mid)) and g != mat.game})
        if others and len(ours) == 0:
            raise VisionError(
                CameraProblem.WRONG_GAME, f"this is a {others[0]} mat, not a {mat.game} mat", {"found_game": others[0]}
            )
        # Before calling the frame soft: a lamp's hot spot at the sensor's limit flattens detail
        # too, and washes out markers; less exposure brings them back.
        washed = washed_markers(frame, mat, ours, found)
        if washed is not None:
            missing = sum(mid not in ours for mid in mat.marker_ids)
            raise VisionError(
                CameraProblem.OVEREXPOSED,
                f"{missing} of the {mat.game} mat's markers are washed out: the picture is at the sensor's "
                "limit where they should be (lower the camera's exposure, or move the lamp away)",
                {"markers": sorted(ours), "clipped": round(washed, 3), "glare": True},
            )
        if sharpness(gray) < BLUR_LEVEL:
            raise VisionError(
                CameraProblem.BLURRED, "the camera frame is too blurred to find the mat's markers: focus or hold still"
            )
        sheet = f"sheet {short[0] + 1} of the {mat.game} mat" if mat.sheets > 1 else f"the {mat.game} mat"
        seen = sum(mid in ours for mid in mat.sheet_markers[short[0]])
        raise VisionError(
            CameraProblem.NO_MARKERS,
            f"{sheet} was not found: {seen} of its 4 markers are "
            "visible (each corner marker must be in view and uncovered)",
            {"markers": sorted(ours)},
        )
    fix = fix_from_markers(mat, ours)
    check_in_view(fix, mat, gray.shape)
    return fix


def washed_markers(
    frame: np.ndarray, mat: MatLayout, ours: dict[int, np.ndarray], found: dict[int, np.ndarray]
) -> float | None:
    """When missing markers are washed out at the sensor's limit, the share clipped at the worst
    one's place (:func:`vision.exposure.washed_share`, at least :data:`WASHED_SHARE`); else None.

    A sheet's missing markers are placed from the markers of it that were found (a homography
    from two or more, a similarity from one: a few pixels off at the far corner, enough to
    measure the place). With no marker found at all, nothing places them: the whole frame
    counts, washed out when as much of it is at the ceiling as makes paper too white
    (:data:`CLIPPED_SHARE`; auto-exposure never leaves a third of a normal room's picture there),
    or when the sheet itself is at the ceiling (:func:`vision.exposure.washed_sheet`: share 1.0).
    """
    if not found:
        share = clipped_share(frame.reshape(-1, frame.shape[2]) if frame.ndim == 3 else frame.reshape(-1, 1))
        if share >= CLIPPED_SHARE:
            return share
        # Or the sheet itself at the ceiling, in a darker room: a solid four-sided white patch.
        return 1.0 if washed_sheet(frame) is not None else None
    points = mat.marker_points()
    worst: float | None = None
    for ids in mat.sheet_markers:
        seen = [mid for mid in ids if mid in ours]
        if not seen or len(seen) == len(ids):
            continue
        src = np.vstack([points[mid] for mid in seen]).astype(np.float32)
        dst = np.vstack([ours[mid] for mid in seen]).astype(np.float32)
        if len(seen) >= 2:
            homography, _ = cv2.findHomography(src, dst, 0)
        else:
            affine, _ = cv2.estimateAffinePartial2D(src, dst)
            homography = None if affine is None else np.vstack([affine, [0.0, 0.0, 1.0]])
        if homography is None:
            continue
        for mid in ids:
            if mid in ours:
                continue
            quad = cv2.perspectiveTransform(points[mid][None].astype(np.float32), homography)[0]
            washed = washed_share(frame, quad)
            if washed is not None and washed > WASHED_SHARE:
                worst = max(worst or 0.0, washed)
    return worst


def check_in_view(fix: MatFix, mat: MatLayout, shape: tuple[int, ...]) -> None:
    """Raise :class:`VisionError` when part of the grid (with its paper ring) is outside the frame."""
    pad = mat.cell * 0.5
    h, w = shape[:2]
    for block, (bx, by, bw, bh) in enumerate(mat.blocks):
        corners = [
            (bx - pad, by - pad),
            (bx + bw + pad, by - pad),
            (bx + bw + pad, by + bh + pad),
            (bx - pad, by + bh + pad),
        ]
        homography = fix.homographies[mat.block_sheet[block]]
        points = cv2.perspectiveTransform(np.array([corners], np.float32), homography)[0]
        if points.min() < 0 or points[:, 0].max() > w - 1 or points[:, 1].max() > h - 1:
            raise VisionError(
                CameraProblem.OUT_OF_VIEW, "part of the board is outside the camera's view: move the mat or the camera"
            )


def cell_pixels(fix: MatFix, mat: MatLayout) -> float:
    """How many frame pixels a cell's side spans, on average over the grid blocks' centres."""
    sizes = []
    for block, (bx, by, bw, bh) in enumerate(mat.blocks):
        cx, cy = bx + bw / 2, by + bh / 2
        pts = np.array([[[cx, cy], [cx + mat.cell, cy], [cx, cy + mat.cell]]], np.float32)
        p = cv2.perspectiveTransform(pts, fix.homographies[mat.block_sheet[block]])[0]
        sizes += [float(np.linalg.norm(p[1] - p[0])), float(np.linalg.norm(p[2] - p[0]))]
    return float(np.mean(sizes))


def fix_from_markers(mat: MatLayout, ours: dict[int, np.ndarray]) -> MatFix:
    """Each sheet's homography from the detected corners of at least three of its markers."""
    points = mat.marker_points()
    homographies = []
    for ids in mat.sheet_markers:
        seen = [mid for mid in sorted(ours) if mid in ids]
        src = np.vstack([points[mid] for mid in seen])
        dst = np.vstack([ours[mid] for mid in seen]).astype(np.float32)
        homography, _ = cv2.findHomography(src, dst, 0)
        if homography is None:
            raise VisionError(CameraProblem.NO_MARKERS, "the mat's markers are in an impossible arrangement")
        homographies.append(homography)
    return MatFix(tuple(homographies), tuple(sorted(ours)), ours)


# --- rectified cells and the paper at the vertices --------------------------------------------


@dataclass
class Rectified:
    """The grid blocks seen from above: one image per block, and where each cell is in them."""

    images: list[np.ndarray]
    ppc: int
    margin: int
    #: for each cell (r, c): (block index, row in block, col in block).
    where: list[list[tuple[int, int, int]]]


def rectify(frame: np.ndarray, mat: MatLayout, fix: MatFix, ppc: int) -> Rectified:
    """Warp each grid block to ``ppc`` pixels per cell (plus a margin of half a cell)."""
    margin = ppc // 2 + 2
    images = []
    for block, (bx, by, bw, bh) in enumerate(mat.blocks):
        cols, rows = round(bw / mat.cell), round(bh / mat.cell)
        mm_per_px = mat.cell / ppc
        # rectified pixel -> sheet mm (pixel centres at +0.5).
        to_sheet = np.array(
            [
                [mm_per_px, 0, bx - (margin - 0.5) * mm_per_px],
                [0, mm_per_px, by - (margin - 0.5) * mm_per_px],
                [0, 0, 1],
            ]
        )
        size = (cols * ppc + 2 * margin, rows * ppc + 2 * margin)
        images.append(
            cv2.warpPerspective(
                frame,
                fix.homographies[mat.block_sheet[block]] @ to_sheet,
                size,
                flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                borderMode=cv2.BORDER_REPLICATE,
            )
        )
    where = [[(0, 0, 0)] * mat.cols for _ in range(mat.rows)]
    for r in range(mat.rows):
        for c in range(mat.cols):
            x, y = mat.origins[r][c]
            b = mat.block_of_cell(r, c)
            bx, by, _, _ = mat.blocks[b]
            where[r][c] = (b, round((y - by) / mat.cell), round((x - bx) / mat.cell))
    return Rectified(images, ppc, margin, where)


def _patch_percentile(image: np.ndarray, ys: np.ndarray, xs: np.ndarray, half: int) -> np.ndarray:
    """The 80th percentile colour of a small square patch around each (y, x): N x 3 float32.

    Bright paper wins over thin grid lines and over the edge of a token reaching into the patch.
    """
    offsets = np.arange(-half, half + 1)
    yy = np.clip(ys[:, None, None] + offsets[None, :, None], 0, image.shape[0] - 1)
    xx = np.clip(xs[:, None, None] + offsets[None, None, :], 0, image.shape[1] - 1)
    patches = image[yy, xx].reshape(len(ys), -1, image.shape[2]).astype(np.float32)
    return np.percentile(patches, 80, axis=1).astype(np.float32)


def vertex_paper(image: np.ndarray, rows: int, cols: int, ppc: int, margin: int) -> np.ndarray:
    """The paper colour at each grid vertex: (rows + 1) x (cols + 1) x 3 float32."""
    ys, xs = np.meshgrid(margin + np.arange(rows + 1) * ppc, margin + np.arange(cols + 1) * ppc, indexing="ij")
    colours = _patch_percentile(image, ys.ravel(), xs.ravel(), max(2, int(ppc * 0.13)))
    return colours.reshape(rows + 1, cols + 1, 3)


def ring_samples(
    rows: int, cols: int, ppc: int, margin: int, offset: float = 0.3
) -> tuple[np.ndarray, np.ndarray, list[tuple[int, int]]]:
    """Points on a ring ``offset`` cells outside a grid block, one per border cell side, and that cell."""
    out = int(round(offset * ppc))
    ys, xs, cells = [], [], []
    for c in range(cols):
        x = margin + int((c + 0.5) * ppc)
        ys += [margin - out, margin + rows * ppc + out]
        xs += [x, x]
        cells += [(0, c), (rows - 1, c)]
    for r in range(rows):
        y = margin + int((r + 0.5) * ppc)
        ys += [y, y]
        xs += [margin - out, margin + cols * ppc + out]
        cells += [(r, 0), (r, cols - 1)]
    return np.array(ys), np.array(xs), cells


def paper_validity(white: np.ndarray) -> np.ndarray:
    """True where a vertex looks like the mat's paper (not a hand, a sleeve or a deep shadow)."""
    flat = white.reshape(-1, 3)
    brightness = flat.mean(axis=1)
    chroma = flat / np.maximum(brightness[:, None], 1.0)
    reference = (
        np.median(chroma[brightness > np.median(brightness) * 0.5], axis=0)
        if np.any(brightness > np.median(brightness) * 0.5)
        else np.median(chroma, axis=0)
    )
    chroma_off = np.abs(chroma - reference).max(axis=1)
    bright_ok = brightness > 0.15 * np.percentile(brightness, 90)
    return ((chroma_off < 0.14) & bright_ok).reshape(white.shape[:2])


def fill_paper(white: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """The vertex whites with every vertex that is not paper replaced by the mean of the nearest
    valid ones (a growing window; the median of all valid vertices if none is near)."""
    filled = white.copy()
    if valid.all():
        return filled
    if not valid.any():
        return filled
    rows, cols = valid.shape
    fallback = np.median(white[valid], axis=0)
    for i, j in zip(*np.nonzero(~valid), strict=True):
        for reach in (1, 2, 3):
            window = np.s_[max(0, i - reach) : i + reach + 1, max(0, j - reach) : j + reach + 1]
            near = white[window][valid[window]]
            if len(near):
                filled[i, j] = near.mean(axis=0)
                break
        else:
            filled[i, j] = fallback
    return filled


def cell_whites(white: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """Each cell's white: the mean of its corners, corners that are not paper (a tall token leaning
    over them, a shadow's edge) taken from the nearest paper."""
    filled = fill_paper(white, valid)
    corners = np.stack([filled[:-1, :-1], filled[:-1, 1:], filled[1:, :-1], filled[1:, 1:]], axis=2)
    return corners.mean(axis=2).astype(np.float32)


@dataclass
class CellPaper:
    """The paper seen around every cell: validity of the vertices and the cells' whites."""

    valid: list[np.ndarray]  # per block: (rows+1) x (cols+1) bool
    whites: list[np.ndarray]  # per block: rows x cols x 3
    covered: list[tuple[int, int]]
    samples: np.ndarray  # every vertex and ring sample, N x 3 (the calibration reference)
    vertex_colours: list[np.ndarray] = field(default_factory=list)  # per block: (rows+1) x (cols+1) x 3
    ring_covered: set[tuple[int, int]] = field(default_factory=set)  # cells next to a ring sample that is not paper
    #: per block: vertices that look like paper but changed since calibration (a tile laid over
    #: them, or a sleeve the colour of paper).
    changed: list[np.ndarray] = field(default_factory=list)
    #: The share of the paper-like samples at the sensor's ceiling (white tokens invisible).
    clipped: float = 0.0
    #: per block: the ring samples' colours (N x 3), validity and the border cell beside each,
    #: and where each lies in the block's rectified image (y, x).
    rings: list[tuple[np.ndarray, np.ndarray, list[tuple[int, int]], np.ndarray, np.ndarray]] = field(
        default_factory=list)
    #: The inner ring's colours (all blocks, N x 3): a third of the way from the grid to the ring,
    #: one beside each ring sample (:data:`INNER_RING`).
    inner: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), np.float32))
    #: The colours (N x 3) of samples not paper-coloured that the print around them showed to be
    #: paper in another light (:meth:`BoardReader._excuse_light`): the room's light beyond a lamp's pool.
    other_light: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), np.float32))


def covered_cells(
    valid: list[np.ndarray], ring_covered: set[tuple[int, int]], rect: Rectified, mat: MatLayout
) -> list[tuple[int, int]]:
    """Cells with two or more corners that are not paper, or next to a spoilt ring sample."""
    hidden_in_block = []
    for v in valid:
        corners_ok = v[:-1, :-1].astype(int) + v[:-1, 1:] + v[1:, :-1] + v[1:, 1:]
        hidden_in_block.append({(int(r), int(c)) for r, c in zip(*np.nonzero(corners_ok <= 2), strict=True)})
    return [
        (r, c)
        for r in range(mat.rows)
        for c in range(mat.cols)
        if (r, c) in ring_covered or (rect.where[r][c][1], rect.where[r][c][2]) in hidden_in_block[rect.where[r][c][0]]
    ]


#: A grid vertex or ring sample that is not paper-coloured is still paper, in another light (a
#: desk lamp's pool ending on the grid: the paper beyond it lit by the room's light alone, darker
#: and bluer), when the print around it is seen: the frame there correlates with the printed mat
#: at least this well (normalised, within 2 px). Paper in a lamp's pool edge: 0.7-0.9 on rendered
#: stands at the exposure the live board keeps; a hand or a sleeve over the print: 0.45 at most.
PRINT_SEEN = 0.55
#: Both the frame and the print are blurred this much (px) before they are compared: the lines
#: are 1-2 px wide, the sensor's noise 1 px (3 stops under, the correlation of paper in the room's
#: light goes from 0.2-0.5 to 0.3-0.65; a hand's stays under 0.25).
PRINT_BLUR = 0.8
#: The square read around a vertex for its print, this share of a cell either side (a tile laid
#: off its cell reaches closer than that to few vertices).
PRINT_HALF = 0.3


@budgeted(4 * MB)
def printed_blocks(mat: MatLayout, ppc: int, margin: int) -> tuple[np.ndarray, ...]:
    """Each grid block's print as :func:`rectify` shows it (grey, float32): the grid's lines and
    the mat's own lines, without the cells' names (mats are printed with and without them, and
    they lie beyond what :func:`print_seen` reads), as :func:`print_gray` gives a frame's."""
    scale = 2  # drawn finer, then averaged down as the camera's pixels average the print
    px_per_mm = ppc / mat.cell
    out = []
    for block, (bx, by, bw, bh) in enumerate(mat.blocks):
        fine = cv2.cvtColor(render_mat(mat, px_per_mm * scale, mat.block_sheet[block], names=False),
                            cv2.COLOR_BGR2GRAY)
        grey = cv2.resize(fine, None, fx=1 / scale, fy=1 / scale, interpolation=cv2.INTER_AREA)
        cols, rows = round(bw / mat.cell), round(bh / mat.cell)
        # Pixel u of ``grey`` is centred on (u + 0.5) / px_per_mm mm, rectified pixel x on
        # bx + (x - margin + 0.5) / px_per_mm mm: a shift.
        shift = np.array([[1.0, 0.0, margin - bx * px_per_mm], [0.0, 1.0, margin - by * px_per_mm]])
        shown = cv2.warpAffine(grey, shift, (cols * ppc + 2 * margin, rows * ppc + 2 * margin),
                               flags=cv2.INTER_LINEAR, borderValue=255)
        out.append(print_gray(cv2.cvtColor(shown, cv2.COLOR_GRAY2BGR)))
    return tuple(out)


def print_gray(image: np.ndarray) -> np.ndarray:
    """A rectified block (BGR) as :func:`print_seen` compares it with the print: grey, divided by
    the paper's light around each pixel (the grid's lines taken out by a 5 px dilation: a lamp's
    pool ending across a vertex is no print), blurred by :data:`PRINT_BLUR`."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    light = cv2.GaussianBlur(cv2.dilate(gray, np.ones((5, 5), np.uint8)), (0, 0), 2.0)
    return cv2.GaussianBlur(255.0 * gray / np.maximum(light, 4.0), (0, 0), PRINT_BLUR)


def print_seen(gray: np.ndarray, printed: np.ndarray, box: tuple[int, int, int, int], search: int = 2) -> float:
    """How well the frame's grey ``gray`` shows the print ``printed`` (both rectified) in ``box``
    (y0, y1, x0, x1): the best normalised correlation within ``search`` pixels (the fix's
    error); 0 where nothing is printed or the frame is flat there."""
    h, w = gray.shape
    y0, y1, x0, x1 = box
    y0, x0, y1, x1 = max(y0, search), max(x0, search), min(y1, h - search), min(x1, w - search)
    if y1 - y0 < 3 or x1 - x0 < 3:
        return 0.0
    template = printed[y0:y1, x0:x1]
    if float(cv2.meanStdDev(template)[1][0, 0]) < 4.0:
        return 0.0
    seen = gray[y0 - search : y1 + search, x0 - search : x1 + search]
    # A flat patch of the frame gives NaN or inf (no correlation): 0.
    best = float(cv2.minMaxLoc(cv2.matchTemplate(seen, template, cv2.TM_CCOEFF_NORMED))[1])
    return best if math.isfinite(best) and best <= 1.0001 else 0.0


def ring_strip(y: int, x: int, rows: int, cols: int, ppc: int, margin: int) -> tuple[int, int, int, int]:
    """The box (y0, y1, x0, x1) read for a ring sample's print: its border cell's side of the
    grid, from a quarter cell inside to just past the sample (the grid's edge line and the cell's
    lines reaching it: what an arm crossing the ring into that cell hides)."""
    if y < margin or y > margin + rows * ppc:  # above or below the grid
        edge = margin if y < margin else margin + rows * ppc
        c = (x - margin) // ppc
        inward = ppc // 4
        y0, y1 = (y - 4, edge + inward) if y < margin else (edge - inward, y + 5)
        return y0, y1, margin + c * ppc - 2, margin + (c + 1) * ppc + 3
    edge = margin if x < margin else margin + cols * ppc
    r = (y - margin) // ppc
    inward = ppc // 4
    x0, x1 = (x - 4, edge + inward) if x < margin else (edge - inward, x + 5)
    return margin + r * ppc - 2, margin + (r + 1) * ppc + 3, x0, x1


def changed_since(samples: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """True where a paper sample changed since calibration beyond a global change of light."""
    ratio = (samples + 4) / (reference + 4)
    ratio = ratio / np.median(ratio, axis=0)
    return np.abs(np.log(ratio)).max(axis=1) > 0.25


#: The inner ring lies this share of the ring's distance out from the grid (tokens: 5 mm).
INNER_RING = 1 / 3


def measure_paper(
    rect: Rectified, mat: MatLayout, reference: np.ndarray | None = None, ring_offset: float = 0.3,
    inner_reference: np.ndarray | None = None,
) -> CellPaper:
    """Paper colour and validity at every vertex and around the grid, and which cells are covered.

    A cell counts as covered when two of its corners are not paper, or when the ring of paper
    just outside the grid (which no token reaches, and which an arm must cross) is not paper
    next to it. (Tall tokens seen at a steep angle can hide vertices: see
    :meth:`BoardReader._excuse_tokens`.)
    With a ``reference`` (the samples of the calibration frame), a sample that changed since
    then is not paper either: in live use a sleeve of any colour is caught. With an
    ``inner_reference`` too (the inner ring at calibration), a ring sample that changed leaves its
    border cell readable when the inner ring beside it (between it and the grid) did not change
    and the cell's corners are paper: something resting on the margin (an arm leaning on the
    sheet's edge, fingers over a corner marker) that does not reach the cell; a hand reaching
    into a border cell from outside crosses the inner ring too.
    """
    whites, rings, shapes, inner = [], [], [], []
    for image, (_, _, bw, bh) in zip(rect.images, mat.blocks, strict=True):
        rows, cols = round(bh / mat.cell), round(bw / mat.cell)
        whites.append(vertex_paper(image, rows, cols, rect.ppc, rect.margin))
        ys, xs, ring_cells = ring_samples(rows, cols, rect.ppc, rect.margin, ring_offset)
        rings.append((_patch_percentile(image, ys, xs, max(2, int(rect.ppc * 0.08))), ring_cells))
        ys, xs, _ = ring_samples(rows, cols, rect.ppc, rect.margin, ring_offset * INNER_RING)
        inner.append(_patch_percentile(image, ys, xs, max(2, int(rect.ppc * 0.08))))
        shapes.append((rows, cols))
    inner_all = np.concatenate(inner) if inner else np.zeros((0, 3), np.float32)
    # One paper for the whole mat: validity is judged against every sample together.
    samples = np.concatenate([w.reshape(-1, 3) for w in whites] + [c for c, _ in rings])
    valid_all = paper_validity(samples[:, None, :]).ravel()
    clipped = clipped_share(samples[valid_all])
    if reference is not None and reference.shape == samples.shape:
        paper_like = valid_all.copy()
        valid_all &= ~changed_since(samples, reference)
        changed_all = paper_like & ~valid_all
    else:
        changed_all = np.zeros(len(samples), bool)
    valid_blocks, ring_valid, cursor = [], [], 0
    changed_blocks = []
    for white in whites:
        n = white.shape[0] * white.shape[1]
        valid_blocks.append(valid_all[cursor : cursor + n].reshape(white.shape[:2]))
        changed_blocks.append(changed_all[cursor : cursor + n].reshape(white.shape[:2]))
        cursor += n
    for colours, _ in rings:
        ring_valid.append(valid_all[cursor : cursor + len(colours)])
        cursor += len(colours)
    inner_clear = np.zeros(len(inner_all), bool)
    if reference is not None and reference.shape == samples.shape and inner_reference is not None \
            and inner_reference.shape == inner_all.shape:
        light = np.median((samples + 4) / (reference + 4), axis=0)
        inner_clear = np.abs(np.log((inner_all + 4) / (inner_reference + 4) / light)).max(axis=1) <= 0.25
    ring_covered = set()
    k = 0
    for b, (_, ring_cells) in enumerate(rings):
        for (rr, cc), ok in zip(ring_cells, ring_valid[b], strict=True):
            corners = valid_blocks[b][rr : rr + 2, cc : cc + 2]
            if not ok and not (inner_clear[k] and corners.all()):
                ring_covered |= {
                    (r, c) for r in range(mat.rows) for c in range(mat.cols) if rect.where[r][c] == (b, rr, cc)
                }
            k += 1
    covered = covered_cells(valid_blocks, ring_covered, rect, mat)
    cell_white = [cell_whites(w, v) for w, v in zip(whites, valid_blocks, strict=True)]
    ring_info = [(colours, ring_valid[b], cells, *ring_samples(*shapes[b], rect.ppc, rect.margin, ring_offset)[:2])
                 for b, (colours, cells) in enumerate(rings)]
    return CellPaper(valid_blocks, cell_white, covered, samples, whites, ring_covered, changed_blocks, clipped,
                     ring_info, inner_all)


# --- tokens ---------------------------------------------------------------------------------


def token_windows(rect: Rectified, mat: MatLayout, pad: int) -> np.ndarray:
    """Every cell's image with ``pad`` pixels around it: (rows * cols, ppc + 2 pad, ppc + 2 pad, 3)."""
    ppc, m = rect.ppc, rect.margin
    size = ppc + 2 * pad
    out = np.zeros((mat.rows * mat.cols, size, size, 3), np.uint8)
    for r in range(mat.rows):
        for c in range(mat.cols):
            b, rr, cc = rect.where[r][c]
            y0, x0 = m + rr * ppc - pad, m + cc * ppc - pad
            image = rect.images[b]
            window = image[max(0, y0) : y0 + size, max(0, x0) : x0 + size]
            if window.shape[:2] != (size, size):
                window = cv2.copyMakeBorder(
                    window, max(0, -y0), size - window.shape[0] - max(0, -y0), max(0, -x0),
                    size - window.shape[1] - max(0, -x0), cv2.BORDER_REPLICATE,
                )
            out[r * mat.cols + c] = window
    return out


def top_shifts(mat: MatLayout, pose: CameraPose, height_mm: float, ppc: int) -> np.ndarray:
    """Per cell, where the top of a token of ``height_mm`` appears against its base: px (x, y)."""
    shifts = np.zeros((mat.rows * mat.cols, 2), np.float32)
    for r in range(mat.rows):
        for c in range(mat.cols):
            x, y = mat.center(r, c)
            dx, dy = pose.top_shift(x, y, height_mm)
            shifts[r * mat.cols + c] = (dx * ppc / mat.cell, dy * ppc / mat.cell)
    return shifts


# --- tiles ----------------------------------------------------------------------------------


def tile_windows(rect: Rectified, paper: CellPaper, mat: MatLayout) -> np.ndarray:
    """The ink of every cell and ``search_px`` around it, against the paper's white there:
    (rows * cols, ppc + 2s, ppc + 2s) float32."""
    ppc, m = rect.ppc, rect.margin
    s = search_px(ppc)
    size = ppc + 2 * s
    out = np.zeros((mat.rows * mat.cols, size, size), np.float32)
    for b, image in enumerate(rect.images):
        whites = np.maximum(paper.whites[b].mean(axis=2), 8.0)
        rows, cols = whites.shape
        # The white of every pixel: each cell's own, continued into the margin around the grid.
        white_map = np.repeat(np.repeat(whites, ppc, axis=0), ppc, axis=1)
        white_map = cv2.copyMakeBorder(white_map, m, image.shape[0] - m - rows * ppc, m,
                                       image.shape[1] - m - cols * ppc, cv2.BORDER_REPLICATE)
        block_ink = ink(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32) / white_map)
        for r in range(mat.rows):
            for c in range(mat.cols):
                bb, rr, cc = rect.where[r][c]
                if bb == b:
                    y0, x0 = m + rr * ppc - s, m + cc * ppc - s
                    out[r * mat.cols + c] = block_ink[y0 : y0 + size, x0 : x0 + size]
    return out


#: Pixels per cell of the second look at a near tie (:data:`vision.tiles.TIE_GAP`): the same
#: camera pixels warped finer, so that the shifts and turns searched fall between the first
#: look's pixels. (Over the photoreal tile stands, read at 20: the near ties' answers at 32 were
#: all right, their gaps 0.005 or wider, 0.05 or wider but for 3 of 44.)
FINE_PPC = 32


def fine_tile_windows(
    frame: np.ndarray, fix: MatFix, mat: MatLayout, paper: CellPaper, where: list[list[tuple[int, int, int]]],
    cells: np.ndarray, ppc: int = FINE_PPC,
) -> np.ndarray:
    """:func:`tile_windows` of just the ``cells`` (indices ``r * cols + c``) at ``ppc``, each
    warped straight from ``frame``: (len(cells), ppc + 2s, ppc + 2s) float32."""
    gray = to_gray(frame)
    s = search_px(ppc)
    size = ppc + 2 * s
    mm_per_px = mat.cell / ppc
    out = np.zeros((len(cells), size, size), np.float32)
    # Which cell's white each pixel of a window takes: its own cell's, the neighbours' beyond
    # its border, the border cell's past the grid (as :func:`tile_windows` does).
    steps = np.floor((np.arange(size) - s) / ppc).astype(int)
    for k, index in enumerate(cells):
        r, c = divmod(int(index), mat.cols)
        x, y = mat.origins[r][c]
        b, rr, cc = where[r][c]
        to_sheet = np.array([[mm_per_px, 0, x - (s - 0.5) * mm_per_px],
                             [0, mm_per_px, y - (s - 0.5) * mm_per_px], [0, 0, 1]])
        patch = cv2.warpPerspective(gray, fix.homographies[mat.block_sheet[b]] @ to_sheet, (size, size),
                                    flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
        whites = np.maximum(paper.whites[b].mean(axis=2), 8.0)
        ys = np.clip(rr + steps, 0, whites.shape[0] - 1)
        xs = np.clip(cc + steps, 0, whites.shape[1] - 1)
        out[k] = ink(patch.astype(np.float32) / whites[ys[:, None], xs[None, :]])
    return out


#: Windows of some cells (indices) seen finer, at :data:`FINE_PPC` (:func:`fine_tile_windows`).
FineLook = Callable[[np.ndarray], np.ndarray]


def classify_tiles(
    rect: Rectified, paper: CellPaper, mat: MatLayout, memory: TileCache | None = None,
    fine: FineLook | None = None, cell_px: float | None = None,
) -> tuple[list[list[str]], np.ndarray]:
    """Design and rotation of the tile on each cell (``.`` empty, ``?`` unknown), and margins.

    The templates are seen through the camera's blur, measured on the tiles in view
    (:func:`camera_blur`) for cells ``cell_px`` camera pixels wide (None: as wide as the
    reading's cells). With ``memory`` (live use), a cell whose ink has not changed keeps its
    last answer; with ``fine``, a near tie between two designs is looked at again, finer
    (:func:`settle_ties`)."""
    windows = tile_windows(rect, paper, mat)
    pixels = float(cell_px or rect.ppc)
    sigma = camera_blur(windows, rect.ppc, mat, memory, pixels)
    labels, margins = classify_with_memory(windows, rect.ppc, mat, memory, "cell", fine,
                                           lambda ppc: template_blur(sigma, ppc, pixels))
    grid = [labels[r * mat.cols : (r + 1) * mat.cols] for r in range(mat.rows)]
    return grid, margins.reshape(mat.rows, mat.cols)


def camera_blur(windows: np.ndarray, ppc: int, mat: MatLayout, memory: TileCache | None, cell_px: float) -> float:
    """The camera's blur (sigma, camera pixels; :func:`vision.tiles.measure_camera_blur`) on the
    grid's ink ``windows``. Live (``memory``), it is kept with the answers and measured again only
    when twice as many tiles lie on the mat as it was measured on (up to
    :data:`~vision.tiles.BLUR_CELLS`): the game starts on an empty mat. A new measure makes the
    kept answers, given under the old one, be read again."""
    if memory is None:
        return measure_camera_blur(windows, ppc, mat.tile_mm / mat.cell, mat.tile_faces, cell_px)[0]
    if memory.ppc != ppc:  # answers and blur at another resolution (:func:`classify_with_memory`)
        memory.clear()
        memory.ppc = ppc
    if memory.blur_cells >= BLUR_CELLS[1]:
        return memory.camera_blur
    tiles = int((centre_inks(windows, ppc) >= EMPTY_INK).sum())
    if memory.blur_cells == 0 or tiles >= 2 * memory.blur_cells:
        sigma, cells = measure_camera_blur(windows, ppc, mat.tile_mm / mat.cell, mat.tile_faces, cell_px)
        if sigma != memory.camera_blur:
            memory.cells.clear()
        memory.camera_blur, memory.blur_cells = sigma, cells
    return memory.camera_blur


def settle_ties(
    labels: list[str], margins: np.ndarray, per_face: np.ndarray, ppc: int, mat: MatLayout, fine: FineLook,
    blur: float = 0.0,
) -> None:
    """Settle the near ties (in place): cells whose best design beat the next by less than
    :data:`~vision.tiles.TIE_GAP` are looked at again at :data:`FINE_PPC` (``fine``) when the
    first look was coarser, and each design scored by both looks together. A tie that stays
    (closer than :data:`~vision.tiles.DOUBT_GAP`) becomes ``?``: a design is never a coin flip,
    the player is asked instead. ``blur``: the templates' blur at :data:`FINE_PPC`."""
    names = [face.code for face in mat.tile_faces]
    gaps = score_gaps(per_face)
    ties = np.flatnonzero((gaps < TIE_GAP) & np.array([label not in (".", UNKNOWN) for label in labels]))
    if len(ties) and ppc < FINE_PPC:
        _, _, _, fine_scores = match_windows(fine(ties), FINE_PPC, mat.tile_mm / mat.cell, mat.tile_faces, blur)
        # A window empty at the second look (nan) leaves no design winning: it is doubted.
        both = np.nan_to_num((per_face[ties] + fine_scores) / 2, nan=0.0)
        both_gaps = np.where(np.isnan(fine_scores).any(axis=1), 0.0, score_gaps(both))
        for k, scores, gap in zip(ties, both, both_gaps, strict=True):
            labels[k] = names[int(np.argmax(scores))]
            margins[k] = float(np.clip(gap / 0.2, 0, 1))
            gaps[k] = gap
    for k in np.flatnonzero(gaps < DOUBT_GAP):
        labels[k] = UNKNOWN


def classify_with_memory(
    windows: np.ndarray, ppc: int, mat: MatLayout, memory: TileCache | None, kind: str,
    fine: FineLook | None = None, blur: Callable[[int], float] | None = None,
) -> tuple[list[str], np.ndarray]:
    """:func:`vision.tiles.match_windows` for the tiles of ``mat``, skipping the windows whose
    ink has not changed since ``memory`` last saw them (its entry ``kind``); with ``fine`` (the
    windows' cells seen finer), near ties settled by :func:`settle_ties`. ``blur``: the
    templates' blur at a number of pixels per cell (:func:`vision.tiles.template_blur`; None:
    none)."""
    blur = blur or (lambda _: 0.0)
    n = len(windows)
    labels: list[str] = ["."] * n
    margins = np.ones(n, np.float32)
    small = windows[:, ::2, ::2]
    todo = np.arange(n)
    known = memory.cells.get(kind) if memory is not None else None
    if memory is not None and memory.ppc != ppc:
        memory.clear()
        memory.ppc = ppc
        known = None
    if known is not None and known[0].shape == small.shape:
        same = np.abs(known[0] - small).mean(axis=(1, 2)) < 0.02
        for k in np.flatnonzero(same):
            labels[k], margins[k] = known[1][k], known[2][k]
        todo = np.flatnonzero(~same)
    if len(todo):
        new_labels, new_margins, _, per_face = match_windows(
            windows[todo], ppc, mat.tile_mm / mat.cell, mat.tile_faces, blur(ppc))
        if fine is not None:  # the grid's cells (the spots keep the first look's answer)
            settle_ties(new_labels, new_margins, per_face, ppc, mat, lambda ties: fine(todo[ties]), blur(FINE_PPC))
        for k, label, margin in zip(todo, new_labels, new_margins, strict=True):
            labels[k], margins[k] = label, float(margin)
    if memory is not None:
        memory.cells[kind] = (small.copy(), list(labels), margins.copy())
    return labels, margins


#: A spot's ring pixel darker than this share of what it was at calibration is not paper any
#: more (a hand, a finger).
SPOT_DARK = 0.7
#: A spot whose ring has more than this share of such pixels is covered.
SPOT_COVERED_SHARE = 0.15


@dataclass(frozen=True)
class SpotArea:
    """One sheet's spots warped together: the area's corner on the sheet (mm), its size (px),
    and each spot's name and top-left pixel there (its window plus the search margin and ring)."""

    sheet: int
    x0: float
    y0: float
    size: tuple[int, int]
    spots: tuple[tuple[str, int, int], ...]


@budgeted(4 * MB)
def spot_areas(mat: MatLayout, ppc: int) -> tuple[SpotArea, ...]:
    """Where the spots of each sheet lie, in the warped areas :func:`spot_patches` reads."""
    s, guard = search_px(ppc), spot_guard(ppc)
    mm_per_px = mat.cell / ppc
    areas = []
    for sheet in range(mat.sheets):
        spots = [(name, x, y) for name, k, x, y in mat.spots if k == sheet]
        if not spots:
            continue
        x0 = min(x for _, x, _ in spots) - (s + guard) * mm_per_px
        y0 = min(y for _, _, y in spots) - (s + guard) * mm_per_px
        x1 = max(x for _, x, _ in spots) + mat.cell + (s + guard) * mm_per_px
        y1 = max(y for _, _, y in spots) + mat.cell + (s + guard) * mm_per_px
        size = (int(math.ceil((x1 - x0) / mm_per_px)), int(math.ceil((y1 - y0) / mm_per_px)))
        corners = tuple(
            (name, int(round((x - x0) / mm_per_px)) - s - guard, int(round((y - y0) / mm_per_px)) - s - guard)
            for name, x, y in spots
        )
        areas.append(SpotArea(sheet, x0, y0, size, corners))
    return tuple(areas)


def spot_guard(ppc: int) -> int:
    """The width in pixels of the ring of paper read around each spot."""
    return max(3, ppc // 5)


def _ring(patch: np.ndarray, guard: int) -> np.ndarray:
    """The ``guard``-wide border of a square patch, as a flat array of its pixels."""
    pixel = patch.shape[2:]
    return np.concatenate([patch[:guard].reshape(-1, *pixel), patch[-guard:].reshape(-1, *pixel),
                           patch[:, :guard].reshape(-1, *pixel), patch[:, -guard:].reshape(-1, *pixel)])


@budgeted(8 * MB)
def spot_ring_paper(mat: MatLayout, ppc: int) -> tuple[np.ndarray, ...]:
    """For each spot, which of its ring pixels are blank paper on the printed mat: the spots'
    labels ("MAIN / HAND", "RESERVE") lie partly in their rings and must not count as a hand.
    The print is drawn at the reading's scale; ink is widened by 2 px for the fix's error."""
    guard = spot_guard(ppc)
    px_per_mm = ppc / mat.cell
    size = ppc + 2 * (search_px(ppc) + guard)
    masks = []
    for area in spot_areas(mat, ppc):
        printed = cv2.cvtColor(render_mat(mat, px_per_mm, area.sheet), cv2.COLOR_BGR2GRAY)
        shift = np.array([[1.0, 0.0, -area.x0 * px_per_mm], [0.0, 1.0, -area.y0 * px_per_mm]])
        crop = cv2.warpAffine(printed, shift, area.size, flags=cv2.INTER_AREA, borderValue=255)
        ink = cv2.dilate((crop < 230).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
        for _, px, py in area.spots:
            masks.append(~_ring(ink[py : py + size, px : px + size], guard))
    return tuple(masks)


def spot_patches(
    frame: np.ndarray, mat: MatLayout, fix: MatFix, ppc: int
) -> tuple[list[str], list[np.ndarray], list[np.ndarray]]:
    """The spots off the grid, warped sheet by sheet like cells: their names, grey windows (the
    spot and the search margin around it) and the blank paper of the ring just outside (N x 3
    pixels; printed labels left out)."""
    guard = spot_guard(ppc)
    size = ppc + 2 * (search_px(ppc) + guard)
    mm_per_px = mat.cell / ppc
    windows, rings, names = [], [], []
    blank = iter(spot_ring_paper(mat, ppc))
    for area in spot_areas(mat, ppc):
        to_sheet = np.array([[mm_per_px, 0, area.x0 + 0.5 * mm_per_px], [0, mm_per_px, area.y0 + 0.5 * mm_per_px],
                             [0, 0, 1]])
        warped = cv2.warpPerspective(
            frame, fix.homographies[area.sheet] @ to_sheet, area.size,
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE,
        )
        for name, px, py in area.spots:
            patch = warped[py : py + size, px : px + size]
            rings.append(_ring(patch, guard)[next(blank)])
            windows.append(cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)[guard:-guard, guard:-guard])
            names.append(name)
    return names, windows, rings


def spot_whites(rings: list[np.ndarray]) -> np.ndarray:
    """Each spot's paper white: the brightest part of its ring (80th percentile), N x 3."""
    return np.array([np.percentile(ring, 80, axis=0) for ring in rings], np.float32)


def covered_spots(rings: list[np.ndarray], reference: list[np.ndarray], light: float) -> np.ndarray:
    """True for each spot whose ring is partly hidden: more than :data:`SPOT_COVERED_SHARE` of
    its pixels much darker than in the calibration frame (``reference``, each ring pixel's
    brightness then; ``light``, how the light on the whole mat changed since).

    The brightest part of a ring is no proof of paper: a finger across one side leaves the rest
    white, and a grey hand over the whole ring passes for paper in shade. Comparing each pixel
    with itself at calibration catches both, and not a shadow that was already there. The ring
    lies beyond where a tile may slip, so tiles in this slot or the next never darken it."""
    return np.array(
        [
            float((ring.mean(axis=1) + 4 < SPOT_DARK * light * (then + 4)).mean()) > SPOT_COVERED_SHARE
            for ring, then in zip(rings, reference, strict=True)
        ],
        bool,
    )


def read_spots(
    frame: np.ndarray,
    mat: MatLayout,
    fix: MatFix,
    ppc: int,
    paper: CellPaper,
    memory: TileCache | None = None,
    reference: tuple[list[np.ndarray], float] | None = None,
) -> dict[str, Any]:
    """What lies on the spots off the grid (the tile in hand, the reserve's slots): the design
    letter of the tile on each (``.`` empty, ``?`` unknown): ``{"hand": "Z", "reserve": [...]}``.

    Each spot has paper around it whose brightest part is its white. A hand over a spot raises
    :class:`VisionError` (``covered``): paper that does not look like the grid's, or, in live
    use (``reference``: the rings at calibration and the change of light since), a ring partly
    darker than it was (:func:`covered_spots`).
    """
    if not mat.spots:
        return {}
    names, windows, rings = spot_patches(frame, mat, fix, ppc)
    white = spot_whites(rings)
    grid_paper = np.median(paper.samples, axis=0)[None]
    valid = paper_validity(np.concatenate([grid_paper, white])[:, None, :]).ravel()[1:]
    if not valid.all() and len(paper.other_light):
        # A spot beyond a lamp's pool: its paper is the grid's paper in the room's light.
        valid |= np.array([_paper_seen(w, paper.other_light) for w in white])
    if reference is not None:
        valid &= ~covered_spots(rings, *reference)
    if not valid.all():
        name = names[int(np.flatnonzero(~valid)[0])]
        spot = name.rstrip("0123456789")
        raise VisionError(CameraProblem.COVERED, f"something covers the {spot} spot: take your hand away")
    grey = np.array(windows, np.float32) / np.maximum(white.mean(axis=1), 8.0)[:, None, None]
    inks = np.array([ink(g) for g in grey])
    labels, _ = classify_with_memory(inks, ppc, mat, memory, "spots")
    designs = {name: label[0] for name, label in zip(names, labels, strict=True)}
    return {
        "hand": designs.get("hand", "."),
        "reserve": [designs[n] for n in names if n.startswith("reserve")],
    }


# --- the reader ------------------------------------------------------------------------------


@dataclass
class Seen:
    """What the reader saw of the stand in its last frame, for advice (:mod:`vision.advice`):
    the camera's tilt from straight down over the sheet's centre (degrees, None before the mat
    was found), the cells' size in the frame (px), whether a lamp's hard shadows lie on the
    paper, the cells whose paper was hidden by something the pieces do (their sides, their
    shadows: forgiven), the cells still covered, and whether a hot spot washed markers out."""

    tilt_deg: float | None = None
    cell_pixels: float | None = None
    shade: bool = False
    forgiven: list[tuple[int, int]] = field(default_factory=list)
    covered: list[tuple[int, int]] = field(default_factory=list)
    #: Markers washed out by a lamp's hot spot (the frame at the sensor's limit where they are).
    glare: bool = False


class BoardReader:
    """Reads frames of one game's mat; keeps the homography while the markers stay put.

    ``read(frame)`` returns a :class:`Reading` or raises :class:`VisionError`. In live use call
    :meth:`calibrate` once on a frame of the start position; :meth:`read` then classifies token
    colours with what it learnt. ``colours`` names the players' token colours, first player
    first (``("red", "blue")``, ``("black", "white")``...): one-shot reading needs it for
    black-and-white tokens; by default it is found in the image (red/blue, or black first).
    """

    def __init__(
        self,
        board: BoardDescription | str,
        rows: int | None = None,
        cols: int | None = None,
        colours: tuple[str, str] | None = None,
        variant: str | None = None,
    ) -> None:
        self.profile = profile(board, rows, cols)
        #: which of the game's mats (None: whichever is in view).
        self.variant = variant
        self.board = self.profile.board
        self.game = self.profile.game
        self.mat = self.profile.layout(variant or "standard")
        self.ppc = self.profile.ppc
        if colours is not None and any(c not in COLOUR_NAMES for c in colours):
            raise ValueError(f"unknown colour in {colours} (choose from {', '.join(COLOUR_NAMES)})")
        self.colours = colours
        self.fix: MatFix | None = None
        #: The last fix made, kept through :meth:`forget` (an arm over a corner marker).
        self._last_fix: MatFix | None = None
        #: Marker id -> (its quad in the frame, the grey patch there when the fix was made): the
        #: markers found, and where each hidden one must be.
        self._marker_patches: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self.model: TokenModel | None = None
        self.paper_reference: np.ndarray | None = None
        #: The inner ring's colours in the calibration frame (:func:`measure_paper`).
        self.inner_reference: np.ndarray | None = None
        #: The brightness of each spot's ring in the calibration frame (a tile mat's hand and reserve).
        self.spot_reference: list[np.ndarray] | None = None
        self.redetections = 0
        self.pose: CameraPose | None = None
        self._frame_size = (0, 0)
        self.tile_memory = TileCache()
        self._geometry: tuple[MatFix | None, TokenGeometry] | None = None
        #: The share of the paper at the sensor's ceiling in the last frame (None: not measured).
        self.clipped: float | None = None
        #: What the last frame showed of the stand (for advice to the operator).
        self.seen = Seen()
        #: Refuse (``overexposed``) a reading of paper clipped at white that misses tokens: a
        #: photo cannot be taken again. The live board clears it once the camera cannot lower its
        #: exposure, so that a stand being set up is still read as it is (with a note).
        self.refuse_clipped = True

    # -- the homography, re-detected only when the markers move --

    def locate(self, frame: np.ndarray, gray: np.ndarray | None = None) -> MatFix:
        """The mat's position, reusing the last one when the marker areas have not changed."""
        gray = to_gray(frame) if gray is None else gray
        if self.fix is not None and self._markers_still(gray):
            return self.fix
        # The last good fix, even after motion made the reader forget it: checked against the
        # markers seen now before it is used again.
        previous = self.fix or self._last_fix
        self.redetections += 1
        try:
            fix = self._locate_any_variant(frame)
        except VisionError as exc:
            if previous is None or exc.reason != "no_markers" or not self._seen_agree(gray, previous, None):
                raise
            fix = previous  # an arm over a corner: the markers seen still put the mat where it was
        else:
            if previous is not None and len(fix.marker_corners) < len(previous.marker_corners) \
                    and self._seen_agree(gray, previous, fix.marker_corners):
                fix = previous  # a marker hidden, the others where they were: the fix from all four stands
        self._watch_markers(gray, fix)
        self._last_fix = fix
        if fix is previous and self.fix is not None:
            return fix
        self.fix = fix
        self._frame_size = (frame.shape[1], frame.shape[0])
        self.pose = camera_pose(self.fix.homography, self._frame_size)
        if self.profile.pieces == "tiles":
            # Read tiles at the resolution the camera gives (20 px a cell at least, 32 at most).
            self.ppc = int(np.clip(2 * round(cell_pixels(self.fix, self.mat) / 2), 20, 32))
        self.tile_memory.clear()
        return self.fix

    def _locate_any_variant(self, frame: np.ndarray) -> MatFix:
        """Find the mat; when the variant is not fixed, whichever of the game's mats is there
        (the one found last is tried first)."""
        if self.variant is not None:
            return locate_mat(frame, self.mat)
        others = [layout(self.board, variant=v) for v in self.board.mat_variants if v != self.mat.variant]
        if self.profile.pieces == "tokens":
            others = []  # token mats come in one variant (their size follows the board)
        errors: list[VisionError] = []
        for mat in [self.mat, *others]:
            try:
                fix = locate_mat(frame, mat)
            except VisionError as exc:
                if exc.reason not in (CameraProblem.NO_MARKERS, CameraProblem.WRONG_GAME):
                    raise  # black, blurred, out of view: the same whichever mat it is
                # Kept without its traceback: its frames hold the camera frame and its greys
                # (about 5 MB at 720p), and the list would tie them into a cycle that waits for
                # the garbage collector; a hand over the mat refuses every frame.
                errors.append(exc.with_traceback(None))
                continue
            if mat is not self.mat:
                self.mat = mat
                self._geometry = None
                self.paper_reference = None
                self.spot_reference = None
            return fix
        # The most telling refusal: the one of the mat that saw most of its own markers. Taken
        # out of the list, so that this frame (in the traceback) does not hold the error raised.
        best = max(range(len(errors)), key=lambda i: len(errors[i].details.get("markers", [])))
        raise errors.pop(best)

    def _seen_agree(self, gray: np.ndarray, fix: MatFix, found: dict[int, np.ndarray] | None) -> bool:
        """True when the markers seen now (``found``, else detected in ``gray``) are, every one,
        where ``fix`` puts them (within :data:`MARKER_AGREE` pixels), two or more of each sheet's:
        the mat has not moved, part of it is hidden (an arm resting over a corner marker)."""
        if found is None:
            found = detect_markers(gray)
        points = self.mat.marker_points()
        for sheet, ids in enumerate(self.mat.sheet_markers):
            seen = [mid for mid in ids if mid in found]
            if len(seen) < 2:
                return False
            for mid in seen:
                where = cv2.perspectiveTransform(points[mid][None], fix.homographies[sheet])[0]
                if float(np.abs(where - found[mid]).max()) > MARKER_AGREE:
                    return False
        return True

    def _watch_markers(self, gray: np.ndarray, fix: MatFix | None = None) -> None:
        """Remember each marker's area: the markers found, and where the fix puts the ones it
        was made without. An arm over a corner hides a marker; the fix from the other three is
        less precise far from them (2 or 3 pixels off beside the hidden corner, enough to misread
        a spot there), so when that corner's area changes, the markers are looked for again."""
        fix = fix or self.fix
        assert fix is not None
        quads = dict(fix.marker_corners)
        points = self.mat.marker_points()
        for sheet, ids in enumerate(self.mat.sheet_markers):
            for mid in ids:
                if mid not in quads:
                    quads[mid] = cv2.perspectiveTransform(points[mid][None], fix.homographies[sheet])[0]
        self._marker_patches = {}
        for mid, quad in quads.items():
            patch = self._patch(gray, quad)
            # A hidden marker's place outside the frame never changes: nothing to watch there.
            if patch.size or mid in fix.marker_corners:
                self._marker_patches[mid] = (quad, patch)

    @staticmethod
    def _patch(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
        h, w = gray.shape
        x0, y0 = np.clip(np.floor(quad.min(axis=0)).astype(int), 0, (w, h))
        x1, y1 = np.clip(np.ceil(quad.max(axis=0)).astype(int), 0, (w, h))
        return gray[y0:y1, x0:x1].astype(np.int16)

    def _markers_still(self, gray: np.ndarray) -> bool:
        """True when every marker area (the hidden markers' places too) looks as it did when
        the markers were detected."""
        assert self.fix is not None
        for quad, before in self._marker_patches.values():
            now = self._patch(gray, quad)
            if now.shape != before.shape or now.size == 0:
                return False
            if float(np.abs(now - before).mean()) > 12.0:
                return False
        return True

    def forget(self) -> None:
        """Drop the cached homography (the next frame re-detects the markers; the last fix is
        kept only to fall back on while the markers seen agree with it)."""
        self.fix = None

    # -- reading --

    def _look(self, frame: np.ndarray, reference: np.ndarray | None) -> tuple[MatFix, Rectified, CellPaper, Any]:
        """Locate, rectify and measure the paper; for tokens also their features (and forgive
        vertices hidden by tall tokens)."""
        gray = to_gray(frame)
        self.clipped = None
        self.seen = Seen()
        check_frame(gray)
        try:
            fix = self.locate(frame, gray)
        except VisionError as exc:
            if exc.details.get("glare"):  # markers washed out: the live board lowers the exposure
                self.clipped = float(exc.details["clipped"])
                self.seen.glare = True
            raise
        rect = rectify(frame, self.mat, fix, self.ppc)
        paper = measure_paper(rect, self.mat, reference, self.profile.ring_offset,
                              self.inner_reference if reference is not None else None)
        self.clipped = paper.clipped
        self.seen.cell_pixels = cell_pixels(fix, self.mat)
        if self.pose is not None:
            off = math.hypot(self.pose.x - self.mat.page[0] / 2, self.pose.y - self.mat.page[1] / 2)
            self.seen.tilt_deg = math.degrees(math.atan2(off, self.pose.height))
        features = None
        if self.profile.pieces == "tokens":
            self.seen.shade = shade_seen(paper) is not None or deep_shade(paper)
            features = _unshade(self._token_features(rect, paper), paper)
            if paper.covered:
                before = set(paper.covered)
                paper.covered = self._excuse_tokens(rect, paper, features, frame, fix)
                self.seen.forgiven = sorted(before - set(paper.covered))
            self.seen.covered = sorted(paper.covered)
        elif paper.covered:
            self._excuse_light(rect, paper)
            if paper.covered and any(c.any() for c in paper.changed):
                paper.covered = self._excuse_tiles(rect, paper)
        return fix, rect, paper, features

    def _excuse_light(self, rect: Rectified, paper: CellPaper) -> None:
        """Forgive (in ``paper``: validity, whites, covered cells) the samples that are paper in
        another light: a desk lamp's pool ending on the grid leaves the paper beyond it lit by
        the room alone, darker and bluer than :func:`paper_validity` allows, and no hand is there.

        A sample not paper-coloured is forgiven when its colour is the lit paper's in another
        light (:func:`_light_tints`: darker and cooler, or lighter and warmer, within the
        shadows' tints), every sample so forgiven shares one tint (one lamp, one room), and

        * the print around it is seen (:func:`print_seen`: the grid's lines, which a hand or a
          sleeve hides; for a ring sample, its border cell's side of the grid), or
        * (a vertex, or a ring sample) one of its cells holds a tile: a tile laid off its cell
          hides that vertex's print, and at a tilt its side the grid's edge, while its card
          takes the paper's light. A hand hides more than that: cells are a third of a finger's
          width, and the samples round its tiles stay covered."""
        ppc, m = rect.ppc, rect.margin
        printed = printed_blocks(self.mat, ppc, m)
        half = max(3, int(round(ppc * PRINT_HALF)))
        # Candidates: (block, kind, index, tint, print seen); kind "v" (vertex (i, j)) or "r" (ring k).
        found: list[tuple[int, str, Any, np.ndarray, bool]] = []
        for b, (valid, colours) in enumerate(zip(paper.valid, paper.vertex_colours, strict=True)):
            ring_colours, ring_valid, _, ys, xs = paper.rings[b]
            if (valid.all() and ring_valid.all()) or not valid.any():
                continue
            # The paper in the brightest light the grid shows, and in the dimmest (a lamp's pool
            # may light most of the grid, or little of it).
            paper_seen = colours[valid]
            order = np.argsort(paper_seen.mean(axis=1))
            lit, dim = paper_seen[order[int(len(order) * 0.9)]], paper_seen[order[int(len(order) * 0.1)]]
            gray = print_gray(rect.images[b])
            rows, cols = valid.shape[0] - 1, valid.shape[1] - 1
            vertices = np.argwhere(~valid)
            tints, ok = _light_tints(colours[~valid], lit, dim)
            for (i, j), tint in zip(vertices[ok], tints[ok], strict=True):
                y, x = m + i * ppc, m + j * ppc
                seen = print_seen(gray, printed[b], (y - half, y + half + 1, x - half, x + half + 1))
                found.append((b, "v", (int(i), int(j)), tint, seen >= PRINT_SEEN))
            spoilt = np.flatnonzero(~ring_valid)
            tints, ok = _light_tints(ring_colours[spoilt], lit, dim)
            for k, tint in zip(spoilt[ok], tints[ok], strict=True):
                box = ring_strip(int(ys[k]), int(xs[k]), rows, cols, ppc, m)
                found.append((b, "r", int(k), tint, print_seen(gray, printed[b], box) >= PRINT_SEEN))
        seen_tints = np.array([tint for *_, tint, seen in found if seen])
        if not len(seen_tints):
            return  # no paper in another light shown by its print: nothing to forgive
        middle = _shade_middle(seen_tints)
        tints = np.array([f[3] for f in found])
        along = np.clip(tints @ middle / max(float(middle @ middle), 1e-6), 0, 1)
        one_light = np.abs(tints - along[:, None] * middle[None]).max(axis=1) <= SHADE_SPREAD  # as _along_shade
        found = [f for f, ok in zip(found, one_light, strict=True) if ok]
        valid_now = [v.copy() for v in paper.valid]
        ring_ok = [info[1].copy() for info in paper.rings]
        other_light = []
        for b, kind, where, _, seen in found:
            if seen:
                if kind == "v":
                    valid_now[b][where] = True
                    other_light.append(paper.vertex_colours[b][where])
                else:
                    ring_ok[b][where] = True
                    other_light.append(paper.rings[b][0][where])
        paper.other_light = np.array(other_light, np.float32).reshape(-1, 3)
        board_cell = {where: (r, c) for r, row in enumerate(rect.where) for c, where in enumerate(row)}

        def covered(valid: list[np.ndarray], ring: list[np.ndarray]) -> tuple[list[tuple[int, int]], set]:
            spoilt = {board_cell[(b, rr, cc)] for b, (_, _, ring_cells, _, _) in enumerate(paper.rings)
                      for (rr, cc), ok in zip(ring_cells, ring[b], strict=True) if not ok}
            return covered_cells(valid, spoilt, rect, self.mat), spoilt

        hidden = [f for f in found if not f[4]]
        if hidden:
            # Only worth a look at the tiles when the hidden samples are all that still covers
            # the board (a hand elsewhere leaves it covered whatever the tiles do).
            all_valid, all_ring = [v.copy() for v in valid_now], [r.copy() for r in ring_ok]
            for b, kind, where, _, _ in hidden:
                (all_valid if kind == "v" else all_ring)[b][where] = True
            if covered(all_valid, all_ring)[0]:
                hidden = []
        if hidden:
            # Whites from the forgiven paper first: a cell in the room's light is not ink.
            whites = [cell_whites(w, v) for w, v in zip(paper.vertex_colours, valid_now, strict=True)]
            has_tile = self._tiles_on(rect, CellPaper(valid_now, whites, [], paper.samples))
            for b, kind, where, _, _ in hidden:
                cells = _sample_cells(kind, where, paper.rings[b][2], valid_now[b].shape)
                if any(has_tile[board_cell[(b, rr, cc)]] for rr, cc in cells):
                    (valid_now if kind == "v" else ring_ok)[b][where] = True
        paper.valid = valid_now
        paper.covered, paper.ring_covered = covered(valid_now, ring_ok)
        if not paper.covered:
            # The cells' whites from the paper now seen in either light (a frame still covered
            # is not read: its whites stay as they were).
            paper.whites = [cell_whites(w, v) for w, v in zip(paper.vertex_colours, valid_now, strict=True)]

    def _tiles_on(self, rect: Rectified, paper: CellPaper) -> np.ndarray:
        """rows x cols: True where a cell's middle holds ink (a tile), against ``paper``'s whites."""
        windows = tile_windows(rect, paper, self.mat)
        s = search_px(rect.ppc)
        inner = int(round(rect.ppc * 0.17))
        return (
            windows[:, s + inner : s + rect.ppc - inner, s + inner : s + rect.ppc - inner].mean(axis=(1, 2))
            >= EMPTY_INK
        ).reshape(self.mat.rows, self.mat.cols)

    def _excuse_tiles(self, rect: Rectified, paper: CellPaper) -> list[tuple[int, int]]:
        """The covered cells once vertices under tiles are forgiven: a tile laid 2 mm off lies
        over a vertex, which then differs from the calibration frame while still looking like
        paper. Such a vertex is forgiven when one of its cells holds a tile; vertices that do
        not look like paper at all (skin, a coloured sleeve) and the ring outside the grid,
        which an arm must cross, never are."""
        if paper.ring_covered:
            return paper.covered
        has_tile = self._tiles_on(rect, paper)
        valid = [v.copy() for v in paper.valid]
        for r in range(self.mat.rows):
            for c in range(self.mat.cols):
                if not has_tile[r, c]:
                    continue
                b, rr, cc = rect.where[r][c]
                corners = np.s_[rr : rr + 2, cc : cc + 2]
                valid[b][corners] |= paper.changed[b][corners]
        return covered_cells(valid, paper.ring_covered, rect, self.mat)

    def read(self, frame: np.ndarray, allow_covered: bool = False) -> Reading:
        """The board in ``frame``; raises :class:`VisionError` if the mat is missing or covered."""
        fix, rect, paper, features = self._look(frame, self.paper_reference)
        if paper.covered and not allow_covered:
            raise VisionError(
                CameraProblem.COVERED,
                f"something covers the board ({len(paper.covered)} cells hidden): take your hand away",
                {"cells": [list(c) for c in paper.covered]},
            )
        if features is not None:
            return self._read_tokens(features, fix, paper.clipped)
        fine = self._fine_look(frame, fix, rect, paper)
        grid, margins = classify_tiles(rect, paper, self.mat, self.tile_memory, fine, cell_pixels(fix, self.mat))
        extras = read_spots(frame, self.mat, fix, rect.ppc, paper, self.tile_memory, self._spot_paper(paper))
        notes = []
        if (pixels := cell_pixels(fix, self.mat)) < MIN_TILE_PIXELS:
            notes.append(f"cells are {pixels:.0f} pixels wide: bring the camera closer (at least {MIN_TILE_PIXELS})")
        if is_clipped(paper.clipped):
            notes.append(_clipped_note(paper.clipped))
        return Reading(self.game, grid, float(margins.min()), fix, margins, notes, extras, paper.clipped)

    def _fine_look(self, frame: np.ndarray, fix: MatFix, rect: Rectified, paper: CellPaper) -> FineLook:
        """The grid's cells of ``frame`` seen finer (:func:`fine_tile_windows`), for near ties."""
        return lambda cells: fine_tile_windows(frame, fix, self.mat, paper, rect.where, cells)

    def _spot_paper(self, paper: CellPaper) -> tuple[list[np.ndarray], float] | None:
        """The spots' rings at calibration and how the light on the grid's paper changed since
        (the median ratio, which a hand over part of it does not move); None before calibration."""
        if self.spot_reference is None or self.paper_reference is None:
            return None
        if self.paper_reference.shape != paper.samples.shape:
            return None
        light = float(np.median((paper.samples.mean(axis=1) + 4) / (self.paper_reference.mean(axis=1) + 4)))
        return self.spot_reference, light

    def _token_features(self, rect: Rectified, paper: CellPaper) -> np.ndarray:
        pad = rect.ppc // 4
        if self._geometry is None or self._geometry[0] is not self.fix:
            pose = self.pose or CameraPose(self.mat.page[0] / 2, self.mat.page[1] / 2, 500.0, 900.0)
            # Look where the top of a middle-height token is: the disc then lies inside any token
            # from a flat cork slice to a tall bottle cap (its top or its side wall).
            shifts = top_shifts(self.mat, pose, self.profile.token_height_mm / 2, rect.ppc)
            self._geometry = (self.fix, TokenGeometry.build(rect.ppc, pad, shifts))
        windows = token_windows(rect, self.mat, pad)
        whites = np.array(
            [
                paper.whites[rect.where[r][c][0]][rect.where[r][c][1], rect.where[r][c][2]]
                for r in range(self.mat.rows)
                for c in range(self.mat.cols)
            ]
        )
        return cell_features(windows, whites, self._geometry[1])

    def _excuse_tokens(
        self, rect: Rectified, paper: CellPaper, features: np.ndarray, frame: np.ndarray, fix: MatFix
    ) -> list[tuple[int, int]]:
        """The covered cells once what the pieces themselves do to the paper is forgiven.

        A tall piece seen at an angle leans over the grid's vertices, and over the ring of paper
        just outside the grid when it stands on a border cell (a 15 mm cap, or a stack of two
        draughts, at 25 degrees of tilt); a desk lamp makes each piece cast a long hard shadow.
        The camera's pose (from the markers) says where a piece of up to
        :data:`TALLEST_PIECE_MM` on a cell can appear: a sample (a vertex, a ring sample) that
        is not paper is forgiven when

        * it lies inside that outline of a piece on one of its cells (a ring sample: its border
          cell or the next one along the border) and its colour lies between the paper (maybe
          shaded) and that piece's colour (:func:`_between_paper_and`); or
        * it is paper in shade: darker than the paper, its tint off the paper's by at most
          :data:`SHADE_TINT` (the room's light filling a lamp's shadow), next to a piece, and
          every sample forgiven so shares one tint (one lamp, one room; a hand and its sleeve
          are two colours, and skin is not a shadow's tint when the shadows are blue).

        A hand is large and comes from outside the sheet: when anything beyond the vertices was
        forgiven, the paper along the sheet's edge (:func:`sheet_edge`) must be paper, or, within
        a lamp shadow's reach of the grid, that same shade; otherwise nothing is forgiven.
        """
        score = presence(features).reshape(self.mat.rows, self.mat.cols)
        feats = features.reshape(self.mat.rows, self.mat.cols, FEATURES)
        occupied = score > 0.8
        valid = [v.copy() for v in paper.valid]
        cell = self.mat.cell
        blocks = self.mat.blocks
        ppc, m = rect.ppc, rect.margin
        # Shade candidates: (block, kind, index) -> tint; kind "v" (vertex (i, j)) or "r" (ring k).
        shade: dict[tuple[int, str, Any], np.ndarray] = {}
        ring_ok = [info[1].copy() for info in paper.rings]
        # Samples no piece explains against the lit paper: maybe a piece's side over its own shadow.
        pending: list[tuple[int, str, Any, tuple[float, float], list[tuple[int, int]], np.ndarray, np.ndarray]] = []
        # Vertices that changed since calibration and are now paper in a light the frame shows
        # elsewhere, unchanged (lit, or in a piece's shade): the shadows moved with the pieces.
        lights = _unchanged_paper(paper)
        relit: list[tuple[int, tuple[int, int]]] = []
        for b, (bx, by, _, _) in enumerate(blocks):
            if not paper.valid[b].any():
                continue
            v, colours = valid[b], paper.vertex_colours[b]
            white = np.median(colours[paper.valid[b]], axis=0)
            cells_here = [(r, c) for r in range(self.mat.rows) for c in range(self.mat.cols)
                          if rect.where[r][c][0] == b]
            # Vertices.
            for i, j in zip(*np.nonzero(~v), strict=True):
                point = (bx + j * cell, by + i * cell)
                around = [(r, c) for r, c in cells_here
                          if rect.where[r][c][1] in (i - 1, i) and rect.where[r][c][2] in (j - 1, j)]
                near = [(r, c) for r, c in around if occupied[r, c]]
                if self._explained(point, near, colours[i, j], white, feats):
                    v[i, j] = True
                elif near and (tint := _shade_tint(colours[i, j], white)) is not None:
                    shade[(b, "v", (int(i), int(j)))] = tint
                elif near and paper.changed[b][i, j] and _paper_seen(colours[i, j], lights):
                    relit.append((b, (int(i), int(j))))
                elif near:
                    pending.append((b, "v", (int(i), int(j)), point, near, colours[i, j], white))
            # The ring outside the grid.
            ring_colours, ring_valid, ring_cells, ys, xs = paper.rings[b]
            index = {(rect.where[r][c][1], rect.where[r][c][2]): (r, c) for r, c in cells_here}
            for k in np.flatnonzero(~ring_valid):
                rr, cc = ring_cells[k]
                point = (bx + (xs[k] - m) * cell / ppc, by + (ys[k] - m) * cell / ppc)
                near = [index[n] for n in ((rr, cc), (rr - 1, cc), (rr + 1, cc), (rr, cc - 1), (rr, cc + 1))
                        if n in index and occupied[index[n]]]
                if self._explained(point, near, ring_colours[k], white, feats):
                    ring_ok[b][k] = True
                elif near and (tint := _shade_tint(ring_colours[k], white)) is not None:
                    shade[(b, "r", int(k))] = tint
                elif near:
                    pending.append((b, "r", int(k), point, near, ring_colours[k], white))
        middle = _shade_middle(np.array(list(shade.values()))) if shade else None
        ring_forgiven = any(bool((ok & ~info[1]).any()) for ok, info in zip(ring_ok, paper.rings, strict=True))
        if (shade or ring_forgiven or relit) and not self._edge_clear(frame, fix, paper, middle):
            return paper.covered  # an arm across the sheet's edge: what it hides stays covered
        forgiven = [] if middle is None else [
            (b, kind, where) for b, kind, where, point, near, colour, white in pending
            if self._explained(point, near, colour, white * np.exp(middle), feats)
        ]
        forgiven += [(b, "v", where) for b, where in relit]
        if shade and middle is not None:
            forgiven += [key for key, tint in shade.items() if _along_shade(tint, middle)]
        for b, kind, where in forgiven:
            if kind == "v":
                valid[b][where] = True
            else:
                ring_ok[b][where] = True
        ring_covered = set()
        for b, (_, _, ring_cells, _, _) in enumerate(paper.rings):
            for (rr, cc), ok in zip(ring_cells, ring_ok[b], strict=True):
                if not ok:
                    ring_covered |= {(r, c) for r in range(self.mat.rows) for c in range(self.mat.cols)
                                     if rect.where[r][c] == (b, rr, cc)}
        return covered_cells(valid, ring_covered, rect, self.mat)

    def _edge_clear(self, frame: np.ndarray, fix: MatFix, paper: CellPaper, tint: np.ndarray | None) -> bool:
        """True when the sheet's blank edge (:func:`sheet_edge`) shows paper, or, within
        :data:`SHADOW_REACH_MM` of the grid, paper in the shade of ``tint`` (no arm crosses it)."""
        h, w = frame.shape[:2]
        white = np.median(paper.samples[paper_validity(paper.samples[:, None, :]).ravel()], axis=0)
        for sheet, homography in enumerate(fix.homographies):
            points, reach = sheet_edge(self.mat, sheet)
            pixels = cv2.perspectiveTransform(points[None].astype(np.float32), homography)[0]
            inside = (pixels[:, 0] >= 3) & (pixels[:, 1] >= 3) & (pixels[:, 0] < w - 3) & (pixels[:, 1] < h - 3)
            if not inside.any():
                continue
            xs, ys = np.round(pixels[inside]).astype(int).T
            colours = _patch_percentile(frame, ys, xs, 2)
            ratios = np.log((colours + 2) / (white + 2))
            light = ratios.mean(axis=1)
            offs = ratios - light[:, None]
            # Paper: as bright as the paper along the edge 60 mm around (light varies slowly, a
            # sleeve or its shadow does not) and untinted.
            spots = points[inside]
            near = np.linalg.norm(spots[:, None] - spots[None], axis=2) <= 60.0
            around = np.where(near, light[None], -np.inf).max(axis=1)
            paper_like = (light >= around + math.log(EDGE_DARK)) & (np.abs(offs).max(axis=1) < 0.12)
            if _longest_run(spots[~paper_like]) > EDGE_RUN_MM:
                return False  # an arm is wider than any piece's shadow
            for colour, off, far, ok in zip(colours, offs, ~reach[inside], paper_like, strict=True):
                if ok:
                    continue
                if far or tint is None or _shade_tint(colour, white) is None or not _along_shade(off, tint):
                    return False
        return True

    def _explained(
        self, point: tuple[float, float], cells: list[tuple[int, int]], colour: np.ndarray, white: np.ndarray,
        feats: np.ndarray,
    ) -> bool:
        """True when a piece of up to :data:`TALLEST_PIECE_MM` on one of ``cells`` can appear at
        ``point`` (sheet mm; from its base to where the pose puts its top, :data:`PIECE_REACH` round)
        and ``colour`` lies between the paper and that piece's."""
        for r, c in cells:
            x, y = self.mat.center(r, c)
            top = np.array(self.pose.top_shift(x, y, TALLEST_PIECE_MM) if self.pose else (0.0, 0.0))
            offset = np.array([point[0] - x, point[1] - y])
            t = float(np.clip(offset @ top / max(float(top @ top), 1e-6), 0, 1))
            if np.linalg.norm(offset - t * top) > PIECE_REACH * self.mat.cell:
                continue
            if _between_paper_and(colour, white, feats[r, c]):
                return True
        return False

    def _read_tokens(self, features: np.ndarray, fix: MatFix, clipped: float = 0.0) -> Reading:
        rows, cols = self.mat.rows, self.mat.cols
        codes = self.profile.token_codes
        start = [code for row in self.board.start_grid() for code in row]
        # The box holds the start position's tokens: never more are read, and other counts are noted.
        box = {code: start.count(code) for code in codes}
        notes: list[str] = []
        if self.model is not None:
            labels, margin = self.model.classify(features)
        else:
            # Paper at the ceiling: a piece's footprint off the flat white is a piece.
            labels, margin, notes = self._oneshot(features, start, sum(box.values()),
                                                  LIFT_SURE if is_clipped(clipped) else None)
        seen = {code: labels.count(code) for code in codes}
        missing = sum(box.values()) - sum(seen.values())
        refuse = self.model is None and self.refuse_clipped and is_clipped(clipped)
        many = max(2, math.ceil(sum(box.values()) / 8))
        if refuse and missing > 0 and self._pale_could_hide(features, labels):
            # Tokens missing on paper at pure white, and a missing one could be pale: read again
            # with the pieces' footprints and outlines that stand off the flat white (a pale
            # piece's shaded side, its contact shadow, a pastel's darkest channel) filling the
            # count up.
            first = (labels, margin, notes) if self._pale_shown(features, labels, many, strict=True) else None
            labels, margin, notes = self._oneshot(features, start, sum(box.values()), LIFT_MIN)
            seen = {code: labels.count(code) for code in codes}
            missing = sum(box.values()) - sum(seen.values())
            hidden = missing >= many and self._pale_could_hide(features, labels, PALE_SHARE)
            if (hidden and not self._pale_shown(features, labels, many)) or any(
                seen[code] > box[code] for code in codes
            ):
                # Still many missing: white or pale tokens as white as the paper, which nobody
                # can see, so no reading. (One or two: a token in a player's hand, as in any
                # light. Strongly coloured tokens of both players seen, most of each player's
                # not pale (a desk lamp's glare whitens a few glossy tops): the missing ones are
                # simply not laid yet; so too when every pale token seen stands plainly off the
                # white and no empty cell does. Once calibrated, the calibration itself refused paper
                # that hid tokens.) Nor when the pieces found make more of one player's than
                # the box holds: the colours cannot be told apart on that white either.
                told = "" if missing >= many else ", the players' colours not told apart"
                if first is None:
                    # The footprints' pass alone, without the outlines' passes, when every pale
                    # token it finds shows its own outline all round and no empty cell's own
                    # outline comes near: a pale piece in an empty cell would show like them
                    # (stacks of ivory draughts whose hard lamp shadows put outline in the
                    # empty cells' circles: draughts 1001's board being set up, set-heldout5).
                    first = self._footprints_only(features, start, sum(box.values()), many)
                if first is None:
                    raise _overexposed(clipped, f"{sum(seen.values())} of the {sum(box.values())} tokens seen{told}")
                # The sure footprints' reading stands on its own: every pale token plainly off
                # the white, every empty cell flat white (a board of pastel red and blue draughts
                # being set up, where the faintest footprints' pass took two shadows for pieces).
                labels, margin, notes = first
                seen = {code: labels.count(code) for code in codes}
        grid = ["".join(labels[r * cols : (r + 1) * cols]) for r in range(rows)]
        confidence = float(margin.min())
        if is_clipped(clipped):
            notes.append(_clipped_note(clipped))
        if seen != box:
            notes.append(
                " and ".join(f"{seen[c]} {c}" for c in codes)
                + " tokens seen, "
                + " and ".join(str(box[c]) for c in codes)
                + " expected"
            )
            confidence *= 0.5
        return Reading(self.game, grid, confidence, fix, margin.reshape(rows, cols), notes, clipped=clipped)

    def _oneshot(self, features: np.ndarray, start: list[str], tokens: int, lift_min: float | None = None,
                 outlines: bool = True) -> tuple[list[str], np.ndarray, list[str]]:
        """Labels, margins and notes of a reading without calibration (:func:`classify_oneshot`)."""
        codes = self.profile.token_codes
        labels, margin, notes = classify_oneshot(features, tuple(codes), self.colours, tokens, lift_min, outlines)
        return self._start_unnamed(labels, features, start), margin, notes

    def _footprints_only(self, features: np.ndarray, start: list[str], tokens: int,
                         many: int) -> tuple[list[str], np.ndarray, list[str]] | None:
        """The reading on clipped paper by the pieces' footprints alone (no outlines' pass), or
        None unless its pale tokens all show their own outline all round, no empty cell's comes
        near (:func:`_outlines_alike`) and it holds no more of a player's tokens than the box."""
        labels, margin, notes = self._oneshot(features, start, tokens, LIFT_MIN, outlines=False)
        codes = self.profile.token_codes
        if any(labels.count(code) > start.count(code) for code in codes):
            return None
        if not self._pale_shown(features, labels, many, outlined=True):
            return None
        return labels, margin, notes

    def _start_unnamed(self, labels: list[str], features: np.ndarray, start: list[str]) -> list[str]:
        """One-shot black and white tokens whose colours were not named: which is the first
        player's cannot be seen (black first is only a guess), but the start position says it.
        A reading that is the start position with the two players swapped is the start position
        (the setup assistant waits for it; calibration then learns whose colour is whose)."""
        codes = self.profile.token_codes
        if self.colours is not None or len(codes) != 2:
            return labels
        swap = {codes[0]: codes[1], codes[1]: codes[0]}
        swapped = [swap.get(label, label) for label in labels]
        tokens = np.array([label in swap for label in labels])
        if swapped != start or not tokens.any():
            return labels
        # Black and white tokens: split by lightness, or by a hue too weak to be a player's
        # colour (under a 2700 K bare bulb black draughts lit by the room's cooler light came out
        # bluer than ivory ones, log red/blue -0.17 against 0.12: the hue split them 12 / 12).
        if colour_axis(None, features[tokens])[0] != L and not grey(features[tokens]):
            return labels
        return swapped

    def _pale_could_hide(self, features: np.ndarray, labels: list[str], share: float = 0.0) -> bool:
        """True when a token missing from a reading on clipped paper could be a pale one lost in
        the white: a player's tokens seen are pale (:func:`vision.tokens.pale`: any of them, or
        more than ``share`` of them: a player's shades differ in lightness), a player has none
        seen (their look is unknown) unless the named colours are strong ones, or the players
        are told apart by lightness (black and white: the white ones vanish)."""
        codes = self.profile.token_codes
        if self.colours is not None and any(COLOUR_NAMES[c][0] == "L" or c == "yellow" for c in self.colours):
            return True
        kinds = np.array(labels)
        for code in codes[:2]:
            mine = features[kinds == code]
            if len(mine) == 0:
                if self.colours is None:
                    return True
                continue
            if float(pale(mine).mean()) > share:
                return True
        return False

    def _pale_shown(self, features: np.ndarray, labels: list[str], many: int, strict: bool = False,
                    outlined: bool = False) -> bool:
        """True when pale tokens show on this clipped paper, so none hides in an empty cell: each
        player has ``many`` tokens seen or more, every pale one's footprint stands
        :data:`vision.tokens.LIFT_SURE` off the white (or a little less with its outline shaded
        all round: :func:`_plainly_off_white`), and no empty cell's footprint or outline
        stands off it (a board being set up, ivory draughts with plainly shaded sides).
        ``outlined``: the pale tokens show instead by their own outlines, all round and alike, no
        empty cell's near theirs (:func:`_outlines_alike`), whatever an empty cell's circles catch."""
        kinds = np.array(labels)
        empty = features[kinds == "."]
        codes = self.profile.token_codes[:2]
        groups = [features[kinds == code] for code in codes]
        pale_ones = features[(kinds != ".") & pale(features)]
        if len(empty) and (empty[:, LIFT].max() >= LIFT_SURE / LIFT_GAP
                           or (empty[:, ARC].max() >= ARC_MIN and (strict or (
                               empty[:, OWN].max() >= OWN_EMPTY and not _footprints_alike(pale_ones)
                               and not outlined)))):
            return False
        if len(groups) < 2 or min(len(mine) for mine in groups) == 0:
            return False
        if self._white_not_pale(groups):
            return False  # black tokens split in two by their light: the white ones are not seen at all
        if min(len(mine) for mine in groups) < many:
            # Too few of a player's to see two groups: the named colours tell them apart instead.
            if not self._named_apart(groups):
                return False
        else:
            column, _ = colour_axis(self.colours, features[kinds != "."])
            if not apart(groups[0][:, column], groups[1][:, column]):
                return False  # one player's tokens split in two: the other's are not seen at all
        if outlined:
            return _outlines_alike(pale_ones, empty)
        return all(bool(_plainly_off_white(mine[pale(mine)]).all()) for mine in groups)

    def _white_not_pale(self, groups: list[np.ndarray]) -> bool:
        """True when the colours are named black and white and a token read as white (feature
        rows per player, first player's first) is not pale: on paper at pure white a white token is
        (go 902's play frame of ``set-heldout4``: its 12 black stones, lit unevenly, were read as 9
        black and 3 white, the white stones being as white as the paper)."""
        if self.colours is None or "white" not in self.colours or "black" not in self.colours:
            return False
        return not bool(pale(groups[self.colours.index("white")]).all())

    def _named_apart(self, groups: list[np.ndarray]) -> bool:
        """True when the colours are named black and white and each player's tokens seen (feature
        rows, first player's first) are plainly that colour: every white one pale, every black one
        not, and the lightest black :data:`NAMED_GAP` darker than the darkest white (a board being
        set up with one black stone among white ones: go 803 of ``set-heldout3``)."""
        if self.colours is None or {COLOUR_NAMES[c] for c in self.colours} != {("L", 1), ("L", -1)}:
            return False
        white, black = groups if COLOUR_NAMES[self.colours[0]] == ("L", 1) else groups[::-1]
        return (bool(pale(white).all()) and not bool(pale(black).any())
                and float(white[:, L].min() - black[:, L].max()) >= NAMED_GAP)

    def calibrate(self, frame: np.ndarray, grid: Sequence[str] | Sequence[Sequence[str]]) -> Reading:
        """Learn from a frame showing the known ``grid`` (the start position): the paper around the
        cells (to notice later what covers it) and, for tokens, the players' colours. Any rows of
        cells will do (``read-board``'s lists, a board description's tuples): they are only read."""
        self.forget()
        fix, rect, paper, features = self._look(frame, None)
        if paper.covered:
            raise VisionError(CameraProblem.COVERED, "something covers the board: calibration needs a clear view")
        self.paper_reference = paper.samples
        self.inner_reference = paper.inner
        if features is None:
            if self.mat.spots:
                self.spot_reference = [ring.mean(axis=1) for ring in spot_patches(frame, self.mat, fix, rect.ppc)[2]]
            grid_read, margins = classify_tiles(rect, paper, self.mat, fine=self._fine_look(frame, fix, rect, paper),
                                                cell_px=cell_pixels(fix, self.mat))
            return Reading(self.game, grid_read, float(margins.min()), fix, margins)
        labels = [ch.upper() for row in grid for ch in row]
        model = TokenModel.fit(features, labels, self.profile.token_codes)
        if is_clipped(paper.clipped) and model.separation < CALIBRATION_SEPARATION:
            # Some tokens of the start position look like the empty cells: white tokens on paper
            # at pure white. Learning that would read them as empty all game long.
            self.paper_reference = None
            raise _overexposed(paper.clipped, "some tokens of the start position cannot be told from the paper")
        self.model = model
        return self._read_tokens(features, fix, paper.clipped)


#: A pale token whose footprint stands off white paper by half of :data:`vision.tokens.LIFT_SURE`
#: shows plainly too when its outline is off the white in this share of directions at least (a
#: white go stone's shaded rim all round: footprints of 23-30 % on bright paper, outlines 67-100 %;
#: an ivory draught's faint crescent is a third of its round at most).
OUTLINE_SHOWN = 0.6


#: ... or when its footprint stands this far off at least (a white stone's contact shadow) and
#: its outline is off the white this share of directions, provided every pale token seen does:
#: a group of white stones whose rims show half round or more (go 803 of ``set-heldout3``: 4-10 %
#: and 50-79 %). Where some pale tokens vanish in the white, the ones still seen show 42 % of
#: their outline at most (draughts 700, 801, 111, go 104 of the older sets), and many far less.
OUTLINE_HALF, LIFT_TRACE = 0.45, 0.03
#: Pale tokens seen "look alike" when the faintest footprint is this share of the strongest:
#: a hidden one would then show like them (white go stones: 0.69 on go 801 of ``set-heldout3``;
#: pale caps of many shades, from 0 to 0.73 on caps down 600 of ``set-heldout``).
ALIKE = 0.5
#: An empty cell's own outline (:data:`vision.tokens.OWN`) off the white in fewer than this share
#: of directions shows no piece, whatever its neighbours' sides and shadows put in its circles.
OWN_EMPTY = 0.1
#: Named black and white: the lightest black token seen this much darker (log) than the darkest white.
NAMED_GAP = 0.3


def _plainly_off_white(pale_ones: np.ndarray) -> np.ndarray:
    """Per pale token (feature rows): its footprint stands :data:`vision.tokens.LIFT_SURE` off
    the white, or half that with its outline off the white nearly all round; or, when every pale
    token shows a trace of footprint and half its outline (:data:`OUTLINE_HALF`), all of them."""
    lift, outline = pale_ones[:, LIFT], pale_ones[:, ARC]
    plain = (lift >= LIFT_SURE) | ((lift >= LIFT_SURE / 2) & (outline >= OUTLINE_SHOWN))
    if len(pale_ones) and (bool(((lift >= LIFT_TRACE) & (outline >= OUTLINE_HALF)).all())
                           or bool((pale_ones[:, OWN] >= OWN_SHOWN).all())):
        return np.ones(len(pale_ones), bool)
    return plain


def _outlines_alike(pale_ones: np.ndarray, empty: np.ndarray) -> bool:
    """True when the pale tokens seen (feature rows) on paper at the ceiling, one at least, all
    show their own outline (:data:`vision.tokens.OWN`) off the white nearly all round
    (:data:`OUTLINE_SHOWN`) and no empty cell's own outline reaches :data:`ALIKE` of the faintest
    of theirs: a pale token in an empty cell would show its outline like them, so what an empty
    cell shows is a neighbour's side or shadow (stacks of ivory draughts under a low lamp,
    draughts 1001 of ``set-heldout5``: 1.0 all round against 0.38 at most)."""
    # Where the paper is not clipped a piece has no outline measure (0): it is seen as anywhere.
    pale_ones = pale_ones[pale_ones[:, ARC] > 0]
    if len(pale_ones) == 0:
        return False
    faintest = float(pale_ones[:, OWN].min())
    return faintest >= OUTLINE_SHOWN and (len(empty) == 0 or float(empty[:, OWN].max()) < ALIKE * faintest)


def _footprints_alike(pale_ones: np.ndarray) -> bool:
    """True when the pale tokens seen (feature rows) all stand :data:`vision.tokens.LIFT_SURE`
    off the white by their footprints, the faintest :data:`ALIKE` of the strongest: a pale token
    of theirs in an empty cell would show its footprint too, so an empty cell's outline off the
    white is a neighbour's side or shadow (go 801's board being set up, ``set-heldout3``)."""
    if len(pale_ones) == 0:
        return False
    lift = pale_ones[:, LIFT]
    return float(lift.min()) >= max(LIFT_SURE, ALIKE * float(lift.max()))


#: A marker seen now agrees with the last fix when each of its corners lies within this many
#: pixels of where the fix puts it (the camera still: detection jitters by a pixel at most).
MARKER_AGREE = 2.5
#: The tallest piece a stand may use (``docs/physical.md``): bottle caps up to 15 mm, a stack of two
#: draughts. Where it can appear is forgiven in the paper checks (:meth:`BoardReader._excuse_tokens`).
TALLEST_PIECE_MM = 16.0
#: How far (cells) a piece's edge reaches from its cell's centre: 31 mm pieces laid 3 mm off centre
#: in 34 mm cells.
PIECE_REACH = 0.56
#: Paper in a lamp's shadow: at most this far off the paper's tint (the log of each channel's
#: ratio, less their mean: the room's light filling the shadow is cooler or warmer than the lamp)...
SHADE_TINT = 0.2
#: ... or this far when the shadow is cooler than the paper along the light's own axis (bluer,
#: its green between its red and blue): a warm desk lamp (2700-3300 K) lights the paper, the
#: room's daylight or a cool ceiling light fills its shadows (up to 0.4 off there on rendered
#: stands); a hand's skin is warmer than the paper, never bluer.
SHADE_TINT_COOL = 0.45
#: ... darker than the paper by this factor at least (a shadow, not a pale sleeve), and not
#: below :data:`SHADE_DEEP` (the guide allows no deep shadow on the mat) ...
SHADE_DARK, SHADE_DEEP = 0.92, 0.4
#: ... and every sample forgiven as shade in one frame within this of their median tint
#: (or of a mix of it and the paper: a shadow's edge).
SHADE_SPREAD = 0.12


#: Along the sheet's edge, paper darker than this share of the paper around it is not paper.
EDGE_DARK = 0.75
#: Along the sheet's edge, a stretch of samples that are not paper longer than this (mm) is an arm
#: (a piece's shadow is at most a piece wide, 31 mm, where it crosses the edge).
EDGE_RUN_MM = 40.0
#: How far beyond the grid a piece's shadow may fall: a 16 mm piece under a lamp 20 degrees up.
SHADOW_REACH_MM = 2.0 + TALLEST_PIECE_MM / math.tan(math.radians(20))


@cache
def sheet_edge(mat: MatLayout, sheet: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Points along one sheet's edge, 4 mm in, every 6 mm, where the printed mat is blank for
    3 mm around (markers and labels left out): sheet mm (N x 2), and whether each lies within
    :data:`SHADOW_REACH_MM` of the grid (a lamp's shadow of a piece may reach it)."""
    w, h = mat.page
    inset, step = 4.0, 6.0
    along = [np.arange(inset, w - inset, step), np.arange(inset, h - inset, step)]
    points = np.vstack([
        np.column_stack([along[0], np.full(len(along[0]), inset)]),
        np.column_stack([along[0], np.full(len(along[0]), h - inset)]),
        np.column_stack([np.full(len(along[1]), inset), along[1]]),
        np.column_stack([np.full(len(along[1]), w - inset), along[1]]),
    ])
    scale = 2.0
    printed = cv2.cvtColor(render_mat(mat, scale, sheet), cv2.COLOR_BGR2GRAY)
    ink = cv2.dilate((printed < 230).astype(np.uint8), np.ones((13, 13), np.uint8)) > 0
    px = np.clip(np.round(points * scale).astype(int), 0, [ink.shape[1] - 1, ink.shape[0] - 1])
    points = points[~ink[px[:, 1], px[:, 0]]]
    blocks = [b for b, k in zip(mat.blocks, mat.block_sheet, strict=True) if k == sheet]
    near = np.zeros(len(points), bool)
    for bx, by, bw, bh in blocks:
        dx = np.maximum(np.maximum(bx - points[:, 0], points[:, 0] - bx - bw), 0)
        dy = np.maximum(np.maximum(by - points[:, 1], points[:, 1] - by - bh), 0)
        near |= np.hypot(dx, dy) <= SHADOW_REACH_MM
    return points, near


def _vertex_light(paper: CellPaper) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """For each sheet with paper seen: its grid vertices' light (log, against the paper's median)
    and tint (log BGR less that light), one row per vertex."""
    for b, (valid, colours) in enumerate(zip(paper.valid, paper.vertex_colours, strict=True)):
        if not valid.any():
            continue
        white = np.median(colours[valid], axis=0)
        ring = paper.rings[b][0][paper.rings[b][1]] if b < len(paper.rings) else np.zeros((0, 3))
        if len(ring) and _shade_tint(white, np.median(ring, axis=0)) is not None:
            # Most vertices lie in the pieces' shade (tall caps, a bare lamp): the ring of paper
            # round the grid is the lit paper the shade is measured against.
            white = np.median(ring, axis=0)
        ratio = np.log((colours.reshape(-1, 3).astype(np.float32) + 2) / (white.astype(np.float32) + 2))
        light = ratio.mean(axis=1)
        yield light, ratio - light[:, None]


def shade_seen(paper: CellPaper) -> np.ndarray | None:
    """The tint of the lamp's shadows on this frame's paper (log BGR against the paper, less
    their mean), from the grid's vertices in shade; None when there are too few of them or they
    are not tinted (the room's light and the lamp's of one colour)."""
    tints = []
    for light, tint in _vertex_light(paper):
        size = np.abs(tint).max(axis=1)
        shade = (light >= math.log(SHADE_DEEP)) & (light <= math.log(SHADE_DARK)) & _tint_allowed(tint)
        tints.append(tint[shade & (size >= 0.04)])
    found = np.concatenate(tints) if tints else np.zeros((0, 3), np.float32)
    return _shade_middle(found) if len(found) >= 3 else None


def deep_shade(paper: CellPaper) -> bool:
    """True when at least three of the grid's vertices lie in a shadow deeper than the reader
    forgives (under :data:`SHADE_DEEP` of the paper's light, paper-coloured): a lamp too close
    or too low, for the operator's advice."""
    deep = 0
    for light, tints in _vertex_light(paper):
        deep += int(((light < math.log(SHADE_DEEP)) & (light > math.log(0.08)) & _tint_allowed(tints)).sum())
    return deep >= 3


def _unshade(features: np.ndarray, paper: CellPaper) -> np.ndarray:
    """The cells' features with the shadows' tint taken out of cells whose colour is paper in
    that shade (an empty cell half in a tall neighbour's shadow is not a token for its tint:
    the room's light fills the shadow bluer or warmer than the lamp lights the paper)."""
    middle = shade_seen(paper)
    if middle is None:
        return features
    # The tint in the tokens' axes: c1 = log(red / blue), c2 = log(green / sqrt(red * blue)) (BGR).
    shade = np.array([middle[2] - middle[0], middle[1] - (middle[0] + middle[2]) / 2], np.float32)
    colour = features[:, [C1, C2]]
    t = np.clip(colour @ shade / max(float(shade @ shade), 1e-6), -1.2, 1.2)
    rest = colour - t[:, None] * shade
    lum = features[:, L]
    # In shade where its corners are lit (darker, the shade's tint), or lit where its corners
    # lie in shade (brighter, the opposite tint: an empty cell among tall caps' shadows).
    shaded = (np.abs(rest).max(axis=1) <= SHADE_SPREAD) & np.where(
        t >= 0, (lum >= math.log(SHADE_DEEP)) & (lum <= math.log(0.97)),
        (lum >= -math.log(0.97)) & (lum <= -math.log(SHADE_DEEP)))
    out = features.copy()
    out[shaded, C1] = rest[shaded, 0]
    out[shaded, C2] = rest[shaded, 1]
    return out


def _longest_run(points: np.ndarray, step: float = 6.5) -> float:
    """The longest stretch (mm) of points along the sheet's edge each within ``step`` of the next."""
    if len(points) == 0:
        return 0.0
    close = np.linalg.norm(points[:, None] - points[None], axis=2) <= step
    # Connected stretches: grow each from its points (the edge is a line: a few passes suffice).
    label = np.arange(len(points))
    for _ in range(len(points)):
        new = np.where(close, label[None], len(points)).min(axis=1)
        if np.array_equal(new, label):
            break
        label = new
    longest = 0.0
    for group in np.unique(label):
        members = points[label == group]
        longest = max(longest, float(np.linalg.norm(members.max(axis=0) - members.min(axis=0))))
    return longest


def _shade_middle(tints: np.ndarray) -> np.ndarray:
    """The shadows' tint: the median of the more tinted half of the shade samples (the others
    are half in shade, on a shadow's edge)."""
    size = np.abs(tints).max(axis=1)
    return np.median(tints[size >= np.median(size)], axis=0)


def _along_shade(tint: np.ndarray, middle: np.ndarray) -> bool:
    """True when ``tint`` is the shadows' tint ``middle``, or a mix of it and the paper's (a
    sample on a shadow's edge), within :data:`SHADE_SPREAD`."""
    t = float(np.clip(tint @ middle / max(float(middle @ middle), 1e-6), 0, 1))
    return float(np.abs(tint - t * middle).max()) <= SHADE_SPREAD


def _light_tints(colours: np.ndarray, lit: np.ndarray, dim: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each colour (N x 3): the tint (log ratios less their mean) of paper in the room's light
    against paper in a lamp's, and whether the colour may be the paper in one of the two lights
    the grid shows: in the shade of the ``lit`` paper (as :func:`_shade_tint`), or, the reverse,
    in a lamp's pool beside the ``dim`` paper the room alone lights (lighter, and warmer by what
    the dim paper is cooler)."""
    colours = colours.astype(np.float32).reshape(-1, 3)
    tints, ok = np.zeros_like(colours), np.zeros(len(colours), bool)
    for ratio in (np.log((colours + 2) / (lit.astype(np.float32) + 2)),
                  np.log((dim.astype(np.float32) + 2) / (colours + 2))):
        light = ratio.mean(axis=1)
        tint = ratio - light[:, None]
        fits = ~ok & (light >= math.log(SHADE_DEEP)) & (light <= math.log(SHADE_DARK)) & _tint_allowed(tint)
        tints[fits], ok = tint[fits], ok | fits
    return tints, ok


def _sample_cells(kind: str, where: Any, ring_cells: list[tuple[int, int]], shape: tuple[int, ...]
                  ) -> list[tuple[int, int]]:
    """The cells (row, col in the block) a sample touches: a vertex's up to four; a ring sample's
    border cell and the next ones along the border (a tile laid off its cell and turned reaches
    into the strip :func:`ring_strip` reads beside it)."""
    rows, cols = shape[0] - 1, shape[1] - 1
    if kind == "r":
        rr, cc = ring_cells[where]
        # :func:`ring_samples` lists the top and bottom sides' samples first, then the left and right.
        steps = ((0, -1), (0, 0), (0, 1)) if where < 2 * cols else ((-1, 0), (0, 0), (1, 0))
        near = [(rr + dr, cc + dc) for dr, dc in steps]
    else:
        i, j = where
        near = [(r, c) for r in (i - 1, i) for c in (j - 1, j)]
    return [(r, c) for r, c in near if 0 <= r < rows and 0 <= c < cols]


def _shade_tint(colour: np.ndarray, white: np.ndarray) -> np.ndarray | None:
    """The tint of ``colour`` against the paper ``white`` (log ratios less their mean) when it
    may be that paper in a shadow (darker, tinted by at most :data:`SHADE_TINT`); else None."""
    ratio = np.log((colour.astype(np.float32) + 2) / (white.astype(np.float32) + 2))
    light = float(ratio.mean())
    tint = ratio - light
    if not math.log(SHADE_DEEP) <= light <= math.log(SHADE_DARK):
        return None
    if not _tint_allowed(tint[None])[0]:
        return None
    return tint


#: A vertex that changed since calibration is paper now when its colour is within this (log, every
#: channel) of a paper sample of the same frame that did not change: noise between samples in one
#: light is 0.02-0.05; a lamp's shade on the paper is 0.25-0.4 off the lit paper, a hand or a
#: sleeve further still from both.
PAPER_SEEN = 0.1


def _unchanged_paper(paper: CellPaper) -> np.ndarray:
    """The colours (N x 3) of the paper samples of a frame (grid vertices and the ring round the
    grid) that look like paper and did not change since calibration: the paper in every light
    the frame shows it in (lit, in a piece's shade)."""
    vertices = [colours[valid] for colours, valid in zip(paper.vertex_colours, paper.valid, strict=True)]
    ring = [colours[valid] for colours, valid, *_ in paper.rings]
    return np.concatenate([*vertices, *ring]) if vertices or ring else np.zeros((0, 3), np.float32)


def _paper_seen(colour: np.ndarray, lights: np.ndarray) -> bool:
    """True when ``colour`` is within :data:`PAPER_SEEN` of one of the unchanged paper samples
    ``lights`` (:func:`_unchanged_paper`): paper, in a light seen elsewhere on the frame."""
    if len(lights) == 0:
        return False
    off = np.abs(np.log((lights.astype(np.float32) + 4) / (colour.astype(np.float32) + 4))).max(axis=1)
    return bool(off.min() <= PAPER_SEEN)


def _tint_allowed(tints: np.ndarray) -> np.ndarray:
    """Per tint (N x 3, BGR log ratios less their mean): True when paper in a shadow may be that
    far off the lit paper's colour: :data:`SHADE_TINT`, or :data:`SHADE_TINT_COOL` when the
    shade is cooler (bluer than red, its green between the two as black bodies' colours lie,
    give or take a tenth)."""
    blue, green, red = tints[:, 0], tints[:, 1], tints[:, 2]
    cooler = (blue > red) & (green >= np.minimum(blue, red) - 0.1) & (green <= np.maximum(blue, red) + 0.1)
    return np.abs(tints).max(axis=1) <= np.where(cooler, SHADE_TINT_COOL, SHADE_TINT)


#: Calibration on clipped paper is refused when the weakest token of the start position is not
#: this many times as token-like as the most token-like empty cell (white tokens lost in white
#: come out at 1.0: no better than an empty cell).
CALIBRATION_SEPARATION = 1.2


def _clipped_note(share: float) -> str:
    return f"{share:.0%} of the paper is at pure white: lower the camera's exposure"


def _overexposed(share: float, why: str) -> VisionError:
    return VisionError(
        CameraProblem.OVEREXPOSED,
        f"the paper is too white ({share:.0%} of it at the sensor's limit; {why}): lower the camera's exposure",
        {"clipped": round(share, 3)},
    )


def _between_paper_and(colour: np.ndarray, white: np.ndarray, token: np.ndarray) -> bool:
    """True when ``colour`` (against the paper ``white``) is a mix of paper and the token's colour,
    maybe in shade: its chroma lies on the way from the paper's to the token's."""
    n = (colour.astype(np.float32) + 2) / (white.astype(np.float32) + 2)
    ln = np.log(np.maximum(n, 1e-3))
    c1, c2, lum = ln[2] - ln[0], ln[1] - (ln[0] + ln[2]) / 2, ln.mean()
    tc1, tc2, tl = float(token[C1]), float(token[C2]), float(token[L])
    seg = np.array([tc1, tc2])
    t = float(np.clip((c1 * tc1 + c2 * tc2) / max(float(seg @ seg), 1e-6), 0, 1))
    chroma_off = math.hypot(c1 - t * tc1, c2 - t * tc2)
    light_ok = min(tl, 0.0) - 1.2 <= lum <= max(tl, 0.0) + 0.3
    return chroma_off < 0.2 and light_ok
