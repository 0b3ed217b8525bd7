"""The one writer policy for every file a command writes where the user said (the standard
library only: no pygame, cv2 or serial).

* A file the user did not name is never replaced; a named file that exists is refused unless
  ``--force`` (:func:`check_outputs`). What a command writes beside its named output (a
  ``.json`` sidecar, the pages ``NAME-1.png``, ``NAME-2.png`` of a multi-page print) follows
  it: all of them are checked, as a whole, before the first byte is written.
* Files appear whole: written under a temporary name beside the target, then renamed
  (:func:`write_outputs`), with the permissions the umask gives (not ``mkstemp``'s 0600).
* A stream written as it happens (a ``--record``) is created exclusively (:func:`open_stream`);
  a folder of numbered files (``--save-frames``) is claimed the same way (:func:`claim_folder`).

Every refusal is a :class:`games.cliutil.CliError` (exit 2) naming the file and the fix.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO

from games.cliutil import CliError, check_output_path, link_loop, path_problem, shown_path

#: What the refusal of an existing output says to do.
FORCE_HINT = "add --force to replace it, or name another file"


def file_mode() -> int:
    """The permissions a new file gets under the process's umask (``0o666 & ~umask``). Linux
    tells the umask in /proc; elsewhere reading it means setting it for an instant."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            umask = next(int(line.split()[1], 8) for line in status if line.startswith("Umask:"))
    except (OSError, StopIteration, ValueError, IndexError):
        umask = os.umask(0o022)
        os.umask(umask)
    return 0o666 & ~umask


def check_outputs(named: str | Path, paths: Sequence[Path], force: bool = False,
                  suffixes: tuple[str, ...] = (".png",)) -> None:
    """Refuse (CliError) before anything is written: ``named`` (the user's ``--out``) with the
    wrong suffix or in a folder that cannot be written, and any of ``paths`` (the named file,
    its sidecars, its pages) that is a folder, or that exists without ``force``."""
    check_named(named, suffixes)
    for path in paths:
        problem = path_problem(path)  # a page's or a sidecar's name is longer than the one named
        if problem:
            raise CliError(f"{problem} (written with '{shown_path(named)}')")
        try:
            _check_one(path, named, force)
        except OSError as exc:
            raise CliError(f"cannot write '{shown_path(path)}': {exc.strerror or exc}") from None


def check_named(named: str | Path, suffixes: tuple[str, ...] = (".png",)) -> None:
    """The user's ``--out`` alone (CliError): a name the file system takes, the right suffix,
    its folder writable; the first step of :func:`check_outputs`, before pages are named."""
    try:
        check_output_path(str(named), suffixes)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _check_one(path: Path, named: str | Path, force: bool) -> None:
    if link_loop(path):
        raise CliError(f"'{shown_path(path)}' is a link that loops (it leads back to itself): remove it or name "
                       "another file")
    if path.is_dir():
        raise CliError(f"cannot write '{shown_path(path)}': it is a folder")
    _refuse_special(path)
    if path.exists() or path.is_symlink():
        beside = "" if path == Path(named) else f" (written with '{shown_path(named)}')"
        if not force:
            raise CliError(f"'{shown_path(path)}' already exists{beside}: {FORCE_HINT}")
        if not os.access(path, os.W_OK):
            raise CliError(f"'{shown_path(path)}' exists and cannot be replaced (it is read-only)")


def write_outputs(files: dict[Path, bytes], mode: int | None = None) -> None:
    """Write every file whole, all or none: each goes to a temporary file beside its target
    (with :func:`file_mode`'s permissions, or ``mode``: 0600 for a file holding a secret), then
    all are renamed in place. Any failure removes the temporary files, leaves what was there
    untouched, and is a CliError."""
    mode = file_mode() if mode is None else mode
    temporary: list[tuple[Path, Path]] = []
    try:
        for target, data in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            temporary.append((Path(name), target))
            with os.fdopen(handle, "wb") as stream:
                os.fchmod(stream.fileno(), mode)
                stream.write(data)
        for temporary_path, target in temporary:
            os.replace(temporary_path, target)
    except OSError as exc:
        for temporary_path, _ in temporary:
            with contextlib.suppress(OSError):
                temporary_path.unlink()
        raise CliError(f"cannot write '{next(iter(files))}': {exc.strerror or exc}") from None


def open_stream(path: str | Path, force: bool = False) -> IO[str]:
    """A new text file for a stream written line by line (a record). Without ``force`` the file
    must not exist (checked by the creation itself, O_EXCL); with it, an existing file is replaced
    at once by the new, empty one (a rename: never half-truncated). CliError when it cannot."""
    path = Path(path)
    problem = path_problem(path)
    if problem:
        raise CliError(problem)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if force and (path.exists() or path.is_symlink()):
            if path.is_dir():
                raise IsADirectoryError(21, "it is a folder")
            _refuse_special(path)
            handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            os.fchmod(handle, file_mode())
            os.replace(name, path)
        else:
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        raise CliError(f"'{shown_path(path)}' already exists: {FORCE_HINT}") from None
    except OSError as exc:
        raise CliError(f"cannot write '{shown_path(path)}': {exc.strerror or exc}") from None
    return os.fdopen(handle, "w", encoding="utf-8")


