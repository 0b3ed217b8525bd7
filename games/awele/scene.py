"""The awélé screen: a carved wooden board, seeds sown one by one, relays and captures.

The scene never decides a rule: a move is animated from the rules' lap events
(:meth:`AweleState.laps`) and the new state comes from :meth:`AweleState.play`. The display
board only replays those events, and is checked against the rules' result at the end.
"""

from __future__ import annotations

import itertools
import math
import random
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from games.awele.ai import make_player
from games.awele.rules import AweleState, Loop, iter_laps, new_game, owner
from games.core import History
from games.effects import BoardLights, Sound
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, make_layer, native_sprite
from kiosk.i18n import tr
from kiosk.overlays import EndCard, EndScene, RulesPage, RulesScene
from kiosk.scene import Scene
from kiosk.tween import ease_in_out_cubic, ease_out_cubic

Point = tuple[float, float]
Color = tuple[int, int, int]
BOARD_RECT = pygame.Rect(150, 168, 980, 372)
SEED_COLORS = ((122, 86, 58), (150, 112, 74), (98, 74, 58), (176, 146, 108), (86, 66, 52), (138, 128, 112))
PLAYER_COLORS = {1: theme.RED, 2: theme.BLUE}
COMPUTER_DELAY = 0.7


# --- pre-rendered sprites ---------------------------------------------------------------------------


@lru_cache(maxsize=16)
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


@lru_cache(maxsize=8)
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


@lru_cache(maxsize=4)
@native_sprite
def board_sprite(size: tuple[int, int], scale: float = 1.0) -> Canvas:
    """The wooden board: rounded, with a darker edge and faint grain lines."""
    w, h = size
    image = make_layer(size, scale, alpha=True)
    draw.rect(image, theme.WOOD_EDGE, image.get_rect(), border_radius=60)
    inner = image.get_rect().inflate(-14, -14)
    draw.rect(image, (214, 166, 108), inner, border_radius=54)
    rng = random.Random(3)
    grain = make_layer(size, scale, alpha=True)
    for _ in range(46):
        y = rng.uniform(20, h - 20)
        amp, phase, freq = rng.uniform(2, 7), rng.uniform(0, 6), rng.uniform(0.004, 0.012)
        points = [(x, y + amp * math.sin(x * freq + phase)) for x in range(30, w - 30, 12)]
        draw.lines(grain, (150, 100, 56, rng.randint(30, 70)), False, points, rng.choice((1, 2)))
    image.blit(grain, (0, 0))
    return image


@lru_cache(maxsize=1)
@native_sprite
def hand_shadow(scale: float = 1.0) -> Canvas:
    """The soft shadow under the hand of seeds."""
    image = make_layer((80, 22), scale, alpha=True)
    draw.ellipse(image, (60, 40, 20, 60), image.get_rect())
    return image


def led_cell(index: int, n: int) -> tuple[int, int]:
    """The LED-grid cell of pit index ``index``: row 0 is player 2's row as seen from player 1's
    side (pit n on the left), row 1 is player 1's row (pit 1 on the left)."""
    half = n // 2
    return (1, index) if index < half else (0, n - 1 - index)


@lru_cache(maxsize=4)
@native_sprite
def static_layer(size: tuple[int, int], title: str, scale: float = 1.0) -> Canvas:
    """Paper, title and the carved board with its shadow: drawn once, one blit a frame."""
    layer = make_layer(size, scale).convert()
    layer.blit(ui.background(size), (0, 0))
    ui.draw_text(layer, title, (40, 26), 54, theme.INK, "title")
    shadow = make_layer(BOARD_RECT.size, scale, alpha=True)
    draw.rect(shadow, (60, 40, 20, 60), shadow.get_rect(), border_radius=60)
    layer.blit(shadow, BOARD_RECT.move(0, 10))
    layer.blit(board_sprite(BOARD_RECT.size), BOARD_RECT)
    return layer


@lru_cache(maxsize=128)
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


