"""A scripted visitor: plays any game scene from the menu the way a person does, and times every
frame while doing it (used by ``tests/test_frames.py`` and ``bench/bench_frames.py``).

The script is written once for every :class:`~kiosk.game_scene.GameScene`: from the menu, tap
the game's card; on the "who plays" card choose the opponent (the strongest computer, with its
real time budget, or a friend: hot-seat); then play to the end, tapping where the scene says a
move is played (:meth:`GameScene.taps_for`), asking for the hint, switching views where the game
has them, taking a move back once, opening the rules and paging through every page; at the end
card, fold it to see the board, play again, and go home.

The kiosk runs as it does at the fair: a window-less :class:`~kiosk.app.App` that is *not*
headless, so computer players and hints think on their real threads (or processes) and nobody
waits for them. ``realtime=True`` paces frames at 60 fps as ``App.run`` does (the bench);
``realtime=False`` runs frames back to back, each advancing 1/60 s (a quicker test; the
computer's thinking still takes its real time).

Each frame is recorded with its wall-clock time and the frame thread's own CPU time
(``time.thread_time``: what other processes on a loaded machine change least), the screen it
drew, the visitor's last action and what happened during the frame, so that the slowest
frames can be named.
"""

from __future__ import annotations

import contextlib
import gc
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, overload

import pygame

from games.registry import spec
from kiosk.app import STEP, App, AppOptions
from kiosk.devices import set_opener
from kiosk.game_scene import GameScene
from kiosk.i18n import tr
from kiosk.menu import MenuScene
from kiosk.overlays import ConfirmScene, EndScene, RulesScene
from kiosk.pace import FramePacer
from kiosk.scene import Scene
from kiosk.seats import SeatsScene
from kiosk.ui import Button
from kiosk.warmup import warm_up

COMPUTER, FRIEND = "computer", "friend"
#: Seconds (wall clock) the visitor waits for something before it says it is stuck.
PATIENCE = 180.0

Script = Iterator[None]  # a generator: each ``yield`` lets one frame run


class VisitorStuck(AssertionError):
    """What the visitor waited for never came (a broken flow, or taps that play nothing)."""


class FrameRecord(NamedTuple):
    """One frame: its times (seconds), the screen drawn, and what led to it.

    Kept by :class:`FrameRecords` as a plain tuple (see there)."""

    wall: float
    cpu: float
    where: str
    action: str
    since: int  # frames since the visitor's last action (0: the action's own frame)
    events: str  # what happened during the frame: a move, a new screen
    thinking: bool  # a computer player or a hint was being worked out during the frame
    gc: float = 0.0  # CPU seconds of garbage collection during the frame, on the frame thread
    gc_other: float = 0.0  # ... and on other threads (they hold the interpreter lock meanwhile)
    system: float = 0.0  # of ``cpu``, the seconds the kernel spent for the frame thread
    faults: int = 0  # page faults on the frame thread during the frame (minor and major)
    preempted: int = 0  # times the frame thread was switched out against its will
    at: float = 0.0  # when the frame began (perf_counter seconds): real frame rates

    @property
    def user(self) -> float:
        """Of ``cpu``, the seconds the frame thread ran the kiosk's own code (user mode): what a
        busy machine changes least (the kernel's share grows with its page reclaim and switches)."""
        return self.cpu - self.system

    def describe(self) -> str:
        """One line for a report."""
        after = f"{self.since} frame{'s' if self.since != 1 else ''} after '{self.action}'" if self.action else ""
        happened = [self.events] if self.events else []
        if self.gc + self.gc_other >= 0.001:
            happened.append(f"garbage collection {1000 * self.gc:.0f} + {1000 * self.gc_other:.0f} ms")
        if self.system >= 0.005 or self.faults >= 1000:
            # The kernel's share: a machine short of memory charges its page reclaim to the thread.
            happened.append(f"kernel {1000 * self.system:.0f} ms, {self.faults} page faults, "
                            f"{self.preempted} preemptions")
        note = f" [{'; '.join(happened)}]" if happened else ""
        return f"{1000 * self.wall:6.1f} ms wall, {1000 * self.cpu:5.1f} ms CPU: {self.where}, {after}{note}"


