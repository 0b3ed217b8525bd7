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
import weakref
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from games import jobs
from games.effects import Sound
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target
from kiosk.frames import StillLayer
from kiosk.i18n import counted as counted  # re-exported: the corners count with it
from kiosk.i18n import tr
from kiosk.scene import Scene

log = logging.getLogger(__name__)

CONTENT = pygame.Rect(24, 146, 1232, 562)
#: The colour of the corners' secondary buttons (clear, step, a smaller or larger board).
QUIET = (120, 124, 150)


@dataclass(frozen=True)
class Part:
    """A piece of a page drawn in layers that changes by itself (a board whose tokens move, a
    pulsing glow, a counter): ``paint(surface)`` draws it over the page's still layer, clipped to
    the logical ``box`` (it draws nothing outside), and draws the same pixels as long as ``key``
    is the same. ``name`` follows the piece from frame to frame."""

    name: Hashable
    box: pygame.Rect
    key: Hashable
    paint: Callable[[Target], None]


class CornerPage:
    """One topic of a science corner. ``title`` is the tab's translation key.

    A page may be drawn in layers (:meth:`still`, :meth:`draw_still`, :meth:`parts`): what does
    not move is painted once into the corner's still layer, and each frame only the parts whose
    key changed are drawn again over it (kiosk/frames.py's ``draw_changes``)."""

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
        """Draw the page inside ``rect`` (a page drawn in layers: its still part, then its parts
        in order, each clipped to its box)."""
        self.draw_still(surface, rect)
        for part in self.parts(rect):
            paint_part(surface, part, part.box)

    def still(self) -> Hashable | None:
        """A page drawn in layers: the key of its still part (:meth:`draw_still`: equal keys,
        equal pictures), with the language; its buttons' looks are added by the corner. None
        (the default): the page is drawn whole (:meth:`draw`)."""
        return None

    def draw_still(self, surface: Target, rect: pygame.Rect) -> None:
        """A page drawn in layers: what does not move (painted into the corner's still layer)."""

    def parts(self, rect: pygame.Rect) -> Sequence[Part]:
        """A page drawn in layers: what changes by itself, in the order it is drawn over the
        still part (asked at every frame: it must be cheap; the painting is done only when a
        part's key or box changed)."""
        return ()

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


#: Where a part was drawn and its key (what :meth:`ScienceScene.draw_changes` compares).
Shown = tuple[tuple[int, int, int, int], Hashable]


def shown(parts: Sequence[Part]) -> dict[Hashable, Shown]:
    """Each part's box and key, by name."""
    return {part.name: ((part.box.x, part.box.y, part.box.width, part.box.height), part.key) for part in parts}


