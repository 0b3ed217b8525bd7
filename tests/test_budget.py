"""Caches with budgets in bytes (games/budget.py): eviction by size, a screen's caches given back
when it is left, surfaces measured with their copy at the screen's scale, the memory report."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pygame
import pytest

from games import budget
from games.budget import MB, ByteCache, budgeted
from kiosk import canvas
from kiosk.scene import Scene
from kiosk.stack import SceneStack
from tests.waiting import until


def test_entries_are_evicted_by_size_least_recently_used_first() -> None:
    cache = ByteCache("test.sizes", 10 * MB)
    for key in "abcd":
        cache.put(key, np.zeros(3 * MB, np.uint8))  # 3 MB each: the fourth pushes the first out
    assert "a" not in cache and len(cache) == 3 and cache.nbytes <= cache.budget
    cache.get("b")  # used: "c" is now the oldest
    cache.put("e", np.zeros(3 * MB, np.uint8))
    assert "b" in cache and "c" not in cache and cache.evictions == 2


def test_a_value_larger_than_the_budget_is_kept_alone() -> None:
    cache = ByteCache("test.huge", MB)
    cache.put("small", b"x" * 1000)
    cache.put("huge", np.zeros(2 * MB, np.uint8))
    assert list(cache._entries) == ["huge"]


def test_a_budgeted_function_computes_once_and_can_be_cleared() -> None:
    calls = []

    @budgeted(MB, name="test.function")
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert square(3) == 9 and square(3) == 9 and calls == [3]
    square.cache_clear()
    assert square(3) == 9 and calls == [3, 3]
    assert any(c.name == "test.function" for c in budget.caches())


def test_the_stack_gives_back_a_games_caches_when_its_last_screen_leaves() -> None:
    pygame.display.init()
    cache = ByteCache("test.scoped", MB, scope="testgame")
    cache.put("layer", b"x" * 1000)
    game = type("GameScreen", (Scene,), {"__module__": "games.testgame.scene"})(app=None)
    menu = Scene(app=None)  # type: ignore[arg-type]
    stack = SceneStack()
    stack.push(menu)
    stack.push(game)
    stack.apply_pending()
    assert game.memory_scope == "testgame" and len(cache) == 1
    stack.push(Scene(app=None))  # type: ignore[arg-type]  # an overlay: the game is still there
    stack.apply_pending()
    assert len(cache) == 1
    stack.reset(menu)
    stack.apply_pending()
    assert len(cache) == 0


@pytest.mark.parametrize(("scale", "expected"), [(1.0, 1), (1.5, 1 + 1.5**2)])
def test_a_logical_surface_counts_its_copy_at_the_screens_scale(scale: float, expected: float) -> None:
    canvas.set_display_scale(scale)
    try:
        image = pygame.Surface((100, 50), pygame.SRCALPHA)
        assert budget.sizeof(image) == pytest.approx(100 * 50 * 4 * expected, rel=0.02)
    finally:
        canvas.set_display_scale(1.0)


def test_the_report_has_the_process_its_workers_and_every_cache() -> None:
    kept = ByteCache("test.reported", 2 * MB)
    kept.put("k", b"x" * 100)
    report = budget.report()
    assert report["rss_mb"] > 10 and report["total_rss_mb"] >= report["rss_mb"]
    reported = next(c for c in report["caches"] if c["name"] == "test.reported")
    assert reported["budget"] == 2 * MB and 100 <= reported["bytes"] < 1000


def test_the_report_counts_pythons_blocks_kept() -> None:
    # Python keeps up to 100 freed floats for the next ones: taken first, so that each float
    # below is a new block whatever earlier tests freed.
    spare = [float(i) + 0.25 for i in range(200)]
    gc.collect()  # and nothing that earlier tests left (a screen left at an app's last frame)
    budget.report()  # is freed meanwhile, by the collector or by a first report
    before = budget.report()["python_blocks"]
    kept = [float(i) + 0.5 for i in range(20_000)]  # 20,000 floats: a block each
    after = budget.report()["python_blocks"]
    # A few of them may still come from blocks freed meanwhile (the report's own temporaries).
    assert 19_900 <= after - before < 30_000
    assert len(kept) == 20_000 and len(spare) == 200


@pytest.mark.skipif(budget.heap() is None, reason="glibc 2.33's mallinfo2 is not here")
def test_the_report_tells_mallocs_blocks_held_from_freed() -> None:
    import ctypes

    gc.collect()  # earlier tests' garbage (a screen left at an app's last frame) is not freed meanwhile
    before = budget.report()["heap_mb"]
    held = [ctypes.create_string_buffer(4000) for _ in range(2_500)]  # 10 MB in small blocks
    during = budget.report()["heap_mb"]
    assert 9 <= during["in_use"] - before["in_use"] < 12
    del held
    after = budget.report()["heap_mb"]
    assert after["in_use"] - before["in_use"] < 1


#: Run in a fresh interpreter: in the test process, the free space earlier tests left in Python's
#: arenas would take some of the new objects, and the arenas would grow by less (9 MB for 10 once).
_ARENAS = """
from games import budget

