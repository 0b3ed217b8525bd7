"""Lightning's science corner: the distance to victory written on every square while two
computer players play (one only builds, the other also blocks), and the history card of Harry
A. Doty's 1892 game with what in our tile set is reconstructed.

The numbers come from :func:`games.lightning.maths.cell_distances` (the computer players' own
distance fields); the game is played by :func:`games.lightning.maths.iter_demo_game` in the
background, one tile at a time, and replayed slowly enough to follow.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Hashable, Iterator
from functools import partial
from typing import Any

import pygame

from games.effects import Sound
from games.lightning.maths import DemoStep, cell_distances, iter_demo_game
from games.lightning.rules import COLS, COPIES_PER_DESIGN, HALF_ROWS, Cell, LightningState, new_game, powered_cells
from games.lightning.tiles import DESIGNS, Tile
from games.lightning.view import GOLD, HALF_COLORS, INK, NIGHT, PLAYER_COLORS, draw_tile, tile_image
from kiosk import draw, theme, ui
from kiosk.canvas import Target, blit, new_layer, scale_of
from kiosk.host import Host
from kiosk.i18n import counted, language, tr
from kiosk.science import QUIET, CornerPage, Part, Progressive, ScienceScene

ACCENT = (98, 84, 190)
#: Who plays in the demonstration: red only builds, blue builds and blocks.
LEVELS = ("builder", "strong")
Distances = dict[Cell, int | None]


def demo_frames(seed: int) -> Iterator[tuple[LightningState, DemoStep | None, Distances, Distances]]:
    """The demonstration game, one frame per tile laid, with both halves' numbers (computed
    here, off the frame loop): the empty board first."""
    state = new_game(random.Random(seed))
    yield state, None, cell_distances(state, 1), cell_distances(state, 2)
    for step in iter_demo_game(seed, LEVELS, time_budget=0.1):
        yield step.state, step, cell_distances(step.state, 1), cell_distances(step.state, 2)


class BoardLayout:
    """The board turned a quarter turn like the game screen: red's start row at the far left,
    blue's at the far right, the centre line in the middle."""

    def __init__(self, rect: pygame.Rect, half_rows: int = HALF_ROWS, cols: int = COLS) -> None:
        self.half_rows, self.cols = half_rows, cols
        self.gap = 12
        rows = 2 * half_rows
        self.cell = min((rect.width - self.gap) // rows, rect.height // cols)
        width, height = rows * self.cell + self.gap, cols * self.cell
        self.left, self.top = rect.centerx - width // 2, rect.centery - height // 2
        self.rect = pygame.Rect(self.left, self.top, width, height)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The square of ``cell`` on screen."""
        k = 2 * self.half_rows - 1 - cell[0]
        x = self.left + k * self.cell + (self.gap if cell[0] < self.half_rows else 0)
        return pygame.Rect(x, self.top + cell[1] * self.cell, self.cell, self.cell)


class DistancePage(CornerPage):
    """A game replayed tile by tile, each empty square showing the fewest tiles its owner still
    needs through it; the smallest numbers (the best routes) glow."""

    title = "lightning.science.distance.tab"
    STEP_SECONDS = 1.8
    END_SECONDS = 6.0
    BOARD = pygame.Rect(24, 150, 1232, 300)

    def __init__(self, corner: ScienceScene) -> None:
        super().__init__(corner)
        self.layout = BoardLayout(self.BOARD)
        self.playing = True
        self.play_button = ui.Button(
            pygame.Rect(784, 654, 130, 52), "lightning.science.distance.pause", self.toggle, color=ACCENT, size=20
        )
        self.buttons = [
            self.play_button,
            ui.Button(pygame.Rect(924, 654, 126, 52), "lightning.science.distance.step", self.step_once, QUIET,
                      size=20),
            self.again_button(pygame.Rect(1060, 654, 196, 52), "lightning.science.distance.new", self.new_game,
                              QUIET, 20),
        ]
        self.game: Progressive | None = None
        self.games = 0
        self._layer: tuple[tuple[int, int, float], Any] | None = None
        # The next position's layer being painted ahead (its key, the layer, the cells left), the
        # layer last shown (painted over for the next), and the screen the page is drawn on.
        self._ahead: tuple[tuple[int, int, float], Any, Iterator[None]] | None = None
        self._spare: Any = None
        self._like: weakref.ref[Target] | None = None
        self._ahead_done = False
        self._frames = 0
        self._parts: tuple[Hashable, list[Part]] | None = None

    def on_show(self) -> None:
        """The first game starts when the tab is first opened."""
        if self.game is None:
            self.new_game()

    def new_game(self) -> None:
        """Another game (a new shuffle), computed in the background."""
        if self.game is not None:
            self.game.cancel()
        seed = self.app.rng.getrandbits(31)
        self.game = Progressive(lambda: demo_frames(seed))
        self.index = 0
        self.clock = 0.0
        self.games += 1
        self.game.start(threaded=not self.app.headless)

    def toggle(self) -> None:
        """Pause or go on."""
        self.playing = not self.playing
        self.app.effects.publish(Sound("click"))

    def step_once(self) -> None:
        """One tile further (and pause)."""
        self.playing = False
        self._advance()

    def _advance(self) -> bool:
        if self.game is None:
            return False
        if self.index + 1 < len(self.game.items):
            self.index += 1
            self.clock = 0.0
            step = self.game.items[self.index][1]
            self.app.effects.publish(Sound("blocked" if step is not None and step.blocked_by else "slide"))
            return True
        return False

    @property
    def at_end(self) -> bool:
        """The last tile of a finished game is on screen."""
        return self.game is not None and self.game.finished and self.index == len(self.game.items) - 1

    def update(self, dt: float) -> None:
        """A tile every ``STEP_SECONDS``; a pause at the end, then another game."""
        super().update(dt)
        self.paint_ahead()
        if not self.playing or not self.ready():
            return  # the first tile's time counts from the first position shown
        self.clock += dt
        if self.at_end:
            if self.clock >= self.END_SECONDS:
                self.new_game()
        elif self.clock >= self.STEP_SECONDS and (self._ahead_done or self.clock >= self.STEP_SECONDS + self.LATE):
            self._advance()

    # --- drawing -------------------------------------------------------------------------------

    def ready(self) -> bool:
        """The position to show is computed and, a game's first, its board's layer painted
        (ahead over a few frames, as the next tile's is, while the page shows the last game's
        end or says it is computing: painted at once, its frame took 11-29 ms at 1080p)."""
        if self.game is None or not self.game.items:
            return False
        key = (self.games, self.index)
        if self.index:  # a tile further: painted ahead, or at once for "one tile" (a tap)
            return True
        if self._layer is not None and self._layer[0][:2] == key:
            return True
        return self._ahead is not None and self._ahead[0][:2] == key and self._ahead_done

    def still(self) -> Hashable:
        """The cards' frames and names, the story's card, the explanation, the board's captions,
        the buttons ("Pause"/"Lecture"); or "computing" until the first position is there."""
        self.play_button.label = (
            "lightning.science.distance.pause" if self.playing else "lightning.science.distance.play"
        )
        return language()

    def draw_still(self, surface: Target, rect: pygame.Rect) -> None:
        """All but the board's layer and the words that change with each tile (or "computing"
        before the first position: a part too, so that the still layer is drawn once)."""
        corner = self.corner
        self._like = weakref.ref(surface)  # the board's layers are made like it (painted ahead)
        layout = self.layout
        seam = layout.left + layout.half_rows * layout.cell + layout.gap // 2
        for player, x in ((1, layout.left), (2, layout.rect.right)):
            ui.draw_text(
                surface,
                tr("lightning.start"),
                (x, layout.rect.bottom + 14),
                18,
                PLAYER_COLORS[player],
                "bold",
                "midtop",
            )
        ui.draw_text(surface, tr("lightning.arrival"), (seam, layout.rect.bottom + 14), 18, NIGHT, "bold", "midtop")
        for k, player in enumerate((1, 2)):
            card = self._card(rect, k)
            ui.draw_panel(surface, card, theme.PANEL, 20, 6)
            draw.rect(
                surface,
                PLAYER_COLORS[player],
                (card.x, card.y, 10, card.height),
                border_top_left_radius=20,
                border_bottom_left_radius=20,
            )
            name = tr(f"lightning.science.distance.role.{player}")
            corner.label(surface, name, (card.x + 26, card.y + 12), 20, PLAYER_COLORS[player], "title", "topleft",
                         card.width - 44)
        ui.draw_panel(surface, self._story(rect), theme.PANEL, 20, 6)
        corner.explain(
            surface,
            pygame.Rect(rect.x + 760, rect.y + 338, rect.width - 760, 156),
            tr("lightning.science.distance.explain"),
            20,
        )
        self.draw_buttons(surface)

    @staticmethod
    def _card(rect: pygame.Rect, k: int) -> pygame.Rect:
        """Player ``k + 1``'s card."""
        return pygame.Rect(rect.x + k * 374, rect.y + 338, 360, 104)

    @staticmethod
    def _story(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x, rect.y + 456, 734, 106)

    def parts(self, rect: pygame.Rect) -> list[Part]:
        """With each tile: the board (its layer of numbers, painted ahead), each player's
        distance, the story."""
        if not self.ready():
            # The last position shown stays while the next game's first one is painted ahead;
            # before any, "computing".
            return self._parts[1] if self._parts is not None else [
                Part("computing", self.BOARD, language(), self._computing)]
        assert self.game is not None
        # Kept while the tile shown is the same (asked twice a frame; a distance is a search).
        key = (language(), self.games, self.index, tuple(rect))
        if self._parts is not None and self._parts[0] == key:
            return self._parts[1]
        state, step, _red, _blue = self.game.items[self.index]
        # The layer's native pixels may reach a pixel past its logical frame: a margin of one.
        parts = [Part("board", self.layout.rect.inflate(22, 22), (self.games, self.index),
                      partial(self._draw_board, position=(self.games, self.index), state=state, step=step))]
        for k, player in enumerate((1, 2)):
            distance = state.distance(player)
            if state.winner == player:
                text = tr("lightning.science.distance.connected")
            elif distance is None:
                text = tr("lightning.science.distance.blocked")
            elif distance == 1:
                text = tr("lightning.science.distance.needs.one")
            else:
                text = tr("lightning.science.distance.needs", n=distance)
            card = self._card(rect, k)
            words = pygame.Rect(card.x + 26, card.y + 46, card.width - 44, 58)
            parts.append(Part(("distance", player), card, text, partial(self._words, text=text, rect=words)))
        story = self._story(rect)
        told = self.story(state, step)
        parts.append(Part("story", story, told, partial(self._words, text=told, rect=story.inflate(-48, -28))))
        self._parts = (key, parts)
        return parts

    def _words(self, surface: Target, text: str, rect: pygame.Rect) -> None:
        self.corner.paragraph(surface, text, rect, 22, theme.INK, "bold")

    def _computing(self, surface: Target) -> None:
        # The board's layers are made like the screen, which this part may be the first to see
        # (the still part drawn ahead, on a scratch layer now gone: kiosk/prepare.py).
        self._like = weakref.ref(surface)
        self.corner.label(surface, tr("lightning.science.distance.computing"), self.BOARD.center, 28, theme.INK_SOFT,
                          "bold", "center", self.BOARD.width)

    def _draw_board(self, surface: Target, position: tuple[int, int], state: LightningState,
                    step: DemoStep | None) -> None:
        """The board's layer of ``position`` (game, index: painted ahead, only swapped in
        here), the centre line, and a ring on the last tile."""
        layout = self.layout
        frame = layout.rect.inflate(20, 20)
        key = (*position, scale_of(surface))
        self._like = weakref.ref(surface)
        if self._layer is None or self._layer[0] != key:
            ahead = self._ahead if self._ahead is not None and self._ahead[0] == key else self._start(surface, key)
            for _cell in ahead[2]:  # the cells not painted ahead yet
                pass
            if self._layer is not None:
                self._spare = self._layer[1]
            self._layer, self._ahead = (key, ahead[1]), None
        blit(surface, self._layer[1], frame.topleft)
        seam = layout.left + layout.half_rows * layout.cell + layout.gap // 2
        draw.line(surface, GOLD, (seam, layout.top - 8), (seam, layout.rect.bottom + 8), 3)
        if step is not None:
            ring = layout.cell_rect(step.cell).inflate(4, 4)
            color = theme.BAD if step.blocked_by else theme.HINT
            draw.rect(surface, color, ring, 3, border_radius=6)

    #: Cells of the next position's layer painted every third frame, ahead of its tile (272 cells:
    #: about 100 frames of the 108 between two tiles, two frames in three left alone; painted at
    #: once, the tile's frame took 11-17 ms), and at every frame once the tile is due (its
    #: position was computed late): the tile waits for its layer, ``LATE`` seconds at most.
    CELLS_A_FRAME = 8
    CELLS_WHEN_DUE = 24
    LATE = 0.5

    def _start(self, like: Target, key: tuple[int, int, float]) -> tuple[tuple[int, int, float], Any, Iterator[None]]:
        """The layer of position ``key[1]`` of game ``key[0]``, to be painted cell by cell (on the
        spare layer of the same size when there is one: no new surface's page faults)."""
        assert self.game is not None
        frame = self.layout.rect.inflate(20, 20)
        spare, self._spare = self._spare, None
        if spare is None or scale_of(spare) != key[2]:
            spare = new_layer(like, frame.size, alpha=True)
        else:
            spare.fill((0, 0, 0, 0))
        state, _step, red, blue = self.game.items[key[1]]
        cells = self._paint_board(spare, BoardLayout(self.BOARD.move(-frame.x, -frame.y)), state, {1: red, 2: blue})
        return key, spare, cells

    def paint_ahead(self) -> None:
        """A few cells of the next position's layer (its tile is laid in a moment), or of the
        position to show when it has no layer yet (a game's first: the page waits for it)."""
        like = self._like() if self._like is not None else None
        if like is None or self.game is None:
            return
        shown = self._layer is not None and self._layer[0][:2] == (self.games, self.index)
        index = self.index + 1 if shown else self.index
        if index >= len(self.game.items):
            return
        key = (self.games, index, scale_of(like))
        if self._ahead is None or self._ahead[0] != key:
            self._ahead, self._ahead_done = self._start(like, key), False
        self._frames += 1
        due = self.clock >= self.STEP_SECONDS or not shown
        if not due and self._frames % 3:
            return
        cells = self.CELLS_WHEN_DUE if due else self.CELLS_A_FRAME
        painted = sum(1 for _ in zip(range(cells), self._ahead[2], strict=False))  # no cell past ``cells``
        self._ahead_done = painted < cells

    @staticmethod
    def _paint_board(layer: Any, layout: BoardLayout, state: LightningState, numbers: dict[int, Distances]
                     ) -> Iterator[None]:
        """The board with its tiles and numbers, painted once per position shown, one cell at
        each step (cells do not overlap: painted in steps or at once, the same pixels)."""
        geo = state.geo
        draw.rect(layer, (20, 18, 44), layout.rect.inflate(20, 20), border_radius=16)
        size = layout.cell
        powered = {p: powered_cells(geo, state.board, p) for p in (1, 2)}
        for player in (1, 2):
            values = numbers[player]
            reachable = [v for v in values.values() if v is not None]
            best = min(reachable) if reachable else None
            _gap, slot, _start = HALF_COLORS[player]
            for cell, value in values.items():
                r = layout.cell_rect(cell).inflate(-3, -3)
                on_best = best is not None and value == best
                draw.rect(layer, ui.blend(slot, GOLD, 0.42) if on_best else slot, r, border_radius=5)
                tile = state.tile_at(cell)
                if tile is not None:
                    owner = geo.owner(cell)
                    stroke = PLAYER_COLORS[owner] if cell in powered[owner] else INK
                    layer.blit(tile_image(tile, stroke, size - 4), (r.x - 1, r.y - 1))
                elif value is None:
                    ui.draw_text(layer, "×", r.center, round(size * 0.5), (150, 140, 190), "bold", "center")
                else:
                    ink = NIGHT if on_best else (236, 232, 255)
                    ui.draw_text(layer, str(value), r.center, round(size * 0.46), ink, "title", "center")
                yield

    def story(self, state: LightningState, step: DemoStep | None) -> str:
        """What the last tile did, in words."""
        if step is None:
            return tr("lightning.science.distance.begin")
        mover = tr(f"lightning.player.{step.mover}")
        other = tr(f"lightning.player.{3 - step.mover}")
        if state.winner is not None:
            return tr("lightning.science.distance.won", player=tr(f"lightning.player.{state.winner}"))
        if step.blocked_by is not None:
            old, new = step.before[2 - step.mover], step.after[2 - step.mover]
            if new is None:
                return tr("lightning.science.distance.walled", player=mover, other=other)
            return tr("lightning.science.distance.block", player=mover, other=other, old=old, new=new)
        own_before, own_after = step.before[step.mover - 1], step.after[step.mover - 1]
        if own_after is not None and own_before is not None and own_after < own_before:
            return counted("lightning.science.distance.build", own_after, player=mover, n=own_after)
        return tr("lightning.science.distance.idle", player=mover)

    def summary(self) -> dict[str, Any]:
        """The tile shown, both distances and the numbers on screen."""
        if self.game is None or not self.game.items:
            return {"index": 0, "computed": 0}
        state, step, red, blue = self.game.items[self.index]
        return {
            "index": self.index,
            "computed": len(self.game.items),
            "finished": self.game.finished,
            "position": state.to_text(),
            "distances": [state.distance(1), state.distance(2)],
            "numbers": {
                "1": {f"{r},{c}": v for (r, c), v in red.items()},
                "2": {f"{r},{c}": v for (r, c), v in blue.items()},
            },
            "blocked_by": None if step is None else step.blocked_by,
            "games": self.games,
        }


