"""Lewthwaite's game on screen: token view and snake view of the same state, hot-seat or
against the computer, with hint, undo, restart, rules and an end screen.

The scene only draws state and forwards taps to the rules engine; legality, the winner and the
computer's moves all come from ``rules``, ``solver`` and ``ai``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from games.core import History, IllegalMoveError
from games.effects import BoardLights, Sound
from games.lewthwaite import solver
from games.lewthwaite.ai import make_player
from games.lewthwaite.rules import BLUE, RED, Cell, LewthwaiteParams, LewthwaiteState
from games.lewthwaite.stats import exact_stats
from games.lewthwaite.view import BoardView, MoveAnimation, draw_mini_board, token_sprite
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, make_layer, native_sprite
from kiosk.i18n import language, tr
from kiosk.overlays import EndScene, RulesPage, RulesScene
from kiosk.scene import Scene
from kiosk.tween import Tween, ease_in_out_cubic, ease_out_cubic

KIND_CYCLE = ("human", "random", "greedy", "perfect")
KIND_LABEL = {
    "human": "player.human",
    "random": "player.random",
    "greedy": "player.greedy",
    "perfect": "player.perfect",
}
COMPUTER_DELAY = 0.7  # seconds a computer "thinks", so a child can follow what happens
SLIDE_SECONDS = 0.32
SHAKE_SECONDS = 0.9


@dataclass
class LewthwaiteConfig:
    """How a game starts: board, who plays each colour, which view."""

    rows: int = 5
    cols: int = 5
    hole: Cell | None = None
    red: str = "human"
    blue: str = "perfect"
    view: str = "tokens"
    demo: bool = False
    players: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.players = {RED: self.red, BLUE: self.blue}


class LewthwaiteScene(Scene):
    """One game of Lewthwaite, in either view."""

    name = "lewthwaite"

    def __init__(self, app, config: LewthwaiteConfig | None = None) -> None:  # noqa: ANN001
        super().__init__(app)
        self.config = config or LewthwaiteConfig()
        self.params = LewthwaiteParams(self.config.rows, self.config.cols, self.config.hole)
        self.history: History[LewthwaiteState] = History.start(self.params.new_initial_state())
        self.players = dict(self.config.players)
        self.view_mode = self.config.view
        self.board = BoardView(self.params.rows, self.params.cols, (430, 326), 540)
        self.anim: MoveAnimation | None = None
        self.tween: Tween | None = None
        self.hint_on = False
        self.toast: tuple[str, float] | None = None
        self.computer_wait = 0.0
        self.shake_time = 0.0
        self.end_shown = False
        self.demo_restart = 0.0
        self.last_computer_move: tuple[Cell, Cell] | None = None
        self.pressed_cell: Cell | None = None
        self._analysis_cache: dict[tuple[int, ...], solver.Analysis] = {}
        self._build_buttons()

    def on_enter(self) -> None:
        """Light the physical board as soon as the game is on screen (and again after the rules)."""
        self.publish_lights()

    # --- state helpers ---------------------------------------------------------------------

    @property
    def state(self) -> LewthwaiteState:
        """The current position."""
        return self.history.current

    def analysis(self) -> solver.Analysis:
        """Perfect-play analysis of the current position (cached per position)."""
        key = self.state.path
        if key not in self._analysis_cache:
            self._analysis_cache[key] = solver.analyse(self.state)
        return self._analysis_cache[key]

    def is_human_turn(self) -> bool:
        """True when the player to move is a person."""
        return not self.state.is_terminal() and self.players[self.state.current_color] == "human"

    @property
    def busy(self) -> bool:
        """True while a move animates or the game is over."""
        return self.anim is not None

    # --- buttons -------------------------------------------------------------------------

    def _build_buttons(self) -> None:
        x0, x1, w, h = 884, 1072, 176, 62
        self.hint_button = ui.Button(
            pygame.Rect(x0, 432, w, h),
            "button.hint",
            self.toggle_hint,
            color=(240, 170, 30),
            icon=ui.icon_bulb,
            size=24,
        )
        self.view_button = ui.Button(
            pygame.Rect(x1, 432, w, h), "lewthwaite.view.snake", self.toggle_view, color=(70, 160, 130), size=22
        )
        self.undo_button = ui.Button(
            pygame.Rect(x0, 508, w, h), "button.undo", self.undo, color=(120, 124, 150), icon=ui.icon_undo, size=24
        )
        self.restart_button = ui.Button(
            pygame.Rect(x1, 508, w, h),
            "button.restart",
            self.restart,
            color=(120, 124, 150),
            icon=ui.icon_restart,
            size=24,
        )
        self.rules_button = ui.Button(
            pygame.Rect(x0, 584, w, h),
            "button.rules",
            self.show_rules,
            color=(90, 110, 170),
            icon=ui.icon_book,
            size=24,
        )
        self.home_button = ui.Button(
            pygame.Rect(x1, 584, w, h),
            "button.home",
            self.app.go_home,
            color=(90, 110, 170),
            icon=ui.icon_home,
            size=24,
        )
        self.player_buttons = {
            color: ui.Button(
                pygame.Rect(x0 + 70, y, 294, 54),
                "",
                lambda c=color: self.cycle_player(c),
                color=theme.player_colors(color)[0],
                literal=True,
                size=22,
            )
            for color, y in ((RED, 290), (BLUE, 352))
        }
        self.sound_button = ui.Button(
            pygame.Rect(1194, 42, 48, 44),
            "",
            self.toggle_sound,
            color=(150, 150, 170),
            literal=True,
            icon=ui.icon_muted if self.app.sound.muted else ui.icon_speaker,
        )
        self.buttons = [
            self.sound_button,
            self.hint_button,
            self.view_button,
            self.undo_button,
            self.restart_button,
            self.rules_button,
            self.home_button,
            *self.player_buttons.values(),
        ]

    def _refresh_buttons(self) -> None:
        self.view_button.label = "lewthwaite.view.tokens" if self.view_mode == "snake" else "lewthwaite.view.snake"
        self.undo_button.enabled = self.history.can_undo() and not self.config.demo
        self.hint_button.enabled = not self.state.is_terminal()
        self.hint_button.active = self.hint_on
        for color, button in self.player_buttons.items():
            button.label = tr(KIND_LABEL[self.players[color]])

    # --- actions ---------------------------------------------------------------------------

    def toggle_hint(self) -> None:
        """Show or hide the dominoes of the perfect player."""
        self.hint_on = not self.hint_on
        self.app.effects.publish(Sound("hint" if self.hint_on else "click"))
        self.publish_lights()

    def toggle_sound(self) -> None:
        """Mute or unmute every sound of the kiosk."""
        muted = self.app.sound.toggle_mute()
        self.sound_button.icon = ui.icon_muted if muted else ui.icon_speaker

    def toggle_view(self) -> None:
        """Switch between the token view and the snake view (same state)."""
        self.view_mode = "snake" if self.view_mode == "tokens" else "tokens"
        self.app.effects.publish(Sound("whoosh"))

    def cycle_player(self, color: str) -> None:
        """Tap a player card: human -> toddler -> clever -> perfect -> human."""
        kind = self.players[color]
        self.players[color] = KIND_CYCLE[(KIND_CYCLE.index(kind) + 1) % len(KIND_CYCLE)]
        self.computer_wait = 0.0
        self.app.effects.publish(Sound("click"))

    def undo(self) -> None:
        """Take back moves until it is a person's turn again (or the start)."""
        if not self.history.can_undo():
            return
        self._finish_animation()
        self.history.undo()
        while self.history.can_undo() and not self.is_human_turn() and "human" in self.players.values():
            self.history.undo()
        self._after_change()
        self.app.effects.publish(Sound("click"))

    def restart(self) -> None:
        """A new game on the same board with the same players."""
        self._finish_animation()
        self.history.restart()
        self._after_change()
        self.app.effects.publish(Sound("whoosh"))

    def show_rules(self) -> None:
        """Open the illustrated rules."""
        self.app.stack.push(RulesScene(self.app, tr("lewthwaite.rules.title"), rules_pages(), theme.RED))

    def play(self, move: Cell) -> bool:
        """Play ``move`` for the player to move; an illegal move shows why and changes nothing."""
        if self.busy or self.state.is_terminal():
            return False
        before = self.state
        try:
            self.history.push(move)
        except IllegalMoveError:
            self._explain_illegal(move)
            return False
        self.anim = MoveAnimation(start=move, end=before.hole)
        self.tween = Tween(0.0, 1.0, SLIDE_SECONDS, ease_out_cubic if self.view_mode == "tokens" else ease_in_out_cubic)
        self.app.effects.publish(Sound("slide"))
        self._after_change()
        return True

    def _explain_illegal(self, move: Cell) -> None:
        state = self.state
        if state.token_at(move) is None:
            return  # a tap on the hole: nothing to say
        if state.has_moved(move):
            key = "lewthwaite.illegal.moved"
        elif move not in [state.geo.cell(n) for n in state.geo.neighbours[state.path[-1]]]:
            key = "lewthwaite.illegal.far"
        else:
            key = "lewthwaite.illegal.color"
        self.toast = (tr(key, of_color=tr(f"lewthwaite.illegal.of.{state.current_color}")), 2.6)
        self.app.effects.publish(Sound("error"))

    def _finish_animation(self) -> None:
        self.anim = None
        self.tween = None

    def _after_change(self) -> None:
        self.hint_on = False
        self.computer_wait = 0.0
        self.shake_time = 0.0
        self.end_shown = False
        self.toast = None
        self.publish_lights()

    # --- LEDs --------------------------------------------------------------------------------

    def publish_lights(self) -> None:
        """Tell the LED board what to show: legal tokens, the hint, the computer's move, the end."""
        state = self.state
        cells: dict[Cell, str] = {}
        if state.is_terminal():
            cells = {state.hole: "win"}
        else:
            if self.is_human_turn():
                cells.update({m: "legal" for m in state.legal_moves()})
            if self.hint_on:
                move = self.suggested_move()
                if move:
                    cells[move] = "hint"
            if self.last_computer_move:
                source, target = self.last_computer_move
                cells[source], cells[target] = "computer_from", "computer_to"
        self.app.effects.publish(BoardLights("lewthwaite", state.params.rows, state.params.cols, cells))

    # --- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, taps on the board, and a few keys (H hint, V view, U undo, R restart)."""
        if self.config.demo:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.app.go_home()
                return True
            return False
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_cell = self.board.cell_at(event.pos)
            return self.pressed_cell is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            cell, pressed, self.pressed_cell = self.board.cell_at(event.pos), self.pressed_cell, None
            if cell is not None and cell == pressed and self.is_human_turn():
                self.play(cell)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            actions = {
                pygame.K_h: self.toggle_hint,
                pygame.K_v: self.toggle_view,
                pygame.K_u: self.undo,
                pygame.K_r: self.restart,
                pygame.K_ESCAPE: self.app.go_home,
            }
            if event.key in actions:
                actions[event.key]()
                return True
        return False

    # --- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Animations, the computer's turn, the end of the game, the demo loop."""
        super().update(dt)
        if self.toast:
            text, left = self.toast
            self.toast = (text, left - dt) if left > dt else None
        if self.tween:
            self.tween.update(dt)
            assert self.anim is not None
            self.anim.t = self.tween.progress
            if self.tween.done:
                self._finish_animation()
        if self.busy:
            return
        state = self.state
        if state.is_terminal():
            self._update_end(dt)
            return
        if not self.is_human_turn():
            self.computer_wait += dt
            delay = COMPUTER_DELAY * (0.6 if self.config.demo else 1.0)
            if self.computer_wait >= delay:
                player = make_player(self.players[state.current_color])
                move = player.choose(state, self.app.rng)
                self.last_computer_move = (move, state.hole)
                self.play(move)
                self.publish_lights()
        else:
            self.last_computer_move = None

    def _update_end(self, dt: float) -> None:
        self.shake_time += dt
        if self.shake_time < SHAKE_SECONDS or self.end_shown:
            if self.config.demo and self.end_shown:
                self.demo_restart += dt
                if self.demo_restart > 2.5:
                    self.demo_restart = 0.0
                    self.restart()
            return
        self.end_shown = True
        outcome = self.state.outcome()
        assert outcome is not None
        if self.config.demo:
            self.app.effects.publish(Sound("win", 0.4))
            return
        loser, winner = outcome.param_dict()["loser"], outcome.param_dict()["winner"]
        message = tr(
            "lewthwaite.end.blocked",
            Loser=tr(f"lewthwaite.color.{loser}").capitalize(),
            winner=tr(f"lewthwaite.color.{winner}"),
        )
        detail = tr("lewthwaite.end.moves", n=self.state.moves_played)
        colors = [theme.player_colors(winner)[k] for k in range(3)] + [theme.ACCENT, theme.WHITE]
        self.app.stack.push(EndScene(self.app, message, detail, colors, self.restart))

    # --- drawing -------------------------------------------------------------------------------

    def suggested_move(self) -> Cell | None:
        """What the hint points at: the winning move, or the perfect player's resilient move."""
        if self.state.is_terminal():
            return None
        analysis = self.analysis()
        if analysis.wins:
            return analysis.best
        return make_player("perfect").choose(self.state, self.app.rng)

    def draw(self, surface: pygame.Surface) -> None:
        """Board, tokens or snake, highlights, hint, side panel, toast."""
        self._refresh_buttons()
        state = self.state
        snake = self.view_mode == "snake"
        surface.blit(self._static_layer(surface.get_size(), snake, language()), (0, 0))
        human = self.is_human_turn() and not self.busy
        if snake:
            self.board.draw_snake(surface, state, self.anim, self.time)
        else:
            shake = None
            if state.is_terminal() and self.shake_time < SHAKE_SECONDS:
                # The blocked player's tokens wriggle: they would like to move but cannot.
                loser = state.current_color
                shake = {
                    (r, c)
                    for r in range(state.params.rows)
                    for c in range(state.params.cols)
                    if state.token_at((r, c)) == loser
                }
            self.board.draw_tokens(surface, state, self.anim, shake, self.time)
        if human:
            glow = theme.player_colors(state.current_color)[0]
            self.board.draw_glow(surface, state.legal_moves(), ui.blend(glow, theme.HINT, 0.75), self.time)
        if self.hint_on and not state.is_terminal() and not self.busy:
            self._draw_hint(surface)
        self._draw_panel(surface)
        if self.toast:
            self._draw_bubble(surface, self.toast[0], theme.BAD)
        elif self.hint_on and not state.is_terminal() and not self.busy:
            key = "lewthwaite.hint.win" if self.analysis().wins else "lewthwaite.hint.lose"
            key += ".snake" if self.view_mode == "snake" else ""
            self._draw_bubble(surface, tr(key), (200, 140, 10))
        if self.config.demo:
            ui.draw_demo_banner(surface, 430, self.time)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        analysis = self.analysis()
        hole = self.state.hole
        pairs = [p for p in analysis.pairing if hole not in p] if analysis.wins else list(analysis.pairing)
        self.board.draw_dominoes(surface, pairs, theme.HINT)
        move = self.suggested_move()
        if move is not None:
            if self.view_mode == "snake":
                self.board.draw_arrow(surface, hole, move, (230, 150, 0), self.time)
            else:
                self.board.draw_arrow(surface, move, hole, (230, 150, 0), self.time)

    def _draw_bubble(self, surface: pygame.Surface, text: str, color: ui.Color) -> None:
        lines = ui.wrap_text(text, 24, 760, "bold")
        height = 24 + len(lines) * 31
        rect = pygame.Rect(0, 0, 820, height)
        rect.midbottom = (430, 712)
        ui.draw_panel(surface, rect, theme.PANEL, 20, 8, border=color)
        ui.draw_paragraph(surface, text, rect.inflate(-40, -20), 24, theme.INK, "bold", 1.28, "center")

    PANEL = pygame.Rect(864, 24, 396, 672)

    @lru_cache(maxsize=4)  # noqa: B019 - a handful of layers per scene, freed with it
    @native_sprite
    def _static_layer(self, size: tuple[int, int], snake: bool, lang: str, scale: float = 1.0) -> Canvas:
        """Everything that does not move (paper, board, panel card, title): one blit per frame."""
        layer = make_layer(size, scale).convert()
        layer.blit(ui.background(size), (0, 0))
        self.board.draw_board(layer, snake)
        panel = self.PANEL
        ui.draw_panel(layer, panel, theme.PANEL, 28, 12)
        ui.draw_text(
            layer, tr("lewthwaite.title"), (panel.centerx - 22, panel.y + 18), 46, theme.INK, "title", "midtop"
        )
        return layer

    def _draw_panel(self, surface: pygame.Surface) -> None:
        panel = self.PANEL
        state = self.state
        # Whose turn, with a big token of that colour.
        turn = pygame.Rect(panel.x + 20, panel.y + 84, panel.width - 40, 142)
        color = state.current_color
        main, _dark, light = theme.player_colors(color)
        draw.rect(surface, ui.blend(light, theme.WHITE, 0.6), turn, border_radius=22)
        bob = 3 * math.sin(self.time * 3)
        sprite = token_sprite(color, 70)
        surface.blit(sprite, sprite.get_rect(center=(turn.x + 58, turn.y + 58 + bob)))
        name = tr(f"lewthwaite.Color.{color}")
        if state.is_terminal():
            title = tr(
                "lewthwaite.end.blocked",
                Loser=tr(f"lewthwaite.color.{color}").capitalize(),
                winner=tr(f"lewthwaite.color.{BLUE if color == RED else RED}"),
            )
            ui.draw_paragraph(
                surface,
                title,
                pygame.Rect(turn.x + 110, turn.y + 22, turn.width - 124, 120),
                23,
                ui.darker(main, 0.3),
                "bold",
                1.2,
            )
        else:
            key = "lewthwaite.turn" if self.is_human_turn() else "lewthwaite.turn.computer"
            ui.draw_paragraph(
                surface,
                tr(key, color=name),
                pygame.Rect(turn.x + 104, turn.y + 26, turn.width - 112, 70),
                26,
                ui.darker(main, 0.3),
                "title",
                1.1,
            )
            if self.is_human_turn():
                line = tr("lewthwaite.turn.snake" if self.view_mode == "snake" else "lewthwaite.turn.tokens")
            else:
                line = tr("lewthwaite.turn.computer.who", level=tr(KIND_LABEL[self.players[color]]))
            rect = pygame.Rect(turn.x + 110, turn.y + 88, turn.width - 124, 56)
            ui.draw_paragraph(surface, line, rect, 19, theme.INK_SOFT, "text", 1.15)
        ui.draw_text(
            surface,
            tr("lewthwaite.moves", n=state.moves_played),
            (panel.centerx, turn.bottom + 8),
            22,
            theme.INK_SOFT,
            "bold",
            "midtop",
        )
        for color_key, button in self.player_buttons.items():
            sprite = token_sprite(color_key, 44)
            surface.blit(sprite, sprite.get_rect(center=(panel.x + 52, button.rect.centery)))
        for button in self.buttons:
            button.draw(surface, self.time)

    def state_summary(self) -> dict[str, object]:
        """Position, view and players, for tests and ``--json``."""
        state = self.state
        outcome = state.outcome()
        return {
            "scene": self.name,
            "view": self.view_mode,
            "position": state.to_text(),
            "moves": state.moves_played,
            "to_move": state.current_color,
            "players": dict(self.players),
            "winner": None if outcome is None else state.color_of(outcome.winner or 0),
            "hint": self.hint_on,
        }


