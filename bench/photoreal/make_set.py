"""Build the photoreal test set: plan scenes, render them with Blender, develop them like a webcam.

A build-time tool, kept apart from the product (nothing imports it, and ``bpy`` lives in its own
environment). Each scene is one stand: a table, the printed mat, a ceiling light and maybe a
desk lamp casting long shadows (3000-6500 K), a webcam 40-70 cm up tilted 0-30 degrees, and
pieces of one style. It has up to three frames rendered under the same light and camera:
``start`` (the start position: the live reader calibrates on it), ``play`` (a position from
random legal play, or Lightning tiles laid up to 2 mm and 8 degrees off their cells) and
``hand`` (the same position with a hand over the board). Blender writes linear images; this
script then does what a webcam does: auto-exposure, white balance with an error, vignetting,
sensor noise and JPEG.

    .venv/bin/python bench/photoreal/make_set.py --styles cork,go --seeds 0-2 [--jobs 2]

writes ``bench/photoreal/set/STYLE-SEED-FRAME.jpg`` and ``STYLE-SEED.json`` (the truth: grids,
colours, camera, light, tile offsets). Seeds below 100 are for tuning; the bench reports on
seeds 100 and up. Renders run under ``nice -n 10`` (``PHOTOREAL_NICE``) with one Blender thread each.
"""

from __future__ import annotations

import argparse
import colorsys
import concurrent.futures
import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games.lewthwaite.rules import LewthwaiteParams  # noqa: E402
from games.lightning.tiles import DESIGNS, Tile, all_tiles  # noqa: E402
from vision.mats import face_for, layout, render_mat, tile_face  # noqa: E402
from vision.synthetic import squares_overlap, tile_square  # noqa: E402

HERE = Path(__file__).resolve().parent
SET_DIR = HERE / "set"
CACHE = Path(os.environ.get("PHOTOREAL_CACHE", "/tmp/photoreal-cache"))
BLENDER_PYTHON = os.environ.get("BLENDER_PYTHON", "/work/bpyenv/bin/python")
#: Renders run at this niceness (the shared machine's other work comes first).
NICE = os.environ.get("PHOTOREAL_NICE", "10")
RESOLUTION = (1280, 720)
STYLES = ("cork", "draught", "cap_down", "cap_up", "go", "tiles")


# --- colours ----------------------------------------------------------------------------------


def srgb_to_linear(c: float) -> float:
    """One sRGB component (0..1) to linear light."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def hsv_linear(h: float, s: float, v: float) -> list[float]:
    """An HSV colour as linear RGB (Blender's base colours are linear)."""
    return [srgb_to_linear(c) for c in colorsys.hsv_to_rgb(h % 1.0, s, v)]


def blackbody(kelvin: float) -> list[float]:
    """Approximate linear RGB of a black body at ``kelvin``, normalised to its largest channel."""
    t = kelvin / 100
    r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
    g = 99.47 * math.log(t) - 161.12 if t <= 66 else 288.12 * (t - 60) ** -0.0755
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.52 * math.log(t - 10) - 305.04)
    rgb = [srgb_to_linear(min(255.0, max(0.0, c)) / 255) for c in (r, g, b)]
    top = max(rgb)
    return [c / top for c in rgb]


# --- camera -----------------------------------------------------------------------------------


def camera_pose(rng: random.Random, page_m: tuple[float, float], long_across: bool, stand: dict | None = None) -> dict:
    """A webcam 40-70 cm up, tilted 0-30 degrees, that sees the whole sheet (with a margin);
    ``stand`` may fix the tilt (``tilt``, degrees) and the height (``height``, m: the lowest tried)."""
    stand = stand or {}
    w, h = page_m
    corners = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0], [-w / 2, h / 2, 0]])
    for attempt in range(400):
        height = rng.uniform(0.40, 0.70) + 0.0005 * attempt
        tilt = math.radians(rng.uniform(0, 30))
        if "height" in stand:
            height = stand["height"] + 0.002 * attempt
        if "tilt" in stand:
            tilt = math.radians(stand["tilt"])
        hfov = math.radians(rng.uniform(60, 78))
        if long_across:  # the sheet's long side (world y) along the frame's long side
            azimuth = rng.choice((0.0, math.pi)) + math.radians(rng.uniform(-12, 12))
        else:
            azimuth = rng.uniform(0, 2 * math.pi)
        if "azimuth" in stand:  # the side the camera leans from (degrees, 0: the sheet's right)
            azimuth = math.radians(stand["azimuth"]) + math.radians(rng.uniform(-5, 5))
        target = np.array([rng.uniform(-0.03, 0.03), rng.uniform(-0.03, 0.03), 0.0])
        a = np.array([math.cos(azimuth), math.sin(azimuth), 0.0])
        centre = target + a * height * math.tan(tilt) + np.array([0, 0, height])
        f = (target - centre) / np.linalg.norm(target - centre)
        up = np.array([-math.cos(tilt) * a[0], -math.cos(tilt) * a[1], math.sin(tilt)])
        right = np.cross(f, up)
        fx = RESOLUTION[0] / 2 / math.tan(hfov / 2)
        rel = corners - centre
        xs = rel @ right / (rel @ f) * fx + RESOLUTION[0] / 2
        ys = -(rel @ up) / (rel @ f) * fx + RESOLUTION[1] / 2
        margin = 0.03 * RESOLUTION[1]
        inside = xs.min() > margin and ys.min() > margin
        inside = inside and xs.max() < RESOLUTION[0] - margin and ys.max() < RESOLUTION[1] - margin
        if inside:
            matrix = np.eye(4)
            matrix[:3, 0], matrix[:3, 1], matrix[:3, 2], matrix[:3, 3] = right, up, -f, centre
            return {
                "matrix": matrix.tolist(),
                "lens_mm": 18 / math.tan(hfov / 2),
                "height_m": height,
                "tilt_deg": math.degrees(tilt),
                "hfov_deg": math.degrees(hfov),
            }
    raise RuntimeError("no camera pose sees the whole sheet")


