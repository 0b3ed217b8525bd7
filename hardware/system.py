"""The LED system: a bus subscriber that turns :class:`BoardLights` into frames on its own thread.

Publishing only stores the latest message (a lock held for a few assignments), so the game
loop never waits for the serial port. The thread sends a full frame when the lights change,
at a steady rate while something animates (slowed down so a frame is never queued behind
another on a slow link), and at least every ``keepalive`` seconds otherwise, because WLED
leaves live mode after 2.5 s of silence. Every frame, the closing one too, keeps the pacing of
:mod:`hardware.pacing`, and the first frame after (re)connecting or a long silence is sent twice,
because WLED blanks the first frame of live mode.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from games.effects import BoardLights, Message
from games.ports import LedStatus
from hardware.config import ConfigError, LedConfig, apply_colour, load_config
from hardware.effects import OFF, is_animated, render_cells, unknown_roles
from hardware.link import SerialLink
from hardware.mapping import BoardLayout
from hardware.pacing import Pacer, write_paced
from hardware.protocols import encode

RGB = tuple[int, int, int]


def strip_pixels(lights: BoardLights, t: float, config: LedConfig, layout: BoardLayout | None = None) -> list[RGB]:
    """The strip's colours (in its colour order, under the brightness cap) ``t`` s after ``lights``."""
    layout = layout or config.layout_for(lights.game, lights.rows, lights.cols)
    pixels: list[RGB] = [OFF] * config.strip_length(layout)
    for cell, colour in render_cells(lights, t).items():
        index = layout.led_index(cell)
        if index < len(pixels):
            pixels[index] = apply_colour(colour, config.colour_order, config.max_brightness)
    return pixels


def encode_lights(lights: BoardLights, t: float, config: LedConfig, layout: BoardLayout | None = None) -> bytes:
    """One complete frame for ``lights`` at animation time ``t``."""
    return encode(config.protocol, strip_pixels(lights, t, config, layout))


