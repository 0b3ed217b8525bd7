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
5. **Classification.** Lewthwaite: a token is coloured (saturated against the local white); red
   and blue are split by a two-cluster fit of the red/blue log-ratio, calibrated on the image
   itself or, in live use, on the known start position. Lightning: the ink of each cell is
   compared with the shipped tile designs in every rotation (normalised correlation).

Nothing here imports pygame; :class:`VisionError` carries exit code 3 for the command line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import cv2
import numpy as np

from games.lightning.tiles import all_tiles
from vision.mats import GAMES, LIGHTNING_CELL_MM, TILE_MM, MatLayout, game_of_marker, layout, tile_face

#: Pixels per cell of the rectified grid (enough for colours; enough for tile strokes).
LEWTHWAITE_PPC = 28
LIGHTNING_PPC = 24
#: A frame darker than this (mean grey level) is black.
BLACK_LEVEL = 18.0
#: Variance of the Laplacian below which a frame without markers is called blurred.
BLUR_LEVEL = 40.0


class VisionError(Exception):
    """The frame cannot be read: ``reason`` is black, blurred, no_markers, wrong_game, out_of_view
    or covered."""

    def __init__(self, reason: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details or {}
        self.code = 3


@dataclass
class MatFix:
    """Where the mat is in a frame: its homography and the markers that gave it."""

    homography: np.ndarray  # sheet millimetres -> frame pixels
    marker_ids: tuple[int, ...]
    marker_corners: dict[int, np.ndarray]  # id -> 4 x 2 frame pixels


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

    def as_dict(self) -> dict[str, Any]:
        """The ``read-board --json`` form."""
        return {
            "game": self.game,
            "grid": self.grid,
            "confidence": round(float(self.confidence), 3),
            "markers": list(self.fix.marker_ids),
            "notes": self.notes,
        }

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
        raise VisionError("black", "the camera frame is black: is the lens covered or the light off?")


def locate_mat(frame: np.ndarray, mat: MatLayout) -> MatFix:
    """Find ``mat`` in the frame from its markers, or raise :class:`VisionError` saying why not."""
    gray = to_gray(frame)
    check_frame(gray)
    found = detect_markers(gray)
    ours = {mid: quad for mid, quad in found.items() if mid in mat.marker_ids}
    if len(ours) < 4:
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
            if len(ours) == 4:
                break
    if len(ours) < 3:
        others = sorted({g for mid in found if (g := game_of_marker(mid)) and g != mat.game})
        if others and len(ours) == 0:
            raise VisionError(
                "wrong_game", f"this is a {others[0]} mat, not a {mat.game} mat", {"found_game": others[0]}
            )
        if sharpness(gray) < BLUR_LEVEL:
            raise VisionError(
                "blurred", "the camera frame is too blurred to find the mat's markers: focus or hold still"
            )
        raise VisionError(
            "no_markers",
            f"the {mat.game} mat was not found: {len(ours)} of its 4 markers are "
            "visible (each corner marker must be in view and uncovered)",
            {"markers": sorted(ours)},
        )
    fix = fix_from_markers(mat, ours)
    check_in_view(fix, mat, gray.shape)
    return fix


def check_in_view(fix: MatFix, mat: MatLayout, shape: tuple[int, ...]) -> None:
    """Raise :class:`VisionError` when part of the grid (with its paper ring) is outside the frame."""
    pad = mat.cell * 0.5
    corners = []
    for bx, by, bw, bh in mat.blocks:
        corners += [
            (bx - pad, by - pad),
            (bx + bw + pad, by - pad),
            (bx + bw + pad, by + bh + pad),
            (bx - pad, by + bh + pad),
        ]
    points = cv2.perspectiveTransform(np.array([corners], np.float32), fix.homography)[0]
    h, w = shape[:2]
    if points.min() < 0 or points[:, 0].max() > w - 1 or points[:, 1].max() > h - 1:
        raise VisionError("out_of_view", "part of the board is outside the camera's view: move the mat or the camera")


def fix_from_markers(mat: MatLayout, ours: dict[int, np.ndarray]) -> MatFix:
    """The homography from the detected corners of at least three of the mat's markers."""
    sheet = mat.marker_points()
    src = np.vstack([sheet[mid] for mid in sorted(ours)])
    dst = np.vstack([ours[mid] for mid in sorted(ours)]).astype(np.float32)
    homography, _ = cv2.findHomography(src, dst, 0)
    if homography is None:
        raise VisionError("no_markers", "the mat's markers are in an impossible arrangement")
    return MatFix(homography, tuple(sorted(ours)), ours)


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
    for bx, by, bw, bh in mat.blocks:
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
                fix.homography @ to_sheet,
                size,
                flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                borderMode=cv2.BORDER_REPLICATE,
            )
        )
    where = [[(0, 0, 0)] * mat.cols for _ in range(mat.rows)]
    for r in range(mat.rows):
        for c in range(mat.cols):
            x, y = mat.origins[r][c]
            for b, (bx, by, bw, bh) in enumerate(mat.blocks):
                if bx - 1e-6 <= x < bx + bw - 1e-6 and by - 1e-6 <= y < by + bh - 1e-6:
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


