"""The window and the main loop: fixed-step updates, one draw per frame, scene stack, effects.

Every scene lays out a 1280x720 logical canvas (:class:`kiosk.canvas.Canvas`) that draws at the
window's or the screen's real resolution, letterboxed when the shape is not 16:9; mouse and touch
positions are mapped back to logical units before scenes see them, so layouts are written once.
``--frames N`` runs exactly N frames of 1/60 s each, as fast as the machine can, which makes
screenshots reproducible and measures the frame rate.
"""

from __future__ import annotations

import logging
import os
import random
import signal
import sys
import threading
import time
import warnings
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from games import budget, jobs
from games.cliutil import atomic_output
from games.effects import BoardLights, EffectBus
from games.startup import release_early_stops
from kiosk import background, i18n, theme, ui
from kiosk.attendant import Attendant, StillThereScene
from kiosk.canvas import LETTERBOX, LOGICAL_SIZE, Canvas, Target, set_display_scale
from kiosk.chronicle import Chronicle
from kiosk.config import KioskConfig
from kiosk.daybook import FOLDER as DAYS_FOLDER
from kiosk.daybook import DayBook
from kiosk.demo import DemoScene
from kiosk.devices import open_devices
from kiosk.focus import Navigator
from kiosk.frames import POOL, FrameComposer
from kiosk.host import SceneFactory
from kiosk.i18n import tr
from kiosk.inputs import is_presence
from kiosk.keeper import MatchKeeper
from kiosk.operator import OperatorDoor
from kiosk.options import AppOptions
from kiosk.pace import FramePacer
from kiosk.prepare import Preparation
from kiosk.scene import Scene
from kiosk.session import SessionScores
from kiosk.sound import SoundSystem
from kiosk.stack import SceneStack, Screen, collect
from kiosk.storage import SaveStore, describe_folder_error, folder_problem, state_dir

log = logging.getLogger("kiosk.app")

STEP = 1 / 60
#: Seconds a thread may keep the interpreter while another wants it (Python's default: 5 ms).
#: Computer players think in worker processes; a job still on a thread (a scene's few
#: milliseconds of work) then delays the frame thread by 1 ms at most per hand-over, not 5.
SWITCH_INTERVAL = 0.001
#: Share of the desktop a window may take (title bar, panels), so it never hangs off the edges.
WINDOW_ROOM = (0.96, 0.90)
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)
#: Inputs that mean "no mouse here": the cursor hides in full screen until the mouse moves.
CURSORLESS_EVENTS = FINGER_EVENTS + (
    pygame.JOYBUTTONDOWN,
    pygame.JOYHATMOTION,
    pygame.JOYAXISMOTION,
    pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERAXISMOTION,
)
#: Joystick events that attract mode and "Encore là ?" take as they come (any button wakes them).
PAD_EVENTS = (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYHATMOTION, pygame.JOYAXISMOTION)
#: More errors than this within ERROR_WINDOW seconds: the program stops (systemd restarts it).
MAX_ERRORS, ERROR_WINDOW = 5, 60.0
NOTICE_SECONDS = 4.0
#: Game-time seconds between two memory snapshots (``<state>/memory.json``, read by ``doctor``).
MEMORY_SECONDS = 60.0
#: Seconds closing waits for a screen still being drawn ahead (a tenth of a second at most here).
PREPARATION_WAIT = 5.0
#: The signals that stop the program cleanly, kiosk mode included: a service manager's stop
#: (SIGTERM), a closed terminal (SIGHUP), Ctrl+C (SIGINT). The operator's PIN keeps visitors in,
#: not the service manager.
STOP_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")


