"""Lightning's board off the screen: the printed mat of square cells, tiles laid on it, the
"tile in hand" spot and the reserve slots beside it, and the LED table that holds the two
halves side by side.

On a real table the draw pile is a bag: nobody knows a drawn tile until it is seen. A tile shown
on the hand spot, or laid on the mat, tells which design was drawn (a pool take with a known
design, ``pool Z``); a drawn tile put in a reserve slot is a shelve; a tile missing from the
reserve slots was taken from the reserve.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.boards import EMPTY, UNKNOWN, BoardDescription, Cell, Fix, Grid, Picture, Sentence, Step, grid_diff
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
from games.lightning.tiles import distinct_rotations

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


class LightningBoard(BoardDescription):
    """The mat: ``2 * half_rows`` rows (player 2's half on top) by ``cols`` columns; a cell
    holds nothing or one tile, coded design + rotation (``"Z3"``)."""

    game = "lightning"
    pieces = "tiles"
    spots = (HAND, *(f"{RESERVE}{k}" for k in range(RESERVE_SLOTS)))

    def __init__(self, half_rows: int = HALF_ROWS, cols: int = COLS) -> None:
        self.half_rows = half_rows
        # The LED table lays the halves side by side (Geometry.side_by_side): H x 2C.
        super().__init__(2 * half_rows, cols, led_rows=half_rows, led_cols=2 * cols)

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


def board_for(state: LightningState) -> LightningBoard:
    """The board description of ``state``'s board size."""
    return LightningBoard(state.half_rows, state.cols)


def default_board() -> LightningBoard:
    """The real game's mat: two halves of 17 x 8."""
    return LightningBoard()
