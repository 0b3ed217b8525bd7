"""Lewthwaite's science corner: random games live, the domino proof, any board, the puzzles.

Every number and picture comes from :mod:`games.lewthwaite.maths` (and through it the rules,
the perfect player and the exact statistics); the screens only draw and count taps.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from functools import partial
from typing import Any

import pygame

from games.budget import MB, budgeted
from games.effects import Sound
from games.lewthwaite.maths import (
    BoardVerdict,
    LengthTally,
    Puzzle,
    board_verdict,
    domino_game,
    domino_pairing,
    exact_random_play,
    make_puzzle,
    max_game_length,
    move_count_choices,
    partner_map,
)
from games.lewthwaite.rules import BLUE, MAX_PLAY_SIZE, MIN_SIZE, RED, Cell, LewthwaiteParams, LewthwaiteState
from games.lewthwaite.stats import RandomPlayStats
from games.lewthwaite.view import BoardView, MoveAnimation, token_sprite
from kiosk import background, draw, theme, ui
from kiosk.canvas import Canvas, Target, make_layer, native_sprite, scaled_image
from kiosk.host import Host
from kiosk.i18n import counted, language, tr
from kiosk.science import QUIET, CornerPage, Part, ReplayPage, ScienceScene, format_number
from kiosk.tween import ease_out_cubic

ACCENT = theme.RED
GOLD = (240, 170, 30)
DOMINO = (160, 112, 64)


def colour_name(colour: str, capital: bool = False) -> str:
    """``les rouges`` / ``Rouge`` and so on."""
    return tr(f"lewthwaite.{'Color' if capital else 'color'}.{colour}")


def percent(value: float, decimals: int = 1) -> str:
    """``35,5 %`` / ``35.5%``."""
    return tr("science.percent", value=format_number(100 * value, decimals))


@budgeted(13 * MB, scope='lewthwaite')
@native_sprite
def domino_layer(
    rows: int, cols: int, max_size: int, pairs: tuple[tuple[Cell, Cell], ...], color: ui.Color, scale: float = 1.0
) -> Canvas:
    """Dominoes drawn once on a transparent layer the size of the board, at the screen's
    resolution (blitted each frame)."""
    size = BoardView(rows, cols, (0, 0), max_size).rect.size
    layer = make_layer(size, scale, alpha=True)
    BoardView(rows, cols, (size[0] / 2, size[1] / 2), max_size).draw_dominoes(layer, list(pairs), color)
    return layer


def draw_dominoes(
    surface: Target, view: BoardView, max_size: int, pairs: tuple[tuple[Cell, Cell], ...], color: ui.Color
) -> None:
    """:meth:`BoardView.draw_dominoes`, from a cached layer."""
    surface.blit(domino_layer(view.rows, view.cols, max_size, tuple(pairs), color), view.rect.topleft)


# --- random games, live ---------------------------------------------------------------------------


def paint_tokens(view: BoardView, state: LewthwaiteState, surface: Target) -> None:
    """``view.draw_tokens(surface, state, dim_moved=False)``'s pixels (tokens at rest, none
    dimmed) in one ``Surface.blits`` of the tokens' native sprites at their native places,
    computed once per board and scale: nine boards moving at once drew 225 tokens one
    ``Canvas.blit`` each (3 ms a frame), now about a third of that. A plain surface is drawn
    by the view."""
    if not isinstance(surface, Canvas):
        view.draw_tokens(surface, state, dim_moved=False, area=surface.get_clip())
        return
    size = int(view.cell * 0.78)
    sprites = {color: token_sprite(color, size) for color in (RED, BLUE)}
    native = {color: scaled_image(sprite, surface.scale) for color, sprite in sprites.items()}
    places = _token_places(view.rows, view.cols, view.cell, view.margin, view.rect.topleft, sprites[RED].get_size(),
                           native[RED].get_size(), surface.scale, surface.offset)
    cells = [(r, c) for r in range(view.rows) for c in range(view.cols)]
    surface.target.blits([(native[color], places[k]) for k, cell in enumerate(cells)
                          if (color := state.token_at(cell)) is not None], doreturn=False)


@budgeted(64 * 1024, scope="lewthwaite")
def _token_places(rows: int, cols: int, cell: int, margin: int, corner: tuple[int, int],
                  logical: tuple[int, int], native: tuple[int, int], scale: float,
                  offset: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """Where a token sprite of ``logical`` size (``native`` at ``scale``) lands on the screen on
    each cell, row by row: where :meth:`BoardView.draw_token` puts it, placed as
    :meth:`Canvas.blit` places a native sprite (centred on the stretched image's place)."""
    places = []
    for r in range(rows):
        for c in range(cols):
            x = corner[0] + margin + (c + 0.5) * cell
            y = corner[1] + margin + (r + 0.5) * cell
            box = pygame.Rect((0, 0), logical)
            box.center = (round(x), round(y + 1))
            places.append((round(offset[0] + (box.x + logical[0] / 2) * scale - native[0] / 2),
                           round(offset[1] + (box.y + logical[1] / 2) * scale - native[1] / 2)))
    return tuple(places)


class RandomGamesPage(CornerPage):
    """Nine boards play random games faster and faster; every finished game is counted."""

    title = "lewthwaite.science.random.tab"
    BOARDS = 9
    #: Per-frame time for the games played beyond those on screen, once they are a blur.
    BULK_SECONDS = 0.0015

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.params = LewthwaiteParams()
        self.exact: RandomPlayStats | None = None
        self.buttons = [self.again_button(pygame.Rect(24, 650, 250, 54), "lewthwaite.science.random.again", self.reset)]
        self.resets = 0
        self.reset()

    def reset(self) -> None:
        """Start counting from zero, slowly again."""
        self.rng = random.Random(self.app.rng.getrandbits(32))
        self.tally = LengthTally(self.params.rows * self.params.cols)
        self.boards = [self.params.new_initial_state() for _ in range(self.BOARDS)]
        self.credit = [0.0] * self.BOARDS
        self.history: list[tuple[int, float]] = []
        #: The history's changes, and the restarts: the rate's curve is drawn again on a change.
        self.history_version = 0
        self.resets += 1
        self.run_time = 0.0

    def exact_stats(self) -> RandomPlayStats | None:
        """The exact figures, computed once off the frame loop (None until ready); the rules
        pages ask for the same key."""
        return background.value(("lewthwaite.stats", 5, 5), partial(exact_random_play, 5, 5), portable=True)

    @property
    def speed(self) -> float:
        """Moves per second on each board: it doubles every three seconds."""
        return min(1.2 * 2 ** (self.run_time / 3), 5000.0)

    def _finish(self, k: int) -> None:
        self.tally.add(self.boards[k].moves_played)
        self.boards[k] = self.params.new_initial_state()
        games = self.tally.games
        if not self.history or games >= self.history[-1][0] * 1.08 or games - self.history[-1][0] >= 200:
            self.history.append((games, self.tally.first_win_rate))
            self.history_version += 1

    def _step(self, k: int) -> None:
        state = self.boards[k]
        options = state.legal_indices()
        if not options:
            self._finish(k)
            return
        self.boards[k] = state.play_index(self.rng.choice(options))

    def update(self, dt: float) -> None:
        """Advance every board; at high speed, play extra whole games within a time budget."""
        super().update(dt)
        if self.exact is None:
            self.exact = self.exact_stats()
        self.run_time += dt
        for k in range(self.BOARDS):
            self.credit[k] += self.speed * dt
            steps = 0
            while self.credit[k] >= 1 and steps < 30:
                self.credit[k] -= 1
                self._step(k)
                steps += 1
            self.credit[k] = min(self.credit[k], 30.0)
        if self.speed * dt > 25:
            self._bulk()

    def _bulk(self) -> None:
        """Whole games, not drawn, for as long as the frame allows (at least one)."""
        import time

        deadline = time.perf_counter() + self.BULK_SECONDS
        while True:
            state = self.params.new_initial_state()
            while True:
                options = state.legal_indices()
                if not options:
                    break
                state = state.play_index(self.rng.choice(options))
            self.tally.add(state.moves_played)
            if time.perf_counter() > deadline:
                break
        self.history.append((self.tally.games, self.tally.first_win_rate))
        if len(self.history) > 400:
            self.history = self.history[::2]
        self.history_version += 1

    # --- drawing: the boards and the cards' frames still, the tokens, glows and figures over them

    def views(self, rect: pygame.Rect) -> list[BoardView]:
        """The nine boards' places."""
        return [BoardView(5, 5, (rect.x + 84 + c * 178, rect.y + 86 + r * 168), 130)
                for r, c in (divmod(k, 3) for k in range(self.BOARDS))]

    @staticmethod
    def _panels(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The figures', the histogram's and the rate's cards."""
        panel = pygame.Rect(rect.x + 560, rect.y, rect.width - 560, rect.height)
        return (pygame.Rect(panel.x, panel.y, panel.width, 150), pygame.Rect(panel.x, panel.y + 162, panel.width, 184),
                pygame.Rect(panel.x, panel.y + 358, panel.width, 110))

    def still(self) -> Hashable:
        """The empty boards, the cards, the exact figures once known, the explanation."""
        return (language(), theme.colour_blind(), None if self.exact is None else self.exact.p_first_wins)

    def draw_still(self, surface: Target, rect: pygame.Rect) -> None:
        """The empty boards, the cards with their headings, the exact figures, the explanation."""
        corner = self.corner
        for view in self.views(rect):
            view.draw_board(surface, False)
        figures, histogram, rate = self._panels(rect)
        ui.draw_panel(surface, figures, theme.PANEL, 20, 6)
        self._draw_exact(surface, figures)
        corner.card(surface, histogram, tr("lewthwaite.science.random.histogram"), (20, 10))
        corner.card(surface, rate, tr("lewthwaite.science.random.converge"), (20, 8))
        panel = pygame.Rect(rect.x + 560, rect.y, rect.width - 560, rect.height)
        corner.paragraph(
            surface,
            tr("lewthwaite.science.random.explain"),
            pygame.Rect(panel.x + 4, panel.y + 478, panel.width - 8, 84),
            20,
            theme.INK_SOFT,
        )
        self.draw_buttons(surface)

    def parts(self, rect: pygame.Rect) -> list[Part]:
        """Each board's tokens (a move), its pulsing glow once stuck, the counts, the histogram
        (a game finished) and the rate's curve."""
        parts: list[Part] = []
        for k, (view, state) in enumerate(zip(self.views(rect), self.boards, strict=True)):
            parts.append(Part(("tokens", k), view.rect, state.path, partial(self._paint_tokens, view, state)))
            if state.is_terminal():
                parts.append(Part(("glow", k), view.cell_box(state.hole, 0.5), (state.path, self.time),
                                  partial(self._paint_glow, view, state.hole, self.time)))
        figures, histogram, rate = self._panels(rect)
        parts.append(Part("figures", figures, self._figures(figures), partial(self._draw_figures, rect=figures)))
        chart = pygame.Rect(histogram.x + 12, histogram.y + 36, histogram.width - 24, histogram.height - 42)
        exact = self.exact.length_histogram if self.exact else ()
        parts.append(Part("histogram", chart, (tuple(self.tally.counts), exact),
                          partial(self._draw_histogram, rect=histogram)))
        line = pygame.Rect(rate.x + 12, rate.y + 30, rate.width - 24, rate.height - 36)
        parts.append(Part("rate", line, (self.resets, self.history_version, max(1000, self.tally.games),
                                         None if self.exact is None else self.exact.p_first_wins),
                          partial(self._draw_rate, rect=rate)))
        return parts

    @staticmethod
    def _paint_tokens(view: BoardView, state: LewthwaiteState, surface: Target) -> None:
        """A board's tokens (:func:`paint_tokens`)."""
        paint_tokens(view, state, surface)

    @staticmethod
    def _paint_glow(view: BoardView, hole: Cell, time: float, surface: Target) -> None:
        """The pulsing rings around a stuck board's hole."""
        view.draw_glow(surface, [hole], theme.BAD, time, 4)

    def _figures(self, rect: pygame.Rect) -> tuple[tuple[str, tuple[int, int], int, ui.Color, str, str, int], ...]:
        """The counts on the figures' card: (text, where, size, colour, font, anchor, width)."""
        x, w = rect.x + 24, rect.width - 48
        games = counted("lewthwaite.science.random.games", self.tally.games, n=format_number(self.tally.games))
        speed = tr("lewthwaite.science.random.speed", n=format_number(self.speed, 0 if self.speed >= 10 else 1))
        rate = tr("lewthwaite.science.random.rate", p=percent(self.tally.first_win_rate))
        mean = tr("lewthwaite.science.random.mean", m=format_number(self.tally.mean_length, 2))
        return ((games, (x, rect.y + 16), 30, theme.INK, "title", "topleft", w // 2),
                (speed, (rect.right - 24, rect.y + 22), 22, theme.INK_SOFT, "bold", "topright", w // 2 - 10),
                (rate, (x, rect.y + 62), 24, theme.RED_DARK, "bold", "topleft", w // 2 + 40),
                (mean, (x, rect.y + 100), 24, theme.INK, "bold", "topleft", w // 2 + 40))

    def _draw_figures(self, surface: Target, rect: pygame.Rect) -> None:
        for text, at, size, color, kind, anchor, width in self._figures(rect):
            self.corner.label(surface, text, at, size, color, kind, anchor, width)

    def _draw_exact(self, surface: Target, rect: pygame.Rect) -> None:
        """The exact figures beside the counts (once computed)."""
        corner = self.corner
        w = rect.width - 48
        exact = self.exact
        if exact is None:
            corner.label(
                surface,
                tr("lewthwaite.science.random.computing"),
                (rect.right - 24, rect.y + 80),
                22,
                theme.INK_SOFT,
                "text",
                "topright",
                w // 2 - 50,
            )
        else:
            exact_rate = tr("lewthwaite.science.random.exact", v=percent(exact.p_first_wins, 2))
            corner.label(
                surface, exact_rate, (rect.right - 24, rect.y + 64), 22, theme.GOOD, "bold", "topright", w // 2 - 50
            )
            exact_mean = tr("lewthwaite.science.random.exact", v=format_number(exact.mean_length, 2))
            corner.label(
                surface, exact_mean, (rect.right - 24, rect.y + 102), 22, theme.GOOD, "bold", "topright", w // 2 - 50
            )

    def _draw_histogram(self, surface: Target, rect: pygame.Rect) -> None:
        chart = pygame.Rect(rect.x + 20, rect.y + 40, rect.width - 40, rect.height - 76)
        counts = self.tally.counts
        games = max(1, self.tally.games)
        shares = [c / games for c in counts]
        exact = self.exact.length_histogram if self.exact else ()
        peak = max([*shares, *exact, 0.05])
        bar = chart.width / len(counts)
        for k, share in enumerate(shares):
            h = chart.height * share / peak
            color = theme.RED if k % 2 else theme.BLUE
            if h > 0:
                draw.rect(surface, color, (chart.x + k * bar + 2, chart.bottom - h, bar - 4, h), border_radius=3)
            if k < len(exact) and exact[k] > 0:
                y = chart.bottom - chart.height * exact[k] / peak
                draw.line(surface, theme.INK, (chart.x + k * bar, y), (chart.x + (k + 1) * bar - 1, y), 3)
            if k % 4 == 0:
                ui.draw_text(
                    surface, str(k), (chart.x + (k + 0.5) * bar, chart.bottom + 4), 16, theme.INK_SOFT, "bold", "midtop"
                )
        draw.line(surface, theme.INK_SOFT, chart.bottomleft, chart.bottomright, 2)

    def _draw_rate(self, surface: Target, rect: pygame.Rect) -> None:
        chart = pygame.Rect(rect.x + 20, rect.y + 36, rect.width - 40, rect.height - 48)
        low, high = 0.15, 0.55
        top_games = max(1000, self.tally.games)
        span = math.log10(top_games)

        def to_xy(games: int, rate: float) -> tuple[float, float]:
            x = chart.x + chart.width * math.log10(max(1, games)) / span
            y = chart.bottom - chart.height * (min(max(rate, low), high) - low) / (high - low)
            return x, y

        if self.exact is not None:
            y = to_xy(1, self.exact.p_first_wins)[1]
            for x in range(chart.x, chart.right, 14):
                draw.line(surface, theme.GOOD, (x, y), (min(x + 8, chart.right), y), 3)
        points = [to_xy(g, r) for g, r in self.history if g >= 1]
        if len(points) >= 2:
            draw.lines(surface, theme.RED, False, points, 3)
        if points:
            draw.circle(surface, theme.RED_DARK, points[-1], 5)

    def summary(self) -> dict[str, Any]:
        """The counts on screen."""
        return {
            "games": self.tally.games,
            "first_wins": self.tally.first_wins,
            "counts": list(self.tally.counts),
            "exact_p_first_wins": None if self.exact is None else self.exact.p_first_wins,
            "exact_mean_length": None if self.exact is None else self.exact.mean_length,
        }


# --- the domino proof --------------------------------------------------------------------------


class DominoProofPage(ReplayPage):
    """A game where red moves at random and blue answers inside red's domino, until red is stuck."""

    title = "lewthwaite.science.domino.tab"
    SLIDE_SECONDS = 0.45
    SIZE = 460

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.pairing = domino_pairing()
        self.partner = partner_map(self.pairing)
        self.view = BoardView(5, 5, (300, 396), self.SIZE)
        self._tokens: tuple[Hashable, list[Part]] | None = None
        again = self.again_button(pygame.Rect(24, 650, 250, 54), "lewthwaite.science.domino.new", self.new_game)
        self.buttons = [again]
        self.new_game()

    def new_game(self) -> None:
        """Another game with new random red moves."""
        self.game = domino_game(random.Random(self.app.rng.getrandbits(32)))
        super().new_game()

    @property
    def shown(self) -> LewthwaiteState:
        """The position after the moves shown so far."""
        return LewthwaiteState(self.game.params, self.game.path[: self.step + 1])

    def moves(self) -> int:
        """The moves of the game, shown one every ``STEP_SECONDS``."""
        return self.game.moves_played

    def _current_domino(self) -> tuple[Cell, Cell] | None:
        """The domino of the last move: red's token and the square blue answers from."""
        if self.step == 0:
            return None
        geo = self.game.geo
        red_step = self.step if self.step % 2 == 1 else self.step - 1
        cell = geo.cell(self.game.path[red_step])
        return cell, self.partner[cell]

    def still(self) -> Hashable:
        """The empty board, the story's card, the explanation and the button."""
        return (language(),)

    def draw_still(self, surface: Target, rect: pygame.Rect) -> None:
        """The board without tokens, the story's card, the explanation, the button."""
        self.view.draw_board(surface, False)
        ui.draw_panel(surface, self._story_panel(rect), theme.PANEL, 22, 8)
        panel = self._story_panel(rect)
        self.corner.explain(
            surface,
            pygame.Rect(panel.x, rect.y + 228, panel.width, 260),
            tr("lewthwaite.science.domino.explain"),
            26,
            tr("lewthwaite.science.domino.why"),
        )
        self.draw_buttons(surface)

    @staticmethod
    def _story_panel(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x + 600, rect.y, rect.width - 600, 210)

    def parts(self, rect: pygame.Rect) -> list[Part]:
        """The tokens at rest (a move), the one sliding, every domino over them, red's domino in
        gold, the pulsing glow once red is stuck, and the story (a move)."""
        view, state = self.view, self.shown
        anim = None
        if self.step > 0 and self.clock < self.SLIDE_SECONDS:
            geo = self.game.geo
            moved, hole = geo.cell(self.game.path[self.step]), geo.cell(self.game.path[self.step - 1])
            anim = MoveAnimation(moved, hole, ease_out_cubic(self.clock / self.SLIDE_SECONDS))
        board = view.rect
        shown = (self.games, self.step)
        parts = list(self._token_parts(state, anim))
        if anim is not None:
            parts.append(Part("slide", view.slide_box(anim.start, anim.end), (*shown, anim.t),
                              partial(self._paint_slide, state, anim)))
        parts.append(Part("dominoes", board, (), self._paint_dominoes))
        domino = self._current_domino()
        if domino is not None:
            box = view.cell_box(domino[0], 0.5).union(view.cell_box(domino[1], 0.5))
            parts.append(Part("domino", box, domino, partial(self._paint_domino, domino)))
        stuck = self.step == self.game.moves_played
        if stuck:
            parts.append(Part("glow", view.cell_box(state.hole, 0.5), (*shown, self.time),
                              partial(self._paint_glow, state.hole, self.time)))
        parts.append(Part("story", self._story_panel(rect), (language(), *shown, stuck),
                          partial(self._draw_story, rect=rect, stuck=stuck)))
        return parts

    def _token_parts(self, state: LewthwaiteState, anim: MoveAnimation | None) -> list[Part]:
        """One part per token at rest (a move draws again only the cells it changed), kept
        while the position and the slide's end are the same (asked twice a frame)."""
        key = (self.games, self.step, anim is None, theme.colour_blind())
        if self._tokens is not None and self._tokens[0] == key:
            return self._tokens[1]
        view, parts = self.view, []
        for r in range(view.rows):
            for c in range(view.cols):
                color = state.token_at((r, c))
                if color is not None and not (anim and (r, c) == anim.end):
                    moved = state.has_moved((r, c))
                    parts.append(Part(("token", r, c), view.cell_box((r, c)), (color, moved, key[3]),
                                      partial(view.draw_token, cell=(r, c), color=color, moved=moved)))
        self._tokens = (key, parts)
        return parts

    def _paint_slide(self, state: LewthwaiteState, anim: MoveAnimation, surface: Target) -> None:
        """The token sliding into the hole (lifted half-way)."""
        self.view.draw_tokens(surface, state, anim, area=pygame.Rect(0, 0, 0, 0))

    def _paint_dominoes(self, surface: Target) -> None:
        draw_dominoes(surface, self.view, self.SIZE, self.pairing, DOMINO)

    def _paint_domino(self, domino: tuple[Cell, Cell], surface: Target) -> None:
        draw_dominoes(surface, self.view, self.SIZE, (domino,), GOLD)

    def _paint_glow(self, hole: Cell, time: float, surface: Target) -> None:
        self.view.draw_glow(surface, [hole], theme.BAD, time)

    def _draw_story(self, surface: Target, rect: pygame.Rect, stuck: bool) -> None:
        """How many moves, and what the last one did."""
        corner = self.corner
        panel = self._story_panel(rect)
        x, w = panel.x + 28, panel.width - 56
        corner.label(
            surface,
            tr("lewthwaite.science.domino.moves", n=self.step),
            (x, panel.y + 20),
            30,
            theme.INK,
            "title",
            "topleft",
            w,
        )
        if self.step == 0:
            story = tr("lewthwaite.science.domino.start")
        elif stuck:
            story = tr("lewthwaite.science.domino.stuck", n=self.step)
        elif self.step % 2 == 1:
            story = tr("lewthwaite.science.domino.red")
        else:
            story = tr("lewthwaite.science.domino.blue")
        color = theme.BAD if stuck else theme.INK
        corner.paragraph(surface, story, pygame.Rect(x, panel.y + 70, w, 120), 28, color, "bold")

    def summary(self) -> dict[str, Any]:
        """The game shown and how far it has gone."""
        return {
            "moves_shown": self.step,
            "moves": self.game.moves_played,
            "path": list(self.game.path),
            "games": self.games,
        }


# --- any board ---------------------------------------------------------------------------------------


@budgeted(2 * MB, scope='lewthwaite')
def cached_verdict(rows: int, cols: int, hole: Cell) -> BoardVerdict:
    """:func:`board_verdict`, remembered (a fraction of a millisecond up to 9 x 9 anyway)."""
    return board_verdict(rows, cols, hole)


class AnyBoardPage(CornerPage):
    """Choose rows, columns and the hole; the perfect player's verdict and plan are drawn."""

    title = "lewthwaite.science.board.tab"
    AREA = pygame.Rect(24, 150, 600, 490)
    SIZE = 460

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.rows, self.cols, self.hole = 5, 5, (2, 2)
        self.buttons = []
        for k, (_key, attr) in enumerate(
            (("lewthwaite.science.board.rows", "rows"), ("lewthwaite.science.board.cols", "cols"))
        ):
            y = 654
            x = 24 + k * 310
            self.buttons.append(
                ui.Button(
                    pygame.Rect(x, y, 64, 50), "−", partial(self.resize, attr, -1), color=QUIET, literal=True, size=30
                )
            )
            self.buttons.append(
                ui.Button(
                    pygame.Rect(x + 230, y, 64, 50),
                    "+",
                    partial(self.resize, attr, 1),
                    color=QUIET,
                    literal=True,
                    size=30,
                )
            )
        self.labels = ("lewthwaite.science.board.rows", "lewthwaite.science.board.cols")

    @property
    def view(self) -> BoardView:
        """The board fitted in the left area."""
        return BoardView(self.rows, self.cols, self.AREA.center, self.SIZE)

    @property
    def verdict(self) -> BoardVerdict:
        """Who wins this board with perfect play, and why."""
        return cached_verdict(self.rows, self.cols, self.hole)

    def resize(self, attr: str, step: int) -> None:
        """One row or column more or less (2..9); the hole goes back to the centre."""
        value = getattr(self, attr) + step
        if MIN_SIZE <= value <= MAX_PLAY_SIZE:
            setattr(self, attr, value)
            self.hole = (self.rows // 2, self.cols // 2)
            self.app.effects.publish(Sound("click"))

    def tap(self, pos: tuple[int, int]) -> bool:
        """A tap on a square puts the hole there."""
        cell = self.view.cell_at(pos)
        if cell is None:
            return False
        self.hole = cell
        self.app.effects.publish(Sound("slide"))
        return True

    def still(self) -> Hashable:
        """All but the arrow: the board, its verdict and why, for its size and hole."""
        return (language(), self.rows, self.cols, self.hole)

    def parts(self, rect: pygame.Rect) -> list[Part]:
        """The perfect player's first move: a bouncing arrow (when the first player wins)."""
        verdict = self.verdict
        if verdict.first_move is None:
            return []
        view = self.view
        return [Part("arrow", view.arrow_box(verdict.first_move, self.hole), self.time,
                     partial(view.draw_arrow, start=verdict.first_move, end=self.hole, color=theme.RED,
                             time=self.time))]

    def draw_still(self, surface: Target, rect: pygame.Rect) -> None:
        """The board in two tints, the dominoes, the verdict and why."""
        corner = self.corner
        view = self.view
        verdict = self.verdict
        view.draw_board(surface, True)
        parity = (self.hole[0] + self.hole[1]) % 2
        for r in range(self.rows):
            for c in range(self.cols):
                square = pygame.Rect(0, 0, view.cell - 8, view.cell - 8)
                square.center = tuple(round(v) for v in view.center_of((r, c)))
                tint = (250, 244, 230) if (r + c) % 2 == parity else (206, 190, 164)
                draw.rect(surface, tint, square, border_radius=view.cell // 6)
        draw_dominoes(surface, view, self.SIZE, verdict.pairing, GOLD)
        hole = tuple(round(v) for v in view.center_of(self.hole))
        draw.circle(surface, theme.INK, hole, round(view.cell * 0.3))
        draw.circle(surface, theme.WHITE, hole, round(view.cell * 0.3), 3)
        for cell in verdict.alone:
            view.draw_glow(surface, [cell], theme.BAD, 0.0, 5)
        for k, key in enumerate(self.labels):
            value = self.rows if k == 0 else self.cols
            corner.label(surface, tr(key, n=value), (24 + k * 310 + 147, 679), 24, theme.INK, "bold", "center", 150)
        panel = pygame.Rect(rect.x + 640, rect.y, rect.width - 640, 100)
        ui.draw_panel(surface, panel, theme.PANEL, 22, 8)
        key = "lewthwaite.science.board.first" if verdict.winner == 1 else "lewthwaite.science.board.second"
        corner.paragraph(
            surface,
            tr(key),
            panel.inflate(-48, -36),
            32,
            theme.RED if verdict.winner == 1 else theme.BLUE,
            "title",
            "center",
            1.1,
        )
        explain = tr(
            f"lewthwaite.science.board.{verdict.reason}",
            squares=verdict.light + verdict.dark,
            dominoes=len(verdict.pairing),
            light=verdict.light,
            dark=verdict.dark,
        )
        corner.explain(surface, pygame.Rect(panel.x, rect.y + 116, panel.width, 300), explain, 26)
        tap = pygame.Rect(panel.x, rect.y + 440, panel.width, 60)
        corner.paragraph(surface, tr("lewthwaite.science.board.tap"), tap, 21, theme.INK_SOFT, align="center")
        self.draw_buttons(surface)

    def summary(self) -> dict[str, Any]:
        """The board and the verdict shown."""
        verdict = self.verdict
        return {
            "rows": self.rows,
            "cols": self.cols,
            "hole": list(self.hole),
            "winner": verdict.winner,
            "reason": verdict.reason,
            "dominoes": len(verdict.pairing),
            "first_move": None if verdict.first_move is None else list(verdict.first_move),
        }


# --- the puzzles -----------------------------------------------------------------------------------------


QUESTIONS = ("moves", "first", "moved", "hidden")


def draw_hand(surface: Target, center: tuple[float, float], size: float) -> None:
    """A hand laid flat over a token (drawn, so it scales): palm, four fingers and a thumb."""
    skin, shade = (244, 196, 160), (204, 150, 116)
    x, y = center
    palm = pygame.Rect(0, 0, size * 0.74, size * 0.62)
    palm.center = (round(x), round(y + size * 0.12))
    for k in range(4):
        finger = pygame.Rect(0, 0, size * 0.17, size * 0.5)
        finger.midbottom = (round(palm.left + size * (0.1 + 0.18 * k)), round(palm.top + size * 0.2))
        finger.y -= round(size * (0.05 if k in (1, 2) else 0.0))
        draw.rect(surface, shade, finger.move(0, 2), border_radius=finger.width // 2)
        draw.rect(surface, skin, finger, border_radius=finger.width // 2)
    thumb = pygame.Rect(0, 0, size * 0.42, size * 0.18)
    thumb.midright = (palm.left + round(size * 0.12), palm.centery + round(size * 0.08))
    draw.rect(surface, shade, thumb.move(0, 2), border_radius=thumb.height // 2)
    draw.rect(surface, skin, thumb, border_radius=thumb.height // 2)
    draw.rect(surface, shade, palm.move(0, 3), border_radius=round(size * 0.2))
    draw.rect(surface, skin, palm, border_radius=round(size * 0.2))


class PuzzlePage(CornerPage):
    """The article's puzzles: four questions about a board reached by random play."""

    title = "lewthwaite.science.puzzle.tab"

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.view = BoardView(5, 5, (314, 428), 440)
        self.answered: dict[str, bool] = {}
        self.marked: set[Cell] = set()
        self.choice_buttons: list[ui.Button] = []
        self.next_button = ui.Button(
            pygame.Rect(1006, 650, 250, 54),
            "lewthwaite.science.puzzle.next",
            self.next_question,
            color=theme.GOOD,
            size=22,
        )
        self.verify_button = ui.Button(
            pygame.Rect(680, 650, 300, 54), "lewthwaite.science.puzzle.check", self.check_moved, color=ACCENT, size=22
        )
        self.puzzles = 0
        self.new_puzzle()

    # --- flow --------------------------------------------------------------------------------

    def new_puzzle(self) -> None:
        """A new board from a new seed."""
        self.puzzle: Puzzle = make_puzzle(self.app.rng.getrandbits(31))
        self.question = 0
        self.answered = {}
        self.marked = set()
        self.puzzles += 1
        self._build_choices()

    @property
    def key(self) -> str:
        """The question on screen (``"done"`` after the last one)."""
        return QUESTIONS[self.question] if self.question < len(QUESTIONS) else "done"

    @property
    def revealed(self) -> bool:
        """True once the question on screen has been answered (its reasoning is shown)."""
        return self.key in self.answered

    def _options(self) -> list[tuple[str, object]]:
        puzzle = self.puzzle
        if self.key == "moves":
            picks = move_count_choices(puzzle.moves_played, puzzle.seed, max_game_length(puzzle.state.params))
            return [(str(v), v) for v in picks]
        if self.key in ("first", "hidden"):
            return [(colour_name(RED, True), RED), (colour_name(BLUE, True), BLUE)]
        return []

    def _build_choices(self) -> None:
        options = self._options()
        width = 132 if len(options) > 2 else 280
        left = 680
        self.choice_buttons = [
            ui.Button(
                pygame.Rect(left + k * (width + 16), 560, width, 66),
                label,
                partial(self.answer, value),
                color=theme.player_colors(value)[0] if isinstance(value, str) else (90, 110, 170),
                literal=True,
                size=30,
            )
            for k, (label, value) in enumerate(options)
        ]

    def answer(self, value: object) -> None:
        """Check a tapped answer and reveal the reasoning."""
        if self.revealed:
            return
        puzzle = self.puzzle
        right = {"moves": puzzle.moves_played, "first": puzzle.first_player, "hidden": puzzle.hidden_colour}[self.key]
        self.answered[self.key] = value == right
        self.app.effects.publish(Sound("win" if value == right else "blocked"))

    def check_moved(self) -> None:
        """Check the tokens the visitor marked as moved."""
        if self.key == "moved" and not self.revealed:
            right = set(self.puzzle.moved_cells)
            self.answered["moved"] = self.marked == right
            self.app.effects.publish(Sound("win" if self.marked == right else "blocked"))

    def next_question(self) -> None:
        """The next question, or a new puzzle after the last one."""
        if self.key == "done":
            self.new_puzzle()
        elif self.revealed:
            self.question += 1
            self._build_choices()
        self.app.effects.publish(Sound("click"))

    @property
    def active_buttons(self) -> list[ui.Button]:
        """The buttons that can be tapped now."""
        buttons: list[ui.Button] = []
        if not self.revealed and self.key != "done":
            buttons += self.choice_buttons if self.key != "moved" else [self.verify_button]
        if self.revealed or self.key == "done":
            buttons.append(self.next_button)
        return buttons

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Choice buttons; in the "moved" question, taps on tokens mark them."""
        if ui.handle_buttons(self.active_buttons, event):
            return True
        if self.key == "moved" and not self.revealed and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            cell = self.view.cell_at(event.pos)
            if cell is not None and cell != self.puzzle.state.hole:
                self.marked ^= {cell}
                self.app.effects.publish(Sound("click"))
                return True
        return False

    # --- drawing -----------------------------------------------------------------------------

    def look(self) -> Hashable:
        """Nothing on the page moves: it changes with the puzzle, the question, the answers, the
        marks and its buttons (those of the question on screen)."""
        return (language(), theme.colour_blind(), self.puzzles, self.question, tuple(sorted(self.answered.items())),
                tuple(sorted(self.marked)), tuple(button.look() for button in self.active_buttons))

    def draw(self, surface: Target, rect: pygame.Rect) -> None:
        """The board (with the hand, or the tinted squares once a reasoning is shown), the
        situation, the question and its reasoning."""
        corner = self.corner
        puzzle = self.puzzle
        view = self.view
        # The squares' colours and the moved tokens are answers: shown with a question's reasoning
        # only, never while the next question is asked ("which tokens have moved?").
        tinted = self.revealed or self.key == "done"
        view.draw_board(surface, tinted)
        if tinted:
            for cell in puzzle.cells:
                square = pygame.Rect(0, 0, view.cell - 8, view.cell - 8)
                square.center = tuple(round(v) for v in view.center_of(cell))
                light = theme.player_colors(puzzle.square_colour(cell))[2]
                draw.rect(surface, ui.blend(light, theme.WHITE, 0.35), square, border_radius=view.cell // 6)
        self._draw_tokens(surface, view)
        situation = (
            tr("lewthwaite.science.puzzle.won", winner=colour_name(puzzle.winner or RED))
            if puzzle.finished
            else tr("lewthwaite.science.puzzle.turn", player=tr(f"lewthwaite.illegal.of.{puzzle.to_move}"))
        )
        corner.paragraph(surface, situation, pygame.Rect(rect.x, rect.y + 4, 580, 36), 24, theme.INK, "bold", "center")
        panel = pygame.Rect(rect.x + 640, rect.y, rect.width - 640, 392)
        ui.draw_panel(surface, panel, theme.PANEL, 22, 8)
        x, w = panel.x + 28, panel.width - 56
        if self.key != "done":
            step = tr("lewthwaite.science.puzzle.step", k=self.question + 1, n=len(QUESTIONS))
            corner.label(surface, step, (x, panel.y + 18), 20, theme.INK_SOFT, "bold", "topleft", w)
        if self.key == "done":
            score = sum(self.answered.values())
            corner.paragraph(
                surface,
                counted("lewthwaite.science.puzzle.score", score, k=score, n=len(QUESTIONS)),
                pygame.Rect(x, panel.y + 56, w, 120),
                32,
                theme.INK,
                "title",
            )
            corner.paragraph(surface, tr("lewthwaite.science.puzzle.key"), pygame.Rect(x, panel.y + 180, w, 190), 23)
        else:
            question = tr(f"lewthwaite.science.puzzle.q.{self.key}")
            corner.paragraph(surface, question, pygame.Rect(x, panel.y + 50, w, 80), 28, theme.INK, "title")
            if self.revealed:
                good = self.answered[self.key]
                verdict = tr("lewthwaite.science.puzzle.right" if good else "lewthwaite.science.puzzle.wrong")
                corner.label(
                    surface, verdict, (x, panel.y + 138), 26, theme.GOOD if good else theme.BAD, "title", "topleft", w
                )
                corner.paragraph(surface, self.reasoning(), pygame.Rect(x, panel.y + 180, w, 200), 23)
            else:
                hint = tr(f"lewthwaite.science.puzzle.hint.{self.key}")
                corner.paragraph(surface, hint, pygame.Rect(x, panel.y + 150, w, 200), 23, theme.INK_SOFT)
        self.next_button.label = (
            "lewthwaite.science.puzzle.new" if self.key == "done" else "lewthwaite.science.puzzle.next"
        )
        for button in self.active_buttons:
            corner.check_button(button)
            button.draw(surface, self.time)

    def _draw_tokens(self, surface: Target, view: BoardView) -> None:
        """Tokens in the puzzle's colours (maybe swapped), the hand, and the marks."""
        from games.lewthwaite.view import token_sprite

        puzzle = self.puzzle
        size = int(view.cell * 0.78)
        show_hidden = "hidden" in self.answered
        for cell in puzzle.cells:
            colour = puzzle.colour_at(cell)
            if colour is None or (cell == puzzle.hidden and not show_hidden):
                continue
            sprite = token_sprite(colour, size)
            x, y = view.center_of(cell)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y + 1))))
        for cell, ring in self.rings().items():
            x, y = round(view.center_of(cell)[0]), round(view.center_of(cell)[1])
            if ring in ("moved", "found"):  # every token that moved is ringed in green
                draw.circle(surface, theme.GOOD, (x, y), round(view.cell * 0.44), 5)
            if ring == "found":  # ...and the visitor's right taps keep a green dot
                draw.circle(surface, theme.GOOD, (x, y), round(view.cell * 0.12))
            elif ring == "wrong":  # a tap on a token that never moved: a red ring, crossed
                draw.circle(surface, theme.BAD, (x, y), round(view.cell * 0.44), 5)
                arm = round(view.cell * 0.22)
                for ink, width in ((theme.WHITE, 13), (theme.INK, 7)):  # seen on a red token too
                    draw.line(surface, ink, (x - arm, y - arm), (x + arm, y + arm), width)
                    draw.line(surface, ink, (x - arm, y + arm), (x + arm, y - arm), width)
            elif ring == "marked":  # the visitor's taps, before the answer: a thick ring and a dot
                draw.circle(surface, theme.HINT, (x, y), round(view.cell * 0.49), 9)
                draw.circle(surface, theme.HINT, (x, y), round(view.cell * 0.1))
        if not show_hidden:
            draw_hand(surface, view.center_of(puzzle.hidden), view.cell * 1.05)

    def rings(self) -> dict[Cell, str]:
        """The rings on the board: the tokens that moved (``"moved"``, ringed in green), only with
        a reasoning that speaks of them; the visitor's taps (``"marked"``) while they answer. Once
        their answer is checked, every moved token stays ringed in green, a right tap is
        ``"found"`` (a green ring and dot) and a tap on a token that never moved ``"wrong"`` (a red
        ring, crossed): the reasoning's "the N tokens ringed in green" is what the board shows."""
        rings: dict[Cell, str] = {}
        answer = (self.revealed and self.key in ("moves", "moved")) or self.key == "done"
        moved = set(self.puzzle.moved_cells)
        if answer:
            rings.update(dict.fromkeys(self.puzzle.moved_cells, "moved"))
        checked = "moved" in self.answered
        for cell in sorted(self.marked):
            if not checked:
                rings[cell] = "marked"
            elif answer:
                rings[cell] = "found" if cell in moved else "wrong"
        return rings

    def reasoning(self) -> str:
        """The article's reasoning for the question on screen, with this board's numbers."""
        puzzle = self.puzzle
        if self.key == "moved":
            why = tr("lewthwaite.science.puzzle.why.moved", n=puzzle.moves_played)
            found, wrong = self.marked & set(puzzle.moved_cells), self.marked - set(puzzle.moved_cells)
            if wrong or len(found) < puzzle.moves_played:
                parts = [why] + [tr(key) for key, some in (("lewthwaite.science.puzzle.marks.found", found),
                                                           ("lewthwaite.science.puzzle.marks.wrong", wrong)) if some]
                return " ".join(parts)
            return why
        if self.key == "moves":
            return tr(f"lewthwaite.science.puzzle.why.{self.key}", n=puzzle.moves_played)
        if self.key == "first":
            first = puzzle.first_player
            return tr(
                "lewthwaite.science.puzzle.why.first",
                colour=tr(f"lewthwaite.science.adj.{first}"),
                player=colour_name(first),
            )
        counts = puzzle.visible_counts()
        return tr(
            "lewthwaite.science.puzzle.why.hidden",
            red=counts[RED],
            blue=counts[BLUE],
            colour=tr(f"lewthwaite.science.adj.{puzzle.hidden_colour}"),
        )

    def summary(self) -> dict[str, Any]:
        """The puzzle on screen and the visitor's answers."""
        return {"question": self.key, "answered": dict(self.answered), "puzzle": self.puzzle.answers()}


# --- entry point ---------------------------------------------------------------------------------------


PAGES = (RandomGamesPage, DominoProofPage, AnyBoardPage, PuzzlePage)


def make_science_scene(app: Host, start: int = 0) -> ScienceScene:
    """The corner, reached from the menu card ("Les maths du jeu")."""
    return ScienceScene(app, "lewthwaite", ACCENT, PAGES, start)
