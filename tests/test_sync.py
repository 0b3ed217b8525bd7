"""The sync engine, driven by scripted readings (no camera, no pygame).

Each test writes the table as the camera would see it, as small ASCII boards, and checks what
the engine does with the match: moves accepted, fixes shown (cells, words, LED roles), the
computer's move guided, camera faults.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.boards import Picture, grid_from_rows
from games.lewthwaite.board import LewthwaiteBoard
from games.lewthwaite.rules import LewthwaiteParams
from games.lightning.board import HAND, RESERVE, LightningBoard
from games.lightning.rules import SHELVE, Place, Take, new_game
from games.match import BOARD, Match, Seat, Thinker
from games.sync import COMPUTER, DRAW, FIX, LOST, OVER, PLAY, SETUP, SyncEngine
from kiosk.i18n import table

START = """
BRBRB
RBRBR
BR.RB
RBRBR
BRBRB
"""


def record_lines(engine: SyncEngine) -> list[dict[str, Any]]:
    """The engine's new events as the record writes them (their JSON form)."""
    return [event.as_dict() for event in engine.take_events()]


def rows(text: str) -> Picture:
    return Picture(grid_from_rows(text.split()))


def lewthwaite(opponent: Seat | None = None, **kwargs: object) -> tuple[Match, SyncEngine]:
    seats = {1: Seat(BOARD), 2: opponent or Seat(BOARD)}
    match: Match[Any, Any] = Match("lewthwaite", LewthwaiteParams().new_initial_state(), seats, seed=3,
                                   thinker=Thinker(wait=True))
    return match, SyncEngine(match, **kwargs)  # type: ignore[arg-type]



def fixed_cells(engine: SyncEngine[Any, Any]) -> list[tuple[int, int]]:
    """The board cells the engine asks to put right, in order (every fix here is on a cell)."""
    cells = [fix.cell for fix in engine.fixes]
    assert None not in cells
    return sorted(cell for cell in cells if cell is not None)


class Clock:
    """Feeds an engine readings and statuses one camera frame (1/30 s) apart."""

    def __init__(self, engine: SyncEngine) -> None:
        self.engine = engine
        self.frame = 0

    @property
    def now(self) -> float:
        return self.frame / 30

    def see(self, picture: Picture | str, wait: float = 0.0) -> None:
        if isinstance(picture, str):
            picture = rows(picture)
        self.frame += 1
        self.engine.status("", self.now, self.frame)
        self.engine.observe(picture, self.now, self.frame)
        self.engine.tick(self.now)
        self.wait(wait)

    def status(self, problem: str, wait: float = 0.0) -> None:
        self.frame += 1
        self.engine.status(problem, self.now, self.frame)
        self.engine.tick(self.now)
        self.wait(wait)

    def wait(self, seconds: float) -> None:
        for _ in range(round(seconds * 30)):
            self.frame += 1
            self.engine.tick(self.now)


def started(opponent: Seat | None = None) -> tuple[Match, SyncEngine, Clock]:
    match, engine = lewthwaite(opponent)
    clock = Clock(engine)
    clock.see(START)
    assert engine.phase in (PLAY, COMPUTER) and engine.synced
    return match, engine, clock


def kinds(engine: SyncEngine) -> list[str]:
    return [event["event"] for event in record_lines(engine)]


# --- setup ------------------------------------------------------------------------------------


def test_setup_asks_for_every_token_then_starts_by_itself() -> None:
    match, engine = lewthwaite()
    clock = Clock(engine)
    clock.see(".....\n" * 5)
    assert engine.phase == SETUP and not engine.started
    assert len(engine.fixes) == 24
    assert {fix.sentence.key for fix in engine.fixes} == {"physical.fix.put"}
    roles, colours = engine.lights() or ({}, {})
    assert set(roles.values()) == {"put_back"} and len(roles) == 24
    assert colours[(0, 0)] == LewthwaiteBoard().piece_rgb("B") and colours[(0, 1)] == LewthwaiteBoard().piece_rgb("R")
    # Half set up, one stray token in the hole: still setting up, the hole must be emptied.
    clock.see("""
        BRBRB
        RBRBR
        BRBRB
        .....
        .....
    """)
    assert engine.phase == SETUP
    hole_fix = next(fix for fix in engine.fixes if fix.cell == (2, 2))
    assert hole_fix.role == "remove" and hole_fix.sentence.key == "physical.fix.remove"
    clock.see(START)
    assert engine.phase == PLAY and engine.started and engine.fixes == []
    assert engine.calibrate == rows(START).grid
    assert "synced" in kinds(engine) and match.moves == []


