"""Rerun issue 38's cases on the state folder, the PIN and odd command-line values, as a new
user would (HOME and the XDG folders of its own, a fresh temporary folder per run), and count
tracebacks, hangs, crashes, overwrites of a user's file and wrong results.

    python bench/rerun_issue38.py            # prints one line per case, then the counts as JSON

The full-disk cases need a small tmpfs (``mount -t tmpfs``: root); without it they are listed
as skipped. The report's own input and figures (issue 38 items 5, 6, 8) are not here.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
LONG = "a" * 300
USER_TEXT = b"a user's own file\n"


@dataclass
class Run:
    """One command's end: exit code (None for a hang), stdout, stderr."""

    code: int | None
    out: str
    err: str


@dataclass
class Tally:
    """The counts the issue's targets are about."""

    counts: Counter[str] = field(default_factory=Counter)
    lines: list[str] = field(default_factory=list)

    def case(self, name: str, run: Run | None, ok: bool, overwrote: bool = False, expect: tuple[int, ...] = (0, 2)
             ) -> None:
        """Count one case: its run (None when no command ran), whether its result is right."""
        faults = []
        if run is not None:
            if run.code is None:
                faults.append("hang")
            elif run.code < 0 or run.code not in (*expect, 74):
                faults.append("crash")
            if "Traceback" in run.err or "Logging error" in run.err:
                faults.append("traceback")
        if overwrote:
            faults.append("overwrite")
        if not ok and not faults:
            faults.append("wrong")
        self.counts["cases"] += 1
        for fault in faults:
            self.counts[fault] += 1
        code = "-" if run is None else run.code
        said = ": " + ", ".join(faults) if faults else ""
        self.lines.append(f"{'FAIL' if faults else 'ok  '} {name} (exit {code}){said}")
        print(self.lines[-1], flush=True)


