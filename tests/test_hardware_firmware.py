"""The Arduino sketch's Adalight parser, compiled for the host, against the kiosk's own encoder."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from hardware.protocols import adalight_header, encode_adalight
from tests.waiting import CEILING

FIRMWARE = Path(__file__).resolve().parent.parent / "hardware" / "firmware"


def build_harness(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """Compile ``host_test/NAME.cpp`` with the host's g++ (the test is skipped without one)."""
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("g++ is not installed: the firmware's code cannot be built on this machine")
    out = tmp_path_factory.mktemp("fw") / name
    subprocess.run([compiler, "-std=c++11", "-Wall", "-Wextra", "-Werror", "-O2", "-o", str(out),
                    str(FIRMWARE / "host_test" / f"{name}.cpp")], check=True, timeout=120)
    return out


@pytest.fixture(scope="module")
def parser_binary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_harness(tmp_path_factory, "parser_main")


def decode(binary: Path, data: bytes, capacity: int = 272, gap_at: int | None = None) -> list[str]:
    args = [str(binary), str(capacity)] + ([str(gap_at)] if gap_at is not None else [])
    result = subprocess.run(args, input=data, capture_output=True, check=True, timeout=CEILING)
    return result.stdout.decode().split("\n")[:-1]


def line(pixels: list[tuple[int, int, int]]) -> str:
    return " ".join([str(len(pixels))] + [f"{r:02x}{g:02x}{b:02x}" for r, g, b in pixels])


LEWTHWAITE = [((i * 37) % 256, (i * 91) % 256, (255 - i) % 256) for i in range(25)]
LIGHTNING = [((i * 13) % 256, i % 256, (i * 7) % 256) for i in range(272)]


def test_the_firmware_reads_what_the_kiosk_writes(parser_binary: Path) -> None:
    stream = encode_adalight(LEWTHWAITE) + encode_adalight(LIGHTNING) + encode_adalight(LEWTHWAITE)
    assert decode(parser_binary, stream) == [line(LEWTHWAITE), line(LIGHTNING), line(LEWTHWAITE)]


def test_the_firmware_skips_garbage_and_bad_checksums(parser_binary: Path) -> None:
    bad = b"Ada\x00\x18\x00" + bytes(75)
    good = encode_adalight(LEWTHWAITE)
    stream = b"\x00AAdAd hello" + bad + b"AAda" + good[3:] + good
    # "AAda" + a header: the parser restarts on the second 'A'; the bad-checksum frame is dropped
    assert decode(parser_binary, stream) == [line(LEWTHWAITE)] * 2


def test_a_silence_mid_frame_drops_that_frame(parser_binary: Path) -> None:
    first = encode_adalight(LEWTHWAITE)
    stream = first[:40] + encode_adalight(LEWTHWAITE)
    # the cable is pulled after 40 bytes, then a full frame follows after 300 ms of silence
    assert decode(parser_binary, stream, gap_at=40) == [line(LEWTHWAITE)]


def test_frames_longer_than_the_strip_are_cut(parser_binary: Path) -> None:
    out = decode(parser_binary, encode_adalight(LIGHTNING) + encode_adalight(LEWTHWAITE), capacity=25)
    assert out == ["272 " + line(LIGHTNING[:25]).split(" ", 1)[1], line(LEWTHWAITE)]


def test_the_largest_count_does_not_overflow(parser_binary: Path) -> None:
    header = adalight_header(65536)
    assert header == b"Ada\xff\xff\x55"
    out = decode(parser_binary, header + bytes(3 * 65536) + encode_adalight(LEWTHWAITE), capacity=4)
    assert out == ["65536 000000 000000 000000 000000", line(LEWTHWAITE[:4]).replace("4 ", "25 ", 1)]


