"""Scripted fake serial devices, in the style of python-chess's engine ``MockTransport``.

A test scripts what the kiosk must write and what the device answers, then checks that the
whole script was played with :meth:`ScriptedDevice.assert_done`. Faults (a timeout, a vanished
port) are script steps too, so reconnection can be tested without hardware. :class:`LinePort` and
:class:`FakeClock` put a firmware model at the end of a simulated serial line instead.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.effects import Message
from hardware.receivers import Receiver

if TYPE_CHECKING:
    from hardware.link import SerialPort
    from hardware.system import LedSystem


@dataclass
class _Step:
    kind: str  # "write" (expected bytes) or "fail" (raise on the next write)
    data: bytes = b""
    reply: bytes = b""
    error: BaseException | None = None


class ScriptedDevice:
    """A fake serial port: expected writes, canned replies, and faults, in order.

    ``greeting`` is what the device says by itself as soon as it is opened (the Adalight
    sketch's ``Ada\\n``). ``strict=False`` accepts writes beyond the script (and records them).
    """

    def __init__(self, greeting: bytes = b"", strict: bool = True) -> None:
        self._steps: deque[_Step] = deque()
        self._pending = bytearray()
        self._input = bytearray(greeting)
        self.strict = strict
        self.written = bytearray()
        self.closed = False

    def expect(self, data: bytes, reply: bytes = b"") -> ScriptedDevice:
        """The kiosk must write exactly ``data`` next; the device then answers ``reply``."""
        self._steps.append(_Step("write", data, reply))
        return self

    def fail(self, error: BaseException) -> ScriptedDevice:
        """The next write raises ``error`` (e.g. ``serial.SerialTimeoutException``)."""
        self._steps.append(_Step("fail", error=error))
        return self

    def write(self, data: bytes) -> int:
        """Check ``data`` against the script; raise scripted faults; queue replies."""
        if self.closed:
            raise OSError("write to a closed port")
        if self._steps and self._steps[0].kind == "fail":
            step = self._steps.popleft()
            assert step.error is not None
            raise step.error
        self.written += data
        self._pending += data
        while self._steps and self._steps[0].kind == "write":
            if len(self._pending) < len(self._steps[0].data):
                break
            step = self._steps.popleft()
            got = bytes(self._pending[: len(step.data)])
            if got != step.data:
                raise AssertionError(f"expected write {step.data!r}, got {got!r}")
            del self._pending[: len(step.data)]
            self._input += step.reply
        if self.strict and self._pending and not self._steps:
            raise AssertionError(f"unexpected write {bytes(self._pending)!r}")
        if not self.strict and not self._steps:
            self._pending.clear()
        return len(data)

    def read(self, size: int = 1) -> bytes:
        """The device's next bytes (at most ``size``; empty when it has nothing to say)."""
        chunk = bytes(self._input[:size])
        del self._input[:size]
        return chunk

    @property
    def in_waiting(self) -> int:
        """Bytes the device has said that were not read yet."""
        return len(self._input)

    def close(self) -> None:
        """Close the fake port."""
        self.closed = True

    def assert_done(self) -> None:
        """Every scripted step happened (and no partial expected write is left)."""
        if self._steps:
            raise AssertionError(f"{len(self._steps)} scripted step(s) not played; next: {self._steps[0]}")
        if self.strict and self._pending:
            raise AssertionError(f"leftover bytes {bytes(self._pending)!r}")


class ScriptedOpener:
    """Opens the next scripted device on each call; an exception in the list is raised instead
    (a port that is not there yet). Records every attempt."""

    def __init__(self, *devices: SerialPort | BaseException) -> None:
        self._devices = deque(devices)
        self.attempts: list[tuple[str, int]] = []

    def __call__(self, port: str, baud: int, write_timeout: float) -> SerialPort:
        """Open the next device of the script."""
        self.attempts.append((port, baud))
        if not self._devices:
            raise FileNotFoundError(f"could not open port {port}: no such device")
        device = self._devices.popleft()
        if isinstance(device, BaseException):
            raise device
        return device


class FakeClock:
    """Simulated monotonic seconds: call it for the time, :meth:`sleep` to let time pass."""

    def __init__(self, start: float = 100.0) -> None:
        self.now = start

    def __call__(self) -> float:
        """The current simulated time."""
        return self.now

    def sleep(self, seconds: float) -> None:
        """Advance the clock instead of waiting."""
        self.now += max(0.0, seconds)


class LinePort:
    """A serial port whose far end is one or more firmware models (:mod:`hardware.receivers`, all
    on the same wire): every write reaches them at ``clock``'s time and travels at each model's
    baud rate. Like a real UART, a write returns at once and bytes written while the line is busy
    wait their turn."""

    def __init__(self, receivers: Receiver | Sequence[Receiver], clock: Callable[[], float]) -> None:
        self.receivers = [receivers] if isinstance(receivers, Receiver) else list(receivers)
        self.clock = clock
        self.closed = False
        self.writes: list[tuple[float, bytes]] = []

    def write(self, data: bytes) -> int:
        """Hand ``data`` to the line now."""
        if self.closed:
            raise OSError("write to a closed port")
        data = bytes(data)
        self.writes.append((self.clock(), data))
        for receiver in self.receivers:
            receiver.receive(self.clock(), data)
        return len(data)

    def read(self, size: int = 1) -> bytes:
        """The models never answer."""
        return b""

    def close(self) -> None:
        """Close the port."""
        self.closed = True


class SimulatedLedThread:
    """Runs a :class:`hardware.system.LedSystem` built with ``start=False`` as its thread would,
    on a :class:`FakeClock`: it steps whenever the last step asked to be woken, and when woken."""

    def __init__(self, system: LedSystem, clock: FakeClock) -> None:
        self.system = system
        self.clock = clock
        self.next_wake = clock()

    def wake(self) -> None:
        """A message was published: the thread steps now."""
        self.next_wake = self.clock()
        self.run_until(self.clock())

    def run_until(self, t: float) -> None:
        """Let simulated time pass until ``t``, stepping the system on schedule."""
        while self.next_wake <= t:
            self.clock.now = max(self.clock.now, self.next_wake)
            pause = self.system.step()
            self.next_wake = self.clock.now + max(pause, 1e-4)
        self.clock.now = max(self.clock.now, t)

    def run_for(self, seconds: float) -> None:
        """Let ``seconds`` of simulated time pass."""
        self.run_until(self.clock() + seconds)

    def publish(self, message: Message) -> None:
        """Hand ``message`` to the system, as the effect bus does, and wake the thread."""
        self.system(message)
        self.wake()
