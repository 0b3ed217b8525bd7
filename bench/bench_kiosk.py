"""The kiosk shell's measurements (``make bench``): frame rates at the screens of a fair.

Every scene draws at the display's native resolution (``kiosk.canvas``), so the frame rate
depends on the resolution: each figure is measured in its own process, headless, with computer
players thinking (synchronously in headless runs: a pessimistic figure). The budget is 60 fps
on a 2-core machine.
"""

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.bench

SCENES = ["menu", "lewthwaite", "awele", "juniper", "lightning"]
RESOLUTIONS = [((1920, 1080), 600, 60), ((3840, 2160), 240, None)]


def measure_fps(scene: str, size: tuple[int, int], frames: int) -> tuple[float, float]:
    """Frames per second of ``scene`` (the menu, or a game's attract-mode scene) at ``size``: by
    the wall clock, and by the process's CPU time (what one core gives when other programs share
    the machine: the figure the 60 fps budget is checked on)."""
    make = (
        "from kiosk.menu import MenuScene as make"
        if scene == "menu"
        else f"from games.{scene}.scene import make_demo_scene as make"
    )
    probe = (
        f"import json, time; from kiosk.app import App, AppOptions; {make}; "
        "from games.cli import install_screens; from kiosk.screens import use_catalog; use_catalog(install_screens); "
        f"app = App(AppOptions(frames={frames}, size={size!r}, seed=1, mute=True)); "
        "cpu = time.process_time(); s = app.run(make(app)); cpu = time.process_time() - cpu; "
        "print(json.dumps({**s.as_dict(), 'cpu_fps': s.frames / cpu}))"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return result["fps"], result["cpu_fps"]


@pytest.mark.parametrize(("size", "frames", "target"), RESOLUTIONS, ids=["1080p", "2160p"])
@pytest.mark.parametrize("scene", SCENES)
def test_frame_rate_at_native_resolution(report, scene, size, frames, target):
    fps, cpu_fps = measure_fps(scene, size, frames)
    label = "menu" if scene == "menu" else f"{scene} demo"
    report(f"{label} fps, {size[0]}x{size[1]} (wall / per core)", f"{fps:.0f} / {cpu_fps:.0f} fps",
           f"target >= {target} per core" if target else "(reported)")
    if target:
        assert cpu_fps >= target


def test_start_up_to_the_menus_first_frame(report):
    """From the command to the menu's first frame: the whole ``main.py --frames 1`` run (which
    also closes the window and exits), best of five, by the wall clock and in CPU time (the
    wall clock counts whatever else the machine is doing; the target is checked on CPU time)."""
    walls, cpus = [], []
    for _ in range(5):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([sys.executable, "main.py", "--frames", "1"], cwd=ROOT, check=True, capture_output=True)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    report("start-up to the menu's first frame (best of 5, wall / CPU)",
           f"{min(walls) * 1000:.0f} / {min(cpus) * 1000:.0f} ms", "target <= 2000 ms")
    assert min(cpus) <= 2.0


@pytest.mark.timeout(6 * 3600)
def test_soak_an_accelerated_day_at_the_fair(report):
    """48 new visits (one family every 10 minutes for 8 hours) at 1920x1080, in a process of their
    own (``bench/accelerated_day.py``: the kiosk and its scripted visitors, not pytest), each with
    a seed of its own and taking turns at every screen. The first hour is the warm-up; from the
    first hour to the eighth, memory (the kiosk's and its workers') must stay within 20 MB, under
    350 MB (whole physical games on the real board included), and threads and open files must not
    grow. ``ACCELERATED_DAY_SEED`` (2026) seeds the day; ``ACCELERATED_DAY_OUT`` (out/soak) gets
    its JSON (``accelerated_day.json``, replaced at each run: the bench's own results)."""
    from bench import accelerated_day

    seed = int(os.environ.get("ACCELERATED_DAY_SEED", "2026"))
    out = Path(os.environ.get("ACCELERATED_DAY_OUT", str(ROOT / "out" / "soak")))
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "accelerated_day.py"), "--seed", str(seed),
                           "--out", str(out), "--force"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert (out / "accelerated_day.json").exists(), done.stderr[-3000:]
    day = json.loads((out / "accelerated_day.json").read_text())
    report("soak: visits / games opened / inputs", f"{day['visits']} / {day['games_opened']} / {day['inputs']}")
    report("soak: visits by kind", ", ".join(f"{k} {n}" for k, n in sorted(day["kinds"].items())))
    report("soak: 'Encore là ?' / attract periods", f"{day['prompts']} / {day['attract_periods']}")
    report("soak: game time simulated / wall time", f"{day['simulated_hours']:.2f} h / {day['wall_minutes']:.1f} min")
    report("soak: memory (kiosk + workers) after warm-up, max (physical games included)",
           f"{day['max_after_warmup_mb']:.0f} MB (between visits {day['max_between_visits_mb']:.0f} MB)",
           "target <= 350 MB")
    report("soak: memory hour 1 -> hour 8 (median of 3 visits)", f"{day['hour1_mb']} -> {day['hour8_mb']} MB",
           "target growth <= 20 MB")
    report("soak: outside the caches, growth after warm-up", f"{day['uncached_growth_mb']} MB")
    report("soak: threads, open files (warm-up -> end)",
           f"{day['baseline']['threads']}->{day['end']['threads']}, {day['baseline']['fds']}->{day['end']['fds']}",
           "target: no growth")
    report("soak: errors logged", str(len(day["errors"])), "target 0")
    report("soak: whole physical games (game moves result: MB at the end)",
           ", ".join(f"{g['game']} {g['moves']} {g['result']}: {g['peak_mb']}" for g in day["physical_games"]),
           "at least one")
    problems = accelerated_day.verdict(day)
    assert not problems and done.returncode == 0, (problems, done.stdout[-2000:], done.stderr[-2000:])


@pytest.mark.timeout(3 * 3600)
def test_soak_in_real_time_in_a_real_window(report, tmp_path):
    """The kiosk in an X window (Xvfb, installed here with apt-get if missing; skipped where it
    cannot be), camera and LEDs on, a scripted crowd for REALTIME_SOAK_MINUTES (60) minutes:
    see bench/realtime_soak.py. Its JSON and PNG go to out/soak/."""
    from bench import realtime_soak

    minutes = float(os.environ.get("REALTIME_SOAK_MINUTES", "60"))
    try:
        result = realtime_soak.run(minutes, ROOT / "out" / "soak")
    except realtime_soak.Skip as exc:
        pytest.skip(f"real-time soak: {exc}")
    verdict = result["verdict"]
    report("real-time soak: minutes / taps / keys / operator visits",
           f"{minutes:.0f} / {result['taps']} / {result['keys']} / {result['operator_visits']}")
    report("real-time soak: memory (kiosk + workers) after warm-up, max",
           f"{verdict['max_total_mb_after_warmup']} MB", "target <= 350 MB")
    report("real-time soak: growth over the last half", f"{verdict['growth_last_half_mb']} MB", "target <= 10 MB")
    report("real-time soak: threads, open files, children (max)",
           f"{verdict['threads_last_max']}, {verdict['fds_last_max']}, {verdict['children_max']}", "no growth")
    report("real-time soak: errors logged", str(len(result["errors"])), "target 0")
    assert verdict["ok"], verdict["problems"]