# --- pieces -----------------------------------------------------------------------------------


def sheet_to_world(x_mm: float, y_mm: float, page_mm: tuple[float, float]) -> tuple[float, float]:
    """Sheet millimetres (origin top-left, y down) to world metres (sheet centred, y up)."""
    return (x_mm - page_mm[0] / 2) / 1000, (page_mm[1] / 2 - y_mm) / 1000


def token_look(style: str, rng: random.Random) -> dict:
    """The two players' colours and the material of one token style (first player first)."""
    achromatic = style == "go" or (style == "draught" and rng.random() < 0.5)
    if achromatic:
        dark = [0.018, 0.018, 0.02] if style == "go" else hsv_linear(0.07, 0.3, rng.uniform(0.08, 0.2))
        light = hsv_linear(rng.uniform(0.08, 0.14), rng.uniform(0.03, 0.15), rng.uniform(0.82, 0.95))
        first_dark = rng.random() < 0.5
        names = ("black", "white") if first_dark else ("white", "black")
        colours = (dark, light) if first_dark else (light, dark)
        return {"names": names, "colours": colours, "shade": 0.03}
    red = (rng.uniform(-0.05, 0.08), rng.uniform(0.45, 1.0), rng.uniform(0.45, 1.0))
    blue = (rng.uniform(0.52, 0.68), rng.uniform(0.3, 1.0), rng.uniform(0.2, 1.0))
    if style.startswith("cap"):  # bottles of a colour come in pale and dark shades
        return {"names": ("red", "blue"), "hsv": (red, blue), "shade": 0.35}
    return {"names": ("red", "blue"), "hsv": (red, blue), "shade": 0.08}


def token_pieces(style: str, grid: list[str], mat, look: dict, rng: random.Random, params: dict,
                 reach_mm: float | None = None) -> list[dict]:
    """The tokens of a Lewthwaite grid, each a little off its cell centre (up to 3 mm along each
    axis, or, with ``reach_mm``, anywhere within that distance of it)."""
    pieces = []
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            if ch.upper() not in "RB":
                continue
            player = 0 if ch.upper() == "R" else 1
            x_mm, y_mm = mat.center(r, c)
            if reach_mm is None:
                x_mm += rng.uniform(-3, 3)
                y_mm += rng.uniform(-3, 3)
            else:
                dist, direction = reach_mm * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
                x_mm += dist * math.cos(direction)
                y_mm += dist * math.sin(direction)
            x, y = sheet_to_world(x_mm, y_mm, mat.page)
            if "colours" in look:
                colour = [v * rng.uniform(1 - look["shade"], 1 + look["shade"]) for v in look["colours"][player]]
            else:
                h, s, v = look["hsv"][player]
                shade = look["shade"]
                colour = hsv_linear(h + rng.uniform(-0.02, 0.02), min(1, s * rng.uniform(1 - shade / 2, 1.05)),
                                    min(1, v * rng.uniform(1 - shade, 1.05)))
            piece = {"kind": style, "x": x, "y": y, "colour": colour, "spin": rng.uniform(0, 360), **params}
            if style == "cork":
                piece["side_colour"] = hsv_linear(0.08, 0.45, rng.uniform(0.45, 0.65))
            pieces.append(piece)
    return pieces


def style_params(style: str, rng: random.Random, stand: dict | None = None) -> dict:
    """Size and surface of one token style (the same for every token of a scene); ``stand`` may
    fix the pieces' height (``piece_mm``) and make draughts stacks of two (``stack``)."""
    params = _style_params(style, rng)
    stand = stand or {}
    if "piece_mm" in stand:
        params["height"] = stand["piece_mm"] / 1000
    if "width_mm" in stand:
        params["radius"] = stand["width_mm"] / 2000
    if stand.get("stack") and style == "draught":
        params["stack"] = 2
    return params


