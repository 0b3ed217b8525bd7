"""The stand's day in numbers: figures computed from the day's record (:mod:`kiosk.daybook`),
and the advice that follows from them.

:func:`figures` reads the events in the order they were written and counts visits, games and
how they ended, lengths, win rates against each computer level, hot-seat and real-board games,
pages read, faults; :func:`advice` turns the figures into sentences for the operator. The
renderings (text, CSV, HTML page) are in :mod:`kiosk.report_page`; the operator's screen draws
the same figures with pygame (:mod:`kiosk.dayscreen`). No pygame here.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.registry import installed_games, spec
from kiosk.i18n import counted, tr

#: How a game ended, in the order a page lists them; the first four are finished games.
FINISHED = ("person", "computer", "hotseat", "draw")
ENDINGS = (*FINISHED, "abandoned", "idle", "fault")
#: Advice needs this many games behind a rate before it speaks.
MIN_GAMES = 10
#: A computer level beaten this often is too easy; winning this rarely, too hard.
TOO_EASY, TOO_HARD = 0.85, 0.10
#: Camera losses within one hour worth a word, LED board losses in the day, abandon share.
CAMERA_LOSSES, LED_LOSSES, ABANDON_SHARE = 5, 3, 0.5


#: A game still being played when the record ends (the operator's "La journée", mid-game).
PLAYING = "playing"
#: How many distinct names (games, levels, pages, places, languages) are told apart; the rest
#: are counted together under :data:`OTHER` (a record holding thousands of names stays small).
MAX_NAMES, MAX_LEVELS, MAX_PAGES = 32, 16, 256
OTHER = "…"
#: Games being played at once, and games left unfinished that a later part may continue,
#: kept in mind (a kiosk has one or two; more is a damaged record).
MAX_OPEN, MAX_RESUMABLE = 1024, 64
#: A duration longer than this (seconds) is not a game's or a visit's.
MAX_SECONDS = 1e7
#: A UTC offset beyond this (seconds) is not a place's.
MAX_OFFSET = 16 * 3600


def _valid_offset(value: Any) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and -MAX_OFFSET <= value <= MAX_OFFSET
    return value if ok else None


def _local(t: float, offset: int | None) -> time.struct_time:
    """The stand's local time of ``t``: from the UTC offset the kiosk recorded, else (a record
    written before offsets were) the reader's own time zone."""
    return time.localtime(t) if offset is None else time.gmtime(t + offset)


def _hour(t: float, offset: int | None = None) -> int:
    return _local(t, offset).tm_hour


def _date(t: float | None, offset: int | None = None) -> str | None:
    return None if t is None else time.strftime("%Y-%m-%d", _local(t, offset))


def _rounded_quartiles(values: tuple[float, float, float, float, float]) -> dict[str, float]:
    low, q1, median, q3, high = values
    return {"min": round(low, 2), "q1": round(q1, 2), "median": round(median, 2), "q3": round(q3, 2),
            "max": round(high, 2)}


def quartiles(values: list[float]) -> dict[str, float] | None:
    """First quartile, median, third quartile, least and most of ``values`` (None if empty),
    rounded to 0.01; the quartiles as :func:`statistics.quantiles` computes them,
    ``method="inclusive"``."""
    if not values:
        return None
    ordered = sorted(values)
    if len(ordered) == 1:
        q1 = median = q3 = ordered[0]
    else:
        q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    return _rounded_quartiles((ordered[0], q1, median, q3, ordered[-1]))


