"""LED board commands: ``led-test``, ``led-detect``, ``led-demo`` and ``led-emulator``.

None of them imports pygame except ``led-emulator`` without ``--text`` (lazily, for its window).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from games.boards import BoardDescription
from games.cliutil import CliError, Commands, int_in_range, print_json, seconds_in_range
from games.outputs import check_new_stream, check_outputs
from games.registry import installed_games, spec
from hardware.config import BAUD_RATES, ConfigError, LedConfig, load_config
from hardware.pacing import Pacer, frame_spacing, write_paced
from hardware.protocols import PROTOCOLS, encode, frame_size
from hardware.receivers import RECEIVERS

MAX_CLI_LEDS = 4096
#: pyserial's ``loop://`` holds this many bytes: a larger frame can never be written to it
LOOP_BUFFER = 4096
#: longest waits the commands accept, in seconds (a typo such as 1e12 is refused, not obeyed)
MAX_LISTEN = 60.0
MAX_DEMO_SECONDS = 600.0
MAX_EMULATOR_SECONDS = 86400.0
#: ``led-emulator --live-timeout``: more than 0, at most 65 s
MAX_LIVE_TIMEOUT = 65.0
#: led-test resends a frame held longer than this, so that WLED stays in live mode
TEST_KEEPALIVE = 1.0
RGB = tuple[int, int, int]


def baud_rate(text: str) -> int:
    """An argparse ``type`` for a standard serial baud rate."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a baud rate") from None
    if value not in BAUD_RATES:
        raise argparse.ArgumentTypeError(f"{value} is not a supported baud rate (choose from "
                                         f"{', '.join(map(str, BAUD_RATES))})")
    return value


#: a delay in seconds, 0 allowed
non_negative_float = seconds_in_range(0, 60.0, allow_zero=True)


def _open_port(port: str, baud: int) -> Any:
    import serial

    try:
        return serial.serial_for_url(port, baudrate=baud, timeout=0.1, write_timeout=2.0)
    except (serial.SerialException, OSError, ValueError) as exc:
        raise CliError(f"cannot open LED port {port}: {exc} (is the board plugged in? "
                       f"`python -m serial.tools.list_ports` lists the ports)") from None


def _load(config_path: str | None) -> LedConfig:
    try:
        return load_config(config_path) if config_path else LedConfig()
    except ConfigError as exc:
        raise CliError(str(exc)) from None


def led_test_frames(leds: int) -> Iterator[list[RGB]]:
    """``led-test``'s frames: each LED alone in white, in order, then all off (made one at a time:
    4096 LEDs would otherwise be 16 million colours in memory)."""
    off, white = (0, 0, 0), (255, 255, 255)
    for i in range(leds):
        pixels = [off] * leds
        pixels[i] = white
        yield pixels
    yield [off] * leds


def light_each_led(write: Callable[[bytes], object], protocol: str, leds: int, baud: int, delay: float,
                   clock: Callable[[], float] = time.monotonic,
                   sleep: Callable[[float], None] = time.sleep) -> Iterator[int]:
    """Send ``led-test``'s frames, ``max(delay, frame spacing)`` apart (never faster than the wire
    and the strip allow), the first one after a priming copy for WLED, and a frame held longer
    than a second sent again so that WLED stays in live mode. Yields the count of frames shown."""
    pacer = Pacer(protocol, baud, clock)
    step = max(delay, pacer.spacing(leds))
    for shown, pixels in enumerate(led_test_frames(leds), 1):
        frame = encode(protocol, pixels)
        write_paced(write, frame, leds, pacer, sleep)
        yield shown
        if shown == leds + 1:
            return  # the all-off frame: nothing to hold
        next_at = pacer.last_sent + step
        while pacer.last_sent + TEST_KEEPALIVE < next_at - 1e-9:
            sleep(max(0.0, pacer.last_sent + TEST_KEEPALIVE - clock()))
            write_paced(write, frame, leds, pacer, sleep)
        sleep(max(0.0, next_at - clock()))


