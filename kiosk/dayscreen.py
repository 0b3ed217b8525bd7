"""The operator's "La journée" page (behind the PIN, from the settings): today so far, in the
same figures and plots as ``python main.py report``, and the advice that follows from them.

The day's file is read and counted on a thread (never in a frame), again every
:data:`REFRESH` seconds while the page is open; headless runs wait for it.
"""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from games import jobs
from kiosk import draw, theme, ui
from kiosk.canvas import Target
from kiosk.daybook import FOLDER, read_events
from kiosk.i18n import language, tr
from kiosk.report import advice, figures
from kiosk.report_page import Plot, key_figures, label_every, plots
from kiosk.scene import Scene

if TYPE_CHECKING:
    from kiosk.host import Host

#: Seconds between two readings of the day's file while the page is open.
REFRESH = 30.0
#: The plots' colours on screen (the page's, as RGB).
COLOURS = {"#3c9a6e": (60, 154, 110), "#d9a441": (217, 164, 65), "#e0663c": (224, 102, 60)}
#: The four plots' places, and the headline figures shown (the first few of the page's).
PLOT_AREAS = [pygame.Rect(40, 178, 590, 184), pygame.Rect(650, 178, 590, 184),
              pygame.Rect(40, 372, 590, 184), pygame.Rect(650, 372, 590, 184)]
FIGURES_SHOWN = 6
#: Rows a plot shows on screen at most (the win rates: the levels most played).
ROWS_SHOWN = 8


def today_figures(folder: Path, day: dt.date) -> dict[str, Any] | None:
    """The figures of ``day`` so far (None when nothing was recorded yet)."""
    reading = read_events(folder, day, day)
    try:
        numbers = figures(reading, reading.after(), live=True, first_day=day.isoformat())
    except OSError:
        return None
    return numbers if numbers["events"] else None


class DayScene(Scene):
    """Today so far: headline figures, four plots, advice (see the module docstring)."""

    name = "operator.day"

    def __init__(self, app: Host, day: dt.date | None = None) -> None:
        super().__init__(app)
        self.day = day or dt.date.today()
        # probe: App has a state folder only in kiosk mode, Host none
        state = getattr(app, "state", None) if app.kiosk else None
        self.folder = Path(state) / FOLDER if state is not None else None
        self.numbers: dict[str, Any] | None = None
        self.read = False
        self._asked = -1e9
        self._thread: jobs.Job | None = None
        self.back_button = ui.Button(pygame.Rect(1040, 648, 200, 56), "button.back", self.close,
                                     color=(120, 124, 150), icon=ui.icon_undo, size=24)

    def refresh(self) -> None:
        """Read the day's file again on a thread when the last reading is old."""
        if self.folder is None or (self._thread is not None and self._thread.is_alive()):
            return
        now = time.monotonic()
        if now - self._asked < REFRESH:
            return
        self._asked = now
        folder, day = self.folder, self.day

        chronicle = self.app.chronicle
        book = chronicle.book if chronicle is not None else None

        def work() -> None:
            if book is not None:
                book.flush(0.5)  # what happened a moment ago is on disk
            self.numbers = today_figures(folder, day)
            self.read = True

        self._thread = jobs.submit(work, "kiosk-day-figures")  # the frame starts no thread (games/jobs.py)
        if self.app.headless:
            self._thread.join()

    def close(self) -> None:
        """Back to the settings."""
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The back button; Escape."""
        if ui.handle_buttons([self.back_button], event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def update(self, dt: float) -> None:
        """Refresh the figures now and then."""
        super().update(dt)
        self.refresh()

    def draw(self, surface: Target) -> None:
        """Title, headline figures, the four plots, the advice."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        ui.draw_fitted_text(surface, f"{tr('operator.day.title')} — {self.day.isoformat()}",
                            pygame.Rect(40, 16, 1200, 60), 44, theme.INK, "title")
        self.back_button.draw(surface, self.time)
        if self.folder is None or (self.read and self.numbers is None):
            key = "operator.day.off" if self.folder is None else "report.empty"
            ui.draw_paragraph(surface, tr(key), pygame.Rect(40, 120, 1200, 80), 28, theme.INK_SOFT)
            return
        if self.numbers is None:
            ui.draw_text(surface, "…", (640, 360), 48, theme.INK_SOFT, "bold", "center")
            return
        lang = language()
        for k, (value, what) in enumerate(key_figures(self.numbers, lang)[:FIGURES_SHOWN]):
            tile = pygame.Rect(40 + k * 202, 86, 190, 80)
            ui.draw_panel(surface, tile, theme.PANEL, 14, 4)
            ui.draw_fitted_text(surface, value, pygame.Rect(tile.x + 14, tile.y + 6, tile.width - 28, 40), 30,
                                theme.INK, "title")
            ui.draw_fitted_text(surface, what, pygame.Rect(tile.x + 14, tile.y + 46, tile.width - 28, 26), 17,
                                theme.INK_SOFT)
        for plot, area in zip(plots(self.numbers, lang), PLOT_AREAS, strict=True):
            ui.draw_panel(surface, area, theme.PANEL, 14, 4)
            draw_plot(surface, plot, area.inflate(-24, -16))
        said = advice(self.numbers, lang) or [tr("report.advice.none")]
        ui.draw_text(surface, tr("report.advice"), (40, 568), 22, theme.INK, "bold")
        for k, line in enumerate(said[:3]):
            ui.draw_fitted_text(surface, f"• {line}", pygame.Rect(40, 598 + k * 30, 980, 28), 20, theme.INK)

    def state_summary(self) -> dict[str, object]:
        """The figures read (None until read), and the advice shown."""
        numbers = self.numbers
        return {"scene": self.name, "day": self.day.isoformat(), "visits": numbers and numbers["visits"],
                "games": numbers and numbers["games"], "advice": advice(numbers) if numbers else []}


