"""Every command line the guides show runs (issue 27: ``docs/physical.md`` showed a Lightning
command the parser refused, and nobody had tried it).

The command lines are taken from the code blocks of ``README.md`` and ``docs/*.md`` (fenced, or
indented by four spaces). A synopsis is made concrete first: ``[optional parts]`` are dropped,
``a|b`` alternatives give their first, placeholders (``PORT``, ``N``...) a plausible value, a
``# comment`` and a ``> file`` redirection are handled as a shell would. Then each
``python main.py`` line, in the order of its block and in the block's own folder (so a file one
line writes is there for the next):

* **runs** headless, with ``--frames 2`` when it opens a window, and must exit 0;
* or, when it needs what a test machine has not (a webcam, an LED board on a serial port, the
  stand itself) or would take minutes, is **parsed** by the real command line (a dry run: the
  options must all be accepted), for the reason listed in :data:`PARSED_ONLY`.

The ``python main.py ...`` written inline in the running text and the tables (mostly synopses)
are parsed the same way. A line that is not ``python main.py`` must be listed in :data:`NOT_RUN` with its reason and the
check made instead; an unknown one fails, so a new guide line is either run or explained.
"""

from __future__ import annotations

import contextlib
import datetime
import io
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import main
from kiosk.i18n import set_language

ROOT = Path(__file__).resolve().parent.parent
GUIDES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: Subcommands that open a window (no subcommand: the kiosk menu).
WINDOWED = {"play", "demo", "science", "rules", "calibrate", None}

#: Placeholders of synopsis lines and what stands for them.
PLACEHOLDERS = {"N": "25", "PORT": "/dev/ttyUSB0", "B": "115200", "S": "1", "F": "leds.json", "G": "lewthwaite",
                "P": "adalight", "PATH": "/tmp/ttyLEDS", "T": "1", "K": "2", "/dev/pts/N": "/dev/pts/9",
                "GAME": "lewthwaite", "L": "random", "LEVEL": "random", "KIND": "random", "R": "5", "C": "5",
                "r,c": "2,2", "SECONDS": "1", "WxH": "1280x720"}

#: (pattern, reason): lines only parsed, never run here.
PARSED_ONLY = [
    (r"--camera [0-9]\b", "needs a webcam"),
    (r"--physical(?!.*--camera)", "needs a webcam (camera 0 by default)"),
    (r"(--port|--led-port) (/dev/|/tmp/ttyLEDS)", "needs an LED board or the emulator's pseudo-terminal"),
    (r"^led-emulator\b", "a window that runs until it is closed, serving a pseudo-terminal"),
    (r"^tournament\b", "plays 40 games (minutes); the benches run it"),
    (r"^doctor\b", "probes the stand's camera and LED board: exits 1 on a machine without them"),
]

#: (pattern, reason, check): lines that are not ``python main.py``, and what is checked instead.
NOT_RUN = [
    (r"^make (run|test)\b", "make test is this suite; make run opens the kiosk until closed",
     "the Makefile has the target"),
    (r"^python3\.11 -m venv .*pip install bpy", "installs Blender's Python module (network, minutes)",
     "nothing: an installation step"),
    (r"^\.venv/bin/python bench/photoreal/", "renders or reads the photoreal set (minutes)",
     "the script's --help runs"),
]


@dataclass(frozen=True)
class Command:
    """One command line of a guide: where it is, its words, and its block."""

    source: str
    line: int
    block: int
    text: str

    @property
    def id(self) -> str:
        return f"{self.source}:{self.line}"


def _blocks(text: str) -> list[list[tuple[int, str]]]:
    """The code blocks of a Markdown text: (line number, line) lists, continuation lines joined."""
    blocks: list[list[tuple[int, str]]] = []
    fenced = False
    current: list[tuple[int, str]] | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip().startswith("```"):
            fenced = not fenced
            current = [] if fenced else None
            if current is not None:
                blocks.append(current)
            continue
        indented = not fenced and line.startswith("    ") and line.strip()
        if fenced or indented:
            if current is None:
                current = []
                blocks.append(current)
            if current and current[-1][1].endswith("\\"):
                current[-1] = (current[-1][0], current[-1][1][:-1] + " " + line.strip())
            elif line.strip():
                current.append((number, line.strip()))
        elif line.strip():
            current = None
    return blocks


def guide_commands() -> list[Command]:
    """Every command line in the guides' code blocks (trees, tables and output excluded)."""
    found = []
    for path in GUIDES:
        for k, block in enumerate(_blocks(path.read_text(encoding="utf-8"))):
            for number, line in block:
                if re.match(r"^(python3?(\.\d+)? |\.venv/bin/python |make |pip )", line):
                    found.append(Command(path.relative_to(ROOT).as_posix(), number, k, line))
    return found


def concrete(text: str) -> tuple[list[str], str | None]:
    """A guide's line as words to run after ``main.py``, and the file a ``>`` writes to."""
    text = re.sub(r"\s+#.*$", "", text).replace("\\|", "|")
    text = re.sub(r"\(([^()|]*?)\s*\|[^()]*\)", r"\1", text)  # "(--exact | --games K)": the first
    while re.search(r"\[[^\[\]]*\]", text):
        text = re.sub(r"\s*\[[^\[\]]*\]", "", text)
    target = None
    if " > " in text:
        text, target = (part.strip() for part in text.split(" > ", 1))
    text = re.sub(r"(\S+)( \| \S+)+", r"\1", text)  # "juniper | awele | lightning"
    words = [PLACEHOLDERS.get(word, word) for word in shlex.split(text)]
    words = [word.split("|")[0] if "|" in word and not word.startswith("-") else word for word in words]
    return words[2:] if words[:2] == ["python", "main.py"] else words, target


