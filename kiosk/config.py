"""The kiosk's configuration, ``kiosk.toml``, read with the standard library's ``tomllib``.

:func:`load` is the one reader of configurations (the kiosk, ``config``, ``doctor``): size,
encoding, nesting, then every value's type and range are checked before anything uses them; a
wrong one stops the program before a window opens with one line naming the file, the key and
what is allowed (exit code 2). ``python main.py config --example`` prints a commented example
with a new random PIN; the operator's settings screen writes the file back with
:meth:`KioskConfig.to_toml`. No pygame here.
"""

from __future__ import annotations

import codecs
import contextlib
import re
import secrets
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from games.cliutil import CliError
from games.registry import installed_games
from kiosk.storage import NotUsable, atomic_write, config_dir, read_small_file

LANGUAGES = ("fr", "en")
LED_PROTOCOLS = ("adalight", "tpm2")
CONFIG_NAME = "kiosk.toml"
#: A kiosk.toml is about a kilobyte: anything much larger is not one.
MAX_CONFIG_BYTES = 64_000
#: Tables and lists nested deeper than this are not a kiosk.toml (it has two levels).
MAX_DEPTH = 4
#: The longest text value (a serial port, a file's path).
MAX_TEXT = 500
#: PINs printed in guides and examples (``doctor`` warns about them): anyone could have read them.
PUBLISHED_PINS = ("2580",)


class ConfigError(CliError):
    """A wrong configuration value: the message names the file, the key and what is allowed."""


def game_keys() -> tuple[str, ...]:
    """Every installed game, in menu order."""
    return tuple(info.key for info in installed_games())


@dataclass(frozen=True)
class IdleTimes:
    """Seconds of inactivity before the kiosk acts."""

    #: on the menu, before attract mode (computer players playing each game in turn)
    attract_after: float = 90.0
    #: in a game (or any screen but the menu), before "Encore là ?"
    prompt_after: float = 120.0
    #: the "Encore là ?" countdown, before going back to the menu
    countdown: float = 20.0


@dataclass(frozen=True)
class LedSettings:
    """The LED board under the physical game board ("" for no board)."""

    port: str = ""
    protocol: str = "adalight"
    baud: int = 115200
    #: the JSON wiring file of ``--led-config`` (see docs/hardware.md), "" for the default wiring
    layout: str = ""


