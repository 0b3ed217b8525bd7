"""Juniper Green timings: solving every N, the perfect player's move, the article's search.

Run with ``make bench`` (or ``python -m pytest -q -s -m bench bench/bench_juniper.py``).
"""

import random
import time

import networkx as nx
import pytest

from games.juniper.rules import JuniperParams, from_moves, neighbours
from games.juniper.solver import (
    ARTICLE_FIRST_PLAYER_WINS,
    article_first_player_wins,
    first_moves_analysis,
    perfect_move,
    random_play_first_player_probability,
    winners,
)

pytestmark = pytest.mark.bench


def _timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


@pytest.mark.parametrize("max_n", [50, 200, 1000])
def test_solve_every_n(max_n):
    result, seconds = _timed(winners, max_n)
    print(f"\n[juniper] solve --max-n {max_n}: {seconds:.3f} s "
          f"(player 1 wins for {result.count(1)} of {max_n} values)")
    assert {n for n in range(1, min(max_n, 50) + 1) if result[n - 1] == 1} == \
        {n for n in ARTICLE_FIRST_PLAYER_WINS if n <= max_n}
    assert seconds < 60


def test_networkx_reference_one_matching_at_1000():
    graph = nx.Graph((a, b) for a in range(1, 1001) for b in neighbours(1000)[a] if a < b)
    _m, seconds = _timed(nx.max_weight_matching, graph, True)
    print(f"\n[juniper] networkx max_weight_matching on 1..1000, one graph: {seconds:.2f} s "
          f"(our solver does all 1000 graphs, with the set D, in the time above)")


def test_perfect_move_at_1000():
    first_moves_analysis.cache_clear()
    state = JuniperParams(1000).new_initial_state()
    _move, first = _timed(perfect_move, state)
    rng = random.Random(1)
    worst, count, total = 0.0, 0, 0.0
    for game in range(6):
        state = JuniperParams(1000).new_initial_state()
        while not state.is_terminal():
            if state.current_player == 1 + game % 2:
                move, seconds = _timed(perfect_move, state)
                worst, count, total = max(worst, seconds), count + 1, total + seconds
            else:
                move = rng.choice(state.legal_moves())
            state = state.play(move)
    after_one = from_moves(1000, [2, 1])
    _m, seconds_after_one = _timed(perfect_move, after_one)
    print(f"\n[juniper] perfect move at N = 1000: first move {1000 * first:.1f} ms (uncached), "
          f"mean {1000 * total / count:.1f} ms, worst {1000 * worst:.1f} ms over {count} moves "
          f"(winning and losing sides); after 2, 1: {1000 * seconds_after_one:.1f} ms")
    assert worst < 0.1 and first < 0.1


def test_perfect_against_perfect_at_1000_losing_side():
    # At N = 1000 player 1 wins: every move of player 2 is made from a lost position, where the
    # perfect player tries the exact longest-loss search, then the matching heuristic.
    state = JuniperParams(1000).new_initial_state()
    times = []
    while not state.is_terminal():
        move, seconds = _timed(perfect_move, state)
        if state.current_player == 2:
            times.append(seconds)
        state = state.play(move)
    print(f"\n[juniper] perfect vs perfect at N = 1000: {len(state.played)} moves, player {state.outcome().winner} "
          f"wins; losing side's moves: mean {1000 * sum(times) / len(times):.1f} ms, worst {1000 * max(times):.1f} ms")
    assert state.outcome().winner == 1 and max(times) < 0.1


@pytest.mark.parametrize("n", [20, 24, 30, 40, 50])
def test_article_search(n):
    result, seconds = _timed(article_first_player_wins, n)
    print(f"\n[juniper] article's existePiege/gagnant search, N = {n}: {seconds:.3f} s")
    assert result == (n in ARTICLE_FIRST_PLAYER_WINS)


def test_random_play_exact_probability():
    p, seconds = _timed(random_play_first_player_probability, 20)
    print(f"\n[juniper] exact P(player 1 wins | both random), N = 20: {100 * p:.3f}% in {seconds:.2f} s")


def test_tournament_table_time():
    from games.juniper.tournament import run_tournament

    result, seconds = _timed(run_tournament, 20, 100, 0)
    print(f"\n[juniper] tournament N = 20, 100 games per pairing, 36 pairings: {seconds:.1f} s; "
          f"expert vs expert {result.rate('expert', 'expert'):.0f}% (article 100%)")
