"""Two tile designs that match a cell almost equally (issue 39: an S read as an L at 16-20 pixels
a cell): the reader looks again, finer, and a tie that stays is ``?``, never a design."""

import numpy as np
import pytest

from vision.mats import layout
from vision.reader import FINE_PPC, classify_with_memory, settle_ties
from vision.tiles import DOUBT_GAP, TIE_GAP, classify_windows, crop_size, match_windows, search_px, tile_templates

MAT = layout("lightning")
FRACTION = MAT.tile_mm / MAT.cell


def _window(weights: dict[str, float], ppc: int) -> np.ndarray:
    """A cell's ink window at ``ppc`` whose middle mixes the (normalised, unturned) ink templates
    of the designs ``weights`` names, with those weights."""
    names, templates = tile_templates(MAT.tile_faces, ppc, round(FRACTION, 4))
    crop, s = crop_size(ppc), search_px(ppc)
    middle = sum(w * templates[names.index(code) + 1] for code, w in weights.items())  # + 1: unturned
    middle = np.asarray(middle).reshape(crop, crop)
    middle = 0.5 * (middle - middle.min()) / (middle.max() - middle.min())
    window = np.zeros((ppc + 2 * s, ppc + 2 * s), np.float32)
    start = s + (ppc - crop) // 2
    window[start : start + crop, start : start + crop] = middle
    return window


def _between(a: str, b: str, ppc: int) -> np.ndarray:
    """Ink exactly between designs ``a`` and ``b`` at ``ppc``: the mix of the two that both match
    equally (bisection on the weight), as a picture no one can name as either."""
    codes = [face.code for face in MAT.tile_faces]
    lo, hi = 0.0, 1.0
    for _ in range(30):
        w = (lo + hi) / 2
        scores = match_windows(_window({a: w, b: 1 - w}, ppc)[None], ppc, FRACTION, MAT.tile_faces)[3][0]
        lo, hi = (lo, w) if scores[codes.index(a)] > scores[codes.index(b)] else (w, hi)
    return _window({a: (lo + hi) / 2, b: 1 - (lo + hi) / 2}, ppc)


def _fine(window: np.ndarray):
    return lambda cells: np.array([window for _ in cells])


@pytest.mark.parametrize("pair", [("S1", "L0"), ("S3", "L2"), ("Z2", "L2")])
def test_two_designs_matched_equally_are_doubted(pair):
    """Old code: the first of two equal scores named the cell (an invented tile)."""
    windows = _between(pair[0], pair[1], 20)[None]
    assert classify_windows(windows, 20, FRACTION, MAT.tile_faces)[0][0] in pair  # the matcher alone picks one
    labels, margins = classify_with_memory(windows, 20, MAT, None, "cell", _fine(_between(pair[0], pair[1], FINE_PPC)))
    assert labels == ["?"]
    assert margins[0] < DOUBT_GAP / 0.2
    # Without a finer look (a camera already giving FINE_PPC pixels a cell), the same.
    labels, _ = classify_with_memory(_between(pair[0], pair[1], FINE_PPC)[None], FINE_PPC, MAT, None, "cell",
                                     _refuse)
    assert labels == ["?"]


def test_a_tie_the_finer_look_settles_is_read():
    """A near tie at 20 pixels a cell that is plainly S1 at 32 is read S1, with a margin."""
    labels, margins = ["L0"], np.array([0.01], np.float32)
    per_face = np.full((1, len(MAT.tile_faces)), 0.3, np.float32)
    codes = [face.code for face in MAT.tile_faces]
    per_face[0, codes.index("L0")], per_face[0, codes.index("S1")] = 0.851, 0.848
    settle_ties(labels, margins, per_face, 20, MAT, _fine(_window({"S1": 1.0}, FINE_PPC)))
    assert labels == ["S1"]
    assert margins[0] > TIE_GAP


def _refuse(cells: np.ndarray) -> np.ndarray:
    raise AssertionError(f"looked again at {cells}")


def test_clear_designs_are_not_looked_at_again():
    """A clear design is read at the first look: the finer one is never asked for."""
    windows = np.array([_window({code: 1.0}, 20) for code in ("I0", "D1", "L3", "Z0", "S2")])
    labels, margins = classify_with_memory(windows, 20, MAT, None, "cell", _refuse)
    assert labels == ["I0", "D1", "L3", "Z0", "S2"]
    assert margins.min() > 0.2
