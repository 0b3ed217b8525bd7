"""Find the games that are installed: every ``games/<name>/`` package with an ``INFO``.

Adding a game means adding its folder; the menu, the CLI and the demo find it here.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

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
