"""Juniper Green on screen: number tiles, the chain of played numbers, hints and the explainer.

The scene only draws the state and forwards taps to the rules; computer players, hints and the
"replies left" counter come from :mod:`games.juniper.ai` and :mod:`games.juniper.solver`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from games.core import History, IllegalMoveError
from games.effects import BoardLights, Sound
from games.juniper.ai import LEVELS, make_player
from games.juniper.maths import GRAPH_MAX_N, matching_proof
from games.juniper.rules import DEFAULT_N, JuniperParams, JuniperState, deadly_primes
from games.juniper.solver import analyse, perfect_move
from games.juniper.view import (
    ACCENT,
    ACCENT_DARK,
    PLAYER_COLORS,
    draw_arrow,
    draw_graph,
    draw_pairs,
    explainer_params,
    layer_words,
)
from kiosk import theme, ui
from kiosk.i18n import tr
from kiosk.overlays import Confetti
from kiosk.scene import Scene
from kiosk.tween import Timeline, Tween, ease_out_back, ease_out_cubic
from kiosk.worker import Worker

PLAYER_LIGHT = {1: theme.RED_LIGHT, 2: theme.BLUE_LIGHT}
USED_TILE = (226, 220, 208)
BOARD_AREA = pygame.Rect(24, 100, 836, 512)
SIDE = pygame.Rect(884, 100, 372, 512)
N_CHOICES = (6, 8, 10, 12, 15, 20, 30, 50, 100)
OPPONENTS = ("hotseat",) + LEVELS
#: The controller of a player who is a person at the screen (not a computer level such as "human", IA1).
PERSON = "person"
#: Seconds a computer waits before moving (kept short in headless runs so N frames show moves).
COMPUTER_DELAY, HEADLESS_DELAY = 0.9, 0.3
MONTECARLO_BUDGET = 0.15
#: The attract mode's duels, in turn (player 1, player 2).
DEMO_DUELS = (("expert", "montecarlo"), ("perfect", "expert"), ("semi-expert", "human"), ("montecarlo", "perfect"))


def icon_cross(surface: pygame.Surface, r: pygame.Rect, c: tuple[int, int, int]) -> None:
    """A bold X (closing, or "not allowed"), drawn so that no font needs the glyph."""
    w = max(3, r.width // 6)
    inner = r.inflate(-r.width * 0.3, -r.height * 0.3)
    pygame.draw.line(surface, c, inner.topleft, inner.bottomright, w)
    pygame.draw.line(surface, c, inner.bottomleft, inner.topright, w)


def layout_tiles(n: int, area: pygame.Rect = BOARD_AREA) -> dict[int, pygame.Rect]:
    """Square tiles for 1..n filling ``area`` as much as possible, row by row."""
    best_cols, best_size = 1, 0.0
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        size = min(area.width / cols, area.height / rows)
        if size > best_size:
            best_cols, best_size = cols, size
    cols, rows = best_cols, math.ceil(n / best_cols)
    step = int(best_size)
    gap = max(4, step // 12)
    left = area.left + (area.width - cols * step) // 2
    top = area.top + (area.height - rows * step) // 2
    return {
        k: pygame.Rect(
            left + ((k - 1) % cols) * step + gap // 2,
            top + ((k - 1) // cols) * step + gap // 2,
            step - gap,
            step - gap,
        )
        for k in range(1, n + 1)
    }


def draw_tile(
    surface: pygame.Surface,
    rect: pygame.Rect,
    number: int,
    fill: tuple[int, int, int],
    ink: tuple[int, int, int] = theme.INK,
    border: tuple[int, int, int] | None = None,
) -> None:
    """One number tile: a rounded square with a soft base and the number in the title font
    (rendered once per look and cached: a board of 100 tiles costs 100 blits a frame)."""
    surface.blit(_tile_image(rect.size, number, fill, ink, border), rect.topleft)


@lru_cache(maxsize=1024)
def _tile_image(
    size: tuple[int, int],
    number: int,
    fill: tuple[int, int, int],
    ink: tuple[int, int, int],
    border: tuple[int, int, int] | None,
) -> pygame.Surface:
    w, h = size
    base = max(2, h // 22)
    image = pygame.Surface((w, h + base), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, w, h)
    radius = max(6, w // 5)
    pygame.draw.rect(image, ui.darker(fill, 0.18), rect.move(0, base), border_radius=radius)
    pygame.draw.rect(image, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(image, border, rect, width=max(3, w // 22), border_radius=radius)
    text_size = max(14, int(h * (0.5 if number < 100 else 0.4)))
    ui.draw_text(image, str(number), rect.center, text_size, ink, "title", "center")
    return image


CHAIN_STRIP = pygame.Rect(24, 630, 1232, 74)


@lru_cache(maxsize=2)
def _static_layer(size: tuple[int, int]) -> pygame.Surface:
    """Paper, the side card and the chain strip: drawn once, one blit a frame."""
    layer = pygame.Surface(size).convert()
    layer.blit(ui.background(size), (0, 0))
    ui.draw_panel(layer, pygame.Rect(SIDE.x, SIDE.y, SIDE.width, 312), theme.PANEL, 24, 10)
    ui.draw_panel(layer, CHAIN_STRIP, theme.PANEL, 22, 6)
    return layer


@dataclass
class Settings:
    """What the setup panel chooses: N, the opponent (or hot-seat) and who starts."""

    n: int = DEFAULT_N
    opponent: str = "expert"
    computer_first: bool = False


class JuniperScene(Scene):
    """A game of Juniper Green: hot-seat, against any computer player, or computer against computer."""

    name = "juniper"

    def __init__(
        self,
        app,
        n: int = DEFAULT_N,
        opponent: str = "expert",  # noqa: ANN001 - App
        computer_first: bool = False,
        show_setup: bool = False,
        demo_players: tuple[str, str] | None = None,
    ) -> None:
        super().__init__(app)
        if opponent not in OPPONENTS:
            raise ValueError(f"unknown opponent '{opponent}' (choose from {', '.join(OPPONENTS)})")
        self.settings = Settings(n, opponent, computer_first)
        self.demo_players = demo_players
        self.setup_open = show_setup
        self.timeline = Timeline()
        self.hovered: int | None = None
        self.hint: tuple[str, int] | None = None
        self.shake: dict[int, Tween] = {}
        self.pops: dict[int, Tween] = {}
        self.arrow_tween: Tween | None = None
        self.end_tween: Tween | None = None
        self.confetti: Confetti | None = None
        self.computer_timer = 0.0
        self.thinker = Worker(threaded=not app.headless)
        self.thinking_about: object | None = None
        self.typed = ""
        self._path_layer: tuple[tuple[object, ...], pygame.Surface, tuple[int, int]] | None = None
        self.restart_timer = 0.0
        self.games_played = 0
        self._build_buttons()
        self.new_game()

    # --- game control --------------------------------------------------------------------

    def controller(self, player: int) -> str:
        """``PERSON`` (someone at the screen) or the computer level that plays ``player``."""
        if self.demo_players is not None:
            return self.demo_players[player - 1]
        opponent = self.settings.opponent
        if opponent == "hotseat":
            return PERSON
        computer = 1 if self.settings.computer_first else 2
        return opponent if player == computer else PERSON

    @property
    def state(self) -> JuniperState:
        """The current position."""
        return self.history.current

    def new_game(self) -> None:
        """Start a new game with the current settings."""
        self.params = JuniperParams(self.settings.n)
        self.history: History[JuniperState] = History.start(self.params.new_initial_state())
        self.tiles = layout_tiles(self.settings.n)
        self.players = {p: make_player(self.controller(p)) for p in (1, 2) if self.controller(p) != PERSON}
        self.hint = None
        self.pops.clear()
        self.shake.clear()
        self.arrow_tween = None
        self.end_tween = None
        self.confetti = None
        self.timeline.clear()
        self.computer_timer = self._delay()
        self._publish_lights()

    def _delay(self) -> float:
        return HEADLESS_DELAY if self.app.headless else COMPUTER_DELAY

    def play(self, move: int) -> bool:
        """Play ``move`` for the player to move; an illegal tap shakes the tile and changes nothing."""
        try:
            self.history.push(move)
        except IllegalMoveError:
            self.app.effects.publish(Sound("error"))
            if move in self.tiles:
                self.shake[move] = self.timeline.add(Tween(0.0, 1.0, 0.4))
            return False
        self.hint = None
        self.pops[move] = self.timeline.add(Tween(0.6, 1.0, 0.35, ease_out_back))
        self.arrow_tween = (
            self.timeline.add(Tween(0.0, 1.0, 0.35, ease_out_cubic)) if len(self.state.played) > 1 else None
        )
        self.computer_timer = self._delay()
        if self.state.is_terminal():
            self.end_tween = self.timeline.add(Tween(0.0, 1.0, 0.6, ease_out_back, delay=0.3))
            self.restart_timer = 4.0
            self.games_played += 1
            winner = 3 - self.state.current_player
            if self.controller(winner) == PERSON:
                # A person beat the computer (or won at hot-seat): celebrate.
                self.confetti = Confetti([PLAYER_COLORS[winner], theme.HINT, ACCENT], seed=self.games_played)
            self.app.effects.publish(Sound("win"))
        else:
            self.app.effects.publish(
                Sound("slide" if self.controller(3 - self.state.current_player) != PERSON else "click")
            )
        self._publish_lights()
        return True

    def undo(self) -> None:
        """Take back moves until it is a person's turn again (two moves against a computer)."""
        if not self.history.can_undo():
            return
        self.history.undo()
        while self.history.can_undo() and self.controller(self.state.current_player) != PERSON:
            self.history.undo()
        self.hint = None
        self.end_tween = None
        self.confetti = None
        self.computer_timer = self._delay()
        self.app.effects.publish(Sound("whoosh"))
        self._publish_lights()

    def show_hint(self) -> None:
        """Ask the perfect player: "you can win: play 15" or the best way to resist."""
        state = self.state
        if not self.human_to_move():
            return
        winning = analyse(state).to_move_wins
        move = perfect_move(state)
        key = "juniper.hint.win" if winning else "juniper.hint.lose"
        if winning:
            # Say why when the reason fits in a sentence a child can check.
            after = state.play(move).legal_moves()
            if not after:
                key = "juniper.hint.win_now"
            elif after == [1]:
                key = "juniper.hint.win_one"
        self.hint = (key, move)
        self.app.effects.publish(Sound("hint"))
        self._publish_lights()

    def _publish_lights(self) -> None:
        # The LED table (if any) shows the tiles as a grid: legal numbers, the hint, the chain.
        cols = max(1, len({r.x for r in self.tiles.values()}))
        rows = math.ceil(self.settings.n / cols)
        cells: dict[tuple[int, int], str] = {}
        for k in self.state.played:
            cells[divmod(k - 1, cols)] = "player1" if self.state.played.index(k) % 2 == 0 else "player2"
        for k in self.state.legal_moves():
            cells[divmod(k - 1, cols)] = "legal"
        if self.hint is not None:
            cells[divmod(self.hint[1] - 1, cols)] = "hint"
        self.app.effects.publish(
            BoardLights("juniper", rows, cols, cells, idle=self.demo_players is not None)
        )

    # --- setup panel ---------------------------------------------------------------------

    def _build_buttons(self) -> None:
        self.buttons = [
            ui.Button(
                pygame.Rect(24, 22, 64, 60),
                "",
                self.app.go_home,
                color=(90, 110, 170),
                literal=True,
                icon=ui.icon_home,
            ),
            ui.Button(
                pygame.Rect(884, 432, 180, 64),
                "button.hint",
                self.show_hint,
                color=theme.HINT,
                text_color=theme.INK,
                icon=ui.icon_bulb,
                size=24,
            ),
            ui.Button(
                pygame.Rect(1076, 432, 180, 64),
                "juniper.button.why",
                self.open_explainer,
                color=ACCENT,
                icon=ui.icon_book,
                size=21,
            ),
            ui.Button(
                pygame.Rect(884, 512, 180, 64),
                "button.undo",
                self.undo,
                color=(140, 130, 170),
                icon=ui.icon_undo,
                size=24,
            ),
            ui.Button(
                pygame.Rect(1076, 512, 180, 64),
                "juniper.button.settings",
                self.open_setup,
                color=(90, 110, 170),
                icon=ui.icon_restart,
                size=24,
            ),
        ]
        self.mute_button = ui.Button(
            pygame.Rect(100, 22, 64, 60),
            "",
            self.toggle_sound,
            color=(90, 110, 170),
            literal=True,
            icon=lambda surface, rect, color: ui.icon_speaker(surface, rect, color, self.app.sound.muted),
        )
        self.again_button = ui.Button(
            pygame.Rect(0, 0, 330, 70), "button.again", self.again, color=theme.GOOD
        )
        self.setup_buttons: list[ui.Button] = []
        self._build_setup_buttons()

    def _build_setup_buttons(self) -> None:
        buttons: list[ui.Button] = []
        for i, n in enumerate(N_CHOICES):
            buttons.append(
                ui.Button(
                    pygame.Rect(170 + i * 106, 176, 94, 70),
                    str(n),
                    lambda n=n: self._set(n=n),
                    color=ACCENT,
                    literal=True,
                    size=32,
                    active=n == self.settings.n,
                )
            )
        for i, level in enumerate(OPPONENTS):
            row, col = divmod(i, 4)
            buttons.append(
                ui.Button(
                    pygame.Rect(170 + col * 240, 312 + row * 78, 226, 64),
                    f"juniper.level.{level}",
                    lambda level=level: self._set(opponent=level),
                    color=(90, 110, 170),
                    size=22,
                    active=level == self.settings.opponent,
                )
            )
        for i, first in enumerate((False, True)):
            buttons.append(
                ui.Button(
                    pygame.Rect(430 + i * 250, 534, 236, 60),
                    "juniper.setup.me_first" if not first else "juniper.setup.computer_first",
                    lambda first=first: self._set(computer_first=first),
                    color=(160, 120, 190),
                    size=22,
                    active=first == self.settings.computer_first,
                    enabled=self.settings.opponent != "hotseat",
                )
            )
        buttons.append(
            ui.Button(
                pygame.Rect(490, 618, 300, 70),
                "button.play",
                self.start_from_setup,
                color=theme.GOOD,
                size=32,
            )
        )
        self.setup_buttons = buttons

    def _set(
        self, n: int | None = None, opponent: str | None = None, computer_first: bool | None = None
    ) -> None:
        if n is not None:
            self.settings.n = n
        if opponent is not None:
            self.settings.opponent = opponent
        if computer_first is not None:
            self.settings.computer_first = computer_first
        self.app.effects.publish(Sound("click"))
        self._build_setup_buttons()

    def open_setup(self) -> None:
        """Show the panel that chooses N, the opponent and who starts."""
        self.setup_open = True
        self._build_setup_buttons()
        self.app.effects.publish(Sound("select"))

    def start_from_setup(self) -> None:
        """Close the setup panel and start a game with its choices."""
        self.setup_open = False
        self.new_game()
        self.app.effects.publish(Sound("select"))

    def again(self) -> None:
        """Another game with the same settings."""
        self.new_game()
        self.app.effects.publish(Sound("select"))

    def open_explainer(self) -> None:
        """The illustrated explainer of the article's ideas."""
        self.app.effects.publish(Sound("select"))
        self.app.stack.push(JuniperExplainer(self.app, self.settings.n))

    # --- events and time -----------------------------------------------------------------

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        """The number whose tile is under ``pos``."""
        for k, rect in self.tiles.items():
            if rect.collidepoint(pos):
                return k
        return None

    def human_to_move(self) -> bool:
        """True when a person should play now."""
        return not self.state.is_terminal() and self.controller(self.state.current_player) == PERSON

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Taps on tiles and buttons; number keys type a move; Escape goes home."""
        if self.demo_players is not None:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.app.go_home()
                return True
            return False
        if self.setup_open:
            return ui.handle_buttons(self.setup_buttons, event)
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            return True
        if self.mute_button.handle_event(event):
            return True
        if self.state.is_terminal() and self.end_tween is not None and self.again_button.handle_event(event):
            return True
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.tile_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            number = self.tile_at(event.pos)
            if number is not None and self.human_to_move():
                self.play(number)
                return True
        return False

    def _handle_key(self, event: pygame.event.Event) -> bool:
        """Escape: menu; H hint, U undo, R new game; digits type a number (Enter plays it, or it is
        played as soon as no longer number can start with those digits)."""
        key = event.key
        if key == pygame.K_ESCAPE:
            self.app.go_home()
        elif key == pygame.K_h:
            self.show_hint()
        elif key == pygame.K_u:
            self.undo()
        elif key == pygame.K_r:
            self.again()
        elif pygame.K_0 <= key <= pygame.K_9 or pygame.K_KP0 <= key <= pygame.K_KP9:
            digit = key - pygame.K_0 if key <= pygame.K_9 else key - pygame.K_KP0
            self.typed = (self.typed + str(digit)).lstrip("0")
            if self.typed and int(self.typed) * 10 > self.settings.n:
                self._play_typed()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._play_typed()
        elif key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
        else:
            return False
        return True

    def _play_typed(self) -> None:
        typed, self.typed = self.typed, ""
        if typed and self.human_to_move():
            self.play(int(typed))

    def toggle_sound(self) -> None:
        """Mute or unmute (the speaker button)."""
        self.app.sound.toggle_mute()
        self.app.effects.publish(Sound("click"))

    def update(self, dt: float) -> None:
        """Animations, the computer's moves and, in the demo, the next game."""
        super().update(dt)
        self.timeline.update(dt)
        if self.confetti is not None:
            self.confetti.update(dt)
        for table in (self.shake, self.pops):
            for k in [k for k, t in table.items() if t.done]:
                del table[k]
        if self.setup_open:
            return
        state = self.state
        if state.is_terminal():
            if self.demo_players is not None:
                self.restart_timer -= dt
                if self.restart_timer <= 0:
                    # Show a different duel each time: the article's players and the perfect one.
                    self.demo_players = DEMO_DUELS[self.games_played % len(DEMO_DUELS)]
                    self.new_game()
            return
        level = self.controller(state.current_player)
        if level == PERSON:
            return
        self.computer_timer -= dt
        if self.computer_timer <= 0 and not self.thinker.busy:
            budget = MONTECARLO_BUDGET if level == "montecarlo" else None
            player, rng = self.players[state.current_player], random.Random(self.app.rng.random())
            self.thinking_about = state
            self.thinker.start(lambda: player.choose(state, rng, budget))
        done, move = self.thinker.poll()
        if done and self.thinking_about is state:  # an undo or restart meanwhile makes it stale
            self.play(move)

    # --- drawing -------------------------------------------------------------------------

    def who(self, player: int) -> str:
        """How sentences name ``player``: ``"you"``, ``"computer"``, ``"level"`` (computer against
        computer) or ``"player1"``/``"player2"`` (hot-seat, by colour)."""
        level = self.controller(player)
        if level != PERSON:
            return "level" if self.controller(3 - player) != PERSON else "computer"
        return (
            "you" if self.settings.opponent != "hotseat" and self.demo_players is None else f"player{player}"
        )

    def say(self, situation: str, player: int, **params: object) -> str:
        """The sentence ``juniper.<situation>.<who>`` about ``player`` (French needs one per person)."""
        kind = self.who(player)
        key = f"juniper.{situation}.{'colour' if kind.startswith('player') else kind}"
        name = (
            tr(f"juniper.who.{kind}")
            if kind.startswith("player")
            else tr(f"juniper.level.{self.controller(player)}")
        )
        return tr(key, who=name, **params)

    def draw(self, surface: pygame.Surface) -> None:
        """Top bar, the tiles with the chain, the side panel, then the end banner or setup."""
        surface.blit(_static_layer(surface.get_size()), (0, 0))
        self._draw_top(surface)
        self._draw_board(surface)
        self._draw_side(surface)
        self._draw_chain(surface)
        if self.state.is_terminal() and self.end_tween is not None:
            self._draw_end(surface)
        if self.confetti is not None and self.end_tween is not None:
            self.confetti.draw(surface)
        if self.setup_open:
            self._draw_setup(surface)

    def _draw_top(self, surface: pygame.Surface) -> None:
        title_x = 24 if self.demo_players is not None else 186
        ui.draw_text(surface, tr("juniper.title"), (title_x, 50), 46, ACCENT_DARK, "title", "midleft")
        rule = tr("juniper.rule.short", n=self.settings.n)
        ui.draw_text(surface, rule, (1256, 52), 24, theme.INK_SOFT, "text", "midright")
        if self.demo_players is None:
            self.buttons[0].draw(surface, self.time)
            self.mute_button.draw(surface, self.time)

    def _tile_colors(
        self, k: int, legal: set[int], hint: int | None
    ) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int] | None]:
        state = self.state
        if k in state.played:
            mover = 1 if state.played.index(k) % 2 == 0 else 2
            if k == state.last:
                return PLAYER_COLORS[mover], theme.WHITE, None
            return (
                ui.blend(USED_TILE, PLAYER_LIGHT[mover], 0.35),
                ui.blend(theme.INK_SOFT, USED_TILE, 0.35),
                None,
            )
        # Quantized so that glowing tiles reuse a dozen cached images instead of a new one a frame.
        glow = round(6 + 6 * math.sin(self.time * 5)) / 12
        if k == hint:
            return ui.blend(theme.HINT, theme.WHITE, 0.3 * glow), theme.INK, ui.darker(theme.HINT, 0.3)
        if k in legal:
            color = PLAYER_COLORS[state.current_player]
            return (
                ui.blend(theme.WHITE, PLAYER_LIGHT[state.current_player], 0.25 + 0.2 * glow),
                theme.INK,
                color,
            )
        return (246, 242, 234), ui.blend(theme.INK, (246, 242, 234), 0.45), None

    def _draw_board(self, surface: pygame.Surface) -> None:
        state = self.state
        legal = set(state.legal_moves())
        hint = self.hint[1] if self.hint else None
        for k, rect in self.tiles.items():
            fill, ink, border = self._tile_colors(k, legal, hint)
            r = rect
            if k in self.pops:
                scale = self.pops[k].value
                r = rect.inflate(rect.width * (scale - 1), rect.height * (scale - 1))
            if k in self.shake:
                r = r.move(round(8 * math.sin(self.shake[k].elapsed * 60) * (1 - self.shake[k].progress)), 0)
            if k == self.hovered and k in legal and self.human_to_move():
                r = r.move(0, -4)
            draw_tile(surface, r, k, fill, ink, border)
        self._draw_path(surface)

    def _draw_path(self, surface: pygame.Surface) -> None:
        played = self.state.played
        if len(played) < 2:
            return
        last_progress = round(self.arrow_tween.value, 2) if self.arrow_tween else 1.0
        key = (tuple(played), last_progress, surface.get_size())
        if self._path_layer is not None and self._path_layer[0] == key:
            surface.blit(self._path_layer[1], self._path_layer[2])
            return
        # The chain only changes when a number is played: draw it once into a layer and reuse it.
        board = self.tiles[1].unionall(list(self.tiles.values())).inflate(24, 24)
        layer = pygame.Surface(board.size, pygame.SRCALPHA)
        self._path_layer = (key, layer, board.topleft)
        width = max(4, min(9, self.tiles[1].width // 14))
        for i in range(1, len(played)):
            a = (self.tiles[played[i - 1]].centerx - board.x, self.tiles[played[i - 1]].centery - board.y)
            b = (self.tiles[played[i]].centerx - board.x, self.tiles[played[i]].centery - board.y)
            mover = 1 if i % 2 == 0 else 2
            progress = last_progress if i == len(played) - 1 else 1.0
            alpha = 235 if i == len(played) - 1 else 150
            draw_arrow(
                layer,
                a,
                b,
                (*ui.darker(PLAYER_COLORS[mover], 0.1), alpha),
                width,
                progress,
                shorten=self.tiles[1].width * 0.3,
            )
        surface.blit(layer, board.topleft)

    def _draw_side(self, surface: pygame.Surface) -> None:
        state = self.state
        x, y = SIDE.x + 22, SIDE.y + 18
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            winner = outcome.winner or 1
            ui.draw_text(
                surface, self.say("win", winner), (x, y + 18), 28, PLAYER_COLORS[winner], "title", "midleft"
            )
        else:
            player = state.current_player
            pygame.draw.circle(surface, PLAYER_COLORS[player], (x + 16, y + 18), 16)
            ui.draw_text(
                surface,
                self.say("turn", player),
                (x + 44, y + 18),
                28,
                PLAYER_COLORS[player],
                "title",
                "midleft",
            )
        y += 56
        ui.draw_paragraph(
            surface, self._side_message(), pygame.Rect(x, y, SIDE.width - 44, 120), 23, theme.INK
        )
        # The counter of replies left to the player to move.
        count = len(state.legal_moves())
        box = pygame.Rect(x, SIDE.y + 200, SIDE.width - 44, 94)
        pygame.draw.rect(surface, ui.blend(theme.PANEL, ACCENT, 0.12), box, border_radius=18)
        ui.draw_text(surface, str(count), (box.x + 52, box.centery), 64, ACCENT_DARK, "title", "center")
        label = (
            self.say("replies", state.current_player)
            if not state.is_terminal()
            else tr("juniper.replies.none")
        )
        ui.draw_paragraph(
            surface, label, pygame.Rect(box.x + 104, box.y + 16, box.width - 116, 76), 22, theme.INK
        )
        if self.demo_players is None:
            for button in self.buttons[1:]:
                # The hint is for a person about to move; undo needs a move to take back.
                if button.label == "button.hint":
                    button.enabled = self.human_to_move()
                elif button.label == "button.undo":
                    button.enabled = self.history.can_undo()
                button.draw(surface, self.time)
        else:
            ui.draw_paragraph(
                surface,
                tr("juniper.demo.touch"),
                pygame.Rect(SIDE.x, SIDE.y + 340, SIDE.width, 80),
                26,
                ACCENT_DARK,
                "title",
                align="center",
            )

    def _side_message(self) -> str:
        state = self.state
        if self.hint is not None:
            return tr(self.hint[0], move=self.hint[1])
        if state.is_terminal():
            last = state.last
            loser = state.current_player
            return self.say("blocked", loser, last=last)
        if self.hovered is not None and self.hovered in state.legal_moves() and self.human_to_move():
            replies = state.replies_after(self.hovered)
            return tr("juniper.side.preview", move=self.hovered, count=replies)
        if not state.played:
            return tr("juniper.side.start")
        return tr("juniper.side.follow", last=state.last)

    def _draw_chain(self, surface: pygame.Surface) -> None:
        played = self.state.played
        strip = CHAIN_STRIP
        if not played:
            ui.draw_text(
                surface, tr("juniper.chain.empty"), strip.center, 24, theme.INK_SOFT, "text", "center"
            )
            return
        ui.draw_text(
            surface,
            tr("juniper.chain.label"),
            (strip.x + 20, strip.centery),
            22,
            theme.INK_SOFT,
            "bold",
            "midleft",
        )
        step, size = 86, 52
        fits = (strip.width - 150) // step
        shown = played[-fits:]
        x = strip.x + 140 + size // 2
        if len(shown) < len(played):
            ui.draw_text(surface, "…", (x - 10, strip.centery), 30, theme.INK_SOFT, "bold", "midright")
        first_index = len(played) - len(shown)
        for i, k in enumerate(shown):
            mover = 1 if (first_index + i) % 2 == 0 else 2
            center = (x + i * step, strip.centery)
            if i > 0:
                draw_arrow(
                    surface, (center[0] - step, center[1]), center, PLAYER_COLORS[mover], 4, 1.0, size / 2 + 2
                )
            pygame.draw.circle(surface, PLAYER_COLORS[mover], center, size // 2)
            ui.draw_text(surface, str(k), center, 24 if k < 100 else 20, theme.WHITE, "title", "center")

    def _draw_end(self, surface: pygame.Surface) -> None:
        assert self.end_tween is not None
        t = self.end_tween.value
        outcome = self.state.outcome()
        assert outcome is not None
        winner = outcome.winner or 1
        card = pygame.Rect(0, 0, 660, 250 if self.demo_players is None else 170)
        card.center = (BOARD_AREA.centerx, BOARD_AREA.centery + round((1 - t) * 60))
        if t <= 0:
            return
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((40, 30, 20, round(70 * min(1.0, t))))
        surface.blit(veil, (0, 0))
        ui.draw_panel(surface, card, theme.PANEL, 28, 14, border=PLAYER_COLORS[winner])
        ui.draw_text(
            surface,
            self.say("win", winner),
            (card.centerx, card.y + 30),
            44,
            PLAYER_COLORS[winner],
            "title",
            "midtop",
        )
        ui.draw_paragraph(
            surface,
            self.say("blocked", 3 - winner, last=self.state.last),
            pygame.Rect(card.x + 40, card.y + 96, card.width - 80, 60),
            24,
            theme.INK,
            align="center",
        )
        if self.demo_players is None:
            self.again_button.rect.midbottom = (card.centerx, card.bottom - 22)
            self.again_button.draw(surface, self.time)

    def _draw_setup(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((40, 30, 20, 120))
        surface.blit(veil, (0, 0))
        card = pygame.Rect(120, 24, 1040, 686)
        ui.draw_panel(surface, card, theme.PANEL, 30, 14)
        ui.draw_text(
            surface,
            tr("juniper.setup.title"),
            (card.centerx, card.y + 18),
            44,
            ACCENT_DARK,
            "title",
            "midtop",
        )
        ui.draw_text(surface, tr("juniper.setup.numbers"), (170, 150), 26, theme.INK, "bold", "midleft")
        ui.draw_text(surface, tr("juniper.setup.opponent"), (170, 286), 26, theme.INK, "bold", "midleft")
        about = tr(f"juniper.about.{self.settings.opponent}")
        ui.draw_paragraph(surface, about, pygame.Rect(170, 466, 946, 60), 22, theme.INK_SOFT)
        ui.draw_text(surface, tr("juniper.setup.first"), (170, 564), 26, theme.INK, "bold", "midleft")
        for button in self.setup_buttons:
            if button.active:
                ring = button.rect.inflate(12, 12)
                pygame.draw.rect(surface, theme.HINT, ring.move(0, 1), width=6, border_radius=22)
            button.draw(surface, self.time)

    def state_summary(self) -> dict[str, object]:
        """The position and what the screen shows, for tests and ``--json``."""
        state = self.state
        outcome = state.outcome()
        return {
            "scene": self.name,
            "n": state.n,
            "played": list(state.played),
            "to_move": state.current_player,
            "legal": state.legal_moves(),
            "replies": len(state.legal_moves()),
            "players": {"1": self.controller(1), "2": self.controller(2)},
            "winner": outcome.winner if outcome else None,
            "hint": list(self.hint) if self.hint else None,
            "setup_open": self.setup_open,
            "games_played": self.games_played,
        }


# --- the explainer ----------------------------------------------------------------------------


EXPLAINER_PAGES = ("rules", "one", "primes", "fourteen", "strata", "matching")


class JuniperExplainer(Scene):
    """The article's ideas, one illustrated page at a time (drawn over the game)."""

    name = "juniper.explainer"
    overlay = True

    def __init__(self, app, n: int = DEFAULT_N) -> None:  # noqa: ANN001 - App
        super().__init__(app)
        self.n = n
        self.page = 0
        self.page_tween = Tween(0.0, 1.0, 0.3)
        self.card = pygame.Rect(90, 40, 1100, 640)
        self.buttons = [
            ui.Button(
                pygame.Rect(120, 596, 200, 64), "button.back", self.back, color=(140, 130, 170), size=24
            ),
            ui.Button(pygame.Rect(960, 596, 200, 64), "button.next", self.next, color=ACCENT, size=24),
            ui.Button(
                pygame.Rect(1120, 56, 54, 54), "", self.close, color=theme.BAD, literal=True, icon=icon_cross
            ),
        ]

    def next(self) -> None:
        """Next page, or close after the last one."""
        if self.page + 1 >= len(EXPLAINER_PAGES):
            self.close()
            return
        self.page += 1
        self.page_tween = Tween(0.0, 1.0, 0.3)
        self.app.effects.publish(Sound("slide"))

    def back(self) -> None:
        """Previous page."""
        if self.page > 0:
            self.page -= 1
            self.page_tween = Tween(0.0, 1.0, 0.3)
            self.app.effects.publish(Sound("slide"))

    def close(self) -> None:
        """Back to the game."""
        self.app.effects.publish(Sound("click"))
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, arrow keys and Escape; every event stops here (the game below waits)."""
        ui.handle_buttons(self.buttons, event)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_RIGHT:
                self.next()
            elif event.key == pygame.K_LEFT:
                self.back()
        return True

    def update(self, dt: float) -> None:
        """Page transition."""
        super().update(dt)
        self.page_tween.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The card, the page's title, picture and text."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((40, 30, 20, 140))
        surface.blit(veil, (0, 0))
        card = self.card
        ui.draw_panel(surface, card, theme.PANEL, 30, 14)
        key = EXPLAINER_PAGES[self.page]
        t = self.page_tween.value
        ui.draw_text(
            surface,
            tr(f"juniper.explain.{key}.title", **self.page_params(key)),
            (card.centerx, card.y + 26),
            40,
            ACCENT_DARK,
            "title",
            "midtop",
        )
        picture = pygame.Rect(card.x + 40, card.y + 96, 560, 440)
        text = pygame.Rect(card.x + 640, card.y + 110, 420, 440)
        getattr(self, f"_picture_{key}")(surface, picture, t)
        ui.draw_paragraph(surface, tr(f"juniper.explain.{key}.text", **self.page_params(key)), text, 24, theme.INK)
        ui.draw_text(
            surface,
            tr("rules.page", page=self.page + 1, pages=len(EXPLAINER_PAGES)),
            (card.centerx, card.bottom - 44),
            22,
            theme.INK_SOFT,
            "bold",
            "center",
        )
        self.buttons[0].enabled = self.page > 0
        self.buttons[1].label = (
            "button.next" if self.page + 1 < len(EXPLAINER_PAGES) else "juniper.button.close"
        )
        for button in self.buttons:
            button.draw(surface, self.time)

    # Each picture is drawn from primitives; ``t`` (0..1) animates the page's entrance.

    def _row(
        self,
        surface: pygame.Surface,
        numbers: list[int],
        center: tuple[int, int],
        size: int,
        colors: list[tuple[int, int, int]],
        t: float,
        arrows: bool = True,
    ) -> list[pygame.Rect]:
        step = size + 34
        left = center[0] - (len(numbers) - 1) * step // 2
        rects = []
        for i in range(len(numbers)):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (left + i * step, center[1])
            rects.append(rect)
        for i in range(1, len(rects)):
            progress = max(0.0, min(1.0, t * len(rects) - i + 0.5))
            if arrows and progress > 0:
                draw_arrow(
                    surface,
                    rects[i - 1].center,
                    rects[i].center,
                    ui.darker(colors[i], 0.1),
                    6,
                    progress,
                    size / 2 + 4,
                )
        for i, (rect, k) in enumerate(zip(rects, numbers, strict=True)):
            appear = max(0.0, min(1.0, t * len(rects) - i + 1))
            if appear > 0:
                draw_tile(
                    surface,
                    rect.inflate(-size * (1 - appear) * 0.5, -size * (1 - appear) * 0.5),
                    k,
                    colors[i],
                    theme.WHITE if colors[i] != theme.WHITE else theme.INK,
                )
        return rects

    def _picture_rules(self, surface: pygame.Surface, r: pygame.Rect, t: float) -> None:
        red, blue = PLAYER_COLORS[1], PLAYER_COLORS[2]
        self._row(surface, [6, 3, 12, 4], (r.centerx, r.y + 90), 84, [red, blue, red, blue], t)
        ui.draw_paragraph(
            surface,
            tr("juniper.explain.rules.caption"),
            pygame.Rect(r.x, r.y + 170, r.width, 80),
            22,
            theme.INK_SOFT,
            align="center",
        )
        rects = self._row(surface, [4, 9], (r.centerx, r.y + 300), 84, [red, theme.WHITE], t)
        if t > 0.6:
            cross = pygame.Rect(0, 0, 40, 40)
            cross.center = ((rects[0].right + rects[1].left) // 2, rects[0].centery - 46)
            icon_cross(surface, cross, theme.BAD)
        ui.draw_paragraph(
            surface,
            tr("juniper.explain.rules.wrong"),
            pygame.Rect(r.x, r.y + 370, r.width, 60),
            22,
            theme.BAD,
            align="center",
        )

    def _picture_one(self, surface: pygame.Surface, r: pygame.Rect, t: float) -> None:
        center = (r.centerx, r.centery + 10)
        one = pygame.Rect(0, 0, 110, 110)
        one.center = center
        others = [k for k in range(2, min(self.n, 20) + 1)]
        radius = 190
        for i, k in enumerate(others):
            angle = 2 * math.pi * i / len(others) - math.pi / 2
            pos = (center[0] + radius * math.cos(angle) * t, center[1] + radius * math.sin(angle) * t)
            draw_arrow(surface, center, pos, (*ACCENT,), 3, 1.0, 58)
            tile = pygame.Rect(0, 0, 46, 46)
            tile.center = (round(pos[0]), round(pos[1]))
            draw_tile(surface, tile, k, theme.WHITE, theme.INK, ACCENT)
        draw_tile(surface, one, 1, theme.BAD, theme.WHITE)

    def _picture_primes(self, surface: pygame.Surface, r: pygame.Rect, t: float) -> None:
        n = self.n
        primes = deadly_primes(n)[:6]
        one = pygame.Rect(0, 0, 96, 96)
        one.center = (r.centerx, r.y + 80)
        count = max(1, len(primes))
        for i, p in enumerate(primes):
            rect = pygame.Rect(0, 0, 80, 80)
            rect.center = (r.x + (i + 0.5) * r.width / count, r.y + 300)
            draw_arrow(surface, one.center, rect.center, PLAYER_COLORS[2], 5, t, 52)
            draw_tile(surface, rect, p, PLAYER_COLORS[2], theme.WHITE)
            if t > 0.8:
                cross = pygame.Rect(0, 0, 30, 30)
                cross.center = (rect.centerx, rect.bottom + 30)
                icon_cross(surface, cross, theme.BAD)
        draw_tile(surface, one, 1, PLAYER_COLORS[1], theme.WHITE)
        ui.draw_paragraph(
            surface,
            tr("juniper.explain.primes.caption", n=n, half=n // 2),
            pygame.Rect(r.x, r.bottom - 50, r.width, 60),
            22,
            theme.INK_SOFT,
            align="center",
        )

    def page_params(self, key: str) -> dict[str, object]:
        """The numbers a page's title and text need, computed for the N the visitor chose."""
        return explainer_params(key, self.n)

    def _picture_fourteen(self, surface: pygame.Surface, r: pygame.Rect, t: float) -> None:
        red, blue = PLAYER_COLORS[1], PLAYER_COLORS[2]
        p = self.page_params("fourteen")
        row = [p["move"], p["prime"], 1, p["blocker"]]
        self._row(surface, row, (r.centerx, r.y + 120), 90, [red, blue, red, blue], t)
        labels = [
            "juniper.explain.fourteen.step1",
            "juniper.explain.fourteen.step2",
            "juniper.explain.fourteen.step3",
        ]
        for i, key in enumerate(labels):
            if t * 3 > i:
                ui.draw_paragraph(
                    surface,
                    tr(key, **p),
                    pygame.Rect(r.x + 20, r.y + 220 + i * 70, r.width - 40, 70),
                    22,
                    theme.INK,
                    align="center",
                )

    def _picture_strata(self, surface: pygame.Surface, r: pygame.Rect, t: float) -> None:
        # The article's layers P0 (green), P1 (blue), P2 (orange), computed for the N on screen.
        words = layer_words(self.n)
        layers = [
            ("P2", (255, 176, 59), words[2]),
            ("P1", (70, 130, 220), words[1]),
            ("P0", (46, 170, 110), words[0]),
        ]
        center = (r.centerx, r.y + 150)
        for i, (name, color, text) in enumerate(layers):
            radius = round((150 - i * 50) * min(1.0, t * 1.4))
            if radius > 0:
                pygame.draw.circle(surface, ui.blend(color, theme.WHITE, 0.35), center, radius)
                pygame.draw.circle(surface, color, center, radius, 4)
            if i < 2:
                ui.draw_text(
                    surface,
                    name,
                    (center[0], center[1] - 150 + i * 50 + 24),
                    24,
                    theme.INK,
                    "title",
                    "center",
                )
            # The legend below: each layer's first words, as in the article's coloured tree.
            y = r.y + 330 + (2 - i) * 36
            pygame.draw.circle(surface, color, (r.x + 12, y), 12)
            ui.draw_text(surface, f"{name} : {text}", (r.x + 32, y), 20, theme.INK, "bold", "midleft")
        ui.draw_text(surface, "P0", (center[0], center[1] - 22), 24, theme.INK, "title", "center")
        ui.draw_text(surface, "…1", (center[0], center[1] + 12), 30, theme.WHITE, "title", "center")

    def _picture_matching(self, surface: pygame.Surface, r: pygame.Rect, t: float) -> None:
        # The best pairing for the N on screen: the graph up to N = 30, the list of pairs beyond.
        if self.n <= GRAPH_MAX_N:
            draw_graph(surface, r, matching_proof(self.n), grow=t)
        else:
            draw_pairs(surface, r, self.n)

    def state_summary(self) -> dict[str, object]:
        """Which page is open."""
        return {"scene": self.name, "page": self.page, "page_key": EXPLAINER_PAGES[self.page]}


# --- entry points for the menu and the demo ---------------------------------------------------


def make_scene(app) -> JuniperScene:  # noqa: ANN001 - App
    """A new game from the menu: the setup panel first (N, opponent, who starts)."""
    return JuniperScene(app, show_setup=True)


def make_demo_scene(app) -> JuniperScene:  # noqa: ANN001 - App
    """Computer against computer, N = 20, restarting by itself (attract mode)."""
    return JuniperScene(app, n=DEFAULT_N, demo_players=DEMO_DUELS[0])


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    """The menu card picture: the chain 4 -> 12 -> 6 -> 3 zigzagging, the last tile bouncing."""
    numbers = [4, 12, 6, 3]
    size = min(rect.height * 0.4, rect.width / 4.4)
    step = (rect.width - size) / (len(numbers) - 1)
    rise = (rect.height - size) / 2
    centers = [
        (rect.x + size / 2 + i * step, rect.centery + (rise if i % 2 else -rise))
        for i in range(len(numbers))
    ]
    for i in range(1, len(numbers)):
        draw_arrow(surface, centers[i - 1], centers[i], theme.WHITE, max(4, int(size / 9)), 1.0, size * 0.5)
    for i, (k, c) in enumerate(zip(numbers, centers, strict=True)):
        bob = 6 * math.sin(time * 3) if i == len(numbers) - 1 else 0
        tile = pygame.Rect(0, 0, size, size)
        tile.center = (round(c[0]), round(c[1] + bob))
        draw_tile(surface, tile, k, PLAYER_COLORS[1] if i % 2 == 0 else PLAYER_COLORS[2], theme.WHITE)
