"""The match's thinking in worker processes (games.workers): same answers as on a thread, stale
searches stopped, a dying worker's job run on a thread, unpicklable jobs on threads."""

from __future__ import annotations

import gc
import os
import random
import subprocess
import weakref
from functools import partial

import pytest

from games.juniper.ai import hint
from games.juniper.ai import make_player as juniper_player
from games.juniper.rules import JuniperParams, JuniperState
from games.lewthwaite.rules import Cell, LewthwaiteParams, LewthwaiteState
from games.lightning.ai import make_player as lightning_player
from games.lightning.rules import new_game
from games.match import Match, Seat, Thinker, choose_move
from games.workers import NICENESS, Pool, Task, game_of, payload, pool, preload
from tests.waiting import CEILING, until
from tests.worker_jobs import blocked, die_in_a_worker, juniper_tables, open_gate


def finish(thinker: Thinker, key: object) -> object:
    """Poll ``key`` until its job is done (a live kiosk's frames do the same)."""
    answer: list[object] = []

    def ready() -> bool:
        done, result = thinker.poll(key)
        if done:
            answer.append(result)
        return done

    until(ready, f"job {key!r} finished")
    return answer[0]


def test_a_portable_job_runs_in_another_process_and_a_closure_on_a_thread() -> None:
    thinker = Thinker(processes=True)
    thinker.start("pid", os.getpid, portable=True)
    assert finish(thinker, "pid") != os.getpid()
    thinker.start("closure", lambda: os.getpid(), portable=True)  # does not pickle: a thread
    assert finish(thinker, "closure") == os.getpid()
    thinker.start("not portable", partial(os.getpid))
    assert finish(thinker, "not portable") == os.getpid()
    assert payload(lambda: 1) is None and payload(partial(divmod, 7, 2)) is not None


def test_a_job_that_fails_raises_when_polled() -> None:
    thinker = Thinker(processes=True)
    job = partial(choose_move, lightning_player, "genius", new_game(), random.Random(1), 0.1)
    thinker.start("bad", job, portable=True)
    with pytest.raises(ValueError, match="unknown level 'genius'"):
        finish(thinker, "bad")


def test_a_stale_search_is_stopped_at_once_and_the_next_one_starts(tmp_path) -> None:
    thinker = Thinker(processes=True)
    thinker.start("warm", os.getpid, portable=True)
    finish(thinker, "warm")
    thinker.start("stale", partial(blocked, str(tmp_path / "never")), portable=True)  # ends only if stopped

    def busy() -> list[subprocess.Popen[bytes]]:
        return [w.process for w in pool()._workers if w.task is not None and w.process is not None]

    until(busy, "the long job is running in a worker")
    process = busy()[0]
    thinker.forget()  # an undo: nobody wants that answer any more
    until(lambda: process.poll() is not None, "the stale search's process was stopped")
    thinker.start("next", partial(divmod, 7, 2), portable=True)
    assert finish(thinker, "next") == (3, 1)  # not behind the stale search: that one never ends


def run_on(workers: Pool, work: object, brief: bool = False) -> tuple[Task, list[object]]:
    """Submit ``work`` to ``workers``; the list receives its result."""
    answers: list[object] = []
    data = payload(work)  # type: ignore[arg-type]
    assert data is not None
    task = Task(data, lambda ok, value: answers.append(value), lambda: answers.append("on a thread"), brief=brief)
    workers.submit(task)
    return task, answers


def wait_for(answers: list[object]) -> object:
    until(lambda: answers, "the job finished")
    return answers[0]


def test_a_search_submitted_beside_a_preload_waits_for_it_instead_of_starting_a_second_process(tmp_path) -> None:
    # A new match preloads its game's player and its computer starts searching in the same frame:
    # a second Python process starting beside the search would take the frame loop's core.
    workers = Pool()
    try:
        _, warm = run_on(workers, partial(preload, "games.lightning.ai"), brief=True)
        wait_for(warm)
        _, loaded = run_on(workers, partial(preload, "games.lightning.ai"), brief=True)
        _, search = run_on(workers, os.getpid)
        assert wait_for(search) != os.getpid() and wait_for(loaded) is None
        assert len(workers._workers) == 1
        # A search while another one runs still gets a worker of its own.
        gate = str(tmp_path / "gate")
        running, long = run_on(workers, partial(blocked, gate))
        until(lambda: running.worker is not None, "the long search is running in a worker")
        _, other = run_on(workers, os.getpid)
        assert wait_for(other) != os.getpid() and len(workers._workers) == 2
        open_gate(gate)
        wait_for(long)
    finally:
        workers.close()


