"""A software LED board on a pseudo-terminal, so the whole stack runs without hardware.

:class:`PtyEmulator` opens a pty, publishes the path of its device end (optionally through a
stable symlink, like ``/dev/serial/by-id`` for a real board, so the kiosk can reconnect after
the emulator reopens), hands every byte it receives to a firmware model
(:mod:`hardware.receivers`: every frame shown at once by default, or like WLED or an Arduino
with the stock Adalight-FastLED sketch) and keeps what the strip shows.
:func:`format_frame` shows a frame as text; :mod:`hardware.emulator_window` draws it with pygame.

The symlink is made only where nothing is, or over a link to a pseudo-terminal (a previous
emulator's), and removed on exit only if it still points at this emulator's pty: a file or a
link the emulator did not make is never replaced or deleted.
"""

from __future__ import annotations

import contextlib
import os
import queue
import secrets
import select
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path

from hardware.mapping import BoardLayout
from hardware.protocols import Frame, FrameDecoder
from hardware.receivers import IdealReceiver, Receiver, Shown

#: frames up to this size are decoded whatever ``--leds`` shows, so a 272-LED board sent to a
#: 25-LED emulator is still seen (its first LEDs drawn) rather than silently dropped
MAX_FRAME_LEDS = 4096


class PtyEmulator:
    """The device side of a pty that decodes LED frames.

    ``link`` (optional) is a symlink kept pointing at the current pty, so that a client that
    opens the link finds the emulator again after :meth:`reopen`. ``keep_raw`` keeps every byte
    received in :attr:`raw`. ``receiver`` is the firmware model (default: every frame shown).
    ``clock`` is the firmware's time, in seconds: when bytes arrive and when its timeouts (WLED's
    live mode) run out (default: the monotonic clock; a test passes its own to decide when).
    """

    def __init__(self, leds: int = 25, link: str | None = None, keep_raw: bool = False,
                 receiver: Receiver | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.leds = leds
        self.clock = clock
        self.raw = bytearray() if keep_raw else None  # every byte received, for byte-exact tests
        self.link = link
        self.receiver = receiver or IdealReceiver(leds, max_leds=MAX_FRAME_LEDS, history=1000)
        self._master: int | None = None
        self._slave: int | None = None
        self.path = ""
        self.bytes = 0
        self.frame_times: list[float] = []
        self._reader: threading.Thread | None = None
        self._reading = False
        self._updates: queue.SimpleQueue[list[Shown]] = queue.SimpleQueue()
        #: When a byte last arrived, and when the firmware last greeted (its greeting comes only
        #: while nothing arrives, as the Adalight sketch's).
        self._heard = self._greeted = -float("inf")
        #: Bytes the firmware wrote back (greetings and answers), for tests.
        self.said = 0

    @property
    def decoder(self) -> FrameDecoder:
        """The ideal receiver's decoder (its counts of skipped bytes and bad frames)."""
        if not isinstance(self.receiver, IdealReceiver):
            raise AttributeError(f"the {self.receiver.name} model has no frame decoder")
        return self.receiver.decoder

    @property
    def latest(self) -> Frame | None:
        """What the strip shows now."""
        return self.receiver.latest

    @property
    def frames(self) -> int:
        """Complete frames received."""
        return self.receiver.frames

    def check_link(self) -> None:
        """Raise :class:`FileExistsError` if ``link`` names something the emulator must not replace."""
        if not self.link or not os.path.lexists(self.link):
            return
        if not os.path.islink(self.link):
            raise FileExistsError(f"{self.link} exists and is not a link: the emulator leaves it alone "
                                  f"(choose another --link path)")
        target = os.readlink(self.link)
        if not _is_pty_path(target):
            raise FileExistsError(f"{self.link} is a link to {target}, not to a pseudo-terminal: the emulator "
                                  f"leaves it alone (choose another --link path)")

    def open(self) -> str:
        """Create the pty; return the path a client should open (the symlink if any)."""
        self.check_link()
        master, slave = os.openpty()
        # Raw mode: the line discipline must not turn 0x0A into 0x0D 0x0A inside frames.
        tty.setraw(slave)
        self._master, self._slave = master, slave
        self.path = os.ttyname(slave)
        if isinstance(self.receiver, IdealReceiver):
            # a new cable starts a new stream
            self.receiver.decoder = FrameDecoder(max_leds=max(self.leds, MAX_FRAME_LEDS))
        if self.link:
            while True:  # a fresh name: never remove or overwrite a file that is already there
                tmp = f"{self.link}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
                try:
                    os.symlink(self.path, tmp)
                    break
                except FileExistsError:
                    continue
            os.replace(tmp, self.link)  # atomic: a client never sees a missing link mid-swap
            return self.link
        return self.path

    def close(self) -> None:
        """Close the pty, as if the cable were pulled: the client's next write fails."""
        self.stop_reader()
        for fd in (self._master, self._slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = None

    def reopen(self) -> str:
        """Close and open a new pty (the board plugged in again); returns the client path."""
        reading = self._reader is not None
        self.close()
        path = self.open()
        if reading:
            self.start_reader()
        return path

    def remove_link(self) -> None:
        """Delete the symlink (when the emulator exits) if it is still the one this emulator made."""
        if not self.link or not self.path:
            return
        with contextlib.suppress(OSError):  # already gone, or not ours: nothing to do
            if os.path.islink(self.link) and os.readlink(self.link) == self.path:
                os.unlink(self.link)

    def start_reader(self) -> None:
        """Read the pty on a thread of its own, so that bytes are timed as they arrive (the firmware
        models lose or blank frames by their timing; a window that reads once per drawn frame would
        see frames bunched up). :meth:`poll` then hands over what the thread read."""
        if self._reader is not None:
            return
        self._reading = True
        self._reader = threading.Thread(target=self._read_loop, name="led-emulator-reader", daemon=True)
        self._reader.start()

    def stop_reader(self) -> None:
        """Stop the reading thread (before the pty is closed)."""
        reader, self._reader = self._reader, None
        self._reading = False
        if reader is not None:
            reader.join(2.0)

    def _read_loop(self) -> None:
        while self._reading:
            updates = self._read(0.02)
            if updates:
                self._updates.put(updates)

    def poll(self, timeout: float = 0.05, max_bytes: int | None = None) -> list[Shown]:
        """Read what arrived within ``timeout`` seconds (at most ``max_bytes``); return the strip's
        updates (every decoded frame, with the default receiver)."""
        if self._reader is None:
            return self._read(timeout, max_bytes)
        try:
            updates: list[Shown] = list(self._updates.get(timeout=timeout))
        except queue.Empty:
            return []
        while not self._updates.empty():
            updates += self._updates.get_nowait()
        return updates

    def _read(self, timeout: float, max_bytes: int | None = None) -> list[Shown]:
        if self._master is None:
            time.sleep(timeout)
            return []
        try:
            ready, _, _ = select.select([self._master], [], [], timeout)
            data = os.read(self._master, max_bytes or 65536) if ready else b""
        except (OSError, ValueError):  # the pty was closed meanwhile
            data = b""
        now = self.clock()
        if not data:
            every = self.receiver.GREETING_EVERY
            if self.receiver.greeting and now - self._heard >= every and now - self._greeted >= every:
                self._greeted = now
                self._say(self.receiver.greeting)
            return list(self.tick())
        self._heard = now
        updates = list(self.feed(data))
        self._say(self.receiver.replies(data))
        return updates

    def _say(self, data: bytes) -> None:
        """Write ``data`` back to the client as the firmware would; never waits: when nobody reads
        the pty and its buffer is full, the bytes are dropped (a real board's are lost too)."""
        if not data or self._master is None:
            return
        try:
            _, writable, _ = select.select([], [self._master], [], 0)
            if writable:
                self.said += os.write(self._master, data)
        except (OSError, ValueError):  # closed meanwhile, or full
            pass

    def feed(self, data: bytes, now: float | None = None) -> list[Shown]:
        """Hand ``data`` to the firmware model as if it had arrived on the pty at ``now``
        (default: the emulator's clock); return the strip's updates."""
        now = self.clock() if now is None else now
        self.bytes += len(data)
        if self.raw is not None:
            self.raw += data
        updates = self.receiver.receive(now, data)
        updates += self.receiver.advance(now)
        stamp = time.perf_counter()
        self.frame_times += [stamp] * len(updates)
        del self.frame_times[:-200]
        return updates

    def tick(self, now: float | None = None) -> list[Shown]:
        """Let the model's time pass without bytes (WLED's live timeout)."""
        return self.receiver.advance(self.clock() if now is None else now)

    def fps(self) -> float:
        """Frames per second over the last two seconds."""
        now = time.perf_counter()
        recent = [t for t in self.frame_times if now - t <= 2.0]
        return len(recent) / 2.0


#: what a firmware model's strip update means, when it is not simply the frame's colours
WHY = {"blank": "WLED blanks the first frame of live mode", "effect": "WLED's own effect: not in live mode"}


def format_frame(number: int, frame: Frame) -> str:
    """One text line per frame: protocol, LED count, and each lit LED as ``index=rrggbb``."""
    lit = [f"{i}={r:02x}{g:02x}{b:02x}" for i, (r, g, b) in enumerate(frame.pixels) if (r, g, b) != (0, 0, 0)]
    shown = " ".join(lit[:64]) + (f" … (+{len(lit) - 64})" if len(lit) > 64 else "")
    why = f" ({WHY[frame.why]})" if isinstance(frame, Shown) and frame.why in WHY else ""
    return f"frame {number} {frame.protocol} {frame.count} leds, {len(lit)} lit{why}{': ' + shown if lit else ''}"


def _is_pty_path(path: str) -> bool:
    """True for a pseudo-terminal's device path (Linux ``/dev/pts/N``, macOS ``/dev/ttysNNN``)."""
    return path.startswith("/dev/pts/") or path.startswith("/dev/ttys")


def grid_positions(leds: int, layout: BoardLayout | None = None,
                   cols: int | None = None) -> dict[int, tuple[int, int]]:
    """Where to draw each LED: under its game cell when ``layout`` is given, else in strip order
    on ``cols`` columns (about square by default)."""
    if layout is not None:
        return {layout.led_index((r, c)): (r, c) for r in range(layout.rows) for c in range(layout.cols)}
    cols = cols or max(1, round(leds ** 0.5))
    return {i: divmod(i, cols) for i in range(leds)}


def ansi_grid(frame: Frame, positions: dict[int, tuple[int, int]]) -> str:
    """The frame as coloured blocks for a terminal that understands 24-bit ANSI colours."""
    rows = 1 + max((p[0] for p in positions.values()), default=0)
    cols = 1 + max((p[1] for p in positions.values()), default=0)
    cells = [["  "] * cols for _ in range(rows)]
    for index, (r, c) in positions.items():
        colour = frame.pixels[index] if index < frame.count else (0, 0, 0)
        if colour == (0, 0, 0):
            cells[r][c] = "\x1b[38;2;70;70;80m○\x1b[0m "  # an LED that is off, still visible
        else:
            cells[r][c] = "\x1b[38;2;{};{};{}m●\x1b[0m ".format(*colour)
    return "\n".join("".join(row) for row in cells)


def write_path_file(path: str, target: str) -> None:
    """Write the pty path to ``path`` (for scripts that start the emulator in the background),
    whole or not at all: a script that sees the file reads the complete path."""
    tmp = Path(f"{path}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    tmp.write_text(target + "\n", encoding="utf-8")
    os.replace(tmp, path)