@dataclass(frozen=True)
class KioskConfig:
    """Everything ``kiosk.toml`` can say (the defaults are a kiosk that works out of the box,
    except that kiosk mode needs a PIN to leave it)."""

    kiosk: bool = False
    language: str = "fr"
    pin: str = ""
    games: tuple[str, ...] = field(default_factory=game_keys)
    volume: int = 80
    colour_blind: bool = False
    #: "none", "synthetic" (a pretend camera, for trying things out) or a camera index "0".."63"
    camera: str = "none"
    #: days of the stand's record kept in the state folder (``python main.py report``)
    record_days: int = 7
    idle: IdleTimes = field(default_factory=IdleTimes)
    leds: LedSettings = field(default_factory=LedSettings)
    #: the file this was read from (None: defaults, nothing read)
    path: Path | None = None

    def to_toml(self, masked: bool = False) -> str:
        """The configuration as ``kiosk.toml`` text (what the settings screen saves); ``masked``
        shows the PIN as ``******`` (``config`` prints it so: the PIN is never printed)."""
        games = ", ".join(f'"{g}"' for g in self.games)
        return "\n".join([
            "# Written by the kiosk's settings screen; see `python main.py config --example`.",
            f"kiosk = {_toml_bool(self.kiosk)}",
            f'language = "{self.language}"',
            f'pin = "{mask(self.pin) if masked else self.pin}"',
            f"games = [{games}]",
            f"volume = {self.volume}",
            f"colour_blind = {_toml_bool(self.colour_blind)}",
            f'camera = "{self.camera}"',
            f"record_days = {self.record_days}",
            "",
            "[idle]",
            f"attract_after = {_number(self.idle.attract_after)}",
            f"prompt_after = {_number(self.idle.prompt_after)}",
            f"countdown = {_number(self.idle.countdown)}",
            "",
            "[leds]",
            f"port = {_toml_string(self.leds.port)}",
            f'protocol = "{self.leds.protocol}"',
            f"baud = {self.leds.baud}",
            f"layout = {_toml_string(self.leds.layout)}",
            "",
        ])

    def layout_path(self) -> Path | None:
        """``leds.layout`` as a path (None for the default wiring): ``~`` expanded, and a relative
        path taken from the configuration's folder. The one rule for ``config`` and the kiosk."""
        if not self.leds.layout:
            return None
        layout = Path(self.leds.layout)
        with contextlib.suppress(RuntimeError):  # "~nobody/...": no such home, left as written
            layout = layout.expanduser()
        if not layout.is_absolute() and self.path is not None:
            layout = self.path.parent / layout
        return layout

    def save(self, path: Path | None = None) -> Path:
        """Write the configuration atomically to ``path`` (the file it came from, or the default).
        An existing file is edited in place (:func:`edited_toml`): only the values that changed
        are rewritten, so its comments, order and layout stay; a file that cannot be edited so
        (or none) gets :meth:`to_toml`. It holds the PIN: a new file is the user's only (0600);
        an existing one keeps its permissions."""
        target = path or self.path or default_path()
        text = None
        with contextlib.suppress(OSError, ConfigError, UnicodeDecodeError):
            if target.is_file():
                text = edited_toml(read_small_file(target, MAX_CONFIG_BYTES).decode("utf-8-sig"), self)
        atomic_write(target, text if text is not None else self.to_toml(), new_mode=SECRET_MODE)
        return target

    def with_changes(self, **changes: Any) -> KioskConfig:
        """A copy with some values changed (checked like the file's values)."""
        changed = replace(self, **changes)
        return parse(as_table(changed), changed.path)


EXAMPLE = '''\
# kiosk.toml: the configuration of the "Jeux mathématiques" kiosk.
# Put it in ~/.config/jeux-maths/kiosk.toml (or pass --config PATH). Every key is optional.

# Kiosk mode: full screen, no way out for visitors (Escape, Alt+F4 and the window's close
# button are ignored), attract mode when idle, games saved after every move. The operator opens
# the settings with Ctrl+Shift+O, or a 3-second press in the top-left corner, and the PIN.
# It applies to the kiosk's start, `python main.py` (the service runs `main.py --kiosk`); other
# commands (play, science, calibrate, demo...) open an ordinary window, unless given --kiosk.
kiosk = true
pin = "@PIN@"                     # 4 to 8 digits (0-9); required when kiosk = true. `config
                             # --example --out FILE` writes a new random one; keep this file yours only.

language = "fr"              # "fr" or "en"
games = @GAMES@   # the menu's cards, in this order
volume = 80                  # 0 (silent) to 100
colour_blind = false         # tokens carry shapes as well as colours
camera = "none"              # "none", "synthetic" (a pretend camera) or an index: "0", "1"...
record_days = 7              # days of visits and games kept for `python main.py report` (1 to 366)

[idle]
attract_after = 90           # seconds on the menu before attract mode (10 to 3600)
prompt_after = 120           # seconds untouched in a game before "Encore là ?" (15 to 3600)
countdown = 20               # seconds the "Encore là ?" countdown lasts (5 to 120)

[leds]
port = ""                    # the LED board's serial port: "/dev/ttyUSB0", "COM3"; "" for none
protocol = "adalight"        # "adalight" or "tpm2"
baud = 115200                # 300 to 4000000
layout = ""                  # a JSON wiring file (see docs/hardware.md), a relative path starting
                             # from this file's folder; "" for the default wiring
'''


def new_pin(digits: int = 6) -> str:
    """A random PIN that is neither published nor easy to guess."""
    while True:
        pin = "".join(secrets.choice("0123456789") for _ in range(digits))
        if pin_weakness(pin) is None:
            return pin


