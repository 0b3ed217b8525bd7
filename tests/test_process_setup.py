"""The process the tests and the accelerated day run the kiosk in is set up as ``main.py`` sets up
the kiosk's own: the environment it fixes before any import (a soak with two BLAS threads
measured 20-28 MB more than the kiosk has over a long physical Lightning game)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

MAIN = Path(__file__).resolve().parent.parent / "main.py"


def _main_environment() -> dict[str, str]:
    """The ``os.environ.setdefault(NAME, VALUE)`` calls at main.py's top level."""
    found: dict[str, str] = {}
    for node in ast.parse(MAIN.read_text(encoding="utf-8")).body:
        call = node.value if isinstance(node, ast.Expr) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "setdefault"
                and ast.unparse(call.func.value) == "os.environ"):
            name, value = (ast.literal_eval(arg) for arg in call.args)
            found[name] = value
    return found


def test_main_asks_for_single_threaded_blas() -> None:
    assert "OPENBLAS_NUM_THREADS" in _main_environment()


def test_the_tests_process_has_the_kiosks_environment() -> None:
    expected = _main_environment()
    assert {name: os.environ.get(name) for name in expected} == expected
