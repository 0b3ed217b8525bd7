"""Helpers shared by the command-line handlers of every game (no pygame import here).

A handler raises :class:`CliError` for bad values; ``main.py`` prints the message and exits
with code 2 (or the error's own code), so a wrong value never changes anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any, TextIO, TypeVar

T = TypeVar("T")


class CliError(Exception):
    """A user-facing command-line error: printed without a traceback, exit code ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def print_json(obj: Any, stream: TextIO | None = None) -> None:
    """Print one JSON object on one line (the ``--json`` output of every command)."""
    stream = stream or sys.stdout
    stream.write(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n")
    stream.flush()


def parse_cell(text: str, rows: int | None = None, cols: int | None = None) -> tuple[int, int]:
    """Read ``"r,c"`` (0-based, ``0,0`` top-left), checking it lies on the board if given."""
    try:
        r_text, c_text = text.split(",")
        cell = (int(r_text), int(c_text))
    except ValueError:
        raise CliError(f"'{text}' is not a cell: write it as row,col, for example 2,2") from None
    if rows is not None and cols is not None and not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
        raise CliError(
            f"cell {cell[0]},{cell[1]} is off the {rows}x{cols} board (rows 0..{rows - 1}, columns 0..{cols - 1})"
        )
    return cell


def int_in_range(lo: int, hi: int) -> Any:
    """An argparse ``type`` accepting integers in ``lo..hi`` with a clear message otherwise."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value} is out of range {lo}..{hi}")
        return value

    return convert


def float_in_range(lo: float, hi: float, unit: str = "") -> Any:
    """An argparse ``type`` accepting numbers in ``lo..hi`` (``unit`` names them in messages)."""

    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{text} is out of range {lo:g}..{hi:g}{' ' + unit if unit else ''}")
        return value

    return convert


def positive_float(text: str) -> float:
    """An argparse ``type`` for a strictly positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{value} must be positive")
    return value


def progress(items: Iterable[T], total: int, label: str, enabled: bool = True) -> Iterator[T]:
    """Yield ``items`` while drawing a progress bar on stderr (only when stderr is a terminal,
    so JSON on stdout and logs stay clean)."""
    show = enabled and sys.stderr.isatty()
    start = time.perf_counter()
    last = 0.0
    for done, item in enumerate(items, 1):
        yield item
        now = time.perf_counter()
        if show and (now - last > 0.1 or done == total):
            last = now
            width = 30
            filled = int(width * done / max(total, 1))
            bar = "#" * filled + "-" * (width - filled)
            sys.stderr.write(f"\r{label} [{bar}] {done}/{total} {now - start:5.1f}s")
            sys.stderr.flush()
    if show:
        sys.stderr.write("\n")
