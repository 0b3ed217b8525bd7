"""One place where a match lives: the history, who sits in each seat, the computer thinking,
the hints, and the text a match is saved as.

A :class:`Match` wraps a game's immutable states (:mod:`games.core`) with everything a screen,
a physical board or a save file needs, and nothing that draws:

* **Seats.** Each player is a :class:`Seat`: a person at the screen, a computer player of some
  level, or a person at the physical board (the camera plays their moves). Seats change only
  through :meth:`Match.set_seat`, never as a side effect.
* **Undo / restart.** Undo takes moves back until a person is to move again (or the start), so
  a child who undoes against the computer gets their own turn back.
* **Thinking off the frame loop.** :meth:`Match.computer_move` starts the computer player in a
  :class:`Thinker` and hands its move over once ready; :meth:`Match.hint` does the same for the
  game's advice, computed once per position and cached. Every change of position bumps
  :attr:`Match.version`, and a result computed for an older version is thrown away, so a move
  that arrives after an undo or a restart never lands. With ``Thinker(processes=True)`` the
  game's own players and hints run in worker processes (:mod:`games.workers`), where they never
  hold the interpreter lock the frame loop needs, and a search made stale by an undo is stopped
  at once; other jobs (a test's stand-in player, a scene's closure) run on threads.
* **Deterministic when headless.** ``Thinker(wait=True)`` keeps the same path (threads or
  processes) but makes every poll wait for the running job, so N frames of a headless run always
  give the same game.
* **Text.** :meth:`Match.to_text` writes the game, the start position, the moves, the seats and
  a few scene settings as one JSON object; :meth:`Match.from_text` replays it, checking every
  move, so a save file can never smuggle in an illegal position.

Nothing here imports pygame, cv2 or serial.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, TypeVar, cast

from games import jobs, workers
from games.boards import BoardDescription
from games.contract import Game
from games.core import PLAYERS, GameInputError, GameState, History, IllegalMoveError, Outcome, Player
from games.registry import spec

# Any: a state of any move type (the match says which with its own M).
S = TypeVar("S", bound=GameState[Any])
M = TypeVar("M")

PERSON, COMPUTER, BOARD = "person", "computer", "board"
SEAT_KINDS = (PERSON, COMPUTER, BOARD)
#: The format tag written into every saved match (bump it when the format changes).
FORMAT = "jeux-match/1"
#: Largest saved match read back (a 5x5 Lewthwaite game is ~400 bytes; Lightning ~10 kB).
MAX_TEXT = 1_000_000


@dataclass(frozen=True)
class Seat:
    """Who plays one side: ``person`` (touch screen), ``computer`` (with a ``level``) or
    ``board`` (a person moving real pieces under the camera)."""

    kind: str = PERSON
    level: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise GameInputError(f"a seat is one of {', '.join(SEAT_KINDS)}, not '{self.kind}'")
        if (self.kind == COMPUTER) != (self.level is not None):
            raise GameInputError("a computer seat needs a level, and only a computer seat has one")

    @classmethod
    def computer(cls, level: str) -> Seat:
        """A computer player of ``level``."""
        return cls(COMPUTER, level)

    @property
    def is_computer(self) -> bool:
        """True for a computer player."""
        return self.kind == COMPUTER

    @property
    def is_human(self) -> bool:
        """True for a person, at the screen or at the physical board."""
        return self.kind != COMPUTER

    def as_dict(self) -> dict[str, str]:
        """The saved form."""
        return {"kind": self.kind} | ({"level": self.level} if self.level else {})

    @classmethod
    def from_dict(cls, data: object) -> Seat:
        """Read :meth:`as_dict`'s form back (GameInputError when malformed)."""
        if not isinstance(data, dict) or set(data) - {"kind", "level"}:
            raise GameInputError(f"a seat is {{'kind': ..., 'level': ...}}, not {data!r}"[:200])
        kind, level = data.get("kind"), data.get("level")
        if not isinstance(kind, str) or not (level is None or isinstance(level, str)):
            raise GameInputError("a seat's kind and level are strings")
        return cls(kind, level)


# --- thinking off the frame loop --------------------------------------------------------------


