"""The serial link with scripted fake devices: exact bytes, faults, back-off, reconnection."""

from __future__ import annotations

import os
import select
import time
from pathlib import Path

import pytest
import serial

from hardware.fakes import ScriptedDevice, ScriptedOpener
from hardware.link import SerialLink, device_identity
from hardware.protocols import encode_adalight
from tests.waiting import until


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


def test_the_link_reconnects_only_to_the_device_it_first_opened() -> None:
    clock = FakeClock()
    board, impostor, board_again = (ScriptedDevice(strict=False) for _ in range(3))
    board.expect(FRAME).fail(OSError(5, "Input/output error"))
    names = iter(["USB 2341:0043 serial A1", "USB 1a86:7523 serial ZZ", "USB 2341:0043 serial A1"])
    link = SerialLink("/dev/ttyACM0", opener=ScriptedOpener(board, impostor, board_again), clock=clock,
                      backoff=(0.25, 1.0), identify=lambda _path: next(names), locate=lambda _name: None)
    assert link.send(FRAME) and link.identity == "USB 2341:0043 serial A1"
    assert not link.send(FRAME)  # unplugged
    clock.now += 0.25
    assert not link.send(FRAME) and impostor.closed and impostor.written == b""
    assert "another device (USB 1a86:7523 serial ZZ)" in link.status.last_error
    clock.now += 0.5
    assert link.send(FRAME) and board_again.written == FRAME


def test_a_usb_board_is_followed_to_its_new_name() -> None:
    opener = ScriptedOpener(ScriptedDevice(strict=False), ScriptedDevice(strict=False))
    places = {"/dev/ttyUSB0": "USB 0403:6001 serial FT1", "/dev/ttyUSB1": "USB 0403:6001 serial FT1"}
    link = SerialLink("/dev/ttyUSB0", opener=opener, identify=places.get,
                      locate=lambda name: "/dev/ttyUSB1" if name == "USB 0403:6001 serial FT1" else None)
    assert link.send(FRAME)
    link.close()
    assert link.send(FRAME) and link.device == "/dev/ttyUSB1"
    assert [port for port, _baud in opener.attempts] == ["/dev/ttyUSB0", "/dev/ttyUSB1"]


def test_a_pseudo_terminal_reused_by_another_program_is_not_reconnected(tmp_path: Path) -> None:
    master, slave = os.openpty()
    path = os.ttyname(slave)
    identity = device_identity(path)
    assert identity is not None and identity.startswith(f"pseudo-terminal {path} created at")
    link = SerialLink(path, 115200, backoff=(0.01, 0.01))
    try:
        assert link.send(FRAME)
        os.close(master)
        os.close(slave)  # the emulator exits...
        assert not link.send(FRAME) and not link.connected  # ...the link lets go of the pty...
        # The kernel stamps a pty's creation with a coarse clock (a few ms): a real program starts
        # far later than this test could reopen it, so wait a little as the real one would.
        time.sleep(0.05)  # clock(wait): at least 50 ms for the kernel's stamp to move; load only adds
        master2, slave2 = os.openpty()  # ...and another program gets a pty, the lowest free number
        try:
            if os.ttyname(slave2) != path:
                pytest.skip("another process took the pty number meanwhile")
            until(lambda: not link.send(FRAME) and "another device" in link.status.last_error,
                  "the link refuses the other program's pty")
            assert not link.connected
            assert not select.select([master2], [], [], 0)[0]  # not a byte reached the other program
        finally:
            os.close(master2)
            os.close(slave2)
    finally:
        link.close()
    # a link (like /dev/serial/by-id or the emulator's --link) is trusted; a URL is its own name
    (tmp_path / "ttyLEDS").symlink_to(path)
    assert device_identity(str(tmp_path / "ttyLEDS")) is None and device_identity("loop://") is None
