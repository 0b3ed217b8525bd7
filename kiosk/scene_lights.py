"""The LED board's lights of a game on screen: which role each cell plays now, and sending the
lights to the effect bus only when they change.

:func:`light_roles` reads the position, the seats, the hint and the computer's last move;
:class:`LightsPublisher` remembers what was sent last. The physical-board mode's own lights
(its fixes, the computer's move to do) take over while the camera sees the table.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from games.boards import BoardDescription, Cell
from games.effects import BoardLights, EffectBus
from games.match import Match


def light_roles(board: BoardDescription, match: Match, *, attract: bool, hint: Hashable | None,
                extras: Mapping[Cell, str]) -> dict[Cell, str]:
    """What the physical board shows now, in board cells: the position's own lights, where a
    person may play, the hint, the computer's last move, and the game's ``extras``."""
    state = match.state
    roles = dict(board.state_roles(state))
    if match.person_to_move() and not attract:
        roles.update(dict.fromkeys(board.legal_cells(state), "legal"))
        last = match.last_computer_move
        if last is not None:
            source, target = board.move_cells(*last)
            roles.update({cell: role for cell, role in ((source, "computer_from"), (target, "computer_to"))
                          if cell is not None})
        if hint is not None:
            source, target = board.move_cells(state, hint)
            roles.update({cell: "hint" for cell in (source, target) if cell is not None})
    roles.update(extras)
    return roles


class LightsPublisher:
    """Sends lights to ``bus`` when they differ from the last ones sent."""

    def __init__(self, bus: EffectBus) -> None:
        self.bus = bus
        self.last: BoardLights | None = None

    def publish(self, lights: BoardLights) -> None:
        """Send ``lights`` unless they are already on."""
        if lights != self.last:
            self.last = lights
            self.bus.publish(lights)

    def forget(self) -> None:
        """Send the next lights even if unchanged (the scene shows again)."""
        self.last = None
