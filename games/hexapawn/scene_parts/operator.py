"""Hexapawn's page on the operator screen: the learning machine's record, fresh boxes now (a
second tap confirms), and whether it starts each morning with fresh boxes."""

from __future__ import annotations

from typing import Any

import pygame

from games.effects import Sound
from games.hexapawn import INFO
from games.hexapawn.ai import MACHINE
from games.hexapawn.scene_parts.learning import memory_of
from kiosk import theme, ui
from kiosk.canvas import Target
from kiosk.host import Host
from kiosk.i18n import tr
from kiosk.scene import Scene

GREY, CHOSEN, UNCHOSEN = (120, 124, 150), (70, 130, 200), (220, 224, 235)


class MachinePage(Scene):
    """The learning machine, for the operator."""

    name = "hexapawn.operator"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.memory = memory_of(app)
        self.armed = False
        self.buttons: list[ui.Button] = []
        self._rebuild()

    def _rebuild(self) -> None:
        morning = self.memory.machine.morning_reset
        reset_label = "hexapawn.operator.confirm" if self.armed else "hexapawn.operator.reset"
        self.buttons = [
            ui.Button(pygame.Rect(40, 300, 520, 68), reset_label, self.reset, color=theme.BAD, size=24),
            ui.Button(pygame.Rect(330, 420, 148, 60), tr("operator.yes"), lambda: self.set_morning(True),
                      color=CHOSEN if morning else UNCHOSEN, literal=True, size=22,
                      text_color=theme.WHITE if morning else theme.INK),
            ui.Button(pygame.Rect(490, 420, 148, 60), tr("operator.no"), lambda: self.set_morning(False),
                      color=CHOSEN if not morning else UNCHOSEN, literal=True, size=22,
                      text_color=theme.WHITE if not morning else theme.INK),
            ui.Button(pygame.Rect(40, 630, 300, 68), "operator.close", self.close, color=GREY, size=24),
        ]

    def reset(self) -> None:
        """Fresh boxes: the first tap asks, the second does it."""
        if not self.armed:
            self.armed = True
        else:
            self.memory.reset()
            self.app.chronicle.learning_reset(INFO.key, MACHINE, "operator")
            self.armed = False
        self.app.effects.publish(Sound("click"))
        self._rebuild()

    def set_morning(self, on: bool) -> None:
        """Fresh boxes each morning, or kept for good."""
        self.memory.set_morning_reset(on)
        self.app.effects.publish(Sound("click"))
        self._rebuild()

    def close(self) -> None:
        """Back to the operator's settings."""
        self.app.effects.publish(Sound("click"))
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons; Escape closes."""
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: Target) -> None:
        """The record, the buttons, any problem with the machine's file."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        ui.draw_fitted_text(surface, tr("hexapawn.operator.title"), pygame.Rect(40, 24, 1200, 64), 48, theme.INK,
                            "title")
        machine = self.memory.machine
        record = machine.record
        last = machine.games_to_stop_losing() or 0
        ui.draw_paragraph(surface, tr("hexapawn.operator.record", n=len(record), lost=record.count("L"), last=last,
                                      boxes=len(machine.boxes), day=machine.day or "—"),
                          pygame.Rect(40, 120, 1200, 160), 24, theme.INK)
        ui.draw_fitted_text(surface, tr("hexapawn.operator.morning"), pygame.Rect(40, 420, 280, 60), 24, theme.INK,
                            "bold")
        where = str(self.memory.path) if self.memory.path is not None else tr("hexapawn.operator.nowhere")
        ui.draw_paragraph(surface, tr("hexapawn.operator.file", path=where), pygame.Rect(40, 510, 1200, 50), 18,
                          theme.INK_SOFT)
        if self.memory.problem:
            ui.draw_paragraph(surface, self.memory.problem, pygame.Rect(40, 560, 1200, 60), 18, theme.BAD)
        for button in self.buttons:
            button.draw(surface, self.time)

    def state_summary(self) -> dict[str, Any]:
        """The machine's record and settings."""
        machine = self.memory.machine
        return {"scene": self.name, "record": machine.record, "morning_reset": machine.morning_reset,
                "armed": self.armed, "problem": self.memory.problem}


def make_operator_page(app: Host) -> MachinePage:
    """The page, from the operator screen."""
    return MachinePage(app)
