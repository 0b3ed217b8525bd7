"""Awélé on the command line: ``play``, ``tournament``, ``engine`` and the ``awele`` verb
(``loop``, ``loop-stats``). Only ``play`` imports pygame, lazily inside its handler."""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import TextIO

from clikit import Commands
from games.awele.ai import LEVELS, make_player
from games.awele.match import OPENING_KINDS
from games.awele.rules import MAX_SEEDS, MIN_SEEDS, PIT_COUNTS, AweleState, parse_board, position
from games.cliutil import CliError, int_in_range, positive_float, print_json, progress
from games.core import GameInputError
from kiosk.options import add_display_args

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
    from games.awele.scene import AweleScene
    from kiosk.runner import run_app

    return run_app(
        args,
        lambda app: AweleScene(
            app, pits=args.pits, seeds=args.seeds, players=(args.p1, args.p2), movetime=args.movetime
        ),
    )


# --- awele loop / loop-stats ----------------------------------------------------------------------


def run_loop(args: argparse.Namespace) -> int:
    """``awele loop``: does sowing pit P of this board end, or loop for ever?"""
    from games.awele.loops import loop_report
    from games.awele.rules import iter_laps

    try:
        board = parse_board(args.pits)
        report = loop_report(board, args.pit)
    except (GameInputError, ValueError) as exc:
        raise CliError(str(exc)) from None
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
        print(
            f"  ends after {report['laps']} laps in pit {report['last_pit']}; board "
            f"{' '.join(map(str, report['board']))}"
        )  # type: ignore[arg-type]
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
    for name, seconds in d["average_move_seconds"].items():  # type: ignore[union-attr]
        print(f"  {name}: {seconds:.3f} s per move")
    return 0


# --- engine ---------------------------------------------------------------------------------------


def engine_answer(line: str, player: object, pits: int, rng: random.Random, movetime: float) -> dict[str, object]:
    """The engine's answer to one input line: ``{"move": pit}`` or ``{"error": "..."}``."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not JSON: {exc.msg}"}
    if not isinstance(request, dict):
        return {"error": 'expected an object like {"pits": [...], "scores": [0, 0], "player": 1}'}
    missing = [k for k in ("pits", "scores", "player") if k not in request]
    if missing:
        return {"error": f"missing {', '.join(missing)}"}
    board, scores, who = request["pits"], request["scores"], request["player"]
    if not isinstance(board, list) or len(board) != pits:
        return {"error": f"pits must be a list of {pits} numbers (pit 1 first)"}
    if not isinstance(scores, list) or len(scores) != 2:
        return {"error": "scores must be a list of two numbers [player 1, player 2]"}
    if who not in (1, 2) or isinstance(who, bool):
        return {"error": "player must be 1 or 2"}
    try:
        state = position(board, (scores[0], scores[1]), who)
    except GameInputError as exc:
        return {"error": str(exc)}
    if state.is_terminal():
        return {"error": f"the game is over in this position ({state.outcome().reason})"}  # type: ignore[union-attr]
    if state.current_player != who:
        return {
            "error": f"player {who} cannot play here ({state.skip_reason} camp or only loops): "
            f"player {state.current_player} plays again"
        }
    return {"move": player.choose(state, rng, movetime)}  # type: ignore[attr-defined]


def serve(level: str, pits: int, movetime: float, stdin: TextIO, stdout: TextIO, seed: int = 0) -> int:
    """Answer every line of ``stdin`` on ``stdout`` until end of input."""
    player = make_player(level)
    rng = random.Random(seed)
    for line in stdin:
        if not line.strip():
            continue
        try:
            answer = engine_answer(line, player, pits, rng, movetime)
        except Exception as exc:  # noqa: BLE001 - a bad line must never stop the engine
            answer = {"error": f"internal error: {type(exc).__name__}: {exc}"}
        print_json(answer, stdout)
    return 0


def run_engine(args: argparse.Namespace) -> int:
    """``engine awele``: the JSON-lines protocol on stdin/stdout."""
    return serve(args.level, args.pits, args.movetime, sys.stdin, sys.stdout, args.seed)


# --- registration ---------------------------------------------------------------------------------


def register(commands: Commands) -> None:
    """Add ``play awele``, ``tournament awele``, ``engine awele`` and ``awele loop|loop-stats``."""
    play = commands.game_verb("play", "awele", "awélé (Ghana): relay sowing, hot-seat or against the computer")
    _board_args(play)
    play.add_argument("--p1", choices=PLAYER_CHOICES, default="human", help="player 1 (bottom row)")
    play.add_argument("--p2", choices=PLAYER_CHOICES, default="1990", help="player 2 (top row)")
    play.add_argument("--movetime", type=positive_float, default=1.0, help="seconds per computer move")
    add_display_args(play)
    play.add_argument("--json", action="store_true", help="print the final scene state as JSON")
    play.set_defaults(handler=run_play)

    verb = commands.verb("awele", "awélé's infinite sowing loops")
    sub = verb.add_subparsers(dest="awele_command", metavar="COMMAND", required=True)
    loop = sub.add_parser(
        "loop",
        help="does sowing this pit end or loop for ever?",
        description='sow pit P of a board: e.g. --pits "1 2 0 2" --pit 2 (loops, period 8)',
    )
    loop.add_argument("--pits", required=True, help='the board in pit order 1..12 (or 1..4), e.g. "1 2 0 2"')
    loop.add_argument("--pit", type=int_in_range(1, 12), required=True, help="the pit to sow")
    loop.add_argument("--show", type=int_in_range(0, 1000), default=0, metavar="N", help="print the first N laps")
    loop.add_argument("--json", action="store_true", help="print one JSON object")
    loop.set_defaults(handler=run_loop)
    stats = sub.add_parser(
        "loop-stats",
        help="how often random play meets a looping move",
        description="random games; every non-empty pit offered to the mover is analysed",
    )
    stats.add_argument("--games", type=int_in_range(1, 1_000_000), default=1000, help="games (default 1000)")
    stats.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    _board_args(stats)
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.set_defaults(handler=run_loop_stats)

    tour = commands.game_verb("tournament", "awele", "awélé computer players against each other")
    tour.add_argument("--a", choices=LEVELS, required=True, help="level of player A")
    tour.add_argument("--b", choices=LEVELS, required=True, help="level of player B")
    tour.add_argument("--games", type=int_in_range(1, 100_000), default=20, help="games (default 20)")
    tour.add_argument("--seed", type=int, default=0, help="seed of the random openings (default 0)")
    tour.add_argument("--movetime", type=positive_float, default=1.0, help="seconds per move for strong (default 1)")
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

    engine = commands.game_verb("engine", "awele", "awélé JSON-lines engine on stdin/stdout")
    engine.add_argument("--level", choices=LEVELS, default="strong", help="computer level (default strong)")
    engine.add_argument("--movetime", type=positive_float, default=1.0, help="seconds per move (default 1)")
    engine.add_argument("--pits", type=int, choices=PIT_COUNTS, default=12, help="board size (default 12)")
    engine.add_argument("--seed", type=int, default=0, help="seed for the random level (default 0)")
    engine.set_defaults(handler=run_engine)
