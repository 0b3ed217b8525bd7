"""What ``--camera`` names, checked without importing cv2 (the command line is built from this).

``0``..``63`` is a webcam's index, ``synthetic`` the synthetic camera, a video file is played
frame by frame, and a folder of images is played in name order (see :mod:`vision.sources`).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from games.cliutil import path_problem, shown_path

#: Image files a folder source plays, in name order.
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".webm", ".mjpeg", ".mjpg")


#: The largest image decoded (a 50-megapixel camera fits; 40000 x 40000 does not).
MAX_IMAGE_SIDE = 10_000
MAX_IMAGE_PIXELS = 60_000_000
#: The smallest image that can show a mat (below it the reader has nothing to find).
MIN_IMAGE_SIDE = 64
#: Bytes of an image file looked at for its size before decoding it.
IMAGE_HEAD = 256 * 1024


def image_header_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) from the first bytes of a PNG, JPEG or BMP file, without decoding it (None
    if the format is another or the header is not found in ``head``)."""
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
        return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if head[:2] == b"BM" and len(head) >= 26:
        return (abs(int.from_bytes(head[18:22], "little", signed=True)),
                abs(int.from_bytes(head[22:26], "little", signed=True)))
    if head[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(head):
            if head[i] != 0xFF:
                return None
            marker = head[i + 1]
            length = int.from_bytes(head[i + 2 : i + 4], "big")
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # start of frame
                return int.from_bytes(head[i + 7 : i + 9], "big"), int.from_bytes(head[i + 5 : i + 7], "big")
            i += 2 + length
    return None


def image_size_problem(name: str, width: int, height: int) -> str | None:
    """Why an image of ``width`` x ``height`` cannot be read (a sentence naming ``name``), or None."""
    if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE or width * height > MAX_IMAGE_PIXELS:
        return (f"'{name}' is {width} x {height} pixels: too large to read (at most {MAX_IMAGE_SIDE} pixels a side "
                f"and {MAX_IMAGE_PIXELS // 1_000_000} megapixels; a webcam gives 1280 x 720 or 1920 x 1080)")
    if min(width, height) < MIN_IMAGE_SIDE:
        return (f"'{name}' is {width} x {height} pixels: too small to show a mat (at least {MIN_IMAGE_SIDE} "
                "pixels a side; a webcam gives 1280 x 720 or 1920 x 1080)")
    return None


def check_image_file(path: str | Path) -> None:
    """An image file's first check, before decoding: it exists, is a file, and its header (when
    found) gives a size that can be read. ValueError with one sentence otherwise."""
    path = Path(path)
    if not path.exists():
        raise ValueError(f"no image file '{path}' (no such file)")
    if not path.is_file():
        raise ValueError(f"'{path}' is not an image file")
    try:
        with path.open("rb") as stream:
            head = stream.read(IMAGE_HEAD)
    except OSError as exc:
        raise ValueError(f"cannot read '{path}': {exc.strerror or exc}") from None
    size = image_header_size(head)
    problem = image_size_problem(str(path), *size) if size else None
    if problem:
        raise ValueError(problem)


def folder_images(folder: str | Path) -> list[Path]:
    """The image files of a folder in name order."""
    return sorted(p for p in Path(folder).iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)


def check_image_folder(folder: str | Path) -> list[Path]:
    """The one reader of a folder source's list: its images in name order, each checked by its
    header only (a folder may hold thousands; one that cannot be decoded later counts as a lost
    frame). ValueError with one sentence when the folder cannot be read, holds no image, or holds
    one whose size cannot show a mat."""
    try:
        files = folder_images(folder)
    except OSError as exc:
        raise ValueError(f"cannot read the folder '{folder}': {exc.strerror or exc}") from None
    if not files:
        raise ValueError(f"'{folder}' holds no images ({', '.join(IMAGE_SUFFIXES)})")
    for path in files:
        try:
            with path.open("rb") as stream:
                size = image_header_size(stream.read(4096))
        except OSError as exc:
            raise ValueError(f"cannot read '{path}': {exc.strerror or exc}") from None
        problem = image_size_problem(str(path), *size) if size else None
        if problem:
            raise ValueError(f"{problem}: remove it from the folder")
    return files


#: The first bytes of each video container ``--camera`` plays (offset, bytes).
VIDEO_MAGIC = ((4, b"ftyp"), (0, b"\x1a\x45\xdf\xa3"), (0, b"RIFF"), (0, b"\xff\xd8"), (4, b"moov"),
               (4, b"mdat"), (4, b"wide"), (4, b"free"), (4, b"skip"))


def video_problem(path: Path) -> str | None:
    """Why the file ``path`` cannot be a video (a sentence), or None when its first bytes are those
    of MP4/MOV, Matroska/WebM, AVI or Motion JPEG (checked without OpenCV, whose FFmpeg would
    print its own complaints)."""
    try:
        with path.open("rb") as stream:
            head = stream.read(16)
    except OSError as exc:
        return f"cannot read '{path}': {exc.strerror or exc}"
    if not head:
        return f"'{path}' is empty, not a video"
    if not any(head[at : at + len(magic)] == magic for at, magic in VIDEO_MAGIC):
        return f"'{path}' is not a video file (it is not MP4, MOV, MKV, WebM, AVI or MJPEG inside)"
    return None


@dataclass(frozen=True)
class CameraSpec:
    """What ``--camera`` named: ``kind`` is device, synthetic, video or folder."""

    kind: str
    value: str = ""

    def __str__(self) -> str:
        return self.value if self.kind != "synthetic" else "synthetic"


def parse_camera(text: str) -> CameraSpec:
    """``0``..``63``, ``synthetic``, a video file or a folder of images; ValueError otherwise
    (a name no file can have, and whatever the file system says about it, included)."""
    if not text.strip():
        raise ValueError("the camera is empty: write synthetic, an index such as 0, a video file or a folder")
    if text == "synthetic":
        return CameraSpec("synthetic")
    if text.isdigit():
        if len(text) > 2 or int(text) >= 64:
            raise ValueError(f"'{shown_path(text)}' is not a camera: webcam indexes go from 0 to 63")
        return CameraSpec("device", text)
    problem = path_problem(text)
    if problem:
        raise ValueError(problem)
    try:
        return _parse_camera_path(text)
    except OSError as exc:
        raise ValueError(f"'{shown_path(text)}' cannot be read: {exc.strerror or exc}") from None


def _parse_camera_path(text: str) -> CameraSpec:
    path = Path(text)
    if path.is_dir():
        check_image_folder(path)
        return CameraSpec("folder", text)
    if path.is_file():
        if path.suffix.lower() in VIDEO_SUFFIXES:
            problem = video_problem(path)
            if problem:
                raise ValueError(problem)
            return CameraSpec("video", text)
        raise ValueError(f"'{text}' is not a video ({', '.join(VIDEO_SUFFIXES)}) or a folder of images")
    if path.suffix.lower() in VIDEO_SUFFIXES:
        raise ValueError(f"'{text}': no such video file")
    if path.suffix.lower() in IMAGE_SUFFIXES or text.endswith(("/", "\\")):
        raise ValueError(f"'{text}': no such file or folder (--camera takes a folder of images or a video)")
    if path.exists():
        raise ValueError(f"'{text}' is not a camera: it is neither a video file nor a folder of images")
    raise ValueError(f"'{text}' is not a camera: no such file or folder; write synthetic, an index such as 0, "
                     "a video file or a folder of images")


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
