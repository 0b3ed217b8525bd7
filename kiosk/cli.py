"""The shell's own commands: the kiosk menu (no subcommand), ``demo``, ``rules`` and ``science``,
the options every interactive command takes (:func:`add_display_args`), and their reading into
the typed :class:`kiosk.options.AppOptions` (:func:`app_options`)."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.cliutil import CliError, Commands, input_file, int_in_range, output_path, seed_value
from games.outputs import check_outputs
from games.ports import CameraProblem, CameraReport
from kiosk.config import KioskConfig
from kiosk.options import AppOptions

if TYPE_CHECKING:  # annotations only: computing commands must not import pygame
    from games.physical import TableOptions
    from kiosk.app import App
    from kiosk.scene import Scene


def is_kiosk_start(args: argparse.Namespace, config: KioskConfig) -> bool:
    """Kiosk mode: ``--kiosk`` (what ``deploy/jeux-maths.service`` runs), or ``kiosk = true`` for
    the kiosk's own start, ``python main.py`` with no command. An operator's command on a
    configured stand (``play``, ``science``, ``calibrate``, ``demo``, ``rules``) is not a visitors'
    session: without ``--kiosk`` it opens a window of its own that never touches the visitors'
    save or the day's record, and closes like any window."""
    # ``command`` is the subcommand's name, None without one (main's parser: Commands).
    return bool(args.kiosk) or (config.kiosk and args.command is None)


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


def app_options(args: argparse.Namespace, *, game: str | None = None, table: TableOptions | None = None,
                json: bool = False) -> AppOptions:
    """The typed options of an interactive command: its display options (``add_display_args``,
    which every interactive parser has), the configuration they point to (``--config``, else
    ``~/.config/jeux-maths/kiosk.toml`` if it exists: the command line wins over the file),
    ``game`` (``play GAME``: the calibration screen watches its mat), the physical-board options
    ``table`` (:func:`games.physical_cli.physical_options`) and ``json`` (print the run's summary).

    A wrong configuration is a CLI error (exit 2); so are a ``--screenshot`` that exists without
    ``--force`` (the one writer policy, :mod:`games.outputs`) and a ``--force`` with nothing to
    replace, refused before any window opens."""
    from kiosk import config as kiosk_config

    if args.screenshot:
        check_outputs(args.screenshot, [Path(args.screenshot)], bool(args.force))
    elif args.force and not (table is not None and (table.record or table.save_frames)):
        raise CliError("--force goes with --screenshot (or --record, --save-frames): it replaces those files")
    config = kiosk_config.load(args.config)
    if args.kiosk and not config.pin:
        raise kiosk_config.ConfigError(kiosk_config.no_pin_message(config))
    leds, layout = config.leds, config.layout_path()  # a relative layout starts from the file's folder
    from_file = not args.led_port and bool(leds.port)
    physical = table is not None and table.physical
    # The command line's camera, else the configured one; the physical mode without either
    # tries the first webcam.
    configured = config.camera if config.camera != "none" else None
    camera = table.camera if table is not None and table.camera else configured
    if physical and camera is None:
        camera = "0"
    return AppOptions(
        fullscreen=args.fullscreen,
        size=args.size,
        lang=args.lang or config.language,
        mute=args.mute,
        frames=args.frames,
        screenshot=args.screenshot,
        seed=args.seed,
        led_port=args.led_port or leds.port or None,
        led_protocol=args.led_protocol or (leds.protocol if from_file else None),
        led_baud=args.led_baud or (leds.baud if from_file else None),
        led_config=args.led_config or (str(layout) if from_file and layout else None),
        kiosk=is_kiosk_start(args, config),
        config=config,
        physical=physical,
        camera=camera,
        camera_named=table is not None and bool(table.camera),
        camera_fps=table.camera_fps if table is not None else 30.0,
        save_frames=table.save_frames if table is not None else None,
        game=game,
        json=json,
    )


def run_menu(args: argparse.Namespace) -> int:
    """``python main.py``: the kiosk menu."""
    from kiosk.menu import MenuScene
    from kiosk.runner import run_app

    return run_app(app_options(args), MenuScene)


def run_demo(args: argparse.Namespace) -> int:
    """``python main.py demo``: computer players play each other, attract-mode style."""
    from kiosk.demo import DemoScene
    from kiosk.runner import run_app

    return run_app(app_options(args, json=args.json), DemoScene)


