"""Drawing Hexapawn: the board, the pawns, and a matchbox of the learning machine with its
beads (shared by the scene, the rules pages and the science corner)."""

from __future__ import annotations

import math

import pygame

from games.hexapawn.machine import canonical, flip
from games.hexapawn.rules import BLACK, CODE, SIZE, WHITE, HexapawnState, Move
from kiosk import draw, theme, ui
from kiosk.canvas import Target

#: A bead's colour for each move of a box, in the box position's move order (Okabe & Ito's
#: palette: told apart with every common colour blindness).
BEAD_RGB = ((230, 159, 0), (86, 180, 233), (0, 158, 115), (213, 94, 0), (204, 121, 167), (0, 114, 178),
            (240, 228, 66))
PAWN_RGB = {WHITE: ((250, 248, 240), (120, 110, 100)), BLACK: ((52, 48, 60), (20, 18, 24))}
CARDBOARD, CARDBOARD_DARK, TRAY = (214, 170, 110), (160, 118, 66), (120, 84, 48)


def bead_rgb(index: int) -> tuple[int, int, int]:
    """The colour of the beads of a box's move ``index``."""
    return BEAD_RGB[index % len(BEAD_RGB)]


class BoardView:
    """A 3 x 3 board with its top-left corner at ``origin`` and cells of ``cell`` pixels."""

    def __init__(self, origin: tuple[int, int], cell: int) -> None:
        self.origin = origin
        self.cell = cell

    @property
    def rect(self) -> pygame.Rect:
        """The whole board."""
        return pygame.Rect(self.origin[0], self.origin[1], SIZE * self.cell, SIZE * self.cell)

    def cell_rect(self, cell: tuple[int, int]) -> pygame.Rect:
        """The square of ``cell``."""
        return pygame.Rect(self.origin[0] + cell[1] * self.cell, self.origin[1] + cell[0] * self.cell, self.cell,
                           self.cell)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The cell under ``pos`` (None off the board)."""
        x, y = pos[0] - self.origin[0], pos[1] - self.origin[1]
        if 0 <= x < SIZE * self.cell and 0 <= y < SIZE * self.cell:
            return y // self.cell, x // self.cell
        return None

    def draw_board(self, surface: Target, labels: bool = True) -> None:
        """The wooden squares, light and dark, and the files and ranks."""
        frame = self.rect.inflate(self.cell // 6, self.cell // 6)
        draw.rect(surface, theme.WOOD_EDGE, frame, border_radius=max(4, self.cell // 8))
        for r in range(SIZE):
            for c in range(SIZE):
                colour = theme.WOOD_LIGHT if (r + c) % 2 == 0 else theme.WOOD_DARK
                draw.rect(surface, colour, self.cell_rect((r, c)))
        if labels and self.cell >= 60:
            size = max(14, self.cell // 8)
            for k in range(SIZE):
                ui.draw_text(surface, "abc"[k], (self.cell_rect((SIZE - 1, k)).centerx, frame.bottom + 4), size,
                             theme.INK_SOFT, "bold", "midtop")
                ui.draw_text(surface, str(SIZE - k), (frame.left - 8, self.cell_rect((k, 0)).centery), size,
                             theme.INK_SOFT, "bold", "midright")

    def draw_pawns(self, surface: Target, state: HexapawnState, skip: tuple[int, int] | None = None) -> None:
        """Every pawn but the one on ``skip`` (it is moving)."""
        for player in (WHITE, BLACK):
            for cell in state.pawns(player):
                if cell != skip:
                    draw_pawn(surface, player, self.cell_rect(cell).center, self.cell)

    def draw_arrow(self, surface: Target, move: Move, colour: tuple[int, int, int], width: int = 0) -> None:
        """An arrow from the move's cell to its target."""
        start = pygame.Vector2(self.cell_rect(move[0]).center)
        end = pygame.Vector2(self.cell_rect(move[1]).center)
        width = width or max(3, self.cell // 10)
        direction = (end - start).normalize()
        tip = end - direction * self.cell * 0.18
        base = tip - direction * width * 2.4
        side = pygame.Vector2(-direction.y, direction.x) * width * 1.6
        begin = start + direction * self.cell * 0.2
        draw.line(surface, colour, (begin.x, begin.y), (base.x, base.y), width)
        draw.polygon(surface, colour, [(p.x, p.y) for p in (tip, base + side, base - side)])

    def draw_ring(self, surface: Target, cell: tuple[int, int], colour: tuple[int, int, int], time: float) -> None:
        """A pulsing ring on ``cell`` (a selected pawn, the squares it may go to)."""
        rect = self.cell_rect(cell).inflate(-8, -8)
        width = ring_width(time)
        draw.rect(surface, colour, rect, width=width, border_radius=self.cell // 8)


def ring_width(time: float) -> int:
    """The width of a pulsing ring at ``time`` (4 to 8 pixels)."""
    return 4 + round(2 * (1 + math.sin(time * 5)))


def draw_pawn(surface: Target, player: int, centre: tuple[float, float], cell: int) -> None:
    """A pawn seen from above and the side: a round head on a wide foot."""
    fill, edge = PAWN_RGB[player]
    x, y = centre
    foot = pygame.Rect(0, 0, round(cell * 0.62), round(cell * 0.22))
    foot.center = (round(x), round(y + cell * 0.22))
    body = [(x - cell * 0.16, y + cell * 0.16), (x + cell * 0.16, y + cell * 0.16), (x + cell * 0.08, y - cell * 0.08),
            (x - cell * 0.08, y - cell * 0.08)]
    draw.ellipse(surface, edge, foot.inflate(6, 6))
    draw.ellipse(surface, fill, foot)
    draw.polygon(surface, edge, body, 0)
    inner = [(px * 0.85 + x * 0.15, py * 0.85 + y * 0.15) for px, py in body]
    draw.polygon(surface, fill, inner, 0)
    head = round(cell * 0.16)
    draw.circle(surface, edge, (round(x), round(y - cell * 0.14)), head + 3)
    draw.circle(surface, fill, (round(x), round(y - cell * 0.14)), head)


def draw_matchbox(surface: Target, rect: pygame.Rect, state: HexapawnState, beads: list[int],
                  drawn: int | None = None, time: float = 0.0, emptied: bool = False, lifted: bool = True) -> None:
    """A matchbox: on its lid the box's position with an arrow of each move's colour, in its
    tray the beads left (the one drawn, ``drawn``, lifted out and ringed; left out without
    ``lifted``)."""
    # The lid shows the position as it stands on the board (the box may hold its mirror image:
    # its moves are turned back, each keeping its bead colour).
    position, mirrored = canonical(state)
    moves = [flip(m) if mirrored else m for m in position.legal_moves()]
    draw.rect(surface, CARDBOARD_DARK, rect.move(0, 4), border_radius=10)
    draw.rect(surface, CARDBOARD, rect, border_radius=10)
    lid_side = min(rect.height - 16, rect.width // 2 - 12)
    view = BoardView((rect.x + 10, rect.y + (rect.height - lid_side) // 2), lid_side // SIZE)
    view.draw_board(surface, labels=False)
    view.draw_pawns(surface, state)
    for k, move in enumerate(moves):
        if k < len(beads) and beads[k]:
            view.draw_arrow(surface, move, bead_rgb(k), max(2, view.cell // 9))
    draw_tray(surface, rect, beads, drawn, time, emptied, lifted)


def _tray(rect: pygame.Rect) -> tuple[pygame.Rect, int]:
    """The tray of a matchbox drawn in ``rect`` (right of its lid) and its beads' radius."""
    lid_side = min(rect.height - 16, rect.width // 2 - 12)
    tray = pygame.Rect(rect.x + lid_side + 24, rect.y + 10, rect.right - rect.x - lid_side - 34, rect.height - 20)
    return tray, max(5, min(tray.width // 10, tray.height // 6, 22))


def tray_box(rect: pygame.Rect) -> pygame.Rect:
    """Where :func:`draw_tray` draws for a matchbox in ``rect``: the tray and, above it, the
    bead drawn at every bob with its ring."""
    tray, radius = _tray(rect)
    return tray.union(pygame.Rect(tray.x, tray.top - 2 * radius - 14, tray.width, 2 * radius + 14)).inflate(4, 4)


def draw_tray(surface: Target, rect: pygame.Rect, beads: list[int], drawn: int | None = None, time: float = 0.0,
              emptied: bool = False, lifted: bool = True) -> None:
    """The tray of the matchbox in ``rect`` with the ``beads`` left, the one ``drawn`` lifted
    out and ringed (left out without ``lifted``: the tray under it)."""
    tray, radius = _tray(rect)
    draw.rect(surface, TRAY, tray, border_radius=8)
    spots = _bead_spots(tray, radius, sum(beads))
    k = 0
    for index, count in enumerate(beads):
        for n in range(count):
            if k >= len(spots):
                break
            centre: tuple[float, float] = spots[k]
            if drawn == index and n == count - 1:
                if not lifted:
                    k += 1
                    continue
                bob = 4 * math.sin(time * 4)
                centre = (centre[0], tray.top - radius + bob)
                draw.circle(surface, theme.HINT, centre, radius + 5)
            draw.circle(surface, ui.darker(bead_rgb(index), 0.35), centre, radius + 1)
            draw.circle(surface, bead_rgb(index), centre, radius - 1)
            k += 1
    if emptied:
        draw.line(surface, theme.BAD, tray.topleft, tray.bottomright, 4)
        draw.line(surface, theme.BAD, tray.topright, tray.bottomleft, 4)


def _bead_spots(tray: pygame.Rect, radius: int, count: int) -> list[tuple[int, int]]:
    """Where ``count`` beads lie in ``tray``: rows from the bottom, a little shuffled."""
    step = 2 * radius + 4
    across = max(1, (tray.width - 8) // step)
    spots = []
    for k in range(count):
        row, col = divmod(k, across)
        shift = radius if row % 2 else 0
        x = tray.x + 6 + radius + col * step + shift
        y = tray.bottom - 6 - radius - row * (step - 4)
        spots.append((min(x, tray.right - radius - 4), max(y, tray.top + radius)))
    return spots


def pawn_name(player: int) -> str:
    """The code of ``player``'s pawns (``W``/``B``)."""
    return CODE[player]
