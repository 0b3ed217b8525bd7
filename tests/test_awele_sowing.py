"""The exact loop check of one awélé move: compiled and pure-Python laps against brute force,
the two facts it rests on, time slices and deadlines, and players that answer in time."""

from __future__ import annotations

import itertools
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.awele import rules
from games.awele.ai import make_player
from games.awele.rules import position, sow, sow_lap
from games.awele.sowing import Loop, MoveCheck, Sown, compiled, kernel


def brute_force(pits: tuple[int, ...], start: int) -> Loop | Sown:
    """Remember every (board, pit) pair met: slow but obviously right."""
    seen: dict[tuple[tuple[int, ...], int], int] = {}
    board, pit, lap = list(pits), start, 0
    while True:
        key = (tuple(board), pit)
        if key in seen:
            return Loop(period=lap - seen[key], laps_before_loop=seen[key])
        seen[key] = lap
        last = sow_lap(board, pit)
        lap += 1
        if board[last] == 1:
            return Sown(tuple(board), last, lap)
        pit = last


def boards(n: int, total: int) -> itertools.chain[tuple[int, ...]]:
    """Every board of ``n`` pits holding ``total`` seeds."""
    def split(left: int, pits: int):  # noqa: ANN202
        if pits == 1:
            yield (left,)
            return
        for first in range(left + 1):
            for rest in split(left - first, pits - 1):
                yield (first,) + rest

    return itertools.chain(split(total, n))


requires_kernel = pytest.mark.skipif(not compiled(), reason="no C compiler: the pure-Python laps are tested alone")


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 7), min_size=12, max_size=12), st.integers(0, 11))
def test_compiled_and_pure_python_laps_agree_with_brute_force_on_12_pits(board: list[int], start: int) -> None:
    if board[start] == 0 or sum(board) > 30:
        return
    expected = brute_force(tuple(board), start)
    assert MoveCheck(board, start, pure=True).run() == expected
    assert MoveCheck(board, start).run() == expected


@pytest.mark.parametrize(("n", "totals"), [(4, range(1, 13)), (6, range(1, 10)), (12, range(1, 7))])
def test_a_lap_has_at_most_one_possible_previous_lap(n: int, totals: range) -> None:
    # Fact 1 of games.awele.sowing, checked on every state of small boards: no two states
    # lead by one relay lap to the same state, so a looping move comes back to its start.
    for total in totals:
        before: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int]] = {}
        for board in boards(n, total):
            for pit in range(n):
                if not board[pit]:
                    continue
                after = list(board)
                last = sow_lap(after, pit)
                if after[last] == 1:
                    continue  # the move ends: no next state
                key = (tuple(after), last)
                assert key not in before, f"{key} follows both {before[key]} and {(board, pit)}"
                before[key] = (board, pit)


@pytest.mark.parametrize("pure", [True, False])
def test_a_loop_is_found_where_its_first_state_comes_back_turned(pure: bool) -> None:
    # Fact 2: the article's 4-pit loop (period 8) is the board 1 2 0 2 sown from pit 2; after
    # 2 laps the board is 2 1 2 0 with pit 3 to sow: the first state turned by one pit. So the
    # check stops after 2 laps and multiplies by the 4 turns it takes to come back: 8.
    board, start = (1, 2, 0, 2), 1
    second = list(itertools.islice(rules.iter_laps(board, start), 2))[-1]
    assert (second.board, second.last) == ((2, 1, 2, 0), 2)
    check = MoveCheck(board, start, pure=pure)
    assert check.run(max_laps=1) is None and check.laps == 1
    assert check.run() == Loop(period=8, laps_before_loop=0) and check.laps == 2


def test_the_move_from_the_issue_is_decided_exactly_and_fast() -> None:
    board = (2, 1, 9, 3, 8, 1, 2, 1, 15, 3, 2, 6)  # ran over 600 s before
    if not compiled():
        pytest.skip("pure Python takes minutes on this move")
    # clock(cpu): the C laps on this thread
    started = time.thread_time()  # the laps run in C on this thread: its CPU time, which load hardly changes
    assert MoveCheck(board, 2).run() == Loop(period=86_023_116, laps_before_loop=0)
    assert time.thread_time() - started < 5  # clock(cpu): as above


def test_a_check_stopped_at_a_deadline_resumes_where_it_stopped() -> None:
    board = (2, 1, 9, 3, 8, 1, 2, 1, 15, 3, 2, 6) if compiled() else (1, 6, 3, 11, 1, 0, 6, 0, 4, 1, 2, 11)
    pit = 2 if compiled() else 10
    rules._LONG_MOVES.clear()
    rules._PENDING.clear()
    # clock(passed): a deadline of now: passed before the first slice ends
    assert sow(board, pit, deadline=time.perf_counter()) is None
    laps = rules.pending_laps(board, pit)
    assert laps > 0
    assert sow(board, pit, deadline=time.perf_counter()) is None  # clock(passed): as above
    assert rules.pending_laps(board, pit) > laps  # went on, did not start again
    assert isinstance(sow(board, pit), Loop)
    assert rules.known_long_move(board, pit) is not None


