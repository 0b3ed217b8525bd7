"""Juniper Green's science corner: who wins for each N (the table filling live up to 1000), and
the proof for one N (the divisibility graph, a maximum matching and a game that follows it).

The numbers come from :mod:`games.juniper.solver` and :mod:`games.juniper.maths`; the table is
computed once per process in a background thread and revealed slowly enough to watch.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import partial
from typing import Any

import pygame

from games.effects import Sound
from games.juniper.maths import (
    GRAPH_MAX_N,
    TABLE_MAX_N,
    matching_proof,
    proof_game,
    winner_pattern,
)
from games.juniper.rules import JuniperState
from games.juniper.solver import iter_winners
from games.juniper.view import (
    ACCENT,
    ACCENT_DARK,
    PLAYER_COLORS,
    draw_graph_lines,
    draw_graph_numbers,
    matching_width,
)
from kiosk import draw, theme, ui
from kiosk.canvas import Target, blit, new_layer, scale_of
from kiosk.host import Host
from kiosk.i18n import counted, language, tr
from kiosk.science import QUIET, CornerPage, Part, Progressive, ReplayPage, ScienceScene, format_number

SECOND_WIN = (236, 96, 60)
FIRST_WIN = (170, 214, 190)


# --- the table of winners -----------------------------------------------------------------------


#: Winners for N = 1..1000, filled once per process (about a second and a half in all, but up to
#: 0.1 s for a single N: never on the frame loop).
TABLE = Progressive(lambda: iter_winners(TABLE_MAX_N))


def revealed_count(seconds: float) -> int:
    """How many N the table shows after ``seconds``: one by one at first (10 a second for 5 s),
    then faster and faster, all 1000 after 25 s."""
    if seconds < 5:
        return int(10 * seconds)
    return min(TABLE_MAX_N, 50 + int((TABLE_MAX_N - 50) * min(1.0, (seconds - 5) / 20) ** 2))


class TablePage(CornerPage):
    """The winner for every N from 1 to 1000, appearing live, the second player's rare wins lit."""

    title = "juniper.science.table.tab"
    COLS, CELL_W, CELL_H = 40, 21, 15
    GRID = pygame.Rect(62, 206, 40 * 21, 25 * 15)

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.seconds = 0.0
        self.selected: int | None = None
        self._grid: tuple[float, Any, int] | None = None
        self.buttons = [
            ui.Button(
                pygame.Rect(924, 650, 332, 54),
                "juniper.science.table.proof",
                self.show_proof,
                color=ACCENT,
                size=22,
            )
        ]

    def on_show(self) -> None:
        """Start (or continue) the computation off the frame loop."""
        TABLE.start(threaded=not self.app.headless)

    @property
    def shown(self) -> int:
        """How many N are on screen: never more than computed."""
        return min(len(TABLE.items), revealed_count(self.seconds))

    def update(self, dt: float) -> None:
        """The reveal advances."""
        super().update(dt)
        self.seconds += dt

    def cell_rect(self, n: int) -> pygame.Rect:
        """The square of N = ``n`` in the grid (rows of 40)."""
        row, col = divmod(n - 1, self.COLS)
        return pygame.Rect(
            self.GRID.x + col * self.CELL_W, self.GRID.y + row * self.CELL_H, self.CELL_W - 2, self.CELL_H - 2
        )

    def show_proof(self) -> None:
        """Open the proof tab on the selected N (when it can be drawn)."""
        n = self.selected if self.selected is not None else 20
        proof_page = next(page for page in self.corner.pages if isinstance(page, ProofPage))
        proof_page.set_n(min(max(n, 2), GRAPH_MAX_N))
        self.corner.open(self.corner.pages.index(proof_page))

    def tap(self, pos: tuple[int, int]) -> bool:
        """A tap on a square selects that N."""
        if not self.GRID.collidepoint(pos):
            return False
        col = (pos[0] - self.GRID.x) // self.CELL_W
        row = (pos[1] - self.GRID.y) // self.CELL_H
        n = row * self.COLS + col + 1
        if 1 <= n <= self.shown:
            self.selected = n
            self.app.effects.publish(Sound("click"))
            return True
        return False

    def still(self) -> Hashable:
        """Drawn in layers: the side card's panel and the button stay; the progress bar, the
        grid's rows, the second player's wins and the side card's words are parts."""
        return (language(),)

    def draw_still(self, surface: Target, rect: pygame.Rect) -> None:
        """The side card's panel and the button."""
        ui.draw_panel(surface, self.side_rect(rect), theme.PANEL, 22, 8)
        self.draw_buttons(surface)

    @staticmethod
    def side_rect(rect: pygame.Rect) -> pygame.Rect:
        """The side card (the counts, the N picked, the pattern)."""
        return pygame.Rect(rect.x + 896, rect.y, rect.width - 896, 490)

    def row_box(self, row: int) -> pygame.Rect:
        """What row ``row`` of the grid may draw on: its squares, the numbers on its left, a
        picked square's frame (3 pixels out: over the rows beside it, past the last column)."""
        return pygame.Rect(24, self.GRID.y + row * self.CELL_H - 4, self.GRID.right + 4 - 24, self.CELL_H + 8)

    def parts(self, rect: pygame.Rect) -> list[Part]:
        """The progress bar, each row of the grid (a square revealed, a square picked), the
        second player's wins and the side card's words: at each frame of the reveal, a row or
        two and the figures drawn again, not the page (4 ms a frame)."""
        shown = self.shown
        values = TABLE.items[:shown]
        bar = pygame.Rect(rect.x, rect.y, 878, 44)
        label = tr("juniper.science.table.progress", n=format_number(shown), total=format_number(TABLE_MAX_N))
        parts = [Part("bar", bar, (shown, label), partial(self._draw_bar, bar=bar, shown=shown, label=label))]
        rows = TABLE_MAX_N // self.COLS
        selected = self.selected if self.selected is not None and self.selected <= shown else None
        picked_row = None if selected is None else (selected - 1) // self.COLS
        for row in range(rows):
            # A row's box reaches the rows beside it: their squares and a frame there show too.
            near = range(max(0, row - 1), min(rows, row + 2))
            revealed = tuple(min(max(shown - r * self.COLS, 0), self.COLS) for r in near)
            key = (revealed, selected if picked_row in near else None)
            parts.append(Part(("row", row), self.row_box(row), key, partial(self._draw_row, row=row, values=values,
                                                                           selected=selected)))
        seconds = tuple(n for n, w in enumerate(values, 1) if w == 2)
        wins = pygame.Rect(24, self.GRID.bottom + 14, self.GRID.right - 24, rect.bottom - self.GRID.bottom - 14)
        parts.append(Part("second wins", wins, (language(), seconds), partial(self._draw_second_wins, values=values)))
        side = self.side_rect(rect)
        counts, pick, pattern = self._side_words(values)
        x, w = side.x + 22, side.width - 44
        boxes = (pygame.Rect(side.x + 12, side.y + 16, side.width - 24, 90), pygame.Rect(x, side.y + 110, w, 60),
                 pygame.Rect(x, side.y + 180, w, side.height - 196))
        parts += [Part("counts", boxes[0], counts, partial(self._draw_counts, rect=side, counts=counts)),
                  Part("pick", boxes[1], pick, partial(self._draw_words, rect=boxes[1], text=pick, size=22,
                                                       color=ACCENT_DARK, kind="bold")),
                  Part("pattern", boxes[2], pattern, partial(self._draw_words, rect=boxes[2], text=pattern, size=21,
                                                             color=theme.INK, kind="text"))]
        return parts

    def _draw_bar(self, surface: Target, bar: pygame.Rect, shown: int, label: str) -> None:
        """The progress bar: how many N are on screen."""
        draw.rect(surface, (226, 218, 204), bar, border_radius=22)
        fill = bar.copy()
        fill.width = max(44, round(bar.width * shown / TABLE_MAX_N))
        draw.rect(surface, ACCENT, fill, border_radius=22)
        self.corner.label(
            surface, label, bar.center, 24, theme.WHITE if shown > 400 else theme.INK, "title", "center", bar.width - 40
        )

    def row_band(self, row: int) -> pygame.Rect:
        """The grid's pixels row ``row`` draws: the bands of the rows share the grid out, each
        pixel to one (the numbers' soft edges would darken, blitted twice where boxes meet)."""
        last = TABLE_MAX_N // self.COLS - 1
        top = self.GRID.y + row * self.CELL_H - (4 if row == 0 else 2)
        bottom = self.GRID.y + (row * self.CELL_H + self.CELL_H + 4 if row == last else (row + 1) * self.CELL_H - 2)
        return pygame.Rect(24, top, self.GRID.right - 24, bottom - top)

    def _draw_row(self, surface: Target, row: int, values: list[int], selected: int | None) -> None:
        """Row ``row``'s band of the grid and the picked square's frame (clipped to the row's box
        by the corner)."""
        clip = surface.get_clip()
        surface.set_clip(clip.clip(self.row_band(row)))
        self._draw_grid(surface, values)
        surface.set_clip(clip)
        if selected is not None:
            draw.rect(surface, theme.INK, self.cell_rect(selected).inflate(6, 6), 3, border_radius=4)

    def _draw_grid(self, surface: Target, values: list[int]) -> None:
        """The 1000 squares, from a layer where only the squares revealed since the last frame
        are painted (a thousand rectangles a frame would cost the frame rate)."""
        area = pygame.Rect(24, self.GRID.y - 4, self.GRID.right - 24, self.GRID.height + 8)
        scale = scale_of(surface)
        if self._grid is None or self._grid[0] != scale or self._grid[2] > len(values):
            layer = new_layer(surface, area.size, alpha=True)
            for n in range(1, TABLE_MAX_N + 1):
                draw.rect(layer, (236, 230, 218), self.cell_rect(n).move(-area.x, -area.y), border_radius=3)
            for k in range(0, 25, 5):
                at = (self.GRID.x - 6 - area.x, self.GRID.y + k * self.CELL_H - 1 - area.y)
                ui.draw_text(layer, format_number(k * self.COLS + 1), at, 13, theme.INK_SOFT, "bold", "topright")
            self._grid = (scale, layer, 0)
        _scale, layer, painted = self._grid
        for n in range(painted + 1, len(values) + 1):
            color = SECOND_WIN if values[n - 1] == 2 else FIRST_WIN
            draw.rect(layer, color, self.cell_rect(n).move(-area.x, -area.y), border_radius=3)
        self._grid = (scale, layer, len(values))
        blit(surface, layer, area.topleft)

    def _draw_second_wins(self, surface: Target, values: list[int]) -> None:
        corner = self.corner
        seconds = [n for n, w in enumerate(values, 1) if w == 2]
        left, right = 24, self.GRID.right
        y = self.GRID.bottom + 14
        corner.label(
            surface, tr("juniper.science.table.list"), (left, y), 20, theme.INK, "bold", "topleft", right - left
        )
        x, y = left, y + 30
        for n in seconds:
            image = ui.text_surface(str(n), 18, theme.WHITE, "bold")
            chip = pygame.Rect(x, y, image.get_width() + 14, 26)
            if chip.right > right:
                x, y = left, y + 32
                chip.topleft = (x, y)
            draw.rect(surface, SECOND_WIN, chip, border_radius=13)
            blit(surface, image, image.get_rect(center=chip.center))
            x = chip.right + 6

    def _side_words(self, values: list[int]) -> tuple[tuple[str, str], str, str]:
        """The side card's words: the two counts, the N picked, the pattern (or "computing")."""
        pattern = winner_pattern(values)
        first = counted("juniper.science.table.first", pattern.first_wins, k=format_number(pattern.first_wins))
        second = counted(
            "juniper.science.table.second", len(pattern.second_wins), k=format_number(len(pattern.second_wins))
        )
        if self.selected is not None and self.selected <= len(values):
            n = self.selected
            key = "juniper.science.table.pick.first" if values[n - 1] == 1 else "juniper.science.table.pick.second"
            pick = tr(key, n=n)
        else:
            pick = tr("juniper.science.table.pick.none")
        if TABLE.finished and len(values) == TABLE_MAX_N and pattern.last_second_win is not None:
            text = tr(
                "juniper.science.table.pattern",
                k=len(pattern.second_wins),
                total=format_number(TABLE_MAX_N),
                last=pattern.last_second_win,
            )
        else:
            text = tr("juniper.science.table.computing")
        return (first, second), pick, text

    def _draw_counts(self, surface: Target, rect: pygame.Rect, counts: tuple[str, str]) -> None:
        """The side card's counts of first and second player's wins (its panel is in the still
        layer)."""
        x, w = rect.x + 22, rect.width - 44
        for k, (color, line) in enumerate(zip((FIRST_WIN, SECOND_WIN), counts, strict=True)):
            y = rect.y + 24 + k * 40
            draw.rect(surface, color, (x, y + 2, 24, 24), border_radius=5)
            self.corner.label(surface, line, (x + 34, y), 21, theme.INK, "bold", "topleft", w - 34)

    def _draw_words(self, surface: Target, rect: pygame.Rect, text: str, size: int, color: ui.Color,
                    kind: str) -> None:
        """A paragraph of the side card."""
        self.corner.paragraph(surface, text, rect, size, color, kind)

    def summary(self) -> dict[str, Any]:
        """What the table shows."""
        values = TABLE.items[: self.shown]
        return {
            "shown": len(values),
            "second_wins": list(winner_pattern(values).second_wins),
            "selected": self.selected,
        }


