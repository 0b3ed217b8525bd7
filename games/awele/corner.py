"""Awélé's science corner: the loop explorer, the article's big loop (50,636 laps) at high speed
and its small loop of period 8, seed by seed.

Every lap comes from the rules (:func:`games.awele.rules.iter_laps`, through
:class:`games.awele.maths.LapWalker`, which also notices when a position comes back); the screen
only shows the seeds one by one and counts.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from functools import partial
from typing import Any

import pygame

from games.awele.maths import ARTICLE_BIG_LOOP, ARTICLE_PRINTED_PERIOD, ARTICLE_SMALL_LOOP, LapWalker, random_board
from games.awele.rules import Lap
from games.awele.view import board_sprite, pit_image
from games.effects import Sound
from kiosk import draw, theme, ui
from kiosk.canvas import Target
from kiosk.host import Host
from kiosk.i18n import language, tr
from kiosk.science import QUIET, CornerPage, Part, ScienceScene, counted, format_number

ACCENT = (190, 120, 50)
MAX_SEEDS = 24
#: The frame loop's share for laps played at once, in seconds. The explorer's pace doubles every
#: 4 s, and a random board can loop for millions of laps: uncapped, a visitor watching for 80 s
#: had 130 ms of laps in each frame (8 frames a second), twice as much every 4 s after that.
LAP_SECONDS = 0.002


class PitBoard:
    """Where the pits of an n-pit board sit inside ``rect``: pit 1 at the bottom left, sowing
    goes left to right along the bottom row, then right to left along the top row."""

    def __init__(self, n: int, rect: pygame.Rect) -> None:
        self.n, self.rect = n, rect
        half = n // 2
        self.col = rect.width / half
        self.radius = int(min(self.col * 0.36, rect.height * 0.2))

    def center(self, index: int) -> tuple[float, float]:
        """Centre of pit index ``index`` (0-based)."""
        half = self.n // 2
        col = index if index < half else self.n - 1 - index
        y = self.rect.y + self.rect.height * (0.71 if index < half else 0.29)
        return self.rect.x + self.col * (col + 0.5), y

    def pit_at(self, pos: tuple[int, int]) -> int | None:
        """The pit under a tap (generous target), if any."""
        for i in range(self.n):
            x, y = self.center(i)
            if math.hypot(pos[0] - x, pos[1] - y) <= self.radius + 12:
                return i
        return None

    def draw(
        self,
        surface: Target,
        pits: tuple[int, ...] | list[int],
        rings: dict[int, ui.Color] | None = None,
        labels: bool = True,
    ) -> None:
        """The wooden board, the pits with their seeds, the counts and optional coloured rings."""
        self.draw_board(surface)
        for i, count in enumerate(pits):
            self.draw_pit(surface, i, count, rings.get(i) if rings else None, labels)

    def draw_board(self, surface: Target) -> None:
        """The wooden board without its pits."""
        surface.blit(board_sprite(self.rect.size), self.rect.topleft)

    def _badge(self, index: int) -> pygame.Rect:
        """Where pit ``index``'s count is written."""
        x, y = self.center(index)
        badge = pygame.Rect(0, 0, 44, 30)
        badge.center = (round(x), round(y + (self.radius + 24 if index < self.n // 2 else -self.radius - 24)))
        return badge

    def draw_pit(self, surface: Target, index: int, count: int, ring: ui.Color | None = None,
                 labels: bool = True) -> None:
        """Pit ``index`` with ``count`` seeds, its ring and its count."""
        x, y = self.center(index)
        image = pit_image(index, min(count, 40), self.radius, max(4, self.radius // 6))
        surface.blit(image, image.get_rect(center=(round(x), round(y))))
        if ring is not None:
            draw.circle(surface, ring, (round(x), round(y)), self.radius + 6, 5)
        if labels:
            badge = self._badge(index)
            draw.rect(surface, theme.PANEL, badge, border_radius=15)
            ui.draw_text(surface, str(count), badge.center, 22, theme.INK, "title", "center")

    def parts(self, pits: tuple[int, ...] | list[int], rings: dict[int, ui.Color]) -> list[Part]:
        """Each pit as a part of a page drawn in layers (its seeds, ring and count: a seed dropped
        draws one pit again), over :meth:`draw_board` in the still layer."""
        seed_radius = max(4, self.radius // 6)
        parts = []
        for i, count in enumerate(pits):
            x, y = self.center(i)
            box = pit_image(i, 0, self.radius, seed_radius).get_rect(center=(round(x), round(y)))
            box.union_ip(pygame.Rect(round(x) - self.radius - 9, round(y) - self.radius - 9, 2 * self.radius + 19,
                                     2 * self.radius + 19))
            box.union_ip(self._badge(i).inflate(4, 4))
            ring = rings.get(i)
            parts.append(Part(("pit", i), box, (self.n, min(count, 40), count, ring),
                              partial(self.draw_pit, index=i, count=count, ring=ring)))
        return parts


class Sowing:
    """A move shown seed by seed (or lap by lap once it is fast), from the rules' laps."""

    def __init__(self, pits: tuple[int, ...], start: int) -> None:
        self.walker = LapWalker(pits, start)
        self.before = tuple(pits)
        self.lap: Lap | None = None
        self.dropped = 0
        self.clock = 0.0  # seeds owed to the animation (a fraction of one between frames)

    @property
    def board(self) -> tuple[int, ...]:
        """The board as shown: the current lap's seeds dropped so far."""
        if self.lap is None:
            return self.before
        shown = list(self.before)
        shown[self.lap.start] = 0
        for pit in self.lap.drops[: self.dropped]:
            shown[pit] += 1
        return tuple(shown)

    @property
    def hand(self) -> int | None:
        """The pit the hand is over: the last seed dropped, or the pit being emptied."""
        if self.lap is None:
            return self.walker.next_pit
        return self.lap.drops[self.dropped - 1] if self.dropped else self.lap.start

    @property
    def lap_done(self) -> bool:
        """True when the current lap's seeds are all down."""
        return self.lap is None or self.dropped == len(self.lap.drops)

    @property
    def finished(self) -> bool:
        """The move ended, or its loop was found, and the last lap is all shown."""
        return self.walker.done and self.lap_done

    def seed(self) -> bool:
        """Drop one seed (starting a new lap when needed); False when there is nothing left."""
        if self.lap_done:
            if self.walker.done:
                return False
            self.before = self.walker.board
            self.lap = self.walker.step()
            self.dropped = 0
            return self.lap is not None
        self.dropped += 1
        return True

    def seeds(self, seconds: float, rate: float) -> None:
        """Drop the seeds due in ``seconds`` at ``rate`` seeds a second, one by one."""
        self.clock += seconds * rate
        while self.clock >= 1 and not self.finished:
            self.clock -= 1
            self.seed()

    def laps(self, count: int, seconds: float | None = None) -> int:
        """Play up to ``count`` whole laps at once (finishing the current one first), for at
        most about ``seconds``; returns how many were played."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        played = 0
        if not self.lap_done and self.lap is not None:
            self.dropped = len(self.lap.drops)
        while played < count and not self.walker.done:
            self.before = self.walker.board
            self.lap = self.walker.step()
            if self.lap is None:
                break
            self.dropped = len(self.lap.drops)
            played += 1
            if deadline is not None and played % 32 == 0 and time.perf_counter() > deadline:
                break
        return played


# --- the loop explorer ----------------------------------------------------------------------------


def lap_seconds(page: CornerPage) -> float | None:
    """:data:`LAP_SECONDS` in the kiosk; no limit in headless runs, whose frames must come out
    the same on any machine (a wall-clock cut would play fewer laps on a slower one)."""
    return None if page.app.headless else LAP_SECONDS


class ExplorerPage(CornerPage):
    """Make a board, choose a pit, watch the relay; a lap counter, and the period if it loops."""

    title = "awele.science.explorer.tab"
    BOARD = pygame.Rect(64, 168, 1152, 300)

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.rng = random.Random(self.app.rng.getrandbits(32))
        self.n = 12
        self.pits: tuple[int, ...] = (4,) * 12
        self.sowing: Sowing | None = None
        self.choosing = False
        self.elapsed = 0.0
        y = 652
        self.sow_button = ui.Button(
            pygame.Rect(24, y, 290, 54),
            "awele.science.explorer.sow",
            self.choose,
            color=theme.GOOD,
            icon=ui.icon_play,
            size=22,
        )
        self.buttons = [
            self.sow_button,
            ui.Button(
                pygame.Rect(330, y, 210, 54), "awele.science.explorer.random", self.randomise, color=ACCENT, size=22
            ),
            ui.Button(pygame.Rect(556, y, 190, 54), "awele.science.explorer.clear", self.clear, color=QUIET, size=22),
            ui.Button(
                pygame.Rect(762, y, 240, 54),
                "awele.science.explorer.size",
                self.toggle_size,
                color=QUIET,
                literal=True,
                size=22,
            ),
        ]

    @property
    def board_view(self) -> PitBoard:
        """The pits on screen."""
        return PitBoard(self.n, self.BOARD)

    # --- actions ---------------------------------------------------------------------------------

    def _edit(self, pits: tuple[int, ...]) -> None:
        self.pits = pits
        self.sowing = None
        self.choosing = False

    def randomise(self) -> None:
        """A random board."""
        self._edit(random_board(self.n, self.rng, 6 if self.n == 12 else 3))
        self.app.effects.publish(Sound("whoosh"))

    def clear(self) -> None:
        """Empty every pit."""
        self._edit((0,) * self.n)
        self.app.effects.publish(Sound("click"))

    def toggle_size(self) -> None:
        """4 pits or 12 pits."""
        self.n = 4 if self.n == 12 else 12
        self._edit((2,) * self.n if self.n == 4 else (4,) * 12)
        self.app.effects.publish(Sound("click"))

    def choose(self) -> None:
        """The next tap on a pit sows it (or stop a running sowing)."""
        if self.sowing is not None and not self.sowing.finished:
            self.sowing = None
            return
        self.sowing = None
        self.choosing = any(self.pits)
        self.app.effects.publish(Sound("click"))

    def sow(self, pit: int) -> None:
        """Start sowing pit ``pit`` (0-based)."""
        self.sowing = Sowing(self.pits, pit)
        self.choosing = False
        self.elapsed = 0.0
        self.app.effects.publish(Sound("select"))

    def tap(self, pos: tuple[int, int]) -> bool:
        """A tap on a pit adds a seed, or sows it after "Sow"."""
        pit = self.board_view.pit_at(pos)
        if pit is None:
            return False
        if self.choosing:
            if self.pits[pit]:
                self.sow(pit)
            return True
        if self.sowing is None or self.sowing.finished:
            pits = list(self.sowing.walker.board if self.sowing else self.pits)
            pits[pit] = pits[pit] + 1 if pits[pit] < MAX_SEEDS else 0
            self._edit(tuple(pits))
            self.app.effects.publish(Sound("click"))
            return True
        return False

    def update(self, dt: float) -> None:
        """Seeds fall faster and faster; beyond 200 a second, whole laps at a time (as many as
        :data:`LAP_SECONDS` of the frame allow)."""
        super().update(dt)
        sowing = self.sowing
        if sowing is None or sowing.finished:
            return
        self.elapsed += dt
        rate = 7 * 2 ** (self.elapsed / 4)
        if rate < 200:
            sowing.seeds(dt, rate)
        else:
            sowing.laps(max(1, round(rate * dt / 8)), lap_seconds(self))

    # --- drawing ---------------------------------------------------------------------------------

    def still(self) -> Hashable:
        """The board, the panel, the help while no move is sown, the buttons (their labels: the
        board's size, "Sow" or "Stop")."""
        sowing = self.sowing
        self._label_buttons()
        return (language(), self.n, self.choosing if sowing is None else None, sowing is None)

    def _label_buttons(self) -> None:
        self.buttons[3].label = tr("awele.science.explorer.size", n=4 if self.n == 12 else 12)
        self.sow_button.label = (
            "awele.science.explorer.stop"
            if self.sowing is not None and not self.sowing.finished
            else "awele.science.explorer.sow"
        )
        self.sow_button.icon = ui.icon_play if self.sow_button.label == "awele.science.explorer.sow" else None

    def _panel(self, rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x, rect.y + 350, rect.width, 140)

    def draw_still(self, surface: Target, rect: pygame.Rect) -> None:
        """The board without its pits, the panel (with the help before a move), the buttons."""
        self.board_view.draw_board(surface)
        panel = self._panel(rect)
        ui.draw_panel(surface, panel, theme.PANEL, 22, 8)
        if self.sowing is None:
            key = "awele.science.explorer.choose" if self.choosing else "awele.science.explorer.help"
            x, w = panel.x + 28, panel.width - 56
            self.corner.paragraph(surface, tr(key), pygame.Rect(x, panel.y + 22, w, 100), 26, theme.INK)
        self.draw_buttons(surface)

    def parts(self, rect: pygame.Rect) -> list[Part]:
        """The pits (a seed dropped: the pits it changed), and while a move is sown, the lap
        counter and what happened."""
        sowing = self.sowing
        if sowing is None:
            return self.board_view.parts(self.pits, {})
        hand = sowing.hand
        parts = self.board_view.parts(sowing.board, {hand: theme.HINT} if hand is not None else {})
        panel = self._panel(rect)
        walker = sowing.walker
        laps = tr("awele.science.laps", n=format_number(walker.laps))
        if walker.period is not None and sowing.lap_done:
            # A loop always comes back to the board it started from (LapWalker's doc).
            text = tr("awele.science.explorer.loop.now", period=format_number(walker.period))
            color = theme.BAD
        elif walker.ended and sowing.lap_done:
            text = counted("awele.science.explorer.ended", walker.laps, n=walker.laps)
            color = theme.GOOD
        else:
            text = tr("awele.science.explorer.going")
            color = theme.INK_SOFT
        parts.append(Part("counter", panel, (laps, text, color), partial(self._draw_counter, panel, laps, text, color)))
        return parts

    def _draw_counter(self, panel: pygame.Rect, laps: str, text: str, color: ui.Color, surface: Target) -> None:
        """The laps so far and what happened, on the panel."""
        x, w = panel.x + 28, panel.width - 56
        self.corner.label(surface, laps, (x, panel.y + 20), 34, theme.INK, "title", "topleft", w)
        self.corner.paragraph(surface, text, pygame.Rect(x, panel.y + 70, w, 64), 24, color, "bold")

    def summary(self) -> dict[str, Any]:
        """The board, and the move being shown."""
        sowing = self.sowing
        data: dict[str, Any] = {"pits": list(self.pits), "choosing": self.choosing}
        if sowing is not None:
            walker = sowing.walker
            done = sowing.finished  # the walker knows a lap ahead of the seeds on screen
            data.update(
                sowing_start=walker.start,
                laps=walker.laps,
                ended=walker.ended and done,
                period=walker.period if done else None,
                board=list(sowing.board),
            )
        return data


# --- the article's loops ---------------------------------------------------------------------------


class BigLoopPage(CornerPage):
    """The article's 12-pit loop played faster and faster until its position comes back."""

    title = "awele.science.big.tab"
    BOARD = pygame.Rect(64, 168, 1152, 300)

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.buttons = [self.again_button(pygame.Rect(24, 652, 290, 54), "awele.science.big.again", self.restart)]
        self.restart()

    def restart(self) -> None:
        """From the start of the move again."""
        self.sowing = Sowing(*ARTICLE_BIG_LOOP)
        self.elapsed = 0.0

    @property
    def rate(self) -> float:
        """Seeds a second at first, then laps a second: it grows by half every second."""
        return min(2.5 * 1.5**self.elapsed, 4000.0)

    def update(self, dt: float) -> None:
        """A few seeds one by one, then laps by the thousand."""
        super().update(dt)
        if self.sowing.finished:
            return
        self.elapsed += dt
        if self.elapsed < 6:
            self.sowing.seeds(dt, 8)
        else:
            self.sowing.laps(max(1, round(self.rate * dt)), lap_seconds(self))
        if self.sowing.finished:
            self.app.effects.publish(Sound("win"))

    def still(self) -> Hashable:
        """The board, the panel and the button."""
        return (language(),)

    def draw_still(self, surface: Target, rect: pygame.Rect) -> None:
        """The board without its pits, the panel, the button."""
        PitBoard(12, self.BOARD).draw_board(surface)
        ui.draw_panel(surface, self._panel(rect), theme.PANEL, 22, 8)
        self.draw_buttons(surface)

    def _panel(self, rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x, rect.y + 350, rect.width, 140)

    def parts(self, rect: pygame.Rect) -> list[Part]:
        """The pits (one ring: the article's pit, then the pit being sown), the big counter and
        the speed (at every frame of laps), the words (the period, at the end)."""
        sowing = self.sowing
        walker = sowing.walker
        hand = sowing.hand
        # One ring, yellow as the intro says: the article's pit, then the pit being sown.
        rings = {ARTICLE_BIG_LOOP[1]: theme.HINT} if walker.laps == 0 else {}
        if hand is not None and walker.laps:
            rings[hand] = theme.HINT
        parts = PitBoard(12, self.BOARD).parts(sowing.board, rings)
        panel = self._panel(rect)
        x, w = panel.x + 28, panel.width - 56
        laps = tr("awele.science.laps", n=format_number(walker.laps))
        speed = tr("awele.science.big.speed", n=format_number(self.rate)) \
            if self.elapsed >= 6 and not sowing.finished else ""
        # The counter and the speed share the panel's top line; the words are below them.
        top = pygame.Rect(panel.x + 8, panel.y + 8, panel.width - 16, 64)
        parts.append(Part("counter", top, (laps, speed), partial(self._draw_counter, panel, laps, speed)))
        if sowing.finished and walker.period is not None:
            text = tr(
                "awele.science.big.found",
                period=format_number(walker.period),
                printed=format_number(ARTICLE_PRINTED_PERIOD),
            )
            color = theme.BAD
        else:
            text = tr("awele.science.big.intro")
            color = theme.INK
        words = pygame.Rect(panel.x + 8, panel.y + 72, panel.width - 16, panel.height - 76)
        parts.append(Part("words", words, (text, color),
                          partial(self._draw_words, text=text, color=color, at=pygame.Rect(x, panel.y + 76, w, 60))))
        return parts

    def _draw_counter(self, panel: pygame.Rect, laps: str, speed: str, surface: Target) -> None:
        x, w = panel.x + 28, panel.width - 56
        self.corner.label(surface, laps, (x, panel.y + 18), 40, theme.INK, "title", "topleft", w // 2)
        if speed:
            self.corner.label(
                surface, speed, (panel.right - 28, panel.y + 26), 22, theme.INK_SOFT, "bold", "topright", w // 2 - 20
            )

    def _draw_words(self, surface: Target, text: str, color: ui.Color, at: pygame.Rect) -> None:
        self.corner.paragraph(surface, text, at, 22, color, "bold")

    def summary(self) -> dict[str, Any]:
        """The counter and the period once found."""
        walker = self.sowing.walker
        period = walker.period if self.sowing.finished else None
        return {"laps": walker.laps, "period": period, "board": list(self.sowing.board)}


class SmallLoopPage(CornerPage):
    """The article's 4-pit loop, one seed per tap (or by itself), with the boards it goes through."""

    title = "awele.science.small.tab"
    BOARD = pygame.Rect(64, 160, 560, 300)

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.auto = True
        self.clock = 0.0
        self.buttons = [
            ui.Button(pygame.Rect(24, 652, 240, 54), "awele.science.small.seed", self.step, color=theme.GOOD, size=22),
            ui.Button(
                pygame.Rect(280, 652, 240, 54), "awele.science.small.auto", self.toggle_auto, color=ACCENT, size=22
            ),
            self.again_button(pygame.Rect(536, 652, 240, 54), "awele.science.small.again", self.restart, QUIET),
        ]
        self.restart()

    def restart(self) -> None:
        """The article's board again, before the first seed."""
        self.sowing = Sowing(*ARTICLE_SMALL_LOOP)
        self.history: list[tuple[int, ...]] = [ARTICLE_SMALL_LOOP[0]]

    def step(self) -> None:
        """One seed."""
        if self.sowing.finished:
            return
        self.sowing.seed()
        if self.sowing.lap_done and self.sowing.lap is not None and len(self.history) <= self.sowing.walker.laps:
            self.history.append(self.sowing.walker.board)
        self.app.effects.publish(Sound("click"))

    def toggle_auto(self) -> None:
        """Seeds by themselves, or one per tap."""
        self.auto = not self.auto

    def update(self, dt: float) -> None:
        """In automatic mode, a seed every 0.6 s, and a new start after the loop is shown."""
        super().update(dt)
        if not self.auto:
            return
        self.clock += dt
        if self.sowing.finished:
            if self.clock > 5:
                self.restart()
                self.clock = 0.0
        elif self.clock >= 0.6:
            self.clock = 0.0
            self.step()

    def look(self) -> Hashable:
        """The page changes with each seed sown (every 0.6 s by itself) and with its mode."""
        sowing = self.sowing
        return (language(), tuple(sowing.board), sowing.hand, sowing.walker.laps, sowing.finished,
                sowing.walker.period, tuple(self.history), self.auto)

    def draw(self, surface: Target, rect: pygame.Rect) -> None:
        """The board, the lap counter, the strip of boards after each lap."""
        corner = self.corner
        sowing = self.sowing
        walker = sowing.walker
        self.buttons[1].label = "awele.science.small.manual" if self.auto else "awele.science.small.auto"
        self.buttons[1].active = self.auto
        hand = sowing.hand
        rings = {hand: theme.HINT} if hand is not None else {}
        PitBoard(4, self.BOARD).draw(surface, sowing.board, rings)
        panel = pygame.Rect(rect.x + 640, rect.y, rect.width - 640, 300)
        ui.draw_panel(surface, panel, theme.PANEL, 22, 8)
        x, w = panel.x + 26, panel.width - 52
        corner.label(
            surface, tr("awele.science.laps", n=walker.laps), (x, panel.y + 18), 34, theme.INK, "title", "topleft", w
        )
        if sowing.finished and walker.period is not None:
            text, color = tr("awele.science.small.found", period=walker.period), theme.BAD
        else:
            text, color = tr("awele.science.small.explain"), theme.INK
        corner.paragraph(surface, text, pygame.Rect(x, panel.y + 72, w, 210), 24, color)
        self._draw_history(surface, pygame.Rect(rect.x, rect.y + 330, rect.width, 160))
        self.draw_buttons(surface)

    def _draw_history(self, surface: Target, rect: pygame.Rect) -> None:
        """The boards after each lap, as the article prints them (two rows of numbers)."""
        self.corner.card(surface, rect, tr("awele.science.small.strip"), (24, 12), theme.INK_SOFT, 22)
        slots = 9
        width = (rect.width - 48) / slots
        first = self.history[0]
        for k in range(slots):
            cell = pygame.Rect(round(rect.x + 24 + k * width + 6), rect.y + 46, round(width - 12), 96)
            if k < len(self.history):
                board = self.history[k]
                same = k > 0 and board == first
                fill = (255, 236, 200) if same or k == 0 else (246, 240, 228)
                draw.rect(surface, fill, cell, border_radius=12)
                if same:
                    draw.rect(surface, theme.BAD, cell, 4, border_radius=12)
                top = f"{board[3]} {board[2]}"
                bottom = f"{board[0]} {board[1]}"
                ui.draw_text(surface, top, (cell.centerx, cell.y + 28), 28, theme.INK, "title", "center")
                ui.draw_text(surface, bottom, (cell.centerx, cell.y + 66), 28, theme.INK, "title", "center")
            else:
                draw.rect(surface, (236, 230, 218), cell, border_radius=12)

    def summary(self) -> dict[str, Any]:
        """The laps, the boards seen after each lap, and the period once found."""
        walker = self.sowing.walker
        period = walker.period if self.sowing.finished else None
        return {"laps": walker.laps, "period": period, "history": [list(b) for b in self.history]}


PAGES = (ExplorerPage, BigLoopPage, SmallLoopPage)


def make_science_scene(app: Host, start: int = 0) -> ScienceScene:
    """The corner, reached from the menu card ("Les maths du jeu")."""
    return ScienceScene(app, "awele", ACCENT, PAGES, start)
