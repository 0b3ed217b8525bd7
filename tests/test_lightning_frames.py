"""Lightning's frames at 1080p (issue 43): the board's layer drawn again only where squares change
(pixel for pixel the board drawn whole), the halves growing and shrinking in hot-seat from the
picture at their end (no board drawn for the sizes on the way; the end picture the board drawn
whole), and what that costs the frame thread, in full-screen copies (tests/test_frame_budget.py).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from games.lightning import view as lightning_view
from games.lightning.ai import make_player
from games.lightning.corner import DistancePage
from games.lightning.rules import LightningState, Move, Place, Shelve, Take, new_game
from games.lightning.scene import LightningScene, new_match
from games.lightning.scene_parts import panels
from games.lightning.scene_parts.layout import BIG, SMALL, VIEWPORT, Layout
from games.lightning.scene_parts.panels import draw_card
from games.lightning.view import PLAYER_COLORS, PLAYER_DARK, BoardView, Facts
from kiosk import draw, theme, ui
from kiosk.app import App, AppOptions
from kiosk.canvas import Canvas
from kiosk.i18n import tr
from kiosk.menu import MenuScene
from kiosk.science import ScienceScene
from kiosk.screens import screens_for
from tests.test_frame_budget import copy_cost

SIZE = (1920, 1080)
#: The frames where the halves change size, median, in full-screen copies (3 ms at 1080p, about
#: 15 copies, on a loaded machine; a board drawn for each size: 10-13 ms, 50 copies and more).
RESIZE_FRAME = 25.0


@pytest.fixture
def app() -> Iterator[App]:
    app = App(AppOptions(frames=1, size=SIZE, seed=5, mute=True))
    app.home_factory = MenuScene
    yield app
    app.close()


def canvas() -> Canvas:
    return Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))


def board_pixels(view: BoardView, state: LightningState, facts: Facts, skip: frozenset = frozenset()) -> bytes:
    """The board as ``view`` draws it (its glowing centre line aside), on a screen of its own."""
    screen = canvas()
    screen.fill((240, 230, 210))
    view.draw_board(screen, state, facts, 0.0, skip, seam=False)
    return bytes(pygame.image.tobytes(screen.target.subsurface(screen.to_native_rect(view.rect)), "RGB"))


def until_the_persons_turn(app: App, scene: LightningScene, frames: int) -> None:
    """Tick (at most ``frames`` frames) until the person may play or the game is over."""
    for _ in range(frames):
        if scene.match.is_over() or (scene.person_to_move() and not scene.busy()):
            return
        app.tick()


def play_until_won(app: App, scene: LightningScene, helper: Any, rng: random.Random) -> None:
    """Play the person's turns with ``helper`` (the computer answers), frame by frame, until
    the game is over."""
    while not scene.match.is_over():
        until_the_persons_turn(app, scene, 600)
        if not scene.match.is_over():
            scene.play(helper.choose(scene.state, rng, 0.05))


def fresh(view: BoardView) -> BoardView:
    """A view like ``view`` (at rest) that has drawn nothing."""
    other = BoardView(view.geo, view.viewport, view.big, view.small, view.gap)
    other.share = view.share
    return other


class Counter:
    """Counts the calls of a function of the view module, and their arguments."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> None:
        self.calls: list[tuple[Any, ...]] = []
        original = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(args)
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)


def test_a_board_layer_drawn_again_square_by_square_is_the_board_drawn_whole(app: App,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7)
    state = new_game(random.Random(11))
    view = BoardView(state.geo, VIEWPORT, BIG, SMALL)
    view.share = 1.0
    history = [state]
    whole = Counter(monkeypatch, BoardView, "draw_tiles")
    compared = 0
    for step in range(70):
        if step in (40, 55):  # an undo of a few moves, then a new game: many squares at once
            state = history[-5 if step == 40 else 0]
            history = history[:len(history) - 4 if step == 40 else 1]
        else:
            moves = state.legal_moves()
            if not moves or state.is_terminal():
                break
            state = state.play(rng.choice(moves))
            history.append(state)
        facts = Facts.of(state)
        placed = [state.geo.cell(i) for i, code in enumerate(state.board) if code]
        # The tile just laid left out (it lands), then the facts not known yet, then all shown.
        for skip, shown in ((frozenset(placed[-1:]), facts), (frozenset(), Facts.pending()), (frozenset(), facts)):
            assert board_pixels(view, state, shown, skip) == board_pixels(fresh(view), state, shown, skip), \
                f"step {step}: the board drawn square by square differs from the board drawn whole"
            compared += 1
    assert compared >= 150
    # Drawn whole: the first board, the undo and the new game (each fresh view once a comparison).
    drawn_whole = len(whole.calls) - compared
    assert drawn_whole <= 3, f"{drawn_whole} boards drawn whole for single moves"


