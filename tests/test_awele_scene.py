"""The awélé scene driven headless: taps, refusals, loops and their replay, relays and captures
animated from the rules' own lap events, undo, the computer off the frame thread, the end card
from the child's side, the "who plays" card, attract mode, lights, and every string in its box."""

from __future__ import annotations

import itertools
import pickle
import threading

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import workers
from games.awele import rules, sowing
from games.awele.rules import from_text, new_game, position
from games.awele.scene import NOTE_RECT, AweleScene, make_demo_scene, make_scene, new_match, seeds
from games.awele.view import BANNER, BANNER_TEXT, LABEL_WIDTH, Layout, draw_icon, rules_pages
from games.effects import BoardLights, Sound
from games.match import choose_move
from kiosk import ui
from kiosk.app import App, AppOptions
from kiosk.i18n import set_language, table, tr
from kiosk.menu import MenuScene
from kiosk.overlays import EndScene, RulesScene
from kiosk.science import format_number
from kiosk.seats import SeatsScene
from tests.kiosk_driver import gestures, make_app, perform, press, run_frames, tap

#: The article's worked example: from the start, pit 3 relays at 7, 12, 5, 11 and takes 6 seeds.
ARTICLE_RELAYS = [7, 12, 5, 11]
#: A position where the computer (blue) already holds 26 seeds: the game is over at once.
COMPUTER_WON = position((0, 0, 2, 0, 0, 1, 3, 0, 4, 2, 0, 4), (6, 26), 1)
#: Red to move takes 5 seeds with pit 1 and reaches 25 of 48: a win for the child.
CHILD_WINS = position((1, 0, 0, 0, 0, 3, 4, 0, 3, 0, 5, 0), (20, 12), 1)


@pytest.fixture
def app():
    application = make_app()
    yield application
    set_language("fr")


def start(app, p1="human", p2="human", pits=12, board=None, movetime=0.05):
    match = new_match(app, pits, 4, p1, p2, movetime)
    if board is not None:
        match.restart(board)
    scene = AweleScene(app, match)
    app.start(scene)
    run_frames(app, 1)
    return scene


def tap_pit(app, scene, pit, frames=2):
    tap(app, scene.layout.center(pit - 1), frames)


def settle(app, scene, limit=60 * 60):
    """Run frames until no animation runs (and the computer, if any, has answered)."""
    for _ in range(limit):
        run_frames(app, 1)
        if not scene.busy() and not scene.match.computer_to_move():
            return
    raise AssertionError("the scene never settled")


def sounds(app):
    return [e.name for e in app.published if isinstance(e, Sound)]


def lights(app):
    return [e for e in app.published if isinstance(e, BoardLights)]


# --- a move ------------------------------------------------------------------------------------


def test_a_tap_sows_seed_by_seed_then_the_board_is_the_rules_board(app):
    scene = start(app)
    before = scene.state
    tap_pit(app, scene, 3)
    assert scene.match.moves == [3]  # the move is in the match's history
    assert scene.busy() and scene.display == list(before.pits[:2]) + [0] + list(before.pits[3:])
    run_frames(app, 30)
    assert scene.display != list(before.pits) and scene.display != list(scene.state.pits)  # mid-sowing
    settle(app, scene)
    after = before.play(3)
    assert scene.state == after and scene.display == list(after.pits) and scene.display_scores == [6, 0]
    assert sounds(app).count("seed") == sum(lap.seeds for lap in before.laps(3))
    assert "capture" in sounds(app) and scene.banner_text() == "Rouge prend 6 graines dans la case d'en face !"
    run_frames(app, 60 * 3)  # the message has been read: whose turn it is
    assert scene.state_summary()["to_move"] == 2 and scene.banner_text().startswith("À toi, Bleu !")


