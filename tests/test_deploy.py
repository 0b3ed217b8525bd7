"""deploy/: the systemd user unit and the XDG autostart entry, installed for a pretend user."""

from __future__ import annotations

import configparser
import os
import shutil
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


def _project(tmp_path: Path, *, built: bool) -> Path:
    """A pretend checkout holding this project's deploy/ folder, with a ``.venv`` of its own when
    ``built`` (whatever built this checkout, or did not: the test does not depend on it)."""
    project = tmp_path / "project"
    shutil.copytree(DEPLOY, project / "deploy")
    if built:
        python = project / ".venv" / "bin" / "python"
        python.parent.mkdir(parents=True)
        python.write_text("#!/bin/sh\nexit 0\n")
        python.chmod(0o755)
    return project


def _pretend_user(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """A ``systemctl`` that only notes its arguments, and a config folder of its own."""
    stub = tmp_path / "bin"
    stub.mkdir()
    calls = tmp_path / "calls"
    (stub / "systemctl").write_text(f'#!/bin/sh\necho "$@" >> {calls}\n')
    (stub / "systemctl").chmod(0o755)
    env = {**os.environ, "PATH": f"{stub}:{os.environ['PATH']}", "XDG_CONFIG_HOME": str(tmp_path / "config")}
    return env, calls


def test_install_puts_both_files_in_place_for_this_project(tmp_path):
    project = _project(tmp_path, built=True)
    env, calls = _pretend_user(tmp_path)
    install = project / "deploy" / "install.sh"
    out = subprocess.run(["sh", str(install)], env=env, capture_output=True, text=True, check=True)
    unit = (tmp_path / "config" / "systemd" / "user" / "jeux-maths.service").read_text()
    assert "@ROOT@" not in unit and f"WorkingDirectory={project}" in unit
    assert f"ExecStart={project}/.venv/bin/python main.py --kiosk" in unit
    assert (tmp_path / "config" / "autostart" / "jeux-maths.desktop").exists()
    assert "enable jeux-maths.service" in calls.read_text() and "doctor" in out.stdout
    subprocess.run(["sh", str(install), "--remove"], env=env, check=True, capture_output=True)
    assert not (tmp_path / "config" / "systemd" / "user" / "jeux-maths.service").exists()


def test_install_refuses_a_checkout_with_no_venv_and_changes_nothing(tmp_path):
    project = _project(tmp_path, built=False)
    env, calls = _pretend_user(tmp_path)
    out = subprocess.run(["sh", str(project / "deploy" / "install.sh")], env=env, capture_output=True, text=True)
    assert out.returncode == 2 and "make test" in out.stderr and len(out.stderr.splitlines()) == 1
    assert not (tmp_path / "config").exists() and not calls.exists()
