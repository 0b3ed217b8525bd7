"""The kiosk's home screen: one big card per installed game, language and sound toggles; the card
of a game left unfinished offers "Continuer ma partie"."""

from __future__ import annotations

import functools
import math
import weakref
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from games.budget import MB, budgeted
from games.contract import GameInfo
from games.effects import Sound
from kiosk import draw, i18n, theme, ui
from kiosk.canvas import Canvas, make_layer, native_sprite
from kiosk.canvas import Target as DrawTarget
from kiosk.focus import Target, button_targets
from kiosk.frames import POOL, Sprites, StillLayer, uncovered
from kiosk.scene import Scene
from kiosk.screens import GameScreens, playable_games

if TYPE_CHECKING:
    from kiosk.host import Host


__all__ = ["MenuScene", "playable_games"]


@budgeted(13 * MB)
@native_sprite
def menu_layer(
    size: tuple[int, int], heading: str, subtitle: str, cards: tuple[tuple[int, ...], ...], scale: float = 1.0
) -> Canvas:
    """The menu's still parts: paper, heading, subtitle and a soft shadow under each card."""
    layer = make_layer(size, scale).convert()
    layer.blit(ui.background(size), (0, 0))
    layout = card_layout(len(cards))
    ui.draw_text(layer, heading, (640, layout.heading_at), layout.heading_size, theme.INK, "title", "midtop")
    if layout.subtitle_at is not None:  # two rows of cards leave no room for it
        ui.draw_text(layer, subtitle, (640, layout.subtitle_at), 30, theme.INK_SOFT, "text", "midtop")
    for card in cards:
        ui.draw_shadow(layer, pygame.Rect(card), 28, 14)  # the card itself floats above, drawn each frame
    return layer


#: The height of a card's coloured picture. "Plateau réel" tabs sit across its foot and push the
#: title and tagline down by ``TAB_SHIFT`` (the picture stays clear of the tab and the badge).
HEADER, TAB_SHIFT = 200, 18
#: Where "Continuer ma partie" sits on its card (over the tagline), from the card's top (moved
#: down by ``TAB_SHIFT`` with the tagline).
CONTINUE_AT = 262
#: The most games the menu lays out (two rows of four).
MOST_CARDS = 8
#: The corners' radius of a card (logical pixels).
CARD_RADIUS = 28
#: The cards' sprites: five cards in four phases of their bob at 1080p (1.2 MB each), and
#: what each draws over its picture (0.4 MB).
CARDS_BUDGET = 32 * MB
#: How far (logical pixels: left, top, right, bottom) a card's animated picture may draw outside
#: its box, within its card (Lewthwaite's board reaches 4 pixels above it and casts its shadow
#: 12 below, Juniper's tiles 8 below: tests/test_menu_frames.py).
PICTURE_MARGINS = (2, 6, 2, 16)
#: The cards' sprites, kept while a game is played (shared by every menu: the next menu's cards
#: are the same, and a sprite painted anew costs its page faults).
CARD_SPRITES = Sprites("kiosk.menu.cards", CARDS_BUDGET)


@dataclass(frozen=True)
class CardLayout:
    """Where everything goes on the menu for a number of games: up to four tall cards in a row
    (a picture on top, the title, a three-line tagline, "Les maths du jeu"), five to eight
    shorter ones in two rows (the heading without its subtitle; the picture beside the age badge
    and the "Plateau réel" tab, a two-line tagline). Offsets are from a card's top."""

    rects: tuple[pygame.Rect, ...]
    header: int
    title_at: int
    title_size: int
    tagline: ui.TextBox  # at the card's top left, moved to each card
    pill: int  # the "Les maths du jeu" button's height
    heading_at: int
    heading_size: int
    subtitle_at: int | None
    compact: bool

    def science_rect(self, card: pygame.Rect) -> pygame.Rect:
        """Where a card's "Les maths du jeu" button sits."""
        return pygame.Rect(card.x + 18, card.bottom - self.pill - 16, card.width - 36, self.pill)


