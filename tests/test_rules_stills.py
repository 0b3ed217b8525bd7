"""Rules pages whose picture changes in steps (issue 43): a page says what its illustration shows
at a time (:attr:`RulesPage.still`), and a frame showing the same step is not drawn at all. Checked
by pixels (the illustration drawn at two times of one step is the same picture) and by work (the
frames of a page at rest the composer skips)."""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterator
from typing import Any

import pygame
import pytest

from kiosk.app import App, AppOptions
from kiosk.canvas import Canvas, Target
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.overlays import RulesPage, RulesScene
from kiosk.screens import screens_for
from kiosk.seats import SeatsScene

SIZE = (1920, 1080)
GAMES = ["awele", "hexapawn", "juniper", "lewthwaite", "lightning"]


@pytest.fixture
def app() -> Iterator[App]:
    app = App(AppOptions(frames=1, size=SIZE, seed=5, mute=True))
    app.home_factory = MenuScene
    yield app
    app.close()


def pages(app: App, game: str) -> list[RulesPage]:
    """``game``'s rules pages."""
    return screens_for(game).make_scene(app).rules_pages()


def picture(page: RulesPage, time: float) -> bytes:
    """The page's illustration at ``time`` on a 1080p screen's canvas."""
    assert page.illustration is not None
    canvas = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
    canvas.fill((250, 246, 238))
    page.illustration(canvas, RulesScene.ILLUSTRATION.copy(), time)
    return bytes(pygame.image.tobytes(canvas.target, "RGB"))


@pytest.mark.parametrize("game", GAMES)
def test_a_step_of_a_rules_picture_is_one_picture(app: App, game: str) -> None:
    checked = 0
    for page in pages(app, game):
        if page.still is None:
            continue
        seen: dict[Hashable, list[float]] = {}
        for frame in range(12 * 60):  # twelve seconds, frame by frame
            time = frame / 60
            seen.setdefault(page.still(time), []).append(time)
        for times in seen.values():
            assert picture(page, times[0]) == picture(page, times[-1]), \
                f"{game} {page.title}: one step, two pictures ({times[0]:.2f} s, {times[-1]:.2f} s)"
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_page_showing_the_same_step_is_not_drawn_again(app: App, game: str) -> None:
    scene = RulesScene(app, "rules", pages(app, game))
    app.start(scene)
    assert any(page.still is not None for page in scene.pages), f"{game}: no rules picture says its steps"
    for page in range(len(scene.pages)):
        if scene.pages[page].still is None:
            continue
        scene.page, scene.page_time = page, 0.0
        for _ in range(90):  # past a picture's entrance (Juniper's 0.3 s, Lewthwaite's chart 1.2 s)
            app.tick()
        skipped, changed = app.frames.skipped, 0
        still = scene.pages[page].still
        assert still is not None
        for _ in range(120):
            before = still(scene.page_time)
            app.tick()
            changed += still(scene.page_time) != before
        # Every frame whose step is the last one's is skipped; a page is mostly still (Lightning's
        # boards glow in steps, a frame in three or four, and a won board's bolt flickers: exact).
        assert app.frames.skipped - skipped >= 120 - changed, f"{game} page {page + 1}: its frames drawn again"
        assert changed <= (120 if game == "lightning" else 20), f"{game} page {page + 1}: steps at every frame"


