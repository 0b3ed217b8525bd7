"""Lewthwaite's game on screen: token view and snake view of the same state, against the
computer or hot-seat, with hint, undo, restart, rules and an end screen.

The game flow (turns, the computer thinking off the frame loop, hints, undo, the end screen,
the lights) lives in :class:`kiosk.game_scene.GameScene`; this scene draws the board in either
view and animates the slides.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from games.budget import MB, budgeted
from games.core import IllegalMoveError, Outcome
from games.effects import Sound
from games.lewthwaite import solver
from games.lewthwaite.ai import DEFAULT_LEVEL, Hint
from games.lewthwaite.maths import exact_random_play
from games.lewthwaite.rules import BLUE, RED, Cell, LewthwaiteParams, LewthwaiteState
from games.lewthwaite.view import (
    ARROW_STEPS,
    BoardView,
    MoveAnimation,
    arrow_step,
    draw_mini_board,
    ring_pulse,
    token_sprite,
)
from games.match import BOARD, Match, Seat
from kiosk import background, draw, theme, ui
from kiosk.canvas import Canvas, blit, copy_rect, make_layer, native_sprite, own_copy, scale_of
from kiosk.canvas import Target as DrawTarget
from kiosk.focus import Target, button_targets
from kiosk.frames import Sprites
from kiosk.game_scene import GameScene, Tool, grouped
from kiosk.i18n import counted, language, tr
from kiosk.overlays import PictureParts, RulesPage
from kiosk.tween import Tween, ease_in_out_cubic, ease_out_cubic

if TYPE_CHECKING:
    from kiosk.host import Host

SLIDE_SECONDS = 0.32
SHAKE_SECONDS = 0.9
VIEWS = ("tokens", "snake")
#: The board's centre and side on the 1280 x 720 canvas.
BOARD_CENTER, BOARD_SIZE = (430, 326), 540
#: The side panel's card.
PANEL = pygame.Rect(864, 24, 396, 672)
#: The panel's words in bands (kiosk.game_scene's still parts): whose turn (its box), the moves
#: played, who plays each colour and the score.
PANEL_BANDS = (pygame.Rect(PANEL.x, PANEL.y + 80, PANEL.width, 150),
               pygame.Rect(PANEL.x, PANEL.y + 230, PANEL.width, 34),
               pygame.Rect(PANEL.x, PANEL.y + 264, PANEL.width, 122))
#: Where the panel's words and tokens draw (:meth:`LewthwaiteScene._draw_panel`), inside its card.
PANEL_WORDS = PANEL.inflate(-40, 0)
#: The hint's arrow.
ARROW = (230, 150, 0)
#: The hint's arrow at each step of its bounce, drawn once and blitted (its lines and head drawn
#: at every frame of a hint cost more than the blit): 13 of about 0.25 MB at 1080p.
ARROW_SPRITES = Sprites("lewthwaite.arrows", 4 * MB)
_SERIALS = itertools.count()


@dataclass(frozen=True)
class HintBoard:
    """The board with its tokens and the hint's golden capsules over it, drawn ahead on the thread
    that draws the capsules (:meth:`LewthwaiteScene._advice`): the frame the hint arrives blits it
    into the still layer (painting it there cost that frame 1.3-1.6 ms at 1080p). ``key``: what it
    was drawn for (:meth:`LewthwaiteScene._hint_board_key`); ``image`` covers the native
    rectangle at ``origin`` (an even corner: a canvas moved by an even number of pixels rounds as
    the layer does); ``under``: the board before the capsules, by logical area, where something
    moves under them (:attr:`LewthwaiteScene._under`)."""

    key: Hashable
    image: pygame.Surface
    origin: tuple[int, int]
    under: dict[tuple[int, int, int, int], pygame.Surface]


class LewthwaiteScene(GameScene):
    """One game of Lewthwaite, in either view."""

    game = "lewthwaite"
    accent = theme.RED
    toolbar_area = pygame.Rect(884, 414, 356, 272)  # under the score line
    toolbar_columns = 2
    end_delay = SHAKE_SECONDS
    #: The hint arriving or going sends the board and the bubble's band (about half the screen
    #: with the live part): drawn in part, copied back from the still layer, rather than whole.
    partial_share = 0.6

    def __init__(self, app: Host, match: Match[LewthwaiteState, Cell], *, view: str = "tokens",
                 attract: bool = False) -> None:
        super().__init__(app, match, attract=attract)
        match.meta.setdefault("view", view)
        params = match.start.params
        self.board_view = BoardView(params.rows, params.cols, BOARD_CENTER, BOARD_SIZE)
        #: The screen's logical size and scale at the last frame (the hint's capsules are drawn
        #: ahead for it).
        self._shape: tuple[tuple[int, int], float, tuple[int, int]] | None = None
        #: The capsules last drawn ahead (their board, cells, pairs and screen): a switch of view
        #: shows them while the other view's arrow is drawn ahead.
        self._drawn: Hashable | None = None
        self.anim: MoveAnimation | None = None
        self.tween: Tween | None = None
        self.shake_time = 0.0
        self.pressed_cell: Cell | None = None
        #: The board under the hint's capsules where something moves (the rings, the snake's
        #: head), copied from the still layer before the capsules were painted on it, by area:
        #: what :meth:`draw_live` starts from there. A few squares' worth, replaced at each paint.
        self._under: tuple[Hashable, dict[tuple[int, int, int, int], pygame.Surface]] | None = None
        #: The screen under the hint's arrow at the last frame whose live part was drawn (the
        #: board, the rings, the capsules: all but the arrow and the bubble over it), with what
        #: that frame showed beside the arrow (:meth:`_arrow_key`), its native rectangle and the
        #: screen's surface: a frame where only the arrow moved a step blits it back and the
        #: arrow over it (:meth:`draw_moved`).
        self._arrow_under: tuple[Hashable, pygame.Rect, pygame.Surface] | None = None
        #: This scene among all (the hint's pictures are drawn ahead once per position of a scene).
        self._serial = next(_SERIALS)
        #: The advice shown at a frame's time (:meth:`_advice`).
        self._advice_memo: tuple[Hashable, Hint] | None = None
        #: The hint's bubble's band (:meth:`_bubble_band`) in a language.
        self._band: tuple[str, pygame.Rect] | None = None
        #: The screen's pixel format (its bits and masks) at the last frame: the board under the
        #: hint is drawn ahead in it (:class:`HintBoard`), and the last one drawn.
        self._format: tuple[int, tuple[int, int, int, int]] | None = None
        self._hint_board: HintBoard | None = None

    @property
    def view_mode(self) -> str:
        """``"tokens"`` or ``"snake"`` (kept in the match, so a saved game reopens in it)."""
        return str(self.match.meta.get("view", "tokens"))

    # --- the toolbar -------------------------------------------------------------------------

    def tools(self) -> list[Tool]:
        """Hint and view on top, then undo, restart, players, rules, home."""
        t = self.standard_tools()
        view = Tool(
            lambda: tr("lewthwaite.view.tokens" if self.view_mode == "snake" else "lewthwaite.view.snake"),
            self.toggle_view,
            color=(70, 160, 130),
            keys=(pygame.K_v,),
            name="view",
        )
        return [t["hint"], view, t["undo"], t["restart"], t["players"], t["rules"], t["home"]]

    def toggle_view(self) -> None:
        """Switch between the token view and the snake view (same state)."""
        self.match.meta["view"] = "snake" if self.view_mode == "tokens" else "tokens"
        self.app.effects.publish(Sound("whoosh"))

    # --- the flow's hooks ------------------------------------------------------------------------

    def busy(self) -> bool:
        """True while a token slides."""
        return self.anim is not None

    def on_move(self, before: LewthwaiteState, move: Cell, after: LewthwaiteState) -> None:
        """Slide the token (or glide the snake's head) into the hole."""
        self.anim = MoveAnimation(start=move, end=before.hole)
        ease = ease_out_cubic if self.view_mode == "tokens" else ease_in_out_cubic
        self.tween = Tween(0.0, 1.0, SLIDE_SECONDS, ease)
        self.shake_time = 0.0
        self.app.effects.publish(Sound("slide"))

    def on_reset(self) -> None:
        """Undo or restart: no slide in flight."""
        self.anim = None
        self.tween = None
        self.shake_time = 0.0

    def explain_illegal(self, move: Cell, error: IllegalMoveError) -> str | None:
        """Why that token cannot move (nothing to say for a tap on the hole)."""
        state = self.state
        if state.token_at(move) is None:
            return None
        return super().explain_illegal(move, error) or self._why(state, move)

    @staticmethod
    def _why(state: LewthwaiteState, move: Cell) -> str:
        if state.has_moved(move):
            key = "lewthwaite.illegal.moved"
        elif move not in [state.geo.cell(n) for n in state.geo.neighbours[state.path[-1]]]:
            key = "lewthwaite.illegal.far"
        else:
            key = "lewthwaite.illegal.color"
        return tr(key, of_color=tr(f"lewthwaite.illegal.of.{state.current_color}"))

    def player_name(self, player: int) -> str:
        """Red moves first."""
        return tr(f"lewthwaite.Color.{RED if player == 1 else BLUE}")

    def end_reason(self, outcome: Outcome) -> str:
        """"Les rouges ne peuvent plus bouger." and how long the game was."""
        loser = outcome.param_dict()["loser"]
        blocked = tr("lewthwaite.end.blocked", Loser=tr(f"lewthwaite.color.{loser}").capitalize())
        moves = self.state.moves_played
        return f"{blocked} {counted('lewthwaite.end.moves', moves, n=moves)}"

    def rules_pages(self) -> list[RulesPage]:
        """The illustrated rules."""
        return rules_pages()

    def summary(self) -> dict[str, Any]:
        """View and colour to move."""
        state = self.state
        outcome = state.outcome()
        return {
            "view": self.view_mode,
            "to_move_colour": state.current_color,
            "winner_colour": None if outcome is None else state.color_of(outcome.winner or 0),
        }

    # --- input and time --------------------------------------------------------------------------

    def handle_board(self, event: pygame.event.Event) -> bool:
        """A tap on a token (token view) or on the square the pawn goes to (snake view): the
        same cell either way."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_cell = self.board_view.cell_at(event.pos)
            return self.pressed_cell is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            cell, pressed, self.pressed_cell = self.board_view.cell_at(event.pos), self.pressed_cell, None
            if cell is not None and cell == pressed:
                self.play(cell)
                return True
        return False

    def taps_for(self, move: Cell) -> list[tuple[int, int]]:
        """The token to move (token view) or the square the pawn goes to (snake view): the
        same cell."""
        x, y = self.board_view.center_of(move)
        return [(round(x), round(y))]

    def focus_targets(self) -> list[Target]:
        """For a gamepad: the tokens that may move now (button A slides one), then the toolbar."""
        cells = self.state.legal_moves() if self.person_to_move() else []
        size = self.board_view.cell
        squares = [pygame.Rect(0, 0, size, size) for _ in cells]
        for square, cell in zip(squares, cells, strict=True):
            square.center = tuple(round(v) for v in self.board_view.center_of(cell))
        return [Target(square) for square in squares] + button_targets(self.buttons)

    def update(self, dt: float) -> None:
        """The slide, the blocked player's shake, then the shared flow."""
        if self.tween:
            self.tween.update(dt)
            assert self.anim is not None
            self.anim.t = self.tween.progress
            if self.tween.done:
                self.anim = None
                self.tween = None
        if self.match.is_over() and self.anim is None:
            self.shake_time += dt
        super().update(dt)

    def still_look(self) -> Hashable | None:
        """The blocked player's tokens shake for a moment at the end (not a move: not busy)."""
        if self.state.is_terminal() and self.shake_time < SHAKE_SECONDS:
            return None
        return (self.view_mode,)

    # --- the physical board ----------------------------------------------------------------------

    def on_physical(self) -> None:
        """On a real board the screen shows the snake unless a view was asked for: the tokens
        are on the table."""
        if not self.match.meta.get("view_chosen"):
            self.match.meta["view"] = "snake"

    def cell_rect(self, cell: Cell) -> pygame.Rect | None:
        """A cell's square on screen (the same in both views)."""
        x, y = self.board_view.center_of(cell)
        size = self.board_view.cell
        return pygame.Rect(round(x - size / 2), round(y - size / 2), size, size)

    def board_rect(self) -> pygame.Rect | None:
        """The board's tray."""
        return self.board_view.rect

    def draw_piece(self, surface: DrawTarget, code: str, rect: pygame.Rect, alpha: int = 255) -> None:
        """A token of the board's code (``R`` or ``B``), see-through by ``alpha``."""
        colour = {"R": RED, "B": BLUE}.get(code)
        if colour is None:
            return
        sprite = _ghost_token(colour, int(rect.width * 0.78))
        sprite.set_alpha(alpha)
        surface.blit(sprite, sprite.get_rect(center=rect.center))

    # --- drawing ---------------------------------------------------------------------------------

    def prepare(self, surface: DrawTarget) -> None:
        """The first frames drawn ahead (kiosk/prepare.py), and the board of the other view: a
        switch of view then blits it (drawn on the frame thread, it was a 20 ms frame at 1080p)."""
        super().prepare(surface)
        if self.table is None:
            board = self.board_view
            static_layer(surface.get_size(), board.rows, board.cols, self.view_mode != "snake", language())
            # The first moves' sprites: a token moved (dimmed), a sliding token at each size of
            # its lift, the panel's token of the other colour (drawn in the frames of the first
            # moves, they made the first one 8-10 ms at 1080p).
            size = int(board.cell * 0.78)
            for colour in (RED, BLUE):
                token_sprite(colour, size, True)
                token_sprite(colour, 70)
                for grow in range(1, round(board.cell * 0.08 * 0.8) + 1):
                    token_sprite(colour, size + grow)

    def still_key(self) -> Hashable | None:
        """At rest or while a token slides (no shake, no snake growing, not on a real table): the
        position, the view, the seats and the score make the board and the panel's words (a
        sliding token's cell left empty)."""
        state = self.state
        snake_moves = self.anim is not None and self.view_mode == "snake"
        if snake_moves or self.table is not None or (state.is_terminal() and self.shake_time < SHAKE_SECONDS):
            return None
        slide = None if self.anim is None else (self.anim.start, self.anim.end)
        advice = self._advice()
        bubble = None if advice is None or self.message is not None else self._bubble_key(advice)
        hint = None if advice is None else (advice.pairing, bubble)
        return (state.to_text(), self.match.version, self.view_mode, repr(self.match.seats), self.score_line(), hint,
                slide)

    def _advice(self) -> Hint | None:
        """The hint shown on the board (None: the hint is off, still being worked out, or a move
        animates, or its golden capsules and its arrow's steps are being drawn ahead, off the
        frame thread: drawn in the frames, the capsules cost the frame the advice arrived 2-6
        ms at 1080p, and each step's arrow 64 page faults in the first second)."""
        # Asked a dozen times a frame (the still key, the live look, the areas, the drawing): the
        # advice found is kept for the frame's time.
        memo = (self.time, self.match.version, self.hint_on, self.anim is None, self.view_mode, self._shape)
        if self._advice_memo is not None and self._advice_memo[0] == memo:
            return self._advice_memo[1]
        advice = self.hint() if not self.busy() else None
        if advice is None or self._shape is None:
            return advice
        size, scale, offset = self._shape
        pairs, view, way = list(advice.pairing), self.board_view, self._arrow_way(advice)
        # The board under the capsules, for the still layer (offset 0) in the tokens view (the
        # snake's layer is drawn whole: no part of it is painted again).
        board = (self._hint_board_key(advice, size, scale), self.state, self._under_areas(advice)
                 ) if self.view_mode == "tokens" and self._format is not None else None
        layout = self._format

        def draw_ahead() -> HintBoard | bool:
            view.dominoes_for(size, scale, pairs, theme.HINT)  # kept in their cache for the frames
            if way is not None:  # a private sprite each, handed to the cache when painted
                like = Canvas(pygame.Surface((1, 1)), size, scale, offset)
                for step in range(ARROW_STEPS + 1):
                    ARROW_SPRITES.opaque(like, *self._arrow_sprite(way, step))
            if board is None or layout is None:
                return True
            return _hint_board(view, *board, pairs, size, scale, layout)

        capsules = (tuple(view.rect), view.cell, tuple(pairs), size, scale)
        # Once per position of this scene (an earlier game may have shown the same hint: its
        # sprites evicted since).
        shown = (self._serial, self.match.version)
        drawn = background.value(("lewthwaite.hint", *capsules, offset, way, shown, board is not None), draw_ahead)
        if drawn is None and self._drawn != capsules:  # shown at once after a switch of view
            return None
        if isinstance(drawn, HintBoard):
            self._hint_board = drawn
        self._drawn = capsules
        self._advice_memo = (memo, advice)
        return advice

    def _arrow_way(self, advice: Hint) -> tuple[Cell, Cell] | None:
        """Where the hint's arrow goes from and to: the token to the hole, or the snake's head to
        its next cell (None: no move to show)."""
        if advice.move is None:
            return None
        hole = self.state.hole
        return (hole, advice.move) if self.view_mode == "snake" else (advice.move, hole)

    def _arrow_sprite(self, way: tuple[Cell, Cell], step: int) -> tuple[Hashable, pygame.Rect,
                                                                          Callable[[Canvas], None]]:
        """The key, the box and the painting of the hint's arrow along ``way`` at ``step``
        (:data:`ARROW_SPRITES`)."""
        view = self.board_view
        start, end = way
        return ((tuple(view.rect), view.cell, start, end, step), view.arrow_box(start, end),
                partial(view.draw_arrow_at, start=start, end=end, color=ARROW, step=step))

    def still_parts(self) -> list[tuple[pygame.Rect, Hashable]] | None:
        """In the tokens view: each cell (its token), the hint's capsules (over the whole board),
        the panel's bands (whose turn, the moves, who plays and the score) and the hint's bubble
        (a band wide enough for any of its sentences): a move paints its two cells and the
        panel's words; the hint arriving or going its capsules and its bubble (it drew the
        whole layer in its frame: 8-10 ms at 1080p). The snake draws the whole layer."""
        if self.view_mode == "snake":
            return None
        advice = self._advice()
        state, view = self.state, self.board_view
        end = None if self.anim is None else self.anim.end
        parts: list[tuple[pygame.Rect, Hashable]] = [
            (view.cell_box((r, c)), None if (r, c) == end else (state.token_at((r, c)), state.has_moved((r, c))))
            for r in range(view.rows) for c in range(view.cols)]
        seat, outcome = self.match.seat_to_move, state.outcome()
        turn = (state.current_color, None if outcome is None else self.end_reason(outcome), seat.is_human, seat.level,
                self.setting_up(), self.physical is not None and not self.physical.touch_allowed)
        seats = (self.seat_label(1), self.seat_label(2), self.score_line())
        parts.append((view.rect, None if advice is None else advice.pairing))
        parts.extend(zip(PANEL_BANDS, (turn, state.moves_played, seats), strict=True))
        bubble = None if advice is None or self.message is not None else self._bubble_key(advice)
        parts.append((self._bubble_band(), bubble))
        return parts

    def group_parts(self, rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """The hint's bubble's band apart from the board's parts (the hint arriving or going
        changes the board and the band: grouped, one box of 65 % of the screen, drawn whole)."""
        band = self._bubble_band()
        return grouped([rect for rect in rects if rect != band]) + [rect for rect in rects if rect == band]

    def _bubble_band(self) -> pygame.Rect:
        """Where the hint's bubble may draw, whatever it says in either view (the same with or
        without a hint: a part of the still layer keeps its rectangle)."""
        language_now = language()
        if self._band is None or self._band[0] != language_now:
            boxes = []
            for key in ("lewthwaite.hint.win", "lewthwaite.hint.lose"):
                for view in ("", ".snake"):
                    bubble = pygame.Rect((0, 0), ui.bubble_size(tr(key + view), self.message_width))
                    bubble.midbottom = self.message_anchor
                    boxes.append(bubble.inflate(64, 64))
            self._band = (language_now, boxes[0].unionall(boxes[1:]))
        return self._band[1]

    def draw_still(self, surface: DrawTarget) -> None:
        """The board with its tokens (or the snake's body), the hint's golden capsules, the panel
        but its bobbing token, and the hint's bubble; under a clip (a part painted again,
        :meth:`still_parts`) only the tokens and the panel's words crossing it. The board under
        the capsules where something moves is kept when the whole board is painted."""
        clip = surface.get_clip()
        whole = clip.contains(self.board_view.rect)
        advice = self._advice()
        ahead = self._hint_board_for(surface, advice)
        old = {} if self._under is None else self._under[1]
        if ahead is not None:  # the board, its tokens and the capsules drawn ahead: one copy, clipped
            if not self.board_view.rect.contains(clip):  # the paper and the panel around it
                board = self.board_view
                surface.blit(static_layer(surface.get_size(), board.rows, board.cols, False, language()), (0, 0))
            assert isinstance(surface, Canvas)  # (_hint_board_for)
            copy_rect(surface.target, ahead.image, ahead.origin)
            if whole:
                self._under = (self._under_key(surface), self._copied_under(surface, old, ahead.under))
        else:
            self._draw_board_still(surface, None if whole else clip)
            if whole and advice is not None:  # (a copy kept for another position is not used: its key)
                self._under = (self._under_key(surface), self._copied_under(surface, old))
            if advice is not None:
                self.board_view.draw_dominoes(surface, list(advice.pairing), theme.HINT)
        if clip.colliderect(PANEL_WORDS):  # a patch of the board reaching the panel's card draws no word
            self._draw_panel(surface, bob=False)
        self._draw_bubble(surface)

    def _hint_board_key(self, advice: Hint, size: tuple[int, int], scale: float) -> Hashable:
        """What the board under the hint drawn ahead (:class:`HintBoard`) shows: the position, the
        capsules, the areas kept under them, the still layer's size and scale and the language
        (the board's words)."""
        return (self.state.to_text(), self.match.version, tuple(advice.pairing),
                tuple(map(tuple, self._under_areas(advice))), size, scale, language())

    def _hint_board_for(self, surface: DrawTarget, advice: Hint | None) -> HintBoard | None:
        """The board under the hint drawn ahead for ``surface`` (the still layer, in the tokens
        view, at rest), or None: painted here."""
        ahead = self._hint_board
        if (advice is None or ahead is None or self.anim is not None or self.view_mode != "tokens"
                or not isinstance(surface, Canvas) or surface.offset != (0, 0)):
            return None
        key = self._hint_board_key(advice, surface.get_size(), surface.scale)
        if ahead.key != key or ahead.image.get_bitsize() != surface.target.get_bitsize():
            return None
        return ahead

    def _copied_under(self, surface: DrawTarget, old: dict[tuple[int, int, int, int], pygame.Surface],
                      source: dict[tuple[int, int, int, int], pygame.Surface] | None = None
                      ) -> dict[tuple[int, int, int, int], pygame.Surface]:
        """The board under the capsules where something moves, copied from ``surface`` by area
        (or from ``source``'s copies drawn ahead), into the surfaces of the last copy where their
        sizes match (new ones were a quarter of a megabyte of page faults each, in the frame the
        hint arrived)."""
        target = surface.target if isinstance(surface, Canvas) else surface
        spare: dict[tuple[int, int], list[pygame.Surface]] = {}
        for kept in old.values():
            if kept.get_bitsize() == target.get_bitsize():
                spare.setdefault(kept.get_size(), []).append(kept)
        patches = {}
        for area in self._under_capsules():
            native = _native(surface, area)
            if not native:
                continue
            free = spare.get(native.size)
            patch = free.pop() if free else pygame.Surface(native.size, 0, target)
            name = (area.x, area.y, area.w, area.h)
            drawn = None if source is None else source.get(name)
            if drawn is not None and drawn.get_size() == native.size:
                patch.blit(drawn, (0, 0))
            else:
                patch.blit(target, (0, 0), native)
            patches[name] = patch
        return patches

    def _under_key(self, surface: DrawTarget) -> Hashable:
        """What the board kept under the capsules (:attr:`_under`) was copied for: the position
        and the view (the board and its tokens), the areas and the screen (not the bubble nor
        the panel: a part painted there keeps it)."""
        return (self.state.to_text(), self.match.version, self.view_mode, tuple(map(tuple, self._under_capsules())),
                surface.get_size(), surface.scale if isinstance(surface, Canvas) else 1.0)

    def _draw_board_still(self, surface: DrawTarget, area: pygame.Rect | None = None) -> None:
        """The paper, the board and the tokens at rest (or the snake's body); given an ``area``,
        only the tokens over it (the paper and the board are one blit, clipped)."""
        board = self.board_view
        snake = self.view_mode == "snake"
        surface.blit(static_layer(surface.get_size(), board.rows, board.cols, snake, language()), (0, 0))
        if snake:
            board.draw_snake(surface, self.state, None, self.time, head=False)
        else:
            board.draw_tokens(surface, self.state, self.anim, None, self.time, area=area, moving=False)

    def draw_live(self, surface: DrawTarget) -> None:
        """Over the still layer, in :meth:`draw_game`'s order: the snake's blinking head, the
        glowing rings, the hint's arrow, the panel's bobbing token. The capsules of a hint lie
        in the still layer over the board, and over the rings: where a ring or the head moves,
        the board is drawn again from below (the board, the ring, the capsules, clipped there)."""
        self._shape = (surface.get_size(), scale_of(surface), surface.offset if isinstance(surface, Canvas) else (0, 0))
        target = surface.target if isinstance(surface, Canvas) else surface
        self._format = (target.get_bitsize(), target.get_masks())
        state = self.state
        advice = self._advice()
        if self.anim is not None:  # the sliding token alone (no token at rest is over the empty area)
            self.board_view.draw_tokens(surface, state, self.anim, None, self.time, area=pygame.Rect(0, 0, 0, 0))
        if advice is None:
            if self.view_mode == "snake":
                self.board_view.draw_snake(surface, state, None, self.time, body=False)
            self._draw_moving(surface, panel=False)
        else:
            clip = surface.get_clip()
            kept = self._under[1] if self._under is not None and self._under[0] == self._under_key(surface) else {}
            target = surface.target if isinstance(surface, Canvas) else surface
            capsules = self.board_view.dominoes(surface, list(advice.pairing), theme.HINT)
            rings = state.legal_moves() if self.person_to_move() else []
            glow = ui.blend(theme.player_colors(state.current_color)[0], theme.HINT, 0.75)
            for area in self._under_capsules():
                surface.set_clip(area.clip(clip))
                patch, native = kept.get((area.x, area.y, area.w, area.h)), _native(surface, area)
                if patch is not None and patch.get_size() == native.size:
                    copy_rect(target, patch, native.topleft)  # cut at a cache line: a plain blit was 5x slower
                else:  # not kept for this screen: drawn again
                    self._draw_board_still(surface, area)
                if self.view_mode == "snake":
                    self.board_view.draw_snake(surface, state, None, self.time, body=False)
                near = [cell for cell in rings if self._ring_box(cell).colliderect(area)]  # the others are clipped out
                self.board_view.draw_glow(surface, near, glow, self.time)
                if capsules is not None:
                    blit(surface, capsules[0], capsules[1])
            surface.set_clip(clip)
            self._keep_under_arrow(surface, advice)
            self._draw_arrow(surface, advice)
            bubble = self._bubble_rect()
            if bubble is not None:  # drawn over the rings, the capsules and the arrow, as drawn whole
                for area in self._under_capsules():
                    if area.colliderect(bubble):
                        surface.set_clip(area.clip(clip))
                        self._draw_bubble(surface)
                surface.set_clip(clip)
        self._draw_panel(surface, words=False)

    def _bob_rect(self, sprite: DrawTarget) -> pygame.Rect:
        """Where the panel's bobbing token of whose turn it is lies now (``sprite``: its picture)."""
        return sprite.get_rect(center=(PANEL.x + 78, PANEL.y + 142 + 3 * math.sin(self.time * 3)))

    def live_look(self) -> Hashable | None:
        """At rest the rings change with their pulse's step (:func:`ring_pulse`), the panel's
        token with its bob's whole pixels, the snake's head when it blinks and the hint's arrow
        with its bounce's step (:func:`arrow_step`): between two, the frame is the last one. A
        sliding token moves at every frame (None)."""
        if self.anim is not None:
            return None
        advice = self._advice()
        arrow = None if advice is None or advice.move is None else arrow_step(self.time)
        return (*self._look_beside_arrow(), arrow)

    def _look_beside_arrow(self) -> tuple[Hashable, ...]:
        """What the live part shows beside the hint's arrow: the rings' step, the panel's token's
        place and the snake's blink."""
        bob = self._bob_rect(token_sprite(self.state.current_color, 70))
        blink = self.view_mode == "snake" and (self.time % 3.2) < 0.12
        return (ring_pulse(self.time) if self.person_to_move() else None, tuple(bob), blink)

    def _arrow_key(self, surface: Canvas, advice: Hint) -> Hashable:
        """What the screen under the hint's arrow shows, and what the rest of the frame does
        beside the arrow: the screen, the still layer's key, the live part's look but the
        arrow's, the arrow's way (:attr:`_arrow_under`)."""
        return (id(surface.target), surface.get_size(), surface.scale, surface.offset, self.still_key(),
                self._look_beside_arrow(), advice.move, self.state.hole)

    def _keep_under_arrow(self, surface: DrawTarget, advice: Hint) -> None:
        """Keep the screen under the hint's arrow, drawn whole by :meth:`draw_live` before the
        arrow, for the frames where only the arrow moves (:meth:`draw_moved`)."""
        if advice.move is None or not isinstance(surface, Canvas):
            return
        box = self.board_view.arrow_box(advice.move, self.state.hole)
        if not surface.get_clip().contains(box):
            return
        native = surface.to_native_rect(box).clip(surface.area)
        kept = self._arrow_under
        under = kept[2] if kept is not None and kept[2].get_size() == native.size else None
        if under is None or under.get_bitsize() != surface.target.get_bitsize():
            under = pygame.Surface(native.size, 0, surface.target)
        under.blit(surface.target, (0, 0), native)
        self._arrow_under = (self._arrow_key(surface, advice), native, under)

    def draw_moved(self, surface: Canvas) -> list[pygame.Rect] | None:
        """When the screen shows the last frame drawn but the hint's arrow at another step (the
        rings, the panel's token, the still layer, the message and the tools as they were): the
        screen kept under the arrow blitted back and the arrow over it (and the bubble where it
        covers it), its box alone sent. None otherwise."""
        kept, shown = self._arrow_under, self._shown
        if kept is None or shown is None or self.anim is not None:
            return None
        advice = self._advice()
        if advice is None or advice.move is None or kept[0] != self._arrow_key(surface, advice):
            return None
        if shown[0] != self.shown_look(surface):
            return None
        box = self.board_view.arrow_box(advice.move, self.state.hole)
        copy_rect(surface.target, kept[2], kept[1].topleft)
        clip = surface.get_clip()
        surface.set_clip(box)
        self._draw_arrow(surface, advice)
        bubble = self._bubble_rect()
        if bubble is not None and bubble.colliderect(box):  # drawn over the arrow, as drawn whole
            self._draw_bubble(surface)
        surface.set_clip(clip)
        return [box]

    def _under_capsules(self) -> list[pygame.Rect]:
        """Where something moves under the hint's capsules (the snake's head, the rings) or
        under its bubble (the arrow, at the bottom row)."""
        return self._under_areas(self._advice())

    def _under_areas(self, advice: Hint | None) -> list[pygame.Rect]:
        """:meth:`_under_capsules` with the hint ``advice`` shown."""
        areas = []
        if self.view_mode == "snake":
            head = self.cell_rect(self.state.hole)
            assert head is not None
            areas.append(head.inflate(24, 24))
        if self.person_to_move():
            areas.extend(self._ring_box(cell) for cell in self.state.legal_moves())
        if advice is not None and advice.move is not None:
            areas.append(self.board_view.arrow_box(advice.move, self.state.hole))
        return areas

    def _bubble_rect(self) -> pygame.Rect | None:
        """Where the hint's bubble draws (its shadow too), if it shows."""
        advice = self._advice()
        if advice is None or self.message is not None:
            return None
        bubble = pygame.Rect((0, 0), ui.bubble_size(tr(self._bubble_key(advice)), self.message_width))
        bubble.midbottom = self.message_anchor
        return bubble.inflate(64, 64)

    def _ring_box(self, cell: Cell) -> pygame.Rect:
        """Where the glowing ring round ``cell`` draws (at its widest)."""
        ring = self.cell_rect(cell)
        assert ring is not None
        return ring.inflate(16, 16)

    def live_areas(self) -> list[pygame.Rect] | None:
        """The snake's head, the rings round the tokens that may move, a sliding token's way, the
        hint's arrow at every bounce and the panel's token in its whole bob (the capsules and the
        bubble of a hint are in the still layer)."""
        areas = self._under_capsules()
        if self.anim is not None:
            areas.append(self.board_view.slide_box(self.anim.start, self.anim.end))
        advice = self._advice()
        if advice is not None and advice.move is not None:
            hole = self.state.hole
            areas.append(self.board_view.arrow_box(advice.move, hole))
        token = pygame.Rect(0, 0, 100, 106)
        token.center = (PANEL.x + 20 + 58, PANEL.y + 84 + 58)
        areas.append(token)
        return areas

    def draw_game(self, surface: DrawTarget) -> None:
        """Board, tokens or snake, highlights, hint and the side panel."""
        state = self.state
        snake = self.view_mode == "snake"
        board = self.board_view
        surface.blit(static_layer(surface.get_size(), board.rows, board.cols, snake, language()), (0, 0))
        # A real board being set up shows its tokens in either view: the snake has no colours,
        # and the child laying the pieces must see which cell takes red and which blue.
        if snake and not self.setting_up():
            self.board_view.draw_snake(surface, state, self.anim, self.time)
        else:
            shake = None
            if state.is_terminal() and self.shake_time < SHAKE_SECONDS:
                # The blocked player's tokens wriggle: they would like to move but cannot.
                loser = state.current_color
                shake = {cell for cell in self.board.cells() if state.token_at(cell) == loser}
            self.board_view.draw_tokens(surface, state, self.anim, shake, self.time)
        self._draw_moving(surface)

    def _draw_moving(self, surface: DrawTarget, panel: bool = True) -> None:
        """The rings around the tokens that may move, the hint; the panel (with ``panel``) and
        the hint's bubble."""
        self._draw_glow(surface)
        advice = self._advice()
        if advice is not None:
            self._draw_hint(surface, advice)
        if panel:
            self._draw_panel(surface)
            self._draw_bubble(surface)

    def _draw_glow(self, surface: DrawTarget) -> None:
        """The rings round the tokens that may move, while a person may play."""
        state = self.state
        if self.person_to_move():
            glow = theme.player_colors(state.current_color)[0]
            self.board_view.draw_glow(surface, state.legal_moves(), ui.blend(glow, theme.HINT, 0.75), self.time)

    def _draw_bubble(self, surface: DrawTarget) -> None:
        advice = self._advice()
        if advice is not None and self.message is None:
            ui.draw_bubble(surface, tr(self._bubble_key(advice)), self.message_anchor, self.message_width,
                           (200, 140, 10))

    def _bubble_key(self, advice: Hint) -> str:
        """The hint's bubble's words (a translation key)."""
        key = "lewthwaite.hint.win" if advice.wins else "lewthwaite.hint.lose"
        return key + (".snake" if self.view_mode == "snake" else "")

    def _draw_hint(self, surface: DrawTarget, advice: Hint) -> None:
        self.board_view.draw_dominoes(surface, list(advice.pairing), theme.HINT)
        self._draw_arrow(surface, advice)

    def _draw_arrow(self, surface: DrawTarget, advice: Hint) -> None:
        """The hint's bouncing arrow: the token to slide into the hole (the head's next cell);
        on a screen, its sprite at this step (:data:`ARROW_SPRITES`: the same pixels)."""
        way = self._arrow_way(advice)
        if way is None:
            return
        step = arrow_step(self.time)
        if not isinstance(surface, Canvas):
            self.board_view.draw_arrow_at(surface, *way, ARROW, step)
            return
        ARROW_SPRITES.place(surface, *self._arrow_sprite(way, step))

    def _draw_panel(self, surface: DrawTarget, words: bool = True, bob: bool = True) -> None:
        """The side panel: whose turn (the ``words``, with their box) with a ``bob``bing token
        of that colour (beside the words: either may be drawn alone, over the other)."""
        panel = PANEL
        state = self.state
        # Whose turn, with a big token of that colour.
        turn = pygame.Rect(panel.x + 20, panel.y + 84, panel.width - 40, 142)
        color = state.current_color
        main, _dark, light = theme.player_colors(color)
        if words:
            draw.rect(surface, ui.blend(light, theme.WHITE, 0.6), turn, border_radius=22)
        if bob:
            sprite = token_sprite(color, 70)
            surface.blit(sprite, self._bob_rect(sprite))
        if not words:
            return
        text_rect = pygame.Rect(turn.x + 110, turn.y + 18, turn.width - 124, 116)
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            ui.draw_paragraph(surface, self.end_reason(outcome), text_rect, 22, ui.darker(main, 0.3), "bold", 1.2)
        else:
            name = tr(f"lewthwaite.Color.{color}")
            person = self.match.seat_to_move.is_human
            key = "lewthwaite.turn" if person else "lewthwaite.turn.computer"
            title = tr(key, color=name)
            line = tr("lewthwaite.turn.snake" if self.view_mode == "snake" else "lewthwaite.turn.tokens")
            if self.physical is not None and not self.physical.touch_allowed:
                line = tr("lewthwaite.turn.physical")
            if not person:
                line = tr("lewthwaite.turn.computer.who", level=tr(f"lewthwaite.level.{self.match.seat_to_move.level}"))
            if self.setting_up():  # nobody's turn yet: the table is being set up
                title, line = tr("physical.panel.setup"), tr("physical.panel.setup.line")
            ui.draw_paragraph(surface, title, text_rect.move(-6, 8), 26, ui.darker(main, 0.3), "title", 1.1)
            ui.draw_paragraph(surface, line, pygame.Rect(text_rect.x, text_rect.y + 70, text_rect.width, 56), 19,
                              theme.INK_SOFT, "text", 1.15)
        ui.draw_text(surface, tr("lewthwaite.moves", n=state.moves_played), (panel.centerx, turn.bottom + 8), 22,
                     theme.INK_SOFT, "bold", "midtop")
        # Who plays each colour, and the visitors' score.
        for k, colour in enumerate((RED, BLUE)):
            y = turn.bottom + 58 + 40 * k
            sprite = token_sprite(colour, 36)
            surface.blit(sprite, sprite.get_rect(center=(panel.x + 44, y)))
            label = self.seat_label(1 if colour == RED else 2)
            ui.draw_fitted_text(surface, label, pygame.Rect(panel.x + 72, y - 18, panel.width - 92, 36), 24,
                                theme.INK, "bold")
        score = self.score_line()
        if score:
            ui.draw_fitted_text(surface, score, pygame.Rect(panel.x + 20, turn.bottom + 124, panel.width - 40, 30),
                                22, theme.INK_SOFT, "bold", "center")


def _hint_board(view: BoardView, key: Hashable, state: LewthwaiteState, under: list[pygame.Rect],
                pairs: list[tuple[Cell, Cell]], size: tuple[int, int], scale: float,
                layout: tuple[int, tuple[int, int, int, int]]) -> HintBoard:
    """The board with its tokens at rest, then the hint's capsules, over the native rectangle
    of the board and the ``under`` areas in a still layer of logical ``size`` at ``scale``, on a
    private surface of the pixel ``layout`` (drawn on a thread: the caches it reads from are
    only blitted from, never locked)."""
    like = Canvas(pygame.Surface((1, 1)), size, scale, (0, 0))
    layer = like.to_native_rect(pygame.Rect((0, 0), size))
    box = like.to_native_rect(view.rect.unionall(under) if under else view.rect).clip(layer)
    x, y = box.x - box.x % 2, box.y - box.y % 2  # even: round() ties go the same way as on the layer
    bits, masks = layout
    image = pygame.Surface((box.right - x, box.bottom - y), 0, bits, masks)
    canvas = Canvas(image, size, scale, (-x, -y))
    canvas.blit(static_layer(size, view.rows, view.cols, False, language()), (0, 0))
    view.draw_tokens(canvas, state, None, None, 0.0, moving=False)
    kept = {}
    for area in under:
        native = canvas.to_native_rect(area).clip(canvas.area)
        patch = pygame.Surface(native.size, 0, bits, masks)
        patch.blit(image, (0, 0), native)
        kept[(area.x, area.y, area.w, area.h)] = patch
    view.draw_dominoes(canvas, pairs, theme.HINT)
    return HintBoard(key, image, (x, y), kept)


def _native(surface: DrawTarget, area: pygame.Rect) -> pygame.Rect:
    """The logical ``area`` in ``surface``'s own pixels, within it."""
    if isinstance(surface, Canvas):
        return surface.to_native_rect(area).clip(surface.area)
    return area.clip(surface.get_rect())


# Both views at 1080p (each counted 12 MB: its 8.3 MB native layer and its logical image, counted
# in full though blank): switching view draws neither again (17 MB kept one: 20-45 ms a switch).
@budgeted(25 * MB, scope='lewthwaite')
@native_sprite
def static_layer(size: tuple[int, int], rows: int, cols: int, snake: bool, lang: str, scale: float = 1.0) -> Canvas:
    """Everything that does not move (paper, board, panel card, title): one blit per frame, drawn
    once per board and view for every game that follows."""
    layer = make_layer(size, scale).convert()
    layer.blit(ui.background(size), (0, 0))
    BoardView(rows, cols, BOARD_CENTER, BOARD_SIZE).draw_board(layer, snake)
    ui.draw_panel(layer, PANEL, theme.PANEL, 28, 12)
    ui.draw_text(layer, tr("lewthwaite.title"), (PANEL.centerx, PANEL.y + 18), 46, theme.INK, "title", "midtop")
    return layer


@budgeted(MB, scope='lewthwaite')
def _ghost_token(colour: str, diameter: int) -> pygame.Surface:
    """A token of its own (its see-through level changes, the board's tokens' never does)."""
    return own_copy(token_sprite(colour, diameter))


# --- rules pages, menu icon, factories ---------------------------------------------------------


def _illustrate_start(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    draw_mini_board(surface, rect, LewthwaiteParams().new_initial_state(), time)


def _illustrate_move(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    start = LewthwaiteParams().new_initial_state()
    phase = (time % 3.0) / 3.0
    view = BoardView(5, 5, rect.center, min(rect.width, rect.height) - 20)
    view.draw_board(surface, False)
    if phase < 0.35:
        view.draw_tokens(surface, start, time=time)
        view.draw_glow(surface, start.legal_moves(), ui.blend(theme.RED, theme.HINT, 0.55), time)
    else:
        t = min(1.0, (phase - 0.35) / 0.3)
        view.draw_tokens(surface, start.play((2, 1)), MoveAnimation((2, 1), (2, 2), ease_out_cubic(t)), time=time)


#: The move page's token: it slides from this cell into the hole (the start's centre).
MOVED, HOLE = (2, 1), (2, 2)


def _move_backdrop(surface: DrawTarget, rect: pygame.Rect) -> None:
    """The move page's board and every token but the one that slides (the others hold still:
    the same in the start and after the move)."""
    start = LewthwaiteParams().new_initial_state()
    view = BoardView(5, 5, rect.center, min(rect.width, rect.height) - 20)
    view.draw_board(surface, False)
    for cell in ((r, c) for r in range(5) for c in range(5)):
        colour = start.token_at(cell)
        if colour is not None and cell != MOVED:
            view.draw_token(surface, cell, colour, False)


def _move_live(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    """The move page's live part: the token that slides, and the rings round the tokens that may
    move while it waits."""
    start = LewthwaiteParams().new_initial_state()
    phase = (time % 3.0) / 3.0
    view = BoardView(5, 5, rect.center, min(rect.width, rect.height) - 20)
    if phase < 0.35:
        colour = start.token_at(MOVED)
        assert colour is not None
        view.draw_token(surface, MOVED, colour, False)
        view.draw_glow(surface, start.legal_moves(), ui.blend(theme.RED, theme.HINT, 0.55), time)
    else:
        t = min(1.0, (phase - 0.35) / 0.3)
        after = start.play(MOVED)
        # Only the moving token: an empty area leaves out every token at rest (in the backdrop).
        view.draw_tokens(surface, after, MoveAnimation(MOVED, HOLE, ease_out_cubic(t)), time=time,
                         area=pygame.Rect(0, 0, 0, 0))


def _move_box(rect: pygame.Rect) -> pygame.Rect:
    """Where the move page's live part draws: the rings round the tokens that may move, and the
    token sliding (lifted and grown half-way)."""
    start = LewthwaiteParams().new_initial_state()
    view = BoardView(5, 5, rect.center, min(rect.width, rect.height) - 20)
    box = view.slide_box(MOVED, HOLE)
    for cell in start.legal_moves():
        box.union_ip(view.cell_box(cell, 0.65))
    return box


def _illustrate_blocked(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    # As in the article's photo: red tokens all around the hole, and blue, to move, is stuck.
    _blocked_backdrop(surface, rect)
    _blocked_glow(surface, rect, time)


def _blocked_backdrop(surface: DrawTarget, rect: pygame.Rect) -> None:
    """The blocked page's board and tokens (they hold still: the tokens do not shake)."""
    draw_mini_board(surface, rect, _blocked_example(), 0.0)


def _blocked_view(rect: pygame.Rect) -> BoardView:
    state = _blocked_example()
    return BoardView(state.params.rows, state.params.cols, rect.center, min(rect.width, rect.height) - 20)


def _blocked_glow(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    """The blocked page's live part: the ring pulsing round the hole."""
    _blocked_view(rect).draw_glow(surface, [_blocked_example().hole], theme.BAD, time)


def _blocked_glow_box(rect: pygame.Rect) -> pygame.Rect:
    """Where the ring round the hole draws (at most half a cell and its width from the centre)."""
    return _blocked_view(rect).cell_box(_blocked_example().hole, 0.65)


@budgeted(MB, scope='lewthwaite')
def _blocked_example() -> LewthwaiteState:
    """The shortest 5x5 game where blue, to move, is blocked by four red tokens in a cross."""
    frontier = [LewthwaiteParams().new_initial_state()]
    while frontier:
        following: list[LewthwaiteState] = []
        for state in frontier:
            if state.is_terminal():
                around = [state.token_at(state.geo.cell(n)) for n in state.geo.neighbours[state.path[-1]]]
                if state.current_color == BLUE and around == [RED] * 4:
                    return state
                continue
            following.extend(state.play(m) for m in state.legal_moves())
        frontier = following
    raise AssertionError("every game ends")


def _illustrate_snake(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    state = _blocked_example()
    steps = _snake_steps(time)
    shown = LewthwaiteState(state.params, state.path[: min(steps, len(state.path))])
    half = rect.width // 2
    draw_mini_board(surface, pygame.Rect(rect.x, rect.y + 80, half - 10, half - 10), shown, time)
    draw_mini_board(
        surface, pygame.Rect(rect.x + half + 10, rect.y + 80, half - 10, half - 10), shown, time, snake=True
    )


def _illustrate_dominoes(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    state = LewthwaiteParams().new_initial_state()
    view = draw_mini_board(surface, rect, state, time)
    view.draw_dominoes(surface, list(solver.analyse(state).pairing), theme.HINT)


def random_play_stats() -> Any | None:
    """The exact statistics of random play on the 5x5 board (computed once, off the frame loop;
    None until ready)."""
    return background.value(("lewthwaite.stats", 5, 5), partial(exact_random_play, 5, 5), portable=True)


def _illustrate_random(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    stats = random_play_stats()
    if stats is None:
        ui.draw_text(surface, tr("rules.computing"), rect.center, 26, theme.INK_SOFT, "bold", "center")
        return
    hist = stats.length_histogram
    peak = max(hist)
    chart = pygame.Rect(rect.x + 20, rect.y + 80, rect.width - 40, rect.height - 150)
    bar = chart.width / len(hist)
    grow = min(1.0, time / 1.2)
    for k, p in enumerate(hist):
        h = chart.height * p / peak * grow
        color = theme.RED if k % 2 else theme.BLUE
        draw.rect(surface, color, (chart.x + k * bar + 2, chart.bottom - h, bar - 4, h), border_radius=4)
        if k % 4 == 0:
            ui.draw_text(
                surface, str(k), (chart.x + (k + 0.5) * bar, chart.bottom + 8), 18, theme.INK_SOFT, "bold", "midtop"
            )
    axis_at = (chart.centerx, chart.bottom + 36)
    ui.draw_text(surface, tr("lewthwaite.chart.axis"), axis_at, 20, theme.INK_SOFT, "bold", "midtop")
    for k, (color, key) in enumerate(((theme.RED, "lewthwaite.chart.red"), (theme.BLUE, "lewthwaite.chart.blue"))):
        y = rect.top + 10 + k * 30
        draw.rect(surface, color, (chart.x, y, 20, 20), border_radius=4)
        ui.draw_text(surface, tr(key), (chart.x + 30, y + 10), 20, theme.INK, "text", "midleft")


def _random_page_text() -> str:
    stats = random_play_stats()
    if stats is None:
        return tr("rules.computing")
    comma = "," if language() == "fr" else "."
    p = f"{100 * stats.p_first_wins:.1f}".replace(".", comma)
    mean = f"{stats.mean_length:.1f}".replace(".", comma)
    return tr("lewthwaite.rules.p6.text", p=p, mean=mean)


def _fixed(time: float) -> Hashable:
    """A rules picture that never changes (the start, the dominoes: tokens at rest)."""
    return ()


def _snake_step(time: float) -> Hashable:
    """What the snake page shows at ``time``: how far the walk has gone, and the head's eyes
    open or shut (:meth:`BoardView.draw_head` blinks)."""
    return (_snake_steps(time), (time % 3.2) < 0.12)


def _snake_steps(time: float) -> int:
    return 1 + int(time * 1.5) % (len(_blocked_example().path) + 2)


def _chart_step(time: float) -> Hashable:
    """What the chart page shows at ``time``: its bars growing (1.2 s), then still; the words
    "computing" until the figures are ready."""
    return (min(1.0, time / 1.2), random_play_stats() is not None)


def rules_pages() -> list[RulesPage]:
    """The illustrated rules, faithful to the IREMI article; the last page's figures are
    computed live, in the background. Pictures that change in steps say what they show
    (a frame showing the same is not drawn); the moving token and the glowing rings animate."""
    random_play_stats()  # start computing now: it is ready by the time the last page opens
    return [
        RulesPage("lewthwaite.rules.p1.title", tr("lewthwaite.rules.p1.text"), _illustrate_start, _fixed),
        RulesPage("lewthwaite.rules.p2.title", tr("lewthwaite.rules.p2.text"), _illustrate_move,
                  parts=PictureParts(_move_backdrop, _move_live, _move_box)),
        RulesPage("lewthwaite.rules.p3.title", tr("lewthwaite.rules.p3.text"), _illustrate_blocked,
                  parts=PictureParts(_blocked_backdrop, _blocked_glow, _blocked_glow_box)),
        RulesPage("lewthwaite.rules.p4.title", tr("lewthwaite.rules.p4.text"), _illustrate_snake, _snake_step),
        RulesPage("lewthwaite.rules.p5.title", tr("lewthwaite.rules.p5.text"), _illustrate_dominoes, _fixed),
        RulesPage("lewthwaite.rules.p6.title", _random_page_text, _illustrate_random, _chart_step),
    ]


def draw_icon(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    """Menu card: a little board where a token keeps sliding into the hole."""
    _illustrate_move(surface, rect, time)


def icon_still(time: float) -> Hashable:
    """The key of :func:`draw_icon_still` at ``time``: once the token has slid (a third of
    every 3 s) the whole picture, the same until the next slide; before, the board and the
    tokens that hold still (the sliding token and the glowing rings: :func:`draw_icon_live`)."""
    phase = (time % 3.0) / 3.0
    return "slid" if phase >= 0.35 and min(1.0, (phase - 0.35) / 0.3) >= 1.0 else "backdrop"


def icon_moving(time: float) -> bool:
    """Whether :func:`draw_icon_live` draws anything at ``time`` (not once the token has slid)."""
    return icon_still(time) != "slid"


def draw_icon_still(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    """What of the menu card's picture the menu keeps (see :func:`icon_still`)."""
    if icon_moving(time):
        _move_backdrop(surface, rect)
    else:
        _illustrate_move(surface, rect, time)


def draw_icon_live(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    """The menu card's sliding token and glowing rings, over :func:`draw_icon_still`."""
    if icon_moving(time):
        _move_live(surface, rect, time)


def icon_live_box(rect: pygame.Rect, time: float) -> pygame.Rect:
    """Where :func:`draw_icon_live` may draw (the rings and the sliding token)."""
    return _move_box(rect)


def new_match(app: Host, params: LewthwaiteParams | None = None, red: str = "human",
              blue: str = DEFAULT_LEVEL, view: str = "tokens",
              physical: bool = False) -> Match[LewthwaiteState, Cell]:
    """A match on ``params``' board; each colour is ``"human"`` (at the screen, or with real
    pieces when ``physical``) or a computer level."""
    person = Seat(BOARD) if physical else Seat()
    seats = {1: person if red == "human" else Seat.computer(red), 2: person if blue == "human" else Seat.computer(blue)}
    start = (params or LewthwaiteParams()).new_initial_state()
    return GameScene.new_match(app, "lewthwaite", start, seats, view=view)


def make_scene(app: Host) -> LewthwaiteScene:
    """From the menu: a child against a computer it can beat, after the "who plays" card."""
    scene = LewthwaiteScene(app, new_match(app))
    scene.ask_seats = True
    return scene


def make_demo_scene(app: Host) -> LewthwaiteScene:
    """Computer against computer, restarting by itself (attract mode)."""
    kinds = ("random", "greedy", "perfect")
    red, blue = app.rng.choice(kinds), app.rng.choice(kinds)
    view = app.rng.choice(VIEWS)
    return LewthwaiteScene(app, new_match(app, red=red, blue=blue, view=view), attract=True)
