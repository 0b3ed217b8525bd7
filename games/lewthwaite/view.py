"""Drawing Lewthwaite boards: the token view and the snake view (pygame; no rules decided here).

Expensive pieces (the wooden board, token sprites) are rendered once and cached, so a frame is
a board blit plus one blit per token: the kiosk keeps its frame budget on small machines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from games.budget import MB, budgeted, sizeof
from games.lewthwaite.rules import BLUE, RED, Cell, LewthwaiteState
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target, aligned_box, blit, make_layer, native_sprite, scale_of

Point = tuple[float, float]


def draw_mark(surface: Target | Canvas, color: str, centre: Point, size: float, ink: ui.Color) -> None:
    """Colour-blind mode's shapes: a square for red, a ring for blue (``size`` across)."""
    x, y = centre
    if color == RED:
        square = pygame.Rect(0, 0, round(size * 0.8), round(size * 0.8))
        square.center = (round(x), round(y))
        draw.rect(surface, ink, square, border_radius=max(1, round(size * 0.12)))
    else:
        draw.circle(surface, ink, (round(x), round(y)), size / 2, max(2, round(size * 0.2)))


def token_sprite(color: str, diameter: int, moved: bool = False) -> pygame.Surface:
    """A glossy token with a soft shadow. Blue tokens carry an engraved ring so the two colours
    differ by shape too (colour-blind visitors, and the article's remark on daltonism); in
    colour-blind mode (``theme.colour_blind()``) each also carries a bold white shape."""
    return _token_sprite(color, diameter, moved, theme.colour_blind())


