"""The command-line kit every package uses (argparse only: no pygame, cv2 or serial here).

``main.py`` finds every module that contributes commands (``games/<game>/cli.py``,
``kiosk/cli.py``, ``hardware/cli.py``, ``vision/cli.py``) and calls its
``register(commands: Commands)``. A module adds parsers with ``commands.verb("led-test", help)``
or ``commands.game_verb("solve", "lewthwaite", help)`` (``python main.py solve lewthwaite``),
sets ``parser.set_defaults(handler=function)``, and handlers return an exit code.

Bad input never gives a traceback: argparse ``type`` functions here check values and bounds
(exit 2 with the option's name), and a handler raises :class:`CliError` for anything argparse
cannot see; ``main.py`` prints its one-line message and exits with its code (2 by default),
before anything was written or changed.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import math
import os
import secrets
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NoReturn, TextIO, TypeVar

T = TypeVar("T")
Handler = Callable[[argparse.Namespace], int]

#: Random seeds: what ``random.Random`` and numpy both accept.
MAX_SEED = 2**32 - 1

VERB_HELP = {
    "play": "play a game on screen (hot-seat or against the computer)",
    "solve": "who wins with perfect play",
    "stats": "statistics of random play",
    "puzzle": "the articles' puzzles (énigmes), generated with their answers",
    "tournament": "computer players against each other",
    "engine": "a JSON-lines protocol so other programs can play against the computer",
}


class CliError(Exception):
    """A user-facing command-line error: printed without a traceback, exit code ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


