"""Juniper's exact-value tables (games.juniper.solver.game_values) within their budget in bytes:
they live in a worker process whose memory counts in the kiosk's (issue 22)."""

from __future__ import annotations

import gc
import tracemalloc

from games.budget import MB
from games.juniper import solver
from games.juniper.rules import from_moves


def test_a_search_without_a_time_limit_stops_at_the_tables_budget() -> None:
    solver._VALUE_MEMOS.clear()
    tracemalloc.start()
    try:
        assert solver.game_values(from_moves(30, [2]), max_seconds=None) is None  # too big for the budget
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= solver.MEMO_BUDGET * 1.25, peak / MB
    assert solver._VALUE_MEMOS.nbytes <= solver.MEMO_BUDGET


def test_a_searchs_table_is_freed_as_it_returns_without_waiting_for_the_collector() -> None:
    # N > 40: nothing is kept between calls. A table kept alive by a reference cycle waited for
    # a full collection: a worker doing one search after another grew past 400 MB.
    state = from_moves(60, [2])
    solver.game_values(state, max_seconds=0.01)
    gc.collect()
    gc.disable()
    tracemalloc.start()
    try:
        for _ in range(3):
            solver.game_values(state, max_seconds=0.01)
        kept, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        gc.enable()
    assert kept < 0.5 * MB, kept / MB


def test_tables_of_several_n_share_one_budget_the_latest_kept() -> None:
    solver._VALUE_MEMOS.clear()
    for n in (20, 24, 30, 12):
        solver.game_values(from_moves(n, [2]), max_seconds=0.05)
        assert solver._VALUE_MEMOS.nbytes <= solver.MEMO_BUDGET
    assert solver._VALUE_MEMOS.get(12) is not None
