"""Edmonds' blossom matching and the Gallai-Edmonds set D, against networkx and brute force."""

import itertools
import random

import networkx as nx
import pytest

from games.juniper.matching import (
    IncrementalMatching,
    alternating_forest,
    gallai_edmonds,
    is_matching,
    matching_size,
    presence,
)
from games.juniper.rules import neighbours


def _random_graph(rng, n, p):
    adj: list[list[int]] = [[] for _ in range(n)]
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < p:
            adj[a].append(b)
            adj[b].append(a)
            graph.add_edge(a, b)
    return adj, graph


def _nu(graph):
    return len(nx.max_weight_matching(graph, maxcardinality=True))


@pytest.mark.parametrize("seed", range(6))
def test_random_graphs_against_networkx(seed):
    rng = random.Random(seed)
    for _ in range(60):
        n = rng.randint(1, 16)
        adj, graph = _random_graph(rng, n, rng.random())
        present = presence(n, range(n))
        mate, outer = gallai_edmonds(adj, present)
        assert is_matching(adj, present, mate)
        size = _nu(graph)
        assert matching_size(mate) == size
        for v in range(n):
            # v is in D iff removing it keeps the maximum matching size.
            assert bool(outer[v]) == (_nu(nx.restricted_view(graph, [v], [])) == size)


def test_odd_cycles_need_blossoms():
    # A 5-cycle with a pendant path: the classic case where bipartite augmenting search fails.
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5), (2, 6), (6, 7)]
    adj: list[list[int]] = [[] for _ in range(8)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    present = presence(8, range(8))
    mate = [-1] * 8
    mate[1], mate[2] = 2, 1
    mate[3], mate[4] = 4, 3
    mate[6], mate[7] = 7, 6
    mate, outer = gallai_edmonds(adj, present, mate)
    assert matching_size(mate) == 4


def _brute_nu(adj, vertices):
    vertices = sorted(vertices)
    best = 0

    def go(i, used, size):
        nonlocal best
        best = max(best, size)
        while i < len(vertices) and vertices[i] in used:
            i += 1
        if i >= len(vertices):
            return
        v = vertices[i]
        go(i + 1, used | {v}, size)
        for w in adj[v]:
            if w in vertices and w not in used and w != v:
                go(i + 1, used | {v, w}, size + 1)

    go(0, frozenset(), 0)
    return best


@pytest.mark.parametrize("n", range(1, 17))
def test_divisibility_graph_against_brute_force(n):
    adj = neighbours(n)
    present = presence(n + 1, range(1, n + 1))
    mate, outer = gallai_edmonds(adj, present)
    size = _brute_nu(adj, set(range(1, n + 1)))
    assert matching_size(mate) == size
    for v in range(1, n + 1):
        assert bool(outer[v]) == (_brute_nu(adj, set(range(1, n + 1)) - {v}) == size)


def test_incremental_equals_from_scratch_up_to_200():
    adj = neighbours(200)
    inc = IncrementalMatching(adj)
    for n in range(1, 201):
        outer = inc.add_next()
        assert is_matching(adj, inc.present, inc.mate)
        if n % 25 == 0 or n < 30:
            graph = nx.Graph()
            graph.add_nodes_from(range(1, n + 1))
            graph.add_edges_from((a, b) for a in range(1, n + 1) for b in adj[a] if a < b <= n)
            assert matching_size(inc.mate) == _nu(graph)
            _mate, scratch = gallai_edmonds(adj, presence(201, range(1, n + 1)))
            assert bytes(outer) == bytes(scratch)


def test_forest_on_a_maximum_matching_does_not_change_it():
    adj = neighbours(60)
    present = presence(61, range(1, 61))
    mate, _outer = gallai_edmonds(adj, present)
    before = list(mate)
    assert alternating_forest(adj, present, mate) is not None
    assert mate == before
