"""The frame of every game's science corner ("Les maths du jeu"): a title, one tab per topic,
the topic's live picture and its explanation.

A game's ``corner.py`` builds a :class:`ScienceScene` from :class:`CornerPage` subclasses. Pages
draw what the game's pure ``maths`` module computes; anything slow runs off the frame loop.

Slow figures come from :func:`kiosk.background.value` (computed once, off the frame loop);
figures that arrive one by one (a table filling up, a game being played) from :class:`Progressive`.

Every text goes through :meth:`ScienceScene.paragraph` or :meth:`ScienceScene.label`, which
record any text that would not fit its box: the tests run every page in both languages and
require that list to stay empty.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

import pygame

from games.effects import Sound
from kiosk import draw, theme, ui
from kiosk.canvas import Target
from kiosk.frames import StillLayer
from kiosk.i18n import counted as counted  # re-exported: the corners count with it
from kiosk.i18n import tr
from kiosk.scene import Scene

log = logging.getLogger(__name__)

CONTENT = pygame.Rect(24, 146, 1232, 562)
#: The colour of the corners' secondary buttons (clear, step, a smaller or larger board).
QUIET = (120, 124, 150)


class CornerPage:
    """One topic of a science corner. ``title`` is the tab's translation key."""

    title = ""

    def __init__(self, corner: ScienceScene) -> None:
        self.corner = corner
        self.time = 0.0
        self.buttons: list[ui.Button] = []

    @property
    def app(self) -> Any:
        """The kiosk application."""
        return self.corner.app

    def on_show(self) -> None:
        """Called when the tab is opened."""

    def update(self, dt: float) -> None:
        """Advance the animation by ``dt`` seconds."""
        self.time += dt

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to a tap or a key: the page's buttons first, then a tap on its picture (:meth:`tap`)."""
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.tap(event.pos)
        return False

    def tap(self, pos: tuple[int, int]) -> bool:
        """A tap at ``pos`` that no button took (a finger lifted, or the mouse's left button);
        True when the page used it."""
        return False

    def draw(self, surface: Target, rect: pygame.Rect) -> None:
        """Draw the page inside ``rect``."""

    def look(self) -> Hashable | None:
        """What the page shows now, as a key (equal keys, equal pictures: the corner's frame is
        then not drawn again, kiosk/frames.py), with the language; None (the default): it may
        change at every frame. Its buttons' looks are added by the corner."""
        return None

    def again_button(self, rect: pygame.Rect, label: str, action: Callable[[], None], color: ui.Color | None = None,
                     size: int = 22) -> ui.Button:
        """The page's "again" button (start the picture or the game over): the restart icon, in
        the corner's colour unless ``color`` is given."""
        color = self.corner.accent if color is None else color
        return ui.Button(rect, label, action, color=color, icon=ui.icon_restart, size=size)

    def draw_buttons(self, surface: Target) -> None:
        """Draw the page's buttons (checking that their labels fit)."""
        for button in self.buttons:
            self.corner.check_button(button)
            button.draw(surface, self.time)

    def summary(self) -> dict[str, Any]:
        """What the page shows, for tests and ``--json``."""
        return {}


class ReplayPage(CornerPage):
    """A page that replays games one move at a time: one more move every ``STEP_SECONDS`` (with
    a sound), a pause of ``END_SECONDS`` on the last one, then another game (:meth:`new_game`)."""

    STEP_SECONDS = 1.2
    END_SECONDS = 3.0

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.step = 0  # moves shown
        self.clock = 0.0  # seconds since the last one
        self.games = 0

    def new_game(self) -> None:
        """Another game, shown from its start (a page makes its game, then calls this)."""
        self.step = 0
        self.clock = 0.0
        self.games += 1

    def moves(self) -> int:
        """The number of moves of the game being replayed."""
        raise NotImplementedError

    def update(self, dt: float) -> None:
        """One move every ``STEP_SECONDS``, a pause at the end, then a new game."""
        super().update(dt)
        self.clock += dt
        last = self.moves()
        if self.step < last and self.clock >= self.STEP_SECONDS:
            self.step += 1
            self.clock = 0.0
            self.app.effects.publish(Sound("slide"))
        elif self.step == last and self.clock >= self.END_SECONDS:
            self.new_game()


PageFactory = Callable[["ScienceScene"], CornerPage]


