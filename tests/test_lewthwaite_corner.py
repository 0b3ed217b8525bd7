"""Lewthwaite's science corner driven headless: taps, live counts, the figures on screen."""


import pytest

from games.lewthwaite import solver
from games.lewthwaite.corner import AnyBoardPage, DominoProofPage, PuzzlePage, RandomGamesPage
from games.lewthwaite.maths import domino_pairing, make_puzzle, partner_map
from games.lewthwaite.rules import LewthwaiteParams, LewthwaiteState
from games.lewthwaite.stats import exact_stats
from kiosk.menu import MenuScene
from kiosk.science import ScienceScene, format_number
from tests.corner_driver import advance, open_corner, page_of
from tests.kiosk_driver import run_frames, tap


def test_the_menu_card_opens_the_corner(corner_app):
    app = corner_app
    menu = MenuScene(app)
    app.start(menu)
    run_frames(app, 2)
    k = [info.key for info, _m in menu.games].index("lewthwaite")
    tap(app, menu.science_rect(menu.cards[k][0]).center)
    assert isinstance(app.stack.top, ScienceScene) and app.stack.top.game == "lewthwaite"
    tap(app, app.stack.top.close_button.rect.center)
    assert app.stack.top is menu


def test_tabs_switch_pages(corner_app):
    app = corner_app
    corner = open_corner(app, "lewthwaite")
    for k, expected in enumerate((RandomGamesPage, DominoProofPage, AnyBoardPage, PuzzlePage)):
        tap(app, corner.tabs[k].rect.center)
        assert isinstance(corner.page, expected)


def test_random_games_are_counted_and_the_exact_figures_are_the_solvers(corner_app):
    app = corner_app
    corner = open_corner(app, "lewthwaite")
    page = page_of(corner, RandomGamesPage)
    advance(app, 30)  # half a minute: the boards are a blur by then
    run_frames(app, 2)
    summary = corner.state_summary()
    assert summary["games"] > 500 and sum(summary["counts"]) == summary["games"]
    assert summary["first_wins"] == sum(summary["counts"][1::2])
    exact = exact_stats(LewthwaiteParams())
    assert summary["exact_p_first_wins"] == exact.p_first_wins
    assert f"exact : {format_number(100 * exact.p_first_wins, 2)} %" in corner.texts
    shown = page.tally.first_wins / page.tally.games
    assert f"Le premier gagne : {format_number(100 * shown, 1)} %" in corner.texts
    assert abs(shown - exact.p_first_wins) < 0.05  # the share has converged (thousands of games)
    tap(app, page.buttons[0].rect.center)  # start again
    assert page.tally.games < 5


def test_the_domino_proof_plays_to_reds_defeat(corner_app):
    app = corner_app
    corner = open_corner(app, "lewthwaite", 1)
    page = page_of(corner, DominoProofPage)
    partner = partner_map(domino_pairing())
    advance(app, page.STEP_SECONDS * page.game.moves_played, 0.1)
    run_frames(app, 20)
    summary = corner.state_summary()
    assert summary["moves_shown"] == summary["moves"] and summary["moves"] % 2 == 0
    state = LewthwaiteState(LewthwaiteParams(), tuple(summary["path"]))
    assert state.is_terminal() and state.current_player == 1  # red, to move, is stuck
    cells = [state.geo.cell(i) for i in state.path]
    assert all(partner[cells[k]] == cells[k + 1] for k in range(1, len(cells), 2))
    assert any("Rouge est bloqué" in text for text in corner.texts)
    before = page.games
    advance(app, page.END_SECONDS, 0.25)
    assert page.games == before + 1 and page.step == 0


