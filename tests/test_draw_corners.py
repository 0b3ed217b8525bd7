"""kiosk.draw.rect with only some corners rounded stays inside its rectangle (pygame fills far
outside it when the shared border_radius is -1: the rules cards' coloured edge did)."""

import pygame
import pytest

from kiosk import draw
from kiosk.canvas import make_layer


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_a_rect_with_two_rounded_corners_stays_in_its_box(scale):
    pygame.init()
    canvas = make_layer((1280, 720), scale)
    canvas.fill((255, 255, 255))
    draw.rect(canvas, (0, 200, 0), (660, 398, 10, 236), border_top_left_radius=22, border_bottom_left_radius=22)
    target = canvas.target
    assert target.get_at(canvas.to_native((100, 100)))[:3] == (255, 255, 255)
    assert target.get_at(canvas.to_native((665, 500)))[:3] == (0, 200, 0)
    plain = pygame.Surface((1280, 720))
    plain.fill((255, 255, 255))
    draw.rect(plain, (0, 200, 0), (660, 398, 10, 236), border_top_left_radius=22, border_bottom_left_radius=22)
    assert plain.get_at((100, 100))[:3] == (255, 255, 255)
