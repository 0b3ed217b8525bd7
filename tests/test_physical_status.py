"""Visitors at the real board never read camera settings meant for the operator (issue 40): with
the shipped synthetic camera the mat's paper is sometimes at the sensor's limit, read anyway; the
status line used to tell the children "papier très clair ... baisse l'exposition"."""

from __future__ import annotations

import logging
from typing import Any

import pytest

import main
from games.lightning.scene import make_scene
from kiosk.devices import Devices, set_opener
from kiosk.i18n import set_language, tr
from kiosk.physical import attach
from tests.kiosk_driver import make_app, run_frames


@pytest.fixture(autouse=True)
def no_opener() -> Any:
    yield
    set_opener(None)
    set_language("fr")


def test_paper_read_at_the_sensors_limit_is_the_operators_business(caplog: pytest.LogCaptureFixture) -> None:
    camera = main.Camera("synthetic", stepped=True)
    set_opener(lambda options: Devices(camera=camera))
    app = make_app()
    app.devices.camera = camera
    scene = make_scene(app)
    scene.ask_seats = False
    scene.match.seed = 8  # the synthetic table of seed 8: a third of its paper at 250 or more
    mode = attach(scene)
    assert mode is not None
    app.start(scene)
    bright_frames = 0
    with caplog.at_level(logging.INFO, logger="kiosk.physical"):
        for _ in range(240):
            run_frames(app, 1)
            feed = mode.session.feed
            assert feed is not None
            if feed.live is not None and feed.live.paper_bright:
                bright_frames += 1
                assert mode.camera_line() is None  # nothing for the children to read
    assert bright_frames > 0, "the scenario needs paper read at the sensor's limit"
    logged = [r.getMessage() for r in caplog.records if "exposure" in r.getMessage()]
    assert len(logged) == 1  # once, for the operator
    assert tr("physical.camera.status", status="x") != ""
    app.close()
