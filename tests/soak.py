"""A day at the fair, accelerated and headless: visitors come, tap at random, play, leave; the kiosk
asks "Encore là ?", goes home, shows attract mode (computer players playing every game in turn),
and the next visitor wakes it.

The scale: a fair day of 8 hours sees about one visiting family every 10 minutes, 48 visits.
Here each visit is squeezed into a minute or two of game time (idle times of 10, 15 and 5 s
instead of minutes), so the kiosk goes through the same number of games, idle resets, attract
periods and thousands of random inputs; what is measured is what would accumulate over the day:
memory (the kiosk's and its worker processes'), threads, open files, errors.

Every visit is a new one: its own seed (new games, new positions, new computer moves), never a
replay, and the visits take turns at every screen (:data:`PLAN`): a game on the screen with its
"who plays" card, a game on the real board (the synthetic camera, the LED board on an emulator's
pty), the rules pages, a science corner, the operator's settings behind the PIN, a language
switch. The first visits are the warm-up (caches fill up to their budgets); the report keeps the
memory after each visit, so the steady state after it can be judged apart.

With ``physical_to_end``, a "physical" visit is a family that plays a whole game on the real
board (the synthetic camera's visitor lays the pieces) without touching the screen, to its end:
a long Lightning game is the kiosk's highest memory, which the day must see.
"""

from __future__ import annotations

import gc
import logging
import os
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from games import budget
from kiosk.app import STEP, App, AppOptions
from kiosk.config import IdleTimes, KioskConfig
from kiosk.demo import DemoScene
from kiosk.devices import set_opener
from kiosk.focus import focus_targets
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.operator import SettingsScene
from kiosk.warmup import warm_up

IDLE = IdleTimes(attract_after=10, prompt_after=15, countdown=5)
#: Updates per drawn frame: the day is simulated in fixed 1/60 s steps, drawn every other one.
UPDATES_PER_FRAME = 2
KEYS = (pygame.K_ESCAPE, pygame.K_h, pygame.K_u, pygame.K_r, pygame.K_v, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_RETURN, pygame.K_SPACE, pygame.K_1, pygame.K_2, pygame.K_a, pygame.K_F11)


#: What each visit does, in turn: every screen of the kiosk comes back every len(PLAN) visits.
PLAN = ("play", "physical", "rules", "science", "play", "operator", "language")
#: Game time a whole physical game may take before the visitor gives up (a Lightning game on the
#: synthetic table takes one to two minutes of game time).
PHYSICAL_CAP_SECONDS = 15 * 60
#: Decoded LED frames the emulated board keeps (the test's board, not the kiosk: it runs in the
#: kiosk's process here, and its default history of 1,000 frames of 300 LEDs is 20 MB).
LED_HISTORY = 50


def rss_mb() -> float:
    """Resident memory now of the process and its worker processes, in MB (Linux)."""
    own = budget.rss_bytes()
    return (own + sum(budget.rss_bytes(child) for child in budget.children())) / 1e6


def open_files() -> int:
    """File descriptors open now."""
    return len(os.listdir("/proc/self/fd"))


