"""The printed mats and tiles: the contract between paper and camera.

Every geometric fact comes from the game's board description (:meth:`games.boards.BoardDescription.mat`),
in millimetres on the sheet (origin top-left, x right, y down): where the cells and spots are,
where the ArUco markers are (DICT_4X4_50, one id set per mat, so a camera can tell one game's mat
from another's), what is printed besides; the tiles a cell may hold come from its
:meth:`~games.boards.BoardDescription.tile_faces`. The printer (``print-board``), the synthetic
camera and the reader all use the same :class:`~games.boards.MatLayout`, and tile faces are drawn
here from the board's tile table, so printed tiles, rendered photographs and recognition templates
cannot drift apart. Nothing here knows a game by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from games.boards import A4_PORTRAIT, BoardDescription, MatLayout, Point, TileFace
from vision.boards import board_of, readable_boards

__all__ = ["MatLayout", "Point", "layout", "profile", "render_mat", "tile_face"]

ARUCO_DICTIONARY = cv2.aruco.DICT_4X4_50
PAPER = (255, 255, 255)
GRID_INK = (190, 190, 190)
TITLE_INK = (90, 90, 90)
TILE_FACE = (238, 246, 250)  # BGR: a light cream
TILE_STROKE = (40, 36, 34)


@lru_cache(maxsize=64)  # boards are few; a kiosk running all day must not collect them
def layout(
    board: BoardDescription | str, rows: int | None = None, cols: int | None = None, variant: str = "standard"
) -> MatLayout:
    """The printed mat of ``board`` (or of an installed game's usual board, by key; at ``rows`` x
    ``cols`` when given) in ``variant`` (one of its ``mat_variants``)."""
    if isinstance(board, str) or rows or cols:
        board = board_of(board, rows, cols) if isinstance(board, str) else board.resized(rows or board.rows,
                                                                                         cols or board.cols)
    if not board.readable:
        raise ValueError(f"{board.game} has no pieces a camera can read")
    if variant not in board.mat_variants:
        raise ValueError(f"the {board.game} mat comes as {' or '.join(board.mat_variants)}, not '{variant}'")
    return board.mat(variant)


#: What vision needs beyond the board description, per kind of piece: pixels per cell of the
#: rectified grid, how far (in cells) outside the grid the ring of paper samples lies, and the
#: tallest piece the mat is made for (bottle caps: 12 mm; tiles lie flat).
PIECE_READING = {
    "tokens": {"ppc": 28, "ring_offset": 0.45, "token_height_mm": 12.0},
    "tiles": {"ppc": 24, "ring_offset": 0.42, "token_height_mm": 0.0},
}


@dataclass(frozen=True)
class MatProfile:
    """Everything vision knows about one board's mat, in one place: the board description
    (``game``, ``rows``, ``cols``, ``pieces``, ``token_codes``, ``start_grid()``, ``mat()``) and
    how to read its pieces (:data:`PIECE_READING`)."""

    board: BoardDescription

    @property
    def game(self) -> str:
        """The game's key (it names the printed mat)."""
        return self.board.game

    @property
    def pieces(self) -> str:
        """``"tokens"`` or ``"tiles"``."""
        return self.board.pieces

    @property
    def token_codes(self) -> tuple[str, ...]:
        """The players' token codes, first player first."""
        return tuple(self.board.token_codes)

    @property
    def ppc(self) -> int:
        """Pixels per cell of the rectified grid."""
        return int(PIECE_READING[self.pieces]["ppc"])

    @property
    def ring_offset(self) -> float:
        """How far outside the grid (cells) the ring of paper samples lies."""
        return float(PIECE_READING[self.pieces]["ring_offset"])

    @property
    def token_height_mm(self) -> float:
        """The tallest piece the mat is made for."""
        return float(PIECE_READING[self.pieces]["token_height_mm"])

    @property
    def variants(self) -> tuple[str, ...]:
        """The mat's variants, the usual one first."""
        return self.board.mat_variants

    def layout(self, variant: str = "standard") -> MatLayout:
        """The mat's geometry, with the board's rows and columns."""
        return layout(self.board, variant=variant)

    def start_grid(self) -> list[str] | list[list[str]]:
        """The start position (the live reader calibrates on it), as ``read-board`` gives grids."""
        return vision_grid(self.board, self.board.start_grid())


