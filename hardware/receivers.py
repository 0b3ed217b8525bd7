"""Models of what LED firmware does with the bytes it receives, for the emulator and the tests.

They are written from the firmware's documented behaviour, not from its code:

- :class:`IdealReceiver` shows every frame it decodes, at once (our own decoder).
- :class:`AdalightFastLed` is an Arduino running the stock Adalight-FastLED sketch. After the last
  byte of a frame it writes the strip, with interrupts off (30 µs per WS2812 LED and a 50 µs
  latch), then empties its receive buffer: every byte that arrived meanwhile is lost. The LEDs a
  frame does not carry are dark; LEDs beyond the strip are read and dropped.
- :class:`Wled` is WLED's serial input (Adalight and TPM2). Entering live mode blanks the strip
  after the first frame's colours were set, so that frame shows dark; 2.5 s after the last frame
  (its realtime timeout, a setting) it leaves live mode and shows its own effect again (by
  default solid orange, or dark when it was switched off). Live frames are shown at WLED's
  brightness (128 by default) unless "Force max brightness" is set. A TPM2 length is read by
  dividing each of its two bytes by 3, rounded down; bytes left over after the LEDs it read are
  taken for one-byte commands (``v`` prints the version, ``B0``..``B7`` change the baud
  rate...): the model lists them in :attr:`Wled.commands`.

What the firmware says back, so that ``led-detect`` and ``doctor`` recognise the emulator as they
recognise a board: the Adalight sketch greets the host with ``Ada\n`` every second while nothing
arrives (:attr:`Receiver.greeting`; the ideal receiver too, since it reads what the sketch reads),
and WLED answers the JSON request ``{"v":true}`` with its state and info, and a lone ``v`` with
its version line (:meth:`Receiver.replies`).

Bytes travel at the baud rate: a chunk handed to the line at time ``t`` starts when the line is
free (not before ``t``) and its byte ``i`` arrives ``(i + 1) * 10 / baud`` seconds later. Times are
whatever clock the caller uses: real seconds in the emulator, simulated ones in tests.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from hardware.protocols import ADALIGHT_MAGIC, TPM2_DATA_FRAME, TPM2_START, Frame, FrameDecoder

RGB = tuple[int, int, int]
BLACK: RGB = (0, 0, 0)
#: how many strip updates a receiver remembers (the emulator runs for hours)
HISTORY = 100_000


@dataclass(frozen=True)
class Shown(Frame):
    """One update of the strip: what it shows from time ``t`` on, and why.

    ``why`` is ``frame`` (a frame's colours), ``blank`` (WLED entering live mode) or ``effect``
    (WLED's own effect, outside live mode). ``protocol`` names what carried the frame.
    """

    t: float = 0.0
    why: str = "frame"

    def lit(self) -> dict[int, RGB]:
        """The LEDs that are on, by index."""
        return {i: pixel for i, pixel in enumerate(self.pixels) if pixel != BLACK}


class Receiver:
    """The common part: the line's timing and the history of what the strip showed."""

    name = "receiver"
    #: What the firmware writes by itself every ``GREETING_EVERY`` seconds while nothing arrives.
    greeting = b""
    GREETING_EVERY = 1.0

    def __init__(self, leds: int, baud: int | None = None, history: int = HISTORY) -> None:
        self.leds = leds
        self.baud = baud
        self.byte_seconds = 10 / baud if baud else 0.0
        self.history = history
        self.shown: list[Shown] = []
        self.frames = 0  # complete frames read
        self.dropped = 0  # bytes lost
        self.received = 0  # bytes that reached the device
        self._line_free = -math.inf

    def receive(self, t: float, data: bytes) -> list[Shown]:
        """``data`` handed to the line at ``t``; returns the strip updates it caused (in order)."""
        before = len(self.shown)
        start = max(t, self._line_free)
        self._tick(start)
        self._line_free = start + len(data) * self.byte_seconds
        self.received += len(data)
        self._take(start, bytes(data))
        return self._new_since(before)

    def replies(self, data: bytes) -> bytes:
        """What the firmware writes back for ``data`` just received (nothing by default)."""
        return b""

    def advance(self, t: float) -> list[Shown]:
        """Let time pass until ``t`` (WLED's live timeout); returns the strip updates meanwhile."""
        before = len(self.shown)
        self._tick(t)
        return self._new_since(before)

    def arrival(self, start: float, index: int) -> float:
        """When byte ``index`` of a chunk whose transfer started at ``start`` has arrived."""
        return start + (index + 1) * self.byte_seconds

    @property
    def latest(self) -> Shown | None:
        """What the strip shows now."""
        return self.shown[-1] if self.shown else None

    def showing_at(self, t: float) -> Shown | None:
        """What the strip showed at time ``t`` (None before its first update)."""
        for update in reversed(self.shown):
            if update.t <= t:
                return update
        return None

    def _new_since(self, before: int) -> list[Shown]:
        new = self.shown[before:]
        if len(self.shown) > self.history:
            del self.shown[: len(self.shown) - self.history]
        return new

    def _show(self, t: float, protocol: str, pixels: list[RGB] | tuple[RGB, ...], why: str = "frame") -> None:
        self.shown.append(Shown(protocol, tuple(pixels), t, why))

    def _tick(self, t: float) -> None:
        """Time-driven behaviour up to ``t`` (none by default)."""

    def _take(self, start: float, data: bytes) -> None:
        raise NotImplementedError


class IdealReceiver(Receiver):
    """Shows every frame it decodes, whole (even beyond ``leds``), as soon as it is complete, and
    greets the host as the Adalight sketch does."""

    name = "ideal"
    greeting = b"Ada\n"

    def __init__(self, leds: int, baud: int | None = None, max_leds: int = 4096, history: int = HISTORY) -> None:
        super().__init__(leds, baud, history)
        self.decoder = FrameDecoder(max_leds=max(leds, max_leds))

    def _take(self, start: float, data: bytes) -> None:
        end = self.arrival(start, len(data) - 1)
        for frame in self.decoder.feed(data):
            self.frames += 1
            self._show(end, frame.protocol, frame.pixels)


class AdalightFastLed(Receiver):
    """An Arduino with the stock Adalight-FastLED sketch (see the module's docstring)."""

    name = "adalight"
    greeting = b"Ada\n"

    def __init__(self, leds: int, baud: int, show_per_led: float = 30e-6, latch: float = 50e-6,
                 history: int = HISTORY) -> None:
        super().__init__(leds, baud, history)
        self.show_seconds = show_per_led * leds + latch
        self._header = bytearray()
        self._data = bytearray()
        self._remaining = 0
        self._count = 0
        self._busy_until = -math.inf

    def _first_free(self, start: float, i: int, n: int) -> int:
        """Index of the first byte (from ``i``) that arrives after the strip update is over."""
        k = max(i, math.ceil((self._busy_until - start) / self.byte_seconds) - 1)
        while k < n and self.arrival(start, k) < self._busy_until:
            k += 1
        while k > i and self.arrival(start, k - 1) >= self._busy_until:
            k -= 1
        return min(k, n)

    def _take(self, start: float, data: bytes) -> None:
        i, n = 0, len(data)
        while i < n:
            if self.arrival(start, i) < self._busy_until:
                k = self._first_free(start, i, n)
                self.dropped += k - i
                i = k
                continue
            if self._remaining:
                take = min(self._remaining, n - i)
                self._data += data[i:i + take]
                self._remaining -= take
                i += take
                if not self._remaining:
                    self._latch(self.arrival(start, i - 1))
                continue
            self._header_byte(data[i])
            i += 1

    def _header_byte(self, byte: int) -> None:
        header = self._header
        if len(header) < len(ADALIGHT_MAGIC):
            if byte == ADALIGHT_MAGIC[len(header)]:
                header.append(byte)
            else:
                header[:] = bytes([byte]) if byte == ADALIGHT_MAGIC[0] else b""
            return
        header.append(byte)
        if len(header) == 6:
            high, low, check = header[3], header[4], header[5]
            header.clear()
            if check == high ^ low ^ 0x55:
                self._count = high * 256 + low + 1
                self._remaining = 3 * self._count
                self._data = bytearray()

    def _latch(self, t: float) -> None:
        """The frame is complete: show it, and lose what arrives until the strip is written."""
        self.frames += 1
        carried = min(self._count, self.leds)
        data = self._data
        pixels = [(data[3 * i], data[3 * i + 1], data[3 * i + 2]) for i in range(carried)]
        self._show(t, "adalight", pixels + [BLACK] * (self.leds - carried))
        self._busy_until = t + self.show_seconds


#: WLED's out-of-the-box look: the "Solid" effect in orange at brightness 128
WLED_DEFAULT_COLOUR: RGB = (255, 160, 0)
WLED_DEFAULT_BRIGHTNESS = 128
#: Seconds after the last live frame before WLED shows its own effect again (its "realtime
#: timeout", a setting; ``led-emulator --live-timeout``)
WLED_LIVE_TIMEOUT = 2.5
#: one-byte commands WLED acts on between frames
WLED_COMMANDS = frozenset(b"vlL{I") | frozenset(range(0xB0, 0xB8))


def scale8(value: int, brightness: int) -> int:
    """``value`` at ``brightness`` (0..255), rounded down as LED libraries do."""
    return value * (brightness + 1) >> 8


def _scale8_rgb(colour: RGB, brightness: int) -> RGB:
    r, g, b = colour
    return scale8(r, brightness), scale8(g, brightness), scale8(b, brightness)


class Wled(Receiver):
    """WLED's serial input (see the module's docstring).

    ``brightness`` is WLED's brightness, ``force_max_brightness`` its "Force max brightness"
    setting, ``on`` whether WLED itself is switched on (its effect shows outside live mode).
    """

    name = "wled"

    def __init__(self, leds: int, baud: int | None = None, *, brightness: int = WLED_DEFAULT_BRIGHTNESS,
                 force_max_brightness: bool = False, on: bool = True, live_timeout: float = WLED_LIVE_TIMEOUT,
                 effect: RGB = WLED_DEFAULT_COLOUR, history: int = HISTORY) -> None:
        super().__init__(leds, baud, history)
        self.brightness = brightness
        self.force_max_brightness = force_max_brightness
        self.on = on
        self.live_timeout = live_timeout
        self.effect = effect
        self.live = False
        self.live_until = -math.inf
        self.commands: list[int] = []  # stray bytes WLED acted on as commands
        self._state = "idle"
        self._protocol = ""
        self._count = 0
        self._pixel = 0
        self._high = 0
        self._low = 0
        self._rgb = bytearray()
        self._strip: list[RGB] = [BLACK] * leds
        self._asked = b""  # the last bytes received, where a JSON request is looked for
        self._show(-math.inf, "wled", self._effect_pixels(), "effect")

    def replies(self, data: bytes) -> bytes:
        """WLED's answers: its state and info to ``{"v":true}``, its version line to a lone ``v``."""
        self._asked = (self._asked + data)[-64:]
        if WLED_JSON_QUERY in self._asked:
            self._asked = b""
            reply = {"state": {"on": self.on, "bri": self.brightness},
                     "info": {"ver": WLED_VERSION, "name": "WLED (led-emulator)", "leds": {"count": self.leds}}}
            return json.dumps(reply, separators=(",", ":")).encode() + b"\n"
        if data.strip() == b"v":
            return f"WLED {WLED_VERSION}\n".encode()
        return b""

    def _effect_pixels(self) -> list[RGB]:
        if not self.on:
            return [BLACK] * self.leds
        return [_scale8_rgb(self.effect, self.brightness)] * self.leds

    def _tick(self, t: float) -> None:
        if self.live and t > self.live_until:
            self.live = False
            self._show(self.live_until, "wled", self._effect_pixels(), "effect")

    def _take(self, start: float, data: bytes) -> None:
        for i, byte in enumerate(data):
            if self.live and self.byte_seconds:
                self._tick(self.arrival(start, i))
            self._byte(byte, self.arrival(start, i))

    def _byte(self, byte: int, t: float) -> None:  # noqa: C901 - one branch per parser state, as a table
        state = self._state
        if state == "idle":
            if byte == ADALIGHT_MAGIC[0]:
                self._state = "d"
            elif byte == TPM2_START:
                self._state = "tpm2-type"
            elif byte in WLED_COMMANDS:
                self.commands.append(byte)
        elif state == "d":
            self._state = "a" if byte == ADALIGHT_MAGIC[1] else "idle"
        elif state == "a":
            self._state = "high" if byte == ADALIGHT_MAGIC[2] else "idle"
        elif state == "high":
            self._high, self._state = byte, "low"
        elif state == "low":
            self._low, self._state = byte, "check"
        elif state == "check":
            if byte == self._high ^ self._low ^ 0x55:
                self._start_data("adalight", self._high * 256 + self._low + 1)
            else:
                self._state = "idle"
        elif state == "tpm2-type":
            self._state = "tpm2-high" if byte == TPM2_DATA_FRAME else "idle"
        elif state == "tpm2-high":
            self._count, self._state = byte * 256 // 3, "tpm2-low"
        elif state == "tpm2-low":
            self._start_data("tpm2", self._count + byte // 3)
        else:
            self._rgb.append(byte)
            if len(self._rgb) == 3:
                if self._pixel < self.leds:
                    self._strip[self._pixel] = (self._rgb[0], self._rgb[1], self._rgb[2])
                self._pixel += 1
                self._rgb.clear()
                if self._pixel == self._count:
                    self._end_of_frame(t)

    def _start_data(self, protocol: str, count: int) -> None:
        self._protocol, self._count, self._pixel = protocol, count, 0
        self._rgb.clear()
        self._state = "data" if count > 0 else "idle"

    def _end_of_frame(self, t: float) -> None:
        self._state = "idle"
        self.frames += 1
        if not self.live:
            # entering live mode clears the strip after this frame's colours were set
            self._strip = [BLACK] * self.leds
            self.live = True
            self._show(t, self._protocol, self._strip, "blank")
        else:
            level = 255 if self.force_max_brightness else self.brightness
            self._show(t, self._protocol, [_scale8_rgb(p, level) for p in self._strip])
        self.live_until = t + self.live_timeout


RECEIVERS = ("ideal", "adalight", "wled")
#: The version the WLED model reports, and the request it answers with its state and info.
WLED_VERSION = "0.14.4"
WLED_JSON_QUERY = b'{"v":true}'


def make_receiver(kind: str, leds: int, baud: int | None, *, history: int = HISTORY,
                  force_max_brightness: bool = False, live_timeout: float | None = None) -> Receiver:
    """The named model: ``ideal``, ``adalight`` (needs a baud rate) or ``wled`` (the only one
    with ``force_max_brightness`` and ``live_timeout``, seconds: default
    :data:`WLED_LIVE_TIMEOUT`); each keeps its last ``history`` updates."""
    if (force_max_brightness or live_timeout is not None) and kind != "wled":
        raise ValueError("force_max_brightness and live_timeout are WLED settings")
    if kind == "ideal":
        return IdealReceiver(leds, baud, history=history)
    if kind == "adalight":
        if not baud:
            raise ValueError("the Adalight-FastLED model needs a baud rate")
        return AdalightFastLed(leds, baud, history=history)
    if kind == "wled":
        return Wled(leds, baud, force_max_brightness=force_max_brightness, history=history,
                    live_timeout=WLED_LIVE_TIMEOUT if live_timeout is None else live_timeout)
    raise ValueError(f"unknown receiver '{kind}' (choose from {', '.join(RECEIVERS)})")
