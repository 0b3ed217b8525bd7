"""Where the kiosk keeps its files, and how it writes them so that a power cut never leaves half
a file: the configuration, the saved match, the logs.

- :func:`config_dir` and :func:`state_dir` follow the XDG base directories
  (``~/.config/jeux-maths``, ``~/.local/state/jeux-maths``).
- :func:`atomic_write` writes a temporary file beside the target, flushes and fsyncs it, then
  renames it over the target (an atomic step on POSIX filesystems): a reader sees the old file
  or the new one, never a mixture.
- :class:`SaveStore` keeps one saved match (a text and the game's key). An unreadable or
  corrupt save is set aside under another name with a log line, never raised.

No pygame here.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

APP_DIR = "jeux-maths"
SAVE_FORMAT = "jeux-save/1"
#: A save larger than this is not a save (a match's text is a few kB at most).
MAX_SAVE_BYTES = 2_000_000

log = logging.getLogger("kiosk.storage")


def _xdg(variable: str, default: str) -> Path:
    value = os.environ.get(variable, "")
    # The XDG specification: a relative path in the variable is invalid and must be ignored.
    base = Path(value) if value and Path(value).is_absolute() else Path.home() / default
    return base / APP_DIR


def config_dir() -> Path:
    """``$XDG_CONFIG_HOME/jeux-maths`` (``~/.config/jeux-maths``): where ``kiosk.toml`` lives."""
    return _xdg("XDG_CONFIG_HOME", ".config")


def state_dir() -> Path:
    """``$XDG_STATE_HOME/jeux-maths`` (``~/.local/state/jeux-maths``): the save and the logs."""
    return _xdg("XDG_STATE_HOME", ".local/state")


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step (temporary file, flush, fsync, rename, then an
    fsync of the folder so the rename itself survives a power cut)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # not every platform can open a folder
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


@dataclass(frozen=True)
class Saved:
    """A saved match: which game, and the match's own text (:meth:`games.match.Match.to_text`)."""

    game: str
    text: str


class SaveStore:
    """One saved match in ``path`` (a small JSON envelope around the match's text)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def save(self, game: str, text: str) -> None:
        """Write the match atomically (see :func:`atomic_write`)."""
        envelope = {"format": SAVE_FORMAT, "game": game, "saved_at": round(time.time(), 3), "match": text}
        atomic_write(self.path, json.dumps(envelope, ensure_ascii=False))

    def load(self) -> Saved | None:
        """The saved match, or None when there is none. A file that cannot be read or makes no
        sense is moved aside (``*.corrupt-<time>``) and logged: the kiosk starts on the menu."""
        try:
            if not self.path.exists():
                return None
            if self.path.stat().st_size > MAX_SAVE_BYTES:
                raise ValueError(f"{self.path.stat().st_size} bytes is too large for a save")
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise ValueError(f'not a save (no "format": "{SAVE_FORMAT}")')
            game, text = data.get("game"), data.get("match")
            if not isinstance(game, str) or not isinstance(text, str) or not game:
                raise ValueError('a save names its "game" and holds its "match" as strings')
            return Saved(game, text)
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            self.set_aside(f"{type(exc).__name__}: {exc}")
            return None

    def set_aside(self, reason: str) -> Path | None:
        """Move the save out of the way (kept for a post-mortem) and log why."""
        target = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(self.path, target)
        except OSError as exc:
            log.error("save %s is unreadable (%s) and could not be moved aside: %s", self.path, reason, exc)
            with contextlib.suppress(OSError):
                self.path.unlink()
            return None
        log.warning("save %s set aside as %s: %s", self.path, target.name, reason)
        return target

    def clear(self) -> None:
        """Forget the save (the game ended, or the visitor went back to the menu)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
