"""The operator's way in: a key chord (Ctrl+Shift+O) or a long press in the top-left corner,
then the PIN from ``kiosk.toml``, then the settings screen.

The settings change the kiosk live (language, games shown, idle times, volume, colour-blind
mode), show the camera and the LED board with their status, open the camera calibration, and
save to ``kiosk.toml``. "Quitter le kiosque" is the only way out of kiosk mode.
"""

from __future__ import annotations

import functools
import logging
import math
import time
import weakref
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame

from games import budget, jobs
from games.effects import Sound
from games.ports import CameraReport
from games.registry import installed_games
from kiosk import i18n, theme, ui
from kiosk.attendant import StillThereScene
from kiosk.canvas import Target
from kiosk.config import as_table
from kiosk.dayscreen import DayScene
from kiosk.i18n import tr
from kiosk.scene import Scene
from kiosk.screens import screens_for

if TYPE_CHECKING:
    from kiosk.devices import CameraPort, LedPort
    from kiosk.host import Host

log = logging.getLogger("kiosk.operator")

#: The top-left corner a long press opens the PIN pad from (logical pixels), and how long.
CORNER = pygame.Rect(0, 0, 96, 96)
LONG_PRESS = 3.0
#: Wrong PINs before the pad closes by itself and locks.
TRIES = 3
#: The first lock's length (seconds of the kiosk's clock); each wrong PIN after it doubles it,
#: up to :data:`MAX_LOCK`: a 4-digit PIN then takes weeks to find by trying, not 50 minutes.
FIRST_LOCK = 30.0
MAX_LOCK = 900.0
GREY = (120, 124, 150)
CHOSEN = (90, 110, 170)
UNCHOSEN = (196, 190, 178)


@dataclass
class PinLock:
    """Wrong PINs counted across PIN pads (one per kiosk, :func:`pin_lock`): closing the pad and
    opening it again with the key chord or the corner starts no fresh count. From the
    :data:`TRIES`-th wrong PIN in a row, the pad takes nothing for a delay that doubles with
    each further wrong PIN (:data:`FIRST_LOCK` up to :data:`MAX_LOCK`); the right PIN ends the
    series. Times are the kiosk's clock (``Host.clock``, seconds)."""

    #: Wrong PINs since the last right one.
    failures: int = 0
    #: Wrong PINs since the kiosk started (the settings screen shows it to the operator).
    total: int = 0
    #: The clock time until which the pad is locked.
    until: float = 0.0
    #: When the last wrong PIN was typed (wall clock, for the operator), 0 for never.
    last_at: float = 0.0

    def wait(self, now: float) -> float:
        """Seconds before the pad takes a PIN again (0: now)."""
        return max(0.0, self.until - now)

    def wrong(self, now: float) -> float:
        """Count a wrong PIN typed at ``now``; returns the lock it starts (0 for none yet)."""
        self.failures += 1
        self.total += 1
        self.last_at = time.time()
        if self.failures < TRIES:
            return 0.0
        delay = min(MAX_LOCK, FIRST_LOCK * 2 ** min(self.failures - TRIES, 16))
        self.until = now + delay
        return delay

    def right(self) -> None:
        """The right PIN: the series of wrong ones ends (the total stays for the operator)."""
        self.failures = 0
        self.until = 0.0


_locks: weakref.WeakKeyDictionary[Host, PinLock] = weakref.WeakKeyDictionary()


def pin_lock(app: Host) -> PinLock:
    """The kiosk's one :class:`PinLock` (it lives as long as the app, not the pad)."""
    lock = _locks.get(app)
    if lock is None:
        lock = _locks[app] = PinLock()
    return lock


