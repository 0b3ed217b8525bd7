"""Find the games that are installed: every ``games/<name>/`` package with an ``INFO``.

Adding a game means adding its folder; the menu, the CLI and the demo find it here.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

GAMES_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class GameInfo:
    """What the menu and the CLI need to know about a game.

    ``key`` is the folder name and CLI name, ``title`` and ``tagline`` are translation keys,
    ``order`` sorts the menu cards, ``accent`` is the card colour (RGB).
    """

    key: str
    title: str
    tagline: str
    order: int = 100
    accent: tuple[int, int, int] = (60, 120, 200)
    min_age: int = 3


def game_packages() -> list[str]:
    """Names of the sub-packages of ``games`` (whether or not they are complete)."""
    return sorted(m.name for m in pkgutil.iter_modules([str(GAMES_DIR)]) if m.ispkg)


@cache
def installed_games() -> tuple[GameInfo, ...]:
    """Every game that declares ``INFO``, in menu order."""
    infos = []
    for name in game_packages():
        module = importlib.import_module(f"games.{name}")
        info = getattr(module, "INFO", None)
        if isinstance(info, GameInfo):
            infos.append(info)
    return tuple(sorted(infos, key=lambda i: (i.order, i.key)))


def has_module(game: str, module: str) -> bool:
    """True when ``games/<game>/<module>.py`` exists (e.g. a scene, a CLI)."""
    return (GAMES_DIR / game / f"{module}.py").exists()


@dataclass(frozen=True)
class GameSpec:
    """What the match layer, the engine and the devices need of one game, found by convention:
    ``rules.from_text``, ``ai.LEVELS`` and ``ai.make_player``, ``board.board_for``, and the
    optional ``ai.hint(state)`` (a game without it has no hint).

    Each game's folder holds these modules; nothing here imports pygame.
    """

    key: str

    def module(self, name: str) -> ModuleType:
        """``games.<key>.<name>``."""
        return importlib.import_module(f"games.{self.key}.{name}")

    @property
    def info(self) -> GameInfo:
        """The menu's facts about the game."""
        info = getattr(importlib.import_module(f"games.{self.key}"), "INFO", None)
        if not isinstance(info, GameInfo):
            raise LookupError(f"games.{self.key} declares no INFO")
        return info

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer players' levels, weakest first."""
        return tuple(self.module("ai").LEVELS)

    @property
    def default_level(self) -> str:
        """The level a new game offers first: one a child can beat (``ai.DEFAULT_LEVEL``)."""
        return str(getattr(self.module("ai"), "DEFAULT_LEVEL", self.levels[0]))

    def make_player(self, level: str) -> Any:
        """A fresh computer player of ``level`` (raises ValueError for an unknown level)."""
        if level not in self.levels:
            raise ValueError(f"unknown {self.key} level '{level}' (choose from {', '.join(self.levels)})")
        return self.module("ai").make_player(level)

    def from_text(self, text: str) -> Any:
        """Read a state's ``to_text`` form (raises :class:`games.core.GameInputError`)."""
        return self.module("rules").from_text(text)

    def board_for(self, state: Any) -> Any:
        """The :class:`games.boards.BoardDescription` of ``state``'s board."""
        return self.module("board").board_for(state)

    def default_board(self) -> Any:
        """The board description of the game's usual board (``board.default_board()``)."""
        return self.module("board").default_board()

    @property
    def hint(self) -> Callable[[Any], Any] | None:
        """``hint(state)``: the game's advice for the player to move, or None without hints."""
        return getattr(self.module("ai"), "hint", None)


@cache
def spec(key: str) -> GameSpec:
    """The :class:`GameSpec` of an installed game (LookupError for an unknown key)."""
    if key not in {info.key for info in installed_games()}:
        known = ", ".join(info.key for info in installed_games())
        raise LookupError(f"unknown game '{key}' (installed: {known})")
    return GameSpec(key)
