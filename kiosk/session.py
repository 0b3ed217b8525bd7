"""The score of the present visitors ("Toi 2 - Ordinateur 1"), per game, until the kiosk's idle
reset hands the stand to the next family."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kiosk.i18n import tr


@dataclass
class Tally:
    """Wins of each side in one game: against the computer ``you``/``computer``, in hot-seat
    ``player1``/``player2``; ``draws`` either way."""

    you: int = 0
    computer: int = 0
    player1: int = 0
    player2: int = 0
    draws: int = 0


@dataclass
class SessionScores:
    """One :class:`Tally` per game; :meth:`reset` when the visitors leave."""

    tallies: dict[str, Tally] = field(default_factory=dict)

    def record(self, game: str, match: Any, winner: int | None) -> None:
        """Count a finished match (games between computers are not the visitors')."""
        if match.all_computers:
            return
        tally = self.tallies.setdefault(game, Tally())
        person = match.person_player()
        if winner is None:
            tally.draws += 1
        elif person is not None:
            if winner == person:
                tally.you += 1
            else:
                tally.computer += 1
        elif winner == 1:
            tally.player1 += 1
        else:
            tally.player2 += 1

    def line(self, game: str, match: Any, names: tuple[str, str]) -> str:
        """The score to show, or "" before the first finished game of this kind."""
        tally = self.tallies.get(game)
        if tally is None:
            return ""
        if match.person_player() is not None:
            if tally.you + tally.computer + tally.draws == 0:
                return ""
            return tr("score.versus", you=tally.you, computer=tally.computer)
        if tally.player1 + tally.player2 + tally.draws == 0:
            return ""
        return tr("score.hotseat", a=names[0], na=tally.player1, b=names[1], nb=tally.player2)

    def reset(self) -> None:
        """Forget everything (new visitors)."""
        self.tallies.clear()
