"""deploy/: the systemd user unit and the XDG autostart entry, installed for a pretend user."""

from __future__ import annotations

import configparser
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


def read_ini(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path, encoding="utf-8")
    return parser


def test_the_unit_restarts_the_kiosk_on_failure_but_not_after_the_operator_quits():
    unit = read_ini(DEPLOY / "jeux-maths.service")
    service = unit["Service"]
    assert service["Restart"] == "on-failure"  # "Quitter le kiosque" exits 0: no restart
    assert service["ExecStart"].endswith("main.py --kiosk")
    assert unit["Install"]["WantedBy"] == "graphical-session.target"


def test_the_autostart_entry_starts_the_unit_with_the_session_display():
    entry = read_ini(DEPLOY / "jeux-maths-autostart.desktop")["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert "import-environment DISPLAY WAYLAND_DISPLAY" in entry["Exec"]
    assert "start jeux-maths.service" in entry["Exec"]


def test_install_puts_both_files_in_place_for_this_project(tmp_path):
    stub = tmp_path / "bin"
    stub.mkdir()
    calls = tmp_path / "calls"
    (stub / "systemctl").write_text(f'#!/bin/sh\necho "$@" >> {calls}\n')
    (stub / "systemctl").chmod(0o755)
    venv_python = ROOT / ".venv" / "bin" / "python"
    assert venv_python.exists()  # make test builds it
    env = {**os.environ, "PATH": f"{stub}:{os.environ['PATH']}", "XDG_CONFIG_HOME": str(tmp_path / "config")}
    out = subprocess.run(["sh", str(DEPLOY / "install.sh")], env=env, capture_output=True, text=True, check=True)
    unit = (tmp_path / "config" / "systemd" / "user" / "jeux-maths.service").read_text()
    assert "@ROOT@" not in unit and f"WorkingDirectory={ROOT}" in unit
    assert f"ExecStart={ROOT}/.venv/bin/python main.py --kiosk" in unit
    assert (tmp_path / "config" / "autostart" / "jeux-maths.desktop").exists()
    assert "enable jeux-maths.service" in calls.read_text() and "doctor" in out.stdout
    subprocess.run(["sh", str(DEPLOY / "install.sh"), "--remove"], env=env, check=True, capture_output=True)
    assert not (tmp_path / "config" / "systemd" / "user" / "jeux-maths.service").exists()