class GcClock:
    """CPU seconds spent in garbage collections, on the frame thread and on the others (CPU
    time of the collecting thread: what a loaded machine does not change)."""

    def __init__(self) -> None:
        self.frame_thread = threading.get_ident()
        self.mine = self.others = 0.0
        self._started: dict[int, float] = {}

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        thread = threading.get_ident()
        if phase == "start":
            self._started[thread] = time.thread_time()  # clock(cpu): garbage collections' CPU time
        elif thread in self._started:
            spent = time.thread_time() - self._started.pop(thread)  # clock(cpu): as above
            if thread == self.frame_thread:
                self.mine += spent
            else:
                self.others += spent

    def take(self) -> tuple[float, float]:
        """The seconds counted since the last call (frame thread, other threads)."""
        spent, self.mine, self.others = (self.mine, self.others), 0.0, 0.0
        return spent


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank; 0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class FrameRecords(Sequence[FrameRecord]):
    """A visit's frames, each kept as a plain tuple of numbers and words, which the garbage
    collector stops tracking: a visit keeps 50,000 of them, and as tracked objects (a dataclass)
    they made each full collection of the kiosk (a screen left, :meth:`kiosk.stack.SceneStack.collect_left`)
    walk them, 20-40 ms of the bench's frames that the kiosk does not spend (issue 43)."""

    def __init__(self) -> None:
        self._rows: list[tuple[Any, ...]] = []

    def append(self, record: FrameRecord) -> None:
        """One more frame."""
        self._rows.append(tuple(record))

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> FrameRecord: ...

    @overload
    def __getitem__(self, index: slice) -> list[FrameRecord]: ...

    def __getitem__(self, index: int | slice) -> FrameRecord | list[FrameRecord]:
        if isinstance(index, slice):
            return [FrameRecord(*row) for row in self._rows[index]]
        return FrameRecord(*self._rows[index])


@dataclass
class Visit:
    """What a visit measured."""

    game: str
    frames: FrameRecords = field(default_factory=FrameRecords)
    moves: int = 0  # moves the visitor tapped
    ends: int = 0  # end cards reached
    rules_pages: int = 0  # rules pages looked at
    hints: int = 0  # hints shown
    views: int = 0  # view switches
    seconds: float = 0.0
    led_frames: int | None = None  # frames the LED board was sent (None: no LED board)

    def p99(self, attr: str = "wall") -> float:
        """The 99th percentile of the frames' ``wall``, ``cpu``, ``user`` or ``system`` times, in
        milliseconds."""
        return self.quantile(0.99, attr)

    def quantile(self, share: float, attr: str = "wall") -> float:
        """The ``share`` quantile of the frames' ``wall``, ``cpu``, ``user`` or ``system`` times, in
        milliseconds."""
        return 1000 * percentile([getattr(f, attr) for f in self.frames], share)

    def worst(self, attr: str = "wall") -> float:
        """The slowest frame's ``wall``, ``cpu`` or ``user`` time, in milliseconds."""
        return 1000 * max((getattr(f, attr) for f in self.frames), default=0.0)

    def slowest(self, count: int = 3, attr: str = "wall") -> list[FrameRecord]:
        """The ``count`` slowest frames by ``attr``."""
        return sorted(self.frames, key=lambda f: getattr(f, attr), reverse=True)[:count]

    def summary(self) -> dict[str, Any]:
        """The figures of a report line."""
        return {
            "game": self.game, "frames": len(self.frames), "seconds": round(self.seconds, 1),
            "p99_ms": round(self.p99(), 1), "worst_ms": round(self.worst(), 1),
            "cpu_p99_ms": round(self.p99("cpu"), 1), "cpu_worst_ms": round(self.worst("cpu"), 1),
            "moves": self.moves, "ends": self.ends, "rules_pages": self.rules_pages, "hints": self.hints,
            "views": self.views,
        }


