"""Perfect play for Lewthwaite's game, by maximum matchings (pure Python, no pygame).

The hole walks on the grid and never returns: this is *undirected vertex geography*. Fraenkel,
Scheinerman and Ullman (1993): the player to move from vertex v wins iff v belongs to every
maximum matching of the graph G made of the cells not yet visited plus v. The winner keeps
following one maximum matching: "whatever your opponent moves, answer with the other half of its
domino" (the article's domino tiling is the case of the full 5x5 board).

The grid graph is bipartite (cell colours of a checkerboard), so maximum matchings come from
Hopcroft-Karp, fast enough for 40 x 40 boards. ``tests/test_lewthwaite_solver.py`` checks this
module against a plain minimax on every board of up to 16 cells and every hole.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from games.lewthwaite.rules import Cell, Geometry, LewthwaiteParams, LewthwaiteState, geometry

Mate = dict[int, int]


def active_cells(state: LewthwaiteState) -> set[int]:
    """The vertices of the game graph: cells never visited, plus the hole itself."""
    n = state.geo.rows * state.geo.cols
    visited = state.visited
    cells = {i for i in range(n) if not visited >> i & 1}
    cells.add(state.path[-1])
    return cells


def maximum_matching(geo: Geometry, cells: set[int]) -> Mate:
    """A maximum matching of the grid graph induced by ``cells`` (Hopcroft-Karp).

    Returns ``mate`` with both directions (``mate[a] == b`` and ``mate[b] == a``).
    """
    cols = geo.cols
    left = [i for i in cells if (i // cols + i % cols) % 2 == 0]
    adj = {u: [v for v in geo.neighbours[u] if v in cells] for u in left}
    mate: Mate = {}
    # A greedy start roughly halves the augmenting work.
    for u in left:
        for v in adj[u]:
            if v not in mate:
                mate[u], mate[v] = v, u
                break
    infinity = len(cells) + 1
    while True:
        dist: dict[int, int] = {}
        queue: deque[int] = deque()
        for u in left:
            if u not in mate:
                dist[u] = 0
                queue.append(u)
        found = False
        while queue:
            u = queue.popleft()
            for v in adj[u]:
                w = mate.get(v)
                if w is None:
                    found = True
                elif w not in dist:
                    dist[w] = dist[u] + 1
                    queue.append(w)
        if not found:
            return mate
        for u in left:
            if u not in mate:
                _augment(u, adj, mate, dist, infinity)


def _augment(root: int, adj: dict[int, list[int]], mate: Mate, dist: dict[int, int], infinity: int) -> bool:
    """Iterative DFS along BFS layers from a free left vertex (no recursion limit on 40x40)."""
    stack = [(root, iter(adj[root]))]
    path: list[tuple[int, int]] = []
    while stack:
        u, options = stack[-1]
        advanced = False
        for v in options:
            w = mate.get(v)
            if w is None:
                path.append((u, v))
                for a, b in path:
                    mate[a], mate[b] = b, a
                return True
            if dist.get(w) == dist[u] + 1:
                path.append((u, v))
                stack.append((w, iter(adj[w])))
                advanced = True
                break
        if not advanced:
            dist[u] = infinity  # dead end: never explore it again in this phase
            stack.pop()
            if path:
                path.pop()
    return False


def _augmenting_path(geo: Geometry, cells: set[int], mate: Mate, start: int) -> list[int] | None:
    """An alternating path from the free vertex ``start`` to another free vertex, or None.

    The path is ``[start, v1, w1, v2, w2, ..., vk]`` where ``w_i = mate[v_i]`` and ``vk`` is free.
    """
    parent: dict[int, int] = {}
    seen = {start}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in geo.neighbours[u]:
            if v not in cells or v in seen:
                continue
            seen.add(v)
            parent[v] = u
            w = mate.get(v)
            if w is None:
                path = [v]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                return path[::-1]
            if w not in seen:
                seen.add(w)
                parent[w] = v
                queue.append(w)
    return None


def _flip(mate: Mate, path: list[int]) -> None:
    """Augment ``mate`` along ``path`` (its unmatched edges become matched)."""
    for a, b in zip(path[::2], path[1::2], strict=True):
        mate[a], mate[b] = b, a


def is_essential(geo: Geometry, cells: set[int], vertex: int, mate: Mate | None = None) -> bool:
    """True when ``vertex`` lies in every maximum matching of the graph on ``cells``.

    Take one maximum matching M. If it misses ``vertex``, the answer is no. Otherwise remove
    ``vertex``: its partner is left free, and ``vertex`` is avoidable exactly when that partner
    can be re-matched by an augmenting path in the graph without ``vertex``.
    """
    if mate is None:
        mate = maximum_matching(geo, cells)
    partner = mate.get(vertex)
    if partner is None:
        return False
    rest = cells - {vertex}
    reduced = {a: b for a, b in mate.items() if a != vertex and b != vertex}
    return _augmenting_path(geo, rest, reduced, partner) is None


def to_move_wins(state: LewthwaiteState) -> bool:
    """With perfect play, does the player to move win?"""
    return is_essential(state.geo, active_cells(state), state.path[-1])


def winner(state: LewthwaiteState) -> int:
    """1 or 2: who wins from ``state`` with perfect play on both sides."""
    return state.current_player if to_move_wins(state) else 3 - state.current_player


@dataclass(frozen=True)
class Analysis:
    """What the perfect player knows about a position.

    ``wins``: the player to move wins with perfect play. ``winning_moves``: the moves that keep
    a won position won (empty when lost). ``pairing``: a maximum matching of the remaining cells
    as dominoes, the plan to follow (after a winning move it covers every cell the opponent can
    move to). ``best``: the move the matching recommends, when winning.
    """

    wins: bool
    winning_moves: tuple[Cell, ...]
    pairing: tuple[tuple[Cell, Cell], ...]
    best: Cell | None


def analyse(state: LewthwaiteState) -> Analysis:
    """Full analysis of ``state`` (one matching plus one augmenting search per legal move)."""
    geo = state.geo
    cells = active_cells(state)
    hole = state.path[-1]
    mate = maximum_matching(geo, cells)
    wins = is_essential(geo, cells, hole, mate)
    winning: list[Cell] = []
    best: Cell | None = None
    if wins:
        best = geo.cell(mate[hole])
        rest = cells - {hole}
        reduced = {a: b for a, b in mate.items() if a != hole and b != hole}
        for move in state.legal_indices():
            # A move to w wins iff w is avoidable in the graph without the hole.
            if not is_essential(geo, rest, move, reduced):
                winning.append(geo.cell(move))
    else:
        mate = _matching_avoiding(geo, cells, hole, mate)
    pairs = tuple(sorted((geo.cell(a), geo.cell(b)) for a, b in mate.items() if a < b))
    return Analysis(wins, tuple(winning), pairs, best)


def _matching_avoiding(geo: Geometry, cells: set[int], vertex: int, mate: Mate) -> Mate:
    """A maximum matching that leaves ``vertex`` free (``vertex`` must be avoidable): the tiling
    the second player follows, so the start hole shows as the one cell without a domino."""
    partner = mate.get(vertex)
    if partner is None:
        return mate
    rest = cells - {vertex}
    reduced = {a: b for a, b in mate.items() if a != vertex and b != vertex}
    path = _augmenting_path(geo, rest, reduced, partner)
    assert path is not None, "vertex is essential"
    _flip(reduced, path)
    return reduced


def solve_board(rows: int, cols: int, hole: Cell) -> tuple[int, tuple[tuple[Cell, Cell], ...]]:
    """Who wins the game that starts on this board (1 = the player who moves first), and the
    domino pairing the winner follows (a maximum matching of the whole board)."""
    params = LewthwaiteParams(rows, cols, hole, max_size=40)
    state = params.new_initial_state()
    analysis = analyse(state)
    return (1 if analysis.wins else 2), analysis.pairing


def reachable_count(geo: Geometry, cells: Iterable[int], start: int) -> int:
    """How many cells of ``cells`` can be reached from ``start`` (a bound on the game left)."""
    allowed = set(cells)
    seen = {start}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in geo.neighbours[u]:
            if v in allowed and v not in seen:
                seen.add(v)
                queue.append(v)
    return len(seen)


def pairing_ascii(rows: int, cols: int, pairing: Iterable[tuple[Cell, Cell]], hole: Cell | None = None) -> str:
    """Draw dominoes as ASCII: ``o-o`` for a horizontal domino, ``o`` over ``|`` over ``o`` for a
    vertical one, ``*`` for an unpaired cell, ``.`` for the start hole when it is unpaired."""
    grid = [[" "] * (2 * cols - 1) for _ in range(2 * rows - 1)]
    paired = set()
    for (r1, c1), (r2, c2) in pairing:
        paired |= {(r1, c1), (r2, c2)}
        grid[r1 + r2][c1 + c2] = "-" if r1 == r2 else "|"
    for r in range(rows):
        for c in range(cols):
            grid[2 * r][2 * c] = "o" if (r, c) in paired else ("." if (r, c) == hole else "*")
    return "\n".join("".join(line).rstrip() for line in grid)


def brute_force_to_move_wins(state: LewthwaiteState) -> bool:
    """Plain minimax over the whole game tree (exponential: for tests on small boards)."""
    memo: dict[tuple[int, int], bool] = {}
    geo: Geometry = geometry(state.params.rows, state.params.cols)

    def wins(hole: int, visited: int) -> bool:
        key = (hole, visited)
        if key not in memo:
            memo[key] = any(not wins(n, visited | 1 << n) for n in geo.neighbours[hole] if not visited >> n & 1)
        return memo[key]

    return wins(state.path[-1], state.visited)


class _BudgetExceeded(Exception):
    """The game tree is too large for an exact search within the node budget."""


def longest_losing_move(state: LewthwaiteState, budget: int = 300_000) -> Cell | None:
    """In a lost position, the move after which the game lasts longest when the winner finishes
    as fast as it can (exact negamax on (hole, visited) positions); ``None`` when the tree has
    more than ``budget`` positions (the caller then uses a heuristic)."""
    neighbours = state.geo.neighbours
    memo: dict[tuple[int, int], tuple[bool, int]] = {}

    def value(hole: int, visited: int) -> tuple[bool, int]:
        """(mover wins, moves left) with the winner hurrying and the loser stalling."""
        key = (hole, visited)
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) >= budget:
            raise _BudgetExceeded
        best: tuple[bool, int] | None = None
        for n in neighbours[hole]:
            if visited >> n & 1:
                continue
            opponent_wins, left = value(n, visited | 1 << n)
            candidate = (not opponent_wins, left + 1)
            if best is None or _better(candidate, best):
                best = candidate
        result = best or (False, 0)
        memo[key] = result
        return result

    try:
        scored = [(value(i, state.visited | 1 << i), i) for i in state.legal_indices()]
    except _BudgetExceeded:
        return None
    if not scored:
        return None
    (_wins, _left), index = max(scored, key=lambda item: (not item[0][0], item[0][1]))
    return state.geo.cell(index)


def _better(a: tuple[bool, int], b: tuple[bool, int]) -> bool:
    """Is outcome ``a`` better than ``b`` for the player choosing? Wins beat losses; a win is
    better sooner, a loss is better later."""
    if a[0] != b[0]:
        return a[0]
    return a[1] < b[1] if a[0] else a[1] > b[1]
