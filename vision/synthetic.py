"""A synthetic camera: photographs of a printed mat in any state, for tests, benches and demos.

A photograph is made the way a real one is: the sheet is rendered flat (from :mod:`vision.mats`),
tokens or tiles are put on it (with their height seen in perspective, their shadow and their
surface style), a pinhole camera tilted up to 35 degrees looks at it from any side, and the
frame gets a background, uneven light, cast shadows, maybe a hand, sensor noise, blur and JPEG
artefacts. Everything is drawn from one ``random.Random`` so a seed names a photograph.

The styles vary widely on purpose (painted cork, bottle caps with rims, glossy and draughts-like
pieces; pinkish to orange reds, navy to sky blues) so that the reader is not tuned to one look.
"""

from __future__ import annotations

import colorsys
import contextlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from games.boards import BoardDescription
from games.budget import MB, budgeted
from vision.mats import MatLayout, Point, face_for, layout, profile, render_mat, tile_face, vision_grid

#: Resolution of the flat sheet before the camera sees it (a 1280 x 720 camera sees < 3 px/mm).
TEXTURE_PX_PER_MM = 4.0
FRAME_SIZE = (1280, 720)
Grid = list[str] | list[list[str]]


@dataclass
class CameraStyle:
    """How one photograph is taken. :func:`random_style` draws a varied one from a seed."""

    tilt_deg: float = 20.0
    yaw_deg: float = 0.0
    fill: float = 0.85
    shift: tuple[float, float] = (0.5, 0.5)
    light_gradient: float = 0.3
    light_angle: float = 0.0
    white_balance: tuple[float, float, float] = (1.0, 1.0, 1.0)
    exposure: float = 1.0
    shadows: int = 1
    noise: float = 3.0
    blur: float = 0.6
    jpeg_quality: int = 85
    hand: bool = False
    #: Tiles laid as a child lays them: up to this far (mm) and this turned (degrees) off the
    #: cell, touching but not overlapping a neighbour (0: the default small jitter).
    child_tiles_mm: float = 0.0
    child_tiles_deg: float = 8.0
    #: The stand (:func:`stand_style`): the pieces' look (``""``: drawn at random; or one of
    #: :data:`PIECE_STYLES`) and height in mm (0: drawn at random, 3-12) ...
    piece_style: str = ""
    piece_mm: float = 0.0
    #: ... a bare desk lamp this many degrees above the table (0: none), from this direction
    #: (radians, on the sheet): every piece casts a hard shadow ``h / tan(elevation)`` long, in
    #: the room's cooler light.
    lamp_elevation: float = 0.0
    lamp_azimuth: float = 0.0
    #: What is left of the light in a lamp's shadow, and its tint (log blue/red, half).
    shadow_fill: float = 0.55
    shadow_tint: float = 0.15
    #: The camera's distance to the sheet's centre (mm; 0: 1.3 times the sheet's long side).
    distance_mm: float = 0.0
    #: A lamp's hot spot: its light mirrored off the sheet into the lens, added to whatever lies
    #: there (the markers' ink too) and so scaled by the exposure like the rest; strong enough,
    #: it puts the ink at the sensor's limit. Strength (of the paper's white; 0: none), centre
    #: (fractions of the sheet's width and height) and size (mm, the spread of its falloff).
    glare: float = 0.0
    glare_at: tuple[float, float] = (0.5, 0.5)
    glare_mm: float = 60.0
    #: A desk lamp's pool of light ending on the sheet (0: none): beyond the line through
    #: ``pool_at`` (fractions of the sheet's width and height) at ``pool_angle`` (radians, the
    #: direction on the sheet the pool lies towards), the room's light alone lights the table:
    #: this share of the light, bluer by ``pool_tint`` (log blue/red, half), over a penumbra
    #: ``pool_edge_mm`` wide.
    pool_fill: float = 0.0
    pool_at: tuple[float, float] = (0.5, 0.5)
    pool_angle: float = 0.0
    pool_tint: float = 0.15
    pool_edge_mm: float = 10.0
    #: The mat as printed since issue 39, with its cells' names (False: a mat printed before,
    #: without them: such mats are still on tables).
    mat_names: bool = True
    #: The players' pieces as (hue, saturation, value), first player's first (empty: red and
    #: blue drawn at random by :func:`token_palette`; :data:`BLACK_IVORY`: black and ivory draughts).
    palette: tuple[tuple[float, float, float], ...] = ()


@dataclass
class Photo:
    """A rendered photograph and what it shows."""

    image: np.ndarray
    game: str
    grid: Grid
    #: 3 x 3 homography from sheet millimetres to frame pixels.
    homography: np.ndarray
    hand: bool = False
    style: CameraStyle = field(default_factory=CameraStyle)
    #: True when the hand (if any) hides part of the grid.
    hand_over_grid: bool = False


