"""The day's record (kiosk/daybook.py, kiosk/chronicle.py) and ``python main.py report``: lines
written whole and fsync'd, cut lines skipped, days rotated, a state folder that cannot be written
never stops the kiosk; the command's exit codes, its outputs, and garbage that never crashes it."""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import main
from kiosk import daybook, report_page
from kiosk.chronicle import Chronicle
from kiosk.daybook import DayBook, parse_lines
from kiosk.report import figures
from tests.synthetic_days import write_week

ROOT = Path(__file__).resolve().parent.parent
NOON = time.mktime((2026, 10, 9, 12, 0, 0, 0, 0, -1))


def report(*words: str) -> int:
    """``python main.py report WORDS``'s exit code (argparse's own errors exit 2 too)."""
    try:
        return main.main(["report", *words])
    except SystemExit as exc:
        return int(exc.code or 0)


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# --- the record ---------------------------------------------------------------------------------

def test_each_event_is_a_whole_line_fsynced_on_the_writer_thread(tmp_path, monkeypatch):
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(threading.current_thread().name)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    book = DayBook(tmp_path)
    for k in range(5):
        book.write({"t": NOON + k, "e": "visit", "n": k + 1, "lang": "fr"})
    book.close()
    assert synced == ["kiosk-daybook"] * 5
    assert [e["n"] for e in lines_of(tmp_path / "2026-10-09.jsonl")] == [1, 2, 3, 4, 5]


def test_a_line_cut_by_a_power_cut_is_skipped_and_the_next_starts_afresh(tmp_path):
    path = tmp_path / "2026-10-09.jsonl"
    path.write_bytes(b'{"t":%d,"e":"visit","n":1}\n{"t":%d,"e":"ga' % (NOON, NOON + 1))
    book = DayBook(tmp_path)
    book.write({"t": NOON + 2, "e": "visit", "n": 2})
    book.close()
    events, skipped = parse_lines(path.read_bytes())
    assert [e["n"] for e in events] == [1, 2] and skipped == 1


def test_days_are_rotated_to_the_number_kept(tmp_path):
    for day in range(1, 9):
        (tmp_path / f"2026-10-0{day}.jsonl").write_text("")
    book = DayBook(tmp_path, keep_days=3)
    book.write({"t": NOON, "e": "start"})
    book.close()
    assert daybook.days_in(tmp_path) == ["2026-10-07", "2026-10-08", "2026-10-09"]


def test_an_unusable_state_folder_records_nothing_and_the_kiosk_runs(tmp_path, caplog):
    from kiosk.app import App, AppOptions
    from kiosk.config import KioskConfig
    from kiosk.menu import MenuScene

    (tmp_path / "days").write_text("a file where the folder should be")
    with caplog.at_level(logging.ERROR, logger="kiosk.daybook"):
        app = App(AppOptions(frames=30, mute=True, kiosk=True, config=KioskConfig(kiosk=True, pin="2580"),
                             state_dir=tmp_path))
    app.home_factory = MenuScene
    try:
        stats = app.run(MenuScene(app))
    finally:
        app.close()
    assert stats.frames == 30 and not app.chronicle.on
    assert len([r for r in caplog.records if r.name == "kiosk.daybook"]) == 1


class FakeMatch:
    def __init__(self) -> None:
        self.all_computers = False
        self.seats = {1: __import__("games.match", fromlist=["Seat"]).Seat(),
                      2: __import__("games.match", fromlist=["Seat"]).Seat.computer("random")}
        self.history = type("H", (), {"moves": []})()
        self.meta: dict[str, object] = {}
        self.winner: str | None = None

    def result(self) -> str | None:
        return self.winner


class FakeScene:
    game, attract, physical = "awele", False, None

    def __init__(self) -> None:
        self.match = FakeMatch()


