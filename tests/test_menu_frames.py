"""The menu at rest draws only what moves (issue 43): its bobbing cards come from sprites over a
still layer, each card's picture is drawn in its box, and only the rectangles that changed go to
the display (``pygame.display.update(rects)``). Every check compares pixels: a frame drawn in
part against the same frame drawn whole, a picture in parts against the game's ``draw_icon``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from games.awele.corner import ExplorerPage
from games.lewthwaite.corner import AnyBoardPage, DominoProofPage
from kiosk import draw
from kiosk.app import App, AppOptions
from kiosk.canvas import Canvas
from kiosk.menu import PICTURE_MARGINS, MenuScene
from kiosk.overlays import RulesScene
from kiosk.science import ScienceScene
from kiosk.screens import playable_games

SIZE = (1920, 1080)
#: Times (s) at which the pictures are compared: every 7th frame of 6 s, and the edges of
#: Hexapawn's and Lewthwaite's phases.
TIMES = [i / 60 for i in range(0, 360, 7)] + [1.5, 1.5 + 1 / 60, 1.95, 1.95 + 1 / 60, 3.0]


@pytest.fixture
def app() -> Iterator[App]:
    app = App(AppOptions(frames=1, size=SIZE, seed=3, mute=True))
    app.home_factory = MenuScene
    yield app
    app.close()


def pixels(surface: pygame.Surface) -> bytes:
    return bytes(pygame.image.tobytes(surface, "RGB"))


def canvas() -> Canvas:
    """A transparent 1920x1080 canvas over the logical screen."""
    return Canvas(pygame.Surface(SIZE, pygame.SRCALPHA), (1280, 720), 1.5, (0, 0))


@pytest.mark.parametrize("game", [info.key for info, screens in playable_games() if screens.icon_parts])
def test_a_picture_in_parts_is_the_games_picture(app: App, game: str) -> None:
    screens = next(screens for info, screens in playable_games() if info.key == game)
    parts = screens.icon_parts
    assert parts is not None
    rect = pygame.Rect(100, 100, 260, 130)
    stills: dict[object, bytes] = {}
    for time in TIMES:
        whole, split = canvas(), canvas()
        screens.draw_icon(whole, rect, time)
        key = parts.still(time)
        if key is None:
            continue
        parts.draw_still(split, rect, time)
        still = pixels(split.target)
        assert stills.setdefault(key, still) == still, f"{game}: the still part at {time:.3f} s is not its key's"
        if parts.moving is not None and not parts.moving(time):  # the still part alone is the picture
            assert still == pixels(whole.target), f"{game}: nothing moves at {time:.3f} s, yet its still part differs"
        if parts.draw_live is not None:
            parts.draw_live(split, rect, time)
            if parts.live_box is not None:  # the menu draws the live part again only there
                alone = canvas()
                parts.draw_live(alone, rect, time)
                used = alone.to_logical_rect(alone.target.get_bounding_rect())
                assert not used or parts.live_box(rect, time).contains(used), f"{game}: live part at {time:.3f} s"
        assert pixels(split.target) == pixels(whole.target), f"{game}: the picture in parts differs at {time:.3f} s"


@pytest.mark.parametrize("game", [info.key for info, _screens in playable_games()])
def test_a_picture_stays_within_the_margins_the_menu_draws_again(app: App, game: str) -> None:
    screens = next(screens for info, screens in playable_games() if info.key == game)
    left, top, right, bottom = PICTURE_MARGINS
    for rect in (pygame.Rect(100, 100, 230, 90), pygame.Rect(100, 100, 260, 130)):  # two rows, one row of cards
        allowed = pygame.Rect(rect.x - left, rect.y - top, rect.width + left + right, rect.height + top + bottom)
        for time in TIMES:
            drawn = canvas()
            screens.draw_icon(drawn, rect, time)
            used = drawn.to_logical_rect(drawn.target.get_bounding_rect())
            assert allowed.contains(used), f"{game} draws {used} at {time:.3f} s, outside {allowed}"


def test_the_menu_drawn_in_part_is_the_menu_drawn_whole(app: App) -> None:
    menu = MenuScene(app)
    app.start(menu)
    screen = app.screen
    checked = 0
    for frame in range(1, 400):
        card = menu.cards[frame // 100 % len(menu.cards)][0]
        if frame % 100 == 20:  # the pointer over a card: it lifts
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen.to_native(card.center), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        if frame % 100 == 50:  # pressed: it shrinks; let go away from every card: nothing opens
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen.to_native(card.center), button=1))
        if frame % 100 == 70:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=screen.to_native((640, 40)), button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen.to_native((640, 40)), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        app.tick()
        assert app.stack.top is menu
        if frame % 9 == 0:
            whole = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
            menu.draw_in_place(whole)  # the same frame, every card drawn where it is
            assert pixels(app.display) == pixels(whole.target), f"frame {frame} drawn in part differs from the whole"
            checked += 1
    assert checked >= 40
    assert app.frames.partial > 300


#: The drawing calls counted in the menu's pictures (kiosk.draw's shapes, and Canvas.blit).
SHAPES = ("rect", "circle", "aacircle", "line", "lines", "aaline", "aalines", "polygon", "ellipse", "arc")


def test_the_menu_at_rest_draws_little_of_each_picture(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each card's picture at rest is a kept still part and what moves over it: a few drawing
    calls a frame (before, Lightning's picture was drawn whole, 25 calls a frame, and
    Lewthwaite's two thirds of the time, 19: 0.25 ms of the frame thread each)."""
    calls = [0]

    def counting(function: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            calls[0] += 1
            return function(*args, **kwargs)
        return counted

    for name in SHAPES:
        monkeypatch.setattr(draw, name, counting(getattr(draw, name)))
    monkeypatch.setattr(Canvas, "blit", counting(Canvas.blit))
    menu = MenuScene(app)
    app.start(menu)
    for _ in range(60):  # every still part kept, in each phase of the bob
        app.tick()
    per: dict[str, int] = {}
    picture = menu._draw_picture

    def drawing(surface: Canvas, k: int, card: pygame.Rect, look: object, *flags: bool, **named: bool) -> pygame.Rect:
        before = calls[0]
        box = picture(surface, k, card, look, *flags, **named)
        key = menu.cards[k][1].key
        per[key] = per.get(key, 0) + calls[0] - before
        return box

    monkeypatch.setattr(menu, "_draw_picture", drawing)
    frames = 360  # 6 s: two of Lewthwaite's slides, three of Lightning's waves
    for _ in range(frames):
        app.tick()
    mean = {key: count / frames for key, count in per.items()}
    print(f"\ndrawing calls a frame in the menu's pictures: {mean}")
    assert all(count <= 10 for count in mean.values()), mean
    assert sum(mean.values()) <= 25, mean


def test_the_menu_at_rest_sends_only_what_changed_to_the_display(app: App) -> None:
    app.start(MenuScene(app))
    for _ in range(60):
        app.tick()
    screen = SIZE[0] * SIZE[1]
    shares = []
    for _ in range(240):
        app.tick()
        changed = app.frames.changed
        assert changed is not None, "a frame of the menu at rest was flipped whole"
        shares.append(sum(rect.width * rect.height for rect in changed) / screen)
    shares.sort()
    print(f"\nthe menu at rest sends {100 * shares[len(shares) // 2]:.1f} % of the screen a frame "
          f"(most {100 * shares[-1]:.1f} %)")
    assert shares[len(shares) // 2] < 0.15 and shares[-1] < 0.5


@pytest.mark.parametrize("game", [info.key for info, _screens in playable_games()])
def test_a_rules_page_drawn_in_part_is_the_page_drawn_whole(app: App, game: str) -> None:
    screens = next(screens for info, screens in playable_games() if info.key == game)
    scene = screens.make_scene(app)
    scene.ask_seats = False
    app.start(scene)
    app.tick()
    scene.show_rules()
    app.tick()
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    for page in range(len(rules.pages)):
        rules.page, rules.page_time = page, 0.0
        for frame in range(1, 50):
            app.tick()
            if frame % 12 == 0:
                whole = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
                rules.draw(whole)
                assert pixels(app.display) == pixels(whole.target), f"page {page + 1}, frame {frame}"
                rules.draw(app.screen)  # the page is the screen's again (draw_changes draws over it)
    assert app.frames.partial > 0


@pytest.mark.parametrize("game", [info.key for info, _screens in playable_games()])
def test_a_rules_illustration_stays_within_the_margins_drawn_again(app: App, game: str) -> None:
    screens = next(screens for info, screens in playable_games() if info.key == game)
    left, top, right, bottom = RulesScene.ILLUSTRATION_MARGINS
    rect = RulesScene.ILLUSTRATION
    allowed = pygame.Rect(rect.x - left, rect.y - top, rect.width + left + right, rect.height + top + bottom)
    for page in screens.make_scene(app).rules_pages():
        if page.illustration is None:
            continue
        for time in [i / 60 for i in range(0, 900, 11)]:
            drawn = canvas()
            page.illustration(drawn, rect.copy(), time)
            used = drawn.to_logical_rect(drawn.target.get_bounding_rect())
            assert not used or allowed.contains(used), f"{game}: {page.title} draws {used} at {time:.3f} s"


@pytest.mark.parametrize("game", [info.key for info, screens in playable_games() if screens.make_science_scene])
def test_a_science_corner_not_drawn_again_shows_what_it_would_draw(app: App, game: str) -> None:
    screens = next(screens for info, screens in playable_games() if info.key == game)
    assert screens.make_science_scene is not None
    app.start(MenuScene(app))
    app.tick()
    corner = screens.make_science_scene(app, 0)
    app.stack.push(corner)
    app.tick()
    assert isinstance(corner, ScienceScene)
    for tab in range(len(corner.pages)):
        corner.open(tab)
        for frame in range(1, 200):
            app.tick()
            if frame % 20 == 0:
                whole = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
                corner.draw(whole)
                assert pixels(app.display) == pixels(whole.target), f"tab {tab}, frame {frame}"


#: Science pages drawn in layers, and how long (s) to jump ahead before the frames compared:
#: Lewthwaite's random games with boards stuck and glowing (6 s), every board changing at every
#: frame (20 s); its proof sliding, then stuck and glowing (-1: a second before red is stuck);
#: Awélé's explorer sowing a pit, its big loop seed by seed, then lap by lap (8 s); Lightning's
#: distances, a tile every 1.8 s.
LAYERED = [("lewthwaite", 0, 0.0), ("lewthwaite", 0, 6.0), ("lewthwaite", 0, 20.0), ("lewthwaite", 1, 0.0),
           ("lewthwaite", 1, -1.0), ("lewthwaite", 2, 0.0), ("awele", 0, 0.0), ("awele", 1, 0.0), ("awele", 1, 8.0),
           ("lightning", 0, 0.0)]


@pytest.mark.parametrize(("game", "tab", "ahead"), LAYERED)
def test_a_science_page_in_layers_drawn_in_part_is_the_page_drawn_whole(app: App, game: str, tab: int,
                                                                        ahead: float) -> None:
    screens = next(screens for info, screens in playable_games() if info.key == game)
    assert screens.make_science_scene is not None
    app.start(MenuScene(app))
    app.tick()
    corner = screens.make_science_scene(app, tab)
    app.stack.push(corner)
    assert isinstance(corner, ScienceScene) and corner.page.still() is not None
    if isinstance(corner.page, AnyBoardPage):  # the bouncing arrow, then a board of another size
        x, y = corner.page.view.center_of((0, 1))
        corner.page.tap((round(x), round(y)))
    if isinstance(corner.page, ExplorerPage):
        corner.page.sow(1)  # four seeds in each pit
    if isinstance(corner.page, DominoProofPage) and ahead < 0:
        ahead += corner.page.STEP_SECONDS * corner.page.game.moves_played
    for _ in range(round(ahead / 0.5)):
        app.tick(0.5)
    partial = app.frames.partial
    for frame in range(1, 240):
        app.tick()
        if frame == 120 and isinstance(corner.page, AnyBoardPage):
            corner.page.resize("rows", -1)
        if frame % 7 == 0:
            whole = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
            corner.draw(whole)
            assert pixels(app.display) == pixels(whole.target), f"tab {tab}, {ahead} s ahead, frame {frame}"
            corner.draw(app.screen)  # the page is the screen's again (draw_changes draws over it)
    assert app.frames.partial - partial >= 2  # the others were not drawn at all (nothing moved)


def test_the_home_screen_started_on_is_drawn_before_its_first_frame(app: App) -> None:
    """A kiosk starting on its menu draws it ahead as ``go_home`` does (App.start): its first
    frame paints no still layer (main painted it there: 4.3-4.8 ms at 1080p), and shows the
    pixels of the menu drawn whole."""
    menu = MenuScene(app)
    app.start(menu)
    painted = menu.still.redrawn
    assert painted == 1, "the menu's still layer was not drawn before the first frame"
    app.tick()
    assert menu.still.redrawn == painted, "the menu's still layer was painted in the first frame"
    shown = pixels(app.screen.target)
    whole = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
    menu.draw(whole)
    assert pixels(whole.target) == shown
