"""The state folder under a running kiosk's feet (issue 38): a full disk, the day's file, its
folder or the whole state folder deleted or moved, and links planted where the kiosk writes.
Each case: no traceback, said once, the kiosk's clean stop stays clean, and nothing of a user's
is ever written through a link."""

from __future__ import annotations

import errno
import json
import logging
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk import daybook, logs
from kiosk.daybook import DayBook, day_of, day_path, days_in, parse_lines
from kiosk.menu import MenuScene
from kiosk.storage import open_state_file
from tests.test_kiosk import kiosk_app

USER_TEXT = b"a user's own file: never written by the kiosk\n"


#: When the tests' own events happen (the day book files each event under its own day).
NOON = time.mktime((2026, 10, 9, 12, 0, 0, 0, 0, -1))


def event(name: str, t: float = NOON) -> dict[str, object]:
    return {"t": t, "e": name}


def full_disk(fail: list[bool], real: Callable[[int, bytes], None]) -> Callable[[int, bytes], None]:
    """A ``write_all`` that raises ENOSPC while ``fail[0]`` is true (a disk full, then freed)."""

    def write(handle: int, data: bytes) -> None:
        if fail[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(handle, data)

    return write


def day_events(folder: Path) -> list[str]:
    """The events of every day file in ``folder``, oldest day first (no clock read: the kiosk's
    own events fall on the day it ran, the tests' on :data:`NOON`'s)."""
    return [e["e"] for day in days_in(folder) for e in parse_lines(day_path(folder, day).read_bytes())[0]]


# --- a full disk -------------------------------------------------------------------------------


def test_a_full_disk_is_said_once_by_the_log_and_its_close_does_not_raise(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    fail = [False]
    monkeypatch.setattr(logs, "write_all", full_disk(fail, logs.write_all))
    path = logs.setup_logging(tmp_path / "logs", echo=False)
    assert path is not None
    say = logging.getLogger("kiosk.test")
    say.info("before")
    fail[0] = True
    for k in range(50):
        say.info("line %d on a full disk", k)
    logs.close_logging()  # the stop: must not raise (it raised ENOSPC in issue 38)
    err = capfd.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.count("No space left on device") == 1, err
    fail[0] = False
    path = logs.setup_logging(tmp_path / "logs", echo=False)
    assert path is not None
    say.info("after")
    logs.close_logging()
    text = path.read_text()
    assert "before" in text and "after" in text and "line 3 on" not in text


def test_the_log_says_how_many_lines_were_lost_when_the_disk_takes_them_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    fail = [True]
    monkeypatch.setattr(logs, "write_all", full_disk(fail, logs.write_all))
    path = logs.setup_logging(tmp_path / "logs", echo=False)
    assert path is not None
    for k in range(7):
        logging.getLogger("kiosk.test").info("lost %d", k)
    fail[0] = False
    logging.getLogger("kiosk.test").info("back")
    logs.close_logging()
    text = path.read_text()
    assert "7 log line(s) lost" in text and text.rstrip().endswith("back")
    assert capfd.readouterr().err.count("can be written again") == 1


def test_a_full_disk_is_said_once_by_the_day_book_which_starts_again_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    fail = [False]
    monkeypatch.setattr(daybook, "write_all", full_disk(fail, daybook.write_all))
    book = DayBook(tmp_path, threaded=False)
    book.write(event("start"))
    fail[0] = True
    for _ in range(20):
        book.write(event("visit"))
    fail[0] = False
    book.write(event("stop"))
    book.close()
    said = [r for r in caplog.records if r.name == "kiosk.daybook"]
    assert [r.levelname for r in said] == ["ERROR", "WARNING"], [r.getMessage() for r in said]
    assert "20 event(s) lost" in said[1].getMessage()
    assert day_events(tmp_path) == ["start", "stop"]


def test_a_line_cut_by_a_full_disk_does_not_swallow_the_next_one(tmp_path: Path) -> None:
    book = DayBook(tmp_path, threaded=False)
    book.write(event("start"))
    with open(day_path(tmp_path, day_of(NOON)), "ab") as stream:
        stream.write(b'{"t":1,"e":"vis')  # what a write cut by ENOSPC leaves
    book._close_stream()  # the writer closes its file after a failed write
    book.write(event("stop"))
    book.close()
    assert day_events(tmp_path) == ["start", "stop"]


def test_a_state_folder_that_is_no_folder_is_said_once_and_the_game_goes_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """``XDG_STATE_HOME=/dev/null``: the memory snapshot failed with a traceback every minute,
    and each one sent the visitors back to the menu."""
    state = tmp_path / "file"
    state.write_bytes(b"")
    app = kiosk_app(state)
    try:
        scene = MenuScene(app)
        app.start(scene)
        for _ in range(3):
            app._memory_due = 0.0  # three minutes' snapshots
            app.tick()
        assert app.stack.top is scene and app.notice is None
    finally:
        app.close()
    said = [r.getMessage() for r in caplog.records if "memory snapshot" in r.getMessage()]
    assert len(said) == 1 and "not a folder" in said[0], said
    assert not any(r.exc_info for r in caplog.records)


# --- deleted or moved while the kiosk runs ----------------------------------------------------


def _gone_file(state: Path) -> None:
    day_path(state / "days", day_of(NOON)).unlink()


def _gone_folder(state: Path) -> None:
    shutil.rmtree(state / "days")


def _moved_state(state: Path) -> None:
    state.rename(state.with_name("moved"))


def _moved_file(state: Path) -> None:
    path = day_path(state / "days", day_of(NOON))
    path.rename(path.with_name("elsewhere.jsonl"))


@pytest.mark.parametrize("remove", [_gone_file, _gone_folder, _moved_state, _moved_file],
                         ids=["file deleted", "days deleted", "state moved", "file moved"])
def test_the_day_book_starts_a_new_file_when_its_file_goes(
        tmp_path: Path, remove: Callable[[Path], None], caplog: pytest.LogCaptureFixture) -> None:
    state = tmp_path / "state"
    book = DayBook(state / "days", threaded=True)
    book.write(event("start"))
    assert book.flush()
    remove(state)
    book.write(event("visit"))
    book.write(event("stop"))
    book.close()
    assert day_events(state / "days") == ["visit", "stop"]
    said = [r.getMessage() for r in caplog.records if r.name == "kiosk.daybook"]
    assert len(said) == 1 and "deleted or moved" in said[0], said


@pytest.mark.parametrize("remove", [_gone_file, _moved_state], ids=["log deleted", "state moved"])
def test_the_log_starts_a_new_file_when_its_file_goes(
        tmp_path: Path, remove: Callable[[Path], None], capfd: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state"
    path = logs.setup_logging(state / "logs", echo=False)
    assert path is not None
    logging.getLogger("kiosk.test").info("first")
    if remove is _gone_file:
        path.unlink()
    else:
        remove(state)
    logging.getLogger("kiosk.test").info("second")
    logging.getLogger("kiosk.test").info("third")
    logs.close_logging()
    lines = path.read_text().splitlines()
    assert "deleted or moved" in lines[0] and lines[1].endswith("second") and lines[2].endswith("third")
    assert capfd.readouterr().err.count("deleted or moved") == 1


def test_a_kiosk_whose_state_folder_is_deleted_stops_cleanly_and_records_its_stop(tmp_path: Path) -> None:
    app = kiosk_app(tmp_path / "state")
    app.start(MenuScene(app))
    app.tick()
    assert app.chronicle.book is not None and app.chronicle.book.flush()
    shutil.rmtree(tmp_path / "state")
    app.tick()
    app.close()
    assert day_events(tmp_path / "state" / "days")[-1] == "stop"
    assert "deleted or moved" in (tmp_path / "state" / "logs" / "kiosk.log").read_text()


# --- links planted in the state folder --------------------------------------------------------


def _user_file(tmp_path: Path) -> Path:
    user = tmp_path / "user" / "thesis.txt"
    user.parent.mkdir()
    user.write_bytes(USER_TEXT)
    return user


def test_a_planted_link_as_the_days_file_is_never_written_through(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    user = _user_file(tmp_path)
    (tmp_path / "days").mkdir()
    day_path(tmp_path / "days", day_of(NOON)).symlink_to(user)
    book = DayBook(tmp_path / "days", threaded=False)
    book.write(event("start"))
    book.write(event("stop"))
    book.close()
    assert user.read_bytes() == USER_TEXT
    said = [r.getMessage() for r in caplog.records if r.name == "kiosk.daybook"]
    assert len(said) == 1 and "is a link" in said[0], said


def test_a_planted_link_as_the_days_folder_is_refused(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    user = _user_file(tmp_path)
    (tmp_path / "days").symlink_to(user.parent)
    book = DayBook(tmp_path / "days", threaded=False)
    book.write(event("start"))
    book.close()
    assert os.listdir(user.parent) == ["thesis.txt"] and user.read_bytes() == USER_TEXT
    said = [r.getMessage() for r in caplog.records if r.name == "kiosk.daybook"]
    assert len(said) == 1 and f"{tmp_path / 'days'} is a link" in said[0], said


@pytest.mark.parametrize("where", ["file", "folder"])
def test_a_planted_link_for_the_log_is_refused_in_one_sentence(
        tmp_path: Path, where: str, capfd: pytest.CaptureFixture[str]) -> None:
    user = _user_file(tmp_path)
    if where == "file":
        (tmp_path / "logs").mkdir()
        (tmp_path / "logs" / "kiosk.log").symlink_to(user)
    else:
        (tmp_path / "logs").symlink_to(user.parent)
    assert logs.setup_logging(tmp_path / "logs", echo=False) is None
    logging.getLogger("kiosk.test").warning("a line")
    logs.close_logging()
    assert user.read_bytes() == USER_TEXT and os.listdir(user.parent) == ["thesis.txt"]
    err = capfd.readouterr().err
    assert "is a link: the kiosk never writes through a link" in err and "Traceback" not in err


def test_a_kiosk_with_planted_links_starts_and_writes_nothing_through_them(tmp_path: Path) -> None:
    user = _user_file(tmp_path)
    other = tmp_path / "user" / "notes.txt"
    other.write_bytes(USER_TEXT)
    state = tmp_path / "state"
    (state / "days").mkdir(parents=True)
    (state / "logs").mkdir()
    # clock(date): the day the kiosk files its start under (it stamps with the real clock)
    day_path(state / "days", day_of(time.time())).symlink_to(user)
    (state / "logs" / "kiosk.log").symlink_to(other)
    app = kiosk_app(state)
    app.start(MenuScene(app))
    app.tick()
    app.close()
    assert user.read_bytes() == USER_TEXT and other.read_bytes() == USER_TEXT


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_something_else_than_a_file_is_refused_without_waiting(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "x.jsonl"
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    with pytest.raises(OSError):
        os.close(open_state_file(path))


# --- whatever a day file held before -----------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(before=st.binary(max_size=300))
def test_whatever_bytes_the_days_file_held_the_new_events_are_read_back_whole(
        tmp_path_factory: pytest.TempPathFactory, before: bytes) -> None:
    folder = tmp_path_factory.mktemp("days")
    now = NOON
    day_path(folder, day_of(now)).write_bytes(before)
    book = DayBook(folder, threaded=False)
    book.write(event("start", now))
    book.write(event("stop", now))
    book.close()
    data = day_path(folder, day_of(now)).read_bytes()
    assert data.startswith(before)
    found = [e["e"] for e in parse_lines(data[len(before):])[0]]
    assert found == ["start", "stop"]
    assert data.endswith(json.dumps({"t": now, "e": "stop"}, separators=(",", ":")).encode() + b"\n")