def test_the_parser_compiles_for_the_arduino_uno(tmp_path: Path) -> None:
    compiler = shutil.which("avr-g++")
    if compiler is None:
        pytest.skip("avr-g++ is not installed (Debian: apt-get install gcc-avr avr-libc)")
    source = FIRMWARE / "host_test" / "avr_check.cpp"
    flags = ["-mmcu=atmega328p", "-Os", "-Wall", "-Wextra", "-Werror", "-std=gnu++11"]
    result = subprocess.run([compiler, *flags,
                             "-c", str(source), "-o", str(tmp_path / "a.o")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_the_wiring_picture_renders(tmp_path: Path) -> None:
    import pygame

    from hardware.wiring_picture import SIZE, render

    out = render(tmp_path / "wiring.png")
    image = pygame.image.load(str(out))
    assert image.get_size() == SIZE
    assert (FIRMWARE / "wiring.png").exists()


# -- the sketch's loop on a simulated Uno: frames paced by the kiosk are all shown, none lost ------

@pytest.fixture(scope="module")
def stream_binary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_harness(tmp_path_factory, "stream_main")


def simulate(binary: Path, leds: int, baud: int, writes: list[tuple[float, bytes]],
             at_once: bool = False) -> tuple[list[tuple[float, dict[int, str]]], int]:
    """Run the sketch's loop on ``writes`` (seconds, bytes); return what the strip showed (time in
    seconds, lit LEDs) and how many bytes were lost."""
    stream = b"".join(struct.pack("<QI", round(t * 1e6), len(data)) + data for t, data in writes)
    args = [str(binary), str(leds), str(baud)] + (["at-once"] if at_once else [])
    out = subprocess.run(args, input=stream, capture_output=True, check=True, timeout=60).stdout.decode().split("\n")
    shows = []
    for text in out:
        if text.startswith("shown "):
            fields = text.split()
            shows.append((int(fields[1]) / 1e6, {i: p for i, p in enumerate(fields[3:]) if p != "000000"}))
    lost = int(out[-2].split()[1])
    return shows, lost


def paced_led_test(protocol: str, leds: int, baud: int) -> list[tuple[float, bytes]]:
    from hardware.cli import light_each_led
    from hardware.fakes import FakeClock

    clock = FakeClock(1.0)
    writes: list[tuple[float, bytes]] = []
    for _ in light_each_led(lambda frame: writes.append((clock(), frame)), protocol, leds, baud, 0.0,
                            clock, clock.sleep):
        pass
    return writes


def distinct(shows: list[tuple[float, dict[int, str]]]) -> list[dict[int, str]]:
    states: list[dict[int, str]] = []
    for _t, lit in shows:
        if not states or states[-1] != lit:
            states.append(lit)
    return states


@pytest.mark.parametrize("baud", [115200, 500000, 921600, 1000000])
@pytest.mark.parametrize("leds", [25, 272])
def test_the_sketch_shows_every_paced_frame_and_loses_nothing(stream_binary: Path, leds: int, baud: int) -> None:
    writes = paced_led_test("adalight", leds, baud)
    shows, lost = simulate(stream_binary, leds, baud, writes)
    assert lost == 0 and len(shows) == len(writes)
    assert distinct(shows) == [{i: "ffffff"} for i in range(leds)] + [{}]
    # each frame is shown within a few byte times of its last byte
    ends = [t + len(data) * 10 / baud for t, data in writes]
    assert max(shown - end for (shown, _lit), end in zip(shows, ends, strict=True)) < 4 * 10 / baud + 2e-6


def test_back_to_back_frames_lose_nothing_and_the_newest_is_shown(stream_binary: Path) -> None:
    frames = [encode_adalight([(255, 255, 255) if i == k else (0, 0, 0) for i in range(272)]) for k in range(3)]
    writes = [(1.0, b"".join(frames))]  # a sender that does not pause between frames
    shows, lost = simulate(stream_binary, 272, 115200, writes)
    assert lost == 0 and distinct(shows) == [{2: "ffffff"}]
    # showing each frame at once, as the sketch did before, loses the start of the next one
    shows, lost = simulate(stream_binary, 272, 115200, writes, at_once=True)
    assert lost > 0 and distinct(shows) == [{0: "ffffff"}, {2: "ffffff"}]  # the middle frame is lost


def test_a_sender_that_never_pauses_still_gets_a_frame_shown(stream_binary: Path) -> None:
    frames = [encode_adalight([(k, k, k)] * 272) for k in range(1, 8)]  # 0.5 s of frames without a pause
    shows, _lost = simulate(stream_binary, 272, 115200, [(1.0, b"".join(frames))])
    wire = len(frames[0]) * 10 / 115200
    # the first frame waits 250 ms for a pause; the frame complete after that is shown anyway
    assert 0.25 <= shows[0][0] - (1.0 + wire) < 0.25 + wire
    assert shows[-1][1] == {i: "070707" for i in range(272)}  # and the last one once the line pauses
