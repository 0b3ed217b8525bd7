"""The article's tournament: first-player win rates for every pair of computer players.

Each game gets its own random generator seeded from (seed, row, column, game number), so a
table is reproducible game by game whatever order it is computed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.juniper.ai import LEVELS, make_player
from games.juniper.rules import JuniperParams
from games.juniper.solver import random_play_first_player_probability
from games.tournament import play_series

#: Section IV of the article, N = 20: win rate (%) of player 1 (rows) against player 2
#: (columns); the article left the other cells empty.
ARTICLE_TABLE: dict[tuple[str, str], float] = {
    ("random", "random"): 47.7, ("random", "human"): 47.7, ("random", "semi-expert"): 41.7,
    ("random", "expert"): 52.6,
    ("human", "random"): 47.7, ("human", "human"): 44.6, ("human", "semi-expert"): 41.7,
    ("human", "expert"): 52.4,
    ("semi-expert", "random"): 55.1, ("semi-expert", "human"): 55.1, ("semi-expert", "semi-expert"): 51.7,
    ("semi-expert", "expert"): 61.4,
    ("expert", "random"): 90.2, ("expert", "human"): 90.2, ("expert", "semi-expert"): 90.2,
    ("expert", "expert"): 100.0, ("expert", "montecarlo"): 80.0,
    ("montecarlo", "expert"): 80.0, ("montecarlo", "montecarlo"): 66.0,
}


#: The exact random-play probability enumerates positions (numbers used, last number), whose
#: count roughly doubles with each N: 3.5 s and a few hundred MB at N = 26, 50 s at N = 30.
#: Beyond this N it is not computed (the table of the players is still played).
EXACT_RANDOM_MAX_N = 26


@dataclass(frozen=True)
class TournamentResult:
    """First-player wins for each (row level, column level) out of ``games`` games."""

    n: int
    games: int
    seed: int
    levels: tuple[str, ...]
    wins: dict[tuple[str, str], int]
    random_exact: float | None

    def rate(self, first: str, second: str) -> float:
        """Player 1's win rate in percent for this pairing."""
        return 100.0 * self.wins[(first, second)] / self.games

    def as_json(self) -> dict[str, object]:
        """The ``--json`` form: rates in percent, rows are player 1."""
        rates = {a: {b: round(self.rate(a, b), 2) for b in self.levels} for a in self.levels}
        article: dict[str, dict[str, float]] = {}
        if self.n == 20:
            for (a, b), value in ARTICLE_TABLE.items():
                if a in self.levels and b in self.levels:
                    article.setdefault(a, {})[b] = value
        return {"n": self.n, "games": self.games, "seed": self.seed, "levels": list(self.levels),
                "first_player_win_rate": rates, "random_vs_random_exact": self.random_exact,
                "article": article}


def play_pairing(n: int, first: str, second: str, games: int, seed: int, playouts: int,
                 on_game: Callable[[], None] | None = None) -> int:
    """How many of ``games`` games player 1 (``first``) wins against ``second``."""
    params = JuniperParams(n)
    row, col = LEVELS.index(first), LEVELS.index(second)
    series = play_series(
        make_player(first, playouts),
        make_player(second, playouts),
        games,
        start=lambda _g: params.new_initial_state(),
        rng_for=lambda g: random.Random(f"juniper-{seed}-{row}-{col}-{g}"),
        a_first=lambda _g: True,
        on_game=None if on_game is None else lambda _g, _played: on_game(),
    )
    return series.wins("a")


def run_tournament(n: int, games: int, seed: int = 0, levels: Sequence[str] = LEVELS, playouts: int = 48,
                   on_game: Callable[[], None] | None = None) -> TournamentResult:
    """Every ordered pair of ``levels`` plays ``games`` games on 1..n; the exact random-play
    probability up to ``EXACT_RANDOM_MAX_N`` (None beyond)."""
    wins = {(a, b): play_pairing(n, a, b, games, seed, playouts, on_game) for a in levels for b in levels}
    exact = random_play_first_player_probability(n) if n <= EXACT_RANDOM_MAX_N else None
    return TournamentResult(n, games, seed, tuple(levels), wins, exact)
