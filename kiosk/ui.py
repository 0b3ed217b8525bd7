"""Drawing helpers and widgets shared by every screen: cached text, soft panels, big buttons.

Everything expensive (text rendering, shadows, gradients) is cached so a frame costs little
more than a few blits: the kiosk must keep 60 fps on a small machine.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from games.budget import MB, budgeted
from kiosk import draw, textfit, theme
from kiosk.canvas import (
    Canvas,
    Target,
    blit,
    display_scale,
    make_layer,
    native_sprite,
    pixel_bytes,
    register_native,
    scale_of,
    unpainted_native,
)
from kiosk.i18n import tr
from kiosk.theme import fitted_size, wrap_text

Color = tuple[int, int, int]


@budgeted(16 * MB)  # its copy at the screen's scale counts too: 16 MB hold every screen's labels
def text_surface(text: str, size: int, color: Color, kind: str = "text") -> pygame.Surface:
    """Rendered, anti-aliased text (cached: the same label costs one blit per frame).

    The image has the logical size (measure and place it in logical units); blitted on a
    :class:`~kiosk.canvas.Canvas` it is rendered again with a font of ``size * scale``. Blit it
    with a canvas or :func:`kiosk.canvas.blit`, never ``Surface.blit``: on a display at another
    scale than 1 its logical picture is drawn only when a scale-1 target asks for it.
    """

    def render(scale: float) -> pygame.Surface:
        return theme.font(max(1, round(size * scale)), kind).render(text, True, color)

    if display_scale() == 1:
        return register_native(render(1.0), render)
    # At 1080p only the native rendering is blitted: the logical one was a second render of
    # every label for nothing. The font measures it (the size its render has).
    return unpainted_native(theme.font(size, kind).size(text), True, render)


def draw_text(
    surface: Target,
    text: str,
    pos: tuple[float, float],
    size: int = 28,
    color: Color = theme.INK,
    kind: str = "text",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line of text anchored at ``pos`` (any pygame.Rect anchor name)."""
    textfit.note_key(text)
    image = text_surface(text, size, color, kind)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if isinstance(surface, Canvas):
        # Lines of a left-aligned paragraph keep one left edge at any scale (a font at
        # size * scale is a little wider or narrower than the stretched run).
        surface.blit(image, rect, align="left" if anchor.endswith("left") else
                     "right" if anchor.endswith("right") else "center")
    else:
        blit(surface, image, rect)  # paints the logical picture if it is still blank
    return rect


def draw_paragraph(
    surface: Target,
    text: str,
    rect: pygame.Rect,
    size: int = 26,
    color: Color = theme.INK,
    kind: str = "text",
    line_gap: float = 1.3,
    align: str = "left",
) -> int:
    """Draw wrapped text inside ``rect``; returns the height used."""
    textfit.note(text, rect.width, rect.height, size, kind, line_gap)
    y = rect.top
    step = round(size * line_gap)
    for line in wrap_text(text, size, rect.width, kind):
        if line:
            if align == "center":
                draw_text(surface, line, (rect.centerx, y), size, color, kind, "midtop")
            else:
                draw_text(surface, line, (rect.left, y), size, color, kind)
        y += step
    return y - rect.top


def draw_fitted_text(
    surface: Target,
    text: str,
    rect: pygame.Rect,
    size: int,
    color: Color = theme.INK,
    kind: str = "text",
    align: str = "left",
) -> pygame.Rect:
    """One line of text in ``rect``, made smaller if needed so it never overflows: titles whose
    length depends on the language or on names."""
    textfit.note(text, rect.width, None, size, kind)
    size = fitted_size(text, size, rect.width, kind)
    if align == "center":
        return draw_text(surface, text, rect.center, size, color, kind, "center")
    if align == "right":
        return draw_text(surface, text, (rect.right, rect.centery), size, color, kind, "midright")
    return draw_text(surface, text, (rect.left, rect.centery), size, color, kind, "midleft")