def test_the_chronicle_tells_how_games_end(tmp_path):
    clock = iter(range(10**6))
    book = DayBook(tmp_path, threaded=False)
    chronicle = Chronicle(book, lambda: NOON + next(clock))
    chronicle.presence()
    won, left, reset, broken = FakeScene(), FakeScene(), FakeScene(), FakeScene()
    for scene in (won, left, reset):
        chronicle.match_changed(scene, "restart")
        scene.match.history.moves.append("m")
        chronicle.match_changed(scene, "move")
    won.match.winner = "person"
    chronicle.match_changed(won, "move")
    chronicle.match_changed(left, "restart")  # a new game: the one going on was abandoned
    chronicle.visitors_left("idle")
    chronicle.presence()
    broken.match.history.moves += ["m", "m"]
    chronicle.match_changed(broken, "move")
    chronicle.fault("draw", "awele")
    events = lines_of(tmp_path / "2026-10-09.jsonl")
    ends = {e["id"]: (e["how"], e["moves"]) for e in events if e["e"] == "end"}
    assert ends == {1: ("person", 1), 2: ("abandoned", 1), 3: ("idle", 1), 4: ("fault", 2)}
    assert [e["n"] for e in events if e["e"] == "visit"] == [1, 2]
    numbers = figures(events)
    assert numbers["levels"]["awele"]["random"]["person_rate"] == 1.0
    assert numbers["endings"]["idle"] == 1 and numbers["visits"] == 2 and numbers["faults"] == 1


# --- the command --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def week(tmp_path_factory) -> Path:
    state = tmp_path_factory.mktemp("state")
    write_week(state / "days", (2026, 10, 5), 400, days=7, seed=3)
    return state


def test_report_prints_json_html_and_csv(week, tmp_path, capsys):
    page, table = tmp_path / "day.html", tmp_path / "day.csv"
    assert report("--state", str(week), "--day", "2026-10-09", "--json", "--html", str(page), "--csv", str(table)) == 0
    numbers = json.loads(capsys.readouterr().out)
    assert numbers["games"] == sum(e["started"] for e in numbers["per_game"].values()) > 0
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") == 4 and "<script" not in html and 'lang="fr"' in html and len(html) < 500_000
    assert "Visites par heure" in html
    assert table.read_text().splitlines()[0] == "figure,key,value"
    assert f"visits,,{numbers['visits']}" in table.read_text().splitlines()
    assert report("--state", str(week), "--day", "2026-10-09", "--html", str(page), "--lang", "en", "--force") == 0
    assert "Visits per hour" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("words, code, says", [
    (["--day", "2026-02-30"], 2, "not a date"),
    (["--day", "9/10/2026"], 2, "not a date"),
    (["--from", "2026-10-09", "--to", "2026-10-01"], 2, "is after"),
    (["--day", "2026-10-09", "--to", "2026-10-10"], 2, "not both"),
    (["--day", "2025-01-01"], 3, "no record"),
])
def test_report_refuses_what_it_cannot_do(week, capsys, words, code, says):
    assert report("--state", str(week), *words) == code
    assert says in capsys.readouterr().err


def test_report_says_an_empty_or_corrupt_day_and_refuses_to_overwrite(tmp_path, capsys):
    days = tmp_path / "days"
    days.mkdir()
    (days / "2026-10-09.jsonl").write_text("")
    assert report("--state", str(tmp_path), "--day", "2026-10-09") == 3
    assert "empty" in capsys.readouterr().err
    (days / "2026-10-09.jsonl").write_bytes(b"\x00\xff garbage\n{not json\n")
    assert report("--state", str(tmp_path), "--day", "2026-10-09") == 3
    assert "damaged" in capsys.readouterr().err
    (days / "2026-10-09.jsonl").write_text(json.dumps({"t": NOON, "e": "visit", "n": 1}) + "\n")
    page = tmp_path / "out.html"
    page.write_text("the organiser's own file")
    assert report("--state", str(tmp_path), "--day", "2026-10-09", "--html", str(page)) == 2
    assert "--force" in capsys.readouterr().err and page.read_text() == "the organiser's own file"


