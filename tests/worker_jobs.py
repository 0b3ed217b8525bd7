"""Jobs for the worker-process tests, in a module a worker can import by name (a test module is
imported under a name only pytest knows)."""

from __future__ import annotations

import os


def die_in_a_worker(parent: int) -> str:
    """Kill the process it runs in, unless that is the test's own (the fallback thread)."""
    if os.getpid() != parent:
        os._exit(3)
    return "on a thread"
