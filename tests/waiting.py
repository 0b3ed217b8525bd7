"""Waiting for what a test awaits from another thread or process, not for a length of time."""

from __future__ import annotations

import time
from collections.abc import Callable

#: The longest wait: only a broken run waits this long, so it is generous for a loaded machine.
CEILING = 60.0


def until(condition: Callable[[], object], what: str, seconds: float = CEILING) -> None:
    """Return as soon as ``condition()`` holds (checked every 5 ms); fail naming ``what`` if it
    still does not after ``seconds``."""
    # clock(wait): the one bounded wait: polls the condition, fails only after CEILING
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:  # clock(wait): as above
            raise AssertionError(f"{what}: still not so after {seconds} s")
        time.sleep(0.005)  # clock(wait): between two looks at the condition
