"""The LED commands refuse bad input up front (exit 2, one clear line, nothing changed), and the
emulator can behave like WLED or the Adalight-FastLED sketch."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import main
from hardware.emulator import PtyEmulator
from hardware.receivers import Shown
from tests.cli_refusals import refused
from tests.waiting import until


@pytest.mark.parametrize("argv", [
    ["led-detect", "--port", "loop://", "--listen", "1e12"],
    ["led-detect", "--port", "loop://", "--listen", "0"],
    ["led-demo", "--port", "loop://", "--seconds", "1e9"],
    ["led-emulator", "--text", "--seconds", "1e9"],
    ["led-test", "--port", "loop://", "--leds", "3", "--delay", "61"],
])
def test_times_beyond_their_documented_limits_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert "out of range" in refused(argv, capsys)


def test_a_frame_too_big_for_loop_is_refused_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(["led-test", "--port", "loop://", "--leds", "4096"], capsys)
    assert line == ("error: a frame of 4096 LEDs is 12294 bytes but loop:// holds 4096: "
                    "at most 1363 LEDs with adalight on loop://")


def test_led_test_on_loop_no_longer_chokes_on_its_own_echo(capsys: pytest.CaptureFixture[str]) -> None:
    # 101 frames of 306 bytes: loop:// echoes them into a 4096-byte buffer that nobody else reads
    assert main.main(["led-test", "--port", "loop://", "--leds", "100", "--delay", "0", "--baud", "921600",
                      "--json"]) == 0
    assert '"frames": 101' in capsys.readouterr().out


def test_a_deeply_nested_configuration_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    for argv in (["led-demo", "--port", "loop://"], ["led-emulator", "--text", "--game", "lewthwaite"]):
        line = refused([*argv, "--led-config", str(deep)], capsys)
        assert line == f"error: {deep} nests brackets too deeply to be an LED configuration"


@pytest.mark.parametrize(("where", "says"), [
    ("folder", "is a folder"),
    ("missing/shot.png", "does not exist"),
    ("shot.txt", "must end in .png"),
    ("/proc/shot.png", "cannot write in /proc"),
])
def test_an_unwritable_screenshot_is_refused_before_the_emulator_starts(
        where: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "folder").mkdir()
    path = where if where.startswith("/") else str(tmp_path / where)
    line = refused(["led-emulator", "--seconds", "30", "--screenshot", path], capsys)
    assert says in line and "LED emulator: connect" not in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]  # no scratch file left behind


def test_screenshot_needs_the_window(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "cannot be used with --text" in refused(
        ["led-emulator", "--text", "--screenshot", str(tmp_path / "x.png")], capsys)


def test_the_emulator_never_replaces_a_file_it_did_not_make(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    precious = tmp_path / "f"
    precious.write_text("x\n")
    line = refused(["led-emulator", "--text", "--seconds", "1", "--link", str(precious)], capsys)
    assert "exists and is not a link" in line
    assert precious.read_text() == "x\n" and not precious.is_symlink()
    elsewhere = tmp_path / "to-a-file"
    elsewhere.symlink_to(precious)
    line = refused(["led-emulator", "--text", "--seconds", "1", "--link", str(elsewhere)], capsys)
    assert "not to a pseudo-terminal" in line and os.readlink(elsewhere) == str(precious)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f", "to-a-file"]


def test_the_emulator_reuses_a_stale_link_and_removes_only_its_own(tmp_path: Path) -> None:
    link = tmp_path / "ttyLEDS"
    link.symlink_to("/dev/pts/9999")  # left by an emulator that was killed
    emulator = PtyEmulator(4, link=str(link))
    try:
        assert emulator.open() == str(link) and os.readlink(link) == emulator.path
        emulator.reopen()
        assert os.readlink(link) == emulator.path
    finally:
        emulator.close()
    emulator.remove_link()
    assert not os.path.lexists(link)
    other = PtyEmulator(4, link=str(link))
    other.open()
    link.unlink()
    link.symlink_to("/dev/pts/9998")  # someone else's emulator took the name meanwhile
    other.close()
    other.remove_link()
    assert os.readlink(link) == "/dev/pts/9998"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ttyLEDS"]


def test_the_emulator_reads_on_its_own_thread_for_the_models() -> None:
    from hardware.receivers import Wled

    # The firmware's time is the test's: it stands still while led-test sends its frames (so no
    # pause of a loaded machine between two frames can end WLED's live mode), then jumps past the
    # live timeout, and the reading thread must notice it with no byte arriving.
    now = [0.0]
    receiver = Wled(8, 921600, force_max_brightness=True, live_timeout=0.5)
    emulator = PtyEmulator(8, receiver=receiver, clock=lambda: now[0])
    path = emulator.open()
    emulator.start_reader()  # bytes timed as they arrive, as led-emulator does
    updates: list[Shown] = []

    def read(count: int) -> bool:
        updates.extend(emulator.poll(0))
        return len(updates) >= count

    try:
        assert main.main(["led-test", "--port", path, "--leds", "8", "--baud", "921600", "--delay", "0"]) == 0
        until(lambda: read(10), "the 10 frames led-test sent")
        assert [u.why for u in updates] == ["blank"] + ["frame"] * 9, "live mode ended while the clock stood still"
        now[0] = 0.6
        until(lambda: read(11), "WLED's own effect once the live timeout has passed")
    finally:
        emulator.close()
    assert [u.why for u in updates] == ["blank"] + ["frame"] * 9 + ["effect"]
    assert [u.lit() for u in updates[1:-1]] == [{i: (255, 255, 255)} for i in range(8)] + [{}]
