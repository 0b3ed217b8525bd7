"""Caches with a budget in bytes, and the memory of the process and its workers.

A kiosk runs all day and meets a new position, a new seed, a new screen at every visit: a cache
bounded by a number of entries is unbounded in bytes (one entry can be a full-screen layer at
4K, or a tiny label). Every cache of the program is a :class:`ByteCache` (or a function under
:func:`budgeted`, the same thing as ``functools.lru_cache``), with a budget in bytes: the least
recently used entries go as soon as the entries' sizes add up to more. Each cache is listed by
name with its size and budget (:func:`caches`, :func:`report`): ``doctor --json``, the operator
screen and the soaks show them, and docs/kiosk.md writes the budgets down.

A cache may belong to a *scope* (a game, the physical mode): the scene stack releases a scope's
caches when the last screen using it is left, so a screen gives back what it alone used.

Sizes are measured by :func:`sizeof`: numpy arrays by their buffer, containers by their items,
and types registered with :func:`register_sizer` (``kiosk`` registers pygame surfaces: this
module imports neither pygame nor numpy).
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import re
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

MB = 1024 * 1024
#: Resident memory the kiosk and its worker processes may use at 1920x1080 with the camera and
#: the LED board (issue 22's target; ``doctor`` warns above it).
TARGET_MB = 350
_MISSING = object()
_KWARGS = object()
#: Containers are measured this deep (a tuple of tuples of arrays); deeper, only the shell.
_DEPTH = 4

_sizers: list[tuple[type, Callable[[Any], int]]] = []
_caches: weakref.WeakSet[ByteCache] = weakref.WeakSet()
_registry_lock = threading.Lock()


def register_sizer(kind: type, measure: Callable[[Any], int]) -> None:
    """Measure values of ``kind`` (and its subclasses) with ``measure(value) -> bytes``."""
    _sizers.insert(0, (kind, measure))


def sizeof(value: Any, depth: int = 0) -> int:
    """Bytes ``value`` holds: a registered sizer's answer, a buffer's ``nbytes``, a container's
    items, else ``sys.getsizeof``."""
    for kind, measure in _sizers:
        if isinstance(value, kind):
            return measure(value)
    # library: numpy arrays and pygame buffers say their size, other cached values not
    nbytes = getattr(value, "nbytes", None)
    if isinstance(nbytes, int):  # numpy arrays, memoryviews
        return nbytes + 112
    shell = sys.getsizeof(value)
    if depth >= _DEPTH:
        return shell
    if isinstance(value, tuple | list | set | frozenset):
        return shell + sum(sizeof(item, depth + 1) for item in value)
    if isinstance(value, dict):
        return shell + sum(sizeof(k, depth + 1) + sizeof(v, depth + 1) for k, v in value.items())
    return shell


class ByteCache:
    """A least-recently-used cache whose entries' sizes add up to at most ``budget`` bytes.

    A value larger than the whole budget is kept alone (the cache then holds that one entry).
    ``scope`` names the screen
    (a game's key, ``"physical"``) that alone uses the cache: :func:`release` empties it when
    that screen is left. Thread-safe (computer players and background work read caches too).
    """

    def __init__(self, name: str, budget: int, scope: str | None = None,
                 sizer: Callable[[Any], int] = sizeof) -> None:
        self.name, self.budget, self.scope, self.sizer = name, int(budget), scope, sizer
        self._entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.RLock()
        self.nbytes = 0
        self.hits = self.misses = self.evictions = 0
        with _registry_lock:
            _caches.add(self)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value under ``key`` (now the most recently used), or ``default``."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                return default
            self._entries.move_to_end(key)
            self.hits += 1
            return entry[0]

    def put(self, key: Hashable, value: Any, size: int | None = None) -> Any:
        """Keep ``value`` under ``key`` (measured unless ``size`` is given), evicting the least
        recently used entries to stay within the budget; returns ``value``."""
        size = self.sizer(value) if size is None else size
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.nbytes -= old[1]
            # Room is made even for a value larger than the whole budget (it is then kept alone:
            # a full-screen layer on a 4K screen must not be drawn again at every frame).
            while self._entries and self.nbytes + size > self.budget:
                _, (_, freed) = self._entries.popitem(last=False)
                self.nbytes -= freed
                self.evictions += 1
            self._entries[key] = (value, size)
            self.nbytes += size
        return value

    def pop(self, key: Hashable) -> Any:
        """Remove ``key``'s entry; its value, or None."""
        with self._lock:
            entry = self._entries.pop(key, None)
            if entry is None:
                return None
            self.nbytes -= entry[1]
            return entry[0]

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()
            self.nbytes = 0

    def as_dict(self) -> dict[str, Any]:
        """Name, scope, entries, bytes and budget, hits, misses and evictions (``doctor --json``,
        the soaks: a cache whose hit rate falls over a day is too small for the day)."""
        return {"name": self.name, "scope": self.scope, "entries": len(self._entries), "bytes": self.nbytes,
                "budget": self.budget, "hits": self.hits, "misses": self.misses, "evictions": self.evictions}


class Budgeted(Generic[P, R]):
    """A function whose results are kept in a :class:`ByteCache` (see :func:`budgeted`)."""

    def __init__(self, function: Callable[P, R], cache: ByteCache) -> None:
        self.function, self.cache = function, cache
        functools.update_wrapper(self, function)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        """The cached result for these arguments, computed on a miss."""
        key: Hashable = args if not kwargs else (*args, _KWARGS, *sorted(kwargs.items()))
        found = self.cache.get(key, _MISSING)
        if found is not _MISSING:
            return found
        result = self.function(*args, **kwargs)
        self.cache.put(key, result)
        return result

    def cache_clear(self) -> None:
        """Forget every result (as ``functools.lru_cache``)."""
        self.cache.clear()


def budgeted(budget: int, name: str | None = None, scope: str | None = None,
             sizer: Callable[[Any], int] = sizeof) -> Callable[[Callable[P, R]], Budgeted[P, R]]:
    """``functools.lru_cache`` with a budget in bytes instead of a number of entries: the
    cache is named after the function unless ``name`` is given."""

    def wrap(function: Callable[P, R]) -> Budgeted[P, R]:
        label = name or f"{function.__module__}.{function.__qualname__}"
        return Budgeted(function, ByteCache(label, budget, scope, sizer))

    return wrap


def caches() -> list[ByteCache]:
    """Every live cache, by name."""
    with _registry_lock:
        return sorted(_caches, key=lambda cache: cache.name)


def release(scopes: Iterable[str]) -> int:
    """Empty the caches of ``scopes`` (their screens were left) and give the freed pages back
    to the system; returns the bytes freed."""
    wanted = set(scopes)
    freed = 0
    for cache in caches():
        if cache.scope in wanted and cache.nbytes:
            freed += cache.nbytes
            cache.clear()
    if freed:
        trim()
    return freed


def release_all() -> None:
    """Empty every cache (a new display, the end of a test)."""
    for cache in caches():
        cache.clear()


# --- the process's memory -------------------------------------------------------------------------

#: glibc's ``M_MMAP_THRESHOLD``: blocks at least this big get pages of their own, given back to the
#: system when freed. glibc raises its threshold on its own (up to 32 MB) after the first big block
#: is freed; from then on camera frames, layers and search tables of a few MB were carved out of the
#: heap, whose freed middle never goes back: the kiosk's memory grew by steps that never came down
#: (measured: a physical game's synthetic camera, 410 MB after one visit and +40 MB at each
#: visit; with the threshold kept, 291 MB and flat).
MMAP_THRESHOLD = 128 * 1024
#: glibc's malloc arenas at most: each thread that allocates (the camera's reader, the LED
#: board's writer, thinking threads) may otherwise get an arena of its own whose freed pages stay.
ARENA_MAX = 2
_M_MMAP_THRESHOLD, _M_ARENA_MAX = -3, -8


@functools.cache
def _libc() -> Any:
    """glibc, or None (another C library, another system)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        # library: glibc only
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


def keep_big_blocks_apart() -> bool:
    """Fix glibc's mmap threshold at :data:`MMAP_THRESHOLD` and its arenas at :data:`ARENA_MAX`
    in this process, and in the processes it starts (the workers read ``MALLOC_MMAP_THRESHOLD_``
    and ``MALLOC_ARENA_MAX``); False where it cannot be done."""
    os.environ.setdefault("MALLOC_MMAP_THRESHOLD_", str(MMAP_THRESHOLD))
    os.environ.setdefault("MALLOC_ARENA_MAX", str(ARENA_MAX))
    libc = _libc()
    return bool(libc is not None and libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
                and libc.mallopt(_M_ARENA_MAX, ARENA_MAX))


def trim() -> None:
    """Give the heap's free pages back to the system (glibc's ``malloc_trim``; a few ms)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


