"""The whole stack through a real pty: byte-exact frames, led-test, reconnection, the window."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import serial

import main
from games.effects import BoardLights
from hardware.config import LedConfig
from hardware.emulator import PtyEmulator, ansi_grid, format_frame, grid_positions
from hardware.link import SerialLink
from hardware.mapping import Layout
from hardware.protocols import Frame, encode
from hardware.system import LedSystem, encode_lights
from tests.waiting import CEILING, until

ROOT = Path(__file__).resolve().parent.parent


class Reader:
    """Polls an emulator on a thread (a pty buffer holds only a few kilobytes)."""

    def __init__(self, emulator: PtyEmulator) -> None:
        self.emulator = emulator
        self.frames: list[Frame] = []
        self.stop = False
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stop:
            self.frames += self.emulator.poll(0.02)

    def wait_for(self, count: int) -> None:
        until(lambda: len(self.frames) >= count, f"{count} frames read")

    def close(self) -> None:
        self.stop = True
        self.thread.join(CEILING)


@pytest.mark.parametrize("protocol", ["adalight", "tpm2"])
def test_frames_through_the_pty_are_byte_exact(protocol: str) -> None:
    emulator = PtyEmulator(272, keep_raw=True)
    path = emulator.open()
    reader = Reader(emulator)
    frames = [encode(protocol, [((i * 7 + k) % 256, k % 256, 255 - k % 256) for k in range(272)])
              for i in range(5)]
    port = serial.Serial(path, 115200, write_timeout=CEILING)  # the reader thread drains the pty
    try:
        for frame in frames:
            port.write(frame)
        reader.wait_for(5)
    finally:
        port.close()
        reader.close()
        emulator.close()
    assert emulator.raw is not None and bytes(emulator.raw) == b"".join(frames)
    assert [encode(protocol, f.pixels) for f in reader.frames] == frames


@pytest.mark.parametrize(("protocol", "leds"), [("adalight", 25), ("tpm2", 100)])
def test_led_test_lights_each_led_alone_then_all_off(protocol: str, leds: int) -> None:
    emulator = PtyEmulator(leds, keep_raw=True)
    path = emulator.open()
    reader = Reader(emulator)
    try:
        code = main.main(["led-test", "--port", path, "--protocol", protocol, "--leds", str(leds),
                          "--delay", "0", "--baud", "921600"])
        reader.wait_for(leds + 2)
    finally:
        reader.close()
        emulator.close()
    assert code == 0
    white, off = (255, 255, 255), (0, 0, 0)
    expected = [[white if j == i else off for j in range(leds)] for i in range(leds)] + [[off] * leds]
    # the first frame twice (WLED blanks the first one); TPM2 with 100 LEDs carries a dark 101st for WLED
    frames = [encode(protocol, px) for px in expected]
    assert emulator.raw is not None and bytes(emulator.raw) == frames[0] + b"".join(frames)
    assert {f.count for f in reader.frames} == {leds if protocol == "adalight" else leds + 1}


def test_led_test_on_a_missing_port_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["led-test", "--port", "/dev/ttyUSB99", "--leds", "25"]) == 2
    assert "cannot open LED port /dev/ttyUSB99" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--leds", "0"], ["--leds", "25", "--baud", "1234"],
                                  ["--leds", "25", "--protocol", "dmx"]])
def test_led_test_bad_values_exit_2(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main.main(["led-test", "--port", "loop://", *argv])
    assert caught.value.code == 2


def test_pty_closed_mid_frame_then_reopened(tmp_path: Path) -> None:
    """Pull the cable in the middle of a frame, plug it back: the system reconnects by itself
    and the next full frames arrive intact."""
    link_path = str(tmp_path / "ttyLEDS")
    emulator = PtyEmulator(25, link=link_path)
    emulator.open()
    lights = BoardLights("lewthwaite", 5, 5, {(0, 0): "player1", (4, 4): "player2"})
    config = LedConfig()
    link = SerialLink(link_path, 115200, backoff=(0.05, 0.2), write_timeout=CEILING)
    logs: list[str] = []
    system = LedSystem(config, link, log=logs.append)
    try:
        system(lights)

        def polled(count: int) -> bool:
            emulator.poll(0.02)
            return emulator.frames >= count

        until(lambda: polled(1), "the first frame")
        system(BoardLights("lewthwaite", 5, 5, {(2, 2): "put_back"}))  # animated: frames keep coming
        emulator.poll(0.5, max_bytes=40)  # part of a frame...
        emulator.close()  # ...and the cable is pulled
        until(lambda: not link.connected, "the link noticed the cable pulled")
        status = link.snapshot()  # the LED thread may be mid-update: read under the link's lock
        assert not status.connected and status.failures >= 1
        until(lambda: link.snapshot().failures >= status.failures + 2,
              "a few failed reconnection attempts while the port is gone")
        emulator.open()
        before = emulator.frames
        got: list[Frame] = []

        def read(count: int) -> bool:
            got.extend(emulator.poll(0.02))
            return len(got) >= count

        until(lambda: read(3), "3 frames after the cable is back")
        assert emulator.frames > before
        assert link.snapshot().connects >= 2
        assert all(f.count == 25 for f in got)
        # The put_back cell blinks; whatever the phase, every frame is one the system can make.
        assert got[0].pixels[12] in {encode_lights_pixel(config, t) for t in (0.0, 0.3)}
        assert emulator.decoder.bad_frames == 0  # a fresh pty starts a clean stream
    finally:
        system.close()
        emulator.close()
        emulator.remove_link()
    assert any("unavailable" in m for m in logs) and sum("connected to" in m for m in logs) >= 2


def encode_lights_pixel(config: LedConfig, t: float) -> tuple[int, int, int]:
    frame = encode_lights(BoardLights("lewthwaite", 5, 5, {(2, 2): "put_back"}), t, config)
    return tuple(frame[6 + 3 * 12: 6 + 3 * 13])  # type: ignore[return-value]


def test_text_view_helpers() -> None:
    frame = Frame("adalight", ((0, 0, 0), (255, 255, 255), (1, 2, 3)))
    assert format_frame(7, frame) == "frame 7 adalight 3 leds, 2 lit: 1=ffffff 2=010203"
    positions = grid_positions(25, Layout(5, 5, start="bottom-left"))
    assert positions[0] == (4, 0) and positions[5] == (3, 4) and positions[24] == (0, 4)
    assert grid_positions(6, cols=3)[5] == (1, 2)
    assert "\x1b[38;2;255;255;255m" in ansi_grid(frame, grid_positions(3))


def run_python(code: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


def run_emulator(tmp_path: Path, args: list[str], client: list[str]) -> list[str]:
    """Start ``led-emulator --text ARGS`` in its own process, run ``led-test CLIENT`` against it in
    another; return the emulator's output lines."""
    path_file = tmp_path / "pty"
    emulator = subprocess.Popen(
        # --seconds only bounds a broken run: --exit-after ends it (a loaded machine may take
        # tens of seconds to start two Pythons)
        [sys.executable, "main.py", "led-emulator", "--text", "--path-file", str(path_file), "--seconds", "90",
         *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        until(path_file.exists, "the emulator's pty named")
        port = path_file.read_text().strip()
        test = subprocess.run([sys.executable, "main.py", "led-test", "--port", port, *client],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
        out, err = emulator.communicate(timeout=60)
    finally:
        emulator.kill()
    assert test.returncode == 0, f"led-test: {test.stderr}; emulator: {emulator.returncode} {err}"
    assert emulator.returncode == 0, err
    lines = out.splitlines()
    assert re.fullmatch(r"LED emulator: connect to /dev/pts/\d+", lines[0])
    return lines[1:]


def test_emulator_text_mode_and_led_test_as_separate_processes(tmp_path: Path) -> None:
    lines = run_emulator(tmp_path, ["--leds", "4", "--exit-after", "6"], ["--leds", "4", "--delay", "0"])
    # frame 2 repeats frame 1 (the priming copy for WLED): only changes are printed
    assert lines == [f"frame {i + 1 + (i > 0)} adalight 4 leds, 1 lit: {i}=ffffff" for i in range(4)] + [
        "frame 6 adalight 4 leds, 0 lit"]


def test_the_emulator_behaves_like_wled(tmp_path: Path) -> None:
    # A live timeout of 65 s, not WLED's 2.5: a loaded machine may pause led-test between two
    # frames for longer than 2.5 s (the timeout itself: tests/test_hardware_cli.py, on a clock
    # of the test's own).
    lines = run_emulator(tmp_path, ["--leds", "4", "--receiver", "wled", "--force-max-brightness",
                                    "--live-timeout", "65", "--baud", "921600", "--exit-after", "6"],
                         ["--leds", "4", "--delay", "0", "--baud", "921600"])
    assert lines == (["frame 1 adalight 4 leds, 0 lit (WLED blanks the first frame of live mode)"]
                     + [f"frame {i + 2} adalight 4 leds, 1 lit: {i}=ffffff" for i in range(4)]
                     + ["frame 6 adalight 4 leds, 0 lit"])


@pytest.mark.parametrize("argv", [
    ["led-test", "--port", "loop://", "--leds", "3", "--delay", "0"],
    ["led-detect", "--port", "loop://", "--listen", "0.05"],
    ["led-emulator", "--text", "--seconds", "0.05"],
    ["led-demo", "--port", "loop://", "--seconds", "0.01"],
])
def test_led_commands_do_not_import_pygame(argv: list[str]) -> None:
    result = run_python(
        "import sys, main\n"
        f"code = main.main({argv!r})\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
        "assert code in (0, 1), code\n")
    assert result.returncode == 0, result.stderr


def test_the_window_draws_lit_leds(tmp_path: Path) -> None:
    import pygame

    from hardware.emulator_window import board_geometry, draw_leds

    pygame.display.init()
    surface = pygame.Surface((1280, 720))
    positions = grid_positions(25, Layout(5, 5))
    area = pygame.Rect(60, 124, 1160, 520)
    pixels = [(0, 0, 0)] * 25
    pixels[Layout(5, 5).led_index((1, 3))] = (0, 114, 178)
    draw_leds(surface, Frame("adalight", tuple(pixels)), positions, area)
    pitch, board = board_geometry(positions, area)
    lit = surface.get_at((round(board.x + 3.5 * pitch), round(board.y + 1.5 * pitch)))[:3]
    dark = surface.get_at((round(board.x + 0.5 * pitch), round(board.y + 0.5 * pitch)))[:3]
    assert lit[2] > 150 and lit[2] > lit[0] + 60  # the blue LED
    assert max(dark) < 40


def test_the_emulator_window_runs_and_saves_a_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "emulator.png"
    result = run_python(
        "import os, threading, time, serial, main\n"
        "from hardware.protocols import encode\n"
        "os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        f"path_file = {str(tmp_path / 'pty')!r}\n"
        "def feed():\n"
        "    while not os.path.exists(path_file): time.sleep(0.02)\n"
        "    time.sleep(0.1)\n"
        "    port = serial.Serial(open(path_file).read().strip(), 115200, write_timeout=2)\n"
        "    port.write(encode('tpm2', [(0, 114, 178)] * 25)); port.close()\n"
        "threading.Thread(target=feed, daemon=True).start()\n"
        # it exits on the first frame (drawn, then saved); --seconds only bounds a broken run
        f"raise SystemExit(main.main(['led-emulator', '--game', 'lewthwaite', '--seconds', '60', '--exit-after', '1', "
        f"'--path-file', path_file, '--screenshot', {str(shot)!r}]))\n", timeout=120)
    assert result.returncode == 0, result.stderr
    import pygame

    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    blue = sum(1 for x in range(0, 1280, 8) for y in range(0, 720, 8)
               if (c := image.get_at((x, y)))[2] > 150 and c[0] < 60)
    assert blue > 50, result.stderr  # the 25 LEDs are lit in blue


def test_led_test_reports_a_link_lost_midway(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from hardware.fakes import ScriptedDevice

    off, white = (0, 0, 0), (255, 255, 255)
    first = encode("adalight", [white, off])
    device = ScriptedDevice().expect(first).expect(first).fail(OSError(5, "Input/output error"))
    monkeypatch.setattr(serial, "serial_for_url", lambda *a, **k: device)
    assert main.main(["led-test", "--port", "/dev/ttyUSB0", "--leds", "2", "--delay", "0"]) == 1
    assert "the LED link failed after 1 of 3 frames: OSError: [Errno 5] Input/output error" in capsys.readouterr().err
    assert device.closed
