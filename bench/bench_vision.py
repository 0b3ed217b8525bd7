"""Vision bench: accuracy over 1000 held-out synthetic photographs per game, hands, timing, and
the held-out photoreal renders (``bench/photoreal``: Blender's Cycles, seeds 100 and up).

Run with ``make bench`` (or ``.venv/bin/python -m pytest -q -s -m bench bench/bench_vision.py``).
``VISION_BENCH_PHOTOS`` changes the number of synthetic photographs (default 1000). The seeds
used here (10000 and up; photoreal 100 and up) are never used by the tests or while tuning.
"""

import os

# The reader's matrices are tiny: a BLAS thread pool only costs time on a busy 2-core machine.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import collections  # noqa: E402
import multiprocessing  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from games.lewthwaite.rules import LewthwaiteParams  # noqa: E402
from games.lightning.tiles import all_tiles  # noqa: E402
from vision.capture import StableBoard, SyntheticCamera, start_grid  # noqa: E402
from vision.reader import BoardReader, VisionError  # noqa: E402
from vision.synthetic import random_photo  # noqa: E402

PHOTOS = int(os.environ.get("VISION_BENCH_PHOTOS", "1000"))
HELD_OUT = 10_000


def _classes(game):
    if game == "lewthwaite":
        return ["R", "B", "."]
    return [str(t) for t in all_tiles()] + ["."]


def _print_confusion(game, confusion, classes):
    predicted = classes + sorted({p for (_, p) in confusion if p not in classes})
    width = 7
    print(f"\n{game}: confusion matrix (rows: truth, columns: reading)")
    print(" " * 6 + "".join(f"{p:>{width}}" for p in predicted) + f"{'recall':>9}")
    for truth in classes:
        row = [confusion.get((truth, p), 0) for p in predicted]
        total = sum(row)
        recall = confusion.get((truth, truth), 0) / total if total else float("nan")
        print(f"{truth:>6}" + "".join(f"{n:>{width}}" for n in row) + f"{recall:>9.4f}")


def _evaluate(job):
    """Read one held-out photograph: (Counter of (truth, reading) cells, rejection reason or None)."""
    game, seed = job
    photo = random_photo(game, seed)
    try:
        reading = BoardReader(game).read(photo.image)
    except VisionError as exc:
        return collections.Counter(), exc.reason
    cells = collections.Counter()
    for truth_row, read_row in zip(photo.grid, reading.grid, strict=True):
        for truth, read in zip(truth_row, read_row, strict=True):
            cells[(truth, read)] += 1
    return cells, None


@pytest.mark.bench
@pytest.mark.timeout(7200)
@pytest.mark.parametrize("game", ["lewthwaite", "lightning"])
def test_accuracy(game):
    confusion = collections.Counter()
    rejected = collections.Counter()
    cells_per_photo = 25 if game == "lewthwaite" else 272
    wrong_photos = 0
    jobs = [(game, HELD_OUT + k) for k in range(PHOTOS)]
    # Rendering dominates: two worker processes (the machine has two cores).
    with multiprocessing.get_context("spawn").Pool(min(2, os.cpu_count() or 1)) as pool:
        for cells, reason in pool.imap_unordered(_evaluate, jobs, chunksize=8):
            if reason is not None:
                rejected[reason] += 1
                continue
            confusion.update(cells)
            wrong_photos += any(t != p for (t, p) in cells)
    read_cells = sum(confusion.values())
    right = sum(n for (t, p), n in confusion.items() if t == p)
    all_cells = PHOTOS * cells_per_photo
    print(
        f"\n{game}: {PHOTOS} photographs, {sum(rejected.values())} rejected {dict(rejected)}, "
        f"{wrong_photos} with a misread cell"
    )
    print(
        f"{game}: cells right in read photographs {right}/{read_cells} = {right / max(read_cells, 1):.4%}; "
        f"counting rejected photographs as wrong {right}/{all_cells} = {right / all_cells:.4%}"
    )
    _print_confusion(game, confusion, _classes(game))
    assert right / all_cells >= 0.995


