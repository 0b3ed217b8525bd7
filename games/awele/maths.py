"""The mathematics of relay sowing, for the science corner's loop explorer (pure Python, no pygame).

A move is a sequence of laps (:func:`games.awele.rules.iter_laps`). The pair (board, pit about to
be emptied) decides everything that follows, so if a pair comes back, the move loops for ever
with the period between the two visits. :class:`LapWalker` replays a move lap by lap, as the
screen shows it, and notices the first repeated pair by remembering every pair it has met;
the rules' own cycle search (:func:`games.awele.rules.sow`, Brent's algorithm, no memory) is
the reference it is tested against.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from games.awele.rules import Lap, check_pits, iter_laps

#: The article's 12-pit loop: player 2 plays the pit marked x (pit 11, index 10).
ARTICLE_BIG_LOOP = ((1, 6, 3, 11, 1, 0, 6, 0, 4, 1, 2, 11), 10)
#: The article's 4-pit loop of period 8: the bottom player plays the bottom right pit (pit 2).
ARTICLE_SMALL_LOOP = ((1, 2, 0, 2), 1)
#: The period the article printed for the 12-pit loop (counting the laps until the board comes
#: back gives one more; the corner shows both).
ARTICLE_PRINTED_PERIOD = 50_635


@dataclass
class LapWalker:
    """A move replayed one lap at a time, watching for a position that comes back.

    ``laps``: laps done. ``ended``: the last seed fell into an empty pit. ``period`` and
    ``loop_start``: once the pair (board, pit to empty) met after ``loop_start`` laps comes back,
    the move loops with that period (``None`` until then). A move that loops comes back to its
    very first pair and meets no other twice before (fact 1 of :mod:`games.awele.sowing`), so
    ``loop_start`` is 0 and one comparison a lap finds the period, with nothing kept: a table of
    the pairs met held 50,636 of them for the article's big loop (11 MB of small objects), and
    the kiosk's small-object heap stayed that much larger for the rest of the day.
    """

    pits: tuple[int, ...]
    start: int
    laps: int = 0
    ended: bool = False
    period: int | None = None
    loop_start: int | None = None
    board: tuple[int, ...] = ()
    last_lap: Lap | None = None
    _events: Iterator[Lap] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.pits = check_pits(self.pits)
        self.board = self.pits
        self._events = iter_laps(self.pits, self.start)

    @property
    def done(self) -> bool:
        """True once the move has ended or its loop has been found."""
        return self.ended or self.period is not None

    @property
    def next_pit(self) -> int | None:
        """The pit (0-based) the next lap empties, ``None`` once the move has ended."""
        if self.ended:
            return None
        return self.start if self.last_lap is None else self.last_lap.last

    def step(self) -> Lap | None:
        """Play one lap (even after the loop was found: it goes on for ever); ``None`` once
        the move has ended."""
        if self.ended:
            return None
        lap = next(self._events)
        self.laps += 1
        self.board = lap.board
        self.last_lap = lap
        if not lap.relay:
            self.ended = True
        elif self.period is None and lap.last == self.start and lap.board == self.pits:
            self.loop_start, self.period = 0, self.laps  # the first pair is back (see the class doc)
        return lap

    def run(self, max_laps: int | None = None, seconds: float | None = None) -> int:
        """Play laps until the move ends, its loop is found, ``max_laps`` laps were played or
        ``seconds`` have passed; returns how many laps were played."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        played = 0
        while not self.done and (max_laps is None or played < max_laps):
            self.step()
            played += 1
            if deadline is not None and played % 64 == 0 and time.perf_counter() > deadline:
                break
        return played


def random_board(n: int, rng: random.Random, most: int | None = None) -> tuple[int, ...]:
    """A board of ``n`` pits (4 or 12) with 0..``most`` seeds each (4 per pit on average, as at
    the start of a game), never empty."""
    most = most if most is not None else 8
    while True:
        board = tuple(rng.randint(0, most) for _ in range(n))
        if any(board):
            return check_pits(board)
