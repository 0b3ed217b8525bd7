"""The simulated table: a scripted visitor plays on a virtual physical board.

A :class:`Visitor` is a person at the board who looks at what the screen and the LEDs ask (the
sync engine's phase, fixes and guide) and moves pieces on a virtual table, one camera frame at
a time (:meth:`Visitor.next_shot`): a hand over the board while a piece moves, slow slides
through cells in between, and the mistakes children make, on cue (``faults``: the visitor's
own turn number -> a fault name, see :data:`FAULTS`). It keeps the ground truth: every move it
made on the table (:attr:`Visitor.made`) and every wrong action with whether the screen
flagged it (:attr:`Visitor.wrong`).

The frames are turned into camera images by :class:`vision.table.TableCamera` (the real reader
then reads them), or, much faster, straight into readings by :class:`PictureFeed`, which
behaves like the reader's stability gate. :func:`run_table` plays a whole game either way.

Nothing here imports pygame, cv2 or serial (the camera is handed in).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.boards import EMPTY, Cell, Picture, grid_diff, slide_pictures
from games.match import Match
from games.physical import LiveBoard, Observation, PhysicalSession, RecordWriter
from games.ports import CameraProblem
from games.sync import COMPUTER, DRAW, FIX, LOST, PLAY, SETUP, Event, SyncEngine

#: Mistakes a visitor can make on cue (not every game has every one):
#: ``illegal`` a move the rules forbid (a far slide, a tile where it may not go), slid slowly
#: across the cells in between; ``wrong_player`` the other colour's token; ``knock`` a piece
#: knocked off the board; ``stack`` a token put on another one; ``turn`` a tile turned by a
#: sleeve; ``slow`` the right move, slowly, through the cells in between; ``quick_two`` (hot
#: seat) the next player moves at once too; ``wrong_computer`` another move than the computer's;
#: ``drop`` the camera unplugged, the move played on the screen (and on the table);
#: ``drop_stale`` the same, the table left behind.
FAULTS = ("illegal", "wrong_player", "knock", "stack", "turn", "slow", "quick_two", "wrong_computer", "drop",
          "drop_stale")
#: Pieces the visitor lays per gesture while setting the table up.
SETUP_CHUNK = 13
WRONG = frozenset({"illegal", "wrong_player", "knock", "stack", "turn", "wrong_computer"})


@dataclass(frozen=True)
class Shot:
    """The table during one camera frame: what lies on it, where a hand reaches over it (a cell
    or a spot name; None: no hand), whether the camera is unplugged, and how many times each
    piece was put down again (a piece set down again lies a little differently)."""

    picture: Picture
    hand: Any = None
    dropped: bool = False
    nudges: tuple[tuple[Cell, int], ...] = ()


@dataclass
class Wrong:
    """A wrong action of the visitor and whether the screen flagged it before it was put right."""

    frame: int
    kind: str
    flagged: bool = False


class Visitor:
    """A scripted person at the table (see the module documentation).

    ``table`` is what lies on the table at first (an empty board by default). ``level`` is the
    computer level the visitor plays its own moves like (``None``: random legal moves).
    """

    def __init__(self, engine: SyncEngine, *, seed: int = 0, faults: Mapping[int, str] | None = None,
                 table: Picture | None = None, level: str | None = None, fps: float = 30.0,
                 hand_frames: tuple[int, int] = (2, 4), drop_seconds: float = 2.5) -> None:
        self.engine = engine
        self.match: Match = engine.match
        self.board = engine.board
        self.rng = random.Random(f"visitor-{seed}")
        self.faults = dict(faults or {})
        self.level = level
        self.fps = fps
        self.hand_frames = hand_frames
        self.drop_frames = round(drop_seconds * fps)
        self.table = table if table is not None else self._empty_table()
        self.frame = -1
        self.turns = 0
        self.queue: deque[Shot] = deque()
        self.waiting: tuple[Callable[[], bool], int, Callable[[bool], None]] | None = None
        self.dropped_until = -1
        #: Move texts the visitor made on the table (or on the screen, by touch), in order.
        self.made: list[str] = []
        #: Legal moves the engine did not take within the time allowed.
        self.missed: list[tuple[int, list[str]]] = []
        self.wrong: list[Wrong] = []
        self.touched = 0
        self.idle_frames = 0
        #: Pieces set down again (a fix asked for a piece that was already there: the camera
        #: misread it, and the child puts it down once more).
        self.nudges: dict[Cell, int] = {}
        #: Moves made so far -> the first camera frame without a hand after the gesture that made
        #: them (the latency bench measures from there).
        self.free_frames: dict[int, int] = {}
        self.wrong_computer = False
        self._drop_stale = False
        #: The visitor waits while the screen holds the table (a card over the game); an
        #: impatient one plays on (the tests check that nothing counts meanwhile).
        self.patient = True

    def _empty_table(self) -> Picture:
        empty = self.board.empty_grid()
        spots = self.board.picture(self.match.state).spots
        return Picture(empty, tuple((name, "" if name == "reserve" else EMPTY) for name, _ in spots))

    # --- frames --------------------------------------------------------------------------

    def next_dropped(self) -> bool:
        """True when the next frame has the camera unplugged."""
        return self.frame + 1 < self.dropped_until

    def next_shot(self) -> Shot:
        """The table during the next camera frame."""
        self.frame += 1
        shot = self._shot()
        nudges = tuple(sorted(self.nudges.items()))
        return Shot(shot.picture, shot.hand, self.frame < self.dropped_until, nudges)

    def _shot(self) -> Shot:
        for _ in range(4):
            if self.queue:
                return self.queue.popleft()
            if self.patient and self.engine.held:
                # A card covers the screen: the visitor reads it, hands off the table (a wait
                # for the engine does not run out meanwhile).
                if self.waiting is not None:
                    done, deadline, then = self.waiting
                    self.waiting = (done, deadline + 1, then)
                return Shot(self.table)
            if self.waiting is not None:
                done, deadline, then = self.waiting
                finished = done()
                if not finished and self.frame < deadline:
                    return Shot(self.table)
                self.waiting = None
                then(finished)
                continue
            self._decide()
        self.idle_frames += 1
        return Shot(self.table)

    def _wait(self, done: Callable[[], bool], seconds: float, then: Callable[[bool], None] = lambda ok: None) -> None:
        self.waiting = (done, self.frame + round(seconds * self.fps), then)

    def _gesture(self, final: Picture, via: tuple[Picture, ...] = (), at: Any = None) -> None:
        """Move pieces with a hand over the board: the table as it was, the positions in
        between, the table as it ends, all under the hand; then the hand goes."""
        if at is None:
            changed = grid_diff(self.table.grid, final.grid) if self.table.grid != final.grid else []
            at = changed[0] if changed else "hand"
        for picture in (self.table, *via, final):
            self.queue.extend([Shot(picture, at)] * self.rng.randint(*self.hand_frames))
        self.table = final

    def _look(self) -> None:
        """A moment to look at the screen before acting."""
        self.queue.extend([Shot(self.table)] * self.rng.randint(3, 10))

    # --- deciding ---------------------------------------------------------------------------

    def _decide(self) -> None:
        engine = self.engine
        phase = engine.phase
        if phase == LOST:
            self._touch()
        elif phase == SETUP:
            self._set_up(engine.target())
        elif phase == FIX:
            self._look()
            target = engine.target()
            grid = [list(row) for row in target.grid]
            for fix in engine.fixes:
                cell = fix.cell
                if cell is None:
                    continue
                here = self.table.grid[cell[0]][cell[1]]
                if here != fix.have:
                    # The camera misread this piece (what it says is not what lies there): the
                    # visitor sets the piece down again, more neatly, and leaves it.
                    self.nudges[cell] = self.nudges.get(cell, 0) + 1
                    grid[cell[0]][cell[1]] = here
            guide = engine.guide
            self._gesture(self._put_right(Picture(tuple(map(tuple, grid)), target.spots)))
            if guide is not None:
                # Put right towards the computer's move: that move is now done on the table.
                self._expect_moves([s.move_to_text(m) for s, m in zip(guide.states, guide.moves, strict=False)])
            else:
                self._wait(lambda: self.engine.phase != FIX, 2.0)
        elif phase == COMPUTER:
            self._computer_move()
        elif phase == DRAW:
            self._draw_for_computer()
        elif phase == PLAY and self.match.person_to_move():
            self._own_turn()

    def _set_up(self, target: Picture) -> None:
        """Set the table up a few pieces at a time, as the LEDs ask."""
        fixes = [(cell, fix.want) for fix in self.engine.fixes if (cell := fix.cell) is not None]
        grid = [list(row) for row in self.table.grid]
        for (r, c), want in fixes[:SETUP_CHUNK]:
            grid[r][c] = want
        spots = target.spots if len(fixes) <= SETUP_CHUNK else self.table.spots
        final = Picture(tuple(tuple(row) for row in grid), spots)
        self._gesture(final, at=fixes[0][0] if fixes else None)
        self._wait(lambda: self.engine.synced, 1.5)

    def _put_right(self, target: Picture) -> Picture:
        """The table put back as the screen shows it (the visitor follows every fix)."""
        return target

    def _expect_moves(self, texts: list[str], wait: float = 2.0, tries: int = 3) -> None:
        """The visitor made ``texts``: wait until the screen shows them. If the screen says it
        cannot make out a piece just laid, the visitor sets it down again (a few times); if the
        screen refuses the moves, the visitor puts the table right: they were not made."""
        if texts:
            self.made += texts
            # The queue holds this frame and the gesture's hand frames: the next one is hand-free.
            self.free_frames[len(self.made)] = self.frame + len(self.queue)
        count = len(self.made)
        before = len(texts)

        def seen() -> bool:
            return len(self.match.moves) >= count

        def then(ok: bool) -> None:
            if ok:
                return
            fixes = self.engine.fixes if self.engine.phase == FIX else []
            # Every fix names something that is not what lies there: the camera misread the pieces.
            unreadable = fixes and all(fix.cell is not None and self.table.grid[fix.cell[0]][fix.cell[1]] != fix.have
                                       for fix in fixes)
            if unreadable and tries > 0:
                for fix in fixes:
                    assert fix.cell is not None
                    self.nudges[fix.cell] = self.nudges.get(fix.cell, 0) + 1
                self._gesture(self.table, at=fixes[0].cell)
                self._expect_moves([], wait, tries - 1)
                return
            self.missed.append((self.frame, self.made[count - before:count] if before else []))
            if fixes and len(self.made) == count and before:
                # Refused: the visitor puts the table right, so these moves were not made.
                del self.made[count - before:]

        self._wait(seen, wait, then)

    def _expect_flag(self, kind: str) -> None:
        wrong = Wrong(self.frame, kind)
        self.wrong.append(wrong)

        def flagged() -> bool:
            return self.engine.phase == FIX

        def then(ok: bool) -> None:
            wrong.flagged = ok

        self._wait(flagged, 3.0, then)

    # --- the visitor's own turn ----------------------------------------------------------------

    def _own_turn(self) -> None:
        fault = self.faults.pop(self.turns, None)
        self.turns += 1
        state = self.match.state
        if fault == "wrong_computer":
            self.wrong_computer = True
        if fault in ("drop", "drop_stale"):
            self.dropped_until = self.frame + self.drop_frames
            self._drop_stale = fault == "drop_stale"
            self._wait(lambda: self.engine.phase == LOST, self.drop_frames / self.fps)
            return
        if fault in WRONG and self._wrong(fault, state):
            self._expect_flag(fault)
            return
        moves, states = self._choose(state)
        final = self.board.picture(states[-1])
        via: tuple[Picture, ...] = ()
        if fault == "slow":
            via = slide_pictures(self.table, final)
        if fault == "quick_two" and not states[-1].is_terminal() and self.engine.hot_seat:
            more, more_states = self._choose(states[-1])
            pair = self.board.picture(more_states[-1])
            # Two quick moves count only when the table can tell them apart: exactly one sequence
            # of two steps explains it, and no single step does (say, two tiles shelved at once
            # could be either player's). Otherwise the second player waits for their turn.
            if self.engine.explain(state, self.board.read(pair.grid, self.board.slots(pair))) == [moves + more]:
                moves, states = moves + more, states + more_states[1:]
                final = pair
        elif (spot := self.board.visitor_shows_first(moves, self.rng)) is not None:
            # The first move shown on a spot first (a drawn tile on the hand spot, laid at the
            # next turn decision): two gestures.
            self._gesture(self.board.picture(states[1]), at=spot)
            self._expect_moves([states[0].move_to_text(moves[0])])
            return
        self._gesture(final, via)
        self._expect_moves([s.move_to_text(m) for s, m in zip(states, moves, strict=False)])

    def _choose(self, state: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The visitor's step, as the game's board description plays a turn at the table (one
        move; Lightning: a draw and what to do with the tile)."""
        return self.board.visitor_step(state, self._policy, self.rng)

    def _policy(self, state: Any) -> Any:
        if self.level is None:
            return self.rng.choice(list(state.legal_moves()))
        return self.match.spec.make_player(self.level).choose(state, self.rng, 0.05)

    def _wrong(self, fault: str, state: Any) -> bool:
        """Do ``fault`` on the table; False when it is not possible here. A knock is the same on
        every board; the other mistakes are the board description's
        (:meth:`~games.boards.BoardDescription.visitor_mistake`)."""
        grid = [list(row) for row in self.table.grid]
        pieces = [(r, c) for r, row in enumerate(grid) for c, code in enumerate(row) if code not in (EMPTY, " ")]
        if fault == "knock" and pieces:
            r, c = self.rng.choice(pieces)
            grid[r][c] = EMPTY
            self._gesture(Picture(tuple(map(tuple, grid)), self.table.spots), at=(r, c))
            return True
        mistake = self.board.visitor_mistake(fault, state, self.table, self.rng)
        if mistake is None:
            return False
        self._gesture(mistake.final, mistake.via, at=mistake.at)
        return True

    # --- for the computer ---------------------------------------------------------------------

    def _computer_move(self) -> None:
        guide = self.engine.guide
        if guide is None:
            return
        state = guide.states[0]
        if self.wrong_computer:
            self.wrong_computer = False
            before = self.board.picture(state)
            target = self.board.picture(guide.target)
            others = [m for m in state.legal_moves() if m != guide.moves[0]]
            pictures = [p for m in others if (p := self.board.picture(state.play(m))) not in (before, target)]
            if pictures:
                self._gesture(self.rng.choice(pictures))
                self._expect_flag("wrong_computer")
                return
        self._gesture(self.board.picture(guide.target), at=guide.cells[1] or guide.cells[0] or "hand")
        self._expect_moves([s.move_to_text(m) for s, m in zip(guide.states, guide.moves, strict=False)])

    def _draw_for_computer(self) -> None:
        state = self.match.state
        spots, move = self.board.visitor_draw(state, self.rng)
        self._gesture(self.table.with_spots(**spots), at=next(iter(spots)))
        self._expect_moves([state.move_to_text(move)])

    # --- the camera is away: play on the screen ----------------------------------------------------

    def _touch(self) -> None:
        if not self.match.person_to_move():
            return
        state = self.match.state
        moves, states = self._choose(state)
        for move in moves:
            self.match.play(move)
        self.made += [s.move_to_text(m) for s, m in zip(states, moves, strict=False)]
        self.touched += 1
        if not self._drop_stale:
            self._gesture(self.board.picture(self.match.state))
        # One move on the screen, then wait for the camera (the screen plays the computer).
        self._wait(lambda: self.engine.phase != LOST, self.drop_frames / self.fps + 2.0)




