"""Cell-to-LED wiring as ASCII tables: each diagram shows the LED index under each game cell."""

from __future__ import annotations

import itertools

import pytest

from hardware.mapping import CORNERS, ROTATIONS, WIRINGS, Layout, MappingError, Panel, PanelLayout


def table(text: str) -> list[list[int]]:
    return [[int(x) for x in line.split()] for line in text.strip().splitlines()]


CASES = [
    # (wiring, start, rotation, first_led, diagram for a 3-row x 4-column game board)
    ("rows", "top-left", 0, 0, """
        0  1  2  3
        4  5  6  7
        8  9 10 11"""),
    ("serpentine", "top-left", 0, 0, """
        0  1  2  3
        7  6  5  4
        8  9 10 11"""),
    ("serpentine", "bottom-left", 0, 0, """
        8  9 10 11
        7  6  5  4
        0  1  2  3"""),
    ("rows", "top-right", 0, 0, """
        3  2  1  0
        7  6  5  4
       11 10  9  8"""),
    ("serpentine", "bottom-right", 0, 0, """
       11 10  9  8
        4  5  6  7
        3  2  1  0"""),
    # The board turned a quarter clockwise: the game's bottom-left cell is now top-left.
    ("rows", "top-left", 90, 0, """
        2  5  8 11
        1  4  7 10
        0  3  6  9"""),
    ("rows", "top-left", 180, 0, """
       11 10  9  8
        7  6  5  4
        3  2  1  0"""),
    ("rows", "top-left", 270, 0, """
        9  6  3  0
       10  7  4  1
       11  8  5  2"""),
    ("serpentine", "top-left", 90, 100, """
      102 103 108 109
      101 104 107 110
      100 105 106 111"""),
]


@pytest.mark.parametrize(("wiring", "start", "rotation", "first", "diagram"), CASES)
def test_layouts_match_their_diagrams(wiring: str, start: str, rotation: int, first: int,
                                      diagram: str) -> None:
    layout = Layout(3, 4, wiring=wiring, start=start, rotation=rotation, first_led=first)
    assert layout.table() == table(diagram)


ALL_WIRINGS = list(itertools.product(WIRINGS, CORNERS, ROTATIONS))


@pytest.mark.parametrize(("wiring", "start", "rotation"), ALL_WIRINGS)
@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (17, 16), (1, 7), (4, 6)])
def test_every_layout_is_a_bijection(wiring: str, start: str, rotation: int, rows: int, cols: int) -> None:
    layout = Layout(rows, cols, wiring=wiring, start=start, rotation=rotation, first_led=3)
    indices = sorted(i for row in layout.table() for i in row)
    assert indices == list(range(3, 3 + rows * cols))


def test_serpentine_neighbours_on_the_strip_are_neighbours_on_the_board() -> None:
    layout = Layout(17, 16, wiring="serpentine", start="bottom-right", rotation=270)
    where = {layout.led_index((r, c)): (r, c) for r in range(17) for c in range(16)}
    for i in range(272 - 1):
        (r1, c1), (r2, c2) = where[i], where[i + 1]
        assert abs(r1 - r2) + abs(c1 - c2) == 1


@pytest.mark.parametrize("kwargs", [
    {"rows": 0, "cols": 5}, {"rows": 5, "cols": 65}, {"rows": 5, "cols": 5, "wiring": "zigzag"},
    {"rows": 5, "cols": 5, "start": "middle"}, {"rows": 5, "cols": 5, "rotation": 45},
    {"rows": 5, "cols": 5, "first_led": -1}, {"rows": True, "cols": 5}, {"rows": "5", "cols": 5},
])
def test_bad_layouts_are_refused(kwargs: dict) -> None:
    with pytest.raises(MappingError):
        Layout(**kwargs)


def test_cells_off_the_board_are_refused() -> None:
    with pytest.raises(MappingError, match="off the 5x5 board"):
        Layout(5, 5).led_index((5, 0))


def halves(second_first_led: int = 136, second_col: int = 8) -> PanelLayout:
    """Lightning's board as two 17 x 8 halves, each a serpentine from its top-left corner."""
    second = Layout(17, 8, first_led=second_first_led)
    return PanelLayout(17, 16, (Panel(0, 0, Layout(17, 8)), Panel(0, second_col, second)))


def test_panels_wire_each_half_on_its_own() -> None:
    board = halves()
    assert [board.led_index(c) for c in [(0, 0), (0, 7), (1, 7), (1, 0), (16, 7)]] == [0, 7, 8, 15, 135]
    assert [board.led_index(c) for c in [(0, 8), (0, 15), (1, 15), (16, 8), (16, 15)]] == [136, 143, 144, 264, 271]
    assert sorted(i for row in board.table() for i in row) == list(range(272))
    assert (board.first_led, board.end, board.count) == (0, 272, 272)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: halves(second_col=7), "both cover cell 0,7"),
    (lambda: halves(second_col=9), "does not fit"),
    (lambda: PanelLayout(17, 16, (Panel(0, 0, Layout(17, 8)), Panel(0, 8, Layout(17, 7, first_led=136)))),
     "uncovered"),
    (lambda: PanelLayout(17, 16, (Panel(-1, 0, Layout(17, 8)), Panel(0, 8, Layout(17, 8, first_led=136)))),
     "does not fit"),
    (lambda: PanelLayout(4, 4, (Panel(0, 0, Layout(4, 2)), Panel(0, 1, Layout(4, 2, first_led=8)),
                                Panel(0, 3, Layout(4, 1, first_led=16)))), "both cover"),
    (lambda: halves(second_first_led=100), "already used"),
    (lambda: PanelLayout(2, 2, ()), "at least one"),
])
def test_bad_panels_are_refused(make: object, message: str) -> None:
    with pytest.raises(MappingError, match=message):
        make()  # type: ignore[operator]
