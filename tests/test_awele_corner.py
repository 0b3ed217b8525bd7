"""Awélé's science corner driven headless: build a board by taps, sow it, find the loops."""

import time

from games.awele.corner import BigLoopPage, ExplorerPage, SmallLoopPage, Sowing
from games.awele.maths import ARTICLE_BIG_LOOP, ARTICLE_SMALL_LOOP
from games.awele.rules import Loop, Sown, iter_laps, sow
from tests.corner_driver import advance, open_corner, page_of
from tests.kiosk_driver import run_frames, tap


def test_sowing_seed_by_seed_replays_the_rules_laps():
    sowing = Sowing((4,) * 12, 3)
    shown = []
    while sowing.seed():
        if sowing.lap_done:
            shown.append(sowing.board)
    expected = sow((4,) * 12, 3)
    assert isinstance(expected, Sown) and sowing.walker.ended and sowing.finished
    assert shown == [lap.board for lap in iter_laps((4,) * 12, 3)] and shown[-1] == expected.board


def test_the_explorer_builds_the_articles_small_loop_by_taps_and_finds_period_8(corner_app):
    app = corner_app
    corner = open_corner(app, "awele")
    page = page_of(corner, ExplorerPage)
    assert isinstance(page, ExplorerPage)
    tap(app, page.buttons[3].rect.center)  # 4 pits
    tap(app, page.buttons[2].rect.center)  # empty
    view = page.board_view
    for pit, seeds in enumerate(ARTICLE_SMALL_LOOP[0]):
        for _ in range(seeds):
            tap(app, view.center(pit))
    assert page.pits == ARTICLE_SMALL_LOOP[0]
    tap(app, page.sow_button.rect.center)
    assert page.choosing
    tap(app, view.center(ARTICLE_SMALL_LOOP[1]))
    advance(app, 20, 0.25)
    run_frames(app, 2)
    summary = page.summary()
    assert summary["period"] == 8 and summary["laps"] == 8 and not summary["ended"]
    assert summary["board"] == list(ARTICLE_SMALL_LOOP[0])
    assert any("Période : 8 tours" in text for text in corner.texts)


def test_the_explorer_shows_a_move_that_ends(corner_app):
    app = corner_app
    corner = open_corner(app, "awele")
    page = page_of(corner, ExplorerPage)
    tap(app, page.sow_button.rect.center)
    tap(app, page.board_view.center(3))  # the article's example: the start board, pit 4
    advance(app, 20, 0.25)
    run_frames(app, 2)
    expected = sow((4,) * 12, 3)
    assert isinstance(expected, Sown)
    summary = page.summary()
    assert summary["ended"] and summary["laps"] == expected.laps and summary["board"] == list(expected.board)
    assert any(f"après {expected.laps} tours" in text for text in corner.texts)
    tap(app, page.board_view.center(0))  # editing again starts from the board the move left
    assert page.pits[0] == expected.board[0] + 1 and page.sowing is None


def test_random_boards_and_sowing_any_of_them_agree_with_the_rules(corner_app):
    app = corner_app
    corner = open_corner(app, "awele")
    page = page_of(corner, ExplorerPage)
    for _ in range(6):
        tap(app, page.buttons[1].rect.center)  # random
        pit = next(i for i, seeds in enumerate(page.pits) if seeds)
        board = page.pits
        tap(app, page.sow_button.rect.center)
        tap(app, page.board_view.center(pit))
        advance(app, 30, 0.5)
        summary = page.summary()
        expected = sow(board, pit)
        if isinstance(expected, Loop):
            assert summary["period"] == expected.period
        else:
            assert isinstance(expected, Sown)
            assert summary["ended"] and summary["laps"] == expected.laps


def test_the_big_loop_reaches_50636_laps(corner_app):
    app = corner_app
    corner = open_corner(app, "awele", 1)
    page = page_of(corner, BigLoopPage)
    assert isinstance(page, BigLoopPage)
    run_frames(app, 60)
    assert 0 < page.summary()["laps"] < 10  # seed by seed at first
    advance(app, 60, 0.5)
    run_frames(app, 2)
    summary = page.summary()
    expected = sow(*ARTICLE_BIG_LOOP)
    assert isinstance(expected, Loop)
    assert summary["period"] == expected.period == summary["laps"] == 50_636
    assert summary["board"] == list(ARTICLE_BIG_LOOP[0])
    assert "Tours : 50\u00a0636" in corner.texts
    assert any("après 50\u00a0636 tours" in text and "50\u00a0635" in text for text in corner.texts)


def test_the_small_loop_step_by_step_shows_the_articles_boards(corner_app):
    app = corner_app
    corner = open_corner(app, "awele", 2)
    page = page_of(corner, SmallLoopPage)
    tap(app, page.buttons[1].rect.center)  # manual
    assert not page.auto
    taps = 0
    while page.summary()["period"] is None and taps < 100:
        tap(app, page.buttons[0].rect.center, frames=1)
        taps += 1
    summary = page.summary()
    assert summary["period"] == 8 and taps == 8 + sum(lap.seeds for lap in _laps(8))  # a tap per lap start and seed
    assert summary["history"][1] == [1, 0, 1, 3] and summary["history"][2] == [2, 1, 2, 0]
    assert summary["history"][0] == summary["history"][-1] == [1, 2, 0, 2] and len(summary["history"]) == 9
    run_frames(app, 2)
    assert any("période 8" in text for text in corner.texts)


def _laps(count):
    laps = []
    for lap in iter_laps(*ARTICLE_SMALL_LOOP):
        laps.append(lap)
        if len(laps) == count:
            return laps
    return laps


def test_a_long_loop_takes_only_its_share_of_each_frame(corner_app, monkeypatch):
    # This random board's pit 8 loops for 11,546,955 laps and the explorer's pace doubles every
    # 4 s: uncapped, a visitor watching for 100 s had one frame play 490,000 laps (seconds).
    page = page_of(open_corner(corner_app, "awele"), ExplorerPage)
    monkeypatch.setattr(type(corner_app), "headless", property(lambda app: False))  # the kiosk's frames
    page._edit((1, 8, 7, 8, 1, 6, 5, 2, 7, 6, 5, 4))
    page.sow(7)
    page.update(1 / 60)
    page.elapsed = 100.0
    for _ in range(3):
        assert page.sowing is not None
        # clock(cpu): the frame thread's laps; load stretches only the wall
        before, started = page.sowing.walker.laps, time.thread_time()  # CPU time: load stretches only the wall
        page.update(1 / 60)
        spent = time.thread_time() - started  # clock(cpu): as above
        assert page.sowing.walker.laps - before >= 32 and spent < 0.1, (page.sowing.walker.laps - before, spent)
    assert page.sowing is not None and not page.sowing.finished
