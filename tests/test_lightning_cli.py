"""Lightning's commands: tournament (seeded, JSON), engine protocol, errors, no pygame import."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import main
from games.lightning.rules import from_text, new_game

ROOT = Path(__file__).resolve().parent.parent


def run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict:
    assert main.main(argv) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    return json.loads(out[0])


def test_tournament_is_reproducible_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "tournament",
        "lightning",
        "--a",
        "builder",
        "--b",
        "random",
        "--games",
        "2",
        "--seed",
        "5",
        "--json",
    ]
    first = run_json(capsys, argv)
    second = run_json(capsys, argv)
    for volatile in ("slowest_move_s", "mean_move_s"):
        first.pop(volatile), second.pop(volatile)
    assert first == second
    assert first["wins_a"] + first["wins_b"] + first["draws"] == 2
    assert first["wins_a"] == 2  # the builder always beats random play


def test_tournament_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["tournament", "lightning", "--a", "random", "--b", "random", "--games", "1"]) == 0
    assert "random (a) vs random (b)" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["tournament", "lightning", "--a", "genius", "--b", "random"],
        ["tournament", "lightning", "--a", "random", "--b", "random", "--games", "0"],
        ["engine", "lightning", "--level", "nobody"],
    ],
)
def test_bad_values_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main.main(argv)
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


def engine(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: list[str]
) -> list[dict]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main.main(["engine", "lightning", "--level", "strong"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.strip().splitlines()]


def test_engine_answers_moves_and_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = new_game(random.Random(1), first=1)
    text = state.to_text()
    replies = engine(
        capsys,
        monkeypatch,
        [
            json.dumps({"state": text}),
            json.dumps({"state": text, "hand": "I"}),
            "not json",
            json.dumps({"state": "player=9"}),
            json.dumps({"state": text, "hand": "Q"}),
            json.dumps([1, 2]),
        ],
    )
    assert replies[0] == {"move": "pool", "player": 1}
    placed = replies[1]["move"]
    # The answer is a legal move of the position with the I in hand, on the start row.
    with_hand = state.with_draw("I")
    move = with_hand.parse_move(placed)
    assert move in with_hand.legal_moves() and placed.startswith("33,")
    assert all("error" in r for r in replies[2:])
    assert "not JSON" in replies[2]["error"]


def test_engine_state_with_hand_in_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = from_text(new_game(random.Random(2), first=2).to_text()).with_draw("Z")
    replies = engine(capsys, monkeypatch, [json.dumps({"state": state.to_text()})])
    move = state.parse_move(replies[0]["move"])
    assert move in state.legal_moves() and replies[0]["player"] == 2


def test_compute_commands_do_not_import_pygame() -> None:
    code = (
        "import sys, main\n"
        "main.main(['tournament', 'lightning', '--a', 'random', '--b', 'builder', '--games', '1',"
        " '--json'])\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
        "import games.lightning.rules, games.lightning.ai\n"
        "assert 'pygame' not in sys.modules\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr


def test_play_runs_headless_and_reports_json(tmp_path: Path) -> None:
    shot = tmp_path / "lightning.png"
    result = subprocess.run(
        [sys.executable, "main.py", "play", "lightning", "--frames", "90", "--seed", "4", "--json",
         "--screenshot", str(shot)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["scene"] == "lightning" and summary["frames"] == 90 and summary["pool"] <= 150
    assert shot.exists() and shot.stat().st_size > 10_000
