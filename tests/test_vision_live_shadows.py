"""The live board (calibrated on the start position) and an empty cell beside dark pieces under
a low bare lamp: their long hard shadows and their sides reach into the empty cell's outline
circles, which then look like the faint outline of an ivory draught on white paper. Issue 39,
``draught-3949`` of ``bench/photoreal/set-heldout39b``: black and ivory draughts 6 mm tall, the
camera 20 degrees over, a 2760 K bare bulb 26 degrees up; the cell a player emptied was read as
ivory. Where a token's top would be, such a cell shows the paper, and ivory tops do not."""

from __future__ import annotations

import random

import numpy as np
import pytest

from vision.capture import start_grid
from vision.reader import BoardReader
from vision.synthetic import BLACK_IVORY, render_photo, stand_style
from vision.tokens import EDGE, FEATURES, HUE1, HUE2, SPREAD, L, TokenModel

START = ["".join(row).upper() for row in start_grid("lewthwaite")]
#: The photoreal play position: the empty cell (1, 1) between three black draughts and an ivory one.
PLAY = ["BRBRB", "R.BBR", "BRRRB", "RBRBR", "BRBRB"]


def _frame(seed: int, grid: list[str], palette: tuple[tuple[float, float, float], ...] = BLACK_IVORY) -> np.ndarray:
    """Draughts 6 mm tall, the camera tilted 20 degrees, a bare lamp 26 degrees up (hard shadows
    12 mm long, twice the draughts' height); the scene is the same for every ``grid`` of one
    ``seed``, only the pieces change."""
    style = stand_style("draught", 6.0, 20.0, 26.0, seed=seed)
    style.palette = palette
    return render_photo("lewthwaite", grid, random.Random(f"shadow-{seed}"), style,
                        pieces_rng=random.Random(f"pieces-{seed}")).image


@pytest.mark.parametrize("seed", range(6))
def test_an_empty_cell_in_dark_pieces_shadows_is_read_empty_live(seed: int) -> None:
    """Seeds 0 and 3 read the emptied cell as ivory before the tops were looked at (its outline
    circles crossed by three black draughts' shadows: presence 1.17 and 0.58 over thresholds of
    1.0 and 0.45)."""
    reader = BoardReader("lewthwaite")
    reader.calibrate(_frame(seed, START), START)
    assert reader.read(_frame(seed, PLAY)).grid == PLAY


def test_red_and_blue_pieces_beside_the_same_shadows_read_too() -> None:
    """Red and blue draughts on the same stand: the emptied cell was read as a token too (blue,
    seed 0) before the tops were looked at; the others are still read."""
    reader = BoardReader("lewthwaite")
    reader.calibrate(_frame(0, START, ()), START)
    assert reader.read(_frame(0, PLAY, ())).grid == PLAY


def _row(lightness: float, hue1: float, edge: float, spread: float) -> np.ndarray:
    row = np.zeros(FEATURES, np.float32)
    row[L], row[HUE1], row[HUE2], row[EDGE], row[SPREAD] = lightness, hue1, 0.0, edge, spread
    return row


def _model(pale_top: float) -> TokenModel:
    """Calibrated on 12 black tokens, 12 pale ones whose tops are ``pale_top`` (log) against the
    paper, and one clean empty cell."""
    rng = np.random.default_rng(0)
    rows = [_row(-1.3 + rng.normal(0, 0.02), -0.05, 1.0, 0.6) for _ in range(12)]
    rows += [_row(pale_top + rng.normal(0, 0.008), 0.05, 0.7, 0.12) for _ in range(12)]
    rows.append(_row(0.0, 0.0, 0.15, 0.06))
    return TokenModel.fit(np.array(rows), ["R"] * 12 + ["B"] * 12 + ["."], ("R", "B"))


def test_a_shadowed_empty_cell_shows_the_paper_where_a_top_would_be() -> None:
    """Ivory tops 0.14 darker than the paper: an empty cell whose circles neighbours' shadows cross
    (an outline as strong as an ivory draught's) shows the paper's colour there, so it is empty;
    a real ivory draught, even 40 % closer to the paper's colour than at calibration, is not."""
    model = _model(-0.14)
    shadowed = _row(-0.004, -0.009, 0.6, 0.13)
    ivory = _row(-0.09, 0.03, 0.6, 0.12)
    labels, margins = model.classify(np.array([shadowed, ivory]))
    assert labels == [".", "B"]
    assert margins[0] > 0.5


def test_white_stones_as_pale_as_the_paper_are_still_told_by_their_outline() -> None:
    """Tops hardly off the paper (white stones on white paper): their colour tells nothing, the
    outline and spread decide as before."""
    model = _model(-0.03)
    assert model.top_cut is not None and not np.isfinite(model.top_cut[1])
    labels, _ = model.classify(np.array([_row(-0.004, 0.0, 0.7, 0.13)]))
    assert labels == ["B"]


def test_a_closed_outline_is_a_token_whatever_its_top_shows() -> None:
    """A cap open side up whose lit inside fills the colour disc shows the paper's colour where
    a draught's top would be (caps up 0105 of ``set/``), yet its own outline goes all round:
    neighbours' shadows and sides never do, so it is still read."""
    model = _model(-0.14)
    labels, _ = model.classify(np.array([_row(-0.01, 0.0, 1.0, 0.7), _row(-0.01, 0.0, 0.9, 0.7)]))
    assert labels == ["B", "."]
