"""Maximum matchings in general graphs (Edmonds' blossom algorithm) and the Gallai-Edmonds set D.

Why matchings: once the first number is placed, Juniper Green is *undirected vertex geography*
on the divisibility graph (numbers are vertices, ``a - b`` is an edge when one divides the
other). Fraenkel, Scheinerman and Ullman (1993) proved that the player to move from ``v`` wins
exactly when ``v`` belongs to every maximum matching of the graph made of ``v`` and the unused
numbers. A vertex is *missed* by some maximum matching exactly when an even-length alternating
path leads to it from an exposed vertex: that set is ``D`` in the Gallai-Edmonds decomposition.

The divisibility graph has odd cycles (2-4-8-2...), so bipartite matching is not enough: we use
Edmonds' augmenting-path search with blossom contraction. One search grows an alternating forest
from *every* exposed vertex at once. If two trees meet along an edge between outer vertices, the
path between their roots is augmenting and we flip it. Otherwise the matching is maximum and the
outer vertices (including those absorbed in blossoms) are exactly ``D``: one search gives both
the answer and the proof, instead of one matching per vertex.

Graphs are given as adjacency lists indexed by vertex (``adj[v]`` lists v's neighbours) and a
``present`` byte array saying which vertices are in the graph, so removing played numbers
costs nothing. ``mate[v]`` is v's partner or -1.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

Adjacency = Sequence[Sequence[int]]
NO_MATE = -1


def presence(size: int, vertices: Iterable[int]) -> bytearray:
    """A byte array of length ``size`` with 1 at each of ``vertices``."""
    present = bytearray(size)
    for v in vertices:
        present[v] = 1
    return present


def greedy_matching(adj: Adjacency, present: bytearray, mate: list[int] | None = None) -> list[int]:
    """Extend ``mate`` (or an empty matching) greedily, low-degree vertices first.

    Greedy is not maximum, but it leaves few augmenting paths for the blossom search to find.
    """
    size = len(adj)
    mate = [NO_MATE] * size if mate is None else mate
    order = sorted((v for v in range(size) if present[v]), key=lambda v: len(adj[v]))
    for v in order:
        if mate[v] != NO_MATE:
            continue
        for w in adj[v]:
            if present[w] and mate[w] == NO_MATE and w != v:
                mate[v], mate[w] = w, v
                break
    return mate


def _flip_to_root(start: int, mate: list[int], parent: list[int]) -> None:
    """Flip the alternating path from the outer vertex whose old partner is ``start`` to its root.

    ``start`` is the old partner of an outer vertex x that is about to be matched elsewhere; the
    walk re-pairs each inner vertex with its forest parent, as far as the tree's exposed root.
    """
    y = start
    while y != NO_MATE:
        z = parent[y]
        following = mate[z]
        mate[y], mate[z] = z, y
        y = following


def alternating_forest(adj: Adjacency, present: bytearray, mate: list[int]) -> bytearray | None:
    """One Edmonds search from every exposed vertex of the graph.

    Returns ``None`` after augmenting ``mate`` in place (it was not maximum); otherwise returns
    the byte array of outer vertices, which is the Gallai-Edmonds set ``D`` (the vertices missed
    by at least one maximum matching).
    """
    size = len(adj)
    base = list(range(size))
    members: list[list[int] | None] = [None] * size  # blossom base -> vertices, only once contracted
    parent = [NO_MATE] * size
    outer = bytearray(size)
    stamp = [0] * size
    clock = 0
    queue: deque[int] = deque()
    for v in range(size):
        if present[v] and mate[v] == NO_MATE:
            outer[v] = 1
            queue.append(v)

    def walk_up(x: int) -> int:
        # From an outer vertex's blossom base to its tree parent's base (or -1 at the root).
        m = mate[x]
        return NO_MATE if m == NO_MATE else base[parent[m]]

    while queue:
        v = queue.popleft()
        for w in adj[v]:
            if not present[w] or base[v] == base[w] or mate[v] == w:
                continue
            if outer[w]:
                # Two outer vertices: same tree -> blossom; different trees -> augmenting path.
                clock += 1
                a = base[v]
                while True:
                    stamp[a] = clock
                    up = walk_up(a)
                    if up == NO_MATE:
                        break
                    a = up
                b = base[w]
                while stamp[b] != clock:
                    up = walk_up(b)
                    if up == NO_MATE:
                        b = NO_MATE
                        break
                    b = up
                if b == NO_MATE:
                    mv, mw = mate[v], mate[w]
                    _flip_to_root(mv, mate, parent)
                    _flip_to_root(mw, mate, parent)
                    mate[v], mate[w] = w, v
                    return None
                _contract(v, w, b, base, members, parent, mate, outer, queue)
            elif parent[w] == NO_MATE:
                # w is matched (every exposed vertex is a root, hence outer): grow the tree.
                parent[w] = v
                m = mate[w]
                outer[m] = 1
                queue.append(m)
    return outer


def _contract(v: int, w: int, lca: int, base: list[int], members: list[list[int] | None], parent: list[int],
              mate: list[int], outer: bytearray, queue: deque[int]) -> None:
    """Shrink the blossom closed by the edge v-w into its base ``lca``.

    Parent pointers around the cycle are redirected so that a later augmentation can walk
    through the blossom to its base; every vertex of the blossom becomes outer.
    """
    bases: list[int] = []
    for x, child in ((v, w), (w, v)):
        while base[x] != lca:
            bases.append(base[x])
            bases.append(base[mate[x]])
            parent[x] = child
            child = mate[x]
            x = parent[mate[x]]
    target = members[lca]
    if target is None:
        target = members[lca] = [lca]
    seen = set()
    for b in bases:
        if b in seen or b == lca:
            continue
        seen.add(b)
        group = members[b] or [b]
        members[b] = None
        for i in group:
            base[i] = lca
            if not outer[i]:
                outer[i] = 1
                queue.append(i)
        target.extend(group)


def gallai_edmonds(adj: Adjacency, present: bytearray,
                   mate: list[int] | None = None) -> tuple[list[int], bytearray]:
    """A maximum matching and the set D (as a byte array), starting from ``mate`` if given.

    ``mate`` is modified in place and must be a valid matching of the present vertices.
    """
    mate = greedy_matching(adj, present, mate)
    while True:
        outer = alternating_forest(adj, present, mate)
        if outer is not None:
            return mate, outer


def maximum_matching(adj: Adjacency, present: bytearray) -> list[int]:
    """A maximum matching of the present vertices (``mate`` list)."""
    return gallai_edmonds(adj, present)[0]


def matching_size(mate: Sequence[int]) -> int:
    """Number of edges of a matching."""
    return sum(1 for v, m in enumerate(mate) if m > v)


def is_matching(adj: Adjacency, present: bytearray, mate: Sequence[int]) -> bool:
    """True when ``mate`` is a symmetric matching using only edges between present vertices."""
    for v, m in enumerate(mate):
        if m == NO_MATE:
            continue
        if not (present[v] and present[m] and mate[m] == v and m in adj[v]):
            return False
    return True


class IncrementalMatching:
    """A maximum matching of the divisibility graph on 1..n, grown one number at a time.

    Adding vertex n can raise the maximum matching size by at most one, along an augmenting path
    ending at n, so the previous matching is a nearly finished start: one or two searches per n.
    """

    def __init__(self, adj: Adjacency) -> None:
        self.adj = adj
        self.present = bytearray(len(adj))
        self.mate = [NO_MATE] * len(adj)
        self.n = 0

    def add_next(self) -> bytearray:
        """Add the vertex n + 1 and return the new set D (outer vertices) of 1..n+1."""
        self.n += 1
        self.present[self.n] = 1
        while True:
            outer = alternating_forest(self.adj, self.present, self.mate)
            if outer is not None:
                return outer
