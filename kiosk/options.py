"""Command-line options shared by every interactive command (no pygame import here)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from games.cliutil import CliError, int_in_range, output_path, seed_value
from games.outputs import check_outputs


def window_size(text: str) -> tuple[int, int]:
    """Parse ``WxH`` (e.g. ``1920x1080``) for ``--size``."""
    try:
        w_text, h_text = text.lower().split("x")
        size = (int(w_text), int(h_text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size: write it as WIDTHxHEIGHT, e.g. 1280x720") from None
    if not (320 <= size[0] <= 7680 and 240 <= size[1] <= 4320):
        raise argparse.ArgumentTypeError(f"size {text} is out of range 320x240..7680x4320")
    return size


def add_display_args(parser: argparse.ArgumentParser) -> None:
    """The options every interactive command takes: window, language, sound, headless capture."""
    group = parser.add_argument_group("display")
    group.add_argument("--fullscreen", action="store_true", help="full screen, at the desktop's own size")
    group.add_argument("--kiosk", action="store_true",
                       help="kiosk mode: full screen, locked down, attract mode, saved games (see docs/kiosk.md)")
    group.add_argument("--config", default=None, metavar="FILE",
                       help="kiosk.toml to use (default ~/.config/jeux-maths/kiosk.toml when it exists)")
    group.add_argument("--size", type=window_size, default=None, metavar="WxH",
                       help="window size; the 1280x720 canvas is scaled to it (default 1280x720)")
    group.add_argument("--lang", choices=("fr", "en"), default=None,
                       help="language (default: the configuration's, else fr)")
    group.add_argument("--mute", action="store_true", help="start with the sound off")
    group.add_argument("--frames", type=int_in_range(1, 10_000_000), default=None, metavar="N",
                       help="run N frames (each 1/60 s of game time, as fast as possible) then exit")
    group.add_argument("--screenshot", type=output_path(".png"), default=None, metavar="PATH",
                       help="with --frames: save the last frame as a PNG (checked before the run; a new "
                            "file: see --force)")
    group.add_argument("--force", action="store_true",
                       help="replace the files this command names that already exist: --screenshot (and with "
                            "--physical, --record and the frames in the --save-frames folder)")
    group.add_argument("--seed", type=seed_value, default=None, help="seed for the computer players (0..2^32-1)")
    add_led_args(parser)


def check_display_outputs(args: Any) -> None:
    """Refuse, before any window opens, a ``--screenshot`` that exists without ``--force`` (the
    one writer policy, :mod:`games.outputs`), and a ``--force`` that has nothing to replace."""
    screenshot = getattr(args, "screenshot", None)
    if screenshot:
        check_outputs(screenshot, [Path(screenshot)], bool(getattr(args, "force", False)))
    elif getattr(args, "force", False) and not (getattr(args, "record", None) or getattr(args, "save_frames", None)):
        raise CliError("--force goes with --screenshot (or --record, --save-frames): it replaces those files")


def add_led_args(parser: argparse.ArgumentParser) -> None:
    """The LED board under the physical game board (see ``hardware/``); off unless ``--led-port``."""
    group = parser.add_argument_group("LED board")
    group.add_argument("--led-port", default=None, metavar="PORT",
                       help="serial port of the LED board (/dev/ttyUSB0, COM3, a led-emulator pty, loop://)")
    group.add_argument("--led-protocol", choices=("adalight", "tpm2"), default=None,
                       help="frame format the board's firmware speaks (default adalight)")
    group.add_argument("--led-baud", type=int_in_range(300, 4_000_000), default=None, metavar="B",
                       help="baud rate (default 115200)")
    group.add_argument("--led-config", default=None, metavar="FILE",
                       help="JSON file: wiring per game, colour order, brightness cap (see docs/hardware.md)")