def run_rules(args: argparse.Namespace) -> int:
    """``python main.py rules GAME [--page K]``: a game's rules pages, opened at page K."""
    from games.cliutil import CliError
    from kiosk.runner import run_app
    from kiosk.screens import screens_for

    try:
        screens = screens_for(args.game)
    except LookupError:
        raise CliError(f"{args.game} has no screen") from None

    def first(app: App) -> Scene:
        scene = screens.make_scene(app)
        scene.ask_seats = False
        pages = len(scene.rules_pages())
        if not 1 <= args.page <= pages:
            raise CliError(f"--page must be between 1 and {pages} for {args.game}, not {args.page}")
        scene.rules_at = args.page - 1
        return scene

    return run_app(app_options(args, game=args.game, json=args.json), first)


def run_config(args: argparse.Namespace) -> int:
    """``python main.py config [--example [--out FILE [--force]]] [--config FILE] [--json]``: an
    example (on stdout with no PIN; in FILE, 0600, with a new random PIN), or check a
    configuration and print what the kiosk would use, its PIN masked (exit 2 when it is wrong)."""
    from games.cliutil import CliError, print_json
    from kiosk import config as kiosk_config

    if args.out is not None and not args.example:
        raise CliError("--out goes with --example (python main.py config --example --out FILE)")
    if args.example and args.out is not None:
        target = kiosk_config.write_example(args.out, args.force)
        print(f"{target} written, readable by you only (0600), with a new random PIN: the operator types it to "
              f"leave kiosk mode (read it there: grep pin {shlex.quote(str(target))})", file=sys.stderr)
        return 0
    if args.example:
        print(kiosk_config.example(""), end="")
        # stderr: shown on the terminal when the example goes to a file
        print("The example has no PIN: write one in it (4 to 8 digits), or let `python main.py config --example "
              "--out FILE` write the file with a new random PIN, readable by you only.", file=sys.stderr)
        return 0
    config = kiosk_config.load(args.config)
    if args.json:
        print_json({"path": str(config.path) if config.path else None,
                    "config": kiosk_config.as_table(config, masked=True)})
    else:
        print(f"# {config.path or 'no configuration file: the defaults'}")
        print(config.to_toml(masked=True), end="")
    return 0


def probe_camera(camera: str, game: str | None = None) -> CameraReport:
    """Open ``camera`` ("synthetic" or an index), read one frame, close it: the frame's size and
    brightness and which mats' markers are in view (the synthetic camera shows ``game``'s mat
    when the camera reads its board, else Lewthwaite's). Raises ``OSError`` when it cannot open
    or gives no frame."""
    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    from games.registry import spec
    from vision.capture import OpenCVCamera, SyntheticCamera, start_grid
    from vision.mats import game_of_marker
    from vision.reader import detect_markers, to_gray

    shown = game if game is not None and spec(game).default_board().readable else "lewthwaite"
    source: Any = SyntheticCamera(shown, start_grid(shown)) if camera == "synthetic" else OpenCVCamera(int(camera))
    try:
        frame = None
        for _ in range(5):  # a webcam's first frames can be empty while it adjusts
            frame = source.read()
            if frame is not None:
                break
            time.sleep(0.1)
    finally:
        source.close()
    if frame is None:
        raise OSError(f"camera {camera} opened but gave no picture")
    gray = to_gray(frame)
    markers = detect_markers(gray)
    mats = sorted({game for mid in markers if (game := game_of_marker(mid))})
    found = CameraReport(camera, int(frame.shape[1]), int(frame.shape[0]), round(float(gray.mean()), 1),
                         tuple(sorted(int(m) for m in markers)), tuple(mats))
    advice: dict[str, Any] | None = None
    if camera != "synthetic":  # a demo camera has no stand to adjust
        if mats:
            advice = stand_advice(frame, mats[0])
        elif (washed := stand_advice(frame, "lewthwaite"))["problem"] == CameraProblem.OVEREXPOSED:
            # Every marker washed out: no mat to name (with no marker found, any mat's reader
            # looks only at how much of the picture is at the sensor's limit), the advice holds.
            advice = washed
    if advice is None:
        return found
    return replace(found, problem=str(advice["problem"]), advice=tuple(advice["advice"]),
                   doubted=tuple((int(r), int(c)) for r, c in advice["doubted"]))


