"""The panels around Lightning's board: one card per player (how far their path still is) and
the supply (the pool, the tile in hand, the reserve). Drawing only: the scene says what to show.
"""

from __future__ import annotations

import math

import pygame

from games.budget import MB, ByteCache, budgeted
from games.lightning.rules import LightningState
from games.lightning.scene_parts.layout import Layout
from games.lightning.tiles import DESIGNS, Tile
from games.lightning.view import GOLD, NIGHT, PLAYER_COLORS, PLAYER_DARK, draw_tile, draw_tile_back
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target, aligned_box, blit, make_layer, scale_of
from kiosk.i18n import tr


def draw_card(surface: Target, player: int, state: LightningState, distance: int | None, name: str,
              lines: tuple[str, str], active: float | None) -> None:
    """``player``'s card: the name, the big line and its explanation (``lines``), and a gauge of
    how much of the way the best path has come (``distance`` tiles still, None: walled off).
    ``active``: the time, for the card of the player to move (it bobs and is outlined). Drawn
    once per look and place of its bob (:func:`card_picture`), then blitted."""
    bob = -round(3 * math.sin(active * 3)) if active is not None else 0
    sprite, area = card_picture(player, card_look(state, player, distance, name, lines), active is not None, bob,
                                scale_of(surface))
    blit(surface, sprite, area.topleft)


#: What a card shows: its name, its two lines, the gauge's length and how much of it is done.
CardLook = tuple[str, tuple[str, str], int, int]
#: The places of a bobbing card (:func:`draw_card`'s ``bob``).
BOBS = range(-3, 4)


def card_look(state: LightningState, player: int, distance: int | None, name: str, lines: tuple[str, str]) -> CardLook:
    """What ``player``'s card shows (:func:`draw_card`)."""
    total = state.geo.half_rows
    done = total if state.winner == player else 0 if distance is None else max(0, total - distance)
    return name, lines, total, done


def prepare_card(player: int, look: CardLook, active: bool, scale: float) -> None:
    """Draw ahead, off the frame loop, the pictures of ``player``'s card with ``look``: still (as
    the still layer shows the card of the player waiting) and, for the player to move
    (``active``), in each place of its bob. A new position's words drawn on the frame thread cost
    about a millisecond a picture (88 pictures in ten turns against the computer)."""
    card_picture(player, look, False, 0, scale)
    if active:
        for bob in BOBS:
            card_picture(player, look, True, bob, scale)


#: Each card's pictures, one per look, place of its bob and outline (two cards' sixteen places for
#: two looks, the one on screen and the one drawn ahead: 29 MB at 1080p). A look has its own
#: pictures, never one drawn again over another's: a picture drawn ahead on the thinker's thread
#: is never one the frame thread is blitting.
_PICTURES = ByteCache("games.lightning.scene_parts.panels.card_picture", 30 * MB, scope="lightning")


def card_picture(player: int, look: CardLook, active: bool, bob: int, scale: float) -> tuple[Target, pygame.Rect]:
    """A card (:func:`draw_card`: its name, lines, gauge of ``done`` tiles of ``total``) with
    its shadow, on a see-through layer over the area where it bobs (placed where drawing on it
    rounds as drawing on the screen does: the same pixels), and that area. A card bobs through
    seven places: drawn at each once (0.4 ms at 1080p drawn at every frame, a blit once kept)."""
    key = (player, look, active, bob, scale)
    kept = _PICTURES.get(key)
    if kept is not None:
        return kept
    area = aligned_box(Layout.CARDS[player].inflate(64, 72), scale)
    layer = make_layer(area.size, scale, alpha=True)
    name, (big, why), total, done = look
    card = Layout.CARDS[player].move(-area.x, -area.y + bob)
    colour, dark = PLAYER_COLORS[player], PLAYER_DARK[player]
    ui.draw_panel(layer, card, theme.PANEL, 22, 10, border=colour if active else None)
    header = pygame.Rect(card.x, card.y, card.width, 52)
    draw.rect(layer, colour, header, border_top_left_radius=22, border_top_right_radius=22)
    Layout.CARD_NAME.draw(layer, name, theme.WHITE, rect=Layout.CARD_NAME.rect.move(card.topleft))
    Layout.CARD_BIG.draw(layer, big, dark, rect=Layout.CARD_BIG.rect.move(card.topleft))
    # The gauge: how much of the way the best path has come (17 tiles at least on an empty half).
    gauge = pygame.Rect(card.x + 22, card.y + 108, card.width - 44, 18)
    draw.rect(layer, (236, 228, 214), gauge, border_radius=9)
    if done:
        fill = gauge.copy()
        fill.width = max(18, round(gauge.width * done / total))
        draw.rect(layer, colour, fill, border_radius=9)
    Layout.CARD_WHY.draw(layer, why, theme.INK_SOFT, rect=Layout.CARD_WHY.rect.move(card.topleft))
    _PICTURES.put(key, (layer, area))
    return layer, area


