"""The awélé screen: a carved wooden board, seeds sown one by one, relays and captures.

The game flow (turns, the computer thinking off the frame loop, undo, the "who plays" card, the
end card, the lights) lives in :class:`kiosk.game_scene.GameScene`; this scene draws the board
and animates each move from the rules' own lap events (:meth:`AweleState.laps`). The displayed
board only replays those events, and is checked against the rules' result at the end.

Working out a move's consequences (the next position's loop analysis) can take long on rare
boards, so it never runs on the frame thread: a tap is first prepared off the loop (a "je
vérifie…" state if that takes a while), and so is the computer's move, which it chooses in the
match's worker pool, while the shared flow pauses before playing it.
"""

from __future__ import annotations

import itertools
import weakref
from collections import deque
from collections.abc import Hashable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from games.awele.ai import DEFAULT_LEVEL
from games.awele.board import AweleBoard
from games.awele.rules import AweleState, Lap, Loop, new_game, owner, work_out
from games.awele.view import (
    BANNER,
    BANNER_BOX,
    SEED_COLORS,
    STORE_SEED,
    WOOD,
    Layout,
    Point,
    Step,
    banner_ink,
    draw_banner,
    draw_flying,
    draw_moving,
    draw_pit,
    draw_pits,
    draw_player_label,
    flying,
    hand_shadow,
    label_box,
    label_glow,
    pit_box,
    pit_image,
    pit_look,
    rules_pages,
    seed_sprite,
    static_layer,
    store_image,
)
from games.awele.view import draw_icon as draw_icon  # the menu card, found with the scene
from games.core import IllegalMoveError, Outcome
from games.effects import Sound
from games.match import Match, Seat
from kiosk import theme, ui
from kiosk.canvas import Canvas, Target, blit, scale_of
from kiosk.game_scene import GameScene, Tool
from kiosk.i18n import language, tr
from kiosk.overlays import EndCard, RulesPage
from kiosk.science import Part, format_number, merged, paint_part, shown
from kiosk.seats import Choice

if TYPE_CHECKING:
    from kiosk.host import Host

