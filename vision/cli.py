"""Vision commands: ``print-board``, ``print-tiles``, ``read-board``, ``synthetic-photo`` and
``calibrate``.

This module is imported whenever the command line is built, so it imports neither cv2 nor numpy
nor pygame: each handler loads what it needs. Exit codes: 2 for bad values (missing file, unknown
game), 3 when the frame cannot be read (no mat, black or blurred frame, board covered, paper
too white).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.cliutil import CliError, Commands, float_in_range, int_in_range, print_json, seed_value
from games.outputs import check_named, check_outputs, write_outputs
from games.ports import CameraProblem
from vision.boards import LazyChoices, board_of, readable_boards
from vision.cameraspec import CameraSpec, parse_camera

if TYPE_CHECKING:
    from games.boards import BoardDescription
    from kiosk.calibration import CalibrationScene
    from kiosk.host import Host
    from vision.calibration import LiveCalibration

#: The games whose board the camera reads (their board descriptions print a mat), by key.
VISION_GAMES = LazyChoices()
GAME_HELP = "a game whose board the camera reads (one with a printed mat)"
MAT_VARIANTS = LazyChoices(variants=True)
ROWS_HELP = "token mats only: rows (default: the game's usual board)"
COLS_HELP = "token mats only: columns (default: the game's usual board)"
#: ``--force`` of the commands that write files.
FORCE_HELP = "replace the files it writes (the image and the .json beside it) if they exist"


def camera_argument(text: str) -> CameraSpec:
    """argparse ``type`` for ``--camera``."""
    try:
        return parse_camera(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: ``--camera-fps``: 1..120 frames a second.
camera_fps = float_in_range(1, 120, "frames a second")


def add_camera_args(parser: argparse.ArgumentParser, default: str = "synthetic") -> None:
    """``--camera`` and ``--camera-fps``, for every command that watches a board."""
    parser.add_argument(
        "--camera",
        type=camera_argument,
        default=parse_camera(default),
        help=f"a webcam index (0), synthetic, a video file or a folder of images (default {default})",
    )
    parser.add_argument(
        "--camera-fps",
        type=camera_fps,
        default=30.0,
        help="frames a second of a video or a folder of images (default 30); headless runs read one per 1/F s",
    )


def single_threaded_blas() -> None:
    """Ask numpy's BLAS for one thread before numpy loads: the reader's matrices are tiny, and on
    a busy 2-core kiosk a thread pool costs far more than it gives."""
    if "numpy" not in sys.modules:
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ.setdefault(name, "1")


def _sidecar(out: Path) -> Path:
    return out.with_suffix(".json")


def _encode(image: Any, suffix: str) -> bytes:
    import cv2

    ok, data = cv2.imencode(suffix, image, [cv2.IMWRITE_JPEG_QUALITY, 92] if suffix != ".png" else [])
    if not ok:
        raise CliError(f"cannot encode the image as {suffix}")
    return data.tobytes()


def _page_paths(out: Path, pages: int) -> list[Path]:
    """``out`` for one page; ``name-1.png``, ``name-2.png``... for several."""
    if pages == 1:
        return [out]
    return [out.with_name(f"{out.stem}-{k + 1}{out.suffix}") for k in range(pages)]


def _write_pages(pages: list[tuple[Path, Any, dict[str, Any]]]) -> None:
    """Every page's image and JSON, all or none (checked with :func:`_check_out` first)."""
    files: dict[Path, bytes] = {}
    for path, image, description in pages:
        files[path] = _encode(image, path.suffix.lower())
        files[_sidecar(path)] = (json.dumps(description, indent=1) + "\n").encode("utf-8")
    write_outputs(files)


def _check_out(args: argparse.Namespace, pages: int = 1, suffixes: tuple[str, ...] = (".png",)) -> list[Path]:
    """The images ``--out`` stands for (one, or ``pages`` numbered pages) and their sidecar
    JSONs, checked as a whole before any work (the one writer policy, :mod:`games.outputs`):
    the pages' paths."""
    check_named(args.out, suffixes + (".json",))  # an empty or too long name, before pages are named
    out = Path(args.out)
    if out.suffix.lower() == ".json":
        raise CliError(f"'{args.out}' must name a {' or '.join(suffixes)} file (its .json goes beside it)")
    outs = _page_paths(out, pages)
    check_outputs(args.out, [p for page in outs for p in (page, _sidecar(page))], args.force, suffixes)
    return outs


def _profile(args: argparse.Namespace, profile: Any) -> Any:
    """The mat profile of ``--game`` (or the positional game) with ``--rows``/``--cols``."""
    found = profile(args.game)
    if found.pieces != "tokens" and (args.rows or args.cols):
        raise CliError(f"--rows and --cols only apply to token mats, not to the {args.game} mat")
    return profile(args.game, args.rows, args.cols)


