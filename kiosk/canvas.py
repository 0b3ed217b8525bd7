"""Draw in logical coordinates, at the screen's real resolution.

Every layout in the kiosk is written once, on a 1280x720 logical canvas. A :class:`Canvas` is a
Surface-like drawing target in those logical units over a native-resolution surface (the window,
the full screen, or a cached layer): positions and sizes are multiplied by ``scale`` and shifted
by the letterbox ``offset`` only when pixels are finally written, so text and shapes come out as
sharp on a 3840x2160 screen as on a 1280x720 window.

Three kinds of images can be blitted on a canvas:

- another canvas (a *layer*, made by :meth:`Canvas.new_layer`): already native, copied 1:1;
- a plain logical-size ``pygame.Surface`` that was registered with :func:`register_native`
  (text, backgrounds): the registered renderer draws it again at the canvas's scale;
- any other plain ``pygame.Surface``: smoothly scaled once per scale and cached for as long as
  the surface lives (weak references, never ids: a freed surface's id can be reused). Such a
  surface is treated as finished once blitted: draw into it first, then blit it.

The module :mod:`kiosk.draw` mirrors ``pygame.draw`` for canvases.

Kept images (the caches', the scaled copies here) are blitted by the frame thread and by the
threads drawing ahead at once: they are only ever blitted, copied or read once handed over. A
transform locks its source with the interpreter lock released, failing other threads' blits of
it: scale a kept image with :func:`scaled_copy`, copy one to change it with :func:`own_copy`
(tests/kept_surfaces.py watches a visitor's visits for the rest).
"""

from __future__ import annotations

import functools
import math
import mmap
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Union

import pygame

from games import budget

LOGICAL_SIZE = (1280, 720)
#: The colour of the bars around the canvas when the screen's shape is not 16:9.
LETTERBOX = (24, 20, 30)

Point = Sequence[float]
RectLike = pygame.Rect | pygame.FRect | Sequence[float]
Target = Union["Canvas", pygame.Surface]

# Logical surface -> function drawing the same picture at a given scale (text, backgrounds).
_native_renderers: weakref.WeakKeyDictionary[pygame.Surface, Callable[[float], pygame.Surface]] = (
    weakref.WeakKeyDictionary()
)
# Logical surface -> (scale, the surface at that scale, re-rendered?). One scale at a time (a
# window resize must not keep old copies alive); entries die with their logical surface.
_scaled: weakref.WeakKeyDictionary[pygame.Surface, tuple[float, pygame.Surface, bool]] = weakref.WeakKeyDictionary()
# Native sprites made at the display's scale whose logical image is still blank: painted only if
# a scale-1 target asks for it (see native_sprite). A blank costs no memory until painted (_blank).
_unpainted: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()
# Held while a native sprite's logical image is painted: another thread asking for it meanwhile
# waits for the picture instead of taking the blank (re-entrant: a sprite's drawing may paint another).
_painting = threading.RLock()
_display_scale = 1.0


def set_display_scale(scale: float) -> None:
    """Say at which scale the display's canvas draws (the app does, each time it opens or
    resizes its window): native sprites are then drawn at that scale first."""
    global _display_scale
    _display_scale = float(scale)


def register_native(image: pygame.Surface, render: Callable[[float], pygame.Surface]) -> pygame.Surface:
    """Say how to draw the logical ``image`` at another scale; returns ``image``.

    ``render(scale)`` returns the same picture drawn at ``scale`` times the size (a font at
    ``size * scale`` for text), so a canvas blits a sharp native image instead of stretching
    the logical one.
    """
    _native_renderers[image] = render
    return image


def scaled_image(image: pygame.Surface, scale: float) -> pygame.Surface:
    """``image`` at ``scale``: its registered native rendering, or a smooth scaling (cached)."""
    return _scaled_entry(image, scale)[0]


