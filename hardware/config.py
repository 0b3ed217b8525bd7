"""The LED board's configuration: protocol, baud rate, colour order, brightness cap, layouts.

It is read from a small JSON file (``--led-config FILE``), for example::

    {
      "protocol": "adalight", "baud": 115200, "colour_order": "GRB", "max_brightness": 120,
      "leds": 272,
      "games": {
        "lewthwaite": {"rows": 5, "cols": 5, "wiring": "serpentine", "start": "bottom-left"},
        "lightning": {"rows": 17, "cols": 16, "wiring": "rows", "rotation": 90}
      }
    }

Every key is optional. A corrupt file or a bad value raises :class:`ConfigError` with a message
naming the file and the key, and nothing is changed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hardware.mapping import BoardLayout, Layout, MappingError, Panel, PanelLayout, default_layout
from hardware.protocols import MAX_LEDS, PROTOCOLS

COLOUR_ORDERS = ("RGB", "GRB", "BRG", "RBG", "GBR", "BGR")
BAUD_RATES = (9600, 19200, 38400, 57600, 115200, 230400, 250000, 460800, 500000, 921600, 1000000, 2000000)
#: WLED leaves live mode after 2.5 s without data: resend well before that.
MAX_KEEPALIVE = 2.0


class ConfigError(ValueError):
    """A configuration file or value that cannot be used (the message says which and why)."""


@dataclass(frozen=True)
class LedConfig:
    """Everything the LED system needs to know about the board and its link."""

    protocol: str = "adalight"
    baud: int = 115200
    colour_order: str = "RGB"
    #: cap on every channel (0..255): strips are blinding and power-hungry at full white
    max_brightness: int = 255
    #: strip length; ``None``: just enough LEDs for the largest configured or shown board
    leds: int | None = None
    #: frames per second while something animates (lowered automatically on slow links)
    fps: float = 30.0
    #: seconds between resends while nothing changes
    keepalive: float = 1.0
    games: dict[str, BoardLayout] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.protocol not in PROTOCOLS:
            raise ConfigError(f"protocol must be one of {', '.join(PROTOCOLS)}, not {self.protocol!r}")
        if self.baud not in BAUD_RATES:
            raise ConfigError(f"baud must be one of {', '.join(map(str, BAUD_RATES))}, not {self.baud!r}")
        if self.colour_order not in COLOUR_ORDERS:
            raise ConfigError(
                f"colour_order must be one of {', '.join(COLOUR_ORDERS)}, not {self.colour_order!r}")
        if not _is_int(self.max_brightness) or not 0 <= self.max_brightness <= 255:
            raise ConfigError(f"max_brightness must be a whole number in 0..255, not {self.max_brightness!r}")
        if self.leds is not None and (not _is_int(self.leds) or not 1 <= self.leds <= MAX_LEDS["tpm2"]):
            raise ConfigError(f"leds must be a whole number in 1..{MAX_LEDS['tpm2']}, not {self.leds!r}")
        if not _is_number(self.fps) or not 1 <= self.fps <= 120:
            raise ConfigError(f"fps must be a number in 1..120, not {self.fps!r}")
        if not _is_number(self.keepalive) or not 0.05 <= self.keepalive <= MAX_KEEPALIVE:
            raise ConfigError(
                f"keepalive must be a number of seconds in 0.05..{MAX_KEEPALIVE} "
                f"(WLED leaves live mode after 2.5 s), not {self.keepalive!r}"
            )
        if self.leds is not None:
            for game, layout in self.games.items():
                last = layout.end - 1
                if last >= self.leds:
                    raise ConfigError(f"the {game} layout needs LEDs {layout.first_led}..{last} "
                                      f"but the strip has {self.leds}")

    def layout_for(self, game: str, rows: int, cols: int) -> BoardLayout:
        """The configured layout of ``game``, or the default one for a ``rows`` x ``cols`` board."""
        layout = self.games.get(game)
        if layout is not None and (layout.rows, layout.cols) == (rows, cols):
            return layout
        if isinstance(layout, Layout):
            # A board of another size than configured (e.g. a 4x6 Lewthwaite variant) still lights,
            # wired like the configured one.
            try:
                return replace(layout, rows=rows, cols=cols)
            except MappingError:
                pass
        return default_layout(rows, cols)

    def strip_length(self, layout: BoardLayout) -> int:
        """LEDs per frame: the configured strip, or enough for every configured board and ``layout``."""
        if self.leds is not None:
            return self.leds
        return max([layout.end] + [g.end for g in self.games.values()])

    def with_overrides(self, protocol: str | None = None, baud: int | None = None) -> LedConfig:
        """This configuration with command-line values taking precedence."""
        changes: dict[str, Any] = {}
        if protocol is not None:
            changes["protocol"] = protocol
        if baud is not None:
            changes["baud"] = baud
        return replace(self, **changes) if changes else self


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_TOP_KEYS = {"protocol", "baud", "colour_order", "max_brightness", "leds", "fps", "keepalive", "games"}
_LAYOUT_KEYS = {"rows", "cols", "wiring", "start", "rotation", "first_led"}
_PANEL_KEYS = _LAYOUT_KEYS | {"row", "col"}


def _layout_from_dict(data: Any, where: str) -> BoardLayout:
    """One game's layout: a one-piece board, or ``{"rows", "cols", "panels": [...]}``."""
    if not isinstance(data, dict):
        raise ConfigError(f"{where} must be an object like {{\"rows\": 5, \"cols\": 5}}")
    if "panels" in data:
        unknown = set(data) - {"rows", "cols", "panels"}
        if unknown:
            raise ConfigError(f"{where}: with 'panels', only 'rows' and 'cols' may stand beside it, "
                              f"not {', '.join(sorted(unknown))}")
        if "rows" not in data or "cols" not in data:
            raise ConfigError(f"{where} needs 'rows' and 'cols'")
        if not isinstance(data["panels"], list):
            raise ConfigError(f"{where}: 'panels' must be a list of objects")
        panels = []
        for i, panel in enumerate(data["panels"], 1):
            if not isinstance(panel, dict):
                raise ConfigError(f"{where}.panels[{i}] must be an object")
            unknown = set(panel) - _PANEL_KEYS
            if unknown:
                raise ConfigError(f"{where}.panels[{i}]: unknown key(s) {', '.join(sorted(unknown))} "
                                  f"(known: {', '.join(sorted(_PANEL_KEYS))})")
            if not all(type(panel.get(k, 0)) is int for k in ("row", "col")):
                raise ConfigError(f"{where}.panels[{i}]: 'row' and 'col' must be whole numbers")
            layout = _layout_from_dict({k: v for k, v in panel.items() if k not in ("row", "col")},
                                       f"{where}.panels[{i}]")
            assert isinstance(layout, Layout)
            panels.append(Panel(panel.get("row", 0), panel.get("col", 0), layout))
        try:
            return PanelLayout(data["rows"], data["cols"], tuple(panels))
        except MappingError as exc:
            raise ConfigError(f"{where}: {exc}") from None
    unknown = set(data) - _LAYOUT_KEYS
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} "
                          f"(known: {', '.join(sorted(_LAYOUT_KEYS))}, or 'panels')")
    if "rows" not in data or "cols" not in data:
        raise ConfigError(f"{where} needs 'rows' and 'cols'")
    try:
        return Layout(**data)
    except MappingError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def config_from_dict(data: Any, source: str = "configuration") -> LedConfig:
    """Build and check a :class:`LedConfig` from parsed JSON; unknown keys are errors (typos)."""
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: expected a JSON object {{...}} at the top")
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise ConfigError(
            f"{source}: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(_TOP_KEYS))})")
    games_data = data.get("games", {})
    if not isinstance(games_data, dict):
        raise ConfigError(f"{source}: 'games' must be an object mapping a game to its layout")
    games = {game: _layout_from_dict(layout_data, f"{source}: games.{game}")
             for game, layout_data in games_data.items()}
    fields = {k: v for k, v in data.items() if k != "games"}
    if isinstance(fields.get("colour_order"), str):
        fields["colour_order"] = fields["colour_order"].upper()
    try:
        return LedConfig(games=games, **fields)
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None


#: a configuration is a few hundred bytes; anything much larger is not one
MAX_CONFIG_BYTES = 1_000_000


def load_config(path: str | Path) -> LedConfig:
    """Read a JSON configuration file; any problem raises :class:`ConfigError`."""
    path = Path(path)
    try:
        if path.is_file() and path.stat().st_size > MAX_CONFIG_BYTES:
            raise ConfigError(f"{path} is {path.stat().st_size} bytes: an LED configuration is at most "
                              f"{MAX_CONFIG_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"LED configuration file {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read LED configuration file {path}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise ConfigError(f"{path} nests brackets too deeply to be an LED configuration") from None
    return config_from_dict(data, str(path))


def apply_colour(pixel: tuple[int, int, int], order: str, cap: int) -> tuple[int, int, int]:
    """``pixel`` (R, G, B) scaled under the brightness cap and reordered for the strip."""
    if cap < 255:
        pixel = (pixel[0] * cap // 255, pixel[1] * cap // 255, pixel[2] * cap // 255)
    if order == "RGB":
        return pixel
    index = {"R": 0, "G": 1, "B": 2}
    return (pixel[index[order[0]]], pixel[index[order[1]]], pixel[index[order[2]]])
