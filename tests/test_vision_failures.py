"""Frames that cannot be read get their documented reason and exit code 3, never a guess."""

import json
import random

import cv2
import numpy as np
import pytest

import main
from vision.mats import layout
from vision.reader import BoardReader, VisionError
from vision.synthetic import CameraStyle, random_grid, random_photo, render_photo


def _photo(game="lewthwaite", seed=1):
    rng = random.Random(seed)
    grid = random_grid("lewthwaite", rng)
    return render_photo(game, grid, rng, CameraStyle(tilt_deg=15, yaw_deg=10, noise=2, blur=0.3))


def _reason(image, game="lewthwaite"):
    with pytest.raises(VisionError) as info:
        BoardReader(game).read(image)
    assert info.value.code == 3
    return info.value.reason


def test_black_frame():
    assert _reason(np.zeros((720, 1280, 3), np.uint8)) == "black"
    assert _reason(np.full((720, 1280, 3), 9, np.uint8)) == "black"


def test_blurred_frame():
    photo = _photo()
    assert _reason(cv2.GaussianBlur(photo.image, (0, 0), 9)) == "blurred"


def test_no_markers():
    photo = _photo()
    image = photo.image.copy()
    mat = layout("lewthwaite")
    for _, corners in mat.markers:
        quad = cv2.perspectiveTransform(np.array([corners], np.float32), photo.homography)[0]
        cv2.fillConvexPoly(image, quad.astype(np.int32), (235, 235, 235))
    assert _reason(image) == "no_markers"


def test_wrong_game_mat():
    lightning = random_photo("lightning", 3)
    assert _reason(lightning.image, "lewthwaite") == "wrong_game"
    assert _reason(_photo().image, "lightning") == "wrong_game"


def test_hand_over_the_board_is_never_read_wrong():
    seen_cover = 0
    for seed in range(40):
        photo = random_photo("lewthwaite", 7000 + seed, hand=True)
        if not photo.hand_over_grid:
            continue
        try:
            reading = BoardReader("lewthwaite").read(photo.image)
        except VisionError as exc:
            seen_cover += exc.reason == "covered"
            continue
        # Only a hand that hides no cell may let a reading through, and it must then be right.
        assert reading.grid == photo.grid, seed
    assert seen_cover >= 5


def test_cli_exit_codes(tmp_path, capsys):
    black = tmp_path / "black.png"
    cv2.imwrite(str(black), np.zeros((720, 1280, 3), np.uint8))
    assert main.main(["read-board", str(black), "--game", "lewthwaite", "--json"]) == 3
    answer = json.loads(capsys.readouterr().out)
    assert answer["reason"] == "black" and "black" in answer["error"]
    assert main.main(["read-board", str(tmp_path / "missing.png"), "--game", "lewthwaite"]) == 2
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not an image")
    assert main.main(["read-board", str(junk), "--game", "lewthwaite"]) == 2
    with pytest.raises(SystemExit) as info:
        main.main(["read-board", str(black), "--game", "chess"])
    assert info.value.code == 2


def test_cli_reads_a_photo(tmp_path, capsys):
    out = tmp_path / "photo.jpg"
    assert main.main(["synthetic-photo", "lewthwaite", "--seed", "4", "--out", str(out), "--json"]) == 0
    truth = json.loads(capsys.readouterr().out)
    assert main.main(["read-board", str(out), "--game", "lewthwaite", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["grid"] == truth["grid"]
    assert 0 < answer["confidence"] <= 1


@pytest.mark.parametrize(
    "command",
    [
        ["print-board", "lewthwaite", "--dpi", "72"],
        ["print-tiles", "--dpi", "72"],
        ["synthetic-photo", "lewthwaite"],
    ],
)
def test_bad_output_paths_are_refused_before_any_work(tmp_path, capsys, command):
    a_file = tmp_path / "file"
    a_file.write_text("keep me")
    folder = tmp_path / "folder.png"
    folder.mkdir()
    sidecar_is_folder = tmp_path / "x.png"
    (tmp_path / "x.json").mkdir()
    for out, words in (
        (a_file / "x.png", "is a file"),
        (folder, "is a folder"),
        (tmp_path / "x.txt", "must name a"),
        (sidecar_is_folder, "is a folder"),
    ):
        assert main.main([*command, "--out", str(out)]) == 2, out
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert a_file.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "folder.png", "x.json"]


def test_unwritable_folder_is_refused(tmp_path, capsys):
    # /proc refuses new files even to root (whose access checks always pass).
    assert main.main(["print-tiles", "--dpi", "72", "--out", "/proc/tiles.png"]) == 2
    err = capsys.readouterr().err
    assert "cannot write '/proc/tiles.png'" in err and "Traceback" not in err


def test_image_and_sidecar_written_together(tmp_path, capsys):
    out = tmp_path / "deep" / "photo.jpg"
    assert main.main(["synthetic-photo", "lewthwaite", "--seed", "3", "--out", str(out), "--json"]) == 0
    truth = json.loads(capsys.readouterr().out)
    assert json.loads((tmp_path / "deep" / "photo.json").read_text())["grid"] == truth["grid"]
    assert sorted(p.name for p in out.parent.iterdir()) == ["photo.jpg", "photo.json"]


def test_oversized_image_is_refused(tmp_path, capsys):
    from vision.cameraspec import image_header_size

    big = tmp_path / "big.png"
    # A valid PNG header claiming 40000 x 40000 pixels (the decoder is never reached).
    header = b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR"
    header += (40000).to_bytes(4, "big") + (40000).to_bytes(4, "big") + bytes([8, 2, 0, 0, 0]) + b"\0" * 4
    big.write_bytes(header + b"\0" * 64)
    assert image_header_size(big.read_bytes()) == (40000, 40000)
    assert main.main(["read-board", str(big), "--game", "lewthwaite"]) == 2
    err = capsys.readouterr().err
    assert "40000 x 40000" in err and "too large" in err and "Traceback" not in err
    ok, jpeg = cv2.imencode(".jpg", np.zeros((30, 50, 3), np.uint8))
    assert image_header_size(jpeg.tobytes()) == (50, 30)


def test_colours_option(tmp_path, capsys):
    photo = tmp_path / "p.png"
    main.main(["synthetic-photo", "lewthwaite", "--seed", "4", "--out", str(photo)])
    capsys.readouterr()
    assert main.main(["read-board", str(photo), "--game", "lewthwaite", "--colours", "red,blue", "--json"]) == 0
    with pytest.raises(SystemExit) as info:
        main.main(["read-board", str(photo), "--game", "lewthwaite", "--colours", "red,red"])
    assert info.value.code == 2
