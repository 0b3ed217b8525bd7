"""How to open the kiosk, typed: :class:`AppOptions`, built from the command line by
:func:`kiosk.cli.app_options` (no pygame import here, and no argparse: the options are read in
the commands)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

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
    #: :func:`kiosk.cli.is_kiosk_start`).
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
