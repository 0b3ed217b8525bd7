"""No test depends on how busy the machine is (issue 42): every sleep, wall-clock or CPU-clock
read and short real-time bound in ``tests/`` (and ``conftest.py``) is found from the source and
must say why it cannot make a test pass or fail by the machine's load.

What counts (AST, nothing imported):

* a reference to a clock or a sleep of :mod:`time` (``time.sleep``, ``time.time``,
  ``time.monotonic``, ``time.perf_counter``, ``time.thread_time``, ``time.process_time``, their
  ``_ns`` forms, ``time.clock_gettime``), by attribute or imported by name;
* ``datetime.now``/``utcnow``/``today`` and ``date.today`` (by any module alias);
* ``pygame.time``'s ``Clock``, ``get_ticks``, ``wait`` and ``delay``;
* a short real-time bound: a ``timeout=``/``write_timeout=`` keyword, or the positional argument
  of ``.wait``/``.join``/``.acquire``/``.result``, that is a number below
  :data:`tests.waiting.CEILING` (a name such as ``CEILING`` is fine). ``self.wait(...)`` in a
  file whose classes define ``wait`` (the scripted visitor's game-time wait) and
  ``clock.wait(...)`` (a fake clock's) are the tests' own fakes, not real waits;
* a duration the product measured, compared: an ordering (``<``, ``<=``, ``>``, ``>=``) with an
  attribute named ``seconds`` or ``elapsed`` (``player.info.seconds < 1.0`` timed a search on
  the wall clock).

Each must carry a tag on its line or on the comment line just above it, ``# clock(KIND): why``,
KIND one of :data:`KINDS`. Anything else is rewritten: drive the screen by game time, wait on the
thing awaited (:func:`tests.waiting.until`), inject a clock into the product, or move the
measurement to ``bench/`` (``@pytest.mark.bench``).

    .venv/bin/python tests/test_suite_hygiene.py    # the count by kind, and every untagged site
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as a script: make ``tests`` importable
    sys.path.insert(0, str(ROOT))

from tests.waiting import CEILING  # noqa: E402

#: Why a clock read may stay in a test: the kinds a tag may name.
KINDS = {
    "wait": "a bounded wait (at least CEILING) that polls the thing awaited: load only lengthens it",
    "cpu": "a CPU-time budget (thread or process time): load stretches the wall clock, not the work",
    "date": "reads today's date as data (what the product files under today); never an elapsed time",
    "realtime": "the real-time path on purpose (paced threads as the kiosk runs them, bench/'s 60 frames a "
                "second); what a test judges is awaited within a bound of at least CEILING",
    "report": "a wall-clock figure recorded for bench/'s reports and failure messages, never judged in a test",
    "passed": "a deadline already passed or never reached, by construction: no race with the clock",
    "fake": "a duration on a clock the test drives (given to the product): no wall time in it",
}

TIME_FUNCTIONS = {"sleep", "time", "monotonic", "perf_counter", "thread_time", "process_time"}
TIME_NAMES = TIME_FUNCTIONS | {f"{name}_ns" for name in TIME_FUNCTIONS - {"sleep"}} | {"clock_gettime"}
DATE_NOW = {"now", "utcnow", "today"}
PYGAME_TIME = {"Clock", "get_ticks", "wait", "delay"}
TIMEOUT_KEYWORDS = {"timeout", "write_timeout"}
TIMEOUT_METHODS = {"wait", "join", "acquire", "result"}
DURATIONS = {"seconds", "elapsed"}
ORDERINGS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
TAG = re.compile(r"#\s*clock\((\w+)\):\s*(\S.*)")


@dataclass(frozen=True)
class Site:
    """One clock read, sleep or short bound: where, what, and its tag's kind (None: untagged)."""

    path: str
    line: int
    what: str
    kind: str | None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}" + (f" [{self.kind}]" if self.kind else "")


def _short(value: ast.expr) -> bool:
    """A number below the ceiling (a name or an expression of names is the test's own choice)."""
    try:
        number = ast.literal_eval(value)
    except ValueError:
        return False
    return isinstance(number, int | float) and number < CEILING


def _fake(func: ast.Attribute, own_methods: set[str]) -> bool:
    """A call on a fake of the tests' own, not on a thread, event or lock: ``self.wait(...)`` in a
    class of this file that defines ``wait``, or ``clock.wait(...)`` on a fake clock (no real
    clock has a ``wait``)."""
    receiver = func.value
    name = ""
    if isinstance(receiver, ast.Name):
        name = receiver.id
    elif isinstance(receiver, ast.Attribute):
        name = receiver.attr
    return (name == "self" and func.attr in own_methods) or "clock" in name.lower()


