"""Jobs handed to long-lived threads, so that the thread that hands one over never starts a thread.

``threading.Thread.start()`` blocks its caller until the new thread has run, and the new thread
then holds the interpreter lock for a switch interval: a frame that started one waited ~6 ms of
wall time here, ~25 ms at a quarter of a CPU (Lightning's person's turn: 51 gaps over 33 ms at a
quarter CPU, each a frame that started a thinker or a drawing-ahead thread). A :class:`JobPool`
keeps daemon threads waiting for jobs: handing one over is a queue append and a wake-up. When
every thread is busy, a new one is started by the pool's own starter thread, never by the
caller, so jobs still run side by side as they did on a thread each (a long search never holds
up a drawing ahead). :func:`start` starts the starter and a few idle threads once, at the app's
start (outside any frame); a pool used before that starts them at its first job.

The threads are daemons: they never keep a stopping process alive; whoever must wait for a job
in flight (the app's close, waiting for a drawing ahead) waits for its :class:`Job`.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable

log = logging.getLogger(__name__)

#: Idle threads kept waiting for the next job (more go once their job ends): a visitor's busiest
#: frames hand over 3-4 jobs at once (a thinker, a drawing ahead, a collection).
KEEP_IDLE = 4
#: Idle threads started with the starter by :func:`start`.
WARM = 3


class Job:
    """One job handed to a :class:`JobPool`: ``work()`` run once on one of its threads."""

    def __init__(self, work: Callable[[], object], name: str) -> None:
        self.work = work
        #: What the job is (the pool's thread takes it as its name while it runs: logs, debuggers).
        self.name = name
        self._done = threading.Event()

    @property
    def running(self) -> bool:
        """True until the job has run (or failed)."""
        return not self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the job's end (at most ``timeout`` seconds); True once it is over."""
        return self._done.wait(timeout)

    def is_alive(self) -> bool:
        """As a thread's: True until the job has run."""
        return self.running

    def join(self, timeout: float | None = None) -> None:
        """As a thread's: wait for the job's end (at most ``timeout`` seconds)."""
        self._done.wait(timeout)

    def _run(self) -> None:
        try:
            self.work()
        except BaseException as exc:  # noqa: BLE001 - a job reports its own failures; this is a last resort
            log.warning("a background job (%s) failed: %r", self.name, exc)
        finally:
            self.work = _nothing  # its closure (a scene, a match) is not kept by a finished job
            self._done.set()


def _nothing() -> None:
    """What a finished job holds instead of its work."""


class JobPool:
    """Daemon threads that run the jobs handed to :meth:`submit`, as many side by side as there
    are jobs in flight; at most ``keep_idle`` wait when there is nothing to do."""

    def __init__(self, name: str = "jobs", keep_idle: int = KEEP_IDLE) -> None:
        self.name = name
        self.keep_idle = keep_idle
        self._lock = threading.Lock()
        self._work = threading.Condition(self._lock)  # idle threads wait on it
        self._wanted = threading.Condition(self._lock)  # the starter waits on it
        self._queue: deque[Job] = deque()
        self._idle = 0  # threads waiting for a job
        self._coming = 0  # threads started (or asked for) that have not yet waited for one
        self._warm = 0  # idle threads asked for by :meth:`start` beyond the jobs queued
        self._starter: threading.Thread | None = None
        #: Threads started by the pool (tests read it).
        self.started = 0

    def start(self, warm: int = WARM) -> None:
        """Start the starter thread and ``warm`` idle threads now (once; call it outside frames)."""
        with self._lock:
            self._warm = max(self._warm, warm - self._idle - self._coming)
            self._ensure_starter()
            self._wanted.notify()

    def submit(self, work: Callable[[], object], name: str = "job") -> Job:
        """Run ``work()`` on one of the pool's threads; the caller starts no thread (but the
        pool's first job when :meth:`start` was never called)."""
        job = Job(work, name)
        with self._lock:
            self._queue.append(job)
            self._ensure_starter()
            if len(self._queue) > self._idle + self._coming:
                self._wanted.notify()  # every thread is busy: the starter adds one
            self._work.notify()
        return job

    def _ensure_starter(self) -> None:
        if self._starter is None:  # under the lock
            self._starter = threading.Thread(target=self._start_threads, name=f"{self.name}-starter", daemon=True)
            self._starter.start()

    def _start_threads(self) -> None:
        while True:
            with self._lock:
                while not (self._warm > 0 or len(self._queue) > self._idle + self._coming):
                    self._wanted.wait()
                self._warm = max(0, self._warm - 1)
                self._coming += 1
            try:
                threading.Thread(target=self._serve, name=f"{self.name}-idle", daemon=True).start()
                self.started += 1
            except RuntimeError as exc:  # no thread can be made (interpreter ending, limit): try later
                with self._lock:
                    self._coming -= 1
                    self._starter = None  # the next job tries again
                log.warning("a job thread could not be started: %r", exc)
                return

    def _serve(self) -> None:
        me = threading.current_thread()
        with self._lock:
            self._coming -= 1
        while True:
            with self._lock:
                while not self._queue:
                    if self._idle >= self.keep_idle:
                        return  # enough wait already
                    self._idle += 1
                    self._work.wait()
                    self._idle -= 1
                job = self._queue.popleft()
                if len(self._queue) > self._idle + self._coming:
                    self._wanted.notify()
            me.name = job.name[:60]
            job._run()
            del job  # not kept while waiting for the next one
            me.name = f"{self.name}-idle"


#: The one pool of the process: thinkers, drawings ahead, collections.
POOL = JobPool()


def start(warm: int = WARM) -> None:
    """Start the shared pool's threads now (the app's start, outside any frame)."""
    POOL.start(warm)


def submit(work: Callable[[], object], name: str = "job") -> Job:
    """Run ``work()`` on one of the shared pool's threads (see :class:`JobPool`)."""
    return POOL.submit(work, name)
