"""The mathematics of the Lewthwaite science corner and the ``puzzle`` command.

The puzzle answers come from the rules engine's path of the hole; here they are checked against
an independent reading of the board alone, the way a visitor solves the article's puzzles.
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import main
from games.lewthwaite import solver
from games.lewthwaite.maths import (
    LengthTally,
    board_verdict,
    domino_game,
    domino_pairing,
    make_puzzle,
    max_game_length,
    move_count_choices,
    partner_map,
    random_game,
)
from games.lewthwaite.rules import BLUE, RED, LewthwaiteParams

CENTRE = (2, 2)


def solve_from_the_board(board: list[str], puzzle: list[str]) -> dict[str, object]:
    """A visitor's reasoning, from the rows alone (the start hole is the centre of 5x5).

    The first token to move slid into the centre and never moved again, so the centre's token
    has the first player's colour. Each square is tinted with the colour that starts there: the
    first player's on the squares next to the centre's colour, the other one elsewhere. Moved
    tokens sit on the other colour's squares, one per move. There are 12 tokens of each colour,
    so the hidden one has the colour with only 11 in sight.
    """
    colour = {"R": RED, "B": BLUE}
    if board[CENTRE[0]][CENTRE[1]] == ".":
        first = colour[board[CENTRE[0]][CENTRE[1] + 1]]
    else:
        first = colour[board[CENTRE[0]][CENTRE[1]]]
    second = BLUE if first == RED else RED
    moved = []
    for r, row in enumerate(board):
        for c, letter in enumerate(row):
            if letter == ".":
                continue
            square = second if (r + c) % 2 == sum(CENTRE) % 2 else first
            if colour[letter] != square:
                moved.append([r, c])
    seen = "".join(puzzle)
    hidden = RED if seen.count("R") == 11 else BLUE
    (hidden_row,) = [r for r, row in enumerate(puzzle) if "?" in row]
    return {
        "moves_played": len(moved),
        "first_player": first,
        "moved_cells": moved,
        "hidden_cell": [hidden_row, puzzle[hidden_row].index("?")],
        "hidden_colour": hidden,
    }


@pytest.mark.parametrize("moves", [None, 1, 5, 9, 14, 20, 24])
def test_puzzle_answers_agree_with_an_independent_count_over_many_seeds(moves):
    for seed in range(120):
        answers = make_puzzle(seed, moves).answers()
        board, puzzle = answers["board"], answers["puzzle"]
        assert isinstance(board, list) and isinstance(puzzle, list)
        expected = solve_from_the_board(board, puzzle)
        assert {k: answers[k] for k in expected} == expected, seed
        if moves is not None:
            assert answers["moves_played"] == moves


def test_the_situation_tells_who_started_as_in_the_article():
    # Enigme 2: an odd number of moves and the winner moved last, so the winner started.
    starters = set()
    for seed in range(200):
        puzzle = make_puzzle(seed)
        answers = puzzle.answers()
        moves_played = answers["moves_played"]
        assert isinstance(moves_played, int)
        if puzzle.finished:
            odd = moves_played % 2 == 1
            assert (answers["first_player"] == answers["winner"]) == odd
        else:
            even = moves_played % 2 == 0
            assert (answers["first_player"] == answers["to_move"]) == even
        starters.add(answers["first_player"])
    assert starters == {RED, BLUE}  # both colours get to start


def test_a_puzzle_is_reproducible_and_the_hand_never_covers_the_hole_or_the_centre():
    for seed in range(50):
        a, b = make_puzzle(seed), make_puzzle(seed)
        assert a.answers() == b.answers()
        assert a.hidden not in (a.state.hole, CENTRE)
        assert sum(row.count("?") for row in a.puzzle_rows()) == 1


def test_no_game_is_longer_than_the_tokens():
    with pytest.raises(ValueError, match="lasts 25 moves"):
        make_puzzle(0, 25)


@pytest.mark.parametrize("right", range(1, 25))
def test_the_move_count_question_offers_four_counts_whatever_the_answer(right):
    # 24 moves (the longest game) crashed the science corner: only 22 and 23 were "near".
    for seed in range(20):
        choices = move_count_choices(right, seed, max_game_length())
        assert len(set(choices)) == 4 and right in choices and choices == sorted(choices)
        assert all(1 <= v <= 24 and abs(v - right) <= 4 for v in choices)
        assert choices == move_count_choices(right, seed, 24)  # the same puzzle, the same buttons


def test_puzzle_command_json(capsys):
    code = main.main(["puzzle", "lewthwaite", "--seed", "7", "--moves", "9", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {"board", "moves_played", "first_player", "moved_cells", "hidden_cell", "hidden_colour"} <= data.keys()
    assert data["moves_played"] == 9 and len(data["moved_cells"]) == 9
    assert all(set(row) <= set("RB.") for row in data["board"]) and len(data["board"]) == 5


def test_puzzle_command_text_prints_rows_with_row_0_on_top(capsys):
    code = main.main(["puzzle", "lewthwaite", "--seed", "3"])
    out = capsys.readouterr().out
    puzzle = make_puzzle(3)
    assert code == 0 and f"  {puzzle.puzzle_rows()[0]}\n" in out and f"moves played: {puzzle.moves_played}" in out


@pytest.mark.parametrize("argv", [["--moves", "25"], ["--moves", "0"], ["--seed", "x"]])
def test_puzzle_command_rejects_bad_values(capsys, argv):
    with pytest.raises(SystemExit) as exit_info:
        main.main(["puzzle", "lewthwaite", *argv])
    assert exit_info.value.code == 2 and "error" in capsys.readouterr().err


# --- random games --------------------------------------------------------------------------------


def test_the_tally_counts_odd_games_as_first_player_wins():
    tally = LengthTally(25)
    rng = random.Random(1)
    lengths = [random_game(LewthwaiteParams(), rng).moves_played for _ in range(300)]
    for length in lengths:
        tally.add(length)
    assert tally.games == 300 and tally.first_wins == sum(1 for k in lengths if k % 2)
    assert tally.mean_length == pytest.approx(sum(lengths) / 300)
    assert min(lengths) >= 6 and max(lengths) <= 24  # as the article observes


# --- the domino proof ------------------------------------------------------------------------------


def test_the_pairing_covers_every_square_but_the_hole():
    cells = {cell for pair in domino_pairing() for cell in pair}
    assert len(domino_pairing()) == 12 and len(cells) == 24 and CENTRE not in cells
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in domino_pairing())


@given(st.integers(0, 10**6))
@settings(max_examples=60, deadline=None)
def test_answering_inside_the_domino_always_wins_for_the_second_player(seed):
    state = domino_game(random.Random(seed))
    partner = partner_map(domino_pairing())
    assert state.is_terminal() and state.moves_played % 2 == 0  # the first player is stuck
    cells = [state.geo.cell(i) for i in state.path]
    for k in range(1, len(cells), 2):
        assert partner[cells[k]] == cells[k + 1]


# --- any board ---------------------------------------------------------------------------------------


def test_who_wins_any_board_follows_from_counting_squares():
    # The first player wins exactly when the squares around the hole cannot be tiled by
    # dominoes, and on a rectangle that is a matter of counting (checked against the solver).
    for rows in range(2, 8):
        for cols in range(2, 8):
            for r in range(rows):
                for c in range(cols):
                    verdict = board_verdict(rows, cols, (r, c))
                    assert (verdict.winner == 1) == (verdict.reason != "tiling"), (rows, cols, r, c)


def test_board_verdict_draws_the_winners_plan():
    second = board_verdict(5, 5, (2, 2))
    assert second.winner == 2 and second.first_move is None and not second.alone and second.reason == "tiling"
    first = board_verdict(4, 4, (1, 1))
    assert first.winner == 1 and first.reason == "odd" and first.first_move is not None
    assert {first.first_move, (1, 1)} in [set(pair) for pair in first.pairing]
    colours = board_verdict(5, 5, (0, 1))
    assert colours.winner == 1 and colours.reason == "colours" and (colours.light, colours.dark) == (11, 13)
    state = LewthwaiteParams(5, 5, (0, 1)).new_initial_state()
    assert solver.brute_force_to_move_wins(state)
    assert len(colours.alone) == 24 - (2 * len(colours.pairing) - 1) == 1
