"""Fault injection in kiosk mode: an exception in each scene's update and draw, a missing font,
the LED port vanishing, the camera vanishing. Each recovers (corrupt saves and configurations
are in test_kiosk.py and test_kiosk_config.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame
import pytest

from games.effects import Sound
from games.ports import CameraReport
from games.registry import installed_games
from hardware.config import LedConfig
from hardware.link import SerialLink
from hardware.system import LedSystem
from kiosk import devices, theme, ui
from kiosk.app import App
from kiosk.attendant import StillThereScene
from kiosk.demo import DemoScene
from kiosk.i18n import set_language
from kiosk.menu import MenuScene
from kiosk.operator import PinScene, SettingsScene, describe_leds
from kiosk.overlays import EndCard, EndScene, RulesPage, RulesScene
from kiosk.screens import screens_for
from kiosk.seats import SeatsScene, Setup
from main import Camera
from tests.kiosk_driver import run_frames
from tests.test_kiosk import kiosk_app, start_game
from tests.waiting import until

GAMES = tuple(info.key for info in installed_games())


def game(key: str, demo: bool = False) -> Callable[[App], object]:
    screens = screens_for(key)
    make = screens.make_demo_scene if demo else screens.make_scene
    assert make is not None
    return make


SCENES: dict[str, Callable[[App], object]] = {
    **{key: game(key) for key in GAMES},
    **{f"{key}-attract": game(key, demo=True) for key in GAMES},
    "demo": DemoScene,
    "rules": lambda app: RulesScene(app, "Règles", [RulesPage("button.rules", "Un texte.")]),
    "end": lambda app: EndScene(app, EndCard("Tu as gagné !", "Bravo.", celebrate=True), lambda: None),
    "seats": lambda app: SeatsScene(app, "lewthwaite", ("random", "greedy"), Setup(level="random"), [],
                                    lambda setup: None),
    "still-there": lambda app: StillThereScene(app, 5),
    "pin": PinScene,
    "settings": SettingsScene,
}


@pytest.fixture
def app(tmp_path):
    application = kiosk_app(tmp_path)
    application.start(MenuScene(application))
    yield application
    application.close()


def broken(what: str) -> Callable[..., None]:
    def fail(self: object, *args: object) -> None:
        raise RuntimeError(f"injected failure in {what}")

    return fail


@pytest.mark.parametrize("where", ["update", "draw"])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_an_exception_in_any_scene_goes_back_to_the_menu_with_an_apology(app, monkeypatch, name, where):
    scene = SCENES[name](app)
    # A card is drawn in two parts by the frame composer (its still part under, what moves
    # over): each way of drawing a scene fails.
    for method in ("draw", "draw_under", "draw_over") if where == "draw" else (where,):
        monkeypatch.setattr(type(scene), method, broken(f"{name}.{where}"))
    app.stack.push(scene)
    run_frames(app, 3)
    assert isinstance(app.stack.top, MenuScene) and app.running
    assert app.notice is not None
    assert len(app.stack.scenes) == 1  # the broken scene and everything under it are gone
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert f"injected failure in {name}.{where}" in (app.state / "logs" / "kiosk.log").read_text()


def test_the_menu_failing_once_is_rebuilt(app, monkeypatch):
    calls = []
    original = MenuScene.draw

    def draw_once_broken(self: MenuScene, surface: pygame.Surface) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("a bad frame")
        original(self, surface)

    monkeypatch.setattr(MenuScene, "draw", draw_once_broken)
    run_frames(app, 3)
    assert isinstance(app.stack.top, MenuScene) and len(calls) >= 3 and app.running


def test_a_missing_font_falls_back_to_pygames_own(app, monkeypatch, caplog):
    monkeypatch.setattr(theme, "font_path", lambda kind: "/nowhere/FredokaOne-Regular.ttf")
    theme.forget_fonts()
    ui.text_surface.cache_clear()
    ui.wrap_text.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="kiosk.theme"):
            app.stack.reset(MenuScene(app))
            run_frames(app, 3)
        assert isinstance(app.stack.top, MenuScene) and app.notice is None
        assert "unusable" in caplog.text
    finally:
        theme.forget_fonts()
        ui.text_surface.cache_clear()
        ui.wrap_text.cache_clear()


class VanishingPort:
    """A serial port that takes ``good`` frames, then behaves like an unplugged cable."""

    def __init__(self, good: int) -> None:
        self.good = good
        self.written = 0

    def write(self, data: bytes) -> int:
        if self.written >= self.good:
            raise OSError(5, "Input/output error")
        self.written += 1
        return len(data)

    def read(self, size: int = 1) -> bytes:
        return b""

    def close(self) -> None:
        pass


def test_the_led_port_vanishing_leaves_the_game_running(tmp_path):
    opened: list[int] = []

    def opener(port: str, baud: int, timeout: float) -> VanishingPort:
        opened.append(1)
        if len(opened) > 1:
            raise FileNotFoundError(2, f"could not open port {port}")
        return VanishingPort(good=2)

    leds = LedSystem(LedConfig(), SerialLink("/dev/ttyUSB0", 115200, opener=opener, backoff=(0.01, 0.05)))
    devices.set_opener(lambda options: devices.Devices([leds], [leds.close], leds=leds))
    try:
        app = kiosk_app(tmp_path)
        app.start(MenuScene(app))
        scene = start_game(app)
        for number, cell in enumerate(((2, 1), (1, 1), (1, 2))):
            scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.board_view.center_of(cell),
                                                  button=1))
            scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.board_view.center_of(cell),
                                                  button=1))
            run_frames(app, 30)
            if number == 0:  # the cable goes during the game: the next moves are played without it
                until(lambda: not leds.link.connected and len(opened) > 1,
                      "the LED thread writes, fails and tries the port again")
        assert not leds.link.connected and len(opened) > 1  # it keeps trying in the background
        assert app.running and app.stack.top is scene and scene.state.moves_played == 3
        assert app.notice is None
        app.stack.push(SettingsScene(app))
        run_frames(app, 2)
        assert "Pas de réponse sur /dev/ttyUSB0" in describe_leds(leds)
        app.close()
    finally:
        devices.set_opener(None)


class VanishingCamera(Camera):
    """A camera whose device was unplugged."""

    def __init__(self) -> None:
        super().__init__("0")

    def probe(self) -> CameraReport:
        raise OSError("camera 0 cannot be opened")


def frame_then(app: App, done: Callable[[], bool]) -> bool:
    """One frame (the settings screen picks up the probe's answer from its thread), then whether
    ``done``."""
    run_frames(app, 1)
    return done()


def test_the_camera_vanishing_shows_in_the_settings_and_nothing_breaks(tmp_path):
    devices.set_opener(lambda options: devices.Devices(camera=VanishingCamera()))
    try:
        app = kiosk_app(tmp_path)
        app.start(MenuScene(app))
        settings = SettingsScene(app)
        app.stack.push(settings)
        run_frames(app, 2)
        status = settings.camera_status
        assert status is not None
        until(lambda: frame_then(app, lambda: "cannot be opened" in status.text), "the probe's failure shown")
        assert status.text == "OSError: camera 0 cannot be opened"
        assert app.running and app.stack.top is settings and app.notice is None
        app.close()
    finally:
        devices.set_opener(None)


class ProbedCamera(Camera):
    """A camera that answers a probe."""

    def __init__(self) -> None:
        super().__init__("0")

    def probe(self) -> CameraReport:
        return CameraReport("0", 1280, 720, 66.2, mats=("lewthwaite",))


@pytest.mark.parametrize(("lang", "line"), [
    ("fr", "Image 1280 x 720, luminosité 66/255 ; en vue : Lewthwaite."),
    ("en", "Picture 1280 x 720, brightness 66/255; in view: Lewthwaite."),
])
def test_the_settings_say_what_the_camera_sees_in_the_screens_language(tmp_path, lang, line):
    devices.set_opener(lambda options: devices.Devices(camera=ProbedCamera()))
    try:
        app = kiosk_app(tmp_path)
        set_language(lang)
        app.start(MenuScene(app))
        settings = SettingsScene(app)
        app.stack.push(settings)
        status = settings.camera_status
        assert status is not None
        until(lambda: frame_then(app, lambda: status.text != "…"), "the probe's answer shown")
        assert status.text == line
        app.close()
    finally:
        devices.set_opener(None)
        set_language("fr")


def test_a_camera_that_does_not_exist_says_so_in_one_line():
    import main

    line = main.Camera("63").status()
    assert line.startswith("camera 63:") and ("does not exist" in line or "cannot be opened" in line)
    assert "\n" not in line


def test_a_sound_device_missing_is_silence_not_a_crash(app):
    app.sound.available = False
    app.sound.muted = False
    app.effects.publish(Sound("win"))
    run_frames(app, 2)
    assert app.running and "win" in app.sound.played




def test_fonts_opened_before_pygame_quit_are_opened_again_after() -> None:
    """A window that closes (pygame.quit()) and a new one in the same process: the cached fonts
    are dead, whoever opens the module again (the CI failure of the LED wiring picture)."""
    pygame.init()
    before = theme.font(31, "bold")
    pygame.quit()
    pygame.init()
    try:
        after = theme.font(31, "bold")
        assert after is not before and after.size("Tu as gagné !")[0] > 0
        assert ui.text_surface("Tu as gagné ! (font reopened)", 31, (0, 0, 0), "bold").get_width() > 0
    finally:
        ui.text_surface.cache_clear()
