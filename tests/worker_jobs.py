"""Jobs for the worker-process tests, in a module a worker can import by name (a test module is
imported under a name only pytest knows)."""

from __future__ import annotations

import os


def die_in_a_worker(parent: int) -> str:
    """Kill the process it runs in, unless that is the test's own (the fallback thread)."""
    if os.getpid() != parent:
        os._exit(3)
    return "on a thread"


#: What :func:`hold` keeps alive in its worker process.
_held: list[bytes] = []


def hold(megabytes: int) -> int:
    """Keep ``megabytes`` MB written (resident) in the process it runs in; returns its id."""
    _held.append(b"\x01" * (megabytes * 1024 * 1024))
    return os.getpid()


def juniper_tables() -> int:
    """How many N's exact-value tables Juniper's solver keeps in the process it runs in."""
    from games.juniper import solver

    return len(solver._VALUE_MEMOS)


def blocked(gate: str, ceiling: float = 300.0) -> None:
    """A job that runs until the file ``gate`` exists: the test decides when it ends (released
    by :func:`open_gate`), so a loaded machine cannot end it early or late. ``ceiling`` seconds
    only bound a broken run."""
    import time
    from pathlib import Path

    deadline = time.monotonic() + ceiling  # clock(wait): a job held until the test opens its gate (ceiling 300 s)
    while not Path(gate).exists() and time.monotonic() < deadline:  # clock(wait): as above
        time.sleep(0.01)  # clock(wait): as above


def open_gate(gate: str) -> None:
    """End the :func:`blocked` jobs waiting on ``gate``."""
    from pathlib import Path

    Path(gate).touch()
