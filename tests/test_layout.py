"""Nothing on screen hides anything else, in French and English (issue 27: a score line under
two buttons, an age badge over a picture, a tab over a picture's foot, scraps of a message
under a bar).

Every screen is drawn headless while the drawing kit's calls are recorded: each text's box (what
:func:`kiosk.ui.draw_text` drew on the screen), each button, each panel and each menu picture, in
drawing order. A screen is wrong when a text leaves the screen; when a text and a button, two
texts, two buttons, or a button or a text and a picture overlap; or when a panel drawn later
covers part of a text (a scrap: wholly covered is hidden, which is fine). Game screens are
checked at the start, with the hint on, mid-game with a session score, while the computer thinks,
at the end (the card, then folded to see the board), on every rules page and every page of the
science corner; then the menu (with and without a camera's "Plateau réel" tabs), the who-plays
card, the attract mode, "Encore là ?" and the operator's screens.

:func:`layout_problems` is the measure; the tests below drive the screens to it.
"""

from __future__ import annotations

import contextlib
import importlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from games.registry import installed_games
from kiosk import ui
from kiosk.app import App
from kiosk.attendant import StillThereScene
from kiosk.demo import DemoScene
from kiosk.devices import Devices, set_opener
from kiosk.game_scene import GameScene
from kiosk.i18n import set_language
from kiosk.menu import MenuScene, playable_games
from kiosk.operator import PinScene, SettingsScene
from kiosk.overlays import EndScene, RulesScene
from kiosk.seats import SeatsScene
from main import Camera
from tests.kiosk_driver import make_app, press, run_frames

SCREEN = pygame.Rect(0, 0, 1280, 720)
GAMES = [info.key for info in installed_games()]
#: Overlaps of this many pixels or fewer, either way, are anti-aliasing, not a layout fault.
SLACK = 1


@dataclass(frozen=True)
class Item:
    """One thing drawn on the screen: ``kind`` is text, button, panel, picture or veil."""

    kind: str
    rect: pygame.Rect
    label: str
    order: int

    def box(self) -> pygame.Rect:
        """The part that shows: a text's line box less its leading (lines of one paragraph touch)."""
        if self.kind == "text":
            return self.rect.inflate(-2, -round(self.rect.height * 0.3))
        return self.rect

    def __str__(self) -> str:
        return f"{self.kind} {self.label!r} at {tuple(self.rect)}"


