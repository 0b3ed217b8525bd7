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
  on recording nothing. A full disk is said once; the events meanwhile are lost and the record
  starts again (saying how many were lost) when the disk takes them.
* **Not lost when moved.** Before each line the file's path is checked against the open file
  (one ``stat``): a day's file, ``days/`` or the whole state folder deleted or moved while the
  kiosk runs is noticed, logged once, and a new file started where it belongs (the ``stop``
  event lands in it).
* **Never through a link.** The file is opened with ``O_NOFOLLOW`` beside a folder that must not
  be a link (:func:`kiosk.storage.open_state_file`): a link planted there is refused in one log
  line and the record is off, never written through.

Nothing personal is written: no picture, no free text, no identifier but a per-visit counter.
No pygame here.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import json
import logging
import os
import queue
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from games import jobs
from kiosk.storage import folder_problem, open_state_file, same_file, write_all

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
#: What :func:`kiosk.storage.open_state_file` refuses for good (a link, a FIFO, a device).
_REFUSED = (errno.ELOOP, errno.ENXIO, errno.EINVAL)
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
    writes on the caller's thread (tests). A full disk is said once and the record starts again
    when it can; a folder that cannot be used, or a link where the file should be, turns the
    record off (one log line).
    """

    def __init__(self, folder: Path, keep_days: int = KEEP_DAYS, threaded: bool = True) -> None:
        self.folder = folder
        self.keep_days = max(1, keep_days)
        self.threaded = threaded
        self.enabled = True
        self.dropped = 0
        self.written = 0
        #: Events that could not be written since the last one that was (a full disk): said once.
        self.lost = 0
        self._queue: queue.SimpleQueue[dict[str, Any] | None] = queue.SimpleQueue()
        self._pending = 0
        self._lock = threading.Condition()
        self._thread: jobs.Job | None = None
        self._day = ""
        self._handle: int | None = None
        self._size = 0
        problem = folder_problem(folder)
        if problem is None and folder.is_symlink():
            problem = f"{folder} is a link: the kiosk never writes through a link (remove the link)"
        if problem is not None:
            self._disable(problem)

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
            # On a pool's thread until closed: the first event's frame starts none (games/jobs.py).
            self._thread = jobs.submit(self._loop, "kiosk-daybook")

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
            day = day_of(float(event["t"]))
        except (TypeError, ValueError, KeyError, OverflowError) as exc:
            log.warning("event not recorded (%s): %r", exc, event.get("e"))
            return
        try:
            handle = self._open_for(day)
            if handle is None:
                return
            data = line.encode("utf-8")
            write_all(handle, data)
            self._size += len(data)
            os.fsync(handle)
        except OSError as exc:
            self._close_stream()
            if exc.errno in _REFUSED:  # a link or a device in the folder: never written through
                self._disable(exc.strerror or str(exc))
                return
            if not self.lost:
                log.error("the day's record cannot be written (%s): the kiosk goes on, and the record "
                          "starts again when it can", exc.strerror or exc)
            self.lost += 1
            return
        self.written += 1
        if self.lost:
            log.warning("the day's record is written again (%d event(s) lost meanwhile)", self.lost)
            self.lost = 0

    def _open_for(self, day: str) -> int | None:
        """The open file of ``day`` (opened, and the old days pruned, when the day changes; opened
        again when it was deleted or moved, with a log line); None when the day's file is full."""
        path = day_path(self.folder, day)
        if self._handle is not None and day == self._day and not same_file(path, self._handle):
            log.warning("the day's file %s was deleted or moved while the kiosk ran: a new one is started", path)
            self._close_stream()
        if day != self._day or self._handle is None:
            self._close_stream()
            handle = open_state_file(path)
            size = os.fstat(handle).st_size
            if size > 0 and os.pread(handle, 1, size - 1) != b"\n":
                try:  # the last line was cut (a power cut, a full disk): start a fresh one
                    write_all(handle, b"\n")
                    size += 1
                except OSError:
                    os.close(handle)
                    raise
            self._handle, self._day, self._size = handle, day, size
            prune(self.folder, self.keep_days, day)
        if self._size >= MAX_DAY_BYTES:
            return None
        return self._handle

    def _close_stream(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)
        self._handle, self._day = None, ""