class _MallInfo2(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (glibc 2.33 and later): every field a ``size_t``."""

    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
                 "fordblks", "keepcost")]


def heap() -> dict[str, float] | None:
    """glibc's own account of the heap, in MB: ``in_use`` (what the program holds), ``free`` (freed
    but kept in the heap: fragmentation, given back only by :func:`trim`'s whole pages) and
    ``mapped`` (big blocks on pages of their own). Growth of the resident memory that none of
    these shows is outside malloc (the X server's shared memory, a library's own mappings).
    None without glibc 2.33's ``mallinfo2``."""
    libc = _libc()
    # library: glibc 2.33 and later
    if libc is None or not hasattr(libc, "mallinfo2"):
        return None
    libc.mallinfo2.restype = _MallInfo2
    info = libc.mallinfo2()
    return {"in_use": round(info.uordblks / MB, 1), "free": round(info.fordblks / MB, 1),
            "mapped": round(info.hblkhd / MB, 1)}


def pymalloc() -> dict[str, float] | None:
    """Python's own allocator for small objects, in MB: ``arenas`` (its 1 MiB blocks taken from
    the system, resident once written; beside glibc's heap, so :func:`heap` does not see them),
    ``in_use`` (the objects in them) and ``highwater`` (the most arenas it ever held). Arenas
    much larger than their objects are fragmentation: an arena goes back only once empty.
    None where CPython's statistics or a C library's ``open_memstream`` cannot be had."""
    libc = _libc()
    # library: CPython's private allocator report
    stats = getattr(ctypes.pythonapi, "_PyObject_DebugMallocStats", None)
    # library: POSIX 2008 libc
    if libc is None or stats is None or not hasattr(libc, "open_memstream"):
        return None
    libc.open_memstream.restype = ctypes.c_void_p
    libc.open_memstream.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t)]
    libc.fclose.argtypes = [ctypes.c_void_p]
    libc.free.argtypes = [ctypes.c_void_p]
    stats.argtypes = [ctypes.c_void_p]
    buffer, size = ctypes.c_void_p(), ctypes.c_size_t()
    stream = libc.open_memstream(ctypes.byref(buffer), ctypes.byref(size))
    if not stream:
        return None
    try:
        stats(stream)  # an in-memory stream: nothing is written to stderr (0.2 ms)
    finally:
        libc.fclose(stream)  # sets buffer and size
    try:
        text = ctypes.string_at(buffer.value, size.value).decode("ascii", "replace") if buffer.value else ""
    finally:
        libc.free(buffer)
    numbers: dict[str, int] = {}
    for line in text.splitlines():
        if line.startswith("# ") and "=" in line:
            label, _, value = line[2:].partition("=")
            with contextlib.suppress(ValueError):
                numbers[label.strip()] = int(value.strip().replace(",", ""))
    arenas, highwater = numbers.get("arenas allocated current"), numbers.get("arenas highwater mark")
    used = numbers.get("bytes in allocated blocks")
    arena = re.search(r"arenas \* (\d+) bytes/arena", text)  # 1 MiB since Python 3.10, 256 KiB before
    if arenas is None or highwater is None or used is None or arena is None:
        return None
    arena_bytes = int(arena.group(1))
    return {"arenas": round(arenas * arena_bytes / MB, 1), "in_use": round(used / MB, 1),
            "highwater": round(highwater * arena_bytes / MB, 1)}