@budgeted(24 * MB)
def _flat_mat(board: BoardDescription, variant: str = "standard", names: bool = True) -> tuple[MatLayout, np.ndarray]:
    """The mat as one flat layout and image: a mat on several sheets has them laid end to end
    (sheet 1 below sheet 0, as at the stand), in one coordinate frame; ``names`` False: as
    printed before the cells' names were."""
    mat = layout(board, variant=variant)
    images = [render_mat(mat, TEXTURE_PX_PER_MM, sheet, names) for sheet in range(mat.sheets)]
    if mat.sheets == 1:
        return mat, images[0]
    height = mat.page[1]

    def moved(sheet: int, point: Point) -> Point:
        return (point[0], point[1] + sheet * height)

    origins = tuple(
        tuple(moved(mat.sheet_of_cell(r, c), mat.origins[r][c]) for c in range(mat.cols)) for r in range(mat.rows)
    )
    sheet_of_marker = {mid: k for k, ids in enumerate(mat.sheet_markers) for mid in ids}
    Quad = tuple[Point, Point, Point, Point]

    def moved_marker(mid: int, corners: Quad) -> tuple[int, Quad]:
        a, b, c, d = (moved(sheet_of_marker[mid], p) for p in corners)
        return mid, (a, b, c, d)

    markers = tuple(moved_marker(mid, corners) for mid, corners in mat.markers)
    blocks = tuple(
        (bx, by + mat.block_sheet[b] * height, bw, bh) for b, (bx, by, bw, bh) in enumerate(mat.blocks)
    )
    spots = tuple((name, 0, x, y + sheet * height) for name, sheet, x, y in mat.spots)
    flat = replace(
        mat, page=(mat.page[0], height * mat.sheets), origins=origins, markers=markers, blocks=blocks,
        sheet_markers=(mat.marker_ids,), block_sheet=(0,) * len(blocks), spots=spots,
    )
    return flat, np.vstack(images)


def random_style(rng: random.Random, hand: bool = False) -> CameraStyle:
    """A varied but plausible camera setting: the mat in any orientation, tilted up to 35 degrees."""
    return CameraStyle(
        tilt_deg=rng.uniform(0, 35),
        yaw_deg=rng.choice((0, 90, 180, 270)) + rng.uniform(-30, 30) if rng.random() < 0.85 else rng.uniform(0, 360),
        fill=rng.uniform(0.7, 0.97),
        shift=(rng.random(), rng.random()),
        light_gradient=rng.uniform(0.0, 0.55),
        light_angle=rng.uniform(0, 2 * math.pi),
        white_balance=(rng.uniform(0.82, 1.1), rng.uniform(0.92, 1.05), rng.uniform(0.82, 1.12)),
        exposure=rng.uniform(0.7, 1.15),
        shadows=rng.choice((0, 0, 1, 1, 2)),
        noise=rng.uniform(1, 7),
        blur=rng.uniform(0, 1.3),
        jpeg_quality=rng.randint(40, 95),
        hand=hand,
    )


# --- board states ---------------------------------------------------------------------------


def board_of_photo(board: BoardDescription | str, rows: int | None = None, cols: int | None = None) -> BoardDescription:
    """The board a photograph shows: ``board`` (or an installed game's usual one, by key), at
    ``rows`` x ``cols`` when its mat follows the board's size."""
    found = profile(board).board
    if rows is not None and cols is not None and (rows, cols) != (found.rows, found.cols):
        # A mat that comes in one size keeps it: the grid is read on it as it is.
        with contextlib.suppress(ValueError):
            found = found.resized(rows, cols)
    return found


def random_grid(board: BoardDescription | str, rng: random.Random) -> Grid:
    """A grid ``board`` may show, drawn from ``rng`` (its :meth:`~games.boards.BoardDescription.sample_grid`)."""
    found = profile(board).board
    return vision_grid(found, found.sample_grid(rng))


# --- colours and pieces ---------------------------------------------------------------------


def _hsv_bgr(h: float, s: float, v: float) -> tuple[int, int, int]:
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
    return (int(b * 255), int(g * 255), int(r * 255))


def token_palette(rng: random.Random, codes: Sequence[str]) -> dict[str, tuple[float, float, float]]:
    """(hue, saturation, value) of the players' tokens ``codes``: the first player's red, from
    pinkish to orange, the second's blue, from navy to sky."""
    red = (rng.uniform(-0.045, 0.075), rng.uniform(0.5, 1.0), rng.uniform(0.6, 1.0))
    blue = (rng.uniform(0.53, 0.68), rng.uniform(0.45, 1.0), rng.uniform(0.28, 1.0))
    return dict(zip(codes, (red, blue), strict=False))  # none for a tile board (the draws keep seeds stable)


#: Black and ivory pieces (hue, saturation, value), for :attr:`CameraStyle.palette`.
BLACK_IVORY = ((0.0, 0.0, 0.12), (0.12, 0.14, 0.92))


