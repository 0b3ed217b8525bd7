"""Hexapawn's rules, with exact positions written as ASCII diagrams (top row: Black's home)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import GameInputError, IllegalMoveError
from games.hexapawn.rules import BLACK, WHITE, HexapawnState, from_rows, from_text


def test_the_start_has_three_pawns_each_and_white_moves_first() -> None:
    state = HexapawnState()
    assert state.diagram() == "BBB\n...\nWWW"
    assert state.current_player == WHITE
    assert [state.move_to_text(m) for m in state.legal_moves()] == ["a1-a2", "b1-b2", "c1-c2"]


# (position, player to move, its legal moves)
MOVES = [
    ("BBB\n...\nWWW", WHITE, ["a1-a2", "b1-b2", "c1-c2"]),
    ("BBB\nW..\n.WW", BLACK, ["b3xa2", "b3-b2", "c3-c2"]),
    # A pawn never takes straight ahead: the b-pawns block each other.
    ("B.B\n.B.\nWWW", WHITE, ["a1-a2", "a1xb2", "c1xb2", "c1-c2"]),
    ("B.B\n.B.\n.W.", WHITE, []),  # blocked straight ahead, nothing to take: no move
    ("...\nB.B\n.W.", WHITE, ["b1xa2", "b1-b2", "b1xc2"]),
    ("B..\nW..\n...", BLACK, []),
]


@pytest.mark.parametrize(("rows", "player", "expected"), MOVES)
def test_legal_moves(rows: str, player: int, expected: list[str]) -> None:
    state = from_rows(rows, player)
    assert sorted(state.move_to_text(m) for m in state.legal_moves()) == sorted(expected)


# (moves from the start, the board after them, the player to move)
GAMES = [
    (["b1-b2"], "BBB\n.W.\nW.W", BLACK),
    (["b1-b2", "a3xb2"], ".BB\n.B.\nW.W", WHITE),
    (["b1-b2", "a3xb2", "a1-a2"], ".BB\nWB.\n..W", BLACK),
    (["a1-a2", "b3xa2", "b1-b2", "c3-c2"], "B..\nBWB\n..W", WHITE),
]


@pytest.mark.parametrize(("moves", "rows", "player"), GAMES)
def test_moves_push_and_take_pawns(moves: list[str], rows: str, player: int) -> None:
    state = HexapawnState()
    for text in moves:
        state = state.play(state.parse_move(text))
    assert state.diagram() == rows
    assert state.current_player == player
    assert state.moves_played == len(moves)


# (position, player to move, winner or None, reason)
ENDS = [
    ("W.B\n...\n..W", BLACK, WHITE, "hexapawn.end.far"),  # a white pawn on the far row
    ("B..\n...\nB.W", WHITE, BLACK, "hexapawn.end.far"),
    ("...\n.W.\nW..", BLACK, WHITE, "hexapawn.end.taken"),  # no black pawn left
    (".B.\n.W.\n...", WHITE, BLACK, "hexapawn.end.blocked"),  # White, to move, is stuck
    (".B.\n.W.\n...", BLACK, WHITE, "hexapawn.end.blocked"),  # Black, to move, is stuck
    ("B.B\n.B.\nW.W", WHITE, None, ""),
]


@pytest.mark.parametrize(("rows", "player", "winner", "reason"), ENDS)
def test_how_a_game_ends(rows: str, player: int, winner: int | None, reason: str) -> None:
    state = from_rows(rows, player)
    outcome = state.outcome()
    if winner is None:
        assert outcome is None and not state.is_terminal() and state.legal_moves()
        return
    assert outcome is not None and outcome.winner == winner and outcome.reason == reason
    assert state.is_terminal() and state.legal_moves() == []
    assert outcome.param_dict()["loser"] == 3 - winner


# (position, player to move, the move, the reason key)
ILLEGAL = [
    ("BBB\n...\nWWW", WHITE, "a3-a2", "hexapawn.illegal.not_yours"),
    ("BBB\n...\nWWW", WHITE, "b2-b3", "hexapawn.illegal.not_yours"),
    ("BBB\n...\nWWW", WHITE, "a1-a3", "hexapawn.illegal.forward"),
    ("BBB\n...\nWWW", WHITE, "a1xb2", "hexapawn.illegal.diagonal"),
    ("B.B\n.B.\nWWW", WHITE, "b1-b2", "hexapawn.illegal.blocked"),
    ("B.B\n.W.\nW.W", WHITE, "b2-b1", "hexapawn.illegal.forward"),
    ("BBB\n...\nWWW", WHITE, "a1-c2", "hexapawn.illegal.forward"),
]


@pytest.mark.parametrize(("rows", "player", "move", "reason"), ILLEGAL)
def test_illegal_moves_say_why_and_change_nothing(rows: str, player: int, move: str, reason: str) -> None:
    state = from_rows(rows, player)
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move(move))
    assert error.value.reason == reason
    assert state.diagram() == rows


def test_a_finished_game_takes_no_move() -> None:
    state = from_rows("W.B\n.B.\n..W", BLACK)
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("b2-b1"))
    assert error.value.reason == "hexapawn.illegal.over"


def test_text_round_trip_and_bad_texts() -> None:
    state = HexapawnState().play(((2, 1), (1, 1)))
    assert state.to_text() == "BBB/.W./W.W b 1"
    assert from_text(state.to_text()) == state
    assert from_text("BBB/.../WWW w") == HexapawnState()
    for bad in ("", "BBB/.../WWW", "BBB/.../WWW x 0", "BBB/..../WWW w 0", "BBQ/.../WWW w 0", "BBB/BBB/WWW w 0",
                "BBB/.../WWW w -1"):
        with pytest.raises(GameInputError):
            from_text(bad)
    for bad in ("a1", "a4-a3", "d1-d2", "a1--"):
        with pytest.raises(GameInputError):
            state.parse_move(bad)


def test_a_mirror_image_plays_the_same() -> None:
    state = from_rows("BB.\n.WB\nW..", WHITE)
    mirror = state.mirrored()
    assert mirror.diagram() == ".BB\nBW.\n..W"
    flipped = sorted(((a, 2 - b), (c, 2 - d)) for (a, b), (c, d) in state.legal_moves())
    assert sorted(mirror.legal_moves()) == flipped


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 8), max_size=12))
def test_random_games_end_and_keep_the_pawns_straight(picks: list[int]) -> None:
    """No crash, nothing made out of nothing: pawns only disappear by capture, every game ends
    within 12 moves with a winner."""
    state = HexapawnState()
    for pick in picks:
        moves = state.legal_moves()
        if not moves:
            break
        before = sum(r.count("W") + r.count("B") for r in state.rows)
        move = moves[pick % len(moves)]
        captured = state.at(move[1]) != "."
        state = state.play(move)
        assert sum(r.count("W") + r.count("B") for r in state.rows) == before - captured
        assert from_text(state.to_text()) == state
    assert state.moves_played <= 12
    if state.is_terminal():
        outcome = state.outcome()
        assert outcome is not None and outcome.winner in (WHITE, BLACK)
