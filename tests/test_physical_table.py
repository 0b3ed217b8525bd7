"""End to end without hardware: a scripted visitor plays whole games on a simulated table.

The visitor moves tokens and lays tiles on a virtual board (hands over the board during moves,
slow slides, illegal moves put right afterwards, knocked tokens, the wrong player, two quick
moves in hot-seat, the camera unplugged mid-game); the table camera films it and the real
reader reads it (or, for the quick runs, the pictures go straight to readings with the same
stability gate); the LED frames go through the emulator on a pty and are decoded. Every game
must end with the engine, the match and the virtual table in agreement, no move the visitor did
not make, every wrong action flagged, and the LEDs showing the guidance.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from games.boards import Cell
from games.effects import EffectBus
from games.lewthwaite.rules import LewthwaiteParams
from games.lightning.rules import new_game
from games.match import BOARD, Match, Seat, Thinker
from games.physical import PhysicalSession, RecordFeed, read_record
from games.sync import COMPUTER, FIX, SETUP, Event
from games.visitor import TableRun, run_table
from tests.waiting import CEILING, until
from vision.table import synthetic_feed

HOT_SEAT_FAULTS = {0: "slow", 1: "illegal", 2: "wrong_player", 3: "knock", 4: "stack", 5: "quick_two", 6: "drop",
                   8: "drop_stale"}
COMPUTER_FAULTS = {0: "illegal", 1: "wrong_computer", 2: "knock", 3: "drop_stale"}


def record_lines(events: list[Event]) -> list[dict[str, Any]]:
    """Events as the record writes them (their JSON form)."""
    return [event.as_dict() for event in events]


def lewthwaite_match(opponent: Seat) -> Match:
    return Match("lewthwaite", LewthwaiteParams().new_initial_state(), {1: Seat(BOARD), 2: opponent}, seed=7,
                 thinker=Thinker(wait=True))


def lightning_match(opponent: Seat, seed: int) -> Match:
    return Match("lightning", new_game(random.Random(seed), first=1), {1: Seat(BOARD), 2: opponent}, seed=seed,
                 thinker=Thinker(wait=True))


def moves_of(match: Match) -> list[str]:
    return [s.move_to_text(m) for s, m in zip(match.history.states, match.moves, strict=False)]


def check_agreement(run: TableRun, wrong: bool = True) -> None:
    """The match, the engine and the virtual table agree; the visitor's ground truth holds."""
    match, visitor, engine = run.match, run.visitor, run.session.engine
    board = engine.board
    assert match.is_over()
    assert moves_of(match) == visitor.made, "a move was accepted that the visitor did not make, or one was lost"
    assert visitor.missed == []
    assert all(w.flagged for w in visitor.wrong), [(w.kind, w.flagged) for w in visitor.wrong]
    assert visitor.wrong or not wrong
    table = board.read(visitor.table.grid, board.slots(visitor.table))
    assert board.shows(match.state, table) and engine.synced and engine.fixes == []
    moves = [e for e in record_lines(list(run.events)) if e["event"] == "move"]
    assert [e["move"] for e in moves] == moves_of(match)
    assert sum(e["event"] == "mismatch" for e in record_lines(list(run.events))) >= len(visitor.wrong)


# --- the LED board on a pty ------------------------------------------------------------------------