#: Seconds per seed dropped, per lift and per relay ring at normal speed.
DROP, LIFT, RELAY = 0.13, 0.28, 0.3
#: Longest time a move's animation takes: very long moves speed up.
LONGEST_MOVE = 7.0
#: A tap still being checked after this many seconds says so ("je vérifie…").
CHECK_PATIENCE = 0.3
SEED_CHOICES = (2, 3, 4, 5, 6)
#: Who the computer is, for the curious (right of the computer's label).
NOTE_RECT = pygame.Rect(920, 108, 330, 52)
#: The visitors' score, under the title.
SCORE_RECT = pygame.Rect(40, 106, 330, 34)
#: Attract mode's invitation at the bottom (:func:`kiosk.ui.draw_demo_banner`): its panel, 780
#: by 86 above y 712, centred on the message anchor, and its shadow (blur 10).
DEMO_BOX = pygame.Rect(640 - 390 - 24, 712 - 86 - 24, 780 + 48, 86 + 56)


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
        self.steps: deque[Step] = deque()
        self.current: Step | None = None
        self.loop_offer: tuple[int, Loop] | None = None
        self.showing_loop = False
        self.checking: int | None = None  # a tapped pit whose move is being worked out
        self.check_time = 0.0
        #: Moves of the present position whose consequences are worked out: (position, pit).
        self.prepared: set[tuple[str, int]] = set()
        self.hovered: int | None = None
        self.lifted: int | None = None
        self.message_time = 0.0
        #: What each screen drawn on shows: its key and each part's box and key (draw_changes).
        self._on_screen: weakref.WeakKeyDictionary[Canvas, tuple[Hashable, dict[Hashable, Any]]] = \
            weakref.WeakKeyDictionary()
        # The id of the surface of the last frame drawn whole, with what it shows (a copy drawn
        # ahead under a card: its canvas is gone once drawn, the copy stays; shown_again).
        self._last_drawn: tuple[int, tuple[Hashable, dict[Hashable, Any]]] | None = None
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
        self.prepared.clear()  # a new position: what was worked out was about another one
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

    def end_card(self, outcome: Outcome) -> EndCard:
        """The end card, and the pictures of the next game's first frame drawn ahead, off the
        frame thread, while it shows: "Rejouer" drew the start's pits (their seeds were drawn
        for other counts during the game and evicted), its stores and the labels in its
        frame, 8-10 ms at 1080p with 500-700 page faults."""
        card = super().end_card(outcome)
        if self.table is None and not self.attract:
            start = self.match.start
            scores = list(start.scores)
            labels = [tr("awele.label", name=self.seat_label(player), seeds=seeds(scores[player - 1]))
                      for player in (1, 2)]
            self.app.prepare(partial(_draw_start, layout=Layout(start.n), pits=list(start.pits), scores=scores,
                                     mover=start.current_player, labels=labels))
        return card

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
        if owner(index, state.n) != state.current_player or state.pits[index] == 0:
            self.play(pit)
            return
        self.checking, self.check_time = pit, 0.0
        self.poll_check()

    def poll_check(self) -> None:
        """Play the tapped pit once its analysis is ready."""
        pit = self.checking
        if pit is not None and self.worked_out(pit):
            self.checking = None
            self.play(pit)

    def worked_out(self, pit: int) -> bool:
        """True once the consequences of playing ``pit`` now are known (the rules then remember
        its long moves); the first call starts working them out on the match's thinker."""
        known = (self.state.to_text(), pit)
        if known in self.prepared:
            return True
        key = ("awele.check", self.match.version, pit)
        thinker = self.match.thinker
        thinker.start(key, partial(work_out, self.state, pit))  # nothing if already started
        ready, _ = thinker.poll(key)
        if ready:
            self.prepared.add(known)
        return ready

    def play(self, move: int) -> bool:
        """As every game's, except that the computer's move waits until its consequences are
        worked out off the frame loop (the shared flow asks again at the next frame)."""
        if self.match.computer_to_move() and not self.busy() and not self.worked_out(move):
            return False
        return super().play(move)

    def prepare_computer_move(self) -> None:
        """While the shared flow pauses before the computer's move (for a child to follow),
        work out the move's consequences, so that it is played on time."""
        if self.computer_wait > 0 and not self.busy() and self.match.computer_to_move():
            move = self.match.computer_move()  # started by the shared flow: this only looks
            if move is not None:
                self.worked_out(move)

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
            self._draw_landing_ahead(mover, self.display_scores[mover - 1] + count)

        def land() -> None:
            self.display_scores[mover - 1] += count

        self.steps.append(Step("fly", 0.75, {"pit": pit, "count": count, "player": mover}, start=take, end=land))

    def _draw_landing_ahead(self, player: int, total: int) -> None:
        """The store of ``player`` holding ``total`` seeds and their label saying so, drawn ahead
        while the seeds fly there (:meth:`queue_capture`): drawn in the frame they land, the
        move's last, which a visitor's turn starts at, they cost it 64 page faults and 2-4 ms
        at 1080p (the new count's store picture and label text)."""
        if self.table is not None:
            return
        text = tr("awele.label", name=self.seat_label(player), seeds=seeds(total))
        self.app.prepare(partial(_draw_landing, rect=self.layout.store(player), player=player, count=total,
                                 text=text))

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
        self.prepare_computer_move()

    def still_look(self) -> Hashable | None:
        """A tapped pit being checked and a message popping in move; the loop offer, a hovered
        or lifted pit show."""
        if self.checking is not None or (self.message is not None and self.message_time < 0.25):
            return None
        return (self.hovered, self.lifted, self.showing_loop, self.loop_offer is not None)

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

    # --- drawing: the screen in parts ---------------------------------------------------------------
    #
    # Over the paper and the carved board (one still layer, :func:`static_layer`), everything is a
    # part with its box and its key (:meth:`frame_parts`): the notes, the labels, the stores, each
    # pit, each thing flying, the tools and the banner. A frame draws again only the boxes whose
    # part changed or moved (:meth:`draw_changes`): a seed sown redraws the pit it falls in and
    # the seed's way, not the board; a glowing ring its pit. Drawn whole (:meth:`draw`), the
    # parts are painted in the same order, each clipped to its box: the same pixels.

    def frame_parts(self) -> list[Part]:
        """What the screen shows over the board's still layer, in drawing order (the order of
        :meth:`draw_game`, the tools, the banner and attract mode's invitation)."""
        layout, time = self.layout, self.time
        parts = []
        score = self.score_line()
        if score:
            parts.append(Part("score", SCORE_RECT.inflate(8, 8), score, partial(_draw_score, text=score)))
        note = self.note_text()
        if note is not None:
            parts.append(Part("note", NOTE_RECT.inflate(8, 40), note, partial(_draw_note, text=note)))
        glowing = self._active_player()
        for player, y in ((2, 134), (1, 580)):
            text, active = self.label_text(player), player == glowing
            parts.append(Part(("label", player), label_box(y), (text, label_glow(player, time) if active else None),
                              partial(draw_player_label, text=text, player=player, y=y, active=active, time=time)))
        for player in (1, 2):
            count = self.display_scores[player - 1]
            rect = layout.store(player)
            parts.append(Part(("store", player), pygame.Rect(rect.x - 2, rect.y - 2, rect.width + 4, rect.height + 7),
                              count, partial(_draw_store, rect=rect, player=player, count=count)))
        legal, mover, offered = self._legal(), self.state.current_player, self._offered()
        for i in range(layout.n):
            look = pit_look(i, self.display, self.current, legal, mover, self.hovered, offered, self.checking, time)
            parts.append(Part(("pit", i), pit_box(layout, i, look), look,
                              partial(draw_pit, layout=layout, index=i, look=look)))
        for k, thing in enumerate(flying(layout, self.current, self.hand, self.hand_at)):
            parts.append(Part(("flying", k), thing.box(layout), thing,
                              partial(draw_flying, layout=layout, thing=thing)))
        for k, button in enumerate(self.buttons):
            parts.append(Part(("button", k), button.rect.inflate(16, 24), button.look(),
                              partial(button.draw, time=time)))
        text, pop, tone = self.banner_text(), self._banner_pop(), self.message.tone if self.message else None
        parts.append(Part("banner", BANNER_BOX, (text, banner_ink(pop), tone),
                          partial(draw_banner, text=text, pop=pop, border=tone)))
        if self.attract:  # the invitation breathes: drawn at every frame
            parts.append(Part("invitation", DEMO_BOX, time, partial(ui.draw_demo_banner,
                                                                    centerx=self.message_anchor[0], time=time)))
        return parts

    def prepare(self, surface: Target) -> None:
        """The first frames drawn ahead (kiosk/prepare.py), and what the first moves show: the
        hand's shadow, each pit emptied (drawn in the frame of the tap, 7-8 ms at 1080p) and the
        small seeds of the stores (drawn in the frame of the first capture)."""
        super().prepare(surface)
        if self.table is None:
            layout = self.layout
            hand_shadow()
            for i in range(layout.n):
                pit_image(i, 0, layout.radius, layout.seed_radius)
            for colour in SEED_COLORS:
                seed_sprite(colour, STORE_SEED)

    def _screen_key(self, surface: Canvas) -> Hashable:
        """What the board's still layer is drawn for: the screen, its scale, the words, the board."""
        return (id(surface.target), surface.target.get_size(), surface.scale, surface.offset, language(),
                tr("awele.title"), self.layout.n)

    def _board_layer(self, surface: Target) -> Canvas:
        return static_layer(surface.get_size(), tr("awele.title"), self.layout.n, scale_of(surface))

    def draw(self, surface: Target) -> None:
        """The board's still layer and every part over it (on a real table, as every game)."""
        if self.table is not None:
            super().draw(surface)
            return
        blit(surface, self._board_layer(surface), (0, 0))
        parts = self.frame_parts()
        for part in parts:
            paint_part(surface, part, part.box)
        if isinstance(surface, Canvas):
            self._on_screen[surface] = (self._screen_key(surface), shown(parts))
            self._last_drawn = (id(surface.target), self._on_screen[surface])

    def shown_again(self, drawn_on: int, surface: Target) -> bool:
        """The copy kept under a card that left shows this game's last frame drawn whole, on the
        surface of id ``drawn_on`` (:meth:`kiosk.scene.Scene.shown_again`): the screen now shows
        it, and :meth:`draw_changes` draws only the parts that changed over it."""
        last = self._last_drawn
        if self.table is not None or last is None or last[0] != drawn_on or not isinstance(surface, Canvas):
            return False
        key, parts = last[1]
        screen = self._screen_key(surface)
        if not isinstance(key, tuple) or key[1:] != screen[1:]:  # type: ignore[index]
            return False  # (another size, scale, offset or words: the screen's id aside)
        self._on_screen[surface] = (screen, parts)
        return True

    def draw_changes(self, surface: Target) -> list[pygame.Rect] | None:
        """Only the boxes of the parts that changed, moved or went: the board's still layer
        copied back there, every part over them painted again in order, clipped to them."""
        if self.table is not None or not isinstance(surface, Canvas):
            return None
        drawn = self._on_screen.get(surface)
        if drawn is None or drawn[0] != self._screen_key(surface):
            return None
        parts = self.frame_parts()
        now = shown(parts)
        changed: list[pygame.Rect] = []
        for name in now.keys() | drawn[1].keys():
            old, new = drawn[1].get(name), now.get(name)
            if old != new:
                changed += [pygame.Rect(entry[0]) for entry in (old, new) if entry is not None]
        regions = merged(changed)
        layer = self._board_layer(surface).target
        ox, oy = surface.offset
        boxes = [part.box for part in parts]
        for region in regions:
            area = surface.to_native_rect(region).clip(surface.area)
            surface.target.blit(layer, area.topleft, area.move(-ox, -oy))
            for k in region.collidelistall(boxes):  # every part over the region, in order
                paint_part(surface, parts[k], region)
        self._on_screen[surface] = (drawn[0], now)
        return regions

    def draw_game(self, surface: Target) -> None:
        """Board, pits, seeds, stores, names, the session score and who the computer is."""
        blit(surface, static_layer(surface.get_size(), tr("awele.title"), self.layout.n, scale_of(surface)), (0, 0))
        self.draw_notes(surface)
        self.draw_player_labels(surface)
        self.draw_stores(surface)
        self.draw_pits(surface)
        self.draw_moving(surface)

    def draw_stores(self, surface: Target) -> None:
        """Each player's store with the seeds captured so far."""
        for player in (1, 2):
            _draw_store(surface, self.layout.store(player), player, self.display_scores[player - 1])

    def draw_notes(self, surface: Target) -> None:
        """The visitors' score under the title; who the computer is, for the curious."""
        score = self.score_line()
        if score:
            _draw_score(surface, score)
        note = self.note_text()
        if note is not None:
            _draw_note(surface, note)

    def note_text(self) -> str | None:
        """Who the computer is (one computer playing), else None."""
        levels = [seat.level for seat in self.match.seats.values() if seat.is_computer]
        return tr(f"awele.level.{levels[0]}.about") if len(levels) == 1 else None

    def label_text(self, player: int) -> str:
        """ "Toi : 3 graines", "L'ordinateur (Malin) : 0 graine"."""
        return tr("awele.label", name=self.seat_label(player), seeds=seeds(self.display_scores[player - 1]))

    def _active_player(self) -> int | None:
        """The player whose label glows: the one to move, unless the game is over or seeds move."""
        state = self.state
        return None if state.is_terminal() or self.busy() else state.current_player

    def draw_player_labels(self, surface: Target, active: bool | None = None) -> None:
        """Names and scores above and below the board; the player to move glows (only the
        glowing label, or only the other, with ``active``)."""
        glowing = self._active_player()
        for player, y in ((2, 134), (1, 580)):
            if active is None or active == (player == glowing):
                draw_player_label(surface, self.label_text(player), player, y, player == glowing, self.time)

    def _legal(self) -> set[int]:
        return set(self.state.legal_indices()) if self.person_to_move() else set()

    def _offered(self) -> int | None:
        return None if self.loop_offer is None else self.loop_offer[0]

    def draw_pits(self, surface: Target, pits: list[int] | None = None) -> None:
        """Every pit (or ``pits``) with its seeds and its count; the pits a person may play glow softly."""
        draw_pits(surface, self.layout, self.display, self.current, self._legal(), self.state.current_player,
                  self.hovered, self._offered(), self.checking, self.time, pits)

    def draw_moving(self, surface: Target) -> None:
        """The hand of seeds above the board, the seed in flight, captured seeds flying home."""
        draw_moving(surface, self.layout, self.current, self.hand, self.hand_at)

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
        self._draw_banner(surface)

    def message_area(self) -> pygame.Rect | None:
        """The banner (always shown)."""
        return BANNER_BOX

    def _banner_pop(self) -> float:
        """How far the banner's words have faded in (0..1)."""
        return min(1.0, self.message_time / 0.25) if self.message is not None else 1.0

    def _draw_banner(self, surface: Target) -> None:
        tone = self.message.tone if self.message is not None else None
        draw_banner(surface, self.banner_text(), self._banner_pop(), tone)


