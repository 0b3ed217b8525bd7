"""Every stand the guide allows (``docs/physical.md``): tall pieces (bottle caps closed and open
side up, 10-15 mm; draughts stacked two high), the camera tilted up to 25 degrees, a bare desk
lamp's hard shadows, cells down to 20 pixels, bright paper. The start position is read one-shot
(the setup assistant has no calibration yet) and the game starts; hands are still refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import cv2
import numpy as np
import pytest

import main
from vision.capture import LiveBoard, start_grid
from vision.reader import BoardReader, VisionError, cell_pixels
from vision.synthetic import Photo, render_photo, stand_style


def _rows(grid: list[str] | list[list[str]]) -> list[str]:
    """Lewthwaite's grid as rows of text (its cells are one letter each)."""
    rows = [row for row in grid if isinstance(row, str)]
    assert len(rows) == len(grid)
    return rows


START = [row.upper() for row in _rows(start_grid("lewthwaite"))]
#: (piece style, height mm, tilt degrees, lamp elevation degrees or 0 for none)
STANDS = [
    ("cap_up", 13.0, 23.0, 25.0),  # the issue's stand: caps open side up, 23 degrees, a desk lamp
    ("cap", 15.0, 25.0, 20.0),
    ("stack", 16.0, 25.0, 30.0),
    ("draught", 8.0, 25.0, 25.0),
    ("cork", 6.0, 25.0, 40.0),
]


def _photo(
    stand: tuple[str, float, float, float], seed: int, grid: list[str] = START,
    frame_size: tuple[int, int] = (1280, 720), exposure: float = 1.0, fill: float = 0.85,
) -> Photo:
    style = stand_style(*stand, seed=seed, exposure=exposure, fill=fill)
    return render_photo("lewthwaite", grid, random.Random(f"stand-test-{seed}"), style, frame_size)


@pytest.mark.parametrize("stand", STANDS, ids=[s[0] for s in STANDS])
def test_start_position_is_read_one_shot_on_every_stand(stand: tuple[str, float, float, float]) -> None:
    for seed in (1, 2, 3):
        photo = _photo(stand, seed)
        assert BoardReader("lewthwaite").read(photo.image).grid == START, seed


def test_cells_of_twenty_pixels() -> None:
    photo = _photo(("cap", 13.0, 20.0, 30.0), 4, frame_size=(640, 360), fill=0.55)
    reader = BoardReader("lewthwaite")
    reading = reader.read(photo.image)
    assert 19 <= cell_pixels(reading.fix, reader.mat) <= 24
    assert reading.grid == START


def test_setup_assistant_starts_the_game_on_the_issue_stand() -> None:
    """``play --physical`` on a still picture of the issue's stand: a stable start position
    within a second, and calibration on it."""
    photo = _photo(STANDS[0], 3)

    class Still:
        fps, ended = 30.0, False

        def __init__(self) -> None:
            self.noise = np.random.default_rng(5)

        def read(self) -> np.ndarray:
            jitter = self.noise.integers(-2, 3, photo.image.shape)
            return np.clip(photo.image.astype(np.int16) + jitter, 0, 255).astype(np.uint8)

        def close(self) -> None:
            pass

    camera = Still()
    live = LiveBoard("lewthwaite", lambda: camera, threaded=False, fps=30)
    found = live.advance(0.3)
    assert found and found[-1].grid == START
    assert live.calibrate().grid == START


def test_bright_paper_with_strong_colours_reads_and_says_so() -> None:
    """A board being set up (16 tokens) on paper mostly at the sensor's limit: every token seen
    is strongly red or blue, so none missing can be hiding in the white: read, with a note."""
    rows = [list(row) for row in START]
    rng = random.Random(8)
    for r, c in rng.sample([(r, c) for r in range(5) for c in range(5) if START[r][c] != "."], 8):
        rows[r][c] = "."
    grid = ["".join(row) for row in rows]
    photo = _photo(("cork", 6.0, 10.0, 0.0), 8, grid, exposure=1.9)
    reading = BoardReader("lewthwaite").read(photo.image)
    assert reading.clipped >= 0.3
    assert reading.grid == grid
    assert any("pure white" in note for note in reading.notes)