class LedWatch:
    """An emulated LED board on a pty behind a stable link path, with the kiosk's LED system, on
    a simulated clock: the test steps the LED system where its thread would run (one :meth:`tick`
    per game step, and on through the seconds :meth:`lit` watches), and before and after watching
    waits until the board has read every frame the system wrote. Which frames show which lights
    then follows from the game alone, never from how busy the machine is."""

    STEP = 1 / 60  # one game step; the LED system animates at 30 frames a second, so none is skipped

    def __init__(self, tmp_path: Path) -> None:
        from hardware.config import LedConfig
        from hardware.emulator import PtyEmulator
        from hardware.fakes import FakeClock
        from hardware.link import SerialLink
        from hardware.system import LedSystem

        self.config = LedConfig()
        self.clock = FakeClock(0.0)
        self.link_path = str(tmp_path / "ttyLEDS")
        self.emulator = PtyEmulator(25, link=self.link_path)
        self.emulator.open()
        # pyserial reports a write that took longer than its timeout as failed even once every byte
        # is out (a busy machine may pause this thread that long): only a broken run waits CEILING.
        self.link = SerialLink(self.link_path, self.config.baud, backoff=(0.05, 0.2), write_timeout=CEILING,
                               clock=self.clock)
        self.system = LedSystem(self.config, self.link, clock=self.clock, start=False, log=lambda message: None,
                                sleep=self.clock.sleep)
        self.frames: list[Any] = []  # every frame the board received, oldest first
        self.plugged = True

    def tick(self, seconds: float = STEP) -> None:
        """Let ``seconds`` pass and run the LED system as its thread would; take what already
        arrived on the pty (so that it never fills up), without waiting for the rest."""
        self.clock.sleep(seconds)
        for _ in range(4):  # a frame now due, and the frame after a priming copy once the pacer allows
            if self.system.step() > 0:
                break
        if self.plugged:
            self.frames += self.emulator.poll(0.0)

    def receive(self) -> None:
        """Read the pty until the board has every frame the system wrote (the kernel hands them
        over within moments; only a broken run reaches the ceiling)."""
        def caught_up() -> bool:
            if self.plugged:
                self.frames += self.emulator.poll(0.01)
            assert len(self.frames) <= self.system.frames_sent, "the board received a frame the system did not send"
            return len(self.frames) == self.system.frames_sent
        until(caught_up, "the emulated board receives every frame the LED system wrote")

    def unplug(self) -> None:
        """Pull the LED cable: the pty and its stable path go, as a USB board's do."""
        self.receive()
        self.plugged = False
        self.emulator.close()
        self.emulator.remove_link()

    def plug(self) -> None:
        """Plug the cable back: a new pty behind the same path."""
        self.emulator.open()
        self.plugged = True

    def lit(self, board: Any, seconds: float = 0.9) -> dict[Cell, set[tuple[int, int, int]]]:
        """Every board cell lit in the frames of the next ``seconds`` (blinking cells are on at
        some point), through the board's LED layout. Nothing is published meanwhile (the game
        waits), so every one of these frames shows the lights the engine asks for now."""
        layout = self.config.layout_for(board.game, board.led_rows, board.led_cols)
        index = {layout.led_index(board.led_cell(cell)): cell for cell in board.cells()}
        self.receive()
        start = len(self.frames)  # from here on, every frame is written while these lights stand
        for _ in range(round(seconds / self.STEP)):
            self.tick()
        self.receive()
        frames = self.frames[start:]
        assert frames, f"the LED board received no frame in {seconds} s"
        found: dict[Cell, set[tuple[int, int, int]]] = {}
        for frame in frames:
            for i, colour in enumerate(frame.pixels):
                if colour != (0, 0, 0) and i in index:
                    found.setdefault(index[i], set()).add(colour)
        return found

    def close(self) -> None:
        self.system.close()  # (its closing dark frame is not counted in frames_sent: not read)
        self.emulator.close()
        self.emulator.remove_link()


def reddish(colours: set[tuple[int, int, int]]) -> bool:
    return any(r > b for r, _, b in colours)


def bluish(colours: set[tuple[int, int, int]]) -> bool:
    return any(b > r for r, _, b in colours)


class Checkpoints:
    """Looks at the LEDs the first time the table is being set up, a fix list is shown and the
    computer's move is guided; pulls the LED cable mid-game and plugs it back."""

    def __init__(self, leds: LedWatch) -> None:
        self.leds = leds
        self.seen: dict[str, Any] = {}
        self.unplugged_at: int | None = None

    def __call__(self, run: TableRun) -> None:
        engine = run.session.engine
        board = engine.board
        phase = engine.phase
        if phase == SETUP and engine.fixes and "setup" not in self.seen:
            lit = self.leds.lit(board)
            wanted = {f.cell for f in engine.fixes if f.cell is not None}
            self.seen["setup"] = (set(lit), wanted)
            for fix in engine.fixes:
                if fix.cell is not None and fix.want == "R":
                    assert reddish(lit[fix.cell])
                if fix.cell is not None and fix.want == "B":
                    assert bluish(lit[fix.cell])
        if phase == FIX and "fix" not in self.seen:
            lit = self.leds.lit(board)
            self.seen["fix"] = (set(lit), {f.cell for f in engine.fixes if f.cell is not None})
        if phase == COMPUTER and engine.guide is not None and "computer" not in self.seen:
            lit = self.leds.lit(board, seconds=1.8)
            self.seen["computer"] = (set(lit), {c for c in engine.guide.cells if c is not None})
        moves = len(run.match.moves)
        if moves >= 3 and self.unplugged_at is None:
            self.leds.unplug()  # the LED cable is pulled: the game goes on
            self.unplugged_at = moves
        if self.unplugged_at is not None and moves >= self.unplugged_at + 2 and "replugged" not in self.seen \
                and phase not in (SETUP, FIX):
            self.leds.plug()
            lit = self.leds.lit(board, seconds=1.5)
            self.seen["replugged"] = (set(lit), set(self.wanted(run)))
        self.leds.tick()  # the game moves on one step, and the LED system with it

    @staticmethod
    def wanted(run: TableRun) -> set[Cell]:
        """The board cells the engine lights now (in board coordinates)."""
        found = run.session.engine.lights()
        return set(found[0]) if found else set()

    def check(self, *kinds: str) -> None:
        for kind in kinds:
            assert kind in self.seen, f"never saw the {kind} guidance"
            lit, wanted = self.seen[kind]
            assert lit == wanted, f"{kind}: LEDs lit {sorted(lit)}, the engine asks for {sorted(wanted)}"


