"""No call that locks a surface with the interpreter lock released (a transform, a mask) is given a
kept surface, on any thread, while a visitor goes through the kiosk (tests/kept_surfaces.py): a
kept surface is blitted by the frame thread and by the threads drawing ahead, and a blit of a
locked surface fails ("Surfaces must not be locked during blit", CI)."""

from __future__ import annotations

import pygame
import pytest

from games.budget import MB, budgeted
from kiosk.canvas import Canvas, pixel_bytes, scaled_copy
from tests.kept_surfaces import watching
from tests.visitor import COMPUTER, FRIEND, game_scene_games, visit


@budgeted(MB, sizer=pixel_bytes)
def _kept(size: tuple[int, int]) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    image.fill((200, 100, 50, 128))
    return image


def test_the_watch_sees_a_kept_surface_transformed_and_not_a_copy(monkeypatch):
    with watching(monkeypatch) as given:
        scaled_copy(_kept((40, 30)), (60, 45))
        pygame.transform.scale(_kept((40, 30)).copy(), (60, 45))
        assert given == []
        pygame.transform.smoothscale(_kept((40, 30)), (60, 45))
        pygame.transform.scale(_kept((40, 30)).subsurface((0, 0, 1, 30)), (5, 30))
        assert len(given) == 2 and all("transform" in call for call in given)


def test_a_plain_image_on_a_canvas_is_scaled_from_a_copy(monkeypatch):
    # A plain logical image kept in a cache, blitted at 1080p: its scaled copy was made by
    # smoothscale on the kept image itself.
    screen = Canvas(pygame.Surface((1920, 1080)))
    with watching(monkeypatch) as given:
        screen.blit(_kept((41, 31)), (10, 10))
    assert given == []


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("game", game_scene_games())
def test_a_visit_never_transforms_a_kept_surface(monkeypatch, game: str) -> None:
    with watching(monkeypatch) as given:
        result = visit(game, (COMPUTER, FRIEND), realtime=False, max_moves=6, pace=0.4)
    assert result.moves > 0
    assert given == [], f"{len(given)} calls:\n" + "\n".join(sorted(set(given)))
