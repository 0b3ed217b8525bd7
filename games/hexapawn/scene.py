"""Hexapawn on screen: tap a pawn, then where it goes; against the learning machine the side
panel shows the matchbox of the position in play, its beads and the bead drawn.

The flow (turns, the computer's pause, hints, undo, the end card) is
:class:`kiosk.game_scene.GameScene`'s; this scene draws the board, slides the pawns and keeps
the learning machine told of every game a person finishes against it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from games.budget import MB, budgeted
from games.core import Outcome, Player
from games.effects import Sound
from games.hexapawn import solver
from games.hexapawn.ai import DEFAULT_LEVEL, MACHINE, Hint, MatchboxPlayer
from games.hexapawn.machine import Draw, box_key, boxes_for
from games.hexapawn.memory import Memory
from games.hexapawn.rules import BLACK, SIZE, WHITE, Cell, HexapawnState, Move, from_rows
from games.hexapawn.scene_parts.learning import memory_of
from games.hexapawn.view import PAWN_RGB, BoardView, draw_matchbox, draw_pawn, draw_tray, ring_width, tray_box
from games.match import BOARD as AT_THE_TABLE
from games.match import Match, Seat
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, make_layer, native_sprite
from kiosk.canvas import Target as DrawTarget
from kiosk.focus import Target, button_targets
from kiosk.game_scene import GameScene, Tool
from kiosk.i18n import language, tr
from kiosk.overlays import PictureParts, RulesPage
from kiosk.tween import Tween, ease_out_cubic

if TYPE_CHECKING:
    from kiosk.host import Host

SLIDE_SECONDS = 0.35
ACCENT = (120, 90, 200)
BOARD = BoardView((88, 130), 160)
PANEL = pygame.Rect(640, 24, 616, 672)
#: The matchbox of the position in play, in the side panel, and the card saying whose turn it is.
BOX = pygame.Rect(664, 300, 568, 168)
TURN = pygame.Rect(PANEL.x + 24, PANEL.y + 78, PANEL.width - 48, 84)


class HexapawnScene(GameScene[HexapawnState, Move]):
    """One game of Hexapawn."""

    game = "hexapawn"
    accent = ACCENT
    toolbar_area = pygame.Rect(664, 536, 568, 144)
    toolbar_columns = 3
    message_anchor = (336, 712)
    message_width = 600
    camera_status_at = (22, 4)

    def __init__(self, app: Host, match: Match[HexapawnState, Move], *, attract: bool = False) -> None:
        super().__init__(app, match, attract=attract)
        self.memory: Memory = memory_of(app)
        # The machine level plays with the kiosk's own boxes (they learn from every visitor);
        # the other levels are the game's own players.
        match.make_player = self._player
        self.selected: Cell | None = None
        self.slide: tuple[Move, Tween] | None = None
        #: The last lesson: the box and bead the machine took out after a lost game.
        self.lesson: Draw | None = None

    def _player(self, level: str) -> Player[HexapawnState, Move]:
        if level == MACHINE:
            return MatchboxPlayer(self.memory.machine)
        return self.match.spec.make_player(level)

    # --- the machine -----------------------------------------------------------------------------

    def machine_player(self) -> int | None:
        """The side the learning machine plays (None when it does not play)."""
        for player, seat in self.match.seats.items():
            if seat.is_computer and seat.level == MACHINE:
                return player
        return None

    def shown_box(self) -> tuple[HexapawnState, Draw | None] | None:
        """The matchbox on screen: the position the machine is to play (no bead yet), or the one
        it has just played from with the bead it drew."""
        side = self.machine_player()
        if side is None:
            return None
        state = self.match.state
        if state.player == side and not state.is_terminal():
            return state, None
        states, moves = [self.match.start], self.match.moves
        for move in moves:
            states.append(states[-1].play(move))
        for k in range(len(moves) - 1, -1, -1):
            if states[k].player == side:
                return states[k], self.memory.draw_of(states[k], moves[k])
        return None

    def record_result(self, outcome: Outcome) -> None:
        """The session score, and the learning machine learns from a visitor's game (attract
        mode's games teach it nothing: it learns from people)."""
        super().record_result(outcome)
        side = self.machine_player()
        if side is None or self.attract or self.match.all_computers:
            return
        self.lesson = self.memory.finish(self.match.start, list(self.match.moves), side)
        if self.lesson is not None:
            self.app.effects.publish(Sound("whoosh"))

    # --- the flow's hooks ------------------------------------------------------------------------

    def tools(self) -> list[Tool]:
        """Hint, undo, restart, players, rules, home."""
        t = self.standard_tools()
        return [t["hint"], t["undo"], t["restart"], t["players"], t["rules"], t["home"]]

    def busy(self) -> bool:
        """True while a pawn slides."""
        return self.slide is not None

    def on_move(self, before: HexapawnState, move: Move, after: HexapawnState) -> None:
        """Slide the pawn (a capture knocks the other off)."""
        self.selected = None
        self.slide = (move, Tween(0.0, 1.0, SLIDE_SECONDS, ease_out_cubic))
        self.app.effects.publish(Sound("slide" if before.at(move[1]) == "." else "capture"))

    def on_reset(self) -> None:
        """Undo or restart: nothing selected, nothing sliding, the lesson forgotten."""
        self.selected = None
        self.slide = None
        self.lesson = None

    def player_name(self, player: int) -> str:
        """"les blancs" / "les noirs"."""
        return tr(f"hexapawn.player.{player}")

    def end_reason(self, outcome: Outcome) -> str:
        """Why the game ended: a pawn on the far row, no pawn left, or nothing to move."""
        winner = outcome.winner or WHITE
        return tr(outcome.reason, Winner=tr(f"hexapawn.player.{winner}").capitalize(),
                  Loser=tr(f"hexapawn.player.{3 - winner}").capitalize())

    def rules_pages(self) -> list[RulesPage]:
        """The illustrated rules."""
        return rules_pages()

    def summary(self) -> dict[str, Any]:
        """The selection, and the machine's box on screen."""
        shown = self.shown_box()
        return {
            "selected": None if self.selected is None else list(self.selected),
            "machine": None if shown is None else {
                "box": shown[1].box if shown[1] is not None else None,
                "bead": None if shown[1] is None else shown[1].bead,
                "games": len(self.memory.machine.record),
                "lost": self.memory.machine.record.count("L"),
            },
        }

    # --- input -----------------------------------------------------------------------------------

    def handle_board(self, event: pygame.event.Event) -> bool:
        """A tap on one's own pawn picks it; a tap on where it may go plays it."""
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        cell = BOARD.cell_at(event.pos)
        if cell is None:
            return False
        state = self.state
        mine = [m[0] for m in state.legal_moves()]
        if self.selected is not None and cell != self.selected and (cell not in mine or
                                                                    (self.selected, cell) in state.legal_moves()):
            move = (self.selected, cell)
            self.selected = None
            self.play(move)
            return True
        if cell in mine:
            self.selected = None if cell == self.selected else cell
            self.app.effects.publish(Sound("click"))
            return True
        if state.pawns(state.player) and cell in state.pawns(state.player):
            self.say(tr("hexapawn.illegal.stuck"))
            return True
        return False

    def taps_for(self, move: Move) -> list[tuple[int, int]]:
        """The pawn, then the square it goes to; once the pawn is picked, only the square (a
        second tap on the pawn would put it down again)."""
        to = BOARD.cell_rect(move[1]).center
        return [to] if self.selected == move[0] else [BOARD.cell_rect(move[0]).center, to]

    def focus_targets(self) -> list[Target]:
        """For a gamepad: the pawns that may move (or, one picked, where it may go), then the
        toolbar."""
        if not self.person_to_move():
            return button_targets(self.buttons)
        moves = self.state.legal_moves()
        cells = sorted({m[0] for m in moves}) if self.selected is None else \
            [m[1] for m in moves if m[0] == self.selected]
        return [Target(BOARD.cell_rect(c)) for c in cells] + button_targets(self.buttons)

    def update(self, dt: float) -> None:
        """The slide, then the shared flow."""
        if self.slide is not None:
            self.slide[1].update(dt)
            if self.slide[1].done:
                self.slide = None
        super().update(dt)

    # --- the physical board ----------------------------------------------------------------------

    def cell_rect(self, cell: tuple[int, int]) -> pygame.Rect | None:
        """A cell's square on screen."""
        return BOARD.cell_rect(cell)

    def board_rect(self) -> pygame.Rect | None:
        """The board."""
        return BOARD.rect

    def draw_piece(self, surface: DrawTarget, code: str, rect: pygame.Rect, alpha: int = 255) -> None:
        """A pawn of the board's code (``W`` or ``B``), see-through by ``alpha``."""
        player = {"W": WHITE, "B": BLACK}.get(code)
        if player is None:
            return
        sprite = _ghost_pawn(player, rect.width)
        sprite.set_alpha(alpha)
        surface.blit(sprite, sprite.get_rect(center=rect.center))

    # --- drawing ---------------------------------------------------------------------------------

    def still_key(self) -> Hashable | None:
        """Not on a real table: the position, the seats, the score and the pawn sliding (its
        square left empty) make the board and the panel's words (the sliding pawn, the rings,
        the hint, the bobbing pawn and the machine's box are drawn over them at every frame)."""
        if self.table is not None:
            return None
        sliding = None if self.slide is None else self.slide[0]
        return (self.state.to_text(), self.match.version, repr(self.match.seats), self.score_line(),
                self.setting_up(), self._hint_bubble(), sliding, self._box_look())

    def _hint_advice(self) -> Hint | None:
        """The advice shown on the board (an arrow): the hint is on, nothing moves, a move to say."""
        advice = self.hint() if not self.busy() else None
        return advice if isinstance(advice, Hint) and advice.move is not None else None

    def _hint_bubble(self) -> str | None:
        """The hint's bubble's words (a translation key), while no message covers it."""
        advice = self._hint_advice()
        if advice is None or self.message is not None:
            return None
        return "hexapawn.hint.win" if advice.wins else "hexapawn.hint.lose"

    def draw_still(self, surface: DrawTarget) -> None:
        """The board and its pawns, the panel's words, the hint's bubble (nothing live crosses it),
        the learning machine's box but the bead it drew; under a clip (a part painted again,
        :meth:`still_parts`) the panel's words and box only where they cross it."""
        clip = surface.get_clip()
        surface.blit(static_layer(surface.get_size(), language()), (0, 0))
        BOARD.draw_pawns(surface, self.state, skip=self.slide[0][1] if self.slide is not None else None)
        if clip.colliderect(PANEL):
            self._draw_words(surface)
        self._draw_bubble(surface)
        if clip.colliderect(PANEL):
            self._draw_lively(surface, "still")

    def still_parts(self) -> list[tuple[pygame.Rect, Hashable]] | None:
        """Each square (its pawn), whose turn, who plays each side, the learning machine's box
        (or the score) and the hint's bubble: a move paints its two squares and the panel's
        words, the hint arriving its bubble."""
        state = self.state
        skip = self.slide[0][1] if self.slide is not None else None
        parts: list[tuple[pygame.Rect, Hashable]] = [
            (BOARD.cell_rect((row, col)).inflate(2, 2), None if (row, col) == skip else state.at((row, col)))
            for row in range(SIZE) for col in range(SIZE)]
        seat = self.match.seat_to_move
        outcome = state.outcome()
        turn = (state.player, None if outcome is None else self.end_reason(outcome), self.setting_up(),
                seat.is_human, seat.level)
        parts.append((TURN.inflate(4, 4), turn))
        sides = pygame.Rect(PANEL.x, TURN.bottom + 2, PANEL.width, 84)
        parts.append((sides, tuple(self.seat_label(side) for side in (WHITE, BLACK))))
        box = pygame.Rect(PANEL.x, BOX.y - 40, PANEL.width, BOX.height + 110)
        parts.append((box, (self.machine_player() is None, self.score_line(), self._box_look())))
        parts.append((self._bubble_area(), self._hint_bubble()))
        return parts

    def _bubble_area(self) -> pygame.Rect:
        """Where the hint's bubble may lie, whatever it says (a part's place does not change)."""
        areas = []
        for key in ("hexapawn.hint.win", "hexapawn.hint.lose"):
            bubble = pygame.Rect((0, 0), ui.bubble_size(tr(key), self.message_width))
            bubble.midbottom = self.message_anchor
            areas.append(bubble.inflate(64, 64))
        return areas[0].union(areas[1])

    def draw_live(self, surface: DrawTarget) -> None:
        """Over the still layer: the sliding pawn, the rings and arrows, the hint's arrow, the
        bobbing pawn, the box's tray with the bead drawn bobbing."""
        self._draw_sliding(surface)
        self._draw_marks(surface, bubble=False)
        self._draw_lively(surface, "live")

    def _bob(self) -> int:
        """How far the panel's pawn of the side to move bobs now, in whole pixels (the frames
        between two are the same picture: :meth:`live_look`)."""
        return round(3 * math.sin(self.time * 3))

    def live_look(self) -> Hashable | None:
        """At rest the rings change with their width (5 of them), the panel's pawn with its
        bob's whole pixels: between two, the frame is the last one. A pawn sliding or the bead
        drawn bobbing over its tray change at every frame (None)."""
        if self.slide is not None or self._bead_lifted():
            return None
        marks = self.person_to_move() and not self.busy()
        advice = self._hint_advice()
        return (ring_width(self.time) if marks else None, self.selected if marks else None,
                None if advice is None else advice.move, self._bob())

    def live_areas(self) -> list[pygame.Rect] | None:
        """The rings (inside their squares), each arrow (inside the squares it joins: the hint's,
        those of a pawn picked), the bobbing pawn in its whole course, and the learning machine's
        tray while the bead it drew bobs over it."""
        areas: list[pygame.Rect] = []
        if self.slide is not None:  # the pawn sliding from its square to the next
            areas.append(_arrow_box(self.slide[0]))
        if self.person_to_move() and not self.busy():
            moves = self.state.legal_moves()
            if self.selected is None:
                areas.extend(BOARD.cell_rect(cell) for cell in sorted({move[0] for move in moves}))
            else:
                areas.extend(_arrow_box(move) for move in moves if move[0] == self.selected)
        advice = self._hint_advice()
        if advice is not None:
            assert advice.move is not None
            areas.append(_arrow_box(advice.move))
        pawn = pygame.Rect(0, 0, 110, 116)
        pawn.center = (TURN.x + 46, TURN.centery)
        areas.append(pawn)
        if self._bead_lifted():
            areas.append(tray_box(BOX))
        return areas

    def draw_game(self, surface: DrawTarget) -> None:
        """Board, pawns, the pawn picked and where it may go, the hint, the side panel (the
        board and the panel do not overlap: :meth:`draw_still` and :meth:`draw_live` draw the
        same picture)."""
        state = self.state
        surface.blit(static_layer(surface.get_size(), language()), (0, 0))
        moving = self.slide[0] if self.slide is not None else None
        BOARD.draw_pawns(surface, state, skip=moving[1] if moving else None)
        self._draw_sliding(surface)
        self._draw_marks(surface)
        self._draw_words(surface)
        self._draw_lively(surface)

    def _draw_sliding(self, surface: DrawTarget) -> None:
        """The pawn of the move being played, on its way."""
        if self.slide is not None:
            moving, tween = self.slide
            a, b = pygame.Vector2(BOARD.cell_rect(moving[0]).center), pygame.Vector2(BOARD.cell_rect(moving[1]).center)
            at = a.lerp(b, tween.progress)
            draw_pawn(surface, 3 - self.state.player, (at.x, at.y), BOARD.cell)

    def _draw_marks(self, surface: DrawTarget, bubble: bool = True) -> None:
        """The rings on the pawns that may move (or the one picked and its arrows), the hint (its
        ``bubble`` too)."""
        state = self.state
        if self.person_to_move() and not self.busy():
            glow = ui.blend(ACCENT, theme.HINT, 0.6)
            if self.selected is None:
                for cell in sorted({m[0] for m in state.legal_moves()}):
                    BOARD.draw_ring(surface, cell, glow, self.time)
            else:
                BOARD.draw_ring(surface, self.selected, theme.HINT, self.time)
                for move in state.legal_moves():
                    if move[0] == self.selected:
                        BOARD.draw_arrow(surface, move, glow)
        advice = self.hint() if not self.busy() else None
        if isinstance(advice, Hint) and advice.move is not None:
            BOARD.draw_arrow(surface, advice.move, (230, 150, 0))
            if bubble:
                self._draw_bubble(surface)

    def _draw_bubble(self, surface: DrawTarget) -> None:
        """The hint's bubble under the board (none while a message covers it)."""
        key = self._hint_bubble()
        if key is not None:
            ui.draw_bubble(surface, tr(key), self.message_anchor, self.message_width, (200, 140, 10))

    def _draw_words(self, surface: DrawTarget) -> None:
        """The panel at rest: whose turn in words, who plays each side, and without the machine
        the score and what it is."""
        state = self.state
        turn = TURN
        player = state.player
        draw.rect(surface, ui.blend(ACCENT, theme.WHITE, 0.82), turn, border_radius=20)
        text = pygame.Rect(turn.x + 96, turn.y + 8, turn.width - 110, turn.height - 16)
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            ui.draw_paragraph(surface, self.end_reason(outcome), text, 22, theme.INK, "bold", 1.15)
        elif self.setting_up():
            ui.draw_paragraph(surface, tr("physical.panel.setup"), text, 24, theme.INK, "title", 1.1)
        else:
            seat = self.match.seat_to_move
            key = "hexapawn.turn" if seat.is_human else "hexapawn.turn.computer"
            title = tr(key, Side=self.player_name(player).capitalize())
            ui.draw_fitted_text(surface, title, text.move(0, -18), 28, theme.INK, "title")
            line = tr("hexapawn.turn.how") if seat.is_human else tr(
                "seat.computer", level=tr(f"hexapawn.level.{seat.level}"))
            ui.draw_fitted_text(surface, line, text.move(0, 18), 20, theme.INK_SOFT, "text")
        for k, side in enumerate((WHITE, BLACK)):
            y = turn.bottom + 26 + 34 * k
            draw_pawn(surface, side, (PANEL.x + 44, y), 40)
            label = f"{self.player_name(side).capitalize()} : {self.seat_label(side)}" if language() == "fr" else \
                f"{self.player_name(side).capitalize()}: {self.seat_label(side)}"
            ui.draw_fitted_text(surface, label, pygame.Rect(PANEL.x + 72, y - 16, PANEL.width - 96, 32), 22,
                                theme.INK, "bold")
        if self.machine_player() is None:
            score = self.score_line()
            if score:
                ui.draw_fitted_text(surface, score, pygame.Rect(PANEL.x + 24, BOX.y + 10, PANEL.width - 48, 30), 22,
                                    theme.INK_SOFT, "bold", "center")
            ui.draw_paragraph(surface, tr("hexapawn.panel.other"), pygame.Rect(BOX.x, BOX.y + 60, BOX.width, 150),
                              20, theme.INK_SOFT, "text", 1.25)

    def _box_look(self) -> Hashable:
        """What the learning machine's box shows but the bob of the bead drawn: the position,
        the beads, the bead drawn, the lesson and the record."""
        if self.machine_player() is None:
            return None
        shown = self.shown_box()
        record = self.memory.machine.record
        if shown is None:
            return ("waiting", tuple(record))
        position, drawn = shown
        return (position.to_text(), None if drawn is None else (drawn.box, drawn.bead),
                tuple(self.memory.machine.box(position)), self.lesson is not None, tuple(record))

    def _bead_lifted(self) -> bool:
        """True while the box shows the bead the machine drew, bobbing over its tray."""
        shown = self.shown_box() if self.machine_player() is not None else None
        return shown is not None and shown[1] is not None and shown[1].bead is not None

    def _draw_lively(self, surface: DrawTarget, part: str = "all") -> None:
        """The panel's moving parts: the bobbing pawn of the side to move, and the learning
        machine's box with its beads (the bead drawn bobs), its words and its record. ``part``:
        ``still`` (the box with the bead drawn left out, no pawn: the still layer) or ``live``
        (the pawn, the tray with the bead drawn bobbing: over the still layer)."""
        if part != "still":
            draw_pawn(surface, self.state.player, (TURN.x + 46, TURN.centery + self._bob()), 84)
        if self.machine_player() is None:
            return
        shown = self.shown_box()
        if shown is None:
            if part != "live":
                ui.draw_paragraph(surface, tr("hexapawn.panel.waiting"), pygame.Rect(BOX.x, BOX.y, BOX.width, 120),
                                  22, theme.INK, "bold", 1.25)
                self._draw_record(surface)
            return
        position, drawn = shown
        machine = self.memory.machine
        beads = list(machine.box(position))
        if part == "live":
            if drawn is not None and drawn.bead is not None:
                draw_tray(surface, BOX, beads, drawn.bead, self.time, emptied=not sum(beads))
            return
        number = boxes_for(position.player).index(drawn.box if drawn else _box_key(position)) + 1 \
            if (drawn.box if drawn else _box_key(position)) in boxes_for(position.player) else 0
        heading = tr("hexapawn.panel.box", n=number, total=len(boxes_for(position.player))) if number else \
            tr("hexapawn.panel.box.new")
        ui.draw_fitted_text(surface, heading, pygame.Rect(BOX.x, BOX.y - 34, BOX.width, 28), 22, theme.INK, "bold")
        bead = drawn.bead if drawn is not None else None
        draw_matchbox(surface, BOX, position, beads, bead, self.time, emptied=not sum(beads), lifted=part == "all")
        if self.lesson is not None:
            line = tr("hexapawn.panel.lesson")
        elif drawn is None:
            line = tr("hexapawn.panel.shake")
        elif bead is None:
            line = tr("hexapawn.panel.empty")
        else:
            line = tr("hexapawn.panel.drawn")
        ui.draw_fitted_text(surface, line, pygame.Rect(BOX.x, BOX.bottom + 6, BOX.width, 28), 20, theme.INK_SOFT,
                            "bold")
        self._draw_record(surface)

    def _draw_record(self, surface: DrawTarget) -> None:
        record = self.memory.machine.record
        ui.draw_fitted_text(surface, tr("hexapawn.panel.record", n=len(record), lost=record.count("L")),
                            pygame.Rect(BOX.x, BOX.bottom + 34, BOX.width, 28), 20, theme.INK_SOFT, "text")


