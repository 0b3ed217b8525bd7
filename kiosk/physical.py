"""The physical-board mode of any :class:`kiosk.game_scene.GameScene`: real pieces under a camera.

:class:`PhysicalMode` plugs a :class:`games.physical.PhysicalSession` (camera feed, sync engine,
record) into a game's scene. The scene keeps drawing its own board; the mode

* moves the session along every frame and animates the moves it plays (the table's moves, the
  computer's move once done on the table, a replay's screen actions) with the scene's own
  animation and sound;
* draws what the table needs over the scene's board, with the scene's own pieces
  (:meth:`GameScene.cell_rect`, :meth:`GameScene.draw_piece`): the setup assistant (a ghost of
  every piece still to lay, a cross on every cell to empty), rings around the cells to put
  right with their sentence ("Remets le jeton rouge ici (b5)."), the computer's move to do (a
  ring on the piece, an arrow to its target), and the camera's status;
* gives the LED board the engine's lights (the cells to put right blink, the computer's move
  blinks source then target), and leaves the scene's usual lights while the camera is lost;
* lets the screen be played by touch only while the camera does not see the board.

The camera comes from the app's devices (``app.devices.camera``, a ``CameraPort`` opened by
``main.py``): ``kiosk`` never imports ``vision``.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

import pygame

from games.boards import EMPTY, UNKNOWN
from games.effects import BoardLights, EffectBus
from games.match import M, S
from games.physical import PhysicalSession, RecordWriter, TableFeed, TableOptions, TablePort
from games.ports import CameraProblem
from games.registry import spec
from games.sync import COMPUTER, DRAW, FIX, HAND_PROBLEMS, LOST, SETUP, Phase, Reading, Status, SyncEngine
from kiosk import draw, theme, ui
from kiosk.canvas import Target
from kiosk.game_scene import GameScene
from kiosk.i18n import counted, has_key, tr
from kiosk.screens import GameScreens
from kiosk.table_mode import Summary, TableHost

log = logging.getLogger("kiosk.physical")

AnyScene = TypeVar("AnyScene", bound=GameScene)

#: Ring colours: a piece to put (the piece's own colour is drawn inside), a piece to take away,
#: the computer's move.
PUT, REMOVE, GUIDE = (230, 90, 30), (240, 190, 20), (60, 150, 230)
#: Longest status text drawn as it came (longer ones are cut).
MAX_STATUS = 60
#: Fix sentences listed under the headline (the rest: "and N more").
SHOWN_FIXES = 2
#: The reader's statuses that mean a hand is over the table (somebody is there).
AT_THE_TABLE = frozenset({CameraProblem.MOTION, CameraProblem.COVERED})

#: How long a scene whose status box says "the camera is lost" shows it there (game seconds)
#: before its own line comes back (the camera line keeps a short reminder).
NOTICE_SECONDS = 4.0


class PhysicalMode(Generic[S, M]):
    """A scene's physical-board mode (see the module documentation): a
    :class:`kiosk.table_mode.TableMode` of its ``scene`` (a :class:`kiosk.table_mode.TableHost`).

    ``camera`` is the app's camera (a :class:`games.physical.TablePort`); ``bus`` the
    app's effects; ``record`` a new file for ``--record`` (an existing one is replaced only with
    ``force``); ``seed`` seeds the synthetic camera's visitor; ``closers`` the app's list of
    things to close at the end of a run (the mode leaves it once closed).
    """

    def __init__(self, scene: TableHost[S, M], camera: TablePort, bus: EffectBus | None = None, *,
                 record: str | None = None, seed: int = 0, force: bool = False,
                 closers: list[Callable[[], None]] | None = None) -> None:
        self.scene = scene
        self.camera = camera
        self._closers = closers
        writer = RecordWriter(record, force) if record else None
        self.session: PhysicalSession[S, M] = PhysicalSession(scene.match, None, bus, record=writer,
                                       camera=camera.spec, publish_lights=False)
        self.stepped = camera.stepped
        feed: TableFeed = camera.feed(self.session.engine, seed=seed)
        self.session.start(feed)
        self.time = 0.0
        self._t0 = time.monotonic()
        self.closed = False
        #: Wall-clock times at which moves played from the table were first drawn (the bench).
        self.shown: list[tuple[int, float]] = []
        self._pending_shown: int | None = None
        #: The paper was once read at the sensor's limit: said to the operator (the log), once.
        self._told_bright = False
        #: When (the mode's time) the camera was last found lost (None: it sees the board).
        self._lost_at: float | None = None

    @property
    def engine(self) -> SyncEngine[S, M]:
        """The sync engine."""
        return self.session.engine

    @property
    def phase(self) -> Phase:
        """What the table is waiting for (the engine's phase)."""
        return self.engine.phase

    @property
    def touch_allowed(self) -> bool:
        """True while the camera does not see the board: the screen is played by touch."""
        return self.engine.touch_allowed

    def guide_move(self) -> M | None:
        """The computer's move the table is asked to do now (its first step), if any."""
        guide = self.engine.guide
        return guide.moves[0] if guide is not None else None

    def hold(self, on: bool) -> None:
        """Hold the table (a card over the game), unless a replay holds and releases as recorded."""
        if not self.replaying:
            self.engine.hold(on)

    @property
    def screen_plays_computer(self) -> bool:
        """True when the scene plays the computer's moves itself (camera lost); otherwise the
        computer's move waits until it is done on the table."""
        return self.touch_allowed and not self.replaying

    @property
    def replaying(self) -> bool:
        """True when a record is being replayed (the screen only watches)."""
        return self.camera.kind == "record"

    # --- the frame ----------------------------------------------------------------------------

    def update(self, dt: float, held: bool = False) -> bool:
        """Move the session along and animate what it played. ``held`` while a card or the rules
        cover the game, or the seats are not chosen yet: nothing on the table counts (the engine
        keeps the readings and judges the table as it stands on release; a replay holds and
        releases as recorded). True when somebody is at the table (pieces moved, a hand over
        it): as good as a touch for the kiosk's idle timer."""
        if self.closed:
            return False
        self.time += dt
        now = self.time if self.stepped else time.monotonic() - self._t0
        scene, match = self.scene, self.scene.match
        self.engine.show_hint(scene.table_hint())
        before = len(match.moves)
        if held and not self.replaying:
            self.engine.hold(True)
        events = self.session.update(now)
        if self.engine.phase != LOST:
            self._lost_at = None
        elif self._lost_at is None:
            self._lost_at = self.time
        if not held and not self.replaying:
            self.engine.hold(False)  # after the readings that came meanwhile: judged as the table stands
        after = len(match.moves)
        if after > before:
            states, moves = match.history.states, match.moves
            for k in range(before, after):
                scene.on_move(states[k], moves[k], states[k + 1])
            self._pending_shown = after
        return any(isinstance(event, Reading) or (isinstance(event, Status) and event.problem in AT_THE_TABLE)
                   for event in events)

    def after_draw(self) -> None:
        """Called once the frame is drawn: remembers when a table move first showed (bench)."""
        if self._pending_shown is not None:
            self.shown.append((self._pending_shown, time.perf_counter()))
            del self.shown[:-1000]
            self._pending_shown = None

    def lights(self) -> BoardLights | None:
        """The LED board's lights (None: the scene's usual lights)."""
        if self.closed:
            return None
        return self.session.lights()

    def close(self) -> None:
        """Stop the camera; the record ends with the final position."""
        if not self.closed:
            self.closed = True
            self.session.close()
            # Closed: the app's closers need not keep it (and its scene) alive for the rest of the day.
            if self._closers is not None:
                with contextlib.suppress(ValueError):
                    self._closers.remove(self.close)

    def summary(self) -> Summary:
        """For ``state_summary``: the phase, the fixes, the camera."""
        engine = self.engine
        return {
            "phase": engine.phase,
            "fixes": [fix.as_dict() for fix in engine.fixes],
            "camera": self.camera.spec,
            "problem": engine.problem,
            "mismatches": engine.mismatches,
            "frame": engine.frame,
        }

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: Target) -> None:
        """What the table needs, over the scene's board, and the camera's status."""
        engine, scene = self.engine, self.scene
        phase = engine.phase
        if phase == SETUP:
            self._draw_setup(surface)
        elif phase == FIX:
            self._draw_fixes(surface)
        elif phase == COMPUTER and engine.guide is not None:
            self._draw_guide(surface)
        elif phase == DRAW and engine.drawing is not None:
            self._ring_spots(surface, scene.move_spots(scene.match.state, engine.drawing), GUIDE)
        if phase == LOST and not scene.notice_in_status:
            self._banner(surface, tr("physical.lost"), theme.BAD)
        lines = self.prompt_lines()
        if lines:
            scene.draw_physical_prompt(surface, lines, self.prompt_tone())
        self._draw_camera(surface)

    def prompt_lines(self) -> list[str]:
        """What the table must do now, in words (empty while the game's own lines apply): the
        headline, then the cells still to set up or the fixes one by one, most urgent first."""
        engine = self.engine
        phase = engine.phase
        prompt = engine.prompt()
        if phase not in (SETUP, FIX, COMPUTER, DRAW) or prompt is None:
            return []
        lines = [prompt.render(tr)]
        if phase == SETUP:
            todo = sum(1 for fix in engine.fixes if fix.cell is not None)
            if todo:
                lines.append(counted("physical.setup.todo", todo, n=todo))
        elif phase == FIX:
            lines += [fix.sentence.render(tr) for fix in engine.fixes[:SHOWN_FIXES]]
            if len(engine.fixes) > SHOWN_FIXES:
                more = len(engine.fixes) - SHOWN_FIXES
                lines.append(counted("physical.fix.more", more, n=more))
        return lines

    def prompt_tone(self) -> ui.Color:
        """The prompt's colour: red for a table to put right, sky blue for the computer's move."""
        return {FIX: theme.BAD, COMPUTER: GUIDE, DRAW: GUIDE}.get(self.engine.phase, theme.ACCENT)

    def _pulse(self, speed: float = 4.0) -> float:
        return 0.5 + 0.5 * math.sin(self.time * speed)

    def _ring(self, surface: Target, rect: pygame.Rect, colour: ui.Color, width: int = 5) -> None:
        """A pulsing ring around ``rect``: a circle round a token's cell, a rounded square
        round a tile's square or a spot."""
        grow = round(3 * self._pulse())
        if self.scene.ring_shape == "circle" and abs(rect.width - rect.height) <= rect.width // 4:
            radius = rect.width // 2 + 2 + grow
            draw.circle(surface, ui.darker(colour, 0.35), rect.center, radius + 2, width + 2)
            draw.circle(surface, colour, rect.center, radius, width)
            return
        box = rect.inflate(2 * (width + grow), 2 * (width + grow))
        corner = max(6, min(box.width, box.height) // 5)
        draw.rect(surface, ui.darker(colour, 0.35), box.inflate(4, 4), width + 2, border_radius=corner + 2)
        draw.rect(surface, colour, box, width, border_radius=corner)

    def _ring_spots(self, surface: Target, names: Iterable[str], colour: ui.Color) -> None:
        """Ring the spots off the grid that the scene shows (the hand, the reserve)."""
        for name in names:
            rect = self.scene.spot_rect(name)
            if rect is not None:
                self._ring(surface, rect, colour)

    def _cross(self, surface: Target, rect: pygame.Rect, colour: ui.Color) -> None:
        inset = rect.inflate(-rect.width // 2, -rect.height // 2)
        for a, b in ((inset.topleft, inset.bottomright), (inset.topright, inset.bottomleft)):
            draw.line(surface, ui.darker(colour, 0.4), a, b, 9)
            draw.line(surface, colour, a, b, 5)

    def _draw_cell_fixes(self, surface: Target, ghosts: bool) -> None:
        scene = self.scene
        for fix in self.engine.fixes:
            if fix.cell is None:
                self._ring_spots(surface, (str(fix.where),), REMOVE if fix.role == "remove" else PUT)
                continue
            rect = scene.cell_rect(fix.cell)
            if rect is None:
                continue
            if fix.role == "remove":
                if fix.have not in (EMPTY, UNKNOWN):
                    scene.draw_piece(surface, fix.have, rect, 110)  # what lies there, crossed out
                self._ring(surface, rect, REMOVE)
                self._cross(surface, rect, REMOVE)
                continue
            if ghosts and fix.want != EMPTY:
                scene.draw_piece(surface, fix.want, rect, 150 + round(80 * self._pulse()))
            self._ring(surface, rect, PUT)

    def _draw_setup(self, surface: Target) -> None:
        area = self.scene.board_rect()
        if area is not None:
            ui.draw_veil(surface, theme.BACKGROUND, 170, area)  # a strip, not a 10 MB sheet (issue 22)
        self._draw_cell_fixes(surface, ghosts=True)

    def _draw_fixes(self, surface: Target) -> None:
        self._draw_cell_fixes(surface, ghosts=True)

    def _draw_guide(self, surface: Target) -> None:
        guide, scene = self.engine.guide, self.scene
        assert guide is not None
        self._ring_spots(surface, scene.move_spots(guide.states[0], guide.moves[0]), GUIDE)
        source, target = guide.cells
        rects = [scene.cell_rect(cell) if cell is not None else None for cell in (source, target)]
        phase = (self.time % 1.6) / 1.6  # as the LEDs: the source, then the target
        if rects[0] is not None:
            self._ring(surface, rects[0], GUIDE, 6 if phase < 0.5 else 3)
        if rects[1] is not None:
            self._ring(surface, rects[1], GUIDE, 6 if phase >= 0.5 else 3)
            assert target is not None
            r, c = target
            piece = self.engine.board.picture(guide.target).grid[r][c]
            if piece != EMPTY:
                scene.draw_piece(surface, piece, rects[1], 120 + round(100 * self._pulse()))
        if rects[0] is not None and rects[1] is not None:
            _arrow(surface, rects[0].center, rects[1].center, GUIDE)

    def _banner(self, surface: Target, text: str, colour: ui.Color) -> None:
        rect = pygame.Rect(20, 14, 820, 54)
        ui.draw_panel(surface, rect, theme.PANEL, 18, 6, border=colour)
        ui.draw_fitted_text(surface, text, rect.inflate(-30, -8), 24, ui.darker(colour, 0.2), "bold", "center")

    def notice(self) -> str | None:
        """The camera-lost notice for a scene whose status box says it
        (:attr:`~kiosk.table_mode.TableHost.notice_in_status`), during its first
        :data:`NOTICE_SECONDS` of the loss; then the box goes back to the game's own line and the
        camera's line says it in short (:meth:`camera_line`)."""
        if self.engine.phase != LOST or self._lost_at is None or not self.scene.notice_in_status:
            return None
        return tr("physical.lost") if self.time - self._lost_at < NOTICE_SECONDS else None

    def camera_line(self) -> tuple[str, ui.Color] | None:
        """The camera's problem of the moment in words and its colour (None when all is well,
        or while the banner or the status box says the camera is lost)."""
        engine = self.engine
        problem = engine.problem
        if engine.phase == LOST:
            if self.scene.notice_in_status and self.notice() is None:
                return tr("physical.lost.short"), theme.BAD
            return None
        if not problem:
            # Read, but on paper at the sensor's limit: worth lowering the exposure when one can.
            # That is the operator's business (the log, `doctor`'s advice), not the visitors': the
            # board is read, and a child cannot change a camera's exposure.
            live = self.session.feed.live if self.session.feed is not None else None
            if live is not None and live.paper_bright and not self._told_bright:
                self._told_bright = True
                log.info("the mat's paper is read at the camera's limit: lower the camera's exposure if you can")
            return None
        key = f"physical.problem.{problem}"
        if problem == CameraProblem.OVEREXPOSED:
            live = self.session.feed.live if self.session.feed is not None else None
            if live is not None and live.lowering_exposure:
                key += ".lowering"  # the board lowers the exposure itself: nothing to ask yet
        # An unknown status is shown as it came (a calibration's error), cut short: the font
        # renderer must never be handed a long text (a replayed record may hold anything).
        text = tr(key) if has_key(key) else problem if len(problem) <= MAX_STATUS else problem[:MAX_STATUS - 1] + "…"
        colour = theme.INK_SOFT if problem in HAND_PROBLEMS else theme.BAD
        return tr("physical.camera.status", status=text), colour

    def _draw_camera(self, surface: Target) -> None:
        """A small status line where the scene keeps room for it (``camera_status_at``)."""
        line = self.camera_line()
        if line is None:
            return
        x, y = self.scene.camera_status_at
        # Fitted to the room the scene keeps (under Lightning's title, the status box is beside it).
        ui.draw_fitted_text(surface, line[0], pygame.Rect(x, y, self.scene.camera_status_width, 24), 18, line[1],
                            "bold")


def _arrow(surface: Target, start: tuple[int, int], end: tuple[int, int], colour: ui.Color) -> None:
    """A thick arrow from ``start`` to ``end`` stopping short of both cells' centres."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    a = (start[0] + ux * length * 0.28, start[1] + uy * length * 0.28)
    b = (end[0] - ux * length * 0.28, end[1] - uy * length * 0.28)
    head = 18
    left = (b[0] - ux * head - uy * head * 0.7, b[1] - uy * head + ux * head * 0.7)
    right = (b[0] - ux * head + uy * head * 0.7, b[1] - uy * head - ux * head * 0.7)
    draw.line(surface, ui.darker(colour, 0.35), a, b, 10)
    draw.line(surface, colour, a, b, 6)
    draw.polygon(surface, colour, [b, left, right])


def has_physical_mode(screens: GameScreens) -> bool:
    """True when a game's screens offer the physical board and its board description has pieces
    a camera can read (tokens or tiles): the menu then offers "Plateau réel" on its card."""
    return screens.physical and spec(screens.key).default_board().readable


def attach(scene: GameScene[S, M], *, record: str | None = None, force: bool = False) -> PhysicalMode[S, M] | None:
    """Put ``scene`` in the physical-board mode with the app's camera (None without one): the
    scene takes the mode as its table component (:meth:`GameScene.play_on_table`)."""
    camera = scene.app.devices.camera
    if camera is None:
        return None
    closers = scene.app.devices.closers

    def make(host: TableHost[S, M]) -> PhysicalMode[S, M]:
        return PhysicalMode(host, camera, scene.app.effects, record=record, seed=scene.match.seed, force=force,
                            closers=closers)

    mode = scene.play_on_table(make)
    closers.append(mode.close)  # a run that ends on this scene closes it too
    return mode


def attach_to_play(scene: AnyScene, table: TableOptions) -> AnyScene:
    """``play GAME --physical``: ``scene`` on the real board of the command line's camera,
    writing ``--record`` (``table``: the options :func:`games.physical.physical_options` checked);
    unchanged without ``--physical``. Returns the scene."""
    if table.physical:
        attach(scene, record=table.record, force=table.force)
    return scene
