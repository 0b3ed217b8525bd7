"""The awélé screen: a carved wooden board, seeds sown one by one, relays and captures.

The game flow (turns, the computer thinking off the frame loop, undo, the "who plays" card, the
end card, the lights) lives in :class:`kiosk.game_scene.GameScene`; this scene draws the board
and animates each move from the rules' own lap events (:meth:`AweleState.laps`). The displayed
board only replays those events, and is checked against the rules' result at the end.

Working out a move's consequences (the next position's loop analysis) can take long on rare
boards, so it never runs on the frame thread: a tap is first prepared off the loop (a "je
vérifie…" state if that takes a while) and the computer prepares its own move while it thinks.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from games.awele.ai import DEFAULT_LEVEL
from games.awele.board import AweleBoard
from games.awele.rules import AweleState, Lap, Loop, iter_laps, new_game, owner
from games.awele.thinking import prepare_players, work_out
from games.budget import MB, budgeted
from games.core import IllegalMoveError, Outcome
from games.effects import Sound
from games.match import Match, Seat
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target, blit, make_layer, native_sprite, scale_of
from kiosk.game_scene import GameScene, Tool
from kiosk.i18n import language, tr
from kiosk.overlays import RulesPage
from kiosk.science import format_number
from kiosk.seats import Choice
from kiosk.tween import ease_in_out_cubic, ease_out_cubic

if TYPE_CHECKING:
    from kiosk.host import Host

Point = tuple[float, float]
Color = tuple[int, int, int]
BOARD_RECT = pygame.Rect(150, 168, 980, 372)
BANNER = pygame.Rect(244, 10, 1006, 82)
BANNER_TEXT = 26
SEED_COLORS = ((122, 86, 58), (150, 112, 74), (98, 74, 58), (176, 146, 108), (86, 66, 52), (138, 128, 112))
PLAYER_COLORS = {1: theme.RED, 2: theme.BLUE}
WOOD = (186, 118, 52)
CARVED = (146, 96, 52)  # pit numbers, cut into the wood
#: Seconds per seed dropped, per lift and per relay ring at normal speed.
DROP, LIFT, RELAY = 0.13, 0.28, 0.3
#: Longest time a move's animation takes: very long moves speed up.
LONGEST_MOVE = 7.0
#: A tap still being checked after this many seconds says so ("je vérifie…").
CHECK_PATIENCE = 0.3
SEED_CHOICES = (2, 3, 4, 5, 6)
#: Who the computer is, for the curious (right of the computer's label), and the labels' width.
NOTE_RECT = pygame.Rect(920, 108, 330, 52)
LABEL_WIDTH = 540


# --- pre-rendered sprites ---------------------------------------------------------------------------


@budgeted(2 * MB, scope='awele')
@native_sprite
def seed_sprite(color: tuple[int, int, int], radius: int, scale: float = 1.0) -> Canvas:
    """A polished seed: an oval with a dark rim, soft shading and a bright highlight."""
    w, h = radius * 2 + 4, round(radius * 1.7) + 4
    image = make_layer((w, h), scale, alpha=True)
    body = pygame.Rect(2, 2, w - 4, h - 4)
    draw.ellipse(image, ui.darker(color, 0.45), body)
    for k in range(6):
        inner = body.inflate(-k * radius * 0.28, -k * radius * 0.24).move(-k * 0.6, -k * 0.7)
        draw.ellipse(image, ui.blend(color, (255, 240, 220), k * 0.07), inner)
    spot = pygame.Rect(0, 0, max(2, radius * 0.7), max(2, radius * 0.4))
    spot.center = (round(w * 0.36), round(h * 0.32))
    draw.ellipse(image, (255, 255, 255, 170), spot)
    return image


@budgeted(2 * MB, scope='awele')
@native_sprite
def pit_sprite(radius: int, scale: float = 1.0) -> Canvas:
    """A carved hollow: dark at the rim, lighter at the bottom, a light lip underneath."""
    size = radius * 2 + 8
    image = make_layer((size, size), scale, alpha=True)
    c = size // 2
    draw.circle(image, (246, 214, 160), (c, c + 3), radius + 3)
    for k in range(radius, 0, -2):
        t = 1 - k / radius
        color = ui.blend((92, 54, 26), (176, 122, 70), t**0.7)
        draw.circle(image, color, (c, c - round(4 * (1 - t))), k)
    return image


def draw_board(target: Canvas | pygame.Surface, rect: pygame.Rect) -> None:
    """The wooden board in ``rect``: rounded, with a darker edge and faint grain lines."""
    draw.rect(target, theme.WOOD_EDGE, rect, border_radius=60)
    draw.rect(target, (214, 166, 108), rect.inflate(-14, -14), border_radius=54)
    blit(target, wood_grain(rect.size), rect)


@budgeted(16 * MB, scope='awele')
@native_sprite
def board_sprite(size: tuple[int, int], scale: float = 1.0) -> Canvas:
    """The wooden board alone, as a sprite (the science corner's boards)."""
    image = make_layer(size, scale, alpha=True)
    draw_board(image, image.get_rect())
    return image


@budgeted(8 * MB, scope='awele')
def wood_grain(size: tuple[int, int]) -> pygame.Surface:
    """Faint grain lines, drawn once at the logical size: a soft texture needs no native
    sharpness, and thousands of points are much cheaper scaled than drawn again."""
    w, h = size
    grain = pygame.Surface(size, pygame.SRCALPHA)
    rng = random.Random(3)
    for _ in range(46):
        y = rng.uniform(20, h - 20)
        amp, phase, freq = rng.uniform(2, 7), rng.uniform(0, 6), rng.uniform(0.004, 0.012)
        points = [(x, y + amp * math.sin(x * freq + phase)) for x in range(30, w - 30, 12)]
        pygame.draw.lines(grain, (150, 100, 56, rng.randint(30, 70)), False, points, rng.choice((1, 2)))
    return grain


@budgeted(2 * MB, scope='awele')
@native_sprite
def hand_shadow(scale: float = 1.0) -> Canvas:
    """The soft shadow under the hand of seeds."""
    image = make_layer((80, 22), scale, alpha=True)
    draw.ellipse(image, (60, 40, 20, 60), image.get_rect())
    return image


@budgeted(13 * MB, scope='awele')
def static_layer(size: tuple[int, int], title: str, pits: int, scale: float) -> Canvas:
    """Paper, title, the carved wooden board with its shadow and grain, and the pit numbers cut
    into the wood, drawn once at the screen's ``scale`` (one blit a frame, nothing drawn twice)."""
    layer = make_layer(size, scale).convert()
    layer.blit(ui.background(size), (0, 0))
    ui.draw_text(layer, title, (40, 22), 54, theme.INK, "title")
    shadow = make_layer(BOARD_RECT.size, scale, alpha=True)
    draw.rect(shadow, (60, 40, 20, 60), shadow.get_rect(), border_radius=60)
    layer.blit(shadow, BOARD_RECT.move(0, 10))
    draw_board(layer, BOARD_RECT)
    layout = Layout(pits)
    for i in range(pits):
        ui.draw_text(layer, str(i + 1), layout.number_at(i), 20, CARVED, "title", "center")
    return layer


@budgeted(6 * MB, scope='awele')
@native_sprite
def store_image(size: tuple[int, int], player: int, count: int, scale: float = 1.0) -> Canvas:
    """A store holding ``count`` captured seeds, with the count on a badge."""
    w, h = size
    image = make_layer((w, h + 3), scale, alpha=True)
    rect = pygame.Rect(0, 0, w, h)
    draw.rect(image, (246, 214, 160), rect.move(0, 3), border_radius=44)
    draw.rect(image, (110, 66, 32), rect, border_radius=44)
    draw.rect(image, (150, 98, 54), rect.inflate(-14, -14), border_radius=38)
    rng = random.Random(player)
    for k in range(min(count, 48)):
        x = rect.centerx + rng.uniform(-26, 26)
        y = rect.bottom - 26 - (k // 4) * 11 + rng.uniform(-4, 4)
        y = max(y, rect.top + 22)
        image.blit(seed_sprite(SEED_COLORS[(k * 7 + player) % len(SEED_COLORS)], 9), (x - 10, y - 9))
    badge = pygame.Rect(0, 0, 64, 44)
    badge.center = (rect.centerx, rect.top + 36)
    draw.rect(image, PLAYER_COLORS[player], badge, border_radius=22)
    ui.draw_text(image, str(count), badge.center, 30, theme.WHITE, "title", "center")
    return image


@budgeted(12 * MB, scope='awele')
@native_sprite
def pit_image(pit: int, count: int, radius: int, seed_radius: int, scale: float = 1.0) -> Canvas:
    """A carved pit holding ``count`` seeds (seed colours depend on the pit)."""
    sprite = pit_sprite(radius)
    pad = 2 * seed_radius  # a heap of seeds may spill over the rim
    image = make_layer((sprite.get_width() + 2 * pad, sprite.get_height() + 2 * pad), scale, alpha=True)
    image.blit(sprite, (pad, pad))
    cx, cy = image.get_width() / 2, image.get_height() / 2
    for k, (dx, dy) in enumerate(seed_offsets(count, radius)):
        seed = seed_sprite(SEED_COLORS[(pit * 5 + k * 3) % len(SEED_COLORS)], seed_radius)
        image.blit(seed, seed.get_rect(center=(round(cx + dx), round(cy + dy))))
    return image


def seed_offsets(count: int, radius: float) -> list[Point]:
    """Where the seeds of a pit lie: a sunflower spiral that fills the hollow."""
    shown = min(count, 40)
    spread = radius * 0.78 / math.sqrt(max(shown, 1) + 0.5)
    return [
        (
            spread * math.sqrt(k + 0.5) * math.cos(k * 2.39996),
            spread * math.sqrt(k + 0.5) * math.sin(k * 2.39996) * 0.9,
        )
        for k in range(shown)
    ]


# --- the board layout ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Pit centres, pit radius, stores and where counts and pit numbers go, for an n-pit board."""

    n: int

    @property
    def half(self) -> int:
        """Pits per player."""
        return self.n // 2

    @property
    def big(self) -> bool:
        """The 12-pit board (the 4-pit one has big pits for small hands)."""
        return self.n == 12

    @property
    def radius(self) -> int:
        """Pit radius in pixels."""
        return 56 if self.big else 80

    @property
    def seed_radius(self) -> int:
        """Seed size in pixels."""
        return 12 if self.big else 16

    def center(self, index: int) -> Point:
        """Centre of pit index ``index`` (bottom row left to right, then top row right to left)."""
        col_w = 118 if self.big else 260
        left = BOARD_RECT.centerx - col_w * (self.half - 1) / 2
        row = 92
        if index < self.half:
            return left + col_w * index, BOARD_RECT.centery + row
        return left + col_w * (self.n - 1 - index), BOARD_RECT.centery - row

    def count_at(self, index: int) -> Point:
        """Where the pit's seed count is written: outside the rows (beside big pits)."""
        x, y = self.center(index)
        if not self.big:
            return x + self.radius + 30, y
        return x, y + self.radius + 17 if index < self.half else y - self.radius - 17

    def number_at(self, index: int) -> Point:
        """Where the pit number is carved: between the rows, small (beside big pits)."""
        x, y = self.center(index)
        if not self.big:
            return x - self.radius - 20, y
        return x, BOARD_RECT.centery + (19 if index < self.half else -19)

    def store(self, player: int) -> pygame.Rect:
        """Each player's store, at the right end of their row."""
        rect = pygame.Rect(0, 0, 96, 300)
        if player == 1:
            rect.center = (BOARD_RECT.right - 68, BOARD_RECT.centery)
        else:
            rect.center = (BOARD_RECT.left + 68, BOARD_RECT.centery)
        return rect

    def pit_at(self, pos: tuple[int, int]) -> int | None:
        """The pit index under ``pos`` (generous touch target), if any."""
        best, best_d = None, self.radius + 14.0
        for i in range(self.n):
            x, y = self.center(i)
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d <= best_d:
                best, best_d = i, d
        return best


# --- animation steps ----------------------------------------------------------------------------------


@dataclass
class Step:
    """One step of an animation: lasts ``duration``; ``start``/``end`` change the display."""

    kind: str
    duration: float
    data: dict[str, Any] = field(default_factory=dict)
    start: Callable[[], None] | None = None
    end: Callable[[], None] | None = None
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        """0..1 through the step."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


def seeds(count: int) -> str:
    """ "3 graines", "1 graine", "0 graine" / "0 seeds", "1 seed"."""
    one = count == 1 or (count == 0 and language() == "fr")
    return tr("awele.seeds.one" if one else "awele.seeds", count=count)


class AweleScene(GameScene):
    """A game of awélé on 12 or 4 pits: against the computer, hot-seat, or between computers."""

    game = "awele"
    accent = WOOD
    toolbar_area = pygame.Rect(30, 640, 1220, 62)
    toolbar_columns = 6
    message_anchor = (640, 708)
    message_width = BANNER.width

    def __init__(self, app: Host, match: Match, *, attract: bool = False) -> None:
        super().__init__(app, match, attract=attract)
        prepare_players(match)
        self.steps: deque[Step] = deque()
        self.current: Step | None = None
        self.loop_offer: tuple[int, Loop] | None = None
        self.showing_loop = False
        self.checking: int | None = None  # a tapped pit whose move is being worked out
        self.check_time = 0.0
        self.prepared: set[tuple[str, int]] = set()
        self.hovered: int | None = None
        self.lifted: int | None = None
        self.message_time = 0.0
        self.on_reset()

    # --- reading the game -----------------------------------------------------------------------

    def you(self, player: int) -> bool:
        """True when ``player`` is the child playing against the computer (sentences say "tu")."""
        return self.match.person_player() == player

    def who(self, player: int) -> str:
        """How a sentence names ``player``: "L'ordinateur" against a child, else the colour."""
        if self.match.against_computer and self.match.seats[player].is_computer:
            return tr("awele.computer")
        return self.player_name(player)

    def about(self, key: str, player: int, **params: Any) -> str:
        """The sentence ``key`` about ``player``: the "tu" form for the child, else named."""
        if self.you(player):
            return tr(f"{key}.you", **params)
        return tr(key, name=self.who(player), **params)

    def row(self, player: int) -> str:
        """Where ``player``'s row is: "en bas" or "en haut"."""
        return tr("awele.row.bottom" if player == 1 else "awele.row.top")

    def player_name(self, player: int) -> str:
        """Red (bottom) moves first, blue (top) second."""
        return tr(f"awele.player.{player}")

    # --- the toolbar and the setup card ---------------------------------------------------------

    def tools(self) -> list[Tool]:
        """Menu, undo, restart, rules, players; "show the loop" after a looping pit was refused."""
        t = self.standard_tools()
        loop = Tool(
            "awele.show_loop",
            self.show_loop,
            color=(196, 132, 16),
            visible=lambda: self.loop_offer is not None and not self.showing_loop,
            keys=(pygame.K_l,),
            name="loop",
        )
        return [t["home"], t["undo"], t["restart"], t["rules"], t["players"], loop]

    @property
    def buttons(self) -> list[ui.Button]:
        """No toolbar in attract mode: any touch goes home, and the invitation is shown there."""
        return [] if self.attract else super().buttons

    def setup_choices(self) -> list[Choice]:
        """The board (12 or 4 pits) and the seeds per pit, asked on the "who plays" card."""
        meta = self.match.meta
        return [
            Choice("pits", "awele.setup.pits", [(12, "awele.setup.pits.12"), (4, "awele.setup.pits.4")],
                   meta.get("pits", self.match.start.n)),
            Choice("seeds", "awele.setup.seeds", [(k, str(k)) for k in SEED_CHOICES], meta.get("seeds", 4)),
        ]

    def new_start(self, extras: dict[str, Any]) -> AweleState:
        """A new board of the chosen size and seeds."""
        return new_game(int(extras.get("pits", 12)), int(extras.get("seeds", 4)))

    def rules_pages(self) -> list[RulesPage]:
        """The illustrated rules."""
        return rules_pages()

    # --- the flow's hooks --------------------------------------------------------------------------

    def busy(self) -> bool:
        """True while a move (or a loop) is being shown: the board has not caught up yet."""
        return self.current is not None or bool(self.steps) or self.display != list(self.state.pits)

    def on_reset(self) -> None:
        """Undo, restart or a new board: no animation, the board as the rules have it."""
        self.steps.clear()
        self.current = None
        self.loop_offer = None
        self.showing_loop = False
        self.checking = None
        self.lifted = None
        self.layout = Layout(self.state.n)
        self.sync_display()

    def sync_display(self) -> None:
        """Show the present position (after a move, an undo or a loop replay)."""
        state = self.state
        self.display = list(state.pits)
        self.display_scores = list(state.scores)
        self.hand = 0
        self.hand_at: Point = (0.0, 0.0)

    def on_move(self, before: AweleState, move: int, after: AweleState) -> None:
        """Queue the move's animation from the rules' lap events: lifts, seeds dropped one by
        one, relays, the capture flying to the store."""
        mover = before.current_player
        self.loop_offer = None
        laps = list(before.laps(move))
        drops = sum(lap.seeds for lap in laps)
        speed = max(1.0, drops * DROP / LONGEST_MOVE)
        self.say(self.about("awele.sowing", mover), 3.0, WOOD)
        self.queue_laps(laps, speed)
        fx = after.last_effects
        assert fx is not None
        if fx.captured and fx.capture_pit is not None:
            self.queue_capture(fx.capture_pit, fx.captured, mover, "awele.capture")
        else:
            key = "awele.stop.nothing_opposite" if owner(fx.last, before.n) == mover else "awele.stop.other_row"
            self.steps.append(Step("pause", 0.3, start=lambda: self.say(tr(key), 2.6, WOOD)))
        if fx.took_last_seed:
            self.queue_capture(fx.last, 1, mover, "awele.last_seed")
        self.steps.append(Step("done", 0.0, end=self.finish_move))
        self.publish_lights()

    def finish_move(self) -> None:
        """The animation is over: check it replayed the rules exactly, then say who plays."""
        state = self.state
        if self.display != list(state.pits) or self.display_scores != list(state.scores):
            raise AssertionError(f"display {self.display} {self.display_scores} differs from the rules' {state}")
        self.lifted = None
        self.publish_lights()
        if state.skipped is not None and not state.is_terminal():
            skipped, again = state.skipped, state.current_player
            text = f"{self.about(f'awele.skip.{state.skip_reason}', skipped)} {self.about('awele.again', again)}"
            self.say(text, 4.5, theme.HINT)

    def explain_illegal(self, move: int, error: IllegalMoveError) -> str | None:
        """The rules' reason in the visitor's words: which row is yours, how often a loop comes
        back (and "Voir la boucle" to watch it)."""
        state = self.state
        if error.reason == "awele.illegal.loop":
            loop = state.sowing(move - 1)
            assert isinstance(loop, Loop)
            self.loop_offer = (move - 1, loop)
            return tr(error.reason, period=format_number(loop.period))
        if error.reason == "awele.illegal.other":
            return tr("awele.illegal.other.row", row=self.row(state.current_player))
        return super().explain_illegal(move, error)

    def end_reason(self, outcome: Outcome) -> str:
        """Why the game ended, and the seeds of each side from the child's side."""
        if outcome.reason == "awele.end.majority" and outcome.winner is not None:
            why = self.about("awele.end.majority", outcome.winner)
        else:
            why = tr(outcome.reason)
        return f"{why}\n{self.score_sentence()}"

    def score_sentence(self) -> str:
        """ "Toi : 6 graines – L'ordinateur : 26 graines."."""
        a, b = self.state.scores
        return tr("awele.end.score", name1=self.short_name(1), seeds1=seeds(a), name2=self.short_name(2),
                  seeds2=seeds(b))

    def short_name(self, player: int) -> str:
        """ "Toi", "L'ordinateur", or the colour."""
        return tr("seat.you") if self.you(player) else self.who(player)

    def light_roles(self) -> dict[tuple[int, int], str]:
        """While a move is being sown, only that move shows: the pit being emptied and where
        the move ends; otherwise the standard lights."""
        if self.busy():
            return self.extra_lights()
        return super().light_roles()

    def extra_lights(self) -> dict[tuple[int, int], str]:
        """The pit being sown, and where the move ends (or the loop being shown)."""
        board = self.board
        assert isinstance(board, AweleBoard)
        if self.showing_loop:
            return {} if self.lifted is None else {board.pit_cell(self.lifted): "selected"}
        if not self.busy() or not self.match.moves:
            return {}
        before, move = self.match.history.states[-2], self.match.moves[-1]
        computer = self.match.seats[before.current_player].is_computer
        source, target = board.move_cells(before, move)
        roles: dict[tuple[int, int], str] = {}
        if target is not None:
            roles[target] = "computer_to" if computer else "selected"
        sowing = board.pit_cell(self.lifted) if self.lifted is not None else source
        if sowing is not None:
            roles[sowing] = "computer_from" if computer else "selected"
        return roles

    def summary(self) -> dict[str, Any]:
        """The board as drawn, the scores, the banner and the loop offer."""
        state = self.state
        return {
            "pits": list(state.pits),
            "scores": list(state.scores),
            "display": list(self.display),
            "display_scores": list(self.display_scores),
            "busy": self.busy(),
            "banner": self.banner_text(),
            "loop_offer": None if self.loop_offer is None else self.loop_offer[0] + 1,
            "checking": self.checking,
        }

    def say(self, text: str, seconds: float | None = None, tone: ui.Color = theme.BAD) -> None:
        """Show ``text`` in the banner, long enough to read it (about 15 characters a second)."""
        super().say(text, seconds if seconds is not None else max(2.6, 1.0 + len(text) / 15), tone)
        self.message_time = 0.0

    # --- input ---------------------------------------------------------------------------------

    def handle_board(self, event: pygame.event.Event) -> bool:
        """A tap on a pit; keys 1..6 play the mover's pits from the left of their row."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.layout.pit_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.layout.pit_at(event.pos)
            if index is not None:
                self.tap(index + 1)
                return True
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
            k = event.key - pygame.K_1
            if k < self.layout.half:
                first = 0 if self.state.current_player == 1 else self.layout.half
                self.tap(first + k + 1)
                return True
        return False

    def tap(self, pit: int) -> None:
        """A person chose ``pit``: play it once its consequences are worked out (off the frame
        loop); an illegal pit says why at once."""
        if not self.person_to_move():
            return
        self.loop_offer = None
        state = self.state
        index = pit - 1
        known = (state.to_text(), pit) in self.prepared
        if known or owner(index, state.n) != state.current_player or state.pits[index] == 0:
            self.play(pit)
            return
        self.checking, self.check_time = pit, 0.0
        self.match.thinker.start(self._check_key(pit), lambda: work_out(state, pit))
        self.poll_check()

    def _check_key(self, pit: int) -> tuple[str, int, int]:
        return ("awele.check", self.match.version, pit)

    def poll_check(self) -> None:
        """Play the tapped pit once its analysis is ready."""
        pit = self.checking
        if pit is None:
            return
        ready, _ = self.match.thinker.poll(self._check_key(pit))
        if ready:
            self.checking = None
            self.prepared.add((self.state.to_text(), pit))
            self.play(pit)

    # --- the animation of a move -----------------------------------------------------------------

    def queue_laps(self, laps: list[Lap], speed: float, preview: int | None = None) -> None:
        """One lift, then one drop per seed, for each lap event (``preview``: the loop's period,
        when replaying a refused looping move)."""
        for k, lap in enumerate(laps):

            def lift(lap: Lap = lap, k: int = k) -> None:
                self.hand = self.display[lap.start]
                self.display[lap.start] = 0
                self.hand_at = self.layout.center(lap.start)
                self.lifted = lap.start
                self.app.effects.publish(Sound("whoosh" if k else "select", 0.6))
                if preview is not None:
                    self.say(tr("awele.showing_loop", lap=k + 1, period=format_number(preview)), 2.0, theme.HINT)
                elif k:
                    self.say(tr("awele.relay"), 2.6, WOOD)
                self.publish_lights()

            self.steps.append(Step("lift", LIFT / speed, {"pit": lap.start}, start=lift))
            for target in lap.drops:

                def drop(target: int = target) -> None:
                    self.display[target] += 1
                    self.hand -= 1
                    self.hand_at = self.layout.center(target)
                    self.app.effects.publish(Sound("seed", 0.7))

                self.steps.append(Step("drop", DROP / speed, {"to": target}, end=drop))
            if lap.relay:
                self.steps.append(Step("relay", RELAY / speed, {"pit": lap.last}))

    def queue_capture(self, pit: int, count: int, mover: int, key: str) -> None:
        """Seeds fly from ``pit`` to the mover's store, with a sound and a sentence."""

        def take() -> None:
            self.display[pit] -= count
            self.app.effects.publish(Sound("capture"))
            self.say(self.about(key, mover, seeds=seeds(count)), 2.6, theme.GOOD)

        def land() -> None:
            self.display_scores[mover - 1] += count

        self.steps.append(Step("fly", 0.75, {"pit": pit, "count": count, "player": mover}, start=take, end=land))

    def show_loop(self) -> None:
        """Replay the first laps of the refused looping move, then put the board back."""
        if self.loop_offer is None or self.busy():
            return
        index, loop = self.loop_offer
        count = min(loop.laps_before_loop + loop.period, 12)
        laps = list(itertools.islice(self.state.laps(index + 1), count))
        self.showing_loop = True
        self.queue_laps(laps, 1.6, preview=loop.period)
        self.steps.append(Step("pause", 0.8))
        self.steps.append(Step("restore", 0.0, end=self.end_loop_replay))

    def end_loop_replay(self) -> None:
        """Back to the real board after a loop replay."""
        self.showing_loop = False
        self.lifted = None
        self.sync_display()
        if self.loop_offer is not None:
            self.say(tr("awele.illegal.loop", period=format_number(self.loop_offer[1].period)))
        self.publish_lights()

    # --- time ------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The animation, a tap being checked, then the shared flow (computer, end)."""
        self.message_time += dt
        self.advance(dt)
        if self.checking is not None:
            self.check_time += dt
            self.poll_check()
        super().update(dt)

    def advance(self, dt: float) -> None:
        """Run the animation queue for ``dt`` seconds (several short steps may end in one frame)."""
        remaining = dt
        while remaining > 0 or (self.current is None and self.steps and self.steps[0].duration == 0):
            if self.current is None:
                if not self.steps:
                    break
                self.current = self.steps.popleft()
                if self.current.start:
                    self.current.start()
            use = max(0.0, min(remaining, self.current.duration - self.current.elapsed))
            self.current.elapsed += use
            remaining -= use
            if self.current.elapsed >= self.current.duration - 1e-9:
                step, self.current = self.current, None
                if step.end:
                    step.end()
            elif remaining <= 0:
                break

    # --- drawing -----------------------------------------------------------------------------------

    def draw_game(self, surface: Target) -> None:
        """Board, pits, seeds, stores, names, the session score and who the computer is."""
        blit(surface, static_layer(surface.get_size(), tr("awele.title"), self.layout.n, scale_of(surface)), (0, 0))
        self.draw_notes(surface)
        self.draw_player_labels(surface)
        for player in (1, 2):
            rect = self.layout.store(player)
            surface.blit(store_image(rect.size, player, self.display_scores[player - 1]), rect.topleft)
        self.draw_pits(surface)
        self.draw_moving(surface)

    def draw_notes(self, surface: Target) -> None:
        """The visitors' score under the title; who the computer is, for the curious."""
        score = self.score_line()
        if score:
            ui.draw_fitted_text(surface, score, pygame.Rect(40, 106, 330, 34), 22, theme.INK_SOFT, "bold")
        levels = [seat.level for seat in self.match.seats.values() if seat.is_computer]
        if len(levels) == 1:
            text = tr(f"awele.level.{levels[0]}.about")
            lines = len(ui.wrap_text(text, 18, NOTE_RECT.width, "text"))
            top = NOTE_RECT.centery - lines * 11
            ui.draw_paragraph(surface, text, pygame.Rect(NOTE_RECT.x, top, NOTE_RECT.width, lines * 22), 18,
                              theme.INK_SOFT, "text", 1.2)

    def label_text(self, player: int) -> str:
        """ "Toi : 3 graines", "L'ordinateur (Malin) : 0 graine"."""
        return tr("awele.label", name=self.seat_label(player), seeds=seeds(self.display_scores[player - 1]))

    def draw_player_labels(self, surface: Target) -> None:
        """Names and scores above and below the board; the player to move glows."""
        state = self.state
        for player, y in ((2, 134), (1, 580)):
            color = PLAYER_COLORS[player]
            active = not state.is_terminal() and state.current_player == player and not self.busy()
            text = self.label_text(player)
            size = ui.fitted_size(text, 28, LABEL_WIDTH - 40, "bold")
            width = min(LABEL_WIDTH, ui.text_surface(text, size, theme.WHITE, "bold").get_width() + 56)
            rect = pygame.Rect(0, 0, max(300, width), 46)
            rect.center = (BOARD_RECT.centerx, y)
            if active:
                glow = 0.5 + 0.5 * math.sin(self.time * 4)
                draw.rect(surface, ui.blend(color, theme.WHITE, 0.55 + 0.2 * glow), rect.inflate(12, 12),
                                 border_radius=30)
            draw.rect(surface, color, rect, border_radius=24)
            ui.draw_text(surface, text, rect.center, size, theme.WHITE, "bold", "center")

    def draw_pits(self, surface: Target) -> None:
        """Every pit with its seeds and its count; the pits a person may play glow softly."""
        state = self.state
        layout = self.layout
        r = layout.radius
        legal = set(state.legal_indices()) if self.person_to_move() else set()
        step = self.current
        for i in range(layout.n):
            x, y = layout.center(i)
            lift = 0.0
            if step is not None and step.kind in ("lift", "relay") and step.data["pit"] == i:
                lift = 10 * math.sin(math.pi * step.progress)
            if i in legal:
                glow = 0.5 + 0.5 * math.sin(self.time * 3 + i)
                width = 6 if i == self.hovered else 4
                color = ui.blend(PLAYER_COLORS[state.current_player], theme.WHITE, 0.3 * glow)
                draw.circle(surface, color, (x, y), r + 8, width)
            if self.loop_offer is not None and self.loop_offer[0] == i:
                draw.circle(surface, theme.HINT, (x, y), r + 9, 6)
            if self.checking == i + 1:
                pulse = 0.5 + 0.5 * math.sin(self.time * 8)
                draw.circle(surface, ui.blend(theme.HINT, theme.WHITE, pulse), (x, y), r + 9, 6)
            count = self.display[i]
            image = pit_image(i, count, r, layout.seed_radius)
            surface.blit(image, image.get_rect(center=(round(x), round(y - lift))))
            if step is not None and step.kind == "relay" and step.data["pit"] == i:
                draw.circle(surface, theme.HINT, (x, y), r + 6 + 18 * step.progress, 5)
            ui.draw_text(surface, str(count), layout.count_at(i), 26, theme.INK if count else theme.INK_SOFT,
                         "title", "center")

    def draw_moving(self, surface: Target) -> None:
        """The hand of seeds above the board, the seed in flight, captured seeds flying home."""
        step = self.current
        seed_r = self.layout.seed_radius
        if self.hand > 0 and step is not None and step.kind in ("drop", "relay", "lift"):
            hx, hy = self.hand_at
            hy -= 40 * ease_out_cubic(step.progress) if step.kind == "lift" else 40
            surface.blit(hand_shadow(), (hx - 40, hy + 46))
            for k, (dx, dy) in enumerate(seed_offsets(self.hand, 44)):
                image = seed_sprite(SEED_COLORS[k % len(SEED_COLORS)], seed_r)
                surface.blit(image, image.get_rect(center=(round(hx + dx), round(hy + dy))))
            if self.hand > 1:
                ui.draw_text(surface, str(self.hand), (hx + 46, hy - 30), 24, theme.INK, "title", "center")
        if step is not None and step.kind == "drop":
            sx, sy = self.hand_at[0], self.hand_at[1] - 40
            tx, ty = self.layout.center(step.data["to"])
            t = ease_in_out_cubic(step.progress)
            x = sx + (tx - sx) * t
            y = sy + (ty - sy) * t - 50 * math.sin(math.pi * t)
            image = seed_sprite(SEED_COLORS[2], seed_r)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
        if step is not None and step.kind == "fly":
            sx, sy = self.layout.center(step.data["pit"])
            store = self.layout.store(step.data["player"])
            t = ease_in_out_cubic(step.progress)
            for k in range(min(step.data["count"], 30)):
                delay = min(0.4, k * 0.03)
                tk = max(0.0, min(1.0, (t - delay) / (1 - delay)))
                x = sx + (store.centerx - sx) * tk + 8 * math.sin(k)
                y = sy + (store.centery - sy) * tk - 90 * math.sin(math.pi * tk) + 6 * math.cos(k)
                image = seed_sprite(SEED_COLORS[k % len(SEED_COLORS)], seed_r)
                surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def banner_text(self) -> str:
        """The message line: the latest message, else whose turn it is (or how it ended)."""
        if self.message is not None:
            return self.message.text
        state = self.state
        if self.checking is not None and self.check_time >= CHECK_PATIENCE:
            return tr("awele.checking")
        outcome = state.outcome()
        if outcome is not None:
            return self.end_reason(outcome)
        player = state.current_player
        if self.match.seats[player].is_computer:
            return tr("awele.turn.computer", name=self.who(player))
        if self.you(player):
            return tr("awele.turn.you", row=self.row(player))
        return tr("awele.turn", name=self.who(player), row=self.row(player))

    def draw_message(self, surface: Target) -> None:
        """The banner at the top: big, plain French, fading in when it changes."""
        text = self.banner_text()
        pop = min(1.0, self.message_time / 0.25) if self.message is not None else 1.0
        border = self.message.tone if self.message is not None else None
        ui.draw_panel(surface, BANNER, theme.PANEL, 24, 8, border=border)
        line = round(BANNER_TEXT * 1.15)
        lines = len(ui.wrap_text(text, BANNER_TEXT, BANNER.width - 40, "bold"))
        # The box holds two lines; the text is centred vertically in it.
        box = pygame.Rect(BANNER.x + 20, BANNER.centery - lines * line // 2 + 2, BANNER.width - 40, 2 * line)
        ui.draw_paragraph(surface, text, box, BANNER_TEXT, ui.blend(theme.INK_SOFT, theme.INK, pop), "bold", 1.15,
                          "center")



# --- matches and factories ----------------------------------------------------------------------------


def seat(kind: str) -> Seat:
    """``"human"`` or a computer level."""
    return Seat() if kind == "human" else Seat.computer(kind)


def new_match(app: Host, pits: int = 12, seeds_per_pit: int = 4, p1: str = "human", p2: str = DEFAULT_LEVEL,
              movetime: float = 1.0) -> Match:
    """A match on a new board; each side is ``"human"`` or a computer level (the strong level
    thinks ``movetime`` seconds a move)."""
    start = new_game(pits, seeds_per_pit)
    return GameScene.new_match(app, "awele", start, {1: seat(p1), 2: seat(p2)}, time_budget=movetime,
                               pits=pits, seeds=seeds_per_pit)


def make_scene(app: Host) -> AweleScene:
    """From the menu: a child against a computer it can beat, after the "who plays" card."""
    scene = AweleScene(app, new_match(app))
    scene.ask_seats = True
    return scene


def make_demo_scene(app: Host) -> AweleScene:
    """Attract mode: the strong player against the 1990 program, restarting by itself."""
    return AweleScene(app, new_match(app, p1="strong", p2="1990", movetime=0.3), attract=True)


# --- the rules pages (shared RulesScene), illustrated with the rules' own lap events --------------------


def _mini_board(surface: Target, rect: pygame.Rect, pits: tuple[int, ...], rings: dict[int, Color]) -> None:
    """A small board of ``pits`` (4 or 12) inside ``rect``, pits numbered as on the big board,
    with coloured rings on some pits (each picture drawn once, then one blit a frame)."""
    surface.blit(_mini_board_image(rect.size, pits, tuple(sorted(rings.items()))), rect.topleft)


@budgeted(12 * MB, scope='awele')
@native_sprite
def _mini_board_image(size: tuple[int, int], pits: tuple[int, ...], rings: tuple[tuple[int, Color], ...],
                      scale: float = 1.0) -> Canvas:
    image = make_layer(size, scale, alpha=True)
    ring = dict(rings)
    n = len(pits)
    half = n // 2
    board = image.get_rect().inflate(-10, -size[1] * 0.25)
    draw.rect(image, theme.WOOD_EDGE, board.move(0, 5), border_radius=30)
    draw.rect(image, (214, 166, 108), board, border_radius=30)
    r = int(min(board.width / (half * 2.3), board.height / 4.8))
    for i in range(n):
        col = i if i < half else n - 1 - i
        x = board.left + board.width * (col + 0.5) / half
        y = board.top + board.height * (0.72 if i < half else 0.28)
        draw.circle(image, (110, 66, 32), (x, y), r)
        draw.circle(image, (150, 98, 54), (x, y + 2), r - 3)
        if i in ring:
            draw.circle(image, ring[i], (x, y), r + 4, 4)
        for k, (dx, dy) in enumerate(seed_offsets(pits[i], r)):
            seed = seed_sprite(SEED_COLORS[(i + k) % len(SEED_COLORS)], max(4, r // 4))
            image.blit(seed, seed.get_rect(center=(round(x + dx), round(y + dy))))
        # As on the big board: counts outside the rows and pit numbers carved between them on 12
        # pits; counts right of the pits and numbers left of them on 4.
        count_at: Point = (x + r + 20, y)
        number_at: Point = (x - r - 18, y)
        if n == 12:
            side = 1 if i < half else -1
            count_at, number_at = (x, y + side * (r + 14)), (x, board.centery + side * 14)
        ui.draw_text(image, str(pits[i]), count_at, 20, theme.INK, "bold", "center")
        ui.draw_text(image, str(i + 1), number_at, 16, CARVED, "title", "center")
    return image


def _illustrate_sowing(surface: Target, rect: pygame.Rect, time: float) -> None:
    """Red empties pit 3 and drops its seeds one by one into the next pits (the first lap of the
    article's example, from the rules' own events)."""
    lap = _article_laps()[0]
    k = int(time / 0.7) % (lap.seeds + 3)
    board = list(new_game().pits)
    rings = {}
    if k:
        board[lap.start] = 0
        for target in lap.drops[: min(k - 1, lap.seeds)]:
            board[target] += 1
        rings[lap.start] = theme.RED
        if k > 1:
            rings[lap.drops[min(k - 1, lap.seeds) - 1]] = theme.HINT
    _mini_board(surface, rect, tuple(board), rings)


@budgeted(MB, scope='awele')
def _article_laps() -> tuple[Lap, ...]:
    """The article's worked example: from the start, pit 3 relays at 7, 12, 5 and 11."""
    return tuple(new_game().laps(3))


def _illustrate_relay(surface: Target, rect: pygame.Rect, time: float) -> None:
    laps = _article_laps()
    lap = laps[int(time / 1.4) % len(laps)]
    rings = {lap.start: theme.BLUE, lap.last: theme.HINT if lap.relay else theme.GOOD}
    _mini_board(surface, rect, lap.board, rings)


@budgeted(MB, scope='awele')
def _article_capture() -> AweleState:
    return new_game().play(3)


def _illustrate_capture(surface: Target, rect: pygame.Rect, time: float) -> None:
    after = _article_capture()
    fx = after.last_effects
    assert fx is not None and fx.capture_pit is not None
    before = list(after.pits)
    if int(time / 1.2) % 2 == 0:
        before[fx.capture_pit] = fx.captured
    _mini_board(surface, rect, tuple(before), {fx.last: theme.GOOD, fx.capture_pit: theme.RED})


LOOP_EXAMPLE = ((1, 2, 0, 2), 1)  # the article's 4-pit loop: board 1 2 0 2, pit 2, period 8


@budgeted(MB, scope='awele')
def _loop_laps() -> tuple[Lap, ...]:
    board, start = LOOP_EXAMPLE
    return tuple(itertools.islice(iter_laps(board, start), 8))


def _illustrate_loop(surface: Target, rect: pygame.Rect, time: float) -> None:
    laps = _loop_laps()
    k = int(time / 1.0) % (len(laps) + 1)
    board = LOOP_EXAMPLE[0] if k == 0 else laps[k - 1].board
    _mini_board(surface, rect, board, {} if k == 0 else {laps[k - 1].last: theme.HINT})
    label = tr("awele.rules.loop.lap", lap=k, period=len(laps))
    ui.draw_text(surface, label, (rect.centerx, rect.bottom - 20), 26, theme.INK, "bold", "midbottom")


def rules_pages() -> list[RulesPage]:
    """One idea per page, each with a little board that plays the rules' own events."""
    return [
        RulesPage("awele.rules.p1.title", tr("awele.rules.p1.text"), _illustrate_sowing),
        RulesPage("awele.rules.p2.title", tr("awele.rules.p2.text"), _illustrate_relay),
        RulesPage("awele.rules.p3.title", tr("awele.rules.p3.text"), _illustrate_capture),
        RulesPage("awele.rules.p4.title", tr("awele.rules.p4.text"), _illustrate_loop),
    ]


def draw_icon(surface: Target, rect: pygame.Rect, time: float) -> None:
    """The menu card: a small board of 2 x 3 pits, a seed hopping from pit to pit."""
    board = rect.inflate(-10, -rect.height * 0.3)
    draw.rect(surface, theme.WOOD_EDGE, board.move(0, 5), border_radius=30)
    draw.rect(surface, (214, 166, 108), board, border_radius=30)
    r = int(min(board.width / 8, board.height / 4.6))
    centers = []
    for row in range(2):
        for col in range(3):
            x = board.left + board.width * (col + 1) / 4
            y = board.top + board.height * (0.3 if row == 0 else 0.7)
            centers.append((x, y))
            draw.circle(surface, (110, 66, 32), (x, y), r)
            draw.circle(surface, (150, 98, 54), (x, y + 2), r - 4)
            for k, (dx, dy) in enumerate(seed_offsets(3 + (row + col) % 3, r)):
                image = seed_sprite(SEED_COLORS[(k + col) % len(SEED_COLORS)], max(4, r // 4))
                surface.blit(image, image.get_rect(center=(round(x + dx), round(y + dy))))
    order = [3, 4, 5, 2, 1, 0]
    t = (time * 1.2) % len(order)
    a, b = centers[order[int(t)]], centers[order[(int(t) + 1) % len(order)]]
    f = t - int(t)
    x = a[0] + (b[0] - a[0]) * f
    y = a[1] + (b[1] - a[1]) * f - r * 1.2 * math.sin(math.pi * f)
    image = seed_sprite(SEED_COLORS[3], max(5, r // 3))
    surface.blit(image, image.get_rect(center=(round(x), round(y))))
