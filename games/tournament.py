"""One tournament loop for every game: two computer players, A and B, play a series of games
(no pygame).

:func:`play_series` plays the games (who sits first in each game, the start positions and
the random generators are the caller's choice, so each game keeps its published, reproducible
figures) and times every move. :class:`Series` counts the results from A's side. Games with no
reporting of their own get ``python main.py tournament GAME --a L --b L`` (the command,
:mod:`games.tournament_cli`, reads its options into a :class:`TournamentOptions` record for
:func:`run_tournament_command`); Awélé (balanced openings, margins) and Juniper Green (the article's
table of every pairing) build their own reports on the same loop.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from games.cliutil import how_long, progress, say_how_long
from games.contract import Game
from games.core import GameState, Outcome, Player, play_game
from games.registry import spec as game_spec

# Any: a state of any move type (a series says which with its own M).
S = TypeVar("S", bound=GameState[Any])
M = TypeVar("M")
#: A game's own tournament options (a frozen dataclass of the game's, or None for a game without).
Own = TypeVar("Own")

#: Games in one series at most (the CLI's limit).
MAX_GAMES = 100_000


@dataclass(frozen=True)
class Played(Generic[S]):
    """One game of a series: whether A moved first, how it ended, the final position, the
    number of moves, and each side's thinking (seconds, moves, slowest move) by "a"/"b"."""

    a_first: bool
    outcome: Outcome
    final: S
    moves: int
    think: dict[str, tuple[float, int, float]]

    @property
    def winner(self) -> str | None:
        """``"a"``, ``"b"`` or None (a draw)."""
        if self.outcome.winner is None:
            return None
        return "a" if (self.outcome.winner == 1) == self.a_first else "b"


@dataclass
class Series(Generic[S]):
    """The games of A against B, and totals from A's side."""

    a: str
    b: str
    games: list[Played[S]] = field(default_factory=list)
    seconds: float = 0.0

    def wins(self, side: str = "a") -> int:
        """Games ``side`` won."""
        return sum(1 for g in self.games if g.winner == side)

    @property
    def draws(self) -> int:
        """Games nobody won."""
        return sum(1 for g in self.games if g.winner is None)

    def wins_moving_first(self, side: str = "a") -> int:
        """Games ``side`` won as player 1."""
        return sum(1 for g in self.games if g.winner == side and g.a_first == (side == "a"))

    def think(self, side: str) -> tuple[float, int, float]:
        """(seconds, moves, slowest move) of ``side`` over the whole series."""
        seconds = sum(g.think[side][0] for g in self.games if side in g.think)
        moves = sum(g.think[side][1] for g in self.games if side in g.think)
        slowest = max((g.think[side][2] for g in self.games if side in g.think), default=0.0)
        return seconds, moves, slowest

    def as_dict(self) -> dict[str, Any]:
        """The generic ``--json`` report."""
        n = len(self.games)
        spent = [self.think(side) for side in ("a", "b")]
        total_seconds = spent[0][0] + spent[1][0]
        total_moves = spent[0][1] + spent[1][1]
        return {
            "a": self.a,
            "b": self.b,
            "games": n,
            "wins_a": self.wins("a"),
            "wins_b": self.wins("b"),
            "draws": self.draws,
            "score_a": round((self.wins("a") + 0.5 * self.draws) / n, 3) if n else 0.0,
            "wins_a_moving_first": self.wins_moving_first("a"),
            "wins_a_moving_second": self.wins("a") - self.wins_moving_first("a"),
            "slowest_move_s": round(max(spent[0][2], spent[1][2]), 3),
            "mean_move_s": round(total_seconds / max(1, total_moves), 4),
        }


@dataclass
class _Timed(Generic[S, M]):
    """A player whose every move is timed (the series' stopwatch around ``choose``)."""

    player: Player[S, M]
    times: list[float] = field(default_factory=list)
    #: Called after each move (a long series' first estimate comes before its first game ends).
    after_move: Callable[[], None] | None = None

    @property
    def name(self) -> str:
        return self.player.name

    def choose(self, state: S, rng: random.Random, time_budget: float | None = None) -> M:
        started = time.perf_counter()
        move = self.player.choose(state, rng, time_budget)
        self.times.append(time.perf_counter() - started)
        if self.after_move is not None:
            self.after_move()
        return move


def play_series(
    a: Player[S, M],
    b: Player[S, M],
    games: int,
    start: Callable[[int], S],
    rng_for: Callable[[int], random.Random],
    a_first: Callable[[int], bool] = lambda k: k % 2 == 0,
    movetime: float | None = None,
    on_game: Callable[[int, Played[S]], None] | None = None,
    names: tuple[str, str] = ("a", "b"),
    on_move: Callable[[], None] | None = None,
) -> Series[S]:
    """``games`` games of ``a`` against ``b``: game ``k`` starts from ``start(k)`` (called just
    before it is played), its players draw from ``rng_for(k)``, A moves first when
    ``a_first(k)``. ``on_game(k, played)`` follows each game (progress, time estimates) and
    ``on_move()`` each move."""
    series: Series[S] = Series(*names)
    began = time.perf_counter()
    for k in range(games):
        first = a_first(k)
        timed = {"a": _Timed(a, after_move=on_move), "b": _Timed(b, after_move=on_move)}
        seats: dict[int, Player[S, M]] = {1: timed["a"], 2: timed["b"]} if first else {1: timed["b"], 2: timed["a"]}
        record = play_game(start(k), seats, rng_for(k), movetime)
        think = {side: (sum(t.times), len(t.times), max(t.times, default=0.0)) for side, t in timed.items()}
        played = Played(first, record.outcome, record.final_state, len(record.moves), think)
        series.games.append(played)
        if on_game is not None:
            on_game(k, played)
    series.seconds = time.perf_counter() - began
    return series


