"""What real firmware would show: led-test, led-demo and a whole game against models of WLED and
of the stock Adalight-FastLED sketch (hardware.receivers), on a simulated serial line and clock.

The models were written from the firmware's documented behaviour; the first tests check that they
reproduce what was observed on the real parsers (issue 12), the others that the kiosk's frames,
paced and primed, are all shown exactly.
"""

from __future__ import annotations

import math
import random

import pytest

from games.effects import BoardLights
from games.registry import spec
from hardware.cli import demo_sequence, led_test_frames, light_each_led, show_demo
from hardware.config import LedConfig
from hardware.effects import LOOKS
from hardware.fakes import FakeClock, LinePort, ScriptedOpener, SimulatedLedThread
from hardware.link import SerialLink
from hardware.pacing import frame_spacing
from hardware.protocols import Frame, FrameDecoder, encode, encode_tpm2, tpm2_led_count, wled_tpm2_count
from hardware.receivers import (
    WLED_DEFAULT_COLOUR,
    AdalightFastLed,
    IdealReceiver,
    Receiver,
    Shown,
    Wled,
    make_receiver,
    scale8,
)
from hardware.system import LedSystem

WHITE, OFF = (255, 255, 255), (0, 0, 0)
LED_COUNTS = (25, 272)
BAUDS = (115200, 921600)


def board_states(receiver: Receiver) -> list[dict[int, tuple[int, int, int]]]:
    """What a person watching the strip sees from the kiosk's first frame on: each new state once
    (WLED's own effect before the first frame is left out)."""
    states: list[dict[int, tuple[int, int, int]]] = []
    for update in receiver.shown:
        if update.why == "effect" and not states:
            continue
        lit = update.lit() if update.why != "effect" else {-1: update.pixels[0]}
        if not states or states[-1] != lit:
            states.append(lit)
    return states


def sent_frames(port: LinePort) -> list[Frame]:
    """Every frame the kiosk wrote, decoded (each write is one whole frame)."""
    frames = []
    for _t, data in port.writes:
        decoded = list(FrameDecoder().feed(data))
        assert len(decoded) == 1
        frames.append(decoded[0])
    return frames


def shown_frames(receiver: Receiver) -> list[tuple[tuple[int, int, int], ...]]:
    """The colours of every strip update caused by a frame (WLED's effect left out)."""
    return [update.pixels for update in receiver.shown if update.why != "effect"]


def strip(frame: Frame, leds: int) -> tuple[tuple[int, int, int], ...]:
    """A frame as a strip of ``leds`` LEDs shows it (a padding LED beyond the strip is not there)."""
    return tuple(frame.pixels[:leds]) + (OFF,) * (leds - frame.count)


def assert_shows_every_frame(receiver: Receiver, port: LinePort, leds: int) -> None:
    """The board showed each frame the kiosk sent, exactly, in order, losing no byte; on WLED the
    first copy (the priming one) is blanked and live mode never ended while the kiosk ran."""
    expected = [strip(frame, leds) for frame in sent_frames(port)]
    shown = shown_frames(receiver)
    assert receiver.dropped == 0
    if isinstance(receiver, Wled):
        assert shown[0] == (OFF,) * leds and receiver.shown[1].why == "blank"
        assert shown[1:] == expected[1:]
        assert [u.why for u in receiver.shown[1:]].count("effect") <= 1  # at most after the last frame
        assert receiver.commands == []
    else:
        assert shown == expected


# -- the models reproduce what the real parsers did ----------------------------------------------

def unpaced_led_test(receivers: list[Receiver], protocol: str, leds: int, every: float = 0.05) -> None:
    """led-test as it was: a frame every 50 ms whatever the wire and the strip, no priming."""
    clock = FakeClock(0.0)
    port = LinePort(receivers, clock)
    for pixels in led_test_frames(leds):
        port.write(encode(protocol, pixels))
        clock.sleep(every)
    for receiver in receivers:
        receiver.advance(clock())


def shown(receiver: Receiver) -> Shown:
    """The receiver's latest frame shown (there must be one)."""
    frame = receiver.latest
    assert frame is not None, "nothing shown yet"
    return frame


