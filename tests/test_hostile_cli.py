"""Odd values on the command line (issue 38): a full stdout, names too long for the file system,
an empty name, a link that loops, a missing ``--led-config``, a stop signal while the program
starts, game keys the saves refuse, and a long tournament's time estimate. Each case gives one
clear sentence and its documented exit code, never a traceback."""

from __future__ import annotations

import errno
import io
import os
import re
import signal
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kiosk.runner
import main
from games import startup
from games.cliutil import NAME_MAX, check_output_path, path_problem
from games.outputs import check_folder, check_new_stream, check_outputs
from games.registry import register_game, unregister_game
from games.tournament import EARLY_ESTIMATE, Announcer
from tests import cli_refusals
from tests.fifth_game import GAME as NIM

LONG = "a" * (NAME_MAX + 45)


class FullStream(io.StringIO):
    """A stdout on a full disk: every write and flush fails with ENOSPC."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


# --- a full stdout -------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["solve", "lewthwaite", "--json"], ["config", "--example"],
                                  ["engine", "awele"], ["awele", "loop", "--pits", "1 2 0 2", "--pit", "2"]],
                         ids=lambda argv: " ".join(argv[:2]))
def test_a_full_stdout_is_one_sentence_and_exit_74(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"cmd": "new"}\n'))
    monkeypatch.setattr(sys, "stdout", FullStream())
    code = main.main(argv)
    err = capsys.readouterr().err
    assert code == main.OUTPUT_LOST == 74
    assert err.strip().splitlines()[-1].startswith("error: the output could not be written (No space left")
    assert "Traceback" not in err


def test_a_failing_file_is_not_blamed_on_stdout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only stdout's own failure is a lost output; any other OSError is not hidden by it."""

    def handler(_args: Any) -> int:
        raise OSError(errno.EIO, "a file the command wrote")

    monkeypatch.setattr(main, "run", lambda args: handler(args))
    with pytest.raises(OSError, match="a file the command wrote"):
        main.main(["solve", "lewthwaite"])


# --- names the file system refuses --------------------------------------------------------------


def _too_long_cases(tmp: Path) -> list[list[str]]:
    return [
        ["print-board", "lewthwaite", "--out", f"{LONG}.png"],
        ["print-board", "lewthwaite", "--out", str(tmp / LONG / "mat.png")],
        ["print-tiles", "--out", f"{LONG}.png"],
        ["synthetic-photo", "lewthwaite", "--out", f"{LONG}.png"],
        ["play", "awele", "--frames", "1", "--screenshot", f"{LONG}.png"],
        ["play", "lewthwaite", "--frames", "1", "--record", f"{LONG}.jsonl"],
        ["play", "lewthwaite", "--frames", "1", "--physical", "--camera", "synthetic", "--save-frames", LONG],
        ["play", "lewthwaite", "--frames", "1", "--physical", "--camera", LONG],
        ["play", "lewthwaite", "--frames", "1", "--physical", "--camera", f"{LONG}.jsonl"],
        ["calibrate", "--camera", LONG, "--frames", "1"],
        ["led-emulator", "--path-file", LONG, "--seconds", "1", "--text"],
        ["play", "awele", "--frames", "1", "--led-config", f"{LONG}.json"],
    ]


