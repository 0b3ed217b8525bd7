#!/usr/bin/env python3
"""The kiosk's one command line: ``python main.py [SUBCOMMAND ...]``.

Without a subcommand it opens the kiosk menu. Each game, ``hardware`` and ``vision`` add their
own subcommands from a ``cli.py`` module (see :mod:`clikit`); commands that only compute never
import pygame. Bad values print a clear message and exit with code 2.
"""

from __future__ import annotations

import os
import sys

# Before anything imports pygame: its banner would otherwise pollute --json output on stdout.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Before numpy loads: on a 2-core kiosk, multi-threaded BLAS makes the camera's small matrix
# products 20x slower while the game loop competes for the cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from typing import Any  # noqa: E402

from clikit import build_parser, run  # noqa: E402 - must follow the environment set-up
from kiosk.devices import Devices, set_opener  # noqa: E402


def open_devices(options: Any) -> Devices:
    """The devices an interactive command asked for: the LED board for ``--led-port``, the camera
    for ``--camera`` (the physical-board mode). A bad option is a command-line error (exit 2)
    raised before any window opens."""
    devices = Devices()
    if getattr(options, "led_port", None):
        from games.cliutil import CliError
        from hardware.config import ConfigError
        from hardware.system import start_led_system

        try:
            leds = start_led_system(options.led_port, options.led_protocol, options.led_baud, options.led_config)
        except ConfigError as exc:
            raise CliError(str(exc)) from None
        devices.subscribers.append(leds)
        devices.closers.append(leds.close)
        devices.handles["leds"] = leds
    if getattr(options, "camera", None):
        from games.cliutil import CliError
        from vision.table import CameraOpener

        try:
            # Opened by the physical-board mode, for its game's board (a bad value stops here).
            devices.handles["camera"] = CameraOpener(options.camera, options.camera_fps,
                                                     stepped=options.frames is not None,
                                                     save_frames=options.save_frames)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    return devices


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv``, wire the devices, and run the chosen command; returns the exit code."""
    set_opener(open_devices)
    parser = build_parser()
    args = parser.parse_args(argv)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