@budgeted(MB)
def _fit(text: str, size: int, smallest: int, box: tuple[int, int], lines: int, kind: str, gap: float) -> int | None:
    width, height = box
    for candidate in range(size, smallest - 1, -1):
        font = theme.font(candidate, kind)
        wrapped = wrap_text(text, candidate, width, kind)
        tall = round(candidate * gap) * (len(wrapped) - 1) + font.get_linesize()
        if len(wrapped) <= lines and tall <= height and all(font.size(line)[0] <= width for line in wrapped):
            return candidate
    return None


@dataclass(frozen=True, eq=False)
class TextBox:
    """A place on screen where words go: at most ``lines`` lines in ``rect``, at ``size`` or
    smaller down to ``smallest``. :meth:`fit` measures (tests run every string of a scene
    through it, in both languages), :meth:`draw` writes, so what is tested is what is drawn."""

    rect: pygame.Rect
    size: int
    lines: int = 1
    smallest: int = 16
    kind: str = "bold"
    line_gap: float = 1.15

    def fit(self, text: str) -> int | None:
        """The largest size that fits ``text`` in the box, or None when even ``smallest`` fails."""
        return _fit(text, self.size, self.smallest, self.rect.size, self.lines, self.kind, self.line_gap)

    def draw(self, surface: Target, text: str, color: Color, align: str = "center",
             rect: pygame.Rect | None = None) -> None:
        """``text`` in the box (or in ``rect``, the box moved), centred vertically."""
        rect = self.rect if rect is None else rect
        # What kiosk.textfit checks: the text fits the box at the smallest size allowed.
        textfit.note(text, rect.width, rect.height, self.smallest, self.kind, self.line_gap)
        size = self.fit(text) or self.smallest
        wrapped = wrap_text(text, size, rect.width, self.kind)
        step = round(size * self.line_gap)
        y = rect.centery - (step * (len(wrapped) - 1) + theme.font(size, self.kind).get_linesize()) / 2
        for line in wrapped:
            if align == "center":
                draw_text(surface, line, (rect.centerx, y), size, color, self.kind, "midtop")
            else:
                draw_text(surface, line, (rect.left, y), size, color, self.kind)
            y += step


def bubble_size(text: str, width: int, size: int = 24) -> tuple[int, int]:
    """The size of :func:`draw_bubble`'s bubble for ``text``."""
    return width, 24 + len(wrap_text(text, size, width - 60, "bold")) * round(size * 1.28)


def draw_bubble(
    surface: Target, text: str, anchor: tuple[int, int], width: int, border: Color, size: int = 24
) -> pygame.Rect:
    """A message in a rounded bubble whose bottom centre is ``anchor``; it grows upwards with
    the number of lines."""
    rect = pygame.Rect((0, 0), bubble_size(text, width, size))
    rect.midbottom = anchor
    draw_panel(surface, rect, theme.PANEL, 20, 8, border=border)
    draw_paragraph(surface, text, rect.inflate(-40, -20), size, theme.INK, "bold", 1.28, "center")
    return rect


