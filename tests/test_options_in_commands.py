"""The command line is read in the commands and nowhere else (issue 42): the argparse namespace
is read by the commands layer (``cli.py``, ``*_cli.py``: see tests/test_architecture.py) and
``main.py``, which hand everything below typed option records (``EngineOptions``,
``TournamentOptions``, ``TableOptions``, ``AppOptions``, a game's own). Below them no module
imports argparse, names ``Namespace``, parses a command line or probes ``args``."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_architecture import ROOT, layer, project_modules
from tests.test_typed_joins import counter

#: Modules below the commands that may still import argparse, each with its reason.
ARGPARSE_ALLOWED = {
    # The CLI kit every command uses: the Parser class, the verbs' registry, the `type`
    # checkers; it types a command's handler (`Handler`) and reads no namespace.
    "games.cliutil": "the commands' kit",
    # A developer tool run as `python -m hardware.wiring_picture`: its own entry point, like main.py.
    "hardware.wiring_picture": "its own entry point",
}
#: Modules below the commands that may name ``Namespace`` (never to read one).
NAMESPACE_ALLOWED = {"games.cliutil": "Handler = Callable[[argparse.Namespace], int], the type of a command"}
#: Modules below the commands that parse a command line of their own.
PARSE_ALLOWED = {"hardware.wiring_picture": "its own entry point"}


def reads_the_command_line(name: str) -> bool:
    """True for the modules that may read the namespace: the commands and main."""
    return layer(name) in ("commands", "main")


def command_line_uses(path: Path) -> dict[str, list[int]]:
    """Where a module imports argparse, names ``Namespace`` or parses a command line, by kind."""
    found: dict[str, list[int]] = {"argparse": [], "Namespace": [], "parse": []}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import | ast.ImportFrom) and "argparse" in {
                (a.name if isinstance(node, ast.Import) else node.module or "").split(".")[0] for a in node.names}:
            found["argparse"].append(node.lineno)
        elif (isinstance(node, ast.Name) and node.id == "Namespace") or (
                isinstance(node, ast.Attribute) and node.attr == "Namespace"):
            found["Namespace"].append(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "Namespace" in node.value \
                and "argparse" in node.value and len(node.value) < 80:
            found["Namespace"].append(node.lineno)  # a quoted annotation: "argparse.Namespace"
        elif isinstance(node, ast.Attribute) and node.attr in ("parse_args", "parse_known_args",
                                                               "parse_intermixed_args"):
            found["parse"].append(node.lineno)
    return found


def misplaced(modules: dict[str, Path]) -> list[str]:
    """Every use of the command line outside the commands and main, not allowed by name."""
    allowed = {"argparse": ARGPARSE_ALLOWED, "Namespace": NAMESPACE_ALLOWED, "parse": PARSE_ALLOWED}
    problems = []
    for name, path in sorted(modules.items()):
        if reads_the_command_line(name):
            continue
        for kind, lines in command_line_uses(path).items():
            if lines and name not in allowed[kind]:
                problems.append(f"{name}: {kind} on line {', '.join(map(str, lines))}")
    return problems


def test_only_the_commands_read_the_command_line() -> None:
    assert misplaced(project_modules()) == [], (
        "read the options in the command's cli.py into a typed record, and hand the record down")


def test_no_probe_on_the_namespace_outside_the_commands() -> None:
    # getattr(args, ...) with a default hides a missing option; below the commands there is no
    # namespace to probe at all.
    probes = counter().probes(ROOT)["argparse"]
    outside = [where for where in probes if layer(where.split(":")[0].removesuffix(".py").replace("/", "."))
               not in ("commands", "main")]
    assert outside == []


def test_the_allowances_are_still_needed() -> None:
    modules = project_modules()
    uses = {name: command_line_uses(modules[name]) for name in
            {*ARGPARSE_ALLOWED, *NAMESPACE_ALLOWED, *PARSE_ALLOWED}}
    assert [n for n in ARGPARSE_ALLOWED if not uses[n]["argparse"]] == []
    assert [n for n in NAMESPACE_ALLOWED if not uses[n]["Namespace"]] == []
    assert [n for n in PARSE_ALLOWED if not uses[n]["parse"]] == []


def test_the_check_sees_a_namespace_read_below_the_commands(tmp_path: Path) -> None:
    # The check itself can fail: a pure module reading a namespace is seen, a command is not.
    engine = tmp_path / "engine.py"
    engine.write_text("import argparse\n\ndef serve(args: argparse.Namespace) -> int:\n    return args.level\n")
    command = tmp_path / "cli.py"
    command.write_text(engine.read_text())
    parse = tmp_path / "tool.py"
    parse.write_text("def main(parser):\n    return parser.parse_args()\n")
    quoted = tmp_path / "quoted.py"
    quoted.write_text("def f(args: 'argparse.Namespace') -> None:\n    pass\n")
    assert misplaced({"games.engine": engine, "games.cli": command, "kiosk.tool": parse,
                      "vision.quoted": quoted}) == [
        "games.engine: argparse on line 1",
        "games.engine: Namespace on line 3",
        "kiosk.tool: parse on line 2",
        "vision.quoted: Namespace on line 1",
    ]
