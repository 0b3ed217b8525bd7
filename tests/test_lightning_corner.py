"""Lightning's science corner driven headless: the numbers on screen are the players' distances."""


from games.lightning.corner import DistancePage, HistoryPage
from games.lightning.maths import cell_distances
from games.lightning.rules import from_text
from tests.corner_driver import advance, open_corner, page_of
from tests.kiosk_driver import run_frames, tap


def test_the_numbers_on_screen_are_the_distances_of_the_position_shown(corner_app):
    app = corner_app
    corner = open_corner(app, "lightning")
    page = page_of(corner, DistancePage)
    assert isinstance(page, DistancePage)
    advance(app, page.STEP_SECONDS * 12, 0.3)
    summary = page.summary()
    assert summary["finished"] and summary["index"] >= 10
    state = from_text(summary["position"])
    for player in (1, 2):
        expected = {f"{r},{c}": v for (r, c), v in cell_distances(state, player).items()}
        assert summary["numbers"][str(player)] == expected
        reachable = [v for v in expected.values() if v is not None]
        assert summary["distances"][player - 1] == (min(reachable) if reachable else None) == state.distance(player)
    needs = summary["distances"][0]
    if needs is not None and state.winner is None and needs > 1:
        assert f"Encore au moins {needs} tuiles pour arriver au milieu." in corner.texts


def test_buttons_pause_step_and_start_a_new_game(corner_app):
    app = corner_app
    corner = open_corner(app, "lightning")
    page = page_of(corner, DistancePage)
    tap(app, page.buttons[0].rect.center)  # pause
    assert not page.playing
    index = page.index
    advance(app, 5, 0.5)
    assert page.index == index
    tap(app, page.buttons[1].rect.center)  # one tile
    assert page.index == index + 1
    tap(app, page.buttons[2].rect.center)  # another game
    assert page.index == 0 and page.games == 2


def test_the_replay_shows_blocking_moves_and_the_end(corner_app):
    app = corner_app
    corner = open_corner(app, "lightning")
    page = page_of(corner, DistancePage)
    seen_block = False
    for _ in range(80):
        page.step_once()
        run_frames(app, 1)
        summary = page.summary()
        if summary["blocked_by"] == 2:
            seen_block = True
            assert any("Bleu bloque Rouge" in t or "Bleu ferme la route" in t for t in corner.texts)
        if page.at_end:
            break
    assert seen_block and page.at_end  # the strong player blocks the builder at least once


def test_the_history_card_computes_its_figures(corner_app):
    app = corner_app
    corner = open_corner(app, "lightning", 1)
    assert isinstance(corner.page, HistoryPage)
    assert corner.state_summary()["squares"] == 272 and corner.state_summary()["tiles"] == 150
    assert any("272 cases" in t and "150 tuiles" in t for t in corner.texts)
    assert any("reconstruction" in t for t in corner.texts)
