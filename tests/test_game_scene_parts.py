"""The parts of a game's screen (issue 25): the end's clock, the toolbar's shelf, the "who plays"
answers, and the physical-board mode held as a typed component the scene takes itself."""

from __future__ import annotations

import pygame
import pytest

from games.boards import Sentence
from games.effects import BoardLights
from games.lewthwaite.scene import LewthwaiteScene, new_match
from games.match import BOARD, COMPUTER, PERSON, Seat
from games.sync import Move, Phase
from kiosk import i18n, toolbar
from kiosk.chronicle import Chronicle
from kiosk.game_end import Ending, EndStep
from kiosk.seat_flow import seats_for, setup_of
from kiosk.seats import FRIEND, Setup
from kiosk.table_mode import OnTable, Summary, TableHost
from kiosk.toolbar import Shelf, Tool, Toolbar
from tests.kiosk_driver import make_app, run_frames


@pytest.mark.parametrize(("attract", "expected"), [
    (False, [EndStep.WAIT, EndStep.WAIT, EndStep.CARD, EndStep.WAIT, EndStep.WAIT, EndStep.WAIT]),
    (True, [EndStep.WAIT, EndStep.WAIT, EndStep.CHEER, EndStep.WAIT, EndStep.RESTART, EndStep.RESTART]),
])
def test_the_end_card_comes_once_after_the_delay_and_attract_mode_restarts(attract: bool,
                                                                          expected: list[EndStep]) -> None:
    ending = Ending()
    steps = [ending.step(0.5, delay=1.4, attract=attract, pause=0.7) for _ in expected]
    assert steps == expected
    ending.reset()
    assert ending.step(0.5, delay=1.4, attract=attract, pause=0.7) is EndStep.WAIT


@pytest.mark.parametrize(("count", "columns", "rects"), [
    (1, 2, [(10, 20, 95, 70)]),
    (3, 2, [(10, 20, 95, 44), (115, 20, 95, 44), (10, 74, 95, 44)]),
    (4, 4, [(10, 20, 45, 70), (61, 20, 45, 70), (112, 20, 45, 70), (163, 20, 45, 70)]),
])
def test_the_shelf_fills_its_area_row_by_row(count: int, columns: int, rects: list[tuple[int, ...]]) -> None:
    shelf = Shelf(pygame.Rect(10, 20, 200, 98), columns, gap=10 if columns == 2 else 6)
    assert [tuple(rect) for rect in shelf.rects(count)] == rects


@pytest.mark.parametrize(("setup", "first_choice", "seats"), [
    (Setup(FRIEND), True, {1: PERSON, 2: PERSON}),
    (Setup(COMPUTER, "greedy", True), True, {1: PERSON, 2: COMPUTER}),
    (Setup(COMPUTER, "greedy", False), True, {2: PERSON, 1: COMPUTER}),
    (Setup(COMPUTER, "greedy", False), False, {1: PERSON, 2: COMPUTER}),  # chance decides who starts
])
def test_the_answers_seat_the_players_and_the_card_reopens_on_them(setup: Setup, first_choice: bool,
                                                                  seats: dict[int, str]) -> None:
    chosen = seats_for(setup, Seat(), first_choice)
    assert {player: seat.kind for player, seat in chosen.items()} == seats
    app = make_app()
    match = new_match(app)
    for player, seat in chosen.items():
        match.set_seat(player, seat)
    again = setup_of(match, {"size": 5})
    assert again.opponent == setup.opponent and again.extras == {"size": 5}
    if setup.opponent == COMPUTER:
        assert again.level == "greedy" and again.person_first == (chosen[1].kind == PERSON)


class FakeTable:
    """A physical-board mode as the scene knows it (kiosk.table_mode.TableMode), in memory."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.seats = {player: seat.kind for player, seat in host.match.seats.items()}
        self.phase = Phase.SETUP
        self.touch_allowed = False
        self.screen_plays_computer = False
        self.replaying = False
        self.held: list[bool] = []
        self.closed = False

    def update(self, dt: float, held: bool = False) -> bool:
        self.held.append(held)
        return False

    def hold(self, on: bool) -> None:
        self.held.append(on)

    def lights(self) -> BoardLights | None:
        return None

    def draw(self, surface: object) -> None:
        pass

    def after_draw(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def summary(self) -> Summary:
        return {"phase": self.phase}

    def prompt_lines(self) -> list[str]:
        return [Sentence("physical.setup.first").render(lambda key, **_: key)]

    def prompt_tone(self) -> tuple[int, int, int]:
        return (0, 0, 0)

    def notice(self) -> str | None:
        return None

    def camera_line(self) -> tuple[str, tuple[int, int, int]] | None:
        return None

    def guide_move(self) -> Move | None:
        return None


def test_a_scene_takes_its_table_component_with_the_people_at_the_board() -> None:
    app = make_app()
    scene = LewthwaiteScene(app, new_match(app))
    app.start(scene)
    assert scene.table is None and scene.physical is None and not scene.setting_up()
    table = scene.play_on_table(FakeTable)
    # The mode was made with the people already at the board (its record starts with them).
    assert table.seats == {1: BOARD, 2: COMPUTER} and table.host is scene
    assert scene.table is table and scene.physical is table and isinstance(scene, OnTable)
    assert scene.view_mode == "snake"  # the game's own default for a real board
    assert scene.setting_up() and not scene.person_to_move()  # the camera sees the table
    run_frames(app, 2)
    assert table.held == [False, False]
    assert scene.state_summary()["physical"] == {"phase": "setup"}
    chronicle = Chronicle(None)
    chronicle.physical_phase(scene, table.phase)  # typed by the enum; a chronicle that writes nothing
    table.touch_allowed = True
    assert scene.person_to_move()
    scene.on_exit()
    assert table.closed


def test_the_toolbar_translates_its_labels_once_per_language(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 43: the labels were translated again at every call (1-3 a frame): half the
    # toolbar's cost at rest. A key is read once per language; a function follows the state.
    asked: list[str] = []
    translate = toolbar.tr

    def counted(key: str, *args: str) -> i18n.Text:
        asked.append(key)
        return translate(key, *args)

    monkeypatch.setattr(toolbar, "tr", counted)
    turns = iter(range(1000))
    bar = Toolbar(lambda: [Tool("button.home", lambda: None), Tool("button.again", lambda: None),
                           Tool(lambda: f"turn {next(turns)}", lambda: None)],
                  Shelf(pygame.Rect(0, 0, 600, 80), columns=3))
    for _ in range(10):
        buttons = bar.buttons(True)
    assert sorted(asked) == ["button.again", "button.home"]
    assert buttons[2].label == "turn 9"
    language = i18n.language()
    other = "en" if language == "fr" else "fr"
    try:
        i18n.set_language(other)
        assert bar.buttons(True)[0].label == translate("button.home", other)
    finally:
        i18n.set_language(language)
    assert bar.buttons(True)[0].label == translate("button.home", language)