def run_led_test(args: argparse.Namespace) -> int:
    """``led-test``: light each LED alone in white, one frame each, then switch everything off."""
    from hardware.link import describe_error, discard_input

    size = frame_size(args.protocol, args.leds)
    if args.port.startswith("loop://") and size > LOOP_BUFFER:
        most = max(n for n in range(1, args.leds) if frame_size(args.protocol, n) <= LOOP_BUFFER)
        raise CliError(f"a frame of {args.leds} LEDs is {size} bytes but loop:// holds {LOOP_BUFFER}: "
                       f"at most {most} LEDs with {args.protocol} on loop://")
    step = max(args.delay, frame_spacing(args.protocol, args.leds, args.baud))
    total = args.settle + (args.leds + 1) * step
    if total > 10:
        print(f"led-test: {args.leds + 1} frames {step * 1000:.0f} ms apart take about "
              f"{total / 60:.1f} min at {args.baud} baud", file=sys.stderr, flush=True)
    serial_port = _open_port(args.port, args.baud)

    def write(frame: bytes) -> None:
        serial_port.write(frame)
        discard_input(serial_port)  # the board's greetings, or loop://'s echo

    sent = 0
    try:
        time.sleep(args.settle)
        for shown in light_each_led(write, args.protocol, args.leds, args.baud, args.delay):
            sent = shown
    except Exception as exc:  # noqa: BLE001 - any write failure is reported the same way
        raise CliError(f"the LED link failed after {sent} of {args.leds + 1} frames: {describe_error(exc)}",
                       code=1) from None
    finally:
        serial_port.close()
    if args.json:
        print_json({"port": args.port, "protocol": args.protocol, "leds": args.leds, "frames": sent,
                    "seconds_per_frame": round(step, 6)})
    else:
        print(f"sent {sent} frames ({args.protocol}, {args.leds} LEDs, {step * 1000:.1f} ms apart) to {args.port}")
    return 0


def run_led_detect(args: argparse.Namespace) -> int:
    """``led-detect``: say which firmware answers on a port (Adalight sketch, WLED, or nothing)."""
    from hardware.detect import detect

    result = detect(args.port, args.baud, listen=args.listen)
    if args.json:
        print_json(result.as_dict())
    else:
        print(result.message, file=sys.stdout if result.found else sys.stderr)
    if result.kind == "unreachable":
        return 2
    return 0 if result.found else 1