def test_any_board_follows_taps_and_agrees_with_the_solver(corner_app):
    app = corner_app
    corner = open_corner(app, "lewthwaite", 2)
    page = page_of(corner, AnyBoardPage)
    plus_rows = page.buttons[1]
    tap(app, plus_rows.rect.center)
    assert (page.rows, page.cols, page.hole) == (6, 5, (3, 2))
    assert page.summary()["winner"] == solver.solve_board(6, 5, (3, 2))[0] == 1
    tap(app, page.view.center_of((0, 1)))
    assert page.hole == (0, 1)
    for _ in range(2):
        tap(app, page.buttons[0].rect.center)  # two rows fewer: 4 x 5
    tap(app, page.buttons[2].rect.center)  # one column fewer: 4 x 4
    tap(app, page.view.center_of((1, 1)))
    summary = page.summary()
    assert (summary["rows"], summary["cols"], summary["hole"]) == (4, 4, [1, 1])
    assert summary["winner"] == solver.solve_board(4, 4, (1, 1))[0] and summary["reason"] == "odd"
    assert any("Sans le trou, il reste 15 cases" in text for text in corner.texts)


def _right_button(page: PuzzlePage, value: object):
    if isinstance(value, int):
        return next(b for b in page.choice_buttons if b.label == str(value))
    return page.choice_buttons[0 if value == "red" else 1]  # red first, then blue


def test_the_puzzles_are_answered_by_tapping_and_explained(corner_app):
    app = corner_app
    corner = open_corner(app, "lewthwaite", 3)
    page = page_of(corner, PuzzlePage)
    puzzle = page.puzzle
    assert puzzle.answers() == make_puzzle(puzzle.seed).answers()
    tap(app, _right_button(page, puzzle.moves_played).rect.center)
    assert page.answered == {"moves": True}
    assert any(f"{puzzle.moves_played} coups ont été joués" in text for text in corner.texts)
    tap(app, page.next_button.rect.center)
    tap(app, _right_button(page, puzzle.first_player).rect.center)
    assert page.answered["first"]
    tap(app, page.next_button.rect.center)
    # "Which tokens have moved?" is asked without the answer rings of question 1, and each tap shows.
    assert page.key == "moved" and page.rings() == {}
    for cell in puzzle.moved_cells:
        tap(app, page.view.center_of(cell))
        assert page.rings()[cell] == "marked"
    tap(app, page.verify_button.rect.center)
    assert page.answered["moved"]
    tap(app, page.next_button.rect.center)
    wrong = "blue" if puzzle.hidden_colour == "red" else "red"
    tap(app, _right_button(page, wrong).rect.center)
    assert page.answered["hidden"] is False
    tap(app, page.next_button.rect.center)
    assert page.key == "done" and "3 bonnes réponses sur 4" in corner.texts
    tap(app, page.next_button.rect.center)
    assert page.key == "moves" and page.puzzles == 2


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_mixed_answer_to_which_tokens_moved_is_marked_as_the_text_says(corner_app, lang):
    """All but one of the moved tokens touched, and one that never moved: once checked, every
    moved token is ringed in green ("the N tokens ringed in green"), the right taps keep a green
    dot, the wrong one is crossed in red, and the text says what the marks mean and fits."""
    from kiosk.i18n import set_language, tr

    set_language(lang)
    app = corner_app
    corner = open_corner(app, "lewthwaite", 3)
    page = page_of(corner, PuzzlePage)
    puzzle = page.puzzle
    for _question in range(2):
        tap(app, page.choice_buttons[0].rect.center)
        tap(app, page.next_button.rect.center)
    assert page.key == "moved"
    moved = list(puzzle.moved_cells)
    still = next(cell for cell in puzzle.cells if cell not in moved and cell != puzzle.state.hole
                 and puzzle.colour_at(cell) is not None and cell != puzzle.hidden)
    for cell in moved[1:] + [still]:
        tap(app, page.view.center_of(cell))
    tap(app, page.verify_button.rect.center)
    run_frames(app, 2)
    rings = page.rings()
    green = [cell for cell, ring in rings.items() if ring in ("moved", "found")]
    assert sorted(green) == sorted(moved) and len(green) == puzzle.moves_played
    assert rings[moved[0]] == "moved" and rings[still] == "wrong"
    assert all(rings[cell] == "found" for cell in moved[1:])
    text = page.reasoning()
    assert text.startswith(tr("lewthwaite.science.puzzle.why.moved", n=puzzle.moves_played))
    assert tr("lewthwaite.science.puzzle.marks.found") in text and tr("lewthwaite.science.puzzle.marks.wrong") in text
    assert text in corner.texts and not corner.overflows
    set_language("fr")
