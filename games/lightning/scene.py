"""Lightning on screen: the board lies sideways so its 34 x 8 squares are big enough to touch.

Screen layout (1280 x 720): the board fills the width, red's half (player 1, grid rows 17..33)
on the left with its start row at the far left, blue's half (player 2, rows 0..16) on the right,
the centre line in the middle. Grid north (towards row 0) points to the screen's right, so every
tile is drawn a quarter turn clockwise from its grid orientation. Below the board: the players'
cards, the pool, the tile in hand (rotate by tapping it, the wheel, R or Space) and the reserve.

The scene only draws the state and forwards choices to :mod:`games.lightning.rules`; computer
moves come from :mod:`games.lightning.ai`. Timing is data (tweens and timers advanced in
``update``), so ``--frames`` runs show the same animations.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from games.core import History
from games.effects import BoardLights, Sound
from games.lightning.ai import LEVELS, make_player
from games.lightning.rules import (
    SHELVE,
    TAKE_POOL,
    LightningState,
    Move,
    Place,
    Take,
    best_path,
    from_board,
    new_game,
    powered_cells,
    winning_cells,
)
from games.lightning.tiles import DESIGNS, Tile, distinct_rotations
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, make_layer, native_sprite, new_layer
from kiosk.i18n import tr
from kiosk.overlays import RulesPage, RulesScene
from kiosk.scene import Scene
from kiosk.tween import Timeline, Tween, ease_out_back, ease_out_cubic
from kiosk.worker import Worker

if TYPE_CHECKING:
    from kiosk.app import App

Cell = tuple[int, int]
Color = tuple[int, int, int]

CELL = 35
GAP = 12
BOARD_Y = 118
GOLD = (255, 214, 64)
TILE_FACE = (255, 249, 236)
TILE_EDGE = (214, 196, 168)
INK = (58, 52, 70)
NIGHT = (52, 46, 96)
PLAYER_COLORS = {1: theme.RED, 2: theme.BLUE}
PLAYER_DARK = {1: theme.RED_DARK, 2: theme.BLUE_DARK}
PLAYER_LIGHT = {1: theme.RED_LIGHT, 2: theme.BLUE_LIGHT}

# Screen directions of the 8 boundary points (x right, y down), in units of half a tile.
SCREEN_OFFSETS = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}


# Each design's stroke at rotation 0 in tile coordinates (-1..1, y down), from its first point
# to its second: the L is a quarter arc around the NE corner, Z and S are little lightning bolts.
def _stroke(design: str) -> list[tuple[float, float]]:
    if design == "I":
        return [(0, -1), (0, 1)]
    if design == "D":
        return [(-1, -1), (1, 1)]
    if design == "L":
        # Quarter circle of radius 1 centred on the NE corner (1, -1), from N (0,-1) to E (1,0).
        return [(1 - math.cos(a), -1 + math.sin(a)) for a in (k * math.pi / 16 for k in range(9))]
    if design == "Z":
        return [(0, -1), (-0.28, 0.22), (0.34, 0.02), (1, 1)]
    return [(0, -1), (0.28, 0.22), (-0.34, 0.02), (-1, 1)]


STROKES = {d: _stroke(d) for d in DESIGNS}


def _turn(points: list[tuple[float, float]], quarter_turns: int) -> list[tuple[float, float]]:
    for _ in range(quarter_turns % 4):
        points = [(-y, x) for x, y in points]
    return points


def screen_stroke(tile: Tile, board_turn: int = 1) -> list[tuple[float, float]]:
    """The tile's stroke in screen tile coordinates: its rotation plus the board's quarter turn
    (``board_turn=0`` draws it with grid north up, as in the rules legend)."""
    return _turn(STROKES[tile.design], tile.rotation + board_turn)


def draw_tile(
    surface: pygame.Surface,
    rect: pygame.Rect,
    tile: Tile,
    stroke: Color = INK,
    face: Color = TILE_FACE,
    width: float = 0.16,
    glow: Color | None = None,
    board_turn: int = 1,
) -> None:
    """A square tile with its segment (a thick rounded stroke), drawn in ``rect`` on screen."""
    radius = max(3, rect.width // 7)
    draw.rect(surface, ui.darker(face, 0.12), rect.move(0, max(1, rect.width // 18)), border_radius=radius)
    draw.rect(surface, face, rect, border_radius=radius)
    draw.rect(surface, TILE_EDGE, rect, width=1, border_radius=radius)
    half = rect.width / 2
    pts = [(rect.centerx + x * half, rect.centery + y * half) for x, y in screen_stroke(tile, board_turn)]
    w = max(3, round(rect.width * width))
    # Clip so the rounded stroke ends stop at the tile's edge, where the neighbour's stroke continues.
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    if glow is not None:
        _polyline(surface, glow, pts, w + max(4, rect.width // 6))
    _polyline(surface, stroke, pts, w)
    surface.set_clip(clip)


@lru_cache(maxsize=256)
@native_sprite
def tile_image(tile: Tile, stroke: Color, size: int, scale: float = 1.0) -> Canvas:
    """A tile drawn once into its own image (the board blits up to 150 of them a frame)."""
    image = make_layer((size, size + max(1, size // 18)), scale, alpha=True)
    draw_tile(image, pygame.Rect(0, 0, size, size), tile, stroke)
    return image


def _polyline(surface: pygame.Surface, color: Color, pts: list[tuple[float, float]], width: int) -> None:
    draw.lines(surface, color, False, pts, width)
    for p in pts:
        draw.circle(surface, color, p, width / 2)


def draw_tile_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A face-down tile: night blue with a small golden bolt."""
    radius = max(3, rect.width // 7)
    draw.rect(surface, ui.darker(NIGHT, 0.3), rect.move(0, 3), border_radius=radius)
    draw.rect(surface, NIGHT, rect, border_radius=radius)
    draw.rect(surface, (96, 88, 160), rect.inflate(-8, -8), width=2, border_radius=radius)
    _bolt(surface, rect.inflate(-rect.width * 0.5, -rect.height * 0.4), GOLD)


def _bolt(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    shape = [(0.62, 0.0), (0.18, 0.55), (0.48, 0.55), (0.32, 1.0), (0.86, 0.38), (0.55, 0.38), (0.75, 0.0)]
    draw.polygon(surface, color, [(r.left + x * r.width, r.top + y * r.height) for x, y in shape])


HALF_COLORS = {
    1: ((74, 36, 62), (104, 52, 80), (150, 66, 88)),
    2: ((30, 44, 92), (44, 64, 126), (56, 98, 178)),
}


@lru_cache(maxsize=4)
@native_sprite
def board_background(half_rows: int, cols: int, scale: float = 1.0) -> Canvas:
    """The static board: a night-sky frame, each half's squares as soft slots (start rows
    brighter, arrival rows touched with gold) and a few stars. Cached: drawn once."""
    rows = 2 * half_rows
    width, height = rows * CELL + GAP + 48, cols * CELL + 48
    image = make_layer((width, height), scale, alpha=True)
    draw.rect(image, (20, 18, 44), image.get_rect(), border_radius=22)
    draw.rect(image, (70, 62, 130), image.get_rect(), 3, border_radius=22)
    stars = random.Random(1892)
    for _ in range(60):
        x, y = (
            stars.randrange(6, width - 6),
            stars.choice((stars.randrange(5, 20), stars.randrange(height - 20, height - 5))),
        )
        draw.circle(image, (255, 255, 220, stars.randrange(60, 200)), (x, y), stars.choice((1, 1, 2)))
    for r in range(rows):
        player = 2 if r < half_rows else 1
        gap_color, slot, start = HALF_COLORS[player]
        k = rows - 1 - r
        x = 24 + k * CELL + (GAP if r < half_rows else 0)
        column = pygame.Rect(x, 24, CELL, cols * CELL)
        draw.rect(image, gap_color, column)
        start_row = (r == rows - 1) if player == 1 else (r == 0)
        arrival_row = r in (half_rows - 1, half_rows)
        color = start if start_row else ui.blend(slot, (255, 255, 255), 0.14) if arrival_row else slot
        for c in range(cols):
            cell = pygame.Rect(x, 24 + c * CELL, CELL, CELL).inflate(-3, -3)
            draw.rect(image, color, cell, border_radius=5)
            draw.line(image, ui.blend(color, (255, 255, 255), 0.12), cell.topleft, cell.topright)
    return image


@dataclass
class Flight:
    """A tile flying from the hand to the board (the computer's moves, and the human's drop)."""

    tile: Tile
    start: tuple[float, float]
    cell: Cell
    tween: Tween


class LightningScene(Scene):
    """One game of Lightning: hot-seat, against the computer, or computer against itself (demo)."""

    name = "lightning"

    def __init__(self, app: App, mode: str = "computer", level: str = "strong", seed: int | None = None) -> None:
        super().__init__(app)
        self.mode = mode
        self.level = level
        self.rng = random.Random(seed if seed is not None else app.rng.getrandbits(32))
        # The strong player may think for half a second: off the frame loop, so the sky still moves.
        self.thinker = Worker(threaded=not app.headless)
        self.thinking_about: object | None = None
        self.players = {p: make_player(level) for p in (1, 2)} if mode != "hotseat" else {}
        self.timeline = Timeline()
        self.buttons = self._make_buttons()
        self.hover: tuple[int, int] = (-1, -1)
        self.dragging = False
        self.press_pos: tuple[int, int] | None = None
        self.rotation = 0
        self.message = ""
        self.message_time = 0.0
        self.flight: Flight | None = None
        self.drop: tuple[Cell, Tween] | None = None
        self.flash = Tween(0, 0, 0.01)
        self.computer_wait = 0.0
        self.end_time = 0.0
        self.new_game()

    # --- set-up --------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start a new game; who begins is drawn at random."""
        self.history: History[LightningState] = History.start(new_game(self.rng))
        self.rotation = 0
        self.flight = None
        self.timeline.clear()
        self.end_time = 0.0
        self.computer_wait = self._think_time()
        self._refresh()
        first = tr("lightning.player1") if self.state.first == 1 else tr("lightning.player2")
        self.say(tr("lightning.starts", name=self._name(self.state.first)) if self.mode != "demo" else first)

    def _make_buttons(self) -> list[ui.Button]:
        buttons = [
            ui.Button(
                pygame.Rect(1280 - 84, 18, 64, 60),
                "",
                self.app.go_home,
                color=(108, 100, 170),
                icon=ui.icon_home,
                literal=True,
            ),
            ui.Button(
                pygame.Rect(1280 - 160, 18, 64, 60),
                "",
                self.new_game,
                color=(108, 100, 170),
                icon=ui.icon_restart,
                literal=True,
            ),
            ui.Button(
                pygame.Rect(1280 - 236, 18, 64, 60),
                "",
                self.open_rules,
                color=(108, 100, 170),
                icon=ui.icon_book,
                literal=True,
            ),
        ]
        if self.mode != "demo":
            buttons.append(
                ui.Button(
                    pygame.Rect(1280 - 312, 18, 64, 60),
                    "",
                    self.undo,
                    color=(108, 100, 170),
                    icon=ui.icon_undo,
                    literal=True,
                )
            )
        self.rotate_button = ui.Button(
            pygame.Rect(466, 628, 158, 60),
            "lightning.rotate",
            self.rotate,
            color=(120, 104, 200),
            icon=ui.icon_restart,
            size=24,
        )
        self.shelve_button = ui.Button(
            pygame.Rect(656, 628, 300, 60), "lightning.shelve", self.shelve, color=(60, 150, 140), size=26
        )
        extra = [self.rotate_button, self.shelve_button]
        if self.mode != "demo":
            self.mode_button = ui.Button(
                pygame.Rect(1000, 628, 232, 52),
                self._mode_label(),
                self.toggle_mode,
                color=(108, 100, 170),
                size=22,
            )
            self.level_button = ui.Button(
                pygame.Rect(1000, 580, 232, 44),
                self._level_label(),
                self.cycle_level,
                color=(150, 140, 200),
                size=20,
                literal=True,
            )
            extra += [self.mode_button, self.level_button]
        return buttons + extra

    def _level_label(self) -> str:
        return tr("lightning.level.button", name=tr(f"lightning.level.{self.level}"))

    def cycle_level(self) -> None:
        """Next computer level (beginner, builder, strong); the game goes on with the new player."""
        if self.mode != "computer":
            return
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.players = {p: make_player(self.level) for p in (1, 2)}
        self.level_button.label = self._level_label()
        self.app.effects.publish(Sound("click"))

    def _mode_label(self) -> str:
        return "lightning.mode.hotseat" if self.mode == "computer" else "lightning.mode.computer"

    def toggle_mode(self) -> None:
        """Switch between playing the computer and two players on one screen (a new game)."""
        self.mode = "hotseat" if self.mode == "computer" else "computer"
        self.mode_button.label = self._mode_label()
        if self.mode == "computer" and not self.players:
            self.players = {p: make_player(self.level) for p in (1, 2)}
        self.app.effects.publish(Sound("select"))
        self.new_game()

    @property
    def state(self) -> LightningState:
        """The current position."""
        return self.history.current

    def is_computer(self, player: int) -> bool:
        """True when ``player`` is played by the computer (blue in "computer" mode)."""
        return self.mode == "demo" or (self.mode == "computer" and player == 2)

    def _name(self, player: int) -> str:
        if self.mode == "computer":
            return tr("lightning.you") if player == 1 else tr("lightning.computer")
        return tr(f"lightning.player{player}")

    def _think_time(self) -> float:
        return 0.25 if self.app.headless else (0.2 if self.mode == "demo" else 0.7)

    def _refresh(self) -> None:
        """Recompute what the drawing needs from the state (paths, live tiles, winner)."""
        state = self.state
        geo = state.geo
        self.paths = {p: best_path(geo, state.board, p) for p in (1, 2)}
        self.powered = {p: powered_cells(geo, state.board, p) for p in (1, 2)}
        self.winning: tuple[Cell, ...] = ()
        if state.winner is not None:
            self.winning = winning_cells(geo, state.board, state.winner)
        self.legal = frozenset(state.legal_cells()) if state.hand is not None else frozenset()
        hand = state.hand
        if hand is not None:
            self.rotation %= distinct_rotations(hand)
        self.shelve_button.enabled = state.hand_source == "pool" and not self.is_computer(state.current_player)
        self.rotate_button.enabled = hand is not None and not self.is_computer(state.current_player)
        if self.mode != "demo":
            self.level_button.enabled = self.mode == "computer"
        self._publish_lights()

    def _publish_lights(self, last: Cell | None = None) -> None:
        # The LED table (if any) holds the two halves side by side, 17 rows x 16 columns, like the
        # printed mat (Geometry.side_by_side): live tiles in their player's colour, where the tile
        # in hand may go, the computer's last tile, the winning bolt.
        state = self.state
        geo = state.geo
        cells: dict[Cell, str] = {}
        for p in (1, 2):
            cells.update(dict.fromkeys(self.powered[p], f"player{p}"))
        if self.human_to_move():
            cells.update(dict.fromkeys(self.legal, "legal"))
        if last is not None:
            cells[last] = "computer_to"
        cells.update(dict.fromkeys(self.winning, "win"))
        folded = {geo.side_by_side(cell): role for cell, role in cells.items()}
        self.app.effects.publish(
            BoardLights("lightning", geo.half_rows, 2 * geo.cols, folded, idle=self.mode == "demo")
        )

    def say(self, text: str) -> None:
        """Show a short message in the banner for a few seconds."""
        self.message, self.message_time = text, 3.0

    # --- geometry on screen --------------------------------------------------------------

    def board_left(self) -> int:
        """Screen x of the board's left edge."""
        geo = self.state.geo
        return (1280 - geo.rows * CELL - GAP) // 2

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """Screen rectangle of grid cell ``(row, col)`` (see the module docstring)."""
        geo = self.state.geo
        k = geo.rows - 1 - cell[0]
        x = self.board_left() + k * CELL + (GAP if cell[0] < geo.half_rows else 0)
        return pygame.Rect(x, BOARD_Y + cell[1] * CELL, CELL, CELL)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The grid cell under a screen position, or None."""
        geo = self.state.geo
        col = (pos[1] - BOARD_Y) // CELL
        if not 0 <= col < geo.cols or pos[1] < BOARD_Y:
            return None
        x = pos[0] - self.board_left()
        split = geo.half_rows * CELL
        if split <= x < split + GAP:
            return None
        if x >= split + GAP:
            x -= GAP
        k = x // CELL
        if not 0 <= k < geo.rows or x < 0:
            return None
        return geo.rows - 1 - k, col

    POOL_RECT = pygame.Rect(346, 492, 100, 100)
    HAND_RECT = pygame.Rect(480, 468, 130, 130)

    def reserve_rect(self, k: int) -> pygame.Rect:
        """The shelf slot of design number ``k``."""
        return pygame.Rect(662 + k * 60, 500, 50, 50)

    # --- input ---------------------------------------------------------------------------

    def human_to_move(self) -> bool:
        """True when a person should act now."""
        state = self.state
        return not state.is_terminal() and not self.is_computer(state.current_player) and self.flight is None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Taps, drags, wheel and keys (see the module docstring)."""
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            if self.press_pos and math.dist(self.press_pos, event.pos) > 12:
                self.dragging = True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL and self.state.hand is not None:
            self.rotate(1 if event.y < 0 else -1)
            return True
        if self.state.is_terminal() and event.type == pygame.MOUSEBUTTONUP and self.end_time > 1.2:
            if self.mode != "demo":
                self.new_game()
            return True
        if not self.human_to_move():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.state.hand is not None:
            self.rotate()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.hover = event.pos
            if self.state.hand is not None and self.HAND_RECT.collidepoint(event.pos):
                self.press_pos, self.dragging = event.pos, False
                return True
            return self._tap(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press_pos is not None:
            was_drag = self.dragging
            self.press_pos, self.dragging = None, False
            if not was_drag:
                self.rotate()
                return True
            cell = self.cell_at(event.pos)
            if cell is not None:
                self.try_place(cell)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.app.go_home()
            return True
        if not self.human_to_move():
            return False
        if event.key in (pygame.K_r, pygame.K_SPACE) and self.state.hand is not None:
            self.rotate()
            return True
        if event.key == pygame.K_p and self.state.hand is None:
            self.apply(TAKE_POOL)
            return True
        if event.key == pygame.K_s and self.state.hand_source == "pool":
            self.shelve()
            return True
        return False

    def _tap(self, pos: tuple[int, int]) -> bool:
        state = self.state
        if state.hand is None:
            if self.POOL_RECT.inflate(30, 30).collidepoint(pos) and state.pool_size:
                self.apply(TAKE_POOL)
                return True
            for k, design in enumerate(DESIGNS):
                if self.reserve_rect(k).inflate(8, 8).collidepoint(pos) and state.reserve_counts()[design]:
                    self.apply(Take("reserve", design))
                    return True
            if self.cell_at(pos) is not None:
                self.say(tr("lightning.turn.take", name=self._name(state.current_player)))
            return False
        cell = self.cell_at(pos)
        if cell is not None:
            self.try_place(cell)
            return True
        return False

    def rotate(self, step: int = 1) -> None:
        """Turn the tile in hand a quarter turn (its distinct rotations only)."""
        hand = self.state.hand
        if hand is None or not self.human_to_move():
            return
        self.rotation = (self.rotation + step) % distinct_rotations(hand)
        self.app.effects.publish(Sound("click", 0.6))

    def shelve(self) -> None:
        """Put the tile drawn from the pool into the reserve."""
        if self.human_to_move() and self.state.hand_source == "pool":
            self.apply(SHELVE)

    def try_place(self, cell: Cell) -> None:
        """Lay the tile in hand on ``cell`` if the rules allow it; explain otherwise."""
        if cell in self.legal:
            self.apply(Place(cell, self.rotation))
        else:
            self.app.effects.publish(Sound("error"))
            self.say(tr("lightning.illegal"))

    def undo(self) -> None:
        """Take back to the start of the previous human turn (a redraw gives the same tile:
        the pool's shuffle is part of the position)."""
        history = self.history
        if not history.can_undo() or self.flight is not None:
            return
        history.undo()
        while history.can_undo() and (
            self.is_computer(history.current.current_player) or history.current.hand is not None
        ):
            history.undo()
        self.end_time = 0.0
        self.computer_wait = self._think_time()
        self._refresh()
        self.app.effects.publish(Sound("whoosh"))

    def open_rules(self) -> None:
        """Show the rules card over the game."""
        self.app.effects.publish(Sound("select"))
        self.app.stack.push(RulesScene(self.app, tr("lightning.rules.title"), rules_pages(), (108, 100, 170)))

    # --- applying moves ------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Play ``move`` (legal by construction) with its sound and animation."""
        before = self.state
        if isinstance(move, Place) and self.is_computer(before.current_player):
            # The computer's tile flies from the hand slot to its square, then lands.
            tile = Tile(before.hand or "I", move.rotation)
            tween = Tween(0, 1, 0.2 if self.app.headless else 0.3 if self.mode == "demo" else 0.45, ease_out_cubic)
            self.flight = Flight(tile, self.HAND_RECT.center, move.cell, tween)
            tween.on_done = lambda: self._commit(move)
            self.timeline.add(tween)
            return
        self._commit(move)

    def _commit(self, move: Move) -> None:
        before = self.state
        self.flight = None
        after = self.history.push(move)
        if isinstance(move, Take):
            self.app.effects.publish(Sound("slide" if move.source == "pool" else "select"))
            self.rotation = 0
        elif isinstance(move, Place):
            self.drop = (move.cell, self.timeline.add(Tween(1.35, 1.0, 0.3, ease_out_back)))
            self.app.effects.publish(Sound("seed"))
            # A tile that lengthens the other player's path (or walls it off) was a block.
            opponent = 3 - before.current_player
            before_d, after_d = before.distance(opponent), after.distance(opponent)
            if before_d is not None and (after_d is None or after_d > before_d):
                self.app.effects.publish(Sound("blocked", 0.7))
        else:
            self.app.effects.publish(Sound("whoosh"))
        self.computer_wait = self._think_time()
        self._refresh()
        if isinstance(move, Place) and self.is_computer(before.current_player) and not after.is_terminal():
            self._publish_lights(last=move.cell)
        if after.is_terminal():
            self.end_time = 0.0
            if after.winner is not None:
                self.flash = self.timeline.add(Tween(1.0, 0.0, 0.9, ease_out_cubic))
                self.app.effects.publish(Sound("thunder"))
                self.app.effects.publish(Sound("win", 0.7))
            else:
                self.app.effects.publish(Sound("blocked"))

    # --- time ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Animations, the computer's turns, and the demo's restart."""
        super().update(dt)
        self.timeline.update(dt)
        self.message_time = max(0.0, self.message_time - dt)
        state = self.state
        if state.is_terminal():
            self.end_time += dt
            if self.mode == "demo" and self.end_time > 4.0:
                self.new_game()
            return
        if self.flight is not None or not self.is_computer(state.current_player):
            return
        self.computer_wait -= dt
        if self.computer_wait > 0:
            return
        if not self.thinker.busy:
            player = self.players[state.current_player]
            self.thinking_about = state
            self.thinker.start(lambda: player.choose(state, self.rng, 0.5))
        done, move = self.thinker.poll()
        if done and self.thinking_about is state:  # an undo or restart meanwhile makes it stale
            self.apply(move)

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Header, board, players' cards, pool, hand and reserve; end banner on top."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        self._draw_header(surface)
        self._draw_board(surface)
        self._draw_players(surface)
        self._draw_supply(surface)
        for button in self.buttons:
            if button in (self.rotate_button, self.shelve_button) and not button.enabled:
                continue
            if self.mode != "computer" and button is getattr(self, "level_button", None):
                continue
            button.draw(surface, self.time)
        self._draw_ghost(surface)
        if self.flash.value > 0.01:
            ui.draw_veil(surface, (255, 255, 230), round(170 * self.flash.value))
        if self.state.is_terminal():
            self._draw_end(surface)

    def _draw_header(self, surface: pygame.Surface) -> None:
        _bolt(surface, pygame.Rect(24, 18, 40, 58), GOLD)
        ui.draw_text(surface, tr("lightning.title"), (72, 46), 46, NIGHT, "title", "midleft")
        state = self.state
        if self.message_time > 0:
            text, color = self.message, theme.INK
        elif state.is_terminal():
            text, color = "", theme.INK
        elif self.is_computer(state.current_player) and self.mode == "computer":
            text, color = tr("lightning.turn.computer"), PLAYER_DARK[state.current_player]
        else:
            key = "lightning.turn.take" if state.hand is None else "lightning.turn.place"
            text, color = tr(key, name=self._name(state.current_player)), PLAYER_DARK[state.current_player]
        if text:
            pill = pygame.Rect(0, 0, min(660, ui.text_surface(text, 28, color, "bold").get_width() + 84), 56)
            pill.center = (600, 48)
            ui.draw_panel(surface, pill, theme.PANEL, 28, 6)
            draw.circle(surface, PLAYER_COLORS[state.current_player], (pill.left + 28, pill.centery), 11)
            ui.draw_text(surface, text, (pill.centerx + 16, pill.centery), 28, color, "bold", "center")

    def _draw_board(self, surface: pygame.Surface) -> None:
        state = self.state
        geo = state.geo
        left = self.board_left()
        surface.blit(board_background(geo.half_rows, geo.cols), (left - 24, BOARD_Y - 24))
        # Each half's best current path, lightly.
        for p in (1, 2):
            _, cells = self.paths[p]
            tint = new_layer(surface, (CELL - 4, CELL - 4), alpha=True)
            tint.fill((*PLAYER_LIGHT[p], 70))
            for cell in cells:
                if not state.board[geo.index(cell)]:
                    surface.blit(tint, self.cell_rect(cell).inflate(-4, -4))
        # Centre line: a golden seam.
        seam_x = left + geo.half_rows * CELL + GAP // 2
        glow = 0.5 + 0.5 * math.sin(self.time * 2)
        draw.line(
            surface,
            ui.blend(GOLD, (255, 255, 255), 0.4 * glow),
            (seam_x, BOARD_Y - 8),
            (seam_x, BOARD_Y + geo.cols * CELL + 8),
            4,
        )
        # Legal squares for the tile in hand.
        if self.human_to_move() and state.hand is not None:
            pulse = 0.5 + 0.5 * math.sin(self.time * 4)
            for cell in self.legal:
                draw.circle(
                    surface,
                    ui.blend((150, 230, 170), (255, 255, 255), 0.5 * pulse),
                    self.cell_rect(cell).center,
                    3,
                )
        # Tiles.
        winning = set(self.winning)
        for i, code in enumerate(state.board):
            if not code:
                continue
            cell = geo.cell(i)
            rect = self.cell_rect(cell).inflate(-2, -2)
            if self.drop and self.drop[0] == cell and not self.drop[1].done:
                scale = self.drop[1].value
                rect = rect.inflate(rect.width * (scale - 1), rect.height * (scale - 1))
            tile = state.tile_at(cell)
            assert tile is not None
            owner = geo.owner(cell)
            stroke = PLAYER_COLORS[owner] if cell in self.powered[owner] or cell in winning else (120, 112, 128)
            if rect.width == CELL - 2:
                surface.blit(tile_image(tile, stroke, rect.width), rect.topleft)
            else:
                draw_tile(surface, rect, tile, stroke)
        if self.winning:
            self._draw_bolt(surface)
        # End labels.
        for p, anchor in ((1, "midtop"), (2, "midtop")):
            start = self.cell_rect((geo.start_row(p), geo.cols - 1))
            ui.draw_text(
                surface,
                tr("lightning.start"),
                (start.centerx, start.bottom + 26),
                18,
                PLAYER_DARK[p],
                "bold",
                anchor,
            )
        ui.draw_text(
            surface,
            tr("lightning.arrival"),
            (seam_x, BOARD_Y + geo.cols * CELL + 26),
            18,
            NIGHT,
            "bold",
            "midtop",
        )

    def _draw_bolt(self, surface: pygame.Surface) -> None:
        """The winning chain as a lightning bolt that runs from the start edge to the centre line
        in 0.7 s, then flickers: a wide translucent gold glow under a white-hot core."""
        state = self.state
        winner = state.winner or 1
        start_x = self.cell_rect((state.geo.start_row(winner), 0)).centerx
        end_x = self.cell_rect((state.geo.arrival_row(winner), 0)).centerx
        reach = min(1.0, self.end_time / 0.7)
        front = start_x + (end_x - start_x) * reach
        flicker = 0.6 + 0.4 * abs(math.sin(self.time * 11)) * abs(math.sin(self.time * 4.3))
        glow = new_layer(surface, alpha=True)
        cores = []
        for cell in self.winning:
            rect = self.cell_rect(cell).inflate(-2, -2)
            if (rect.centerx - front) * (1 if end_x > start_x else -1) > 0:
                continue
            tile = state.tile_at(cell)
            assert tile is not None
            half = rect.width / 2
            pts = [(rect.centerx + x * half, rect.centery + y * half) for x, y in screen_stroke(tile)]
            _polyline(glow, (*GOLD, round(110 * flicker)), pts, 16)
            _polyline(glow, (*GOLD, round(200 * flicker)), pts, 9)
            cores.append(pts)
        surface.blit(glow, (0, 0))
        for pts in cores:
            _polyline(surface, (255, 255, 236), pts, 3)

    def _draw_players(self, surface: pygame.Surface) -> None:
        state = self.state
        for p, x in ((1, 24), (2, 976)):
            card = pygame.Rect(x, 458, 280, 236)
            active = state.current_player == p and not state.is_terminal()
            lift = round(3 * math.sin(self.time * 3)) if active else 0
            card = card.move(0, -lift)
            ui.draw_panel(surface, card, theme.PANEL, 24, 10, border=PLAYER_COLORS[p] if active else None)
            header = pygame.Rect(card.x, card.y, card.width, 64)
            draw.rect(surface, PLAYER_COLORS[p], header, border_top_left_radius=24, border_top_right_radius=24)
            ui.draw_text(surface, self._name(p), (header.centerx, header.centery), 34, theme.WHITE, "title", "center")
            distance, _ = self.paths[p]
            compact = p == 2 and self.mode != "demo"  # the blue card also holds the mode buttons
            if state.winner == p:
                text, size = tr("end.title.win"), 40
            elif distance is None:
                text, size = tr("lightning.distance.blocked"), 36
            else:
                text, size = tr("lightning.distance", n=distance), 40
            size = min(size, 34) if compact else size
            ui.draw_text(
                surface,
                text,
                (card.centerx, card.y + (90 if compact else 118)),
                size,
                PLAYER_DARK[p],
                "title",
                "center",
            )
            if compact and self.mode == "computer":
                continue  # the level button sits where the gauge would be
            # A progress gauge: how far the live path has come (17 tiles at least).
            geo = state.geo
            total = geo.half_rows
            done = 0 if distance is None else max(0, total - distance)
            gauge = pygame.Rect(card.x + 28, card.y + (140 if compact else 168), card.width - 56, 22)
            draw.rect(surface, (236, 228, 214), gauge, border_radius=11)
            if done:
                fill = gauge.copy()
                fill.width = max(22, round(gauge.width * done / total))
                draw.rect(surface, PLAYER_COLORS[p], fill, border_radius=11)
            if self.mode == "demo":
                ui.draw_text(
                    surface,
                    tr(f"lightning.level.{self.level}"),
                    (card.centerx, card.bottom - 16),
                    20,
                    theme.INK_SOFT,
                    "bold",
                    "midbottom",
                )

    def _draw_supply(self, surface: pygame.Surface) -> None:
        state = self.state
        taking = self.human_to_move() and state.hand is None
        # Pool: a little stack of face-down tiles.
        ui.draw_text(surface, tr("lightning.pool"), (self.POOL_RECT.centerx, 448), 24, NIGHT, "bold", "midtop")
        layers = min(5, (state.pool_size + 29) // 30)
        for k in range(layers, 0, -1):
            draw_tile_back(surface, self.POOL_RECT.move(k * 3 - 3, -k * 3 + 3))
        if not state.pool_size:
            draw.rect(surface, (220, 212, 200), self.POOL_RECT, 3, border_radius=14)
        elif taking:
            glow = 0.5 + 0.5 * math.sin(self.time * 5)
            draw.rect(
                surface,
                ui.blend(GOLD, theme.WHITE, glow),
                self.POOL_RECT.inflate(10, 10),
                4,
                border_radius=18,
            )
        ui.draw_text(
            surface,
            tr("lightning.pool.count", count=state.pool_size),
            (self.POOL_RECT.centerx, self.POOL_RECT.bottom + 14),
            24,
            theme.INK,
            "bold",
            "midtop",
        )
        # Hand.
        ui.draw_text(
            surface,
            tr("lightning.hand") if not self.is_computer(state.current_player) else tr("lightning.computer"),
            (self.HAND_RECT.centerx, 434),
            24,
            NIGHT,
            "bold",
            "midtop",
        )
        draw.rect(surface, (236, 228, 214), self.HAND_RECT, border_radius=20)
        draw.rect(surface, (210, 198, 180), self.HAND_RECT, 3, border_radius=20)
        if state.hand is not None and not (self.dragging and self.press_pos):
            tile = Tile(state.hand, self.rotation if not self.is_computer(state.current_player) else 0)
            draw_tile(surface, self.HAND_RECT.inflate(-18, -18), tile, PLAYER_COLORS[state.current_player])
        # Reserve shelf.
        shelf = pygame.Rect(646, 440, 316, 170)
        ui.draw_text(surface, tr("lightning.reserve"), (shelf.centerx, 448), 24, NIGHT, "bold", "midtop")
        draw.rect(surface, (200, 170, 128), pygame.Rect(shelf.x + 6, 584, shelf.width - 12, 10), border_radius=5)
        for k, design in enumerate(DESIGNS):
            rect = self.reserve_rect(k)
            count = state.reserve_counts()[design]
            if count:
                draw_tile(surface, rect, Tile(design, 0))
                badge = pygame.Rect(0, 0, 30, 24)
                badge.midtop = (rect.centerx, rect.bottom + 2)
                draw.rect(surface, NIGHT, badge, border_radius=12)
                ui.draw_text(surface, f"×{count}", badge.center, 17, theme.WHITE, "bold", "center")
                if taking:
                    draw.rect(surface, GOLD, rect.inflate(6, 6), 3, border_radius=10)
            else:
                draw.rect(surface, (226, 216, 200), rect, 2, border_radius=8)
        if not state.reserve_size:
            ui.draw_text(
                surface,
                tr("lightning.reserve.empty"),
                (shelf.centerx, 598),
                20,
                theme.INK_SOFT,
                "text",
                "midtop",
            )

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        state = self.state
        if self.flight is not None:
            t = self.flight.tween.value
            target = self.cell_rect(self.flight.cell).center
            x = self.flight.start[0] + (target[0] - self.flight.start[0]) * t
            y = self.flight.start[1] + (target[1] - self.flight.start[1]) * t - 60 * math.sin(math.pi * t)
            size = round(110 + (CELL - 110) * t)
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(x), round(y))
            draw_tile(surface, rect, self.flight.tile, PLAYER_COLORS[state.current_player])
            return
        if not self.human_to_move() or state.hand is None:
            return
        tile = Tile(state.hand, self.rotation)
        cell = self.cell_at(self.hover)
        if cell is not None:
            legal = cell in self.legal
            rect = self.cell_rect(cell).inflate(8, 8)
            ghost = new_layer(surface, rect.size, alpha=True)
            face = (210, 250, 220) if legal else (255, 205, 205)
            draw_tile(ghost, ghost.get_rect(), tile, theme.GOOD if legal else theme.BAD, face)
            ghost.set_alpha(215)
            surface.blit(ghost, rect)
            draw.rect(surface, theme.GOOD if legal else theme.BAD, rect.inflate(4, 4), 3, border_radius=8)
        elif self.dragging and self.press_pos:
            rect = pygame.Rect(0, 0, 70, 70)
            rect.center = self.hover
            draw_tile(surface, rect, tile, PLAYER_COLORS[state.current_player])

    def _draw_end(self, surface: pygame.Surface) -> None:
        state = self.state
        outcome = state.outcome()
        assert outcome is not None
        appear = min(1.0, self.end_time / 0.6)
        card = pygame.Rect(0, 0, 648, 252)
        card.midtop = (640, round(432 + 40 * (1 - ease_out_back(appear))))
        if state.winner is None:
            color, title = NIGHT, tr("lightning.end.draw.title")
        else:
            color = PLAYER_COLORS[state.winner]
            if self.mode == "computer":
                title = tr("lightning.end.you" if state.winner == 1 else "lightning.end.computer")
            else:
                title = tr("lightning.end.winner", name=self._name(state.winner))
        panel = new_layer(surface, (card.width + 40, card.height + 40), alpha=True)
        ui.draw_panel(panel, pygame.Rect(20, 14, card.width, card.height), color, 28, 10)
        panel.set_alpha(round(255 * appear))
        surface.blit(panel, (card.x - 20, card.y - 14))
        _bolt(surface, pygame.Rect(card.x + 28, card.y + 34, 74, 118), GOLD)
        ui.draw_text(surface, title, (card.x + 124, card.y + 36), 44, theme.WHITE, "title")
        ui.draw_paragraph(
            surface,
            tr(outcome.reason, tiles=state.placed),
            pygame.Rect(card.x + 124, card.y + 100, card.width - 150, 80),
            26,
            theme.WHITE,
            "bold",
        )
        if self.mode != "demo" and self.end_time > 1.2:
            ui.draw_text(
                surface,
                tr("lightning.again"),
                (card.centerx, card.bottom - 22),
                24,
                ui.blend(color, theme.WHITE, 0.7),
                "bold",
                "midbottom",
            )

    # --- reporting -----------------------------------------------------------------------

    def state_summary(self) -> dict[str, Any]:
        """Phase, whose turn, pool and reserve, distances and the result, for tests and --json."""
        state = self.state
        outcome = state.outcome()
        return {
            "scene": self.name,
            "mode": self.mode,
            "phase": state.phase,
            "player": state.current_player,
            "hand": state.hand,
            "pool": state.pool_size,
            "reserve": state.reserve_counts(),
            "placed": state.placed,
            "moves": len(self.history.moves),
            "distances": {str(p): self.paths[p][0] for p in (1, 2)},
            "winner": outcome.winner if outcome else None,
            "over": state.is_terminal(),
            "position": state.to_text(),
        }


# --- rules pages and their illustrations ---------------------------------------------------

MINI_PATH = ((9, 1, "Z2"), (8, 1, "D1"), (7, 1, "D0"), (6, 0, "Z0"), (5, 0, "I0"))
MINI_BLUE = ((0, 1, "I0"), (1, 1, "S0"), (2, 2, "D1"))


def _mini_state(tiles: tuple[tuple[int, int, str], ...], player: int = 1) -> LightningState:
    """A 5 x 3 per half board (rules pages) holding ``tiles``."""
    rows = [["."] * 3 for _ in range(10)]
    for r, c, text in tiles:
        rows[r][c] = text
    return from_board("\n".join(" ".join(row) for row in rows), player=player, hand="Z")


def draw_mini_board(
    surface: pygame.Surface,
    rect: pygame.Rect,
    state: LightningState,
    time: float,
    dots: frozenset[Cell] = frozenset(),
    ghost: tuple[Cell, Tile, bool] | None = None,
    cross: Cell | None = None,
) -> None:
    """A small board drawn like the big one (sideways, red left, blue right), for the rules."""
    geo = state.geo
    gap = 8
    cell = min((rect.width - gap - 24) // geo.rows, (rect.height - 24) // geo.cols)
    width, height = geo.rows * cell + gap, geo.cols * cell
    left, top = rect.centerx - width // 2, rect.centery - height // 2

    def cell_rect(c: Cell) -> pygame.Rect:
        k = geo.rows - 1 - c[0]
        return pygame.Rect(left + k * cell + (gap if c[0] < geo.half_rows else 0), top + c[1] * cell, cell, cell)

    draw.rect(surface, (20, 18, 44), pygame.Rect(left - 12, top - 12, width + 24, height + 24), border_radius=16)
    for r in range(geo.rows):
        player = geo.owner((r, 0))
        _gap_color, slot, start = HALF_COLORS[player]
        color = start if r == geo.start_row(player) else slot
        for c in range(geo.cols):
            draw.rect(surface, color, cell_rect((r, c)).inflate(-3, -3), border_radius=5)
    seam = left + geo.half_rows * cell + gap // 2
    draw.line(surface, GOLD, (seam, top - 6), (seam, top + height + 6), 3)
    pulse = 0.5 + 0.5 * math.sin(time * 5)
    for c in dots:
        draw.circle(surface, ui.blend(theme.GOOD, (255, 255, 255), 0.4 * pulse), cell_rect(c).center, 6)
    powered = {p: powered_cells(geo, state.board, p) for p in (1, 2)}
    for i, code in enumerate(state.board):
        if code:
            c = geo.cell(i)
            tile = state.tile_at(c)
            assert tile is not None
            owner = geo.owner(c)
            draw_tile(surface, cell_rect(c).inflate(-2, -2), tile, PLAYER_COLORS[owner] if c in powered[owner] else INK)
    if state.winner is not None:
        flicker = 0.6 + 0.4 * abs(math.sin(time * 9))
        for c in winning_cells(geo, state.board, state.winner):
            r = cell_rect(c).inflate(-2, -2)
            tile = state.tile_at(c)
            assert tile is not None
            pts = [(r.centerx + x * r.width / 2, r.centery + y * r.width / 2) for x, y in screen_stroke(tile)]
            _polyline(surface, ui.blend(GOLD, (255, 255, 255), 0.5 * flicker), pts, 7)
            _polyline(surface, (255, 255, 240), pts, 2)
    if cross is not None:
        r = cell_rect(cross).inflate(-10, -10)
        draw.line(surface, theme.BAD, r.topleft, r.bottomright, 6)
        draw.line(surface, theme.BAD, r.topright, r.bottomleft, 6)
    if ghost is not None:
        c, tile, legal = ghost
        r = cell_rect(c).inflate(8, 8)
        draw_tile(surface, r, tile, theme.GOOD if legal else theme.BAD, (210, 250, 220) if legal else (255, 205, 205))
        draw.rect(surface, theme.GOOD if legal else theme.BAD, r.inflate(4, 4), 3, border_radius=8)
    for p, at in ((1, left), (2, left + width)):
        label = tr("lightning.start")
        ui.draw_text(surface, label, (at, top + height + 18), 20, PLAYER_DARK[p], "bold", "midtop")
    ui.draw_text(surface, tr("lightning.arrival"), (seam, top + height + 18), 20, NIGHT, "bold", "midtop")


def _illustrate_goal(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    shown = min(len(MINI_PATH), int(time / 0.6))
    draw_mini_board(surface, rect, _mini_state(MINI_PATH[:shown] + MINI_BLUE), time)


def _illustrate_turn(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    pool = pygame.Rect(rect.x + 20, rect.y + 90, 120, 120)
    for k in range(3, 0, -1):
        draw_tile_back(surface, pool.move(k * 4 - 4, -k * 4 + 4))
    ui.draw_text(surface, tr("lightning.pool"), (pool.centerx, pool.y - 40), 26, NIGHT, "bold", "midtop")
    hand = pygame.Rect(rect.centerx - 70, rect.y + 80, 140, 140)
    draw_tile(surface, hand, Tile("Z", int(time / 0.9) % 4), theme.RED)
    ui.draw_text(surface, tr("lightning.hand"), (hand.centerx, hand.y - 40), 26, NIGHT, "bold", "midtop")
    ui.icon_restart(surface, pygame.Rect(hand.centerx - 24, hand.bottom + 14, 48, 48), (120, 104, 200))
    shelf = pygame.Rect(rect.right - 150, rect.y + 90, 140, 120)
    ui.draw_text(surface, tr("lightning.reserve"), (shelf.centerx, shelf.y - 40), 26, NIGHT, "bold", "midtop")
    for k, design in enumerate(("L", "I")):
        draw_tile(surface, pygame.Rect(shelf.x + k * 72, shelf.y + 20, 64, 64), Tile(design, 0))
    draw.rect(surface, (200, 170, 128), (shelf.x, shelf.y + 92, shelf.width, 10), border_radius=5)
    # Arrows: pool -> hand <- reserve, and hand -> reserve (a pool tile may be put aside).
    y = hand.centery
    for x0, x1 in ((pool.right + 14, hand.left - 14), (shelf.left - 14, hand.right + 14)):
        draw.line(surface, NIGHT, (x0, y), (x1, y), 5)
        d = 1 if x1 > x0 else -1
        draw.polygon(surface, NIGHT, [(x1, y), (x1 - 14 * d, y - 10), (x1 - 14 * d, y + 10)])


def _illustrate_where(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    state = _mini_state(MINI_PATH[:2] + MINI_BLUE[:1])
    dots = frozenset(state.legal_cells())
    tour = [((7, 1), True), ((7, 2), True), ((9, 2), True), ((6, 2), False), ((2, 1), True)]
    cell, legal = tour[int(time / 1.1) % len(tour)]
    draw_mini_board(surface, rect, state, time, dots, ghost=(cell, Tile("D", 0), legal))


def _illustrate_branch(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    steps = MINI_PATH[:2] + ((7, 2, "L0"),) + MINI_PATH[2:]
    shown = min(len(steps), int(time / 0.9) + 2)
    state = _mini_state(steps[:shown] + MINI_BLUE)
    cross = (7, 2) if shown == 3 else None
    draw_mini_board(surface, rect, state, time, cross=cross)


def _illustrate_tiles(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    for k, design in enumerate(DESIGNS):
        row, col = divmod(k, 3)
        x = rect.x + 30 + col * 160 + (80 if row else 0)
        tile = pygame.Rect(x, rect.y + 40 + row * 200, 110, 110)
        bob = round(4 * math.sin(time * 2 + k))
        draw_tile(surface, tile.move(0, bob), Tile(design, 0), NIGHT, width=0.12, board_turn=0)
        ui.draw_text(
            surface,
            tr(f"lightning.design.{design}"),
            (tile.centerx, tile.bottom + 14),
            24,
            theme.INK_SOFT,
            "bold",
            "midtop",
        )


def rules_pages() -> list[RulesPage]:
    """The illustrated rules, faithful to the CEMÉA article (the tile designs are ours)."""
    illustrations = (_illustrate_goal, _illustrate_turn, _illustrate_where, _illustrate_branch, _illustrate_tiles)
    return [
        RulesPage(f"lightning.rules.p{k}.title", tr(f"lightning.rules.p{k}.text"), draw)
        for k, draw in enumerate(illustrations, 1)
    ]


def make_scene(app: App) -> LightningScene:
    """A new game against the computer (the menu card opens it). It starts at the "builder"
    level, which never blocks: children can win; the level button offers "strong"."""
    return LightningScene(app, mode="computer", level="builder")


def make_demo_scene(app: App) -> LightningScene:
    """Computer against computer, restarting by itself (attract mode): two builders racing to the
    centre line, so a bolt lights up within the demo's 40 seconds."""
    return LightningScene(app, mode="demo", level="builder")


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
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
    _bolt(surface, pygame.Rect(rect.right - size * 0.55, rect.top - 6, size * 0.6, size * 0.9), GOLD)