def rss_bytes(pid: int | str = "self", part: str = "VmRSS") -> int:
    """Resident memory of process ``pid`` in bytes (Linux ``/proc``; 0 elsewhere or once gone).
    ``part="RssFile"``: only the pages of mapped files (the libraries' code, mostly): clean,
    shared, and more of them resident when the files are freshly in the page cache (a new
    ``.venv``: the kernel maps a faulting page's cached neighbours too), whatever the kiosk does."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as stream:
            for line in stream:
                if line.startswith(part + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def children(pid: int | None = None) -> list[int]:
    """The live child processes of ``pid`` (this process by default): the worker processes."""
    pid = os.getpid() if pid is None else pid
    found = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stream:
                fields = stream.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 1 and fields[1] == str(pid) and fields[0] != "Z":
            found.append(int(entry))
    return sorted(found)


def open_files(pid: int | str = "self") -> int:
    """File descriptors open in ``pid`` (0 where ``/proc`` cannot tell)."""
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def report() -> dict[str, Any]:
    """The process's memory (its own and its workers'), and every cache against its budget."""
    own = rss_bytes()
    workers = children()
    worker_bytes = sum(rss_bytes(pid) for pid in workers)
    listed = [cache.as_dict() for cache in caches()]
    return {
        "rss_mb": round(own / MB, 1),
        # Its heaps and mappings alone, without the libraries' pages: what the kiosk holds.
        "rss_anon_mb": round(rss_bytes(part="RssAnon") / MB, 1),
        "workers": len(workers),
        "workers_rss_mb": round(worker_bytes / MB, 1),
        "total_rss_mb": round((own + worker_bytes) / MB, 1),
        "threads": threading.active_count(),
        "open_files": open_files(),
        # Blocks Python's own allocator has handed out (objects, strings, numbers): a leak of
        # small objects shows here long before it stands out of the resident memory's noise.
        "python_blocks": sys.getallocatedblocks(),
        "heap_mb": heap(),
        "pymalloc_mb": pymalloc(),
        "caches_mb": round(sum(c["bytes"] for c in listed) / MB, 1),
        "budgets_mb": round(sum(c["budget"] for c in listed) / MB, 1),
        "caches": listed,
    }


def write_snapshot(path: str | os.PathLike[str], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Write :func:`report` (with this process's id, the time and ``extra``) to ``path`` as JSON,
    in one step (a new temporary file, never an existing one or a link, renamed): the kiosk does
    it every minute for ``doctor``. Raises ``OSError`` when it cannot (a full disk), leaving no
    temporary file behind."""
    import contextlib
    import json
    import tempfile
    import time

    data = {"pid": os.getpid(), "time": time.time(), **report(), **(extra or {})}
    folder = os.path.dirname(os.fspath(path)) or "."
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    try:
        os.fchmod(handle, 0o644)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(data, stream)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return data


def read_snapshot(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The snapshot at ``path`` if the process that wrote it still runs, else None."""
    import json

    try:
        with open(path, encoding="utf-8") as stream:
            data = json.load(stream)
        os.kill(int(data["pid"]), 0)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return data if isinstance(data, dict) else None
