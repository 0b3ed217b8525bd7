"""Issue 43's frame budget, the part ``make test`` can hold on a busy machine: the frame
thread's CPU time (``time.thread_time``, never the wall clock) of the heaviest screens, counted
in *copies*: the CPU time of one opaque copy of the whole 1920x1080 screen, measured in the same
process beside the frames. A loaded or slower machine stretches the frames and the copy alike,
so a budget in copies holds there, and a frame that does real work again (a layer drawn anew,
the game under a card redrawn, a full-screen surface made at every frame) breaks it whatever
the machine. Each budget is a median over many frames (a busy machine's stretched frames do not
move it), about twice what the kiosk needs here; the test prints the figures. The figures in
milliseconds, for whole visits, with issue 43's targets (p99 4 ms, worst 8 ms, 1 ms at rest),
are in ``bench/bench_frames.py`` (``make bench``).

The screens are the kiosk's own at 1920x1080, headless (a hint is worked out at once): the
menu at rest, the science pages that say what they show or draw only what moves over a still
layer, the settings screen, each game waiting for a tap,
Lewthwaite with the hint's capsules, the who-plays card, the end card popping in with confetti
and folded, every rules page.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

import pygame
import pytest

from games.lewthwaite.corner import AnyBoardPage
from kiosk.app import App, AppOptions
from kiosk.frames import FrameComposer
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.operator import SettingsScene
from kiosk.overlays import ConfirmScene, EndCard, EndScene, RulesScene
from kiosk.science import ScienceScene
from kiosk.screens import screens_for
from kiosk.seats import SeatsScene
from tests.visitor import game_scene_games

#: Budgets, in full-screen copies per frame (one copy: 0.2 ms on the 2-core machine here).
GAME_AT_REST = 12.0  # a game waiting for a tap (the kiosk: 3-8 copies; drawn whole: 10-17)
#: Games at rest whose frames are mostly not drawn (GameScene.look: Juniper's glowing tiles
#: change with their glow's level, one frame in three; 0.5-0.7 copies; drawn whole: 7.3-11.2).
#: The others draw their live part only (GameScene.draw_changes: 2-5 copies; whole: 3.5-10, too
#: close on a busy machine for a budget: tests/test_game_frames.py holds what they send).
DRAWN_IN_PART = {"juniper": 3.0}
HINT = 16.0  # Lewthwaite with the hint's capsules (3-6; a full-screen layer a frame: 20-50)
CARD_AT_REST = 2.0  # a card once still (under 0.3: the frame is not drawn; drawn: 25+)
END_CARD = 16.0  # the end card popping in, confetti falling (5-9; a new shadow a frame: 30+)
RULES_PAGE = 12.0  # a rules page (3-6; its words drawn at every frame: 10-12)
MENU_AT_REST = 7.0  # the menu at rest (cards from sprites, only pictures and moved cards drawn: 3-5; whole: 14-20)
SCIENCE_MOVING = 2.0  # a science page with something moving, its first seconds (only what moves: 0.1-0.6; whole: 10-25)


def copy_cost() -> float:
    """The frame thread's CPU seconds for one opaque copy of the whole screen (median of 60)."""
    display = pygame.display.get_surface()
    assert display is not None
    source = pygame.Surface(display.get_size()).convert()
    times = []
    for _ in range(60):
        started = time.thread_time()  # clock(cpu): the copy's CPU time on the frame thread
        display.blit(source, (0, 0))
        times.append(time.thread_time() - started)  # clock(cpu): as above
    return statistics.median(times)


class Meter:
    """Runs frames of ``app`` and gives their median CPU time in copies."""

    def __init__(self, app: App) -> None:
        self.app = app

    def run(self, frames: int) -> None:
        """Frames not measured (a screen settling)."""
        for _ in range(frames):
            self.app.tick()

    def median(self, frames: int) -> float:
        """The median frame of the next ``frames``, in copies (the copy measured before and after)."""
        unit = copy_cost()
        times = []
        for _ in range(frames):
            started = time.thread_time()  # clock(cpu): the frame's CPU time, in copies
            self.app.tick()
            times.append(time.thread_time() - started)  # clock(cpu): as above
        return statistics.median(times) / ((unit + copy_cost()) / 2)