def _style_params(style: str, rng: random.Random) -> dict:
    if style == "cork":
        return {"radius": rng.uniform(0.011, 0.0135), "height": rng.uniform(0.004, 0.008), "roughness": 0.8}
    if style == "draught":
        return {"radius": rng.uniform(0.0135, 0.015), "height": rng.uniform(0.006, 0.008),
                "roughness": rng.uniform(0.3, 0.6)}
    if style in ("cap_up", "cap_down"):
        return {"radius": rng.uniform(0.014, 0.015), "height": rng.uniform(0.010, 0.012),
                "roughness": rng.uniform(0.12, 0.35), "coat": rng.uniform(0, 0.5)}
    return {"radius": 0.011, "height": rng.uniform(0.008, 0.0095), "roughness": 0.25, "coat": 0.6}


def random_lewthwaite(rng: random.Random) -> list[str]:
    """A position from 1-20 random legal moves after the start."""
    state = LewthwaiteParams().new_initial_state()
    for _ in range(rng.randint(1, 20)):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return state.diagram().upper().splitlines()


def tile_pieces(grid: list[list[str]], mat, rng: random.Random, textures: dict[str, str]) -> tuple[list, list]:
    """Tiles laid as a child lays them: up to 2 mm and 8 degrees off, touching but never overlapping."""
    TILE_MM = layout("lightning").tile_mm  # noqa: N806 (the mat's constant)

    placed: list[np.ndarray] = []
    pieces, offsets = [], []
    thickness = rng.uniform(0.0004, 0.0012)
    edge = hsv_linear(0.1, 0.2, rng.uniform(0.5, 0.8))
    for r, line in enumerate(grid):
        for c, text in enumerate(line):
            if text == ".":
                continue
            tile = Tile(text[0], int(text[1]))
            cx, cy = mat.center(r, c)
            for attempt in range(40):
                reach = 2.0 * (1 - attempt / 40)
                dist, direction = reach * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
                dx, dy = dist * math.cos(direction), dist * math.sin(direction)
                turn = rng.uniform(-8, 8) * (1 - attempt / 40)
                quad = tile_square(cx + dx, cy + dy, TILE_MM, turn)
                if not any(squares_overlap(quad, other) for other in placed):
                    break
            placed.append(quad)
            x, y = sheet_to_world(cx + dx, cy + dy, mat.page)
            # Sheet angles turn clockwise (y down); world angles turn counter-clockwise (y up).
            pieces.append({"kind": "tile", "x": x, "y": y, "size": TILE_MM / 1000, "thickness": thickness,
                           "angle": -(90 * tile.rotation + turn), "texture": textures[tile.design],
                           "edge_colour": edge})
            offsets.append({"cell": [r, c], "tile": text, "offset_mm": round(math.hypot(dx, dy), 3),
                            "angle_deg": round(turn, 2)})
    return pieces, offsets


def random_tiles(rng: random.Random, rows: int, cols: int) -> list[list[str]]:
    """Tiles on 20-80 % of the cells, any design and rotation."""
    density = rng.uniform(0.2, 0.8)
    tiles = all_tiles()
    return [[str(rng.choice(tiles)) if rng.random() < density else "." for _ in range(cols)] for _ in range(rows)]


# --- scenes -----------------------------------------------------------------------------------


def textures(names: bool = False) -> dict[str, str]:
    """The printed sheets and tile faces as image files (cached); ``names``: the sheets as printed
    now, with the cells' names beside the grid; otherwise as every set before issue 39's second
    held-out set was rendered, without them."""
    CACHE.mkdir(parents=True, exist_ok=True)
    out = {}
    for game in ("lewthwaite", "lightning"):
        path = CACHE / (f"mat-{game}-names.png" if names else f"mat-{game}.png")
        if not path.exists():
            cv2.imwrite(str(path), render_mat(layout(game), 8.0, names=names))
        out[game] = str(path)
    for design in DESIGNS:
        path = CACHE / f"tile-{design}.png"
        if not path.exists():
            cv2.imwrite(str(path), tile_face(face_for(layout("lightning").tile_faces, design), 160))
        out[design] = str(path)
    return out


