"""What a scene may ask of the application that shows it: the host protocol.

Scenes (``kiosk/*`` screens and every game's ``scene.py``) are given a :class:`Host`, never the
concrete :class:`kiosk.app.App`, so they depend on this small module and not on the window, the
main loop and everything the app wires together. :class:`kiosk.app.App` implements it; a test
may hand a scene anything that does. The protocol is grouped by job:

- :class:`Screens`: the scene stack, the home screen, quitting;
- :class:`RunClock`: the run's game time, idle time, random numbers and mode;
- :class:`Outputs`: the effects bus, the devices' handles, the sound;
- :class:`Settings`: the kiosk's configuration and changing it (the operator's screen);
- :class:`Visitors`: the game kept aside, the attendant, the session's scores, the day's record.

A scene that opens another one imports that scene's module (one way down: the menu opens a
game, a game its seats card); a screen the app's parts open from below the scenes (the attract
mode of :class:`kiosk.attendant.Attendant`, the home screen) is a :data:`SceneFactory` handed
to them by whoever builds the app, never a lazy import of the concrete class.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from kiosk.stack import SceneStack, Screen

if TYPE_CHECKING:  # annotations only (the architecture test counts them: none leads back here)
    from pathlib import Path

    from games.effects import EffectBus
    from kiosk.canvas import Canvas, Target
    from kiosk.chronicle import Chronicle
    from kiosk.config import KioskConfig
    from kiosk.devices import Devices
    from kiosk.prepare import Preparation
    from kiosk.session import SessionScores
    from kiosk.sound import SoundSystem

#: Builds a screen for a host (the home screen, attract mode).
SceneFactory = Callable[["Host"], Screen]


class Screens(Protocol):
    """Moving between screens."""

    @property
    def stack(self) -> SceneStack:
        """The scenes on screen; push, pop and replace apply at the end of the frame."""
        ...

    @property
    def home_factory(self) -> SceneFactory | None:
        """Builds the home screen (the menu); None when the app has none (it ends instead)."""
        ...

    def at_home(self) -> bool:
        """True when the top scene is the home screen."""
        ...

    def prepare(self, paint: Callable[[Canvas], None]) -> Preparation:
        """Draw a screen ahead, off screen, with ``paint`` (kiosk/prepare.py): on a thread of
        its own, at once in a headless run."""
        ...

    def push_drawn(self, scene: Screen, paint: Callable[[Canvas], None]) -> None:
        """Put ``scene`` on top once ``paint`` has drawn it ahead: its first frame then blits
        what it keeps instead of drawing it (the stack's :meth:`SceneStack.push_when_ready`)."""
        ...

    def draw_backdrop_ahead(self, canvas: Target, below: Sequence[Screen], card: Screen) -> None:
        """While drawing ahead on ``canvas`` (``paint`` of :meth:`prepare`): the screens
        ``below`` the card ``card`` and its still part, kept for the card's first frame, which
        then blits them (:meth:`kiosk.frames.FrameComposer.draw_backdrop_ahead`)."""
        ...

    def push_card(self, card: Screen) -> None:
        """Put a ``card`` over the screens shown (the end card, the question "Arrêter la
        partie ?"), the picture under it drawn ahead while they hold still: its first frame
        blits it."""
        ...

    def go_home(self, keep: bool = True) -> None:
        """Back to the home screen; an unfinished game is kept aside for "Continuer" (unless
        ``keep`` is False: the visitors went)."""
        ...

    def quit(self, operator: bool = False) -> None:
        """Stop at the end of the frame (in kiosk mode only the operator can)."""
        ...


class RunClock(Protocol):
    """Time, chance and the kind of run."""

    #: Seconds since somebody last touched the stand (the attendant starts it again).
    idle_seconds: float

    @property
    def clock(self) -> float:
        """Game time in seconds (fixed steps): what long presses and notices are timed with."""
        ...

    @property
    def rng(self) -> random.Random:
        """The run's random numbers (seeded by ``--seed``)."""
        ...

    @property
    def headless(self) -> bool:
        """A ``--frames`` run: nobody watches, computer players need not wait."""
        ...

    @property
    def kiosk(self) -> bool:
        """Kiosk mode: locked down, attract mode, saves."""
        ...


class Outputs(Protocol):
    """Side effects: sounds and lights as messages, the devices, the volume."""

    @property
    def effects(self) -> EffectBus:
        """Where scenes publish sounds and board lights."""
        ...

    @property
    def devices(self) -> Devices:
        """The opened devices' ports (``leds``, ``camera``) and closers."""
        ...

    @property
    def sound(self) -> SoundSystem:
        """The loudness button's sound system."""
        ...

    def idle_lights(self) -> None:
        """Let the physical board breathe softly (menu, attract mode)."""
        ...


class Settings(Protocol):
    """The kiosk's configuration."""

    @property
    def config(self) -> KioskConfig:
        """The settings in force."""
        ...

    def apply_config(self, config: KioskConfig) -> None:
        """Use ``config`` from now on (language, volume, colours, idle times)."""
        ...

    @property
    def state_folder(self) -> Path | None:
        """The folder where the kiosk keeps what lasts across restarts (the save, the logs, a
        game's own small files, a learning machine's memory); None when the run keeps nothing."""
        ...


class KeptGames(Protocol):
    """The game left unfinished for the menu's "Continuer ma partie"."""

    @property
    def kept(self) -> tuple[str, str] | None:
        """(game, match text) of the game kept aside, or None."""
        ...

    def take_kept(self) -> Screen | None:
        """The kept game's scene, ready to play on, or None."""
        ...

    def forget(self) -> None:
        """The visitors left: their save and kept game go."""
        ...


class IdleWatch(Protocol):
    """The attendant, as scenes see it: what counts as somebody there, and the idle reset."""

    def table_activity(self) -> None:
        """Pieces moved on the real table: as good as a touch."""
        ...

    def idle_reset(self) -> None:
        """Nobody answered "Encore là ?": back to the menu, the visitors forgotten."""
        ...


class Visitors(Protocol):
    """The people at the stand: their kept game, their scores, the day's record."""

    @property
    def keeper(self) -> KeptGames:
        """The game kept aside."""
        ...

    @property
    def attendant(self) -> IdleWatch:
        """Inactivity: attract mode, "Encore là ?"."""
        ...

    @property
    def scores(self) -> SessionScores:
        """The session's score line ("Toi 2 - Ordinateur 1")."""
        ...

    @property
    def chronicle(self) -> Chronicle:
        """The day's record (visits, games, pages, faults)."""
        ...


class Host(Screens, RunClock, Outputs, Settings, Visitors, Protocol):
    """Everything a scene may ask of the application that shows it (see the module docstring)."""
