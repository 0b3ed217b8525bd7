"""A rehearsal stand wired to the project's own LED emulator reads "ready" on its LED line
(issue 40, item 5): the emulator's firmware models say back what real firmware says (the
Adalight sketch's greeting, WLED's answers), which is what ``doctor`` and ``led-detect`` listen for.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.detect import detect
from hardware.emulator import PtyEmulator
from hardware.receivers import make_receiver
from kiosk import doctor
from kiosk.config import KioskConfig, LedSettings

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def emulator(request: pytest.FixtureRequest) -> Iterator[PtyEmulator]:
    kind = getattr(request, "param", "ideal")
    device = PtyEmulator(25, receiver=make_receiver(kind, 25, None if kind == "ideal" else 115200))
    device.open()
    device.start_reader()
    yield device
    device.close()


@pytest.mark.parametrize(("emulator", "kind"), [("ideal", "adalight"), ("adalight", "adalight"), ("wled", "wled")],
                         indirect=["emulator"])
def test_doctor_finds_the_emulator_as_it_finds_a_board(emulator: PtyEmulator, kind: str) -> None:
    config = KioskConfig(leds=LedSettings(port=emulator.path))
    check = doctor.check_leds(config, detect)
    assert check.status == doctor.OK, check.detail
    assert check.data["kind"] == kind and emulator.said > 0


def test_doctor_on_a_rehearsal_stand_reads_ready_on_its_leds(emulator: PtyEmulator, tmp_path: Path) -> None:
    """The whole command, as the guide runs it: every line but the machine's own (a headless test
    has no screen and no sound card) is ready, the LED board's included."""
    config = tmp_path / "kiosk.toml"
    config.write_text(f'kiosk = true\npin = "493027"\n[leds]\nport = "{emulator.path}"\n', encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path),
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "main.py", "doctor", "--json", "--config", str(config)], cwd=ROOT,
                         capture_output=True, text=True, env=env, timeout=120)
    checks = {check["name"]: check for check in json.loads(out.stdout)["checks"]}
    assert checks["leds"]["status"] == "ok", checks["leds"]
    problems = {name for name, check in checks.items() if check["status"] == "fail"}
    assert problems <= {"display"}, problems  # the dummy video driver's, not the stand's
