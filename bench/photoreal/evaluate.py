"""Read the photoreal set and count the cells read right, per style, one-shot and live.

    .venv/bin/python bench/photoreal/evaluate.py [--seeds 0-99] [--style go] [-v]
    .venv/bin/python bench/photoreal/evaluate.py --folder bench/photoreal/set-headroom --exposure-control

One-shot: every frame read on its own (``read-board``; black-and-white tokens get their colours
named, as ``--colours`` does). Live: the reader is calibrated on the scene's ``start`` frame and
then reads its ``play`` frames (``play``, and ``play2``... of scenes made with ``--plays``).
Hands: after calibration and the play position accepted, the ``hand`` frame is fed 12 times
(with fresh sensor noise) to the live gate: nothing may be accepted. A refused frame counts all
its cells as wrong. ``bench/bench_vision.py`` runs this on
the held-out seeds (100 and up).

``--exposure-control`` (scenes made with ``make_set.py --exposure-steps N``): live, the product's
own loop runs on the ``start`` frame first. The camera is a :class:`SetCamera`: it gives the
frame as the webcam's auto-exposure developed it until the live board asks for less exposure
(:class:`vision.exposure.ExposureControl`), then the same render developed with the exposure
locked that many stops lower; the play and hand frames are read at the exposure it settled on.
It also tells whether the setup assistant would have started the game: a stable reading of the
start position from that live board, uncalibrated, within those 3 s. A ``setup`` frame (a board
being set up, ``make_set.py --stand setup=N``) is read one-shot.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.photoreal.make_set import exposure_frame  # noqa: E402
from vision.capture import LiveBoard, StableBoard  # noqa: E402
from vision.reader import BoardReader, VisionError  # noqa: E402

SET_DIR = Path(__file__).resolve().parent / "set"
HELD_OUT = 100


@dataclass
class Tally:
    """Cells right and read per style and mode, the refusals and the wrong cells."""

    right: collections.Counter = field(default_factory=collections.Counter)
    total: collections.Counter = field(default_factory=collections.Counter)
    refused: collections.Counter = field(default_factory=collections.Counter)
    #: Cells of the refused frames (counted wrong in :meth:`rate`, left out of :meth:`rate_read`).
    refused_cells: collections.Counter = field(default_factory=collections.Counter)
    #: Cells not right that were read ``?`` (the reader doubted them, the player is asked) rather
    #: than read as another piece or tile.
    doubted: collections.Counter = field(default_factory=collections.Counter)
    errors: list[str] = field(default_factory=list)
    hand_frames: int = 0
    accepted_under_hand: int = 0
    scenes: collections.Counter = field(default_factory=collections.Counter)
    #: Lightning: (right, total) by how far the tile lies off its cell, 0.5 mm bins.
    by_offset: collections.Counter = field(default_factory=collections.Counter)
    by_offset_total: collections.Counter = field(default_factory=collections.Counter)
    #: Exposure control: the stops the live board asked for, per scene.
    exposure_stops: dict[str, int] = field(default_factory=dict)
    #: The setup assistant: per style, scenes whose start frame the live board (no calibration,
    #: exposure control) gave as a stable start position within 3 s, and scenes tried.
    setup_done: collections.Counter = field(default_factory=collections.Counter)
    setup_tried: collections.Counter = field(default_factory=collections.Counter)
    #: Frames not scored because a file of the set is missing: "scene-frame: missing file PATH".
    missing: list[str] = field(default_factory=list)

    def rate(self, key: tuple[str, str]) -> float:
        """Fraction of cells right for (style, mode)."""
        return self.right[key] / max(self.total[key], 1)

    def rate_read(self, key: tuple[str, str]) -> float:
        """Fraction of cells right for (style, mode) in the frames the reader did not refuse."""
        return self.right[key] / max(self.total[key] - self.refused_cells[key], 1)


def scenes(seeds: range | None = None, style: str | None = None, folder: Path = SET_DIR) -> list[dict]:
    """The truth files of the set, filtered by seed range and style."""
    found = []
    for path in sorted(folder.glob("*.json")):
        truth = json.loads(path.read_text())
        if seeds is not None and truth["seed"] not in seeds:
            continue
        if style is not None and truth["style"] != style:
            continue
        truth["path"] = path
        found.append(truth)
    return found


class MissingFrame(LookupError):
    """A frame of the set is not on disk (or not an image): the scoring says which file and
    scores the rest. Not an ``OSError``: the live board's camera link would take it for an
    unplugged camera and retry quietly."""

    def __init__(self, path: Path, why: str = "missing") -> None:
        super().__init__(f"{why} file {path}")
        self.path = path


def _image(truth: dict, frame: str, stops: int = 0) -> np.ndarray:
    path = truth["path"].with_name(exposure_frame(truth["style"], truth["seed"], frame, stops))
    if not path.is_file():
        raise MissingFrame(path)
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise MissingFrame(path, "unreadable")
    return image


class SetCamera:
    """A webcam over one scene of the set: :attr:`frame` names what is on the table; frames come
    as developed with auto-exposure until :meth:`lower_exposure` locks the exposure whole stops
    lower (as many as the scene was developed at: ``make_set.py --exposure-steps``)."""

    fps = 30.0
    ended = False

    def __init__(self, truth: dict) -> None:
        self.truth = truth
        self.frame = "start"
        self.stops = 0
        self.steps = int(truth.get("exposure_steps", 0))

    def read(self) -> np.ndarray:
        """The current frame at the current exposure."""
        return _image(self.truth, self.frame, self.stops)

    def lower_exposure(self, stops: float) -> bool:
        """Lock the exposure ``stops`` lower; False below the last developed step."""
        if self.stops + round(stops) > self.steps:
            return False
        self.stops += round(stops)
        return True

    def close(self) -> None:
        """Nothing to release."""


def _settle_exposure(truth: dict, seconds: float = 3.0) -> tuple[SetCamera, LiveBoard, bool]:
    """The product's live board watching the start frame for ``seconds`` of game time: it asks
    the camera for less exposure while the paper is clipped. Also whether the setup assistant
    would have started the game: a stable reading of the start position came."""
    camera = SetCamera(truth)
    live = LiveBoard(truth["game"], lambda: camera, threaded=False, fps=camera.fps)
    stables = live.advance(seconds)
    start = [list(row) for row in truth["frames"]["start"]["grid"]]
    return camera, live, any([list(row) for row in stable.grid] == start for stable in stables)


def _compare(tally: Tally, key: tuple[str, str], name: str, grid: list, reading: list | None) -> None:
    cells = [(r, c, t) for r, row in enumerate(grid) for c, t in enumerate(row)]
    tally.total[key] += len(cells)
    if reading is None:
        tally.refused_cells[key] += len(cells)
    for r, c, t in cells:
        got = reading[r][c] if reading is not None else "(refused)"
        if got == t:
            tally.right[key] += 1
        else:
            tally.doubted[key] += got == "?"
            tally.errors.append(f"{name} {key[1]}: cell {r},{c} is {t}, read {got}")


def _colours(truth: dict) -> tuple[str, str] | None:
    colours = tuple(truth.get("colours", ()))
    return colours if set(colours) == {"black", "white"} else None  # type: ignore[return-value]


def evaluate(truths: list[dict], exposure_control: bool = False, live: bool = True) -> Tally:
    """One-shot, live and hand results over the given scenes (live with the product's exposure
    control when ``exposure_control``; one-shot only without ``live``: a set kept without its
    frames at lower exposure)."""
    tally = Tally()
    for truth in truths:
        style, name, game = truth["style"], truth["path"].stem, truth["game"]
        tally.scenes[style] += 1
        frames = truth["frames"]
        colours = _colours(truth)
        # A session's frames with an arm resting on the margin are scored by ``session.py``.
        positions = [name for name in frames
                     if name == "start" or (name.startswith("play") and not frames[name].get("arm"))]
        # A board being set up (``make_set.py --stand setup=N``) is read one-shot only.
        for frame in positions + [name for name in frames if name == "setup"]:
            try:
                image = _image(truth, frame)
            except MissingFrame as exc:
                tally.missing.append(f"{name}-{frame}: {exc} (one-shot not scored)")
                continue
            try:
                reading = BoardReader(game, colours=colours).read(image).cells()
            except VisionError as exc:
                reading = None
                tally.refused[(style, "one-shot")] += 1
                tally.errors.append(f"{name} {frame}: refused ({exc.reason})")
            _compare(tally, (style, "one-shot"), f"{name}-{frame}", frames[frame]["grid"], reading)
            if frame.startswith("play") and game == "lightning" and reading is not None:
                for tile in frames[frame]["tiles"]:
                    r, c = tile["cell"]
                    bin_ = min(int(tile["offset_mm"] / 0.5), 3)
                    tally.by_offset_total[bin_] += 1
                    tally.by_offset[bin_] += reading[r][c] == tile["tile"]
        if not live:
            continue
        reader = BoardReader(game)
        stops = 0
        if exposure_control:
            try:
                camera, live, started = _settle_exposure(truth)
            except MissingFrame as exc:
                # The camera had no frame to give at the exposure asked for: the stand is
                # counted as not started, and its live frames are not scored.
                if game == "lewthwaite":
                    tally.setup_tried[style] += 1
                    tally.errors.append(f"{name}: the setup assistant did not start the game ({exc})")
                tally.missing.append(f"{name}-start: {exc} (setup not started, live not scored)")
                continue
            reader, stops = live.reader, camera.stops
            tally.exposure_stops[name] = stops
            if game == "lewthwaite":
                tally.setup_tried[style] += 1
                tally.setup_done[style] += started
                if not started:
                    tally.errors.append(f"{name}: the setup assistant did not start the game ({live.status.problem})")
        try:
            start = _image(truth, "start", stops)
        except MissingFrame as exc:
            tally.missing.append(f"{name}-start: {exc} (live not scored)")
            continue
        calibrated = True
        try:
            reader.calibrate(start, frames["start"]["grid"])
        except VisionError as exc:
            calibrated = False
            tally.errors.append(f"{name} live: calibration refused ({exc.reason})")
        play_read = False
        for frame in positions[1:]:
            try:
                image = _image(truth, frame, stops)
            except MissingFrame as exc:
                tally.missing.append(f"{name}-{frame}: {exc} (live not scored)")
                continue
            try:
                if not calibrated:
                    raise VisionError("not_calibrated", "not calibrated")
                reading = reader.read(image).cells()
            except VisionError as exc:
                reading = None
                tally.refused[(style, "live")] += 1
                tally.errors.append(f"{name}-{frame} live: refused ({exc.reason})")
            _compare(tally, (style, "live"), f"{name}-{frame}", frames[frame]["grid"], reading)
            if frame == "play":
                play_read = reading is not None
        # The hand frame is the ``play`` position with a hand over it.
        if "hand" in frames and play_read:
            try:
                play, hand = _image(truth, "play", stops), _image(truth, "hand", stops).astype(np.int16)
            except MissingFrame as exc:
                tally.missing.append(f"{name}-hand: {exc} (hand not scored)")
                continue
            board = StableBoard(reader, stable_frames=5)
            for _ in range(6):
                board.feed(play)
            before = board.accepted
            rng = np.random.default_rng(truth["seed"])
            for _ in range(12):
                noisy = np.clip(hand + rng.integers(-2, 3, hand.shape), 0, 255).astype(np.uint8)
                tally.hand_frames += 1
                result = board.feed(noisy)
                if result is not None and result is not before:
                    tally.accepted_under_hand += 1
                    tally.errors.append(f"{name}: a state was accepted under the hand")
    return tally


def report(tally: Tally) -> list[str]:
    """Lines of the table: per style and mode, cells right."""
    lines = []
    for style in sorted(tally.scenes):
        for mode in ("one-shot", "live"):
            key = (style, mode)
            if not tally.total[key]:
                continue
            lines.append(
                f"{style:<9} {mode:<8} {tally.right[key]:>5}/{tally.total[key]:<5} = {tally.rate(key):7.2%}"
                f"  ({tally.scenes[style]} scenes, {tally.refused[key]} refused; {tally.rate_read(key):7.2%} of the"
                f" frames read)" + (f", {tally.doubted[key]} doubted (?)" if tally.doubted[key] else "")
            )
    if tally.by_offset_total:
        parts = [
            f"{k * 0.5:.1f}-{k * 0.5 + 0.5:.1f} mm: {tally.by_offset[k]}/{tally.by_offset_total[k]}"
            for k in sorted(tally.by_offset_total)
        ]
        lines.append("tiles by offset (one-shot): " + ", ".join(parts))
    lines.append(f"hand frames {tally.hand_frames}, states accepted under a hand {tally.accepted_under_hand}")
    if tally.setup_tried:
        lines.append("setup assistant started the game: " + ", ".join(
            f"{style} {tally.setup_done[style]}/{tally.setup_tried[style]}" for style in sorted(tally.setup_tried)))
    if tally.missing:
        lines.append(f"{len(tally.missing)} frame(s) not scored, a file of the set is missing:")
        lines.extend("  " + line for line in tally.missing)
    if tally.exposure_stops:
        lines.append("exposure lowered (stops) by the live board: "
                     + ", ".join(f"{k} {v}" for k, v in sorted(tally.exposure_stops.items())))
    return lines


def main() -> None:
    """Command line: evaluate some seeds of the set and print the table (and the errors with -v)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0-99")
    parser.add_argument("--style", default=None)
    parser.add_argument("-v", action="store_true")
    parser.add_argument("--folder", default=str(SET_DIR), help="the set's folder (default: bench/photoreal/set)")
    parser.add_argument("--exposure-control", action="store_true",
                        help="live: the product lowers the exposure while the paper is clipped")
    parser.add_argument("--one-shot", action="store_true", help="one-shot readings only (no live, no hands)")
    args = parser.parse_args()
    lo, _, hi = args.seeds.partition("-")
    tally = evaluate(scenes(range(int(lo), int(hi or lo) + 1), args.style, Path(args.folder)), args.exposure_control,
                     live=not args.one_shot)
    print("\n".join(report(tally)))
    if args.v:
        print("\n".join(tally.errors))


if __name__ == "__main__":
    main()
