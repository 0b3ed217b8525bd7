"""Command line of Juniper Green: ``play``, ``solve``, ``tournament`` and ``engine``.

Only ``play`` imports pygame (lazily, inside its handler); the others only compute.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from games.cliutil import CliError, Commands, int_in_range, print_json, progress, say_how_long, seed_value
from games.core import GameInputError, IllegalMoveError
from games.engine import EngineSpec, Request, RequestError, whole_number, whole_numbers
from games.engine_cli import OwnFlags, register_engine
from games.juniper.ai import DEFAULT_LEVEL, LEVELS, make_player
from games.juniper.rules import DEFAULT_N, MAX_N, MIN_PLAY_N, JuniperState

OPPONENTS = ("hotseat",) + LEVELS


def _ranges(numbers: list[int]) -> str:
    """``[3, 8, 12, 13, 14]`` -> ``"3, 8, 12-14"``."""
    parts: list[str] = []
    start: int | None = None
    prev = 0
    for k in [*numbers, None]:
        if start is not None and (k is None or k != prev + 1):
            parts.append(str(start) if start == prev else f"{start}-{prev}")
            start = None
        if k is not None:
            if start is None:
                start = k
            prev = k
    return ", ".join(parts)


def run_solve(args: argparse.Namespace) -> int:
    """``solve juniper``: the winner for every N, or the analysis of one position."""
    from games.juniper import solver

    if args.position is not None:
        from games.juniper.rules import from_text

        try:
            state = from_text(args.position)
        except (GameInputError, IllegalMoveError) as exc:
            raise CliError(str(exc)) from None
        if state.is_terminal():
            raise CliError(f"the game is over in position {state.to_text()}")
        analysis = solver.analyse(state)
        move = solver.perfect_move(state)
        if args.json:
            print_json({"position": state.to_text(), "to_move": state.current_player,
                        "to_move_wins": analysis.to_move_wins, "winning_moves": list(analysis.winning_moves),
                        "perfect_move": move})
        else:
            who = "wins" if analysis.to_move_wins else "loses against perfect play"
            print(f"{state.to_text()}: player {state.current_player} to move {who}.")
            if analysis.winning_moves:
                print("winning moves: " + ", ".join(map(str, analysis.winning_moves)))
            print(f"perfect player's move: {move}")
        return 0
    max_n = args.max_n
    bar = progress(range(max_n), max_n, "solving", enabled=max_n >= 300)

    def step(_n: int) -> None:
        next(bar, None)

    result = solver.winners(max_n, on_step=step)
    for _rest in bar:
        pass
    if args.json:
        print_json({"winners": {str(n): w for n, w in enumerate(result, 1)}})
        return 0
    first = [n for n, w in enumerate(result, 1) if w == 1]
    second = [n for n, w in enumerate(result, 1) if w == 2]
    print(f"Juniper Green, perfect play, N = 1..{max_n}")
    print(f"player 1 wins ({len(first)}): {_ranges(first)}")
    print(f"player 2 wins ({len(second)}): {_ranges(second)}")
    upto = min(max_n, solver.ARTICLE_MAX_N)
    if upto >= 2:
        article = solver.ARTICLE_FIRST_PLAYER_WINS
        differ = [n for n in range(2, upto + 1) if (result[n - 1] == 1) != (n in article)]
        verdict = "agrees with" if not differ else f"differs at N = {differ} from"
        print(f"N = 2..{upto} {verdict} the article's table (IREM de la Réunion, 2017).")
    return 0


def run_tournament(args: argparse.Namespace) -> int:
    """``tournament juniper``: the article's table of first-player win rates."""
    import time

    from games.juniper.tournament import ARTICLE_TABLE, EXACT_RANDOM_MAX_N, run_tournament

    levels = tuple(args.levels) if args.levels else LEVELS
    total = len(levels) ** 2 * args.games
    bar = progress(range(total), total, "games")
    started = time.perf_counter()
    played = [0]

    def on_game() -> None:
        played[0] += 1
        if played[0] == min(total, 10) and total > 10:  # the first pairing's pace, for the whole table
            say_how_long((time.perf_counter() - started) / played[0] * total, f"{total} Juniper Green games")
        next(bar, None)

    result = run_tournament(args.n, args.games, args.seed, levels, args.playouts, on_game=on_game)
    for _rest in bar:
        pass
    if args.json:
        print_json(result.as_json())
        return 0
    width = max(len(x) for x in levels) + 2
    print(f"Juniper Green N = {args.n}: player 1 (rows) win rate against player 2 (columns), "
          f"{args.games} games each, seed {args.seed}"
          + (" (article's figure in brackets)" if args.n == 20 else ""))
    cell = 16 if args.n == 20 else 9
    print(" " * width + "".join(f"{b:>{cell}}" for b in levels))
    for a in levels:
        cells = []
        for b in levels:
            ours = f"{result.rate(a, b):.1f}%"
            theirs = ARTICLE_TABLE.get((a, b)) if args.n == 20 else None
            cells.append(f"{ours + (f' [{theirs:.1f}]' if theirs is not None else ''):>{cell}}")
        print(f"{a:<{width}}" + "".join(cells))
    if result.random_exact is not None:
        print(f"exact probability that player 1 wins when both play at random: {100 * result.random_exact:.2f}%")
    else:
        print(f"exact probability under random play: computed up to N = {EXACT_RANDOM_MAX_N} only "
              "(its cost doubles with each N)")
    return 0


