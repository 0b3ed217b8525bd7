"""Command-line options shared by every interactive command (no pygame import here)."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from games.cliutil import input_file, int_in_range, output_path, seed_value
from kiosk.config import KioskConfig


@dataclass
class AppOptions:
    """How to open the kiosk (filled from the command line by :func:`kiosk.cli.app_options`)."""

    fullscreen: bool = False
    size: tuple[int, int] | None = None
    lang: str = "fr"
    mute: bool = False
    frames: int | None = None
    screenshot: str | None = None
    seed: int | None = None
    title: str = "Jeux mathématiques"
    led_port: str | None = None
    led_protocol: str | None = None
    led_baud: int | None = None
    led_config: str | None = None
    #: Kiosk mode (``--kiosk``, or ``kiosk = true`` in the configuration for the menu's start:
    #: :func:`is_kiosk_start`).
    kiosk: bool = False
    #: ``kiosk.toml`` (defaults when None).
    config: KioskConfig | None = None
    #: Where the kiosk keeps its save and logs (the XDG state directory when None).
    state_dir: Path | None = None
    #: The physical-board mode (``--physical``).
    physical: bool = False
    #: The camera: ``--camera``, else the configuration's (None: no camera); a camera index, a
    #: video, a folder of pictures, a record or "synthetic".
    camera: str | None = None
    #: True when the camera was named on the command line (a webcam index there must exist; a
    #: configured one that is unplugged leaves the kiosk playing on the screen).
    camera_named: bool = False
    camera_fps: float = 30.0
    save_frames: str | None = None
    #: The game of the command line (``play GAME``, ``calibrate --game``): the camera's
    #: calibration screen watches its mat (None: the first game with a mat).
    game: str | None = None
    #: ``--json``: print the run's measurements and the last scene's summary at the end.
    json: bool = False


def is_kiosk_start(args: argparse.Namespace, config: KioskConfig) -> bool:
    """Kiosk mode: ``--kiosk`` (what ``deploy/jeux-maths.service`` runs), or ``kiosk = true`` for
    the kiosk's own start, ``python main.py`` with no command. An operator's command on a
    configured stand (``play``, ``science``, ``calibrate``, ``demo``, ``rules``) is not a visitors'
    session: without ``--kiosk`` it opens a window of its own that never touches the visitors'
    save or the day's record, and closes like any window."""
    return bool(args.kiosk) or (config.kiosk and getattr(args, "command", None) is None)


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


def add_led_args(parser: argparse.ArgumentParser) -> None:
    """The LED board under the physical game board (see ``hardware/``); off unless ``--led-port``."""
    group = parser.add_argument_group("LED board")
    group.add_argument("--led-port", default=None, metavar="PORT",
                       help="serial port of the LED board (/dev/ttyUSB0, COM3, a led-emulator pty, loop://)")
    group.add_argument("--led-protocol", choices=("adalight", "tpm2"), default=None,
                       help="frame format the board's firmware speaks (default adalight)")
    group.add_argument("--led-baud", type=int_in_range(300, 4_000_000), default=None, metavar="B",
                       help="baud rate (default 115200)")
    group.add_argument("--led-config", type=input_file("the LED wiring"), default=None, metavar="FILE",
                       help="JSON file: wiring per game, colour order, brightness cap (see docs/hardware.md); "
                            "checked even without --led-port")
