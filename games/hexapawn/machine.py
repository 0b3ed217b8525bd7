"""The learning machine: Martin Gardner's HER, the Hexapawn Educable Robot (Scientific American,
March 1962), after Donald Michie's MENACE for noughts and crosses (1961). Pure: no pygame.

Gardner's machine is a set of matchboxes, one for each position it can meet with itself to
move, a mirror image counting as the same position. Each box holds one bead for each legal move
(a colour per move, drawn as an arrow of that colour on the box). To play, shake the box of the
position, draw a bead blind, play its move. After a lost game the bead of the machine's last
move is taken out, so that move is never played again; nothing is done after a win
(punishment only). When a box is empty every move from it has lost: the machine gives up there
(in the kiosk, it plays any move, which is sure to lose) and the bead that led to it, the move
before, is the one taken out. Playing second, the machine has 24 boxes (Gardner's figure,
computed again by :func:`boxes_for`), and after a few dozen games it never loses.

A :class:`Machine` holds the boxes and the record of its games; :meth:`Machine.to_text` /
:func:`from_text` keep it in a small JSON file (the kiosk's state folder).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from games.core import GameInputError, shorten
from games.hexapawn.rules import BLACK, WHITE, HexapawnState, Move

#: The file's format (a newer kiosk reads an older file; an unknown version is refused).
VERSION = 1
#: What a box starts with for each legal move (Gardner: one bead a move).
BEADS_PER_MOVE = 1


def canonical(state: HexapawnState) -> tuple[HexapawnState, bool]:
    """The box's position for ``state`` (of a position and its mirror image, the one whose rows
    come first in reading order) and whether it is the mirror image."""
    mirror = state.mirrored()
    if mirror.rows < state.rows:
        return mirror, True
    return state, False


def box_key(state: HexapawnState) -> str:
    """The label of the box of ``state``: its canonical rows and who moves (``"BBB/W../.WW b"``)."""
    rows, _ = canonical(state)
    return " ".join(rows.to_text().split()[:2])


def flip(move: Move) -> Move:
    """``move`` seen in the mirror."""
    (r, c), (r2, c2) = move
    return (r, 2 - c), (r2, 2 - c2)


def box_state(key: str) -> HexapawnState:
    """The position of the box labelled ``key``."""
    rows, who = key.split()
    return HexapawnState(tuple(rows.split("/")), WHITE if who == "w" else BLACK)


@dataclass
class Draw:
    """One turn of the machine: the box, the bead drawn (the move's index in the box; None when
    the box was empty) and the move played on the real board."""

    box: str
    bead: int | None
    move: Move


@dataclass
class Machine:
    """The boxes (label -> beads per move, in the box position's move order) and the machine's
    record, one letter a game: ``W`` won, ``L`` lost.

    Boxes are made when first met (a machine playing first fills others than Gardner's 24).
    """

    boxes: dict[str, list[int]] = field(default_factory=dict)
    record: str = ""
    #: The day the boxes were last fresh (``YYYY-MM-DD``).
    day: str = ""
    #: The operator's setting: fresh boxes each morning (the first game of a new day).
    morning_reset: bool = False

    def box(self, state: HexapawnState) -> list[int]:
        """The beads of ``state``'s box (made now with one bead a move when new)."""
        key = box_key(state)
        if key not in self.boxes:
            self.boxes[key] = [BEADS_PER_MOVE] * len(canonical(state)[0].legal_moves())
        return self.boxes[key]

    def draw(self, state: HexapawnState, rng: random.Random) -> Draw:
        """Shake the box of ``state`` and draw a bead (its move, turned back if the box holds
        the mirror image); an empty box: any move."""
        beads = self.box(state)
        position, mirrored = canonical(state)
        moves = position.legal_moves()
        if sum(beads):
            bead = rng.choices(range(len(beads)), weights=beads)[0]
            move = moves[bead]
            return Draw(box_key(state), bead, flip(move) if mirrored else move)
        return Draw(box_key(state), None, rng.choice(state.legal_moves()))

    def learn(self, draws: list[Draw], lost: bool) -> Draw | None:
        """The end of a game: write it in the record; after a loss take out one bead of the
        last bead drawn (the box that was empty gave none). Returns the draw punished."""
        self.record += "L" if lost else "W"
        if not lost:
            return None
        for turn in reversed(draws):
            if turn.bead is not None and self.boxes.get(turn.box, [0])[turn.bead] > 0:
                self.boxes[turn.box][turn.bead] -= 1
                return turn
        return None

    def games_to_stop_losing(self) -> int | None:
        """Games played until the last loss (0: never lost; None before any game)."""
        if not self.record:
            return None
        last = self.record.rfind("L")
        return last + 1

    def can_lose(self, side: int = BLACK, replies: Callable[[HexapawnState], list[Move]] | None = None) -> bool:
        """True while some game lost by the machine playing ``side`` can still happen: it plays
        only the moves it has beads for (any move from an empty box), the other side any of
        ``replies(state)`` (any legal move by default; a perfect player's choices). Once False
        the machine has finished learning against that opponent: it never loses to it again."""
        def lost(state: HexapawnState) -> bool:
            outcome = state.outcome()
            if outcome is not None:
                return outcome.winner != side
            moves = state.legal_moves() if replies is None or state.player == side else replies(state)
            if state.player == side:
                beads = self.box(state)
                if sum(beads):
                    position, mirrored = canonical(state)
                    mine = position.legal_moves()
                    moves = [flip(mine[k]) if mirrored else mine[k] for k, n in enumerate(beads) if n]
            return any(lost(state.play(m)) for m in moves)

        return lost(HexapawnState())

    def curve(self) -> list[int]:
        """Gardner's learning curve: after each game, wins minus losses so far."""
        total, points = 0, []
        for letter in self.record:
            total += 1 if letter == "W" else -1
            points.append(total)
        return points

    def to_text(self) -> str:
        """The JSON kept in the state folder."""
        return json.dumps({"version": VERSION, "day": self.day, "morning_reset": self.morning_reset,
                           "record": self.record, "boxes": self.boxes}, sort_keys=True)


def from_text(text: str) -> Machine:
    """Read :meth:`Machine.to_text`'s form (raises :class:`GameInputError` saying what is wrong)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameInputError(f"the learning machine's file is not JSON ({exc.msg})") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise GameInputError(f"the learning machine's file is not version {VERSION}: '{shorten(str(data))}'")
    boxes, record, day = data.get("boxes"), data.get("record"), data.get("day", "")
    morning = data.get("morning_reset", False)
    if not isinstance(record, str) or set(record) - {"W", "L"} or not isinstance(day, str):
        raise GameInputError("the learning machine's record is not a string of W and L")
    if not isinstance(morning, bool):
        raise GameInputError("the learning machine's morning_reset is not true or false")
    if not isinstance(boxes, dict):
        raise GameInputError("the learning machine's boxes are not a table")
    machine = Machine(record=record, day=day, morning_reset=morning)
    for key, beads in boxes.items():
        try:
            state = box_state(key)
            moves = state.legal_moves()
        except (ValueError, IndexError, TypeError):
            raise GameInputError(f"the learning machine has a box for no position: '{shorten(str(key))}'") from None
        if (not isinstance(beads, list) or len(beads) != len(moves)
                or not all(isinstance(b, int) and 0 <= b <= 99 for b in beads)):
            raise GameInputError(f"the box '{key}' does not hold a count of beads for each of its {len(moves)} moves")
        machine.boxes[key] = list(beads)
    return machine


def boxes_for(player: int) -> list[str]:
    """The labels of the boxes of every position ``player`` can meet to move, mirror images
    once, in the order of play (Black: 19, where Gardner drew 24: see docs/hexapawn.md)."""
    return list(_boxes_for(player))


@cache
def _boxes_for(player: int) -> tuple[str, ...]:
    # Computed once (the scene numbers its box with it every frame).
    from games.hexapawn.solver import reachable

    keys: list[str] = []
    for state in sorted(reachable(), key=lambda s: sum(row.count(".") for row in s.rows)):
        if state.player == player and state.legal_moves():
            key = box_key(state)
            if key not in keys:
                keys.append(key)
    return tuple(keys)


def fresh(player: int = BLACK) -> Machine:
    """A new machine with every box of ``player`` filled (Gardner's start, for Black)."""
    machine = Machine()
    for key in boxes_for(player):
        machine.box(box_state(key))
    return machine
