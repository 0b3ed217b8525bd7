"""The physical mode's inputs and every file the vision commands write, as a careless or hostile
user would give them (issue 23): a clear error naming the file and the fix, with its exit code,
no traceback, and nothing of the user's overwritten.

* The one reader per input kind (a record, an image folder, a video, a single image) is fed
  arbitrary bytes and arbitrary events (hypothesis): accepted, or a clear error; a record that
  is accepted replays to its end or stops with a :class:`ReplayError` naming its line.
* The one writer policy (:mod:`games.outputs`): an existing named output needs ``--force``, a
  sidecar or page follows its image, the umask is respected, and a failed write is said.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import main
from games.cliutil import CliError
from games.lewthwaite.rules import LewthwaiteParams
from games.lightning.rules import new_game
from games.match import BOARD, Match, Seat, Thinker
from games.outputs import check_outputs, claim_folder, open_stream, write_outputs
from games.physical import PhysicalSession, RecordError, RecordFeed, ReplayError, read_record
from games.visitor import run_table
from vision.cameraspec import check_image_folder, parse_camera
from vision.sources import ImageFolder, VideoFile, read_image

#: Examples per property (``BAD_EXAMPLES=400`` for a longer hunt; 400 each found nothing on 2026-11-27).
PROPERTY = settings(max_examples=int(os.environ.get("BAD_EXAMPLES", "25")), deadline=None,
                    suppress_health_check=list(HealthCheck))


# --- records as the program writes them, and changed ----------------------------------------------


def _match(game: str) -> Match:
    state = LewthwaiteParams().new_initial_state() if game == "lewthwaite" else new_game(random.Random(3), first=1)
    return Match(game, state, {1: Seat(BOARD), 2: Seat.computer("random")}, seed=3, thinker=Thinker(wait=True))


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """A short game of each against the computer, recorded (pictures straight to readings)."""
    folder = tmp_path_factory.mktemp("records")
    found = {}
    for game, seconds in (("lewthwaite", 60.0), ("lightning", 20.0)):
        path = folder / f"{game}.jsonl"
        run_table(_match(game), seed=1, record=str(path), max_seconds=seconds)
        found[game] = [json.loads(line) for line in path.read_text().splitlines()]
    return found


def _write(path: Path, events: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def _changed(events: list[dict[str, Any]], kind: str, **fields: Any) -> list[dict[str, Any]]:
    """``events`` with the first ``kind`` event's ``fields`` replaced."""
    out, done = [], False
    for event in events:
        if not done and event["event"] == kind:
            event, done = {**event, **fields}, True
        out.append(event)
    return out


def replay(record: list[dict[str, Any]], max_seconds: float = 600.0) -> Match:
    """Replay ``record`` headless, as ``play GAME --camera RECORD.jsonl`` does, to its end."""
    match = Match.from_text(record[0]["match"], thinker=Thinker(wait=True))
    feed: RecordFeed[Any, Any] = RecordFeed(record, lambda: match.board)
    session = PhysicalSession(match, feed).start()
    now = 0.0
    while not feed.done and now < max_seconds:
        now += 0.25
        session.update(now)
    return match


# (game, kind of event changed, its fields, words of the message): issue 23's cases 6 and 10.
CHANGED = [
    ("lewthwaite", "reading", {"grid": 42}, 'a "reading" event: "grid" must be a list of 5 rows'),
    ("lewthwaite", "reading", {"grid": ["..", ".."]}, "list of 5 rows"),
    ("lewthwaite", "reading", {"grid": [".....", ".....", "..", ".....", "....."]}, "must hold 5 cells"),
    ("lewthwaite", "reading", {"grid": [[[[[[["."]]]]]]]}, "nested too deeply"),
    ("lewthwaite", "status", {"problem": "x" * 5_000_000}, "a line is at most"),
    ("lewthwaite", "status", {"problem": "x" * 200}, "at most 80 characters"),
    ("lewthwaite", "status", {"problem": "@touch 0"}, "must be a reader's status"),
    ("lewthwaite", "status", {"problem": "unsure", "cells": [[9, 9]]}, "on the 5 x 5 board"),
    ("lewthwaite", "status", {"frame": -1}, 'integer "frame"'),
    ("lewthwaite", "status", {"time": float("nan")}, 'number "time"'),
    ("lewthwaite", "start", {"match": "chess"}, "the match cannot be read"),
    ("lewthwaite", "start", {"fps": 0}, '"fps" must be a number'),
    ("lightning", "reading", {"spots": "hand"}, '"spots" must be an object'),
    ("lightning", "reading", {"confidence": "high"}, '"confidence" must be a number from 0 to 1'),
    ("lightning", "reading", {"confidence": 2}, '"confidence" must be a number from 0 to 1'),
]