@pytest.mark.bench
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("game", ["lewthwaite", "lightning"])
def test_no_state_accepted_under_a_hand(game):
    """Live pipeline (calibrated, motion gate, 5 stable frames): a hand over the board yields no state."""
    scenes = max(10, PHOTOS // 20)
    accepted_under_hand = 0
    hand_frames = 0
    oneshot_wrong = oneshot_flagged = 0
    for k in range(scenes):
        camera = SyntheticCamera(game, start_grid(game), seed=HELD_OUT + k)
        reader = BoardReader(game)
        board = StableBoard(reader, stable_frames=5)
        for _ in range(3):
            frame = camera.read()
            board.feed(frame)
        try:
            reader.calibrate(frame, start_grid(game))
        except VisionError:
            continue
        rng = random.Random(k)
        if game == "lewthwaite":
            state = LewthwaiteParams().new_initial_state()
            for _ in range(rng.randint(1, 8)):
                moves = state.legal_moves()
                if moves:
                    state = state.play(rng.choice(moves))
            grid = state.diagram().upper().splitlines()
        else:
            grid = [
                [str(rng.choice(all_tiles())) if rng.random() < 0.3 else "." for _ in range(8)]
                for _ in range(34)
            ]
        camera.show(grid, hand=True)
        before = board.accepted
        for _ in range(12):
            frame = camera.read()
            if not camera.hand_over_grid:
                continue  # this hand missed the grid: nothing to prove on this scene
            hand_frames += 1
            result = board.feed(frame)
            if result is not None and result is not before:
                accepted_under_hand += 1
            try:
                one = BoardReader(game).read(frame)
                if one.grid != grid:
                    oneshot_wrong += 1
                    oneshot_flagged += bool(one.notes) or one.confidence < 0.2
            except VisionError:
                pass
    print(
        f"\n{game}: {scenes} scenes, {hand_frames} frames with a hand over the board: "
        f"{accepted_under_hand} states accepted by the live pipeline; "
        f"{oneshot_wrong} one-shot readings (no calibration, no gate) came back wrong instead of refused, "
        f"{oneshot_flagged} of them with a warning note or a confidence below 0.2"
    )
    assert accepted_under_hand == 0


@pytest.mark.bench
@pytest.mark.parametrize(("game", "size"), [("lewthwaite", (1280, 720)), ("lightning", (1280, 720)),
                                            ("lightning", (1920, 1080))])
def test_timing(game, size, report):
    """Median time per frame: live (markers kept while still) and one-shot (markers found anew)."""
    live_times, fresh_times, live_cpu = [], [], []
    for k in range(5):
        grid = start_grid(game) if game == "lewthwaite" else random_photo(game, HELD_OUT + k).grid
        camera = SyntheticCamera(game, grid, seed=HELD_OUT + 100 + k)
        if size != (1280, 720):
            from vision.synthetic import render_photo

            photo = render_photo(game, grid, random.Random(k), camera.style, frame_size=size)
            noise = [np.random.default_rng(j).integers(-3, 4, photo.image.shape, dtype=np.int16) for j in range(4)]
            frames = [np.clip(photo.image + noise[j % 4], 0, 255).astype(np.uint8) for j in range(12)]
        else:
            frames = [camera.read() for _ in range(12)]
        reader = BoardReader(game)
        try:
            reader.read(frames[0])
        except VisionError:
            continue
        for frame in frames[1:]:
            start, cpu = time.perf_counter(), time.process_time()
            reader.read(frame)
            live_times.append(time.perf_counter() - start)
            live_cpu.append(time.process_time() - cpu)
        for frame in frames[1:4]:
            start = time.perf_counter()
            BoardReader(game).read(frame)
            fresh_times.append(time.perf_counter() - start)
    live = statistics.median(live_times) * 1000
    fresh = statistics.median(fresh_times) * 1000
    cpu = statistics.median(live_cpu) * 1000
    budget = 15 if game == "lewthwaite" else 40
    print(
        f"\n{game}: median per {size[0]}x{size[1]} frame: live {live:.1f} ms (homography kept, {len(live_times)} fr.),"
        f" one-shot {fresh:.1f} ms (markers detected, {len(fresh_times)} frames); {os.cpu_count()} cores;"
        f" load average {os.getloadavg()[0]:.1f}"
    )
    report(f"vision {game} live ms/frame {size[0]}x{size[1]} (wall)", f"{live:.1f}", f"<= {budget}")
    # On a shared machine the wall clock counts other programs' time: the CPU time this process
    # spent is what a quiet kiosk would wait, and what the budget is checked on.
    report(f"vision {game} live ms/frame {size[0]}x{size[1]} (CPU)", f"{cpu:.1f}", f"<= {budget}")
    if size == (1280, 720):
        assert cpu <= budget
    report(f"vision {game} one-shot ms/frame {size[0]}x{size[1]}", f"{fresh:.1f}", "")


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_lightning_tiles_laid_by_a_child():
    """Held-out synthetic photographs with tiles up to 2 mm and 8 degrees off (sheet across the frame)."""
    from vision.synthetic import CameraStyle, random_grid, render_photo

    right = total = refused = 0
    for k in range(max(20, PHOTOS // 25)):
        rng = random.Random(f"bench-child-{k}")
        mat_rows, mat_cols = 34, 8
        grid = random_grid("lightning", rng)
        style = CameraStyle(tilt_deg=rng.uniform(0, 30), yaw_deg=rng.choice((0, 180)) + rng.uniform(-12, 12),
                            fill=rng.uniform(0.8, 0.97), shift=(rng.random(), rng.random()),
                            light_gradient=rng.uniform(0, 0.5), white_balance=(rng.uniform(0.85, 1.1), 1.0,
                            rng.uniform(0.85, 1.1)), noise=rng.uniform(1, 6), blur=rng.uniform(0, 1.0),
                            jpeg_quality=rng.randint(50, 95), child_tiles_mm=2.0)
        photo = render_photo("lightning", grid, rng, style)
        total += mat_rows * mat_cols
        try:
            reading = BoardReader("lightning").read(photo.image)
        except VisionError:
            refused += 1
            continue
        right += sum(t == r for tr, rr in zip(grid, reading.grid, strict=True) for t, r in zip(tr, rr, strict=True))
    print(f"\nlightning, tiles up to 2 mm / 8 degrees off: {right}/{total} = {right / total:.2%}, {refused} refused")
    assert right / total >= 0.995


def _photoreal():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent / "photoreal"))
    import evaluate

    return evaluate


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_photoreal_held_out(report):
    """Held-out photoreal renders (``bench/photoreal/set-headroom``, seeds 100 and up, rendered
    with headroom so that light above the paper's keeps its detail), read one-shot and live with
    the product's exposure control: >= 99.5 % cells right per style in both modes (a refused
    frame counts all its cells wrong); no state accepted under a hand."""
    evaluate = _photoreal()
    tally, lines = _evaluate_set(evaluate, "set-headroom", evaluate.HELD_OUT, "held-out seeds >= 100",
                                 "--headroom 3 --exposure-steps 3 ...")
    for style in sorted(tally.scenes):
        for mode in ("one-shot", "live"):
            key = (style, mode)
            report(f"photoreal {style} {mode} cells right", f"{tally.rate(key):.2%}", ">= 99.5 %")
            if tally.refused[key]:
                report(f"photoreal {style} {mode} cells right, frames read", f"{tally.rate_read(key):.2%}",
                       f"{tally.refused[key]} frames refused")
    report("photoreal states accepted under a hand", f"{tally.accepted_under_hand}/{tally.hand_frames} fr.", "0")
    assert tally.accepted_under_hand == 0
    assert all(tally.rate((style, "live")) >= 0.995 for style in tally.scenes), lines
    assert all(tally.rate_read(key) >= 0.995 for key in tally.total), lines
    # The target counts refused frames wrong: one-shot photos whose paper is clipped at white
    # are refused (overexposed), and this fails until no held-out photo is (docs/vision.md).
    assert all(tally.rate(key) >= 0.995 for key in tally.total), lines


def _evaluate_set(evaluate: Any, name: str, first_seed: int, title: str, how: str) -> tuple[Any, list[str]]:
    """Read every scene of ``bench/photoreal/NAME`` from ``first_seed`` on (exposure control on),
    print the report and the first errors; the tally and the report's lines."""
    truths = evaluate.scenes(range(first_seed, 10_000), folder=evaluate.SET_DIR.with_name(name))
    assert truths, f"no scenes in {name}: run bench/photoreal/make_set.py {how}"
    tally = evaluate.evaluate(truths, exposure_control=True)
    lines = evaluate.report(tally)
    print(f"\nphotoreal {title} ({name}):\n" + "\n".join(lines))
    if tally.errors:
        print("\n".join(tally.errors[:40]))
    return tally, lines


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_photoreal_stands(report):
    """Held-out photoreal renders of the stands the guide allows (``bench/photoreal/set-stands``,
    seeds 300 and up, never tuned on): caps open and closed side up 10-15 mm high, stacks of two
    draughts, tilts up to 25 degrees, a bare desk lamp's hard shadows, bright paper (a board
    being set up on paper at the sensor's limit). The setup assistant starts the game on every
    scene; one-shot and live >= 99.5 % cells right per style (refusals count wrong); no state
    accepted under a hand."""
    evaluate = _photoreal()
    tally, lines = _evaluate_set(evaluate, "set-stands", 300, "stands, held-out seeds >= 300",
                                 "--stand ... --out bench/photoreal/set-stands")
    for style in sorted(tally.scenes):
        report(f"photoreal stands {style}: setup started", f"{tally.setup_done[style]}/{tally.setup_tried[style]}",
               "all")
        for mode in ("one-shot", "live"):
            report(f"photoreal stands {style} {mode} cells right", f"{tally.rate((style, mode)):.2%}", ">= 99.5 %")
    report("photoreal stands states accepted under a hand", f"{tally.accepted_under_hand}/{tally.hand_frames} fr.", "0")
    assert tally.accepted_under_hand == 0
    assert all(tally.setup_done[style] == tally.setup_tried[style] for style in tally.setup_tried), lines
    assert all(tally.rate((style, "live")) >= 0.995 for style in tally.scenes), lines
    # One-shot with refusals counted wrong: frames of pale pieces on paper at the sensor's limit
    # are refused (overexposed), and this fails until none is (docs/vision.md, the stands set).
    assert all(tally.rate(key) >= 0.995 for key in tally.total), lines


@pytest.mark.bench
@pytest.mark.timeout(3600)
@pytest.mark.parametrize(("name", "first_seed"), [("set-oneshot", 400), ("set-heldout", 600)])
def test_photoreal_oneshot_set(report, name, first_seed):
    """Photoreal sets of issue 24 kept without their frames at lower exposure, so read one-shot
    only: >= 99.5 % cells right per style, refusals counted wrong (the issue's target).

    ``set-oneshot`` (seeds 400 and up): held out for the lift, tuned on since for the outline and
    the lamp's glare. ``set-heldout`` (seeds 600 and up): held out for those and scored once
    (``bench/photoreal/set-heldout/README.md``), tuned on since for the black-and-white split and
    boards being set up; the held-out set is now ``set-heldout2``
    (:func:`test_photoreal_heldout_set`). Both: go stones, draughts (black and ivory, red and
    blue, stacks of two), caps open side up and down, cork, at tilts up to 25 degrees, most on
    bright paper (auto-exposure 1-1.5 EV over)."""
    evaluate = _photoreal()
    truths = evaluate.scenes(range(first_seed, 10_000), folder=evaluate.SET_DIR.with_name(name))
    assert truths, f"no scenes in {name}: run bench/photoreal/make_set.py --stand ... --out ..."
    tally = evaluate.evaluate(truths, live=False)
    lines = evaluate.report(tally)
    print(f"\nphotoreal one-shot set ({name}, seeds >= {first_seed}):\n" + "\n".join(lines))
    print("\n".join(error for error in tally.errors if "read (refused)" not in error))
    for style in sorted(tally.scenes):
        report(f"photoreal {name} {style} one-shot cells right", f"{tally.rate((style, 'one-shot')):.2%}",
               ">= 99.5 %")
    assert all(tally.rate(key) >= 0.995 for key in tally.total), lines


@pytest.mark.bench
@pytest.mark.timeout(3600)
@pytest.mark.parametrize(("name", "first_seed"),
                         [("set-heldout2", 700), ("set-heldout3", 800), ("set-heldout4", 900),
                          ("set-heldout5", 1000)])
def test_photoreal_heldout_set(report, name, first_seed):
    """Issue 24's held-out photoreal sets. ``set-heldout5`` (seeds 1000 and up: 12 stands drawn
    at random from ``docs/physical.md``, every token style, tilts of 0-25 degrees, lamps, bright
    paper, boards being set up, hands) is the newest: scored once with the reader of round 4, then
    tuned on for one frame (draughts 1001's board being set up). ``set-heldout4`` (seeds 900 and
    up, go and draughts boards being set up on bright paper, caps with a hand) was rendered
    before the reader's round-4 change (boards being set up: ivory crescents' own outline, one
    black stone among white ones), scored once with it and tuned on since. ``set-heldout3`` (seeds 800 and up)
    and ``set-heldout2`` (seeds 700 and up) were held out until rules were tuned on them (their
    READMEs). Each was rendered before the reader's changes it tests (tuned on
    ``set-tune``, seeds 500 and up, the older sets and ``set-heldout`` once scored): every token
    style of
    ``docs/physical.md`` (go stones, draughts, caps open side up and down, cork) at tilts of 15 to
    25 degrees, a bare desk lamp's
    hard shadows, bright paper (auto-exposure 1.2-1.5 EV over), stacks of two draughts and
    15 mm caps, boards being set up. Kept with the frames at lower exposure the live board asked
    for. The issue's targets: the setup assistant starts the game on every scene, one-shot
    >= 99.5 % cells right per style with refusals counted wrong, live >= 99.5 %, no state
    accepted under a hand."""
    evaluate = _photoreal()
    tally, lines = _evaluate_set(evaluate, name, first_seed, f"issue 24 held-out seeds >= {first_seed}",
                                 f"--headroom 3 --exposure-steps 3 --stand ... --out bench/photoreal/{name}")
    truths = evaluate.scenes(range(first_seed, 10_000), folder=evaluate.SET_DIR.with_name(name))
    stalled = {error.split(":")[0] for error in tally.errors if "did not start" in error}
    by_tilt: dict[tuple[str, int], list[int]] = {}
    for truth in truths:
        done = by_tilt.setdefault((truth["style"], round(truth["camera"]["tilt_deg"])), [0, 0])
        done[0] += truth["path"].stem not in stalled
        done[1] += 1
    print("setup started, per style and tilt: " + ", ".join(
        f"{style} {tilt} deg {done}/{tried}" for (style, tilt), (done, tried) in sorted(by_tilt.items())))
    for style in sorted(tally.scenes):
        report(f"photoreal held-out {style}: setup started", f"{tally.setup_done[style]}/{tally.setup_tried[style]}",
               "all")
        for mode in ("one-shot", "live"):
            report(f"photoreal held-out {style} {mode} cells right", f"{tally.rate((style, mode)):.2%}", ">= 99.5 %")
    report("photoreal held-out states accepted under a hand", f"{tally.accepted_under_hand}/{tally.hand_frames} fr.",
           "0")
    assert tally.accepted_under_hand == 0
    assert all(tally.setup_done[style] == tally.setup_tried[style] for style in tally.setup_tried), lines
    assert all(tally.rate((style, "live")) >= 0.995 for style in tally.scenes), lines
    assert all(tally.rate((style, "one-shot")) >= 0.995 for style in tally.scenes), lines


def _issue39_set(evaluate: Any, report: Any, name: str, first_seed: int, label: str) -> tuple[Any, list[str]]:
    """Read issue 39's held-out set ``bench/photoreal/NAME`` (exposure control on) and report its
    targets per style: the setup started, one-shot cells right on the frames read, live cells
    right; the tally and the report's lines."""
    tally, lines = _evaluate_set(evaluate, name, first_seed, f"{label} held-out stands, seeds >= {first_seed}",
                                 f"--headroom 3 --exposure-steps 3 --samples 4 --stand ... --frames play --out "
                                 f"bench/photoreal/{name}")
    for style in sorted(tally.scenes):
        report(f"photoreal {label} {style}: setup started", f"{tally.setup_done[style]}/{tally.setup_tried[style]}",
               "all")
        report(f"photoreal {label} {style} one-shot cells right, frames read",
               f"{tally.rate_read((style, 'one-shot')):.2%}", ">= 99.5 %")
        report(f"photoreal {label} {style} live cells right", f"{tally.rate((style, 'live')):.2%}", "no cell wrong")
    return tally, lines


def _assert_issue39_targets(tally: Any, lines: list[str]) -> None:
    """Issue 39's targets on a held-out set, as the issue states them: no cell read wrong in live
    reading (a doubted cell, ``?``, is not read: it counts as wrong), the setup started on every
    stand, one-shot >= 99.5 % per style on the frames read. A one-shot cell not read right is
    listed in the report, not failed: the issue's one-shot target is a rate (until the fifth set,
    scored 2026-12-07 16:13 with 3 one-shot cells of 3808 not right and every live cell right, this
    helper also failed on any one-shot miss)."""
    wrong = [e for e in tally.errors if " is " in e and "(refused)" not in e]
    live_wrong = [e for e in wrong if " live: cell " in e]
    assert not live_wrong, live_wrong
    for line in wrong:
        if line not in live_wrong:
            print(f"one-shot, not read right: {line}")
    assert all(tally.setup_done[style] == tally.setup_tried[style] for style in tally.setup_tried), lines
    assert all(tally.rate_read((style, "one-shot")) >= 0.995 for style in tally.scenes), lines


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_photoreal_issue39_heldout(report):
    """Issue 39's held-out stands (``bench/photoreal/set-heldout39``, seeds 3910 and up, drawn by
    ``random.Random("issue39-heldout")``, scored once: its README): tall caps 11-15 mm and the
    other token styles at 20-25 degrees from several sides, tokens up to 2.5 mm off their cells'
    centres, warm desk lamps (2700-3300 K, half of them bare bulbs), cloth and wood tables, the
    mat as printed before the cells' names. Targets: the setup starts on every stand, one-shot
    >= 99.5 % per style on the frames read (issue 24's decision: a frame nobody can read must be
    refused), live: every frame read (none refused), no cell read wrong; and in the arm session
    (an arm resting over a corner marker while the other player moves) the move accepted within
    8 camera frames of the hand leaving, nothing invented. Met since the second round of issue 39
    (black and ivory draughts 3913 under a 2750 K lamp start unnamed; caps up 3916's play, whose
    tall caps' shadows moved with the move, is read instead of refused as covered); the set was
    scored once before that round and has been looked at since: ``set-heldout39b`` scores it."""
    evaluate = _photoreal()
    tally, lines = _issue39_set(evaluate, report, "set-heldout39", 3900, "issue 39")
    for style in sorted(tally.scenes):
        report(f"photoreal issue 39 {style} live frames refused", str(tally.refused[(style, "live")]), "0")
    import session

    truths = [t for t in evaluate.scenes(range(3900, 10_000), folder=evaluate.SET_DIR.with_name("set-heldout39"))
              if "session" in t]
    results = [session.run_session(truth) for truth in truths]
    for result in results:
        print(result)
        report(f"photoreal issue 39 arm session {result['scene']}: move accepted after the hand left (frames)",
               str(result["latency"]), f"<= {session.TARGET_FRAMES}")
        report(f"photoreal issue 39 arm session {result['scene']}: states invented", str(result["invented"]), "0")
    _assert_issue39_targets(tally, lines)
    assert not any(tally.refused[(style, "live")] for style in tally.scenes), lines
    assert results and all(r["latency"] is not None and r["latency"] <= session.TARGET_FRAMES
                           and not r["invented"] for r in results), results


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_photoreal_issue39_second_heldout(report):
    """Issue 39's second held-out set (``bench/photoreal/set-heldout39b``, seeds 3940-3959, its
    README), rendered after ``set-heldout39`` had been looked at and before the reader fix it
    checks; scored once by the lead (one live cell wrong: draughts 3949), then looked at for that
    cell and for Lightning's tiles 3943 (refused as covered): no longer held out. Every token
    style the generator knows (caps open side up and down 11-15 mm tall, draughts red/blue and
    black/ivory, cork, go stones, Lightning's tiles on its own mat) at 20-25 degrees from all
    four sides, tokens up to 2.5 mm off their cells' centres, warm desk lamps of 2700-3200 K
    beside the ceiling light (bare bulbs and soft lamps, black/ivory draughts under a 2760 K bare
    bulb), cloth and wood tables. Targets (issue 39): the setup starts on every stand, one-shot
    >= 99.5 % per style on the frames read, no cell read wrong live (one-shot misses listed)."""
    evaluate = _photoreal()
    tally, lines = _issue39_set(evaluate, report, "set-heldout39b", 3940, "issue 39b")
    _assert_issue39_targets(tally, lines)


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_photoreal_issue39_third_heldout(report):
    """Issue 39's third held-out set (``bench/photoreal/set-heldout39c``, seeds 3960-3979, its
    README), rendered before the reader fixes it checks had landed, by a helper that never read
    a frame of it with the reader; never tuned on, scored once by the lead. New combinations of
    the same conditions as ``set-heldout39b``: every token style the generator knows (caps open
    side up and down 11-15 mm tall, draughts red/blue and black/ivory, cork, go stones, Lightning's
    tiles on its own A3 mat, named and unnamed) at 20-25 degrees from sides ``set-heldout39b``
    did not use, tokens up to 2.5 mm off their cells' centres, warm desk lamps of 2700-3300 K
    beside the ceiling light (bare bulbs and soft lamps), cloth and wood tables, mats with and
    without the cells' names. Targets (issue 39): the setup starts on every stand, one-shot
    >= 99.5 % per style on the frames read, no cell read wrong live (one-shot misses listed). Scored once
    (13:44 UTC, 2026-12-07): one live tile wrong (tiles 3967, cell 14,2 S1 read L0), everything
    else met; looked at since."""
    evaluate = _photoreal()
    tally, lines = _issue39_set(evaluate, report, "set-heldout39c", 3960, "issue 39c")
    _assert_issue39_targets(tally, lines)


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_photoreal_issue39_fourth_heldout(report):
    """Issue 39's fourth held-out set (``bench/photoreal/set-heldout39d``, seeds 3980-3999, its
    README), rendered before the reader fixes it checks had landed, by a helper that never read
    a frame of it with the reader; never tuned on, scored once by the lead. New combinations of
    the same conditions, the camera on sides neither ``set-heldout39b`` nor ``set-heldout39c``
    used: Lightning's tiles on its own A3 mat (named and unnamed), draughts black/ivory, caps open
    side up and down, go stones and cork, at 20-25 degrees, tokens up to 2.5 mm off their cells'
    centres, warm desk lamps of 2700-3300 K beside the ceiling light (bare bulbs and soft lamps),
    cloth and wood tables. Targets (issue 39): the setup starts on every stand, one-shot
    >= 99.5 % per style on the frames read, no cell read wrong live (one-shot misses listed)."""
    evaluate = _photoreal()
    tally, lines = _issue39_set(evaluate, report, "set-heldout39d", 3980, "issue 39d")
    _assert_issue39_targets(tally, lines)


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_photoreal_issue39_fifth_heldout(report):
    """Issue 39's fifth held-out set (``bench/photoreal/set-heldout39e``, seeds 3988-3999, its
    README), rendered by a helper that never read a frame of it with the reader; never tuned on,
    scored once by the lead. Lightning's tiles seen small (the camera 65-70 cm up, 20-25 degrees
    from sides ``set-heldout39b``, ``39c`` and ``39d`` did not use: cells of 12-17 camera pixels,
    150-220 tiles in play) on its A3 mat, named and unnamed, under warm bare bulbs and soft lamps
    of 2700-3300 K, on cloth and wood; and four token stands from new sides: tall caps open side
    up, ivory/black draughts (ivory first), go stones, cork. Targets (issue 39): the setup starts
    on every stand, one-shot >= 99.5 % per style on the frames read, no cell read wrong live."""
    evaluate = _photoreal()
    tally, lines = _issue39_set(evaluate, report, "set-heldout39e", 3988, "issue 39e")
    _assert_issue39_targets(tally, lines)


def _tile_cell_reads(folder: str, seed: int, cell: tuple[int, int]) -> tuple[str, list[str]]:
    """A Lightning stand's play frame (``tiles-SEED`` of ``folder``): the design at ``cell`` and
    what the reader reads there, one-shot then live (calibrated on the start frame)."""
    evaluate = _photoreal()
    truths = [t for t in evaluate.scenes(range(seed, seed + 1), folder=evaluate.SET_DIR.with_name(folder))
              if t["style"] == "tiles"]
    assert truths, f"no tiles-{seed} in {folder}"
    truth = truths[0]
    want = truth["frames"]["play"]["grid"][cell[0]][cell[1]]
    play = evaluate._image(truth, "play")
    live = BoardReader("lightning")
    live.calibrate(evaluate._image(truth, "start"), truth["frames"]["start"]["grid"])
    reads = [reader.read(play).cells()[cell[0]][cell[1]] for reader in (BoardReader("lightning"), live)]
    print(f"\ntiles-{seed} {cell}: {want} read {reads} (one-shot, live)")
    return want, reads


@pytest.mark.bench
@pytest.mark.parametrize(("folder", "seed", "cell"), [("set-heldout39c", 3967, (14, 2)),
                                                      ("set-heldout39b", 3943, (32, 7))])
def test_photoreal_tile_ties_are_not_invented(folder, seed, cell):
    """Issue 39's two tile misses (then looked at): a cell where two designs matched almost
    equally at 16-17 pixels a cell (S1 against L0, S3 against L2) was read live as the wrong
    one. Read one-shot and live (calibrated on the start frame), the cell is now its design or
    ``?``, never another design."""
    want, reads = _tile_cell_reads(folder, seed, cell)
    assert all(got in (want, "?") for got in reads), reads


@pytest.mark.bench
@pytest.mark.parametrize(("folder", "seed", "cell"), [("set-heldout39d", 3981, (13, 2)),
                                                      ("set-heldout39d", 3981, (22, 1)),
                                                      ("set-heldout39d", 3983, (16, 5)),
                                                      ("set-heldout39c", 3967, (14, 2)),
                                                      ("set-heldout39b", 3943, (32, 7))])
def test_photoreal_tile_close_calls_are_read(folder, seed, cell):
    """Issue 39's close calls between a bolt and an arc at 13-17 camera pixels a cell (tiles laid
    up to 2 mm and 8 degrees off, or seen through a soft lens): doubted (``?``) or misread before
    the templates were seen through the camera's blur and made to explain their cell's centre.
    Read one-shot and live, each is now its design."""
    want, reads = _tile_cell_reads(folder, seed, cell)
    assert reads == [want, want], reads
