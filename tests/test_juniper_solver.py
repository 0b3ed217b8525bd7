"""Who wins: matchings against the article's search, its table, and plain brute force."""

import random

import pytest

from games.juniper.rules import JuniperParams, from_moves
from games.juniper.solver import (
    ARTICLE_FIRST_PLAYER_WINS,
    analyse,
    article_first_player_wins,
    brute_force_to_move_wins,
    first_player_wins,
    game_values,
    longest_loss_move,
    perfect_move,
    random_play_first_player_probability,
    winners,
)
from tests.outcomes import final


def test_matching_agrees_with_the_article_table_up_to_50():
    result = winners(50)
    assert result[0] == 2  # N = 1: no even number, player 1 cannot even start
    for n in range(2, 51):
        assert (result[n - 1] == 1) == (n in ARTICLE_FIRST_PLAYER_WINS), n


@pytest.mark.parametrize("n", range(1, 25))
def test_matching_agrees_with_the_article_search(n):
    assert article_first_player_wins(n) == first_player_wins(n) == (winners(n)[-1] == 1)


@pytest.mark.parametrize("n", range(1, 25))
def test_matching_agrees_with_plain_brute_force(n):
    assert brute_force_to_move_wins(JuniperParams(n).new_initial_state()) == first_player_wins(n)


def test_incremental_winners_equal_one_shot_answers_up_to_200():
    result = winners(200)
    for n in (1, 2, 3, 20, 51, 99, 117, 118, 119, 150, 200):
        assert (result[n - 1] == 1) == first_player_wins(n), n


def _random_position(rng, n):
    state = JuniperParams(n).new_initial_state()
    for _ in range(rng.randint(1, 12)):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return state


@pytest.mark.parametrize("seed", range(4))
def test_random_mid_game_positions_against_brute_force(seed):
    rng = random.Random(seed)
    checked = 0
    while checked < 60:
        state = _random_position(rng, rng.randint(4, 24))
        if state.is_terminal():
            continue
        analysis = analyse(state)
        assert analysis.to_move_wins == brute_force_to_move_wins(state), state.to_text()
        # Every listed winning move really wins, every other legal move really loses.
        for move in state.legal_moves():
            after = state.play(move)
            assert (move in analysis.winning_moves) == (not brute_force_to_move_wins(after)), (state, move)
        checked += 1


def test_fourteen_loses_at_20_and_seven_is_the_answer():
    after14 = from_moves(20, [14])
    analysis = analyse(after14)
    assert analysis.to_move_wins and 7 in analysis.winning_moves
    assert 14 not in analyse(JuniperParams(20).new_initial_state()).winning_moves


@pytest.mark.parametrize("n", [8, 12, 20, 24, 30])
def test_perfect_player_keeps_a_won_game_won(n):
    rng = random.Random(n)
    for _ in range(10):
        state = JuniperParams(n).new_initial_state()
        while not state.is_terminal():
            if state.current_player == 1:
                state = state.play(perfect_move(state))
            else:
                state = state.play(rng.choice(state.legal_moves()))
        assert final(state).winner == 1


def test_perfect_player_resists_with_a_legal_move_when_losing():
    state = from_moves(20, [14])  # player 2 wins; give player 1 a lost position
    state = state.play(7)
    assert not analyse(state).to_move_wins
    assert perfect_move(state) == 1
    lost = JuniperParams(10).new_initial_state()
    assert not analyse(lost).to_move_wins
    assert perfect_move(lost) in lost.legal_moves()


def _plain_values(state):
    # (mover wins, moves left) by plain recursion: fastest win, slowest loss.
    moves = state.legal_moves()
    if not moves:
        return False, 0
    results = [_plain_values(state.play(m)) for m in moves]
    wins = [1 + left for opp_wins, left in results if not opp_wins]
    if wins:
        return True, min(wins)
    return False, max(1 + left for _w, left in results)


@pytest.mark.parametrize("n", [6, 8, 10])
def test_game_values_against_plain_recursion(n):
    state = JuniperParams(n).new_initial_state()
    values = game_values(state)
    assert values is not None
    for move, (mover_wins, left) in values.items():
        opp_wins, opp_left = _plain_values(state.play(move))
        assert (mover_wins, left) == (not opp_wins, opp_left)


@pytest.mark.parametrize("n", [6, 7, 10, 11, 15])
def test_losing_perfect_player_makes_the_game_last_longest(n):
    # Player 2 wins for these N: perfect against perfect lasts exactly the exact longest loss.
    state = JuniperParams(n).new_initial_state()
    assert not analyse(state).to_move_wins
    values = game_values(state)
    assert values is not None
    best = max(left + 1 for _w, left in values.values())
    while not state.is_terminal():
        state = state.play(perfect_move(state))
    assert final(state).winner == 2
    assert len(state.played) == best


def test_exact_search_gives_up_on_big_positions():
    assert longest_loss_move(JuniperParams(200).new_initial_state(), max_nodes=1000) is None
    assert game_values(from_moves(1000, [2]), max_seconds=0.001) is None


def _exact_random(state):
    moves = state.legal_moves()
    if not moves:
        return 0.0
    return sum(1 - _exact_random(state.play(m)) for m in moves) / len(moves)


@pytest.mark.parametrize("n", [2, 3, 6, 9])
def test_random_play_probability_by_plain_enumeration(n):
    assert random_play_first_player_probability(n) == pytest.approx(
        _exact_random(JuniperParams(n).new_initial_state()))


def test_random_play_probability_at_20():
    assert random_play_first_player_probability(20) == pytest.approx(0.5076, abs=1e-4)