def test_unpaced_frames_lose_half_the_leds_on_adalight_and_led_0_on_wled() -> None:
    adalight, wled = AdalightFastLed(272, 115200), Wled(272, 115200, force_max_brightness=True)
    unpaced_led_test([adalight, wled], "adalight", 272)
    # 822 bytes take 71 ms at 115200 baud: the next frame's header arrives while the strip is written
    lit_ever = {i for state in board_states(adalight) for i in state}
    assert len(lit_ever) == 136 and adalight.dropped > 10_000 and adalight.frames == 137
    assert 0 not in {i for state in board_states(wled) for i in state}  # the blanked first frame
    assert wled.frames == 273 and wled.dropped == 0  # WLED reads every frame, it only blanks one


def test_wled_enters_live_mode_dark_and_leaves_it_after_2_5_s() -> None:
    wled = Wled(3, 115200)
    assert shown(wled).why == "effect" and shown(wled).pixels[0] == tuple(scale8(c, 128) for c in WLED_DEFAULT_COLOUR)
    frame = encode("adalight", [WHITE, OFF, (10, 20, 30)])
    wled.receive(1.0, frame)
    assert shown(wled).why == "blank" and shown(wled).lit() == {} and wled.live
    wled.receive(1.1, frame)
    assert shown(wled).lit() == {0: (128, 128, 128), 2: (5, 10, 15)}  # WLED's brightness, 128
    assert wled.advance(3.5) == [] and wled.live  # 2.4 s after the frame's end: still live
    effect = wled.advance(3.7)
    assert [u.why for u in effect] == ["effect"] and not wled.live
    assert effect[0].t == pytest.approx(1.1 + len(frame) * 10 / 115200 + 2.5)
    wled.receive(4.0, frame)
    assert shown(wled).why == "blank"  # blanked again on entering live mode again
    dark = Wled(3, on=False, force_max_brightness=True)
    dark.receive(0.0, frame)
    dark.receive(0.1, frame)
    assert shown(dark).lit() == {0: WHITE, 2: (10, 20, 30)}  # switched off, live frames still show
    assert dark.advance(3.0)[0].lit() == {}  # and it goes dark, not back to an effect


def test_wled_reads_tpm2_lengths_rounded_down_per_byte() -> None:
    pixels = [OFF] * 99 + [(0x76, 0xB5, 0x6C)]  # the last LED's bytes: 'v', a baud change, 'l'
    bare = bytes((0xC9, 0xDA, 0x01, 0x2C)) + bytes(c for p in pixels for c in p) + b"\x36"
    wled = Wled(100)
    wled.receive(0.0, bare)
    assert wled.frames == 1 and wled.commands == [0x76, 0xB5, 0x6C]  # 99 LEDs read; 3 bytes obeyed
    padded = encode_tpm2(pixels)
    assert len(padded) == len(bare) + 3 and tpm2_led_count(100) == 101
    wled = Wled(100, force_max_brightness=True)
    wled.receive(0.0, padded)
    wled.receive(0.1, padded)
    assert wled.commands == [] and shown(wled).pixels[99] == (0x76, 0xB5, 0x6C)


