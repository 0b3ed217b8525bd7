"""The article's computer players do what their docstrings say."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import play_game
from games.juniper.ai import LEVELS, ExpertAI, HumanAI, MonteCarloAI, SemiExpertAI, make_player
from games.juniper.rules import JuniperParams, from_moves


def test_human_plays_a_deadly_prime_after_1():
    state = from_moves(20, [2, 1])
    for seed in range(20):
        assert HumanAI().choose(state, random.Random(seed)) in (11, 13, 17, 19)


def test_human_never_plays_1_unless_forced():
    state = from_moves(20, [14])
    assert {HumanAI().choose(state, random.Random(s)) for s in range(40)} == {2, 7}
    assert HumanAI().choose(from_moves(20, [14, 7]), random.Random(0)) == 1


def test_semi_expert_avoids_the_14_trap():
    start = JuniperParams(20).new_initial_state()
    picks = {SemiExpertAI().choose(start, random.Random(s)) for s in range(200)}
    assert 14 not in picks and len(picks) > 3


def test_semi_expert_takes_an_immediate_win():
    # After 14 the reply 7 leaves player 1 only the number 1.
    assert {SemiExpertAI().choose(from_moves(20, [14]), random.Random(s)) for s in range(30)} == {7}


def test_expert_leaves_the_fewest_replies():
    start = JuniperParams(20).new_initial_state()
    # 14 leaves 3 replies but is a trap; 8, 10 and 16 leave 4.
    assert {ExpertAI().choose(start, random.Random(s)) for s in range(60)} == {8, 10, 16}


def test_montecarlo_with_fixed_playouts_is_reproducible_and_sees_the_trap():
    state = from_moves(20, [14])
    a = MonteCarloAI(playouts=30).choose(state, random.Random(5))
    b = MonteCarloAI(playouts=30).choose(state, random.Random(5))
    assert a == b == 7


def test_montecarlo_respects_a_time_budget():
    import time

    state = from_moves(200, [2])
    # clock(cpu): the search's work on this thread
    start = time.thread_time()  # CPU time: a loaded machine's wall clock says little
    MonteCarloAI().choose(state, random.Random(0), time_budget=0.05)
    assert time.thread_time() - start < 0.5  # clock(cpu): as above


def test_unknown_level():
    with pytest.raises(ValueError):
        make_player("grandmaster")


@settings(max_examples=25, deadline=None)
@given(level=st.sampled_from(LEVELS), n=st.integers(2, 40), seed=st.integers(0, 1000))
def test_every_player_finishes_a_game_with_legal_moves(level, n, seed):
    players = {1: make_player(level, playouts=4), 2: make_player("random")}
    record = play_game(JuniperParams(n).new_initial_state(), players, random.Random(seed))
    assert record.final_state.is_terminal()
    assert record.outcome.winner in (1, 2)
