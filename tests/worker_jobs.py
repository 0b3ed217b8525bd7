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
