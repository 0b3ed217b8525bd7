"""Lightning's commands: ``play``, ``tournament`` and ``engine`` (no pygame unless playing)."""

from __future__ import annotations

import argparse
import random
from typing import TYPE_CHECKING

from games.cliutil import Commands
from games.engine import EngineSpec, Request, RequestError, shown
from games.engine_cli import NO_FLAGS, register_engine
from games.lightning.ai import DEFAULT_LEVEL, LEVELS
from games.lightning.rules import LightningState, Move
from games.physical import replayed_match
from games.physical_cli import add_physical_args, physical_options
from games.tournament import TournamentSpec
from games.tournament_cli import register_tournament

if TYPE_CHECKING:  # annotations only: computing commands must not import pygame
    from kiosk.app import App

LEVEL_CHOICES = LEVELS


def run_play(args: argparse.Namespace) -> int:
    """``play lightning``: the game on screen (on a real mat under the camera with ``--physical``)."""
    table = physical_options(args)
    replay = replayed_match(table, "lightning")
    from games.lightning.scene import LightningScene, new_match
    from kiosk.cli import app_options
    from kiosk.physical import attach_to_play
    from kiosk.runner import run_app

    blue = args.level if args.mode == "computer" else "human"

    def first(app: App) -> LightningScene:
        return attach_to_play(LightningScene(app, replay or new_match(app, "human", blue)), table)

    return run_app(app_options(args, game="lightning", table=table, json=args.json), first)


def _new_game(rng: random.Random, _own: None) -> LightningState:
    from games.lightning.rules import new_game

    return new_game(rng)


TOURNAMENT = TournamentSpec(
    game="lightning",
    new_state=_new_game,
    extras=lambda series: {
        "mean_tiles_placed": round(sum(g.final.placed for g in series.games) / max(1, len(series.games)), 1)
    },
    help="Lightning computer players against each other",
)


def read_request(request: Request, _own: None) -> LightningState | None:
    """Lightning's request ``{"state": TEXT, "hand": "Z"}``: ``hand`` (optional) draws that
    design from the pool for the position (without a tile in hand the answer says where to
    take one from)."""
    from games.core import GameInputError
    from games.lightning.rules import from_text
    from games.lightning.tiles import DESIGNS

    text = request.get("state")
    if not isinstance(text, str):
        raise RequestError('send an object like {"state": "<position text>", "hand": "Z"}')
    try:
        state = from_text(text)
    except GameInputError as exc:
        raise RequestError(f"state: {exc}") from None
    hand = request.get("hand")
    if hand is None:
        return state
    if not isinstance(hand, str) or hand not in DESIGNS:
        raise RequestError(f"hand must be one of {', '.join(DESIGNS)}, not {shown(hand)}")
    if state.hand is not None:
        if state.hand != hand:
            raise RequestError(f"hand: the position already has {state.hand} in hand, not {hand}")
        return state
    if state.is_terminal():
        return state
    if not state.pool_counts()[hand]:
        raise RequestError(f"hand: no {hand} tile is left in the pool")
    return state.with_draw(hand)


ENGINE: EngineSpec[LightningState, Move, None] = EngineSpec(
    game="lightning",
    state_example="<position text>",
    read_request=read_request,
    answer=lambda state, move: {"move": state.move_to_text(move), "player": state.current_player},
    help='JSON lines: {"state": TEXT, "hand": "Z"} -> {"move": TEXT}',
)


def _level(text: str) -> str:
    if text not in LEVEL_CHOICES:
        raise argparse.ArgumentTypeError(f"'{text}' is not a level (choose from {', '.join(LEVEL_CHOICES)})")
    return text


def register(commands: Commands) -> None:
    """Add ``play lightning``, ``tournament lightning`` and ``engine lightning``."""
    play = commands.game_verb("play", "lightning",
                              "Lightning: build a lightning bolt of tiles across your half", interactive=True)
    play.add_argument("--mode", choices=("computer", "hotseat"), default="computer",
                      help="against the computer (default) or two players on one screen")
    play.add_argument("--level", type=_level, default=DEFAULT_LEVEL,
                      help=f"computer level: random, builder, strong (default {DEFAULT_LEVEL}: one a child can beat)")
    play.add_argument("--json", action="store_true", help="print the final scene summary as JSON")
    add_physical_args(play)
    play.set_defaults(handler=run_play)

    register_tournament(commands, TOURNAMENT, NO_FLAGS)
    register_engine(commands, ENGINE, NO_FLAGS)

