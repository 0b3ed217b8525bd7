"""Hexapawn's commands: ``play hexapawn`` (on screen, or on a real board) and ``solve hexapawn``
(the solved game, and the learning machine's boxes); ``engine`` and ``tournament`` are the
generic ones made from the game's entry (only ``play`` imports pygame)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from games.cliutil import Commands, print_json
from games.hexapawn.ai import DEFAULT_LEVEL, LEVELS
from games.physical import replayed_match
from games.physical_cli import add_physical_args, physical_options

if TYPE_CHECKING:  # annotations only: computing commands must not import pygame
    from kiosk.app import App
    from kiosk.game_scene import GameScene

PLAYER_CHOICES = ("human", *LEVELS)


def run_play(args: argparse.Namespace) -> int:
    """Open the game on screen (on a real board under the camera with ``--physical``)."""
    table = physical_options(args)
    replay = replayed_match(table, "hexapawn")
    from games.hexapawn.scene import HexapawnScene, new_match
    from kiosk.cli import app_options
    from kiosk.physical import attach_to_play
    from kiosk.runner import run_app

    def first(app: App) -> GameScene:
        scene = HexapawnScene(app, replay or new_match(app, args.white, args.black, table.physical))
        scene.hint_on = args.hint
        return attach_to_play(scene, table)

    return run_app(app_options(args, game="hexapawn", table=table, json=args.json), first)


def run_solve(args: argparse.Namespace) -> int:
    """Who wins with perfect play, the winning reply to each first move, and the machine's boxes."""
    from games.hexapawn.machine import boxes_for
    from games.hexapawn.rules import HexapawnState
    from games.hexapawn.solver import reachable, value, winning_moves

    start = HexapawnState()
    replies = {start.move_to_text(m): [start.play(m).move_to_text(r) for r in winning_moves(start.play(m))]
               for m in start.legal_moves()}
    winner, plies, positions = 1 if value(start).wins else 2, value(start).plies, len(reachable())
    black, white = len(boxes_for(2)), len(boxes_for(1))
    if args.json:
        print_json({"winner": winner, "plies": plies, "positions": positions, "winning_replies": replies,
                    "boxes": {"white": white, "black": black}})
        return 0
    who = "White (first)" if winner == 1 else "Black (second)"
    print(f"Hexapawn: {who} wins with perfect play, in {plies} moves at most; {positions} positions can be reached.")
    for move, wins in replies.items():
        print(f"  White {move}: Black wins with {', '.join(wins)}")
    print(f"The learning machine's matchboxes (mirror images once): {black} playing Black, {white} playing White.")
    return 0


def register(commands: Commands) -> None:
    """Add ``play hexapawn`` and ``solve hexapawn``."""
    play = commands.game_verb("play", "hexapawn", "Hexapawn: three pawns each, and a machine that learns",
                              interactive=True)
    play.add_argument("--white", choices=PLAYER_CHOICES, default="human", help="who plays White (moves first)")
    play.add_argument("--black", choices=PLAYER_CHOICES, default=DEFAULT_LEVEL,
                      help=f"who plays Black (default {DEFAULT_LEVEL}: the learning machine)")
    play.add_argument("--hint", action="store_true", help="start with the hint shown")
    play.add_argument("--json", action="store_true", help="print the final state as JSON (with --frames)")
    add_physical_args(play)
    play.set_defaults(handler=run_play)

    solve = commands.game_verb("solve", "hexapawn", "who wins Hexapawn with perfect play, and the machine's boxes")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.set_defaults(handler=run_solve)