def test_a_job_submitted_as_the_running_one_is_cancelled_needs_no_second_worker(tmp_path) -> None:
    # A game left during its computer's search and attract mode's first move in the same frame:
    # the cancelled job's worker is about to be free (issue 22: a second worker, +18 MB, all day).
    workers = Pool()
    try:
        wait_for(run_on(workers, os.getpid)[1])
        stale, _ = run_on(workers, partial(blocked, str(tmp_path / "never")))
        until(lambda: stale.worker is not None, "the stale search is running in a worker")
        workers.cancel(stale)
        _, next_move = run_on(workers, os.getpid)
        assert wait_for(next_move) != os.getpid()
        assert len(workers._workers) == 1
    finally:
        workers.close()


def test_a_job_cancelled_while_queued_does_not_count_as_waiting(tmp_path) -> None:
    # Behind a long search, a job queued then cancelled (a visitor's undo) must not make the next
    # one look like a second waiting job (issue 22: a second worker at minute 21 of the soak).
    workers = Pool(max_workers=1)
    try:
        wait_for(run_on(workers, os.getpid)[1])
        gate = str(tmp_path / "gate")
        running, long = run_on(workers, partial(blocked, gate))
        until(lambda: running.worker is not None, "the long search is running in the only worker")
        queued, _ = run_on(workers, partial(blocked, str(tmp_path / "never")))
        workers.cancel(queued)
        assert workers._waiting - workers._dropped == 0  # nothing wanted waits: no reason for a worker
        _, after = run_on(workers, os.getpid)
        open_gate(gate)
        assert wait_for(after) != os.getpid() and wait_for(long) is None
        assert workers._waiting == workers._dropped == 0 and len(workers._workers) == 1
    finally:
        workers.close()


def test_the_pool_starts_no_worker_beyond_its_memory_cap(tmp_path) -> None:
    workers = Pool(memory_cap=1)  # no room for a second worker: the job waits for the first
    try:
        gate = str(tmp_path / "gate")
        running, long = run_on(workers, partial(blocked, gate))
        until(lambda: running.worker is not None, "the long job is running in a worker")
        _, other = run_on(workers, os.getpid)
        assert len(workers._workers) == 1  # it waits for the first worker: no second one
        open_gate(gate)
        assert wait_for(other) != os.getpid() and wait_for(long) is None
        assert len(workers._workers) == 1
        assert 0 < workers.memory() <= 60 * 1024 * 1024
    finally:
        workers.close()


def test_a_job_submitted_as_soon_as_an_answer_arrives_needs_no_second_worker() -> None:
    # The visitor's hint asked for as the computer's move lands: its worker is idle again (issue
    # 22: a second worker started beside the first at such jobs, 60 MB for the two).
    workers = Pool()
    data = payload(os.getpid)
    assert data is not None
    answers: list[object] = []

    def answered(ok: bool, value: object) -> None:
        answers.append(value)
        if len(answers) < 8:  # the next job at once, from the answer's own thread
            workers.submit(Task(data, answered, lambda: answers.append("on a thread")))

    try:
        workers.submit(Task(data, answered, lambda: answers.append("on a thread")))
        until(lambda: len(answers) == 8, "eight jobs one after the other")
        assert os.getpid() not in answers and len(workers._workers) == 1
    finally:
        workers.close()


def test_an_idle_worker_ends_and_the_next_job_starts_a_fresh_one() -> None:
    workers = Pool(idle_seconds=0.2)  # 45 s in the kiosk
    try:
        first = wait_for(run_on(workers, os.getpid)[1])
        until(lambda: workers.memory() == 0, "the idle worker's process ended")
        second = wait_for(run_on(workers, os.getpid)[1])
        assert second not in (first, os.getpid()) and len(workers._workers) == 1
    finally:
        workers.close()


def test_a_second_worker_leaves_the_pool_once_idle_and_its_thread_ends(tmp_path) -> None:
    # A busy moment started a second worker; kept, its thread took jobs in turn with the first
    # and two processes stayed alive (issue 22: threads 8 -> 9 and +18 MB for the rest of a soak).
    workers = Pool(idle_seconds=1.0)  # 45 s in the kiosk
    try:
        gate = str(tmp_path / "gate")
        running, long = run_on(workers, partial(blocked, gate))
        until(lambda: running.worker is not None, "the long job is running in a worker")
        _, other = run_on(workers, os.getpid)
        wait_for(other)
        first, second = workers._workers  # the second ran ``other`` beside the long job
        assert first.thread.is_alive() and second.thread.is_alive()
        open_gate(gate)
        wait_for(long)
        until(lambda: len(workers._workers) == 1, "a spare worker left the pool")
        spare = second if workers._workers == [first] else first
        spare.thread.join(timeout=CEILING)
        assert not spare.thread.is_alive() and spare.process is None  # its thread and process ended
        (kept,) = workers._workers
        until(lambda: workers.memory() == 0, "the last worker's process ended too")
        assert kept.thread.is_alive()  # the first one stays, ready
        for _ in range(4):  # jobs one after another need one worker, as before the busy moment
            assert wait_for(run_on(workers, os.getpid)[1]) != os.getpid()
        assert workers._workers == [kept] and workers._idle == 1 and workers._waiting == 0
        gate = str(tmp_path / "again")
        busy, again = run_on(workers, partial(blocked, gate))  # a busy moment again: a second again
        until(lambda: busy.worker is not None, "the long job is running in a worker")
        assert wait_for(run_on(workers, os.getpid)[1]) != os.getpid() and len(workers._workers) == 2
        open_gate(gate)
        wait_for(again)
    finally:
        workers.close()


