"""Drawing Lightning (pygame; no rules decided here): tiles, and the board lying sideways.

The board's 34 x 8 squares lie sideways so that they are big enough to touch: player 1's half
(red, grid rows 17..33) on the left with its start row at the far left, player 2's half (blue,
rows 0..16) on the right, the centre line between them. Grid north (towards row 0) points to
the screen's right, so every tile is drawn a quarter turn clockwise from its grid orientation.

:class:`BoardView` is the one place that knows where a square is on screen (``cell_rect``,
``cell_at``); the game's screen, the rules' small boards and the physical-board mode all draw
through it. The half where a person plays may get bigger squares than the other (as a board
looks from its player's side of the table): 63 px on a 1080p screen instead of 54.

Expensive pieces (the night-sky board, each tile at each size) are rendered once and cached.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import cached_property

import pygame

from games.budget import MB, budgeted
from games.lightning.rules import (
    VARIANTS,
    Geometry,
    LightningState,
    best_path,
    path_cut_off,
    powered_cells,
    winning_cells,
)
from games.lightning.tiles import DESIGNS, Tile
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target, aligned_box, blit, make_layer, native_sprite, new_layer, own_copy, scale_of
from kiosk.i18n import language, tr

Cell = tuple[int, int]
Color = tuple[int, int, int]
Point = tuple[float, float]

GOLD = (255, 214, 64)
TILE_FACE = (255, 249, 236)
TILE_EDGE = (214, 196, 168)
INK = (58, 52, 70)
NIGHT = (52, 46, 96)
DEAD = (120, 112, 128)  # a tile no path reaches yet
PLAYER_COLORS = {1: theme.RED, 2: theme.BLUE}
PLAYER_DARK = {1: theme.RED_DARK, 2: theme.BLUE_DARK}
PLAYER_LIGHT = {1: theme.RED_LIGHT, 2: theme.BLUE_LIGHT}
ARRIVAL = (255, 236, 170)  # the words under the centre line
LEGAL_FACE = (210, 250, 220)
ILLEGAL_FACE = (255, 205, 205)
#: Each half's colours: the frame between squares, a square, a start square.
HALF_COLORS = {
    1: ((74, 36, 62), (104, 52, 80), (150, 66, 88)),
    2: ((30, 44, 92), (44, 64, 126), (56, 98, 178)),
}

# --- tiles -----------------------------------------------------------------------------------


# Each design's stroke at rotation 0 in tile coordinates (-1..1, y down), from its first point
# to its second: the L is a quarter arc around the NE corner, Z and S are little lightning bolts.
def _stroke(design: str) -> list[Point]:
    if design == "I":
        return [(0, -1), (0, 1)]
    if design == "D":
        return [(-1, -1), (1, 1)]
    if design == "L":
        # Quarter circle of radius 1 centred on the NE corner (1, -1), from N (0,-1) to E (1,0).
        return [(1 - math.cos(a), -1 + math.sin(a)) for a in (k * math.pi / 16 for k in range(9))]
    if design == "Z":
        return [(0, -1), (-0.28, 0.22), (0.34, 0.02), (1, 1)]
    return [(0, -1), (0.28, 0.22), (-0.34, 0.02), (-1, 1)]


STROKES = {d: _stroke(d) for d in DESIGNS}


def _turn(points: list[Point], quarter_turns: int) -> list[Point]:
    for _ in range(quarter_turns % 4):
        points = [(-y, x) for x, y in points]
    return points


def screen_stroke(tile: Tile, board_turn: int = 1) -> list[Point]:
    """The tile's stroke in screen tile coordinates: its rotation plus the board's quarter turn
    (``board_turn=0`` draws it with grid north up, as in the rules legend)."""
    return _turn(STROKES[tile.design], tile.rotation + board_turn)


def stroke_points(tile: Tile, rect: pygame.Rect, board_turn: int = 1) -> list[Point]:
    """The tile's stroke in screen pixels, inside ``rect``."""
    half = rect.width / 2
    return [(rect.centerx + x * half, rect.centery + y * half) for x, y in screen_stroke(tile, board_turn)]


def polyline(surface: Target, color: tuple[int, ...], pts: list[Point], width: int) -> None:
    """A thick line with round joints and ends."""
    draw.lines(surface, color, False, pts, width)
    for p in pts:
        draw.circle(surface, color, p, width / 2)


