"""An accelerated day at the fair in a minute or two (the 8-hour one is in bench/bench_kiosk.py): new
visitors, each with a seed of their own, taking turns at every screen (games, their "who plays"
card, the physical board under the synthetic camera with an emulated LED board, rules pages,
science corners, the operator's settings, a language switch), tapping at random, leaving;
"Encore là ?", attract mode, again. Nothing logged as an error; once every kind of visit has
been seen (the warm-up), the kiosk's memory outside its budgeted caches stays flat, its caches
within their budgets, and threads and open files do not grow.

Each visitor's leaving is shorter than in the bench's day (the "Encore là ?" prompt after 6 s
instead of 15, its countdown 3 s, attract mode after 4 s) and a frame is drawn every 4 updates
instead of 2: the same screens, prompts and attract periods come and go, with less game time
between them (a camera left running on the real-board screen read its frames for 20 s of each
visit)."""

from __future__ import annotations

import pytest

from games import budget
from kiosk.config import IdleTimes
from tests.soak import PLAN, soak

pytestmark = pytest.mark.slow

#: Growth allowed after the warm-up, in MB, outside the caches (whose budgets bound them).
UNCACHED_GROWTH_MB = 15
#: How soon the kiosk acts once a visitor has gone (the bench's day: 10, 15 and 5 s).
QUICK_IDLE = IdleTimes(attract_after=4, prompt_after=6, countdown=3)


def test_a_day_of_new_visitors_leaves_nothing_behind(tmp_path):
    day = soak(visits=2 * len(PLAN), state=tmp_path, seed=22, warmup=len(PLAN), play=(3, 6), linger=(1, 4),
               idle=QUICK_IDLE, updates_per_frame=4)
    print(f"memory after each visit (MB): {day.trace}; outside the caches: {day.uncached}")
    assert day.errors == []
    assert set(day.kinds) == set(PLAN) and day.visits == 2 * len(PLAN)
    assert {"seats", "rules", "science", "operator.settings", "still-there", "demo"} <= day.screens
    assert day.attract_periods >= day.visits // 2 and day.prompts >= 1  # visits end in idle resets
    assert day.steady_uncached_growth_mb <= UNCACHED_GROWTH_MB
    assert all(cache.nbytes <= cache.budget or len(cache) == 1 for cache in budget.caches())
    assert day.end["threads"] <= day.baseline["threads"]
    assert day.end["fds"] <= day.baseline["fds"]
