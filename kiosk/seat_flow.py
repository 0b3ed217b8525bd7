"""From a match's seats to the "who plays" card's answers, and back: the card opens on the
present match (:func:`setup_of`) and its answers seat the players (:func:`seats_for`). Pure:
no scene, no pygame.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.match import Match, Seat
from kiosk.seats import COMPUTER, FRIEND, Setup


def setup_of(match: Match, extras: Mapping[str, object]) -> Setup:
    """The answers that describe ``match`` (with the game's own answers ``extras``)."""
    seats = match.seats
    default = match.spec.default_level
    computers = [p for p, seat in seats.items() if seat.is_computer]
    if len(computers) == 1:
        return Setup(COMPUTER, seats[computers[0]].level or default, computers[0] == 2, dict(extras))
    return Setup(FRIEND if not computers else COMPUTER, default, True, dict(extras))


def seats_for(setup: Setup, people: Seat, first_choice: bool) -> dict[int, Seat]:
    """The seats the answers ask for: ``people`` (at the screen or at a real board) for the
    friends or the person, who starts as chosen (first when the card does not ask:
    ``first_choice`` False), the computer at its level."""
    if setup.opponent == FRIEND:
        return {1: people, 2: people}
    person = 1 if setup.person_first or not first_choice else 2
    return {person: people, 3 - person: Seat.computer(setup.level)}
