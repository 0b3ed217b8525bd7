"""Scenes every game shares: the rules pages, the end-of-game screen and confetti, the question
"Arrêter la partie ?"."""

from __future__ import annotations

import copy
import dataclasses
import functools
import math
import random
import weakref
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from games.effects import Sound
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target
from kiosk.frames import StillLayer
from kiosk.i18n import language, tr
from kiosk.pace import RATE
from kiosk.scene import Scene
from kiosk.tween import Tween, ease_out_back

if TYPE_CHECKING:
    from kiosk.host import Host
    from kiosk.prepare import Preparation

Illustration = Callable[[Target, pygame.Rect, float], None]


def draw_veil_around(surface: Target, color: ui.Color, alpha: int, card: pygame.Rect, radius: int) -> None:
    """:func:`kiosk.ui.draw_veil` over the whole screen but the inside of an opaque ``card``
    with corners of ``radius`` drawn over it next (the question, the who-plays card): the same
    pixels, without dimming what the card then covers (the veil was 1.8 ms a frame at 1080p; the
    who-plays card covers 70 % of the screen). What is left out is the card's native box less
    two pixels on each side and less a corner square a little wider than its rounded corner."""
    if not isinstance(surface, Canvas):
        ui.draw_veil(surface, color, alpha)
        return
    area = surface.area
    inner = surface.to_native_rect(card).inflate(-4, -4).clip(area)
    corner = math.ceil(radius * surface.scale) + 2
    if inner.width <= 2 * corner or inner.height <= 2 * corner:
        ui.draw_veil(surface, color, alpha)
        return
    parts = [
        pygame.Rect(area.x, area.y, area.width, inner.y - area.y),
        pygame.Rect(area.x, inner.bottom, area.width, area.bottom - inner.bottom),
        pygame.Rect(area.x, inner.y, inner.x - area.x, inner.height),
        pygame.Rect(inner.right, inner.y, area.right - inner.right, inner.height),
        *(pygame.Rect(x, y, corner, corner) for x in (inner.x, inner.right - corner)
          for y in (inner.y, inner.bottom - corner)),
    ]
    for part in parts:
        if part.width > 0 and part.height > 0:
            ui.draw_veil(surface.target, color, alpha, part)


@dataclass(frozen=True)
class PictureParts:
    """An animated rules picture split in what holds still and what moves, drawn in that order
    (the two make the whole picture): ``backdrop(surface, rect)`` goes into the page's layer,
    once; ``live(surface, rect, time)`` is drawn over it at every frame, only within
    ``box(rect)`` (Lewthwaite's glowing ring round one square, Hexapawn's bobbing bead: a frame
    copies and draws that box, not the whole picture)."""

    backdrop: Callable[[Target, pygame.Rect], None]
    live: Illustration
    box: Callable[[pygame.Rect], pygame.Rect]


@dataclass(frozen=True)
class RulesPage:
    """One page of a rules screen: a title key, a text (already translated, or a function giving
    it, so pages can carry numbers computed in the background), an optional animated
    illustration ``draw(surface, rect, time)`` and, for an illustration that changes in steps,
    ``still(time)``: what it shows at ``time`` as a key (equal keys, the same picture), so that
    a frame showing the same step is not drawn again; for one that animates, maybe ``parts``:
    the same picture as a still backdrop and a small live part."""

    title: str
    text: str | Callable[[], str]
    illustration: Illustration | None = None
    still: Callable[[float], Hashable] | None = None
    parts: PictureParts | None = None

    def body(self) -> str:
        """The page's text now."""
        return self.text() if callable(self.text) else self.text


#: How far ahead, in tenths of a second, a rules picture's next step is looked for.
STEP_LOOKAHEAD = 30

#: How long a page's first frame waits for the page being drawn ahead before drawing it itself
#: (a page takes 10-30 ms off the frame thread; drawn again here it costs 5-10 ms more on it).
AHEAD_WAIT_FRAME = 0.1

#: How long leaving the rules waits for a page being drawn ahead to let its layer go (a page
#: takes 10-30 ms; the wait is only for a visitor leaving at that very moment).
AHEAD_WAIT = 1.0