@pytest.mark.parametrize(("game", "kind", "fields", "words"), CHANGED)
def test_a_changed_record_is_refused_naming_its_line(records, tmp_path, game, kind, fields, words) -> None:
    events = _changed(records[game], kind, **fields)
    line = next(k for k, e in enumerate(events, 1) if e["event"] == kind and all(e.get(f) == v for f, v in
                                                                                  fields.items() if f != "time"))
    with pytest.raises(RecordError) as info:
        read_record(_write(tmp_path / "r.jsonl", events))
    assert words in str(info.value) and f"r.jsonl, line {line}:" in str(info.value)


def test_events_out_of_order_and_deep_nesting_are_refused(records, tmp_path) -> None:
    events = records["lewthwaite"]
    with pytest.raises(RecordError, match="out of order"):
        read_record(_write(tmp_path / "r.jsonl", [events[0], *reversed(events[1:])]))
    deep = tmp_path / "deep.jsonl"
    deep.write_text(json.dumps(events[0]) + "\n" + '{"event":"x","frame":1,"time":1,"a":' + "[" * 100_000
                    + "]" * 100_000 + "}\n")
    with pytest.raises(RecordError, match="deep.jsonl, line 2: nested too deeply"):
        read_record(deep)
    for text in ("", "\n\n", "[]", '{"event":"status","frame":0,"time":0}', "\0\xff"):
        (tmp_path / "odd.jsonl").write_bytes(text.encode("utf-8", "surrogateescape"))
        with pytest.raises(RecordError, match="odd.jsonl"):
            read_record(tmp_path / "odd.jsonl")
    with pytest.raises(RecordError, match="a record is a file"):
        read_record(tmp_path)


@pytest.mark.parametrize(("game", "move"), [("lewthwaite", "banana"), ("lewthwaite", "0,0"),
                                            ("lightning", "99,99 Q7"), ("lightning", "pool Q")])
def test_a_computer_move_the_game_refuses_stops_the_replay_naming_its_line(records, tmp_path, game, move) -> None:
    events = _changed(records[game], "computer", move=move)
    line = next(k for k, e in enumerate(events, 1) if e.get("move") == move)
    record = read_record(_write(tmp_path / "r.jsonl", events))  # the text is a move's; the game decides
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert f"r.jsonl, line {line}: the move '{move}' cannot be played" in str(info.value)
    assert info.value.code == 2


def test_a_record_cut_in_its_last_line_keeps_every_whole_line(records, tmp_path) -> None:
    text = "".join(json.dumps(e) + "\n" for e in records["lewthwaite"])
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[:-25])
    record = read_record(cut)
    assert len(record) == len(records["lewthwaite"]) - 1 and record == records["lewthwaite"][:-1]
    assert record.notes and "last line is cut short" in record.notes[0] and "skipped" in record.notes[0]
    (tmp_path / "bad.jsonl").write_text(text[:-25] + "\n" + json.dumps(records["lewthwaite"][-1]) + "\n")
    with pytest.raises(RecordError, match="not JSON"):  # a bad line in the middle is not a crash's
        read_record(tmp_path / "bad.jsonl")


def test_the_records_the_program_writes_replay_unchanged(records, tmp_path) -> None:
    for game, events in records.items():
        record = read_record(_write(tmp_path / f"{game}.jsonl", events))
        assert record == events and not record.notes
        assert replay(record).state.to_text() == events[-1]["position"]


# --- hypothesis: arbitrary bytes and events into each reader ---------------------------------------