@dataclass(frozen=True)
class EnginePlayouts:
    """``engine juniper``'s own option: the Monte Carlo player's playouts per move
    (``--playouts``; None: a time budget)."""

    playouts: int | None = None


def read_request(request: Request, _own: EnginePlayouts) -> JuniperState | None:
    """Juniper Green's own request ``{"n": 20, "played": [14, 7]}`` (None for the generic
    ``{"state": TEXT}``); ``n`` defaults to 20 and ``played`` to no move."""
    from games.juniper.rules import from_moves

    if "state" in request:
        return None
    n = whole_number(request, "n", MIN_PLAY_N, MAX_N) if "n" in request else DEFAULT_N
    played = whole_numbers(request, "played", 1, n, most=n) if "played" in request else []
    try:
        return from_moves(n, played)
    except (GameInputError, IllegalMoveError) as exc:
        raise RequestError(f"played: {exc}") from None


def _engine_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--playouts", type=int_in_range(1, 100_000), default=None,
                        help="montecarlo: playouts per move instead of a time budget")


def _engine_playouts(args: argparse.Namespace) -> EnginePlayouts:
    playouts: int | None = args.playouts
    return EnginePlayouts(playouts)


ENGINE: EngineSpec[JuniperState, int, EnginePlayouts] = EngineSpec(
    game="juniper",
    make_player=lambda level, own: make_player(level, own.playouts),
    state_example="N=20: 14 7",
    read_request=read_request,
    answer=lambda _state, move: {"move": move},
    default_seed=None,
    help='JSON lines: {"n": 20, "played": [...]} -> {"move": k}',
)
#: ``--playouts``, read into :class:`EnginePlayouts`.
ENGINE_FLAGS = OwnFlags(add=_engine_options, read=_engine_playouts)


def run_play(args: argparse.Namespace) -> int:
    """``play juniper``: the scene."""
    from games.juniper.scene import JuniperScene, new_match
    from kiosk.cli import app_options
    from kiosk.runner import run_app

    options = app_options(args, game="juniper", json=args.json)
    return run_app(options, lambda app: JuniperScene(app, new_match(app, args.n, args.opponent, args.computer_first)))


def register(commands: Commands) -> None:
    """Add the Juniper Green commands."""
    play = commands.game_verb("play", "juniper", "Juniper Green, the game of multiples and divisors", interactive=True)
    play.add_argument("--n", type=int_in_range(MIN_PLAY_N, 100), default=DEFAULT_N,
                      help=f"play with the numbers 1..N (2..100 on screen, default {DEFAULT_N})")
    play.add_argument("--opponent", choices=OPPONENTS, default=DEFAULT_LEVEL,
                      help=f"hotseat (two people) or a computer level (default {DEFAULT_LEVEL}: one a child can beat)")
    play.add_argument("--computer-first", action="store_true", help="the computer plays the first number")
    play.add_argument("--json", action="store_true", help="print the final scene state as JSON")
    play.set_defaults(handler=run_play)

    solve = commands.game_verb("solve", "juniper", "who wins Juniper Green with perfect play, for every N")
    solve.add_argument("--max-n", type=int_in_range(1, MAX_N), default=50,
                       help=f"solve every N from 1 to this (at most {MAX_N}, default 50)")
    solve.add_argument("--position", default=None, metavar="TEXT",
                       help="instead, analyse one position such as 'N=20: 14 7'")
    solve.add_argument("--json", action="store_true", help='print {"winners": {"1": 2, "2": 2, "3": 1, ...}}')
    solve.set_defaults(handler=run_solve)

    tour = commands.game_verb("tournament", "juniper", "the article's computer players against each other")
    tour.add_argument("--n", type=int_in_range(MIN_PLAY_N, 200), default=DEFAULT_N,
                      help=f"numbers 1..N, at most 200 (default {DEFAULT_N}); the exact probability under "
                           "random play is computed up to N = 26")
    tour.add_argument("--games", type=int_in_range(1, 100_000), default=100,
                      help="games per pairing (default 100)")
    tour.add_argument("--seed", type=seed_value, default=0, help="random seed (default 0): same seed, same table")
    tour.add_argument("--playouts", type=int_in_range(1, 100_000), default=48,
                      help="random playouts per move for montecarlo (default 48)")
    tour.add_argument("--levels", nargs="+", choices=LEVELS, default=None,
                      help=f"the players to include (default all: {' '.join(LEVELS)})")
    tour.add_argument("--json", action="store_true", help="print one JSON object")
    tour.set_defaults(handler=run_tournament)

    register_engine(commands, ENGINE, ENGINE_FLAGS)