@pytest.fixture
def meter() -> Iterator[Meter]:
    app = App(AppOptions(frames=1, size=(1920, 1080), seed=3, mute=True))
    app.home_factory = MenuScene
    yield Meter(app)
    app.close()


def open_game(meter: Meter, game: str) -> GameScene:
    """``game`` from its menu card, the who-plays card accepted, at a person's turn, at rest."""
    app = meter.app
    app.start(screens_for(game).make_scene(app))
    meter.run(3)
    if isinstance(app.stack.top, SeatsScene):
        app.stack.top.play_button.on_click()
    meter.run(5)
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    for _ in range(900):
        if scene.person_to_move() and not scene.busy():
            break
        meter.run(1)
    meter.run(60)
    return scene


@pytest.mark.parametrize("game", game_scene_games())
def test_a_game_waiting_for_a_tap_costs_a_few_copies_a_frame(meter: Meter, game: str) -> None:
    open_game(meter, game)
    copies = meter.median(120)
    budget = DRAWN_IN_PART.get(game, GAME_AT_REST)
    print(f"\n{game} at rest: {copies:.1f} copies a frame")
    assert copies <= budget, f"{game}: a frame at rest costs {copies:.1f} copies (budget {budget})"


def test_the_hint_on_the_board_costs_a_few_copies_a_frame(meter: Meter) -> None:
    scene = open_game(meter, "lewthwaite")
    scene.toggle_hint()
    meter.run(30)
    assert scene.hint() is not None
    copies = meter.median(120)
    print(f"\nLewthwaite with the hint: {copies:.1f} copies a frame")
    assert copies <= HINT, f"a frame with the hint's capsules costs {copies:.1f} copies (budget {HINT})"


def test_a_card_at_rest_is_not_drawn_again(meter: Meter) -> None:
    app = meter.app
    app.start(screens_for("juniper").make_scene(app))
    meter.run(30)
    assert isinstance(app.stack.top, SeatsScene)
    copies = meter.median(60)
    print(f"\nthe who-plays card at rest: {copies:.2f} copies a frame")
    assert copies <= CARD_AT_REST, f"the who-plays card at rest costs {copies:.1f} copies a frame"


def test_the_end_card_pops_in_and_folds_within_budget(meter: Meter) -> None:
    scene = open_game(meter, "awele")
    card = EndCard("Tu as gagné !", "Tu as pris plus de la moitié des graines.", "Encore une ?", celebrate=True)
    end = EndScene(meter.app, card, scene.restart, scene.toolbar_area)
    meter.app.stack.push(end)
    meter.run(16)  # the veil fades in
    popping = meter.median(60)  # the card pops in (0.7 s), confetti falls
    end.fold()
    meter.run(3)
    folded = meter.median(60)
    print(f"\nthe end card: {popping:.1f} copies a frame popping in, {folded:.2f} folded")
    assert popping <= END_CARD, f"a frame of the end card popping in costs {popping:.1f} copies (budget {END_CARD})"
    assert folded <= CARD_AT_REST, f"a frame of the folded end card costs {folded:.1f} copies (budget {CARD_AT_REST})"


def test_every_rules_page_costs_a_few_copies_a_frame(meter: Meter) -> None:
    scene = open_game(meter, "lewthwaite")
    scene.show_rules()
    meter.run(3)
    rules = meter.app.stack.top
    assert isinstance(rules, RulesScene)
    pages = []
    for page in range(len(rules.pages)):
        rules.page, rules.page_time = page, 0.0
        meter.run(3)
        pages.append(meter.median(40))
    print("\nrules pages: " + ", ".join(f"{copies:.1f}" for copies in pages) + " copies a frame")
    assert max(pages) <= RULES_PAGE, f"a rules page costs {max(pages):.1f} copies a frame (budget {RULES_PAGE})"


