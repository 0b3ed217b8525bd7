"""Awélé on the command line: ``play``, ``tournament``, ``engine`` and the ``awele`` verb
(``loop``, ``loop-stats``). Only ``play`` imports pygame, lazily inside its handler."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from games.awele.ai import DEFAULT_LEVEL, LEVELS
from games.awele.match import OPENING_KINDS
from games.awele.rules import MAX_SEEDS, MIN_SEEDS, PIT_COUNTS, AweleState, parse_board, position
from games.cliutil import (
    CliError,
    Commands,
    int_in_range,
    movetime_seconds,
    print_json,
    progress,
    say_how_long,
    seconds_in_range,
    seed_value,
)
from games.core import GameInputError
from games.engine import EngineSpec, Request, RequestError, whole_number, whole_numbers
from games.engine_cli import OwnFlags, register_engine

PLAYER_CHOICES = ("human",) + LEVELS


def _board_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--pits",
        type=int,
        choices=PIT_COUNTS,
        default=12,
        help="12 pits (6 per player, default) or 4 (2 per player, for small children)",
    )
    parser.add_argument(
        "--seeds",
        type=int_in_range(MIN_SEEDS, MAX_SEEDS),
        default=4,
        help=f"seeds per pit at the start, {MIN_SEEDS}..{MAX_SEEDS} (default 4)",
    )


# --- play -----------------------------------------------------------------------------------------


def run_play(args: argparse.Namespace) -> int:
    """``play awele``: the game on screen."""
    from games.awele.scene import AweleScene, new_match
    from kiosk.cli import app_options
    from kiosk.runner import run_app

    options = app_options(args, game="awele", json=args.json)
    return run_app(options, lambda app: AweleScene(app, new_match(app, args.pits, args.seeds, args.p1, args.p2,
                                                                  args.movetime)))


# --- awele loop / loop-stats ----------------------------------------------------------------------


def run_loop(args: argparse.Namespace) -> int:
    """``awele loop``: does sowing pit P of this board end, or loop for ever?"""
    from games.awele.loops import LOOP_MAX_SEEDS, Undecided, loop_report
    from games.awele.rules import iter_laps

    try:
        board = parse_board(args.pits, LOOP_MAX_SEEDS)
        report = loop_report(board, args.pit, args.max_seconds)
    except (GameInputError, ValueError) as exc:
        raise CliError(str(exc)) from None
    except Undecided as exc:
        raise CliError(f"undecided: {exc}; --max-seconds gives the exact check more time", code=1) from None
    if args.json:
        print_json(report)
        return 0
    n = len(board)
    print(f"board {' '.join(map(str, board))}, sowing pit {args.pit}:")
    if report["loops"]:
        before = report["laps_before_loop"]
        start = "from the very first lap" if before == 0 else f"after {before} laps first"
        period = report["period"]
        print(f"  loops for ever: the board and the pit to empty come back every {period} laps, {start}")
    else:
        after = report["board"]
        assert isinstance(after, list)
        print(f"  ends after {report['laps']} laps in pit {report['last_pit']}; board {' '.join(map(str, after))}")
    if args.show:
        print(f"  the first {args.show} laps (top row: pits {n}..{n // 2 + 1}, bottom: 1..{n // 2}):")
        for k, lap in enumerate(iter_laps(board, args.pit - 1), 1):
            state = AweleState(lap.board, (0, 0), 1)
            rows = state.diagram().splitlines()
            print(f"  lap {k}: pit {lap.start + 1} -> {lap.last + 1}{'  (relay)' if lap.relay else ''}")
            print("    " + rows[0] + "\n    " + rows[1])
            if k >= args.show:
                break
    return 0


def run_loop_stats(args: argparse.Namespace) -> int:
    """``awele loop-stats``: how often random play is offered a looping move."""
    from games.awele.loops import loop_stats

    say_how_long(args.games * 0.01 * args.seeds / 4 * (args.pits / 12), f"{args.games} random games")
    stats = loop_stats(
        args.games,
        args.seed,
        args.pits,
        args.seeds,
        wrap=lambda items: progress(items, args.games, "random games", not args.json),
    )
    if args.json:
        print_json(stats.as_dict())
        return 0
    d = stats.as_dict()
    print(
        f"{d['games']} random games, {d['positions']} positions, {d['moves_examined']} moves examined "
        "(every non-empty pit of the player to move)"
    )
    if stats.looping:
        print(f"looping moves: {stats.looping}, that is 1 in {d['one_in']} (the article says about 1 in 1296)")
        print(
            f"games that met at least one: {stats.games_with_loop} of {stats.games}; "
            f"periods from {d['period_min']} to {d['period_max']} laps"
        )
    else:
        print("no looping move met (the article says about 1 in 1296)")
    print(f"longest move that ends: {stats.longest_finite_move} laps")
    return 0


# --- tournament -----------------------------------------------------------------------------------


def run_tournament_cmd(args: argparse.Namespace) -> int:
    """``tournament awele``: level A against level B."""
    from games.awele.match import run_tournament

    report = run_tournament(
        args.a,
        args.b,
        args.games,
        args.seed,
        args.movetime,
        args.pits,
        args.seeds,
        wrap=lambda items: progress(items, args.games, f"{args.a} vs {args.b}", not args.json),
        openings=args.openings,
    )
    if args.json:
        print_json(report.as_dict())
        return 0
    d = report.as_dict()
    print(f"{args.a} (A) against {args.b} (B), {d['games']} games, first player alternating, {args.openings} openings:")
    print(f"  A wins {d['wins']}, draws {d['draws']}, loses {d['losses']}  (A win rate {report.win_rate:.0%})")
    print(f"  A wins moving first: {d['wins_moving_first']}, moving second: {d['wins_moving_second']}")
    print(f"  average margin (A minus B): {report.average_margin:+.2f} seeds")
    per_move = d["average_move_seconds"]
    assert isinstance(per_move, dict)
    for name, seconds in per_move.items():
        print(f"  {name}: {seconds:.3f} s per move")
    return 0


# --- engine ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EngineBoard:
    """``engine awele``'s own option: the board's number of pits (``--pits``)."""

    pits: int = 12


def read_request(request: Request, own: EngineBoard) -> AweleState | None:
    """Awélé's own request ``{"pits": [...], "scores": [s1, s2], "player": p}`` on a board of
    ``own.pits`` pits (None for the generic ``{"state": TEXT}``)."""
    if "state" in request:
        return None
    missing = [k for k in ("pits", "scores", "player") if k not in request]
    if missing:
        raise RequestError(f'missing {", ".join(missing)}: send {{"pits": [...], "scores": [0, 0], "player": 1}}')
    n = own.pits
    limit = n * MAX_SEEDS
    board = whole_numbers(request, "pits", 0, limit, count=n)
    scores = whole_numbers(request, "scores", 0, limit, count=2)
    who = whole_number(request, "player", 1, 2)
    total = sum(board) + sum(scores)
    if total > limit:
        raise RequestError(
            f"pits and scores: {total} seeds in play, at most {limit} on a {n}-pit board ({MAX_SEEDS} a pit)"
        )
    try:
        state = position(board, (scores[0], scores[1]), who)
    except GameInputError as exc:
        raise RequestError(str(exc)) from None
    if not state.is_terminal() and state.current_player != who:
        raise RequestError(
            f"player {who} cannot play here ({state.skip_reason} camp or only loops): "
            f"player {state.current_player} plays again"
        )
    return state


def _board_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pits", type=int, choices=PIT_COUNTS, default=12, help="board size (default 12)")


def _engine_board(args: argparse.Namespace) -> EngineBoard:
    pits: int = args.pits
    return EngineBoard(pits)


ENGINE: EngineSpec[AweleState, int, EngineBoard] = EngineSpec(
    game="awele",
    state_example="4 4 4 4 4 4 4 4 4 4 4 4 / 0 0 / 1",
    read_request=read_request,
    answer=lambda _state, move: {"move": move},
    default_movetime=1.0,
    help='awélé JSON-lines engine: {"pits": [...], "scores": [0, 0], "player": 1} -> {"move": pit}',
)
#: ``--pits``, read into :class:`EngineBoard`.
ENGINE_FLAGS = OwnFlags(add=_board_option, read=_engine_board)


# --- registration ---------------------------------------------------------------------------------


def register(commands: Commands) -> None:
    """Add ``play awele``, ``tournament awele``, ``engine awele`` and ``awele loop|loop-stats``."""
    play = commands.game_verb(
        "play", "awele", "awélé (Ghana): relay sowing, hot-seat or against the computer", interactive=True
    )
    _board_args(play)
    play.add_argument("--p1", choices=PLAYER_CHOICES, default="human", help="player 1 (bottom row)")
    play.add_argument("--p2", choices=PLAYER_CHOICES, default=DEFAULT_LEVEL,
                      help=f"player 2 (top row; default {DEFAULT_LEVEL}: a computer a child can beat)")
    play.add_argument("--movetime", type=movetime_seconds, default=1.0, help="seconds per computer move")
    play.add_argument("--json", action="store_true", help="print the final scene state as JSON")
    play.set_defaults(handler=run_play)

    verb = commands.verb("awele", "awélé's infinite sowing loops")
    sub = verb.add_subparsers(dest="awele_command", metavar="COMMAND", required=True)
    loop = sub.add_parser(
        "loop",
        help="does sowing this pit end or loop for ever?",
        description='sow pit P of a board: e.g. --pits "1 2 0 2" --pit 2 (loops, period 8)',
    )
    loop.add_argument("--pits", required=True,
                      help='the board in pit order 1..12 (or 1..4), e.g. "1 2 0 2"; at most 144 seeds in all')
    loop.add_argument("--pit", type=int_in_range(1, 12), required=True, help="the pit to sow")
    loop.add_argument("--show", type=int_in_range(0, 1000), default=0, metavar="N", help="print the first N laps")
    loop.add_argument("--max-seconds", type=seconds_in_range(0, 3600), default=60, metavar="S",
                      help="stop the exact check after S seconds, undecided, exit code 1 (default 60, at most 3600)")
    loop.add_argument("--json", action="store_true", help="print one JSON object")
    loop.set_defaults(handler=run_loop)
    stats = sub.add_parser(
        "loop-stats",
        help="how often random play meets a looping move",
        description="random games; every non-empty pit offered to the mover is analysed",
    )
    stats.add_argument("--games", type=int_in_range(1, 100_000), default=1000,
                       help="games, at most 100000 (default 1000; about 10 ms each)")
    stats.add_argument("--seed", type=seed_value, default=0, help="random seed (default 0)")
    _board_args(stats)
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.set_defaults(handler=run_loop_stats)

    tour = commands.game_verb("tournament", "awele", "awélé computer players against each other")
    tour.add_argument("--a", choices=LEVELS, required=True, help="level of player A")
    tour.add_argument("--b", choices=LEVELS, required=True, help="level of player B")
    tour.add_argument("--games", type=int_in_range(1, 100_000), default=20, help="games (default 20)")
    tour.add_argument("--seed", type=seed_value, default=0, help="seed of the random openings (default 0)")
    tour.add_argument("--movetime", type=movetime_seconds, default=1.0, help="seconds per move for strong (default 1)")
    tour.add_argument(
        "--openings",
        choices=OPENING_KINDS,
        default="balanced",
        help="two random plies, kept only if a depth-8 search finds them even within 2 seeds "
        "(balanced, default), or kept whatever they give (random)",
    )
    _board_args(tour)
    tour.add_argument("--json", action="store_true", help="print one JSON object")
    tour.set_defaults(handler=run_tournament_cmd)

    register_engine(commands, ENGINE, ENGINE_FLAGS)
