"""The physical-board session: a camera feed, the sync engine, the LEDs and the record, wired
around one match, without pygame, cv2 or serial.

* :class:`Feed` turns a live board (:class:`vision.capture.LiveBoard`, or anything with the
  same ``poll``/``calibrate``/``camera_state``/``board.problem``) into timed observations for
  the engine: one camera frame per ``1/fps`` seconds of game time when stepped (headless runs,
  tests: deterministic), or a reader thread that keeps up with the camera (the kiosk).
* :class:`RecordWriter` writes every event as one JSON line (``--record FILE.jsonl``; the
  schema is in ``docs/physical.md``); :func:`read_record` reads it back and
  :class:`RecordFeed` replays its readings, camera statuses, screen actions and computer
  moves, so a recorded game plays again exactly.
* :class:`PhysicalSession` moves everything along once per frame: observations into the engine,
  calibration requests back to the reader, LED lights and sounds onto the effect bus, events
  into the record.
"""

from __future__ import annotations

import collections
import json
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, ClassVar, Generic, Protocol

from games.boards import BoardDescription, Cell, Grid, Picture
from games.cliutil import CliError, shown_path
from games.core import GameInputError
from games.effects import BoardLights, EffectBus, Sound
from games.match import MAX_TEXT, M, Match, S
from games.outputs import open_stream
from games.ports import CameraProblem
from games.sync import LOST_PROBLEMS, ComputerDraw, ComputerMove, Event, Mismatch, Synced, SyncEngine

#: The format tag of a record's first line.
RECORD_FORMAT = "jeux-physical/1"
#: Largest record read back (a long Lightning game with every reading is ~2 MB).
MAX_RECORD = 50_000_000
#: Events a replay feeds in again (everything else is derived, and compared).
INPUT_EVENTS = frozenset({"reading", "status", "undo", "restart", "computer", "draw", "hold", "release"})


@dataclass(frozen=True)
class Observation:
    """What the camera side reports for one frame: a new stable ``picture`` (with its
    ``confidence``), or a change of ``problem`` (``""`` when the frame was read)."""

    frame: int
    time: float
    picture: Picture | None = None
    confidence: float = 1.0
    problem: str | None = None
    #: With ``unsure``: the cells the reader could not make out.
    cells: tuple[Cell, ...] = ()


class TableFeed(Protocol):
    """Where a session's observations come from: a camera (:class:`Feed`), a replayed record
    (:class:`RecordFeed`), or the simulated visitor's pictures (:mod:`games.visitor`)."""

    #: Camera frames a second (the record's ``start`` line says it).
    fps: float

    @property
    def live(self) -> LiveBoard | None:
        """The live board behind the feed (None: a record or pictures, no camera to adjust)."""
        ...

    def start(self) -> TableFeed:
        """Open the camera side; returns self."""
        ...

    def stop(self) -> None:
        """Close the camera side."""

    def step(self, now: float) -> list[Observation]:
        """Everything observed up to ``now`` (seconds since the start)."""
        ...

    def calibrate(self, grid: Grid) -> None:
        """The next frame shows ``grid``: learn its colours."""


class TablePort(Protocol):
    """The camera a physical-board session reads (``main.Camera``, :class:`vision.table.CameraOpener`
    or a test's fake): ``games`` and ``kiosk`` never import ``vision``, so it is known by what it
    does."""

    @property
    def spec(self) -> str:
        """What ``--camera`` named (written in a record's ``start`` line)."""
        ...

    @property
    def kind(self) -> str:
        """``device``, ``synthetic``, ``video``, ``folder`` or ``record`` (a record replays)."""
        ...

    @property
    def stepped(self) -> bool:
        """True for headless runs: one frame per ``1/fps`` s of game time; False for a live
        kiosk, whose table runs on the wall clock (a reader thread keeps up with the camera)."""
        ...

    def feed(self, engine: SyncEngine[S, M], seed: int = 0) -> TableFeed:
        """Frames (or a record's readings) for ``engine``'s board."""
        ...