def _scaled_entry(image: pygame.Surface, scale: float) -> tuple[pygame.Surface, bool]:
    """(``image`` at ``scale``, whether it was drawn again rather than stretched)."""
    entry = _scaled.get(image)
    if entry is not None and entry[0] == scale:
        return entry[1], entry[2]
    render = _native_renderers.get(image)
    if scale == 1 and image in _unpainted and render is not None:
        # A native sprite's logical image, asked for the first time: painted now, for good, and
        # only then said painted (a thread drawing ahead asking for it meanwhile would have
        # taken the blank: a sprite missing from a layer kept for the frames to come).
        with _painting:
            if image in _unpainted:
                copy = pygame.BLEND_RGBA_MAX if image.get_flags() & pygame.SRCALPHA else 0  # onto blank: a copy
                image.blit(render(1.0), (0, 0), special_flags=copy)
                _unpainted.discard(image)
    if scale == 1:
        return image, render is not None
    if render is not None:
        result = render(scale)
    else:
        size = (max(1, round(image.get_width() * scale)), max(1, round(image.get_height() * scale)))
        result = scaled_copy(image, size)
    _scaled[image] = (scale, result, render is not None)
    return result, render is not None


def scaled_copy(image: pygame.Surface, size: tuple[int, int], smooth: bool = True) -> pygame.Surface:
    """``image`` (or a subsurface of it) scaled to ``size``, smoothly or not, on a new surface:
    the one way to scale a surface that another thread may be blitting (a kept image: a cache's,
    a scene's that a thread drawing ahead reads). pygame-ce 2.5.8's transforms lock their source
    (a subsurface's: its parent) with the interpreter lock released, for the whole scaling, and a
    blit of a locked surface fails on every other thread ("Surfaces must not be locked during
    blit", CI; 400 of 400 blits of an image being scaled on a thread here). A copy is scaled
    instead: ``copy()`` holds the interpreter lock, as blits do, so it never runs during one
    (1,100 blits of an image while another thread copied it over and over: none failed, no pixel
    wrong). Blits from and onto a kept image, drawing, fills, ``get_at``, ``get_bounding_rect``,
    copies are safe so (measured); transforms, ``mask.from_surface``, ``PixelArray`` and
    ``surfarray.pixels*`` of it are not."""
    private = image.copy() if image.get_bitsize() in (24, 32) else image.convert_alpha()
    return (pygame.transform.smoothscale if smooth else pygame.transform.scale)(private, size)


def own_copy(image: pygame.Surface) -> pygame.Surface:
    """A copy of ``image`` that is the caller's own (its see-through level may then be set) and
    shows the same picture on every canvas: a registered image's is drawn anew and registered
    too (drawn again at a canvas's scale); another's is ``image.copy()`` (which holds the
    interpreter lock: safe while another thread blits ``image``). ``image.copy()`` of a native
    sprite at 1080p copied its blank logical image (the physical setup's ghost tiles and tokens
    were see-through)."""
    render = _native_renderers.get(image)
    if render is None:
        return image.copy()
    return register_native(render(1.0), render)


def native_sprite(draw_at: Callable[..., Canvas]) -> Callable[..., pygame.Surface]:
    """Turn ``draw_at(*args, scale=...) -> Canvas`` (a sprite drawn on ``make_layer(size,
    scale)``) into ``sprite(*args) -> pygame.Surface``: the logical image, registered so that a
    canvas blits it drawn again at the canvas's scale. Put it under ``@lru_cache``.

    A cached sprite keeps its signature and its logical size (callers still place it with
    ``image.get_rect(center=...)``), and is sharp on every screen. It is drawn once, at the
    display's scale (:func:`set_display_scale`): on a 1080p screen the logical image is a blank
    surface of the right size, holding no memory (:func:`_blank`), until a scale-1 target (a
    1280x720 canvas, :func:`blit` on a plain surface) asks for it, so a full-screen layer costs
    one drawing and one native image, not two of each.
    """

    @functools.wraps(draw_at)
    def sprite(*args: Any, **kwargs: Any) -> pygame.Surface:
        scale = _display_scale

        def render(at: float) -> pygame.Surface:
            return draw_at(*args, **kwargs, scale=at).target

        if scale == 1:
            return register_native(render(1.0), render)
        native = draw_at(*args, **kwargs, scale=scale)
        image = unpainted_native(native.logical_size, bool(native.target.get_flags() & pygame.SRCALPHA), render)
        _scaled[image] = (scale, native.target, True)
        return image

    return sprite


def display_scale() -> float:
    """The scale at which the display's canvas draws (:func:`set_display_scale`)."""
    return _display_scale