def demo_sequence(board: BoardDescription) -> list[tuple[str, Any]]:
    """The effects shown by ``led-demo`` on ``board``'s LED grid, in order, as (name, BoardLights)."""
    from games.effects import BoardLights

    game, rows, cols = board.game, board.led_rows, board.led_cols
    centre = (rows // 2, cols // 2)
    near = [(centre[0] + dr, centre[1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    near = [cell for cell in near if 0 <= cell[0] < rows and 0 <= cell[1] < cols]
    players = {(r, c): ("player1" if (r + c) % 2 else "player2") for r in range(rows) for c in range(cols)
               if (r, c) != centre}
    return [
        ("idle glow", BoardLights(game, rows, cols, idle=True)),
        ("player colours", BoardLights(game, rows, cols, players)),
        ("selected token and legal moves", BoardLights(game, rows, cols,
                                                       {**players, near[0]: "selected", centre: "legal"})),
        ("hint", BoardLights(game, rows, cols, {**players, near[-1]: "hint", centre: "hint"})),
        ("computer's move", BoardLights(game, rows, cols,
                                        {**players, near[1]: "computer_from", centre: "computer_to"})),
        ("put this back", BoardLights(game, rows, cols,
                                      {**players, (0, 0): "put_back", near[0]: "put_back"})),
        ("win celebration", BoardLights(game, rows, cols, {cell: "win" for cell in players})),
    ]


def show_demo(publish: Callable[[Any], None], board: BoardDescription, seconds: float,
              wait: Callable[[float], None], say: Callable[[str], None] | None = None) -> None:
    """Publish each effect of :func:`demo_sequence` and ``wait`` ``seconds`` on it (the LED system's
    thread sends the frames meanwhile; tests pass a ``wait`` that runs it in simulated time)."""
    say = say or (lambda text: print(text, flush=True))
    for name, lights in demo_sequence(board):
        say(name)
        publish(lights)
        wait(seconds)


def lit_games() -> list[str]:
    """The installed games whose board the LED table can light (every entry has a board)."""
    return [info.key for info in installed_games()]


def board_of(game: str, config: LedConfig) -> BoardDescription:
    """``game``'s usual board; a layout in the configuration may give its LED grid another size."""
    board = spec(game).default_board()
    layout = config.games.get(game)
    if layout is not None:
        board.led_rows, board.led_cols = layout.rows, layout.cols
    return board


def run_led_demo(args: argparse.Namespace) -> int:
    """``led-demo``: show every effect in turn through the real LED system (thread, link, mapping)."""
    from games.effects import EffectBus
    from hardware.link import SerialLink
    from hardware.system import LedSystem

    config = _load(args.led_config)
    try:
        config = config.with_overrides(protocol=args.protocol, baud=args.baud)
    except ConfigError as exc:
        raise CliError(str(exc)) from None
    _open_port(args.port, config.baud).close()  # a missing port is a clear error up front
    board = board_of(args.game, config)
    bus = EffectBus()
    system = LedSystem(config, SerialLink(args.port, config.baud))
    bus.subscribe(system)
    try:
        show_demo(bus.publish, board, args.seconds, time.sleep)
    finally:
        system.close()
    status = system.status()
    print(f"{status['frames_sent']} frames sent, {status['failures']} link failures", flush=True)
    return 0


def check_png_path(path: str, option: str = "--screenshot") -> None:
    """Refuse, before any work, a PNG path that cannot be written: a folder, a missing folder, a
    read-only place (checked by creating and removing a scratch file there)."""
    import tempfile

    target = Path(path)
    if target.is_dir():
        raise CliError(f"{option} {path} is a folder: give a file name ending in .png")
    if target.suffix.lower() != ".png":
        raise CliError(f"{option} {path}: the file name must end in .png")
    folder = target.parent
    if not folder.is_dir():
        raise CliError(f"{option} {path}: the folder {folder} does not exist")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".led-emulator-", suffix=".tmp"):
            pass
    except OSError as exc:
        raise CliError(f"{option} {path}: cannot write in {folder} ({exc.strerror or exc})") from None
    if target.exists() and not os.access(target, os.W_OK):
        raise CliError(f"{option} {path}: the file exists and cannot be overwritten")


def run_led_emulator(args: argparse.Namespace) -> int:
    """``led-emulator``: a pty that decodes LED frames and shows them (window or text)."""
    from hardware.emulator import PtyEmulator, ansi_grid, format_frame, grid_positions, write_path_file
    from hardware.receivers import make_receiver

    if args.screenshot:
        if args.text:
            raise CliError("--screenshot saves the window: it cannot be used with --text")
        check_png_path(args.screenshot)
        check_outputs(args.screenshot, [Path(args.screenshot)], args.force)
    if args.path_file:  # a stale one would hand a script the pty of an emulator long gone
        check_new_stream(args.path_file, args.force)
    layout = None
    if args.led_config or args.game:
        config = _load(args.led_config)
        board = board_of(args.game or "lewthwaite", config)
        layout = config.layout_for(board.game, board.led_rows, board.led_cols)
    leds = args.leds if args.leds is not None else (layout.end if layout else 25)
    positions = grid_positions(leds, layout, args.cols)
    for option, given in (("--force-max-brightness", args.force_max_brightness),
                          ("--live-timeout", args.live_timeout is not None)):
        if given and args.receiver != "wled":
            raise CliError(f"{option} is a WLED setting: use it with --receiver wled")
    receiver = make_receiver(args.receiver, leds, args.baud if args.receiver != "ideal" else None,
                             history=1000, force_max_brightness=args.force_max_brightness,
                             live_timeout=args.live_timeout)
    emulator = PtyEmulator(leds, link=args.link, receiver=receiver)
    try:
        emulator.check_link()
        client_path = emulator.open()
        if args.path_file:
            write_path_file(args.path_file, client_path)
    except OSError as exc:
        emulator.close()
        emulator.remove_link()
        raise CliError(f"cannot set up the emulator's pty: {exc}") from None
    print(f"LED emulator: connect to {client_path}", flush=True)
    emulator.start_reader()
    counted = 0

    def enough(frame: Any) -> bool:
        nonlocal counted
        counted += 1
        return args.exit_after is not None and counted >= args.exit_after

    try:
        if not args.text:
            from hardware.emulator_window import run_window

            return run_window(emulator, client_path, positions, enough, args.seconds, args.screenshot)
        start = time.monotonic()
        previous = None
        terminal = sys.stdout.isatty()
        drawn = 0  # lines of the last coloured drawing, redrawn in place on a terminal
        while args.seconds is None or time.monotonic() - start < args.seconds:
            for frame in emulator.poll(0.05):
                if frame.pixels != previous:
                    line = format_frame(counted + 1, frame)
                    if terminal:
                        # the summary only (the dots show the colours), cut so that no line wraps
                        width = shutil.get_terminal_size().columns - 1
                        picture = f"{line.split(':')[0][:width]}\x1b[K\n{ansi_grid(frame, positions)}"
                        sys.stdout.write((f"\x1b[{drawn}F" if drawn else "") + picture + "\n")
                        sys.stdout.flush()
                        drawn = picture.count("\n") + 1
                    else:
                        print(line, flush=True)
                    previous = frame.pixels
                if enough(frame):
                    return 0
        return 0
    finally:
        emulator.close()
        emulator.remove_link()


def _add_link_args(parser: argparse.ArgumentParser, port_required: bool = True) -> None:
    parser.add_argument("--port", required=port_required, metavar="PORT",
                        help="serial port: /dev/ttyUSB0, COM3, a pty from led-emulator, or loop://")
    parser.add_argument("--baud", type=baud_rate, default=None, metavar="B",
                        help="baud rate (default 115200, or the configuration's)")


def register(commands: Commands) -> None:
    """Add the LED board commands."""
    test = commands.verb("led-test", "light each LED of the board alone in white, then switch them all off")
    _add_link_args(test)
    test.add_argument("--protocol", choices=PROTOCOLS, default="adalight",
                      help="frame format (default adalight)")
    test.add_argument("--leds", type=int_in_range(1, MAX_CLI_LEDS), required=True, metavar="N",
                      help="number of LEDs on the strip")
    test.add_argument("--delay", type=non_negative_float, default=0.05, metavar="S",
                      help="seconds between frames, so a person can follow (default 0.05)")
    test.add_argument("--settle", type=non_negative_float, default=0.0, metavar="S",
                      help="seconds to wait after opening the port (2 for an Arduino that resets on open)")
    test.add_argument("--json", action="store_true", help="print a JSON summary")
    test.set_defaults(handler=run_led_test, baud=115200)

    detect = commands.verb("led-detect", "which LED firmware (Adalight sketch, WLED) answers on a port")
    _add_link_args(detect)
    detect.add_argument("--listen", type=seconds_in_range(0, MAX_LISTEN), default=2.5, metavar="S",
                        help=f"seconds to wait for the Adalight greeting (default 2.5, at most {MAX_LISTEN:g})")
    detect.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    detect.set_defaults(handler=run_led_detect, baud=115200)

    demo = commands.verb("led-demo", "show every LED effect in turn on a board or on led-emulator")
    _add_link_args(demo)
    demo.add_argument("--protocol", choices=PROTOCOLS, default=None, help="frame format (default adalight)")
    demo.add_argument("--led-config", default=None, metavar="FILE", help="LED configuration file (JSON)")
    demo.add_argument("--game", choices=lit_games(), default="lewthwaite", help="board to show")
    demo.add_argument("--seconds", type=seconds_in_range(0, MAX_DEMO_SECONDS), default=3.0, metavar="S",
                      help=f"seconds per effect (default 3, at most {MAX_DEMO_SECONDS:g})")
    demo.set_defaults(handler=run_led_demo)

    emulator = commands.verb("led-emulator", "a pretend LED board on a pty: shows the frames it receives")
    emulator.add_argument("--leds", type=int_in_range(1, MAX_CLI_LEDS), default=None, metavar="N",
                          help="LEDs to show (default 25, or the game's layout)")
    emulator.add_argument("--text", action="store_true", help="print frames as text instead of a window")
    emulator.add_argument("--cols", type=int_in_range(1, 256), default=None, metavar="C",
                          help="LEDs per row when showing the strip in order (default: about square)")
    emulator.add_argument("--led-config", default=None, metavar="FILE",
                          help="with --game: draw each LED under its cell, using this wiring")
    emulator.add_argument("--game", choices=lit_games(), default=None,
                          help="draw the LEDs as this game's board (default wiring unless --led-config)")
    emulator.add_argument("--link", default=None, metavar="PATH",
                          help="also publish the pty as this symlink, stable across restarts")
    emulator.add_argument("--path-file", default=None, metavar="FILE",
                          help="write the pty path to FILE (a new file: see --force)")
    emulator.add_argument("--exit-after", type=int_in_range(1, 10_000_000), default=None, metavar="N",
                          help="exit after receiving N frames")
    emulator.add_argument("--seconds", type=seconds_in_range(0, MAX_EMULATOR_SECONDS), default=None, metavar="S",
                          help=f"exit after S seconds (at most {MAX_EMULATOR_SECONDS:g}; default: when closed)")
    emulator.add_argument("--screenshot", default=None, metavar="PATH",
                          help="window: save a PNG when exiting (checked before starting; a new file: see --force)")
    emulator.add_argument("--force", action="store_true",
                          help="replace an existing --screenshot or --path-file file")
    emulator.add_argument("--receiver", choices=RECEIVERS, default="ideal",
                          help="what to behave like: every frame shown at once (ideal, the default), an "
                               "Arduino with the stock Adalight-FastLED sketch (adalight: bytes arriving "
                               "while it writes the strip are lost), or WLED (wled: blanks the first live "
                               "frame, back to its own effect 2.5 s after the last)")
    emulator.add_argument("--baud", type=baud_rate, default=115200, metavar="B",
                          help="with --receiver adalight or wled: the line's speed, for the timing (default 115200)")
    emulator.add_argument("--force-max-brightness", action="store_true",
                          help="with --receiver wled: as if WLED's 'Force max brightness' were ticked")
    emulator.add_argument("--live-timeout", type=seconds_in_range(0, MAX_LIVE_TIMEOUT), default=None, metavar="S",
                          help="with --receiver wled: seconds after the last frame before WLED shows its own "
                               "effect again (its realtime timeout; default 2.5)")
    emulator.set_defaults(handler=run_led_emulator)