def test_relays_lift_their_pit_and_captures_fly_to_the_store(app):
    scene = start(app)
    tap_pit(app, scene, 3)
    lifts, relays, flights, texts = [], [], [], set()
    while scene.busy():
        step = scene.current
        if step is not None:
            if step.kind == "lift" and step.data["pit"] + 1 not in lifts:
                lifts.append(step.data["pit"] + 1)
            if step.kind == "relay" and step.data["pit"] + 1 not in relays:
                relays.append(step.data["pit"] + 1)
            if step.kind == "fly":
                flights.append((step.data["pit"] + 1, step.data["count"], step.data["player"]))
        if scene.message is not None:
            texts.add(scene.message.text)
        run_frames(app, 1)
    assert lifts == [3] + ARTICLE_RELAYS and relays == ARTICLE_RELAYS
    assert flights and set(flights) == {(8, 6, 1)}  # pit 8's 6 seeds fly to red's store
    assert any(text.startswith("Relais !") for text in texts)
    assert "Tu prends 6 graines dans la case d'en face !" not in texts  # hot-seat: named, not "tu"
    assert "Rouge prend 6 graines dans la case d'en face !" in texts


def test_the_child_is_spoken_to_and_the_computer_named_with_a_capital(app):
    scene = start(app, p2="1990")
    texts = set()
    tap_pit(app, scene, 3)
    for _ in range(60 * 30):
        run_frames(app, 1)
        if scene.message is not None:
            texts.add(scene.message.text)
        if len(scene.match.moves) >= 2 and not scene.busy():
            break
    assert "Tu sèmes les graines…" in texts and "Tu prends 6 graines dans la case d'en face !" in texts
    assert "L'ordinateur sème les graines…" in texts
    assert not any(text.startswith("l'ordinateur") for text in texts)


def test_illegal_taps_say_why_and_change_nothing(app):
    scene = start(app, board=position((0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4)))
    tap_pit(app, scene, 9)
    assert scene.message.text == "Ce n'est pas ta rangée ! La tienne est en bas."
    tap_pit(app, scene, 1)
    assert scene.message.text.startswith("Cette case est vide")
    assert sounds(app).count("error") == 2 and not scene.match.moves and not scene.busy()


def test_a_looping_pit_is_refused_and_its_loop_replayed(app):
    scene = start(app, pits=4, board=position((1, 2, 0, 2)))
    assert scene.tool_at("loop") is None  # nothing to show yet
    tap_pit(app, scene, 2)
    assert "tournerait en rond pour toujours" in scene.message.text and "8 relais" in scene.message.text
    assert not scene.match.moves and scene.loop_offer is not None
    scene.tool_at("loop").on_click()  # "Voir la boucle"
    lifted = []
    while scene.busy():
        run_frames(app, 1)
        if scene.current is not None and scene.current.kind == "lift" and scene.current.data["pit"] not in lifted:
            lifted.append(scene.current.data["pit"])
            assert scene.showing_loop and scene.message.text.startswith("Voici la boucle : relais")
            cell = scene.board.pit_cell(scene.current.data["pit"])
            assert lights(app)[-1].cells == {cell: "selected"}  # the pit being sown
    laps = list(itertools.islice(rules.iter_laps((1, 2, 0, 2), 1), 8))  # the rules' own laps
    assert lifted == list(dict.fromkeys(lap.start for lap in laps)) == [1, 3, 2, 0]
    assert not scene.showing_loop and scene.display == [1, 2, 0, 2] and scene.state.pits == (1, 2, 0, 2)
    assert "tournerait en rond" in scene.message.text  # the refusal again, after the replay
    tap_pit(app, scene, 1)  # the other pit is allowed
    assert scene.match.moves == [1]


def test_the_4_pit_board_has_its_own_layout(app):
    scene = start(app, pits=4)
    layout = scene.layout
    assert layout.n == 4 and layout.radius > Layout(12).radius
    tap_pit(app, scene, 2)
    settle(app, scene)
    assert scene.display == list(scene.state.pits) and len(scene.display) == 4


def test_keys_play_the_pits_of_the_player_to_move(app):
    scene = start(app)
    press(app, pygame.K_3)
    assert scene.match.moves == [3]
    settle(app, scene)
    press(app, pygame.K_1)  # blue's first pit, pit 7
    assert scene.match.moves == [3, 7]


# --- undo, restart ----------------------------------------------------------------------------


def test_undo_takes_back_the_move_and_the_computers_answer(app):
    scene = start(app, p2="1990")
    tap_pit(app, scene, 3)
    settle(app, scene)
    assert len(scene.match.moves) == 2 and scene.match.person_to_move()
    tap(app, scene.tool_at("undo").rect.center)
    assert scene.match.moves == [] and scene.state == new_game()
    assert scene.display == list(new_game().pits) and not scene.busy()