def test_a_legal_move_before_the_setup_is_not_taken() -> None:
    match, engine = lewthwaite()
    Clock(engine).see("""
        BRBRB
        RBRBR
        B.RRB
        RBRBR
        BRBRB
    """)
    assert engine.phase == SETUP and match.moves == []
    assert fixed_cells(engine) == [(2, 1), (2, 2)]


def test_resuming_a_saved_game_waits_for_its_position() -> None:
    match, _ = lewthwaite()
    match.play((2, 1))
    match.play((1, 1))
    resumed = Match.from_text(match.to_text(), thinker=Thinker(wait=True))
    engine = SyncEngine(resumed)
    clock = Clock(engine)
    clock.see(START)
    assert engine.phase == SETUP and len(engine.fixes) == 3
    clock.see(LewthwaiteBoard().picture(resumed.state))
    assert engine.phase == PLAY and resumed.moves == [(2, 1), (1, 1)]


# --- moves and mismatches -------------------------------------------------------------------


def test_a_legal_slide_is_played() -> None:
    match, engine, clock = started()
    clock.see("""
        BRBRB
        RBRBR
        B.RRB
        RBRBR
        BRBRB
    """)
    assert match.moves == [(2, 1)] and engine.phase == PLAY
    move = [e for e in record_lines(engine) if e["event"] == "move"]
    assert move == [{"event": "move", "frame": 2, "time": round(2 / 30, 3), "move": "2,1", "by": "board",
                     "player": 1}]


CASES = [
    # (what happened, the table seen, reason key, cells to put right)
    ("a far slide", """
        B.BRB
        RBRBR
        BRRRB
        RBRBR
        BRBRB
     """, "lewthwaite.illegal.far", [(0, 1), (2, 2)]),
    ("the wrong colour", """
        BRBRB
        R.RBR
        BRBRB
        RBRBR
        BRBRB
     """, "lewthwaite.illegal.color", [(1, 1), (2, 2)]),
    ("a knocked token", """
        BRBRB
        RBRBR
        BR.RB
        RBRBR
        BRB.B
     """, None, [(4, 3)]),
    ("two tokens in one cell", """
        BRBRB
        RBRBR
        BR.RB
        RBRBR
        B.RRB
     """, None, [(4, 1), (4, 2)]),
]


@pytest.mark.parametrize(("what", "table_seen", "reason", "cells"), CASES, ids=[c[0] for c in CASES])
def test_anything_else_changes_nothing_and_is_flagged(what: str, table_seen: str, reason: str | None,
                                                      cells: list[tuple[int, int]]) -> None:
    match, engine, clock = started()
    record_lines(engine)
    clock.see(table_seen)
    seen_frame, seen_time = clock.frame, clock.now
    # Not at once: a pause in the middle of a gesture is not flagged.
    assert engine.phase == PLAY and engine.fixes == []
    clock.wait(engine.mismatch_delay + 0.05)
    assert engine.phase == FIX and match.moves == []
    assert (engine.reason.key if engine.reason else None) == reason
    assert fixed_cells(engine) == cells
    roles, _ = engine.lights() or ({}, {})
    assert sorted(roles) == cells and set(roles.values()) <= {"put_back", "remove"}
    mismatch = [e for e in record_lines(engine) if e["event"] == "mismatch"]
    assert len(mismatch) == 1 and sorted(map(tuple, mismatch[0]["cells"])) == cells
    # The record says both: the reading that showed it, and when it was flagged.
    assert (mismatch[0]["seen_frame"], mismatch[0]["seen_time"]) == (seen_frame, round(seen_time, 3))
    assert mismatch[0]["time"] >= seen_time + engine.mismatch_delay
    # Put right: play resumes, and then the real move counts.
    clock.see(START)
    assert engine.phase == PLAY and engine.fixes == [] and match.moves == []
    clock.see("""
        BRBRB
        RBRBR
        BRR.B
        RBRBR
        BRBRB
    """)
    assert match.moves == [(2, 3)]


