"""The kiosk's home screen: one big card per installed game, language and sound toggles."""

from __future__ import annotations

import importlib
import math
from types import ModuleType
from typing import TYPE_CHECKING

import pygame

from games.effects import Sound
from games.registry import GameInfo, has_module, installed_games
from kiosk import draw, i18n, theme, ui
from kiosk.scene import Scene

if TYPE_CHECKING:
    from kiosk.app import App


def science_corner(info: GameInfo) -> ModuleType | None:
    """The game's science corner module (``games/<game>/corner.py`` with ``make_science_scene``)."""
    if not has_module(info.key, "corner"):
        return None
    module = importlib.import_module(f"games.{info.key}.corner")
    return module if hasattr(module, "make_science_scene") else None


def playable_games() -> list[tuple[GameInfo, ModuleType]]:
    """Installed games that have a scene, with their scene module."""
    return [
        (info, importlib.import_module(f"games.{info.key}.scene"))
        for info in installed_games()
        if has_module(info.key, "scene")
    ]


class MenuScene(Scene):
    """Pick a game. Cards bob gently so the screen looks alive from across the room."""

    name = "menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = playable_games()
        self.cards: list[tuple[pygame.Rect, GameInfo, ModuleType]] = []
        count = max(1, len(self.games))
        width = min(300, (1180 - 30 * (count - 1)) // count)
        total = count * width + (count - 1) * 30
        left = (1280 - total) // 2
        for k, (info, module) in enumerate(self.games):
            self.cards.append((pygame.Rect(left + k * (width + 30), 196, width, 420), info, module))
        self.pressed: int | None = None
        self.hovered: int | None = None
        self.corners = [science_corner(info) for info, _module in self.games]
        self.buttons = self._physical_buttons() + [
            ui.Button(
                pygame.Rect(1280 - 230, 640, 200, 56), "menu.language", self.toggle_language, color=(90, 110, 170)
            ),
            ui.Button(
                pygame.Rect(30, 640, 64, 56),
                "",
                self.toggle_sound,
                color=(90, 110, 170),
                literal=True,
                icon=ui.icon_muted if app.sound.muted else ui.icon_speaker,
            ),
        ]

    def _physical_buttons(self) -> list[ui.Button]:
        """"Plateau réel" on the cards of games played on a real board, when a camera is set."""
        if self.app.devices.handles.get("camera") is None:
            return []
        from kiosk.physical import has_physical_mode

        return [
            ui.Button(pygame.Rect(rect.x + 24, rect.y + 12, rect.width - 48, 48), "physical.menu",
                      lambda k=k: self.open_game(k, physical=True), color=(50, 60, 80), icon=ui.icon_eye, size=20)
            for k, (rect, _info, module) in enumerate(self.cards)
            if has_physical_mode(module)
        ]

    def on_enter(self) -> None:
        """Back on the menu: the LED board goes back to its idle glow."""
        self.app.idle_lights()

    def toggle_language(self) -> None:
        """Switch between French and English."""
        i18n.set_language("en" if i18n.language() == "fr" else "fr")
        self.app.effects.publish(Sound("click"))

    def toggle_sound(self) -> None:
        """Mute or unmute."""
        muted = self.app.sound.toggle_mute()
        self.buttons[1].icon = ui.icon_muted if muted else ui.icon_speaker
        self.app.effects.publish(Sound("click"))

    def open_game(self, index: int, physical: bool = False) -> None:
        """Start the game of card ``index`` (on the real board under the camera if ``physical``)."""
        _info, module = self.games[index]
        self.app.effects.publish(Sound("select"))
        scene = module.make_scene(self.app)
        if physical:
            from kiosk.physical import attach

            attach(scene)
        self.app.stack.push(scene)

    def open_science(self, index: int) -> None:
        """Open the science corner of card ``index`` ("Les maths du jeu")."""
        corner = self.corners[index]
        if corner is not None:
            self.app.effects.publish(Sound("select"))
            self.app.stack.push(corner.make_science_scene(self.app))

    @staticmethod
    def science_rect(card: pygame.Rect) -> pygame.Rect:
        """Where a card's "Les maths du jeu" button sits."""
        return pygame.Rect(card.x + 18, card.bottom - 64, card.width - 36, 48)

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
        if ui.handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self._card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self._card_at(event.pos)
            return self.pressed is not None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card, self.pressed = self._card_at(event.pos), None
            science = self._science_at(event.pos)
            if science is not None:
                self.open_science(science)
                return True
            if card is not None:
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

    def draw(self, surface: pygame.Surface) -> None:
        """Title, cards and toggles."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        ui.draw_text(surface, i18n.tr("menu.heading"), (640, 60), 72, theme.INK, "title", "midtop")
        ui.draw_text(surface, i18n.tr("menu.subtitle"), (640, 148), 30, theme.INK_SOFT, "text", "midtop")
        for k, (rect, info, module) in enumerate(self.cards):
            bob = 4 * math.sin(self.time * 1.6 + k * 1.3)
            lift = 8 if k == self.hovered else 0
            card = rect.move(0, round(bob - lift))
            if k == self.pressed:
                card = card.inflate(-10, -10)
            ui.draw_panel(surface, card, theme.PANEL, 28, 14)
            header = pygame.Rect(card.x, card.y, card.width, 200)
            draw.rect(surface, info.accent, header, border_top_left_radius=28, border_top_right_radius=28)
            module.draw_icon(surface, header.inflate(-40, -40), self.time)
            ui.draw_text(surface, i18n.tr(info.title), (card.centerx, card.y + 210), 34, theme.INK, "title", "midtop")
            tagline = pygame.Rect(card.x + 22, card.y + 256, card.width - 44, 90)
            ui.draw_paragraph(
                surface, i18n.tr(info.tagline), tagline, 20, theme.INK_SOFT, align="center", line_gap=1.15
            )
            badge_text = ui.text_surface(i18n.tr("menu.age", age=info.min_age), 19, theme.WHITE, "bold")
            badge = badge_text.get_rect(topright=(card.right - 16, card.y + 14)).inflate(22, 10)
            draw.rect(surface, ui.darker(info.accent, 0.35), badge, border_radius=badge.height // 2)
            surface.blit(badge_text, badge_text.get_rect(center=badge.center))
            if self.corners[k] is not None:
                pill = self.science_rect(card)
                draw.rect(surface, ui.darker(info.accent, 0.3), pill.move(0, 4), border_radius=pill.height // 2)
                draw.rect(surface, info.accent, pill, border_radius=pill.height // 2)
                ui.draw_text(surface, i18n.tr("menu.science"), pill.center, 21, theme.WHITE, "bold", "center")
        for button in self.buttons:
            button.draw(surface, self.time)

    def state_summary(self) -> dict[str, object]:
        """Which games the menu offers."""
        return {"scene": self.name, "games": [info.key for info, _m in self.games]}
