"""A game screen's toolbar: buttons declared once (:class:`Tool`), laid out in an area
(:class:`Toolbar`), refreshed each frame, pressed by a tap or a key.

:class:`kiosk.game_scene.GameScene` declares its tools (hint, undo, restart, rules, home, and
the game's own) and holds one :class:`Toolbar`; nothing here knows a game or a match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from kiosk import i18n, ui
from kiosk.i18n import tr

Icon = Callable[[pygame.Surface, pygame.Rect, ui.Color], None]


def _always() -> bool:
    return True


def _never() -> bool:
    return False


@dataclass
class Tool:
    """One toolbar button, declared once: what it says, what it does, and when it shows.

    ``label`` is a translation key, or a function giving the text when it changes with the
    state (an opponent's name, a view to switch to). ``keys`` are keyboard shortcuts.
    """

    label: str | Callable[[], str]
    action: Callable[[], None]
    icon: Icon | None = None
    color: ui.Color = (120, 124, 150)
    enabled: Callable[[], bool] = _always
    visible: Callable[[], bool] = _always
    active: Callable[[], bool] = _never
    keys: tuple[int, ...] = ()
    name: str = ""

    def text(self) -> str:
        """The label in the current language."""
        return self.label() if callable(self.label) else tr(self.label)


@dataclass(frozen=True)
class Shelf:
    """Where a toolbar's buttons go: ``area`` filled row by row in ``columns`` (one row:
    columns = tool count), ``gap`` apart; labels next to the icons or icons only."""

    area: pygame.Rect
    columns: int = 2
    gap: int = 12
    labels: bool = True
    text_size: int = 24

    def rects(self, count: int) -> list[pygame.Rect]:
        """``count`` button rectangles filling ``area`` row by row."""
        area, columns, gap = self.area, max(1, self.columns), self.gap
        rows = max(1, -(-count // columns))
        width = (area.width - gap * (columns - 1)) // columns
        height = min(70, (area.height - gap * (rows - 1)) // rows)
        return [
            pygame.Rect(area.x + (k % columns) * (width + gap), area.y + (k // columns) * (height + gap), width, height)
            for k in range(count)
        ]


class Toolbar:
    """The tools made once by ``make`` (on first use), shown as buttons on ``shelf``."""

    def __init__(self, make: Callable[[], list[Tool]], shelf: Shelf) -> None:
        self._make = make
        self.shelf = shelf
        self._tools: list[Tool] | None = None
        self._buttons: list[tuple[Tool, ui.Button]] = []
        self._layout_key: tuple[int, ...] = ()
        # The translated labels, for the language and table they were read in: read at every
        # frame they were half the toolbar's cost (7 look-ups a call, 1-3 calls a frame).
        self._texts: dict[str, str] = {}
        self._texts_for: tuple[str, int] | None = None

    @property
    def tools(self) -> list[Tool]:
        """The declared tools (built once)."""
        if self._tools is None:
            self._tools = self._make()
        return self._tools

    def buttons(self, live: bool) -> list[ui.Button]:
        """The visible tools as buttons, laid out again when the visible set changes; ``live``
        False (under a card, attract mode) makes them all look and act dead."""
        shown = [tool for tool in self.tools if tool.visible()]
        key = tuple(id(tool) for tool in shown)
        if key != self._layout_key:
            self._layout_key = key
            self._buttons = [(tool, self._button(tool, rect)) for tool, rect in zip(
                shown, self.shelf.rects(len(shown)), strict=True)]
        if self.shelf.labels:
            words = (i18n.language(), id(i18n.table()))
            if words != self._texts_for:
                self._texts_for, self._texts = words, {}
        for tool, button in self._buttons:
            button.enabled = tool.enabled() and live
            button.active = tool.active()
            button.label = self._text(tool) if self.shelf.labels else ""
        return [button for _tool, button in self._buttons]

    def _text(self, tool: Tool) -> str:
        """``tool``'s label: a function's asked each time (it follows the state), a key's
        translated once per language."""
        if callable(tool.label):
            return tool.label()
        text = self._texts.get(tool.label)
        if text is None:
            text = self._texts[tool.label] = tr(tool.label)
        return text

    def _button(self, tool: Tool, rect: pygame.Rect) -> ui.Button:
        return ui.Button(rect, "", tool.action, color=tool.color, icon=tool.icon, literal=True,
                         size=self.shelf.text_size)

    def press_key(self, key: int) -> bool:
        """Do the action of the enabled tool ``key`` is a shortcut of; True when one did."""
        for tool, button in self._buttons:
            if key in tool.keys and button.enabled:
                tool.action()
                return True
        return False

    def button(self, name: str) -> ui.Button | None:
        """The button of the tool called ``name`` (as last laid out)."""
        return next((button for tool, button in self._buttons if tool.name == name), None)