#: Frames this long after the visitor's last action, with nothing happening, are a screen at rest.
IDLE_AFTER = 30


def screen_kind(frame: FrameRecord) -> str:
    """The screen of ``frame`` without its numbers ("rules page", "awele, person to move")."""
    where = re.sub(r" \d+/\d+", "", frame.where)
    return where.replace(", hint on", "").replace(", computer to move", ", the computer's turn")


def action_kind(frame: FrameRecord) -> str:
    """The visitor's action that led to ``frame``, without its numbers ("tap for a move")."""
    action = frame.action
    if action.startswith(("tap ", "play ")):
        return "a move"
    return re.sub(r"\s*\d+\b", "", action) or "arriving"


def is_idle(frame: FrameRecord) -> bool:
    """A screen at rest: the menu, a card or a game waiting for a tap, long enough after the last
    action, with no move, animation, new screen or thinking computer (issue 43: 1 ms a frame)."""
    return (frame.since >= IDLE_AFTER and not frame.events and not frame.thinking and "animating" not in frame.where
            and "computer to move" not in frame.where and "game over" not in frame.where)


@dataclass(frozen=True)
class Row:
    """The frames of one screen and action: how many, and their CPU median, p99 and worst (ms)."""

    screen: str
    action: str
    frames: int
    median: float
    p99: float
    worst: float


def breakdown(frames: Sequence[FrameRecord], attr: str = "cpu") -> list[Row]:
    """The frames grouped by screen and action (the idle ones apart, action "at rest"), slowest
    total first."""
    groups: dict[tuple[str, str], list[float]] = {}
    for frame in frames:
        action = "at rest" if is_idle(frame) else action_kind(frame)
        groups.setdefault((screen_kind(frame), action), []).append(1000 * getattr(frame, attr))
    rows = [Row(screen, action, len(times), percentile(times, 0.5), percentile(times, 0.99), max(times))
            for (screen, action), times in groups.items()]
    return sorted(rows, key=lambda row: -row.median * row.frames)


def game_scene_games() -> list[str]:
    """The games whose screen is a :class:`GameScene` (the ones the visitor can play)."""
    from kiosk.screens import playable_games

    # Every registered game's screens are GameScenes (GameScreens.make_scene's type says so).
    return [info.key for info, _screens in playable_games()]


ROOT = Path(__file__).resolve().parent.parent
#: LEDs of the emulated board (the longest strip a game's layout asks for fits: Lightning's 272).
EMULATED_LEDS = 300


