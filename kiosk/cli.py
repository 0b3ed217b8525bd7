"""The shell's own commands: the kiosk menu (no subcommand) and ``demo``, and the options every
interactive command takes (:func:`kiosk.options.add_display_args`)."""

from __future__ import annotations

import argparse

from games.cliutil import Commands
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
    """The menu, ``demo``, and the interactive options of every command that opens a window."""
    commands.interactive_options(add_display_args)
    commands.menu(run_menu)
    demo = commands.verb("demo", "computer players play each other in the attract-mode style", interactive=True)
    demo.add_argument("--json", action="store_true",
                      help='print {"frames": n, "seconds": s, "fps": f} at the end')
    demo.set_defaults(handler=run_demo)
