"""The typed contract between one game and everything else: :class:`GameInfo` (the menu's
facts) and :class:`Game` (rules, players, board description, hints, strings), one frozen entry
per game, registered explicitly with :func:`games.registry.register_game` (as OpenSpiel's
``register_game``).

A game's package builds its entry in ``games/<game>/__init__.py`` from its own modules
(``rules.py``, ``ai.py``, ``board.py``, ``strings.py``); nothing here imports the registry, so
the registry can import the games it lists without an import circle. Nothing imports pygame.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from games.boards import BoardDescription
from games.cliutil import Commands
from games.core import GameState, Player

#: A game's state type (any move type: the entry says which with ``M``).
S = TypeVar("S", bound=GameState[Any])
#: A game's move type.
M = TypeVar("M")


#: A game's key: what ``play KEY``, the saves (``kiosk.storage``), the translation keys and a
#: folder name all take: a lower-case letter, then lower-case letters, digits and ``_``.
GAME_KEY = re.compile(r"[a-z][a-z0-9_]{0,31}")


def key_problem(key: object) -> str | None:
    """Why ``key`` cannot be a game's key (one sentence), or None."""
    if not isinstance(key, str) or not GAME_KEY.fullmatch(key):
        shown = repr(key) if not isinstance(key, str) or len(key) <= 40 else repr(key[:37] + "...")
        return (f"{shown} is not a game's key: a lower-case letter, then up to 31 lower-case letters, digits "
                "or _ (what the saves, the command line and a folder name all take)")
    return None


@dataclass(frozen=True)
class GameInfo:
    """What the menu and the CLI need to know about a game.

    ``key`` is the CLI name (``play KEY``) and the prefix of its translation keys, ``title`` and
    ``tagline`` are translation keys, ``order`` sorts the menu cards, ``accent`` is the card
    colour (RGB).
    """

    key: str
    title: str
    tagline: str
    order: int = 100
    accent: tuple[int, int, int] = (60, 120, 200)
    min_age: int = 3


@dataclass(frozen=True, eq=False)
class Game(Generic[S, M]):
    """One game, typed by its state ``S`` and its move ``M``: everything the match layer, the
    engine, the tournaments, the LED board and the camera need of it, as typed callables.

    * ``from_text(text)`` reads a state's ``to_text`` form (raises
      :class:`games.core.GameInputError`); ``new_state(rng)`` is a fresh game (a deal, a
      coin toss: drawn from ``rng``), the start of ``tournament GAME`` and of a new match.
    * ``levels`` (weakest first) and ``players(level)``: the computer players. ``players`` must
      be a module-level function (a match sends it to a worker process by reference);
      :meth:`make_player` checks the level first. ``default_level`` is one a child can beat.
    * ``board_for(state)`` and ``default_board()``: the :class:`games.boards.BoardDescription`
      of a state's board and of the usual board (the LED board, the camera, the lights).
    * ``hint(state)``: the game's advice for the player to move (a module-level function too),
      or None for a game without hints.
    * ``strings``: the game's translation table, ``key -> (french, english)``.
    * ``learning``: the computer levels that learn from the visitors' games (a matchbox machine):
      their record starts again when the game says they were reset; the day report counts the
      games each needed to stop losing. Each must be one of ``levels``.
    * ``commands(commands)``: extra command-line verbs of a game that lives outside ``games/``
      (the built-in games' ``cli.py`` are listed in :mod:`games.cli`); every registered game
      gets ``engine KEY`` and ``tournament KEY`` from this entry unless its commands add its own
      (with flags of its own: :class:`games.engine_cli.OwnFlags`, read into the game's record).
    """

    info: GameInfo
    from_text: Callable[[str], S]
    new_state: Callable[[random.Random], S]
    levels: tuple[str, ...]
    players: Callable[[str], Player[S, M]]
    board_for: Callable[[S], BoardDescription]
    default_board: Callable[[], BoardDescription]
    default_level: str = ""
    hint: Callable[[S], object] | None = None
    strings: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    commands: Callable[[Commands], None] | None = None
    learning: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.levels:
            raise ValueError(f"{self.info.key} has no computer level")
        if not self.default_level:
            object.__setattr__(self, "default_level", self.levels[0])
        if self.default_level not in self.levels:
            raise ValueError(f"{self.info.key}'s default level '{self.default_level}' is not one of its levels")
        for level in self.learning:
            if level not in self.levels:
                raise ValueError(f"{self.info.key}'s learning level '{level}' is not one of its levels")

    @property
    def key(self) -> str:
        """The game's key (``play KEY``, the saves, the translation keys' prefix)."""
        return self.info.key

    def make_player(self, level: str) -> Player[S, M]:
        """A fresh computer player of ``level`` (raises ValueError for an unknown level)."""
        if level not in self.levels:
            raise ValueError(f"unknown {self.key} level '{level}' (choose from {', '.join(self.levels)})")
        return self.players(level)


#: A game of any state and move types: what the registry holds (a caller that knows the game,
#: like a :class:`games.match.Match` given its start state, has the precise types).
AnyGame = Game[Any, Any]