def test_undo_in_the_middle_of_a_sowing_drops_the_animation(app):
    scene = start(app)
    tap_pit(app, scene, 3, frames=20)
    assert scene.busy()
    scene.undo()
    assert not scene.busy() and scene.display == [4] * 12 and scene.display_scores == [0, 0]
    run_frames(app, 60)
    assert not scene.match.moves and scene.display == [4] * 12


# --- the computer and the loop analysis, off the frame thread -----------------------------------------
#
# These run a live kiosk (threads and worker processes not waited for) on the app's own clock: each
# tick is 1/60 s of the scene's time whatever the wall clock says. Slow work is held by an event
# the test releases, never by a sleep, and the end is waited for on the match's thinker.


def live_app(seed=2):
    application = App(AppOptions(mute=True, seed=seed))  # no --frames: threads are not waited for
    assert not application.headless
    return application


def frames_until(application, until, limit):
    """Tick (1/60 s of scene time each) until ``until()``, at most ``limit`` frames."""
    for _ in range(limit):
        if until():
            return
        application.tick()
    assert until(), f"not within {limit} frames"


def wait_for_the_thinker(application, scene, until, limit=600):
    """From now on each frame waits for the match's running jobs (their results, not a clock)."""
    scene.match.thinker.wait = True
    frames_until(application, until, limit)


class Held:
    """Work that waits until the test releases it; on the frame thread it fails at once."""

    def __init__(self):
        self.arrived = threading.Event()
        self.release = threading.Event()
        self.threads = []

    def hold(self):
        self.threads.append(threading.current_thread())
        self.arrived.set()
        assert threading.current_thread() is not threading.main_thread(), "slow work on the frame thread"
        assert self.release.wait(60), "never released"


def test_a_slow_computer_player_never_holds_up_the_frames():
    application = live_app()
    match = new_match(application, p2="1990")
    held = Held()

    class Spy:
        name = "spy"

        def choose(self, state, rng, budget=None):
            held.hold()
            return state.legal_moves()[0]

    match.make_player = lambda level: Spy()  # a stand-in thinks on the match's thread
    scene = AweleScene(application, match)
    application.start(scene)
    scene.tap(3)
    frames_until(application, lambda: scene.match.thinking, 60 * 30)
    shown = application.frame
    run_frames(application, 120)  # two seconds of frames while the computer thinks
    assert application.frame == shown + 120 and scene.match.thinking and len(scene.match.moves) == 1
    held.release.set()
    wait_for_the_thinker(application, scene, lambda: len(scene.match.moves) == 2)
    assert held.threads


def submitted_moves(monkeypatch):
    """The computer moves sent to the worker pool (their jobs, unpickled) and the tasks cancelled."""
    sent, cancelled = [], []
    submit, cancel = workers.Pool.submit, workers.Pool.cancel

    def spy_submit(pool, task):
        job = pickle.loads(task.data)
        if getattr(job, "func", None) is choose_move:
            sent.append((task, job))
        submit(pool, task)

    def spy_cancel(pool, task):
        cancelled.append(task)
        cancel(pool, task)

    monkeypatch.setattr(workers.Pool, "submit", spy_submit)
    monkeypatch.setattr(workers.Pool, "cancel", spy_cancel)
    return sent, cancelled


def test_the_computer_chooses_in_the_worker_pool(app, monkeypatch):
    sent, _ = submitted_moves(monkeypatch)
    scene = start(app, p1="1990")
    settle(app, scene)
    assert len(scene.match.moves) == 1 and scene.match.moves[0] in new_game().legal_moves()
    ((task, job),) = sent
    assert job.args[1:3] == ("1990", new_game()) and task.worker is None  # answered


def test_an_undo_stops_the_strong_players_search_in_its_worker(monkeypatch):
    sent, cancelled = submitted_moves(monkeypatch)
    application = live_app()
    scene = AweleScene(application, new_match(application, p2="strong", movetime=60.0))
    application.start(scene)
    scene.tap(3)
    frames_until(application, lambda: scene.match.thinking, 60 * 30)
    ((task, job),) = sent
    assert job.args[1] == "strong" and not task.cancelled
    scene.undo()
    assert cancelled == [task] and task.cancelled and not scene.match.thinking
    assert scene.match.moves == [] and scene.match.person_to_move()


