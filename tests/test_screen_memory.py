"""A screen left gives back its memory at once: nothing the kiosk keeps all day holds on to it.

A game screen is garbage in a cycle when it is left (its buttons and the match's listeners call
back into it), so the scene stack collects cycles at a change of screen; and the camera opener,
which lives as long as the kiosk, holds the synthetic table of the game being played (its photo
and caches, its visitor, the visitor's engine, match and screen) weakly. Automatic collection is
off in these tests: what is freed here is freed by the code, not by a collection that happened
to run.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from games import budget
from games.awele.corner import make_science_scene as awele_corner
from games.lewthwaite.rules import LewthwaiteParams
from games.lewthwaite.scene import LewthwaiteScene, new_match
from kiosk.demo import GAME_SECONDS, DemoScene
from kiosk.devices import Devices, set_opener
from kiosk.menu import MenuScene
from kiosk.physical import attach
from main import Camera
from tests.kiosk_driver import make_app, run_frames
from vision.table import CameraOpener, TableCamera


@pytest.fixture
def no_automatic_collection() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_screen_left_in_a_cycle_is_freed_when_the_stack_changes(no_automatic_collection: None) -> None:
    app = make_app()
    app.start(MenuScene(app))
    run_frames(app, 2)
    scene = MenuScene(app)
    scene.payload = bytearray(4 << 20)  # type: ignore[attr-defined]  # what a screen's pictures weigh
    scene.me = scene  # type: ignore[attr-defined]  # a cycle, as a screen's buttons make one
    gone = weakref.ref(scene)
    app.stack.push(scene)
    run_frames(app, 2)
    del scene
    app.stack.pop()
    run_frames(app, 2)  # the frame that shows the menu again, then the one that collects (kiosk/stack.py)
    assert gone() is None
    app.close()


def _physical_game(app: Any) -> LewthwaiteScene:
    match = new_match(app, LewthwaiteParams(), "human", "human", "board", physical=True)
    scene = LewthwaiteScene(app, match)
    assert attach(scene) is not None
    return scene


def test_a_physical_game_left_takes_its_table_visitor_and_screen_with_it(no_automatic_collection: None) -> None:
    opener = CameraOpener("synthetic", stepped=True, faults={})
    set_opener(lambda options: Devices(camera=Camera.around(opener)))
    try:
        app = make_app()
        app.start(MenuScene(app))
        scene = _physical_game(app)
        app.stack.push(scene)
        run_frames(app, 30)
        table, visitor = opener.source, opener.visitor
        assert isinstance(table, TableCamera) and visitor is not None  # tests and benches see them
        refs: list[weakref.ref[Any]] = [weakref.ref(table), weakref.ref(visitor), weakref.ref(scene)]
        del table, visitor, scene
        app.stack.pop()  # back to the menu: the game is saved and left
        run_frames(app, 2)
        assert [ref() is None for ref in refs] == [True, True, True]
        assert opener.source is None and opener.visitor is None
        app.close()
    finally:
        set_opener(None)


def test_attract_mode_moving_on_frees_the_last_demo_game(no_automatic_collection: None) -> None:
    app = make_app()
    app.start(MenuScene(app))
    demo = DemoScene(app)
    app.stack.push(demo)
    run_frames(app, 2)
    last = weakref.ref(demo.current)
    run_frames(app, round(60 * GAME_SECONDS) + 2)
    assert demo.current is not last() and last() is None
    app.close()


def _scope_bytes(scope: str) -> int:
    return sum(cache.nbytes for cache in budget.caches() if cache.scope == scope)


def test_a_science_corner_left_gives_back_its_games_pictures() -> None:
    app = make_app()
    app.start(MenuScene(app))
    budget.release(["awele"])  # what other tests left
    run_frames(app, 2)
    menu_alone = _scope_bytes("awele")  # the menu's card draws a seed (4 kB)
    app.stack.push(awele_corner(app, 0))
    run_frames(app, 30)
    assert _scope_bytes("awele") > menu_alone + (1 << 20)  # the explorer's board and pits
    app.stack.pop()
    run_frames(app, 2)  # the corner is collected at the frame after the change (kiosk/stack.py)
    assert _scope_bytes("awele") == menu_alone
    app.close()
