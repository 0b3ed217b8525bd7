"""A photoreal game session with an arm resting on the sheet's margin while the other player moves.

Scenes made with ``make_set.py --stand ...,arm=K --frames start_arm,move,play_arm`` hold, under
one light and camera: ``start`` (the start position), ``start_arm`` (a child's arm resting on
the sheet's margin, fingers over part of a corner marker, no cell covered), ``move`` (the arm
still there, the other player's hand over the board carrying a token) and ``play_arm`` (the
move made, the hand gone, the arm still there). The product's own :class:`LiveBoard` watches,
at 30 frames a second of game time, each frame with fresh sensor noise:

* ``start`` for 3 s (the setup assistant: the exposure lowered while the paper is clipped, a
  stable start position), then calibration on it, then 0.5 s more;
* ``start_arm`` for 1 s (the arm comes to rest), ``move`` for 0.5 s, ``play_arm`` for 3 s.

Scored: whether the start was accepted, every state accepted (none may be other than the start
and the move's position: nothing invented), and the move's latency, in camera frames from the
first frame without the hand (``play_arm``) to the frame the move became stable (target: 8).

    .venv/bin/python bench/photoreal/session.py --folder bench/photoreal/set-heldout39 [-v]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.photoreal.evaluate import MissingFrame, _image, scenes  # noqa: E402
from vision.capture import LiveBoard  # noqa: E402

FPS = 30.0
#: (frame, seconds) after the start position was calibrated on.
SEQUENCE = (("start", 0.5), ("start_arm", 1.0), ("move", 0.5), ("play_arm", 3.0))
#: The move must be accepted within this many camera frames of the hand leaving.
TARGET_FRAMES = 8


class SessionCamera:
    """A webcam over one session scene: :attr:`frame` names what is on the table; every read
    adds fresh sensor noise (a still scene never gives two equal frames); the exposure as
    :class:`bench.photoreal.evaluate.SetCamera` locks it."""

    fps = FPS
    ended = False

    def __init__(self, truth: dict) -> None:
        self.truth = truth
        self.frame = "start"
        self.stops = 0
        self.steps = int(truth.get("exposure_steps", 0))
        self.served: list[str] = []
        self._noise = np.random.default_rng(truth["seed"])
        self._cache: dict[tuple[str, int], np.ndarray] = {}

    def read(self) -> np.ndarray:
        """The current frame at the current exposure, with noise."""
        key = (self.frame, self.stops)
        if key not in self._cache:
            self._cache[key] = _image(self.truth, self.frame, self.stops).astype(np.int16)
        self.served.append(self.frame)
        image = self._cache[key]
        return np.clip(image + self._noise.integers(-2, 3, image.shape), 0, 255).astype(np.uint8)

    def lower_exposure(self, stops: float) -> bool:
        """Lock the exposure ``stops`` lower; False below the last developed step."""
        if self.stops + round(stops) > self.steps:
            return False
        self.stops += round(stops)
        return True

    def close(self) -> None:
        """Nothing to release."""


def run_session(truth: dict) -> dict:
    """The session of one scene: what was accepted, when, and the move's latency (None: never)."""
    frames = truth["frames"]
    start = [list(row) for row in frames["start"]["grid"]]
    after = [list(row) for row in frames["play_arm"]["grid"]]
    camera = SessionCamera(truth)
    live = LiveBoard(truth["game"], lambda: camera, threaded=False, fps=FPS)
    clock = 3.0
    accepted = live.advance(clock)
    started = any([list(r) for r in s.grid] == start for s in accepted)
    result: dict = {"scene": truth["path"].stem, "started": started, "stops": camera.stops, "accepted": [],
                    "invented": 0, "latency": None, "problems": {}}
    if not started:
        return result
    live.calibrate()
    for name, seconds in SEQUENCE:
        camera.frame = name
        end = clock + seconds
        while clock < end - 1e-9:
            clock += 1 / FPS
            for stable in live.advance(clock):
                accepted.append(stable)
            problem = live.status.problem
            result["problems"].setdefault(name, {}).setdefault(problem or "read", 0)
            result["problems"][name][problem or "read"] += 1
    left = camera.served.index("play_arm")
    for stable in accepted:
        grid = [list(r) for r in stable.grid]
        what = "start" if grid == start else "move" if grid == after else "invented"
        result["accepted"].append((what, stable.frame_index))
        if what == "invented":
            result["invented"] += 1
        if what == "move" and result["latency"] is None:
            result["latency"] = stable.frame_index - left
    return result


def main() -> None:
    """Command line: every session scene of a folder, its latency and what was accepted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", required=True)
    parser.add_argument("--seeds", default="0-9999")
    parser.add_argument("-v", action="store_true")
    args = parser.parse_args()
    lo, _, hi = args.seeds.partition("-")
    truths = [t for t in scenes(range(int(lo), int(hi or lo) + 1), None, Path(args.folder)) if "session" in t]
    for truth in truths:
        try:
            result = run_session(truth)
        except MissingFrame as exc:
            print(f"{truth['path'].stem}: {exc}")
            continue
        latency = result["latency"]
        verdict = "ok" if latency is not None and latency <= TARGET_FRAMES and not result["invented"] else "FAILED"
        print(f"{result['scene']}: setup started {result['started']}, move accepted "
              f"{'never' if latency is None else f'{latency} frames after the hand left'}, "
              f"{result['invented']} invented, exposure -{result['stops']} stops: {verdict}")
        if args.v:
            print(json.dumps(result))


if __name__ == "__main__":
    main()
