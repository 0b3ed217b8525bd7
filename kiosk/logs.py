"""The kiosk's log: rotating files in the user's state directory, so a day at the fair leaves a
record (errors with their tracebacks, devices coming and going) without ever filling the disk.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

from kiosk.storage import state_dir

LOG_NAME = "kiosk.log"
#: 1 MB per file, five old files kept: weeks of fairs in 6 MB.
MAX_BYTES = 1_000_000
BACKUPS = 5
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_dir() -> Path:
    """``~/.local/state/jeux-maths/logs``."""
    return state_dir() / "logs"


#: The handlers :func:`setup_logging` added to the root logger, to remove them again.
_added: list[logging.Handler] = []


def setup_logging(folder: Path | None = None, echo: bool = True) -> Path:
    """Send the ``kiosk`` loggers (and everything else at WARNING) to a rotating file in
    ``folder``; warnings are echoed on stderr too (the systemd journal) when ``echo``. Returns
    the log file's path. Calling it again replaces the previous set-up."""
    folder = folder or log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOG_NAME
    root = logging.getLogger()
    close_logging()
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    handler.setFormatter(logging.Formatter(FORMAT))
    _added.append(handler)
    root.addHandler(handler)
    if echo:
        stream = logging.StreamHandler(sys.stderr)
        stream.setLevel(logging.WARNING)
        stream.setFormatter(logging.Formatter(FORMAT))
        _added.append(stream)
        root.addHandler(stream)
    root.setLevel(logging.WARNING)
    logging.getLogger("kiosk").setLevel(logging.INFO)
    return path


def close_logging() -> None:
    """Flush and detach the handlers :func:`setup_logging` added (tests, a clean exit)."""
    root = logging.getLogger()
    while _added:
        handler = _added.pop(0)
        root.removeHandler(handler)
        handler.close()
