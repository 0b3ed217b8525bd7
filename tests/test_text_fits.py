"""Every string fits the box it is drawn in, in French and in English, at its longest parameters
(issue: "measured, not eyeballed"). Each screen is visited headless in both languages by a
scripted visitor; every translated text drawn in a box is then drawn again in each language.

The visit runs every frame of game time (1/60 s each, every input) but draws, once a screen has
settled, one frame in ``DRAW_EVERY`` (0.1 s): a text stays on the screen longer than that, and a
new screen's entrance (an animated box) is drawn frame by frame for ``SETTLE`` frames. Checked
against a visit drawing every frame: the same keys, boxes and parameter sets are noted for every
game, and drawing, nearly all of a frame's time, is done about a fifth as often."""

from __future__ import annotations

import importlib

import pygame
import pytest

from games import budget
from games.registry import installed_games
from kiosk import textfit
from kiosk.app import App
from kiosk.game_scene import GameScene
from kiosk.i18n import set_language
from kiosk.menu import MenuScene
from kiosk.overlays import EndScene, RulesScene
from tests.kiosk_driver import make_app, press

#: Updates (1/60 s each) per frame drawn, on a screen that has settled.
DRAW_EVERY = 6
#: Updates after a new screen comes up that are all drawn: its entrance (the end card pops in, its
#: title's box growing for 0.7 s) shows each of its sizes once.
SETTLE = 60


class SparseDrawing:
    """Stands in for ``app.draw``: draws every frame for ``SETTLE`` updates after the screen on
    top changes, and otherwise only the frames :func:`run_frames` marks as due."""

    def __init__(self, app: App) -> None:
        self.app, self.draw = app, app.draw
        self.top: object = None
        self.age = 0
        self.due = True

    def __call__(self) -> None:
        top = self.app.stack.top
        if top is not self.top:
            self.top, self.age = top, 0
        if self.age < SETTLE or self.due:
            self.draw()
        self.age += 1


def run_frames(app: App, frames: int) -> None:
    """Advance ``frames`` frames of 1/60 s (every update, every input), drawing one in
    ``DRAW_EVERY`` and the last once the screen has settled."""
    drawing = app.__dict__.get("draw")
    if not isinstance(drawing, SparseDrawing):
        drawing = SparseDrawing(app)
        app.draw = drawing  # type: ignore[method-assign]
    for frame in range(frames):
        drawing.due = frame % DRAW_EVERY == DRAW_EVERY - 1 or frame == frames - 1
        app.tick()
    drawing.due = True  # a key press's frames (tests.kiosk_driver.press) are all drawn


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
    # Layers drawn once and kept (Lightning's supply labels) note their texts only when drawn: an
    # earlier test in this process must not have drawn them already.
    budget.release_all()
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
