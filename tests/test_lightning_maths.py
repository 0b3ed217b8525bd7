"""Distance to victory, square by square, against an independent search on small boards."""

import heapq
import random

import pytest

from games.lightning.maths import cell_distances, iter_demo_game
from games.lightning.rules import LightningState, Place, from_board, geometry, new_game


def through_cell_brute_force(state: LightningState, player: int, target: int) -> int | None:
    """The fewest tiles of a path from the start edge to the centre line that crosses square
    ``target``: Dijkstra over (boundary point, crossed yet?) with the geometry's own tables, a
    placed segment costing 0 and an empty square of the half costing 1 for any tile's segment."""
    geo = state.geo
    half = geo.half_cells[player]
    frontier = [(0, s, False) for s in geo.sources(player)]
    best: dict[tuple[int, bool], int] = {}
    targets = set(geo.targets(player))
    while frontier:
        d, p, crossed = heapq.heappop(frontier)
        if best.get((p, crossed), 10**9) <= d:
            continue
        best[(p, crossed)] = d
        if crossed and p in targets:
            return d
        for cell, _reach in geo.point_cells[p]:
            if cell not in half:
                continue
            code = state.board[cell]
            pairs = [geo.variant_ends[cell][code]] if code else list(geo.variant_ends[cell][1:])
            cost = 0 if code else 1
            for a, b in pairs:
                q = b if p == a else a if p == b else None
                if q is not None:
                    heapq.heappush(frontier, (d + cost, q, crossed or cell == target))
    return None


def random_position(seed: int, half_rows: int = 4, cols: int = 3, tiles: int = 8) -> LightningState:
    rng = random.Random(seed)
    state = new_game(rng, half_rows, cols)
    placed = 0
    while placed < tiles and not state.is_terminal():
        moves = state.legal_moves()
        places = [m for m in moves if isinstance(m, Place)]
        state = state.play(rng.choice(places or moves))
        placed += bool(places)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_cell_distances_match_a_brute_force_search(seed):
    state = random_position(seed)
    for player in (1, 2):
        found = cell_distances(state, player)
        for cell, value in found.items():
            assert value == through_cell_brute_force(state, player, state.geo.index(cell)), (seed, player, cell)
        reachable = [v for v in found.values() if v is not None]
        assert (min(reachable) if reachable else None) == state.distance(player)


def test_an_empty_board_needs_a_tile_per_row_on_every_square():
    state = new_game(random.Random(1))
    values = cell_distances(state, 1)
    assert set(values.values()) == {17} and len(values) == 17 * 8
    assert geometry().half_cells[1] == {state.geo.index(cell) for cell in values}


def test_a_blocking_tile_raises_the_numbers():
    # Player 1 (bottom half) has a straight tile on a start square: one more tile connects.
    state = from_board(". . .\n. . .\n--\n. . .\n. I0 .")
    blocked = from_board(". . .\n. . .\n--\n. I1 .\n. I0 .")  # the opponent lays a crossways tile
    before, after = cell_distances(state, 1), cell_distances(blocked, 1)
    assert state.distance(1) == before[(2, 1)] == 1
    longer, shorter = after[(2, 1)], before[(2, 1)]
    assert blocked.distance(1) == 2 and longer is not None and shorter is not None and longer > shorter


def test_the_demo_game_records_distances_and_blocks():
    steps = []
    for step in iter_demo_game(2, ("builder", "strong"), time_budget=0.05):
        steps.append(step)
        if len(steps) == 14:
            break
    for step in steps:
        assert step.after == (step.state.distance(1), step.state.distance(2))
    assert any(step.blocked_by == 2 for step in steps)  # the strong player blocks the builder
    assert all(steps[k].after == steps[k + 1].before for k in range(len(steps) - 1))
