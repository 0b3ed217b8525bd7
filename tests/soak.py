"""A day at the fair, accelerated and headless: visitors come, tap at random, play, leave; the kiosk
asks "Encore là ?", goes home, shows attract mode (computer players playing every game in turn),
and the next visitor wakes it.

The scale: a fair day of 8 hours sees about one visiting family every 10 minutes, 48 visits.
Here each visit is squeezed into a minute or two of game time (idle times of 10, 15 and 5 s
instead of minutes), so the kiosk goes through the same number of games, idle resets, attract
periods and thousands of random inputs; what is measured is what would accumulate over the day:
memory, threads, open files, errors.
"""

from __future__ import annotations

import gc
import logging
import os
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from kiosk import i18n
from kiosk.app import STEP, App, AppOptions
from kiosk.config import IdleTimes, KioskConfig
from kiosk.demo import DemoScene
from kiosk.focus import focus_targets
from kiosk.menu import MenuScene

IDLE = IdleTimes(attract_after=10, prompt_after=15, countdown=5)
#: Updates per drawn frame: the day is simulated in fixed 1/60 s steps, drawn every other one.
UPDATES_PER_FRAME = 2
KEYS = (pygame.K_ESCAPE, pygame.K_h, pygame.K_u, pygame.K_r, pygame.K_v, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_RETURN, pygame.K_SPACE, pygame.K_1, pygame.K_2, pygame.K_a, pygame.K_F11)


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux)."""
    with open("/proc/self/statm") as stream:
        pages = int(stream.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


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
    inputs: int = 0
    prompts: int = 0
    attract_periods: int = 0
    updates: int = 0
    seconds: float = 0.0
    baseline: dict[str, float] = field(default_factory=dict)
    end: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    @property
    def memory_growth_mb(self) -> float:
        """Resident memory at the end minus after warm-up."""
        return self.end["rss_mb"] - self.baseline["rss_mb"]

    @property
    def simulated_hours(self) -> float:
        """Game time simulated."""
        return self.updates * STEP / 3600


class Visitor:
    """Drives one app like a crowd of visitors would."""

    def __init__(self, app: App, rng: random.Random, report: SoakReport) -> None:
        self.app, self.rng, self.report = app, rng, report

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of game time pass (drawn every UPDATES_PER_FRAME updates)."""
        frames = max(1, round(seconds / STEP / UPDATES_PER_FRAME))
        for _ in range(frames):
            self.app.tick(STEP * UPDATES_PER_FRAME)
            self.note_scene()
        self.report.updates += frames * UPDATES_PER_FRAME

    def note_scene(self) -> None:
        top = self.app.stack.top
        name = getattr(top, "name", "")
        if name != getattr(self, "_last", None):
            self._last = name
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

    def visit(self, play_seconds: float) -> None:
        """Wake the kiosk, open a game, play for a while at random, walk away."""
        self.tap((640, 680))  # wakes attract mode (on the menu, a spot with nothing to press)
        self.advance(0.3)
        menu = self.app.stack.top
        if isinstance(menu, MenuScene) and menu.cards:
            rect = self.rng.choice(menu.cards)[0]
            self.tap(rect.center)
            self.report.games_opened += 1
            self.advance(0.5)
            play = getattr(self.app.stack.top, "play_button", None)
            if play is not None:  # the "who plays" card: accept (sometimes change something first)
                self.tap(play.rect.center)
        spent = 0.0
        while spent < play_seconds:
            self.random_input()
            pause = self.rng.uniform(0.2, 1.2)
            self.advance(pause)
            spent += pause
        self.report.visits += 1
        # Gone: "Encore là ?", its countdown, home, then attract mode for a while.
        self.advance(IDLE.prompt_after + IDLE.countdown + IDLE.attract_after + self.rng.uniform(5, 40))


def measure() -> dict[str, float]:
    """Memory, threads and open files, after a garbage collection."""
    gc.collect()
    return {"rss_mb": round(rss_mb(), 1), "threads": threading.active_count(), "fds": open_files()}


def settle(app: App, threads: int, timeout: float = 10.0) -> None:
    """Back on the menu, and wait for computer players' threads to finish their last move."""
    app.stack.reset(MenuScene(app))
    deadline = time.monotonic() + timeout
    while threading.active_count() > threads and time.monotonic() < deadline:
        app.tick()
        time.sleep(0.02)


def soak(visits: int, state: Path, seed: int = 1, warmup: int = 2, play: tuple[float, float] = (20, 60),
         size: tuple[int, int] = (1280, 720), games: tuple[str, ...] | None = None,
         trace: list[float] | None = None, repeat: bool = False) -> SoakReport:
    """Run ``visits`` visits (the first ``warmup`` fill the caches) and report; ``games`` limits
    the menu (and attract mode) to some games; ``trace`` receives the memory after each visit;
    ``repeat`` replays the warm-up's visits after it (same seeds), for a leak check that bounded
    caches still filling cannot blur."""
    config = KioskConfig(kiosk=True, pin="2580", idle=IDLE)
    if games is not None:
        config = KioskConfig(kiosk=True, pin="2580", idle=IDLE, games=games)
    app = App(AppOptions(frames=1, seed=seed, mute=True, kiosk=True, config=config, state_dir=state, size=size))
    app.home_factory = MenuScene
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    report = SoakReport()
    rng = random.Random(seed)
    visitor = Visitor(app, rng, report)
    started = time.perf_counter()
    threads_at_start = threading.active_count()
    try:
        app.start(MenuScene(app))
        for number in range(visits):
            if number == warmup:
                settle(app, threads_at_start)
                report.baseline = measure()
                if repeat:
                    # The same visitors again, the same games: every cache already holds what they
                    # need, so whatever still grows is a leak.
                    rng.seed(seed)
                    app.rng.seed(seed)
                    i18n.set_language(config.language)  # a visitor may have left it in English
            visitor.visit(rng.uniform(*play))
            if trace is not None:
                gc.collect()
                trace.append(round(rss_mb(), 1))
        settle(app, threads_at_start)
        report.end = measure()
    finally:
        report.seconds = time.perf_counter() - started
        report.errors = errors.records + [f"recovered: {len(app.errors)} error(s)"] * bool(app.errors)
        logging.getLogger().removeHandler(errors)
        app.close()
    return report