def _arrow_box(move: Move) -> pygame.Rect:
    """Where :meth:`BoardView.draw_arrow` draws ``move``'s arrow: inside the two squares it joins
    (it starts a fifth of a square from one centre and its tip stops short of the other's)."""
    return BOARD.cell_rect(move[0]).union(BOARD.cell_rect(move[1]))


def _box_key(state: HexapawnState) -> str:
    return box_key(state)


@budgeted(13 * MB, scope="hexapawn")
@native_sprite
def static_layer(size: tuple[int, int], lang: str, scale: float = 1.0) -> Canvas:
    """Paper, the board, the panel card and the title: one blit a frame."""
    layer = make_layer(size, scale).convert()
    layer.blit(ui.background(size), (0, 0))
    BOARD.draw_board(layer)
    ui.draw_text(layer, tr("hexapawn.title"), (BOARD.rect.centerx, 34), 46, theme.INK, "title", "midtop")
    ui.draw_panel(layer, PANEL, theme.PANEL, 28, 12)
    ui.draw_fitted_text(layer, tr("hexapawn.panel.title"), pygame.Rect(PANEL.x + 24, PANEL.y + 20, PANEL.width - 48,
                                                                         44), 32, ACCENT, "title", "center")
    return layer


@budgeted(MB, scope="hexapawn")
def _ghost_pawn(player: int, cell: int) -> pygame.Surface:
    """A pawn of its own (its see-through level changes)."""
    sprite = pygame.Surface((cell, cell), pygame.SRCALPHA)
    draw_pawn(sprite, player, (cell / 2, cell / 2), cell)
    return sprite