def pin_weakness(pin: str, published: tuple[str, ...] = PUBLISHED_PINS) -> str | None:
    """Why ``pin`` is a poor choice (printed in the guides, one digit repeated, a run such as
    1234), or None."""
    if pin in published:
        return "it is printed in the guides, anyone may know it"
    steps = {(int(b) - int(a)) % 10 for a, b in zip(pin, pin[1:], strict=False)}
    if len(steps) == 1 and steps <= {0, 1, 9}:
        return "it is easy to guess"
    return None


def example(pin: str | None = None) -> str:
    """The commented example ``kiosk.toml`` with ``pin`` (a new random one by default; "" for
    none: the example printed on stdout, which a shell redirect writes with the umask's
    permissions, holds no PIN)."""
    games = "[" + ", ".join(f'"{key}"' for key in game_keys()) + "]"
    return EXAMPLE.replace("@PIN@", new_pin() if pin is None else pin).replace("@GAMES@", games)


#: A file holding the PIN: its owner's only.
SECRET_MODE = 0o600


def mask(pin: str) -> str:
    """The PIN as commands print it: ``******`` (its length is not said either), "" for none."""
    return "******" if pin else ""


def write_example(out: str, force: bool = False) -> Path:
    """``config --example --out FILE``: the example with a new random PIN written whole to
    ``out``, 0600 whatever the umask, under the writer policy (an existing file needs ``force``;
    never a folder or a device). CliError otherwise."""
    from games.outputs import check_outputs, write_outputs

    with contextlib.suppress(RuntimeError):  # "~nobody/...": no such home, left as written
        out = str(Path(out).expanduser())  # as a shell would (a guide's command run without one)
    target = Path(out)
    check_outputs(out, [target], force, suffixes=(".toml",))
    write_outputs({target: example().encode("utf-8")}, mode=SECRET_MODE)
    return target


def default_path() -> Path:
    """``~/.config/jeux-maths/kiosk.toml``."""
    return config_dir() / CONFIG_NAME


def no_pin_message(config: KioskConfig) -> str:
    """What to say when kiosk mode is asked for and ``config`` has no PIN (with no configuration
    at all: that there is none, and how to make one)."""
    if config.path is None:
        target = default_path()
        return (f"--kiosk needs a PIN, and there is no configuration ({target} does not exist): make one with "
                f"`python main.py config --example --out {target}` (it writes a new random PIN, readable by you "
                "only), or pass --config FILE")
    return (f"{config.path}: key 'pin' is missing: --kiosk needs a PIN for the operator to leave kiosk mode "
            "(4 to 8 digits; `python main.py config --example --out FILE` writes a file with a random one)")


def load(path: str | Path | None = None) -> KioskConfig:
    """Read ``path`` (or the default file when it exists; defaults otherwise). Raises
    :class:`ConfigError` naming the file and the key for any wrong value."""
    if path is None:
        candidate = default_path()
        if not candidate.exists():
            return KioskConfig()
        path = candidate
    path = Path(path)
    try:
        raw = read_small_file(path, MAX_CONFIG_BYTES)
    except FileNotFoundError:
        raise ConfigError(
            f"{path}: no such configuration file (`python main.py config --example` prints one)"
        ) from None
    except NotUsable as exc:
        raise ConfigError(f"{path}: {exc}; a kiosk.toml is a small text file "
                          "(`python main.py config --example` prints one)") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read: {exc.strerror or exc} (the kiosk's user must be able to "
                          "read it)") from None
    return parse(read_table(raw, path), path)


