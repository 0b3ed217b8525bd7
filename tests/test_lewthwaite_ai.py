"""Computer players: legal moves always, and the perfect player never throws away a win."""

import random

import pytest

from games.core import Player, RandomPlayer, play_game
from games.lewthwaite import solver
from games.lewthwaite.ai import GreedyPlayer, PerfectPlayer, make_player
from games.lewthwaite.rules import Cell, LewthwaiteParams, LewthwaiteState


@pytest.mark.parametrize(("rows", "cols", "hole"), [(5, 5, (2, 2)), (4, 5, (0, 0)), (6, 6, (2, 3))])
def test_perfect_player_wins_every_won_game_against_anyone(rows, cols, hole):
    params = LewthwaiteParams(rows, cols, hole)
    start = params.new_initial_state()
    perfect_side = 1 if solver.to_move_wins(start) else 2
    rng = random.Random(1)
    for opponent in (RandomPlayer(), GreedyPlayer()):
        for _ in range(25):
            players = {perfect_side: PerfectPlayer(), 3 - perfect_side: opponent}
            record = play_game(start, players, rng)
            assert record.outcome.winner == perfect_side


def test_greedy_player_takes_an_immediate_win():
    # From this position red can block blue at once: 2,1 would leave blue no reply.
    state = LewthwaiteParams().new_initial_state()
    for move in ((1, 2), (1, 1), (1, 0), (2, 0), (3, 0), (3, 1)):
        state = state.play(move)
    assert state.current_color == "red"
    move = GreedyPlayer().choose(state, random.Random(0))
    assert state.play(move).is_terminal()


def test_losing_perfect_player_makes_the_game_last():
    # On 5x5 red (first) loses against perfect play. Stalling exactly, red survives 16 moves
    # against a blue who wins as fast as possible (computed by the exact search).
    start = LewthwaiteParams().new_initial_state()
    rng = random.Random(2)
    perfect: dict[int, Player[LewthwaiteState, Cell]] = {1: PerfectPlayer(), 2: PerfectPlayer()}
    random_red_players: dict[int, Player[LewthwaiteState, Cell]] = {1: RandomPlayer(), 2: PerfectPlayer()}
    lengths = [len(play_game(start, perfect, rng).moves) for _ in range(5)]
    random_red = [len(play_game(start, random_red_players, rng).moves) for _ in range(40)]
    assert min(lengths) >= 14
    assert sum(lengths) / len(lengths) > sum(random_red) / len(random_red)


def test_longest_losing_move_agrees_with_a_plain_search():
    def stall(state):
        """Most moves the mover can force before losing, when the opponent hurries (brute force)."""
        moves = state.legal_moves()
        if not moves:
            return 0
        best = 0
        for m in moves:
            after = state.play(m)
            if solver.brute_force_to_move_wins(after):
                replies = [r for r in after.legal_moves() if not solver.brute_force_to_move_wins(after.play(r))]
                best = max(best, 2 + min(stall(after.play(r)) for r in replies))
        return best

    for rows, cols, hole in ((3, 4, (1, 1)), (4, 4, (1, 1)), (3, 5, (1, 2))):
        state = LewthwaiteParams(rows, cols, hole).new_initial_state()
        if solver.to_move_wins(state):
            best = solver.analyse(state).best
            assert best is not None  # a won position has a recommended move
            state = state.play(best)
        move = solver.longest_losing_move(state)
        assert move is not None  # these small boards fit the search budget
        after = state.play(move)
        replies = [r for r in after.legal_moves() if not solver.brute_force_to_move_wins(after.play(r))]
        achieved = 2 + min(stall(after.play(r)) for r in replies) if replies else 1
        assert achieved == stall(state)


def test_a_child_in_a_won_position_can_still_beat_the_perfect_player():
    # Red (perfect) is lost from the 5x5 start; it stalls instead of setting traps, so even a
    # random blue player wins a fair share of games, and they last long.
    start = LewthwaiteParams().new_initial_state()
    rng = random.Random(3)
    players: dict[int, Player[LewthwaiteState, Cell]] = {1: PerfectPlayer(), 2: RandomPlayer()}
    records = [play_game(start, players, rng) for _ in range(40)]
    blue_wins = [r for r in records if r.outcome.winner == 2]
    assert len(blue_wins) >= 8
    assert min(len(r.moves) for r in blue_wins) >= 12


def test_make_player_rejects_unknown_kinds():
    assert make_player("perfect").name == "perfect"
    with pytest.raises(ValueError, match="unknown computer player"):
        make_player("robot")