def draw_plot(surface: Target, plot: Plot, area: pygame.Rect) -> None:
    """One of the report's plots, drawn with pygame in ``area`` (title on top)."""
    ui.draw_fitted_text(surface, plot.title, pygame.Rect(area.x, area.y, area.width, 26), 20, theme.INK, "bold")
    body = pygame.Rect(area.x, area.y + 30, area.width, area.height - 30)
    if not plot.bars:
        ui.draw_text(surface, "—", body.center, 28, theme.INK_SOFT, "bold", "center")
        return
    if plot.legend:
        body.height -= 22
        x = body.x
        for colour, name in zip(plot.colours, plot.legend, strict=False):
            draw.rect(surface, COLOURS.get(colour, theme.ACCENT), pygame.Rect(x, body.bottom + 8, 14, 14))
            drawn = ui.draw_text(surface, name, (x + 20, body.bottom + 15), 15, theme.INK_SOFT, "text", "midleft")
            x = drawn.right + 24
    if plot.columns:
        _columns(surface, plot, body)
    else:
        _rows(surface, plot, body)


def _columns(surface: Target, plot: Plot, body: pygame.Rect) -> None:
    base = body.bottom - 20
    step = body.width / len(plot.bars)
    colour = COLOURS.get(plot.colours[0], theme.ACCENT)
    every = label_every([bar.label for bar in plot.bars], step, 8.0)  # 14 px digits are about 8 px wide
    for k, bar in enumerate(plot.bars):
        value = bar.values[0]
        height = round((base - body.top - 16) * value / plot.top)
        x = round(body.x + k * step + step * 0.15)
        if height:
            draw.rect(surface, colour, pygame.Rect(x, base - height, round(step * 0.7), height), border_radius=3)
            ui.draw_text(surface, bar.note or f"{value:g}", (x + step * 0.35, base - height - 2), 14, theme.INK_SOFT,
                         "bold", "midbottom")
        if k % every == 0:
            ui.draw_text(surface, bar.label, (x + step * 0.35, base + 2), 14, theme.INK, "text", "midtop")
    draw.line(surface, theme.INK_SOFT, (body.x, base), (body.right, base), 1)


def _rows(surface: Target, plot: Plot, body: pygame.Rect) -> None:
    shown = plot.bars
    if len(shown) > ROWS_SHOWN:  # the most played first (the note ends with "(won/played)")
        shown = tuple(sorted(shown, key=lambda b: -_played(b.note))[:ROWS_SHOWN])
    row = min(30.0, body.height / len(shown))
    label_w, right = 190, 80
    scale = (body.width - label_w - right) / plot.top
    size = max(11, min(16, round(row * 0.62)))
    for k, bar in enumerate(shown):
        y = body.y + k * row
        mid = round(y + row / 2)
        ui.draw_fitted_text(surface, bar.label, pygame.Rect(body.x, y, label_w - 8, row), size, theme.INK, "text",
                            "right")
        x0 = body.x + label_w
        if plot.boxes:
            low, q1, median, q3, high = (round(x0 + v * scale) for v in bar.values)
            draw.line(surface, theme.INK_SOFT, (low, mid), (high, mid), 1)
            box = pygame.Rect(q1, round(y + 3), max(2, q3 - q1), max(2, round(row - 6)))
            draw.rect(surface, (170, 214, 190), box)
            draw.rect(surface, COLOURS["#3c9a6e"], box, 1)
            draw.line(surface, theme.INK, (median, box.top), (median, box.bottom), 2)
            ui.draw_text(surface, bar.note, (high + 6, mid), size - 1, theme.INK_SOFT, "text", "midleft")
            continue
        x = float(x0)
        for value, colour in zip(bar.values, plot.colours, strict=False):
            width = value * scale
            if width >= 1:
                draw.rect(surface, COLOURS.get(colour, theme.ACCENT),
                          pygame.Rect(round(x), round(y + 3), round(width), max(2, round(row - 6))))
            x += width
        note = bar.note or (f"{round(100 * bar.values[0])} %" if plot.percent else f"{sum(bar.values):g}")
        ui.draw_text(surface, note, (round(x) + 6, mid), size - 1, theme.INK_SOFT, "text", "midleft")


def _played(note: str) -> int:
    """Games played behind a win-rate bar, from its note "33 % (1/3)" (0 if it says none)."""
    tail = note.rpartition("/")[2].rstrip(")")
    return int(tail) if tail.isdigit() else 0
