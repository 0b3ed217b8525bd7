"""Every string fits the box it is drawn in, in French and in English, at its longest parameters
(issue: "measured, not eyeballed"). Each screen is visited headless in both languages by a
scripted visitor; every translated text drawn in a box is then drawn again in each language.

The visit runs in game time, every update of 1/60 s, and draws one frame in ``DRAW_EVERY``
(0.1 s): a text is on the screen for longer than that, so the same texts are noted (checked
against a visit drawing every frame: the same keys, boxes and parameters for every game), and
drawing, nearly all of a frame's time, is done a sixth as often."""

from __future__ import annotations

import importlib

import pygame
import pytest

from games.registry import installed_games
from kiosk import textfit
from kiosk.app import STEP, App
from kiosk.game_scene import GameScene
from kiosk.i18n import set_language
from kiosk.menu import MenuScene
from kiosk.overlays import EndScene, RulesScene
from tests.kiosk_driver import make_app, press

#: Updates (1/60 s each) per frame drawn.
DRAW_EVERY = 6


def run_frames(app: App, frames: int) -> None:
    """Let ``frames`` updates of game time pass, drawing every ``DRAW_EVERY``-th and the last."""
    while frames > 0:
        step = min(frames, DRAW_EVERY)
        app.tick(STEP * step)
        frames -= step


def visit_game(app, module, records_frames: int = 2) -> None:
    """The menu's path into a game: the who-plays card, a game with hints and wrong taps, the
    rules pages, the end card, folded and unfolded, against the computer and hot-seat."""
    for opponent in ("computer", "friend"):
        scene = module.make_scene(app)
        app.stack.reset(scene)
        app.stack.apply_pending()
        run_frames(app, records_frames)
        card = app.stack.top
        if card is not scene:  # the who-plays card
            card.setup.opponent = opponent
            card._rebuild()
            run_frames(app, records_frames)
            press(app, pygame.K_RETURN)
        if not isinstance(scene, GameScene):
            return
        scene.show_rules()
        run_frames(app, 1)
        rules = app.stack.top
        assert isinstance(rules, RulesScene)
        for _ in rules.pages:
            run_frames(app, 20)
            rules.next()
        app.stack.pop()
        app.stack.apply_pending()
        for _step in range(400):
            if isinstance(app.stack.top, EndScene) or scene.match.is_over():
                break
            if scene.person_to_move():
                if not scene.hint_on and scene.match.has_hints:
                    scene.toggle_hint()
                    run_frames(app, 3)
                moves = scene.state.legal_moves()
                scene.play(moves[len(moves) // 2])
            run_frames(app, 12)
        run_frames(app, 120)
        end = app.stack.top
        if isinstance(end, EndScene):
            end.fold()
            run_frames(app, 2)
            end.unfold()
            run_frames(app, 2)


@pytest.mark.slow
@pytest.mark.parametrize("game", [info.key for info in installed_games()])
def test_every_string_fits_its_box_in_both_languages(game: str) -> None:
    # One game at a time: a whole game visit (Awélé sows seed by seed) takes a minute or two on
    # a loaded machine, so each game gets its own time limit.
    with textfit.recording() as records:
        for lang in ("fr", "en"):
            set_language(lang)
            app = make_app(lang=lang, seed=2)
            app.start(MenuScene(app))
            run_frames(app, 3)
            visit_game(app, importlib.import_module(f"games.{game}.scene"))
    set_language("fr")
    assert len(records) > 10  # the visit drew the screens' texts
    problems = textfit.problems(records)
    assert not problems, "\n".join(problems)
