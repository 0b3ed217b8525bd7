"""Lewthwaite's science corner, random games (issue 43): nine boards move at once, faster and
faster; each board's tokens were drawn one ``Canvas.blit`` a token (225 a frame, 3 ms). They are
now one ``Surface.blits`` of native sprites at places computed once: the checks compare pixels
with the view's own drawing and count the blits made (never time)."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from games.lewthwaite.corner import paint_tokens
from games.lewthwaite.rules import LewthwaiteParams, LewthwaiteState
from games.lewthwaite.view import BoardView
from kiosk.canvas import Canvas

#: Canvases as the kiosk makes them: 1080p, 720p, 4K, a letterboxed 4:3 screen.
CANVASES = [((1920, 1080), 1.5, (0, 0)), ((1280, 720), 1.0, (0, 0)), ((3840, 2160), 3.0, (0, 0)),
            ((1024, 768), 0.8, (0, 96))]


def states(count: int) -> list[LewthwaiteState]:
    """Random games' positions on the 5x5 board: the start, midway, the end."""
    rng, found = random.Random(7), list[LewthwaiteState]()
    params = LewthwaiteParams()
    for _ in range(count):
        state = params.new_initial_state()
        for _ in range(rng.randrange(0, 20)):
            options = state.legal_indices()
            if not options:
                break
            state = state.play_index(rng.choice(options))
        found.append(state)
    return found


@pytest.mark.parametrize(("size", "scale", "offset"), CANVASES)
def test_tokens_painted_at_once_are_the_views_tokens(size: tuple[int, int], scale: float,
                                                     offset: tuple[int, int]) -> None:
    pygame.display.init()
    for k, state in enumerate(states(6)):
        view = BoardView(5, 5, (84 + 53 * k + k % 2, 232 + 168 * (k % 3)), 130)
        slow = Canvas(pygame.Surface(size), (1280, 720), scale, offset)
        slow.target.fill((200, 190, 170))
        fast = Canvas(slow.target.copy(), (1280, 720), scale, offset)
        clip = view.rect.inflate(-40, -10) if k % 2 else None  # a part drawn again in a region
        for canvas in (slow, fast):
            canvas.set_clip(clip)
        view.draw_tokens(slow, state, dim_moved=False, area=slow.get_clip())
        assert pygame.image.tobytes(slow.target, "RGB") != pygame.image.tobytes(fast.target, "RGB")  # tokens drawn
        paint_tokens(view, state, fast)
        assert pygame.image.tobytes(fast.target, "RGB") == pygame.image.tobytes(slow.target, "RGB"), \
            f"board {k} (scale {scale}): tokens painted at once differ"


class CountingSurface(pygame.Surface):
    """A screen that counts the blits made on it (one call of ``blits`` counts once)."""

    calls = 0

    def blit(self, *args: Any, **kwargs: Any) -> pygame.Rect:  # library: pygame's overloads, passed on
        CountingSurface.calls += 1
        return super().blit(*args, **kwargs)

    def blits(self, *args: Any, **kwargs: Any) -> Any:  # library: pygame's own signature, overloaded
        CountingSurface.calls += 1
        return super().blits(*args, **kwargs)


def test_a_board_of_tokens_is_one_blit() -> None:
    pygame.display.init()
    state = states(1)[0]
    canvas = Canvas(CountingSurface((1920, 1080)), (1280, 720), 1.5, (0, 0))
    view = BoardView(5, 5, (300, 300), 130)
    paint_tokens(view, state, canvas)
    CountingSurface.calls = 0
    paint_tokens(view, state, canvas)
    assert CountingSurface.calls == 1, f"a board's 24 tokens took {CountingSurface.calls} blits"
