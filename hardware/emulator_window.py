"""The emulator's window: the LEDs drawn as glowing dots on a dark board (pygame, imported only
by ``led-emulator`` without ``--text``)."""

from __future__ import annotations

import contextlib
import math
import os
import secrets
from collections.abc import Callable

from games.budget import MB, budgeted

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402 - after the variable that silences its banner

from hardware import strings
from hardware.emulator import PtyEmulator
from hardware.protocols import Frame
from hardware.receivers import Shown
from kiosk import i18n, theme, ui

# The kiosk never imports hardware: the window hands the shell its words.
i18n.add_strings("hardware.strings", strings.STRINGS)

WINDOW = (1280, 720)
BOARD_COLOUR = (28, 30, 40)
SOCKET_COLOUR = (48, 52, 66)


@budgeted(4 * MB)
def _glow(radius: int) -> pygame.Surface:
    """A white radial glow on black: tinted per LED, then added to the screen like light."""
    size = radius * 2
    surface = pygame.Surface((size, size))
    for step in range(radius, 0, -1):
        level = int(150 * (1 - step / radius) ** 2.2)
        pygame.draw.circle(surface, (level, level, level), (radius, radius), step)
    return surface


def board_geometry(positions: dict[int, tuple[int, int]], area: pygame.Rect) -> tuple[float, pygame.Rect]:
    """The cell pitch and the board rectangle (with its margin) that fit inside ``area``."""
    rows = 1 + max((p[0] for p in positions.values()), default=0)
    cols = 1 + max((p[1] for p in positions.values()), default=0)
    pitch = min(area.width / (cols + 0.6), area.height / (rows + 0.6), 120)
    board = pygame.Rect(0, 0, round(pitch * cols), round(pitch * rows))
    board.center = area.center
    return pitch, board


def draw_leds(surface: pygame.Surface, frame: Frame | None, positions: dict[int, tuple[int, int]],
              area: pygame.Rect) -> None:
    """Draw the board in ``area`` with every LED of ``frame`` at its position."""
    pitch, board = board_geometry(positions, area)
    frame_rect = board.inflate(pitch * 0.6, pitch * 0.6)
    pygame.draw.rect(surface, BOARD_COLOUR, frame_rect, border_radius=int(pitch * 0.3))
    radius = max(2, int(pitch * 0.28))
    lit = []
    for index, (r, c) in positions.items():
        centre = (board.x + (c + 0.5) * pitch, board.y + (r + 0.5) * pitch)
        pygame.draw.circle(surface, SOCKET_COLOUR, centre, radius + max(1, pitch * 0.06))
        colour = frame.pixels[index] if frame is not None and index < frame.count else (0, 0, 0)
        if colour == (0, 0, 0):
            pygame.draw.circle(surface, (14, 14, 20), centre, radius)
        else:
            lit.append((centre, colour))
    glow_radius = max(3, int(pitch * 0.75))
    for centre, colour in lit:
        glow = _glow(glow_radius).copy()
        glow.fill(colour, special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(glow, glow.get_rect(center=(round(centre[0]), round(centre[1]))),
                     special_flags=pygame.BLEND_RGB_ADD)
    for centre, colour in lit:
        core = tuple(min(255, int(v * 0.5 + 128)) for v in colour)
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, core, centre, max(1, radius * 0.4))


def run_window(emulator: PtyEmulator, client_path: str, positions: dict[int, tuple[int, int]],
               on_frame: Callable[[Frame], bool], seconds: float | None = None,
               screenshot: str | None = None) -> int:
    """Show the emulator until the window is closed, ``on_frame`` returns True (enough frames),
    or ``seconds`` pass; save ``screenshot`` at the end if asked."""
    # Display and fonts only: the emulator makes no sound (and must not need a sound card).
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(WINDOW, pygame.SCALED | pygame.RESIZABLE)
    pygame.display.set_caption(i18n.tr("hardware.emulator.title"))
    clock = pygame.time.Clock()
    elapsed = 0.0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
        for frame in emulator.poll(0.0):
            if on_frame(frame):
                running = False
        screen.blit(ui.background(WINDOW, (34, 36, 48), (20, 21, 28)), (0, 0))
        title = i18n.tr("hardware.emulator.title")
        ui.draw_text(screen, title, (640, 26), 44, theme.WHITE, "title", "midtop")
        ui.draw_text(screen, i18n.tr("hardware.emulator.port", path=client_path), (640, 84), 24,
                     (200, 204, 220), "text", "midtop")
        draw_leds(screen, emulator.latest, positions, pygame.Rect(60, 124, 1160, 520))
        status = status_line(emulator)
        pulse = 0.6 + 0.4 * math.sin(elapsed * 3) if emulator.latest is None else 1.0
        color = (int(230 * pulse), int(232 * pulse), int(240 * pulse))
        ui.draw_text(screen, status, (640, 690), 24, color, "bold", "midbottom")
        pygame.display.flip()
        elapsed += clock.tick(60) / 1000
        if seconds is not None and elapsed >= seconds:
            running = False
    if screenshot:
        save_png(screen, screenshot)
    pygame.quit()
    return 0


def status_line(emulator: PtyEmulator) -> str:
    """The line under the board: what the strip shows and how many frames came."""
    latest = emulator.latest
    if latest is None:
        return i18n.tr("hardware.emulator.waiting")
    why = latest.why if isinstance(latest, Shown) else "frame"
    if why in ("blank", "effect"):
        return i18n.tr(f"hardware.emulator.{why}", frames=emulator.frames)
    return i18n.tr("hardware.emulator.status", protocol=latest.protocol, leds=latest.count, frames=emulator.frames,
                   fps=f"{emulator.fps():.0f}")


def save_png(surface: pygame.Surface, path: str) -> None:
    """Save ``surface`` to ``path`` atomically: a reader never sees half a PNG."""
    # a fresh name beside it (created with the usual permissions, unlike mkstemp's private ones)
    tmp = f"{path}.{os.getpid()}.{secrets.token_hex(4)}.tmp.png"
    try:
        pygame.image.save(surface, tmp)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
