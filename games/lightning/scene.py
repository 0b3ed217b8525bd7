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

The scene puts together its parts (:mod:`games.lightning.scene_parts`), one job each: where
things are (``layout``), the tile in hand under a finger (``hand``), tiles in motion
(``motion``), the position's paths and legal squares (``facts``), the cards and the supply
(``panels``), the game on a real table (``table``), the rules pages and the menu icon (``pages``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from games.core import Outcome
from games.effects import Sound
from games.lightning.ai import DEFAULT_LEVEL
from games.lightning.rules import (
    COLS,
    HALF_ROWS,
    LightningState,
    Move,
    Place,
    Shelve,
    Take,
    new_game,
)
from games.lightning.scene_parts.facts import FactsWatch
from games.lightning.scene_parts.hand import HandControl
from games.lightning.scene_parts.layout import BIG, SMALL, VIEWPORT, Layout, static_layer
from games.lightning.scene_parts.motion import Flight, TileMotion
from games.lightning.scene_parts.pages import draw_icon, prepare_rules, rules_pages
from games.lightning.scene_parts.panels import (
    SUPPLY_AREAS,
    SUPPLY_PARTS,
    card_look,
    draw_card,
    draw_supply,
    prepare_card,
    supply_glow,
)
from games.lightning.scene_parts.table import LightningTable
from games.lightning.tiles import DESIGNS, Tile
from games.lightning.view import (
    PLAYER_COLORS,
    PLAYER_DARK,
    BoardView,
    Facts,
    draw_tile,
)
from games.match import Match, Seat
from kiosk import draw, theme, ui
from kiosk.canvas import LOGICAL_SIZE, Target, scale_of
from kiosk.game_scene import GameScene, Tool, grouped
from kiosk.i18n import language, tr
from kiosk.overlays import RulesPage

if TYPE_CHECKING:
    from kiosk.host import Host

Cell = tuple[int, int]
Color = tuple[int, int, int]

#: Seconds the strong player may think about a move (off the frame loop).
THINK_BUDGET = 0.5
TextBox = ui.TextBox
#: The menu finds the icon here (the rules pages and the icon are drawn in pages.py).
__all__ = ["AttractScene", "LightningScene", "draw_icon", "make_demo_scene", "make_scene", "new_match", "rules_pages"]


class LightningScene(Layout, GameScene[LightningState, Move]):
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
    camera_status_width = 228  # up to the status box
    notice_in_status = True  # the status box says the camera is lost: no banner over it
    computer_delay = 0.8
    #: A person's tile laid against the computer changes both cards, the hand and the status box:
    #: 39 % of the screen, drawn in part since copies are cut at a cache line (p99 of turns against
    #: the computer, bench/lightning_frames.py: 2.95-3.22 -> 2.62 ms). A hot-seat lay copies
    #: 56 % back (the board's frame around its halves, both cards, the hand, the status box):
    #: drawn whole, it also drew the tools and the message again.
    partial_share = 0.7



    end_delay = 1.8  # the bolt runs to the centre line and flickers before the end card
    message_anchor = (640, 712)  # the attract banner (messages go in the status box)

    def __init__(self, app: Host, match: Match, *, attract: bool = False) -> None:
        super().__init__(app, match, attract=attract)
        self.view = BoardView(match.state.geo, VIEWPORT, BIG, SMALL)
        #: Lightning on a real table: the prompts, the mat's spots, the ghost tiles.
        self.tabletop = LightningTable(lambda: self.table, self.view, lambda: self.state)
        #: The tile in hand under the finger: its rotation, the pointer, a drag.
        self.hand = HandControl(self.view, lambda: self.state, self.person_to_move, self.play, self.app.effects.publish)
        #: Tiles flying, landing, the flash and the bolt.
        self.motion = TileMotion(self.app.effects.publish, lambda: self.state.winner is not None)
        #: Paths, powered tiles and legal squares, worked out off the frame loop.
        self.watch = FactsWatch(match, self.app.effects.publish, self._draw_ahead)
        #: The scale of the screen last drawn on (pictures drawn ahead are drawn at it).
        self._screen_scale: float | None = None
        #: Frames in a row a hot-seat person has held the tile to lay (:meth:`_lay_next`).
        self._at_rest_frames = 0
        #: The position and facts the other split's board was last brought up to (:meth:`draw_live`).
        self._split_kept: tuple[int, Facts] | None = None
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
        if not self.can_take_back() or self.setting_up():
            return
        self.match.undo()
        while self.state.hand is not None and self.match.can_undo():
            self.match.undo()
        self.app.effects.publish(Sound("click"))

    def tools(self) -> list[Tool]:
        """Undo, new game, players, rules, home (R turns the tile here: it does not restart)."""
        t = self.standard_tools()
        undo = replace(t["undo"], enabled=lambda: self.can_take_back() and not self.setting_up())
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
        """From the child's side: "Ton éclair relie…" / "Son éclair relie…", a path walled off
        for good ("Ton chemin ne peut plus…" / "Tu as barré…"), or the draw."""
        tiles = self.state.placed
        if outcome.winner is None:
            return tr(outcome.reason)  # the pile is empty, or both ways are walled off
        person = self.match.person_player()
        if outcome.reason == "lightning.end.walled":
            walled = 3 - outcome.winner
            if person is None or not self.match.against_computer:
                return tr("lightning.end.walled.named", name=self.player_name(walled))
            return tr("lightning.end.walled.you" if walled == person else "lightning.end.walled.computer")
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

    @property
    def flight(self) -> Flight | None:
        """The tile flying now, if any."""
        return self.motion.flight

    def busy(self) -> bool:
        """True while a tile flies (into the hand, to its square, to the reserve)."""
        return self.motion.flight is not None

    def _seconds(self, person: float, computer: float, before: LightningState) -> float:
        seconds = computer if self.match.seats[before.current_player].is_computer else person
        return seconds * (0.45 if self.attract else 1.0)

    def on_move(self, before: LightningState, move: Move, after: LightningState) -> None:
        """Take: the tile flies into the hand. Lay: a person's tile drops in place, the
        computer's flies from the hand first. Shelve: the tile flies to the reserve."""
        self.hand.let_go()
        player = before.current_player
        computer = self.match.seats[player].is_computer
        hand_rect = self.HAND_RECT.inflate(-18, -18)
        if isinstance(move, Take) and after is not self.state:
            # A real table's draw seen with what was done with the tile (laid, shelved) in one
            # reading: only the tile's landing is shown.
            self.hand.rotation = 0
            self.app.effects.publish(Sound("slide"))
        elif isinstance(move, Take):
            self.hand.rotation = 0
            tile = Tile(after.hand or "I", 0)
            if move.source == "pool":
                source = self.POOL_RECT.copy()
                self.app.effects.publish(Sound("slide"))
            else:
                source = self.reserve_rect(list(DESIGNS).index(move.design or "I"))
                self.app.effects.publish(Sound("select"))
                if computer:
                    self.say(tr("lightning.did.reserve", name=self.mover_name(player)), 3.0, theme.GOOD)
            self.motion.fly(tile, lambda: source, lambda: hand_rect, self._seconds(0.22, 0.4, before), "take",
                            PLAYER_COLORS[player])
        elif isinstance(move, Shelve):
            design = before.hand or "I"
            slot = self.reserve_rect(list(DESIGNS).index(design))
            self.motion.fly(Tile(design, 0), lambda: hand_rect, lambda: slot, self._seconds(0.3, 0.45, before),
                            "shelve")
            self.app.effects.publish(Sound("whoosh"))
            if computer:
                self.say(tr("lightning.did.shelve", name=self.mover_name(player)), 3.0, theme.GOOD)
        else:
            assert isinstance(move, Place)
            self.watch.watch_block(3 - player)
            if computer:
                cell = move.cell
                self.motion.fly(Tile(before.hand or "I", move.rotation), lambda: hand_rect,
                                lambda: self.view.cell_rect(cell).inflate(-2, -2), self._seconds(0.45, 0.5, before),
                                "place", PLAYER_COLORS[player], cell)
            else:
                self.motion.lay(move.cell)

    def _draw_ahead(self, state: LightningState, facts: Facts) -> None:
        """With a position's facts, off the frame loop: the players' cards as they will show
        them, still and bobbing (a lay changes the words of both; the turn passing makes one
        still and the other bob); and, for a won position, the bolt's pictures for the screen
        (its squares as they are now; were they to change size first, the frame draws them)."""
        scale = self._screen_scale
        if self.table is not None or scale is None:
            return
        if not self.attract and facts.known:
            playing = not state.is_terminal()
            for player in (1, 2):
                look = card_look(state, player, facts.distance(player), self.card_name(player),
                                 self.card_lines(player, state, facts))
                prepare_card(player, look, playing, scale)
        if state.winner is not None:
            self.view.prepare_bolt(scale, state, facts.winning)

    def on_reset(self) -> None:
        """Undo, restart, new players: no tile in flight, the view on the player to move."""
        self.motion.reset()
        self.hand.rotation = 0
        self.hand.let_go()
        self.watch.reset(new_game=not self.state.placed)
        self._snap_view()

    def prepare(self, surface: Target) -> None:
        """The first frames drawn ahead (:meth:`GameScene.prepare`), and the board at both
        splits of its squares: the who-plays card may choose hot-seat, or a coin toss the other
        player, whose half is then the big one; and the rules pages' small boards."""
        super().prepare(surface)
        if not self.attract and self.table is None:
            self.view.prepare_splits(surface, self.state, self.facts)
            prepare_rules()

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
        self.view.share = self.view.goal = self._share_target()

    @property
    def facts(self) -> Facts:
        """The facts of the position on screen (the last ones until a new position's are in)."""
        return self.watch.facts

    def update(self, dt: float) -> None:
        """Tiles in flight, the landing bounce, the flash, the halves' sizes, then the flow."""
        self.motion.update(dt)
        self.watch.poll()
        # Hot-seat: the half of the player to move grows, smoothly, once the tile has landed (the
        # view draws the board at the goal's sizes, scaled on the way).
        target = self.view.goal = self._share_target()
        if not self.busy():
            step = dt / 0.45
            self.view.share += max(-step, min(step, target - self.view.share))
        super().update(dt)
        self._at_rest_frames = self._at_rest_frames + 1 if self._lay_next() else 0

    def still_look(self) -> Hashable | None:
        """A tile landing, the flash, the bolt growing and the halves resizing move; the tile in
        hand shows its turn and where it is held."""
        if self.motion.moving() or self.view.share != self._share_target():
            return None
        hand = self.hand
        return (hand.rotation, hand.dragging, hand.hover)

    # --- input: the tile in hand (scene_parts/hand.py) ----------------------------------------------

    @property
    def rotation(self) -> int:
        """The quarter turns of the tile in hand as shown."""
        return self.hand.rotation

    @property
    def rotate_button(self) -> ui.Button:
        """The "turn" button."""
        return self.hand.rotate_button

    @property
    def shelve_button(self) -> ui.Button:
        """The "put in the reserve" button."""
        return self.hand.shelve_button

    @property
    def action_buttons(self) -> list[ui.Button]:
        """Turn and shelve, when the person to move can use them."""
        return self.hand.action_buttons

    def handle_board(self, event: pygame.event.Event) -> bool:
        """Taps, drags from the hand, the wheel, right clicks and keys (see the module doc)."""
        return self.hand.handle(event)

    def taps_for(self, move: Move) -> list[tuple[int, int]]:
        """Where a child taps to play ``move`` (:meth:`HandControl.taps_for`)."""
        return self.hand.taps_for(move)

    # --- the physical board: the hooks kiosk.physical asks, answered by the table component ---

    def cell_rect(self, cell: Cell) -> pygame.Rect | None:
        """A square of the board on screen (sideways, as drawn)."""
        return self.view.cell_rect(cell)

    def board_rect(self) -> pygame.Rect | None:
        """The whole board, frame included."""
        return self.view.rect

    def spot_rect(self, name: str) -> pygame.Rect | None:
        """The mat's spots on screen (:meth:`LightningTable.spot_rect`)."""
        return self.tabletop.spot_rect(name)

    def move_spots(self, state: LightningState, move: Move) -> tuple[str, ...]:
        """The mat's spots ``move`` touches (:meth:`LightningTable.move_spots`)."""
        return self.tabletop.move_spots(move)

    def draw_piece(self, surface: Target, code: str, rect: pygame.Rect, alpha: int = 255) -> None:
        """A tile as a board code says (:meth:`LightningTable.draw_piece`)."""
        self.tabletop.draw_piece(surface, code, rect, alpha)

    # --- drawing ---------------------------------------------------------------------------------

    def still_key(self) -> Hashable | None:
        """Unless a tile is dragged or the game is on a real table: the
        position and its facts, the words, the tile in hand as turned, the score, and what moves
        over it (drawn live: :meth:`draw_live`): a tile flying (the hand's slot is empty while a
        taken tile flies in), the squares left for a tile landing, the board itself while the
        halves grow and shrink (the tile hovered over a square is live too: a pointer's move
        does not draw the board again)."""
        if self.hand.dragging or self.tabletop.on_table or self.table is not None:
            return None
        state = self.state
        flight = self.motion.flight
        board = "live" if self._board_live() else (self.view.sizes, self.motion.hidden())
        # Whether a person may play (the glowing supply, the squares to lay on, the hand's
        # buttons) is the live part's: the end of a flight or a landing changes no still pixel,
        # and its frame is drawn in part (:meth:`live_areas` before and after).
        taking_in = flight is not None and flight.kind == "take"  # the hand's slot empty meanwhile
        return (self.match.version, self.watch.version, self.facts.known, state.current_player, self.rotation,
                board, taking_in, state.winner, repr(self.match.seats), self.score_line())

    def _board_live(self) -> bool:
        """The halves grow and shrink: the board is drawn at every frame (over the still layer)."""
        return self.view.sizes != self.view.resting_sizes

    def _lay_next(self) -> bool:
        """Hot-seat, at rest, a person holding the tile to lay: the halves change size after it."""
        match, state = self.match, self.state
        return (not match.against_computer and not match.all_computers and state.hand is not None
                and self.person_to_move() and not self.busy() and self.motion.drop is None
                and self.facts.known and self.watch.version == match.version and self.table is None)

    def taking(self) -> bool:
        """A person may take a tile (the pool and the reserve glow)."""
        return self.person_to_move() and self.state.hand is None

    def draw_still(self, surface: Target) -> None:
        """The header, the board (its centre line aside; not while its halves change size), the
        card of the player waiting and, unless it glows, the supply: what lies under the
        surface's clip. A new still key paints again only the parts that changed
        (:meth:`still_parts`, each under a clip), and that frame is drawn in part."""
        self._screen_scale = scale_of(surface)
        self._paint_still(surface, surface.get_clip())

    def still_parts(self) -> list[tuple[pygame.Rect, Hashable]] | None:
        """The still layer's parts and what each shows: the score, each player's card, the
        supply's pool, hand and reserve (:meth:`_part_areas`, :meth:`_still_looks`), then the
        board's bounds and squares (:meth:`BoardView.still_parts`)."""
        parts = list(zip(self._part_areas(), self._still_looks()[1:], strict=True))
        parts.extend(self.view.still_parts(self.state, self.facts, self.motion.hidden(), not self._board_live()))
        return parts

    def group_parts(self, rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """The board's changed parts grouped apart from the rest's (the cards, the supply): a
        lay in hot-seat changes the board's bounds (drawn live while the halves change size)
        and both cards, which grouped together made one box of nearly the whole screen, painted
        again (1 ms at 1080p) and drawn whole (4-6 ms, the p99 of a person's moves)."""
        bounds = self.view.board_bounds()
        board = [rect for rect in rects if bounds.contains(rect)]
        return grouped(board) + grouped([rect for rect in rects if not bounds.contains(rect)])

    def _paint_still(self, surface: Target, area: pygame.Rect) -> None:
        """The still layer's parts that meet ``area``, in their order, drawn inside it."""
        clip = surface.get_clip()
        surface.set_clip(area)
        self._draw_header(surface)
        if not self._board_live() and area.colliderect(self.view.board_bounds()):
            self.view.draw_board(surface, self.state, self.facts, self.time, self.motion.hidden(), seam=False)
        for player in (1, 2):
            if not self._card_active(player) and area.colliderect(Layout.CARDS[player].inflate(72, 80)):
                self._draw_card(surface, player)
        parts = tuple(part for part in SUPPLY_PARTS if area.colliderect(SUPPLY_AREAS[part]))
        if parts:
            self._draw_supply(surface, rings=False if self.taking() else None, parts=parts)
        surface.set_clip(clip)

    @staticmethod
    def _part_areas() -> tuple[pygame.Rect, ...]:
        """Where the still layer's parts lie beside the board (logical, with their shadows and a
        margin): the score, each player's card, the supply's pool, hand and reserve."""
        return (Layout.SCORE.rect.inflate(12, 12), Layout.CARDS[1].inflate(72, 80), Layout.CARDS[2].inflate(72, 80),
                *(SUPPLY_AREAS[part] for part in SUPPLY_PARTS))

    def _still_looks(self) -> tuple[Hashable, ...]:
        """What the still layer's parts beside the board show, in :meth:`_part_areas`' order
        after the whole layer's own (the language, the screen's shape): the score, each card
        (None while it bobs: drawn live), the supply's pool, hand and reserve."""
        state = self.state
        score = self.score_line()
        cards = tuple(None if self._card_active(player) else
                      (self.card_name(player), self.card_lines(player), self.facts.distance(player), state.winner)
                      for player in (1, 2))
        # The supply as the still layer draws it (no glow: :func:`draw_supply` with rings False
        # or None and not taking draws none).
        pool = (min(5, (state.pool_size + 29) // 30), self.pool_text())
        hand = (self.hand_label(), state.current_player, self._hand_tile())
        return ((language(),), (score, bool(score) and self.tabletop.score_shown()), *cards, pool, hand, state.reserve)

    def draw_live(self, surface: Target) -> None:
        """Over the still layer, in :meth:`draw_game`'s order where things meet: the board while
        its halves change size, the glowing centre line, the marks on the board (a tile
        landing, the bolt), the card of the player to move (it bobs), the supply when it glows,
        the hand's buttons, the tile flying, the flash."""
        if self._board_live():
            self.view.draw_board(surface, self.state, self.facts, self.time, self.motion.hidden(), seam=False)
        elif self._at_rest_frames >= 3 and self._split_kept != (self.match.version, self.facts):
            # Hot-seat, the tile in hand a few frames after it landed (that frame paints the
            # still layer again): the other split's board caught up now, at rest (0.3-1 ms),
            # not at the lay (the p99 of a person's moves); once a position.
            self.view.keep_split(surface, self.state, self.facts, 1.0 - self._share_target())
            self._split_kept = (self.match.version, self.facts)
        self.view.draw_seam(surface, self.time)
        self._draw_marks(surface)
        for player in (1, 2):
            if self._card_active(player):
                self._draw_card(surface, player)
        if self.taking():
            self._draw_supply(surface, rings=True)
        for button in self.action_buttons:
            button.draw(surface, self.time)
        flight, flash = self.motion.flight, self.motion.flash.value
        if flight is not None:
            draw_tile(surface, flight.rect(), flight.tile, flight.stroke)
        if flash > 0.01:
            ui.draw_veil(surface, (255, 255, 230), round(170 * flash))

    def message_look(self) -> Hashable:
        """The status box says whose turn it is when there is no message."""
        return (super().message_look(), self.turn_text(), self.state.current_player)

    def message_area(self) -> pygame.Rect | None:
        """The status box at the top, always drawn: its border, its dot and its words, inside
        the box (its paper and shadow are in the static layer)."""
        return self.STATUS_PANEL.inflate(4, 4)

    def live_look(self) -> Hashable | None:
        """What the live part shows, as drawn: the centre line's colour, the glowing rings'
        colour, the breathing squares' alpha, the bobbing card's offset, the hand's buttons
        (the bolt flickers: None)."""
        state = self.state
        if state.winner is not None or self.motion.moving() or self.motion.flight is not None or self._board_live():
            return None
        placing = self.person_to_move() and state.hand is not None
        hover = self.hand.hover if placing else None
        return (self.view.seam_colour(self.time), supply_glow(self.time) if self.taking() else None,
                self.view.legal_alpha(self.time) if placing else None,
                None if hover is None else self.view.cell_at(hover),
                round(3 * math.sin(self.time * 3)) if not state.is_terminal() else None,
                tuple(button.look() for button in self.action_buttons))

    def live_areas(self) -> list[pygame.Rect] | None:
        """The centre line, the squares where the tile in hand may go (and the tile hovered over
        one), the bolt's half, the card of the player to move in its whole bob with its shadow,
        the supply while it glows, and the hand's buttons."""
        state, view = self.state, self.view
        (seam, top), (_x, bottom), width = view.seam_line()
        areas = [pygame.Rect(seam - width - 4, top - width - 4, 2 * width + 8, bottom - top + 2 * width + 8)]
        placing = self.person_to_move() and state.hand is not None
        if placing:
            areas.extend(_runs([view.cell_rect(cell).inflate(4, 4) for cell in self.facts.legal]))
            hover = self.hand.hover
            cell = view.cell_at(hover) if hover is not None else None
            if cell is not None:
                size = view.cell_size(state.geo.owner(cell))
                areas.append(view.cell_rect(cell).inflate(size // 5 + 12, size // 5 + 12))
        if state.winner is not None:
            areas.append(view.half_rect(state.winner).inflate(48, 48))
        if self._board_live():
            areas.append(view.rect.inflate(4, 4))
        drop = self.motion.drop
        if drop is not None:  # the tile landing, a little bigger than its square
            rect = view.cell_rect(drop[0])
            grown = max(0, round(rect.width * (drop[1].value - 1)))
            areas.append(_with_shadow(rect.inflate(grown, grown)))
        flight = self.motion.flight
        if flight is not None:
            areas.append(_with_shadow(flight.rect()))
        if self.motion.flash.value > 0.01:  # the flash of a bolt: over everything
            areas.append(pygame.Rect((0, 0), LOGICAL_SIZE))
        for player in (1, 2):
            if self._card_active(player):
                areas.append(Layout.CARDS[player].inflate(64, 72))
        if self.taking():  # the rings round the pool and the reserve (the row of them: one area)
            rings = [Layout.POOL_RECT.inflate(16, 16)]
            rings.extend(Layout.reserve_rect(k).inflate(12, 12) for k in range(len(DESIGNS)))
            areas.append(rings[0].unionall(rings[1:]))
        areas.extend(button.rect.inflate(16, 24) for button in self.action_buttons)
        return areas

    def live_cover(self) -> list[pygame.Rect]:
        """While the halves change size, their squares: :meth:`draw_live` paints them first,
        opaque (:meth:`BoardView.opaque_halves`), so a frame drawn in part copies the still
        layer around them only (whole, each such frame blitted the layer and drew the tools:
        1.8-2.5 ms at 1080p)."""
        return self.view.opaque_halves() if self._board_live() else []

    def _draw_header(self, surface: Target) -> None:
        surface.blit(static_layer(surface.get_size(), language()), (0, 0))
        score = self.score_line()
        if score and self.tabletop.score_shown():
            self.SCORE.draw(surface, score, theme.INK_SOFT, "left")

    def draw_game(self, surface: Target) -> None:
        """Header, board, players' cards, pool, hand and reserve; the flying tile and the flash."""
        self._draw_header(surface)
        self._draw_board(surface)
        for player in (1, 2):
            self._draw_card(surface, player)
        self._draw_supply(surface)
        for button in self.action_buttons:
            button.draw(surface, self.time)
        self._draw_pointer_tile(surface)
        flight, flash = self.motion.flight, self.motion.flash.value
        if flight is not None:
            draw_tile(surface, flight.rect(), flight.tile, flight.stroke)
        if flash > 0.01:
            ui.draw_veil(surface, (255, 255, 230), round(170 * flash))

    def draw_message(self, surface: Target) -> None:
        """The status box at the top: on a real table what it must do now (set up, put right,
        play for the computer); else a message when there is one (a refusal, the coin toss,
        what the computer did), else whose turn it is and what to do."""
        state = self.state
        panel = self.STATUS_PANEL
        if self.tabletop.draw_prompt(surface):
            return
        if self.message is not None:
            text, dot, color = self.message.text, self.message.tone, theme.INK
        else:
            text, dot, color = self.turn_text(), PLAYER_COLORS[state.current_player], PLAYER_DARK[state.current_player]
        draw.circle(surface, dot, (panel.x + 22, panel.centery), 10)
        if self.message is not None:
            draw.rect(surface, dot, panel, 3, border_radius=26)
        self.STATUS.draw(surface, text, color)

    #: The table's prompt for the status box (kept here by name: the text checks use it).
    table_text = staticmethod(LightningTable.table_text)

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
        phase = self.tabletop.turn_key(phase)
        if player in self.facts.cut_off and not phase.startswith("physical"):
            # The CEMÉA rules: start again elsewhere; and what else a turn can do.
            if self.match.against_computer:
                return tr("lightning.turn.cut.you")
            return tr("lightning.turn.cut.named", name=self.player_name(player))
        if self.match.against_computer:
            return tr(f"lightning.turn.{phase}.you")
        return tr(f"lightning.turn.{phase}.named", name=self.player_name(player))

    def _draw_board(self, surface: Target) -> None:
        self.view.draw_board(surface, self.state, self.facts, self.time, self.motion.hidden())
        self._draw_marks(surface)

    def _draw_marks(self, surface: Target) -> None:
        """On the board: where the tile in hand may go, a tile landing, the bolt, the ghost."""
        state, view, facts = self.state, self.view, self.facts
        placing = self.person_to_move() and state.hand is not None
        # On a real table the squares where the tile in hand may go show too (the LEDs breathe there).
        at_table = self.tabletop.on_table and self.match.person_to_move() and not self.busy()
        shown = (placing or at_table) and state.hand is not None
        motion = self.motion
        if shown:
            view.draw_legal(surface, facts.legal, self.time)
        if motion.drop is not None:
            view.draw_landing(surface, state, facts, motion.drop[0], motion.drop[1].value)
        if state.winner is not None and motion.flight is None:
            view.draw_bolt(surface, state, facts.winning, min(1.0, motion.bolt_time / 0.7), self.time)
        hover = self.hand.hover
        cell = view.cell_at(hover) if placing and hover is not None else None
        if cell is not None:
            view.draw_ghost(surface, cell, Tile(state.hand or "I", self.rotation), cell in facts.legal)

    def _draw_pointer_tile(self, surface: Target) -> None:
        """A tile dragged from the hand, off the board: it follows the finger."""
        state = self.state
        hover = self.hand.hover
        if self.hand.dragging and hover is not None and state.hand is not None and self.view.cell_at(hover) is None:
            rect = pygame.Rect(0, 0, 70, 70)
            rect.center = hover
            draw_tile(surface, rect, Tile(state.hand, self.rotation), PLAYER_COLORS[state.current_player])

    def card_name(self, player: int) -> str:
        """The name on ``player``'s card: "Toi", "L'ordinateur (Facile)", or the colour."""
        return self.player_name(player) if self.match.all_computers else self.seat_label(player)

    def card_lines(self, player: int, state: LightningState | None = None, facts: Facts | None = None
                   ) -> tuple[str, str]:
        """The card's big line and its explanation: "Encore 17 tuiles" / "au moins, pour
        relier ton bord de départ au trait doré du milieu." (of the position on screen, or of
        ``state`` and its ``facts``)."""
        state = self.state if state is None else state
        facts = self.facts if facts is None else facts
        if state.winner == player:
            return tr("lightning.card.won"), tr("lightning.card.won.why")
        if not facts.known:
            return "", ""
        distance = facts.distance(player)
        if distance is None:
            return tr("lightning.card.blocked"), tr("lightning.card.blocked.why")
        big = tr("lightning.card.more.one") if distance == 1 else tr("lightning.card.more", n=distance)
        computer = self.match.seats[player].is_computer
        if player in facts.cut_off:
            return big, tr("lightning.card.cut.it" if computer else "lightning.card.cut.you")
        return big, tr("lightning.card.why.it" if computer else "lightning.card.why.you")

    def _card_active(self, player: int) -> bool:
        """``player``'s card bobs: it is their turn."""
        state = self.state
        return state.current_player == player and not state.is_terminal()

    def _draw_card(self, surface: Target, player: int) -> None:
        state = self.state
        active = self._card_active(player)
        draw_card(surface, player, state, self.facts.distance(player), self.card_name(player),
                  self.card_lines(player), self.time if active else None)

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

    def _hand_tile(self) -> Tile | None:
        """The tile in the hand's slot as shown (None while it flies in or is dragged)."""
        state = self.state
        flying = self.motion.flight is not None and self.motion.flight.kind == "take"
        if state.hand is None or flying or self.hand.dragging:
            return None
        computer = self.match.seats[state.current_player].is_computer
        return Tile(state.hand, self.tabletop.guide_rotation() if computer else self.rotation)

    def _draw_supply(self, surface: Target, rings: bool | None = None, parts: tuple[str, ...] = SUPPLY_PARTS) -> None:
        state = self.state
        tile = self._hand_tile()
        draw_supply(surface, state, taking=self.person_to_move() and state.hand is None, time=self.time,
                    pool_text=self.pool_text(), hand_label=self.hand_label(), hand_tile=tile, rings=rings, parts=parts)


def _runs(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` joined where they overlap in a line (the same top and height, then the same
    left and width): the squares where a tile may go, breathing at every frame, copied back and
    drawn in a few runs instead of one by one (20-50 areas a frame at rest)."""
    for key in (lambda r: (r.y, r.height, r.x), lambda r: (r.x, r.width, r.y)):
        joined: list[pygame.Rect] = []
        for rect in sorted(rects, key=key):
            last = joined[-1] if joined else None
            if last is not None and key(last)[:2] == key(rect)[:2] and last.colliderect(rect):
                joined[-1] = last.union(rect)
            else:
                joined.append(rect)
        rects = joined
    return rects


def _with_shadow(tile: pygame.Rect) -> pygame.Rect:
    """Where :func:`draw_tile` draws a tile in ``tile``: the tile and its shadow under it,
    with a margin for the rounding of a smaller canvas's pixels."""
    return tile.inflate(8, 8).union(tile.move(0, max(1, tile.width // 18)).inflate(8, 8))


# The rules pages and the menu icon: scene_parts/pages.py (imported above for the menu).


def new_match(app: Host, red: str = "human", blue: str = DEFAULT_LEVEL, *, half_rows: int = HALF_ROWS,
              cols: int = COLS) -> Match[LightningState, Move]:
    """A match with a fresh shuffle and coin toss; each colour is ``"human"`` or a computer level."""
    seats = {1: Seat() if red == "human" else Seat.computer(red), 2: Seat() if blue == "human" else Seat.computer(blue)}
    start = new_game(random.Random(app.rng.getrandbits(32)), half_rows, cols)
    return GameScene.new_match(app, "lightning", start, seats, time_budget=THINK_BUDGET)


def make_scene(app: Host) -> LightningScene:
    """From the menu: a child (red) against a computer it can beat, after the "who plays" card."""
    scene = LightningScene(app, new_match(app))
    scene.ask_seats = True
    return scene


class AttractScene(LightningScene):
    """Computers only, a little quicker, so that a game ends within the demo's 40 seconds."""

    computer_delay = 0.25


def make_demo_scene(app: Host) -> LightningScene:
    """Computer against computer, restarting by itself (attract mode): two "Fort" players racing
    to the centre line, so that a bolt lights up within the demo's 40 seconds."""
    return AttractScene(app, new_match(app, "builder", "builder"), attract=True)
