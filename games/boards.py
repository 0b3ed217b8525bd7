"""Board descriptions: each game says once what its board looks like off the screen.

A :class:`BoardDescription` answers, for one game and one set of parameters, everything the
camera, the LED board and the physical-board mode need, without pygame, cv2 or serial:

* the physical grid: ``rows`` x ``cols``, which cells exist, a label per cell (``"b3"``);
* what a state looks like on it: :meth:`~BoardDescription.expected` gives a :data:`Grid` of cell
  codes (``"."`` empty, a player's token code such as ``"R"``, or a tile code such as ``"Z3"``),
  and :meth:`~BoardDescription.successors` the grid after each legal move, so that a reading can
  be matched against the moves that could explain it;
* which cells a move touches (:meth:`~BoardDescription.move_cells`), so that a hint, the
  computer's move or a correction can be shown in place;
* the LED layout: ``led_rows`` x ``led_cols`` and :meth:`~BoardDescription.led_cell`, and the
  lights of a state (:meth:`~BoardDescription.lights`) as a :class:`~games.effects.BoardLights`;
* for the camera: the printed mat (:meth:`~BoardDescription.mat`, a :class:`MatLayout` in
  millimetres: its marker ids, variants, cell and spot geometry, what is printed on it) and what
  a cell may hold (:attr:`~BoardDescription.token_codes`, :meth:`~BoardDescription.tile_faces`);
* for the physical-board mode (:mod:`games.sync`): the readable spots off the grid
  (:attr:`~BoardDescription.spots`, e.g. Lightning's "tile in hand" spot and reserve slots),
  the :class:`Picture` a state shows, the moves of one player that explain a new picture
  (:meth:`~BoardDescription.steps`), and the :class:`Fix` list that puts a board right.

``vision`` and ``hardware`` take a description instead of a game name, and board sizes come from
here. Each game defines its own in ``games/<game>/board.py`` and returns it from
``board_for(state)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from games.effects import RGB, BoardLights

if TYPE_CHECKING:
    import numpy as np

Cell = tuple[int, int]
#: Rows of cell codes: ``"."`` empty, ``" "`` no cell there, else a token or tile code.
Grid = tuple[tuple[str, ...], ...]
EMPTY = "."
NO_CELL = " "
#: A cell the camera sees something on but cannot name.
UNKNOWN = "?"

#: The LED roles a description may hand out (the LED system gives each a colour and a rhythm).
ROLES = frozenset(
    {"legal", "selected", "hint", "computer_from", "computer_to", "put_back", "remove", "player1", "player2", "win"}
)


def grid_from_rows(rows: Sequence[Sequence[str]]) -> Grid:
    """A :data:`Grid` from any rows of codes (strings of one-letter codes, or lists)."""
    return tuple(tuple(row) for row in rows)


def grid_text(grid: Grid) -> str:
    """One line per row, codes separated by spaces when any code is longer than one letter."""
    wide = any(len(code) > 1 for row in grid for code in row)
    return "\n".join((" " if wide else "").join(row) for row in grid)


def grid_diff(expected: Grid, seen: Grid) -> list[Cell]:
    """The cells whose codes differ, in reading order (both grids must have the same shape)."""
    if len(expected) != len(seen) or any(len(a) != len(b) for a, b in zip(expected, seen, strict=True)):
        raise ValueError("grids of different shapes cannot be compared")
    return [
        (r, c)
        for r, (row_a, row_b) in enumerate(zip(expected, seen, strict=True))
        for c, (a, b) in enumerate(zip(row_a, row_b, strict=True))
        if a != b
    ]


@dataclass(frozen=True)
class Picture:
    """What the camera sees of a table: the grid, and the readable spots off the grid in the
    board description's normal form (``("hand", "Z")``, ``("reserve", "DDZ")``)."""

    grid: Grid
    spots: tuple[tuple[str, str], ...] = ()

    def spot(self, name: str, default: str = EMPTY) -> str:
        """The code seen on spot ``name``."""
        return dict(self.spots).get(name, default)

    def with_spots(self, **spots: str) -> Picture:
        """The same picture with some spots changed (tests, the virtual table)."""
        merged = dict(self.spots) | spots
        return Picture(self.grid, tuple(sorted(merged.items())))