# --- whole games through the camera --------------------------------------------------------------


@pytest.fixture(scope="module")
def hot_seat_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[TableRun, Path, Checkpoints]:
    tmp = tmp_path_factory.mktemp("hot_seat")
    leds = LedWatch(tmp)
    bus = EffectBus()
    bus.subscribe(leds.system)
    checks = Checkpoints(leds)
    record = tmp / "game.jsonl"
    try:
        run = run_table(lewthwaite_match(Seat(BOARD)), seed=11, faults=HOT_SEAT_FAULTS, camera="synthetic", bus=bus,
                        record=str(record), on_step=checks, make_feed=lambda v: synthetic_feed(v, 11))
    finally:
        leds.close()
    return run, record, checks


@pytest.mark.slow
def test_hot_seat_game_through_the_camera_and_the_leds(hot_seat_game: tuple[TableRun, Path, Checkpoints]) -> None:
    run, _, checks = hot_seat_game
    check_agreement(run)
    kinds = {w.kind for w in run.visitor.wrong}
    assert {"illegal", "wrong_player", "knock", "stack"} <= kinds
    assert run.visitor.touched >= 1  # moves played on the screen while the camera was away
    cameras = [e["state"] for e in record_lines(list(run.events)) if e["event"] == "camera"]
    assert cameras.count("lost") >= 2 and cameras.count("back") >= 2
    checks.check("setup", "fix", "replugged")


@pytest.mark.slow
def test_game_against_the_computer_through_the_camera(tmp_path: Path) -> None:
    leds = LedWatch(tmp_path)
    bus = EffectBus()
    bus.subscribe(leds.system)
    checks = Checkpoints(leds)
    try:
        run = run_table(lewthwaite_match(Seat.computer("perfect")), seed=12, faults=COMPUTER_FAULTS,
                        camera="synthetic", bus=bus, on_step=checks, make_feed=lambda v: synthetic_feed(v, 12))
    finally:
        leds.close()
    check_agreement(run)
    assert {"illegal", "wrong_computer", "knock"} <= {w.kind for w in run.visitor.wrong}
    assert [e["by"] for e in record_lines(list(run.events)) if e["event"] == "move"].count("computer") >= 3
    checks.check("setup", "fix", "computer")


@pytest.mark.slow
def test_a_record_replays_the_same_game(hot_seat_game: tuple[TableRun, Path, Checkpoints]) -> None:
    run, record, _ = hot_seat_game
    events = read_record(record)
    assert events[0]["event"] == "start" and events[-1]["event"] == "close"
    assert events[-1]["position"] == run.match.state.to_text()
    for event in events:
        assert {"event", "frame", "time"} <= set(event)
    match = Match.from_text(events[0]["match"], thinker=Thinker(wait=True))
    feed: RecordFeed[Any, Any] = RecordFeed(events, lambda: match.board)
    session = PhysicalSession(match, feed).start()
    now = 0.0
    while not feed.done and now < 3600:
        now += 1 / 60
        session.update(now)
    assert moves_of(match) == moves_of(run.match) and match.is_over()
    def key(event: dict[str, Any]) -> tuple[Any, ...]:
        return (event["event"], event.get("move"), event.get("by"), str(event.get("cells")))
    told = ("move", "mismatch", "synced", "camera", "end")
    original = [key(e) for e in record_lines(list(run.events)) if e["event"] in told]
    replayed = [key(e) for e in record_lines(list(session.events)) if e["event"] in told]
    assert replayed == original


