"""Where the kiosk keeps its files, and how it writes them so that a power cut never leaves half
a file: the configuration, the saved match, the logs.

- :func:`config_dir` and :func:`state_dir` follow the XDG base directories
  (``~/.config/jeux-maths``, ``~/.local/state/jeux-maths``).
- :func:`atomic_write` writes a temporary file beside the target, flushes and fsyncs it, then
  renames it over the target (an atomic step on POSIX filesystems): a reader sees the old file
  or the new one, never a mixture.
- :func:`read_small_file` is how the kiosk reads what it did not write itself this run (the
  configuration, the save): a regular file only (never a folder, a FIFO or a device, which could
  block or never end), at most a given size.
- :class:`SaveStore` keeps one saved match (a text and the game's key) and is the one reader of
  saves: size, nesting, types and ranges are checked before anything uses the data. An
  unreadable or corrupt save is set aside under a name that never replaces another
  (:func:`set_aside`), with a log line, never raised.
- :func:`folder_problem` says in one sentence why a state folder cannot be used and what to do
  (the kiosk logs it and runs on; ``doctor`` prints it).
- :func:`open_state_file` is how the kiosk opens a file it appends to all day (the log, the
  day's record): never through a link (a link planted in ``logs/`` or ``days/``, or either
  folder being a link, is refused in one sentence), a regular file only, and
  :func:`same_file` tells whether the path still names the open file (it was deleted or moved).

No pygame here.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from games.contract import GAME_KEY
from games.outputs import file_mode

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


def atomic_write(path: Path, text: str, new_mode: int | None = None) -> None:
    """Replace ``path`` with ``text`` in one step (temporary file, flush, fsync, rename, then an
    fsync of the folder so the rename itself survives a power cut). The file keeps its
    permissions; a new one gets ``new_mode``, by default the umask's (not ``mkstemp``'s 0600)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = file_mode() if new_mode is None else new_mode
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # library: POSIX only
        if hasattr(os, "fchmod"):
            os.fchmod(handle, mode)
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


def _os_flag(name: str) -> int:
    """The ``os`` module's flag ``name``, or 0 where the platform has none."""
    # library: a flag some platforms' os module lacks (O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY, ...)
    return int(getattr(os, name, 0))


#: How a state file is opened for appending: created if needed, never through a link, never
#: blocking (a FIFO planted there is refused, not waited on), not inherited by child processes.
_APPEND = (os.O_RDWR | os.O_APPEND | os.O_CREAT | _os_flag("O_NOFOLLOW") | _os_flag("O_NONBLOCK")
           | _os_flag("O_CLOEXEC"))
_FOLDER = os.O_RDONLY | _os_flag("O_DIRECTORY") | _os_flag("O_NOFOLLOW") | _os_flag("O_CLOEXEC")