class Progressive:
    """A list filled item by item from ``make()`` off the frame loop: in a daemon thread in the
    kiosk, at once in headless runs (so frames are reproducible). Readers see a growing prefix
    (``items`` only ever grows, one append at a time); ``cancel()`` stops the filling early."""

    def __init__(self, make: Callable[[], Iterable[Any]]) -> None:
        self._make = make
        self.items: list[Any] = []
        self.finished = False
        self._started = False
        self._cancelled = False
        self._lock = threading.Lock()

    def start(self, threaded: bool) -> None:
        """Start filling (only the first call does anything)."""
        with self._lock:
            if self._started:
                return
            self._started = True

        def fill() -> None:
            for item in self._make():
                if self._cancelled:
                    return
                self.items.append(item)
            self.finished = True

        if threaded:
            threading.Thread(target=fill, daemon=True, name="science-progressive").start()
        else:
            fill()

    def cancel(self) -> None:
        """Stop after the item being computed (its thread then ends by itself)."""
        self._cancelled = True


class ScienceScene(Scene):
    """A game's science corner: tabs of live mathematics with short explanations."""

    name = "science"

    def __init__(self, app: Any, game: str, accent: ui.Color, pages: Sequence[PageFactory], start: int = 0) -> None:
        super().__init__(app)
        self.game = game
        self.accent = accent
        self.overflows: list[tuple[str, tuple[int, int, int, int]]] = []
        #: Every text drawn in the last frame (tests read the figures on screen here).
        self.texts: list[str] = []
        self.pages = [make(self) for make in pages]
        self.index = max(0, min(start, len(self.pages) - 1))  # a tab past the last opens the last
        width = min(290, (1232 - 12 * (len(self.pages) - 1)) // max(1, len(self.pages)))
        self.tabs = [
            ui.Button(
                pygame.Rect(24 + k * (width + 12), 84, width, 50),
                page.title,
                functools.partial(self.open, k),
                color=ui.blend(accent, theme.WHITE, 0.25),
                size=22,
            )
            for k, page in enumerate(self.pages)
        ]
        self.close_button = ui.Button(
            pygame.Rect(1066, 16, 190, 54), "button.back", self.close, color=(90, 110, 170), icon=ui.icon_home, size=24
        )
        #: The paper, the title and the tabs, drawn once per tab (kiosk/frames.py).
        self.still = StillLayer("kiosk.science.frame")

    @property
    def memory_scope(self) -> str | None:
        """The corner's game: the pictures its pages draw with the game's own views (the board,
        the pits: ``games.<game>`` caches, 20 MB for Awélé's) go when the corner is left. This
        scene's module is the shell's, which has no scope."""
        return self.game

    # --- navigation --------------------------------------------------------------------------------

    @property
    def page(self) -> CornerPage:
        """The open tab."""
        return self.pages[self.index]

    def on_enter(self) -> None:
        """Show the first tab."""
        self._shown()

    def open(self, index: int) -> None:
        """Open tab ``index``."""
        if index != self.index:
            self.index = index
            self.app.effects.publish(Sound("click"))
            self._shown()

    def _shown(self) -> None:
        # Logged so that a day's memory can be laid against what the visitors opened (kiosk.log).
        log.info("science corner of %s: tab %d, %s", self.game, self.index, type(self.page).__name__)
        self.page.on_show()

    def close(self) -> None:
        """Back to where the corner was opened from (the menu)."""
        self.app.effects.publish(Sound("click"))
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Tabs, the back button, then the page; Escape closes, arrows change tab."""
        if ui.handle_buttons([*self.tabs, self.close_button], event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key in (pygame.K_TAB, pygame.K_PAGEDOWN):
                self.open((self.index + 1) % len(self.pages))
                return True
            if event.key == pygame.K_PAGEUP:
                self.open((self.index - 1) % len(self.pages))
                return True
        return self.page.handle_event(event)

    def update(self, dt: float) -> None:
        """Only the open tab moves."""
        super().update(dt)
        self.page.update(dt)

    # --- drawing -------------------------------------------------------------------------------------

    def draw(self, surface: Target) -> None:
        """Paper, title, tabs (one layer, drawn again when a tab or the language changes), the
        open page."""
        self.texts = []
        heading = tr("science.heading", game=tr(f"{self.game}.title"))
        for k, tab in enumerate(self.tabs):
            tab.active = k == self.index
            tab.color = self.accent if tab.active else ui.blend(self.accent, theme.WHITE, 0.45)
        key = (heading, tuple(tab.look() for tab in self.tabs), self.close_button.look())
        self.still.draw(surface, key, functools.partial(self._draw_frame, heading=heading))
        self.texts.append(heading)
        self.page.draw(surface, CONTENT)

    def look(self) -> Hashable | None:
        """The corner is still while its open page says so (:meth:`CornerPage.look`)."""
        page = self.page.look()
        if page is None:
            return None
        return (self.index, tr("science.heading", game=tr(f"{self.game}.title")),
                tuple(tab.look() for tab in self.tabs), self.close_button.look(), page,
                tuple(button.look() for button in self.page.buttons))

    def _draw_frame(self, surface: Target, heading: str) -> None:
        """The corner's frame around its pages: the paper, the title, the tabs, "Retour"."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        self.label(surface, heading, (28, 42), 44, theme.INK, "title", "midleft", 1020)
        for tab in self.tabs:
            self.check_button(tab)
            tab.draw(surface, self.time)
        self.check_button(self.close_button)
        self.close_button.draw(surface, self.time)

    def on_cover(self) -> None:
        """Its layer goes back to the pool of screens (drawn again when the corner shows)."""
        self.still.forget()

    def on_exit(self) -> None:
        """Left: the same."""
        self.still.forget()

    def label(
        self,
        surface: Target,
        text: str,
        pos: tuple[float, float],
        size: int,
        color: ui.Color = theme.INK,
        kind: str = "text",
        anchor: str = "topleft",
        max_width: int | None = None,
    ) -> pygame.Rect:
        """One line of text; records it when it is wider than ``max_width``."""
        rect = ui.draw_text(surface, text, pos, size, color, kind, anchor)
        self.texts.append(text)
        if max_width is not None and rect.width > max_width:
            self.overflows.append((text, (rect.x, rect.y, max_width, rect.height)))
        return rect

    def paragraph(
        self,
        surface: Target,
        text: str,
        rect: pygame.Rect,
        size: int = 24,
        color: ui.Color = theme.INK,
        kind: str = "text",
        align: str = "left",
        line_gap: float = 1.25,
    ) -> int:
        """Wrapped text inside ``rect``; records it when it does not fit. Returns the height used."""
        self.texts.append(text)
        lines = theme.wrap_text(text, size, rect.width, kind)
        widest = max((theme.font(size, kind).size(line)[0] for line in lines), default=0)
        height = round(size * line_gap) * (len(lines) - 1) + theme.font(size, kind).get_linesize()
        if widest > rect.width or height > rect.height:
            self.overflows.append((text, (rect.x, rect.y, rect.width, rect.height)))
        return ui.draw_paragraph(surface, text, rect, size, color, kind, line_gap, align)

    def explain(
        self, surface: Target, rect: pygame.Rect, text: str, size: int = 24, title: str | None = None
    ) -> None:
        """The explanation card: a panel with the corner's colour on its edge."""
        ui.draw_panel(surface, rect, theme.PANEL, 22, 8)
        draw.rect(
            surface,
            self.accent,
            (rect.x, rect.y, 10, rect.height),
            border_top_left_radius=22,
            border_bottom_left_radius=22,
        )
        inner = rect.inflate(-48, -32).move(6, 0)
        if title:
            self.label(surface, title, inner.topleft, size + 6, self.accent, "title", "topleft", inner.width)
            inner = pygame.Rect(inner.x, inner.y + size + 18, inner.width, inner.height - size - 18)
        self.paragraph(surface, text, inner, size)

    def card(self, surface: Target, rect: pygame.Rect, heading: str, inset: tuple[int, int],
             color: ui.Color = theme.INK, radius: int = 20) -> None:
        """A small panel with a bold heading ``inset`` from its top left: a chart's or a strip's frame."""
        ui.draw_panel(surface, rect, theme.PANEL, radius, 6)
        at = (rect.x + inset[0], rect.y + inset[1])
        self.label(surface, heading, at, 20, color, "bold", "topleft", rect.width - 2 * inset[0])

    def check_button(self, button: ui.Button) -> None:
        """Record a button whose label (with its icon) is wider than the button."""
        width = theme.font(button.size, "bold").size(button.text)[0]
        if button.icon is not None and button.text:
            width += button.rect.height - 20 + 24
        if width > button.rect.width - 16:
            self.overflows.append((button.text, (button.rect.x, button.rect.y, button.rect.width, button.rect.height)))

    def state_summary(self) -> dict[str, Any]:
        """The open tab and what it shows."""
        return {"scene": self.name, "game": self.game, "page": self.index, **self.page.summary()}




def format_number(value: float, decimals: int = 0) -> str:
    """A number written the way the visitor's language writes it: ``50 636`` and ``35,5`` in
    French, ``50,636`` and ``35.5`` in English."""
    from kiosk.i18n import language

    text = f"{value:,.{decimals}f}"
    if language() == "fr":
        text = text.replace(",", "\u00a0").replace(".", ",")
    return text