def lights(rng: random.Random, stand: dict | None = None) -> tuple[list[dict], dict]:
    """A ceiling light and, most of the time, a desk lamp low on one side; colour temperatures.
    ``stand`` may force a small (hard-shadowed) desk lamp at ``lamp_elevation`` degrees."""
    stand = stand or {}
    ceiling_k = rng.uniform(3000, 6500)
    found = [{
        "type": "AREA", "size": rng.uniform(0.6, 1.6), "power": rng.uniform(40, 120),
        "colour": blackbody(ceiling_k), "location": [rng.uniform(-0.8, 0.8), rng.uniform(-0.8, 0.8), 2.2],
        "target": [0, 0, 0],
    }]
    info = {"ceiling_k": round(ceiling_k)}
    if rng.random() < 0.75 or "lamp_elevation" in stand or "lamp_k" in stand:
        lamp_k = stand.get("lamp_k", rng.uniform(3000, 6500))
        elevation = math.radians(stand.get("lamp_elevation", rng.uniform(20, 50)))
        azimuth = rng.uniform(0, 2 * math.pi)
        distance = rng.uniform(0.45, 0.8)
        location = [distance * math.cos(elevation) * math.cos(azimuth),
                    distance * math.cos(elevation) * math.sin(azimuth), distance * math.sin(elevation)]
        kind, size = "SPOT" if rng.random() < 0.5 else "POINT", rng.uniform(0.005, 0.03)
        power = rng.uniform(2, 8) * distance**2 / 0.36
        if "lamp_elevation" in stand and not stand.get("soft_lamp"):
            size, power = 0.004, power * 4  # a bare bulb, the stand's main light: hard shadows
        found.append({"type": kind, "size": size,
                      "power": power, "colour": blackbody(lamp_k),
                      "location": location, "target": [rng.uniform(-0.05, 0.05), rng.uniform(-0.05, 0.05), 0]})
        info.update(lamp_k=round(lamp_k), lamp_elevation_deg=round(math.degrees(elevation), 1))
    return found, info


def _table_kind(table: dict, stand: dict, rng: random.Random) -> dict:
    """The table as ``stand`` asks: ``cloth=1`` (a woven tablecloth: fine threads, matte, a
    coloured weave) or ``wood=1`` (brown grain); otherwise the drawn table as it was."""
    if stand.get("cloth"):
        hue = rng.random()
        base = hsv_linear(hue, rng.uniform(0.2, 0.7), rng.uniform(0.25, 0.7))
        return {"kind": "cloth", "a": base, "b": [c * rng.uniform(0.55, 0.8) for c in base],
                "scale": rng.uniform(900, 1400), "roughness": 0.95}
    if stand.get("wood"):
        return {"kind": "wood", "a": hsv_linear(rng.uniform(0.06, 0.1), rng.uniform(0.5, 0.75), rng.uniform(0.3, 0.6)),
                "b": hsv_linear(rng.uniform(0.05, 0.09), rng.uniform(0.55, 0.8), rng.uniform(0.15, 0.35)),
                "scale": rng.uniform(3, 8), "roughness": rng.uniform(0.3, 0.6)}
    return table