def vision_grid(board: BoardDescription, grid: Any) -> list[str] | list[list[str]]:
    """A grid as vision's photographs and readings hold it: a token board's rows as strings of
    one-letter codes, a tile board's as lists of codes."""
    if board.pieces == "tokens":
        return ["".join(row) for row in grid]
    return [list(row) for row in grid]


def profile(board: BoardDescription | str, rows: int | None = None, cols: int | None = None) -> MatProfile:
    """The profile of a board description (or of an installed game's key, for the command line)."""
    if isinstance(board, str):
        board = board_of(board, rows, cols)
    if not board.readable:
        raise ValueError(f"{board.game} has no pieces a camera can read")
    return MatProfile(board)


def game_of_marker(marker_id: int) -> str | None:
    """Which installed game's mat carries ``marker_id`` (None for a foreign marker)."""
    for board in readable_boards():
        if any(marker_id in layout(board, variant=variant).marker_ids for variant in board.mat_variants):
            return board.game
    return None


def face_for(faces: tuple[TileFace, ...], code: str) -> TileFace:
    """The face of tile ``code`` (a bare design letter gives its first face)."""
    for face in faces:
        if face.code == code:
            return face
    for face in faces:
        if face.design == code[:1]:
            return face
    raise ValueError(f"'{code}' is not a tile of this mat")


# --- drawing --------------------------------------------------------------------------------


def _px(value: float, scale: float) -> int:
    return int(round(value * scale))


def _aa_polyline(
    image: np.ndarray, points: np.ndarray, color: tuple[int, int, int], thickness: int, closed: bool = False
) -> None:
    """An anti-aliased polyline with sub-pixel precision (4 fractional bits)."""
    pts = np.round(points * 16).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(image, [pts], closed, color, max(1, thickness), cv2.LINE_AA, shift=4)


def draw_marker(image: np.ndarray, marker_id: int, corners: tuple[Point, ...], scale: float) -> None:
    """Paste ArUco marker ``marker_id`` into its square (axis-aligned on the sheet)."""
    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY)
    x, y = corners[0]
    size = _px(corners[1][0] - corners[0][0], scale)
    pattern = cv2.aruco.generateImageMarker(dictionary, marker_id, size)
    x0, y0 = _px(x, scale), _px(y, scale)
    image[y0 : y0 + size, x0 : x0 + size] = pattern[:, :, None]


def tile_face(
    tile: TileFace,
    size: int,
    stroke: float = 0.16,
    face: tuple[int, int, int] = TILE_FACE,
    ink: tuple[int, int, int] = TILE_STROKE,
    frame: bool = True,
) -> np.ndarray:
    """A ``size`` x ``size`` BGR image of ``tile``: light face, pale design frame, thick dark stroke
    clipped to the square (the stroke touches the tile's edge at its two boundary points)."""
    image = np.full((size, size, 3), face, np.uint8)
    if frame:
        inset = size * 0.08
        pts = np.array([(inset, inset), (size - inset, inset), (size - inset, size - inset), (inset, size - inset)])
        tint = (tile.tint[2], tile.tint[1], tile.tint[0])
        _aa_polyline(image, pts - 0.5, tint, max(1, int(round(size * 0.025))), closed=True)
    _aa_polyline(image, np.array(tile.stroke) * size - 0.5, ink, max(2, int(round(size * stroke))))
    return image


def draw_tile_face(image: np.ndarray, tile: TileFace, x: int, y: int, size: int) -> None:
    """Paste the face of ``tile`` into ``image`` with its top-left corner at pixel (x, y)."""
    image[y : y + size, x : x + size] = tile_face(tile, size)