def test_the_words_of_the_fixes() -> None:
    from kiosk.i18n import set_language, tr

    _, engine, clock = started()
    clock.see("""
        B.BRB
        RBRBR
        BRRRB
        RBRBR
        BRBRB
    """, wait=1.0)
    set_language("fr")
    texts = [fix.sentence.render(tr) for fix in engine.fixes]
    assert texts == ["Remets le jeton rouge ici (b5).", "Enlève le jeton rouge d'ici (c3)."]
    set_language("en")
    assert engine.reason is not None and engine.reason.render(tr) == "That token is not next to the hole."
    set_language("fr")


def test_a_hand_over_the_board_holds_the_flag_back() -> None:
    match, engine, clock = started()
    far = """
        B.BRB
        RBRBR
        BRRRB
        RBRBR
        BRBRB
    """
    clock.see(far, wait=0.3)
    clock.status("covered", wait=1.0)
    assert engine.phase == PLAY and engine.fixes == []
    # The hand goes without changing anything: the table is judged again, and flagged.
    clock.status("", wait=engine.mismatch_delay + 0.05)
    assert engine.phase == FIX and match.moves == []


def test_hot_seat_accepts_two_quick_moves_and_only_hot_seat() -> None:
    two = """
        BRBRB
        R.RBR
        BBRRB
        RBRBR
        BRBRB
    """
    match, engine, clock = started()
    clock.see(two)
    assert match.moves == [(2, 1), (1, 1)] and engine.phase == PLAY
    match, engine, clock = started(Seat.computer("random"))
    clock.see(two, wait=1.0)
    assert match.moves == [] and engine.phase == FIX


def test_a_game_to_the_end_on_the_table() -> None:
    match, engine, clock = started()
    board = LewthwaiteBoard()
    rng = random.Random(4)
    state = match.state
    while not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
        clock.see(board.picture(state))
    assert match.state == state and engine.phase == OVER
    events = record_lines(engine)
    assert events[-1]["event"] == "end" and events[-1]["position"] == state.to_text()
    roles, _ = engine.lights() or ({}, {})
    assert roles == {state.hole: "win"}


# --- the computer's moves ----------------------------------------------------------------------


def test_the_computer_move_is_guided_and_played_once_done() -> None:
    match, engine, clock = started(Seat.computer("perfect"))
    board = LewthwaiteBoard()
    mine = match.state.play((2, 1))
    clock.see(board.picture(mine))
    assert match.moves == [(2, 1)] and engine.phase == COMPUTER
    guide = engine.guide
    assert guide is not None and guide.sentence.key == "lewthwaite.physical.guide"
    source, target = guide.cells
    assert target == (2, 1) and source == guide.moves[0]
    roles, _ = engine.lights() or ({}, {})
    assert roles == {source: "computer_from", target: "computer_to"}
    # Nothing done yet: waiting, not a mismatch.
    clock.wait(2.0)
    assert engine.phase == COMPUTER
    # Another blue move instead: a mismatch, never a new game line.
    other = next(m for m in mine.legal_moves() if m != guide.moves[0])
    clock.see(board.picture(mine.play(other)), wait=1.0)
    assert engine.phase == FIX and engine.reason is not None and engine.reason.key == "physical.why.computer"
    assert len(match.moves) == 1
    clock.see(board.picture(guide.target))
    assert match.moves == [(2, 1), guide.moves[0]] and engine.phase == PLAY
    assert [e["by"] for e in record_lines(engine) if e["event"] == "move"] == ["board", "computer"]


def test_undo_on_the_screen_guides_the_table_back() -> None:
    match, engine, clock = started()
    board = LewthwaiteBoard()
    after = match.state.play((2, 1))
    clock.see(board.picture(after))
    match.undo()
    assert engine.phase == SETUP and fixed_cells(engine) == [(2, 1), (2, 2)]
    # The table still shows the undone move: it is not played again.
    clock.wait(1.0)
    assert match.moves == [] and engine.phase == SETUP
    clock.see(START)
    assert engine.phase == PLAY
    match.restart()
    assert engine.phase == PLAY  # the table already shows the start


# --- camera faults ---------------------------------------------------------------------------


def test_camera_lost_play_by_touch_then_resync() -> None:
    match, engine, clock = started()
    board = LewthwaiteBoard()
    clock.status("no_markers", wait=engine.lost_after + 0.1)
    assert engine.phase == LOST and engine.touch_allowed and engine.lights() is None
    match.play((2, 1))  # on the screen
    clock.status("")
    # The table still shows the start: it must follow the screen first.
    assert engine.phase == SETUP and match.moves == [(2, 1)]
    clock.see(board.picture(match.state))
    assert engine.phase == PLAY
    assert [e["state"] for e in record_lines(engine) if e["event"] == "camera"] == ["lost", "back"]


