"""Run a command with its CPU cut to a share (a quarter by default): a Raspberry Pi-class
machine's core, about four times slower than this project's 2-core machine, seen here.

``python bench/throttle.py [--share 0.25] [--method signals|cgroup] -- COMMAND [ARG...]``

Two ways, the command and all its children (the computer players' worker processes) alike:

* ``signals`` (the default, works in any container): a duty cycle. The process tree runs for
  ``share`` of every ``--period`` (4 ms: 1 ms running, 3 ms stopped with SIGSTOP, then SIGCONT),
  so each of its threads gets at most a quarter of the wall clock: code that needs 4 ms of CPU
  here takes about 16 ms, as on a core four times slower. Nothing on the system changes.
* ``cgroup``: the kernel's CPU controller. A child group of the cgroup file system (v2
  ``cpu.max``, else v1 ``cpu.cfs_quota_us``) gets ``share`` of one CPU over a ``--period``
  (short, so that a frame waits at most a period for its turn), the command runs in it, and the
  group is removed at the end. Needs a writable cgroup file system (root in a container).

The exit code is the command's. See bench/README.md for what to run under it.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

CGROUP = Path("/sys/fs/cgroup")


def descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (read from /proc: worker processes come and go)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*/children"):
            with suppress(OSError):
                todo.extend(int(child) for child in task.read_text().split())
    return found


def signal_all(pids: list[int], sig: int) -> None:
    """Send ``sig`` to each process that still exists."""
    for pid in pids:
        with suppress(ProcessLookupError):
            os.kill(pid, sig)


def run_duty_cycle(command: list[str], share: float, period: float) -> int:
    """Run ``command``, stopping its process tree for ``1 - share`` of every ``period`` seconds."""
    child = subprocess.Popen(command)
    running, stopped = share * period, (1 - share) * period
    tree = [child.pid]
    cycles = 0
    try:
        while child.poll() is None:
            time.sleep(running)
            if cycles % 25 == 0:  # every 100 ms: new worker processes are caught
                tree = descendants(child.pid)
            signal_all(tree, signal.SIGSTOP)
            time.sleep(stopped)
            signal_all(tree, signal.SIGCONT)
            cycles += 1
    finally:
        signal_all(descendants(child.pid) if child.poll() is None else [], signal.SIGCONT)
    return child.wait()


def cgroup_dir() -> tuple[Path, str] | None:
    """A cgroup folder where a child group with a CPU limit can be made, and its version."""
    if (CGROUP / "cgroup.controllers").exists() and "cpu" in (CGROUP / "cgroup.controllers").read_text().split():
        return CGROUP, "v2"
    if (CGROUP / "cpu" / "cpu.cfs_quota_us").exists():
        return CGROUP / "cpu", "v1"
    return None


def run_in_cgroup(command: list[str], share: float, period: float) -> int:
    """Run ``command`` in a new child cgroup limited to ``share`` of one CPU per ``period``."""
    place = cgroup_dir()
    if place is None:
        raise SystemExit("throttle: no cgroup CPU controller here; use --method signals")
    root, version = place
    group = root / f"jeux-maths-throttle-{os.getpid()}"
    period_us = max(1000, round(period * 1_000_000))
    try:
        group.mkdir()
    except OSError as exc:
        raise SystemExit(f"throttle: cannot make a cgroup in {root} ({exc.strerror}); use --method signals") from exc
    try:
        quota_us = max(1000, round(share * period_us))
        if version == "v2":
            (group / "cpu.max").write_text(f"{quota_us} {period_us}\n")
        else:
            (group / "cpu.cfs_period_us").write_text(f"{period_us}\n")
            (group / "cpu.cfs_quota_us").write_text(f"{quota_us}\n")
        procs = group / "cgroup.procs"

        def enter() -> None:  # in the child, before the command starts: its workers follow it
            procs.write_text(f"{os.getpid()}\n")

        return subprocess.call(command, preexec_fn=enter)
    finally:
        with suppress(OSError):
            group.rmdir()


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the command throttled."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--share", type=float, default=0.25, help="the share of a CPU kept (default 0.25)")
    parser.add_argument("--method", choices=("signals", "cgroup"), default="signals")
    parser.add_argument("--period", type=float, default=None,
                        help="seconds per cycle (default 0.004 for signals, 0.01 for cgroup)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND [ARG...]")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command to run (write it after --)")
    if not 0.01 <= args.share <= 1:
        parser.error("--share must be between 0.01 and 1")
    if args.share == 1:
        return subprocess.call(command)
    if args.method == "cgroup":
        return run_in_cgroup(command, args.share, args.period or 0.01)
    return run_duty_cycle(command, args.share, args.period or 0.004)


if __name__ == "__main__":
    sys.exit(main())