class User:
    """A new user: HOME, XDG_CONFIG_HOME and XDG_STATE_HOME of its own, under ``base``."""

    def __init__(self, base: Path, state: Path | None = None) -> None:
        self.base = base
        self.home, self.config = base / "home", base / "config"
        self.state = state or base / "state"
        for folder in (self.home, self.config):
            folder.mkdir(parents=True, exist_ok=True)
        (self.config / "jeux-maths").mkdir(exist_ok=True)
        (self.config / "jeux-maths" / "kiosk.toml").write_text('kiosk = true\npin = "271828"\n')

    @property
    def env(self) -> dict[str, str]:
        """The environment of this user's commands (headless, silent)."""
        return {**os.environ, "HOME": str(self.home), "XDG_CONFIG_HOME": str(self.config),
                "XDG_STATE_HOME": str(self.state), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

    @property
    def kiosk_state(self) -> Path:
        return self.state / "jeux-maths"

    def run(self, *argv: str, timeout: float = 60, stdout: int | None = None, stdin: str = "") -> Run:
        """``python main.py ARGV`` to the end (None for the code after ``timeout`` seconds)."""
        try:
            done = subprocess.run([PYTHON, str(ROOT / "main.py"), *argv], cwd=self.base, env=self.env, text=True,
                                  input=stdin, stdout=stdout if stdout is not None else subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            return Run(None, "", str(exc.stderr or ""))
        return Run(done.returncode, done.stdout or "", done.stderr)

    def kiosk(self, seconds: float, during: Callable[[], None] | None = None, stop: int = signal.SIGTERM,
              after: float = 2.0) -> Run:
        """A kiosk playing Awélé by itself for ``seconds``, ``during()`` then, ``after`` seconds
        more, then ``stop``; its end (None for the code when it did not stop within 20 s)."""
        process = subprocess.Popen([PYTHON, str(ROOT / "main.py"), "play", "awele", "--kiosk", "--p1", "random",
                                    "--p2", "random", "--mute"], cwd=self.base, env=self.env, text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        day = self.kiosk_state / "days" / f"{today()}.jsonl"
        for _ in range(300):  # a busy machine: the kiosk's first event is the sign it runs
            if during is None or day.exists() or process.poll() is not None:
                break
            time.sleep(0.1)
        time.sleep(seconds)
        if during is not None:
            during()
            time.sleep(after)
        process.send_signal(stop)
        try:
            out, err = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            return Run(None, out, err)
        return Run(process.returncode, out, err)


def today() -> str:
    return time.strftime("%Y-%m-%d")


def text(path: Path) -> str:
    """What ``path`` holds ("" when it cannot be read: a missing file is a wrong result, not the
    script's crash)."""
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def events(path: Path) -> list[str]:
    """The ``e`` of each event line in a day's file ([] when there is none)."""
    try:
        lines = path.read_text(errors="replace").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        try:
            found.append(json.loads(line)["e"])
        except (ValueError, KeyError, TypeError):
            continue
    return found


# --- the cases --------------------------------------------------------------------------------


def full_disk(tally: Tally, scratch: Path) -> None:
    """Item 1: a state folder on a full 256 kB tmpfs; /dev/null as the state folder."""
    mount = scratch / "full"
    mount.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                             capture_output=True).returncode == 0
    if not mounted:
        tally.lines.append("skip full disk on a tmpfs (mount needs root)")
        print(tally.lines[-1])
    else:
        try:
            user = User(scratch / "u-full", state=mount / "state")
            fill = os.open(mount / "fill", os.O_WRONLY | os.O_CREAT)
            try:
                while os.write(fill, b"\0" * 4096):
                    pass
            except OSError:  # the disk is full: what this case is about
                pass
            finally:
                os.close(fill)
            run = user.kiosk(5.0)
            tally.case("full disk: kiosk stopped by SIGTERM", run,
                       run.code == 0 and run.err.count("No space left on device") <= 4)
        finally:
            subprocess.run(["umount", str(mount)], capture_output=True)
    user = User(scratch / "u-devnull", state=Path("/dev/null"))
    run = user.run("play", "awele", "--kiosk", "--p1", "random", "--p2", "random", "--frames", "120", "--mute")
    tally.case("XDG_STATE_HOME=/dev/null: memory snapshot said once", run,
               run.code == 0 and run.err.count("memory snapshot") <= 1)


def moved(tally: Tally, scratch: Path) -> None:
    """Item 2: the day's file, days/, the state folder, kiosk.log deleted or moved mid-run."""
    def day(user: User) -> Path:
        return user.kiosk_state / "days" / f"{today()}.jsonl"

    def day_deleted(user: User) -> None:
        day(user).unlink()

    def day_moved(user: User) -> None:
        day(user).rename(day(user).with_name("elsewhere.jsonl"))

    def days_deleted(user: User) -> None:
        shutil.rmtree(user.kiosk_state / "days")

    def state_moved(user: User) -> None:
        user.kiosk_state.rename(user.kiosk_state.with_name("moved"))

    def log_deleted(user: User) -> None:
        (user.kiosk_state / "logs" / "kiosk.log").unlink()

    actions: dict[str, Callable[[User], None]] = {
        "day file deleted": day_deleted, "day file moved": day_moved, "days/ deleted": days_deleted,
        "state folder moved": state_moved, "kiosk.log deleted": log_deleted,
    }
    for k, (name, act) in enumerate(actions.items()):
        user = User(scratch / f"u-moved-{k}")
        run = user.kiosk(2.0, during=functools.partial(act, user))
        if name == "kiosk.log deleted":
            ok = "kiosk stopped by SIGTERM" in text(user.kiosk_state / "logs" / "kiosk.log")
        else:
            ok = events(day(user))[-1:] == ["stop"]
        tally.case(f"{name} while the kiosk runs: the stop lands in the new file", run, run.code == 0 and ok)


def links(tally: Tally, scratch: Path) -> None:
    """Item 3: links planted where the kiosk writes."""
    def as_file(folder: str, name: str) -> Callable[[User, Path], None]:
        def plant(user: User, victim: Path) -> None:
            (user.kiosk_state / folder / name).symlink_to(victim)
        return plant

    def as_folder(folder: str) -> Callable[[User, Path], None]:
        def plant(user: User, victim: Path) -> None:
            shutil.rmtree(user.kiosk_state / folder)
            (user.kiosk_state / folder).symlink_to(victim.parent)
        return plant

    plants: dict[str, Callable[[User, Path], None]] = {
        "days/<today>.jsonl": as_file("days", f"{today()}.jsonl"), "logs/kiosk.log": as_file("logs", "kiosk.log"),
        "days/ itself": as_folder("days"), "logs/ itself": as_folder("logs"),
    }
    for k, (name, plant) in enumerate(plants.items()):
        user = User(scratch / f"u-link-{k}")
        for folder in ("days", "logs"):
            (user.kiosk_state / folder).mkdir(parents=True, exist_ok=True)
        victim = user.home / "documents" / "thesis.txt"
        victim.parent.mkdir()
        victim.write_bytes(USER_TEXT)
        plant(user, victim)
        run = user.run("play", "awele", "--kiosk", "--p1", "random", "--p2", "random", "--frames", "60", "--mute")
        untouched = victim.read_bytes() == USER_TEXT and os.listdir(victim.parent) == ["thesis.txt"]
        log = user.kiosk_state / "logs" / "kiosk.log"
        said = run.err + (text(log) if not log.is_symlink() else "")
        tally.case(f"a link planted as {name}: refused, never written through", run,
                   run.code == 0 and "is a link" in said, overwrote=not untouched)


def pin(tally: Tally, scratch: Path) -> None:
    """Item 4: the PIN in files and on the terminal; the pad's lock (in process, headless)."""
    user = User(scratch / "u-pin")
    conf = user.config / "jeux-maths" / "kiosk.toml"
    for argv in (["config", "--json"], ["config"]):
        run = user.run(*argv)
        tally.case(f"{' '.join(argv)} masks the PIN", run, run.code == 0 and "271828" not in run.out + run.err)
    out = user.base / "new.toml"
    previous = os.umask(0o022)
    try:
        run = user.run("config", "--example", "--out", str(out))
    finally:
        os.umask(previous)
    written = out.exists() and (out.stat().st_mode & 0o777) == 0o600
    tally.case("config --example --out under umask 022 writes 0600", run, run.code == 0 and written)
    run = user.run("config", "--example")
    tally.case("config --example on stdout holds no PIN", run, run.code == 0 and 'pin = ""' in run.out)
    conf.write_text('kiosk = true\npin = "271828"\n')
    snippet = (  # the probe: the key chord, 57 wrong PINs, then the right one (kiosk_app's 2580)
        "import sys, conftest, pygame; sys.path.insert(0, '.')\n"
        "from pathlib import Path\n"
        "from kiosk.menu import MenuScene\n"
        "from kiosk.operator import PinScene\n"
        "from tests.test_kiosk import key, kiosk_app\n"
        f"app = kiosk_app(Path({str(user.base / 'pin-state')!r})); app.start(MenuScene(app))\n"
        "def attempt(pin):\n"
        "    key(app, pygame.K_o, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)\n"
        "    for digit in pin:\n        key(app, getattr(pygame, 'K_' + digit), unicode=digit)\n"
        "    key(app, pygame.K_RETURN)\n"
        "for _ in range(57):\n    attempt('1111')\n"
        "attempt('2580')\n"
        "print('LOCKED' if isinstance(app.stack.top, PinScene) else 'OPEN'); app.close()\n"
    )
    done = subprocess.run([PYTHON, "-c", snippet], cwd=ROOT, env=user.env, capture_output=True, text=True,
                          timeout=120)
    run = Run(done.returncode, done.stdout, done.stderr)
    tally.case("57 wrong PINs then the right one: the pad stays locked", run, "LOCKED" in run.out)


def command_line(tally: Tally, scratch: Path) -> None:
    """Item 7's general parts: a full stdout, names too long, an empty name, a looping link."""
    user = User(scratch / "u-cli")
    days = user.kiosk_state / "days"
    days.mkdir(parents=True)
    now = time.time()
    (days / f"{today()}.jsonl").write_text(json.dumps({"t": now - 60, "e": "start", "lang": "fr"}) + "\n"
                                           + json.dumps({"t": now - 50, "e": "visit", "n": 1, "lang": "fr"}) + "\n")
    with open(os.devnull if not Path("/dev/full").exists() else "/dev/full", "w") as full:
        for argv, stdin in ((["solve", "lewthwaite", "--json"], ""), (["engine", "awele"], '{"cmd": "new"}\n'),
                            (["config", "--example"], ""), (["report"], "")):
            run = user.run(*argv, stdout=full.fileno(), stdin=stdin)
            tally.case(f"{' '.join(argv)} > /dev/full", run, run.code == 74, expect=(74,))
    long_cases = [
        ["print-board", "lewthwaite", "--out", f"{LONG}.png"], ["print-tiles", "--out", f"{LONG}.png"],
        ["synthetic-photo", "lewthwaite", "--out", f"{LONG}.png"], ["report", "--html", f"{LONG}.html"],
        ["play", "awele", "--frames", "1", "--screenshot", f"{LONG}.png"],
        ["play", "lewthwaite", "--frames", "1", "--record", f"{LONG}.jsonl"],
        ["play", "lewthwaite", "--frames", "1", "--camera", "synthetic", "--save-frames", LONG],
        ["play", "lewthwaite", "--frames", "1", "--camera", LONG], ["calibrate", "--camera", LONG, "--frames", "1"],
        ["led-emulator", "--path-file", LONG, "--text", "--seconds", "1"],
    ]
    for argv in long_cases:
        run = user.run(*argv)
        option = next(argv[k - 1] for k, word in enumerate(argv) if LONG in word)
        tally.case(f"{' '.join(argv[:2])} {option} <300 bytes>", run,
                   run.code == 2 and len(run.err.strip().splitlines()) == 1)
    run = user.run("print-tiles", "--out", "")
    tally.case("print-tiles --out ''", run, run.code == 2)
    (user.base / "a.png").symlink_to("b.png")
    (user.base / "b.png").symlink_to("a.png")
    run = user.run("print-board", "lewthwaite", "--out", "a.png", "--force")
    tally.case("a looping link as --out --force", run, run.code == 2 and "loops" in run.err)


def smaller(tally: Tally, scratch: Path) -> None:
    """Item 9 (but the 367-day span): early SIGINT, game keys, a long tournament, --led-config."""
    user = User(scratch / "u-small")
    for argv in (["play", "awele", "--kiosk", "--p1", "random", "--p2", "random", "--mute"],
                 ["solve", "lewthwaite"]):
        for delay in (0.2, 0.4, 0.6, 0.8, 1.0):
            process = subprocess.Popen([PYTHON, str(ROOT / "main.py"), *argv], cwd=user.base, env=user.env,
                                       text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            time.sleep(delay)
            process.send_signal(signal.SIGINT)
            try:
                out, err = process.communicate(timeout=20)
                run = Run(process.returncode, out, err)
            except subprocess.TimeoutExpired:
                process.kill()
                run = Run(None, *process.communicate())
            # The kiosk stops with 0 whenever it comes; a computation with 0 while starting, and
            # with 130 once it works (documented: README, "Exit codes"), never a traceback.
            codes = (0,) if argv[0] == "play" else (0, 130)
            tally.case(f"SIGINT {delay} s into {argv[0]} {argv[1]}", run, run.code in codes, expect=codes)
    snippet = ("from dataclasses import replace\nfrom games.registry import register_game\n"
               "from tests.fifth_game import GAME\nrefused = 0\n"
               "for key in ('Awele', 'my game-2', '', '../x'):\n"
               "    try:\n        register_game(replace(GAME, info=replace(GAME.info, key=key)))\n"
               "    except ValueError:\n        refused += 1\nprint(refused)\n")
    done = subprocess.run([PYTHON, "-c", snippet], cwd=ROOT, env=user.env, capture_output=True, text=True, timeout=60)
    tally.case("the registry refuses Awele, 'my game-2', '', ../x", Run(done.returncode, done.stdout, done.stderr),
               done.stdout.strip() == "4")
    said = user.base / "tournament.err"
    with open(said, "w") as err_file:
        process = subprocess.Popen([PYTHON, str(ROOT / "main.py"), "tournament", "awele", "--a", "strong", "--b",
                                    "strong", "--games", "100000"], cwd=user.base, env=user.env, text=True,
                                   stdout=subprocess.DEVNULL, stderr=err_file)
        started = time.monotonic()
        while "at least" not in text(said) and time.monotonic() - started < 60 and process.poll() is None:
            time.sleep(0.2)
        waited = time.monotonic() - started
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    err = text(said)
    tally.case(f"tournament strong/strong 100000 games says how long before its first game ends ({waited:.0f} s "
               "after the start, the program's own start included)", Run(process.returncode, "", err),
               "100000 awele games: at least" in err, expect=(0, 130))
    run = user.run("play", "awele", "--frames", "1", "--led-config", "missing.json")
    tally.case("--led-config missing.json without --led-port", run, run.code == 2 and "no such file" in run.err)


def main() -> int:
    """Run every case; print the counts as JSON (exit 0 when every count but ``cases`` is 0)."""
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="issue38-") as folder:
        scratch = Path(folder)
        for part in (full_disk, moved, links, pin, command_line, smaller):
            try:
                part(tally, scratch)
            except Exception as exc:  # noqa: BLE001 - the script goes on: a part that breaks is a wrong result
                tally.case(f"{part.__name__}: the rerun itself failed ({type(exc).__name__}: {exc})", None, False)
    counts = {key: tally.counts.get(key, 0) for key in ("cases", "traceback", "hang", "crash", "overwrite", "wrong")}
    print(json.dumps(counts))
    return 0 if not any(v for k, v in counts.items() if k != "cases") else 1


if __name__ == "__main__":
    sys.exit(main())
