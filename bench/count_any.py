"""Count what issue 42 measures at the typed joins: ``Any`` in signatures, ``Any`` at the device,
table and options joins and at the game boundary, and ``hasattr``/``getattr`` probes.

    .venv/bin/python bench/count_any.py            # this tree
    .venv/bin/python bench/count_any.py --root DIR # another checkout (e.g. an older commit's)
    .venv/bin/python bench/count_any.py --json     # one JSON object
    .venv/bin/python bench/count_any.py --list     # also every probe on our own objects, file:line

Definitions (AST only, nothing imported):

* a *signature* is a ``def``; it "has Any" when a parameter's or the return's annotation names
  ``Any`` (``typing.Any``). Files: ``main.py``, ``games/``, ``kiosk/``, ``hardware/``, ``vision/``.
* a *join*'s ``Any`` count is every ``Any`` named in an annotation (parameters, returns,
  annotated attributes) and in a type alias (a module-level ``Name = <type>`` whose value names
  ``Any``) inside the definitions :data:`JOINS` lists (``*``: the whole module).
* a *probe* is a call to ``hasattr(x, "name")`` or ``getattr(x, "name"[, default])``. It is a
  library feature check when its line, or the comment line just above it, says ``library:``
  (why: what the library may lack); on the argparse namespace when it reads ``args``; else it
  is a probe on our own objects, and each must say why on its line or the line above
  (``probe:``).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
from pathlib import Path

PACKAGES = ("games", "kiosk", "hardware", "vision")
EXCLUDE = ("hardware/firmware",)
ALL = "*"

#: The joins of issue 42: file -> the definitions that make the join (``*``: all of it).
JOINS: dict[str, dict[str, object]] = {
    "devices": {
        "kiosk/devices.py": ALL,
        "games/ports.py": ALL,
        "games/effects.py": ["Message", "Subscriber", "EffectBus"],
        "main.py": ["Camera", "open_devices"],
        "games/physical.py": ["TableCamera", "LiveBoard", "LiveReading", "StableView", "TableFeed", "camera_problem",
                              "unsure_cells"],
        "kiosk/operator.py": ["camera_status", "describe_camera", "describe_leds", "DeviceStatus"],
        "kiosk/doctor.py": ["describe_camera", "CameraProbe", "check_cameras"],
        "kiosk/chronicle.py": ["Chronicle.after_frame"],
        "hardware/system.py": ["LedSystem.__call__", "LedSystem.led_status", "LedSystem.close"],
        "vision/table.py": ["CameraOpener"],
    },
    "table": {
        "kiosk/physical.py": ALL,
        "kiosk/table_mode.py": ALL,
        "games/physical.py": ["Feed", "PhysicalSession", "RecordFeed"],
    },
    "options": {
        "kiosk/options.py": ALL,
        "kiosk/runner.py": ALL,
        "kiosk/cli.py": ["app_options", "is_kiosk_start"],
        "kiosk/app.py": ["AppOptions", "options_from_args"],
        "games/physical.py": ["TableOptions", "replayed_match"],
        "games/physical_cli.py": ALL,
        "games/engine.py": ["EngineOptions", "EngineSpec"],
        "games/engine_cli.py": ["OwnFlags", "NO_FLAGS", "engine_options", "engine_args", "register_engine"],
        "games/tournament.py": ["TournamentOptions", "TournamentSpec", "run_tournament_command"],
        "games/tournament_cli.py": ["tournament_options", "register_tournament"],
    },
}

#: The game boundary, screen side: what the kiosk hands a game's screens and what they hand
#: back (the registry's records, the scenes' constructors and factories).
BOUNDARY_FILES = ("games/contract.py", "games/registry.py", "kiosk/screens.py", "kiosk/table_mode.py", "kiosk/host.py")
BOUNDARY_NAMES = ("make_scene", "make_demo_scene", "make_science_scene", "resume", "new_match", "draw_icon")


def python_files(root: Path) -> list[Path]:
    """The project's modules under ``root``."""
    found = [root / "main.py"] if (root / "main.py").exists() else []
    for package in PACKAGES:
        found += sorted(p for p in (root / package).rglob("*.py")
                        if not any(p.relative_to(root).as_posix().startswith(e) for e in EXCLUDE))
    return found


def anys(node: ast.AST | None) -> int:
    """How many times ``Any`` is named in ``node``."""
    if node is None:
        return 0
    total = 0
    for n in ast.walk(node):
        if (isinstance(n, ast.Name) and n.id == "Any") or (isinstance(n, ast.Attribute) and n.attr == "Any"):
            total += 1
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and "Any" in n.value:
            # A quoted annotation ("dict[str, Any]"), not a name that starts with Any.
            with contextlib.suppress(SyntaxError):
                total += anys(ast.parse(n.value, mode="eval"))
    return total