# --- without a camera: pictures straight to readings ---------------------------------------------


class PictureFeed:
    """The visitor's frames read perfectly, with the reader's stability gate: a hand is
    ``covered``; the first frame after it is ``motion``; a picture is reported once it has
    been seen, unchanged and uncovered, on ``stable_frames`` frames; an unplugged camera is
    ``camera``. Much faster than photographing the table; same timing."""

    #: No camera behind the pictures.
    live: LiveBoard | None = None

    def __init__(self, visitor: Visitor, fps: float = 30.0, stable_frames: int = 4) -> None:
        self.visitor = visitor
        self.fps = fps
        self.stable_frames = stable_frames
        self.frame = -1
        self._problem: str | None = None
        self._candidate: Picture | None = None
        self._count = 0
        self._accepted: Picture | None = None
        self._moving = False

    def start(self) -> PictureFeed:
        """Nothing to start."""
        return self

    def stop(self) -> None:
        """Nothing to stop."""

    def calibrate(self, grid: Any) -> None:
        """Nothing to learn."""

    def step(self, now: float) -> list[Observation]:
        """The frames due by ``now``."""
        found: list[Observation] = []
        while (self.frame + 1) / self.fps <= now + 1e-9:
            self.frame += 1
            t = self.frame / self.fps
            shot = self.visitor.next_shot()
            problem = ""
            if shot.dropped:
                problem, self._accepted = CameraProblem.CAMERA, None
            elif shot.hand is not None:
                problem, self._moving = CameraProblem.COVERED, True
            elif self._moving:
                problem, self._moving = CameraProblem.MOTION, False
            if problem:
                self._candidate, self._count = None, 0
            elif shot.picture == self._candidate:
                self._count += 1
            else:
                self._candidate, self._count = shot.picture, 1
            if problem != self._problem:
                self._problem = problem
                found.append(Observation(self.frame, t, problem=problem))
            if self._candidate is not None and self._count >= self.stable_frames and self._candidate != self._accepted:
                self._accepted = self._candidate
                board = self.visitor.board
                seen = board.read(self._candidate.grid, board.slots(self._candidate))
                found.append(Observation(self.frame, t, seen))
        return found


