"""Juniper Green's science corner: who wins for each N (the table filling live up to 1000), and
the proof for one N (the divisibility graph, a maximum matching and a game that follows it).

The numbers come from :mod:`games.juniper.solver` and :mod:`games.juniper.maths`; the table is
computed once per process in a background thread and revealed slowly enough to watch.
"""

from __future__ import annotations

import math
import random
import threading
from functools import lru_cache
from typing import Any

import pygame

from games.effects import Sound
from games.juniper.maths import (
    GRAPH_MAX_N,
    TABLE_MAX_N,
    MatchingProof,
    matching_proof,
    poisoned_move,
    proof_game,
    trap_layers,
    winner_pattern,
    word_text,
)
from games.juniper.rules import JuniperState, neighbours
from games.juniper.scene import ACCENT, ACCENT_DARK, PLAYER_COLORS, draw_arrow
from games.juniper.solver import iter_winners
from kiosk import theme, ui
from kiosk.i18n import tr
from kiosk.science import CornerPage, ScienceScene, format_number

SECOND_WIN = (236, 96, 60)
FIRST_WIN = (170, 214, 190)
EDGE = (208, 200, 188)


# --- the table of winners -----------------------------------------------------------------------


class WinnerTable:
    """Winners for N = 1..1000, filled once per process by :func:`iter_winners` (about a second
    and a half in all, but up to 0.1 s for a single N: never on the frame loop)."""

    def __init__(self, size: int = TABLE_MAX_N) -> None:
        self.size = size
        self.values: list[int] = []
        self._started = False
        self._lock = threading.Lock()

    def start(self, threaded: bool) -> None:
        """Start filling (once); in a daemon thread, or right now for headless runs."""
        with self._lock:
            if self._started:
                return
            self._started = True

        def fill() -> None:
            for winner in iter_winners(self.size):
                self.values.append(winner)  # one append at a time: readers see a growing prefix

        if threaded:
            threading.Thread(target=fill, daemon=True, name="juniper-table").start()
        else:
            fill()

    @property
    def done(self) -> bool:
        """True once every N has its winner."""
        return len(self.values) >= self.size


TABLE = WinnerTable()


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
        return min(len(TABLE.values), revealed_count(self.seconds))

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

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A tap on a square selects that N."""
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.GRID.collidepoint(event.pos):
            col = (event.pos[0] - self.GRID.x) // self.CELL_W
            row = (event.pos[1] - self.GRID.y) // self.CELL_H
            n = row * self.COLS + col + 1
            if 1 <= n <= self.shown:
                self.selected = n
                self.app.effects.publish(Sound("click"))
                return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Progress bar, grid, the list of second-player wins, the pattern."""
        corner = self.corner
        shown = self.shown
        values = TABLE.values[:shown]
        bar = pygame.Rect(rect.x, rect.y, 878, 44)
        pygame.draw.rect(surface, (226, 218, 204), bar, border_radius=22)
        fill = bar.copy()
        fill.width = max(44, round(bar.width * shown / TABLE_MAX_N))
        pygame.draw.rect(surface, ACCENT, fill, border_radius=22)
        label = tr("juniper.science.table.progress", n=format_number(shown), total=format_number(TABLE_MAX_N))
        corner.label(
            surface, label, bar.center, 24, theme.WHITE if shown > 400 else theme.INK, "title", "center", bar.width - 40
        )
        for n in range(1, TABLE_MAX_N + 1):
            cell = self.cell_rect(n)
            color = (SECOND_WIN if values[n - 1] == 2 else FIRST_WIN) if n <= shown else (236, 230, 218)
            pygame.draw.rect(surface, color, cell, border_radius=3)
        for k in range(0, 25, 5):
            ui.draw_text(
                surface,
                format_number(k * self.COLS + 1),
                (self.GRID.x - 4, self.GRID.y + k * self.CELL_H),
                12,
                theme.INK_SOFT,
                "bold",
                "topright",
            )
        if self.selected is not None and self.selected <= shown:
            pygame.draw.rect(surface, theme.INK, self.cell_rect(self.selected).inflate(6, 6), 3, border_radius=4)
        self._draw_second_wins(surface, values)
        self._draw_side(surface, pygame.Rect(rect.x + 896, rect.y, rect.width - 896, 490), values)
        self.draw_buttons(surface)

    def _draw_second_wins(self, surface: pygame.Surface, values: list[int]) -> None:
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
            pygame.draw.rect(surface, SECOND_WIN, chip, border_radius=13)
            surface.blit(image, image.get_rect(center=chip.center))
            x = chip.right + 6

    def _draw_side(self, surface: pygame.Surface, rect: pygame.Rect, values: list[int]) -> None:
        corner = self.corner
        ui.draw_panel(surface, rect, theme.PANEL, 22, 8)
        x, w = rect.x + 22, rect.width - 44
        pattern = winner_pattern(values)
        lines = (
            (FIRST_WIN, tr("juniper.science.table.first", k=format_number(pattern.first_wins))),
            (SECOND_WIN, tr("juniper.science.table.second", k=format_number(len(pattern.second_wins)))),
        )
        for k, (color, text) in enumerate(lines):
            y = rect.y + 24 + k * 40
            pygame.draw.rect(surface, color, (x, y + 2, 24, 24), border_radius=5)
            corner.label(surface, text, (x + 34, y), 21, theme.INK, "bold", "topleft", w - 34)
        if self.selected is not None and self.selected <= len(values):
            n = self.selected
            key = "juniper.science.table.pick.first" if values[n - 1] == 1 else "juniper.science.table.pick.second"
            pick = tr(key, n=n)
        else:
            pick = tr("juniper.science.table.pick.none")
        corner.paragraph(surface, pick, pygame.Rect(x, rect.y + 110, w, 60), 22, ACCENT_DARK, "bold")
        if TABLE.done and len(values) == TABLE_MAX_N and pattern.last_second_win is not None:
            text = tr(
                "juniper.science.table.pattern",
                k=len(pattern.second_wins),
                total=format_number(TABLE_MAX_N),
                last=pattern.last_second_win,
            )
        else:
            text = tr("juniper.science.table.computing")
        corner.paragraph(surface, text, pygame.Rect(x, rect.y + 180, w, rect.height - 196), 21)

    def summary(self) -> dict[str, Any]:
        """What the table shows."""
        values = TABLE.values[: self.shown]
        return {
            "shown": len(values),
            "second_wins": list(winner_pattern(values).second_wins),
            "selected": self.selected,
        }


