"""Colours and fonts of the kiosk: one place, so every screen looks like the same product."""

from __future__ import annotations

import importlib.util
from functools import cache, lru_cache
from pathlib import Path

import pygame

# A warm, light palette: readable from a distance, friendly for children.
BACKGROUND = (250, 243, 229)
BACKGROUND_DARK = (236, 224, 200)
INK = (44, 40, 56)
INK_SOFT = (104, 98, 116)
WHITE = (255, 255, 255)
PANEL = (255, 252, 245)
SHADOW = (60, 40, 20)
ACCENT = (255, 176, 59)
GOOD = (46, 170, 110)
BAD = (226, 72, 72)
HINT = (255, 200, 40)
WOOD_LIGHT = (233, 196, 142)
WOOD_DARK = (205, 160, 104)
WOOD_EDGE = (150, 104, 58)

# Player colours: a red and a blue that stay distinct for the common colour blindnesses
# (they differ strongly in lightness too); tokens also carry a shape mark.
RED = (228, 64, 60)
RED_DARK = (160, 34, 36)
RED_LIGHT = (255, 150, 140)
BLUE = (40, 112, 214)
BLUE_DARK = (22, 62, 140)
BLUE_LIGHT = (140, 190, 255)


def _package_font(package: str, filename: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "files" / filename
    return path if path.exists() else None


@cache
def font_path(kind: str) -> str | None:
    """The TTF file for ``kind`` (``"title"``, ``"bold"``, ``"text"``), None for pygame's default."""
    candidates = {
        "title": ("font_fredoka_one", "FredokaOne-Regular.ttf"),
        "bold": ("font_lato", "Lato-Bold.ttf"),
        "text": ("font_lato", "Lato-Regular.ttf"),
    }
    path = _package_font(*candidates[kind])
    return str(path) if path else None


@cache
def font(size: int, kind: str = "text") -> pygame.font.Font:
    """A cached font of ``size`` pixels (falls back to pygame's own font if a package is missing)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(kind), size)


def player_colors(player_color: str) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    """(main, dark, light) colours for ``"red"`` or ``"blue"``."""
    if player_color == "red":
        return RED, RED_DARK, RED_LIGHT
    return BLUE, BLUE_DARK, BLUE_LIGHT


# --- measuring text (the drawing kit and the text-fit check share these) ---------------------


@lru_cache(maxsize=256)
def wrap_text(text: str, size: int, width: int, kind: str = "text") -> tuple[str, ...]:
    """Split ``text`` into lines no wider than ``width`` pixels (explicit newlines kept)."""
    measure = font(size, kind)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}".strip()
            if measure.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=128)
def fitted_size(text: str, size: int, width: int, kind: str = "text", smallest: int = 12) -> int:
    """The largest font size up to ``size`` at which ``text`` fits on one line of ``width``."""
    while size > smallest and font(size, kind).size(text)[0] > width:
        size -= 1
    return size
