"""``python main.py doctor``: is the stand ready? One line per check, ``--json`` for machines,
exit code 0 only when nothing failed.

Checks: the configuration, the display, the sound, the fonts, the cameras (each one that opens:
a frame's brightness and whether a mat's markers are in view), the LED board (the ``led-detect``
handshake), the save and log folders, yesterday's faults in the stand's record (errors
recovered, restarts after a crash or a power cut, camera and LED board losses) and the memory of
the running kiosk (its workers and its caches against their budgets, from the snapshot it writes
every minute). ``warn`` lines are worth a look but do not stop a fair (no sound, a dark
picture); ``fail`` lines do. The camera and the LED board are probed by functions the command
passes in (``kiosk`` never imports ``vision`` or ``hardware``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import glob
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games import budget
from games.ports import CameraReport
from kiosk import config as kiosk_config
from kiosk.config import ConfigError, KioskConfig
from kiosk.logs import LOG_NAME
from kiosk.storage import folder_problem, state_dir

OK, WARN, FAIL = "ok", "warn", "fail"
#: Below this mean grey level (0..255) the picture is too dark to read a board.
DARK = 40
#: Camera indices looked at when the system cannot list its video devices.
PROBED_INDICES = range(4)
#: Where PINs may have been published: a PIN written in these is known to whoever read them.
GUIDES = Path(__file__).resolve().parent.parent
GUIDE_FILES = ("README.md", "docs/*.md")


@dataclass
class Check:
    """One line of the report."""

    name: str
    status: str
    detail: str
    data: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` form."""
        return {"name": self.name, "status": self.status, "detail": self.detail, **self.data}


@dataclass
class Report:
    """Every check, in order; the stand is ready when none failed."""

    checks: list[Check]

    @property
    def ready(self) -> bool:
        """True when nothing failed."""
        return all(check.status != FAIL for check in self.checks)

    def as_dict(self) -> dict[str, Any]:
        """``{"ready": ..., "checks": [...]}``."""
        return {"ready": self.ready, "checks": [check.as_dict() for check in self.checks]}

    def text(self) -> str:
        """The readable report."""
        lines = ["Jeux mathématiques: is the stand ready?"]
        for check in self.checks:
            lines.append(f"  {check.status.upper():<5} {check.name:<14} {check.detail}")
        failed = [c.name for c in self.checks if c.status == FAIL]
        lines.append("Ready." if not failed else f"Not ready: {len(failed)} problem(s) ({', '.join(failed)}).")
        return "\n".join(lines)


def check_configuration(path: str | None) -> tuple[Check, KioskConfig]:
    """Read ``kiosk.toml`` (the configuration the kiosk would use)."""
    try:
        config = kiosk_config.load(path)
    except ConfigError as exc:
        return Check("configuration", FAIL, str(exc)), KioskConfig()
    where = str(config.path) if config.path else f"defaults (no {kiosk_config.default_path()})"
    mode = "kiosk mode" if config.kiosk else "not in kiosk mode"
    data = {"path": str(config.path) if config.path else None, "kiosk": config.kiosk, "games": list(config.games)}
    weakness = kiosk_config.pin_weakness(config.pin, kiosk_config.PUBLISHED_PINS + published_pins()) \
        if config.pin else None
    detail = f"{where}: {mode}, {len(config.games)} game(s)"
    if weakness:
        return Check("configuration", WARN, f"{detail}; the operator's PIN is a poor one ({weakness}): choose "
                     "another, 4 to 8 digits (`python main.py config --example --out FILE` writes a random one)",
                     {**data, "weak_pin": True}), config
    if config.pin and config.path is not None and _readable_by_others(config.path):
        return Check("configuration", WARN, f"{detail}; {config.path} holds the operator's PIN and others can "
                     f"read it: chmod 600 {config.path}", {**data, "pin_readable": True}), config
    return Check("configuration", OK, detail, data), config


def _readable_by_others(path: Path) -> bool:
    """True when users other than the owner may read ``path`` (its group or everyone)."""
    try:
        return bool(path.stat().st_mode & 0o044)
    except OSError:
        return False


def published_pins(root: Path = GUIDES) -> tuple[str, ...]:
    """Every PIN written ``pin = "..."`` in the project's guides."""
    found: set[str] = set()
    for pattern in GUIDE_FILES:
        for path in sorted(root.glob(pattern)):
            with contextlib.suppress(OSError, UnicodeDecodeError):
                found.update(re.findall(r'pin\s*=\s*"(\d{4,8})"', path.read_text(encoding="utf-8")))
    return tuple(sorted(found))