def plan(style: str, seed: int, force_hand: bool = False, plays: int = 1,
         stand: dict | None = None) -> tuple[dict, dict]:
    """(the scene for Blender, its truth) for one style and seed: ``start``, ``play``, then
    ``play2`` .. ``playN`` for ``plays`` > 1 (other positions under the same light and camera,
    each from its own random stream, so a scene planned with fewer plays keeps its frames).
    ``stand`` fixes some of the draws (:data:`STAND_KEYS`); with ``setup`` = N it adds a frame
    ``setup``: the start position with only N of its tokens laid (a board being set up)."""
    stand = stand or {}
    rng = random.Random(f"photoreal-{style}-{seed}")
    tex = textures(bool(stand.get("names")))
    game = "lightning" if style == "tiles" else "lewthwaite"
    mat = layout(game)
    page_m = (mat.page[0] / 1000, mat.page[1] / 1000)
    camera = camera_pose(rng, page_m, long_across=game == "lightning", stand=stand)
    light_list, light_info = lights(rng, stand)
    table_h = rng.random()
    table = {"a": hsv_linear(table_h, rng.uniform(0.1, 0.6), rng.uniform(0.15, 0.6)),
             "b": hsv_linear(table_h + 0.03, rng.uniform(0.1, 0.6), rng.uniform(0.1, 0.5)),
             "scale": rng.uniform(3, 40), "roughness": rng.uniform(0.3, 0.9)}
    table = _table_kind(table, stand, rng)
    spec = {
        "resolution": list(RESOLUTION), "samples": 8,
        "world": {"colour": blackbody(rng.uniform(4000, 7000)), "strength": rng.uniform(0.05, 0.3)},
        "table": table,
        "sheet": {"parts": [{"x": 0, "y": 0, "w": page_m[0], "h": page_m[1], "texture": tex[game]}]},
        "lights": light_list, "camera": camera, "frames": {},
    }
    truth: dict = {"style": style, "seed": seed, "game": game, "camera": {k: round(v, 3) if isinstance(v, float)
                   else v for k, v in camera.items() if k != "matrix"}, "light": light_info, "frames": {}}
    if game == "lewthwaite":
        look = token_look(style, rng)
        params = style_params(style, rng, stand)
        truth["colours"] = list(look["names"])
        start = LewthwaiteParams().new_initial_state().diagram().upper().splitlines()
        play = random_lewthwaite(rng)
        hand = rng.random() < 0.3
        frames_planned = [("start", start), ("play", play)] + ([("hand", play)] if hand else [])
        if stand.get("setup"):
            setup_rng = random.Random(f"photoreal-{style}-{seed}-setup")
            laid = setup_rng.sample([(r, c) for r in range(5) for c in range(5) if start[r][c] != "."],
                                    int(stand["setup"]))
            setup = ["".join(ch if (r, c) in laid else "." for c, ch in enumerate(row)) for r, row in enumerate(start)]
            frames_planned.append(("setup", setup))
        for name, grid in frames_planned:
            frame_rng = random.Random(f"{style}-{seed}-{name}")
            spec["frames"][name] = {"pieces": token_pieces(style, grid, mat, look, frame_rng, params,
                                                            stand.get("offset_mm"))}
            truth["frames"][name] = {"grid": grid}
        # The tokens of the hand frame are those of the play frame; the hand comes on top.
        if hand:
            spec["frames"]["hand"]["pieces"] = spec["frames"]["play"]["pieces"]
    else:
        empty = [["."] * mat.cols for _ in range(mat.rows)]
        play = random_tiles(rng, mat.rows, mat.cols)
        pieces, offsets = tile_pieces(play, mat, rng, tex)
        spec["frames"]["start"] = {"pieces": []}
        spec["frames"]["play"] = {"pieces": pieces}
        truth["frames"] = {"start": {"grid": empty}, "play": {"grid": play, "tiles": offsets}}
        hand = rng.random() < 0.3
        if hand:
            spec["frames"]["hand"] = {"pieces": pieces}
            truth["frames"]["hand"] = {"grid": play}
    if "hand" in spec["frames"]:
        spec["frames"]["hand"]["hand"] = hand_spec(rng, page_m)
        truth["frames"]["hand"]["hand"] = True
    for k in range(2, plays + 1):
        name = f"play{k}"
        play_rng = random.Random(f"photoreal-{style}-{seed}-{name}")
        if game == "lewthwaite":
            grid = random_lewthwaite(play_rng)
            spec["frames"][name] = {"pieces": token_pieces(style, grid, mat, look, play_rng, params)}
            truth["frames"][name] = {"grid": grid}
        else:
            grid = random_tiles(play_rng, mat.rows, mat.cols)
            pieces, offsets = tile_pieces(grid, mat, play_rng, tex)
            spec["frames"][name] = {"pieces": pieces}
            truth["frames"][name] = {"grid": grid, "tiles": offsets}
    if stand.get("arm") and game == "lewthwaite":
        _arm_session(spec, truth, style, seed, mat, look, params, stand, page_m)
    if stand:
        truth["stand"] = stand
    if force_hand and "hand" not in spec["frames"]:
        # A hand frame added to a scene planned without one (its own random stream, so the
        # scene's other frames stay as they were planned).
        hand_rng = random.Random(f"photoreal-hand-{style}-{seed}")
        spec["frames"]["hand"] = {"pieces": spec["frames"]["play"]["pieces"], "hand": hand_spec(hand_rng, page_m)}
        truth["frames"]["hand"] = {"grid": truth["frames"]["play"]["grid"], "hand": True}
    return spec, truth


#: The sheet's corners (sheet mm) an arm may rest over (``arm`` = 1..4: markers 0..3's corner).
ARM_CORNERS = ((0.0, 0.0), (210.0, 0.0), (210.0, 297.0), (0.0, 297.0))


