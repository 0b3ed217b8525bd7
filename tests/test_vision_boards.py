"""Vision reads what the board description says: no game name in ``vision/``, a board it has
never heard of is printed, photographed and read back, and the mats already printed keep their
markers and geometry."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path

import cv2
import numpy as np
import pytest

from games.registry import installed_games, spec
from tests.boards_for_tests import TINY_MARKER_IDS, OneKindBoard, TinyTokenBoard, slide
from vision.mats import PIECE_READING, layout, mat_description, render_mat
from vision.reader import BoardReader, VisionError, detect_markers
from vision.synthetic import CameraStyle, render_photo

VISION = Path(__file__).resolve().parent.parent / "vision"


def test_no_game_name_in_vision():
    """Vision takes a board description: no game's key (nor its name) in any of its files."""
    keys = {info.key for info in installed_games()} | {"awele", "awélé", "juniper", "lewthwaite", "lightning"}
    # A key between non-letters (``random_lewthwaite_grid`` counts; a short key inside a word does not).
    pattern = re.compile("(?<![a-zé])(" + "|".join(sorted(keys)) + ")(?![a-zé])", re.IGNORECASE)
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(VISION.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, "game names in vision/:\n" + "\n".join(found)


def test_a_board_vision_never_heard_of_prints_with_its_own_markers():
    board = TinyTokenBoard()
    mat = layout(board)
    assert (mat.rows, mat.cols, mat.marker_ids) == (3, 4, TINY_MARKER_IDS)
    image = render_mat(mat, 100 / 25.4)
    found = detect_markers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    assert sorted(found) == sorted(TINY_MARKER_IDS)
    description = mat_description(mat, 100 / 25.4)
    for marker in description["markers"]:
        assert np.abs(found[marker["id"]] - np.array(marker["corners"])).max() < 2.0


@pytest.mark.parametrize("seed", range(2))
def test_a_board_vision_never_heard_of_is_read_back_exactly(seed):
    board = TinyTokenBoard()
    position = slide(board.start_grid(), (1, 2), (1, 1))  # one token slid into the hole
    grid = ["".join(row) for row in position]
    rng = random.Random(f"tiny-{seed}")
    style = CameraStyle(tilt_deg=rng.uniform(5, 20), yaw_deg=rng.choice((0, 90, 180, 270)) + rng.uniform(-10, 10),
                        fill=0.85, noise=2.0, blur=0.4)
    photo = render_photo(board, grid, rng, style)
    assert photo.game == "tinygrid"
    assert BoardReader(board).read(photo.image).grid == grid
    # The usual token game's reader does not take it for its own mat.
    with pytest.raises(VisionError) as caught:
        BoardReader(spec("lewthwaite").default_board()).read(photo.image)
    assert caught.value.reason == "no_markers"


#: The printed mats' markers, geometry (``mat.json`` at 300 dpi) and pixels (4 px/mm) per sheet
#: as they were printed before the board descriptions took them over (without the cells' names:
#: mats already on tables must keep working), and the pixels as printed since issue 39 (with
#: them).
PRINTED = [
    ("lewthwaite", "standard", [(0, 1, 2, 3)], [("dfd4c735a400", "d6fc517076cf", "686787938ce9")]),
    ("lightning", "standard", [(4, 5, 6, 7)], [("e869150239c7", "f3356c2555be", "e345f588031b")]),
    ("lightning", "kids", [(8, 9, 10, 11), (12, 13, 14, 15)],
     [("c9adaa551de6", "d63b4f228074", "f213fa34520e"), ("b0d00cf60f44", "8a791e458ee2", "f09554f2619c")]),
]


@pytest.mark.parametrize(("game", "variant", "markers", "digests"), PRINTED)
def test_printed_mats_keep_their_markers_geometry_and_pixels(game, variant, markers, digests):
    mat = layout(spec(game).default_board(), variant=variant)
    assert [tuple(ids) for ids in mat.sheet_markers] == markers
    for sheet, (geometry, pixels, named) in enumerate(digests):
        text = json.dumps(mat_description(mat, 300 / 25.4, sheet))
        assert hashlib.sha1(text.encode()).hexdigest()[:12] == geometry
        image = np.ascontiguousarray(render_mat(mat, 4.0, sheet, names=False))
        assert hashlib.sha1(image.tobytes()).hexdigest()[:12] == pixels
        image = np.ascontiguousarray(render_mat(mat, 4.0, sheet))
        assert hashlib.sha1(image.tobytes()).hexdigest()[:12] == named


@pytest.mark.parametrize(("game", "variant"), [("lewthwaite", "standard"), ("lightning", "standard"),
                                               ("lightning", "kids"), ("hexapawn", "standard")])
def test_printed_mats_name_every_cell_as_the_screen_does(game, variant):
    """Each cell's column letter and row number are printed beside the grid, on the cell's own
    sheet, level with it: the names the screen's sentences use ("e1", "a34")."""
    board = spec(game).default_board()
    mat = layout(board, variant=variant)
    names = {(text, sheet): centre for text, sheet, centre, _, _ in mat.cell_names}
    for r, c in board.cells():
        label = board.cell_label((r, c))
        letters, number = label.rstrip("0123456789"), label[len(label.rstrip("0123456789")):]
        sheet = mat.sheet_of_cell(r, c)
        x, y = mat.center(r, c)
        assert abs(names[(letters, sheet)][0] - x) < 0.01, label
        assert abs(names[(number, sheet)][1] - y) < 0.01, label
    # Their ink lies outside the grid, clear of every paper sample the reader takes (the grid's
    # vertices, the ring around it: patches of 2 px at 28 px a cell for tokens, at 20 px or more
    # for tiles, and half a mm more): a mat with names reads as one without.
    scale = 4.0
    ring = PIECE_READING[board.pieces]["ring_offset"] * mat.cell
    guard = 2 / 28 * mat.cell + 0.5 if board.pieces == "tokens" else 2 / 20 * mat.cell + 0.5
    for sheet in range(mat.sheets):
        ink = np.any(render_mat(mat, scale, sheet) != render_mat(mat, scale, sheet, names=False), axis=2)
        assert ink.sum() > 100
        for b, (bx, by, bw, bh) in enumerate(mat.blocks):
            if mat.block_sheet[b] != sheet:
                continue
            x0, y0, x1, y1 = (round(v * scale) for v in (bx, by, bx + bw, by + bh))
            assert not ink[y0:y1, x0:x1].any()
            rows, cols = round(bh / mat.cell), round(bw / mat.cell)
            points = [(bx + j * mat.cell, by + i * mat.cell) for i in range(rows + 1) for j in range(cols + 1)]
            points += [(bx + (j + 0.5) * mat.cell, y) for j in range(cols) for y in (by - ring, by + bh + ring)]
            points += [(x, by + (i + 0.5) * mat.cell) for i in range(rows) for x in (bx - ring, bx + bw + ring)]
            for px, py in points:
                near = ink[max(0, round((py - guard) * scale)):round((py + guard) * scale),
                           max(0, round((px - guard) * scale)):round((px + guard) * scale)]
                assert not near.any(), (game, variant, px, py)


def test_no_two_mats_share_a_marker():
    boards = [spec(info.key).default_board() for info in installed_games()]
    boards = [board for board in boards if board.readable] + [TinyTokenBoard(), OneKindBoard()]
    ids = [mid for board in boards for variant in board.mat_variants
           for mid in layout(board, variant=variant).marker_ids]
    assert len(ids) == len(set(ids))


def test_the_live_board_calibrates_on_an_unknown_board_and_sees_a_move():
    """The live reader of the physical-board mode, on the test-only board through the synthetic
    camera: it learns the colours on the start position, then reads a slide."""
    from vision.capture import LiveBoard, start_grid
    from vision.sources import SyntheticCamera

    board = TinyTokenBoard()
    camera = SyntheticCamera(board, start_grid(board), seed=3)
    live = LiveBoard(board, lambda: camera, threaded=False, stable_frames=3)
    live.start()
    for _ in range(2):
        live.poll()
    live.calibrate()
    assert live.calibrated
    accepted = [r for r in (live.poll() for _ in range(5)) if r]
    assert [r.grid for r in accepted] == [["YPYP", "P.PY", "YPYP"]]
    moved = ["".join(row) for row in slide(board.start_grid(), (0, 1), (1, 1))]
    camera.show(moved)
    accepted = [r for r in (live.poll() for _ in range(6)) if r]
    assert [r.grid for r in accepted] == [moved]
    live.stop()


def test_the_calibration_screen_source_films_an_unknown_board():
    """The calibration screen's camera side on the test-only board: it calibrates, and its
    pretend moves (the board knows no game state) change a cell the reader then sees."""
    from vision.calibration import LiveCalibration

    source = LiveCalibration(TinyTokenBoard(), "synthetic", seed=2, threaded=False)
    assert (source.game, source.pieces, source.token_codes) == ("tinygrid", "tokens", ("Y", "P"))
    source.start()
    for _ in range(3):
        source.poll()
    assert source.calibrate() == ""
    assert source.camera is not None
    for _ in range(10):  # a pretend move may put the same piece back
        source.random_move()
        if source.camera.grid != ["YPYP", "P.PY", "YPYP"]:
            break
    assert source.camera.grid != ["YPYP", "P.PY", "YPYP"]
    for _ in range(8):
        source.poll()
    assert source.grid == source.camera.grid
    source.stop()


def test_a_board_with_pieces_but_no_mat_is_not_offered_to_the_camera():
    from games.boards import BoardDescription
    from vision.boards import has_mat, readable_boards

    class NoMat(BoardDescription):
        pieces = "tokens"
        token_codes = ("T",)

    assert not has_mat(NoMat(3, 4)) and has_mat(TinyTokenBoard())
    with_pieces = [info.key for info in installed_games() if spec(info.key).default_board().pieces != "none"]
    assert [board.game for board in readable_boards()] == with_pieces


def test_tokens_all_alike_are_read_one_shot_and_live():
    """A board whose tokens are all alike (one token code, as a Nim-like game): no colours to
    tell apart, one-shot or once calibrated."""
    from vision.capture import LiveBoard, start_grid
    from vision.sources import SyntheticCamera

    board = OneKindBoard()
    taken = ["TTT.", "TT..", "T..."]
    photo = render_photo(board, taken, random.Random(1), CameraStyle(tilt_deg=10, fill=0.85, noise=2, blur=0.4))
    assert BoardReader(board).read(photo.image).grid == taken
    camera = SyntheticCamera(board, start_grid(board), seed=3)
    live = LiveBoard(board, lambda: camera, threaded=False, stable_frames=3)
    live.start()
    for _ in range(2):
        live.poll()
    live.calibrate()
    assert [r.grid for r in (live.poll() for _ in range(5)) if r] == [["TTTT"] * 3]
    camera.show(taken)
    assert [r.grid for r in (live.poll() for _ in range(6)) if r] == [taken]
    live.stop()
