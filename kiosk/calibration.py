"""The camera calibration screen: live view, the detected grid and the readings drawn over it.

The camera is behind :class:`CalibrationSource` (``kiosk`` never imports ``vision``): its
implementation, :class:`vision.calibration.LiveCalibration`, runs the live board the
physical-board mode uses, and is handed in by the camera handle of ``main.py`` (the operator's
settings) or by the ``calibrate`` command. With the synthetic camera, two buttons put a hand over
the board and play a random move, to watch the motion gate and the stable-state counter work.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from games.ports import CameraProblem
from kiosk import draw, theme, ui
from kiosk.canvas import Target
from kiosk.devices import CalibrationSource, Outline, Point
from kiosk.i18n import tr
from kiosk.scene import Scene

if TYPE_CHECKING:

    from kiosk.host import Host

VIEW = pygame.Rect(32, 104, 832, 468)
PANEL = pygame.Rect(896, 104, 352, 584)
#: Run the reader on one update in this many (10 readings a second at 60 fps).
READ_EVERY = 6
#: Where an advice's text begins, right of its dash.
ADVICE_INDENT = 18
#: The marks of empty and unreadable cells (tokens take their player's colour, first player red).
LABEL_COLOURS = {".": (150, 150, 150), "?": theme.HINT}

class CalibrationScene(Scene):
    """Live camera view with the mat's grid and the reader's verdict on each cell."""

    name = "vision.calibrate"

    def __init__(self, app: Host, source: CalibrationSource) -> None:
        super().__init__(app)
        self.source = source
        self.game = source.game
        self.updates = 0
        self.view_image: pygame.Surface | None = None
        self.frame_size = (1280, 720)
        #: What the camera saw, refreshed when it changes (after a reading or a calibration).
        self.markers: list[Outline] = []
        self.blocks: list[Outline] = []
        self.marks: list[tuple[Point, str]] = []
        self.doubts: tuple[list[Point], float] = ([], 0.0)
        self.message = ""
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
        if source.synthetic:
            self.buttons += [
                ui.Button(pygame.Rect(472, 616, 180, 72), "vision.button.hand", source.toggle_hand, color=theme.BLUE),
                ui.Button(pygame.Rect(672, 616, 192, 72), "vision.button.move", source.random_move, color=theme.GOOD),
            ]

    # --- actions ---

    def calibrate(self) -> None:
        """Learn the colours from the current frame (the start position must be on the mat)."""
        problem = self.source.calibrate()
        self.message = tr(f"vision.problem.{problem}") if problem else tr("vision.calibrated")
        self._refresh_overlay()

    def _refresh_overlay(self) -> None:
        self.markers, self.blocks = self.source.outlines()
        self.marks = self.source.cells()
        self.doubts = self.source.doubted()

    # --- scene protocol ---

    def on_enter(self) -> None:
        """Start the camera."""
        self.source.start()

    def on_exit(self) -> None:
        """Stop the camera."""
        self.source.stop()

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
        self.source.poll()
        self._refresh_overlay()
        size, rgb = self.source.frame_size, self.source.view(VIEW.size)
        if size is not None and rgb is not None:
            self.frame_size = size
            self.view_image = pygame.image.frombuffer(rgb.tobytes(), VIEW.size, "RGB").copy()
            source = self.source
            if source.synthetic and not source.calibrated and source.confidence is not None:
                self.calibrate()

    def draw(self, surface: Target) -> None:
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

    def _draw_overlay(self, surface: Target) -> None:
        sx, sy = VIEW.width / self.frame_size[0], VIEW.height / self.frame_size[1]

        def to_view(points: Sequence[Point]) -> list[Point]:
            return [(VIEW.left + x * sx, VIEW.top + y * sy) for x, y in points]

        for quad in self.markers:
            draw.lines(surface, theme.GOOD, True, to_view(quad), 3)
        for outline in self.blocks:
            draw.lines(surface, theme.ACCENT, True, to_view(outline), 3)
        tokens = self.source.pieces == "tokens"
        radius = 9 if tokens else 4
        colours = LABEL_COLOURS | dict(zip(self.source.token_codes, (theme.RED, theme.BLUE), strict=False))
        for (x, y), label in self.marks:
            # Tokens in their player's colour; tiles as a mark (grey for an empty cell).
            colour = colours.get(label, theme.INK) if tokens else (150, 150, 150) if label == "." else theme.ACCENT
            centre = (VIEW.left + x * sx, VIEW.top + y * sy)
            draw.circle(surface, theme.WHITE, centre, radius + 2)
            draw.circle(surface, colour, centre, radius)
        # The cells the reader doubted, ringed: what the advice is about.
        points, ring = self.doubts
        for x, y in points:
            draw.circle(surface, theme.HINT, (VIEW.left + x * sx, VIEW.top + y * sy), max(8.0, ring * sx), 4)

    def _draw_panel(self, surface: Target) -> None:
        source = self.source
        ui.draw_panel(surface, PANEL, theme.PANEL, radius=18)
        x, y = PANEL.left + 20, PANEL.top + 18
        ui.draw_text(surface, tr("vision.game", game=tr(f"{self.game}.title")), (x, y), 24, theme.INK, "bold")
        y += 40
        camera_key = "vision.camera.synthetic" if source.synthetic else f"vision.camera.{source.camera_state}"
        ui.draw_paragraph(surface, tr(camera_key), pygame.Rect(x, y, PANEL.width - 40, 60), 20, theme.INK_SOFT)
        y += 56
        problem = source.problem
        colour = theme.GOOD if not problem else theme.BAD
        draw.circle(surface, colour, (x + 12, y + 16), 12)
        # Too bright while the camera still takes a lower exposure: the board is on it.
        lowering = problem == CameraProblem.OVEREXPOSED and source.lowering_exposure
        ui.draw_paragraph(
            surface,
            tr("vision.problem.overexposed.lowering" if lowering else f"vision.problem.{problem or 'ok'}"),
            pygame.Rect(x + 34, y, PANEL.width - 74, 70),
            22,
            theme.INK,
            "bold",
        )
        y += 72
        # What to change at the stand, in words the operator can act on.
        # The dash apart from the text: the translated text keeps its key, so the text-fit check
        # measures each advice in its one line of 30 px (over the confidence figure).
        advice_colour = ui.darker(theme.HINT, 0.35)
        for key in source.advice[:3]:
            ui.draw_text(surface, "–", (x, y), 20, advice_colour, "bold")
            ui.draw_paragraph(surface, tr(f"vision.advice.{key}"), pygame.Rect(x + ADVICE_INDENT, y,
                              PANEL.width - 40 - ADVICE_INDENT, 30), 20, advice_colour, "bold")
            y += 30
        confidence = source.confidence
        if confidence is not None:
            percent = round(100 * confidence)
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
        ui.draw_text(surface, tr("vision.stable", count=source.stable_states), (x, y), 22, theme.INK)
        y += 34
        calibrated = "vision.calibrated" if source.calibrated else "vision.not_calibrated"
        ui.draw_paragraph(surface, tr(calibrated), pygame.Rect(x, y, PANEL.width - 40, 60), 20, theme.INK_SOFT)
        y += 60
        grid = source.grid
        if grid is not None and source.pieces == "tokens":
            area = pygame.Rect(x, y, PANEL.width - 40, PANEL.bottom - y - 16)
            self._draw_mini_board(surface, grid, area, source.token_codes)

    @staticmethod
    def _draw_mini_board(surface: Target, grid: Sequence[Sequence[str]], area: pygame.Rect,
                         codes: Sequence[str]) -> None:
        rows, cols = len(grid), len(grid[0])
        cell = min(area.width // cols, area.height // rows, 44)
        left = area.centerx - cell * cols // 2
        for r, row in enumerate(grid):
            for c, label in enumerate(row):
                rect = pygame.Rect(left + c * cell, area.top + r * cell, cell - 4, cell - 4)
                draw.rect(surface, theme.WOOD_LIGHT, rect, border_radius=6)
                if label in codes:
                    main, dark, _ = theme.player_colors("red" if label == codes[0] else "blue")
                    draw.circle(surface, dark, rect.center, cell * 0.36)
                    draw.circle(surface, main, (rect.centerx, rect.centery - 2), cell * 0.33)

    def state_summary(self) -> dict[str, Any]:
        """Problem, stable states, calibration and the last stable grid."""
        source = self.source
        return {
            "scene": self.name,
            "game": self.game,
            "problem": source.problem,
            "camera": source.camera_state,
            "stable_states": source.stable_states,
            "calibrated": source.calibrated,
            "grid": source.grid,
            "advice": list(source.advice),
        }
