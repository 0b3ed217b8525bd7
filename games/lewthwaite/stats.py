"""Statistics of random play: both players move uniformly at random ("like 3-year-olds").

The hole then performs a self-avoiding random walk until it is stuck (the article's ``sarw``).
Two ways to get the first player's win probability and the mean game length:

* :func:`exact_stats` enumerates every walk, memoised on (hole, visited cells): the exact
  distribution of the game length.
* :func:`simulate_stats` plays K games at once with numpy arrays (one step of all games per
  iteration), reproducible with a seed.

The first player wins exactly when the game length is odd (the second player is then blocked).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np

from games.lewthwaite.rules import Geometry, LewthwaiteParams, geometry


@dataclass(frozen=True)
class RandomPlayStats:
    """First-player win probability, mean length, and P(length = k) for k = 0..cells."""

    p_first_wins: float
    mean_length: float
    length_histogram: tuple[float, ...]
    games: int | None  # None for the exact computation

    def as_dict(self) -> dict[str, object]:
        """The ``--json`` form."""
        data: dict[str, object] = {
            "p_first_wins": self.p_first_wins,
            "mean_length": self.mean_length,
            "length_histogram": list(self.length_histogram),
        }
        data["method"] = "exact" if self.games is None else "simulation"
        if self.games is not None:
            data["games"] = self.games
        return data


def _from_distribution(dist: np.ndarray, games: int | None) -> RandomPlayStats:
    lengths = np.arange(len(dist))
    return RandomPlayStats(
        p_first_wins=float(dist[1::2].sum()),
        mean_length=float((lengths * dist).sum()),
        length_histogram=tuple(float(x) for x in dist),
        games=games,
    )


#: Boards ``exact_stats`` accepts, in cells (4x8 or 5x6; 6x6 needs minutes and 4.5 GB).
MAX_EXACT_CELLS = 32


def exact_seconds(cells: int) -> float:
    """A generous estimate of ``exact_stats``'s time on a board of ``cells`` cells (measured
    above: it grows about 1.45 times per cell)."""
    return 2.0 * 1.45 ** (cells - 25)


def exact_stats(params: LewthwaiteParams) -> RandomPlayStats:
    """The exact distribution of the game length under uniformly random play.

    The cost grows with the number of distinct (hole, visited set) pairs: measured on the
    2-core kiosk machine, 2 s on 5x5, 11 s and 0.3 GB on 5x6, 18 s and 0.5 GB on 4x8, 200 s and
    4.5 GB on 6x6; hence the limit :data:`MAX_EXACT_CELLS` (use :func:`simulate_stats` beyond).
    """
    geo: Geometry = geometry(params.rows, params.cols)
    size = params.rows * params.cols
    if size > MAX_EXACT_CELLS:
        raise ValueError(f"exact statistics go up to {MAX_EXACT_CELLS} cells, not {size}")
    memo: dict[tuple[int, int], np.ndarray] = {}
    start = geo.index(params.start_hole)
    neighbours = geo.neighbours
    stop = np.zeros(size + 1)
    stop[0] = 1.0

    def remaining(hole: int, visited: int) -> np.ndarray:
        key = (hole, visited)
        found = memo.get(key)
        if found is not None:
            return found
        options = [n for n in neighbours[hole] if not visited >> n & 1]
        if not options:
            result = stop
        else:
            acc = np.zeros(size + 1)
            for n in options:
                acc[1:] += remaining(n, visited | 1 << n)[:-1]
            result = acc / len(options)
        memo[key] = result
        return result

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * size + 100))
    try:
        dist = remaining(start, 1 << start)
    finally:
        sys.setrecursionlimit(limit)
    return _from_distribution(dist, None)


#: Games simulated at once: memory grows with it (about 25 MB per 100,000 games on 5x5).
SIMULATION_CHUNK = 100_000


def simulate_stats(params: LewthwaiteParams, games: int, seed: int | None = None) -> RandomPlayStats:
    """Play ``games`` uniformly random games, vectorised with numpy, ``SIMULATION_CHUNK`` at a
    time (one random generator for all, so a seed gives the same answer however it is cut)."""
    if games < 1:
        raise ValueError("games must be at least 1")
    geo = geometry(params.rows, params.cols)
    size = params.rows * params.cols
    # Neighbour table padded with a sentinel cell ``size`` that is always "visited".
    table = np.full((size, 4), size, dtype=np.int64)
    for i, near in enumerate(geo.neighbours):
        table[i, : len(near)] = near
    rng = np.random.default_rng(seed)
    counts = np.zeros(size + 1, dtype=np.int64)
    for first in range(0, games, SIMULATION_CHUNK):
        chunk = min(SIMULATION_CHUNK, games - first)
        length = _simulate_lengths(table, geo.index(params.start_hole), size, chunk, rng)
        counts += np.bincount(length, minlength=size + 1)
    dist = counts.astype(float) / games
    return _from_distribution(dist, games)


def _simulate_lengths(table: np.ndarray, start: int, size: int, games: int, rng: np.random.Generator) -> np.ndarray:
    """The lengths of ``games`` random games from the hole ``start``, all at once."""
    visited = np.zeros((games, size + 1), dtype=bool)
    visited[:, size] = True
    hole = np.full(games, start, dtype=np.int64)
    rows = np.arange(games)
    visited[rows, hole] = True
    length = np.zeros(games, dtype=np.int64)
    for _ in range(size):
        candidates = table[hole]  # (games, 4)
        free = ~visited[rows[:, None], candidates]
        count = free.sum(axis=1)
        alive = count > 0
        if not alive.any():
            break
        # Pick the k-th free neighbour, k uniform in 0..count-1.
        k = (rng.random(games) * np.maximum(count, 1)).astype(np.int64)
        choice = np.argmax(np.cumsum(free, axis=1) > k[:, None], axis=1)
        step = candidates[rows, choice]
        hole = np.where(alive, step, hole)
        visited[rows[alive], hole[alive]] = True
        length += alive
    return length
