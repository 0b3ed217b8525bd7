"""Vision commands: ``print-board``, ``print-tiles``, ``read-board``, ``synthetic-photo`` and
``calibrate``.

This module is imported whenever the command line is built, so it imports neither cv2 nor numpy
nor pygame: each handler loads what it needs. Exit codes: 2 for bad values (missing file, unknown
game), 3 when the frame cannot be read (no mat, black or blurred frame, board covered).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from games.cliutil import CliError, Commands, int_in_range, print_json

VISION_GAMES = ("lewthwaite", "lightning")


def single_threaded_blas() -> None:
    """Ask numpy's BLAS for one thread before numpy loads: the reader's matrices are tiny, and on
    a busy 2-core kiosk a thread pool costs far more than it gives."""
    if "numpy" not in sys.modules:
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ.setdefault(name, "1")


def _sidecar(out: Path) -> Path:
    return out.with_suffix(".json")


def _write_png(path: Path, image: Any) -> None:
    import cv2

    path.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(path), image):
        raise CliError(f"cannot write '{path}' (is it a .png path in a writable folder?)")


def _check_out(out: str) -> Path:
    path = Path(out)
    if path.suffix.lower() != ".png":
        raise CliError(f"--out must name a .png file, not '{out}'")
    return path


def run_print_board(args: argparse.Namespace) -> int:
    """``print-board GAME --out mat.png``: the printable mat and its geometry in ``mat.json``."""
    single_threaded_blas()
    from vision.mats import layout, mat_description, render_mat

    out = _check_out(args.out)
    if args.game != "lewthwaite" and (args.rows or args.cols):
        raise CliError("--rows and --cols only apply to the lewthwaite mat")
    mat = layout(args.game, args.rows, args.cols) if args.game == "lewthwaite" else layout(args.game)
    px_per_mm = args.dpi / 25.4
    _write_png(out, render_mat(mat, px_per_mm))
    description = mat_description(mat, px_per_mm)
    _sidecar(out).write_text(json.dumps(description, indent=1) + "\n", encoding="utf-8")
    summary = {
        "image": str(out),
        "geometry": str(_sidecar(out)),
        "game": mat.game,
        "rows": mat.rows,
        "cols": mat.cols,
        "page_mm": list(mat.page),
        "dpi": args.dpi,
    }
    if args.json:
        print_json(summary)
    else:
        print(
            f"{out}: {mat.game} mat, {mat.rows} x {mat.cols} cells, print at 100 % on "
            f"{'A3' if max(mat.page) > 300 else 'A4'} ({args.dpi} dpi); geometry in {_sidecar(out)}"
        )
    return 0


def run_print_tiles(args: argparse.Namespace) -> int:
    """``print-tiles --out tiles.png``: 30 of each Lightning design to print and cut."""
    single_threaded_blas()
    from vision.mats import render_tile_sheet

    out = _check_out(args.out)
    image, description = render_tile_sheet(args.dpi / 25.4)
    _write_png(out, image)
    _sidecar(out).write_text(json.dumps(description, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print_json({"image": str(out), "geometry": str(_sidecar(out)), "tiles": len(description["tiles"])})
    else:
        print(
            f"{out}: {len(description['tiles'])} Lightning tiles on one A4 sheet ({args.dpi} dpi); "
            f"boxes in {_sidecar(out)}"
        )
    return 0


def _load_image(path_text: str) -> Any:
    import cv2

    path = Path(path_text)
    if not path.is_file():
        raise CliError(f"no image file '{path_text}'")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise CliError(f"'{path_text}' is not an image OpenCV can read (PNG or JPEG)")
    return image


def run_read_board(args: argparse.Namespace) -> int:
    """``read-board IMAGE --game G``: the board in a photograph, or exit code 3 saying why not."""
    single_threaded_blas()
    image = _load_image(args.image)
    from vision.reader import BoardReader, VisionError

    if args.game != "lewthwaite" and (args.rows or args.cols):
        raise CliError("--rows and --cols only apply to lewthwaite")
    reader = BoardReader(args.game, args.rows, args.cols)
    try:
        reading = reader.read(image)
    except VisionError as exc:
        if args.json:
            print_json({"error": str(exc), "reason": exc.reason, **exc.details})
        else:
            print(f"error: {exc}", file=sys.stderr)
        return exc.code
    if args.json:
        print_json(reading.as_dict())
    else:
        for row in reading.grid:
            print(row if isinstance(row, str) else " ".join(f"{cell:>2}" for cell in row))
        print(f"confidence {reading.confidence:.2f}" + "".join(f"; {note}" for note in reading.notes))
    return 0


def run_synthetic_photo(args: argparse.Namespace) -> int:
    """``synthetic-photo GAME --seed N --out photo.png``: a photograph from the synthetic camera."""
    single_threaded_blas()
    from vision.synthetic import random_photo

    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".jpg", ".jpeg"):
        raise CliError(f"--out must name a .png or .jpg file, not '{args.out}'")
    photo = random_photo(args.game, args.seed, hand=args.hand)
    _write_png(out, photo.image)
    truth = {"image": str(out), "game": args.game, "seed": args.seed, "grid": photo.grid, "hand": photo.hand}
    if args.json:
        print_json(truth)
    else:
        print(f"{out}: {args.game} photograph #{args.seed}; the board it shows:")
        for row in photo.grid:
            print(row if isinstance(row, str) else " ".join(f"{cell:>2}" for cell in row))
    return 0


def camera_choice(text: str) -> str:
    """``synthetic`` or a camera index (0, 1, ...)."""
    if text == "synthetic" or (text.isdigit() and int(text) < 64):
        return text
    raise argparse.ArgumentTypeError(f"'{text}' is not a camera: write synthetic or an index such as 0")


def run_calibrate(args: argparse.Namespace) -> int:
    """``calibrate --camera synthetic|INDEX``: the live view with the detected grid and readings."""
    single_threaded_blas()
    from kiosk.runner import run_app
    from vision.scene import CalibrationScene

    return run_app(args, lambda app: CalibrationScene(app, args.game, args.camera))


def register(commands: Commands) -> None:
    """Add the vision commands."""
    games = dict(choices=VISION_GAMES, metavar="GAME")

    board = commands.verb("print-board", "write a printable mat (PNG) with its ArUco markers and mat.json")
    board.add_argument("game", help="lewthwaite or lightning", **games)
    board.add_argument("--out", required=True, help="the PNG to write (its geometry goes beside it, .json)")
    board.add_argument("--dpi", type=int_in_range(72, 1200), default=300, help="print resolution (default 300)")
    board.add_argument("--rows", type=int_in_range(2, 9), default=None, help="lewthwaite only (default 5)")
    board.add_argument("--cols", type=int_in_range(2, 9), default=None, help="lewthwaite only (default 5)")
    board.add_argument("--json", action="store_true", help="print a JSON summary")
    board.set_defaults(handler=run_print_board)

    tiles = commands.verb("print-tiles", "write a sheet of the five Lightning tile designs to print and cut")
    tiles.add_argument("--out", required=True, help="the PNG to write (tile boxes go beside it, .json)")
    tiles.add_argument("--dpi", type=int_in_range(72, 1200), default=300, help="print resolution (default 300)")
    tiles.add_argument("--json", action="store_true", help="print a JSON summary")
    tiles.set_defaults(handler=run_print_tiles)

    read = commands.verb("read-board", "read the board in a photograph of a printed mat")
    read.add_argument("image", help="a photograph (PNG or JPEG)")
    read.add_argument("--game", required=True, help="lewthwaite or lightning", **games)
    read.add_argument("--rows", type=int_in_range(2, 9), default=None, help="lewthwaite mat size (default 5)")
    read.add_argument("--cols", type=int_in_range(2, 9), default=None, help="lewthwaite mat size (default 5)")
    read.add_argument("--json", action="store_true", help='print {"grid": ..., "confidence": c}')
    read.set_defaults(handler=run_read_board)

    photo = commands.verb("synthetic-photo", "render a photograph of a mat from the synthetic camera")
    photo.add_argument("game", help="lewthwaite or lightning", **games)
    photo.add_argument("--seed", type=int, default=0, help="which photograph (default 0)")
    photo.add_argument("--hand", action="store_true", help="with a hand over the board")
    photo.add_argument("--out", required=True, help="the image to write (.png or .jpg)")
    photo.add_argument("--json", action="store_true", help="print the board the photograph shows as JSON")
    photo.set_defaults(handler=run_synthetic_photo)

    calibrate = commands.verb(
        "calibrate", "camera calibration screen: live view, detected grid and readings", interactive=True
    )
    calibrate.add_argument(
        "--camera",
        type=camera_choice,
        default="synthetic",
        help="synthetic or a camera index (default synthetic)",
    )
    calibrate.add_argument("--game", default="lewthwaite", help="which mat (default lewthwaite)", **games)
    calibrate.add_argument("--json", action="store_true", help="print the scene state at the end")
    calibrate.set_defaults(handler=run_calibrate)
