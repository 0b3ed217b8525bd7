"""Lewthwaite's board off the screen: a rows x cols mat of red and blue tokens and one hole."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.boards import (
    EMPTY,
    NO_CELL,
    BoardDescription,
    Cell,
    Grid,
    MatLayout,
    Mistake,
    Picture,
    Sentence,
    grid_diff,
    slide_pictures,
    token_mat,
)
from games.effects import RGB
from games.lewthwaite.rules import BLUE, RED, LewthwaiteParams, LewthwaiteState

#: The camera's and the printed mat's code for each colour's tokens.
TOKEN_CODE = {RED: "R", BLUE: "B"}
COLOUR_OF = {code: colour for colour, code in TOKEN_CODE.items()}
#: The LED colour asking for a token of each colour (Okabe & Ito's vermillion and blue: the LED
#: palette's player colours, told apart with every common colour blindness).
TOKEN_RGB: dict[str, RGB] = {"R": (213, 94, 0), "B": (0, 114, 178)}
#: The printed mat's ArUco markers (top-left, top-right, bottom-right, bottom-left): mats already
#: printed carry them, so they never change.
MARKER_IDS = (0, 1, 2, 3)


class LewthwaiteBoard(BoardDescription):
    """The token board: every cell holds a token but the hole; a move slides a token into it."""

    game = "lewthwaite"
    pieces = "tokens"
    token_codes = (TOKEN_CODE[RED], TOKEN_CODE[BLUE])

    def __init__(self, params: LewthwaiteParams | None = None) -> None:
        self.params = params or LewthwaiteParams()
        super().__init__(self.params.rows, self.params.cols)

    def mat(self, variant: str = "standard") -> MatLayout:
        """An A4 sheet: cells up to 34 mm (bottle caps and draughts pieces), the title below."""
        if variant not in self.mat_variants:
            raise ValueError(f"the {self.game} mat comes as {' or '.join(self.mat_variants)}, not '{variant}'")
        return token_mat(self.game, self.rows, self.cols, MARKER_IDS, "LEWTHWAITE")

    def resized(self, rows: int, cols: int) -> LewthwaiteBoard:
        """The game on a ``rows`` x ``cols`` board (hole in the centre)."""
        return LewthwaiteBoard(LewthwaiteParams(rows, cols))

    def sample_grid(self, rng: random.Random) -> Grid:
        """A position reached by random legal play from the start."""
        state = self.start()
        for _ in range(rng.randint(0, self.rows * self.cols)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(rng.choice(moves))
        return self.expected(state)

    def start(self) -> LewthwaiteState:
        """The position before the first move."""
        return self.params.new_initial_state()

    def start_grid(self) -> Grid:
        """What the camera sees before the first move (the setup assistant's target)."""
        return self.expected(self.start())

    def expected(self, state: LewthwaiteState) -> Grid:
        """``R``/``B`` tokens and the hole ``.`` (a camera cannot tell a moved token)."""
        return tuple(
            tuple(
                EMPTY if (colour := state.token_at((r, c))) is None else TOKEN_CODE[colour]
                for c in range(self.cols)
            )
            for r in range(self.rows)
        )

    def successors(self, state: LewthwaiteState) -> list[tuple[Cell, Grid]]:
        """Each legal slide and its grid: the token's cell empties, the hole takes its colour
        (built directly: the generic version replays the rules, this is called per reading)."""
        before = self.expected(state)
        hole = state.hole
        colour = TOKEN_CODE[state.current_color]
        result = []
        for move in state.legal_moves():
            rows = [list(row) for row in before]
            rows[move[0]][move[1]] = EMPTY
            rows[hole[0]][hole[1]] = colour
            result.append((move, tuple(tuple(row) for row in rows)))
        return result

    def move_cells(self, state: LewthwaiteState, move: Cell) -> tuple[Cell | None, Cell | None]:
        """The token slides from ``move`` into the hole."""
        return move, state.hole

    def read(self, grid: Sequence[Sequence[str]], spots: Mapping[str, Any] | None = None) -> Picture:
        """A reading in normal form (a moved token is the same token to the camera: ``r`` is ``R``)."""
        return Picture(tuple(tuple(code.upper() for code in row) for row in grid))

    def piece_rgb(self, code: str) -> RGB | None:
        """The token's own colour on the LEDs."""
        return TOKEN_RGB.get(code)

    def why_not(self, state: LewthwaiteState, seen: Picture) -> Sentence | None:
        """When ``seen`` is one token slid into the hole, why that slide is not a move: the
        other colour's turn, a token that already moved, or one that is not next to the hole."""
        before = self.expected(state)
        if len(before) != len(seen.grid):
            return None
        cells = grid_diff(before, seen.grid)
        hole = state.hole
        if len(cells) != 2 or hole not in cells:
            return None
        source = cells[0] if cells[1] == hole else cells[1]
        code = before[source[0]][source[1]]
        if seen.grid[source[0]][source[1]] != EMPTY or seen.grid[hole[0]][hole[1]] != code:
            return None
        if COLOUR_OF.get(code) != state.current_color:
            return Sentence("lewthwaite.illegal.color", (("of_color", f"lewthwaite.illegal.of.{state.current_color}"),))
        if state.has_moved(source):
            return Sentence("lewthwaite.illegal.moved")
        return Sentence("lewthwaite.illegal.far")

    def visitor_mistake(self, fault: str, state: LewthwaiteState, table: Picture,
                        rng: random.Random) -> Mistake | None:
        """A token where it may not go, slid over the cells in between: ``illegal`` one of the
        colour to move that cannot (far, or moved already) into the hole, ``wrong_player`` one of
        the other colour into the hole, ``stack`` one onto a neighbouring token of the other colour."""
        grid = [list(row) for row in table.grid]
        hole = state.hole
        mine = TOKEN_CODE[state.current_color]
        theirs = TOKEN_CODE[BLUE] if mine == TOKEN_CODE[RED] else TOKEN_CODE[RED]
        legal = set(state.legal_moves())
        cells = [(r, c) for r, row in enumerate(grid) for c, code in enumerate(row) if code != NO_CELL]
        target: Cell | None
        if fault == "illegal":
            options = [cell for cell in cells if grid[cell[0]][cell[1]] == mine and cell not in legal]
            target = hole
        elif fault == "wrong_player":
            options = [cell for cell in cells if grid[cell[0]][cell[1]] == theirs]
            target = hole
        elif fault == "stack":
            options = [cell for cell in cells if grid[cell[0]][cell[1]] == mine]
            target = None
        else:
            return None
        if not options:
            return None
        source = rng.choice(options)
        code = grid[source[0]][source[1]]
        if target is None:
            near = [c for c in cells if abs(c[0] - source[0]) + abs(c[1] - source[1]) == 1
                    and grid[c[0]][c[1]] not in (EMPTY, code)]
            if not near:
                return None
            target = rng.choice(near)
        before = Picture(tuple(map(tuple, grid)), table.spots)
        grid[source[0]][source[1]] = EMPTY
        grid[target[0]][target[1]] = code
        final = Picture(tuple(map(tuple, grid)), table.spots)
        return Mistake(final, slide_pictures(before, final), source)

    def state_roles(self, state: LewthwaiteState) -> dict[Cell, str]:
        """At the end the hole glows: the blocked player's last hope."""
        return {state.hole: "win"} if state.is_terminal() else {}


def board_for(state: LewthwaiteState) -> LewthwaiteBoard:
    """The board description of ``state``'s board size and start hole."""
    return LewthwaiteBoard(state.params)


def default_board() -> LewthwaiteBoard:
    """The 5 x 5 board with the hole in the centre."""
    return LewthwaiteBoard()