def draw_tile(
    surface: Target,
    rect: pygame.Rect,
    tile: Tile,
    stroke: Color = INK,
    face: Color = TILE_FACE,
    width: float = 0.16,
    board_turn: int = 1,
) -> None:
    """A square tile with its segment (a thick rounded stroke), drawn in ``rect`` on screen."""
    radius = max(3, rect.width // 7)
    draw.rect(surface, ui.darker(face, 0.12), rect.move(0, max(1, rect.width // 18)), border_radius=radius)
    draw.rect(surface, face, rect, border_radius=radius)
    draw.rect(surface, TILE_EDGE, rect, width=1, border_radius=radius)
    # Clip so the rounded stroke ends stop at the tile's edge, where the neighbour's stroke continues.
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    polyline(surface, stroke, stroke_points(tile, rect, board_turn), max(3, round(rect.width * width)))
    surface.set_clip(clip)


@budgeted(12 * MB, scope='lightning')
@native_sprite
def tile_image(tile: Tile, stroke: Color, size: int, face: Color = TILE_FACE, scale: float = 1.0) -> Canvas:
    """A tile drawn once into its own image (the board blits up to 150 of them a frame)."""
    image = make_layer((size, size + max(1, size // 18)), scale, alpha=True)
    draw_tile(image, pygame.Rect(0, 0, size, size), tile, stroke, face)
    return image


@budgeted(4 * MB, scope='lightning')
def ghost_tile(tile: Tile, stroke: Color, size: int) -> pygame.Surface:
    """A tile of its own, whose see-through level may change (the board's cached tiles' never
    does): the tile a real table still needs, drawn over its square."""
    return own_copy(tile_image(tile, stroke, size))


def draw_tile_back(surface: Target, rect: pygame.Rect) -> None:
    """A face-down tile: night blue with a small golden bolt."""
    radius = max(3, rect.width // 7)
    draw.rect(surface, ui.darker(NIGHT, 0.3), rect.move(0, 3), border_radius=radius)
    draw.rect(surface, NIGHT, rect, border_radius=radius)
    draw.rect(surface, (96, 88, 160), rect.inflate(-8, -8), width=2, border_radius=radius)
    draw_bolt_icon(surface, rect.inflate(-rect.width * 0.5, -rect.height * 0.4), GOLD)


def icon_turn(surface: Target, r: pygame.Rect, c: Color) -> None:
    """Turn the tile: a small square tile with a curved arrow going round it (not the circular
    arrow of "new game")."""
    tile = r.inflate(-r.width * 0.5, -r.height * 0.5)
    draw.rect(surface, c, tile, max(2, r.width // 12), border_radius=max(2, r.width // 12))
    arc = r.inflate(-r.width * 0.08, -r.height * 0.08)
    width = max(2, r.width // 10)
    draw.arc(surface, c, arc, math.pi * 0.05, math.pi * 0.95, width)
    tip = (arc.right - arc.width * 0.03, arc.centery - arc.height * 0.12)  # clockwise, as a tap turns it
    size = r.width * 0.2
    draw.polygon(surface, c, [(tip[0] - size * 0.7, tip[1] - size * 0.2), (tip[0] + size * 0.7, tip[1] - size * 0.2),
                              (tip[0], tip[1] + size * 0.8)])


def draw_bolt_icon(surface: Target, r: pygame.Rect, color: Color) -> None:
    """A little lightning bolt filling ``r`` (title, tile backs)."""
    shape = [(0.62, 0.0), (0.18, 0.55), (0.48, 0.55), (0.32, 1.0), (0.86, 0.38), (0.55, 0.38), (0.75, 0.0)]
    draw.polygon(surface, color, [(r.left + x * r.width, r.top + y * r.height) for x, y in shape])


# --- what the board shows of a position ------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the drawing needs from a position, worked out once: each half's best path, the
    tiles joined to their start edge ("powered"), the winning bolt and the free squares the
    tile in hand may go on."""

    paths: dict[int, tuple[int | None, tuple[Cell, ...]]]
    powered: dict[int, frozenset[Cell]]
    winning: tuple[Cell, ...]
    legal: frozenset[Cell]
    known: bool = True
    #: Players whose live path no junction leads on from (they start again from their start row).
    cut_off: frozenset[int] = frozenset()

    @classmethod
    def pending(cls) -> Facts:
        """Nothing known yet (the facts of a new position are on their way)."""
        nothing: frozenset[Cell] = frozenset()
        return cls({1: (None, ()), 2: (None, ())}, {1: nothing, 2: nothing}, (), nothing, known=False)

    @classmethod
    def of(cls, state: LightningState) -> Facts:
        """Work the facts out (a few milliseconds: callers run it off the frame loop)."""
        geo = state.geo
        winning = winning_cells(geo, state.board, state.winner) if state.winner is not None else ()
        return cls(
            paths={p: best_path(geo, state.board, p) for p in (1, 2)},
            powered={p: powered_cells(geo, state.board, p) for p in (1, 2)},
            winning=winning,
            legal=frozenset(state.legal_cells()) if state.hand is not None and not state.is_terminal() else frozenset(),
            cut_off=frozenset(p for p in (1, 2) if not state.is_terminal() and path_cut_off(geo, state.board, p)),
        )

    def distance(self, player: int) -> int | None:
        """How many more tiles ``player`` needs at least (None: every way is blocked)."""
        return self.paths[player][0]


# --- the board on screen ---------------------------------------------------------------------

PAD = 14  # night-sky frame around the squares
LABEL_BAND = 26  # under the squares: "départ" and "arrivée"
GAP = 12  # between the halves: the centre line


@budgeted(16 * MB, scope='lightning')
@native_sprite
def board_background(half_rows: int, cols: int, sizes: tuple[int, int], gap: int = GAP, scale: float = 1.0) -> Canvas:
    """The static board for squares of ``sizes`` (player 1's half, player 2's): a night-sky
    frame, each half's squares as soft slots (start rows brighter, arrival rows touched with
    light), a few stars. Drawn once per pair of sizes."""
    layout = _Layout(half_rows, cols, sizes, gap)
    width, height = layout.width, layout.height
    image = make_layer((width, height), scale, alpha=True)
    radius = max(8, max(sizes) // 2)
    draw.rect(image, (20, 18, 44), image.get_rect(), border_radius=radius)
    draw.rect(image, (70, 62, 130), image.get_rect(), 3, border_radius=radius)
    stars = random.Random(1892)
    seam = PAD + half_rows * sizes[0] + gap // 2
    for _ in range(width // 20):
        x = stars.randrange(6, width - 6)
        y = stars.choice((stars.randrange(3, PAD - 2), stars.randrange(height - 8, height - 3)))
        radius, alpha = stars.choice((1, 1, 2)), stars.randrange(60, 200)
        # No star in a word of the label band ("départ" at both ends, "arrivée" on the seam).
        if y > PAD and (abs(x - seam) < 60 or x < 90 or x > width - 90):
            continue
        draw.circle(image, (255, 255, 220, alpha), (x, y), radius)
    # Each half's grout in one fill (row by row, 34 narrow strips took 7 ms at 1080p), then its
    # squares, copied from one drawing per colour in a single call.
    for player, rows in ((1, range(half_rows, 2 * half_rows)), (2, range(half_rows))):
        cell, top = sizes[player - 1], layout.half_top(player)
        left = min(layout.row_x(r) for r in rows)
        image.fill(HALF_COLORS[player][0], (left, top, half_rows * cell, cols * cell))
    squares = []
    for r in range(2 * half_rows):
        player = 2 if r < half_rows else 1
        cell = sizes[player - 1]
        _grout, slot, start = HALF_COLORS[player]
        x, top = layout.row_x(r), layout.half_top(player)
        start_row = r == (2 * half_rows - 1 if player == 1 else 0)
        arrival_row = r in (half_rows - 1, half_rows)
        color = start if start_row else ui.blend(slot, (255, 255, 255), 0.14) if arrival_row else slot
        square = _square(cell, color, scale).target
        squares += [(square, image.to_native((x, top + c * cell))) for c in range(cols)]
    image.target.blits(squares, doreturn=False)
    return image


@budgeted(4 * MB, scope='lightning')
def _square(cell: int, color: Color, scale: float) -> Canvas:
    """One empty square of the board's background (a rounded slot lit along its top edge),
    drawn once and copied to every square of its colour: 272 rounded rectangles drawn one by one
    took 12 ms at 1080p, every time the halves changed size."""
    image = make_layer((cell, cell), scale, alpha=True)
    inset = max(2, cell // 12)
    square = pygame.Rect(0, 0, cell, cell).inflate(-inset, -inset)
    draw.rect(image, color, square, border_radius=max(2, cell // 7))
    draw.line(image, ui.blend(color, (255, 255, 255), 0.12), square.topleft, square.topright)
    return image


@budgeted(4 * MB, scope='lightning')
@native_sprite
def _path_tint(size: int, player: int, scale: float = 1.0) -> Canvas:
    tint = make_layer((size, size), scale, alpha=True)
    tint.fill((*PLAYER_LIGHT[player], 64))
    return tint


@budgeted(2 * MB, scope='lightning')
@native_sprite
def legal_marker(size: int, scale: float = 1.0) -> Canvas:
    """A free square the tile in hand may go on: a bright green inset with a white rim."""
    image = make_layer((size, size), scale, alpha=True)
    rect = image.get_rect().inflate(-max(2, size // 10), -max(2, size // 10))
    radius = max(3, size // 6)
    draw.rect(image, (70, 214, 124, 185), rect, border_radius=radius)
    draw.rect(image, (214, 255, 226), rect, max(2, size // 13), border_radius=radius)
    return image


@dataclass(frozen=True)
class _Layout:
    """Positions inside the board's frame (x from its left edge, y from its top) for squares
    of ``sizes`` (player 1's half, player 2's); each half is centred vertically."""

    half_rows: int
    cols: int
    sizes: tuple[int, int]
    gap: int

    @property
    def width(self) -> int:
        return self.half_rows * sum(self.sizes) + self.gap + 2 * PAD

    @property
    def squares_height(self) -> int:
        return self.cols * max(self.sizes)

    @property
    def height(self) -> int:
        return self.squares_height + PAD + LABEL_BAND

    def half_top(self, player: int) -> int:
        return PAD + (self.squares_height - self.cols * self.sizes[player - 1]) // 2

    def row_x(self, row: int) -> int:
        red, blue = self.sizes
        if row >= self.half_rows:  # player 1 (red): its start row, the last one, at the far left
            return PAD + (2 * self.half_rows - 1 - row) * red
        return PAD + self.half_rows * red + self.gap + (self.half_rows - 1 - row) * blue

    @cached_property
    def rects(self) -> tuple[pygame.Rect, ...]:
        """Every square's rectangle inside the frame, in cell index order (row by row)."""
        result = []
        for row in range(2 * self.half_rows):
            player = 2 if row < self.half_rows else 1
            size, x, top = self.sizes[player - 1], self.row_x(row), self.half_top(player)
            result += [pygame.Rect(x, top + col * size, size, size) for col in range(self.cols)]
        return tuple(result)


@budgeted(MB, scope='lightning')
def _layout(half_rows: int, cols: int, sizes: tuple[int, int], gap: int) -> _Layout:
    return _Layout(half_rows, cols, sizes, gap)


@budgeted(MB, scope='lightning')
def _part_rects(half_rows: int, cols: int, sizes: tuple[int, int], gap: int,
                at: tuple[int, int]) -> tuple[pygame.Rect, ...]:
    """The board's still parts for squares of ``sizes`` with the frame's corner at ``at``: one
    for each row of the grid (a column of squares on screen, with the strip under its last
    square that its tile's shadow reaches on the frame), as :meth:`BoardView._patch` paints its
    squares again; logical, with a pixel of margin for the rounding. A tile's shadow falls on
    the next square of its own row only, so a row's pixels depend on its own squares' looks.
    A row, not a square: a path's tint moving changes squares all over the board, and a part
    each made 5-7 groups to paint (the layer was drawn whole); its rows lie side by side and
    group into a box a half."""
    layout = _layout(half_rows, cols, sizes, gap)
    parts: list[pygame.Rect] = []
    for first in range(0, len(layout.rects), cols):
        top, last = layout.rects[first], layout.rects[first + cols - 1]
        strip = pygame.Rect(last.x, last.bottom, last.width, last.height // 18 + 3)
        parts.append(top.unionall([last, strip]).move(at).inflate(2, 2))
    return tuple(parts)


#: What a square of the board layer shows: its tile's code and colour (0, None: no tile) and the
#: players whose path tints it.
_Look = tuple[int, Color | None, tuple[int, ...]]
#: Squares that look different from one layer to the next, at most, drawn one by one (a move
#: changes a few; a new game or an undo of many tiles, the whole board drawn again).
PATCH_MOST = 48


class _BoardLayer:
    """A board drawn on a layer, and what it shows: the position, the squares left out, the
    facts (the same object: a new position's facts are a new one) and each square's look.
    ``version`` names what it shows (unique among every layer's); ``changes`` the areas drawn
    again since ``since``, each with the version it made."""

    def __init__(self, layer: Target, shape: tuple[object, ...], board: tuple[int, ...], skip: frozenset[Cell],
                 facts: Facts, looks: tuple[_Look, ...]) -> None:
        self.layer, self.shape = layer, shape
        self.changes: list[tuple[int, pygame.Rect]] = []
        self.since = 0
        self.update(board, skip, facts, looks)
        self.since = self.version  # drawn whole: changes are counted from here

    def update(self, board: tuple[int, ...], skip: frozenset[Cell], facts: Facts, looks: tuple[_Look, ...],
               areas: Iterable[pygame.Rect] = ()) -> None:
        """The layer now shows this (drawn again in ``areas`` only, in layer coordinates)."""
        self.board, self.skip, self.facts, self.looks = board, skip, facts, looks
        self.version = next(_VERSIONS)
        self.changes.extend((self.version, area) for area in areas)
        if len(self.changes) > 4 * PATCH_MOST:  # the oldest forgotten: a copy that old is made again whole
            self.since = self.changes[-2 * PATCH_MOST - 1][0]
            del self.changes[:-2 * PATCH_MOST]

    def changed_since(self, version: int) -> list[pygame.Rect] | None:
        """The areas drawn again since this layer's ``version``, or None when that is not known
        (drawn whole since, or too long ago)."""
        if version < self.since:
            return None
        return [area for made, area in self.changes if made > version]

    def same(self, board: tuple[int, ...], skip: frozenset[Cell], facts: Facts) -> bool:
        """True when the layer shows this position, these squares left out and these facts."""
        return self.facts is facts and self.skip == skip and self.board == board


#: Versions of the board layers (one count for all: a copy made of one layer is never taken for
#: another's).
_VERSIONS = itertools.count(1)


class BoardView:
    """Where each square of a Lightning board is on screen (see the module docstring), and how
    the board, its tiles and its marks are drawn there.

    The board fills ``viewport``'s width. Its halves may have squares of different sizes: the
    half where a person plays gets ``big`` squares, the other ``small`` ones (``big + small``
    stays the same, so the board keeps its width). ``share`` says how the sizes are split:
    1.0 gives player 1's half the big squares, 0.0 player 2's, 0.5 makes them equal; a scene
    moves it smoothly to change which half is big.
    """

    def __init__(self, geo: Geometry, viewport: pygame.Rect, big: int, small: int | None = None,
                 gap: int = GAP) -> None:
        self.geo = geo
        self.viewport = viewport
        self.big = big
        self.small = big if small is None else small
        self.gap = gap
        self.share = 0.5
        #: The share the halves are growing or shrinking to (None: ``share`` is where they rest).
        #: While they move, the board is the picture at that end, each half scaled to its size
        #: of the moment (:meth:`_draw_resizing`): no layer is drawn for the sizes in between.
        self.goal: float | None = None
        #: The board drawn at each resting split of the squares (two at most: hot-seat's).
        self._layers: dict[tuple[int, int], _BoardLayer] = {}
        #: Each half's squares of a layer, in the display's format (scaled while resizing), for
        #: each resting split (the layer's key): the layer's entry and version they are a copy of.
        #: Kept for each split, so that the halves growing back to a split copy only the squares
        #: drawn again since (both halves copied whole: 0.8 ms at 1080p at every hot-seat lay).
        self._halves: dict[tuple[int, int], tuple[_BoardLayer, int, dict[int, pygame.Surface]]] = {}
        #: Halves copied whole from a layer (a new layer, or changes too old to know), for the tests.
        self.halves_copied = 0
        self._scratch: pygame.Surface | None = None
        #: The squares' looks last worked out for :meth:`still_parts` (position, facts, skip).
        self._looks_kept: tuple[tuple[int, ...], Facts, frozenset[Cell], tuple[_Look, ...]] | None = None

    @classmethod
    def fit(cls, geo: Geometry, rect: pygame.Rect, gap: int = 8) -> BoardView:
        """A view of equal halves that fits in ``rect``, centred (the rules' small boards)."""
        cell = min((rect.width - gap - 2 * PAD) // geo.rows, (rect.height - PAD - LABEL_BAND) // geo.cols)
        width, height = geo.rows * cell + gap + 2 * PAD, geo.cols * cell + PAD + LABEL_BAND
        return cls(geo, pygame.Rect(rect.centerx - width // 2, rect.centery - height // 2, width, height), cell,
                   gap=gap)

    # --- geometry ------------------------------------------------------------------------------

    @property
    def sizes(self) -> tuple[int, int]:
        """The side of a square in player 1's half and in player 2's."""
        return self._sizes_at(self.share)

    def _sizes_at(self, share: float) -> tuple[int, int]:
        total = self.big + self.small
        red = round(self.small + (self.big - self.small) * min(1.0, max(0.0, share)))
        return red, total - red

    def _share_for(self, sizes: tuple[int, int]) -> float:
        """The share giving squares of ``sizes``."""
        return 0.5 if self.big == self.small else (sizes[0] - self.small) / (self.big - self.small)

    def prepare_splits(self, surface: Target, state: LightningState, facts: Facts) -> None:
        """Draw the board ahead at both splits of the squares, and make the surfaces a resize
        copies into (a scene drawn ahead, off the frame thread: :mod:`kiosk.prepare`): the
        first move of a hot-seat game, or a first player drawn at random, then draws nothing
        anew (10-30 ms at 1080p on the frame thread otherwise)."""
        for share in (0.0, 1.0):
            sizes = self._sizes_at(share)
            entry = self._board_layer(surface, state, facts, frozenset(), sizes)
            halves = self._native_halves(entry, _layout(self.geo.half_rows, self.geo.cols, sizes, self.gap))
        self._scratch_for(halves, (0, 0))

    def keep_split(self, surface: Target, state: LightningState, facts: Facts, share: float) -> None:
        """Bring the board drawn at the split of ``share`` (not the one shown) and its halves up
        to this position: in hot-seat the halves grow to it at the next lay, which then draws
        again only the squares that lay changed, not the last turn's too (a lay frame patched
        both turns' squares and copied them into the halves: 0.8-1.1 ms of its 4-6 ms)."""
        sizes = self._sizes_at(share)
        if sizes == self.resting_sizes or sizes not in self._layers:
            return
        entry = self._board_layer(surface, state, facts, frozenset(), sizes)
        self._native_halves(entry, _layout(self.geo.half_rows, self.geo.cols, sizes, self.gap))

    @property
    def resting_sizes(self) -> tuple[int, int]:
        """The squares' sizes where the halves rest (at :attr:`goal` while they move)."""
        return self.sizes if self.goal is None else self._sizes_at(self.goal)

    def cell_size(self, player: int) -> int:
        """The side of a square in ``player``'s half."""
        return self.sizes[player - 1]

    @property
    def _layout(self) -> _Layout:
        return _layout(self.geo.half_rows, self.geo.cols, self.sizes, self.gap)

    @property
    def left(self) -> int:
        """Screen x of the board frame's left edge."""
        return self.viewport.centerx - self._layout.width // 2

    @property
    def top(self) -> int:
        """Screen y of the frame's top edge."""
        return self.viewport.y

    @property
    def label_y(self) -> int:
        """Screen y of the middle of the label band under the squares."""
        layout = self._layout
        return self.top + PAD + layout.squares_height + LABEL_BAND // 2

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """Screen rectangle of grid cell ``(row, col)``."""
        layout = self._layout
        return layout.rects[cell[0] * self.geo.cols + cell[1]].move(
            self.viewport.centerx - layout.width // 2, self.viewport.y)

    @property
    def rect(self) -> pygame.Rect:
        """Screen rectangle of the whole board: its frame, its squares and its label band."""
        layout = self._layout
        return pygame.Rect(self.left, self.top, layout.width, layout.height)

    def half_rect(self, player: int) -> pygame.Rect:
        """Screen rectangle of ``player``'s squares."""
        geo = self.geo
        first = self.cell_rect((geo.start_row(player), 0))
        return first.union(self.cell_rect((geo.arrival_row(player), geo.cols - 1)))

    @property
    def seam_x(self) -> int:
        """Screen x of the centre line."""
        return self.left + PAD + self.geo.half_rows * self.sizes[0] + self.gap // 2

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The grid cell under a screen position (None off the squares or on the centre line)."""
        geo = self.geo
        for player in (1, 2):
            half = self.half_rect(player)
            if half.collidepoint(pos):
                size = self.cell_size(player)
                k, col = (pos[0] - half.x) // size, (pos[1] - half.y) // size
                row = geo.rows - 1 - k if player == 1 else geo.half_rows - 1 - k
                return row, col
        return None

    # --- drawing -------------------------------------------------------------------------------

    def draw_board(self, surface: Target, state: LightningState, facts: Facts, time: float,
                   skip: frozenset[Cell] = frozenset(), seam: bool = True) -> None:
        """The board with its path tints and tiles (except the ``skip`` squares: tiles flying
        or landing there), then the glowing centre line. Everything but the glow comes from one
        layer, redrawn only when the position, its facts, ``skip`` or the squares' resting sizes
        change; while the halves grow and shrink, from that layer scaled (:meth:`_draw_resizing`)."""
        rest = self.resting_sizes
        entry = self._board_layer(surface, state, facts, skip, rest)
        if rest == self.sizes:
            blit(surface, entry.layer, (self.left, self.top))
        else:
            self._draw_resizing(surface, entry, rest)
        if seam:
            self.draw_seam(surface, time)

    def still_parts(self, state: LightningState, facts: Facts, skip: frozenset[Cell],
                    shown: bool) -> list[tuple[pygame.Rect, Hashable]]:
        """The board in parts for a still layer (:meth:`kiosk.game_scene.GameScene.still_parts`):
        its bounds (keyed by its resting sizes; None when not ``shown``), then for each split of
        the squares a scene rests at (hot-seat's two, and the one now) each row of squares
        (:func:`_part_rects`) with the looks of its squares its pixels depend on (None for a
        split not shown): a move paints again the rows it changed, as the board's layer does
        (:meth:`_patch`). The rectangles stay the same whichever half is big, so the halves'
        resizing paints only the board's bounds again."""
        rest = self.resting_sizes
        cols = self.geo.cols
        parts: list[tuple[pygame.Rect, Hashable]] = [(self.board_bounds(), rest if shown else None)]
        looks = self._looks_of(state, facts, skip) if shown else None
        for sizes in sorted({self._sizes_at(0.0), self._sizes_at(1.0), rest}):
            rects = _part_rects(self.geo.half_rows, cols, sizes, self.gap, (self.left, self.top))
            if looks is None or sizes != rest:
                parts.extend((rect, None) for rect in rects)
                continue
            parts.extend((rect, looks[row * cols:(row + 1) * cols]) for row, rect in enumerate(rects))
        return parts

    def _looks_of(self, state: LightningState, facts: Facts, skip: frozenset[Cell]) -> tuple[_Look, ...]:
        """:meth:`_looks`, kept for the last position, facts and squares left out."""
        kept = self._looks_kept
        if kept is not None and kept[0] == state.board and kept[1] is facts and kept[2] == skip:
            return kept[3]
        looks = self._looks(state, facts, skip)
        self._looks_kept = (state.board, facts, skip, looks)
        return looks

    def board_bounds(self) -> pygame.Rect:
        """Where :meth:`draw_board` may draw at rest (its layer, as tall as the tallest split)."""
        return pygame.Rect(self.left, self.top, self._layout.width, self._tallest()).inflate(2, 2)

    def _board_layer(self, surface: Target, state: LightningState, facts: Facts, skip: frozenset[Cell],
                     sizes: tuple[int, int]) -> _BoardLayer:
        """The board drawn with squares of ``sizes`` at its top-left corner, kept; when the
        position, its facts or ``skip`` change, only the squares that look different are drawn
        again (a tile laid, landed or lit, a path's tint), the whole board when many do."""
        # As tall as the tallest split of the squares (the width never changes): a layer for
        # each split, made once (a new 4 MB surface faults its pages in: 10-20 ms on a loaded
        # machine). What lies below the board's own height stays transparent: blitted, it
        # changes nothing.
        shape = (self._tallest(), language(), scale_of(surface))
        entry = self._layers.get(sizes)
        if entry is not None and entry.shape == shape and entry.same(state.board, skip, facts):
            return entry
        looks = self._looks_of(state, facts, skip)
        at = _layout(self.geo.half_rows, self.geo.cols, sizes, self.gap)
        local = BoardView(self.geo, pygame.Rect(0, 0, at.width, at.height), self.big, self.small, self.gap)
        local.share = self._share_for(sizes)
        if entry is not None and entry.shape == shape:
            changed = [i for i, (old, new) in enumerate(zip(entry.looks, looks, strict=True)) if old != new]
            if len(changed) <= PATCH_MOST:
                areas = local._patch(entry.layer, state, facts, skip, entry.looks, looks, changed)
                entry.update(state.board, skip, facts, looks, areas)
                return entry
            layer = entry.layer
            layer.fill((0, 0, 0, 0))
        else:
            # A new split (or language, or scale): the oldest layer's surface is reused when
            # two are kept already.
            spare = self._layers.pop(sizes, None)
            if spare is None and len(self._layers) >= 2:
                spare = self._layers.pop(next(iter(self._layers)))
            if spare is not None and spare.shape == shape:
                layer = spare.layer
                layer.fill((0, 0, 0, 0))
            else:
                layer = new_layer(surface, (local.rect.width, shape[0]), alpha=True)
        local.draw_background(layer)
        local.draw_paths(layer, state, facts)
        local.draw_tiles(layer, state, facts, skip)
        entry = self._layers[sizes] = _BoardLayer(layer, shape, state.board, skip, facts, looks)
        return entry

    def _looks(self, state: LightningState, facts: Facts, skip: frozenset[Cell]) -> tuple[_Look, ...]:
        """What each square of the board layer shows: its tile and the tile's colour (none on a
        ``skip`` square), and whose path tints it (:meth:`draw_paths`, :meth:`draw_tiles`)."""
        geo = self.geo
        tints: dict[Cell, tuple[int, ...]] = {}
        for player in (1, 2):
            for cell in facts.paths[player][1]:
                tints[cell] = (*tints.get(cell, ()), player)
        looks: list[_Look] = []
        for i, code in enumerate(state.board):
            cell = geo.cell(i)
            if code:
                looks.append((0, None, ()) if cell in skip else (code, self.stroke(cell, facts), ()))
            else:
                looks.append((0, None, tints.get(cell, ())))
        return tuple(looks)

    def _patch(self, layer: Target, state: LightningState, facts: Facts, skip: frozenset[Cell],
               before: tuple[_Look, ...], looks: tuple[_Look, ...], changed: list[int]) -> list[pygame.Rect]:
        """Draw again the squares ``changed`` of a layer of this view's size (``before``: what
        they showed), each exactly as the whole layer draws it: cleared, the background, the
        tint, the tile above's shadow and its own tile, in that order. A tile come or gone
        changes the shadow on the square below it (or the frame under the last square).
        Returns the areas drawn."""
        geo, layout = self.geo, self._layout
        cols = geo.cols
        areas: dict[int, pygame.Rect] = {}
        for i in changed:
            areas[i] = layout.rects[i]
            if bool(before[i][0]) != bool(looks[i][0]):
                if (i + 1) % cols:
                    areas[i + 1] = layout.rects[i + 1]
                else:  # the shadow falls on the frame, maybe on a label
                    below = layout.rects[i]
                    areas[-1 - i] = pygame.Rect(below.x, below.bottom, below.width, below.height // 18 + 3)
        clip = layer.get_clip()
        background = board_background(geo.half_rows, cols, self.sizes, self.gap)
        for index, area in areas.items():
            layer.set_clip(area)
            layer.fill((0, 0, 0, 0), area)
            layer.blit(background, (0, 0))
            if index < 0:  # under the last square of a row: the labels, then that square's tile
                self._draw_labels(layer)
                self._blit_tile(layer, -1 - index, looks)
                continue
            for player in looks[index][2]:
                layer.blit(_path_tint(self.cell_size(player) - 4, player), layout.rects[index].inflate(-4, -4))
            if index % cols:
                self._blit_tile(layer, index - 1, looks)
            self._blit_tile(layer, index, looks)
        layer.set_clip(clip)
        return list(areas.values())

    def _blit_tile(self, surface: Target, index: int, looks: tuple[_Look, ...]) -> None:
        """The tile of square ``index`` as ``looks`` says, on a layer of this view's size."""
        code, stroke, _tint = looks[index]
        if code and stroke is not None:
            rect = self._layout.rects[index].inflate(-2, -2)
            surface.blit(tile_image(VARIANTS[code - 1], stroke, rect.width), rect.topleft)

    def _draw_resizing(self, surface: Target, entry: _BoardLayer, rest: tuple[int, int]) -> None:
        """A frame of the halves growing and shrinking: the board's frame and labels drawn at the
        sizes of the moment, each half's squares (with their tints and tiles) taken from
        ``entry`` (the board with squares of ``rest``) and scaled to their size: two scaled
        copies instead of a new board for each size on the way (10-13 ms a frame at 1080p)."""
        layer = entry.layer
        layout = self._layout
        source = _layout(self.geo.half_rows, self.geo.cols, rest, self.gap)
        rect = self.rect
        # The night sky above and below the squares as it is at the end, with its stars and
        # "départ" labels (the width stays), but for the words "arrivée" under the centre line
        # (no star near them); between, the frame filled and outlined as board_background does.
        radius = max(8, max(rest) // 2)
        band = source.height - LABEL_BAND
        blit_area(surface, layer, rect.topleft, pygame.Rect(0, 0, layout.width, PAD))
        seam = PAD + self.geo.half_rows * rest[0] + self.gap // 2
        for left, right in ((0, seam - 60), (seam + 60, layout.width)):
            blit_area(surface, layer, (rect.x + left, rect.bottom - LABEL_BAND),
                      pygame.Rect(left, band, right - left, LABEL_BAND))
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(rect.x, rect.y + PAD, rect.width, rect.height - PAD - LABEL_BAND).clip(clip))
        draw.rect(surface, (20, 18, 44), rect, border_radius=radius)
        draw.rect(surface, (70, 62, 130), rect, 3, border_radius=radius)
        surface.set_clip(pygame.Rect(rect.x + seam - 60, rect.bottom - LABEL_BAND, 120, LABEL_BAND).clip(clip))
        draw.rect(surface, (20, 18, 44), rect, border_radius=radius)
        draw.rect(surface, (70, 62, 130), rect, 3, border_radius=radius)
        surface.set_clip(clip)
        halves = self._native_halves(entry, source)
        # Scaled in place, not through kiosk.canvas.scaled_copy: the halves, the scratch surface
        # and the screen are this view's and the frame thread's alone (a scene drawn ahead is on
        # no stack; one under a card drawn ahead is held, not drawn: kiosk/frames.py), and the
        # transform, which locks them, never meets another thread's blit of them.
        target, to_native = _native(surface)
        for player in (1, 2):
            size = self.cell_size(player)
            left, top = self.left + self._half_left(layout, player), self.top + layout.half_top(player)
            dest = to_native(pygame.Rect(left, top, self.geo.half_rows * size, self.geo.cols * size))
            image = halves[player]
            if dest.size == image.get_size():
                target.blit(image, dest)
                continue
            if _scales_onto(target, dest, image):
                # Scaled straight onto the screen (an opaque copy blitted is its pixels): one
                # copy of the half less at each frame of the resize.
                pygame.transform.scale(image, dest.size, target.subsurface(dest))
                continue
            scratch = self._scratch_for(halves, dest.size)
            pygame.transform.scale(image, dest.size, scratch)
            target.blit(scratch, dest)
        size = max(14, min(18, self.big // 2))
        ui.draw_text(surface, tr("lightning.arrival"), (self.seam_x, self.label_y), size, ARRIVAL, "bold", "center")

    def opaque_halves(self) -> list[pygame.Rect]:
        """Where :meth:`_draw_resizing` paints each half's squares, opaque (scaled copies of
        opaque pictures, every pixel of their rectangles): the screen rectangles of the squares."""
        return [self.half_rect(player) for player in (1, 2)]

    def _half_left(self, layout: _Layout, player: int) -> int:
        """x of ``player``'s squares inside the frame."""
        rows = range(self.geo.half_rows, self.geo.rows) if player == 1 else range(self.geo.half_rows)
        return min(layout.row_x(r) for r in rows)

    def _native_halves(self, entry: _BoardLayer, source: _Layout) -> dict[int, pygame.Surface]:
        """Each half's squares of ``entry``'s layer (laid out as ``source``), copied onto opaque
        surfaces kept by the view for that split (a scaled copy of an opaque picture is a quick
        pass; a new surface a layer would fault its pages in, a millisecond and more): copied
        whole once, then only the squares drawn again since."""
        found = self._halves.get(source.sizes)
        if found is not None and found[0] is entry and found[1] == entry.version:
            return found[2]
        native, to_native = _native(entry.layer)
        areas = entry.changed_since(found[1]) if found is not None and found[0] is entry else None
        halves = dict(found[2]) if found is not None else {}
        for player in (1, 2):
            size = source.sizes[player - 1]
            area = to_native(pygame.Rect(self._half_left(source, player), source.half_top(player),
                                         self.geo.half_rows * size, self.geo.cols * size))
            half = halves.get(player)
            if areas is not None and half is not None:
                for changed in areas:  # the squares are opaque: copies
                    part = to_native(changed).clip(area)
                    if part:
                        half.blit(native, (part.x - area.x, part.y - area.y), part)
                continue
            if half is None or half.get_size() != area.size:
                half = pygame.Surface(area.size)
                half = halves[player] = half.convert() if pygame.display.get_surface() else half
            half.blit(native, (0, 0), area)
            self.halves_copied += 1
        self._halves.pop(source.sizes, None)
        while len(self._halves) >= 2:  # two splits at most (hot-seat's), as the layers
            self._halves.pop(next(iter(self._halves)))
        self._halves[source.sizes] = (entry, entry.version, halves)
        return halves

    def _scratch_for(self, halves: dict[int, pygame.Surface], size: tuple[int, int]) -> pygame.Surface:
        """A part of one surface kept for the scaled halves (as big as the biggest half, in their
        format): no new surface at each frame."""
        image = halves[1]
        need = (max(size[0], *(h.get_width() for h in halves.values())),
                max(size[1], *(h.get_height() for h in halves.values())))
        scratch = self._scratch
        if scratch is None or scratch.get_width() < need[0] or scratch.get_height() < need[1]:
            scratch = self._scratch = pygame.Surface(need, 0, image)
        return scratch.subsurface(pygame.Rect((0, 0), size))

    def _tallest(self) -> int:
        """The board's height with its squares split the tallest way (``share`` 0, 1 or 0.5)."""
        geo = self.geo
        return max(_layout(geo.half_rows, geo.cols, sizes, self.gap).height
                   for sizes in ((self.big, self.small), (self.small, self.big), self.sizes))

    def seam_line(self) -> tuple[tuple[int, int], tuple[int, int], int]:
        """The golden centre line: its two ends and its width. It runs along the squares and
        stops at their foot, clear of the "arrivée" label centred under it."""
        seam, top = self.seam_x, self.top + PAD
        return (seam, top - 8), (seam, top + self._layout.squares_height), max(2, self.big // 10)

    def arrival_label_rect(self) -> pygame.Rect:
        """Where the "arrivée" label is written, centred on the centre line under the squares."""
        size = max(14, min(18, self.big // 2))
        return ui.text_surface(tr("lightning.arrival"), size, (0, 0, 0), "bold").get_rect(
            center=(self.seam_x, self.label_y))

    def draw_seam(self, surface: Target, time: float) -> None:
        """The golden centre line, glowing softly."""
        start, end, width = self.seam_line()
        draw.line(surface, self.seam_colour(time), start, end, width)

    @staticmethod
    def seam_colour(time: float) -> ui.Color:
        """The centre line's colour at ``time``: it glows softly, in steps (:func:`ui.glow_level`:
        at every frame it changed, and the game at rest was drawn at every frame, 1.2 ms)."""
        return ui.blend(GOLD, (255, 255, 255), 0.4 * ui.glow_level(time * 2))

    @staticmethod
    def legal_alpha(time: float) -> int:
        """How opaque the squares the tile in hand may go on are at ``time`` (they breathe, in
        steps: :func:`ui.glow_level`)."""
        return round(145 + 110 * ui.glow_level(time * 4))

    def draw_background(self, surface: Target) -> None:
        """The frame, the squares and the start/arrival labels."""
        geo = self.geo
        surface.blit(board_background(geo.half_rows, geo.cols, self.sizes, self.gap), (self.left, self.top))
        self._draw_labels(surface)

    def _draw_labels(self, surface: Target) -> None:
        """"départ" under each start row, "arrivée" under the centre line."""
        seam = self.seam_x
        size = max(14, min(18, self.big // 2))
        y = self.label_y
        for player, anchor in ((1, "midleft"), (2, "midright")):
            half = self.half_rect(player)
            x = half.left + 4 if player == 1 else half.right - 4
            ui.draw_text(surface, tr("lightning.start"), (x, y), size, PLAYER_LIGHT[player], "bold", anchor)
        ui.draw_text(surface, tr("lightning.arrival"), (seam, y), size, ARRIVAL, "bold", "center")

    def draw_paths(self, surface: Target, state: LightningState, facts: Facts) -> None:
        """Each half's shortest way still open, on its empty squares, lightly."""
        for player in (1, 2):
            tint = _path_tint(self.cell_size(player) - 4, player)
            for cell in facts.paths[player][1]:
                if not state.board[self.geo.index(cell)]:
                    surface.blit(tint, self.cell_rect(cell).inflate(-4, -4))

    def draw_legal(self, surface: Target, cells: Iterable[Cell], time: float) -> None:
        """The squares the tile in hand may go on, plainly: green insets that breathe."""
        alpha = self.legal_alpha(time)
        markers = {player: legal_marker(self.cell_size(player)) for player in (1, 2)}
        for marker in markers.values():
            marker.set_alpha(alpha)
        for cell in cells:
            surface.blit(markers[self.geo.owner(cell)], self.cell_rect(cell))

    def draw_tiles(self, surface: Target, state: LightningState, facts: Facts,
                   skip: frozenset[Cell] = frozenset()) -> None:
        """Every tile but those on ``skip``: joined to its player's start edge in that player's
        colour, else grey."""
        geo = self.geo
        layout = self._layout
        origin = (self.left, self.top)
        for i, code in enumerate(state.board):
            if not code:
                continue
            cell = geo.cell(i)
            if cell in skip:
                continue
            rect = layout.rects[i].move(origin).inflate(-2, -2)
            surface.blit(tile_image(VARIANTS[code - 1], self.stroke(cell, facts), rect.width), rect.topleft)

    def stroke(self, cell: Cell, facts: Facts) -> Color:
        """The colour of the tile on ``cell``: its half's player's when joined to their start
        edge (or on the winning path), else grey."""
        owner = self.geo.owner(cell)
        return PLAYER_COLORS[owner] if cell in facts.powered[owner] or cell in facts.winning else DEAD

    def draw_landing(self, surface: Target, state: LightningState, facts: Facts, cell: Cell,
                     scale: float) -> None:
        """The tile on ``cell`` landing: a little bigger, settling to its square."""
        tile = state.tile_at(cell)
        if tile is not None:
            rect = self.cell_rect(cell).inflate(-2, -2)
            draw_tile(surface, rect.inflate(rect.width * (scale - 1), rect.height * (scale - 1)), tile,
                      self.stroke(cell, facts))

    def draw_bolt(self, surface: Target, state: LightningState, cells: tuple[Cell, ...], reach: float,
                  time: float) -> None:
        """The winning chain as a lightning bolt running from the start edge to the centre line
        (``reach`` 0..1), flickering: a wide translucent gold glow under a white-hot core. Both
        are drawn once per bolt (:func:`bolt_pictures`); a frame blits them, the glow at the
        flicker's strength, as far as the bolt has come (to the edge of the last column of
        squares its front has passed)."""
        if not cells or state.winner is None:
            return
        winner = state.winner
        start = self.cell_rect((self.geo.start_row(winner), 0))
        end_x = self.cell_rect((self.geo.arrival_row(winner), 0)).centerx
        front = start.centerx + (end_x - start.centerx) * reach
        direction = 1 if end_x > start.centerx else -1
        if (start.centerx - front) * direction > 0:
            return
        # Where drawing on a layer and blitting it rounds as drawing on the screen (the core's
        # pixels are the ones drawn straight on the screen).
        area = aligned_box(self.half_rect(winner).inflate(40, 40), scale_of(surface))
        glow, cores = self._bolt_layers(scale_of(surface), state, cells, area)
        # The squares whose centre the front has passed: whole columns of them (the winner's
        # squares are all one size), up to the edge of the last one.
        size = start.width
        columns = math.floor(abs(front - start.centerx) / size + 1e-9) + 1
        shown = area.copy()
        if direction > 0:
            shown.width = start.x + columns * size - area.x
        else:
            shown.width = area.right - (start.right - columns * size)
            shown.x = area.right - shown.width
        shown = shown.clip(area).move(-area.x, -area.y)
        _native(glow)[0].set_alpha(self.bolt_alpha(time))
        blit_area(surface, glow, (area.x + shown.x, area.y + shown.y), shown)
        blit_area(surface, cores, (area.x + shown.x, area.y + shown.y), shown)

    @staticmethod
    def bolt_alpha(time: float) -> int:
        """How opaque the bolt's glow is at ``time``: it flickers."""
        return round(255 * (0.6 + 0.4 * abs(math.sin(time * 11)) * abs(math.sin(time * 4.3))))

    def prepare_bolt(self, scale: float, state: LightningState, cells: tuple[Cell, ...]) -> None:
        """Draw ahead the pictures :meth:`draw_bolt` will blit for this win on a screen of
        ``scale`` (off the frame loop: 3-11 ms at 1080p on the frame of the win otherwise)."""
        if cells and state.winner is not None:
            self._bolt_layers(scale, state, cells, aligned_box(self.half_rect(state.winner).inflate(40, 40), scale))

    def _bolt_layers(self, scale: float, state: LightningState, cells: tuple[Cell, ...], area: pygame.Rect
                     ) -> tuple[Target, Target]:
        """The bolt over the ``area`` of its half: its glow and its core (:func:`bolt_pictures`)."""
        strokes = []
        for cell in cells:
            tile = state.tile_at(cell)
            assert tile is not None
            points = stroke_points(tile, self.cell_rect(cell).inflate(-2, -2))
            strokes.append(tuple((x - area.x, y - area.y) for x, y in points))
        return bolt_pictures(tuple(strokes), self.cell_size(state.winner or 1), area.size, scale)

    def draw_ghost(self, surface: Target, cell: Cell, tile: Tile, legal: bool) -> None:
        """The tile in hand over ``cell``: green where it may go, red where it may not."""
        size = self.cell_size(self.geo.owner(cell))
        rect = self.cell_rect(cell).inflate(size // 5, size // 5)
        color = theme.GOOD if legal else theme.BAD
        ghost = tile_image(tile, color, rect.width, LEGAL_FACE if legal else ILLEGAL_FACE)
        ghost.set_alpha(225)  # its own image: the ghost's colours are used nowhere else
        surface.blit(ghost, rect)
        draw.rect(surface, color, rect.inflate(6, 6), 4, border_radius=max(6, size // 5))

    def draw_cross(self, surface: Target, cell: Cell) -> None:
        """A red cross on ``cell`` (the rules: a blocked way)."""
        size = self.cell_size(self.geo.owner(cell))
        r = self.cell_rect(cell).inflate(-size // 4, -size // 4)
        width = max(3, size // 8)
        draw.line(surface, theme.BAD, r.topleft, r.bottomright, width)
        draw.line(surface, theme.BAD, r.topright, r.bottomleft, width)


@budgeted(8 * MB, scope='lightning')
def bolt_pictures(strokes: tuple[tuple[Point, ...], ...], size: int, area: tuple[int, int], scale: float
                  ) -> tuple[Canvas, Canvas]:
    """A winning bolt's ``strokes`` (each tile's, in a box of logical ``area`` size) for squares
    of ``size``: its glow (a wide gold line under a narrower one, see-through, at full strength)
    and its white-hot core, each on a layer of its own, drawn once per bolt (the game's, a rules
    page's): a frame blits them."""
    glow = make_layer(area, scale, alpha=True)
    cores = make_layer(area, scale, alpha=True)
    wide, mid = max(6, size * 2 // 5), max(4, size // 4)
    for points in strokes:
        local = list(points)
        polyline(glow, (*GOLD, 110), local, wide)
        polyline(glow, (*GOLD, 200), local, mid)
        polyline(cores, (255, 255, 236), local, max(2, size // 12))
    return glow, cores


def _scales_onto(target: pygame.Surface, dest: pygame.Rect, image: pygame.Surface) -> bool:
    """Whether ``image`` may be scaled straight into ``dest`` of ``target``: inside its clip
    (scaling writes every pixel of ``dest``) and of the same pixel format."""
    return target.get_clip().contains(dest) and target.get_bitsize() == image.get_bitsize() \
        and target.get_masks() == image.get_masks()


def _native(target: Target) -> tuple[pygame.Surface, Callable[[pygame.Rect], pygame.Rect]]:
    """``target``'s pixels and how a logical rectangle maps onto them."""
    if isinstance(target, Canvas):
        return target.target, target.to_native_rect
    return target, pygame.Rect


def blit_area(target: Target, source: Target, dest: tuple[int, int], area: pygame.Rect) -> None:
    """The logical ``area`` of ``source`` (a layer made for ``target``) blitted at ``dest``."""
    if isinstance(target, Canvas):
        target.blit(source, dest, area)
    elif isinstance(source, Canvas):
        target.blit(source.target, dest, source.to_native_rect(area))
    else:
        target.blit(source, dest, area)


@budgeted(2 * MB, scope='lightning')
def mini_facts(state: LightningState) -> Facts:
    """A small board's facts, once per picture (the rules pages redraw 60 times a second)."""
    return Facts.of(state)


def draw_mini_board(
    surface: Target,
    rect: pygame.Rect,
    state: LightningState,
    time: float,
    legal: frozenset[Cell] = frozenset(),
    ghost: tuple[Cell, Tile, bool] | None = None,
    cross: Cell | None = None,
) -> BoardView:
    """A whole small board drawn like the big one, fitted in ``rect`` (the rules' pictures)."""
    view = BoardView.fit(state.geo, rect)
    facts = mini_facts(state)
    view.draw_background(surface)
    view.draw_paths(surface, state, facts)
    view.draw_seam(surface, time)
    view.draw_legal(surface, legal, time)
    view.draw_tiles(surface, state, facts)
    view.draw_bolt(surface, state, facts.winning, 1.0, time)
    if cross is not None:
        view.draw_cross(surface, cross)
    if ghost is not None:
        view.draw_ghost(surface, *ghost)
    return view
