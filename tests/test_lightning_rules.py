"""Lightning rules: connection logic from small board diagrams, placement legality, pool and
reserve accounting, text forms."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import GameInputError, IllegalMoveError
from games.lightning.rules import (
    SHELVE,
    TAKE_POOL,
    VARIANT_CODE,
    VARIANTS,
    Geometry,
    Place,
    Take,
    board_from_text,
    board_to_text,
    can_connect,
    connection_distance,
    from_board,
    from_text,
    geometry,
    is_connected,
    new_game,
    open_junctions,
    parse_move,
    path_cut_off,
    winning_cells,
)
from games.lightning.tiles import Tile
from tests.outcomes import final

# Small boards: 2 rows per half, 3 columns. Rows 0-1 are player 2's half (start row 0 at the
# top), rows 2-3 player 1's (start row 3 at the bottom); "--" marks the centre line.
# (diagram, connected players, distance of player 1, distance of player 2)
CONNECTION_TABLE = [
    ("empty board", """
     .  .  .
     .  .  .
     --
     .  .  .
     .  .  .
     """, set(), 2, 2),
    ("straight line for player 1", """
     .  .  .
     .  .  .
     --
     I0 .  .
     I0 .  .
     """, {1}, 0, 2),
    ("two diagonals meet at a corner shared by four squares", """
     .  .  .
     .  .  .
     --
     D0 .  .
     .  D0 .
     """, {1}, 0, 2),
    ("a stroke reaching the bottom edge at a corner counts", """
     .  .  .
     .  .  .
     --
     I0 .  .
     Z0 .  .
     """, {1}, 0, 2),
    ("an arc on the start square does not touch the outer edge", """
     .  .  .
     .  .  .
     --
     I0 .  .
     L0 .  .
     """, set(), 1, 2),
    ("segments that do not meet: a gap at the edge between them", """
     .  .  .
     .  .  .
     --
     I1 .  .
     I0 .  .
     """, set(), 2, 2),
    ("player 2 from the top: three tiles meet at one corner", """
     .  D0 D1
     .  S2 .
     --
     .  .  .
     .  .  .
     """, {2}, 2, 0),
    ("player 1's tiles on player 2's half do not count for player 1", """
     .  I0 .
     .  I0 .
     --
     .  .  .
     .  .  .
     """, {2}, 2, 0),
    ("a line across the whole board connects player 2 only on their half", """
     .  .  .
     .  .  .
     --
     .  I0 .
     .  .  .
     """, set(), 1, 2),
    ("start row blocked for good: every start square holds a dead tile", """
     .  .  .
     .  .  .
     --
     .  .  .
     L0 L3 L0
     """, set(), None, 2),
]


@pytest.mark.parametrize(("name", "diagram", "connected", "d1", "d2"), CONNECTION_TABLE,
                         ids=[row[0] for row in CONNECTION_TABLE])
def test_connection_table(name: str, diagram: str, connected: set[int], d1: int | None,
                          d2: int | None) -> None:
    geo, board = board_from_text(diagram)
    assert {p for p in (1, 2) if is_connected(geo, board, p)} == connected
    assert connection_distance(geo, board, 1) == d1
    assert connection_distance(geo, board, 2) == d2


def test_branch_dead_end_is_not_part_of_the_bolt() -> None:
    # Player 1: I0 up the left column; an L at (2,1) hangs off the shared corner and leads nowhere.
    geo, board = board_from_text("""
     .  .  .
     .  .  .
     --
     I0 .  .
     I0 D1 .
     """)
    assert is_connected(geo, board, 1)
    assert winning_cells(geo, board, 1) == ((2, 0), (3, 0))


def test_path_may_continue_from_any_junction() -> None:
    # The straight branch is blocked by the L at (2,0); the diagonal branch from the bottom
    # corner point goes on through (2,1)... which is empty, so the distance is 1, not "blocked".
    geo, board = board_from_text("""
     .  .  .
     .  .  .
     --
     L1 .  .
     I0 D0 .
     """)
    assert not is_connected(geo, board, 1)
    assert connection_distance(geo, board, 1) == 1


def brute_force_distance(geo: Geometry, board: tuple[int, ...], player: int) -> int | None:
    """Fewest tiles to add on the player's half (every subset and every tile), or None."""
    empty = [i for i in sorted(geo.half_cells[player]) if not board[i]]
    for k in range(len(empty) + 1):
        for cells in itertools.combinations(empty, k):
            for codes in itertools.product(range(1, len(VARIANTS) + 1), repeat=k):
                trial = list(board)
                for i, code in zip(cells, codes, strict=True):
                    trial[i] = code
                if is_connected(geo, tuple(trial), player):
                    return k
    return None