before = budget.report()["pymalloc_mb"]
objects = [(i, i + 1) for i in range(200_000)]  # about 13 MB of small objects
during = budget.report()["pymalloc_mb"]
assert during["in_use"] - before["in_use"] >= 10 and during["arenas"] - before["arenas"] >= 10, (before, during)
kept = objects[::40]  # one in forty stays: every pool keeps a few, so no arena can go
del objects
after = budget.report()["pymalloc_mb"]
assert after["in_use"] - before["in_use"] < 2, (before, after)  # the objects went...
assert after["arenas"] - before["arenas"] >= 0.8 * (during["arenas"] - before["arenas"]), (before, during, after)
assert after["highwater"] >= during["arenas"], (during, after)  # ...their arenas stay
del kept
gone = budget.report()["pymalloc_mb"]
assert gone["arenas"] - before["arenas"] < 4, (before, gone)  # and go once empty
"""


@pytest.mark.skipif(budget.pymalloc() is None, reason="CPython's allocator statistics cannot be read here")
def test_the_report_tells_pythons_arenas_from_the_objects_in_them() -> None:
    done = subprocess.run([sys.executable, "-c", _ARENAS], cwd=Path(__file__).resolve().parent.parent,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_snapshot_is_read_back_only_while_its_process_runs(tmp_path) -> None:
    path = tmp_path / "memory.json"
    budget.write_snapshot(path)
    snapshot = budget.read_snapshot(path)
    assert snapshot is not None and snapshot["rss_mb"] > 0
    path.write_text('{"pid": 999999999, "rss_mb": 1}')
    assert budget.read_snapshot(path) is None


def _day(kiosk: list[float], workers: list[dict[str, float]],
         files: list[int] | None = None) -> list[dict[str, object]]:
    """Real-time soak samples, one every 30 s: the kiosk's memory and each worker's by pid; its
    open files are ``files`` (30 by default) plus two pipe ends per worker."""
    files = files or [30] * len(kiosk)
    return [{"t": 30.0 * i, "rss_mb": k, "worker_mb": {pid: mb for pid, mb in w.items()},
             "workers_mb": sum(w.values()), "total_mb": k + sum(w.values()), "threads": 12,
             "fds": f + 2 * len(w), "children": len(w)}
            for i, (k, w, f) in enumerate(zip(kiosk, workers, files, strict=True))]


def test_the_real_time_soak_reports_the_kiosks_python_blocks_growth() -> None:
    from bench import realtime_soak

    day = _day([280.0] * 120, [{"1": 25.0}] * 120)
    for i, s in enumerate(day):  # 60 blocks a second (a float a frame), a snapshot a minute
        s["python_blocks"] = None if i == 0 else 240_000 + 60 * 60 * (i // 2) + (3000 if i % 7 == 0 else 0)
    leaking = realtime_soak.verdict(day, minutes=60)
    assert 100_000 <= leaking["python_blocks_growth_last_half"] <= 115_000
    for i, s in enumerate(day):
        s["python_blocks"] = 240_000 + (3000 if i % 7 == 0 else 0)
    assert abs(realtime_soak.verdict(day, minutes=60)["python_blocks_growth_last_half"]) < 3000
    for s in day:
        del s["python_blocks"]
    assert realtime_soak.verdict(day, minutes=60)["python_blocks_growth_last_half"] is None


def test_the_real_time_soak_says_where_the_kiosks_growth_sits() -> None:
    from bench import realtime_soak

    day = _day([260.0 + (12.0 if i >= 90 else 0.0) for i in range(120)], [{"1": 25.0}] * 120)
    for i, s in enumerate(day):  # from minute 45, 12 MB more: held by the program, in malloc's heap
        rss = s["rss_mb"]
        assert isinstance(rss, float)
        s.update(rss_anon_mb=rss - 90.0, rss_shmem_mb=8.0, rss_file_mb=90.0,
                 heap_mb={"in_use": 40.0 + (12.0 if i >= 90 else 0.0), "free": 3.0, "mapped": 60.0},
                 pymalloc_mb={"arenas": 30.0, "in_use": 26.0, "highwater": 40.0})
    parts = realtime_soak.verdict(day, minutes=60)["kiosk_parts_growth_last_half"]
    assert 11 <= parts["anon"] <= 14 and parts["heap_in_use"] == parts["anon"]  # a step, by either measure
    assert parts["shmem"] == parts["file"] == parts["heap_free"] == parts["heap_mapped"] == 0.0
    assert parts["pymalloc_arenas"] == parts["pymalloc_in_use"] == 0.0
    for i, s in enumerate(day):  # the same step in Python's arenas, the objects in them flat: fragmentation
        s.update(heap_mb={"in_use": 40.0, "free": 3.0, "mapped": 60.0},
                 pymalloc_mb={"arenas": 30.0 + (12.0 if i >= 90 else 0.0), "in_use": 26.0, "highwater": 42.0})
    parts = realtime_soak.verdict(day, minutes=60)["kiosk_parts_growth_last_half"]
    assert parts["pymalloc_arenas"] == parts["anon"] and parts["pymalloc_in_use"] == parts["heap_in_use"] == 0.0
    for s in day:  # samples from before these were taken
        del s["rss_anon_mb"], s["heap_mb"], s["pymalloc_mb"]
    parts = realtime_soak.verdict(day, minutes=60)["kiosk_parts_growth_last_half"]
    assert parts["anon"] is None and parts["heap_in_use"] is None and parts["shmem"] == 0.0
    assert parts["pymalloc_arenas"] is None


def test_the_real_time_soak_tells_growth_beside_the_caches_from_the_game_on_screen() -> None:
    from bench import realtime_soak

    def day(leak: float) -> list[dict[str, object]]:
        samples = _day([260.0] * 120, [{"1": 25.0}] * 120)
        for i, s in enumerate(samples):  # a snapshot a minute, read by two samples each
            minute = i // 2
            shown = (0.0, 22.0, 11.0)[minute % 3]  # whichever game attract mode shows, cached
            held = leak if minute >= 45 else 0.0
            s["rss_anon_mb"] = 150.0 + shown + held
            s["snapshot"] = {"time": 1000.0 + 60 * minute, "rss_anon_mb": 150.0 + shown + held,
                             "caches_mb": 60.0 + shown, "screen": "demo/juniper"}
        return samples

    assert realtime_soak.verdict(day(0.0), minutes=60)["kiosk_uncached_growth_last_half"] == 0.0
    assert 11 <= realtime_soak.verdict(day(12.0), minutes=60)["kiosk_uncached_growth_last_half"] <= 14
    samples = day(0.0)
    for s in samples:
        s["snapshot"] = None
    assert realtime_soak.verdict(samples, minutes=60)["kiosk_uncached_growth_last_half"] is None


@pytest.mark.parametrize(("name", "kiosk", "workers", "ok"), [
    ("flat", [280.0] * 40, [{"1": 40.0}] * 40, True),
    # A second worker starting at minute 16 is a process more (within the pool's cap), not growth.
    ("a worker starts", [280.0] * 40, [{"1": 40.0}] * 32 + [{"1": 40.0, "2": 18.0}] * 8, True),
    ("a worker replaced", [280.0] * 40, [{"1": 60.0}] * 25 + [{"3": 16.0}] * 15, True),
    # A leak in the kiosk (0.5 MB a minute) or in a worker alive all along fails.
    ("the kiosk leaks", [250.0 + i for i in range(40)], [{"1": 40.0}] * 40, False),
    ("a worker leaks", [280.0] * 40, [{"1": 20.0 + i} for i in range(40)], False),
    ("too many workers", [250.0] * 40, [{"1": 60.0, "2": 60.0}] * 40, False),
    # An idle worker ends and the next job starts one: its pipes come and go with it.
    ("workers come and go", [280.0] * 40, [{}] * 12 + [{"4": 25.0}, {}] * 14, True),
])
def test_the_real_time_soak_tells_a_worker_starting_from_a_leak(name, kiosk, workers, ok) -> None:
    from bench import realtime_soak

    result = realtime_soak.verdict(_day(kiosk, workers), minutes=20)
    assert result["ok"] is ok, (name, result["problems"], result["growth_last_half"]["explained"])


def test_the_real_time_soak_fails_on_files_left_open_whatever_the_workers_do() -> None:
    from bench import realtime_soak

    workers: list[dict[str, float]] = [{}] * 12 + [{"4": 25.0}, {}] * 14
    result = realtime_soak.verdict(_day([280.0] * 40, workers, files=[30] * 30 + [31] * 10), minutes=20)
    assert not result["ok"] and "open files grew" in result["problems"], result["problems"]
    # One opened a moment later and never closed fails too.
    result = realtime_soak.verdict(_day([280.0] * 40, workers, files=[30] * 37 + [31] * 3), minutes=20)
    assert not result["ok"] and "open files grew" in result["problems"], result["problems"]


def test_the_real_time_soak_lets_a_file_open_for_a_moment_pass() -> None:
    # A sample taken while the game was being saved (seen in a soak: 15 files once, 14 otherwise).
    from bench import realtime_soak

    result = realtime_soak.verdict(_day([280.0] * 40, [{}] * 40, files=[30] * 30 + [31] + [30] * 9), minutes=20)
    assert result["ok"], result["problems"]


@pytest.mark.parametrize(("games", "ok"), [([], False), ([{"game": "lightning", "id": 2}], True),
                                           ([{"game": "lightning", "id": 2, "how": "draw"}], True)])
def test_the_real_time_soak_fails_when_the_crowd_never_played_on_the_real_board(games, ok) -> None:
    from bench import realtime_soak

    result = realtime_soak.verdict(_day([280.0] * 40, [{"1": 40.0}] * 40), minutes=20, physical=games)
    assert result["ok"] is ok and result["physical_games"] == len(games), result["problems"]


def test_the_day_book_tells_the_games_played_on_the_real_board(tmp_path) -> None:
    from bench import realtime_soak

    days = tmp_path / "jeux-maths" / "days"
    days.mkdir(parents=True)
    (days / "2026-11-27.jsonl").write_text(
        '{"t":1,"e":"game","id":1,"game":"awele","board":"screen"}\n'
        '{"t":2,"e":"game","id":2,"game":"lightning","board":"real"}\n'
        '{"t":3,"e":"end","id":1,"how":"abandoned","moves":3,"s":9}\n'
        '{"t":90,"e":"end","id":2,"how":"draw","moves":154,"s":82.8}\n{"t":91,"e":"ga', encoding="utf-8")
    games = realtime_soak.physical_games(realtime_soak.day_book(tmp_path))
    assert games == [{"game": "lightning", "id": 2, "how": "draw", "moves": 154, "seconds": 82.8}]


def test_a_long_physical_game_keeps_a_bounded_tail_of_its_events(tmp_path) -> None:
    """A 300-move Lightning game on the simulated table (pictures straight to readings): every
    event reaches the record file, but the session keeps only the newest EVENTS_KEPT in memory."""
    from games.match import BOARD, Seat
    from games.physical import EVENTS_KEPT, read_record
    from games.visitor import run_table
    from tests.test_physical_table import lightning_match

    # Seed 17: a 300-move game (1,082 events). Games where a player is walled off end at once
    # now, so most seeds are far shorter (seed 3: 58 moves).
    match = lightning_match(Seat(BOARD), 17)
    run = run_table(match, seed=17, record=str(tmp_path / "game.jsonl"))
    session = run.session
    assert len(match.moves) >= 200 and match.is_over()
    written = read_record(tmp_path / "game.jsonl")
    assert len(written) == session.event_count + 2 > EVENTS_KEPT + 2  # with the start and close lines
    assert len(session.events) == EVENTS_KEPT <= 1000
    assert session.events[-1] is run.events[-1]  # the newest are the ones kept


def test_two_worker_processes_past_the_pools_cap_together_go_back_under_it(tmp_path) -> None:
    """Each worker under its own limit (WORKER_RSS_LIMIT), both together past the pool's cap:
    the one that just finished its job ends, so the cap holds after every job."""
    import functools
    import os

    from games.workers import WORKER_RSS_LIMIT, Pool
    from tests.test_workers import run_on, wait_for
    from tests.waiting import until
    from tests.worker_jobs import blocked, hold, open_gate

    workers = Pool(memory_cap=60 * MB)
    try:
        gate = str(tmp_path / "gate")
        running, first = run_on(workers, functools.partial(blocked, gate))
        until(lambda: running.worker is not None, "the first job is running in a worker")
        _, second = run_on(workers, functools.partial(hold, 40))  # a second worker, grown to about 50 MB
        assert wait_for(second) != os.getpid()
        open_gate(gate)
        assert wait_for(first) is None
        assert len(workers._workers) == 2
        assert all(budget.rss_bytes(w.process.pid) < WORKER_RSS_LIMIT for w in workers._workers if w.process)
        assert workers.memory() <= workers.memory_cap, workers.memory() / MB
    finally:
        workers.close()


def test_the_real_time_soak_judges_growth_at_rest_not_in_the_middle_of_a_game_on_the_real_board() -> None:
    """A soak ending during a game on the real board (its camera and frames: +45 MB) has not
    grown; a kiosk that keeps 30 MB after such a game has."""
    from bench import realtime_soak

    game = [(31 * 30.0, 34 * 30.0)]  # samples 31 to 34, then the end card's minute
    ends_playing = [280.0] * 36 + [325.0] * 4
    assert not realtime_soak.verdict(_day(ends_playing, [{"1": 25.0}] * 40), minutes=20)["ok"]
    result = realtime_soak.verdict(_day(ends_playing, [{"1": 25.0}] * 40), minutes=20,
                                   windows=[(36 * 30.0, None)])
    assert result["ok"] and result["growth_samples_at_rest"] == 16, result["problems"]
    keeps = [280.0] * 31 + [325.0] * 4 + [310.0] * 5
    result = realtime_soak.verdict(_day(keeps, [{"1": 25.0}] * 40), minutes=20, windows=game)
    assert not result["ok"] and "growth over the last half" in result["problems"][0], result


def test_the_soaks_windows_come_from_the_day_book() -> None:
    from bench import realtime_soak

    book = [{"t": 1000.0, "e": "game", "id": 1, "game": "lightning", "board": "real"},
            {"t": 1010.0, "e": "game", "id": 2, "game": "juniper", "board": "screen"},
            {"t": 1100.0, "e": "end", "id": 1, "how": "draw"},
            {"t": 1200.0, "e": "game", "id": 3, "game": "lewthwaite", "board": "real"}]
    assert realtime_soak.physical_windows(book, epoch=900.0) == [(100.0, 200.0), (300.0, None)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
def test_resident_memory_tells_mapped_files_apart() -> None:
    whole, files, anon = (budget.rss_bytes(part=part) for part in ("VmRSS", "RssFile", "RssAnon"))
    assert 0 < files < whole and 0 < anon < whole
    assert abs(whole - files - anon) < whole // 4  # the rest is shared memory, and pages moving meanwhile
    assert budget.rss_bytes(part="NoSuchLine") == 0


def _fake_kiosk(tmp_path: Path, on_term: str) -> subprocess.Popen[bytes]:
    """A child that writes a kiosk's log and day book, then on SIGTERM does ``on_term``."""
    logs, days = tmp_path / "jeux-maths" / "logs", tmp_path / "jeux-maths" / "days"
    logs.mkdir(parents=True)
    days.mkdir(parents=True)
    script = textwrap.dedent(f"""
        import json, signal, sys, time
        def line(event):
            with open({str(days / "d.jsonl")!r}, "a") as f:
                f.write(json.dumps(event) + "\\n")
        line({{"t": 1.0, "e": "game", "id": 1, "board": "real"}})
        def stop(*_):
            if {on_term!r} == "clean":
                line({{"t": 2.0, "e": "end", "id": 1, "how": "abandoned"}})
                line({{"t": 2.0, "e": "stop"}})
                with open({str(logs / "kiosk.log")!r}, "a") as f:
                    f.write("INFO kiosk.app: kiosk stopped by SIGTERM: LED board off\\n")
                sys.exit(0)
        signal.signal(signal.SIGTERM, stop if {on_term!r} != "default" else signal.SIG_DFL)
        if {on_term!r} == "ignore":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
        open({str(tmp_path / "ready")!r}, "w").close()
        time.sleep(60)
    """)
    child = subprocess.Popen([sys.executable, "-c", script])
    until((tmp_path / "ready").exists, "the pretend kiosk's signal handlers set")
    return child