def test_camera_lost_without_touch_moves_carries_on() -> None:
    match, engine, clock = started()
    clock.status("camera", wait=engine.lost_after + 0.1)
    assert engine.phase == LOST
    clock.see(LewthwaiteBoard().picture(match.state.play((2, 3))))
    assert match.moves == [(2, 3)] and engine.phase == PLAY


def test_a_short_refusal_is_only_a_status_line() -> None:
    match, engine, clock = started()
    clock.status("blurred", wait=0.5)
    assert engine.phase == PLAY and engine.problem == "blurred"
    clock.status("")
    assert engine.phase == PLAY


def test_camera_lost_during_the_computer_move_plays_it() -> None:
    match, engine, clock = started(Seat.computer("random"))
    clock.see(LewthwaiteBoard().picture(match.state.play((2, 1))))
    assert engine.phase == COMPUTER
    clock.status("out_of_view", wait=engine.lost_after + 0.1)
    assert engine.phase == LOST and len(match.moves) == 2


# --- Lightning: a real bag, a hand spot, reserve slots --------------------------------------------


def lightning(opponent: Seat | None = None) -> tuple[Match, SyncEngine, Clock, LightningBoard]:
    seats = {1: Seat(BOARD), 2: opponent or Seat(BOARD)}
    start = new_game(random.Random(2), first=1)
    match: Match[Any, Any] = Match("lightning", start, seats, seed=5, thinker=Thinker(wait=True))
    engine = SyncEngine(match)
    clock = Clock(engine)
    board = LightningBoard()
    clock.see(board.picture(start))
    assert engine.phase == PLAY
    return match, engine, clock, board


def laid(board: LightningBoard, picture: Picture, cell: tuple[int, int], code: str) -> Picture:
    grid = [list(row) for row in picture.grid]
    grid[cell[0]][cell[1]] = code
    return Picture(grid_from_rows(grid), picture.spots)


def test_lightning_a_tile_from_the_bag_laid_at_once() -> None:
    match, engine, clock, board = lightning()
    clock.see(laid(board, board.picture(match.state), (33, 2), "Z1"))
    assert match.moves == [Take("pool", "Z"), Place((33, 2), 1)]
    assert match.state.current_player == 2 and match.state.pool_counts()["Z"] == 29


def test_lightning_shown_on_the_hand_spot_then_laid_or_shelved() -> None:
    match, engine, clock, board = lightning()
    table = board.picture(match.state)
    clock.see(table.with_spots(hand="L"))
    assert match.moves == [Take("pool", "L")] and match.state.hand == "L"
    # The tile back in the player's hand: still the same state.
    clock.see(table, wait=1.0)
    assert engine.phase == PLAY and len(match.moves) == 1
    # Shelved: the reserve slot shows it.
    clock.see(table.with_spots(reserve="L"))
    assert match.moves[-1] == SHELVE and match.state.reserve_counts()["L"] == 1
    # Player 2 takes it from the reserve and lays it on their start row.
    clock.see(laid(board, table, (0, 5), "L2"))
    assert match.moves[-2:] == [Take("reserve", "L"), Place((0, 5), 2)]


def test_lightning_wrong_rotation_and_illegal_cell_are_flagged() -> None:
    match, engine, clock, board = lightning()
    table = board.picture(match.state)
    clock.see(table.with_spots(hand="Z"))
    clock.see(laid(board, table, (10, 3), "Z0"), wait=1.0)  # nowhere near a tile or the start row
    assert engine.phase == FIX and match.moves == [Take("pool", "Z")]
    assert [fix.sentence.key for fix in engine.fixes] == ["physical.fix.remove"]
    clock.see(table)
    assert engine.phase == PLAY


def test_lightning_the_computer_asks_for_a_draw_then_guides_the_tile() -> None:
    match, engine, clock, board = lightning(Seat.computer("builder"))
    table = board.picture(match.state)
    clock.see(laid(board, table, (33, 0), "I0"))
    assert len(match.moves) == 2 and match.state.current_player == 2
    clock.wait(0.1)
    if engine.phase == DRAW:
        prompt = engine.prompt()
        assert prompt is not None and prompt.key == "lightning.physical.draw"
        table = board.picture(match.state)
        clock.see(table.with_spots(hand="D"))
        assert match.moves[-1] == Take("pool", "D")
    assert engine.phase == COMPUTER and engine.guide is not None
    move = engine.guide.moves[0]
    target = board.picture(engine.guide.target)
    # The tile held in hand (spot empty) is fine; then done as guided.
    clock.see(board.picture(match.state).with_spots(hand="."), wait=1.0)
    assert engine.phase == COMPUTER
    clock.see(target)
    assert match.moves[-1] == move and match.state.current_player == 1


