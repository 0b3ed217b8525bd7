"""Where Lightning's screen puts things on the 1280 x 720 canvas, and what of it never moves
(:func:`static_layer`: paper, title, the supply's labels and shelf, drawn once for every game)."""

from __future__ import annotations

import pygame

from games.budget import MB, budgeted
from games.lightning.rules import COLS
from games.lightning.tiles import DESIGNS
from games.lightning.view import GOLD, LABEL_BAND, NIGHT, PAD, draw_bolt_icon
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, make_layer, native_sprite
from kiosk.i18n import tr

#: The side of a square on the 1280 x 720 canvas in the half where a person plays (63 px on a
#: 1080p screen), and in the other half; 36 each when the halves are equal.
BIG, SMALL = 42, 30
VIEWPORT = pygame.Rect(8, 92, 1264, COLS * BIG + PAD + LABEL_BAND)
TextBox = ui.TextBox


class Layout:
    """The screen's boxes and rectangles (the scene inherits them as class attributes)."""

    STATUS = TextBox(pygame.Rect(292, 14, 566, 66), 24, lines=2, smallest=17)
    STATUS_PANEL = pygame.Rect(254, 10, 620, 74)
    #: The same box on a real table: the headline and up to two things to put right.
    STATUS_TABLE = TextBox(pygame.Rect(292, 13, 566, 68), 22, lines=3, smallest=16)
    SCORE = TextBox(pygame.Rect(18, 64, 220, 24), 18, smallest=13)
    CARDS = {1: pygame.Rect(12, 478, 258, 234), 2: pygame.Rect(1010, 478, 258, 234)}
    CARD_NAME = TextBox(pygame.Rect(14, 0, 230, 52), 27, smallest=16, kind="title")
    CARD_BIG = TextBox(pygame.Rect(14, 60, 230, 42), 32, smallest=20, kind="title")
    CARD_WHY = TextBox(pygame.Rect(16, 136, 226, 90), 19, lines=3, smallest=15)
    POOL_RECT = pygame.Rect(302, 524, 92, 92)
    POOL_LABEL = TextBox(pygame.Rect(284, 480, 128, 34), 24, smallest=16)
    POOL_COUNT = TextBox(pygame.Rect(284, 628, 120, 30), 22, smallest=15)
    HAND_RECT = pygame.Rect(432, 514, 120, 120)
    HAND_LABEL = TextBox(pygame.Rect(412, 480, 160, 30), 22, smallest=14)
    RESERVE_LABEL = TextBox(pygame.Rect(600, 480, 384, 34), 24, smallest=16)
    RESERVE_EMPTY = TextBox(pygame.Rect(600, 584, 384, 26), 20, smallest=15, kind="text")
    ROTATE_RECT = pygame.Rect(410, 644, 164, 58)
    SHELVE_RECT = pygame.Rect(640, 644, 300, 58)

    @staticmethod
    def reserve_rect(k: int) -> pygame.Rect:
        """The reserve's slot of design number ``k`` (in ``DESIGNS`` order)."""
        return pygame.Rect(614 + k * 74, 522, 60, 60)


@budgeted(13 * MB, scope='lightning')
@native_sprite
def static_layer(size: tuple[int, int], lang: str, scale: float = 1.0) -> Canvas:
    """What never moves: paper, title, the supply's labels and shelf (drawn once for every game)."""
    layer = make_layer(size, scale).convert()
    layer.blit(ui.background(size), (0, 0))
    draw_bolt_icon(layer, pygame.Rect(18, 14, 30, 46), GOLD)
    ui.draw_text(layer, tr("lightning.title"), (54, 38), 40, NIGHT, "title", "midleft")
    ui.draw_panel(layer, Layout.STATUS_PANEL, theme.PANEL, 26, 6)
    Layout.POOL_LABEL.draw(layer, tr("lightning.pool"), NIGHT)
    Layout.RESERVE_LABEL.draw(layer, tr("lightning.reserve"), NIGHT)
    draw.rect(layer, (236, 228, 214), Layout.HAND_RECT, border_radius=20)
    draw.rect(layer, (210, 198, 180), Layout.HAND_RECT, 3, border_radius=20)
    for k in range(len(DESIGNS)):
        draw.rect(layer, (226, 216, 200), Layout.reserve_rect(k), 2, border_radius=8)
    first, last = Layout.reserve_rect(0), Layout.reserve_rect(len(DESIGNS) - 1)
    shelf = pygame.Rect(first.x - 8, 612, last.right - first.x + 16, 9)
    draw.rect(layer, (200, 170, 128), shelf, border_radius=5)
    return layer