@pytest.mark.parametrize("seed", range(12))
def test_distance_matches_brute_force_on_tiny_boards(seed: int) -> None:
    rng = random.Random(seed)
    geo = geometry(2, 2)
    board = tuple(rng.choice([0, 0] + list(range(1, len(VARIANTS) + 1))) for _ in range(geo.size))
    for player in (1, 2):
        assert connection_distance(geo, board, player) == brute_force_distance(geo, board, player), \
            board_to_text(geo, board)


@pytest.mark.parametrize(("half_rows", "cols", "fill"), [(2, 2, 0.5), (3, 3, 0.7), (17, 8, 0.6), (17, 8, 0.7)])
def test_can_connect_is_a_connection_distance(half_rows: int, cols: int, fill: float) -> None:
    """The early-stopping search says the same as the distance field, blocked halves included."""
    rng = random.Random(half_rows * 100 + round(100 * fill))
    geo = geometry(half_rows, cols)
    seen = set()
    for _ in range(150):
        board = tuple(rng.randrange(1, len(VARIANTS) + 1) if rng.random() < fill else 0 for _ in range(geo.size))
        for player in (1, 2):
            connected = connection_distance(geo, board, player) is not None
            assert can_connect(geo, board, player) == connected, board_to_text(geo, board)
            seen.add(connected)
    assert seen == {True, False}


