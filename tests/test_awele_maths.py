"""The loop explorer's lap walker against the rules' own cycle search."""

import gc
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.awele.maths import ARTICLE_BIG_LOOP, ARTICLE_SMALL_LOOP, LapWalker, random_board
from games.awele.rules import Loop, Sown, sow


def test_the_small_loop_comes_back_after_8_laps():
    walker = LapWalker(*ARTICLE_SMALL_LOOP)
    walker.run()
    assert (walker.period, walker.loop_start, walker.laps) == (8, 0, 8)
    assert walker.board == ARTICLE_SMALL_LOOP[0] and walker.next_pit == ARTICLE_SMALL_LOOP[1]


def test_the_big_loop_is_found_live_after_50636_laps():
    walker = LapWalker(*ARTICLE_BIG_LOOP)
    walker.run()
    assert walker.period is not None and walker.loop_start is not None
    assert sow(*ARTICLE_BIG_LOOP) == Loop(period=walker.period, laps_before_loop=walker.loop_start)
    assert walker.laps == 50_636 and walker.board == ARTICLE_BIG_LOOP[0]


def test_walking_the_big_loop_keeps_nothing_of_the_positions_met():
    # A table of the positions met held 50,636 of them while the science corner's big loop ran
    # (11 MB of small objects), and the kiosk's small-object heap stayed that much larger all day.
    walker = LapWalker(*ARTICLE_BIG_LOOP)
    walker.run(max_laps=100)
    gc.collect()
    before = sys.getallocatedblocks()
    walker.run(max_laps=40_000)
    gc.collect()
    assert walker.laps == 40_100 and sys.getallocatedblocks() - before < 1_000


def test_a_walk_can_be_cut_into_chunks():
    walker = LapWalker(*ARTICLE_BIG_LOOP)
    chunks = 0
    while not walker.done:
        walker.run(max_laps=5000)
        chunks += 1
    assert chunks == 11 and walker.period == 50_636
    after = walker.laps
    walker.step()  # a loop goes on for ever
    assert walker.laps == after + 1 and not walker.ended


@given(st.sampled_from([4, 12]), st.integers(0, 10**6))
@settings(max_examples=300, deadline=None)
def test_the_walker_agrees_with_the_rules_on_random_boards(n, seed):
    rng = random.Random(seed)
    board = random_board(n, rng, most=rng.choice([2, 3, 5, 8]))
    start = rng.choice([i for i, seeds in enumerate(board) if seeds])
    walker = LapWalker(board, start)
    walker.run(max_laps=200_000)
    expected = sow(board, start)
    if isinstance(expected, Sown):
        assert walker.ended and walker.period is None and walker.last_lap is not None
        assert (walker.board, walker.laps, walker.last_lap.last) == (expected.board, expected.laps, expected.last)
    else:
        assert isinstance(expected, Loop) and not walker.ended
        assert (walker.period, walker.loop_start) == (expected.period, expected.laps_before_loop)


def test_random_boards_are_never_empty():
    rng = random.Random(3)
    for _ in range(200):
        board = random_board(4, rng, most=1)
        assert any(board) and len(board) == 4 and max(board) <= 1


def test_an_empty_pit_cannot_be_walked():
    walker = LapWalker((1, 0, 0, 2), 1)
    with pytest.raises(Exception, match="empty"):
        walker.step()


def test_loops_on_small_boards_are_found_with_the_rules_period():
    rng = random.Random(5)
    loops = 0
    for _ in range(400):
        board = random_board(4, rng, most=3)
        start = rng.choice([i for i, seeds in enumerate(board) if seeds])
        expected = sow(board, start)
        assert expected is not None
        if isinstance(expected, Loop):
            walker = LapWalker(board, start)
            walker.run()
            assert (walker.period, walker.loop_start) == (expected.period, expected.laps_before_loop)
            loops += 1
    assert loops >= 5