# --- a whole game -------------------------------------------------------------------------------


@dataclass
class TableRun:
    """What happened in a simulated game."""

    match: Match
    visitor: Visitor
    session: PhysicalSession
    seconds: float
    events: list[Event] = field(default_factory=list)


def run_table(match: Match, *, seed: int = 0, faults: Mapping[int, str] | None = None, camera: str = "pictures",
              bus: Any = None, record: str | None = None, level: str | None = None, max_seconds: float = 900.0,
              step: float = 1 / 60, on_step: Callable[[TableRun], None] | None = None,
              make_feed: Callable[[Visitor], Any] | None = None) -> TableRun:
    """Play ``match`` on a simulated table until it ends (and the table shows the end), in game
    time. The visitor's frames reach the engine through ``make_feed(visitor)`` (such as
    :func:`vision.table.synthetic_feed`: filmed and read by the real reader), or straight as
    readings (:class:`PictureFeed`); ``camera`` names the source in the record. While the camera
    is lost, the screen plays the computer's moves, as the kiosk does."""
    writer = RecordWriter(record) if record else None
    # The engine belongs to the session and the visitor watches it: the feed comes last.
    session = PhysicalSession(match, None, bus, record=writer, camera=camera)
    visitor = Visitor(session.engine, seed=seed, faults=faults, level=level)
    feed = make_feed(visitor) if make_feed is not None else PictureFeed(visitor)
    session.start(feed)
    run = TableRun(match, visitor, session, 0.0)
    now = 0.0
    settled = 0
    while now < max_seconds:
        now += step
        run.events += session.update(now)
        if session.engine.touch_allowed and match.computer_to_move():
            move = match.computer_move()
            if move is not None:
                # The screen plays the computer while the camera is away (the visitor sees it).
                visitor.made.append(match.state.move_to_text(move))
                match.play(move)
        if on_step is not None:
            on_step(run)
        if match.is_over() and session.engine.synced and not session.engine.fixes and not visitor.waiting \
                and not visitor.queue:
            settled += 1
            if settled > 30:
                break
    run.seconds = now
    session.close()
    return run
