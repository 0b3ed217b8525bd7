"""Boards being set up on paper at the sensor's limit, read one-shot from exact photoreal frames
(``bench/photoreal``; the truth is each scene's JSON): the ones a person reads are read cell for
cell, the ones where pieces vanish in the white are still refused (``overexposed``).

Refused before issue 24's fourth round: go 801 (white stones plainly shaded, but a stone's shadow
put a piece of outline in an empty cell), go 803 (one black stone among seven white ones: too few
of a player's to see two groups), draughts 801 and 400 (ivory crescents whose outline share
overlapped the empty cells' neighbours' sides).
"""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.reader import BoardReader, VisionError
from vision.tokens import TokenGeometry, _own_arc

SETS = Path(__file__).resolve().parents[1] / "bench" / "photoreal"


def _read(folder: str, scene: str, frame: str) -> tuple[list[str] | None, list[str]]:
    """(the one-shot reading's rows, or None when refused; the truth's rows)."""
    truth = json.loads((SETS / folder / f"{scene}.json").read_text())
    colours = tuple(truth["colours"])
    named = colours if set(colours) == {"black", "white"} else None
    image = cv2.imread(str(SETS / folder / f"{scene}-{frame}.jpg"))
    assert image is not None
    try:
        reading = BoardReader(truth["game"], colours=named).read(image)
    except VisionError as exc:
        assert exc.reason == "overexposed"
        return None, truth["frames"][frame]["grid"]
    return ["".join(row) for row in reading.cells()], truth["frames"][frame]["grid"]


@pytest.mark.parametrize(("folder", "scene", "frame", "readable"), [
    # White stones plainly shaded (footprints 33-48 %), all alike; a stone's shadow apart from it
    # puts 29 % of outline in an empty cell, but no footprint.
    ("set-heldout3", "go-0801", "setup", True),
    # One black stone and seven white ones, their rims off the white half round or more.
    ("set-heldout3", "go-0803", "setup", True),
    # Ivory draughts: a shaded crescent each, in its own cell (29-46 % of their round).
    ("set-heldout3", "draught-0801", "setup", True),
    ("set-oneshot", "draught-0400", "setup", True),
    # Pastel red and blue draughts, every footprint plainly off the white (set-heldout4, refused
    # when scored once: the faintest footprints' pass took two shadows for pieces).
    ("set-heldout4", "draught-0900", "setup", True),
    # White stones that clip like the paper: nobody can find them.
    ("set-heldout3", "go-0802", "setup", False),
    ("set-heldout3", "go-0804", "start", False),
    # Some ivory draughts plain, others fading into the white: refused rather than read as holes.
    ("set-heldout3", "draught-0801", "start", False),
    ("set-heldout2", "draught-0702", "start", False),
    ("set-tune", "draught-0504", "start", False),
    # Black stones lit unevenly and white ones as white as the paper: read as 9 black and 3 white
    # stones of a board being set up before (set-heldout4's only wrong cells, scored once).
    ("set-heldout4", "go-0902", "play", False),
    # Stacks of two ivory and black draughts nearly straight down, a low lamp: every ivory stack
    # shows its outline all round, but the stacks' hard shadows put outline in the empty cells'
    # circles, so the outlines' pass took 9 empty cells for pieces (set-heldout5, refused when
    # scored once).
    ("set-heldout5", "draught-1001", "setup", True),
    # The same stand on the start and play positions: the ivory stacks clip like the paper.
    ("set-heldout5", "draught-1001", "start", False),
    ("set-heldout5", "draught-1001", "play", False),
])
def test_boards_on_clipped_paper_are_read_where_a_person_reads_them(
    folder: str, scene: str, frame: str, readable: bool
) -> None:
    reading, truth = _read(folder, scene, frame)
    assert reading == (truth if readable else None)


def _window(ppc: int = 28) -> tuple[np.ndarray, TokenGeometry]:
    """A cell window of clipped white paper (ppc + 2 pad pixels a side) and its geometry."""
    pad = ppc // 4
    geometry = TokenGeometry.build(ppc, pad, np.zeros((1, 2)))
    return np.full((1, geometry.window, geometry.window, 3), 255, np.uint8), geometry


def test_an_outline_counts_as_the_cells_own_only_when_it_lies_in_the_cell() -> None:
    """An ivory draught's crescent inside the cell is its own outline; a neighbour's piece
    reaching in from the window's margin, and a black piece's dark body, are not."""
    whites = np.full((1, 3), 255, np.uint8)
    crescent, geometry = _window()
    centre = geometry.window // 2
    cv2.ellipse(crescent[0], (centre, centre), (12, 12), 0, 20, 160, (215, 220, 230), 2)
    neighbour, _ = _window()
    cv2.circle(neighbour[0], (centre, geometry.window + 8), 20, (215, 220, 230), -1)
    dark, _ = _window()
    cv2.circle(dark[0], (centre, centre), 12, (60, 60, 60), -1)
    own = [float(_own_arc(window, whites, geometry)[0]) for window in (crescent, neighbour, dark)]
    assert own[0] >= 0.25 and own[1] == 0.0 and own[2] == 0.0



@pytest.mark.parametrize(("folder", "scene", "exposure"), [
    ("set-check5", "draught-1101", "-exp-3"),  # the start's empty cell 0.05, the play's 0.17
    ("set", "draught-0109", ""),  # 0.04 and 0.12
    ("set", "draught-0113", ""),  # 0.07 and 0.25
])
def test_live_an_empty_cell_above_the_start_ones_sample_stays_empty(folder: str, scene: str, exposure: str) -> None:
    """Live, calibrated on the start position (at the exposure the live board settled on): the
    start's one empty cell is a poor sample of the empty cells, and a threshold learnt from it
    read an empty cell of the play position (beside a stack or a draught) as a token. Wrong
    cells on ``main``: draughts 1101 of ``set-check5`` (stacks of two, 18 degrees of tilt,
    3 stops down), draughts 109 and 113 of ``set``."""
    truth = json.loads((SETS / folder / f"{scene}.json").read_text())
    reader = BoardReader("lewthwaite")
    start = cv2.imread(str(SETS / folder / f"{scene}-start{exposure}.jpg"))
    play = cv2.imread(str(SETS / folder / f"{scene}-play{exposure}.jpg"))
    assert start is not None and play is not None
    reader.calibrate(start, truth["frames"]["start"]["grid"])
    assert ["".join(row) for row in reader.read(play).cells()] == truth["frames"]["play"]["grid"]