# --- the graph and the proof -------------------------------------------------------------------------


def smallest_factor(k: int) -> int:
    """The smallest prime dividing ``k`` (``k`` for 1 and primes)."""
    d = 2
    while d * d <= k:
        if k % d == 0:
            return d
        d += 1
    return k


@lru_cache(maxsize=64)
def graph_layout(n: int, rect: tuple[int, int, int, int]) -> dict[int, tuple[float, float]]:
    """1 in the middle (it is everyone's neighbour), the others on a circle, grouped by their
    smallest prime factor (evens, then multiples of 3, of 5...), so that friends sit near."""
    x, y, w, h = rect
    cx, cy = x + w / 2, y + h / 2
    others = sorted(range(2, n + 1), key=lambda k: (smallest_factor(k), k))
    radius = min(w, h) / 2 - node_radius(n) - 4
    positions = {1: (cx, cy)}
    for i, k in enumerate(others):
        angle = -math.pi / 2 + 2 * math.pi * i / max(1, len(others))
        positions[k] = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
    return positions


def node_radius(n: int) -> int:
    """Bigger discs for small N."""
    return 30 if n <= 10 else 24 if n <= 20 else 19


def draw_graph(
    surface: pygame.Surface,
    rect: pygame.Rect,
    proof: MatchingProof,
    played: tuple[int, ...] = (),
    grow: float = 1.0,
) -> None:
    """The divisibility graph of 1..N (thin lines), the matching (thick green pairs), the lone
    numbers (gold, the start ringed) and the numbers played so far (in the players' colours)."""
    n = proof.n
    pos = graph_layout(n, tuple(rect))
    adj = neighbours(n)
    for a in range(2, n + 1):
        for b in adj[a]:
            if b > a:
                pygame.draw.aaline(surface, EDGE, pos[a], pos[b])
    for b in range(2, n + 1):
        pygame.draw.aaline(surface, (232, 226, 216), pos[1], pos[b])
    width = max(2, round(9 * grow))
    for a, b in proof.pairs:
        pygame.draw.line(surface, ACCENT, pos[a], pos[b], width)
    for i in range(1, len(played)):
        draw_arrow(
            surface,
            pos[played[i - 1]],
            pos[played[i]],
            PLAYER_COLORS[1 if i % 2 == 0 else 2],
            5,
            1.0,
            node_radius(n) + 2,
        )
    r = node_radius(n)
    order = {k: i for i, k in enumerate(played)}
    for k in range(1, n + 1):
        x, y = (round(v) for v in pos[k])
        if k in order:
            fill, ink = PLAYER_COLORS[1 if order[k] % 2 == 0 else 2], theme.WHITE
        elif k in proof.alone:
            fill, ink = theme.HINT, theme.INK
        else:
            fill, ink = theme.WHITE, theme.INK
        pygame.draw.circle(surface, ui.darker(fill, 0.25), (x, y + 2), r)
        pygame.draw.circle(surface, fill, (x, y), r)
        if k == proof.start:
            pygame.draw.circle(surface, theme.INK, (x, y), r + 4, 3)
        ui.draw_text(surface, str(k), (x, y), round(r * 1.05), ink, "title", "center")


