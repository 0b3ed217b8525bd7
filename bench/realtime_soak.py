"""A real-time soak: the kiosk as it runs at the fair, in a real X window, for an hour.

Set-up: Xvfb at 1920x1080 (installed with apt-get by :func:`ensure_tools` where it is missing
and the machine allows it; otherwise the soak is skipped with a message saying why), the LED
board on ``led-emulator``'s pty, ``kiosk = true`` with a PIN, ``camera = "synthetic"``, and the
shortest idle times (attract mode after 10 s, "Encore là ?" after 15 s, a 5 s countdown).

A scripted crowd (xdotool) comes and goes: bursts of 40 taps anywhere on the screen (now and then
a key: Escape, H, U, V, R, arrows, Return, Ctrl+M) with idle gaps of 0 to 40 s, and now and then
a longer one, so attract mode and the idle reset come and go; now and then the operator opens
the settings with the PIN and closes them. Random taps reach every game, the seats card and its
physical-board seat (the synthetic camera and the LED pty are live). And on purpose, every
:data:`PHYSICAL_EVERY` minutes or so, a family plays a whole game on the real board (the
synthetic camera's visitor lays the pieces), Lightning and Lewthwaite in turn, to its end: the
crowd waits for the kiosk to go home, taps the card's "Plateau réel" tab and "Jouer", and keeps
off the screen until the kiosk's day book (``days/*.jsonl``) shows the game's end. A long
Lightning game on the table is the kiosk's highest memory: the verdict fails if the crowd never
reached a physical game.

Every 30 s: resident memory of the kiosk and of its worker processes, threads, open files and
child processes, what the crowd was doing (``doing``), written as JSON (``realtime_soak.json``) and drawn as a PNG
(``realtime_soak.png``). The verdict (:func:`verdict`): growth over the last half at most
:data:`GROWTH_MB`, memory after warm-up at most :data:`RSS_MB`, no thread, file or child growth,
no error logged, the kiosk still running.

Run: ``python bench/realtime_soak.py [--minutes M] [--out DIR]`` (``REALTIME_SOAK_MINUTES``
sets the default: 60), or ``make bench`` (``bench/bench_realtime.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.budget import MB, children, open_files, rss_bytes  # noqa: E402
from games.workers import WORKERS_MEMORY_CAP  # noqa: E402

SIZE = (1920, 1080)
PIN = "2580"
SAMPLE_SECONDS = 30.0
#: Targets (issue 22): memory of the kiosk and its workers after warm-up, growth over the last half.
RSS_MB, GROWTH_MB = 350.0, 10.0
#: The worker pool's memory cap (games.workers.WORKERS_MEMORY_CAP), plus a sample's slack: a
#: worker is read while its search runs, before it gives its freed heap back.
WORKERS_MB = WORKERS_MEMORY_CAP / MB + 10
#: The first minutes fill the caches (every game, attract mode, the physical mode).
WARMUP_FRACTION = 0.25
KEYS = ("Escape", "h", "u", "v", "r", "Left", "Right", "Up", "Down", "Return", "ctrl+m")
#: Minutes between the starts of two whole physical games (at random within), the first one
#: once the warm-up has begun; the games played on the table, in turn.
PHYSICAL_EVERY, PHYSICAL_FIRST = (9.0, 13.0), (2.0, 4.0)
PHYSICAL_GAMES = ("lightning", "lewthwaite")
#: Real-time minutes a physical game may take before the crowd gives up waiting for its end.
PHYSICAL_CAP_MINUTES = 15.0
#: Where the menu's "Plateau réel" tabs and the "who plays" card's play button are on the
#: screen, in native pixels: the kiosk's own layout, computed headless (printed as JSON).
TARGETS_SCRIPT = """
import json, pathlib, sys, tempfile
from games.cli import install_screens
from kiosk.screens import use_catalog
use_catalog(install_screens)
import main
from kiosk.app import App, AppOptions
from kiosk.config import KioskConfig
from kiosk.devices import set_opener
from kiosk.menu import MenuScene
set_opener(main.open_devices)
size = (int(sys.argv[1]), int(sys.argv[2]))
config = KioskConfig(kiosk=True, pin="0000", camera="synthetic")
app = App(AppOptions(frames=1, seed=1, mute=True, kiosk=True, config=config, size=size, camera="synthetic",
                     state_dir=pathlib.Path(tempfile.mkdtemp())))
found = {}
for game in sys.argv[3:]:
    menu = MenuScene(app)
    app.start(menu)
    k = [info.key for info, _ in menu.games].index(game)
    tab = app.screen.to_native(menu.tabs[k].rect.center)
    menu.open_game(k, physical=True)
    for _ in range(5):
        app.tick(1 / 60)
    found[game] = {"tab": tab, "play": app.screen.to_native(app.stack.top.play_button.rect.center)}
print(json.dumps(found))
app.close()
"""
TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool"}


#: The soak's own check (never in the product): ``SOAK_INJECT_LEAK_MB_PER_MIN=R`` starts the kiosk
#: through :data:`LEAKY_KIOSK`, which keeps a list growing by R MB a minute inside the kiosk's
#: process; the verdict must then fail.
LEAK_VARIABLE = "SOAK_INJECT_LEAK_MB_PER_MIN"
LEAKY_KIOSK = """
import runpy, sys, threading, time
rate = float(sys.argv.pop(1))
held = []
def leak():
    while True:
        time.sleep(6)
        held.append(b"L" * int(rate * 1048576 / 10))  # written: resident at once
