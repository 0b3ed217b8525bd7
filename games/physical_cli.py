"""The physical-board mode's command-line options, shared by every ``play GAME`` that can be
played on a real board (and by the kiosk's own start): :func:`add_physical_args` puts them on a
parser, :func:`physical_options` reads and checks them into a :class:`games.physical.TableOptions`
record, the only form in which they go further (pure: argparse only, no camera opened)."""

from __future__ import annotations

import argparse

from games.cliutil import CliError, float_in_range, output_path, path_problem
from games.outputs import check_folder, check_new_stream
from games.physical import DEFAULT_CAMERA_FPS, FRAME_FILES, TableOptions


def camera_text(text: str) -> str:
    """argparse ``type`` of ``--camera``: anything but an empty name (which would silently mean
    no camera, or camera 0), nor a name no file can have (:func:`games.cliutil.path_problem`);
    what it names is checked when the camera opens."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the camera is empty: write 0 (a webcam's index), synthetic, a video file, "
                                         "a folder of images or a record (.jsonl)")
    problem = None if text == "synthetic" or text.isdigit() else path_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def add_physical_args(parser: argparse.ArgumentParser) -> None:
    """The physical-board mode: real pieces under a camera (see ``docs/physical.md``)."""
    group = parser.add_argument_group("physical board")
    group.add_argument("--physical", action="store_true",
                       help="play on a real board under the camera (the screen and the LEDs follow it)")
    group.add_argument("--camera", type=camera_text, default=None, metavar="0|synthetic|VIDEO|FOLDER|RECORD.jsonl",
                       help="camera index, 'synthetic' (a simulated visitor, for demos), a video file, a folder "
                            "of images played in name order, or a record to replay (default 0 with --physical)")
    group.add_argument("--camera-fps", type=float_in_range(1, 120, "frames a second"), default=None, metavar="F",
                       help="frames a second of a video or a folder (headless runs read one per 1/F s of game "
                            f"time; default {DEFAULT_CAMERA_FPS:g})")
    group.add_argument("--record", type=output_path(".jsonl"), default=None, metavar="FILE.jsonl",
                       help="write every event (readings, moves, mismatches, camera lost/back) as JSON lines "
                            "(a new file: see --force)")
    group.add_argument("--save-frames", default=None, metavar="FOLDER",
                       help="also keep every camera frame as an image, to replay the session with --camera FOLDER "
                            "(a folder without frames: see --force)")
    # --force (replace an existing --record, the frames in --save-frames) is the interactive
    # commands' own, shared with --screenshot (kiosk.options).


def physical_options(args: argparse.Namespace) -> TableOptions:
    """The physical-board options of ``args`` (a parser given :func:`add_physical_args` and the
    interactive options). The options that only make sense in the mode are refused without it,
    and the files it will write are checked now, before anything opens (exit 2,
    :mod:`games.outputs`): a ``--record`` that exists (without ``--force``) or that is the record
    being replayed, a ``--save-frames`` folder that cannot be written or already holds frames
    (without ``--force``)."""
    camera: str | None = args.camera
    physical = bool(args.physical or camera)
    if not physical:
        for option, value in (("record", args.record), ("save_frames", args.save_frames),
                              ("camera_fps", args.camera_fps)):
            if value:
                raise CliError(f"--{option.replace('_', '-')} goes with --physical (a real board under a camera)")
    force = bool(args.force)
    if args.record:
        check_new_stream(args.record, force, reading=[camera or ""])
    if args.save_frames is not None:
        check_folder(args.save_frames, FRAME_FILES, force, reading=[camera or ""])
    fps = DEFAULT_CAMERA_FPS if args.camera_fps is None else float(args.camera_fps)
    return TableOptions(physical, camera, fps, args.record, args.save_frames, force)
