"""Lightning's bolts told from arcs at 12-17 camera pixels a cell (issue 39): the templates are
seen through the camera's blur, measured on the tiles in view, and a tile must explain the ink
of its cell's centre. The old matcher doubted or misread S/Z bolts as L arcs on these frames."""

import random

import numpy as np
import pytest

from games.lightning.tiles import all_tiles
from vision.mats import layout
from vision.reader import BoardReader, cell_pixels, classify_tiles, tile_windows
from vision.synthetic import CameraStyle, render_photo
from vision.tiles import (
    CAMERA_BLURS,
    TileCache,
    core_scores,
    crop_size,
    measure_camera_blur,
    normalise_rows,
    search_px,
    template_blur,
    tile_ink_templates,
)

MAT = layout("lightning")
FRACTION = MAT.tile_mm / MAT.cell
BOLTS = [str(tile) for tile in all_tiles() if tile.design in "SZ"]


def _bolts_photo(seed: int, tilt: float, blur: float, fill: float, yaw: float, quality: int):
    """A mat full of S and Z bolts (every rotation) photographed far and tilted: 12-14 pixels a cell."""
    grid = [[BOLTS[(r * 8 + c + seed) % len(BOLTS)] for c in range(8)] for r in range(34)]
    style = CameraStyle(tilt_deg=tilt, yaw_deg=yaw, fill=fill, shift=(0.5, 0.5), light_gradient=0.2, noise=2.0,
                        blur=blur, jpeg_quality=quality)
    return grid, render_photo("lightning", grid, random.Random(f"i39-test-{seed}"), style)


# Old matcher: (1) 1 bolt read L, 8 doubted; (2) 6 doubted.
@pytest.mark.parametrize(("seed", "tilt", "blur", "fill", "yaw", "quality"),
                         [(0, 22.0, 1.2, 0.56, 95.0, 60), (1, 22.0, 1.2, 0.5, 95.0, 60)])
def test_bolts_seen_far_and_blurred_are_read(seed, tilt, blur, fill, yaw, quality):
    grid, photo = _bolts_photo(seed, tilt, blur, fill, yaw, quality)
    reader = BoardReader("lightning")
    reading = reader.read(photo.image)
    assert 12 <= cell_pixels(reading.fix, reader.mat) <= 17
    wrong = [(r, c, t, g) for r, (tr, gr) in enumerate(zip(grid, reading.grid, strict=True))
             for c, (t, g) in enumerate(zip(tr, gr, strict=True)) if t != g]
    assert [w for w in wrong if w[3] != "?"] == []  # never an arc for a bolt
    assert wrong == []  # and nothing doubted: each bolt is plain once the blur is known


def test_the_blur_measured_follows_the_camera():
    """The same stand through a sharp and a soft lens: the soft one is measured blurrier, and
    neither at the ends of the range."""
    measured = []
    for blur in (0.2, 1.2):
        _, photo = _bolts_photo(0, 22.0, blur, 0.56, 95.0, 90)
        reader = BoardReader("lightning")
        reading = reader.read(photo.image)
        _, rect, paper, _ = reader._look(photo.image, None)
        windows = tile_windows(rect, paper, reader.mat)
        sigma, tiles = measure_camera_blur(windows, rect.ppc, FRACTION, MAT.tile_faces, cell_pixels(reading.fix, MAT))
        assert tiles >= 3
        measured.append(sigma)
    assert measured[0] < measured[1]
    assert CAMERA_BLURS[0] <= measured[0] and measured[1] < CAMERA_BLURS[-1]


def test_template_blur_grows_as_the_cell_shrinks():
    """A cell seen at 13 camera pixels and warped to 20 is blurrier, in the window's pixels, than
    one seen at 20; a cell seen at the window's own size by a sharp camera barely at all."""
    assert template_blur(0.6, 20, 13.0) > template_blur(0.6, 20, 20.0) > 0
    assert template_blur(0.0, 20, 20.0) <= 0.5


