"""A short soak of the kiosk (two accelerated visits; the 48-visit day is in bench/bench_kiosk.py):
random inputs, games, "Encore là ?", attract mode; nothing logged as an error, nothing leaking."""

from __future__ import annotations

import pytest

from tests.soak import soak

pytestmark = pytest.mark.slow


def test_two_visits_and_their_idle_resets_leave_nothing_behind(tmp_path):
    report = soak(visits=3, state=tmp_path, seed=7, warmup=1, play=(6, 10))
    assert report.errors == []
    assert report.visits == 3 and report.games_opened == 3 and report.inputs > 20
    assert report.prompts >= 3 and report.attract_periods >= 3  # every visit ends in an idle reset
    assert report.end["threads"] <= report.baseline["threads"]
    assert report.end["fds"] <= report.baseline["fds"]
    assert report.memory_growth_mb < 20
