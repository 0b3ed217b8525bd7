"""The window and the main loop: fixed-step updates, one draw per frame, scene stack, effects.

Every scene draws on a 1280x720 logical canvas; ``pygame.SCALED`` scales it to the window or
the screen, so layouts are written once. ``--frames N`` runs exactly N frames of 1/60 s each, as
fast as the machine can, which makes screenshots reproducible and measures the frame rate.
"""

from __future__ import annotations

import os
import random
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from games.effects import BoardLights, EffectBus
from kiosk import background, i18n, theme, ui
from kiosk.devices import open_devices
from kiosk.scene import Scene, SceneStack
from kiosk.session import SessionScores
from kiosk.sound import SoundSystem

LOGICAL_SIZE = (1280, 720)
STEP = 1 / 60


@dataclass
class AppOptions:
    """How to open the kiosk (filled from the command line by :func:`options_from_args`)."""

    fullscreen: bool = False
    size: tuple[int, int] | None = None
    lang: str = "fr"
    mute: bool = False
    frames: int | None = None
    screenshot: str | None = None
    seed: int | None = None
    title: str = "Jeux mathématiques"
    led_port: str | None = None
    led_protocol: str | None = None
    led_baud: int | None = None
    led_config: str | None = None
    #: The physical-board mode's camera (``--camera``; None: no camera) and its frame rate.
    camera: str | None = None
    camera_fps: float = 30.0
    save_frames: str | None = None


def options_from_args(args: Any) -> AppOptions:
    """Build :class:`AppOptions` from parsed ``add_display_args`` options."""
    return AppOptions(
        fullscreen=getattr(args, "fullscreen", False),
        size=getattr(args, "size", None),
        lang=getattr(args, "lang", "fr"),
        mute=getattr(args, "mute", False),
        frames=getattr(args, "frames", None),
        screenshot=getattr(args, "screenshot", None),
        seed=getattr(args, "seed", None),
        led_port=getattr(args, "led_port", None),
        led_protocol=getattr(args, "led_protocol", None),
        led_baud=getattr(args, "led_baud", None),
        led_config=getattr(args, "led_config", None),
        camera=getattr(args, "camera", None) or ("0" if getattr(args, "physical", False) else None),
        camera_fps=getattr(args, "camera_fps", 30.0),
        save_frames=getattr(args, "save_frames", None),
    )


