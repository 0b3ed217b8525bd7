"""Tiles on a mat: which design, turned which way, on each cell.

Each cell's "ink" (how dark a pixel is against the paper around the cell) is compared with the
ink of the shipped face of every distinct tile the board description lists (its
:meth:`~games.boards.BoardDescription.tile_faces`, drawn by :func:`vision.mats.tile_face`, the
same drawing as the printed tiles), by normalised correlation. A child lays a tile up to 2 mm
and 8 degrees off its cell, touching a neighbour: the comparison searches every shift up to
``SEARCH_CELLS`` of a cell in whole pixels and three turns (-6, 0, +6 degrees), as one matrix product.
A cell is empty when its centre has no ink (a neighbour's stroke reaching over the border stays
out of the centre); a cell with ink that matches no design well is ``?``, never a guess.

The templates are what the camera would see of each face, not the face itself. A far camera
(12-17 pixels a cell) blurs a stroke 1.5 pixels wide, and the ink, clipped where the grey is
light, keeps only the stroke's dark core: a bolt's kink and its ends fade. So each face is
blurred as the camera blurs it (its own blur, its pixels, the warp to the window's pixels:
:func:`template_blur`) before its ink is taken; the camera's blur is measured on the tiles in
view, as the one under which they match their best designs best (:func:`measure_camera_blur`).
And a tile must explain the ink of its cell's centre, where no neighbour reaches: a template
shifted far compares its own square *and* the centre, where it says paper
(:func:`core_scores`), so an arc shifted to the search's edge can no longer match a bolt's first
half and leave its second out of sight.

Two designs may match a cell almost equally at the camera's resolution (16-20 pixels a cell: a
bolt's middle and an arc's end share their pixels). :func:`classify_windows` then says by how
little (:data:`TIE_GAP`); the reader looks at such cells again, warped finer from the same camera
pixels, and a tie that stays (:data:`DOUBT_GAP`) is ``?``: the player is asked, never a coin flip.

In live use most cells do not change from one frame to the next: :class:`TileCache` keeps each
cell's answer while its ink stays the same, so only the cells a hand or a new tile changed
are compared again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from games.boards import TileFace
from games.budget import MB, budgeted
from vision.mats import tile_face

#: How far from its cell's centre a tile may lie and still be read: 2.3 mm on a mat of 10.5 mm
#: cells (where it was tuned), the same fraction of a cell on any other.
SEARCH_CELLS = 2.3 / 10.5
#: The turns (degrees) each design is compared at: a tile laid up to 8 degrees off is within 2.
TURNS = (-6.0, 0.0, 6.0)
#: The part of a cell (fraction of its side) compared with the templates: about the tile's face.
CROP = 0.84
#: The central part of a cell (fraction) whose ink tells an empty cell from a tile.
CENTRE = 0.66
#: A cell is empty when the mean ink of its centre is below this (a tile laid 2 mm off still gives
#: 0.027 or more, an empty cell with a neighbour's stroke reaching over 0.01 at most).
EMPTY_INK = 0.016
MIN_MATCH = 0.45
#: A design that beats the next by less than this (correlation) is a near tie at that resolution:
#: the reader looks again, finer. (Over the tile stands of the photoreal sets at 20 pixels a
#: cell: 44 of 1389 tiles, among them the only misread one, S3 read L2 by 0.015.)
TIE_GAP = 0.05
#: A design that still beats the next by less than this at the finer look is doubted (``?``):
#: there the stands' right answers won by 0.02 or more, the coin flips by 0.005.
DOUBT_GAP = 0.01


#: The camera blurs (sigma, camera pixels) :func:`measure_camera_blur` chooses from: from a
#: sharp webcam to one out of focus or compressing hard (a blurrier camera reads badly anyway).
CAMERA_BLURS = (0.0, 0.3, 0.6, 0.9, 1.2, 1.5)
#: The blur assumed while too few tiles lie on the mat to measure it.
DEFAULT_CAMERA_BLUR = 0.6
#: The fewest tiles the blur is measured on, and the most (the ones with the most ink).
BLUR_CELLS = (3, 16)


def ink(grey: np.ndarray) -> np.ndarray:
    """How dark each pixel is against white (0 on paper, ~1 on the stroke), lightly blurred."""
    return cv2.GaussianBlur(np.clip((0.8 - grey) / 0.6, 0, 1), (0, 0), 0.8)


def normalise_rows(vectors: np.ndarray) -> np.ndarray:
    """Each row minus its mean, divided by its norm."""
    centred = vectors - vectors.mean(axis=1, keepdims=True)
    return centred / np.maximum(np.linalg.norm(centred, axis=1, keepdims=True), 1e-6)


def crop_size(ppc: int) -> int:
    """The side of the compared square at ``ppc`` pixels per cell."""
    return int(round(ppc * CROP))


def template_blur(camera_blur: float, ppc: int, cell_px: float) -> float:
    """The blur (Gaussian sigma, window pixels at ``ppc``) to give the templates so that they look
    as the camera's cells do once warped to ``ppc``: the camera's own blur ``camera_blur`` (its
    pixels), its pixels' width and the warp's bilinear interpolation (a variance of 1/12 and 1/6
    of a camera pixel squared), scaled by the warp (``ppc / cell_px``), less the template's own
    pixel width. Rounded to :data:`BLUR_STEP` so that few template sets are ever drawn."""
    scale = ppc / max(cell_px, 1.0)
    sigma = math.sqrt(max((camera_blur**2 + 0.25) * scale * scale - 1 / 12, 0.0))
    return round(sigma / BLUR_STEP) * BLUR_STEP


#: The step of the templates' blur (window pixels).
BLUR_STEP = 0.1


@budgeted(8 * MB)
def tile_templates(
    faces: tuple[TileFace, ...], ppc: int, fraction: float, blur: float = 0.0
) -> tuple[tuple[str, ...], np.ndarray]:
    """(tile name per template, normalised ink templates: (tiles x turns) x crop^2) at ``ppc``
    (:func:`tile_ink_templates`, each minus its mean, divided by its norm)."""
    names, vectors = tile_ink_templates(faces, ppc, fraction, blur)
    return names, normalise_rows(vectors)


@budgeted(8 * MB)
def tile_ink_templates(
    faces: tuple[TileFace, ...], ppc: int, fraction: float, blur: float = 0.0
) -> tuple[tuple[str, ...], np.ndarray]:
    """(tile name per template, ink templates: (tiles x turns) x crop^2) at ``ppc``, for the
    tiles ``faces`` whose side is ``fraction`` of a cell's, seen through a blur of ``blur``
    (sigma, window pixels; :func:`template_blur`).

    The blur is applied to the face's grey, before :func:`ink`: a camera blurs the light, and
    the reader's ink (clipped where the grey is light) is taken from what it blurred. A thin
    stroke blurred by a distant camera then loses its faint edges and ends, in the templates as
    in the frame, instead of a sharp template meeting a stroke the camera thinned."""
    big = 8
    size = int(round(fraction * ppc * big))
    crop = crop_size(ppc)
    names, vectors = [], []
    for tile in faces:
        face = tile_face(tile, size)
        for turn in TURNS:
            canvas: np.ndarray = np.full((ppc * big, ppc * big, 3), 255, np.uint8)
            off = (ppc * big - size) // 2
            canvas[off : off + size, off : off + size] = face
            centre = (ppc * big / 2 - 0.5, ppc * big / 2 - 0.5)
            # A clockwise turn on the sheet (y down) is a negative angle for OpenCV.
            rotation = cv2.getRotationMatrix2D(centre, -turn, 1.0)
            canvas = cv2.warpAffine(canvas, rotation, canvas.shape[1::-1], borderValue=(255, 255, 255))
            grey = cv2.resize(cv2.cvtColor(canvas, cv2.COLOR_BGR2GRAY), (ppc, ppc), interpolation=cv2.INTER_AREA)
            light: np.ndarray = grey.astype(np.float32) / 255
            if blur > 0:
                light = cv2.GaussianBlur(light, (0, 0), blur, borderType=cv2.BORDER_REPLICATE)
            cell_ink = ink(light)
            start = (ppc - crop) // 2
            names.append(tile.code)
            vectors.append(cell_ink[start : start + crop, start : start + crop].ravel())
    return tuple(names), np.array(vectors, np.float32)


#: Score lost by a match at the edge of the search (it grows with the square of the shift): a
#: bolt and an arc share much of their stroke, and a shifted arc must not pass for a centred bolt.
#: (0.04: the best of 0, 0.04 and 0.08 over centred and child-placed tuning photographs; a step
#: for leaving the centre, or taking a good centred match first, did much worse on the latter.)
SHIFT_PENALTY = 0.04


@budgeted(MB)
def shift_penalty(s: int) -> np.ndarray:
    """The penalty of each shift of the search square (row-major), 0 at its centre."""
    d = np.arange(-s, s + 1, dtype=np.float32)
    return (SHIFT_PENALTY * (d[:, None] ** 2 + d[None, :] ** 2) / (s * s)).ravel()


def search_px(ppc: int) -> int:
    """How many pixels a tile may lie off its cell centre at ``ppc``."""
    return int(math.ceil(SEARCH_CELLS * ppc))


@dataclass
class TileCache:
    """The last answers and the ink they were given for (live use): per kind of window (the
    grid's cells, the spots), (ink at half resolution, labels, margins)."""

    ppc: int = 0
    cells: dict[str, tuple[np.ndarray, list[str], np.ndarray]] = field(default_factory=dict)
    #: The camera's blur (:func:`measure_camera_blur`) and how many tiles it was measured on
    #: (0: not yet measured; measured again as more tiles come, up to :data:`BLUR_CELLS`).
    camera_blur: float = DEFAULT_CAMERA_BLUR
    blur_cells: int = 0

    def clear(self) -> None:
        """Forget every answer (the mat moved, or the light changed)."""
        self.cells.clear()
        self.camera_blur, self.blur_cells = DEFAULT_CAMERA_BLUR, 0


def classify_windows(
    windows: np.ndarray, ppc: int, fraction: float, faces: tuple[TileFace, ...], blur: float = 0.0
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Labels, margins and centre ink of ink windows (N, ppc + 2s, ppc + 2s) centred on cells,
    for tiles ``faces`` whose side is ``fraction`` of a cell's, seen through ``blur``
    (:func:`template_blur`)."""
    labels, margins, centre_ink, _ = match_windows(windows, ppc, fraction, faces, blur)
    return labels, margins, centre_ink


def centre_inks(windows: np.ndarray, ppc: int) -> np.ndarray:
    """The mean ink of each window's :data:`CENTRE` (below :data:`EMPTY_INK`: an empty cell)."""
    s = search_px(ppc)
    inner = int(round(ppc * (1 - CENTRE) / 2))
    return windows[:, s + inner : s + ppc - inner, s + inner : s + ppc - inner].mean(axis=(1, 2))


def measure_camera_blur(
    windows: np.ndarray, ppc: int, fraction: float, faces: tuple[TileFace, ...], cell_px: float
) -> tuple[float, int]:
    """The camera's blur (sigma, its pixels; one of :data:`CAMERA_BLURS`) under which the tiles in
    ``windows`` (ink windows at ``ppc`` of cells ``cell_px`` camera pixels wide) look most like
    tiles: the best mean of their best designs' scores. Whatever the designs, a tile seen
    through the wrong blur matches every design worse, so no answer is needed to measure it.
    Also how many tiles it was measured on (fewer than ``BLUR_CELLS[0]``: none, and
    :data:`DEFAULT_CAMERA_BLUR` is given)."""
    centre = centre_inks(windows, ppc)
    full = np.flatnonzero(centre >= EMPTY_INK)
    if len(full) < BLUR_CELLS[0]:
        return DEFAULT_CAMERA_BLUR, 0
    chosen = full[np.argsort(-centre[full], kind="stable")[: BLUR_CELLS[1]]]
    means = []
    for blur in CAMERA_BLURS:
        per_face = match_windows(windows[chosen], ppc, fraction, faces, template_blur(blur, ppc, cell_px))[3]
        means.append(float(np.nanmax(per_face, axis=1).mean()))
    return CAMERA_BLURS[int(np.argmax(means))], len(chosen)


def match_windows(
    windows: np.ndarray, ppc: int, fraction: float, faces: tuple[TileFace, ...], blur: float = 0.0
) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    """:func:`classify_windows`, and each window's score against each of ``faces`` (N x faces,
    ``nan`` for an empty window): where the best beats the next by less than :data:`TIE_GAP`
    (:func:`score_gaps`) the answer is a near tie."""
    s = search_px(ppc)
    crop = crop_size(ppc)
    n = len(windows)
    centre_ink = centre_inks(windows, ppc)
    labels = ["."] * n
    margins = np.clip((EMPTY_INK - centre_ink) / EMPTY_INK * 2, 0, 1).astype(np.float32)
    per_face = np.full((n, len(faces)), np.nan, np.float32)
    full = np.flatnonzero(centre_ink >= EMPTY_INK)
    if len(full) == 0:
        return labels, margins, centre_ink, per_face
    start = (ppc - crop) // 2
    view = np.lib.stride_tricks.sliding_window_view(windows[full], (crop, crop), axis=(1, 2))
    shifts = view[:, start : start + 2 * s + 1, start : start + 2 * s + 1]
    names, templates = tile_ink_templates(faces, ppc, round(fraction, 4), round(blur, 4))
    scores = core_scores(windows[full], shifts.reshape(len(full), -1, crop * crop), templates, ppc)
    scores = scores.reshape(len(full), -1, len(faces), len(TURNS))
    # A tile far off its cell is less likely than one near its centre: a small penalty per pixel
    # of shift keeps a shifted arc from passing for a centred bolt.
    scores = scores - shift_penalty(s)[None, :, None, None]
    per_tile = scores.max(axis=(1, 3))  # the best shift and turn of each tile
    per_face[full] = per_tile
    order = np.argsort(-per_tile, axis=1)
    for k, index in enumerate(full):
        best, second = per_tile[k, order[k, 0]], per_tile[k, order[k, 1]]
        labels[index] = names[order[k, 0] * len(TURNS)] if best >= MIN_MATCH else "?"
        margins[index] = min(
            float(np.clip((best - second) / 0.2, 0, 1)),
            float(np.clip((best - 0.3) / 0.3, 0, 1)),
            float(np.clip((centre_ink[index] - EMPTY_INK) / EMPTY_INK, 0, 1)),
        )
    return labels, margins, centre_ink, per_face


@budgeted(MB)
def core_boxes(ppc: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """For each shift of the compared square (row-major), the part of the cell's :data:`CENTRE`
    it covers, in window pixels: rows from, rows to, columns from, columns to; and the first
    pixel of the centre (its last is ``ppc + 2s`` less it)."""
    s = search_px(ppc)
    crop = crop_size(ppc)
    start = (ppc - crop) // 2
    first = s + int(round(ppc * (1 - CENTRE) / 2))
    last = s + ppc - (first - s)
    offsets = start + np.arange(2 * s + 1)
    lo = np.maximum(first, offsets)
    hi = np.maximum(lo, np.minimum(last, offsets + crop))
    rows_lo, cols_lo = np.meshgrid(lo, lo, indexing="ij")
    rows_hi, cols_hi = np.meshgrid(hi, hi, indexing="ij")
    return rows_lo.ravel(), rows_hi.ravel(), cols_lo.ravel(), cols_hi.ravel(), first


def core_scores(windows: np.ndarray, crops: np.ndarray, templates: np.ndarray, ppc: int) -> np.ndarray:
    """The normalised correlation of each window with each tile hypothesis (a template at a
    shift: N x shifts x templates), over the compared square *and* the cell's :data:`CENTRE`.

    The centre's ink says the cell holds a tile, and no neighbour reaches it: the tile there must
    explain it. A template shifted far compares a square that leaves part of the centre out; the
    hypothesis says that part is bare paper, so a bolt's stroke left there counts against an arc
    shifted to match the rest of it. (Compared over its own square alone, the arc took the bolt's
    first half and left its second out of sight.) Where the square covers the centre this is the
    plain correlation of the square with the template."""
    n, size = len(windows), windows.shape[1]
    rows_lo, rows_hi, cols_lo, cols_hi, first = core_boxes(ppc)
    last = size - first
    w = windows.astype(np.float32)
    sums = np.zeros((2, n, size + 1, size + 1), np.float32)
    sums[0, :, 1:, 1:] = w.cumsum(1).cumsum(2)
    sums[1, :, 1:, 1:] = (w * w).cumsum(1).cumsum(2)

    def box(y0: np.ndarray | int, y1: np.ndarray | int, x0: np.ndarray | int, x1: np.ndarray | int) -> np.ndarray:
        return sums[:, :, y1, x1] - sums[:, :, y0, x1] - sums[:, :, y1, x0] + sums[:, :, y0, x0]

    # The centre's ink outside the square (sum and sum of squares), per window and shift.
    outside = box(first, last, first, last)[..., None] - box(rows_lo, rows_hi, cols_lo, cols_hi)
    count = (crops.shape[2] + (last - first) ** 2 - (rows_hi - rows_lo) * (cols_hi - cols_lo)).astype(np.float32)
    sum_w = crops.sum(axis=2) + outside[0]
    sum_ww = np.einsum("nsp,nsp->ns", crops, crops) + outside[1]
    sum_t, sum_tt = templates.sum(axis=1), (templates * templates).sum(axis=1)
    cov = crops @ templates.T - (sum_w / count)[..., None] * sum_t
    var_w = np.maximum(sum_ww - sum_w * sum_w / count, 1e-6)[..., None]
    var_t = np.maximum(sum_tt - sum_t**2 / count[:, None], 1e-6)
    return cov / np.sqrt(var_w * var_t)


def score_gaps(per_face: np.ndarray) -> np.ndarray:
    """By how much each row's best score beats its second (``inf`` for a row of ``nan``)."""
    top = -np.sort(-np.nan_to_num(per_face, nan=-np.inf), axis=1)[:, :2]
    with np.errstate(invalid="ignore"):
        gaps = top[:, 0] - top[:, 1]
    return np.where(np.isfinite(top[:, 0]), gaps, np.inf).astype(np.float32)