class LiveReading(Protocol):
    """A stable reading of the live board (:class:`vision.capture.StableReading`)."""

    @property
    def grid(self) -> list[str] | list[list[str]]:
        """Rows of cell codes, as ``read-board`` gives them."""
        ...

    @property
    def confidence(self) -> float:
        """The reading's confidence (its least sure cell, 0..1)."""
        ...

    @property
    def extras(self) -> Mapping[str, object]:
        """For a tile mat with spots: what lies on the hand spot and the reserve slots."""
        ...


class StableView(Protocol):
    """The live board's judge of frames (:class:`vision.capture.StableBoard`), as a feed reads it."""

    @property
    def problem(self) -> CameraProblem:
        """The last frame's problem (``NONE``: read)."""
        ...

    @property
    def frames(self) -> int:
        """Frames judged so far."""
        ...

    def margins(self) -> list[list[float]] | None:
        """Per cell, how sure the last reading was (0..1), None without one."""
        ...

    def report_afresh(self) -> None:
        """Report the next stable state even if it is the last one reported (the board was lost)."""


class LiveBoard(Protocol):
    """Camera frames read into stable board states (:class:`vision.capture.LiveBoard`): ``games``
    never imports ``vision``, so a :class:`Feed` knows it by this protocol."""

    @property
    def board(self) -> StableView:
        """The judge of frames."""
        ...

    @property
    def camera_state(self) -> str:
        """``stopped``, ``running``, ``reconnecting`` or ``ended``."""
        ...

    @property
    def paper_bright(self) -> bool:
        """Read, but with the paper at the sensor's limit (worth lowering the exposure)."""
        ...

    @property
    def lowering_exposure(self) -> bool:
        """The board is lowering the camera's exposure itself."""
        ...

    def start(self) -> object:
        """Open the camera."""
        ...

    def stop(self) -> None:
        """Close the camera."""

    def poll(self) -> LiveReading | None:
        """Read what the camera gave since the last poll: a new stable state, or None."""
        ...

    def calibrate(self, grid: list[str] | list[list[str]]) -> object:
        """Learn the colours on the next frame, which shows ``grid``."""
        ...


def camera_problem(live: LiveBoard) -> str:
    """The live board's status: ``camera`` while no frame comes, else the reader's problem."""
    if live.camera_state != "running":
        return CameraProblem.CAMERA
    return live.board.problem


def unsure_cells(board: StableView, limit: float = 0.05) -> tuple[Cell, ...]:
    """The cells of the last reading the reader was least sure of (below ``limit``, at most
    three), for a reading refused as ``unsure``."""
    margins = board.margins()
    if margins is None:
        return ()
    ranked = sorted((value, (r, c)) for r, row in enumerate(margins) for c, value in enumerate(row))
    return tuple(cell for value, cell in ranked[:3] if value < limit)


