"""Lightning's pictures outside the game: the illustrated rules pages and the menu card's icon."""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from games.budget import MB, budgeted
from games.lightning.rules import Cell, LightningState, from_board
from games.lightning.tiles import DESIGNS, Tile
from games.lightning.view import (
    GOLD,
    NIGHT,
    BoardView,
    draw_bolt_icon,
    draw_mini_board,
    draw_tile,
    draw_tile_back,
    icon_turn,
    mini_facts,
    polyline,
    stroke_points,
)
from kiosk import draw, theme, ui
from kiosk.canvas import Target
from kiosk.i18n import tr
from kiosk.overlays import RulesPage

TextBox = ui.TextBox

# --- rules pages and their illustrations -----------------------------------------------------

MINI_PATH = ((9, 1, "Z2"), (8, 1, "D1"), (7, 1, "D0"), (6, 0, "Z0"), (5, 0, "I0"))
MINI_BLUE = ((0, 1, "I0"), (1, 1, "S0"), (2, 2, "D1"))


@budgeted(MB, scope='lightning')
def _mini_state(tiles: tuple[tuple[int, int, str], ...], player: int = 1) -> LightningState:
    """A 5 x 3 per half board (rules pages) holding ``tiles`` (built once per picture)."""
    rows = [["."] * 3 for _ in range(10)]
    for r, c, text in tiles:
        rows[r][c] = text
    return from_board("\n".join(" ".join(row) for row in rows), player=player, hand="Z")


def _goal_shown(time: float) -> int:
    """How many tiles of the path the goal page's board shows at ``time``."""
    return min(len(MINI_PATH), int(time / 0.6))


def _illustrate_goal(surface: Target, rect: pygame.Rect, time: float) -> None:
    draw_mini_board(surface, rect, _mini_state(MINI_PATH[:_goal_shown(time)] + MINI_BLUE), time)


def _board_look(time: float, bolt: bool, legal: bool = False) -> tuple[Hashable, ...]:
    """What a small board's glows show at ``time`` (:func:`draw_mini_board`): the centre line's
    colour (in steps), the breathing squares' alpha (in steps) and the bolt's flicker."""
    return (BoardView.seam_colour(time), BoardView.legal_alpha(time) if legal else None,
            BoardView.bolt_alpha(time) if bolt else None)


def _goal_step(time: float) -> Hashable:
    """What the goal page's picture shows at ``time``: the tiles laid and the glows (between two
    steps of the glowing centre line, a frame is not drawn: it was drawn at every frame, 1.4-1.6
    ms at 1080p)."""
    shown = _goal_shown(time)
    return (shown, _board_look(time, mini_facts(_mini_state(MINI_PATH[:shown] + MINI_BLUE)).winning != ()))


def _turn_step(time: float) -> int:
    """The quarter turns the tile in hand shows at ``time`` (all the turn page's picture changes)."""
    return int(time / 0.9) % 4


def _illustrate_turn(surface: Target, rect: pygame.Rect, time: float) -> None:
    pool = pygame.Rect(rect.x + 20, rect.y + 90, 120, 120)
    for k in range(3, 0, -1):
        draw_tile_back(surface, pool.move(k * 4 - 4, -k * 4 + 4))
    ui.draw_text(surface, tr("lightning.pool"), (pool.centerx, pool.y - 40), 26, NIGHT, "bold", "midtop")
    hand = pygame.Rect(rect.centerx - 70, rect.y + 80, 140, 140)
    draw_tile(surface, hand, Tile("Z", _turn_step(time)), theme.RED)
    ui.draw_text(surface, tr("lightning.hand.you"), (hand.centerx, hand.y - 40), 26, NIGHT, "bold", "midtop")
    icon_turn(surface, pygame.Rect(hand.centerx - 24, hand.bottom + 14, 48, 48), (120, 104, 200))
    shelf = pygame.Rect(rect.right - 150, rect.y + 90, 140, 120)
    ui.draw_text(surface, tr("lightning.reserve"), (shelf.centerx, shelf.y - 40), 26, NIGHT, "bold", "midtop")
    for k, design in enumerate(("L", "I")):
        draw_tile(surface, pygame.Rect(shelf.x + k * 72, shelf.y + 20, 64, 64), Tile(design, 0))
    draw.rect(surface, (200, 170, 128), (shelf.x, shelf.y + 92, shelf.width, 10), border_radius=5)
    # Arrows: pool -> hand <- reserve (and a pool tile may go to the reserve).
    y = hand.centery
    for x0, x1 in ((pool.right + 14, hand.left - 14), (shelf.left - 14, hand.right + 14)):
        draw.line(surface, NIGHT, (x0, y), (x1, y), 5)
        d = 1 if x1 > x0 else -1
        draw.polygon(surface, NIGHT, [(x1, y), (x1 - 14 * d, y - 10), (x1 - 14 * d, y + 10)])


