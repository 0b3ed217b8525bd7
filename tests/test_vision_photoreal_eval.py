"""The photoreal scoring (``bench/photoreal/evaluate.py``) with a file of the set missing: it says
which file and scores the rest, instead of stopping on the first missing frame."""

import shutil
from pathlib import Path

import pytest

from bench.photoreal import evaluate

HELDOUT2 = Path(__file__).resolve().parents[1] / "bench" / "photoreal" / "set-heldout2"
SCENE = "cap_up-0700"  # the live board settles one stop lower: start, play and hand at -exp-1


def _copy_without(tmp_path: Path, missing: str) -> Path:
    for path in HELDOUT2.glob(f"{SCENE}*"):
        if path.name != missing:
            shutil.copy(path, tmp_path / path.name)
    return tmp_path / missing


@pytest.mark.parametrize("missing", [f"{SCENE}-play-exp-1.jpg", f"{SCENE}-hand-exp-1.jpg"])
def test_a_missing_lower_exposure_frame_is_named_and_the_rest_scored(tmp_path: Path, missing: str) -> None:
    path = _copy_without(tmp_path, missing)
    tally = evaluate.evaluate(evaluate.scenes(folder=tmp_path), exposure_control=True)
    assert tally.rate(("cap_up", "one-shot")) == 1.0 and tally.total[("cap_up", "one-shot")] == 50
    assert tally.setup_done["cap_up"] == 1
    assert len(tally.missing) == 1 and str(path) in tally.missing[0]
    assert any(str(path) in line for line in evaluate.report(tally))


def test_a_missing_start_frame_at_the_exposure_asked_counts_the_stand_as_not_started(tmp_path: Path) -> None:
    path = _copy_without(tmp_path, f"{SCENE}-start-exp-1.jpg")
    tally = evaluate.evaluate(evaluate.scenes(folder=tmp_path), exposure_control=True)
    assert tally.total[("cap_up", "one-shot")] == 50  # the one-shot frames are still scored
    assert (tally.setup_done["cap_up"], tally.setup_tried["cap_up"]) == (0, 1)
    assert any("did not start" in line and str(path) in line for line in tally.errors)
    assert not tally.total[("cap_up", "live")]
