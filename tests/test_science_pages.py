"""The science corners' shared page furniture (kiosk/science.py): the tab a corner opens on, the
"again" button, a tap on a page's picture, and the replay of a game one move at a time."""

from __future__ import annotations

import pygame
import pytest

from games.effects import Sound
from games.registry import installed_games
from kiosk import ui
from kiosk.science import CornerPage, ReplayPage, ScienceScene
from kiosk.screens import screens_for
from tests.corner_driver import open_corner
from tests.kiosk_driver import make_app, run_frames


@pytest.mark.parametrize("game", [info.key for info in installed_games()
                                  if screens_for(info.key).make_science_scene is not None])
def test_a_tab_past_the_last_opens_the_last(game):
    corner = open_corner(make_app(), game, 99)
    assert corner.index == len(corner.pages) - 1


def test_each_tab_a_visitor_opens_is_logged(caplog):
    import logging

    caplog.set_level(logging.INFO, logger="kiosk.science")
    corner = open_corner(make_app(), "juniper", 0)
    corner.open(1)
    corner.open(1)  # the open tab again: nothing new
    shown = [r.getMessage() for r in caplog.records if r.name == "kiosk.science"]
    assert shown == [f"science corner of juniper: tab 0, {type(corner.pages[0]).__name__}",
                     f"science corner of juniper: tab 1, {type(corner.pages[1]).__name__}"]


class Replay(ReplayPage):
    """Games of three moves; taps on the picture are counted."""

    STEP_SECONDS = 0.5
    END_SECONDS = 1.0

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.taps: list[tuple[int, int]] = []
        self.again = self.again_button(pygame.Rect(24, 650, 250, 54), "button.back", self.new_game)
        self.buttons = [self.again]
        self.new_game()

    def moves(self) -> int:
        return 3

    def tap(self, pos: tuple[int, int]) -> bool:
        self.taps.append(pos)
        return True


def release(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def test_a_replay_shows_a_move_every_step_then_pauses_then_plays_another_game():
    app = make_app()
    corner = ScienceScene(app, "awele", (190, 120, 50), [Replay])
    app.start(corner)
    page = corner.page
    assert isinstance(page, Replay) and (page.step, page.games) == (0, 1)
    shown = []
    for _ in range(3 * 31 + 61 + 2):  # three moves of half a second, a pause of a second (1/60 s frames)
        run_frames(app, 1)
        shown.append(page.step)
    first = [shown.index(k) for k in (1, 2, 3)]
    assert first[1] - first[0] == first[2] - first[1] in (30, 31)  # the clock's sum of 1/60 s may fall short
    again = shown.index(0, first[2])
    assert again - first[2] in (60, 61) and page.games == 2
    assert app.published.count(Sound("slide")) == 3


def test_the_again_button_comes_first_and_other_taps_go_to_the_picture():
    app = make_app()
    corner = ScienceScene(app, "awele", (190, 120, 50), [Replay])
    app.start(corner)
    page = corner.page
    assert isinstance(page, CornerPage) and isinstance(page, Replay)
    assert page.again.icon is ui.icon_restart and page.again.color == (190, 120, 50)
    page.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=page.again.rect.center, button=1))
    assert page.handle_event(release(page.again.rect.center)) and page.games == 2 and page.taps == []
    assert page.handle_event(release((600, 400))) and page.taps == [(600, 400)]
    assert not page.handle_event(release((600, 400), button=3)) and page.taps == [(600, 400)]
