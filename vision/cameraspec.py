"""What ``--camera`` names, checked without importing cv2 (the command line is built from this).

``0``..``63`` is a webcam's index, ``synthetic`` the synthetic camera, a video file is played
frame by frame, and a folder of images is played in name order (see :mod:`vision.sources`).
"""

from __future__ import annotations

import argparse
import contextlib
from dataclasses import dataclass
from pathlib import Path

from games.cliutil import float_in_range

#: Image files a folder source plays, in name order.
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".webm", ".mjpeg", ".mjpg")


@dataclass(frozen=True)
class CameraSpec:
    """What ``--camera`` named: ``kind`` is device, synthetic, video or folder."""

    kind: str
    value: str = ""

    def __str__(self) -> str:
        return self.value if self.kind != "synthetic" else "synthetic"


def parse_camera(text: str) -> CameraSpec:
    """``0``..``63``, ``synthetic``, a video file or a folder of images; ValueError otherwise."""
    if text == "synthetic":
        return CameraSpec("synthetic")
    if text.isdigit():
        if int(text) >= 64:
            raise ValueError(f"'{text}' is not a camera: webcam indexes go from 0 to 63")
        return CameraSpec("device", text)
    path = Path(text)
    if path.is_dir():
        return CameraSpec("folder", text)
    if path.is_file():
        if path.suffix.lower() in VIDEO_SUFFIXES:
            return CameraSpec("video", text)
        raise ValueError(f"'{text}' is not a video ({', '.join(VIDEO_SUFFIXES)}) or a folder of images")
    raise ValueError(f"'{text}' is not a camera: write synthetic, an index such as 0, a video file or a folder")


@dataclass(frozen=True)
class CameraInfo:
    """A video device found on this machine."""

    index: int
    path: str
    name: str


def list_cameras() -> list[CameraInfo]:
    """The webcams that exist (Linux: ``/dev/videoN`` that can capture), in index order.

    Other systems offer no cheap way to list them without opening each one: an empty list then.
    """
    found = []
    sysfs = Path("/sys/class/video4linux")
    for dev in sorted(Path("/dev").glob("video[0-9]*"), key=lambda p: int(p.name[5:])):
        name_file = sysfs / dev.name / "name"
        index_file = sysfs / dev.name / "index"
        with contextlib.suppress(OSError, ValueError):
            # A webcam often shows two nodes; the second (index 1) carries metadata, not frames.
            if index_file.exists() and int(index_file.read_text().strip() or 0) != 0:
                continue
        name = name_file.read_text().strip() if name_file.exists() else dev.name
        found.append(CameraInfo(int(dev.name[5:]), str(dev), name))
    return found


def can_list_cameras() -> bool:
    """True where :func:`list_cameras` is reliable (a system with ``/dev`` video nodes)."""
    return Path("/sys/class/video4linux").exists() or Path("/dev").exists() and Path("/proc").exists()


def describe_cameras(cameras: list[CameraInfo]) -> str:
    """``0 (HD Webcam), 2 (USB Camera)`` or ``none``."""
    return ", ".join(f"{c.index} ({c.name})" for c in cameras) or "none"


def missing_camera_message(spec: CameraSpec) -> str | None:
    """For a webcam index that does not exist here: a message naming the ones that do (None when
    it exists, is not a webcam, or this system cannot list its cameras)."""
    if spec.kind != "device" or not can_list_cameras():
        return None
    cameras = list_cameras()
    if any(c.index == int(spec.value) for c in cameras) or Path(f"/dev/video{spec.value}").exists():
        return None
    return f"camera {spec.value} does not exist; cameras on this machine: {describe_cameras(cameras)}"


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
