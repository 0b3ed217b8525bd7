"""games/jobs.py: jobs handed to long-lived threads, so that no frame starts a thread (issue 43:
``Thread.start()`` in a frame cost it ~6 ms of wall time, ~25 ms at a quarter CPU), and the
visitor's frames start none (the test that failed on the kiosk as it was: thinkers, screens drawn
ahead, cards' steps drawn ahead and collections each started a thread in the frame that asked)."""

from __future__ import annotations

import contextlib
import threading
from collections import Counter
from collections.abc import Iterator

import pytest

from games.jobs import JobPool
from kiosk.app import STEP, App
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.overlays import ConfirmScene
from kiosk.seats import SeatsScene
from kiosk.warmup import warm_up
from tests.visitor import COMPUTER, Script, Visit, Visitor, game_scene_games, make_app
from tests.waiting import until

#: Seconds a test waits for a thread before it says it is stuck (never reached when all is well).
CEILING = 30.0


@contextlib.contextmanager
def thread_starts(only_in_frames: bool = False) -> Iterator[Counter[str]]:
    """Threads started on the main thread meanwhile, by name (with ``only_in_frames``: those
    started while ``App.tick`` runs a frame)."""
    started: Counter[str] = Counter()
    in_frame = [False]
    start, tick = threading.Thread.start, App.tick

    def counted_start(thread: threading.Thread) -> None:
        if threading.current_thread() is threading.main_thread() and (in_frame[0] or not only_in_frames):
            started[thread.name.split("(")[0][:40]] += 1
        start(thread)

    def counted_tick(app: App, step: float = STEP) -> None:
        in_frame[0] = True
        try:
            tick(app, step)
        finally:
            in_frame[0] = False

    threading.Thread.start = counted_start  # type: ignore[method-assign, assignment]
    App.tick = counted_tick  # type: ignore[method-assign, assignment]
    try:
        yield started
    finally:
        threading.Thread.start = start  # type: ignore[method-assign]
        App.tick = tick  # type: ignore[method-assign]


def test_a_started_pool_runs_jobs_without_starting_a_thread_on_the_callers() -> None:
    pool = JobPool("test")
    pool.start(warm=2)
    assert pool.submit(lambda: None).wait(CEILING)  # the warm threads are up
    with thread_starts() as started:
        done = [pool.submit(lambda: None, "quick") for _ in range(5)]
        assert all(job.wait(CEILING) for job in done)
    assert not started


def test_jobs_run_side_by_side_as_they_did_on_a_thread_each() -> None:
    # A long search held on one thread never holds up the next job (a drawing ahead, a hint):
    # when every thread is busy, the pool's starter adds one.
    pool = JobPool("test", keep_idle=1)
    pool.start(warm=1)
    release = threading.Event()
    held = [pool.submit(lambda: release.wait(CEILING), "held") for _ in range(3)]
    with thread_starts() as started:
        quick = pool.submit(lambda: None, "quick")
        assert quick.wait(CEILING), "a job waited behind busy ones"
    assert not started  # the starter started the thread, not this one
    assert all(job.running for job in held)
    release.set()
    assert all(job.wait(CEILING) for job in held)


def test_a_finished_job_answers_like_a_thread_and_lets_go_of_its_work() -> None:
    pool = JobPool("test")
    ran: list[str] = []

    def work() -> None:
        ran.append(threading.current_thread().name)
        raise ValueError("reported, not raised on the caller")

    job = pool.submit(work, "named")
    job.join(CEILING)
    assert not job.is_alive() and not job.running
    assert ran == ["named"]  # the thread bears the job's name while it runs it
    assert job.work is not work  # its closure (a scene, a match) is not kept


def test_idle_threads_are_bounded() -> None:
    pool = JobPool("bounded", keep_idle=2)
    release = threading.Event()
    held = [pool.submit(lambda: release.wait(CEILING), "bounded-held") for _ in range(6)]

    def alive() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name.startswith("bounded-") and t.name != "bounded-starter"]

    until(lambda: len(alive()) == 6, "six jobs side by side")
    release.set()
    assert all(job.wait(CEILING) for job in held)
    until(lambda: len(alive()) == 2, "two idle threads left")
    assert all(t.daemon for t in alive())  # they never keep a stopping kiosk alive


def _visit_to_the_question(game: str, moves: int) -> Visit:
    """The visitor's flow (tests/visitor.py) from the menu: the strongest computer, ``moves`` of
    the person's moves (hint, rules pages, views, undo), home, and the question "Arrêter la
    partie ?" shown (the visitor's own visit then waits on a "yes" that did not take on main
    aa3b57a under load: left to the question's owners)."""
    app = make_app((1920, 1080), 1, None)
    warm_up(app)
    visitor = Visitor(app, game, realtime=False, seed=1, max_moves=moves, pace=0.4)

    def script() -> Script:
        yield from visitor.until_top(MenuScene, "the menu")
        yield from visitor.wait(0.6)  # clock(fake): kiosk time the visitor drives (frames of 1/60 s)
        menu = visitor.top
        assert isinstance(menu, MenuScene)
        card = next(rect for rect, info, _module in menu.cards if info.key == game)
        yield from visitor.tap(card.center, f"open {game} from the menu")
        yield from visitor.until_top(SeatsScene, "the who-plays card")
        yield from visitor.choose_seats(COMPUTER)
        yield from visitor.until_top(GameScene, "the game")
        scene = visitor.top
        assert isinstance(scene, GameScene)
        yield from visitor.play(scene)
        yield from visitor.press(scene.tool_at("home"), "home")
        yield from visitor.until(lambda: isinstance(visitor.top, (MenuScene, ConfirmScene)), "the menu or a question")
        yield from visitor.wait(1.0)  # clock(fake): as above

    app.start(MenuScene(app))
    try:
        return visitor.run(script())
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("game", game_scene_games())
def test_a_visitors_frames_start_no_thread(game: str) -> None:
    # On main aa3b57a this visit started threads in its frames: Hexapawn 18 (12 kiosk-prepare, 3
    # kiosk-collect, 3 thinkers), Lewthwaite 16, Awélé 28 (one kiosk-card-ahead), Lightning 27
    # (17 thinkers), Juniper 30 (11 thinkers, one thinking-worker).
    with thread_starts(only_in_frames=True) as started:
        result = _visit_to_the_question(game, 6)
    assert result.moves > 0
    assert not started, f"{game}: threads started on the frame thread during frames: {dict(started)}"
