"""The installed games: one typed :class:`~games.contract.Game` entry per game, registered
explicitly with :func:`register_game` (as OpenSpiel's ``register_game``).

The games that ship with the kiosk are listed once, by name in code, in :func:`_built_in`; a
game that lives elsewhere (a plug-in, the test suite's fifth game) registers its own entry. The
menu, the CLI, the match layer, the engine, the tournaments and the devices look a game up by
its key with :func:`spec`. Nothing here imports pygame, and no module path is built from a name.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from games.contract import AnyGame, Game, GameInfo, key_problem

__all__ = ["AnyGame", "Game", "GameInfo", "GameSpec", "games", "installed_games", "register_game", "registered", "spec",
           "swapped", "unregister_game"]

#: The entry of every game (``GameSpec`` is its older name, kept for the callers that say it).
GameSpec = Game

_games: dict[str, AnyGame] = {}
_loaded = False
_generation = 0


def _built_in() -> tuple[AnyGame, ...]:
    """The games that ship with the kiosk (a new built-in game adds its line here)."""
    from games import awele, hexapawn, juniper, lewthwaite, lightning

    return (lewthwaite.GAME, awele.GAME, juniper.GAME, lightning.GAME, hexapawn.GAME)


def _ensure_built_in() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for game in _built_in():
            register_game(game)


def register_game(game: AnyGame) -> AnyGame:
    """Install ``game`` (ValueError when another entry already has its key, or when its key is
    not one the saves and the command line take: :func:`games.contract.key_problem`); returns it."""
    global _generation
    problem = key_problem(game.key)
    if problem:
        raise ValueError(f"cannot register the game: {problem}")
    _ensure_built_in()
    known = _games.get(game.key)
    if known is not None and known is not game:
        raise ValueError(f"a game '{game.key}' is already registered")
    _games[game.key] = game
    _generation += 1
    return game


def unregister_game(key: str) -> None:
    """Remove the game ``key`` (a test's game, once the test is over); nothing if unknown."""
    global _generation
    if _games.pop(key, None) is not None:
        _generation += 1


def generation() -> int:
    """A number that changes whenever a game is registered or removed (for callers' caches)."""
    _ensure_built_in()
    return _generation


def games() -> tuple[AnyGame, ...]:
    """Every registered game, in menu order."""
    _ensure_built_in()
    return tuple(sorted(_games.values(), key=lambda g: (g.info.order, g.key)))


def installed_games() -> tuple[GameInfo, ...]:
    """The menu's facts of every registered game, in menu order."""
    return tuple(game.info for game in games())


def spec(key: str) -> AnyGame:
    """The entry of the game ``key`` (LookupError for an unknown key)."""
    _ensure_built_in()
    game = _games.get(key)
    if game is None:
        known = ", ".join(info.key for info in installed_games())
        raise LookupError(f"unknown game '{key}' (installed: {known})")
    return game


@contextmanager
def registered(game: AnyGame) -> Iterator[AnyGame]:
    """``game`` installed for the ``with`` block, in place of any entry of its key, which comes
    back afterwards (a test's game, a test's stand-in for one field of a game)."""
    global _generation
    _ensure_built_in()
    before = _games.get(game.key)
    _games[game.key] = game
    _generation += 1
    try:
        yield game
    finally:
        if before is None:
            _games.pop(game.key, None)
        else:
            _games[game.key] = before
        _generation += 1


@contextmanager
def swapped(key: str, **fields: Any) -> Iterator[AnyGame]:
    """The game ``key`` with some of its entry's ``fields`` replaced for the ``with`` block
    (``swapped("lewthwaite", hint=counting)``); Any: each field has its own type."""
    with registered(replace(spec(key), **fields)) as game:
        yield game
