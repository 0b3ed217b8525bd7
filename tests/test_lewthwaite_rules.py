"""Lewthwaite's rules, with exact positions written as ASCII diagrams."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import GameInputError, IllegalMoveError
from games.lewthwaite.rules import LewthwaiteParams, from_diagram, from_text
from tests.outcomes import final

START_5X5 = """
BRBRB
RBRBR
BR.RB
RBRBR
BRBRB
"""


def diagram(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def test_start_position_is_a_checkerboard_with_the_hole_in_the_centre():
    state = LewthwaiteParams().new_initial_state()
    assert state.diagram() == diagram(START_5X5)
    assert state.current_color == "red"
    assert sorted(state.legal_moves()) == [(1, 2), (2, 1), (2, 3), (3, 2)]


# (moves played from the 5x5 start, expected diagram, player to move)
GAMES = [
    (["2,1"], """
        BRBRB
        RBRBR
        B.rRB
        RBRBR
        BRBRB
     """, "blue"),
    (["2,1", "1,1"], """
        BRBRB
        R.RBR
        BbrRB
        RBRBR
        BRBRB
     """, "red"),
    (["2,3", "3,3", "3,2", "4,2"], """
        BRBRB
        RBRBR
        BRrbB
        RBbrR
        BR.RB
     """, "red"),
]


@pytest.mark.parametrize(("moves", "expected", "to_move"), GAMES)
def test_moves_slide_tokens_into_the_hole(moves, expected, to_move):
    state = LewthwaiteParams().new_initial_state()
    for text in moves:
        state = state.play(state.parse_move(text))
    assert state.diagram() == diagram(expected)
    assert state.current_color == to_move


@pytest.mark.parametrize(
    ("moves", "bad", "reason"),
    [
        ([], (0, 0), "not next to the hole"),
        ([], (2, 2), "the hole itself"),
        (["2,1"], (2, 2), "already moved"),
        (["2,1", "1,1"], (2, 1), "already moved"),
        ([], (7, 7), "not a cell"),
    ],
)
def test_illegal_moves_raise_and_change_nothing(moves, bad, reason):
    state = LewthwaiteParams().new_initial_state()
    for text in moves:
        state = state.play(state.parse_move(text))
    before = state.to_text()
    with pytest.raises(IllegalMoveError, match=reason) as error:
        state.play(bad)
    assert before in str(error.value)  # the message names the position
    assert state.to_text() == before


def test_blocked_player_loses_with_a_reason():
    # The article's photo: blue to move, four red tokens in a cross around the hole.
    state = from_diagram("""
        BRBRB
        brbBR
        r.rRB
        brRBR
        BRBRB
    """)
    assert state.to_text() == "5x5 h2,2: 1,2 1,1 1,0 2,0 3,0 3,1 2,1"
    assert state.current_color == "blue"
    assert state.is_terminal()
    outcome = final(state)
    assert outcome.winner == 1
    assert outcome.reason == "lewthwaite.end.blocked"
    assert outcome.param_dict()["loser"] == "blue"


def test_corner_hole_and_rectangular_board():
    state = LewthwaiteParams(3, 4, (0, 0)).new_initial_state()
    assert state.diagram() == "\n".join([".RBR", "RBRB", "BRBR"])
    assert sorted(state.legal_moves()) == [(0, 1), (1, 0)]


def test_text_form_round_trips():
    state = LewthwaiteParams(4, 6, (1, 2)).new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
        again = from_text(state.to_text())
        assert again == state
        assert again.diagram() == state.diagram()


def test_diagram_round_trips_to_an_equivalent_state():
    rng = random.Random(9)
    for _ in range(30):
        state = LewthwaiteParams().new_initial_state()
        for _ in range(rng.randrange(12)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        rebuilt = from_diagram(state.diagram())
        assert rebuilt.diagram() == state.diagram()
        assert rebuilt.visited == state.visited and rebuilt.hole == state.hole


@pytest.mark.parametrize(
    "bad",
    ["", "RB\nR", "RBX\nBR.", "RBR\nBRB\nRBR", "R.R\nB.B", "..\n.."],
)
def test_bad_diagrams_are_rejected(bad):
    with pytest.raises(GameInputError):
        from_diagram(bad)


@pytest.mark.parametrize("text", ["", "5x5", "axb h1,1:", "5x5 h9,9:", "5x5 h2,2: 0,0"])
def test_bad_texts_are_rejected(text):
    with pytest.raises(ValueError):
        from_text(text)


@pytest.mark.parametrize(("rows", "cols", "hole"), [(1, 5, None), (5, 10, None), (5, 5, (5, 0)), (5, 5, (-1, 2))])
def test_bad_parameters_are_rejected(rows, cols, hole):
    with pytest.raises(GameInputError):
        LewthwaiteParams(rows, cols, hole)


@settings(max_examples=150, deadline=None)
@given(
    rows=st.integers(2, 7),
    cols=st.integers(2, 7),
    data=st.data(),
)
def test_random_games_keep_every_token_and_move_each_at_most_once(rows, cols, data):
    hole = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    state = LewthwaiteParams(rows, cols, hole).new_initial_state()

    def counts(s):
        board = s.diagram().lower()
        return board.count("r"), board.count("b")

    start_counts = counts(state)
    moved_before: set = set()
    while not state.is_terminal():
        move = data.draw(st.sampled_from(state.legal_moves()))
        assert move not in moved_before
        moved_before.add(state.hole)
        state = state.play(move)
        assert counts(state) == start_counts  # nothing lost, nothing created
    assert state.moves_played <= rows * cols - 1  # the variant: unmoved tokens decrease
    assert final(state).winner == 3 - state.current_player
