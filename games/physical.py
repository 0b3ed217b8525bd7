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

import argparse
import collections
import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from games.boards import BoardDescription, Picture
from games.cliutil import CliError, float_in_range, output_path
from games.core import GameInputError
from games.effects import BoardLights, EffectBus, Sound
from games.match import Match
from games.sync import LOST_PROBLEMS, Event, SyncEngine

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
    cells: tuple[tuple[int, int], ...] = ()


def camera_problem(live: Any) -> str:
    """The live board's status: ``camera`` while no frame comes, else the reader's problem."""
    if getattr(live, "camera_state", "running") not in ("running",):
        return "camera"
    board = getattr(live, "board", None)
    return str(getattr(board, "problem", "") or "")


def unsure_cells(stable_board: Any, limit: float = 0.05) -> tuple[tuple[int, int], ...]:
    """The cells of the last reading the reader was least sure of (below ``limit``, at most
    three), for a reading refused as ``unsure``."""
    reading = getattr(stable_board, "last_reading", None)
    margins = getattr(reading, "cell_confidence", None)
    if margins is None:
        return ()
    try:
        ranked = sorted((float(value), (r, c)) for r, row in enumerate(margins) for c, value in enumerate(row))
    except TypeError:
        return ()
    return tuple(cell for value, cell in ranked[:3] if value < limit)