def test_every_tpm2_count_is_read_whole_by_wled() -> None:
    for count in range(1, 65535 // 3 + 1):
        sent = tpm2_led_count(count)
        assert sent in (count, count + 1) and 3 * sent <= 65535
        assert count <= wled_tpm2_count(3 * sent) <= sent  # what WLED leaves over is padding (zeros)
    assert [n for n in (25, 100, 272, 297) if tpm2_led_count(n) != n] == [100]


def test_the_adalight_model_loses_what_arrives_while_it_writes_the_strip() -> None:
    adalight = AdalightFastLed(25, 115200)
    frame = encode("adalight", [WHITE] * 25)
    wire = len(frame) * 10 / 115200
    adalight.receive(0.0, frame + frame)  # back to back: the second header is lost
    assert adalight.frames == 1 and adalight.dropped == 9  # 25 x 30 µs + 50 µs = 800 µs = 9.2 bytes
    adalight.receive(1.0, frame)
    adalight.receive(1.0 + wire + adalight.show_seconds, frame)  # just after the strip is written
    assert adalight.frames == 3 and adalight.dropped == 9
    slow = make_receiver("adalight", 4, 9600)
    assert isinstance(slow, AdalightFastLed) and slow.show_seconds == pytest.approx(4 * 30e-6 + 50e-6)
    with pytest.raises(ValueError, match="baud"):
        make_receiver("adalight", 4, None)


def test_a_receiver_shows_the_frame_when_its_last_byte_arrives() -> None:
    ideal = IdealReceiver(2, 9600)
    ideal.receive(5.0, encode("adalight", [WHITE, OFF]))
    ideal.receive(5.0, encode("adalight", [OFF, WHITE]))  # waits for the line
    assert [u.t for u in ideal.shown] == pytest.approx([5 + 12 / 960, 5 + 24 / 960])
    first = ideal.showing_at(5.013)
    assert first is not None and first.lit() == {0: WHITE} and ideal.showing_at(4.0) is None


# -- led-test ------------------------------------------------------------------------------------

def run_led_test(receivers: list[Receiver], protocol: str, leds: int, baud: int,
                 delay: float = 0.05) -> tuple[FakeClock, LinePort]:
    clock = FakeClock(0.0)
    port = LinePort(receivers, clock)
    shown = list(light_each_led(port.write, protocol, leds, baud, delay, clock, clock.sleep))
    assert shown == list(range(1, leds + 2))
    return clock, port


@pytest.mark.parametrize("protocol", ["adalight", "tpm2"])
@pytest.mark.parametrize("baud", BAUDS)
@pytest.mark.parametrize("leds", LED_COUNTS)
def test_led_test_lights_exactly_each_led_on_wled_and_adalight(protocol: str, leds: int, baud: int) -> None:
    wled = Wled(leds, baud, force_max_brightness=True)
    receivers: list[Receiver] = [wled] + ([AdalightFastLed(leds, baud)] if protocol == "adalight" else [])
    clock, port = run_led_test(receivers, protocol, leds, baud)
    expected = [{i: WHITE} for i in range(leds)] + [{}]
    for receiver in receivers:
        assert_shows_every_frame(receiver, port, leds)
        states = board_states(receiver)
        assert states == ([{}] + expected if receiver is wled else expected)
    step = max(0.05, frame_spacing(protocol, leds, baud))
    gaps = [b[0] - a[0] for a, b in zip(port.writes[1:], port.writes[2:], strict=False)]
    assert min(gaps) == pytest.approx(step)  # each LED alone for the delay, or longer on a slow link
    assert clock() == pytest.approx(frame_spacing(protocol, leds, baud) + leds * step)


def test_led_test_keeps_wled_live_through_long_delays() -> None:
    wled = Wled(4, 115200, force_max_brightness=True)
    clock, port = run_led_test([wled], "adalight", 4, 115200, delay=3.0)
    assert board_states(wled) == [{}, {0: WHITE}, {1: WHITE}, {2: WHITE}, {3: WHITE}, {}]
    assert [u.why for u in wled.shown].count("effect") == 1  # the one it started with
    assert len(port.writes) == 1 + 4 * 3 + 1  # each LED resent every second of its 3 s


# -- led-demo and a whole game through the LED system -------------------------------------------

def attach(config: LedConfig, receivers: list[Receiver]) -> tuple[FakeClock, LinePort, LedSystem, SimulatedLedThread]:
    clock = FakeClock(0.0)
    port = LinePort(receivers, clock)
    link = SerialLink("simulated", config.baud, opener=ScriptedOpener(port), clock=clock, identify=lambda _p: None)
    system = LedSystem(config, link, clock=clock, start=False, log=lambda _m: None, sleep=clock.sleep)
    return clock, port, system, SimulatedLedThread(system, clock)


def intended_leds(lights: BoardLights, config: LedConfig) -> set[int]:
    """The LEDs ``lights`` may light: cells with a known role, every cell when idle."""
    layout = config.layout_for(lights.game, lights.rows, lights.cols)
    cells = {(r, c) for r in range(lights.rows) for c in range(lights.cols)} if lights.idle else {
        cell for cell, role in lights.cells.items() if role in LOOKS}
    return {layout.led_index(cell) for cell in cells}


def steady(lights: BoardLights) -> bool:
    """True when every lit cell stays lit (no blinking): then exactly its LEDs are on."""
    return all(LOOKS[role].pattern in ("solid", "pulse") and not LOOKS[role].cycle
               for role in lights.cells.values() if role in LOOKS)


#: when lights were published, and how many frames had been written by then (their order, even
#: when a frame and a change fall on the same simulated instant)
Timeline = list[tuple[float, int, BoardLights]]


def check_frames_match_lights(port: LinePort, timeline: Timeline, config: LedConfig, leds: int) -> None:
    """Each frame lights only the LEDs of the lights current when it was sent (exactly them when
    nothing blinks), and every state that lasted two frame spacings had a frame shown within them
    (not counting the very first frame, which WLED blanks)."""
    spacing = frame_spacing(config.protocol, leds, config.baud)
    frames = sent_frames(port)
    for k, frame in enumerate(frames):
        current = [lights for _since, written, lights in timeline if written <= k][-1]
        lit = {i for i, pixel in enumerate(frame.pixels) if pixel != OFF}
        assert lit <= intended_leds(current, config)
        if steady(current) and not current.idle:
            assert lit == intended_leds(current, config)
    for (since, _written, lights), (until, _w, _next) in zip(timeline, [*timeline[1:], (math.inf, 0, None)],
                                                             strict=True):
        if until - since >= 2 * spacing:
            assert any(since <= t < since + 2 * spacing for t, _data in port.writes[1:]), f"{lights} not shown"


@pytest.mark.parametrize("baud", BAUDS)
@pytest.mark.parametrize("leds", LED_COUNTS)
def test_led_demo_shows_every_effect_on_wled_and_adalight(leds: int, baud: int) -> None:
    board = next(b for b in map(lambda g: spec(g).default_board(), ("lewthwaite", "lightning"))
                 if b.led_rows * b.led_cols == leds)
    config = LedConfig(baud=baud)
    wled, adalight = Wled(leds, baud, force_max_brightness=True), AdalightFastLed(leds, baud)
    clock, port, system, thread = attach(config, [wled, adalight])
    timeline: Timeline = []

    def publish(lights: BoardLights) -> None:
        timeline.append((clock(), len(port.writes), lights))
        thread.publish(lights)

    said: list[str] = []
    show_demo(publish, board, 3.0, thread.run_for, say=said.append)
    system.close()
    assert said == [name for name, _ in demo_sequence(board)]
    for receiver in (wled, adalight):
        assert_shows_every_frame(receiver, port, leds)
    check_frames_match_lights(port, timeline, config, leds)
    # each effect was on the board (what was sent was shown, above): its LEDs lit at some point
    frames = sent_frames(port)
    for (since, _written, lights), until in zip(timeline, [t for t, _w, _l in timeline[1:]] + [clock()],
                                                strict=True):
        seen = {i for (t, _data), frame in zip(port.writes, frames, strict=True) if since <= t < until
                for i, pixel in enumerate(frame.pixels) if pixel != OFF}
        assert seen == intended_leds(lights, config), lights
    assert board_states(wled)[-1] == {} and board_states(adalight)[-1] == {}  # switched off at the end


@pytest.mark.parametrize(("leds", "baud"), [(25, 115200), (25, 921600), (272, 115200), (272, 921600)])
def test_a_whole_game_lights_exactly_what_the_kiosk_sends(leds: int, baud: int,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from games.lewthwaite.rules import LewthwaiteParams
    from games.lewthwaite.scene import LewthwaiteScene, new_match
    from kiosk.overlays import EndScene
    from tests.kiosk_driver import make_app, run_frames

    config = LedConfig(baud=baud, leds=leds)  # 272: Lewthwaite's 25 LEDs at the start of a long strip
    wled, adalight = Wled(leds, baud, force_max_brightness=True), AdalightFastLed(leds, baud)
    clock, port, system, thread = attach(config, [wled, adalight])
    app = make_app(seed=2)
    # Scenes publish their lights from their logic, never from drawing: skip the drawing, it is
    # most of a headless frame's time and nothing here looks at the screen.
    monkeypatch.setattr(app, "draw", lambda: None)
    timeline: Timeline = []

    def record(message: object) -> None:
        if isinstance(message, BoardLights) and (not timeline or timeline[-1][2] != message):
            timeline.append((clock(), len(port.writes), message))

    def frame() -> None:
        run_frames(app, 1)
        thread.wake()  # the bus woke the LED thread if the frame published lights
        thread.run_for(1 / 60)

    app.effects.subscribe(record)
    app.effects.subscribe(system)
    person = random.Random(leds + baud)
    try:
        # a child (red, playing at random, taking a second to think) against the perfect player
        scene = LewthwaiteScene(app, new_match(app, LewthwaiteParams(5, 5, None), "human", "perfect", "tokens"))
        app.start(scene)
        ticks = 0
        while not isinstance(app.stack.top, EndScene) and ticks < 60 * 120:
            if scene.match.person_to_move() and scene.anim is None and ticks % 60 == 0:
                cell = person.choice(sorted(scene.state.legal_moves()))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.board_view.center_of(cell),
                                                     button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.board_view.center_of(cell),
                                                     button=1))
            frame()
            ticks += 1
        assert isinstance(app.stack.top, EndScene) and scene.state.moves_played >= 4
        for _ in range(120):  # the end screen for two seconds
            frame()
    finally:
        app.close()
    system.close()
    for receiver in (wled, adalight):
        assert_shows_every_frame(receiver, port, leds)
    assert len(timeline) >= 8 and len(port.writes) >= 20
    check_frames_match_lights(port, timeline, config, leds)
    # every change reached the board within two frame spacings (one frame may have been on the wire)
    assert max(system.latencies) <= 2 * frame_spacing("adalight", leds, baud)


