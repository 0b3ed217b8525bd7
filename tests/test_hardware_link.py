"""The serial link with scripted fake devices: exact bytes, faults, back-off, reconnection."""

from __future__ import annotations

import pytest
import serial

from hardware.fakes import ScriptedDevice, ScriptedOpener
from hardware.link import SerialLink
from hardware.protocols import encode_adalight


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


FRAME = encode_adalight([(255, 0, 0), (0, 0, 0)])


def test_frames_are_written_exactly() -> None:
    device = ScriptedDevice().expect(FRAME).expect(FRAME)
    opener = ScriptedOpener(device)
    link = SerialLink("/dev/ttyUSB0", 115200, opener=opener)
    assert link.send(FRAME) and link.send(FRAME)
    device.assert_done()
    assert opener.attempts == [("/dev/ttyUSB0", 115200)]
    assert link.status.frames == 2 and link.status.bytes == 2 * len(FRAME)


def test_the_fake_device_catches_a_wrong_byte() -> None:
    device = ScriptedDevice().expect(FRAME)
    with pytest.raises(AssertionError, match="expected write"):
        device.write(FRAME[:-1] + b"\x01")
    unplayed = ScriptedDevice().expect(b"x")
    with pytest.raises(AssertionError, match="not played"):
        unplayed.assert_done()


@pytest.mark.parametrize("fault", [
    serial.SerialTimeoutException("Write timeout"),
    serial.SerialException("write failed: [Errno 5] Input/output error"),  # cable pulled
    OSError(19, "No such device"),
    RuntimeError("driver bug"),
])
def test_a_fault_never_raises_and_the_link_reconnects_with_backoff(fault: Exception) -> None:
    clock = FakeClock()
    first = ScriptedDevice().expect(FRAME).fail(fault)
    second = ScriptedDevice().expect(FRAME)
    gone = FileNotFoundError("could not open port /dev/ttyUSB0")
    opener = ScriptedOpener(first, gone, gone, second)
    link = SerialLink("/dev/ttyUSB0", opener=opener, clock=clock, backoff=(0.25, 1.0))
    assert link.send(FRAME)
    assert not link.send(FRAME)  # the fault: reported as False, never raised
    assert first.closed and not link.connected and type(fault).__name__ in link.status.last_error
    assert not link.send(FRAME) and len(opener.attempts) == 1  # waiting 0.25 s before retrying
    clock.now += 0.25
    assert not link.send(FRAME) and len(opener.attempts) == 2  # port still gone: wait 0.5 s
    clock.now += 0.4
    assert not link.send(FRAME) and len(opener.attempts) == 2
    clock.now += 0.1
    assert not link.send(FRAME) and len(opener.attempts) == 3  # gone again: wait 1.0 s (the cap)
    clock.now += 1.0
    assert link.send(FRAME) and link.connected
    second.assert_done()
    assert link.status.connects == 2 and link.status.failures == 3


def test_backoff_is_capped_and_reset_after_success() -> None:
    clock = FakeClock()
    opener = ScriptedOpener(*[FileNotFoundError("gone")] * 6, ScriptedDevice(strict=False))
    link = SerialLink("COM3", opener=opener, clock=clock, backoff=(0.25, 1.0))
    delays = []
    for _ in range(6):
        start = link.next_attempt
        link.connect()
        delays.append(round(link.next_attempt - start, 3))
        clock.now = link.next_attempt
    assert delays == [0.25, 0.5, 1.0, 1.0, 1.0, 1.0]
    assert link.send(FRAME)


def test_a_short_write_counts_as_a_fault() -> None:
    class Short(ScriptedDevice):
        def write(self, data: bytes) -> int:
            return len(data) - 1

    link = SerialLink("x", opener=ScriptedOpener(Short()))
    assert not link.send(FRAME) and "only" in link.status.last_error


def test_a_real_missing_port_is_reported_not_raised() -> None:
    link = SerialLink("/dev/ttyDOES-NOT-EXIST", 115200)
    assert not link.send(FRAME)
    assert "could not open port" in link.status.last_error


def test_loop_url_through_the_real_opener() -> None:
    link = SerialLink("loop://", 921600)
    assert link.send(FRAME) and link.connected
    link.close()
    assert not link.connected
