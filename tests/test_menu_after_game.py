"""The menu back after a game paints no card sprite on the frame thread (issue 43): the card of the
game kept aside wears "Continuer ma partie", a look of its own whose sprites (the card, what lies
under and over its picture) exist in each of 4 phases of its bob, and the cards' cache at its
budget drops some of the other cards' for them. The menu drawn ahead (``MenuScene.prepare``, off
the frame thread) drew only its first frame: each other phase was painted by the visitor's frame
that reached it (3.4-4.3 ms of CPU, 300 page faults at 1080p, every 10 frames)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from kiosk import menu as menu_module
from kiosk.app import App
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.warmup import warm_up
from tests.first_moves import frames_until, play_from_menu
from tests.visitor import make_app


@pytest.fixture
def app() -> Iterator[App]:
    kiosk = make_app((1920, 1080), seed=3)
    yield kiosk
    kiosk.close()


@pytest.mark.parametrize("game", ["hexapawn", "lewthwaite"])
def test_the_menu_after_a_game_paints_no_card_on_the_frame_thread(app: App, game: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    warm_up(app)  # as the kiosk starts: every card in every phase of its bob
    app.start(MenuScene(app))
    app.tick()
    scene = play_from_menu(app, game, GameScene)
    frames_until(app, lambda: scene.person_to_move() and not scene.busy(), "a person's turn")
    scene.match.play(scene.match.state.legal_moves()[0])  # a move: the game is kept aside
    frames_until(app, lambda: not scene.busy(), "the move shown")
    painted: list[str] = []
    sprite = menu_module.CARD_SPRITES._sprite

    def counted(screen: object, key: object, *args: object) -> object:
        before = menu_module.CARD_SPRITES.painted
        found = sprite(screen, key, *args)  # type: ignore[arg-type]
        if menu_module.CARD_SPRITES.painted != before and threading.current_thread() is threading.main_thread() \
                and isinstance(app.stack.top, MenuScene):
            painted.append(repr(key)[:60])
        return found

    monkeypatch.setattr(menu_module.CARD_SPRITES, "_sprite", counted)
    app.go_home()
    frames_until(app, lambda: isinstance(app.stack.top, MenuScene) and not app.stack.holding, "the menu")
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.continue_button is not None, "the game was not kept aside"
    for _ in range(240):  # a period of the cards' bob (3.9 s)
        app.tick()
    assert not painted, f"{len(painted)} card sprites painted on the frame thread after the game: {painted[:4]}"
