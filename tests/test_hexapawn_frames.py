"""Hexapawn waiting for a tap draws only what moves (issue 43): the learning machine's box, its
words and record are in the still layer, and only its tray is drawn again while the bead it drew
bobs over it (the whole box and its words were drawn at every frame). Checked by pixels (frames
drawn in part against the frame drawn whole) and by work (the share of the screen sent)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.hexapawn.scene import HexapawnScene
from kiosk.app import App
from tests.frames_drawn import SIZE, drawn_whole_without_still, full_hd_app, opened, pixels


@pytest.fixture
def app() -> Iterator[App]:
    yield from full_hd_app()


def test_the_machines_box_at_rest_is_still_but_its_bobbing_bead(app: App) -> None:
    scene = opened(app, "hexapawn")  # a child against the learning machine
    assert isinstance(scene, HexapawnScene) and scene.machine_player() is not None
    screen = SIZE[0] * SIZE[1]
    for turn in range(2):  # before the machine's first move, then with the bead it drew
        for _ in range(900):
            if scene.person_to_move() and not scene.busy():
                break
            app.tick()
        shown = scene.shown_box()
        assert (shown is not None and shown[1] is not None and shown[1].bead is not None) == (turn == 1)
        shares = []
        for frame in range(60):
            app.tick()
            changed = app.frames.changed
            assert changed is not None, f"turn {turn}: a frame at rest drawn whole"
            shares.append(sum(r.width * r.height for r in changed) / screen)
            if frame % 6 == 0:
                assert pixels(app.display) == drawn_whole_without_still(scene), f"turn {turn}: frame {frame} differs"
        shares.sort()
        print(f"\nhexapawn at rest (turn {turn}) sends {100 * shares[30]:.1f} % of the screen a frame")
        assert shares[-1] <= 0.2, f"turn {turn}: {100 * shares[-1]:.0f} % of the screen sent at rest"
        scene.play(scene.match.state.legal_moves()[0])