def _arm_session(spec: dict, truth: dict, style: str, seed: int, mat, look: dict, params: dict, stand: dict,
                 page_m: tuple[float, float]) -> None:
    """Frames of a session with an arm resting on the sheet's margin, fingers over part of a
    corner marker (``stand["arm"]`` = 1..4), while the other player moves a token: ``start_arm``
    (the start position and the arm), ``move`` (the arm, the mover's hand over the move's cells,
    the token being carried gone from its cell), ``play_arm`` (the move made, the arm still there).
    The ``play`` frame (the move made, no arm) is the one planned already, made one move from the
    start here (the position of ``play_arm``)."""
    rng = random.Random(f"photoreal-arm-{style}-{seed}")
    state = LewthwaiteParams().new_initial_state()
    move = rng.choice(state.legal_moves())
    start = state.diagram().upper().splitlines()
    after = state.play(move).diagram().upper().splitlines()
    moved = [(r, c) for r in range(5) for c in range(5) if start[r][c] != after[r][c]]
    carried = ["".join("." if (r, c) in moved else ch for c, ch in enumerate(row)) for r, row in enumerate(start)]
    corner = ARM_CORNERS[int(stand["arm"]) - 1]
    if stand.get("lean"):
        # Leaning on the sheet's edge beside the corner marker: the forearm across the edge, the
        # fingers over the marker's inner part and on across the margin to 10 mm off the grid
        # (over the reader's ring of paper there, but no cell).
        bx, by, bw, bh = mat.blocks[0]
        side = 1.0 if corner[1] > 148.5 else -1.0  # the fingers point up from the bottom edge
        edge_y = by + bh if side > 0 else by
        marker_x = corner[0] + (-22.5 if corner[0] > 105 else 22.5)
        tip = np.array([marker_x + (-8.0 if corner[0] > 105 else 8.0), edge_y + side * 10.0])
        angle_sheet = -side * math.pi / 2 + math.radians(rng.uniform(-8, 8))
    else:
        tip = np.array(corner) + np.sign(np.array([105.0, 148.5]) - np.array(corner)) * 18.0  # over its outer part
        inward = np.array([105.0, 148.5]) - tip
        angle_sheet = math.atan2(inward[1], inward[0]) + math.radians(rng.uniform(-20, 20))
    tips = sheet_to_world(*tip, mat.page)
    skin = hsv_linear(rng.uniform(0.02, 0.09), rng.uniform(0.25, 0.6), rng.uniform(0.35, 0.95))
    arm = {"tips": list(tips), "angle": -angle_sheet, "skin": skin, "finger": rng.uniform(0.05, 0.065),
           "sleeve": hsv_linear(rng.random(), rng.uniform(0, 0.8), rng.uniform(0.1, 0.9))}
    (r0, c0), (r1, c1) = moved
    cx, cy = [(a + b) / 2 for a, b in zip(mat.center(r0, c0), mat.center(r1, c1), strict=True)]
    hand = hand_spec(rng, page_m)
    hand["palm"] = [*sheet_to_world(cx, cy, mat.page), rng.uniform(0.04, 0.07)]
    # The tokens that stay lie exactly where they were; the moved one lands a little off the
    # target cell's centre.
    pieces = spec["frames"]["start"]["pieces"]
    source, target = (moved[0], moved[1]) if start[moved[0][0]][moved[0][1]] != "." else (moved[1], moved[0])
    token = next(p for p in pieces if _cell_of(p, mat) == source)
    reach = stand.get("offset_mm", 2.5)
    dist, direction = reach * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
    tx, ty = sheet_to_world(mat.center(*target)[0] + dist * math.cos(direction),
                            mat.center(*target)[1] + dist * math.sin(direction), mat.page)
    landed = {**token, "x": tx, "y": ty}
    frames = {"start_arm": (start, pieces), "move": (carried, [p for p in pieces if p is not token]),
              "play_arm": (after, [p for p in pieces if p is not token] + [landed])}
    frames["play"] = frames["play_arm"]
    for name, (grid, laid) in frames.items():
        spec["frames"][name] = {"pieces": laid}
        truth["frames"][name] = {"grid": grid}
    for name in ("start_arm", "move", "play_arm"):
        spec["frames"][name]["arm"] = arm
        truth["frames"][name]["arm"] = True
    spec["frames"]["move"]["hand"] = hand
    truth["frames"]["move"]["hand"] = True
    for name in ("hand", "setup"):  # planned for another position: not part of this session
        spec["frames"].pop(name, None)
        truth["frames"].pop(name, None)
    truth["session"] = {"move": [[r0, c0], [r1, c1]], "arm_corner": int(stand["arm"])}


