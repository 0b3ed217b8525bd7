"""What a game's screen and its physical-board mode know of each other: two small protocols.

A :class:`kiosk.game_scene.GameScene` holds its physical-board mode as a component typed by
:class:`TableMode` (what the scene asks of it: move on, draw, light, hold, close); the mode
(:class:`kiosk.physical.PhysicalMode`) sees its scene only as a :class:`TableHost` (the match,
where things are drawn, how a piece looks, how a move animates). Neither module imports the
other, so the kiosk's import graph has no circle through them. No pygame at run time here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from games.effects import BoardLights
from games.match import M, Match, S
from games.sync import Move, Phase

if TYPE_CHECKING:  # types only: the chronicle reads the protocols without pygame
    import pygame

    from kiosk import ui
    from kiosk.canvas import Target

#: The physical mode's entry in ``state_summary`` (phase, fixes, camera...): plain JSON.
Summary = dict[str, object]


class TableHost(Protocol[S, M]):
    """The scene as its physical-board mode sees it (:class:`kiosk.game_scene.GameScene`
    implements it; a game overrides the drawing hooks)."""

    @property
    def match(self) -> Match[S, M]:
        """The match played on the table (the mode hands the engine's moves back to the hooks)."""
        ...

    @property
    def ring_shape(self) -> str:
        """How a cell is ringed: ``circle`` (round tokens) or ``square`` (tiles)."""
        ...

    @property
    def camera_status_at(self) -> tuple[int, int]:
        """Where the camera's status line goes (its top left corner)."""
        ...

    @property
    def camera_status_width(self) -> int:
        """How wide the camera's status line may be (pixels): it is made smaller to fit."""
        ...

    @property
    def notice_in_status(self) -> bool:
        """True when the scene's own status box says the camera is lost (no banner over it)."""
        ...

    def table_hint(self) -> M | None:
        """The hint's move to light on the table (None: no hint shown)."""
        ...

    def on_move(self, before: S, move: M, after: S) -> None:
        """A move was played (here: from the table): animate it."""

    def cell_rect(self, cell: tuple[int, int]) -> pygame.Rect | None:
        """Where board cell ``cell`` is on screen."""
        ...

    def board_rect(self) -> pygame.Rect | None:
        """The board's area on screen."""
        ...

    def spot_rect(self, name: str) -> pygame.Rect | None:
        """Where the screen shows a spot of the mat off the grid."""
        ...

    def move_spots(self, state: S, move: M) -> tuple[str, ...]:
        """The spots off the grid that ``move`` touches on a real table."""
        ...

    def draw_piece(self, surface: Target, code: str, rect: pygame.Rect, alpha: int = 255) -> None:
        """Draw the physical piece ``code`` in ``rect``, see-through by ``alpha``."""

    def draw_physical_prompt(self, surface: Target, lines: list[str], tone: ui.Color) -> None:
        """What the table must do now, in the scene's own place for it."""


class TableMode(Protocol):
    """A scene's physical-board mode as the scene sees it (see :mod:`kiosk.physical`)."""

    @property
    def phase(self) -> Phase:
        """What the table is waiting for."""
        ...

    @property
    def touch_allowed(self) -> bool:
        """True while the camera does not see the board: the screen is played by touch."""
        ...

    @property
    def screen_plays_computer(self) -> bool:
        """True when the scene plays the computer's moves itself."""
        ...

    @property
    def replaying(self) -> bool:
        """True when a record is replayed (the screen only watches)."""
        ...

    def update(self, dt: float, held: bool = False) -> bool:
        """Move on by ``dt``; True when somebody is at the table."""
        ...

    def hold(self, on: bool) -> None:
        """Nothing on the table counts while held (a card over the game)."""

    def lights(self) -> BoardLights | None:
        """The LED board's lights (None: the scene's usual lights)."""
        ...

    def draw(self, surface: Target) -> None:
        """What the table needs, over the scene's board."""

    def after_draw(self) -> None:
        """The frame is drawn."""

    def close(self) -> None:
        """Stop the camera, end the record."""

    def summary(self) -> Summary:
        """For ``state_summary``."""
        ...

    def prompt_lines(self) -> list[str]:
        """What the table must do now, in words (empty while the game's own lines apply)."""
        ...

    def prompt_tone(self) -> ui.Color:
        """The prompt's colour."""
        ...

    def notice(self) -> str | None:
        """The camera-lost notice while it is new (None otherwise): a scene whose status box
        says it shows it there instead of its own line, one message at a time."""
        ...

    def camera_line(self) -> tuple[str, ui.Color] | None:
        """The camera's problem of the moment in words and its colour, if any."""
        ...

    def guide_move(self) -> Move | None:
        """The computer's move the table is asked to do now (None: none)."""
        ...


@runtime_checkable
class OnTable(Protocol):
    """A screen that may be played on a real table (the chronicle watches its phase)."""

    match: Match
    game: str
    table: TableMode | None