# --- many quick games: pictures straight to readings ---------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_quick_lewthwaite_games(seed: int) -> None:
    rng = random.Random(seed)
    for opponent in (Seat(BOARD), Seat.computer(rng.choice(("random", "greedy", "perfect")))):
        faults = dict(enumerate(rng.sample(["illegal", "wrong_player", "knock", "stack", "slow", "quick_two",
                                            "wrong_computer", "drop", "drop_stale"], 6)))
        run = run_table(lewthwaite_match(opponent), seed=seed, faults=faults)
        check_agreement(run, wrong=False)


@pytest.mark.parametrize("seed", range(2))
def test_quick_lightning_games(seed: int) -> None:
    for opponent in (Seat(BOARD), Seat.computer("builder")):
        faults = {0: "illegal", 2: "knock", 3: "turn", 4: "quick_two", 5: "wrong_computer", 6: "drop",
                  9: "drop_stale"}
        run = run_table(lightning_match(opponent, seed), seed=seed, faults=faults, level="builder")
        check_agreement(run)
        kinds = [e["event"] for e in record_lines(list(run.events))]
        if opponent.is_computer:
            assert "draw" in kinds and "computer" in kinds


@pytest.mark.slow
def test_lightning_against_the_computer_through_the_camera() -> None:
    """Tiles read by the real reader from the table camera's frames (the hand spot and the
    reserve slots from the table itself until the mat prints them); the computer's draws shown on
    the hand spot, its tiles laid as guided. The first 25 s of a game (whole games through the
    camera are in ``make bench``; whole games read straight from the table just above)."""
    run = run_table(lightning_match(Seat.computer("builder"), 3), seed=3, level="builder",
                    faults={0: "illegal", 4: "wrong_computer", 6: "knock", 8: "turn"}, camera="synthetic",
                    make_feed=lambda v: synthetic_feed(v, 3), max_seconds=25.0)
    played, made = moves_of(run.match), run.visitor.made
    assert played == made[: len(played)] and len(made) - len(played) <= 2 and len(played) >= 20
    assert run.visitor.wrong and all(w.flagged for w in run.visitor.wrong)
    kinds = [e["event"] for e in record_lines(list(run.events))]
    assert "draw" in kinds and "computer" in kinds
    assert any(e["event"] == "move" and e["move"].startswith("pool ") and e["by"] == "computer"
               for e in record_lines(list(run.events)))


def test_lightning_leds_show_the_fixes_and_the_computer_tile(tmp_path: Path) -> None:
    leds = LedWatch(tmp_path)
    bus = EffectBus()
    bus.subscribe(leds.system)
    checks = Checkpoints(leds)
    try:
        run = run_table(lightning_match(Seat.computer("builder"), 4), seed=4, level="builder",
                        faults={0: "illegal", 6: "knock"}, bus=bus, on_step=checks)
    finally:
        leds.close()
    check_agreement(run)
    checks.check("fix", "computer", "replugged")


@pytest.mark.slow
def test_the_kiosk_path_in_real_time_reader_thread_and_paced_camera() -> None:
    """The threaded path the kiosk uses: the camera paced at 30 frames a second on its thread,
    the reader on another, the session moved along in wall-clock time."""
    from vision.table import CameraOpener

    match = lewthwaite_match(Seat(BOARD))
    camera = CameraOpener("synthetic", 30.0, stepped=False, faults={})
    session = PhysicalSession(match, None)
    session.start(camera.feed(session.engine, seed=5))
    started = time.monotonic()  # clock(realtime): the kiosk's threaded path; 3 moves awaited
    try:
        # clock(realtime): as above, within 120 s
        while time.monotonic() - started < 120 and len(match.moves) < 3:  # a bound for a broken run only
            session.update(time.monotonic() - started)  # clock(realtime): the session moved along in wall time
            time.sleep(1 / 60)  # clock(realtime): a frame's pause, as the kiosk's loop
    finally:
        session.close()
    played = moves_of(match)
    assert session.engine.started and len(played) >= 3, session.engine.phase
    visitor = camera.visitor
    assert visitor is not None and played == visitor.made[: len(played)]
    frames = [e["frame"] for e in record_lines(list(session.events)) if e["event"] == "reading"]
    assert frames == sorted(frames) and frames[-1] < 120 * 30