@dataclass(frozen=True)
class Sentence:
    """Words for the screen, kept as a translation key so that the pure layers never pick a
    language: ``words`` fill placeholders with translated keys (a piece's name), ``labels``
    with text as it is (a cell label)."""

    key: str
    words: tuple[tuple[str, str], ...] = ()
    labels: tuple[tuple[str, str], ...] = ()

    def render(self, translate: Callable[..., str]) -> str:
        """The sentence in the language of ``translate`` (``kiosk.i18n.tr``)."""
        params = {name: translate(key) for name, key in self.words} | dict(self.labels)
        return translate(self.key, **params)

    def translation_keys(self) -> list[str]:
        """Every translation key the sentence uses."""
        return [self.key, *(key for _, key in self.words)]


# --- the printed mat: what the camera needs ---------------------------------------------------

#: A point in millimetres on a sheet (origin top-left, x right, y down), or in a unit square.
Point = tuple[float, float]
Quad = tuple[Point, Point, Point, Point]
#: Sheet sizes in millimetres (width, height).
A4_PORTRAIT = (210.0, 297.0)
A3_PORTRAIT = (297.0, 420.0)


def square(x: float, y: float, size: float) -> Quad:
    """The corners of an axis-aligned square, clockwise from top-left."""
    return ((x, y), (x + size, y), (x + size, y + size), (x, y + size))


def corner_markers(
    ids: Sequence[int], page: tuple[float, float], marker: float, inset: float
) -> tuple[tuple[int, Quad], ...]:
    """Four markers of side ``marker`` mm, ``inset`` mm from the page's corners (top-left,
    top-right, bottom-right, bottom-left get ``ids`` in that order)."""
    width, height = page
    spots = (
        (inset, inset),
        (width - inset - marker, inset),
        (width - inset - marker, height - inset - marker),
        (inset, height - inset - marker),
    )
    return tuple((mid, square(x, y, marker)) for mid, (x, y) in zip(ids, spots, strict=True))


@dataclass(frozen=True)
class TileFace:
    """What one tile code looks like, printed, photographed and recognised: a thick dark
    ``stroke`` (a polyline in the unit square, x right, y down) on a light face framed in the
    pale ``tint`` of its ``design`` (so that people can sort the tiles)."""

    code: str
    design: str
    stroke: tuple[Point, ...]
    tint: RGB


@dataclass(frozen=True)
class MatLayout:
    """A printed mat's geometry in millimetres: page, grid cells, ArUco markers (DICT_4X4_50),
    the spots off the grid, and what is printed besides (lines, labels).

    A mat may span several sheets (one half of a board on each of two sheets), each with its own
    markers and so its own homography; every coordinate is in the millimetres of its own sheet
    (``block_sheet`` says which sheet a grid block is on). Marker ids tell mats apart: no two
    boards' mats (nor two variants of one) may share one, and printed mats keep theirs for good.
    """

    game: str
    rows: int
    cols: int
    page: tuple[float, float]
    cell: float
    #: top-left corner of each cell, rows x cols (in its sheet's millimetres).
    origins: tuple[tuple[Point, ...], ...]
    #: marker id -> its four corners (clockwise from top-left, as ArUco reports them).
    markers: tuple[tuple[int, Quad], ...]
    #: rectangles (x, y, w, h) of the grid blocks, each on one sheet.
    blocks: tuple[tuple[float, float, float, float], ...]
    #: the marker ids of each sheet (one sheet for most mats).
    sheet_markers: tuple[tuple[int, ...], ...] = ()
    #: the sheet of each block.
    block_sheet: tuple[int, ...] = ()
    #: cell-sized squares off the grid, read like cells: (name, sheet, x, y) of the top-left
    #: corner (the board description's :attr:`~BoardDescription.spots`).
    spots: tuple[tuple[str, int, float, float], ...] = ()
    variant: str = "standard"
    #: the side of a tile laid on this mat (0 for token mats).
    tile_mm: float = 0.0
    #: the tiles a cell may hold (tile mats).
    tile_faces: tuple[TileFace, ...] = ()
    #: heavy lines printed on the mat: (sheet, from, to).
    lines: tuple[tuple[int, Point, Point], ...] = ()
    #: words printed on the mat: (text, sheet, centre, height mm, vertical).
    labels: tuple[tuple[str, int, Point, float, bool], ...] = ()
    #: the cells' names as the screen says them (:meth:`BoardDescription.cell_label`), printed
    #: like ``labels`` beside the grid (mats printed before issue 39 have none: the reader needs
    #: neither).
    cell_names: tuple[tuple[str, int, Point, float, bool], ...] = ()
    #: the spots outlined in heavy ink (the others in the grid's ink).
    marked_spots: tuple[str, ...] = ()

    def center(self, row: int, col: int) -> Point:
        """The centre of cell (row, col) in millimetres (of its sheet)."""
        x, y = self.origins[row][col]
        return (x + self.cell / 2, y + self.cell / 2)

    def marker_points(self) -> dict[int, np.ndarray]:
        """Marker id -> 4 x 2 float32 array of its corners in millimetres."""
        import numpy as np

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


