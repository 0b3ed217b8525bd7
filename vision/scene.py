"""The camera calibration screen: live view, the detected grid and the readings drawn over it.

It runs the same :class:`vision.capture.LiveBoard` the physical-board mode uses, so what the
screen shows is what a game would get. With the synthetic camera, two buttons put a hand over
the board and play a random move, to watch the motion gate and the stable-state counter work.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pygame

from kiosk import draw, theme, ui
from kiosk.app import App
from kiosk.i18n import tr
from kiosk.scene import Scene
from vision.cameraspec import parse_camera
from vision.capture import LiveBoard, SyntheticCamera, start_grid
from vision.reader import VisionError
from vision.sources import source_opener

VIEW = pygame.Rect(32, 104, 832, 468)
PANEL = pygame.Rect(896, 104, 352, 584)
#: Run the reader on one update in this many (10 readings a second at 60 fps).
READ_EVERY = 6
LABEL_COLOURS = {"R": theme.RED, "B": theme.BLUE, ".": (150, 150, 150), "?": theme.HINT}


class CalibrationScene(Scene):
    """Live camera view with the mat's grid and the reader's verdict on each cell."""

    name = "vision.calibrate"

    def __init__(self, app: App, game: str = "lewthwaite", camera: str = "synthetic") -> None:
        super().__init__(app)
        self.game = game
        self.synthetic: SyntheticCamera | None = None
        self.rng = random.Random(app.options.seed)
        if camera == "synthetic":
            self.synthetic = SyntheticCamera(game, start_grid(game), seed=app.options.seed or 0)
            source = self.synthetic

            def opener() -> SyntheticCamera:
                return source
        else:
            opener = source_opener(parse_camera(camera), game)  # type: ignore[assignment]

        # Headless runs read frames in the update itself, so N frames always show the same thing.
        self.live = LiveBoard(game, opener, threaded=not app.headless)
        self.updates = 0
        self.view_image: pygame.Surface | None = None
        self.frame_size = (1280, 720)
        self.message = ""
        self.hand = False
        self.state = None
        if game == "lewthwaite":
            from games.lewthwaite.rules import LewthwaiteParams

            self.state = LewthwaiteParams().new_initial_state()
        self.buttons = [
            ui.Button(
                pygame.Rect(32, 616, 200, 72),
                "button.home",
                self.app.go_home,
                color=theme.INK_SOFT,
                icon=ui.icon_home,
            ),
            ui.Button(pygame.Rect(252, 616, 200, 72), "vision.button.calibrate", self.calibrate, icon=ui.icon_bulb),
        ]
        if self.synthetic is not None:
            self.buttons += [
                ui.Button(pygame.Rect(472, 616, 180, 72), "vision.button.hand", self.toggle_hand, color=theme.BLUE),
                ui.Button(pygame.Rect(672, 616, 192, 72), "vision.button.move", self.random_move, color=theme.GOOD),
            ]

    # --- actions ---

    def calibrate(self) -> None:
        """Learn the colours from the current frame (the start position must be on the mat)."""
        try:
            self.live.calibrate()
            self.message = tr("vision.calibrated")
        except VisionError as exc:
            self.message = tr(f"vision.problem.{exc.reason}")

    def toggle_hand(self) -> None:
        """Synthetic camera: put a hand over the board, or take it away."""
        if self.synthetic is not None:
            self.hand = not self.hand
            self.synthetic.show(self.synthetic.grid, hand=self.hand)

    def random_move(self) -> None:
        """Synthetic camera: play a random legal move on the pretend board."""
        if self.synthetic is None:
            return
        if self.state is not None:
            moves = self.state.legal_moves()
            if moves:
                self.state = self.state.play(self.rng.choice(moves))
                self.synthetic.show(self.state.diagram().upper().splitlines(), hand=self.hand)
        else:
            from games.lightning.tiles import all_tiles

            grid = [list(row) for row in self.synthetic.grid]
            r, c = self.rng.randrange(len(grid)), self.rng.randrange(len(grid[0]))
            grid[r][c] = str(self.rng.choice(all_tiles()))
            self.synthetic.show(grid, hand=self.hand)

    # --- scene protocol ---

    def on_enter(self) -> None:
        """Start the camera."""
        self.live.start()

    def on_exit(self) -> None:
        """Stop the camera."""
        self.live.stop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, and Escape for the menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go_home()
            return True
        return ui.handle_buttons(self.buttons, event)

    def update(self, dt: float) -> None:
        """Read a frame now and then; calibrate by itself on the first good synthetic frame."""
        super().update(dt)
        self.updates += 1
        if self.updates % READ_EVERY:
            return
        self.live.poll()
        frame = self.live.frame
        if frame is not None:
            self.frame_size = (frame.shape[1], frame.shape[0])
            self.view_image = _to_surface(frame, VIEW.size)
            if self.synthetic is not None and not self.live.calibrated and self.live.board.last_reading is not None:
                self.calibrate()

    def draw(self, surface: pygame.Surface) -> None:
        """Title, live view with overlay, status panel and buttons."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        ui.draw_text(surface, tr("vision.title"), (32, 14), 44, theme.INK, "title")
        ui.draw_text(surface, tr("vision.subtitle"), (34, 64), 22, theme.INK_SOFT)
        ui.draw_panel(surface, VIEW.inflate(16, 16), theme.PANEL, radius=18)
        if self.view_image is not None:
            surface.blit(self.view_image, VIEW)
            self._draw_overlay(surface)
        else:
            ui.draw_text(surface, tr("vision.problem.waiting"), VIEW.center, 30, theme.INK_SOFT, "bold", "center")
        self._draw_panel(surface)
        for button in self.buttons:
            button.draw(surface, self.time)

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        reading = self.live.board.last_reading
        fix = self.live.reader.fix
        if fix is None:
            return
        sx, sy = VIEW.width / self.frame_size[0], VIEW.height / self.frame_size[1]

        def to_view(points: np.ndarray) -> list[tuple[float, float]]:
            import cv2

            projected = cv2.perspectiveTransform(points.reshape(1, -1, 2).astype(np.float32), fix.homography)[0]
            return [(VIEW.left + float(x) * sx, VIEW.top + float(y) * sy) for x, y in projected]

        mat = self.live.reader.mat
        for quad in fix.marker_corners.values():
            draw.lines(
                surface,
                theme.GOOD,
                True,
                [(VIEW.left + float(x) * sx, VIEW.top + float(y) * sy) for x, y in quad],
                3,
            )
        for bx, by, bw, bh in mat.blocks:
            corners = np.array([[bx, by], [bx + bw, by], [bx + bw, by + bh], [bx, by + bh]])
            draw.lines(surface, theme.ACCENT, True, to_view(corners), 3)
        if reading is None:
            return
        centres = np.array([mat.center(r, c) for r in range(mat.rows) for c in range(mat.cols)])
        radius = 9 if self.game == "lewthwaite" else 4
        cells = reading.cells()
        for k, (x, y) in enumerate(to_view(centres)):
            label = cells[k // mat.cols][k % mat.cols]
            colour = (
                LABEL_COLOURS.get(label, theme.INK)
                if self.game == "lewthwaite"
                else ((150, 150, 150) if label == "." else theme.ACCENT)
            )
            draw.circle(surface, theme.WHITE, (x, y), radius + 2)
            draw.circle(surface, colour, (x, y), radius)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        ui.draw_panel(surface, PANEL, theme.PANEL, radius=18)
        x, y = PANEL.left + 20, PANEL.top + 18
        ui.draw_text(surface, tr(f"vision.game.{self.game}"), (x, y), 24, theme.INK, "bold")
        y += 40
        camera_key = (
            "vision.camera.synthetic" if self.synthetic is not None else f"vision.camera.{self.live.camera_state}"
        )
        ui.draw_paragraph(surface, tr(camera_key), pygame.Rect(x, y, PANEL.width - 40, 60), 20, theme.INK_SOFT)
        y += 56
        board = self.live.board
        problem = board.problem if self.live.frame is not None else "waiting"
        colour = theme.GOOD if not problem else theme.BAD
        draw.circle(surface, colour, (x + 12, y + 16), 12)
        ui.draw_paragraph(
            surface,
            tr(f"vision.problem.{problem or 'ok'}"),
            pygame.Rect(x + 34, y, PANEL.width - 74, 70),
            22,
            theme.INK,
            "bold",
        )
        y += 72
        reading = board.last_reading
        if reading is not None:
            percent = round(100 * reading.confidence)
            ui.draw_text(surface, tr("vision.confidence", percent=percent), (x, y), 22, theme.INK)
            bar = pygame.Rect(x, y + 32, PANEL.width - 40, 14)
            draw.rect(surface, (230, 224, 212), bar, border_radius=7)
            draw.rect(
                surface,
                theme.GOOD if percent >= 30 else theme.HINT,
                (bar.x, bar.y, max(14, bar.width * percent // 100), bar.height),
                border_radius=7,
            )
        y += 62
        ui.draw_text(surface, tr("vision.stable", count=self.live.accepted_count), (x, y), 22, theme.INK)
        y += 34
        calibrated = "vision.calibrated" if self.live.calibrated else "vision.not_calibrated"
        ui.draw_paragraph(surface, tr(calibrated), pygame.Rect(x, y, PANEL.width - 40, 60), 20, theme.INK_SOFT)
        y += 60
        accepted = board.accepted
        if accepted is not None and self.game == "lewthwaite":
            self._draw_mini_board(surface, accepted.grid, pygame.Rect(x, y, PANEL.width - 40, PANEL.bottom - y - 16))

    @staticmethod
    def _draw_mini_board(surface: pygame.Surface, grid: Any, area: pygame.Rect) -> None:
        rows, cols = len(grid), len(grid[0])
        cell = min(area.width // cols, area.height // rows, 44)
        left = area.centerx - cell * cols // 2
        for r, row in enumerate(grid):
            for c, label in enumerate(row):
                rect = pygame.Rect(left + c * cell, area.top + r * cell, cell - 4, cell - 4)
                draw.rect(surface, theme.WOOD_LIGHT, rect, border_radius=6)
                if label in "RB":
                    main, dark, _ = theme.player_colors("red" if label == "R" else "blue")
                    draw.circle(surface, dark, rect.center, cell * 0.36)
                    draw.circle(surface, main, (rect.centerx, rect.centery - 2), cell * 0.33)

    def state_summary(self) -> dict[str, Any]:
        """Problem, stable states, calibration and the last stable grid."""
        accepted = self.live.board.accepted
        return {
            "scene": self.name,
            "game": self.game,
            "problem": self.live.board.problem if self.live.frame is not None else "waiting",
            "camera": self.live.camera_state,
            "stable_states": self.live.accepted_count,
            "calibrated": self.live.calibrated,
            "grid": accepted.grid if accepted else None,
        }


def _to_surface(frame: np.ndarray, size: tuple[int, int]) -> pygame.Surface:
    """A BGR camera frame as a pygame surface of ``size``."""
    import cv2

    small = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
    rgb = cv2.cvtColor(small, cv2.COLOR_BGR2RGB)
    return pygame.image.frombuffer(rgb.tobytes(), size, "RGB").copy()
