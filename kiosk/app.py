"""The window and the main loop: fixed-step updates, one draw per frame, scene stack, effects.

Every scene lays out a 1280x720 logical canvas (:class:`kiosk.canvas.Canvas`) that draws at the
window's or the screen's real resolution, letterboxed when the shape is not 16:9; mouse and touch
positions are mapped back to logical units before scenes see them, so layouts are written once.
``--frames N`` runs exactly N frames of 1/60 s each, as fast as the machine can, which makes
screenshots reproducible and measures the frame rate.
"""

from __future__ import annotations

import os
import random
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from games.cliutil import atomic_output
from games.effects import BoardLights, EffectBus
from kiosk import background, i18n, theme, ui
from kiosk.canvas import LETTERBOX, LOGICAL_SIZE, Canvas
from kiosk.devices import open_devices
from kiosk.scene import Scene, SceneStack
from kiosk.session import SessionScores
from kiosk.sound import SoundSystem

STEP = 1 / 60
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
    #: The physical-board mode (``--physical``), its camera (``--camera``) and frame rate.
    physical: bool = False
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
        physical=bool(getattr(args, "physical", False)),
        camera=str(getattr(args, "camera", None) or "0") if getattr(args, "physical", False) else None,
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
        pygame.display.set_caption(self.options.title)
        self.fullscreen = self.options.fullscreen
        self.display: pygame.Surface
        #: What scenes draw on: the logical canvas over the native display.
        self.screen: Canvas
        self._open_display()
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

    def _open_display(self) -> None:
        """Open the window (or the full screen at the desktop's size) at native resolution."""
        if self.fullscreen:
            size, flags = self._fullscreen_size(), pygame.FULLSCREEN
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
        self.display = pygame.display.get_surface()
        self.display.set_clip(None)
        self.display.fill(LETTERBOX)
        self.screen = Canvas(self.display, LOGICAL_SIZE)

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
        if event.type == pygame.WINDOWSIZECHANGED:
            self._fit_canvas()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
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
        for raw in pygame.event.get():
            self._show_cursor_for(raw)
            event = self.to_logical(raw)
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
        """Save the screen as a PNG at its native size (folders are created as needed); the
        file appears whole or not at all."""
        with atomic_output(path) as tmp:
            pygame.image.save(self.display, str(tmp))
