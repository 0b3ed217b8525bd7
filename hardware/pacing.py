"""How fast frames may follow each other, and when the board must be woken up first (pure).

Two facts about the firmware that boards actually run decide both:

- While an Arduino with FastLED writes the colours to a WS2812 strip (about 30 µs per LED, then
  a latch pause), its interrupts are off and the bytes arriving on the serial line are lost; the
  stock Adalight-FastLED sketch even empties its receive buffer afterwards. So a frame may start
  only once the previous one has had its wire time and the strip its update time.
- WLED blanks the strip when it enters live mode, after the first frame's colours are set, and
  leaves live mode 2.5 s after the last frame. So the first frame after connecting, and after any
  silence that WLED may have taken for the end, is sent twice: the copy is blanked, the frame shows.

:class:`Pacer` keeps that schedule for every sender: ``led-test``, ``led-demo``, the LED system
and its closing all-off frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from hardware.protocols import frame_size

#: WS2812B: 24 bits of 1.25 µs per LED...
SHOW_SECONDS_PER_LED = 30e-6
#: ...then a latch pause (50 µs in the WS2812 datasheet, 280 µs for the newer WS2812B-V5: take the longer)
SHOW_LATCH_SECONDS = 0.3e-3
#: the board's baud clock may run slower than the PC's (a few per cent on an Arduino)
WIRE_MARGIN = 0.05
#: USB hands bytes to the serial chip in 1 ms frames: two frames may come that much closer
USB_JITTER_SECONDS = 1e-3
#: WLED leaves live mode (and goes back to its own effect) after this much silence
WLED_LIVE_TIMEOUT = 2.5
#: a silence longer than this may have ended WLED's live mode: wake it up again before a frame
#: (a quarter of a second of margin for the PC's and the board's scheduling)
PRIME_AFTER = WLED_LIVE_TIMEOUT - 0.25


def wire_seconds(protocol: str, leds: int, baud: int) -> float:
    """Seconds one frame takes on a UART at ``baud`` (8N1: 10 bits per byte)."""
    return frame_size(protocol, leds) * 10 / baud


def show_seconds(leds: int) -> float:
    """Seconds a WS2812 strip of ``leds`` LEDs takes to update (the firmware cannot receive meanwhile)."""
    return SHOW_SECONDS_PER_LED * leds + SHOW_LATCH_SECONDS


def frame_spacing(protocol: str, leds: int, baud: int) -> float:
    """Shortest time from one frame's start to the next one's: the wire time (with a margin for
    a slow baud clock), the strip's update time, and USB's scheduling jitter."""
    return wire_seconds(protocol, leds, baud) * (1 + WIRE_MARGIN) + show_seconds(leds) + USB_JITTER_SECONDS


class Pacer:
    """When the next frame may start, and whether it must be preceded by a priming copy.

    ``clock`` gives monotonic seconds. Call :meth:`sent` after each frame written;
    :meth:`forget` when the port was (re)opened: the board may have restarted or left live mode.
    """

    def __init__(self, protocol: str, baud: int, clock: Callable[[], float]) -> None:
        self.protocol = protocol
        self.baud = baud
        self.clock = clock
        self.busy_until = -math.inf
        self.last_sent = -math.inf

    def spacing(self, leds: int) -> float:
        """Start-to-start seconds for frames of ``leds`` LEDs."""
        return frame_spacing(self.protocol, leds, self.baud)

    def wait(self) -> float:
        """Seconds before the next frame may start (0 when it may start now)."""
        return max(0.0, self.busy_until - self.clock())

    def needs_priming(self) -> bool:
        """True when the board may not be in live mode: nothing sent since the port was opened,
        or a silence long enough for WLED to have gone back to its own effect."""
        return self.clock() - self.last_sent > PRIME_AFTER

    def sent(self, leds: int, at: float | None = None) -> None:
        """A frame of ``leds`` LEDs started at ``at`` (default now)."""
        at = self.clock() if at is None else at
        self.last_sent = at
        self.busy_until = at + self.spacing(leds)

    def forget(self) -> None:
        """The port was (re)opened: the next frame needs priming (the wire is free)."""
        self.last_sent = -math.inf
        self.busy_until = -math.inf


def write_paced(write: Callable[[bytes], object], frame: bytes, leds: int, pacer: Pacer,
                sleep: Callable[[float], None]) -> int:
    """Write ``frame`` (of ``leds`` LEDs) as soon as the pacer allows, after a priming copy when
    the board may not be in live mode; sleeps with ``sleep`` meanwhile. Returns the frames written.

    ``write`` raises (or returns False) when the link fails; a False stops before the real frame.
    """
    copies = 2 if pacer.needs_priming() else 1
    for _ in range(copies):
        pause = pacer.wait()
        if pause > 0:
            sleep(pause)
        start = pacer.clock()
        if write(frame) is False:
            return 0
        pacer.sent(leds, start)
    return copies
