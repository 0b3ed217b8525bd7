"""How many camera pixels a photoreal scene's cells measure, from its truth and its plan (no image read).

A build-time tool beside ``make_set.py``. A truth JSON keeps the camera's height, tilt, lens and
field of view but not the side it leans from (the generator draws it within 5 degrees of the
stand's azimuth), so the scene is planned again from its style, seed and stand (``make_set.plan``:
the same draws, nothing rendered), the plan's camera is checked against the truth's, and every
cell's four corners on the sheet are projected through it. A cell's size is the square root of
its projected area, in pixels of the 1280x720 frame.

    .venv/bin/python bench/photoreal/cell_pixels.py bench/photoreal/set-heldout39e/*.json

prints, per scene: the camera's drawn side (azimuth, degrees), height, tilt and field of view,
and the cells' smallest, median and largest size. No frame is opened and no vision code runs.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_set  # noqa: E402

from vision.mats import layout  # noqa: E402


def cell_pixels(truth: dict) -> dict:
    """The drawn camera side and the cells' sizes in camera pixels (min, median, max) of one scene."""
    spec, planned = make_set.plan(truth["style"], truth["seed"], stand=truth.get("stand"))
    for key, value in truth["camera"].items():  # the plan must give the camera that was rendered
        if abs(planned["camera"][key] - value) > 1e-6:
            raise SystemExit(f"{truth['style']}-{truth['seed']}: planned camera {key} {planned['camera'][key]} "
                             f"is not the truth's {value}")
    camera = spec["camera"]
    matrix = np.array(camera["matrix"])
    right, up, forward, centre = matrix[:3, 0], matrix[:3, 1], -matrix[:3, 2], matrix[:3, 3]
    width, height = make_set.RESOLUTION
    fx = width / 2 / math.tan(math.radians(camera["hfov_deg"]) / 2)
    mat = layout(truth["game"])
    left, top, _, _ = mat.blocks[0]
    sizes = []
    for r in range(mat.rows):
        for c in range(mat.cols):
            corners = []
            for dx, dy in ((0, 0), (1, 0), (1, 1), (0, 1)):
                x, y = make_set.sheet_to_world(left + (c + dx) * mat.cell, top + (r + dy) * mat.cell, mat.page)
                rel = np.array([x, y, 0.0]) - centre
                depth = rel @ forward
                corners.append((rel @ right / depth * fx + width / 2, -(rel @ up) / depth * fx + height / 2))
            xs, ys = np.array(corners).T
            area = 0.5 * abs(float(np.dot(xs, np.roll(ys, 1)) - np.dot(ys, np.roll(xs, 1))))
            sizes.append(math.sqrt(area))
    return {
        "scene": f"{truth['style']}-{truth['seed']}",
        "azimuth_deg": round(math.degrees(math.atan2(centre[1], centre[0])) % 360, 1),
        "height_m": truth["camera"]["height_m"], "tilt_deg": truth["camera"]["tilt_deg"],
        "hfov_deg": truth["camera"]["hfov_deg"],
        "cell_px": [round(float(f(sizes)), 1) for f in (np.min, np.median, np.max)],
    }


def main() -> None:
    """Print one line per truth JSON given on the command line."""
    for path in sys.argv[1:]:
        print(json.dumps(cell_pixels(json.loads(Path(path).read_text()))))


if __name__ == "__main__":
    main()