CODES = st.sampled_from([".", "R", "B", "?", "Z3", "I0", "D1", "Q9", "x", "RR"])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats(allow_nan=False)
                    | st.text(max_size=8), lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


@st.composite
def events(draw: st.DrawFn, game: str, rows: int, cols: int) -> list[dict[str, Any]]:
    """Events a record could hold: the right kinds with plausible fields, one field in ten wild."""

    def field(plausible: st.SearchStrategy[Any]) -> Any:
        return draw(JSON) if draw(st.integers(0, 9)) == 0 else draw(plausible)

    found, frame, time = [], 0, 0.0
    for _ in range(draw(st.integers(0, 30))):
        frame += draw(st.integers(0, 40))
        time = round(time + draw(st.floats(0, 2)), 3)
        kind = draw(st.sampled_from(["reading", "reading", "status", "computer", "draw", "move", "undo", "restart",
                                     "junk"]))
        event: dict[str, Any] = {"event": kind, "frame": frame, "time": time}
        if kind == "reading":
            row = st.lists(CODES, min_size=cols, max_size=cols)
            event["grid"] = field(st.lists(row, min_size=rows, max_size=rows))
            event["spots"] = field(st.none() | st.dictionaries(st.sampled_from(["hand", "reserve", "slots", "x"]),
                                                               st.text("DILZS.?0123456789", max_size=4), max_size=3))
            event["confidence"] = field(st.floats(0, 1))
        elif kind == "status":
            event["problem"] = field(st.sampled_from(["", "motion", "covered", "unsure", "camera", "black", "odd",
                                                      "@touch 0", "@undo", "a\nb"]))
            event["cells"] = field(st.lists(st.lists(st.integers(0, min(rows, cols) - 1), min_size=2, max_size=2),
                                            max_size=3))
        elif kind in ("computer", "draw", "move"):
            event["move"] = field(st.sampled_from(["2,1", "1,2", "2,3", "0,0", "pool", "pool Z", "shelve", "3,1 Z1",
                                                   "reserve D", "banana"]))
            event["by"] = draw(st.sampled_from(["touch", "board", "computer"]))
        else:
            event.update(draw(st.dictionaries(st.text(max_size=5), JSON, max_size=3)))
        found.append(event)
    return found


@pytest.mark.parametrize("game", ["lewthwaite", "lightning"])
def test_arbitrary_events_are_refused_clearly_or_replay(records, tmp_path, game) -> None:
    start = records[game][0]
    board = Match.from_text(start["match"]).board

    @PROPERTY
    @given(events(game, board.rows, board.cols))
    def check(drawn: list[dict[str, Any]]) -> None:
        path = _write(tmp_path / "r.jsonl", [start, *drawn])
        try:
            record = read_record(path)
        except RecordError as exc:
            assert "r.jsonl" in str(exc) and "\n" not in str(exc)
            return
        try:
            replay(record, max_seconds=60.0)
        except ReplayError as exc:
            assert "r.jsonl, line" in str(exc)

    check()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]


@pytest.mark.parametrize("game", ["lewthwaite", "lightning"])
def test_arbitrary_json_lines_are_refused_clearly_or_replay(records, tmp_path, game) -> None:
    start = records[game][0]

    @PROPERTY
    @given(st.lists(JSON | st.dictionaries(st.sampled_from(["event", "frame", "time", "grid", "move", "problem"]),
                                           JSON, max_size=5), max_size=6))
    def check(lines: list[Any]) -> None:
        path = tmp_path / "r.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in [start, *lines]))
        try:
            replay(read_record(path), max_seconds=30.0)
        except (RecordError, ReplayError) as exc:
            assert "r.jsonl" in str(exc)

    check()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]


@PROPERTY
@given(st.binary(max_size=3000), st.sampled_from(["", '{"event":"start"}\n', "\n"]))
def test_arbitrary_bytes_are_a_record_or_a_clear_error(tmp_path_factory, data: bytes, head: str) -> None:
    folder = tmp_path_factory.mktemp("bytes")
    path = folder / "r.jsonl"
    path.write_bytes(head.encode() + data)
    with pytest.raises(RecordError) as info:
        read_record(path)
    assert str(path) in str(info.value)
    assert [p.name for p in folder.iterdir()] == ["r.jsonl"]