# -- priming after a reconnection or a silence, pacing of the closing frame ------------------------

STILL = BoardLights("lewthwaite", 5, 5, {(0, 0): "player1", (4, 4): "player2"})


def still_pixels(config: LedConfig) -> dict[int, tuple[int, int, int]]:
    from hardware.system import strip_pixels

    return {i: p for i, p in enumerate(strip_pixels(STILL, 0.0, config)) if p != OFF}


def test_a_board_that_restarted_shows_the_lights_at_once_after_the_reconnection() -> None:
    config = LedConfig()
    clock = FakeClock(0.0)
    before, after = Wled(25, 115200, force_max_brightness=True), Wled(25, 115200, force_max_brightness=True)
    first, second = LinePort(before, clock), LinePort(after, clock)
    link = SerialLink("sim", opener=ScriptedOpener(first, second), clock=clock, backoff=(0.25, 1.0),
                      identify=lambda _p: None)
    system = LedSystem(config, link, clock=clock, start=False, log=lambda _m: None, sleep=clock.sleep)
    thread = SimulatedLedThread(system, clock)
    thread.publish(STILL)
    thread.run_for(0.5)
    assert board_states(before)[-1] == still_pixels(config)
    first.closed = True  # the cable is pulled; the board restarts (a fresh WLED, not in live mode)
    thread.run_for(1.0)  # the keep-alive fails, the link waits 0.25 s and opens the new port
    assert link.status.connects == 2
    reconnected = [t for t, _data in second.writes][0]
    # the first frame is blanked; the second, one frame spacing later, shows the lights
    showing = after.showing_at(reconnected + 2 * frame_spacing("adalight", 25, 115200))
    assert showing is not None and showing.lit() == still_pixels(config)
    assert [u.why for u in after.shown[:3]] == ["effect", "blank", "frame"]