@pytest.mark.parametrize("case", range(12))
def test_a_name_too_long_for_the_file_system_is_refused_in_one_sentence(
        case: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 38: ENAMETOOLONG gave a traceback in every output and camera path check."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(kiosk.runner, "App", _no_window)
    line = cli_refusals.refused(_too_long_cases(tmp_path)[case], capsys)
    assert "too long a name" in line and re.search(r"\b3\d\d bytes in one part, at most 255\b", line), line
    assert len(line) < 400  # the name is cut in the middle, the sentence stays readable
    assert sorted(os.listdir(tmp_path)) == []


def _no_window(*_args: Any, **_kwargs: Any) -> None:
    raise AssertionError("the window opened before the name was checked")


def test_print_tiles_with_an_empty_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_refusals.refused(["print-tiles", "--out", ""], capsys) == "error: the name is empty: name a file"


@pytest.mark.parametrize("force", [False, True])
def test_a_link_that_loops_is_refused_as_such_not_as_read_only(
        tmp_path: Path, force: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a.png").symlink_to("b.png")
    Path("b.png").symlink_to("a.png")
    line = cli_refusals.refused(["print-board", "lewthwaite", "--out", "a.png", *(["--force"] if force else [])],
                                capsys)
    assert "is a link that loops" in line and "read-only" not in line


def test_a_missing_led_config_is_refused_without_led_port(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(kiosk.runner, "App", _no_window)
    line = cli_refusals.refused(["play", "awele", "--frames", "1", "--led-config", str(tmp_path / "nope.json")],
                                capsys)
    assert "no such file (the LED wiring)" in line


@settings(max_examples=300, deadline=None)
@given(name=st.binary(min_size=0, max_size=600))
def test_any_bytes_as_an_output_name_are_accepted_or_refused_in_one_sentence(
        tmp_path_factory: pytest.TempPathFactory, name: bytes) -> None:
    """Whatever bytes a name holds (NUL, 600 bytes, ``/``, invalid UTF-8): each checker accepts
    it or says why in one line; none raises anything else, and none writes anything."""
    folder = tmp_path_factory.mktemp("out")
    text = os.fsdecode(name)
    path = str(folder / text) if text and not text.startswith("/") else text
    for check in (lambda: check_output_path(path + ".png"), lambda: check_outputs(path + ".png", [Path(path + ".png")]),
                  lambda: check_new_stream(path), lambda: check_folder(path, "frame-*.png")):
        try:
            check()
        except (ValueError, main.CliError) as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 400
    assert os.listdir(folder) == []
    assert (path_problem(text) is None) == (bool(text.strip()) and "\0" not in text and all(
        len(part) <= NAME_MAX for part in os.fsencode(text).split(b"/")) and len(os.fsencode(text)) <= 4095)


# --- a stop signal while the program starts -------------------------------------------------------


@pytest.fixture
def early_sigint() -> Any:
    """A SIGINT that arrived while ``main.py`` imported (the catch is what ``main.py`` sets first)."""
    startup._stopped_early.clear()
    startup.catch_early_stops()
    os.kill(os.getpid(), signal.SIGINT)
    yield
    startup.release_early_stops()
    startup._stopped_early.clear()


def test_a_sigint_while_starting_stops_a_computation_cleanly(
        early_sigint: None, capsys: pytest.CaptureFixture[str]) -> None:
    code = main.main(["solve", "lewthwaite", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and not out and err.strip() == "stopped by SIGINT while starting: nothing was done"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Ctrl+C works again


def test_a_sigint_while_starting_stops_the_kiosk_at_its_first_frame(
        early_sigint: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    for variable in ("HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(variable, str(tmp_path))
    config = tmp_path / "kiosk.toml"
    config.write_text('kiosk = true\npin = "271828"\n')
    code = main.main(["play", "awele", "--kiosk", "--config", str(config), "--p1", "random", "--p2", "random",
                      "--frames", "100000", "--mute", "--json"])
    out = capsys.readouterr().out
    assert code == 0 and '"frames": 0' in out
    log = (tmp_path / "jeux-maths" / "logs" / "kiosk.log").read_text()
    assert "kiosk stopped by SIGINT" in log and "Traceback" not in log


# --- game keys -----------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["Awele", "my game-2", "", "../x", "a" * 33, "2048", "jeu_é"])
def test_the_registry_refuses_keys_the_saves_refuse(key: str) -> None:
    game = replace(NIM, info=replace(NIM.info, key=key))
    with pytest.raises(ValueError, match="is not a game's key") as refused:
        register_game(game)
    unregister_game(key)
    assert "\n" not in str(refused.value)


def test_the_registry_still_takes_a_good_key() -> None:
    game = replace(NIM, info=replace(NIM.info, key="nim_2"))
    try:
        assert register_game(game) is game
    finally:
        unregister_game("nim_2")


# --- a long tournament says how long ------------------------------------------------------------


def test_a_long_series_says_how_long_before_its_first_game_ends(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 38: ``tournament awele --a strong --b strong --games 100000`` said nothing for the
    whole first game (a minute or two at 1 s a move)."""
    now = [0.0]
    announce = Announcer(100_000, "100000 awele games", clock=lambda: now[0])
    for _move in range(10):
        now[0] += 1.0  # one second a move, on the series' own clock
        announce.on_move()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("100000 awele games: at least")
    assert f"{EARLY_ESTIMATE:.0f} s so far" in err and "138.9 h" in err
