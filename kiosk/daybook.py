"""The stand's day, written down: one JSON line per event in ``<state>/days/YYYY-MM-DD.jsonl``.

What goes in is decided by :mod:`kiosk.chronicle` (visits, games, pages, faults, devices); this
module only keeps the lines, the way a kiosk that runs all day and may lose power needs:

* **Off the frame loop.** :meth:`DayBook.write` puts a small dict on a queue (a few microseconds);
  a writer thread appends it to the day's file, flushes and fsyncs it, one line per event.
* **Append-only, robust to a power cut.** A line cut by a power cut is skipped by the reader
  (:func:`read_events`), never fatal; the writer starts a fresh line after a cut one.
* **Bounded.** One file a day, the oldest deleted past ``keep_days`` files; a day's file stops
  growing at :data:`MAX_DAY_BYTES` and the queue at :data:`QUEUE_LIMIT` events (a runaway loop
  cannot fill the disk or the memory).
* **Never in the way.** A state folder that cannot be written logs one line and the kiosk goes
  on recording nothing.

Nothing personal is written: no picture, no free text, no identifier but a per-visit counter.
No pygame here.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import os
import queue
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("kiosk.daybook")

FOLDER = "days"
SUFFIX = ".jsonl"
#: Days kept by default (``record_days`` in ``kiosk.toml``).
KEEP_DAYS = 7
#: A day's file stops growing here (a busy day is ~1 MB: a line is ~150 bytes).
MAX_DAY_BYTES = 20_000_000
#: Events waiting for the writer beyond this are dropped (the disk is stuck).
QUEUE_LIMIT = 10_000
#: A line longer than this is not one of ours (the reader skips it).
MAX_LINE = 4096
_DAY_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})\.jsonl$")


def day_of(t: float) -> str:
    """The local date of epoch time ``t``, as the day's file is named: ``YYYY-MM-DD``."""
    return time.strftime("%Y-%m-%d", time.localtime(t))


def day_path(folder: Path, day: str) -> Path:
    """The file of ``day`` (``YYYY-MM-DD``) in ``folder``."""
    return folder / f"{day}{SUFFIX}"


