"""The pygame side of each game, as one typed record: :class:`GameScreens`.

A game's pure entry (:class:`games.contract.Game`) says nothing about pixels; the screens it
offers (its scene, its attract-mode scene, its menu picture, its science corner, whether it is
played on a real board) are registered here by the screens layer with
:func:`register_screens`. The menu, attract mode, the keeper and the shell's commands find a
game's screens with :func:`screens_for` or :func:`playable_games`, never by a module's name.

The kiosk layer may not import the screens layer, so who imports the games' scene modules is
told from above: ``main.py`` (and the test suite's ``conftest.py``) hands
:func:`use_catalog` the function that registers the built-in games' screens
(:func:`games.cli.install_screens`); it runs once, the first time a screen is looked up, so a
command that only computes never imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.contract import GameInfo
from games.match import Match
from games.registry import installed_games

if TYPE_CHECKING:
    # Annotations only: main.py imports this module, and a command that only computes must not
    # import pygame (the architecture test counts these imports: none leads back here).
    import pygame

    from kiosk.canvas import Target
    from kiosk.game_scene import GameScene
    from kiosk.host import Host
    from kiosk.scene import Scene


@dataclass(frozen=True)
class IconParts:
    """A menu card's picture in two parts, so that the menu draws only what moves (the picture
    animates at every frame): ``draw_still(surface, rect, time)`` draws what depends only on
    ``still(time)`` (equal keys, equal pixels: the menu keeps it as a sprite), and
    ``draw_live(surface, rect, time)`` is drawn over it at every frame. Together they draw what
    the game's ``draw_icon`` draws (``tests/test_menu_frames.py`` compares them pixel for pixel).
    ``still(time)`` ``()``: a still part that never changes (the menu keeps it in the card's own
    sprite); None: at that time the menu draws ``draw_icon`` whole; ``draw_live`` None:
    nothing moves while ``still(time)`` is not None (the menu then draws nothing of it).
    ``moving(time)`` False: ``draw_live`` draws nothing at that time (the menu leaves the picture
    as it is while its still key stays); None: it draws at every frame. ``live_box(rect, time)``:
    where ``draw_live`` may draw at that time (the menu draws again only there and where it drew
    the frame before); None: anywhere in the picture's box."""

    still: Callable[[float], Hashable | None]
    draw_still: Callable[[Target, pygame.Rect, float], None]
    draw_live: Callable[[Target, pygame.Rect, float], None] | None
    moving: Callable[[float], bool] | None = None
    live_box: Callable[[pygame.Rect, float], pygame.Rect] | None = None


@dataclass(frozen=True)
class GameScreens:
    """The screens one game offers, as typed factories.

    ``make_scene(app)`` is the game from the menu (with its "who plays" card),
    ``resume(app, match)`` the game's scene around a match read back from a save,
    ``draw_icon(surface, rect, time)`` the menu card's picture, ``make_demo_scene(app)`` its
    computer-against-computer scene for attract mode (None: not in attract mode),
    ``make_science_scene(app, tab)`` its science corner (None: no corner), ``physical``
    says it can be played on a real board under the camera ("Plateau réel" on its card, when
    its board description has pieces a camera reads), and ``operator_page(app)`` the game's own
    settings on the operator screen (None: none).
    """

    key: str
    make_scene: Callable[[Host], GameScene]
    # Any: a saved match of this game (its state and move types are the game's own).
    resume: Callable[[Host, Match[Any, Any]], GameScene]
    draw_icon: Callable[[Target, pygame.Rect, float], None]
    make_demo_scene: Callable[[Host], Scene] | None = None
    make_science_scene: Callable[[Host, int], Scene] | None = None
    physical: bool = False
    #: The game's own page on the operator screen (a learning machine's reset, say), or
    #: None; its button is labelled ``<key>.operator.button``.
    operator_page: Callable[[Host], Scene] | None = None
    #: ``draw_icon`` in a still and a moving part (None: the menu draws it whole at every frame).
    icon_parts: IconParts | None = None


_screens: dict[str, GameScreens] = {}
_catalog: list[Callable[[], None]] = []
_installed: list[Callable[[], None]] = []


def use_catalog(install: Callable[[], None]) -> None:
    """``install()`` registers the built-in games' screens: called once, at the first look-up
    (``main.py`` hands it over, since the kiosk layer may not import the games' screens); the
    same catalog handed over again (``main.main`` run twice in one process) is not run again."""
    if install not in _catalog and install not in _installed:
        _catalog.append(install)


def _load_catalog() -> None:
    while _catalog:
        install = _catalog.pop(0)
        _installed.append(install)
        install()


def register_screens(screens: GameScreens) -> GameScreens:
    """Install a game's screens (ValueError when another record already has its key)."""
    known = _screens.get(screens.key)
    if known is not None and known != screens:
        raise ValueError(f"screens for '{screens.key}' are already registered")
    _screens[screens.key] = screens
    return screens


def unregister_screens(key: str) -> None:
    """Remove the screens of ``key`` (a test's game, once the test is over)."""
    _screens.pop(key, None)


def screens_for(key: str) -> GameScreens:
    """The screens of the installed game ``key`` (LookupError when it has none)."""
    _load_catalog()
    screens = _screens.get(key)
    if screens is None or key not in {info.key for info in installed_games()}:
        raise LookupError(f"no installed game '{key}' with a screen")
    return screens


def playable_games(keys: Sequence[str] | None = None) -> list[tuple[GameInfo, GameScreens]]:
    """Installed games that have screens: those of ``keys`` in that order (the configuration's
    ``games``), or all of them in menu order."""
    _load_catalog()
    infos = {info.key: info for info in installed_games() if info.key in _screens}
    order = [key for key in keys if key in infos] if keys is not None else list(infos)
    return [(infos[key], _screens[key]) for key in order]
