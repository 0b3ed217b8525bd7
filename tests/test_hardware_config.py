"""The LED configuration file: good files load, every bad one is a clear error that changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from hardware.config import ConfigError, LedConfig, apply_colour, config_from_dict, load_config
from hardware.mapping import Layout, PanelLayout

GOOD = {
    "protocol": "tpm2", "baud": 921600, "colour_order": "grb", "max_brightness": 128, "leds": 300,
    "games": {
        "lewthwaite": {"rows": 5, "cols": 5, "wiring": "serpentine", "start": "bottom-left"},
        "lightning": {"rows": 17, "cols": 16, "wiring": "rows", "rotation": 90, "first_led": 25},
    },
}


def write(tmp_path: Path, content: object) -> Path:
    path = tmp_path / "leds.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def test_a_good_file_loads(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, GOOD))
    assert config.protocol == "tpm2" and config.baud == 921600 and config.colour_order == "GRB"
    assert config.games["lightning"] == Layout(17, 16, wiring="rows", rotation=90, first_led=25)
    assert config.strip_length(config.games["lewthwaite"]) == 300


def test_an_empty_object_gives_the_defaults() -> None:
    assert config_from_dict({}) == LedConfig()


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ({"protocl": "tpm2"}, "unknown key"),
    ({"protocol": "dmx"}, "protocol must be"),
    ({"baud": 12345}, "baud must be"),
    ({"baud": "115200"}, "baud must be"),
    ({"colour_order": "RGBW"}, "colour_order"),
    ({"max_brightness": 300}, "max_brightness"),
    ({"max_brightness": 0.5}, "max_brightness"),
    ({"leds": 0}, "leds must be"),
    ({"keepalive": 3.0}, "2.5 s"),
    ({"fps": 0}, "fps"),
    ({"games": []}, "games"),
    ({"games": {"lewthwaite": 5}}, "games.lewthwaite"),
    ({"games": {"lewthwaite": {"rows": 5}}}, "needs 'rows' and 'cols'"),
    ({"games": {"lewthwaite": {"rows": 5, "cols": 5, "wiring": "zigzag"}}}, "games.lewthwaite: wiring"),
    ({"games": {"lewthwaite": {"rows": 5, "cols": 5, "colour": 1}}}, "unknown key"),
    ({"leds": 20, "games": {"lewthwaite": {"rows": 5, "cols": 5}}}, "strip has 20"),
])
def test_bad_files_are_clear_errors(tmp_path: Path, content: object, message: str) -> None:
    path = write(tmp_path, content)
    with pytest.raises(ConfigError, match=message) as caught:
        load_config(path)
    assert str(path) in str(caught.value)


def test_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "nope.json")
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ConfigError):
        load_config(binary)


def test_colour_order_and_brightness_cap() -> None:
    assert apply_colour((10, 20, 30), "RGB", 255) == (10, 20, 30)
    assert apply_colour((10, 20, 30), "GRB", 255) == (20, 10, 30)
    assert apply_colour((10, 20, 30), "BGR", 255) == (30, 20, 10)
    assert apply_colour((255, 128, 0), "RGB", 100) == (100, 50, 0)
    assert apply_colour((255, 255, 255), "GRB", 0) == (0, 0, 0)


def test_layout_for_unconfigured_or_resized_boards() -> None:
    config = config_from_dict(GOOD)
    assert config.layout_for("lewthwaite", 5, 5) == config.games["lewthwaite"]
    resized = config.layout_for("lewthwaite", 4, 6)  # a variant board keeps the builder's wiring
    assert isinstance(resized, Layout) and (resized.rows, resized.cols, resized.start) == (4, 6, "bottom-left")
    assert config.layout_for("awele", 2, 6) == Layout(2, 6)


def test_command_line_overrides_are_checked() -> None:
    config = LedConfig().with_overrides(protocol="tpm2", baud=921600)
    assert (config.protocol, config.baud) == ("tpm2", 921600)
    with pytest.raises(ConfigError):
        LedConfig().with_overrides(baud=1234)


@pytest.mark.parametrize("argv", [
    ["led-demo", "--port", "loop://", "--led-config", "{path}"],
    ["led-emulator", "--text", "--game", "lewthwaite", "--led-config", "{path}", "--seconds", "0.1"],
    ["--frames", "1", "--led-port", "loop://", "--led-config", "{path}"],
])
def test_the_cli_exits_2_on_a_corrupt_file(tmp_path: Path, argv: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, '{"games": {"lewthwaite": {"rows": 5, "cols": 5, "rotation": 45}}}')
    assert main.main([a.format(path=path) for a in argv]) == 2
    assert "rotation must be one of 0, 90, 180, 270" in capsys.readouterr().err


def test_the_shipped_example_loads() -> None:
    config = load_config(Path(__file__).resolve().parent.parent / "hardware" / "example_leds.json")
    lightning = config.games["lightning"]
    assert isinstance(lightning, PanelLayout)
    assert config.strip_length(lightning) == 297 and (lightning.first_led, lightning.end) == (25, 297)
    assert lightning.led_index((0, 8)) == 161 and lightning.led_index((1, 0)) == 25 + 15


PANELS = {"rows": 2, "cols": 4, "panels": [{"row": 0, "col": 0, "rows": 2, "cols": 2},
                                           {"row": 0, "col": 2, "rows": 2, "cols": 2, "first_led": 4}]}


def test_panels_load_and_map() -> None:
    config = config_from_dict({"games": {"lightning": PANELS}})
    assert config.layout_for("lightning", 2, 4).table() == [[0, 1, 4, 5], [3, 2, 7, 6]]
    assert config.layout_for("lightning", 3, 3) == Layout(3, 3)  # another size: the default wiring


@pytest.mark.parametrize(("change", "message"), [
    ({"panels": 3}, "must be a list"),
    ({"panels": [5]}, r"panels\[1\] must be an object"),
    ({"wiring": "rows"}, "only 'rows' and 'cols'"),
    ({"panels": [{"row": 0, "col": 0, "rows": 2, "cols": 2, "colour": 1}]}, "unknown key"),
    ({"panels": [{"row": "0", "col": 0, "rows": 2, "cols": 2}]}, "whole numbers"),
    ({"panels": [{"row": 0, "col": 0, "rows": 2, "cols": 2}]}, "uncovered"),
    ({"panels": [{"row": 0, "col": 0, "rows": 2, "cols": 2, "start": "nowhere"}]}, "start must be"),
])
def test_bad_panels_are_clear_errors(change: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        config_from_dict({"games": {"lightning": {**PANELS, **change}}})
