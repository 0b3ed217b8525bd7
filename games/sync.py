"""The physical-board mode's sync engine: a real board under the camera, kept in step with a match.

The engine is pure and knows no game: a :class:`games.boards.BoardDescription` says what a state
looks like on the table (:class:`~games.boards.Picture`), which steps of a player could explain a
new picture and how to put a table right (:class:`~games.boards.Fix`); the
:class:`games.match.Match` holds the game. The camera side hands in stable readings
(:meth:`SyncEngine.observe`) and the reader's status (:meth:`SyncEngine.status`); time goes on
with :meth:`SyncEngine.tick`. What the engine decides is in its :attr:`~SyncEngine.phase`, its
:attr:`~SyncEngine.fixes`, the computer's move to do (:attr:`~SyncEngine.guide`), the LED roles
(:meth:`~SyncEngine.lights`) and a list of events (for the record, the sounds and the screen).

Rules, in order (see ``docs/physical.md``):

* **Setup.** Until the table shows the match's position once (at the start, when resuming a
  saved game, after an undo or a restart, after moves played by touch while the camera was
  away), the fixes say what to change and nothing on the table is taken as a move.
* **A move** is accepted only from a stable picture that shows the state after exactly one legal
  step of the player to move (a Lightning draw and its placement are one step). In hot-seat, a
  picture explained by exactly one sequence of two steps (the second player was quick) is
  accepted as both.
* **Anything else changes nothing in the game**: an illegal move, the wrong player, a knocked
  token, two tokens in one cell... The fixes lead back to the expected picture, shown after
  ``mismatch_delay`` seconds of stillness (a pause in the middle of a gesture is not flagged);
  a hand back over the board cancels a fix list not yet shown.
* **The computer's move** is shown (:attr:`~SyncEngine.guide`) and played only once the table
  shows it done; a Lightning draw from the bag waits for the tile to be shown on the hand spot.
* **Held**: while a card or the rules cover the game (and until the seats are chosen) nothing on
  the table counts: readings are kept, not judged (:meth:`SyncEngine.hold`); on release the
  table is judged as it stands.
* **Faults never lose a game**: when the camera does not see the board for ``lost_after``
  seconds the phase is :data:`LOST` and play goes on by touch; when it sees the board again
  the table must show the match's position (setup) if moves were played meanwhile.

Nothing here imports pygame, cv2 or serial.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, Generic

from games.boards import UNKNOWN, BoardDescription, Cell, Fix, Picture, Sentence
from games.core import GameState, IllegalMoveError
from games.effects import RGB
from games.match import BOARD, M, Match, S
from games.ports import VISION_REASONS, CameraProblem

#: A position and a move where no game is known (the screen's side, the LEDs): the engine itself
#: is typed by its match's ``S`` and ``M`` (:class:`SyncEngine`); ``Any``: a state of any move type.
State = GameState[Any]
Move = Hashable


class Phase(StrEnum):
    """What the table is waiting for (:attr:`SyncEngine.phase`). A :class:`~enum.StrEnum`: its
    value is the name the records, the reports and ``--json`` have always used."""

    SETUP = "setup"
    PLAY = "play"
    FIX = "fix"
    THINKING = "thinking"
    COMPUTER = "computer"
    DRAW = "draw"
    LOST = "lost"
    OVER = "over"


# The phases by their old module-level names (callers that compared with them keep working).
SETUP, PLAY, FIX, THINKING, COMPUTER, DRAW, LOST, OVER = Phase
#: Reader statuses that mean a person is at the board (a hand, a slide): never acted on.
HAND_PROBLEMS = frozenset({CameraProblem.MOTION, CameraProblem.COVERED, CameraProblem.UNSURE})
#: Statuses that mean the camera does not see the board (``camera``: no frames at all).
LOST_PROBLEMS = frozenset({CameraProblem.CAMERA, *VISION_REASONS} - {CameraProblem.COVERED})
#: Who played a move: the table, the computer (done on the table, or by the screen once the
#: camera is lost), or a touch on the screen.
BY_BOARD, BY_COMPUTER, BY_TOUCH = "board", "computer", "touch"


@dataclass(frozen=True)
class Guide(Generic[S, M]):
    """The computer's move to do on the table: its moves, the states along the way (the first
    before, the last after) and the cells it touches (``from`` may be None: a tile from the
    hand)."""

    moves: tuple[M, ...]
    states: tuple[S, ...]
    cells: tuple[Cell | None, Cell | None]
    sentence: Sentence

    @property
    def target(self) -> S:
        """The state once the move is done."""
        return self.states[-1]


# --- the events: one typed record per thing that happened (the record's lines) ---------------

#: A value of a record's JSON line.
JsonValue = str | int | float | bool | None | list["JsonValue"] | dict[str, "JsonValue"]


@dataclass(frozen=True)
class Event:
    """Something that happened at ``frame`` (the camera's) and ``time`` (seconds of the game).
    Each kind is a subclass; :meth:`as_dict` is its line in the record (``docs/physical.md``):
    ``{"event": KIND, "frame": ..., "time": ..., FIELDS...}``."""

    frame: int
    time: float
    #: The ``event`` name of the record's line.
    KIND: ClassVar[str] = ""

    @property
    def kind(self) -> str:
        """The ``event`` name of the record's line."""
        return self.KIND

    def as_dict(self) -> dict[str, JsonValue]:
        """The record's line (tuples as lists; fields left out where the record omits them)."""
        line: dict[str, JsonValue] = {"event": self.kind, "frame": self.frame, "time": self.time}
        for field in fields(self)[2:]:
            line[field.name] = _json(getattr(self, field.name))
        return line


def _json(value: object) -> JsonValue:
    """``value`` as JSON would read it back (tuples as lists)."""
    if isinstance(value, tuple | list):
        return [_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _json(item) for key, item in value.items()}
    if isinstance(value, Fix):
        return value.as_dict()
    assert value is None or isinstance(value, str | int | float | bool), value
    return value


#: A reading's row: one-letter codes as a string, longer ones (Lightning's ``Z3``) as a list.
Row = str | tuple[str, ...]


@dataclass(frozen=True)
class Reading(Event):
    """A stable reading of the table (the camera's picture)."""

    grid: tuple[Row, ...]
    spots: tuple[tuple[str, str], ...]
    confidence: float
    KIND: ClassVar[str] = "reading"

    def as_dict(self) -> dict[str, JsonValue]:
        """The spots as an object ``{"hand": "Z"}``."""
        return {**super().as_dict(), "spots": dict(self.spots)}


@dataclass(frozen=True)
class Status(Event):
    """The reader's status changed (``""``: read; a hand; a refusal), with the cells it could
    not make out (``unsure``)."""

    problem: str
    cells: tuple[Cell, ...] = ()
    KIND: ClassVar[str] = "status"

    def as_dict(self) -> dict[str, JsonValue]:
        """``cells`` only when there are some."""
        line = super().as_dict()
        if not self.cells:
            del line["cells"]
        return line


@dataclass(frozen=True)
class Hold(Event):
    """Nothing on the table counts from now on (a card or the rules over the game)."""

    KIND: ClassVar[str] = "hold"


@dataclass(frozen=True)
class Release(Event):
    """The table counts again: it is judged as it stands."""

    KIND: ClassVar[str] = "release"


@dataclass(frozen=True)
class HintShown(Event):
    """A hint's move is lit on the table."""

    move: str
    KIND: ClassVar[str] = "hint"


@dataclass(frozen=True)
class Moved(Event):
    """A move was played into the match, ``by`` the table, the computer or a touch."""

    move: str
    by: str
    player: int
    KIND: ClassVar[str] = "move"


@dataclass(frozen=True)
class Jumped(Event):
    """The screen's match jumped (``what``: ``undo`` or ``restart``): the table must follow."""

    what: str
    position: str

    @property
    def kind(self) -> str:
        """The match's own name for the jump."""
        return self.what

    def as_dict(self) -> dict[str, JsonValue]:
        """``{"event": "undo", ..., "position": ...}``."""
        line = super().as_dict()
        del line["what"]
        return line


@dataclass(frozen=True)
class Synced(Event):
    """The table shows the match's position (``first``: the first setup is done)."""

    position: str
    first: bool
    KIND: ClassVar[str] = "synced"


@dataclass(frozen=True)
class Ended(Event):
    """The game is over: the final position, the winner (None: a draw) and every move."""

    position: str
    winner: int | None
    moves: tuple[str, ...]
    KIND: ClassVar[str] = "end"


@dataclass(frozen=True)
class ComputerMove(Event):
    """The computer's move is shown, to be done on the table."""

    move: str
    KIND: ClassVar[str] = "computer"


@dataclass(frozen=True)
class ComputerDraw(Event):
    """The computer draws from the bag: the table must show the tile drawn."""

    move: str
    KIND: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Refused(Event):
    """The match refused a move a board description explained (a bug that must not end the
    game): the table is set up again."""

    message: str
    KIND: ClassVar[str] = "error"


@dataclass(frozen=True)
class Mismatch(Event):
    """The table does not show what it should while playing: the fixes are on screen.
    ``seen_frame``/``seen_time``: the reading that showed them (they waited for stillness)."""

    cells: tuple[Cell, ...]
    fixes: tuple[Fix, ...]
    reason: str | None
    seen_frame: int
    seen_time: float
    KIND: ClassVar[str] = "mismatch"


@dataclass(frozen=True)
class SetupFixes(Event):
    """What is still to lay (or clear) while the table is set up."""

    cells: tuple[Cell, ...]
    fixes: tuple[Fix, ...]
    KIND: ClassVar[str] = "setup"


@dataclass(frozen=True)
class Matched(Event):
    """The table was put right: the fixes are gone."""

    KIND: ClassVar[str] = "matched"


@dataclass(frozen=True)
class Camera(Event):
    """The camera does not see the board any more (``state`` ``lost``) or again (``back``)."""

    state: str
    problem: str
    KIND: ClassVar[str] = "camera"


def kinds(events: Iterable[Event]) -> list[str]:
    """The events' names, in order."""
    return [event.kind for event in events]




class SyncEngine(Generic[S, M]):
    """Keeps a table and a match in step (see the module documentation).

    ``computer()`` gives the computer's move for the present position once it is ready (the
    match's own threaded player by default; a replay gives the recorded one). ``hot_seat``
    allows two quick steps to be read as one picture (default: when both seats are people at
    the board).
    """

    def __init__(
        self,
        match: Match[S, M],
        *,
        mismatch_delay: float = 0.6,
        lost_after: float = 1.5,
        computer: Callable[[], M | None] | None = None,
        hot_seat: bool | None = None,
    ) -> None:
        self.match = match
        self.mismatch_delay = mismatch_delay
        self.lost_after = lost_after
        self.computer: Callable[[], M | None] = computer or match.computer_move
        self._hot_seat = hot_seat
        self.now = 0.0
        self.frame = -1
        #: The last stable picture (None before the first and while the camera is lost).
        self.seen: Picture | None = None
        #: True once the table has shown the match's position since the last jump.
        self.synced = False
        #: True once the first setup is done (the game has begun on the table).
        self.started = False
        self.fixes: list[Fix] = []
        self.reason: Sentence | None = None
        self.guide: Guide[S, M] | None = None
        #: The computer's move that waits for the table (a draw from the bag), if any.
        self.drawing: M | None = None
        #: A move to show as a hint (set by the screen), its cells lit.
        self.hint: M | None = None
        self.problem = ""
        self.problem_since = 0.0
        #: The cells the reader could not make out (with the ``unsure`` status).
        self.unsure: tuple[Cell, ...] = ()
        self.lost = False
        #: True while nothing on the table may count (see :meth:`hold`).
        self.held = False
        self.mismatches = 0
        #: The grid the reader should calibrate on (the table was just seen set right).
        self.calibrate: tuple[tuple[str, ...], ...] | None = None
        self.events: list[Event] = []
        #: Fixes waiting for stillness: (fixes, reason, time seen, frame seen).
        self._pending: tuple[list[Fix], Sentence | None, float, int] | None = None
        self._lost_version = 0
        self._applying = False
        self._lights_key: tuple[object, ...] | None = None
        self._lights: tuple[dict[Cell, str], dict[Cell, RGB]] | None = None
        match.subscribe(self._on_match)

    # --- what the screen reads --------------------------------------------------------------

    @property
    def board(self) -> BoardDescription:
        """The match's board description."""
        board: BoardDescription = self.match.board
        return board

    @property
    def hot_seat(self) -> bool:
        """True when people at the board play both sides."""
        if self._hot_seat is not None:
            return self._hot_seat
        return all(seat.kind == BOARD for seat in self.match.seats.values())

    @property
    def phase(self) -> Phase:
        """What the table is waiting for: :data:`SETUP`, :data:`PLAY`, :data:`FIX`,
        :data:`THINKING`, :data:`COMPUTER`, :data:`DRAW`, :data:`LOST` or :data:`OVER`."""
        if self.lost:
            return LOST
        if not self.synced:
            return SETUP
        if self.fixes:
            return FIX
        if self.match.is_over():
            return OVER
        if self.drawing is not None:
            return DRAW
        if self.guide is not None:
            return COMPUTER
        if self.match.computer_to_move():
            return THINKING
        return PLAY

    @property
    def touch_allowed(self) -> bool:
        """True when moves are played on the screen (the camera does not see the board)."""
        return self.lost

    def target(self) -> Picture:
        """The picture the table should show now."""
        state = self.guide.target if self.guide is not None and self.synced else self.match.state
        return self.board.picture(state)

    def lights(self) -> tuple[dict[Cell, str], dict[Cell, RGB]] | None:
        """The LED roles (and colours) of the table, or None when the screen's usual lights
        apply (camera lost: the game is played by touch). Computed once per change (the screen
        asks every frame)."""
        key = (self.match.version, self.lost, self.synced, tuple(self.fixes), self.guide, self.drawing, self.hint,
               self.match.computer_to_move())
        if self._lights_key != key:
            self._lights_key, self._lights = key, self._compute_lights()
        return self._lights

    def _compute_lights(self) -> tuple[dict[Cell, str], dict[Cell, RGB]] | None:
        board = self.board
        if self.lost:
            return None
        if self.fixes:
            roles: dict[Cell, str] = {}
            colours: dict[Cell, RGB] = {}
            for fix in self.fixes:
                if fix.cell is None:
                    continue
                roles[fix.cell] = fix.role
                rgb = board.piece_rgb(fix.want) if fix.role == "put_back" else None
                if rgb is not None:
                    colours[fix.cell] = rgb
            return roles, colours
        state = self.match.state
        if self.match.is_over():
            return dict(board.state_roles(state)), {}
        if self.guide is not None:
            source, target = self.guide.cells
            roles = {}
            if source is not None:
                roles[source] = "computer_from"
            if target is not None:
                roles[target] = "computer_to"
            return roles, {}
        if self.drawing is not None or self.match.computer_to_move():
            return {}, {}
        roles = dict.fromkeys(board.legal_cells(state), "legal")
        if self.hint is not None:
            source, target = board.move_cells(state, self.hint)
            for cell in (source, target):
                if cell is not None:
                    roles[cell] = "hint"
        return roles, {}

    def prompt(self) -> Sentence | None:
        """The main line for the screen (None: the game's own "your turn" line)."""
        phase = self.phase
        if phase == SETUP:
            return Sentence("physical.setup.first" if not self.started else "physical.setup.again")
        if phase == FIX:
            return self.reason or Sentence("physical.fix.title")
        if phase == COMPUTER and self.guide is not None:
            return self.guide.sentence
        if phase == DRAW:
            return self.board.guide(self.match.state, self.drawing)
        if phase == THINKING:
            return Sentence("thinking")
        if phase == LOST:
            return Sentence("physical.lost")
        return None

    def take_events(self) -> list[Event]:
        """The events since the last call, oldest first."""
        events, self.events = self.events, []
        return events

    # --- inputs ----------------------------------------------------------------------------

    def observe(self, seen: Picture, now: float, frame: int, confidence: float = 1.0) -> None:
        """A new stable reading of the table."""
        self._clock(now, frame)
        grid = tuple("".join(r) if all(len(c) == 1 for c in r) else tuple(r) for r in seen.grid)
        self._event(Reading(*self._stamp(), grid, seen.spots, round(float(confidence), 3)))
        if self.lost:
            self._camera_back()
        self.seen = seen
        self._evaluate()

    def status(self, problem: str, now: float, frame: int, cells: tuple[Cell, ...] = ()) -> None:
        """The reader's status of the latest frame: ``""`` (read), a hand (:data:`HAND_PROBLEMS`)
        or a refusal (:data:`LOST_PROBLEMS`); with ``unsure``, the cells it could not make out.
        Only changes need reporting."""
        self._clock(now, frame)
        if problem == self.problem and tuple(cells) == self.unsure:
            return
        before, self.problem, self.problem_since = self.problem, problem, now
        self.unsure = tuple(cells)
        self._event(Status(*self._stamp(), problem, self.unsure))
        if problem in HAND_PROBLEMS and self._pending is not None:
            # Someone is still at the board: the gesture is not over, flag nothing yet.
            self._pending = None
        if self.lost and problem not in LOST_PROBLEMS:
            self._camera_back()
            self._evaluate()
        elif problem == "" and before in HAND_PROBLEMS:
            # The hand left: a table left as it was is judged again (the reader only reports changes).
            self._evaluate()

    def tick(self, now: float) -> None:
        """Time goes on: the camera may be declared lost, a fix list shown, the computer's move
        taken up."""
        self._clock(now, self.frame)
        if not self.lost and self.problem in LOST_PROBLEMS and now - self.problem_since >= self.lost_after:
            self._camera_lost()
        if self.held:
            return
        if self._pending is not None and now - self._pending[2] >= self.mismatch_delay:
            fixes, reason, seen_time, seen_frame = self._pending
            self._pending = None
            self._show(fixes, reason, (seen_frame, seen_time))
        if (self.problem == CameraProblem.UNSURE and self.unsure and self.synced and not self.lost
                and now - self.problem_since >= self.lost_after):
            # A piece the camera cannot make out for a while: point at it (never a move).
            target = self.target()
            fixes = [Fix(cell, target.grid[cell[0]][cell[1]], UNKNOWN, Sentence("physical.fix.unknown", (),
                         (("cell", self.board.cell_label(cell)),))) for cell in self.unsure]
            if fixes != self.fixes:
                self._show(fixes, None)
        if not self.lost and self.synced and not self.fixes:
            self._computer_turn()

    def hold(self, on: bool) -> None:
        """Hold the table (``on``) or release it. While held (a card or the rules over the game,
        the seats not chosen yet) readings are kept but nothing is judged: no move taken, no fix
        shown, no computer's move taken up. On release the table is judged as it stands then."""
        if on == self.held:
            return
        self.held = on
        self._event(Hold(*self._stamp()) if on else Release(*self._stamp()))
        if on:
            self._pending = None
        else:
            self._evaluate()

    def show_hint(self, move: M | None) -> None:
        """Light ``move`` as a hint (None hides it)."""
        if move != self.hint:
            self.hint = move
            if move is not None:
                self._event(HintShown(*self._stamp(), self.match.state.move_to_text(move)))

    # --- the match changed on the screen ------------------------------------------------------

    def _on_match(self, match: Match[S, M], event: str) -> None:
        if self._applying or event == "seats":
            return
        # An undo, a restart or a move played by touch: the table must follow the screen.
        self.guide = None
        self.drawing = None
        self.hint = None
        self._pending = None
        if event == "move":
            state_before = match.history.states[-2]
            self._event(Moved(*self._stamp(), state_before.move_to_text(match.moves[-1]), BY_TOUCH,
                              int(state_before.current_player)))
            self._after_move()
        else:
            self._event(Jumped(*self._stamp(), event, match.state.to_text()))
        self.synced = False
        if self.seen is not None and not self.lost:
            self._evaluate()

    # --- the engine --------------------------------------------------------------------------

    def _clock(self, now: float, frame: int) -> None:
        self.now = max(self.now, now)
        self.frame = max(self.frame, frame)

    def _stamp(self) -> tuple[int, float]:
        """The frame and time of an event happening now."""
        return max(self.frame, 0), round(self.now, 3)

    def _event(self, event: Event) -> None:
        self.events.append(event)

    def _evaluate(self) -> None:
        seen = self.seen
        if seen is None or self.lost or self.held:
            return
        board, state = self.board, self.match.state
        if not self.synced:
            if board.shows(state, seen):
                self.synced = True
                self.calibrate = seen.grid
                self._clear()
                self._event(Synced(*self._stamp(), state.to_text(), not self.started))
                self.started = True
                self._computer_turn()
            else:
                self._show(board.fixes(board.picture(state), seen), None)
            return
        if self.drawing is not None:
            move = board.reveal(state, self.drawing, seen)
            if move is not None:
                self.drawing = None
                self._play((move,), BY_COMPUTER)
            elif board.shows(state, seen):
                self._clear()
            else:
                self._flag(board.fixes(board.picture(state), seen), Sentence("physical.why.draw"))
            return
        if self.guide is not None:
            guide = self.guide
            if board.shows(guide.target, seen):
                self.guide = None
                self._play(guide.moves, BY_COMPUTER)
            elif any(board.shows(s, seen) for s in guide.states[:-1]):
                self._clear()
            else:
                self._flag(board.fixes(board.picture(guide.target), seen), Sentence("physical.why.computer"))
            return
        if board.shows(state, seen):
            self._clear()
            return
        if not self.match.person_to_move():
            self._flag(board.fixes(board.picture(state), seen), None)
            return
        found = self.explain(state, seen)
        if len(found) == 1:
            self._play(found[0], BY_BOARD)
            return
        reason = Sentence("physical.why.ambiguous") if found else board.why_not(state, seen)
        self._flag(board.fixes(board.picture(state), seen), reason)

    def explain(self, state: S, seen: Picture) -> list[tuple[M, ...]]:
        """Every way the player to move (and, hot-seat, the other player just after) could have
        turned the table showing ``state`` into ``seen``: move sequences, one step first."""
        board = self.board
        one = _unique(moves for moves, after in board.steps(state, seen) if board.shows(after, seen))
        if one or not self.hot_seat:
            return one
        two = []
        for first, middle in board.steps(state, seen):
            if middle.is_terminal() or middle.current_player == state.current_player:
                continue  # the first player's turn must be over before the second one's
            two += [first + second for second, after in board.steps(middle, seen) if board.shows(after, seen)]
        return _unique(two)

    def _play(self, moves: tuple[M, ...], by: str) -> None:
        self._applying = True
        try:
            for move in moves:
                before = self.match.state
                try:
                    self.match.play(move)
                except IllegalMoveError as exc:  # a board description's bug must not end the game
                    self._event(Refused(*self._stamp(), str(exc)[:300]))
                    self.synced = False
                    return
                self._event(Moved(*self._stamp(), before.move_to_text(move), by, int(before.current_player)))
        finally:
            self._applying = False
        self._clear()
        self.hint = None
        self._after_move()
        self._computer_turn()

    def _after_move(self) -> None:
        if self.match.is_over():
            outcome = self.match.outcome()
            played = zip(self.match.history.states, self.match.moves, strict=False)
            self._event(Ended(*self._stamp(), self.match.state.to_text(), None if outcome is None else outcome.winner,
                              tuple(s.move_to_text(m) for s, m in played)))

    def _computer_turn(self) -> None:
        """Take up the computer's move once it is ready (the table must be set right first)."""
        if self.lost or self.held or not self.synced or self.fixes:
            return
        if self.guide is not None or self.drawing is not None:
            return
        if not self.match.computer_to_move():
            return
        move = self.computer()
        if move is None:
            return
        board, state = self.board, self.match.state
        text = state.move_to_text(move)
        if board.needs_reveal(state, move):
            self.drawing = move
            self._event(ComputerDraw(*self._stamp(), text))
        else:
            after = state.play(move)
            self.guide = Guide((move,), (state, after), board.move_cells(state, move), board.guide(state, move))
            self._event(ComputerMove(*self._stamp(), text))
        if self.seen is not None:
            self._evaluate()

    def _flag(self, fixes: list[Fix], reason: Sentence | None) -> None:
        """Fixes found while playing: shown at once if fixes are already on screen, else after
        the delay (if nothing moves meanwhile)."""
        if self.fixes:
            self._show(fixes, reason)
        elif self._pending is None or self._pending[0] != fixes:
            self._pending = (fixes, reason, self.now, max(self.frame, 0))

    def _show(self, fixes: list[Fix], reason: Sentence | None, seen: tuple[int, float] | None = None) -> None:
        """Put ``fixes`` on screen; ``seen`` is the (frame, time) of the reading that showed them,
        when they waited for stillness (a mismatch's record says both: seen, then shown)."""
        if not fixes:
            self._clear()
            return
        if fixes != self.fixes or reason != self.reason:
            first = not self.fixes
            self.fixes, self.reason = fixes, reason
            if self.synced:
                if first:
                    self.mismatches += 1
                seen_frame, seen_time = seen if seen is not None else (max(self.frame, 0), self.now)
                cells = tuple(f.cell for f in fixes if f.cell is not None)
                self._event(Mismatch(*self._stamp(), cells, tuple(fixes), reason.key if reason else None,
                                     seen_frame, round(seen_time, 3)))
            else:
                self._event(SetupFixes(*self._stamp(), tuple(f.cell for f in fixes if f.cell is not None),
                                       tuple(fixes)))

    def _clear(self) -> None:
        self._pending = None
        if self.fixes:
            self.fixes, self.reason = [], None
            self._event(Matched(*self._stamp()))

    def _camera_lost(self) -> None:
        self.lost = True
        self._lost_version = self.match.version
        self._event(Camera(*self._stamp(), "lost", self.problem))
        self.seen = None
        self.fixes, self.reason, self._pending = [], None, None
        # The game goes on by touch: the computer's move shown for the table is played now.
        guide, self.guide, self.drawing = self.guide, None, None
        if guide is not None and self.synced:
            self._play(guide.moves, BY_COMPUTER)
        self._lost_version = self.match.version

    def _camera_back(self) -> None:
        self.lost = False
        self._event(Camera(*self._stamp(), "back", self.problem))
        if self.match.version != self._lost_version:
            self.synced = False


def _unique(sequences: Iterable[tuple[M, ...]]) -> list[tuple[M, ...]]:
    """Distinct move sequences, in the order found."""
    result: list[tuple[M, ...]] = []
    for moves in sequences:
        if moves not in result:
            result.append(moves)
    return result
