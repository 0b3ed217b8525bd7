"""Awélé command line: loop, loop-stats, tournament, engine protocol, errors, no pygame import."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.awele.cli import ENGINE, ENGINE_FLAGS
from games.engine import serve
from games.engine_cli import engine_args
from main import main

ROOT = Path(__file__).resolve().parent.parent


def run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_loop_finds_the_articles_4_pit_loop(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, ["awele", "loop", "--pits", "1 2 0 2", "--pit", "2", "--json"]) == {
        "loops": True,
        "period": 8,
        "laps_before_loop": 0,
    }


def test_loop_reports_a_move_that_ends(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, ["awele", "loop", "--pits", "4 4 4 4 4 4 4 4 4 4 4 4", "--pit", "3", "--json"])
    assert out == {"loops": False, "laps": 5, "board": [6, 6, 2, 7, 1, 6, 1, 6, 6, 6, 0, 1], "last_pit": 5}


def test_loop_can_show_the_laps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["awele", "loop", "--pits", "1 2 0 2", "--pit", "2", "--show", "8"]) == 0
    out = capsys.readouterr().out
    assert "every 8 laps" in out and "lap 8: pit" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--pits", "1 2 0", "--pit", "1"], "4 or 12 pits"),
        (["--pits", "1 2 x 2", "--pit", "1"], "whole numbers"),
        (["--pits", "1 2 0 2", "--pit", "3"], "empty"),
        (["--pits", "1 2 0 2", "--pit", "9"], "not on a 4-pit board"),
        (["--pits", "1 -2 0 2", "--pit", "1"], ">= 0"),
    ],
)
def test_loop_rejects_bad_input_with_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["awele", "loop", *argv]) == 2
    assert message in capsys.readouterr().err


def test_loop_stats_measures_the_rate(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, ["awele", "loop-stats", "--games", "40", "--seed", "1", "--json"])
    assert out["games"] == 40 and out["moves_examined"] > 1000
    assert 0 <= out["looping_moves"] < out["moves_examined"] / 100
    assert out["article_estimate"] == "1 in 1296"


def test_tournament_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        ["tournament", "awele", "--a", "1990", "--b", "random", "--games", "4", "--seed", "3", "--json"],
    )
    assert out["games"] == 4 and out["wins"] + out["draws"] + out["losses"] == 4
    assert out["wins"] >= 3 and out["average_margin"] > 0


def test_tournament_rejects_a_bad_level() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["tournament", "awele", "--a", "genius", "--b", "random"])
    assert exc.value.code == 2


def engine_lines(lines: list[str], level: str = "1990", pits: int = 12) -> list[dict]:
    out = io.StringIO()
    options = engine_args(ENGINE, ENGINE_FLAGS, level=level, pits=pits, movetime=0.05)
    assert serve(ENGINE, options, io.StringIO("\n".join(lines) + "\n"), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_engine_answers_one_move_per_line_and_survives_bad_lines() -> None:
    good = json.dumps({"pits": [4] * 12, "scores": [0, 0], "player": 1})
    second = json.dumps({"pits": [4] * 12, "scores": [0, 0], "player": 2})
    answers = engine_lines(
        [
            good,
            "not json",
            "[1, 2]",
            json.dumps({"pits": [4] * 11, "scores": [0, 0], "player": 1}),
            json.dumps({"pits": [4] * 12, "scores": [0, 0], "player": 3}),
            json.dumps({"pits": [4] * 12, "scores": [0], "player": 1}),
            json.dumps({"pits": [4] * 12}),
            second,
        ]
    )
    assert answers[0] == {"move": 3}  # the 1990 program's choice at the start (6-seed capture)
    assert all("error" in a for a in answers[1:7])
    assert answers[7]["move"] in range(7, 13)


def test_engine_refuses_finished_games_and_players_who_must_pass() -> None:
    over = json.dumps({"pits": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "scores": [30, 17], "player": 1})
    passing = json.dumps({"pits": [4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0], "scores": [12, 12], "player": 2})
    answers = engine_lines([over, passing])
    assert "over" in answers[0]["error"]
    assert "cannot play" in answers[1]["error"]


def test_engine_subprocess_and_compute_commands_do_not_import_pygame() -> None:
    code = (
        "import sys, io, json\n"
        "from main import main\n"
        "main(['awele', 'loop', '--pits', '1 2 0 2', '--pit', '2', '--json'])\n"
        "main(['tournament', 'awele', '--a', 'random', '--b', 'random', '--games', '2', '--json'])\n"
        "main(['awele', 'loop-stats', '--games', '3', '--json'])\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    request = json.dumps({"pits": [4] * 4, "scores": [0, 0], "player": 1})
    result = subprocess.run(
        [
            sys.executable,
            "main.py",
            "engine",
            "awele",
            "--level",
            "strong",
            "--pits",
            "4",
            "--movetime",
            "0.05",
        ],
        cwd=ROOT,
        input=request + "\nbad\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 0 and lines[0]["move"] in (1, 2) and "error" in lines[1]
