"""kiosk.toml (every wrong value named, exit 2), ``config --example``, ``doctor``, the logs."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from games.ports import CameraReport
from hardware.detect import Detection
from kiosk import config as kiosk_config
from kiosk import doctor
from kiosk.cli import probe_camera
from kiosk.config import ConfigError, IdleTimes, KioskConfig
from kiosk.logs import close_logging, setup_logging

ROOT = Path(__file__).resolve().parent.parent


def cli(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})}
    return subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True,
                          env=environment, timeout=120)


def test_the_example_is_valid_commented_and_round_trips():
    parsed = kiosk_config.parse(tomllib.loads(kiosk_config.example("493027")))
    assert parsed.kiosk and parsed.pin == "493027" and parsed.idle.attract_after == 90
    assert kiosk_config.EXAMPLE.count("#") > 15  # every key explained
    assert kiosk_config.parse(tomllib.loads(parsed.to_toml())) == parsed


def test_config_example_out_writes_a_new_random_pin_each_time(tmp_path):
    """The example on stdout holds no PIN (issue 38: a shell redirect wrote it 0644); ``--out``
    writes a file with a new random one, never printed."""
    out = cli("config", "--example")
    assert out.returncode == 0 and tomllib.loads(out.stdout)["pin"] == ""
    pins = []
    for k in range(2):
        target = tmp_path / f"kiosk-{k}.toml"
        out = cli("config", "--example", "--out", str(target))
        example = tomllib.loads(target.read_text())
        assert out.returncode == 0 and example["kiosk"] is True
        assert example["pin"] not in out.stdout + out.stderr and str(target) in out.stderr
        assert kiosk_config.pin_weakness(example["pin"]) is None
        pins.append(example["pin"])
    assert pins[0] != pins[1] and "2580" not in pins


@pytest.mark.parametrize("pin", ["2580", "1234", "0000", "98765", "890123"])
def test_published_or_easy_pins_are_weak(pin):
    assert kiosk_config.pin_weakness(pin) is not None
    assert kiosk_config.pin_weakness("4930") is None and kiosk_config.new_pin().isdigit()


@pytest.mark.parametrize(("text", "key", "allowed"), [
    ("volume = 120", "volume", "0 to 100"),
    ("volume = 7.5", "volume", "whole number"),
    ('language = "de"', "language", '"fr" or "en"'),
    ("kiosk = 1", "kiosk", "true or false"),
    ("kiosk = true", "pin", "PIN"),
    ('pin = "12a4"', "pin", "4 to 8 digits"),
    ('pin = "²²²²"', "pin", "0 to 9"),  # str.isdigit() says yes; the keypad has no "²"
    ('pin = "٣٣٣٣"', "pin", "0 to 9"),
    ('camera = "²"', "camera", '"synthetic"'),  # was ValueError: invalid literal for int()
    ('camera = "٣"', "camera", '"synthetic"'),
    ('camera = "64"', "camera", '"synthetic"'),
    ('[leds]\nport = "/dev/tty\\u0000USB0"', "leds.port", "serial port"),
    ('[leds]\nlayout = "~nosuchuser/wiring.json"', "leds.layout", "no such file"),
    (f'[leds]\nlayout = "{"a" * 300}.json"', "leds.layout", "no such file"),
    ('games = ["chess"]', "games", '"lewthwaite"'),
    ('games = ["awele", "awele"]', "games", "each once"),
    ("games = []", "games", "one or more"),
    ('camera = "usb"', "camera", '"synthetic"'),
    ("colour_blind = \"yes\"", "colour_blind", "true or false"),
    ("[idle]\nattract_after = 2", "idle.attract_after", "10 to 3600"),
    ("[idle]\ncountdown = 500", "idle.countdown", "5 to 120"),
    ("[idle]\nnap = 3", "idle.nap", "idle.attract_after"),
    ("idle = 3", "idle", "[idle] section"),
    ('[leds]\nprotocol = "dmx"', "leds.protocol", '"adalight" or "tpm2"'),
    ("[leds]\nbaud = 12", "leds.baud", "300 to 4000000"),
    ('[leds]\nlayout = "nowhere.json"', "leds.layout", "no such file"),
    ("colour = true", "colour", "known keys"),
])
def test_every_wrong_value_names_the_file_the_key_and_what_is_allowed(tmp_path, text, key, allowed):
    path = tmp_path / "kiosk.toml"
    path.write_text(text + "\n")
    with pytest.raises(ConfigError) as error:
        kiosk_config.load(path)
    message = str(error.value)
    assert str(path) in message and f"'{key}'" in message and allowed in message
    assert error.value.code == 2


def test_a_broken_file_is_a_clear_error_too(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text("volume = = 3\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        kiosk_config.load(path)
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(ConfigError, match="UTF-8"):
        kiosk_config.load(path)
    with pytest.raises(ConfigError, match="no such configuration file"):
        kiosk_config.load(tmp_path / "missing.toml")


@pytest.mark.parametrize(("content", "words"), [
    (b"a = " + b"[" * 5000, "nested too deeply"),  # was RecursionError
    (b"a = [[[[[[1]]]]]]", "more than 4 deep"),
    (b"volume = " + b"1" * 5000, "not valid TOML"),  # was int()'s ValueError (digits limit)
    (b"# " + b"x" * 70_000, "too large"),
    (b"volume = \x00", "not valid TOML"),
])
def test_a_hostile_file_is_one_clear_sentence(tmp_path, content, words):
    path = tmp_path / "kiosk.toml"
    path.write_bytes(content)
    with pytest.raises(ConfigError, match=words) as error:
        kiosk_config.load(path)
    assert str(error.value).startswith(f"{path}: ") and "\n" not in str(error.value)
    assert [p.name for p in tmp_path.iterdir()] == ["kiosk.toml"]


def test_a_folder_or_a_fifo_is_not_a_configuration_and_never_blocks(tmp_path):
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(ConfigError, match="a folder, not a file"):
        kiosk_config.load(tmp_path / "folder.toml")
    os.mkfifo(tmp_path / "fifo.toml")
    with pytest.raises(ConfigError, match="a FIFO, not a file"):
        kiosk_config.load(tmp_path / "fifo.toml")


def test_a_byte_order_mark_is_allowed(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_bytes(b"\xef\xbb\xbfvolume = 30\n")  # Windows Notepad's UTF-8
    assert kiosk_config.load(path).volume == 30


def test_a_relative_led_layout_is_found_the_same_way_by_config_and_by_the_kiosk(tmp_path, monkeypatch):
    import main
    from kiosk.cli import app_options

    folder = tmp_path / "stand"
    folder.mkdir()
    (folder / "wiring.json").write_text("{}")
    (folder / "kiosk.toml").write_text('[leds]\nport = "loop://"\nlayout = "wiring.json"\n')
    monkeypatch.chdir(tmp_path)  # not the configuration's folder
    config = kiosk_config.load(folder / "kiosk.toml")
    assert config.layout_path() == folder / "wiring.json"
    options = app_options(main.build_parser().parse_args(["--config", str(folder / "kiosk.toml")]))
    assert options.led_config == str(folder / "wiring.json")


def test_a_wrong_configuration_stops_the_kiosk_with_exit_2_and_one_line(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text('language = "klingon"\n')
    out = cli("--config", str(path), "--frames", "1")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip() == f"error: {path}: key 'language' is 'klingon'; allowed: \"fr\" or \"en\""


def test_the_default_file_is_read_from_xdg_config_home(tmp_path):
    folder = tmp_path / "jeux-maths"
    folder.mkdir()
    (folder / "kiosk.toml").write_text('language = "en"\nvolume = 30\n')
    out = cli("config", "--json", env={"XDG_CONFIG_HOME": str(tmp_path)})
    data = json.loads(out.stdout)
    assert data["path"] == str(folder / "kiosk.toml") and data["config"]["language"] == "en"


def test_with_changes_is_checked_like_the_file():
    config = KioskConfig()
    assert config.with_changes(volume=30).volume == 30
    with pytest.raises(ConfigError):
        config.with_changes(volume=300)


# --- doctor ------------------------------------------------------------------------------------------


def test_doctor_reports_each_check_and_is_not_ready_without_a_screen(tmp_path):
    out = cli("doctor", "--json", env={"XDG_STATE_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)})
    report = json.loads(out.stdout)
    by_name = {check["name"]: check for check in report["checks"]}
    assert {"configuration", "display", "sound", "fonts", "camera", "leds", "folders"} <= set(by_name)
    assert by_name["display"]["status"] == "fail" and "dummy" in by_name["display"]["detail"]
    assert by_name["folders"]["status"] == "ok" and (tmp_path / "jeux-maths" / "save").is_dir()
    assert report["ready"] is False and out.returncode == 1
    text = cli("doctor", env={"XDG_STATE_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}).stdout
    assert "FAIL  display" in text and text.strip().endswith("(display).")


def test_doctor_reads_a_frame_from_the_camera_and_sees_the_mat():
    checks = doctor.check_cameras(KioskConfig(camera="synthetic"), probe_camera)
    camera = checks[0]
    assert camera.status == "ok" and camera.data["mats"] == ["lewthwaite"]
    assert 40 < camera.data["brightness"] < 255 and "lewthwaite" in camera.detail


def test_doctor_fails_on_a_camera_that_does_not_open_and_lists_the_others():
    def probe(camera: str) -> CameraReport:
        raise OSError(f"camera {camera} cannot be opened")

    checks = doctor.check_cameras(KioskConfig(camera="7"), probe)
    assert checks[0].status == "fail" and "camera 7 cannot be opened" in checks[0].detail


def test_doctor_warns_about_a_dark_picture():
    def probe(camera: str) -> CameraReport:
        return CameraReport(camera, 640, 480, 12.0)

    check = doctor.check_cameras(KioskConfig(camera="0"), probe)[0]
    assert check.status == "warn" and "brightness 12" in check.detail


def test_doctor_says_what_to_change_at_a_stand_tilted_too_far():
    """A webcam 31 degrees off vertical over tall caps under a lamp: read, but the doctor asks, in the
    kiosk's language, for less tilt and names the cells it doubted."""
    import random

    from kiosk.cli import stand_advice
    from kiosk.i18n import tr
    from vision.capture import start_grid
    from vision.synthetic import render_photo, stand_style

    start = [row.upper() for row in start_grid("lewthwaite") if isinstance(row, str)]  # a token mat: strings
    photo = render_photo("lewthwaite", start, random.Random("doctor"), stand_style("cap_up", 15, 31, 22, seed=3))

    advice = stand_advice(photo.image, "lewthwaite")

    def probe(camera: str) -> CameraReport:
        return CameraReport(camera, 1280, 720, 120.0, (0, 1, 2, 3), ("lewthwaite",), advice["problem"],
                            tuple(advice["advice"]), tuple((r, c) for r, c in advice["doubted"]))

    check = doctor.check_cameras(KioskConfig(camera="0"), probe)[0]
    assert check.status == "warn" and "tilt" in check.data["advice"] and check.data["problem"] == ""
    assert tr("vision.advice.tilt") in check.detail and check.data["doubted"]


