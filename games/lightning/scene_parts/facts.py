"""What the screen knows of Lightning's position beyond the rules' state: the paths, the powered
tiles and the squares where the tile in hand may go (:class:`games.lightning.view.Facts`),
worked out on the match's thinker off the frame loop (a few milliseconds), and whether the last
tile laid blocked the other player (a sound says so).
"""

from __future__ import annotations

from collections.abc import Callable

from games.effects import Sound
from games.lightning.rules import LightningState
from games.lightning.view import Facts
from games.match import Match


class FactsWatch:
    """The facts of ``match``'s present position, kept up to date by :meth:`poll` (once a
    frame); until a new position's facts are ready the last ones stay on screen. ``sound``
    publishes an effect; ``ahead(state, facts)``, run with the facts off the frame loop, draws
    what the screen will show of them (the winning bolt)."""

    def __init__(self, match: Match, sound: Callable[[Sound], None],
                 ahead: Callable[[LightningState, Facts], None] | None = None) -> None:
        self.match = match
        self._sound = sound
        self._ahead = ahead
        #: Worked out off the frame loop, from the first poll.
        self.facts = Facts.pending()
        self._version = -1
        self._block_check: tuple[int, int | None] | None = None

    @property
    def version(self) -> int:
        """The match's version the facts shown are of (-1: none yet)."""
        return self._version

    def watch_block(self, opponent: int) -> None:
        """A tile is being laid: once its facts are in, say whether it blocked ``opponent``."""
        self._block_check = (opponent, self.facts.distance(opponent))

    def reset(self, new_game: bool) -> None:
        """The position jumped (``new_game``: nothing of the old game stays on screen)."""
        self._block_check = None
        if new_game:
            self.facts = Facts.pending()
        self._version = -1

    def _work_out(self, state: LightningState) -> Facts:
        """The facts of ``state``, and what is drawn ahead of them (on the thinker's thread)."""
        facts = Facts.of(state)
        if self._ahead is not None:
            self._ahead(state, facts)
        return facts

    def poll(self) -> None:
        """Start working out a new position's facts, and take them once they are ready."""
        match = self.match
        if self._version == match.version:
            return
        key = ("lightning.facts", match.version)
        state = match.state
        match.thinker.start(key, lambda: self._work_out(state))
        ready, facts = match.thinker.poll(key)
        if not ready:
            return
        self.facts, self._version = facts, match.version
        if self._block_check is not None:
            # A tile that lengthened the other player's path (or cut it off) was a block.
            opponent, before = self._block_check
            self._block_check = None
            after = facts.distance(opponent)
            if before is not None and (after is None or after > before):
                self._sound(Sound("blocked", 0.7))