def run_print_board(args: argparse.Namespace) -> int:
    """``print-board GAME --out mat.png``: the printable mat and its geometry in ``mat.json``."""
    single_threaded_blas()
    from vision.mats import mat_description, profile, render_mat

    found = _profile(args, profile)
    if args.mat not in found.variants:
        others = [board.game for board in readable_boards() if args.mat in board.mat_variants]
        raise CliError(f"the {args.game} mat comes as {' or '.join(found.variants)}: --mat {args.mat} is for "
                       f"{' or '.join(others)}")
    mat = found.layout(args.mat)
    px_per_mm = args.dpi / 25.4
    outs = _check_out(args, mat.sheets)
    _write_pages(
        [(path, render_mat(mat, px_per_mm, k), mat_description(mat, px_per_mm, k)) for k, path in enumerate(outs)]
    )
    summary = {
        "image": str(outs[0]),
        "geometry": str(_sidecar(outs[0])),
        "images": [str(p) for p in outs],
        "game": mat.game,
        "rows": mat.rows,
        "cols": mat.cols,
        "page_mm": list(mat.page),
        "dpi": args.dpi,
    }
    if args.json:
        print_json(summary)
    else:
        sheets = f"{mat.sheets} sheets, " if mat.sheets > 1 else ""
        print(
            f"{', '.join(map(str, outs))}: {mat.game} mat, {mat.rows} x {mat.cols} cells, {sheets}print at 100 % on "
            f"{'A3' if max(mat.page) > 300 else 'A4'} ({args.dpi} dpi); geometry beside each, .json"
        )
    return 0


def _tile_board(args: argparse.Namespace) -> Any:
    """The board of ``--game`` for ``print-tiles``: by default the one installed game whose
    pieces are tiles."""
    tiled = [board for board in readable_boards() if board.pieces == "tiles"]
    if args.game is None:
        if len(tiled) != 1:
            names = ", ".join(board.game for board in tiled) or "no game has tiles"
            raise CliError(f"name the game with --game ({names})")
        return tiled[0]
    board = board_of(args.game)
    if board.pieces != "tiles":
        raise CliError(f"the {args.game} mat takes no tiles")
    if args.mat not in board.mat_variants:
        raise CliError(f"the {args.game} mat comes as {' or '.join(board.mat_variants)}, not '{args.mat}'")
    return board


def run_print_tiles(args: argparse.Namespace) -> int:
    """``print-tiles --out tiles.png``: 30 of each tile design to print and cut."""
    single_threaded_blas()
    from vision.mats import layout, render_tile_sheet, tile_sheet_boxes

    board = _tile_board(args)
    tile_mm = layout(board, variant=args.mat).tile_mm
    faces = board.tile_faces()
    outs = _check_out(args, len(tile_sheet_boxes(faces, tile_mm)))
    pages = render_tile_sheet(faces, args.dpi / 25.4, tile_mm)
    _write_pages([(path, image, description) for path, (image, description) in zip(outs, pages, strict=True)])
    tiles = sum(len(description["tiles"]) for _, description in pages)
    if args.json:
        print_json({"image": str(outs[0]), "images": [str(p) for p in outs], "geometry": str(_sidecar(outs[0])),
                    "tiles": tiles})
    else:
        print(
            f"{', '.join(map(str, outs))}: {tiles} {board.game.capitalize()} tiles on {len(pages)} A4 sheet(s) "
            f"({args.dpi} dpi); "
            "boxes beside each, .json"
        )
    return 0


def _load_image(path_text: str) -> Any:
    """A photograph as a BGR array (:func:`vision.sources.read_image`); bad, missing, tiny or
    oversized files are a :class:`CliError`."""
    from vision.sources import read_image

    try:
        return read_image(path_text)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def run_read_board(args: argparse.Namespace) -> int:
    """``read-board IMAGE --game G``: the board in a photograph, or exit code 3 saying why not."""
    single_threaded_blas()
    image = _load_image(args.image)
    from vision.mats import profile
    from vision.reader import BoardReader, VisionError

    found = _profile(args, profile)
    reader = BoardReader(found.board, colours=args.colours)
    try:
        reading = reader.read(image)
        if found.pieces == "tokens" and _told_by_hue(args.colours) and _has_pieces(reading.grid) \
                and _colourless(image):
            raise VisionError(CameraProblem.GREYSCALE, f"'{args.image}' is a black-and-white photograph: the "
                              "players' colours cannot be told apart (take it in colour)")
    except VisionError as exc:
        exc = _other_size(args, image, exc)
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