def card_layout(count: int) -> CardLayout:
    """The menu's layout for ``count`` games (1 to :data:`MOST_CARDS`; more are cut by the caller)."""
    count = max(1, min(count, MOST_CARDS))
    if count <= 4:
        width = min(300, (1180 - 30 * (count - 1)) // count)
        left = (1280 - (count * width + (count - 1) * 30)) // 2
        rects = tuple(pygame.Rect(left + k * (width + 30), 196, width, 420) for k in range(count))
        tagline = ui.TextBox(pygame.Rect(22, 256, width - 44, 90), 20, lines=3, smallest=16, kind="text")
        return CardLayout(rects, HEADER, 210, 34, tagline, 48, 60, 72, 148, False)
    columns = (count + 1) // 2
    width = (1180 - 30 * (columns - 1)) // columns
    height, top, gap = 250, 104, 22  # the rows end at 626: the bobbing cards clear the buttons at 640
    placed = []
    for k in range(count):
        row, col = divmod(k, columns)
        in_row = columns if row == 0 else count - columns
        left = (1280 - (in_row * width + (in_row - 1) * 30)) // 2
        placed.append(pygame.Rect(left + col * (width + 30), top + row * (height + gap), width, height))
    tagline = ui.TextBox(pygame.Rect(16, 148, width - 32, 44), 18, lines=2, smallest=14, kind="text")
    return CardLayout(tuple(placed), 110, 114, 28, tagline, 40, 14, 56, None, True)


def menu_keys(app: Host) -> list[str]:
    """The games the menu shows: the configuration's, and the game kept aside even when the
    operator has just switched it off (its "Continuer ma partie" was promised to the visitors;
    the card goes with the kept game)."""
    keys = list(app.config.games)
    kept = app.keeper.kept
    if kept is not None and kept[0] not in keys:
        installed = [info.key for info, _screens in playable_games()]
        keys = [key for key in installed if key in keys or key == kept[0]]
    return keys


class MenuScene(Scene):
    """Pick a game. Cards bob gently so the screen looks alive from across the room."""

    name = "menu"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.games = playable_games(menu_keys(app))[:MOST_CARDS]
        self.layout = card_layout(len(self.games))
        self.cards: list[tuple[pygame.Rect, GameInfo, GameScreens]] = [
            (rect, info, screens) for rect, (info, screens) in zip(self.layout.rects, self.games, strict=False)]
        self.pressed: int | None = None
        self.hovered: int | None = None
        #: A game or a science corner tapped is being drawn ahead (kiosk/prepare.py): it shows within
        #: a tenth of a second.
        self.opening = False
        self.corners = [screens.make_science_scene for _info, screens in self.games]
        self.sound_button = ui.Button(
            pygame.Rect(30, 640, 72, 56),
            "",
            self.toggle_sound,
            color=(90, 110, 170),
            literal=True,
            icon=ui.LOUDNESS_ICONS[app.sound.loudness],
        )
        #: The buttons at the foot of the screen (drawn in the still layer).
        self.foot = [
            ui.Button(
                pygame.Rect(1280 - 230, 640, 200, 56), "menu.language", self.toggle_language, color=(90, 110, 170)
            ),
            self.sound_button,
        ]
        self.buttons = self._physical_buttons() + self.foot
        #: The kept game the "Continuer" button was made for: the button follows the keeper.
        self._offered = app.keeper.kept
        self.continue_card, self.continue_button = self._continue_button()
        #: The paper, the titles, the cards' shadows and the buttons at the foot (kiosk/frames.py).
        self.still = StillLayer("kiosk.menu.still")
        #: Each card without its picture, once per phase of its bob (kiosk/frames.py).
        self.sprites = CARD_SPRITES
        # The screen the menu was last drawn on, its still layer's key, and each card's place,
        # look, native box and picture state there: what draw_changes draws over.
        self._shown: tuple[weakref.ref[DrawTarget], Hashable,
                           list[tuple[pygame.Rect, Hashable, pygame.Rect, tuple[Hashable | None, bool]]]] | None = None
        # Where each card's picture drew its live part at the last frame (None: unknown or all of it).
        self._live_boxes: dict[int, pygame.Rect | None] = {}
        #: Its first frame drawn ahead (:meth:`prepare`): the picture, and what it showed.
        self._ahead: tuple[pygame.Surface, Hashable] | None = None

    def _physical_buttons(self) -> list[ui.Button]:
        """"Plateau réel" on the cards of games played on a real board, when a camera is set: a
        tab across the foot of the card's picture (the age badge keeps its corner)."""
        self.tabs: dict[int, ui.Button] = {}
        if self.app.devices.camera is None:
            return []
        from kiosk.physical import has_physical_mode

        for k, (rect, _info, screens) in enumerate(self.cards):
            if has_physical_mode(screens):
                tab = self.tab_rect(rect)
                self.tabs[k] = ui.Button(tab, "physical.menu", functools.partial(self.open_game, k, physical=True),
                                         color=(50, 60, 80), icon=ui.icon_eye, size=20)
        return list(self.tabs.values())

    def _continue_button(self) -> tuple[int | None, ui.Button | None]:
        """"Continuer ma partie" across the tagline of the card of the game kept aside (a game
        left unfinished for the menu), if any."""
        kept = self.app.keeper.kept
        keys = [info.key for info, _module in self.games]
        if kept is None or kept[0] not in keys:
            return None, None
        k = keys.index(kept[0])
        rect = self.cards[k][0]
        if self.layout.compact:  # over the tagline
            at = self.layout.tagline.rect.move(rect.x, rect.y).inflate(0, -2)
            return k, ui.Button(at, "menu.continue", self.continue_game, color=theme.GOOD, size=22)
        height = 72 - self.text_shift // 2 - 1  # with tabs, it keeps its distance to "Les maths du jeu"
        button = ui.Button(pygame.Rect(rect.x + 16, rect.y + CONTINUE_AT, rect.width - 32, height), "menu.continue",
                           self.continue_game, color=theme.GOOD, size=26)
        return k, button

    def tab_rect(self, card: pygame.Rect) -> pygame.Rect:
        """Where a card's "Plateau réel" tab sits: across the picture's foot (tall cards), or on
        the right of the picture, under the age badge (two rows of cards)."""
        if self.layout.compact:
            width = min(176, card.width // 2)
            return pygame.Rect(card.right - width - 12, card.y + 56, width, 38)
        tab = pygame.Rect(0, 0, card.width - 56, 40)
        tab.center = (card.centerx, card.y + HEADER)
        return tab

    def _follow_keeper(self) -> None:
        """Offer "Continuer ma partie" exactly while a game is kept aside: the visitors going
        (attract mode, the idle reset) or a game that cannot come back take the button away at
        once, so no button is ever offered that does nothing."""
        if self.app.keeper.kept is not self._offered:
            self._offered = self.app.keeper.kept
            self.continue_card, self.continue_button = self._continue_button()

    def continue_game(self) -> None:
        """Back to the game kept aside, where it was left (drawn ahead: its pictures were given
        back when it was left)."""
        if self.opening:
            return
        scene = self.app.keeper.take_kept()
        self._follow_keeper()
        if scene is None:
            self.app.effects.publish(Sound("error"))
            return
        self.app.effects.publish(Sound("select"))
        self.opening = True
        self.app.push_drawn(scene, scene.prepare)

    def update(self, dt: float) -> None:
        """Cards bob; the "Continuer" button follows the game kept aside."""
        super().update(dt)
        self._follow_keeper()

    @property
    def header_height(self) -> int:
        """The height of the cards' coloured picture."""
        return self.layout.header

    @property
    def text_shift(self) -> int:
        """How far the title and tagline move down for the tabs across the pictures' foot (tall
        cards only: on short ones the tab is beside the picture)."""
        return TAB_SHIFT if self.tabs and not self.layout.compact else 0

    def on_enter(self) -> None:
        """Back on the menu: the LED board goes back to its idle glow."""
        self.app.idle_lights()

    def toggle_language(self) -> None:
        """Switch between French and English."""
        i18n.set_language("en" if i18n.language() == "fr" else "fr")
        self.app.effects.publish(Sound("click"))

    def toggle_sound(self) -> None:
        """The volume: loud, soft, off, loud again."""
        loudness = self.app.sound.cycle_level()
        self.sound_button.icon = ui.LOUDNESS_ICONS[loudness]  # by reference: tabs may come first
        self.app.effects.publish(Sound("click"))

    def open_game(self, index: int, physical: bool = False) -> None:
        """Start the game of card ``index`` (on the real board under the camera if ``physical``)."""
        if self.opening:
            return  # a game is being opened (drawn ahead: a tenth of a second); a second tap
        _info, screens = self.games[index]
        self.app.effects.publish(Sound("select"))
        scene = screens.make_scene(self.app)
        if physical:
            from kiosk.physical import attach

            attach(scene)
            self.app.stack.push(scene)  # its table opens with it
            return
        # Its still layer, sprites and "who plays" card drawn ahead, off the frame thread: its
        # first frame blits them (40-50 ms of the frame's CPU before, page faults included).
        self.opening = True
        self.app.push_drawn(scene, scene.prepare)

    def open_science(self, index: int) -> None:
        """Open the science corner of card ``index`` ("Les maths du jeu")."""
        corner = self.corners[index]
        if corner is None or self.opening:
            return  # a screen is being opened (drawn ahead); a second tap changes nothing
        self.app.effects.publish(Sound("select"))
        # Its frame and first tab drawn ahead, off the frame thread: their fonts, words, pictures
        # and still layer (a first frame of 4-23 ms at 1080p, 68-310 ms at a quarter CPU).
        scene = corner(self.app, 0)
        self.opening = True
        self.app.push_drawn(scene, scene.prepare)

    def science_rect(self, card: pygame.Rect) -> pygame.Rect:
        """Where a card's "Les maths du jeu" button sits."""
        return self.layout.science_rect(card)

    def _science_at(self, pos: tuple[int, int]) -> int | None:
        for k, (rect, _info, _module) in enumerate(self.cards):
            if self.corners[k] is not None and self.science_rect(rect).collidepoint(pos):
                return k
        return None

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        for k, (rect, _info, _module) in enumerate(self.cards):
            if rect.collidepoint(pos):
                return k
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Tap a card to play; Escape quits (outside kiosk mode)."""
        self._follow_keeper()
        if ui.handle_buttons(self.buttons, event):
            return True
        if self.continue_button is not None and self.continue_button.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self._card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self._card_at(event.pos)
            return self.pressed is not None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card, pressed, self.pressed = self._card_at(event.pos), self.pressed, None
            science = self._science_at(event.pos)
            if science is not None and science == pressed:
                self.open_science(science)
                return True
            # Only a press that began on this card: a finger lifted after the tap that ended
            # attract mode must not open a game.
            if card is not None and card == pressed:
                self.open_game(card)
                return True
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.quit()
                return True
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.games):
                self.open_game(event.key - pygame.K_1)
                return True
        return False

    def still_key(self) -> Hashable:
        """What the menu's still layer shows: the paper, heading, subtitle, the cards' shadows and
        the buttons at the foot (the language, the sound)."""
        rests = tuple(tuple(rect) for rect, _info, _module in self.cards)
        return (i18n.language(), i18n.tr("menu.heading"), i18n.tr("menu.subtitle"), rests,
                tuple(button.look() for button in self.foot))

    def _draw_still(self, surface: DrawTarget) -> None:
        rests = tuple(tuple(rect) for rect, _info, _module in self.cards)
        surface.blit(menu_layer(surface.get_size(), i18n.tr("menu.heading"), i18n.tr("menu.subtitle"), rests), (0, 0))
        for button in self.foot:
            button.draw(surface, self.time)

    def card_at(self, k: int) -> pygame.Rect:
        """Where card ``k`` is now: bobbing, lifted under the pointer, smaller while pressed. Its
        "Plateau réel" tab and "Continuer ma partie" ride with it."""
        rect = self.cards[k][0]
        bob = 4 * math.sin(self.time * 1.6 + k * 1.3)
        lift = 8 if k == self.hovered else 0
        card = rect.move(0, round(bob - lift))
        if k == self.pressed:
            card = card.inflate(-10, -10)
        if k in self.tabs:
            self.tabs[k].rect = self.tab_rect(card)
        if self.continue_button is not None and k == self.continue_card:
            box = self.layout.tagline.rect.move(card.x, card.y + self.text_shift)
            self.continue_button.rect.y = card.y + (box.y - card.y if self.layout.compact else
                                                    CONTINUE_AT + self.text_shift)
        return card

    def card_key(self, k: int, card: pygame.Rect) -> Hashable:
        """What card ``k``'s sprite shows besides its place (its picture is drawn over it at every
        frame): its size, the language, its tab and "Continuer" button (their looks but where)."""
        tab = self.tabs[k].look()[1:] if k in self.tabs else None
        going_on = self.continue_button.look()[1:] if self.continue_button is not None and k == self.continue_card \
            else None
        rest, info, _screens = self.cards[k]
        return (info.key, tuple(rest), len(self.cards), card.size, i18n.language(), tab, going_on, self.text_shift)

    def picture_at(self, k: int, card: pygame.Rect) -> pygame.Rect:
        """Where card ``k``'s animated picture is drawn (see :meth:`picture_rect`)."""
        info = self.cards[k][1]
        header = pygame.Rect(card.x, card.y, card.width, self.header_height)
        age = i18n.tr("menu.age", age=info.min_age)
        badge = ui.text_surface(age, 19, theme.WHITE, "bold").get_rect(topright=(card.right - 16, card.y + 14))
        badge.inflate_ip(22, 10)
        return self.picture_rect(header, badge, self.tabs.get(k))

    def paint_card(self, surface: DrawTarget, k: int, card: pygame.Rect, still: Hashable | None = None) -> None:
        """Card ``k`` at ``card`` without its animated picture (a card's sprite:
        :class:`~kiosk.frames.Sprites`), but the picture's still part when ``still`` (its key)
        is given: a card that moves is then one blit, and what moves of its picture."""
        self.paint_under(surface, k, card)
        parts = self.cards[k][2].icon_parts
        if still is not None and parts is not None:
            picture = self.picture_at(k, card)
            clip = surface.get_clip()
            surface.set_clip(self.picture_box(picture, card).clip(clip))
            parts.draw_still(surface, picture, self.time)
            surface.set_clip(clip)
        self.paint_over(surface, k, card)

    def card_sprite(self, k: int, card: pygame.Rect, look: Hashable) -> tuple[Hashable, Callable[[Canvas], None]]:
        """The key and the painter of card ``k``'s sprite (:meth:`paint_card`, with its picture's
        still part when that never changes: a still part that changes would multiply the card's
        sprites, and paint one at a frame until all are kept)."""
        still = self.picture_still(k) if self.cards[k][2].icon_parts is not None else None
        still = () if still == () else None
        return (look, still), functools.partial(self.paint_card, k=k, card=card, still=still)

    def paint_under(self, surface: DrawTarget, k: int, card: pygame.Rect) -> None:
        """What lies under card ``k``'s picture: the panel and the coloured header."""
        info = self.cards[k][1]
        ui.draw_panel(surface, card, theme.PANEL, CARD_RADIUS, shadow=0)
        header = pygame.Rect(card.x, card.y, card.width, self.header_height)
        draw.rect(surface, info.accent, header, border_top_left_radius=CARD_RADIUS,
                  border_top_right_radius=CARD_RADIUS)

    def paint_over(self, surface: DrawTarget, k: int, card: pygame.Rect) -> None:
        """What card ``k`` draws over its picture: the title, the tagline (or "Continuer ma
        partie"), the age badge, "Les maths du jeu" and the "Plateau réel" tab."""
        info = self.cards[k][1]
        age = i18n.tr("menu.age", age=info.min_age)
        badge = ui.text_surface(age, 19, theme.WHITE, "bold").get_rect(topright=(card.right - 16, card.y + 14))
        badge.inflate_ip(22, 10)
        shift = self.text_shift
        # Narrower cards when more games are installed: a long title shrinks to its card.
        layout = self.layout
        title = i18n.tr(info.title)
        size = ui.fitted_size(title, layout.title_size, card.width - 20, "title")
        title_y = card.y + layout.title_at + shift + (layout.title_size - size) // 2
        ui.draw_text(surface, title, (card.centerx, title_y), size, theme.INK, "title", "midtop")
        box = layout.tagline.rect.move(card.x, card.y + shift)
        box.height -= shift
        if self.continue_button is not None and k == self.continue_card:
            self.continue_button.draw(surface, self.time)
        else:
            layout.tagline.draw(surface, i18n.tr(info.tagline), theme.INK_SOFT, rect=box)
        draw.rect(surface, ui.darker(info.accent, 0.35), badge, border_radius=badge.height // 2)
        ui.draw_text(surface, age, badge.center, 19, theme.WHITE, "bold", "center")
        if self.corners[k] is not None:
            pill = self.science_rect(card)
            draw.rect(surface, ui.darker(info.accent, 0.3), pill.move(0, 4), border_radius=pill.height // 2)
            draw.rect(surface, info.accent, pill, border_radius=pill.height // 2)
            ui.draw_fitted_text(surface, i18n.tr("menu.science"), pill.inflate(-24, 0), 21, theme.WHITE, "bold",
                                "center")
        if k in self.tabs:
            self.tabs[k].draw(surface, self.time)

    def picture_still(self, k: int) -> Hashable | None:
        """The key of what stands still in card ``k``'s picture now (None: all of it moves)."""
        parts = self.cards[k][2].icon_parts
        return None if parts is None else parts.still(self.time)

    def picture_state(self, k: int) -> tuple[Hashable | None, bool]:
        """Card ``k``'s picture now: its still key (:meth:`picture_still`) and whether anything
        of it moves (drawn again at this frame)."""
        parts = self.cards[k][2].icon_parts
        still = self.picture_still(k)
        if parts is None or still is None:
            return still, True
        moves = parts.draw_live is not None and (parts.moving is None or parts.moving(self.time))
        return still, moves

    @staticmethod
    def picture_box(picture: pygame.Rect, card: pygame.Rect) -> pygame.Rect:
        """What a card's picture may draw on: its box, its margins, within its card."""
        left, top, right, bottom = PICTURE_MARGINS
        return pygame.Rect(picture.x - left, picture.y - top, picture.width + left + right,
                           picture.height + top + bottom).clip(card)  # never over a neighbour

    def _draw_picture(self, surface: Canvas, k: int, card: pygame.Rect, look: Hashable,
                      again: bool = False, on_card: bool = False) -> pygame.Rect:
        """Card ``k``'s animated picture, in the order the card draws it (over the panel and the
        header, under the title, the badge and the tab), inside its box and a margin (what is
        drawn again at every frame); returns what it drew again of that box. What of the
        picture stands still (:class:`~kiosk.screens.IconParts`) comes from a sprite with the
        header under it. ``again``: the picture was drawn at the frame before with the same
        card and still part, so that only where its live part was and is needs drawing;
        ``on_card``: the card's sprite, with the picture's still part, was just blitted whole
        (only the live part is left to draw)."""
        picture = self.picture_at(k, card)
        box = self.picture_box(picture, card)
        screens = self.cards[k][2]
        parts = screens.icon_parts
        still = self.picture_still(k)
        live = None if parts is None or parts.live_box is None or still is None \
            else parts.live_box(picture, self.time)
        before = self._live_boxes.get(k)
        self._live_boxes[k] = live
        if on_card and still == () and parts is not None:  # in the card's sprite (card_sprite)
            if parts.draw_live is None or (parts.moving is not None and not parts.moving(self.time)):
                return box  # all of it is in the card's sprite
            if live is not None:
                again, before = True, live
        area = box.clip(live.union(before).inflate(4, 4)) if again and live is not None and before is not None \
            else box
        native = None if area is box else surface.to_native_rect(area).clip(surface.area)
        under = functools.partial(self._paint_picture_under, k=k, card=card, picture=picture, still=still)
        if not self.sprites.opaque(surface, ("under", look, still), box, under):  # a corner of the card
            self.still.copy_area(surface, surface.to_native_rect(area).clip(surface.area))
        self.sprites.place(surface, ("under", look, still), box, under, native)
        surface.set_clip(area)
        if still is None or parts is None:
            screens.draw_icon(surface, picture, self.time)
        elif parts.draw_live is not None and (parts.moving is None or parts.moving(self.time)):
            parts.draw_live(surface, picture, self.time)
        surface.set_clip(None)
        self.sprites.place(surface, ("over", look), box, functools.partial(self.paint_over, k=k, card=card), native)
        return area

    def _paint_picture_under(self, surface: DrawTarget, k: int, card: pygame.Rect, picture: pygame.Rect,
                             still: Hashable | None) -> None:
        """The panel and the header under card ``k``'s picture, and the picture's still part when
        it has one now (``still``: its key)."""
        self.paint_under(surface, k, card)
        parts = self.cards[k][2].icon_parts
        if still is not None and parts is not None:
            parts.draw_still(surface, picture, self.time)

    def prepare(self, surface: DrawTarget) -> None:
        """Its first frame drawn ahead (kiosk/prepare.py: back on the menu after a game): the
        still layer, the cards' sprites and pictures, and the whole frame kept, so that the
        first frame shown blits it once (3-7 ms of the frame thread at 1080p before). The cards'
        sprites of every phase of their bob are painted first (:meth:`paint_phases`)."""
        self._give_ahead()
        if isinstance(surface, Canvas):
            self.paint_phases(surface)
        self.draw(surface)
        if isinstance(surface, Canvas) and surface.offset == (0, 0):
            picture = POOL.take(surface.target.get_size(), surface.target)
            picture.blit(surface.target, (0, 0))
            self._ahead = (picture, self._first_look(surface))
        self._shown = None

    def paint_phases(self, surface: Canvas) -> None:
        """Paint the sprites each card shows over a period of its bob (every 3 frames, as
        :meth:`warm`) that are not kept, without drawing the menu: back from a game, the card of
        the game kept aside wears "Continuer ma partie" (a new look: its sprites in 4 phases)
        and sprites of other cards were dropped for it (the cache at its budget); each was
        painted by a visitor's frame as its card reached the phase (3.4-4.3 ms, 300 page
        faults, every 10 frames at 1080p). Run where the menu is drawn ahead (:meth:`prepare`,
        off the frame thread): each sprite is painted on a surface of its own, handed over once
        finished. Twice: a sprite the first pass painted may have dropped one that a card
        needs, which was then the least recently used of those (the second pass paints it
        again, and drops only those no card shows now; not when the first painted none)."""
        time = self.time
        try:
            for _ in range(2):
                painted = self.sprites.painted
                for step in range(80):
                    self.time = step / 20
                    for k in range(len(self.cards)):
                        card = self.card_at(k)
                        look = self.card_key(k, card)
                        sprite, paint = self.card_sprite(k, card, look)
                        self.sprites.opaque(surface, sprite, card, paint)
                        still, moves = self.picture_state(k)
                        if still == () and not moves:
                            continue  # all of its picture is in the card's sprite (see _draw_picture)
                        picture = self.picture_at(k, card)
                        box = self.picture_box(picture, card)
                        under = functools.partial(self._paint_picture_under, k=k, card=card, picture=picture,
                                                  still=still)
                        self.sprites.opaque(surface, ("under", look, still), box, under)
                        self.sprites.opaque(surface, ("over", look), box,
                                            functools.partial(self.paint_over, k=k, card=card))
                if self.sprites.painted == painted:
                    break
        finally:
            self.time = time

    def _first_look(self, surface: Canvas) -> Hashable:
        """What the menu's frame on ``surface`` shows now: the screen's shape, the time, the
        still layer's key and each card's place, look and still picture."""
        cards = []
        for k in range(len(self.cards)):
            card = self.card_at(k)
            cards.append((tuple(card), self.card_key(k, card), self.picture_still(k)))
        return (surface.logical_size, surface.scale, surface.target.get_size(), self.time, self.still_key(),
                tuple(cards))

    def _give_ahead(self) -> None:
        """The first frame drawn ahead goes back to the pool of screens (shown, or stale)."""
        ahead, self._ahead = self._ahead, None
        if ahead is not None:
            POOL.give(ahead[0])

    def _show_ahead(self, surface: Canvas) -> bool:
        """Blit the first frame drawn ahead if it is this frame (the same time, cards and
        screen), and remember what it shows for :meth:`draw_changes`; False if there is none."""
        ahead = self._ahead
        if ahead is None:
            return False
        self._give_ahead()
        picture, look = ahead
        if surface.offset != (0, 0) or look != self._first_look(surface):
            return False
        surface.target.blit(picture, (0, 0))
        shown = []
        for k in range(len(self.cards)):
            card = self.card_at(k)
            shown.append((card, self.card_key(k, card), self.sprites.native_box(surface, card), self.picture_state(k)))
        self._shown = (weakref.ref(surface), self.still_key(), shown)
        return True

    def draw(self, surface: DrawTarget) -> None:
        """The still layer (paper, titles, the cards' shadows, the buttons at the foot), each card
        from its sprite, and each card's animated picture drawn in it (on a plain surface, the
        cards drawn in place: :meth:`draw_in_place`); the first frame drawn ahead when it is this one."""
        if not isinstance(surface, Canvas):
            self.draw_in_place(surface)
            return
        self._follow_keeper()
        if self._show_ahead(surface):
            return
        key = self.still_key()
        self.still.draw(surface, key, self._draw_still)
        shown = []
        for k in range(len(self.cards)):
            card = self.card_at(k)
            look = self.card_key(k, card)
            sprite, paint = self.card_sprite(k, card, look)
            box = self.sprites.place(surface, sprite, card, paint)
            shown.append((card, look, box, self.picture_state(k)))
            self._draw_picture(surface, k, card, look, on_card=True)
        self._shown = (weakref.ref(surface), key, shown)

    def draw_in_place(self, surface: DrawTarget) -> None:
        """The menu with every card drawn where it is, no sprite: what the sprites and
        :meth:`draw_changes` must give, pixel for pixel (tests/test_menu_frames.py)."""
        self._follow_keeper()
        self.still.draw(surface, self.still_key(), self._draw_still)
        for k, (_rect, _info, screens) in enumerate(self.cards):
            card = self.card_at(k)
            self.paint_under(surface, k, card)
            picture = self.picture_at(k, card)
            surface.set_clip(self.picture_box(picture, card))
            screens.draw_icon(surface, picture, self.time)
            surface.set_clip(None)
            self.paint_over(surface, k, card)

    def draw_changes(self, surface: DrawTarget) -> list[pygame.Rect] | None:
        """Only what changed: a card whose place or look changed is drawn again over the still
        layer where it was and where it is; the pictures, but a still one already shown."""
        self._follow_keeper()
        shown = self._shown
        if not isinstance(surface, Canvas) or shown is None or shown[0]() is not surface \
                or shown[1] != self.still_key():
            return None
        now = []
        areas = []
        moved = []
        for k, (card_then, look_then, box_then, _still) in enumerate(shown[2]):
            card = self.card_at(k)
            look = self.card_key(k, card)
            box = self.sprites.native_box(surface, card)
            now.append((card, look, box, self.picture_state(k)))
            if card != card_then or look != look_then:
                areas.append(box.union(box_then))
                moved.append(now[-1])
        # Under a card that moved, only what its sprite leaves uncovered is drawn again from the
        # still layer (an area copy costs about as much per pixel as the card's blit): the strip
        # it left and its four rounded corners.
        corner = math.ceil(CARD_RADIUS * surface.scale) + 1
        for area, (card, _look, _box, _still) in zip(areas, moved, strict=True):
            inner = surface.to_native_rect(card)
            corners = [pygame.Rect(x, y, corner, corner) for x in (inner.x, inner.right - corner)
                       for y in (inner.y, inner.bottom - corner)]
            for part in [*uncovered(area, inner), *corners]:
                if not self.still.copy_area(surface, part.clip(area)):
                    return None
        changed = [surface.to_logical_rect(area) for area in areas]
        for k, (card, look, box, still) in enumerate(now):
            key, paint = self.card_sprite(k, card, look)
            drawn = whole = False
            for area in areas:
                if area.colliderect(box):
                    self.sprites.place(surface, key, card, paint, area)
                    drawn = True
                    whole = whole or area.contains(box)  # the card and its still picture drawn anew
            # Drawn again when it moves (only where it moves, when the card stayed and its still
            # part too), or stopped moving or changed since the frame before.
            if drawn or still[1] or still != shown[2][k][3]:
                changed.append(self._draw_picture(surface, k, card, look, not drawn and still == shown[2][k][3],
                                                  whole))
        self._shown = (shown[0], shown[1], now)
        return changed

    def warm(self, surface: Canvas) -> None:
        """Paint every card's sprites in every phase of its bob and every still picture (a
        bob's period, 3.9 s, drawn every 3 frames: a card moves less than a pixel meanwhile), so
        that no visitor's frame paints one (the kiosk's warm-up, kiosk/warmup.py); 0.1 s."""
        time = self.time
        for step in range(80):
            self.time = step / 20
            self.draw(surface)
        self.time = time
        self.still.forget()
        self._shown = None

    def on_cover(self) -> None:
        """A game or a science corner opens over the menu: its still layer goes back to the pool
        of screens for the next one (drawn again when the menu shows again; the cards' sprites
        stay)."""
        self.still.forget()
        self._shown = None
        self._give_ahead()
        self.opening = False

    def on_exit(self) -> None:
        """The menu is left (attract mode, a reset): the same."""
        self.on_cover()

    def picture_rect(self, header: pygame.Rect, badge: pygame.Rect, tab: ui.Button | None) -> pygame.Rect:
        """Where a card's picture goes: in its coloured header, under the age badge and above
        the "Plateau réel" tab, so that neither covers any of it (a picture's shadow included);
        on a short card, left of the badge and the tab."""
        if self.layout.compact:
            right = min(badge.left, tab.rect.left if tab is not None else badge.left) - 10
            return pygame.Rect(header.x + 16, header.y + 10, right - header.x - 16, header.height - 20)
        top = badge.bottom + 8
        bottom = (tab.rect.top - 10) if tab is not None else header.bottom - 20
        return pygame.Rect(header.x + 20, top, header.width - 40, bottom - top)

    def focus_targets(self) -> list[Target]:
        """The gamepad's cursor visits the cards, their "Les maths du jeu" buttons, then the
        language and sound buttons."""
        targets = []
        for k, (rect, _info, _module) in enumerate(self.cards):
            science = self.science_rect(rect) if self.corners[k] is not None else None
            game = rect if science is None else pygame.Rect(rect.x, rect.y, rect.width, science.top - rect.y - 6)
            targets.append(Target(game, functools.partial(self.open_game, k)))
            if science is not None:
                targets.append(Target(science, functools.partial(self.open_science, k)))
        kept = [self.continue_button] if self.continue_button is not None else []
        return button_targets(kept) + targets + button_targets(self.buttons)

    def state_summary(self) -> dict[str, object]:
        """Which games the menu offers."""
        return {"scene": self.name, "games": [info.key for info, _m in self.games]}
