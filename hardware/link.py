"""A serial link that never raises: it opens the port, writes whole frames, and when the cable
is pulled, the port disappears or a write times out, it closes and retries with back-off.

Only the LED system's background thread calls :meth:`SerialLink.send`, so the retries never
delay the game loop, and no serial exception can reach a scene.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
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


def open_serial(port: str, baud: int, write_timeout: float) -> SerialPort:
    """Open ``port`` with pyserial: a device path, a pty path, or a URL such as ``loop://``."""
    import serial  # imported here so that modules importing the link stay cheap to import

    return serial.serial_for_url(port, baudrate=baud, timeout=0.05, write_timeout=write_timeout)


def describe_error(exc: BaseException) -> str:
    """A short human description of why a port failed."""
    text = str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {text}"


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
    """

    def __init__(self, port: str, baud: int = 115200, *, opener: Opener = open_serial,
                 write_timeout: float = 0.5, backoff: tuple[float, float] = BACKOFF,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.port = port
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
            try:
                self._serial = self._opener(self.port, self.baud, self._write_timeout)
            except Exception as exc:  # noqa: BLE001 - a missing port is an expected state, not a crash
                self._fail(exc)
                return False
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
                self._drop()
                self._fail(exc)
                return False
            self.status.frames += 1
            self.status.bytes += len(frame)
            return True

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