@budgeted(MB, scope='lightning')
def _legal(state: LightningState) -> frozenset[Cell]:
    """The squares the tile in hand may go on (a picture's: worked out once)."""
    return frozenset(state.legal_cells())


#: The squares the "where" page's ghost tile goes over, and whether it may go there.
WHERE_TOUR = (((7, 1), True), ((7, 2), True), ((9, 2), True), ((6, 2), False), ((2, 1), True))


def _where_shown(time: float) -> int:
    """Where along :data:`WHERE_TOUR` the ghost tile is at ``time``."""
    return int(time / 1.1) % len(WHERE_TOUR)


def _where_step(time: float) -> Hashable:
    """What the "where" page's picture shows at ``time``: the ghost's square and the glows."""
    return (_where_shown(time), _board_look(time, False, legal=True))


def _illustrate_where(surface: Target, rect: pygame.Rect, time: float) -> None:
    state = _mini_state(MINI_PATH[:2] + MINI_BLUE[:1])
    legal = _legal(state)
    cell, ok = WHERE_TOUR[_where_shown(time)]
    draw_mini_board(surface, rect, state, time, legal, ghost=(cell, Tile("D", 0), ok))


BRANCH = MINI_PATH[:2] + ((7, 2, "L0"),) + MINI_PATH[2:]


def _branch_shown(time: float) -> int:
    """How many tiles the branch page's board shows at ``time``."""
    return min(len(BRANCH), int(time / 0.9) + 2)


def _branch_step(time: float) -> Hashable:
    """What the branch page's picture shows at ``time``: the tiles laid and the glows."""
    shown = _branch_shown(time)
    return (shown, _board_look(time, mini_facts(_mini_state(BRANCH[:shown] + MINI_BLUE)).winning != ()))


def _illustrate_branch(surface: Target, rect: pygame.Rect, time: float) -> None:
    shown = _branch_shown(time)
    state = _mini_state(BRANCH[:shown] + MINI_BLUE)
    draw_mini_board(surface, rect, state, time, cross=(7, 2) if shown == 3 else None)


DESIGN_LABEL = TextBox(pygame.Rect(0, 0, 150, 30), 24, smallest=16)


def _illustrate_tiles(surface: Target, rect: pygame.Rect, time: float) -> None:
    for k, design in enumerate(DESIGNS):
        row, col = divmod(k, 3)
        x = rect.x + 30 + col * 160 + (80 if row else 0)
        tile = pygame.Rect(x, rect.y + 40 + row * 200, 110, 110)
        bob = round(4 * math.sin(time * 2 + k))
        draw_tile(surface, tile.move(0, bob), Tile(design, 0), NIGHT, width=0.12, board_turn=0)
        label = DESIGN_LABEL.rect.copy()
        label.midtop = (tile.centerx, tile.bottom + 10)
        DESIGN_LABEL.draw(surface, tr(f"lightning.design.{design}"), theme.INK_SOFT, rect=label)


def prepare_rules() -> None:
    """The rules pages' small boards worked out ahead (their paths, powered tiles, bolts and
    legal squares: a few milliseconds each, on the frame thread when a picture showed a new
    tile otherwise): called where a game's screen is drawn ahead, off the frame thread."""
    states = [_mini_state(MINI_PATH[:k] + MINI_BLUE) for k in range(len(MINI_PATH) + 1)]
    states += [_mini_state(BRANCH[:k] + MINI_BLUE) for k in range(2, len(BRANCH) + 1)]
    where = _mini_state(MINI_PATH[:2] + MINI_BLUE[:1])
    _legal(where)
    for state in [*states, where]:
        mini_facts(state)