def _subcommand(words: list[str]) -> str | None:
    return next((w for w in words if not w.startswith("-")), None)


def _parsed_only(words: list[str]) -> str | None:
    line = " ".join(words)
    return next((reason for pattern, reason in PARSED_ONLY if re.search(pattern, line)), None)


COMMANDS = guide_commands()
MAIN_BLOCKS = sorted({(c.source, c.block) for c in COMMANDS if c.text.startswith("python main.py")})


@pytest.fixture(scope="module")
def props(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files guide lines name without making them: a photo of each game's board (``read-board
    photo.jpg --game G`` reads G's) and a game's record."""
    folder = tmp_path_factory.mktemp("props")
    with contextlib.redirect_stdout(io.StringIO()):
        for game in ("lewthwaite", "lightning"):
            assert main.main(["synthetic-photo", game, "--seed", "3", "--out", str(folder / f"photo-{game}.jpg")]) == 0
        assert main.main(["play", "lewthwaite", "--physical", "--camera", "synthetic", "--record",
                          str(folder / "game.jsonl"), "--frames", "30", "--mute"]) == 0
    set_language("fr")
    return folder


def test_the_guides_show_commands_and_each_is_run_parsed_or_explained() -> None:
    assert len(COMMANDS) > 30
    for command in COMMANDS:
        if command.text.startswith("python main.py"):
            continue
        listed = [entry for entry in NOT_RUN if re.search(entry[0], command.text)]
        assert listed, f"{command.id}: {command.text!r} is neither run nor listed in NOT_RUN"


@pytest.mark.parametrize(("source", "block"), MAIN_BLOCKS, ids=[f"{s}#{b}" for s, b in MAIN_BLOCKS])
def test_every_main_command_of_a_guide_block_works(source: str, block: int, props: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # The block's lines in order, in one folder, HOME and the XDG folders inside it.
    for prop in props.iterdir():
        shutil.copy(prop, tmp_path / prop.name)
    monkeypatch.chdir(tmp_path)
    for name, value in (("HOME", tmp_path), ("XDG_CONFIG_HOME", tmp_path / ".config"),
                        ("XDG_STATE_HOME", tmp_path / ".state")):
        monkeypatch.setenv(name, str(value))
    parser = main.build_parser()
    for command in (c for c in COMMANDS if (c.source, c.block) == (source, block)):
        if not command.text.startswith("python main.py"):
            continue
        words, target = concrete(command.text)
        if _parsed_only(words) is not None:
            try:
                parser.parse_args(main.move_leading_options(parser, words))
            except SystemExit as exc:
                pytest.fail(f"{command.id}: {command.text!r} is refused by the command line ({exc})")
            continue
        if _subcommand(words) == "report":  # the days it reads: the guide's week, and today
            _day_records()
        if _subcommand(words) == "read-board":  # the photo of the game it names
            game = words[words.index("--game") + 1]
            shutil.copy(props / f"photo-{game}.jpg", tmp_path / words[words.index("read-board") + 1])
        if _subcommand(words) in WINDOWED and "--frames" not in words:
            words += ["--frames", "2", "--mute"]
        out = io.StringIO()
        with contextlib.redirect_stdout(out), _stdin(""):
            try:
                code = main.main(words)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 2
        set_language("fr")
        assert code == 0, f"{command.id}: {command.text!r} exited {code}"
        if target is not None:
            path = Path(target).expanduser()
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(out.getvalue(), encoding="utf-8")


def _day_records() -> None:
    """Day records in the kiosk's state folder: the week of 5 to 11 October 2026 the guide's
    ``report`` lines name, and today."""
    from kiosk import daybook
    from kiosk.storage import state_dir
    from tests.synthetic_days import write_week

    folder = state_dir() / daybook.FOLDER
    if not folder.exists():
        write_week(folder, (2026, 10, 5), games=70)
        today = datetime.date.today()  # clock(date): the guide's report reads today's records
        write_week(folder, (today.year, today.month, today.day), games=10, days=1)


@contextlib.contextmanager
def _stdin(text: str):  # noqa: ANN202 - a context manager
    saved, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = saved


def inline_commands() -> list[Command]:
    """``python main.py ...`` in the guides' running text and tables (synopses: parsed only)."""
    found = []
    for path in GUIDES:
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            for text in re.findall(r"`(python main\.py[^`]*)`", line):
                if "SUBCOMMAND" not in text:
                    found.append(Command(path.relative_to(ROOT).as_posix(), number, -1, text))
    return found


INLINE = inline_commands()


@pytest.mark.parametrize("command", INLINE, ids=[c.id for c in INLINE])
def test_every_command_in_the_guides_text_is_accepted(command: Command) -> None:
    # A dry run: the real command line accepts every option the guide shows.
    parser = main.build_parser()
    words, _target = concrete(command.text)
    try:
        parser.parse_args(main.move_leading_options(parser, words))
    except SystemExit as exc:
        pytest.fail(f"{command.id}: {command.text!r} is refused by the command line ({exc})")


def test_the_lines_not_run_get_their_check() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    scripts = set()
    for command in COMMANDS:
        if command.text.startswith("make "):
            target = command.text.split()[1]
            assert re.search(rf"^{target}:", makefile, re.M), f"{command.id}: no '{target}' in the Makefile"
        match = re.search(r"(bench/photoreal/\S+\.py)", command.text)
        if match:
            scripts.add(match.group(1))
    for script in sorted(scripts):
        done = subprocess.run([sys.executable, script, "--help"], cwd=ROOT, capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, f"{script} --help: {done.stderr[-300:]}"