def token_mat(
    game: str, rows: int, cols: int, marker_ids: tuple[int, ...], title: str, max_cell: float = 34.0
) -> MatLayout:
    """A token board's mat on an A4 sheet: cells as large as the sheet allows (at most
    ``max_cell`` mm) leaving 2 cm of paper beside the grid, a marker in each corner, the title
    below the grid."""
    page = A4_PORTRAIT
    cell = min(max_cell, 180.0 / cols, 200.0 / rows)
    x0 = (page[0] - cols * cell) / 2
    y0 = 45 + (207 - rows * cell) / 2
    origins = tuple(tuple((x0 + c * cell, y0 + r * cell) for c in range(cols)) for r in range(rows))
    markers = corner_markers(marker_ids, page, 25.0, 10.0)
    # The cells' names as the screen says them ("e1"): letters under the grid, numbers on its
    # left, from 2.5 mm off its edge (the reader's paper ring lies 15 mm out, its token circles
    # inside the cells).
    names = cell_name_labels(rows, cols, rows, (x0, y0), cell, 0, 2.5, 4.0, letters=("bottom",))
    labels = ((title, 0, (page[0] / 2, page[1] - 22), 7.0, False),)
    return MatLayout(game, rows, cols, page, cell, origins, markers, ((x0, y0, cols * cell, rows * cell),),
                     (marker_ids,), (0,), labels=labels, cell_names=names)


#: One player's step on the table: the moves it plays (a Lightning draw and its placement are
#: one step) and the state they lead to.
Step = tuple[tuple[Any, ...], Any]
#: A visitor's turn: the moves, and every state from the one before the first move to the last.
Step2 = tuple[tuple[Any, ...], tuple[Any, ...]]


@dataclass(frozen=True)
class Mistake:
    """A scripted visitor's wrong action on the table: the table after it (``final``), the
    pictures on the way (a piece carried over cells), and where the hand is (a cell or a spot)."""

    final: Picture
    via: tuple[Picture, ...] = ()
    at: Any = None


def neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The cells next to ``cell`` (sides first, then corners), on a rows x cols grid."""
    r, c = cell
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
    return [(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < rows and 0 <= c + dc < cols]


def slide_path(source: Cell, target: Cell) -> list[Cell]:
    """The cells a hand carries a piece over from ``source`` to ``target`` (both included):
    rows first, then columns."""
    path = [source]
    r, c = source
    while (r, c) != target:
        if r != target[0]:
            r += 1 if target[0] > r else -1
        else:
            c += 1 if target[1] > c else -1
        path.append((r, c))
    return path


def slide_pictures(before: Picture, after: Picture) -> tuple[Picture, ...]:
    """The piece on its way from ``before`` to ``after``: lifted (its cell empty), then over the
    cells in between (on top of other pieces)."""
    cells = grid_diff(before.grid, after.grid)
    gone = [c for c in cells if after.grid[c[0]][c[1]] == EMPTY]
    come = [c for c in cells if before.grid[c[0]][c[1]] == EMPTY]
    if not come:
        return ()
    target = come[0]
    code = after.grid[target[0]][target[1]]
    lifted = [list(row) for row in before.grid]
    for r, c in gone:
        lifted[r][c] = EMPTY
    frames = [Picture(tuple(map(tuple, lifted)), before.spots)]
    source = gone[0] if gone else (target[0], 0)
    for cell in slide_path(source, target)[1:-1]:
        over = [row[:] for row in lifted]
        over[cell[0]][cell[1]] = code
        frames.append(Picture(tuple(map(tuple, over)), before.spots))
    return tuple(frames)


@dataclass(frozen=True)
class Fix:
    """One thing to put right on the table, in place and in words.

    ``where`` is a board cell or a spot name; ``want`` and ``have`` the codes that belong there
    and that the camera sees; ``sentence`` says what to do, ``role`` is the LED role of the
    cell (``put_back`` lit in the colour of ``want``, or ``remove``).
    """

    where: Cell | str
    want: str
    have: str
    sentence: Sentence
    role: str = "put_back"

    @property
    def cell(self) -> Cell | None:
        """The board cell to put right (None for a spot off the grid)."""
        return self.where if isinstance(self.where, tuple) else None

    def as_dict(self) -> dict[str, Any]:
        """The record's form (see ``docs/physical.md``)."""
        where = list(self.where) if isinstance(self.where, tuple) else self.where
        return {"where": where, "want": self.want, "have": self.have, "key": self.sentence.key}