@lru_cache(maxsize=16)
def _pairs_image(size: tuple[int, int], n: int) -> pygame.Surface:
    """For N too large for a readable graph: the pairs as little dominoes, lone numbers in gold."""
    proof = matching_proof(n)
    image = pygame.Surface(size, pygame.SRCALPHA)
    alone = sorted(proof.alone, key=lambda k: (k != proof.start, k))  # the start first
    items: list[tuple[int, ...]] = [*proof.pairs, *((k,) for k in alone)]
    count = len(items)
    cols = max(1, math.ceil(math.sqrt(count * size[0] / size[1] / 2)))
    rows = math.ceil(count / cols)
    w, h = size[0] / cols, size[1] / max(1, rows)
    text = max(11, min(22, round(h * 0.45), round(w / 6)))
    for i, item in enumerate(items):
        r, c = divmod(i, cols)
        chip = pygame.Rect(round(c * w + 2), round(r * h + 2), round(w - 4), round(h - 4))
        fill = theme.HINT if len(item) == 1 else (230, 244, 236)
        pygame.draw.rect(image, fill, chip, border_radius=6)
        start = item == (proof.start,)
        pygame.draw.rect(image, theme.INK if start else ACCENT, chip, 4 if start else 2, border_radius=6)
        ui.draw_text(image, "–".join(map(str, item)), chip.center, text, theme.INK, "bold", "center")
    return image


