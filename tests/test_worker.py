"""The worker that keeps computer players off the frame loop."""

import threading
import time

import pytest

from kiosk.worker import Worker


def test_headless_worker_runs_at_once_and_hands_the_result_over_once():
    worker = Worker(threaded=False)
    worker.start(lambda: 42)
    assert worker.busy
    assert worker.poll() == (True, 42)
    assert worker.poll() == (False, None) and not worker.busy


def test_threaded_worker_lets_the_caller_go_on():
    gate = threading.Event()
    worker = Worker(threaded=True)
    worker.start(lambda: gate.wait(5) and "move")
    assert worker.poll() == (False, None)  # the frame loop is not blocked
    worker.start(lambda: "ignored")  # one job at a time
    gate.set()
    for _ in range(500):
        done, result = worker.poll()
        if done:
            break
        time.sleep(0.01)
    assert (done, result) == (True, "move")


def test_a_failing_job_raises_in_the_caller_and_cancel_forgets():
    worker = Worker(threaded=False)
    worker.start(lambda: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        worker.poll()
    worker.start(lambda: 7)
    worker.cancel()
    assert not worker.busy and worker.poll() == (False, None)
