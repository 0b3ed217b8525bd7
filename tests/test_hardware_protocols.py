"""Byte-exact frames, and a decoder that survives garbage, split reads and broken frames."""

from __future__ import annotations

import pytest
import serial
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.protocols import (
    Frame,
    FrameDecoder,
    ProtocolError,
    adalight_header,
    encode,
    encode_adalight,
    encode_tpm2,
    frame_size,
)
from tests.waiting import CEILING

THREE = [(1, 2, 3), (4, 5, 6), (7, 8, 9)]


@pytest.mark.parametrize(
    ("count", "header"),
    [
        (1, b"Ada\x00\x00\x55"),
        (3, b"Ada\x00\x02\x57"),
        (25, b"Ada\x00\x18\x4d"),  # Lewthwaite 5x5: 24 = 0x18, 0x18 ^ 0x55 = 0x4d
        (256, b"Ada\x00\xff\xaa"),
        (257, b"Ada\x01\x00\x54"),
        (272, b"Ada\x01\x0f\x5b"),  # Lightning: 271 = 0x010f, 0x01 ^ 0x0f ^ 0x55 = 0x5b
    ],
)
def test_adalight_header_is_byte_exact(count: int, header: bytes) -> None:
    assert adalight_header(count) == header


def test_adalight_frame_is_byte_exact() -> None:
    assert encode_adalight(THREE) == b"Ada\x00\x02\x57" + bytes(range(1, 10))


def test_tpm2_frame_is_byte_exact() -> None:
    assert encode_tpm2(THREE) == b"\xc9\xda\x00\x09" + bytes(range(1, 10)) + b"\x36"
    big = encode_tpm2([(0, 0, 0)] * 272)
    assert big[:4] == b"\xc9\xda\x03\x30" and big[-1:] == b"\x36" and len(big) == 4 + 816 + 1


@pytest.mark.parametrize("protocol", ["adalight", "tpm2"])
@pytest.mark.parametrize("count", [1, 25, 272])
def test_frame_size_matches_encoding(protocol: str, count: int) -> None:
    assert len(encode(protocol, [(9, 9, 9)] * count)) == frame_size(protocol, count)


@pytest.mark.parametrize("bad", [[], [(256, 0, 0)], [(-1, 0, 0)], [(1, 2)]])
def test_bad_pixels_are_refused(bad: list) -> None:
    with pytest.raises(ProtocolError):
        encode_adalight(bad)
    with pytest.raises(ProtocolError):
        encode_tpm2(bad)


def test_unknown_protocol_is_refused() -> None:
    with pytest.raises(ProtocolError, match="unknown LED protocol"):
        encode("dmx", THREE)


@pytest.mark.parametrize("protocol", ["adalight", "tpm2"])
def test_frames_cross_a_loop_port_byte_for_byte(protocol: str) -> None:
    port = serial.serial_for_url("loop://", baudrate=115200, timeout=CEILING)  # the bytes are there: read at once
    frame = encode(protocol, [(i % 256, 255 - i % 256, i // 2) for i in range(272)])
    port.write(frame)
    received = port.read(len(frame))
    port.close()
    assert received == frame
    decoded = list(FrameDecoder().feed(received))
    assert decoded == [Frame(protocol, tuple((i % 256, 255 - i % 256, i // 2) for i in range(272)))]


def test_decoder_skips_garbage_and_bad_checksums() -> None:
    decoder = FrameDecoder()
    good = encode_adalight(THREE)
    corrupt = b"Ada\x00\x02\x00" + bytes(9)  # wrong checksum
    stream = b"hello\n" + corrupt + b"\xc9\x00" + good + b"Ad" + encode_tpm2(THREE)
    frames = list(decoder.feed(stream))
    assert [f.protocol for f in frames] == ["adalight", "tpm2"]
    assert all(f.pixels == tuple(THREE) for f in frames)
    assert decoder.bad_frames >= 1 and decoder.skipped_bytes > 0


def test_decoder_waits_for_the_rest_of_a_frame() -> None:
    decoder = FrameDecoder()
    frame = encode_tpm2(THREE)
    assert list(decoder.feed(frame[:7])) == []
    assert decoder.pending == 7
    assert [f.pixels for f in decoder.feed(frame[7:])] == [tuple(THREE)]


def test_tpm2_frame_without_end_byte_is_dropped() -> None:
    broken = encode_tpm2(THREE)[:-1] + b"\x00"
    frames = list(FrameDecoder().feed(broken + encode_adalight(THREE)))
    assert [f.protocol for f in frames] == ["adalight"]


def test_oversized_announcement_cannot_swallow_the_stream() -> None:
    decoder = FrameDecoder(max_leds=300)
    huge = adalight_header(5000)  # valid checksum, but more LEDs than any board here
    frames = list(decoder.feed(huge + encode_adalight(THREE)))
    assert [f.count for f in frames] == [3]


pixels = st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=1, max_size=40)
frames_st = st.lists(st.tuples(st.sampled_from(["adalight", "tpm2"]), pixels), min_size=1, max_size=6)
# Garbage without the two frame-start bytes: a decoder must then recover every frame.
noise = st.binary(max_size=30).map(lambda b: bytes(x for x in b if x not in (0x41, 0xC9)))


@settings(max_examples=150, deadline=None)
@given(frames_st, st.lists(noise, min_size=7, max_size=7),
       st.lists(st.integers(1, 50), min_size=1, max_size=20))
def test_nothing_is_lost_between_noise_and_split_reads(frames: list, gaps: list, cuts: list) -> None:
    stream = b"".join(gaps[i] + encode(p, px) for i, (p, px) in enumerate(frames)) + gaps[-1]
    decoder = FrameDecoder()
    got: list[Frame] = []
    position = 0
    for cut in cuts * (len(stream) // max(sum(cuts), 1) + 1):
        got += decoder.feed(stream[position:position + cut])
        position += cut
        if position >= len(stream):
            break
    got += decoder.feed(stream[position:])
    assert got == [Frame(p, tuple(px)) for p, px in frames]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_never_crash_the_decoder(data: bytes) -> None:
    decoder = FrameDecoder(max_leds=64)
    for frame in decoder.feed(data):
        assert 1 <= frame.count <= 64
        assert all(len(p) == 3 for p in frame.pixels)
    # and a good frame after any garbage is still decoded once the garbage is flushed out
    tail = list(decoder.feed(bytes(64 * 3 + 10) + encode_adalight(THREE)))
    assert tail and tail[-1].pixels == tuple(THREE)