def test_lightning_hot_seat_two_quick_placements() -> None:
    match, engine, clock, board = lightning()
    table = laid(board, laid(board, board.picture(match.state), (33, 4), "S3"), (0, 4), "D1")
    clock.see(table)
    assert match.moves == [Take("pool", "S"), Place((33, 4), 3), Take("pool", "D"), Place((0, 4), 1)]


def test_lightning_reserve_fixes_name_the_designs() -> None:
    match, engine, clock, board = lightning(Seat.computer("random"))
    table = board.picture(match.state)
    clock.see(table.with_spots(hand="L"))
    clock.see(table.with_spots(reserve="LZ"), wait=1.0)
    assert engine.phase == FIX
    # The hand's tile is not shelved yet either: both leave the reserve, named by design.
    assert [(f.where, f.have, f.sentence.key) for f in engine.fixes] == [
        (RESERVE, "L", "physical.fix.reserve.remove"), (RESERVE, "Z", "physical.fix.reserve.remove")]


def test_every_sentence_the_engine_uses_is_translated() -> None:
    keys = set(table())
    board = LewthwaiteBoard()
    state = LewthwaiteParams().new_initial_state()
    fixes = board.fixes(board.picture(state), rows(".....\n" * 5))
    light = LightningBoard()
    lstate = new_game(random.Random(1))
    lfix = light.fixes(light.picture(lstate), Picture(light.picture(lstate).grid, ((HAND, "?"), (RESERVE, "Z?"))))
    sentences = [f.sentence for f in fixes + lfix]
    sentences.append(board.guide(state, (2, 1)))
    held = lstate.play(Take("pool", "Z"))
    sentences += [light.guide(lstate, Take("pool")), light.guide(lstate, Take("reserve", "I")),
                  light.guide(held, Place((33, 1), 2)), light.guide(held, SHELVE)]
    for cell, want, have in [((0, 0), "Z1", "Z2"), ((0, 0), "Z1", "I0"), ((0, 0), ".", "?")]:
        sentences.append(light.cell_fix(cell, want, have).sentence)
    used = {key for sentence in sentences for key in sentence.translation_keys()}
    used |= {f"physical.{name}" for name in ("setup.first", "setup.again", "fix.title", "why.computer", "why.draw",
                                             "why.ambiguous", "lost")}
    used |= {f"physical.problem.{p}" for p in ("camera", "black", "blurred", "no_markers", "wrong_game",
                                               "out_of_view", "covered", "motion", "unsure")}
    assert used - keys == set()


def test_lightning_a_draw_seen_is_a_move_with_its_design() -> None:
    from games.core import IllegalMoveError
    from games.lightning.rules import from_text

    state = new_game(random.Random(3))
    move = state.parse_move("pool Z")
    assert move == Take("pool", "Z") and state.move_to_text(move) == "pool Z"
    after = state.play(move)
    assert after.hand == "Z" and after.hand_source == "pool" and after.pool_counts()["Z"] == 29
    assert from_text(after.to_text()) == after
    empty_z = state
    for _ in range(30):
        empty_z = empty_z.play(Take("pool", "Z")).play(SHELVE)
    with pytest.raises(IllegalMoveError, match="no Z tile left"):
        empty_z.play(Take("pool", "Z"))


def test_a_piece_the_camera_cannot_make_out_is_pointed_at_never_played() -> None:
    match, engine, clock = started()
    engine.status("unsure", clock.now, clock.frame, ((3, 2),))
    clock.wait(0.5)
    assert engine.phase == PLAY and engine.fixes == []  # a moment of doubt is only a status line
    clock.wait(engine.lost_after)
    assert engine.phase == FIX and [(f.cell, f.have, f.sentence.key) for f in engine.fixes] == [
        ((3, 2), "?", "physical.fix.unknown")]
    roles, _ = engine.lights() or ({}, {})
    assert roles == {(3, 2): "put_back"}
    clock.status("")  # read again: the table is as it was
    assert engine.phase == PLAY and match.moves == []
