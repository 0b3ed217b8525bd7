"""The day report's learning computer (issue 41): against a day whose truth the test keeps, how
many games the level that learns needed to stop losing, counted from its last reset, in the
order the games ended; the text (French numbers in French) and the page say it, "still losing" when
it lost the last game. The game and its level come from the registry (no game is named here)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import main
from games.registry import games
from kiosk import report_page
from tests.test_report_truth import DAY1, DAY2, TZ, at, end, numbers_of, write_record

#: The first installed game with a computer level that learns, that level, and one that does not.
LEARNER = next(g for g in games() if g.learning)
GAME, LEVEL = LEARNER.key, LEARNER.learning[0]
OTHER_LEVEL = next(level for level in LEARNER.levels if level not in LEARNER.learning)
DAY0 = DAY1 - dt.timedelta(days=1)


def vs(number: int, level: str = LEVEL, **more: Any) -> dict[str, Any]:
    return {"e": "game", "id": number, "n": 1, "game": GAME, "seats": ["person", "computer"], "level": level,
            "board": "screen", "lang": "fr", **more}


def reset(why: str) -> dict[str, Any]:
    return {"e": "reset", "game": GAME, "level": LEVEL, "why": why}


def played(results: str, first_id: int, day: dt.date, hour: int) -> list[tuple[dt.date, str, float, dict[str, Any]]]:
    """Finished games against the learning level, one a minute from ``hour``: ``L`` the visitors
    won (the machine lost), ``W`` the computer won."""
    rows = []
    for k, letter in enumerate(results):
        number, minute = first_id + k, 2 * k
        rows.append((day, f"{hour:02d}:{minute:02d}:00", 60.0 * minute, vs(number)))
        rows.append((day, f"{hour:02d}:{minute + 1:02d}:00", 60.0 * minute + 30,
                     end(number, "person" if letter == "L" else "computer", 5, 30.0)))
    return rows


START = {"e": "start", "lang": "fr", "tz": TZ}
# The day before: games the machine lost do not count today.
RECORD: list[tuple[dt.date, str, float, dict[str, Any]]] = [
    (DAY0, "09:00:00", 0.0, START), *played("LLLW", 1, DAY0, 10),
    (DAY1, "09:00:00", 0.0, START),
    (DAY1, "09:00:30", 1.0, reset("morning")),
    *played("LLWLW", 1, DAY1, 10),  # 5 games, 3 lost, the last loss the 4th
    (DAY1, "10:30:00", 9.0, vs(23)),  # a draw is a game it did not lose
    (DAY1, "10:31:00", 9.5, end(23, "draw", 9, 60.0)),
    # Not counted: a game against another level, a two-player game, a game left unfinished.
    (DAY1, "11:00:00", 10.0, vs(20, OTHER_LEVEL)),
    (DAY1, "11:01:00", 11.0, end(20, "person", 5, 30.0)),
    (DAY1, "11:02:00", 12.0, {**vs(21), "seats": ["person", "person"], "level": None}),
    (DAY1, "11:03:00", 13.0, end(21, "hotseat", 5, 30.0)),
    (DAY1, "11:04:00", 14.0, vs(22)),
    (DAY1, "11:05:00", 15.0, end(22, "abandoned", 2, 30.0)),
    # The operator resets the machine mid-day: from here on it learns again from nothing.
    (DAY1, "12:00:00", 20.0, reset("operator")),
    *played("LWLLWWWW", 30, DAY1, 13),  # 8 games, 3 lost, the last loss the 4th: 4 games since
    # The unfinished game 22 is continued and won by the visitors at 14:00: the machine lost it
    # then (the 9th since the reset), and once more by a game begun at 23:58 and won after midnight.
    (DAY1, "14:00:00", 40.0, vs(40, resumed=2, since=at(DAY1, "11:04:00"))),
    (DAY1, "14:01:00", 41.0, end(40, "computer", 6, 30.0)),
    (DAY1, "23:58:00", 90.0, vs(41)),
    (DAY2, "00:01:00", 93.0, end(41, "person", 5, 30.0)),
    # The next day, a reset and wins: not day 1's.
    (DAY2, "09:00:00", 0.0, START),
    (DAY2, "09:01:00", 1.0, reset("morning")),
    *played("WW", 1, DAY2, 10),
]

#: Day 1: 6 + 8 + 1 (continued, won by the computer) + 1 (over midnight, lost) = 16 games, 3 + 3 + 1
#: lost; since the operator's reset 10 games, the last of them lost: not yet.
TRUTH_DAY1 = {"games": 16, "lost": 7, "resets": 2, "since_reset": 10, "last_loss": 10, "without_loss": 0,
              "stopped": False}


def test_a_learning_level_s_day_is_counted_from_its_last_reset(tmp_path: Path) -> None:
    write_record(tmp_path / "days", RECORD)
    numbers = numbers_of(tmp_path / "days", DAY1, DAY1)
    assert numbers["learning"] == {GAME: {LEVEL: TRUTH_DAY1}}
    # Without the game over midnight (read day 1 as if the record stopped there): stopped after the
    # 4th since the reset, 5 games without a loss since.
    cut = [row for row in RECORD if row[0] <= DAY1 and row[3].get("id") != 41]
    write_record(tmp_path / "cut", cut)
    assert numbers_of(tmp_path / "cut", DAY1, DAY1)["learning"][GAME][LEVEL] == {
        "games": 15, "lost": 6, "resets": 2, "since_reset": 9, "last_loss": 4, "without_loss": 5, "stopped": True}
    # The day before, no reset: 4 games, 3 lost, the last loss the 3rd.
    assert numbers_of(tmp_path / "days", DAY0, DAY0)["learning"][GAME][LEVEL] == {
        "games": 4, "lost": 3, "resets": 0, "since_reset": 4, "last_loss": 3, "without_loss": 1, "stopped": True}
    # The day after: reset in the morning, two wins: never lost.
    after = numbers_of(tmp_path / "days", DAY2, DAY2)["learning"][GAME][LEVEL]
    assert (after["games"], after["lost"], after["last_loss"], after["stopped"]) == (2, 0, None, True)


def test_the_text_and_the_page_say_since_which_game_it_no_longer_loses(tmp_path: Path, capsys: Any) -> None:
    write_record(tmp_path / "days", [row for row in RECORD if row[0] <= DAY1 and row[3].get("id") != 41])
    numbers = numbers_of(tmp_path / "days", DAY1, DAY1)
    fr, en = report_page.learning_lines(numbers, "fr"), report_page.learning_lines(numbers, "en")
    assert len(fr) == len(en) == 1
    assert "15 parties contre les visiteurs, 6 perdues" in fr[0]
    assert "ne perd plus depuis la partie 4 : 5 parties sans défaite" in fr[0]
    assert "(2 remises à zéro ; 9 parties depuis la dernière)" in fr[0]
    assert "15 games against visitors, 6 lost" in en[0]
    assert "has not lost since game 4: 5 games without a loss" in en[0]
    assert "(reset 2 times; 9 games since the last one)" in en[0]
    state = str(tmp_path)
    assert main.main(["report", "--state", state, "--from", DAY1.isoformat(), "--to", DAY1.isoformat()]) == 0
    assert fr[0] in capsys.readouterr().out
    page = tmp_path / "day.html"
    assert main.main(["report", "--state", state, "--from", DAY1.isoformat(), "--to", DAY1.isoformat(),
                      "--html", str(page), "--lang", "en"]) == 0
    assert "The computer that learns" in page.read_text(encoding="utf-8")


def test_not_yet_when_it_lost_the_last_game_and_french_numbers_in_french() -> None:
    entry = {"games": 2201, "lost": 1201, "resets": 0, "since_reset": 2201, "last_loss": 2201, "without_loss": 0,
             "stopped": False}
    numbers: dict[str, Any] = {"learning": {GAME: {LEVEL: entry}}}
    fr, en = report_page.learning_lines(numbers, "fr")[0], report_page.learning_lines(numbers, "en")[0]
    assert "2\u202f201 parties contre les visiteurs, 1\u202f201 perdues ; perd encore" in fr
    assert "2,201 games against visitors, 1,201 lost; still losing" in en
    entry.update(last_loss=1201, without_loss=1000, stopped=True)
    fr = report_page.learning_lines(numbers, "fr")[0]
    assert "depuis la partie 1\u202f201 : 1\u202f000 parties sans défaite" in fr


def test_a_learning_level_must_be_one_of_the_game_s_levels() -> None:
    import dataclasses

    import pytest

    with pytest.raises(ValueError, match="learning level 'nobody'"):
        dataclasses.replace(LEARNER, learning=("nobody",))