class BoardDescription:
    """One game's board, for the camera, the LEDs and the physical-board mode.

    Subclasses set the class attributes and override :meth:`expected` (physical games),
    :meth:`move_cells` and :meth:`state_roles`; everything else has a sensible default.
    ``pieces`` is ``"tokens"`` or ``"tiles"`` for boards a camera can read, ``"none"`` for
    boards that only carry lights (Awélé's pits, Juniper's numbers).
    """

    game: ClassVar[str] = ""
    pieces: ClassVar[str] = "none"
    #: Each player's token code, player 1 first (token games).
    token_codes: ClassVar[tuple[str, ...]] = ()
    #: Readable spots off the grid, by name (the camera reads a code on each, like a cell).
    spots: ClassVar[tuple[str, ...]] = ()
    #: The printed mat's variants (:meth:`mat`), the usual one first.
    mat_variants: ClassVar[tuple[str, ...]] = ("standard",)

    def __init__(self, rows: int, cols: int, led_rows: int | None = None, led_cols: int | None = None) -> None:
        self.rows = rows
        self.cols = cols
        self.led_rows = rows if led_rows is None else led_rows
        self.led_cols = cols if led_cols is None else led_cols

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rows}x{self.cols})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    def __hash__(self) -> int:
        return hash((type(self), self.rows, self.cols, self.led_rows, self.led_cols))

    # --- the grid ------------------------------------------------------------------------

    @property
    def readable(self) -> bool:
        """True when a camera can read this board (tokens or tiles on a printed mat)."""
        return self.pieces in ("tokens", "tiles")

    def exists(self, cell: Cell) -> bool:
        """True when ``cell`` is a cell of the board."""
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def cells(self) -> Iterator[Cell]:
        """Every cell of the board, in reading order."""
        return ((r, c) for r in range(self.rows) for c in range(self.cols) if self.exists((r, c)))

    def cell_label(self, cell: Cell) -> str:
        """A short name players can find on the printed board: column letter, row number from
        the bottom (``"a1"`` is the bottom-left cell, as on a chessboard)."""
        r, c = cell
        return f"{_column_letters(c)}{self.rows - r}"

    def empty_grid(self) -> Grid:
        """The board with nothing on it (missing cells as :data:`NO_CELL`)."""
        return tuple(
            tuple(EMPTY if self.exists((r, c)) else NO_CELL for c in range(self.cols)) for r in range(self.rows)
        )

    # --- the printed mat (boards a camera reads) ----------------------------------------------

    def mat(self, variant: str = "standard") -> MatLayout:
        """The printed mat of this board in ``variant`` (one of :attr:`mat_variants`): its
        markers, cells and spots in millimetres (override for boards a camera reads)."""
        raise NotImplementedError(f"{self.game} has no printed mat")

    def tile_faces(self) -> tuple[TileFace, ...]:
        """Every tile a cell may hold, as printed (tile boards; token boards say
        :attr:`token_codes`). The first face of each design is the one printed on tile sheets."""
        return ()

    def resized(self, rows: int, cols: int) -> BoardDescription:
        """The same game on a board of ``rows`` x ``cols`` (ValueError when its mat comes in one
        size)."""
        if (rows, cols) == (self.rows, self.cols):
            return self
        raise ValueError(f"the {self.game} mat comes in one size ({self.rows} x {self.cols})")

    def sample_grid(self, rng: random.Random) -> Grid:
        """A grid this board may show, drawn from ``rng`` (the synthetic camera's photographs):
        by default pieces anywhere with a random density (empty boards included)."""
        codes = [face.code for face in self.tile_faces()] or list(self.token_codes)
        density = rng.choice((0.0, 0.15, 0.4, 0.7, 1.0)) if rng.random() < 0.3 else rng.uniform(0.05, 0.9)
        return tuple(
            tuple(rng.choice(codes) if rng.random() < density else EMPTY for _ in range(self.cols))
            for _ in range(self.rows)
        )

    # --- states on the grid ----------------------------------------------------------------

    def start(self) -> Any:
        """The position before the first move, when the board knows it (None by default): the
        calibration screen's pretend game plays from it."""
        return None

    def expected(self, state: Any) -> Grid:
        """What the board shows in ``state`` (override for boards a camera reads)."""
        raise NotImplementedError(f"{self.game} has no physical pieces to read")

    def start_grid(self) -> Grid:
        """What the camera sees before the first move (override for boards a camera reads)."""
        raise NotImplementedError(f"{self.game} has no physical pieces to read")

    def successors(self, state: Any) -> list[tuple[Any, Grid]]:
        """Every legal move of ``state`` with the grid it leaves. Moves that change nothing on
        the board (taking a tile from the bag) are left out: a camera cannot see them."""
        before = self.expected(state)
        result = []
        for move in state.legal_moves():
            after = self.expected(state.play(move))
            if after != before:
                result.append((move, after))
        return result

    def move_cells(self, state: Any, move: Any) -> tuple[Cell | None, Cell | None]:
        """``(from, to)``: where the piece that ``move`` plays comes from and goes to, in board
        cells (``None`` where that side is off the board)."""
        return None, None

    # --- the physical board: pictures, steps and fixes ---------------------------------------

    def picture(self, state: Any) -> Picture:
        """The picture ``state`` shows on a table set right."""
        return Picture(self.expected(state), self.spot_picture(state))

    def spot_picture(self, state: Any) -> tuple[tuple[str, str], ...]:
        """The spots' part of :meth:`picture` (none by default)."""
        return ()

    def shows(self, state: Any, seen: Picture) -> bool:
        """True when the table in ``seen`` shows ``state`` (a board may accept several
        pictures for one state: Lightning's drawn tile may be in the player's hand)."""
        return seen == self.picture(state)

    def read(self, grid: Sequence[Sequence[str]], spots: Mapping[str, Any] | None = None) -> Picture:
        """A camera reading in normal form: rows of codes (strings of one-letter codes, or
        lists) and what was read on the spots."""
        return Picture(grid_from_rows(grid), ())

    def slots(self, picture: Picture, names: tuple[str, ...] | None = None) -> dict[str, str]:
        """What lies on each readable spot for ``picture`` (the inverse of :meth:`read`: a
        virtual table's pieces as a camera would find them on the mat's spots), on the spots
        ``names`` (the description's own by default)."""
        return {}

    def steps(self, state: Any, seen: Picture) -> list[Step]:
        """Candidate steps of the player to move towards ``seen`` (a superset: the sync engine
        keeps those whose state :meth:`shows` ``seen``). By default each legal move is a step."""
        if state.is_terminal():
            return []
        return [((move,), state.play(move)) for move in state.legal_moves()]

    def reveal(self, state: Any, move: Any, seen: Picture) -> Any | None:
        """For a move whose outcome only the table knows (a tile drawn from the real bag): the
        move ``seen`` shows was made, or None while it is not (nothing needs revealing by default)."""
        return None

    def needs_reveal(self, state: Any, move: Any) -> bool:
        """True when ``move`` is decided by the table (see :meth:`reveal`)."""
        return False

    def why_not(self, state: Any, seen: Picture) -> Sentence | None:
        """What is wrong with ``seen`` as a move of ``state`` (the wrong player moved, a token
        that already moved...), or None when nothing simple is."""
        return None

    def guide(self, state: Any, move: Any) -> Sentence:
        """What to do on the table to play the computer's ``move`` for it."""
        source, target = self.move_cells(state, move)
        labels = tuple((name, self.cell_label(cell)) for name, cell in (("from", source), ("to", target)) if cell)
        return Sentence(f"{self.game}.physical.guide", (), labels)

    def piece_key(self, code: str) -> str:
        """The translation key base of the piece ``code``: ``<key>.the`` and ``<key>.a`` name it
        with the definite and the indefinite article."""
        return f"{self.game}.piece.{code}"

    def piece_rgb(self, code: str) -> RGB | None:
        """The LED colour that asks for piece ``code`` (None: the role's own colour)."""
        return None

    def same_piece(self, want: str, have: str) -> bool:
        """True when ``have`` is the piece ``want`` turned the wrong way (a tile's rotation)."""
        return False

    def fixes(self, target: Picture, seen: Picture) -> list[Fix]:
        """What to change on the table seen as ``seen`` so that it shows ``target``: one
        :class:`Fix` per cell that differs (in reading order), then the spots'."""
        result = []
        for cell in grid_diff(target.grid, seen.grid):
            want, have = target.grid[cell[0]][cell[1]], seen.grid[cell[0]][cell[1]]
            result.append(self.cell_fix(cell, want, have))
        return result + self.spot_fixes(target, seen)

    def cell_fix(self, cell: Cell, want: str, have: str) -> Fix:
        """The fix of one board cell (see :meth:`fixes`)."""
        label = (("cell", self.cell_label(cell)),)
        if have == UNKNOWN:
            return Fix(cell, want, have, Sentence("physical.fix.unknown", (), label), "remove")
        if want == EMPTY:
            words = (("piece", f"{self.piece_key(have)}.the"),)
            return Fix(cell, want, have, Sentence("physical.fix.remove", words, label), "remove")
        if have == EMPTY:
            words = (("piece", f"{self.piece_key(want)}.the"),)
            return Fix(cell, want, have, Sentence("physical.fix.put", words, label))
        if self.same_piece(want, have):
            words = (("piece", f"{self.piece_key(want)}.the"),)
            return Fix(cell, want, have, Sentence("physical.fix.turn", words, label))
        both = (("have", f"{self.piece_key(have)}.the"), ("want", f"{self.piece_key(want)}.a"))
        return Fix(cell, want, have, Sentence("physical.fix.swap", both, label))

    def spot_fixes(self, target: Picture, seen: Picture) -> list[Fix]:
        """The fixes of the spots off the grid (none by default)."""
        return []

    # --- a scripted visitor at the table (games/visitor.py) -------------------------------------

    def visitor_step(self, state: Any, choose: Callable[[Any], Any], rng: random.Random) -> Step2:
        """A scripted visitor's turn at the table: the moves it makes (``choose(state)`` picks
        one) and the states they lead through, first state included. One move by default; a
        game whose turn is several moves (Lightning: a draw, then where the tile goes) says so."""
        move = choose(state)
        return (move,), (state, state.play(move))

    def visitor_mistake(self, fault: str, state: Any, table: Picture, rng: random.Random) -> Mistake | None:
        """The table after a visitor's mistake ``fault`` (see :data:`games.visitor.FAULTS`), or
        None when this board has no such mistake here. By default, for a board of tokens:
        ``illegal`` a token slid to a neighbouring empty cell where no move goes, ``stack`` a
        token put on a neighbouring token of another kind where no move goes (checked against
        :meth:`successors`, so it is never a legal move)."""
        if self.pieces != "tokens" or fault not in ("illegal", "stack"):
            return None
        grid = [list(row) for row in table.grid]
        legal = {after for _move, after in self.successors(state)}
        options = []
        for source in [(r, c) for r, row in enumerate(grid) for c, code in enumerate(row)
                       if code not in (EMPTY, NO_CELL, UNKNOWN)]:
            code = grid[source[0]][source[1]]
            for target in neighbours(source, len(grid), len(grid[0])):
                there = grid[target[0]][target[1]]
                onto = there not in (EMPTY, NO_CELL, UNKNOWN, code)
                if (fault == "illegal" and there == EMPTY) or (fault == "stack" and onto):
                    after = [row[:] for row in grid]
                    after[source[0]][source[1]] = EMPTY
                    after[target[0]][target[1]] = code
                    if tuple(map(tuple, after)) not in legal:
                        options.append((source, target))
        if not options:
            return None
        source, target = rng.choice(options)
        before = Picture(tuple(map(tuple, grid)), table.spots)
        grid[target[0]][target[1]] = grid[source[0]][source[1]]
        grid[source[0]][source[1]] = EMPTY
        final = Picture(tuple(map(tuple, grid)), table.spots)
        return Mistake(final, slide_pictures(before, final), source)

    def visitor_shows_first(self, moves: tuple[Any, ...], rng: random.Random) -> str | None:
        """The spot where a visitor shows the first of a turn's ``moves`` before making the rest
        (Lightning: a drawn tile on the hand spot, now and then), or None: one gesture."""
        return None

    def visitor_draw(self, state: Any, rng: random.Random) -> tuple[dict[str, str], Any]:
        """For a board whose sync engine asks the table to draw for the computer (a tile out of
        the real bag): the spots the visitor lays it on and the move that draw is. A board
        without draws is never asked."""
        raise NotImplementedError(f"{self.game} has no draw at the table")

    # --- lights ----------------------------------------------------------------------------

    def led_cell(self, cell: Cell) -> Cell:
        """The LED-grid cell under board cell ``cell`` (the same cell unless overridden)."""
        return cell

    def state_roles(self, state: Any) -> dict[Cell, str]:
        """Lights that belong to the position itself (players' pieces, the winning line)."""
        return {}

    def legal_cells(self, state: Any) -> list[Cell]:
        """The cells a person touches to play (where a legal move starts, else ends)."""
        cells: list[Cell] = []
        for move in state.legal_moves():
            source, target = self.move_cells(state, move)
            cell = source if source is not None else target
            if cell is not None and cell not in cells:
                cells.append(cell)
        return cells

    def lights(
        self, roles: Mapping[Cell, str], *, idle: bool = False, colours: Mapping[Cell, RGB] | None = None
    ) -> BoardLights:
        """The :class:`BoardLights` message for ``roles`` given in board cells."""
        return BoardLights(
            self.game,
            self.led_rows,
            self.led_cols,
            {self.led_cell(cell): role for cell, role in roles.items()},
            idle=idle,
            colours={self.led_cell(cell): rgb for cell, rgb in (colours or {}).items()},
        )

    def idle_lights(self) -> BoardLights:
        """The soft idle glow (menu, attract mode)."""
        return self.lights({}, idle=True)


