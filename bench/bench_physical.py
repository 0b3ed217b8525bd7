"""The physical-board mode's measurements (``make bench``).

* **Latency**, in real time at 30 camera frames a second: from the first camera frame in which
  the hand has left the board to the first screen frame drawn with the move. A scripted visitor
  plays on the table camera (frames composed in the camera's own thread, as a webcam would
  deliver them), the reader runs on its thread, the kiosk draws at 60 Hz.
* **False moves** over whole simulated games with mistakes on cue (illegal moves, the wrong
  colour, knocked and stacked tokens, slow slides, two quick moves, the camera unplugged): every
  accepted move must be one the visitor made, every move made must be accepted, every mistake
  flagged.
* **Frame rate** of the kiosk (headless, flat out) while the camera, the reader and the LED
  system run.

Set ``PHYSICAL_BENCH_GAMES`` to change the number of games per game (default 20).
"""

from __future__ import annotations

import os
import random
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from games.lewthwaite.rules import LewthwaiteParams
from games.lightning.rules import new_game
from games.match import BOARD, Match, Seat, Thinker
from games.sync import Moved
from games.visitor import FAULTS, run_table
from vision.table import CameraOpener, synthetic_feed

pytestmark = pytest.mark.bench
GAMES = int(os.environ.get("PHYSICAL_BENCH_GAMES", "20"))
LEWTHWAITE_FAULTS = ["illegal", "wrong_player", "knock", "stack", "slow", "quick_two", "wrong_computer", "drop",
                     "drop_stale"]
