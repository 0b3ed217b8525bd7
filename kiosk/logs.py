"""The kiosk's log: rotating files in the user's state directory, so a day at the fair leaves a
record (errors with their tracebacks, devices coming and going) without ever filling the disk.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

from kiosk.storage import folder_problem, state_dir

LOG_NAME = "kiosk.log"
#: 1 MB per file, five old files kept: weeks of fairs in 6 MB.
MAX_BYTES = 1_000_000
BACKUPS = 5
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("kiosk.logs")


def log_dir() -> Path:
    """``~/.local/state/jeux-maths/logs``."""
    return state_dir() / "logs"


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
            handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                           encoding="utf-8", errors="backslashreplace")
        except OSError as exc:  # kiosk.log itself is a folder, or cannot be opened
            problem = f"{path} cannot be opened: {exc.strerror or exc} (move it away)"
    if handler is not None:
        handler.setFormatter(logging.Formatter(FORMAT))
        _added.append(handler)
        root.addHandler(handler)
    if echo or problem:
        stream = logging.StreamHandler(sys.stderr)
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
    """Flush and detach the handlers :func:`setup_logging` added (tests, a clean exit)."""
    root = logging.getLogger()
    while _added:
        handler = _added.pop(0)
        root.removeHandler(handler)
        handler.close()