def _cell_of(piece: dict, mat) -> tuple[int, int]:
    """The cell a token was laid on (from its world position)."""
    x_mm, y_mm = piece["x"] * 1000 + mat.page[0] / 2, mat.page[1] / 2 - piece["y"] * 1000
    bx, by, _, _ = mat.blocks[0]
    return int((y_mm - by) // mat.cell), int((x_mm - bx) // mat.cell)


def hand_spec(rng: random.Random, page_m: tuple[float, float]) -> dict:
    """A hand over the board: palm 3-12 cm above a point of the sheet, skin and sleeve colours."""
    skin = hsv_linear(rng.uniform(0.02, 0.09), rng.uniform(0.25, 0.6), rng.uniform(0.35, 0.95))
    x, y = rng.uniform(-0.5, 0.5) * page_m[0] * 0.8, rng.uniform(-0.5, 0.5) * page_m[1] * 0.8
    return {
        "palm": [x, y, rng.uniform(0.03, 0.12)], "angle": rng.uniform(0, 2 * math.pi), "skin": skin,
        "sleeve": hsv_linear(rng.random(), rng.uniform(0, 0.8), rng.uniform(0.1, 0.9)),
        "finger": rng.uniform(0.05, 0.07),
    }


# --- the webcam -------------------------------------------------------------------------------


def develop(raw: np.ndarray, rng: random.Random, frame: str = "", gain: float | None = None,
            ev: float | None = None) -> tuple[np.ndarray, dict]:
    """A linear render (float RGB, 1.0 = the render's white) as a webcam would give it:
    auto-exposure that misses a little, white balance from a grey-world guess with an error,
    vignetting, noise, JPEG. ``gain`` set: the exposure is locked there (manual exposure, as
    the product asks of a camera whose paper is clipped) instead of auto-exposure's; the
    gain used is in the returned info (``exposure_gain``)."""
    h, w = raw.shape[:2]
    image = raw.astype(np.float32)
    # White balance: the camera guesses the light from the brightest quarter (the paper) and misses.
    bright = image.reshape(-1, 3)
    lum = bright.mean(axis=1)
    top = bright[lum >= np.percentile(lum, 75)].mean(axis=0)
    error = np.array([rng.uniform(0.85, 1.15), 1.0, rng.uniform(0.85, 1.15)], np.float32)
    image = image * (top.mean() / np.maximum(top, 1e-4)) * error
    # Auto-exposure: the 90th percentile of luminance to about 0.75 (in linear light, x 2^EV error).
    drawn = rng.uniform(-0.6, 0.4)  # drawn either way: the rest of the webcam stays the same
    ev = drawn if ev is None else ev
    if gain is None:
        gain = 0.55 * 2**ev / max(float(np.percentile(image.mean(axis=2), 90)), 1e-4)
    image *= gain
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xs / w - 0.5) ** 2 + (ys / h - 0.5) ** 2) * 2
    vignette = rng.uniform(0.0, 0.35)
    image *= (1 - vignette * r2)[..., None]
    # Shot noise (grows with signal) and read noise, in linear light.
    noise_gain = rng.uniform(0.002, 0.01)
    noise_rng = np.random.default_rng([rng.getrandbits(32), sum(map(ord, frame))])
    image = image + noise_rng.normal(0, 1, image.shape).astype(np.float32) * np.sqrt(
        np.maximum(image, 0) * noise_gain + 0.0004
    )
    image = np.clip(image, 0, 1)
    srgb = np.where(image <= 0.0031308, image * 12.92, 1.055 * np.power(image, 1 / 2.4) - 0.055)
    out = (srgb * 255 + 0.5).astype(np.uint8)[..., ::-1]  # BGR for OpenCV
    blur = rng.uniform(0, 0.8)
    if blur > 0.25:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    quality = rng.randint(60, 92)
    info = {"wb_error": [round(float(error[0]), 3), round(float(error[2]), 3)], "ev_error": round(ev, 2),
            "vignette": round(vignette, 2), "noise_gain": round(noise_gain, 4), "blur": round(blur, 2),
            "jpeg_quality": quality, "exposure_gain": round(float(gain), 5)}
    return out, info


def exposure_frame(style: str, seed: int, frame: str, stops: int = 0) -> str:
    """The file name of a developed frame; ``stops`` > 0: developed with the exposure locked that
    many stops below the auto-exposure of the scene's ``start`` frame (what the product asks of
    a camera whose paper is clipped, :mod:`vision.exposure`)."""
    return f"{style}-{seed:04d}-{frame}" + (f"-exp-{stops}" if stops else "") + ".jpg"


def make_scene(style: str, seed: int, out_dir: Path, force_hand: bool = False, plays: int = 1,
               headroom: float = 0.0, exposure_steps: int = 0, stand: dict | None = None,
               only: tuple[str, ...] = (), samples: int = 0) -> str:
    """Plan, render (skipping frames already rendered) and develop one scene.

    ``headroom``: the render is made that many stops darker and scaled back in linear light, so
    a paper brighter than the PNG's 1.0 keeps its detail (0: the set's first scenes, whose paper
    and white pieces often sit at 1.0 in the render itself). ``exposure_steps``: also develop
    every frame 1..N stops below the start frame's auto-exposure, locked. ``only``: just those
    frames (``start`` always: the exposure steps are the start frame's); ``samples``: Cycles'
    samples a pixel (0: the plan's 8).
    """
    truth_path = out_dir / f"{style}-{seed:04d}.json"
    spec, truth = plan(style, seed, force_hand, plays, stand)
    if only:
        keep = {"start", *only}
        spec["frames"] = {k: v for k, v in spec["frames"].items() if k in keep}
        truth["frames"] = {k: v for k, v in truth["frames"].items() if k in keep}
    if samples:
        spec["samples"] = samples
        truth["samples"] = samples
    steps = [exposure_frame(style, seed, name, k) for name in spec["frames"] for k in range(1, exposure_steps + 1)]
    if (truth_path.exists() and set(spec["frames"]) <= set(json.loads(truth_path.read_text())["frames"])
            and all((out_dir / name).exists() for name in steps)):
        return f"{truth_path.name}: already there"
    work = CACHE / (f"{style}-{seed:04d}" + (f"-h{headroom:g}" if headroom else ""))
    work.mkdir(parents=True, exist_ok=True)
    spec["headroom"] = headroom
    spec_path = work / "scene.json"
    spec_path.write_text(json.dumps(spec))
    start = time.time()
    log = work / "blender.log"
    with log.open("w") as out:
        result = subprocess.run(
            ["nice", "-n", NICE, BLENDER_PYTHON, str(HERE / "blender_scene.py"), str(spec_path), str(work)],
            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "OMP_NUM_THREADS": "1"},
        )
    if result.returncode != 0:
        raise RuntimeError(f"{style}-{seed}: blender failed\n{log.read_text()[-2000:]}")
    seconds = time.time() - start
    raws = {}
    for name in spec["frames"]:
        raw = cv2.imread(str(work / f"{name}.png"), cv2.IMREAD_UNCHANGED)
        raws[name] = raw[..., 2::-1].astype(np.float32) / 65535.0 * 2.0**headroom
        # The same webcam for every frame of a scene (lens, sensor, its white-balance and
        # exposure errors); auto-exposure and white balance still react to what is on the board,
        # and the sensor noise is new in every frame.
        image, info = develop(raws[name], random.Random(f"develop-{style}-{seed}"), frame=name,
                              ev=(stand or {}).get("ev"))
        cv2.imwrite(str(out_dir / exposure_frame(style, seed, name)), image,
                    [cv2.IMWRITE_JPEG_QUALITY, info["jpeg_quality"]])
        truth["frames"][name]["camera_processing"] = info
    locked = truth["frames"]["start"]["camera_processing"]["exposure_gain"]
    for k in range(1, exposure_steps + 1):
        for name, raw in raws.items():
            image, info = develop(raw, random.Random(f"develop-{style}-{seed}"), frame=f"{name}-exp-{k}",
                                  gain=locked * 2.0**-k)
            cv2.imwrite(str(out_dir / exposure_frame(style, seed, name, k)), image,
                        [cv2.IMWRITE_JPEG_QUALITY, info["jpeg_quality"]])
    if headroom:
        truth["headroom_stops"] = headroom
    if exposure_steps:
        truth["exposure_steps"] = exposure_steps
    truth["render_seconds"] = round(seconds, 1)
    truth_path.write_text(json.dumps(truth, indent=1) + "\n")
    return f"{truth_path.name}: {len(spec['frames'])} frames in {seconds:.0f} s"