def test_after_a_silence_longer_than_wled_waits_the_board_is_woken_again() -> None:
    config = LedConfig()
    wled = Wled(25, 115200, force_max_brightness=True)
    clock, port, system, thread = attach(config, [wled])
    thread.publish(STILL)
    thread.run_for(0.1)
    clock.sleep(3.0)  # the LED thread was held up (a stalled process): WLED went back to its effect
    wled.advance(clock())
    assert shown(wled).why == "effect"
    thread.next_wake = clock()
    thread.run_for(0.1)
    assert shown(wled).why == "frame" and shown(wled).lit() == still_pixels(config)
    assert len(port.writes) == 4  # two copies at the start, two after the silence


@pytest.mark.parametrize("leds", LED_COUNTS)
def test_the_closing_frame_waits_its_turn_and_leaves_the_board_dark(leds: int) -> None:
    config = LedConfig(leds=leds)
    adalight = AdalightFastLed(leds, 115200)
    wled_on, wled_off = Wled(leds, 115200, force_max_brightness=True), Wled(leds, 115200, on=False)
    clock, port, system, thread = attach(config, [adalight, wled_on, wled_off])
    thread.publish(BoardLights("lewthwaite", 5, 5, {(2, 2): "put_back"}))  # blinking: frames keep coming
    thread.run_for(1.0)
    system.close()  # right after a frame: the all-off frame must wait for the spacing
    starts = [t for t, _data in port.writes]
    assert starts[-1] - starts[-2] >= frame_spacing("adalight", leds, 115200) - 1e-9
    assert adalight.dropped == 0 and shown(adalight).lit() == {}
    for wled in (wled_on, wled_off):
        wled.advance(clock() + 3.0)
    # 2.5 s after the last frame WLED shows its own effect again, unless it was switched off
    assert shown(wled_on).why == "effect" and shown(wled_on).lit()
    assert shown(wled_off).why == "effect" and shown(wled_off).lit() == {}
