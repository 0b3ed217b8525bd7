"""Find out what is at the other end of a serial port.

The Adalight sketch greets the host with ``Ada\\n`` when it starts (and repeats it every second
while it receives nothing); WLED answers the JSON request ``{"v":true}`` with its state and
info (since 0.13), and a lone ``v`` with ``WLED <version>``. :func:`detect` listens for the
greeting first, then asks WLED both ways, and says what it found, or plainly that nothing answered.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hardware.link import Opener, describe_error, open_serial

WLED_QUERY = b'{"v":true}'
WLED_VERSION_QUERY = b"v"
#: the whole line, so that "Adafruit ..." printed by some other sketch is not taken for a greeting
ADALIGHT_GREETING = re.compile(rb"Ada\r?\n")
WLED_VERSION_LINE = re.compile(rb"WLED ([0-9][0-9A-Za-z._-]*)")
#: what an operator must know about WLED as the kiosk's board (docs/hardware.md, "With WLED")
WLED_ADVICE = (
    "WLED shows the kiosk's frames at its own brightness (128 of 255 out of the box) unless "
    "'Force max brightness' is ticked (Config > Sync Interfaces > Realtime), and 2.5 s after the "
    "kiosk's last frame it goes back to its own effect: switch WLED off in its app and save that as "
    "its start-up state (frames from the kiosk still show) so that the board goes dark when the kiosk "
    "stops. See docs/hardware.md."
)


@dataclass(frozen=True)
class Detection:
    """The answer: ``kind`` is ``adalight``, ``wled``, ``garbage`` (bytes nobody understands),
    ``silent`` (the port opened but nothing answered) or ``unreachable`` (no such port)."""

    kind: str
    port: str
    message: str
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def found(self) -> bool:
        """True when a known firmware answered."""
        return self.kind in ("adalight", "wled")

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` form."""
        return {"kind": self.kind, "found": self.found, "port": self.port, "message": self.message,
                **self.details}


def _read_for(port: Any, seconds: float, clock: Callable[[], float], done: Callable[[bytes], bool]) -> bytes:
    """Read whatever arrives for at most ``seconds``, stopping early once ``done(received)``."""
    received = bytearray()
    deadline = clock() + seconds
    while clock() < deadline:
        chunk = port.read(256)
        if chunk:
            received += chunk
            if done(bytes(received)):
                break
        else:
            time.sleep(0.01)
    return bytes(received)


def parse_wled_reply(received: bytes) -> dict[str, Any] | None:
    """The first JSON object in ``received`` that looks like WLED's state/info, else None."""
    text = received.decode("utf-8", errors="replace")
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            obj, _end = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            obj = None
        if isinstance(obj, dict) and any(isinstance(obj.get(key), dict) for key in ("info", "state")):
            return obj
        start = text.find("{", start + 1)
    return None


def _sub_object(obj: dict[str, Any], key: str) -> dict[str, Any]:
    """``obj[key]`` when it is a JSON object, else an empty one (WLED versions differ)."""
    value = obj.get(key)
    return value if isinstance(value, dict) else {}


def _wled_details(reply: dict[str, Any]) -> dict[str, Any]:
    info = _sub_object(reply, "info")
    leds = _sub_object(info, "leds")
    return {"version": str(info.get("ver", "?")), "name": str(info.get("name", "WLED")),
            "leds": leds.get("count") if isinstance(leds.get("count"), int) else None}


def detect(port: str, baud: int = 115200, *, listen: float = 2.5, wled_wait: float = 1.5,
           opener: Opener = open_serial, clock: Callable[[], float] = time.monotonic) -> Detection:
    """Open ``port``, listen ``listen`` seconds for the Adalight greeting, then ask WLED.

    ``listen`` covers the Arduino's reset on open (its bootloader waits about 1.5 s before the
    sketch says ``Ada``). Never raises for a device problem: the answer says what happened.
    """
    try:
        serial_port = opener(port, baud, 1.0)
    except Exception as exc:  # noqa: BLE001 - reported to the user, not raised
        return Detection("unreachable", port, f"cannot open {port}: {describe_error(exc)}")
    try:
        greeted = lambda data: ADALIGHT_GREETING.search(data) is not None  # noqa: E731
        heard = _read_for(serial_port, listen, clock, greeted)
        if ADALIGHT_GREETING.search(heard):
            return Detection("adalight", port, f"an Adalight device greeted us on {port} at {baud} baud",
                             {"baud": baud})
        try:
            serial_port.write(WLED_QUERY)
        except Exception as exc:  # noqa: BLE001
            return Detection("unreachable", port, f"{port} opened but writing failed: {describe_error(exc)}")
        try:
            return _ask_wled(serial_port, port, baud, listen, wled_wait, clock, heard)
        except Exception as exc:  # noqa: BLE001 - a device that vanishes mid-question
            return Detection("unreachable", port, f"{port} failed during detection: {describe_error(exc)}")
    finally:
        with contextlib.suppress(Exception):  # nothing more to do with a dead port
            serial_port.close()


def _ask_wled(serial_port: Any, port: str, baud: int, listen: float, wled_wait: float,
              clock: Callable[[], float], heard: bytes) -> Detection:
    """The greeting did not come: read WLED's answer to the JSON query, else ask for its version."""
    answer = _read_for(serial_port, wled_wait, clock, lambda data: parse_wled_reply(data) is not None)
    reply = parse_wled_reply(answer)
    if reply is not None:
        details = _wled_details(reply)
        count = f", {details['leds']} LEDs" if details["leds"] is not None else ""
        message = f"WLED {details['version']} ('{details['name']}'{count}) answered on {port}\n{WLED_ADVICE}"
        return Detection("wled", port, message, {"baud": baud, **details, "advice": WLED_ADVICE})
    # WLED before 0.13 has no JSON over serial but answers a lone 'v' with its version.
    serial_port.write(WLED_VERSION_QUERY)
    answer += _read_for(serial_port, wled_wait, clock, lambda data: WLED_VERSION_LINE.search(data) is not None)
    version = WLED_VERSION_LINE.search(answer)
    if version:
        details = {"version": version.group(1).decode(), "name": "WLED", "leds": None}
        message = f"WLED {details['version']} answered on {port}\n{WLED_ADVICE}"
        return Detection("wled", port, message, {"baud": baud, **details, "advice": WLED_ADVICE})
    received = heard + answer
    if received:
        preview = received[:24].hex(" ")
        message = (f"{port} sent {len(received)} bytes that are neither an Adalight greeting nor a "
                   f"WLED answer (first bytes: {preview}); check the baud rate ({baud}) and the firmware")
        return Detection("garbage", port, message, {"baud": baud, "bytes": len(received)})
    message = (f"nothing answered on {port} at {baud} baud: no Adalight greeting within {listen:g} s and "
               f"no WLED answer to {WLED_QUERY.decode()} or 'v'; check the cable, the baud rate and that "
               f"the board runs WLED or the Adalight sketch")
    return Detection("silent", port, message, {"baud": baud})
