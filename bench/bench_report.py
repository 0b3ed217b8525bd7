"""The day's record and its report (``make bench``): what recording costs the frame thread, and
how long ``report --html`` takes on a week of 10,000 games."""

import json
import random
import threading
import time

import pytest

import main
from games.lewthwaite.rules import LewthwaiteParams
from games.match import Match, Seat
from kiosk.chronicle import Chronicle
from kiosk.daybook import DayBook
from tests.synthetic_days import write_week

pytestmark = pytest.mark.bench

#: Budgets: per event on the frame thread, and the whole command on a 10,000-game week.
EVENT_MS, REPORT_S, PAGE_BYTES = 0.2, 2.0, 500_000


def test_recording_costs_the_frame_thread_under_0_2_ms_an_event(tmp_path, report):
    book = DayBook(tmp_path / "days")
    chronicle = Chronicle(book)
    chronicle.started()
    times = []
    for k in range(3000):
        started = time.perf_counter()
        chronicle.emit("end", id=k, how="person", moves=31, s=312.5, fixes=0, lost=0, back=0)
        times.append(time.perf_counter() - started)
        if k % 50 == 0:
            time.sleep(0.002)  # events come a few at a time, frames apart
    book.close()
    mean, worst = 1000 * sum(times) / len(times), 1000 * sorted(times)[int(0.99 * len(times))]
    report("record: one event on the frame thread (mean)", f"{mean:.4f} ms", f"< {EVENT_MS} ms")
    report("record: one event on the frame thread (p99)", f"{worst:.4f} ms", "")
    lines = (tmp_path / "days").glob("*.jsonl")
    assert sum(len(p.read_bytes().splitlines()) for p in lines) == 3001
    assert not [t for t in threading.enumerate() if t.name == "kiosk-daybook"]
    assert mean < EVENT_MS


class Scene:
    """What the chronicle reads of a game's scene."""

    game, attract, physical = "lewthwaite", False, None

    def __init__(self, match: Match) -> None:
        self.match = match


def test_a_game_recorded_costs_the_frame_thread_under_0_2_ms_an_event(tmp_path, report):
    # The real hook with a real match: every move, the game's start and end, restarts.
    book = DayBook(tmp_path / "days")
    chronicle = Chronicle(book)
    rng = random.Random(1)
    match = Match("lewthwaite", LewthwaiteParams().new_initial_state(), {1: Seat(), 2: Seat.computer("random")})
    scene = Scene(match)
    times = []
    for _game in range(200):
        while not match.is_over():
            match.play(rng.choice(match.state.legal_moves()))
            started = time.perf_counter()
            chronicle.match_changed(scene, "move")
            times.append(time.perf_counter() - started)
        match.restart()
        started = time.perf_counter()
        chronicle.match_changed(scene, "restart")
        times.append(time.perf_counter() - started)
    book.close()
    mean, worst = 1000 * sum(times) / len(times), 1000 * sorted(times)[int(0.99 * len(times))]
    report(f"record: a game's hook on the frame thread ({len(times)} events, mean)", f"{mean:.4f} ms",
           f"< {EVENT_MS} ms")
    report("record: a game's hook on the frame thread (p99)", f"{worst:.4f} ms", "")
    assert mean < EVENT_MS and book.written == 400


def test_report_html_of_a_10000_game_week_under_2_s(tmp_path, report, capsys):
    events = write_week(tmp_path / "days", (2026, 10, 5), 10_000, days=7, seed=11)
    page = tmp_path / "week.html"
    started = time.perf_counter()
    code = main.main(["report", "--state", str(tmp_path), "--from", "2026-10-05", "--to", "2026-10-11",
                      "--html", str(page), "--json"])
    seconds = time.perf_counter() - started
    numbers = json.loads(capsys.readouterr().out)
    report(f"report --html: a week, 10,000 games ({events} events)", f"{seconds:.2f} s", f"< {REPORT_S} s")
    report("report --html: the page", f"{page.stat().st_size / 1000:.0f} kB", f"< {PAGE_BYTES // 1000} kB")
    assert code == 0 and numbers["games"] == 10_000
    assert seconds < REPORT_S and page.stat().st_size < PAGE_BYTES