def _png(width: int, height: int) -> bytes:
    return cv2.imencode(".png", np.full((height, width, 3), 200, np.uint8))[1].tobytes()


def _mp4() -> bytes:
    """A short MP4 of 80 x 80 frames (made once)."""
    if not _MP4:
        path = Path(tempfile.mkdtemp()) / "v.mp4"
        writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"mp4v"), 30, (80, 80))
        for k in range(5):
            writer.write(np.full((80, 80, 3), 40 * k, np.uint8))
        writer.release()
        _MP4.append(path.read_bytes())
        shutil.rmtree(path.parent)
    return _MP4[0]


_MP4: list[bytes] = []
IMAGE_BYTES = (st.binary(max_size=2000)
               | st.builds(lambda w, h, cut: _png(w, h)[:cut], st.integers(1, 300), st.integers(1, 300),
                           st.integers(8, 4000))
               | st.builds(lambda data: b"\0\0\0\x1cftypisom" + data, st.binary(max_size=500))
               | st.builds(lambda cut: _mp4()[:cut], st.integers(8, 12000)))


@PROPERTY
@given(IMAGE_BYTES)
def test_arbitrary_bytes_are_an_image_or_a_clear_error(tmp_path_factory, data: bytes) -> None:
    """The single image reader (read-board), the folder reader (--camera FOLDER) and the video
    reader (--camera VIDEO), on the same bytes."""
    folder = tmp_path_factory.mktemp("images")
    (folder / "a.png").write_bytes(data)
    try:
        image = read_image(folder / "a.png")
        assert image.ndim == 3 and min(image.shape[:2]) >= 64
    except ValueError as exc:
        assert "a.png" in str(exc)
    try:
        check_image_folder(folder)
        source = ImageFolder(folder)
        frame = source.read()
        assert frame is None or min(frame.shape[:2]) >= 64
    except ValueError as exc:
        assert "a.png" in str(exc)
    video = folder / "v.mp4"
    video.write_bytes(data)
    try:
        parse_camera(str(video))
        capture = VideoFile(video)
        for _ in range(3):
            frame = capture.read()
            assert frame is None or min(frame.shape[:2]) >= 64
        capture.close()
    except (ValueError, OSError) as exc:
        assert "v.mp4" in str(exc)
    assert sorted(p.name for p in folder.iterdir()) == ["a.png", "v.mp4"]


# --- the command line: one sentence, the exit code, nothing written -------------------------------


@pytest.fixture()
def workdir(tmp_path, monkeypatch, records) -> Path:
    """An empty working folder with a record, images and files a careless user would name."""
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "rec.jsonl", records["lewthwaite"])
    _write(tmp_path / "banana.jsonl", _changed(records["lewthwaite"], "computer", move="banana"))
    (tmp_path / "tiny").mkdir()
    cv2.imwrite("tiny/a.png", np.zeros((1, 1, 3), np.uint8))
    cv2.imwrite("one.png", np.zeros((1, 1, 3), np.uint8))
    cv2.imwrite("long.png", np.zeros((1, 5000, 3), np.uint8))
    (tmp_path / "frames").mkdir()
    (tmp_path / "frames/frame-000000.png").write_bytes(b"mine")
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "text.mp4").write_text("not a video\n" * 20)
    (tmp_path / "m.json").write_text("mine")
    (tmp_path / "k-1.png").write_bytes(b"mine")
    return tmp_path


