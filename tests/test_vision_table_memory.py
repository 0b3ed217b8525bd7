"""Issue 22: the synthetic camera's share of a physical game's memory, and its frames' noise.

The table camera held 22 MB of sensor noise (four pairs of whole frames), 16 MB of composed
frames, float patches of pieces and hands and the flat mat it photographed once: about 60 MB at
the peak of a physical Lewthwaite game. These tests film a scripted game and bound what an open
camera keeps, and check that its frames still get fresh sensor noise of the same strength.
"""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest

from games.boards import Picture
from games.budget import MB, sizeof
from games.visitor import Shot
from vision import synthetic
from vision.boards import board_of
from vision.capture import start_grid
from vision.reader import BoardReader, VisionError
from vision.table import TableCamera

#: What an open table camera may keep while filming a game (1280x720 frames): the empty mat's
#: photograph, the noise, and its caches of pieces, hands and frames.
CAMERA_BYTES = 20 * MB


def _game_shots() -> list[Shot]:
    """A Lewthwaite game's shots: ten slides into the empty cell, each a hand over the cell
    (3 frames) then the board left still (5 frames)."""
    grid = [list(row) for row in start_grid(board_of("lewthwaite"))]
    empty = (2, 2)
    shots = [Shot(picture=Picture(tuple(tuple(row) for row in grid), ()), hand=None)] * 5
    for k in range(10):
        r, c = empty
        neighbours = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                      if 0 <= r + dr < 5 and 0 <= c + dc < 5]
        source = neighbours[k % len(neighbours)]
        grid[r][c], grid[source[0]][source[1]] = grid[source[0]][source[1]], "."
        empty = source
        picture = Picture(tuple(tuple(row) for row in grid), ())
        shots += [Shot(picture=picture, hand=(r, c))] * 3
        shots += [Shot(picture=picture, hand=None)] * 5
    return shots


def _kept(camera: TableCamera) -> int:
    """Bytes the camera holds: its photograph, its noise and its caches."""
    caches = (camera._pieces, camera._hands, camera._frames)
    noise = 0 if camera._noise is None else sizeof(camera._noise)
    return noise + camera.base.nbytes + sum(cache.nbytes for cache in caches)


def test_an_open_table_camera_filming_a_game_stays_within_its_budget() -> None:
    synthetic._flat_mat.cache_clear()
    shots = _game_shots()
    camera = TableCamera(board_of("lewthwaite"), iter(shots).__next__, seed=7)
    # The flat mat is photographed once: the camera does not keep it in the shared cache.
    assert synthetic._flat_mat.cache.nbytes == 0
    peak = 0
    for _ in shots:
        assert camera.read() is not None
        peak = max(peak, _kept(camera))
    assert peak <= CAMERA_BYTES, f"{peak / MB:.1f} MB"
    # A still board is composed once and read again (the frames cache still serves it).
    assert camera._frames.hits >= len(shots) // 2
    camera.close()
    assert _kept(camera) == camera.base.nbytes


def test_the_table_cameras_noise_is_fresh_every_frame_and_as_strong_as_a_sensors() -> None:
    board = board_of("lewthwaite")
    picture = Picture(tuple(tuple(row) for row in start_grid(board)), ())
    camera = TableCamera(board, lambda: Shot(picture=picture, hand=None), seed=5)
    clean = camera.compose(picture).astype(np.int16)
    frames = [camera.read() for _ in range(12)]
    noises = [frame.astype(np.int16) - clean for frame in frames if frame is not None]
    assert len(noises) == 12
    # Every frame's noise is its own (the old camera cycled through four).
    for k, noise in enumerate(noises):
        assert all(not np.array_equal(noise, other) for other in noises[k + 1:]), k
    # Of the sensor's strength: high - low with both uniform over 0..3 (mean 0, deviation ~1.58,
    # less where the picture is clipped), and independent from one frame to the next.
    for noise in noises:
        assert abs(float(noise.mean())) < 0.1
        assert 1.3 < float(noise.std()) < 1.7
        assert int(np.abs(noise).max()) <= 3
    pairs = [np.corrcoef(a.ravel()[::7], b.ravel()[::7])[0, 1] for a, b in zip(noises, noises[1:], strict=False)]
    assert max(abs(float(r)) for r in pairs) < 0.05


def test_a_new_hand_is_painted_on_the_part_of_the_frame_it_reaches() -> None:
    """A hand used to be painted on a whole frame of floats (27 MB at the median, 41 MB at most,
    for a moment: a real-time soak sampled one at 353 MB); now on the box its arm and shadow
    reach, with the pixels a whole frame gives."""
    import random
    import statistics
    import tracemalloc

    peaks = []
    board = board_of("lewthwaite")
    still = Shot(Picture(board.empty_grid(), ()))
    for seed in range(4):
        camera = TableCamera(board, lambda: still, seed=seed)  # never filmed here
        for cell in [(r, c) for r in range(5) for c in range(5)][::3]:
            camera._hands.clear()
            tracemalloc.start()
            camera._hand(cell)
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
    assert max(peaks) <= 26 * MB and statistics.median(peaks) <= 18 * MB, (max(peaks), statistics.median(peaks))
    # The box's pixels are the whole frame's.
    size, frame = 150.0, (1280, 720)
    for seed in range(8):
        target = (random.Random(seed).uniform(0, 1280), random.Random(-seed).uniform(0, 720))
        whole = np.full((720, 1280, 3), 255.0, np.float32)
        whole_mask = synthetic.draw_hand(whole, random.Random(seed), target, size)
        parts = synthetic.hand_parts(random.Random(seed), target, size, frame)
        x0, y0, x1, y1 = synthetic.hand_box(parts, size, frame)
        box = np.full((y1 - y0, x1 - x0, 3), 255.0, np.float32)
        mask = synthetic.paint_hand(box, parts, size, origin=(x0, y0))
        # (The blur's vector code may round the last bit differently at another row width.)
        assert np.abs(box - whole[y0:y1, x0:x1]).max() < 1e-3 and np.array_equal(mask, whole_mask[y0:y1, x0:x1])
        outside = whole.copy()
        outside[y0:y1, x0:x1] = 255.0
        assert (outside == 255.0).all() and whole_mask.sum() == mask.sum(), seed


def test_a_frame_refused_for_its_markers_is_freed_at_once() -> None:
    """A hand over the Lightning mat's corners refuses frame after frame ("no markers", tried on
    both mats). Each refusal once tied the frame and its greys (about 5 MB at 720p) into a cycle
    of errors and tracebacks that only the garbage collector could free: up to 14 of them waited
    at once during a game, 40 MB. With automatic collection off, the frame must go when its
    reader is done with it."""
    reader = BoardReader("lightning")  # either mat: both are tried
    gc.collect()
    gc.disable()
    try:
        frame = np.random.default_rng(3).integers(0, 256, (720, 1280, 3), dtype=np.uint8)
        gone = weakref.ref(frame)
        with pytest.raises(VisionError) as refused:
            reader.read(frame)
        assert refused.value.reason == "no_markers"
        del refused, frame
        assert gone() is None
    finally:
        gc.enable()
