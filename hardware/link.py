"""A serial link that never raises: it opens the port, writes whole frames, and when the cable
is pulled, the port disappears or a write times out, it closes and retries with back-off.

Only the LED system's background thread calls :meth:`SerialLink.send`, so the retries never
delay the game loop, and no serial exception can reach a scene.

It reconnects only to the device it was given. At the first connection it notes a stable identity
of what it opened, where the platform offers one (:func:`device_identity`): a USB adapter's
vendor, product and serial number (followed to its new name if it comes back as another
``/dev/ttyUSB*``), or a Linux pseudo-terminal's creation time, because a new pty may get the same
``/dev/pts/N`` number in another program. A symbolic link (``/dev/serial/by-id/...``, the
emulator's ``--link``) is trusted to point at the right device; a URL (``loop://``) is its own identity.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol


class SerialPort(Protocol):
    """The part of ``serial.Serial`` the link and the detector use (scripted fakes implement it)."""

    def write(self, data: bytes) -> int | None:
        """Write ``data``; may raise on a lost device."""
        ...

    def read(self, size: int = 1) -> bytes:
        """Read up to ``size`` bytes (waiting at most the port's timeout)."""
        ...

    def close(self) -> None:
        """Release the port."""
        ...


Opener = Callable[[str, int, float], SerialPort]

#: seconds between reconnection attempts: doubling from the first value up to the last
BACKOFF = (0.25, 5.0)


#: Seconds a frame's write may take before the board counts as gone. pyserial raises "Write
#: timeout" whenever its thread was paused past this, even after every byte went out, so a busy
#: 2-core machine with 0.5 s dropped and reconnected a healthy board; a frame of 300 LEDs takes
#: 80 ms at 115200 baud, and the LED thread is off the frame loop, so a long wait costs nothing.
WRITE_TIMEOUT = 2.0


def open_serial(port: str, baud: int, write_timeout: float) -> SerialPort:
    """Open ``port`` with pyserial: a device path, a pty path, or a URL such as ``loop://``."""
    import serial  # imported here so that modules importing the link stay cheap to import

    return serial.serial_for_url(port, baudrate=baud, timeout=0.05, write_timeout=write_timeout)


def describe_error(exc: BaseException) -> str:
    """A short human description of why a port failed (never empty: some errors have no text)."""
    text = str(exc) or "no details given"
    return f"{type(exc).__name__}: {text}"


def _usb_ports() -> list[Any]:
    try:
        from serial.tools import list_ports

        return list(list_ports.comports())
    except Exception:  # noqa: BLE001 - no port listing on this platform: identities are unknown
        return []


def _usb_identity(info: Any) -> str | None:
    # library: pyserial's port info, vid only for USB
    if getattr(info, "vid", None) is None:
        return None
    name = f"USB {info.vid:04x}:{info.pid:04x}"
    if info.serial_number:
        return f"{name} serial {info.serial_number}"
    # no serial number (cheap CH340 adapters): the physical USB socket is the next best thing
    return f"{name} at USB port {info.location}" if info.location else None


def device_identity(port: str) -> str | None:
    """A name for the device behind ``port`` that no other device shares, or None when the
    platform offers none (then the path itself is all the link can check)."""
    if "://" in port:
        return None
    real = os.path.realpath(port)
    for info in _usb_ports():
        if os.path.realpath(info.device) == real:
            return _usb_identity(info)
    if real.startswith("/dev/pts/") and not os.path.islink(port):
        try:
            return f"pseudo-terminal {real} created at {os.stat(real).st_ctime_ns}"
        except OSError:
            return None
    return None


def find_device(identity: str) -> str | None:
    """The current path of the USB device named ``identity`` (by :func:`device_identity`), if plugged in."""
    for info in _usb_ports():
        if _usb_identity(info) == identity:
            return str(info.device)
    return None


def discard_input(port: Any) -> None:
    """Throw away what the board said (greetings, echoes): the LED senders never read it, and a
    port that echoes (``loop://``) would otherwise fill up and block."""
    # library: pyserial's ports have it, loop:// and pty ones may not
    reset = getattr(port, "reset_input_buffer", None)
    if reset is not None:
        with contextlib.suppress(Exception):  # a failing port shows up at the next write
            reset()


@dataclass
class LinkStatus:
    """What the link has done so far (shown by ``led-detect`` and used by tests and benches)."""

    connected: bool = False
    frames: int = 0
    bytes: int = 0
    failures: int = 0
    connects: int = 0
    last_error: str = ""

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly copy."""
        return dict(self.__dict__)


class SerialLink:
    """Writes frames to ``port``; reconnects with exponential back-off when anything goes wrong.

    ``opener`` opens the port (pyserial by default; tests pass scripted fakes) and ``clock``
    gives monotonic seconds (tests pass a fake clock to check the back-off schedule).
    ``identify`` and ``locate`` name a device and find a named one (:func:`device_identity`,
    :func:`find_device`).
    """

    def __init__(self, port: str, baud: int = 115200, *, opener: Opener = open_serial,
                 write_timeout: float = WRITE_TIMEOUT, backoff: tuple[float, float] = BACKOFF,
                 clock: Callable[[], float] = time.monotonic,
                 identify: Callable[[str], str | None] = device_identity,
                 locate: Callable[[str], str | None] = find_device) -> None:
        self.port = port
        #: the path opened last: ``port``, or where the same USB board came back
        self.device = port
        #: what was opened first (see the module's docstring); None when the platform cannot tell
        self.identity: str | None = None
        self._identified = False
        self._identify = identify
        self._locate = locate
        self.baud = baud
        self._opener = opener
        self._write_timeout = write_timeout
        self._backoff = backoff
        self._clock = clock
        self._serial: SerialPort | None = None
        self._delay = backoff[0]
        self._next_attempt = clock()
        self._lock = threading.RLock()  # connect() runs inside send() too
        self.status = LinkStatus()

    @property
    def connected(self) -> bool:
        """True while the port is open and the last write went through."""
        return self._serial is not None

    @property
    def next_attempt(self) -> float:
        """Clock time of the next reconnection attempt (meaningful while disconnected)."""
        return self._next_attempt

    def connect(self) -> bool:
        """Try to open the port now if the back-off allows it; True when the link is up."""
        with self._lock:
            if self._serial is not None:
                return True
            if self._clock() < self._next_attempt:
                return False
            path = self.port
            if self.identity is not None and self.identity.startswith("USB"):
                path = self._quietly(self._locate, self.identity) or self.port
            try:
                serial_port = self._opener(path, self.baud, self._write_timeout)
            except Exception as exc:  # noqa: BLE001 - a missing port is an expected state, not a crash
                self._fail(exc)
                return False
            identity = self._quietly(self._identify, path)
            if not self._identified:
                self.identity, self._identified = identity, True
            elif identity != self.identity:
                with contextlib.suppress(Exception):
                    serial_port.close()
                self._fail(OSError(f"{path} is now another device ({identity or 'unknown'}), not the board "
                                   f"opened first ({self.identity}): waiting for that board"))
                return False
            self._serial, self.device = serial_port, path
            self._delay = self._backoff[0]
            self.status.connected = True
            self.status.connects += 1
            return True

    def send(self, frame: bytes) -> bool:
        """Write one whole frame; False (never an exception) when the device is not there."""
        with self._lock:
            if not self.connect():
                return False
            assert self._serial is not None
            try:
                written = self._serial.write(frame)
                if written is not None and written != len(frame):
                    raise OSError(f"only {written} of {len(frame)} bytes written")
            except Exception as exc:  # noqa: BLE001 - unplugged cable, vanished port, write timeout
                # counted before the link shows as down, so that whoever sees it down sees why
                self._fail(exc)
                self._drop()
                return False
            self.status.frames += 1
            self.status.bytes += len(frame)
            discard_input(self._serial)
            return True

    def snapshot(self) -> LinkStatus:
        """A consistent copy of :attr:`status` (taken under the link's lock)."""
        with self._lock:
            return replace(self.status)

    @staticmethod
    def _quietly(function: Callable[[str], str | None], argument: str) -> str | None:
        try:
            return function(argument)
        except Exception:  # noqa: BLE001 - no identity is better than a crashed LED thread
            return None

    def _fail(self, exc: BaseException) -> None:
        self.status.failures += 1
        self.status.last_error = describe_error(exc)
        self._next_attempt = self._clock() + self._delay
        self._delay = min(self._delay * 2, self._backoff[1])

    def _drop(self) -> None:
        serial_port, self._serial = self._serial, None
        self.status.connected = False
        if serial_port is not None:
            with contextlib.suppress(Exception):  # closing a dead port may fail too; it is gone anyway
                serial_port.close()

    def close(self) -> None:
        """Close the port; a later :meth:`send` reopens it."""
        with self._lock:
            self._drop()
            self._next_attempt = self._clock()
