"""Colours and fonts of the kiosk: one place, so every screen looks like the same product."""

from __future__ import annotations

import importlib.util
import io
import logging
import re
from functools import cache
from pathlib import Path

import pygame

from games.budget import MB, budgeted

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
def _font_bytes(path: str) -> bytes:
    with open(path, "rb") as stream:
        return stream.read()


#: What one open font holds (FreeType's face and glyph cache, measured: about 130 kB).
FONT_BYTES = 128 * 1024


@budgeted(8 * MB, name="kiosk.theme.font", sizer=lambda _font: FONT_BYTES)
def _open_font(size: int, kind: str) -> pygame.font.Font:
    path = font_path(kind)
    try:
        # From bytes read once: a Font opened from a path keeps a file open for its whole life,
        # one per size, and a day of fitted titles would pile them up.
        return pygame.font.Font(io.BytesIO(_font_bytes(path)), size) if path else pygame.font.Font(None, size)
    except (OSError, pygame.error) as exc:
        # A font file gone missing or damaged: the kiosk goes on with pygame's own font.
        logging.getLogger("kiosk.theme").warning("font %s unusable (%s): pygame's default font instead", path, exc)
        return pygame.font.Font(None, size)


def font(size: int, kind: str = "text") -> pygame.font.Font:
    """A cached font of ``size`` pixels (falls back to pygame's own font if a package is missing)."""
    if not pygame.font.get_init():
        pygame.font.init()
    opened = _open_font(size, kind)
    try:
        opened.get_height()
    except pygame.error:
        # The font module was closed and opened again since (pygame.quit() by a window that
        # closed, then a new one): every cached font is dead, whoever reopened the module.
        forget_fonts()
        opened = _open_font(size, kind)
    return opened


def forget_fonts() -> None:
    """Drop every cached font (they die with ``pygame.quit()``; the next call opens them again)."""
    _open_font.cache_clear()


_colour_blind = False


def colour_blind() -> bool:
    """True when tokens must carry shapes as well as colours (the operator's setting)."""
    return _colour_blind


def set_colour_blind(on: bool) -> None:
    """Switch the colour-blind mode (``colour_blind`` in ``kiosk.toml``)."""
    global _colour_blind
    _colour_blind = bool(on)


def player_colors(player_color: str) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    """(main, dark, light) colours for ``"red"`` or ``"blue"``."""
    if player_color == "red":
        return RED, RED_DARK, RED_LIGHT
    return BLUE, BLUE_DARK, BLUE_LIGHT


# --- measuring text (the drawing kit and the text-fit check share these) ---------------------


#: French typography keeps these marks on the line of the word before them ("gagné !"), and
#: the word after « on its line: a line never starts with "!" or ends with "«".
_GLUED_BEFORE = ("!", "?", ":", ";", "»", "%", "…")
#: A group of thousands ("100 000") is one number: never split over two lines.
_THOUSANDS = re.compile(r"\d{3}(?!\d)")


def unbreakable_words(paragraph: str) -> list[str]:
    """The words of ``paragraph`` (split at spaces) with French punctuation glued to its word and
    a number's groups of thousands to each other: ``"Tu as gagné !"`` -> ``["Tu", "as",
    "gagné !"]``, ``"sur 100 000 parties"`` -> ``["sur", "100 000", "parties"]``."""
    words: list[str] = []
    for word in paragraph.split(" "):
        previous = words[-1] if words else ""
        if previous and (
            word.startswith(_GLUED_BEFORE)
            or previous.endswith("«")
            or (previous[-1].isdigit() and _THOUSANDS.match(word))
        ):
            words[-1] = f"{previous} {word}"
        else:
            words.append(word)
    return words


@budgeted(MB)
def wrap_text(text: str, size: int, width: int, kind: str = "text") -> tuple[str, ...]:
    """Split ``text`` into lines no wider than ``width`` pixels (explicit newlines kept), never
    before a French "!", "?", ":", ";", "»" or "%" nor after "«"."""
    measure = font(size, kind)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = unbreakable_words(paragraph)
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


@budgeted(MB // 2)
def fitted_size(text: str, size: int, width: int, kind: str = "text", smallest: int = 12) -> int:
    """The largest font size up to ``size`` at which ``text`` fits on one line of ``width``."""
    while size > smallest and font(size, kind).size(text)[0] > width:
        size -= 1
    return size
