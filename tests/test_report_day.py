"""A simulated day at the stand (the soak's random visitors, accelerated) and the report of it:
every figure the report gives must be what the simulation did, counted here by the harness on
its own (its own listener on each game's match, its own look at the screens), not read back from
the record."""

from __future__ import annotations

import datetime as dt
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from games.match import Match
from kiosk import daybook
from kiosk.app import STEP, App, AppOptions
from kiosk.config import KioskConfig
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.overlays import RulesScene
from kiosk.report import FINISHED, figures, quartiles
from kiosk.science import ScienceScene
from tests import visitor as scripted
from tests.soak import IDLE, SoakReport, Visitor

pytestmark = pytest.mark.slow

#: One second of the kiosk's time is this many seconds of the fair's day (visits spread over hours).
SPEED = 40.0
#: Fixed steps per drawn frame (the soak draws every other step; drawing is what takes the time).
UPDATES = 12
#: The simulated day starts at 10:00 local time.
OPENING = time.mktime((2026, 10, 9, 10, 0, 0, 0, 0, -1))


@dataclass
class Seen:
    """A game as the harness saw it."""

    game: str
    seats: tuple[str, ...]
    level: str | None
    moves: int = 0
    how: str = ""


@dataclass
class Tally:
    """What the harness counted."""

    visit_hours: list[int] = field(default_factory=list)
    games: list[Seen] = field(default_factory=list)
    pages: Counter[str] = field(default_factory=Counter)


class CountingVisitor(Visitor):
    """The soak's visitor, counting what happens as it plays (independently of the record)."""

    def __init__(self, app: App, rng: random.Random, report: SoakReport) -> None:
        super().__init__(app, rng, report)
        self.tally = Tally()
        self.open: dict[int, tuple[Any, Seen]] = {}
        self.watched: set[int] = set()
        self.page: tuple[str, str, int] | None = None
        self.top_name = ""

    def advance(self, seconds: float) -> None:
        """As the soak's, drawing one frame every :data:`UPDATES` steps (a quicker test)."""
        frames = max(1, round(seconds / STEP / UPDATES))
        for _ in range(frames):
            self.app.tick(STEP * UPDATES)
            self.note_scene()
        self.report.updates += frames * UPDATES

    def visit(self, play_seconds: float, kind: str = "play", pin: str = "2580",
              linger: tuple[float, float] = (5, 40)) -> None:
        hour = time.localtime(OPENING + SPEED * self.app.clock).tm_hour
        self.tally.visit_hours.append(hour)
        super().visit(play_seconds, kind, pin, linger)

    def note_scene(self) -> None:
        super().note_scene()
        scenes = self.app.stack.scenes
        for scene in scenes:
            if isinstance(scene, GameScene) and id(scene.match) not in self.watched:
                self.watched.add(id(scene.match))
                scene.match.subscribe(partial(self.noticed, scene))
        alive = {id(s.match) for s in scenes if isinstance(s, GameScene)}
        for key in [k for k in self.open if k not in alive]:
            self.close(key, "idle" if self.top_name == "still-there" else "abandoned")
        top = scenes[-1] if scenes else None
        self.top_name = top.name if top is not None else ""
        page = None
        if isinstance(top, RulesScene):
            below = scenes[-2]
            assert isinstance(below, GameScene)  # the rules open over their game
            page = ("rules", below.game, top.page)
        elif isinstance(top, ScienceScene):
            page = ("science", top.game, top.index)
        if page != self.page and page is not None:
            self.tally.pages[f"{page[0]}/{page[1]}"] += 1
        self.page = page

    def noticed(self, scene: GameScene, match: Match[Any, Any], event: str) -> None:
        """A match's listener: what changed in ``scene``'s match."""
        self.changed(scene, event)

    def changed(self, scene: GameScene, event: str) -> None:
        match, key = scene.match, id(scene.match)
        if event in ("restart", "seats"):
            self.close(key, "abandoned")
            return
        if event == "move" and key not in self.open:
            kinds = tuple(match.seats[p].kind for p in (1, 2))
            level = next((s.level for s in match.seats.values() if s.is_computer), None)
            seen = Seen(scene.game, kinds, level)
            self.tally.games.append(seen)
            self.open[key] = (match, seen)
        if key in self.open:
            self.open[key][1].moves = len(match.moves)
            outcome = match.outcome()
            if outcome is not None:
                person = [p for p, s in match.seats.items() if not s.is_computer]
                winner = outcome.winner
                how = "draw" if winner is None else "hotseat" if len(person) == 2 else \
                    "person" if winner in person else "computer"
                self.close(key, how)

    def close(self, key: int, how: str) -> None:
        if key in self.open:
            self.open.pop(key)[1].how = how


