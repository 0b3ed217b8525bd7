"""``python main.py report``: the stand's day in numbers from the kiosk's record (see
:mod:`kiosk.report`). Compute only: no pygame."""

from __future__ import annotations

import argparse
import datetime
import re
import sys
from pathlib import Path

from games.cliutil import CliError, Commands, print_json
from games.outputs import check_outputs, write_outputs


def run_report(args: argparse.Namespace) -> int:
    """``python main.py report``: the stand's day in numbers (see :mod:`kiosk.report`). Exit 2 for
    a wrong value (a date, an output that exists), 3 when there is nothing to report (no record
    for those days, an empty day, a file that holds no event)."""
    from kiosk import daybook, report, report_page
    from kiosk.storage import state_dir

    first, last = report_days(args)
    for option, value in (("--html", args.html), ("--csv", args.csv)):
        if value is not None and not value.strip():
            raise CliError(f"{option} needs a file name")
    # The project's one writer policy: an existing output only with --force, never a folder or
    # a device, written whole (all the outputs or none).
    outputs = {Path(p): suffixes for p, suffixes in ((args.html, (".html", ".htm")), (args.csv, (".csv",)))
               if p is not None}
    if len(outputs) == 1 and args.html and args.csv:
        raise CliError("--html and --csv name the same file")
    for path, suffixes in outputs.items():
        check_outputs(path, [path], args.force, suffixes)
    folder = Path(args.state) / daybook.FOLDER if args.state else state_dir() / daybook.FOLDER
    span = first.isoformat() if first == last else f"{first.isoformat()} to {last.isoformat()}"
    reading = daybook.read_events(folder, first, last)
    # Games still open when the record ends are being played if the record may still grow
    # (today's, or yesterday's with a game over midnight).
    live = last >= datetime.date.today() - datetime.timedelta(days=1)
    try:
        # One line at a time, counted as read: memory stays bounded whatever the span.
        numbers = report.figures(reading, reading.after(), live=live, first_day=first.isoformat())
    except OSError as exc:
        raise CliError(f"cannot read the record in {folder}: {exc.strerror or exc}", 3) from None
    if not numbers["events"]:
        if reading.skipped:
            raise CliError(f"the record of {span} in {folder} is damaged: none of its {reading.skipped} line(s) "
                           "is an event", 3)
        if reading.missing and len(reading.missing) == (last - first).days + 1:
            raise CliError(f"no record for {span} in {folder} (the kiosk records in kiosk mode only)", 3)
        raise CliError(f"nothing happened at the stand on {span}: the record is empty", 3)
    if reading.skipped:
        print(f"note: {reading.skipped} damaged line(s) skipped (a power cut?)", file=sys.stderr)
    if reading.ignored:
        print(f"note: {reading.ignored} byte(s) past a day file's {daybook.READ_LIMIT}-byte limit ignored "
              "(not the kiosk's writing)", file=sys.stderr)
    files = {}
    if args.html:
        files[Path(args.html)] = report_page.html(numbers, args.lang).encode("utf-8")
    if args.csv:
        files[Path(args.csv)] = report_page.csv_text(numbers).encode("utf-8")
    if files:
        write_outputs(files)
    if args.json:
        print_json({**numbers, "advice": report.advice(numbers, args.lang), "skipped_lines": reading.skipped,
                    "ignored_bytes": reading.ignored})
    elif not outputs:
        print(report_page.text(numbers, args.lang))
    return 0


def report_days(args: argparse.Namespace) -> tuple[datetime.date, datetime.date]:
    """The first and last day asked for (``--day``, ``--from``/``--to``, else today)."""
    if args.day and (args.start or args.end):
        raise CliError("--day or --from/--to, not both")
    if args.day:
        return args.day, args.day
    today = datetime.date.today()
    first, last = args.start or args.end or today, args.end or args.start or today
    if first > last:
        raise CliError(f"--from {first.isoformat()} is after --to {last.isoformat()}")
    if (last - first).days + 1 > 366:
        raise CliError(f"at most a year (366 days) at a time, not {(last - first).days + 1} "
                       "(the kiosk keeps a week by default)")
    return first, last


def iso_date(text: str) -> datetime.date:
    """A date written ``YYYY-MM-DD`` (an argparse type)."""
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            raise ValueError(text)
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date written YYYY-MM-DD (such as 2026-10-09)") from None


def add_report(commands: Commands) -> None:
    """The ``report`` command."""
    report = commands.verb("report", "the stand's day in numbers: visits, games, win rates, hours, faults "
                           "(text, --json, an HTML page to print, CSV); exit 3 when there is nothing to report")
    when = report.add_mutually_exclusive_group()
    when.add_argument("--day", type=iso_date, default=None, metavar="YYYY-MM-DD", help="one day (default today)")
    when.add_argument("--from", dest="start", type=iso_date, default=None, metavar="YYYY-MM-DD",
                      help="first day of a span")
    report.add_argument("--to", dest="end", type=iso_date, default=None, metavar="YYYY-MM-DD",
                        help="last day of a span (default: the --from day, or today)")
    report.add_argument("--json", action="store_true", help="print every figure as JSON")
    report.add_argument("--html", default=None, metavar="OUT.html", help="write a page to print (one A4 page)")
    report.add_argument("--csv", default=None, metavar="OUT.csv", help="write every figure as CSV rows")
    report.add_argument("--lang", choices=("fr", "en"), default="fr", help="the page's language (default fr)")
    report.add_argument("--force", action="store_true", help="replace an existing --html or --csv file")
    report.add_argument("--state", default=None, metavar="DIR",
                        help="the kiosk's state folder (default ~/.local/state/jeux-maths)")
    report.set_defaults(handler=run_report)