class FrameTimes:
    """Frame times summarised in constant memory. The kiosk's loop runs all day, 60 frames a
    second: a list of every frame's time grew by about 9 MB an hour. Each time is counted in a
    bucket of :data:`RESOLUTION` (the last bucket takes every slower frame) and the slowest is
    kept exactly, so a percentile is known to within :data:`RESOLUTION` and never understated."""

    #: Width of a bucket, in seconds.
    RESOLUTION = 1e-4
    #: Buckets: 0 to 1 s (40 KB of counts).
    BUCKETS = 10_000

    def __init__(self) -> None:
        self._counts = array("I", bytes(4 * self.BUCKETS))
        self.count = 0
        self.worst = 0.0

    def add(self, seconds: float) -> None:
        """Count one frame that took ``seconds``."""
        self._counts[min(self.BUCKETS - 1, max(0, int(seconds / self.RESOLUTION)))] += 1
        self.count += 1
        self.worst = max(self.worst, seconds)

    def percentile(self, fraction: float) -> float:
        """The frame time below which ``fraction`` of the frames fall, as a sorted list's element
        at ``int(fraction * count)`` would be: the upper edge of its bucket, or the slowest
        frame when that is less; 0.0 with no frame."""
        if not self.count:
            return 0.0
        rank = min(self.count - 1, int(fraction * self.count))
        seen = 0
        for bucket, counted in enumerate(self._counts):
            seen += counted
            if seen > rank:
                last = bucket == self.BUCKETS - 1  # the slower frames' bucket has no top
                return self.worst if last else min(self.worst, (bucket + 1) * self.RESOLUTION)
        return self.worst


@dataclass(frozen=True)
class RunStats:
    """What a run measured: frames drawn, wall-clock seconds, frames per second, and the frames'
    times (the first frame, which opens the window and loads fonts, is left out of them: it is
    start-up, measured separately)."""

    frames: int
    seconds: float
    times: FrameTimes = field(default_factory=FrameTimes)

    @property
    def fps(self) -> float:
        """Average frames per second over the run."""
        return self.frames / self.seconds if self.seconds > 0 else 0.0

    @property
    def p99_frame_ms(self) -> float:
        """The 99th percentile of frame times, in milliseconds (to within 0.1 ms, never less)."""
        return 1000 * self.times.percentile(0.99)

    @property
    def worst_frame_ms(self) -> float:
        """The slowest frame, in milliseconds."""
        return 1000 * self.times.worst

    def as_dict(self) -> dict[str, float]:
        """The ``--json`` form of every interactive command."""
        return {
            "frames": self.frames,
            "seconds": round(self.seconds, 3),
            "fps": round(self.fps, 1),
            "p99_frame_ms": round(self.p99_frame_ms, 2),
            "worst_frame_ms": round(self.worst_frame_ms, 2),
        }