# --- the graph and the proof -------------------------------------------------------------------------


class ProofPage(ReplayPage):
    """For the N on screen: the graph, the best pairing, and a game where the winner always
    answers with the partner of the number just played."""

    title = "juniper.science.proof.tab"
    GRAPH = pygame.Rect(30, 150, 590, 556)
    PANEL = pygame.Rect(660, 222, 596, 160)
    STEP_SECONDS = 1.3

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.buttons = [
            ui.Button(
                pygame.Rect(660, 150, 70, 56), "−", lambda: self.set_n(self.n - 1), color=QUIET, literal=True, size=32
            ),
            ui.Button(
                pygame.Rect(930, 150, 70, 56), "+", lambda: self.set_n(self.n + 1), color=QUIET, literal=True, size=32
            ),
            self.again_button(pygame.Rect(1016, 150, 240, 56), "juniper.science.proof.new", self.new_game),
        ]
        self.set_n(20)

    def set_n(self, n: int) -> None:
        """Show the proof for N = ``n`` (2..30)."""
        self.n = min(max(n, 2), GRAPH_MAX_N)
        self.proof = matching_proof(self.n)
        self.new_game()

    def new_game(self) -> None:
        """A new game where the loser plays at random."""
        self.game: JuniperState = proof_game(self.n, random.Random(self.app.rng.getrandbits(32)))
        super().new_game()
        self.step = 1 if self.proof.winner == 1 else 0

    def moves(self) -> int:
        """The numbers of the game, shown one every ``STEP_SECONDS``."""
        return len(self.game.played)

    def still(self) -> Hashable:
        """Drawn in layers: N, the graph's lines (the pairs thicken in the first half second), the
        verdict, why and the legend stay while a game is played over the graph."""
        return (language(), self.n, matching_width(min(1.0, self.time * 2)))

    def draw_still(self, surface: Target, rect: pygame.Rect) -> None:
        """The graph's lines on the left; N, the verdict, why and the legend on the right."""
        corner = self.corner
        draw_graph_lines(surface, self.GRAPH, self.proof, min(1.0, self.time * 2))
        corner.label(
            surface, tr("juniper.science.proof.n", n=self.n), (830, 178), 34, theme.INK, "title", "center", 180
        )
        panel = self.PANEL
        ui.draw_panel(surface, panel, theme.PANEL, 22, 8)
        winner = self.proof.winner
        color = PLAYER_COLORS[winner]
        key = "juniper.science.proof.first" if winner == 1 else "juniper.science.proof.second"
        corner.label(surface, tr(key), (panel.x + 24, panel.y + 16), 28, color, "title", "topleft", panel.width - 48)
        if winner == 1:
            explain = tr(
                "juniper.science.proof.why.first", n=self.n, pairs=len(self.proof.pairs), start=self.proof.start
            )
        else:
            explain = tr("juniper.science.proof.why.second", n=self.n, pairs=len(self.proof.pairs))
        corner.explain(surface, pygame.Rect(660, 398, 596, 236), explain, 22)
        self._draw_legend(surface, pygame.Rect(660, 650, 596, 54))
        self.draw_buttons(surface)

    def parts(self, rect: pygame.Rect) -> list[Part]:
        """The game over the graph (its arrows and the numbers' discs) and its story, changing
        at each number played: a step draws those two boxes again, not the page (4-5 ms)."""
        played = self.game.played[: self.step]
        story = pygame.Rect(self.PANEL.x + 24, self.PANEL.y + 60, self.PANEL.width - 48, 90)
        text = self.story(played)
        return [Part("game", self.GRAPH, (self.n, played), partial(draw_graph_numbers, rect=self.GRAPH,
                                                                   proof=self.proof, played=played)),
                Part("story", story, (language(), text),
                     partial(self._draw_story, rect=story, text=text))]

    def _draw_story(self, surface: Target, rect: pygame.Rect, text: str) -> None:
        self.corner.paragraph(surface, text, rect, 22, theme.INK, "bold")

    def _draw_legend(self, surface: Target, rect: pygame.Rect) -> None:
        """What the colours of the graph mean."""
        corner = self.corner
        third = rect.width // 3
        y = rect.centery
        x = rect.x + 10
        draw.line(surface, ACCENT, (x, y), (x + 44, y), 9)
        corner.label(
            surface, tr("juniper.science.legend.pair"), (x + 56, y), 22, theme.INK, "bold", "midleft", third - 66
        )
        x = rect.x + third + 10
        draw.circle(surface, theme.HINT, (x + 16, y), 16)
        corner.label(
            surface, tr("juniper.science.legend.alone"), (x + 42, y), 22, theme.INK, "bold", "midleft", third - 52
        )
        x = rect.x + 2 * third + 10
        draw.circle(surface, theme.WHITE, (x + 16, y), 16)
        draw.circle(surface, theme.INK, (x + 16, y), 19, 3)
        corner.label(
            surface, tr("juniper.science.legend.start"), (x + 44, y), 22, theme.INK, "bold", "midleft", third - 54
        )

    def story(self, played: tuple[int, ...]) -> str:
        """What just happened in the game, in words."""
        if len(played) == len(self.game.played) and played:
            outcome = self.game.outcome()
            assert outcome is not None
            loser = 3 - (outcome.winner or 1)
            return tr("juniper.science.proof.stuck", player=tr(f"juniper.science.player.{loser}"), last=played[-1])
        if not played:
            return tr("juniper.science.proof.begin")
        mover = 1 if len(played) % 2 == 1 else 2
        last = played[-1]
        if mover == self.proof.winner and len(played) >= 2:
            return tr(
                "juniper.science.proof.answer", player=tr(f"juniper.science.player.{mover}"), k=last, other=played[-2]
            )
        if mover == self.proof.winner:
            return tr("juniper.science.proof.opening", k=last)
        return tr("juniper.science.proof.move", player=tr(f"juniper.science.player.{mover}"), k=last)

    def summary(self) -> dict[str, Any]:
        """The N, the proof and the game shown."""
        return {
            "n": self.n,
            "winner": self.proof.winner,
            "start": self.proof.start,
            "pairs": len(self.proof.pairs),
            "played": list(self.game.played[: self.step]),
            "moves": list(self.game.played),
            "games": self.games,
        }


PAGES = (TablePage, ProofPage)


def make_science_scene(app: Host, start: int = 0) -> ScienceScene:
    """The corner, reached from the menu card ("Les maths du jeu")."""
    return ScienceScene(app, "juniper", ACCENT, PAGES, start)
