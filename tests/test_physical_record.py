"""The physical mode's typed pieces (issue 25): events and phases typed, the record's lines
unchanged, a scene's table component.

* A record written before the events were typed (``tests/records/``) replays, and the replay
  writes the very same lines again (the close's time apart: the replay stops when it likes).
* Each event kind's line, field by field and in order, as ``docs/physical.md`` gives it.
* A scene takes its physical-board mode as a typed component: the people become people at the
  board before the mode is made (its record starts with those seats), the chronicle reads the
  phase as the enum.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from games.boards import Fix, Picture, Sentence
from games.match import BOARD, Match, Thinker
from games.physical import Close, PhysicalSession, RecordFeed, RecordWriter, Start, read_record
from games.sync import (
    Camera,
    ComputerDraw,
    ComputerMove,
    Ended,
    Event,
    HintShown,
    Hold,
    Jumped,
    Matched,
    Mismatch,
    Moved,
    Phase,
    Reading,
    Refused,
    Release,
    SetupFixes,
    Status,
    Synced,
)

RECORDS = Path(__file__).parent / "records"


def test_a_record_written_before_the_typed_events_replays_line_for_line(tmp_path: Path) -> None:
    old = RECORDS / "lewthwaite-computer.jsonl"
    record = read_record(shutil.copy(old, tmp_path / "old.jsonl"))
    match = Match.from_text(record[0]["match"], thinker=Thinker(wait=True))
    feed: RecordFeed[Any, Any] = RecordFeed(record, lambda: match.board)
    again = tmp_path / "again.jsonl"
    session = PhysicalSession(match, feed, record=RecordWriter(again), camera=record[0]["camera"]).start()
    now = 0.0
    while not feed.done and now < 120:
        now += 1 / 60
        session.update(now)
    session.close()
    before, after = old.read_text().splitlines(), again.read_text().splitlines()
    assert len(after) == len(before) and match.is_over()
    assert after[:-1] == before[:-1]
    last_before, last_after = json.loads(before[-1]), json.loads(after[-1])
    assert {**last_after, "time": 0} == {**last_before, "time": 0}
    kinds = {json.loads(line)["event"] for line in before}
    assert {"setup", "synced", "mismatch", "matched", "camera", "computer", "move", "end"} <= kinds


FIX = Fix((1, 2), "R", ".", Sentence("physical.fix.put"))
FIX_LINE = {"where": [1, 2], "want": "R", "have": ".", "key": "physical.fix.put"}

#: (event, its record line after "event", "frame" and "time").
LINES: list[tuple[Event, dict[str, Any]]] = [
    (Reading(3, 0.1, ("R.B", ("Z3", "D0")), (("hand", "Z"),), 0.9),
     {"grid": ["R.B", ["Z3", "D0"]], "spots": {"hand": "Z"}, "confidence": 0.9}),
    (Status(3, 0.1, "unsure", ((1, 2),)), {"problem": "unsure", "cells": [[1, 2]]}),
    (Status(3, 0.1, ""), {"problem": ""}),
    (Hold(3, 0.1), {}),
    (Release(3, 0.1), {}),
    (HintShown(3, 0.1, "2,1"), {"move": "2,1"}),
    (Moved(3, 0.1, "2,1", "board", 1), {"move": "2,1", "by": "board", "player": 1}),
    (Jumped(3, 0.1, "undo", "5x5 ..."), {"position": "5x5 ..."}),
    (Synced(3, 0.1, "5x5 ...", True), {"position": "5x5 ...", "first": True}),
    (Ended(3, 0.1, "5x5 ...", None, ("2,1", "3,1")), {"position": "5x5 ...", "winner": None, "moves": ["2,1", "3,1"]}),
    (ComputerMove(3, 0.1, "3,1"), {"move": "3,1"}),
    (ComputerDraw(3, 0.1, "pool Z"), {"move": "pool Z"}),
    (Refused(3, 0.1, "no"), {"message": "no"}),
    (Mismatch(3, 0.1, ((1, 2),), (FIX,), "physical.why.draw", 2, 0.05),
     {"cells": [[1, 2]], "fixes": [FIX_LINE], "reason": "physical.why.draw", "seen_frame": 2, "seen_time": 0.05}),
    (SetupFixes(3, 0.1, ((1, 2),), (FIX,)), {"cells": [[1, 2]], "fixes": [FIX_LINE]}),
    (Matched(3, 0.1), {}),
    (Camera(3, 0.1, "lost", "black"), {"state": "lost", "problem": "black"}),
    (Start(0, 0.0, "jeux-physical/1", "lewthwaite", "{}", 30.0, "synthetic"),
     {"format": "jeux-physical/1", "game": "lewthwaite", "match": "{}", "fps": 30.0, "camera": "synthetic"}),
    (Close(3, 0.1, "5x5 ...", ("2,1",)), {"position": "5x5 ...", "moves": ["2,1"]}),
]


@pytest.mark.parametrize(("event", "fields"), LINES, ids=lambda x: type(x).__name__ if isinstance(x, Event) else "")
def test_each_event_is_the_record_line_it_always_was(event: Event, fields: dict[str, Any]) -> None:
    kind = {"Jumped": "undo", "HintShown": "hint", "Moved": "move", "Ended": "end", "ComputerMove": "computer",
            "ComputerDraw": "draw", "Refused": "error", "SetupFixes": "setup"}.get(type(event).__name__,
                                                                                     type(event).__name__.lower())
    line = event.as_dict()
    assert list(line) == ["event", "frame", "time", *fields]  # the order the record has always had
    assert line == {"event": kind, "frame": event.frame, "time": event.time, **fields}
    assert event.kind == kind
    assert json.loads(json.dumps(line)) == line


def test_the_phases_are_an_enum_with_the_names_of_the_record() -> None:
    assert [phase.value for phase in Phase] == ["setup", "play", "fix", "thinking", "computer", "draw", "lost",
                                                 "over"]
    assert Phase("fix") is Phase.FIX and json.dumps({"phase": Phase.LOST}) == '{"phase": "lost"}'


def test_a_reading_of_one_letter_codes_keeps_its_rows_as_text() -> None:
    from games.lewthwaite.board import LewthwaiteBoard
    from games.lewthwaite.rules import LewthwaiteParams
    from games.match import Seat
    from games.sync import SyncEngine

    state = LewthwaiteParams().new_initial_state()
    engine: SyncEngine[Any, Any] = SyncEngine(Match(
        "lewthwaite", state, {1: Seat(BOARD), 2: Seat(BOARD)}, thinker=Thinker(wait=True)))
    picture = LewthwaiteBoard().picture(state)
    engine.observe(Picture(picture.grid), 0.0, 0)
    reading = engine.take_events()[0]
    assert isinstance(reading, Reading) and all(isinstance(row, str) for row in reading.grid)