class OperatorDoor:
    """Notices the chord and the corner press (App passes every event to :meth:`handle` and
    calls :meth:`update` once a step)."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.pressed_at: float | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        """True when ``event`` opened the door (and must not reach the scene)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o:
            mods = event.mod
            if mods & pygame.KMOD_CTRL and mods & pygame.KMOD_SHIFT:
                self.open()
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN) and CORNER.collidepoint(event.pos):
            self.pressed_at = self.app.clock
        elif event.type in (pygame.MOUSEBUTTONUP, pygame.FINGERUP) or (
            event.type in (pygame.MOUSEMOTION, pygame.FINGERMOTION) and not CORNER.collidepoint(event.pos)
        ):
            self.pressed_at = None  # let go, or slid away: not a long press
        return False

    def update(self) -> None:
        """A press held long enough in the corner opens the PIN pad."""
        if self.pressed_at is not None and self.app.clock - self.pressed_at >= LONG_PRESS:
            self.pressed_at = None
            self.open()

    def open(self) -> None:
        """The PIN pad (or the settings straight away outside kiosk mode without a PIN)."""
        top = self.app.stack.top
        if isinstance(top, (PinScene, SettingsScene)):
            return
        log.info("operator access requested")
        door = SettingsScene(self.app) if not self.app.config.pin and not self.app.kiosk else PinScene(self.app)
        # Somebody is there: "Encore là ?" has its answer (the game below is not reset meanwhile).
        self.app.stack.replace(door) if isinstance(top, StillThereScene) else self.app.stack.push(door)


