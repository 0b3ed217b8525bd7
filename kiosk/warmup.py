"""Draw every screen once before the first frame, so that no visitor's frame pays for a first time.

A screen's first frame renders what the following frames only copy: the static layer of a game
at the screen's resolution, its sprites, its buttons, the "who plays" card's panel and veil, the
rules pages' pictures, the end card. At 1080p that is 30 to 90 ms in one frame, a visible hitch
each time a visitor opens something. :func:`warm_up` draws them all once, off screen, at the
display's scale, when the kiosk starts (a second or so, before the menu shows); the shared
caches (fonts, labels, buttons, panels) keep theirs within their budgets, and each game's own
pictures are given back at once, as when its screen is left (:mod:`games.budget`).

Warming up changes nothing a visitor could see or hear: the scenes are drawn on a layer of their
own, their effects go nowhere, and the app's random numbers are the same afterwards.

Everything alive then (modules, fonts, the caches just filled) stays for the whole run, so it is
handed to the garbage collector's permanent generation (``gc.freeze``): a full collection no
longer walks it (18 ms at 1080p, a whole frame's budget, in whichever thread it happens).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from games import budget
from games.effects import EffectBus
from kiosk import ui
from kiosk.canvas import LOGICAL_SIZE, Canvas, make_layer
from kiosk.game_scene import GameScene
from kiosk.i18n import tr
from kiosk.menu import MenuScene, playable_games
from kiosk.overlays import ConfirmScene, EndCard, EndScene, RulesScene
from kiosk.seats import SeatsScene

if TYPE_CHECKING:
    from kiosk.app import App


@contextmanager
def _unseen(app: App) -> Iterator[Canvas]:
    """A layer at the display's scale to draw on; the app's effects and random numbers kept."""
    effects, rng_state = app.effects, app.rng.getstate()
    app.effects = EffectBus()
    try:
        # In the display's format: the still layers drawn here go to the pool of screen-sized
        # surfaces (kiosk/frames.py), whose first screens then cost a visitor no page faults.
        yield make_layer(LOGICAL_SIZE, app.screen.scale).convert()
    finally:
        app.effects = effects
        app.rng.setstate(rng_state)


def warm_game(app: App, scene: GameScene, canvas: Canvas) -> None:
    """Draw ``scene`` in each of its views, its "who plays" card, every rules page, the end
    card and the question before stopping a game, once."""
    views = [tool for tool in scene.toolbar if tool.name == "view"]
    scene.draw(canvas)
    for tool in views:  # the other view, then back
        tool.action()
        scene.draw(canvas)
        tool.action()
    for can_cancel in (False, True):
        SeatsScene(app, scene.game, scene.match.spec.levels, scene.current_setup(), scene.setup_choices(),
                   lambda setup: None, first_choice=scene.first_choice, can_cancel=can_cancel,
                   accent=scene.accent).draw(canvas)
    rules = RulesScene(app, tr(f"{scene.game}.rules.title"), scene.rules_pages(), scene.accent)
    for page in range(len(rules.pages)):
        rules.page = page
        rules.draw(canvas)
    rules.on_exit()
    for card in (EndCard(tr("end.you_win"), "", celebrate=True), EndCard(tr("end.computer_wins"), "", tr("end.again"))):
        end = EndScene(app, card, lambda: None, scene.end_bar or scene.toolbar_area)
        end.update(1.0)  # the card popped in
        scene.draw(canvas)
        end.draw(canvas)
        end.folded = True
        end.draw(canvas)
    # "Arrêter la partie ?": its words and buttons (its first frame was 870 page faults, 5 ms
    # more at 1080p, rendering them).
    for detail, icon in (("confirm.home", ui.icon_home), ("confirm.restart", ui.icon_restart)):
        ConfirmScene(app, tr("confirm.title"), tr(detail), lambda: None, icon).draw(canvas)
    scene.still.forget()  # its layer waits in the pool for the first screen


def warm_up(app: App, games: list[str] | None = None) -> float:
    """Draw the menu and every game's screens (or only ``games``') once, off screen; returns
    the seconds it took."""
    started = time.perf_counter()
    with _unseen(app) as canvas:
        MenuScene(app).warm(canvas)  # the cards' sprites in every phase of their bob
        for info, module in playable_games():
            if app.stopped_by is not None:
                break  # a stop signal: the kiosk exits at once, warm or not
            if games is not None and info.key not in games:
                continue
            scene = module.make_scene(app)
            if isinstance(scene, GameScene):
                warm_game(app, scene, canvas)
            else:
                scene.draw(canvas)
            if scene.memory_scope is not None:  # the game's own pictures go (a left screen's do too);
                budget.release([scene.memory_scope])  # fonts, labels and panels stay warm
    gc.unfreeze()  # a second warm-up (a test's second app): what died since is collected
    gc.collect()
    gc.freeze()
    return time.perf_counter() - started