@budgeted(4 * MB, scope='lewthwaite')
@native_sprite
def _token_sprite(color: str, diameter: int, moved: bool, marks: bool, scale: float = 1.0) -> Canvas:
    main, dark, light = theme.player_colors(color)
    oversample = 3  # draw big, then smooth-scale down: cheap anti-aliasing
    d = diameter * oversample
    pad = d // 6
    image = make_layer((d + 2 * pad, d + 2 * pad), scale, alpha=True)
    cx = cy = pad + d // 2
    draw.circle(image, (0, 0, 0, 60), (cx + d // 28, cy + d // 14), d // 2)
    draw.circle(image, dark, (cx, cy), d // 2)
    draw.circle(image, main, (cx, cy - d // 40), int(d * 0.46))
    # A soft highlight towards the top-left, like a painted bottle cap under a lamp.
    for k in range(12):
        t = k / 12
        radius = int(d * (0.36 - 0.22 * t))
        shade = ui.blend(main, light, t * 0.9)
        draw.circle(image, shade, (cx - int(d * 0.08 * t), cy - int(d * 0.1 * t)), radius)
    if color == BLUE:
        draw.circle(image, ui.blend(dark, main, 0.3), (cx, cy), int(d * 0.30), max(2, d // 22))
    else:
        draw.circle(image, ui.blend(light, theme.WHITE, 0.5), (cx, cy), int(d * 0.07))
    if marks:
        draw_mark(image, color, (cx, cy - d // 40), d * 0.42, theme.WHITE)
    if moved:
        # A token that has moved can never move again: it sits a little flatter and duller.
        veil = make_layer(image.get_size(), scale, alpha=True)
        draw.circle(veil, (255, 255, 255, 50), (cx, cy), d // 2)
        image.blit(veil, (0, 0))
    result = make_layer((image.get_width() // oversample, image.get_height() // oversample), scale, alpha=True)
    pygame.transform.smoothscale(image.target, result.target.get_size(), result.target)
    return result


@budgeted(16 * MB, scope='lewthwaite')
@native_sprite
def board_surface(rows: int, cols: int, cell: int, snake: bool, scale: float = 1.0) -> Canvas:
    """The board without tokens: a wooden tray with recessed squares (token view) or a pale
    garden of squares in two tints (snake view)."""
    margin = max(14, cell // 5)
    w, h = cols * cell + 2 * margin, rows * cell + 2 * margin
    image = make_layer((w + 20, h + 20), scale, alpha=True)
    board = pygame.Rect(10, 6, w, h)
    draw.rect(image, (0, 0, 0, 50), board.move(0, 8), border_radius=26)
    if snake:
        draw.rect(image, (246, 238, 222), board, border_radius=26)
        draw.rect(image, (214, 200, 176), board, width=4, border_radius=26)
    else:
        draw.rect(image, theme.WOOD_EDGE, board, border_radius=26)
        draw.rect(image, theme.WOOD_DARK, board.inflate(-8, -8), border_radius=22)
        # Wood grain: a few faint wavy lines.
        for k in range(0, h, 9):
            y = board.top + k
            points = [(board.left + 8 + x, y + 2.5 * math.sin((x + 7 * k) / 37)) for x in range(0, w - 16, 12)]
            if len(points) > 1:
                draw.lines(image, ui.blend(theme.WOOD_DARK, theme.WOOD_LIGHT, 0.35), False, points, 1)
    for r in range(rows):
        for c in range(cols):
            square = pygame.Rect(
                board.left + margin + c * cell + 3, board.top + margin + r * cell + 3, cell - 6, cell - 6
            )
            if snake:
                tint = (234, 226, 210) if (r + c) % 2 else (240, 233, 219)
                draw.rect(image, tint, square, border_radius=cell // 6)
            else:
                draw.rect(image, ui.darker(theme.WOOD_DARK, 0.22), square, border_radius=cell // 6)
                draw.rect(image, theme.WOOD_LIGHT, square.inflate(-4, -4).move(1, 2), border_radius=cell // 6)
    return image


@dataclass
class MoveAnimation:
    """A token (or the snake's head) travelling from ``start`` to ``end`` (cells), ``t`` in 0..1."""

    start: Cell
    end: Cell
    t: float = 0.0


#: A ring's pulse in steps between dim and small, bright and wide (as Juniper's glowing tiles):
#: the rings change about one frame in five, and a game waiting for a tap between two steps
#: is not drawn at all (:meth:`LewthwaiteScene.live_look`).
PULSE_STEPS = 12


def ring_pulse(time: float) -> float:
    """The glowing rings' pulse (0..1) at ``time``, in :data:`PULSE_STEPS` steps."""
    return round(PULSE_STEPS / 2 * (1 + math.sin(time * 5))) / PULSE_STEPS


#: The hint's arrow bounces in steps (as the rings pulse): 13 places a cell's 0.16 apart, about
#: 2 native pixels each at 1080p. Between two steps a frame shows the last one's arrow (it is
#: not drawn: :meth:`LewthwaiteScene.live_look`); drawn at every frame it cost 1.7 ms at rest.
ARROW_STEPS = 12


def arrow_step(time: float) -> int:
    """The hint's arrow's step (0..:data:`ARROW_STEPS`) at ``time``."""
    return round(ARROW_STEPS / 2 * (1 + math.sin(time * 6)))


def arrow_bounce(step: int) -> float:
    """How far along the way (in cells' share) the arrow's tail is at ``step``."""
    return 0.12 + 0.08 * (2 * step / ARROW_STEPS - 1)


class BoardView:
    """Where the board sits on screen and how to draw a state on it."""

    def __init__(self, rows: int, cols: int, center: Point, max_size: int) -> None:
        self.rows, self.cols = rows, cols
        self.cell = min(max_size // max(rows, cols), 124)
        self.margin = max(14, self.cell // 5)
        width, height = cols * self.cell + 2 * self.margin, rows * self.cell + 2 * self.margin
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (round(center[0]), round(center[1]))

    def center_of(self, cell: Cell) -> Point:
        """Screen position of a cell's centre."""
        return (
            self.rect.left + self.margin + (cell[1] + 0.5) * self.cell,
            self.rect.top + self.margin + (cell[0] + 0.5) * self.cell,
        )

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The cell under a screen position, if any."""
        x = (pos[0] - self.rect.left - self.margin) // self.cell
        y = (pos[1] - self.rect.top - self.margin) // self.cell
        if 0 <= x < self.cols and 0 <= y < self.rows:
            return int(y), int(x)
        return None

    def draw_token(self, surface: Target, cell: Cell, color: str, moved: bool) -> None:
        """One token at rest on ``cell`` (as :meth:`draw_tokens` draws it; ``moved``: dimmed)."""
        x, y = self.center_of(cell)
        sprite = token_sprite(color, int(self.cell * 0.78), moved)
        surface.blit(sprite, sprite.get_rect(center=(round(x), round(y + 1))))

    def cell_box(self, cell: Cell, reach: float = 0.6) -> pygame.Rect:
        """A box around ``cell`` reaching ``reach`` cells from its centre each way: what a token
        at rest (0.6: its sprite and shadow), a ring or a glow there may draw on."""
        x, y = self.center_of(cell)
        half = math.ceil(self.cell * reach) + 2
        return pygame.Rect(math.floor(x) - half, math.floor(y) - half, 2 * half + 1, 2 * half + 1)

    def slide_box(self, start: Cell, end: Cell) -> pygame.Rect:
        """What a token sliding from ``start`` to ``end`` (:class:`MoveAnimation`, lifted and
        grown at mid-way) may draw on."""
        return self.cell_box(start, 0.75).union(self.cell_box(end, 0.75))

    def arrow_box(self, start: Cell, end: Cell) -> pygame.Rect:
        """What :meth:`draw_arrow` from ``start`` to ``end`` may draw on, at every bounce."""
        return self.cell_box(start, 0.5).union(self.cell_box(end, 0.5)).inflate(8, 8)

    def _lerp(self, a: Cell, b: Cell, t: float) -> Point:
        pa, pb = self.center_of(a), self.center_of(b)
        return (pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t)

    def draw_board(self, surface: Target, snake: bool) -> None:
        """The static board."""
        surface.blit(board_surface(self.rows, self.cols, self.cell, snake), (self.rect.left - 10, self.rect.top - 6))

    # --- token view ------------------------------------------------------------------------

    def draw_tokens(
        self,
        surface: Target,
        state: LewthwaiteState,
        anim: MoveAnimation | None = None,
        shake: set[Cell] | None = None,
        time: float = 0.0,
        dim_moved: bool = True,
        area: pygame.Rect | None = None,
        moving: bool = True,
    ) -> None:
        """Every token; the moving one at its animated place (its cell left empty, and the token
        not drawn unless ``moving``), shaking ones wobbling. Given an ``area``, only the tokens at
        rest drawn over it (what a part of the screen drawn again needs)."""
        size = int(self.cell * 0.78)
        for r in range(self.rows):
            for c in range(self.cols):
                if area is not None and not self.cell_box((r, c)).colliderect(area):
                    continue
                color = state.token_at((r, c))
                if color is None or (anim and (r, c) == anim.end):
                    continue
                x, y = self.center_of((r, c))
                if shake and (r, c) in shake:
                    x += math.sin(time * 40) * self.cell * 0.06
                sprite = token_sprite(color, size, dim_moved and state.has_moved((r, c)))
                surface.blit(sprite, sprite.get_rect(center=(round(x), round(y + 1))))
        if anim and moving:
            color = state.token_at(anim.end)
            if color is not None:
                x, y = self._lerp(anim.start, anim.end, anim.t)
                lift = math.sin(math.pi * anim.t) * self.cell * 0.08
                sprite = token_sprite(color, size + round(lift * 0.8))
                surface.blit(sprite, sprite.get_rect(center=(round(x), round(y - lift))))

    def draw_glow(
        self, surface: Target, cells: list[Cell], color: ui.Color, time: float, width: int = 7
    ) -> None:
        """Pulsing double rings around ``cells`` (legal moves): visible from across the stand."""
        pulse = ring_pulse(time)
        radius = self.cell * (0.45 + 0.04 * pulse)
        bright = ui.blend(color, theme.WHITE, 0.4 * pulse)
        width = max(3, min(width, self.cell // 14))
        for cell in cells:
            x, y = (round(v) for v in self.center_of(cell))
            draw.circle(surface, ui.darker(color, 0.15), (x, y), round(radius) + 2, width + 4)
            draw.circle(surface, bright, (x, y), round(radius), width)

    # --- snake view ------------------------------------------------------------------------

    def draw_snake(
        self, surface: Target, state: LewthwaiteState, anim: MoveAnimation | None, time: float,
        body: bool = True, head: bool = True,
    ) -> None:
        """The hole's walk as a snake: body segments coloured by the player who made each move,
        the start marked with a ring, the head with eyes looking where it goes (the ``body`` and
        the ``head`` may be drawn alone: the head goes over the body)."""
        geo = state.geo
        cells = [geo.cell(i) for i in state.path]
        points = [self.center_of(c) for c in cells]
        if anim and len(points) >= 2:
            points[-1] = self._lerp(anim.start, anim.end, anim.t)
        if body:
            self._draw_body(surface, state, cells, points)
        if head:
            direction = (points[-1][0] - points[-2][0], points[-1][1] - points[-2][1]) if len(points) >= 2 else (
                0.0, 1.0)
            self.draw_head(surface, points[-1], direction, time)

    def _draw_body(self, surface: Target, state: LewthwaiteState, cells: list[Cell], points: list[Point]) -> None:
        width = max(8, int(self.cell * 0.34))
        # Visited squares get a soft wash of the mover's colour.
        for step in range(1, len(cells)):
            _main, _dark, light = theme.player_colors(state.color_of(state.mover_of_step(step)))
            square = pygame.Rect(0, 0, self.cell - 10, self.cell - 10)
            square.center = tuple(round(v) for v in self.center_of(cells[step]))
            draw.rect(surface, ui.blend(light, (246, 238, 222), 0.55), square, border_radius=self.cell // 6)
            if theme.colour_blind():  # who made each step, by shape: in the square's corner
                corner = (square.right - self.cell * 0.19, square.top + self.cell * 0.19)
                mover = state.color_of(state.mover_of_step(step))
                draw_mark(surface, mover, corner, self.cell * 0.24, theme.player_colors(mover)[1])
        start = self.center_of(cells[0])
        draw.circle(surface, (190, 176, 150), (round(start[0]), round(start[1])), round(self.cell * 0.3), 5)
        for step in range(1, len(points)):
            main, _dark, _light = theme.player_colors(state.color_of(state.mover_of_step(step)))
            a, b = points[step - 1], points[step]
            draw.line(surface, main, a, b, width)
            draw.circle(surface, main, (round(a[0]), round(a[1])), width // 2)

    def draw_head(self, surface: Target, pos: Point, direction: Point, time: float) -> None:
        """The walking pawn: a sunny disc with two eyes that look ahead and blink now and then."""
        radius = self.cell * 0.36
        x, y = pos
        draw.circle(surface, (0, 0, 0, 40), (round(x + 3), round(y + 6)), round(radius))
        draw.circle(surface, (232, 160, 20), (round(x), round(y)), round(radius))
        draw.circle(surface, (255, 206, 60), (round(x - 2), round(y - 3)), round(radius * 0.86))
        length = math.hypot(*direction) or 1.0
        dx, dy = direction[0] / length, direction[1] / length
        blink = (time % 3.2) < 0.12
        for side in (-1, 1):
            ex = x + dx * radius * 0.35 - dy * side * radius * 0.38
            ey = y + dy * radius * 0.35 + dx * side * radius * 0.38
            if blink:
                draw.line(surface, theme.INK, (ex - radius * 0.16, ey), (ex + radius * 0.16, ey), 3)
            else:
                draw.circle(surface, theme.WHITE, (round(ex), round(ey)), round(radius * 0.2))
                draw.circle(
                    surface,
                    theme.INK,
                    (round(ex + dx * radius * 0.07), round(ey + dy * radius * 0.07)),
                    round(radius * 0.1),
                )

    # --- hint ------------------------------------------------------------------------------

    def draw_dominoes(self, surface: Target, pairs: list[tuple[Cell, Cell]], color: ui.Color) -> None:
        """Golden capsules around each pair of cells: the matching the perfect player follows
        (drawn once per matching into a layer just large enough, then one blit a frame)."""
        found = self.dominoes(surface, pairs, color)
        if found is not None:
            blit(surface, found[0], found[1])

    def dominoes(self, surface: Target, pairs: list[tuple[Cell, Cell]],
                 color: ui.Color) -> tuple[Target, tuple[int, int]] | None:
        """What :meth:`draw_dominoes` blits on ``surface``, and where (None: no capsule)."""
        return self.dominoes_for(surface.get_size(), scale_of(surface), pairs, color)

    def dominoes_for(self, size: tuple[int, int], scale: float, pairs: list[tuple[Cell, Cell]],
                     color: ui.Color) -> tuple[Target, tuple[int, int]] | None:
        """:meth:`dominoes` for a screen of logical ``size`` at ``scale`` (drawn once and kept:
        a thread may draw them ahead)."""
        inset = self.cell * 0.1
        capsules = []
        for a, b in pairs:
            pa, pb = self.center_of(a), self.center_of(b)
            left, top = min(pa[0], pb[0]) - self.cell / 2 + inset, min(pa[1], pb[1]) - self.cell / 2 + inset
            right, bottom = max(pa[0], pb[0]) + self.cell / 2 - inset, max(pa[1], pb[1]) + self.cell / 2 - inset
            capsules.append((round(left), round(top), round(right - left), round(bottom - top)))
        if not capsules:
            return None
        return _dominoes(tuple(capsules), round(self.cell * 0.4), color, size, scale)

    def draw_arrow(self, surface: Target, start: Cell, end: Cell, color: ui.Color, time: float) -> None:
        """A bouncing arrow from ``start`` towards ``end`` (the suggested move), at its step of
        ``time`` (:func:`arrow_step`)."""
        self.draw_arrow_at(surface, start, end, color, arrow_step(time))

    def draw_arrow_at(self, surface: Target, start: Cell, end: Cell, color: ui.Color, step: int) -> None:
        """The arrow of :meth:`draw_arrow` at its bounce's ``step``."""
        a, b = self.center_of(start), self.center_of(end)
        bounce = arrow_bounce(step)
        dx, dy = b[0] - a[0], b[1] - a[1]
        tail = (a[0] + dx * bounce, a[1] + dy * bounce)
        tip = (a[0] + dx * (0.62 + bounce), a[1] + dy * (0.62 + bounce))
        draw.line(surface, ui.darker(color, 0.3), tail, tip, 12)
        draw.line(surface, color, tail, tip, 8)
        length = math.hypot(dx, dy) or 1
        ux, uy = dx / length, dy / length
        size = self.cell * 0.2
        head = [
            (tip[0] + ux * size, tip[1] + uy * size),
            (tip[0] - uy * size, tip[1] + ux * size),
            (tip[0] + uy * size, tip[1] - ux * size),
        ]
        draw.polygon(surface, color, head)


@budgeted(6 * MB, scope="lewthwaite", sizer=lambda entry: sizeof(entry[0]))
def _dominoes(capsules: tuple[tuple[int, int, int, int], ...], radius: int, color: ui.Color, size: tuple[int, int],
              scale: float) -> tuple[Target, tuple[int, int]]:
    """The capsules on a see-through layer covering them (a full-screen one was 8 MB drawn and
    page-faulted at every frame of a hint) and where it goes; the same pixels as drawn in place."""
    box = aligned_box(pygame.Rect(capsules[0]).unionall([pygame.Rect(c) for c in capsules]), scale)
    layer = make_layer(box.size, scale, alpha=True)
    for x, y, w, h in capsules:
        capsule = pygame.Rect(x - box.x, y - box.y, w, h)
        draw.rect(layer, (*color, 28), capsule, border_radius=radius)
        draw.rect(layer, (*color, 255), capsule, width=6, border_radius=radius)
    return layer, box.topleft


def draw_mini_board(
    surface: Target, rect: pygame.Rect, state: LewthwaiteState, time: float, snake: bool = False
) -> BoardView:
    """A board fitted in ``rect`` (menu cards and rules illustrations)."""
    view = BoardView(state.params.rows, state.params.cols, rect.center, min(rect.width, rect.height) - 20)
    view.draw_board(surface, snake)
    if snake:
        view.draw_snake(surface, state, None, time)
    else:
        view.draw_tokens(surface, state, time=time, dim_moved=False)
    return view


__all__ = ["BoardView", "MoveAnimation", "draw_mini_board", "token_sprite", "board_surface", "RED", "BLUE"]
