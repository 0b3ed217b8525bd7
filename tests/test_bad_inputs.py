"""Every subcommand refuses bad input the same way: exit code 2, one line on stderr, nothing on
stdout, no traceback, nothing written. The table covers every subcommand (a test checks it)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import main
from games.cliutil import leaf_parser

# (argv, a few words the message must contain). Paths are relative: the test runs in an empty
# folder and checks that it stays empty.
BAD: list[tuple[list[str], str]] = [
    # the kiosk menu (no subcommand) and options written before the subcommand
    (["--frames", "0"], "out of range"),
    (["--size", "big"], "not a size"),
    (["--frames", "3", "solve", "lewthwaite"], "does not apply"),
    (["--lang", "en", "awele", "loop", "--pits", "1 2 0 2", "--pit", "2"], "does not apply"),
    (["--seed", "-1", "play", "awele"], "out of range"),
    # demo and the interactive options of every window command
    (["demo", "--frames", "-1"], "out of range"),
    (["demo", "--frames", "2", "--screenshot", "."], "must name a .png"),
    (["demo", "--frames", "2", "--screenshot", "shots"], "must name a .png"),
    (["demo", "--frames", "2", "--screenshot", "/proc/version/x.png"], "not a folder"),
    (["demo", "--seed", "-1"], "out of range"),
    (["demo", "--lang", "de"], "invalid choice"),
    (["rules", "chess"], "invalid choice"),
    # the kiosk's configuration and check
    (["--config", "missing.toml", "--frames", "1"], "no such configuration file"),
    (["config", "--config", "missing.toml"], "no such configuration file"),
    (["config", "--config", "."], "a folder, not a file"),
    (["report", "--day", "2026-13-45"], "not a date"),
    (["config", "--example", "--json", "--bogus"], "unrecognized arguments"),
    (["doctor", "--config", "missing.toml"], "no such configuration file"),
    (["rules", "awele", "--page", "0"], "out of range"),
    (["rules", "awele", "--page", "7", "--frames", "1", "--screenshot", "x.jpg"], "must name a .png"),
    (["science", "chess"], "invalid choice"),
    (["science", "awele", "--page", "5"], "out of range"),
    # Lewthwaite
    (["play", "lewthwaite", "--rows", "41"], "out of range"),
    (["play", "lewthwaite", "--hole", "x"], "not a cell"),
    (["play", "lewthwaite", "--red", "robot"], "invalid choice"),
    (["solve", "lewthwaite", "--rows", "41"], "out of range"),
    (["solve", "lewthwaite", "--hole", "9,9"], "off the 5x5 board"),
    (["stats", "lewthwaite", "--games", "10", "--seed", "-1"], "out of range"),
    (["stats", "lewthwaite", "--games", "0"], "out of range"),
    (["stats", "lewthwaite", "--exact", "--rows", "7", "--cols", "7"], "up to 32 cells"),
    (["tournament", "lewthwaite", "--a", "robot", "--b", "random"], "invalid choice"),
    (["tournament", "lewthwaite", "--a", "random", "--b", "random", "--rows", "10"], "out of range"),
    (["engine", "lewthwaite", "--level", "god"], "invalid choice"),
    (["puzzle", "lewthwaite", "--moves", "25"], "out of range"),
    (["puzzle", "lewthwaite", "--seed", "-1"], "out of range"),
    # Awélé
    (["play", "awele", "--seeds", "7"], "out of range"),
    (["play", "awele", "--movetime", "inf"], "finite"),
    (["play", "awele", "--movetime", "nan"], "finite"),
    (["play", "awele", "--pits", "5"], "invalid choice"),
    (["awele", "loop", "--pits", "1 2", "--pit", "1"], "4 or 12 pits"),
    (["awele", "loop", "--pits", "1000000000 1 1 1", "--pit", "1"], "at most 144"),
    (["awele", "loop", "--pits", "1 2 0 2", "--pit", "13"], "out of range"),
    (["awele", "loop", "--pits", "1 2 0 2", "--pit", "9"], "not on a 4-pit board"),
    (["awele", "loop", "--pits", "1 2 0 2", "--pit", "2", "--max-seconds", "inf"], "finite"),
    (["awele", "loop-stats", "--games", "1000000"], "out of range"),
    (["awele", "loop-stats", "--seeds", "9"], "out of range"),
    (["awele", "loop-stats", "--seed", "-1"], "out of range"),
    (["tournament", "awele", "--a", "genius", "--b", "random"], "invalid choice"),
    (["tournament", "awele", "--a", "random", "--b", "random", "--movetime", "inf"], "finite"),
    (["tournament", "awele", "--a", "random", "--b", "random", "--games", "0"], "out of range"),
    (["engine", "awele", "--movetime", "0"], "out of range"),
    (["engine", "awele", "--movetime", "1e9"], "out of range"),
    (["engine", "awele", "--seed", "-1"], "out of range"),
    # Juniper Green
    (["play", "juniper", "--n", "101"], "out of range"),
    (["play", "juniper", "--opponent", "god"], "invalid choice"),
    (["solve", "juniper", "--max-n", "1001"], "out of range"),
    (["solve", "juniper", "--position", "N=5000: 2"], "between"),
    (["solve", "juniper", "--position", "chess"], "not a Juniper Green position"),
    (["tournament", "juniper", "--n", "201"], "out of range"),
    (["tournament", "juniper", "--levels", "god"], "invalid choice"),
    (["engine", "juniper", "--time", "nan"], "finite"),
    (["engine", "juniper", "--playouts", "0"], "out of range"),
    # Lightning
    (["play", "lightning", "--level", "god"], "not a level"),
    (["play", "lightning", "--mode", "solo"], "invalid choice"),
    (["tournament", "lightning", "--a", "random", "--b", "random", "--games", "0"], "out of range"),
    (["tournament", "lightning", "--a", "random", "--b", "random", "--time", "nan"], "finite"),
    (["engine", "lightning", "--level", "nobody"], "invalid choice"),
    # Hexapawn
    (["play", "hexapawn", "--white", "robot"], "invalid choice"),
    (["play", "hexapawn", "--black", "matchbox", "--frames", "0"], "out of range"),
    (["solve", "hexapawn", "--depth", "3"], "unrecognized arguments"),
    (["tournament", "hexapawn", "--a", "robot", "--b", "random"], "invalid choice"),
    (["tournament", "hexapawn", "--a", "random", "--b", "random", "--games", "0"], "out of range"),
    (["engine", "hexapawn", "--level", "god"], "invalid choice"),
    # LED board
    (["led-test", "--port", "loop://", "--leds", "0"], "out of range"),
    (["led-test", "--port", "loop://", "--leds", "4", "--baud", "7"], "baud rate"),
    (["led-detect", "--port", "loop://", "--listen", "1e12"], "out of range"),
    (["led-demo", "--port", "loop://", "--game", "chess"], "invalid choice"),
    (["led-demo", "--port", "loop://", "--seconds", "0"], "out of range"),
    (["led-emulator", "--leds", "0"], "out of range"),
    (["led-emulator", "--receiver", "wled", "--live-timeout", "0"], "out of range"),
    (["led-emulator", "--live-timeout", "5"], "WLED setting"),
    # webcam
    (["print-board", "chess", "--out", "mat.png"], "invalid choice"),
    (["print-board", "lewthwaite", "--out", "mat.txt"], ".png"),
    (["print-tiles", "--out", "tiles.png", "--dpi", "5000"], "out of range"),
    (["read-board", "missing.png", "--game", "lewthwaite"], "no image file"),
    (["synthetic-photo", "lewthwaite", "--out", "photo.txt"], ".png or .jpg"),
    (["calibrate", "--camera", "99"], "not a camera"),
]


def leaves(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every runnable command of the parser, as its words (``("play", "awele")``)."""
    sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
    if sub is None:
        return [prefix]
    found = [prefix] if parser.get_default("handler") is not None else []
    for name, child in sub.choices.items():
        found += leaves(child, prefix + (name,))
    return found


