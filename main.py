#!/usr/bin/env python3
"""The kiosk's one command line: ``python main.py [SUBCOMMAND ...]``.

Without a subcommand it opens the kiosk menu. Each game, ``hardware`` and ``vision`` add their
own subcommands from a ``cli.py`` module (see :mod:`clikit`); commands that only compute never
import pygame. Bad values print a clear message and exit with code 2.
"""

from __future__ import annotations

import sys

from clikit import build_parser, run


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen command; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
