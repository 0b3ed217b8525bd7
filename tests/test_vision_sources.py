"""Frame sources (folder, video, synthetic visitor), game-time stepping and camera faults."""

import json
import logging

import cv2
import numpy as np
import pytest

import main
from games.lewthwaite.rules import LewthwaiteParams
from vision.cameraspec import CameraSpec, parse_camera
from vision.capture import PROBLEMS, LiveBoard, SourceLink, start_grid
from vision.reader import VISION_REASONS
from vision.sources import ImageFolder, ScriptedVisitor, SyntheticCamera, VideoFile, source_opener


def _moves(n):
    state = LewthwaiteParams().new_initial_state()
    grids = []
    for _ in range(n):
        state = state.play(state.legal_moves()[0])
        grids.append(state.diagram().upper().splitlines())
    return grids


def test_parse_camera(tmp_path):
    assert parse_camera("0") == CameraSpec("device", "0")
    assert parse_camera("synthetic") == CameraSpec("synthetic")
    with pytest.raises(ValueError, match="holds no images"):
        parse_camera(str(tmp_path))  # an empty folder is refused when named, not played as a lost camera
    cv2.imwrite(str(tmp_path / "a.png"), np.zeros((80, 80, 3), np.uint8))
    assert parse_camera(str(tmp_path)).kind == "folder"
    video = tmp_path / "v.mp4"
    video.write_bytes(b"")
    with pytest.raises(ValueError, match="empty"):
        parse_camera(str(video))
    video.write_bytes(b"\0\0\0\x1cftypisom" + bytes(20))
    assert parse_camera(str(video)).kind == "video"
    for bad in ("64", "", "nowhere/x", str(tmp_path / "nope.txt")):
        with pytest.raises(ValueError):
            parse_camera(bad)


def _record_folder(tmp_path, frames):
    for k, frame in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"frame-{k:05d}.png"), frame)


def test_folder_replays_by_game_time_exactly(tmp_path):
    """A recorded session (5 frames of the start, a hand, 6 frames of a move) replays the same
    stable readings at the same frame indices, whatever the step of game time."""
    camera = SyntheticCamera("lewthwaite", start_grid("lewthwaite"), seed=5)
    after = _moves(1)[0]
    frames = [camera.read() for _ in range(6)]
    camera.show(after, hand=True)
    frames += [camera.read() for _ in range(3)]
    camera.show(after)
    frames += [camera.read() for _ in range(7)]
    _record_folder(tmp_path, frames)
    results = []
    for step in (1 / 30, 0.1, 0.25):
        live = LiveBoard("lewthwaite", source_opener(parse_camera(str(tmp_path)), "lewthwaite", fps=10), threaded=False,
                         stable_frames=3, fps=10)
        found, t = [], 0.0
        while live.camera_state != "ended" and t < 5:
            t += step
            found += live.advance(t)
        results.append([(r.grid, r.frame_index) for r in found])
        assert live.frame_index == len(frames) - 1
        assert live.status.camera == "ended"
    assert results[0] == results[1] == results[2]
    assert [grid for grid, _ in results[0]] == [start_grid("lewthwaite"), after]
    # Frame k is due at k / fps: after 0.35 s of game time, frames 0..3 were read, no more.
    live = LiveBoard("lewthwaite", lambda: ImageFolder(tmp_path, fps=10), threaded=False, fps=10)
    live.advance(0.35)
    assert live.frame_index == 3


def test_video_file_plays_every_frame(tmp_path):
    path = tmp_path / "board.avi"
    camera = SyntheticCamera("lewthwaite", start_grid("lewthwaite"), seed=3)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 15, (1280, 720))
    if not writer.isOpened():
        pytest.skip("this OpenCV cannot write MJPG video")
    for _ in range(8):
        writer.write(camera.read())
    writer.release()
    video = VideoFile(path)
    assert video.fps == pytest.approx(15)
    frames = 0
    while video.read() is not None:
        frames += 1
    assert frames == 8 and video.ended


def test_scripted_visitor_follows_game_time():
    camera = SyntheticCamera("lewthwaite", start_grid("lewthwaite"), seed=4)
    grids = _moves(2)
    visitor = ScriptedVisitor(camera, fps=10)
    visitor.at(0.5, grids[0], hand=True)
    visitor.at(0.8, grids[0])
    visitor.at(1.5, grids[1])
    live = LiveBoard("lewthwaite", lambda: visitor, threaded=False, stable_frames=3, fps=10)
    found = []
    for k in range(1, 26):
        found += live.advance(k / 10)
    assert [r.grid for r in found] == [start_grid("lewthwaite"), grids[0], grids[1]]
    # Each stable reading comes after its step's frame (frame 8 = 0.8 s, frame 15 = 1.5 s).
    assert found[1].frame_index > 8 and found[2].frame_index > 15
    # Nothing was accepted while the hand was there (frames 5..7).
    assert all(not 5 <= r.frame_index <= 7 for r in found)


def test_camera_loss_logs_one_line_each_way(caplog):
    state = {"alive": True, "opens": 0}

    class Flaky:
        def read(self):
            return np.full((4, 4, 3), 128, np.uint8) if state["alive"] else None

        def close(self):
            pass

    def opener():
        state["opens"] += 1
        if not state["alive"]:
            raise OSError("no camera")
        return Flaky()

    link = SourceLink(opener)
    with caplog.at_level(logging.INFO, logger="vision.camera"):
        assert link.read() is not None
        state["alive"] = False
        for _ in range(50):
            assert link.read() is None
        assert link.status.state == "reconnecting"
        state["alive"] = True
        assert link.read() is not None
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and "lost" in lines[0] and "back" in lines[1]
    assert state["opens"] > 40


def test_unplugged_camera_in_game_time_retries_each_second():
    opens = []

    def opener():
        opens.append(1)
        raise OSError("unplugged")

    live = LiveBoard("lewthwaite", opener, threaded=False, fps=30, retry_seconds=1.0)
    for k in range(1, 91):
        assert live.advance(k / 30) == []
    assert live.status.camera == "reconnecting" and live.status.problem == "waiting"
    assert 3 <= len(opens) <= 4


def test_status_values():
    assert set(VISION_REASONS) < set(PROBLEMS)
    assert "" in PROBLEMS and "motion" in PROBLEMS and "covered" in PROBLEMS


def test_missing_device_index_is_refused(capsys):
    assert main.main(["calibrate", "--camera", "7", "--frames", "2"]) == 2
    assert "camera 7 does not exist" in capsys.readouterr().err


def test_calibrate_replays_a_folder(tmp_path, capsys):
    camera = SyntheticCamera("lewthwaite", start_grid("lewthwaite"), seed=6)
    _record_folder(tmp_path, [camera.read() for _ in range(4)])
    assert main.main(["calibrate", "--camera", str(tmp_path), "--frames", "30", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["camera"] in ("running", "ended")
