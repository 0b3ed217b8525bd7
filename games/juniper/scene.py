"""Juniper Green on screen: number tiles, the chain of played numbers, hints and the explainer.

The game flow (turns, the computer thinking off the frame loop, hints, undo, the end screen,
the lights, who plays) lives in :class:`kiosk.game_scene.GameScene`; this scene draws the tiles
and the chain, and the explainer's pictures.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import pygame

from games.budget import MB, ByteCache, budgeted
from games.core import IllegalMoveError, Outcome
from games.effects import Sound
from games.juniper.ai import DEFAULT_LEVEL, Hint
from games.juniper.maths import GRAPH_MAX_N, matching_proof
from games.juniper.rules import DEFAULT_N, JuniperParams, JuniperState, deadly_primes
from games.juniper.view import (
    ACCENT,
    ACCENT_DARK,
    PLAYER_COLORS,
    draw_arrow,
    draw_graph,
    draw_pairs,
    explainer_params,
    fourteen_example,
    layer_words,
)
from games.match import Match, Seat
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target, blit, copy_rect, make_layer, native_sprite, new_layer, pixel_bytes
from kiosk.game_scene import GameScene, Tool
from kiosk.i18n import language, tr
from kiosk.overlays import RulesPage
from kiosk.seats import Choice
from kiosk.tween import Timeline, Tween, ease_out_back, ease_out_cubic

if TYPE_CHECKING:
    from kiosk.host import Host

PLAYER_LIGHT = {1: theme.RED_LIGHT, 2: theme.BLUE_LIGHT}
USED_TILE = (226, 220, 208)
BOARD_AREA = pygame.Rect(24, 100, 836, 512)
SIDE = pygame.Rect(884, 100, 372, 512)
N_CHOICES = (6, 8, 10, 12, 15, 20, 30, 50, 100)
#: Seconds Monte-Carlo imagines games for each move: a move feels instant.
MONTECARLO_BUDGET = 0.15
#: The attract mode's duels, in turn (player 1, player 2).
DEMO_DUELS = (("expert", "montecarlo"), ("perfect", "expert"), ("semi-expert", "human"), ("montecarlo", "perfect"))


def icon_cross(surface: Target, r: pygame.Rect, c: tuple[int, int, int]) -> None:
    """A bold X (closing, or "not allowed"), drawn so that no font needs the glyph."""
    w = max(3, r.width // 6)
    inner = r.inflate(-r.width * 0.3, -r.height * 0.3)
    draw.line(surface, c, inner.topleft, inner.bottomright, w)
    draw.line(surface, c, inner.bottomleft, inner.topright, w)


def layout_tiles(n: int, area: pygame.Rect = BOARD_AREA) -> dict[int, pygame.Rect]:
    """Square tiles for 1..n filling ``area`` as much as possible, row by row."""
    best_cols, best_size = 1, 0.0
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        size = min(area.width / cols, area.height / rows)
        if size > best_size:
            best_cols, best_size = cols, size
    cols, rows = best_cols, math.ceil(n / best_cols)
    step = int(best_size)
    gap = max(4, step // 12)
    left = area.left + (area.width - cols * step) // 2
    top = area.top + (area.height - rows * step) // 2
    return {
        k: pygame.Rect(
            left + ((k - 1) % cols) * step + gap // 2,
            top + ((k - 1) // cols) * step + gap // 2,
            step - gap,
            step - gap,
        )
        for k in range(1, n + 1)
    }


def draw_tile(
    surface: Target,
    rect: pygame.Rect,
    number: int,
    fill: tuple[int, int, int],
    ink: tuple[int, int, int] = theme.INK,
    border: tuple[int, int, int] | None = None,
) -> None:
    """One number tile: a rounded square with a soft base and the number in the title font
    (rendered once per look and cached: a board of 100 tiles costs 100 blits a frame)."""
    surface.blit(_tile_image(rect.size, number, fill, ink, border), rect.topleft)


def draw_glowing_tile(
    surface: Target,
    rect: pygame.Rect,
    number: int,
    fill: tuple[int, int, int],
    ink: tuple[int, int, int],
    border: tuple[int, int, int] | None,
) -> None:
    """:func:`draw_tile`'s pixels for a tile whose fill glows: its face (shared by every number
    at that glow level, :func:`_tile_face`) and its number drawn over it where the tile's image
    would lie. A tile image per number and glow level was 13 images a glowing tile (a 20-tile
    board cycled ~25 MB through its 8 MB cache, a new image at most frames); the faces of a
    board's glow fit in a few MB. The board draws its tiles at rest so too (played, greyed). A
    plain surface, or a tile the clip cuts (a subsurface ignores the clip), is drawn as
    :func:`draw_tile` does."""
    if not isinstance(surface, Canvas):
        draw_tile(surface, rect, number, fill, ink, border)
        return
    scale, (ox, oy) = surface.scale, surface.offset
    face = _tile_face(rect.size, fill, border, scale)
    logical = (rect.width, rect.height + _tile_base(rect.height))
    width, height = face.get_size()
    # Where Canvas.blit places a native sprite: centred on the stretched image's place.
    at = (round(ox + (rect.x + logical[0] / 2) * scale - width / 2),
          round(oy + (rect.y + logical[1] / 2) * scale - height / 2))
    box = pygame.Rect(at, (width, height))
    target = surface.target
    if not target.get_clip().contains(box):
        draw_tile(surface, rect, number, fill, ink, border)
        return
    target.blit(face, at)
    # The number on a canvas at the tile's corner: the same native pixels as in the tile's image.
    _draw_number(Canvas(target.subsurface(box), logical, scale, (0, 0)), rect.size, number, ink)


def _tile_base(height: int) -> int:
    """The height of a tile's soft base under it."""
    return max(2, height // 22)


def _draw_face(image: Target, size: tuple[int, int], fill: tuple[int, int, int],
               border: tuple[int, int, int] | None) -> None:
    w, h = size
    rect = pygame.Rect(0, 0, w, h)
    radius = max(6, w // 5)
    draw.rect(image, ui.darker(fill, 0.18), rect.move(0, _tile_base(h)), border_radius=radius)
    draw.rect(image, fill, rect, border_radius=radius)
    if border is not None:
        draw.rect(image, border, rect, width=max(3, w // 22), border_radius=radius)


def _draw_number(image: Target, size: tuple[int, int], number: int, ink: tuple[int, int, int]) -> None:
    w, h = size
    text_size = max(14, int(h * (0.5 if number < 100 else 0.4)))
    ui.draw_text(image, str(number), (w // 2, h // 2), text_size, ink, "title", "center")


@budgeted(8 * MB, scope='juniper')
@native_sprite
def _tile_image(
    size: tuple[int, int],
    number: int,
    fill: tuple[int, int, int],
    ink: tuple[int, int, int],
    border: tuple[int, int, int] | None,
    scale: float = 1.0,
) -> Canvas:
    w, h = size
    image = make_layer((w, h + _tile_base(h)), scale, alpha=True)
    _draw_face(image, size, fill, border)
    _draw_number(image, size, number, ink)
    return image


#: A board's glow at 1080p: 13 levels for the player to move and 13 for the hint, 31 kB to 0.49 MB
#: a face (N = 100 to N = 6): 16 MB hold the largest tiles' whole cycle (12.8 MB; N = 20: 3.2 MB).
@budgeted(16 * MB, scope='juniper', sizer=pixel_bytes)
def _tile_face(size: tuple[int, int], fill: tuple[int, int, int], border: tuple[int, int, int] | None,
               scale: float) -> pygame.Surface:
    """A tile without its number, at ``scale`` (native pixels, as :func:`_tile_image` draws it)."""
    image = make_layer((size[0], size[1] + _tile_base(size[1])), scale, alpha=True)
    _draw_face(image, size, fill, border)
    return image.target


CHAIN_STRIP = pygame.Rect(24, 630, 1232, 74)

#: The chain strip as it shows (paper, panel and chain), drawn ahead for each move from the
#: position on screen (:meth:`JuniperScene._render_words`): a move's frame painted the strip
#: again (0.22-0.35 ms, up to 1.4). 0.8 MB a strip at 1080p: a position's moves and the chain
#: on screen fit.
_STRIPS = ByteCache("games.juniper.scene.strips", 24 * MB, scope="juniper", sizer=pixel_bytes)


def _strip_origin(surface: Target) -> tuple[int, int] | None:
    """Where a chain strip drawn apart for ``surface`` starts (native pixels, even, at or
    before the strip's corner), or None when it would not give the same pixels: its scale must
    be exact in binary (1, 1.5, 2, 3) and the shift even (positions round half to even, so a
    strip moved by an odd pixel rounds its halves the other way: 945 at 1.5)."""
    if not isinstance(surface, Canvas) or surface.scale * 8 != int(surface.scale * 8) or \
            surface.offset != (int(surface.offset[0]), int(surface.offset[1])):
        return None
    box = surface.to_native_rect(CHAIN_STRIP)
    return box.x - box.x % 2, box.y - box.y % 2


#: The height of the bands the chain's arrows are blended in (native pixels): taller bands
#: blend more transparent pixels, lower ones cost more blits (a blit's call ~3 us).
PATH_BAND = 32


def arrow_bands(segments: list[tuple[float, float, float, float]], reach: float, band: int,
                size: tuple[int, int]) -> list[pygame.Rect]:
    """Disjoint rectangles inside ``size`` covering every point within ``reach`` of the
    ``segments`` (x0, y0, x1, y1): in horizontal bands ``band`` high, each segment's x extent
    within the band (widened by ``reach``), overlapping extents merged. Disjoint, so that a
    see-through layer blended in them puts each pixel once, as one blend of the whole does."""
    width, height = size
    spans: dict[int, list[tuple[int, int]]] = {}
    for x0, y0, x1, y1 in segments:
        top, bottom = min(y0, y1) - reach, max(y0, y1) + reach
        for row in range(max(0, int(top // band)), min((height - 1) // band, int(bottom // band)) + 1):
            low, high = row * band - reach, (row + 1) * band + reach  # the segment's part near the band
            if y0 == y1:
                t0, t1 = 0.0, 1.0
            else:
                t0, t1 = sorted(((low - y0) / (y1 - y0), (high - y0) / (y1 - y0)))
                t0, t1 = max(0.0, t0), min(1.0, t1)
                if t0 > t1:
                    continue
            xa, xb = x0 + (x1 - x0) * t0, x0 + (x1 - x0) * t1
            left, right = max(0, math.floor(min(xa, xb) - reach)), min(width, math.ceil(max(xa, xb) + reach))
            if left < right:
                spans.setdefault(row, []).append((left, right))
    rects: list[pygame.Rect] = []
    for row, extents in sorted(spans.items()):
        top, bottom = row * band, min(height, (row + 1) * band)
        extents.sort()
        start, end = extents[0]
        for left, right in extents[1:]:
            if left > end:
                rects.append(pygame.Rect(start, top, end - start, bottom - top))
                start = left
            end = max(end, right)
        rects.append(pygame.Rect(start, top, end - start, bottom - top))
    return rects


def _tile_box(rect: pygame.Rect) -> pygame.Rect:
    """A tile at rest with its soft base, and a margin for the native pixels' rounding."""
    return pygame.Rect(rect.x, rect.y, rect.width, rect.height + _tile_base(rect.height)).inflate(4, 4)

#: Where the title and the rule are written, and the side card's words (down to the toolbar).
HEADER = pygame.Rect(0, 0, 1280, BOARD_AREA.top)
SIDE_WORDS = pygame.Rect(SIDE.x, SIDE.y, SIDE.width, 349)
#: The side card's bands: whose turn, the sentence under it (down to the counter), the counter
#: of replies and the score (the hint arriving changes only the sentence).
SIDE_BANDS = (pygame.Rect(SIDE.x, SIDE.y, SIDE.width, 56), pygame.Rect(SIDE.x, SIDE.y + 56, SIDE.width, 144),
              pygame.Rect(SIDE.x, SIDE.y + 200, SIDE.width, 149))


@budgeted(13 * MB, scope='juniper')
@native_sprite
def _static_layer(size: tuple[int, int], scale: float = 1.0) -> Canvas:
    """Paper, the side card and the chain strip: drawn once, one blit a frame."""
    layer = make_layer(size, scale).convert()
    layer.blit(ui.background(size), (0, 0))
    ui.draw_panel(layer, pygame.Rect(SIDE.x, SIDE.y, SIDE.width, 312), theme.PANEL, 24, 10)
    ui.draw_panel(layer, CHAIN_STRIP, theme.PANEL, 22, 6)
    return layer


def chain_layout(count: int, width: int) -> tuple[int, int, int]:
    """How the chain strip shows ``count`` numbers in ``width`` pixels: ``(step, size, hidden)``.
    The tiles shrink until all fit; a very long chain keeps its first two numbers (the opening
    matters), then "…", then the latest ones, and ``hidden`` says how many are left out."""
    step = min(86, width // max(1, count))
    if step >= 34:
        return step, min(52, step - 8), 0
    step = 34
    fits = width // step
    return step, step - 6, count - fits + 1  # one slot for the "…"


class JuniperScene(GameScene):
    """A game of Juniper Green: hot-seat, against any computer player, or computers between them."""

    game = "juniper"
    accent = ACCENT
    toolbar_area = pygame.Rect(884, 450, 372, 176)
    toolbar_columns = 2
    toolbar_text_size = 22
    computer_delay = 0.9
    #: A move greys and lights a dozen tiles, scattered: each painted again under its clip costs
    #: 0.05-0.1 ms, the layer drawn whole 1.4 ms (1080p).
    most_patches = 24
    #: A move's or a pop's frame drawn whole blits the still layer and blends the chain over the
    #: board (pops after ten moves: 2.2 ms a frame, in part up to 80 % of the screen 1.8 ms).
    partial_share = 0.8
    message_anchor = (442, 612)
    message_width = 780

    def __init__(self, app: Host, match: Match[JuniperState, int], *, attract: bool = False) -> None:
        super().__init__(app, match, attract=attract)
        self.timeline = Timeline()
        self.hovered: int | None = None
        self.shake: dict[int, Tween] = {}
        self.pops: dict[int, Tween] = {}
        self.arrow_tween: Tween | None = None
        self.typed = ""
        self.duel = 0
        self._path_layer: tuple[tuple[object, ...], Target, tuple[int, int]] | None = None
        self._tiles: tuple[int, dict[int, pygame.Rect]] | None = None
        self._boxes: tuple[dict[int, pygame.Rect], dict[int, pygame.Rect]] | None = None
        #: The scale of the screen last drawn (words are rendered ahead at it), and the key of
        #: the job rendering them (:meth:`_words_ahead`).
        self._scale: float | None = None
        self._words: Hashable | None = None
        #: Set once the last job started has rendered its words (tests wait for it).
        self.words_done = threading.Event()
        self._still_shape: Canvas | None = None
        #: Where the chain's layer is blended (:meth:`_path_bands`), for the chain and board.
        self._bands: tuple[Hashable, list[pygame.Rect]] | None = None

    @property
    def tiles(self) -> dict[int, pygame.Rect]:
        """The tile of each number 1..N on screen."""
        n = self.state.n
        if self._tiles is None or self._tiles[0] != n:
            self._tiles = (n, layout_tiles(n))
        return self._tiles[1]

    def _tile_boxes(self) -> dict[int, pygame.Rect]:
        """Each tile's box at rest (:func:`_tile_box`), worked out once for the layout."""
        tiles = self.tiles
        if self._boxes is None or self._boxes[0] is not tiles:
            self._boxes = (tiles, {k: _tile_box(rect) for k, rect in tiles.items()})
        return self._boxes[1]

    # --- the flow's hooks ------------------------------------------------------------------------

    def tools(self) -> list[Tool]:
        """Hint and "Pourquoi ?" on top, then undo, restart, players and home."""
        t = self.standard_tools()
        why = Tool("juniper.button.why", self.show_rules, ui.icon_book, ACCENT, name="rules")
        return [t["hint"], why, t["undo"], t["restart"], t["players"], t["home"]]

    def setup_choices(self) -> list[Choice]:
        """How many numbers: small is easier."""
        return [Choice("n", "juniper.setup.numbers", [(n, str(n)) for n in N_CHOICES], self.state.n)]

    def new_start(self, extras: dict[str, Any]) -> JuniperState:
        """A new game on 1..N."""
        return JuniperParams(int(extras.get("n", self.state.n))).new_initial_state()

    def on_move(self, before: JuniperState, move: int, after: JuniperState) -> None:
        """The tile pops, the chain's arrow grows."""
        self.pops[move] = self.timeline.add(Tween(0.6, 1.0, 0.35, ease_out_back))
        self.arrow_tween = self.timeline.add(Tween(0.0, 1.0, 0.35, ease_out_cubic)) if before.played else None
        mover = self.match.seats[before.current_player]
        self.app.effects.publish(Sound("slide" if mover.is_computer else "click"))

    def on_reset(self) -> None:
        """Undo or a new game: no animation in flight."""
        self.timeline.clear()
        self.pops.clear()
        self.shake.clear()
        self.arrow_tween = None
        self.typed = ""

    def reject(self, move: int, error: IllegalMoveError) -> None:
        """The tile shakes and the side card says why."""
        if move in self.tiles:
            self.shake[move] = self.timeline.add(Tween(0.0, 1.0, 0.4))
        super().reject(move, error)

    def explain_illegal(self, move: int, error: IllegalMoveError) -> str | None:
        """Why that number is not allowed (the rules' reason, else from the position)."""
        known = super().explain_illegal(move, error)
        if known:
            return known
        state = self.state
        if move in state.played:
            return tr("juniper.illegal.used", move=move)
        if state.last is None:
            return tr("juniper.illegal.odd", move=move)
        return tr("juniper.illegal.neither", move=move, last=state.last)

    def restart(self) -> None:
        """A new game; the attract mode shows another duel each time."""
        if self.attract:
            self.duel += 1
            first, second = DEMO_DUELS[self.duel % len(DEMO_DUELS)]
            self.match.set_seat(1, Seat.computer(first))
            self.match.set_seat(2, Seat.computer(second))
        super().restart()

    def player_name(self, player: int) -> str:
        """Red plays first."""
        return tr(f"juniper.who.player{player}")

    def end_reason(self, outcome: Outcome) -> str:
        """Who is stuck, after which number."""
        return self.sentence("blocked", 3 - (outcome.winner or 1), last=self.state.last)

    def rules_pages(self) -> list[RulesPage]:
        """The article's ideas, one illustrated page each, for the N on screen."""
        return explainer_pages(self.state.n)

    def summary(self) -> dict[str, Any]:
        """N, the chain, the replies left and the hint."""
        state = self.state
        advice = self.hint()
        return {
            "n": state.n,
            "played": list(state.played),
            "legal": state.legal_moves(),
            "replies": len(state.legal_moves()),
            "hint_move": None if advice is None else advice.move,
        }

    # --- input and time ----------------------------------------------------------------------------

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        """The number whose tile is under ``pos``."""
        for k, rect in self.tiles.items():
            if rect.collidepoint(pos):
                return k
        return None

    def handle_board(self, event: pygame.event.Event) -> bool:
        """A tap on a tile plays it; digits type a number (Enter plays it, or it is played as
        soon as no longer number can start with those digits)."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.tile_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            number = self.tile_at(event.pos)
            if number is not None:
                self.play(number)
                return True
        elif event.type == pygame.KEYDOWN:
            return self._type(event.key)
        return False

    def taps_for(self, move: int) -> list[tuple[int, int]]:
        """The number's tile."""
        return [self.tiles[move].center]

    def _type(self, key: int) -> bool:
        if pygame.K_0 <= key <= pygame.K_9 or pygame.K_KP0 <= key <= pygame.K_KP9:
            digit = key - pygame.K_0 if key <= pygame.K_9 else key - pygame.K_KP0
            self.typed = (self.typed + str(digit)).lstrip("0")
            if self.typed and int(self.typed) * 10 > self.state.n:
                self._play_typed()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._play_typed()
        elif key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
        else:
            return False
        return True

    def _play_typed(self) -> None:
        typed, self.typed = self.typed, ""
        if typed:
            self.play(int(typed))

    def update(self, dt: float) -> None:
        """Tile animations, then the shared flow; the words of the next moves rendered ahead."""
        self.timeline.update(dt)
        for table in (self.shake, self.pops):
            for k in [k for k, t in table.items() if t.done]:
                del table[k]
        super().update(dt)
        self._words_ahead()

    def words_key(self) -> Hashable | None:
        """The key of the job rendering the present position's next words (:meth:`_words_ahead`),
        None when none is wanted (no screen drawn yet, a real table, attract mode)."""
        if self._scale is None or self.table is not None or self.attract or self.match.is_over():
            return None
        return ("juniper.words", self.match.version, self.hint_on, self._scale)

    def words_started(self) -> bool:
        """Whether the job rendering the present position's next words has started (tests
        then wait for :attr:`words_done`)."""
        return self._words is not None and self._words == self.words_key()

    def _words_ahead(self) -> None:
        """Start rendering, off the frame loop, the words each legal move will show (the side
        card, the chain strip, the tiles' numbers in their new inks) once the last move's
        animation is over: a move's frame rendered them on the frame thread, twice (logical and
        native size: 0.45 ms); and forget the job once it is done (never waiting for it: the
        frame only draws)."""
        key, scale = self.words_key(), self._scale
        thinker = self.match.thinker
        # One job at a time, ours to follow: the match forgets its jobs at each change (the
        # thread runs on), and two jobs rendering at once made the same words twice.
        if self._words is not None and self._words != key and self.words_done.is_set():
            thinker.poll(self._words)  # done: forgotten (a job the match dropped is gone already)
            self._words = None
        if key is None or scale is None or self._words is not None:
            return
        if self.timeline.busy or self.pops:
            # Not while a move pops in: a thread started waits for its first turn of the
            # interpreter lock (the move's frame waited 6 ms of wall time for it), and its
            # drawing competes with the pop's frames; at rest a frame has time to spare.
            return
        self._words = key
        state, hint_on, done = self.state, self.hint_on, threading.Event()
        self.words_done = done

        def render() -> None:
            try:
                self._render_words(state, hint_on, scale)
            finally:
                done.set()

        thinker.start(key, render)

    def _render_words(self, state: JuniperState, hint_on: bool, scale: float) -> None:
        """Render the words of each move from ``state`` at ``scale`` into the text caches, on
        a canvas of one pixel of its own (drawing there is clipped away: only the renders stay)."""
        canvas = Canvas(pygame.Surface((1, 1)), (1280, 720), scale, (0, 0))
        still = self._still_shape
        tiles = self.tiles
        # The strips of as many moves as half the strips' budget holds (14 at 1080p, 3 at 4K;
        # after a 1 at N = 100, 98 moves would only push each other out).
        strips = 0
        if still is not None and still.scale == scale:
            box = still.to_native_rect(CHAIN_STRIP)
            strips = _STRIPS.budget // (2 * 4 * (box.width + 2) * (box.height + 2))
        for index, move in enumerate(state.legal_moves()):
            after = state.play(move)
            if still is not None and index < strips:
                self._draw_strip(still, after.played)
            self._draw_side(canvas, after, self._message_for(after, None, hint_on, None, False))
            self._draw_chain(canvas, after.played)
            legal = set(after.legal_moves())
            # The tiles whose look changes: the one played, the last one, the replies before and after.
            for k in {move, *legal, *state.legal_moves(), *([] if state.last is None else [state.last])}:
                if k in tiles:
                    _draw_number(canvas, tiles[k].size, k, self._tile_colors(k, legal, None, after)[1])

    def still_look(self) -> Hashable | None:
        """Tiles popping, shaking or the chain's last arrow growing move; a hovered tile lifts."""
        if self.timeline.busy or self.pops or self.shake:
            return None
        return (self.hovered,)

    # --- words -------------------------------------------------------------------------------------

    def who(self, player: int) -> str:
        """How sentences name ``player``: ``"you"``, ``"computer"``, ``"level"`` (computer against
        computer) or ``"colour"`` (hot-seat)."""
        seats = self.match.seats
        if seats[player].is_computer:
            return "level" if seats[3 - player].is_computer else "computer"
        return "you" if self.match.against_computer else "colour"

    def sentence(self, situation: str, player: int, **params: object) -> str:
        """The sentence ``juniper.<situation>.<who>`` about ``player`` (French needs one per person)."""
        kind = self.who(player)
        seat = self.match.seats[player]
        name = tr(f"juniper.level.{seat.level}") if seat.is_computer else self.player_name(player)
        return tr(f"juniper.{situation}.{kind}", who=name, **params)

    def replies_text(self, count: int, player: int) -> str:
        """ "3 nombres possibles pour toi", with the plural right for 0, 1 and more."""
        form = "none" if count == 0 else "one" if count == 1 else "many"
        return self.sentence(f"replies.{form}", player, count=count)

    # --- drawing -------------------------------------------------------------------------------

    def still_key(self) -> Hashable | None:
        """Unless a tile shakes: the numbers played, the hint, the hovered tile, the words, the
        score, and the tiles popping beside the last one played (a move's pop and the chain's
        arrow growing are in the live part: a move's frames draw the still layer once)."""
        if self.shake or self.table is not None:
            return None
        advice = self.hint()
        popping = tuple(sorted(k for k in self.pops if k != self.state.last))
        return (self.match.version, self.state.played, None if advice is None else advice.move, self.hovered,
                self.person_to_move(), self._side_message(), repr(self.match.seats), self.score_line(), popping)

    def draw_still(self, surface: Target) -> None:
        """Everything but the live tiles (:meth:`_live_tile`) and the chain's arrows over them;
        under a clip (a part painted again, :meth:`still_parts`) only what crosses it."""
        clip = surface.get_clip()
        if isinstance(surface, Canvas):
            self._scale = surface.scale
            # The still layer's shape (no pixels: a canvas of one pixel), for strips drawn ahead.
            if self._still_shape is None or (self._still_shape.get_size(), self._still_shape.scale,
                                             self._still_shape.offset) != (surface.get_size(), surface.scale,
                                                                           surface.offset):
                self._still_shape = Canvas(pygame.Surface((1, 1)), surface.get_size(), surface.scale,
                                           surface.offset)
        surface.blit(_static_layer(surface.get_size()), (0, 0))
        if clip.colliderect(HEADER):
            self._draw_title(surface)
        self._draw_board(surface, live=False, within=clip)
        if clip.colliderect(SIDE_WORDS):
            self._draw_side(surface)
        if clip.colliderect(CHAIN_STRIP):
            origin = _strip_origin(surface)
            strip = _STRIPS.get(self._strip_key(surface, self.state.played)) \
                if isinstance(surface, Canvas) and origin is not None else None
            if isinstance(surface, Canvas) and origin is not None and strip is not None:
                # Drawn ahead: the same pixels, the strip's only (the clip holds).
                box = surface.to_native_rect(CHAIN_STRIP)
                copy_rect(surface.target, strip, box.topleft, box.move(-origin[0], -origin[1]))
            else:
                self._draw_chain(surface)

    def _strip_key(self, surface: Canvas, played: tuple[int, ...]) -> Hashable:
        """The key of the strip of the chain ``played`` drawn for ``surface`` (:data:`_STRIPS`)."""
        return (played, surface.get_size(), surface.scale, surface.offset, language())

    def _draw_strip(self, surface: Canvas, played: tuple[int, ...]) -> None:
        """Draw ahead, off the frame loop, the chain strip of ``played`` as it shows on
        ``surface`` (:data:`_STRIPS`), on a surface of its own: the paper and the panel of the
        still layer under it, then the chain."""
        origin = _strip_origin(surface)
        key = self._strip_key(surface, played)
        if origin is None or key in _STRIPS:
            return
        box = surface.to_native_rect(CHAIN_STRIP)
        image = pygame.Surface((box.right - origin[0], box.bottom - origin[1]))
        ox, oy = surface.offset
        strip = Canvas(image, surface.get_size(), surface.scale, (ox - origin[0], oy - origin[1]))
        strip.blit(_static_layer(surface.get_size()), (0, 0))
        self._draw_chain(strip, played)
        _STRIPS.put(key, image)

    def still_parts(self) -> list[tuple[pygame.Rect, Hashable]] | None:
        """The title's rule (N), each tile (its colours, or nothing when it is live), the side
        card's words and the chain strip: a move paints again its few tiles, the side card and
        the chain, not the whole layer."""
        state = self.state
        legal = set(state.legal_moves())
        advice = self.hint()
        hint = advice.move if advice is not None else None
        parts: list[tuple[pygame.Rect, Hashable]] = [(HEADER, state.n), (CHAIN_STRIP, state.played)]
        parts.extend(zip(SIDE_BANDS, self._side_looks(), strict=True))
        for k, box in self._tile_boxes().items():
            look = None if self._live_tile(k, legal, hint) else self._tile_colors(k, legal, hint)
            parts.append((box, look))
        return parts

    def _side_looks(self) -> tuple[Hashable, Hashable, Hashable]:
        """What :meth:`_draw_side` draws in each of its bands (:data:`SIDE_BANDS`) depends on."""
        state = self.state
        outcome = state.outcome()
        player = state.current_player
        title = self.sentence("win", outcome.winner or 1) if outcome is not None else self.sentence("turn", player)
        count = len(state.legal_moves())
        label = self.replies_text(count, player) if outcome is None else tr("juniper.replies.over")
        return (outcome is None, player, title), self._side_message(), (count, label, self.score_line())

    def draw_live(self, surface: Target) -> None:
        """The live tiles (the replies and the hint glowing, the last number played, a tile
        popping), then the arrows over every tile."""
        self._draw_board(surface, still=False)

    def live_look(self) -> Hashable | None:
        """At rest the glowing tiles change with their glow's level (13 of them) and the tile
        hovered: between two levels the frame is the last one. A tile popping or the chain's
        arrow growing changes at every frame (None)."""
        if self.timeline.busy or self.pops:
            return None
        return (round(6 + 6 * math.sin(self.time * 5)), self.hovered)

    def _live_tile(self, k: int, legal: set[int], hint: int | None) -> bool:
        """Whether tile ``k`` is drawn in the live part: a reply or the hint (glowing), the last
        number played or a tile popping (it grows when played)."""
        state = self.state
        return k == hint or (k in legal and k not in state.played) or k == state.last or k in self.pops

    def live_areas(self) -> list[pygame.Rect] | None:
        """The live tiles (a hovered one lifted, a popping one at its largest, their soft base
        under them) and the chain's arrows between the numbers played."""
        state = self.state
        legal = set(state.legal_moves())
        advice = self.hint()
        hint = advice.move if advice is not None else None
        # A pop overshoots to 1.04 times the tile (ease_out_back from 0.6): a tenth is room enough.
        # (Tighter boxes for the tiles at rest made each frame of a pop cost 0.7 -> 1.2 ms: kept.)
        areas = [rect.inflate(8 + rect.width // 10, 24 + rect.height // 10) for k, rect in self.tiles.items()
                 if self._live_tile(k, legal, hint)]
        if len(state.played) >= 2:
            # Each arrow between its two tiles, or all of them in one box when that is smaller.
            played = [self.tiles[k] for k in state.played]
            arrows = [a.union(b).inflate(24, 24) for a, b in zip(played, played[1:], strict=False)]
            span = played[0].unionall(played[1:]).inflate(24, 24)
            if sum(r.width * r.height for r in arrows) < span.width * span.height:
                areas.extend(arrows)
            else:
                areas.append(span)
        return areas

    def _draw_header(self, surface: Target) -> None:
        surface.blit(_static_layer(surface.get_size()), (0, 0))
        self._draw_title(surface)

    def _draw_title(self, surface: Target) -> None:
        ui.draw_text(surface, tr("juniper.title"), (24, 50), 46, ACCENT_DARK, "title", "midleft")
        rule = tr("juniper.rule.short", n=self.state.n)
        ui.draw_fitted_text(surface, rule, pygame.Rect(430, 30, 826, 44), 24, theme.INK_SOFT, "text", "right")

    def draw_game(self, surface: Target) -> None:
        """Title, the tiles with the chain, the side panel and the chain strip."""
        self._draw_header(surface)
        self._draw_board(surface)
        self._draw_side(surface)
        self._draw_chain(surface)

    def _tile_colors(
        self, k: int, legal: set[int], hint: int | None, state: JuniperState | None = None
    ) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int] | None]:
        state = self.state if state is None else state
        if k in state.played:
            mover = 1 if state.played.index(k) % 2 == 0 else 2
            if k == state.last:
                return PLAYER_COLORS[mover], theme.WHITE, None
            return (
                ui.blend(USED_TILE, PLAYER_LIGHT[mover], 0.35),
                ui.blend(theme.INK_SOFT, USED_TILE, 0.35),
                None,
            )
        # Quantized so that glowing tiles reuse a dozen cached images instead of a new one a frame.
        glow = round(6 + 6 * math.sin(self.time * 5)) / 12
        if k == hint:
            return ui.blend(theme.HINT, theme.WHITE, 0.3 * glow), theme.INK, ui.darker(theme.HINT, 0.3)
        if k in legal:
            color = PLAYER_COLORS[state.current_player]
            return (
                ui.blend(theme.WHITE, PLAYER_LIGHT[state.current_player], 0.25 + 0.2 * glow),
                theme.INK,
                color,
            )
        return (246, 242, 234), ui.blend(theme.INK, (246, 242, 234), 0.45), None

    def _draw_board(self, surface: Target, still: bool = True, live: bool = True,
                    within: pygame.Rect | None = None) -> None:
        """The tiles, then the chain's arrows over them; only the ``still`` ones (played before
        the last one, out of reach) or only the ``live`` ones (:meth:`_live_tile`) and the
        arrows. No tile overlaps another (a pop grows a tile by 4 %, less than the gap between
        tiles), so the two parts drawn one over the other are the board drawn in one go. With
        ``within``, only the still tiles crossing it (a clip)."""
        state = self.state
        legal = set(state.legal_moves())
        advice = self.hint()
        hint = advice.move if advice is not None else None
        person = self.person_to_move()
        boxes = self._tile_boxes()
        for k, rect in self.tiles.items():
            if within is not None and not boxes[k].colliderect(within):
                continue  # first: a part painted again crosses one tile or a few
            if not (live if self._live_tile(k, legal, hint) else still):
                continue
            fill, ink, border = self._tile_colors(k, legal, hint)
            r = rect
            if k in self.pops:
                scale = self.pops[k].value
                r = rect.inflate(rect.width * (scale - 1), rect.height * (scale - 1))
            if k in self.shake:
                r = r.move(round(8 * math.sin(self.shake[k].elapsed * 60) * (1 - self.shake[k].progress)), 0)
            if k == self.hovered and k in legal and person:
                r = r.move(0, -4)
            # A face per look, shared by every number (a move's greyed and played tiles
            # made a new image per number, 0.2 ms each, in a cache the board's looks cycled).
            draw_glowing_tile(surface, r, k, fill, ink, border)
        if live:
            self._draw_path(surface)

    def _draw_path(self, surface: Target) -> None:
        played = self.state.played
        if len(played) < 2:
            return
        last_progress = round(self.arrow_tween.value, 2) if self.arrow_tween else 1.0
        key = (tuple(played), last_progress, surface.get_size())
        if self._path_layer is not None and self._path_layer[0] == key:
            self._blit_path(surface, self._path_layer[1], self._path_layer[2])
            return
        # The chain only changes when a number is played: draw it once into a layer and reuse it.
        tiles = self.tiles
        board, layer = self._chain_layer(surface)
        layer.fill((0, 0, 0, 0))
        self._path_layer = (key, layer, board.topleft)
        width = max(4, min(9, tiles[1].width // 14))
        for i in range(1, len(played)):
            a = (tiles[played[i - 1]].centerx - board.x, tiles[played[i - 1]].centery - board.y)
            b = (tiles[played[i]].centerx - board.x, tiles[played[i]].centery - board.y)
            mover = 1 if i % 2 == 0 else 2
            progress = last_progress if i == len(played) - 1 else 1.0
            alpha = 235 if i == len(played) - 1 else 150
            draw_arrow(layer, a, b, (*ui.darker(PLAYER_COLORS[mover], 0.1), alpha), width, progress,
                       shorten=tiles[1].width * 0.3)
        self._blit_path(surface, layer, board.topleft)

    def _path_bands(self, layer: Target, board: pygame.Rect) -> list[pygame.Rect]:
        """Where the chain's layer (on ``board``) holds its arrows, in its native pixels:
        disjoint rectangles (:func:`arrow_bands`) around each arrow at its full length, so
        that blending them puts every pixel of the arrows once and skips the transparent rest
        of the span (the whole span blended at each frame of a move cost 0.55-0.65 ms)."""
        tiles, played = self.tiles, self.state.played
        scale = layer.scale if isinstance(layer, Canvas) else 1.0
        width = max(4, min(9, tiles[1].width // 14))
        # draw_arrow's reach from its line: the head's half-width (0.6 of at most 6 + 2.6
        # widths), the line's half-width, and a pixel or two of rounding.
        reach = (max(0.6 * (6 + width * 2.6), width / 2) + 2) * scale + 2
        shorten = tiles[1].width * 0.3
        segments = []
        for a, b in zip(played, played[1:], strict=False):
            ax, ay = tiles[a].centerx - board.x, tiles[a].centery - board.y
            bx, by = tiles[b].centerx - board.x, tiles[b].centery - board.y
            length = math.hypot(bx - ax, by - ay)
            if length < 1:
                continue
            ux, uy = (bx - ax) / length, (by - ay) / length
            cut = min(shorten, length / 2)
            segments.append(((ax + ux * cut) * scale, (ay + uy * cut) * scale,
                             (bx - ux * cut) * scale, (by - uy * cut) * scale))
        return arrow_bands(segments, reach, PATH_BAND, layer.get_size() if not isinstance(layer, Canvas)
                           else layer.target.get_size())

    def _chain_layer(self, surface: Target) -> tuple[pygame.Rect, Target]:
        """The board's box and the chain's layer for ``surface``: the one kept when it is the
        same board (a new surface at each frame of the arrow growing cost its page faults, 2-5
        ms on a loaded machine), else a new one."""
        tiles = self.tiles
        board = tiles[1].unionall(list(tiles.values())).inflate(24, 24)
        old = self._path_layer
        if old is not None and old[0][2] == surface.get_size() and old[2] == board.topleft \
                and old[1].get_size() == board.size:
            return board, old[1]
        return board, new_layer(surface, board.size, alpha=True)

    def prepare(self, surface: Target) -> None:
        """The game's first frames drawn ahead (:meth:`GameScene.prepare`), and the chain's
        layer made and cleared: made in the frame of the chain's first arrow, its 4 MB at
        1080p cost that frame 1,000 page faults (main: 9.6-11.8 ms of CPU, the flow's worst)."""
        super().prepare(surface)
        if self.table is None and len(self.state.played) < 2:
            board, layer = self._chain_layer(surface)
            layer.fill((0, 0, 0, 0))
            self._path_layer = ((), -1.0, surface.get_size()), layer, board.topleft

    def _blit_path(self, surface: Target, layer: Target, corner: tuple[int, int]) -> None:
        """The chain's layer over the board, only where its arrows lie (:meth:`_path_bands`):
        the rest of the board's layer is transparent, and blending it cost a millisecond a
        frame while an arrow grows (the span of the numbers played: 0.55-0.65 ms)."""
        if not isinstance(surface, Canvas) or not isinstance(layer, Canvas):
            blit(surface, layer, corner)
            return
        board = pygame.Rect(corner, layer.get_size())
        key = (self.state.played, board, layer.target.get_size())
        if self._bands is None or self._bands[0] != key:
            self._bands = (key, self._path_bands(layer, board))
        at = surface.to_native(corner)
        # In native pixels: the layer's pixels land where a whole blit at ``corner`` puts them,
        # only in the bands around the arrows (one call for all of them).
        target = layer.target
        surface.target.blits([(target, (at[0] + area.x, at[1] + area.y), area) for area in self._bands[1]],
                             doreturn=False)

    def _draw_side(self, surface: Target, state: JuniperState | None = None, message: str | None = None) -> None:
        """The side card's words for ``state`` (the present one by default) and ``message``
        (:meth:`_side_message` by default)."""
        state = self.state if state is None else state
        x, y = SIDE.x + 22, SIDE.y + 18
        title_box = pygame.Rect(x + 44, y, SIDE.width - 88, 36)
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            winner = outcome.winner or 1
            ui.draw_fitted_text(surface, self.sentence("win", winner), pygame.Rect(x, y, SIDE.width - 44, 36), 28,
                                PLAYER_COLORS[winner], "title")
        else:
            player = state.current_player
            draw.circle(surface, PLAYER_COLORS[player], (x + 16, y + 18), 16)
            ui.draw_fitted_text(surface, self.sentence("turn", player), title_box, 28, PLAYER_COLORS[player], "title")
        y += 56
        message = self._side_message() if message is None else message
        ui.draw_paragraph(surface, message, pygame.Rect(x, y, SIDE.width - 44, 120), 22, theme.INK)
        # The counter of replies left to the player to move.
        count = len(state.legal_moves())
        box = pygame.Rect(x, SIDE.y + 200, SIDE.width - 44, 94)
        draw.rect(surface, ui.blend(theme.PANEL, ACCENT, 0.12), box, border_radius=18)
        ui.draw_text(surface, str(count), (box.x + 52, box.centery), 64, ACCENT_DARK, "title", "center")
        label = self.replies_text(count, state.current_player) if not state.is_terminal() else tr(
            "juniper.replies.over")
        ui.draw_paragraph(surface, label, pygame.Rect(box.x + 104, box.y + 16, box.width - 116, 76), 22, theme.INK)
        score = self.score_line()
        if score:
            ui.draw_fitted_text(surface, score, pygame.Rect(SIDE.x, SIDE.y + 316, SIDE.width, 30), 22,
                                theme.INK_SOFT, "bold", "center")

    def _side_message(self) -> str:
        return self._message_for(self.state, self.hint(), self.hint_on, self.hovered, self.person_to_move())

    def _message_for(self, state: JuniperState, advice: Hint | None, hint_on: bool, hovered: int | None,
                     person: bool) -> str:
        """The side card's sentence in ``state``, with that ``advice`` and tile ``hovered``."""
        if advice is not None:
            return tr(advice.key, move=advice.move)
        if hint_on and not state.is_terminal():
            return tr("juniper.hint.thinking")
        if state.is_terminal():
            return self.sentence("blocked", state.current_player, last=state.last)
        if hovered is not None and hovered in state.legal_moves() and person:
            replies = state.replies_after(hovered)
            key = "juniper.side.preview.none" if replies == 0 else (
                "juniper.side.preview.one" if replies == 1 else "juniper.side.preview")
            return tr(key, move=hovered, count=replies)
        if not state.played:
            return tr("juniper.side.start")
        return tr("juniper.side.follow", last=state.last)

    def _draw_chain(self, surface: Target, played: tuple[int, ...] | None = None) -> None:
        """The chain strip: the numbers ``played`` (the present chain by default) in order."""
        played = self.state.played if played is None else played
        strip = CHAIN_STRIP
        if not played:
            ui.draw_text(surface, tr("juniper.chain.empty"), strip.center, 24, theme.INK_SOFT, "text", "center")
            return
        label = ui.draw_text(surface, tr("juniper.chain.label"), (strip.x + 20, strip.centery), 22, theme.INK_SOFT,
                             "bold", "midleft")
        left = label.right + 16
        step, size, hidden = chain_layout(len(played), strip.right - 16 - left)
        shown = list(enumerate(played))
        if hidden:
            shown = shown[:2] + [(-1, 0)] + shown[2 + hidden:]
        x = left + step // 2
        previous: tuple[int, int] | None = None
        for slot, (index, k) in enumerate(shown):
            center = (x + slot * step, strip.centery)
            if index < 0:
                ui.draw_text(surface, "…", center, 30, theme.INK_SOFT, "bold", "center")
                previous = None
                continue
            mover = 1 if index % 2 == 0 else 2
            if previous is not None:
                draw_arrow(surface, previous, center, PLAYER_COLORS[mover], 4 if size > 30 else 3, 1.0, size / 2 + 2)
            draw.circle(surface, PLAYER_COLORS[mover], center, size // 2)
            font = max(12, round(size * (0.46 if k < 100 else 0.38)))
            ui.draw_text(surface, str(k), center, font, theme.WHITE, "title", "center")
            previous = center


# --- the explainer: the article's ideas as rules pages ---------------------------------------------


EXPLAINER_PAGES = ("rules", "one", "primes", "fourteen", "strata", "matching")


def _entrance(time: float) -> float:
    """0..1 over the page's first 0.3 s: pictures build up as the page opens."""
    return min(1.0, time / 0.3)


def _row(
    surface: Target,
    numbers: list[int],
    center: tuple[int, int],
    size: int,
    colors: list[tuple[int, int, int]],
    t: float,
    arrows: bool = True,
) -> list[pygame.Rect]:
    step = size + 34
    left = center[0] - (len(numbers) - 1) * step // 2
    rects = []
    for i in range(len(numbers)):
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (left + i * step, center[1])
        rects.append(rect)
    for i in range(1, len(rects)):
        progress = max(0.0, min(1.0, t * len(rects) - i + 0.5))
        if arrows and progress > 0:
            draw_arrow(
                surface,
                rects[i - 1].center,
                rects[i].center,
                ui.darker(colors[i], 0.1),
                6,
                progress,
                size / 2 + 4,
            )
    for i, (rect, k) in enumerate(zip(rects, numbers, strict=True)):
        appear = max(0.0, min(1.0, t * len(rects) - i + 1))
        if appear > 0:
            draw_tile(
                surface,
                rect.inflate(-size * (1 - appear) * 0.5, -size * (1 - appear) * 0.5),
                k,
                colors[i],
                theme.WHITE if colors[i] != theme.WHITE else theme.INK,
            )
    return rects

def _picture_rules(surface: Target, r: pygame.Rect, t: float, n: int) -> None:
    red, blue = PLAYER_COLORS[1], PLAYER_COLORS[2]
    _row(surface, [6, 3, 12, 4], (r.centerx, r.y + 90), 84, [red, blue, red, blue], t)
    ui.draw_paragraph(
        surface,
        tr("juniper.explain.rules.caption"),
        pygame.Rect(r.x, r.y + 170, r.width, 80),
        22,
        theme.INK_SOFT,
        align="center",
    )
    rects = _row(surface, [4, 9], (r.centerx, r.y + 300), 84, [red, theme.WHITE], t)
    if t > 0.6:
        cross = pygame.Rect(0, 0, 40, 40)
        cross.center = ((rects[0].right + rects[1].left) // 2, rects[0].centery - 46)
        icon_cross(surface, cross, theme.BAD)
    ui.draw_paragraph(
        surface,
        tr("juniper.explain.rules.wrong"),
        pygame.Rect(r.x, r.y + 370, r.width, 60),
        22,
        theme.BAD,
        align="center",
    )

def _picture_one(surface: Target, r: pygame.Rect, t: float, n: int) -> None:
    center = (r.centerx, r.centery + 10)
    one = pygame.Rect(0, 0, 110, 110)
    one.center = center
    others = [k for k in range(2, min(n, 20) + 1)]
    radius = 190
    for i, k in enumerate(others):
        angle = 2 * math.pi * i / len(others) - math.pi / 2
        pos = (center[0] + radius * math.cos(angle) * t, center[1] + radius * math.sin(angle) * t)
        draw_arrow(surface, center, pos, (*ACCENT,), 3, 1.0, 58)
        tile = pygame.Rect(0, 0, 46, 46)
        tile.center = (round(pos[0]), round(pos[1]))
        draw_tile(surface, tile, k, theme.WHITE, theme.INK, ACCENT)
    draw_tile(surface, one, 1, theme.BAD, theme.WHITE)

def _picture_primes(surface: Target, r: pygame.Rect, t: float, n: int) -> None:
    primes = deadly_primes(n)[:6]
    one = pygame.Rect(0, 0, 96, 96)
    one.center = (r.centerx, r.y + 80)
    count = max(1, len(primes))
    for i, p in enumerate(primes):
        rect = pygame.Rect(0, 0, 80, 80)
        rect.center = (r.x + (i + 0.5) * r.width / count, r.y + 300)
        draw_arrow(surface, one.center, rect.center, PLAYER_COLORS[2], 5, t, 52)
        draw_tile(surface, rect, p, PLAYER_COLORS[2], theme.WHITE)
        if t > 0.8:
            cross = pygame.Rect(0, 0, 30, 30)
            cross.center = (rect.centerx, rect.bottom + 30)
            icon_cross(surface, cross, theme.BAD)
    draw_tile(surface, one, 1, PLAYER_COLORS[1], theme.WHITE)
    ui.draw_paragraph(
        surface,
        tr("juniper.explain.primes.caption", n=n, half=n // 2),
        pygame.Rect(r.x, r.bottom - 50, r.width, 60),
        22,
        theme.INK_SOFT,
        align="center",
    )

def _picture_fourteen(surface: Target, r: pygame.Rect, t: float, n: int) -> None:
    # The article's "14 loses" (N = 20), for the N on screen: 2p, then p, then 1, then a big prime.
    red, blue = PLAYER_COLORS[1], PLAYER_COLORS[2]
    p = explainer_params("fourteen", n)
    example = fourteen_example(n)[1]
    _row(surface, [example.move, example.prime, 1, example.blocker], (r.centerx, r.y + 120), 90,
         [red, blue, red, blue], t)
    labels = [
        "juniper.explain.fourteen.step1",
        "juniper.explain.fourteen.step2",
        "juniper.explain.fourteen.step3",
    ]
    for i, key in enumerate(labels):
        if t * 3 > i:
            ui.draw_paragraph(
                surface,
                tr(key, **p),
                pygame.Rect(r.x + 20, r.y + 220 + i * 70, r.width - 40, 70),
                22,
                theme.INK,
                align="center",
            )

def _picture_strata(surface: Target, r: pygame.Rect, t: float, n: int) -> None:
    # The article's layers P0 (green), P1 (blue), P2 (orange), computed for the N on screen; the
    # screen calls them the heart, layer 1 and layer 2 (the article's names are in the text).
    words = layer_words(n)
    layers = [
        (tr("juniper.explain.strata.p2"), (255, 176, 59), words[2]),
        (tr("juniper.explain.strata.p1"), (70, 130, 220), words[1]),
        (tr("juniper.explain.strata.p0"), (46, 170, 110), words[0]),
    ]
    center = (r.centerx, r.y + 150)
    for i, (name, color, text) in enumerate(layers):
        radius = round((150 - i * 50) * min(1.0, t * 1.4))
        if radius > 0:
            draw.circle(surface, ui.blend(color, theme.WHITE, 0.35), center, radius)
            draw.circle(surface, color, center, radius, 4)
        if i < 2:
            ui.draw_text(
                surface,
                name,
                (center[0], center[1] - 150 + i * 50 + 24),
                24,
                theme.INK,
                "title",
                "center",
            )
        # The legend below: each layer's first words, as in the article's coloured tree.
        y = r.y + 330 + (2 - i) * 36
        draw.circle(surface, color, (r.x + 12, y), 12)
        legend = tr("juniper.explain.strata.legend", layer=name, games=text)
        ui.draw_fitted_text(surface, legend, pygame.Rect(r.x + 32, y - 15, r.right - r.x - 32, 30), 20, theme.INK,
                            "bold")
    ui.draw_text(surface, layers[2][0], (center[0], center[1] - 22), 24, theme.INK, "title", "center")
    ui.draw_text(surface, "…1", (center[0], center[1] + 12), 30, theme.WHITE, "title", "center")

def _picture_matching(surface: Target, r: pygame.Rect, t: float, n: int) -> None:
    # The best pairing for the N on screen: the graph up to N = 30, the list of pairs beyond.
    if n <= GRAPH_MAX_N:
        draw_graph(surface, r, matching_proof(n), grow=t)
    else:
        draw_pairs(surface, r, n)


def explainer_pages(n: int) -> list[RulesPage]:
    """The explainer as rules pages for 1..``n``."""

    def page(key: str) -> RulesPage:
        picture: Callable[[Target, pygame.Rect, float, int], None] = globals()[f"_picture_{key}"]
        return RulesPage(
            f"juniper.explain.{key}.title",
            lambda: tr(f"juniper.explain.{key}.text", **explainer_params(key, n)),
            lambda surface, rect, time: picture(surface, rect, _entrance(time), n),
            _entrance,  # a picture shows its entrance's progress only: still once built (0.3 s)
        )

    return [page(key) for key in EXPLAINER_PAGES]


# --- entry points for the menu and the demo ---------------------------------------------------


def new_match(app: Host, n: int = DEFAULT_N, opponent: str = DEFAULT_LEVEL, computer_first: bool = False,
              players: tuple[str, str] | None = None) -> Match[JuniperState, int]:
    """A match on 1..``n``: against ``opponent`` (a level, or ``"hotseat"``), or between two
    computer ``players``."""
    if players is not None:
        seats = {1: Seat.computer(players[0]), 2: Seat.computer(players[1])}
    elif opponent == "hotseat":
        seats = {1: Seat(), 2: Seat()}
    else:
        computer = 1 if computer_first else 2
        seats = {computer: Seat.computer(opponent), 3 - computer: Seat()}
    start = JuniperParams(n).new_initial_state()
    return GameScene.new_match(app, "juniper", start, seats, time_budget=MONTECARLO_BUDGET, n=n)


def make_scene(app: Host) -> JuniperScene:
    """A new game from the menu: who plays (and how many numbers) first."""
    scene = JuniperScene(app, new_match(app))
    scene.ask_seats = True
    return scene


def make_demo_scene(app: Host) -> JuniperScene:
    """Computer against computer, N = 20, another duel each game (attract mode)."""
    return JuniperScene(app, new_match(app, players=DEMO_DUELS[0]), attract=True)


def draw_icon(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu card picture: the chain 4 -> 12 -> 6 -> 3 zigzagging, the last tile bouncing."""
    draw_icon_still(surface, rect, time)
    draw_icon_live(surface, rect, time)


#: The menu picture's chain of numbers.
ICON_CHAIN = (4, 12, 6, 3)


def _icon_tiles(rect: pygame.Rect) -> tuple[float, list[tuple[float, float]]]:
    """The menu picture's tile size and tile centres."""
    size = min(rect.height * 0.4, rect.width / 4.4)
    step = (rect.width - size) / (len(ICON_CHAIN) - 1)
    rise = (rect.height - size) / 2
    return size, [(rect.x + size / 2 + i * step, rect.centery + (rise if i % 2 else -rise))
                  for i in range(len(ICON_CHAIN))]


def icon_still(time: float) -> Hashable:
    """The key of :func:`draw_icon_still`: the arrows and the first tiles never move."""
    return ()


def draw_icon_still(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu picture's arrows and every tile but the last (drawn under it)."""
    size, centers = _icon_tiles(rect)
    for i in range(1, len(ICON_CHAIN)):
        draw_arrow(surface, centers[i - 1], centers[i], theme.WHITE, max(4, int(size / 9)), 1.0, size * 0.5)
    for i, (k, c) in enumerate(zip(ICON_CHAIN[:-1], centers, strict=False)):
        _icon_tile(surface, size, i, k, c)


def draw_icon_live(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu picture's last tile, bouncing."""
    size, centers = _icon_tiles(rect)
    last = len(ICON_CHAIN) - 1
    c = centers[last]
    _icon_tile(surface, size, last, ICON_CHAIN[last], (c[0], c[1] + 6 * math.sin(time * 3)))


def icon_live_box(rect: pygame.Rect, time: float) -> pygame.Rect:
    """Where :func:`draw_icon_live` may draw: the last tile at either end of its bounce, with a
    margin for its base."""
    size, centers = _icon_tiles(rect)
    c = centers[len(ICON_CHAIN) - 1]
    tile = pygame.Rect(0, 0, size, size)
    tile.center = (round(c[0]), round(c[1]))
    return tile.inflate(math.ceil(size * 0.3), math.ceil(size * 0.3) + 14)


def _icon_tile(surface: Target, size: float, i: int, k: int, c: tuple[float, float]) -> None:
    tile = pygame.Rect(0, 0, size, size)
    tile.center = (round(c[0]), round(c[1]))
    draw_tile(surface, tile, k, PLAYER_COLORS[1] if i % 2 == 0 else PLAYER_COLORS[2], theme.WHITE)