def test_report_imports_no_pygame(week):
    code = ("import sys, main; sys.argv = ['main.py', 'report', '--state', sys.argv[1], '--day', '2026-10-09', "
            "'--json']; rc = main.main(sys.argv[1:]); assert 'pygame' not in sys.modules, 'pygame imported'; "
            "sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code, str(week)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)
EVENT = st.fixed_dictionaries(
    {"t": st.floats(NOON - 1000, NOON + 1000), "e": st.sampled_from(
        ["start", "stop", "visit", "leave", "game", "end", "page", "fault", "camera", "leds", "lang", "?"])},
    optional={k: JSON for k in ("id", "n", "game", "seats", "level", "board", "how", "moves", "s", "fixes", "lost",
                                "back", "kind", "page", "up", "where", "lang")},
)
LINE = st.one_of(EVENT.map(lambda e: json.dumps(e).encode()), st.binary(max_size=60),
                 EVENT.map(lambda e: json.dumps(e).encode()[: len(json.dumps(e)) // 2]))


@settings(max_examples=30, deadline=None)
@given(lines=st.lists(LINE, max_size=25))
def test_any_bytes_in_the_record_never_crash_the_report(lines):
    # What `report` does with a day file's bytes (the command itself is checked on garbage above).
    events, _skipped = parse_lines(b"\n".join(lines))
    numbers = figures(events)
    json.dumps(numbers)
    assert "<svg" in report_page.html(numbers, "fr") and report_page.csv_text(numbers)
    assert isinstance(report_page.text(numbers, "en"), str)


WEIRD: tuple[object, ...] = (None, [], {}, [1], {"a": 1}, "x" * 50, "", -1, 10**12, 1e300, True, 3.5)
SAMPLES: list[dict[str, object]] = [
    {"e": "start"}, {"e": "visit", "n": 1, "lang": "fr"}, {"e": "leave", "n": 1, "why": "idle"},
    {"e": "game", "id": 1, "n": 1, "game": "awele", "seats": ["person", "computer"], "level": "random",
     "board": "real", "lang": "fr"},
    {"e": "end", "id": 1, "how": "person", "moves": 3, "s": 20.0, "fixes": 1, "lost": 1, "back": 1},
    {"e": "page", "kind": "rules", "game": "awele", "page": 2}, {"e": "fault", "where": "update", "scene": "x"},
    {"e": "camera", "up": False, "game": "awele"}, {"e": "leds", "up": True}, {"e": "lang", "lang": "en"},
]


def test_every_field_of_every_event_may_hold_anything(tmp_path):
    # Table-driven: each field of each kind of event replaced by each odd value, in a day that
    # has every kind of event around it.
    day = dt.date(2026, 10, 9)
    for k, sample in enumerate(SAMPLES):
        for field in [f for f in sample if f != "e"]:
            for weird in WEIRD:
                events = [{"t": NOON + j, **s} for j, s in enumerate(SAMPLES)]
                events[k] = {**events[k], field: weird}
                (tmp_path / "2026-10-09.jsonl").write_text("\n".join(json.dumps(e) for e in events))
                numbers = figures(daybook.read_events(tmp_path, day, day))
                assert report_page.html(numbers, "fr") and report_page.text(numbers, "en"), (sample, field, weird)


CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (apt-get install chromium)")
def test_the_page_renders_in_chromium_on_one_a4_page(week, tmp_path):
    # One launch: printed to PDF, the page must come out as one A4 page with its text and plots
    # (a page Chromium could not render prints blank, without fonts).
    page = tmp_path / "day.html"
    assert report("--state", str(week), "--day", "2026-10-09", "--html", str(page)) == 0
    pdf = tmp_path / "day.pdf"
    subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", page.as_uri()], capture_output=True, timeout=60, check=True)
    printed = pdf.read_bytes()
    assert len(re.findall(rb"/Type\s*/Page[^s]", printed)) == 1
    assert b"/Font" in printed and len(printed) > 20_000
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", printed)
    assert box is not None and (round(float(box[1])), round(float(box[2]))) == (595, 842)  # A4 in points


def advice_day(state: Path, day: dt.date) -> None:
    """A day whose figures call for advice: Bébé at Awélé beaten most of the time (25 more games,
    24 won), the camera lost 14 times between 14:00 and 15:00."""
    write_week(state / "days", (day.year, day.month, day.day), 30, days=1, seed=5)
    t = time.mktime((day.year, day.month, day.day, 14, 5, 0, 0, 0, -1))
    extra = []
    for k in range(25):
        extra.append({"t": t + 60 * k, "e": "game", "id": 1000 + k, "n": 1, "game": "awele",
                      "seats": ["person", "computer"], "level": "random", "board": "screen", "lang": "fr"})
        extra.append({"t": t + 60 * k + 30, "e": "end", "id": 1000 + k, "how": "person" if k else "computer",
                      "moves": 20, "s": 200, "fixes": 0, "lost": 0, "back": 0})
    extra += [{"t": t + 200 * k, "e": "camera", "up": False, "game": "lewthwaite"} for k in range(14)]
    with open(state / "days" / f"{day.isoformat()}.jsonl", "a", encoding="utf-8") as stream:
        stream.writelines(json.dumps(e) + "\n" for e in extra)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_operator_sees_the_day_so_far_and_what_to_change(tmp_path, lang):
    from kiosk import textfit
    from kiosk.app import App, AppOptions
    from kiosk.config import KioskConfig
    from kiosk.dayscreen import DayScene
    from kiosk.i18n import set_language
    from kiosk.menu import MenuScene
    from kiosk.operator import SettingsScene
    from tests.kiosk_driver import press, run_frames, tap

    advice_day(tmp_path, dt.date.today())  # clock(date): the operator's day screen shows today
    app = App(AppOptions(frames=1, mute=True, kiosk=True, lang=lang, state_dir=tmp_path,
                         config=KioskConfig(kiosk=True, pin="2580", language=lang)))
    app.home_factory = MenuScene
    try:
        with textfit.recording() as records:
            app.start(MenuScene(app))
            app.door.open()
            run_frames(app, 2)
            for key in (pygame.K_2, pygame.K_5, pygame.K_8, pygame.K_0):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=chr(key)))
            press(app, pygame.K_RETURN)
            settings = app.stack.top
            assert isinstance(settings, SettingsScene)
            tap(app, next(b for b in settings.buttons if b.label == "operator.day").rect.center, frames=3)
            page = app.stack.top
            assert isinstance(page, DayScene)
            summary = page.state_summary()
            numbers = figures(daybook.read_events(tmp_path / "days", page.day, page.day), live=True)
            assert summary["visits"] == numbers["visits"] and summary["games"] == numbers["games"]
            advice = summary["advice"]
            assert isinstance(advice, list)
            said = " / ".join(advice)
            rate = round(100 * numbers["levels"]["awele"]["random"]["person_rate"])
            assert rate >= 85
            assert (f"Bébé est battu {rate} %" if lang == "fr" else f"Baby is beaten {rate}%") in said
            assert ("perdue 14 fois entre 14 h et 15 h" if lang == "fr" else "lost 14 times between 14:00") in said
            press(app, pygame.K_ESCAPE)
            assert app.stack.top is settings
        assert not textfit.problems(records)
    finally:
        app.close()
        set_language("fr")


def test_doctor_reads_yesterdays_faults(tmp_path):
    from kiosk.doctor import check_yesterday

    today = dt.date(2026, 10, 10)
    assert check_yesterday(tmp_path, today).status == "ok"
    days = tmp_path / "days"
    days.mkdir()
    start: dict[str, object] = {"e": "start"}
    lines: list[dict[str, object]] = [start, {"e": "fault", "where": "draw", "scene": "awele"},
                                      {"e": "camera", "up": False}, start, {"e": "stop"}, start]
    (days / "2026-10-09.jsonl").write_text("".join(json.dumps({"t": NOON + k, **e}) + "\n"
                                                   for k, e in enumerate(lines)))
    check = check_yesterday(tmp_path, today)
    assert check.status == "warn"
    assert check.data == {"day": "2026-10-09", "faults": 1, "cut_off": 1, "camera_lost": 1, "leds_lost": 0}


@pytest.mark.parametrize(("zone", "hours"), [("Europe/Paris", {"2": 2, "13": 1, "14": 2}),
                                             ("UTC", {"0": 1, "1": 1, "12": 1, "13": 2})])
def test_report_hours_are_the_stands_local_hours(zone, hours, monkeypatch):
    # 2026-10-25: Paris leaves summer time at 01:00 UTC (03:00 -> 02:00 local), so 00:30 and
    # 01:30 UTC are both 2 h in Paris; the afternoon is UTC+1.
    utc = dt.datetime(2026, 10, 25, tzinfo=dt.UTC).timestamp()
    events = [{"t": utc + 3600 * h, "e": "visit", "n": k + 1, "lang": "fr"}
              for k, h in enumerate((0.5, 1.5, 12.33, 13.08, 13.33))]
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        numbers = figures(events)
    finally:
        monkeypatch.undo()
        time.tzset()
    assert numbers["visits_per_hour"] == hours