@contextlib.contextmanager
def emulated_led_board() -> Iterator[str]:
    """An LED board on a pty: ``main.py led-emulator`` in its own process, as a real board is a
    device of its own (its reader would otherwise share the kiosk's interpreter lock); yields the
    pty's path for ``--led-port``, and stops the emulator after."""
    with tempfile.TemporaryDirectory(prefix="visitor-leds-") as folder:
        path_file = Path(folder) / "pty"
        emulator = subprocess.Popen([sys.executable, "main.py", "led-emulator", "--text", "--leds", str(EMULATED_LEDS),
                                     "--path-file", str(path_file)], cwd=ROOT, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
        try:
            # clock(wait): the emulator's start (a Python process importing), bounded by PATIENCE
            started = time.perf_counter()
            while not (path_file.exists() and path_file.read_text().strip()):
                if emulator.poll() is not None or time.perf_counter() - started > PATIENCE:  # clock(wait): as above
                    raise VisitorStuck("the LED emulator did not give its pty")
                time.sleep(0.05)  # clock(wait): polling for the emulator's pty file
            yield path_file.read_text().strip()
        finally:
            emulator.terminate()
            try:
                emulator.wait(10)  # clock(wait): the emulator stopping after SIGTERM (killed past it)
            except subprocess.TimeoutExpired:
                emulator.kill()
                emulator.wait()


def make_app(size: tuple[int, int] = (1920, 1080), seed: int = 1, led_port: str | None = None) -> App:
    """A window-less kiosk that is not headless: real threads, and nobody waits for them. With
    ``led_port``, the kiosk's devices are on, as at a stand with a table: the synthetic camera
    (the menu's "Plateau réel" tabs; opened by a game on the table) and the LED board on that
    port (``main.open_devices``, the LED system's thread sending the lights)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if led_port is None:
        app = App(AppOptions(size=size, seed=seed, mute=True))
    else:
        import main

        set_opener(main.open_devices)
        try:
            app = App(AppOptions(size=size, seed=seed, mute=True, camera="synthetic", led_port=led_port))
        finally:
            set_opener(None)
        assert app.devices.leds is not None and app.devices.camera is not None
    assert not app.headless
    app.home_factory = MenuScene
    return app


def describe(scene: Scene | None) -> str:
    """The screen ``scene`` shows, in a few words."""
    if isinstance(scene, RulesScene):
        return f"rules page {scene.page + 1}/{len(scene.pages)}"
    if isinstance(scene, EndScene):
        return "end card (folded)" if scene.folded else "end card"
    if isinstance(scene, GameScene):
        match = scene.match
        view = match.meta.get("view")
        words = [scene.game + (f" ({view} view)" if view else "")]
        if match.is_over():
            words.append("game over")
        elif match.computer_to_move():
            words.append("computer to move")
        else:
            words.append("person to move")
        if scene.hint_on:
            words.append("hint on")
        if scene.busy():
            words.append("animating")
        return ", ".join(words)
    return "nobody" if scene is None else scene.name


class Visitor:
    """Plays scripts (generators that yield once per frame) on ``app`` and records the frames."""

    def __init__(self, app: App, game: str, *, realtime: bool = True, seed: int = 1, patience: float = PATIENCE,
                 max_moves: int | None = None, pace: float = 1.0) -> None:
        self.app = app
        self.game = game
        self.spec = spec(game)
        self.realtime = realtime
        self.rng = random.Random(seed)
        self.patience = patience
        #: Moves after which a game is left (home) instead of played to the end (None: the end).
        self.max_moves = max_moves
        #: How long the visitor looks at things, as a share of a child's time (a quick test: 0.3).
        self.pace = pace
        # The visitor's own thought (a sensible child, not the kiosk): the second-weakest level.
        levels = self.spec.levels
        self.thought = self.spec.make_player(levels[min(1, len(levels) - 1)])
        self.visit = Visit(game)
        self.logical = 0.0  # seconds of kiosk time so far
        self.action = ""
        self.since = 0
        self.note: list[str] = []

    # --- the frame loop -------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        """The screen on top (every screen on the kiosk's stack is a Scene)."""
        top = self.app.stack.top
        assert top is None or isinstance(top, Scene)
        return top

    def run(self, script: Script) -> Visit:
        """Run ``script`` to its end, one frame per ``yield``, and return the visit's records."""
        # clock(realtime): ticked only when realtime (bench/); tests pass realtime=False
        app, pacer = self.app, FramePacer()
        started = time.perf_counter()  # clock(wait): the visit's bound (20 x patience)
        collections = GcClock()
        gc.callbacks.append(collections)
        try:
            for _ in script:
                step = min(pacer.tick(), 0.25) if self.realtime else STEP
                scene_before, version_before = self.top, self._version()
                collections.take()
                before = resource.getrusage(resource.RUSAGE_THREAD)
                # clock(report): wall for bench/; tests judge the CPU times
                wall, cpu = time.perf_counter(), time.thread_time()
                begun = wall
                app.tick(step)
                cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall  # clock(report): as above
                after = resource.getrusage(resource.RUSAGE_THREAD)
                system = after.ru_stime - before.ru_stime
                faults = after.ru_minflt + after.ru_majflt - before.ru_minflt - before.ru_majflt
                preempted = after.ru_nivcsw - before.ru_nivcsw
                self.logical += step
                events = self._events(scene_before, version_before)
                gc_mine, gc_other = collections.take()
                self.visit.frames.append(FrameRecord(wall, cpu, describe(self.top), self.action, self.since, events,
                                                     self._thinking(), gc_mine, gc_other, system, faults, preempted,
                                                     at=begun))
                self.since += 1
                # clock(wait): only a stuck visit takes 20 x patience (an hour)
                if time.perf_counter() - started > 20 * self.patience:
                    raise VisitorStuck(f"the visit of {self.game} took longer than {20 * self.patience:.0f} s")
        finally:
            gc.callbacks.remove(collections)
        self.visit.seconds = time.perf_counter() - started  # clock(report): the visit's wall time, for bench/
        return self.visit

    def _scene(self) -> GameScene | None:
        return next((s for s in reversed(self.app.stack.scenes) if isinstance(s, GameScene)), None)

    def _version(self) -> int | None:
        scene = self._scene()
        return None if scene is None else scene.match.version

    def _thinking(self) -> bool:
        scene = self._scene()
        return scene is not None and scene.match.thinker.busy()

    def _events(self, scene_before: Scene | None, version_before: int | None) -> str:
        events, self.note = self.note, []
        scene = self._scene()
        if scene is not None and version_before is not None and scene.match.version != version_before:
            last = scene.match.last_computer_move
            events.append("the computer's move" if last is not None else "a move, an undo or a new game")
        if self.top is not scene_before:
            events.append(f"new screen: {describe(self.top)}")
        return "; ".join(events)

    # --- a person's gestures (generators: ``yield from``) -------------------------------------

    def act(self, label: str) -> None:
        """Name the visitor's next action (the frames that follow are attributed to it)."""
        self.action, self.since = label, 0

    def tap(self, pos: tuple[int, int], label: str) -> Script:
        """A finger on the screen at a logical position: moved there, down, up; one frame."""
        self.act(label)
        native = self.app.screen.to_native((pos[0], pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=native, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=native, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=native, button=1))
        yield

    def press(self, button: Button | None, label: str) -> Script:
        """Tap ``button`` (which must be there and enabled)."""
        if button is None or not button.enabled:
            raise VisitorStuck(f"no button to press for '{label}' on {describe(self.top)}")
        yield from self.tap(button.rect.center, label)

    def wait(self, seconds: float) -> Script:
        """Look at the screen for ``seconds`` of kiosk time (times the visitor's pace)."""
        end = self.logical + seconds * self.pace
        while self.logical < end:
            yield

    def until(self, done: Callable[[], bool], what: str, patience: float | None = None) -> Script:
        """Let frames run until ``done()`` (at most ``patience`` wall-clock seconds)."""
        started = time.perf_counter()  # clock(wait): patience (180 s) for what the visitor awaits
        while not done():
            if time.perf_counter() - started > (patience or self.patience):  # clock(wait): as above
                raise VisitorStuck(f"waited {patience or self.patience:.0f} s for {what}; "
                                   f"the screen shows {describe(self.top)}")
            yield

    def until_top(self, kind: type[Scene], what: str) -> Script:
        """Frames until a ``kind`` screen is on top and shown (not held while a screen is drawn
        ahead: the game after "Jouer !" is, a few frames, and taps meanwhile are not taken)."""
        yield from self.until(lambda: isinstance(self.top, kind) and not self.app.stack.holding, what)

    # --- the visit ---------------------------------------------------------------------------------

    def visit_game(self, opponent: str = COMPUTER) -> Script:
        """From the menu: choose who plays, play to the end (or ``max_moves``), fold the end card,
        play again, and go home."""
        app = self.app
        if not isinstance(self.top, MenuScene):
            app.go_home()
        yield from self.until_top(MenuScene, "the menu")
        yield from self.wait(0.6)
        menu = self.top
        assert isinstance(menu, MenuScene)
        card = next(rect for rect, info, _module in menu.cards if info.key == self.game)
        yield from self.tap(card.center, f"open {self.game} from the menu")
        yield from self.until_top(SeatsScene, "the who-plays card")
        yield from self.choose_seats(opponent)
        yield from self.until_top(GameScene, "the game")
        scene = self.top
        assert isinstance(scene, GameScene)
        finished = yield from self.play(scene)
        if finished:
            yield from self.until_top(EndScene, "the end card")
            yield from self.end_card()
            yield from self.until(lambda: self.top is scene and not scene.match.is_over(), "a new game")
            yield from self.play(scene, moves=2)
        yield from self.press(scene.tool_at("home"), "home")
        # Shown, not held while the game under it is drawn ahead (push_card): a tap meanwhile is
        # not taken, as a person cannot tap a question not shown yet.
        yield from self.until(lambda: isinstance(self.top, (MenuScene, ConfirmScene)) and not self.app.stack.holding,
                              "the menu or a question")
        if isinstance(self.top, ConfirmScene):  # mid-game: "Arrêter la partie ?"
            yield from self.wait(0.4)
            yield from self.press(self.top.yes_button, "stop the game: yes")
        yield from self.until_top(MenuScene, "the menu")
        yield from self.wait(0.5)

    def choose_seats(self, opponent: str) -> Script:
        """On the who-plays card: a friend, or the strongest computer; then "Jouer !"."""
        yield from self.wait(0.8)
        if opponent == FRIEND:
            yield from self.press(self._seats_button(tr("seats.friend")), "who plays: a friend")
        else:
            yield from self.press(self._seats_button(tr("seats.computer")), "who plays: the computer")
            yield from self.wait(0.4)
            level = self.spec.levels[-1]
            yield from self.press(self._seats_button(tr(f"{self.game}.level.{level}")), f"level: {level}")
        yield from self.wait(0.5)
        seats = self.top
        assert isinstance(seats, SeatsScene)
        yield from self.press(seats.play_button, "who plays: play")

    def _seats_button(self, text: str) -> Button | None:
        seats = self.top
        assert isinstance(seats, SeatsScene)
        return next((b for b in seats.buttons if b.label == text), None)

    def play(self, scene: GameScene, moves: int | None = None) -> Generator[None, None, bool]:
        """Play the person's moves until the game ends (True) or ``moves`` (or ``max_moves``)
        moves were played (False)."""
        limit = moves if moves is not None else self.max_moves
        match = scene.match
        turn = 0
        undone = False
        while True:
            yield from self.until(lambda: match.is_over() or (self.top is scene and scene.person_to_move()),
                                  "a person's turn")
            if match.is_over():
                return True
            if limit is not None and turn >= limit:
                return False
            turn += 1
            if moves is None and turn == 2:
                yield from self.read_rules(scene)
            if moves is None and turn in (3, 6):
                yield from self.switch_view(scene)
            undo = scene.tool_at("undo")
            if moves is None and turn == 5 and not undone and undo is not None and undo.enabled:
                undone = True
                yield from self.undo(scene)
                turn -= 1  # the turn comes back: it is played next
                continue
            yield from self.move(scene, hint=moves is None and (turn == 1 or self.rng.random() < 0.2))

    def move(self, scene: GameScene, hint: bool) -> Script:
        """One move: maybe ask for the hint first and follow it; tap where the scene says."""
        match = scene.match
        legal = match.state.legal_moves()
        move = None
        button = scene.tool_at("hint")
        if hint and button is not None and button.enabled and not scene.hint_on:
            yield from self.press(button, "hint")
            yield from self.until(lambda: scene.hint() is not None, "the hint")
            self.visit.hints += 1
            yield from self.wait(1.0)
            move = getattr(scene.hint(), "move", None)
        if move not in legal:
            state = match.state
            move = self.rng.choice(legal) if self.rng.random() < 0.2 else self.thought.choose(state, self.rng, 0.05)
        version = match.version
        name = match.state.move_to_text(move)
        if scene.taps_for(move) is None:
            self.act(f"play {name} (the scene names no taps)")
            scene.play(move)
            yield
        else:
            # One tap at a time, each where the scene says now: a layout that moves (a board
            # half growing) or a tap that changes what comes next (a tile turned) is followed.
            for count in range(1, 13):
                taps = scene.taps_for(move) or []
                if not taps or match.version != version:
                    break
                if count > 1:
                    yield from self.wait(0.25)
                yield from self.tap(taps[0], f"tap {count} for move {name}")
        yield from self.until(lambda: match.version != version, f"move {name} to be played after its taps", 10.0)
        self.visit.moves += 1
        yield from self.wait(0.3)

    def read_rules(self, scene: GameScene) -> Script:
        """Open the rules and page through to the last page, then back to the game."""
        yield from self.press(scene.tool_at("rules"), "rules")
        yield from self.until_top(RulesScene, "the rules")
        rules = self.top
        assert isinstance(rules, RulesScene)
        for page in range(len(rules.pages)):
            self.visit.rules_pages += 1
            yield from self.wait(1.2)
            last = page == len(rules.pages) - 1
            yield from self.press(rules.buttons[1], "rules: play" if last else f"rules: page {page + 2}")
        yield from self.until(lambda: self.top is scene, "the game after the rules")

    def switch_view(self, scene: GameScene) -> Script:
        """Switch to the game's other view, if it has one (a tool named "view")."""
        button = scene.tool_at("view")
        if button is not None and button.enabled:
            self.visit.views += 1
            yield from self.press(button, "switch view")
            yield from self.wait(1.0)

    def undo(self, scene: GameScene) -> Script:
        """Take back a move, as a child who changed their mind."""
        yield from self.press(scene.tool_at("undo"), "undo")
        yield from self.wait(0.6)

    def end_card(self) -> Script:
        """Read the end card, fold it to see the board, then play again."""
        end = self.top
        assert isinstance(end, EndScene)
        self.visit.ends += 1
        yield from self.wait(1.8)
        yield from self.press(next(b for b in end.card_buttons if b.label == "button.see_board"), "see the board")
        yield from self.wait(1.5)
        yield from self.press(next(b for b in end.bar_buttons if b.label == "button.again"), "play again")


def visit(game: str, opponents: tuple[str, ...] = (COMPUTER, FRIEND), *, size: tuple[int, int] = (1920, 1080),
          realtime: bool = True, seed: int = 1, max_moves: int | None = None, pace: float = 1.0,
          devices: bool = False) -> Visit:
    """A visitor plays ``game`` once against each of ``opponents`` in one kiosk session; with
    ``devices``, the synthetic camera and an emulated LED board are on (:func:`make_app`)."""
    if devices:
        with emulated_led_board() as port:
            return _visit(game, opponents, size, realtime, seed, max_moves, pace, port)
    return _visit(game, opponents, size, realtime, seed, max_moves, pace, None)


def _visit(game: str, opponents: tuple[str, ...], size: tuple[int, int], realtime: bool, seed: int,
           max_moves: int | None, pace: float, led_port: str | None) -> Visit:
    app = make_app(size, seed, led_port)
    warm_up(app)  # as the kiosk does when it starts (kiosk.runner.run_app)
    visitor = Visitor(app, game, realtime=realtime, seed=seed, max_moves=max_moves, pace=pace)

    def script() -> Script:
        for opponent in opponents:
            yield from visitor.visit_game(opponent)

    app.start(MenuScene(app))
    try:
        result = visitor.run(script())
        if app.devices.leds is not None:
            result.led_frames = app.devices.leds.led_status().frames_sent
        return result
    finally:
        app.close()
