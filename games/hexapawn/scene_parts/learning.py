"""The kiosk's learning machine: one :class:`~games.hexapawn.memory.Memory` per running kiosk,
opened from its state folder at first use and shared by the game's scene, its science corner
and its operator page (they all show the same boxes, live)."""

from __future__ import annotations

import logging
import weakref

from games.hexapawn import INFO
from games.hexapawn.ai import MACHINE
from games.hexapawn.memory import Memory
from kiosk.host import Host

log = logging.getLogger(__name__)

_memories: weakref.WeakKeyDictionary[Host, Memory] = weakref.WeakKeyDictionary()


def memory_of(app: Host) -> Memory:
    """The machine of the kiosk ``app`` (its file in ``app.state_folder``; in memory only when the
    run keeps no state). A file that could not be used is logged once and said on the operator
    page; the reset-each-morning choice is kept in the file itself. Fresh boxes in the morning
    are written in the day's record (the report counts the games to stop losing from there)."""
    memory = _memories.get(app)
    if memory is None:
        memory = Memory.open(app.state_folder, daily=True)
        if memory.problem:
            log.warning("hexapawn: %s", memory.problem)
        _memories[app] = memory
        renewed = memory.renewed
    else:
        renewed = memory.roll_over()
    if renewed:
        log.info("hexapawn: a new day, the learning machine starts with fresh boxes")
        app.chronicle.learning_reset(INFO.key, MACHINE, "morning")
    return memory
