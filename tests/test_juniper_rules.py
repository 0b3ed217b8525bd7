"""Rules of Juniper Green: exact positions, the article's table of possible moves, notation."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import GameInputError, IllegalMoveError
from games.juniper.rules import JuniperParams, deadly_primes, from_moves, from_text, neighbours
from tests.outcomes import final

# Section III of the article, N = 20: "coup précédent -> coups possibles" (before removing used numbers).
ARTICLE_MOVES_20 = """
1: 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
2: 1 4 6 8 10 12 14 16 18 20
3: 1 6 9 12 15 18
4: 1 2 8 12 16 20
5: 1 10 15 20
6: 1 2 3 12 18
7: 1 14
8: 1 2 4 16
9: 1 3 18
10: 1 2 5 20
11: 1
12: 1 2 3 4 6
13: 1
14: 1 2 7
15: 1 3 5
16: 1 2 4 8
17: 1
18: 1 2 3 6 9
19: 1
20: 1 2 4 5 10
"""


def test_neighbours_match_the_article_table():
    table = {int(k): [int(x) for x in v.split()] for k, v in
             (line.split(":") for line in ARTICLE_MOVES_20.strip().splitlines())}
    near = neighbours(20)
    for k in range(1, 21):
        assert list(near[k]) == table[k], k


def test_article_counts_of_possible_moves():
    # "nb coups possibles" row of the article's second table.
    counts = {11: 1, 13: 1, 17: 1, 19: 1, 7: 2, 9: 3, 14: 3, 15: 3, 5: 4, 8: 4, 10: 4, 16: 4,
              6: 5, 12: 5, 18: 5, 20: 5, 3: 6, 4: 6, 2: 10, 1: 19}
    for k, c in counts.items():
        assert len(neighbours(20)[k]) == c


@pytest.mark.parametrize("played, to_move, legal", [
    ([], 1, [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]),
    ([14], 2, [1, 2, 7]),
    ([14, 7], 1, [1]),
    ([14, 7, 1], 2, [2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20]),
    ([14, 7, 1, 11], 1, []),
    ([2, 4, 8, 16], 1, [1]),
])
def test_exact_positions(played, to_move, legal):
    state = from_moves(20, played)
    assert state.current_player == to_move
    assert state.legal_moves() == legal
    assert state.is_terminal() == (not legal)


def test_the_blocked_player_loses():
    state = from_moves(20, [14, 7, 1, 11])
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 2 and outcome.reason == "juniper.end.blocked"
    assert outcome.param_dict()["loser"] == 1
    assert from_moves(20, [14]).outcome() is None


def test_n_1_has_no_first_move():
    state = JuniperParams(1).new_initial_state()
    assert state.is_terminal() and final(state).winner == 2


@pytest.mark.parametrize("played, move, reason", [
    ([], 3, "must be even"),
    ([], 21, "not between 1 and 20"),
    ([14], 3, "neither a multiple nor a divisor of 14"),
    ([14, 7], 14, "already been played"),
    ([14, 7, 1, 11], 2, "game is over"),
    ([], "4", "not a whole number"),
    ([], True, "not a whole number"),
])
def test_illegal_moves_say_why_and_change_nothing(played, move, reason):
    state = from_moves(20, played)
    with pytest.raises(IllegalMoveError, match=reason):
        state.play(move)
    assert state.played == tuple(played)


def test_text_round_trip_and_errors():
    state = from_moves(20, [14, 7, 1])
    assert state.to_text() == "N=20: 14 7 1"
    assert from_text(state.to_text()) == state
    assert from_text("N=20:") == JuniperParams(20).new_initial_state()
    for bad in ("20: 14", "N=x: 2", "N=20: 2 x", "N=2000:"):
        with pytest.raises(GameInputError):
            from_text(bad)
    with pytest.raises(IllegalMoveError):
        from_text("N=20: 14 3")


def test_params_are_checked():
    for bad in (0, 1001, -3):
        with pytest.raises(GameInputError):
            JuniperParams(bad)


def test_deadly_primes():
    assert deadly_primes(20) == [11, 13, 17, 19]
    assert deadly_primes(2) == [2]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 60), choices=st.lists(st.integers(0, 10_000), max_size=80))
def test_random_games_never_reuse_a_number_and_always_end(n, choices):
    state = JuniperParams(n).new_initial_state()
    for c in choices:
        moves = state.legal_moves()
        if not moves:
            break
        move = moves[c % len(moves)]
        prev = state.last
        state = state.play(move)
        assert prev is None or move % prev == 0 or prev % move == 0
    assert len(set(state.played)) == len(state.played)
    assert all(1 <= k <= n for k in state.played)
    assert not state.played or state.played[0] % 2 == 0
    assert from_text(state.to_text()) == state
