"""Run one slow computation (a computer player thinking) off the frame loop.

In an interactive kiosk the work runs in a daemon thread so animations keep moving while the
computer thinks. In headless runs (``--frames``, tests) it runs at once, in the caller's thread,
so that N frames always give the same result.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Worker:
    """At most one job at a time; ``poll()`` hands its result over exactly once."""

    def __init__(self, threaded: bool) -> None:
        self.threaded = threaded
        self._thread: threading.Thread | None = None
        self._result: Any = None
        self._error: BaseException | None = None
        self._ready = False

    @property
    def busy(self) -> bool:
        """True while a job runs or its result has not been collected."""
        return self._thread is not None or self._ready

    def start(self, job: Callable[[], Any]) -> None:
        """Start ``job`` (ignored while another job is pending)."""
        if self.busy:
            return

        def run() -> None:
            try:
                self._result = job()
            except BaseException as exc:  # noqa: BLE001 - handed back to the scene by poll()
                self._error = exc
            self._ready = True

        if self.threaded:
            self._thread = threading.Thread(target=run, daemon=True)
            self._thread.start()
        else:
            run()

    def poll(self) -> tuple[bool, Any]:
        """``(True, result)`` once the job is finished (raising its exception if it failed),
        else ``(False, None)``."""
        if not self._ready:
            return False, None
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._ready = False
        result, error, self._result, self._error = self._result, self._error, None, None
        if error is not None:
            raise error
        return True, result

    def cancel(self) -> None:
        """Forget the pending job (an undo or a restart made it stale); its thread ends alone."""
        self._thread = None
        self._ready = False
        self._result = self._error = None
