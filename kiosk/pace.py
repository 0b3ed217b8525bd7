"""Frames paced against a fixed timetable: 60 a second, whatever each wake-up's lateness.

A pacer that waits "one period after the last frame" (``pygame.time.Clock.tick(60)``) adds
every wake-up's lateness to the period: it waits for the period rounded down to whole
milliseconds (16 ms, 62.5 frames a second on a quiet machine) and then for whatever the
system adds to a sleep. On a slow or busy machine (a Raspberry Pi-class core, or this machine
with its CPU cut to a quarter by ``bench/throttle.py``) that lateness is 1-3 ms a frame, and an
empty loop ran at 58.6 frames a second: a stand could never reach 60, however little a frame
costs.

:class:`FramePacer` keeps a timetable instead: frame *n* is due at ``start + n / rate``. A frame
woken late is followed by a shorter wait, so lateness does not add up; a frame later than a whole
period (the machine stalled) starts the timetable again from now rather than running a burst of
frames to catch up, which a visitor would see as a jump.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: Frames a second the kiosk shows.
RATE = 60


class FramePacer:
    """Wait for the next frame of a timetable of ``rate`` frames a second.

    ``clock`` (seconds, monotonic) and ``sleep`` are the system's; tests give fakes."""

    def __init__(self, rate: float = RATE, clock: Callable[[], float] = time.perf_counter,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        if rate <= 0:
            raise ValueError(f"a frame rate must be positive, not {rate}")
        self.period = 1.0 / rate
        self._clock, self._sleep = clock, sleep
        self._due: float | None = None
        self._last: float | None = None

    def tick(self) -> float:
        """Wait until the next frame is due; return the seconds since the previous call (0 on
        the first), the step the game's clocks advance by."""
        now = self._clock()
        if self._due is None:
            self._due = now
        else:
            self._due += self.period
            if now < self._due:
                self._sleep(self._due - now)
                now = self._clock()
            elif now - self._due > self.period:
                # A stall (a slow frame, a suspended machine): start the timetable again rather
                # than showing a burst of catch-up frames.
                self._due = now
        step = 0.0 if self._last is None else now - self._last
        self._last = now
        return step