@dataclass(frozen=True)
class RunStats:
    """What a run measured: frames drawn, wall-clock seconds, frames per second, and each
    frame's time (the first frame, which opens the window and loads fonts, is left out of the
    frame times: it is start-up, measured separately)."""

    frames: int
    seconds: float
    frame_times: tuple[float, ...] = ()

    @property
    def fps(self) -> float:
        """Average frames per second over the run."""
        return self.frames / self.seconds if self.seconds > 0 else 0.0

    @property
    def p99_frame_ms(self) -> float:
        """The 99th percentile of frame times, in milliseconds."""
        if not self.frame_times:
            return 0.0
        ordered = sorted(self.frame_times)
        return 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]

    @property
    def worst_frame_ms(self) -> float:
        """The slowest frame, in milliseconds."""
        return 1000 * max(self.frame_times, default=0.0)

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
    """The kiosk application: owns the window, the scene stack and the effect systems."""

    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        # First, so that a bad LED configuration stops the kiosk before a window opens.
        self.devices = open_devices(self.options)
        self.leds = self.devices.handles.get("leds")
        i18n.set_language(self.options.lang)
        if self.options.frames is not None:
            # Headless capture needs no screen and no sound card.
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.init()
        # Fonts die with pygame.quit(); a second App in the same process (tests, the demo)
        # must not reuse dead ones from the caches.
        theme.font.cache_clear()
        ui.wrap_text.cache_clear()
        flags = pygame.SCALED
        if self.options.fullscreen:
            flags |= pygame.FULLSCREEN
        pygame.display.set_caption(self.options.title)
        with warnings.catch_warnings():
            # SDL's dummy driver (tests, --frames) has no accelerated renderer: expected, not news.
            warnings.filterwarnings("ignore", message="no fast renderer available")
            self.screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
        if self.options.size and not self.options.fullscreen:
            self._resize_window(self.options.size)
        self.stack = SceneStack()
        self.effects = EffectBus()
        self.sound = SoundSystem(muted=self.options.mute)
        self.effects.subscribe(self.sound)
        self.last_lights: BoardLights | None = None
        self.effects.subscribe(self._remember_lights)
        for subscriber in self.devices.subscribers:
            self.effects.subscribe(subscriber)
        self.rng = random.Random(self.options.seed)
        background.configure(wait=self.headless)
        self.scores = SessionScores()
        self.running = True
        self.frame = 0
        self.idle_seconds = 0.0
        self.home_factory: Callable[[App], Scene] | None = None
        self._accumulator = 0.0

    def _remember_lights(self, message: object) -> None:
        if isinstance(message, BoardLights):
            self.last_lights = message

    def idle_lights(self) -> None:
        """Let the physical board breathe softly (menu, attract mode) instead of freezing on the
        last game's lights."""
        last = self.last_lights
        if last is not None and not last.idle:
            self.effects.publish(BoardLights(last.game, last.rows, last.cols, idle=True))

    @staticmethod
    def _resize_window(size: tuple[int, int]) -> None:
        window = pygame.Window.from_display_module()
        window.size = size

    @property
    def size(self) -> tuple[int, int]:
        """The logical canvas size every scene draws on."""
        return LOGICAL_SIZE

    @property
    def headless(self) -> bool:
        """True in ``--frames`` runs: computer players need not wait for a human to watch."""
        return self.options.frames is not None

    def go_home(self) -> None:
        """Back to the home screen (the menu, set by :func:`kiosk.runner.run_app`), whatever
        scene the app was started on; an app without a home screen ends."""
        if self.home_factory is None:
            self.quit()
            return
        self.stack.reset(self.home_factory(self))

    def quit(self) -> None:
        """Stop the main loop at the end of this frame."""
        self.running = False

    def _handle_global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                pygame.display.toggle_fullscreen()
                return True
            if event.key == pygame.K_m and event.mod & pygame.KMOD_CTRL:
                self.sound.toggle_mute()
                return True
        return False

    def start(self, first: Scene) -> None:
        """Put the first scene on the stack (``run`` does it; tests call it directly)."""
        self.stack.push(first)
        self.stack.apply_pending()

    def tick(self, step: float = STEP) -> None:
        """One frame: deliver input, advance logic in fixed steps of 1/60 s, draw once."""
        for event in pygame.event.get():
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN):
                self.idle_seconds = 0.0
            if not self._handle_global(event) and self.stack.top is not None:
                self.stack.top.handle_event(event)
        self._accumulator += step
        while self._accumulator >= STEP - 1e-9 and self.stack.top is not None:
            self._accumulator -= STEP
            self.idle_seconds += STEP
            for scene in self.stack.visible():
                scene.update(STEP)
            self.stack.apply_pending()
        if self.stack.top is not None:
            self.draw()
        self.frame += 1

    def run(self, first: Scene) -> RunStats:
        """Run the loop from ``first`` until quit or ``--frames`` frames; returns measurements."""
        self.start(first)
        clock = pygame.time.Clock()
        limit = self.options.frames
        started = time.perf_counter()
        frame_times: list[float] = []
        while self.running and self.stack.top is not None:
            # Interactive: real time, capped at 60 fps. --frames: exactly 1/60 s per frame, flat out.
            step = STEP if limit is not None else min(clock.tick(60) / 1000, 0.25)
            begun = time.perf_counter()
            self.tick(step)
            if self.frame > 1:
                frame_times.append(time.perf_counter() - begun)
            if limit is not None and self.frame >= limit:
                break
        seconds = time.perf_counter() - started
        if self.options.screenshot:
            self.save_screenshot(self.options.screenshot)
        return RunStats(self.frame, seconds, tuple(frame_times))

    def draw(self) -> None:
        """Draw the visible scenes, bottom first, then show the frame."""
        for scene in self.stack.visible():
            scene.draw(self.screen)
        pygame.display.flip()

    def close(self) -> None:
        """Release devices (the LED board is switched off) before the process exits."""
        self.devices.close()
        self.leds = None

    def save_screenshot(self, path: str) -> None:
        """Save the logical canvas as a PNG (folders are created as needed)."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, path)
