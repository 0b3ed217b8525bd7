"""Tall caps' shadows over their neighbours' lines (issue 39, caps open side up 3916 of
``set-heldout39``: 13 mm caps at 23 degrees under a warm bare lamp). Most of the grid's vertices
lie in the caps' shade there, so their median is the shade, not the lit paper; when a cap
slides, its shadow goes with it: a vertex lit at calibration is in shade now and one in shade
is lit. Neither is a hand, and the empty cell left lit among shaded corners is not a token."""

from __future__ import annotations

import numpy as np

from vision.reader import CellPaper, _paper_seen, _unchanged_paper, _unshade, shade_seen
from vision.tokens import C1, C2, FEATURES, HUE1, L, presence

# BGR as the render gives them (exposure 3 stops down): the lamp-lit paper and the paper in a
# cap's shadow, filled by the room's bluer light.
LIT = np.array([186.0, 176.0, 176.0], np.float32)
SHADE = np.array([157.0, 132.0, 118.0], np.float32)


def _paper(lit_vertices: list[tuple[int, int]]) -> CellPaper:
    """A 5 x 5 grid whose vertices are in shade but ``lit_vertices``, the ring round it lit."""
    vertices = np.tile(SHADE, (6, 6, 1))
    for i, j in lit_vertices:
        vertices[i, j] = LIT
    ring = np.tile(LIT, (20, 1))
    cells = [(0, k) for k in range(5)] + [(4, k) for k in range(5)] + [(k, 0) for k in range(5)] + \
        [(k, 4) for k in range(5)]
    ys = np.zeros(20, np.float32)
    return CellPaper(
        valid=[np.ones((6, 6), bool)], whites=[np.tile(SHADE, (5, 5, 1))], covered=[],
        samples=np.concatenate([vertices.reshape(-1, 3), ring]), vertex_colours=[vertices],
        changed=[np.zeros((6, 6), bool)], rings=[(ring, np.ones(20, bool), cells, ys, ys)],
    )


def _against(colour: np.ndarray, white: np.ndarray) -> np.ndarray:
    """A cell's feature row for paper of ``colour`` measured against ``white`` (BGR)."""
    ratio = np.log((colour + 2) / (white + 2))
    row = np.zeros(FEATURES, np.float32)
    row[L] = ratio.mean()
    row[C1] = row[HUE1] = ratio[2] - ratio[0]
    row[C2] = ratio[1] - (ratio[0] + ratio[2]) / 2
    return row


def test_an_empty_cell_lit_among_shaded_corners_is_paper() -> None:
    paper = _paper([(0, 0), (5, 5), (2, 3)])
    assert shade_seen(paper) is not None  # measured against the ring's lit paper
    empty = _against(LIT, SHADE)  # lit paper against its corners' shade: brighter and warmer
    red = _against(np.array([60.0, 50.0, 150.0], np.float32), SHADE)
    features = np.stack([empty, red])
    assert presence(features)[0] > 1  # a token, as it read before
    unshaded = presence(_unshade(features, paper))
    assert unshaded[0] < 1 and unshaded[1] > 1


def test_a_vertex_is_paper_in_a_light_the_frame_shows_elsewhere() -> None:
    lights = _unchanged_paper(_paper([(0, 0), (5, 5)]))
    assert _paper_seen(np.array([180.4, 170.4, 175.0]), lights)  # lit now, in shade at calibration
    assert _paper_seen(np.array([155.4, 132.0, 119.8]), lights)  # in shade now, lit then
    assert not _paper_seen(np.array([120.0, 150.0, 200.0]), lights)  # skin
    assert not _paper_seen(np.array([128.0, 118.0, 116.0]), lights)  # a grey sleeve, darker than any shade
    assert not _paper_seen(np.array([205.0, 205.0, 205.0]), lights)  # a white sleeve brighter than the paper