#: What ``--stand`` may fix: the camera's tilt (degrees) and height (m), the pieces' height (mm),
#: draughts stacked two high, a bare desk lamp at this elevation (degrees, hard shadows), the
#: auto-exposure's error (EV: +1 puts much of the paper at the sensor's limit), and a ``setup``
#: frame with only that many tokens of the start position laid.
STAND_KEYS = ("tilt", "height", "piece_mm", "stack", "lamp_elevation", "ev", "setup",
              # issue 39: the camera's side (degrees), a warm lamp (kelvin, soft unless bare),
              # the pieces' width and how far off their cells' centres (mm), the table's cloth.
              "azimuth", "lamp_k", "soft_lamp", "width_mm", "offset_mm", "cloth", "wood", "arm", "lean",
              # the mat as printed now, with the cells' names (without: as printed before).
              "names")


def parse_stand(text: str) -> dict:
    """``tilt=23,piece_mm=13`` -> ``{"tilt": 23.0, "piece_mm": 13.0}``."""
    out = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        if key not in STAND_KEYS:
            raise SystemExit(f"--stand: unknown key {key!r} (choose from {', '.join(STAND_KEYS)})")
        out[key] = float(value)
    return out


def _seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def main() -> None:
    """Command line: which styles and seeds to make, how many Blender processes at once."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--styles", default=",".join(STYLES))
    parser.add_argument("--seeds", default="0-1", help="e.g. 0-2 (tuning) or 100-105 (held out)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=str(SET_DIR))
    parser.add_argument("--hand", action="store_true", help="give every scene a hand frame (rendered if missing)")
    parser.add_argument("--plays", type=int, default=1, help="positions per scene besides the start (play, play2...)")
    parser.add_argument("--scenes", default=None, help="exact scenes instead of styles x seeds: go-104,draught-111")
    parser.add_argument("--headroom", type=float, default=0.0,
                        help="render this many stops darker and scale back (paper above the PNG's 1.0 keeps detail)")
    parser.add_argument("--stand", default="", help="fix draws, e.g. tilt=23,height=0.61,piece_mm=13,"
                        "lamp_elevation=25,stack=1,ev=1.2,setup=16 (see STAND_KEYS)")
    parser.add_argument("--frames", default="", help="render only these frames (and start), e.g. play,move")
    parser.add_argument("--samples", type=int, default=0, help="Cycles samples a pixel (default: the plan's 8)")
    parser.add_argument("--exposure-steps", type=int, default=0,
                        help="also develop each frame 1..N stops below the start frame's auto-exposure")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    jobs = [(style, seed) for seed in _seeds(args.seeds) for style in args.styles.split(",")]
    if args.scenes:
        jobs = [(name.rpartition("-")[0], int(name.rpartition("-")[2])) for name in args.scenes.split(",")]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for message in pool.map(lambda job: make_scene(job[0], job[1], out, args.hand, args.plays,
                                                       args.headroom, args.exposure_steps,
                                                       parse_stand(args.stand),
                                                       tuple(filter(None, args.frames.split(","))),
                                                       args.samples), jobs):
            print(message, flush=True)


if __name__ == "__main__":
    main()