def signature_anys(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """``Any`` in a function's parameters' and return's annotations."""
    args = fn.args
    params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return sum(anys(p.annotation) for p in params if p is not None) + anys(fn.returns)


def annotation_anys(node: ast.AST) -> int:
    """``Any`` in every annotation inside ``node`` (signatures, annotated names) and in the type
    aliases it defines (a ``Name = value`` whose value names ``Any`` and whose name is capitalised)."""
    total = 0
    for n in ast.walk(node):
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef):
            total += signature_anys(n)
        elif isinstance(n, ast.AnnAssign):
            total += anys(n.annotation)
        elif isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) \
                and n.targets[0].id[:1].isupper() and not n.targets[0].id.isupper():
            total += anys(n.value)
    return total


def definitions(tree: ast.Module) -> dict[str, ast.AST]:
    """Top-level definitions and class members, by qualified name (``Class.method``)."""
    found: dict[str, ast.AST] = {}
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        for name in names:
            found[name] = node
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if isinstance(member, ast.FunctionDef | ast.AsyncFunctionDef):
                    found[f"{node.name}.{member.name}"] = member
    return found


def join_anys(root: Path) -> dict[str, int]:
    """``Any`` at each join of :data:`JOINS`."""
    counts: dict[str, int] = {}
    for join, files in JOINS.items():
        total = 0
        for name, wanted in files.items():
            path = root / name
            if not path.exists():
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            if wanted == ALL:
                total += annotation_anys(tree)
                continue
            defs = definitions(tree)
            assert isinstance(wanted, list)
            total += sum(annotation_anys(defs[d]) for d in wanted if d in defs)
        counts[join] = total
    return counts


def boundary_anys(root: Path) -> int:
    """``Any`` at the game boundary's screen side (:data:`BOUNDARY_FILES`, and in each game's
    ``scene.py``/``corner.py`` the factories of :data:`BOUNDARY_NAMES` and every class's
    ``__init__``)."""
    total = 0
    for name in BOUNDARY_FILES:
        path = root / name
        if path.exists():
            total += annotation_anys(ast.parse(path.read_text(encoding="utf-8")))
    for path in sorted((root / "games").glob("*/*.py")):
        if path.stem not in ("scene", "corner"):
            continue
        defs = definitions(ast.parse(path.read_text(encoding="utf-8")))
        for qualified, node in defs.items():
            if qualified in BOUNDARY_NAMES or qualified.endswith(".__init__"):
                total += annotation_anys(node)
    return total


def probes(root: Path) -> dict[str, list[str]]:
    """Every ``hasattr``/``getattr`` probe, as ``file:line``, by kind: ``library``, ``argparse``,
    ``own`` (with a ``probe:`` reason), ``unexplained`` (on our own objects, no reason)."""
    found: dict[str, list[str]] = {"library": [], "argparse": [], "own": [], "unexplained": []}
    for path in python_files(root):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("hasattr", "getattr") and len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant)):
                continue  # getattr(x, name_variable) is a lookup by a name we hold, not a probe
            line = lines[node.lineno - 1]
            above = lines[node.lineno - 2].strip() if node.lineno >= 2 else ""
            said = line + (above if above.startswith("#") else "")
            where = f"{path.relative_to(root).as_posix()}:{node.lineno}"
            target = node.args[0]
            if "library:" in said:
                found["library"].append(where)
            elif isinstance(target, ast.Name) and target.id == "args":
                found["argparse"].append(where)
            elif "probe:" in said:
                found["own"].append(where)
            else:
                found["unexplained"].append(where)
    return found


def measure(root: Path) -> dict[str, object]:
    """Everything this script counts, for the tree at ``root``."""
    signatures = with_any = 0
    aliases: list[str] = []
    for path in python_files(root):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                signatures += 1
                with_any += signature_anys(node) > 0
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and isinstance(node.value, ast.Name) and node.value.id == "Any":
                aliases.append(f"{path.relative_to(root).as_posix()}:{node.targets[0].id}")
    found = probes(root)
    return {
        "signatures": signatures,
        "signatures_with_any": with_any,
        "aliases_of_any": aliases,
        "join_any": join_anys(root),
        "boundary_any": boundary_anys(root),
        "probes": {kind: len(where) for kind, where in found.items()},
        "probes_on_our_objects": len(found["own"]) + len(found["unexplained"]),
        "probe_list": found,
    }


def main() -> int:
    """Print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--list", action="store_true", help="list the probes on our own objects")
    options = parser.parse_args()
    found = measure(options.root)
    listing = found.pop("probe_list")
    if options.json:
        print(json.dumps({**found, **({"probe_list": listing} if options.list else {})}, indent=1))
        return 0
    print(f"signatures with Any: {found['signatures_with_any']} of {found['signatures']}")
    print(f"aliases of Any: {', '.join(found['aliases_of_any']) or 'none'}")  # type: ignore[arg-type]
    print(f"Any at the joins: {found['join_any']}")
    print(f"Any at the game boundary (screen side): {found['boundary_any']}")
    print(f"probes: {found['probes']}; on our own objects: {found['probes_on_our_objects']}")
    if options.list:
        assert isinstance(listing, dict)
        for kind in ("own", "unexplained"):
            for where in listing[kind]:
                print(f"  {kind}: {where}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
