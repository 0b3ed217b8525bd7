"""Lightning on screen: the board lying sideways (:mod:`games.lightning.view`), the pool, the
tile in hand and the reserve below it, one card per player saying how far their path still is.

A turn is two moves of the same player: take a tile (from the pool or the reserve), then lay it
or, for a pool tile, put it in the reserve. The game flow (turns, the computer thinking off the
frame loop, undo, the end card from the child's side, the lights, the attract mode) lives in
:class:`kiosk.game_scene.GameScene`; this scene draws, animates and explains:

* the tile in hand turns by a tap on it, the mouse wheel, a right click, R or Space; a tap (or a
  drag from the hand) on a square lays it, P takes from the pool, S shelves;
* the squares it may go on are green; a ghost of the tile follows the pointer, green or red, and
  a refused square says why;
* the computer's two moves are shown one after the other: its tile flies into the hand slot,
  waits there a moment, then flies to its square;
* the winning path lights up as a bolt, with a flash and thunder.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame

from games.budget import MB, budgeted
from games.core import Outcome
from games.effects import Sound
from games.lightning.ai import DEFAULT_LEVEL
from games.lightning.board import HAND, RESERVE
from games.lightning.rules import (
    COLS,
    HALF_ROWS,
    SHELVE,
    TAKE_POOL,
    LightningState,
    Move,
    Place,
    Shelve,
    Take,
    from_board,
    new_game,
)
from games.lightning.tiles import DESIGNS, Tile, distinct_rotations, parse_tile
from games.lightning.view import (
    GOLD,
    LABEL_BAND,
    NIGHT,
    PAD,
    PLAYER_COLORS,
    PLAYER_DARK,
    BoardView,
    Facts,
    draw_bolt_icon,
    draw_mini_board,
    draw_tile,
    draw_tile_back,
    ghost_tile,
    icon_turn,
)
from games.match import Match, Seat
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target, make_layer, native_sprite
from kiosk.game_scene import GameScene, Tool
from kiosk.i18n import language, tr
from kiosk.overlays import RulesPage
from kiosk.tween import Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic

if TYPE_CHECKING:
    from kiosk.app import App

Cell = tuple[int, int]
Color = tuple[int, int, int]

#: Seconds the strong player may think about a move (off the frame loop).
THINK_BUDGET = 0.5
#: The side of a square on the 1280 x 720 canvas in the half where a person plays (63 px on a
#: 1080p screen), and in the other half; 36 each when the halves are equal.
BIG, SMALL = 42, 30
VIEWPORT = pygame.Rect(8, 92, 1264, COLS * BIG + PAD + LABEL_BAND)
TextBox = ui.TextBox


@dataclass
class Flight:
    """A tile moving across the screen: taken into the hand, laid by the computer, shelved.
    ``cell`` is the square it lands on (the board hides the tile there until it lands)."""

    tile: Tile
    source: Callable[[], pygame.Rect]
    target: Callable[[], pygame.Rect]
    tween: Tween
    kind: str
    stroke: Color = NIGHT
    cell: Cell | None = None

    def rect(self) -> pygame.Rect:
        """Where the tile is now: along an arc, growing or shrinking between the two ends."""
        t = self.tween.value
        a, b = self.source(), self.target()
        size = round(a.width + (b.width - a.width) * t)
        rect = pygame.Rect(0, 0, size, size)
        lift = 50 * math.sin(math.pi * t) if self.kind != "take" else 18 * math.sin(math.pi * t)
        rect.center = (round(a.centerx + (b.centerx - a.centerx) * t),
                       round(a.centery + (b.centery - a.centery) * t - lift))
        return rect


class LightningScene(GameScene):
    """One game of Lightning: against the computer, hot-seat, or computers only (attract)."""

    game = "lightning"
    accent = (72, 64, 150)
    toolbar_area = pygame.Rect(888, 14, 380, 66)
    toolbar_columns = 5
    toolbar_labels = False
    #: The folded end card: across the whole top band (title, status box and toolbar).
    end_bar = pygame.Rect(0, 0, 1280, 90)
    first_choice = False  # who starts is drawn at random, as in the article
    ring_shape = "square"  # a real table's squares and spots are ringed square, as the tiles
    camera_status_at = (20, 66)  # under the title, where the session's score goes otherwise
    computer_delay = 0.8
    end_delay = 1.8  # the bolt runs to the centre line and flickers before the end card
    message_anchor = (640, 712)  # the attract banner (messages go in the status box)

    # --- where things are (1280 x 720 canvas) --------------------------------------------------

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

    def __init__(self, app: App, match: Match, *, attract: bool = False) -> None:
        super().__init__(app, match, attract=attract)
        self.view = BoardView(match.state.geo, VIEWPORT, BIG, SMALL)
        self.rotation = 0
        self.hover: tuple[int, int] | None = None
        self.press_pos: tuple[int, int] | None = None
        self.dragging = False
        self.flight: Flight | None = None
        self.drop: tuple[Cell, Tween] | None = None
        self.flash = Tween(0.0, 0.0, 0.0)
        self.bolt_time = 0.0
        self.facts = Facts.pending()  # worked out off the frame loop, from the first update
        self._facts_version = -1
        self._block_check: tuple[int, int | None] | None = None
        self.rotate_button = ui.Button(self.ROTATE_RECT, "lightning.rotate", self.rotate, color=(120, 104, 200),
                                       icon=icon_turn, size=24)
        self.shelve_button = ui.Button(self.SHELVE_RECT, "lightning.shelve", self.shelve, color=(60, 150, 140),
                                       size=26)
        match.subscribe(self._announce)
        self._snap_view()
        self.say(self.starts_text(), 3.5, theme.GOOD)

    # --- the match ---------------------------------------------------------------------------

    def new_start(self, extras: dict[str, Any]) -> LightningState:
        """A new shuffle and a new coin toss for who starts."""
        geo = self.state.geo
        return new_game(random.Random(self.app.rng.getrandbits(32)), geo.half_rows, geo.cols)

    def restart(self) -> None:
        """A new game with the same players: a new shuffle, a new coin toss."""
        self.match.restart(self.new_start({}))
        self.app.effects.publish(Sound("whoosh"))

    def can_take_back(self) -> bool:
        """True when a person has moved in this game (undo goes back to a person's turn)."""
        seats = self.match.seats
        return not self.attract and any(seats[s.current_player].is_human for s in self.match.history.states[:-1])

    def undo(self) -> None:
        """Back to the start of the last turn a person began: a person's turn is two moves
        (take, then lay or shelve), so the tile taken goes back too; the pool gives the same
        tile again (its shuffle is part of the position)."""
        if not self.can_take_back():
            return
        self.match.undo()
        while self.state.hand is not None and self.match.can_undo():
            self.match.undo()
        self.app.effects.publish(Sound("click"))

    def tools(self) -> list[Tool]:
        """Undo, new game, players, rules, home (R turns the tile here: it does not restart)."""
        t = self.standard_tools()
        undo = replace(t["undo"], enabled=self.can_take_back)
        restart = replace(t["restart"], keys=())
        return [undo, restart, t["players"], t["rules"], t["home"]]

    def rules_pages(self) -> list[RulesPage]:
        """The illustrated rules."""
        return rules_pages()

    def mover_name(self, player: int) -> str:
        """"L'ordinateur" against the computer, else the colour ("Rouge")."""
        if self.match.against_computer and self.match.seats[player].is_computer:
            return tr("lightning.computer")
        return self.player_name(player)

    def starts_text(self) -> str:
        """Who the coin toss picked."""
        first = self.match.start.first
        if self.match.against_computer:
            return tr("lightning.starts.computer" if self.match.seats[first].is_computer else "lightning.starts.you")
        return tr("lightning.starts.named", name=self.player_name(first))

    def _announce(self, match: Match, event: str) -> None:
        if event == "restart" and not match.moves:
            self.say(self.starts_text(), 3.5, theme.GOOD)

    def end_reason(self, outcome: Outcome) -> str:
        """From the child's side: "Ton éclair relie…" / "Son éclair relie…", or the draw."""
        tiles = self.state.placed
        if outcome.winner is None:
            return tr(outcome.reason)  # the pile is empty, or both ways are walled off
        person = self.match.person_player()
        if person is None:
            return tr("lightning.end.connected", tiles=tiles)
        return tr("lightning.end.you" if outcome.winner == person else "lightning.end.computer", tiles=tiles)

    def summary(self) -> dict[str, Any]:
        """Phase, hand, pool, reserve, distances, the rotation shown and the big half."""
        state = self.state
        match = self.match
        mode = "demo" if match.all_computers else "computer" if match.against_computer else "hotseat"
        return {
            "mode": mode,
            "phase": state.phase,
            "player": state.current_player,
            "hand": state.hand,
            "rotation": self.rotation,
            "pool": state.pool_size,
            "reserve": state.reserve_counts(),
            "placed": state.placed,
            "distances": {str(p): self.facts.distance(p) for p in (1, 2)},
            "big_half": self.big_half(),
        }

    # --- moves: animation and sound ------------------------------------------------------------

    def busy(self) -> bool:
        """True while a tile flies (into the hand, to its square, to the reserve)."""
        return self.flight is not None

    def _seconds(self, person: float, computer: float, before: LightningState) -> float:
        seconds = computer if self.match.seats[before.current_player].is_computer else person
        return seconds * (0.45 if self.attract else 1.0)

    def on_move(self, before: LightningState, move: Move, after: LightningState) -> None:
        """Take: the tile flies into the hand. Lay: a person's tile drops in place, the
        computer's flies from the hand first. Shelve: the tile flies to the reserve."""
        self.hover = self.press_pos = None
        self.dragging = False
        player = before.current_player
        computer = self.match.seats[player].is_computer
        hand_rect = self.HAND_RECT.inflate(-18, -18)
        if isinstance(move, Take) and after is not self.state:
            # A real table's draw seen with what was done with the tile (laid, shelved) in one
            # reading: only the tile's landing is shown.
            self.rotation = 0
            self.app.effects.publish(Sound("slide"))
        elif isinstance(move, Take):
            self.rotation = 0
            tile = Tile(after.hand or "I", 0)
            if move.source == "pool":
                source = self.POOL_RECT.copy()
                self.app.effects.publish(Sound("slide"))
            else:
                source = self.reserve_rect(list(DESIGNS).index(move.design or "I"))
                self.app.effects.publish(Sound("select"))
                if computer:
                    self.say(tr("lightning.did.reserve", name=self.mover_name(player)), 3.0, theme.GOOD)
            tween = Tween(0.0, 1.0, self._seconds(0.22, 0.4, before), ease_out_cubic)
            self.flight = Flight(tile, lambda: source, lambda: hand_rect, tween, "take", PLAYER_COLORS[player])
            tween.on_done = self._landed
        elif isinstance(move, Shelve):
            design = before.hand or "I"
            slot = self.reserve_rect(list(DESIGNS).index(design))
            tween = Tween(0.0, 1.0, self._seconds(0.3, 0.45, before), ease_in_out_cubic)
            self.flight = Flight(Tile(design, 0), lambda: hand_rect, lambda: slot, tween, "shelve")
            tween.on_done = self._landed
            self.app.effects.publish(Sound("whoosh"))
            if computer:
                self.say(tr("lightning.did.shelve", name=self.mover_name(player)), 3.0, theme.GOOD)
        else:
            assert isinstance(move, Place)
            self._block_check = (3 - player, self.facts.distance(3 - player))
            if computer:
                cell = move.cell
                tween = Tween(0.0, 1.0, self._seconds(0.45, 0.5, before), ease_out_cubic)
                self.flight = Flight(Tile(before.hand or "I", move.rotation), lambda: hand_rect,
                                     lambda: self.view.cell_rect(cell).inflate(-2, -2), tween, "place",
                                     PLAYER_COLORS[player], cell)
                tween.on_done = self._landed
            else:
                self._lay(move.cell)

    def _landed(self) -> None:
        flight, self.flight = self.flight, None
        if flight is not None and flight.cell is not None:
            self._lay(flight.cell)

    def _lay(self, cell: Cell) -> None:
        """A tile lands on ``cell``: a little bounce, a click, and thunder if it won."""
        self.drop = (cell, Tween(1.35, 1.0, 0.3, ease_out_back))
        self.app.effects.publish(Sound("seed"))
        if self.state.winner is not None:
            self.bolt_time = 0.0
            self.flash = Tween(1.0, 0.0, 0.9, ease_out_cubic)
            self.app.effects.publish(Sound("thunder"))

    def on_reset(self) -> None:
        """Undo, restart, new players: no tile in flight, the view on the player to move."""
        self.flight = None
        self.drop = None
        self.flash = Tween(0.0, 0.0, 0.0)
        self.rotation = 0
        self.hover = self.press_pos = None
        self.dragging = False
        self.bolt_time = 0.0
        self._block_check = None
        if not self.state.placed:
            self.facts = Facts.pending()  # a new game: nothing of the old one stays on screen
        self._facts_version = -1
        self._snap_view()

    def big_half(self) -> int | None:
        """The half drawn with big squares: the person's against the computer, the player's to
        move in hot-seat; none between computers."""
        match = self.match
        if match.all_computers:
            return None
        return match.person_player() or self.state.current_player

    def _share_target(self) -> float:
        return {None: 0.5, 1: 1.0, 2: 0.0}[self.big_half()]

    def _snap_view(self) -> None:
        self.view.share = self._share_target()

    def _poll_facts(self) -> None:
        """Paths, powered tiles and legal squares of a new position are worked out on the
        match's thinker (a few milliseconds): the board shows the last ones until then."""
        match = self.match
        if self._facts_version == match.version:
            return
        key = ("lightning.facts", match.version)
        state = match.state
        match.thinker.start(key, lambda: Facts.of(state))
        ready, facts = match.thinker.poll(key)
        if not ready:
            return
        self.facts, self._facts_version = facts, match.version
        if self._block_check is not None:
            # A tile that lengthened the other player's path (or cut it off) was a block.
            opponent, before = self._block_check
            self._block_check = None
            after = facts.distance(opponent)
            if before is not None and (after is None or after > before):
                self.app.effects.publish(Sound("blocked", 0.7))

    def update(self, dt: float) -> None:
        """Tiles in flight, the landing bounce, the flash, the halves' sizes, then the flow."""
        if self.flight is not None:
            self.flight.tween.update(dt)
        if self.drop is not None:
            self.drop[1].update(dt)
            if self.drop[1].done:
                self.drop = None
        self.flash.update(dt)
        if self.state.winner is not None and self.flight is None:
            self.bolt_time += dt
        self._poll_facts()
        # Hot-seat: the half of the player to move grows, smoothly, once the tile has landed.
        if not self.busy():
            target = self._share_target()
            step = dt / 0.45
            self.view.share += max(-step, min(step, target - self.view.share))
        super().update(dt)

    # --- input ---------------------------------------------------------------------------------

    def rotate(self, step: int = 1) -> None:
        """Turn the tile in hand a quarter turn (only its rotations that look different)."""
        hand = self.state.hand
        if hand is None or not self.person_to_move():
            return
        self.rotation = (self.rotation + step) % distinct_rotations(hand)
        self.app.effects.publish(Sound("click", 0.6))

    def shelve(self) -> None:
        """Put the tile drawn from the pool into the reserve."""
        if self.person_to_move():
            self.play(SHELVE)

    def lay(self, cell: Cell) -> bool:
        """Lay the tile in hand on ``cell`` as it is turned now (the rules say if it may go)."""
        return self.play(Place(cell, self.rotation))

    @property
    def action_buttons(self) -> list[ui.Button]:
        """Turn and shelve, when the person to move can use them."""
        state = self.state
        buttons = []
        if state.hand is not None and self.person_to_move():
            buttons.append(self.rotate_button)
            if state.hand_source == "pool":
                buttons.append(self.shelve_button)
        return buttons

    def handle_board(self, event: pygame.event.Event) -> bool:
        """Taps, drags from the hand, the wheel, right clicks and keys (see the module doc)."""
        state = self.state
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            if self.press_pos is not None and math.dist(self.press_pos, event.pos) > 12:
                self.dragging = True
            return False
        if ui.handle_buttons(self.action_buttons, event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if state.hand is not None and (
            event.type == pygame.MOUSEWHEEL or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3)
        ):
            self.rotate(1 if event.type != pygame.MOUSEWHEEL or event.y < 0 else -1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.hover = event.pos
            if state.hand is not None and self.HAND_RECT.collidepoint(event.pos):
                self.press_pos, self.dragging = event.pos, False
                return True
            return self._tap(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press_pos is not None:
            dragged = self.dragging
            self.press_pos, self.dragging = None, False
            if not dragged:
                self.rotate()
                return True
            cell = self.view.cell_at(event.pos)
            if cell is not None:
                self.lay(cell)
            return True
        return False

    def taps_for(self, move: Move) -> list[tuple[int, int]]:
        """Take: the pool or the reserve's slot. Shelve: its button. Lay: the tile in hand, once
        per quarter turn it still needs, then the square."""
        if isinstance(move, Take):
            if move.source == "pool":
                return [self.POOL_RECT.center]
            return [self.reserve_rect(list(DESIGNS).index(move.design or "I")).center]
        if isinstance(move, Shelve):
            return [self.shelve_button.rect.center]
        turns = (move.rotation - self.rotation) % distinct_rotations(self.state.hand or "I")
        return [self.HAND_RECT.center] * turns + [self.view.cell_rect(move.cell).center]

    def _key(self, key: int) -> bool:
        state = self.state
        if key in (pygame.K_r, pygame.K_SPACE) and state.hand is not None:
            self.rotate()
            return True
        if key == pygame.K_p:
            self.play(TAKE_POOL)
            return True
        if key == pygame.K_s and state.hand is not None:
            self.play(SHELVE)
            return True
        return False

    def _tap(self, pos: tuple[int, int]) -> bool:
        state = self.state
        if state.hand is None:
            if self.POOL_RECT.inflate(30, 30).collidepoint(pos):
                self.play(TAKE_POOL)
                return True
            for k, design in enumerate(DESIGNS):
                if self.reserve_rect(k).inflate(10, 10).collidepoint(pos) and state.reserve_counts()[design]:
                    self.play(Take("reserve", design))
                    return True
        cell = self.view.cell_at(pos)
        if cell is None:
            return False
        self.lay(cell)  # before taking a tile, the rules' refusal says to take one first
        return True

    # --- the physical board ----------------------------------------------------------------------

    def cell_rect(self, cell: Cell) -> pygame.Rect | None:
        """A square of the board on screen (sideways, as drawn)."""
        return self.view.cell_rect(cell)

    def board_rect(self) -> pygame.Rect | None:
        """The whole board, frame included."""
        return self.view.rect

    def spot_rect(self, name: str) -> pygame.Rect | None:
        """The tile in hand's slot for the mat's hand spot; the reserve's shelf for its slots."""
        if name == HAND:
            return self.HAND_RECT.copy()
        if name.startswith(RESERVE):
            first, last = self.reserve_rect(0), self.reserve_rect(len(DESIGNS) - 1)
            return first.union(last).inflate(16, 16)
        return None

    def move_spots(self, state: LightningState, move: Move) -> tuple[str, ...]:
        """A draw from the bag is shown on the hand spot; the reserve gives or takes the tile."""
        if isinstance(move, Take):
            return (HAND,) if move.source == "pool" else (RESERVE,)
        return (RESERVE,) if isinstance(move, Shelve) else ()

    def guide_rotation(self) -> int:
        """How the computer's tile is turned where a real table is asked to lay it (0 otherwise):
        the tile in hand is shown turned that way, big enough to copy."""
        guide = self.physical.engine.guide if self.physical is not None else None
        move = guide.moves[0] if guide is not None else None
        return move.rotation if isinstance(move, Place) else 0

    def draw_piece(self, surface: Target, code: str, rect: pygame.Rect, alpha: int = 255) -> None:
        """The tile of a board code (``Z3``) turned as the code says, see-through by ``alpha``,
        its stroke in the colour of the half it lies in."""
        tile = parse_tile(code)
        if tile is None:
            return
        cell = self.view.cell_at(rect.center)
        stroke = PLAYER_COLORS[self.state.geo.owner(cell)] if cell is not None else NIGHT
        inner = rect.inflate(-2, -2)
        ghost = ghost_tile(tile, stroke, inner.width)
        ghost.set_alpha(alpha)
        surface.blit(ghost, inner.topleft)

    # --- drawing ---------------------------------------------------------------------------------

    def draw_game(self, surface: Target) -> None:
        """Header, board, players' cards, pool, hand and reserve; the flying tile and the flash."""
        surface.blit(static_layer(surface.get_size(), language()), (0, 0))
        score = self.score_line()
        if score and (self.physical is None or self.physical.camera_line() is None):
            self.SCORE.draw(surface, score, theme.INK_SOFT, "left")
        self._draw_board(surface)
        for player in (1, 2):
            self._draw_card(surface, player)
        self._draw_supply(surface)
        for button in self.action_buttons:
            button.draw(surface, self.time)
        self._draw_pointer_tile(surface)
        if self.flight is not None:
            draw_tile(surface, self.flight.rect(), self.flight.tile, self.flight.stroke)
        if self.flash.value > 0.01:
            ui.draw_veil(surface, (255, 255, 230), round(170 * self.flash.value))

    def draw_message(self, surface: Target) -> None:
        """The status box at the top: on a real table what it must do now (set up, put right,
        play for the computer); else a message when there is one (a refusal, the coin toss,
        what the computer did), else whose turn it is and what to do."""
        state = self.state
        panel = self.STATUS_PANEL
        table = self.physical.prompt_lines() if self.physical is not None else []
        if table:
            tone = self.physical.prompt_tone()
            draw.circle(surface, tone, (panel.x + 22, panel.centery), 10)
            draw.rect(surface, tone, panel, 3, border_radius=26)
            self.STATUS_TABLE.draw(surface, self.table_text(table), theme.INK)
            return
        if self.message is not None:
            text, dot, color = self.message.text, self.message.tone, theme.INK
        else:
            text, dot, color = self.turn_text(), PLAYER_COLORS[state.current_player], PLAYER_DARK[state.current_player]
        draw.circle(surface, dot, (panel.x + 22, panel.centery), 10)
        if self.message is not None:
            draw.rect(surface, dot, panel, 3, border_radius=26)
        self.STATUS.draw(surface, text, color)

    @classmethod
    def table_text(cls, lines: list[str]) -> str:
        """The table's prompt for the status box: the headline and as many of the next lines
        as the box holds (the rings and the LEDs show every fix). One line stays a translated
        text, so that its fit is checked like every other."""
        for count in range(min(len(lines), cls.STATUS_TABLE.lines), 1, -1):
            text = "\n".join(lines[:count])
            if cls.STATUS_TABLE.fit(text) is not None:
                return text
        return lines[0]

    def draw_physical_prompt(self, surface: Target, lines: list[str], tone: ui.Color) -> None:
        """Nothing over the board or the supply: the status box says it (:meth:`draw_message`)."""

    def turn_text(self) -> str:
        """Whose turn it is and what to do, in words."""
        state = self.state
        if state.is_terminal():
            return tr("lightning.turn.over")
        player = state.current_player
        phase = "take" if state.hand is None else "place"
        if self.match.seats[player].is_computer:
            return tr(f"lightning.turn.computer.{phase}", name=self.mover_name(player))
        if self.physical is not None and not self.physical.touch_allowed:
            phase = f"physical.{phase}"  # the bag, the mat and the hand spot, not the screen
        if self.match.against_computer:
            return tr(f"lightning.turn.{phase}.you")
        return tr(f"lightning.turn.{phase}.named", name=self.player_name(player))

    def _draw_board(self, surface: Target) -> None:
        state, view, facts = self.state, self.view, self.facts
        placing = self.person_to_move() and state.hand is not None
        # On a real table the squares where the tile in hand may go show too (the LEDs breathe there).
        at_table = self.physical is not None and self.match.person_to_move() and not self.busy()
        shown = (placing or at_table) and state.hand is not None
        flying = self.flight.cell if self.flight is not None else None
        landing = self.drop[0] if self.drop is not None else None
        view.draw_board(surface, state, facts, self.time, frozenset(c for c in (flying, landing) if c is not None))
        if shown:
            view.draw_legal(surface, facts.legal, self.time)
        if self.drop is not None:
            view.draw_landing(surface, state, facts, self.drop[0], self.drop[1].value)
        if state.winner is not None and self.flight is None:
            view.draw_bolt(surface, state, facts.winning, min(1.0, self.bolt_time / 0.7), self.time)
        cell = view.cell_at(self.hover) if placing and self.hover is not None else None
        if cell is not None:
            view.draw_ghost(surface, cell, Tile(state.hand or "I", self.rotation), cell in facts.legal)

    def _draw_pointer_tile(self, surface: Target) -> None:
        """A tile dragged from the hand, off the board: it follows the finger."""
        state = self.state
        hover = self.hover
        if self.dragging and hover is not None and state.hand is not None and self.view.cell_at(hover) is None:
            rect = pygame.Rect(0, 0, 70, 70)
            rect.center = hover
            draw_tile(surface, rect, Tile(state.hand, self.rotation), PLAYER_COLORS[state.current_player])

    def card_name(self, player: int) -> str:
        """The name on ``player``'s card: "Toi", "L'ordinateur (Facile)", or the colour."""
        return self.player_name(player) if self.match.all_computers else self.seat_label(player)

    def card_lines(self, player: int) -> tuple[str, str]:
        """The card's big line and its explanation: "Encore 17 tuiles" / "au moins, pour
        relier ton bord de départ au trait doré du milieu."."""
        if self.state.winner == player:
            return tr("lightning.card.won"), tr("lightning.card.won.why")
        if not self.facts.known:
            return "", ""
        distance = self.facts.distance(player)
        if distance is None:
            return tr("lightning.card.blocked"), tr("lightning.card.blocked.why")
        big = tr("lightning.card.more.one") if distance == 1 else tr("lightning.card.more", n=distance)
        return big, tr("lightning.card.why.it" if self.match.seats[player].is_computer else "lightning.card.why.you")

    def _draw_card(self, surface: Target, player: int) -> None:
        state = self.state
        active = state.current_player == player and not state.is_terminal()
        card = self.CARDS[player].move(0, -round(3 * math.sin(self.time * 3)) if active else 0)
        colour, dark = PLAYER_COLORS[player], PLAYER_DARK[player]
        ui.draw_panel(surface, card, theme.PANEL, 22, 10, border=colour if active else None)
        header = pygame.Rect(card.x, card.y, card.width, 52)
        draw.rect(surface, colour, header, border_top_left_radius=22, border_top_right_radius=22)
        self.CARD_NAME.draw(surface, self.card_name(player), theme.WHITE, rect=self.CARD_NAME.rect.move(card.topleft))
        big, why = self.card_lines(player)
        self.CARD_BIG.draw(surface, big, dark, rect=self.CARD_BIG.rect.move(card.topleft))
        # The gauge: how much of the way the best path has come (17 tiles at least on an empty half).
        total = state.geo.half_rows
        distance = self.facts.distance(player)
        done = total if state.winner == player else 0 if distance is None else max(0, total - distance)
        gauge = pygame.Rect(card.x + 22, card.y + 108, card.width - 44, 18)
        draw.rect(surface, (236, 228, 214), gauge, border_radius=9)
        if done:
            fill = gauge.copy()
            fill.width = max(18, round(gauge.width * done / total))
            draw.rect(surface, colour, fill, border_radius=9)
        self.CARD_WHY.draw(surface, why, theme.INK_SOFT, rect=self.CARD_WHY.rect.move(card.topleft))

    def hand_label(self) -> str:
        """"Ta tuile", "Tuile de l'ordinateur" or "Tuile de Rouge"."""
        player = self.state.current_player
        if not self.match.seats[player].is_computer:
            return tr("lightning.hand.you")
        if self.match.against_computer:
            return tr("lightning.hand.computer")
        return tr("lightning.hand.named", name=self.player_name(player))

    def pool_text(self) -> str:
        """How many tiles are left face down."""
        count = self.state.pool_size
        if count == 0:
            return tr("lightning.pool.empty")
        return tr("lightning.pool.one") if count == 1 else tr("lightning.pool.count", count=count)

    def _draw_supply(self, surface: Target) -> None:
        state = self.state
        taking = self.person_to_move() and state.hand is None
        glow = ui.blend(GOLD, theme.WHITE, 0.5 + 0.5 * math.sin(self.time * 5))
        # The pool: a little stack of face-down tiles.
        for k in range(min(5, (state.pool_size + 29) // 30), 0, -1):
            draw_tile_back(surface, self.POOL_RECT.move(k * 3 - 3, -k * 3 + 3))
        if taking and state.pool_size:
            draw.rect(surface, glow, self.POOL_RECT.inflate(12, 12), 4, border_radius=18)
        self.POOL_COUNT.draw(surface, self.pool_text(), theme.INK)
        # The tile in hand.
        self.HAND_LABEL.draw(surface, self.hand_label(), PLAYER_DARK[state.current_player])
        flying = self.flight is not None and self.flight.kind == "take"
        if state.hand is not None and not flying and not self.dragging:
            player = state.current_player
            rotation = self.rotation if not self.match.seats[player].is_computer else self.guide_rotation()
            draw_tile(surface, self.HAND_RECT.inflate(-18, -18), Tile(state.hand, rotation), PLAYER_COLORS[player])
        # The reserve: face-up tiles anyone may take.
        counts = state.reserve_counts()
        for k, design in enumerate(DESIGNS):
            if not counts[design]:
                continue
            rect = self.reserve_rect(k)
            draw_tile(surface, rect, Tile(design, 0))
            badge = pygame.Rect(0, 0, 34, 24)
            badge.midtop = (rect.centerx, rect.bottom + 4)
            draw.rect(surface, NIGHT, badge, border_radius=12)
            ui.draw_text(surface, f"×{counts[design]}", badge.center, 17, theme.WHITE, "bold", "center")
            if taking:
                draw.rect(surface, glow, rect.inflate(8, 8), 3, border_radius=10)
        if not state.reserve_size:
            self.RESERVE_EMPTY.draw(surface, tr("lightning.reserve.empty"), theme.INK_SOFT)



@budgeted(13 * MB, scope='lightning')
@native_sprite
def static_layer(size: tuple[int, int], lang: str, scale: float = 1.0) -> Canvas:
    """What never moves: paper, title, the supply's labels and shelf (drawn once for every game)."""
    layer = make_layer(size, scale).convert()
    layer.blit(ui.background(size), (0, 0))
    draw_bolt_icon(layer, pygame.Rect(18, 14, 30, 46), GOLD)
    ui.draw_text(layer, tr("lightning.title"), (54, 38), 40, NIGHT, "title", "midleft")
    ui.draw_panel(layer, LightningScene.STATUS_PANEL, theme.PANEL, 26, 6)
    LightningScene.POOL_LABEL.draw(layer, tr("lightning.pool"), NIGHT)
    LightningScene.RESERVE_LABEL.draw(layer, tr("lightning.reserve"), NIGHT)
    draw.rect(layer, (236, 228, 214), LightningScene.HAND_RECT, border_radius=20)
    draw.rect(layer, (210, 198, 180), LightningScene.HAND_RECT, 3, border_radius=20)
    for k in range(len(DESIGNS)):
        draw.rect(layer, (226, 216, 200), LightningScene.reserve_rect(k), 2, border_radius=8)
    first, last = LightningScene.reserve_rect(0), LightningScene.reserve_rect(len(DESIGNS) - 1)
    shelf = pygame.Rect(first.x - 8, 612, last.right - first.x + 16, 9)
    draw.rect(layer, (200, 170, 128), shelf, border_radius=5)
    return layer


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


def _illustrate_goal(surface: Target, rect: pygame.Rect, time: float) -> None:
    shown = min(len(MINI_PATH), int(time / 0.6))
    draw_mini_board(surface, rect, _mini_state(MINI_PATH[:shown] + MINI_BLUE), time)


def _illustrate_turn(surface: Target, rect: pygame.Rect, time: float) -> None:
    pool = pygame.Rect(rect.x + 20, rect.y + 90, 120, 120)
    for k in range(3, 0, -1):
        draw_tile_back(surface, pool.move(k * 4 - 4, -k * 4 + 4))
    ui.draw_text(surface, tr("lightning.pool"), (pool.centerx, pool.y - 40), 26, NIGHT, "bold", "midtop")
    hand = pygame.Rect(rect.centerx - 70, rect.y + 80, 140, 140)
    draw_tile(surface, hand, Tile("Z", int(time / 0.9) % 4), theme.RED)
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


def _illustrate_where(surface: Target, rect: pygame.Rect, time: float) -> None:
    state = _mini_state(MINI_PATH[:2] + MINI_BLUE[:1])
    legal = frozenset(state.legal_cells())
    tour = [((7, 1), True), ((7, 2), True), ((9, 2), True), ((6, 2), False), ((2, 1), True)]
    cell, ok = tour[int(time / 1.1) % len(tour)]
    draw_mini_board(surface, rect, state, time, legal, ghost=(cell, Tile("D", 0), ok))


def _illustrate_branch(surface: Target, rect: pygame.Rect, time: float) -> None:
    steps = MINI_PATH[:2] + ((7, 2, "L0"),) + MINI_PATH[2:]
    shown = min(len(steps), int(time / 0.9) + 2)
    state = _mini_state(steps[:shown] + MINI_BLUE)
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


def rules_pages() -> list[RulesPage]:
    """The illustrated rules, faithful to the CEMÉA article (the tile designs are ours)."""
    illustrations = (_illustrate_goal, _illustrate_turn, _illustrate_where, _illustrate_branch, _illustrate_tiles)
    return [
        RulesPage(f"lightning.rules.p{k}.title", tr(f"lightning.rules.p{k}.text"), draw)
        for k, draw in enumerate(illustrations, 1)
    ]


# --- menu icon and factories -----------------------------------------------------------------


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


def new_match(app: App, red: str = "human", blue: str = DEFAULT_LEVEL, *, half_rows: int = HALF_ROWS,
              cols: int = COLS) -> Match:
    """A match with a fresh shuffle and coin toss; each colour is ``"human"`` or a computer level."""
    seats = {1: Seat() if red == "human" else Seat.computer(red), 2: Seat() if blue == "human" else Seat.computer(blue)}
    start = new_game(random.Random(app.rng.getrandbits(32)), half_rows, cols)
    return GameScene.new_match(app, "lightning", start, seats, time_budget=THINK_BUDGET)


def make_scene(app: App) -> LightningScene:
    """From the menu: a child (red) against a computer it can beat, after the "who plays" card."""
    scene = LightningScene(app, new_match(app))
    scene.ask_seats = True
    return scene


class AttractScene(LightningScene):
    """Computers only, a little quicker, so that a game ends within the demo's 40 seconds."""

    computer_delay = 0.25


def make_demo_scene(app: App) -> LightningScene:
    """Computer against computer, restarting by itself (attract mode): two "Fort" players racing
    to the centre line, so that a bolt lights up within the demo's 40 seconds."""
    return AttractScene(app, new_match(app, "builder", "builder"), attract=True)
