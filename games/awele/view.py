"""Drawing the awélé board (pygame): the carved wooden board, its pits and seeds, the stores, the
hand of seeds in flight, the players' labels and the banner, the rules pages (one idea per page,
each a little board replaying the rules' own lap events), and the menu card.

The scene (:mod:`games.awele.scene`) decides what to show and when; the functions here only
draw what they are given, from sprites drawn once at the screen's scale. Nothing here decides a
rule.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame

from games.awele.rules import AweleState, Lap, iter_laps, new_game
from games.budget import MB, budgeted
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target, blit, make_layer, native_sprite
from kiosk.i18n import tr
from kiosk.overlays import RulesPage
from kiosk.tween import ease_in_out_cubic, ease_out_cubic

Point = tuple[float, float]
Color = tuple[int, int, int]
BOARD_RECT = pygame.Rect(150, 168, 980, 372)
BANNER = pygame.Rect(244, 10, 1006, 82)
BANNER_TEXT = 26
SEED_COLORS = ((122, 86, 58), (150, 112, 74), (98, 74, 58), (176, 146, 108), (86, 66, 52), (138, 128, 112))
PLAYER_COLORS = {1: theme.RED, 2: theme.BLUE}
WOOD = (186, 118, 52)
CARVED = (146, 96, 52)  # pit numbers, cut into the wood
#: The labels' width (names and scores above and below the board).
LABEL_WIDTH = 540
#: The radius of the seeds in a store.
STORE_SEED = 9


# --- pre-rendered sprites ---------------------------------------------------------------------------


@budgeted(2 * MB, scope='awele')
@native_sprite
def seed_sprite(color: tuple[int, int, int], radius: int, scale: float = 1.0) -> Canvas:
    """A polished seed: an oval with a dark rim, soft shading and a bright highlight."""
    w, h = radius * 2 + 4, round(radius * 1.7) + 4
    image = make_layer((w, h), scale, alpha=True)
    body = pygame.Rect(2, 2, w - 4, h - 4)
    draw.ellipse(image, ui.darker(color, 0.45), body)
    for k in range(6):
        inner = body.inflate(-k * radius * 0.28, -k * radius * 0.24).move(-k * 0.6, -k * 0.7)
        draw.ellipse(image, ui.blend(color, (255, 240, 220), k * 0.07), inner)
    spot = pygame.Rect(0, 0, max(2, radius * 0.7), max(2, radius * 0.4))
    spot.center = (round(w * 0.36), round(h * 0.32))
    draw.ellipse(image, (255, 255, 255, 170), spot)
    return image


@budgeted(2 * MB, scope='awele')
@native_sprite
def pit_sprite(radius: int, scale: float = 1.0) -> Canvas:
    """A carved hollow: dark at the rim, lighter at the bottom, a light lip underneath."""
    size = radius * 2 + 8
    image = make_layer((size, size), scale, alpha=True)
    c = size // 2
    draw.circle(image, (246, 214, 160), (c, c + 3), radius + 3)
    for k in range(radius, 0, -2):
        t = 1 - k / radius
        color = ui.blend((92, 54, 26), (176, 122, 70), t**0.7)
        draw.circle(image, color, (c, c - round(4 * (1 - t))), k)
    return image


def draw_board(target: Canvas | pygame.Surface, rect: pygame.Rect) -> None:
    """The wooden board in ``rect``: rounded, with a darker edge and faint grain lines."""
    draw.rect(target, theme.WOOD_EDGE, rect, border_radius=60)
    draw.rect(target, (214, 166, 108), rect.inflate(-14, -14), border_radius=54)
    blit(target, wood_grain(rect.size), rect)


@budgeted(16 * MB, scope='awele')
@native_sprite
def board_sprite(size: tuple[int, int], scale: float = 1.0) -> Canvas:
    """The wooden board alone, as a sprite (the science corner's boards)."""
    image = make_layer(size, scale, alpha=True)
    draw_board(image, image.get_rect())
    return image


@budgeted(8 * MB, scope='awele')
def wood_grain(size: tuple[int, int]) -> pygame.Surface:
    """Faint grain lines, drawn once at the logical size: a soft texture needs no native
    sharpness, and thousands of points are much cheaper scaled than drawn again."""
    w, h = size
    grain = pygame.Surface(size, pygame.SRCALPHA)
    rng = random.Random(3)
    for _ in range(46):
        y = rng.uniform(20, h - 20)
        amp, phase, freq = rng.uniform(2, 7), rng.uniform(0, 6), rng.uniform(0.004, 0.012)
        points = [(x, y + amp * math.sin(x * freq + phase)) for x in range(30, w - 30, 12)]
        pygame.draw.lines(grain, (150, 100, 56, rng.randint(30, 70)), False, points, rng.choice((1, 2)))
    return grain


@budgeted(2 * MB, scope='awele')
@native_sprite
def hand_shadow(scale: float = 1.0) -> Canvas:
    """The soft shadow under the hand of seeds."""
    image = make_layer((80, 22), scale, alpha=True)
    draw.ellipse(image, (60, 40, 20, 60), image.get_rect())
    return image


@budgeted(13 * MB, scope='awele')
def static_layer(size: tuple[int, int], title: str, pits: int, scale: float) -> Canvas:
    """Paper, title, the carved wooden board with its shadow and grain, and the pit numbers cut
    into the wood, drawn once at the screen's ``scale`` (one blit a frame, nothing drawn twice)."""
    layer = make_layer(size, scale).convert()
    layer.blit(ui.background(size), (0, 0))
    ui.draw_text(layer, title, (40, 22), 54, theme.INK, "title")
    shadow = make_layer(BOARD_RECT.size, scale, alpha=True)
    draw.rect(shadow, (60, 40, 20, 60), shadow.get_rect(), border_radius=60)
    layer.blit(shadow, BOARD_RECT.move(0, 10))
    draw_board(layer, BOARD_RECT)
    layout = Layout(pits)
    for i in range(pits):
        ui.draw_text(layer, str(i + 1), layout.number_at(i), 20, CARVED, "title", "center")
    return layer


@budgeted(6 * MB, scope='awele')
@native_sprite
def store_image(size: tuple[int, int], player: int, count: int, scale: float = 1.0) -> Canvas:
    """A store holding ``count`` captured seeds, with the count on a badge."""
    w, h = size
    image = make_layer((w, h + 3), scale, alpha=True)
    rect = pygame.Rect(0, 0, w, h)
    draw.rect(image, (246, 214, 160), rect.move(0, 3), border_radius=44)
    draw.rect(image, (110, 66, 32), rect, border_radius=44)
    draw.rect(image, (150, 98, 54), rect.inflate(-14, -14), border_radius=38)
    rng = random.Random(player)
    for k in range(min(count, 48)):
        x = rect.centerx + rng.uniform(-26, 26)
        y = rect.bottom - 26 - (k // 4) * 11 + rng.uniform(-4, 4)
        y = max(y, rect.top + 22)
        image.blit(seed_sprite(SEED_COLORS[(k * 7 + player) % len(SEED_COLORS)], STORE_SEED), (x - 10, y - 9))
    badge = pygame.Rect(0, 0, 64, 44)
    badge.center = (rect.centerx, rect.top + 36)
    draw.rect(image, PLAYER_COLORS[player], badge, border_radius=22)
    ui.draw_text(image, str(count), badge.center, 30, theme.WHITE, "title", "center")
    return image


@budgeted(12 * MB, scope='awele')
@native_sprite
def pit_image(pit: int, count: int, radius: int, seed_radius: int, scale: float = 1.0) -> Canvas:
    """A carved pit holding ``count`` seeds (seed colours depend on the pit)."""
    sprite = pit_sprite(radius)
    pad = 2 * seed_radius  # a heap of seeds may spill over the rim
    image = make_layer((sprite.get_width() + 2 * pad, sprite.get_height() + 2 * pad), scale, alpha=True)
    image.blit(sprite, (pad, pad))
    cx, cy = image.get_width() / 2, image.get_height() / 2
    for k, (dx, dy) in enumerate(seed_offsets(count, radius)):
        seed = seed_sprite(SEED_COLORS[(pit * 5 + k * 3) % len(SEED_COLORS)], seed_radius)
        image.blit(seed, seed.get_rect(center=(round(cx + dx), round(cy + dy))))
    return image


def seed_offsets(count: int, radius: float) -> list[Point]:
    """Where the seeds of a pit lie: a sunflower spiral that fills the hollow."""
    shown = min(count, 40)
    spread = radius * 0.78 / math.sqrt(max(shown, 1) + 0.5)
    return [
        (
            spread * math.sqrt(k + 0.5) * math.cos(k * 2.39996),
            spread * math.sqrt(k + 0.5) * math.sin(k * 2.39996) * 0.9,
        )
        for k in range(shown)
    ]


# --- the board layout ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Pit centres, pit radius, stores and where counts and pit numbers go, for an n-pit board."""

    n: int

    @property
    def half(self) -> int:
        """Pits per player."""
        return self.n // 2

    @property
    def big(self) -> bool:
        """The 12-pit board (the 4-pit one has big pits for small hands)."""
        return self.n == 12

    @property
    def radius(self) -> int:
        """Pit radius in pixels."""
        return 56 if self.big else 80

    @property
    def seed_radius(self) -> int:
        """Seed size in pixels."""
        return 12 if self.big else 16

    def center(self, index: int) -> Point:
        """Centre of pit index ``index`` (bottom row left to right, then top row right to left)."""
        col_w = 118 if self.big else 260
        left = BOARD_RECT.centerx - col_w * (self.half - 1) / 2
        row = 92
        if index < self.half:
            return left + col_w * index, BOARD_RECT.centery + row
        return left + col_w * (self.n - 1 - index), BOARD_RECT.centery - row

    def count_at(self, index: int) -> Point:
        """Where the pit's seed count is written: outside the rows (beside big pits)."""
        x, y = self.center(index)
        if not self.big:
            return x + self.radius + 30, y
        return x, y + self.radius + 17 if index < self.half else y - self.radius - 17

    def number_at(self, index: int) -> Point:
        """Where the pit number is carved: between the rows, small (beside big pits)."""
        x, y = self.center(index)
        if not self.big:
            return x - self.radius - 20, y
        return x, BOARD_RECT.centery + (19 if index < self.half else -19)

    def store(self, player: int) -> pygame.Rect:
        """Each player's store, at the right end of their row."""
        rect = pygame.Rect(0, 0, 96, 300)
        if player == 1:
            rect.center = (BOARD_RECT.right - 68, BOARD_RECT.centery)
        else:
            rect.center = (BOARD_RECT.left + 68, BOARD_RECT.centery)
        return rect

    def pit_at(self, pos: tuple[int, int]) -> int | None:
        """The pit index under ``pos`` (generous touch target), if any."""
        best, best_d = None, self.radius + 14.0
        for i in range(self.n):
            x, y = self.center(i)
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d <= best_d:
                best, best_d = i, d
        return best


# --- what moves on the board ---------------------------------------------------------------------


@dataclass
class Step:
    """One step of an animation: lasts ``duration``; ``start``/``end`` change the display."""

    kind: str
    duration: float
    data: dict[str, Any] = field(default_factory=dict)
    start: Callable[[], None] | None = None
    end: Callable[[], None] | None = None
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        """0..1 through the step."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


#: A glow's steps between dim and bright (as Juniper's tiles): a glow changes colour about
#: one frame in five, so a game waiting for a tap repaints a pit or a label only then
#: (continuous, every glowing pit and the label were painted again at every frame).
GLOW_STEPS = 12


def glow_level(phase: float) -> float:
    """A glow's brightness (0..1) at ``phase`` (radians) of its pulse, in :data:`GLOW_STEPS` steps."""
    return round(GLOW_STEPS / 2 * (1 + math.sin(phase))) / GLOW_STEPS


@dataclass(frozen=True)
class PitLook:
    """Everything a pit is drawn from (a key: two equal looks draw the same pixels): its seeds,
    how high it is lifted (native rounding happens at the blit), the rings round it (the colour
    and width of a playable pit's glow, the loop offered, the pulse of a pit being checked) and
    a relay's widening ring."""

    count: int
    lift: float = 0.0
    glow: tuple[Color, int] | None = None
    offered: bool = False
    checking: Color | None = None
    relay: float | None = None


def pit_look(index: int, counts: list[int], step: Step | None, legal: set[int], mover: int, hovered: int | None,
             offered: int | None, checking: int | None, time: float) -> PitLook:
    """How pit ``index`` looks now (see :func:`draw_pits` for the arguments)."""
    lift = 0.0
    relay = None
    if step is not None and step.kind in ("lift", "relay") and step.data["pit"] == index:
        lift = 10 * math.sin(math.pi * step.progress)
        if step.kind == "relay":
            relay = step.progress
    glow = None
    if index in legal:
        level = glow_level(time * 3 + index)
        glow = (ui.blend(PLAYER_COLORS[mover], theme.WHITE, 0.3 * level), 6 if index == hovered else 4)
    pulse = None
    if checking == index + 1:
        pulse = ui.blend(theme.HINT, theme.WHITE, 0.5 + 0.5 * math.sin(time * 8))
    return PitLook(counts[index], lift, glow, offered == index, pulse, relay)


def pit_box(layout: Layout, index: int, look: PitLook) -> pygame.Rect:
    """The logical rectangle pit ``index`` draws in when it looks ``look``: its hollow and
    seeds (lifted), its rings and its count, with a margin for the screen's rounding."""
    x, y = layout.center(index)
    reach = layout.radius + 6  # the hollow's lip and the seeds
    if look.glow is not None or look.offered or look.checking is not None:
        reach = layout.radius + 11
    if look.relay is not None:
        reach = layout.radius + 26
    box = pygame.Rect(round(x - reach), round(y - reach), 2 * reach, 2 * reach)
    if look.lift:
        box.union_ip(box.move(0, -11))
    cx, cy = layout.count_at(index)
    return box.union(pygame.Rect(round(cx - 30), round(cy - 22), 60, 44))


def draw_pit(surface: Target, layout: Layout, index: int, look: PitLook) -> None:
    """Pit ``index`` as ``look`` says: rings, the hollow with its seeds, a relay's ring, the count."""
    r = layout.radius
    x, y = layout.center(index)
    if look.glow is not None:
        draw.circle(surface, look.glow[0], (x, y), r + 8, look.glow[1])
    if look.offered:
        draw.circle(surface, theme.HINT, (x, y), r + 9, 6)
    if look.checking is not None:
        draw.circle(surface, look.checking, (x, y), r + 9, 6)
    count = look.count
    image = pit_image(index, count, r, layout.seed_radius)
    surface.blit(image, image.get_rect(center=(round(x), round(y - look.lift))))
    if look.relay is not None:
        draw.circle(surface, theme.HINT, (x, y), r + 6 + 18 * look.relay, 5)
    ui.draw_text(surface, str(count), layout.count_at(index), 26, theme.INK if count else theme.INK_SOFT,
                 "title", "center")


def draw_pits(surface: Target, layout: Layout, counts: list[int], step: Step | None, legal: set[int],
              mover: int, hovered: int | None, offered: int | None, checking: int | None, time: float,
              pits: Iterable[int] | None = None) -> None:
    """Every pit (or only ``pits``, in order) with its seeds (``counts``) and its count: the
    ``legal`` pits glow softly in the ``mover``'s colour (``hovered`` more), the ``offered``
    loop's pit and the pit whose move is being ``checking`` (a pit number) get a ring; the pit of
    a lift or a relay ``step`` rises. A ring reaches its neighbours in the row, never the other
    row: a row is drawn whole, in order."""
    for i in range(layout.n) if pits is None else pits:
        draw_pit(surface, layout, i, pit_look(i, counts, step, legal, mover, hovered, offered, checking, time))


@dataclass(frozen=True)
class Flying:
    """One thing moving over the board (a key: equal ones draw the same pixels): the ``hand`` of
    ``count`` seeds at ``at``, or one ``seed`` (of colour ``color``) centred at ``at``."""

    kind: str
    at: Point
    count: int = 0
    color: int = 0

    def box(self, layout: Layout) -> pygame.Rect:
        """The logical rectangle it draws in (with a margin for the screen's rounding)."""
        x, y = self.at
        seed = layout.seed_radius + 8
        if self.kind == "hand":  # the heap (44 wide), its shadow below, its count up right
            return pygame.Rect(round(x - 44 - seed), round(y - 52), 2 * (44 + seed) + 32, 124)
        return pygame.Rect(round(x - seed - 4), round(y - seed - 4), 2 * seed + 8, 2 * seed + 8)


def flying(layout: Layout, step: Step | None, hand: int, hand_at: Point) -> list[Flying]:
    """What moves over the board now, in drawing order: the ``hand`` of seeds above the board at
    ``hand_at``, the seed in flight, captured seeds flying home, as the animation ``step`` has them."""
    moving = []
    if hand > 0 and step is not None and step.kind in ("drop", "relay", "lift"):
        hx, hy = hand_at
        hy -= 40 * ease_out_cubic(step.progress) if step.kind == "lift" else 40
        moving.append(Flying("hand", (hx, hy), hand))
    if step is not None and step.kind == "drop":
        sx, sy = hand_at[0], hand_at[1] - 40
        tx, ty = layout.center(step.data["to"])
        t = ease_in_out_cubic(step.progress)
        moving.append(Flying("seed", (sx + (tx - sx) * t, sy + (ty - sy) * t - 50 * math.sin(math.pi * t)), color=2))
    if step is not None and step.kind == "fly":
        sx, sy = layout.center(step.data["pit"])
        store = layout.store(step.data["player"])
        t = ease_in_out_cubic(step.progress)
        for k in range(min(step.data["count"], 30)):
            delay = min(0.4, k * 0.03)
            tk = max(0.0, min(1.0, (t - delay) / (1 - delay)))
            x = sx + (store.centerx - sx) * tk + 8 * math.sin(k)
            y = sy + (store.centery - sy) * tk - 90 * math.sin(math.pi * tk) + 6 * math.cos(k)
            moving.append(Flying("seed", (x, y), color=k % len(SEED_COLORS)))
    return moving


def draw_flying(surface: Target, layout: Layout, thing: Flying) -> None:
    """One thing moving over the board (:func:`flying`)."""
    seed_r = layout.seed_radius
    if thing.kind == "hand":
        hx, hy = thing.at
        surface.blit(hand_shadow(), (hx - 40, hy + 46))
        for k, (dx, dy) in enumerate(seed_offsets(thing.count, 44)):
            image = seed_sprite(SEED_COLORS[k % len(SEED_COLORS)], seed_r)
            surface.blit(image, image.get_rect(center=(round(hx + dx), round(hy + dy))))
        if thing.count > 1:
            ui.draw_text(surface, str(thing.count), (hx + 46, hy - 30), 24, theme.INK, "title", "center")
        return
    image = seed_sprite(SEED_COLORS[thing.color], seed_r)
    surface.blit(image, image.get_rect(center=(round(thing.at[0]), round(thing.at[1]))))


def draw_moving(surface: Target, layout: Layout, step: Step | None, hand: int, hand_at: Point) -> None:
    """The ``hand`` of seeds above the board at ``hand_at``, the seed in flight, captured seeds
    flying home, as the animation ``step`` has them."""
    for thing in flying(layout, step, hand, hand_at):
        draw_flying(surface, layout, thing)


def label_glow(player: int, time: float) -> Color:
    """The colour of the glow round the label of the player to move, at ``time``."""
    return ui.blend(PLAYER_COLORS[player], theme.WHITE, 0.55 + 0.2 * glow_level(time * 4))


def label_box(y: int) -> pygame.Rect:
    """Where a player's label at height ``y`` draws, its glow round it (the widest label)."""
    box = pygame.Rect(0, 0, LABEL_WIDTH + 20, 62)
    box.center = (BOARD_RECT.centerx, y)
    return box


def draw_player_label(surface: Target, text: str, player: int, y: int, active: bool, time: float) -> None:
    """``player``'s label centred above or below the board at height ``y``; it glows while
    ``active`` (their turn)."""
    color = PLAYER_COLORS[player]
    size = ui.fitted_size(text, 28, LABEL_WIDTH - 40, "bold")
    width = min(LABEL_WIDTH, ui.text_surface(text, size, theme.WHITE, "bold").get_width() + 56)
    rect = pygame.Rect(0, 0, max(300, width), 46)
    rect.center = (BOARD_RECT.centerx, y)
    if active:
        draw.rect(surface, label_glow(player, time), rect.inflate(12, 12), border_radius=30)
    draw.rect(surface, color, rect, border_radius=24)
    ui.draw_text(surface, text, rect.center, size, theme.WHITE, "bold", "center")


def banner_ink(pop: float) -> Color:
    """The colour of the banner's words ``pop`` (0..1) through fading in."""
    return ui.blend(theme.INK_SOFT, theme.INK, pop)


#: Where the banner draws: its panel and the soft shadow round it (blur 8: 16 pixels round,
#: 4 lower), with a margin for the screen's rounding.
BANNER_BOX = pygame.Rect(BANNER.x - 18, BANNER.y - 14, BANNER.width + 36, BANNER.height + 38)


def draw_banner(surface: Target, text: str, pop: float, border: ui.Color | None) -> None:
    """The banner at the top: big, plain French, ``pop`` (0..1) fading the text in."""
    ui.draw_panel(surface, BANNER, theme.PANEL, 24, 8, border=border)
    line = round(BANNER_TEXT * 1.15)
    lines = len(ui.wrap_text(text, BANNER_TEXT, BANNER.width - 40, "bold"))
    # The box holds two lines; the text is centred vertically in it.
    box = pygame.Rect(BANNER.x + 20, BANNER.centery - lines * line // 2 + 2, BANNER.width - 40, 2 * line)
    ui.draw_paragraph(surface, text, box, BANNER_TEXT, banner_ink(pop), "bold", 1.15,
                      "center")


# --- little boards: the rules pages (shared RulesScene) and the menu card ------------------------------------


def draw_mini_board(surface: Target, rect: pygame.Rect, pits: tuple[int, ...], rings: dict[int, Color]) -> None:
    """A small board of ``pits`` (4 or 12) inside ``rect``, pits numbered as on the big board,
    with coloured rings on some pits (each picture drawn once, then one blit a frame)."""
    surface.blit(_mini_board_image(rect.size, pits, tuple(sorted(rings.items()))), rect.topleft)


@budgeted(12 * MB, scope='awele')
@native_sprite
def _mini_board_image(size: tuple[int, int], pits: tuple[int, ...], rings: tuple[tuple[int, Color], ...],
                      scale: float = 1.0) -> Canvas:
    image = make_layer(size, scale, alpha=True)
    ring = dict(rings)
    n = len(pits)
    half = n // 2
    board = image.get_rect().inflate(-10, -size[1] * 0.25)
    draw.rect(image, theme.WOOD_EDGE, board.move(0, 5), border_radius=30)
    draw.rect(image, (214, 166, 108), board, border_radius=30)
    r = int(min(board.width / (half * 2.3), board.height / 4.8))
    for i in range(n):
        col = i if i < half else n - 1 - i
        x = board.left + board.width * (col + 0.5) / half
        y = board.top + board.height * (0.72 if i < half else 0.28)
        draw.circle(image, (110, 66, 32), (x, y), r)
        draw.circle(image, (150, 98, 54), (x, y + 2), r - 3)
        if i in ring:
            draw.circle(image, ring[i], (x, y), r + 4, 4)
        for k, (dx, dy) in enumerate(seed_offsets(pits[i], r)):
            seed = seed_sprite(SEED_COLORS[(i + k) % len(SEED_COLORS)], max(4, r // 4))
            image.blit(seed, seed.get_rect(center=(round(x + dx), round(y + dy))))
        # As on the big board: counts outside the rows and pit numbers carved between them on 12
        # pits; counts right of the pits and numbers left of them on 4.
        count_at: Point = (x + r + 20, y)
        number_at: Point = (x - r - 18, y)
        if n == 12:
            side = 1 if i < half else -1
            count_at, number_at = (x, y + side * (r + 14)), (x, board.centery + side * 14)
        ui.draw_text(image, str(pits[i]), count_at, 20, theme.INK, "bold", "center")
        ui.draw_text(image, str(i + 1), number_at, 16, CARVED, "title", "center")
    return image


def _illustrate_sowing(surface: Target, rect: pygame.Rect, time: float) -> None:
    """Red empties pit 3 and drops its seeds one by one into the next pits (the first lap of the
    article's example, from the rules' own events)."""
    lap = _article_laps()[0]
    k = _sowing_step(time)
    board = list(new_game().pits)
    rings = {}
    if k:
        board[lap.start] = 0
        for target in lap.drops[: min(k - 1, lap.seeds)]:
            board[target] += 1
        rings[lap.start] = theme.RED
        if k > 1:
            rings[lap.drops[min(k - 1, lap.seeds) - 1]] = theme.HINT
    draw_mini_board(surface, rect, tuple(board), rings)


def _sowing_step(time: float) -> int:
    """The sowing page's step at ``time``: 0 before the lift, then one seed dropped a step."""
    return int(time / 0.7) % (_article_laps()[0].seeds + 3)


def _relay_step(time: float) -> int:
    """The relay page's lap at ``time``."""
    return int(time / 1.4) % len(_article_laps())


def _capture_step(time: float) -> int:
    """The capture page at ``time``: 0 the seeds still in the pit, 1 taken."""
    return int(time / 1.2) % 2


def _loop_step(time: float) -> int:
    """The loop page's lap at ``time`` (0: the board before the move)."""
    return int(time / 1.0) % (len(_loop_laps()) + 1)


@budgeted(MB, scope='awele')
def _article_laps() -> tuple[Lap, ...]:
    """The article's worked example: from the start, pit 3 relays at 7, 12, 5 and 11."""
    return tuple(new_game().laps(3))


def _illustrate_relay(surface: Target, rect: pygame.Rect, time: float) -> None:
    lap = _article_laps()[_relay_step(time)]
    rings = {lap.start: theme.BLUE, lap.last: theme.HINT if lap.relay else theme.GOOD}
    draw_mini_board(surface, rect, lap.board, rings)


@budgeted(MB, scope='awele')
def _article_capture() -> AweleState:
    return new_game().play(3)


def _illustrate_capture(surface: Target, rect: pygame.Rect, time: float) -> None:
    after = _article_capture()
    fx = after.last_effects
    assert fx is not None and fx.capture_pit is not None
    before = list(after.pits)
    if _capture_step(time) == 0:
        before[fx.capture_pit] = fx.captured
    draw_mini_board(surface, rect, tuple(before), {fx.last: theme.GOOD, fx.capture_pit: theme.RED})


LOOP_EXAMPLE = ((1, 2, 0, 2), 1)  # the article's 4-pit loop: board 1 2 0 2, pit 2, period 8


@budgeted(MB, scope='awele')
def _loop_laps() -> tuple[Lap, ...]:
    board, start = LOOP_EXAMPLE
    return tuple(itertools.islice(iter_laps(board, start), 8))


def _illustrate_loop(surface: Target, rect: pygame.Rect, time: float) -> None:
    laps = _loop_laps()
    k = _loop_step(time)
    board = LOOP_EXAMPLE[0] if k == 0 else laps[k - 1].board
    draw_mini_board(surface, rect, board, {} if k == 0 else {laps[k - 1].last: theme.HINT})
    label = tr("awele.rules.loop.lap", lap=k, period=len(laps))
    ui.draw_text(surface, label, (rect.centerx, rect.bottom - 20), 26, theme.INK, "bold", "midbottom")


def rules_pages() -> list[RulesPage]:
    """One idea per page, each with a little board that plays the rules' own events (a step at
    a time: a frame showing the same step is not drawn)."""
    return [
        RulesPage("awele.rules.p1.title", tr("awele.rules.p1.text"), _illustrate_sowing, _sowing_step),
        RulesPage("awele.rules.p2.title", tr("awele.rules.p2.text"), _illustrate_relay, _relay_step),
        RulesPage("awele.rules.p3.title", tr("awele.rules.p3.text"), _illustrate_capture, _capture_step),
        RulesPage("awele.rules.p4.title", tr("awele.rules.p4.text"), _illustrate_loop, _loop_step),
    ]


def draw_icon(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu card: a small board of 2 x 3 pits, a seed hopping from pit to pit."""
    draw_icon_still(surface, rect, time)
    draw_icon_live(surface, rect, time)


def icon_still(time: float) -> Hashable:
    """The key of :func:`draw_icon_still`: the board never changes."""
    return ()


def _icon_pits(rect: pygame.Rect) -> tuple[pygame.Rect, int, list[tuple[float, float]]]:
    """The menu picture's board, its pits' radius and centres."""
    board = rect.inflate(-10, -rect.height * 0.3)
    r = int(min(board.width / 8, board.height / 4.6))
    centers = [(board.left + board.width * (col + 1) / 4, board.top + board.height * (0.3 if row == 0 else 0.7))
               for row in range(2) for col in range(3)]
    return board, r, centers


def draw_icon_still(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu picture's board, pits and seeds at rest."""
    board, r, centers = _icon_pits(rect)
    draw.rect(surface, theme.WOOD_EDGE, board.move(0, 5), border_radius=30)
    draw.rect(surface, (214, 166, 108), board, border_radius=30)
    for k, (x, y) in enumerate(centers):
        row, col = divmod(k, 3)
        draw.circle(surface, (110, 66, 32), (x, y), r)
        draw.circle(surface, (150, 98, 54), (x, y + 2), r - 4)
        for j, (dx, dy) in enumerate(seed_offsets(3 + (row + col) % 3, r)):
            image = seed_sprite(SEED_COLORS[(j + col) % len(SEED_COLORS)], max(4, r // 4))
            surface.blit(image, image.get_rect(center=(round(x + dx), round(y + dy))))


def draw_icon_live(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu picture's seed hopping from pit to pit."""
    image, at = _icon_seed(rect, time)
    surface.blit(image, at)


def _icon_seed(rect: pygame.Rect, time: float) -> tuple[pygame.Surface, pygame.Rect]:
    """The hopping seed's picture and where it goes at ``time`` (logical pixels): it hops in
    an arc from pit to pit around the board."""
    _board, r, centers = _icon_pits(rect)
    order = [3, 4, 5, 2, 1, 0]
    t = (time * 1.2) % len(order)
    a, b = centers[order[int(t)]], centers[order[(int(t) + 1) % len(order)]]
    f = t - int(t)
    x = a[0] + (b[0] - a[0]) * f
    y = a[1] + (b[1] - a[1]) * f - r * 1.2 * math.sin(math.pi * f)
    image = seed_sprite(SEED_COLORS[3], max(5, r // 3))
    return image, image.get_rect(center=(round(x), round(y)))


def icon_live_box(rect: pygame.Rect, time: float) -> pygame.Rect:
    """Where :func:`draw_icon_live` draws at ``time``: the hopping seed (and a margin)."""
    return _icon_seed(rect, time)[1].inflate(6, 6)