def draw_pairs(surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
    """The maximum matching of 1..n as a grid of pairs (used when N > 30)."""
    surface.blit(_pairs_image(rect.size, n), rect.topleft)


class ProofPage(CornerPage):
    """For the N on screen: the graph, the best pairing, and a game where the winner always
    answers with the partner of the number just played."""

    title = "juniper.science.proof.tab"
    GRAPH = pygame.Rect(30, 150, 590, 556)
    STEP_SECONDS = 1.3
    END_SECONDS = 3.0

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        grey = (120, 124, 150)
        self.buttons = [
            ui.Button(
                pygame.Rect(660, 150, 70, 56), "−", lambda: self.set_n(self.n - 1), color=grey, literal=True, size=32
            ),
            ui.Button(
                pygame.Rect(930, 150, 70, 56), "+", lambda: self.set_n(self.n + 1), color=grey, literal=True, size=32
            ),
            ui.Button(
                pygame.Rect(1016, 150, 240, 56),
                "juniper.science.proof.new",
                self.new_game,
                color=ACCENT,
                icon=ui.icon_restart,
                size=22,
            ),
        ]
        self.games = 0
        self.set_n(20)

    def set_n(self, n: int) -> None:
        """Show the proof for N = ``n`` (2..30)."""
        self.n = min(max(n, 2), GRAPH_MAX_N)
        self.proof = matching_proof(self.n)
        self.new_game()

    def new_game(self) -> None:
        """A new game where the loser plays at random."""
        self.game: JuniperState = proof_game(self.n, random.Random(self.app.rng.getrandbits(32)))
        self.step = 1 if self.proof.winner == 1 else 0
        self.clock = 0.0
        self.games += 1

    def update(self, dt: float) -> None:
        """One number every ``STEP_SECONDS``; a pause at the end; then another game."""
        super().update(dt)
        self.clock += dt
        total = len(self.game.played)
        if self.step < total and self.clock >= self.STEP_SECONDS:
            self.step += 1
            self.clock = 0.0
            self.app.effects.publish(Sound("slide"))
        elif self.step == total and self.clock >= self.END_SECONDS:
            self.new_game()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The graph on the left; N, the verdict, the game's story and why on the right."""
        corner = self.corner
        played = self.game.played[: self.step]
        draw_graph(surface, self.GRAPH, self.proof, played, min(1.0, self.time * 2))
        corner.label(
            surface, tr("juniper.science.proof.n", n=self.n), (830, 178), 34, theme.INK, "title", "center", 180
        )
        panel = pygame.Rect(660, 222, 596, 160)
        ui.draw_panel(surface, panel, theme.PANEL, 22, 8)
        x, w = panel.x + 24, panel.width - 48
        winner = self.proof.winner
        color = PLAYER_COLORS[winner]
        key = "juniper.science.proof.first" if winner == 1 else "juniper.science.proof.second"
        corner.label(surface, tr(key), (x, panel.y + 16), 28, color, "title", "topleft", w)
        corner.paragraph(surface, self.story(played), pygame.Rect(x, panel.y + 60, w, 90), 22, theme.INK, "bold")
        if winner == 1:
            explain = tr(
                "juniper.science.proof.why.first", n=self.n, pairs=len(self.proof.pairs), start=self.proof.start
            )
        else:
            explain = tr("juniper.science.proof.why.second", n=self.n, pairs=len(self.proof.pairs))
        corner.explain(surface, pygame.Rect(660, 398, 596, 236), explain, 22)
        self._draw_legend(surface, pygame.Rect(660, 650, 596, 54))
        self.draw_buttons(surface)

    def _draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What the colours of the graph mean."""
        corner = self.corner
        third = rect.width // 3
        y = rect.centery
        x = rect.x + 10
        pygame.draw.line(surface, ACCENT, (x, y), (x + 44, y), 9)
        corner.label(
            surface, tr("juniper.science.legend.pair"), (x + 56, y), 22, theme.INK, "bold", "midleft", third - 66
        )
        x = rect.x + third + 10
        pygame.draw.circle(surface, theme.HINT, (x + 16, y), 16)
        corner.label(
            surface, tr("juniper.science.legend.alone"), (x + 42, y), 22, theme.INK, "bold", "midleft", third - 52
        )
        x = rect.x + 2 * third + 10
        pygame.draw.circle(surface, theme.WHITE, (x + 16, y), 16)
        pygame.draw.circle(surface, theme.INK, (x + 16, y), 19, 3)
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


# --- the explainer pages of the game scene follow the N the visitor chose -----------------------


def layer_words(n: int, width: int = 46) -> tuple[str, str, str]:
    """The first words of the layers P0, P1, P2 for N = ``n``, each written in at most about
    ``width`` characters (``…`` when there are more)."""
    layers = trap_layers(n)
    texts = []
    for words in (layers.p0, layers.p1, layers.p2):
        shown: list[str] = []
        for word in words:
            candidate = ", ".join([*shown, word_text(word)])
            if shown and len(candidate) > width:
                break
            shown.append(word_text(word))
        more = len(shown) < len(words) or not layers.complete
        texts.append(", ".join(shown) + ("…" if more and shown else "") if shown else "…")
    return texts[0], texts[1], texts[2]


def explainer_params(key: str, n: int) -> dict[str, object]:
    """The numbers the explainer page ``key`` shows for N = ``n``: the "14 loses" example (the
    article's N = 20 when no such number exists for ``n``) and the pairing's conclusion."""
    if key == "fourteen":
        example = poisoned_move(n)
        if example is None:
            n, example = 20, poisoned_move(20)
        assert example is not None
        return {"n": n, "move": example.move, "prime": example.prime, "blocker": example.blocker, "half": n // 2}
    if key == "matching":
        proof = matching_proof(n)
        if proof.winner == 1:
            return {"conclusion": tr("juniper.explain.matching.first", n=n, start=proof.start)}
        return {"conclusion": tr("juniper.explain.matching.second", n=n)}
    return {"n": n}


PAGES = (TablePage, ProofPage)


def make_science_scene(app: Any, start: int = 0) -> ScienceScene:
    """The corner, reached from the menu card ("Les maths du jeu")."""
    return ScienceScene(app, "juniper", ACCENT, list(PAGES), min(start, len(PAGES) - 1))
