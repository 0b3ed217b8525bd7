"""The accelerated day's verdict (bench/accelerated_day.py) fails on each thing it watches."""

from __future__ import annotations

from typing import Any

import pytest

from bench import accelerated_day


def _day(**changes: Any) -> dict[str, Any]:
    """A day's figures that pass, with ``changes``."""
    figures: dict[str, Any] = {
        "errors": [], "physical_games": [{"game": "lightning", "result": "draw"}],
        "growth_mb": 7.0, "max_after_warmup_mb": 331.0,
        "baseline": {"threads": 4, "fds": 19, "workers": 1}, "end": {"threads": 4, "fds": 19, "workers": 1},
    }
    figures.update(changes)
    return figures


@pytest.mark.parametrize(("changes", "fails_on"), [
    ({}, None),
    ({"growth_mb": 20.5}, "growth from hour 1 to hour 8"),
    ({"max_after_warmup_mb": 350.4}, "memory after warm-up"),
    ({"errors": ["ERROR kiosk.app: boom"]}, "error(s) logged"),
    ({"physical_games": [{"game": "lewthwaite", "result": None}]}, "never finished a physical game"),
    ({"end": {"threads": 5, "fds": 19, "workers": 1}}, "threads 4->5"),
    ({"end": {"threads": 4, "fds": 20, "workers": 1}}, "open files 19->20"),
    ({"end": {"threads": 4, "fds": 19, "workers": 3}}, "3 workers"),
])
def test_the_accelerated_days_verdict_fails_on_what_it_watches(changes: dict[str, Any], fails_on: str | None) -> None:
    problems = accelerated_day.verdict(_day(**changes))
    if fails_on is None:
        assert problems == []
    else:
        assert len(problems) == 1 and fails_on in problems[0], problems


def test_the_day_will_not_replace_a_result_it_was_not_told_to(tmp_path, capsys) -> None:
    (tmp_path / "accelerated_day.json").write_text("{}")
    with pytest.raises(SystemExit) as stop:
        accelerated_day.main(["--out", str(tmp_path)])
    assert stop.value.code == 2 and "--force" in capsys.readouterr().err
    assert (tmp_path / "accelerated_day.json").read_text() == "{}"
