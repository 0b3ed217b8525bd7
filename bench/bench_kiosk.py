"""The kiosk shell's measurements (``make bench``): frame rates at the screens of a fair.

Every scene draws at the display's native resolution (``kiosk.canvas``), so the frame rate
depends on the resolution: each figure is measured in its own process, headless, with computer
players thinking (synchronously in headless runs: a pessimistic figure). The budget is 60 fps
on a 2-core machine.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.bench

SCENES = ["menu", "lewthwaite", "awele", "juniper", "lightning"]
RESOLUTIONS = [((1920, 1080), 600, 60), ((3840, 2160), 240, None)]


def measure_fps(scene: str, size: tuple[int, int], frames: int) -> float:
    """Frames per second of ``scene`` (the menu, or a game's attract-mode scene) at ``size``."""
    make = (
        "from kiosk.menu import MenuScene as make"
        if scene == "menu"
        else f"from games.{scene}.scene import make_demo_scene as make"
    )
    probe = (
        f"import json; from kiosk.app import App, AppOptions; {make}; "
        f"app = App(AppOptions(frames={frames}, size={size!r}, seed=1, mute=True)); "
        "s = app.run(make(app)); print(json.dumps(s.as_dict()))"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])["fps"]


@pytest.mark.parametrize(("size", "frames", "target"), RESOLUTIONS, ids=["1080p", "2160p"])
@pytest.mark.parametrize("scene", SCENES)
def test_frame_rate_at_native_resolution(report, scene, size, frames, target):
    fps = measure_fps(scene, size, frames)
    label = "menu" if scene == "menu" else f"{scene} demo"
    report(f"{label} fps, {size[0]}x{size[1]}, headless", f"{fps:.0f} fps",
           f"target >= {target}" if target else "(reported)")
    if target:
        assert fps >= target
