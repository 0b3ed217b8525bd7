"""The shell's own commands: the kiosk menu (no subcommand), ``demo`` and ``science``."""

from __future__ import annotations

import argparse

from clikit import Commands
from games.cliutil import int_in_range
from games.registry import game_packages, has_module
from kiosk.options import add_display_args


def run_menu(args: argparse.Namespace) -> int:
    """``python main.py``: the kiosk menu."""
    from kiosk.app import run_app
    from kiosk.menu import MenuScene

    return run_app(args, MenuScene)


def run_demo(args: argparse.Namespace) -> int:
    """``python main.py demo``: computer players play each other, attract-mode style."""
    from kiosk.app import run_app
    from kiosk.demo import DemoScene

    return run_app(args, DemoScene)


def run_science(args: argparse.Namespace) -> int:
    """``python main.py science GAME``: the game's science corner, opened on tab ``--page``."""
    import importlib

    from kiosk.app import run_app

    corner = importlib.import_module(f"games.{args.game}.corner")
    return run_app(args, lambda app: corner.make_science_scene(app, start=args.page - 1))


def register(commands: Commands) -> None:
    """Add ``demo`` and ``science``."""
    demo = commands.verb("demo", "computer players play each other in the attract-mode style")
    add_display_args(demo)
    demo.add_argument("--json", action="store_true",
                      help='print {"frames": n, "seconds": s, "fps": f} at the end')
    demo.set_defaults(handler=run_demo)

    corners = [game for game in game_packages() if has_module(game, "corner")]
    science = commands.verb("science", "a game's science corner: its mathematics, live")
    science.add_argument("game", choices=corners, help="which game")
    science.add_argument("--page", type=int_in_range(1, 4), default=1, help="which tab to open (1..4, default 1)")
    add_display_args(science)
    science.add_argument("--json", action="store_true", help="print what the open tab shows at the end")
    science.set_defaults(handler=run_science)
