"""The shell: menu, language switch, translation table, effects bus, tweens."""

import re
from pathlib import Path

import pygame

from games.effects import BoardLights, EffectBus, Message, Sound
from games.lewthwaite.scene import LewthwaiteScene
from kiosk import i18n
from kiosk.menu import MenuScene
from kiosk.seats import SeatsScene
from kiosk.tween import Tween, ease_out_back
from tests.kiosk_driver import make_app, press, run_frames, tap

ROOT = Path(__file__).resolve().parent.parent


def test_menu_opens_a_game_with_a_tap():
    app = make_app()
    menu = MenuScene(app)
    app.start(menu)
    run_frames(app, 2)
    games = menu.state_summary()["games"]
    assert isinstance(games, list) and "lewthwaite" in games
    rect, _info, _module = menu.cards[[i.key for i, _m in menu.games].index("lewthwaite")]
    tap(app, rect.center)
    assert isinstance(app.stack.top, SeatsScene)  # first: who plays
    press(app, pygame.K_RETURN)  # one key (or tap) accepts the defaults
    assert isinstance(app.stack.top, LewthwaiteScene)
    press(app, pygame.K_ESCAPE)  # Escape goes home
    assert isinstance(app.stack.top, MenuScene)


def test_language_button_switches_every_string():
    app = make_app()
    menu = MenuScene(app)
    app.start(menu)
    assert i18n.tr("menu.subtitle") == "Touche un jeu pour jouer !"
    menu.toggle_language()
    assert i18n.tr("menu.subtitle") == "Touch a game to play!"
    i18n.set_language("fr")


def test_every_string_has_both_languages_with_the_same_placeholders():
    for key, (fr, en) in i18n.table().items():
        assert fr.strip() and en.strip(), key
        assert sorted(re.findall(r"{(\w+)", fr)) == sorted(re.findall(r"{(\w+)", en)), key


def test_every_key_used_in_code_exists():
    import hardware.emulator_window  # noqa: F401 - the LED tools' window hands the shell its words

    table = i18n.table()
    missing = []
    for path in ROOT.glob("**/*.py"):
        if ".venv" in path.parts or "tests" in path.parts:
            continue
        for key in re.findall(r"""tr\(\s*["']([\w.]+)["']""", path.read_text()):
            if key not in table:
                missing.append(f"{path.relative_to(ROOT)}: {key}")
    assert not missing


def test_a_broken_subscriber_never_reaches_the_game():
    bus = EffectBus()
    seen: list[Message] = []

    def broken(message):
        raise OSError("LED cable unplugged")

    bus.subscribe(broken)
    bus.subscribe(seen.append)
    bus.publish(Sound("click"))
    assert seen == [Sound("click")] and "LED cable unplugged" in bus.errors[0]


def test_tweens_are_data():
    done = []
    tween = Tween(0, 100, 0.5, ease_out_back, delay=0.1, on_done=lambda: done.append(True))
    tween.update(0.1)
    assert abs(tween.value) < 1e-9
    tween.update(0.5)
    assert tween.done and tween.value == 100 and done == [True]


def test_every_sound_synthesizes_and_mute_silences():
    import numpy as np

    from kiosk.sound import SOUND_NAMES, SoundSystem, synthesize

    for name in SOUND_NAMES:
        samples = synthesize(name)
        assert 0.02 < len(samples) / 44100 < 3 and np.all(np.isfinite(samples)) and np.abs(samples).max() <= 1.0
    system = SoundSystem(muted=True)
    system(Sound("win"))
    system(BoardLights("lewthwaite", 5, 5))  # the LEDs' message: not a sound
    assert system.played == ["win"]
