"""The command ``python main.py tournament GAME --a L --b L [--games K] [--seed S] [--movetime T]``:
the one place where a tournament's command line is read, into a
:class:`games.tournament.TournamentOptions` record (with the game's own record, read by its
:class:`games.engine_cli.OwnFlags`) that :func:`games.tournament.run_tournament_command` takes."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TypeVar

from games.cliutil import Commands, int_in_range, movetime_seconds, print_json, seed_value
from games.core import GameState
from games.engine_cli import OwnFlags
from games.tournament import MAX_GAMES, TournamentOptions, TournamentSpec, print_report, run_tournament_command

# Any: a state of any move type (as in games.tournament); the game's own options record.
S = TypeVar("S", bound=GameState[Any])
Own = TypeVar("Own")


def tournament_options(args: argparse.Namespace, flags: OwnFlags[Own]) -> TournamentOptions[Own]:
    """The typed options of ``tournament GAME`` (a parser :func:`register_tournament` made)."""
    a: str = args.a
    b: str = args.b
    games: int = args.games
    seed: int = args.seed
    movetime: float | None = args.movetime
    return TournamentOptions(a=a, b=b, games=games, seed=seed, movetime=movetime, json=bool(args.json),
                             own=flags.read(args))


def register_tournament(commands: Commands, tournament: TournamentSpec[S, Own],
                        flags: OwnFlags[Own]) -> argparse.ArgumentParser:
    """Add ``python main.py tournament GAME`` (``flags``: the game's own, ``NO_FLAGS`` for none)."""
    parser = commands.game_verb("tournament", tournament.game,
                                tournament.help or f"{tournament.game} computer players against each other")
    levels = ", ".join(tournament.levels)
    parser.add_argument("--a", choices=tournament.levels, required=True, metavar="LEVEL", help=f"player A: {levels}")
    parser.add_argument("--b", choices=tournament.levels, required=True, metavar="LEVEL", help=f"player B: {levels}")
    parser.add_argument("--games", type=int_in_range(1, MAX_GAMES), default=20,
                        help=f"number of games, at most {MAX_GAMES} (default 20)")
    parser.add_argument("--seed", type=seed_value, default=0, help="seed (the same seed replays the same games)")
    parser.add_argument("--movetime", "--time", dest="movetime", type=movetime_seconds, default=None, metavar="T",
                        help="thinking budget per move in seconds, at most 60 (default: the level's own)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    flags.add(parser)

    def run(args: argparse.Namespace) -> int:
        options = tournament_options(args, flags)
        report = run_tournament_command(tournament, options)
        if options.json:
            print_json(report)
        else:
            print_report(report)
        sys.stdout.flush()
        return 0

    parser.set_defaults(handler=run)
    return parser