def stand_advice(frame: Any, game: str) -> dict[str, Any]:
    """Read ``frame`` as ``game``'s mat: what the operator should change at the stand (the keys
    of ``vision.advice.*``) and the cells the reader doubted (``[row, col]``)."""
    from vision.advice import advise, doubted
    from vision.reader import BoardReader, VisionError

    reader = BoardReader(game)
    problem = ""
    try:
        reader.read(frame)
    except VisionError as exc:
        problem = exc.reason
    return {"problem": problem, "advice": advise(reader.seen, problem, reader.clipped),
            "doubted": [list(cell) for cell in doubted(reader.seen)]}


def run_doctor(args: argparse.Namespace) -> int:
    """``python main.py doctor [--json]``: is the stand ready? Exit 0 only when it is."""
    from games.cliutil import CliError, print_json
    from hardware.detect import detect
    from kiosk.doctor import diagnose

    if args.config and not os.path.exists(args.config):  # a folder or a FIFO: a failed check below
        raise CliError(f"{args.config}: no such configuration file (`python main.py config --example` prints one)")

    report = diagnose(probe_camera, detect, args.config, args.led_port)
    if args.json:
        print_json(report.as_dict())
    else:
        print(report.text())
    return 0 if report.ready else 1
def run_science(args: argparse.Namespace) -> int:
    """``python main.py science GAME``: the game's science corner, opened on tab ``--page``."""
    from games.cliutil import CliError
    from kiosk.runner import run_app
    from kiosk.screens import screens_for

    try:
        corner = screens_for(args.game).make_science_scene
    except LookupError:
        corner = None
    if corner is None:
        raise CliError(f"{args.game} has no science corner")
    make = corner
    return run_app(app_options(args, game=args.game, json=args.json), lambda app: make(app, args.page - 1))


def register(commands: Commands) -> None:
    """The menu, ``demo``, ``rules``, ``config``, ``doctor``, and the interactive options of every
    command that opens a window."""
    commands.interactive_options(add_display_args)
    commands.menu(run_menu)
    demo = commands.verb("demo", "computer players play each other in the attract-mode style", interactive=True)
    demo.add_argument("--json", action="store_true",
                      help='print {"frames": n, "seconds": s, "fps": f} at the end')
    demo.set_defaults(handler=run_demo)

    config = commands.verb("config", "the kiosk's configuration (kiosk.toml): an example, or check one")
    config.add_argument("--example", action="store_true",
                        help="print a commented example kiosk.toml (with no PIN: write yours in it), or with "
                             "--out write it to FILE with a new random PIN, readable by you only (0600)")
    config.add_argument("--out", default=None, metavar="FILE",
                        help="with --example: the file to write (refused if it exists, unless --force)")
    config.add_argument("--force", action="store_true", help="with --out: replace an existing file")
    config.add_argument("--config", default=None, metavar="FILE",
                        help="the file to check (default ~/.config/jeux-maths/kiosk.toml when it exists)")
    config.add_argument("--json", action="store_true", help='print {"path": ..., "config": {...}}')
    config.set_defaults(handler=run_config)

    doctor = commands.verb("doctor", "is the stand ready? display, sound, fonts, configuration, cameras, "
                           "LED board, save and log folders (exit 0 only when ready)")
    doctor.add_argument("--config", default=None, metavar="FILE", help="the kiosk.toml to use")
    doctor.add_argument("--led-port", default=None, metavar="PORT", help="check this LED port instead")
    doctor.add_argument("--json", action="store_true", help='print {"ready": ..., "checks": [...]}')
    doctor.set_defaults(handler=run_doctor)

    from kiosk.report_cli import add_report

    add_report(commands)

    from games.registry import installed_games

    rules = commands.verb("rules", "a game's illustrated rules, opened at a page", interactive=True)
    rules.add_argument("game", choices=[info.key for info in installed_games()], metavar="GAME",
                       help="which game (" + ", ".join(info.key for info in installed_games()) + ")")
    rules.add_argument("--page", type=int_in_range(1, 99), default=1, metavar="K",
                       help="page to open, 1-based (default 1)")
    rules.add_argument("--json", action="store_true", help="print the run's measurements and the page shown")
    rules.set_defaults(handler=run_rules)

    science = commands.verb("science", "a game's science corner: its mathematics, live", interactive=True)
    science.add_argument("game", choices=[info.key for info in installed_games()], metavar="GAME",
                         help="which game (" + ", ".join(info.key for info in installed_games()) + ")")
    science.add_argument("--page", type=int_in_range(1, 4), default=1, help="which tab to open (1..4, default 1)")
    science.add_argument("--json", action="store_true", help="print what the open tab shows at the end")
    science.set_defaults(handler=run_science)
