"""Never overwrite what the user did not name: a file a command writes where the user said
(``--screenshot`` of every window, the LED emulator's ``--screenshot`` and ``--path-file``) that
already exists is refused with one line and exit 2 before any window opens, unless ``--force``
(the one writer policy, :mod:`games.outputs`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import kiosk.runner
import main
from games.registry import installed_games
from tests import cli_refusals

#: Every command that opens a window (they all take --screenshot), as typed after ``main.py``.
WINDOWS = [[], ["demo"], ["rules", "awele"], ["science", "juniper"], ["calibrate", "--camera", "synthetic"],
           *[["play", info.key] for info in installed_games()],
           ["play", "lewthwaite", "--physical", "--camera", "synthetic"]]
PRECIOUS = b"the user's own picture"


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``argv``: exit 2, one line on stderr and nothing on stdout, quickly."""
    return cli_refusals.refused(argv, capsys, alone=True)


@pytest.fixture
def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening the kiosk's window fails the test: a refusal comes before it."""

    def opened(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("the window opened before the named output was checked")

    monkeypatch.setattr(kiosk.runner, "App", opened)


@pytest.mark.parametrize("command", WINDOWS, ids=[" ".join(c) or "menu" for c in WINDOWS])
def test_an_existing_screenshot_is_refused_before_the_window_opens(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], no_window: None) -> None:
    shot = tmp_path / "out.png"
    shot.write_bytes(PRECIOUS)
    line = refused([*command, "--frames", "5", "--mute", "--screenshot", str(shot)], capsys)
    assert line == f"error: '{shot}' already exists: add --force to replace it, or name another file"
    assert shot.read_bytes() == PRECIOUS and sorted(tmp_path.iterdir()) == [shot]


def test_force_replaces_the_screenshot_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shot = tmp_path / "out.png"
    shot.write_bytes(PRECIOUS)
    # --force written before the subcommand is honoured as well (moved after it)
    assert main.main(["--force", "play", "awele", "--frames", "2", "--mute", "--screenshot", str(shot)]) == 0
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(tmp_path.iterdir()) == [shot]  # no temporary file left beside it
    capsys.readouterr()


def test_force_alone_has_nothing_to_replace(capsys: pytest.CaptureFixture[str], no_window: None) -> None:
    assert "--force goes with --screenshot" in refused(["play", "juniper", "--frames", "2", "--force"], capsys)


@pytest.mark.parametrize("command", [["play", "lewthwaite"], ["demo"], ["led-emulator"]])
def test_force_is_in_the_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main.main([*command, "--help"])
    assert "--force" in capsys.readouterr().out.split("--screenshot", 1)[1]


def test_the_emulator_never_replaces_its_named_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shot, path_file = tmp_path / "board.png", tmp_path / "pty"
    shot.write_bytes(PRECIOUS)
    path_file.write_text("/dev/pts/9999\n")  # left by an emulator that was killed
    line = refused(["led-emulator", "--seconds", "1", "--screenshot", str(shot)], capsys)
    assert line == f"error: '{shot}' already exists: add --force to replace it, or name another file"
    line = refused(["led-emulator", "--text", "--seconds", "1", "--path-file", str(path_file)], capsys)
    assert line == f"error: '{path_file}' already exists: add --force to replace it, or name another file"
    assert shot.read_bytes() == PRECIOUS and path_file.read_text() == "/dev/pts/9999\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.png", "pty"]


def test_the_emulators_force_is_not_force_max_brightness() -> None:
    # argparse would take a bare --force for --force-max-brightness, its only prefix match
    args = main.build_parser().parse_args(["led-emulator", "--force"])
    assert args.force and not args.force_max_brightness


def test_the_wiring_picture_tool_never_replaces_a_named_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from hardware import wiring_picture

    monkeypatch.setattr(wiring_picture, "render", lambda out: pytest.fail("drew before checking"))
    shot = tmp_path / "wiring.png"
    shot.write_bytes(PRECIOUS)
    assert wiring_picture.main([str(shot)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: '{shot}' already exists: add --force to replace it, or name another file"
    assert shot.read_bytes() == PRECIOUS