LIGHTNING_FAULTS = ["illegal", "knock", "turn", "quick_two", "wrong_computer", "drop", "drop_stale"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def app_with_camera(camera: Any, frames: int | None, leds: str | None = None) -> Any:
    from kiosk.app import App, AppOptions
    from kiosk.devices import Devices, set_opener

    def opener(options: Any) -> Devices:
        devices = Devices(camera=camera)
        if leds:
            from hardware.system import start_led_system

            system = start_led_system(leds)
            devices.subscribers.append(system)
            devices.closers.append(system.close)
            devices.leds = system
        return devices

    set_opener(opener)
    try:
        return App(AppOptions(frames=frames, seed=3, mute=True))
    finally:
        set_opener(None)


def physical_scene(app: Any, blue: str) -> Any:
    from games.lewthwaite.scene import LewthwaiteScene, new_match
    from kiosk.physical import attach

    scene = LewthwaiteScene(app, new_match(app, LewthwaiteParams(), "human", blue, "snake", physical=True))
    attach(scene)
    return scene


# --- latency -----------------------------------------------------------------------------------


def timed_game(blue: str, seed: int, limit: float) -> list[float]:
    """One game in real time; the latency of each move the visitor made on the table."""
    camera = CameraOpener("synthetic", 30.0, stepped=False, faults={})
    app = app_with_camera(camera, None)
    app.rng.seed(seed)
    scene = physical_scene(app, blue)
    app.start(scene)
    started = next_frame = time.perf_counter()
    step = 1 / 60
    while time.perf_counter() - started < limit and not scene.match.is_over():
        app.tick(step)
        next_frame += step
        time.sleep(max(0.0, next_frame - time.perf_counter()))
    visitor, table = camera.visitor, camera.source
    found = []
    for count, shown_at in scene.physical.shown:
        free = visitor.free_frames.get(count)
        ready = None if free is None else table.ready_at(free)
        if ready is not None:
            found.append(shown_at - ready)
    scene.physical.close()
    app.close()
    return found


@pytest.mark.timeout(1800)
def test_latency_from_the_hand_leaving_to_the_screen(report: Any) -> None:
    latencies: list[float] = []
    seed = 0
    while len(latencies) < 60 and seed < 12:
        latencies += timed_game("human" if seed % 2 == 0 else "random", seed, 60.0)
        seed += 1
    assert len(latencies) >= 20, latencies
    median, p95 = statistics.median(latencies), percentile(latencies, 0.95)
    report("physical: hand gone -> move on screen, median", f"{1000 * median:.0f} ms", "target <= 250 ms")
    report("physical: hand gone -> move on screen, p95", f"{1000 * p95:.0f} ms", "target <= 400 ms")
    report("physical: moves timed (30 camera fps, real time)", f"{len(latencies)}", "")
    assert median <= 0.25 and p95 <= 0.40


# --- false moves -------------------------------------------------------------------------------------


def frames_to_accept(run: Any) -> list[int]:
    """For each move the visitor made on the table, camera frames from the first frame without a
    hand to the frame in which the engine accepted it (game time: the machine's load does not
    change it)."""
    accepted: dict[int, int] = {}
    count = 0
    for event in run.events:
        if isinstance(event, Moved):
            count += 1
            if event.by in ("board", "computer"):
                accepted[count] = event.frame
    return [accepted[n] - free for n, free in run.visitor.free_frames.items() if n in accepted and
            accepted[n] >= free]


def check(run: Any) -> tuple[int, int, int, int]:
    """(false moves, missed moves, wrong actions, wrong actions not flagged) of one game."""
    match, visitor = run.match, run.visitor
    played = [s.move_to_text(m) for s, m in zip(match.history.states, match.moves, strict=False)]
    false = sum(1 for a, b in zip(played, visitor.made, strict=False) if a != b)
    false += max(0, len(played) - len(visitor.made))
    missed = len(visitor.missed) + max(0, len(visitor.made) - len(played))
    unflagged = sum(1 for w in visitor.wrong if not w.flagged)
    return false, missed, len(visitor.wrong), unflagged


def games(game: str) -> list[tuple[Match, dict[int, str], str | None]]:
    found = []
    for k in range(GAMES):
        rng = random.Random(f"{game}-{k}")
        opponent = Seat(BOARD) if k % 2 == 0 else Seat.computer(rng.choice(("random", "greedy", "perfect"))
                                                                 if game == "lewthwaite" else "builder")
        if game == "lewthwaite":
            start: Any = LewthwaiteParams().new_initial_state()
            names = LEWTHWAITE_FAULTS
        else:
            start = new_game(random.Random(k), first=1)
            names = LIGHTNING_FAULTS
        match = Match(game, start, {1: Seat(BOARD), 2: opponent}, seed=k, thinker=Thinker(wait=True))
        turns = rng.sample(range(12), 6)
        faults = {turn: rng.choice(names) for turn in turns}
        found.append((match, faults, None if game == "lewthwaite" else "builder"))
    return found


CAMERA_GAMES = int(os.environ.get("PHYSICAL_BENCH_CAMERA_GAMES", str(GAMES)))


@pytest.mark.timeout(7200)
@pytest.mark.parametrize(("game", "camera"), [("lewthwaite", "synthetic"), ("lightning", "pictures"),
                                              ("lightning", "synthetic")])
def test_no_false_move_over_whole_games(report: Any, game: str, camera: str) -> None:
    totals = [0, 0, 0, 0]
    moves = 0
    waits: list[int] = []
    started = time.perf_counter()
    # Lightning games are long (100 moves and more): PHYSICAL_BENCH_CAMERA_GAMES may ask for fewer.
    chosen = games(game)[: CAMERA_GAMES if (game, camera) == ("lightning", "synthetic") else None]
    for k, (match, faults, level) in enumerate(chosen):
        make_feed = (lambda v, k=k: synthetic_feed(v, 100 + k)) if camera == "synthetic" else None
        run = run_table(match, seed=k, faults=faults, level=level, make_feed=make_feed, camera=camera)
        assert match.is_over(), (game, k)
        for i, value in enumerate(check(run)):
            totals[i] += value
        moves += len(match.moves)
        waits += frames_to_accept(run)
    false, missed, wrong, unflagged = totals
    label = f"physical {game} ({camera}), {len(chosen)} games, {moves} moves"
    report(f"{label}: false moves", f"{false}", "target 0")
    report(f"{label}: real moves missed", f"{missed}", "target 0")
    report(f"{label}: mistakes flagged", f"{wrong - unflagged} / {wrong}", "target all")
    if waits:
        frame = 1000 / 30
        report(f"{label}: hand gone -> accepted, median", f"{frame * statistics.median(waits):.0f} ms",
               "game time, 30 fps")
        report(f"{label}: hand gone -> accepted, p95", f"{frame * percentile(waits, 0.95):.0f} ms", "game time")
    report(f"{label}: seconds", f"{time.perf_counter() - started:.0f} s", "")
    assert false == 0 and missed == 0 and unflagged == 0
    assert set(FAULTS) >= set(LEWTHWAITE_FAULTS) | set(LIGHTNING_FAULTS)


# --- the kiosk's frame rate with everything running ------------------------------------------------


@pytest.mark.timeout(900)
def test_frame_rate_with_camera_reader_and_leds(report: Any, tmp_path: Path) -> None:
    from hardware.emulator import PtyEmulator

    emulator = PtyEmulator(25, link=str(tmp_path / "ttyLEDS"))
    path = emulator.open()
    stop = threading.Event()
    frames_seen = [0]

    def drain() -> None:
        while not stop.is_set():
            frames_seen[0] += len(emulator.poll(0.02))

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    camera = CameraOpener("synthetic", 30.0, stepped=False)
    app = app_with_camera(camera, 1800, leds=path)
    try:
        scene = physical_scene(app, "random")
        stats = app.run(scene)
        reads = scene.physical.session.feed.read_seconds
    finally:
        app.close()
        stop.set()
        reader.join(2)
        emulator.close()
        emulator.remove_link()
    report("physical: kiosk fps with camera, reader, LEDs", f"{stats.fps:.0f} fps", "target >= 60")
    report("physical: kiosk p99 frame time", f"{stats.p99_frame_ms:.1f} ms", "")
    report("physical: reader median ms per frame (its thread)", f"{1000 * statistics.median(reads):.1f} ms", "")
    report("physical: LED frames received", f"{frames_seen[0]}", "")
    # The headless loop runs flat out here (no frame pacing), so it takes the interpreter from the
    # reader's thread far more than a kiosk at 60 Hz does: the reader must keep reading, but its
    # pace under real pacing is what the latency test above measures.
    assert frames_seen[0] > 0 and len(reads) > 30
    assert stats.fps >= 60