def count_pages_drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The pages painted by :meth:`RulesScene._draw_page` (a list that grows with each)."""
    painted: list[int] = []
    paint = RulesScene._draw_page

    def counted(scene: RulesScene, surface: Target, number: int | None = None) -> None:
        painted.append(scene.page if number is None else number)
        paint(scene, surface, number)

    monkeypatch.setattr(RulesScene, "_draw_page", counted)
    return painted


@pytest.mark.parametrize("game", ["lewthwaite", "hexapawn"])
def test_a_rules_page_is_drawn_ahead_not_in_its_first_frame(app: App, game: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 43: a page's words, card and shadow cost 5-10 ms at 1080p. The rules opened from a
    game and each page after "next" are drawn ahead (a headless app draws them at once, in an
    earlier frame): the frame that shows a page paints none."""
    painted = count_pages_drawn(monkeypatch)
    scene = screens_for(game).make_scene(app)
    app.start(scene)
    for _ in range(5):
        app.tick()
    assert isinstance(app.stack.top, SeatsScene)
    app.stack.top.play_button.on_click()
    for _ in range(5):
        app.tick()
    assert isinstance(scene, GameScene) and app.stack.top is scene
    scene.show_rules()  # (drawn ahead here: a headless app draws it at once, when asked)
    del painted[:]
    app.tick()  # the rules are put on the stack and drawn
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    assert painted == [], f"{game}: the rules' first frame painted page {painted}"
    for page in range(1, len(rules.pages)):
        for _ in range(3):
            app.tick()
        rules.next()
        del painted[:]
        app.tick()
        assert painted == [], f"{game}: page {page + 1}'s first frame painted pages {painted}"
    for _ in range(3):
        app.tick()
    rules.back()  # the page before is still kept
    del painted[:]
    app.tick()
    assert painted == [], f"{game}: back to a page painted pages {painted}"


