"""Frame times while a scripted visitor plays every game (issue 14's target), and what a
computer player thinking beside the frame loop costs it.

``make bench`` or ``python -m pytest -m bench bench/bench_frames.py -s``.

* **The visits.** For each game on the match layer, a visitor (``tests/visitor.py``) plays from
  the menu at 1920x1080 in real time (frames paced at 60 fps, computer players thinking with
  their real budgets, nobody waiting for them): against the strongest computer, then hot-seat;
  hint, views, undo, every rules page, the end card folded, a new game. Targets (issue 43: a
  Raspberry Pi-class core, about four times slower, keeps 60 fps): the frame thread's own CPU
  time (``time.thread_time``, which other processes change least) p99 <= 4 ms and no frame over
  8 ms, and every frame of a screen at rest (the menu, a card or a game waiting for a tap,
  half a second after the last tap) within 1 ms. Each game prints its frames by screen and
  action (CPU median, p99, worst, and which target each row misses), the wall-clock figures,
  and the slowest frames. The wall-clock target (p99 20 ms, worst 50 ms: what a person sees
  here) is asserted only on a quiet machine (load average below the number of cores); the CPU
  targets always.
  Each game is visited twice: with the kiosk's devices on (the synthetic camera, the LED
  board on ``main.py led-emulator``'s pty in a process of its own: the stand issue 43 names)
  and with the screen alone, so the pair says what the devices add to the frame thread.
* **On a slow machine.** ``python bench/fps.py GAME`` plays the same visit and
  prints the real frame rate of each screen; run it under ``bench/throttle.py`` (a quarter of a
  CPU) to see what a Pi-class machine shows (bench/README.md).
* **The thinker's cost.** Lightning's screen drawn while a computer player searches with all its
  budget (Awélé's strong player) on a thread (switch interval 5 ms, 1 ms, or 50 ms to magnify each hand-over of the
  interpreter lock) or in a worker process, frames alternating in blocks with a quiet thinker
  so that a loaded machine weighs on both alike: the frame's wall time against its own CPU
  time.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from functools import partial

import pytest

from tests.shell_visitor import visit_shell
from tests.visitor import (
    COMPUTER,
    FRIEND,
    Row,
    Visit,
    breakdown,
    game_scene_games,
    is_idle,
    make_app,
    percentile,
    visit,
)

pytestmark = pytest.mark.bench

SIZE = (1920, 1080)
#: The frame thread's CPU per frame (issue 43), and a screen at rest's.
P99_MS, WORST_MS, IDLE_MS = 4.0, 8.0, 1.0
#: What a person sees here (wall clock, asserted on a quiet machine only).
WALL_P99_MS, WALL_WORST_MS = 20.0, 50.0


def quiet() -> bool:
    """True when the machine is not shared: the wall-clock target means something."""
    return os.getloadavg()[0] < (os.cpu_count() or 1)


def report_visit(report, result: Visit) -> None:
    game = result.game
    report(f"{game}: frames, moves, end cards, rules pages", f"{len(result.frames)}, {result.moves}, {result.ends}, "
           f"{result.rules_pages}", f"{result.seconds:.0f} s")
    report(f"{game}: frame time p99 / worst (wall)", f"{result.p99():.1f} / {result.worst():.1f} ms",
           f"target <= {WALL_P99_MS:.0f} / {WALL_WORST_MS:.0f} ms (quiet machine)")
    report(f"{game}: frame thread CPU p99 / worst", f"{result.p99('cpu'):.1f} / {result.worst('cpu'):.1f} ms",
           f"target <= {P99_MS:.0f} / {WORST_MS:.0f} ms")
    report(f"{game}: frame thread CPU at rest, p99 / worst", f"{idle_p99(result):.2f} / {idle_worst(result):.2f} ms",
           f"target <= {IDLE_MS:.0f} ms")
    print(f"\n  {game}, frame thread CPU by screen and action (ms):")
    print(f"    {'screen':<46} {'action':<30} {'frames':>6} {'median':>6} {'p99':>6} {'worst':>6}  misses")
    for row in breakdown(result.frames):
        print(f"    {row.screen[:46]:<46} {row.action[:30]:<30} {row.frames:>6} {row.median:>6.2f} {row.p99:>6.2f} "
              f"{row.worst:>6.2f}  {', '.join(misses(row)) or 'ok'}")
    print(f"\n  {game}, slowest frames (wall):")
    for frame in result.slowest(4):
        print("    " + frame.describe())
    print(f"  {game}, slowest frames (frame thread CPU):")
    for frame in result.slowest(4, "cpu"):
        print("    " + frame.describe())
    thinking = [f.wall for f in result.frames if f.thinking]
    others = [f.wall for f in result.frames if not f.thinking]
    print(f"  {game}: frame wall time median / p99 / worst while a computer or a hint thought "
          f"({len(thinking)} frames) {ms_figures(thinking)}; otherwise {ms_figures(others)}")
    collections = [f.gc_other for f in result.frames if f.gc_other]
    mine = [f.gc for f in result.frames if f.gc]
    print(f"  {game}: garbage collections on the frame thread: {len(mine)} frames, longest "
          f"{1000 * max(mine, default=0):.1f} ms CPU; on other threads during a frame (the frame loop stops): "
          f"{len(collections)} frames, longest {1000 * max(collections, default=0):.1f} ms CPU")


def idle_times(result: Visit) -> list[float]:
    """The CPU times (ms) of the frames of screens at rest."""
    return [1000 * f.cpu for f in result.frames if is_idle(f)]


def idle_p99(result: Visit) -> float:
    """The p99 of the frames at rest (ms)."""
    return percentile(idle_times(result), 0.99)


def idle_worst(result: Visit) -> float:
    """The slowest frame at rest (ms)."""
    return max(idle_times(result), default=0.0)


def misses(row: Row) -> list[str]:
    """The targets a screen and action's frames miss."""
    missed = []
    if row.action == "at rest" and row.p99 > IDLE_MS:
        missed.append(f"at rest > {IDLE_MS:.0f} ms")
    if row.p99 > P99_MS:
        missed.append(f"p99 > {P99_MS:.0f} ms")
    if row.worst > WORST_MS:
        missed.append(f"worst > {WORST_MS:.0f} ms")
    return missed