@dataclass
class _Job:
    key: Hashable
    thread: jobs.Job | None = None  # when it runs on a thread of the shared pool
    task: workers.Task | None = None  # when it runs in a worker process
    done: threading.Event = field(default_factory=threading.Event)
    result: object = None
    error: BaseException | None = None

    def finish(self, ok: bool, value: object) -> None:
        if ok:
            self.result = value
        else:
            assert isinstance(value, BaseException)
            self.error = value
        self.done.set()


def choose_move(make_player: Callable[[str], Player[S, M]], level: str, state: S, rng: random.Random,
                time_budget: float | None) -> M:
    """A fresh ``level`` player's move in ``state`` (a module-level function, so that a job
    made of it with ``functools.partial`` can be sent to a worker process)."""
    return make_player(level).choose(state, rng, time_budget)


class Thinker:
    """Runs slow functions (a computer player, a hint) off the frame loop, one job per key.

    Jobs run side by side on the shared pool's daemon threads (:mod:`games.jobs`: none is started
    by the frame that asks); with ``processes=True``, jobs started as ``portable`` (picklable
    functions that need nothing of this process: the game's own players and hints) run in
    worker processes instead (:mod:`games.workers`), and fall back to a thread when they do not
    pickle or no worker can run.

    ``poll(key)`` answers ``(True, result)`` once the job for ``key`` has finished (raising its
    exception if it failed) and ``(False, None)`` before. With ``wait=True`` (headless runs and
    tests) ``poll`` waits for a running job first: the work still happens on its own thread or
    process, but the frame that asks always gets the answer, so runs are reproducible.
    """

    def __init__(self, wait: bool = False, timeout: float = 120.0, processes: bool = False) -> None:
        self.wait = wait
        self.timeout = timeout
        self.processes = processes
        self._jobs: dict[Hashable, _Job] = {}
        self._lock = threading.Lock()

    def start(self, key: Hashable, work: Callable[[], object], portable: bool = False) -> None:
        """Run ``work()`` for ``key`` unless a job for ``key`` is already running or waiting
        (in a worker process when this thinker has them and ``work`` is ``portable``)."""
        with self._lock:
            if key in self._jobs:
                return
            job = _Job(key)
            self._jobs[key] = job
        if self.processes and portable and workers.pool().available:
            data = workers.payload(work)
            if data is not None:
                job.task = workers.Task(data, job.finish, lambda: self._thread(job, work))
                workers.pool().submit(job.task)
                return
        self._thread(job, work)

    @staticmethod
    def _thread(job: _Job, work: Callable[[], object]) -> None:
        def run() -> None:
            try:
                job.finish(True, work())
            except BaseException as exc:  # noqa: BLE001 - handed to whoever polls
                job.finish(False, exc)

        # A pool's thread, not a new one: Thread.start() on the frame thread cost the frame ~6 ms of
        # wall time here, ~25 ms at a quarter CPU (games/jobs.py).
        job.thread = jobs.submit(run, f"thinker-{job.key!r}")

    def prepare(self, *modules: str) -> None:
        """Start a worker process and import ``modules`` there now, so that the first search
        does not wait for them (nothing without worker processes)."""
        if self.processes and workers.pool().available:
            data = workers.payload(partial(workers.preload, *modules))
            assert data is not None
            workers.pool().submit(workers.Task(data, lambda ok, value: None, lambda: None, brief=True))

    def running(self, key: Hashable) -> bool:
        """True while a job for ``key`` exists and has not finished."""
        job = self._jobs.get(key)
        return job is not None and not job.done.is_set()

    def poll(self, key: Hashable) -> tuple[bool, Any]:
        """The result of ``key``'s job once it is done (the job is then forgotten)."""
        # Any: each job has its own result type (a move, a hint), which its caller knows.
        job = self._jobs.get(key)
        if job is None:
            return False, None
        if self.wait and not job.done.wait(self.timeout):
            raise TimeoutError(f"a computation took longer than {self.timeout} s")
        if not job.done.is_set():
            return False, None
        with self._lock:
            self._jobs.pop(key, None)
        if job.error is not None:
            raise job.error
        return True, job.result

    def forget(self, keep: Callable[[Hashable], bool] = lambda key: False) -> None:
        """Drop every job whose key ``keep`` rejects (finished or not: a stale thread ends
        alone and its result is never read; a stale worker process is stopped at once)."""
        with self._lock:
            dropped = [self._jobs.pop(k) for k in [k for k in self._jobs if not keep(k)]]
        for job in dropped:
            if job.task is not None and not job.done.is_set():
                workers.pool().cancel(job.task)

    def busy(self) -> bool:
        """True while any job is unfinished."""
        return any(not job.done.is_set() for job in list(self._jobs.values()))


