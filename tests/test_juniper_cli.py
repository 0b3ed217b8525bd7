"""Juniper Green commands: solve, tournament, engine; compute-only commands never import pygame."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import main
from games.engine import answer_line, serve
from games.engine_cli import engine_args
from games.juniper.cli import ENGINE, ENGINE_FLAGS
from games.juniper.solver import ARTICLE_FIRST_PLAYER_WINS

ROOT = Path(__file__).resolve().parent.parent


def _json(capsys):
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    return json.loads(out[0])


def test_solve_json(capsys):
    assert main.main(["solve", "juniper", "--max-n", "50", "--json"]) == 0
    winners = _json(capsys)["winners"]
    assert winners["1"] == 2 and winners["2"] == 2 and winners["3"] == 1
    assert {int(n) for n, w in winners.items() if w == 1} == ARTICLE_FIRST_PLAYER_WINS


def test_solve_text_mentions_the_article(capsys):
    assert main.main(["solve", "juniper", "--max-n", "30"]) == 0
    out = capsys.readouterr().out
    assert "player 1 wins (11): 3, 8, 12-14, 16-17, 20, 24, 27, 30" in out
    assert "agrees with the article" in out


def test_solve_position(capsys):
    assert main.main(["solve", "juniper", "--position", "N=20: 14", "--json"]) == 0
    result = _json(capsys)
    assert result["to_move"] == 2 and result["to_move_wins"] and 7 in result["winning_moves"]


@pytest.mark.parametrize("argv", [
    ["solve", "juniper", "--max-n", "0"],
    ["solve", "juniper", "--max-n", "1001"],
    ["solve", "juniper", "--max-n", "many"],
    ["solve", "juniper", "--position", "N=20: 14 3"],
    ["solve", "juniper", "--position", "garbage"],
    ["solve", "juniper", "--position", "N=20: 14 7 1 11"],
    ["tournament", "juniper", "--games", "0"],
    ["tournament", "juniper", "--levels", "grandmaster"],
    ["engine", "juniper", "--level", "grandmaster"],
])
def test_bad_values_exit_2(argv, capsys):
    try:
        code = main.main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1  # as Python exits
    assert code == 2
    assert capsys.readouterr().err


def test_tournament_is_deterministic_with_a_seed(capsys):
    argv = ["tournament", "juniper", "--n", "20", "--games", "12", "--seed", "7",
            "--levels", "random", "expert", "montecarlo", "--playouts", "4", "--json"]
    assert main.main(argv) == 0
    first = _json(capsys)
    assert main.main(argv) == 0
    assert _json(capsys) == first
    rates = first["first_player_win_rate"]
    assert set(rates) == {"random", "expert", "montecarlo"}
    assert rates["expert"]["expert"] == 100.0  # the article's 100%: IA3 against itself
    assert first["random_vs_random_exact"] == pytest.approx(0.5076, abs=1e-4)
    assert first["article"]["expert"]["expert"] == 100.0
    argv[7] = "8"
    assert main.main(argv) == 0
    assert _json(capsys) != first


def test_tournament_text_table(capsys):
    assert main.main(["tournament", "juniper", "--games", "3", "--levels", "random", "perfect"]) == 0
    out = capsys.readouterr().out
    assert "[47.7]" in out and "exact probability" in out and "50.76%" in out


def test_engine_protocol():
    lines = ['{"n": 20, "played": []}', '{"n": 20, "played": [14]}', "not json",
             '{"n": 20, "played": [14, 3]}', '{"n": 20, "played": [14, 7, 1, 11]}',
             "[1, 2]", '{"n": 5000}', '{"n": 20, "played": "14"}', "",
             '{"n": 20, "played": [14, 7]}']
    out = io.StringIO()
    options = engine_args(ENGINE, ENGINE_FLAGS, level="perfect")
    assert serve(ENGINE, options, io.StringIO("\n".join(lines) + "\n"), out) == 0
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(replies) == 9
    assert replies[0]["move"] in (2, 4, 6, 8, 10, 12, 14, 16, 18, 20)
    assert replies[1] == {"move": 7}
    assert all("error" in r for r in replies[2:8])
    assert replies[8] == {"move": 1}


@pytest.mark.parametrize("level", ["random", "human", "semi-expert", "expert", "montecarlo", "perfect"])
def test_engine_levels_return_legal_moves(level):
    options = engine_args(ENGINE, ENGINE_FLAGS, level=level, playouts=3)
    assert options.own.playouts == 3  # the command's --playouts reaches the player's record
    player = ENGINE.player(options)
    reply = answer_line(ENGINE, '{"n": 30, "played": [6]}', player, __import__("random").Random(1), options)
    assert reply["move"] in (1, 2, 3, 12, 18, 24, 30)


def test_engine_subprocess():
    command = [sys.executable, "main.py", "engine", "juniper", "--level", "expert", "--seed", "3"]
    proc = subprocess.run(command,
                          input='{"n": 20, "played": [2, 1]}\n{"n": 20, "played": [3]}\n',
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0
    replies = [json.loads(x) for x in proc.stdout.splitlines()]
    assert replies[0]["move"] in (11, 13, 17, 19)
    assert "error" in replies[1]


@pytest.mark.parametrize("argv", [
    ["solve", "juniper", "--max-n", "20"],
    ["tournament", "juniper", "--games", "1", "--levels", "random"],
])
def test_compute_commands_do_not_import_pygame(argv):
    code = f"import sys, main; main.main({argv!r}); assert 'pygame' not in sys.modules, 'pygame imported'"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_engine_does_not_import_pygame():
    code = ("import io, sys, main; sys.stdin = io.StringIO('{\"n\": 20, \"played\": []}\\n'); "
            "main.main(['engine', 'juniper']); assert 'pygame' not in sys.modules")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