# --- rules pages, menu icon, factories ---------------------------------------------------------


def _illustrate_start(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    draw_mini_board(surface, rect, LewthwaiteParams().new_initial_state(), time)


def _illustrate_move(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
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


def _illustrate_blocked(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    # As in the article's photo: red tokens all around the hole, and blue, to move, is stuck.
    state = _blocked_example()
    view = draw_mini_board(surface, rect, state, time)
    view.draw_glow(surface, [state.hole], theme.BAD, time)


@lru_cache(maxsize=1)
def _blocked_example() -> LewthwaiteState:
    """The shortest 5x5 game where blue, to move, is blocked by four red tokens in a cross."""
    frontier = [LewthwaiteParams().new_initial_state()]
    while frontier:
        following = []
        for state in frontier:
            if state.is_terminal():
                around = [state.token_at(state.geo.cell(n)) for n in state.geo.neighbours[state.path[-1]]]
                if state.current_color == BLUE and around == [RED] * 4:
                    return state
                continue
            following.extend(state.play(m) for m in state.legal_moves())
        frontier = following
    raise AssertionError("every game ends")


def _illustrate_snake(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    state = _blocked_example()
    steps = 1 + int(time * 1.5) % (len(state.path) + 2)
    partial = LewthwaiteState(state.params, state.path[: min(steps, len(state.path))])
    half = rect.width // 2
    draw_mini_board(surface, pygame.Rect(rect.x, rect.y + 80, half - 10, half - 10), partial, time)
    draw_mini_board(
        surface, pygame.Rect(rect.x + half + 10, rect.y + 80, half - 10, half - 10), partial, time, snake=True
    )


def _illustrate_dominoes(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    state = LewthwaiteParams().new_initial_state()
    view = draw_mini_board(surface, rect, state, time)
    view.draw_dominoes(surface, list(solver.analyse(state).pairing), theme.HINT)


def _illustrate_random(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    stats = exact_stats(LewthwaiteParams())
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


def rules_pages() -> list[RulesPage]:
    """The illustrated rules, faithful to the IREMI article; the last page computes live."""
    stats = exact_stats(LewthwaiteParams())
    comma = "," if language() == "fr" else "."
    p = f"{100 * stats.p_first_wins:.1f}".replace(".", comma)
    mean = f"{stats.mean_length:.1f}".replace(".", comma)
    return [
        RulesPage("lewthwaite.rules.p1.title", tr("lewthwaite.rules.p1.text"), _illustrate_start),
        RulesPage("lewthwaite.rules.p2.title", tr("lewthwaite.rules.p2.text"), _illustrate_move),
        RulesPage("lewthwaite.rules.p3.title", tr("lewthwaite.rules.p3.text"), _illustrate_blocked),
        RulesPage("lewthwaite.rules.p4.title", tr("lewthwaite.rules.p4.text"), _illustrate_snake),
        RulesPage("lewthwaite.rules.p5.title", tr("lewthwaite.rules.p5.text"), _illustrate_dominoes),
        RulesPage("lewthwaite.rules.p6.title", tr("lewthwaite.rules.p6.text", p=p, mean=mean), _illustrate_random),
    ]


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    """Menu card: a little board where a token keeps sliding into the hole."""
    _illustrate_move(surface, rect, time)


def make_scene(app, config: LewthwaiteConfig | None = None) -> LewthwaiteScene:  # noqa: ANN001
    """A new game: a child against the computer by default."""
    return LewthwaiteScene(app, config or LewthwaiteConfig())


def make_demo_scene(app) -> LewthwaiteScene:  # noqa: ANN001
    """Computer against computer, restarting by itself (attract mode)."""
    kinds = ("random", "greedy", "perfect")
    red, blue = app.rng.choice(kinds), app.rng.choice(kinds)
    view = app.rng.choice(("tokens", "snake"))
    return LewthwaiteScene(app, LewthwaiteConfig(red=red, blue=blue, view=view, demo=True))
