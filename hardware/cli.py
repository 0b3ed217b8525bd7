"""LED board commands: ``led-test``, ``led-detect``, ``led-demo`` and ``led-emulator``.

None of them imports pygame except ``led-emulator`` without ``--text`` (lazily, for its window).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from typing import Any

from games.cliutil import CliError, Commands, int_in_range, positive_float, print_json
from hardware.config import BAUD_RATES, ConfigError, LedConfig, load_config
from hardware.protocols import PROTOCOLS, encode

MAX_CLI_LEDS = 4096


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


def non_negative_float(text: str) -> float:
    """An argparse ``type`` for a delay in seconds (0 allowed)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"{value} is out of range 0..60 seconds")
    return value


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


def run_led_test(args: argparse.Namespace) -> int:
    """``led-test``: light each LED alone in white, one frame each, then switch everything off."""
    serial_port = _open_port(args.port, args.baud)
    sent = 0
    try:
        time.sleep(args.settle)
        off = (0, 0, 0)
        frames = [[(255, 255, 255) if j == i else off for j in range(args.leds)] for i in range(args.leds)]
        frames.append([off] * args.leds)
        for pixels in frames:
            serial_port.write(encode(args.protocol, pixels))
            sent += 1
            if args.delay:
                time.sleep(args.delay)
    except Exception as exc:  # noqa: BLE001 - any write failure is reported the same way
        raise CliError(f"the LED link failed after {sent} of {args.leds + 1} frames: {exc}", code=1) from None
    finally:
        serial_port.close()
    if args.json:
        print_json({"port": args.port, "protocol": args.protocol, "leds": args.leds, "frames": sent})
    else:
        print(f"sent {sent} frames ({args.protocol}, {args.leds} LEDs) to {args.port}")
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


def demo_sequence(game: str, rows: int, cols: int) -> list[tuple[str, Any]]:
    """The effects shown by ``led-demo``, in order, as (name, BoardLights)."""
    from games.effects import BoardLights

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


GAME_SIZES = {"lewthwaite": (5, 5), "lightning": (17, 16)}


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
    rows, cols = GAME_SIZES[args.game]
    layout = config.games.get(args.game)
    if layout is not None:
        rows, cols = layout.rows, layout.cols
    bus = EffectBus()
    system = LedSystem(config, SerialLink(args.port, config.baud))
    bus.subscribe(system)
    try:
        for name, lights in demo_sequence(args.game, rows, cols):
            print(name, flush=True)
            bus.publish(lights)
            time.sleep(args.seconds)
    finally:
        system.close()
    status = system.status()
    print(f"{status['frames_sent']} frames sent, {status['failures']} link failures", flush=True)
    return 0


def run_led_emulator(args: argparse.Namespace) -> int:
    """``led-emulator``: a pty that decodes LED frames and shows them (window or text)."""
    from hardware.emulator import PtyEmulator, ansi_grid, format_frame, grid_positions, write_path_file

    layout = None
    if args.led_config or args.game:
        config = _load(args.led_config)
        game = args.game or "lewthwaite"
        configured = config.games.get(game)
        rows, cols = (configured.rows, configured.cols) if configured else GAME_SIZES[game]
        layout = config.layout_for(game, rows, cols)
    leds = args.leds if args.leds is not None else (layout.end if layout else 25)
    positions = grid_positions(leds, layout, args.cols)
    emulator = PtyEmulator(leds, link=args.link)
    try:
        client_path = emulator.open()
        if args.path_file:
            write_path_file(args.path_file, client_path)
    except OSError as exc:
        emulator.close()
        raise CliError(f"cannot set up the emulator's pty: {exc}") from None
    print(f"LED emulator: connect to {client_path}", flush=True)
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
    detect.add_argument("--listen", type=positive_float, default=2.5, metavar="S",
                        help="seconds to wait for the Adalight greeting (default 2.5)")
    detect.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    detect.set_defaults(handler=run_led_detect, baud=115200)

    demo = commands.verb("led-demo", "show every LED effect in turn on a board or on led-emulator")
    _add_link_args(demo)
    demo.add_argument("--protocol", choices=PROTOCOLS, default=None, help="frame format (default adalight)")
    demo.add_argument("--led-config", default=None, metavar="FILE", help="LED configuration file (JSON)")
    demo.add_argument("--game", choices=sorted(GAME_SIZES), default="lewthwaite", help="board to show")
    demo.add_argument("--seconds", type=positive_float, default=3.0, metavar="S",
                      help="seconds per effect (default 3)")
    demo.set_defaults(handler=run_led_demo)

    emulator = commands.verb("led-emulator", "a pretend LED board on a pty: shows the frames it receives")
    emulator.add_argument("--leds", type=int_in_range(1, MAX_CLI_LEDS), default=None, metavar="N",
                          help="LEDs to show (default 25, or the game's layout)")
    emulator.add_argument("--text", action="store_true", help="print frames as text instead of a window")
    emulator.add_argument("--cols", type=int_in_range(1, 256), default=None, metavar="C",
                          help="LEDs per row when showing the strip in order (default: about square)")
    emulator.add_argument("--led-config", default=None, metavar="FILE",
                          help="with --game: draw each LED under its cell, using this wiring")
    emulator.add_argument("--game", choices=sorted(GAME_SIZES), default=None,
                          help="draw the LEDs as this game's board (default wiring unless --led-config)")
    emulator.add_argument("--link", default=None, metavar="PATH",
                          help="also publish the pty as this symlink, stable across restarts")
    emulator.add_argument("--path-file", default=None, metavar="FILE", help="write the pty path to FILE")
    emulator.add_argument("--exit-after", type=int_in_range(1, 10_000_000), default=None, metavar="N",
                          help="exit after receiving N frames")
    emulator.add_argument("--seconds", type=positive_float, default=None, metavar="S",
                          help="exit after S seconds")
    emulator.add_argument("--screenshot", default=None, metavar="PATH",
                          help="window: save a PNG when exiting")
    emulator.set_defaults(handler=run_led_emulator)
