"""Who plays: the card a visitor sees before the first move, and again from the "Joueurs"
button. Seats change only here, explicitly, and confirming starts a new game.

The card asks, in big buttons: against a friend or the computer; which computer (levels named
for children, weakest first, the game's default one a child can beat); who starts; then the
game's own questions (board size, N...). One tap on "Jouer !" accepts the defaults.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from games.effects import Sound
from kiosk import theme, ui
from kiosk.canvas import Target
from kiosk.i18n import has_key, language, tr
from kiosk.overlays import draw_veil_around
from kiosk.scene import Scene

if TYPE_CHECKING:
    from kiosk.host import Host

FRIEND, COMPUTER = "friend", "computer"


@dataclass
class Choice:
    """One question of the card: ``title`` (a translation key) and its answers as
    ``(value, label)`` pairs (labels are translation keys, or plain text such as a number)."""

    key: str
    title: str
    options: list[tuple[Any, str]]
    value: Any


@dataclass
class Setup:
    """The answers: the opponent, the computer's level, who starts, and the game's own
    choices by key."""

    opponent: str = COMPUTER
    level: str = ""
    person_first: bool = True
    extras: dict[str, Any] = field(default_factory=dict)


def _label(text: str) -> str:
    return tr(text) if has_key(text) else text


class SeatsScene(Scene):
    """The setup card, over the game. ``on_done(setup)`` receives the answers; ``cancel``
    (only offered once a game is under way) closes the card and changes nothing; before that,
    "Menu" (and Escape) goes back to the menu."""

    overlay = True
    is_card = True
    name = "seats"

    def __init__(
        self,
        app: Host,
        game: str,
        levels: tuple[str, ...],
        setup: Setup,
        extras: list[Choice],
        on_done: Callable[[Setup], None],
        *,
        first_choice: bool = True,
        can_cancel: bool = False,
        accent: ui.Color = theme.ACCENT,
    ) -> None:
        super().__init__(app)
        self.game = game
        self.levels = levels
        self.setup = Setup(setup.opponent, setup.level, setup.person_first, dict(setup.extras))
        self.extras = extras
        self.on_done = on_done
        self.first_choice = first_choice
        self.can_cancel = can_cancel
        self.accent = accent
        self.buttons: list[ui.Button] = []
        self._rebuild()

    # --- the questions, as rows of buttons -----------------------------------------------------

    def rows(self) -> list[tuple[str, list[tuple[str, bool, Callable[[], None]]]]]:
        """Each visible question with its answers: (label, selected, choose)."""
        setup = self.setup
        rows: list[tuple[str, list[tuple[str, bool, Callable[[], None]]]]] = [
            (
                "seats.opponent",
                [
                    (tr("seats.friend"), setup.opponent == FRIEND, lambda: self._set("opponent", FRIEND)),
                    (tr("seats.computer"), setup.opponent == COMPUTER, lambda: self._set("opponent", COMPUTER)),
                ],
            )
        ]
        if setup.opponent == COMPUTER:
            rows.append(
                (
                    "seats.level",
                    [
                        (tr(f"{self.game}.level.{level}"), setup.level == level,
                         functools.partial(self._set, "level", level))
                        for level in self.levels
                    ],
                )
            )
            if self.first_choice:
                rows.append(
                    (
                        "seats.first",
                        [
                            (tr("seats.first.me"), setup.person_first, lambda: self._set("person_first", True)),
                            (tr("seats.first.computer"), not setup.person_first,
                             lambda: self._set("person_first", False)),
                        ],
                    )
                )
        for choice in self.extras:
            rows.append(
                (
                    choice.title,
                    [
                        (_label(label), setup.extras.get(choice.key, choice.value) == value,
                         functools.partial(self._set_extra, choice.key, value))
                        for value, label in choice.options
                    ],
                )
            )
        return rows

    def _set(self, name: str, value: Any) -> None:
        setattr(self.setup, name, value)
        self.app.effects.publish(Sound("click"))
        self._rebuild()

    def _set_extra(self, key: str, value: Any) -> None:
        self.setup.extras[key] = value
        self.app.effects.publish(Sound("click"))
        self._rebuild()

    CARD = pygame.Rect(140, 40, 1000, 640)
    RADIUS = 32
    ROW_HEIGHT = 112

    def _row_widths(self, texts: list[str]) -> tuple[list[int], int]:
        """A row's button widths and its one label size: equal widths when every answer fits
        them at full size; else each as wide as its words ("Lanceur de dés" wider than "Futé"),
        the room left shared out; smaller words for all only when even that is too narrow."""
        gap, room = 12, self.CARD.width - 80
        count = len(texts)
        width = min(280, (room - gap * (count - 1)) // count)
        if all(ui.fitted_size(text, 24, width - 24, "bold") == 24 for text in texts):
            return [width] * count, 24
        natural = [theme.font(24, "bold").size(text)[0] + 36 for text in texts]
        spare = room - gap * (count - 1) - sum(natural)
        if spare >= 0:
            return [w + spare // count for w in natural], 24
        return [width] * count, min(ui.fitted_size(text, 24, width - 24, "bold") for text in texts)

    def _rebuild(self) -> None:
        card = self.CARD
        self.buttons = []
        self.titles: list[tuple[str, int]] = []
        rows = self.rows()
        y = card.y + (96 if len(rows) < 5 else 88)
        # Rows close up (and their buttons get lower) when a game asks many questions, so the
        # last one stays above the Play button.
        step = min(self.ROW_HEIGHT, (card.bottom - 108 - y) // max(1, len(rows)))
        height = min(64, step - 40)
        for title, answers in rows:
            self.titles.append((title, y))
            widths, size = self._row_widths([text for text, _selected, _choose in answers])
            gap = 12
            x = card.centerx - (sum(widths) + (len(widths) - 1) * gap) // 2
            for (text, selected, choose), width in zip(answers, widths, strict=True):
                button = ui.Button(pygame.Rect(x, y + 34, width, height), text, choose,
                                   color=self.accent if selected else (196, 190, 178), literal=True,
                                   size=size, text_color=theme.WHITE if selected else theme.INK)
                button.active = selected
                self.buttons.append(button)
                x += width + gap
            y += step
        play = pygame.Rect(0, 0, 300, 74)
        play.midbottom = (card.centerx if not self.can_cancel else card.centerx + 160, card.bottom - 22)
        self.play_button = ui.Button(play, "button.play", self.done, color=theme.GOOD, icon=ui.icon_play)
        self.buttons.append(self.play_button)
        if self.can_cancel:
            cancel = pygame.Rect(0, 0, 260, 74)
            cancel.midbottom = (card.centerx - 160, card.bottom - 22)
            self.buttons.append(ui.Button(cancel, "button.cancel", self.cancel, color=(120, 124, 150)))
        else:  # the first card of a game opened from the menu: a way back to it, in its corner
            home = pygame.Rect(card.x + 30, card.bottom - 22 - 74, 200, 74)
            self.buttons.append(ui.Button(home, "button.home", self.home, color=(120, 124, 150), icon=ui.icon_home))

    # --- answers -------------------------------------------------------------------------------

    def done(self) -> None:
        """Accept: close the card and hand the answers over. The screen under it, changed by
        them (a new game, the players' names), is drawn ahead off the frame thread while the
        card stays on screen (a few frames: its first frame was 4-10 ms at 1080p)."""
        stack = self.app.stack
        under = stack.scenes[-2] if len(stack.scenes) >= 2 and stack.scenes[-1] is self else None
        stack.pop()
        self.app.effects.publish(Sound("select"))
        self.on_done(self.setup)
        if under is not None:
            preparation = self.app.prepare(under.prepare)
            stack.hold_until(lambda: preparation.ready)

    def cancel(self) -> None:
        """Close without changing anything."""
        self.app.stack.pop()
        self.app.effects.publish(Sound("click"))

    def home(self) -> None:
        """Back to the menu (the first card, before any move: nothing to lose)."""
        self.app.effects.publish(Sound("click"))
        self.app.go_home()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons; Enter plays, Escape cancels (when allowed). Nothing reaches the board."""
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_SPACE):
                self.done()
                return True
            if event.key == pygame.K_ESCAPE:
                self.cancel() if self.can_cancel else self.home()
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def look(self) -> Hashable | None:
        """The card changes with its buttons (answers chosen, hover, press) and the language."""
        return (language(), tuple(self.titles), tuple(button.look() for button in self.buttons))

    def prepare(self, surface: Target) -> None:
        """The card drawn ahead (kiosk/prepare.py, with its game), and every answer one tap away
        drawn too, so that their buttons' images are ready (each answer rendered 2-10 of them
        on the frame thread: 0.3-0.6 ms each at 1080p), with each answer's pressed look. No
        sound, and the answers are put back."""
        self.draw(surface)
        for button in self.buttons:  # pressed (a finger on it)
            button.pressed = True
            button.draw(surface, self.time)
            button.pressed = False
        setup = self.setup
        kept = Setup(setup.opponent, setup.level, setup.person_first, dict(setup.extras))
        for name, value in self._one_tap_away():
            if name.startswith("extra:"):
                setup.extras[name[len("extra:"):]] = value
            else:
                setattr(setup, name, value)
            self._rebuild()
            self.draw_over(surface)
            self.setup = setup = Setup(kept.opponent, kept.level, kept.person_first, dict(kept.extras))
        self._rebuild()

    def _one_tap_away(self) -> list[tuple[str, Any]]:
        """Every answer that differs from the present one, as (field, value): ``extra:KEY`` for
        the game's own questions."""
        setup = self.setup
        answers: list[tuple[str, Any]] = [("opponent", FRIEND if setup.opponent == COMPUTER else COMPUTER)]
        if setup.opponent == COMPUTER:
            answers += [("level", level) for level in self.levels if level != setup.level]
            if self.first_choice:
                answers.append(("person_first", not setup.person_first))
        for choice in self.extras:
            now = setup.extras.get(choice.key, choice.value)
            answers += [(f"extra:{choice.key}", value) for value, _label in choice.options if value != now]
        return answers

    def draw(self, surface: Target) -> None:
        """Veil, card, questions and answers."""
        self.draw_under(surface)
        self.draw_over(surface)

    def under_look(self) -> Hashable | None:
        """The veil, the card and its heading: the same whatever is answered (in a language)."""
        return ("seats", language())

    def draw_under(self, surface: Target) -> None:
        """The veil over the game, the card and its heading: kept with the game in the frame
        composer's backdrop (kiosk/frames.py), so that an answer draws only the questions and
        buttons again (the veil and the card's shadow were 3-4 ms of each answer at 1080p)."""
        card = self.CARD
        draw_veil_around(surface, (30, 24, 40), 110, card, self.RADIUS)  # not under the card
        ui.draw_panel(surface, card, theme.PANEL, self.RADIUS, 16)
        ui.draw_fitted_text(surface, tr("seats.heading"), pygame.Rect(card.x + 40, card.y + 22, card.width - 80, 56),
                            46, theme.INK, "title", "center")

    def draw_over(self, surface: Target) -> None:
        """The questions and answers."""
        card = self.CARD
        for title, y in self.titles:
            ui.draw_text(surface, _label(title), (card.centerx, y), 26, theme.INK_SOFT, "bold", "midtop")
        for button in self.buttons:
            button.draw(surface, self.time)

    def state_summary(self) -> dict[str, object]:
        """The answers so far."""
        setup = self.setup
        return {"scene": self.name, "opponent": setup.opponent, "level": setup.level,
                "person_first": setup.person_first, "extras": dict(setup.extras)}