def test_the_loop_analysis_never_runs_on_the_frame_thread(monkeypatch):
    # Red's pit 2 here leaves blue a pit whose move loops every 200 452 laps: finding that out
    # takes about a second in pure Python (a millisecond compiled), off the frame thread.
    before = from_text("9 2 2 1 7 1 0 3 1 8 3 2 / 6 3 / 1")
    monkeypatch.setattr(rules, "_LONG_MOVES", {})
    monkeypatch.setattr(rules, "_PENDING", {})
    calls = []
    real = sowing.MoveCheck.run

    def spy(check, *args):
        calls.append(threading.current_thread())
        return real(check, *args)

    monkeypatch.setattr(sowing.MoveCheck, "run", spy)
    held = Held()

    def slower(state, pit):
        held.hold()  # long enough for the visitor to be told
        return rules.work_out(state, pit)

    monkeypatch.setattr("games.awele.scene.work_out", slower)
    application = live_app()
    scene = AweleScene(application, new_match(application))
    scene.match.restart(before)
    application.start(scene)
    scene.tap(2)
    frames_until(application, lambda: scene.check_time > 0.35, 30)
    assert scene.checking == 2 and scene.banner_text().startswith("Les graines font beaucoup de tours")
    held.release.set()
    wait_for_the_thinker(application, scene, lambda: scene.match.moves[:1] == [2], 60)
    assert calls and all(t is not threading.main_thread() for t in calls)
    assert from_text("9 2 2 1 7 1 0 3 1 8 3 2 / 6 3 / 1").play(2).looping_moves() == [11]


def test_the_computers_move_is_played_once_its_consequences_are_worked_out(monkeypatch):
    # The same position with the computer as red: its move's long check is worked out off the
    # frame thread too, and the move waits for it (the shared flow asks again each frame).
    before = from_text("9 2 2 1 7 1 0 3 1 8 3 2 / 6 3 / 1")
    monkeypatch.setattr(rules, "_LONG_MOVES", {})
    monkeypatch.setattr(rules, "_PENDING", {})
    held = Held()

    def slower(state, pit):
        held.hold()
        return rules.work_out(state, pit)

    monkeypatch.setattr("games.awele.scene.work_out", slower)

    class Two:
        name = "two"

        def choose(self, state, rng, budget=None):
            return 2

    application = live_app()
    match = new_match(application, p1="1990", p2="human")
    match.make_player = lambda level: Two()
    match.restart(before)
    scene = AweleScene(application, match)
    application.start(scene)
    run_frames(application, 120)  # well past the pause before a computer's move
    assert held.arrived.wait(60) and scene.match.moves == [] and scene.match.computer_to_move()
    run_frames(application, 60)
    assert scene.match.moves == []  # the move waits for its consequences
    held.release.set()
    wait_for_the_thinker(application, scene, lambda: scene.match.moves == [2], 120)
    assert scene.state.looping_moves() == [11]


# --- the end ------------------------------------------------------------------------------------


def play_to_the_end(app, scene, limit=60 * 120):
    for _ in range(limit):
        run_frames(app, 1)
        if isinstance(app.stack.top, EndScene):
            return app.stack.top
        if scene.match.person_to_move() and not scene.busy():
            scene.tap(scene.state.legal_moves()[0])
    raise AssertionError("the game did not end")


def test_a_child_who_loses_is_told_from_their_side_with_the_score(app):
    scene = start(app, p2="1990", board=COMPUTER_WON)
    end = play_to_the_end(app, scene)
    assert end.card.title == "L'ordinateur a gagné" and not end.card.celebrate and end.confetti is None
    assert end.card.reason == (
        "L'ordinateur a plus de la moitié des graines.\nToi : 6 graines – L'ordinateur : 26 graines."
    )
    assert end.card.invite == "Encore une ?" and "Bravo" not in end.card.title + end.card.reason


