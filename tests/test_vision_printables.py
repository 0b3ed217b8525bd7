"""Printables: the PNG and its JSON agree, and what is printed is what the reader reads."""

import json
import random

import cv2
import numpy as np
import pytest

import main
from games.lightning.board import _point_xy, stroke_points
from games.lightning.tiles import DESIGNS
from vision.mats import layout
from vision.reader import BoardReader, detect_markers
from vision.synthetic import random_grid, random_style, render_photo

#: The markers of the mats already printed: a board description may never change them.
MARKER_IDS = {"lewthwaite": (0, 1, 2, 3), "lightning": (4, 5, 6, 7)}


@pytest.mark.parametrize(("game", "rows", "cols"), [("lewthwaite", 5, 5), ("lightning", 34, 8)])
def test_print_board_geometry_matches_the_png(tmp_path, game, rows, cols):
    out = tmp_path / "mat.png"
    assert main.main(["print-board", game, "--out", str(out), "--dpi", "150"]) == 0
    description = json.loads((tmp_path / "mat.json").read_text())
    assert (description["game"], description["rows"], description["cols"]) == (game, rows, cols)
    assert len(description["cell_centers"]) == rows and all(
        len(r) == cols for r in description["cell_centers"]
    )
    image = cv2.imread(str(out))
    assert image is not None
    found = detect_markers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    assert sorted(found) == sorted(MARKER_IDS[game])
    for marker in description["markers"]:
        assert np.abs(found[marker["id"]] - np.array(marker["corners"])).max() < 2.0
    # The centre of every cell is blank paper on the printed mat.
    for row in description["cell_centers"]:
        for x, y in row:
            assert image[round(y), round(x)].min() > 200


def test_printed_mat_reads_as_an_empty_board(tmp_path):
    out = tmp_path / "mat.png"
    main.main(["print-board", "lightning", "--out", str(out), "--dpi", "100"])
    image = cv2.imread(str(out))
    assert image is not None
    reading = BoardReader("lightning").read(image)
    assert all(cell == "." for row in reading.grid for cell in row)


def test_print_board_lewthwaite_other_size(tmp_path, capsys):
    out = tmp_path / "m.png"
    assert (
        main.main(
            [
                "print-board",
                "lewthwaite",
                "--rows",
                "4",
                "--cols",
                "6",
                "--out",
                str(out),
                "--json",
                "--dpi",
                "100",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["cols"] == 6
    assert main.main(["print-board", "lightning", "--rows", "4", "--out", str(out)]) == 2


def test_print_tiles_sheet_reads_back_as_rotation_zero(tmp_path):
    out = tmp_path / "tiles.png"
    assert main.main(["print-tiles", "--out", str(out), "--dpi", "200"]) == 0
    description = json.loads((tmp_path / "tiles.json").read_text())
    names = [t["name"] for t in description["tiles"]]
    assert {n: names.count(n) for n in DESIGNS} == {n: 30 for n in DESIGNS}
    image = cv2.imread(str(out))
    assert image is not None
    # Each printed tile, cut out and laid on paper, reads as its design at rotation 0.
    from vision.tiles import classify_windows, ink, search_px

    ppc = 24
    s = search_px(ppc)
    for design in DESIGNS:
        tile = next(t for t in description["tiles"] if t["name"] == design)
        x, y, w, h = tile["box"]
        grey = cv2.cvtColor(image[y : y + h, x : x + w], cv2.COLOR_BGR2GRAY).astype(np.float32) / 255
        face = cv2.resize(grey, (ppc - 2, ppc - 2), interpolation=cv2.INTER_AREA)
        window = np.ones((ppc + 2 * s, ppc + 2 * s), np.float32)
        window[s + 1 : s + ppc - 1, s + 1 : s + ppc - 1] = face
        mat = layout("lightning")
        labels, _, _ = classify_windows(ink(window)[None], ppc, mat.tile_mm / mat.cell, mat.tile_faces)
        assert labels == [f"{design}0"]


def test_stroke_points_touch_the_tile_table_points():
    from games.lightning.tiles import all_tiles

    for tile in all_tiles():
        points = stroke_points(tile)
        ends = {tuple(np.round(points[0], 6)), tuple(np.round(points[-1], 6))}
        assert ends == {tuple(np.round(_point_xy(p), 6)) for p in tile.endpoints}


@pytest.mark.parametrize("seed", range(8))
def test_round_trip_lewthwaite(seed):
    rng = random.Random(f"test-lewthwaite-{seed}")
    grid = random_grid("lewthwaite", rng)
    photo = render_photo("lewthwaite", grid, rng, random_style(rng))
    reading = BoardReader("lewthwaite").read(photo.image)
    assert reading.grid == grid
    assert 0.0 <= reading.confidence <= 1.0


def test_round_trip_lightning():
    wrong = total = 0
    for seed in range(5):
        rng = random.Random(f"test-lightning-{seed}")
        grid = random_grid("lightning", rng)
        photo = render_photo("lightning", grid, rng, random_style(rng))
        reading = BoardReader("lightning").read(photo.image)
        for truth_row, read_row in zip(grid, reading.grid, strict=True):
            for truth, read in zip(truth_row, read_row, strict=True):
                total += 1
                wrong += truth != read
                if truth != read:
                    # A misread tile is never mistaken for an empty cell, nor the reverse.
                    assert "." not in (truth, read)
    # The bench measures > 99.5 % over 1000 photographs; these five include a hard one.
    assert wrong / total <= 0.01