#: The printed labels' ink for a label ``height`` mm tall (the mat printer's font): half its
#: height, and half the width of each character, as shares of ``height``.
LABEL_HALF_HEIGHT, LABEL_HALF_CHAR = 0.65, 0.45


def cell_name_labels(
    rows: int, cols: int, board_rows: int, origin: Point, cell: float, sheet: int, near: float, height: float,
    letters: tuple[str, ...] = ("bottom",), first_row: int = 0,
) -> tuple[tuple[str, int, Point, float, bool], ...]:
    """The printed names of a block of ``rows`` x ``cols`` cells whose top-left corner is at
    ``origin`` (sheet mm), as :meth:`BoardDescription.cell_label` says them: each column's
    letter beyond the block's ``letters`` edges (``top``, ``bottom``), each row's number (counted
    from the bottom of a board of ``board_rows``; the block's first row is the board's
    ``first_row``) on its left; ``height`` mm tall, their ink starting ``near`` mm from the
    block's edge. Labels in :class:`MatLayout`'s form."""
    x0, y0 = origin
    out: list[tuple[str, int, Point, float, bool]] = []
    for edge in letters:
        gap = near + LABEL_HALF_HEIGHT * height
        y = y0 - gap if edge == "top" else y0 + rows * cell + gap
        out += [(_column_letters(c), sheet, (x0 + (c + 0.5) * cell, y), height, False) for c in range(cols)]
    for r in range(rows):
        number = str(board_rows - (first_row + r))
        gap = near + LABEL_HALF_CHAR * height * len(number)
        out.append((number, sheet, (x0 - gap, y0 + (r + 0.5) * cell), height, False))
    return tuple(out)


def _column_letters(col: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa: spreadsheet-style column names."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters
