"""Side effects travel as small messages on a bus; systems (sound, LEDs) consume them.

A scene publishes ``Sound("slide")`` or ``BoardLights(...)`` and never imports the mixer or
serial; tests subscribe a list to see what a scene asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

Cell = tuple[int, int]
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Sound:
    """Play the named sound once (names are defined in ``kiosk.sound``)."""

    name: str
    volume: float = 1.0


@dataclass(frozen=True)
class BoardLights:
    """What the physical board's lights should show for a game's board.

    ``cells`` maps a cell to a role (``"legal"``, ``"selected"``, ``"hint"``, ``"computer_from"``,
    ``"computer_to"``, ``"put_back"``, ``"player1"``, ``"player2"``, ``"win"``); the LED system
    turns roles into colours and blinking with its own palette and the board's wiring.
    ``colours`` optionally gives a cell its own colour (e.g. a game's player colours) while
    keeping its role's animation.
    """

    game: str
    rows: int
    cols: int
    cells: Mapping[Cell, str] = field(default_factory=dict)
    idle: bool = False
    colours: Mapping[Cell, RGB] = field(default_factory=dict)


#: Everything published on the bus: a sound to play or the board's lights (a subscriber looks at
#: the kind it handles and lets the other go by).
Message = Sound | BoardLights
Subscriber = Callable[[Message], None]


class EffectBus:
    """Publish/subscribe for side-effect messages. A failing subscriber never reaches a scene."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []
        self.errors: list[str] = []

    def subscribe(self, subscriber: Subscriber) -> None:
        """Receive every message published from now on."""
        self._subscribers.append(subscriber)

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """Stop receiving messages."""
        self._subscribers.remove(subscriber)

    def publish(self, message: Message) -> None:
        """Hand ``message`` to every subscriber; their exceptions are recorded, not raised,
        because a broken LED cable must not stop a game."""
        for subscriber in list(self._subscribers):
            try:
                subscriber(message)
            except Exception as exc:  # noqa: BLE001 - a side effect must never break the game
                self.errors.append(f"{type(exc).__name__}: {exc}")
                del self.errors[:-20]
