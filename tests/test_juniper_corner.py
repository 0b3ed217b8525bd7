"""Juniper Green's science corner and explainer driven headless: the table, the proof, taps."""

import pytest

from games.juniper import corner as juniper_corner
from games.juniper.corner import ProofPage, TablePage, revealed_count
from games.juniper.maths import TABLE_MAX_N, matching_proof
from games.juniper.rules import JuniperParams
from games.juniper.scene import EXPLAINER_PAGES, explainer_pages
from games.juniper.solver import ARTICLE_FIRST_PLAYER_WINS, winners
from games.juniper.view import explainer_params, layer_words
from kiosk.overlays import RulesScene
from tests.corner_driver import advance, open_corner, page_of
from tests.kiosk_driver import run_frames, tap


def test_the_reveal_is_slow_at_first_and_ends_at_1000():
    assert revealed_count(1.0) == 10 and revealed_count(4.9) == 49
    assert revealed_count(25) == TABLE_MAX_N and revealed_count(15) < TABLE_MAX_N


def test_the_table_fills_live_and_equals_the_solver(corner_app):
    app = corner_app
    corner = open_corner(app, "juniper")
    page = page_of(corner, TablePage)
    assert isinstance(page, TablePage)
    run_frames(app, 60)  # one second: ten values, one by one
    assert page.summary()["shown"] == 10
    assert "N = 10 sur 1\u00a0000" in corner.texts
    advance(app, 25)
    run_frames(app, 2)
    table = winners(TABLE_MAX_N)
    assert juniper_corner.TABLE.items == table
    summary = page.summary()
    second = [n for n in range(1, TABLE_MAX_N + 1) if table[n - 1] == 2]
    assert summary["shown"] == TABLE_MAX_N and summary["second_wins"] == second
    assert [n for n in second if n <= 50] == [n for n in range(1, 51) if n not in ARTICLE_FIRST_PLAYER_WINS]
    assert any(f"la dernière pour N = {second[-1]}" in text for text in corner.texts)
    tap(app, page.cell_rect(18).center)  # a second-player win
    assert page.selected == 18 and "N = 18 : le second joueur gagne !" in corner.texts
    tap(app, page.buttons[0].rect.center)  # see the proof for N = 18
    assert isinstance(corner.page, ProofPage) and corner.page.n == 18


def test_the_proof_page_plays_the_matching_strategy(corner_app):
    app = corner_app
    corner = open_corner(app, "juniper", 1)
    page = page_of(corner, ProofPage)
    assert page.n == 20 and page.proof.start == 2
    tap(app, page.buttons[1].rect.center)  # N = 21
    tap(app, page.buttons[0].rect.center)
    tap(app, page.buttons[0].rect.center)  # N = 19
    summary = page.summary()
    assert summary["n"] == 19 and summary["winner"] == 2 == (1 if 19 in ARTICLE_FIRST_PLAYER_WINS else 2)
    assert summary["pairs"] == len(matching_proof(19).pairs)
    moves = summary["moves"]
    advance(app, page.STEP_SECONDS * len(moves), 0.1)
    run_frames(app, 10)
    assert page.summary()["played"] == moves
    state = JuniperParams(19).new_initial_state()
    for k in moves:
        state = state.play(k)
    outcome = state.outcome()
    assert state.is_terminal() and outcome is not None and outcome.winner == 2
    partner = page.proof.partner()
    assert all(partner[moves[k - 1]] == moves[k] for k in range(1, len(moves), 2))
    assert any("bloqué" in text for text in corner.texts)


@pytest.mark.parametrize("n", [6, 12, 20, 30, 100])
def test_the_explainer_pages_follow_the_chosen_n(corner_app, n):
    app = corner_app
    pages = explainer_pages(n)
    body = {key: page.body() for key, page in zip(EXPLAINER_PAGES, pages, strict=True)}
    fourteen = explainer_params("fourteen", n)
    prime, move = fourteen["prime"], fourteen["move"]
    assert isinstance(prime, int) and isinstance(move, int)
    assert fourteen["n"] == n and prime * 2 == move <= n < 3 * prime
    assert f"Si tu joues {fourteen['move']}, ton adversaire joue {fourteen['prime']}" in body["fourteen"]
    proof = matching_proof(n)
    assert (f"Pour N = {n}, on commence par {proof.start}." in body["matching"]) == (proof.winner == 1)
    assert f"pour N = {n}" in body["strata"]
    rules = RulesScene(app, "Juniper Green", pages)
    app.start(rules)
    for page in range(len(pages)):
        rules.page = page
        run_frames(app, 12)


def test_the_explainer_keeps_the_articles_examples_for_n_20():
    assert explainer_params("fourteen", 20) == {"n": 20, "move": 14, "prime": 7, "blocker": 11, "half": 10}
    assert layer_words(6) == ("2-1, 4-1, 6-1, 2-6-3-1, 4-2-6-1, 6-2-4-1", "2-6-3, 6-2-4", "2-6, 6-2")
    # N = 21 has no such example: the page falls back to the article's.
    assert explainer_params("fourteen", 21)["n"] == 20
