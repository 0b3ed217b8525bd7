"""The base of every game's screen: the flow of a match written once.

A game's scene derives from :class:`GameScene` and keeps only what is its own: drawing its
board, its animations, its explanations. The base owns the :class:`~games.match.Match` and
everything around it:

* the turn flow: a person's tap becomes :meth:`GameScene.play`; a computer player thinks off the
  frame loop (the match's thinker) while the scene waits a moment a child can follow; an
  illegal move says why (from the rules' reason key) and changes nothing;
* a declarative toolbar (:class:`~kiosk.toolbar.Tool`): hint, undo, restart, players, rules,
  home, sound and the game's own buttons, laid out in the game's ``toolbar_area``
  (:mod:`kiosk.toolbar`);
* hints computed once per position off the loop, shown while ``hint_on``;
* the lights of the physical board, computed from the game's board description
  (:mod:`kiosk.scene_lights`);
* the end: one :class:`~kiosk.overlays.EndScene` that speaks from the child's side ("Tu as
  gagné !", "L'ordinateur a gagné"), the session score, and the attract mode's endless restart
  (:mod:`kiosk.game_end`);
* the physical-board mode, a component typed by :class:`kiosk.table_mode.TableMode` that the
  scene takes with :meth:`GameScene.play_on_table` (:mod:`kiosk.physical` makes it);
* a game in progress is thrown away only after a "yes": "Menu" and "Rejouer" mid-game ask
  "Arrêter la partie ?" (:class:`~kiosk.overlays.ConfirmScene`), and the menu then offers
  "Continuer ma partie"; the game waits (no computer move, no end card, nothing on a real table
  counts) while a card or the rules cover it;
* ``state_summary`` for tests and ``--json``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar

import pygame

from games.boards import BoardDescription
from games.budget import MB, budgeted
from games.core import IllegalMoveError, Outcome
from games.effects import Sound
from games.match import BOARD, PERSON, M, Match, S, Seat, Thinker
from games.sync import Phase
from kiosk import theme, ui
from kiosk.canvas import Canvas, RectLike, Target
from kiosk.frames import StillLayer, uncovered
from kiosk.game_end import Ending, EndStep, end_card
from kiosk.i18n import has_key, language, tr
from kiosk.overlays import ConfirmScene, EndCard, EndScene, RulesPage, RulesScene
from kiosk.scene import Scene
from kiosk.scene_lights import LightsPublisher, light_roles
from kiosk.seat_flow import seats_for, setup_of
from kiosk.seats import Choice, SeatsScene, Setup
from kiosk.table_mode import TableHost, TableMode
from kiosk.toolbar import Icon, Shelf, Tool, Toolbar

if TYPE_CHECKING:
    from kiosk.host import Host

__all__ = ["GameScene", "Icon", "Message", "Tool"]

AnyTable = TypeVar("AnyTable", bound=TableMode)


@budgeted(2 * MB)
def _ghost_disc(rgb: tuple[int, int, int], size: tuple[int, int]) -> pygame.Surface:
    """A plain disc in ``rgb`` filling most of ``size`` (a piece the table still needs)."""
    disc = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.circle(disc, rgb, (size[0] // 2, size[1] // 2), int(min(size) * 0.4))
    return disc


@dataclass
class Message:
    """A short sentence shown for a few seconds (an illegal move, a pass, the computer's move)."""

    text: str
    seconds: float = 2.6
    tone: ui.Color = theme.BAD
    left: float = field(init=False)

    def __post_init__(self) -> None:
        self.left = self.seconds


class ShownLook(NamedTuple):
    """What a frame at rest shows beside its live part (:meth:`GameScene.shown_look`)."""

    #: The still layer's key (:meth:`GameScene.still_key`).
    key: Hashable
    #: The language and the screen: another one draws the whole frame.
    screen: Hashable
    #: The message's look (:meth:`GameScene.message_look`) and where it draws.
    message: Hashable
    message_area: pygame.Rect | None
    #: Each tool's look (its rectangle first).
    buttons: tuple[Hashable, ...]


#: Live areas covering more of the screen than this are drawn whole: copying tall areas back
#: costs about what the whole still layer's one blit does (an area's rows cost more than its pixels).
PARTIAL_SHARE = 0.35


#: Groups of changed parts painted again at most (:meth:`GameScene.still_parts`): each is a call
#: of ``draw_still`` under a clip, and beyond a few (a Juniper move greying and lighting a dozen
#: tiles) the layer drawn whole costs no more (Juniper's move frames measured 4.1 -> 5.0-5.6 ms).
MOST_PATCHES = 4


def grouped(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` merged into fewer boxes where a box's area stays within 1.5 times the areas
    it holds (a row of tiles, not two corners of the board): each box is a call of
    ``draw_still`` under a clip, 0.1-0.2 ms of Python however small (a game's end greys every
    tile: twenty calls cost more than the whole layer)."""
    groups: list[tuple[pygame.Rect, int]] = []
    for rect in sorted(rects, key=lambda r: (r.y, r.x)):
        area = rect.width * rect.height
        for i, (box, held) in enumerate(groups):
            union = box.union(rect)
            if union.width * union.height <= 1.5 * (held + area):
                groups[i] = (union, held + area)
                break
        else:
            groups.append((rect, area))
    return [box for box, _ in groups]


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` where two overlap so much that their box is no bigger than both together
    joined into that box: each pixel copied once (a board's bounds and its last frame's box,
    one wider and one taller, counted twice made a frame of a third of the screen look bigger
    than the screen, drawn whole)."""
    merged = list(rects)
    joined = True
    while joined:
        joined = False
        for i, first in enumerate(merged):
            for j in range(i + 1, len(merged)):
                second = merged[j]
                box = first.union(second)
                if box.width * box.height <= first.width * first.height + second.width * second.height:
                    merged[i] = box
                    del merged[j]
                    joined = True
                    break
            if joined:
                break
    return merged


class GameScene(Scene, Generic[S, M]):
    """A game on screen around a :class:`Match` (see the module docstring).

    Subclasses set ``game`` (the registry key), ``toolbar_area`` and ``toolbar_columns``, and
    override the hooks: :meth:`draw_game`, :meth:`handle_board`, :meth:`on_move`,
    :meth:`on_reset`, :meth:`busy`, :meth:`tools`, :meth:`rules_pages`, :meth:`player_name`.
    """

    game: ClassVar[str] = ""
    accent: ClassVar[ui.Color] = theme.ACCENT
    #: Where the toolbar's buttons go, and in how many columns (one row: columns = tool count).
    toolbar_area: ClassVar[pygame.Rect] = pygame.Rect(884, 432, 360, 224)
    toolbar_columns: ClassVar[int] = 2
    toolbar_gap: ClassVar[int] = 12
    #: Buttons show their label next to the icon (False: icons only, for a narrow bar).
    toolbar_labels: ClassVar[bool] = True
    toolbar_text_size: ClassVar[int] = 24
    #: Groups of changed still parts painted again at most before the still layer is drawn
    #: whole (:data:`MOST_PATCHES`; a game whose parts paint cheaply under a clip allows more).
    most_patches: ClassVar[int] = MOST_PATCHES
    #: Live areas drawn in part up to this share of the screen (:data:`PARTIAL_SHARE`; a game
    #: whose frame drawn whole costs more than copying its areas back allows more).
    partial_share: ClassVar[float] = PARTIAL_SHARE
    #: Seconds a computer waits before playing, so that a child sees what happens.
    computer_delay: ClassVar[float] = 0.7
    #: Seconds between the last move and the end screen (the board shows why it ended).
    end_delay: ClassVar[float] = 0.9
    #: Seconds the attract mode leaves a finished game on screen before the next one.
    attract_pause: ClassVar[float] = 2.5
    #: The message bubble: its bottom centre and width.
    message_anchor: ClassVar[tuple[int, int]] = (430, 712)
    message_width: ClassVar[int] = 820
    #: Where the end card folds to ("Voir le plateau"); None: over ``toolbar_area`` (its buttons
    #: are dead once the game is over), so the final board stays in full view.
    end_bar: ClassVar[pygame.Rect | None] = None
    #: The setup card asks who starts (False where chance decides, as in Lightning).
    first_choice: ClassVar[bool] = True
    #: How the physical-board mode rings a cell: ``circle`` (round tokens) or ``square`` (tiles).
    ring_shape: ClassVar[str] = "circle"
    #: Where the physical-board mode writes the camera's status line (top left corner).
    camera_status_at: ClassVar[tuple[int, int]] = (22, 4)
    #: ... and how wide it may be (made smaller to fit).
    camera_status_width: ClassVar[int] = 816
    #: The status box says "the camera is lost" itself (else a banner at the top says it).
    notice_in_status: ClassVar[bool] = False

    def __init__(self, app: Host, match: Match[S, M], *, attract: bool = False) -> None:
        super().__init__(app)
        self.name = self.game or self.name
        self.match = match
        self.attract = attract
        self.hint_on = False
        self.message: Message | None = None
        #: The board at rest, drawn once per change (see :meth:`still_key`).
        self.still = StillLayer(f"games.{self.game}.still")
        #: What the last frame drawn showed (:meth:`shown_look`: the still key, the rest) and
        #: where its live part drew (:meth:`live_areas`): what :meth:`draw_changes` draws over.
        self._shown: tuple[ShownLook, list[pygame.Rect]] | None = None
        #: The still layer's key (with the language) and its parts (:meth:`still_parts`).
        self._parts: tuple[Hashable, list[tuple[pygame.Rect, Hashable]] | None] | None = None
        self.computer_wait = 0.0
        self.ending = Ending()
        self.bar = Toolbar(self.tools, Shelf(self.toolbar_area, self.toolbar_columns, self.toolbar_gap,
                                             self.toolbar_labels, self.toolbar_text_size))
        self.light_sender = LightsPublisher(app.effects)
        #: Open the "who plays" card when the scene first shows (a game opened from the menu).
        self.ask_seats = False
        #: True from that first card until the seats are chosen: nothing on a real table counts.
        self.seats_pending = False
        # Drawn ahead as under that first card (:meth:`prepare`): its toolbar looks dead.
        self._under_card = False
        #: Open the rules at this page (0-based) when the scene first shows (``rules GAME``).
        self.rules_at: int | None = None
        #: The physical-board mode (:class:`kiosk.physical.PhysicalMode`), when real pieces are
        #: played under a camera: it moves the match, draws what the table needs, lights the LEDs.
        self.table: TableMode | None = None
        match.subscribe(self._match_changed)

    @property
    def physical(self) -> TableMode | None:
        """The physical-board mode, if any (its older name: read only, see :meth:`play_on_table`)."""
        return self.table

    def play_on_table(self, make: Callable[[TableHost[S, M]], AnyTable]) -> AnyTable:
        """Play this game on a real board: the people at the screen become people at the board,
        the game's own defaults for a real board apply (:meth:`on_physical`: Lewthwaite's snake
        view), then ``make(self)`` builds the mode (its record starts with these seats)."""
        for player, seat in list(self.match.seats.items()):
            if seat.kind == PERSON:
                self.match.set_seat(player, Seat(BOARD))
        self.on_physical()
        mode = make(self)
        self.table = mode
        return mode

    @staticmethod
    def new_match(
        app: Host, game: str, start: S, seats: dict[int, Seat], *, time_budget: float | None = None,
        **meta: object,
    ) -> Match[S, Any]:  # Any: the move type is the game's, known to its own scene
        """A match for a scene: the game's players and hints think in worker processes (never
        holding the interpreter lock the frame loop needs), its thinker waits for results in
        headless runs (same path, reproducible frames), and its seed comes from ``--seed``."""
        return Match(
            game,
            start,
            seats,
            seed=app.rng.randrange(2**31),
            time_budget=time_budget,
            thinker=GameScene.thinker_for(app),
            meta=meta,
        )

    @staticmethod
    def thinker_for(app: Host) -> Thinker:
        """How a scene's match thinks: in worker processes (never holding the interpreter lock
        the frame loop needs), waited for in headless runs (same path, reproducible frames)."""
        return Thinker(wait=app.headless, processes=True)

    # --- reading the match ---------------------------------------------------------------

    @property
    def state(self) -> S:
        """The present position."""
        return self.match.state

    @property
    def board(self) -> BoardDescription:
        """The game's board description (cells, LED layout)."""
        board: BoardDescription = self.match.board
        return board

    def person_to_move(self) -> bool:
        """True when a person at the screen may play now (not during an animation; on a physical
        board only while the camera does not see it)."""
        physical = self.table is None or self.table.touch_allowed
        return self.match.person_to_move() and not self.busy() and not self.attract and physical

    def hint(self) -> Any | None:  # each game's own advice record (its scene reads its fields)
        """The advice for the present position while the hint is on (None while computing)."""
        if not self.hint_on or self.match.is_over() or not self.match.person_to_move():
            return None
        return self.match.hint()

    def hint_move(self) -> M | None:
        """The move the advice says, while the hint is on (None: no hint, or still computing)."""
        # probe: each game's own advice record; the contract says it has .move
        move: M | None = getattr(self.hint(), "move", None)
        return move

    def table_hint(self) -> M | None:
        """For the physical-board mode: the hint's move to light on the table."""
        return self.hint_move() if self.hint_on else None

    # --- hooks for the games ---------------------------------------------------------------

    def busy(self) -> bool:
        """True while a move animates: no input, no computer move, no end screen yet."""
        return False

    def on_move(self, before: S, move: M, after: S) -> None:
        """A move was played (by anyone): start its animation and sound."""

    def on_reset(self) -> None:
        """The position jumped (undo, restart, a new game): drop animations, show the state."""

    def handle_board(self, event: pygame.event.Event) -> bool:
        """Taps on the board (only called when a person may play)."""
        return False

    def taps_for(self, move: M) -> list[tuple[int, int]] | None:
        """Where a person taps, in order, to play ``move`` from what the screen shows now (the
        taps still needed: a piece already picked is not tapped again), in logical canvas positions, or
        None when the game does not say. The scripted visitor of the tests and benches plays
        through it, so a game that says is played the way a child plays it."""
        return None

    def draw_game(self, surface: Target) -> None:
        """Draw the board, the pieces and the game's panels."""

    def rules_pages(self) -> list[RulesPage]:
        """The illustrated rules."""
        return []

    def player_name(self, player: int) -> str:
        """What the screen calls ``player`` in hot-seat ("les rouges"), from the game's
        strings ``<game>.player.<n>``."""
        return tr(f"{self.game}.player.{player}")

    def end_reason(self, outcome: Outcome) -> str:
        """One sentence saying why the game ended (the outcome's reason key)."""
        return tr(outcome.reason, **self.reason_params(outcome))

    def reason_params(self, outcome: Outcome) -> dict[str, object]:
        """The outcome's parameters, with player numbers turned into names where the game's
        string expects them."""
        return outcome.param_dict()

    def on_physical(self) -> None:
        """The game is about to be played on a real board (set the game's defaults for it)."""

    def cell_rect(self, cell: tuple[int, int]) -> pygame.Rect | None:
        """Where board cell ``cell`` is on screen (the physical-board mode rings it); None when
        the game draws no such cell."""
        return None

    def board_rect(self) -> pygame.Rect | None:
        """The board's area on screen (the physical-board mode veils it while setting up)."""
        return None

    def spot_rect(self, name: str) -> pygame.Rect | None:
        """Where the screen shows a spot of the mat off the grid (a board description's
        ``spots``: Lightning's tile in hand, its reserve), for the physical-board mode to ring;
        None when it shows none."""
        return None

    def move_spots(self, state: S, move: M) -> tuple[str, ...]:
        """The spots off the grid that ``move`` touches on a real table (a draw shown on the
        hand spot, a tile put in the reserve): the physical-board mode rings them while the
        table is asked to do it."""
        return ()

    def draw_piece(self, surface: Target, code: str, rect: pygame.Rect, alpha: int = 255) -> None:
        """Draw the physical piece ``code`` (a board description's code) in ``rect``, see-through
        by ``alpha``: the setup assistant's ghosts. By default a disc in the piece's LED colour."""
        rgb = self.board.piece_rgb(code) or theme.INK_SOFT
        disc = _ghost_disc(rgb, rect.size)
        disc.set_alpha(alpha)
        surface.blit(disc, rect)

    def draw_physical_prompt(self, surface: Target, lines: list[str], tone: ui.Color) -> None:
        """What a real table must do now (the physical-board mode's lines, headline first): by
        default a bubble at ``message_anchor``, growing upwards but not over the board's cells:
        the last lines are left out when they do not fit (the rings and the LEDs show every cell)."""
        cells = [rect for rect in map(self.cell_rect, self.board.cells()) if rect is not None]
        room = self.message_anchor[1] - max(rect.bottom for rect in cells) if cells else None
        count = len(lines)
        while count > 1 and room is not None and ui.bubble_size(
                "\n".join(lines[:count]), self.message_width, 22)[1] > room:
            count -= 1
        ui.draw_bubble(surface, "\n".join(lines[:count]), self.message_anchor, self.message_width, tone, size=22)

    def extra_lights(self) -> dict[tuple[int, int], str]:
        """Lights of the game's own (a move being sown), added to the standard ones."""
        return {}

    def summary(self) -> dict[str, object]:
        """The game's own entries in :meth:`state_summary`."""
        return {}

    # --- the toolbar -------------------------------------------------------------------------

    def standard_tools(self) -> dict[str, Tool]:
        """The buttons every game has, by name, for :meth:`tools` to arrange."""
        return {
            "hint": Tool(
                "button.hint",
                self.toggle_hint,
                ui.icon_bulb,
                (240, 170, 30),
                enabled=lambda: self.match.person_to_move() and not self.attract and not self.setting_up(),
                visible=lambda: self.match.has_hints,
                active=lambda: self.hint_on,
                keys=(pygame.K_h,),
                name="hint",
            ),
            "undo": Tool(
                "button.undo",
                self.undo,
                ui.icon_undo,
                # Not while a real table is set up (a resumed game: undo would move the screen
                # away from the position the table is being laid out for).
                enabled=lambda: self.match.can_undo() and not self.attract and not self.setting_up(),
                keys=(pygame.K_u,),
                name="undo",
            ),
            "restart": Tool("button.restart", self.ask_restart, ui.icon_restart, keys=(pygame.K_r,), name="restart",
                            enabled=lambda: not self.setting_up()),
            "rules": Tool("button.rules", self.show_rules, ui.icon_book, (90, 110, 170), name="rules"),
            "players": Tool("button.players", self.open_seats, ui.icon_players, (70, 150, 120), name="players"),
            "home": Tool(
                "button.home", self.ask_home, ui.icon_home, (90, 110, 170), keys=(pygame.K_ESCAPE,), name="home"
            ),
        }

    def tools(self) -> list[Tool]:
        """The toolbar, in order (override to add the game's own and to reorder)."""
        standard = self.standard_tools()
        return [standard[k] for k in ("hint", "undo", "restart", "rules", "home")]

    @property
    def toolbar(self) -> list[Tool]:
        """The declared tools (built once)."""
        return self.bar.tools

    @property
    def buttons(self) -> list[ui.Button]:
        """The visible tools as buttons, laid out in ``toolbar_area``, refreshed each frame."""
        # Under a card (the end, who plays, the rules) the toolbar is dead: it looks it.
        stack = self.app.stack
        # (drawn off the stack: the warm-up; or ahead, as under its first card: prepare)
        covered = self._under_card or (self in stack.scenes and stack.top is not self)
        return self.bar.buttons(live=not self.attract and not covered)

    def tool_at(self, name: str) -> ui.Button | None:
        """The button of the tool called ``name`` (tests press it)."""
        self.buttons  # noqa: B018 - lays the buttons out
        return self.bar.button(name)

    # --- who plays ------------------------------------------------------------------------------

    def setup_choices(self) -> list[Choice]:
        """The game's own questions on the setup card (board size, N...)."""
        return []

    def new_start(self, extras: dict[str, object]) -> S:
        """The start position for the game's own answers (the same start by default)."""
        return self.match.start

    def current_setup(self) -> Setup:
        """The answers that describe the present match (the card opens on them)."""
        return setup_of(self.match, {choice.key: choice.value for choice in self.setup_choices()})

    def open_seats(self, first_time: bool = False) -> None:
        """The setup card; confirming it starts a new game with the chosen seats."""
        self.seats_pending = self.seats_pending or first_time
        self.app.stack.push(self.seats_card(first_time))

    def seats_card(self, first_time: bool) -> SeatsScene:
        """The setup card for the present match (only the first one cannot be cancelled)."""
        return SeatsScene(self.app, self.game, self.match.spec.levels, self.current_setup(), self.setup_choices(),
                          self.apply_setup, first_choice=self.first_choice, can_cancel=not first_time,
                          accent=self.accent)

    def prepare(self, surface: Target) -> None:
        """The game's first frames drawn ahead (kiosk/prepare.py): its still layer and sprites,
        and the "who plays" card it opens with, over it. Not a game at the real table: its
        table's views are drawn on the frame thread only."""
        if self.table is not None:
            return
        if not self.ask_seats:
            self.draw(surface)
            return
        # The game as it shows under its card (its toolbar dead), and the card's veil, card and
        # heading over it, kept for the card's first frame: it blits them (drawn there, with the
        # dead toolbar's images rendered, they were 4-6.5 ms at 1080p).
        card = self.seats_card(first_time=True)
        self._under_card = True
        try:
            self.app.draw_backdrop_ahead(surface, [self], card)
        finally:
            self._under_card = False
        card.prepare(surface)  # and its answers' buttons

    def apply_setup(self, setup: Setup) -> None:
        """Seat the players as chosen and start a new game."""
        # A person plays on the screen, or with real pieces in the physical-board mode.
        people = Seat(BOARD) if self.table is not None else Seat()
        for player, seat in seats_for(setup, people, self.first_choice).items():
            self.match.set_seat(player, seat)
        self.match.meta.update(setup.extras)
        self.seats_pending = False
        self.match.restart(self.new_start(setup.extras))

    def seat_label(self, player: int) -> str:
        """Who plays ``player`` in a few words: "Toi", "L'ordinateur (Bébé)", or the colour."""
        seat = self.match.seats[player]
        if seat.is_computer:
            return tr("seat.computer", level=tr(f"{self.game}.level.{seat.level}"))
        if self.match.against_computer:
            return tr("seat.you")
        return self.player_name(player)

    def score_line(self) -> str:
        """The session score for this kind of game ("Toi 2 - Ordinateur 1"), or ""."""
        return self.app.scores.line(self.game, self.match, (self.player_name(1), self.player_name(2)))

    # --- actions -----------------------------------------------------------------------------

    def play(self, move: M) -> bool:
        """Play ``move`` for the player to move; an illegal move says why and changes nothing."""
        if self.busy() or self.match.is_over():
            return False
        before = self.match.state
        try:
            after = self.match.play(move)
        except IllegalMoveError as error:
            self.reject(move, error)
            return False
        self.on_move(before, move, after)
        return True

    def reject(self, move: M, error: IllegalMoveError) -> None:
        """Say why ``move`` is not allowed (the rules' reason key), with the error sound."""
        text = self.explain_illegal(move, error)
        if text:
            self.say(text)
            self.app.effects.publish(Sound("error"))

    def explain_illegal(self, move: M, error: IllegalMoveError) -> str | None:
        """The sentence for an illegal move: the reason key the rules give, translated."""
        reason = error.reason
        if reason and has_key(reason):
            return tr(reason, **error.params)
        return None

    def say(self, text: str, seconds: float = 2.6, tone: ui.Color = theme.BAD) -> None:
        """Show ``text`` in the message bubble for ``seconds``."""
        self.message = Message(text, seconds, tone)

    def toggle_hint(self) -> None:
        """Show or hide the advice for the player to move."""
        self.hint_on = not self.hint_on
        self.app.effects.publish(Sound("hint" if self.hint_on else "click"))
        self.publish_lights()

    def undo(self) -> None:
        """Take back moves until a person is to move again (not while a real table is set up)."""
        if self.match.can_undo() and not self.setting_up():
            self.match.undo()
            self.app.effects.publish(Sound("click"))

    def restart(self) -> None:
        """A new game with the same players."""
        self.match.restart()
        self.app.effects.publish(Sound("whoosh"))

    def in_progress(self) -> bool:
        """True when leaving or restarting would throw a game away: moves played, not over."""
        return bool(self.match.moves) and not self.match.is_over() and not self.attract

    def ask_restart(self) -> None:
        """"Rejouer": a new game at once, or mid-game after "Arrêter la partie ?"."""
        self.confirm(self.restart, "confirm.restart", ui.icon_restart)

    def ask_home(self) -> None:
        """"Menu": the menu at once, or mid-game after "Arrêter la partie ?" (the menu then
        offers "Continuer ma partie")."""
        self.confirm(self.app.go_home, "confirm.home", ui.icon_home)

    def confirm(self, action: Callable[[], None], detail: str, icon: Icon) -> None:
        """Do ``action`` now when no game is under way, else only after a "yes"."""
        if not self.in_progress():
            action()
            return
        # The game under it drawn ahead as its backdrop while it holds still (a frame or two):
        # its first frame drew the game, the card and its words (3-6 ms at 1080p).
        self.app.push_card(ConfirmScene(self.app, tr("confirm.title"), tr(detail), action, icon))

    def covered(self) -> bool:
        """True while another scene (a card, the rules, the operator's screen) is over this one
        on the stack: the game waits."""
        scenes = self.app.stack.scenes
        return self in scenes and scenes[-1] is not self

    def setting_up(self) -> bool:
        """True while a real table is being set up (the screen's position is not on it yet)."""
        return self.table is not None and self.table.phase is Phase.SETUP

    def show_rules(self, page: int = 0) -> None:
        """Open the illustrated rules (at ``page``, 0-based)."""
        rules = RulesScene(self.app, tr(f"{self.game}.rules.title"), self.rules_pages(), self.accent)
        rules.page = max(0, min(page, len(rules.pages) - 1))
        # Drawn ahead, off the frame thread (its first frame drawn here cost 10-15 ms at 1080p).
        self.app.push_drawn(rules, rules.prepare)

    def _match_changed(self, match: Match[S, M], event: str) -> None:
        self.hint_on = False
        self.computer_wait = 0.0
        self.ending.reset()
        if event != "move":
            self.message = None
            self.on_reset()
        self.publish_lights()
        self.app.chronicle.match_changed(self, event)

    # --- lights ----------------------------------------------------------------------------------

    def light_roles(self) -> dict[tuple[int, int], str]:
        """What the physical board shows now, in board cells (:func:`kiosk.scene_lights.light_roles`)."""
        return light_roles(self.board, self.match, attract=self.attract, hint=self.hint_move(),
                           extras=self.extra_lights())

    def publish_lights(self) -> None:
        """Send the lights to the bus when they changed (on a physical board, the table's)."""
        lights = self.table.lights() if self.table is not None else None
        if lights is None:
            lights = self.board.lights(self.light_roles(), idle=self.attract)
        self.light_sender.publish(lights)

    # --- the frame -----------------------------------------------------------------------------

    def on_enter(self) -> None:
        """Light the physical board as soon as the game is on screen (and after the rules); a
        game opened from the menu first asks who plays."""
        self.light_sender.forget()
        self.publish_lights()
        if self.ask_seats:
            self.ask_seats = False
            self.open_seats(first_time=True)
        if self.rules_at is not None:
            page, self.rules_at = self.rules_at, None
            self.show_rules(page)

    def on_exit(self) -> None:
        """Leaving for good: the physical board's camera stops and its record is closed."""
        if self.table is not None:
            self.table.close()
        self.still.forget()  # its layer goes back to the pool for the next screen
        self.app.chronicle.scene_left(self)

    def on_cover(self) -> None:
        """A card, the rules or the operator's screen covers the game: from now on nothing on a
        real table counts (the scene is not even updated under a full screen)."""
        if self.table is not None:
            self.table.hold(True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Attract mode: any touch or key goes home. Otherwise the toolbar, its keys, then
        the board when a person may play."""
        if self.attract:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.FINGERUP, pygame.JOYBUTTONDOWN,
                              pygame.CONTROLLERBUTTONDOWN):
                self.app.go_home()
                return True
            return False
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN and self.bar.press_key(event.key):
            return True
        if self.person_to_move():
            return self.handle_board(event)
        return False

    def update(self, dt: float) -> None:
        """Messages, the computer's turn, the end of the game."""
        super().update(dt)
        if self.message is not None:
            self.message.left -= dt
            if self.message.left <= 0:
                self.message = None
        if self.hint_on and self.match.hint() is not None and self.light_sender.last is not None:
            self.publish_lights()  # the advice just arrived: light it
        covered = self.covered()
        if self.table is not None:
            if self.table.update(dt, held=covered or self.seats_pending):
                self.app.attendant.table_activity()
            self.publish_lights()
        if self.busy() or covered:
            return  # under a card the game waits: no computer move, no end card
        if self.match.is_over():
            self._update_end(dt)
            return
        if self.match.computer_to_move() and (self.table is None or self.table.screen_plays_computer):
            self.computer_wait += dt
            move = self.match.computer_move()  # thinks during the pause, off this thread
            delay = self.computer_delay * (0.6 if self.attract else 1.0)
            if move is not None and self.computer_wait >= delay:
                self.play(move)
        else:
            self.computer_wait = 0.0

    def _update_end(self, dt: float) -> None:
        step = self.ending.step(dt, delay=self.end_delay, attract=self.attract, pause=self.attract_pause)
        if step is EndStep.CHEER:
            self.app.effects.publish(Sound("win", 0.4))
        elif step is EndStep.RESTART:
            # Attract mode's next game: a new seed, or two computers replay the same game.
            self.match.reseed(self.app.rng.randrange(2**31))
            self.restart()
        if step is not EndStep.CARD:
            return
        outcome = self.match.outcome()
        assert outcome is not None
        self.record_result(outcome)
        self.app.push_card(EndScene(self.app, self.end_card(outcome), self.restart,
                                    self.end_bar or self.toolbar_area))

    def record_result(self, outcome: Outcome) -> None:
        """Count the game in the session score ("Toi 2 - Ordinateur 1")."""
        self.app.scores.record(self.game, self.match, outcome.winner)

    def end_card(self, outcome: Outcome) -> EndCard:
        """What the end screen says, from the child's side: "Tu as gagné !" with confetti only
        when a person won; "L'ordinateur a gagné" without; hot-seat names the winner."""
        return end_card(self.match, outcome, self.end_reason(outcome), self.player_name)

    def still_look(self) -> Hashable | None:
        """The game's own part of :meth:`backdrop_look`: what else its board shows (a view, a
        tile hovered), or None while something of its own moves beside :meth:`busy` (a
        shake, a flash, a growing bolt). Idle decoration (a bob, a glow) may hold still."""
        return ()

    def backdrop_look(self) -> Hashable | None:
        """The game under a card (who plays, the end, a question: modal): the position, the
        hint, the message, the tools, the seats and :meth:`still_look`; None while a move
        animates, on a real table or in attract mode (drawn at every frame)."""
        if self.busy() or self.table is not None or self.attract:
            return None
        own = self.still_look()
        if own is None:
            return None
        message = None if self.message is None else (self.message.text, self.message.tone)
        # The still layer's key too: what it draws may come from a thread (Lightning's facts of
        # the position), and a backdrop drawn ahead (FrameComposer.draw_backdrop_ahead) is kept
        # from before the card shows.
        return (self.match.version, language(), self.hint_on, self.hint() is not None, message, own,
                repr(self.match.seats), repr(sorted(self.match.meta.items())), self.score_line(),
                tuple(button.look() for button in self.buttons), self.still_key())

    def still_key(self) -> Hashable | None:
        """What :meth:`draw_still` draws depends on (the position, the words, what is hovered),
        or None (the default) when :meth:`draw_game` draws everything at every frame. With a
        key, a frame blits the still layer, drawn again only when the key changes, then
        :meth:`draw_live` over it: the two together draw what :meth:`draw_game` draws, in the
        same order where they overlap, so the picture is the same."""
        return None

    def draw_still(self, surface: Target) -> None:
        """The part of :meth:`draw_game` at rest, starting with the paper (opaque, the whole
        canvas): drawn into the still layer."""
        self.draw_game(surface)

    def draw_live(self, surface: Target) -> None:
        """The part of :meth:`draw_game` that moves, drawn over the still layer at every frame."""

    def still_parts(self) -> list[tuple[pygame.Rect, Hashable]] | None:
        """The still layer in parts, so that a new :meth:`still_key` (a move, the hint arriving)
        draws again only what changed: logical rectangles, each with what its pixels depend on
        beside the language and the screen. Pixels outside every part never change (the paper,
        the panels). When the parts lie in the same rectangles as the layer's, only those whose
        keys differ are painted again, each by :meth:`draw_still` under a clip (which must draw
        there what it draws unclipped), and the frame is drawn in part. None (the default): a
        new still key draws the whole layer and the whole frame."""
        return None

    def group_parts(self, rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """The still layer's changed parts ``rects`` in the boxes painted again, each by a call of
        :meth:`draw_still` under a clip (:func:`grouped` by default)."""
        return grouped(rects)

    def live_areas(self) -> list[pygame.Rect] | None:
        """The logical rectangles :meth:`draw_live` draws in now, all of them (a bobbing token's
        whole course, a glow's widest ring), or None (the default) when they are not known: a
        frame at rest then draws only these over the still layer (:meth:`draw_changes`).
        ``tests/test_still_layers.py`` checks that nothing is drawn outside them."""
        return None

    def live_cover(self) -> list[pygame.Rect]:
        """Logical rectangles inside :meth:`live_areas` that :meth:`draw_live` paints opaque
        before it draws anything else there (a board drawn live, whole): a frame drawn in part
        copies the still layer back around them, not under them. None by default (an empty list)."""
        return []

    def live_look(self) -> Hashable | None:
        """What :meth:`draw_live` draws depends on beside the still layer's key (a glow's level
        quantized, the tile hovered), or None (the default) when it changes at every frame: a
        frame whose looks are the last one's is not drawn (:meth:`look`)."""
        return None

    def look(self) -> Hashable | None:
        """The frame at rest, as a key: the still layer's, the message's, the tools' and the live
        part's (:meth:`live_look`); None while any of them is unknown."""
        if self.table is not None or self.attract:
            return None
        key = self.still_key()
        live = self.live_look() if key is not None else None
        if live is None:
            return None
        return (language(), key, self.message_look(), tuple(button.look() for button in self.buttons), live)

    def message_look(self) -> Hashable:
        """Everything :meth:`draw_message` depends on, as a key (a game whose message box says
        more, whose turn it is, adds it)."""
        return None if self.message is None else (self.message.text, self.message.tone)

    def message_area(self) -> pygame.Rect | None:
        """Where :meth:`draw_message` draws (its shadow too), or None when it draws nothing."""
        if self.message is None or self.attract:
            return None
        bubble = pygame.Rect((0, 0), ui.bubble_size(self.message.text, self.message_width))
        bubble.midbottom = self.message_anchor
        return bubble.inflate(64, 64)

    def shown_look(self, surface: Target) -> ShownLook | None:
        """What a frame at rest shows beside its live part: the still layer's key, the language
        and the screen, the message and the tools; None when a frame is drawn whole (no still
        layer, a real table, attract mode)."""
        if self.table is not None or self.attract:
            return None
        key = self.still_key()
        if key is None:
            return None
        screen = (id(surface.target), surface.scale, surface.offset) if isinstance(surface, Canvas) else id(surface)
        return ShownLook(key, (language(), surface.get_size(), screen), self.message_look(), self.message_area(),
                         tuple(button.look() for button in self.buttons))

    def shown_again(self, drawn_on: int, surface: Target) -> bool:
        """The copy kept under a card that left (:meth:`kiosk.scene.Scene.shown_again`): when this
        game's last frame was drawn on it (the backdrop drawn ahead on a thread, or on the screen
        before the card), the screen shows that frame again, and :meth:`draw_changes` draws
        only what changed over it (the tools alive again, the live part)."""
        shown = self._shown
        if shown is None or not isinstance(surface, Canvas):
            return False
        look, areas = shown
        # (the language, the size and the screen: shown_look)
        if not isinstance(look.screen, tuple) or len(look.screen) != 3:
            return False
        words: Hashable = look.screen[0]
        size: Hashable = look.screen[1]
        if look.screen[2] != (drawn_on, surface.scale, surface.offset) or size != surface.get_size():
            return False
        self._shown = (look._replace(screen=(words, size, (id(surface.target), surface.scale, surface.offset))),
                       areas)
        return True

    def _changed_around(self, before: ShownLook, now: ShownLook) -> list[pygame.Rect] | None:
        """Where the message and the tools changed between two frames (a tool enabled after a
        move, the hint's button pressed, a message shown or gone), or None when the tools moved."""
        if len(before.buttons) != len(now.buttons):
            return None
        changed: list[pygame.Rect] = []
        for button, old, new in zip(self.buttons, before.buttons, now.buttons, strict=True):
            if old != new:
                if not isinstance(old, tuple) or not old or old[0] != tuple(button.rect):
                    return None  # a tool moved (its look starts with its rectangle)
                changed.append(button.rect.inflate(16, 24))
        if before.message != now.message:
            changed.extend(area for area in (before.message_area, now.message_area) if area is not None)
        return changed

    def _still_ready(self, surface: Target, full: tuple[str, Hashable]) -> list[pygame.Rect] | None:
        """Make the still layer the one of ``full`` (the language, the still key): ``[]`` when it
        is already, the logical rectangles painted again when its parts say what changed
        (:meth:`still_parts`), None when it was drawn whole."""
        if self.still.holds(surface, full):
            return []
        old, parts = self._parts, self.still_parts()
        if old is not None and isinstance(old[0], tuple) and old[0][0] == full[0]:  # the same language
            patched = self._patch_still(surface, old, full, parts)
            if patched is not None:
                return patched
        self.still.draw(surface, full, self.draw_still)
        self._parts = (full, parts)
        return None

    def _patch_still(self, surface: Target, old: tuple[Hashable, list[tuple[pygame.Rect, Hashable]] | None],
                     full: tuple[str, Hashable], parts: list[tuple[pygame.Rect, Hashable]] | None
                     ) -> list[pygame.Rect] | None:
        """Paint again the parts of the still layer (``old``: its key and parts) that changed
        for ``full`` (``parts``), when they lie in the same rectangles and are few: their
        rectangles, else None."""
        if parts is None or old[1] is None or [rect for rect, _ in parts] != [rect for rect, _ in old[1]]:
            return None
        changed = self.group_parts([rect for (rect, now), (_, before) in zip(parts, old[1], strict=True)
                                    if now != before])
        if len(changed) > self.most_patches:
            return None  # a board's worth of changes: the layer drawn whole costs no more
        if not self.still.patch(surface, old[0], full, changed, self.draw_still):
            return None
        self._parts = (full, parts)
        return changed

    def draw_moved(self, surface: Canvas) -> list[pygame.Rect] | None:
        """At a frame where the screen shows the last frame drawn but for one sprite of the live
        part that moved (Lewthwaite's hint's arrow, a step further), the game may draw only that
        over what it kept under it and return the logical rectangles drawn; None (the default):
        :meth:`draw_changes` draws the live part."""
        return None

    def draw_changes(self, surface: Target) -> Sequence[RectLike] | None:
        """A game at rest draws only its live part (:meth:`live_areas`), over the still layer's
        pixels copied back where the last frame's and this frame's live parts lie, then the
        tools and the message where they cross those areas: the pixels :meth:`draw` gives,
        for a few rectangles of the screen instead of all of it (or only a sprite that moved:
        :meth:`draw_moved`)."""
        moved = self.draw_moved(surface) if isinstance(surface, Canvas) else None
        if moved is not None:
            return moved
        look = self.shown_look(surface)
        shown = self._shown
        if look is None or shown is None or shown[0].screen != look.screen or not isinstance(surface, Canvas):
            return None
        areas = self.live_areas()
        around = self._changed_around(shown[0], look) if shown[0] != look else []
        if areas is None or around is None:
            return None
        # A new still key (a move, the hint arriving): its parts that changed are painted again
        # in the layer, and drawn like the live part; a layer drawn whole makes a whole frame.
        patched = self._still_ready(surface, (language(), look.key)) if shown[0].key != look.key else []
        if patched is None:
            return None
        # A part inside a live area (a tile that starts or stops glowing) is copied with it.
        patched = [part for part in patched if not any(area.contains(part) for area in (*shown[1], *areas))]
        screen = surface.get_rect()
        drawn: list[pygame.Rect] = []
        # The same areas at most frames, rings inside a board with a hint: each pixel copied once
        # (a tile's area is checked against the few large ones only: Juniper glows a hundred).
        large: list[pygame.Rect] = []
        unique = {tuple(area): area for area in (area.clip(screen) for area in [*shown[1], *areas, *patched, *around])
                  if area}
        for area in sorted(unique.values(), key=lambda r: -r.width * r.height):
            if not any(kept.contains(area) for kept in large):
                drawn.append(area)
                if area.width * area.height * 50 > screen.width * screen.height:
                    large.append(area)
        drawn = _merged(drawn)
        # The still layer is copied back around what the live part paints opaque first (Lightning's
        # board while its halves change size: half the screen, copied then painted over).
        copies = drawn
        for cover in self.live_cover():
            copies = [piece for area in copies for piece in uncovered(area, cover)]
        if sum(area.width * area.height for area in copies) > self.partial_share * screen.width * screen.height:
            return None  # a board's worth of live part (a hint): the whole frame costs no more
        self._shown = (look, areas)
        if not drawn:
            return []
        for area in copies:
            if not self.still.copy_area(surface, surface.to_native_rect(area).clip(surface.area)):
                self._shown = None
                return None
        clip = surface.get_clip()
        surface.set_clip(drawn[0].unionall(drawn[1:]))
        self.draw_live(surface)
        message = self.message_area()
        buttons = self.buttons
        for area in drawn:
            surface.set_clip(area)
            for button in buttons:
                if button.rect.inflate(16, 24).colliderect(area):
                    button.draw(surface, self.time)
            if message is not None and message.colliderect(area):
                self.draw_message(surface)
        surface.set_clip(clip)
        return drawn

    def draw(self, surface: Target) -> None:
        """The game, the toolbar, the message, the attract banner."""
        key = self.still_key()
        if key is None:
            self._shown = None
            self.draw_game(surface)
        else:
            full = (language(), key)
            self._still_ready(surface, full)
            self.still.draw(surface, full, self.draw_still)
            self.draw_live(surface)
            look = self.shown_look(surface)
            areas = self.live_areas() if look is not None else None
            self._shown = None if look is None or areas is None else (look, areas)
        for button in self.buttons:
            button.draw(surface, self.time)
        if self.table is not None:
            self.table.draw(surface)
        self.draw_message(surface)
        if self.table is not None:
            self.table.after_draw()
        if self.attract:
            ui.draw_demo_banner(surface, self.message_anchor[0], self.time)

    def draw_message(self, surface: Target) -> None:
        """The message bubble (if any) at ``message_anchor``."""
        if self.message is None or self.attract:
            return
        ui.draw_bubble(surface, self.message.text, self.message_anchor, self.message_width, self.message.tone)

    def state_summary(self) -> dict[str, Any]:  # as Scene.state_summary
        """Position, seats, winner and hint, for tests and ``--json``."""
        match = self.match
        outcome = match.outcome()
        return {
            "scene": self.name,
            "game": self.game,
            "position": match.state.to_text(),
            "moves": len(match.moves),
            "to_move": match.to_move,
            "seats": {str(p): seat.as_dict() for p, seat in match.seats.items()},
            "winner": None if outcome is None else outcome.winner,
            "over": match.is_over(),
            "hint": self.hint_on,
            "attract": self.attract,
            **({"physical": self.table.summary()} if self.table is not None else {}),
            **self.summary(),
        }
