"""What each role looks like on the board, as data: a colour, a pattern and its timing.

The palette is Okabe and Ito's colour-blind-safe set, and roles that could still be confused
also differ by their pattern (steady, breathing, blinking), so no child depends on hue alone.
:func:`render_cells` turns a :class:`games.effects.BoardLights` and a time into one colour per
cell; it is pure and imports neither pygame nor serial.
"""

from __future__ import annotations

import colorsys
import math
from dataclasses import dataclass

from games.effects import BoardLights

Cell = tuple[int, int]
RGB = tuple[int, int, int]
OFF: RGB = (0, 0, 0)

#: Okabe & Ito (2008), "Color Universal Design": distinguishable with every common colour blindness.
OKABE_ITO: dict[str, RGB] = {
    "orange": (230, 159, 0),
    "sky_blue": (86, 180, 233),
    "bluish_green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish_purple": (204, 121, 167),
    "warm_white": (255, 190, 120),
}

PATTERNS = ("solid", "pulse", "blink", "rainbow")


@dataclass(frozen=True)
class Look:
    """How a lit cell behaves over time.

    ``pattern``: ``solid``, ``pulse`` (smooth breathing), ``blink`` (on for ``duty`` of each
    ``period``) or ``rainbow`` (hues flowing across the board). ``level`` scales the colour.
    With ``cycle`` > 0 the look only shows during the ``window`` fraction of each ``cycle``
    seconds, which is how "blink the source, then the target" is written as data.
    """

    colour: RGB
    pattern: str = "solid"
    period: float = 1.0
    level: float = 1.0
    duty: float = 0.5
    cycle: float = 0.0
    window: tuple[float, float] = (0.0, 1.0)

    def __post_init__(self) -> None:
        if self.pattern not in PATTERNS:
            raise ValueError(f"unknown pattern '{self.pattern}' (choose from {', '.join(PATTERNS)})")

    @property
    def animated(self) -> bool:
        """True when the look changes over time (the board then needs a steady frame rate)."""
        return self.pattern != "solid" or self.cycle > 0

    def colour_at(self, t: float, cell: Cell, size: tuple[int, int], colour: RGB | None = None) -> RGB:
        """The colour at ``t`` seconds after the look appeared, for ``cell`` on a board of ``size``."""
        if self.cycle > 0:
            phase = (t % self.cycle) / self.cycle
            if not self.window[0] <= phase < self.window[1]:
                return OFF
            t -= self.window[0] * self.cycle  # each window starts with its blink "on"
        base = colour or self.colour
        if self.pattern == "solid":
            factor = 1.0
        elif self.pattern == "pulse":
            factor = 0.35 + 0.65 * (0.5 + 0.5 * math.cos(2 * math.pi * t / self.period))
        elif self.pattern == "blink":
            factor = 1.0 if (t % self.period) < self.duty * self.period else 0.0
        else:
            rows, cols = size
            position = (cell[0] + cell[1]) / max(rows + cols - 2, 1)
            hue = (t / self.period + position) % 1.0
            r, g, b = colorsys.hsv_to_rgb(hue, 1.0, 1.0)
            base = (round(255 * r), round(255 * g), round(255 * b))
            factor = 1.0
        return scale(base, factor * self.level)


def scale(colour: RGB, factor: float) -> RGB:
    """``colour`` with every channel multiplied by ``factor`` (clamped to 0..255)."""
    r, g, b = (max(0, min(255, round(c * factor))) for c in colour)
    return r, g, b


#: The look of each role. Timings are chosen for children: blinks at 2 Hz at most for warnings,
#: slow breathing for calm states.
LOOKS: dict[str, Look] = {
    "legal": Look(OKABE_ITO["bluish_green"], "pulse", period=1.8, level=0.7),
    "selected": Look(OKABE_ITO["yellow"], "pulse", period=0.9),
    "hint": Look(OKABE_ITO["reddish_purple"], "blink", period=0.8, duty=0.6),
    "computer_from": Look(OKABE_ITO["sky_blue"], "blink", period=0.4, cycle=1.6, window=(0.0, 0.5)),
    "computer_to": Look(OKABE_ITO["sky_blue"], "blink", period=0.4, cycle=1.6, window=(0.5, 1.0)),
    "put_back": Look(OKABE_ITO["vermillion"], "blink", period=0.5),
    # A piece to take away (physical-board mode): short yellow flashes, told from put_back by colour and rhythm.
    "remove": Look(OKABE_ITO["yellow"], "blink", period=0.5, duty=0.3),
    "player1": Look(OKABE_ITO["vermillion"], "solid", level=0.8),
    "player2": Look(OKABE_ITO["blue"], "solid", level=0.9),
    "win": Look(OKABE_ITO["yellow"], "rainbow", period=1.5),
}

#: Every cell not otherwise lit breathes softly while the board is idle (attract mode).
IDLE_LOOK = Look(OKABE_ITO["warm_white"], "pulse", period=4.0, level=0.22)
ROLES = tuple(LOOKS)


def idle_colour(t: float, cell: Cell, size: tuple[int, int]) -> RGB:
    """The idle glow: a slow breathing wave that rolls diagonally across the board."""
    rows, cols = size
    offset = (cell[0] + cell[1]) / max(rows + cols - 2, 1) * IDLE_LOOK.period * 0.5
    return IDLE_LOOK.colour_at(t + offset, cell, size)


def is_animated(lights: BoardLights) -> bool:
    """True when the board's colours change over time and frames must keep coming."""
    return lights.idle or any(LOOKS[role].animated for role in lights.cells.values() if role in LOOKS)


def unknown_roles(lights: BoardLights) -> set[str]:
    """Roles the LED system does not know (they stay dark rather than crash the game)."""
    return {role for role in lights.cells.values() if role not in LOOKS}


def render_cells(lights: BoardLights, t: float) -> dict[Cell, RGB]:
    """The colour of every cell on the board ``t`` seconds after ``lights`` was published."""
    size = (lights.rows, lights.cols)
    colours: dict[Cell, RGB] = {}
    for r in range(lights.rows):
        for c in range(lights.cols):
            cell = (r, c)
            role = lights.cells.get(cell)
            look = LOOKS.get(role) if role is not None else None
            if look is not None:
                colours[cell] = look.colour_at(t, cell, size, lights.colours.get(cell))
            elif lights.idle:
                colours[cell] = idle_colour(t, cell, size)
            else:
                colours[cell] = OFF
    return colours
