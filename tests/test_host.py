"""Scenes and the attendant run on any :class:`kiosk.host.Host`, not only on the concrete App:
a small fake host drives them here (no window, no devices, no main loop)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from games.effects import EffectBus, Sound
from kiosk.attendant import Attendant, StillThereScene
from kiosk.canvas import LOGICAL_SIZE, Canvas, Target
from kiosk.chronicle import Chronicle
from kiosk.config import KioskConfig
from kiosk.devices import Devices
from kiosk.host import SceneFactory
from kiosk.overlays import ConfirmScene
from kiosk.prepare import Preparation
from kiosk.scene import Scene
from kiosk.session import SessionScores
from kiosk.sound import SoundSystem
from kiosk.stack import SceneStack, Screen


class FakeKeeper:
    """The kept game, as a scene sees it: counts what it is asked."""

    def __init__(self) -> None:
        self.kept: tuple[str, str] | None = ("awele", "text")
        self.forgotten = 0

    def take_kept(self) -> None:
        return None

    def forget(self) -> None:
        self.forgotten += 1
        self.kept = None


class FakeAttendant:
    """Counts the idle resets and table activity scenes report."""

    def __init__(self) -> None:
        self.resets = 0
        self.activity = 0

    def idle_reset(self) -> None:
        self.resets += 1

    def table_activity(self) -> None:
        self.activity += 1


class FakeHost:
    """Just what :class:`kiosk.host.Host` asks for: no window, no main loop."""

    def __init__(self, kiosk: bool = True) -> None:
        self.stack = SceneStack()
        self.home_factory: SceneFactory | None = Home
        self.idle_seconds = 0.0
        self.clock = 0.0
        self.rng = random.Random(1)
        self.headless = True
        self.kiosk = kiosk
        self.effects = EffectBus()
        self.heard: list[Any] = []
        self.effects.subscribe(self.heard.append)
        self.devices = Devices()
        self.sound = SoundSystem(muted=True)
        self.config = KioskConfig()
        self.state_folder: Path | None = None
        self.keeper = FakeKeeper()
        self.attendant = FakeAttendant()
        self.scores = SessionScores()
        self.chronicle = Chronicle(None)
        self.went_home = 0
        self.lights = 0

    def at_home(self) -> bool:
        return isinstance(self.stack.top, Home)

    def go_home(self, keep: bool = True) -> None:
        self.went_home += 1

    def prepare(self, paint: Callable[[Canvas], None]) -> Preparation:
        return Preparation(paint, Canvas(pygame.Surface((128, 72)), LOGICAL_SIZE, 0.1, (0, 0)), threaded=False)

    def push_drawn(self, scene: Screen, paint: Callable[[Canvas], None]) -> None:
        self.stack.push(scene)  # nothing is drawn ahead here

    def draw_backdrop_ahead(self, canvas: Target, below: Sequence[Screen], card: Screen) -> None:
        for scene in below:  # nothing is kept here
            scene.draw(canvas)
        card.draw_under(canvas)

    def push_card(self, card: Screen) -> None:
        self.stack.push(card)  # nothing is drawn ahead here

    def quit(self, operator: bool = False) -> None:
        pass

    def idle_lights(self) -> None:
        self.lights += 1

    def apply_config(self, config: KioskConfig) -> None:
        self.config = config


class Home(Scene):
    """A stand-in home screen."""

    name = "home"


class Attract(Scene):
    """A stand-in attract mode."""

    name = "attract"
    attract_mode = True


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()  # the stack flushes input events on every change
    yield


def settle(host: FakeHost) -> None:
    host.stack.apply_pending()


def test_the_attendant_starts_the_attract_mode_it_was_given() -> None:
    host = FakeHost()
    attendant = Attendant(host, attract=Attract)
    host.stack.push(Home(host))
    settle(host)
    host.idle_seconds = host.config.idle.attract_after + 1
    attendant.update()
    settle(host)
    assert isinstance(host.stack.top, Attract)
    assert host.keeper.forgotten == 1 and host.idle_seconds == 0.0


def test_still_there_asks_the_hosts_attendant_for_the_idle_reset() -> None:
    host = FakeHost()
    host.stack.push(Home(host))
    card = StillThereScene(host, 1.0)
    host.stack.push(card)
    settle(host)
    assert host.heard == [Sound("hint", 0.5)]
    for _ in range(54):
        card.update(1 / 60)
    assert host.attendant.resets == 0
    for _ in range(7):
        card.update(1 / 60)
    assert host.attendant.resets >= 1 and host.went_home == 0  # the attendant goes home, not the card


def test_a_card_answers_through_the_hosts_stack() -> None:
    host = FakeHost()
    answered: list[str] = []
    host.stack.push(Home(host))
    card = ConfirmScene(host, "Quitter ?", "La partie sera perdue.", lambda: answered.append("yes"))
    host.stack.push(card)
    settle(host)
    card.draw(pygame.Surface((1280, 720)))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        card.handle_event(pygame.event.Event(kind, pos=card.yes_button.rect.center, button=1))
    settle(host)
    assert answered == ["yes"] and isinstance(host.stack.top, Home)