class LedSystem:
    """Subscribe an instance to an :class:`games.effects.EffectBus`; call :meth:`close` on exit.

    ``start=False`` leaves the thread unstarted so tests can drive :meth:`step` by hand with a
    fake clock (and ``sleep``, used by :meth:`close` to keep the pacing, with a fake sleep).
    """

    def __init__(self, config: LedConfig, link: SerialLink, *, clock: Callable[[], float] = time.monotonic,
                 start: bool = True, log: Callable[[str], None] | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.config = config
        self._log = log or _log_to_stderr
        self._was_connected: bool | None = None
        self.link = link
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = False
        self._lights: BoardLights | None = None
        self._since = 0.0  # when the current lights appeared: animations start from there
        self._changed_at: float | None = None  # a change not yet written
        self._last_attempt = -1e9  # the last frame tried, sent or not: keep-alives count from there
        self._pacer = Pacer(config.protocol, config.baud, clock)
        self._connects = 0  # the link's connection count when the pacer last learnt of it
        self._owed = False  # a priming copy went out: the frame itself must follow
        self._next_anim = -1e9  # animation frames follow a fixed schedule, so rounding cannot drift
        self.frames_sent = 0
        self.latencies: list[float] = []  # seconds from a change to its frame written, newest last
        self.warnings: list[str] = []
        self._layouts: dict[tuple[str, int, int], BoardLayout] = {}
        self._thread: threading.Thread | None = None
        if start:
            self._thread = threading.Thread(target=self._run, name="led-system", daemon=True)
            self._thread.start()

    # -- the bus side: called from the game loop, must never block or raise --------------------
    def __call__(self, message: Message) -> None:
        """Receive a bus message; only :class:`BoardLights` matter here."""
        if not isinstance(message, BoardLights):
            return
        if not (_is_size(message.rows) and _is_size(message.cols)):
            self._warn(f"BoardLights for {message.game!r} ignored: a board must be 1..64 x 1..64, "
                       f"not {message.rows!r} x {message.cols!r}")
            return
        with self._lock:
            if message == self._lights:
                return
            now = self._clock()
            self._lights = message
            self._since = now
            self._changed_at = now
        unknown = unknown_roles(message)
        if unknown:
            self._warn(f"unknown LED role(s) {', '.join(sorted(map(str, unknown)))} left dark")
        self._wake.set()

    def _warn(self, text: str) -> None:
        self.warnings.append(text)
        del self.warnings[:-10]

    # -- the thread side ---------------------------------------------------------------------
    def animation_interval(self, leds: int) -> float:
        """Seconds between animation frames: the configured rate, slowed on a slow link so that
        frames never pile up in the port's buffer (see :func:`hardware.pacing.frame_spacing`)."""
        return max(1 / self.config.fps, self._pacer.spacing(leds))

    def _layout(self, lights: BoardLights) -> BoardLayout:
        key = (lights.game, lights.rows, lights.cols)
        if key not in self._layouts:
            self._layouts[key] = self.config.layout_for(*key)
        return self._layouts[key]

    def _notice_reconnection(self) -> None:
        """A new connection may be a board that restarted or left live mode: it is owed the
        lights now, primed again."""
        if self.link.connect() and self.link.status.connects != self._connects:
            self._connects = self.link.status.connects
            self._pacer.forget()
            self._owed = True

    def step(self) -> float:
        """Send a frame if one is due; return how long the thread may sleep before the next."""
        with self._lock:
            lights, since, changed_at = self._lights, self._since, self._changed_at
        if lights is None:
            # Nothing to show yet: open the port anyway, so a missing board is reported at start.
            self.link.connect()
            self._report_link()
            if self.link.connected:
                return self.config.keepalive
            return max(0.0, self.link.next_attempt - self._clock())
        self._notice_reconnection()
        now = self._clock()
        animated = is_animated(lights)
        layout = self._layout(lights)
        leds = self.config.strip_length(layout)
        interval = self.animation_interval(leds)
        # Never a frame before the last one had its wire time and the strip its update time.
        ready = self._pacer.wait() <= 1e-4
        due = ready and (
            self._owed
            or changed_at is not None
            or now - self._last_attempt >= self.config.keepalive
            or (animated and now >= self._next_anim - 1e-3)
        )
        if due:
            priming = self._pacer.needs_priming()
            frame = encode_lights(lights, now - since, self.config, layout)
            self._last_attempt = now
            if self.link.send(frame):
                self._pacer.sent(leds, now)
                self.frames_sent += 1
                self._owed = priming  # WLED blanks this copy: the frame follows as soon as allowed
                if not priming and changed_at is not None:
                    self.latencies.append(self._clock() - changed_at)
                    del self.latencies[:-1000]
                    with self._lock:
                        if self._changed_at == changed_at:
                            self._changed_at = None
            # else: the link retries on its own back-off schedule; a pending change stays pending
            # so that it is the first thing the board shows when it comes back.
            if now - self._next_anim >= interval:
                self._next_anim = now + interval  # after a stall (a slow write, a reconnect): from now
            elif animated and now >= self._next_anim - 1e-3:
                self._next_anim += interval  # keep the rhythm, so that rounding cannot drift
            self._report_link()
        waits = [self.config.keepalive - (self._clock() - self._last_attempt)]
        if self.link.connected and (self._owed or (not due and changed_at is not None)):
            waits.append(self._pacer.wait())  # (while unplugged, the link's back-off decides)
        if animated:
            waits.append(self._next_anim - self._clock())
        if not self.link.connected:
            waits.append(self.link.next_attempt - self._clock())
        return max(0.0, min(waits))

    def _report_link(self) -> None:
        """Tell the operator once when the board comes or goes, not at every retry."""
        connected = self.link.connected
        if connected == self._was_connected:
            return
        if connected:
            self._log(f"LED board: connected to {self.link.device} "
                      f"({self.config.protocol}, {self.config.baud} baud)")
        else:
            self._log(f"LED board: {self.link.port} unavailable ({self.link.status.last_error}); "
                      f"the game goes on, retrying in the background")
        self._was_connected = connected

    def _run(self) -> None:
        while not self._stop:
            try:
                pause = self.step()
            except Exception as exc:  # noqa: BLE001 - the LED thread must outlive any bad message
                self._warn(f"LED frame failed: {type(exc).__name__}: {exc}")
                pause = self.config.keepalive
            self._wake.wait(pause)
            self._wake.clear()

    def close(self, timeout: float = 2.0) -> None:
        """Stop the thread, switch the board off (best effort, paced like any frame, waiting at
        most ``timeout`` seconds) and close the port."""
        self._stop = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        with self._lock:
            lights = self._lights
        if lights is not None and self.link.connected:
            dark = BoardLights(lights.game, lights.rows, lights.cols)
            layout = self._layout(dark)
            deadline = self._clock() + timeout

            def sleep(seconds: float) -> None:  # keep the pacing, but never past the timeout
                self._sleep(max(0.0, min(seconds, deadline - self._clock())))

            write_paced(self.link.send, encode_lights(dark, 0.0, self.config, layout),
                        self.config.strip_length(layout), self._pacer, sleep)
        self.link.close()

    def led_status(self) -> LedStatus:
        """The link for the kiosk's screens (:class:`kiosk.devices.LedPort`)."""
        link = self.link.snapshot()
        return LedStatus(self.link.port, link.connected, self.frames_sent, link.last_error)

    def status(self) -> dict[str, Any]:
        """Link state and counters (for diagnostics)."""
        return {**self.link.snapshot().as_dict(), "frames_sent": self.frames_sent,
                "warnings": list(self.warnings)}


def _is_size(value: object) -> bool:
    return type(value) is int and 1 <= value <= 64


def _log_to_stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def start_led_system(port: str, protocol: str | None = None, baud: int | None = None,
                     config_path: str | None = None) -> LedSystem:
    """The kiosk's LED system for the ``--led-*`` options; a bad configuration raises
    :class:`ConfigError` before anything is opened."""
    config = load_config(config_path) if config_path else LedConfig()
    try:
        config = config.with_overrides(protocol=protocol, baud=baud)
    except ConfigError as exc:
        raise ConfigError(f"LED options: {exc}") from None
    return LedSystem(config, SerialLink(port, config.baud))
