"""LED link measurements (``make bench``): latency from a state change to the last byte, and the
frame rates each protocol reaches at 115200 and 921600 baud. Prints Markdown tables."""

from __future__ import annotations

import statistics
import threading
import time

import pytest

from games.effects import BoardLights
from hardware.config import LedConfig
from hardware.emulator import PtyEmulator
from hardware.fakes import ScriptedDevice, ScriptedOpener
from hardware.link import SerialLink
from hardware.pacing import frame_spacing, wire_seconds
from hardware.protocols import frame_size
from hardware.system import LedSystem, encode_lights

BOARDS = {25: ("lewthwaite", 5, 5), 272: ("lightning", 17, 16)}
PROTOCOLS = ("adalight", "tpm2")
BAUDS = (115200, 921600)


def lights_for(leds: int, step: int) -> BoardLights:
    game, rows, cols = BOARDS[leds]
    cell = divmod(step % (rows * cols), cols)
    return BoardLights(game, rows, cols, {cell: "player1"})  # solid: only changes make frames


def measure_latency(protocol: str, leds: int, changes: int = 40) -> tuple[list[float], list[float]]:
    """Publish ``changes`` states to a LedSystem writing to the pty emulator; return, per change,
    seconds until the emulator has read the frame's last byte, and until the write returned.

    Changes are spaced further apart than the system's frame spacing at 115200 baud, so this is
    the pipeline's own latency; a change arriving just after another frame started also waits for
    that frame's spacing (the "worst case" column adds it)."""
    emulator = PtyEmulator(leds)
    path = emulator.open()
    arrivals: dict[bytes, float] = {}
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            for frame in emulator.poll(0.005):
                arrivals.setdefault(bytes(b for p in frame.pixels for b in p), time.perf_counter())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    config = LedConfig(protocol=protocol, baud=115200)
    system = LedSystem(config, SerialLink(path, 115200), log=lambda _m: None)
    to_last_byte = []
    try:
        system(lights_for(leds, 9999))
        time.sleep(0.3)  # connected and one frame through
        for step in range(changes):
            lights = lights_for(leds, step)
            pixels = encode_lights(lights, 0.0, config)[6 if protocol == "adalight" else 4:]
            key = pixels[: 3 * leds]
            start = time.perf_counter()
            system(lights)
            deadline = start + 2
            while key not in arrivals and time.perf_counter() < deadline:
                time.sleep(0.0002)
            if key in arrivals:
                to_last_byte.append(arrivals[key] - start)
            time.sleep(frame_spacing(protocol, leds, 115200) + 0.02)
    finally:
        system.close()
        stop.set()
        thread.join(2)
        emulator.close()
    return to_last_byte, list(system.latencies[-changes:])


class UartDevice(ScriptedDevice):
    """A fake port that takes as long as a real UART at ``baud`` to send each frame (8N1)."""

    def __init__(self, baud: int) -> None:
        super().__init__(strict=False)
        self.baud = baud

    def write(self, data: bytes) -> int:
        time.sleep(len(data) * 10 / self.baud)
        return len(data)


def measure_fps(protocol: str, leds: int, baud: int, seconds: float = 1.5) -> float:
    """Frames per second when rendering, encoding and writing back to back on a UART-speed port."""
    config = LedConfig(protocol=protocol, baud=baud)
    link = SerialLink("uart", baud, opener=ScriptedOpener(UartDevice(baud)))
    lights = BoardLights(*BOARDS[leds], {(0, 0): "win", (1, 1): "put_back"}, idle=True)
    frames = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        link.send(encode_lights(lights, time.perf_counter() - start, config))
        frames += 1
    return frames / (time.perf_counter() - start)


def measure_encode(leds: int, protocol: str, repeats: int = 200) -> float:
    """Seconds to render, map and encode one animated frame."""
    config = LedConfig(protocol=protocol)
    lights = BoardLights(*BOARDS[leds], {(0, 0): "win", (1, 1): "put_back"}, idle=True)
    start = time.perf_counter()
    for i in range(repeats):
        encode_lights(lights, i / 60, config)
    return (time.perf_counter() - start) / repeats


@pytest.mark.bench
def test_latency_from_state_change_to_last_byte() -> None:
    print("\n\n### LED latency: state change -> last byte read by the pty emulator (ms)\n")
    print("| LEDs | protocol | frame bytes | median | p95 | change -> write returned (median) "
          "| wire time at 115200 | worst case at 115200 | wire time at 921600 | worst case at 921600 |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for leds in (25, 272):
        for protocol in PROTOCOLS:
            to_last, to_write = measure_latency(protocol, leds)
            assert len(to_last) >= 30, "frames went missing"
            ms = sorted(x * 1000 for x in to_last)
            p95 = ms[int(0.95 * (len(ms) - 1))]
            bounds = []
            for baud in BAUDS:
                wire = wire_seconds(protocol, leds, baud)
                # a change that just missed a frame: that frame's spacing, then its own wire time
                worst = p95 / 1000 + frame_spacing(protocol, leds, baud) + wire
                bounds += [f"{wire * 1000:.1f}", f"{worst * 1000:.1f}"]
            print(f"| {leds} | {protocol} | {frame_size(protocol, leds)} | {statistics.median(ms):.2f} | "
                  f"{p95:.2f} | {statistics.median(to_write) * 1000:.2f} | {' | '.join(bounds)} |")


@pytest.mark.bench
def test_frame_rates_per_protocol_and_baud() -> None:
    print("\n\n### LED frame rates (frames per second)\n")
    print("| LEDs | protocol | baud | UART limit (8N1) | measured on a UART-speed fake port "
          "| kiosk animation rate | render+encode per frame |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    for leds in (25, 272):
        for protocol in PROTOCOLS:
            encode_ms = measure_encode(leds, protocol) * 1000
            for baud in BAUDS:
                limit = 1 / wire_seconds(protocol, leds, baud)
                measured = measure_fps(protocol, leds, baud)
                config = LedConfig(protocol=protocol, baud=baud)
                system = LedSystem(config, SerialLink("x", baud), start=False)
                kiosk = 1 / system.animation_interval(leds)
                assert measured <= limit * 1.02
                print(f"| {leds} | {protocol} | {baud} | {limit:.0f} | {measured:.0f} | {kiosk:.0f} | "
                      f"{encode_ms:.2f} ms |")
