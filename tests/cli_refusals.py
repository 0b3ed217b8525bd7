"""Checking a command line's refusal: exit code 2, a one-line reason, quickly, no traceback."""

from __future__ import annotations

import time

import pytest

import main


def refused(argv: list[str], capsys: pytest.CaptureFixture[str], *, alone: bool = False) -> str:
    """Run ``argv``; it must exit 2 within 5 s of CPU time (the process's, every thread's: a loaded
    machine stretches the wall clock, not the work) with no traceback; returns the last line on stderr.
    ``alone``: nothing on stdout and exactly one line on stderr."""
    start = time.process_time()  # clock(cpu): the process's CPU time, every thread's
    try:
        code = main.main(argv)
    except SystemExit as exc:  # argparse's own refusals
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1  # as Python exits
    out, err = capsys.readouterr()
    err = err.strip()
    assert code == 2, err
    assert time.process_time() - start < 5 and "Traceback" not in err  # clock(cpu): as above
    if alone:
        assert not out and len(err.splitlines()) == 1, err
    return err.splitlines()[-1]
