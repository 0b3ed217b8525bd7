"""Frame encoders and a resynchronising decoder for the two LED protocols (pure, no serial import).

Adalight: ``'A' 'd' 'a'``, (count-1) high byte, (count-1) low byte, checksum = high ^ low ^ 0x55,
then R G B for each LED. TPM2: ``C9 DA``, data length high, low, the data, ``36``. Both carry the
whole strip every time, so a frame lost on the wire is healed by the next one.

WLED reads a TPM2 length by dividing its high and low bytes by 3 separately, each rounded down:
for 100 LEDs (300 bytes, ``01 2C``) it reads 85 + 14 = 99 LEDs and takes the last LED's bytes
for commands. :func:`encode_tpm2` therefore adds one dark LED to such frames (two thirds of all
counts, see :func:`tpm2_led_count`), so that WLED reads every LED and only zeros are left over,
which it ignores; any other TPM2 receiver sees one more (dark) LED than the strip has.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

RGB = tuple[int, int, int]

ADALIGHT_MAGIC = b"Ada"
TPM2_START = 0xC9
TPM2_DATA_FRAME = 0xDA
TPM2_END = 0x36
#: Adalight counts LEDs with 16 bits (count - 1), TPM2 counts data bytes with 16 bits.
MAX_LEDS = {"adalight": 65536, "tpm2": 65535 // 3}
PROTOCOLS = ("adalight", "tpm2")
#: bytes a frame adds around the 3 bytes per LED
OVERHEAD = {"adalight": 6, "tpm2": 5}


class ProtocolError(ValueError):
    """A frame cannot be encoded (no LEDs, too many LEDs, a channel out of 0..255)."""


def _pixel_bytes(pixels: Sequence[RGB]) -> bytes:
    try:
        return bytes(channel for pixel in pixels for channel in pixel)
    except (ValueError, TypeError) as exc:
        raise ProtocolError(f"every LED needs three channels in 0..255 ({exc})") from None


def _check_count(protocol: str, count: int) -> None:
    if not 1 <= count <= MAX_LEDS[protocol]:
        raise ProtocolError(f"{protocol} frames carry 1..{MAX_LEDS[protocol]} LEDs, not {count}")


def adalight_header(count: int) -> bytes:
    """The 6-byte Adalight header for ``count`` LEDs."""
    _check_count("adalight", count)
    high, low = divmod(count - 1, 256)
    return ADALIGHT_MAGIC + bytes((high, low, high ^ low ^ 0x55))


def encode_adalight(pixels: Sequence[RGB]) -> bytes:
    """One Adalight frame carrying ``pixels`` (already in the strip's colour order)."""
    data = _pixel_bytes(pixels)
    if len(data) != 3 * len(pixels):
        raise ProtocolError("every LED needs exactly three channels")
    return adalight_header(len(pixels)) + data


def wled_tpm2_count(length: int) -> int:
    """How many LEDs WLED reads from a TPM2 frame that announces ``length`` data bytes."""
    high, low = divmod(length, 256)
    return high * 256 // 3 + low // 3


def tpm2_led_count(count: int) -> int:
    """LEDs a TPM2 frame carries for a strip of ``count``: ``count``, or one more (dark) when WLED's
    rounding would read one LED too few (at most one more is ever needed)."""
    return count if wled_tpm2_count(3 * count) >= count else count + 1


def encode_tpm2(pixels: Sequence[RGB]) -> bytes:
    """One TPM2 data frame carrying ``pixels`` (and a dark LED more when WLED needs it)."""
    _check_count("tpm2", len(pixels))
    data = _pixel_bytes(pixels)
    if len(data) != 3 * len(pixels):
        raise ProtocolError("every LED needs exactly three channels")
    data += bytes(3 * (tpm2_led_count(len(pixels)) - len(pixels)))
    return bytes((TPM2_START, TPM2_DATA_FRAME)) + len(data).to_bytes(2, "big") + data + bytes((TPM2_END,))


def encode(protocol: str, pixels: Sequence[RGB]) -> bytes:
    """Encode with the named protocol (``adalight`` or ``tpm2``)."""
    if protocol == "adalight":
        return encode_adalight(pixels)
    if protocol == "tpm2":
        return encode_tpm2(pixels)
    raise ProtocolError(f"unknown LED protocol '{protocol}' (choose from {', '.join(PROTOCOLS)})")


def frame_size(protocol: str, count: int) -> int:
    """Bytes on the wire for one frame of ``count`` LEDs."""
    if protocol == "tpm2":
        count = tpm2_led_count(count)
    return OVERHEAD[protocol] + 3 * count


@dataclass(frozen=True)
class Frame:
    """A decoded frame: which protocol carried it and the LEDs' colours as sent."""

    protocol: str
    pixels: tuple[RGB, ...]

    @property
    def count(self) -> int:
        """How many LEDs the frame carries."""
        return len(self.pixels)


def _pixels(data: bytes) -> tuple[RGB, ...]:
    return tuple((data[i], data[i + 1], data[i + 2]) for i in range(0, len(data) - 2, 3))


class FrameDecoder:
    """Turns a byte stream into frames, whatever arrives: garbage and broken frames are skipped
    (and counted) and decoding resynchronises on the next frame start, like real firmware does.

    ``max_leds`` bounds a frame's announced size so one corrupt header cannot swallow the stream.
    """

    def __init__(self, max_leds: int = 4096) -> None:
        self.max_leds = max_leds
        self._buffer = bytearray()
        self.skipped_bytes = 0
        self.bad_frames = 0

    def feed(self, data: bytes) -> Iterator[Frame]:
        """Add received bytes; yield every frame now complete."""
        self._buffer += data
        while True:
            frame = self._next_frame()
            if frame is None:
                return
            yield frame

    def _skip(self, n: int) -> None:
        del self._buffer[:n]
        self.skipped_bytes += n

    def _resync(self) -> bool:
        """Drop bytes before the next possible frame start; False when more bytes are needed."""
        buf = self._buffer
        i = 0
        while i < len(buf):
            if buf[i] == ADALIGHT_MAGIC[0] or buf[i] == TPM2_START:
                break
            i += 1
        if i:
            self._skip(i)
        return bool(self._buffer)

    def _next_frame(self) -> Frame | None:
        while self._resync():
            buf = self._buffer
            result = self._try_adalight() if buf[0] == ADALIGHT_MAGIC[0] else self._try_tpm2()
            if result is None:
                return None  # a plausible frame start: wait for more bytes
            if isinstance(result, Frame):
                return result
            # not a frame after all: drop its first byte and look again
            self.bad_frames += 1 if result == "bad" else 0
            self._skip(1)
        return None

    def _try_adalight(self) -> Frame | str | None:
        buf = self._buffer
        prefix = bytes(buf[:3])
        if not ADALIGHT_MAGIC.startswith(prefix):
            return "noise"
        if len(buf) < 6:
            return None
        high, low, check = buf[3], buf[4], buf[5]
        count = high * 256 + low + 1
        if check != high ^ low ^ 0x55 or count > self.max_leds:
            return "bad"
        end = 6 + 3 * count
        if len(buf) < end:
            return None
        frame = Frame("adalight", _pixels(bytes(buf[6:end])))
        del buf[:end]
        return frame

    def _try_tpm2(self) -> Frame | str | None:
        buf = self._buffer
        if len(buf) < 2:
            return None
        if buf[1] != TPM2_DATA_FRAME:
            return "noise"
        if len(buf) < 4:
            return None
        length = buf[2] * 256 + buf[3]
        if length == 0 or length % 3 or length // 3 > self.max_leds:
            return "bad"
        end = 4 + length + 1
        if len(buf) < end:
            return None
        if buf[end - 1] != TPM2_END:
            return "bad"
        frame = Frame("tpm2", _pixels(bytes(buf[4:end - 1])))
        del buf[:end]
        return frame

    @property
    def pending(self) -> int:
        """Bytes held while waiting for the rest of a frame."""
        return len(self._buffer)