# --- the command registry ------------------------------------------------------------------------


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line (the usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        """Print ``main.py play awele: error: ... (see --help)`` and exit with code 2."""
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class Commands:
    """The subcommand registry handed to each contributing module's ``register``.

    Parsers made with ``interactive=True`` (commands that open a window) get the options every
    interactive command takes (window, language, LEDs, ``--frames``/``--screenshot``...) from
    the function the shell registers with :meth:`interactive_options`, once every module has
    registered (:meth:`finish`), so that no package imports the shell for them."""

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        self.parser = parser
        self._subparsers = parser.add_subparsers(dest="command", metavar="SUBCOMMAND")
        self._verbs: dict[str, Any] = {}
        self._interactive: list[argparse.ArgumentParser] = []
        self._add_interactive: Callable[[argparse.ArgumentParser], None] | None = None

    def verb(self, name: str, help: str, interactive: bool = False) -> argparse.ArgumentParser:
        """A top-level subcommand ``python main.py NAME``."""
        parser = self._subparsers.add_parser(name, help=help, description=help)
        if interactive:
            self._interactive.append(parser)
        return parser

    def game_verb(self, verb: str, game: str, help: str, interactive: bool = False) -> argparse.ArgumentParser:
        """``python main.py VERB GAME``: one parser per game under a shared verb."""
        if verb not in self._verbs:
            verb_parser = self._subparsers.add_parser(
                verb, help=VERB_HELP.get(verb, verb), description=VERB_HELP.get(verb, verb)
            )
            self._verbs[verb] = verb_parser.add_subparsers(dest="game", metavar="GAME", required=True)
        parser = self._verbs[verb].add_parser(game, help=help, description=help)
        if interactive:
            self._interactive.append(parser)
        return parser

    def has_game_verb(self, verb: str, game: str) -> bool:
        """True once ``python main.py VERB GAME`` was added."""
        return verb in self._verbs and game in self._verbs[verb].choices

    def menu(self, handler: Handler) -> None:
        """What ``python main.py`` does without a subcommand (the shell registers the menu)."""
        self.parser.set_defaults(handler=handler)
        self._interactive.insert(0, self.parser)

    def interactive_options(self, add: Callable[[argparse.ArgumentParser], None]) -> None:
        """The function that adds the interactive options to a parser (the shell's)."""
        self._add_interactive = add

    def finish(self) -> argparse.ArgumentParser:
        """Give every interactive parser its options (and ``opens_window``, True for them, False
        for the others); returns the whole parser."""
        everyone = [self.parser, *(sub for action in self.parser._actions
                                   if isinstance(action, argparse._SubParsersAction) for sub in _all_parsers(action))]
        for parser in everyone:
            parser.set_defaults(opens_window=parser in self._interactive)
        if self._add_interactive is not None:
            for parser in self._interactive:
                self._add_interactive(parser)
        return self.parser


def _all_parsers(action: argparse._SubParsersAction) -> Iterator[argparse.ArgumentParser]:
    """Every parser under a subparsers action, nested ones included."""
    for parser in action.choices.values():
        yield parser
        for inner in parser._actions:
            if isinstance(inner, argparse._SubParsersAction):
                yield from _all_parsers(inner)


def leaf_parser(parser: argparse.ArgumentParser, argv: list[str]) -> tuple[argparse.ArgumentParser, int]:
    """The parser of the subcommand that ``argv`` (starting with its verb) names, and how many
    of its words name it (``play lewthwaite`` -> 2)."""
    current, used = parser, 0
    while used < len(argv):
        sub = next((a for a in current._actions if isinstance(a, argparse._SubParsersAction)), None)
        if sub is None or argv[used] not in sub.choices:
            break
        current = sub.choices[argv[used]]
        used += 1
    return current, used


def move_leading_options(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """Options written before the subcommand (``main.py --lang en play lewthwaite``) are moved
    after the subcommand's name, where argparse reads them, so they are honoured in either
    place (a value given after the name as well wins); one that the subcommand does not take
    is a :class:`CliError` instead of being silently dropped."""
    top = parser._option_string_actions
    verbs = next((a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {})
    i = 0
    names = []
    while i < len(argv) and argv[i].startswith("-") and argv[i] != "--":
        name = argv[i].split("=", 1)[0]
        action = top.get(name)
        if action is None or name in ("-h", "--help"):
            return argv  # argparse reports unknown options and prints help itself
        names.append(name)
        i += 1 if "=" in argv[i] or action.nargs == 0 else 2
    if i == 0 or i >= len(argv) or argv[i] not in verbs:
        return argv
    leading, rest = argv[:i], argv[i:]
    leaf, depth = leaf_parser(parser, rest)
    command = " ".join(rest[:depth])
    for name in names:
        if name not in leaf._option_string_actions:
            raise CliError(
                f"{name} does not apply to '{command}' (see python main.py {command} --help); "
                "options go after the command's name"
            )
    return rest[:depth] + leading + rest[depth:]


# --- output ----------------------------------------------------------------------------------------


def print_json(obj: Any, stream: TextIO | None = None) -> None:
    """Print one JSON object on one line (the ``--json`` output of every command)."""
    stream = stream or sys.stdout
    stream.write(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n")
    stream.flush()


#: The longest name of one file or folder (bytes) and of a whole path that Linux takes.
NAME_MAX = 255
PATH_MAX = 4095


def shown_path(text: str | os.PathLike[str], limit: int = 200) -> str:
    """A path as a one-line message quotes it: control characters escaped, one past ``limit``
    characters (a name over 255 bytes, a runaway path) cut in the middle (``aaaa…aaa.png``), so
    that the sentence stays readable; an ordinary path, however deep, is shown whole, since the
    user must know which file is meant."""
    raw = os.fspath(text)
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in raw)
    return line if len(line) <= limit else f"{line[:limit - 20]}…{line[-19:]}"


def path_problem(text: str | os.PathLike[str]) -> str | None:
    """Why ``text`` cannot name a file at all, before any file system call, or None: empty, a
    NUL byte, a part longer than :data:`NAME_MAX` bytes, or longer than :data:`PATH_MAX` in
    all (the kernel's ENAMETOOLONG). The one check behind every output and input path."""
    raw = os.fspath(text)
    if not raw.strip():
        return "the name is empty: name a file"
    if "\0" in raw:
        return f"'{shown_path(raw)}' holds a NUL character: no file can have that name"
    data = os.fsencode(raw)
    longest = max(len(part) for part in data.split(b"/"))
    if longest > NAME_MAX:
        return (f"'{shown_path(raw)}' is too long a name: {longest} bytes in one part, at most {NAME_MAX} "
                "(name a shorter file)")
    if len(data) > PATH_MAX:
        return f"'{shown_path(raw)}' is too long a path: {len(data)} bytes, at most {PATH_MAX}"
    return None


def link_loop(path: Path) -> bool:
    """True when ``path`` is a symbolic link that leads back to itself (ELOOP)."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def check_output_path(text: str, suffixes: tuple[str, ...] = (".png",)) -> Path:
    """A path a command will write later, checked now so that a bad one fails before the work:
    a name the file system takes (:func:`path_problem`), the right suffix, not a folder nor a
    link that loops, and its folder writable (or creatable in a writable one). Raises
    ``ValueError`` with a one-line reason."""
    problem = path_problem(text)
    if problem:
        raise ValueError(problem)
    path = Path(text)
    if path.suffix.lower() not in suffixes:
        raise ValueError(f"'{shown_path(text)}' must name a {' or '.join(suffixes)} file")
    try:
        if link_loop(path):
            raise ValueError(f"'{shown_path(text)}' is a link that loops (it leads back to itself): remove it or "
                             "name another file")
        if path.is_dir():
            raise ValueError(f"'{shown_path(text)}' is a folder: name a file in it")
        if path.exists() and not os.access(path, os.W_OK):
            raise ValueError(f"'{shown_path(text)}' exists and cannot be overwritten")
        folder = path.parent if str(path.parent) else Path(".")
        while not folder.exists() and not folder.is_symlink():
            folder = folder.parent
        if link_loop(folder):
            raise ValueError(f"cannot write '{shown_path(text)}': '{shown_path(folder)}' is a link that loops")
        if not folder.is_dir():
            raise ValueError(f"cannot write '{shown_path(text)}': '{shown_path(folder)}' is a file, not a folder")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise ValueError(f"cannot write '{shown_path(text)}': the folder '{shown_path(folder)}' is not writable")
    except OSError as exc:  # whatever else the file system says, in one sentence
        raise ValueError(f"cannot write '{shown_path(text)}': {exc.strerror or exc}") from None
    return path


def input_file(what: str) -> Callable[[str], str]:
    """An argparse ``type`` for a file the command will read: it must name an existing regular
    file now (its content is checked when it is used); ``what`` names it in the message."""

    def convert(text: str) -> str:
        problem = path_problem(text)
        if problem:
            raise argparse.ArgumentTypeError(problem)
        try:
            if Path(text).is_dir():
                raise argparse.ArgumentTypeError(f"'{shown_path(text)}' is a folder, not {what}'s file")
            if not Path(text).is_file():
                kind = "a link that loops" if link_loop(Path(text)) else "no such file"
                raise argparse.ArgumentTypeError(f"'{shown_path(text)}': {kind} ({what})")
        except OSError as exc:
            raise argparse.ArgumentTypeError(f"'{shown_path(text)}' cannot be read: {exc.strerror or exc}") from None
        return text

    return convert


def output_path(*suffixes: str) -> Callable[[str], str]:
    """An argparse ``type`` for an output file checked with :func:`check_output_path`."""

    def convert(text: str) -> str:
        try:
            check_output_path(text, suffixes or (".png",))
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return text

    return convert


@contextlib.contextmanager
def atomic_output(path: str | Path) -> Iterator[Path]:
    """Write a file all at once: yields a temporary path beside ``path`` (same suffix, so
    writers that pick the format from it work), renamed over ``path`` only if the block
    succeeds; otherwise ``path`` is left as it was. Creates the folder if needed."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    # Named, not created: the writer creates it with the usual permissions.
    tmp = target.parent / f".{target.stem}.{os.getpid()}.{secrets.token_hex(4)}{target.suffix}"
    try:
        yield tmp
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()


# --- values ------------------------------------------------------------------------------------------


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


def int_in_range(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse ``type`` accepting integers in ``lo..hi`` with a clear message otherwise."""

    def convert(text: str) -> int:
        if len(text) > 30:
            raise argparse.ArgumentTypeError(f"'{text[:20]}...' is out of range {lo}..{hi}")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value} is out of range {lo}..{hi}")
        return value

    return convert


#: ``--seed``: a whole number 0..2**32-1.
seed_value = int_in_range(0, MAX_SEED)


def seconds_in_range(lo: float, hi: float, allow_zero: bool = False) -> Callable[[str], float]:
    """An argparse ``type`` for a duration in seconds: a finite number in ``(lo, hi]``
    (``[0, hi]`` with ``allow_zero``); ``inf`` and ``nan`` are refused."""

    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"'{text}' is not a finite number of seconds")
        low_ok = value >= 0 if allow_zero else value > lo
        if not low_ok or value > hi:
            bounds = f"0..{hi:g}" if allow_zero else f"more than {lo:g} and at most {hi:g}"
            raise argparse.ArgumentTypeError(f"{value:g} seconds is out of range ({bounds})")
        return value

    return convert


#: Seconds a computer player may think per move: more than 0, at most a minute.
MAX_MOVETIME = 60.0
movetime_seconds = seconds_in_range(0.0, MAX_MOVETIME)
#: Any other duration: more than 0, at most a day.
positive_float = seconds_in_range(0.0, 86_400.0)


def float_in_range(lo: float, hi: float, unit: str = "") -> Any:
    """An argparse ``type`` accepting numbers in ``lo..hi`` (``unit`` names them in messages)."""

    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value:g} is out of range {lo:g}..{hi:g}{' ' + unit if unit else ''}")
        return value

    return convert


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


def how_long(seconds: float) -> str:
    """A duration as a person reads it: ``45 s``, ``12 min``, ``3.5 h``."""
    minutes = seconds / 60
    return f"{seconds:.0f} s" if minutes < 2 else f"{minutes:.0f} min" if minutes < 120 else f"{minutes / 60:.1f} h"


def say_how_long(seconds: float, what: str, threshold: float = 10.0) -> None:
    """Tell the person on stderr how long a long computation will take, before it starts."""
    if seconds >= threshold:
        sys.stderr.write(f"{what}: about {how_long(seconds)} (Ctrl+C stops it)\n")
        sys.stderr.flush()
