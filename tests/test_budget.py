"""Caches with budgets in bytes (games/budget.py): eviction by size, a screen's caches given back
when it is left, surfaces measured with their copy at the screen's scale, the memory report."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from games import budget
from games.budget import MB, ByteCache, budgeted
from kiosk import canvas
from kiosk.scene import Scene
from kiosk.stack import SceneStack


def test_entries_are_evicted_by_size_least_recently_used_first() -> None:
    cache = ByteCache("test.sizes", 10 * MB)
    for key in "abcd":
        cache.put(key, np.zeros(3 * MB, np.uint8))  # 3 MB each: the fourth pushes the first out
    assert "a" not in cache and len(cache) == 3 and cache.nbytes <= cache.budget
    cache.get("b")  # used: "c" is now the oldest
    cache.put("e", np.zeros(3 * MB, np.uint8))
    assert "b" in cache and "c" not in cache and cache.evictions == 2


def test_a_value_larger_than_the_budget_is_kept_alone() -> None:
    cache = ByteCache("test.huge", MB)
    cache.put("small", b"x" * 1000)
    cache.put("huge", np.zeros(2 * MB, np.uint8))
    assert list(cache._entries) == ["huge"]


def test_a_budgeted_function_computes_once_and_can_be_cleared() -> None:
    calls = []

    @budgeted(MB, name="test.function")
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert square(3) == 9 and square(3) == 9 and calls == [3]
    square.cache_clear()
    assert square(3) == 9 and calls == [3, 3]
    assert any(c.name == "test.function" for c in budget.caches())


def test_the_stack_gives_back_a_games_caches_when_its_last_screen_leaves() -> None:
    pygame.display.init()
    cache = ByteCache("test.scoped", MB, scope="testgame")
    cache.put("layer", b"x" * 1000)
    game = type("GameScreen", (Scene,), {"__module__": "games.testgame.scene"})(app=None)  # type: ignore[arg-type]
    menu = Scene(app=None)  # type: ignore[arg-type]
    stack = SceneStack()
    stack.push(menu)
    stack.push(game)
    stack.apply_pending()
    assert game.memory_scope == "testgame" and len(cache) == 1
    stack.push(Scene(app=None))  # type: ignore[arg-type]  # an overlay: the game is still there
    stack.apply_pending()
    assert len(cache) == 1
    stack.reset(menu)
    stack.apply_pending()
    assert len(cache) == 0


@pytest.mark.parametrize(("scale", "expected"), [(1.0, 1), (1.5, 1 + 1.5**2)])
def test_a_logical_surface_counts_its_copy_at_the_screens_scale(scale: float, expected: float) -> None:
    canvas.set_display_scale(scale)
    try:
        image = pygame.Surface((100, 50), pygame.SRCALPHA)
        assert budget.sizeof(image) == pytest.approx(100 * 50 * 4 * expected, rel=0.02)
    finally:
        canvas.set_display_scale(1.0)


def test_the_report_has_the_process_its_workers_and_every_cache() -> None:
    kept = ByteCache("test.reported", 2 * MB)
    kept.put("k", b"x" * 100)
    report = budget.report()
    assert report["rss_mb"] > 10 and report["total_rss_mb"] >= report["rss_mb"]
    reported = next(c for c in report["caches"] if c["name"] == "test.reported")
    assert reported["budget"] == 2 * MB and 100 <= reported["bytes"] < 1000


def test_a_snapshot_is_read_back_only_while_its_process_runs(tmp_path) -> None:
    path = tmp_path / "memory.json"
    budget.write_snapshot(path)
    assert budget.read_snapshot(path)["rss_mb"] > 0
    path.write_text('{"pid": 999999999, "rss_mb": 1}')
    assert budget.read_snapshot(path) is None
