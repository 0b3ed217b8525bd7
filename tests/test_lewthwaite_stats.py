"""Random-play statistics: exact enumeration against simulation and against the article."""

import itertools

import pytest

from games.lewthwaite.rules import LewthwaiteParams
from games.lewthwaite.stats import exact_stats, simulate_stats


def test_exact_statistics_match_the_article():
    stats = exact_stats(LewthwaiteParams())
    # The article: "about 35 %" and a mean length of "about 15.3" from 100 000 simulated games.
    assert stats.p_first_wins == pytest.approx(0.3549, abs=5e-4)
    assert stats.mean_length == pytest.approx(15.306, abs=1e-3)
    assert sum(stats.length_histogram) == pytest.approx(1.0)
    assert min(k for k, p in enumerate(stats.length_histogram) if p > 0) == 6  # no game is shorter
    assert max(k for k, p in enumerate(stats.length_histogram) if p > 0) == 24


def _enumerate(params):
    """Every random game with its probability, by explicit walk enumeration (tiny boards)."""
    start = params.new_initial_state()
    dist: dict[int, float] = {}

    def walk(state, p):
        moves = state.legal_moves()
        if not moves:
            dist[state.moves_played] = dist.get(state.moves_played, 0) + p
            return
        for m in moves:
            walk(state.play(m), p / len(moves))

    walk(start, 1.0)
    return dist


@pytest.mark.parametrize(("rows", "cols", "hole"), [(2, 3, (0, 0)), (3, 3, (1, 1)), (3, 4, (0, 1)), (4, 4, (1, 2))])
def test_exact_statistics_match_explicit_enumeration(rows, cols, hole):
    params = LewthwaiteParams(rows, cols, hole)
    stats = exact_stats(params)
    expected = _enumerate(params)
    for k, p in enumerate(stats.length_histogram):
        assert p == pytest.approx(expected.get(k, 0.0), abs=1e-12)


def test_simulation_agrees_with_exact_within_sampling_error():
    params = LewthwaiteParams()
    exact = exact_stats(params)
    sim = simulate_stats(params, 50_000, seed=11)
    # Standard error of a proportion at n = 50 000 is about 0.0021: allow 4 sigma.
    assert sim.p_first_wins == pytest.approx(exact.p_first_wins, abs=0.009)
    assert sim.mean_length == pytest.approx(exact.mean_length, abs=0.08)
    for a, b in itertools.zip_longest(sim.length_histogram, exact.length_histogram):
        assert a == pytest.approx(b, abs=0.01)


def test_simulation_is_reproducible_with_a_seed():
    params = LewthwaiteParams(4, 6, (0, 0))
    assert simulate_stats(params, 2000, seed=3) == simulate_stats(params, 2000, seed=3)
    assert simulate_stats(params, 2000, seed=3) != simulate_stats(params, 2000, seed=4)