def supply_glow(time: float) -> ui.Color:
    """The colour of the rings round the pool and the reserve while a person is taking (they
    glow in steps: :func:`ui.glow_level`)."""
    return ui.blend(GOLD, theme.WHITE, ui.glow_level(time * 5))


#: The supply's parts, each in its own box (:data:`SUPPLY_AREAS`).
SUPPLY_PARTS = ("pool", "hand", "reserve")
#: Where each part of the supply draws (logical, with the tiles' shadows and a margin): the pool
#: with its words, the hand's label and tile, the reserve with its badges or its words.
SUPPLY_AREAS = {"pool": pygame.Rect(274, 468, 140, 200), "hand": pygame.Rect(410, 468, 176, 176),
                "reserve": pygame.Rect(594, 468, 400, 152)}


def draw_supply(surface: Target, state: LightningState, *, taking: bool, time: float, pool_text: str,
                hand_label: str, hand_tile: Tile | None, rings: bool | None = None,
                parts: tuple[str, ...] = SUPPLY_PARTS) -> None:
    """The pool (a little stack of face-down tiles), the tile in hand (``hand_tile`` as shown,
    None while it flies or is dragged) and the reserve; they glow while a person is ``taking``.
    ``rings``: only the glowing rings (True: the part that moves), or all but them (False:
    the still part); the rings cross nothing drawn after them, so the two make the whole.
    ``parts``: only those of :data:`SUPPLY_PARTS` (each draws in its :data:`SUPPLY_AREAS` box)."""
    if rings:
        if taking:
            glow = supply_glow(time)
            if state.pool_size:
                draw.rect(surface, glow, Layout.POOL_RECT.inflate(12, 12), 4, border_radius=18)
            counts = state.reserve_counts()
            for k, design in enumerate(DESIGNS):
                if counts[design]:
                    draw.rect(surface, glow, Layout.reserve_rect(k).inflate(8, 8), 3, border_radius=10)
        return
    taking = taking and rings is None
    glow = supply_glow(time)
    if "pool" in parts:
        stack = min(5, (state.pool_size + 29) // 30)
        if stack:
            picture, area = pool_picture(stack, scale_of(surface))
            blit(surface, picture, area.topleft)
        if taking and state.pool_size:
            draw.rect(surface, glow, Layout.POOL_RECT.inflate(12, 12), 4, border_radius=18)
        Layout.POOL_COUNT.draw(surface, pool_text, theme.INK)
    if "hand" in parts:
        Layout.HAND_LABEL.draw(surface, hand_label, PLAYER_DARK[state.current_player])
        if hand_tile is not None:
            draw_tile(surface, Layout.HAND_RECT.inflate(-18, -18), hand_tile, PLAYER_COLORS[state.current_player])
    if "reserve" in parts:
        _draw_reserve(surface, state, taking, glow)


@budgeted(MB, scope="lightning")
def pool_picture(stack: int, scale: float) -> tuple[Canvas, pygame.Rect]:
    """The pool's ``stack`` of face-down tiles (one for 30 tiles left, five at most) on a
    see-through layer, and the area it covers (placed where drawing on it rounds as drawing on
    the screen does: the same pixels). Drawn once per height of the stack: its 40 shapes were
    drawn each time the pool's part of the still layer was painted (a tile taken, the hand
    emptied or the reserve filled beside it), 0.3-0.5 ms at 1080p."""
    tiles = [Layout.POOL_RECT.move(k * 3 - 3, -k * 3 + 3) for k in range(stack, 0, -1)]
    box = tiles[0].unionall(tiles[1:])
    area = aligned_box(box.union(box.move(0, 3)).inflate(2, 2), scale)  # the backs' shadows 3 px under them
    layer = make_layer(area.size, scale, alpha=True)
    for tile in tiles:
        draw_tile_back(layer, tile.move(-area.x, -area.y))
    return layer, area


def _draw_reserve(surface: Target, state: LightningState, taking: bool, glow: ui.Color) -> None:
    """The reserve: face-up tiles anyone may take, each with its count (glowing while taking)."""
    counts = state.reserve_counts()
    for k, design in enumerate(DESIGNS):
        if not counts[design]:
            continue
        rect = Layout.reserve_rect(k)
        draw_tile(surface, rect, Tile(design, 0))
        badge = pygame.Rect(0, 0, 34, 24)
        badge.midtop = (rect.centerx, rect.bottom + 4)
        draw.rect(surface, NIGHT, badge, border_radius=12)
        ui.draw_text(surface, f"×{counts[design]}", badge.center, 17, theme.WHITE, "bold", "center")
        if taking:
            draw.rect(surface, glow, rect.inflate(8, 8), 3, border_radius=10)
    if not state.reserve_size:
        Layout.RESERVE_EMPTY.draw(surface, tr("lightning.reserve.empty"), theme.INK_SOFT)