@budgeted(3 * MB, sizer=pixel_bytes)  # native already (shadow templates): no scaled copy rides along
def _blurred_rect(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    """A rounded rectangle's soft shadow, ``2 * blur`` pixels of margin around it, kept: only
    ever blitted (see :func:`_new_blurred_rect`)."""
    return _new_blurred_rect(size, radius, blur, alpha)


def _new_blurred_rect(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    """:func:`_blurred_rect`'s image, drawn anew. Images that other images are cut from take
    this one: scaling a slice of a surface or reading a pixel locks it, and a kept surface
    locked on a thread drawing ahead fails the frame thread's blit of it ("Surfaces must not be
    locked during blit": a shadow's pieces made again after eviction, CI)."""
    w, h = size
    pad = blur * 2
    small = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(small, (*theme.SHADOW, alpha), pygame.Rect(pad, pad, w, h), border_radius=radius)
    # A cheap blur: scale down and up again, once, at cache time.
    factor = max(1, blur // 2)
    reduced = pygame.transform.smoothscale(
        small, (max(1, small.get_width() // factor), max(1, small.get_height() // factor))
    )
    return pygame.transform.smoothscale(reduced, small.get_size())


#: Bytes of shadow images kept (native resolution): a card popping in asks for a new size every
#: frame, so the cache is bounded by memory, not by a count.
SHADOW_BUDGET = 32_000_000
_shadows: OrderedDict[tuple[tuple[int, int], int, int, int], pygame.Surface] = OrderedDict()
# Shadows are asked for by the frame thread and by threads drawing ahead: the dict is read and
# changed under this lock (summing its values while another thread adds one raised "OrderedDict
# mutated during iteration"; moving a key another thread just evicted, KeyError).
_SHADOWS_LOCK = threading.Lock()


def _shadow(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    """A soft shadow for a panel of ``size``, made once per size and kept (least recently used
    first out) within :data:`SHADOW_BUDGET` bytes (made outside the lock: on surfaces of its own)."""
    key = (size, radius, blur, alpha)
    with _SHADOWS_LOCK:
        image = _shadows.get(key)
        if image is not None:
            _shadows.move_to_end(key)
            return image
    image = _sliced_shadow(size, radius, blur, alpha)  # made outside the lock (a few ms), kept finished
    with _SHADOWS_LOCK:
        _shadows[key] = image
        total = sum(s.get_width() * s.get_height() * 4 for s in _shadows.values())
        while total > SHADOW_BUDGET and len(_shadows) > 1:
            _key, old = _shadows.popitem(last=False)
            total -= old.get_width() * old.get_height() * 4
    return image


def draw_shadow(surface: Target, rect: pygame.Rect, radius: int = 22, blur: int = 10, covered: bool = False) -> None:
    """The soft shadow a card of ``rect`` casts, at the target's resolution: blended straight onto
    the target in nine slices (tiles made once per radius and blur, no surface per size: a card
    popping in grows at every frame, and a kept image per size was 3.4 MB of new pixels for
    the question's card); a shadow too small to slice is one image, kept per size. ``covered``:
    an opaque card of ``rect`` is drawn over it next, so the shadow's even inside (which lies
    within the card, its rounded corners included) is not blended at all."""
    if isinstance(surface, Canvas):
        box, scale = surface.to_native_rect(rect), surface.scale
        native_blur = max(1, round(blur * scale))
        target, size, radius, blur = surface.target, box.size, round(radius * scale), native_blur
        at = (box.x - 2 * native_blur, box.y - 2 * native_blur + native_blur // 2)
    else:
        target, size = surface, (rect.width, rect.height)
        at = (rect.x - 2 * blur, rect.y - 2 * blur + blur // 2)
    if not _draw_sliced(target, at, size, radius, blur, 70, covered):  # too small to slice: one image, kept
        target.blit(_shadow(size, radius, blur, 70), at)


#: A shadow's edges and inside are blitted as tiles this long: each column of a top or bottom edge
#: (each row of a side) is the same, so a tile repeated is the edge stretched. Tiles stretched to
#: the screen's size were 4.6 MB per card shape at 1080p: the end card's and the question's
#: pieces did not fit the budget together and were made again at each card (1,100-1,900 page
#: faults, 5-9 ms in its first frame).
SHADOW_TILE = 256


@budgeted(4 * MB, sizer=lambda pieces: sum(pixel_bytes(piece) for piece in pieces))  # 1 MB a card shape at 1080p
def _shadow_pieces(radius: int, blur: int, alpha: int) -> tuple[pygame.Surface, ...]:
    """A shadow template's slices for :func:`_draw_sliced`: the template, its four edges
    stretched to :data:`SHADOW_TILE` (top, bottom wide; left, right tall: an edge is one column
    or row of the template repeated), and a tile of its inside colour."""
    edge = radius + 2 * blur
    corner = edge + 2 * blur
    template = _new_blurred_rect((2 * edge + 1, 2 * edge + 1), radius, blur, alpha)
    last = template.get_width() - corner
    top = pygame.transform.scale(template.subsurface((corner, 0, 1, corner)), (SHADOW_TILE, corner))
    bottom = pygame.transform.scale(template.subsurface((corner, last, 1, corner)), (SHADOW_TILE, corner))
    left = pygame.transform.scale(template.subsurface((0, corner, corner, 1)), (corner, SHADOW_TILE))
    right = pygame.transform.scale(template.subsurface((last, corner, corner, 1)), (corner, SHADOW_TILE))
    inside = pygame.Surface((SHADOW_TILE, SHADOW_TILE), pygame.SRCALPHA)
    inside.fill(template.get_at((corner, corner)))
    return template, top, bottom, left, right, inside


def _draw_sliced(target: pygame.Surface, at: tuple[int, int], size: tuple[int, int], radius: int, blur: int,
                 alpha: int, covered: bool = False) -> bool:
    """:func:`_sliced_shadow`'s image blended onto ``target`` at ``at`` slice by slice (the
    slices do not overlap: each pixel is blended once, as the whole image's would be), its
    inside left out when ``covered`` (an opaque card goes over it: at 1080p the end card's
    inside is 0.7 million pixels blended for nothing, 1 ms a frame while it pops in); False
    for a shadow too small to slice."""
    w, h = size
    pad = blur * 2
    edge = radius + 2 * blur
    if w <= 2 * edge + 2 or h <= 2 * edge + 2:
        return False
    corner = edge + pad
    width, height = w + 2 * pad, h + 2 * pad
    middle_w, middle_h = width - 2 * corner, height - 2 * corner
    template, top, bottom, left, right, inside = _shadow_pieces(radius, blur, alpha)
    last = template.get_width() - corner
    x, y = at
    for dx, tx in ((0, 0), (width - corner, last)):
        for dy, ty in ((0, 0), (height - corner, last)):
            target.blit(template, (x + dx, y + dy), (tx, ty, corner, corner))
    tile = SHADOW_TILE
    # Covered: the edges' parts under the card's straight sides are left out too (the card sits
    # ``pad`` in from the shadow's sides and half a blur higher: :func:`draw_shadow`).
    top_h = pad - blur // 2 if covered else corner
    bottom_y = corner - pad - blur // 2 if covered else 0
    side_w = pad if covered else corner
    for col in range(0, middle_w, tile):
        span = min(tile, middle_w - col)
        target.blit(top, (x + corner + col, y), (0, 0, span, top_h))
        target.blit(bottom, (x + corner + col, y + height - corner + bottom_y), (0, bottom_y, span, corner - bottom_y))
    for row in range(0, middle_h, tile):
        span = min(tile, middle_h - row)
        target.blit(left, (x, y + corner + row), (0, 0, side_w, span))
        target.blit(right, (x + width - side_w, y + corner + row), (corner - side_w, 0, side_w, span))
        if covered:
            continue
        for col in range(0, middle_w, tile):
            target.blit(inside, (x + corner + col, y + corner + row), (0, 0, min(tile, middle_w - col), span))
    return True


def _sliced_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    """The shadow of a panel of ``size``, built from the corners and edges of a small one (nine
    slices): blurring a full-screen card costs 15 ms at 1080p, slicing a small one under 2."""
    w, h = size
    pad = blur * 2
    edge = radius + 2 * blur  # further than this from its sides, the shadow is the same everywhere
    if w <= 2 * edge + 2 or h <= 2 * edge + 2:
        return _blurred_rect(size, radius, blur, alpha)
    corner = edge + pad
    template = _new_blurred_rect((2 * edge + 1, 2 * edge + 1), radius, blur, alpha)
    last = template.get_width() - corner
    width, height = w + 2 * pad, h + 2 * pad
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    copy = pygame.BLEND_RGBA_MAX  # onto transparent pixels: a copy, alpha included
    for x, tx in ((0, 0), (width - corner, last)):
        for y, ty in ((0, 0), (height - corner, last)):
            image.blit(template, (x, y), (tx, ty, corner, corner), special_flags=copy)
    middle_w, middle_h = width - 2 * corner, height - 2 * corner
    for (x, y), area, stretched in (
        ((corner, 0), (corner, 0, 1, corner), (middle_w, corner)),
        ((corner, height - corner), (corner, last, 1, corner), (middle_w, corner)),
        ((0, corner), (0, corner, corner, 1), (corner, middle_h)),
        ((width - corner, corner), (last, corner, corner, 1), (corner, middle_h)),
    ):
        image.blit(pygame.transform.scale(template.subsurface(area), stretched), (x, y), special_flags=copy)
    image.fill(template.get_at((corner, corner)), (corner, corner, middle_w, middle_h))
    return image


def draw_panel(
    surface: Target,
    rect: pygame.Rect,
    color: Color = theme.PANEL,
    radius: int = 22,
    shadow: int = 10,
    border: Color | None = None,
) -> None:
    """A rounded card with a soft drop shadow (the shadow made at the target's resolution)."""
    if shadow:
        # An opaque card covers its shadow's inside (a see-through one, given four values, does not).
        draw_shadow(surface, rect, radius, shadow, covered=len(color) == 3 or color[-1] == 255)
    draw.rect(surface, color, rect, border_radius=radius)
    if border is not None:
        draw.rect(surface, border, rect, width=3, border_radius=radius)


@budgeted(13 * MB)
@native_sprite
def background(
    size: tuple[int, int], top: Color = theme.BACKGROUND, bottom: Color = theme.BACKGROUND_DARK, scale: float = 1.0
) -> Canvas:
    """A soft vertical gradient with faint polka dots: the kiosk's paper, drawn once at the
    screen's resolution (a native sprite: its logical image is painted only if a scale-1 target
    asks for it)."""
    layer = make_layer(size, scale)
    _paper(layer.target, scale, top, bottom)
    return layer


def _paper(image: pygame.Surface, scale: float, top: Color, bottom: Color) -> None:
    w, h = image.get_size()
    for y in range(h):
        t = y / max(1, h - 1)
        color = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        pygame.draw.line(image, color, (0, y), (w, y))
    dots = pygame.Surface((w, h), pygame.SRCALPHA)
    step, radius = 56 * scale, 3 * scale
    for j in range(int((h / scale - 20) // 56) + 1):
        dot_y = (20 + j * 56) * scale
        dot_x = (20 + (j % 2) * 28) * scale
        while dot_x < w:
            pygame.draw.circle(dots, (255, 255, 255, 70), (round(dot_x), round(dot_y)), radius)
            dot_x += step
    image.blit(dots, (0, 0))


#: A veil is blitted as strips of this height: a full-screen veil cached whole was 8 MB at 1080p
#: for what one 1920x64 strip (0.5 MB) does in 17 blits of the same pixels.
VEIL_STRIP = 64


@budgeted(2 * MB, sizer=pixel_bytes)  # native already: no scaled copy rides along
def _veil(size: tuple[int, int], color: Color) -> pygame.Surface:
    image = pygame.Surface(size)
    image.fill(color)
    return image


#: The strips are shared and their alpha set per veil: a veil drawn ahead on a thread (a card's
#: next steps, kiosk/frames.py) must not set it between the blits of one on the frame thread.
_VEIL_LOCK = threading.Lock()


def _veil_strips(target: pygame.Surface, box: pygame.Rect, color: Color, alpha: int) -> None:
    image = _veil((box.width, min(VEIL_STRIP, box.height)), color)
    with _VEIL_LOCK:
        image.set_alpha(alpha)
        for top in range(box.top, box.bottom, VEIL_STRIP):
            target.blit(image, (box.left, top), (0, 0, box.width, min(VEIL_STRIP, box.bottom - top)))


def draw_veil(surface: Target, color: Color, alpha: int, rect: pygame.Rect | None = None) -> None:
    """Dim what is drawn (the whole target, or ``rect``) with ``color`` at ``alpha`` (0..255):
    one cached strip per width and colour, whatever the alpha, so fading costs nothing."""
    if isinstance(surface, Canvas):
        _veil_strips(surface.target, surface.area if rect is None else surface.to_native_rect(rect), color, alpha)
    else:
        _veil_strips(surface, surface.get_rect() if rect is None else pygame.Rect(rect), color, alpha)


def blend(a: Color, b: Color, t: float) -> Color:
    """Mix two colours (t = 0 gives a, t = 1 gives b)."""
    t = max(0.0, min(1.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


#: A soft glow's levels between dim and bright, less one (as Awélé's glows and Lewthwaite's rings):
#: a glow in 13 steps changes about one frame in five, and a frame between two steps looks as the
#: last one (a game at rest is not drawn: :meth:`kiosk.game_scene.GameScene.live_look`).
GLOW_STEPS = 12


def glow_level(phase: float) -> float:
    """A glow's brightness (0..1) at ``phase`` (radians) of its pulse, in :data:`GLOW_STEPS` steps."""
    return round(GLOW_STEPS / 2 * (1 + math.sin(phase))) / GLOW_STEPS


def darker(c: Color, amount: float = 0.25) -> Color:
    """A darker shade of ``c``."""
    return blend(c, (0, 0, 0), amount)


@dataclass
class Button:
    """A big, friendly, rounded button. ``label`` is a translation key (or literal text when
    ``literal``); ``icon`` draws a pictogram in a square rect so children need not read."""

    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    color: Color = theme.ACCENT
    text_color: Color = theme.WHITE
    #: ``icon(surface, rect, colour)`` draws a pictogram (on a Canvas or a plain Surface).
    icon: Callable[[Any, pygame.Rect, Color], None] | None = None
    enabled: bool = True
    active: bool = False
    literal: bool = False
    size: int = 26
    hovered: bool = field(default=False, init=False)
    pressed: bool = field(default=False, init=False)

    @property
    def text(self) -> str:
        """The visible label in the current language."""
        return self.label if self.literal else tr(self.label)

    def look(self) -> tuple[object, ...]:
        """Everything :meth:`draw` depends on, as a key (:meth:`kiosk.scene.Scene.look`)."""
        return (tuple(self.rect), self.text, self.color, self.text_color, self.icon, self.enabled, self.active,
                self.size, self.hovered, self.pressed)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse and touch (SDL turns touches into mouse events): click on release inside."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        return False

    def draw(self, surface: Target, time: float = 0.0) -> None:
        """Draw with hover lift, press sink and a greyed look when disabled (from a cached image
        at the target's resolution: a button costs one blit per frame)."""
        base = self.color if self.enabled else (200, 196, 188)
        if self.active:
            base = darker(base, 0.18)
        lift = 0 if self.pressed or not self.enabled else (3 if self.hovered else 2)
        text_color = self.text_color if self.enabled else (240, 238, 232)
        text = self.text
        if text:
            w, h = self.rect.size
            room = w - (h - 20) - 36 if self.icon is not None else w - 20  # as _button_image lays it out
            textfit.note(text, room, None, self.size, "bold")
        image = _button_image(
            self.rect.size, base, lift, self.text, text_color, self.size, self.icon, scale_of(surface)
        )
        blit(surface, image, (self.rect.x, self.rect.y - 3))


@budgeted(8 * MB)  # a screen's buttons in every state: 12 MB made no fewer re-drawings (measured)
def _button_image(
    size: tuple[int, int],
    base: Color,
    lift: int,
    text: str,
    text_color: Color,
    text_size: int,
    icon: Callable[[Any, pygame.Rect, Color], None] | None,
    scale: float = 1.0,
) -> Canvas:
    """A button rendered once per look (label, colour, state, scale), then blitted every frame."""
    w, h = size
    image = make_layer((w, h + 7), scale, alpha=True)
    body = pygame.Rect(0, 3, w, h)
    rect = body.move(0, -lift)
    draw.rect(image, darker(base, 0.3), body.move(0, 4), border_radius=18)
    draw.rect(image, base, rect, border_radius=18)
    # A label never overflows its button: in a longer language it gets a little smaller.
    if icon is not None:
        icon_rect = pygame.Rect(0, 0, rect.height - 20, rect.height - 20)
        if text:
            icon_rect.midleft = (rect.left + 14, rect.centery)
            icon(image, icon_rect, text_color)
            room = rect.right - 12 - (icon_rect.right + 10)
            draw_text(image, text, (icon_rect.right + 10, rect.centery), fitted_size(text, text_size, room, "bold"),
                      text_color, "bold", "midleft")
        else:
            icon_rect.center = rect.center
            icon(image, icon_rect, text_color)
    else:
        draw_text(image, text, rect.center, fitted_size(text, text_size, rect.width - 20, "bold"), text_color, "bold",
                  "center")
    return image


def draw_demo_banner(surface: Target, centerx: int, time: float) -> None:
    """Attract mode's invitation: large, glowing and breathing at the bottom of the screen, so it
    reads from across the stand."""
    breath = 0.5 + 0.5 * math.sin(time * 2.5)
    rect = pygame.Rect(0, 0, 780, 86)  # one size: the shadow is cached, only the colour breathes
    rect.midbottom = (max(rect.width // 2 + 8, min(1272 - rect.width // 2, centerx)), 712)
    draw_panel(surface, rect, blend(theme.ACCENT, (255, 120, 60), breath), 40, 10)
    draw_fitted_text(surface, tr("demo.banner"), rect.inflate(-40, 0), 46, theme.WHITE, "title", "center")


def handle_buttons(buttons: list[Button], event: pygame.event.Event) -> bool:
    """Offer ``event`` to each button; True if one consumed it."""
    consumed = False
    for button in buttons:
        consumed = button.handle_event(event) or consumed
    return consumed


# --- Pictograms (drawn, so they scale and need no image files) ---------------------------


def icon_home(surface: Target, r: pygame.Rect, c: Color) -> None:
    """A house."""
    roof = [(r.left, r.centery), (r.centerx, r.top + 2), (r.right, r.centery)]
    draw.polygon(surface, c, roof)
    body = pygame.Rect(r.left + r.width * 0.18, r.centery - 2, r.width * 0.64, r.height * 0.45)
    draw.rect(surface, c, body, border_radius=3)


def icon_undo(surface: Target, r: pygame.Rect, c: Color) -> None:
    """A curved arrow pointing back."""
    w = max(3, r.width // 8)
    arc = r.inflate(-r.width * 0.2, -r.height * 0.2)
    draw.arc(surface, c, arc, -math.pi / 2, math.pi, w)
    tip = (arc.left, arc.centery)
    draw.polygon(
        surface,
        c,
        [
            (tip[0] - r.width * 0.18, tip[1] - 2),
            (tip[0] + r.width * 0.18, tip[1] - 2),
            (tip[0], tip[1] + r.height * 0.2),
        ],
    )


def icon_restart(surface: Target, r: pygame.Rect, c: Color) -> None:
    """A circular arrow."""
    w = max(3, r.width // 8)
    arc = r.inflate(-r.width * 0.18, -r.height * 0.18)
    draw.arc(surface, c, arc, 0.4, 2 * math.pi - 0.2, w)
    x, y = arc.right - 1, arc.centery - 4
    draw.polygon(surface, c, [(x - r.width * 0.18, y), (x + r.width * 0.14, y), (x, y + r.height * 0.22)])


def icon_bulb(surface: Target, r: pygame.Rect, c: Color) -> None:
    """A light bulb: the hint."""
    draw.circle(surface, c, (r.centerx, r.top + r.height * 0.4), r.width * 0.32)
    base = pygame.Rect(0, 0, r.width * 0.3, r.height * 0.26)
    base.midtop = (r.centerx, r.top + r.height * 0.66)
    draw.rect(surface, c, base, border_radius=3)


def icon_book(surface: Target, r: pygame.Rect, c: Color) -> None:
    """An open book seen from above: two pages curving up from the spine, with lines of text
    (not two bars: that would read as "pause")."""
    w, h = r.width, r.height
    spine_top, spine_bottom = (r.centerx, r.top + h * 0.28), (r.centerx, r.bottom - h * 0.1)
    for side in (-1, 1):
        outer_x = r.centerx + side * w * 0.5
        page = [
            spine_top,
            (r.centerx + side * w * 0.22, r.top + h * 0.16),
            (outer_x, r.top + h * 0.2),
            (outer_x, r.bottom - h * 0.18),
            (r.centerx + side * w * 0.22, r.bottom - h * 0.22),
            spine_bottom,
        ]
        draw.polygon(surface, c, page)
        for k in range(3):
            y = r.top + h * (0.36 + 0.14 * k)
            x0, x1 = r.centerx + side * w * 0.1, r.centerx + side * w * 0.4
            draw.line(surface, darker(c, 0.35), (x0, y + 1), (x1, y - 1), max(1, w // 18))


def icon_speaker(surface: Target, r: pygame.Rect, c: Color, muted: bool = False, waves: int = 2) -> None:
    """A loudspeaker with ``waves`` sound waves (1: soft, 2: loud), crossed out when muted."""
    cx, cy, s = r.left + r.width * 0.35, r.centery, r.height
    draw.polygon(
        surface,
        c,
        [
            (r.left + 2, cy - s * 0.15),
            (cx - 4, cy - s * 0.15),
            (cx + s * 0.12, cy - s * 0.38),
            (cx + s * 0.12, cy + s * 0.38),
            (cx - 4, cy + s * 0.15),
            (r.left + 2, cy + s * 0.15),
        ],
    )
    if muted:
        draw.line(surface, c, (cx + s * 0.25, cy - s * 0.18), (r.right - 2, cy + s * 0.18), 4)
        draw.line(surface, c, (cx + s * 0.25, cy + s * 0.18), (r.right - 2, cy - s * 0.18), 4)
    else:
        for k in range(1, waves + 1):
            arc = pygame.Rect(0, 0, s * 0.3 * k, s * 0.45 * k)
            arc.center = (cx + s * 0.1, cy)
            draw.arc(surface, c, arc, -0.9, 0.9, 3)


def icon_muted(surface: Target, r: pygame.Rect, c: Color) -> None:
    """A crossed-out loudspeaker."""
    icon_speaker(surface, r, c, muted=True)


def icon_soft(surface: Target, r: pygame.Rect, c: Color) -> None:
    """A loudspeaker with one wave: the sound is on, softly."""
    icon_speaker(surface, r, c, waves=1)


#: The speaker icon for each of :attr:`kiosk.sound.SoundSystem.loudness`'s values.
LOUDNESS_ICONS = {"loud": icon_speaker, "soft": icon_soft, "off": icon_muted}


def icon_players(surface: Target, r: pygame.Rect, c: Color) -> None:
    """Two people, head and shoulders: who plays."""
    w, h = r.width, r.height
    for dx, scale in ((-0.2, 0.85), (0.18, 1.0)):
        cx = r.centerx + dx * w
        head = max(3, round(w * 0.14 * scale))
        top = r.top + h * (0.12 + 0.1 * (1 - scale))
        draw.circle(surface, c, (round(cx), round(top + head)), head)
        shoulders = pygame.Rect(0, 0, round(w * 0.46 * scale), round(h * 0.5 * scale))
        shoulders.midtop = (round(cx), round(top + 2.3 * head))
        draw.rect(surface, c, shoulders, border_top_left_radius=shoulders.width // 2,
                         border_top_right_radius=shoulders.width // 2)


def icon_eye(surface: Target, r: pygame.Rect, c: Color) -> None:
    """An open eye: look at the board."""
    eye = pygame.Rect(r.left, r.top + r.height * 0.22, r.width, r.height * 0.56)
    draw.ellipse(surface, c, eye, max(2, r.width // 10))
    draw.circle(surface, c, eye.center, max(3, r.width // 6))


def icon_play(surface: Target, r: pygame.Rect, c: Color) -> None:
    """A play triangle."""
    draw.polygon(
        surface,
        c,
        [(r.left + r.width * 0.25, r.top + 4), (r.right - 4, r.centery), (r.left + r.width * 0.25, r.bottom - 4)],
    )
