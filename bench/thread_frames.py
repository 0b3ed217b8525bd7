"""Wall time of the frames that hand a job to another thread (a thinker, a screen or a card's
steps drawn ahead, a collection), in a real-time visit: on the kiosk before games/jobs.py each
started a thread (``Thread.start()`` waits for the new thread to run). Run it on two trees to
compare (``.venv/bin/python bench/thread_frames.py GAME [MOVES]``); a busy machine inflates ms.

Prints the frames that started a thread or handed a job over, and their wall ms (median, p90,
worst), beside all frames'."""

from __future__ import annotations

import statistics
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import conftest  # noqa: E402,F401 - the games' screens installed, as in the tests
from tests import visitor  # noqa: E402
from tests.test_jobs import _visit_to_the_question  # noqa: E402


def main() -> None:
    """Visit ``argv[1]`` in real time and print the frames that started a thread or a job."""
    game = sys.argv[1] if len(sys.argv) > 1 else "lightning"
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    marked: dict[str, int] = {}
    starts: list[str] = []
    frames_now = [0]
    start = threading.Thread.start

    def counted_start(thread: threading.Thread) -> None:
        if threading.current_thread() is threading.main_thread():
            starts.append(thread.name.split("(")[0][:30])
            marked[f"frame:{frames_now[0]}"] = 1
        start(thread)

    threading.Thread.start = counted_start  # type: ignore[method-assign, assignment]
    try:
        from games import jobs  # the pool's tree only

        submit = jobs.JobPool.submit

        def counted_submit(pool: jobs.JobPool, work: object, name: str = "job") -> jobs.Job:
            if threading.current_thread() is threading.main_thread():
                marked[f"frame:{frames_now[0]}"] = 1
            return submit(pool, work, name)  # type: ignore[arg-type]

        jobs.JobPool.submit = counted_submit  # type: ignore[method-assign, assignment]
    except ImportError:
        pass
    run = visitor.Visitor.run

    def tracked_run(self: visitor.Visitor, script: visitor.Script) -> visitor.Visit:
        def counted() -> visitor.Script:
            for step in script:
                frames_now[0] = len(self.visit.frames)
                yield step
        return run(self, counted())

    visitor.Visitor.run = tracked_run  # type: ignore[method-assign]
    original = visitor.Visitor.__init__

    def realtime_init(self: visitor.Visitor, *args: object, **kwargs: object) -> None:
        kwargs["realtime"] = True
        original(self, *args, **kwargs)  # type: ignore[arg-type]

    visitor.Visitor.__init__ = realtime_init  # type: ignore[method-assign]
    result = _visit_to_the_question(game, moves)
    frames = result.frames
    tagged = sorted(int(k.split(":")[1]) for k in marked if k.startswith("frame:"))
    walls = [1000 * frames[i].wall for i in tagged if i < len(frames)]
    every = [1000 * f.wall for f in frames]

    def line(name: str, ms: list[float]) -> str:
        if not ms:
            return f"{name}: none"
        ms = sorted(ms)
        return (f"{name}: {len(ms)} frames, wall ms median {statistics.median(ms):.2f}, "
                f"p90 {ms[int(0.9 * (len(ms) - 1))]:.2f}, worst {ms[-1]:.2f}")

    print(game, "threads started on the frame thread:", len(starts), sorted(set(starts)))
    print(line("frames handing work to a thread", walls))
    print(line("all frames", every))


if __name__ == "__main__":
    main()
