#!/usr/bin/env python3
"""The kiosk's one command line: ``python main.py [SUBCOMMAND ...]``.

The parser is built from the modules that contribute commands, listed in :data:`COMMANDS`:
the games' (:mod:`games.cli`: each built-in game's ``cli.py``, and every registered game's
``engine``/``tournament``) and each top-level package's ``cli.py`` (``hardware``, ``kiosk``,
``vision``), each a ``register(commands)`` (see :mod:`games.cliutil`); ``kiosk/cli.py``
registers the menu that runs without a subcommand. The games' screens are registered when the
kiosk first needs them (:func:`games.cli.install_screens`, handed to the kiosk here). Commands
that only compute never import pygame. Bad values print a clear one-line message and exit with
code 2.
"""

from __future__ import annotations

import os
import sys

# First of all (the standard library's signal only): Ctrl+C or SIGTERM while the program starts
# stops it cleanly (exit 0), not with a KeyboardInterrupt traceback out of an import (issue 38).
from games import startup

if __name__ == "__main__":
    startup.catch_early_stops()

# Before anything imports pygame: its banner would otherwise pollute --json output on stdout.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Before numpy loads: on a 2-core kiosk, multi-threaded BLAS makes the camera's small matrix
# products 20x slower while the game loop competes for the cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402 - after the environment set-up, like everything below
import contextlib  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING, Any, TextIO, cast  # noqa: E402

from games import cli as games_cli  # noqa: E402
from games.cliutil import CliError, Commands, Handler, Parser, move_leading_options  # noqa: E402
from hardware import cli as hardware_cli  # noqa: E402
from kiosk import cli as kiosk_cli  # noqa: E402
from kiosk.devices import Devices, set_opener  # noqa: E402
from kiosk.screens import use_catalog  # noqa: E402
from vision import cli as vision_cli  # noqa: E402

if TYPE_CHECKING:
    from games.match import M, S
    from games.physical import TableFeed, TablePort
    from games.ports import CameraReport
    from games.sync import SyncEngine
    from kiosk.devices import CalibrationSource
    from kiosk.options import AppOptions

ROOT = Path(__file__).resolve().parent


