"""Issue 23's hostile probe, the kiosk's half: the one reader of configurations and the one reader
of saves take anything (clear error or accepted, no traceback, nothing written but the set-aside
copy of a save), the kiosk starts whatever its state folder holds, and a stop signal is a clean
stop (exit 0, the game saved, the LED board off, the record closed, one log line; the stop's 2 s
are measured by ``bench/bench_kiosk_stop.py``)."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kiosk import config as kiosk_config
from kiosk import doctor, storage
from kiosk.config import ConfigError, KioskConfig
from kiosk.menu import MenuScene
from kiosk.storage import SAVE_FORMAT, SaveStore
from tests.kiosk_driver import run_frames
from tests.test_kiosk import kiosk_app, start_game
from tests.waiting import CEILING, until

ROOT = Path(__file__).resolve().parent.parent
PROPERTY = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def contents(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


# --- the configuration's reader ---------------------------------------------------------------------

KEYS = ["kiosk", "language", "pin", "games", "volume", "colour_blind", "camera", "idle", "leds",
        "attract_after", "prompt_after", "countdown", "port", "protocol", "baud", "layout"]
HOSTILE = ["", "fr", "en", "2580", "²²²²", "٣٣٣٣", "0", "²", "synthetic", "none", "awele", "adalight", "/dev/ttyUSB0",
           "a\nb", "~nobody/x.json", "a" * 600]
SCALARS = st.sampled_from(HOSTILE) | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=12)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), inner, max_size=4), max_leaves=12)
TABLES = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), st.sampled_from(HOSTILE) | VALUES, max_size=6)
#: A key, then anything: deep brackets, an integer of thousands of digits, random bytes.
LINES = st.builds(lambda key, value: key + b" = " + value, st.sampled_from([k.encode() for k in KEYS]),
                  st.binary(max_size=40) | st.integers(1, 6000).map(lambda n: b"[" * n)
                  | st.integers(1, 6000).map(lambda n: b"1" * n))


def toml_value(value: Any) -> str:
    """A value in TOML's inline syntax (what a careless hand could write)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if value != value else ("inf" if value == float("inf") else "-inf" if value == -float("inf")
                                             else repr(value))
    if isinstance(value, int | str):
        return json.dumps(value)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def check_config_file(folder: Path, data: bytes) -> KioskConfig | None:
    """Load ``data`` as a kiosk.toml: accepted (and then it round-trips through the settings
    screen's writer) or one sentence naming the file; nothing written."""
    path = folder / "kiosk.toml"
    path.write_bytes(data)
    config: KioskConfig | None
    try:
        config = loaded = kiosk_config.load(path)
    except ConfigError as exc:
        message = str(exc)
        assert message.startswith(f"{path}: ") and "\n" not in message and exc.code == 2
        config = None
    else:
        assert kiosk_config.parse(tomllib.loads(loaded.to_toml()), path) == loaded
    assert contents(folder) == {"kiosk.toml"}
    return config


@PROPERTY
@given(data=st.binary(max_size=300) | LINES)
@example(data=b"a = " + b"[" * 5000)  # issue 23: RecursionError
@example(data='camera = "²"'.encode())  # issue 23: int()'s ValueError
def test_any_bytes_are_a_configuration_or_one_clear_sentence(tmp_path: Path, data: bytes) -> None:
    check_config_file(tmp_path, data)


@PROPERTY
@example(table={"pin": "²²²²", "camera": "²"}, sections={})  # issue 23
@example(table={}, sections={"leds": {"port": "a\nb"}})  # would break the file the settings screen writes
@example(table={"\n": ""}, sections={})  # an unknown key quoted whole made a message of two lines
@given(table=TABLES, sections=st.dictionaries(st.sampled_from(["idle", "leds", "x"]), TABLES, max_size=2))
def test_any_toml_is_a_configuration_or_one_clear_sentence(tmp_path: Path, table: dict[str, Any],
                                                          sections: dict[str, Any]) -> None:
    lines = [f"{json.dumps(key)} = {toml_value(value)}" for key, value in table.items() if key not in sections]
    for name, section in sections.items():
        lines += [f"[{name}]"] + [f"{json.dumps(key)} = {toml_value(value)}" for key, value in section.items()]
    check_config_file(tmp_path, "\n".join(lines).encode("utf-8"))


