"""The physical-board mode on screen: a GameScene driven by a table, headless.

A scripted visitor plays on a virtual table; the scene must follow it (animations, the snake
view), show the setup assistant, the fixes and the computer's move, refuse touches while the
camera sees the board, guide the table back after an undo on the screen, and end with the
screen, the engine and the table in agreement. The command line is checked end to end with the
synthetic camera, a record and a folder of frames replayed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import main
from games.boards import Picture
from games.lewthwaite.rules import LewthwaiteParams
from games.lewthwaite.scene import LewthwaiteScene, new_match
from games.match import BOARD, Seat
from games.sync import COMPUTER, FIX, PLAY, SETUP
from games.visitor import PictureFeed, Visitor
from kiosk.devices import Devices, set_opener
from kiosk.i18n import set_language
from kiosk.physical import attach
from tests.kiosk_driver import make_app, run_frames, tap


class PicturesCamera:
    """A camera handle whose feed is a scripted visitor read perfectly (fast)."""

    spec = "pictures"
    kind = "synthetic"
    stepped = True

    def __init__(self, faults: dict[int, str] | None = None, table: Picture | None = None) -> None:
        self.faults = faults or {}
        self.table = table
        self.visitor: Visitor | None = None

    def feed(self, engine: Any, seed: int = 0) -> PictureFeed:
        self.visitor = Visitor(engine, seed=seed, faults=self.faults, table=self.table)
        return PictureFeed(self.visitor)


@pytest.fixture
def camera() -> Any:
    handle = PicturesCamera({1: "illegal", 3: "knock"})
    set_opener(lambda options: Devices(handles={"camera": handle}))
    yield handle
    set_opener(None)
    set_language("fr")


def physical_scene(app: Any, blue: str = "human", view: str = "snake") -> LewthwaiteScene:
    match = new_match(app, LewthwaiteParams(), "human", blue, view, physical=True)
    scene = LewthwaiteScene(app, match)
    assert attach(scene) is not None
    app.start(scene)
    return scene


def play_to_the_end(app: Any, scene: LewthwaiteScene, frames: int = 60 * 120) -> list[str]:
    phases = []
    for _ in range(frames):
        run_frames(app, 1)
        phase = scene.physical.engine.phase
        if not phases or phases[-1] != phase:
            phases.append(phase)
        if scene.match.is_over() and scene.physical.engine.synced and not scene.physical.engine.fixes:
            break
    run_frames(app, 120)
    return phases


@pytest.mark.parametrize("blue", ["human", "perfect"])
def test_a_whole_game_on_the_table_with_the_screen_following(camera: PicturesCamera, blue: str) -> None:
    app = make_app()
    scene = physical_scene(app, blue)
    assert scene.person_to_move() is False  # the camera sees the board: no touch
    phases = play_to_the_end(app, scene)
    engine, visitor = scene.physical.engine, camera.visitor
    assert visitor is not None
    assert scene.match.is_over() and phases[0] == SETUP and FIX in phases
    if blue != "human":
        assert COMPUTER in phases
    played = [s.move_to_text(m) for s, m in zip(scene.match.history.states, scene.match.moves, strict=False)]
    assert played == visitor.made and visitor.missed == []
    assert all(w.flagged for w in visitor.wrong) and visitor.wrong
    board = engine.board
    assert board.shows(scene.match.state, board.read(visitor.table.grid))
    summary = scene.state_summary()
    assert summary["position"] == scene.match.state.to_text() and summary["over"]
    assert summary["physical"]["phase"] in ("over", "play")
    # The LEDs were given the table's lights: the fixes blinked, the win shows at the end.
    roles = [set(m.cells.values()) for m in app.published if type(m).__name__ == "BoardLights"]
    assert any("put_back" in r for r in roles) and any("remove" in r for r in roles)
    assert "win" in roles[-1]


def test_touch_is_refused_while_the_camera_sees_the_board_and_undo_guides_the_table_back(
        camera: PicturesCamera) -> None:
    camera.faults = {}
    app = make_app()
    scene = physical_scene(app, view="tokens")
    for _ in range(600):
        run_frames(app, 1)
        if len(scene.match.moves) >= 2:
            break
    assert len(scene.match.moves) >= 2 and scene.physical.engine.phase == PLAY
    moves = len(scene.match.moves)
    legal = scene.match.state.legal_moves()[0]
    tap(app, scene.board_view.center_of(legal))
    assert len(scene.match.moves) == moves  # the move must be made on the table
    undo = scene.tool_at("undo")
    assert undo is not None and undo.enabled
    tap(app, undo.rect.center, frames=1)
    assert scene.physical.engine.phase == SETUP  # the table still shows the undone move
    for _ in range(600):
        run_frames(app, 1)
        if scene.physical.engine.phase == PLAY and scene.physical.engine.synced:
            break
    assert scene.physical.engine.synced
    assert len(scene.match.moves) in (moves - 1, moves)  # put back, then play went on


def test_screenshots_of_the_setup_the_fix_and_the_guide(camera: PicturesCamera, tmp_path: Path) -> None:
    camera.faults = {0: "illegal"}
    app = make_app()
    scene = physical_scene(app, blue="greedy", view="tokens")
    shots: dict[str, Path] = {}
    for _ in range(60 * 60):
        run_frames(app, 1)
        phase = scene.physical.engine.phase
        if phase in (SETUP, FIX, COMPUTER) and phase not in shots and (phase != SETUP or scene.physical.engine.fixes):
            shots[phase] = tmp_path / f"{phase}.png"
            app.save_screenshot(str(shots[phase]))
        if len(shots) == 3:
            break
    assert set(shots) == {SETUP, FIX, COMPUTER}
    assert all(path.stat().st_size > 10_000 for path in shots.values())


# --- the command line ---------------------------------------------------------------------------


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main.main(args)
    out = capsys.readouterr().out.strip().splitlines()
    return code, (json.loads(out[-1]) if out and code == 0 else {})


@pytest.mark.slow
def test_play_physical_records_and_replays_the_same_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, frames = tmp_path / "game.jsonl", tmp_path / "frames"
    base = ["play", "lewthwaite", "--physical", "--blue", "random", "--seed", "4", "--frames", "300", "--json"]
    code, first = run_main([*base, "--camera", "synthetic", "--record", str(record), "--save-frames", str(frames)],
                           capsys)
    assert code == 0 and first["physical"]["camera"] == "synthetic"
    assert first["moves"] >= 1, first
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert events[0]["event"] == "start" and events[-1]["event"] == "close"
    assert events[-1]["position"] == first["position"]
    readings = [e["grid"] for e in events if e["event"] == "reading"]
    # The record replays the game on screen.
    code, again = run_main([*base, "--camera", str(record)], capsys)
    assert code == 0 and again["position"] == first["position"]
    # The folder of frames replays it exactly: the same readings, the same moves.
    replay = tmp_path / "replay.jsonl"
    code, folder = run_main([*base, "--camera", str(frames), "--record", str(replay)], capsys)
    assert code == 0 and folder["position"] == first["position"]
    replayed = [json.loads(line) for line in replay.read_text(encoding="utf-8").splitlines()]
    assert [e["grid"] for e in replayed if e["event"] == "reading"] == readings


def test_bad_physical_options_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["play", "lewthwaite", "--physical", "--camera", str(tmp_path / "nothing"), "--frames", "2"]) == 2
    assert "--camera" in capsys.readouterr().err
    assert main.main(["play", "lewthwaite", "--record", str(tmp_path / "r.jsonl"), "--frames", "2"]) == 2
    assert "--physical" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event": "reading"}\n', encoding="utf-8")
    assert main.main(["play", "lewthwaite", "--camera", str(bad), "--frames", "2"]) == 2
    assert "bad.jsonl, line 1" in capsys.readouterr().err


def test_seats_of_a_physical_game_are_at_the_board(camera: PicturesCamera) -> None:
    app = make_app()
    scene = physical_scene(app)
    assert scene.match.seats[1] == Seat(BOARD) and scene.match.seats[2] == Seat(BOARD)
    scene.apply_setup(scene.current_setup())
    assert all(seat.kind == BOARD or seat.is_computer for seat in scene.match.seats.values())


def test_the_menu_offers_the_real_board_only_with_a_camera(camera: PicturesCamera) -> None:
    from kiosk.menu import MenuScene

    app = make_app()
    menu = MenuScene(app)
    app.start(menu)
    real = [b for b in menu.buttons if b.label == "physical.menu"]
    assert real  # Lewthwaite's card (and every GameScene game on a readable board)
    tap(app, real[0].rect.center, frames=3)
    scene = next(s for s in app.stack.scenes if isinstance(s, LewthwaiteScene))
    assert scene.physical is not None and scene.view_mode == "snake"
    assert all(seat.kind == BOARD or seat.is_computer for seat in scene.match.seats.values())
    set_opener(None)
    assert not [b for b in MenuScene(make_app()).buttons if b.label == "physical.menu"]


def test_a_game_saved_on_the_table_resumes_on_the_table(camera: PicturesCamera, tmp_path: Path) -> None:
    """After a power cut the kiosk resumes a physical game in the physical-board mode (its
    assistant guides the pieces back); with no camera any more, the game goes on by touch."""
    from kiosk.app import App, AppOptions
    from kiosk.config import KioskConfig
    from kiosk.menu import MenuScene

    def kiosk() -> App:
        app = App(AppOptions(frames=1, seed=1, mute=True, kiosk=True, state_dir=tmp_path,
                             config=KioskConfig(kiosk=True, pin="2580")))
        app.home_factory = MenuScene
        app.start(MenuScene(app))
        return app

    first = kiosk()
    match = new_match(first, LewthwaiteParams(), "human", "human", "snake", physical=True)
    scene = LewthwaiteScene(first, match)
    assert attach(scene) is not None
    first.stack.push(scene)
    for _ in range(60 * 60):
        run_frames(first, 1)
        if len(match.moves) >= 2:
            break
    run_frames(first, 2)
    assert len(match.moves) >= 2
    position = match.state.to_text()

    second = kiosk()  # the power came back, the camera with it
    resumed = second.stack.top
    assert isinstance(resumed, LewthwaiteScene) and resumed.match.state.to_text() == position
    assert resumed.physical is not None and {s.kind for s in resumed.match.seats.values()} == {BOARD}

    set_opener(None)  # and once more, the camera left unplugged
    third = kiosk()
    again = third.stack.top
    assert isinstance(again, LewthwaiteScene) and again.match.state.to_text() == position
    assert again.physical is None and {s.kind for s in again.match.seats.values()} == {"person"}
    for app in (first, second, third):
        app.close()
