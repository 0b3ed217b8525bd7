"""A short soak of the kiosk (the 48-visit day is in bench/bench_kiosk.py): visitors tapping at
random, a game, "Encore là ?", attract mode, again and again; nothing logged as an error and,
once the first visit has filled the caches, nothing left behind by the next ones."""

from __future__ import annotations

import pytest

from tests.soak import soak

pytestmark = pytest.mark.slow


def test_repeated_visits_leave_nothing_behind(tmp_path):
    # Two visits, then the same two again: whatever still grows is a leak, not a cache filling.
    report = soak(visits=4, state=tmp_path, seed=7, warmup=2, play=(3, 5), games=("lewthwaite",), repeat=True)
    assert report.errors == []
    assert report.visits == 4 and report.games_opened == 4 and report.inputs > 20
    assert report.attract_periods >= 4 and report.prompts >= 1  # each visit ends in an idle reset
    assert report.end["threads"] <= report.baseline["threads"]
    assert report.end["fds"] <= report.baseline["fds"]
    assert report.memory_growth_mb < 20
