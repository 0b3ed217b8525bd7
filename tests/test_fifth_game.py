"""The proof of the game contract: a fifth game that lives only in ``tests/fifth_game/`` (Nim on
a 3 x 4 grid), registered by this test and removed after it, is played on screen from the menu,
shows in attract mode, answers ``engine``, plays a ``tournament``, is saved and resumed by the
kiosk, lights the LED board and is played on a real table (virtual, and through the synthetic
camera, which reads the mat its board description prints), with no edit anywhere else."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.effects import BoardLights
from games.physical import Feed, TablePort
from games.registry import installed_games, registered, spec
from games.sync import SETUP
from hardware.config import LedConfig
from hardware.fakes import FakeClock, ScriptedDevice, ScriptedOpener
from hardware.link import SerialLink
from hardware.protocols import FrameDecoder
from hardware.system import LedSystem
from kiosk.app import App, AppOptions
from kiosk.config import IdleTimes, KioskConfig
from kiosk.demo import GAME_SECONDS, DemoScene
from kiosk.devices import Devices, set_opener
from kiosk.game_scene import GameScene
from kiosk.i18n import set_language, tr
from kiosk.menu import MenuScene
from kiosk.physical import attach, has_physical_mode
from kiosk.screens import register_screens, screens_for, unregister_screens
from kiosk.seats import SeatsScene
from main import Camera
from tests.fifth_game import GAME
from tests.fifth_game.rules import NimState
from tests.fifth_game.scene import SCREENS, NimScene
from tests.kiosk_driver import run_frames, table_of, tap
from tests.test_physical_scene import PicturesCamera


@pytest.fixture(autouse=True)
def nim() -> Iterator[None]:
    """The fifth game installed for one test: its entry and its screens, both gone afterwards."""
    with registered(GAME):
        register_screens(SCREENS)
        try:
            yield
        finally:
            unregister_screens("nim")
            set_language("fr")
            set_opener(None)
    assert "nim" not in {info.key for info in installed_games()}


def kiosk_app(state: Path, **options: Any) -> App:
    config = KioskConfig(kiosk=True, pin="2580", idle=IdleTimes(90.0, 120.0, 20.0))
    app = App(AppOptions(frames=1, seed=1, mute=True, kiosk=True, state_dir=state, config=config, **options))
    app.home_factory = MenuScene
    return app


def open_nim_from_the_menu(app: App) -> NimScene:
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    rect = next(rect for rect, info, _screens in menu.cards if info.key == "nim")
    tap(app, (rect.centerx, rect.y + 120), frames=3)
    assert isinstance(app.stack.top, SeatsScene)
    scene = app.stack.scenes[-2]
    assert isinstance(scene, NimScene)
    tap(app, app.stack.top.play_button.rect.center, frames=3)
    assert app.stack.top is scene
    return scene


def tap_move(app: App, scene: NimScene) -> None:
    """The person takes the first token of the last non-empty row, by tapping it."""
    move = scene.match.state.legal_moves()[-1]
    taps = scene.taps_for(move)
    assert taps is not None
    before = len(scene.match.moves)
    for pos in taps:
        tap(app, pos)
    assert scene.match.moves[before] == move


def test_the_fifth_game_is_in_the_menu_and_played_by_taps(tmp_path: Path) -> None:
    app = kiosk_app(tmp_path)
    app.start(MenuScene(app))
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and "nim" in [info.key for info, _s in menu.games]
    assert tr("nim.title") == "Nim" and tr("nim.level.random") == "Bébé"
    scene = open_nim_from_the_menu(app)
    assert scene.match.seats[2].level == "random"  # the weak default level
    for _ in range(30):
        if scene.match.is_over():
            break
        if scene.person_to_move():
            tap_move(app, scene)
        run_frames(app, 5)
    assert scene.match.is_over() and scene.match.result() in ("person", "computer")
    run_frames(app, 120)
    top = app.stack.top
    assert top is not None and top.name == "end"


def test_the_fifth_game_plays_in_attract_mode(tmp_path: Path) -> None:
    app = kiosk_app(tmp_path)
    app.start(MenuScene(app))
    demo = DemoScene(app)
    app.stack.push(demo)
    nims = 0
    for _ in range(len(demo.demos)):
        if isinstance(demo.current, NimScene):
            nims += 1
            run_frames(app, 240)
            assert demo.current.match.moves and demo.current.match.all_computers
        demo.update(GAME_SECONDS)
    assert nims == 1


def test_the_fifth_game_is_saved_and_resumed(tmp_path: Path) -> None:
    app = kiosk_app(tmp_path)
    app.start(MenuScene(app))
    scene = open_nim_from_the_menu(app)
    tap_move(app, scene)
    run_frames(app, 60)
    assert len(scene.match.moves) == 2  # the person's, then the computer's
    app.keeper.flush()
    text = scene.match.to_text()
    app.close()

    again = kiosk_app(tmp_path)
    again.start(MenuScene(again))  # a kiosk starting on its menu resumes the saved game
    resumed = again.stack.top
    assert isinstance(resumed, NimScene) and resumed.match.to_text() == text
    tap_move(again, resumed)
    assert len(resumed.match.moves) == 3
    again.close()


def run_main(argv: list[str], stdin: bytes, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    import main

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    assert main.main(argv) == 0
    return capsys.readouterr().out


def test_the_fifth_game_answers_engine(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = b'{"state": "2 3 4 p1"}\n{"state": "1 1 0 p2"}\n{"state": "0 0 0 p1"}\n{"state": "9 p1"}\n'
    out = run_main(["engine", "nim", "--level", "perfect"], lines, monkeypatch, capsys)
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[0] == {"move": "2,1"}  # 2 ^ 3 ^ 1 = 0: leave one token in the last row
    assert "move" in answers[1]
    assert "over" in answers[2]["error"] and "error" in answers[3]


def test_the_fifth_game_plays_a_tournament(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = run_main(["tournament", "nim", "--a", "perfect", "--b", "random", "--games", "6", "--seed", "3", "--json"],
                   b"", monkeypatch, capsys)
    report = json.loads(out)
    assert report["game"] == "nim" and report["games"] == 6
    assert report["wins_a_moving_first"] == 3  # the first player wins rows of 2, 3 and 4



def test_the_fifth_game_adds_a_flag_of_its_own_from_its_folder(monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # tests/fifth_game/cli.py adds --start to its tournament and reads it into its own record: from
    # rows of 1, 1 and 0 the second player wins, so perfect play wins only moving second.
    out = run_main(["tournament", "nim", "--a", "perfect", "--b", "random", "--games", "6", "--seed", "3",
                    "--start", "1,1,0", "--json"], b"", monkeypatch, capsys)
    report = json.loads(out)
    assert (report["wins_a_moving_first"], report["wins_a_moving_second"]) == (0, 3)
    import main

    with pytest.raises(SystemExit) as refused:
        main.main(["tournament", "nim", "--a", "perfect", "--b", "random", "--start", "0,0,0"])
    assert refused.value.code == 2
    assert "at least one token" in capsys.readouterr().err


def test_the_fifth_game_lights_the_led_board(tmp_path: Path) -> None:
    clock = FakeClock(50.0)
    device = ScriptedDevice(strict=False)
    leds = LedSystem(LedConfig(), SerialLink("fake", opener=ScriptedOpener(device), clock=clock), clock=clock,
                     start=False, log=lambda _m: None, sleep=clock.sleep)
    app = kiosk_app(tmp_path)
    app.effects.subscribe(leds)
    published: list[BoardLights] = []
    app.effects.subscribe(lambda message: published.append(message) if isinstance(message, BoardLights) else None)
    scene = NimScene(app, GameScene.new_match(app, "nim", spec("nim").new_state(app.rng), {}))
    app.start(scene)
    run_frames(app, 2)
    lights = published[-1]
    assert (lights.game, lights.rows, lights.cols) == ("nim", 3, 4)
    assert lights.cells[(2, 3)] == "legal" and (0, 3) not in lights.cells  # row 0 holds two tokens
    leds.step()
    clock.now += 0.2
    leds.step()
    frames = list(FrameDecoder().feed(bytes(device.written)))
    assert frames and sum(1 for pixel in frames[-1].pixels if pixel != (0, 0, 0)) == 9  # one LED per token


def close(scene: NimScene) -> None:
    """Close the app ``scene`` was played in."""
    app = scene.app
    assert isinstance(app, App)
    app.close()


def _play_at_table(camera: TablePort, seconds: int) -> tuple[NimScene, list[object]]:
    """A Nim game on the real-board seat with ``camera``, run frame by frame until it is over
    and the table agrees (at most ``seconds`` of game time); the scene and the phases it went
    through. The caller closes ``scene.app``."""
    set_opener(lambda options: Devices(camera=Camera.around(camera)))
    from tests.kiosk_driver import make_app

    app = make_app()
    scene = NimScene(app, GameScene.new_match(app, "nim", NimState(), {}))
    assert attach(scene) is not None
    app.start(scene)
    phases: list[object] = []
    for _ in range(60 * seconds):
        run_frames(app, 1)
        phase = table_of(scene).engine.phase
        if not phases or phases[-1] != phase:
            phases.append(phase)
        if scene.match.is_over() and table_of(scene).engine.synced:
            break
    return scene, phases


def test_the_fifth_game_is_played_on_a_virtual_table() -> None:
    # The physical-board mode, the sync engine and the scripted visitor at the table take
    # everything from the board description (the table read perfectly: no camera here).
    assert has_physical_mode(screens_for("nim"))
    scene, phases = _play_at_table(PicturesCamera(), 60)
    assert phases[0] == SETUP and "play" in phases and scene.match.is_over()
    assert [seat.kind for seat in scene.match.seats.values()] == ["board", "board"]
    close(scene)


def test_the_fifth_game_is_played_through_the_synthetic_camera() -> None:
    # The camera photographs and reads the mat its board description prints (vision/ has never
    # heard of Nim); the synthetic visitor plays both sides at the table, with no slip.
    from vision.table import CameraOpener

    scene, phases = _play_at_table(CameraOpener("synthetic", stepped=True, faults={}), 90)
    assert phases[0] == SETUP and "play" in phases and scene.match.is_over()
    assert len(scene.match.moves) >= 2
    feed = table_of(scene).session.feed
    assert isinstance(feed, Feed) and feed.frame > 10 and feed.read_seconds  # photographs of the mat, read by vision
    close(scene)


def test_the_registry_keeps_one_entry_per_key() -> None:
    from dataclasses import replace

    from games.registry import register_game, swapped

    assert spec("nim") is GAME and spec("nim").make_player("perfect").name == "perfect"
    with pytest.raises(ValueError, match="already registered"):
        register_game(replace(GAME))
    with pytest.raises(ValueError, match="unknown nim level"):
        GAME.make_player("grandmaster")
    with pytest.raises(ValueError, match="default level"):
        replace(GAME, default_level="grandmaster")
    with swapped("nim", hint=None):
        assert spec("nim").hint is None
    assert spec("nim") is GAME
    with pytest.raises(LookupError, match="unknown game 'chess'"):
        spec("chess")


def test_no_game_is_found_by_its_name() -> None:
    # Games are registered explicitly: no module path built from a name, no package scanning,
    # no subclass scanning (the worker pool alone imports the module names it is handed).
    root = Path(__file__).resolve().parent.parent
    sources = [root / "main.py", *(p for d in ("games", "kiosk", "hardware") for p in (root / d).rglob("*.py"))]
    found = [
        f"{path.relative_to(root)}:{k}: {line.strip()}"
        for path in sources if path.name != "workers.py"
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(word in line for word in ("import_module(", "pkgutil", "__import__(", "issubclass(", "vars(module"))
    ]
    assert not found, "\n".join(found)