def test_the_menu_at_rest_costs_a_few_copies_a_frame(meter: Meter) -> None:
    meter.app.start(MenuScene(meter.app))
    meter.run(240)  # a card bobs in 3.9 s: its sprites of every phase are painted
    copies = meter.median(240)
    print(f"\nthe menu at rest: {copies:.1f} copies a frame")
    assert copies <= MENU_AT_REST, f"a frame of the menu at rest costs {copies:.1f} copies (budget {MENU_AT_REST})"


@pytest.mark.parametrize(("game", "tab"), [("hexapawn", 0), ("hexapawn", 1), ("lightning", 1)])
def test_a_science_page_that_says_what_it_shows_is_not_drawn_again(meter: Meter, game: str, tab: int) -> None:
    app = meter.app
    app.start(MenuScene(app))
    corner = screens_for(game).make_science_scene
    assert corner is not None
    app.stack.push(corner(app, tab))
    meter.run(30)
    assert isinstance(app.stack.top, ScienceScene) and app.stack.top.page.look() is not None
    copies = meter.median(120)
    print(f"\n{game}'s science tab {tab} at rest: {copies:.2f} copies a frame")
    assert copies <= CARD_AT_REST, f"{game}'s science tab {tab} at rest costs {copies:.1f} copies a frame"


#: The science pages where something pulses, slides or counts: drawn in layers (only what moved
#: drawn again) or said still between changes (kiosk/science.py).
MOVING_PAGES = [("lewthwaite", 0), ("lewthwaite", 1), ("lewthwaite", 2), ("lewthwaite", 3), ("awele", 0),
                ("awele", 1), ("lightning", 0)]


@pytest.mark.parametrize(("game", "tab"), MOVING_PAGES)
def test_a_science_page_that_moves_draws_only_what_moves(meter: Meter, game: str, tab: int) -> None:
    app = meter.app
    app.start(MenuScene(app))
    corner = screens_for(game).make_science_scene
    assert corner is not None
    scene = corner(app, tab)
    app.stack.push(scene)
    assert isinstance(scene, ScienceScene)
    if isinstance(scene.page, AnyBoardPage):  # a hole the first player wins from: the arrow bounces
        x, y = scene.page.view.center_of((0, 1))
        assert scene.page.tap((round(x), round(y))) and scene.page.verdict.first_move is not None
    meter.run(30)
    # Three seconds: games counted and glowing (random games), moves sliding (the proof), the
    # arrow bouncing (any board), seeds sown (Awélé's big loop), a tile laid (Lightning).
    copies = meter.median(180)
    print(f"\n{game}'s science tab {tab}: {copies:.2f} copies a frame")
    assert copies <= SCIENCE_MOVING, f"{game}'s science tab {tab} costs {copies:.1f} copies a frame"


def test_the_settings_screen_at_rest_is_not_drawn_again(meter: Meter) -> None:
    app = meter.app
    app.start(MenuScene(app))
    meter.run(2)
    app.stack.push(SettingsScene(app))
    meter.run(30)
    copies = meter.median(120)
    print(f"\nthe settings at rest: {copies:.2f} copies a frame")
    assert copies <= CARD_AT_REST, f"the settings screen at rest costs {copies:.1f} copies a frame"


def test_a_veil_fading_in_keeps_no_copy_of_the_screen_a_frame(meter: Meter, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 43: while the question's veil fades in, the card's still part changes at every
    # frame; a screen copy of it kept each time (0.5-1 ms at 1080p) was never used again.
    scene = open_game(meter, "hexapawn")
    kept: list[str] = []
    keep = FrameComposer._keep

    def counted(self: FrameComposer, target: pygame.Surface, name: str, key: object) -> None:
        if key is not None:
            kept.append(name)
        keep(self, target, name, key)

    monkeypatch.setattr(FrameComposer, "_keep", counted)
    meter.app.stack.push(ConfirmScene(meter.app, "Arrêter la partie ?", "La partie en cours sera perdue.",
                                      scene.restart))
    meter.run(12)  # the veil fades in for 0.2 s
    assert kept == ["low"], kept
