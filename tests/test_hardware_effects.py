"""Each role's look over time: colours, blinking phases, idle glow, overrides, unknown roles."""

from __future__ import annotations

import pytest

from games.effects import RGB, BoardLights, Cell
from hardware.effects import LOOKS, OFF, OKABE_ITO, Look, is_animated, render_cells, scale, unknown_roles


def lights(cells: dict[Cell, str], idle: bool = False, colours: dict[Cell, RGB] | None = None) -> BoardLights:
    return BoardLights("lewthwaite", 5, 5, cells, idle, colours or {})


def colour(board: BoardLights, cell: tuple[int, int], t: float) -> tuple[int, int, int]:
    return render_cells(board, t)[cell]


def test_every_documented_role_has_a_look() -> None:
    assert set(LOOKS) == {"legal", "selected", "hint", "computer_from", "computer_to", "put_back",
                          "remove", "player1", "player2", "win"}


def test_dark_board_without_roles() -> None:
    assert set(render_cells(lights({}), 0.3).values()) == {OFF}
    assert len(render_cells(BoardLights("lightning", 17, 16), 0.0)) == 272


def test_put_back_blinks_red_twice_a_second() -> None:
    board = lights({(2, 3): "put_back"})
    red = OKABE_ITO["vermillion"]
    assert colour(board, (2, 3), 0.0) == red
    assert colour(board, (2, 3), 0.3) == OFF
    assert colour(board, (2, 3), 0.5) == red
    assert colour(board, (0, 0), 0.0) == OFF


# (t, source on?, target on?): the source blinks during the first half of each 1.6 s cycle,
# then the target during the second half.
COMPUTER_MOVE = [(0.0, True, False), (0.25, False, False), (0.45, True, False), (0.85, False, True),
                 (1.05, False, False), (1.25, False, True), (1.6, True, False)]


@pytest.mark.parametrize(("t", "source_on", "target_on"), COMPUTER_MOVE)
def test_computer_move_blinks_source_then_target(t: float, source_on: bool, target_on: bool) -> None:
    board = lights({(1, 2): "computer_from", (2, 2): "computer_to"})
    assert (colour(board, (1, 2), t) != OFF) == source_on
    assert (colour(board, (2, 2), t) != OFF) == target_on


def test_selected_breathes_faster_than_legal_and_player_colours_stay() -> None:
    board = lights({(0, 0): "selected", (0, 1): "legal", (0, 2): "player2"})
    bright, dim = colour(board, (0, 0), 0.0), colour(board, (0, 0), 0.45)
    assert bright == OKABE_ITO["yellow"] and sum(dim) < sum(bright) and dim != OFF
    assert colour(board, (0, 1), 0.0) == scale(OKABE_ITO["bluish_green"], 0.7)
    assert OFF != colour(board, (0, 1), 0.9) != colour(board, (0, 1), 0.0)
    assert colour(board, (0, 2), 0.0) == colour(board, (0, 2), 0.77) == scale(OKABE_ITO["blue"], 0.9)


def test_player_colour_override_keeps_the_role() -> None:
    board = lights({(0, 0): "player1", (0, 1): "player1"}, colours={(0, 0): (228, 64, 60)})
    assert colour(board, (0, 0), 0.0) == scale((228, 64, 60), LOOKS["player1"].level)
    assert colour(board, (0, 1), 0.0) == scale(OKABE_ITO["vermillion"], LOOKS["player1"].level)


def test_win_rainbow_moves_across_cells_and_time() -> None:
    board = lights({(r, c): "win" for r in range(5) for c in range(5)})
    first = render_cells(board, 0.0)
    assert len(set(first.values())) > 5
    assert render_cells(board, 0.4) != first


def test_idle_glow_lights_every_free_cell_softly() -> None:
    board = lights({(2, 2): "legal"}, idle=True)
    cells = render_cells(board, 1.0)
    assert all(c != OFF and max(c) <= 60 for cell, c in cells.items() if cell != (2, 2))
    assert render_cells(board, 2.0) != cells
    assert is_animated(board) and not is_animated(lights({(0, 0): "player1"}))


def test_unknown_roles_stay_dark_and_are_reported() -> None:
    board = lights({(0, 0): "sparkle", (0, 1): "legal"})
    assert colour(board, (0, 0), 0.0) == OFF
    assert unknown_roles(board) == {"sparkle"}


def test_roles_that_share_a_hue_differ_by_pattern() -> None:
    """Colour-blind safety: roles whose colours are close never also share their pattern."""
    def close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
        return sum(abs(x - y) for x, y in zip(a, b, strict=True)) < 120

    roles = [r for r in LOOKS if r != "win"]
    for i, a in enumerate(roles):
        for b in roles[i + 1:]:
            la, lb = LOOKS[a], LOOKS[b]
            if close(la.colour, lb.colour) and {a, b} != {"computer_from", "computer_to"}:
                assert (la.pattern, la.period) != (lb.pattern, lb.period), (a, b)


def test_a_look_refuses_an_unknown_pattern() -> None:
    with pytest.raises(ValueError, match="unknown pattern"):
        Look((1, 2, 3), "strobe")
