"""``pygame.draw`` for canvases: the same functions and signatures, in logical units.

Each function takes either a :class:`kiosk.canvas.Canvas` (coordinates, radii and line widths
are scaled to native pixels, so shapes are drawn sharp at the screen's resolution) or a plain
``pygame.Surface`` (the call goes straight to ``pygame.draw``). The rectangle returned is in the
target's own units, like ``pygame.draw``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from kiosk.canvas import Canvas, Point, RectLike, Target

Color = Any  # whatever pygame accepts: (r, g, b), (r, g, b, a), a name, a pygame.Color


def _points(canvas: Canvas, points: Sequence[Point]) -> list[tuple[int, int]]:
    return [canvas.to_native(p) for p in points]


def _radius(canvas: Canvas, radius: int) -> int:
    # -1 means "use border_radius" and 0 means square: both keep their meaning.
    return radius if radius <= 0 else round(radius * canvas.scale)


def rect(
    surface: Target,
    color: Color,
    rect: RectLike,
    width: int = 0,
    border_radius: int = 0,
    border_top_left_radius: int = -1,
    border_top_right_radius: int = -1,
    border_bottom_left_radius: int = -1,
    border_bottom_right_radius: int = -1,
) -> pygame.Rect:
    """``pygame.draw.rect``: a rectangle, rounded corners and outline widths scaled. The defaults
    are ``pygame.draw.rect``'s: with ``border_radius`` -1, pygame fills far outside the rectangle
    as soon as one corner has its own radius."""
    if not isinstance(surface, Canvas):
        return pygame.draw.rect(
            surface,
            color,
            rect,
            width,
            border_radius,
            border_top_left_radius,
            border_top_right_radius,
            border_bottom_left_radius,
            border_bottom_right_radius,
        )
    drawn = pygame.draw.rect(
        surface.target,
        color,
        surface.to_native_rect(rect),
        surface.width(width),
        _radius(surface, border_radius),
        _radius(surface, border_top_left_radius),
        _radius(surface, border_top_right_radius),
        _radius(surface, border_bottom_left_radius),
        _radius(surface, border_bottom_right_radius),
    )
    return surface.to_logical_rect(drawn)


def circle(
    surface: Target,
    color: Color,
    center: Point,
    radius: float,
    width: int = 0,
    draw_top_right: bool = False,
    draw_top_left: bool = False,
    draw_bottom_left: bool = False,
    draw_bottom_right: bool = False,
) -> pygame.Rect:
    """``pygame.draw.circle`` (a disc with ``width`` 0, a ring otherwise; quarters as flags)."""
    quarters = (draw_top_right, draw_top_left, draw_bottom_left, draw_bottom_right)
    return _round(pygame.draw.circle, surface, color, center, radius, width, quarters)


def aacircle(
    surface: Target,
    color: Color,
    center: Point,
    radius: float,
    width: int = 0,
    draw_top_right: bool = False,
    draw_top_left: bool = False,
    draw_bottom_left: bool = False,
    draw_bottom_right: bool = False,
) -> pygame.Rect:
    """``pygame.draw.aacircle``: an anti-aliased circle or disc."""
    quarters = (draw_top_right, draw_top_left, draw_bottom_left, draw_bottom_right)
    return _round(pygame.draw.aacircle, surface, color, center, radius, width, quarters)


def _round(
    function: Any, surface: Target, color: Color, center: Point, radius: float, width: int, quarters: tuple[bool, ...]
) -> pygame.Rect:
    if not isinstance(surface, Canvas):
        return function(surface, color, center, radius, width, *quarters)
    drawn = function(
        surface.target, color, surface.to_native(center), radius * surface.scale, surface.width(width), *quarters
    )
    return surface.to_logical_rect(drawn)


def line(surface: Target, color: Color, start_pos: Point, end_pos: Point, width: int = 1) -> pygame.Rect:
    """``pygame.draw.line``: a straight line, its width scaled."""
    if not isinstance(surface, Canvas):
        return pygame.draw.line(surface, color, start_pos, end_pos, width)
    drawn = pygame.draw.line(
        surface.target, color, surface.to_native(start_pos), surface.to_native(end_pos), surface.width(width)
    )
    return surface.to_logical_rect(drawn)


def lines(surface: Target, color: Color, closed: bool, points: Sequence[Point], width: int = 1) -> pygame.Rect:
    """``pygame.draw.lines``: connected segments."""
    if not isinstance(surface, Canvas):
        return pygame.draw.lines(surface, color, closed, points, width)
    drawn = pygame.draw.lines(surface.target, color, closed, _points(surface, points), surface.width(width))
    return surface.to_logical_rect(drawn)


def aaline(surface: Target, color: Color, start_pos: Point, end_pos: Point, width: int = 1) -> pygame.Rect:
    """``pygame.draw.aaline``: an anti-aliased line (thicker on a larger screen)."""
    if not isinstance(surface, Canvas):
        return pygame.draw.aaline(surface, color, start_pos, end_pos, width)
    drawn = pygame.draw.aaline(
        surface.target, color, surface.to_native(start_pos), surface.to_native(end_pos), surface.width(width)
    )
    return surface.to_logical_rect(drawn)


def aalines(surface: Target, color: Color, closed: bool, points: Sequence[Point]) -> pygame.Rect:
    """``pygame.draw.aalines``: connected anti-aliased segments (hairlines scaled with the screen)."""
    if not isinstance(surface, Canvas):
        return pygame.draw.aalines(surface, color, closed, points)
    native = _points(surface, points)
    thickness = surface.width(1)
    if thickness == 1:
        return surface.to_logical_rect(pygame.draw.aalines(surface.target, color, closed, native))
    pairs = list(zip(native, native[1:] + native[:1] if closed else native[1:], strict=False))
    drawn = pygame.Rect(native[0], (0, 0))
    for a, b in pairs:
        drawn.union_ip(pygame.draw.aaline(surface.target, color, a, b, thickness))
    return surface.to_logical_rect(drawn)


def polygon(surface: Target, color: Color, points: Sequence[Point], width: int = 0) -> pygame.Rect:
    """``pygame.draw.polygon``: a filled polygon (or its outline with ``width``)."""
    if not isinstance(surface, Canvas):
        return pygame.draw.polygon(surface, color, points, width)
    drawn = pygame.draw.polygon(surface.target, color, _points(surface, points), surface.width(width))
    return surface.to_logical_rect(drawn)


def ellipse(surface: Target, color: Color, rect: RectLike, width: int = 0) -> pygame.Rect:
    """``pygame.draw.ellipse``: the ellipse inscribed in ``rect``."""
    if not isinstance(surface, Canvas):
        return pygame.draw.ellipse(surface, color, rect, width)
    drawn = pygame.draw.ellipse(surface.target, color, surface.to_native_rect(rect), surface.width(width))
    return surface.to_logical_rect(drawn)


def arc(
    surface: Target, color: Color, rect: RectLike, start_angle: float, stop_angle: float, width: int = 1
) -> pygame.Rect:
    """``pygame.draw.arc``: part of the ellipse inscribed in ``rect`` (angles in radians)."""
    if not isinstance(surface, Canvas):
        return pygame.draw.arc(surface, color, rect, start_angle, stop_angle, width)
    drawn = pygame.draw.arc(
        surface.target, color, surface.to_native_rect(rect), start_angle, stop_angle, surface.width(width)
    )
    return surface.to_logical_rect(drawn)