def unpainted_native(size: tuple[int, int], alpha: bool, render: Callable[[float], pygame.Surface]) -> pygame.Surface:
    """A logical image of ``size`` whose picture is ``render(scale)`` at every scale, drawn
    only when asked: a blank (:func:`_blank`, transparent with ``alpha``), registered, that a
    scale-1 target paints with ``render(1.0)`` the first time it asks for it. For an image whose
    logical picture is not needed on a screen at another scale (it blits a native one);
    ``render(1.0)`` must have exactly ``size``."""
    image = _blank(size, alpha)
    register_native(image, render)
    _unpainted.add(image)
    return image


#: Blank logical images from this size on get a mapping of their own (fewer, larger mappings:
#: the kernel limits how many a process has, and a small sprite's blank costs little).
LAZY_BLANK_BYTES = 64 * 1024


def _blank(size: tuple[int, int], alpha: bool) -> pygame.Surface:
    """A black (transparent with ``alpha``) surface of ``size`` that holds no memory until it is
    drawn on: its pixels live in a private anonymous mapping (the surface keeps it alive), whose
    pages the kernel gives only when written, where ``pygame.Surface`` zero-fills them all (3.7 MB
    resident for a blank 1280x720 layer). With ``alpha`` it has a transparent Surface's masks and
    flags; without, it is an opaque surface storing its channels in the other order (RGBX: pygame
    has no BGRX buffer format), which blits and reads (``get_at``) the same colours."""
    width, height = size
    if width * height * 4 < LAZY_BLANK_BYTES:  # small: one mapping each is not worth it
        return pygame.Surface((max(0, width), max(0, height)), pygame.SRCALPHA if alpha else 0)
    pixels = mmap.mmap(-1, width * height * 4, flags=mmap.MAP_PRIVATE)
    return pygame.image.frombuffer(pixels, size, "BGRA" if alpha else "RGBX")