def test_a_child_who_wins_is_cheered(app):
    scene = start(app, p2="1990", board=CHILD_WINS)
    tap_pit(app, scene, 1)
    end = play_to_the_end(app, scene)
    assert end.card.title == "Tu as gagné !" and end.card.celebrate and end.confetti is not None
    assert end.card.reason.endswith("Toi : 25 graines – L'ordinateur : 12 graines.")
    assert scene.score_line() == "Toi 1 - Ordinateur 0"


def test_the_end_card_in_english(app):
    set_language("en")
    scene = start(app, p2="strong", board=COMPUTER_WON)
    end = play_to_the_end(app, scene)
    assert end.card.title == "The computer won"
    assert end.card.reason == "The computer has more than half of the seeds.\nYou: 6 seeds – The computer: 26 seeds."


def test_hot_seat_names_the_winning_colour(app):
    scene = start(app, board=CHILD_WINS)
    tap_pit(app, scene, 1)
    end = play_to_the_end(app, scene)
    assert end.card.title == "Rouge gagne !" and end.card.celebrate
    assert end.card.reason == "Rouge a plus de la moitié des graines.\nRouge : 25 graines – Bleu : 12 graines."


def test_the_end_card_folds_to_show_the_final_board(app):
    scene = start(app, p2="1990", board=CHILD_WINS)
    tap_pit(app, scene, 1)
    end = play_to_the_end(app, scene)
    run_frames(app, 40)
    tap(app, end.card_buttons[1].rect.center)  # "Plateau"
    assert end.folded and scene.display == list(scene.state.pits)
    tap(app, end.bar_buttons[0].rect.center)  # "Encore une partie"
    assert app.stack.top is scene and not scene.match.moves and scene.state == CHILD_WINS


def test_a_player_who_cannot_play_is_told_and_the_other_plays_again(app):
    scene = start(app, p2="1990", board=position((1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), (23, 23), 1))
    tap_pit(app, scene, 1)
    settle(app, scene)
    assert scene.state.skipped == 2 and scene.match.person_to_move()
    assert scene.message.text == "L'ordinateur ne peut pas jouer : sa rangée est vide. Tu rejoues !"


# --- setup card, menu, attract mode ----------------------------------------------------------------


def test_from_the_menu_the_card_opens_first_with_a_computer_a_child_can_beat(app):
    scene = make_scene(app)
    app.start(scene)
    run_frames(app, 2)
    card = app.stack.top
    assert isinstance(card, SeatsScene)
    assert card.setup.level == "random" and card.setup.extras == {"pits": 12, "seeds": 4}
    assert [b.text for b in card.buttons][2:5] == ["Bébé", "Malin", "Champion"]


def test_the_board_changes_only_when_the_visitor_confirms(app):
    scene = start(app, p2="random")
    tap_pit(app, scene, 3)
    moves = list(scene.match.moves)
    scene.tool_at("players").on_click()
    run_frames(app, 2)
    card = app.stack.top
    small = next(b for b in card.buttons if b.text == "Petit : 4 cases")
    tap(app, small.rect.center)
    press(app, pygame.K_ESCAPE)  # "Continuer ma partie": the game in progress is kept
    assert app.stack.top is scene and scene.match.moves == moves and scene.state.n == 12
    scene.tool_at("players").on_click()
    run_frames(app, 2)
    card = app.stack.top
    tap(app, next(b for b in card.buttons if b.text == "Petit : 4 cases").rect.center)
    tap(app, next(b for b in card.buttons if b.text == "3").rect.center)
    tap(app, card.play_button.rect.center)
    assert app.stack.top is scene and scene.state == new_game(4, 3) and not scene.match.moves
    assert scene.layout.n == 4 and scene.match.meta["pits"] == 4 and scene.match.meta["seeds"] == 3
    assert scene.display == [3, 3, 3, 3]


def test_attract_mode_plays_by_itself_and_any_tap_goes_home(app):
    match = new_match(app, p1="random", p2="1990")
    match.restart(position((1, 0, 0, 0, 0, 3, 4, 0, 3, 0, 5, 0), (20, 12), 1))  # a game near its end
    scene = AweleScene(app, match, attract=True)
    app.start(scene)
    assert scene.buttons == []
    games = 0
    for _ in range(60 * 600):
        run_frames(app, 1)
        if match.is_over():
            games += 1
            while match.is_over():
                run_frames(app, 1)
            break
    assert games == 1 and not isinstance(app.stack.top, EndScene)  # no end card: it starts again
    assert not match.moves and scene.display == list(match.state.pits)
    assert lights(app)[-1].idle
    tap(app, (640, 360))
    assert isinstance(app.stack.top, MenuScene)