def test_a_rules_pictures_next_step_is_drawn_ahead(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 43: Awélé's little boards are pictures made once per step (3.5 ms each at 1080p),
    more steps than their cache holds: each step's first frame made its picture. The next step
    is drawn ahead (a headless app draws it at once, in the frame where the step before shows):
    the frames on screen make none."""
    import games.awele.view as awele_view

    made_on_screen: list[int] = []
    on_screen = [False]
    make_layer = awele_view.make_layer

    def counted_layer(*args: Any, **kwargs: Any) -> Any:
        if on_screen[0]:
            made_on_screen.append(1)
        return make_layer(*args, **kwargs)

    draw_illustration = RulesScene._draw_illustration

    def drawn_on_screen(scene: RulesScene, surface: Target) -> None:
        on_screen[0] = True
        try:
            draw_illustration(scene, surface)
        finally:
            on_screen[0] = False

    monkeypatch.setattr(awele_view, "make_layer", counted_layer)
    monkeypatch.setattr(RulesScene, "_draw_illustration", drawn_on_screen)
    scene = screens_for("awele").make_scene(app)
    app.start(scene)
    for _ in range(5):
        app.tick()
    assert isinstance(app.stack.top, SeatsScene)
    app.stack.top.play_button.on_click()
    for _ in range(5):
        app.tick()
    assert isinstance(scene, GameScene)
    scene.show_rules()
    rules = app.stack.top
    for page in range(4):
        for _ in range(10 * 60):  # ten seconds: every step of the page's cycle, twice or more
            app.tick()
        rules = app.stack.top
        assert isinstance(rules, RulesScene)
        assert made_on_screen == [], f"page {page + 1}: {len(made_on_screen)} pictures made on screen"
        rules.next()


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_picture_in_parts_is_the_whole_picture(app: App, game: str) -> None:
    """A picture split in a still backdrop (kept in the page's layer) and a live part is the
    whole picture at every time, and its live part draws only within its box."""
    for page in pages(app, game):
        if page.parts is None:
            continue
        rect = RulesScene.ILLUSTRATION.copy()
        box = page.parts.box(rect)
        for frame in range(0, 6 * 60, 7):
            time = frame / 60
            canvas = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
            canvas.fill((250, 246, 238))
            page.parts.backdrop(canvas, rect.copy())
            before = canvas.target.copy()
            page.parts.live(canvas, rect.copy(), time)
            assert bytes(pygame.image.tobytes(canvas.target, "RGB")) == picture(page, time), \
                f"{game} {page.title}: backdrop and live part differ from the picture at {time:.2f} s"
            outside = canvas.target.copy()
            outside.blit(before, canvas.to_native_rect(box), canvas.to_native_rect(box))
            assert pygame.image.tobytes(outside, "RGB") == pygame.image.tobytes(before, "RGB"), \
                f"{game} {page.title}: the live part draws outside its box at {time:.2f} s"


@pytest.mark.parametrize(("game", "number"), [("lewthwaite", 1), ("lewthwaite", 2), ("hexapawn", 4)])
def test_an_animated_rules_picture_sends_only_its_live_part(app: App, game: str, number: int) -> None:
    """Issue 43: Lewthwaite's sliding token, its blocked board (its ring round the hole pulses)
    and Hexapawn's matchbox (its bead bobs) were copied and drawn whole at every frame, 0.5
    million pixels at 1080p; their still part is in the page's layer, and a frame draws and
    sends the live box (the token's slide and rings: 37 %)."""
    scene = RulesScene(app, "rules", pages(app, game))
    scene.page = number
    app.start(scene)
    for _ in range(10):
        app.tick()
    picture_pixels = (RulesScene.ILLUSTRATION.width * 1.5) * (RulesScene.ILLUSTRATION.height * 1.5)
    sent = []
    for _ in range(60):
        app.tick()
        changed = app.frames.changed
        sent.append(SIZE[0] * SIZE[1] if changed is None else sum(r.width * r.height for r in changed))
    assert max(sent) <= 0.4 * picture_pixels, \
        f"{game} page {number + 1}: a frame sends {max(sent) / picture_pixels:.0%} of the picture's box"


@pytest.mark.parametrize("game", ["lewthwaite", "awele"])
def test_a_finger_on_a_rules_button_redraws_that_button(app: App, game: str) -> None:
    """Issue 43: a finger down on "next" changed the page's look: the whole page was drawn and
    sent again (a screen copy and a flip at 1080p) in the frame before the next page. The button
    and the picture are drawn over the page's layer, the same pixels as the page drawn whole."""
    scene = RulesScene(app, "rules", pages(app, game))
    app.start(scene)
    for _ in range(10):
        app.tick()
    button = scene.next_button
    finger = app.screen.to_native(button.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=finger))
    app.tick()
    assert button.pressed, "the finger did not reach the button"
    changed = app.frames.changed
    sent = SIZE[0] * SIZE[1] if changed is None else sum(r.width * r.height for r in changed)
    whole = Canvas(pygame.Surface(SIZE), (1280, 720), 1.5, (0, 0))
    scene.draw(whole)
    assert pygame.image.tobytes(app.display, "RGB") == pygame.image.tobytes(whole.target, "RGB")
    screen = SIZE[0] * SIZE[1]
    assert sent <= 0.35 * screen, f"a finger on a button sends {sent / screen:.0%} of the screen"


def test_a_page_still_being_drawn_ahead_is_waited_for_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A visitor quick on "next" (or frames run back to back, as the bench runs them) found the
    next page still being drawn on its thread: the frame thread drew the whole page again beside
    it. It waits for the page drawn ahead instead (no work on the frame thread)."""
    from kiosk import overlays
    from tests.visitor import make_app
    from tests.waiting import CEILING

    monkeypatch.setattr(overlays, "AHEAD_WAIT_FRAME", CEILING)
    released, entered = threading.Event(), threading.Event()
    painted: list[str] = []
    paint = RulesScene._draw_page

    def slow(scene: RulesScene, surface: Target, number: int | None = None) -> None:
        painted.append(threading.current_thread().name)
        if threading.current_thread() is not threading.main_thread():
            entered.set()
            released.wait(CEILING)  # the page drawn ahead finishes only once "next" is pressed
        paint(scene, surface, number)

    monkeypatch.setattr(RulesScene, "_draw_page", slow)
    app = make_app(SIZE)
    try:
        scene = RulesScene(app, "rules", pages(app, "lewthwaite"))
        app.start(scene)
        for _ in range(3):
            app.tick()  # the first page shown, the second being drawn ahead (held back)
        assert entered.wait(CEILING), "the next page was not drawn ahead"
        del painted[:]
        scene.next()
        threading.Timer(0.05, released.set).start()  # clock(wait): lets the page drawn ahead end
        app.tick()
        assert painted == [], f"page 2 drawn again on {painted}"
        assert scene.page == 1
    finally:
        released.set()
        app.close()
