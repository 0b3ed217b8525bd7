"""The end of a game on screen: when the end card shows, and what it says from the child's side.

:class:`Ending` is the clock between the last move and the end card (the board shows why it
ended first); in attract mode it cheers, waits and asks for the next game instead.
:func:`end_card` words the card: "Tu as gagné !" with confetti only when a person won,
"L'ordinateur a gagné" without, hot-seat names the winner. No scene, no app here.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from games.core import Outcome
from games.match import Match
from kiosk import theme
from kiosk.i18n import tr
from kiosk.overlays import EndCard


class EndStep(Enum):
    """What the scene does now that the game is over."""

    WAIT = "wait"
    #: Attract mode: the end sound, the final board stays a moment.
    CHEER = "cheer"
    #: Attract mode: the next game.
    RESTART = "restart"
    #: The end card (once).
    CARD = "card"


class Ending:
    """Counts the time since the game ended (:meth:`step` once a frame while it is over);
    :meth:`reset` when the match changes."""

    def __init__(self) -> None:
        self.wait = 0.0
        self.shown = False

    def reset(self) -> None:
        """The match changed: the game is not over (any more)."""
        self.wait = 0.0
        self.shown = False

    def step(self, dt: float, *, delay: float, attract: bool, pause: float) -> EndStep:
        """``dt`` more seconds of a finished game: the end card ``delay`` after the last move;
        in attract mode a cheer then, and the next game ``pause`` later."""
        self.wait += dt
        if attract:
            if self.wait >= delay and not self.shown:
                self.shown = True
                return EndStep.CHEER
            return EndStep.RESTART if self.wait >= delay + pause else EndStep.WAIT
        if self.shown or self.wait < delay:
            return EndStep.WAIT
        self.shown = True
        return EndStep.CARD


def end_card(match: Match, outcome: Outcome, reason: str, player_name: Callable[[int], str]) -> EndCard:
    """What the end screen says, from the child's side (see the module documentation)."""
    colours = [theme.RED, theme.BLUE, theme.ACCENT, theme.HINT, theme.WHITE]
    winner = outcome.winner
    person = match.person_player()
    if winner is None:
        return EndCard(tr("end.draw"), reason, tr("end.again"), celebrate=False)
    if person is not None:
        if winner == person:
            return EndCard(tr("end.you_win"), reason, "", celebrate=True, colours=colours)
        return EndCard(tr("end.computer_wins"), reason, tr("end.again"), celebrate=False)
    cheer = not match.all_computers  # hot-seat: a person won; between computers: nobody to cheer
    return EndCard(tr("end.winner", name=player_name(winner)), reason, "", celebrate=cheer, colours=colours)
