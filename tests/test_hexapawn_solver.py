"""The solved game: the retrograde table against plain minimax, position by position; Black
(second) wins; the perfect player never loses what it can win."""

from __future__ import annotations

import random

from games.core import RandomPlayer, play_game
from games.hexapawn import ai, solver
from games.hexapawn.rules import BLACK, WHITE, HexapawnState, from_rows


def test_every_reachable_position_agrees_with_brute_force() -> None:
    positions = solver.reachable()
    assert len(positions) == 135
    table = solver.table()
    for state in positions:
        assert table[(state.rows, state.player)] == solver.brute_force(state), state.to_text()


def test_black_the_second_player_wins_and_each_first_move_has_its_winning_reply() -> None:
    start = HexapawnState()
    assert solver.value(start) == solver.Value(False, 6)
    replies = {start.move_to_text(m): sorted(start.play(m).move_to_text(r) for r in solver.winning_moves(start.play(m)))
               for m in start.legal_moves()}
    assert replies == {"a1-a2": ["b3xa2"], "b1-b2": ["a3xb2", "c3xb2"], "c1-c2": ["b3xc2"]}


# (position, player to move, the perfect player's choices)
BEST = [
    ("B.B\n.W.\n..W", BLACK, ["a3xb2", "c3xb2"]),  # take, or lose at once
    (".B.\nW..\n..W", WHITE, ["a2-a3", "a2xb3"]),  # the far row now (c1-c2 wins too, later)
    ("BB.\n..W\nW..", BLACK, ["b3xc2"]),
    ("BBB\n...\nWWW", WHITE, ["b1-b2"]),  # lost: the centre lasts 6 moves, a side 4
]


def test_the_perfect_player_wins_fastest_or_holds_out_longest() -> None:
    for rows, player, choices in BEST:
        state = from_rows(rows, player)
        best = [state.move_to_text(m) for m in solver.best_moves(state)]
        assert best == choices, (rows, best)
        value = solver.value(state)
        if value.wins:
            for move in solver.best_moves(state):
                assert not solver.value(state.play(move)).wins
        else:
            assert all(solver.value(state.play(m)).plies + 1 == value.plies for m in solver.best_moves(state))


def test_the_perfect_player_never_loses_as_black() -> None:
    perfect = ai.make_player("perfect")
    for seed in range(60):
        white = RandomPlayer() if seed % 2 else ai.make_player("perfect")
        record = play_game(HexapawnState(), {WHITE: white, BLACK: perfect}, random.Random(seed))
        assert record.outcome.winner == BLACK, seed


def test_the_hint_shows_a_winning_move_when_there_is_one() -> None:
    state = HexapawnState().play(((2, 1), (1, 1)))
    advice = ai.hint(state)
    assert advice.wins and advice.move in solver.winning_moves(state)
    assert ai.hint(HexapawnState()).wins is False