def paint_part(surface: Target, part: Part, area: pygame.Rect) -> None:
    """Paint ``part`` clipped to the logical ``area`` (within its box)."""
    clip = surface.get_clip()
    surface.set_clip(area.clip(part.box).clip(clip))
    part.paint(surface)
    surface.set_clip(clip)


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
            jobs.submit(fill, "science-progressive")  # the frame starts no thread (games/jobs.py)
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
        #: The paper, the title and the tabs, drawn once per tab (kiosk/frames.py), with the
        #: still part of a page drawn in layers.
        self.still = StillLayer("kiosk.science.frame")
        # A page drawn in layers: the screen it was drawn on, its still key and its parts' boxes
        # and keys there (draw_changes draws over it); the texts of its layer and of each part.
        self._drawn: tuple[weakref.ref[Target], Hashable, dict[Hashable, Shown]] | None = None
        self._still_texts: list[str] = []
        self._part_texts: dict[Hashable, list[str]] = {}

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
        open page; a page drawn in layers has its still part in that layer, and its parts over it."""
        self.texts = []
        heading = tr("science.heading", game=tr(f"{self.game}.title"))
        for k, tab in enumerate(self.tabs):
            tab.active = k == self.index
            tab.color = self.accent if tab.active else ui.blend(self.accent, theme.WHITE, 0.45)
        key = self._frame_key()
        still = self._still_key()
        if still is None:
            self._drawn = None
            self.still.draw(surface, key, functools.partial(self._draw_frame, heading=heading))
            self.texts.append(heading)
            self.page.draw(surface, CONTENT)
            return
        self.still.draw(surface, (key, still), functools.partial(self._draw_layered, heading=heading))
        parts = self.page.parts(CONTENT)
        for part in parts:
            self._paint(surface, part, part.box)
        self._drawn = (weakref.ref(surface), still, shown(parts))
        self._collect_texts(parts)

    def prepare(self, surface: Target) -> None:
        """The corner's frame and its first tab drawn ahead (kiosk/prepare.py: the menu opens it
        so), before the tab is shown (:meth:`CornerPage.on_show`: nothing started): its fonts,
        words and pictures are cached, and its still layer kept when the first frame's key is
        the same. Nothing of it refers to ``surface`` afterwards: the frame draws whole."""
        self.draw(surface)
        self._drawn = None

    def draw_changes(self, surface: Target) -> list[pygame.Rect] | None:
        """A page drawn in layers whose still part is the one on screen: only the boxes of the
        parts that changed (or went) are drawn again, from the still layer up, every part over
        them drawn in order (clipped to them)."""
        drawn = self._drawn
        if drawn is None or not isinstance(surface, Canvas) or drawn[0]() is not surface \
                or drawn[1] != self._still_key():
            return None
        parts = self.page.parts(CONTENT)
        now = shown(parts)
        changed: list[pygame.Rect] = []
        for name in now.keys() | drawn[2].keys():
            old, new = drawn[2].get(name), now.get(name)
            if old != new:
                changed += [pygame.Rect(entry[0]) for entry in (old, new) if entry is not None]
        regions = merged(changed)
        native = [surface.to_native_rect(region).clip(surface.area) for region in regions]
        if not self.still.copy_areas(surface, native):
            return None
        boxes = [part.box for part in parts]
        for region in regions:
            for k in region.collidelistall(boxes):  # every part over the region, in order
                self._paint(surface, parts[k], region)
        self._drawn = (drawn[0], drawn[1], now)
        self._collect_texts(parts)
        return regions

    def _paint(self, surface: Target, part: Part, area: pygame.Rect) -> None:
        """Paint ``part`` within ``area``, keeping the texts it draws (:attr:`texts`)."""
        texts, self.texts = self.texts, []
        paint_part(surface, part, area)
        self._part_texts[part.name] = self.texts
        self.texts = texts

    def _collect_texts(self, parts: Sequence[Part]) -> None:
        """The texts on screen: the still layer's, then each part's as last painted."""
        self.texts = [*self._still_texts, *(text for part in parts for text in self._part_texts.get(part.name, ()))]

    def _draw_layered(self, surface: Target, heading: str) -> None:
        """The corner's frame and the page's still part (one layer)."""
        self.texts = []
        self._draw_frame(surface, heading)
        self.texts.append(heading)
        self.page.draw_still(surface, CONTENT)
        self._still_texts = self.texts

    def _frame_key(self) -> Hashable:
        """What the corner's frame shows: the heading, the tabs, "Retour"."""
        heading = tr("science.heading", game=tr(f"{self.game}.title"))
        return (heading, tuple(tab.look() for tab in self.tabs), self.close_button.look())

    def _still_key(self) -> Hashable | None:
        """The still layer's key of a page drawn in layers (its frame, tab, still part and
        buttons); None for a page drawn whole."""
        still = self.page.still()
        if still is None:
            return None
        return (self._frame_key(), self.index, still, tuple(button.look() for button in self.page.buttons))

    def look(self) -> Hashable | None:
        """The corner is still while its open page says so (:meth:`CornerPage.look`), or, for a
        page drawn in layers, while its still part and its parts' keys are the same."""
        still = self._still_key()
        if still is not None:
            return (still, tuple(shown(self.page.parts(CONTENT)).items()))
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
        self._drawn = None

    def on_exit(self) -> None:
        """Left: the same."""
        self.still.forget()
        self._drawn = None

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




def merged(boxes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """``boxes`` with those that overlap joined into their union (until none overlap): each
    region is then drawn once, from the still layer up."""
    regions: list[pygame.Rect] = []
    for box in boxes:
        box = box.copy()
        k = box.collidelist(regions)
        while k != -1:
            box.union_ip(regions.pop(k))
            k = box.collidelist(regions)
        regions.append(box)
    return regions


def format_number(value: float, decimals: int = 0) -> str:
    """A number written the way the visitor's language writes it: ``50 636`` and ``35,5`` in
    French, ``50,636`` and ``35.5`` in English."""
    from kiosk.i18n import language

    text = f"{value:,.{decimals}f}"
    if language() == "fr":
        text = text.replace(",", "\u00a0").replace(".", ",")
    return text
