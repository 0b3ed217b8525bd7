"""The end card's frames (issue 43), checked by the work they do, never by a stopwatch: a card's
shadow blends only what the card does not cover, and the same pixels as when it blended the
whole of it."""

from __future__ import annotations

import random

import pygame
import pytest

from kiosk import theme, ui
from kiosk.canvas import Canvas

SIZE = (1920, 1080)


class CountingSurface(pygame.Surface):
    """A screen that counts the pixels blitted onto it."""

    blitted = 0

    def blit(self, source: pygame.Surface, dest: tuple[int, int],  # type: ignore[override]
             area: pygame.Rect | tuple[int, int, int, int] | None = None, special_flags: int = 0) -> pygame.Rect:
        """Blit, counting the pixels of the part copied."""
        part = pygame.Rect(area) if area is not None else source.get_rect()
        self.blitted += part.width * part.height
        return super().blit(source, dest, area, special_flags)


def ground() -> pygame.Surface:
    """A 1080p screen of random blocks (every blended pixel shows)."""
    rng = random.Random(5)
    screen = pygame.Surface(SIZE)
    for _ in range(200):
        screen.fill([rng.randrange(256) for _ in range(3)], (rng.randrange(1900), rng.randrange(1060), 60, 40))
    return screen


@pytest.mark.parametrize(("rect", "radius", "blur"), [((230, 180, 820, 420), 32, 16), ((40, 110, 1200, 500), 28, 12),
                                                      ((240, 170, 800, 380), 36, 16)])
def test_an_opaque_card_blends_only_the_shadow_it_leaves_uncovered(rect: tuple[int, int, int, int], radius: int,
                                                                   blur: int) -> None:
    """The end card (and the rules' card, the question's) popping in drew its shadow whole at
    every frame, then covered most of it with the card: 0.7 million pixels blended for nothing
    at 1080p. The shadow's inside lies within the card: it is left out, the picture the same."""
    pygame.display.init()
    box = pygame.Rect(rect)
    counted = CountingSurface(SIZE)
    counted.blit(ground(), (0, 0))
    counted.blitted = 0
    ui.draw_panel(Canvas(counted, (1280, 720), 1.5, (0, 0)), box, theme.PANEL, radius, blur)
    whole = ground()
    canvas = Canvas(whole, (1280, 720), 1.5, (0, 0))
    ui.draw_shadow(canvas, box, radius, blur)  # the whole shadow, then the card over it
    ui.draw_panel(canvas, box, theme.PANEL, radius, 0)
    assert pygame.image.tobytes(counted, "RGB") == pygame.image.tobytes(whole, "RGB")
    shadow = box.width * 1.5 * box.height * 1.5  # about the shadow's box, at 1080p
    assert counted.blitted <= 0.8 * shadow, \
        f"a card of {box.size} blends {counted.blitted} shadow pixels ({counted.blitted / shadow:.0%} of its box)"