@requires_kernel
def test_boards_beyond_the_kernels_bytes_use_pure_python() -> None:
    check = MoveCheck((300, 0, 0, 0), 0)
    assert not check.compiled
    assert check.run() == brute_force((300, 0, 0, 0), 0)


def test_players_answer_within_their_budget_on_a_board_with_a_huge_loop() -> None:
    # Pit 6 loops with period 895 million laps (74.6 million laps to check, about 0.2 s even
    # compiled: the worst of 1000 random games at 6 seeds a pit); pits 1, 3 and 5 end at once. A
    # player with a tight budget answers with a move it knows to be allowed, without waiting for
    # pit 6's check.
    board = (8, 0, 3, 0, 1, 5, 18, 6, 1, 2, 14, 9)
    for level in ("random", "1990", "strong"):
        rules._LONG_MOVES.clear()
        rules._PENDING.clear()
        state = position(board, (3, 2), 1)
        # clock(cpu): the player's work on this thread
        started = time.thread_time()  # CPU time: a loaded machine stretches the wall clock, not the work
        move = make_player(level).choose(state, random.Random(1), 0.02)
        assert time.thread_time() - started < 3  # clock(cpu): as above
        assert rules.known_long_move(board, 5) is None  # pit 6's verdict was not waited for
        # clock(passed): a deadline of now: only moves already known
        assert move != 6 and move in state.legal_moves_by(time.perf_counter())


# --- the vector-register lap against the portable table lap and pure Python ----------------------

requires_vector_lap = pytest.mark.skipif(
    not hasattr(kernel(), "awele_sow_run_portable"), reason="no compiled laps to compare"
)


def same_slice(board: tuple[int, ...], start: int, max_laps: int) -> Loop | Sown | None:
    """Run the same slice with the three lap implementations; assert they agree (verdict, laps,
    and where an undecided check stands) and return the verdict."""
    fast, portable = MoveCheck(board, start), MoveCheck(board, start, portable=True)
    verdict = fast.run(max_laps)
    assert portable.run(max_laps) == verdict and portable.laps == fast.laps
    if verdict is None:  # undecided: both stand on the same state, turned the same way
        assert bytes(fast._state) == bytes(portable._state)
        assert fast._c_shift.value == portable._c_shift.value
    if fast.laps <= 3000:
        assert MoveCheck(board, start, pure=True).run(3000) == verdict
    return verdict


@pytest.mark.parametrize("n", [4, 12])
@pytest.mark.parametrize("seeds", [1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 23, 24, 25, 26, 35, 36, 37, 49, 60])
def test_laps_of_every_size_around_the_turns_agree_with_brute_force(n: int, seeds: int) -> None:
    # The vector-register lap covers 2..2n-1 seeds; 1 and >= 2n take the table lap: every count
    # around n and 2n (and 3n, 4n, 5n) is tried on boards that relay a few times.
    rng = random.Random(seeds * 100 + n)
    for _ in range(20):
        board = [rng.randint(0, 4) for _ in range(n)]
        start = rng.randrange(n)
        board[start] = seeds
        expected = brute_force(tuple(board), start)
        # (bounded runs: a wrong lap fails here instead of running for ever)
        assert MoveCheck(board, start).run(100_000) == expected
        assert MoveCheck(board, start, pure=True).run(100_000) == expected
        if compiled():
            assert MoveCheck(board, start, portable=True).run(100_000) == expected


@requires_vector_lap
@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.sampled_from([4, 12]).flatmap(
    lambda n: st.tuples(st.lists(st.integers(0, 30), min_size=n, max_size=n), st.integers(0, n - 1))))
def test_vector_lap_agrees_with_the_table_lap_on_crowded_boards(case: tuple[list[int], int]) -> None:
    board, start = case
    if board[start] == 0 or sum(board) > 200:
        return
    same_slice(tuple(board), start, 300_000)


@requires_vector_lap
@pytest.mark.parametrize("seeds", [4, 5, 6])
def test_vector_lap_agrees_with_the_table_lap_on_every_move_of_random_games(seeds: int) -> None:
    # Every move offered in random games (where the long loops live), each checked by both laps
    # up to 3 million laps: same verdicts, same laps, same state when still undecided.
    rng = random.Random(seeds)
    decided = 0
    for _ in range(12):
        state = rules.new_game(12, seeds)
        while not state.is_terminal():
            for i in state.camp(state.current_player):
                if state.pits[i]:
                    decided += same_slice(state.pits, i, 3_000_000) is not None
            state = state.play(rng.choice(state.legal_moves()))
    assert decided > 500
