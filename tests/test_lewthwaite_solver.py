"""The matching solver against plain minimax, and Hopcroft-Karp against networkx."""

import random

import networkx as nx
import pytest

from games.lewthwaite import solver
from games.lewthwaite.rules import LewthwaiteParams, geometry

SMALL_BOARDS = [(r, c) for r in range(2, 9) for c in range(2, 9) if r * c <= 16]


@pytest.mark.parametrize(("rows", "cols"), SMALL_BOARDS)
def test_matching_theorem_agrees_with_brute_force_on_every_hole(rows, cols):
    for r in range(rows):
        for c in range(cols):
            state = LewthwaiteParams(rows, cols, (r, c)).new_initial_state()
            assert solver.to_move_wins(state) == solver.brute_force_to_move_wins(state), (rows, cols, r, c)


def _random_positions(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.choice([(4, 4), (3, 5), (4, 5), (5, 5), (3, 6)])
        hole = (rng.randrange(rows), rng.randrange(cols))
        state = LewthwaiteParams(rows, cols, hole).new_initial_state()
        for _ in range(rng.randrange(rows * cols)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        yield state


def test_mid_game_positions_and_winning_moves_agree_with_brute_force():
    for state in _random_positions(150, seed=1):
        analysis = solver.analyse(state)
        assert analysis.wins == solver.brute_force_to_move_wins(state)
        expected = [m for m in state.legal_moves() if not solver.brute_force_to_move_wins(state.play(m))]
        assert sorted(analysis.winning_moves) == sorted(expected)
        if analysis.wins:
            assert analysis.best in analysis.winning_moves


def test_pairing_is_a_maximum_matching_of_the_remaining_cells():
    for state in _random_positions(60, seed=2):
        analysis = solver.analyse(state)
        cells = {state.geo.cell(i) for i in solver.active_cells(state)}
        used = [cell for pair in analysis.pairing for cell in pair]
        assert len(used) == len(set(used)) and set(used) <= cells
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in analysis.pairing)
        graph = nx.grid_2d_graph(state.params.rows, state.params.cols).subgraph(cells)
        assert len(analysis.pairing) == len(nx.max_weight_matching(graph, maxcardinality=True))
        # The winner's plan: when the mover loses, the hole is the cell left without a domino.
        if not analysis.wins:
            assert state.hole not in used


@pytest.mark.parametrize("seed", range(5))
def test_hopcroft_karp_size_matches_networkx_on_random_regions(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(5, 25), rng.randint(5, 25)
    geo = geometry(rows, cols)
    cells = {i for i in range(rows * cols) if rng.random() < 0.75}
    mate = solver.maximum_matching(geo, cells)
    graph = nx.Graph()
    graph.add_nodes_from(cells)
    graph.add_edges_from((i, j) for i in cells for j in geo.neighbours[i] if j in cells)
    assert len(mate) // 2 == len(nx.max_weight_matching(graph, maxcardinality=True))
    assert all(mate[mate[i]] == i and mate[i] in geo.neighbours[i] for i in mate)


def test_article_5x5_second_player_wins_with_a_domino_tiling():
    winner, pairing = solver.solve_board(5, 5, (2, 2))
    assert winner == 2
    assert len(pairing) == 12  # 24 cells, 12 dominoes, the hole uncovered


def test_large_boards_solve_quickly():
    winner, pairing = solver.solve_board(40, 40, (0, 0))
    assert winner == 1  # 1600 cells: a perfect matching covers the corner, so the first player wins
    assert len(pairing) == 800


def test_ascii_pairing_drawing():
    assert solver.pairing_ascii(2, 2, [((0, 0), (0, 1)), ((1, 0), (1, 1))]) == "o-o\n\no-o"
    assert solver.pairing_ascii(2, 2, [((0, 0), (1, 0))], hole=(0, 1)) == "o .\n|\no *"