def check_display() -> Check:
    """A real screen (not SDL's dummy driver), and its size."""
    import pygame

    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error as exc:
        return Check("display", FAIL, f"no display: {exc}")
    if driver in ("dummy", "offscreen"):
        return Check("display", FAIL, f"no screen: SDL's video driver is '{driver}' (is DISPLAY or WAYLAND_DISPLAY "
                     "set, is the desktop running?)", {"driver": driver})
    shown = ", ".join(f"{w}x{h}" for w, h in sizes)
    return Check("display", OK, f"{driver}, {shown}", {"driver": driver, "sizes": [list(s) for s in sizes]})


def check_sound() -> Check:
    """An audio device the mixer can open."""
    import pygame

    try:
        pygame.mixer.init()
        freq, _size, channels = pygame.mixer.get_init() or (0, 0, 0)
        # library: pygame-ce only
        driver = pygame.mixer.get_driver() if hasattr(pygame.mixer, "get_driver") else "?"
    except pygame.error as exc:
        return Check("sound", WARN, f"no sound device ({exc}): the games run silent")
    finally:
        with contextlib.suppress(pygame.error):
            pygame.mixer.quit()
    if driver in ("dummy", "disk"):
        return Check("sound", WARN, f"SDL's audio driver is '{driver}': the games run silent", {"driver": driver})
    return Check("sound", OK, f"{driver}, {freq} Hz, {channels} channel(s)", {"driver": driver})


def check_fonts() -> Check:
    """The packaged fonts (pygame's own font is a poor fallback)."""
    from kiosk import theme

    kinds = ("title", "bold", "text")
    missing = [kind for kind in kinds if theme.font_path(kind) is None]
    if missing:
        return Check("fonts", WARN, f"missing the {', '.join(missing)} font(s) (pip install -r requirements.txt); "
                     "pygame's default font is used")
    return Check("fonts", OK, ", ".join(Path(theme.font_path(kind) or "").name for kind in kinds))


def camera_indices() -> list[int]:
    """The video devices the system lists (``/dev/video*``), else the first few indices."""
    devices = sorted(glob.glob("/dev/video*"))
    if devices:
        return sorted({int(d[len("/dev/video"):]) for d in devices if d[len("/dev/video"):].isdigit()})
    return [] if sys.platform.startswith("linux") else list(PROBED_INDICES)


def describe_camera(found: CameraReport) -> str:
    """One sentence about a probed camera, and what to change at the stand (the reader's advice,
    the calibration screen's words, French first, English second)."""
    from kiosk.i18n import tr

    mats = ", ".join(found.mats) if found.mats else "no mat in view"
    advice = "".join(f"; {tr(f'vision.advice.{key}', 'fr')} / {tr(f'vision.advice.{key}', 'en')}"
                     for key in found.advice)
    cells = f" ({len(found.doubted)} cell(s) doubted)" if found.doubted else ""
    return f"{found.width}x{found.height}, brightness {found.brightness:.0f}/255, {mats}{advice}{cells}"


#: ``probe(camera)`` opens "synthetic" or an index, reads a frame and closes it (a
#: :class:`games.ports.CameraReport`); it raises ``OSError`` when the camera cannot be opened or
#: gives no picture.
CameraProbe = Callable[[str], CameraReport]
#: ``detect(port, baud)`` is :func:`hardware.detect.detect`: an answer with ``found``,
#: ``message`` and ``as_dict()``.
LedDetect = Callable[[str, int], Any]


def check_cameras(config: KioskConfig, probe: CameraProbe) -> list[Check]:
    """The configured camera (must open when one is configured), and the others found."""
    checks: list[Check] = []
    configured = config.camera
    if configured == "none":
        checks.append(Check("camera", OK, "no camera configured (camera = \"none\")", {"camera": "none"}))
    else:
        try:
            found = probe(configured)
        except (OSError, ValueError) as exc:
            others = [str(i) for i in camera_indices() if str(i) != configured]
            hint = f"; cameras present: {', '.join(others)}" if others else "; no other camera found"
            checks.append(Check("camera", FAIL, f"camera {configured}: {exc}{hint}", {"camera": configured}))
        else:
            status = WARN if found.brightness < DARK or not found.mats or found.advice else OK
            checks.append(Check("camera", status, f"camera {configured}: {describe_camera(found)}", found.as_dict()))
    for index in camera_indices():
        if str(index) == configured:
            continue
        try:
            found = probe(str(index))
        except (OSError, ValueError):
            continue
        checks.append(Check(f"camera {index}", OK, f"also present: {describe_camera(found)}", found.as_dict()))
    return checks