@pytest.mark.parametrize(("on_term", "problems"), [
    ("clean", []),
    ("default", ["exit code -15", "no 'kiosk stopped", "without an end [1]"]),
    ("ignore", ["exit code None", "more than 2.0 s", "no 'kiosk stopped", "without an end [1]"]),
])
def test_the_real_time_soak_ends_with_the_service_managers_stop_and_judges_it(tmp_path, on_term, problems) -> None:
    from bench import realtime_soak

    child = _fake_kiosk(tmp_path, on_term)
    try:
        result = realtime_soak.clean_stop(child, tmp_path, wait=4.0)
    finally:
        child.kill()
        child.wait()
    found = " | ".join(result["problems"])
    assert all(part in found for part in problems), found
    assert (not result["problems"]) is (on_term == "clean")


def test_one_visit_caught_with_memory_in_hand_is_not_a_trend_and_a_leak_is() -> None:
    """The soak's growth: a single high sample in the last quarter (the quiet-machine run that
    failed on 36.3 MB, back to 339 MB at the next visit) is not growth; a steady climb is."""
    from tests.soak import SoakReport

    seen = [336.8, 334.1, 334.6, 335.5, 335.8, 335.1, 373.1, 339.2]
    assert SoakReport.growth(seen) <= 6  # 339.2 - 334.1: the old upper median said 36.3
    leak = [336.8 + 3 * visit for visit in range(8)]
    assert SoakReport.growth(leak) >= 15