def test_the_demo_scene_is_the_strong_player_against_the_1990_program(app):
    scene = make_demo_scene(app)
    assert scene.attract and scene.match.all_computers
    assert {seat.level for seat in scene.match.seats.values()} == {"strong", "1990"}


# --- lights ---------------------------------------------------------------------------------------


def test_lights_show_playable_pits_the_sowing_and_the_computers_move(app):
    scene = start(app, p2="1990")
    first = lights(app)[-1]
    assert (first.game, first.rows, first.cols) == ("awele", 2, 6)
    assert first.cells == {(1, c): "legal" for c in range(6)}  # pits 1..6, the bottom row
    tap_pit(app, scene, 3)
    sowing = lights(app)[-1]
    assert sowing.cells[(1, 2)] == "selected" and "legal" not in sowing.cells.values()
    while scene.lifted != 6:  # the relay from pit 7
        run_frames(app, 1)
    assert lights(app)[-1].cells == {(0, 5): "selected", (1, 4): "selected"}  # pit 7 sown, the move ends in 5
    settle(app, scene)
    roles = set(lights(app)[-1].cells.values())
    assert {"computer_from", "computer_to", "legal"} <= roles


def test_lights_at_the_end_show_the_winners_row(app):
    start(app, p2="1990", board=COMPUTER_WON)
    assert lights(app)[-1].cells == {(0, c): "win" for c in range(6)}


# --- rules pages, icon -------------------------------------------------------------------------------


def test_rules_pages_replay_the_rules_own_laps_and_match_their_text(app):
    scene = start(app)
    scene.show_rules()
    run_frames(app, 2)
    pager = app.stack.top
    assert isinstance(pager, RulesScene) and len(pager.pages) == 4
    laps = list(new_game().laps(3))
    assert [lap.start + 1 for lap in laps] == [3] + ARTICLE_RELAYS
    assert "case 3, puis repart des cases 7, 12, 5 et 11" in pager.pages[1].body()
    effects = new_game().play(3).last_effects
    assert effects is not None and effects.capture_pit is not None
    assert effects.last + 1 == 5 and effects.capture_pit + 1 == 8
    assert "case 5 et prend les 6 graines de la case 8" in pager.pages[2].body()
    assert effects.captured == 6
    for _ in range(3):
        press(app, pygame.K_RIGHT)
        run_frames(app, 90)
    app.draw()  # the page's accent bar stays on its card, clear of the screen's edge
    assert app.screen.target.get_at(app.screen.to_native((12, 360)))[:3] != scene.accent
    press(app, pygame.K_RETURN)
    assert app.stack.top is scene
    surface = pygame.Surface((500, 440))
    for page in rules_pages():
        assert page.illustration is not None  # every page of the rules shows the sowing
        for t in (0.0, 1.5, 7.9):
            page.illustration(surface, surface.get_rect(), t)


def test_menu_icon_draws(app):
    surface = pygame.Surface((300, 230))
    draw_icon(surface, surface.get_rect().inflate(-40, -40), 1.3)
    assert surface.get_at((150, 115)) != surface.get_at((2, 2))


# --- words -----------------------------------------------------------------------------------------


def test_seeds_are_counted_in_good_french_and_english():
    assert [seeds(k) for k in (0, 1, 2)] == ["0 graine", "1 graine", "2 graines"]
    set_language("en")
    try:
        assert [seeds(k) for k in (0, 1, 2)] == ["0 seeds", "1 seed", "2 seeds"]
    finally:
        set_language("fr")


def test_pits_are_numbered_on_the_board_clear_of_pits_and_counts():
    for n in (4, 12):
        layout = Layout(n)
        for i in range(n):
            number = pygame.Rect(0, 0, 24, 20)
            number.center = layout.number_at(i)
            for j in range(n):
                x, y = layout.center(j)
                assert not number.clipline((x - layout.radius, y), (x + layout.radius, y))
                assert not number.clipline((x, y - layout.radius), (x, y + layout.radius))
                count = pygame.Rect(0, 0, 30, 26)
                count.center = layout.count_at(j)
                assert not number.colliderect(count)