#: How far outside the grid the ring of paper samples lies, in cells: beyond the reach of any
#: token, even a tall one seen at a steep angle (Lewthwaite), and inside the sheet (Lightning).
RING_OFFSET = {"lewthwaite": 0.45, "lightning": 0.3}


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


def cell_whites(white: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """Each cell's white: the mean of its valid corner vertices (all corners if none is valid)."""
    corners = np.stack([white[:-1, :-1], white[:-1, 1:], white[1:, :-1], white[1:, 1:]], axis=2)
    ok = np.stack([valid[:-1, :-1], valid[:-1, 1:], valid[1:, :-1], valid[1:, 1:]], axis=2)[..., None]
    counted = ok.sum(axis=2)
    mean_ok = (corners * ok).sum(axis=2) / np.maximum(counted, 1)
    return np.where(counted > 0, mean_ok, corners.mean(axis=2)).astype(np.float32)


@dataclass
class CellPaper:
    """The paper seen around every cell: validity of the vertices and the cells' whites."""

    valid: list[np.ndarray]  # per block: (rows+1) x (cols+1) bool
    whites: list[np.ndarray]  # per block: rows x cols x 3
    covered: list[tuple[int, int]]
    samples: np.ndarray  # every vertex and ring sample, N x 3 (the calibration reference)
    vertex_colours: list[np.ndarray] = field(default_factory=list)  # per block: (rows+1) x (cols+1) x 3
    ring_covered: set[tuple[int, int]] = field(default_factory=set)  # cells next to a ring sample that is not paper


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


def changed_since(samples: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """True where a paper sample changed since calibration beyond a global change of light."""
    ratio = (samples + 4) / (reference + 4)
    ratio = ratio / np.median(ratio, axis=0)
    return np.abs(np.log(ratio)).max(axis=1) > 0.25


def measure_paper(
    rect: Rectified, mat: MatLayout, reference: np.ndarray | None = None, ring_offset: float = 0.3
) -> CellPaper:
    """Paper colour and validity at every vertex and around the grid, and which cells are covered.

    A cell counts as covered when two of its corners are not paper, or when the ring of paper
    just outside the grid (which no token reaches, and which an arm must cross) is not paper
    next to it. (Tall tokens seen at a steep angle can hide vertices: see
    :meth:`BoardReader._excuse_tokens`.)
    With a ``reference`` (the samples of the calibration frame), a sample that changed since
    then is not paper either: in live use a sleeve of any colour is caught.
    """
    whites, rings, shapes = [], [], []
    for image, (_, _, bw, bh) in zip(rect.images, mat.blocks, strict=True):
        rows, cols = round(bh / mat.cell), round(bw / mat.cell)
        whites.append(vertex_paper(image, rows, cols, rect.ppc, rect.margin))
        ys, xs, ring_cells = ring_samples(rows, cols, rect.ppc, rect.margin, ring_offset)
        rings.append((_patch_percentile(image, ys, xs, max(2, int(rect.ppc * 0.08))), ring_cells))
        shapes.append((rows, cols))
    # One paper for the whole mat: validity is judged against every sample together.
    samples = np.concatenate([w.reshape(-1, 3) for w in whites] + [c for c, _ in rings])
    valid_all = paper_validity(samples[:, None, :]).ravel()
    if reference is not None and reference.shape == samples.shape:
        valid_all &= ~changed_since(samples, reference)
    valid_blocks, ring_valid, cursor = [], [], 0
    for white in whites:
        n = white.shape[0] * white.shape[1]
        valid_blocks.append(valid_all[cursor : cursor + n].reshape(white.shape[:2]))
        cursor += n
    for colours, _ in rings:
        ring_valid.append(valid_all[cursor : cursor + len(colours)])
        cursor += len(colours)
    ring_covered = set()
    for b, (_, ring_cells) in enumerate(rings):
        for (rr, cc), ok in zip(ring_cells, ring_valid[b], strict=True):
            if not ok:
                ring_covered |= {
                    (r, c) for r in range(mat.rows) for c in range(mat.cols) if rect.where[r][c] == (b, rr, cc)
                }
    covered = covered_cells(valid_blocks, ring_covered, rect, mat)
    cell_white = [cell_whites(w, v) for w, v in zip(whites, valid_blocks, strict=True)]
    return CellPaper(valid_blocks, cell_white, covered, samples, whites, ring_covered)


# --- Lewthwaite: token colours ---------------------------------------------------------------


@dataclass
class ColourModel:
    """Red/blue/empty statistics in the feature space (saturation, red-blue log ratio, log brightness).

    Built from a frame of the known start position (:meth:`BoardReader.calibrate`); without one,
    the reader calibrates on each image by itself.
    """

    means: dict[str, np.ndarray]
    inv_covs: dict[str, np.ndarray]
    log_dets: dict[str, float]

    @classmethod
    def fit(cls, features: np.ndarray, labels: list[str]) -> ColourModel:
        """Gaussian statistics per label, with a floor on the spread so new lighting still fits."""
        means, inv_covs, log_dets = {}, {}, {}
        labels_arr = np.array(labels)
        for label in ("R", "B", "."):
            x = features[labels_arr == label]
            if len(x) == 0:
                raise ValueError(f"no '{label}' cell to calibrate on")
            mean = x.mean(axis=0)
            cov = np.cov(x.T) if len(x) > 2 else np.zeros((x.shape[1], x.shape[1]))
            cov = cov + np.diag([0.06, 0.25, 0.2]) ** 2
            means[label] = mean
            inv_covs[label] = np.linalg.inv(cov)
            log_dets[label] = float(np.linalg.slogdet(cov)[1])
        return cls(means, inv_covs, log_dets)

    def classify(self, features: np.ndarray) -> tuple[list[str], np.ndarray]:
        """Labels and margins (0..1) for each row of ``features``."""
        labels = list(self.means)
        scores = np.stack(
            [
                -0.5 * np.einsum("ij,jk,ik->i", features - self.means[k], self.inv_covs[k], features - self.means[k])
                - 0.5 * self.log_dets[k]
                for k in labels
            ],
            axis=1,
        )
        order = np.argsort(-scores, axis=1)
        best = scores[np.arange(len(scores)), order[:, 0]]
        second = scores[np.arange(len(scores)), order[:, 1]]
        margin = 1 - np.exp(-(best - second))
        return [labels[i] for i in order[:, 0]], margin


def token_features(rect: Rectified, paper: CellPaper, mat: MatLayout) -> np.ndarray:
    """Per cell (rows * cols x 3): saturation, log(red / blue), log brightness, against the cell's white."""
    ppc = rect.ppc
    radius = ppc * 0.22
    yy, xx = np.mgrid[0:ppc, 0:ppc]
    disc = (yy - ppc / 2 + 0.5) ** 2 + (xx - ppc / 2 + 0.5) ** 2 <= radius**2
    feats = np.zeros((mat.rows * mat.cols, 3), np.float32)
    for r in range(mat.rows):
        for c in range(mat.cols):
            b, rr, cc = rect.where[r][c]
            y0, x0 = rect.margin + rr * ppc, rect.margin + cc * ppc
            pixels = rect.images[b][y0 : y0 + ppc, x0 : x0 + ppc][disc].astype(np.float32)
            feats[r * mat.cols + c] = colour_features(np.median(pixels, axis=0), paper.whites[b][rr, cc])
    return feats


def colour_features(colour: np.ndarray, white: np.ndarray) -> tuple[float, float, float]:
    """(saturation, log(red / blue), log brightness) of a BGR colour against its paper white."""
    n = (colour + 2) / (white + 2)
    hi, lo = float(n.max()), float(n.min())
    return ((hi - lo) / max(hi, 0.05), math.log(n[2] / n[0]), math.log(max(float(n.mean()), 1e-3)))


#: One-shot thresholds: a token's colour stands out from its paper this much (saturation).
EMPTY_SATURATION = 0.2


def classify_tokens_oneshot(
    features: np.ndarray, expected_tokens: int | None
) -> tuple[list[str], np.ndarray, list[str]]:
    """Self-calibrated labels for one image: empty by low saturation, red/blue by a 2-means split."""
    notes: list[str] = []
    sat, ratio = features[:, 0], features[:, 1]
    is_token = sat > EMPTY_SATURATION
    empty_margin = np.clip(np.abs(sat - EMPTY_SATURATION) / 0.12, 0, 1)
    labels = np.full(len(features), ".", dtype=object)
    margin = empty_margin.copy()
    tokens = np.flatnonzero(is_token)
    if len(tokens):
        values = ratio[tokens]
        lo, hi = float(values.min()), float(values.max())
        # Two clusters on the red/blue log ratio; if all tokens are one colour the gap is small.
        if hi - lo < 0.6:
            split = 0.0
        else:
            split = (lo + hi) / 2
            for _ in range(10):
                left, right = values[values <= split], values[values > split]
                if len(left) == 0 or len(right) == 0:
                    break
                split = (left.mean() + right.mean()) / 2
        red = values > split
        labels[tokens] = np.where(red, "R", "B")
        spread = max(
            0.25,
            float(np.std(values[red])) if red.sum() > 1 else 0.25,
            float(np.std(values[~red])) if (~red).sum() > 1 else 0.25,
        )
        colour_margin = np.clip(np.abs(values - split) / (3 * spread), 0, 1)
        margin[tokens] = np.minimum(margin[tokens], colour_margin)
    if expected_tokens is not None and int(is_token.sum()) != expected_tokens:
        notes.append(f"{int(is_token.sum())} tokens seen, {expected_tokens} expected")
    return list(labels), margin, notes


# --- Lightning: tiles ------------------------------------------------------------------------

_CROP = 0.84  # the central part of a cell compared with the templates


@cache
def tile_templates(ppc: int) -> tuple[list[str], np.ndarray]:
    """Names and zero-mean, unit-norm ink templates of every distinct tile at ``ppc`` px per cell.

    Each template is the shipped tile face (same drawing as the printed tiles), slightly blurred
    and taken at a few sub-cell shifts so a tile placed off-centre still matches.
    """
    size = LIGHTNING_TILE_FRACTION * ppc
    big = 8
    names, vectors = [], []
    crop = int(round(ppc * _CROP))
    for tile in all_tiles():
        face = tile_face(tile, int(round(size * big)))
        canvas = np.full((ppc * big, ppc * big, 3), 255, np.uint8)
        off = (ppc * big - face.shape[0]) // 2
        canvas[off : off + face.shape[0], off : off + face.shape[1]] = face
        grey = cv2.resize(cv2.cvtColor(canvas, cv2.COLOR_BGR2GRAY), (ppc, ppc), interpolation=cv2.INTER_AREA)
        ink = _ink(grey.astype(np.float32) / 255)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                shifted = np.roll(ink, (dy, dx), axis=(0, 1))
                names.append(str(tile))
                vectors.append(_normalise(_center_crop(shifted, crop)))
    return names, np.array(vectors, np.float32)


LIGHTNING_TILE_FRACTION = TILE_MM / LIGHTNING_CELL_MM


def _center_crop(image: np.ndarray, size: int) -> np.ndarray:
    off = (image.shape[0] - size) // 2
    return image[off : off + size, off : off + size]


def _ink(grey: np.ndarray) -> np.ndarray:
    """How dark each pixel is against white (0 on paper, ~1 on the stroke), lightly blurred."""
    return cv2.GaussianBlur(np.clip((0.8 - grey) / 0.6, 0, 1), (0, 0), 0.8)


def _normalise(patch: np.ndarray) -> np.ndarray:
    v = patch.ravel().astype(np.float32)
    v = v - v.mean()
    return v / max(float(np.linalg.norm(v)), 1e-6)


#: A cell is empty when the mean ink of its centre is below this (a tile's stroke gives > 0.06).
EMPTY_INK = 0.025
MIN_MATCH = 0.45


def cell_inks(rect: Rectified, paper: CellPaper, mat: MatLayout, crop: int) -> np.ndarray:
    """The ink map of every cell's centre, against its own white: (rows * cols) x crop x crop."""
    ppc, m = rect.ppc, rect.margin
    off = (ppc - crop) // 2
    out = np.zeros((mat.rows, mat.cols, crop, crop), np.float32)
    for b, image in enumerate(rect.images):
        whites = paper.whites[b].mean(axis=2)
        rows, cols = whites.shape
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)[m : m + rows * ppc, m : m + cols * ppc].astype(np.float32)
        white_map = np.repeat(np.repeat(np.maximum(whites, 8.0), ppc, axis=0), ppc, axis=1)
        ink = _ink(grey / white_map)
        cells = ink.reshape(rows, ppc, cols, ppc).transpose(0, 2, 1, 3)[:, :, off : off + crop, off : off + crop]
        for r in range(mat.rows):
            for c in range(mat.cols):
                bb, rr, cc = rect.where[r][c]
                if bb == b:
                    out[r, c] = cells[rr, cc]
    return out.reshape(mat.rows * mat.cols, crop, crop)


def classify_tiles(rect: Rectified, paper: CellPaper, mat: MatLayout) -> tuple[list[list[str]], np.ndarray]:
    """Design and rotation of the tile on each cell (``.`` when empty).

    The ink of the cell's centre against the shipped face of every distinct tile (drawn from the
    tile table), by normalised correlation, the best of a few sub-cell shifts. (Adding the ink at
    the eight boundary points as a second vote made bolts read as arcs more often: dropped.)
    """
    ppc = rect.ppc
    crop = int(round(ppc * _CROP))
    names, templates = tile_templates(ppc)
    inks = cell_inks(rect, paper, mat, crop).reshape(mat.rows * mat.cols, -1)
    mean_ink = inks.mean(axis=1)
    centred = inks - mean_ink[:, None]
    vectors = centred / np.maximum(np.linalg.norm(centred, axis=1, keepdims=True), 1e-6)
    scores = vectors @ templates.T  # cells x (tiles * shifts)
    tile_names = [str(tile) for tile in all_tiles()]
    # The best of the sub-cell shifts of each tile (templates are tile-major, shifts inside).
    combined = per_tile = scores.reshape(len(scores), len(tile_names), -1).max(axis=2)
    order = np.argsort(-combined, axis=1)
    grid = [["."] * mat.cols for _ in range(mat.rows)]
    margins = np.ones((mat.rows, mat.cols), np.float32)
    for k in range(len(scores)):
        r, c = divmod(k, mat.cols)
        if mean_ink[k] < EMPTY_INK:
            margins[r, c] = min(1.0, (EMPTY_INK - mean_ink[k]) / EMPTY_INK * 2)
            continue
        best, second = combined[k, order[k, 0]], combined[k, order[k, 1]]
        match = per_tile[k, order[k, 0]]
        grid[r][c] = tile_names[order[k, 0]] if match >= MIN_MATCH else "?"
        margins[r, c] = min(
            float(np.clip((best - second) / 0.2, 0, 1)),
            float(np.clip((match - 0.3) / 0.3, 0, 1)),
            float(np.clip((mean_ink[k] - EMPTY_INK) / EMPTY_INK, 0, 1)),
        )
    return grid, margins


# --- the reader ------------------------------------------------------------------------------


class BoardReader:
    """Reads frames of one game's mat; keeps the homography while the markers stay put.

    ``read(frame)`` returns a :class:`Reading` or raises :class:`VisionError`. In live use call
    :meth:`calibrate` once on a frame of the start position; :meth:`read` then classifies token
    colours with those statistics.
    """

    def __init__(self, game: str, rows: int | None = None, cols: int | None = None) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game '{game}' (choose from {', '.join(GAMES)})")
        self.game = game
        self.mat = layout(game, rows, cols) if game == "lewthwaite" else layout(game)
        self.ppc = LEWTHWAITE_PPC if game == "lewthwaite" else LIGHTNING_PPC
        self.fix: MatFix | None = None
        self._marker_patches: dict[int, np.ndarray] = {}
        self.model: ColourModel | None = None
        self.paper_reference: np.ndarray | None = None
        self.redetections = 0

    # -- the homography, re-detected only when the markers move --

    def locate(self, frame: np.ndarray) -> MatFix:
        """The mat's position, reusing the last one when the marker areas have not changed."""
        gray = to_gray(frame)
        if self.fix is not None and self._markers_still(gray):
            return self.fix
        self.fix = locate_mat(frame, self.mat)
        self.redetections += 1
        self._marker_patches = {mid: self._patch(gray, quad) for mid, quad in self.fix.marker_corners.items()}
        return self.fix

    @staticmethod
    def _patch(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
        x0, y0 = np.floor(quad.min(axis=0)).astype(int)
        x1, y1 = np.ceil(quad.max(axis=0)).astype(int)
        h, w = gray.shape
        return gray[max(0, y0) : min(h, y1), max(0, x0) : min(w, x1)].astype(np.int16)

    def _markers_still(self, gray: np.ndarray) -> bool:
        """True when every marker area looks as it did when the markers were detected."""
        assert self.fix is not None
        for mid, quad in self.fix.marker_corners.items():
            now = self._patch(gray, quad)
            before = self._marker_patches.get(mid)
            if before is None or now.shape != before.shape or now.size == 0:
                return False
            if float(np.abs(now - before).mean()) > 12.0:
                return False
        return True

    def forget(self) -> None:
        """Drop the cached homography (the next frame re-detects the markers)."""
        self.fix = None

    # -- reading --

    def read(self, frame: np.ndarray, allow_covered: bool = False) -> Reading:
        """The board in ``frame``; raises :class:`VisionError` if the mat is missing or covered."""
        gray = to_gray(frame)
        check_frame(gray)
        fix = self.locate(frame)
        rect = rectify(frame, self.mat, fix, self.ppc)
        paper = measure_paper(rect, self.mat, self.paper_reference, RING_OFFSET[self.game])
        if paper.covered and self.game == "lewthwaite":
            paper.covered = self._excuse_tokens(rect, paper)
        if paper.covered and not allow_covered:
            raise VisionError(
                "covered",
                f"something covers the board ({len(paper.covered)} cells hidden): take your hand away",
                {"cells": [list(c) for c in paper.covered]},
            )
        if self.game == "lewthwaite":
            return self._read_tokens(rect, paper, fix)
        grid, margins = classify_tiles(rect, paper, self.mat)
        return Reading(self.game, grid, float(margins.min()), fix, margins)

    def _excuse_tokens(self, rect: Rectified, paper: CellPaper) -> list[tuple[int, int]]:
        """The covered cells once vertices hidden by the tokens themselves are forgiven.

        Tall tokens seen at a steep angle lean over the grid's vertices. A vertex whose colour,
        against the paper of its valid neighbours, is a mix of paper and the colour of a token on
        one of its four cells (same side of the red/blue ratio, no more saturated) is forgiven.
        The ring outside the grid, which no token reaches and an arm must cross, never is; and a
        hand hides more than three vertices, so more than three spoilt vertices are never forgiven.
        """
        if paper.ring_covered or sum(int((~v).sum()) for v in paper.valid) > 3:
            return paper.covered
        features = token_features(rect, paper, self.mat).reshape(self.mat.rows, self.mat.cols, 3)
        valid = [v.copy() for v in paper.valid]
        for r in range(self.mat.rows):
            for c in range(self.mat.cols):
                token = features[r, c]
                if token[0] <= EMPTY_SATURATION:
                    continue
                b, rr, cc = rect.where[r][c]
                v, colours = valid[b], paper.vertex_colours[b]
                for i, j in ((rr, cc), (rr, cc + 1), (rr + 1, cc), (rr + 1, cc + 1)):
                    if v[i, j] or not paper.valid[b].any():
                        continue
                    window = np.s_[max(0, i - 2) : i + 3, max(0, j - 2) : j + 3]
                    near = colours[window][paper.valid[b][window]]
                    white = np.median(near if len(near) else colours[paper.valid[b]], axis=0)
                    f = colour_features(colours[i, j], white)
                    same_side = f[1] * token[1] > 0 and 0.15 * abs(token[1]) < abs(f[1]) <= 1.3 * abs(token[1]) + 0.1
                    if same_side and f[0] <= token[0] + 0.1:
                        v[i, j] = True
        return covered_cells(valid, paper.ring_covered, rect, self.mat)

    def _read_tokens(self, rect: Rectified, paper: CellPaper, fix: MatFix) -> Reading:
        features = token_features(rect, paper, self.mat)
        rows, cols = self.mat.rows, self.mat.cols
        notes: list[str] = []
        if self.model is not None:
            labels, margin = self.model.classify(features)
        else:
            labels, margin, notes = classify_tokens_oneshot(features, rows * cols - 1)
        grid = ["".join(labels[r * cols : (r + 1) * cols]) for r in range(rows)]
        confidence = float(margin.min())
        reds = sum(row.count("R") for row in grid)
        blues = sum(row.count("B") for row in grid)
        expected_red = (rows * cols) // 2
        if (reds, blues) != (expected_red, rows * cols - 1 - expected_red):
            # Tokens only slide in this game: other counts mean a misread or a token off the mat.
            notes.append(
                f"{reds} red and {blues} blue tokens seen, {expected_red} and {rows * cols - 1 - expected_red} expected"
            )
            confidence *= 0.5
        return Reading(self.game, grid, confidence, fix, margin.reshape(rows, cols), notes)

    def calibrate(self, frame: np.ndarray, grid: list[str] | list[list[str]]) -> Reading:
        """Learn from a frame showing the known ``grid`` (the start position): the paper around the
        cells (to notice later what covers it) and, for Lewthwaite, the red/blue/empty colours."""
        gray = to_gray(frame)
        check_frame(gray)
        fix = self.locate(frame)
        rect = rectify(frame, self.mat, fix, self.ppc)
        paper = measure_paper(rect, self.mat, None, RING_OFFSET[self.game])
        if paper.covered and self.game == "lewthwaite":
            paper.covered = self._excuse_tokens(rect, paper)
        if paper.covered:
            raise VisionError("covered", "something covers the board: calibration needs a clear view")
        self.paper_reference = paper.samples
        if self.game == "lightning":
            grid_read, margins = classify_tiles(rect, paper, self.mat)
            return Reading(self.game, grid_read, float(margins.min()), fix, margins)
        features = token_features(rect, paper, self.mat)
        labels = [ch.upper() for row in grid for ch in row]
        self.model = ColourModel.fit(features, labels)
        return self._read_tokens(rect, paper, fix)
