"""Awélé's slow work kept off the frame loop (no pygame here).

Two things can take long in awélé:

* **A move's consequences.** Playing a move builds the next position, whose moves the rules
  check exactly, loops included: on rare boards that means millions of laps (about a millisecond
  with the compiled check of :mod:`games.awele.sowing`, up to seconds without a C compiler).
  :func:`work_out` does it off the frame loop; the rules remember long moves, so playing the
  same move again on the frame thread then costs well under a millisecond.
* **The strong player's search**, a second of pure Python per move. On a thread it would hold
  the interpreter lock against the frame loop, so the levels in :data:`OWN_PROCESS` search in a
  worker process (``python -m games.awele.thinking``, one JSON request a line); if that process
  cannot run, they search on the thread instead.

:func:`prepare_players` makes a :class:`~games.match.Match`'s computer players do both on the
match's thinking thread.
"""

from __future__ import annotations

import atexit
import json
import random
import select
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from games.awele.ai import LEVELS, make_player
from games.awele.rules import AweleState, from_text
from games.core import GameInputError, IllegalMoveError

#: Levels that search in the worker process.
OWN_PROCESS = frozenset({"strong"})
#: Seconds a search may overrun its budget (a loaded machine) before its worker is replaced.
ANSWER_GRACE = 10.0
ROOT = Path(__file__).resolve().parents[2]


def work_out(state: AweleState, pit: int) -> bool:
    """Play ``pit`` on ``state`` and check every move of the position it leaves (off the frame
    loop), so that the rules remember the long ones. True when the move is allowed."""
    try:
        after = state.play(pit)
    except IllegalMoveError:
        return False
    after.legal_indices()
    return True


# --- the worker process ---------------------------------------------------------------------------


def answer(line: str) -> dict[str, Any]:
    """The worker's answer to ``{"level", "state", "seed", "budget"}``: ``{"move": pit}`` or
    ``{"error": "..."}``."""
    try:
        request = json.loads(line)
        level, text, seed, budget = request["level"], request["state"], request["seed"], request["budget"]
        if level not in LEVELS:
            raise GameInputError(f"unknown level {level!r}")
        state = from_text(text)
        return {"move": int(make_player(level).choose(state, random.Random(seed), budget))}
    except (ValueError, KeyError, TypeError, GameInputError, IllegalMoveError) as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}


def serve(stdin: IO[str], stdout: IO[str]) -> None:
    """Answer each request line until the end of input."""
    for line in stdin:
        if line.strip():
            stdout.write(json.dumps(answer(line)) + "\n")
            stdout.flush()


class Worker:
    """The worker process seen from the kiosk: one request at a time, restarted once if it
    died; :meth:`choose` returns None when no process can answer (search on the thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        self._failures = 0

    def _start(self) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-m", "games.awele.thinking"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        atexit.register(process.kill)
        return process

    def choose(self, level: str, state: AweleState, seed: int, budget: float | None) -> int | None:
        """The move a fresh ``level`` player chooses in the worker process, or None."""
        request = json.dumps({"level": level, "state": state.to_text(), "seed": seed, "budget": budget})
        with self._lock:
            for _attempt in range(2):
                if self._failures >= 2:
                    return None
                try:
                    if self._process is None or self._process.poll() is not None:
                        self._process = self._start()
                    assert self._process.stdin is not None and self._process.stdout is not None
                    self._process.stdin.write(request + "\n")
                    self._process.stdin.flush()
                    # A worker that stops answering is replaced (its move is searched here).
                    ready, _, _ = select.select([self._process.stdout], [], [], (budget or 1.0) + ANSWER_GRACE)
                    if not ready:
                        raise TimeoutError("the worker process did not answer")
                    reply = json.loads(self._process.stdout.readline())
                except (OSError, ValueError):
                    self._failures += 1
                    if self._process is not None:
                        self._process.kill()
                    self._process = None
                    continue
                move = reply.get("move")
                return move if isinstance(move, int) and move in state.legal_moves() else None
        return None


_worker = Worker()


# --- computer players for the screen ----------------------------------------------------------------


class PreparedPlayer:
    """A computer player as the match sees it: it chooses on the match's thinking thread (the
    searching levels in the worker process), then works out its move's consequences there too."""

    def __init__(self, player: Any, level: str | None = None) -> None:
        self.player = player
        self.level = level  # the game's own level, which may search in the worker process
        self.name = getattr(player, "name", "")

    def choose(self, state: AweleState, rng: random.Random, time_budget: float | None = None) -> int:
        """The player's move, with the next position analysed."""
        move = None
        if self.level in OWN_PROCESS:
            move = _worker.choose(self.level, state, rng.randrange(2**31), time_budget)
        if move is None:
            move = int(self.player.choose(state, rng, time_budget))
        work_out(state, move)
        return move


class PreparedPlayers:
    """The match's ``make_player``: each player it builds is a :class:`PreparedPlayer`."""

    def __init__(self, make: Callable[[str], Any], own_levels: bool) -> None:
        self.make = make
        self.own_levels = own_levels  # False when a test stands in its own players

    def __call__(self, level: str) -> PreparedPlayer:
        """A prepared player of ``level``."""
        return PreparedPlayer(self.make(level), level if self.own_levels else None)


def prepare_players(match: Any) -> None:
    """Make ``match``'s computer players prepare their moves off the frame loop (once)."""
    if not isinstance(match.make_player, PreparedPlayers):
        match.make_player = PreparedPlayers(match.make_player, match.make_player == match.spec.make_player)


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
