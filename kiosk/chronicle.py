"""What the day's record says: visits, games and how they ended, pages read, faults, devices.

The :class:`Chronicle` is told about the stand by the shared layers, once for every game:

* ``App``: a visitor's input (:meth:`Chronicle.presence` opens a visit), a fault recovered
  (:meth:`Chronicle.fault`), each frame (:meth:`Chronicle.after_frame`: the rules or science page
  on screen, the language, the LED board now and then, the physical mode's phase), the start
  and the stop;
* the attendant: the visitors left (:meth:`Chronicle.visitors_left`, the idle reset);
* ``GameScene``: every change of its match (:meth:`Chronicle.match_changed`: a game begins
  with its first move and ends with :meth:`games.match.Match.result`, or abandoned by a restart,
  new seats or leaving the screen);
* each frame, the physical-board mode's phase of a game on the stack (fixes asked, the camera
  lost and found again);
* a game with a computer level that learns (``learning`` in :class:`games.contract.Game`): its
  machine was reset (:meth:`Chronicle.learning_reset`: the operator's button, or fresh boxes in
  the morning), so the report counts its games to stop losing from there.

Each event becomes one line of :class:`kiosk.daybook.DayBook` (see docs/kiosk.md for the list),
with its wall time ``t`` and a reading ``m`` of a clock that never steps back (durations are
measured on it: NTP setting the clock back on a board without a real-time clock changes
nothing); ``start`` and ``visit`` say the stand's UTC offset ``tz`` (the report's hours are the
stand's, wherever it is read). A game continued later ("Continuer ma partie", or resumed after
a restart) is written as a part of the game it continues: its ``game`` event says ``resumed``
(the moves it comes back with) and ``since`` (the game's first start, kept in the match's save
as ``meta["since"]``), so the report counts one game, not an abandoned one and a new one.
On the frame thread only a small dict is built and queued. Attract mode's games between
computers are not the visitors' and are not recorded. No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.sync import Phase
from kiosk import i18n
from kiosk.daybook import DayBook
from kiosk.devices import LedPort
from kiosk.table_mode import OnTable

#: How a game that did not finish ended.
ABANDONED, IDLE, FAULT = "abandoned", "idle", "fault"
#: The match's ``meta`` key holding its game's first start (epoch seconds).
SINCE = "since"
#: Frames between two looks at the LED board's link.
LED_EVERY = 60


@dataclass
class _Track:
    """One match being watched: when it (re)started, and its game number once a move was played."""

    match: Any
    started: float
    #: :attr:`started` on the monotonic clock (a part's length is measured on it).
    started_m: float = 0.0
    #: Moves the match came back with (from a save, or kept for "Continuer"): 0 for a new game.
    resumed: int = 0
    number: int | None = None
    moves: int = 0
    board: str = "screen"
    fixes: int = 0
    lost: int = 0
    back: int = 0
    #: The physical-board mode's phase last frame (None: not played on a table, or not yet).
    phase: Phase | None = None


class Chronicle:
    """Turns what happens at the stand into the day's events (see the module docstring).

    ``book`` None records nothing (outside kiosk mode, or a state folder that cannot be written);
    ``clock`` gives the epoch time of an event (a headless run's simulated time in tests),
    ``mono`` a clock that never steps back (by default :func:`time.monotonic` with the real
    time, else ``clock`` itself).
    """

    def __init__(self, book: DayBook | None, clock: Callable[[], float] = time.time,
                 mono: Callable[[], float] | None = None) -> None:
        self.book = book
        self.clock = clock
        self.mono = mono or (time.monotonic if clock is time.time else clock)
        self.visit = 0
        self.in_visit = False
        self.games = 0
        self._tracks: dict[int, _Track] = {}
        self._page: tuple[str, str, int] | None = None
        self._language = i18n.language()
        self._leds_up: bool | None = None
        self._frames = 0

    @property
    def on(self) -> bool:
        """True while events are written."""
        return self.book is not None and self.book.enabled

    def emit(self, name: str, /, **fields: Any) -> None:
        """Queue one event ``name`` with ``fields`` and the time."""
        if self.on:
            assert self.book is not None
            self.book.write({"t": round(self.clock(), 2), "e": name, **fields, "m": round(self.mono(), 3)})

    # --- the kiosk ---------------------------------------------------------------------------

    def started(self) -> None:
        """The kiosk started (a visit or game left open before it was cut off)."""
        self.emit("start", lang=i18n.language(), tz=self._offset())

    def stopped(self) -> None:
        """The operator quit: close what is open, then write everything down."""
        self._close_all(ABANDONED)
        self._leave("stop")
        self.emit("stop")
        if self.book is not None:
            self.book.close()
            self.book = None

    def presence(self) -> None:
        """A visitor's input: the first one after an idle reset opens a visit."""
        if not self.in_visit and self.on:
            self.in_visit = True
            self.visit += 1
            self.emit("visit", n=self.visit, lang=i18n.language(), tz=self._offset())

    def _offset(self) -> int:
        """The stand's UTC offset now, in seconds (the report's hours are the stand's)."""
        return time.localtime(self.clock()).tm_gmtoff

    def visitors_left(self, why: str) -> None:
        """The idle reset (``why``: "idle" after "Encore là ?", "attract" on the menu): a game
        still going ends as reset by idleness, and the visit ends."""
        self._close_all(IDLE)
        self._leave(why)

    def _leave(self, why: str) -> None:
        if self.in_visit:
            self.in_visit = False
            self.emit("leave", n=self.visit, why=why)

    def fault(self, where: str, scene: str) -> None:
        """An error was recovered (back to the menu): the game on screen ends by the fault."""
        self._close_all(FAULT)
        self.emit("fault", where=where, scene=scene)

    # --- games -------------------------------------------------------------------------------

    def learning_reset(self, game: str, level: str, why: str) -> None:
        """``game``'s learning computer ``level`` starts again from nothing (``why``: "operator",
        the operator's button; "morning", fresh each morning): the report counts the games it
        needs to stop losing from this line."""
        self.emit("reset", game=game, level=level, why=why)

    def match_changed(self, scene: Any, event: str) -> None:
        """``scene``'s match changed (``event``: "move", "undo", "restart", "seats")."""
        if not self.on or scene.attract or scene.match.all_computers:
            return
        track = self._track(scene, event)
        if event in ("restart", "seats"):
            self._close(track, ABANDONED)
            track.started, track.started_m, track.fixes, track.lost, track.back = self.clock(), self.mono(), 0, 0, 0
            track.resumed = 0
            return
        track.moves = len(scene.match.history.moves)
        if event == "move" and track.number is None:
            self._open(scene, track)
        result = scene.match.result()
        if result is not None:
            self._close(track, result)

    def scene_left(self, scene: Any) -> None:
        """``scene`` left the screen for good: its game, if still going, was abandoned."""
        track = self._tracks.pop(id(scene.match), None)
        if track is not None:
            self._close(track, ABANDONED)

    def physical_phase(self, scene: OnTable, phase: Phase) -> None:
        """The physical-board mode's phase this frame: counts the fixes asked and the camera's
        losses and returns."""
        if not self.on:
            return
        track = self._track(scene)
        if phase == track.phase:
            return
        if phase is Phase.FIX:
            track.fixes += 1
        if phase is Phase.LOST:
            track.lost += 1
            self.emit("camera", up=False, game=scene.game)
        elif track.phase is Phase.LOST:
            track.back += 1
            self.emit("camera", up=True, game=scene.game)
        track.phase = phase

    def _track(self, scene: Any, event: str = "") -> _Track:
        key = id(scene.match)
        track = self._tracks.get(key)
        if track is None or track.match is not scene.match:
            # A match met with moves already played came back from a save (or was kept for
            # "Continuer"): its game goes on, it does not begin.
            before = len(scene.match.history.moves) - (event == "move")
            track = _Track(scene.match, self.clock(), self.mono(), max(0, before))
            self._tracks[key] = track
        track.board = "real" if isinstance(scene, OnTable) and scene.table is not None else "screen"
        return track

    def _open(self, scene: Any, track: _Track) -> None:
        self.games += 1
        track.number = self.games
        seats = scene.match.seats
        levels = [seat.level for seat in seats.values() if seat.is_computer]
        meta = scene.match.meta
        part: dict[str, Any] = {}
        since = meta.get(SINCE)
        if track.resumed:
            part["resumed"] = track.resumed
            if isinstance(since, (int, float)) and not isinstance(since, bool):
                part["since"] = since
        else:  # its first start, kept in its save: a later part of it names it
            meta[SINCE] = round(self.clock(), 2)
        self.emit("game", id=track.number, n=self.visit, game=scene.game,
                  seats=[seats[p].kind for p in sorted(seats)], level=levels[0] if levels else None,
                  board=track.board, lang=i18n.language(), **part)

    def _close(self, track: _Track, how: str) -> None:
        if track.number is None:
            return
        self.emit("end", id=track.number, how=how, moves=track.moves,
                  s=round(max(0.0, self.mono() - track.started_m), 1), fixes=track.fixes, lost=track.lost,
                  back=track.back)
        track.number = None

    def _close_all(self, how: str) -> None:
        for track in self._tracks.values():
            self._close(track, how)
        self._tracks.clear()

    # --- every frame ---------------------------------------------------------------------------

    def after_frame(self, scenes: Sequence[object], leds: LedPort | None) -> None:
        """Once a frame: the physical-board mode's phase, the rules or science page on screen
        (``scenes``: the app's stack, bottom first), the language, and (once a second) the LED
        board's link (``leds``: the app's LED board, if any)."""
        if not self.on:
            return
        for scene in scenes:
            if isinstance(scene, OnTable) and scene.table is not None:
                self.physical_phase(scene, scene.table.phase)
        self._look_at_page(scenes)
        language = i18n.language()
        if language != self._language:
            self._language = language
            self.emit("lang", lang=language)
        self._frames += 1
        if leds is not None and self._frames % LED_EVERY == 0:
            up = leds.led_status().connected
            if up != self._leds_up and (self._leds_up is not None or not up):
                self.emit("leds", up=up)
            self._leds_up = up

    def _look_at_page(self, scenes: Sequence[object]) -> None:
        page: tuple[str, str, int] | None = None
        top = scenes[-1] if scenes else None
        # probe: scenes as objects (typing them as Scene is an import circle through kiosk.host)
        name = getattr(top, "name", "")
        if name == "rules" and len(scenes) > 1:
            # probe: the rules page and its game's scene, as objects (above)
            page = ("rules", str(getattr(scenes[-2], "game", "")), int(getattr(top, "page", 0)))
        elif name == "science":
            # probe: the science corner, as an object (above)
            page = ("science", str(getattr(top, "game", "")), int(getattr(top, "index", 0)))
        if page != self._page:
            self._page = page
            if page is not None:
                self.emit("page", kind=page[0], game=page[1], page=page[2] + 1)
