"""The kiosk's log: rotating files in the user's state directory, so a day at the fair leaves a
record (errors with their tracebacks, devices coming and going) without ever filling the disk.

The file is written by :class:`StateLogHandler`, not the standard library's rotating handler,
because a kiosk's log must survive what a stand does to it: a full disk (said once on stderr,
then lines are dropped until the disk takes them again; nothing is buffered, so the stop never
fails on a flush), the file or its folder deleted or moved while the kiosk runs (a new file is
started and says so), and a link planted in its place (never written through, see
:func:`kiosk.storage.open_state_file`).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import sys
from pathlib import Path

from kiosk.storage import folder_problem, open_state_file, same_file, state_dir, write_all

LOG_NAME = "kiosk.log"
#: 1 MB per file, five old files kept: weeks of fairs in 6 MB.
MAX_BYTES = 1_000_000
BACKUPS = 5
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("kiosk.logs")


def log_dir() -> Path:
    """``~/.local/state/jeux-maths/logs``."""
    return state_dir() / "logs"


class StateLogHandler(logging.Handler):
    """Appends each record to ``path`` with one ``write`` (no buffer), rotating at ``max_bytes``
    into ``path.1`` ... ``path.<backups>``. A failure to write (a full disk) is said once on
    stderr and the record dropped; when writing works again, a line says how many were lost. A
    file deleted or moved meanwhile is noticed at the next record (one ``stat``: records are
    rare, a few a minute) and a new one started. Raises ``OSError`` at construction when the
    file cannot be opened (a link, a folder)."""

    def __init__(self, path: Path, max_bytes: int = MAX_BYTES, backups: int = BACKUPS) -> None:
        super().__init__()
        self.path = path
        self.max_bytes = max_bytes
        self.backups = backups
        #: Records that could not be written since the last one that was (0: all well).
        self.lost = 0
        self._handle: int | None = open_state_file(path)

    def emit(self, record: logging.LogRecord) -> None:
        """Write ``record`` (never raises: a kiosk's log must never stop the kiosk)."""
        try:
            data = (self.format(record) + "\n").encode("utf-8", "backslashreplace")
        except Exception:  # noqa: BLE001 - a bad format string is the logging module's usual report
            self.handleError(record)
            return
        try:
            handle = self._ready(len(data))
            if self.lost:
                write_all(handle, f"{_now()} WARNING kiosk.logs: {self.lost} log line(s) lost while "
                                    f"{self.path} could not be written\n".encode())
                _say(f"kiosk log: {self.path} can be written again")
                self.lost = 0
            write_all(handle, data)
        except OSError as exc:
            if not self.lost:
                _say(f"kiosk log: cannot write {self.path}: {exc.strerror or exc}; the kiosk runs on "
                     "(log lines are lost until it can write again)")
            self.lost += 1
            self._close_handle()

    def _ready(self, size: int) -> int:
        """The open file, reopened when it was deleted or moved, rotated when ``size`` more bytes
        would pass :attr:`max_bytes`."""
        if self._handle is not None and not same_file(self.path, self._handle):
            self._close_handle()
            _say(f"kiosk log: {self.path} was deleted or moved; a new one is started")
            self._handle = open_state_file(self.path)
            write_all(self._handle, f"{_now()} WARNING kiosk.logs: {self.path.name} was deleted or moved "
                                      "while the kiosk ran: a new one starts here\n".encode())
        if self._handle is None:
            self._handle = open_state_file(self.path)
        if self.max_bytes > 0 and os.fstat(self._handle).st_size + size > self.max_bytes:
            self._close_handle()
            self._rotate()
            self._handle = open_state_file(self.path)
        return self._handle

    def _rotate(self) -> None:
        """``path.4`` -> ``path.5`` ... ``path`` -> ``path.1`` (renames: a link is moved, never
        followed)."""
        for k in range(self.backups - 1, 0, -1):
            older = self.path.with_name(f"{self.path.name}.{k}")
            if older.exists() or older.is_symlink():
                os.replace(older, self.path.with_name(f"{self.path.name}.{k + 1}"))
        if self.backups > 0:
            os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))
        else:
            self.path.unlink()

    def _close_handle(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)
            self._handle = None

    def close(self) -> None:
        """Close the file (nothing is buffered: closing never fails on a full disk)."""
        with self.lock or contextlib.nullcontext():
            self._close_handle()
        super().close()


class QuietStream(logging.StreamHandler):
    """stderr's handler: a stderr that cannot be written (a file on a full disk, a closed pipe)
    drops the line silently instead of printing a traceback per line on that same stderr."""

    def handleError(self, record: logging.LogRecord) -> None:
        """Say nothing: where would it go?"""


def _say(line: str) -> None:
    """One line on stderr, if stderr takes it."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)


def _now() -> str:
    return logging.Formatter(FORMAT).formatTime(logging.makeLogRecord({}))


#: The handlers :func:`setup_logging` added to the root logger, to remove them again.
_added: list[logging.Handler] = []


def setup_logging(folder: Path | None = None, echo: bool = True) -> Path | None:
    """Send the ``kiosk`` loggers (and everything else at WARNING) to a rotating file in
    ``folder``; warnings are echoed on stderr too (the systemd journal) when ``echo``. Returns
    the log file's path, or None when the folder cannot take it: the kiosk then runs on and logs
    to stderr only (the systemd journal), saying so there first in one line (with the fix). Calling it again
    replaces the previous set-up."""
    folder = folder or log_dir()
    path = folder / LOG_NAME
    root = logging.getLogger()
    close_logging()
    problem = folder_problem(folder)
    handler: logging.Handler | None = None
    if problem is None:
        try:
            # backslashreplace: a line quoting a lone surrogate (a hostile save) is still written
            handler = StateLogHandler(path, MAX_BYTES, BACKUPS)
        except OSError as exc:  # kiosk.log is a folder, a link (never followed), or cannot be opened
            problem = (exc.strerror if exc.errno in (errno.ELOOP, errno.ENXIO, errno.EINVAL) and exc.strerror
                       else f"{path} cannot be opened: {exc.strerror or exc} (move it away)")
    if handler is not None:
        handler.setFormatter(logging.Formatter(FORMAT))
        _added.append(handler)
        root.addHandler(handler)
    if echo or problem:
        stream = QuietStream(sys.stderr)
        stream.setLevel(logging.INFO if problem else logging.WARNING)  # no file: the whole log there
        stream.setFormatter(logging.Formatter(FORMAT))
        _added.append(stream)
        root.addHandler(stream)
    root.setLevel(logging.WARNING)
    logging.getLogger("kiosk").setLevel(logging.INFO)
    if problem:
        log.warning("no log file: %s; the kiosk runs on and logs to stderr only (`python main.py doctor` "
                    "checks the folders)", problem)
        return None
    return path


def close_logging() -> None:
    """Flush and detach the handlers :func:`setup_logging` added (tests, a clean exit). Never
    raises: a stream that cannot be flushed (stderr on a full disk) is closed all the same."""
    root = logging.getLogger()
    while _added:
        handler = _added.pop(0)
        root.removeHandler(handler)
        with contextlib.suppress(OSError, ValueError):
            handler.close()
