"""The import rules of docs/architecture.md, checked on every module's imports (function-level
imports included: a lazy import is still a dependency)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "kiosk", "hardware", "vision")
#: Third-party modules that only some layers may use.
PYGAME, CV2, SERIAL = "pygame", "cv2", "serial"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def project_modules() -> dict[str, Path]:
    found = {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    found["main"] = ROOT / "main.py"
    return found


def _type_checking_blocks(tree: ast.AST) -> set[int]:
    """ids of the nodes inside ``if TYPE_CHECKING:`` blocks (imports for annotations only)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                inside.update(id(n) for n in ast.walk(child))
    return inside


@cache
def imports_of(name: str, runtime_only: bool = False) -> frozenset[str]:
    """Every module ``name`` imports (absolute names; ``from x import y`` counts as x and x.y);
    ``runtime_only`` leaves out the imports made for type annotations only."""
    tree = ast.parse(project_modules()[name].read_text(encoding="utf-8"))
    skip = _type_checking_blocks(tree) if runtime_only else set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(found)


def layer(name: str) -> str:
    """The layer of a project module (see docs/architecture.md)."""
    parts = name.split(".")
    if name == "main":
        return "main"
    if name in TOOL_WINDOWS:
        return "tools"
    if parts[-1] == "cli":
        return "commands"
    if parts[0] == "games":
        if len(parts) >= 3 and parts[2] in SCREEN_MODULES:
            return "screens"
        return "rules"
    return parts[0]  # kiosk, hardware, vision


#: Modules of a game folder that draw (pygame allowed), and ``scene_parts/``, the package of its
#: scene's parts; everything else in a game folder is pure, but its ``cli.py`` (a command, like
#: every package's).
SCREEN_MODULES = {"scene", "scene_parts", "view", "corner"}

#: Who may import whom (project layers), and which of pygame / cv2 / serial.
ALLOWED = {
    "rules": ({"rules"}, set()),
    "hardware": ({"rules", "hardware"}, {SERIAL}),
    "vision": ({"rules", "vision"}, {CV2}),
    "kiosk": ({"rules", "kiosk"}, {PYGAME}),
    "screens": ({"rules", "kiosk", "screens"}, {PYGAME}),
    "tools": ({"rules", "kiosk", "hardware"}, {PYGAME}),
    "commands": ({"rules", "kiosk", "screens", "tools", "hardware", "vision", "commands"}, {PYGAME, CV2, SERIAL}),
    "main": ({"rules", "kiosk", "screens", "tools", "hardware", "vision", "commands"}, set()),
}
#: Developer tools' windows: they draw device output with the shell's kit (a layer of their own,
#: above hardware and kiosk, that nothing but their command imports).
TOOL_WINDOWS = {"hardware.emulator_window", "hardware.wiring_picture"}


def project_import_target(imported: str) -> str | None:
    modules = project_modules()
    while imported:
        if imported in modules:
            return imported
        imported = imported.rpartition(".")[0]
    return None


def test_every_module_keeps_to_its_layer() -> None:
    problems = []
    for name in sorted(project_modules()):
        own = layer(name)
        layers, libraries = ALLOWED[own]
        for imported in sorted(imports_of(name)):
            top = imported.split(".")[0]
            if top in (PYGAME, CV2, SERIAL) and top not in libraries:
                problems.append(f"{name} ({own}) imports {top}")
            target = project_import_target(imported)
            if target is not None and target != name and layer(target) not in layers:
                problems.append(f"{name} ({own}) imports {target} ({layer(target)})")
    assert not sorted(set(problems)), "\n".join(sorted(set(problems)))


def test_no_import_cycles_between_modules() -> None:
    graph = {
        name: {t for i in imports_of(name, runtime_only=True) if (t := project_import_target(i)) and t != name}
        for name in project_modules()
    }
    # A package's __init__ imported by its own modules is not a cycle worth reporting.
    for name, targets in graph.items():
        targets.discard(name.rpartition(".")[0])
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(" -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, "\n".join(cycles)


def test_no_noqa_hides_an_import_cycle() -> None:
    hidden = [
        f"{path.relative_to(ROOT)}:{k}"
        for path in project_modules().values()
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "noqa" in line and ("cycle" in line or "lazily" in line)
    ]
    assert not hidden, hidden
