"""Nothing is lost: the game in progress is saved after every move, and after a crash or a power
cut the kiosk starts where it was.

The :class:`MatchKeeper` looks at the scene stack once a frame: when the match of the game on
screen changed (its ``version``), its text (:meth:`games.match.Match.to_text`) is written with
:class:`~kiosk.storage.SaveStore`, atomically, on a writer thread so that a slow SD card never
stalls a frame. A finished game, or the visitor going back to the menu, clears the save.
A game left unfinished for the menu is kept aside (:meth:`MatchKeeper.keep_aside`): the menu
offers "Continuer ma partie" until another game is left unfinished or the visitors go (idle).
:meth:`MatchKeeper.resume` rebuilds the game's scene from the save; a save that cannot be read
back (corrupt, an illegal move, a game no longer installed) is set aside with a log line.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from games import jobs
from kiosk.storage import SaveStore

if TYPE_CHECKING:
    from kiosk.game_scene import GameScene
    from kiosk.host import Host
    from kiosk.scene import Scene

log = logging.getLogger("kiosk.keeper")


class Writer:
    """Writes on its own thread, the newest job only (an older save is worthless once a newer one
    exists); synchronous when ``threaded`` is False (headless runs, tests)."""

    def __init__(self, threaded: bool) -> None:
        self.threaded = threaded
        self._job: Callable[[], object] | None = None
        self._wake = threading.Condition()
        self._thread: jobs.Job | None = None
        self._busy = False

    def submit(self, job: Callable[[], object]) -> None:
        """Run ``job`` soon (replacing a job not started yet)."""
        if not self.threaded:
            self._run_one(job)
            return
        with self._wake:
            self._job = job
            if self._thread is None:
                # On a pool's thread for good: the first save's frame starts none (games/jobs.py).
                self._thread = jobs.submit(self._loop, "kiosk-save")
            self._wake.notify()

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until every submitted job has run (at exit)."""
        with self._wake:
            self._wake.wait_for(lambda: self._job is None and not self._busy, timeout)

    def _loop(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._job is not None)
                job, self._job, self._busy = self._job, None, True
            self._run_one(job)
            with self._wake:
                self._busy = False
                self._wake.notify_all()

    @staticmethod
    def _run_one(job: Callable[[], object] | None) -> None:
        if job is None:
            return
        try:
            job()
        except Exception:  # noqa: BLE001 - a full disk must not stop the game: logged
            log.exception("could not save the game in progress")


class MatchKeeper:
    """Saves the game on screen after every move; see the module docstring. ``store`` None
    (outside kiosk mode) keeps nothing."""

    def __init__(self, app: Host, store: SaveStore | None, threaded: bool = True) -> None:
        self.app = app
        self.store = store
        self.writer = Writer(threaded)
        self._last: tuple[int, int] | None = None
        self._saved = False
        self.saves = 0
        #: The game left unfinished for the menu: (game, match text), or None.
        self.kept: tuple[str, str] | None = None

    def game_scene(self) -> GameScene | None:
        """The game being played (the lowest game scene, not in attract mode), or None."""
        from kiosk.game_scene import GameScene

        for scene in self.app.stack.scenes:
            if isinstance(scene, GameScene) and not scene.attract:
                return scene
        return None

    def after_frame(self) -> None:
        """Save if the match changed since the last save; clear when no game is on screen."""
        if self.store is None:
            return
        scene = self.game_scene()
        if scene is None:
            if self._saved:
                self.clear()
            return
        match = scene.match
        key = (id(match), match.version)
        if key == self._last:
            return
        self._last = key
        if match.is_over() or not match.moves:
            if self._saved:
                self.clear()
            return
        game, text, store = match.game, match.to_text(), self.store
        self._saved = True
        self.saves += 1
        self.writer.submit(lambda: store.save(game, text))

    def clear(self) -> None:
        """Forget the saved game (after the pending write, so it cannot come back)."""
        self._last = None
        self._saved = False
        if self.store is not None:
            store = self.store
            self.writer.submit(store.clear)

    def flush(self) -> None:
        """Finish writing (at exit)."""
        self.writer.flush()

    def forget(self) -> None:
        """The visitors left: their save and the game kept aside go."""
        self.kept = None
        self.clear()

    def keep_aside(self) -> None:
        """The game on screen is left for the menu: keep it when unfinished (moves played)."""
        scene = self.game_scene()
        if scene is not None and scene.match.moves and not scene.match.is_over():
            self.kept = (scene.match.game, scene.match.to_text())

    def take_kept(self) -> Scene | None:
        """The game kept aside, rebuilt and ready to play on (on the real table if it was played
        there and the camera is still here), or None."""
        if self.kept is None:
            return None
        (game, text), self.kept = self.kept, None
        try:
            scene = scene_for_saved(self.app, game, text)
        except Exception:  # noqa: BLE001 - a game that cannot come back must not stop the menu
            log.exception("cannot continue the %s game kept aside", game)
            return None
        resume_on_the_table(scene)
        return scene

    def resume(self) -> Scene | None:
        """The saved game's scene, ready to play on, or None (no save, or one set aside)."""
        if self.store is None:
            return None
        saved = self.store.load()
        if saved is None:
            return None
        try:
            scene = scene_for_saved(self.app, saved.game, saved.text)
        except Exception as exc:  # noqa: BLE001 - any bad save: set aside, start on the menu
            self.store.set_aside(f"cannot resume the {saved.game} game: {type(exc).__name__}: {exc}")
            return None
        log.info("resumed the %s game saved before the program stopped", saved.game)
        resume_on_the_table(scene)
        self._last = (id(scene.match), scene.match.version)
        self._saved = True
        return scene

    def holds_a_game(self) -> bool:
        """True when a game in progress is saved (it will be resumed at the next start)."""
        return self.store is not None and self._saved and not self.store.failing

    def keep_unfinished(self, starting: str) -> None:
        """The kiosk starts on a game, not on its menu (``play awele --kiosk``): an unfinished
        game saved before is set aside (``match.json.unfinished-<time>``) with a log line,
        rather than replaced by the new game's first save. Nobody said yes to losing it."""
        if self.store is None:
            return
        saved = self.store.load()
        if saved is not None:
            self.store.set_aside(f"an unfinished {saved.game} game, kept because the kiosk started on {starting} "
                                 f"(rename it back to {self.store.path.name} to resume it from the menu)",
                                 label="unfinished")


def resume_on_the_table(scene: GameScene) -> None:
    """A game saved while played on the real board goes back to it: the physical-board mode's
    assistant then guides the pieces back to the saved position before play resumes. Without a
    camera now, the board's seats become people at the screen (the game goes on by touch)."""
    from games.match import BOARD, PERSON, Seat

    board_seats = [player for player, seat in scene.match.seats.items() if seat.kind == BOARD]
    if not board_seats:
        return
    if scene.app.devices.camera is not None:
        from kiosk.physical import attach

        if attach(scene) is not None:
            return
    for player in board_seats:
        scene.match.set_seat(player, Seat(PERSON))


def scene_for_saved(app: Host, game: str, text: str) -> GameScene:
    """Rebuild a game's scene from a saved match's text, with the ``resume`` factory of the
    game's registered screens (:class:`kiosk.screens.GameScreens`)."""
    from games.match import Match
    from kiosk.game_scene import GameScene
    from kiosk.screens import screens_for

    screens = screens_for(game)
    match = Match.from_text(text, thinker=GameScene.thinker_for(app))
    if match.game != game:
        raise ValueError(f"the save says {game} but holds a {match.game} match")
    return screens.resume(app, match)