def test_doctor_asks_the_led_board_with_led_detect():
    config = KioskConfig().with_changes(leds=kiosk_config.LedSettings(port="/dev/ttyUSB0"))
    answer = Detection("adalight", "/dev/ttyUSB0", "an Adalight device greeted us")
    assert doctor.check_leds(config, lambda port, baud: answer).status == "ok"
    silent = Detection("silent", "/dev/ttyUSB0", "nothing answered")
    check = doctor.check_leds(config, lambda port, baud: silent)
    assert check.status == "fail" and check.detail == "nothing answered"
    assert doctor.check_leds(KioskConfig(), lambda port, baud: silent).status == "ok"  # no board configured


def test_doctor_fails_when_the_state_folder_cannot_be_written(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert doctor.check_folders(blocked).status == "fail"
    assert doctor.check_folders(tmp_path / "state").status == "ok"


def test_a_report_is_ready_only_without_failures():
    ok = doctor.Check("a", doctor.OK, "")
    warn = doctor.Check("b", doctor.WARN, "")
    assert doctor.Report([ok, warn]).ready
    assert not doctor.Report([ok, doctor.Check("c", doctor.FAIL, "")]).ready


# --- logs ----------------------------------------------------------------------------------------------


def test_logs_rotate_in_the_state_folder(tmp_path, monkeypatch):
    from kiosk import logs

    monkeypatch.setattr(logs, "MAX_BYTES", 2_000)
    path = setup_logging(tmp_path / "logs", echo=False)
    assert path is not None
    try:
        for k in range(200):
            logging.getLogger("kiosk.test").info("line %d of a long day at the fair", k)
    finally:
        close_logging()
    files = sorted(p.name for p in (tmp_path / "logs").iterdir())
    assert path.name in files and "kiosk.log.1" in files and len(files) <= logs.BACKUPS + 1


def test_kiosk_mode_without_a_pin_is_refused_before_a_window_opens(tmp_path):
    out = cli("--kiosk", "--frames", "1", env={"XDG_CONFIG_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path)})
    default = tmp_path / "jeux-maths" / "kiosk.toml"
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert f"no configuration ({default} does not exist)" in out.stderr  # not "key 'pin'" of a missing file
    assert f"python main.py config --example --out {default}" in out.stderr
    (tmp_path / "empty.toml").write_text("volume = 50\n")
    out = cli("--kiosk", "--config", str(tmp_path / "empty.toml"), "--frames", "1")
    assert out.returncode == 2 and f"{tmp_path / 'empty.toml'}: key 'pin' is missing" in out.stderr
    (tmp_path / "k.toml").write_text('pin = "2580"\n')
    out = cli("--kiosk", "--config", str(tmp_path / "k.toml"), "--frames", "3", env={"XDG_STATE_HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "jeux-maths" / "logs" / "kiosk.log").exists()


def test_saving_edits_the_file_in_place_and_keeps_its_comments(tmp_path):
    """The settings screen's "Enregistrer" on the guide's file: the values changed, every comment,
    blank line and key order as they were (issue 40)."""
    path = tmp_path / "kiosk.toml"
    original = kiosk_config.example("493027")
    path.write_text(original, encoding="utf-8")
    config = kiosk_config.load(path)
    changed = config.with_changes(volume=50, games=("lewthwaite", "awele"), language="en",
                                  idle=IdleTimes(attract_after=120.0, prompt_after=120.0, countdown=20.0))
    changed.save()
    text = path.read_text(encoding="utf-8")
    assert kiosk_config.load(path) == changed
    comments = [line for line in original.splitlines() if line.lstrip().startswith("#")]
    assert comments and all(line in text.splitlines() for line in comments)
    assert text.count("\n") == original.count("\n")
    assert "volume = 50                  # 0 (silent) to 100" in text
    games = next(line for line in text.splitlines() if line.startswith("games = "))
    before = next(line for line in original.splitlines() if line.startswith("games = "))
    assert games.startswith('games = ["lewthwaite", "awele"] ') and games.index("#") == before.index("#")
    assert "attract_after = 120          # seconds on the menu" in text
    # Unchanged values keep their text; a key the file lacks is added in its table.
    path.write_text('# mine\nkiosk = true\npin = "493027"  # the PIN\n\n[leds]\nbaud = 9600 # slow\n', encoding="utf-8")
    kiosk_config.load(path).with_changes(volume=30).save()
    text = path.read_text(encoding="utf-8")
    assert text.startswith('# mine\nkiosk = true\npin = "493027"  # the PIN\nvolume = 30\n')
    assert "baud = 9600 # slow" in text and kiosk_config.load(path).volume == 30