def _what(node: ast.expr, imported: dict[str, str], own_methods: set[str]) -> str | None:
    """What ``node`` reads or waits for, or None if it is none of the things counted."""
    if isinstance(node, ast.Attribute):
        base = node.value
        if isinstance(base, ast.Name) and base.id == "time" and node.attr in TIME_NAMES:
            return f"time.{node.attr}"
        if node.attr in DATE_NOW and ((isinstance(base, ast.Name) and base.id in ("datetime", "date"))
                                      or (isinstance(base, ast.Attribute) and base.attr in ("datetime", "date"))):
            return f"date.{node.attr}"
        if (node.attr in PYGAME_TIME and isinstance(base, ast.Attribute) and base.attr == "time"
                and isinstance(base.value, ast.Name) and base.value.id == "pygame"):
            return f"pygame.time.{node.attr}"
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in imported:
        return f"time.{imported[node.id]}"
    if isinstance(node, ast.Call):
        for keyword in node.keywords:
            if keyword.arg in TIMEOUT_KEYWORDS and _short(keyword.value):
                return f"{keyword.arg}={ast.unparse(keyword.value)}"
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr in TIMEOUT_METHODS and node.args
                and not isinstance(func.value, ast.Constant) and not _fake(func, own_methods)
                and _short(node.args[-1])):
            return f".{func.attr}({ast.unparse(node.args[-1])})"
    if isinstance(node, ast.Compare) and any(isinstance(op, ORDERINGS) for op in node.ops):
        for side in [node.left, *node.comparators]:
            if isinstance(side, ast.Attribute) and side.attr in DURATIONS:
                return f"duration .{side.attr} compared"
    return None


def scan(path: Path, root: Path) -> list[Site]:
    """Every counted site of one file, with its tag."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    imported = {alias.asname or alias.name: alias.name for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module == "time"
                for alias in node.names if alias.name in TIME_NAMES}
    own_methods = {item.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                   for item in node.body if isinstance(item, ast.FunctionDef)}
    sites = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.expr):
            continue
        what = _what(node, imported, own_methods)
        if what is None:
            continue
        line = node.lineno
        said = [lines[line - 1]] + ([lines[line - 2]] if line > 1 and lines[line - 2].strip().startswith("#") else [])
        tags = [m.group(1) for text in said if (m := TAG.search(text))]
        sites.append(Site(path.relative_to(root).as_posix(), line, what, tags[0] if tags else None))
    return sorted(sites, key=lambda s: (s.path, s.line, s.what))


def sites(root: Path = ROOT) -> list[Site]:
    """Every counted site in ``root``'s ``tests/`` and ``conftest.py``."""
    files = sorted((root / "tests").rglob("*.py")) + [p for p in [root / "conftest.py"] if p.exists()]
    return [site for path in files for site in scan(path, root)]


def test_every_sleep_clock_read_and_short_bound_in_the_tests_says_why() -> None:
    untagged = [str(s) for s in sites() if s.kind is None]
    assert untagged == [], ("wait on the thing awaited (tests.waiting.until), drive by game time, inject a "
                            "clock, move the measurement to bench/, or tag it '# clock(KIND): why' "
                            f"({', '.join(KINDS)}):\n" + "\n".join(untagged))


def test_every_tag_names_a_known_kind() -> None:
    assert [str(s) for s in sites() if s.kind is not None and s.kind not in KINDS] == []


def test_the_scanner_sees_each_kind_of_site_and_reads_its_tag(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(
        "import time, threading, datetime as dt, pygame\n"
        "from time import monotonic as mono\n"
        "class Fake:\n"
        "    def wait(self, seconds): self.wait(seconds)\n"
        "def test():\n"
        "    time.sleep(0.5)\n"
        "    started = mono()\n"
        "    threading.Event().wait(2)\n"
        "    thread.join(timeout=3)\n"
        "    fake_clock.wait(1.0)\n"
        "    thread.join(CEILING)\n"
        "    dt.date.today()\n"
        "    pygame.time.get_ticks()\n"
        "    # clock(cpu): CPU time\n"
        "    spent = time.thread_time()\n"
        "    lock.acquire(timeout=60)\n"
        "    assert player.info.seconds < 1.0\n")
    found = [(s.line, s.what, s.kind) for s in sites(tmp_path)]
    assert found == [(6, "time.sleep", None), (7, "time.monotonic", None), (8, ".wait(2)", None),
                     (9, "timeout=3", None), (12, "date.today", None), (13, "pygame.time.get_ticks", None),
                     (15, "time.thread_time", "cpu"), (17, "duration .seconds compared", None)]


if __name__ == "__main__":
    every = sites()
    print(Counter(s.kind or "untagged" for s in every))
    print("\n".join(str(s) for s in every if s.kind is None))