def test_the_table_covers_every_subcommand() -> None:
    parser = main.build_parser()
    covered = set()
    for argv, _words in BAD:
        words = [w for w in argv if not w.startswith("-")]
        _leaf, depth = leaf_parser(parser, main_words(argv))
        covered.add(tuple(main_words(argv)[:depth]) if words else ())
    missing = set(leaves(parser)) - covered
    assert not missing, f"no bad-input case for {sorted(missing)}"


def main_words(argv: list[str]) -> list[str]:
    """``argv`` from its first subcommand word on (options before it skipped)."""
    parser = main.build_parser()
    verbs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    for i, word in enumerate(argv):
        if word in verbs and (i == 0 or argv[i - 1] not in ("--lang", "--seed", "--frames", "--size")):
            return argv[i:]
    return []


@pytest.mark.parametrize(("argv", "words"), BAD, ids=[" ".join(a)[:60] for a, _ in BAD])
def test_bad_input_exits_2_with_one_line_and_writes_nothing(
    argv: list[str], words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    try:
        code = main.main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1  # as Python exits
    out, err = capsys.readouterr()
    assert code == 2, err
    assert out == ""
    assert err.strip() and "\n" not in err.strip(), err
    assert "Traceback" not in err
    assert words in err, err
    assert list(tmp_path.iterdir()) == []
