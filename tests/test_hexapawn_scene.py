"""The Hexapawn scene driven headless: taps, an illegal tap, the learning machine's box on
screen, its lesson after a visitor's win kept in the state folder, attract mode teaching it
nothing, and the science corner showing it live."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from games.hexapawn.corner import make_science_scene
from games.hexapawn.memory import FILE
from games.hexapawn.rules import WHITE
from games.hexapawn.scene import HexapawnScene, make_demo_scene, new_match, rules_pages
from games.hexapawn.scene_parts.learning import memory_of
from kiosk.app import App, AppOptions
from kiosk.i18n import set_language
from kiosk.menu import MenuScene
from tests.kiosk_driver import make_app, run_frames, tap


@pytest.fixture
def app() -> Iterator[App]:
    application = make_app()
    yield application
    set_language("fr")


def kept_app(state: Path) -> App:
    """A headless app keeping its state in ``state`` (the learning machine's file)."""
    application = App(AppOptions(frames=1, seed=1, mute=True, state_dir=state))
    application.home_factory = MenuScene
    return application


def start(app: App, white: str = "human", black: str = "human") -> HexapawnScene:
    scene = HexapawnScene(app, new_match(app, white, black))
    app.start(scene)
    run_frames(app, 1)
    return scene


def play_by_taps(app: App, scene: HexapawnScene, text: str) -> None:
    move = scene.state.parse_move(text)
    for pos in scene.taps_for(move):
        tap(app, pos)
    run_frames(app, 30)


def test_a_pawn_is_picked_then_pushed(app: App) -> None:
    scene = start(app)
    play_by_taps(app, scene, "b1-b2")
    assert scene.state.to_text() == "BBB/.W./W.W b 1" and scene.selected is None
    play_by_taps(app, scene, "a3xb2")
    assert scene.state.to_text() == ".BB/.B./W.W w 2"


def test_an_illegal_move_says_why_and_changes_nothing(app: App) -> None:
    scene = start(app)
    for pos in scene.taps_for(((2, 0), (1, 1))):  # a1 to b2: diagonally only to take
        tap(app, pos)
    assert scene.state.moves_played == 0
    assert scene.message is not None and "seulement pour prendre" in scene.message.text


def test_the_machine_shows_its_box_and_learns_from_a_visitors_win(tmp_path: Path) -> None:
    app = kept_app(tmp_path)
    scene = start(app, "human", "matchbox")
    machine = memory_of(app).machine
    beads = sum(map(sum, machine.boxes.values()))
    assert scene.shown_box() is None  # nothing drawn yet: the visitor starts
    # The visitor plays the perfect player's moves (White loses against perfect play, not always
    # against a fresh machine).
    perfect = scene.match.spec.make_player("perfect")
    for _ in range(40):
        if scene.match.is_over():
            break
        if scene.person_to_move():
            for pos in scene.taps_for(perfect.choose(scene.state, app.rng)):
                tap(app, pos)
            shown = scene.shown_box()  # the machine's turn: the box of the position in play
            if not scene.match.is_over():
                assert shown is not None and shown[0] == scene.state and shown[1] is None
        run_frames(app, 90)  # the computer's pause (0.7 s) and the slide
        shown = scene.shown_box()  # it has played: the box it drew from, and the bead
        assert shown is not None
        if not scene.match.is_over() or scene.state.player == WHITE:
            assert shown[1] is not None and shown[1].move == scene.match.moves[-1]
    assert scene.match.is_over()
    run_frames(app, 120)  # the end card: the game counts
    outcome = scene.match.outcome()
    assert outcome is not None
    lost = outcome.winner == WHITE
    assert machine.record == ("L" if lost else "W")
    assert sum(map(sum, machine.boxes.values())) == beads - lost  # a lesson takes out one bead
    assert (scene.lesson is not None) == lost
    kept = (tmp_path / FILE).read_text()
    assert f'"record": "{machine.record}"' in kept
    assert scene.state_summary()["machine"]["games"] == 1
    app.close()


def test_the_learning_is_kept_across_restarts(tmp_path: Path) -> None:
    first = kept_app(tmp_path)
    memory_of(first).machine.record = "LLW"
    memory_of(first).save()
    first.close()
    again = kept_app(tmp_path)
    assert memory_of(again).machine.record == "LLW"
    again.close()


def test_attract_mode_plays_new_games_and_teaches_the_machine_nothing(app: App) -> None:
    """Each game of attract mode gets a new seed: two random players do not replay one game."""
    app.start(MenuScene(app))
    scene = HexapawnScene(app, new_match(app, "random", "matchbox"), attract=True)
    games: list[list[str]] = []
    scene.match.subscribe(lambda match, event: games.append(list(map(str, match.moves))) if match.is_over()
                          else None)
    app.stack.push(scene)
    for _ in range(60):
        run_frames(app, 60)
        if len(games) >= 3:
            break
    assert len(games) >= 3 and len({tuple(g) for g in games}) > 1, games
    assert memory_of(app).machine.record == ""  # it learns from people only
    assert make_demo_scene(app).attract


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_corner_shows_the_boxes_and_the_curve_live(app: App, lang: str) -> None:
    set_language(lang)
    app.start(MenuScene(app))
    memory_of(app).machine.record = "LLWLWWW"
    corner = make_science_scene(app, 0)
    app.stack.push(corner)
    run_frames(app, 3)
    assert len(corner.state_summary()["boxes"]) == 19
    corner.open(1)
    run_frames(app, 3)
    assert corner.state_summary()["curve"] == [-1, -2, -1, -2, -1, 0, 1]
    memory_of(app).machine.record += "W"
    run_frames(app, 2)
    assert corner.state_summary()["curve"][-1] == 2
    assert corner.overflows == []


def test_the_rules_have_six_illustrated_pages() -> None:
    pages = rules_pages()
    assert len(pages) == 6 and all(page.illustration is not None for page in pages)


def test_the_operator_page_resets_the_machine_on_a_second_tap_and_sets_the_mornings(tmp_path: Path) -> None:
    from games.hexapawn.scene_parts.operator import MachinePage
    from kiosk.operator import SettingsScene

    app = kept_app(tmp_path)
    app.start(MenuScene(app))
    settings = SettingsScene(app)
    app.stack.push(settings)
    run_frames(app, 2)
    door = next(b for b in settings.buttons if b.label == "Machine de l'Hexapion")
    tap(app, door.rect.center)
    page = app.stack.top
    assert isinstance(page, MachinePage)
    memory_of(app).machine.record = "LLW"
    reset, yes = page.buttons[0], page.buttons[1]
    tap(app, reset.rect.center)
    assert page.armed and memory_of(app).machine.record == "LLW"  # the first tap only asks
    tap(app, page.buttons[0].rect.center)
    assert not page.armed and memory_of(app).machine.record == ""
    tap(app, yes.rect.center)
    assert memory_of(app).machine.morning_reset
    assert '"morning_reset": true' in (tmp_path / FILE).read_text()
    assert page.state_summary()["morning_reset"] is True
    app.close()


def kiosk_kept_app(state: Path) -> App:
    """A headless kiosk (it writes the day's record) keeping its state in ``state``."""
    application = App(AppOptions(frames=1, seed=1, mute=True, kiosk=True, state_dir=state))
    application.home_factory = MenuScene
    return application


def play_to_the_end(app: App, scene: HexapawnScene) -> None:
    """The visitor plays the perfect player's moves against the machine until the game ends."""
    perfect = scene.match.spec.make_player("perfect")
    for _ in range(40):
        if scene.match.is_over():
            break
        if scene.person_to_move():
            for pos in scene.taps_for(perfect.choose(scene.state, app.rng)):
                tap(app, pos)
        run_frames(app, 90)
    assert scene.match.is_over()
    run_frames(app, 120)  # the end card: the game counts


def test_the_day_report_counts_the_machine_s_games_from_the_operator_s_reset(tmp_path: Path) -> None:
    """Driven as the kiosk runs: two games against the machine, the operator's reset, one more;
    the day's record says what the machine's own record says."""
    import datetime as dt

    from games.hexapawn.scene_parts.operator import MachinePage
    from kiosk.daybook import read_events
    from kiosk.operator import SettingsScene
    from kiosk.report import figures

    app = kiosk_kept_app(tmp_path)
    app.start(MenuScene(app))
    before = ""
    for _ in range(2):
        scene = start(app, "human", "matchbox")
        play_to_the_end(app, scene)
        before = memory_of(app).machine.record
    assert len(before) == 2
    settings = SettingsScene(app)
    app.stack.push(settings)
    run_frames(app, 2)
    tap(app, next(b for b in settings.buttons if b.label == "Machine de l'Hexapion").rect.center)
    page = app.stack.top
    assert isinstance(page, MachinePage)
    tap(app, page.buttons[0].rect.center)
    tap(app, page.buttons[0].rect.center)  # the second tap resets
    assert memory_of(app).machine.record == ""
    scene = start(app, "human", "matchbox")
    play_to_the_end(app, scene)
    after = memory_of(app).machine.record
    assert app.chronicle.book is not None and app.chronicle.book.flush()
    today = dt.date.fromtimestamp(app.chronicle.clock())
    reading = read_events(tmp_path / "days", today, today)
    learnt = figures(reading, first_day=today.isoformat())["learning"]["hexapawn"]["matchbox"]
    record = before + after
    assert (learnt["games"], learnt["lost"], learnt["resets"]) == (3, record.count("L"), 1)
    assert (learnt["since_reset"], learnt["last_loss"]) == (1, 1 if after == "L" else None)
    app.close()


def test_fresh_boxes_in_the_morning_are_written_in_the_day_s_record(tmp_path: Path) -> None:
    from games.hexapawn.machine import fresh
    from kiosk.daybook import parse_lines

    yesterday = fresh()
    yesterday.day, yesterday.morning_reset, yesterday.record = "2000-01-01", True, "LLW"
    (tmp_path / FILE).write_text(yesterday.to_text(), encoding="utf-8")
    app = kiosk_kept_app(tmp_path)
    app.start(MenuScene(app))
    assert memory_of(app).machine.record == ""
    memory_of(app)  # the same day: nothing more
    assert app.chronicle.book is not None and app.chronicle.book.flush()
    events = [e for p in sorted((tmp_path / "days").iterdir()) for e in parse_lines(p.read_bytes())[0]]
    assert [(e["game"], e["level"], e["why"]) for e in events if e["e"] == "reset"] == [
        ("hexapawn", "matchbox", "morning")]
    app.close()


def test_the_curve_has_a_mark_per_game_under_it_live(app: App) -> None:
    """Under the learning curve, the record game by game: a green disc a win, a red square a
    loss, the new game's mark as soon as it ends."""
    from games.hexapawn.corner import curve_chart, record_marks
    from kiosk import theme

    app.start(MenuScene(app))
    memory_of(app).machine.record = "LLWLWWW"
    corner = make_science_scene(app, 1)
    app.stack.push(corner)
    run_frames(app, 3)

    def colours() -> list[tuple[int, ...]]:
        marks = record_marks(curve_chart(), memory_of(app).machine.record)
        return [tuple(app.screen.target.get_at(app.screen.to_native((round(x), round(y)))))[:3]
                for (x, y), _lost, _size in marks]

    bad, good = tuple(theme.BAD[:3]), tuple(theme.GOOD[:3])
    assert colours() == [bad, bad, good, bad, good, good, good]
    memory_of(app).machine.record += "L"
    run_frames(app, 2)
    assert colours()[-1] == bad and len(colours()) == 8
