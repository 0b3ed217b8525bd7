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
from games.effects import BoardLights
from games.lewthwaite.rules import LewthwaiteParams
from games.lewthwaite.scene import LewthwaiteScene, new_match
from games.match import BOARD, Seat
from games.physical import RecordFeed
from games.sync import COMPUTER, DRAW, FIX, LOST, PLAY, SETUP, Phase
from games.visitor import PictureFeed, Visitor
from kiosk import theme
from kiosk.devices import Devices, set_opener
from kiosk.game_scene import GameScene
from kiosk.i18n import set_language, tr
from kiosk.physical import attach
from main import Camera
from tests.kiosk_driver import make_app, press, run_frames, table_of, tap


class PicturesCamera:
    """A camera handle whose feed is a scripted visitor read perfectly (fast)."""

    spec = "pictures"
    kind = "synthetic"
    stepped = True

    def __init__(self, faults: dict[int, str] | None = None, table: Picture | None = None,
                 level: str | None = None) -> None:
        self.faults = faults or {}
        self.table = table
        self.level = level
        self.visitor: Visitor | None = None

    def feed(self, engine: Any, seed: int = 0) -> PictureFeed:
        self.visitor = Visitor(engine, seed=seed, faults=self.faults, table=self.table, level=self.level)
        return PictureFeed(self.visitor)


@pytest.fixture
def camera() -> Any:
    handle = PicturesCamera({1: "illegal", 3: "knock"})
    set_opener(lambda options: Devices(camera=Camera.around(handle)))
    yield handle
    set_opener(None)
    set_language("fr")


def physical_scene(app: Any, blue: str = "human", view: str = "snake") -> LewthwaiteScene:
    match = new_match(app, LewthwaiteParams(), "human", blue, view, physical=True)
    scene = LewthwaiteScene(app, match)
    assert attach(scene) is not None
    app.start(scene)
    return scene


def play_to_the_end(app: Any, scene: GameScene, frames: int = 60 * 120) -> list[Phase]:
    phases: list[Phase] = []
    for _ in range(frames):
        run_frames(app, 1)
        phase = table_of(scene).engine.phase
        if not phases or phases[-1] != phase:
            phases.append(phase)
        if scene.match.is_over() and table_of(scene).engine.synced and not table_of(scene).engine.fixes:
            break
    run_frames(app, 120)
    return phases


@pytest.mark.parametrize("blue", ["human", "perfect"])
def test_a_whole_game_on_the_table_with_the_screen_following(camera: PicturesCamera, blue: str) -> None:
    app = make_app()
    scene = physical_scene(app, blue)
    assert scene.person_to_move() is False  # the camera sees the board: no touch
    phases = play_to_the_end(app, scene)
    engine, visitor = table_of(scene).engine, camera.visitor
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
    roles = [set(m.cells.values()) for m in app.published if isinstance(m, BoardLights)]
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
    assert len(scene.match.moves) >= 2 and table_of(scene).engine.phase == PLAY
    moves = len(scene.match.moves)
    legal = scene.match.state.legal_moves()[0]
    tap(app, scene.board_view.center_of(legal))
    assert len(scene.match.moves) == moves  # the move must be made on the table
    undo = scene.tool_at("undo")
    assert undo is not None and undo.enabled
    tap(app, undo.rect.center, frames=1)
    assert table_of(scene).engine.phase == SETUP  # the table still shows the undone move
    for _ in range(600):
        run_frames(app, 1)
        if table_of(scene).engine.phase == PLAY and table_of(scene).engine.synced:
            break
    assert table_of(scene).engine.synced
    assert len(scene.match.moves) in (moves - 1, moves)  # put back, then play went on


def test_screenshots_of_the_setup_the_fix_and_the_guide(camera: PicturesCamera, tmp_path: Path) -> None:
    camera.faults = {0: "illegal"}
    app = make_app()
    scene = physical_scene(app, blue="greedy", view="tokens")
    shots: dict[str, Path] = {}
    for _ in range(60 * 60):
        run_frames(app, 1)
        phase = table_of(scene).engine.phase
        if phase in (SETUP, FIX, COMPUTER) and phase not in shots and (phase != SETUP or table_of(scene).engine.fixes):
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


def test_the_menu_sound_button_changes_its_own_icon_with_a_camera_set(camera: PicturesCamera) -> None:
    from kiosk import ui
    from kiosk.menu import MenuScene

    app = make_app()
    menu = MenuScene(app)
    app.start(menu)
    tabs = [b for b in menu.buttons if b.label == "physical.menu"]
    assert tabs and menu.buttons[0] is tabs[0]  # the tabs come first: an index would miss
    before = menu.sound_button.icon
    tap(app, menu.sound_button.rect.center)
    assert menu.sound_button.icon is ui.LOUDNESS_ICONS[app.sound.loudness] is not before
    assert all(tab.icon is ui.icon_eye for tab in tabs)