def render_mat(mat: MatLayout, px_per_mm: float, sheet: int = 0, names: bool = True) -> np.ndarray:
    """Sheet ``sheet`` of the printable mat as a BGR image at ``px_per_mm``; ``names`` False:
    without the cells' names (:attr:`MatLayout.cell_names`), as mats were printed before."""
    w, h = _px(mat.page[0], px_per_mm), _px(mat.page[1], px_per_mm)
    image = np.full((h, w, 3), PAPER, np.uint8)
    line = max(1, _px(0.5, px_per_mm))
    for block, (bx, by, bw, bh) in enumerate(mat.blocks):
        if mat.block_sheet[block] != sheet:
            continue
        rows = round(bh / mat.cell)
        cols = round(bw / mat.cell)
        for i in range(cols + 1):
            x = _px(bx + i * mat.cell, px_per_mm)
            cv2.line(image, (x, _px(by, px_per_mm)), (x, _px(by + bh, px_per_mm)), GRID_INK, line, cv2.LINE_AA)
        for j in range(rows + 1):
            y = _px(by + j * mat.cell, px_per_mm)
            cv2.line(image, (_px(bx, px_per_mm), y), (_px(bx + bw, px_per_mm), y), GRID_INK, line, cv2.LINE_AA)
    for line_sheet, (x0, y0), (x1, y1) in mat.lines:
        if line_sheet == sheet:
            start, end = (_px(x0, px_per_mm), _px(y0, px_per_mm)), (_px(x1, px_per_mm), _px(y1, px_per_mm))
            cv2.line(image, start, end, TITLE_INK, 2 * line, cv2.LINE_AA)
    for name, spot_sheet, sx, sy in mat.spots:
        if spot_sheet != sheet:
            continue
        box = (_px(sx, px_per_mm), _px(sy, px_per_mm)), (_px(sx + mat.cell, px_per_mm), _px(sy + mat.cell, px_per_mm))
        marked = name in mat.marked_spots
        cv2.rectangle(image, *box, TITLE_INK if marked else GRID_INK, line * (2 if marked else 1))
    for mid, corners in mat.markers:
        if mid in mat.sheet_markers[sheet]:
            draw_marker(image, mid, corners, px_per_mm)
    for text, label_sheet, centre, height, vertical in mat.labels + (mat.cell_names if names else ()):
        if label_sheet == sheet:
            _label(image, text, centre, height, px_per_mm, vertical)
    return image


def _label(image: np.ndarray, text: str, center: Point, height_mm: float, scale: float, vertical: bool = False) -> None:
    """Centred Hershey text (plain capitals: no accents needed on the sheet)."""
    font = cv2.FONT_HERSHEY_DUPLEX
    font_scale = height_mm * scale / 22
    thick = max(1, int(round(font_scale * 2)))
    (tw, th), base = cv2.getTextSize(text, font, font_scale, thick)
    canvas: np.ndarray = np.full((th + base + 4, tw + 4, 3), PAPER, np.uint8)
    cv2.putText(canvas, text, (2, th + 2), font, font_scale, TITLE_INK, thick, cv2.LINE_AA)
    if vertical:
        canvas = cv2.rotate(canvas, cv2.ROTATE_90_COUNTERCLOCKWISE)
    ch, cw = canvas.shape[:2]
    x0, y0 = int(center[0] * scale - cw / 2), int(center[1] * scale - ch / 2)
    region = image[y0 : y0 + ch, x0 : x0 + cw]
    np.minimum(region, canvas[: region.shape[0], : region.shape[1]], out=region)