def test_hands_over_tall_pieces_are_still_refused() -> None:
    """Whatever the tall pieces and their shadows are forgiven, a hand over the grid is not: the
    reading is refused, or (a hand that hides no cell) right. A sleeve the colour of paper in
    shade that crosses the sheet where the margin is narrow passes for paper, as it did before
    (``docs/vision.md``, limits): the reading then misses the tokens under it and says so, which
    the setup assistant never takes for the start position, and the live board, calibrated,
    sees the change of paper."""
    refused = 0
    for seed in range(9):
        stand = STANDS[seed % len(STANDS)]
        style = stand_style(*stand, seed=100 + seed)
        style.hand = True
        photo = render_photo("lewthwaite", START, random.Random(f"stand-hand-{seed}"), style)
        if not photo.hand_over_grid:
            continue
        try:
            reading = BoardReader("lewthwaite").read(photo.image)
        except VisionError as exc:
            refused += exc.reason == "covered"
            continue
        if reading.grid != START:
            assert any("expected" in note for note in reading.notes), seed
            assert sum(row.count(".") for row in reading.grid) > 1, seed
    assert refused >= 5


def test_play_physical_starts_on_three_seconds_of_the_issue_stand(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """``play lewthwaite --physical --camera FOLDER`` on 3 s of a picture of the start position on
    the issue's stand (caps open side up, 23 degrees, a desk lamp): the setup assistant starts the
    game (before, the caps' sides and shadows over the margin were taken for a hand)."""
    photo = _photo(STANDS[0], 3)
    for k in range(15):
        cv2.imwrite(str(tmp_path / f"frame{k:02d}.jpg"), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    code = main.main(["play", "lewthwaite", "--physical", "--camera", str(tmp_path), "--camera-fps", "10",
                      "--frames", "80", "--json"])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0 and summary["physical"]["phase"] == "play", summary["physical"]


PHOTOREAL = Path(__file__).resolve().parents[1] / "bench" / "photoreal" / "set-stands"


@pytest.mark.parametrize("scene", ["cap_down-0308", "draught-0307"])
def test_pale_pieces_on_paper_at_the_sensors_limit_are_read_one_shot(scene: str) -> None:
    """Photoreal renders whose paper is 100 % at the sensor's limit: very pale pink and sky-blue
    caps, ivory draughts. A person reads them (a pastel's darkest channel, the pieces' shaded
    sides on the flat white); one-shot they were refused as ``overexposed``."""
    truth = json.loads((PHOTOREAL / f"{scene}.json").read_text())
    pair = truth["colours"]
    colours = (pair[0], pair[1]) if set(pair) == {"black", "white"} else None
    image = cv2.imread(str(PHOTOREAL / f"{scene}-start.jpg"))
    assert image is not None
    reading = BoardReader("lewthwaite", colours=colours).read(image)
    assert reading.clipped > 0.9
    assert reading.grid == truth["frames"]["start"]["grid"]


def test_white_stones_as_white_as_the_paper_are_still_refused() -> None:
    """Go 304: seven white stones clip exactly like the paper (not a pixel off it): nobody can
    tell where they are, so the one-shot reading is refused, not guessed."""
    image = cv2.imread(str(PHOTOREAL / "go-0304-start.jpg"))
    assert image is not None
    with pytest.raises(VisionError) as refused:
        BoardReader("lewthwaite", colours=("black", "white")).read(image)
    assert refused.value.reason == "overexposed"


def _warm_lamp(seed: int, tint: float, hand: bool = False) -> Photo:
    """Issue 39's stand: caps 11.7 mm tall at 23 degrees, a bare warm desk lamp whose shadows the
    room's cooler light fills (``tint`` > 0: bluer than the paper, log)."""
    rng = random.Random(f"warm-{seed}")
    style = stand_style("cap", 11.7, 23.0, rng.choice((25.0, 30.0, 35.0, 45.0)), seed=700 + seed)
    style.shadow_tint, style.shadow_fill, style.hand = tint, 0.5, hand
    return render_photo("lewthwaite", START, random.Random(f"warm-photo-{seed}"), style)


def test_the_start_is_read_under_a_warm_lamp_whose_shadows_are_blue() -> None:
    """A warm lamp's hard shadows, filled by the room's daylight, are much bluer than the lit
    paper (0.3 in log here; 0.2 was the most forgiven): they are shade, not a hand, and the
    start position is read one-shot, so the setup starts (issue 39's refusal as "covered")."""
    for seed in range(6):
        assert BoardReader("lewthwaite").read(_warm_lamp(seed, 0.3).image).grid == START, seed


def test_hands_are_still_refused_under_a_warm_lamp() -> None:
    """Forgiving bluer shade does not let a hand through: skin is warmer than the paper."""
    refused = seen = 0
    for seed in range(12):
        photo = _warm_lamp(seed, 0.3, hand=True)
        if not photo.hand_over_grid:
            continue
        seen += 1
        try:
            reading = BoardReader("lewthwaite").read(photo.image)
        except VisionError as exc:
            refused += exc.reason == "covered"
            continue
        if reading.grid != START:  # a hand that hides no token, or a reading that says it is short
            assert any("expected" in note for note in reading.notes), seed
    assert seen >= 4 and refused >= seen - 1, (refused, seen)
