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
from collections import Counter, defaultdict
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


def _hour(t: float) -> int:
    return time.localtime(t).tm_hour


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
    return {"min": round(ordered[0], 2), "q1": round(q1, 2), "median": round(median, 2), "q3": round(q3, 2),
            "max": round(ordered[-1], 2)}


@dataclass
class Game:
    """One game as the record tells it."""

    game: str
    seats: tuple[str, ...]
    level: str | None
    board: str
    lang: str
    start: float
    how: str = "fault"  # until its end is read: a game cut off by a power cut or a crash
    moves: int = 0
    seconds: float = 0.0
    fixes: int = 0
    lost: int = 0
    back: int = 0

    @property
    def hotseat(self) -> bool:
        """Two people, no computer."""
        return "computer" not in self.seats


@dataclass
class Day:
    """Everything read back: games, visits (start, end), pages, faults, devices."""

    games: list[Game] = field(default_factory=list)
    visits: list[tuple[float, float | None, str]] = field(default_factory=list)  # start, end, language
    pages: Counter[tuple[str, str]] = field(default_factory=Counter)  # (kind, game) -> pages shown
    faults: list[tuple[float, str]] = field(default_factory=list)  # time, where
    camera: list[tuple[float, bool]] = field(default_factory=list)
    leds: list[tuple[float, bool]] = field(default_factory=list)
    starts: int = 0
    first: float | None = None
    last: float | None = None


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9 else 0


def _num(value: Any) -> float:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e9
    return float(value) if ok else 0.0


def _text(value: Any, default: str = "?") -> str:
    return value if isinstance(value, str) and 0 < len(value) <= 40 else default


def read_day(events: list[dict[str, Any]]) -> Day:
    """Replay the events in order (a record a power cut left half-written, or with foreign
    lines, reads as far as it makes sense)."""
    day = Day()
    open_games: dict[int, Game] = {}
    open_visit: int | None = None
    for event in events:
        t, kind = float(event["t"]), event["e"]
        day.first = t if day.first is None else day.first
        day.last = t
        if kind == "start":
            day.starts += 1
            open_games.clear()  # cut off: they stay "fault"
            if open_visit is not None:
                start, _end, lang = day.visits[open_visit]
                day.visits[open_visit] = (start, t, lang)
                open_visit = None
        elif kind == "visit":
            if open_visit is not None:
                start, _end, lang = day.visits[open_visit]
                day.visits[open_visit] = (start, t, lang)
            day.visits.append((t, None, _text(event.get("lang"), "fr")))
            open_visit = len(day.visits) - 1
        elif kind == "leave" and open_visit is not None:
            start, _end, lang = day.visits[open_visit]
            day.visits[open_visit] = (start, t, lang)
            open_visit = None
        elif kind == "game":
            seats = event.get("seats")
            seats = tuple(_text(s) for s in seats[:2]) if isinstance(seats, list) else ("?", "?")
            level = event.get("level")
            game = Game(_text(event.get("game")), seats, _text(level) if level is not None else None,
                        _text(event.get("board"), "screen"), _text(event.get("lang"), "fr"), t)
            day.games.append(game)
            open_games[_int(event.get("id"))] = game
        elif kind == "end":
            ended = open_games.pop(_int(event.get("id")), None)
            if ended is not None:
                ended.how = how if (how := event.get("how")) in ENDINGS else "abandoned"
                ended.moves, ended.seconds = _int(event.get("moves")), _num(event.get("s"))
                ended.fixes, ended.lost, ended.back = (_int(event.get(k)) for k in ("fixes", "lost", "back"))
        elif kind == "page":
            day.pages[(_text(event.get("kind")), _text(event.get("game")))] += 1
        elif kind == "fault":
            day.faults.append((t, _text(event.get("where"))))
        elif kind in ("camera", "leds"):
            getattr(day, kind).append((t, event.get("up") is True))
    return day