# --- rules pages, menu icon, factories ---------------------------------------------------------


def _mini(rect: pygame.Rect) -> BoardView:
    side = min(rect.width, rect.height) - 40
    return BoardView((rect.centerx - side // 2, rect.centery - side // 2), side // SIZE)


def _illustrate_start(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    view = _mini(rect)
    view.draw_board(surface)
    view.draw_pawns(surface, HexapawnState())


def _illustrate_step(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    view = _mini(rect)
    view.draw_board(surface)
    state = HexapawnState()
    move = ((2, 1), (1, 1))
    view.draw_pawns(surface, state.play(move) if _played(time) else state)
    view.draw_arrow(surface, move, theme.GOOD)


def _played(time: float) -> bool:
    """Whether a rules page's move shows played at ``time`` (every 1.5 s in turn): what those
    pages show at ``time``."""
    return (time % 3.0) > 1.5


CAPTURE = from_rows("""
B.B
.B.
W.W
""")


def _illustrate_capture(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    view = _mini(rect)
    view.draw_board(surface)
    move = ((2, 0), (1, 1))
    view.draw_pawns(surface, CAPTURE.play(move) if _played(time) else CAPTURE)
    view.draw_arrow(surface, move, theme.BAD)
    view.draw_arrow(surface, ((0, 1), (1, 1)), theme.INK_SOFT)


BLOCKED = from_rows("""
.B.
.W.
...
""", BLACK)


def _illustrate_wins(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    third = rect.width // 3
    far = from_rows("W..\n.B.\n...", BLACK)
    taken = from_rows("...\n.W.\n...", BLACK)
    for k, state in enumerate((far, taken, BLOCKED)):
        view = _mini(pygame.Rect(rect.x + k * third, rect.y + 40, third, third))
        view.draw_board(surface, labels=False)
        view.draw_pawns(surface, state)
        ui.draw_text(surface, tr(f"hexapawn.rules.win.{k + 1}"), (view.rect.centerx, view.rect.bottom + 24), 20,
                     theme.INK, "bold", "midtop")


def _illustrate_machine(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    state, box, beads = _machine(rect)
    draw_matchbox(surface, box, state, beads, _machine_bead(time, beads), time)


def _machine(rect: pygame.Rect) -> tuple[HexapawnState, pygame.Rect, list[int]]:
    """The machine page's matchbox: its position, its place in ``rect``, its beads."""
    state = HexapawnState().play(((2, 1), (1, 1)))
    box = pygame.Rect(0, 0, min(rect.width - 20, 460), 170)
    box.center = rect.center
    return state, box, [1] * len(state.legal_moves())


def _machine_bead(time: float, beads: list[int]) -> int:
    """The bead drawn at ``time`` (another every 1.5 s)."""
    return int(time / 1.5) % len(beads)


def _machine_backdrop(surface: DrawTarget, rect: pygame.Rect) -> None:
    """The machine page's matchbox with its lid, no bead lifted (the tray is drawn again over it
    by :func:`_machine_tray`, as the game's panel does)."""
    state, box, beads = _machine(rect)
    draw_matchbox(surface, box, state, beads, None, 0.0, lifted=False)


def _machine_tray(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    """The machine page's live part: the tray, its drawn bead bobbing."""
    _state, box, beads = _machine(rect)
    draw_tray(surface, box, beads, _machine_bead(time, beads), time)


def _machine_tray_box(rect: pygame.Rect) -> pygame.Rect:
    return tray_box(_machine(rect)[1])


def _illustrate_solved(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    # White's three first moves in turn, each with Black's winning reply in green.
    view = _mini(rect)
    view.draw_board(surface)
    start = HexapawnState()
    move = start.legal_moves()[_opening(time)]
    after = start.play(move)
    view.draw_pawns(surface, after)
    view.draw_arrow(surface, move, PAWN_RGB[WHITE][1])
    for reply in solver.winning_moves(after):
        view.draw_arrow(surface, reply, theme.GOOD)


def _opening(time: float) -> int:
    """Which of White's three first moves the solved game's page shows at ``time``."""
    return int(time / 2.5) % 3


def _fixed(time: float) -> Hashable:
    """A rules picture that never changes."""
    return ()


def rules_pages() -> list[RulesPage]:
    """The illustrated rules, then the learning machine and the solved game (each picture but
    the machine's bobbing bead changes in steps: a frame showing the same step is not drawn)."""
    return [
        RulesPage("hexapawn.rules.p1.title", tr("hexapawn.rules.p1.text"), _illustrate_start, _fixed),
        RulesPage("hexapawn.rules.p2.title", tr("hexapawn.rules.p2.text"), _illustrate_step, _played),
        RulesPage("hexapawn.rules.p3.title", tr("hexapawn.rules.p3.text"), _illustrate_capture, _played),
        RulesPage("hexapawn.rules.p4.title", tr("hexapawn.rules.p4.text"), _illustrate_wins, _fixed),
        RulesPage("hexapawn.rules.p5.title", tr("hexapawn.rules.p5.text"), _illustrate_machine,
                  parts=PictureParts(_machine_backdrop, _machine_tray, _machine_tray_box)),
        RulesPage("hexapawn.rules.p6.title", tr("hexapawn.rules.p6.text"), _illustrate_solved, _opening),
    ]


def draw_icon(surface: DrawTarget, rect: pygame.Rect, time: float) -> None:
    """Menu card: a little board where a white pawn keeps taking a black one."""
    side = min(rect.width, rect.height) - 8
    view = BoardView((rect.centerx - side // 2, rect.centery - side // 2), side // SIZE)
    view.draw_board(surface, labels=False)
    move = ((2, 0), (1, 1))
    view.draw_pawns(surface, CAPTURE.play(move) if icon_still(time) else CAPTURE)


def icon_still(time: float) -> bool:
    """What the menu card's picture shows at ``time`` (True: the pawn has taken): the whole
    picture depends on it alone (the menu keeps it, :class:`kiosk.screens.IconParts`)."""
    return (time % 3.0) > 1.5


def new_match(app: Host, white: str = "human", black: str = DEFAULT_LEVEL,
              physical: bool = False) -> Match[HexapawnState, Move]:
    """A match from the start; each side is ``"human"`` (at the screen, or with real pawns when
    ``physical``) or a computer level (Gardner's machine plays Black: the person starts)."""
    person = Seat(AT_THE_TABLE) if physical else Seat()
    seats = {WHITE: person if white == "human" else Seat.computer(white),
             BLACK: person if black == "human" else Seat.computer(black)}
    return GameScene.new_match(app, "hexapawn", HexapawnState(), seats)


def make_scene(app: Host) -> HexapawnScene:
    """From the menu: a child (White, first) against the learning machine, after the "who plays"
    card."""
    scene = HexapawnScene(app, new_match(app))
    scene.ask_seats = True
    return scene


def make_demo_scene(app: Host) -> HexapawnScene:
    """Computer against computer (attract mode): the kiosk's machine shows what it has learnt
    against a random or a perfect White, and learns nothing from it."""
    white = app.rng.choice(("random", "perfect"))
    black = app.rng.choice((MACHINE, "perfect", "random"))
    return HexapawnScene(app, new_match(app, white, black), attract=True)
