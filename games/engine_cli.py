"""The command ``python main.py engine GAME [--level L] [--movetime T] [--seed S]`` and a game's
own engine flags: the one place where an engine's command line is read, into an
:class:`games.engine.EngineOptions` record that :func:`games.engine.serve` takes.

A game adds flags from its own folder with an :class:`OwnFlags`: ``add`` puts them on the
parser, ``read`` turns them into the game's own record (Awélé's board size, Juniper Green's
playouts), which its :class:`games.engine.EngineSpec` hooks take as ``own``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from games.cliutil import Commands, movetime_seconds, seed_value
from games.core import GameState
from games.engine import EngineOptions, EngineSpec, serve

# Any: a state of any move type (as in games.engine), a move, the game's own options record.
S = TypeVar("S", bound=GameState[Any])
M = TypeVar("M")
Own = TypeVar("Own")


@dataclass(frozen=True)
class OwnFlags(Generic[Own]):
    """A game's own flags on a command (``engine GAME``, ``tournament GAME``): ``add`` puts
    them on the command's parser, ``read`` makes the game's typed record from the parsed
    command line (and may refuse a value with :class:`games.cliutil.CliError`)."""

    add: Callable[[argparse.ArgumentParser], None]
    read: Callable[[argparse.Namespace], Own]


def _no_flags(_parser: argparse.ArgumentParser) -> None:
    """A game without flags of its own adds none."""


def _no_record(_args: argparse.Namespace) -> None:
    """A game without flags of its own has no record: None."""


#: The own flags of a game that has none (its record is None).
NO_FLAGS: OwnFlags[None] = OwnFlags(_no_flags, _no_record)


def add_engine_options(parser: argparse.ArgumentParser, spec: EngineSpec[S, M, Own], flags: OwnFlags[Own]) -> None:
    """``--level``, ``--movetime`` (alias ``--time``), ``--seed`` and the game's own options."""
    strongest = spec.levels[-1]
    parser.add_argument("--level", choices=spec.levels, default=strongest,
                        help=f"computer level: {', '.join(spec.levels)} (default {strongest})")
    default = "the level's own" if spec.default_movetime is None else f"{spec.default_movetime:g}"
    parser.add_argument("--movetime", "--time", dest="movetime", type=movetime_seconds,
                        default=spec.default_movetime, metavar="T",
                        help=f"seconds per move, at most 60 (default {default})")
    parser.add_argument("--seed", type=seed_value, default=spec.default_seed,
                        help="seed of the players' random choices (0..2^32-1)")
    flags.add(parser)


def engine_options(args: argparse.Namespace, flags: OwnFlags[Own]) -> EngineOptions[Own]:
    """The typed options of ``engine GAME`` (a parser given :func:`add_engine_options`)."""
    level: str = args.level
    movetime: float | None = args.movetime
    seed: int | None = args.seed
    return EngineOptions(level=level, movetime=movetime, seed=seed, own=flags.read(args))


def engine_args(spec: EngineSpec[S, M, Own], flags: OwnFlags[Own], argv: list[str] | None = None,
                **values: object) -> EngineOptions[Own]:
    """The options of ``engine GAME`` with their defaults, as the command reads them (for tests
    and programs), overridden by ``values`` (by the options' names: ``level="random"``,
    ``pits=4``)."""
    parser = argparse.ArgumentParser()
    add_engine_options(parser, spec, flags)
    args = parser.parse_args(argv or [])
    for key, value in values.items():
        setattr(args, key, value)
    return engine_options(args, flags)


def register_engine(commands: Commands, spec: EngineSpec[S, M, Own], flags: OwnFlags[Own]) -> argparse.ArgumentParser:
    """Add ``python main.py engine GAME`` (``flags``: the game's own, :data:`NO_FLAGS` for none)."""
    parser = commands.game_verb("engine", spec.game, spec.help or f"{spec.game} JSON-lines engine on stdin/stdout")
    add_engine_options(parser, spec, flags)

    def run(args: argparse.Namespace) -> int:
        # library: a replaced stdin may be text only
        return serve(spec, engine_options(args, flags), getattr(sys.stdin, "buffer", sys.stdin), sys.stdout)

    parser.set_defaults(handler=run)
    return parser