def ms_figures(values: list[float]) -> str:
    if not values:
        return "-"
    return (f"{1000 * statistics.median(values):.1f} / {1000 * percentile(values, 0.99):.1f} / "
            f"{1000 * max(values):.1f} ms")


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("devices", [True, False], ids=["devices", "screen-only"])
@pytest.mark.parametrize("game", game_scene_games())
def test_a_visitor_plays_at_60_fps(report, game: str, devices: bool) -> None:
    """Issue 43's targets hold with the camera and the LED board on (the synthetic camera, the
    LED board on ``led-emulator``'s pty); the same visit without them says what they add."""
    result = visit(game, (COMPUTER, FRIEND), size=SIZE, realtime=True, devices=devices)
    if devices:
        report(f"{game}: LED frames sent to the emulated board", f"{result.led_frames}", "camera: synthetic")
    report_visit(report, result)
    assert result.ends >= 2 and result.rules_pages and result.moves
    failed = [f"{row.screen} / {row.action}: {', '.join(misses(row))}"
              for row in breakdown(result.frames) if misses(row)]
    assert result.p99("cpu") <= P99_MS and result.worst("cpu") <= WORST_MS and idle_p99(result) <= IDLE_MS, (
        f"{game}: CPU p99 {result.p99('cpu'):.1f} ms, worst {result.worst('cpu'):.1f} ms, at rest p99 "
        f"{idle_p99(result):.2f} ms; " + "; ".join(failed))
    if quiet():
        assert result.p99() <= WALL_P99_MS and result.worst() <= WALL_WORST_MS
    else:
        print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: the wall-clock target is "
              "reported, not asserted; run again on a quiet machine)")


