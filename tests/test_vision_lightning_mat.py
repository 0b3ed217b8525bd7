"""Lightning's mats: the hand spot and the reserve slots, the children's mat on two A3 sheets,
and tiles laid as a child lays them."""

import json
import random
from functools import partial

import pytest

import main
from vision.capture import LiveBoard
from vision.mats import layout
from vision.reader import BoardReader
from vision.sources import FrameSource
from vision.synthetic import CameraStyle, random_grid, random_photo, render_photo

SPOTS = {"hand": "Z1", "reserve0": "I0", "reserve3": "L2", "reserve5": "S3"}


def _same(camera: FrameSource) -> FrameSource:
    """The live board's opener of a camera made beforehand (each reopening gets the same one)."""
    return camera


def _style(seed: int) -> CameraStyle:
    rng = random.Random(seed)
    return CameraStyle(tilt_deg=rng.uniform(0, 20), yaw_deg=rng.choice((0, 180)) + rng.uniform(-10, 10),
                       fill=0.92, noise=2, blur=0.3)


@pytest.mark.parametrize(("variant", "size"), [("standard", (1280, 720)), ("kids", (1920, 1080))])
def test_grid_hand_spot_and_reserve_are_read(variant, size):
    mat = layout("lightning", variant=variant)
    for seed in range(2):
        rng = random.Random(f"{variant}-{seed}")
        grid = random_grid("lightning", rng)
        photo = render_photo("lightning", grid, rng, _style(seed), frame_size=size, variant=variant, spots=SPOTS)
        reading = BoardReader("lightning").read(photo.image)
        assert reading.grid == grid
        reserve = ["."] * sum(name.startswith("reserve") for name, *_ in mat.spots)
        for k in (0, 3, 5):
            reserve[k] = SPOTS[f"reserve{k}"][0]
        assert reading.extras == {"hand": "Z", "reserve": reserve}
        assert reading.as_dict()["hand"] == "Z"


@pytest.mark.parametrize("variant", ["standard", "kids"])
def test_both_players_reach_the_hand_spot_and_the_reserve(variant):
    # Red sits at the mat's bottom edge, Blue at its top: the spots lie near the centre line, so
    # neither player reaches across the whole mat (sheets laid end to end count as one page).
    mat = layout("lightning", variant=variant)
    height = mat.page[1]
    middle = mat.origins[mat.rows // 2][0][1] + (height if mat.sheets > 1 else 0)
    for name, sheet, _x, y in mat.spots:
        centre = y + sheet * height + mat.cell / 2
        assert abs(centre - middle) <= (60 if name == "hand" else height * mat.sheets / 4), (variant, name)


def test_kids_mat_needs_both_sheets(tmp_path, capsys):
    out = tmp_path / "kids.png"
    assert main.main(["print-board", "lightning", "--mat", "kids", "--out", str(out), "--dpi", "100", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["images"] == [str(tmp_path / "kids-1.png"), str(tmp_path / "kids-2.png")]
    sheets = [json.loads((tmp_path / f"kids-{k}.json").read_text()) for k in (1, 2)]
    assert [m["id"] for m in sheets[0]["markers"]] == [8, 9, 10, 11]  # printed mats carry them for good
    # Each sheet holds one half: the other half's cells are null in its geometry.
    assert all(c is not None for row in sheets[0]["cell_centers"][:17] for c in row)
    assert all(c is None for row in sheets[0]["cell_centers"][17:] for c in row)
    assert sheets[1]["cell_size"] == pytest.approx(21 * 100 / 25.4, abs=0.01)
    assert main.main(["read-board", str(tmp_path / "kids-1.png"), "--game", "lightning"]) == 3
    assert "sheet 2" in capsys.readouterr().err


def test_tiles_laid_two_millimetres_off():
    """The sheet across a 1280 x 720 frame (17-22 px a cell), tiles up to 2 mm and 8 degrees off."""
    wrong = cells = 0
    for seed in range(5):
        rng = random.Random(f"child-{seed}")
        grid = random_grid("lightning", rng)
        style = _style(seed)
        style.fill, style.noise, style.jpeg_quality = rng.uniform(0.8, 0.97), rng.uniform(2, 5), rng.randint(60, 90)
        style.child_tiles_mm = 2.0
        photo = render_photo("lightning", grid, rng, style)
        reading = BoardReader("lightning").read(photo.image)
        for truth, read in zip(grid, reading.grid, strict=True):
            cells += len(truth)
            wrong += sum(t != r for t, r in zip(truth, read, strict=True))
    assert wrong / cells < 0.005, wrong


def test_a_small_view_of_the_sheet_gets_a_note():
    photo = random_photo("lightning", 30005, child_tiles_mm=2.0)  # the sheet turned across the frame
    assert any("bring the camera closer" in note for note in BoardReader("lightning").read(photo.image).notes)


def test_live_board_reports_the_spots():
    from vision.sources import SyntheticCamera

    class SpotCamera(SyntheticCamera):
        def read(self):
            from vision.synthetic import render_photo

            photo = render_photo("lightning", self.grid, random.Random(1), _style(1), spots=SPOTS)
            return photo.image

    mat = layout("lightning")
    camera = SpotCamera("lightning", [["."] * mat.cols for _ in range(mat.rows)])
    live = LiveBoard("lightning", lambda: camera, threaded=False, stable_frames=2)
    found = [r for r in (live.poll() for _ in range(4)) if r]
    assert found and found[0].extras["hand"] == "Z" and found[0].extras["reserve"][3] == "L"


def test_live_reading_of_tiles_laid_over_the_vertices():
    """Calibrated on the empty mat, then tiles laid 2 mm off (over grid vertices): read, not
    refused as covered; a hand over the mat still is."""
    from vision.sources import SyntheticCamera

    mat = layout("lightning")
    empty = [["."] * mat.cols for _ in range(mat.rows)]
    for seed in range(3):
        camera = SyntheticCamera("lightning", empty, seed=40 + seed)
        camera.style = _style(seed)
        camera.style.fill = 0.95
        camera.style.child_tiles_mm = 2.0
        live = LiveBoard("lightning", partial(_same, camera), threaded=False, stable_frames=2)
        for _ in range(3):
            live.poll()
        live.calibrate()
        rng = random.Random(seed)
        grid = random_grid("lightning", rng)
        while grid == empty:
            grid = random_grid("lightning", rng)
        camera.show(grid)
        found = [r for r in (live.poll() for _ in range(4)) if r]
        assert found and found[-1].grid == grid, live.status.problem
        camera.show(grid, hand=True)
        for _ in range(4):
            assert live.poll() is None
        if camera.hand_over_grid:
            assert live.status.problem in ("covered", "motion", "no_markers", "out_of_view")