def longest_params():
    """Each placeholder at its longest value in the current language."""
    names = [tr("awele.computer"), tr("awele.player.1"), tr("awele.player.2")]
    return {
        "name": max(names, key=len),
        "seeds": seeds(48),
        "period": format_number(3784134),
        "lap": 12,
        "n": 12,
        "row": max((tr("awele.row.bottom"), tr("awele.row.top")), key=len),
    }


def fits(text, size, width, kind="bold", lines=1):
    wrapped = ui.wrap_text(text, size, width, kind)
    font = ui.theme.font(size, kind)
    return len(wrapped) <= lines and all(font.size(line)[0] <= width for line in wrapped)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_awele_string_fits_its_box(app, lang):
    set_language(lang)
    scene = start(app, p2="strong")
    params = longest_params()
    banner_width = BANNER.width - 40
    keys = [k for k in table() if k.startswith("awele.")]
    drawn_in_banner = [
        k for k in keys if k.split(".")[1] in (
            "turn", "checking", "sowing", "relay", "capture", "stop", "last_seed", "skip", "again", "illegal",
            "showing_loop")
    ]
    for key in drawn_in_banner:
        assert fits(tr(key, **params), BANNER_TEXT, banner_width, lines=2), key
    # A skip and the replay announcement share the banner: the longest pair still fits.
    pair = f"{tr('awele.skip.loops', name=params['name'])} {tr('awele.again.you')}"
    assert fits(pair, BANNER_TEXT, banner_width, lines=2)
    # The end reasons: in the banner, and on the end card (720 px at 32 points, two lines).
    for reason in ("majority", "majority.you", "last_seed", "no_moves", "repetition"):
        why = tr(f"awele.end.{reason}", name=params["name"])
        assert fits(why, 32, 720), reason
    score = tr("awele.end.score", name1=tr("seat.you"), seeds1=seeds(48), name2=tr("awele.computer"),
               seeds2=seeds(48))
    assert fits(score, 32, 720) and fits(f"{why}\n{score}", BANNER_TEXT, banner_width, lines=2)
    # The player labels (shrunk to fit, never below 22 points) and the note about the computer.
    for level in ("random", "1990", "strong"):
        label = tr("awele.label", name=tr("seat.computer", level=tr(f"awele.level.{level}")), seeds=seeds(48))
        assert ui.fitted_size(label, 28, LABEL_WIDTH - 40, "bold") >= 22, label
        assert fits(tr(f"awele.level.{level}.about"), 18, NOTE_RECT.width, "text", lines=2), level
    # The toolbar, the setup card's answers and the rules pages.
    for button in scene.buttons:
        assert fits(button.text, scene.toolbar_text_size, button.rect.width - 76), button.text
    assert fits(tr("awele.show_loop"), scene.toolbar_text_size, 193 - 24)
    for key in ("awele.setup.pits.12", "awele.setup.pits.4", "awele.level.random", "awele.level.1990",
                "awele.level.strong"):
        assert fits(tr(key), 24, 280 - 24), key
    for key in ("awele.setup.pits", "awele.setup.seeds"):
        assert fits(tr(key), 26, 920), key
    for page in rules_pages():
        assert len(ui.wrap_text(page.body(), 29, 560, "text")) * round(29 * 1.3) <= 380, page.title
        assert fits(tr(page.title), 42, 560, "title")
    assert fits(tr("awele.rules.title"), 52, 1200, "title")


# --- robustness -------------------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(st.lists(gestures([pygame.K_u, pygame.K_r, pygame.K_l, pygame.K_3], longest_wait=120), max_size=30))
def test_random_taps_and_keys_never_break_the_game(actions):
    application = make_app()
    scene: AweleScene = start(application, p2="1990")
    for gesture in actions:
        perform(application, gesture)
        if application.stack.top is not scene:  # the menu, the rules or the who-plays card
            break
        state = scene.state
        assert from_text(state.to_text()) == state
        assert sum(state.pits) + sum(state.scores) == 48
        if not scene.busy():
            assert scene.display == list(state.pits)
    set_language("fr")
