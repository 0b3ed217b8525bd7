"""The mathematics of the Juniper Green science corner: pattern, matching proof, trap layers."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.juniper.matching import matching_size, maximum_matching, presence
from games.juniper.maths import (
    divisibility_edges,
    matching_proof,
    poisoned_move,
    proof_game,
    trap_layers,
    winner_pattern,
    word_text,
)
from games.juniper.rules import JuniperParams, is_prime, neighbours
from games.juniper.solver import (
    ARTICLE_FIRST_PLAYER_WINS,
    brute_force_to_move_wins,
    iter_winners,
    winners,
)


def test_iter_winners_gives_the_same_table_as_winners():
    assert list(iter_winners(120)) == winners(120)


def test_the_pattern_of_second_player_wins():
    pattern = winner_pattern(winners(200))
    assert pattern.checked == 200
    # The article's table (N <= 50) and the rest from the solver: N = 1 has no even number.
    assert [n for n in pattern.second_wins if n <= 50] == [
        n for n in range(1, 51) if n not in ARTICLE_FIRST_PLAYER_WINS
    ]
    assert pattern.last_second_win == 118 and pattern.first_wins == 200 - len(pattern.second_wins)


def test_divisibility_edges():
    assert divisibility_edges(6) == [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 4), (2, 6), (3, 6)]


@pytest.mark.parametrize("n", range(2, 31))
def test_the_matching_proof_is_a_maximum_matching_that_decides_the_game(n):
    proof = matching_proof(n)
    adj = neighbours(n)
    assert all(b in adj[a] for a, b in proof.pairs)
    assert len({k for pair in proof.pairs for k in pair}) == 2 * len(proof.pairs)
    best = matching_size(maximum_matching(adj, presence(n + 1, range(1, n + 1))))
    assert len(proof.pairs) == best
    assert set(proof.alone) == set(range(1, n + 1)) - {k for pair in proof.pairs for k in pair}
    assert (proof.winner == 1) == (n in ARTICLE_FIRST_PLAYER_WINS)  # the article's table, section VI.3
    if proof.winner == 1:
        assert proof.start is not None and proof.start % 2 == 0 and proof.start in proof.alone
    else:
        assert proof.start is None and all(k % 2 for k in proof.alone)


@given(st.integers(2, 30), st.integers(0, 10**6))
@settings(max_examples=80, deadline=None)
def test_answering_with_the_partner_always_wins(n, seed):
    proof = matching_proof(n)
    state = proof_game(n, random.Random(seed))
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == proof.winner
    partner = proof.partner()
    played = state.played
    answers = range(2, len(played), 2) if proof.winner == 1 else range(1, len(played), 2)
    for k in answers:
        assert partner[played[k - 1]] == played[k]


def test_the_trap_layers_for_n_6_are_the_articles():
    layers = trap_layers(6)
    assert layers.complete
    assert [word_text(w) for w in layers.p0] == ["2-1", "4-1", "6-1", "2-6-3-1", "4-2-6-1", "6-2-4-1"]
    assert [word_text(w) for w in layers.p1] == ["2-6-3", "6-2-4"]
    assert [word_text(w) for w in layers.p2] == ["2-6", "6-2"]


@pytest.mark.parametrize("n", [8, 12, 20, 30, 50, 100])
def test_trap_layer_words_obey_their_definitions(n):
    layers = trap_layers(n)
    adj = neighbours(n)

    def free_after(word):
        return [x for x in adj[word[-1]] if x not in word]

    assert layers.p0 and layers.p1 and layers.p2
    for word in layers.p0:
        assert len(word) % 2 == 0 and word[-1] == 1
    for word in layers.p1:
        assert len(word) % 2 == 1 and free_after(word) == [1]
    for word in layers.p2:
        assert len(word) % 2 == 0 and any(x != 1 and free_after(word + (x,)) == [1] for x in free_after(word))
    for word in layers.p0 + layers.p1 + layers.p2:
        assert word[0] % 2 == 0 and 1 not in word[:-1]
        assert all(b in adj[a] for a, b in zip(word, word[1:], strict=False))


def test_fourteen_loses_for_n_20_and_its_analogue_for_other_n():
    example = poisoned_move(20)
    assert example is not None and (example.move, example.prime, example.blocker) == (14, 7, 11)
    for n in range(4, 101):
        example = poisoned_move(n)
        if example is None:  # N = 9, 21, ...: no prime p with 2p <= N < 3p
            assert not any(is_prime(p) and 2 * p <= n < 3 * p for p in range(2, n))
            continue
        adj = neighbours(n)
        assert set(adj[example.prime]) == {1, example.move}  # p's only neighbours: 1 and 2p
        assert set(adj[example.blocker]) == {1} and example.blocker > n / 2
        if n <= 16:  # playing 2p first loses: the opponent, to move, wins
            assert brute_force_to_move_wins(JuniperParams(n).new_initial_state().play(example.move))
