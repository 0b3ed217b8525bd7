"""The printed mats and tiles: the contract between paper and camera.

Every geometric fact lives here, in millimetres on the sheet (origin top-left, x right, y down):
where the cells are, where the four ArUco markers are (DICT_4X4_50, one id set per game, so a
camera can tell a Lewthwaite mat from a Lightning one). The printer (``print-board``), the
synthetic camera and the reader all use the same :class:`MatLayout`, and the tile faces are drawn
from the tile table of :mod:`games.lightning.tiles`, so printed tiles, rendered photographs and
recognition templates cannot drift apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

import cv2
import numpy as np

from games.boards import BoardDescription
from games.lightning.rules import COLS, HALF_ROWS
from games.lightning.tiles import DESIGNS, POINTS, Tile, rotate_point

GAMES = ("lewthwaite", "lightning")
#: Lightning's board, from its rules: two halves of 17 rows x 8 columns facing each other
#: (rows 0..16 are player 2's, 17..33 player 1's).
LIGHTNING_HALF_ROWS, LIGHTNING_COLS = HALF_ROWS, COLS
LIGHTNING_ROWS = 2 * HALF_ROWS
#: Marker ids (top-left, top-right, bottom-right, bottom-left) per game.
MARKER_IDS = {"lewthwaite": (0, 1, 2, 3), "lightning": (4, 5, 6, 7)}
ARUCO_DICTIONARY = cv2.aruco.DICT_4X4_50
#: Sheet sizes in millimetres (width, height).
A4_PORTRAIT = (210.0, 297.0)
A3_PORTRAIT = (297.0, 420.0)
#: Lightning's cells: 34 of them must fit along the A3 sheet with room for the markers.
LIGHTNING_CELL_MM = 10.5
#: A Lightning tile is a little smaller than its cell so that it drops in without a fight.
TILE_MM = 9.8
PAPER = (255, 255, 255)
GRID_INK = (190, 190, 190)
TITLE_INK = (90, 90, 90)
TILE_FACE = (238, 246, 250)  # BGR: a light cream
TILE_STROKE = (40, 36, 34)
#: A pale frame per design: an orientation-free way for people to sort the tiles.
DESIGN_TINTS = {
    "I": (200, 170, 120),
    "D": (120, 190, 120),
    "L": (110, 160, 230),
    "Z": (190, 140, 200),
    "S": (120, 200, 220),
}

Point = tuple[float, float]


@dataclass(frozen=True)
class MatLayout:
    """A mat's geometry in millimetres: page, grid cells, markers, and the extra spots.

    A mat may span several sheets (the children's Lightning mat: one half on each of two A3
    sheets), each with its own markers and so its own homography; every coordinate is in the
    millimetres of its own sheet (``block_sheet`` says which sheet a grid block is on).
    """

    game: str
    rows: int
    cols: int
    page: tuple[float, float]
    cell: float
    #: top-left corner of each cell, rows x cols (in its sheet's millimetres).
    origins: tuple[tuple[Point, ...], ...]
    #: marker id -> its four corners (clockwise from top-left, as ArUco reports them).
    markers: tuple[tuple[int, tuple[Point, Point, Point, Point]], ...]
    #: rectangles (x, y, w, h) of the grid blocks, each on one sheet.
    blocks: tuple[tuple[float, float, float, float], ...]
    #: the marker ids of each sheet (one sheet for most mats).
    sheet_markers: tuple[tuple[int, ...], ...] = ()
    #: the sheet of each block.
    block_sheet: tuple[int, ...] = ()
    #: cell-sized squares off the grid, read like cells: (name, sheet, x, y) of the top-left
    #: corner. Lightning: ``hand`` (the tile just drawn) and ``reserve0``, ``reserve1``...
    spots: tuple[tuple[str, int, float, float], ...] = ()
    variant: str = "standard"
    #: the side of a tile laid on this mat (0 for token mats).
    tile_mm: float = 0.0

    def center(self, row: int, col: int) -> Point:
        """The centre of cell (row, col) in millimetres (of its sheet)."""
        x, y = self.origins[row][col]
        return (x + self.cell / 2, y + self.cell / 2)

    def marker_points(self) -> dict[int, np.ndarray]:
        """Marker id -> 4 x 2 float32 array of its corners in millimetres."""
        return {mid: np.array(corners, np.float32) for mid, corners in self.markers}

    @property
    def marker_ids(self) -> tuple[int, ...]:
        """The ids of this mat's markers."""
        return tuple(mid for mid, _ in self.markers)

    @property
    def sheets(self) -> int:
        """How many sheets the mat is printed on."""
        return len(self.sheet_markers)

    def block_of_cell(self, row: int, col: int) -> int:
        """The grid block cell (row, col) belongs to (blocks split the rows evenly)."""
        return min(row * len(self.blocks) // self.rows, len(self.blocks) - 1)

    def sheet_of_cell(self, row: int, col: int) -> int:
        """The sheet cell (row, col) is printed on."""
        return self.block_sheet[self.block_of_cell(row, col)]


def _square(x: float, y: float, size: float) -> tuple[Point, Point, Point, Point]:
    return ((x, y), (x + size, y), (x + size, y + size), (x, y + size))


def _corner_markers(ids: tuple[int, ...], page: tuple[float, float], marker: float, inset: float) -> tuple:
    width, height = page
    spots = (
        (inset, inset),
        (width - inset - marker, inset),
        (width - inset - marker, height - inset - marker),
        (inset, height - inset - marker),
    )
    return tuple((mid, _square(x, y, marker)) for mid, (x, y) in zip(ids, spots, strict=True))


#: Variants of a game's mat (``layout(game, variant=...)``).
VARIANTS = {"lewthwaite": ("standard",), "lightning": ("standard", "kids")}
#: The children's Lightning mat: one half per A3 sheet, cells of 21 mm for tiles of 20 mm.
KIDS_CELL_MM = 21.0
KIDS_TILE_MM = 20.0
KIDS_MARKER_IDS = ((8, 9, 10, 11), (12, 13, 14, 15))


@cache
def layout(game: str, rows: int | None = None, cols: int | None = None, variant: str = "standard") -> MatLayout:
    """The mat of ``game`` (a token mat may have another size than 5 x 5; Lightning has a
    children's ``kids`` variant on two A3 sheets)."""
    if game not in VARIANTS:
        raise ValueError(f"unknown game '{game}' (choose from {', '.join(GAMES)})")
    if variant not in VARIANTS[game]:
        raise ValueError(f"the {game} mat comes as {' or '.join(VARIANTS[game])}, not '{variant}'")
    if game == "lewthwaite":
        rows, cols = rows or 5, cols or 5
        page = A4_PORTRAIT
        # Cells as large as the sheet allows while leaving 2 cm of paper beside the grid (34 mm takes
        # bottle caps and draughts pieces).
        cell = min(34.0, 180.0 / cols, 200.0 / rows)
        x0 = (page[0] - cols * cell) / 2
        y0 = 45 + (207 - rows * cell) / 2
        origins = tuple(tuple((x0 + c * cell, y0 + r * cell) for c in range(cols)) for r in range(rows))
        markers = _corner_markers(MARKER_IDS[game], page, 25.0, 10.0)
        return MatLayout(game, rows, cols, page, cell, origins, markers, ((x0, y0, cols * cell, rows * cell),),
                         (MARKER_IDS[game],), (0,))
    rows, cols = LIGHTNING_ROWS, LIGHTNING_COLS
    page = A3_PORTRAIT
    if variant == "standard":
        # One continuous grid, the two halves facing each other across the centre line (rows
        # 0..16 player 2's, sitting at the top edge; 17..33 player 1's, at the bottom edge), as
        # in the rules. Beside the grid, level with the centre line so both players reach them
        # as easily (and no arm crosses the mat or a marker): the spot for the tile in hand, and
        # the reserve's slots centred on the same line.
        cell = LIGHTNING_CELL_MM
        x0, y0 = 44.0, (page[1] - rows * cell) / 2
        origins = tuple(tuple((x0 + c * cell, y0 + r * cell) for c in range(cols)) for r in range(rows))
        markers = _corner_markers(MARKER_IDS[game], page, 24.0, 8.0)
        middle = y0 + LIGHTNING_HALF_ROWS * cell  # the centre line
        spots = [("hand", 0, 148.0, middle - cell / 2)]
        pitch = 19.0
        top = middle - (5 * pitch + cell) / 2  # six rows of slots, centred on the line
        for k in range(18):
            row, col = divmod(k, 3)
            spots.append((f"reserve{k}", 0, 180.0 + col * pitch, top + row * pitch))
        return MatLayout(game, rows, cols, page, cell, origins, markers, ((x0, y0, cols * cell, rows * cell),),
                         (MARKER_IDS[game],), (0,), tuple(spots), variant, TILE_MM)
    # Children's mat: sheet 0 holds rows 0..16 (player 2's half) ending at its bottom edge,
    # sheet 1 rows 17..33 starting at its top edge: laid end to end the halves face each other.
    cell = KIDS_CELL_MM
    half = LIGHTNING_HALF_ROWS
    x0 = (page[0] - cols * cell) / 2
    top_y = page[1] - 10.0 - half * cell  # sheet 0: grid down to 10 mm from the bottom edge
    bottom_y = 10.0  # sheet 1: grid from 10 mm below the top edge
    origins = tuple(
        tuple((x0 + c * cell, (top_y + r * cell) if r < half else (bottom_y + (r - half) * cell)) for c in range(cols))
        for r in range(rows)
    )
    markers = _corner_markers(KIDS_MARKER_IDS[0], page, 24.0, 8.0) + _corner_markers(
        KIDS_MARKER_IDS[1], page, 24.0, 8.0
    )
    blocks = ((x0, top_y, cols * cell, half * cell), (x0, bottom_y, cols * cell, half * cell))
    left, right = 8.0 + 3.0, page[0] - 8.0 - 3.0 - cell
    # The hand spot on Red's sheet by the centre line; the reserve's slots along both sheets'
    # sides from the centre line outwards (sheet 0's mirror sheet 1's), so both players reach them.
    spots = [("hand", 1, left, 50.0)]
    k = 0
    for sheet in (0, 1):
        for x in (left, right):
            for j in range(5):
                y = 60.0 + (j + (1 if sheet == 1 and x == left else 0)) * 28.0
                if sheet == 0:
                    y = page[1] - cell - 60.0 - j * 28.0
                if y + cell > page[1] - 40:
                    continue
                spots.append((f"reserve{k}", sheet, x, y))
                k += 1
    return MatLayout(game, rows, cols, page, cell, origins, markers, blocks, KIDS_MARKER_IDS, (0, 1), tuple(spots),
                     variant, KIDS_TILE_MM)


#: What vision needs beyond the board description, per kind of piece: pixels per cell of the
#: rectified grid, how far (in cells) outside the grid the ring of paper samples lies, and the
#: tallest piece the mat is made for (bottle caps: 12 mm; tiles lie flat).
PIECE_READING = {
    "tokens": {"ppc": 28, "ring_offset": 0.45, "token_height_mm": 12.0},
    "tiles": {"ppc": 24, "ring_offset": 0.42, "token_height_mm": 0.0},
}


def board_description(game: str, rows: int | None = None, cols: int | None = None) -> BoardDescription:
    """The board description of ``game`` (a token game may take another size than its default)."""
    if game == "lewthwaite":
        from games.lewthwaite.board import LewthwaiteBoard
        from games.lewthwaite.rules import LewthwaiteParams

        return LewthwaiteBoard(LewthwaiteParams(rows or 5, cols or 5))
    if game == "lightning":
        from games.lightning.board import LightningBoard

        return LightningBoard()
    raise ValueError(f"unknown game '{game}' (choose from {', '.join(GAMES)})")


@dataclass(frozen=True)
class MatProfile:
    """Everything vision knows about one board's mat, in one place: the board description
    (``game``, ``rows``, ``cols``, ``pieces``, ``token_codes``, ``start_grid()``) and how to read
    its pieces (:data:`PIECE_READING`)."""

    board: BoardDescription

    @property
    def game(self) -> str:
        """The game's key (it names the printed mat and its markers)."""
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

    def layout(self, variant: str = "standard") -> MatLayout:
        """The mat's geometry, with the board's rows and columns."""
        if self.pieces == "tokens":
            return layout(self.game, self.board.rows, self.board.cols, variant)
        return layout(self.game, variant=variant)

    def start_grid(self) -> list[str] | list[list[str]]:
        """The start position (the live reader calibrates on it), as ``read-board`` gives grids."""
        grid = self.board.start_grid()
        if self.pieces == "tokens":
            return ["".join(row) for row in grid]
        return [list(row) for row in grid]


def profile(board: BoardDescription | str, rows: int | None = None, cols: int | None = None) -> MatProfile:
    """The profile of a board description (or of a game's key, for the command line)."""
    if isinstance(board, str):
        board = board_description(board, rows, cols)
    if not board.readable:
        raise ValueError(f"{board.game} has no pieces a camera can read")
    return MatProfile(board)


def game_of_marker(marker_id: int) -> str | None:
    """Which game's mat carries ``marker_id`` (None for a foreign marker)."""
    for game, ids in MARKER_IDS.items():
        if marker_id in ids:
            return game
    if any(marker_id in ids for ids in KIDS_MARKER_IDS):
        return "lightning"
    return None


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


def _point_xy(point: str) -> Point:
    """Unit-square coordinates of a boundary point (x right, y down)."""
    index = POINTS.index(point)
    angle = index * math.pi / 4
    if index % 2 == 0:  # edge midpoints
        return (0.5 + 0.5 * math.sin(angle), 0.5 - 0.5 * math.cos(angle))
    return (0.5 + 0.5 * np.sign(math.sin(angle)), 0.5 - 0.5 * np.sign(math.cos(angle)))


def stroke_points(tile: Tile, samples: int = 24) -> np.ndarray:
    """The tile's stroke as a polyline in unit-square coordinates.

    Straight designs are one segment; ``L`` is a quarter arc round the corner between its two
    edge midpoints; ``Z`` and ``S`` bend once, like a lightning bolt. All of it comes from the
    tile table, rotated as the tile is.
    """
    a, b = DESIGNS[tile.design]
    pa = np.array(_point_xy(rotate_point(a, tile.rotation)))
    pb = np.array(_point_xy(rotate_point(b, tile.rotation)))
    if tile.design == "L":
        corner = pa + pb - np.array([0.5, 0.5])
        t = np.linspace(0, 1, samples)[:, None]
        # A quarter circle of radius 1/2 around the shared corner.
        va, vb = pa - corner, pb - corner
        angles = np.arctan2(va[1], va[0]) + t * _signed_angle(va, vb)
        return corner + 0.5 * np.hstack([np.cos(angles), np.sin(angles)])
    if tile.design in "ZS":
        # A bolt: down from the first point, a short step back across the centre, on to the second.
        bolt = np.array(_BOLT_Z) if tile.design == "Z" else np.array(_BOLT_Z) * [-1, 1] + [1, 0]
        for _ in range(tile.rotation):
            bolt = np.column_stack([1 - bolt[:, 1], bolt[:, 0]])  # a clockwise quarter turn
        assert np.allclose(bolt[0], pa) and np.allclose(bolt[-1], pb), "bolt drawing disagrees with the tile table"
        return bolt
    return np.array([pa, pb])


#: The Z bolt at rotation 0, from N to SE, kinking towards the centre (away from E).
_BOLT_Z = ((0.5, 0.0), (0.42, 0.58), (0.64, 0.44), (1.0, 1.0))


def _signed_angle(u: np.ndarray, v: np.ndarray) -> float:
    return float(math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1]))