# --- reading ---------------------------------------------------------------------------------

#: A day file is read no further than this: the writer stops at :data:`MAX_DAY_BYTES`, and
#: finishes the line it was writing (a file longer than this is not all the kiosk's).
READ_LIMIT = MAX_DAY_BYTES + MAX_LINE + 1
#: Bytes read at a time while skipping a line too long to be an event.
_CHUNK = 1 << 16


def parse_line(raw: bytes) -> dict[str, Any] | None:
    """One line's event, or None when it is not one (cut by a power cut, garbage, not a JSON
    object with a numeric ``t`` and a string ``e``)."""
    if len(raw) > MAX_LINE:
        return None
    try:
        event = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    t = event.get("t") if isinstance(event, dict) else None
    if (not isinstance(t, (int, float)) or isinstance(t, bool) or not isinstance(event.get("e"), str)
            or not 0 <= t < 1e11):
        return None
    return event


def parse_lines(data: bytes) -> tuple[list[dict[str, Any]], int]:
    """The events in a day file's bytes, and how many lines were skipped (see :func:`parse_line`)."""
    events: list[dict[str, Any]] = []
    skipped = 0
    for raw in data.split(b"\n"):
        if not raw.strip():
            continue
        event = parse_line(raw)
        if event is None:
            skipped += 1
        else:
            events.append(event)
    return events, skipped


class Reading:
    """The events of days ``first`` to ``last`` (both included), read one line at a time when
    iterated (never a whole file in memory: a day is up to 20 MB, a span up to a year), in the
    files' order (the order they happened in, even if the clock was set back meanwhile).

    While and after iterating: ``skipped`` lines that are not events, ``missing`` days without a
    file, ``ignored`` bytes past :data:`READ_LIMIT` in a file. An unreadable file raises
    ``OSError`` during the iteration. :meth:`after` reads on into the day after ``last`` (a
    game begun before midnight ends after it)."""

    def __init__(self, folder: Path, first: dt.date, last: dt.date) -> None:
        self.folder, self.first, self.last = folder, first, last
        self.skipped = 0
        self.ignored = 0
        self.missing: list[str] = []

    def __iter__(self) -> Iterator[dict[str, Any]]:
        self.skipped, self.ignored, self.missing = 0, 0, []
        for day in _dates(self.first, self.last):
            path = day_path(self.folder, day.isoformat())
            if not path.is_file():
                self.missing.append(day.isoformat())
                continue
            yield from self._file(path)

    def after(self) -> Iterator[dict[str, Any]]:
        """The events of the day after ``last`` (none when it has no file, or ``last`` is the
        calendar's last day)."""
        if self.last >= dt.date.max:
            return
        path = day_path(self.folder, (self.last + dt.timedelta(days=1)).isoformat())
        if path.is_file():
            skipped, ignored = self.skipped, self.ignored
            try:
                yield from self._file(path)
            finally:  # what is skipped there is not this span's
                self.skipped, self.ignored = skipped, ignored

    def _file(self, path: Path) -> Iterator[dict[str, Any]]:
        with open(path, "rb") as stream:
            budget = READ_LIMIT
            while budget > 0:
                raw = stream.readline(min(MAX_LINE + 1, budget))
                if not raw:
                    return
                budget -= len(raw)
                if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                    self.skipped += 1  # too long to be an event: skip to the end of the line
                    while budget > 0 and not raw.endswith(b"\n"):
                        raw = stream.readline(min(_CHUNK, budget))
                        if not raw:
                            return
                        budget -= len(raw)
                    continue
                if not raw.strip():
                    continue
                event = parse_line(raw.rstrip(b"\n"))
                if event is None:
                    self.skipped += 1
                else:
                    yield event
            size = os.fstat(stream.fileno()).st_size
            self.ignored += max(0, size - READ_LIMIT)


def read_events(folder: Path, first: dt.date, last: dt.date) -> Reading:
    """The days ``first`` to ``last`` of ``folder``, to iterate (see :class:`Reading`)."""
    return Reading(folder, first, last)


def _dates(first: dt.date, last: dt.date) -> Iterator[dt.date]:
    """Every day from ``first`` to ``last``, both included (up to the calendar's last day)."""
    for offset in range((last - first).days + 1):
        yield first + dt.timedelta(days=offset)