def _shade(color: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    b, g, r = (int(max(0, min(255, c * factor))) for c in color)
    return b, g, r


def draw_token(
    image: np.ndarray,
    center: tuple[float, float],
    radius: float,
    top_offset: tuple[float, float],
    color: tuple[int, int, int],
    style: str,
    rng: random.Random,
) -> None:
    """One token on the flat sheet (pixels): side wall between base and top, then the top face."""
    cx, cy = center
    ox, oy = top_offset
    side = _shade(color, 0.6)
    steps = max(1, int(math.hypot(ox, oy) / 2))
    for k in range(steps + 1):
        t = k / steps
        cv2.circle(
            image,
            (int((cx + ox * t) * 16), int((cy + oy * t) * 16)),
            int(radius * 16),
            side,
            -1,
            cv2.LINE_AA,
            4,
        )
    top = (int((cx + ox) * 16), int((cy + oy) * 16))
    if style == "stack":
        # Two draughts: the seam between them half-way up the side.
        middle = (int((cx + ox / 2) * 16), int((cy + oy / 2) * 16))
        cv2.circle(image, middle, int(radius * 16), _shade(color, 0.4), max(1, int(radius * 0.06)), cv2.LINE_AA, 4)
    cv2.circle(image, top, int(radius * 16), color, -1, cv2.LINE_AA, 4)
    if style == "cap_up":
        # Open side up: a coloured rim round an inside in shade (the room's bluish light), whose
        # floor lies at the base (no parallax), partly hidden by the near wall.
        inside = tuple(int(v) for v in np.array(_shade(color, 0.5)) * np.array([1.15, 1.0, 0.85]))
        cv2.circle(image, top, int(radius * 0.86 * 16), _shade(color, 0.75), -1, cv2.LINE_AA, 4)
        floor = (int((cx + ox * 0.35) * 16), int((cy + oy * 0.35) * 16))
        cv2.circle(image, floor, int(radius * 0.72 * 16), inside, -1, cv2.LINE_AA, 4)
    elif style == "cap":
        # A bottle cap: a darker crimped rim and a slightly different inside.
        cv2.circle(
            image,
            top,
            int(radius * 0.93 * 16),
            _shade(color, 0.7),
            max(2, int(radius * 0.12)),
            cv2.LINE_AA,
            4,
        )
        cv2.circle(image, top, int(radius * 0.6 * 16), _shade(color, 1.08), -1, cv2.LINE_AA, 4)
    elif style in ("draught", "stack"):
        for ring in (0.85, 0.6, 0.35):
            cv2.circle(
                image,
                top,
                int(radius * ring * 16),
                _shade(color, 0.8),
                max(1, int(radius * 0.05)),
                cv2.LINE_AA,
                4,
            )
    elif style == "cork":
        # Painted cork: blotchy paint.
        for _ in range(8):
            a, d = rng.uniform(0, 2 * math.pi), rng.uniform(0, radius * 0.7)
            spot = (int((cx + ox + d * math.cos(a)) * 16), int((cy + oy + d * math.sin(a)) * 16))
            cv2.circle(
                image,
                spot,
                int(radius * rng.uniform(0.1, 0.25) * 16),
                _shade(color, rng.uniform(0.8, 1.1)),
                -1,
                cv2.LINE_AA,
                4,
            )
    if style in ("glossy", "cap", "cap_up") or rng.random() < 0.2:
        # A specular highlight: small, bright, off-centre.
        a = rng.uniform(0, 2 * math.pi)
        spot = (
            int((cx + ox + 0.4 * radius * math.cos(a)) * 16),
            int((cy + oy + 0.4 * radius * math.sin(a)) * 16),
        )
        axes = (int(radius * rng.uniform(0.12, 0.3) * 16), int(radius * rng.uniform(0.06, 0.15) * 16))
        cv2.ellipse(image, spot, axes, math.degrees(a), 0, 360, (250, 250, 250), -1, cv2.LINE_AA, 4)


def _place_tokens(
    sheet: np.ndarray, mat: MatLayout, grid: Sequence[Sequence[str]], camera_mm: np.ndarray, rng: random.Random,
    codes: Sequence[str], stand: CameraStyle | None = None,
) -> None:
    scale = TEXTURE_PX_PER_MM
    palette = token_palette(rng, codes)
    if stand is not None and stand.palette:
        palette = dict(zip(codes, stand.palette, strict=False))
    style = rng.choice(("flat", "cap", "glossy", "draught", "cork"))
    radius_mm = mat.cell * rng.uniform(0.34, 0.45)
    height_mm = rng.uniform(3, 12)
    if stand is not None and stand.piece_style:
        style = stand.piece_style
    if stand is not None and stand.piece_mm > 0:
        height_mm = stand.piece_mm
    shade: np.ndarray = np.zeros(sheet.shape[:2], np.float32)
    pieces = []
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            if ch.upper() not in codes:
                continue
            x, y = mat.center(r, c)
            x += rng.uniform(-0.08, 0.08) * mat.cell
            y += rng.uniform(-0.08, 0.08) * mat.cell
            # Parallax: the top face of a token of height h is seen displaced away from the camera.
            cx, cy, cz = camera_mm
            k = height_mm / max(cz - height_mm, 1.0)
            offset = ((x - cx) * k * scale, (y - cy) * k * scale)
            h, s, v = palette[ch.upper()]
            color = _hsv_bgr(
                h + rng.uniform(-0.01, 0.01),
                min(1, s * rng.uniform(0.92, 1.05)),
                min(1, v * rng.uniform(0.92, 1.05)),
            )
            pieces.append(((x * scale, y * scale), offset, color))
            cv2.circle(
                shade,
                (int((x * scale + offset[0] * 0.6 + 6) * 16), int((y * scale + offset[1] * 0.6 + 6) * 16)),
                int(radius_mm * scale * 1.05 * 16),
                1.0,
                -1,
                cv2.LINE_AA,
                4,
            )
    if pieces:
        shade = cv2.GaussianBlur(shade, (0, 0), 5)
        sheet[:] = (sheet * (1 - 0.35 * shade[..., None])).astype(np.uint8)
    if stand is not None and stand.lamp_elevation > 0:
        _lamp_shadows(sheet, [c for c, _, _ in pieces], radius_mm * scale, height_mm * scale, stand)
    for center, offset, color in pieces:
        draw_token(sheet, center, radius_mm * scale, offset, color, style, rng)


#: The pieces' looks :func:`draw_token` knows: ``cap`` a bottle cap closed side up, ``cap_up``
#: one open side up (its inside in shade), ``stack`` two draughts one on the other.
PIECE_STYLES = ("flat", "cap", "cap_up", "glossy", "draught", "stack", "cork")


def _lamp_shadows(
    sheet: np.ndarray, bases: list[tuple[float, float]], radius: float, height: float, stand: CameraStyle
) -> None:
    """A bare desk lamp's hard shadows on the flat sheet (pixels): each piece's, from its base
    away from the lamp, ``height / tan(elevation)`` long; the room's light fills them, cooler
    than the lamp's (bluish against the warm lamp)."""
    reach = height / math.tan(math.radians(stand.lamp_elevation))
    away = np.array([-math.cos(stand.lamp_azimuth), -math.sin(stand.lamp_azimuth)])
    mask = np.zeros(sheet.shape[:2], np.float32)
    for cx, cy in bases:
        steps = max(1, int(reach / 2))
        for k in range(steps + 1):
            px, py = cx + away[0] * reach * k / steps, cy + away[1] * reach * k / steps
            cv2.circle(mask, (int(px * 16), int(py * 16)), int(radius * 16), 1.0, -1, cv2.LINE_AA, 4)
    shadow = cv2.GaussianBlur(mask, (0, 0), 1.2)[..., None]
    # In the shadow only the room's light is left: darker, and tinted by the difference of the
    # lamp's and the room's colours (bluer under a warm lamp).
    tint = stand.shadow_tint
    fill = stand.shadow_fill * np.exp(np.array([tint, 0.0, -tint], np.float32))  # BGR
    sheet[:] = (sheet * (1 - shadow * (1 - fill))).astype(np.uint8)


def stand_style(
    piece_style: str, piece_mm: float, tilt_deg: float, lamp_elevation: float = 0.0, seed: int = 0,
    exposure: float = 1.0, fill: float = 0.85,
) -> CameraStyle:
    """A stand :doc:`docs/physical.md` allows, as a camera style: tall pieces (caps 10-15 mm,
    stacks of two draughts), a tilt up to 25 degrees, a bare desk lamp (hard shadows), bright
    paper (``exposure`` above 1.3 puts much of it at the sensor's limit). The rest (the side
    the camera leans from, the lamp's direction, noise) is drawn from ``seed``."""
    rng = random.Random(f"stand-{seed}")
    return CameraStyle(
        tilt_deg=tilt_deg, yaw_deg=rng.uniform(0, 360), fill=fill, shift=(rng.random(), rng.random()),
        light_gradient=rng.uniform(0.0, 0.3), light_angle=rng.uniform(0, 2 * math.pi),
        white_balance=(rng.uniform(0.9, 1.05), 1.0, rng.uniform(0.9, 1.08)), exposure=exposure,
        shadows=0, noise=rng.uniform(1.5, 4), blur=rng.uniform(0.3, 0.9), jpeg_quality=rng.randint(70, 92),
        piece_style=piece_style, piece_mm=piece_mm, lamp_elevation=lamp_elevation,
        lamp_azimuth=rng.uniform(0, 2 * math.pi), distance_mm=rng.uniform(550, 650),
        shadow_fill=rng.uniform(0.45, 0.7), shadow_tint=rng.uniform(-0.12, 0.15),
    )


def tile_square(cx: float, cy: float, size: float, angle: float) -> np.ndarray:
    """The four corners of a square tile of ``size`` centred on (cx, cy), turned ``angle`` degrees."""
    a = math.radians(angle)
    u, v = np.array([math.cos(a), math.sin(a)]) * size / 2, np.array([-math.sin(a), math.cos(a)]) * size / 2
    c = np.array([cx, cy])
    return np.array([c - u - v, c + u - v, c + u + v, c - u + v])


def squares_overlap(p: np.ndarray, q: np.ndarray) -> bool:
    """Separating-axis test of two convex quadrilaterals (touching is allowed)."""
    for poly in (p, q):
        for i in range(4):
            edge = poly[(i + 1) % 4] - poly[i]
            axis = np.array([-edge[1], edge[0]])
            a, b = p @ axis, q @ axis
            if a.max() <= b.min() + 1e-9 or b.max() <= a.min() + 1e-9:
                return False
    return True


def _child_offsets(
    mat: MatLayout, grid: Sequence[Sequence[str]], rng: random.Random, reach_mm: float, turn_deg: float
) -> dict[tuple[int, int], tuple[float, float, float]]:
    """Per tile: (dx mm, dy mm, degrees) off its cell, no two tiles overlapping."""
    placed: dict[tuple[int, int], tuple[float, float, float]] = {}
    shapes: dict[tuple[int, int], np.ndarray] = {}
    for r, line in enumerate(grid):
        for c, text in enumerate(line):
            if text == ".":
                continue
            cx, cy = mat.center(r, c)
            for attempt in range(30):
                shrink = 1 - attempt / 30
                d, a = reach_mm * shrink * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
                dx, dy, deg = d * math.cos(a), d * math.sin(a), rng.uniform(-turn_deg, turn_deg) * shrink
                quad = tile_square(cx + dx, cy + dy, mat.tile_mm, deg)
                near = [shapes[k] for k in ((r - 1, c - 1), (r - 1, c), (r - 1, c + 1), (r, c - 1)) if k in shapes]
                if not any(squares_overlap(quad, other) for other in near):
                    break
            shapes[(r, c)] = quad
            placed[(r, c)] = (dx, dy, deg)
    return placed


def _place_tiles(
    sheet: np.ndarray, mat: MatLayout, grid: Sequence[Sequence[str]], rng: random.Random,
    style: CameraStyle | None = None,
) -> None:
    scale = TEXTURE_PX_PER_MM
    size = int(round((mat.cell - 1.0) * scale))
    stroke = rng.uniform(0.13, 0.19)
    face_tint = rng.uniform(0.9, 1.0)
    cache_faces: dict[str, np.ndarray] = {}
    child = style is not None and style.child_tiles_mm > 0
    if child:
        assert style is not None
        size = int(round(mat.tile_mm * scale))
        offsets = _child_offsets(mat, grid, rng, style.child_tiles_mm, style.child_tiles_deg)
    for r, line in enumerate(grid):
        for c, text in enumerate(line):
            if text == ".":
                continue
            if text not in cache_faces:
                face = tile_face(face_for(mat.tile_faces, text), size, stroke=stroke)
                cache_faces[text] = (face * face_tint).astype(np.uint8)
            face = cache_faces[text]
            x, y = mat.center(r, c)
            if child:
                dx, dy, angle = offsets[(r, c)]
                x, y = (x + dx) * scale, (y + dy) * scale
                # OpenCV turns counter-clockwise for a positive angle: the sheet's clockwise degrees.
                angle = -angle
            else:
                x = x * scale + rng.uniform(-0.06, 0.06) * size
                y = y * scale + rng.uniform(-0.06, 0.06) * size
                angle = rng.uniform(-5, 5)
            pad = size // 4
            patch = np.pad(face, ((pad, pad), (pad, pad), (0, 0)))
            mask = np.pad(np.full((size, size), 255, np.uint8), pad)
            center = (patch.shape[1] / 2, patch.shape[0] / 2)
            m = cv2.getRotationMatrix2D(center, angle, 1.0)
            m[:, 2] += (x - center[0], y - center[1])
            h, w = sheet.shape[:2]
            x0, y0 = int(x - patch.shape[1]), int(y - patch.shape[0])
            x0, y0 = max(0, x0), max(0, y0)
            x1, y1 = min(w, x0 + 2 * patch.shape[1]), min(h, y0 + 2 * patch.shape[0])
            m[:, 2] -= (x0, y0)
            region = sheet[y0:y1, x0:x1]
            warped = cv2.warpAffine(patch, m, (x1 - x0, y1 - y0))
            alpha = cv2.warpAffine(mask, m, (x1 - x0, y1 - y0)).astype(np.float32)[..., None] / 255
            # A thin cardboard edge casts a faint shadow down-right.
            shadow = np.roll(alpha, (3, 3), (0, 1)) * 0.25
            base = region.astype(np.float32) * (1 - shadow)
            region[:] = (base * (1 - alpha) + warped.astype(np.float32) * alpha).astype(np.uint8)


def _place_spot_tiles(sheet: np.ndarray, mat: MatLayout, spots: dict[str, str], rng: random.Random) -> None:
    """Tiles on the spots off the grid (``{"hand": "Z1", "reserve2": "I0"}``), slightly off-centre."""
    scale = TEXTURE_PX_PER_MM
    size = int(round(mat.tile_mm * scale))
    where = {name: (x, y) for name, _, x, y in mat.spots}
    for name, text in spots.items():
        face = tile_face(face_for(mat.tile_faces, text), size)
        x, y = where[name]
        x0 = int(round((x + mat.cell / 2) * scale - size / 2 + rng.uniform(-1, 1) * scale * 0.5))
        y0 = int(round((y + mat.cell / 2) * scale - size / 2 + rng.uniform(-1, 1) * scale * 0.5))
        sheet[y0 : y0 + size, x0 : x0 + size] = face


# --- the camera -----------------------------------------------------------------------------


def camera_homography(
    mat: MatLayout, style: CameraStyle, frame_size: tuple[int, int] = FRAME_SIZE
) -> tuple[np.ndarray, np.ndarray]:
    """(homography sheet-mm -> frame px, camera centre in sheet mm (x, y, height))."""
    w_mm, h_mm = mat.page
    tilt, yaw = math.radians(style.tilt_deg), math.radians(style.yaw_deg)
    rz = np.array([[math.cos(yaw), -math.sin(yaw), 0], [math.sin(yaw), math.cos(yaw), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(tilt), -math.sin(tilt)], [0, math.sin(tilt), math.cos(tilt)]])
    rot = rx @ rz
    distance = style.distance_mm or 1.3 * max(w_mm, h_mm)
    t = np.array([0.0, 0.0, distance])
    focal = 1000.0
    # Sheet point (X, Y, 0), centred, to camera coordinates: rot @ p + t; then pinhole.
    centre = np.array([[1, 0, -w_mm / 2], [0, 1, -h_mm / 2], [0, 0, 1]])
    projective = np.diag([focal, focal, 1.0]) @ np.column_stack([rot[:, 0], rot[:, 1], t]) @ centre
    corners = np.array([[0, 0], [w_mm, 0], [w_mm, h_mm], [0, h_mm]], np.float32).reshape(-1, 1, 2)
    projected = cv2.perspectiveTransform(corners, projective).reshape(-1, 2)
    lo, hi = projected.min(axis=0), projected.max(axis=0)
    fw, fh = frame_size
    scale = style.fill * min(fw / (hi[0] - lo[0]), fh / (hi[1] - lo[1]))
    span = (hi - lo) * scale
    room = np.array([fw, fh]) - span
    offset = room * np.array(style.shift) - lo * scale
    similarity = np.array([[scale, 0, offset[0]], [0, scale, offset[1]], [0, 0, 1]])
    homography = similarity @ projective
    camera = -rot.T @ t
    camera_mm = np.array([camera[0] + w_mm / 2, camera[1] + h_mm / 2, abs(camera[2])])
    return homography / homography[2, 2], camera_mm


def _background(rng: random.Random, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    base = np.array(_hsv_bgr(rng.uniform(0.02, 0.12), rng.uniform(0.1, 0.6), rng.uniform(0.2, 0.8)), np.float32)
    if rng.random() < 0.3:
        base = np.array(_hsv_bgr(rng.random(), rng.uniform(0, 0.5), rng.uniform(0.1, 0.9)), np.float32)
    small: np.ndarray = np.random.default_rng(rng.getrandbits(32)).normal(1.0, 0.12, (h // 16, w // 16, 1)).astype(
        np.float32
    )
    if rng.random() < 0.5:  # wood grain: stretched noise
        small = cv2.resize(small, (w // 16, 4))[..., None] if small.ndim == 3 else small
    texture = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(base * texture[..., None] if texture.ndim == 2 else base * texture, 0, 255).astype(np.float32)


def _light_field(rng: random.Random, style: CameraStyle, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    ys, xs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    u = (xs / w - 0.5) * math.cos(style.light_angle) + (ys / h - 0.5) * math.sin(style.light_angle)
    gain = style.exposure * (1 + style.light_gradient * u * 1.6)
    # Vignetting of a cheap webcam lens.
    r2 = ((xs / w - 0.5) ** 2 + (ys / h - 0.5) ** 2) * 2
    gain = gain * (1 - rng.uniform(0, 0.3) * r2)
    for _ in range(style.shadows):
        shade = np.zeros_like(gain)
        pts = np.array([(rng.uniform(-0.2, 1.2) * w / 8, rng.uniform(-0.2, 1.2) * h / 8) for _ in range(4)], np.int32)
        cv2.fillConvexPoly(shade, cv2.convexHull(pts), 1.0)
        shade = cv2.GaussianBlur(shade, (0, 0), rng.uniform(1, 6))
        gain = gain * (1 - rng.uniform(0.2, 0.5) * shade)
    return cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)


def _hot_spot(mat: MatLayout, homography: np.ndarray, style: CameraStyle, size: tuple[int, int]) -> np.ndarray:
    """The hot spot's light in the frame (0..1 at its centre), drawn on the sheet at 1 px/mm."""
    w, h = int(math.ceil(mat.page[0])), int(math.ceil(mat.page[1]))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = style.glare_at[0] * mat.page[0], style.glare_at[1] * mat.page[1]
    spot = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * style.glare_mm**2)).astype(np.float32)
    return cv2.warpPerspective(spot, homography, size, flags=cv2.INTER_LINEAR)


def _lamp_pool(mat: MatLayout, homography: np.ndarray, style: CameraStyle, size: tuple[int, int]) -> np.ndarray:
    """The light of a scene with a lamp's pool ending on the sheet, per frame pixel (h x w x 3,
    BGR): 1 in the pool, ``pool_fill`` and bluer beyond (the room's light), drawn on the sheet at
    1 px/mm and continued past its edges (the table)."""
    w, h = int(math.ceil(mat.page[0])), int(math.ceil(mat.page[1]))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = style.pool_at[0] * mat.page[0], style.pool_at[1] * mat.page[1]
    along = (xs - cx) * math.cos(style.pool_angle) + (ys - cy) * math.sin(style.pool_angle)
    pool = np.clip(0.5 + along / max(style.pool_edge_mm, 1e-3), 0.0, 1.0).astype(np.float32)
    pool = cv2.warpPerspective(pool, homography, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    room = style.pool_fill * np.exp(np.array([style.pool_tint, 0.0, -style.pool_tint], np.float32))
    return (pool[..., None] + (1 - pool[..., None]) * room).astype(np.float32)


def draw_hand(image: np.ndarray, rng: random.Random, target: tuple[float, float], size: float) -> np.ndarray:
    """A hand (palm, fingers and the arm it hangs from) reaching over ``target`` (frame px).

    Returns the mask (float32, 1 where the hand or arm is)."""
    h, w = image.shape[:2]
    return paint_hand(image, hand_parts(rng, target, size, (w, h)), size)


def hand_parts(rng: random.Random, target: tuple[float, float], size: float,
               frame: tuple[int, int]) -> list[_HandPart]:
    """The parts of a hand reaching over ``target`` in a frame of ``frame`` (w, h) pixels: the
    arm (running out of the frame), the palm and four fingers, in frame pixels."""
    w, h = frame
    skin = _hsv_bgr(rng.uniform(0.02, 0.09), rng.uniform(0.25, 0.6), rng.uniform(0.35, 0.95))
    sleeve = _hsv_bgr(rng.random(), rng.uniform(0, 0.8), rng.uniform(0.1, 0.9))
    angle = rng.uniform(0, 2 * math.pi)
    d = np.array([math.cos(angle), math.sin(angle)])
    n = np.array([-d[1], d[0]])
    palm = np.array(target)
    shapes: list[_HandPart] = []
    arm_end = palm + d * (w + h)
    arm = np.array(
        [
            palm + n * size * 0.45 + d * size * 0.5,
            arm_end + n * size * 0.5,
            arm_end - n * size * 0.5,
            palm - n * size * 0.45 + d * size * 0.5,
        ],
        np.int32,
    )
    shapes.append(_HandPart("poly", arm, sleeve))
    shapes.append(_HandPart("ellipse", palm, skin))
    for k in range(4):
        base = palm - d * size * 0.35 + n * size * (k - 1.5) * 0.22
        tip = base - d * size * rng.uniform(0.35, 0.6)
        shapes.append(_HandPart("finger", np.array([base, tip]), skin))
    return shapes


def _shadow_offset(size: float) -> tuple[float, float]:
    """Where a hand's shadow falls, from the hand (frame px)."""
    return (size * 0.15, size * 0.2)


def hand_box(parts: list[_HandPart], size: float, frame: tuple[int, int]) -> tuple[int, int, int, int]:
    """The part of the frame (x0, y0, x1, y1) that a hand of ``parts`` and its blurred shadow can
    change: what :func:`paint_hand` draws outside it is nothing, so a canvas of that box alone
    gets the same pixels (the arm leaves the box only where it leaves the frame)."""
    w, h = frame
    reach = max(size * 0.5, size * 0.17 / 2) + 2  # the palm's radius, a finger's half width, antialiasing
    xs: list[float] = []
    ys: list[float] = []
    for dx, dy in ((0.0, 0.0), _shadow_offset(size)):
        for part in parts:
            points = np.asarray(part.points, np.float64).reshape(-1, 2)
            pad = 1 if part.kind == "poly" else reach
            xs += [float(points[:, 0].min()) + dx - pad, float(points[:, 0].max()) + dx + pad]
            ys += [float(points[:, 1].min()) + dy - pad, float(points[:, 1].max()) + dy + pad]
    blur = math.ceil(4 * size * 0.15) + 2  # OpenCV's Gaussian kernel reaches 4 sigma on floats
    x0, x1 = max(0, math.floor(min(xs)) - blur), min(w, math.ceil(max(xs)) + blur)
    y0, y1 = max(0, math.floor(min(ys)) - blur), min(h, math.ceil(max(ys)) + blur)
    return x0, y0, max(x0 + 1, x1), max(y0 + 1, y1)


def paint_hand(image: np.ndarray, parts: list[_HandPart], size: float,
               origin: tuple[int, int] = (0, 0)) -> np.ndarray:
    """Paint the hand of ``parts`` (frame px) and its soft shadow on ``image`` (float32, 0-255),
    whose top-left pixel is the frame's ``origin``; returns the mask (float32, 1 on the hand)."""
    h, w = image.shape[:2]
    shadow: np.ndarray = np.zeros((h, w), np.float32)
    for part in parts:
        _draw_hand_part(shadow, part, 1.0, size, offset=_shadow_offset(size), origin=origin)
    shadow = np.asarray(cv2.GaussianBlur(shadow, (0, 0), size * 0.15), np.float32)
    shadow *= -0.45  # the light left, 1 - 0.45 * shadow, worked out in place (no frame-sized temporaries)
    shadow += 1
    image *= shadow[..., None]
    del shadow
    mask = np.zeros((h, w), np.float32)
    for part in parts:
        _draw_hand_part(image, part, part.color, size, origin=origin)
        _draw_hand_part(mask, part, 1.0, size, origin=origin)
    return mask


@dataclass(frozen=True)
class _HandPart:
    """One part of a drawn hand: the arm (``poly``: its corners), the palm (``ellipse``: its
    centre) or a finger (``finger``: its base and tip), in frame pixels."""

    kind: str
    points: np.ndarray
    color: tuple[int, int, int]


def _draw_hand_part(
    image: np.ndarray,
    part: _HandPart,
    color: tuple[int, int, int] | float,
    size: float,
    offset: tuple[float, float] = (0, 0),
    origin: tuple[int, int] = (0, 0),
) -> None:
    # Whole pixels first, then the canvas's origin: a canvas of part of the frame gets the very
    # pixels the whole frame would.
    o = np.array(offset)
    ox, oy = origin
    if part.kind == "poly":
        cv2.fillConvexPoly(image, (part.points + o).astype(np.int32) - np.array([ox, oy], np.int32), color, cv2.LINE_AA)
    elif part.kind == "ellipse":
        c = part.points + o
        cv2.circle(image, (int(c[0]) - ox, int(c[1]) - oy), int(size * 0.5), color, -1, cv2.LINE_AA)
    else:
        base, tip = part.points
        cv2.line(
            image,
            (int(base[0] + o[0]) - ox, int(base[1] + o[1]) - oy),
            (int(tip[0] + o[0]) - ox, int(tip[1] + o[1]) - oy),
            color,
            int(size * 0.17),
            cv2.LINE_AA,
        )


def render_photo(
    board: BoardDescription | str,
    grid: Grid,
    rng: random.Random,
    style: CameraStyle | None = None,
    frame_size: tuple[int, int] = FRAME_SIZE,
    variant: str = "standard",
    spots: dict[str, str] | None = None,
    pieces_rng: random.Random | None = None,
    keep_mat: bool = True,
) -> Photo:
    """Photograph ``board``'s mat (or an installed game's usual one, by key) holding ``grid``
    (a token board's rows as strings of codes, a tile board's as lists of codes). With
    ``keep_mat`` False (a single photograph, such as the table camera's empty mat) a mat not
    already in :func:`_flat_mat`'s cache is drawn without being kept (3 to 6 MB)."""
    found = board_of_photo(board, len(grid), len(grid[0]))
    tokens = found.pieces == "tokens"
    style = style or random_style(rng)
    names = style.mat_names
    kept = keep_mat or (found, variant, names) in _flat_mat.cache
    mat, flat = _flat_mat(found, variant, names) if kept else _flat_mat.function(found, variant, names)
    homography, camera_mm = camera_homography(mat, style, frame_size)
    sheet = flat.copy()
    # With ``pieces_rng`` the pieces have their own random stream and the rest of the scene
    # (paper, light, vignetting, background) stays the same whatever the board shows.
    pieces = pieces_rng or rng
    if tokens:
        _place_tokens(sheet, mat, grid, camera_mm, pieces, found.token_codes, style)
    else:
        _place_tiles(sheet, mat, grid, pieces, style)
        if spots:
            _place_spot_tiles(sheet, mat, spots, pieces)
    # Slightly off-white paper, and a printer that is not quite neutral.
    paper = np.array([rng.uniform(0.9, 1.0), rng.uniform(0.92, 1.0), rng.uniform(0.92, 1.0)], np.float32)
    to_frame = homography @ np.diag([1 / TEXTURE_PX_PER_MM, 1 / TEXTURE_PX_PER_MM, 1.0])
    # Pre-blur so the downscaling warp does not alias (a real lens does this for free).
    shrink = math.sqrt(abs(np.linalg.det(to_frame[:2, :2])))
    source = cv2.GaussianBlur(sheet, (0, 0), max(0.3, 0.5 / max(shrink, 1e-3)))
    warped = cv2.warpPerspective(source, to_frame, frame_size, flags=cv2.INTER_LINEAR).astype(np.float32)
    mask = cv2.warpPerspective(np.full(sheet.shape[:2], 1.0, np.float32), to_frame, frame_size, flags=cv2.INTER_LINEAR)
    image = _background(rng, frame_size)
    image = image * (1 - mask[..., None]) + warped * paper * mask[..., None]
    if style.glare > 0:
        image += (255 * style.glare * _hot_spot(mat, homography, style, frame_size) * mask)[..., None]
    # The hand has its own random stream: the same seed with and without a hand gives the same scene.
    hand_rng = random.Random(rng.getrandbits(32))
    hand_over_grid = False
    if style.hand:
        mat_center = cv2.perspectiveTransform(np.array([[[mat.page[0] / 2, mat.page[1] / 2]]], np.float32), homography)[
            0, 0
        ]
        jitter = np.array([hand_rng.uniform(-0.25, 0.25) * frame_size[0], hand_rng.uniform(-0.2, 0.2) * frame_size[1]])
        hand_mask = draw_hand(image, hand_rng, tuple(mat_center + jitter), hand_rng.uniform(0.16, 0.3) * frame_size[1])
        grid_mask = np.zeros_like(hand_mask)
        for bx, by, bw, bh in mat.blocks:
            quad = np.array([[[bx, by], [bx + bw, by], [bx + bw, by + bh], [bx, by + bh]]], np.float32)
            cv2.fillConvexPoly(grid_mask, cv2.perspectiveTransform(quad, homography)[0].astype(np.int32), 1.0)
        hand_over_grid = bool((hand_mask * grid_mask).sum() > 50)
    image *= _light_field(rng, style, frame_size)[..., None]
    if style.pool_fill > 0:
        image *= _lamp_pool(mat, homography, style, frame_size)
    image *= np.array(style.white_balance, np.float32)
    if style.blur > 0.2:
        image = cv2.GaussianBlur(image, (0, 0), style.blur)
    noise = np.random.default_rng(rng.getrandbits(32)).normal(0, style.noise, image.shape).astype(np.float32)
    image = np.clip(image + noise, 0, 255).astype(np.uint8)
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, style.jpeg_quality])
    decoded = cv2.imdecode(encoded, cv2.IMREAD_COLOR) if ok else None
    if decoded is not None:
        image = decoded
    return Photo(image, found.game, grid, homography, style.hand, style, hand_over_grid)


def random_photo(board: BoardDescription | str, seed: int, hand: bool = False, child_tiles_mm: float = 0.0) -> Photo:
    """The photograph named by ``seed``: a random state of ``board`` (or an installed game's usual
    board, by key) under a random camera style (with ``child_tiles_mm``, tiles are laid up to that
    far and 8 degrees off their cells)."""
    found = profile(board).board
    rng = random.Random(f"{found.game}-{seed}")
    grid = random_grid(found, rng)
    style = random_style(rng, hand=hand)
    style.child_tiles_mm = child_tiles_mm
    return render_photo(found, grid, rng, style)