def test_the_generator_reaches_accepted_configurations(tmp_path: Path) -> None:
    text = 'kiosk = true\npin = "4930"\n[idle]\n"countdown" = 30\n[leds]\n"baud" = 9600'
    assert check_config_file(tmp_path, text.encode()) is not None


# --- the save's reader ------------------------------------------------------------------------------

def valid_save(game: str = "lewthwaite") -> bytes:
    return json.dumps({"format": SAVE_FORMAT, "game": game, "saved_at": 1.0, "match": "{}"}).encode()


def check_save_bytes(folder: Path, data: bytes) -> None:
    """Load ``data`` as a save: read, or set aside as exactly one copy; nothing else written."""
    for old in folder.iterdir():
        old.unlink()
    path = folder / "match.json"
    path.write_bytes(data)
    saved = SaveStore(path).load()
    left = contents(folder)
    if saved is not None:
        assert left == {"match.json"} and saved.game and saved.text
        (saved.game + saved.text).encode("utf-8")  # can be logged and written back: no lone surrogate
    else:
        assert len(left) == 1 and next(iter(left)).startswith("match.json.corrupt-")
        assert (folder / next(iter(left))).read_bytes() == data  # kept whole for a post-mortem


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=10)


#: Deep brackets, or a lone surrogate escaped in a string.
SURROGATE = b'{"format": "jeux-save/1", "game": "awele", "match": "x", "%s": "\\udc80"}'
HOSTILE_JSON = (st.integers(1, 200_000).map(lambda n: b"[" * n)
                | st.sampled_from([b"game", b"match", b"format"]).map(lambda key: SURROGATE % key))


@PROPERTY
@given(data=st.binary(max_size=400) | HOSTILE_JSON)
@example(data=b"[" * 100_000)  # issue 23: RecursionError at every start
def test_any_bytes_are_a_save_or_set_aside(tmp_path: Path, data: bytes) -> None:
    check_save_bytes(tmp_path, data)


@PROPERTY
@given(envelope=st.fixed_dictionaries({}, optional={
    "format": st.just(SAVE_FORMAT) | JSON,
    "game": st.sampled_from(["lewthwaite", "awele", "chess", "", "A", "\udc80"]) | JSON,
    "match": st.text(max_size=30) | JSON, "saved_at": JSON}), escape=st.booleans())
@example(envelope={"format": SAVE_FORMAT, "game": "\udc80", "match": "x"}, escape=True)  # issue 23
def test_any_json_is_a_save_or_set_aside(tmp_path: Path, envelope: dict[str, Any], escape: bool) -> None:
    check_save_bytes(tmp_path, json.dumps(envelope, ensure_ascii=escape).encode("utf-8", "surrogatepass"))


@pytest.mark.parametrize(("data", "kept"), [
    (b"[" * 100_000, False),  # was RecursionError at every start
    (b'{"format": "jeux-save/1", "game": "\\udc80", "match": "x"}', False),  # was a logging error
    (b'{"format": "jeux-save/1", "game": "lewthwaite", "match": "\\ud800"}', False),
    (b" " * 2_000_001, False),
    (valid_save(), True),
    (b"\xef\xbb\xbf" + valid_save(), False),
])
def test_hostile_saves(tmp_path: Path, data: bytes, kept: bool) -> None:
    check_save_bytes(tmp_path, data)
    assert (tmp_path / "match.json").exists() == kept


