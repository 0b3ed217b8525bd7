"""The shell's own commands: the kiosk menu (no subcommand), ``demo``, ``rules`` and ``science``,
and the options every interactive command takes (:func:`kiosk.options.add_display_args`)."""

from __future__ import annotations

import argparse

from games.cliutil import Commands, int_in_range
from games.registry import game_packages, has_module
from kiosk.options import add_display_args


def run_menu(args: argparse.Namespace) -> int:
    """``python main.py``: the kiosk menu."""
    from kiosk.menu import MenuScene
    from kiosk.runner import run_app

    return run_app(args, MenuScene)


def run_demo(args: argparse.Namespace) -> int:
    """``python main.py demo``: computer players play each other, attract-mode style."""
    from kiosk.demo import DemoScene
    from kiosk.runner import run_app

    return run_app(args, DemoScene)


def run_rules(args: argparse.Namespace) -> int:
    """``python main.py rules GAME [--page K]``: a game's rules pages, opened at page K."""
    import importlib

    from games.cliutil import CliError
    from games.registry import has_module
    from kiosk.runner import run_app

    if not has_module(args.game, "scene"):
        raise CliError(f"{args.game} has no screen")
    module = importlib.import_module(f"games.{args.game}.scene")

    def first(app: object) -> object:
        scene = module.make_scene(app)
        scene.ask_seats = False
        pages = len(scene.rules_pages())
        if not 1 <= args.page <= pages:
            raise CliError(f"--page must be between 1 and {pages} for {args.game}, not {args.page}")
        scene.rules_at = args.page - 1
        return scene

    return run_app(args, first)


def run_science(args: argparse.Namespace) -> int:
    """``python main.py science GAME``: the game's science corner, opened on tab ``--page``."""
    import importlib

    from kiosk.runner import run_app

    corner = importlib.import_module(f"games.{args.game}.corner")
    return run_app(args, lambda app: corner.make_science_scene(app, start=args.page - 1))


def register(commands: Commands) -> None:
    """The menu, ``demo``, and the interactive options of every command that opens a window."""
    commands.interactive_options(add_display_args)
    commands.menu(run_menu)
    demo = commands.verb("demo", "computer players play each other in the attract-mode style", interactive=True)
    demo.add_argument("--json", action="store_true",
                      help='print {"frames": n, "seconds": s, "fps": f} at the end')
    demo.set_defaults(handler=run_demo)

    from games.registry import installed_games

    rules = commands.verb("rules", "a game's illustrated rules, opened at a page", interactive=True)
    rules.add_argument("game", choices=[info.key for info in installed_games()], metavar="GAME",
                       help="which game (" + ", ".join(info.key for info in installed_games()) + ")")
    rules.add_argument("--page", type=int_in_range(1, 99), default=1, metavar="K",
                       help="page to open, 1-based (default 1)")
    rules.add_argument("--json", action="store_true", help="print the run's measurements and the page shown")
    rules.set_defaults(handler=run_rules)

    corners = [game for game in game_packages() if has_module(game, "corner")]
    science = commands.verb("science", "a game's science corner: its mathematics, live", interactive=True)
    science.add_argument("game", choices=corners, help="which game")
    science.add_argument("--page", type=int_in_range(1, 4), default=1, help="which tab to open (1..4, default 1)")
    science.add_argument("--json", action="store_true", help="print what the open tab shows at the end")
    science.set_defaults(handler=run_science)
