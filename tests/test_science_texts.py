"""Every text of every science corner fits its box, in French and in English, whatever the page
shows (each page is driven through its states: answers, loops found, games ended)."""

import pygame
import pytest

from games.awele.corner import ExplorerPage
from games.juniper.corner import ProofPage, TablePage
from games.lewthwaite.corner import AnyBoardPage, PuzzlePage
from games.lightning.corner import DistancePage
from games.registry import installed_games
from kiosk.i18n import set_language, table
from kiosk.science import ScienceScene
from kiosk.screens import screens_for
from tests.corner_driver import advance, open_corner
from tests.kiosk_driver import make_app, run_frames, tap

#: Every installed game with a science corner (a game without a driver below has each tab
#: opened and left running for a few seconds).
GAMES = [key for key, screens in ((i.key, screens_for(i.key)) for i in installed_games())
         if screens.make_science_scene is not None]


def drive_lewthwaite(app, corner: ScienceScene) -> None:
    corner.open(0)
    advance(app, 20)
    corner.open(1)
    advance(app, 40, 1.0)
    corner.open(2)
    board = corner.page
    assert isinstance(board, AnyBoardPage)
    for k in (1, 3, 1, 3):  # 6 x 6, then 7 x 7: the three kinds of verdict
        tap(app, board.buttons[k].rect.center)
        tap(app, board.view.center_of((0, 1)))
    puzzles = corner.pages[3]
    assert isinstance(puzzles, PuzzlePage)
    corner.open(3)
    for _ in range(2):
        for _question in range(4):
            if puzzles.key == "moved":
                tap(app, puzzles.verify_button.rect.center)
            else:
                tap(app, puzzles.choice_buttons[0].rect.center)
            tap(app, puzzles.next_button.rect.center)
        tap(app, puzzles.next_button.rect.center)


def drive_juniper(app, corner: ScienceScene) -> None:
    corner.open(0)
    advance(app, 26)
    table_page = corner.page
    assert isinstance(table_page, TablePage)
    tap(app, table_page.cell_rect(18).center)
    tap(app, table_page.cell_rect(20).center)
    proof = corner.pages[1]
    assert isinstance(proof, ProofPage)
    corner.open(1)
    for n in (2, 3, 8, 19, 20, 30):
        proof.set_n(n)
        advance(app, 40, 1.0)


def drive_awele(app, corner: ScienceScene) -> None:
    explorer = corner.pages[0]
    assert isinstance(explorer, ExplorerPage)
    corner.open(0)
    tap(app, explorer.sow_button.rect.center)
    tap(app, explorer.board_view.center(3))
    advance(app, 20, 0.5)
    tap(app, explorer.buttons[3].rect.center)  # 4 pits, then the article's loop
    tap(app, explorer.buttons[2].rect.center)
    for pit, seeds in enumerate((1, 2, 0, 2)):
        for _ in range(seeds):
            tap(app, explorer.board_view.center(pit))
    tap(app, explorer.sow_button.rect.center)
    tap(app, explorer.board_view.center(1))
    advance(app, 20, 0.5)
    corner.open(1)
    advance(app, 60, 1.0)
    corner.open(2)
    advance(app, 24, 0.5)


def drive_lightning(app, corner: ScienceScene) -> None:
    page = corner.pages[0]
    assert isinstance(page, DistancePage)
    corner.open(0)
    for _ in range(80):
        page.step_once()
        run_frames(app, 1)
        if page.at_end:
            break
    tap(app, page.buttons[0].rect.center)
    corner.open(1)
    run_frames(app, 5)


def drive_every_tab(app, corner: ScienceScene) -> None:
    """A corner without a driver of its own: each tab in turn, for a few seconds."""
    for k in range(len(corner.pages)):
        corner.open(k)
        advance(app, 4, 1.0)


DRIVERS = {"lewthwaite": drive_lewthwaite, "juniper": drive_juniper, "awele": drive_awele,
           "lightning": drive_lightning}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_every_text_fits_in_both_languages(game, lang):
    app = make_app(lang)
    try:
        corner = open_corner(app, game)
        drive = DRIVERS.get(game, drive_every_tab)
        drive(app, corner)
        run_frames(app, 2)
        assert corner.overflows == []
        assert not [t for t in corner.texts if "⟨" in t]  # no missing translation
    finally:
        set_language("fr")


def test_every_science_string_has_both_languages_and_the_same_placeholders():
    import string

    for key, (fr, en) in table().items():
        if ".science." in key or key.startswith("science.") or key == "menu.science":
            names = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in (fr, en)]
            assert fr and en and names[0] == names[1], key


def test_the_menu_button_fits_in_both_languages():
    for lang in ("fr", "en"):
        app = make_app(lang)
        from kiosk.menu import MenuScene

        menu = MenuScene(app)
        label = table()["menu.science"][0 if lang == "fr" else 1]
        from kiosk import theme

        width = theme.font(21, "bold").size(label)[0]
        assert all(width <= menu.science_rect(rect).width - 16 for rect, _info, _m in menu.cards)
        assert isinstance(pygame.display.get_surface(), pygame.Surface)
    set_language("fr")