def test_two_corrupt_saves_in_the_same_second_are_both_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage.time, "strftime", lambda fmt: "20261127-120000")
    path = tmp_path / "match.json"
    for k in range(3):
        path.write_text(f"broken {k}")
        assert SaveStore(path).load() is None
    copies = sorted(p.name for p in tmp_path.iterdir())
    assert copies == ["match.json.corrupt-20261127-120000", "match.json.corrupt-20261127-120000-2",
                      "match.json.corrupt-20261127-120000-3"]
    assert {p.read_text() for p in tmp_path.iterdir()} == {"broken 0", "broken 1", "broken 2"}


@pytest.fixture(scope="module")
def resumer(tmp_path_factory: pytest.TempPathFactory) -> Any:
    app = kiosk_app(tmp_path_factory.mktemp("state"))
    app.start(MenuScene(app))
    yield app
    app.close()


MATCH = st.fixed_dictionaries({"format": st.just("jeux-match/1"), "game": st.sampled_from(["lewthwaite", "awele"])},
                              optional={"start": st.sampled_from(["5x5 h2,2:", "4 4 4 4 4 4 4 4 4 4 4 4 0 0 1"])
                                        | JSON, "moves": st.lists(st.sampled_from(["2,3", "0,0", "3", "x"]), max_size=3)
                                        | JSON, "seats": JSON, "seed": st.integers() | JSON, "meta": JSON})


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(game=st.sampled_from(["lewthwaite", "awele", "juniper", "lightning", "chess"]), match=MATCH)
def test_any_saved_match_resumes_or_is_set_aside(resumer: Any, game: str, match: dict[str, Any]) -> None:
    store = resumer.keeper.store
    for old in store.path.parent.iterdir():
        old.unlink()
    store.save(game, json.dumps(match))
    scene = resumer.keeper.resume()
    left = contents(store.path.parent)
    assert left == {"match.json"} if scene is not None else (len(left) == 1 and "corrupt" in next(iter(left)))


# --- whatever the state folder holds, the kiosk starts --------------------------------------------------

