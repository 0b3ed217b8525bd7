"""Hexapawn on the virtual table: a scripted visitor plays whole games on a simulated mat with
the mistakes children make (the generic ones of a token board: a pawn slid where no move goes,
a pawn put on another, a pawn knocked off, another move than the computer's), and the match,
the sync engine and the table end in agreement. Before the visitor's game-specific parts moved
into the board descriptions, the first mistake crashed it ('HexapawnState' has no 'hand')."""

from __future__ import annotations

import random

import pytest

from games.hexapawn.board import HexapawnBoard
from games.hexapawn.rules import HexapawnState
from games.match import BOARD, Match, Seat, Thinker
from games.visitor import run_table
from tests.test_physical_table import check_agreement


def hexapawn_match(opponent: Seat) -> Match[HexapawnState, tuple[tuple[int, int], tuple[int, int]]]:
    return Match("hexapawn", HexapawnState(), {1: Seat(BOARD), 2: opponent}, seed=5, thinker=Thinker(wait=True))


@pytest.mark.parametrize("seed", range(3))
def test_quick_hexapawn_games_with_mistakes(seed: int) -> None:
    for opponent in (Seat(BOARD), Seat.computer("perfect")):
        faults = {0: "illegal", 1: "stack", 2: "knock"} if opponent.is_human else \
            {0: "illegal", 1: "wrong_computer", 2: "stack"}
        run = run_table(hexapawn_match(opponent), seed=seed, faults=faults)
        assert run.match.is_over()
        check_agreement(run, wrong=False)
        assert run.visitor.wrong  # at least one mistake was possible, and flagged


def test_a_token_boards_mistakes_are_never_legal_moves() -> None:
    board = HexapawnBoard()
    rng = random.Random(1)
    assert board.visitor_mistake("stack", HexapawnState(), board.picture(HexapawnState()), rng) is None  # none near
    state = HexapawnState().play(((2, 1), (1, 1)))  # b1-b2: a white pawn next to the black ones
    legal = {after for _move, after in board.successors(state)}
    for fault in ("illegal", "stack"):
        for _ in range(30):
            mistake = board.visitor_mistake(fault, state, board.picture(state), rng)
            assert mistake is not None
            assert mistake.final.grid not in legal and mistake.final.grid != board.expected(state)
    assert board.visitor_mistake("turn", state, board.picture(state), rng) is None  # no tiles to turn
