"""The shell's own commands: the kiosk menu (no subcommand) and ``demo``."""

from __future__ import annotations

import argparse

from clikit import Commands
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


def register(commands: Commands) -> None:
    """Add ``demo``."""
    demo = commands.verb("demo", "computer players play each other in the attract-mode style")
    add_display_args(demo)
    demo.add_argument("--json", action="store_true",
                      help='print {"frames": n, "seconds": s, "fps": f} at the end')
    demo.set_defaults(handler=run_demo)
