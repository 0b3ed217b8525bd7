"""The calibration screen on a fake camera: the screen only draws what its source tells it (the
real source, vision's live board, is driven in tests/test_vision_scene.py)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pygame

from kiosk import i18n, textfit, theme
from kiosk.app import App, AppOptions
from kiosk.calibration import VIEW, CalibrationScene, Outline, Point
from kiosk.i18n import set_language, tr
from tests.kiosk_driver import run_frames, tap


class FakeSource:
    """A camera of 400 x 200 pixels that sees one marker and a 2 x 2 grid once it has polled."""

    game = "lewthwaite"
    pieces = "tokens"
    token_codes = ("R", "B")
    lowering_exposure = False

    def __init__(self, synthetic: bool = True, failure: str = "") -> None:
        self.synthetic = synthetic
        self.failure = failure
        self.polls = 0
        self.calls: list[str] = []
        self.calibrated = False
        self.camera_state = "running"
        self.stable_states = 0

    @property
    def frame_size(self) -> tuple[int, int] | None:
        return (400, 200) if self.polls else None

    @property
    def problem(self) -> str:
        return "" if self.polls else "waiting"

    @property
    def confidence(self) -> float | None:
        return 0.5 if self.polls else None

    @property
    def grid(self) -> Sequence[Sequence[str]] | None:
        return ["RB", ".."] if self.polls else None

    def start(self) -> None:
        self.calls.append("start")

    def stop(self) -> None:
        self.calls.append("stop")

    def poll(self) -> None:
        self.polls += 1

    def calibrate(self) -> str:
        self.calls.append("calibrate")
        self.calibrated = not self.failure
        return self.failure

    def view(self, size: tuple[int, int]) -> np.ndarray | None:
        if not self.polls:
            return None
        image = np.zeros((size[1], size[0], 3), np.uint8)
        image[:, : size[0] // 2] = (0, 0, 255)  # left half blue, right half black
        return image

    def outlines(self) -> tuple[list[Outline], list[Outline]]:
        return [[(0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (0.0, 40.0)]], [[(100.0, 50.0), (300.0, 50.0), (300.0, 150.0)]]

    def cells(self) -> list[tuple[Point, str]]:
        return [((200.0, 100.0), "R"), ((300.0, 100.0), "B")] if self.polls else []

    def toggle_hand(self) -> None:
        self.calls.append("hand")

    def random_move(self) -> None:
        self.calls.append("move")

    @property
    def advice(self) -> list[str]:
        return ["tilt", "lamp"] if self.polls else []

    def doubted(self) -> tuple[list[Point], float]:
        return ([(300.0, 100.0)], 45.0) if self.polls else ([], 0.0)


def _open(source: FakeSource) -> tuple[App, CalibrationScene]:
    app = App(AppOptions(frames=1, seed=1, mute=True))
    scene = CalibrationScene(app, source)
    app.start(scene)
    return app, scene


def test_the_screen_waits_then_shows_the_frame_the_grid_and_calibrates_a_synthetic_camera() -> None:
    source = FakeSource()
    app, scene = _open(source)
    run_frames(app, 5)
    assert scene.view_image is None and scene.state_summary()["problem"] == "waiting"
    run_frames(app, 1)  # the 6th update reads a frame
    assert source.polls == 1 and scene.view_image is not None
    # The synthetic camera calibrates by itself on its first reading, once.
    assert source.calls == ["start", "calibrate"] and scene.message == tr("vision.calibrated")
    run_frames(app, 12)
    assert source.calls.count("calibrate") == 1
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    # The frame fills the view: blue on its left half, black on its right.
    assert surface.get_at((VIEW.left + 100, VIEW.bottom - 10))[:3] == (0, 0, 255)
    assert surface.get_at((VIEW.right - 100, VIEW.bottom - 10))[:3] == (0, 0, 0)
    # Frame pixels are scaled to the view (832 / 400 across, 468 / 200 down): the red cell's mark.
    centre = (VIEW.left + round(200 * VIEW.width / 400), VIEW.top + round(100 * VIEW.height / 200))
    assert surface.get_at(centre)[:3] != (0, 0, 0)
    assert scene.state_summary() == {"scene": "vision.calibrate", "game": "lewthwaite", "problem": "",
                                     "camera": "running", "stable_states": 0, "calibrated": True,
                                     "grid": ["RB", ".."], "advice": ["tilt", "lamp"]}
    # The doubted cell (the blue one) is ringed in yellow, half a cell round.
    doubted = (VIEW.left + round(300 * VIEW.width / 400), VIEW.top + round(100 * VIEW.height / 200))
    ring = 45 * VIEW.width / 400
    assert surface.get_at((round(doubted[0] - ring + 1), doubted[1]))[:3] == theme.HINT
    app.stack.pop()
    app.stack.apply_pending()
    assert source.calls[-1] == "stop"


def test_a_real_camera_has_no_pretend_buttons_and_a_failed_calibration_says_why() -> None:
    source = FakeSource(synthetic=False, failure="no_markers")
    app, scene = _open(source)
    run_frames(app, 12)
    assert "calibrate" not in source.calls  # only the synthetic camera calibrates by itself
    labels = [b.label for b in scene.buttons]
    assert labels == ["button.home", "vision.button.calibrate"]
    tap(app, scene.buttons[1].rect.center)
    assert source.calls[-1] == "calibrate" and scene.message == tr("vision.problem.no_markers")


def test_the_hand_and_move_buttons_reach_the_synthetic_camera() -> None:
    source = FakeSource()
    app, scene = _open(source)
    hand, move = (next(b for b in scene.buttons if b.label == key) for key in ("vision.button.hand",
                                                                               "vision.button.move"))
    tap(app, hand.rect.center)
    tap(app, move.rect.center)
    assert source.calls[-2:] == ["hand", "move"]


class AdvisedSource(FakeSource):
    """The fake camera giving the advice it is told to."""

    def __init__(self, advice: list[str]) -> None:
        super().__init__()
        self.given = advice

    @property
    def advice(self) -> list[str]:
        return self.given


def test_every_advice_fits_its_line_above_the_confidence_in_both_languages() -> None:
    # Each advice has one line of 30 px over the confidence figure: "Bring the camera closer to
    # the mat" took two and ran into it. Every advice is drawn, three at a time, in each language.
    keys = sorted(key.removeprefix("vision.advice.") for key in i18n.table() if key.startswith("vision.advice."))
    assert len(keys) >= 5
    with textfit.recording() as records:
        for lang in i18n.LANGUAGES:
            for k in range(0, len(keys), 3):
                app, _scene = _open(AdvisedSource(keys[k : k + 3]))
                set_language(lang)  # after the app, which starts in its options' language
                run_frames(app, 7)  # a reading: the panel shows the confidence under the advice
    set_language("fr")
    assert {f"vision.advice.{key}" for key in keys} <= set(records)
    assert textfit.problems(records) == []