# --- Lightning: tiles, the bag, the hand spot and the reserve ------------------------------------


def lightning_scene(app: Any, blue: str = "builder", record: Path | None = None) -> Any:
    from games.lightning.scene import LightningScene
    from games.lightning.scene import new_match as lightning_match

    scene = LightningScene(app, lightning_match(app, "human", blue))
    assert attach(scene, record=str(record) if record else None) is not None
    app.start(scene)
    return scene


def moves_of(match: Any) -> list[str]:
    return [s.move_to_text(m) for s, m in zip(match.history.states, match.moves, strict=False)]


@pytest.mark.slow
@pytest.mark.parametrize("blue", ["builder", "human"])
def test_a_whole_lightning_game_on_the_table_with_the_screen_following(camera: PicturesCamera, blue: str,
                                                                       tmp_path: Path) -> None:
    from vision.table import CameraOpener

    camera.faults, camera.level = {0: "illegal", 2: "knock", 3: "turn", 5: "wrong_computer"}, "builder"
    record = tmp_path / "lightning.jsonl"
    app = make_app(seed=3)
    scene = lightning_scene(app, blue, record)
    assert scene.person_to_move() is False  # the camera sees the mat: no touch
    phases = play_to_the_end(app, scene, frames=60 * 400)
    engine, visitor = table_of(scene).engine, camera.visitor
    assert visitor is not None and scene.match.is_over()
    # Every move the visitor made was taken, in order, and nothing else (no false move).
    assert moves_of(scene.match) == visitor.made and visitor.missed == []
    assert visitor.wrong and all(w.flagged for w in visitor.wrong)
    assert phases[0] == SETUP and FIX in phases
    if blue != "human":
        assert DRAW in phases and COMPUTER in phases
        assert any(m.startswith("pool ") for m in moves_of(scene.match))
    # The screen, the engine and the table agree at the end.
    board = engine.board
    assert board.shows(scene.match.state, board.read(visitor.table.grid, board.slots(visitor.table)))
    summary = scene.state_summary()
    assert summary["position"] == scene.match.state.to_text() and summary["over"]
    scene.physical.close()
    # The record replays the same game on screen, move for move.
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert events[0]["event"] == "start" and events[-1]["event"] == "close"
    assert events[-1]["moves"] == moves_of(scene.match)
    from games.lightning.scene import LightningScene
    from games.match import Match

    replay = CameraOpener(str(record), stepped=True)
    set_opener(lambda options: Devices(camera=Camera.around(replay)))
    again = make_app(seed=5)
    watched = LightningScene(again, Match.from_text(events[0]["match"]))
    assert attach(watched) is not None
    again.start(watched)
    for _ in range(60 * 400):
        run_frames(again, 1)
        feed = table_of(watched).session.feed
        assert isinstance(feed, RecordFeed)
        if feed.done and watched.match.is_over():
            break
    assert moves_of(watched.match) == moves_of(scene.match)
    assert watched.match.state.to_text() == scene.match.state.to_text()