def rules_pages() -> list[RulesPage]:
    """The illustrated rules, faithful to the CEMÉA article (the tile designs are ours)."""
    illustrations = (_illustrate_goal, _illustrate_turn, _illustrate_where, _illustrate_branch, _illustrate_tiles)
    # The pictures change in steps (a frame showing the same step is not drawn: the boards'
    # glowing seam is in steps, :func:`ui.glow_level`); the bobbing tiles animate.
    steps = {_illustrate_turn: _turn_step, _illustrate_goal: _goal_step, _illustrate_where: _where_step,
             _illustrate_branch: _branch_step}
    return [
        RulesPage(f"lightning.rules.p{k}.title", tr(f"lightning.rules.p{k}.text"), draw, steps.get(draw))
        for k, draw in enumerate(illustrations, 1)
    ]


# --- the menu card -----------------------------------------------------------------------------


def draw_icon(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu card illustration: a row of diagonal tiles forming a zigzag bolt, lit by a
    wave of gold running along it."""
    size = min(rect.width // 4, rect.height * 2 // 3)
    x0 = rect.centerx - 2 * size
    y = rect.centery - size // 2
    for k in range(4):
        tile = Tile("D", 1 if k % 2 == 0 else 0)  # / then \ : corners meet, a zigzag
        wave = max(0.0, math.sin(time * 3 - k * 0.9))
        r = pygame.Rect(x0 + k * size, y, size - 2, size - 2)
        draw_tile(surface, r, tile, ui.blend(NIGHT, (235, 170, 20), wave), width=0.13, board_turn=0)
    draw_bolt_icon(surface, pygame.Rect(rect.right - size * 0.55, rect.top, size * 0.6, size * 0.9), GOLD)


# The menu draws the icon in parts (kiosk.screens.IconParts): the tiles with their strokes unlit
# and the bolt are kept; at each frame only the lit strokes are drawn again over their unlit
# ones (the same unsmoothed shape: every pixel of it is replaced), then the bolt over them.


def _icon_tiles(rect: pygame.Rect, time: float) -> tuple[int, list[tuple[pygame.Rect, Tile, float]]]:
    """The icon's tile size, and each tile's square, tile and wave of light (0: unlit)."""
    size = min(rect.width // 4, rect.height * 2 // 3)
    x0 = rect.centerx - 2 * size
    y = rect.centery - size // 2
    return size, [(pygame.Rect(x0 + k * size, y, size - 2, size - 2), Tile("D", 1 if k % 2 == 0 else 0),
                   max(0.0, math.sin(time * 3 - k * 0.9))) for k in range(4)]


def icon_still(time: float) -> Hashable:
    """The key of :func:`draw_icon_still`: the unlit tiles and the bolt never change."""
    return ()


def icon_lit(time: float) -> bool:
    """Whether :func:`draw_icon_live` draws anything at ``time`` (a tile's stroke is lit)."""
    return any(math.sin(time * 3 - k * 0.9) > 0 for k in range(4))


def draw_icon_still(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu picture's tiles, all unlit, and the bolt."""
    size, tiles = _icon_tiles(rect, time)
    for r, tile, _wave in tiles:
        draw_tile(surface, r, tile, NIGHT, width=0.13, board_turn=0)
    draw_bolt_icon(surface, pygame.Rect(rect.right - size * 0.55, rect.top, size * 0.6, size * 0.9), GOLD)


def draw_icon_live(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu picture's lit strokes (clipped to their tile, as :func:`draw_tile` draws them),
    and the bolt over them."""
    size, tiles = _icon_tiles(rect, time)
    lit = [(r, tile, wave) for r, tile, wave in tiles if wave > 0]
    if not lit:
        return
    clip = surface.get_clip()
    for r, tile, wave in lit:
        surface.set_clip(r.clip(clip))
        stroke = ui.blend(NIGHT, (235, 170, 20), wave)
        polyline(surface, stroke, stroke_points(tile, r, 0), max(3, round(r.width * 0.13)))
    surface.set_clip(clip)
    draw_bolt_icon(surface, pygame.Rect(rect.right - size * 0.55, rect.top, size * 0.6, size * 0.9), GOLD)