# --- the match -------------------------------------------------------------------------------

# Any: a listener may follow matches of any game.
Listener = Callable[["Match[Any, Any]", str], None]


class Match(Generic[S, M]):
    """A game in progress: history, seats, computer players and hints (see the module doc).

    ``time_budget`` bounds each computer move's thinking (seconds; None lets each player use
    its own default). ``meta`` holds small scene settings that belong in a save (a view mode,
    an opponent choice) and must be JSON values. ``make_player(level)`` builds the computer
    players (the game's own by default).
    """

    def __init__(
        self,
        game: str,
        start: S,
        seats: Mapping[int, Seat] | None = None,
        *,
        seed: int | None = None,
        time_budget: float | None = None,
        thinker: Thinker | None = None,
        meta: Mapping[str, Any] | None = None,
        make_player: Callable[[str], Player[S, M]] | None = None,
    ) -> None:
        self.game = game
        # The registry knows games by key only: the start state gives the match its types.
        self.spec: Game[S, M] = spec(game)
        #: level -> a fresh computer player (the game's own unless a test swaps it).
        self.make_player: Callable[[str], Player[S, M]] = make_player or self.spec.make_player
        self.history: History[S, M] = History.start(start)
        self.seats: dict[int, Seat] = {1: Seat(), 2: Seat()}
        for player, seat in (seats or {}).items():
            self._check_seat(player, seat)
            self.seats[player] = seat
        self.seed = random.randrange(2**31) if seed is None else seed
        self.time_budget = time_budget
        self.thinker = thinker or Thinker()
        # Any: JSON values (the save's "meta" object), each scene reading its own.
        self.meta: dict[str, Any] = dict(meta or {})
        self.version = 0
        self.last_computer_move: tuple[S, M] | None = None  # (state before, move)
        self._listeners: list[Listener] = []
        self._hints: dict[S, object] = {}
        self._board: BoardDescription | None = None
        self._ready: tuple[int, M] | None = None  # (version, move) the computer has chosen
        if self.own_players:
            self.thinker.prepare(self.spec.players.__module__)

    # --- reading -------------------------------------------------------------------------

    @property
    def state(self) -> S:
        """The present position."""
        return self.history.current

    @property
    def start(self) -> S:
        """The position the match started from."""
        return self.history.states[0]

    @property
    def moves(self) -> list[M]:
        """The moves played so far, oldest first."""
        return list(self.history.moves)

    @property
    def board(self) -> BoardDescription:
        """The board description of the present position's board (one object while the board
        stays the same, so callers may cache by identity)."""
        board = self.spec.board_for(self.state)
        if board != self._board:
            self._board = board
        return self._board if self._board is not None else board

    @property
    def to_move(self) -> int:
        """The player to move (1 or 2)."""
        return int(self.state.current_player)

    @property
    def seat_to_move(self) -> Seat:
        """Who plays now."""
        return self.seats[self.to_move]

    def is_over(self) -> bool:
        """True once the game has ended."""
        return bool(self.state.is_terminal())

    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on)."""
        return self.state.outcome()

    def person_to_move(self) -> bool:
        """True when a person (at the screen or the board) is to move in a game still going."""
        return not self.is_over() and self.seat_to_move.is_human

    def computer_to_move(self) -> bool:
        """True when a computer player is to move in a game still going."""
        return not self.is_over() and self.seat_to_move.is_computer

    @property
    def against_computer(self) -> bool:
        """True when exactly one seat is a computer: the end screen speaks to "you"."""
        return sum(seat.is_computer for seat in self.seats.values()) == 1

    @property
    def all_computers(self) -> bool:
        """True when nobody plays: the attract mode."""
        return all(seat.is_computer for seat in self.seats.values())

    def person_player(self) -> int | None:
        """The person's player number in a game against the computer, else None."""
        if not self.against_computer:
            return None
        return next(p for p, seat in self.seats.items() if seat.is_human)

    def result(self) -> str | None:
        """How the finished game ended, seen from the stand (the day's record counts these):
        ``"person"`` (a person beat the computer), ``"computer"``, ``"hotseat"`` (a person beat a
        person), ``"draw"``, ``"computers"`` (attract mode); None while it goes on."""
        outcome = self.outcome()
        if outcome is None:
            return None
        if self.all_computers:
            return "computers"
        if outcome.winner is None:
            return "draw"
        person = self.person_player()
        if person is None:
            return "hotseat"
        return "person" if outcome.winner == person else "computer"

    # --- changing ------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(match, event)`` after every change: ``"move"``, ``"undo"``,
        ``"restart"`` or ``"seats"`` (saving, lights)."""
        self._listeners.append(listener)

    def _changed(self, event: str) -> None:
        self.version += 1
        # Results computed for the position that just changed are stale: forget them (hints
        # stay cached by position, since positions come back after an undo).
        self.thinker.forget(lambda key: isinstance(key, tuple) and key[0] == "hint")
        for listener in list(self._listeners):
            listener(self, event)

    def _check_seat(self, player: int, seat: Seat) -> None:
        if player not in PLAYERS:
            raise GameInputError(f"players are 1 and 2, not {player!r}")
        if seat.is_computer and seat.level not in self.spec.levels:
            raise GameInputError(
                f"unknown {self.game} level '{seat.level}' (choose from {', '.join(self.spec.levels)})"
            )

    def set_seat(self, player: int, seat: Seat) -> None:
        """Put ``seat`` in ``player``'s place (a computer whose move was being prepared for the
        old seat is forgotten)."""
        self._check_seat(player, seat)
        if self.seats[player] != seat:
            self.seats[player] = seat
            self._changed("seats")

    def play(self, move: M) -> S:
        """Play ``move`` for the player to move and return the new state; an illegal move
        raises :class:`IllegalMoveError` and changes nothing."""
        before = self.state
        if before.is_terminal():
            raise IllegalMoveError(f"the game is over (position {before.to_text()})")
        after = self.history.push(move)
        computer = self.seats[int(before.current_player)].is_computer
        self.last_computer_move = (before, move) if computer else None
        self._changed("move")
        return after

    def can_undo(self) -> bool:
        """True when a move can be taken back."""
        return self.history.can_undo()

    def undo(self) -> list[M]:
        """Take moves back until a person is to move again (or the start); returns the moves
        taken back, last first. Between computers only, one move goes back."""
        undone: list[M] = []
        if not self.history.can_undo():
            return undone
        undone.append(self.history.undo())
        anyone = any(seat.is_human for seat in self.seats.values())
        while anyone and self.history.can_undo() and not self.seat_to_move.is_human:
            undone.append(self.history.undo())
        self.last_computer_move = None
        self._changed("undo")
        return undone

    def reseed(self, seed: int) -> None:
        """Draw the computer players' chances from ``seed`` from now on: the same seed replays
        the same game against the same moves (attract mode gives each of its games a new one)."""
        self.seed = seed

    def restart(self, start: S | None = None) -> None:
        """Back to the start (or to a new ``start`` position: a new deal, another board)."""
        if start is None:
            self.history.restart()
        else:
            self.history = History.start(start)
        self.last_computer_move = None
        self._changed("restart")

    # --- computer players and hints ---------------------------------------------------------

    def _rng(self, purpose: str) -> random.Random:
        # One generator per question, derived from the match seed and the position: jobs on
        # different threads never share one, and the same game replays the same way.
        return random.Random(f"{self.seed}:{purpose}:{len(self.history.moves)}:{self.state.to_text()}")

    @property
    def own_players(self) -> bool:
        """True when the computer players are the game's own (not a test's or a scene's stand-in):
        they need nothing of this process and may think in a worker process."""
        return self.make_player == self.spec.make_player

    @property
    def thinking(self) -> bool:
        """True while the computer prepares a move for the present position."""
        return self.thinker.running(("move", self.version))

    def computer_move(self) -> M | None:
        """The computer's move for the present position once it is ready, else None. The first
        call starts the thinking; the move is kept until played, so the scene decides when to
        play it (after a pause a child can follow, after an animation)."""
        if not self.computer_to_move():
            return None
        if self._ready is not None and self._ready[0] == self.version:
            return self._ready[1]
        key = ("move", self.version)
        if not self.thinker.running(key):
            level, state, budget = self.seat_to_move.level or "", self.state, self.time_budget
            # The game's own players need nothing of this process: they may think in a worker
            # process. A stand-in (a test's, a scene's wrapper) thinks on a thread.
            own = self.own_players
            # The game's own factory is a module-level function: it travels by reference to a
            # worker process. (Before the typed entry, `make_player is spec.make_player` compared
            # two bound methods, never the same object: every move thought on a thread.)
            players = self.spec.players if own else self.make_player
            work = partial(choose_move, players, level, state, self._rng("move"), budget)
            self.thinker.start(key, work, portable=own)
        ready, move = self.thinker.poll(key)
        if not ready:
            return None
        self._ready = (self.version, cast(M, move))
        return cast(M, move)

    @property
    def has_hints(self) -> bool:
        """True when the game can give advice."""
        return self.spec.hint is not None

    def hint(self) -> object | None:
        """The game's advice for the present position (computed once, off the frame loop, and
        cached per position); None while it is being computed or when the game has none."""
        advise = self.spec.hint
        if advise is None or self.is_over():
            return None
        position = self.state
        if position in self._hints:
            return self._hints[position]
        key = ("hint", position)
        if not self.thinker.running(key):
            self.thinker.start(key, partial(advise, position), portable=True)
        ready, advice = self.thinker.poll(key)
        if ready:
            self._hints[position] = advice
            return advice
        return None

    # --- saving -------------------------------------------------------------------------------

    def to_text(self) -> str:
        """One JSON object: the game, the start position, the moves, the seats, the seed and
        the scene's settings. :meth:`from_text` reads it back."""
        start = self.start
        played = zip(self.history.states[:-1], self.history.moves, strict=True)
        data = {
            "format": FORMAT,
            "game": self.game,
            "start": start.to_text(),
            "moves": [state.move_to_text(move) for state, move in played],
            "seats": {str(p): seat.as_dict() for p, seat in sorted(self.seats.items())},
            "seed": self.seed,
            "meta": self.meta,
        }
        return json.dumps(data, ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_text(cls, text: str, *, thinker: Thinker | None = None,
                  time_budget: float | None = None) -> Match[Any, Any]:
        # Any: the game is read from the text, so its types are known only at run time.
        """Read :meth:`to_text`'s form, replaying and checking every move; a malformed text or
        an illegal move raises :class:`GameInputError` naming what is wrong."""
        if len(text) > MAX_TEXT:
            raise GameInputError(f"a saved match is at most {MAX_TEXT} characters, this one has {len(text)}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise GameInputError(f"a saved match is a JSON object: {exc}"[:300]) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise GameInputError(f"not a saved match (no \"format\": \"{FORMAT}\")")
        game, start_text, moves, seats = data.get("game"), data.get("start"), data.get("moves"), data.get("seats")
        seed, meta = data.get("seed"), data.get("meta", {})
        if not isinstance(game, str) or not isinstance(start_text, str):
            raise GameInputError("a saved match names its \"game\" and its \"start\" position as strings")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise GameInputError("a saved match's \"moves\" is a list of move texts")
        if not isinstance(seats, dict) or set(seats) != {"1", "2"}:
            raise GameInputError("a saved match's \"seats\" gives seat \"1\" and seat \"2\"")
        if type(seed) is not int or not isinstance(meta, dict):
            raise GameInputError("a saved match's \"seed\" is an integer and its \"meta\" an object")
        try:
            game_spec = spec(game)
        except LookupError as exc:
            raise GameInputError(str(exc)) from None
        start = game_spec.from_text(start_text)
        match = cls(
            game,
            start,
            {int(p): Seat.from_dict(s) for p, s in seats.items()},
            seed=seed,
            time_budget=time_budget,
            thinker=thinker,
            meta=meta,
        )
        for number, move_text in enumerate(moves, 1):
            try:
                match.history.push(match.state.parse_move(move_text))
            except (GameInputError, IllegalMoveError) as exc:
                raise GameInputError(f"move {number} ('{move_text}') of the saved match: {exc}"[:300]) from None
        return match