threading.Thread(target=leak, name="injected-leak", daemon=True).start()
sys.argv[0] = "main.py"
runpy.run_path("main.py", run_name="__main__")
"""


def kiosk_command(config: Path) -> list[str]:
    """How the soak starts the kiosk: ``main.py``, or with the injected leak (:data:`LEAK_VARIABLE`)."""
    rate = os.environ.get(LEAK_VARIABLE)
    if rate:
        return [sys.executable, "-c", LEAKY_KIOSK, str(float(rate)), "--config", str(config)]
    return [sys.executable, "main.py", "--config", str(config)]


class Skip(Exception):
    """The soak cannot run here (no Xvfb or xdotool and no way to install them)."""


def ensure_tools() -> None:
    """Xvfb and xdotool on PATH, installed with apt-get when missing (root, Debian); raises
    :class:`Skip` with the reason otherwise."""
    missing = [package for tool, package in TOOLS.items() if shutil.which(tool) is None]
    if not missing:
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        raise Skip(f"needs {', '.join(missing)} (Debian packages): apt-get is not available as root here")
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *missing]):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        done = subprocess.run(command, capture_output=True, text=True, env=env)
        if done.returncode != 0:
            raise Skip(f"could not install {', '.join(missing)}: {done.stderr.strip()[-300:]}")
    if any(shutil.which(tool) is None for tool in TOOLS):
        raise Skip(f"{', '.join(missing)} still missing after apt-get install")


def free_display() -> int:
    """A display number no X server uses."""
    number = 90 + os.getpid() % 50
    while Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
        number += 1
    return number


def wait_for(condition: Any, seconds: float, what: str) -> None:
    """Poll ``condition()`` until true, or fail saying ``what`` did not happen."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not happen within {seconds:.0f} s")
        time.sleep(0.2)


def physical_targets(games: tuple[str, ...] = PHYSICAL_GAMES) -> dict[str, dict[str, list[int]]]:
    """Each game's "Plateau réel" tab on the menu and the "who plays" card's play button, in
    native pixels at :data:`SIZE` (:data:`TARGETS_SCRIPT`, in a headless process of its own)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", TARGETS_SCRIPT, str(SIZE[0]), str(SIZE[1]), *games], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"the menu's layout could not be computed: {done.stderr.strip()[-400:]}")
    found: dict[str, dict[str, list[int]]] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def day_book(state: Path) -> list[dict[str, Any]]:
    """The kiosk's day book so far (``days/*.jsonl``: games, their ends...), lines cut short skipped."""
    lines: list[dict[str, Any]] = []
    for path in sorted(state.rglob("days/*.jsonl")):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                lines.append(json.loads(line))
            except ValueError:
                continue
    return lines


