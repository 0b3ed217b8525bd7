"""The command line: JSON outputs, exit codes, and compute commands that never import pygame."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv):
    code = main.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_solve_json(capsys):
    code, out, _ = run(capsys, "solve", "lewthwaite", "--rows", "5", "--cols", "5", "--hole", "2,2", "--json")
    data = json.loads(out)
    assert code == 0 and data["winner"] == 2 and len(data["pairing"]) == 12
    assert all(len(pair) == 2 and len(pair[0]) == 2 for pair in data["pairing"])


def test_solve_text_draws_dominoes(capsys):
    code, out, _ = run(capsys, "solve", "lewthwaite", "--rows", "2", "--cols", "3", "--hole", "0,0")
    assert code == 0 and "wins with perfect play" in out and ("o-o" in out or "|" in out)


def test_stats_exact_json(capsys):
    code, out, _ = run(capsys, "stats", "lewthwaite", "--exact", "--json")
    data = json.loads(out)
    assert code == 0 and abs(data["p_first_wins"] - 0.3549) < 1e-3 and abs(data["mean_length"] - 15.306) < 1e-3
    assert len(data["length_histogram"]) == 26


def test_stats_simulated_json_is_reproducible(capsys):
    outs = [run(capsys, "stats", "lewthwaite", "--games", "3000", "--seed", "4", "--json")[1] for _ in range(2)]
    first, second = (json.loads(o) for o in outs)
    first.pop("seconds"), second.pop("seconds")
    assert first == second and first["games"] == 3000


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "lewthwaite", "--hole", "7,1"], "off the 5x5 board"),
        (["solve", "lewthwaite", "--hole", "x"], "not a cell"),
        (["solve", "lewthwaite", "--rows", "41"], "out of range"),
        (["play", "lewthwaite", "--red", "robot"], "invalid choice"),
        (["stats", "lewthwaite", "--rows", "7", "--cols", "7", "--exact"], "up to 32 cells"),
        (["stats", "lewthwaite"], "one of the arguments"),
        (["play", "lewthwaite", "--size", "big"], "not a size"),
    ],
)
def test_bad_values_give_a_clear_message_and_exit_2(capsys, argv, message):
    try:
        code = main.main(argv)
    except SystemExit as exc:  # argparse errors
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1  # as Python exits
    err = capsys.readouterr().err
    assert code == 2 and message in err


def test_compute_commands_do_not_import_pygame():
    probe = (
        "import sys, main; main.main(['solve', 'lewthwaite', '--json']); "
        "main.main(['stats', 'lewthwaite', '--games', '100', '--json']); "
        "print('PYGAME' if 'pygame' in sys.modules else 'CLEAN', file=sys.stderr)"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stderr.strip().endswith("CLEAN")


def test_play_runs_headless_and_reports_json(tmp_path):
    shot = tmp_path / "play.png"
    result = subprocess.run(
        [sys.executable, "main.py", "play", "lewthwaite", "--red", "perfect", "--blue", "random", "--frames", "200",
         "--seed", "1", "--screenshot", str(shot), "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    data = json.loads(result.stdout)  # stdout holds exactly the JSON object
    assert data["frames"] == 200 and data["moves"] >= 2 and shot.stat().st_size > 10_000


def test_demo_json_reports_frame_rate():
    result = subprocess.run([sys.executable, "main.py", "demo", "--frames", "120", "--json"], cwd=ROOT,
                            capture_output=True, text=True, check=True)
    data = json.loads(result.stdout)
    assert data["frames"] == 120 and data["fps"] > 0 and data["seconds"] > 0


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--lang", "en", "play", "lewthwaite"], {"lang": "en", "frames": None}),
        (["--frames", "10", "demo"], {"frames": 10}),
        (["--led-port", "loop://", "--seed", "3", "play", "awele", "--p1", "random"],
         {"led_port": "loop://", "seed": 3, "p1": "random"}),
        (["--lang", "en", "play", "lewthwaite", "--lang", "fr"], {"lang": "fr"}),  # written after wins
        (["--seed=5", "stats", "lewthwaite", "--games", "10"], {"seed": 5, "games": 10}),
        (["--frames", "4"], {"frames": 4, "command": None}),  # the menu
    ],
)
def test_options_before_the_subcommand_are_honoured(argv, expected):
    parser = main.build_parser()
    from games.cliutil import move_leading_options

    args = parser.parse_args(move_leading_options(parser, argv))
    assert {key: getattr(args, key) for key in expected} == expected


def test_an_option_before_a_subcommand_that_does_not_take_it_is_refused(capsys):
    assert main.main(["--frames", "10", "solve", "lewthwaite"]) == 2
    assert "--frames does not apply to 'solve lewthwaite'" in capsys.readouterr().err
