"""Lightning computer players: legal moves, building, blocking, reserve use, a short match."""

from __future__ import annotations

import random
import time

import pytest

from games.core import play_game
from games.lightning.ai import BuilderPlayer, StrongPlayer, half_view, make_player, placement_distances
from games.lightning.rules import SHELVE, TAKE_POOL, Place, Take, connection_distance, from_board, new_game


@pytest.mark.parametrize("level", ["random", "builder", "strong"])
def test_players_only_play_legal_moves_to_the_end(level: str) -> None:
    state = new_game(random.Random(3), half_rows=5, cols=4, copies=8)
    players = {1: make_player(level), 2: make_player("random")}
    record = play_game(state, players, random.Random(1))
    final = record.final_state
    assert final.is_terminal()
    assert sum(final.tiles_accounted().values()) == 40


def test_placement_distances_agree_with_a_fresh_search() -> None:
    rng = random.Random(7)
    state = new_game(rng, half_rows=4, cols=4)
    for _ in range(30):  # a few random moves to get a busy position
        if state.is_terminal():
            break
        state = state.play(rng.choice(state.legal_moves()))
    state = state if state.hand is not None or state.is_terminal() else state.play(TAKE_POOL)
    geo = state.geo
    for player in (1, 2):
        view = half_view(state, player)
        for i in sorted(geo.half_cells[player]):
            if state.board[i]:
                continue
            for code, predicted in placement_distances(state, view, i).items():
                board = list(state.board)
                board[i] = code
                actual = connection_distance(geo, tuple(board), player)
                assert predicted == (actual if actual is not None else 10**9)


def test_builder_extends_its_own_line() -> None:
    state = from_board("""
     .  .  .
     .  .  .
     .  .  .
     --
     .  .  .
     .  .  .
     I0 .  .
     """, player=1, hand="I")
    move = BuilderPlayer().choose(state, random.Random(0))
    assert move == Place((4, 0), 0)


def test_builder_shelves_a_useless_pool_tile() -> None:
    # Only the centre-line square (3,0) is missing; an L cannot join S to N.
    state = from_board("""
     .  .  .
     .  .  .
     .  .  .
     --
     .  L0 L0
     I0 L0 L0
     I0 L0 L0
     """, player=1, hand="L")
    assert BuilderPlayer().choose(state, random.Random(0)) == SHELVE


def test_strong_blocks_a_line_one_step_from_the_centre() -> None:
    # Blue (player 2) needs only (2,1) to connect; red is far. Red must block it with a tile
    # that does not join the point (2,1) shares with blue's line: an L turned away from it.
    state = from_board("""
     .  I0 .
     .  I0 .
     .  .  .
     --
     .  .  .
     .  .  .
     .  .  .
     """, player=1, hand="L")
    move = StrongPlayer().choose(state, random.Random(0))
    assert isinstance(move, Place) and move.cell == (2, 1) and move.rotation in (1, 2)
    distance = connection_distance(state.geo, state.place_unchecked(move).board, 2)
    assert distance is not None and distance > 1


def test_strong_finishes_when_it_can() -> None:
    state = from_board("""
     .  I0 .
     .  I0 .
     .  .  .
     --
     .  .  .
     I0 .  .
     I0 .  .
     """, player=1, hand="I")
    move = StrongPlayer().choose(state, random.Random(0))
    after = state.play(move)
    assert after.winner == 1


def test_strong_takes_the_winning_tile_from_the_reserve() -> None:
    state = from_board("""
     .  .  .
     .  .  .
     .  .  .
     --
     .  .  .
     I0 .  .
     I0 .  .
     """, player=1, reserve=(1, 0, 0, 0, 0), pool=(0, 0, 10, 0, 0))
    assert StrongPlayer().choose(state, random.Random(0)) == Take("reserve", "I")


def test_strong_beats_builder_in_a_short_match_and_is_quick() -> None:
    """The real measurement (many games) is in bench/bench_lightning.py."""
    rng = random.Random(2024)
    wins, slowest = 0, 0.0
    games = 4
    for game in range(games):
        state = new_game(random.Random(rng.getrandbits(32)))
        strong_seat = 1 if game % 2 == 0 else 2
        players: dict[int, StrongPlayer | BuilderPlayer] = {strong_seat: StrongPlayer(),
                                                            3 - strong_seat: BuilderPlayer()}
        while not state.is_terminal():
            start = time.thread_time()  # clock(cpu): the slowest move's work on this thread
            move = players[state.current_player].choose(state, rng)
            slowest = max(slowest, time.thread_time() - start)  # clock(cpu): as above
            state = state.play(move)
        outcome = state.outcome()
        wins += outcome is not None and outcome.winner == strong_seat  # by connecting or by walling off
    assert wins >= 3
    # The strong player stops looking ahead after its 0.6 s budget. Measured in this thread's CPU
    # time, which another program's load hardly changes (the wall clock of a loaded machine ran
    # to 4 s); the 1 s wall-clock target is asserted by the bench on a quiet machine.
    assert slowest < 2.0
