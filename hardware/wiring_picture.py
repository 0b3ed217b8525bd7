"""Draws ``hardware/firmware/wiring.png``: how to wire the Arduino, the supply and the strip.

Run ``python -m hardware.wiring_picture [OUT.png] [--force]`` (a named OUT.png that exists is
replaced only with ``--force``; without a name, the repository's picture is redrawn). The
picture is generated rather than hand-drawn so that it stays in step with the default layout
(serpentine from the top-left).
pygame is imported inside :func:`render` only: importing this module costs nothing.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Any

from games.cliutil import CliError, atomic_output
from games.outputs import check_outputs
from hardware.mapping import Layout

SIZE = (1600, 1000)
PAPER = (250, 247, 240)
INK = (40, 40, 52)
SOFT = (110, 110, 124)
RED = (213, 40, 30)  # 5 V
BLACK = (30, 30, 30)  # ground
GREEN = (0, 140, 90)  # data
BOARD_TEAL = (0, 110, 130)
DEFAULT_OUT = Path(__file__).resolve().parent / "firmware" / "wiring.png"


def _text(surface: Any, text: str, pos: tuple[float, float], size: int, colour: tuple[int, int, int] = INK,
          kind: str = "text", anchor: str = "topleft") -> None:
    from kiosk import ui

    ui.draw_text(surface, text, pos, size, colour, kind, anchor)


def _wire(surface: Any, colour: tuple[int, int, int], points: list[tuple[float, float]],
          width: int = 7) -> None:
    import pygame

    pygame.draw.lines(surface, colour, False, points, width)
    for p in points[1:-1]:
        pygame.draw.circle(surface, colour, p, width // 2)


def _box(surface: Any, rect: Any, fill: tuple[int, int, int], title: str, subtitle: str = "") -> None:
    import pygame

    shadow = rect.move(5, 7)
    pygame.draw.rect(surface, (215, 208, 196), shadow, border_radius=18)
    pygame.draw.rect(surface, fill, rect, border_radius=18)
    _text(surface, title, (rect.centerx, rect.y + 18), 30, (255, 255, 255), "title", "midtop")
    if subtitle:
        _text(surface, subtitle, (rect.centerx, rect.y + 58), 21, (235, 240, 245), "text", "midtop")


def _pin(surface: Any, pos: tuple[float, float], label: str, side: str = "right") -> None:
    import pygame

    pygame.draw.circle(surface, (250, 210, 80), pos, 9)
    pygame.draw.circle(surface, INK, pos, 9, 2)
    if side == "right":
        _text(surface, label, (pos[0] - 16, pos[1]), 20, (255, 255, 255), "bold", "midright")
    else:
        _text(surface, label, (pos[0] + 16, pos[1]), 20, INK, "bold", "midleft")


def _resistor(surface: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    import pygame

    (x0, y), (x1, _) = start, end
    mid = (x0 + x1) / 2
    body = pygame.Rect(0, 0, 90, 30)
    body.center = (round(mid), round(y))
    _wire(surface, GREEN, [start, (body.left, y)])
    _wire(surface, GREEN, [(body.right, y), end])
    pygame.draw.rect(surface, (232, 212, 170), body, border_radius=12)
    for i, colour in enumerate(((240, 140, 0), (240, 140, 0), (140, 80, 30))):  # orange orange brown: 330
        pygame.draw.rect(surface, colour, (body.x + 18 + i * 18, body.y, 9, body.height))
    pygame.draw.rect(surface, INK, body, 2, border_radius=12)
    _text(surface, "330 ohm", (body.centerx, body.bottom + 8), 21, INK, "bold", "midtop")


def _board(surface: Any, origin: tuple[int, int], pitch: int, layout: Layout) -> tuple[float, float]:
    """The 5x5 board with its LEDs numbered and the strip's path; returns the first LED's centre."""
    import pygame

    ox, oy = origin
    frame = pygame.Rect(ox - 30, oy - 30, layout.cols * pitch + 60, layout.rows * pitch + 60)
    pygame.draw.rect(surface, (222, 184, 130), frame, border_radius=24)
    pygame.draw.rect(surface, (150, 104, 58), frame, 4, border_radius=24)
    centre = {}
    for r in range(layout.rows):
        for c in range(layout.cols):
            cell = pygame.Rect(ox + c * pitch + 4, oy + r * pitch + 4, pitch - 8, pitch - 8)
            pygame.draw.rect(surface, (240, 214, 170), cell, border_radius=10)
            centre[layout.led_index((r, c))] = cell.center
    path = [centre[i] for i in range(layout.count)]
    pygame.draw.lines(surface, GREEN, False, path, 5)
    for i, p in enumerate(path[:-1]):  # arrow heads show the data direction
        q = path[i + 1]
        angle = math.atan2(q[1] - p[1], q[0] - p[0])
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        tip = (mid[0] + 12 * math.cos(angle), mid[1] + 12 * math.sin(angle))
        left = (mid[0] + 10 * math.cos(angle + 2.5), mid[1] + 10 * math.sin(angle + 2.5))
        right = (mid[0] + 10 * math.cos(angle - 2.5), mid[1] + 10 * math.sin(angle - 2.5))
        pygame.draw.polygon(surface, GREEN, [tip, left, right])
    for i, p in enumerate(path):
        pygame.draw.circle(surface, (255, 255, 255), p, 22)
        pygame.draw.circle(surface, INK, p, 22, 2)
        _text(surface, str(i), p, 20, INK, "bold", "center")
    return path[0]


def render(out: Path = DEFAULT_OUT) -> Path:
    """Draw the wiring picture and save it as a PNG at ``out``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(SIZE)
    surface.fill(PAPER)
    _text(surface, "Plateau lumineux · LED board wiring", (SIZE[0] / 2, 28), 46, INK, "title", "midtop")
    subtitle = ("Arduino + FastLED sketch (hardware/firmware/kiosk_leds) · WS2812B strip · "
                "Adalight 115200 baud")
    _text(surface, subtitle,
          (SIZE[0] / 2, 90), 24, SOFT, "text", "midtop")

    pc = pygame.Rect(60, 190, 250, 150)
    _box(surface, pc, (70, 80, 110), "Kiosk PC", "python main.py")
    nano = pygame.Rect(470, 170, 270, 330)
    _box(surface, nano, BOARD_TEAL, "Arduino", "Nano / Uno")
    pins = {"D6": (nano.right, 330), "5V": (nano.right, 390), "GND": (nano.right, 450)}
    for name, pos in pins.items():
        _pin(surface, pos, name)
    _text(surface, "(unused)", (nano.right - 70, 390), 17, (200, 225, 230), "text", "midright")
    usb_y = pc.centery
    _wire(surface, (90, 90, 100), [(pc.right, usb_y), (nano.left, usb_y)], 12)
    _text(surface, "USB", ((pc.right + nano.left) / 2, usb_y - 14), 22, INK, "bold", "midbottom")

    supply = pygame.Rect(470, 600, 270, 190)
    _box(surface, supply, (150, 60, 50), "5 V supply", "2 A: 25 LEDs · 10 A: 272")
    plus, minus = (supply.right, 720), (supply.right, 765)
    _pin(surface, plus, "+5V")
    _pin(surface, minus, "GND")

    layout = Layout(5, 5)
    first = _board(surface, (1060, 230), 100, layout)
    # the strip's input connector: data, +5V and ground all enter at LED 0
    din, v5, gnd = (980, first[1]), (980, first[1] + 50), (980, first[1] + 100)
    connector = pygame.Rect(0, 0, 40, 150)
    connector.midtop = (980, first[1] - 25)
    pygame.draw.rect(surface, (60, 60, 70), connector, border_radius=8)
    _text(surface, "strip in", (connector.centerx, connector.top - 8), 20, INK, "bold", "midbottom")
    _wire(surface, GREEN, [din, (first[0] - 22, first[1])], 6)
    for point, colour in ((din, GREEN), (v5, RED), (gnd, BLACK)):
        pygame.draw.circle(surface, colour, point, 10)
    _text(surface, "DIN", (connector.right + 8, din[1] + 14), 18, GREEN, "bold", "topleft")
    _text(surface, "+5V", (connector.right + 8, v5[1] + 4), 18, RED, "bold", "topleft")
    _text(surface, "GND", (connector.right + 8, gnd[1] + 4), 18, BLACK, "bold", "topleft")
    _resistor(surface, pins["D6"], (850, pins["D6"][1]))
    _wire(surface, GREEN, [(850, pins["D6"][1]), (850, din[1]), din])
    _wire(surface, RED, [plus, (885, plus[1]), (885, v5[1]), v5])
    _wire(surface, BLACK, [minus, (935, minus[1]), (935, gnd[1]), gnd])
    _wire(surface, BLACK, [pins["GND"], (935, pins["GND"][1])], 5)
    pygame.draw.circle(surface, BLACK, (935, pins["GND"][1]), 9)
    _text(surface, "common GND", (755, pins["GND"][1] - 8), 19, INK, "bold", "bottomleft")
    # the capacitor across the supply, near the strip
    cap = pygame.Rect(0, 0, 26, 22)
    cap.center = (910, 640)
    pygame.draw.line(surface, RED, (885, 640), (cap.left, 640), 4)
    pygame.draw.line(surface, BLACK, (cap.right, 640), (935, 640), 4)
    pygame.draw.rect(surface, (40, 60, 140), cap, border_radius=5)
    _text(surface, "1000 µF", (945, 640), 20, INK, "bold", "midleft")

    notes = [
        "1. Data, +5V and GND enter the strip at LED 0; the kiosk's default wiring is a serpentine from "
        "the top-left corner.",
        "    Another wiring? Set \"wiring\", \"start\", \"rotation\" in the LED configuration file "
        "(docs/hardware.md).",
        "2. Power the strip from the supply, never from the Arduino's 5V pin, and join the grounds.",
        "3. Check: python main.py led-detect --port /dev/ttyUSB0, then: python main.py led-test "
        "--port /dev/ttyUSB0 --leds 25",
    ]
    for i, note in enumerate(notes):
        _text(surface, note, (60, 830 + i * 32), 21, INK, "text", "topleft")
    with atomic_output(out) as tmp:  # whole or not at all
        pygame.image.save(surface, str(tmp))
    return out


def main(argv: list[str] | None = None) -> int:
    """Draw the picture where the command line says; exit 2 for a named file that exists
    (without ``--force``) or cannot be written, before drawing."""
    parser = argparse.ArgumentParser(prog="python -m hardware.wiring_picture", description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", default=None, metavar="OUT.png",
                        help="the PNG to write (default: the repository's hardware/firmware/wiring.png, redrawn)")
    parser.add_argument("--force", action="store_true", help="replace an existing OUT.png")
    args = parser.parse_args(argv)
    try:
        if args.out is not None:
            check_outputs(args.out, [Path(args.out)], args.force)
        print(render(Path(args.out) if args.out is not None else DEFAULT_OUT))
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