def mat_description(mat: MatLayout, px_per_mm: float, sheet: int = 0) -> dict[str, Any]:
    """The ``mat.json`` contents of sheet ``sheet``: the geometry in the pixels of its PNG
    rendered at ``px_per_mm`` (cells printed on another sheet are ``null``)."""

    def px(point: Point) -> list[float]:
        return [round(point[0] * px_per_mm, 2), round(point[1] * px_per_mm, 2)]

    return {
        "game": mat.game,
        "variant": mat.variant,
        "sheet": sheet + 1,
        "sheets": mat.sheets,
        "rows": mat.rows,
        "cols": mat.cols,
        "cell_size": round(mat.cell * px_per_mm, 2),
        "cell_centers": [
            [px(mat.center(r, c)) if mat.sheet_of_cell(r, c) == sheet else None for c in range(mat.cols)]
            for r in range(mat.rows)
        ],
        "markers": [
            {"id": mid, "corners": [px(p) for p in corners]}
            for mid, corners in mat.markers
            if mid in mat.sheet_markers[sheet]
        ],
        "spots": [
            {"name": name, "center": px((x + mat.cell / 2, y + mat.cell / 2))}
            for name, spot_sheet, x, y in mat.spots
            if spot_sheet == sheet
        ],
        "page_mm": list(mat.page),
        "dpi": round(px_per_mm * 25.4, 2),
    }


# --- the tile sheet ---------------------------------------------------------------------------

TILE_PITCH_MM = 13.0
#: The pitch above is for tiles of this side (larger tiles get a proportionally larger pitch).
PITCH_TILE_MM = 9.8
#: How many of each design a tile sheet holds.
COPIES = 30


def printed_faces(faces: tuple[TileFace, ...]) -> list[TileFace]:
    """The face printed for each design (its first one), in the board's order."""
    seen: dict[str, TileFace] = {}
    for face in faces:
        seen.setdefault(face.design, face)
    return list(seen.values())


def tile_sheet_boxes(faces: tuple[TileFace, ...], tile_mm: float) -> list[list[tuple[TileFace, float, float]]]:
    """Per A4 page, (face, x, y) in millimetres of its tiles: :data:`COPIES` of each design in
    all (one page of 9.8 mm tiles; 20 mm tiles take several)."""
    pitch = TILE_PITCH_MM * tile_mm / PITCH_TILE_MM
    columns = int((A4_PORTRAIT[0] - 10) // pitch)
    per_page = columns * int((A4_PORTRAIT[1] - 20) // pitch)
    designs = printed_faces(faces)
    pages: list[list[tuple[TileFace, float, float]]] = []
    for index in range(len(designs) * COPIES):
        slot = index % per_page
        if slot == 0:
            pages.append([])
        row, col = divmod(slot, columns)
        x = (A4_PORTRAIT[0] - columns * pitch) / 2 + col * pitch + (pitch - tile_mm) / 2
        y = 12 + row * pitch + (pitch - tile_mm) / 2
        pages[-1].append((designs[index // COPIES], x, y))
    return pages


def render_tile_sheet(
    faces: tuple[TileFace, ...], px_per_mm: float, tile_mm: float
) -> list[tuple[np.ndarray, dict[str, Any]]]:
    """The printable tile pages and their ``tiles.json`` descriptions (each design's first face)."""
    pages = []
    size = _px(tile_mm, px_per_mm)
    for boxes in tile_sheet_boxes(faces, tile_mm):
        w, h = _px(A4_PORTRAIT[0], px_per_mm), _px(A4_PORTRAIT[1], px_per_mm)
        image = np.full((h, w, 3), PAPER, np.uint8)
        tiles = []
        for face, x, y in boxes:
            x0, y0 = _px(x, px_per_mm), _px(y, px_per_mm)
            draw_tile_face(image, face, x0, y0, size)
            # Thin cut marks around the tile.
            cv2.rectangle(image, (x0 - 1, y0 - 1), (x0 + size, y0 + size), GRID_INK, 1)
            tiles.append({"name": face.design, "box": [x0, y0, size, size]})
        dpi = round(px_per_mm * 25.4, 2)
        pages.append((image, {"tile_size": size, "tile_mm": tile_mm, "tiles": tiles, "dpi": dpi}))
    return pages