def fit(native_size: tuple[int, int], logical_size: tuple[int, int] = LOGICAL_SIZE) -> tuple[float, tuple[int, int]]:
    """The largest scale showing the whole logical canvas on ``native_size``, and the offset
    that centres it (bars left and right, or above and below, for other shapes)."""
    scale = min(native_size[0] / logical_size[0], native_size[1] / logical_size[1])
    used = (round(logical_size[0] * scale), round(logical_size[1] * scale))
    return scale, ((native_size[0] - used[0]) // 2, (native_size[1] - used[1]) // 2)


class Canvas:
    """A drawing target in logical units over a native surface (see the module docstring).

    ``get_size()``, ``get_rect()``, ``blit``, ``fill`` and ``set_clip`` take and return logical
    units, so scene code written for a 1280x720 Surface runs unchanged. ``target`` is the native
    surface; ``scale`` and ``offset`` map logical to native pixels.
    """

    def __init__(
        self,
        target: pygame.Surface,
        logical_size: tuple[int, int] = LOGICAL_SIZE,
        scale: float | None = None,
        offset: tuple[int, int] | None = None,
    ) -> None:
        self.target = target
        self.logical_size = (int(logical_size[0]), int(logical_size[1]))
        if scale is None:
            scale, fitted = fit(target.get_size(), self.logical_size)
            offset = fitted if offset is None else offset
        self.scale = float(scale)
        self.offset = offset or (0, 0)
        #: The native rectangle the logical canvas covers (drawing never leaves it).
        self.area = self.to_native_rect(pygame.Rect((0, 0), self.logical_size)).clip(target.get_rect())
        self._clip = pygame.Rect((0, 0), self.logical_size)
        target.set_clip(self.area)

    # --- coordinates --------------------------------------------------------------------------

    def to_native(self, pos: Point) -> tuple[int, int]:
        """A logical point in native pixels."""
        scale, (ox, oy) = self.scale, self.offset
        return (round(ox + pos[0] * scale), round(oy + pos[1] * scale))

    def to_native_rect(self, rect: RectLike) -> pygame.Rect:
        """A logical rectangle in native pixels. Edges are rounded, not sizes, so rectangles that
        touch in logical units still touch on screen."""
        x, y, w, h = _rect_tuple(rect)
        scale, (ox, oy) = self.scale, self.offset
        left, top = round(ox + x * scale), round(oy + y * scale)
        return pygame.Rect(left, top, round(ox + (x + w) * scale) - left, round(oy + (y + h) * scale) - top)

    def to_logical(self, pos: Point) -> tuple[int, int]:
        """A native pixel (a mouse position) in logical units."""
        # The epsilon keeps 512 / 0.8 at 640, not 639.99...
        return (
            math.floor((pos[0] - self.offset[0]) / self.scale + 1e-6),
            math.floor((pos[1] - self.offset[1]) / self.scale + 1e-6),
        )

    def to_logical_rect(self, rect: RectLike) -> pygame.Rect:
        """A native rectangle in logical units (enclosing)."""
        x, y, w, h = _rect_tuple(rect)
        left, top = self.to_logical((x, y))
        right = -int(-(x + w - self.offset[0]) // self.scale)
        bottom = -int(-(y + h - self.offset[1]) // self.scale)
        return pygame.Rect(left, top, right - left, bottom - top)

    def length(self, value: float) -> float:
        """A logical length in native pixels."""
        return value * self.scale

    def width(self, value: float) -> int:
        """A logical line width in native pixels: never thinner than one pixel (0 stays 0: fill)."""
        return 0 if value <= 0 else max(1, round(value * self.scale))

    @property
    def native_size(self) -> tuple[int, int]:
        """The size of the logical canvas in native pixels."""
        return self.area.size

    # --- Surface-like API (logical units) -----------------------------------------------------

    def get_size(self) -> tuple[int, int]:
        """The logical size (1280x720 for the screen)."""
        return self.logical_size

    def get_width(self) -> int:
        """The logical width."""
        return self.logical_size[0]

    def get_height(self) -> int:
        """The logical height."""
        return self.logical_size[1]

    def get_rect(self, **anchors: Any) -> pygame.Rect:
        """The logical rectangle, optionally moved like ``Surface.get_rect(center=...)``."""
        return pygame.Rect((0, 0), self.logical_size).move_to(**anchors) if anchors else pygame.Rect(
            (0, 0), self.logical_size
        )

    def set_alpha(self, value: int | None) -> None:
        """Transparency of the whole layer when blitted (0..255, None: opaque)."""
        self.target.set_alpha(value)

    def get_alpha(self) -> int | None:
        """The layer's overall transparency."""
        return self.target.get_alpha()

    def get_flags(self) -> int:
        """The native surface's flags (``SRCALPHA`` for transparent layers)."""
        return self.target.get_flags()

    def fill(self, color: Any, rect: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        """Fill the canvas (or a logical rectangle of it), inside the clip."""
        native = self.area if rect is None else self.to_native_rect(rect)
        return self.to_logical_rect(self.target.fill(color, native, special_flags))

    def set_clip(self, rect: RectLike | None) -> None:
        """Limit drawing to a logical rectangle (None: the whole canvas)."""
        if rect is None:
            self._clip = pygame.Rect((0, 0), self.logical_size)
            self.target.set_clip(self.area)
        else:
            self._clip = pygame.Rect(_rect_tuple(rect))
            self.target.set_clip(self.to_native_rect(self._clip).clip(self.area))

    def get_clip(self) -> pygame.Rect:
        """The logical clip rectangle."""
        return self._clip.copy()

    def blit(
        self,
        source: pygame.Surface | Canvas,
        dest: Point | RectLike,
        area: RectLike | None = None,
        special_flags: int = 0,
        align: str = "center",
    ) -> pygame.Rect:
        """Draw ``source`` with its top-left corner at the logical ``dest``; returns the logical
        rectangle drawn. ``source`` may be a layer (native), a registered or a plain logical
        surface (see the module docstring); ``area`` is in the source's logical units. A surface
        drawn again at the native size (text) keeps its ``align`` edge (``left``, ``right``) or
        its centre where the stretched image would be."""
        x, y = _point(dest)
        scale, (ox, oy) = self.scale, self.offset
        if isinstance(source, Canvas):
            native_area = None if area is None else source.to_native_rect(area)
            at = (round(ox + x * scale), round(oy + y * scale))
            if special_flags == 0 and opaque(source.target):
                copy_rect(self.target, source.target, at, native_area)  # a layer under a clip: fast
            else:
                self.target.blit(source.target, at, native_area, special_flags)
            logical = source.get_size()
        else:
            logical = source.get_size()
            image, redrawn = _scaled_entry(source, scale)
            alpha = source.get_alpha()
            if alpha is not None and image.get_alpha() != alpha:
                image.set_alpha(alpha)  # a veil fading in: the alpha changes, not the pixels
            if redrawn and area is None:
                # Drawn again (text): centred on where the stretched image would be, since a font
                # at size * scale is a pixel or two wider or narrower than scale times the run.
                width, height = image.get_size()
                left = {"left": ox + x * scale, "right": ox + (x + logical[0]) * scale - width}.get(
                    align, ox + (x + logical[0] / 2) * scale - width / 2)
                at = (round(left), round(oy + (y + logical[1] / 2) * scale - height / 2))
                if special_flags == 0 and opaque(image):
                    copy_rect(self.target, image, at)  # a native layer under a clip: fast
                else:
                    self.target.blit(image, at, None, special_flags)
            else:
                native_area = None if area is None else _scaled_rect(area, scale)
                at = (round(ox + x * scale), round(oy + y * scale))
                if special_flags == 0 and opaque(image):
                    copy_rect(self.target, image, at, native_area)  # a layer under a clip: fast
                else:
                    self.target.blit(image, at, native_area, special_flags)
        # Like Surface.blit: the logical rectangle drawn, clipped.
        return pygame.Rect(round(x), round(y), *logical).clip(self._clip)

    def blit_native(self, image: pygame.Surface, rect: RectLike, anchor: str = "center") -> pygame.Rect:
        """Draw an ``image`` already rendered at native resolution, placed at ``anchor`` of the
        logical ``rect`` (its ``center`` by default: a glyph run at ``size * scale`` is a pixel
        wider or narrower than ``scale`` times the logical one). Returns the native rectangle."""
        box = self.to_native_rect(rect)
        placed = image.get_rect(**{anchor: getattr(box, anchor)})
        return self.target.blit(image, placed)

    def new_layer(self, size: tuple[int, int] | None = None, alpha: bool = False) -> Canvas:
        """A new canvas at this canvas's scale (logical ``size``, the whole canvas by default) for
        static layers and sprites cached at native resolution; transparent with ``alpha``."""
        return make_layer(size or self.logical_size, self.scale, alpha)

    def convert(self) -> Canvas:
        """Like ``Surface.convert``: the native surface in the display's format (a no-op shape)."""
        if pygame.display.get_surface() is not None:
            self.target = self.target.convert_alpha() if self.get_flags() & pygame.SRCALPHA else self.target.convert()
            self.target.set_clip(self.area)
        return self


def make_layer(size: tuple[int, int], scale: float, alpha: bool = False) -> Canvas:
    """A canvas of logical ``size`` drawn at ``scale``, on its own native surface (for caches
    keyed by scale: ``@lru_cache def sprite(size, scale)``)."""
    native = (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))
    surface = pygame.Surface(native, pygame.SRCALPHA) if alpha else pygame.Surface(native)
    return Canvas(surface, size, scale, (0, 0))


def new_layer(target: Target, size: tuple[int, int] | None = None, alpha: bool = False) -> Target:
    """A layer for ``target``: a native :class:`Canvas` for a canvas, a plain Surface otherwise
    (so a drawing function works on both; ``size`` defaults to the whole target)."""
    if isinstance(target, Canvas):
        return target.new_layer(size, alpha)
    size = size or target.get_size()
    return pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size)


def blit(target: Target, source: pygame.Surface | Canvas, dest: Point | RectLike) -> None:
    """Blit a plain surface or a layer on a canvas or a plain surface (a layer blitted on a plain
    surface must be at scale 1: it was made for that surface)."""
    if isinstance(target, Canvas):
        target.blit(source, dest)
    elif isinstance(source, Canvas):
        target.blit(source.target, _point(dest))
    else:
        target.blit(scaled_image(source, 1.0), _point(dest))


#: Columns of 4-byte pixels in a 64-byte cache line.
_LINE_COLUMNS = 16


def opaque(image: pygame.Surface) -> bool:
    """Whether blitting ``image`` copies its pixels (no alpha, no colour key)."""
    return not image.get_flags() & pygame.SRCALPHA and image.get_alpha() is None and image.get_colorkey() is None


def copy_rect(target: pygame.Surface, source: pygame.Surface, dest: tuple[int, int],
              area: pygame.Rect | None = None) -> None:
    """``target.blit(source, dest, area)`` for an :func:`opaque` ``source`` (native pixels), in
    two blits cut at the first column of the box drawn (``target``'s clip holds) that starts a
    cache line. SDL copies rows whose start is 16-byte aligned with non-temporal stores, and a
    row starting in the middle of a cache line then costs about 0.35 us: a 190x200 copy at
    x = 300 took 77 us, cut at x = 304 8 us (SDL 2.32 on x86-64; a copy whose rows start a
    line, such as the whole screen's, was never slowed)."""
    x, y = dest
    if area is None:
        area = source.get_rect()
    box = pygame.Rect(x, y, area.width, area.height).clip(target.get_clip())
    cut = -box.x % _LINE_COLUMNS
    if not box or not cut or cut >= box.width:
        target.blit(source, dest, area)
        return
    # The same pixels as one blit: each part's source is its box moved back by the blit's shift.
    sx, sy = area.x + box.x - x, area.y + box.y - y
    target.blit(source, box.topleft, (sx, sy, cut, box.height))
    target.blit(source, (box.x + cut, box.y), (sx + cut, sy, box.width - cut, box.height))


def scale_of(target: Target) -> float:
    """How many native pixels a logical pixel of ``target`` covers (1 for a plain Surface)."""
    return target.scale if isinstance(target, Canvas) else 1.0


def _point(dest: Point | RectLike) -> tuple[float, float]:
    if isinstance(dest, (pygame.Rect, pygame.FRect)):
        return dest.x, dest.y
    return dest[0], dest[1]


def _rect_tuple(rect: RectLike) -> tuple[float, float, float, float]:
    if isinstance(rect, (pygame.Rect, pygame.FRect)):
        return rect.x, rect.y, rect.w, rect.h
    if len(rect) == 2:  # ((x, y), (w, h))
        position, size = rect
        # RectLike spells only the flat forms callers write; pygame's nested one still works here.
        return position[0], position[1], size[0], size[1]  # type: ignore[index]
    return rect[0], rect[1], rect[2], rect[3]


def _scaled_rect(rect: RectLike, scale: float) -> pygame.Rect:
    x, y, w, h = _rect_tuple(rect)
    left, top = round(x * scale), round(y * scale)
    return pygame.Rect(left, top, round((x + w) * scale) - left, round((y + h) * scale) - top)


def pixel_bytes(image: pygame.Surface) -> int:
    """Bytes of ``image``'s pixels."""
    return image.get_pitch() * image.get_height()


def surface_bytes(image: pygame.Surface) -> int:
    """Bytes a cached logical surface holds: its pixels and its copy at the display's scale (the
    copy made now, or the one its first blit will make), for the caches' budgets. A native
    sprite's blank logical image counts in full although it holds no memory yet: a scale-1 target
    may paint it after its cache measured it, and a budget must bound the memory in every case
    (at 1080p its caches then hold about 30 % less than their count while nothing paints)."""
    entry = _scaled.get(image)
    if entry is not None:
        return pixel_bytes(image) + pixel_bytes(entry[1])
    return round(pixel_bytes(image) * (1 + (_display_scale**2 if _display_scale != 1 else 0)))


budget.register_sizer(pygame.Surface, surface_bytes)
budget.register_sizer(Canvas, lambda layer: pixel_bytes(layer.target))


def aligned_box(rect: RectLike, scale: float, limit: int = 64) -> pygame.Rect:
    """``rect`` (logical) grown so that its top-left corner falls where a move by it is an even
    number of native pixels at ``scale``: a sprite drawn at its corner's coordinates and blitted
    there then rounds every edge as drawing on the screen would (Python rounds halves to even,
    so only an even shift leaves the rounding of ``x * scale`` unchanged). With no such step up
    to ``limit`` logical pixels, the box starts at (0, 0)."""
    x, y, w, h = _rect_tuple(rect)
    step = next((k for k in range(1, limit + 1) if abs(k * scale - 2 * round(k * scale / 2)) < 1e-9), None)
    if step is None:
        return pygame.Rect(0, 0, math.ceil(x + w), math.ceil(y + h))
    left, top = int(x // step) * step, int(y // step) * step
    return pygame.Rect(left, top, math.ceil(x + w) - left, math.ceil(y + h) - top)