#: Every module's ``register(commands)``, in the order ``--help`` lists their commands.
COMMANDS: tuple[Callable[[Commands], None], ...] = (
    games_cli.register, hardware_cli.register, kiosk_cli.register, vision_cli.register,
)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line."""
    parser = Parser(
        prog="main.py",
        description="Mathematical board games for a science-fair kiosk. Without a subcommand: the kiosk menu.",
        allow_abbrev=False,
    )
    commands = Commands(parser)
    for register in COMMANDS:
        register(commands)
    return commands.finish()


def run(args: argparse.Namespace) -> int:
    """Run the handler chosen by ``args``; user errors become a message and their exit code."""
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        startup.release_early_stops()
        print("error: no command (python main.py --help lists them)", file=sys.stderr)
        return 2
    # A command that opens a window keeps the early catch until its app takes the signals over
    # (and stops at its first frame); any other gets Ctrl+C back before it starts working.
    stopped = startup.early_stop() if args.opens_window else startup.release_early_stops()
    if stopped is not None and not args.opens_window:
        print(f"stopped by {stopped} while starting: nothing was done", file=sys.stderr)
        return 0
    try:
        return handler(args)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130


class Camera:
    """The camera of ``--camera`` or the configuration, as the kiosk's screens see it: frames for a
    game's board (:meth:`feed`, the physical-board mode), a status line and the calibration screen
    (the operator's settings). Made here because ``kiosk`` never imports ``vision``.

    ``table`` replaces vision's opener of ``spec`` as the source of the table's frames (a test's
    scripted table: the rest of the port, probe and calibration, stays this class's)."""

    def __init__(self, spec: str, fps: float = 30.0, stepped: bool = False, save_frames: str | None = None,
                 game: str | None = None, seed: int | None = None, table: TablePort | None = None) -> None:
        from vision.table import CameraOpener

        self.opener: TablePort = table or CameraOpener(spec, fps, stepped=stepped, save_frames=save_frames)
        self.spec = spec
        #: The game of the command line (``play GAME``), whose mat the calibration screen watches.
        self.game = game
        #: The run's ``--seed`` (the synthetic camera's pictures).
        self.seed = seed

    @classmethod
    def around(cls, table: TablePort) -> Camera:
        """The kiosk's camera on ``table``'s frames (a test's scripted table)."""
        return cls(table.spec, stepped=table.stepped, table=table)

    @property
    def kind(self) -> str:
        """``device``, ``synthetic``, ``video``, ``folder`` or ``record`` (a record replays)."""
        return self.opener.kind

    @property
    def stepped(self) -> bool:
        """True for headless runs (game time), False for a live kiosk (the wall clock)."""
        return self.opener.stepped

    def feed(self, engine: SyncEngine[S, M], seed: int = 0) -> TableFeed:
        """Frames (or a record's readings) for ``engine``'s board."""
        return self.opener.feed(engine, seed=seed)

    def probe(self) -> CameraReport:
        """Open the camera, read a frame, close it: its size, brightness and the mats in view
        (raises ``OSError`` when it cannot; the operator's screen words it)."""
        from kiosk.cli import probe_camera

        return probe_camera(self.spec, self.game)

    def status(self) -> str:
        """Open the camera, read a frame, close it: its size, brightness and the mat in view."""
        from kiosk.cli import probe_camera
        from kiosk.doctor import describe_camera

        try:
            return describe_camera(probe_camera(self.spec, self.game))
        except (OSError, ValueError) as exc:
            return f"camera {self.spec}: {exc}"

    @property
    def can_calibrate(self) -> bool:
        """False for a record replayed as the camera: its readings are done, there is no frame
        to calibrate on (the operator's settings then offer no "Calibrer")."""
        return self.opener.kind != "record"

    def calibration(self) -> CalibrationSource:
        """The camera watching the mat of the command line's game when the camera reads its
        board (its board description says), else of the first game with a mat, for the
        calibration screen (a headless run reads one frame per reading)."""
        from games.registry import spec
        from vision.cli import calibration_source

        board = spec(self.game).default_board() if self.game else None
        return calibration_source(board if board is not None and board.readable else None, self.spec, self.seed,
                                  threaded=not self.stepped)


def open_devices(options: AppOptions) -> Devices:
    """The devices an interactive command asked for: the LED board for ``--led-port`` (or the
    configuration's), the camera of ``--camera`` or the configuration (its status and calibration
    for the operator, its frames for the physical-board mode). A bad option is a command-line
    error (exit 2) raised before any window opens."""
    devices = Devices()
    if options.led_port:
        from games.cliutil import CliError
        from hardware.config import ConfigError
        from hardware.system import start_led_system

        try:
            leds = start_led_system(options.led_port, options.led_protocol, options.led_baud, options.led_config)
        except ConfigError as exc:
            raise CliError(str(exc)) from None
        devices.subscribers.append(leds)
        devices.closers.append(leds.close)
        devices.leds = leds
    if options.camera:
        from games.cliutil import CliError

        if options.camera_named and options.camera.isdigit():
            from vision.cameraspec import CameraSpec, missing_camera_message

            # A webcam index named on the command line must exist (docs/vision.md: exit 2, the
            # cameras that do exist listed); without one the game would quietly play on the screen.
            missing = missing_camera_message(CameraSpec("device", str(options.camera)))
            if missing:
                raise CliError(missing)
        try:
            # Opened only when a screen needs it, for that game's board (a bad value stops here).
            devices.camera = Camera(options.camera, options.camera_fps,
                                               stepped=options.frames is not None,
                                               save_frames=options.save_frames,
                                               game=options.game, seed=options.seed)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    return devices


#: The exit code of a command whose own output could not be written (stdout on a full disk,
#: ``> /dev/full``, a closed pipe): sysexits' EX_IOERR.
OUTPUT_LOST = 74


class WatchedStdout:
    """stdout as the commands see it during :func:`main`: the same stream, noting when a write
    or a flush fails, so that an ``OSError`` is known to be stdout's (and said as a lost
    output) rather than a file's the command wrote."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failed = False

    def write(self, text: str) -> int:
        """Write to the real stdout, noting a failure."""
        try:
            return self.stream.write(text)
        except OSError:
            self.failed = True
            raise

    def flush(self) -> None:
        """Flush the real stdout, noting a failure."""
        try:
            self.stream.flush()
        except OSError:
            self.failed = True
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)  # isatty, fileno, encoding...: the real stream's


def output_lost(exc: OSError) -> int:
    """Say in one line that the output was lost, send what stdout still holds nowhere (so that
    the interpreter's own flush at exit adds no second message), and return :data:`OUTPUT_LOST`."""
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    with contextlib.suppress(OSError):
        print(f"error: the output could not be written ({exc.strerror or exc}): free some space or write it "
              "elsewhere", file=sys.stderr)
    return OUTPUT_LOST


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv``, wire the devices, and run the chosen command; returns the exit code (a
    stdout that cannot be written: one line on stderr and :data:`OUTPUT_LOST`)."""
    set_opener(open_devices)
    use_catalog(games_cli.install_screens)
    parser = build_parser()
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        words = move_leading_options(parser, words)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    real = sys.stdout
    watched = WatchedStdout(real)
    sys.stdout = cast(TextIO, watched)
    try:
        code = run(parser.parse_args(words))
        sys.stdout.flush()
    except OSError as exc:
        if not watched.failed:
            raise
        sys.stdout = real
        return output_lost(exc)
    finally:
        sys.stdout = real
    return code


if __name__ == "__main__":
    sys.exit(main())
