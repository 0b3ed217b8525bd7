"""``report`` against days whose truth the test keeps (issue 38 items 5-9, issue 40 item 4): games
continued from the menu or resumed after a restart count once, a crash shows, a game over midnight
counts in the day it began with its own ending, a game in progress is not a fault, a clock set
back gives no negative visit, odd moves are not 0-move games, the hours are the stand's; the
reader's memory stays bounded on a multi-MB day, and any bytes in a day file never crash it."""

from __future__ import annotations

import calendar
import datetime as dt
import json
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import main
from games.registry import games
from kiosk import daybook, report_page
from kiosk.daybook import parse_lines, read_events
from kiosk.report import MAX_NAMES, OTHER, Tally, figures, quartiles
from tests.synthetic_days import write_week

#: The stand is two hours east of UTC (a Paris summer); its record says so.
TZ = 7200
DAY1, DAY2 = dt.date(2026, 10, 9), dt.date(2026, 10, 10)


def at(day: dt.date, clock: str) -> float:
    """The epoch time of ``clock`` (HH:MM:SS) on ``day`` at the stand."""
    hh, mm, ss = (int(x) for x in clock.split(":"))
    return float(calendar.timegm((day.year, day.month, day.day, hh, mm, ss)) - TZ)


def game(number: int, name: str, **more: Any) -> dict[str, Any]:
    return {"e": "game", "id": number, "n": 1, "game": name, "seats": ["person", "computer"], "level": "random",
            "board": "screen", "lang": "fr", **more}


def end(number: int, how: str, moves: Any, s: float) -> dict[str, Any]:
    return {"e": "end", "id": number, "how": how, "moves": moves, "s": s, "fixes": 0, "lost": 0, "back": 0}


# Each row: the stand's clock, the monotonic clock of the kiosk's run (it starts again at each
# start), the event. The truth is in the comments and in TRUTH below.
RECORD: list[tuple[dt.date, str, float, dict[str, Any]]] = [
    (DAY1, "09:00:00", 100, {"e": "start", "lang": "fr", "tz": TZ}),
    (DAY1, "09:01:00", 160, {"e": "visit", "n": 1, "lang": "fr", "tz": TZ}),
    # A: left for the menu after 4 moves, "Continuer ma partie", won: one game, won, 420 s.
    (DAY1, "09:02:00", 220, game(1, "lewthwaite")),
    (DAY1, "09:05:00", 400, end(1, "abandoned", 4, 180.0)),
    (DAY1, "09:06:00", 460, game(2, "lewthwaite", resumed=4, since=at(DAY1, "09:02:00"))),
    (DAY1, "09:10:00", 700, end(2, "person", 9, 240.0)),
    (DAY1, "09:11:00", 760, {"e": "leave", "n": 1, "why": "idle"}),  # visit 1: 600 s
    # C: cut off by a crash (kill -9) and never resumed (the save was refused): a fault.
    (DAY1, "09:12:00", 820, {"e": "visit", "n": 2, "lang": "fr", "tz": TZ}),
    (DAY1, "09:13:00", 880, game(3, "awele")),
    (DAY1, "09:20:00", 1300, {"e": "page", "kind": "rules", "game": "awele", "page": 1}),
    # The crash; the kiosk starts again at 10:00 (the visit lasted until the last line: 480 s).
    (DAY1, "10:00:00", 5, {"e": "start", "lang": "fr", "tz": TZ}),
    (DAY1, "10:01:00", 65, {"e": "visit", "n": 1, "lang": "en", "tz": TZ}),
    # D: a plain game, won by the visitor.
    (DAY1, "10:02:00", 125, game(1, "awele", lang="en")),
    (DAY1, "10:07:00", 425, end(1, "person", 25, 300.0)),
    # B: played, the power goes, resumed at the next start and finished: one game, 180 + 240 s.
    (DAY1, "11:00:00", 3485, game(2, "lewthwaite")),
    (DAY1, "11:03:00", 3665, {"e": "page", "kind": "rules", "game": "lewthwaite", "page": 2}),
    (DAY1, "11:30:00", 7, {"e": "start", "lang": "fr", "tz": TZ}),
    (DAY1, "11:31:00", 67, {"e": "visit", "n": 1, "lang": "fr", "tz": TZ}),
    (DAY1, "11:32:00", 127, game(1, "lewthwaite", resumed=5, since=at(DAY1, "11:00:00"))),
    (DAY1, "11:36:00", 367, end(1, "computer", 12, 240.0)),
    # F: the clock is set back 30 minutes (NTP) during a visit of 10 minutes.
    (DAY1, "12:00:00", 1867, {"e": "visit", "n": 2, "lang": "fr", "tz": TZ}),
    # G: a damaged line says moves -3: the game counts, its moves do not.
    (DAY1, "12:01:00", 1927, game(2, "juniper")),
    (DAY1, "12:02:00", 1987, end(2, "person", -3, 60.0)),
    (DAY1, "11:40:00", 2467, {"e": "leave", "n": 2, "why": "idle"}),  # wall: -1200 s; truly 600 s
    # H: begun at 23:55, won at 00:10 the next day: a game of day 1, won, 900 s.
    (DAY1, "23:55:00", 45000, {"e": "visit", "n": 3, "lang": "fr", "tz": TZ}),
    (DAY1, "23:55:30", 45030, game(3, "lightning")),
    (DAY2, "00:10:30", 45930, end(3, "person", 30, 900.0)),
    (DAY2, "00:11:00", 45960, {"e": "leave", "n": 3, "why": "idle"}),
    # E: the last game of the record, still being played.
    (DAY2, "00:20:00", 46500, {"e": "visit", "n": 4, "lang": "fr", "tz": TZ}),
    (DAY2, "00:20:30", 46530, game(4, "awele")),
]