def open_state_file(path: Path) -> int:
    """A descriptor of ``path`` opened for appending (and reading), its folder made if needed,
    never through a link: ``path`` or its folder being a link, or ``path`` not a regular file,
    raises ``OSError`` whose ``strerror`` is one sentence with the fix. The folder's own parents
    (the state folder itself, which may live on a USB stick) may be links."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        folder_fd = os.open(folder, _FOLDER)
    except OSError:
        if folder.is_symlink():
            raise OSError(errno.ELOOP, f"{folder} is a link: the kiosk never writes through a link "
                                       f"(remove the link; the kiosk makes the folder)") from None
        raise
    try:
        handle = os.open(path.name, _APPEND, file_mode(), dir_fd=folder_fd)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, f"{path} is a link: the kiosk never writes through a link "
                                       "(remove the link; the kiosk makes the file)") from None
        if exc.errno == errno.ENXIO:  # a FIFO nobody reads
            raise OSError(errno.ENXIO, f"{path} is not a regular file (move it away)") from None
        raise
    finally:
        os.close(folder_fd)
    info = os.fstat(handle)
    if not stat.S_ISREG(info.st_mode):
        os.close(handle)
        raise OSError(errno.EINVAL, f"{path} is not a regular file (move it away)")
    os.set_blocking(handle, True)
    return handle


def write_all(handle: int, data: bytes) -> None:
    """Write all of ``data`` to the descriptor ``handle`` (unbuffered: nothing is left to flush
    at the close, so a full disk fails here, on the write, never at the stop)."""
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


def same_file(path: Path, handle: int) -> bool:
    """True while ``path`` still names the file open as ``handle``: False once it was deleted,
    moved, or replaced (its folder too), so that the writer opens a new one. One ``stat`` each."""
    try:
        there = os.stat(path, follow_symlinks=False)
        mine = os.fstat(handle)
    except OSError:
        return False
    return (there.st_ino, there.st_dev) == (mine.st_ino, mine.st_dev) and mine.st_nlink > 0


class NotUsable(ValueError):
    """A file that is not what it should be (a folder, too large, not text...): the message says
    what it is in a few words."""


def read_small_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, which must hold at most ``limit`` bytes. Raises
    ``OSError`` (missing, no permission...) or :class:`NotUsable` (a folder, a FIFO, a device,
    too large); never blocks (a FIFO is opened without waiting for a writer)."""
    # library: POSIX flags
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
                     (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
            kind = next((name for test, name in kinds if test(info.st_mode)), "something else")
            raise NotUsable(f"{kind}, not a file")
        if info.st_size > limit:
            raise NotUsable(f"{info.st_size:,} bytes: too large (at most {limit:,})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # the file grew while read
            raise NotUsable(f"more than {limit:,} bytes: too large")
        return b"".join(chunks)
    finally:
        os.close(handle)


def is_unicode(text: str) -> bool:
    """True when ``text`` can be written as UTF-8 (no lone surrogate, as JSON's ``\\udc80`` makes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def set_aside(path: Path, label: str) -> Path:
    """Rename ``path`` to ``<name>.<label>-<date>-<time>`` beside it, never replacing a file
    already there (a second one within the same second becomes ``...-2``). Returns the new
    path; raises ``OSError`` when the file cannot be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(1, 1000):
        target = path.with_name(f"{path.name}.{label}-{stamp}" + (f"-{attempt}" if attempt > 1 else ""))
        try:
            os.link(path, target)  # fails when the target exists: nothing is ever replaced
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV) or target.exists():
                raise
            os.rename(path, target)  # a file system without hard links (or a folder to move)
            return target
        os.unlink(path)
        return target
    raise FileExistsError(errno.EEXIST, "too many set-aside copies", str(path))


def folder_problem(folder: Path) -> str | None:
    """None when ``folder`` exists (or can be made) and takes a new file; otherwise one sentence
    naming the folder, what is wrong and what to do. Makes the folder; leaves nothing else."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".probe-", dir=folder)
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        return describe_folder_error(folder, exc)
    return None


def describe_folder_error(folder: Path, exc: OSError) -> str:
    """One sentence for a folder that cannot be made or written, with the fix."""
    blocker = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        fix = "move it away" if APP_DIR in blocker.parts else "set XDG_STATE_HOME to a folder the kiosk can write"
        return f"{folder} cannot be made: {blocker} is not a folder ({fix})"
    if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
        return (f"cannot write in {folder}: {exc.strerror or exc} (give the kiosk's user the right to write "
                "there, e.g. chown -R $USER, or set XDG_STATE_HOME to a folder it can write)")
    return f"cannot write in {folder}: {exc.strerror or exc} (set XDG_STATE_HOME to a folder the kiosk can write)"


@dataclass(frozen=True)
class Saved:
    """A saved match: which game, and the match's own text (:meth:`games.match.Match.to_text`)."""

    game: str
    text: str


def parse_save(data: bytes) -> Saved:
    """Check a save's bytes and return what it holds; raises :class:`NotUsable` saying what is
    wrong (nothing is used before every check passed)."""
    try:
        envelope = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise NotUsable("not UTF-8 text") from None
    except RecursionError:
        raise NotUsable("nested too deeply for a save") from None
    except ValueError as exc:
        raise NotUsable(f"not JSON ({exc})") from None
    if not isinstance(envelope, dict) or envelope.get("format") != SAVE_FORMAT:
        raise NotUsable(f'not a save (no "format": "{SAVE_FORMAT}")')
    game, text = envelope.get("game"), envelope.get("match")
    if not isinstance(game, str) or not GAME_KEY.fullmatch(game):
        raise NotUsable('its "game" is not a game\'s key (lower-case letters, digits and _)')
    if not isinstance(text, str) or not text or not is_unicode(text):
        raise NotUsable('its "match" is not a match\'s text')
    return Saved(game, text)


class SaveStore:
    """One saved match in ``path`` (a small JSON envelope around the match's text)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        #: The last save failed (said once in the log, again when saving works again).
        self.failing = False

    def save(self, game: str, text: str) -> bool:
        """Write the match atomically (see :func:`atomic_write`). A folder that cannot be
        written is logged once (not at every move) and the game goes on; returns False then."""
        envelope = {"format": SAVE_FORMAT, "game": game, "saved_at": round(time.time(), 3), "match": text}
        try:
            atomic_write(self.path, json.dumps(envelope, ensure_ascii=False))
        except OSError as exc:
            if not self.failing:
                log.error("the game in progress is not saved: %s", describe_folder_error(self.path.parent, exc))
            self.failing = True
            return False
        if self.failing:
            log.info("saving works again in %s", self.path.parent)
        self.failing = False
        return True

    def load(self) -> Saved | None:
        """The saved match, or None when there is none. A file that cannot be read or makes no
        sense is moved aside (``*.corrupt-<time>``) and logged: the kiosk starts on the menu."""
        try:
            return parse_save(read_small_file(self.path, MAX_SAVE_BYTES))
        except (FileNotFoundError, NotADirectoryError):
            return None  # no save (or no state folder: the kiosk said so when it started)
        except (OSError, NotUsable) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.set_aside(reason)
            return None

    def set_aside(self, reason: str, label: str = "corrupt") -> Path | None:
        """Move the save out of the way (kept for a post-mortem, or for a person to put back)
        and log why."""
        try:
            target = set_aside(self.path, label)
        except OSError as exc:
            log.error("save %s cannot be used (%s) and could not be moved aside: %s", self.path, reason,
                      exc.strerror or exc)
            return None
        log.warning("save %s set aside as %s: %s", self.path, target.name, reason)
        return target

    def clear(self) -> None:
        """Forget the save (the game ended, or the visitor went back to the menu)."""
        try:
            self.path.unlink()
        except (FileNotFoundError, NotADirectoryError):
            pass
        except OSError as exc:
            log.error("the finished game's save %s cannot be removed: %s", self.path, exc.strerror or exc)
