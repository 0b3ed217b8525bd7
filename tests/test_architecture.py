"""The import rules of docs/architecture.md, checked on every module's imports: function-level
ones (a lazy import is still a dependency) and the ones under ``if TYPE_CHECKING:`` (an
annotation is one too: a scene typed by the concrete App depends on it)."""

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


@cache
def imports_of(name: str) -> frozenset[str]:
    """Every module ``name`` imports, at module level, inside functions or for annotations only
    (absolute names; ``from x import y`` counts as x and x.y)."""
    tree = ast.parse(project_modules()[name].read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
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
    if parts[-1] == "cli" or parts[-1].endswith("_cli"):
        return "commands"  # a package's cli.py, and a command's own module (kiosk/report_cli.py)
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


def import_graph() -> dict[str, set[str]]:
    """Project module -> the project modules it imports (itself and its own package left out:
    a package's ``__init__`` imported by its modules is not a circle worth reporting)."""
    graph = {
        name: {t for i in imports_of(name) if (t := project_import_target(i)) and t != name}
        for name in project_modules()
    }
    for name, targets in graph.items():
        targets.discard(name.rpartition(".")[0])
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected components of more than one
    module (Tarjan's algorithm), each sorted, so one report names every module of a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(found)


def test_circles_finds_every_module_of_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e2"}, "e2": {"e"}}
    assert circles(graph) == [["a", "b", "c"], ["e", "e2"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_between_modules() -> None:
    """Counting every import (lazy ones and the ones for annotations only): a circle hidden
    behind ``TYPE_CHECKING`` is still a circle for whoever reads or changes the code."""
    found = circles(import_graph())
    assert not found, "\n".join(f"{len(c)} modules: {', '.join(c)}" for c in found)


def test_the_layers_themselves_form_no_circle() -> None:
    """The known layers (``ALLOWED``) import each other one way only; with
    :func:`test_every_module_keeps_to_its_layer`, no circle can pass between packages."""
    layers = {own: {other for other in allowed if other != own} for own, (allowed, _) in ALLOWED.items()}
    assert circles(layers) == []


#: Who builds or drives the concrete application: commands and main (they open it), the runner
#: (it wires the home screen) and the warm-up (it draws unseen on the app's own screen). Every
#: scene gets a ``kiosk.host.Host`` instead.
APP_BUILDERS = {"kiosk.runner", "kiosk.warmup"}
#: merge: scenes still typed by App in files other helpers are rewriting (a two-line change each:
#: ``from kiosk.host import Host`` and ``app: Host``); the lead empties this set after the merge.
APP_USERS_LEFT: set[str] = set()


def test_only_the_app_builders_import_the_app() -> None:
    users = {
        name for name in project_modules()
        if name != "kiosk.app" and any(project_import_target(i) == "kiosk.app" for i in imports_of(name))
    }
    allowed = APP_BUILDERS | APP_USERS_LEFT | {n for n in users if layer(n) in ("commands", "main")}
    assert sorted(users - allowed) == []
    assert sorted(APP_USERS_LEFT - users) == [], "typed by Host now: take them off APP_USERS_LEFT"


def test_no_noqa_hides_an_import_cycle() -> None:
    hidden = [
        f"{path.relative_to(ROOT)}:{k}"
        for path in project_modules().values()
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "noqa" in line and ("cycle" in line or "lazily" in line)
    ]
    assert not hidden, hidden