def _draw_score(surface: Target, text: str) -> None:
    """The visitors' score under the title."""
    ui.draw_fitted_text(surface, text, SCORE_RECT, 22, theme.INK_SOFT, "bold")


def _draw_note(surface: Target, text: str) -> None:
    """Who the computer is, right of the computer's label."""
    lines = len(ui.wrap_text(text, 18, NOTE_RECT.width, "text"))
    top = NOTE_RECT.centery - lines * 11
    ui.draw_paragraph(surface, text, pygame.Rect(NOTE_RECT.x, top, NOTE_RECT.width, lines * 22), 18, theme.INK_SOFT,
                      "text", 1.2)


def _draw_store(surface: Target, rect: pygame.Rect, player: int, count: int) -> None:
    """A player's store with the seeds captured so far."""
    surface.blit(store_image(rect.size, player, count), rect.topleft)


def _draw_landing(surface: Target, rect: pygame.Rect, player: int, count: int, text: str) -> None:
    """A player's store with ``count`` seeds and their label saying ``text`` (drawn ahead on a
    scratch layer: the caches keep them at its scale)."""
    _draw_store(surface, rect, player, count)
    draw_player_label(surface, text, player, 580 if player == 1 else 134, False, 0.0)


def _draw_start(surface: Target, layout: Layout, pits: list[int], scores: list[int], mover: int,
                labels: Sequence[str]) -> None:
    """What a new game's first frame draws that the last game's frames may not have kept: each
    pit of the start with its seeds and count, the stores and the players' labels (drawn ahead
    on a scratch layer: the caches keep them at its scale)."""
    for i in range(layout.n):
        draw_pit(surface, layout, i, pit_look(i, pits, None, set(), mover, None, None, None, 0.0))
    for player in (1, 2):
        _draw_store(surface, layout.store(player), player, scores[player - 1])
    for (player, y), text in zip(((1, 580), (2, 134)), labels, strict=True):
        draw_player_label(surface, text, player, y, False, 0.0)


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
