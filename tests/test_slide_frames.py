"""A move sliding on Lewthwaite's and Hexapawn's boards drawn in part (issue 43): the board at rest
with the moving piece's square left empty is the still layer, and each frame draws only the piece
on its way (and what glows or bobs) over it, instead of the whole screen. Checked by pixels (each
frame drawn in part against the same frame drawn whole) and by work (frames drawn in part)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kiosk.app import App
from tests.frames_drawn import drawn_whole_without_still, full_hd_app, opened, pixels


@pytest.fixture
def app() -> Iterator[App]:
    yield from full_hd_app()


@pytest.mark.parametrize("game", ["hexapawn", "lewthwaite"])
def test_a_move_sliding_is_drawn_in_part(app: App, game: str) -> None:
    scene = opened(app, game)
    sliding = in_part = 0
    for _ in range(3):  # three moves: the visitor's and the computer's answers
        for _ in range(900):
            if scene.person_to_move() and not scene.busy():
                break
            app.tick()
        if scene.match.is_over():
            break
        scene.play(scene.match.state.legal_moves()[0])
        for frame in range(600):
            if not scene.busy():
                break
            app.tick()
            sliding += 1
            in_part += app.frames.changed is not None
            if frame % 3 == 1:
                assert pixels(app.display) == drawn_whole_without_still(scene), f"{game}: sliding frame {frame} differs"
    assert sliding >= 20
    assert in_part >= sliding - 6, f"{game}: {sliding - in_part} of {sliding} sliding frames drawn whole"