def check_new_stream(path: str | Path, force: bool = False, reading: Iterable[str] = ()) -> None:
    """Refuse now (CliError) a stream :func:`open_stream` would refuse later: an existing file
    without ``force``, a folder, and a file that is also one of the inputs ``reading`` (writing
    it would destroy what is being read, ``--force`` or not)."""
    path = Path(path)
    problem = path_problem(path)
    if problem:
        raise CliError(problem)
    try:
        for source in reading:
            if source and _same_file(path, Path(source)):
                raise CliError(f"'{shown_path(path)}' is also the input being read: write to another file")
        if link_loop(path):
            raise CliError(f"'{shown_path(path)}' is a link that loops (it leads back to itself): remove it or "
                           "name another file")
        if path.is_dir():
            raise CliError(f"cannot write '{shown_path(path)}': it is a folder")
        _refuse_special(path)
        if (path.exists() or path.is_symlink()) and not force:
            raise CliError(f"'{shown_path(path)}' already exists: {FORCE_HINT}")
        folder = path.parent if str(path.parent) else Path(".")
        while not folder.exists() and not folder.is_symlink():
            folder = folder.parent
        if not folder.is_dir():
            raise CliError(f"cannot write '{shown_path(path)}': '{shown_path(folder)}' is not a folder")
    except OSError as exc:
        raise CliError(f"cannot write '{shown_path(path)}': {exc.strerror or exc}") from None


def _refuse_special(path: Path) -> None:
    """A device, a pipe or a socket is never replaced, ``--force`` or not (CliError)."""
    if path.exists() and not path.is_file() and not path.is_dir():
        raise CliError(f"'{path}' is not a regular file (a device or a pipe): name a file")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b) or a.resolve() == b.resolve()
    except OSError:
        return False


def check_folder(folder: str | Path, pattern: str, force: bool = False, reading: Iterable[str] = ()) -> None:
    """Refuse now (CliError) a folder :func:`claim_folder` would refuse later, changing nothing:
    a file, a folder that cannot be created or written, one holding files like ``pattern``
    without ``force``, and one of the inputs ``reading`` (``--force`` or not)."""
    path = Path(folder)
    if not str(folder).strip():
        raise CliError("the folder name is empty: name a folder")
    problem = path_problem(folder)
    if problem:
        raise CliError(problem.replace("name a shorter file", "name a shorter folder"))
    try:
        _check_folder(path, folder, pattern, force, reading)
    except OSError as exc:
        raise CliError(f"cannot use the folder '{shown_path(folder)}': {exc.strerror or exc}") from None


def _check_folder(path: Path, folder: str | Path, pattern: str, force: bool, reading: Iterable[str]) -> None:
    """:func:`check_folder`'s checks that ask the file system (an ``OSError`` is its caller's)."""
    if link_loop(path):
        raise CliError(f"'{shown_path(folder)}' is a link that loops (it leads back to itself): remove it or name "
                       "another folder")
    for source in reading:
        if source and _same_file(path, Path(source)):
            raise CliError(f"'{folder}' is also the input being read: write the frames to another folder")
    if path.exists() and not path.is_dir():
        raise CliError(f"'{folder}' is a file, not a folder: name a folder (it is created if needed)")
    existing = path
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise CliError(f"cannot create the folder '{folder}': '{existing}' is a file")
    try:  # the permission bits do not say everything (root, read-only or virtual file systems)
        os.rmdir(tempfile.mkdtemp(prefix=".probe-", dir=existing))
    except OSError as exc:
        raise CliError(f"cannot write in the folder '{existing}' ({exc.strerror or exc}): name another "
                       "folder") from None
    found = sorted(path.glob(pattern)) if path.is_dir() else []
    if found and not force:
        raise CliError(f"'{folder}' already holds {len(found)} file(s) like {found[0].name}: "
                       f"add --force to replace them, or name an empty folder")


def claim_folder(folder: str | Path, pattern: str, force: bool = False) -> Path:
    """A folder the command will fill with files named like ``pattern`` (a glob such as
    ``frame-*.png``), checked (:func:`check_folder`), created if needed. Files of that pattern
    already there are removed with ``force`` (so that the folder holds one session); other
    files are never touched. CliError naming the folder otherwise."""
    check_folder(folder, pattern, force)
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot create the folder '{shown_path(folder)}': {exc.strerror or exc}") from None
    for old in sorted(p for p in path.glob(pattern) if p.is_file() or p.is_symlink()):
        try:
            old.unlink()
        except OSError as exc:
            raise CliError(f"cannot remove '{shown_path(old)}': {exc.strerror or exc}") from None
    return path


def write_new_file(path: Path, data: bytes) -> None:
    """One file of a claimed folder, whole (temporary name, then rename) with the usual
    permissions; OSError when it cannot be written."""
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            os.fchmod(stream.fileno(), file_mode())
            stream.write(data)
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
