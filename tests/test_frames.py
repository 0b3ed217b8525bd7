"""Issue 14's frame-time target, the part a loaded machine cannot blur: a scripted visitor plays
each game from the menu at 1920x1080 against its strongest computer (hint, views, undo, every
rules page, the end card folded, a new game), and the frame thread's own work per frame stays
within the target, p99 <= 8 ms and no frame over 20 ms (a visit over either must be over it
again when replayed: one stretched sample is the machine's, a repeated one the kiosk's).
Issue 43's own targets (p99 4 ms, worst 8 ms, with the camera and the LEDs on, on a quiet machine)
are measured by ``bench/flows.py`` in ``make bench``. These bounds hold on the busy test machine
(issue 43's end, at load 3: p99 1.2-5.5 ms, worst 5.5-13.3 ms) and fail on the kiosk as issue 43
found it (the same visits on 89b0629~1: Juniper p99 8.5 ms, worst 28.8; Lewthwaite 8.5 and 30.6;
Lightning worst 23.0).

The frame's work is its thread's CPU time in user mode (:attr:`FrameRecord.user`): the kiosk's
own Python and drawing. Its kernel share is judged apart, by its median: on a busy or
memory-short machine the kernel charges page reclaim and task switches to whatever thread runs
(a 24 ms frame had 12 ms of it on a machine at load 23), so the total CPU time's p99 flipped
between 14 and 31 ms on the same code; a frame loop that does system work on every frame (files,
I/O) still raises the median. The wall-clock figures, with real-time pacing, are in
``bench/bench_frames.py`` (``make bench``)."""

from __future__ import annotations

import gc

import pytest

from games.registry import spec
from tests.visitor import COMPUTER, FrameRecord, FrameRecords, Visit, game_scene_games, visit

P99_MS, WORST_MS = 8.0, 20.0
#: The kernel's median share of a frame (ms): a frame loop that only draws asks it for ~nothing.
KERNEL_MEDIAN_MS = 2.0
#: Person's moves after which a long game (Lightning) is left for home: the test stays short.
MOVES = 20


def _slowest(result: Visit) -> str:
    return "\n".join(frame.describe() for frame in result.slowest(3, "user"))


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("game", game_scene_games())
def test_a_visitor_never_meets_a_slow_frame(game: str) -> None:
    result = visit(game, (COMPUTER,), realtime=False, max_moves=MOVES, pace=0.4)
    assert result.rules_pages > 0 and result.moves > 0
    assert result.ends == 1 or result.moves >= MOVES
    if spec(game).hint is not None:
        assert result.hints > 0
    assert result.quantile(0.5, "system") <= KERNEL_MEDIAN_MS, (
        f"{game}: the kernel works {result.quantile(0.5, 'system'):.1f} ms in the median frame")
    if result.p99("user") > P99_MS or result.worst("user") > WORST_MS:
        # A frame is one sample: a loaded machine (a cold cache) can stretch a frame's CPU time,
        # or many frames of a busy minute. Work the kiosk does on a frame is done again by the
        # same visit (same seed, same screens), so a slow visit must be slow twice to be the kiosk's.
        again = visit(game, (COMPUTER,), realtime=False, max_moves=MOVES, pace=0.4)
        assert min(result.p99("user"), again.p99("user")) <= P99_MS, (
            f"{game}: p99 {result.p99('user'):.1f} ms of the frame thread's own CPU time, then "
            f"{again.p99('user'):.1f} ms on the same visit again; slowest:\n{_slowest(result)}")
        assert min(result.worst("user"), again.worst("user")) <= WORST_MS, (
            f"{game}: worst {result.worst('user'):.1f} ms of CPU, then {again.worst('user'):.1f} ms on the same "
            f"visit again:\n{_slowest(result)}\nagain:\n{_slowest(again)}"
        )


def test_the_visitors_frame_records_are_not_walked_by_the_kiosks_collections() -> None:
    # Issue 43: a visit keeps ~50,000 records; tracked by the garbage collector, they made the
    # full collection of a screen left (kiosk.stack.collect_left) 20-40 ms in the bench, a cost
    # of the measuring harness, not of the kiosk.
    records = FrameRecords()
    for k in range(100):
        records.append(FrameRecord(0.004, 0.003, "menu", "tap", k, "", False, faults=k))
    gc.collect()
    tracked = {id(o) for o in gc.get_objects()}
    assert not any(id(row) in tracked for row in records._rows)
    assert len(records) == 100 and records[7].faults == 7 and [r.since for r in records[-2:]] == [98, 99]
