"""An operator's command on a configured stand is not a visitors' session (issue 40, item 2).

``config --example`` writes ``kiosk = true``: that makes the kiosk's own start (``python main.py``,
and the service's ``main.py --kiosk``) a kiosk, and nothing else. ``play``, ``science``,
``calibrate``, ``demo`` and ``rules`` open a window of their own: they never set the visitors'
save aside, never write the day's record, and Alt+F4 closes them, unless ``--kiosk`` asks.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import main
from games.cliutil import move_leading_options
from kiosk.cli import app_options
from kiosk.config import example

ROOT = Path(__file__).resolve().parent.parent


def stand(tmp_path: Path) -> Path:
    """A stand configured by the guide: ``config --example``'s file (kiosk = true)."""
    path = tmp_path / "kiosk.toml"
    path.write_text(example("493027"), encoding="utf-8")
    return path


def kiosk_for(argv: list[str]) -> bool:
    parser = main.build_parser()
    args = parser.parse_args(move_leading_options(parser, argv))
    return app_options(args).kiosk


@pytest.mark.parametrize(("argv", "kiosk"), [
    ([], True),  # the kiosk's own start on a configured stand
    (["--kiosk"], True),  # what deploy/jeux-maths.service runs
    (["play", "lewthwaite"], False),
    (["play", "lightning"], False),
    (["science", "lewthwaite"], False),
    (["calibrate", "--camera", "synthetic"], False),
    (["demo"], False),
    (["rules", "awele"], False),
    (["play", "awele", "--kiosk"], True),  # asked for
    (["demo", "--kiosk"], True),
])
def test_only_the_kiosk_start_is_a_kiosk(tmp_path: Path, argv: list[str], kiosk: bool) -> None:
    config = stand(tmp_path)
    assert kiosk_for([*argv, "--config", str(config)]) is kiosk


def test_the_service_and_the_autostart_start_the_kiosk(tmp_path: Path) -> None:
    (tmp_path / "kiosk.toml").write_text('pin = "493027"\n', encoding="utf-8")  # no "kiosk = true"
    service = (ROOT / "deploy" / "jeux-maths.service").read_text(encoding="utf-8")
    start = next(line for line in service.splitlines() if line.startswith("ExecStart="))
    argv = start.split("main.py", 1)[1].split()
    assert kiosk_for([*argv, "--config", str(tmp_path / "kiosk.toml")]) is True
    autostart = (ROOT / "deploy" / "jeux-maths-autostart.desktop").read_text(encoding="utf-8")
    assert "systemctl --user start jeux-maths.service" in autostart


def test_play_on_a_configured_stand_leaves_the_visitors_save_and_the_day_alone(tmp_path: Path) -> None:
    """The guide's ``play lewthwaite`` on a stand whose visitors left a game saved: the save is
    where it was, byte for byte, nothing is set aside, the day's record has no line."""
    config = stand(tmp_path)
    state = tmp_path / "state"
    save = state / "jeux-maths" / "save" / "match.json"
    save.parent.mkdir(parents=True)
    text = json.dumps({"game": "lewthwaite", "text": "saved by the visitors"})
    save.write_text(text, encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_STATE_HOME": str(state),
           "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "main.py", "play", "lewthwaite", "--config", str(config), "--frames", "3",
                          "--red", "perfect", "--blue", "perfect"],
                         cwd=ROOT, capture_output=True, text=True, env=env, timeout=180)
    assert out.returncode == 0, out.stderr
    assert save.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in save.parent.iterdir()) == ["match.json"]
    assert not (state / "jeux-maths" / "days").exists()
