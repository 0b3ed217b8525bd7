"""Lightning's board off the screen: the printed mat of square cells, tiles laid on it, the
"tile in hand" spot and the reserve slots beside it, and the LED table that holds the two
halves side by side.

On a real table the draw pile is a bag: nobody knows a drawn tile until it is seen. A tile shown
on the hand spot, or laid on the mat, tells which design was drawn (a pool take with a known
design, ``pool Z``); a drawn tile put in a reserve slot is a shelve; a tile missing from the
reserve slots was taken from the reserve.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from games.boards import (
    A3_PORTRAIT,
    EMPTY,
    UNKNOWN,
    BoardDescription,
    Cell,
    Fix,
    Grid,
    MatLayout,
    Mistake,
    Picture,
    Point,
    Sentence,
    Step,
    Step2,
    TileFace,
    cell_name_labels,
    corner_markers,
    grid_diff,
)
from games.effects import RGB
from games.lightning.rules import (
    COLS,
    DESIGNS,
    HALF_ROWS,
    SHELVE,
    VARIANTS,
    LightningState,
    Place,
    Take,
    geometry,
    powered_cells,
    winning_cells,
)
from games.lightning.tiles import DESIGNS as TILE_TABLE
from games.lightning.tiles import POINTS, Tile, all_tiles, distinct_rotations, rotate_point

#: The spot where a player shows the tile just drawn, and the reserve's readable slots
#: (``reserve0``, ``reserve1``...: any spot whose name starts with ``reserve``; the mat decides
#: how many it prints, and a reading says how many it read). The reserve held up to 28 tiles in
#: simulated games; a reserve larger than its slots is checked as far as the slots go, and a tile
#: taken from it is then only seen when a slot empties.
HAND = "hand"
RESERVE = "reserve"
#: The spot of a picture that says how many reserve slots were read.
SLOTS = "slots"
RESERVE_SLOTS = 30

#: The printed mats' ArUco markers (top-left, top-right, bottom-right, bottom-left; the
#: children's mat has four on each sheet): mats already printed carry them, so they never change.
MARKER_IDS = (4, 5, 6, 7)
KIDS_MARKER_IDS = ((8, 9, 10, 11), (12, 13, 14, 15))
#: The standard mat's cells: 34 of them must fit along the A3 sheet with room for the markers;
#: a tile is a little smaller than its cell so that it drops in without a fight.
CELL_MM, TILE_MM = 10.5, 9.8
#: The children's mat: one half per A3 sheet, cells of 21 mm for tiles of 20 mm.
KIDS_CELL_MM, KIDS_TILE_MM = 21.0, 20.0
#: A pale frame per design (RGB): an orientation-free way for people to sort the tiles.
DESIGN_TINTS: dict[str, RGB] = {
    "I": (120, 170, 200),
    "D": (120, 190, 120),
    "L": (230, 160, 110),
    "Z": (200, 140, 190),
    "S": (220, 200, 120),
}
#: The Z bolt at rotation 0, from N to SE, kinking towards the centre (away from E).
_BOLT_Z = ((0.5, 0.0), (0.42, 0.58), (0.64, 0.44), (1.0, 1.0))


class LightningBoard(BoardDescription):
    """The mat: ``2 * half_rows`` rows (player 2's half on top) by ``cols`` columns; a cell
    holds nothing or one tile, coded design + rotation (``"Z3"``)."""

    game = "lightning"
    pieces = "tiles"
    spots = (HAND, *(f"{RESERVE}{k}" for k in range(RESERVE_SLOTS)))
    mat_variants = ("standard", "kids")

    def __init__(self, half_rows: int = HALF_ROWS, cols: int = COLS) -> None:
        self.half_rows = half_rows
        # The LED table lays the halves side by side (Geometry.side_by_side): H x 2C.
        super().__init__(2 * half_rows, cols, led_rows=half_rows, led_cols=2 * cols)

    # --- the printed mat ----------------------------------------------------------------------

    def mat(self, variant: str = "standard") -> MatLayout:
        """``standard``: one A3 sheet, the halves facing each other across the centre line, the
        hand spot and the reserve's slots beside it; ``kids``: one half per A3 sheet, 21 mm cells
        for 20 mm tiles."""
        if variant not in self.mat_variants:
            raise ValueError(f"the {self.game} mat comes as {' or '.join(self.mat_variants)}, not '{variant}'")
        return _mat(self.half_rows, self.cols, variant)

    def tile_faces(self) -> tuple[TileFace, ...]:
        """Every distinct tile (design and rotation), drawn from the tile table."""
        return _tile_faces()

    def start_grid(self) -> Grid:
        """The empty mat: how every game starts."""
        return self.empty_grid()

    def expected(self, state: LightningState) -> Grid:
        """Each cell's tile code, or ``.``."""
        board = state.board
        return tuple(
            tuple(str(VARIANTS[code - 1]) if (code := board[r * self.cols + c]) else EMPTY for c in range(self.cols))
            for r in range(self.rows)
        )

    def successors(self, state: LightningState) -> list[tuple[Any, Grid]]:
        """With a tile in hand: every legal placement and its grid (taking a tile or shelving
        it changes nothing on the mat)."""
        if state.hand is None or state.is_terminal():
            return []
        before = self.expected(state)
        result: list[tuple[Any, Grid]] = []
        for move in state.legal_moves():
            if isinstance(move, Place):
                rows = [list(row) for row in before]
                rows[move.cell[0]][move.cell[1]] = f"{state.hand}{move.rotation}"
                result.append((move, tuple(tuple(row) for row in rows)))
        return result

    # --- the physical table ------------------------------------------------------------------

    def read(self, grid: Sequence[Sequence[str]], spots: Mapping[str, Any] | None = None) -> Picture:
        """A reading in normal form: the mat's cells as read, the hand spot's design (``.``
        empty, ``?`` unreadable) and the reserve's designs sorted (which slot holds a tile does
        not matter). ``spots`` is vision's ``{"hand": "Z", "reserve": ["D", ".", ...]}`` or a
        code per spot name."""
        spots = spots or {}
        if SLOTS in spots:
            # A picture's own spots read back (a record's reading): already in normal form.
            seen_reserve = "".join(sorted(str(spots.get(RESERVE, ""))))
            kept = ((HAND, _design(str(spots.get(HAND, EMPTY)))), (RESERVE, seen_reserve), (SLOTS, str(spots[SLOTS])))
            return Picture(tuple(tuple(row) for row in grid), kept)
        hand = _design(str(spots.get(HAND, EMPTY)))
        listed = spots.get(RESERVE)
        # vision gives {"hand": "Z", "reserve": ["D", ".", ...]}; a table may name each slot.
        slots = [str(code) for code in listed] if isinstance(listed, list | tuple) else [
            str(code) for name, code in spots.items() if name.startswith(RESERVE)]
        reserve = sorted(d for code in slots if (d := _design(code)) != EMPTY)
        found = ((HAND, hand), (RESERVE, "".join(reserve)), (SLOTS, str(len(slots) if slots else RESERVE_SLOTS)))
        return Picture(tuple(tuple(row) for row in grid), found)

    def slots(self, picture: Picture, names: tuple[str, ...] | None = None) -> dict[str, str]:
        """The hand spot's tile, then the reserve's tiles in the slots ``names`` in order (the
        description's own by default; a tile beyond the last slot lies where the camera does not
        read it)."""
        found = {HAND: _tile_code(picture.spot(HAND))}
        reserve = picture.spot(RESERVE, "")
        names = names if names is not None else self.spots[1:]
        for k, name in enumerate(names):
            found[name] = _tile_code(reserve[k]) if k < len(reserve) else EMPTY
        return found

    def spot_picture(self, state: LightningState) -> tuple[tuple[str, str], ...]:
        """The tile in hand on the hand spot, the reserve's tiles in its slots."""
        reserve = "".join(d * n for d, n in zip(DESIGNS, state.reserve, strict=True))
        return ((HAND, state.hand or EMPTY), (RESERVE, "".join(sorted(reserve))))

    def shows(self, state: LightningState, seen: Picture) -> bool:
        """The mat as expected; the tile in hand on its spot or still in the player's hand; the
        reserve as expected (as far as its slots go)."""
        if seen.grid != self.expected(state):
            return False
        if seen.spot(HAND) not in (EMPTY, state.hand or EMPTY):
            return False
        return _reserve_fits(self.spot_picture(state)[1][1], seen.spot(RESERVE), _slots(seen))

    def steps(self, state: LightningState, seen: Picture) -> list[Step]:
        """The steps that could explain ``seen``: a draw (from the bag or the reserve) of a
        design seen somewhere, alone, laid on a cell where a new tile is seen, or shelved; or,
        with a tile in hand, its placement or shelving."""
        if state.is_terminal():
            return []
        before = self.expected(state)
        if len(seen.grid) != len(before) or any(len(a) != len(b) for a, b in zip(seen.grid, before, strict=True)):
            return []
        laid = [(cell, code) for cell in grid_diff(before, seen.grid)
                if before[cell[0]][cell[1]] == EMPTY and (code := seen.grid[cell[0]][cell[1]]) not in (EMPTY, UNKNOWN)]
        if state.hand is not None:
            return self._finish_turn((), state, laid)
        pool, reserve = state.pool_counts(), state.reserve_counts()
        # A design drawn shows up somewhere: laid, on the hand spot, shelved; a tile taken from
        # the reserve may also still be in the player's hand.
        seen_designs = {code[0] for _, code in laid} | set(seen.spot(HAND)) | set(seen.spot(RESERVE))
        seen_designs |= {design for design, count in reserve.items() if count}
        result: list[Step] = []
        # A reserve larger than its slots: a take from it shows only when a slot empties.
        slots = _slots(seen)
        hidden = state.reserve_size > slots and len(seen.spot(RESERVE)) >= slots
        for design in sorted(seen_designs & set(DESIGNS)):
            takes = [Take("pool", design)] if pool[design] else []
            if reserve[design] and state.room_to_place() and not (hidden and pool[design]):
                takes.append(Take("reserve", design))
            for take in takes:
                held = state.play(take)
                result.append(((take,), held))
                result += self._finish_turn((take,), held, laid)
        return result

    @staticmethod
    def _finish_turn(moves: tuple[Any, ...], held: LightningState, laid: list[tuple[Cell, str]]) -> list[Step]:
        result: list[Step] = []
        for cell, code in laid:
            if code[0] != held.hand or not code[1:].isdigit():
                continue
            place = Place(cell, int(code[1:]) % distinct_rotations(code[0]))
            if held.why_illegal(place) is None:
                result.append(((*moves, place), held.play(place)))
        if held.hand_source == "pool":
            result.append(((*moves, SHELVE), held.play(SHELVE)))
        return result

    def needs_reveal(self, state: LightningState, move: Any) -> bool:
        """A draw from the bag: only the table knows which tile came out."""
        return isinstance(move, Take) and move.source == "pool" and move.design is None

    def reveal(self, state: LightningState, move: Any, seen: Picture) -> Any | None:
        """The draw made for the computer, once its tile is shown on the hand spot (the mat and
        the reserve untouched)."""
        design = seen.spot(HAND)
        if not self.needs_reveal(state, move) or design not in DESIGNS or not state.pool_counts()[design]:
            return None
        expected_reserve = self.spot_picture(state)[1][1]
        if seen.grid != self.expected(state) or not _reserve_fits(expected_reserve, seen.spot(RESERVE), _slots(seen)):
            return None
        return Take("pool", design)

    def piece_key(self, code: str) -> str:
        """Tiles are named by their design (``lightning.piece.Z``)."""
        return f"lightning.piece.{code[:1]}"

    def same_piece(self, want: str, have: str) -> bool:
        """The same design turned another way."""
        return want[:1] == have[:1] and want != have

    def spot_fixes(self, target: Picture, seen: Picture) -> list[Fix]:
        """The hand spot (a tile that is not the one in hand) and the reserve (tiles missing or
        too many, by design)."""
        result = []
        want, have = target.spot(HAND), seen.spot(HAND)
        if have != EMPTY and have != want:
            if have == UNKNOWN:
                result.append(Fix(HAND, want, have, Sentence("physical.fix.hand.unknown"), "remove"))
            else:
                words = (("piece", f"{self.piece_key(have)}.the"),)
                result.append(Fix(HAND, want, have, Sentence("physical.fix.hand.remove", words), "remove"))
        expected, found = Counter(target.spot(RESERVE)), Counter(seen.spot(RESERVE))
        if not _reserve_fits(target.spot(RESERVE), seen.spot(RESERVE), _slots(seen)):
            for design in sorted((expected - found).elements()):
                words = (("piece", f"{self.piece_key(design)}.a"),)
                result.append(Fix(RESERVE, design, EMPTY, Sentence("physical.fix.reserve.put", words)))
            for design in sorted((found - expected).elements()):
                if design == UNKNOWN:
                    result.append(Fix(RESERVE, EMPTY, design, Sentence("physical.fix.reserve.unknown"), "remove"))
                else:
                    words = (("piece", f"{self.piece_key(design)}.the"),)
                    result.append(Fix(RESERVE, EMPTY, design, Sentence("physical.fix.reserve.remove", words), "remove"))
        return result

    def guide(self, state: LightningState, move: Any) -> Sentence:
        """Take a tile from the reserve, lay the tile in hand (its cell, the turn shown on the
        screen), or put it in the reserve, for the computer."""
        if isinstance(move, Take):
            key = "lightning.physical.draw" if move.source == "pool" else "lightning.physical.take"
            return Sentence(key, (("piece", f"{self.piece_key(move.design or '')}.the"),) if move.design else ())
        if isinstance(move, Place):
            words = (("piece", f"{self.piece_key(state.hand or '')}.the"),)
            return Sentence("lightning.physical.place", words, (("to", self.cell_label(move.cell)),))
        return Sentence("lightning.physical.shelve", (("piece", f"{self.piece_key(state.hand or '')}.the"),))

    def move_cells(self, state: LightningState, move: Any) -> tuple[Cell | None, Cell | None]:
        """A placement lands on its cell; taking or shelving touches no cell of the mat."""
        return (None, move.cell) if isinstance(move, Place) else (None, None)

    def legal_cells(self, state: LightningState) -> list[Cell]:
        """Where the tile in hand may go (nothing before a tile is taken)."""
        return state.legal_cells() if state.hand is not None and not state.is_terminal() else []

    def led_cell(self, cell: Cell) -> Cell:
        """Player 2's half on the left of the LED table, player 1's on the right."""
        return geometry(self.half_rows, self.cols).side_by_side(cell)

    # --- a scripted visitor at the table (games/visitor.py) ---------------------------------

    def visitor_step(self, state: LightningState, choose: Callable[[Any], Any], rng: random.Random) -> Step2:
        """A turn at the table: with no tile in hand, a draw (now and then from the reserve, else
        out of the real bag), then ``choose``'s move for the tile; with one, that move."""
        if state.hand is None:
            reserve = [d for d, n in state.reserve_counts().items() if n]
            # Beyond its slots the reserve is a pile the camera does not read: take from the bag.
            overflow = state.reserve_size > RESERVE_SLOTS and state.pool_size
            if reserve and state.room_to_place() and not overflow and (not state.pool_size or rng.random() < 0.25):
                take = Take("reserve", rng.choice(reserve))
            else:
                take = Take("pool", draw_from_bag(state, rng))
            held = state.play(take)
            move = choose(held)
            return (take, move), (state, held, held.play(move))
        move = choose(state)
        return (move,), (state, state.play(move))

    def visitor_shows_first(self, moves: tuple[Any, ...], rng: random.Random) -> str | None:
        """A drawn tile is shown on the hand spot first, about one time in three."""
        return HAND if len(moves) == 2 and rng.random() < 0.3 else None

    def visitor_mistake(self, fault: str, state: LightningState, table: Picture,
                        rng: random.Random) -> Mistake | None:
        """``turn`` a tile turned by a sleeve; ``illegal`` the tile in hand (drawn now if need
        be) laid on an empty cell where it may not go."""
        grid = [list(row) for row in table.grid]
        pieces = [(r, c) for r, row in enumerate(grid) for c, code in enumerate(row) if code not in (EMPTY, " ")]
        if fault == "turn":
            tiles = [(r, c) for r, c in pieces if grid[r][c][0] in "LZS"]
            if not tiles:
                return None
            r, c = rng.choice(tiles)
            grid[r][c] = f"{grid[r][c][0]}{(int(grid[r][c][1]) + 1) % 4}"
            return Mistake(Picture(tuple(map(tuple, grid)), table.spots), (), (r, c))
        if fault == "illegal":
            held = state.play(Take("pool", draw_from_bag(state, rng))) if state.hand is None else state
            cells = [(r, c) for r, row in enumerate(grid) for c, code in enumerate(row) if code != " "]
            free = [cell for cell in cells if grid[cell[0]][cell[1]] == EMPTY and not held.can_place_on(cell)]
            if not free:
                return None
            cell = rng.choice(free)
            grid[cell[0]][cell[1]] = f"{held.hand}0"
            return Mistake(Picture(tuple(map(tuple, grid)), table.spots), (), cell)
        return None

    def visitor_draw(self, state: LightningState, rng: random.Random) -> tuple[dict[str, str], Any]:
        """A tile out of the real bag for the computer, shown on the hand spot."""
        design = draw_from_bag(state, rng)
        return {HAND: design}, Take("pool", design)

    def state_roles(self, state: LightningState) -> dict[Cell, str]:
        """Live tiles in their player's colour, the winning bolt lit."""
        if not state.placed:
            return {}  # an empty mat (and no path search, whose tables a first game would build)
        geo = state.geo
        roles: dict[Cell, str] = {}
        for player in (1, 2):
            roles.update(dict.fromkeys(powered_cells(geo, state.board, player), f"player{player}"))
        if state.winner is not None:
            roles.update(dict.fromkeys(winning_cells(geo, state.board, state.winner), "win"))
        return roles


def draw_from_bag(state: LightningState, rng: random.Random) -> str:
    """A tile out of the real bag: it holds what the pool holds."""
    counts = state.pool_counts()
    designs = [d for d, n in counts.items() if n]
    return rng.choices(designs, weights=[counts[d] for d in designs])[0]


def _design(code: str) -> str:
    """A tile code's design letter (``.`` for nothing, ``?`` for something unreadable)."""
    if code in (EMPTY, "", UNKNOWN):
        return code or EMPTY
    return code[0] if code[0] in DESIGNS else UNKNOWN


def _tile_code(design: str) -> str:
    """A design as a tile code a camera could read (any rotation will do: spots keep designs)."""
    return f"{design}0" if design in DESIGNS else design or EMPTY


def _slots(seen: Picture) -> int:
    """How many reserve slots the camera read (the mat's count)."""
    text = seen.spot(SLOTS, str(RESERVE_SLOTS))
    return int(text) if text.isdigit() else RESERVE_SLOTS


def _reserve_fits(expected: str, seen: str, slots: int = RESERVE_SLOTS) -> bool:
    """True when the ``slots`` reserve slots seen hold the reserve expected: exactly, or, when
    the reserve outgrew its slots, every slot full with tiles of the reserve."""
    if len(expected) <= slots:
        return sorted(seen) == sorted(expected)
    return len(seen) == slots and not Counter(seen) - Counter(expected)


@cache
def _tile_faces() -> tuple[TileFace, ...]:
    tiles = all_tiles()
    return tuple(TileFace(str(tile), tile.design, stroke_points(tile), DESIGN_TINTS[tile.design]) for tile in tiles)


def _point_xy(point: str) -> Point:
    """Unit-square coordinates of a boundary point (x right, y down)."""
    index = POINTS.index(point)
    angle = index * math.pi / 4
    if index % 2 == 0:  # edge midpoints
        return (0.5 + 0.5 * math.sin(angle), 0.5 - 0.5 * math.cos(angle))
    return (0.5 + 0.5 * _sign(math.sin(angle)), 0.5 - 0.5 * _sign(math.cos(angle)))


def _sign(value: float) -> float:
    return 1.0 if value > 0 else -1.0 if value < 0 else 0.0


def stroke_points(tile: Tile, samples: int = 24) -> tuple[Point, ...]:
    """The tile's stroke as a polyline in unit-square coordinates (x right, y down).

    Straight designs are one segment; ``L`` is a quarter arc round the corner between its two
    edge midpoints; ``Z`` and ``S`` bend once, like a lightning bolt. All of it comes from the
    tile table, rotated as the tile is.
    """
    a, b = TILE_TABLE[tile.design]
    pa = _point_xy(rotate_point(a, tile.rotation))
    pb = _point_xy(rotate_point(b, tile.rotation))
    if tile.design == "L":
        corner = (pa[0] + pb[0] - 0.5, pa[1] + pb[1] - 0.5)
        # A quarter circle of radius 1/2 around the shared corner.
        va = (pa[0] - corner[0], pa[1] - corner[1])
        vb = (pb[0] - corner[0], pb[1] - corner[1])
        start = math.atan2(va[1], va[0])
        turn = math.atan2(va[0] * vb[1] - va[1] * vb[0], va[0] * vb[0] + va[1] * vb[1])
        steps = [k * (1.0 / (samples - 1)) for k in range(samples - 1)] + [1.0]
        return tuple(
            (corner[0] + 0.5 * math.cos(start + t * turn), corner[1] + 0.5 * math.sin(start + t * turn)) for t in steps
        )
    if tile.design in "ZS":
        # A bolt: down from the first point, a short step back across the centre, on to the second.
        bolt = _BOLT_Z if tile.design == "Z" else tuple((1.0 - x, y) for x, y in _BOLT_Z)
        for _ in range(tile.rotation):
            bolt = tuple((1.0 - y, x) for x, y in bolt)  # a clockwise quarter turn
        ends = (bolt[0], pa), (bolt[-1], pb)
        assert all(math.dist(p, q) < 1e-9 for p, q in ends), "bolt drawing disagrees with the tile table"
        return bolt
    return (pa, pb)


@cache
def _mat(half_rows: int, cols: int, variant: str) -> MatLayout:
    """The mat's geometry (see :meth:`LightningBoard.mat`)."""
    rows = 2 * half_rows
    page = A3_PORTRAIT
    if variant == "standard":
        # One continuous grid, the two halves facing each other across the centre line (rows
        # 0..16 player 2's, sitting at the top edge; 17..33 player 1's, at the bottom edge), as
        # in the rules. Beside the grid, level with the centre line so both players reach them
        # as easily (and no arm crosses the mat or a marker): the spot for the tile in hand, and
        # the reserve's slots centred on the same line.
        cell = CELL_MM
        x0, y0 = 44.0, (page[1] - rows * cell) / 2
        origins = tuple(tuple((x0 + c * cell, y0 + r * cell) for c in range(cols)) for r in range(rows))
        markers = corner_markers(MARKER_IDS, page, 24.0, 8.0)
        middle = y0 + half_rows * cell  # the centre line
        spots = [(HAND, 0, 148.0, middle - cell / 2)]
        pitch = 19.0
        top = middle - (5 * pitch + cell) / 2  # six rows of slots, centred on the line
        for k in range(18):
            row, col = divmod(k, 3)
            spots.append((f"{RESERVE}{k}", 0, 180.0 + col * pitch, top + row * pitch))
        lines = ((0, (x0 - 4, middle), (x0 + cols * cell + 4, middle)),)
        # The cells' names as the screen says them ("a34"): letters above and below the grid
        # (a player at each end), numbers on its left, from 7 mm out (beyond the reader's paper
        # ring, 4.4 mm out).
        names = cell_name_labels(rows, cols, rows, (x0, y0), cell, 0, 7.0, 3.0, letters=("top", "bottom"))
        labels = (*_spot_labels(spots, cell, 1), ("LIGHTNING", 0, (21.0, page[1] / 2), 6.0, True))
        return MatLayout(game="lightning", rows=rows, cols=cols, page=page, cell=cell, origins=origins,
                         markers=markers, blocks=((x0, y0, cols * cell, rows * cell),), sheet_markers=(MARKER_IDS,),
                         block_sheet=(0,), spots=tuple(spots), variant=variant, tile_mm=TILE_MM,
                         tile_faces=_tile_faces(), lines=lines, labels=labels, marked_spots=(HAND,),
                         cell_names=names)
    # Children's mat: sheet 0 holds rows 0..16 (player 2's half) ending at its bottom edge,
    # sheet 1 rows 17..33 starting at its top edge: laid end to end the halves face each other.
    cell = KIDS_CELL_MM
    x0 = (page[0] - cols * cell) / 2
    top_y = page[1] - 10.0 - half_rows * cell  # sheet 0: grid down to 10 mm from the bottom edge
    bottom_y = 10.0  # sheet 1: grid from 10 mm below the top edge
    origins = tuple(
        tuple((x0 + c * cell, (top_y + r * cell) if r < half_rows else (bottom_y + (r - half_rows) * cell))
              for c in range(cols))
        for r in range(rows)
    )
    markers = corner_markers(KIDS_MARKER_IDS[0], page, 24.0, 8.0) + corner_markers(KIDS_MARKER_IDS[1], page, 24.0, 8.0)
    blocks = ((x0, top_y, cols * cell, half_rows * cell), (x0, bottom_y, cols * cell, half_rows * cell))
    left, right = 8.0 + 3.0, page[0] - 8.0 - 3.0 - cell
    # The hand spot on Red's sheet by the centre line; the reserve's slots along both sheets'
    # sides from the centre line outwards (sheet 0's mirror sheet 1's), so both players reach them.
    spots = [(HAND, 1, left, 50.0)]
    k = 0
    for sheet in (0, 1):
        for x in (left, right):
            for j in range(5):
                y = 60.0 + (j + (1 if sheet == 1 and x == left else 0)) * 28.0
                if sheet == 0:
                    y = page[1] - cell - 60.0 - j * 28.0
                if y + cell > page[1] - 40:
                    continue
                spots.append((f"{RESERVE}{k}", sheet, x, y))
                k += 1
    # The centre line: the grid's edge that meets the other sheet; each sheet's number along its
    # outer edge.
    edge = top_y + half_rows * cell
    right_x = x0 + cols * cell + 4
    kids_lines = ((0, (x0 - 4, edge), (right_x, edge)), (1, (x0 - 4, bottom_y), (right_x, bottom_y)))
    # The cells' names, on each sheet: letters along its outer edge, numbers on the left, from
    # 1.2 mm out and within 6 mm (the paper ring lies 8.8 mm out).
    names = (*cell_name_labels(half_rows, cols, rows, (x0, top_y), cell, 0, 1.2, 2.5, letters=("top",)),
             *cell_name_labels(half_rows, cols, rows, (x0, bottom_y), cell, 1, 1.2, 2.5, letters=("bottom",),
                               first_row=half_rows))
    labels = (*_spot_labels(spots, cell, 2),
              *((f"LIGHTNING {sheet + 1}/2", sheet, (page[0] / 2, 5.5 if sheet == 0 else page[1] - 5.0), 4.0, False)
                for sheet in (0, 1)))
    return MatLayout(game="lightning", rows=rows, cols=cols, page=page, cell=cell, origins=origins, markers=markers,
                     blocks=blocks, sheet_markers=KIDS_MARKER_IDS, block_sheet=(0, 1), spots=tuple(spots),
                     variant=variant, tile_mm=KIDS_TILE_MM, tile_faces=_tile_faces(), lines=kids_lines, labels=labels,
                     marked_spots=(HAND,), cell_names=names)


def _spot_labels(
    spots: list[tuple[str, int, float, float]], cell: float, sheets: int
) -> list[tuple[str, int, Point, float, bool]]:
    """The words above the hand spot and above the first reserve slot of each sheet."""
    labels = []
    for sheet in range(sheets):
        on_sheet = [(name, x, y) for name, s, x, y in spots if s == sheet]
        for name, x, y in on_sheet:
            first_slot = next(n for n, _, _ in on_sheet if n.startswith(RESERVE))
            if name in (HAND, first_slot):
                text = "MAIN / HAND" if name == HAND else "RESERVE"
                labels.append((text, sheet, (x + cell / 2, y - 5.0), 3.5, False))
    return labels


def board_for(state: LightningState) -> LightningBoard:
    """The board description of ``state``'s board size."""
    return LightningBoard(state.half_rows, state.cols)


def default_board() -> LightningBoard:
    """The real game's mat: two halves of 17 x 8."""
    return LightningBoard()