def _scores(window: np.ndarray, raw: np.ndarray, ppc: int) -> np.ndarray:
    """:func:`core_scores` of one window over every shift (as :func:`match_windows` searches)."""
    s, crop = search_px(ppc), crop_size(ppc)
    start = (ppc - crop) // 2
    view = np.lib.stride_tricks.sliding_window_view(window, (crop, crop))
    squares = view[start : start + 2 * s + 1, start : start + 2 * s + 1].reshape(1, -1, crop * crop)
    return core_scores(window[None], np.ascontiguousarray(squares), raw, ppc)[0]


def _arc_window(ppc: int, shift: int) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
    """A window holding the unturned L0 template in the square ``shift`` pixels left of the
    centre; the templates; the index of that shift in the search; and that square's pixels."""
    s, crop = search_px(ppc), crop_size(ppc)
    names, raw = tile_ink_templates(MAT.tile_faces, ppc, round(FRACTION, 4))
    window = np.zeros((ppc + 2 * s, ppc + 2 * s), np.float32)
    top, left = s + (ppc - crop) // 2, s + (ppc - crop) // 2 - shift
    window[top : top + crop, left : left + crop] = raw[names.index("L0") + 1].reshape(crop, crop)
    return window, raw, s * (2 * s + 1) + (s - shift), window[top : top + crop, left : left + crop]


def test_a_square_over_the_centre_scores_as_plain_correlation():
    """Where the compared square covers the cell's centre, the score is the plain normalised
    correlation of the square with the template: nothing else to explain."""
    ppc = 20
    window, raw, at, square = _arc_window(ppc, 0)
    plain = normalise_rows(square.reshape(1, -1)) @ normalise_rows(raw).T
    assert np.allclose(_scores(window, raw, ppc)[at], plain[0], atol=1e-4)


def test_ink_left_in_the_centre_counts_against_a_far_shifted_tile():
    """An arc at the search's edge matches its own square perfectly; a bolt's stroke left in the
    cell's centre beside that square (where no neighbour reaches) lowers its score. The old
    matcher compared the square alone and kept it perfect."""
    ppc = 20
    s, crop = search_px(ppc), crop_size(ppc)
    window, raw, at, _ = _arc_window(ppc, s)
    alone = float(_scores(window, raw, ppc)[at].max())
    assert alone > 0.99
    right = s + (ppc - crop) // 2 - s + crop  # the first column right of the square
    assert right < s + ppc - 4  # still in the cell's centre
    window[s + ppc // 2 - 3 : s + ppc // 2 + 3, right : right + 2] = 1.0  # a stroke beside the square
    assert float(_scores(window, raw, ppc)[at].max()) < alone - 0.05


def test_live_reading_keeps_the_blur_it_measured(monkeypatch):
    """Live, the blur is measured on the first frame with tiles and kept with the answers: the
    next frame, unchanged, matches nothing again (the memory was once wiped by its first use at a
    new resolution, blur and all, and the next frame read every cell again)."""
    _, photo = _bolts_photo(0, 22.0, 1.2, 0.56, 95.0, 60)
    reader = BoardReader("lightning")
    fix, rect, paper, _ = reader._look(photo.image, None)
    memory = TileCache()
    pixels = cell_pixels(fix, MAT)
    first, _ = classify_tiles(rect, paper, MAT, memory, None, pixels)
    assert memory.blur_cells >= 3 and memory.ppc == rect.ppc
    kept = memory.camera_blur

    def refuse(*args, **kwargs):
        raise AssertionError("matched again")

    monkeypatch.setattr("vision.reader.match_windows", refuse)
    monkeypatch.setattr("vision.reader.measure_camera_blur", refuse)
    again, _ = classify_tiles(rect, paper, MAT, memory, None, pixels)
    assert again == first and memory.camera_blur == kept