def physical_games(book: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games played on the real board, from the day book: the game, and its end (how, moves,
    seconds) once it came."""
    games = {line["id"]: {"game": line.get("game"), "id": line["id"]} for line in book
             if line.get("e") == "game" and line.get("board") == "real" and "id" in line}
    for line in book:
        if line.get("e") == "end" and line.get("id") in games:
            games[line["id"]].update(how=line.get("how"), moves=line.get("moves"), seconds=line.get("s"))
    return list(games.values())


def physical_windows(book: list[dict[str, Any]], epoch: float) -> list[tuple[float, float | None]]:
    """When each game on the real board ran, in seconds from ``epoch`` (the soak's start, in
    epoch time): (start, end), end None while it runs. Random taps start some too, not only the
    crowd's planned games."""
    starts = {line["id"]: float(line["t"]) - epoch for line in book
              if line.get("e") == "game" and line.get("board") == "real" and "id" in line and "t" in line}
    ends = {line["id"]: float(line["t"]) - epoch for line in book
            if line.get("e") == "end" and line.get("id") in starts and "t" in line}
    return [(start, ends.get(game)) for game, start in sorted(starts.items(), key=lambda kv: kv[1])]


def kiosk_snapshot(state: Path) -> dict[str, Any] | None:
    """The kiosk's own account of its memory (``memory.json``, written every minute; None before
    the first)."""
    for snapshot in state.rglob("memory.json"):
        try:
            data = json.loads(snapshot.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None
    return None


def kiosk_caches(data: dict[str, Any] | None) -> dict[str, float] | None:
    """The total of the caches in the kiosk's snapshot ``data`` and the largest ones, in MB."""
    if data is None:
        return None
    sizes = sorted(((c["bytes"] / MB, c["name"]) for c in data.get("caches", [])), reverse=True)
    return {"total": data.get("caches_mb", 0.0), **{name: round(mb, 1) for mb, name in sizes[:8] if mb >= 1}}


def sample(pid: int, started: float) -> dict[str, Any]:
    """One sample of the kiosk process ``pid`` and its children (the worker processes), each
    worker by its process id (a worker starting is not a process growing)."""
    workers = children(pid)
    own = rss_bytes(pid)
    each = {str(child): round(rss_bytes(child) / MB, 1) for child in workers}
    worker_mb = round(sum(each.values()), 1)
    threads = 0
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as stream:
            threads = next(int(line.split()[1]) for line in stream if line.startswith("Threads:"))
    except (OSError, StopIteration):
        pass
    return {"t": round(time.monotonic() - started, 1), "rss_mb": round(own / MB, 1),
            "rss_file_mb": round(rss_bytes(pid, "RssFile") / MB, 1),
            "rss_anon_mb": round(rss_bytes(pid, "RssAnon") / MB, 1),
            "rss_shmem_mb": round(rss_bytes(pid, "RssShmem") / MB, 1),
            "workers_mb": worker_mb, "total_mb": round(own / MB + worker_mb, 1),
            "threads": threads, "fds": open_files(pid), "children": len(workers), "worker_mb": each}


class Crowd:
    """Random visitors at the real window, through xdotool."""

    def __init__(self, env: dict[str, str], rng: random.Random, between: Any = None) -> None:
        self.env, self.rng, self.between = env, rng, between
        self.taps = self.keys = self.operator_visits = self.bursts = 0
        #: What the crowd does now (each sample notes it): burst, idle, operator, physical GAME.
        self.doing = "idle"
        #: The whole physical games tried: game, start and end (s since the start), ended or not.
        self.physical: list[dict[str, Any]] = []

    def wait(self, seconds: float) -> None:
        """Nobody touches anything for ``seconds`` (the sampler keeps its pace)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.between is not None:
                self.between()
            time.sleep(0.5)

    def play_physical(self, game: str, targets: dict[str, list[int]], book: Any, started: float) -> None:
        """A family plays a whole ``game`` on the real board: wait until the kiosk is home (the
        idle reset), wake it, tap the game's "Plateau réel" tab, then "Jouer", and keep off the
        screen until ``book()`` (the day book's physical games) shows its end, or
        :data:`PHYSICAL_CAP_MINUTES`."""
        self.doing = f"physical {game} (waiting for the menu)"
        self.wait(40.0)  # "Encore là ?" after 15 s, its 5 s countdown, home, attract mode after 10 s
        before = len(book())
        entry: dict[str, Any] = {"game": game, "start_s": round(time.monotonic() - started, 1), "ended": False}
        self.physical.append(entry)
        self.doing = f"physical {game}"
        for x, y in ((SIZE[0] // 2, SIZE[1] - 60), targets["tab"], targets["play"]):  # wake, tab, Jouer
            self.xdotool("mousemove", str(x), str(y), "click", "1")
            self.wait(2.0)
        deadline = time.monotonic() + PHYSICAL_CAP_MINUTES * 60
        while time.monotonic() < deadline:
            games = book()[before:]
            if any(g.get("how") for g in games):
                entry.update(ended=True, **{k: v for k, v in games[-1].items() if k != "id"})
                break
            if not games and time.monotonic() - started - entry["start_s"] > 180:
                break  # no move on the table after 3 minutes: the tab was missed
            self.wait(2.0)
        entry["end_s"] = round(time.monotonic() - started, 1)
        self.doing = "idle"

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, capture_output=True, timeout=10)

    def burst(self, taps: int = 40) -> None:
        """Taps anywhere (a few keys among them), as children at a touch screen."""
        self.bursts += 1
        self.doing = "burst"
        for _ in range(taps):
            if self.rng.random() < 0.12:
                self.xdotool("key", self.rng.choice(KEYS))
                self.keys += 1
            else:
                x, y = self.rng.randrange(SIZE[0]), self.rng.randrange(SIZE[1])
                self.xdotool("mousemove", str(x), str(y), "click", "1")
                self.taps += 1
            time.sleep(self.rng.uniform(0.05, 0.6))
            if self.between is not None:
                self.between()  # the sampler keeps its 30 s pace during a burst
        self.doing = "idle"

    def operator(self) -> None:
        """The operator opens the settings with the PIN, looks, and goes back (Escape)."""
        self.operator_visits += 1
        self.doing = "operator"
        self.xdotool("key", "ctrl+shift+o")
        time.sleep(1.0)
        for digit in PIN:
            self.xdotool("key", digit)
            time.sleep(0.2)
        self.xdotool("key", "Return")
        time.sleep(4.0)
        self.xdotool("key", "Escape")
        time.sleep(1.0)
        self.xdotool("key", "Escape")
        self.doing = "idle"


def write_config(folder: Path, pty: str) -> Path:
    """The fair's kiosk.toml: kiosk mode, PIN, synthetic camera, the LED pty, short idle times."""
    path = folder / "kiosk.toml"
    path.write_text(
        f'kiosk = true\npin = "{PIN}"\ncamera = "synthetic"\n'
        "[idle]\nattract_after = 10\nprompt_after = 15\ncountdown = 5\n"
        f'[leds]\nport = "{pty}"\n', encoding="utf-8")
    return path


def errors_logged(state: Path) -> list[str]:
    """ERROR and CRITICAL lines of the kiosk's logs."""
    lines = []
    for log in sorted((state / "jeux-maths" / "logs").glob("*.log*")):
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
            if " ERROR " in line or " CRITICAL " in line:
                lines.append(line)
    return lines


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def _level(part: list[dict[str, Any]], read: Any) -> float | None:
    """The median of ``read(sample)`` over the first three samples of ``part`` where it is known
    (one GC blip is not a trend); None when it is never known."""
    values = [v for v in (read(s) for s in part) if v is not None][:3]
    return sorted(values)[len(values) // 2] if values else None


def _trend(part: list[dict[str, Any]], read: Any) -> float | None:
    """Growth of ``read(sample)`` over ``part``, the larger of two robust measures: the median
    slope between every two samples where it is known (Theil and Sen's estimator) times the time
    they span, which follows a steady leak; and the step between the medians of the first and
    the last quarter of those samples, which catches memory kept from some moment on. What the
    kiosk happens to hold at one moment (one game's pictures, 20 to 30 MB, or none) moves single
    samples, neither measure. None with fewer than two samples."""
    points = [(float(s["t"]), v) for s in part if (v := read(s)) is not None]
    slopes = [(b[1] - a[1]) / (b[0] - a[0]) for i, a in enumerate(points) for b in points[i + 1:] if b[0] > a[0]]
    if not slopes:
        return None
    trend = sorted(slopes)[len(slopes) // 2] * (points[-1][0] - points[0][0])
    quarter = max(1, len(points) // 4)
    first = sorted(v for _, v in points[:quarter])
    last = sorted(v for _, v in points[-quarter:])
    return max(trend, last[len(last) // 2] - first[len(first) // 2])


def growth_by_process(half: list[dict[str, Any]]) -> dict[str, Any]:
    """Growth over ``half`` (the last half's samples) process by process, each its trend
    (:func:`_trend`): the kiosk; each worker process alive at both ends (the same process id);
    the workers that started or ended within the half, apart: a worker starting is one more
    process (bounded by the pool's cap and the total), not a process growing. A leak in the kiosk
    or in a long-lived worker shows in ``processes_mb``; the total's change (between the medians
    of the first and last three samples) is reported with what explains it."""
    ends = list(reversed(half))

    def kiosk(s: dict[str, Any]) -> float:
        return float(s["rss_mb"])

    def total(s: dict[str, Any]) -> float:
        return float(s["total_mb"])

    first_workers, last_workers = set(half[0].get("worker_mb", {})), set(half[-1].get("worker_mb", {}))
    kept = sorted(first_workers & last_workers)
    kiosk_growth = _trend(half, kiosk) or 0.0
    workers_growth = {}
    for pid in kept:
        def own(s: dict[str, Any], pid: str = pid) -> float | None:
            value = s.get("worker_mb", {}).get(pid)
            return None if value is None else float(value)
        workers_growth[pid] = round(_trend(half, own) or 0.0, 1)
    started = {pid: half[-1]["worker_mb"][pid] for pid in sorted(last_workers - first_workers)}
    ended = {pid: half[0]["worker_mb"][pid] for pid in sorted(first_workers - last_workers)}
    total_growth = (_level(ends, total) or 0.0) - (_level(half, total) or 0.0)
    processes = kiosk_growth + sum(workers_growth.values())
    return {
        "kiosk_mb": round(kiosk_growth, 1),
        "workers_kept_mb": workers_growth,
        "processes_mb": round(processes, 1),
        "workers_started_mb": started,
        "workers_ended_mb": ended,
        "total_mb": round(total_growth, 1),
        "explained": (f"total {total_growth:+.1f} MB = kiosk {kiosk_growth:+.1f}, workers alive all along "
                      f"{sum(workers_growth.values()):+.1f}, {len(started)} worker(s) started "
                      f"{sum(started.values()):+.1f}, {len(ended)} ended {-sum(ended.values()):+.1f} "
                      "(the rest: the trends against the medians)"),
    }


def kiosk_parts_growth(part: list[dict[str, Any]]) -> dict[str, float | None]:
    """Where the kiosk's growth over ``part`` sits (:func:`_trend` of each part, MB; None when not
    sampled): its resident memory by kind (``anon``: its heaps and mappings; ``shmem``: memory
    shared with the X server; ``file``: libraries' pages), and glibc's heap (``heap_in_use``: held
    by the program, a leak; ``heap_free``: freed but kept, fragmentation; ``heap_mapped``: big
    blocks on pages of their own) and Python's small-object allocator (``pymalloc_arenas``: its
    1 MiB arenas, outside glibc's heap; ``pymalloc_in_use``: the objects in them), from the
    kiosk's memory.json."""
    def part_of(key: str, inner: str | None = None) -> Callable[[dict[str, Any]], float | None]:
        def value(s: dict[str, Any]) -> float | None:
            found = s.get(key)
            if inner is not None:
                found = found.get(inner) if isinstance(found, dict) else None
            return None if found is None else float(found)
        return value

    parts = {"anon": part_of("rss_anon_mb"), "shmem": part_of("rss_shmem_mb"), "file": part_of("rss_file_mb"),
             "heap_in_use": part_of("heap_mb", "in_use"), "heap_free": part_of("heap_mb", "free"),
             "heap_mapped": part_of("heap_mb", "mapped"), "pymalloc_arenas": part_of("pymalloc_mb", "arenas"),
             "pymalloc_in_use": part_of("pymalloc_mb", "in_use")}
    growth = {}
    for name, value in parts.items():
        trend = _trend(part, value)
        growth[name] = None if trend is None else round(trend, 1)
    return growth


def uncached_growth(part: list[dict[str, Any]]) -> float | None:
    """The trend (:func:`_trend`, MB) over ``part`` of the kiosk's anonymous memory outside its
    budgeted caches, both read by the kiosk at one moment (its memory.json, once a minute: each
    snapshot counted once). Which game's pictures are cached when a sample is taken moves the
    resident memory by 10 to 25 MB; the caches have budgets, so a leak is what grows beside
    them. None without snapshots that have both figures."""
    seen: dict[float, dict[str, Any]] = {}
    for s in part:
        snapshot = s.get("snapshot")
        if isinstance(snapshot, dict) and snapshot.get("rss_anon_mb") is not None \
                and snapshot.get("caches_mb") is not None and snapshot.get("time") is not None:
            seen.setdefault(float(snapshot["time"]), {"t": float(snapshot["time"]),
                                                       "mb": snapshot["rss_anon_mb"] - snapshot["caches_mb"]})
    trend = _trend(list(seen.values()), lambda s: s["mb"])
    return None if trend is None else round(trend, 1)


def _blocks_trend(part: list[dict[str, Any]]) -> int | None:
    """The trend (:func:`_trend`) of the kiosk's Python blocks over ``part``; None when unknown."""
    trend = _trend(part, lambda s: s.get("python_blocks"))
    return None if trend is None else round(trend)


PIPES_PER_WORKER = 2  # the worker's stdin and stdout, as games.workers opens them


def _own_files(sample: dict[str, Any]) -> int:
    """The kiosk's open files in ``sample`` besides its workers' pipes."""
    return int(sample["fds"]) - PIPES_PER_WORKER * int(sample["children"])


#: After a game on the real board ends, its screen (the end card) stays until the visitor leaves
#: or the idle reset (about 30 s): its memory is the game's until then.
GAME_LINGERS = 60.0


def at_rest(sample: dict[str, Any], windows: Sequence[tuple[float, float | None]]) -> bool:
    """Whether no game on the real board was running (or lingering) when ``sample`` was taken."""
    return not any(start - SAMPLE_SECONDS / 2 <= sample["t"] <= (math.inf if end is None else end + GAME_LINGERS)
                   for start, end in windows)


def verdict(samples: list[dict[str, Any]], minutes: float,
            physical: list[dict[str, Any]] | None = None,
            windows: Sequence[tuple[float, float | None]] = ()) -> dict[str, Any]:
    """Figures and pass/fail: memory after warm-up (kiosk + workers, and the workers within the
    pool's cap; every sample, games on the real board included), growth over the last half of
    each process (:func:`growth_by_process`) judged on the samples at rest (``windows``: when
    games on the real board ran, :func:`physical_windows`; a soak ending in the middle of one
    would count the game's camera and frames as growth), threads, files and children over the
    last half compared with the first samples after warm-up; and ``physical`` (the games played
    on the real board, :func:`physical_games`), when given, not empty: a soak that never saw a
    physical game has not seen the kiosk's highest memory."""
    if len(samples) < 4:
        return {"ok": False, "why": "too few samples"}
    end = samples[-1]["t"]
    warm = [s for s in samples if s["t"] >= end * WARMUP_FRACTION]
    half = [s for s in samples if s["t"] >= end / 2]
    resting = [s for s in half if at_rest(s, windows)]
    growth = growth_by_process(resting if len(resting) >= 6 else half)
    figures = {
        "minutes": round(minutes, 1),
        "samples": len(samples),
        "max_total_mb_after_warmup": max(s["total_mb"] for s in warm),
        "max_rss_mb_after_warmup": max(s["rss_mb"] for s in warm),
        # Of which mapped files' pages (libraries), reported, not judged apart (see rss_bytes).
        "rss_file_mb_at_end": samples[-1].get("rss_file_mb"),
        "max_workers_mb_after_warmup": max(s["workers_mb"] for s in warm),
        "total_mb_at_half": _level(half, lambda s: s["total_mb"]),
        "total_mb_at_end": _level(list(reversed(half)), lambda s: s["total_mb"]),
        "growth_last_half_mb": growth["processes_mb"],
        "growth_samples_at_rest": len(resting) if len(resting) >= 6 else None,
        "growth_last_half": growth,
        # Reported, not judged: the kiosk's Python objects (its memory.json, once a minute), where a
        # leak of small objects stands out of the noise of what a screen holds (the frame loop's
        # list of frame times: 60 blocks a second, 100,000 over a half hour; flat is a few thousand).
        "python_blocks_growth_last_half": _blocks_trend(resting if len(resting) >= 6 else half),
        # Reported, not judged: where the kiosk's growth sits (a leak, fragmentation, the X server).
        "kiosk_parts_growth_last_half": kiosk_parts_growth(resting if len(resting) >= 6 else half),
        # Reported, not judged: the same beside the caches (the kiosk's own figures at one moment).
        "kiosk_uncached_growth_last_half": uncached_growth(resting if len(resting) >= 6 else half),
        # A physical game runs its camera's threads while it lasts: the typical count (the
        # median) must not grow; the most seen at once is reported.
        "threads_warm_median": _median([s["threads"] for s in warm[: max(1, len(warm) // 3)]]),
        "threads_last_max": max(s["threads"] for s in half),
        "threads_last_median": _median([s["threads"] for s in half]),
        # A worker process idle for games.workers.IDLE_SECONDS ends and the next job starts one:
        # each holds two pipe ends in the kiosk, so files are compared without them.
        "fds_warm_max": max(_own_files(s) for s in warm[: max(1, len(warm) // 3)]),
        "fds_last_max": max(_own_files(s) for s in half),
        # A file left open stays open: the fewest of the last samples (one sample taken while the
        # game is being saved or the day book written holds a file for a moment).
        "fds_at_end": min(_own_files(s) for s in samples[-3:]),
        "children_max": max(s["children"] for s in samples),
    }
    problems = []
    if figures["max_total_mb_after_warmup"] > RSS_MB:
        problems.append(f"memory after warm-up {figures['max_total_mb_after_warmup']} MB > {RSS_MB} MB")
    if figures["growth_last_half_mb"] > GROWTH_MB:
        problems.append(f"growth over the last half {figures['growth_last_half_mb']} MB > {GROWTH_MB} MB "
                        f"({growth['explained']})")
    if figures["max_workers_mb_after_warmup"] > WORKERS_MB:
        problems.append(f"workers {figures['max_workers_mb_after_warmup']} MB > the pool's cap {WORKERS_MB} MB")
    if figures["threads_last_median"] > figures["threads_warm_median"]:
        problems.append("threads grew")
    if figures["fds_at_end"] > figures["fds_warm_max"]:
        problems.append("open files grew")
    if figures["children_max"] > 2:
        problems.append("more than 2 worker processes")
    if physical is not None:
        figures["physical_games"] = len(physical)
        figures["physical_games_ended"] = sum(1 for game in physical if game.get("how"))
        if not physical:
            problems.append("the crowd never reached a physical game (no game on the real board in the day book)")
    return {**figures, "ok": not problems, "problems": problems}


def plot(samples: list[dict[str, Any]], path: Path, title: str,
         bands: Sequence[tuple[float, float, str]] = ()) -> None:
    """Memory (kiosk, workers, total), threads and open files against time, as a PNG; ``bands``
    (start s, end s, game): the whole physical games, shaded and named."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    width, height, left, right, top, bottom = 1200, 700, 90, 90, 60, 70
    image = pygame.Surface((width, height))
    image.fill((255, 255, 255))
    font = pygame.font.Font(None, 24)
    end_t = max(samples[-1]["t"], 1.0)
    top_mb = max(RSS_MB * 1.1, *(s["total_mb"] * 1.1 for s in samples))
    top_count = max(10.0, *(max(s["threads"], s["fds"]) * 1.2 for s in samples))
    plot_w, plot_h = width - left - right, height - top - bottom

    def xy(t: float, value: float, scale: float) -> tuple[int, int]:
        return (left + round(t / end_t * plot_w), top + plot_h - round(value / scale * plot_h))

    for start, end, game in bands:
        x0, x1 = xy(start, 0, 1)[0], xy(end, 0, 1)[0]
        pygame.draw.rect(image, (220, 235, 250), (x0, top + 1, max(2, x1 - x0), plot_h - 2))
        image.blit(font.render(game, True, (60, 90, 140)), (x0 + 2, top + plot_h - 22))
    pygame.draw.rect(image, (0, 0, 0), (left, top, plot_w, plot_h), 1)
    for mb in range(0, int(top_mb) + 1, 50):
        y = xy(0, mb, top_mb)[1]
        pygame.draw.line(image, (225, 225, 225), (left + 1, y), (left + plot_w - 1, y))
        image.blit(font.render(f"{mb}", True, (0, 0, 0)), (left - 45, y - 8))
    for minute in range(0, int(end_t / 60) + 1, 10):
        x = xy(minute * 60, 0, 1)[0]
        image.blit(font.render(f"{minute} min", True, (0, 0, 0)), (x - 20, top + plot_h + 10))
    target_y = xy(0, RSS_MB, top_mb)[1]
    pygame.draw.line(image, (200, 0, 0), (left, target_y), (left + plot_w, target_y), 1)
    image.blit(font.render(f"target {RSS_MB:.0f} MB", True, (200, 0, 0)), (left + 5, target_y - 20))
    series = [("total_mb", (0, 0, 0), top_mb, "kiosk + workers (MB)"), ("rss_mb", (0, 90, 200), top_mb, "kiosk (MB)"),
              ("workers_mb", (0, 150, 70), top_mb, "workers (MB)"), ("threads", (220, 120, 0), top_count, "threads"),
              ("fds", (150, 0, 150), top_count, "open files")]
    for i, (key, colour, scale, label) in enumerate(series):
        points = [xy(s["t"], s[key], scale) for s in samples]
        if len(points) > 1:
            pygame.draw.lines(image, colour, False, points, 2)
        image.blit(font.render(label, True, colour), (left + 10 + i * 210, 20))
    image.blit(font.render(f"threads / files: right scale, 0..{top_count:.0f}", True, (80, 80, 80)),
               (width - 330, height - 30))
    image.blit(font.render(title, True, (0, 0, 0)), (left, height - 30))
    pygame.image.save(image, str(path))


def run(minutes: float, out: Path, seed: int | None = None) -> dict[str, Any]:
    """Set up, let the crowd in for ``minutes``, sample every 30 s; write the JSON and the PNG
    in ``out`` and return the report (raises :class:`Skip` where it cannot run)."""
    ensure_tools()
    out.mkdir(parents=True, exist_ok=True)
    seed = int(time.time()) if seed is None else seed
    rng = random.Random(seed)
    work = Path(tempfile.mkdtemp(prefix="realtime-soak-"))
    display = free_display()
    env = {**os.environ, "DISPLAY": f":{display}", "XDG_STATE_HOME": str(work / "state"),
           "XDG_CONFIG_HOME": str(work / "config"), "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    processes: list[subprocess.Popen[bytes]] = []
    samples: list[dict[str, Any]] = []
    report: dict[str, Any] = {"seed": seed, "size": list(SIZE), "minutes": minutes,
                              "injected_leak_mb_per_min": float(os.environ.get(LEAK_VARIABLE) or 0)}
    try:
        xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(xvfb)
        wait_for(lambda: Path(f"/tmp/.X11-unix/X{display}").exists(), 20, "Xvfb starting")
        path_file = work / "pty"
        emulator = subprocess.Popen([sys.executable, "main.py", "led-emulator", "--text", "--leds", "300",
                                     "--path-file", str(path_file)], cwd=ROOT, env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(emulator)
        wait_for(lambda: path_file.exists() and path_file.read_text().strip(), 30, "led-emulator's pty")
        config = write_config(work, path_file.read_text().strip())
        kiosk_log = open(work / "kiosk.out", "wb")  # noqa: SIM115 - closed with the kiosk
        kiosk = subprocess.Popen(kiosk_command(config), cwd=ROOT, env=env,
                                 stdout=kiosk_log, stderr=subprocess.STDOUT)
        processes.insert(0, kiosk)
        time.sleep(5)
        started, started_epoch = time.monotonic(), time.time()
        due = [started]

        def take_sample() -> None:
            """Sample when due (and save the samples so far)."""
            if time.monotonic() >= due[0] and kiosk.poll() is None:
                own = kiosk_snapshot(work / "state")
                samples.append({**sample(kiosk.pid, started), "doing": crowd.doing, "caches_mb": kiosk_caches(own),
                                "python_blocks": None if own is None else own.get("python_blocks"),
                                "heap_mb": None if own is None else own.get("heap_mb"),
                                "pymalloc_mb": None if own is None else own.get("pymalloc_mb"),
                                "snapshot": None if own is None else {
                                    key: own.get(key) for key in ("time", "rss_anon_mb", "caches_mb", "screen")}})
                (out / "realtime_soak.json").write_text(json.dumps({**report, "samples": samples}, indent=1))
                due[0] += SAMPLE_SECONDS

        crowd = Crowd(env, rng, take_sample)
        targets = physical_targets()
        report["physical_targets"] = targets

        def book() -> list[dict[str, Any]]:
            return physical_games(day_book(work / "state"))

        stop_at = started + minutes * 60
        physical_due = started + rng.uniform(*PHYSICAL_FIRST) * 60
        while time.monotonic() < stop_at and kiosk.poll() is None:
            take_sample()
            roll = rng.random()
            if time.monotonic() >= physical_due and stop_at - time.monotonic() > 120:
                game = PHYSICAL_GAMES[len(crowd.physical) % len(PHYSICAL_GAMES)]
                crowd.play_physical(game, targets[game], book, started)
                physical_due = time.monotonic() + rng.uniform(*PHYSICAL_EVERY) * 60
            elif roll < 0.08:
                crowd.operator()
            else:
                crowd.burst()
            gap = rng.uniform(45, 70) if rng.random() < 0.2 else rng.uniform(0, 40)
            gap_end = time.monotonic() + gap
            while time.monotonic() < min(gap_end, stop_at) and kiosk.poll() is None:
                take_sample()
                time.sleep(0.5)
        alive = kiosk.poll() is None
        if alive:
            samples.append(sample(kiosk.pid, started))
        report.update({"kiosk_alive_at_end": alive, "exit_code": kiosk.returncode, "taps": crowd.taps,
                       "keys": crowd.keys, "bursts": crowd.bursts, "operator_visits": crowd.operator_visits,
                       "errors": errors_logged(work / "state")})
        report["physical_games"] = book()
        report["physical_visits"] = crowd.physical
        report["physical_windows"] = physical_windows(day_book(work / "state"), started_epoch)
        report["verdict"] = verdict(samples, minutes, report["physical_games"], report["physical_windows"])
        if not alive:
            # Xlib ends a program whose X server went away with exit code 1 and no log line: say
            # which of the two stopped, and keep the kiosk's last words with the verdict.
            report["x_server_alive"] = xvfb.poll() is None
            kiosk_log.flush()
            said = (work / "kiosk.out").read_text(encoding="utf-8", errors="replace").splitlines()
            report["kiosk_output_tail"] = [line for line in said if not line.startswith("ALSA lib")][-20:]
            report["verdict"]["ok"] = False
            x_gone = "" if report["x_server_alive"] else f"; the X server was not running either ({xvfb.returncode})"
            report["verdict"].setdefault("problems", []).append(f"the kiosk stopped (exit {kiosk.returncode}){x_gone}")
        if report["errors"]:
            report["verdict"]["ok"] = False
            report["verdict"].setdefault("problems", []).append(f"{len(report['errors'])} error(s) logged")
        # The kiosk's own account (written every minute): its caches' bytes, hits and evictions.
        for snapshot in sorted(work.rglob("memory.json")):
            report["kiosk_memory"] = json.loads(snapshot.read_text(encoding="utf-8"))
        if alive:  # after an hour of a day, the service manager's stop, as at closing time
            report["stop"] = clean_stop(kiosk, work / "state")
            report["verdict"]["problems"] = report["verdict"].get("problems", []) + report["stop"]["problems"]
            report["verdict"]["ok"] = not report["verdict"]["problems"]
        physical = [line for line in _log_lines(work / "state") if "physical" in line.lower()]
        report["physical_log_lines"] = len(physical)

    finally:
        for process in processes:  # the kiosk first (killed, if it is still there after the clean stop)
            if process.poll() is None:
                process.send_signal(signal.SIGKILL if process is processes[0] else signal.SIGTERM)
                try:
                    process.wait(timeout=10)  # Xvfb removes its lock file on SIGTERM
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=10)
        # The kiosk's own output (a traceback when it stopped) and logs stay with the report.
        with contextlib.suppress(OSError):
            shutil.copy(work / "kiosk.out", out / "kiosk.out")
            shutil.copytree(work / "state" / "jeux-maths" / "logs", out / "logs", dirs_exist_ok=True)
        shutil.rmtree(work, ignore_errors=True)
    report["samples"] = samples
    bands = [(v["start_s"], v.get("end_s", samples[-1]["t"] if samples else 0.0), v["game"])
             for v in report.get("physical_visits", [])]
    (out / "realtime_soak.json").write_text(json.dumps(report, indent=1))
    if samples:
        v = report.get("verdict", {})
        plot(samples, out / "realtime_soak.png", bands=bands, title=
             f"real-time soak, {minutes:.0f} min at {SIZE[0]}x{SIZE[1]}, camera + LEDs: growth over the last half "
             f"{v.get('growth_last_half_mb', '?')} MB")
    return report


#: A kiosk stopped by the service manager (SIGTERM) must be gone within this many seconds.
STOP_SECONDS = 2.0


def clean_stop(kiosk: subprocess.Popen[bytes], state: Path, wait: float = STOP_SECONDS + 10) -> dict[str, Any]:
    """Send SIGTERM, as ``systemctl stop`` does, and check the clean stop: exit code 0 within
    STOP_SECONDS, its one log line, and a day book where every game has its end and the last
    event is the stop (a physical game's record closed too). Returns the figures and the
    problems found (empty when clean). A kiosk still there after ``wait`` seconds is left to the
    caller to kill."""
    begun = time.monotonic()
    kiosk.send_signal(signal.SIGTERM)
    try:
        code: int | None = kiosk.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        code = None  # the finally block kills it
    seconds = round(time.monotonic() - begun, 2)
    logged = any("kiosk stopped by SIGTERM" in line for line in _log_lines(state)[-5:])
    book = day_book(state)
    opened = {line["id"] for line in book if line.get("e") == "game" and "id" in line}
    ended = {line.get("id") for line in book if line.get("e") == "end"}
    unended = sorted(opened - ended)
    last = book[-1].get("e") if book else None
    problems = []
    if code != 0:
        problems.append(f"SIGTERM: exit code {code}, not 0")
    if seconds > STOP_SECONDS:
        problems.append(f"SIGTERM: stopped in {seconds} s, more than {STOP_SECONDS} s")
    if not logged:
        problems.append("SIGTERM: no 'kiosk stopped by SIGTERM' line in the log")
    if unended or last != "stop":
        problems.append(f"SIGTERM: the day book has games without an end {unended} or ends on {last!r}, not 'stop'")
    return {"exit_code": code, "seconds": seconds, "logged": logged, "games_without_end": unended,
            "last_event": last, "problems": problems}


def _log_lines(state: Path) -> list[str]:
    lines: list[str] = []
    for log in sorted((state / "jeux-maths" / "logs").glob("*.log*")):
        lines += log.read_text(encoding="utf-8", errors="replace").splitlines()
    return lines


def main() -> int:
    """Command line: run the soak, print the verdict, exit 1 when it failed (77 when skipped)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=float(os.environ.get("REALTIME_SOAK_MINUTES", "60")))
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "soak")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    # Stopped by SIGTERM (a CI timeout, kill): unwind, so that the kiosk, the LED emulator and
    # Xvfb are stopped with the soak (the samples so far are in --out already).
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        report = run(args.minutes, args.out, args.seed)
    except Skip as exc:
        print(f"real-time soak skipped: {exc}")
        return 77
    print(json.dumps({k: v for k, v in report.items() if k != "samples"}, indent=1))
    return 0 if report["verdict"]["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