@pytest.mark.timeout(1800)
def test_the_shell_at_60_fps(report) -> None:
    """The menu at rest, every science corner's tabs, attract mode and the settings
    (``tests/shell_visitor.py``), in real time, against the same CPU targets (rows per tab)."""
    result = visit_shell(size=SIZE, realtime=True)
    for frame in result.frames:  # a row per science tab and screen: the visitor's action names it
        object.__setattr__(frame, "where", frame.action or frame.where)
    report_visit(report, result)
    failed = [f"{row.screen} / {row.action}: {', '.join(misses(row))}"
              for row in breakdown(result.frames) if misses(row)]
    assert result.p99("cpu") <= P99_MS and result.worst("cpu") <= WORST_MS and idle_p99(result) <= IDLE_MS, (
        f"shell: CPU p99 {result.p99('cpu'):.1f} ms, worst {result.worst('cpu'):.1f} ms, at rest p99 "
        f"{idle_p99(result):.2f} ms; " + "; ".join(failed))


# --- what a thinking computer costs the frame thread --------------------------------------------


def frames_beside_a_thinker(processes: bool, switch: float | None, frames: int = 1200,
                            block: int = 40) -> dict[str, float]:
    """Lightning's board at 1080p, drawn ``frames`` times back to back; in every other block of
    ``block`` frames a computer player searches with all its budget (Awélé's strong player, one
    second a search, one search after the other: the most CPU-hungry player there is) on a
    thread (``processes=False``) or in a worker process (``True``). Returns, in milliseconds,
    the frames' wall time and the frame thread's own CPU time (median and p99) with the thinker
    busy and quiet, and how many searches finished."""
    from games.awele.ai import make_player
    from games.awele.rules import new_game
    from games.lightning.scene import LightningScene, new_match
    from games.match import Thinker, choose_move

    previous = sys.getswitchinterval()
    if switch is not None:
        sys.setswitchinterval(switch)
    app = make_app(SIZE)
    try:
        match = new_match(app, "human", "human")
        app.start(LightningScene(app, match))
        for _ in range(30):
            app.tick()
        thinker = Thinker(processes=processes)
        thinker.prepare("games.awele.ai")
        state = new_game(12, 4)
        searches = 0
        samples: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        for frame in range(frames):
            busy = (frame // block) % 2 == 1
            key = ("move", searches)
            if busy and not thinker.running(key):
                work = partial(choose_move, make_player, "strong", state, random.Random(searches), 1.0)
                thinker.start(key, work, portable=True)
            if thinker.poll(key)[0]:
                searches += 1
            wall, cpu = time.perf_counter(), time.thread_time()
            app.tick()
            cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
            if frame % block >= 4:  # a block's first frames may still see the other regime
                samples[busy].append((wall, cpu))
        thinker.forget()
    finally:
        app.close()
        sys.setswitchinterval(previous)
    out: dict[str, float] = {"searches": searches}
    for busy, rows in samples.items():
        tag = "busy" if busy else "quiet"
        for k, name in enumerate(("wall", "cpu")):
            values = [row[k] for row in rows]
            out[f"{tag}_{name}_median"] = 1000 * statistics.median(values)
            out[f"{tag}_{name}_p99"] = 1000 * percentile(values, 0.99)
    return out


THINKERS = [
    ("thread, switch interval 5 ms (Python's default)", False, 0.005),
    ("thread, switch interval 1 ms", False, 0.001),
    ("thread, switch interval 50 ms (magnifies each hand-over)", False, 0.05),
    ("worker process", True, None),
]


@pytest.mark.timeout(1200)
@pytest.mark.parametrize(("label", "processes", "switch"), THINKERS, ids=["thread-5ms", "thread-1ms",
                                                                          "thread-50ms", "process"])
def test_what_a_thinking_computer_costs_the_frame_thread(report, label: str, processes: bool,
                                                         switch: float | None) -> None:
    f = frames_beside_a_thinker(processes, switch)
    report(f"thinker: {label}: frame wall median, busy / quiet", f"{f['busy_wall_median']:.1f} / "
           f"{f['quiet_wall_median']:.1f} ms", f"p99 {f['busy_wall_p99']:.1f} / {f['quiet_wall_p99']:.1f} ms")
    report("  the same, frame thread CPU median", f"{f['busy_cpu_median']:.1f} / {f['quiet_cpu_median']:.1f} ms",
           f"p99 {f['busy_cpu_p99']:.1f} / {f['quiet_cpu_p99']:.1f} ms; {f['searches']:.0f} searches")
    assert f["searches"] >= 2