class App:
    """The kiosk application: owns the window, the scene stack and the effect systems; the
    scenes see it as their :class:`kiosk.host.Host`."""

    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        self.config = self.options.config or KioskConfig(language=self.options.lang)
        #: Kiosk mode: locked down, attract mode, saves, errors recovered (see docs/kiosk.md).
        self.kiosk = self.options.kiosk
        #: The signal that asked the program to stop ("SIGTERM"...), None until one does.
        self.stopped_by: str | None = None
        self._previous_handlers: dict[int, Any] = {}
        # SDL would turn SIGINT and SIGTERM into a window close, which kiosk mode ignores; the
        # app's own handlers are set once it is built (a failed start leaves none behind).
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        self._logging = False
        if self.kiosk:
            self.state = self.options.state_dir or state_dir()
            from kiosk.logs import setup_logging

            # A folder that cannot be used is said in one line; the kiosk runs without it.
            setup_logging(self.state / "logs", echo=not self.headless)
            self._logging = True
            log.info("kiosk starting (configuration: %s)", self.config.path or "defaults")
            problem = folder_problem(self.state / "save")
            if problem:
                log.warning("games in progress will not be saved: %s", problem)
        # First, so that a bad LED configuration stops the kiosk before a window opens.
        self.devices = open_devices(self.options)
        self.leds = self.devices.leds
        i18n.set_language(self.options.lang)
        theme.set_colour_blind(self.config.colour_blind)
        if self.options.frames is not None:
            # Headless capture needs no screen and no sound card.
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # The window's frame goes to the screen as it is (X11 shared memory), not through an
        # OpenGL texture: on a desktop without a GPU driver, Mesa's software GL alone took 100 MB
        # of the kiosk's memory (measured under Xvfb at 1920x1080; docs/kiosk.md, "Memory").
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        budget.keep_big_blocks_apart()  # freed frames and layers go back to the system (games/budget.py)
        if self.kiosk:
            # Alt+Tab must not minimise a full-screen kiosk.
            os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")
        pygame.init()
        # Fonts die with pygame.quit(); a second App in the same process (tests, the demo)
        # must not reuse dead ones from the caches.
        theme.forget_fonts()
        ui.wrap_text.cache_clear()
        pygame.display.set_caption(self.options.title)
        self.fullscreen = self.options.fullscreen or self.kiosk
        self.display: pygame.Surface
        #: What scenes draw on: the logical canvas over the native display.
        self.screen: Canvas
        #: Draws the scenes, reusing what did not change (kiosk/frames.py).
        self.frames = FrameComposer(threaded=not self.headless)
        self._open_display()
        self.stack = SceneStack()
        self.stack.defer_collection = True  # a left screen is collected at the next frame
        self.effects = EffectBus()
        self.sound = SoundSystem(muted=self.options.mute)
        self.sound.set_volume(self.config.volume / 100)
        self.effects.subscribe(self.sound)
        self.last_lights: BoardLights | None = None
        self.effects.subscribe(self._remember_lights)
        for subscriber in self.devices.subscribers:
            self.effects.subscribe(subscriber)
        self.rng = random.Random(self.options.seed)
        background.configure(wait=self.headless)
        sys.setswitchinterval(SWITCH_INTERVAL)
        # The threads that run jobs (thinkers, drawings ahead, collections) start now, not in the
        # frame that first hands one over (a Thread.start() cost that frame ~6 ms of wall time).
        jobs.start()
        self.scores = SessionScores()
        self.running = True
        self.frame = 0
        self.idle_seconds = 0.0
        #: Game time in seconds (fixed steps): what long presses and notices are timed with.
        self.clock = 0.0
        #: Builds the home screen (the menu, set by :func:`kiosk.runner.run_app`).
        self.home_factory: SceneFactory | None = None
        #: Screens being drawn ahead on threads of their own (kiosk/prepare.py): closing waits for them.
        self._ahead: list[Preparation] = []
        #: The screens left collected on a thread of its own, between two frames (:meth:`tick`).
        self._collecting: jobs.Job | None = None
        self._accumulator = 0.0
        self._memory_due = 0.0
        self._memory_failing = False
        self.attendant = Attendant(self, attract=DemoScene)
        self.door = OperatorDoor(self)
        self.navigator = Navigator(self)
        store = SaveStore(self.state / "save" / "match.json") if self.kiosk else None
        self.keeper = MatchKeeper(self, store, threaded=not self.headless)
        #: The day's record (docs/kiosk.md): visits, games, pages, faults, devices.
        self.chronicle = self._open_chronicle()
        #: A short sentence over everything (the apology after an error) and its seconds left.
        self.notice: tuple[str, float] | None = None
        self.errors: list[float] = []
        if self.kiosk and not self.headless:
            self._lock_keyboard()
        self._catch_stop_signals()

    def _catch_stop_signals(self) -> None:
        """Stop cleanly on :data:`STOP_SIGNALS`: the loop ends at the end of the frame and
        :meth:`close` finishes the save, switches the LED board off, closes the camera (a
        physical game's record ends with its close event) and logs one line; the command exits
        0. A signal the parent made the program ignore (``nohup``, a background job) stays
        ignored, except SIGTERM. A signal that came while the program started (``main.py`` notes
        it, :func:`games.startup.catch_early_stops`) stops the app at its first frame, the same
        clean way."""
        if threading.current_thread() is not threading.main_thread():
            return  # only the main thread may set handlers (a test's app on a thread)
        early = release_early_stops()
        if early is not None:
            self.stopped_by, self.running = early, False
        if self.headless and not self.kiosk:
            return  # --frames captures and the tests' apps leave Ctrl+C to the test runner
        for name in STOP_SIGNALS:
            number = getattr(signal, name, None)
            if number is None:  # no SIGHUP on Windows
                continue
            previous = signal.getsignal(number)
            if previous == signal.SIG_IGN and name != "SIGTERM":
                continue
            self._previous_handlers[number] = previous
            signal.signal(number, self._stop_signal)

    def _stop_signal(self, number: int, _frame: Any) -> None:
        """A stop signal: end the loop (the handler only sets flags; :meth:`close` does the rest)."""
        self.stopped_by = signal.Signals(number).name
        self.running = False

    def _release_signals(self) -> None:
        while self._previous_handlers:
            number, previous = self._previous_handlers.popitem()
            signal.signal(number, previous)

    def _lock_keyboard(self) -> None:
        """Keep Alt+Tab and the like in the kiosk's window, where the platform lets SDL do it."""
        # Not every pygame build has it (pygame-ce 2.5 does not): looked up, not called blindly.
        # library: pygame-ce 2.1.3 and later
        grab = getattr(pygame.event, "set_keyboard_grab", None)
        if grab is None:
            log.info("keyboard grab unavailable: this pygame has no event.set_keyboard_grab")
            return
        try:
            grab(True)
        except pygame.error as exc:
            log.info("keyboard grab unavailable: %s", exc)

    @property
    def state_folder(self) -> Path | None:
        """The state folder: ``--state``'s (tests), the kiosk's own, or None (a run by hand
        without one keeps nothing)."""
        if self.options.state_dir is not None:
            return self.options.state_dir
        return self.state if self.kiosk else None

    def apply_config(self, config: KioskConfig) -> None:
        """Use ``config`` from now on (the operator's settings screen): language, volume,
        colour-blind tokens, idle times; the menu shows its games when it is next opened."""
        self.config = config
        i18n.set_language(config.language)
        self.sound.set_volume(config.volume / 100)
        theme.set_colour_blind(config.colour_blind)

    def _remember_lights(self, message: object) -> None:
        if isinstance(message, BoardLights):
            self.last_lights = message

    def idle_lights(self) -> None:
        """Let the physical board breathe softly (menu, attract mode) instead of freezing on the
        last game's lights."""
        last = self.last_lights
        if last is not None and not last.idle:
            self.effects.publish(BoardLights(last.game, last.rows, last.cols, idle=True))

    def _open_chronicle(self) -> Chronicle:
        """The day's record, in kiosk mode only; a headless run records its simulated time."""
        if not self.kiosk:
            return Chronicle(None)
        book = DayBook(self.state / DAYS_FOLDER, self.config.record_days)
        started = time.time()
        chronicle = Chronicle(book, (lambda: started + self.clock) if self.headless else time.time)
        chronicle.started()
        return chronicle

    def _open_display(self) -> None:
        """Open the window (or the full screen at the desktop's size) at native resolution."""
        if self.fullscreen:
            # Headless (SDL's dummy driver) a "full screen" is just a surface of --size.
            size, flags = self._fullscreen_size(), pygame.FULLSCREEN if self._has_screen() else 0
        else:
            size, flags = self._window_size(self.options.size or LOGICAL_SIZE), 0
            os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
        with warnings.catch_warnings():
            # SDL's dummy driver (tests, --frames) has no accelerated renderer: expected, not news.
            warnings.filterwarnings("ignore", message="no fast renderer available")
            self.display = pygame.display.set_mode(size, flags)
        self._fit_canvas()
        if self.fullscreen:
            pygame.mouse.set_visible(False)  # shown again as soon as a real mouse moves

    def _fit_canvas(self) -> None:
        """(Re)build the canvas for the display's current size; the bars are painted once."""
        display = pygame.display.get_surface()
        assert display is not None, "the display is open"
        self.display = display
        self.display.set_clip(None)
        self.display.fill(LETTERBOX)
        self.screen = Canvas(self.display, LOGICAL_SIZE)
        self.frames.forget()  # a new canvas: every frame is drawn anew
        set_display_scale(self.screen.scale)  # sprites are drawn at the screen's resolution first

    @staticmethod
    def _has_screen() -> bool:
        return pygame.display.get_driver() not in ("dummy", "offscreen")

    def _fullscreen_size(self) -> tuple[int, int]:
        """The desktop's size (a mode change would crop or blur); ``--size`` only headless."""
        if not self._has_screen():
            return self.options.size or LOGICAL_SIZE
        return pygame.display.get_desktop_sizes()[0]

    def _window_size(self, requested: tuple[int, int]) -> tuple[int, int]:
        """``requested``, shrunk (keeping its shape) to fit the desktop with room for the title
        bar and panels."""
        if not self._has_screen():
            return requested
        desktop = pygame.display.get_desktop_sizes()[0]
        room = (desktop[0] * WINDOW_ROOM[0], desktop[1] * WINDOW_ROOM[1])
        shrink = min(1.0, room[0] / requested[0], room[1] / requested[1])
        return (int(requested[0] * shrink), int(requested[1] * shrink))

    def toggle_fullscreen(self) -> None:
        """Between the window and the full screen (F11)."""
        self.fullscreen = not self.fullscreen
        self._open_display()
        if not self.fullscreen:
            pygame.mouse.set_visible(True)

    def to_logical(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with its position in logical canvas units (mouse, touch); others unchanged.

        Finger events keep SDL's 0..1 ``x``/``y`` but relative to the canvas (not the window,
        whose bars are not part of it) and gain a logical ``pos``.
        """
        canvas = self.screen
        if event.type in POINTER_EVENTS:
            data = dict(event.dict, pos=canvas.to_logical(event.pos))
            if "rel" in data:
                data["rel"] = (round(event.rel[0] / canvas.scale), round(event.rel[1] / canvas.scale))
            return pygame.event.Event(event.type, data)
        if event.type in FINGER_EVENTS:
            width, height = self.display.get_size()
            logical_w, logical_h = canvas.get_size()
            x = (event.x * width - canvas.offset[0]) / canvas.scale
            y = (event.y * height - canvas.offset[1]) / canvas.scale
            data = dict(event.dict, x=x / logical_w, y=y / logical_h, pos=(int(x), int(y)))
            if "dx" in data:
                data["dx"] = event.dx * width / canvas.scale / logical_w
                data["dy"] = event.dy * height / canvas.scale / logical_h
            return pygame.event.Event(event.type, data)
        return event

    def _show_cursor_for(self, event: pygame.event.Event) -> None:
        """Full screen: no cursor over a touch screen or under a gamepad; a moving mouse shows it."""
        if not self.fullscreen:
            return
        # library: SDL sets touch on mouse events made from touches
        if event.type in CURSORLESS_EVENTS or (event.type in POINTER_EVENTS and getattr(event, "touch", False)):
            pygame.mouse.set_visible(False)
        elif event.type == pygame.MOUSEMOTION:
            pygame.mouse.set_visible(True)

    @property
    def size(self) -> tuple[int, int]:
        """The logical canvas size every scene draws on."""
        return LOGICAL_SIZE

    @property
    def headless(self) -> bool:
        """True in ``--frames`` runs: computer players need not wait for a human to watch."""
        return self.options.frames is not None

    def showing(self) -> str:
        """What is on screen, for the memory snapshot (memory at one moment depends on it: each
        game's pictures are 10 to 25 MB): the top scene's name, and the game attract mode or a
        game screen shows (``demo/juniper``, ``lightning/lightning``)."""
        top = self.stack.top
        if top is None:
            return ""
        scope = top.memory_scope
        return f"{top.name}/{scope}" if scope else top.name

    def at_home(self) -> bool:
        """True when the top scene is the home screen (the menu)."""
        home, top = self.home_factory, self.stack.top
        return isinstance(home, type) and isinstance(top, home)

    def prepare(self, paint: Callable[[Canvas], None]) -> Preparation:
        """Draw a screen ahead with ``paint`` (kiosk/prepare.py), on a thread of its own; at once
        in a headless run (its frames, screenshots and random numbers stay as they were)."""
        self._ahead = [preparation for preparation in self._ahead if not preparation.ready]
        preparation = Preparation(paint, self.screen, threaded=not self.headless)
        self._ahead.append(preparation)
        return preparation

    def push_drawn(self, scene: Screen, paint: Callable[[Canvas], None]) -> None:
        """Put ``scene`` on top once ``paint`` has drawn it ahead (its first frame then blits)."""
        preparation = self.prepare(paint)
        self.stack.push_when_ready(scene, lambda: preparation.ready)

    def draw_backdrop_ahead(self, canvas: Target, below: Sequence[Screen], card: Screen) -> None:
        """The screens under a card and its still part drawn ahead on ``canvas``, kept for the
        card's first frame (:meth:`kiosk.frames.FrameComposer.draw_backdrop_ahead`)."""
        self.frames.draw_backdrop_ahead(self.screen, canvas, below, card)

    def push_card(self, card: Screen) -> None:
        """Put ``card`` over the screens shown, the picture under it drawn ahead as its kept
        backdrop while they hold still, and the card's still part over it
        (:meth:`FrameComposer.draw_below_ahead`, a frame or two): its first frame blits it
        instead of drawing the game (2-4 ms at 1080p) and the card."""
        below = self.stack.visible()
        if self.headless or any(scene.is_card for scene in below):
            self.stack.push(card)
            return
        drawn: Callable[[], bool] | None = None

        def ready() -> bool:
            # Asked once the card is on the stack (SceneStack.push_held): the game under it
            # greys its tools then.
            nonlocal drawn
            if drawn is None:
                drawn = self.frames.draw_below_ahead(self.screen, below, card) or (lambda: True)
            return drawn()

        self.stack.push_held(card, ready)

    def go_home(self, keep: bool = True) -> None:
        """Back to the home screen (the menu, set by :func:`kiosk.runner.run_app`), whatever
        scene the app was started on; an app without a home screen ends. An unfinished game is
        kept aside: the menu offers "Continuer ma partie"; not when ``keep`` is False (the idle
        reset: the next child is someone else, and the menu is built without it)."""
        if self.home_factory is None:
            self.quit()
            return
        if keep:
            self.keeper.keep_aside()
        else:
            self.keeper.kept = None
        # Drawn ahead, off the frame thread (its still layer, cards and pictures: 6-13 ms of the
        # first frame at 1080p); the screen holds its last picture meanwhile (a few frames).
        home = self.home_factory(self)
        preparation = self.prepare(home.prepare)
        self.stack.reset_when_ready(home, lambda: preparation.ready)

    def quit(self, operator: bool = False) -> None:
        """Stop the main loop at the end of this frame. In kiosk mode only the operator can
        (from the settings screen): Escape on the menu, Alt+F4 or the window's close button
        leave the kiosk running."""
        if self.kiosk and not operator:
            log.info("quit ignored: kiosk mode (the operator quits from the settings screen)")
            return
        self.running = False

    def _handle_global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if self.kiosk and event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self._take_focus_back()
            return True
        if event.type == pygame.WINDOWSIZECHANGED:
            self._fit_canvas()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                if not self.kiosk:  # a kiosk stays full screen
                    self.toggle_fullscreen()
                return True
            if event.key == pygame.K_m and event.mod & pygame.KMOD_CTRL:
                self.sound.toggle_mute()
                return True
        return False

    def _take_focus_back(self) -> None:
        """Kiosk mode: a visitor switched away (Alt+Tab, a minimise key): come back on top."""
        try:
            window = pygame.Window.from_display_module()
            window.restore()
            window.focus()
        except (pygame.error, AttributeError) as exc:
            log.info("cannot take the focus back: %s", exc)

    def start(self, first: Scene) -> None:
        """Put the first scene on the stack (``run`` does it; tests call it directly). A kiosk
        starting on its menu resumes the game saved before a crash or a power cut."""
        self.stack.push(first)
        self._guarded("start", self.stack.apply_pending)
        if self.kiosk and self.at_home():
            resumed = self.keeper.resume()
            if resumed is not None:
                self.stack.push(resumed)
                self._guarded("resume", self.stack.apply_pending)
        elif self.kiosk:  # started on a game (``play awele --kiosk``): its saves must not replace another's
            # probe: a game's scene has a game key; the app may not import GameScene (layers)
            self.keeper.keep_unfinished(getattr(first, "game", None) or first.name)
        if self.at_home():
            # The home screen's first frame drawn ahead, as go_home does (its still layer, the
            # cards' sprites, the frame kept): painted in the first frame, they cost it 4.3-4.8 ms
            # at 1080p after the warm-up. Waited for: no frame is drawn meanwhile (a headless run
            # draws it at once, the same pixels as before).
            self.prepare(first.prepare).wait()

    def tick(self, step: float = STEP) -> None:
        """One frame: deliver input, advance logic in fixed steps of 1/60 s, draw once."""
        self._guarded("collect", self.stack.collect_left)  # the screens left at the last frame
        for raw in pygame.event.get():
            if raw.type == pygame.WINDOWEXPOSED:
                self.frames.forget()  # the window's pixels were lost: the next frame is drawn whole
            # The whole input path, not only the scene's part: the global keys, the operator's
            # door and the gamepad cursor run on a visitor's taps too, and must not stop a kiosk.
            self._guarded("input", self._take_input, raw)
        self._accumulator += step
        while self._accumulator >= STEP - 1e-9 and self.stack.top is not None:
            self._accumulator -= STEP
            self.idle_seconds += STEP
            self.clock += STEP
            self._guarded("update", self._update, STEP)
        if self.notice is not None:
            text, left = self.notice
            self.notice = (text, left - step) if left > step else None
        self._guarded("save", self.keeper.after_frame)
        if self.kiosk and self.clock >= self._memory_due:
            self._memory_due = self.clock + MEMORY_SECONDS
            budget.trim()  # what threads freed meanwhile goes back to the system (a few ms, once a minute)
            self._guarded("memory", self._write_memory)
        self._guarded("record", self.chronicle.after_frame, self.stack.scenes, self.devices.leds)
        if self.stack.top is not None:
            self._guarded("draw", self.draw)
        if not self.headless:
            self._collect_left_behind()
        # The screen-sized surfaces given back over the pool's budget this frame, freed off the
        # frame thread (kiosk/frames.py SurfacePool.release).
        POOL.release(threaded=not self.headless)
        self.frame += 1

    def _collect_left_behind(self) -> None:
        """The screens left at this frame's change collected, and what they alone used given
        back, on a thread while the frame thread waits for the next frame (2-5 ms of the next
        frame's CPU at 1080p before: the collection holds the interpreter lock, but the frame
        thread has nothing to do meanwhile). A headless run collects them at the next frame's
        start, on its own thread (the same memory at the same frame, run after run)."""
        scopes = self.stack.take_left()
        if scopes is None:
            return
        if self._collecting is not None:
            self._collecting.wait()  # one at a time (a change at every frame: the next waits for it)
        # On a pool's thread: starting one in the frame cost it ~6 ms of wall time (games/jobs.py).
        self._collecting = jobs.submit(partial(collect, scopes), "kiosk-collect")

    def _write_memory(self) -> None:
        """The memory snapshot for ``doctor``: a folder that cannot take it (a full disk,
        ``XDG_STATE_HOME=/dev/null``) is said once, not every minute, and the game goes on."""
        try:
            budget.write_snapshot(self.state / "memory.json", {"screen": self.showing()})
        except OSError as exc:
            if not self._memory_failing:
                log.warning("the memory snapshot for doctor cannot be written: %s (said once)",
                            describe_folder_error(self.state, exc))
            self._memory_failing = True
            return
        if self._memory_failing:
            log.info("the memory snapshot is written again")
        self._memory_failing = False

    def _update_visible(self, dt: float) -> None:
        for scene in self.stack.visible():
            scene.update(dt)

    def _take_input(self, raw: pygame.event.Event) -> None:
        self._show_cursor_for(raw)
        self._dispatch(self.to_logical(raw))

    def _dispatch(self, event: pygame.event.Event) -> None:
        """One input event: global keys, the operator's door, the gamepad cursor, the scene."""
        if is_presence(event):
            self.idle_seconds = 0.0
            self.chronicle.presence()
        if self._handle_global(event) or self.door.handle(event):
            return
        if self.stack.holding:
            return  # the screens are being left for one drawn ahead (a few frames)
        top = self.stack.top
        waking = top is not None and (top.attract_mode or isinstance(top, StillThereScene))
        if not (waking and event.type in PAD_EVENTS) and self.navigator.handle(event):
            return
        if top is not None:
            self._guarded("input", top.handle_event, event)

    def _update(self, dt: float) -> None:
        if not self.stack.holding:  # held: a screen is being drawn ahead on a thread
            self._update_visible(dt)  # its own frame: no local here keeps a scene left now alive
        self.stack.apply_pending()
        self.door.update()
        self.attendant.update()
        self.stack.apply_pending()

    def _guarded(self, where: str, action: Callable[..., Any], *args: Any) -> None:
        """Run ``action``; in kiosk mode an exception is logged and the kiosk recovers."""
        try:
            action(*args)
        except Exception as exc:
            if not self.kiosk:
                raise
            self.recover(exc, where)

    def recover(self, exc: BaseException, where: str) -> None:
        """Errors never reach the desktop: log the traceback, start again from the menu with a
        short apology. Too many errors in a row (a broken menu) stop the program with exit code
        1, for systemd to start it afresh."""
        top = self.stack.top
        name = top.name if top is not None else "?"
        log.error("error in %s of scene '%s'; back to the menu", where, name, exc_info=exc)
        self.chronicle.fault(where, name)
        now = time.monotonic()
        self.errors = [t for t in self.errors if now - t < ERROR_WINDOW] + [now]
        if len(self.errors) > MAX_ERRORS:
            log.critical("%d errors within %.0f s: stopping for a clean restart", len(self.errors), ERROR_WINDOW)
            raise SystemExit(1) from exc
        self.keeper.forget()
        self.stack = SceneStack()  # the broken scenes are dropped, not asked to clean up
        self.stack.defer_collection = True
        if self.home_factory is None:
            self.running = False
            return
        self.stack.push(self.home_factory(self))
        self.stack.apply_pending()
        self.idle_seconds = 0.0
        self.notice = (tr("error.sorry"), NOTICE_SECONDS)

    def run(self, first: Scene) -> RunStats:
        """Run the loop from ``first`` until quit or ``--frames`` frames; returns measurements."""
        self.start(first)
        pacer = FramePacer()
        limit = self.options.frames
        started = time.perf_counter()
        times = FrameTimes()
        try:
            while self.running and self.stopped_by is None and self.stack.top is not None:
                # Interactive: real time, 60 frames a second on a timetable (kiosk/pace.py).
                # --frames: exactly 1/60 s per frame, flat out.
                step = STEP if limit is not None else min(pacer.tick(), 0.25)
                begun = time.perf_counter()
                self.tick(step)
                if self.frame > 1:
                    times.add(time.perf_counter() - begun)
                if limit is not None and self.frame >= limit:
                    break
        except Exception:
            # Past recover() (the menu itself cannot start, or pygame's own event queue fails):
            # the stand's log must say why the kiosk stopped, not only the service manager's journal.
            if self.kiosk:
                log.critical("the kiosk stops on an error it could not recover from", exc_info=True)
            raise
        seconds = time.perf_counter() - started
        if self.options.screenshot:
            self.save_screenshot(self.options.screenshot)
        return RunStats(self.frame, seconds, times)

    def draw(self) -> None:
        """Draw the visible scenes, bottom first, the gamepad's cursor and a notice on top, then
        show the frame."""
        # The cursor and the notice are drawn over the scenes: the frame is reused whole only
        # when neither shows (the cursor breathes) or the notice is the same words.
        if self.stack.holding:
            return  # the screen keeps its last picture until the next screen, drawn ahead, shows
        extra = None if self.navigator.visible else (self.notice[0] if self.notice is not None else "")
        drawn_over = self.navigator.visible or self.notice is not None
        if not self.frames.compose(self.screen, self.stack.visible(), extra, drawn_over=drawn_over):
            return  # the screen already shows this frame: nothing drawn, nothing to flip
        self.navigator.draw(self.screen, self.clock)
        if self.notice is not None:
            ui.draw_bubble(self.screen, self.notice[0], (640, 236), 760, theme.ACCENT, 30)
        if self.frames.changed is None:
            pygame.display.flip()
        else:  # only what changed goes to the display (the menu's bobbing cards, not 8 MB a frame)
            pygame.display.update(self.frames.changed)

    def wait_for_screens_ahead(self, timeout: float) -> bool:
        """Wait (at most ``timeout`` seconds each) for the screens being drawn ahead, and for the
        screens left being collected; True when none is left. For benches and tests that run
        frames back to back: a frame at rest costs 0.03 ms, so hundreds of them can pass while a
        screen is drawn (and in the kiosk, a collection fits between two frames)."""
        collecting = self._collecting
        if collecting is not None:
            collecting.wait(timeout)
        return all(preparation.wait(timeout) for preparation in list(self._ahead)) and \
            (collecting is None or not collecting.running)

    def close(self) -> None:
        """Release devices (the LED board is switched off) and finish writing the save before
        the process exits."""
        try:
            for preparation in self._ahead:  # no thread draws while pygame's fonts and display close
                preparation.wait(PREPARATION_WAIT)
            self._ahead.clear()
            if self._collecting is not None:
                self._collecting.wait(PREPARATION_WAIT)
            self.stack.collect_left()  # the screens left at the last frame: there is no next one
            self.keeper.flush()
            done = [what for what, there in (("the game in progress saved", self.keeper.holds_a_game()),
                                             ("LED board off", self.leds is not None),
                                             ("camera closed", self.devices.camera is not None)) if there]
            self.devices.close()
            self.leds = None
            self.chronicle.stopped()
            if self._logging:
                from kiosk.logs import close_logging

                log.info("kiosk stopped" + (f" by {self.stopped_by}" if self.stopped_by else "")
                         + (f": {', '.join(done)}" if done else ""))
                close_logging()
                self._logging = False
            elif self.stopped_by:
                print(f"{self.options.title}: stopped by {self.stopped_by}", file=sys.stderr)
        finally:
            # Ctrl+C goes back to whoever had it, even if a device would not close.
            self._release_signals()

    def save_screenshot(self, path: str) -> None:
        """Save the screen as a PNG at its native size (folders are created as needed); the
        file appears whole or not at all."""
        with atomic_output(path) as tmp:
            pygame.image.save(self.display, str(tmp))
