"""The exact analysis of one awélé move: does it end, or loop for ever? (no pygame)

A move is a sequence of laps (see :mod:`games.awele.rules`). Call the pair (board, pit about to
be emptied) the move's *state*: it decides every later lap, so a move loops if and only if a
state comes back. Two facts make the check cheap and exact:

1. **A state has at most one possible previous lap.** Say the last lap sowed ``s = k n + d``
   seeds (``n`` pits, ``0 <= d < n``) from pit ``q``, ending in pit ``p = q + d``. Pit ``q`` now
   holds exactly ``k`` seeds, the ``d`` pits after it up to ``p`` got ``k + 1``, and every other
   pit got ``k``. So ``k`` is the smallest pit of the board, and ``q`` is the nearest pit at or
   before ``p`` holding ``k`` (every pit strictly between holds more). Both are read off the
   board, and the board before the lap follows. Hence a move that never ends comes back to its
   very first state: a state met twice first would have two previous laps.
2. **Laps commute with turning the board.** If the move reaches its first state turned by
   ``r`` pits after ``L`` laps, it reaches it turned by ``2r`` after ``2L`` laps, and so on: it
   loops, with period ``L * n / gcd(r, n)`` laps. In the frame of the pit to sow (lane 0 = that
   pit), the turned first state *is* the first state, so one comparison per lap finds it.

So the check runs laps until the last seed falls into an empty pit (the move ends) or the
first state comes back in that frame (the move loops); nothing else decides. The laps run in
``sowing.c``, compiled by the Makefile (or here, on first use, when a C compiler is present) and
loaded with ctypes: about 450 million laps a second where a lap runs in the vector registers
(x86 with SSSE3), 175 million with the portable table lap; :class:`MoveCheck` falls back to the
same algorithm in pure Python (a few hundred times slower) without a compiler. A check runs in
slices (``run(max_laps)``), so callers can stop at a deadline and resume later.

The cost of a check is the number of laps it runs: a move that ends stops within a few hundred
laps in real games; a move that loops runs once round its cycle (up to about 80 million laps in
10,000 random games at 6 seeds a pit). Fact 1 leaves nothing to skip: the first state is the
only one that can come back, and it comes back after exactly one cycle.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from math import gcd
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "sowing.c"
LIBRARY = HERE / "_sowing.so"
#: The compiled laps keep one pit per byte: at most 255 seeds in all, at most 16 pits.
KERNEL_MAX_SEEDS = 255
KERNEL_MAX_PITS = 16
#: Set to 1 to use the pure-Python laps even when the compiled ones are available.
PURE_PYTHON_ENV = "AWELE_PURE_PYTHON"


@dataclass(frozen=True)
class Sown:
    """A move that ends: ``laps`` laps, final ``board``, the ``last`` pit (0-based)."""

    board: tuple[int, ...]
    last: int
    laps: int

    loops = False


@dataclass(frozen=True)
class Loop:
    """A move that never ends: the pair (board, pit to empty) comes back every ``period`` laps.
    ``laps_before_loop`` is always 0 (fact 1 above) and kept for the reports that print it."""

    period: int
    laps_before_loop: int = 0

    loops = True


Sowing = Sown | Loop


def sow_lap(board: list[int], start: int) -> int:
    """Empty ``board[start]`` (0-based index) and sow its seeds into the following pits, in
    place; return the index where the last seed fell. Full turns are added in one go."""
    n = len(board)
    seeds = board[start]
    board[start] = 0
    full, rest = divmod(seeds, n)
    if full:
        for i in range(n):
            board[i] += full
    i = start
    for _ in range(rest):
        i += 1
        if i == n:
            i = 0
        board[i] += 1
    return (start + seeds) % n


# --- the compiled laps ---------------------------------------------------------------------------

_build_lock = threading.Lock()


def compiler() -> str | None:
    """The C compiler to use: ``$CC``, else gcc, else cc (None when there is none)."""
    for name in (os.environ.get("CC"), "gcc", "cc"):
        if name and shutil.which(name):
            return name
    return None


def build(target: Path = LIBRARY) -> bool:
    """Compile ``sowing.c`` into ``target`` (written whole or not at all); True on success.

    ``-march=native`` lets the compiler use the machine's byte shuffle (SSSE3, NEON): the
    library is built where it runs. Without it, or if refused, a portable build is tried."""
    cc = compiler()
    if cc is None:
        return False
    base = [cc, "-O2", "-shared", "-fPIC", "-std=gnu11"]
    for flags in (["-march=native"], []):
        try:
            fd, tmp = tempfile.mkstemp(prefix="._sowing", suffix=".so", dir=target.parent)
            os.close(fd)
        except OSError:
            return False  # a read-only folder: pure Python it is
        try:
            done = subprocess.run(
                [*base, *flags, "-o", tmp, str(SOURCE)], capture_output=True, timeout=120, check=False
            )
            if done.returncode == 0:
                os.replace(tmp, target)
                return True
        except (OSError, subprocess.SubprocessError):
            pass
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return False


def _load() -> ctypes.CDLL | None:
    if os.environ.get(PURE_PYTHON_ENV) == "1":
        return None
    with _build_lock:
        stale = not LIBRARY.exists() or LIBRARY.stat().st_mtime < SOURCE.stat().st_mtime
        if stale and not build() and not LIBRARY.exists():
            return None  # no compiler and nothing built earlier
        try:
            lib = ctypes.CDLL(str(LIBRARY))
        except OSError:
            return None
    # awele_sow_run_portable: the table lap alone, for the tests (absent from older builds).
    # library: an older build of the sowing library lacks the portable entry
    names = ["awele_sow_run"] + (["awele_sow_run_portable"] if hasattr(lib, "awele_sow_run_portable") else [])
    for name in names:
        run = getattr(lib, name)
        run.restype = ctypes.c_int
        run.argtypes = [
            ctypes.c_int,
            ctypes.POINTER(ctypes.c_uint8),
            ctypes.POINTER(ctypes.c_uint8),
            ctypes.POINTER(ctypes.c_longlong),
            ctypes.POINTER(ctypes.c_int),
            ctypes.c_longlong,
        ]
    return lib


_LIB: ctypes.CDLL | None = None
_LOADED = False


def kernel() -> ctypes.CDLL | None:
    """The compiled laps, built and loaded on first use (None: pure Python is used)."""
    global _LIB, _LOADED
    if not _LOADED:
        _LIB = _load()
        _LOADED = True
    return _LIB


def compiled() -> bool:
    """True when checks run the compiled laps."""
    return kernel() is not None


# --- one move's check ----------------------------------------------------------------------------

Lanes = ctypes.c_uint8 * 16


class MoveCheck:
    """The exact analysis of the move that empties pit index ``start`` of ``pits``, run in
    slices: :meth:`run` goes on where the last call stopped. ``laps`` counts the laps run.

    ``pure=True`` forces the pure-Python laps, ``portable=True`` the compiled table lap without
    the vector-register lap (the tests compare all three)."""

    def __init__(
        self, pits: tuple[int, ...] | list[int], start: int, pure: bool = False, portable: bool = False
    ) -> None:
        board = tuple(pits)
        n = len(board)
        if not 0 <= start < n or board[start] <= 0:
            raise ValueError(f"pit index {start} is not a non-empty pit of {list(board)}")
        self.pits = board
        self.start = start
        self.laps = 0
        self.result: Sowing | None = None
        self._lock = threading.Lock()
        lib = None if pure else kernel()
        if lib is not None and (sum(board) > KERNEL_MAX_SEEDS or n > KERNEL_MAX_PITS):
            lib = None
        self._lib = lib
        if lib is not None:
            # library: an older build of the sowing library lacks the portable entry
            if portable and not hasattr(lib, "awele_sow_run_portable"):
                raise RuntimeError("this build of the sowing library has no portable lap: rebuild it")
            self._c_run = lib.awele_sow_run_portable if portable else lib.awele_sow_run
            frame = board[start:] + board[:start]
            self._state = Lanes(*frame)
            self._first = Lanes(*frame)
            self._c_laps = ctypes.c_longlong(0)
            self._c_shift = ctypes.c_int(0)
        else:
            self._board = list(board)
            self._pit = start
            # The first state turned so that its pit becomes pit p, for every p.
            self._turned = [[board[(i - p + start) % n] for i in range(n)] for p in range(n)]

    @property
    def compiled(self) -> bool:
        """True when this check runs the compiled laps."""
        return self._lib is not None

    def run(self, max_laps: int | None = None) -> Sowing | None:
        """Run up to ``max_laps`` more laps (all that are needed if None); the result, or None
        if the move has neither ended nor come back yet."""
        with self._lock:
            if self.result is None:
                budget = (1 << 62) if max_laps is None else max(0, max_laps)
                self.result = self._run_c(budget) if self._lib is not None else self._run_python(budget)
            return self.result

    def _loop(self, laps: int, turned_by: int) -> Loop:
        n = len(self.pits)
        return Loop(period=laps * (n // gcd(turned_by % n, n)))

    def _run_c(self, budget: int) -> Sowing | None:
        assert self._lib is not None
        code = self._c_run(
            len(self.pits), self._state, self._first, ctypes.byref(self._c_laps), ctypes.byref(self._c_shift), budget
        )
        self.laps = self._c_laps.value
        if code == 2:
            return None
        if code < 0:
            raise RuntimeError("the compiled sowing refused its input")
        n = len(self.pits)
        if code == 1:
            return self._loop(self.laps, self._c_shift.value)
        last = (self.start + self._c_shift.value) % n
        frame = list(self._state)[:n]
        board = [0] * n
        for i, seeds in enumerate(frame):
            board[(last + i) % n] = seeds
        return Sown(tuple(board), last, self.laps)

    def _run_python(self, budget: int) -> Sowing | None:
        board, pit, turned = self._board, self._pit, self._turned
        done = 0
        result: Sowing | None = None
        while done < budget:
            pit = sow_lap(board, pit)
            done += 1
            if board[pit] == 1:
                result = Sown(tuple(board), pit, self.laps + done)
                break
            if board == turned[pit]:
                result = self._loop(self.laps + done, pit - self.start)
                break
        self._pit = pit
        self.laps += done
        return result