# --- the history card ---------------------------------------------------------------------------


#: The dates on the history card's timeline (from the article), with their label keys.
TIMELINE = (
    (1892, "lightning.science.history.year.1892"),
    (1942, "lightning.science.history.year.1942"),
    (2001, "lightning.science.history.year.2001"),
    (2011, "lightning.science.history.year.2011"),
)


class HistoryPage(CornerPage):
    """Harry A. Doty's 1892 game: what the article tells, and what in our tile set is rebuilt."""

    title = "lightning.science.history.tab"

    def look(self) -> Hashable:
        """The page changes when the designs turn, every 1.5 s."""
        return (language(), int(self.time / 1.5))

    def draw(self, surface: Target, rect: pygame.Rect) -> None:
        """Facts and a timeline on the left; what is rebuilt and the five designs on the right."""
        corner = self.corner
        squares = 2 * HALF_ROWS * COLS
        tiles = len(DESIGNS) * COPIES_PER_DESIGN
        known = pygame.Rect(rect.x, rect.y, 600, 562)
        text = tr(
            "lightning.science.history.known",
            squares=squares,
            rows=HALF_ROWS,
            cols=COLS,
            tiles=tiles,
            designs=len(DESIGNS),
            copies=COPIES_PER_DESIGN,
        )
        corner.explain(surface, known, text, 23, tr("lightning.science.history.known.title"))
        self._draw_timeline(surface, pygame.Rect(known.x + 50, known.bottom - 150, known.width - 90, 130))
        rebuilt = pygame.Rect(rect.x + 624, rect.y, rect.width - 624, 300)
        corner.explain(
            surface, rebuilt, tr("lightning.science.history.rebuilt"), 23, tr("lightning.science.history.rebuilt.title")
        )
        shelf = pygame.Rect(rect.x + 624, rect.y + 316, rect.width - 624, 246)
        ui.draw_panel(surface, shelf, theme.PANEL, 22, 8)
        size = 100
        step = (shelf.width - 40) / len(DESIGNS)
        for k, design in enumerate(DESIGNS):
            cx = shelf.x + 20 + step * (k + 0.5)
            tile_rect = pygame.Rect(0, 0, size, size)
            tile_rect.center = (round(cx), shelf.y + 34 + size // 2)
            turn = int(self.time / 1.5 + k) % 4
            draw_tile(surface, tile_rect, Tile(design, turn % (2 if design in "ID" else 4)), INK, board_turn=0)
            name = tr(f"lightning.design.{design}")
            box = pygame.Rect(round(cx - step / 2 + 3), tile_rect.bottom + 16, round(step) - 6, 52)
            corner.paragraph(surface, name, box, 20, theme.INK, "bold", "center", 1.2)
            count = tr("lightning.science.history.copies", n=COPIES_PER_DESIGN)
            corner.label(surface, count, (cx, box.bottom + 4), 18, theme.INK_SOFT, "text", "midtop", round(step) - 6)

    def _draw_timeline(self, surface: Target, rect: pygame.Rect) -> None:
        """The article's dates on a line, placed in proportion to the years, labels alternately
        above and below so that close dates stay readable."""
        corner = self.corner
        first, last = TIMELINE[0][0], TIMELINE[-1][0]
        y = rect.centery
        draw.line(surface, ACCENT, (rect.x, y), (rect.right, y), 5)
        for k, (year, key) in enumerate(TIMELINE):
            x = rect.x + rect.width * (year - first) / (last - first)
            draw.circle(surface, ACCENT, (round(x), y), 11)
            draw.circle(surface, theme.WHITE, (round(x), y), 5)
            side = "left" if year == first else "right" if year == last else ""
            ax = x - 11 if side == "left" else x + 11 if side == "right" else x
            above = k % 2 == 0
            year_at, label_at = (y - 62, y - 36) if above else (y + 16, y + 42)
            anchor = f"top{side}" if side else "midtop"
            corner.label(surface, str(year), (ax, year_at), 22, theme.INK, "title", anchor, 140)
            corner.label(surface, tr(key), (ax, label_at), 18, theme.INK_SOFT, "bold", anchor, 130)

    def summary(self) -> dict[str, Any]:
        """The figures on the card."""
        return {"squares": 2 * HALF_ROWS * COLS, "tiles": len(DESIGNS) * COPIES_PER_DESIGN, "designs": list(DESIGNS)}


PAGES = (DistancePage, HistoryPage)


def make_science_scene(app: Host, start: int = 0) -> ScienceScene:
    """The corner, reached from the menu card ("Les maths du jeu")."""
    return ScienceScene(app, "lightning", ACCENT, PAGES, start)