def check_leds(config: KioskConfig, detect: LedDetect, port: str | None = None) -> Check:
    """The LED board answers on its port (the ``led-detect`` handshake)."""
    port = port or config.leds.port
    if not port:
        return Check("leds", OK, "no LED board configured (leds.port = \"\")")
    found = detect(port, config.leds.baud)
    return Check("leds", OK if found.found else FAIL, found.message, found.as_dict())


def check_folders(base: Path | None = None) -> Check:
    """The save and log folders exist and take a file; otherwise what is wrong and what to do
    (the kiosk runs without them, but then keeps no log and saves no game)."""
    base = base or state_dir()
    written = []
    for sub in ("save", "logs"):
        folder = base / sub
        problem = folder_problem(folder)
        if problem:
            return Check("folders", FAIL, problem, {"path": str(folder)})
        written.append(str(folder))
    log_file = base / "logs" / LOG_NAME
    if log_file.exists() and not log_file.is_file():
        return Check("folders", FAIL, f"{log_file} is not a file: the kiosk cannot write its log (move it away)",
                     {"path": str(log_file)})
    return Check("folders", OK, " and ".join(written), {"paths": written})


def check_yesterday(base: Path | None = None, today: dt.date | None = None) -> Check:
    """Yesterday's faults in the stand's record (``python main.py report`` tells the rest): a
    warning when errors were recovered or the kiosk started again without being stopped."""
    from kiosk.daybook import FOLDER, read_events

    day = (today or dt.date.today()) - dt.timedelta(days=1)
    folder = (base or state_dir()) / FOLDER
    faults = cut = camera = leds = events = 0
    before = None
    try:
        for event in read_events(folder, day, day):  # one line at a time: a day may be 20 MB
            kind = event["e"]
            events += 1
            faults += kind == "fault"
            # A start not preceded by a stop: the kiosk was cut off (a crash, a power cut).
            cut += kind == "start" and before is not None and before != "stop"
            camera += kind == "camera" and event.get("up") is False
            leds += kind == "leds" and event.get("up") is False
            before = kind
    except OSError as exc:
        return Check("yesterday", WARN, f"cannot read the record of {day}: {exc.strerror or exc}")
    if not events:
        return Check("yesterday", OK, f"no record of {day} (the kiosk records in kiosk mode)", {"day": str(day)})
    data = {"day": str(day), "faults": faults, "cut_off": cut, "camera_lost": camera, "leds_lost": leds}
    detail = (f"{day}: {faults} error(s) recovered, {cut} restart(s) after a cut, camera lost {camera} time(s), "
              f"LED board lost {leds} time(s)")
    if faults or cut:
        detail += f" (python main.py report --day {day}; the log in {(base or state_dir()) / 'logs'})"
    return Check("yesterday", WARN if faults or cut else OK, detail, data)


def describe_memory(data: dict[str, Any]) -> str:
    """One sentence: the kiosk's memory, its workers', and the caches against their budgets."""
    return (f"{data['total_rss_mb']:.0f} MB (kiosk {data['rss_mb']:.0f} MB + {data['workers']} worker(s) "
            f"{data['workers_rss_mb']:.0f} MB; target {budget.TARGET_MB} MB), caches {data['caches_mb']:.0f} MB "
            f"of {data['budgets_mb']:.0f} MB budgeted")


def check_memory(base: Path | None = None) -> Check:
    """The running kiosk's memory (its snapshot of the last minute, ``<state>/memory.json``), or
    this process's when no kiosk runs: own and workers' resident memory, every cache's size and
    budget (in ``--json``)."""
    snapshot = budget.read_snapshot((base or state_dir()) / "memory.json")
    if snapshot is None:
        data = budget.report()
        return Check("memory", OK, f"no kiosk running; this command: {data['rss_mb']:.0f} MB", data)
    status = WARN if snapshot["total_rss_mb"] > budget.TARGET_MB else OK
    return Check("memory", status, f"kiosk (pid {snapshot['pid']}): {describe_memory(snapshot)}", snapshot)


def diagnose(probe: CameraProbe, detect: LedDetect, config_path: str | None = None,
             led_port: str | None = None) -> Report:
    """Run every check (the configuration first: the others use it)."""
    configuration, config = check_configuration(config_path)
    checks = [configuration, check_display(), check_sound(), check_fonts()]
    checks += check_cameras(config, probe)
    checks.append(check_leds(config, detect, led_port))
    checks.append(check_folders())
    checks.append(check_yesterday())
    checks.append(check_memory())
    return Report(checks)
