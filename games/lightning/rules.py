"""Lightning (Harry A. Doty's 1892 patent): the rules, pure Python (no pygame).

Board geometry (the printed mat and the vision reader follow it; see ``docs/lightning.md``):

* One grid of ``2 * H`` rows by ``C`` columns (the real game: H = 17, C = 8, 272 squares),
  rows numbered from 0 at the top, columns from 0 at the left, cell ``(row, col)``.
* Player 2 owns the top half, rows ``0 .. H-1``; player 1 the bottom half, rows ``H .. 2H-1``.
  Each player sits at the outer short edge of their half: player 1's **start row** is the
  bottom row ``2H-1`` and player 2's is the top row ``0``; the **arrival rows** are the two
  rows that meet at the centre line (``H`` for player 1, ``H-1`` for player 2).
* A tile's segment joins two of its eight boundary points (edge midpoints N E S W, corners NE
  SE SW NW, north = towards row 0). Points are shared: an edge midpoint by the two cells of
  that edge, a corner by up to four cells. Two segments connect when they end at the same point.
* A player connects when a chain of segments **on their own half** (whoever laid them) joins a
  point of the *outer edge* of one of their start squares to a point of the *far edge* of one
  of their arrival squares. An edge's points are its midpoint **and its two corners**: a
  diagonal tile ending at a corner of the board's edge counts. The outer edge of player 1's
  start squares is the board's bottom edge, of player 2's its top edge; the far edge of both
  players' arrival squares is the centre line. Segments on the other half never count,
  even where they touch the centre line.
* "Touching an already placed tile by a side or a corner" means: one of the (up to) 8 cells
  around holds a tile, on either half; cells facing each other across the centre line touch.

A turn is two moves by the same player: :class:`Take` (from the pool, or a chosen design from
the face-up reserve), then :class:`Place` (cell + rotation) or :class:`Shelve` (put a tile
drawn from the pool face up into the reserve). Chance is explicit: the pool is a multiset and
each draw is decided by the state's ``seed`` and the number of tiles drawn so far, so a game is
reproducible from the ``rng`` given to :func:`new_game` and a state's text form round-trips.
Computer players never look at ``seed``: they reason over the pool *composition*.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache, cached_property

from games.core import GameInputError, Illegal, IllegalMoveError, Outcome, shorten
from games.lightning.tiles import (
    COPIES_PER_DESIGN,
    DESIGNS,
    POINTS,
    Tile,
    all_tiles,
    distinct_rotations,
    parse_tile,
)

Cell = tuple[int, int]
HALF_ROWS, COLS = 17, 8
#: The largest boards the game accepts (a computer move stays within its time budget up to
#: here; the real board is 17 x 8 per half), and the most copies of a design.
MAX_HALF_ROWS, MAX_COLS, MAX_COPIES = 20, 16, 1000
#: Offsets of the 8 boundary points from a cell centre, in half-cell units (dy, dx); north is up.
POINT_OFFSETS = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
VARIANTS: tuple[Tile, ...] = tuple(all_tiles())
VARIANT_CODE = {tile: k + 1 for k, tile in enumerate(VARIANTS)}  # 0 is the empty cell


# --- moves -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take:
    """Take a tile: ``source`` is ``"pool"`` (face down, chance decides) or ``"reserve"`` with
    the chosen face-up ``design``. A pool take with a ``design`` is a draw already seen: a tile
    taken from a real bag on the physical board, which the camera reads."""

    source: str
    design: str | None = None


@dataclass(frozen=True)
class Place:
    """Lay the tile in hand on ``cell`` turned ``rotation`` clockwise quarter turns."""

    cell: Cell
    rotation: int


@dataclass(frozen=True)
class Shelve:
    """Put the tile just drawn from the pool face up into the common reserve."""


Move = Take | Place | Shelve
SHELVE = Shelve()
TAKE_POOL = Take("pool")


# --- geometry ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    """Cells, shared boundary points and the per-player start/target points for one board size.

    Points live on a lattice of half cells: cell ``(r, c)`` has its centre at ``(2r+1, 2c+1)``
    and point ``(y, x)`` has id ``y * (2C+1) + x``.
    """

    half_rows: int
    cols: int

    @property
    def rows(self) -> int:
        """Rows of the whole board (both halves)."""
        return 2 * self.half_rows

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    def index(self, cell: Cell) -> int:
        """Cell index ``r * cols + c``."""
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> Cell:
        """The (row, col) of a cell index."""
        r, c = divmod(index, self.cols)
        return r, c

    def contains(self, cell: Cell) -> bool:
        """True when ``cell`` is on the board."""
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def owner(self, cell: Cell) -> int:
        """The player whose half holds ``cell`` (2: top rows, 1: bottom rows)."""
        return 2 if cell[0] < self.half_rows else 1

    def start_row(self, player: int) -> int:
        """The row of ``player``'s eight start squares (nearest that player)."""
        return self.rows - 1 if player == 1 else 0

    def arrival_row(self, player: int) -> int:
        """The row of ``player``'s arrival squares (at the centre line)."""
        return self.half_rows if player == 1 else self.half_rows - 1

    def point_id(self, y: int, x: int) -> int:
        """Id of lattice point ``(y, x)``."""
        return y * (2 * self.cols + 1) + x

    def point_yx(self, pid: int) -> tuple[int, int]:
        """Lattice coordinates of a point id."""
        y, x = divmod(pid, 2 * self.cols + 1)
        return y, x

    @cached_property
    def cell_points(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, the global ids of its 8 boundary points in ``POINTS`` order."""
        result = []
        for i in range(self.size):
            r, c = self.cell(i)
            cy, cx = 2 * r + 1, 2 * c + 1
            offsets = (POINT_OFFSETS[p] for p in POINTS)
            result.append(tuple(self.point_id(cy + dy, cx + dx) for dy, dx in offsets))
        return tuple(result)

    @cached_property
    def variant_ends(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """``variant_ends[cell][code]``: the two point ids the tile with ``code`` joins there."""
        table = []
        for i in range(self.size):
            pts = self.cell_points[i]
            row = [(-1, -1)]
            for tile in VARIANTS:
                a, b = sorted(POINTS.index(p) for p in tile.endpoints)
                row.append((pts[a], pts[b]))
            table.append(tuple(row))
        return tuple(table)

    @cached_property
    def point_cells(self) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
        """For each point id: ``(cell index, ids reachable by some tile laid there)`` per cell."""
        n_points = (2 * self.rows + 1) * (2 * self.cols + 1)
        found: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(n_points)]
        for i in range(self.size):
            ends = self.variant_ends[i][1:]
            for p in set(self.cell_points[i]):
                reach = tuple(sorted({b if a == p else a for a, b in ends if p in (a, b)}))
                found[p].append((i, reach))
        return tuple(tuple(x) for x in found)

    @property
    def point_count(self) -> int:
        """Number of boundary points on the whole board."""
        return (2 * self.rows + 1) * (2 * self.cols + 1)

    @cached_property
    def half_point_cells(self) -> dict[int, tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]]:
        """``point_cells`` keeping only the squares of each player's half."""
        return {
            p: tuple(
                tuple(item for item in items if item[0] in self.half_cells[p]) for items in self.point_cells
            )
            for p in (1, 2)
        }

    @cached_property
    def half_cells(self) -> dict[int, frozenset[int]]:
        """Cell indices of each player's half."""
        return {p: frozenset(i for i in range(self.size) if self.owner(self.cell(i)) == p) for p in (1, 2)}

    def sources(self, player: int) -> tuple[int, ...]:
        """Point ids on the outer edge of ``player``'s start squares (midpoints and corners)."""
        y = 2 * self.rows if player == 1 else 0
        return tuple(self.point_id(y, x) for x in range(2 * self.cols + 1))

    def targets(self, player: int) -> tuple[int, ...]:
        """Point ids on the far edge of ``player``'s arrival squares: the centre line."""
        return tuple(self.point_id(2 * self.half_rows, x) for x in range(2 * self.cols + 1))

    def side_by_side(self, cell: Cell) -> Cell:
        """Where ``cell`` sits when the two halves lie side by side in one ``H x 2C`` grid (the
        printed mat and the LED table do this): player 2's half (rows 0..H-1) on the left,
        player 1's (rows H..2H-1) on the right, each with its rows in grid order."""
        r, c = cell
        return r % self.half_rows, c + self.cols * (r // self.half_rows)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """The up to 8 cells touching each cell by a side or a corner (across the centre line too)."""
        result = []
        for i in range(self.size):
            r, c = self.cell(i)
            near = [
                self.index((r + dr, c + dc))
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc) and self.contains((r + dr, c + dc))
            ]
            result.append(tuple(near))
        return tuple(result)


@cache
def geometry(half_rows: int = HALF_ROWS, cols: int = COLS) -> Geometry:
    """The shared :class:`Geometry` of a board size."""
    return Geometry(half_rows, cols)


def full_pool(copies: int = COPIES_PER_DESIGN) -> tuple[tuple[str, int], ...]:
    """The pool at the start: ``copies`` of every design (150 tiles in the real game)."""
    return tuple((d, copies) for d in DESIGNS)


# --- connection logic --------------------------------------------------------------------


def connection_distance(geo: Geometry, board: tuple[int, ...], player: int) -> int | None:
    """How many more tiles ``player`` needs on their half, at least, to connect (0: connected).

    A 0-1 breadth-first search over boundary points: a placed tile's segment costs 0, an empty
    cell of the player's half is a wildcard costing 1 between any two points some tile can join.
    ``None`` when the half is blocked for good.
    """
    dist = distance_field(geo, board, player)
    best = min(dist[t] for t in geo.targets(player))
    return None if best >= _INF else best


_INF = 10**9


def _search(
    geo: Geometry, board: tuple[int, ...], player: int, from_targets: bool = False, blocked: int = -1
) -> tuple[dict[int, int], dict[int, tuple[int, int]]]:
    """Distances from the player's sources (or targets) and, per point, the (previous point,
    cell) used. Cell index ``blocked`` counts as unusable (a tile there that joins nothing)."""
    half = geo.half_cells[player]
    ends = geo.variant_ends
    point_cells = geo.point_cells
    dist: dict[int, int] = {}
    came: dict[int, tuple[int, int]] = {}
    queue: deque[tuple[int, int]] = deque()
    for s in geo.targets(player) if from_targets else geo.sources(player):
        dist[s] = 0
        queue.append((0, s))
    while queue:
        d, p = queue.popleft()
        if d > dist[p]:
            continue
        for cell, reach in point_cells[p]:
            if cell not in half or cell == blocked:
                continue
            code = board[cell]
            if code:
                a, b = ends[cell][code]
                if p == a:
                    q = b
                elif p == b:
                    q = a
                else:
                    continue
                if d < dist.get(q, _INF):
                    dist[q] = d
                    came[q] = (p, cell)
                    queue.appendleft((d, q))
            else:
                nd = d + 1
                for q in reach:
                    if nd < dist.get(q, _INF):
                        dist[q] = nd
                        came[q] = (p, cell)
                        queue.append((nd, q))
    return dist, came


def distance_field(
    geo: Geometry, board: tuple[int, ...], player: int, from_targets: bool = False, blocked: int = -1
) -> list[int]:
    """Per boundary point id: how many more tiles of ``player``'s half join it to a start edge
    (or, with ``from_targets``, to the centre line); ``UNREACHABLE`` when none can.

    The same 0-1 search as :func:`connection_distance`, written for speed (the computer players
    run it thousands of times a game): level by level, first closing each level over placed
    segments (cost 0), then stepping through empty squares (cost 1). ``blocked`` is a cell
    index treated as holding a tile that joins nothing.
    """
    adjacency = geo.half_point_cells[player]
    ends = geo.variant_ends
    dist = [UNREACHABLE] * geo.point_count
    level = list(geo.targets(player) if from_targets else geo.sources(player))
    for s in level:
        dist[s] = 0
    d = 0
    while level:
        stack = list(level)
        while stack:
            p = stack.pop()
            for cell, _reach in adjacency[p]:
                code = board[cell]
                if code and cell != blocked:
                    a, b = ends[cell][code]
                    q = b if p == a else a if p == b else -1
                    if q >= 0 and dist[q] > d:
                        dist[q] = d
                        stack.append(q)
                        level.append(q)
        d += 1
        following = []
        for p in level:
            for cell, reach in adjacency[p]:
                if not board[cell] and cell != blocked:
                    for q in reach:
                        if dist[q] > d:
                            dist[q] = d
                            following.append(q)
        level = following
    return dist


UNREACHABLE = _INF


def can_connect(geo: Geometry, board: tuple[int, ...], player: int) -> bool:
    """Whether ``player``'s half can still join a start edge to the centre line at all
    (:func:`connection_distance` not None), searched depth first and stopped at the first
    target reached: the frame thread asks it of every new board (:meth:`LightningState.is_terminal`),
    where the whole distance field cost about a millisecond at every tile laid."""
    adjacency = geo.half_point_cells[player]
    ends = geo.variant_ends
    targets = set(geo.targets(player))
    seen = [False] * geo.point_count
    stack = list(geo.sources(player))
    for s in stack:
        if s in targets:
            return True
        seen[s] = True
    while stack:
        p = stack.pop()
        for cell, reach in adjacency[p]:
            code = board[cell]
            if code:
                a, b = ends[cell][code]
                q = b if p == a else a if p == b else -1
                if q < 0 or seen[q]:
                    continue
                if q in targets:
                    return True
                seen[q] = True
                stack.append(q)
            else:
                for q in reach:
                    if not seen[q]:
                        if q in targets:
                            return True
                        seen[q] = True
                        stack.append(q)
    return False


def best_path(geo: Geometry, board: tuple[int, ...], player: int) -> tuple[int | None, tuple[Cell, ...]]:
    """The connection distance and the cells (placed or still empty) of one shortest path,
    start side first; ``(None, ())`` when blocked."""
    dist, came = _search(geo, board, player)
    targets = [t for t in geo.targets(player) if t in dist]
    if not targets:
        return None, ()
    end = min(targets, key=lambda t: dist[t])
    cells: list[Cell] = []
    p = end
    while p in came:
        p, cell = came[p]
        cells.append(geo.cell(cell))
    return dist[end], tuple(reversed(cells))


def winning_cells(geo: Geometry, board: tuple[int, ...], player: int) -> tuple[Cell, ...]:
    """The placed cells of ``player``'s half that lie on some connecting chain (the lightning
    bolt to light up), empty when not connected. Branches that lead nowhere are left out."""
    half = geo.half_cells[player]
    # Points reachable from the sources through placed segments, then from the targets.
    from_start = _reach_placed(geo, board, half, geo.sources(player))
    from_end = _reach_placed(geo, board, half, geo.targets(player))
    if not from_start & set(geo.targets(player)):
        return ()
    cells = []
    for i in sorted(half):
        if board[i]:
            a, b = geo.variant_ends[i][board[i]]
            if (a in from_start and b in from_end) or (b in from_start and a in from_end):
                cells.append(geo.cell(i))
    return tuple(cells)


def _reach_placed(
    geo: Geometry, board: tuple[int, ...], half: frozenset[int], starts: Iterable[int]
) -> set[int]:
    seen = set(starts)
    stack = list(seen)
    while stack:
        p = stack.pop()
        for cell, _reach in geo.point_cells[p]:
            if cell in half and board[cell]:
                a, b = geo.variant_ends[cell][board[cell]]
                q = b if p == a else a if p == b else None
                if q is not None and q not in seen:
                    seen.add(q)
                    stack.append(q)
    return seen


def powered_cells(geo: Geometry, board: tuple[int, ...], player: int) -> frozenset[Cell]:
    """The placed cells of ``player``'s half already joined to one of their start edges: the
    part of the bolt that is "live" (the scene colours it)."""
    half = geo.half_cells[player]
    reached = _reach_placed(geo, board, half, geo.sources(player))
    return frozenset(geo.cell(i) for i in half if board[i] and geo.variant_ends[i][board[i]][0] in reached)


def open_junctions(geo: Geometry, board: tuple[int, ...], player: int) -> frozenset[Cell]:
    """The empty squares of ``player``'s half where their live path (the tiles joined to their
    start edge) can go on towards the centre line: a square touching a point of that path from
    which some tile laid there leads on to a point that can still reach the middle. The CEMÉA
    rules: a player whose path is blocked may start again from any junction of it."""
    half = geo.half_cells[player]
    sources = set(geo.sources(player))
    path = _reach_placed(geo, board, half, sources) - sources
    to_middle = distance_field(geo, board, player, from_targets=True)
    found = set()
    for p in path:
        for cell, reach in geo.half_point_cells[player][p]:
            if not board[cell] and any(to_middle[q] < _INF for q in reach):
                found.add(geo.cell(cell))
    return frozenset(found)


def path_cut_off(geo: Geometry, board: tuple[int, ...], player: int) -> bool:
    """True when ``player`` has a live path (tiles joined to their start edge) but no junction of
    it leads to the middle any more, while their half is not blocked for good: they must start a
    new path from their start row."""
    half = geo.half_cells[player]
    sources = set(geo.sources(player))
    if not _reach_placed(geo, board, half, sources) - sources:
        return False
    if is_connected(geo, board, player) or connection_distance(geo, board, player) is None:
        return False
    return not open_junctions(geo, board, player)


def is_connected(geo: Geometry, board: tuple[int, ...], player: int) -> bool:
    """True when ``player``'s half joins a start edge point to a centre-line point."""
    reached = _reach_placed(geo, board, geo.half_cells[player], geo.sources(player))
    return any(t in reached for t in geo.targets(player))


# --- the state ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LightningState:
    """A position. ``pool`` and ``reserve`` are design counts in ``DESIGNS`` order; ``hand`` is
    the design taken this turn (``None`` before taking) and ``hand_source`` where it came from.

    ``board`` holds one code per cell (0 empty, else ``VARIANT_CODE[tile]``). ``winner`` is set
    as soon as a half connects; ``first`` is the player who began (drawn at random).
    """

    half_rows: int
    cols: int
    board: tuple[int, ...]
    pool: tuple[int, ...]
    reserve: tuple[int, ...]
    current_player: int
    hand: str | None = None
    hand_source: str | None = None
    seed: int = 0
    drawn: int = 0
    first: int = 1
    winner: int | None = None
    turn: int = 1
    _legal: list[Move] | None = field(default=None, compare=False, repr=False)
    #: Cached :meth:`blocked_for_good` of players 1 and 2 (kept by ``replace`` while the board is
    #: unchanged; a half blocked for good stays blocked, so only laying a tile resets it).
    _blocked: tuple[bool, bool] | None = field(default=None, compare=False, repr=False)
    #: Cached :meth:`legal_cells`, with the board and the player it was worked out for (``replace``
    #: copies it: it is used only while they are still the state's).
    _cells: tuple[tuple[int, ...], int, tuple[Cell, ...]] | None = field(default=None, compare=False, repr=False)

    # --- derived facts -------------------------------------------------------------------

    @property
    def geo(self) -> Geometry:
        """The board geometry."""
        return geometry(self.half_rows, self.cols)

    def tile_at(self, cell: Cell) -> Tile | None:
        """The tile on ``cell`` or ``None``."""
        code = self.board[self.geo.index(cell)]
        return VARIANTS[code - 1] if code else None

    def pool_counts(self) -> dict[str, int]:
        """Design -> tiles still face down in the pool."""
        return dict(zip(DESIGNS, self.pool, strict=True))

    def reserve_counts(self) -> dict[str, int]:
        """Design -> tiles face up in the reserve."""
        return dict(zip(DESIGNS, self.reserve, strict=True))

    @property
    def pool_size(self) -> int:
        """Tiles left in the pool."""
        return sum(self.pool)

    @property
    def reserve_size(self) -> int:
        """Tiles in the reserve."""
        return sum(self.reserve)

    def tiles_accounted(self) -> dict[str, int]:
        """Per design: pool + reserve + hand + board (constant through a game: nothing is lost)."""
        counts = {d: self.pool[k] + self.reserve[k] for k, d in enumerate(DESIGNS)}
        if self.hand is not None:
            counts[self.hand] += 1
        for code in self.board:
            if code:
                counts[VARIANTS[code - 1].design] += 1
        return counts

    @property
    def placed(self) -> int:
        """How many tiles are on the board."""
        return sum(1 for code in self.board if code)

    def distance(self, player: int) -> int | None:
        """``player``'s connection distance (see :func:`connection_distance`)."""
        return connection_distance(self.geo, self.board, player)

    def can_place_on(self, cell: Cell, player: int | None = None) -> bool:
        """True when the tile in hand may go on ``cell``: empty, and either one of the mover's
        start squares or touching a placed tile by a side or a corner."""
        geo = self.geo
        if not geo.contains(cell):
            return False
        i = geo.index(cell)
        if self.board[i]:
            return False
        player = player or self.current_player
        if geo.owner(cell) == player and cell[0] == geo.start_row(player):
            return True
        return any(self.board[n] for n in geo.neighbours[i])

    def legal_cells(self) -> list[Cell]:
        """The cells the tile in hand may go on, in board order (:meth:`can_place_on`): worked
        out once per board and player to move (the kiosk's lights ask on the frame thread)."""
        board, player = self.board, self.current_player
        cached = self._cells
        if cached is None or cached[0] is not board or cached[1] != player:
            geo = self.geo
            # The empty squares touching a placed tile, and the mover's empty start squares.
            start = geo.start_row(player) * geo.cols
            near = set(range(start, start + geo.cols))
            neighbours = geo.neighbours
            for i, code in enumerate(board):
                if code:
                    near.update(neighbours[i])
            cached = (board, player, tuple(geo.cell(i) for i in sorted(near) if not board[i]))
            object.__setattr__(self, "_cells", cached)
        return list(cached[2])

    @property
    def phase(self) -> str:
        """``"take"``, ``"place"`` (a tile in hand) or ``"over"``."""
        if self.is_terminal():
            return "over"
        return "take" if self.hand is None else "place"

    def legal_moves(self) -> list[Move]:
        """Every move allowed now, in a stable order."""
        if self._legal is not None:
            return self._legal
        moves: list[Move] = []
        if self.is_terminal():
            pass
        elif self.hand is None:
            if self.pool_size:
                moves.append(TAKE_POOL)
            if self.room_to_place():
                moves += [Take("reserve", d) for k, d in enumerate(DESIGNS) if self.reserve[k]]
        else:
            turns = distinct_rotations(self.hand)
            for cell in self.legal_cells():
                moves += [Place(cell, r) for r in range(turns)]
            if self.hand_source == "pool":
                moves.append(SHELVE)
        object.__setattr__(self, "_legal", moves)
        return moves

    def blocked_for_good(self, player: int) -> bool:
        """True when no chain of ``player``'s half can reach the centre line any more: no
        junction of their path and no start square leads there (``connection_distance`` None)."""
        if self._blocked is None:
            geo = self.geo
            blocked = tuple(not can_connect(geo, self.board, p) for p in (1, 2))
            object.__setattr__(self, "_blocked", blocked)
        assert self._blocked is not None
        return self._blocked[player - 1]

    def nobody_can_connect(self) -> bool:
        """True when both halves are blocked for good: the first to connect wins (the CEMÉA
        rules), and nobody can any more, so playing on until the pile is empty decides nothing."""
        return self.blocked_for_good(1) and self.blocked_for_good(2)

    def walled_off(self) -> int | None:
        """The player blocked for good while the other is not, or None. The CEMÉA rules let a
        blocked player start again from any junction of their path; with none left that leads
        to the middle, they can never connect, and the game is decided: the other player wins
        at once (playing on only made a child wait, for minutes, for the computer to connect)."""
        if self.winner is not None:
            return None
        blocked = [p for p in (1, 2) if self.blocked_for_good(p)]
        return blocked[0] if len(blocked) == 1 else None

    def is_terminal(self) -> bool:
        """Over when someone connected, when a player can no longer connect (blocked for good:
        the other wins; both: a draw), or nothing is left to take (a reserve tile counts only if
        it could be laid somewhere: on the real board there is always room, 150 < 272)."""
        if self.winner is not None:
            return True
        if self.blocked_for_good(1) or self.blocked_for_good(2):
            return True
        if self.hand is not None or self.pool_size:
            return False
        return not self.reserve_size or not self.room_to_place()

    def room_to_place(self) -> bool:
        """True when the player to move could lay a tile somewhere."""
        geo = self.geo
        return any(self.can_place_on(geo.cell(i)) for i in range(geo.size) if not self.board[i])

    def outcome(self) -> Outcome | None:
        """The connected player wins, and so does the other player of one blocked for good
        (reason ``lightning.end.walled``, with ``walled``: who is blocked); both halves blocked
        for good, or an exhausted pool and reserve, is a draw."""
        if self.winner is not None:
            return Outcome(
                self.winner, "lightning.end.connected", (("winner", self.winner), ("tiles", self.placed))
            )
        if self.nobody_can_connect():
            return Outcome(None, "lightning.end.blocked", (("tiles", self.placed),))
        walled = self.walled_off()
        if walled is not None:
            return Outcome(3 - walled, "lightning.end.walled", (("walled", walled), ("tiles", self.placed)))
        if self.is_terminal():
            return Outcome(None, "lightning.end.draw", (("tiles", self.placed),))
        return None

    # --- playing -------------------------------------------------------------------------

    def play(self, move: Move) -> LightningState:
        """The state after ``move`` (raises :class:`IllegalMoveError` if it is not allowed)."""
        why = self.illegal(move)
        if why is not None:
            raise IllegalMoveError.because(why, shorten(repr(move), 40), self.to_text())
        if isinstance(move, Take):
            if move.source == "pool":
                return self.with_draw(move.design or self.next_pool_draw())
            k = list(DESIGNS).index(move.design or "")
            reserve = list(self.reserve)
            reserve[k] -= 1
            return replace(self, reserve=tuple(reserve), hand=move.design, hand_source="reserve", _legal=None)
        if isinstance(move, Shelve):
            reserve = list(self.reserve)
            reserve[list(DESIGNS).index(self.hand or "")] += 1
            return self._end_turn(replace(self, reserve=tuple(reserve)))
        assert isinstance(move, Place)
        return self.place_unchecked(move)

    def illegal(self, move: object) -> Illegal | None:
        """Why ``move`` is not allowed now (None if it is)."""
        if self.is_terminal():
            return Illegal("lightning.illegal.over", "the game is over")
        if isinstance(move, Take):
            if self.hand is not None:
                return Illegal("lightning.illegal.hand_full", f"a {self.hand} tile is already in hand: place it first")
            if move.source == "pool":
                if move.design is not None and move.design not in DESIGNS:
                    return Illegal("lightning.illegal.design", f"{shorten(repr(move.design), 20)} is not a tile design")
                if move.design is not None and not self.pool_counts()[move.design]:
                    return Illegal("lightning.illegal.draw", f"there is no {move.design} tile left in the pool",
                                   (("design", move.design),))
                return None if self.pool_size else Illegal("lightning.illegal.pool_empty", "the pool is empty")
            if move.source != "reserve":
                return Illegal("lightning.illegal.source",
                               f"tiles come from the pool or the reserve, not {shorten(repr(move.source), 20)}")
            if move.design not in DESIGNS:
                return Illegal("lightning.illegal.design", f"{shorten(repr(move.design), 20)} is not a tile design")
            if not self.reserve_counts()[move.design]:
                return Illegal("lightning.illegal.reserve_empty", f"there is no {move.design} tile in the reserve")
            if not self.room_to_place():
                return Illegal("lightning.illegal.no_room", "no square is free to lay a tile from the reserve")
            return None
        if self.hand is None:
            return Illegal("lightning.illegal.take_first", "take a tile first, from the pool or the reserve")
        if isinstance(move, Shelve):
            if self.hand_source != "pool":
                return Illegal("lightning.illegal.shelve", "only a tile drawn from the pool may go into the reserve")
            return None
        if not isinstance(move, Place) or not isinstance(move.cell, tuple) or len(move.cell) != 2:
            return Illegal("lightning.illegal.not_a_move", f"{shorten(repr(move), 30)} is not a move")
        if not (isinstance(move.rotation, int) and 0 <= move.rotation < distinct_rotations(self.hand)):
            top = distinct_rotations(self.hand) - 1
            return Illegal("lightning.illegal.rotation",
                           f"tile {self.hand} has rotations 0..{top}, not {shorten(repr(move.rotation), 20)}")
        r, c = move.cell
        if not self.geo.contains(move.cell):
            where = f"{shorten(repr(r), 12)},{shorten(repr(c), 12)}"
            return Illegal("lightning.illegal.off_board", f"{where} is off the {self.geo.rows}x{self.cols} board")
        if self.board[self.geo.index(move.cell)]:
            return Illegal("lightning.illegal.occupied", f"square {r},{c} already holds a tile")
        if not self.can_place_on(move.cell):
            return Illegal("lightning.illegal",
                           f"square {r},{c} is neither one of your start squares nor touching a placed tile")
        return None

    def why_illegal(self, move: object) -> str | None:
        """A sentence saying why ``move`` is not allowed now, or ``None`` if it is."""
        why = self.illegal(move)
        return why.text if why is not None else None

    def place_unchecked(self, move: Place) -> LightningState:
        """Lay the tile in hand (no legality check: for players' simulations)."""
        geo = self.geo
        i = geo.index(move.cell)
        board = list(self.board)
        board[i] = VARIANT_CODE[Tile(self.hand or "", move.rotation)]
        new_board = tuple(board)
        owner = geo.owner(move.cell)
        winner = owner if is_connected(geo, new_board, owner) else None
        return self._end_turn(replace(self, board=new_board, winner=winner, _blocked=None))

    def _end_turn(self, state: LightningState) -> LightningState:
        if state.winner is not None:
            return replace(state, hand=None, hand_source=None, _legal=None)
        return replace(
            state,
            hand=None,
            hand_source=None,
            current_player=3 - self.current_player,
            turn=self.turn + 1,
            _legal=None,
        )

    def next_pool_draw(self) -> str:
        """The design the pool gives now: decided by ``seed`` and the draw count (the hidden
        shuffle), weighted by what is left. Players must not call this to peek."""
        rng = random.Random(self.seed * 1_000_003 + self.drawn)
        return rng.choices(DESIGNS_LIST, weights=self.pool)[0]

    def with_draw(self, design: str) -> LightningState:
        """The state after taking ``design`` from the pool (for chance sampling by players)."""
        k = DESIGNS_LIST.index(design)
        if self.hand is not None or not self.pool[k]:
            why = Illegal("lightning.illegal.draw", f"cannot draw {design} from the pool", (("design", design),))
            raise IllegalMoveError.because(why, f"draw {design}", self.to_text())
        pool = list(self.pool)
        pool[k] -= 1
        return replace(
            self, pool=tuple(pool), hand=design, hand_source="pool", drawn=self.drawn + 1, _legal=None
        )

    # --- notation ------------------------------------------------------------------------

    def move_to_text(self, move: Move) -> str:
        """``pool`` (``pool Z`` once the draw is seen), ``reserve Z``, ``20,3 Z1`` (cell, tile in
        hand, rotation) or ``shelve``."""
        return move_to_text(move, self.hand)

    def parse_move(self, text: str) -> Move:
        """Read a move in :meth:`move_to_text` notation."""
        return parse_move(text, self.hand)

    def board_text(self) -> str:
        """The board as lines of cell tokens (``Z3`` or ``.``), a ``--`` line at the centre line."""
        return board_to_text(self.geo, self.board)

    def to_text(self) -> str:
        """One line holding everything; :func:`from_text` reads it back."""
        geo = self.geo
        rows = "/".join(
            "".join(_cell_token(self.board[geo.index((r, c))]) for c in range(self.cols))
            for r in range(geo.rows)
        )
        parts = [
            f"size={self.half_rows}x{self.cols}",
            f"player={self.current_player}",
            f"first={self.first}",
            f"turn={self.turn}",
            "pool=" + ",".join(f"{d}{n}" for d, n in zip(DESIGNS, self.pool, strict=True)),
            "reserve=" + ",".join(f"{d}{n}" for d, n in zip(DESIGNS, self.reserve, strict=True)),
            f"hand={self.hand or '-'}" + (f":{self.hand_source}" if self.hand else ""),
            f"seed={self.seed}",
            f"drawn={self.drawn}",
            f"board={rows}",
        ]
        return " ".join(parts)

    def __str__(self) -> str:
        return self.board_text()


DESIGNS_LIST = list(DESIGNS)


def _cell_token(code: int) -> str:
    return str(VARIANTS[code - 1]) if code else "."


def move_to_text(move: Move, hand: str | None = None) -> str:
    """Text notation of a move (see :meth:`LightningState.move_to_text`)."""
    if isinstance(move, Take):
        return f"{move.source} {move.design}" if move.design else move.source
    if isinstance(move, Shelve):
        return "shelve"
    return f"{move.cell[0]},{move.cell[1]} {hand or '?'}{move.rotation}"


def parse_move(text: str, hand: str | None = None) -> Move:
    """Read ``pool``, ``reserve Z``, ``shelve`` or ``r,c Zk`` (the design must be the one in hand,
    when known); raises :class:`GameInputError` on malformed text."""
    words = text.strip().split()
    if words == ["pool"]:
        return TAKE_POOL
    if words == ["shelve"]:
        return SHELVE
    if len(words) == 2 and words[0] in ("pool", "reserve"):
        if words[1] not in DESIGNS:
            raise GameInputError(f"'{words[1]}' is not a tile design (choose from {''.join(DESIGNS)})")
        return Take(words[0], words[1])
    if len(words) == 2:
        try:
            r_text, c_text = words[0].split(",")
            cell = (int(r_text), int(c_text))
            tile = parse_tile(words[1])
        except ValueError as exc:
            raise GameInputError(f"'{text}' is not a move like '20,3 Z1': {exc}") from None
        assert tile is not None
        if hand is not None and tile.design != hand:
            raise GameInputError(f"the tile in hand is {hand}, not {tile.design}")
        return Place(cell, tile.rotation)
    raise GameInputError(f"'{text}' is not a move: write pool, pool Z, reserve Z, shelve or a placement like 20,3 Z1")


def board_to_text(geo: Geometry, board: tuple[int, ...]) -> str:
    """Multi-line board diagram: one line per row, tokens separated by spaces, ``--`` at the centre line."""
    lines = []
    for r in range(geo.rows):
        if r == geo.half_rows:
            lines.append("--")
        lines.append(" ".join(f"{_cell_token(board[geo.index((r, c))]):2}" for c in range(geo.cols)).rstrip())
    return "\n".join(lines)


def board_from_text(text: str) -> tuple[Geometry, tuple[int, ...]]:
    """Read a board diagram (see :func:`board_to_text`; the ``--`` line is optional, rows may
    also be written without spaces such as ``..Z3I1``). The row count must be even."""
    rows: list[list[int]] = []
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line or set(line) <= set("-="):
            continue
        if len(rows) == 2 * MAX_HALF_ROWS or len(line) > 3 * MAX_COLS:
            raise GameInputError(
                f"board: at most {2 * MAX_HALF_ROWS} rows of {MAX_COLS} squares ({MAX_HALF_ROWS} rows a half)"
            )
        rows.append(_parse_row(line))
    if not rows or len(rows) % 2 or any(len(row) != len(rows[0]) for row in rows):
        raise GameInputError("a board is an even number of rows with the same number of squares each")
    if len(rows[0]) > MAX_COLS:
        raise GameInputError(f"board: at most {MAX_COLS} squares a row")
    geo = geometry(len(rows) // 2, len(rows[0]))
    return geo, tuple(code for row in rows for code in row)


def _parse_row(line: str) -> list[int]:
    compact = line.replace(" ", "")
    codes = []
    k = 0
    while k < len(compact):
        if compact[k] == ".":
            codes.append(0)
            k += 1
            continue
        try:
            tile = parse_tile(compact[k : k + 2])
        except ValueError as exc:
            raise GameInputError(f"bad square in row '{line}': {exc}") from None
        assert tile is not None
        codes.append(VARIANT_CODE[tile])
        k += 2
    return codes


def new_game(
    rng: random.Random | None = None,
    half_rows: int = HALF_ROWS,
    cols: int = COLS,
    copies: int = COPIES_PER_DESIGN,
    first: int | None = None,
) -> LightningState:
    """A fresh game: full pool, empty reserve and board; ``rng`` draws who starts and the shuffle."""
    rng = rng or random.Random()
    if not (1 <= half_rows <= MAX_HALF_ROWS and 1 <= cols <= MAX_COLS and 0 <= copies <= MAX_COPIES):
        raise GameInputError(
            f"board halves need 1..{MAX_HALF_ROWS} rows and 1..{MAX_COLS} columns, "
            f"and 0..{MAX_COPIES} copies per design"
        )
    first = first if first in (1, 2) else rng.choice((1, 2))
    seed = rng.getrandbits(31)
    geo = geometry(half_rows, cols)
    return LightningState(
        half_rows,
        cols,
        (0,) * geo.size,
        tuple(n for _, n in full_pool(copies)),
        (0,) * len(DESIGNS),
        first,
        seed=seed,
        first=first,
    )


def from_board(
    board_text: str,
    player: int = 1,
    hand: str | None = None,
    hand_source: str = "pool",
    pool: tuple[int, ...] | None = None,
    reserve: tuple[int, ...] | None = None,
) -> LightningState:
    """A state built around a board diagram (for tests and puzzles). Unless given, the pool holds
    what the board does not use of 30 copies per design (at least 0)."""
    geo, board = board_from_text(board_text)
    used = {d: 0 for d in DESIGNS}
    for code in board:
        if code:
            used[VARIANTS[code - 1].design] += 1
    if hand:
        used[hand] += 1
    pool = pool if pool is not None else tuple(max(0, COPIES_PER_DESIGN - used[d]) for d in DESIGNS)
    reserve = reserve if reserve is not None else (0,) * len(DESIGNS)
    state = LightningState(
        geo.half_rows,
        geo.cols,
        board,
        pool,
        reserve,
        player,
        hand=hand,
        hand_source=hand_source if hand else None,
    )
    winners = [p for p in (1, 2) if is_connected(geo, board, p)]
    return replace(state, winner=winners[0]) if winners else state


def from_text(text: str) -> LightningState:
    """Read :meth:`LightningState.to_text` back, checking every field."""
    fields: dict[str, str] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or key in fields:
            raise GameInputError(f"'{word}' is not a key=value field of a Lightning position")
        fields[key] = value
    missing = {"player", "pool", "reserve", "board"} - fields.keys()
    if missing:
        raise GameInputError(f"a Lightning position needs the fields {', '.join(sorted(missing))}")
    geo, board = board_from_text(fields["board"].replace("/", "\n"))
    player = _field_number(fields, "player", 1, 2)
    first = _field_number(fields, "first", 1, 2, "1")
    turn = _field_number(fields, "turn", 1, 10 * MAX_COPIES * len(DESIGNS), "1")
    seed = _field_number(fields, "seed", 0, 2**31 - 1, "0")
    drawn = _field_number(fields, "drawn", 0, MAX_COPIES * len(DESIGNS), "0")
    pool = _parse_counts(fields, "pool")
    reserve = _parse_counts(fields, "reserve")
    if "size" in fields and fields["size"] != f"{geo.half_rows}x{geo.cols}":
        raise GameInputError(
            f"size={fields['size']} does not match the board ({geo.half_rows}x{geo.cols} per half)"
        )
    hand_text = fields.get("hand", "-")
    hand, _, source = hand_text.partition(":")
    if hand == "-":
        hand_design, hand_source = None, None
    elif hand in DESIGNS and source in ("pool", "reserve", ""):
        hand_design, hand_source = hand, source or "pool"
    else:
        raise GameInputError(f"hand={hand_text} is not a design (optionally :pool or :reserve) or '-'")
    state = LightningState(
        geo.half_rows,
        geo.cols,
        board,
        pool,
        reserve,
        player,
        hand_design,
        hand_source,
        seed,
        drawn,
        first,
        None,
        turn,
    )
    winners = [p for p in (1, 2) if is_connected(geo, board, p)]
    if len(winners) == 2:
        raise GameInputError("both halves are connected: not a position of a real game")
    return replace(state, winner=winners[0]) if winners else state


def _field_number(fields: dict[str, str], key: str, lo: int, hi: int, default: str | None = None) -> int:
    """A whole-number field of a position text, within ``lo..hi``, or an error naming it."""
    text = fields.get(key, default)
    if text is None or not text.lstrip("-").isdigit() or len(text) > 12 or not lo <= int(text) <= hi:
        raise GameInputError(f"{key}={shorten(str(text), 20)}: {key} is a whole number {lo}..{hi}")
    return int(text)


def _parse_counts(fields: dict[str, str], key: str) -> tuple[int, ...]:
    counts = dict.fromkeys(DESIGNS, 0)
    for item in filter(None, fields[key].split(",")):
        design, number = item[0], item[1:]
        if design not in DESIGNS or not number.isdigit() or len(number) > 4 or int(number) > MAX_COPIES:
            raise GameInputError(
                f"{key}: '{shorten(item, 20)}' is not a design letter and a count 0..{MAX_COPIES}, like Z12"
            )
        counts[design] = int(number)
    return tuple(counts[d] for d in DESIGNS)
