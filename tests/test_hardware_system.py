"""The LED system: frames on change, keep-alive, animation pacing, a game loop that never waits."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.effects import BoardLights, EffectBus, Sound
from hardware.config import LedConfig, config_from_dict
from hardware.effects import OKABE_ITO
from hardware.fakes import FakeClock, ScriptedDevice, ScriptedOpener
from hardware.link import SerialLink
from hardware.mapping import BoardLayout
from hardware.pacing import frame_spacing, wire_seconds
from hardware.protocols import Frame, FrameDecoder, encode_adalight
from hardware.system import LedSystem
from tests.waiting import CEILING, until


def make(config: LedConfig | None = None, device: ScriptedDevice | None = None) -> tuple:
    clock = FakeClock(50.0)
    device = device or ScriptedDevice(strict=False)
    link = SerialLink("fake", opener=ScriptedOpener(device), clock=clock)
    system = LedSystem(config or LedConfig(), link, clock=clock, start=False, log=lambda _m: None,
                       sleep=clock.sleep)
    return system, device, clock


def frames_of(device: ScriptedDevice) -> list:
    return list(FrameDecoder().feed(bytes(device.written)))


def lit_pixels(frame: Frame) -> list[int]:
    return [i for i, pixel in enumerate(frame.pixels) if pixel != (0, 0, 0)]


def test_a_change_is_written_as_one_exact_frame_twice_on_a_new_connection() -> None:
    config = config_from_dict({"colour_order": "GRB", "max_brightness": 128,
                               "games": {"lewthwaite": {"rows": 5, "cols": 5, "start": "bottom-left"}}})
    system, device, clock = make(config)
    assert system.step() > 0 and device.written == b""  # nothing to show yet
    system(BoardLights("lewthwaite", 5, 5, {(0, 0): "put_back", (4, 4): "player2"}))
    pause = system.step()  # the priming copy, which WLED blanks...
    assert pause == pytest.approx(frame_spacing("adalight", 25, 115200))
    clock.now += pause
    system.step()  # ...then the frame, as soon as the pacing allows
    pixels = [(0, 0, 0)] * 25
    red, blue = OKABE_ITO["vermillion"], OKABE_ITO["blue"]
    pixels[20] = (red[1] * 128 // 255, red[0] * 128 // 255, red[2] * 128 // 255)  # top-left cell, GRB, capped
    b = [round(x * 0.9) for x in blue]
    # bottom-right cell: the end of the serpentine's first row
    pixels[4] = (b[1] * 128 // 255, b[0] * 128 // 255, b[2] * 128 // 255)
    assert bytes(device.written) == encode_adalight(pixels) * 2


def test_keepalive_resends_a_still_board_every_second() -> None:
    system, device, clock = make()
    system(BoardLights("lewthwaite", 5, 5, {(1, 1): "player1"}))
    system.step()  # priming copy
    clock.now += 0.1
    system.step()  # the frame
    system(BoardLights("lewthwaite", 5, 5, {(1, 1): "player1"}))  # the same lights: no new frame
    for _ in range(9):
        clock.now += 0.1
        system.step()
    assert len(frames_of(device)) == 2
    clock.now += 0.1
    assert system.step() == pytest.approx(1.0)
    frames = frames_of(device)
    assert len(frames) == 3 and frames[1] == frames[2]  # the full state again: a lost frame heals
    for _ in range(50):  # a still board for 5 s more: a keep-alive a second, never a priming copy
        clock.now += 0.1
        system.step()
    assert len(frames_of(device)) == 8


def test_animations_run_at_the_configured_rate() -> None:
    system, device, clock = make(config_from_dict({"fps": 20}))
    system(BoardLights("lewthwaite", 5, 5, {(2, 2): "put_back"}))
    for _ in range(100):  # one second in steps of 10 ms
        system.step()
        clock.now += 0.01
    frames = frames_of(device)[2:]  # after the priming copy and the first frame
    assert 19 <= len(frames) <= 21
    lit = [f.pixels[12] != (0, 0, 0) for f in frames]
    assert True in lit and False in lit  # it blinks


def test_slow_links_get_fewer_frames_rather_than_a_queue() -> None:
    system, _device, _clock = make(config_from_dict({"fps": 60}))
    assert system.animation_interval(25) == pytest.approx(1 / 60)
    wire = wire_seconds("adalight", 272, 115200)
    assert wire == pytest.approx(822 * 10 / 115200)
    # the wire time (5 % slower for the board's baud clock), 30 µs per LED and a latch to write the
    # strip, and 1 ms of USB jitter
    assert system.animation_interval(272) == pytest.approx(1.05 * wire + 272 * 30e-6 + 0.3e-3 + 1e-3)
    assert frame_spacing("adalight", 272, 921600) == pytest.approx(
        1.05 * 822 * 10 / 921600 + 272 * 30e-6 + 0.3e-3 + 1e-3)


def test_switching_game_resizes_the_frame() -> None:
    system, device, clock = make()
    system(BoardLights("lewthwaite", 5, 5, {(0, 0): "win"}))
    system.step()
    system(BoardLights("lightning", 17, 16, {(16, 15): "hint"}))
    clock.now += 0.01
    system.step()
    counts = [f.count for f in frames_of(device)]
    assert counts == [25, 272]


def test_unknown_roles_and_other_messages_do_no_harm() -> None:
    system, device, _clock = make()
    system(Sound("click"))
    system(BoardLights("lewthwaite", 5, 5, {(0, 0): "sparkle"}))
    system.step()
    assert frames_of(device)[0].pixels == ((0, 0, 0),) * 25
    assert "sparkle" in system.warnings[0]


def test_close_switches_the_board_off() -> None:
    system, device, _clock = make()
    system(BoardLights("lewthwaite", 5, 5, {(0, 0): "player1"}))
    system.step()
    system.close()
    assert frames_of(device)[-1].pixels == ((0, 0, 0),) * 25 and device.closed


class HeldDevice(ScriptedDevice):
    """A port whose writes hang until the test lets them go (like a 272-LED frame on a slow link,
    only as long as the test needs), then succeed or fail like an unplugged board."""

    def __init__(self, fail: bool = False) -> None:
        super().__init__(strict=False)
        self.fail_writes = fail
        self.count = 0
        self.writing = threading.Event()  # the LED thread is inside a write
        self.release = threading.Event()
        self.starved = False  # a write gave up waiting for the test: someone waited for the port

    def write(self, data: bytes) -> int:
        self.count += 1
        self.writing.set()
        if self.starved or not self.release.wait(CEILING):
            self.starved = True
        if self.fail_writes:
            raise OSError(5, "Input/output error")
        return super().write(data)


@pytest.mark.parametrize("fail", [False, True])
def test_publishing_never_waits_for_the_port(fail: bool) -> None:
    # No stopwatch: the port's write is held open for as long as the game loop publishes. A publish
    # that waits for the port would wait for a write only this test can end, until the device
    # gives up (CEILING seconds) and says so.
    device = HeldDevice(fail)
    link = SerialLink("held", opener=ScriptedOpener(*[device] * 50), backoff=(0.01, 0.05))
    system = LedSystem(LedConfig(), link, log=lambda _m: None)
    bus = EffectBus()
    bus.subscribe(system)
    try:
        bus.publish(BoardLights("lewthwaite", 5, 5, {(0, 0): "player1"}))
        assert device.writing.wait(CEILING), "the LED thread never wrote"
        for i in range(60):  # the LED thread is stuck in the port's write all along
            bus.publish(BoardLights("lewthwaite", 5, 5, {(i % 5, i // 12): "selected"}))
        bus.publish(BoardLights("lewthwaite", 5, 5, {(4, 4): "player2"}))
        assert not device.starved, "publishing waited for the port"
        device.release.set()
        if not fail:  # the newest lights, published while the port was busy, are shown next
            last = LedConfig().layout_for("lewthwaite", 5, 5).led_index((4, 4))
            until(lambda: any(lit_pixels(f) == [last] for f in frames_of(device)), "the newest lights shown")
    finally:
        device.release.set()
        system.close(timeout=CEILING)
    assert bus.errors == []
    if fail:
        assert system.link.status.failures >= 1


class WatchedDevice(ScriptedDevice):
    """A port that says when something was written to it."""

    def __init__(self) -> None:
        super().__init__(strict=False)
        self.wrote = threading.Event()

    def write(self, data: bytes) -> int:
        count = super().write(data)
        self.wrote.set()
        return count


def test_the_thread_survives_a_broken_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    device = WatchedDevice()
    system, _device, _clock = make(device=device)
    import hardware.system as module

    calls = {"n": 0}
    real = module.encode_lights

    def flaky(lights: BoardLights, t: float, config: LedConfig, layout: BoardLayout | None = None) -> bytes:
        calls["n"] += 1
        if calls["n"] == 1:
            raise ValueError("boom")
        return real(lights, t, config, layout)

    monkeypatch.setattr(module, "encode_lights", flaky)
    # clock(wait): the LED thread paces itself on the real clock; the test waits for its write
    system._clock = time.monotonic
    # clock(wait): as above (the link's reconnection back-off)
    system.link._clock = time.monotonic
    thread = threading.Thread(target=system._run, daemon=True)
    system(BoardLights("lewthwaite", 5, 5, {(0, 0): "hint"}))
    thread.start()
    assert device.wrote.wait(CEILING), "nothing written after the broken frame"
    system._stop = True
    system._wake.set()
    thread.join(CEILING)
    assert frames_of(device) and "boom" in system.warnings[0]


class Noticed(list[float]):
    """A list that says when something is appended to it."""

    def __init__(self) -> None:
        super().__init__()
        self.grew = threading.Event()

    def append(self, item: float) -> None:
        super().append(item)
        self.grew.set()


def test_the_kiosk_attaches_the_system_with_led_port() -> None:
    from kiosk.app import App, AppOptions
    from kiosk.devices import set_opener
    from main import open_devices

    set_opener(open_devices)  # as main.py does (the opener is put back after the test: conftest.py)
    app = App(AppOptions(frames=1, led_port="loop://"))
    try:
        leds = app.leds
        assert isinstance(leds, LedSystem)
        leds.latencies = latencies = Noticed()  # a frame's latency is noted once it is written
        app.effects.publish(BoardLights("lewthwaite", 5, 5, {(2, 2): "legal"}))
        assert latencies.grew.wait(CEILING), "the frame was never written"
        assert leds.frames_sent >= 2  # the priming copy, then the frame
    finally:
        app.close()
    assert app.leds is None
    assert App(AppOptions(frames=1)).leds is None


roles = st.sampled_from(["legal", "selected", "hint", "computer_from", "computer_to", "put_back", "player1",
                         "player2", "win", "sparkle", ""])
cells = st.dictionaries(st.tuples(st.integers(-2, 20), st.integers(-2, 20)), roles, max_size=30)
sizes = st.sampled_from([-1, 0, 1, 2, 5, 17, 65])
messages = st.builds(BoardLights, st.sampled_from(["lewthwaite", "lightning", "x"]), sizes, sizes, cells, st.booleans(),
                     st.dictionaries(st.tuples(st.integers(0, 5), st.integers(0, 5)),
                                     st.tuples(*[st.integers(0, 255)] * 3), max_size=3))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(messages, st.floats(0, 3)), min_size=1, max_size=6))
def test_any_message_sequence_never_raises_and_every_frame_is_whole(sequence: list) -> None:
    system, device, clock = make()
    expected_counts = []
    for message, wait in sequence:
        system(message)  # must never raise: it runs inside the game loop
        clock.now += wait
        system.step()
        if 1 <= message.rows <= 64 and 1 <= message.cols <= 64:
            expected_counts.append(message.rows * message.cols)
    decoder = FrameDecoder()
    counts = {f.count for f in decoder.feed(bytes(device.written))}
    assert counts <= set(expected_counts)
    assert decoder.bad_frames == 0 and decoder.skipped_bytes == 0 and decoder.pending == 0


def test_a_change_made_while_unplugged_is_shown_as_soon_as_the_board_is_back() -> None:
    clock = FakeClock()
    device = ScriptedDevice(strict=False)
    link = SerialLink("fake", opener=ScriptedOpener(FileNotFoundError("gone"), device), clock=clock,
                      backoff=(0.25, 1.0))
    logs: list[str] = []
    system = LedSystem(LedConfig(), link, clock=clock, start=False, log=logs.append)
    system(BoardLights("lewthwaite", 5, 5, {(0, 0): "player2"}))
    pause = system.step()
    assert device.written == b"" and pause == pytest.approx(0.25)
    clock.now += 0.25
    system.step()
    assert len(frames_of(device)) == 1  # not a second later at the next keep-alive: now
    assert "unavailable" in logs[0] and "connected to fake" in logs[1]


def test_a_small_emulator_still_decodes_a_large_board() -> None:
    from hardware.emulator import PtyEmulator

    emulator = PtyEmulator(25)
    frames = emulator.feed(encode_adalight([(1, 2, 3)] * 272))
    assert [f.count for f in frames] == [272]


def test_the_example_configuration_drives_both_boards_on_one_strip() -> None:
    from pathlib import Path

    from hardware.config import load_config

    config = load_config(Path(__file__).resolve().parent.parent / "hardware" / "example_leds.json")
    system, device, clock = make(config)
    system(BoardLights("lightning", 17, 16, {(0, 8): "player2"}))
    system.step()
    system(BoardLights("lewthwaite", 5, 5, {(1, 0): "player1"}))
    clock.now += 0.01
    assert system.step() == pytest.approx(frame_spacing("adalight", 297, 115200) - 0.01)
    assert len(frames_of(device)) == 1  # the firmware is still busy with the last frame
    clock.now += 0.1
    system.step()
    first, second = frames_of(device)
    assert first.count == second.count == 297
    assert [i for i, p in enumerate(first.pixels) if p != (0, 0, 0)] == [161]
    assert [i for i, p in enumerate(second.pixels) if p != (0, 0, 0)] == [9]  # serpentine row 1 runs back
    assert max(first.pixels[161]) <= 160  # the example's brightness cap


def test_frames_never_crowd_the_firmware_even_when_changes_pour_in() -> None:
    clock = FakeClock()
    starts: list[float] = []

    class Timed(ScriptedDevice):
        def write(self, data: bytes) -> int:
            starts.append(clock.now)
            return super().write(data)

    device = Timed(strict=False)
    link = SerialLink("fake", opener=ScriptedOpener(device), clock=clock)
    system = LedSystem(LedConfig(), link, clock=clock, start=False, log=lambda _m: None, sleep=clock.sleep)
    for i in range(200):  # a new state every 5 ms for one second
        system(BoardLights("lightning", 17, 16, {divmod(i, 16): "player1"}))
        system.step()
        clock.now += 0.005
    gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    assert min(gaps) >= frame_spacing("adalight", 272, 115200) - 1e-9 and len(starts) >= 9
    assert frames_of(device)[-1].pixels != frames_of(device)[0].pixels  # the newest state got through


def test_an_unplugged_board_never_makes_the_thread_spin() -> None:
    clock = FakeClock()
    device = ScriptedDevice(strict=False).fail(OSError(5, "Input/output error"))
    link = SerialLink("fake", opener=ScriptedOpener(device, *[FileNotFoundError("gone")] * 20), clock=clock,
                      backoff=(0.25, 1.0))
    system = LedSystem(LedConfig(), link, clock=clock, start=False, log=lambda _m: None, sleep=clock.sleep)
    system(BoardLights("lewthwaite", 5, 5, {(0, 0): "player1"}))
    pauses = []
    for _ in range(20):  # the first write fails: from then on the thread waits for the back-off
        pause = system.step()
        pauses.append(pause)
        clock.now += pause
    assert min(pauses) >= 0.25 - 1e-9 and clock.now >= 100 + 10