PLAY = ["play", "lewthwaite", "--frames", "2"]
REFUSED = [
    (PLAY + ["--camera", "rec.jsonl", "--record", "rec.jsonl", "--force"], 2, "'rec.jsonl' is also the input"),
    (PLAY + ["--camera", "synthetic", "--record", "rec.jsonl"], 2, "'rec.jsonl' already exists: add --force"),
    (PLAY + ["--camera", "synthetic", "--save-frames", "frames"], 2, "already holds 1 file(s) like frame-000000"),
    (PLAY + ["--camera", "frames", "--save-frames", "frames/", "--force"], 2, "'frames/' is also the input"),
    (PLAY + ["--camera", "synthetic", "--save-frames", "notes.txt"], 2, "'notes.txt' is a file, not a folder"),
    (PLAY + ["--camera", "synthetic", "--save-frames", "/proc/x"], 2, "cannot write in the folder '/proc'"),
    (PLAY + ["--camera", "tiny"], 2, "'tiny/a.png' is 1 x 1 pixels: too small to show a mat"),
    (["play", "lightning", "--frames", "2", "--camera", "tiny"], 2, "too small to show a mat"),
    (PLAY + ["--camera", "missing.mp4"], 2, "'missing.mp4': no such video file"),
    (PLAY + ["--camera", "/dev/zero"], 2, "neither a video file nor a folder"),
    (PLAY + ["--camera", "synthetic", "--record", "/dev/null", "--force"], 2, "must name a .jsonl file"),
    (PLAY + ["--camera", "text.mp4"], 2, "'text.mp4' is not a video file"),
    (PLAY + ["--camera", ""], 2, "the camera is empty"),
    (PLAY + ["--camera", "7"], 2, "camera 7 does not exist"),
    (["play", "lightning", "--frames", "2", "--camera", "7"], 2, "camera 7 does not exist"),
    (PLAY + ["--camera-fps", "10"], 2, "--camera-fps goes with --physical"),
    (PLAY + ["--force"], 2, "--force goes with --screenshot (or --record, --save-frames)"),
    (["read-board", "one.png", "--game", "lewthwaite"], 2, "'one.png' is 1 x 1 pixels: too small"),
    (["read-board", "long.png", "--game", "lightning"], 2, "'long.png' is 5000 x 1 pixels: too small"),
    (["read-board", "missing.png", "--game", "lightning"], 2, "no image file 'missing.png'"),
    (["synthetic-photo", "lewthwaite", "--seed", "-1", "--out", "p.png"], 2, "out of range 0..4294967295"),
    (["synthetic-photo", "lewthwaite", "--out", "m.png"], 2, "'m.json' already exists (written with 'm.png')"),
    (["print-board", "lewthwaite", "--out", "m.png"], 2, "'m.json' already exists"),
    (["print-tiles", "--out", "m.png"], 2, "'m.json' already exists"),
    (["print-board", "lightning", "--mat", "kids", "--out", "k.png"], 2, "'k-1.png' already exists"),
    (["print-board", "lightning", "--out", "k-1.png"], 2, "'k-1.png' already exists: add --force"),
]


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _exit_code(argv: list[str]) -> int | str | None:
    """``main.main(argv)``'s exit code, whether it returns it or argparse exits with it."""
    try:
        return main.main(argv)
    except SystemExit as exc:
        return exc.code


@pytest.mark.parametrize(("argv", "code", "words"), REFUSED)
def test_refused_in_one_sentence_writing_nothing(workdir, capsys, argv, code, words) -> None:
    before = _snapshot(workdir)
    assert _exit_code(argv) == code
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert _snapshot(workdir) == before


def test_a_damaged_video_is_one_sentence_not_ffmpegs_noise(workdir, capfd) -> None:
    (workdir / "cut.mp4").write_bytes(_mp4()[:40])  # its header, not its frames
    assert _exit_code(PLAY + ["--camera", "cut.mp4"]) == 2
    err = capfd.readouterr().err  # FFmpeg writes to the process's stderr itself
    assert err.strip().splitlines() == ["error: --camera cut.mp4: 'cut.mp4' is not a video OpenCV can play "
                                        "(damaged, cut short, or in another format)"]


def test_a_replay_the_game_refuses_exits_2_naming_the_line(workdir, capsys) -> None:
    assert main.main(["play", "lewthwaite", "--camera", "banana.jsonl", "--frames", "600"]) == 2
    err = capsys.readouterr().err
    assert "banana.jsonl, line" in err and "'banana' cannot be played" in err and "Traceback" not in err