def _levels(game: str) -> tuple[str, ...]:
    try:
        return spec(game).levels
    except (LookupError, ValueError, ImportError):
        return ()


def figures(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The day's (or days') numbers, as a JSON-able dict (``report --json`` prints it)."""
    day = read_day(events)
    games = day.games
    endings = Counter(g.how for g in games)
    finished = [g for g in games if g.how in FINISHED]
    per_game: dict[str, dict[str, Any]] = {}
    for name in sorted({g.game for g in games}, key=_menu_order):
        mine = [g for g in games if g.game == name]
        done = [g for g in mine if g.how in FINISHED]
        per_game[name] = {
            "started": len(mine),
            "finished": len(done),
            "endings": {how: n for how in ENDINGS if (n := sum(g.how == how for g in mine))},
            "moves": quartiles([g.moves for g in done]),
            "seconds": quartiles([g.seconds for g in done]),
        }
    levels: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for g in finished:
        if g.level is None or g.hotseat:
            continue
        entry = levels[g.game].setdefault(g.level, {"games": 0, "person": 0, "computer": 0, "draw": 0})
        entry["games"] += 1
        entry[g.how if g.how in ("person", "computer") else "draw"] += 1
    for name in sorted(levels, key=_menu_order):
        table, order = levels.pop(name), _levels(name)
        levels[name] = {lv: {**e, "person_rate": round(e["person"] / e["games"], 4)}
                        for lv, e in sorted(table.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99)}
    hours = Counter(_hour(start) for start, _end, _lang in day.visits)
    busiest = min(hours, key=lambda h: (-hours[h], h)) if hours else None
    lengths = [end - start for start, end, _lang in day.visits if end is not None]
    real = [g for g in games if g.board == "real"]
    camera_hours = Counter(_hour(t) for t, up in day.camera if not up)
    return {
        "from": _date(day.first), "to": _date(day.last),
        "visits": len(day.visits),
        "visit_seconds": quartiles(lengths),
        "visits_per_hour": {str(h): hours[h] for h in sorted(hours)},
        "busiest_hour": busiest,
        "visits_by_language": dict(sorted(Counter(lang for _s, _e, lang in day.visits).items())),
        "games": len(games),
        "finished": len(finished),
        "abandoned": endings["abandoned"],
        "endings": {how: endings[how] for how in ENDINGS},
        "moves": quartiles([g.moves for g in finished]),
        "seconds": quartiles([g.seconds for g in finished]),
        "moves_played": sum(g.moves for g in games),
        "per_game": per_game,
        "levels": dict(levels),
        "hotseat": {"games": sum(g.hotseat for g in games), "finished": endings["hotseat"]},
        "real_board": {
            "games": len(real),
            "fixes": sum(g.fixes for g in real),
            "fixes_per_game": round(sum(g.fixes for g in real) / len(real), 2) if real else None,
            "camera_lost": sum(1 for _t, up in day.camera if not up),
            "camera_back": sum(1 for _t, up in day.camera if up),
            "camera_lost_per_hour": {str(h): camera_hours[h] for h in sorted(camera_hours)},
            "leds_lost": sum(1 for _t, up in day.leds if not up),
            "leds_back": sum(1 for _t, up in day.leds if up),
        },
        "pages": {f"{kind}/{game}": n for (kind, game), n in sorted(day.pages.items())},
        "games_by_language": dict(sorted(Counter(g.lang for g in games).items())),
        "faults": len(day.faults),
        "faults_by_place": dict(sorted(Counter(where for _t, where in day.faults).items())),
        "kiosk_starts": day.starts,
    }


def _menu_order(game: str) -> tuple[int, str]:
    order = [info.key for info in installed_games()]
    return (order.index(game) if game in order else 99, game)


def _date(t: float | None) -> str | None:
    return None if t is None else time.strftime("%Y-%m-%d", time.localtime(t))


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