class Tally:
    """Values (moves, seconds recorded to 0.1 s) counted by their tenths, in bounded memory:
    quartiles exactly as :func:`quartiles` gives them while at most :data:`LIMIT` distinct
    tenths were met, then in buckets twice as wide each time the limit is passed again. A
    value counted may be taken back (a game continued is no longer abandoned)."""

    LIMIT = 8192

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}
        self.shift = 0
        self.n = 0

    def add(self, value: float, sign: int = 1) -> None:
        """Count ``value`` once more (``sign`` -1: once less)."""
        key = round(value * 10) >> self.shift
        count = self.counts.get(key, 0) + sign
        if count > 0:
            self.counts[key] = count
        else:
            self.counts.pop(key, None)
        self.n += sign
        while len(self.counts) > self.LIMIT:
            self.shift += 1
            wider: dict[int, int] = {}
            for k, c in self.counts.items():
                wider[k >> 1] = wider.get(k >> 1, 0) + c
            self.counts = wider

    def _value(self, key: int) -> float:
        if not self.shift:
            return key / 10
        return ((key << self.shift) + ((1 << self.shift) - 1) / 2) / 10  # the bucket's middle

    def quartiles(self) -> dict[str, float] | None:
        """Least, quartiles and most, as :func:`quartiles` (None when nothing is counted)."""
        n = self.n
        if n <= 0 or not self.counts:
            return None
        keys = sorted(self.counts)
        m = n - 1
        # The order statistics the inclusive quartiles need: j and j + 1 for each quarter.
        wanted = sorted({i * m // 4 for i in (1, 2, 3)} | {min(m, i * m // 4 + 1) for i in (1, 2, 3)} | {0, m})
        found: dict[int, float] = {}
        seen, w = 0, 0
        for key in keys:
            seen += self.counts[key]
            while w < len(wanted) and wanted[w] < seen:
                found[wanted[w]] = self._value(key)
                w += 1
        if n == 1:
            x = found[0]
            return _rounded_quartiles((x, x, x, x, x))
        qs = []
        for i in (1, 2, 3):
            j = i * m // 4
            delta = i * m - j * 4
            qs.append((found[j] * (4 - delta) + found[min(m, j + 1)] * delta) / 4)
        return _rounded_quartiles((found[0], qs[0], qs[1], qs[2], found[m]))


def _named(table: dict[str, Any], name: str, limit: int) -> str:
    """``name``, or :data:`OTHER` once ``table`` holds ``limit`` other names."""
    return name if name in table or len(table) < limit else OTHER


@dataclass(eq=False)
class Game:
    """One game as the record tells it, across its parts (continued from the menu, resumed after
    a restart)."""

    game: str
    seats: tuple[str, ...]
    level: str | None
    board: str
    lang: str
    start: float
    #: How it ended; None while a part of it is being played.
    how: str | None = None
    moves: int | None = 0
    seconds: float | None = 0.0
    fixes: int = 0
    lost: int = 0
    back: int = 0
    parts: int = 1
    #: When the part being played began, on its run's clock (``m``, else ``t``), and the run.
    clock: float = 0.0
    run: int = 0

    @property
    def hotseat(self) -> bool:
        """Two people, no computer."""
        return "computer" not in self.seats


@dataclass
class _Learner:
    """A learning computer level's day: the finished games against it in the order they ended
    (the order it learnt from them), counted as they stream past."""

    games: int = 0
    lost: int = 0
    resets: int = 0
    #: Games since its last reset (or the span's start), and the last of them it lost (0: none).
    since_reset: int = 0
    last_loss: int = 0

    def ended(self, lost: bool) -> None:
        """One more finished game against it (``lost``: the visitors won)."""
        self.games += 1
        self.since_reset += 1
        if lost:
            self.lost += 1
            self.last_loss = self.since_reset

    def reset(self) -> None:
        """It starts again from nothing: the games to stop losing count from here."""
        self.resets += 1
        self.since_reset = self.last_loss = 0

    def numbers(self) -> dict[str, Any]:
        """The JSON figures: ``last_loss`` None when it lost none since its reset, ``stopped``
        False while it lost the last game (or none was played since its reset)."""
        return {"games": self.games, "lost": self.lost, "resets": self.resets, "since_reset": self.since_reset,
                "last_loss": self.last_loss or None, "without_loss": self.since_reset - self.last_loss,
                "stopped": self.since_reset > self.last_loss}


@dataclass
class _PerGame:
    started: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    moves: Tally = field(default_factory=Tally)
    seconds: Tally = field(default_factory=Tally)


def _int(value: Any, top: int = 10**9) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < top else None


def _num(value: Any, top: float = MAX_SECONDS) -> float | None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < top
    return float(value) if ok else None


def _text(value: Any, default: str = "?") -> str:
    return value if isinstance(value, str) and 0 < len(value) <= 40 else default


class DayCounter:
    """The day's figures, counted while the events stream past (:meth:`feed`), in memory bounded
    whatever the record's length, and time linear in it.

    A game is counted by its own start and end whatever span is read: in the span it began in,
    with the ending found after the span if need be (:meth:`feed_after` reads on into the next
    day); a part continued from the menu or resumed after a restart joins the game it continues
    (the record says which: ``since``, its first start, and ``resumed``, the moves it had); a
    game cut off by a restart counts as ended by a fault unless a later part continues it; a
    game still open when the record ends is being played (``live``) or was cut off. Durations
    are measured on the kiosk's monotonic clock when the record has it (``m``), never negative.
    ``first_day`` (YYYY-MM-DD) is the span's first day: a part of a game begun before it is not
    this span's.
    """

    def __init__(self, first_day: str | None = None) -> None:
        self.first_day = first_day
        self.events = 0
        self.first: float | None = None
        self.last: float | None = None
        self.first_offset: int | None = None
        self.offset: int | None = None
        self.run = 0
        self.run_clock = False  # the run's events carry a monotonic reading
        self.last_event: dict[str, Any] | None = None  # the last event read (its clock when needed)
        self.last_kind: str | None = None
        self.ids: dict[int, Game | None] = {}  # this run's game numbers (None: another span's game)
        self.resumable: deque[Game] = deque(maxlen=MAX_RESUMABLE)
        self.visit: tuple[float, float, int] | None = None  # wall time, clock, run
        self.visits = 0
        self.visit_seconds = Tally()
        self.hours: Counter[int] = Counter()
        self.visit_langs: Counter[str] = Counter()
        self.games = 0
        self.endings: Counter[str] = Counter()
        self.moves, self.seconds = Tally(), Tally()
        self.moves_played = 0
        self.per_game: dict[str, _PerGame] = {}
        self.levels: dict[str, dict[str, list[int]]] = {}
        self.learners: dict[tuple[str, str], _Learner] = {}
        self._learning: dict[str, tuple[str, ...]] = {}
        self.hotseat = 0
        self.real, self.fixes = 0, 0
        self.game_langs: Counter[str] = Counter()
        self.resumed = 0
        self.pages: Counter[tuple[str, str]] = Counter()
        self.faults = 0
        self.fault_places: Counter[str] = Counter()
        self.camera_lost, self.camera_back, self.leds_lost, self.leds_back = 0, 0, 0, 0
        self.camera_hours: Counter[int] = Counter()
        self.starts = 0
        self.cut_off = 0
        self._after: bool | None = None  # reading on: None before, True while, False done
        self._waiting = False  # read on: a game cut off at a restart may be resumed next

    # --- the clock ---------------------------------------------------------------------------

    def _clock(self, event: dict[str, Any]) -> float:
        """The event's time on its run's clock: the monotonic reading when the run records one."""
        m = _num(event.get("m"), 1e11)
        return m if m is not None and self.run_clock else float(event["t"])

    def _offset(self, event: dict[str, Any]) -> int | None:
        own = _valid_offset(event.get("tz"))
        return own if own is not None else self.offset

    # --- counting a game ---------------------------------------------------------------------

    def _count(self, g: Game, sign: int) -> None:
        """Add (``sign`` 1) or take back (-1) what ``g``'s ending says."""
        how = g.how or PLAYING
        self.endings[how] += sign
        per = self.per_game[g.game]
        per.endings[how] += sign
        self.moves_played += sign * (g.moves or 0)
        if g.board == "real":
            self.fixes += sign * g.fixes
        if how not in FINISHED:
            return
        for tally, mine, value in ((self.moves, per.moves, g.moves), (self.seconds, per.seconds, g.seconds)):
            if value is not None:
                tally.add(value, sign)
                mine.add(value, sign)
        if g.level is not None and not g.hotseat:
            table = self.levels.setdefault(g.game, {})
            entry = table.setdefault(_named(table, g.level, MAX_LEVELS), [0, 0, 0, 0])
            entry[0] += sign
            entry[{"person": 1, "computer": 2}.get(how, 3)] += sign

    def _end(self, g: Game, how: str, part: float | None) -> None:
        """``g``'s part ends ``how`` after ``part`` seconds (None: not known)."""
        g.how = how
        g.seconds = None if part is None or g.seconds is None else g.seconds + part
        self._count(g, 1)
        if how not in FINISHED:
            self.resumable.append(g)
        elif g.level is not None and not g.hotseat:
            # A finished game is never taken back: a learning level's games count in the order
            # they ended, the order it learnt from them.
            learner = self._learner(g.game, g.level)
            if learner is not None:
                learner.ended(how == "person")

    def _learner(self, game: str, level: str) -> _Learner | None:
        """The day of ``game``'s computer ``level`` when it is one that learns, else None."""
        if game not in self._learning:
            if len(self._learning) >= MAX_NAMES:
                return None
            self._learning[game] = _learns(game)
        if level not in self._learning[game]:
            return None
        return self.learners.setdefault((game, level), _Learner())

    def _cut(self) -> None:
        """The kiosk started again: the games its last run left open were cut off."""
        for g in self.ids.values():
            if g is not None and g.how is None:
                part = None if self.last_event is None else self._clock(self.last_event) - g.clock
                self._end(g, "fault", part if part is not None and 0 <= part < MAX_SECONDS else None)
        self.ids.clear()

    def _continued(self, event: dict[str, Any]) -> Game | None:
        """The unfinished game a part continues, taken back from the figures; None if unknown."""
        key, since = _text(event.get("game")), _num(event.get("since"), 1e11)
        if since is None:  # a record written before parts named their game: a game of its own
            return None
        for g in reversed(self.resumable):
            if g.game == _named(self.per_game, key, MAX_NAMES) and abs(g.start - since) < 0.05:
                self.resumable.remove(g)
                self._count(g, -1)
                g.how = None
                g.parts += 1
                self.resumed += g.parts == 2
                return g
        return None

    def _keep_open(self, number: int, g: Game | None) -> None:
        before = self.ids.pop(number, None)
        if before is not None and before.how is None and before is not g:
            self._end(before, "fault", None)  # its number begins another game: a damaged record
        self.ids[number] = g
        if len(self.ids) > MAX_OPEN:  # a damaged record: the oldest is taken as cut off
            oldest = next(iter(self.ids))
            lost = self.ids.pop(oldest)
            if lost is not None and lost.how is None:
                self._end(lost, "fault", None)

    def _game(self, event: dict[str, Any], t: float, counting: bool) -> None:
        number = _int(event.get("id"))
        if number is None:
            return
        since = _num(event.get("since"), 1e11) if _int(event.get("resumed")) else None
        g = self._continued(event) if since is not None else None
        begun = _date(since, self._offset(event)) if since is not None else None
        if g is None and begun is not None and self.first_day and begun < self.first_day:
            counting = False  # the rest of a game begun before this span: counted there
        if g is None and not counting:
            self._keep_open(number, None)
            return
        if g is None:
            seats = event.get("seats")
            seats = tuple(_text(s) for s in seats[:2]) if isinstance(seats, list) else ("?", "?")
            level = event.get("level")
            name = _named(self.per_game, _text(event.get("game")), MAX_NAMES)
            g = Game(name, seats, _text(level) if level is not None else None, _text(event.get("board"), "screen"),
                     _named(self.game_langs, _text(event.get("lang"), "fr"), 8), t)
            self.games += 1
            self.per_game.setdefault(name, _PerGame()).started += 1
            self.hotseat += g.hotseat
            self.real += g.board == "real"
            self.game_langs[g.lang] += 1
        g.clock, g.run = self._clock(event), self.run
        self._keep_open(number, g)

    def _game_end(self, event: dict[str, Any]) -> None:
        number = _int(event.get("id"))
        g = self.ids.pop(number, None) if number is not None else None
        if g is None or g.how is not None:
            return
        how = event.get("how")
        g.moves = _int(event.get("moves"), 10**6)
        g.fixes += _int(event.get("fixes")) or 0
        g.lost += _int(event.get("lost")) or 0
        g.back += _int(event.get("back")) or 0
        part = _num(event.get("s"))
        if part is None:  # no duration written: from the part's start, on the run's clock
            span = self._clock(event) - g.clock
            part = span if 0 <= span < MAX_SECONDS else None
        self._end(g, how if isinstance(how, str) and how in ENDINGS else "abandoned", part)

    # --- the visit ---------------------------------------------------------------------------

    def _close_visit(self, event: dict[str, Any], t: float) -> None:
        if self.visit is None:
            return
        start, clock, run = self.visit
        self.visit = None
        # The run's monotonic clock when both ends have it: a clock set back meanwhile
        # (NTP on a board without a real-time clock) changes nothing.
        seconds = self._clock(event) - clock if run == self.run and self.run_clock else t - start
        if 0 <= seconds < MAX_SECONDS:
            self.visit_seconds.add(seconds)

    # --- the events --------------------------------------------------------------------------

    def feed(self, event: dict[str, Any]) -> None:
        """Count one event of the span (in the record's order)."""
        t, kind = float(event["t"]), event["e"]
        self.events += 1
        if kind == "start":
            if self.last_kind not in (None, "stop"):
                self.cut_off += 1  # started again without being stopped: a crash, a power cut
            self._restart(event, t)
            self.starts += 1
        if self.first is None:
            self.first, self.first_offset = t, self._offset(event)
        self.last = t
        if kind == "visit":
            self._close_visit(event, t)
            self.visit = (t, self._clock(event), self.run)
            self.visits += 1
            self.hours[_hour(t, self._offset(event))] += 1
            self.visit_langs[_named(self.visit_langs, _text(event.get("lang"), "fr"), 8)] += 1
        elif kind == "leave":
            self._close_visit(event, t)
        elif kind == "game":
            self._game(event, t, True)
        elif kind == "end":
            self._game_end(event)
        elif kind == "page":
            page = (_text(event.get("kind")), _text(event.get("game")))
            self.pages[page if page in self.pages or len(self.pages) < MAX_PAGES else (OTHER, OTHER)] += 1
        elif kind == "reset":
            learner = self._learner(_text(event.get("game")), _text(event.get("level")))
            if learner is not None:
                learner.reset()
        elif kind == "fault":
            self.faults += 1
            self.fault_places[_named(self.fault_places, _text(event.get("where")), MAX_NAMES)] += 1
        elif kind == "camera":
            if event.get("up") is True:
                self.camera_back += 1
            else:
                self.camera_lost += 1
                self.camera_hours[_hour(t, self._offset(event))] += 1
        elif kind == "leds":
            if event.get("up") is True:
                self.leds_back += 1
            else:
                self.leds_lost += 1
        self.last_kind = kind
        self.last_event = event

    def _restart(self, event: dict[str, Any], t: float) -> None:
        self._cut()
        if self.last_event is not None:  # the visit lasted until the last line its run wrote
            self._close_visit(self.last_event, float(self.last_event["t"]))
        self.visit = None
        self.run += 1
        self.run_clock = _num(event.get("m"), 1e11) is not None
        self.offset = _valid_offset(event.get("tz"))

    def feed_after(self, event: dict[str, Any]) -> bool:
        """Read on past the span (the next day's events): only what ends the span's open games
        and visit, a restart that cuts them off and the part that resumes one. False once
        nothing of the span is left open (stop reading)."""
        t, kind = float(event["t"]), event["e"]
        first, self._after = self._after is None, True
        if first and kind == "start" and self.last_kind not in (None, "stop"):
            self.cut_off += 1  # the span's last run ended without a stop
        if first and not self._open_now():
            return self._stop()
        if kind == "start":
            self._waiting = any(g is not None and g.how is None for g in self.ids.values())
            self._restart(event, t)
        elif kind == "visit":
            self._close_visit(event, t)
        elif kind == "leave":  # the visitors left: nothing they left unfinished comes back
            self._close_visit(event, t)
            self._waiting = False
        elif kind == "game":
            self._game(event, t, False)
            self._waiting = False
        elif kind == "end":
            self._game_end(event)
        self.last_event = event
        return self._open_now() or self._stop()

    def _open_now(self) -> bool:
        return (self.visit is not None or self._waiting
                or any(g is not None and g.how is None for g in self.ids.values()))

    def _stop(self) -> bool:
        self._after = False
        return False

    def finish(self, live: bool = False) -> dict[str, Any]:
        """The figures, as a JSON-able dict (``report --json`` prints it). Games still open:
        being played when ``live`` (the record may still grow), else cut off."""
        for g in self.ids.values():
            if g is not None and g.how is None:
                if live:
                    g.how = PLAYING
                    self._count(g, 1)
                else:
                    self._end(g, "fault", None)
        self.ids.clear()
        return self._numbers()

    def _numbers(self) -> dict[str, Any]:
        per_game: dict[str, dict[str, Any]] = {}
        for name in sorted(self.per_game, key=_menu_order):
            per = self.per_game[name]
            per_game[name] = {
                "started": per.started,
                "finished": sum(per.endings[how] for how in FINISHED),
                "endings": {how: n for how in (*ENDINGS, PLAYING) if (n := per.endings[how])},
                "moves": per.moves.quartiles(),
                "seconds": per.seconds.quartiles(),
            }
        levels: dict[str, dict[str, dict[str, Any]]] = {}
        for name in sorted(self.levels, key=_menu_order):
            order = _levels(name)
            rows = sorted(((lv, e) for lv, e in self.levels[name].items() if e[0] > 0),
                          key=lambda kv: order.index(kv[0]) if kv[0] in order else 99)
            if rows:
                levels[name] = {lv: {"games": e[0], "person": e[1], "computer": e[2], "draw": e[3],
                                     "person_rate": round(e[1] / e[0], 4)} for lv, e in rows}
        learning: dict[str, dict[str, dict[str, Any]]] = {}
        for (name, level), learner in sorted(self.learners.items(), key=lambda kv: _menu_order(kv[0][0])):
            learning.setdefault(name, {})[level] = learner.numbers()
        hours = self.hours
        busiest = min(hours, key=lambda h: (-hours[h], h)) if hours else None
        finished = sum(self.endings[how] for how in FINISHED)
        return {
            "from": _date(self.first, self.first_offset), "to": _date(self.last, self.offset),
            "events": self.events,
            "visits": self.visits,
            "visit_seconds": self.visit_seconds.quartiles(),
            "visits_per_hour": {str(h): hours[h] for h in sorted(hours)},
            "busiest_hour": busiest,
            "visits_by_language": dict(sorted(self.visit_langs.items())),
            "games": self.games,
            "finished": finished,
            "abandoned": self.endings["abandoned"],
            "in_progress": self.endings[PLAYING],
            "continued": self.resumed,
            "endings": {how: self.endings[how] for how in (*ENDINGS, PLAYING)},
            "moves": self.moves.quartiles(),
            "seconds": self.seconds.quartiles(),
            "moves_played": self.moves_played,
            "per_game": per_game,
            "levels": levels,
            "learning": learning,
            "hotseat": {"games": self.hotseat, "finished": self.endings["hotseat"]},
            "real_board": {
                "games": self.real,
                "fixes": self.fixes,
                "fixes_per_game": round(self.fixes / self.real, 2) if self.real else None,
                "camera_lost": self.camera_lost,
                "camera_back": self.camera_back,
                "camera_lost_per_hour": {str(h): self.camera_hours[h] for h in sorted(self.camera_hours)},
                "leds_lost": self.leds_lost,
                "leds_back": self.leds_back,
            },
            "pages": {f"{kind}/{game}": n for (kind, game), n in sorted(self.pages.items())},
            "games_by_language": dict(sorted(self.game_langs.items())),
            "faults": self.faults,
            "faults_by_place": dict(sorted(self.fault_places.items())),
            "kiosk_starts": self.starts,
            "cut_off": self.cut_off,
        }


def _levels(game: str) -> tuple[str, ...]:
    try:
        return spec(game).levels
    except (LookupError, ValueError, ImportError):
        return ()


def _learns(game: str) -> tuple[str, ...]:
    """The computer levels of ``game`` that learn from the visitors (none when not installed)."""
    try:
        return spec(game).learning
    except (LookupError, ValueError, ImportError):
        return ()


def figures(events: Iterable[dict[str, Any]], after: Iterable[dict[str, Any]] = (), *, live: bool = False,
            first_day: str | None = None) -> dict[str, Any]:
    """The figures of the span whose events are ``events`` (see :class:`DayCounter`); ``after``
    the events that follow the span (read only as far as needed), ``live`` when the record may
    still grow, ``first_day`` the span's first day."""
    counter = DayCounter(first_day)
    for event in events:
        counter.feed(event)
    for event in after:
        if not counter.feed_after(event):
            break
    return counter.finish(live)


def _menu_order(game: str) -> tuple[int, str]:
    order = [info.key for info in installed_games()]
    return (order.index(game) if game in order else 99, game)


def game_title(game: str, lang: str | None = None) -> str:
    """A game's name as the menu shows it (its key when it is no longer installed)."""
    info = next((i for i in installed_games() if i.key == game), None)
    return str(tr(info.title, lang)) if info is not None else game


def level_name(game: str, level: str, lang: str | None = None) -> str:
    """A computer level's name ("Bébé")."""
    key = f"{game}.level.{level}"
    from kiosk.i18n import has_key

    return str(tr(key, lang)) if has_key(key) else level


def advice(numbers: dict[str, Any], lang: str | None = None) -> list[str]:
    """What the operator could change, from the figures: a level too easy or too hard, the
    camera often lost in one hour (the two worst hours), the LED board unplugged, games mostly
    abandoned, faults."""
    said: list[str] = []
    for game, table in numbers["levels"].items():
        order = _levels(game)
        for level, entry in table.items():
            if entry["games"] < MIN_GAMES or level not in order:
                continue
            rank = order.index(level)
            rate = round(100 * entry["person_rate"])
            name = level_name(game, level, lang)
            if entry["person_rate"] >= TOO_EASY and rank + 1 < len(order):
                said.append(tr("report.advice.easy", lang, level=name, rate=rate, game=game_title(game, lang),
                               stronger=level_name(game, order[rank + 1], lang)))
            elif entry["person_rate"] <= TOO_HARD and rank > 0:
                said.append(tr("report.advice.hard", lang, level=name, rate=100 - rate, game=game_title(game, lang),
                               weaker=level_name(game, order[rank - 1], lang)))
    real = numbers["real_board"]
    worst = sorted(real["camera_lost_per_hour"].items(), key=lambda kv: -kv[1])[:2]
    for hour, count in sorted(worst, key=lambda kv: int(kv[0])):
        if count >= CAMERA_LOSSES:
            said.append(tr("report.advice.camera", lang, n=count, start=int(hour), end=(int(hour) + 1) % 24))
    if real["leds_lost"] >= LED_LOSSES:
        said.append(tr("report.advice.leds", lang, n=real["leds_lost"]))
    for game, entry in numbers["per_game"].items():
        gone = entry["endings"].get("abandoned", 0)
        if entry["started"] >= MIN_GAMES and gone / entry["started"] >= ABANDON_SHARE:
            said.append(tr("report.advice.abandoned", lang, rate=round(100 * gone / entry["started"]),
                           game=game_title(game, lang)))
    if numbers["faults"]:
        said.append(counted("report.advice.faults", numbers["faults"], lang, n=numbers["faults"]))
    return [str(s) for s in said]