def _file(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not a folder")


def _folder(path: Path) -> None:
    path.mkdir(parents=True)


def _fifo(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def _link(target: str) -> Any:
    def make(path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(target)
    return make


def _bytes(data: bytes) -> Any:
    def make(path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return make


STATES = {
    "state is a file": ("", _file),  # XDG_STATE_HOME=/dev/null
    "logs is a file": ("logs", _file),
    "kiosk.log is a folder": ("logs/kiosk.log", _folder),
    "save is a file": ("save", _file),
    "match.json is a folder": ("save/match.json", _folder),
    "match.json is a fifo": ("save/match.json", _fifo),  # a read would wait forever
    "match.json is /dev/zero": ("save/match.json", _link("/dev/zero")),  # a read would never end
    "match.json loops": ("save/match.json", _link("match.json")),
    "match.json is 100,000 [": ("save/match.json", _bytes(b"[" * 100_000)),
    "match.json names a lone surrogate": ("save/match.json", _bytes(b'{"format": "jeux-save/1", "game": '
                                                                     b'"\\udc80", "match": "x"}')),
}


@pytest.mark.parametrize("case", sorted(STATES))
def test_the_kiosk_starts_whatever_its_state_folder_holds(tmp_path: Path, case: str,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    where, make = STATES[case]
    state = tmp_path / "state"
    make(state / where if where else state)
    with caplog.at_level(logging.INFO, logger="kiosk"):
        app = kiosk_app(state)
        try:
            app.start(MenuScene(app))
            run_frames(app, 2)
            assert isinstance(app.stack.top, MenuScene) and app.running
            scene = start_game(app)  # a game can be played; its saves fail quietly or work
            scene.match.play(scene.match.state.legal_moves()[0])
            run_frames(app, 3)
            assert app.running
        finally:
            app.close()
    problems = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert problems, "the kiosk says what is wrong"
    assert all("\n" not in p for p in problems)
    assert not any("Traceback" in p for p in problems)
    if case.startswith(("state", "logs", "kiosk.log")):
        assert any(p.startswith("no log file: ") for p in problems)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in read-only folders")
def test_a_read_only_state_folder_leaves_the_kiosk_running(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    state = tmp_path / "state"
    state.mkdir()
    state.chmod(0o500)
    try:
        with caplog.at_level(logging.INFO, logger="kiosk"):
            app = kiosk_app(state)
            app.start(MenuScene(app))
            run_frames(app, 2)
            assert app.running
            app.close()
        assert any("no log file" in r.getMessage() and "Permission denied" in r.getMessage() for r in caplog.records)
    finally:
        state.chmod(0o700)


def test_a_read_only_folder_is_said_with_its_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    problem = storage.folder_problem(tmp_path / "logs")
    assert problem is not None and "Permission denied" in problem and "XDG_STATE_HOME" in problem
    check = doctor.check_folders(tmp_path)
    assert check.status == "fail" and check.detail == storage.folder_problem(tmp_path / "save")


def test_doctor_says_what_to_fix_in_the_state_folder(tmp_path: Path) -> None:
    (tmp_path / "null").write_text("")
    check = doctor.check_folders(tmp_path / "null" / "jeux-maths")
    assert check.status == "fail" and "set XDG_STATE_HOME to a folder" in check.detail
    _file(tmp_path / "state" / "jeux-maths" / "logs")
    check = doctor.check_folders(tmp_path / "state" / "jeux-maths")
    assert check.status == "fail" and "logs is not a folder (move it away)" in check.detail
    _folder(tmp_path / "other" / "logs" / "kiosk.log")
    check = doctor.check_folders(tmp_path / "other")
    assert check.status == "fail" and "kiosk.log is not a file" in check.detail


def test_doctor_warns_about_a_published_pin(tmp_path: Path) -> None:
    (tmp_path / "kiosk.toml").write_text('kiosk = true\npin = "2580"\n')
    check, _config = doctor.check_configuration(str(tmp_path / "kiosk.toml"))
    assert check.status == "warn" and "printed in the guides" in check.detail and "2580" not in check.detail
    (tmp_path / "kiosk.toml").write_text(f'kiosk = true\npin = "{kiosk_config.new_pin()}"\n')
    (tmp_path / "kiosk.toml").chmod(0o600)  # a PIN others can read is a warning too (tests/test_pin_lock.py)
    assert doctor.check_configuration(str(tmp_path / "kiosk.toml"))[0].status == "ok"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text('Set `pin = "4930"` in kiosk.toml.')
    assert doctor.published_pins(tmp_path) == ("4930",)


def test_a_kiosk_started_on_a_game_keeps_the_unfinished_game_saved_before(tmp_path: Path) -> None:
    app = kiosk_app(tmp_path)
    app.start(MenuScene(app))
    scene = start_game(app)
    scene.match.play(scene.match.state.legal_moves()[0])
    run_frames(app, 2)
    app.close()
    save = tmp_path / "save" / "match.json"
    unfinished = save.read_bytes()
    app = kiosk_app(tmp_path)  # `play awele --kiosk`: started on a game, not on the menu
    from games.awele.scene import make_scene

    awele = make_scene(app)
    app.start(awele)
    awele.match.play(awele.match.state.legal_moves()[0])
    run_frames(app, 2)
    app.close()
    kept = list(save.parent.glob("match.json.unfinished-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == unfinished
    assert json.loads(save.read_bytes())["game"] == "awele"
    log = (tmp_path / "logs" / "kiosk.log").read_text()
    assert f"set aside as {kept[0].name}: an unfinished lewthwaite game, kept" in log


# --- a clean stop -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", [n for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n)])
def test_a_signal_in_process_ends_the_loop_and_puts_the_handlers_back(tmp_path: Path, name: str) -> None:
    number = getattr(signal, name)
    before = signal.getsignal(number)
    if before == signal.SIG_IGN:
        pytest.skip(f"{name} is ignored by this test run (a background job): the kiosk keeps ignoring it")
    app = kiosk_app(tmp_path)
    closed: list[str] = []
    app.devices.closers.append(lambda: closed.append("leds off"))
    handler = signal.getsignal(number)
    assert callable(handler) and handler is not before  # else the signal below would end the test run
    app.options.frames = 10_000
    signal.raise_signal(number)
    stats = app.run(MenuScene(app))
    app.close()
    assert stats.frames <= 1 and app.stopped_by == name and closed == ["leds off"]
    assert signal.getsignal(number) is before
    assert f"kiosk stopped by {name}" in (tmp_path / "logs" / "kiosk.log").read_text()


def _default_signals() -> None:
    # A test run started in the background ignores SIGINT: the kiosk would rightly keep ignoring it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
def test_every_stop_signal_is_a_clean_stop(tmp_path: Path) -> None:
    """A physical game on the synthetic camera, an LED board, kiosk mode (and one window): each
    signal stops it with exit 0, the game saved, the record closed; SIGTERM's board (the LED
    emulator, on its pty) is dark at the end. How long the stop takes is not judged here (a
    loaded machine decides that): ``bench/bench_kiosk_stop.py`` holds the 2 s promise, and
    :func:`test_a_signal_in_process_ends_the_loop_and_puts_the_handlers_back` that the loop
    stops at the next frame."""
    stop_in_every_way(tmp_path, promise=CEILING)


def stop_in_every_way(tmp_path: Path, promise: float) -> list[tuple[str, bool, float, float]]:
    """Start four kiosks (SIGTERM, SIGHUP, SIGINT in kiosk mode, SIGHUP not), stop each with its
    signal once it has played a move, and check each stop is clean and took the kiosk less than
    ``promise`` seconds of its own (:func:`_stop`); return (signal, kiosk mode, its own seconds,
    wall seconds) for each."""
    (tmp_path / "k.toml").write_text(f'pin = "{kiosk_config.new_pin()}"\n')
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with (tmp_path / "frames.txt").open("w") as frames_out:  # the emulator prints a line a frame
        board = subprocess.Popen([sys.executable, "main.py", "led-emulator", "--text", "--path-file",
                                  str(tmp_path / "pty"), "--seconds", "300"], cwd=ROOT, env=env,
                                 stdout=frames_out, stderr=subprocess.DEVNULL)
    until(lambda: _read(tmp_path / "pty").strip(), "the LED emulator's pty named")
    runs: dict[tuple[str, bool], tuple[Path, subprocess.Popen[str]]] = {}
    for name, kiosk in (("SIGTERM", True), ("SIGHUP", True), ("SIGINT", True), ("SIGHUP", False)):
        folder = tmp_path / f"{name}-{kiosk}"
        folder.mkdir()
        port = _read(tmp_path / "pty").strip() if name == "SIGTERM" else "loop://"
        argv = [sys.executable, "main.py", "play", "lewthwaite", "--physical", "--camera", "synthetic",
                "--record", str(folder / "r.jsonl"), "--led-port", port]
        argv += ["--kiosk", "--config", str(tmp_path / "k.toml")] if kiosk else []
        runs[(name, kiosk)] = (folder, subprocess.Popen(argv, cwd=ROOT, env={**env, "XDG_STATE_HOME": str(folder)},
                                                        stdout=subprocess.DEVNULL,
                                                        stderr=subprocess.PIPE, text=True,
                                                        preexec_fn=_default_signals))
    stops = []
    try:
        for (name, kiosk), (folder, process) in runs.items():

            def moved(folder: Path = folder, process: subprocess.Popen[str] = process) -> bool:
                assert process.poll() is None, process.communicate()[1]
                return '"event":"move"' in _read(folder / "r.jsonl")

            until(moved, f"a move recorded by the {name} kiosk", seconds=90)
            # The kiosks still playing are paused meanwhile: they are this test's own load.
            others = [p for _, p in runs.values() if p is not process and p.returncode is None]
            for other in others:
                other.send_signal(signal.SIGSTOP)
            try:
                took, wall = _stop(process, name, limit=max(promise, 10.0))
            finally:
                for other in others:
                    other.send_signal(signal.SIGCONT)
            code, err = process.returncode, process.communicate()[1]
            assert code == 0 and took < promise, (name, kiosk, code, f"{took:.2f} s ({wall:.2f} s wall)", err)
            stops.append((name, kiosk, took, wall))
            assert json.loads(_read(folder / "r.jsonl").splitlines()[-1])["event"] == "close"
            if kiosk:
                saved = SaveStore(folder / "jeux-maths" / "save" / "match.json").load()
                assert saved is not None and saved.game == "lewthwaite"
                last = (folder / "jeux-maths" / "logs" / "kiosk.log").read_text().splitlines()[-1]
                assert f"kiosk stopped by {name}: the game in progress saved, LED board off, camera closed" in last
            else:
                assert f"stopped by {name}" in err
        frames = _read(tmp_path / "frames.txt").splitlines()
        assert any(" lit: " in line for line in frames) and frames[-1].endswith(" 0 lit")  # lit, then dark
        return stops
    finally:
        processes: list[subprocess.Popen[bytes] | subprocess.Popen[str]] = [board]
        for started in processes + [process for _, process in runs.values()]:
            if started.poll() is None:
                started.kill()


#: Issue 22: a stop signal is a clean stop within 2 s (systemd kills after 10 s); measured by
#: ``bench/bench_kiosk_stop.py``.
STOP_PROMISE = 2.0


def _waiting_for_a_cpu(pid: int, tid: int | None = None) -> float:
    """Seconds thread ``tid`` of process ``pid`` (its main thread by default) has been ready to
    run but waiting for a CPU, as Linux counts it (``schedstat``: also for an exited process not
    yet reaped); 0 where the kernel does not say (the check is then wall time)."""
    try:
        return int(Path(f"/proc/{pid}/task/{tid or pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def _stop(process: subprocess.Popen[str], name: str, limit: float = 10.0) -> tuple[float, float]:
    """Send signal ``name`` to ``process``, reap it (killed after ``limit`` seconds), and return
    (the seconds the kiosk itself took to exit, the wall seconds). The kiosk's time is the wall
    time from the signal to its exit less what a loaded machine adds and the kiosk cannot help:
    its main thread (where the handler, the loop, ``close`` and the interpreter's exit run)
    waiting for a CPU, and this test waking up late to see the exit. Everything else counts in
    full: computing, writing, sleeping, waiting for its own threads."""
    seen: dict[str, float] = {}

    def watch() -> None:  # blocked in waitid until the exit: its lateness is only the wake-up
        me = threading.get_native_id()
        late = _waiting_for_a_cpu(os.getpid(), me)
        os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)  # exited, not reaped: /proc still tells
        # clock(wait): the time of the exit, judged against the caller's promise (CEILING in make test)
        seen["exit"] = time.monotonic() - (_waiting_for_a_cpu(os.getpid(), me) - late)
        seen["waited"] = _waiting_for_a_cpu(process.pid)

    waited = _waiting_for_a_cpu(process.pid)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    sent = time.monotonic()  # clock(wait): as above
    process.send_signal(getattr(signal, name))
    watcher.join(limit)
    if watcher.is_alive():
        process.kill()
        watcher.join()
    process.wait()
    wall = seen["exit"] - sent
    return wall - (seen["waited"] - waited), wall


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="POSIX permissions")
def test_the_settings_screen_keeps_the_configurations_permissions(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text('pin = "4930"\n')
    path.chmod(0o640)
    kiosk_config.load(path).with_changes(volume=30).save()
    assert kiosk_config.load(path).volume == 30 and path.stat().st_mode & 0o777 == 0o640
    old = os.umask(0o022)
    try:
        KioskConfig().save(tmp_path / "new.toml")
    finally:
        os.umask(old)
    assert (tmp_path / "new.toml").stat().st_mode & 0o777 == 0o600  # it holds the PIN: the owner's only (issue 38)