def test_lightning_touch_is_refused_while_the_camera_sees_the_mat(camera: PicturesCamera,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from games.lightning.rules import TAKE_POOL
    from kiosk.ui import TextBox

    camera.faults, camera.level = {}, "builder"
    app = make_app(seed=3)
    scene = lightning_scene(app, "builder")
    visitor = camera.visitor
    assert visitor is not None
    # The visitor stands still, watching (the test's own taps are the only moves).
    visitor._own_turn = visitor._touch = lambda: None  # type: ignore[method-assign]
    for _ in range(1200):
        run_frames(app, 1)
        if table_of(scene).engine.phase == PLAY and not scene.busy():
            break
    assert table_of(scene).engine.phase == PLAY and scene.match.state.hand is None
    moves = len(scene.match.moves)
    # The screen's pile, its reserve and the P key do nothing while the camera sees the mat.
    tap(app, scene.POOL_RECT.center)
    press(app, pygame.K_p)
    assert len(scene.match.moves) == moves and not scene.action_buttons
    assert scene.turn_text() == tr("lightning.turn.physical.take.you")
    # The camera is unplugged: the game goes on by touch on the screen.
    visitor.dropped_until = visitor.frame + 10**6
    for _ in range(240):
        run_frames(app, 1)
        if scene.physical.touch_allowed:
            break
    assert table_of(scene).engine.phase == LOST and scene.person_to_move()
    # One message at a time: the status box says the camera is lost (no banner over it), then
    # goes back to the turn's line while the camera's line under the title keeps it in short.
    banners: list[str] = []
    monkeypatch.setattr(table_of(scene), "_banner", lambda surface, text, colour: banners.append(text))
    boxed: list[str] = []
    real_draw = TextBox.draw

    def draw_box(box: TextBox, surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        boxed.append(text)
        return real_draw(box, surface, text, *args, **kwargs)

    monkeypatch.setattr(TextBox, "draw", draw_box)
    run_frames(app, 2)
    assert banners == [] and tr("physical.lost") in boxed and scene.turn_text() not in boxed
    assert table_of(scene).camera_line() is None
    run_frames(app, 60 * 4)
    boxed.clear()
    run_frames(app, 1)
    assert table_of(scene).notice() is None and banners == []
    assert scene.turn_text() in boxed and tr("physical.lost") not in boxed
    assert table_of(scene).camera_line() == (tr("physical.lost.short"), theme.BAD)
    monkeypatch.undo()
    tap(app, scene.POOL_RECT.center)
    assert scene.match.moves[moves:] == [TAKE_POOL] and scene.match.state.hand is not None
    run_frames(app, 40)  # the tile flies into the hand
    assert scene.rotate_button in scene.action_buttons


def test_the_menu_opens_lightning_on_the_real_mat(camera: PicturesCamera) -> None:
    from games.lightning.scene import LightningScene
    from kiosk.menu import MenuScene

    app = make_app()
    menu = MenuScene(app)
    app.start(menu)
    keys = [info.key for info, _module in menu.games]
    real = {keys[k]: b for k, (rect, _info, _m) in enumerate(menu.cards) for b in menu.buttons
            if b.label == "physical.menu" and rect.contains(b.rect)}
    assert "lightning" in real
    tap(app, real["lightning"].rect.center, frames=3)
    scene = next(s for s in app.stack.scenes if isinstance(s, LightningScene))
    assert scene.physical is not None
    assert all(seat.kind == BOARD or seat.is_computer for seat in scene.match.seats.values())


def test_a_lightning_reading_written_to_a_record_reads_back_the_same() -> None:
    from games.lightning.board import LightningBoard

    board = LightningBoard()
    grid = board.empty_grid()
    seen = board.read(grid, {"hand": "Z", "reserve": ["D", ".", "L", "D"] + ["."] * 14})
    assert seen.spot("reserve") == "DDL" and seen.spot("slots") == "18"
    # The record keeps the picture's own spots: read back, they give the same picture.
    assert board.read(grid, json.loads(json.dumps(dict(seen.spots)))) == seen


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lightning_table_prompts_fit_the_status_box(lang: str) -> None:
    """Every headline a real table can show fits the status box alone, with its longest words;
    with the setup count or a fix sentence (the longest) it still fits."""
    from games.lightning.scene import LightningScene

    set_language(lang)
    try:
        box = LightningScene.STATUS_TABLE
        longest = max((tr(f"lightning.piece.{d}.the") for d in "IDLZS"), key=len)
        heads = [tr(k) for k in ("physical.setup.first", "physical.setup.again", "physical.fix.title",
                                 "physical.why.computer", "physical.why.draw", "physical.why.ambiguous")]
        heads += [tr("lightning.physical.draw"), tr("lightning.physical.take", piece=longest),
                  tr("lightning.physical.place", piece=longest, to="h34"),
                  tr("lightning.physical.shelve", piece=longest)]
        fixes = [tr("physical.fix.turn", piece=longest, cell="h34"), tr("physical.fix.put", piece=longest, cell="h34"),
                 tr("physical.fix.remove", piece=longest, cell="h34"), tr("physical.fix.hand.remove", piece=longest),
                 tr("physical.fix.reserve.put", piece=longest), tr("physical.fix.hand.unknown"),
                 tr("physical.setup.todo", n=272)]
        for head in heads:
            assert box.fit(head) is not None, head
        for head in heads[:6]:
            for fix in fixes:
                assert LightningScene.table_text([head, fix]) == f"{head}\n{fix}", (head, fix)
    finally:
        set_language("fr")


def test_screenshots_of_lightning_on_the_table(camera: PicturesCamera, tmp_path: Path) -> None:
    """The setup assistant (tiles to take off the mat and the hand spot), the draw for the
    computer, its tile to lay, and a fix, each drawn over the Lightning screen."""
    from games.lightning.board import LightningBoard

    rows = [list(row) for row in LightningBoard().empty_grid()]
    rows[20][3], rows[5][5] = "Z1", "D0"
    camera.table = Picture(tuple(map(tuple, rows)), (("hand", "S"), ("reserve", ""), ("slots", "18")))
    camera.faults, camera.level = {0: "illegal"}, "builder"
    app = make_app(seed=3)
    scene = lightning_scene(app, "builder")
    shots: dict[str, Path] = {}
    first_setup = None
    for _ in range(60 * 30):
        run_frames(app, 1)
        engine = table_of(scene).engine
        if first_setup is None and engine.fixes:
            first_setup = [fix.where for fix in engine.fixes]
        if engine.phase in (SETUP, FIX, COMPUTER, DRAW) and engine.phase not in shots and (
                engine.phase != SETUP or engine.fixes):
            shots[engine.phase] = tmp_path / f"{engine.phase}.png"
            app.save_screenshot(str(shots[engine.phase]))
            assert scene.physical.prompt_lines()
        if len(shots) == 4:
            break
    assert set(shots) == {SETUP, FIX, COMPUTER, DRAW}
    assert first_setup is not None and {(20, 3), (5, 5)} <= set(first_setup)
    # The spots off the mat's grid are ringed where the screen shows them.
    from games.lightning.rules import SHELVE, TAKE_POOL, Take

    hand, reserve = scene.spot_rect("hand"), scene.spot_rect("reserve3")
    assert hand is not None and hand.contains(scene.HAND_RECT)
    assert reserve is not None and all(reserve.contains(scene.reserve_rect(k)) for k in range(5))
    state = scene.match.state
    assert scene.move_spots(state, TAKE_POOL) == ("hand",) and scene.move_spots(state, SHELVE) == ("reserve",)
    assert scene.move_spots(state, Take("reserve", "Z")) == ("reserve",)
    assert all(path.stat().st_size > 10_000 for path in shots.values())

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


@pytest.mark.parametrize("game", ["lewthwaite", "lightning"])
def test_a_resumed_game_being_set_up_offers_no_undo_or_restart(camera: PicturesCamera, game: str) -> None:
    """A game resumed on the table (moves played) starts with the setup: Annuler and Rejouer are
    off, as at a new game's setup, and the undo key changes nothing (an undo there took
    Lightning's pile from 97 to 99 while the table was laid out for the position)."""
    import pygame

    from games.lightning.scene import LightningScene
    from games.lightning.scene import new_match as lightning_match

    app = make_app(seed=4)
    scene: GameScene[Any, Any]
    if game == "lightning":
        scene = LightningScene(app, lightning_match(app, "human", "human"))
    else:
        scene = LewthwaiteScene(app, new_match(app, LewthwaiteParams(), "human", "human", "snake", physical=True))
    match = scene.match
    for _ in range(4):  # the game so far, played before the power cut
        match.play(match.state.legal_moves()[0])
    position = match.state.to_text()
    assert attach(scene) is not None
    app.start(scene)
    run_frames(app, 2)
    assert table_of(scene).engine.phase == SETUP and scene.setting_up()
    assert not scene.tool_at("undo").enabled and not scene.tool_at("restart").enabled  # type: ignore[union-attr]
    press(app, pygame.K_u, frames=2)
    scene.undo()
    assert match.state.to_text() == position and len(match.moves) == 4


def test_the_setup_shows_each_cells_colour_in_the_snake_view(camera: PicturesCamera,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The real board starts in the snake view, which shows no tokens: while the table is set
    up the screen shows every cell's token (red or blue) as the tokens view does, then the
    snake once the game is on."""
    camera.faults = {}
    app = make_app(seed=2)
    scene = physical_scene(app, view="snake")
    drawn: list[str] = []
    board = scene.board_view
    tokens, snake = board.draw_tokens, board.draw_snake

    def draw_tokens(*args: Any, **kwargs: Any) -> None:
        drawn.append("tokens")
        tokens(*args, **kwargs)

    def draw_snake(*args: Any, **kwargs: Any) -> None:
        drawn.append("snake")
        snake(*args, **kwargs)

    monkeypatch.setattr(board, "draw_tokens", draw_tokens)
    monkeypatch.setattr(board, "draw_snake", draw_snake)
    run_frames(app, 2)
    assert scene.setting_up() and scene.view_mode == "snake" and drawn[-1] == "tokens"
    for _ in range(60 * 30):
        run_frames(app, 1)
        if not scene.setting_up():
            break
    run_frames(app, 2)
    assert not scene.setting_up() and drawn[-1] == "snake"