def test_a_new_board_is_judged_without_the_whole_distance_field(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether a tile laid ends the game (a half blocked for good) is asked on the frame thread
    at every move: it stops at the first way to the centre line found (:func:`can_connect`), not
    after the whole distance field of both halves (about a millisecond at 1080p's kiosk)."""
    from games.lightning import rules

    rng = random.Random(4)
    state = new_game(random.Random(9))
    fields = [0]
    field = rules.distance_field

    def counted(*args: object, **kwargs: object) -> list[int]:
        fields[0] += 1
        return field(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(rules, "distance_field", counted)
    laid = 0
    while not state.is_terminal() and laid < 30:
        moves = state.legal_moves()
        state = state.play(next((m for m in moves if isinstance(m, Take)), None) or rng.choice(moves))
        if state.hand is None:
            laid += 1
    assert laid >= 20
    assert fields[0] == 0, f"{fields[0]} distance fields worked out to judge {laid} boards"


# --- legality ----------------------------------------------------------------------------

LEGALITY_BOARD = """
 .  .  .
 .  .  .
 .  .  .
 --
 .  .  .
 .  Z1 .
 .  .  .
"""


@pytest.mark.parametrize(("cell", "player", "legal"), [
    ((5, 0), 1, True),    # own start square, touching nothing
    ((5, 2), 1, True),
    ((0, 0), 1, False),   # opponent's start square, touching nothing
    ((0, 0), 2, True),
    ((5, 0), 2, True),    # opponent's start square, touching (4,1) by a corner
    ((3, 0), 1, True),    # touches (4,1) by a corner
    ((3, 1), 2, True),    # touches (4,1) by a side
    ((2, 1), 1, False),   # across the centre line but two rows away from the tile
    ((4, 1), 1, False),   # occupied
    ((9, 0), 1, False),   # off the board
])
def test_can_place_on(cell: tuple[int, int], player: int, legal: bool) -> None:
    state = from_board(LEGALITY_BOARD, player=player, hand="I")
    assert state.can_place_on(cell) is legal
    if legal:
        assert Place(cell, 0) in state.legal_moves()
    else:
        with pytest.raises(IllegalMoveError):
            state.play(Place(cell, 0))


def test_touching_across_the_centre_line() -> None:
    state = from_board("""
     .  .
     .  .
     --
     I0 .
     I0 .
     """, player=2, hand="D")
    assert state.can_place_on((1, 1))  # corner contact with (2, 0) across the centre line
    assert state.can_place_on((1, 0))


def test_turn_structure_and_errors() -> None:
    state = new_game(random.Random(4), first=1)
    assert state.legal_moves() == [TAKE_POOL]
    with pytest.raises(IllegalMoveError, match="take a tile first"):
        state.play(Place((33, 0), 0))
    with pytest.raises(IllegalMoveError, match="no Z tile in the reserve"):
        state.play(Take("reserve", "Z"))
    drawn = state.play(TAKE_POOL)
    assert drawn.current_player == 1 and drawn.hand is not None and drawn.pool_size == 149
    # Only the start row is open on an empty board; the shelf option comes last.
    assert {m.cell[0] for m in drawn.legal_moves() if isinstance(m, Place)} == {33}
    assert drawn.legal_moves()[-1] == SHELVE
    with pytest.raises(IllegalMoveError, match="already in hand"):
        drawn.play(TAKE_POOL)
    shelved = drawn.play(SHELVE)
    assert shelved.current_player == 2 and shelved.reserve_size == 1 and shelved.hand is None
    taken = shelved.play(Take("reserve", drawn.hand))
    assert taken.hand_source == "reserve" and SHELVE not in taken.legal_moves()
    with pytest.raises(IllegalMoveError, match="only a tile drawn from the pool"):
        taken.play(SHELVE)
    with pytest.raises(IllegalMoveError, match="rotations"):
        taken.play(Place((0, 0), 7))


def test_first_player_and_draws_are_reproducible() -> None:
    firsts = {new_game(random.Random(seed)).current_player for seed in range(20)}
    assert firsts == {1, 2}
    a = new_game(random.Random(9)).play(TAKE_POOL)
    b = new_game(random.Random(9)).play(TAKE_POOL)
    assert a.hand == b.hand and a == b


def test_win_ends_the_game_whoever_lays_the_tile() -> None:
    # Player 2 lays the last tile of player 1's line: player 1 wins.
    state = from_board("""
     .  .
     .  .
     --
     .  .
     I0 .
     """, player=2, hand="I")
    after = state.play(Place((2, 0), 0))
    assert after.is_terminal() and after.winner == 1
    assert final(after).winner == 1 and after.legal_moves() == []


def test_draw_when_pool_and_reserve_are_empty() -> None:
    state = from_board("""
     .  .
     .  .
     --
     .  .
     .  .
     """, player=1, pool=(0, 0, 0, 0, 1))
    state = state.play(TAKE_POOL).play(SHELVE)
    assert not state.is_terminal()
    state = state.play(Take("reserve", "S")).play(Place((0, 1), 0))
    assert state.is_terminal() and final(state).is_draw


# The first to connect wins (the CEMÉA rules). A blocked player may start again from any junction
# of their path; one with no junction and no start square left that leads to the middle can never
# connect: the game is decided, the other player wins at once (both at once, from a position
# text: a draw). Whoever lays the tile that walls a half off.
# (name, diagram, player to move, hand, cell, rotation, over, connected, outcome's winner, reason)
ENDINGS_TABLE = [
    ("a half still open: play goes on", """
     .  .  .
     .  .  .
     --
     .  .  .
     L0 L3 .
     """, 2, "I", (0, 0), 0, False, None, None, None),
    ("the other player walls a half off: they win at once", """
     .  .  .
     .  .  .
     --
     .  .  .
     L0 L3 .
     """, 2, "L", (3, 2), 0, True, None, 2, "lightning.end.walled"),
    ("a player walls their own half off: the other wins", """
     .  .  .
     .  .  .
     --
     .  .  .
     L0 L3 .
     """, 1, "L", (3, 2), 0, True, None, 2, "lightning.end.walled"),
    ("red walls blue's start row off: red wins", """
     L2 L1 .
     .  .  .
     --
     .  .  .
     .  .  .
     """, 1, "L", (0, 2), 2, True, None, 1, "lightning.end.walled"),
    ("the last open half connects: a win", """
     I0 .  .
     .  .  .
     --
     .  .  .
     .  .  .
     """, 2, "I", (1, 0), 0, True, 2, 2, "lightning.end.connected"),
]


@pytest.mark.parametrize(("name", "diagram", "player", "hand", "cell", "rotation", "over", "connected", "wins",
                          "reason"), ENDINGS_TABLE, ids=[row[0] for row in ENDINGS_TABLE])
def test_endings_table(name: str, diagram: str, player: int, hand: str, cell: tuple[int, int], rotation: int,
                       over: bool, connected: int | None, wins: int | None, reason: str | None) -> None:
    state = from_board(diagram, player=player, hand=hand)
    assert not state.is_terminal() and state.pool_size > 0
    after = state.play(Place(cell, rotation))
    assert after.is_terminal() == over and after.winner == connected
    outcome = after.outcome()
    assert (outcome.reason if outcome else None) == reason
    assert (outcome.winner if outcome else None) == wins
    if over:
        assert after.legal_moves() == [] and after.phase == "over"
        assert from_text(after.to_text()).outcome() == outcome  # the text form needs no cached fact


# A path blocked at its tip goes on from another junction (a corner shared by up to four squares);
# with none left it must start again from the start row. (diagram, open junctions of red, cut off)
JUNCTIONS_TABLE = [
    ("a Z from the start edge ends at a corner: three squares go on from it", """
     .  .  .
     .  .  .
     --
     .  .  .
     .  Z2 .
     """, {(2, 0), (2, 1), (3, 0)}, False),
    ("the square above is taken: two junctions left", """
     .  .  .
     .  .  .
     --
     .  I1 .
     .  Z2 .
     """, {(2, 0), (3, 0)}, False),
    ("every square at the corner is taken: the path is cut off, the start row is not", """
     .  .  .
     .  .  .
     --
     I1 I1 .
     I1 Z2 .
     """, set(), True),
    ("no path yet: nothing to cut off", """
     .  .  .
     .  .  .
     --
     .  .  .
     .  .  .
     """, set(), False),
]


@pytest.mark.parametrize(("name", "diagram", "junctions", "cut_off"), JUNCTIONS_TABLE,
                         ids=[row[0] for row in JUNCTIONS_TABLE])
def test_a_blocked_path_goes_on_from_its_junctions(name: str, diagram: str, junctions: set[tuple[int, int]],
                                                   cut_off: bool) -> None:
    geo, board = board_from_text(diagram)
    assert open_junctions(geo, board, 1) == junctions
    assert path_cut_off(geo, board, 1) is cut_off
    assert connection_distance(geo, board, 1) is not None


def test_a_position_where_nobody_can_connect_is_over() -> None:
    state = from_board("""
     L0 L0 L0
     .  .  .
     --
     .  .  .
     L0 L3 L0
     """, player=1)
    assert state.pool_size > 0 and state.is_terminal() and final(state).is_draw
    assert from_text(state.to_text()).is_terminal()  # the text form needs no cached fact


# --- text forms --------------------------------------------------------------------------

def test_board_text_round_trips() -> None:
    text = board_to_text(*board_from_text(LEGALITY_BOARD))
    assert board_to_text(*board_from_text(text)) == text
    assert "Z1" in text and "--" in text


@pytest.mark.parametrize("bad", ["", "I0 .\n.", "X0 .\n. .", "I9 .\n. .", ". . .\n. ."])
def test_bad_boards_are_refused(bad: str) -> None:
    with pytest.raises(GameInputError):
        board_from_text(bad)


@pytest.mark.parametrize("bad", [
    "player=3 pool= reserve= board=../..", "nonsense", "player=1 board=../..",
    "player=1 pool=Q3 reserve= board=../..", "player=1 pool= reserve= board=.../..",
])
def test_bad_positions_are_refused(bad: str) -> None:
    with pytest.raises(GameInputError):
        from_text(bad)


@pytest.mark.parametrize(("text", "hand", "move"), [
    ("pool", None, TAKE_POOL), ("reserve Z", None, Take("reserve", "Z")), ("shelve", "I", SHELVE),
    ("20,3 Z1", "Z", Place((20, 3), 1)), ("0,0 D1", None, Place((0, 0), 1)),
])
def test_move_notation(text: str, hand: str | None, move: object) -> None:
    assert parse_move(text, hand) == move


@pytest.mark.parametrize("bad", ["", "take", "reserve Q", "3,3 Q1", "3;3 I0", "3,3 I5", "1,1 Z0"])
def test_bad_moves_are_refused(bad: str) -> None:
    with pytest.raises(GameInputError):
        parse_move(bad, "I")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_random_games_lose_nothing_and_round_trip(seed: int, play_seed: int) -> None:
    """Through whole random games: 150 tiles always accounted for, text form round-trips."""
    state = new_game(random.Random(seed))
    rng = random.Random(play_seed)
    steps = 0
    while not state.is_terminal():
        assert state.tiles_accounted() == {d: 30 for d in "IDLZS"}
        if steps % 17 == 0:
            assert from_text(state.to_text()) == state
        move = rng.choice(state.legal_moves())
        state = state.play(move)
        steps += 1
    assert state.tiles_accounted() == {d: 30 for d in "IDLZS"}
    assert from_text(state.to_text()) == state
    assert state.outcome() is not None


def test_variant_codes_cover_all_distinct_tiles() -> None:
    assert len(VARIANTS) == 16 and VARIANT_CODE[Tile("Z", 3)] == VARIANTS.index(Tile("Z", 3)) + 1


@pytest.mark.parametrize("seed", range(6))
def test_best_path_agrees_with_the_fast_distance(seed: int) -> None:
    """Two searches written differently (a deque 0-1 BFS with a path, a level-by-level one)."""
    from games.lightning.rules import best_path

    rng = random.Random(seed)
    state = new_game(rng)
    for _ in range(rng.randrange(20, 120)):
        if state.is_terminal():
            break
        state = state.play(rng.choice(state.legal_moves()))
    geo = state.geo
    for player in (1, 2):
        distance, cells = best_path(geo, state.board, player)
        assert distance == connection_distance(geo, state.board, player)
        if distance is not None:
            assert sum(1 for cell in cells if state.tile_at(cell) is None) == distance
            assert all(geo.owner(cell) == player for cell in cells)


def test_a_full_board_with_only_reserve_tiles_left_is_a_draw() -> None:
    state = from_board("""
     L0 L0
     --
     L0 L1
     """, player=1, pool=(0, 0, 0, 0, 0), reserve=(2, 0, 0, 0, 0))
    assert not state.room_to_place()
    assert state.is_terminal() and final(state).is_draw
    with pytest.raises(IllegalMoveError):
        state.play(Take("reserve", "I"))


@pytest.mark.parametrize("seed", range(6))
def test_legal_cells_are_the_squares_a_tile_may_go_on(seed: int) -> None:
    """The legal squares worked out from the placed tiles are :meth:`can_place_on`'s, square by
    square, in board order, at every position of random games (taken back by undo-like jumps
    to earlier positions too: a cached answer is only the position's own)."""
    rng = random.Random(seed)
    state = new_game(random.Random(seed))
    seen = [state]
    while not state.is_terminal():
        if rng.random() < 0.1:  # an earlier position asked again, after later ones
            state = rng.choice(seen)
        geo = state.geo
        expected = [geo.cell(i) for i in range(geo.size) if state.can_place_on(geo.cell(i))]
        assert state.legal_cells() == expected and state.legal_cells() == expected
        state = state.play(rng.choice(state.legal_moves()))
        seen.append(state)


def test_the_lights_ask_the_legal_squares_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """The LED board's lights of a position (the kiosk publishes them on the frame thread at
    each move, and on a real table at every frame) ask where the tile in hand may go: worked out
    once per position, from the placed tiles (square by square, 272 checks, it took 0.3-0.9 ms
    a move)."""
    from games.lightning.board import LightningBoard
    from games.lightning.rules import LightningState

    checks = [0]
    check = LightningState.can_place_on

    def counted(self: LightningState, cell: tuple[int, int], player: int | None = None) -> bool:
        checks[0] += 1
        return check(self, cell, player)

    monkeypatch.setattr(LightningState, "can_place_on", counted)
    board = LightningBoard()
    rng = random.Random(3)
    state = new_game(random.Random(3))
    positions = asked = 0
    while not state.is_terminal() and positions < 40:
        if state.hand is not None:
            positions += 1
            checked = checks[0]
            cells = board.legal_cells(state)
            for _ in range(5):  # the next frames on a real table
                assert board.legal_cells(state) == cells
            asked += checks[0] - checked
        state = state.play(rng.choice(state.legal_moves()))  # (playing checks its own square)
    assert positions == 40
    assert asked == 0, f"{asked} squares checked one by one for the lights of {positions} positions"