class Feed:
    """Camera frames in, :class:`Observation` s out (see the module documentation).

    ``board()`` gives the present board description (to put readings in normal form).
    ``threaded=False``: :meth:`step` polls the live board once per frame due by ``now`` (frame
    ``k`` at ``k / fps`` s). ``threaded=True``: :meth:`start` runs a reader thread and
    :meth:`step` hands over what it found.
    """

    def __init__(self, live: Any, board: Callable[[], BoardDescription], fps: float = 30.0,
                 threaded: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.live = live
        self.board = board
        self.fps = fps
        self.threaded = threaded
        self.frame = -1
        self._clock = clock
        self._t0 = clock()
        self._problem: str | None = None
        self._cells: tuple[tuple[int, int], ...] = ()
        self._queue: collections.deque[Observation] = collections.deque()
        self._calibrate: Any | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: Seconds of the last frame read and judged (reader cost, for the bench).
        self.read_seconds: list[float] = []

    def start(self) -> Feed:
        """Start the camera (and the reader thread when threaded); returns self."""
        starter = getattr(self.live, "start", None)
        if starter is not None:
            starter()
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
        stopper = getattr(self.live, "stop", None)
        if stopper is not None:
            stopper()

    def calibrate(self, grid: Any) -> None:
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
        board = getattr(self.live, "board", None)
        before = getattr(board, "frames", None)
        started = time.perf_counter()
        reading = self.live.poll()
        fed = getattr(board, "frames", None) != before
        if fed:
            self.read_seconds.append(time.perf_counter() - started)
            del self.read_seconds[:-2000]
        # Stepped, every poll is a camera frame's slot (read or lost); threaded, only a new frame.
        if fed or not self.threaded:
            self.frame += 1
        found = []
        problem = camera_problem(self.live)
        cells = unsure_cells(board) if problem == "unsure" else ()
        if (problem, cells) != (self._problem, self._cells):
            self._problem, self._cells = problem, cells
            found.append(Observation(max(self.frame, 0), t, problem=problem, cells=cells))
            if problem in LOST_PROBLEMS and board is not None and getattr(board, "accepted", None) is not None:
                # When the board is seen again, its state is reported afresh even if unchanged.
                board.accepted = None
        if reading is not None:
            spots = getattr(reading, "spots", None) or getattr(reading, "extras", None)
            picture = self.board().read(reading.grid, spots)
            found.append(Observation(self.frame, t, picture, float(getattr(reading, "confidence", 1.0))))
        return found

    @staticmethod
    def _rows(grid: Any) -> list[Any]:
        """A picture's grid as the reader wants it: strings of one-letter codes, or lists."""
        return ["".join(row) if all(len(code) == 1 for code in row) else list(row) for row in grid]


# --- the record ------------------------------------------------------------------------------


class RecordWriter:
    """Writes events as JSON lines, flushed one by one (a crash keeps what happened)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] | None = self.path.open("w", encoding="utf-8")

    def write(self, events: Iterable[Event]) -> None:
        """Append ``events``."""
        if self._file is None:
            return
        for event in events:
            self._file.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        """Close the file."""
        if self._file is not None:
            self._file.close()
            self._file = None


def read_record(path: str | Path) -> list[Event]:
    """A record's events, checked: the first is ``start`` with the format tag, every one has an
    ``event``, a ``frame`` and a ``time`` (GameInputError naming the line otherwise)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_RECORD:
            raise GameInputError(f"{path}: a record is at most {MAX_RECORD} bytes, this one has {size}")
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise GameInputError(f"{path}: cannot read the record ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise GameInputError(f"{path}: a record is UTF-8 text") from None
    events: list[Event] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError as exc:
            raise GameInputError(f"{path}, line {number}: not JSON ({exc})"[:300]) from None
        if not isinstance(event, dict) or not isinstance(event.get("event"), str):
            raise GameInputError(f"{path}, line {number}: an event is an object with an \"event\" name")
        if type(event.get("frame")) is not int or not isinstance(event.get("time"), int | float):
            raise GameInputError(f"{path}, line {number}: an event has an integer \"frame\" and a number \"time\"")
        events.append(event)
    if not events or events[0]["event"] != "start" or events[0].get("format") != RECORD_FORMAT:
        raise GameInputError(f"{path}: not a physical-board record (the first line is a \"start\" event, "
                             f"format \"{RECORD_FORMAT}\")")
    return events


def start_event(match: Match, fps: float, camera: str) -> Event:
    """The record's first line: the format, the game, the match as saved, the camera."""
    return {"event": "start", "frame": 0, "time": 0.0, "format": RECORD_FORMAT, "game": match.game,
            "match": match.to_text(), "fps": fps, "camera": camera}


class RecordFeed:
    """Replays a record: readings and statuses as a :class:`Feed` would give them, screen
    actions (undo, restart, moves by touch) into the match, and the computer's recorded moves
    (:meth:`computer`), each at its own time."""

    def __init__(self, events: list[Event], board: Callable[[], BoardDescription]) -> None:
        self.events = events
        self.board = board
        self.match: Match | None = None
        self.position = 1
        self._computer: collections.deque[Event] = collections.deque()
        self.frame = -1
        self.fps = float(events[0].get("fps", 30.0))

    def start(self) -> RecordFeed:
        """Nothing to start."""
        return self

    def stop(self) -> None:
        """Nothing to stop."""

    def calibrate(self, grid: Any) -> None:
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
                grid = event.get("grid") or []
                picture = self.board().read(grid, event.get("spots"))
                found.append(Observation(event["frame"], event["time"], picture, float(event.get("confidence", 1))))
            elif kind == "status":
                cells = tuple(tuple(cell) for cell in event.get("cells", ()))
                found.append(Observation(event["frame"], event["time"], problem=str(event.get("problem", "")),
                                         cells=cells))
            elif kind in ("computer", "draw"):
                self._computer.append(event)
            elif kind in ("hold", "release") or (self.match is not None and kind in ("undo", "restart")):
                found.append(Observation(event["frame"], event["time"], problem=f"@{kind}"))
            elif self.match is not None and kind == "move" and event.get("by") == "touch":
                found.append(Observation(event["frame"], event["time"], problem=f"@touch {event['move']}"))
        return found

    def computer(self) -> Any | None:
        """The computer's next recorded move, once the replay has reached it."""
        if not self._computer or self.match is None:
            return None
        event = self._computer.popleft()
        return self.match.state.parse_move(str(event["move"]))

    @property
    def done(self) -> bool:
        """True once every recorded event was replayed."""
        return self.position >= len(self.events)


# --- the session -------------------------------------------------------------------------------


class PhysicalSession:
    """One physical-board game: ``update(now)`` once per frame does everything (see the module
    documentation). ``bus`` receives :class:`Sound` and, with ``publish_lights``,
    :class:`BoardLights` (unless the camera is lost: then the screen's usual lights apply; a
    scene that publishes lights itself asks :meth:`lights`); ``record`` receives every event."""

    def __init__(self, match: Match, feed: Any = None, bus: EffectBus | None = None, *,
                 record: RecordWriter | None = None, camera: str = "", publish_lights: bool = True,
                 **engine_options: Any) -> None:
        self.match = match
        self.feed = feed
        self.bus = bus
        self.record = record
        self.camera = camera
        self.publish_lights = publish_lights
        self.engine = SyncEngine(match, **engine_options)
        self.events: list[Event] = []
        self.now = 0.0
        self._lights: BoardLights | None = None

    def start(self, feed: Any = None) -> PhysicalSession:
        """Start the camera side (``feed`` if the session was built without one: the simulated
        table's visitor needs the engine first); the record begins. Returns self."""
        if feed is not None:
            self.feed = feed
        if isinstance(self.feed, RecordFeed):
            # A replay: the screen actions go into this match, the computer plays as recorded.
            self.feed.match = self.match
            self.engine.computer = self.feed.computer
        if self.record is not None:
            self.record.write([start_event(self.match, self.feed.fps, self.camera)])
        self.feed.start()
        return self

    def update(self, now: float) -> list[Event]:
        """Move everything along to ``now`` (seconds since the start); returns the new events."""
        self.now = now
        engine = self.engine
        for seen in self.feed.step(now):
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
            self.feed.calibrate(engine.calibrate)
            engine.calibrate = None
        events = engine.take_events()
        if self.record is not None and events:
            self.record.write(events)
        self.events += events
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
        elif action.startswith("touch "):
            self.match.play(self.match.state.parse_move(action[len("touch "):]))

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
        kinds = {event["event"] for event in events}
        if "mismatch" in kinds:
            self.bus.publish(Sound("error", 0.6))
        elif "synced" in kinds:
            self.bus.publish(Sound("whoosh", 0.6))
        elif kinds & {"computer", "draw"}:
            self.bus.publish(Sound("hint", 0.5))

    def close(self) -> None:
        """Stop the camera; the record ends with the final position."""
        self.feed.stop()
        if self.record is not None:
            state = self.match.state
            played = zip(self.match.history.states, self.match.moves, strict=False)
            self.record.write([{"event": "close", "frame": max(self.engine.frame, 0), "time": round(self.now, 3),
                                "position": state.to_text(), "moves": [s.move_to_text(m) for s, m in played]}])
            self.record.close()


# --- the command line (pure: argparse only) ------------------------------------------------------


def add_physical_args(parser: argparse.ArgumentParser) -> None:
    """The physical-board mode: real pieces under a camera (see ``docs/physical.md``)."""
    group = parser.add_argument_group("physical board")
    group.add_argument("--physical", action="store_true",
                       help="play on a real board under the camera (the screen and the LEDs follow it)")
    group.add_argument("--camera", default=None, metavar="0|synthetic|VIDEO|FOLDER|RECORD.jsonl",
                       help="camera index, 'synthetic' (a simulated visitor, for demos), a video file, a folder "
                            "of images played in name order, or a record to replay (default 0 with --physical)")
    group.add_argument("--camera-fps", type=float_in_range(1, 120, "frames a second"), default=30.0, metavar="F",
                       help="frames a second of a video or a folder (headless runs read one per 1/F s of game "
                            "time; default 30)")
    group.add_argument("--record", type=output_path(".jsonl"), default=None, metavar="FILE.jsonl",
                       help="write every event (readings, moves, mismatches, camera lost/back) as JSON lines")
    group.add_argument("--save-frames", default=None, metavar="FOLDER",
                       help="also keep every camera frame as an image, to replay the session with --camera FOLDER")


def physical_options(args: argparse.Namespace) -> bool:
    """True when ``args`` ask for the physical-board mode (``--camera`` implies it); the options
    that only make sense there are refused without it (exit 2)."""
    physical = bool(getattr(args, "physical", False) or getattr(args, "camera", None))
    if not physical:
        for option in ("record", "save_frames"):
            if getattr(args, option, None):
                raise CliError(f"--{option.replace('_', '-')} goes with --physical (a real board under a camera)")
    args.physical = physical
    return physical


def replayed_match(args: argparse.Namespace) -> Any:
    """The match a record given as ``--camera FILE.jsonl`` starts from (None for a camera)."""
    camera = getattr(args, "camera", None) or ""
    if not camera.endswith(".jsonl"):
        return None
    try:
        start = read_record(camera)[0]
        match = Match.from_text(str(start.get("match", "")))
    except GameInputError as exc:
        raise CliError(str(exc)) from None
    if match.game != getattr(args, "game", match.game):
        raise CliError(f"{camera} records a game of {match.game}, not of {args.game}")
    return match
