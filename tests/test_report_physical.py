"""The day's record of a game on the real board: its fixes asked, the camera lost and found
again, the LED board unplugged and plugged back, as the physical-board mode saw them."""

from __future__ import annotations

import datetime as dt
import json

from games.effects import Message
from games.lewthwaite.rules import LewthwaiteParams
from games.lewthwaite.scene import LewthwaiteScene, new_match
from games.ports import LedStatus
from games.sync import FIX, LOST
from kiosk.app import App, AppOptions
from kiosk.config import KioskConfig
from kiosk.devices import Devices, set_opener
from kiosk.menu import MenuScene
from kiosk.physical import attach
from kiosk.report import figures
from main import Camera
from tests.kiosk_driver import run_frames, table_of
from tests.test_physical_scene import PicturesCamera


class Leds:
    """An LED board handle whose link comes and goes."""

    def __init__(self) -> None:
        self.connected = True

    def led_status(self) -> LedStatus:
        return LedStatus("loop://", self.connected)

    def __call__(self, message: Message) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_real_board_game_records_its_fixes_and_the_devices_coming_and_going(tmp_path):
    camera, leds = PicturesCamera({1: "illegal", 3: "knock"}), Leds()
    set_opener(lambda options: Devices(subscribers=[leds], camera=Camera.around(camera), leds=leds))
    try:
        app = App(AppOptions(frames=1, mute=True, kiosk=True, state_dir=tmp_path, seed=2,
                             config=KioskConfig(kiosk=True, pin="2580")))
        match = new_match(app, LewthwaiteParams(), "human", "greedy", "snake", physical=True)
        app.home_factory = MenuScene
        scene = LewthwaiteScene(app, match)
        assert attach(scene) is not None
        app.start(scene)
        phases: list[str] = []
        for frame in range(60 * 150):
            if frame == 400:
                assert camera.visitor is not None
                camera.visitor.dropped_until = camera.visitor.frame + 300  # unplugged a while
            if frame in (200, 500):
                leds.connected = frame == 500
            run_frames(app, 1)
            phase = table_of(scene).engine.phase
            if not phases or phases[-1] != phase:
                phases.append(phase)
            if FIX in phases and LOST in phases and phase != LOST and frame > 500:
                break
        moves = len(match.moves)
        app.go_home()  # the visitors leave the game: abandoned (and a shorter test)
        run_frames(app, 2)
        assert isinstance(app.stack.top, MenuScene)
    finally:
        app.close()
        set_opener(None)
    days = sorted((tmp_path / "days").glob("*.jsonl"))
    events = [json.loads(line) for path in days for line in path.read_text().splitlines()]
    games = [e for e in events if e["e"] == "game"]
    ends = [e for e in events if e["e"] == "end"]
    assert len(games) == 1 and games[0]["board"] == "real" and games[0]["seats"] == ["board", "computer"]
    assert ends[0]["fixes"] == phases.count(FIX) > 0
    assert ends[0]["lost"] == ends[0]["back"] == phases.count(LOST) > 0
    assert ends[0]["how"] == "abandoned" and ends[0]["moves"] == moves > 0
    assert [e["up"] for e in events if e["e"] == "camera"] == [False, True] * phases.count(LOST)
    assert [e["up"] for e in events if e["e"] == "leds"] == [False, True]
    numbers = figures(events)
    real = numbers["real_board"]
    assert real["games"] == 1 and real["fixes"] == ends[0]["fixes"] and real["leds_lost"] == 1
    # clock(date): the kiosk stamps its events with the real day
    assert dt.date.fromisoformat(numbers["from"]) == dt.date.today()