def test_read_board_refuses_greyscale_and_names_the_mat_size(workdir, capsys) -> None:
    assert main.main(["synthetic-photo", "lewthwaite", "--seed", "4", "--out", "p.png"]) == 0
    image = cv2.imread("p.png")
    assert image is not None
    cv2.imwrite("grey.jpg", cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    capsys.readouterr()
    assert main.main(["read-board", "grey.jpg", "--game", "lewthwaite", "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["reason"] == "greyscale"
    assert main.main(["read-board", "p.png", "--game", "lewthwaite", "--rows", "7", "--cols", "7"]) == 3
    assert "shows the 5 x 5 mat, not 7 x 7" in capsys.readouterr().err


# --- the writer policy ------------------------------------------------------------------------


def test_force_replaces_the_named_output_and_what_follows_it(workdir, capsys) -> None:
    assert main.main(["print-board", "lightning", "--mat", "kids", "--out", "k.png", "--force", "--dpi", "72"]) == 0
    assert (workdir / "k-1.png").read_bytes() != b"mine" and (workdir / "k-2.json").exists()
    assert not (workdir / "k.png").exists()
    old = os.umask(0o002)
    try:
        assert main.main(["print-board", "lewthwaite", "--out", "m.png", "--force", "--dpi", "72"]) == 0
    finally:
        os.umask(old)
    for name in ("m.png", "m.json"):  # the umask's permissions, not mkstemp's 0600
        assert stat.S_IMODE((workdir / name).stat().st_mode) == 0o664
    assert not [p for p in workdir.iterdir() if p.name.startswith(".")]


def test_stream_and_folder_outputs(tmp_path) -> None:
    record = tmp_path / "r.jsonl"
    record.write_text("mine")
    with pytest.raises(CliError, match="already exists: add --force"):
        open_stream(record)
    assert record.read_text() == "mine"
    with open_stream(record, force=True) as stream:
        stream.write("new\n")
    assert record.read_text() == "new\n"
    assert stat.S_IMODE(record.stat().st_mode) == 0o666 & ~_umask()
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "frame-000001.png").write_bytes(b"old")
    (folder / "keep.txt").write_text("mine")
    with pytest.raises(CliError, match="add --force"):
        claim_folder(folder, "frame-*.png")
    claim_folder(folder, "frame-*.png", force=True)
    assert [p.name for p in folder.iterdir()] == ["keep.txt"]
    with pytest.raises(CliError, match="is a folder"):
        check_outputs(tmp_path / "x.png", [tmp_path / "x.png", folder], force=True)
    with pytest.raises(CliError, match="not a regular file"):
        open_stream("/dev/null", force=True)
    with pytest.raises(CliError, match="not a regular file"):
        check_outputs("/dev/null", [Path("/dev/null")], force=True, suffixes=("",))
    with pytest.raises(CliError, match="cannot write"):
        write_outputs({folder / "keep.txt" / "x.png": b"x"})  # under a file: a clear error


def _umask() -> int:
    old = os.umask(0)
    os.umask(old)
    return old


def test_a_frame_that_cannot_be_written_is_said_once_and_the_game_goes_on(tmp_path, monkeypatch, capsys) -> None:
    import games.outputs
    from vision.table import _saving

    frames = [np.full((80, 80, 3), k, np.uint8) for k in range(4)]

    class Source:
        def read(self) -> np.ndarray | None:
            return frames.pop(0) if frames else None

        def close(self) -> None:
            pass

    saving = _saving(Source, tmp_path / "saved")()
    assert saving.read() is not None
    monkeypatch.setattr(games.outputs.tempfile, "mkstemp", _full_disk)
    assert saving.read() is not None and saving.read() is not None  # the game still gets its frames
    err = capsys.readouterr().err
    assert err.count("warning: cannot write") == 1 and "frame-000001.png" in err and "not saved" in err
    assert [p.name for p in (tmp_path / "saved").iterdir()] == ["frame-000000.png"]


def _full_disk(*args: Any, **kwargs: Any) -> Any:
    raise OSError(28, "No space left on device")


def test_a_long_status_is_cut_before_the_font_renderer() -> None:
    from kiosk.physical import MAX_STATUS, PhysicalMode

    mode = PhysicalMode.__new__(PhysicalMode)
    mode.session = type("S", (), {"engine": type("E", (), {"problem": "x" * 5_000_000, "phase": "play"})()})()
    line = mode.camera_line()
    assert line is not None
    text, _ = line
    assert len(text) < MAX_STATUS + 40
