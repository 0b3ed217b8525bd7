"""Worker processes for the match's thinking: a computer player searching in its own process
never holds the interpreter lock the frame loop needs.

Python runs one thread at a time. A computer player searching in a thread of the kiosk's
process takes the interpreter lock from the frame loop at every hand-over, and the frame thread
waits up to the switch interval (5 ms) each time it wants it back, on every frame the search
lasts; the search's garbage collections stop the frame loop outright. In a worker process the
search has its own interpreter, and on a 2-core machine its own core.

A job is a picklable zero-argument callable (``functools.partial`` of a module-level function
and picklable arguments: a game state, a ``random.Random``, a level name). :class:`Pool` sends
it to an idle worker (``python -m games.workers``, started on demand, at most
:data:`MAX_WORKERS`, kept for the next jobs) and hands back its result or its exception. A job
that is no longer wanted is cancelled: if it is running, its worker is killed at once (its CPU is
free again) and replaced. A worker that dies on its own hands its job back to be run on a
thread, so a move is never lost.

Messages are length-prefixed pickles over the worker's stdin and stdout (both ends are this
program: nothing else writes to them). Nothing here imports pygame.

Workers count in the kiosk's memory. A worker gives back what a game keeps between jobs (its
:mod:`games.budget` caches: Juniper's exact-value tables) when a job for another game arrives;
one idle for :data:`IDLE_SECONDS` ends (an idle kiosk holds no worker; the next game's preload
starts a fresh one); one past :data:`WORKER_RSS_LIMIT` after a job is replaced.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import gc
import importlib
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from games import budget, jobs
from games.budget import rss_bytes, trim

ROOT = Path(__file__).resolve().parent.parent
#: Worker processes at most: one search at a time on a 2-core kiosk (the frame loop has the
#: other core); a second one only while a job waits behind a running one.
MAX_WORKERS = 2
#: How much a worker process yields to the kiosk: the frame loop must never wait for a core
#: behind a search (a new worker importing its game while another searches would otherwise
#: take both cores of a 2-core kiosk for a few hundred milliseconds).
NICENESS = 10
#: A worker whose resident memory passes this after a job (a search's tables, the caches of the
#: games it imported; its freed heap is given back after each job) is replaced by a fresh one
#: (14 MB, about 21 MB once it has imported a game): workers count in the kiosk's memory budget,
#: and a day of new positions must not grow them. Measured after each move of each game's
#: strongest player with hints: 22 to 28 MB, 34 MB at most in Juniper at N = 100.
WORKER_RSS_LIMIT = 40 * 1024 * 1024
#: The pool's memory cap: the workers' resident memory together. A second worker starts only
#: while the first plus a fresh one (:data:`FRESH_WORKER_BYTES`) stay within it; otherwise the
#: job waits for the running one (docs/kiosk.md adds this to the kiosk's budgets).
WORKERS_MEMORY_CAP = 50 * 1024 * 1024
#: A fresh worker once it has imported a game (measured: 20.5 to 21 MB; 14 MB before; it
#: imports neither pygame, numpy nor the kiosk): with the cap, a second worker starts only while
#: the first is under 29 MB.
FRESH_WORKER_BYTES = 21 * 1024 * 1024
#: A job longer than this (seconds) is a search: its worker gives its freed heap back after it.
SEARCH_SECONDS = 0.05
#: A worker process idle this long (seconds: the visitor left, nobody plays) ends: its freed
#: tables leave holes in its heap that never go back (a worker after a Juniper game: 30 MB, 29 MB
#: after emptying its caches, 14 MB fresh); the next job (a new game's preload) starts one.
IDLE_SECONDS = 45.0
_HEADER = struct.Struct("!I")


class WorkerDied(RuntimeError):
    """The worker process stopped before answering (killed, out of memory)."""


def payload(work: Callable[[], Any]) -> bytes | None:
    """``work`` pickled for a worker, or None when it cannot leave this process (a lambda, a
    closure, a local class: it runs on a thread instead)."""
    try:
        return pickle.dumps(work, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, AttributeError, TypeError, RecursionError):
        return None


def preload(*modules: str) -> None:
    """Import ``modules`` (a job sent ahead, so that the first real job starts at once)."""
    for name in modules:
        importlib.import_module(name)


def game_of(work: Any) -> str | None:
    """The game a job is for (``"juniper"`` when its function or an argument comes from
    ``games.juniper``: a player, a position, a module to preload), or None when it names none."""
    parts = [work.func, *work.args] if isinstance(work, functools.partial) else [work]
    for part in parts:
        # library: Python's own attribute, missing on some callables
        name = part if isinstance(part, str) else getattr(part, "__module__", None) or type(part).__module__
        pieces = name.split(".") if isinstance(name, str) else []
        if len(pieces) > 2 and pieces[0] == "games":
            return pieces[1]
    return None


def give_back(scope: str) -> None:
    """Empty the caches of ``scope`` (a game's key) and give the freed pages back."""
    budget.release([scope])
    gc.collect()
    trim()


# --- messages -------------------------------------------------------------------------------------


def _send(stream: IO[bytes], data: bytes) -> None:
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _receive(stream: IO[bytes]) -> bytes | None:
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(header)
    data = stream.read(size)
    return data if len(data) == size else None


def serve(stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """The worker's loop: run each job received, send back ``(True, result)`` or ``(False,
    exception)``, until the input ends. A job for another game first empties the caches of the
    game before (see the module doc)."""
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows: same priority
        os.nice(NICENESS)
    game: str | None = None
    while (data := _receive(stdin)) is not None:
        started = time.perf_counter()
        work = None
        try:
            work = pickle.loads(data)
            now = game_of(work)
            if now is not None and game is not None and now != game:
                give_back(game)  # its tables are of no use to the next game's jobs
            game = now or game
            answer: tuple[bool, Any] = (True, work())
        except BaseException as exc:  # noqa: BLE001 - handed back to whoever asked
            answer = (False, exc)
        try:
            reply = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - a result or an exception that does not pickle
            reply = pickle.dumps((False, RuntimeError(f"the worker's answer does not pickle: {exc}")))
        del answer, work
        if time.perf_counter() - started > SEARCH_SECONDS:
            # A search's tables are garbage now: their pages go back to the system before the
            # answer leaves, so that the worker's resident memory (what the pool reads to replace
            # a grown worker, and what its cap counts) is what it still holds (a few ms; brief
            # jobs, a move's consequences worked out as a tap is, skip it).
            gc.collect()
            trim()
        _send(stdout, reply)


# --- the kiosk's side ---------------------------------------------------------------------------


class Task:
    """One job on its way through the pool: ``finish(ok, value)`` is called once with its
    outcome, unless it was cancelled first."""

    def __init__(self, data: bytes, finish: Callable[[bool, Any], None], fallback: Callable[[], None],
                 brief: bool = False) -> None:
        self.data = data
        #: A job of a few milliseconds once its worker runs (a preload): one queued behind it
        #: waits for it rather than start a second worker process.
        self.brief = brief
        self.finish = finish
        #: Called instead of ``finish`` when no worker could run the job (run it on a thread).
        self.fallback = fallback
        self.cancelled = False
        self.queued = False  # waiting in the pool's queue
        self.settled = False  # its worker is idle again (:meth:`Pool.done_with`)
        self.worker: _Worker | None = None


class _Worker:
    """One worker process and the thread that feeds it jobs and reads its answers."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.process: subprocess.Popen[bytes] | None = None
        self.task: Task | None = None
        # A pool's thread, not a new one: the job that needs this worker is handed over in a frame,
        # where a Thread.start() cost ~6 ms of wall time (games/jobs.py).
        self.thread = jobs.submit(self._run, "thinking-worker")

    def _start(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "games.workers"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )

    def _run(self) -> None:
        failures = 0
        while (task := self.pool.next_task(self._idle)) is not None:
            try:
                failures = 0 if self._do(task) else failures + 1
            finally:
                self.pool.done_with(task)
            # Not kept while waiting for the next job: its callbacks reach back to whoever asked
            # (a match and its scene), which would outlive the visitor's leaving it.
            del task
            if failures >= 3:
                self.pool.retire(self)
                return

    def _do(self, task: Task) -> bool:
        """Run ``task`` in the process; False when the process died under a wanted job (which
        is then handed back to run on a thread)."""
        try:
            if self.process is None or self.process.poll() is not None:
                self.process = self._start()
            process = self.process
            assert process.stdin is not None and process.stdout is not None
            with self.pool.lock:
                if task.cancelled:
                    return True
                self.task, task.worker = task, self
            _send(process.stdin, task.data)
            reply = _receive(process.stdout)
        except OSError:
            reply = None
        with self.pool.lock:
            self.task, task.worker = None, None
            cancelled = task.cancelled
        if reply is None:
            self._reap()
            if not cancelled:
                task.fallback()
                return False
            with contextlib.suppress(OSError):  # stopped on purpose: a fresh one waits for the next job
                self.process = self._start()
            return True
        if not cancelled:
            ok, value = pickle.loads(reply)
            # Idle before the answer is out: a job its caller submits at once (the hint after a
            # move) goes to this worker rather than start a second process beside it.
            self.pool.done_with(task)
            task.finish(ok, value)
        if rss_bytes(process.pid) > WORKER_RSS_LIMIT or self.pool.over_cap():
            self._retire_process()
        return True

    def _idle(self) -> bool:
        """No job for IDLE_SECONDS: the process ends; a second worker leaves the pool too (True:
        its thread ends)."""
        self._retire_process()
        return self.pool.leave_if_spare(self)

    def _retire_process(self) -> None:
        """Let the (idle) process end and forget it: the next job starts a fresh one."""
        process, self.process = self.process, None
        if process is None:
            return
        with contextlib.suppress(OSError):
            if process.stdin is not None:
                process.stdin.close()  # its loop ends with its input
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)
        if process.stdout is not None:
            process.stdout.close()

    def _reap(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)

    def kill(self) -> None:
        """Stop the process at once (its job is no longer wanted, or the kiosk ends)."""
        process = self.process
        if process is not None and process.poll() is None:
            process.kill()


class Pool:
    """Worker processes running :class:`Task` s, one at a time each (see the module doc)."""

    def __init__(self, max_workers: int = MAX_WORKERS, memory_cap: int = WORKERS_MEMORY_CAP,
                 idle_seconds: float = IDLE_SECONDS) -> None:
        self.max_workers = max_workers
        self.memory_cap = memory_cap
        self.idle_seconds = idle_seconds
        self.lock = threading.Lock()
        self._queue: queue.SimpleQueue[Task | None] = queue.SimpleQueue()
        self._workers: list[_Worker] = []
        self._idle = 0  # workers waiting for a job
        self._waiting = 0  # jobs waiting for a worker
        self._dropped = 0  # of which cancelled: a worker takes them off the queue at once
        #: Brief jobs queued or running: their workers are about to be idle, so a job submitted
        #: beside them waits a few milliseconds rather than start a process of its own.
        self._brief = 0
        self._broken = False

    @property
    def available(self) -> bool:
        """False once workers kept dying (every job then runs on a thread)."""
        return not self._broken

    def submit(self, task: Task) -> None:
        """Queue ``task`` for the next idle worker (one more worker if none is idle, none will
        be soon, and the pool's memory cap allows it)."""
        with self.lock:
            self._waiting += 1
            self._brief += task.brief
            # A worker whose job was just cancelled is about to be idle (its process is being
            # replaced): a game left and attract mode's first move in the same frame need one
            # worker, not two.
            freeing = sum(1 for worker in self._workers if worker.task is not None and worker.task.cancelled)
            live = self._waiting - self._dropped
            wanted = (live > self._idle + self._brief + freeing) if not task.brief else not self._workers
            if wanted and len(self._workers) < self.max_workers and self._room_for_one_more():
                self._idle += 1
                self._workers.append(_Worker(self))
            task.queued = True
            self._queue.put(task)

    def memory(self) -> int:
        """The workers' resident memory together, in bytes."""
        return sum(rss_bytes(worker.process.pid) for worker in self._workers if worker.process is not None)

    def over_cap(self) -> bool:
        """(Worker threads, after a job) True when more than one worker process runs and they
        are past the pool's memory cap together: the worker just done then ends (the next job
        starts a fresh one), so the cap holds after every job, not only when a worker starts
        (two workers each filling up with Juniper's memo made 107 MB in a real-time soak)."""
        with self.lock:
            running = [worker for worker in self._workers if worker.process is not None]
            return len(running) > 1 and self.memory() > self.memory_cap

    def _room_for_one_more(self) -> bool:
        """(Lock held) whether one more fresh worker keeps the pool within its memory cap (the
        first one always starts: the kiosk's budget counts it)."""
        return not self._workers or self.memory() + FRESH_WORKER_BYTES <= self.memory_cap

    def next_task(self, idle: Callable[[], bool] = lambda: False) -> Task | None:
        """(Worker threads) the next job, waiting for one; ``idle()`` is called after each
        :data:`IDLE_SECONDS` without one (the worker's process then ends) and returns True when
        the worker has left the pool: then None, its thread ends."""
        while True:
            try:
                task = self._queue.get(timeout=self.idle_seconds)
                break
            except queue.Empty:
                if idle():
                    return None
        with self.lock:
            self._idle -= 1
            self._waiting -= 1
            if task is not None and task.queued:
                task.queued = False
                self._dropped -= task.cancelled
        return task

    def leave_if_spare(self, worker: _Worker) -> bool:
        """(Worker threads) an idle worker beside another leaves the pool (True). A second worker
        is for a busy moment; kept, its thread would take jobs in turn with the first and keep
        two processes alive all day (a real-time soak: one thread and 20 MB more from the first
        busy moment on)."""
        with self.lock:
            if len(self._workers) <= 1 or worker not in self._workers or not self._queue.empty():
                return False
            self._workers.remove(worker)
            self._idle -= 1
            return True

    def done_with(self, task: Task) -> None:
        """(Worker threads) the worker is idle again, done with ``task`` (once per task)."""
        with self.lock:
            if task.settled:
                return
            task.settled = True
            self._idle += 1
            self._brief -= task.brief

    def cancel(self, task: Task) -> None:
        """``task`` is no longer wanted: dropped if waiting, its worker killed if running."""
        with self.lock:
            self._dropped += task.queued and not task.cancelled
            task.cancelled = True
            worker = task.worker
        if worker is not None:
            worker.kill()

    def retire(self, worker: _Worker) -> None:
        """(Worker threads) a worker whose process keeps dying leaves the pool; when none is
        left, jobs run on threads."""
        with self.lock:
            if worker in self._workers:
                self._workers.remove(worker)
            self._idle -= 1
            self._broken = not self._workers
            stranded = []
            if self._broken:  # nobody left to run the waiting jobs: they go to threads
                while not self._queue.empty():
                    task = self._queue.get_nowait()
                    if task is not None:
                        task.queued = False
                    if task is not None and not task.cancelled:
                        stranded.append(task)
                self._waiting = self._dropped = 0
        for task in stranded:
            task.fallback()

    def close(self) -> None:
        """Kill every worker (at exit)."""
        with self.lock:
            workers = list(self._workers)
        for worker in workers:
            worker.kill()
            if worker.process is not None and worker.process.stdin is not None:
                with contextlib.suppress(OSError):
                    worker.process.stdin.close()


_pool: Pool | None = None
_pool_lock = threading.Lock()


def pool() -> Pool:
    """The kiosk's pool of worker processes (created on first use, killed at exit)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = Pool()
            atexit.register(_pool.close)
        return _pool


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
