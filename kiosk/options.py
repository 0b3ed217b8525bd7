"""Command-line options shared by every interactive command (no pygame import here)."""

from __future__ import annotations

import argparse
from typing import Any

from games.cliutil import CliError, float_in_range, int_in_range


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
    group.add_argument("--fullscreen", action="store_true", help="full screen (kiosk)")
    group.add_argument("--size", type=window_size, default=None, metavar="WxH",
                       help="window size; the 1280x720 canvas is scaled to it (default 1280x720)")
    group.add_argument("--lang", choices=("fr", "en"), default="fr", help="language (default fr)")
    group.add_argument("--mute", action="store_true", help="start with the sound off")
    group.add_argument("--frames", type=int_in_range(1, 10_000_000), default=None, metavar="N",
                       help="run N frames (each 1/60 s of game time, as fast as possible) then exit")
    group.add_argument("--screenshot", default=None, metavar="PATH",
                       help="with --frames: save the last frame as a PNG")
    group.add_argument("--seed", type=int, default=None, help="seed for the computer players")
    add_led_args(parser)


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


def add_physical_args(parser: argparse.ArgumentParser) -> None:
    """The physical-board mode: real pieces under a camera (see ``docs/physical.md``)."""
    group = parser.add_argument_group("physical board")
    group.add_argument("--physical", action="store_true",
                       help="play on a real board under the camera (the screen and the LEDs follow it)")
    group.add_argument("--camera", default=None, metavar="0|synthetic|VIDEO|FOLDER|RECORD.jsonl",
                       help="camera index, 'synthetic' (a simulated visitor, for demos), a video file, a folder "
                            "of images played in name order, or a record to replay (default 0 with --physical)")
    group.add_argument("--camera-fps", type=float_in_range(1, 120, "frames a second"), default=30.0, metavar="F",
                       help="frames a second of a video or a folder (headless runs read one per 1/F s of game "
                            "time; default 30)")
    group.add_argument("--record", default=None, metavar="FILE.jsonl",
                       help="write every event (readings, moves, mismatches, camera lost/back) as JSON lines")
    group.add_argument("--save-frames", default=None, metavar="FOLDER",
                       help="also keep every camera frame as an image, to replay the session with --camera FOLDER")


def physical_options(args: argparse.Namespace) -> bool:
    """True when ``args`` ask for the physical-board mode (``--camera`` implies it); the options
    that only make sense there are refused without it (exit 2)."""
    physical = bool(getattr(args, "physical", False) or getattr(args, "camera", None))
    if not physical:
        for option in ("record", "save_frames"):
            if getattr(args, option, None):
                raise CliError(f"--{option.replace('_', '-')} goes with --physical (a real board under a camera)")
    if physical and getattr(args, "frames", None) is None and getattr(args, "camera", None) is None:
        args.camera = "0"
    return physical


def replayed_match(args: argparse.Namespace) -> Any:
    """The match a record given as ``--camera FILE.jsonl`` starts from (None for a camera)."""
    camera = getattr(args, "camera", None) or ""
    if not camera.endswith(".jsonl"):
        return None
    from games.core import GameInputError
    from games.match import Match
    from games.physical import read_record

    try:
        start = read_record(camera)[0]
        match = Match.from_text(str(start.get("match", "")))
    except GameInputError as exc:
        raise CliError(str(exc)) from None
    if match.game != getattr(args, "game", match.game):
        raise CliError(f"{camera} records a game of {match.game}, not of {args.game}")
    return match