def test_a_job_for_another_game_empties_the_last_games_tables_in_the_worker() -> None:
    # Attract mode moves from Juniper to Lightning: Juniper's exact-value tables are of no use.
    state = JuniperParams(12).new_initial_state().play(2)
    workers = Pool()
    try:
        wait_for(run_on(workers, partial(choose_move, juniper_player, "perfect", state, random.Random(1), None))[1])
        assert wait_for(run_on(workers, juniper_tables)[1]) == 1  # kept between a game's jobs
        wait_for(run_on(workers, partial(preload, "games.lightning.ai"), brief=True)[1])
        assert wait_for(run_on(workers, juniper_tables)[1]) == 0
        assert len(workers._workers) == 1
    finally:
        workers.close()


def test_a_job_names_its_game() -> None:
    state = JuniperParams(12).new_initial_state()
    assert game_of(partial(choose_move, lightning_player, "strong", new_game(), random.Random(1), 0.1)) == "lightning"
    assert game_of(partial(hint, state)) == "juniper"
    assert game_of(partial(preload, "games.awele.ai")) == "awele"
    assert game_of(os.getpid) is None and game_of(partial(divmod, 7, 2)) is None


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities here")
def test_worker_processes_yield_the_cores_to_the_frame_loop() -> None:
    workers = Pool()
    try:
        _, niceness = run_on(workers, partial(os.getpriority, os.PRIO_PROCESS, 0))
        assert wait_for(niceness) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICENESS)
    finally:
        workers.close()


def test_a_job_whose_worker_dies_runs_on_a_thread() -> None:
    thinker = Thinker(processes=True)
    thinker.start("doomed", partial(die_in_a_worker, os.getpid()), portable=True)
    assert finish(thinker, "doomed") == "on a thread"


def test_computer_players_and_hints_give_the_same_game_in_a_process_as_on_a_thread() -> None:
    def game(processes: bool) -> tuple[list[int], object]:
        match: Match[JuniperState, int] = Match("juniper", JuniperParams(30).new_initial_state(),
                      {1: Seat.computer("semi-expert"), 2: Seat.computer("perfect")}, seed=7,
                      thinker=Thinker(wait=True, processes=processes))
        while not match.is_over():
            move = match.computer_move()
            assert move is not None  # a waiting thinker always answers
            match.play(move)
        moves = match.moves
        match.set_seat(1, Seat())
        match.restart()
        return moves, match.hint()

    on_thread, in_process = game(False), game(True)  # players drawing from the match's seeded generators
    assert in_process == on_thread


def test_a_headless_match_waits_for_its_worker() -> None:
    match: Match[LewthwaiteState, Cell] = Match("lewthwaite", LewthwaiteParams().new_initial_state(),
                                                {1: Seat(), 2: Seat.computer("perfect")}, seed=1,
                                                thinker=Thinker(wait=True, processes=True))
    match.play((2, 1))
    move = match.computer_move()  # waits: the frame that asks gets the answer
    assert move in match.state.legal_moves()


def test_an_idle_worker_keeps_nothing_of_its_last_job() -> None:
    # The job's callbacks reach back to whoever asked (a match, its scene): an idle worker that
    # held its last job kept a screen the visitor had left until the next computer move.
    class Asker:
        def __init__(self) -> None:
            self.answers: list[object] = []

        def answered(self, ok: bool, value: object) -> None:
            self.answers.append(value)

    workers = Pool()
    try:
        asker = Asker()
        data = payload(os.getpid)
        assert data is not None
        task = Task(data, asker.answered, lambda: None)
        workers.submit(task)
        wait_for(asker.answers)
        gone = weakref.ref(asker)
        del asker, task
        until(lambda: gc.collect() >= 0 and gone() is None, "the asker is freed once its answer is in")
    finally:
        workers.close()