def read_table(raw: bytes, path: Path) -> dict[str, Any]:
    """The TOML table of a configuration file's bytes (a UTF-8 byte-order mark, as Windows'
    Notepad writes one, is allowed); a :class:`ConfigError` for anything else."""
    try:
        text = raw.removeprefix(codecs.BOM_UTF8).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text (byte {exc.start + 1}); save it as UTF-8 in your editor") from None
    try:
        table = tomllib.loads(text)
    except RecursionError:
        raise ConfigError(f"{path}: brackets nested too deeply for a kiosk.toml (see `python main.py config "
                          "--example`)") from None
    except ValueError as exc:  # TOMLDecodeError, and an integer of thousands of digits
        raise ConfigError(f"{path}: not valid TOML: {exc} (compare with `python main.py config --example`)") from None
    deep = _too_deep(table)
    if deep is not None:
        raise ConfigError(f"{path}: key '{_shown_key(deep)}' nests tables or lists more than {MAX_DEPTH} deep; a "
                          "kiosk.toml has sections of plain values (see `python main.py config --example`)")
    return table


def _too_deep(table: dict[str, Any]) -> str | None:
    """The first key whose value nests deeper than :data:`MAX_DEPTH` (None when none does)."""
    pending: list[tuple[str, Any, int]] = [(key, value, 1) for key, value in table.items()]
    while pending:
        key, value, depth = pending.pop()
        if depth > MAX_DEPTH:
            return key
        if isinstance(value, dict):
            pending.extend((f"{key}.{k}", v, depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            pending.extend((key, v, depth + 1) for v in value)
    return None


def parse(table: dict[str, Any], path: Path | None = None) -> KioskConfig:
    """Check a parsed TOML table and build the configuration."""
    where = str(path) if path else "configuration"
    reader = _Reader(where, table)
    games = reader.games()
    pin = reader.text("pin", "", "4 to 8 digits from 0 to 9 (the keypad's), in quotes",
                      lambda v: v == "" or (_digits(v) and 4 <= len(v) <= 8))
    kiosk = reader.boolean("kiosk", False)
    if kiosk and not pin:
        raise ConfigError(f"{where}: key 'pin': kiosk = true needs a PIN to leave kiosk mode (4 to 8 digits; "
                          "`python main.py config --example --out FILE` writes a file with a random one)")
    config = KioskConfig(
        kiosk=kiosk,
        language=reader.choice("language", "fr", LANGUAGES),
        pin=pin,
        games=games,
        volume=reader.integer("volume", 80, 0, 100),
        colour_blind=reader.boolean("colour_blind", False),
        camera=reader.text("camera", "none", '"none", "synthetic" or a camera index such as "0"', _is_camera),
        record_days=reader.integer("record_days", 7, 1, 366),
        idle=reader.section("idle", IdleTimes, {
            "attract_after": lambda r: r.number("attract_after", 90.0, 10, 3600),
            "prompt_after": lambda r: r.number("prompt_after", 120.0, 15, 3600),
            "countdown": lambda r: r.number("countdown", 20.0, 5, 120),
        }),
        leds=reader.section("leds", LedSettings, {
            "port": lambda r: r.text("port", "", "a serial port such as \"/dev/ttyUSB0\", or \"\"", _is_name),
            "protocol": lambda r: r.choice("protocol", "adalight", LED_PROTOCOLS),
            "baud": lambda r: r.integer("baud", 115200, 300, 4_000_000),
            "layout": lambda r: r.text("layout", "", "the path of a JSON wiring file, or \"\"", _is_name),
        }),
        path=path,
    )
    reader.no_unknown_keys({f.name for f in fields(KioskConfig)} - {"path"})
    layout = config.layout_path()
    if layout is not None and not _is_file(layout):
        raise ConfigError(f"{where}: key 'leds.layout': no such file {layout} (a JSON wiring file, a relative path "
                          "starting from the configuration's folder, or \"\")")
    return config


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # a name too long for the file system
        return False


def _digits(value: str) -> bool:
    """Only the digits 0 to 9 (``str.isdigit`` also takes "²" and "٣")."""
    return value.isascii() and value.isdigit()


def _is_camera(value: str) -> bool:
    return value in ("none", "synthetic") or (_digits(value) and len(value) <= 2 and int(value) < 64)


#: Control characters (a newline would break the file the settings screen writes back).
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _is_name(value: str) -> bool:
    """A port or a path: one line of printable text, at most :data:`MAX_TEXT` characters."""
    return len(value) <= MAX_TEXT and not _CONTROL.search(value)


class _Reader:
    """Reads checked values out of one TOML table, naming ``prefix.key`` in every message."""

    def __init__(self, where: str, table: dict[str, Any], prefix: str = "") -> None:
        self.where, self.table, self.prefix = where, table, prefix

    def fail(self, key: str, allowed: str, value: Any = None) -> ConfigError:
        shown = "" if value is None else f" is {_show(value)};"
        return ConfigError(f"{self.where}: key '{self.prefix}{key}'{shown} allowed: {allowed}")

    def boolean(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, "true or false", value)
        return value

    def integer(self, key: str, default: int, lo: int, hi: int) -> int:
        value = self.table.get(key, default)
        if type(value) is not int or not lo <= value <= hi:
            raise self.fail(key, f"a whole number from {lo} to {hi}", value)
        return value

    def number(self, key: str, default: float, lo: float, hi: float) -> float:
        value = self.table.get(key, default)
        if type(value) not in (int, float) or not lo <= value <= hi:
            raise self.fail(key, f"a number of seconds from {lo:g} to {hi:g}", value)
        return float(value)

    def choice(self, key: str, default: str, allowed: tuple[str, ...]) -> str:
        value = self.table.get(key, default)
        if value not in allowed:
            raise self.fail(key, " or ".join(f'"{a}"' for a in allowed), value)
        return str(value)

    def text(self, key: str, default: str, allowed: str, check: Callable[[str], bool]) -> str:
        value = self.table.get(key, default)
        if not isinstance(value, str) or not check(value):
            raise self.fail(key, allowed, value)
        return value

    def games(self) -> tuple[str, ...]:
        known = game_keys()
        value = self.table.get("games", list(known))
        allowed = "a list of one or more of " + ", ".join(f'"{g}"' for g in known)
        if not isinstance(value, list) or not value or not all(isinstance(g, str) for g in value):
            raise self.fail("games", allowed, value)
        unknown = [g for g in value if g not in known]
        if unknown or len(set(value)) != len(value):
            raise self.fail("games", allowed + " (each once)", value)
        return tuple(value)

    def section(self, key: str, kind: Callable[..., Any], readers: dict[str, Callable[[_Reader], Any]]) -> Any:
        value = self.table.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(key, f"a [{key}] section", value)
        reader = _Reader(self.where, value, f"{self.prefix}{key}.")
        result = kind(**{name: read(reader) for name, read in readers.items()})
        reader.no_unknown_keys(set(readers))
        return result

    def no_unknown_keys(self, known: set[str]) -> None:
        unknown = sorted(set(self.table) - known)
        if unknown:
            raise ConfigError(f"{self.where}: unknown key '{self.prefix}{_shown_key(unknown[0])}'; known keys: "
                              + ", ".join(f"{self.prefix}{k}" for k in sorted(known)))


def as_table(config: KioskConfig, masked: bool = False) -> dict[str, Any]:
    """The configuration as the TOML table it would be read from (``masked``: the PIN as
    ``******``, how ``config --json`` prints it)."""
    return {
        "kiosk": config.kiosk, "language": config.language, "pin": mask(config.pin) if masked else config.pin,
        "games": list(config.games),
        "volume": config.volume, "colour_blind": config.colour_blind, "camera": config.camera,
        "record_days": config.record_days,
        "idle": {"attract_after": config.idle.attract_after, "prompt_after": config.idle.prompt_after,
                 "countdown": config.idle.countdown},
        "leds": {"port": config.leds.port, "protocol": config.leds.protocol, "baud": config.leds.baud,
                 "layout": config.leds.layout},
    }


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, bool) else str(value).lower()
    return text if len(text) <= 60 else text[:57] + "..."


def _shown_key(name: str) -> str:
    """A key as the message shows it: control characters escaped (the message stays one line)."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)
    return shown if len(shown) <= 60 else shown[:57] + "..."


_SECTION_LINE = re.compile(r"^\s*\[\s*([A-Za-z0-9_-]+)\s*\]\s*(#.*)?$")
_KEY_LINE = re.compile(r'^(\s*)"?([A-Za-z0-9_-]+)"?(\s*=\s*)(.*)$')


def _toml_value(value: Any) -> str:
    """``value`` (a configuration value: bool, number, text or list of texts) in TOML."""
    if isinstance(value, bool):
        return _toml_bool(value)
    if isinstance(value, (int, float)):
        return _number(value)
    if isinstance(value, str):
        return _toml_string(value)
    return "[" + ", ".join(_toml_string(item) for item in value) + "]"


def _split_value(rest: str) -> tuple[str, str, Any] | None:
    """A key line's text after ``=``: (value text, what follows it: spaces and a comment, the
    value read), or None when it is not one value on one line."""
    cuts = [k for k, char in enumerate(rest) if char == "#"] + [len(rest)]
    for cut in cuts:
        candidate = rest[:cut].rstrip()
        try:
            value = tomllib.loads(f"v = {candidate}")["v"]
        except tomllib.TOMLDecodeError:
            continue
        return candidate, rest[len(candidate):], value
    return None


def _flat(table: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """A configuration table by (table, key): ("", "volume"), ("idle", "countdown")."""
    flat: dict[tuple[str, str], Any] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            flat.update({(key, inner): item for inner, item in value.items()})
        else:
            flat[("", key)] = value
    return flat


def edited_toml(text: str, config: KioskConfig) -> str | None:
    """``text`` (a ``kiosk.toml``) with the values of ``config`` written in place: a changed
    value replaces the old one on its line (the comment after it keeps its column when there is
    room), a missing key is added at the end of its table; comments, blank lines and order stay.
    None when the file cannot be edited so (a value over several lines, dotted keys...): the
    caller then writes :meth:`KioskConfig.to_toml`."""
    wanted, defaults = _flat(as_table(config)), _flat(as_table(KioskConfig()))
    lines = text.splitlines()
    section, seen = "", set()
    ends: dict[str, int | None] = {"": None}  # the line index after each table's last line
    first_table: int | None = None
    for k, line in enumerate(lines):
        header = _SECTION_LINE.match(line)
        if header:
            section = header.group(1)
            first_table = k if first_table is None else first_table
            ends[section] = k + 1
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _KEY_LINE.match(line)
        if match is None or (section, match.group(2)) not in wanted:
            return None  # a dotted key, a value over several lines, an unknown key: not edited in place
        indent, key, equals, rest = match.groups()
        split = _split_value(rest)
        if split is None:
            return None
        old_text, after, old = split
        seen.add((section, key))
        ends[section] = k + 1
        new = wanted[(section, key)]
        if old == new and type(old) is type(new):
            continue
        new_text = _toml_value(new)
        comment = after.lstrip()
        room = len(old_text) + len(after) - len(comment) - len(new_text)
        lines[k] = f"{indent}{key}{equals}{new_text}" + ((" " * max(1, room) + comment) if comment else "")
    missing: dict[str, list[str]] = {}
    for (table, key), value in wanted.items():
        if (table, key) not in seen and value != defaults[(table, key)]:  # a default needs no line
            missing.setdefault(table, []).append(f"{key} = {_toml_value(value)}")
    for table in sorted(missing, key=lambda t: -(ends.get(t) or 0)):  # from the bottom up
        if table and table not in ends:
            lines += ["", f"[{table}]", *missing[table]]
        elif table:
            at = ends[table] or len(lines)
            lines[at:at] = missing[table]
        else:  # after the last key before the first table
            at = ends[""] if ends[""] is not None else first_table if first_table is not None else len(lines)
            lines[at:at] = missing[table]
    edited = "\n".join(lines) + "\n"
    try:
        again = parse(tomllib.loads(edited), config.path)
    except (tomllib.TOMLDecodeError, ConfigError):
        return None
    return edited if replace(again, path=None) == replace(config, path=None) else None


def _toml_bool(value: bool) -> str:
    return "true" if value else "false"


def _toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