def _told_by_hue(colours: tuple[str, str] | None) -> bool:
    """True when the players' tokens are told apart by their hue (not black and white ones)."""
    return not colours or set(colours) != {"black", "white"}


def _has_pieces(grid: Any) -> bool:
    """True when a reading found any piece (an empty mat reads the same in black and white)."""
    return any(code not in (".", "?") for row in grid for code in row)


def _colourless(image: Any) -> bool:
    """True for a black-and-white photograph: nearly every pixel that is neither clipped nor black
    has its three channels exactly equal (a colour sensor's noise never gives that)."""
    import numpy as np

    small = image[:: max(1, image.shape[0] // 300), :: max(1, image.shape[1] // 300)].astype(np.int16)
    mid = (small.min(axis=2) >= 8) & (small.max(axis=2) <= 247)
    if mid.sum() < 100:
        return False
    grey = (small[..., 0] == small[..., 1]) & (small[..., 1] == small[..., 2])
    return bool((grey & mid).sum() >= 0.98 * mid.sum())


def _other_size(args: argparse.Namespace, image: Any, error: Any) -> Any:
    """``error`` from reading the mat at ``--rows``/``--cols``; when the photograph reads as the
    game's usual mat instead, an error that says so (the reader alone would blame a hand)."""
    if not (args.rows or args.cols) or error.reason not in SIZE_SUSPECTS:
        return error
    from vision.mats import profile
    from vision.reader import BoardReader, VisionError

    usual = profile(args.game).board
    asked = _profile(args, profile).board
    if (usual.rows, usual.cols) == (asked.rows, asked.cols):
        return error
    try:
        BoardReader(usual, colours=args.colours).read(image)
    except VisionError:
        return error
    return VisionError(CameraProblem.WRONG_SIZE, f"this photograph shows the {usual.rows} x {usual.cols} mat, not "
                       f"{asked.rows} x {asked.cols}: leave out --rows and --cols (or give "
                       f"--rows {usual.rows} --cols {usual.cols})")


def run_synthetic_photo(args: argparse.Namespace) -> int:
    """``synthetic-photo GAME --seed N --out photo.png``: a photograph from the synthetic camera."""
    single_threaded_blas()
    from vision.synthetic import random_photo

    out = _check_out(args, 1, (".png", ".jpg", ".jpeg"))[0]
    photo = random_photo(args.game, args.seed, hand=args.hand)
    truth = {"image": str(out), "game": args.game, "seed": args.seed, "grid": photo.grid, "hand": photo.hand}
    _write_pages([(out, photo.image, truth)])
    if args.json:
        print_json(truth)
    else:
        print(f"{out}: {args.game} photograph #{args.seed}; the board it shows:")
        for row in photo.grid:
            print(row if isinstance(row, str) else " ".join(f"{cell:>2}" for cell in row))
    return 0


def colours_choice(text: str) -> tuple[str, str]:
    """``--colours FIRST,SECOND``: the players' token colours, first player first."""
    from vision.tokens import COLOUR_NAMES

    parts = tuple(part.strip().lower() for part in text.split(","))
    if len(parts) != 2 or parts[0] == parts[1] or any(p not in COLOUR_NAMES for p in parts):
        raise argparse.ArgumentTypeError(
            f"'{text}' is not two different colours such as red,blue or black,white (known: {', '.join(COLOUR_NAMES)})"
        )
    return parts[0], parts[1]


def run_calibrate(args: argparse.Namespace) -> int:
    """``calibrate --camera synthetic|INDEX``: the live view with the detected grid and readings."""
    from vision.cameraspec import missing_camera_message

    missing = missing_camera_message(args.camera)
    if missing:
        raise CliError(missing)
    single_threaded_blas()
    from games.physical import TableOptions
    from kiosk.cli import app_options
    from kiosk.runner import run_app

    # The app's camera is the one watched (the operator's settings offer its calibration too).
    options = app_options(args, game=args.game, table=TableOptions(camera=str(args.camera)), json=args.json)
    return run_app(options, lambda app: calibration_scene(app, args.game, str(args.camera), options.seed))


def calibration_scene(app: Host, board: BoardDescription | str | None, camera: str,
                      seed: int | None = None) -> CalibrationScene:
    """The calibration screen of ``board``'s mat (a board description, an installed game's key, or
    None: the first game with a printed mat, in menu order), watched by the camera ``camera``
    names: the kiosk's screen on vision's live board (headless runs read one frame per reading,
    so N frames always show the same thing)."""
    from kiosk.calibration import CalibrationScene

    return CalibrationScene(app, calibration_source(board, camera, seed, threaded=not app.headless))


def calibration_source(board: BoardDescription | str | None, camera: str, seed: int | None = None,
                       threaded: bool = True) -> LiveCalibration:
    """The camera ``camera`` names watching ``board``'s mat (None: the first game with a printed
    mat, in menu order), for the calibration screen."""
    from vision.calibration import LiveCalibration

    return LiveCalibration(board if board is not None else readable_boards()[0], camera, seed=seed,
                           threaded=threaded)


#: The refusals that may mean the photograph shows another size of mat than asked.
SIZE_SUSPECTS = (CameraProblem.COVERED, CameraProblem.OUT_OF_VIEW, CameraProblem.WRONG_GAME)


def register(commands: Commands) -> None:
    """Add the vision commands."""
    board = commands.verb("print-board", "write a printable mat (PNG) with its ArUco markers and mat.json")
    board.add_argument("game", choices=VISION_GAMES, metavar="GAME", help=GAME_HELP)
    board.add_argument("--out", required=True, help="the PNG to write (its geometry goes beside it, .json)")
    board.add_argument("--dpi", type=int_in_range(72, 1200), default=300, help="print resolution (default 300)")
    board.add_argument("--rows", type=int_in_range(2, 9), default=None, help=ROWS_HELP)
    board.add_argument("--cols", type=int_in_range(2, 9), default=None, help=COLS_HELP)
    board.add_argument(
        "--mat",
        choices=MAT_VARIANTS,
        metavar="VARIANT",
        default="standard",
        help="the mat's variant, as its game's board describes them: standard, or for the tile game kids = "
        "children's size, one half per A3 sheet, 20 mm tiles (writes NAME-1.png, NAME-2.png)",
    )
    board.add_argument("--force", action="store_true", help=FORCE_HELP)
    board.add_argument("--json", action="store_true", help="print a JSON summary")
    board.set_defaults(handler=run_print_board)

    tiles = commands.verb("print-tiles", "write a sheet of the tile game's designs to print and cut")
    tiles.add_argument("--out", required=True, help="the PNG to write (tile boxes go beside it, .json)")
    tiles.add_argument("--dpi", type=int_in_range(72, 1200), default=300, help="print resolution (default 300)")
    tiles.add_argument(
        "--mat", choices=MAT_VARIANTS, metavar="VARIANT", default="standard",
        help="the mat the tiles are for (kids: 20 mm tiles for the children's mat)",
    )
    tiles.add_argument("--game", choices=VISION_GAMES, metavar="GAME", default=None,
                       help="the game whose tiles to print (default: the one game played with tiles)")
    tiles.add_argument("--force", action="store_true", help=FORCE_HELP)
    tiles.add_argument("--json", action="store_true", help="print a JSON summary")
    tiles.set_defaults(handler=run_print_tiles)

    read = commands.verb("read-board", "read the board in a photograph of a printed mat")
    read.add_argument("image", help="a photograph (PNG or JPEG)")
    read.add_argument("--game", required=True, choices=VISION_GAMES, metavar="GAME", help=GAME_HELP)
    read.add_argument("--rows", type=int_in_range(2, 9), default=None, help=ROWS_HELP)
    read.add_argument("--cols", type=int_in_range(2, 9), default=None, help=COLS_HELP)
    read.add_argument(
        "--colours",
        type=colours_choice,
        default=None,
        help="the players' token colours, first player first: red,blue (default: found in the image) or black,white",
    )
    read.add_argument("--json", action="store_true", help='print {"grid": ..., "confidence": c}')
    read.set_defaults(handler=run_read_board)

    photo = commands.verb("synthetic-photo", "render a photograph of a mat from the synthetic camera")
    photo.add_argument("game", choices=VISION_GAMES, metavar="GAME", help=GAME_HELP)
    photo.add_argument("--seed", type=seed_value, default=0, help="which photograph, 0..2^32-1 (default 0)")
    photo.add_argument("--hand", action="store_true", help="with a hand over the board")
    photo.add_argument("--out", required=True, help="the image to write (.png or .jpg)")
    photo.add_argument("--force", action="store_true", help=FORCE_HELP)
    photo.add_argument("--json", action="store_true", help="print the board the photograph shows as JSON")
    photo.set_defaults(handler=run_synthetic_photo)

    calibrate = commands.verb(
        "calibrate", "camera calibration screen: live view, detected grid and readings", interactive=True
    )
    add_camera_args(calibrate)
    calibrate.add_argument(
        "--game", default=None, choices=VISION_GAMES, metavar="GAME",
        help="which game's mat (default: the first game with a printed mat, in menu order)",
    )
    calibrate.add_argument("--json", action="store_true", help="print the scene state at the end")
    calibrate.set_defaults(handler=run_calibrate)