def tile_face(
    tile: Tile,
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
        _aa_polyline(image, pts - 0.5, DESIGN_TINTS[tile.design], max(1, int(round(size * 0.025))), closed=True)
    _aa_polyline(image, stroke_points(tile) * size - 0.5, ink, max(2, int(round(size * stroke))))
    return image


def draw_tile_face(image: np.ndarray, tile: Tile, x: int, y: int, size: int) -> None:
    """Paste the face of ``tile`` into ``image`` with its top-left corner at pixel (x, y)."""
    image[y : y + size, x : x + size] = tile_face(tile, size)


def render_mat(mat: MatLayout, px_per_mm: float, sheet: int = 0) -> np.ndarray:
    """Sheet ``sheet`` of the printable mat as a BGR image at ``px_per_mm``."""
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
    if mat.game == "lightning":
        # The centre line between the two players' halves (on the children's mat: the grid's edge
        # that meets the other sheet).
        bx, by, bw, bh = mat.blocks[0] if mat.sheets == 1 else mat.blocks[sheet]
        y_mm = by + LIGHTNING_HALF_ROWS * mat.cell if mat.sheets == 1 else (by + bh if sheet == 0 else by)
        y = _px(y_mm, px_per_mm)
        cv2.line(image, (_px(bx - 4, px_per_mm), y), (_px(bx + bw + 4, px_per_mm), y), TITLE_INK, 2 * line, cv2.LINE_AA)
    for name, spot_sheet, sx, sy in mat.spots:
        if spot_sheet != sheet:
            continue
        box = (_px(sx, px_per_mm), _px(sy, px_per_mm)), (_px(sx + mat.cell, px_per_mm), _px(sy + mat.cell, px_per_mm))
        cv2.rectangle(image, *box, GRID_INK if name != "hand" else TITLE_INK, line * (2 if name == "hand" else 1))
        if name == "hand":
            _label(image, "MAIN / HAND", (sx + mat.cell / 2, sy - 5.0), 3.5, px_per_mm)
        elif name == "reserve0" or (mat.sheets > 1 and name == _first_spot(mat, sheet)):
            _label(image, "RESERVE", (sx + mat.cell / 2, sy - 5.0), 3.5, px_per_mm)
    for mid, corners in mat.markers:
        if mid in mat.sheet_markers[sheet]:
            draw_marker(image, mid, corners, px_per_mm)
    title = "LEWTHWAITE" if mat.game == "lewthwaite" else "LIGHTNING"
    if mat.game == "lewthwaite":
        _label(image, title, (mat.page[0] / 2, mat.page[1] - 22), 7.0, px_per_mm)
    elif mat.sheets == 1:
        _label(image, title, (21.0, mat.page[1] / 2), 6.0, px_per_mm, vertical=True)
    else:
        # The sheet's number along its outer edge (the inner edges meet the other sheet).
        y_label = 5.5 if sheet == 0 else mat.page[1] - 5.0
        _label(image, f"{title} {sheet + 1}/{mat.sheets}", (mat.page[0] / 2, y_label), 4.0, px_per_mm)
    return image


def _first_spot(mat: MatLayout, sheet: int) -> str:
    return next(name for name, s, _, _ in mat.spots if s == sheet and name.startswith("reserve"))


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

TILE_SHEET_COLUMNS = 10
TILE_PITCH_MM = 13.0


def tile_sheet_boxes(tile_mm: float = TILE_MM) -> list[list[tuple[str, float, float]]]:
    """Per A4 page, (design, x, y) in millimetres of its tiles: 30 of each design in all (one
    page of 9.8 mm tiles; the children's 20 mm tiles take several)."""
    pitch = TILE_PITCH_MM * tile_mm / TILE_MM
    columns = int((A4_PORTRAIT[0] - 10) // pitch)
    per_page = columns * int((A4_PORTRAIT[1] - 20) // pitch)
    copies = 30
    names = list(DESIGNS)
    pages: list[list[tuple[str, float, float]]] = []
    for index in range(len(names) * copies):
        slot = index % per_page
        if slot == 0:
            pages.append([])
        row, col = divmod(slot, columns)
        x = (A4_PORTRAIT[0] - columns * pitch) / 2 + col * pitch + (pitch - tile_mm) / 2
        y = 12 + row * pitch + (pitch - tile_mm) / 2
        pages[-1].append((names[index // copies], x, y))
    return pages


def render_tile_sheet(px_per_mm: float, tile_mm: float = TILE_MM) -> list[tuple[np.ndarray, dict[str, Any]]]:
    """The printable tile pages and their ``tiles.json`` descriptions (rotation 0 everywhere)."""
    pages = []
    size = _px(tile_mm, px_per_mm)
    for boxes in tile_sheet_boxes(tile_mm):
        w, h = _px(A4_PORTRAIT[0], px_per_mm), _px(A4_PORTRAIT[1], px_per_mm)
        image = np.full((h, w, 3), PAPER, np.uint8)
        tiles = []
        for design, x, y in boxes:
            x0, y0 = _px(x, px_per_mm), _px(y, px_per_mm)
            draw_tile_face(image, Tile(design, 0), x0, y0, size)
            # Thin cut marks around the tile.
            cv2.rectangle(image, (x0 - 1, y0 - 1), (x0 + size, y0 + size), GRID_INK, 1)
            tiles.append({"name": design, "box": [x0, y0, size, size]})
        dpi = round(px_per_mm * 25.4, 2)
        pages.append((image, {"tile_size": size, "tile_mm": tile_mm, "tiles": tiles, "dpi": dpi}))
    return pages