#: Seconds into a series' first game after which its length is said without waiting for the
#: game's end (strong against strong at 1 s a move: a game takes a minute or two).
EARLY_ESTIMATE = 5.0


class Announcer:
    """Says on stderr how long a series will take when that is more than a few seconds (a
    series can be long: games x moves x movetime): after its first game (``on_game``), or
    sooner when the first game alone passes :data:`EARLY_ESTIMATE` seconds (``on_move``): then
    at least ``games`` times what the first game has taken so far."""

    def __init__(self, games: int, what: str, clock: Callable[[], float] = time.perf_counter) -> None:
        self.games, self.what, self.clock = games, what, clock
        self.started = clock()
        self.said_early = False
        self.done_first = False

    def on_move(self) -> None:
        """After each move: the early estimate, once, while the first game goes on."""
        elapsed = self.clock() - self.started
        if not self.done_first and not self.said_early and self.games > 1 and elapsed >= EARLY_ESTIMATE:
            self.said_early = True
            sys.stderr.write(f"{self.what}: at least {how_long(elapsed * self.games)} (the first game alone has "
                             f"taken {elapsed:.0f} s so far; Ctrl+C stops it)\n")
            sys.stderr.flush()

    def __call__(self, k: int, _played: Played) -> None:
        """After each game: the estimate from the whole first game."""
        if k == 0:
            self.done_first = True
            if self.games > 1:
                say_how_long((self.clock() - self.started) * self.games, self.what)


def announce_after_first(games: int, what: str) -> Announcer:
    """An :class:`Announcer` for ``games`` games of ``what`` (pass it as ``on_game`` and its
    ``on_move`` as ``on_move``)."""
    return Announcer(games, what)


# --- the generic command ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentOptions(Generic[Own]):
    """What a series was asked for: the levels of A and B, how many ``games``, the ``seed``
    every start position and choice is drawn from, seconds per move (``movetime``, None: the
    level's own), ``json`` (no progress bar: the report is the only output) and the game's own
    options ``own`` (a record of the game's, None for a game without)."""

    a: str
    b: str
    games: int
    seed: int
    movetime: float | None
    json: bool
    own: Own


@dataclass(frozen=True)
class TournamentSpec(Generic[S, Own]):
    """What is a game's own in ``tournament GAME``: its start position (``new_state(rng, own)``,
    ``own``: the game's options record, :attr:`TournamentOptions.own`), and optionally figures
    for the report. Levels and players come from the registry; a game's own flags, and how they
    are read into ``own``, are its command's (:class:`games.engine_cli.OwnFlags`)."""

    game: str
    new_state: Callable[[random.Random, Own], S]
    extras: Callable[[Series[S]], dict[str, object]] | None = None
    help: str = ""

    @property
    def levels(self) -> tuple[str, ...]:
        """The game's computer levels, weakest first."""
        return game_spec(self.game).levels


def tournament_for(game: Game[S, M]) -> TournamentSpec[S, None]:
    """The generic ``tournament GAME`` of a game with no options or figures of its own: each
    game starts from the entry's ``new_state``."""
    return TournamentSpec(game=game.key, new_state=lambda rng, _own: game.new_state(rng))


def run_tournament_command(tournament: TournamentSpec[S, Own], options: TournamentOptions[Own]) -> dict[str, object]:
    """Play the series ``options`` asks for (seats alternating, A first in even games, every
    start position and choice drawn from one generator seeded by ``options.seed``)."""
    rng = random.Random(options.seed)
    games = options.games
    bar = progress(range(games), games, tournament.game, enabled=not options.json)
    announce = announce_after_first(games, f"{games} {tournament.game} games")

    def on_game(k: int, played: Played[S]) -> None:
        announce(k, played)
        next(bar, None)

    game = game_spec(tournament.game)
    series = play_series(
        game.make_player(options.a),
        game.make_player(options.b),
        games,
        start=lambda _k: tournament.new_state(random.Random(rng.getrandbits(32)), options.own),
        rng_for=lambda _k: rng,
        movetime=options.movetime,
        on_game=on_game,
        names=(options.a, options.b),
        on_move=announce.on_move,
    )
    for _rest in bar:
        pass
    report: dict[str, object] = {"game": tournament.game, **series.as_dict(), "seed": options.seed}
    if tournament.extras is not None:
        report.update(tournament.extras(series))
    return report


def print_report(report: dict[str, object]) -> None:
    """The generic report in words."""
    a, b = report["a"], report["b"]
    print(f"{report['game']}: {a} (a) vs {b} (b), {report['games']} games, seed {report['seed']}, "
          "first player alternating")
    print(f"  {a} wins {report['wins_a']}, {b} wins {report['wins_b']}, draws {report['draws']}"
          f"  -> score of a {report['score_a']:.1%}")
    print(f"  a wins moving first: {report['wins_a_moving_first']}, moving second: {report['wins_a_moving_second']}")
    extra = {k: v for k, v in report.items() if k.startswith("mean_") and k != "mean_move_s"}
    for key, value in extra.items():
        print(f"  {key.replace('_', ' ')}: {value}")
    print(f"  slowest move {report['slowest_move_s']} s, mean {report['mean_move_s']} s")