#: What happened on day 1: A, C, D, B, G, H.
TRUTH_DAY1: dict[str, Any] = {
    "games": 6, "finished": 5, "abandoned": 0, "in_progress": 0, "continued": 2, "kiosk_starts": 3, "cut_off": 2,
    "endings": {"person": 4, "computer": 1, "hotseat": 0, "draw": 0, "abandoned": 0, "idle": 0, "fault": 1,
                "playing": 0},
    "moves": quartiles([9, 25, 12, 30]),  # A, D, B, H (G's -3 is no number of moves)
    "seconds": quartiles([420, 300, 420, 60, 900]),  # B: 180 s until the cut, 240 s after
    "visits": 6,
    # Cut off by a restart, a visit lasted until its run's last line; F's is 600 s, not -1200.
    "visit_seconds": quartiles([600, 480, 3600, 1800, 600, 960]),
    "visits_per_hour": {"9": 2, "10": 1, "11": 1, "12": 1, "23": 1},
    "busiest_hour": 9,
}


def write_record(folder: Path, rows: Sequence[tuple[dt.date, str, float, dict[str, Any]]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for day in {row[0] for row in rows}:
        lines = [json.dumps({"t": at(d, clock), **event, "m": m}) for d, clock, m, event in rows if d == day]
        daybook.day_path(folder, day.isoformat()).write_text("\n".join(lines) + "\n", encoding="utf-8")


def numbers_of(folder: Path, first: dt.date, last: dt.date, live: bool = False) -> dict[str, Any]:
    reading = read_events(folder, first, last)
    return figures(reading, reading.after(), live=live, first_day=first.isoformat())


@pytest.fixture
def record(tmp_path: Path) -> Path:
    write_record(tmp_path / "days", RECORD)
    return tmp_path


@pytest.mark.parametrize("zone", ["UTC", "America/New_York", "Asia/Tokyo"])
def test_a_day_with_every_trap_is_counted_exactly_wherever_it_is_read(record, zone, monkeypatch):
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        numbers = numbers_of(record / "days", DAY1, DAY1)
    finally:
        monkeypatch.undo()
        time.tzset()
    assert {key: numbers[key] for key in TRUTH_DAY1} == TRUTH_DAY1
    assert numbers["from"] == numbers["to"] == "2026-10-09"
    assert numbers["per_game"]["lewthwaite"]["started"] == 2  # A and B, each once
    assert numbers["per_game"]["lewthwaite"]["endings"] == {"person": 1, "computer": 1}
    assert numbers["per_game"]["awele"]["endings"] == {"person": 1, "fault": 1}


def test_a_game_belongs_to_the_day_it_began_and_the_last_one_is_being_played(record):
    folder = record / "days"
    day2 = numbers_of(folder, DAY2, DAY2)
    # H ended on day 2 but began on day 1: not day 2's. E has no end: cut off, unless the
    # record may still grow (the operator's "La journée" mid-game): then it is being played.
    assert day2["games"] == 1 and day2["endings"]["fault"] == 1 and day2["endings"]["person"] == 0
    live = numbers_of(folder, DAY2, DAY2, live=True)
    assert live["games"] == 1 and live["in_progress"] == 1 and live["endings"]["fault"] == 0
    both = numbers_of(folder, DAY1, DAY2, live=True)
    assert both["games"] == TRUTH_DAY1["games"] + 1 and both["continued"] == 2 and both["in_progress"] == 1
    assert both["endings"]["person"] == 4 and both["endings"]["fault"] == 1


def test_a_part_resumed_the_next_morning_counts_in_the_day_it_began(tmp_path):
    # Begun at 18:00, the power goes, resumed at 09:00 the next day and won.
    rows = [
        (DAY1, "18:00:00", 100, {"e": "start", "tz": TZ}), (DAY1, "18:01:00", 160, game(1, "awele")),
        (DAY1, "18:02:00", 220, {"e": "page", "kind": "rules", "game": "awele", "page": 1}),
        (DAY2, "09:00:00", 5, {"e": "start", "tz": TZ}),
        (DAY2, "09:01:00", 65, game(1, "awele", resumed=3, since=at(DAY1, "18:01:00"))),
        (DAY2, "09:05:00", 305, end(1, "person", 8, 240.0)),
        (DAY2, "10:00:00", 3605, game(2, "awele")), (DAY2, "10:05:00", 3905, end(2, "computer", 9, 300.0)),
    ]
    write_record(tmp_path, rows)
    day1, day2 = numbers_of(tmp_path, DAY1, DAY1), numbers_of(tmp_path, DAY2, DAY2)
    assert (day1["games"], day1["endings"]["person"], day1["continued"], day1["cut_off"]) == (1, 1, 1, 1)
    assert day1["seconds"] == quartiles([60 + 240])  # 60 s until the last line before the cut
    assert (day2["games"], day2["endings"]["computer"], day2["endings"]["person"], day2["cut_off"]) == (1, 1, 0, 0)


def test_the_text_report_and_the_page_say_it_all_in_french(record, capsys):
    code = main.main(["report", "--state", str(record), "--day", "2026-10-09"])
    out = capsys.readouterr().out
    assert code == 0
    for said in ("3  démarrages du kiosque", "2  arrêts brutaux (plantage, coupure)",
                 "2  parties reprises plus tard", "Lewthwaite : 2 parties (1 gagnée par les visiteurs, "
                 "1 gagnée par l'ordinateur)", "1 interrompue par une erreur ou un arrêt", "0  partie à deux",
                 "18,5  coups", "7,0 min", "Lewthwaite · Bébé : 50 % de victoires des visiteurs (1 sur 2)"):
        assert said in out, (said, out)
    for english in ("person", "computer", "abandoned", "parties à deux\n", "(1/"):
        assert english not in out, (english, out)
    page = record / "day.html"
    assert main.main(["report", "--state", str(record), "--day", "2026-10-09", "--html", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert "2</b><span>arrêts brutaux (plantage, coupure)" in html and "3</b><span>démarrages du kiosque" in html
    assert "18,5</b>" in html and "18.5" not in html


def test_hour_labels_under_the_columns_never_run_together():
    numbers = figures([{"t": 1_791_000_000 + 3600 * h, "e": "visit", "tz": 0} for h in range(24)])
    hours = report_page.plots(numbers, "fr")[0]
    assert len(hours.bars) == 24 and hours.bars[10].label == "10 h"
    svg = report_page._svg(hours)
    labels = [x for x in svg.split('font-size="9" fill="#2d2a32">')[1:]]
    step = (340 - 10) / 24
    every = report_page.label_every([b.label for b in hours.bars], step, 5.4)
    assert every >= 2 and len(labels) == 12  # one hour in two: "4 h" is 22 px wide, columns 14 px apart
    assert report_page.label_every(["10 h"] * 10, 33.0, 5.4) == 1


def test_a_day_of_many_games_is_read_in_bounded_memory(tmp_path):
    # 20,000 games (about 7 MB): the old reader held the file and every event (about 60 MB).
    write_week(tmp_path, (2026, 10, 5), 20_000, days=1, seed=4)
    size = daybook.day_path(tmp_path, "2026-10-05").stat().st_size
    day = dt.date(2026, 10, 5)
    tracemalloc.start()
    try:
        numbers = numbers_of(tmp_path, day, day)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert numbers["games"] == 20_000 and size > 6_000_000
    assert peak < 3_000_000, f"{peak} bytes traced for a {size}-byte day"


def test_thousands_of_game_names_are_told_apart_up_to_a_limit(tmp_path):
    lines = []
    for k in range(5000):
        lines.append({"t": 1_791_000_000 + k, "e": "game", "id": k + 1, "game": f"g{k}", "seats": ["person", "person"]})
        lines.append({"t": 1_791_000_000 + k, "e": "end", "id": k + 1, "how": "hotseat", "moves": 3, "s": 9.5})
    numbers = figures(lines)
    assert numbers["games"] == 5000 and len(numbers["per_game"]) == MAX_NAMES + 1
    assert numbers["per_game"][OTHER]["started"] == 5000 - MAX_NAMES
    assert sum(e["started"] for e in numbers["per_game"].values()) == 5000


@settings(max_examples=200, deadline=None)
@given(kept=st.lists(st.integers(0, 10**6), max_size=40), gone=st.lists(st.integers(0, 10**6), max_size=10))
def test_a_tally_gives_the_quartiles_of_what_it_holds(kept, gone):
    tally = Tally()
    for tenths in gone + kept:
        tally.add(tenths / 10)
    for tenths in gone:  # taken back (a game continued is no longer abandoned)
        tally.add(tenths / 10, -1)
    assert tally.quartiles() == quartiles([tenths / 10 for tenths in kept])


def test_a_tally_stays_small_whatever_it_is_given():
    tally = Tally()
    for k in range(100_000):
        tally.add(k * 0.7)
    assert len(tally.counts) <= Tally.LIMIT and tally.n == 100_000
    q = tally.quartiles()
    exact = quartiles([k * 0.7 for k in range(100_000)])
    assert q is not None and exact is not None
    assert all(abs(q[k] - exact[k]) <= 2 ** tally.shift / 10 for k in q)  # within a bucket


def test_the_streaming_reader_finds_what_the_whole_file_holds(tmp_path):
    data = b"\n".join([b'{"t": 1, "e": "start"}', b"x" * 10_000, b"", b'{"t": 2, "e": "stop"}', b"\xff\xfe",
                       b'{"t": 3, "e": "visit"}'])
    (tmp_path / "2026-10-09.jsonl").write_bytes(data)
    reading = read_events(tmp_path, DAY1, DAY1)
    assert list(reading) == parse_lines(data)[0] and reading.skipped == parse_lines(data)[1] == 2


@settings(max_examples=60, deadline=None)
@given(data=st.lists(st.one_of(
    st.binary(max_size=80),
    st.sampled_from([b'{"t": 5, "e": "game", "id": 1, "game": "awele", "resumed": 2, "since": 1}',
                     b'{"t": 6, "e": "end", "id": 1, "how": "person", "moves": -3, "s": -1800}',
                     b'{"t": 7, "e": "start", "tz": 99999999}', b'{"t": 8, "e": "visit", "m": -1}',
                     b'{"t": 1e300, "e": "leave"}', b"[" * 5000, b'{"t": NaN, "e": "x"}']),
    st.integers(4090, 4100).map(lambda n: b"y" * n)), max_size=12).map(b"\n".join))
def test_any_bytes_in_a_day_file_never_crash_the_reader(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("days")
    (folder / "2026-10-09.jsonl").write_bytes(data)
    reading = read_events(folder, DAY1, DAY1)
    numbers = figures(reading, reading.after(), first_day="2026-10-09")
    expected, skipped = parse_lines(data)
    assert numbers["events"] == len(expected) and reading.skipped >= skipped
    assert list(read_events(folder, DAY1, DAY1)) == expected
    json.dumps(numbers)
    assert report_page.text(numbers, "fr") and report_page.html(numbers, "en")


KIND = st.sampled_from(["start", "stop", "visit", "leave", "game", "game", "game", "end", "end", "end", "page"])


@st.composite
def records(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A record of any shape: restarts anywhere, ends of games never begun, parts naming any
    earlier game (or none), clocks going back, odd numbers."""
    events: list[dict[str, Any]] = []
    t = at(DAY1, "09:00:00")
    begun: list[float] = []
    for _ in range(draw(st.integers(0, 60))):
        t += draw(st.floats(-3600, 3600))
        kind = draw(KIND)
        event: dict[str, Any] = {"t": t, "e": kind, "m": draw(st.floats(0, 1e6)), "tz": TZ}
        if kind == "game":
            event.update(id=draw(st.integers(1, 4)), game=draw(st.sampled_from(["awele", "juniper", "x"])),
                         seats=["person", draw(st.sampled_from(["computer", "person"]))], level="random")
            if len(begun) > 0 and draw(st.booleans()):
                event.update(resumed=draw(st.integers(-1, 9)), since=draw(st.sampled_from(begun)))
            begun.append(t)
        elif kind == "end":
            event.update(id=draw(st.integers(1, 4)), how=draw(st.sampled_from(["person", "computer", "abandoned",
                                                                                "idle", "fault", "draw", "?"])),
                         moves=draw(st.integers(-5, 50)), s=draw(st.floats(-100, 1e8)))
        events.append(event)
    return events


@settings(max_examples=150, deadline=None)
@given(events=records(), split=st.integers(0, 60), live=st.booleans())
def test_every_game_has_one_ending_whatever_the_record(events, split, live):
    # Nothing lost, nothing counted twice: each game counted ends exactly one way, per game too,
    # with the span cut anywhere and the rest read on.
    numbers = figures(events[:split], events[split:], live=live, first_day="2026-10-09")
    started = sum(entry["started"] for entry in numbers["per_game"].values())
    assert sum(numbers["endings"].values()) == numbers["games"] == started
    for entry in numbers["per_game"].values():
        assert sum(entry["endings"].values()) == entry["started"]
    assert numbers["finished"] == sum(numbers["endings"][how] for how in ("person", "computer", "hotseat", "draw"))
    assert numbers["in_progress"] == 0 or live
    assert sum(numbers["visits_per_hour"].values()) == numbers["visits"]
    assert numbers["continued"] <= numbers["games"] and numbers["cut_off"] <= numbers["kiosk_starts"] + 1
    seconds = numbers["visit_seconds"]
    assert seconds is None or seconds["min"] >= 0


def test_a_huge_sparse_day_file_is_read_only_as_far_as_a_day_can_be(tmp_path, capsys):
    folder = tmp_path / "days"
    folder.mkdir()
    with open(folder / "2026-10-09.jsonl", "wb") as stream:
        stream.write(b'{"t": 1791540000, "e": "start"}\n')
        stream.truncate(3 * 2**30)  # 3 GB of holes: no disk used
    assert main.main(["report", "--state", str(tmp_path), "--day", "2026-10-09", "--json"]) == 0
    captured = capsys.readouterr()
    numbers = json.loads(captured.out)
    assert numbers["kiosk_starts"] == 1 and numbers["ignored_bytes"] == 3 * 2**30 - daybook.READ_LIMIT
    assert "past a day file's" in captured.err


def report(*words: str) -> int:
    try:
        return main.main(["report", *words])
    except SystemExit as exc:
        return int(exc.code or 0)


@pytest.mark.parametrize(("words", "code", "says"), [
    (["--day", "9999-12-31"], 3, "no record for 9999-12-31"),
    (["--from", "9999-12-01", "--to", "9999-12-31"], 3, "no record for 9999-12-01 to 9999-12-31"),
    (["--to", "0001-01-01", "--from", "0001-01-01"], 3, "no record"),
    (["--from", "2025-01-01", "--to", "2026-01-02"], 2, "at most a year (366 days) at a time, not 367"),
    (["--html", ""], 2, "--html needs a file name"),
    (["--csv", " "], 2, "--csv needs a file name"),
])
def test_odd_dates_and_names_get_one_sentence(tmp_path, capsys, words, code, says):
    assert report("--state", str(tmp_path), *words) == code
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_366_days_are_a_year(tmp_path, capsys):
    assert report("--state", str(tmp_path), "--from", "2024-01-01", "--to", "2024-12-31") == 3
    assert "no record" in capsys.readouterr().err


# --- the kiosk writes what the report needs ------------------------------------------------------------------

def kiosk_numbers(state: Path, live: bool) -> dict[str, Any]:
    today = dt.date.today()  # clock(date): the days the kiosk wrote, up to today
    days = sorted(p.name for p in (state / "days").iterdir())
    first = dt.date.fromisoformat(days[0][:10]) if days else today
    return numbers_of(state / "days", first, max(today, first), live=live)


def test_a_game_continued_from_the_menu_or_after_a_crash_is_one_game(tmp_path):
    from kiosk.game_scene import GameScene
    from kiosk.menu import MenuScene
    from kiosk.overlays import ConfirmScene
    from tests.kiosk_driver import press, run_frames, tap
    from tests.test_flow import choose_seats, kiosk_app, open_from_menu, play_moves

    app = kiosk_app(tmp_path)
    scene = open_from_menu(app)
    choose_seats(app)
    play_moves(app, scene, 2)
    press(app, pygame.K_ESCAPE, frames=3)  # "Menu", "Oui": the game is kept for "Continuer ma partie"
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    tap(app, question.yes_button.rect.center, frames=3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.continue_button is not None
    tap(app, menu.continue_button.rect.center, frames=3)
    scene = app.stack.top  # type: ignore[assignment]
    play_moves(app, scene, len(scene.match.moves) + 1)
    run_frames(app, 5)
    assert app.chronicle.book is not None and app.chronicle.book.flush()
    numbers = kiosk_numbers(tmp_path, live=True)
    assert (numbers["games"], numbers["abandoned"], numbers["continued"], numbers["in_progress"]) == (1, 0, 1, 1)
    # kill -9: nothing more is written; the next start resumes the game, which goes on.
    app.keeper.flush()
    app.chronicle.book.close()
    app.chronicle.book.enabled = False
    again = kiosk_app(tmp_path)
    resumed = again.stack.top
    assert isinstance(resumed, GameScene) and resumed.game == "lewthwaite"
    play_moves(again, resumed, len(resumed.match.moves) + 1)
    run_frames(again, 5)
    assert again.chronicle.book is not None and again.chronicle.book.flush()
    numbers = kiosk_numbers(tmp_path, live=True)
    assert (numbers["games"], numbers["abandoned"], numbers["endings"]["fault"]) == (1, 0, 0)
    assert (numbers["continued"], numbers["in_progress"], numbers["kiosk_starts"], numbers["cut_off"]) == (1, 1, 2, 1)
    again.close()
    app.close()
    events = [e for p in sorted((tmp_path / "days").iterdir()) for e in parse_lines(p.read_bytes())[0]]
    parts = [e for e in events if e["e"] == "game"]
    assert len(parts) == 3 and parts[1]["since"] == parts[2]["since"] == parts[0]["t"]
    assert all(isinstance(e.get("m"), float) for e in events) and events[0]["tz"] == time.localtime().tm_gmtoff


CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (apt-get install chromium)")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_fullest_page_still_prints_on_one_a4_page(tmp_path, lang):
    # Every headline figure shown (real-board games, a game in progress, restarts), 15 levels,
    # three pieces of advice.
    import re
    import subprocess

    today = dt.date.today()  # clock(date): the page reports today by default
    write_week(tmp_path / "days", (today.year, today.month, today.day), 3000, days=1, seed=9)
    t = time.mktime((today.year, today.month, today.day, 17, 59, 0, 0, 0, -1))
    with open(daybook.day_path(tmp_path / "days", today.isoformat()), "a", encoding="utf-8") as stream:
        stream.write(json.dumps({"t": t, "e": "start"}) + "\n")
        stream.write(json.dumps({"t": t + 1, "e": "game", "id": 1, "game": "awele", "seats": ["person", "computer"],
                                 "level": "random"}) + "\n")
        # A computer that learns, reset and played against: its section is on the page too.
        learner = next(g for g in games() if g.learning)
        stream.write(json.dumps({"t": t + 2, "e": "reset", "game": learner.key, "level": learner.learning[0],
                                 "why": "operator"}) + "\n")
        for k, how in enumerate(("person", "computer")):
            stream.write(json.dumps({"t": t + 3 + k, "e": "game", "id": 2 + k, "game": learner.key,
                                     "seats": ["person", "computer"], "level": learner.learning[0]}) + "\n")
            stream.write(json.dumps({"t": t + 3.5 + k, "e": "end", "id": 2 + k, "how": how, "moves": 5}) + "\n")
    page = tmp_path / "day.html"
    assert main.main(["report", "--state", str(tmp_path), "--html", str(page), "--lang", lang]) == 0
    html = page.read_text(encoding="utf-8")
    assert ("partie en cours" if lang == "fr" else "game in progress") in html
    assert ("ordinateur qui apprend" if lang == "fr" else "The computer that learns") in html
    pdf = tmp_path / "day.pdf"
    subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", page.as_uri()], capture_output=True, timeout=60, check=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes())) == 1
