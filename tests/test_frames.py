"""Issue 14's frame-time target, the part a loaded machine cannot blur: a scripted visitor plays
each game from the menu at 1920x1080 against its strongest computer (hint, views, undo, every
rules page, the end card folded, a new game), and the frame thread's own CPU time per frame
(``time.thread_time``: other processes change it little) stays within the target, p99 <= 20 ms
and no frame over 50 ms (a frame over it must be slow again when the same visit is replayed: one
stretched sample is the machine's, a repeated one the kiosk's). The wall-clock figures, with
real-time pacing, are in ``bench/bench_frames.py`` (``make bench``)."""

from __future__ import annotations

import pytest

from games.registry import spec
from tests.visitor import COMPUTER, game_scene_games, visit

P99_MS, WORST_MS = 20.0, 50.0
#: Person's moves after which a long game (Lightning) is left for home: the test stays short.
MOVES = 20


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("game", game_scene_games())
def test_a_visitor_never_meets_a_slow_frame(game: str) -> None:
    result = visit(game, (COMPUTER,), realtime=False, max_moves=MOVES, pace=0.4)
    slowest = "\n".join(frame.describe() for frame in result.slowest(3, "cpu"))
    assert result.rules_pages > 0 and result.moves > 0
    assert result.ends == 1 or result.moves >= MOVES
    if spec(game).hint is not None:
        assert result.hints > 0
    assert result.p99("cpu") <= P99_MS, f"{game}: p99 {result.p99('cpu'):.1f} ms of CPU; slowest:\n{slowest}"
    if result.worst("cpu") > WORST_MS:
        # One frame is one sample: a loaded machine (page reclaim, a cold cache) can stretch a
        # single frame's CPU time once. Work the kiosk does on a frame is done again by the same
        # visit (same seed, same screens), so a slow frame must show up twice to be the kiosk's.
        again = visit(game, (COMPUTER,), realtime=False, max_moves=MOVES, pace=0.4)
        also = "\n".join(frame.describe() for frame in again.slowest(3, "cpu"))
        assert again.worst("cpu") <= WORST_MS, (
            f"{game}: worst {result.worst('cpu'):.1f} ms of CPU, then {again.worst('cpu'):.1f} ms on the same visit "
            f"again:\n{slowest}\nagain:\n{also}"
        )