class PinScene(Scene):
    """A keypad for the operator's PIN: digits, erase, OK, back. Keys 0-9 work too."""

    name = "operator.pin"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.entered = ""
        self.lock = pin_lock(app)
        self.message = ""
        self.buttons: list[ui.Button] = []
        pad = pygame.Rect(0, 0, 3 * 120 + 2 * 16, 4 * 84 + 3 * 14)
        pad.midtop = (640, 214)
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"]
        for k, label in enumerate(labels):
            rect = pygame.Rect(pad.x + (k % 3) * 136, pad.y + (k // 3) * 98, 120, 84)
            if label == "⌫":
                button = ui.Button(rect, "operator.erase", self.erase, color=GREY, size=24)
            elif label == "OK":
                button = ui.Button(rect, "OK", self.submit, color=theme.GOOD, literal=True, size=32)
            else:
                button = ui.Button(rect, label, functools.partial(self.digit, label), color=CHOSEN, literal=True,
                                   size=40)
            self.buttons.append(button)
        self.buttons.append(ui.Button(pygame.Rect(40, 630, 220, 64), "button.back", self.close, color=GREY,
                                      icon=ui.icon_undo))

    @property
    def tries(self) -> int:
        """Wrong PINs in a row (kept by the kiosk's :class:`PinLock`, not by this pad)."""
        return self.lock.failures

    @property
    def locked(self) -> bool:
        """True while the pad takes no PIN (too many wrong ones)."""
        return self.lock.wait(self.app.clock) > 0

    def digit(self, d: str) -> None:
        """One more digit (at most 8); none while the pad is locked."""
        if self.locked:
            self.app.effects.publish(Sound("error"))
            return
        if len(self.entered) < 8:
            self.entered += d
            self.message = ""
            self.app.effects.publish(Sound("click"))

    def erase(self) -> None:
        """Take the last digit back."""
        self.entered = self.entered[:-1]

    def submit(self) -> None:
        """Right PIN: the settings; wrong: try again (the pad closes and locks after a few tries;
        while it is locked nothing is tried, not even the right PIN)."""
        if self.locked:
            self.entered = ""
            self.app.effects.publish(Sound("error"))
            return
        if self.entered == self.app.config.pin and self.entered:
            log.info("operator PIN accepted" + (f" after {self.lock.failures} wrong one(s)" if self.lock.failures
                                                 else ""))
            self.lock.right()
            self.app.stack.replace(SettingsScene(self.app))
            self.app.effects.publish(Sound("select"))
            return
        self.entered = ""
        self.message = tr("operator.pin.wrong")
        self.app.effects.publish(Sound("error"))
        delay = self.lock.wrong(self.app.clock)
        if delay:
            log.warning("wrong operator PIN (%d in a row): the PIN pad is locked for %.0f s", self.lock.failures,
                        delay)
            self.close()
        else:
            log.warning("wrong operator PIN (%d of %d before the pad locks)", self.lock.failures, TRIES)

    def close(self) -> None:
        """Back to where the kiosk was."""
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons and the number keys; Escape and Enter."""
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.unicode and event.unicode.isdigit():
                self.digit(event.unicode)
            elif event.key == pygame.K_BACKSPACE:
                self.erase()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
            elif event.key == pygame.K_ESCAPE:
                self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: Target) -> None:
        """Title, dots for the digits, the keypad."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        ui.draw_text(surface, tr("operator.pin.title"), (640, 40), 52, theme.INK, "title", "midtop")
        dots = pygame.Rect(0, 0, 420, 70)
        dots.midtop = (640, 122)
        ui.draw_panel(surface, dots, theme.PANEL, 20, 6)
        shown = "•" * len(self.entered) if self.entered else ""
        ui.draw_text(surface, shown, dots.center, 44, theme.INK, "bold", "center")
        wait = self.lock.wait(self.app.clock)
        message = tr("operator.pin.locked", seconds=math.ceil(wait)) if wait > 0 else self.message
        if message:
            ui.draw_text(surface, message, (640, 196), 24, theme.BAD, "bold", "center")
        for button in self.buttons:
            button.draw(surface, self.time)

    def state_summary(self) -> dict[str, object]:
        """Digits typed (not their values), tries and the lock."""
        return {"scene": self.name, "digits": len(self.entered), "tries": self.tries,
                "locked_s": math.ceil(self.lock.wait(self.app.clock))}


class DeviceStatus:
    """Asks a device for its status on a thread (opening a camera takes a second), at most every
    ``every`` seconds, so the settings screen's frame never waits for hardware."""

    def __init__(self, probe: Callable[[], str], every: float = 4.0) -> None:
        self.probe = probe
        self.every = every
        self.text = "…"
        self._asked = -1e9
        self._thread: jobs.Job | None = None

    def refresh(self) -> str:
        """The latest answer (starting a new question when the last one is old)."""
        now = time.monotonic()
        if (self._thread is None or not self._thread.is_alive()) and now - self._asked >= self.every:
            self._asked = now
            # A pool's thread: the settings screen's frame starts none (games/jobs.py).
            self._thread = jobs.submit(self._ask, "kiosk-device-status")
        return self.text

    def _ask(self) -> None:
        try:
            self.text = self.probe()
        except Exception as exc:  # noqa: BLE001 - a status, never a crash
            self.text = f"{type(exc).__name__}: {exc}"


class MemoryLine:
    """The kiosk's memory and its caches' against their budgets, in one line, read again every
    few seconds (reading the worker processes' memory walks ``/proc``: not at every frame)."""

    EVERY = 2.0

    def __init__(self) -> None:
        self.text, self.read_at = "", -self.EVERY

    def refresh(self, now: float) -> str:
        """The line, read again when it is older than ``EVERY`` seconds."""
        if now - self.read_at >= self.EVERY:
            self.read_at = now
            data = budget.report()
            self.text = tr("operator.memory", total=round(data["total_rss_mb"]), own=round(data["rss_mb"]),
                           workers=round(data["workers_rss_mb"]), caches=round(data["caches_mb"]),
                           budgets=round(data["budgets_mb"]))
        return self.text


def describe_camera(found: CameraReport) -> str:
    """One line on a probed camera in the screen's language: size, brightness, mats in view."""
    titles = {info.key: tr(info.title) for info in installed_games()}
    mats = ", ".join(titles.get(m, m) for m in found.mats) or tr("operator.camera.no_mat")
    return tr("operator.camera.found", width=found.width, height=found.height, brightness=round(found.brightness),
              mats=mats)


def camera_status(camera: CameraPort) -> DeviceStatus:
    """The settings screen's camera line: probed on a thread and worded here."""
    return DeviceStatus(lambda: describe_camera(camera.probe()))


def describe_leds(leds: LedPort | None) -> str:
    """One line on the LED board: port, connected or not, frames sent, the last error."""
    if leds is None:
        return tr("operator.none")
    status = leds.led_status()
    if status.connected:
        return tr("operator.leds.ok", port=status.port, frames=status.frames_sent)
    return tr("operator.leds.down", port=status.port, error=status.last_error or "?")


#: Where the games' show/hide toggles go (above the camera's line), and the games' own pages'
#: buttons (left of "Calibrer la caméra").
GAME_TOGGLES = pygame.Rect(700, 148, 540, 132)
GAME_PAGES = pygame.Rect(700, 420, 248, 56)


def game_toggle_rects(count: int) -> list[pygame.Rect]:
    """The games' toggles: two columns up to four games, then as many columns as two rows need
    (eight games: four columns of 126 px), always above the camera's line."""
    columns = 2 if count <= 4 else (count + 1) // 2
    rows = max(1, (count + columns - 1) // columns)
    gap = 12
    width = (GAME_TOGGLES.width - gap * (columns - 1)) // columns
    height = min(60, (GAME_TOGGLES.height - gap * (rows - 1)) // rows)
    x, y = GAME_TOGGLES.topleft
    return [pygame.Rect(x + (k % columns) * (width + gap), y + (k // columns) * (height + gap), width, height)
            for k in range(count)]


def game_pages() -> list[tuple[str, Callable[[Host], Scene]]]:
    """The installed games that have a page of their own on the operator screen, and its maker."""
    found = []
    for info in installed_games():
        try:
            page = screens_for(info.key).operator_page
        except LookupError:  # a game without screens
            continue
        if page is not None:
            found.append((info.key, page))
    return found


class SettingsScene(Scene):
    """The operator's settings (see the module docstring)."""

    name = "operator.settings"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.saved_to = ""
        #: The settings as saved (or as found when the screen opened): "Fermer" goes back to
        #: them, so a change nobody saved never stays in force unseen.
        self.kept_config = app.config
        self.buttons: list[ui.Button] = []
        self.rows: list[tuple[str, int, str]] = []  # (label, y, value text) drawn each frame
        camera = app.devices.camera
        self.camera_status = camera_status(camera) if camera is not None else None
        self.memory = MemoryLine()
        #: The lines read by the frame's :meth:`look`, drawn by its :meth:`draw`.
        self._shown: tuple[str, ...] | None = None
        self._rebuild()

    # --- the settings, as rows ------------------------------------------------------------------

    def _rebuild(self) -> None:
        config = self.app.config
        self.buttons = []
        self.rows = []
        y = 112
        self._choices("operator.language", y, [("Français", config.language == "fr", lambda: self.set_language("fr")),
                                               ("English", config.language == "en", lambda: self.set_language("en"))])
        y += 78
        self._stepper("operator.volume", y, f"{config.volume} %", lambda d: self.step_volume(d))
        y += 78
        idle = config.idle
        self._stepper("operator.attract", y, f"{idle.attract_after:.0f} s",
                      lambda d: self.step_idle("attract_after", d))
        y += 78
        self._stepper("operator.prompt", y, f"{idle.prompt_after:.0f} s", lambda d: self.step_idle("prompt_after", d))
        y += 78
        self._stepper("operator.countdown", y, f"{idle.countdown:.0f} s", lambda d: self.step_idle("countdown", d))
        y += 78
        self._choices("operator.colour_blind", y, [
            (tr("operator.yes"), config.colour_blind, lambda: self.set_colour_blind(True)),
            (tr("operator.no"), not config.colour_blind, lambda: self.set_colour_blind(False)),
        ])
        games = [info for info in installed_games()]
        for rect, info in zip(game_toggle_rects(len(games)), games, strict=False):
            shown = info.key in config.games
            self.buttons.append(ui.Button(rect, tr(info.title), functools.partial(self.toggle_game, info.key),
                                          color=info.accent if shown else UNCHOSEN, literal=True,
                                          size=ui.fitted_size(tr(info.title), 24, rect.width - 24, "bold"),
                                          text_color=theme.WHITE if shown else theme.INK))
        pages = game_pages()
        for k, (key, page) in enumerate(pages):
            width = (GAME_PAGES.width - 12 * (len(pages) - 1)) // len(pages)
            rect = pygame.Rect(GAME_PAGES.x + k * (width + 12), GAME_PAGES.y, width, GAME_PAGES.height)
            label = tr(f"{key}.operator.button")
            self.buttons.append(ui.Button(rect, label, functools.partial(self.open_page, page), color=CHOSEN,
                                          literal=True, size=ui.fitted_size(label, 22, rect.width - 20, "bold")))
        camera = self.app.devices.camera
        if camera is not None and camera.can_calibrate:
            self.buttons.append(ui.Button(pygame.Rect(960, 420, 256, 56), "operator.calibrate", self.calibrate,
                                          color=CHOSEN, size=22))
        bottom = 630
        self.buttons += [
            ui.Button(pygame.Rect(40, bottom, 300, 68), "operator.save", self.save, color=theme.GOOD, size=24),
            ui.Button(pygame.Rect(360, bottom, 300, 68), "operator.close.discard" if self.unsaved else "operator.close",
                      self.close, color=GREY, size=24),
            ui.Button(pygame.Rect(680, bottom, 240, 68), "operator.day", self.open_day, color=CHOSEN, size=24),
            ui.Button(pygame.Rect(940, bottom, 300, 68), "operator.quit", self.quit_kiosk, color=theme.BAD, size=24),
        ]

    def _choices(self, label: str, y: int, options: list[tuple[str, bool, Callable[[], None]]]) -> None:
        self.rows.append((label, y, ""))
        for k, (text, chosen, choose) in enumerate(options):
            rect = pygame.Rect(330 + k * 160, y, 148, 60)
            self.buttons.append(ui.Button(rect, text, choose, color=CHOSEN if chosen else UNCHOSEN, literal=True,
                                          size=22, text_color=theme.WHITE if chosen else theme.INK))

    def _stepper(self, label: str, y: int, value: str, step: Callable[[int], None]) -> None:
        self.rows.append((label, y, value))
        self.buttons.append(ui.Button(pygame.Rect(330, y, 72, 60), "−", lambda: step(-1), color=GREY, literal=True,
                                      size=34))
        self.buttons.append(ui.Button(pygame.Rect(566, y, 72, 60), "+", lambda: step(1), color=GREY, literal=True,
                                      size=34))

    # --- changes (live, checked like kiosk.toml) -------------------------------------------------

    def _change(self, **changes: Any) -> None:
        self.app.apply_config(self.app.config.with_changes(**changes))
        self.saved_to = ""
        self.app.effects.publish(Sound("click"))
        self._rebuild()

    def set_language(self, lang: str) -> None:
        """French or English, everywhere at once."""
        self._change(language=lang)

    def step_volume(self, direction: int) -> None:
        """Louder or softer by 10 %."""
        self._change(volume=max(0, min(100, self.app.config.volume + 10 * direction)))

    def step_idle(self, key: str, direction: int) -> None:
        """One idle time longer or shorter (within the limits ``kiosk.toml`` allows)."""
        step, lo, hi = {"attract_after": (10, 10, 3600), "prompt_after": (15, 15, 3600), "countdown": (5, 5, 120)}[key]
        value = max(lo, min(hi, getattr(self.app.config.idle, key) + step * direction))
        self._change(idle=replace(self.app.config.idle, **{key: float(value)}))

    def set_colour_blind(self, on: bool) -> None:
        """Shapes on the tokens as well as colours."""
        self._change(colour_blind=on)

    def toggle_game(self, key: str) -> None:
        """Show or hide a game's card on the menu (one game at least stays)."""
        games = list(self.app.config.games)
        if key in games:
            if len(games) == 1:
                return
            games.remove(key)
        else:
            order = [info.key for info in installed_games()]
            games = [g for g in order if g in games or g == key]
        self._change(games=tuple(games))

    def open_page(self, page: Callable[[Host], Scene]) -> None:
        """A game's own settings (the learning machine's boxes)."""
        self.app.effects.publish(Sound("click"))
        self.app.stack.push(page(self.app))

    def calibrate(self) -> None:
        """The camera calibration screen."""
        camera = self.app.devices.camera
        if camera is not None and camera.can_calibrate:
            from kiosk.calibration import CalibrationScene

            self.app.stack.push(CalibrationScene(self.app, camera.calibration()))

    def open_day(self) -> None:
        """The day so far in numbers, and what to change (:mod:`kiosk.dayscreen`)."""
        self.app.stack.push(DayScene(self.app))

    @property
    def unsaved(self) -> tuple[str, ...]:
        """The settings changed and not saved yet (their ``kiosk.toml`` keys), in order."""
        now, kept = as_table(self.app.config), as_table(self.kept_config)
        return tuple(key for key in now if now[key] != kept.get(key))

    def notice_text(self) -> str:
        """The line above the bottom buttons: where the settings were saved, or that changes
        not saved yet go with "Fermer"."""
        return tr("operator.unsaved") if self.unsaved else self.saved_to

    def save(self) -> None:
        """Write ``kiosk.toml`` (atomically)."""
        try:
            path = self.app.config.save()
        except OSError as exc:
            log.error("cannot save the settings: %s", exc)
            self.saved_to = tr("operator.save.failed", error=exc.strerror or str(exc))
            return
        log.info("settings saved to %s", path)
        self.kept_config = self.app.config
        self.saved_to = tr("operator.saved", path=str(path))
        self.app.effects.publish(Sound("select"))
        self._rebuild()

    def close(self) -> None:
        """Back to where the kiosk was: the visitors' game goes on; the menu is built afresh
        (the games shown may have changed). Changes not saved are dropped (the screen says so
        and the button reads "Fermer sans enregistrer"): what is in force is what the file holds."""
        if self.unsaved:
            log.info("settings not saved, dropped on closing: %s", ", ".join(self.unsaved))
            self.app.apply_config(self.kept_config)
        stack = self.app.stack
        below = stack.scenes[-2] if len(stack.scenes) > 1 else None
        home = self.app.home_factory
        if below is None or (isinstance(home, type) and isinstance(below, home)):
            self.app.go_home()
        else:
            stack.pop()

    def quit_kiosk(self) -> None:
        """Leave the program: the operator's way out of kiosk mode."""
        log.info("the operator quit the kiosk")
        self.app.quit(operator=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons; Escape closes."""
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def device_lines(self) -> tuple[str, str]:
        """The camera's and the LED board's headlines: the devices the kiosk opened (the command
        line's or the configuration's), else what the configuration names."""
        config, opened = self.app.config, self.app.devices
        camera = opened.camera.spec if opened.camera is not None else config.camera
        device = tr(f"operator.camera.{camera}") if camera in ("none", "synthetic") else camera
        port = opened.leds.led_status().port if opened.leds is not None else config.leds.port
        return tr("operator.camera", device=device), tr("operator.leds", port=port or "—")

    def _lines(self) -> tuple[str, ...]:
        """The screen's words that change by themselves (the devices' status, the memory line,
        wrong PINs, the notice), read once a frame for :meth:`look` and :meth:`draw`."""
        camera_line, leds_line = self.device_lines()
        status = self.camera_status.refresh() if self.camera_status else tr("operator.none")
        lock = pin_lock(self.app)
        failures = tr("operator.pin.failures", count=lock.total,
                      time=time.strftime("%H:%M", time.localtime(lock.last_at))) if lock.total else ""
        return (camera_line, leds_line, status, describe_leds(self.app.devices.leds), self.memory.refresh(self.time),
                failures, self.notice_text())

    def look(self) -> Hashable:
        """The screen holds still between the operator's taps and its lines' changes (the memory
        line is read every 2 s, the devices' status every 4 s): not drawn again in between."""
        self._shown = self._lines()
        return (i18n.language(), tuple(self.rows), self._shown, self.unsaved,
                tuple(button.look() for button in self.buttons))

    def draw(self, surface: Target) -> None:
        """Two columns: the kiosk on the left, games and devices on the right."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        ui.draw_text(surface, tr("operator.title"), (40, 24), 48, theme.INK, "title")
        for label, y, value in self.rows:
            ui.draw_fitted_text(surface, tr(label), pygame.Rect(40, y, 280, 60), 24, theme.INK, "bold")
            if value:
                ui.draw_text(surface, value, (484, y + 30), 30, theme.INK, "bold", "center")
        ui.draw_text(surface, tr("operator.games"), (700, 112), 24, theme.INK, "bold")
        shown = self._shown if self._shown is not None else self._lines()
        self._shown = None  # read again at the next frame
        camera_line, leds_line, status, leds, memory, failures, notice = shown
        ui.draw_text(surface, camera_line, (700, 300), 24, theme.INK, "bold")
        ui.draw_paragraph(surface, status, pygame.Rect(700, 332, 540, 84), 20, theme.INK_SOFT)
        ui.draw_text(surface, leds_line, (700, 490), 24, theme.INK, "bold")
        ui.draw_paragraph(surface, leds, pygame.Rect(700, 522, 540, 84), 20, theme.INK_SOFT)
        ui.draw_fitted_text(surface, memory, pygame.Rect(700, 582, 540, 30), 18, theme.INK_SOFT)
        if failures:  # wrong PINs typed since the start: the operator sees them first
            ui.draw_fitted_text(surface, failures, pygame.Rect(40, 564, 640, 22), 17, theme.BAD, "bold")
        if notice:
            colour = theme.BAD if self.unsaved else theme.INK_SOFT
            # Left of the memory line (x 700), one or two lines above the bottom buttons (below
            # the wrong PINs' line when there is one).
            area = pygame.Rect(40, 588, 640, 40) if failures else pygame.Rect(40, 578, 640, 48)
            ui.draw_paragraph(surface, notice, area, 16 if failures else 18, colour)
        for button in self.buttons:
            button.draw(surface, self.time)

    def state_summary(self) -> dict[str, object]:
        """The live settings."""
        config = self.app.config
        return {"scene": self.name, "language": i18n.language(), "volume": config.volume,
                "games": list(config.games), "colour_blind": config.colour_blind}
