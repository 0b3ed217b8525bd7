"""Issue 42's targets, kept: the joins to the devices, the table and the options carry no
``Any``, the game boundary at most 12, and every ``hasattr``/``getattr`` probe on our own
objects says why (at most 20), counted from the source by ``bench/count_any.py``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def counter() -> ModuleType:
    spec = importlib.util.spec_from_file_location("count_any", ROOT / "bench" / "count_any.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["count_any"] = module
    spec.loader.exec_module(module)
    return module


def test_the_device_table_and_options_joins_have_no_any() -> None:
    assert counter().join_anys(ROOT) == {"devices": 0, "table": 0, "options": 0}


def test_the_game_boundary_has_at_most_12_any() -> None:
    assert counter().boundary_anys(ROOT) <= 12


def test_every_probe_on_our_own_objects_says_why_and_there_are_at_most_20() -> None:
    found = counter().probes(ROOT)
    assert found["unexplained"] == [], "say why (# probe: ...) or type the object"
    assert len(found["own"]) <= 20, found["own"]


def test_the_counter_sees_an_any_and_an_unexplained_probe(tmp_path: Path) -> None:
    # The counter itself can fail: a join typed Any and a bare probe are both seen.
    (tmp_path / "kiosk").mkdir()
    (tmp_path / "kiosk" / "devices.py").write_text(
        "from typing import Any\nHandle = Any\n\ndef f(x: Any) -> None:\n    return getattr(x, 'y', None)\n")
    count = counter()
    assert count.join_anys(tmp_path)["devices"] == 2
    assert count.probes(tmp_path)["unexplained"] == ["kiosk/devices.py:5"]