class ErrorLog(logging.Handler):
    """Keeps every ERROR (and worse) record logged during the soak."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))


@dataclass
class SoakReport:
    """What the day did and what it left behind."""

    visits: int = 0
    games_opened: int = 0
    #: Visits by kind (PLAN), and the screens seen (scene names).
    kinds: dict[str, int] = field(default_factory=dict)
    screens: set[str] = field(default_factory=set)
    #: Memory (kiosk + workers, MB) after each visit; the first ``warmup`` are the warm-up.
    trace: list[float] = field(default_factory=list)
    #: ... of which the worker processes' (MB), and the caches' (MB).
    workers: list[float] = field(default_factory=list)
    caches: list[float] = field(default_factory=list)
    warmup: int = 0
    inputs: int = 0
    prompts: int = 0
    attract_periods: int = 0
    updates: int = 0
    seconds: float = 0.0
    baseline: dict[str, float] = field(default_factory=dict)
    end: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    #: Whole games played on the real board (``physical_to_end``): game, visit number, moves,
    #: result, game seconds, the memory (kiosk + workers, MB) at its highest (sampled every 5 s
    #: of game time) and at the end.
    physical_games: list[dict[str, Any]] = field(default_factory=list)

    @property
    def memory_growth_mb(self) -> float:
        """Resident memory at the end minus after warm-up."""
        return self.end["rss_mb"] - self.baseline["rss_mb"]

    @property
    def uncached(self) -> list[float]:
        """The kiosk's own memory outside its caches after each visit (MB): caches fill up to
        their budgets for a while; what else grows is a leak."""
        return [round(total - workers - caches, 1) for total, workers, caches in
                zip(self.trace, self.workers, self.caches, strict=True)]

    @staticmethod
    def growth(values: list[float]) -> float:
        """Growth over ``values``: the last quarter's median minus the first quarter's (one
        sample a garbage collection has not reached yet is not a trend).

        The lower median: of two samples, the smaller. A leak raises both; one visit caught with
        38 MB in hand (seen once on a quiet machine, gone at the next visit) raises one."""
        if len(values) < 2:
            return 0.0
        part = max(1, len(values) // 4)

        def median(chunk: list[float]) -> float:
            return sorted(chunk)[(len(chunk) - 1) // 2]

        return round(median(values[-part:]) - median(values[:part]), 1)

    @property
    def steady(self) -> list[float]:
        """Memory (kiosk + workers, MB) after each visit once the warm-up is over."""
        return self.trace[self.warmup:] or self.trace[-1:]

    @property
    def steady_peak_mb(self) -> float:
        """The highest memory (kiosk + workers, MB) after the warm-up: after each visit, and
        during the whole physical games (a long game on the table is the day's peak)."""
        during = [game["peak_mb"] for game in self.physical_games if game["visit"] >= self.warmup]
        return max(self.steady + during)

    @property
    def steady_growth_mb(self) -> float:
        """Growth of the kiosk and its workers after the warm-up."""
        return self.growth(self.trace[self.warmup - 1:])

    @property
    def steady_uncached_growth_mb(self) -> float:
        """Growth of the kiosk's memory outside its caches after the warm-up."""
        return self.growth(self.uncached[self.warmup - 1:])

    @property
    def simulated_hours(self) -> float:
        """Game time simulated."""
        return self.updates * STEP / 3600


class Visitor:
    """Drives one app like a crowd of visitors would."""

    def __init__(self, app: App, rng: random.Random, report: SoakReport, leds: Any = None,
                 physical_to_end: tuple[str, ...] = (), idle: IdleTimes = IDLE,
                 updates_per_frame: int = UPDATES_PER_FRAME) -> None:
        self.app, self.rng, self.report, self.leds = app, rng, report, leds
        self.physical_to_end = physical_to_end
        self.idle, self.updates_per_frame = idle, updates_per_frame

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of game time pass (drawn every ``updates_per_frame`` updates)."""
        frames = max(1, round(seconds / STEP / self.updates_per_frame))
        for _ in range(frames):
            self.app.tick(STEP * self.updates_per_frame)
            self.note_scene()
            if self.leds is not None:
                self.leds.poll(0)  # the emulated board reads what the kiosk sent
        self.report.updates += frames * self.updates_per_frame

    def note_scene(self) -> None:
        top = self.app.stack.top
        name = getattr(top, "name", "")
        if name != getattr(self, "_last", None):
            self._last = name
            self.report.screens.add(name)
            if name == "still-there":
                self.report.prompts += 1
            elif isinstance(top, DemoScene):
                self.report.attract_periods += 1

    def post(self, event: pygame.event.Event) -> None:
        pygame.event.post(event)
        self.report.inputs += 1

    def tap(self, pos: tuple[float, float]) -> None:
        native = self.app.screen.to_native(pos)
        self.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=native, button=1, touch=True))
        self.advance(self.rng.uniform(0.05, 0.25))
        self.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=native, button=1, touch=True))

    def random_input(self) -> None:
        """A tap on a button, a tap anywhere (mostly on boards), a key, or the gamepad."""
        roll = self.rng.random()
        top = self.app.stack.top
        targets = focus_targets(top) if top is not None else []
        if roll < 0.35 and targets:
            self.tap(self.rng.choice(targets).rect.center)
        elif roll < 0.8:
            self.tap((self.rng.uniform(0, 1280), self.rng.uniform(0, 720)))
        elif roll < 0.93:
            key = self.rng.choice(KEYS)
            self.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        elif roll < 0.97:
            value = self.rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
            self.post(pygame.event.Event(pygame.JOYHATMOTION, joy=0, instance_id=0, hat=0, value=value))
            self.post(pygame.event.Event(pygame.JOYHATMOTION, joy=0, instance_id=0, hat=0, value=(0, 0)))
        else:
            self.post(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=self.rng.choice((0, 1))))

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        self.advance(0.1)

    def open_game(self, physical: bool = False) -> bool:
        """Tap a game's card (its "Plateau réel" tab for ``physical``) and accept the "who
        plays" card; False when the menu is not there."""
        menu = self.app.stack.top
        if not isinstance(menu, MenuScene) or not menu.cards:
            return False
        if physical and menu.tabs:
            self.tap(menu.tabs[self.rng.choice(sorted(menu.tabs))].rect.center)
        else:
            self.tap(self.rng.choice(menu.cards)[0].center)
        self.report.games_opened += 1
        self.advance(0.5)
        play = getattr(self.app.stack.top, "play_button", None)
        if play is not None:  # the "who plays" card: accept
            self.tap(play.rect.center)
            self.advance(0.3)
        return True

    def play_physical_to_the_end(self) -> None:
        """Open the next game of ``physical_to_end`` on the real board from the menu, accept the
        "who plays" card, and let the synthetic table's visitor play it to its end (nobody
        touches the screen); noted in the report's ``physical_games``."""
        menu = self.app.stack.top
        if not isinstance(menu, MenuScene):
            return
        game = self.physical_to_end[len(self.report.physical_games) % len(self.physical_to_end)]
        keys = [info.key for info, _screens in menu.games]
        if game not in keys or keys.index(game) not in menu.tabs:
            return
        self.tap(menu.tabs[keys.index(game)].rect.center)
        self.report.games_opened += 1
        self.advance(0.5)
        play = getattr(self.app.stack.top, "play_button", None)
        if play is not None:
            self.tap(play.rect.center)
            self.advance(0.3)
        scene = next((s for s in self.app.stack.scenes if isinstance(s, GameScene) and s.table is not None), None)
        if scene is None:
            return
        spent, peak, peak_files = 0.0, 0.0, 0.0
        while spent < PHYSICAL_CAP_SECONDS and scene.match.result() is None and scene in self.app.stack.scenes:
            self.advance(5.0)
            spent += 5.0
            now = rss_mb()  # the game's highest memory, sampled as the real-time soak does
            if now > peak:  # and how much of it is mapped files' pages (budget.rss_bytes)
                peak, peak_files = now, budget.rss_bytes(part="RssFile") / 1e6
        self.advance(3.0)  # the end on the screen and on the LEDs
        self.report.physical_games.append({"game": game, "visit": self.report.visits, "moves": len(scene.match.moves),
                                           "result": scene.match.result(), "seconds": spent,
                                           "peak_mb": round(peak, 1), "peak_file_mb": round(peak_files, 1),
                                           "memory_mb": round(rss_mb(), 1)})

    def open_rules(self) -> None:
        """The rules button of the game on screen, then every page (arrows), then back."""
        scene = self.app.stack.top
        _ = getattr(scene, "buttons", None)  # laid out now
        rules = [button for tool, button in getattr(scene, "_buttons", []) if tool.name == "rules"]
        if rules:
            self.tap(rules[0].rect.center)
            self.advance(0.4)
            for _ in range(self.rng.randint(2, 6)):
                self.key(pygame.K_RIGHT)
                self.advance(0.3)
            self.key(pygame.K_ESCAPE)

    def open_science(self) -> None:
        """A science corner from the menu ("Les maths du jeu")."""
        menu = self.app.stack.top
        if isinstance(menu, MenuScene):
            corners = [k for k, corner in enumerate(menu.corners) if corner is not None]
            if corners:
                self.tap(menu.science_rect(menu.cards[self.rng.choice(corners)][0]).center)
                self.advance(0.5)

    def operator(self, pin: str) -> None:
        """The operator: Ctrl+Shift+O, the PIN, a look at the settings, Escape (no random taps
        there: they would change the day's settings)."""
        self.key(pygame.K_o, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
        for digit in pin:
            self.key(pygame.K_0 + int(digit), unicode=digit)
        self.key(pygame.K_RETURN)
        self.advance(2.0)
        if isinstance(self.app.stack.top, SettingsScene):
            self.report.screens.add("operator.settings")
        self.key(pygame.K_ESCAPE)
        self.advance(0.5)

    def switch_language(self) -> None:
        """The menu's language button."""
        menu = self.app.stack.top
        button = next((b for b in getattr(menu, "buttons", []) if b.label == "menu.language"), None)
        if button is not None:
            self.tap(button.rect.center)
            self.advance(0.3)

    def visit(self, play_seconds: float, kind: str = "play", pin: str = "2580",
              linger: tuple[float, float] = (5, 40)) -> None:
        """Wake the kiosk, do what ``kind`` of visitor does (PLAN), tap at random for a while,
        walk away."""
        self.tap((640, 680))  # wakes attract mode (on the menu, a spot with nothing to press)
        self.advance(0.3)
        self.report.kinds[kind] = self.report.kinds.get(kind, 0) + 1
        if kind == "language":
            self.switch_language()
        if kind == "operator":
            self.operator(pin)
        if kind == "science":
            self.open_science()
        elif kind == "physical" and self.physical_to_end:
            self.play_physical_to_the_end()
            play_seconds = 0.0
        else:
            self.open_game(physical=kind == "physical")
        if kind == "rules":
            self.open_rules()
        spent = 0.0
        while spent < play_seconds:
            if isinstance(self.app.stack.top, SettingsScene):  # a key chord found the operator's door
                self.key(pygame.K_ESCAPE)
            self.random_input()
            pause = self.rng.uniform(0.2, 1.2)
            self.advance(pause)
            spent += pause
        self.report.visits += 1
        # Gone: "Encore là ?", its countdown, home, then attract mode for a while.
        idle = self.idle
        self.advance(idle.prompt_after + idle.countdown + idle.attract_after + self.rng.uniform(*linger))


def measure(foreign_threads: frozenset[threading.Thread] = frozenset(),
            foreign_children: frozenset[int] = frozenset()) -> dict[str, float]:
    """Memory (the kiosk's and its workers'), threads and open files besides the workers' own,
    and the workers, after a garbage collection. Threads and child processes that were there
    before the soak began (``foreign_*``: an earlier test's, in the same pytest worker) are not
    the kiosk's: one of them ending or being reaped mid-soak must not read as the kiosk's growth
    (a full run once saw "threads" 14 -> 15 with no thread of the kiosk left)."""
    gc.collect()
    workers = len(set(budget.children()) - foreign_children)
    threads = sum(1 for thread in threading.enumerate() if thread not in foreign_threads)  # objects: idents are reused
    # Each worker process has a thread feeding it and two pipes: up to 2 workers come and go.
    return {"rss_mb": round(rss_mb(), 1), "threads": threads - workers,
            "fds": open_files() - 2 * workers, "workers": workers}


def settle(app: App, threads: int, timeout: float = 120.0) -> None:
    """Back on the menu, and wait for computer players' threads to finish their last move.
    A thread that outlives ``timeout`` shows as growth in the report; 120 s, not 10: only a
    thread that never ends waits that long; a perfect player's last search can take 30 s on a
    2-core machine that runs other work."""
    app.stack.reset(MenuScene(app))
    deadline = time.monotonic() + timeout  # clock(wait): settles on the threads' end, bounded (120 s)
    while threading.active_count() > threads and time.monotonic() < deadline:  # clock(wait): as above
        app.tick()
        time.sleep(0.02)  # clock(wait): as above


def soak(visits: int, state: Path, seed: int = 1, warmup: int = 2, play: tuple[float, float] = (20, 60),
         size: tuple[int, int] = (1280, 720), games: tuple[str, ...] | None = None,
         devices: bool = True, leak: Callable[[int], None] | None = None,
         plan: tuple[str, ...] = PLAN, linger: tuple[float, float] = (5, 40),
         physical_to_end: tuple[str, ...] = (), idle: IdleTimes = IDLE,
         updates_per_frame: int = UPDATES_PER_FRAME) -> SoakReport:
    """Run ``visits`` new visits (the first ``warmup`` fill the caches), each with a seed of its
    own and taking turns at every screen (PLAN), and report. ``games`` limits the menu (and
    attract mode) to some games; ``devices`` plugs in the synthetic camera and an emulated LED
    board (on a pty); ``leak(visit)`` runs after each visit (a test's deliberate leak);
    ``linger`` is how long attract mode runs once a visitor has gone (seconds, at random);
    ``physical_to_end`` makes each "physical" visit a whole game on the real board, these games
    in turn (:meth:`Visitor.play_physical_to_the_end`); ``idle`` the kiosk's idle times (how long
    each visitor's leaving takes), ``updates_per_frame`` the updates of 1/60 s per frame drawn."""
    config = KioskConfig(kiosk=True, pin="2580", idle=idle, camera="synthetic" if devices else "none")
    if games is not None:
        config = KioskConfig(kiosk=True, pin="2580", idle=idle, games=games, camera=config.camera)
    leds = None
    if devices:
        import main
        from hardware.emulator import MAX_FRAME_LEDS, PtyEmulator
        from hardware.receivers import IdealReceiver

        leds = PtyEmulator(300, receiver=IdealReceiver(300, max_leds=MAX_FRAME_LEDS, history=LED_HISTORY))
        port = leds.open()
        leds.start_reader()  # reads as a board does, whatever the frame rate
        set_opener(main.open_devices)
    options = AppOptions(frames=1, seed=seed, mute=True, kiosk=True, config=config, state_dir=state, size=size,
                         camera="synthetic" if devices else None, led_port=port if devices else None)
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    try:
        app = App(options)
    finally:
        set_opener(None)
    app.home_factory = MenuScene
    report = SoakReport(warmup=warmup)
    rng = random.Random(seed)
    visitor = Visitor(app, rng, report, leds, physical_to_end, idle, updates_per_frame)
    started = time.perf_counter()  # clock(report): the soak's wall time, for bench/'s report
    threads_at_start = threading.active_count()
    # What an earlier test in this process left running is not the kiosk's (see measure).
    foreign_threads = frozenset(threading.enumerate())
    foreign_children = frozenset(budget.children())
    try:
        app.start(MenuScene(app))
        warm_up(app)
        for number in range(visits):
            if number == warmup:
                settle(app, threads_at_start)
                report.baseline = measure(foreign_threads, foreign_children)
            # A new visitor: new games, new positions, new computer moves (never a replay).
            visit_seed = seed * 100_003 + number
            rng.seed(visit_seed)
            app.rng.seed(visit_seed)
            visitor.visit(rng.uniform(*play), plan[number % len(plan)], config.pin, linger)
            if leak is not None:
                leak(number)
            gc.collect()
            report.trace.append(round(rss_mb(), 1))
            report.workers.append(round(sum(budget.rss_bytes(child) for child in budget.children()) / 1e6, 1))
            report.caches.append(round(sum(cache.nbytes for cache in budget.caches()) / 1e6, 1))
        settle(app, threads_at_start)
        report.end = measure(foreign_threads, foreign_children)
    finally:
        report.seconds = time.perf_counter() - started  # clock(report): as above
        report.errors = errors.records + [f"recovered: {len(app.errors)} error(s)"] * bool(app.errors)
        logging.getLogger().removeHandler(errors)
        app.close()
        if leds is not None:
            leds.stop_reader()
            leds.close()
    return report