def scripted_visit(app: App, counting: CountingVisitor, game: str, opponent: str, seed: int) -> None:
    """The scripted visitor of tests/visitor.py plays ``game`` to the end against ``opponent``
    (reading the rules, asking for hints, undoing, playing again, going home), then leaves."""
    player = scripted.Visitor(app, game, realtime=False, seed=seed, pace=0.2)
    # The visit begins with the touch that wakes attract mode.
    counting.tally.visit_hours.append(time.localtime(OPENING + SPEED * app.clock).tm_hour)
    counting.tap((640, 680))
    counting.advance(0.3)

    def script() -> scripted.Script:
        for _ in player.visit_game(opponent):
            counting.note_scene()
            yield

    player.run(script())
    counting.note_scene()
    counting.advance(IDLE.attract_after + 5)  # gone: attract mode


def simulate_day(state: Path, seed: int, visits: int) -> Tally:
    config = KioskConfig(kiosk=True, pin="2580", idle=IDLE)
    app = App(AppOptions(frames=1, seed=seed, mute=True, kiosk=True, config=config, state_dir=state,
                         size=(640, 360)))
    app.home_factory = MenuScene
    app.chronicle.clock = lambda: OPENING + SPEED * app.clock
    rng = random.Random(seed)
    visitor = CountingVisitor(app, rng, SoakReport())
    try:
        app.start(MenuScene(app))
        for _ in range(visits):
            visitor.visit(rng.uniform(10, 18))
        # Random visitors seldom finish a game: two visitors who do, against the computer and
        # against a friend.
        for opponent in (scripted.COMPUTER, scripted.FRIEND):
            scripted_visit(app, visitor, "lewthwaite", opponent, seed)
    finally:
        app.close()
    assert not app.errors
    return visitor.tally


def test_a_simulated_day_is_reported_exactly(tmp_path):
    # A fresh day every run (the seed is in every failure message); chosen inside the test, not in
    # its id, so that every test process collects the same tests.
    seed = random.SystemRandom().randrange(10**6)
    tally = simulate_day(tmp_path, seed, visits=2)
    day = dt.date.fromtimestamp(OPENING)
    reading = daybook.read_events(tmp_path / daybook.FOLDER, day, day)
    numbers = figures(reading)
    assert reading.skipped == 0
    games = tally.games
    note = f"seed {seed}: {games}"
    assert numbers["visits"] == len(tally.visit_hours), note
    hours = Counter(tally.visit_hours)
    assert numbers["visits_per_hour"] == {str(h): hours[h] for h in sorted(hours)}, note
    assert numbers["busiest_hour"] == min(hours, key=lambda h: (-hours[h], h)), note
    assert numbers["games"] == len(games), note
    assert numbers["endings"] == {how: sum(g.how == how for g in games) for how in numbers["endings"]}, note
    assert all(g.how for g in games), note  # the harness saw every game end
    finished = [g for g in games if g.how in FINISHED]
    assert numbers["moves"] == quartiles([g.moves for g in finished]), note
    assert numbers["moves_played"] == sum(g.moves for g in games), note
    for name, entry in numbers["per_game"].items():
        mine = [g for g in games if g.game == name]
        assert entry["started"] == len(mine), note
        assert entry["endings"] == dict(Counter(g.how for g in mine)), note
    assert sum(e["started"] for e in numbers["per_game"].values()) == len(games)
    hotseat = [g for g in games if "computer" not in g.seats]
    assert numbers["hotseat"] == {"games": len(hotseat), "finished": sum(g.how == "hotseat" for g in hotseat)}
    versus = Counter((g.game, g.level, g.how) for g in finished if g.level is not None)
    for (name, level, how), count in versus.items():
        assert numbers["levels"][name][level][how] == count, note
    assert numbers["pages"] == dict(tally.pages), note
    assert numbers["faults"] == 0 and numbers["real_board"]["games"] == 0
    assert numbers["finished"] >= 2 and numbers["hotseat"]["games"] >= 1  # the scripted visitors' games