class Recorder:
    """Records what the drawing kit draws on ``screen`` while :meth:`recording`."""

    def __init__(self) -> None:
        self.items: list[Item] = []
        self.screen: Any = None

    def add(self, surface: Any, kind: str, rect: pygame.Rect, label: str) -> None:
        """Note one thing drawn, if it went on the screen (not in a cached image)."""
        if self.screen is not None and surface is self.screen and rect.width > 0 and rect.height > 0:
            self.items.append(Item(kind, pygame.Rect(rect), label, len(self.items)))

    @contextlib.contextmanager
    def recording(self, monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
        """Wrap the drawing kit's text, button, panel and menu-picture calls."""
        draw_text, button_draw, draw_panel, draw_veil = ui.draw_text, ui.Button.draw, ui.draw_panel, ui.draw_veil

        def text(surface: Any, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
            rect = draw_text(surface, words, *args, **kwargs)
            if str(words).strip():
                self.add(surface, "text", rect, str(words))
            return rect

        def button(widget: ui.Button, surface: Any, time: float = 0.0) -> None:
            button_draw(widget, surface, time)
            self.add(surface, "button", widget.rect, widget.text or "(icon)")

        def panel(surface: Any, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
            draw_panel(surface, rect, *args, **kwargs)
            self.add(surface, "panel", pygame.Rect(rect), "")

        def veil(surface: Any, color: Any, alpha: int, rect: pygame.Rect | None = None) -> None:
            draw_veil(surface, color, alpha, rect)
            self.add(surface, "veil", pygame.Rect(rect) if rect is not None else pygame.Rect(SCREEN), "")

        monkeypatch.setattr(ui, "draw_veil", veil)
        monkeypatch.setattr(ui, "draw_text", text)
        monkeypatch.setattr(ui.Button, "draw", button)
        monkeypatch.setattr(ui, "draw_panel", panel)
        for key in GAMES:
            module = importlib.import_module(f"games.{key}.scene")

            def picture(surface: Any, rect: pygame.Rect, time: float, _draw: Any = module.draw_icon,
                        _key: str = key) -> None:
                _draw(surface, rect, time)
                self.add(surface, "picture", pygame.Rect(rect), _key)

            monkeypatch.setattr(module, "draw_icon", picture)
        yield self

    def frame(self, app: App) -> list[Item]:
        """Draw one frame of ``app`` and return what went on the screen."""
        self.items, self.screen = [], app.screen
        app.draw()
        self.screen = None
        return self.items


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    clip = a.clip(b)
    return clip.width > SLACK and clip.height > SLACK


def layout_problems(items: list[Item]) -> list[str]:
    """What hides what on one frame (see the module docstring); [] when the screen is clean."""
    found = []
    # A card over a dimmed screen (the end, who plays, the rules): what lies under the veil is
    # the background, and the card may cover it.
    veils = [item.order for item in items if item.kind == "veil" and item.rect.contains(SCREEN)]
    items = [item for item in items if item.kind != "veil" and item.order > max(veils, default=-1)]
    panels = [item for item in items if item.kind == "panel"]
    # Wholly covered by a panel drawn later: hidden (an end card over the game), not checked.
    shown = [item for item in items if item.kind != "panel" and not any(
        p.order > item.order and p.rect.contains(item.box()) for p in panels)]
    for item in shown:
        if item.kind == "text" and not SCREEN.inflate(2 * SLACK, 2 * SLACK).contains(item.box()):
            found.append(f"{item} leaves the screen")
        if item.kind == "text":
            for p in panels:
                if p.order > item.order and _overlap(p.rect, item.box()):
                    found.append(f"{item} shows in part under a panel at {tuple(p.rect)}")
    for k, a in enumerate(shown):
        for b in shown[k + 1:]:
            kinds = {a.kind, b.kind}
            if kinds in ({"picture"}, {"text", "panel"}) or not _overlap(a.box(), b.box()):
                continue
            found.append(f"{a} overlaps {b}")
    return found


# --- driving the screens ----------------------------------------------------------------------------


class Screens:
    """Checks frames of one app and collects the problems, named by screen."""

    def __init__(self, recorder: Recorder, app: App, lang: str) -> None:
        self.recorder, self.app, self.lang = recorder, app, lang
        self.problems: list[str] = []
        self.checked = 0

    def check(self, name: str) -> None:
        """Draw the app's current screen and note what hides what."""
        self.checked += 1
        for problem in layout_problems(self.recorder.frame(self.app)):
            self.problems.append(f"[{self.lang}] {name}: {problem}")


def _open_game(app: App, key: str, screens: Screens) -> GameScene:
    module = importlib.import_module(f"games.{key}.scene")
    scene = module.make_scene(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 2)
    card = app.stack.top
    if isinstance(card, SeatsScene):
        screens.check(f"{key} who plays")
        press(app, pygame.K_RETURN)
    assert isinstance(scene, GameScene)
    return scene


def _play_fast(scene: GameScene, rng: random.Random, moves: int) -> None:
    """Moves straight on the match (no animation), for whoever is to move."""
    for _ in range(moves):
        if scene.match.is_over():
            break
        scene.match.play(rng.choice(scene.state.legal_moves()))
    scene.on_reset()  # the position jumped: the scene shows it without animating

def visit_game(app: App, key: str, screens: Screens) -> None:
    """One game's screens: start, hint, a session score mid-game, the computer thinking, the end
    card, the board with the card folded, the rules pages."""
    scene = _open_game(app, key, screens)
    run_frames(app, 20)
    screens.check(f"{key} start")
    if scene.match.has_hints and scene.match.person_to_move():
        scene.toggle_hint()
        run_frames(app, 4)
        screens.check(f"{key} hint on")
        scene.toggle_hint()
    # A session score ("Toi 1 - Ordinateur 0"), then a few moves.
    person = scene.match.person_player() or 1
    app.scores.record(key, scene.match, person)
    rng = random.Random(7)
    for _ in range(3):
        if scene.person_to_move():
            scene.play(rng.choice(scene.state.legal_moves()))
        run_frames(app, 4)
        for _wait in range(200):
            if not scene.busy():
                break
            run_frames(app, 4)
    screens.check(f"{key} mid-game with a score")
    if scene.match.computer_to_move():
        run_frames(app, 2)
        screens.check(f"{key} computer thinking")
    # The end: moves played straight on the match, then the end card and the folded bar.
    for _round in range(60):
        _play_fast(scene, rng, 20)
        run_frames(app, 1)
        if scene.match.is_over():
            break
    assert scene.match.is_over(), f"{key}: no end reached"
    for _ in range(600):
        run_frames(app, 2)
        if isinstance(app.stack.top, EndScene):
            break
    end = app.stack.top
    assert isinstance(end, EndScene), f"{key}: no end card"
    run_frames(app, 60)
    screens.check(f"{key} end card")
    end.fold()
    run_frames(app, 2)
    screens.check(f"{key} end, board seen")
    end.again()
    app.stack.apply_pending()
    run_frames(app, 2)
    scene.show_rules()
    run_frames(app, 1)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    for page in range(len(rules.pages)):
        rules.page = page
        run_frames(app, 30)
        screens.check(f"{key} rules page {page + 1}")
    app.stack.pop()
    app.stack.apply_pending()


def visit_shell(app: App, screens: Screens) -> None:
    """The menu with and without a camera, and the operator's PIN and settings screens."""
    app.start(MenuScene(app))
    run_frames(app, 3)
    screens.check("menu")
    set_opener(lambda options: Devices(camera=Camera("synthetic")))  # never opened here: the menu's tabs
    try:
        camera_app = make_app(lang=screens.lang)
        camera_app.start(MenuScene(camera_app))
        run_frames(camera_app, 3)
        menu = camera_app.stack.top
        assert isinstance(menu, MenuScene) and any(b.label == "physical.menu" for b in menu.buttons)
        other = Screens(screens.recorder, camera_app, screens.lang)
        other.check("menu with a camera")
        # A game kept aside: "Continuer ma partie" on its card, under the tab.
        kept = importlib.import_module("games.lewthwaite.scene").make_scene(camera_app).match
        camera_app.keeper.kept = ("lewthwaite", kept.to_text())
        camera_app.start(MenuScene(camera_app))
        run_frames(camera_app, 3)
        menu = camera_app.stack.top
        assert isinstance(menu, MenuScene) and menu.continue_button is not None
        other.check("menu with a camera and a game kept aside")
        screens.problems += other.problems
        screens.checked += other.checked
    finally:
        set_opener(None)
    app.start(DemoScene(app))  # the attract mode: a computers' game under the invitation
    for _ in range(8):
        app.tick(0.5)
    screens.check("attract mode")
    app.start(MenuScene(app))
    game = importlib.import_module("games.lewthwaite.scene").make_scene(app)
    game.ask_seats = False
    app.stack.push(game)
    app.stack.push(StillThereScene(app, 20.0))
    app.stack.apply_pending()
    run_frames(app, 30)
    screens.check("still there?")
    app.start(MenuScene(app))
    app.stack.push(PinScene(app))
    app.stack.apply_pending()
    run_frames(app, 2)
    screens.check("operator PIN")
    app.stack.replace(SettingsScene(app))
    app.stack.apply_pending()
    run_frames(app, 2)
    screens.check("operator settings")


def visit_corner(app: App, key: str, screens: Screens) -> None:
    """Every page of a game's science corner, a few seconds into its animation."""
    corner = importlib.import_module(f"games.{key}.corner").make_science_scene(app)
    app.start(corner)
    run_frames(app, 2)
    for index in range(len(corner.pages)):
        corner.open(index)
        for _ in range(6):
            app.tick(0.5)  # half a second of the page's life, drawn once
        screens.check(f"{key} science page {index + 1}")


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    with Recorder().recording(monkeypatch) as rec:
        yield rec
    set_language("fr")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_shell_screens_hide_nothing(recorder: Recorder, lang: str) -> None:
    set_language(lang)
    app = make_app(lang=lang)
    screens = Screens(recorder, app, lang)
    visit_shell(app, screens)
    assert screens.checked >= 6
    assert not screens.problems, "\n".join(screens.problems)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", [key for info, _m in playable_games() for key in [info.key]])
def test_every_game_screen_hides_nothing(recorder: Recorder, game: str, lang: str) -> None:
    set_language(lang)
    app = make_app(lang=lang, seed=3)
    app.start(MenuScene(app))
    run_frames(app, 2)
    screens = Screens(recorder, app, lang)
    visit_game(app, game, screens)
    visit_corner(app, game, screens)
    assert screens.checked >= 9
    assert not screens.problems, "\n".join(screens.problems)


def test_the_measure_sees_a_text_under_a_button_and_a_scrap_under_a_panel() -> None:
    # The failures it must report, on hand-made frames (the score line under "Indice").
    score = Item("text", pygame.Rect(904, 392, 316, 30), "Toi 0 - Ordinateur 1", 0)
    hint = Item("button", pygame.Rect(884, 404, 172, 61), "Indice", 1)
    assert layout_problems([score, hint])
    bar = Item("panel", pygame.Rect(0, 0, 1280, 80), "", 2)
    title = Item("text", pygame.Rect(900, 40, 200, 60), "Lewthwaite", 1)
    assert layout_problems([title, bar])
    hidden = Item("text", pygame.Rect(900, 20, 200, 40), "hidden", 1)
    assert not layout_problems([hidden, bar])
    outside = Item("text", pygame.Rect(1200, 700, 200, 40), "off", 0)
    assert layout_problems([outside])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_answers_of_a_who_plays_row_share_one_size(lang: str) -> None:
    # "Lanceur de dés" was drawn smaller than the other levels: a row speaks in one size.
    set_language(lang)
    try:
        for key in GAMES:
            app = make_app(lang=lang)
            app.start(MenuScene(app))
            scene = importlib.import_module(f"games.{key}.scene").make_scene(app)
            app.stack.push(scene)
            app.stack.apply_pending()
            run_frames(app, 2)
            card = app.stack.top
            if not isinstance(card, SeatsScene):
                continue
            rows: dict[int, set[int]] = {}
            for button in card.buttons:
                if button is not card.play_button and button.literal:
                    rows.setdefault(button.rect.y, set()).add(button.size)
            assert rows and all(len(sizes) == 1 for sizes in rows.values()), (key, rows)
            assert all(ui.fitted_size(b.text, b.size, b.rect.width - 24, "bold") == b.size
                       for b in card.buttons if b.literal), key
    finally:
        set_language("fr")


@contextlib.contextmanager
def games_installed(count: int) -> Iterator[list[str]]:
    """``count`` games on the menu (1 to 8): the installed ones cut short, or topped up with
    copies of the test suite's Nim under other keys (their entries and screens, removed after)."""
    from dataclasses import replace

    from games.registry import registered
    from kiosk.screens import register_screens, unregister_screens
    from tests.fifth_game import GAME as NIM
    from tests.fifth_game.scene import SCREENS as NIM_SCREENS

    extra = [f"nim{k}" for k in range(max(0, count - len(installed_games())))]
    with contextlib.ExitStack() as stack:
        for k, key in enumerate(extra):
            # Nim's words once (the copies show Nim's title and tagline).
            entry = replace(NIM, info=replace(NIM.info, key=key, order=90 + k), strings=NIM.strings if k == 0 else {})
            stack.enter_context(registered(entry))
            register_screens(replace(NIM_SCREENS, key=key))
            stack.callback(unregister_screens, key)
        yield [info.key for info in installed_games()][:count]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("count", [1, 5, 8])
def test_the_menu_and_the_operator_screen_hold_any_number_of_games(recorder: Recorder, lang: str,
                                                                   count: int) -> None:
    """One game, five, eight: the cards' texts fit (tagline, "Les maths du jeu"), nothing hides
    anything, with and without a camera's "Plateau réel" tabs; the operator's toggles stay above
    the camera's line."""
    from kiosk.i18n import tr
    from kiosk.operator import game_toggle_rects

    set_language(lang)
    with games_installed(count) as keys:
        for camera in (False, True):
            set_opener((lambda options: Devices(camera=Camera("synthetic"))) if camera else None)
            try:
                app = make_app(lang=lang)
                app.apply_config(app.config.with_changes(games=tuple(keys)))
                screens = Screens(recorder, app, lang)
                app.start(MenuScene(app))
                run_frames(app, 3)
                menu = app.stack.top
                assert isinstance(menu, MenuScene) and len(menu.cards) == count
                screens.check(f"menu, {count} games{' and a camera' if camera else ''}")
                for rect, info, _screens in menu.cards:
                    assert menu.layout.tagline.fit(tr(info.tagline)) is not None, info.key
                    label = tr("menu.science")
                    pill = menu.science_rect(rect)
                    assert ui.fitted_size(label, 21, pill.width - 24, "bold") >= 16, (info.key, pill)
                    assert rect.bottom <= 630 and rect.top >= 96
                app.stack.push(SettingsScene(app))
                app.stack.apply_pending()
                run_frames(app, 2)
                screens.check(f"operator settings, {len(installed_games())} games")
                assert all(r.bottom < 296 for r in game_toggle_rects(len(installed_games())))
                assert not screens.problems, "\n".join(screens.problems)
                app.close()
            finally:
                set_opener(None)