def hot_seat(app: App) -> LightningScene:
    scene = LightningScene(app, new_match(app, "human", "human"))
    app.start(scene)
    for _ in range(30):
        app.tick()
    return scene


def turn(app: App, scene: LightningScene) -> None:
    """A person takes a tile from the pool and lays it: the other half starts growing."""
    scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Take)))
    for _ in range(30):
        app.tick()
    places = [m for m in scene.state.legal_moves() if isinstance(m, Place)]
    scene.play(places[len(places) // 2])


def test_the_halves_resize_from_the_picture_at_their_end(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = hot_seat(app)
    backgrounds = Counter(monkeypatch, lightning_view, "board_background")
    whole = Counter(monkeypatch, BoardView, "draw_tiles")
    resting = {(BIG, SMALL), (SMALL, BIG)}
    compared = 0
    for _ in range(3):
        start = scene.view.sizes
        turn(app, scene)
        seen = set()
        for frame in range(40):
            app.tick()
            seen.add(scene.view.sizes)
            view = scene.view
            if frame % 4 == 1 and view.sizes != view.resting_sizes:  # on the way: from kept copies
                other = fresh(view)
                other.goal = view.goal
                shown = scene.motion.hidden()
                assert board_pixels(view, scene.state, scene.facts, shown) == \
                    board_pixels(other, scene.state, scene.facts, shown), f"frame {frame} of the resize differs"
                compared += 1

        assert scene.view.sizes == start[::-1] and len(seen) >= 10, "the halves did not change size smoothly"
        view = scene.view
        assert board_pixels(view, scene.state, scene.facts) == board_pixels(fresh(view), scene.state, scene.facts), \
            "the board at the end of the resize differs from the board drawn whole"
    drawn = {args[2] for args in backgrounds.calls}
    assert drawn <= resting, f"a board background drawn for the sizes on the way: {sorted(drawn - resting)}"
    drawn_whole = len(whole.calls) - 3 - compared  # the fresh views'
    assert compared >= 6
    assert drawn_whole <= 2, f"{drawn_whole} boards drawn whole in three turns"


def test_a_frame_of_the_halves_resizing_costs_a_few_copies(app: App) -> None:
    scene = hot_seat(app)
    turn(app, scene)
    for _ in range(60):
        app.tick()
    costs = []
    for _ in range(4):
        turn(app, scene)
        unit = copy_cost()
        for _ in range(40):
            before = scene.view.sizes
            started = time.thread_time()  # clock(cpu): the frame's CPU time, in copies
            app.tick()
            spent = time.thread_time() - started  # clock(cpu): as above
            if scene.view.sizes != before:
                costs.append(spent / unit)
    copies = statistics.median(costs)
    print(f"\na frame of the halves resizing: {copies:.1f} copies (median of {len(costs)})")
    assert copies <= RESIZE_FRAME, f"a frame of the halves resizing costs {copies:.1f} copies (budget {RESIZE_FRAME})"


def test_a_new_game_on_the_distance_page_is_painted_ahead(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lightning's science page of distances: a game's first position, as every next one, is
    painted a few squares a frame (painted whole in one frame, it took 11-29 ms at 1080p)."""
    painted = [0]
    paint = DistancePage._paint_board

    def counted(*args: Any) -> Iterator[None]:
        for step in paint(*args):
            painted[0] += 1
            yield step

    monkeypatch.setattr(DistancePage, "_paint_board", staticmethod(counted))
    app.start(MenuScene(app))
    corner = screens_for("lightning").make_science_scene
    assert corner is not None
    scene = corner(app, 0)
    app.stack.push(scene)
    assert isinstance(scene, ScienceScene) and isinstance(scene.page, DistancePage)
    page = scene.page
    most, games = 0, set()
    for frame in range(240):
        if frame == 120:
            page.new_game()
        painted[0] = 0
        app.tick()
        most = max(most, painted[0])
        if tr("lightning.science.distance.begin") in scene.texts:  # the first position's story
            games.add(page.games)
    assert games == {1, 2}, "a game's first position never showed"
    assert most <= DistancePage.CELLS_WHEN_DUE, f"{most} squares of the board painted in one frame"


def drawn_whole(app: App, scene: LightningScene) -> bytes:
    """The frame as :meth:`LightningScene.draw_game` draws it, with no still layer."""
    shown = scene._shown  # the screen's own record: drawing elsewhere must not change it
    screen = canvas()
    scene.still_key = lambda: None  # type: ignore[method-assign]
    try:
        scene.draw(screen)
    finally:
        del scene.still_key
        scene._shown = shown
    return bytes(pygame.image.tobytes(screen.target, "RGB"))


@pytest.mark.parametrize(("red", "blue"), [("human", "human"), ("human", "builder")])
def test_tiles_moving_are_drawn_over_the_still_layer(app: App, red: str, blue: str) -> None:
    """A tile flying (taken, laid by the computer, shelved), landing, the halves resizing: the
    moving part drawn over the still layer, only where it moves when that is small, the same
    pixels as the frame drawn whole."""
    scene = LightningScene(app, new_match(app, red, blue))
    app.start(scene)
    for _ in range(30):
        app.tick()
    moving = partial = resizing = redrawn = 0
    for step in range(10):
        until_the_persons_turn(app, scene, 400)  # the computer's turn, in two moves
        moves = scene.state.legal_moves()
        kind: type[Move] = Take if scene.state.hand is None else Place
        if step % 4 == 2 and any(isinstance(m, Shelve) for m in moves):
            kind = Shelve
        chosen = [m for m in moves if isinstance(m, kind)]
        scene.play(chosen[len(chosen) // 2])
        for frame in range(40):
            before, layers = app.frames.partial, scene.still.redrawn
            app.tick()
            if scene.view.share != scene._share_target():  # the halves resize: a board's worth
                resizing += 1
                redrawn += scene.still.redrawn - layers
            elif scene.busy() or scene.motion.moving():
                moving += 1
                partial += app.frames.partial - before
            if frame % 3 == 0:
                assert bytes(pygame.image.tobytes(app.display, "RGB")) == drawn_whole(app, scene), \
                    f"step {step}, frame {frame}: the moving part over the still layer differs"
    print(f"\n{red} against {blue}: {partial} of {moving} frames with a tile moving drawn in part; "
          f"the still layer drawn {redrawn} times in {resizing} frames of the halves resizing")
    assert moving >= 60 and partial >= 0.8 * moving, f"{partial} of {moving} frames with a tile moving drawn in part"
    assert redrawn <= resizing // 5, f"the still layer drawn {redrawn} times in {resizing} frames of resizing"


def test_the_winning_bolt_is_drawn_once_and_flickers_over_the_still_layer(app: App,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The flash and the bolt of a win: the bolt's glow and core drawn once (a frame blits them;
    drawn at every frame, with a new layer, they took 2-4 ms at 1080p), the flash and the bolt
    over the still layer (the same pixels as the frame drawn whole)."""
    scene = LightningScene(app, new_match(app, "human", "builder"))
    app.start(scene)
    rng = random.Random(1)
    helper = make_player("builder")
    for _ in range(30):
        app.tick()
    play_until_won(app, scene, helper, rng)
    assert scene.state.winner is not None
    strokes = Counter(monkeypatch, lightning_view, "polyline")
    for frame in range(90):
        app.tick()
        if frame % 10 == 5 and app.stack.top is scene:
            assert bytes(pygame.image.tobytes(app.display, "RGB")) == drawn_whole(app, scene), \
                f"frame {frame} of the win drawn over the still layer differs"
    cells = len(scene.facts.winning)
    bolt = [args for args in strokes.calls if tuple(args[1][:3]) in (lightning_view.GOLD, (255, 255, 236))]
    assert cells and len(bolt) <= 3 * cells, f"{len(bolt)} strokes of the bolt drawn ({cells} squares) in 90 frames"


def card_drawn_straight(surface: Canvas, player: int, total: int, done: int, name: str, lines: tuple[str, str],
                        active: float | None) -> None:
    """A player's card drawn straight on the screen, as :func:`draw_card` drew it before it kept
    its pictures (the reference for their pixels)."""
    card = Layout.CARDS[player].move(0, -round(3 * math.sin(active * 3)) if active is not None else 0)
    colour, dark = PLAYER_COLORS[player], PLAYER_DARK[player]
    ui.draw_panel(surface, card, theme.PANEL, 22, 10, border=colour if active is not None else None)
    draw.rect(surface, colour, pygame.Rect(card.x, card.y, card.width, 52), border_top_left_radius=22,
              border_top_right_radius=22)
    Layout.CARD_NAME.draw(surface, name, theme.WHITE, rect=Layout.CARD_NAME.rect.move(card.topleft))
    Layout.CARD_BIG.draw(surface, lines[0], dark, rect=Layout.CARD_BIG.rect.move(card.topleft))
    gauge = pygame.Rect(card.x + 22, card.y + 108, card.width - 44, 18)
    draw.rect(surface, (236, 228, 214), gauge, border_radius=9)
    if done:
        draw.rect(surface, colour, pygame.Rect(gauge.x, gauge.y, max(18, round(gauge.width * done / total)), 18),
                  border_radius=9)
    Layout.CARD_WHY.draw(surface, lines[1], theme.INK_SOFT, rect=Layout.CARD_WHY.rect.move(card.topleft))


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_a_bobbing_card_is_drawn_once_per_place_with_the_same_pixels(app: App, scale: float,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(random.Random(3))
    total = state.geo.half_rows
    looks = [(9, ("Encore 9 tuiles", "au moins, pour relier ton bord de départ au trait doré du milieu.")),
             (8, ("Encore 8 tuiles", "au moins, pour relier ton bord de départ au trait doré."))]
    size = (round(1280 * scale), round(720 * scale))
    texts = Counter(monkeypatch, ui.TextBox, "draw")
    for distance, lines in looks:  # the second look drawn over the first one's pictures
        for player in (1, 2):
            for active in [None, *(k * 0.07 for k in range(30))]:
                drawn, straight = (Canvas(pygame.Surface(size), (1280, 720), scale, (0, 0)) for _ in range(2))
                for screen in (drawn, straight):
                    screen.blit(ui.background((1280, 720)), (0, 0))
                draw_card(drawn, player, state, distance, "Toi", lines, active)
                card_drawn_straight(straight, player, total, total - distance, "Toi", lines, active)
                assert pygame.image.tobytes(drawn.target, "RGB") == pygame.image.tobytes(straight.target, "RGB"), \
                    f"player {player}'s card at {active} drawn from its picture differs"
    kept = len(texts.calls) - 2 * 2 * 31 * 3  # the straight drawings' three texts each
    assert kept <= 2 * 2 * 8 * 3, f"{kept} texts drawn for two cards in their eight places, two looks each"


@pytest.mark.parametrize(("scale", "offset"), [(1.0, (0, 0)), (1.5, (0, 0)), (2.0, (0, 0)), (1.0671875, (0, 1))])
def test_the_pool_is_drawn_once_per_height_with_the_same_pixels(scale: float, offset: tuple[int, int],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool's stack of face-down tiles (40 shapes for five) is drawn once per height and
    blitted, pixel for pixel the backs drawn one by one on the screen (1080p, 4K, 1366x768 with
    its letterbox). Before, every painting of the pool's part drew its shapes again."""
    state = new_game(random.Random(3))
    size = (round(1280 * scale), round(720 * scale) + 2 * offset[1])
    backs = Counter(monkeypatch, panels, "draw_tile_back")
    for pool in (150, 121, 91, 61, 31, 1, 0):
        state = replace(state, pool=(pool, *(0 for _ in state.pool[1:])))
        for _ in range(2):
            drawn, straight = (Canvas(pygame.Surface(size), (1280, 720), scale, offset) for _ in range(2))
            for screen in (drawn, straight):
                screen.blit(ui.background((1280, 720)), (0, 0))
            panels.draw_supply(drawn, state, taking=False, time=0.0, pool_text="", hand_label="", hand_tile=None,
                               parts=("pool",))
            for k in range(min(5, (pool + 29) // 30), 0, -1):  # as the pool was drawn: each back on the screen
                lightning_view.draw_tile_back(straight, Layout.POOL_RECT.move(k * 3 - 3, -k * 3 + 3))
            assert pygame.image.tobytes(drawn.target, "RGB") == pygame.image.tobytes(straight.target, "RGB"), \
                f"a pool of {pool} tiles drawn from its picture differs"
    assert len(backs.calls) <= 5 + 4 + 3 + 2 + 1, f"{len(backs.calls)} tile backs drawn for 14 pools of 5 heights"


def still_layer_pixels(scene: LightningScene) -> bytes:
    """The pixels of ``scene``'s still layer as it is kept."""
    found = scene.still._cache.get("layer")
    assert found is not None and isinstance(found[1], Canvas)
    return bytes(pygame.image.tobytes(found[1].target, "RGB"))


def still_layer_painted_whole(scene: LightningScene) -> bytes:
    """The still layer of ``scene`` now painted whole, on a layer of its own."""
    layer = canvas()
    layer.fill((0, 0, 0))
    scene._paint_still(layer, layer.get_clip())
    return bytes(pygame.image.tobytes(layer.target, "RGB"))


@pytest.mark.parametrize(("red", "blue"), [("human", "human"), ("human", "builder")])
def test_the_still_layer_is_painted_again_only_where_it_changed(app: App, monkeypatch: pytest.MonkeyPatch,
                                                                 red: str, blue: str) -> None:
    """A move changes the still layer several times (the position, its facts, the tile flying
    in, the hand, the cards): each time only the parts that look different are painted again
    over the layer's last picture (the paper under each, then what lies there), with the pixels
    of the layer painted whole. Painted whole, each change drew the whole screen's paper and
    every part (1.4 ms quiet at 1080p, 2-4 ms on a busy machine)."""
    scene = LightningScene(app, new_match(app, red, blue))
    app.start(scene)
    for _ in range(30):
        app.tick()
    spent: list[float] = []
    shares: list[float] = []
    painted = [0.0]
    paint, header = LightningScene.draw_still, LightningScene._draw_header

    def timed(self: LightningScene, surface: Any) -> None:
        painted[0] = 0.0
        started = time.thread_time()  # clock(cpu): the still layer's painting (printed, not judged)
        paint(self, surface)
        spent.append(time.thread_time() - started)  # clock(cpu): as above
        shares.append(painted[0])

    def paper(self: LightningScene, surface: Any) -> None:  # the paper under every part painted
        clip = surface.get_clip()
        painted[0] += clip.width * clip.height / (1280 * 720)
        header(self, surface)

    monkeypatch.setattr(LightningScene, "draw_still", timed)
    monkeypatch.setattr(LightningScene, "_draw_header", paper)
    compared = 0
    changes: list[float] = []
    for step in range(16):
        until_the_persons_turn(app, scene, 400)  # the computer's turn, in two moves
        if scene.match.is_over():
            break
        moves = scene.state.legal_moves()
        kind: type[Move] = Take if scene.state.hand is None else Place
        if step % 5 == 3 and any(isinstance(m, Shelve) for m in moves):
            kind = Shelve
        chosen = [m for m in moves if isinstance(m, kind)]
        scene.play(chosen[len(chosen) // 3])
        if step == 9 and scene.can_take_back():  # an undo: many squares at once
            scene.undo()
        for _ in range(40):
            layers = scene.still.redrawn + scene.still.patched
            calls = len(shares)
            app.tick()
            if scene.still.redrawn + scene.still.patched != layers:
                # A change's share: the areas it painted, each a call (the board's bounds and the
                # cards apart, at a hot-seat lay), together.
                changes.append(sum(shares[calls:]))
                assert still_layer_pixels(scene) == still_layer_painted_whole(scene), \
                    f"step {step}: the still layer painted where it changed differs from it painted whole"
                compared += 1
    share = statistics.median(changes)
    print(f"\n{red} against {blue}: the still layer painted {len(changes)} times, median {share:.0%} of it again, "
          f"{1000 * statistics.median(spent):.2f} ms CPU a call")
    assert compared >= 25
    assert share <= 0.2, f"a change of the still layer paints {share:.0%} of it again (median)"


def test_the_halves_growing_back_copy_only_the_squares_drawn_since(app: App) -> None:
    """Each split's halves are kept in the display's format (the resize scales them): a lay in
    hot-seat makes the other split the one at rest, and its halves are brought up to date with
    the squares drawn again since they were last shown, not copied whole (both halves, 0.8 ms at
    1080p, in the frame of each lay before), pixel for pixel the board drawn whole."""
    scene = hot_seat(app)
    for _ in range(2):  # each split's halves copied once (a game drawn ahead copies them then)
        turn(app, scene)
        for _ in range(40):
            app.tick()
    copied = scene.view.halves_copied
    for _ in range(4):
        turn(app, scene)
        for frame in range(40):
            app.tick()
            view = scene.view
            if frame % 8 == 4 and view.sizes != view.resting_sizes:
                other = fresh(view)
                other.goal = view.goal
                shown = scene.motion.hidden()
                assert board_pixels(view, scene.state, scene.facts, shown) == \
                    board_pixels(other, scene.state, scene.facts, shown), f"frame {frame} of the resize differs"
    assert scene.view.halves_copied == copied, \
        f"{scene.view.halves_copied - copied} halves copied whole in four hot-seat turns"


def test_the_halves_resizing_are_scaled_straight_onto_the_screen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the halves grow and shrink, each half's squares are scaled straight onto the screen
    (not into a kept surface, then copied: a copy of half the board less per half and frame),
    with the pixels of the copied way."""
    scene = hot_seat(app)
    scratches = Counter(monkeypatch, BoardView, "_scratch_for")
    resizing = compared = 0
    for _ in range(2):
        turn(app, scene)
        for frame in range(40):
            app.tick()
            view = scene.view
            if view.sizes == view.resting_sizes:
                continue
            resizing += 1
            if frame % 5 == 2:
                pictures = []
                for straight in (True, False):
                    with monkeypatch.context() as patch:
                        if not straight:  # the copied way, as before
                            patch.setattr(lightning_view, "_scales_onto", lambda *_: False)
                        screen = canvas()
                        screen.fill((240, 230, 210))
                        view.draw_board(screen, scene.state, scene.facts, 0.0, scene.motion.hidden(), seam=False)
                        pictures.append(pygame.image.tobytes(screen.target, "RGB"))
                assert pictures[0] == pictures[1], f"frame {frame}: the halves scaled straight differ from copied"
                compared += 1
    copied = len(scratches.calls) - 2 * compared  # the copied way's, for the comparisons
    assert resizing >= 20 and compared >= 4
    assert copied == 0, f"{copied} halves scaled into a kept surface, then copied, in {resizing} frames of resizing"


def test_the_breathing_squares_are_drawn_again_in_runs(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """At rest with a tile in hand, the squares where it may go breathe at every frame: the
    still layer is copied back under them in runs of touching squares, not square by square
    (a blit and a few checks each: 20-50 areas a frame), with the pixels of the frame drawn whole."""
    scene = LightningScene(app, new_match(app, "human", "builder"))
    app.start(scene)
    for _ in range(3000):  # a few turns in, where the squares to lay on are many
        if scene.person_to_move() and not scene.busy():
            if scene.state.placed >= 8 and scene.state.hand is not None:
                break
            kind: type[Move] = Take if scene.state.hand is None else Place
            chosen = [m for m in scene.state.legal_moves() if isinstance(m, kind)]
            scene.play(chosen[len(chosen) // 2])
        app.tick()
    assert scene.state.hand is not None and scene.state.placed >= 8, "no turn with a tile in hand came"
    for _ in range(60):
        app.tick()
    copies = Counter(monkeypatch, type(scene.still), "copy_area")
    legal = len(scene.facts.legal)
    per_frame = []
    for frame in range(60):
        before = len(copies.calls)
        app.tick()
        per_frame.append(len(copies.calls) - before)
        if frame % 10 == 3:
            assert bytes(pygame.image.tobytes(app.display, "RGB")) == drawn_whole(app, scene), \
                f"frame {frame} at rest differs from the frame drawn whole"
    copied = statistics.median(per_frame)
    print(f"\n{legal} squares to lay on: {copied} areas copied back a frame (median)")
    assert legal >= 10 and scene.person_to_move()
    assert copied <= legal // 2 + 4, f"{copied} areas copied back a frame for {legal} breathing squares"


def test_the_winning_bolt_is_drawn_ahead_off_the_frame_thread(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bolt's pictures are drawn with the won position's facts, on the thinker's thread: the
    frames of the win only blit them (drawn on the frame of the win, they took 3-11 ms at 1080p)."""
    import threading

    from games.budget import release

    release(["lightning"])  # no bolt kept from another test's game
    scene = LightningScene(app, new_match(app, "human", "builder"))
    app.start(scene)
    rng = random.Random(1)
    helper = make_player("builder")
    frame_thread = threading.get_ident()
    strokes: list[int] = []
    stroke = lightning_view.polyline

    def counted(surface: Any, color: Any, *args: Any, **kwargs: Any) -> None:
        if tuple(color[:3]) in (lightning_view.GOLD, (255, 255, 236)):
            strokes.append(threading.get_ident())
        stroke(surface, color, *args, **kwargs)

    monkeypatch.setattr(lightning_view, "polyline", counted)
    for _ in range(30):
        app.tick()
    play_until_won(app, scene, helper, rng)
    for frame in range(90):
        app.tick()
        if frame % 10 == 5 and app.stack.top is scene:
            assert bytes(pygame.image.tobytes(app.display, "RGB")) == drawn_whole(app, scene), \
                f"frame {frame} of the win differs from the frame drawn whole"
    cells = len(scene.facts.winning)
    on_frames = strokes.count(frame_thread)
    assert cells and len(strokes) >= cells, "the bolt was never drawn"
    assert on_frames == 0, f"{on_frames} strokes of the bolt drawn on the frame thread ({cells} squares)"


@pytest.mark.parametrize(("red", "blue"), [("human", "human"), ("human", "builder")])
def test_the_cards_are_drawn_ahead_off_the_frame_thread(app: App, monkeypatch: pytest.MonkeyPatch, red: str,
                                                         blue: str) -> None:
    """A lay changes the words of both cards, and the turn passing makes one card still and the
    other bob: their pictures (about a millisecond each at 1080p) are drawn with the position's
    facts on the thinker's thread, still and in each place of the bob, so the frames only blit
    them. Before, every one was drawn on the frame thread (88 in ten turns against the computer)."""
    import threading

    made: list[bool] = []
    put = panels._PICTURES.put  # noqa: SLF001 - where a picture drawn is kept

    def counted(key: Any, value: Any, size: int | None = None) -> Any:
        made.append(threading.current_thread() is threading.main_thread())
        return put(key, value, size)

    scene = LightningScene(app, new_match(app, red, blue))
    app.start(scene)
    for _ in range(30):  # the first facts (until then the cards show no words: drawn on the frame)
        app.tick()
    monkeypatch.setattr(panels._PICTURES, "put", counted)  # noqa: SLF001 - as above
    for step in range(12):
        until_the_persons_turn(app, scene, 400)
        if scene.match.is_over():
            break
        kind: type[Move] = Take if scene.state.hand is None else Place
        chosen = [m for m in scene.state.legal_moves() if isinstance(m, kind)]
        scene.play(chosen[len(chosen) // 2])
        for frame in range(40):
            app.tick()
            if frame in (0, 20) and app.stack.top is scene:
                assert bytes(pygame.image.tobytes(app.display, "RGB")) == drawn_whole(app, scene), \
                    f"step {step}, frame {frame} differs from the frame drawn whole"
    on_frames = made.count(True)
    print(f"\n{red} against {blue}: {len(made)} card pictures drawn, {on_frames} on the frame thread")
    assert len(made) >= 16, "the cards' words never changed"
    assert on_frames == 0, f"{on_frames} of {len(made)} card pictures drawn on the frame thread"


def test_a_flight_ending_does_not_paint_the_still_layer_again(app: App) -> None:
    """A tile's flight to the board or the reserve ending (the computer's tile landing) changes
    what is live (the glowing supply, the hand's buttons, the tile landing), not the still layer:
    that frame is drawn in part over it, not whole with the layer painted again (a flight into
    the hand does change it: the tile then lies in the hand's slot)."""
    scene = LightningScene(app, new_match(app, "human", "builder"))
    app.start(scene)
    for _ in range(30):
        app.tick()
    ends = repainted = 0
    for _ in range(8):
        for _ in range(400):
            if scene.person_to_move() and not scene.busy():
                break
            flight, version, facts, layers = scene.motion.flight, scene.match.version, scene.watch.version, \
                scene.still.redrawn
            app.tick()
            if flight is not None and flight.kind != "take" and scene.motion.flight is None \
                    and scene.match.version == version and scene.watch.version == facts:
                ends += 1
                repainted += scene.still.redrawn - layers
        kind: type[Move] = Take if scene.state.hand is None else Place
        chosen = [m for m in scene.state.legal_moves() if isinstance(m, kind)]
        scene.play(chosen[len(chosen) // 2])
    assert ends >= 4
    assert repainted == 0, f"the still layer painted again at {repainted} of {ends} flights' ends"


@pytest.mark.parametrize(("red", "blue"), [("human", "human"), ("human", "builder")])
def test_a_new_still_key_is_drawn_in_part(app: App, red: str, blue: str) -> None:
    """A move's new still keys (the position, its facts, the tile in hand, the cards) paint
    again only the parts of the still layer that changed (:meth:`LightningScene.still_parts`),
    and those frames are drawn in part, with the pixels of the frame drawn whole. Before, each
    such frame painted the layer (draw_still's own diffing) then blitted it whole and flipped
    the whole screen: 2-4 ms at 1080p on a busy machine."""
    scene = LightningScene(app, new_match(app, red, blue))
    app.start(scene)
    for _ in range(30):
        app.tick()
    changed = in_part = compared = 0
    for step in range(12):
        until_the_persons_turn(app, scene, 400)  # the computer's turn, in two moves
        if scene.match.is_over():
            break
        kind: type[Move] = Take if scene.state.hand is None else Place
        chosen = [m for m in scene.state.legal_moves() if isinstance(m, kind)]
        scene.play(chosen[len(chosen) // 3])
        for frame in range(40):
            # The halves' resizing ending shows the board in the layer again: a board's worth.
            key, partial, resized = scene.still_key(), app.frames.partial, scene._board_live()
            app.tick()
            if scene.still_key() != key and not resized and not scene._board_live():
                changed += 1
                in_part += app.frames.partial - partial
                if frame % 2 == 0:
                    assert bytes(pygame.image.tobytes(app.display, "RGB")) == drawn_whole(app, scene), \
                        f"step {step}, frame {frame}: a new still key drawn in part differs from the frame drawn whole"
                    compared += 1
    print(f"\n{red} against {blue}: {in_part} of {changed} frames with a new still key drawn in part")
    assert changed >= 10 and compared >= 5
    assert in_part >= 0.7 * changed, f"{in_part} of {changed} frames with a new still key drawn in part"


def test_a_hot_seat_lay_and_the_halves_resizing_are_drawn_in_part(app: App) -> None:
    """A hot-seat lay and the frames of the halves growing and shrinking after it are drawn in
    part: the still layer copied back around the halves' squares (the live part paints them
    opaque first), only the parts of it that changed painted again (the board's bounds apart
    from the cards'), not the screen drawn whole with the tools (at 1080p on a busy machine
    1.8-2.5 ms a frame of the resize, 4-6 ms the lay's: the p99 of a person's moves). The
    pixels are the frame drawn whole's."""
    scene = hot_seat(app)
    resizing = in_part = compared = lays_in_part = 0
    for lay in range(3):
        turn(app, scene)
        for frame in range(40):
            partial = app.frames.partial
            app.tick()
            if not scene._board_live():
                continue
            resizing += 1
            in_part += app.frames.partial - partial
            lays_in_part += app.frames.partial - partial if frame == 0 else 0
            if frame % 3 == 0:
                assert bytes(pygame.image.tobytes(app.display, "RGB")) == drawn_whole(app, scene), \
                    f"lay {lay}, frame {frame}: the halves resizing drawn in part differ from the frame drawn whole"
                compared += 1
    print(f"\n{in_part} of {resizing} frames of the halves resizing drawn in part ({lays_in_part} of 3 lays)")
    assert resizing >= 60 and compared >= 20
    assert lays_in_part == 3, f"{lays_in_part} of 3 hot-seat lays drawn in part"
    assert in_part == resizing, f"{in_part} of {resizing} frames of the halves resizing drawn in part"


def test_the_other_split_catches_up_at_rest_not_at_the_lay(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """In hot-seat the halves grow to the other split of the squares at each lay: that split's
    board is brought up to the position while the person holds the tile (a frame at rest), so
    the lay frame draws again only the squares the lay changed, not the last turn's too (it
    patched both and copied them into the halves: 0.8-1.1 ms of a 4-6 ms frame at 1080p)."""
    patched = [0]
    patch = BoardView._patch

    def counted(self: BoardView, *args: Any) -> list[pygame.Rect]:
        patched[0] += len(args[-1])
        return patch(self, *args)

    monkeypatch.setattr(BoardView, "_patch", counted)
    scene = hot_seat(app)
    at_lay = []
    for _ in range(6):
        scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Take)))
        for _ in range(30):
            app.tick()
        places = [m for m in scene.state.legal_moves() if isinstance(m, Place)]
        scene.play(places[len(places) // 2])
        patched[0] = 0
        app.tick()
        at_lay.append(patched[0])
        for _ in range(40):
            app.tick()
    print(f"\nsquares drawn again at a hot-seat lay frame: {at_lay}")
    assert statistics.median(at_lay) <= 2, f"squares drawn again at the lay frames: {at_lay}"
