"""Nim's own command, from its own folder: ``tournament nim`` with a flag of its own,
``--start A,B,C`` (the tokens in each row at the start), read here, in the game's command, into
a typed record (:class:`NimStart`) that the tournament hands the game's ``new_state``. ``engine
nim`` stays the generic one the registry makes from the entry."""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

from games.cliutil import Commands
from games.engine_cli import OwnFlags
from games.tournament import TournamentSpec
from games.tournament_cli import register_tournament
from tests.fifth_game.rules import COLS, ROWS, START, NimState


@dataclass(frozen=True)
class NimStart:
    """``tournament nim``'s own option: the tokens in each row at the start."""

    rows: tuple[int, ...] = START


def start_rows(text: str) -> tuple[int, ...]:
    """argparse ``type`` of ``--start``: ``ROWS`` counts of 0..``COLS`` tokens, not all 0."""
    words = text.split(",")
    if len(words) != ROWS or not all(w.strip().isdigit() and int(w) <= COLS for w in words):
        raise argparse.ArgumentTypeError(f"write {ROWS} counts of 0 to {COLS} tokens, like 2,3,4, not '{text}'")
    rows = tuple(int(w) for w in words)
    if not any(rows):
        raise argparse.ArgumentTypeError("a game needs at least one token")
    return rows


def _add(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--start", type=start_rows, default=START, metavar="A,B,C",
                        help="tokens in each row at the start (default 2,3,4)")


def _read(args: argparse.Namespace) -> NimStart:
    rows: tuple[int, ...] = args.start
    return NimStart(rows)


def _new_state(_rng: random.Random, start: NimStart) -> NimState:
    return NimState(start.rows)


TOURNAMENT: TournamentSpec[NimState, NimStart] = TournamentSpec(
    game="nim", new_state=_new_state, help="Nim computer players against each other, from any start")
FLAGS = OwnFlags(add=_add, read=_read)


def register(commands: Commands) -> None:
    """Add ``tournament nim`` (with ``--start``)."""
    register_tournament(commands, TOURNAMENT, FLAGS)