class Feed:
    """Camera frames in, :class:`Observation` s out (see the module documentation).

    ``board()`` gives the present board description (to put readings in normal form).
    ``threaded=False``: :meth:`step` polls the live board once per frame due by ``now`` (frame
    ``k`` at ``k / fps`` s). ``threaded=True``: :meth:`start` runs a reader thread and
    :meth:`step` hands over what it found.
    """

    def __init__(self, live: LiveBoard, board: Callable[[], BoardDescription], fps: float = 30.0,
                 threaded: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.live = live
        self.board = board
        self.fps = fps
        self.threaded = threaded
        self.frame = -1
        self._clock = clock
        self._t0 = clock()
        self._problem: str | None = None
        self._cells: tuple[Cell, ...] = ()
        self._queue: collections.deque[Observation] = collections.deque()
        self._calibrate: Grid | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: Seconds of the last frame read and judged (reader cost, for the bench).
        self.read_seconds: list[float] = []

    def start(self) -> Feed:
        """Start the camera (and the reader thread when threaded); returns self."""
        self.live.start()
        if self.threaded:
            self._t0 = self._clock()
            self._thread = threading.Thread(target=self._run, name="physical-reader", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        """Stop the reader thread and the camera."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2.0)
        self.live.stop()

    def calibrate(self, grid: Grid) -> None:
        """Ask the reader to learn the colours on the next frame, which shows ``grid``."""
        with self._lock:
            self._calibrate = grid

    def step(self, now: float) -> list[Observation]:
        """Everything observed up to ``now`` (seconds of game time since the start)."""
        if self.threaded:
            with self._lock:
                found = list(self._queue)
                self._queue.clear()
            return found
        found = []
        while (self.frame + 1) / self.fps <= now + 1e-9:
            found += self._poll((self.frame + 1) / self.fps)
        return found

    def _run(self) -> None:
        idle = 0
        while not self._stop.is_set():
            frame = self.frame
            found = self._poll(self._clock() - self._t0)
            if found:
                with self._lock:
                    self._queue.extend(found)
            if frame == self.frame:  # no new frame yet: wait a little (the camera sets the pace)
                idle += 1
                self._stop.wait(0.002 if idle < 50 else 0.01)
            else:
                idle = 0

    def _poll(self, t: float) -> list[Observation]:
        with self._lock:
            grid, self._calibrate = self._calibrate, None
        if grid is not None:
            try:
                self.live.calibrate(self._rows(grid))
            except Exception as exc:  # noqa: BLE001 - a failed calibration keeps the previous one
                self._problem = None
                return [Observation(max(self.frame, 0), t, problem=f"calibration: {exc}"[:80])]
        board = self.live.board
        before = board.frames
        started = time.perf_counter()
        reading = self.live.poll()
        fed = board.frames != before
        if fed:
            self.read_seconds.append(time.perf_counter() - started)
            del self.read_seconds[:-2000]
        # Stepped, every poll is a camera frame's slot (read or lost); threaded, only a new frame.
        if fed or not self.threaded:
            self.frame += 1
        found = []
        problem = camera_problem(self.live)
        cells = unsure_cells(board) if problem == CameraProblem.UNSURE else ()
        if (problem, cells) != (self._problem, self._cells):
            self._problem, self._cells = problem, cells
            found.append(Observation(max(self.frame, 0), t, problem=problem, cells=cells))
            if problem in LOST_PROBLEMS:
                # When the board is seen again, its state is reported afresh even if unchanged.
                board.report_afresh()
        if reading is not None:
            picture = self.board().read(reading.grid, reading.extras or None)
            found.append(Observation(self.frame, t, picture, float(reading.confidence)))
        return found

    @staticmethod
    def _rows(grid: Grid) -> list[str] | list[list[str]]:
        """A picture's grid as the reader wants it: strings of one-letter codes, or lists (when
        a code is longer, as a tile's ``Z3``)."""
        if all(len(code) == 1 for row in grid for code in row):
            return ["".join(row) for row in grid]
        return [list(row) for row in grid]


# --- the record ------------------------------------------------------------------------------


class RecordWriter:
    """Writes events as JSON lines, flushed one by one (a crash keeps what happened). The file is
    new (:func:`games.outputs.open_stream`: an existing one is replaced only with ``force``)."""

    def __init__(self, path: str | Path, force: bool = False) -> None:
        self.path = Path(path)
        self._file: IO[str] | None = open_stream(self.path, force)

    def write(self, events: Iterable[Event]) -> None:
        """Append ``events``, each as its record line (:meth:`games.sync.Event.as_dict`)."""
        if self._file is None:
            return
        for event in events:
            self._file.write(json.dumps(event.as_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        """Close the file."""
        if self._file is not None:
            self._file.close()
            self._file = None


class RecordError(GameInputError):
    """A record that cannot be replayed: the message names the file, the line and what is wrong."""


class ReplayError(CliError):
    """A record whose events the game refuses while replaying (a computer's move that is not a
    move of the position): the message names the file and the line; the replay stops (exit 2)."""


#: One line of a record as read back: JSON from a file, checked field by field before use
#: (:func:`read_record`); any event name may be there, so its fields are not known beforehand.
RecordLine = dict[str, Any]


class Record(list[RecordLine]):
    """A record's lines (a list), with the file they came from, each line's number, and what the
    reader had to say (a cut last line skipped)."""

    def __init__(self, events: Iterable[RecordLine] = (), path: str = "", lines: Iterable[int] = (),
                 notes: Iterable[str] = ()) -> None:
        super().__init__(events)
        self.path = path
        self.lines = list(lines)
        self.notes = list(notes)

    def where(self, index: int) -> str:
        """``FILE, line N`` for the event at ``index``."""
        line = self.lines[index] if index < len(self.lines) else index + 1
        return f"{self.path or 'the record'}, line {line}"


#: Longest line of a record: the ``start`` line's match text as long as a save may be (a
#: Lightning ``setup`` with every cell to fix is ~20 KB).
MAX_LINE = MAX_TEXT + 100_000
#: Deepest nesting of an event (``mismatch.fixes[k].where`` is 4 deep).
MAX_DEPTH = 6
#: Longest text of a move, a status or a reading's code.
MAX_MOVE_TEXT, MAX_PROBLEM_TEXT, MAX_CODE_TEXT, MAX_SPOT_TEXT = 64, 80, 4, 64
#: Largest frame number and time (over a week of frames at 120 a second).
MAX_FRAME, MAX_TIME = 10**8, 10**6
#: How far back a record's frames and times may go from one event to the next (see read_record).
FRAME_SLACK, TIME_SLACK = 30, 1.0
#: Camera frames a second a record may give (as ``--camera-fps``).
FPS_RANGE = (1.0, 120.0)


def _depth(value: object, limit: int) -> int:
    """How deep ``value`` nests (stops counting past ``limit``)."""
    if limit < 0 or not isinstance(value, dict | list):
        return 0
    children = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(child, limit - 1) for child in children), default=0)


def _number(value: object, lo: float, hi: float) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and lo <= value <= hi


def _short_text(value: object, limit: int) -> bool:
    return isinstance(value, str) and len(value) <= limit and value.isprintable()


def _check_grid(grid: object, board: BoardDescription) -> str | None:
    """Why ``grid`` is not a reading of ``board`` (None when it is)."""
    if not isinstance(grid, list) or len(grid) != board.rows:
        return f"\"grid\" must be a list of {board.rows} rows"
    for row in grid:
        codes = list(row) if isinstance(row, str) else row
        if not isinstance(codes, list) or len(codes) != board.cols:
            return f"each row of \"grid\" must hold {board.cols} cells"
        if not all(isinstance(code, str) and 1 <= len(code) <= MAX_CODE_TEXT and code.isprintable() for code in codes):
            return f"each cell of \"grid\" is a code of 1 to {MAX_CODE_TEXT} letters"
    return None


def _check_input(event: RecordLine, board: BoardDescription) -> str | None:
    """Why an input event (one the replay feeds in again) is not usable (None when it is)."""
    kind = event["event"]
    if kind == "reading":
        problem = _check_grid(event.get("grid"), board)
        if problem:
            return problem
        spots = event.get("spots")
        if spots is not None and not (isinstance(spots, dict) and all(
                _short_text(name, MAX_SPOT_TEXT) and (_short_text(code, MAX_SPOT_TEXT) or (
                    isinstance(code, list) and len(code) <= MAX_SPOT_TEXT
                    and all(_short_text(c, MAX_CODE_TEXT) for c in code)))
                for name, code in spots.items())):
            return "\"spots\" must be an object of short texts, such as {\"hand\": \"Z\", \"reserve\": \"DD\"}"
        if not _number(event.get("confidence", 1.0), 0.0, 1.0):
            return "\"confidence\" must be a number from 0 to 1"
    elif kind == "status":
        problem = event.get("problem", "")
        # "@..." is how the replay passes screen actions along (PhysicalSession.update).
        if not isinstance(problem, str) or len(problem) > MAX_PROBLEM_TEXT or problem.startswith("@"):
            return f"\"problem\" must be a reader's status, a text of at most {MAX_PROBLEM_TEXT} characters"
        cells = event.get("cells", [])
        if not isinstance(cells, list) or not all(
                isinstance(cell, list) and len(cell) == 2 and all(type(x) is int for x in cell)
                and board.exists((cell[0], cell[1])) for cell in cells):
            return f"\"cells\" must be a list of [row, column] on the {board.rows} x {board.cols} board"
    elif (kind in ("computer", "draw") or (kind == "move" and event.get("by") == "touch")) and (
            not _short_text(event.get("move"), MAX_MOVE_TEXT) or not event["move"].strip()):
            return f"\"move\" must be a move's text of at most {MAX_MOVE_TEXT} characters"
    return None


def _check_start(event: RecordLine) -> Match:
    """The match a ``start`` event begins (RecordError when the event is not usable)."""
    if event.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a physical-board record (the first line is a \"start\" event, format "
                          f"\"{RECORD_FORMAT}\")")
    if not _number(event.get("fps", 30.0), *FPS_RANGE):
        raise RecordError(f"\"fps\" must be a number from {FPS_RANGE[0]:g} to {FPS_RANGE[1]:g}")
    text = event.get("match")
    if not isinstance(text, str):
        raise RecordError("\"match\" must be the match's text")
    try:
        match = Match.from_text(text)
    except GameInputError as exc:
        raise RecordError(f"the match cannot be read: {exc}"[:300]) from None
    if event.get("game", match.game) != match.game:
        raise RecordError(f"\"game\" says {str(event.get('game'))[:20]!r} but the match is one of {match.game}")
    return match


def read_record(path: str | Path) -> Record:
    """The one reader of a physical-board record: every event checked before anything uses it.

    The file is at most :data:`MAX_RECORD` bytes of UTF-8, each line at most :data:`MAX_LINE`
    and nested at most :data:`MAX_DEPTH` deep; the first line is ``start`` with the format tag
    and a match that reads back; every event has an ``event`` name, an integer ``frame`` and a
    number ``time``, neither going back; the events the replay feeds in again (readings on the
    match's board, statuses, moves' texts) have the types and ranges ``docs/physical.md`` gives.
    A last line cut short (as a crash leaves it) is skipped and said in :attr:`Record.notes`.
    Anything else is a :class:`RecordError` naming the file, the line and the fix."""
    path = Path(path)
    name = shown_path(path)
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise RecordError(f"{name}: a record is a file, this is not one")
        if size > MAX_RECORD:
            raise RecordError(f"{name}: a record is at most {MAX_RECORD} bytes, this one has {size}")
        data = path.read_bytes()[:MAX_RECORD]
    except OSError as exc:
        raise RecordError(f"{name}: cannot read the record ({exc.strerror or exc})") from None
    record = Record(path=str(path))
    board: BoardDescription | None = None
    previous: tuple[int, float] = (0, 0.0)
    lines = data.split(b"\n")
    for number, raw in enumerate(lines, 1):
        where = f"{name}, line {number}"
        cut = number == len(lines) and raw.strip() != b""  # no newline after it: written last
        if not raw.strip():
            continue
        try:
            if len(raw) > MAX_LINE:
                raise RecordError(f"{where}: a line is at most {MAX_LINE} bytes, this one has {len(raw)}")
            try:
                event = json.loads(raw.decode("utf-8"))
            except UnicodeDecodeError:
                raise RecordError(f"{where}: a record is UTF-8 text") from None
            except RecursionError:
                raise RecordError(f"{where}: nested too deeply (at most {MAX_DEPTH} levels)") from None
            except ValueError as exc:
                raise RecordError(f"{where}: not JSON ({exc})"[:300]) from None
        except RecordError:
            if cut and record:
                record.notes.append(f"{where}: the last line is cut short (the session was stopped while "
                                    "writing it); it was skipped")
                break
            raise
        if not isinstance(event, dict) or not _short_text(event.get("event"), 20):
            raise RecordError(f"{where}: an event is an object with an \"event\" name")
        if _depth(event, MAX_DEPTH) > MAX_DEPTH:
            raise RecordError(f"{where}: nested too deeply (at most {MAX_DEPTH} levels)")
        frame, moment = event.get("frame"), event.get("time")
        if type(frame) is not int or not 0 <= frame <= MAX_FRAME or not _number(moment, 0, MAX_TIME):
            raise RecordError(f"{where}: an event has an integer \"frame\" (0 to {MAX_FRAME}) and a number "
                              f"\"time\" (0 to {MAX_TIME} seconds)")
        # Threaded sessions stamp a few events with the screen's clock, others with the camera's:
        # a little slack, but a record that goes back is not one this program wrote.
        moment = float(moment)  # type: ignore[arg-type]  # a number: checked above
        if frame < previous[0] - FRAME_SLACK or moment < previous[1] - TIME_SLACK:
            raise RecordError(f"{where}: the events are out of order (frame {frame} at {moment} s comes after "
                              f"frame {previous[0]} at {previous[1]} s)")
        previous = (max(frame, previous[0]), max(moment, previous[1]))
        try:
            if board is None:
                if event["event"] != "start":
                    raise RecordError("not a physical-board record (the first line is a \"start\" event, "
                                      f"format \"{RECORD_FORMAT}\")")
                board = _check_start(event).board
            else:
                problem = _check_input(event, board)
                if problem:
                    raise RecordError(f"a \"{event['event']}\" event: {problem}")
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        record.append(event)
        record.lines.append(number)
    if board is None:
        raise RecordError(f"{name}: not a physical-board record (the first line is a \"start\" event, format "
                          f"\"{RECORD_FORMAT}\")")
    return record


@dataclass(frozen=True)
class Start(Event):
    """The record's first line: the format, the game, the match as saved, the camera."""

    format: str
    game: str
    match: str
    fps: float
    camera: str
    KIND: ClassVar[str] = "start"


@dataclass(frozen=True)
class Close(Event):
    """The record's last line: the final position and every move played."""

    position: str
    moves: tuple[str, ...]
    KIND: ClassVar[str] = "close"


def start_event(match: Match, fps: float, camera: str) -> Start:
    """The record's first line: the format, the game, the match as saved, the camera."""
    return Start(0, 0.0, RECORD_FORMAT, match.game, match.to_text(), fps, camera)


class RecordFeed(Generic[S, M]):
    """Replays a record: readings and statuses as a :class:`Feed` would give them, screen
    actions (undo, restart, moves by touch) into the match, and the computer's recorded moves
    (:meth:`computer`), each at its own time."""

    #: No camera behind a record.
    live: LiveBoard | None = None

    def __init__(self, events: Iterable[RecordLine | Event], board: Callable[[], BoardDescription]) -> None:
        """``events``: a record as read (:func:`read_record`), or events as a session made them."""
        self.events = events if isinstance(events, Record) else Record(
            event.as_dict() if isinstance(event, Event) else event for event in events)
        self.board = board
        self.match: Match[S, M] | None = None
        self.position = 1
        #: Indexes of the computer's recorded moves not yet played.
        self._computer: collections.deque[int] = collections.deque()
        self.frame = -1
        self.fps = float(self.events[0].get("fps", 30.0))

    def start(self) -> RecordFeed:
        """Nothing to start."""
        return self

    def stop(self) -> None:
        """Nothing to stop."""

    def calibrate(self, grid: Grid) -> None:
        """Calibration happened in the recorded session."""

    def step(self, now: float) -> list[Observation]:
        """The recorded inputs up to ``now``; screen actions are played into the match."""
        found: list[Observation] = []
        while self.position < len(self.events) and self.events[self.position]["time"] <= now + 1e-9:
            event = self.events[self.position]
            self.position += 1
            self.frame = max(self.frame, int(event["frame"]))
            kind = event["event"]
            if kind == "reading":
                try:
                    picture = self.board().read(event.get("grid") or [], event.get("spots"))
                except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
                    raise self._refused(self.position - 1, "the reading does not fit the board", exc) from None
                found.append(Observation(event["frame"], event["time"], picture, float(event.get("confidence", 1))))
            elif kind == "status":
                cells = tuple(tuple(cell) for cell in event.get("cells", ()))
                found.append(Observation(event["frame"], event["time"], problem=str(event.get("problem", "")),
                                         cells=cells))
            elif kind in ("computer", "draw"):
                self._computer.append(self.position - 1)
            elif kind in ("hold", "release") or (self.match is not None and kind in ("undo", "restart")):
                found.append(Observation(event["frame"], event["time"], problem=f"@{kind}"))
            elif self.match is not None and kind == "move" and event.get("by") == "touch":
                found.append(Observation(event["frame"], event["time"], problem=f"@touch {self.position - 1}"))
        return found

    def _refused(self, index: int, what: str, exc: Exception) -> ReplayError:
        """The replay stops: the event at ``index`` is not one the game takes."""
        return ReplayError(f"{self.events.where(index)}: {what} ({str(exc)[:200]}): the record was changed or "
                           "not written by this program; replay one that --record wrote")

    def played(self, index: int) -> M:
        """The move of the event at ``index`` (the computer's, or a move by touch), checked as a
        move of the present position: :class:`ReplayError` otherwise."""
        assert self.match is not None
        state = self.match.state
        try:
            move = state.parse_move(str(self.events[index]["move"]))
            state.play(move)
        except ValueError as exc:  # GameInputError and IllegalMoveError alike
            raise self._refused(index, f"the move '{self.events[index]['move']}' cannot be played", exc) from None
        return move

    def computer(self) -> M | None:
        """The computer's next recorded move, once the replay has reached it."""
        if not self._computer or self.match is None:
            return None
        return self.played(self._computer.popleft())

    @property
    def done(self) -> bool:
        """True once every recorded event was replayed."""
        return self.position >= len(self.events)


# --- the session -------------------------------------------------------------------------------


#: Events a session keeps in memory, the newest (a few hundred bytes each): the record file has
#: them all, and a long game on the table must not grow the kiosk with every reading.
EVENTS_KEPT = 1000


class PhysicalSession(Generic[S, M]):
    """One physical-board game: ``update(now)`` once per frame does everything (see the module
    documentation). ``bus`` receives :class:`Sound` and, with ``publish_lights``,
    :class:`BoardLights` (unless the camera is lost: then the screen's usual lights apply; a
    scene that publishes lights itself asks :meth:`lights`); ``record`` receives every event;
    :attr:`events` keeps the newest :data:`EVENTS_KEPT` (:attr:`event_count`: how many there were)."""

    def __init__(self, match: Match[S, M], feed: TableFeed | None = None, bus: EffectBus | None = None, *,
                 record: RecordWriter | None = None, camera: str = "", publish_lights: bool = True,
                 mismatch_delay: float = 0.6, lost_after: float = 1.5, hot_seat: bool | None = None) -> None:
        self.match = match
        self.feed = feed
        self.bus = bus
        self.record = record
        self.camera = camera
        self.publish_lights = publish_lights
        self.engine = SyncEngine(match, mismatch_delay=mismatch_delay, lost_after=lost_after, hot_seat=hot_seat)
        self.events: collections.deque[Event] = collections.deque(maxlen=EVENTS_KEPT)
        self.event_count = 0
        self.now = 0.0
        self._lights: BoardLights | None = None

    @property
    def camera_feed(self) -> TableFeed:
        """The feed (given to the constructor or to :meth:`start`)."""
        assert self.feed is not None, "the session has no feed yet: start(feed)"
        return self.feed

    def start(self, feed: TableFeed | None = None) -> PhysicalSession:
        """Start the camera side (``feed`` if the session was built without one: the simulated
        table's visitor needs the engine first); the record begins. Returns self."""
        if feed is not None:
            self.feed = feed
        if isinstance(self.feed, RecordFeed):
            # A replay: the screen actions go into this match, the computer plays as recorded.
            self.feed.match = self.match
            self.engine.computer = self.feed.computer
        if self.record is not None:
            self.record.write([start_event(self.match, self.camera_feed.fps, self.camera)])
        self.camera_feed.start()
        return self

    def update(self, now: float) -> list[Event]:
        """Move everything along to ``now`` (seconds since the start); returns the new events."""
        self.now = now
        engine = self.engine
        for seen in self.camera_feed.step(now):
            engine.tick(seen.time)  # time passes up to the observation first
            if seen.problem is not None and seen.problem.startswith("@"):
                self._screen_action(seen.problem[1:])
            elif seen.problem is not None:
                engine.status(seen.problem, seen.time, seen.frame, seen.cells)
            elif seen.picture is not None:
                engine.observe(seen.picture, seen.time, seen.frame, seen.confidence)
            engine.tick(seen.time)
        engine.tick(now)
        if engine.calibrate is not None:
            self.camera_feed.calibrate(engine.calibrate)
            engine.calibrate = None
        events = engine.take_events()
        if self.record is not None and events:
            self.record.write(events)
        self.events.extend(events)
        self.event_count += len(events)
        self._effects(events)
        return events

    def _screen_action(self, action: str) -> None:
        """A recorded undo, restart, move by touch, hold or release, replayed."""
        if action in ("hold", "release"):
            self.engine.hold(action == "hold")
        elif action == "undo":
            self.match.undo()
        elif action == "restart":
            self.match.restart()
        elif action.startswith("touch ") and isinstance(self.feed, RecordFeed):
            self.match.play(self.feed.played(int(action[len("touch "):])))

    def lights(self) -> BoardLights | None:
        """The LED message the table needs now (None: the screen's usual lights)."""
        found = self.engine.lights()
        if found is None:
            return None
        roles, colours = found
        return self.engine.board.lights(roles, colours=colours)

    def _effects(self, events: list[Event]) -> None:
        if self.bus is None:
            return
        if self.publish_lights:
            lights = self.lights()
            if lights is not None and lights != self._lights:
                self.bus.publish(lights)
            self._lights = lights
        kinds = {type(event) for event in events}
        if Mismatch in kinds:
            self.bus.publish(Sound("error", 0.6))
        elif Synced in kinds:
            self.bus.publish(Sound("whoosh", 0.6))
        elif kinds & {ComputerMove, ComputerDraw}:
            self.bus.publish(Sound("hint", 0.5))

    def close(self) -> None:
        """Stop the camera; the record ends with the final position."""
        self.camera_feed.stop()
        if self.record is not None:
            state = self.match.state
            played = zip(self.match.history.states, self.match.moves, strict=False)
            self.record.write([Close(max(self.engine.frame, 0), round(self.now, 3), state.to_text(),
                                     tuple(s.move_to_text(m) for s, m in played))])
            self.record.close()


# --- the physical-board options (read from the command line by games.physical_cli) -------------


#: The files ``--save-frames`` writes in its folder.
FRAME_FILES = "frame-*.png"
#: ``--camera-fps`` when not given.
DEFAULT_CAMERA_FPS = 30.0


@dataclass(frozen=True)
class TableOptions:
    """The physical-board options of a command (:func:`games.physical_cli.add_physical_args`),
    checked by :func:`games.physical_cli.physical_options`: the mode is on (``physical``) with
    ``--physical`` or ``--camera``; ``force`` is the interactive commands' ``--force``."""

    physical: bool = False
    camera: str | None = None
    camera_fps: float = DEFAULT_CAMERA_FPS
    record: str | None = None
    save_frames: str | None = None
    force: bool = False


def replayed_match(table: TableOptions, game: str) -> Match | None:
    """The match a record given as ``--camera FILE.jsonl`` starts from (None for a camera); a
    record of another game than ``game`` is refused."""
    camera = table.camera or ""
    if not camera.endswith(".jsonl"):
        return None
    try:
        record = read_record(camera)
        match = Match.from_text(str(record[0].get("match", "")))
    except GameInputError as exc:
        raise CliError(str(exc)) from None
    for note in record.notes:
        print(f"warning: {note}", file=sys.stderr)
    if match.game != game:
        raise CliError(f"{camera} records a game of {match.game}, not of {game}")
    return match
