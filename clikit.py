"""Builds the argparse tree from every module that contributes commands.

A contributing module (``games/<game>/cli.py``, ``hardware/cli.py``, ``vision/cli.py``,
``kiosk/cli.py``) defines ``register(commands: Commands)`` and adds parsers with
``commands.verb("led-test", help)`` or ``commands.game_verb("solve", "lewthwaite", help)``
(which gives ``python main.py solve lewthwaite ...``). Handlers are set with
``parser.set_defaults(handler=function)`` and return an exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from typing import Any

from games.cliutil import CliError
from games.registry import game_packages, has_module

Handler = Callable[[argparse.Namespace], int]

VERB_HELP = {
    "play": "play a game on screen (hot-seat or against the computer)",
    "solve": "who wins with perfect play",
    "stats": "statistics of random play",
    "tournament": "computer players against each other",
    "engine": "a JSON-lines protocol so other programs can play against the computer",
}


class Commands:
    """The subcommand registry handed to each contributing module's ``register``."""

    def __init__(self, subparsers: Any) -> None:
        self._subparsers = subparsers
        self._verbs: dict[str, Any] = {}

    def verb(self, name: str, help: str) -> argparse.ArgumentParser:
        """A top-level subcommand ``python main.py NAME``."""
        parser = self._subparsers.add_parser(name, help=help, description=help)
        return parser

    def game_verb(self, verb: str, game: str, help: str) -> argparse.ArgumentParser:
        """``python main.py VERB GAME``: one parser per game under a shared verb."""
        if verb not in self._verbs:
            verb_parser = self._subparsers.add_parser(
                verb, help=VERB_HELP.get(verb, verb), description=VERB_HELP.get(verb, verb)
            )
            self._verbs[verb] = verb_parser.add_subparsers(dest="game", metavar="GAME", required=True)
        return self._verbs[verb].add_parser(game, help=help, description=help)


def contributing_modules() -> list[str]:
    """Every module with a ``register(commands)``: the shell first, then games, then devices."""
    names = ["kiosk.cli"]
    names += [f"games.{g}.cli" for g in game_packages() if has_module(g, "cli")]
    for package in ("hardware", "vision"):
        try:
            spec = importlib.util.find_spec(f"{package}.cli")
        except ModuleNotFoundError:
            spec = None
        if spec is not None:
            names.append(f"{package}.cli")
    return names


def build_parser() -> argparse.ArgumentParser:
    """The whole command line."""
    from kiosk.options import add_display_args

    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Mathematical board games for a science-fair kiosk. Without a subcommand: the kiosk menu.",
    )
    add_display_args(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="SUBCOMMAND")
    commands = Commands(subparsers)
    for name in contributing_modules():
        importlib.import_module(name).register(commands)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run the handler chosen by ``args``; user errors become a message and their exit code."""
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        from kiosk.cli import run_menu

        handler = run_menu
    try:
        return handler(args)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