def days_in(folder: Path) -> list[str]:
    """The days that have a file in ``folder``, oldest first."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(m.group(1) for name in names if (m := _DAY_NAME.match(name)))


def prune(folder: Path, keep: int, today: str) -> list[str]:
    """Delete the oldest day files so that at most ``keep`` remain, never ``today``'s; returns
    the days deleted."""
    gone = []
    days = [d for d in days_in(folder) if d != today]
    excess = len(days) + 1 - keep
    for day in days[:max(0, excess)]:
        with contextlib.suppress(OSError):
            day_path(folder, day).unlink()
            gone.append(day)
    return gone


class DayBook:
    """Appends events to the day's file on a writer thread (see the module docstring).

    ``folder`` is ``<state>/days``; ``keep_days`` how many day files stay; ``threaded`` False
    writes on the caller's thread (tests). Once writing failed, it records nothing more.
    """

    def __init__(self, folder: Path, keep_days: int = KEEP_DAYS, threaded: bool = True) -> None:
        self.folder = folder
        self.keep_days = max(1, keep_days)
        self.threaded = threaded
        self.enabled = True
        self.dropped = 0
        self.written = 0
        self._queue: queue.SimpleQueue[dict[str, Any] | None] = queue.SimpleQueue()
        self._pending = 0
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self._day = ""
        self._stream: Any = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe = folder / f".probe-{os.getpid()}"
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as exc:
            self._disable(f"cannot write in {folder}: {exc.strerror or exc}")

    def _disable(self, why: str) -> None:
        if self.enabled:
            log.error("the day's record is off (%s): the kiosk goes on, recording nothing", why)
        self.enabled = False

    def write(self, event: dict[str, Any]) -> None:
        """Queue ``event`` (a JSON-able dict with its time ``t``) for the day's file. Cheap: the
        frame thread only puts it on a queue."""
        if not self.enabled:
            return
        if not self.threaded:
            self._append(event)
            return
        with self._lock:
            if self._pending >= QUEUE_LIMIT:
                self.dropped += 1
                return
            self._pending += 1
        self._queue.put(event)
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="kiosk-daybook", daemon=True)
            self._thread.start()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every queued event is on disk; False after ``timeout`` seconds."""
        with self._lock:
            return self._lock.wait_for(lambda: self._pending == 0, timeout)

    def close(self) -> None:
        """Write what is queued, stop the thread and close the file."""
        if self._thread is not None:
            self.flush()
            self._queue.put(None)
            self._thread.join(5.0)
            self._thread = None
        self._close_stream()

    def _loop(self) -> None:
        while True:
            event = self._queue.get()
            if event is None:
                return
            try:
                if self.enabled:
                    self._append(event)
            except Exception as exc:  # noqa: BLE001 - a record must never stop the kiosk
                self._disable(f"{type(exc).__name__}: {exc}")
            finally:
                with self._lock:
                    self._pending -= 1
                    self._lock.notify_all()

    def _append(self, event: dict[str, Any]) -> None:
        try:
            line = json.dumps(event, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
            stream = self._open_for(day_of(float(event["t"])))
            if stream is None:
                return
            stream.write(line.encode("utf-8"))
            stream.flush()
            os.fsync(stream.fileno())
            self.written += 1
        except OSError as exc:
            self._close_stream()
            self._disable(f"cannot write the day's record: {exc.strerror or exc}")
        except (TypeError, ValueError, KeyError) as exc:
            log.warning("event not recorded (%s): %r", exc, event.get("e"))

    def _open_for(self, day: str) -> Any:
        """The open file of ``day`` (opened, and the old days pruned, when the day changes);
        None when the day's file is full."""
        if day != self._day or self._stream is None:
            self._close_stream()
            path = day_path(self.folder, day)
            stream = open(path, "ab")  # noqa: SIM115 - kept open all day
            if stream.tell() > 0 and not _ends_with_newline(path):
                stream.write(b"\n")  # the last line was cut (a power cut): start a fresh one
            self._stream, self._day = stream, day
            prune(self.folder, self.keep_days, day)
        if self._stream.tell() >= MAX_DAY_BYTES:
            return None
        return self._stream

    def _close_stream(self) -> None:
        if self._stream is not None:
            with contextlib.suppress(OSError):
                self._stream.close()
        self._stream, self._day = None, ""


def _ends_with_newline(path: Path) -> bool:
    with open(path, "rb") as stream:
        stream.seek(-1, os.SEEK_END)
        return stream.read(1) == b"\n"


# --- reading ---------------------------------------------------------------------------------

@dataclass
class Reading:
    """What :func:`read_events` found: the events in order and the lines it had to skip."""

    events: list[dict[str, Any]]
    skipped: int = 0
    missing: list[str] | None = None


def parse_lines(data: bytes) -> tuple[list[dict[str, Any]], int]:
    """The events in a day file's bytes, and how many lines were skipped (cut by a power cut,
    garbage, not an event: a JSON object with a numeric ``t`` and a string ``e``)."""
    events: list[dict[str, Any]] = []
    skipped = 0
    for raw in data.split(b"\n"):
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE:
            skipped += 1
            continue
        try:
            event = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            skipped += 1
            continue
        t = event.get("t") if isinstance(event, dict) else None
        if (not isinstance(t, (int, float)) or isinstance(t, bool) or not isinstance(event.get("e"), str)
                or not 0 <= t < 1e11):
            skipped += 1
            continue
        events.append(event)
    return events, skipped


def read_events(folder: Path, first: dt.date, last: dt.date,
                opener: Callable[[Path], bytes] = Path.read_bytes) -> Reading:
    """Every event from day ``first`` to day ``last`` (both included), in the files' order (the
    order they happened in, even if the clock was set back meanwhile); days
    without a file are listed in ``missing``. An unreadable file raises ``OSError``."""
    events: list[dict[str, Any]] = []
    skipped = 0
    missing = []
    for day in _dates(first, last):
        path = day_path(folder, day.isoformat())
        if not path.is_file():
            missing.append(day.isoformat())
            continue
        found, cut = parse_lines(opener(path))
        events += found
        skipped += cut
    return Reading(events, skipped, missing)


def _dates(first: dt.date, last: dt.date) -> Iterator[dt.date]:
    day = first
    while day <= last:
        yield day
        day += dt.timedelta(days=1)