class RulesScene(Scene):
    """Illustrated rules, one idea per page, big text, Next/Back buttons and arrow keys."""

    name = "rules"
    #: The page's card.
    CARD = pygame.Rect(40, 110, 1200, 500)

    def __init__(self, app: Host, heading: str, pages: list[RulesPage], accent: ui.Color = theme.ACCENT) -> None:
        super().__init__(app)
        self.heading = heading
        self.pages = pages
        self.accent = accent
        self.page = 0
        self.page_time = 0.0
        #: The page without its illustration and buttons, drawn once per page (kiosk/frames.py).
        self.still = StillLayer("kiosk.rules.page")
        # A second layer where the next page is drawn ahead, off the frame thread, while a page
        # is read (kiosk/prepare.py): "next" then only swaps the two (a page drawn on the frame
        # thread cost 5-10 ms at 1080p: its words, its card's shadow, its picture's sprites).
        self._spare = StillLayer("kiosk.rules.ahead")
        # The page the spare layer holds (None: none yet), and its drawing while it runs.
        self._spare_page: int | None = None
        self._ahead: Preparation | None = None
        # The page the shown layer holds.
        self._still_page: int | None = None
        # The step the page's picture showed at the last update, and the next one drawn ahead
        # (its sprites and cached pictures: Awélé's boards cost 3.5 ms each at 1080p), with
        # that drawing while it runs.
        self._step_now: tuple[int, Hashable] | None = None
        self._step_drawn: tuple[int, Hashable] | None = None
        self._step_job: Preparation | None = None
        self._step_at = 0.0
        # The screen the page was last drawn on, and its key there: draw_changes draws over it.
        self._drawn: tuple[weakref.ref[Target], Hashable] | None = None
        self.back_button = ui.Button(
            pygame.Rect(40, 630, 180, 64), "button.back", self.back, color=(120, 124, 150), icon=ui.icon_undo
        )
        self.next_button = ui.Button(pygame.Rect(1060, 630, 180, 64), "button.next", self.next, color=accent)
        self.close_button = ui.Button(
            pygame.Rect(1060, 630, 180, 64), "button.play", self.close, color=theme.GOOD, icon=ui.icon_play
        )

    @property
    def buttons(self) -> list[ui.Button]:
        """Back always; Next, or Play on the last page."""
        return self._buttons_of(self.page)

    def _buttons_of(self, page: int) -> list[ui.Button]:
        last = page == len(self.pages) - 1
        return [self.back_button, self.close_button if last else self.next_button]

    def next(self) -> None:
        """Next page."""
        if self.page < len(self.pages) - 1:
            self.page += 1
            self.page_time = 0.0
            self.app.effects.publish(Sound("click"))

    def back(self) -> None:
        """Previous page, or close on the first."""
        if self.page == 0:
            self.close()
        else:
            self.page -= 1
            self.page_time = 0.0
            self.app.effects.publish(Sound("click"))

    def close(self) -> None:
        """Back to the game."""
        self.app.stack.pop()

    def on_exit(self) -> None:
        """The page's layers go back to the pool for the next screen (once the page being drawn
        ahead, if any, is done with its layer)."""
        for job in (self._ahead, self._step_job):
            if job is not None:
                job.wait(AHEAD_WAIT)
        self._ahead = self._step_job = None
        self._spare_page = self._still_page = None
        self.still.forget()
        self._spare.forget()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, arrows, Escape."""
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN):
                self.next() if self.page < len(self.pages) - 1 else self.close()
                return True
            if event.key == pygame.K_LEFT:
                self.back()
                return True
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
        return False

    def update(self, dt: float) -> None:
        """Animate the illustration; once the page is shown, draw the next one ahead (not beside
        the page's first frame)."""
        super().update(dt)
        self.page_time += dt
        if self._still_page == self.page:
            self._draw_next_ahead()
            self._draw_step_ahead()

    #: Where a page's illustration is drawn, and how far (left, top, right, bottom) it may draw
    #: outside that box (Lewthwaite's boards: 9 above, 14 below; tests/test_menu_frames.py).
    ILLUSTRATION = pygame.Rect(CARD.x + 660, CARD.y + 30, 500, 440)
    ILLUSTRATION_MARGINS = (6, 12, 6, 16)

    def draw(self, surface: Target) -> None:
        """Heading, page card with text and illustration, page dots, buttons: all but the
        illustration and the buttons come from one layer, drawn once per page (ahead when it
        can: :meth:`prepare`, and the next page while one is read)."""
        self._take_spare()
        self.still.draw(surface, self._layer_key(self.page), self._draw_page)
        self._still_page = self.page
        self._draw_illustration(surface)
        for button in self.buttons:
            button.draw(surface, self.time)
        self._drawn = (weakref.ref(surface), self._page_key())

    def prepare(self, surface: Target) -> None:
        """The first page drawn ahead (kiosk/prepare.py: the game's tool pushes the rules with
        it): its layer, and its illustration and buttons over it (their sprites and labels)."""
        self._paint_ahead(surface, self.still, self.page)

    def _layer_key(self, page: int) -> Hashable:
        """What page ``page``'s layer shows."""
        return (language(), self.heading, page, self.pages[page].body())

    def _paint_ahead(self, surface: Target, layer: StillLayer, page: int) -> None:
        """Page ``page``'s layer painted into ``layer`` (maybe on another thread: it reads the
        scene's pages, never its page or time), and its illustration and buttons drawn over
        ``surface`` so that their caches are filled."""
        layer.draw(surface, self._layer_key(page), lambda target: self._draw_page(target, page))
        box = self.illustration_box(page)
        illustration = self.pages[page].illustration
        if illustration is not None and box is not None:
            surface.set_clip(box)
            illustration(surface, self.ILLUSTRATION.copy(), 0.0)
            surface.set_clip(None)
        for button in self._buttons_of(page):
            button.draw(surface, 0.0)

    def _draw_next_ahead(self) -> None:
        """Draw the next page into the spare layer, off the frame thread."""
        following = self.page + 1
        if following >= len(self.pages) or self._spare_page == following:
            return
        if self._ahead is not None and not self._ahead.ready:
            return
        spare = self._spare
        self._spare_page = following
        self._ahead = self.app.prepare(lambda canvas: self._paint_ahead(canvas, spare, following))

    def _draw_step_ahead(self) -> None:
        """When the page's picture moves to a new step, draw its next step (and the next page's
        first picture) ahead, off the frame thread, on a scratch layer (what they keep, their
        cached pictures, is then ready when they show): looked for once a step, a tenth of a
        second apart up to 3 s ahead (any time in that step shows the same picture:
        :attr:`RulesPage.still`)."""
        page = self.pages[self.page]
        if page.still is None or page.illustration is None:
            return
        now = (self.page, page.still(self.page_time))
        if now == self._step_now:
            return
        # A picture changing at every frame (Juniper's building up, Lewthwaite's growing chart)
        # is not drawn ahead: nothing it keeps would be used twice.
        quick = self._step_now is not None and self._step_now[0] == self.page and \
            self.page_time - self._step_at < 0.1
        self._step_now, self._step_at = now, self.page_time
        if quick or (self._step_job is not None and not self._step_job.ready):
            return
        for tenth in range(1, STEP_LOOKAHEAD + 1):
            later = self.page_time + tenth / 10
            step = (self.page, page.still(later))
            if step != now:
                break
        else:
            return
        if step == self._step_drawn:
            return
        self._step_drawn = step
        # The next page's first picture too: its cache may have dropped it since the page was
        # drawn ahead (a picture's steps cycling through it), and drawn again it stays in.
        pictures = [(page.illustration, later)]
        following = self.pages[self.page + 1].illustration if self.page + 1 < len(self.pages) else None
        if following is not None:
            pictures.append((following, 0.0))
        box = self.illustration_box()
        assert box is not None

        def paint(canvas: Canvas) -> None:
            for illustration, time in pictures:
                canvas.set_clip(box)
                illustration(canvas, self.ILLUSTRATION.copy(), time)
            canvas.set_clip(None)

        self._step_job = self.app.prepare(paint)

    def _take_spare(self) -> None:
        """Swap in the spare layer when it holds the page to show (drawn ahead, done); the
        layer swapped out keeps the page shown before (back to it is a swap again)."""
        if self._spare_page != self.page:
            return
        # Still being drawn (a visitor quick on "next"): waiting costs the frame thread no work,
        # drawing the page here again would cost it the whole page, beside the drawing ahead.
        if self._ahead is not None and not self._ahead.wait(AHEAD_WAIT_FRAME):
            return
        self._ahead = None
        self.still, self._spare = self._spare, self.still
        self._spare_page, self._still_page = self._still_page, self.page

    def draw_changes(self, surface: Target) -> list[pygame.Rect] | None:
        """The page shown at the last frame: its illustration over the page's layer, and the
        buttons whose look changed (a finger on "next") over theirs."""
        drawn, key = self._drawn or (None, None)
        now = self._page_key()
        if not isinstance(surface, Canvas) or drawn is None or drawn() is not surface or not isinstance(key, tuple) \
                or key[:-1] != now[:-1]:
            return None
        parts = self.pages[self.page].parts
        box = parts.box(self.ILLUSTRATION.copy()) if parts is not None else self.illustration_box()
        boxes = [] if box is None else [box]
        buttons = [button for button, look in zip(self.buttons, key[-1], strict=True) if button.look() != look]
        # A button's picture reaches 3 pixels above its rectangle and 4 below (ui._button_image).
        boxes += [pygame.Rect(b.rect.x, b.rect.y - 3, b.rect.width, b.rect.height + 7).inflate(2, 2) for b in buttons]
        if not boxes or not self.still.copy_areas(surface, [surface.to_native_rect(b).clip(surface.area)
                                                            for b in boxes]):
            return None
        if box is not None:
            self._draw_illustration(surface)
        for button in buttons:
            button.draw(surface, self.time)
        self._drawn = (weakref.ref(surface), now)
        return boxes

    def illustration_box(self, page: int | None = None) -> pygame.Rect | None:
        """What the illustration of the page shown (or of ``page``) may draw on (None: the page
        has none)."""
        if not self.pages[self.page if page is None else page].illustration:
            return None
        left, top, right, bottom = self.ILLUSTRATION_MARGINS
        box = self.ILLUSTRATION
        return pygame.Rect(box.x - left, box.y - top, box.width + left + right, box.height + top + bottom)

    def _draw_illustration(self, surface: Target) -> None:
        """The page's picture, or its live part over the backdrop in the page's layer."""
        page = self.pages[self.page]
        box = self.illustration_box()
        if page.illustration and box is not None:
            surface.set_clip(box)
            draw_picture = page.parts.live if page.parts is not None else page.illustration
            draw_picture(surface, self.ILLUSTRATION.copy(), self.page_time)
            surface.set_clip(None)

    def _page_key(self) -> tuple[Hashable, ...]:
        """What the page's layer and its buttons show (the buttons' looks last)."""
        return (language(), self.heading, self.page, self.pages[self.page].body(),
                tuple(button.look() for button in self.buttons))

    def look(self) -> Hashable | None:
        """A page without an illustration is still: its buttons change it; so is one whose
        illustration shows the same step (:attr:`RulesPage.still`)."""
        page = self.pages[self.page]
        step: Hashable = ()
        if page.illustration:
            if page.still is None:
                return None
            step = page.still(self.page_time)
        return (language(), self.heading, self.page, page.body(), tuple(button.look() for button in self.buttons),
                step)

    def _draw_page(self, surface: Target, number: int | None = None) -> None:
        """The paper, the heading, the card of the page shown (or of page ``number``) with its
        words, the page dots (they lie apart from the illustration drawn over the layer: the
        same picture)."""
        number = self.page if number is None else number
        surface.blit(ui.background(surface.get_size()), (0, 0))
        heading = pygame.Rect(40, 28, 1200, theme.font(52, "title").get_height())
        ui.draw_fitted_text(surface, self.heading, heading, 52, theme.INK, "title", "center")
        page = self.pages[number]
        card = self.CARD
        ui.draw_panel(surface, card, theme.PANEL, 28, 12)
        draw.rect(
            surface,
            self.accent,
            (card.x, card.y, 14, card.height),
            border_top_left_radius=28,
            border_bottom_left_radius=28,
        )
        text_width = 560 if page.illustration else 1100
        # The title may run up to the illustration (or the card's edge), never over it.
        title = pygame.Rect(card.x + 50, card.y + 36, 600 if page.illustration else 1100,
                            theme.font(42, "title").get_height())
        ui.draw_fitted_text(surface, tr(page.title), title, 42, self.accent, "title")
        ui.draw_paragraph(surface, page.body(), pygame.Rect(card.x + 50, card.y + 110, text_width, 380), 29, theme.INK)
        for k in range(len(self.pages)):
            color = self.accent if k == number else (210, 200, 185)
            draw.circle(surface, color, (640 - (len(self.pages) - 1) * 14 + k * 28, 662), 8)
        box = self.illustration_box(number)
        if page.parts is not None and box is not None:  # the picture's still part, under its live one
            surface.set_clip(box)
            page.parts.backdrop(surface, self.ILLUSTRATION.copy())
            surface.set_clip(None)

    def state_summary(self) -> dict[str, object]:
        """Which page is shown."""
        return {"scene": self.name, "page": self.page, "pages": len(self.pages)}


@dataclass
class Particle:
    """One piece of confetti."""

    x: float
    y: float
    vx: float
    vy: float
    spin: float
    angle: float
    color: ui.Color
    size: float


class Confetti:
    """A burst of confetti, simulated in fixed steps (cheap: a few hundred rectangles)."""

    def __init__(self, colors: list[ui.Color], count: int = 160, seed: int = 1, width: int = 1280) -> None:
        rng = random.Random(seed)
        self.particles = [
            Particle(
                rng.uniform(0, width),
                rng.uniform(-300, -20),
                rng.uniform(-60, 60),
                rng.uniform(80, 260),
                rng.uniform(-6, 6),
                rng.uniform(0, math.tau),
                rng.choice(colors),
                rng.uniform(7, 14),
            )
            for _ in range(count)
        ]

    def update(self, dt: float) -> None:
        """Fall, drift and spin."""
        for p in self.particles:
            p.vy += 120 * dt
            p.x += p.vx * dt + math.sin(p.angle) * 30 * dt
            p.y += p.vy * dt
            p.angle += p.spin * dt

    def falling(self, height: int) -> bool:
        """True while a piece is still to be seen on a screen ``height`` tall (:meth:`draw` draws it)."""
        return any(p.y < height + 20 for p in self.particles)

    def pieces(self, surface: Canvas) -> list[tuple[int, ui.Color, tuple[int, int, int, int]]]:
        """Each piece on ``surface`` now: its index, colour and native rectangle (those
        :meth:`draw` draws, in its order)."""
        scale, (ox, oy) = surface.scale, surface.offset
        bottom = surface.get_height() + 20
        found = []
        for index, p in enumerate(self.particles):
            if -20 < p.y < bottom:
                w = abs(math.cos(p.angle)) * p.size + 2
                # Canvas.to_native_rect's sums written out (the same floats: the same pixels); a
                # Rect made and read back per piece cost 0.2 ms a frame of 160 pieces.
                x, y, h = p.x - w / 2, p.y - p.size / 3, p.size * 0.66
                left, top = round(ox + x * scale), round(oy + y * scale)
                found.append((index, p.color, (left, top, round(ox + (x + w) * scale) - left,
                                               round(oy + (y + h) * scale) - top)))
        return found

    def draw(self, surface: Target, areas: dict[int, pygame.Rect] | None = None) -> None:
        """Each piece as a spinning quad (on a canvas, straight onto its native pixels: 160
        pieces through :func:`kiosk.draw.rect` cost 2 ms a frame in conversions alone, and the
        native rectangle each piece covers is noted in ``areas`` under its index when given)."""
        if isinstance(surface, Canvas):
            self.draw_pieces(surface, self.pieces(surface), areas)
            return
        for p in self.particles:
            if -20 < p.y < surface.get_height() + 20:
                w = abs(math.cos(p.angle)) * p.size + 2
                draw.rect(surface, p.color, (p.x - w / 2, p.y - p.size / 3, w, p.size * 0.66))

    @staticmethod
    def draw_pieces(surface: Canvas, pieces: list[tuple[int, ui.Color, tuple[int, int, int, int]]],
                    areas: dict[int, pygame.Rect] | None = None) -> None:
        """Draw ``pieces`` (:meth:`pieces`), noting in ``areas`` what each covered."""
        target = surface.target
        for index, color, rect in pieces:
            drawn = pygame.draw.rect(target, color, rect)
            if areas is not None and drawn:
                areas[index] = drawn


@dataclass
class EndCard:
    """What the end screen says: a ``title`` from the child's side ("Tu as gagné !"), the
    ``reason`` the game ended, an optional ``invite`` ("Encore une ?"); confetti only when
    ``celebrate`` (a person won)."""

    title: str
    reason: str
    invite: str = ""
    celebrate: bool = False
    colours: list[ui.Color] = field(default_factory=lambda: [theme.ACCENT, theme.HINT, theme.WHITE])


class VeiledCard(Scene):
    """A card over a game (the end card, the question "Arrêter la partie ?") put on by
    :meth:`kiosk.host.Screens.push_card`: a veil fades in over the game, its steps drawn ahead
    over the kept backdrop (:meth:`veil_steps`, :meth:`kiosk.scene.Scene.under_ahead`), and the
    card's clock runs from its first frame drawn (it may wait a frame or two for the game under
    it, drawn ahead meanwhile)."""

    overlay = True
    is_card = True
    #: The veil over the game: its colour, its alpha once faded in, and how fast it fades in
    #: (its share of that alpha a second).
    VEIL: ui.Color = (30, 24, 40)
    VEIL_ALPHA = 120
    VEIL_SPEED = 4

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        # Drawn once: its clock runs (not while it waits for the game under it to be drawn).
        self._clock_on = False

    def update(self, dt: float) -> None:
        """The card's clock, from its first frame on."""
        if self._clock_on:
            super().update(dt)

    def draw_over(self, surface: Target) -> None:
        """The card's first frame noted (its clock runs from then on); nothing drawn: a card
        with a moving part draws it here too."""
        self._clock_on = True

    def veil_alpha(self, time: float | None = None) -> int:
        """The veil's alpha now (or at ``time`` on the card's clock)."""
        return round(self.VEIL_ALPHA * min(1.0, (self.time if time is None else time) * self.VEIL_SPEED))

    def veil_steps(self, look: Callable[[int], Hashable], paint: Callable[[int, Target], None]
                   ) -> list[tuple[Hashable, Callable[[Target], None]]]:
        """:meth:`under_ahead`'s steps of the veil fading in at the next frames
        (:meth:`kiosk.scene.Scene.steps_ahead`): each key ``look(alpha)``, drawn by
        ``paint(alpha, surface)``."""
        return self.steps_ahead(lambda _frame, time: look(self.veil_alpha(time)),
                                lambda _frame, time: functools.partial(paint, self.veil_alpha(time)))


class EndScene(VeiledCard):
    """The end of a game, over the board: says in words who won and why, celebrates only a
    person's win. "Voir le plateau" folds the card into a bar so the final board can be seen
    (by touch too), and the bar's button brings it back."""

    name = "end"

    #: Where the folded card goes by default: a bar across the top of the screen.
    TOP_BAR = pygame.Rect(0, 0, 1280, 80)
    #: The veil fades in in a quarter of a second.
    VEIL_ALPHA, VEIL_SPEED = 120, 4

    def __init__(self, app: Host, card: EndCard, on_again: Callable[[], None],
                 bar: pygame.Rect | None = None) -> None:
        super().__init__(app)
        self.card = card
        self.on_again = on_again
        self.folded = False
        #: Where the folded card sits: a game gives the place of its toolbar (dead once the game
        #: is over), so the final board stays in full view and nothing shows half-hidden.
        self.bar = pygame.Rect(bar) if bar is not None else pygame.Rect(self.TOP_BAR)
        self.sounded = False
        self.confetti = Confetti(card.colours) if card.celebrate else None
        self.pop = Tween(0.0, 1.0, 0.6, ease_out_back, delay=0.1)
        self.card_buttons = [
            ui.Button(pygame.Rect(250, 486, 300, 72), "button.again", self.again, color=theme.GOOD,
                      icon=ui.icon_restart),
            ui.Button(pygame.Rect(566, 486, 220, 72), "button.see_board", self.fold, color=(120, 124, 150),
                      icon=ui.icon_eye),
            ui.Button(pygame.Rect(802, 486, 228, 72), "button.home", self.home, color=(90, 110, 170),
                      icon=ui.icon_home),
        ]
        # The screen draw_over last drew on, and the native areas it drew on there (what
        # draw_over_changes gives back before drawing again).
        self._over_areas: tuple[weakref.ref[Canvas], dict[int, pygame.Rect], pygame.Rect | None] | None = None
        #: This frame keeps the veil alone under the card popping in, which draw_over draws (its
        #: copy with the card was not drawn ahead in time: :meth:`under_plain`).
        self._plain = False
        again, result, self.bar_title = self._bar_layout(self.bar)
        self.bar_buttons = [
            ui.Button(again, "button.again", self.again, color=theme.GOOD, icon=ui.icon_restart, size=22),
            ui.Button(result, "button.result", self.unfold, color=(90, 110, 170), size=22),
        ]

    @staticmethod
    def _bar_layout(bar: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The folded card's "Encore une partie" and "Résultat" buttons and its title's box:
        in a wide bar side by side at its right, the title on the left; in a tall place (a side
        toolbar) stacked under the title."""
        if bar.height < 120:
            height = min(60, bar.height - 8)
            result = pygame.Rect(0, 0, 200, height)
            result.midright = (bar.right - 24, bar.centery)
            again = pygame.Rect(0, 0, 286, height)
            again.midright = (result.left - 10, bar.centery)
            return again, result, pygame.Rect(bar.x + 24, bar.y + 12, again.left - 24 - bar.x - 16, bar.height - 24)
        height = min(64, (bar.height - 60) // 2 - 8)
        result = pygame.Rect(bar.x, bar.bottom - height, bar.width, height)
        again = result.move(0, -height - 10)
        return again, result, pygame.Rect(bar.x + 8, bar.y, bar.width - 16, again.top - 8 - bar.y)

    @property
    def buttons(self) -> list[ui.Button]:
        """The card's buttons, or the folded bar's."""
        return self.bar_buttons if self.folded else self.card_buttons

    def on_enter(self) -> None:
        """Fanfare for a win, a soft sound otherwise (once: not again when "Encore là ?" closes)."""
        if not self.sounded:
            self.sounded = True
            self.app.effects.publish(Sound("win" if self.card.celebrate else "blocked"))

    def again(self) -> None:
        """Close and start a new game."""
        self.app.stack.pop()
        self.on_again()

    def home(self) -> None:
        """Back to the menu."""
        self.app.go_home()

    def fold(self) -> None:
        """Show the final board, with a small bar to play again or see the result."""
        self.folded = True
        self.app.effects.publish(Sound("click"))

    def unfold(self) -> None:
        """Bring the result card back."""
        self.folded = False
        self.app.effects.publish(Sound("click"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons; Enter plays again, Escape folds the card to look at the final board."""
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_SPACE):
                self.again()
                return True
            if event.key == pygame.K_ESCAPE:
                self.unfold() if self.folded else self.fold()
                return True
        # Taps elsewhere do not reach the board below: the game is over.
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def update(self, dt: float) -> None:
        """Pop-in and confetti, from the card's first frame on (it may wait a frame or two for
        the game under it, drawn ahead: :meth:`kiosk.host.Screens.push_card`)."""
        if not self._clock_on:
            return
        super().update(dt)  # the clock
        self.pop.update(dt)
        if self.confetti:
            self.confetti.update(dt)

    def _card_still(self) -> bool:
        """The card has popped in (or is folded): it holds still under the confetti."""
        return self.folded or self.pop.done

    def under_look(self) -> Hashable | None:
        """The veil fading in (none when folded), and the card popping in or holding still."""
        veil = None if self.folded else self.veil_alpha()
        if not self._card_still():
            return self._popping_look(veil, self._pop_scale())
        return self._still_look(self.folded, veil)

    def under_plain(self) -> Hashable | None:
        """While the card pops in, the veil alone: a frame whose copy with the card was not
        drawn ahead in time draws the card over it (the veil blended again under it, on the
        frame thread, would cost 2 ms more at 1080p)."""
        return None if self._card_still() else ("veil", self.veil_alpha())

    def use_plain(self, plain: bool) -> None:
        """Whether this frame keeps the veil alone and draws the card popping in over it."""
        self._plain = plain

    def _popping_over(self) -> bool:
        """The card popping in is drawn by :meth:`draw_over` at this frame (not kept under)."""
        return self._plain and not self._card_still()

    def _pop_at(self, steps: int) -> Tween:
        """The pop-in ``steps`` updates on (their time added up as the updates add it: the same
        float)."""
        elapsed = self.pop.elapsed
        for _ in range(steps):
            elapsed += 1 / RATE
        return dataclasses.replace(self.pop, elapsed=elapsed, on_done=None)

    def _pop_scale(self, steps: int = 0) -> float:
        """The card's scale as it pops in, now or ``steps`` updates on."""
        return max(0.05, (self._pop_at(steps) if steps else self.pop).value)

    @staticmethod
    def _card_rect(scale: float) -> pygame.Rect:
        """The card at ``scale`` (1: popped in), centred where it stays."""
        card = pygame.Rect(0, 0, round(820 * scale), round(420 * scale))
        card.center = (640, 390)
        return card

    def _popping_look(self, veil: int | None, scale: float) -> Hashable:
        """The key of the veil and the card popping in at ``scale``: its size (all it draws is
        placed from it), and its words and buttons once they show."""
        size = tuple(self._card_rect(scale).size)
        if scale <= 0.9:
            return ("pop", veil, size)
        return ("pop", veil, size, language(), self.card.title, self.card.reason, self.card.invite,
                tuple(button.look() for button in self.card_buttons))

    def _still_look(self, folded: bool, veil: int | None) -> Hashable:
        buttons = self.bar_buttons if folded else self.card_buttons
        return ("card", veil, folded, language(), self.card.title, self.card.reason, self.card.invite,
                tuple(button.look() for button in buttons))

    def under_ahead(self) -> Sequence[tuple[Hashable, Callable[[Target], None]]]:
        """What :meth:`draw_under` draws at the frames to come, drawn ahead over the kept
        backdrop (:meth:`kiosk.scene.Scene.under_ahead`): while the card pops in, the veil's
        steps as it fades in (1.9 ms a frame at 1080p blended, 17 frames) with the card at its
        size then (its shadow, words and buttons drawn over the screen given back under it:
        2-2.8 ms a frame for 36 frames), up to the card popped in; once it holds still, the card
        folded into its bar, or back, one tap away (its words and buttons drawn at the tap:
        7-10 ms). The buttons as they look now."""
        if self._card_still():
            other = not self.folded
            return [(self._still_look(other, None if other else self.VEIL_ALPHA),
                     functools.partial(self._draw_still, other))]
        if self.folded:
            return ()

        def look_at(frame: int, time: float) -> Hashable:
            alpha, pop = self.veil_alpha(time), self._pop_at(frame)
            return self._still_look(False, alpha) if pop.done else self._popping_look(alpha, max(0.05, pop.value))

        def paint_at(frame: int, time: float) -> Callable[[Target], None]:
            alpha, pop = self.veil_alpha(time), self._pop_at(frame)
            if pop.done and alpha == self.VEIL_ALPHA:
                return functools.partial(self._draw_still, False)
            return functools.partial(self._draw_popping, alpha, max(0.05, pop.value))

        return self.steps_ahead(look_at, paint_at)

    def _draw_popping(self, alpha: int, scale: float, surface: Target) -> None:
        """:meth:`draw_under` while the card pops in: the veil at ``alpha`` and the card at
        ``scale`` (may run on another thread: reads only the card's words and buttons)."""
        self._draw_veil(alpha, surface)
        self._draw_card(surface, scale, False)

    def _draw_veil(self, alpha: int, surface: Target) -> None:
        if alpha > 0:  # the push's own frame: nothing to dim yet (a blend of 1.9 ms at 1080p for nothing)
            ui.draw_veil(surface, self.VEIL, alpha)

    def _draw_still(self, folded: bool, surface: Target) -> None:
        """:meth:`draw_under` once the card holds still, ``folded`` or not (may run on another
        thread: reads only the card's words and buttons)."""
        if not folded:
            self._draw_veil(self.VEIL_ALPHA, surface)
        self._draw_card(surface, 1.0, folded)

    def look(self) -> Hashable | None:
        """None while the card pops in or confetti falls; then the card (its buttons' hover, press)."""
        if not self._card_still() or (self.confetti is not None and not self.folded and self.confetti.falling(720)):
            return None
        return self.under_look()

    def draw(self, surface: Target) -> None:
        """Dim the game and draw the card (or, folded, a bar with the title)."""
        self.draw_under(surface)
        self.draw_over(surface)

    def draw_under(self, surface: Target) -> None:
        """The veil over the game (none when folded), and the card, popping in or holding
        still (kept with the backdrop: :meth:`under_look`; but the card popping in at a frame
        of :meth:`under_plain`)."""
        if not self.folded:
            self._draw_veil(self.veil_alpha(), surface)
        if not self._popping_over():
            self._draw_card(surface)

    def draw_over(self, surface: Target) -> None:
        """The card popping in at a frame of :meth:`under_plain`, and the confetti (the native
        areas drawn on a screen noted for :meth:`draw_over_changes`)."""
        self._clock_on = True
        areas: dict[int, pygame.Rect] | None = {} if isinstance(surface, Canvas) else None
        popping = None
        if self._popping_over():
            self._draw_card(surface)
            popping = self._popping_area(surface) if isinstance(surface, Canvas) else None
        if self.confetti and not self.folded:
            self.confetti.draw(surface, areas)
        self._over_areas = (weakref.ref(surface), areas, popping) \
            if isinstance(surface, Canvas) and areas is not None else None

    def draw_over_changes(self, surface: Target,
                          restore: Callable[[Sequence[pygame.Rect]], None]) -> Sequence[pygame.Rect] | None:
        """Confetti falling (and the card popping in at frames of :meth:`under_plain`) over the
        kept backdrop: the backdrop given back under each piece where it was and where it goes
        (one rectangle around both: a piece moves a few pixels a frame) and under the card,
        then they are drawn again (a few hundred small copies, not the screen's 8 MB at 1080p,
        and only those parts sent to the display: 160 rectangles a frame, not 320)."""
        last = self._over_areas
        if last is None or not isinstance(surface, Canvas) or last[0]() is not surface:
            return None
        self._clock_on = True
        pieces = self.confetti.pieces(surface) if self.confetti and not self.folded else []
        before = last[1]
        areas = []
        for index, _color, rect in pieces:
            was = before.pop(index, None)
            areas.append(pygame.Rect(rect) if was is None else was.union(rect))
        areas.extend(before.values())  # pieces gone (below the screen)
        popping = self._popping_area(surface) if self._popping_over() else None
        areas.extend(area for area in (last[2], popping) if area is not None)
        restore(areas)
        if popping is not None:
            self._draw_card(surface)
        drawn: dict[int, pygame.Rect] = {}
        if self.confetti is not None:
            self.confetti.draw_pieces(surface, pieces, drawn)
        self._over_areas = (last[0], drawn, popping)
        return areas

    def _popping_area(self, surface: Canvas) -> pygame.Rect:
        """The native area the card popping in draws on: the card at its size now, its shadow
        (twice its blur each side, half a blur lower) and the buttons drawn from 90 % on."""
        area = self._card_rect(self._pop_scale()).inflate(72, 72).move(0, 8)
        for button in self.card_buttons:
            area.union_ip(button.rect.inflate(24, 24))
        return surface.to_native_rect(area).inflate(4, 4)

    def _draw_card(self, surface: Target, scale: float | None = None, folded: bool | None = None) -> None:
        """The card at ``scale`` (by default, as popped in now), or ``folded`` (by default, as
        it is now), a bar with the title."""
        if self.folded if folded is None else folded:
            if self.bar.width >= self.TOP_BAR.width:  # a bar across the screen
                ui.draw_panel(surface, self.bar, theme.PANEL, 0, 6)
            else:  # over the toolbar: hides its buttons and their shadows, not what lies above
                bar = self.bar
                ui.draw_panel(surface, pygame.Rect(bar.x - 10, bar.y - 4, bar.width + 20, bar.height + 12),
                              theme.PANEL, 22, 6)
            align = "left" if self.bar.height < 120 else "center"
            ui.draw_fitted_text(surface, self.card.title, self.bar_title, 36, theme.INK, "title", align)
            for button in self.bar_buttons:
                button.draw(surface, self.time)
            return
        scale = self._pop_scale() if scale is None else scale
        card = self._card_rect(scale)
        ui.draw_panel(surface, card, theme.PANEL, 32, 16)
        if scale > 0.9:
            colour = theme.ACCENT if self.card.celebrate else theme.INK
            ui.draw_fitted_text(surface, self.card.title, pygame.Rect(card.x + 40, card.y + 28, card.width - 80, 70),
                                56, colour, "title", "center")
            reason = pygame.Rect(card.x + 50, card.y + 116, card.width - 100, 110)
            if not self.card.invite:  # no "Encore une ?": the reason sits in the middle of the room
                lines = len(ui.wrap_text(self.card.reason, 32, reason.width, "bold"))
                tall = round(32 * 1.2) * (lines - 1) + theme.font(32, "bold").get_linesize()
                reason.y = card.y + 116 + max(0, (150 - tall) // 2)
            ui.draw_paragraph(surface, self.card.reason, reason, 32, theme.INK, "bold", align="center", line_gap=1.2)
            if self.card.invite:
                ui.draw_text(surface, self.card.invite, (640, card.y + 236), 28, theme.INK_SOFT, "text", "midtop")
            for button in self.card_buttons:
                button.draw(surface, self.time)

    def state_summary(self) -> dict[str, object]:
        """The words shown."""
        card = self.card
        return {"scene": self.name, "title": card.title, "message": card.reason, "invite": card.invite,
                "celebrate": card.celebrate, "folded": self.folded}


class ConfirmScene(VeiledCard):
    """A question over the game ("Arrêter la partie ?") with two big buttons: "Non, je continue",
    the safe one (Enter, Escape and a tap beside the card answer it too), and "Oui, arrêter",
    the only way to ``on_yes``. The card holds still: the veil and the card are its still part
    (:meth:`draw_under`), the veil's steps drawn ahead with the card over the kept backdrop."""

    name = "confirm"
    CARD = pygame.Rect(240, 170, 800, 380)
    RADIUS = 36
    #: The veil fades in in a fifth of a second.
    VEIL_ALPHA, VEIL_SPEED = 130, 5

    def __init__(self, app: Host, title: str, detail: str, on_yes: Callable[[], None],
                 icon: Callable[..., None] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.detail = detail
        self.on_yes = on_yes
        card = self.CARD
        self.no_button = ui.Button(pygame.Rect(card.x + 40, card.bottom - 146, 380, 106), "confirm.no", self.no,
                                   color=theme.GOOD, icon=ui.icon_play, size=30)
        self.yes_button = ui.Button(pygame.Rect(card.right - 340, card.bottom - 146, 300, 106), "confirm.yes",
                                    self.yes, color=theme.BAD, icon=icon, size=30)
        self.buttons = [self.no_button, self.yes_button]

    def on_enter(self) -> None:
        """A soft call: the question needs an answer."""
        self.app.effects.publish(Sound("click"))

    def no(self) -> None:
        """Back to the game, nothing changed."""
        self.app.stack.pop()
        self.app.effects.publish(Sound("click"))

    def yes(self) -> None:
        """Close the question and do what was asked."""
        self.app.stack.pop()
        self.on_yes()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The two buttons; a tap beside the card, Enter or Escape keep playing. Nothing reaches
        the game below."""
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE,
                                                          pygame.K_BACKSPACE):
            self.no()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.CARD.collidepoint(event.pos):
            self.no()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def _look(self, alpha: int, buttons: Sequence[ui.Button]) -> Hashable:
        """What :meth:`draw_under` draws with the veil at ``alpha`` and ``buttons``."""
        return ("question", alpha, language(), self.title, self.detail, tuple(button.look() for button in buttons))

    def under_look(self) -> Hashable | None:
        """The veil fading in, the question and its buttons (hover, press)."""
        return self._look(self.veil_alpha(), self.buttons)

    def under_ahead(self) -> Sequence[tuple[Hashable, Callable[[Target], None]]]:
        """The veil's next steps as it fades in, each with the card, drawn ahead over the kept
        backdrop (:meth:`kiosk.scene.Scene.under_ahead`): a frame then blits one copy instead of
        a copy, a veil and the card (0.3 + 1.2 + 0.6 ms at 1080p, 12 frames). The buttons as
        they look now, copied: the thread draws what the key says even if a finger comes."""
        if self.veil_alpha() == self.VEIL_ALPHA:
            return ()
        buttons = [copy.copy(button) for button in self.buttons]
        return self.veil_steps(lambda alpha: self._look(alpha, buttons),
                               lambda alpha, surface: self._paint(alpha, buttons, surface))

    def look(self) -> Hashable | None:
        """The question and its buttons (hover, press), once the veil holds still."""
        return self.under_look()

    def draw(self, surface: Target) -> None:
        """Veil, card, question, what "yes" does, the two buttons."""
        self.draw_under(surface)
        self.draw_over(surface)

    def draw_under(self, surface: Target) -> None:
        """The veil over the game (not under the card), and the card: the question, what "yes"
        does, the two buttons (kept with the game under it: the card does not move)."""
        self._paint(self.veil_alpha(), self.buttons, surface)

    def _paint(self, alpha: int, buttons: Sequence[ui.Button], surface: Target) -> None:
        """:meth:`draw_under` with the veil at ``alpha`` and ``buttons`` (may run on another
        thread: reads only the words and ``buttons``)."""
        if alpha > 0:  # the first frame: nothing to dim yet (a blend of 1.2 ms at 1080p for nothing)
            draw_veil_around(surface, self.VEIL, alpha, self.CARD, self.RADIUS)
        card = self.CARD
        ui.draw_panel(surface, card, theme.PANEL, self.RADIUS, 16)
        ui.draw_fitted_text(surface, self.title, pygame.Rect(card.x + 40, card.y + 36, card.width - 80, 84), 64,
                            theme.INK, "title", "center")
        ui.draw_paragraph(surface, self.detail, pygame.Rect(card.x + 60, card.y + 134, card.width - 120, 100), 30,
                          theme.INK_SOFT, "bold", align="center", line_gap=1.2)
        for button in buttons:
            button.draw(surface, self.time)

    def state_summary(self) -> dict[str, object]:
        """The question."""
        return {"scene": self.name, "title": self.title, "detail": self.detail}
