"""The learning machine's memory across restarts: a small JSON file in the kiosk's state folder
(``hexapawn-machine.json``), written whole (a temporary file renamed over the old one), so a
power cut leaves the old file or the new one, never half of one.

A file that cannot be read (a disk fault, an edit by hand) is never a crash: the machine starts
with fresh boxes, the bad file is kept beside as ``hexapawn-machine.json.bad`` for whoever wants
to look, and the reason is said in one sentence (the operator screen and the log show it).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path

from games.cliutil import CliError
from games.core import GameInputError
from games.hexapawn import machine as boxes
from games.hexapawn.machine import Draw, Machine
from games.hexapawn.rules import HexapawnState, Move
from games.outputs import write_outputs

FILE = "hexapawn-machine.json"


def today() -> str:
    """The local date, ``YYYY-MM-DD`` (the machine's day)."""
    return dt.date.today().isoformat()


@dataclass
class Memory:
    """The day's machine and where it is kept (``path`` None: kept nowhere, a run without a state
    folder). ``problem`` says why the file on disk was not used, if it was not."""

    machine: Machine
    path: Path | None = None
    problem: str | None = None
    #: True when :meth:`open` gave fresh boxes because a new morning came (the setting is on).
    renewed: bool = False

    @classmethod
    def open(cls, folder: Path | None, *, day: str | None = None, daily: bool = True) -> Memory:
        """The machine kept in ``folder``: fresh when there is none, when the file is bad, or
        when it was last fresh on another day than ``day`` and its ``morning_reset`` setting is
        on (``daily`` False: never, the operator page's own look)."""
        day = day or today()
        if folder is None:
            return cls(_fresh(day))
        path = folder / FILE
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(_fresh(day), path)
        except (OSError, UnicodeDecodeError) as exc:
            return cls(_fresh(day), path, f"the learning machine's file '{path}' cannot be read ({exc}): fresh boxes")
        try:
            machine = boxes.from_text(text)
        except GameInputError as exc:
            with contextlib.suppress(OSError):
                os.replace(path, path.with_name(FILE + ".bad"))
            return cls(_fresh(day), path, f"{exc}: it is kept as {FILE}.bad and the machine starts with fresh boxes")
        memory = cls(machine, path)
        if daily:
            memory.renewed = memory.roll_over(day)
        return memory

    def roll_over(self, day: str | None = None) -> bool:
        """A new day with the morning setting on: fresh boxes (True when they were renewed)."""
        day = day or today()
        if self.machine.morning_reset and self.machine.day != day:
            self.reset(day)
            return True
        return False

    def reset(self, day: str | None = None) -> None:
        """Fresh boxes and an empty record (the operator's button, each morning), saved; the
        morning setting stays as it was."""
        morning = self.machine.morning_reset
        self.machine = _fresh(day or today())
        self.machine.morning_reset = morning
        self.save()

    def set_morning_reset(self, on: bool) -> None:
        """Fresh boxes each morning (at the first game of a new day), or kept for good; saved."""
        self.machine.morning_reset = on
        self.save()

    def save(self) -> None:
        """Write the file whole (nothing when kept nowhere; a failure is said, not raised)."""
        if self.path is None:
            return
        try:
            write_outputs({self.path: self.machine.to_text().encode("utf-8")})
        except CliError as exc:
            self.problem = str(exc)

    def finish(self, start: HexapawnState, moves: list[Move], machine_player: int) -> Draw | None:
        """A game against a person is over: the machine learns from it and the file is written.
        Returns the draw punished (None after a win)."""
        draws, state = [], start
        for move in moves:
            if state.player == machine_player:
                draws.append(self.draw_of(state, move))
            state = state.play(move)
        outcome = state.outcome()
        assert outcome is not None, "only a finished game teaches the machine"
        punished = self.machine.learn(draws, lost=outcome.winner != machine_player)
        self.save()
        return punished

    def draw_of(self, state: HexapawnState, move: Move) -> Draw:
        """The bead ``move`` was drawn as in ``state``'s box (None: the box was empty)."""
        beads = self.machine.box(state)
        position, mirrored = boxes.canonical(state)
        bead = position.legal_moves().index(boxes.flip(move) if mirrored else move)
        return Draw(boxes.box_key(state), bead if sum(beads) else None, move)


def _fresh(day: str) -> Machine:
    machine = boxes.fresh()
    machine.day = day
    return machine
