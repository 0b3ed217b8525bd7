"""Detection: the Adalight greeting, WLED's JSON answer, garbage, silence, a missing port."""

from __future__ import annotations

import json

import pytest

import main
from hardware.detect import WLED_QUERY, Detection, detect, parse_wled_reply
from hardware.fakes import ScriptedDevice, ScriptedOpener

WLED_REPLY = json.dumps({
    "state": {"on": True, "bri": 128},
    "info": {"ver": "0.14.4", "name": "Plateau", "leds": {"count": 25, "rgbw": False}},
}).encode()


def run(device: ScriptedDevice) -> Detection:
    return detect("/dev/ttyACM0", 115200, listen=0.15, wled_wait=0.15, opener=ScriptedOpener(device))


def test_adalight_greeting_is_recognised_without_writing() -> None:
    device = ScriptedDevice(greeting=b"\x00\xffAda\n")
    result = run(device)
    assert result.kind == "adalight" and result.found and "Adalight" in result.message
    assert device.written == b"" and device.closed


def test_wled_answers_the_json_query() -> None:
    device = ScriptedDevice().expect(WLED_QUERY, reply=b"\r\n" + WLED_REPLY)
    result = run(device)
    device.assert_done()
    assert result.kind == "wled" and result.details["version"] == "0.14.4" and result.details["leds"] == 25
    assert "WLED 0.14.4 ('Plateau', 25 LEDs)" in result.message


def test_a_wled_answer_split_in_pieces_and_after_noise() -> None:
    assert parse_wled_reply(WLED_REPLY[:40]) is None
    reply = parse_wled_reply(b"{garbage" + b"}}{" + WLED_REPLY + b"trailing")
    assert reply is not None and reply["info"]["ver"] == "0.14.4"
    assert parse_wled_reply(b'{"v":true}') is None  # our own query echoed back is not an answer


@pytest.mark.parametrize("reply", [b"\x13\x88\xfe" * 10, b'{"state": 3}', b"Ad", b'{"info": {"ver"',
                                   b"Adafruit library ready\n", b"WLED"])
def test_garbage_and_partial_replies_are_named_as_such(reply: bytes) -> None:
    result = run(ScriptedDevice().expect(WLED_QUERY, reply=reply).expect(b"v"))
    assert result.kind == "garbage" and not result.found
    assert f"sent {len(reply)} bytes" in result.message and "baud rate" in result.message


def test_an_old_wled_answers_the_version_letter() -> None:
    device = ScriptedDevice().expect(WLED_QUERY).expect(b"v", reply=b"WLED 0.12.0\r\n")
    result = run(device)
    device.assert_done()
    assert result.kind == "wled" and result.details["version"] == "0.12.0"


def test_a_sketch_that_prints_other_ada_words_is_not_adalight() -> None:
    device = ScriptedDevice(greeting=b"Adafruit SSD1306\n").expect(WLED_QUERY).expect(b"v")
    assert run(device).kind == "garbage"


def test_a_device_that_vanishes_mid_question() -> None:
    device = ScriptedDevice().expect(WLED_QUERY).fail(OSError(5, "Input/output error"))
    result = run(device)
    assert result.kind == "unreachable" and "Input/output error" in result.message


def test_silence_gives_a_clear_message() -> None:
    result = run(ScriptedDevice().expect(WLED_QUERY).expect(b"v"))
    assert result.kind == "silent"
    assert "nothing answered on /dev/ttyACM0 at 115200 baud" in result.message


def test_unreachable_port() -> None:
    result = detect("/dev/ttyNOPE", listen=0.1, wled_wait=0.1)
    assert result.kind == "unreachable" and "cannot open /dev/ttyNOPE" in result.message


def test_led_detect_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["led-detect", "--port", "/dev/ttyNOPE", "--listen", "0.1"]) == 2
    assert "cannot open /dev/ttyNOPE" in capsys.readouterr().err
    # loop:// echoes our query back: that is not a device answering
    assert main.main(["led-detect", "--port", "loop://", "--listen", "0.1", "--json"]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["kind"] == "garbage" and answer["found"] is False