@lru_cache(maxsize=512)
@native_sprite
def pit_image(pit: int, count: int, radius: int, seed_radius: int, scale: float = 1.0) -> Canvas:
    """A carved pit holding ``count`` seeds (seed colours depend on the pit, as before)."""
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
    """Pit centres, pit radius and stores for an n-pit board."""

    n: int

    @property
    def half(self) -> int:
        """Pits per player."""
        return self.n // 2

    @property
    def radius(self) -> int:
        """Pit radius in pixels."""
        return 62 if self.n == 12 else 80

    def center(self, index: int) -> Point:
        """Centre of pit index ``index`` (bottom row left to right, then top row right to left)."""
        col_w = 118 if self.n == 12 else 230
        left = BOARD_RECT.centerx - col_w * (self.half - 1) / 2
        row = 88 if self.n == 12 else 92
        if index < self.half:
            return left + col_w * index, BOARD_RECT.centery + row
        return left + col_w * (self.n - 1 - index), BOARD_RECT.centery - row

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
        for i in range(self.n):
            x, y = self.center(i)
            if math.hypot(pos[0] - x, pos[1] - y) <= self.radius + 14:
                return i
        return None


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


class AweleScene(Scene):
    """A game of awélé: hot-seat or against a computer level, 12 or 4 pits."""

    name = "awele"

    def __init__(
        self,
        app,
        pits: int = 12,
        seeds: int = 4,
        players: tuple[str, str] = ("human", "1990"),  # noqa: ANN001
        movetime: float = 1.0,
        demo: bool = False,
    ) -> None:
        super().__init__(app)
        self.seeds = seeds
        self.players = players
        self.movetime = movetime
        self.demo = demo
        self.rng = random.Random(app.rng.random())
        self.steps: deque[Step] = deque()
        self.current: Step | None = None
        self.message = ""
        self.message_time = 0.0
        self.loop_offer: tuple[int, Loop] | None = None
        self.pending: AweleState | None = None
        self.moves_played = 0
        self.games_finished = 0
        self.think_wait = 0.0
        self._thread: threading.Thread | None = None
        self._answer: list[tuple[int, AweleState]] = []
        self._job_time = 0.0
        self._job_error = ""
        self.showing_loop = False
        self.last_computer_move: tuple[int, int] | None = None
        self.hovered: int | None = None
        self.buttons: list[ui.Button] = []
        self.new_game(pits)

    # --- setup ------------------------------------------------------------------------------

    def new_game(self, pits: int | None = None) -> None:
        """Start over (optionally with another board size)."""
        n = pits or self.history.current.n
        self.history = History.start(new_game(n, self.seeds))
        self.last_computer_move = None
        self.layout = Layout(n)
        self.steps.clear()
        self.current = None
        self.computers = {
            p: make_player(level) for p, level in zip((1, 2), self.players, strict=True) if level != "human"
        }
        self.sync_display()
        self.loop_offer = None
        self.showing_loop = False
        self.moves_played = 0
        self.think_wait = 0.0
        self.announce_turn()
        self.build_buttons()

    def build_buttons(self) -> None:
        """Home, undo, restart, board size, opponent, rules; plus "show the loop" when offered."""
        y = 640
        self.buttons = [
            ui.Button(
                pygame.Rect(30, y, 70, 60),
                "",
                self.app.go_home,
                color=(90, 110, 170),
                icon=ui.icon_home,
                literal=True,
            ),
            ui.Button(
                pygame.Rect(116, y, 70, 60),
                "",
                self.undo,
                color=(120, 124, 150),
                icon=ui.icon_undo,
                literal=True,
                enabled=self.history.can_undo() and not self.demo,
            ),
            ui.Button(
                pygame.Rect(202, y, 70, 60),
                "",
                self.restart,
                color=(120, 124, 150),
                icon=ui.icon_restart,
                literal=True,
            ),
            ui.Button(
                pygame.Rect(288, y, 70, 60),
                "",
                self.open_rules,
                color=(120, 124, 150),
                icon=ui.icon_book,
                literal=True,
            ),
            ui.Button(
                pygame.Rect(700, y, 230, 60),
                "awele.big" if self.layout.n == 4 else "awele.small",
                self.toggle_size,
                color=(186, 118, 52),
                size=22,
            ),
            ui.Button(
                pygame.Rect(946, y, 304, 60),
                tr("awele.opponent", level=tr(f"awele.level.{self.players[1]}")),
                self.cycle_opponent,
                color=(90, 110, 170),
                size=22,
                literal=True,
            ),
        ]
        if self.state.is_terminal() and not self.demo:
            again = pygame.Rect(0, 0, 300, 64)
            again.midtop = (BOARD_RECT.centerx, BOARD_RECT.centery + 74)
            self.buttons.append(ui.Button(again, "button.again", self.restart, color=theme.GOOD, icon=ui.icon_play))
        if self.loop_offer is not None and not self.showing_loop:
            self.buttons.append(
                ui.Button(
                    pygame.Rect(380, y, 250, 60),
                    "awele.show_loop",
                    self.show_loop,
                    color=theme.HINT,
                    text_color=theme.INK,
                )
            )

    def sync_display(self) -> None:
        """Show the present state (after a move, an undo or a loop preview)."""
        state = self.state
        self.display = list(state.pits)
        self.display_scores = list(state.scores)
        self.hand = 0
        self.hand_at: Point = (0.0, 0.0)
        self.flights: list[tuple[Point, Point, int]] = []

    @property
    def state(self) -> AweleState:
        """The rules state shown (the one before the move being animated)."""
        return self.history.current

    def player_name(self, player: int) -> str:
        """ "Rouge", "Bleu" or "l'ordinateur"."""
        if player in self.computers and len(self.computers) == 1:
            return tr("awele.computer")
        return tr(f"awele.player{player}")

    def say(self, text: str) -> None:
        """Show a message in the banner."""
        self.message = text
        self.message_time = 0.0

    def publish_lights(self, moving: tuple[int, int] | None = None) -> None:
        """Tell the LED board what to show, as a 2-row grid seen from player 1's side (top row:
        pits n..n/2+1, bottom row: 1..n/2): the pits a human may play, the pit being sown and
        where the move ends, the winner's row at the end."""
        state = self.state
        n = state.n
        cells: dict[tuple[int, int], str] = {}
        if moving is not None:
            start, last = moving
            cells[led_cell(start, n)] = "computer_from" if state.current_player in self.computers else "selected"
            cells[led_cell(last, n)] = "computer_to" if state.current_player in self.computers else "selected"
        elif state.is_terminal():
            outcome = state.outcome()
            rows = (1, 2) if outcome is None or outcome.winner is None else (outcome.winner,)
            cells = {led_cell(i, n): "win" for p in rows for i in state.camp(p)}
        elif state.current_player not in self.computers and not self.demo:
            if self.last_computer_move is not None:
                start, last = self.last_computer_move
                cells[led_cell(start, n)], cells[led_cell(last, n)] = "computer_from", "computer_to"
            cells.update({led_cell(i, n): "legal" for i in state.legal_indices()})
        self.app.effects.publish(BoardLights("awele", 2, n // 2, cells, idle=self.demo))

    def announce_turn(self) -> None:
        """Who plays now, who was skipped, or how the game ended."""
        state = self.state
        self.publish_lights()
        parts = []
        if state.skipped is not None and state.last_effects is not None:
            parts.append(
                tr(
                    f"awele.skip.{state.skip_reason}",
                    name=self.player_name(state.skipped),
                    other=self.player_name(state.current_player),
                )
            )
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            a, b = state.scores
            leader = 1 if a >= b else 2
            parts.append(tr(outcome.reason, name=self.player_name(leader)))
            if self.demo:
                self.app.effects.publish(Sound("win", 0.4))
        elif state.current_player in self.computers:
            parts.append(tr("awele.turn.computer", name=self.player_name(state.current_player)))
        else:
            parts.append(tr("awele.turn", name=self.player_name(state.current_player)))
        self.say(" ".join(parts))

    # --- controls --------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while an animation runs or the computer thinks."""
        return self.current is not None or bool(self.steps) or self._thread is not None

    def undo(self) -> None:
        """Take back the last human move (and the computer's answer)."""
        if self.busy or not self.history.can_undo():
            return
        self.history.undo()
        while self.history.can_undo() and self.state.current_player in self.computers:
            self.history.undo()
        self.app.effects.publish(Sound("click"))
        self.loop_offer = None
        self.last_computer_move = None
        self.sync_display()
        self.announce_turn()
        self.build_buttons()

    def restart(self) -> None:
        """A new game on the same board."""
        if self._thread is not None:
            return
        self.app.effects.publish(Sound("click"))
        self.new_game()

    def toggle_size(self) -> None:
        """12 pits <-> 4 pits (the small board for small children)."""
        if self._thread is not None:
            return
        self.app.effects.publish(Sound("click"))
        self.new_game(4 if self.layout.n == 12 else 12)

    def cycle_opponent(self) -> None:
        """Player 2: human -> 1990 -> strong -> random -> human."""
        if self._thread is not None:
            return
        order = ("human", "1990", "strong", "random")
        self.players = (self.players[0], order[(order.index(self.players[1]) + 1) % len(order)])
        self.app.effects.publish(Sound("click"))
        self.new_game()

    def open_rules(self) -> None:
        """The rules card, over the game."""
        self.app.effects.publish(Sound("click"))
        self.app.stack.push(RulesScene(self.app, tr("awele.rules.title"), rules_pages(), (186, 118, 52)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, then a tap on a pit; in the demo, any tap or key goes to the menu."""
        if self.demo:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.app.go_home()
                return True
            return False
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.layout.pit_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pit = self.layout.pit_at(event.pos)
            if pit is not None:
                self.tap(pit)
                return True
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.go_home()
                return True
            if pygame.K_1 <= event.key <= pygame.K_9:
                index = event.key - pygame.K_1
                camp_start = 0 if self.state.current_player == 1 else self.layout.half
                if index < self.layout.half:
                    self.tap(camp_start + index)
                    return True
        return False

    def tap(self, index: int) -> None:
        """A human chose pit ``index``: play it, or say plainly why not."""
        state = self.state
        if self.busy or state.is_terminal() or state.current_player in self.computers or self.demo:
            return
        self.loop_offer = None
        if owner(index, state.n) != state.current_player:
            self.reject(tr("awele.illegal.other"))
        elif state.pits[index] == 0:
            self.reject(tr("awele.illegal.empty"))
        elif isinstance(state.sowing(index), Loop):
            loop = state.sowing(index)
            assert isinstance(loop, Loop)
            self.loop_offer = (index, loop)
            self.reject(tr("awele.illegal.loop", period=loop.period))
        else:
            pit = index + 1
            self.run_job(lambda: (pit, state.play(pit)))
        self.build_buttons()

    def reject(self, text: str) -> None:
        """An illegal tap: a gentle sound and the reason; nothing changes."""
        self.app.effects.publish(Sound("error"))
        self.say(text)

    # --- the animation of a move --------------------------------------------------------------

    def start_move(self, pit: int, after: AweleState) -> None:
        """Queue the animation of ``pit`` from the rules' lap events, then commit ``after``
        (the rules' result of playing ``pit``)."""
        state = self.state
        mover = state.current_player
        laps = list(state.laps(pit))
        drops = sum(lap.seeds for lap in laps)
        # Long moves speed up so that no move lasts much more than seven seconds.
        speed = max(1.0, drops * 0.13 / 7.0)
        self.say(tr("awele.sowing", name=self.player_name(mover)))
        self.queue_laps(laps, speed)
        effects = after.last_effects
        assert effects is not None
        if effects.captured and effects.capture_pit is not None:
            self.queue_capture(effects.capture_pit, effects.captured, mover, "capture")
        else:
            self.steps.append(Step("pause", 0.3, start=lambda: self.say(tr("awele.capture.none"))))
        if effects.took_last_seed:
            self.queue_capture(effects.last, 1, mover, "last_seed")
        self.pending = after
        self.last_computer_move = (pit - 1, effects.last) if mover in self.computers else None
        self.publish_lights((pit - 1, effects.last))
        self.steps.append(Step("commit", 0.0, end=self.commit))

    def queue_laps(self, laps: list[Any], speed: float, preview: int | None = None) -> None:
        """One lift, then one drop per seed, for each lap event."""
        for k, lap in enumerate(laps):

            def lift(lap: Any = lap, k: int = k) -> None:
                self.hand = self.display[lap.start]
                self.display[lap.start] = 0
                self.hand_at = self.layout.center(lap.start)
                self.lifted = lap.start
                self.app.effects.publish(Sound("whoosh" if k else "select", 0.6))
                if preview is not None:
                    self.say(tr("awele.showing_loop", lap=k + 1, period=preview))
                elif k:
                    self.say(tr("awele.relay"))

            self.steps.append(Step("lift", 0.28 / speed, {"pit": lap.start}, start=lift))
            for target in lap.drops:

                def drop(target: int = target) -> None:
                    self.display[target] += 1
                    self.hand -= 1
                    self.hand_at = self.layout.center(target)
                    self.app.effects.publish(Sound("seed", 0.7))

                self.steps.append(Step("drop", 0.13 / speed, {"to": target}, end=drop))
            if lap.relay:
                self.steps.append(Step("relay", 0.3 / speed, {"pit": lap.last}))

    def queue_capture(self, pit: int, count: int, mover: int, kind: str) -> None:
        """Seeds fly from ``pit`` to the mover's store, with a sound."""

        def take() -> None:
            self.display[pit] -= count
            self.app.effects.publish(Sound("capture"))
            if kind == "capture":
                self.say(tr("awele.capture", name=self.player_name(mover), count=count))
            else:
                self.say(tr("awele.last_seed", name=self.player_name(mover)))

        def land() -> None:
            self.display_scores[mover - 1] += count

        self.steps.append(Step("fly", 0.75, {"pit": pit, "count": count, "player": mover}, start=take, end=land))

    def commit(self) -> None:
        """The animation is over: the rules' new state becomes the present one."""
        assert self.pending is not None
        expected = list(self.pending.pits)
        if self.display != expected:  # the animation only replays the rules; say so loudly if not
            raise AssertionError(f"display {self.display} differs from the rules' board {expected}")
        self.history.states.append(self.pending)
        self.history.moves.append(None)
        self.pending = None
        self.moves_played += 1
        self.sync_display()
        self.think_wait = 0.0
        self.announce_turn()
        self.build_buttons()
        if self.state.is_terminal():
            self.games_finished += 1
            if not self.demo:
                self.app.stack.push(self.end_scene())

    def show_loop(self) -> None:
        """Play the first laps of the refused looping move, then put the board back."""
        if self.loop_offer is None or self.busy:
            return
        index, loop = self.loop_offer
        count = min(loop.laps_before_loop + loop.period, 12)
        laps = list(itertools.islice(self.state.laps(index + 1), count))
        self.showing_loop = True
        self.queue_laps(laps, 1.6, preview=loop.period)
        self.steps.append(Step("pause", 0.8))
        self.steps.append(Step("restore", 0.0, end=self.end_loop_preview))
        self.build_buttons()

    def end_loop_preview(self) -> None:
        """Back to the real board after a loop preview."""
        self.showing_loop = False
        self.sync_display()
        self.say(tr("awele.illegal.loop", period=self.loop_offer[1].period) if self.loop_offer else "")
        self.build_buttons()

    # --- the computer -------------------------------------------------------------------------------

    def run_job(self, job: Callable[[], tuple[int, AweleState]]) -> None:
        """Compute a move (a computer's choice, and the rules' new state) off the screen's thread.

        The rules' analysis of a rare very long loop can take seconds (periods reach millions
        of laps), and a computer thinks for ``movetime``: the board must stay alive meanwhile.
        Headless runs compute at once, so N frames show the same thing on every machine."""
        if self.app.headless:
            pit, after = job()
            self.start_move(pit, after)
            return
        self._answer = []
        self._job_time = 0.0

        def work() -> None:
            try:
                self._answer.append(job())
            except Exception as exc:  # noqa: BLE001 - reported on screen, the game goes on
                self._job_error = f"{type(exc).__name__}: {exc}"

        self._job_error = ""
        self._thread = threading.Thread(target=work, daemon=True)
        self._thread.start()

    def poll_job(self, dt: float) -> None:
        """Start the animation once the background job has its answer."""
        if self._thread is None:
            return
        self._job_time += dt
        if self._thread.is_alive():
            if self._job_time > 1.0 and self.state.current_player not in self.computers:
                self.say(tr("awele.checking"))
            return
        self._thread = None
        if self._answer:
            pit, after = self._answer[0]
            self.start_move(pit, after)
        elif self._job_error:
            self.reject(self._job_error)

    def computer_turn(self, dt: float) -> None:
        """Let a computer player choose (in the background) and play."""
        state = self.state
        if state.is_terminal() or state.current_player not in self.computers or self.busy:
            return
        self.think_wait += dt
        if not self.app.headless and self.think_wait < COMPUTER_DELAY:
            return
        player = self.computers[state.current_player]
        budget = min(self.movetime, 0.2) if self.app.headless else self.movetime
        rng = self.rng

        def job() -> tuple[int, AweleState]:
            pit = player.choose(state, rng, budget)
            return pit, state.play(pit)

        self.run_job(job)

    # --- the frame ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the animation queue, then let a computer move."""
        super().update(dt)
        self.message_time += dt
        remaining = dt
        while remaining > 0 or (self.current is None and self.steps and self.steps[0].duration == 0):
            if self.current is None:
                if not self.steps:
                    break
                self.current = self.steps.popleft()
                if self.current.start:
                    self.current.start()
            use = min(remaining, self.current.duration - self.current.elapsed)
            self.current.elapsed += max(use, 0.0)
            remaining -= max(use, 0.0)
            if self.current.elapsed >= self.current.duration - 1e-9:
                step, self.current = self.current, None
                if step.end:
                    step.end()
            elif remaining <= 0:
                break
        self.poll_job(dt)
        if self.current is None and not self.steps and self._thread is None:
            if self.state.is_terminal() and self.demo:
                self.think_wait += dt
                if self.think_wait > 3.0:
                    self.new_game()
            else:
                self.computer_turn(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Board, pits, seeds, stores, names, banner, buttons."""
        surface.blit(static_layer(surface.get_size(), tr("awele.title")), (0, 0))
        self.draw_player_labels(surface)
        for player in (1, 2):
            self.draw_store(surface, player)
        self.draw_pits(surface)
        self.draw_moving(surface)
        self.draw_banner(surface)
        if self.demo:
            ui.draw_demo_banner(surface, 640, self.time)
        else:
            for button in self.buttons:
                button.draw(surface, self.time)
        if self.state.is_terminal() and not self.busy:
            self.draw_end(surface)

    def draw_player_labels(self, surface: pygame.Surface) -> None:
        """Names above and below the board; the player to move glows."""
        state = self.state
        for player, y in ((2, 130), (1, 578)):
            color = PLAYER_COLORS[player]
            active = not state.is_terminal() and state.current_player == player and not self.busy
            name = self.player_name(player).capitalize()
            count = self.display_scores[player - 1]
            label = tr("awele.score" if count > 1 else "awele.score.one", name=name, count=count)
            rect = pygame.Rect(0, 0, 420, 46)
            rect.center = (BOARD_RECT.centerx, y)
            if active:
                glow = 0.5 + 0.5 * math.sin(self.time * 4)
                draw.rect(
                    surface,
                    ui.blend(color, theme.WHITE, 0.55 + 0.2 * glow),
                    rect.inflate(12, 12),
                    border_radius=30,
                )
            draw.rect(surface, color, rect, border_radius=24)
            ui.draw_text(surface, label, rect.center, 28, theme.WHITE, "bold", "center")

    def draw_store(self, surface: pygame.Surface, player: int) -> None:
        """A long hollow holding the player's captured seeds, with the count."""
        rect = self.layout.store(player)
        surface.blit(store_image(rect.size, player, self.display_scores[player - 1]), rect.topleft)

    def draw_pits(self, surface: pygame.Surface) -> None:
        """Every pit with its seeds and its count; playable pits of a human glow softly."""
        state = self.state
        r = self.layout.radius
        legal = set()
        if not self.busy and not state.is_terminal() and state.current_player not in self.computers and not self.demo:
            legal = set(state.legal_indices())
        seed_r = 12 if self.layout.n == 12 else 16
        for i in range(self.layout.n):
            x, y = self.layout.center(i)
            lift = 0.0
            if self.current is not None and self.current.kind in ("lift", "relay") and self.current.data["pit"] == i:
                lift = 10 * math.sin(math.pi * self.current.progress)
            if i in legal:
                glow = 0.5 + 0.5 * math.sin(self.time * 3 + i)
                color = PLAYER_COLORS[state.current_player]
                width = 6 if i == self.hovered else 4
                draw.circle(surface, ui.blend(color, theme.WHITE, 0.3 * glow), (x, y), r + 8, width)
            if self.loop_offer is not None and self.loop_offer[0] == i:
                draw.circle(surface, theme.HINT, (x, y), r + 9, 6)
            count = self.display[i]
            image = pit_image(i, count, r, seed_r)
            surface.blit(image, image.get_rect(center=(round(x), round(y - lift))))
            if self.current is not None and self.current.kind == "relay" and self.current.data["pit"] == i:
                ring = r + 6 + 18 * self.current.progress
                draw.circle(surface, theme.HINT, (x, y), ring, 5)
            label_y = y + r + 16 if i < self.layout.half else y - r - 16
            if self.layout.n == 4:  # big pits: the count goes beside the pit, clear of the names
                x, label_y = x + r + 34, y
            ui.draw_text(
                surface,
                str(count),
                (x, label_y),
                26,
                theme.INK if count else theme.INK_SOFT,
                "title",
                "center",
            )

    def draw_moving(self, surface: pygame.Surface) -> None:
        """The hand of seeds above the board, the seed in flight, captured seeds flying home."""
        step = self.current
        seed_r = 12 if self.layout.n == 12 else 16
        if self.hand > 0 and step is not None and step.kind in ("drop", "relay", "lift"):
            hx, hy = self.hand_at
            if step.kind == "lift":
                hy -= 40 * ease_out_cubic(step.progress)
            else:
                hy -= 40
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

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The message line: big, plain French."""
        rect = pygame.Rect(380, 18, 870, 92)
        pop = min(1.0, self.message_time / 0.25)
        ui.draw_panel(surface, rect, theme.PANEL, 24, 8)
        lines = len(ui.wrap_text(self.message, 26, rect.width - 36, "bold"))
        text_height = round(26 * 1.15) * lines
        ui.draw_paragraph(
            surface,
            self.message,
            pygame.Rect(rect.x + 18, rect.centery - text_height // 2 + 2, rect.width - 36, text_height),
            26,
            ui.blend(theme.INK_SOFT, theme.INK, pop),
            "bold",
            1.15,
            "center",
        )

    def end_text(self) -> str:
        """ "Rouge gagne 25 à 18 !" or "Match nul, 24 partout !"."""
        a, b = self.state.scores
        if a == b:
            return tr("awele.end.draw", a=a)
        winner = 1 if a > b else 2
        return tr("awele.end.winner", name=self.player_name(winner).capitalize(), a=max(a, b), b=min(a, b))

    def end_scene(self) -> EndScene:
        """The shared end screen: who won, why, confetti in the winner's colour."""
        state = self.state
        outcome = state.outcome()
        assert outcome is not None
        a, b = state.scores
        detail = tr(outcome.reason, name=self.player_name(1 if a >= b else 2))
        color = PLAYER_COLORS[outcome.winner] if outcome.winner else theme.ACCENT
        colors = [color, ui.blend(color, theme.WHITE, 0.5), theme.ACCENT, theme.WHITE, (186, 118, 52)]
        card = EndCard(self.end_text(), detail, celebrate=outcome.winner is not None, colours=colors)
        return EndScene(self.app, card, self.restart)

    def draw_end(self, surface: pygame.Surface) -> None:
        """The result card."""
        state = self.state
        a, b = state.scores
        text = self.end_text()
        rect = pygame.Rect(0, 0, 640, 120)
        rect.center = BOARD_RECT.center
        ui.draw_panel(surface, rect, theme.PANEL, 30, 14, border=theme.ACCENT)
        ui.draw_text(surface, text, (rect.centerx, rect.centery - 16), 44, theme.INK, "title", "center")
        outcome = state.outcome()
        if outcome is not None:
            ui.draw_text(
                surface,
                tr(outcome.reason, name=self.player_name(1 if a >= b else 2)),
                (rect.centerx, rect.centery + 32),
                22,
                theme.INK_SOFT,
                "text",
                "center",
            )

    def state_summary(self) -> dict[str, Any]:
        """What tests and ``--json`` see."""
        state = self.state
        outcome = state.outcome()
        return {
            "scene": self.name,
            "pits": list(state.pits),
            "scores": list(state.scores),
            "display": list(self.display),
            "player": state.current_player,
            "moves": self.moves_played,
            "busy": self.busy,
            "terminal": state.is_terminal(),
            "winner": outcome.winner if outcome else None,
            "message": self.message,
            "games_finished": self.games_finished,
        }


# --- the rules pages (shared RulesScene), illustrated with the rules' own lap events --------------------


def _mini_board(surface: pygame.Surface, rect: pygame.Rect, pits: tuple[int, ...], rings: dict[int, Color]) -> None:
    """A small board of ``pits`` (4 or 12) inside ``rect``, with coloured rings on some pits."""
    n = len(pits)
    half = n // 2
    board = rect.inflate(-10, -rect.height * 0.25)
    draw.rect(surface, theme.WOOD_EDGE, board.move(0, 5), border_radius=30)
    draw.rect(surface, (214, 166, 108), board, border_radius=30)
    r = int(min(board.width / (half * 2.3), board.height / 4.8))
    for i in range(n):
        col = i if i < half else n - 1 - i
        x = board.left + board.width * (col + 0.5) / half
        y = board.top + board.height * (0.72 if i < half else 0.28)
        draw.circle(surface, (110, 66, 32), (x, y), r)
        draw.circle(surface, (150, 98, 54), (x, y + 2), r - 3)
        if i in rings:
            draw.circle(surface, rings[i], (x, y), r + 4, 4)
        for k, (dx, dy) in enumerate(seed_offsets(pits[i], r)):
            image = seed_sprite(SEED_COLORS[(i + k) % len(SEED_COLORS)], max(4, r // 4))
            surface.blit(image, image.get_rect(center=(round(x + dx), round(y + dy))))
        ui.draw_text(surface, str(pits[i]), (x, y + (r + 14 if i < half else -r - 14)), 20, theme.INK, "bold", "center")


def _illustrate_sowing(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    draw_icon(surface, rect, time)


def _article_laps() -> list[Any]:
    return list(new_game().laps(3))


def _illustrate_relay(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    laps = _article_laps()
    lap = laps[int(time / 1.4) % len(laps)]
    rings = {lap.start: theme.BLUE, lap.last: theme.HINT if lap.relay else theme.GOOD}
    _mini_board(surface, rect, lap.board, rings)


def _illustrate_capture(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    after = new_game().play(3)
    fx = after.last_effects
    assert fx is not None and fx.capture_pit is not None
    before = list(after.pits)
    if int(time / 1.2) % 2 == 0:
        before[fx.capture_pit] = fx.captured
    _mini_board(surface, rect, tuple(before), {fx.last: theme.GOOD, fx.capture_pit: theme.RED})


def _illustrate_loop(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    laps = list(itertools.islice(iter_laps((1, 2, 0, 2), 1), 8))
    k = int(time / 1.0) % (len(laps) + 1)
    board = (1, 2, 0, 2) if k == 0 else laps[k - 1].board
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


def make_scene(app) -> AweleScene:  # noqa: ANN001
    """A new game for the menu card: a child (red, bottom) against the 1990 program."""
    return AweleScene(app, players=("human", "1990"))


def make_demo_scene(app) -> AweleScene:  # noqa: ANN001
    """Attract mode: the strong player against the 1990 program, restarting by itself."""
    return AweleScene(app, players=("strong", "1990"), movetime=0.3, demo=True)


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
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
