"""Awélé computer players: the 1990 port against a line-by-line transliteration of the BASIC
listing, the strong player against plain minimax, and short tournaments."""

from __future__ import annotations

import itertools
import random

import pytest

from games.awele.ai import (
    WIN,
    Basic1990Player,
    StrongPlayer,
    _one_ply_further,
    basic_1990_values,
    make_player,
)
from games.awele.match import random_opening, run_tournament
from games.awele.rules import AweleState, new_game, position
from games.core import Stopwatch


def basic_listing_choice(cas: list[int]) -> int | None:
    """Lines 890-1190 of the listing, transliterated with the same arrays and loops (1-based;
    the computer is player 1, pits 1..6). Returns CH, or None where the listing gives up."""
    z = [[0] * 13 for _ in range(6**4 + 1)]
    z[1][0] = 0
    for i in range(1, 13):
        z[1][i] = cas[i - 1]
    # 1200-1450: the tree.
    j = 1
    rien = 0
    sw = 0
    for niv in range(1, 5):
        for dep in range(1, 6**4 + 1, 6 ** (5 - niv)):
            de = list(z[dep])
            for ca in range(1, 7):
                a = list(de)
                if a[0] != 99:
                    c = ca if j == 1 else ca + 6
                    if a[c] == 0:
                        a = [99] * 13
                        rien += 1
                    else:
                        while True:  # 1300-1360
                            b = a[c]
                            a[c] = 0
                            for _ in range(b):
                                c += 1
                                if c == 13:
                                    c = 1
                                a[c] += 1
                            sw += 1
                            if sw == 1000:
                                a = [99] * 13
                                break
                            if a[c] > 1:
                                continue
                            if j == 1 and c < 7:
                                a[0] += a[c + 2 * (6 - c) + 1]
                                a[c + 2 * (6 - c) + 1] = 0
                            if j == 2 and c > 6:
                                a[0] -= a[c + 2 * (6 - c) + 1]
                                a[c + 2 * (6 - c) + 1] = 0
                            break
                target = dep + (ca - 1) * 6 ** (4 - niv)
                z[target] = list(de) if rien == 6 else a
                sw = 0
            rien = 0
        j = 2 if j == 1 else 1
    # 960-1190: minimax in place on Z(.,0).
    j = 1
    for niv in range(1, 4):
        j = 1 if j == 2 else 2
        for dep in range(1, 1297, 6**niv):
            for i in range(1, 6):
                k = dep + i * 6 ** (niv - 1)
                if z[k][0] == 99:
                    continue
                if z[dep][0] == 99:
                    z[dep][0], z[k][0] = z[k][0], z[dep][0]
                    continue
                if (j == 1 and z[dep][0] < z[k][0]) or (j == 2 and z[dep][0] > z[k][0]):
                    z[dep][0], z[k][0] = z[k][0], z[dep][0]
    for i in range(1, 1297, 216):
        if z[i][0] == 99:
            continue
        if not any(z[jj][0] != 99 and z[i][0] < z[jj][0] for jj in range(1, 1297, 216)):
            return (i - 1) // 216 + 1
    return None


def random_positions(count: int, seed: int, pits: int = 12) -> list[AweleState]:
    rng = random.Random(seed)
    states: list[AweleState] = []
    while len(states) < count:
        state = random_opening(new_game(pits, rng.randint(2, 5)), rng, rng.randint(0, 40))
        if not state.is_terminal():
            states.append(state)
    return states


def test_1990_player_matches_the_basic_listing_for_player_1() -> None:
    checked = 0
    for state in random_positions(40, seed=3):
        if state.current_player != 1 or sum(1 for i in range(6) if state.pits[i]) < 2:
            continue
        expected = basic_listing_choice(list(state.pits))
        assert expected is not None
        assert Basic1990Player().choose(state, random.Random(0)) == expected, state.to_text()
        checked += 1
    assert checked >= 10


def test_1990_player_is_symmetric_for_player_2() -> None:
    for state in random_positions(30, seed=4):
        mirrored = position(state.pits[6:] + state.pits[:6], state.scores[::-1], 3 - state.current_player)
        if mirrored.current_player != 3 - state.current_player:
            continue
        a = Basic1990Player().choose(state, random.Random(0))
        b = Basic1990Player().choose(mirrored, random.Random(0))
        assert (a - 1 + 6) % 12 + 1 == b


def test_1990_first_best_pit_wins_ties() -> None:
    values = basic_1990_values(new_game())
    best = max(v for v in values.values() if v is not None)
    assert Basic1990Player().choose(new_game(), random.Random(0)) == min(
        p for p, v in values.items() if v == best
    )


def plain_negamax(state: AweleState, depth: int) -> int:
    me = state.current_player
    s1, s2 = state.scores
    diff = s1 - s2 if me == 1 else s2 - s1
    if state.is_terminal():
        return 8 * diff + (WIN if diff > 0 else -WIN if diff < 0 else 0)
    if depth == 0:
        return 8 * diff
    best = -10 * WIN
    for move in state.legal_moves():
        child = state.play(move)
        value = plain_negamax(child, depth - 1)
        best = max(best, _one_ply_further(value if child.current_player == me else -value))
    return best


def test_strong_search_equals_plain_minimax_at_fixed_depth() -> None:
    rng = random.Random(5)
    for k in range(25):
        pits = 4 if k % 2 else 12
        state = random_opening(new_game(pits, rng.randint(1, 5)), rng, rng.randint(0, 25))
        if state.is_terminal():
            continue
        depth = rng.randint(1, 4)
        player = StrongPlayer(quiescence=0)  # the capture quiescence deliberately looks further
        player._total, player._n, player._nodes, player._clock = state.total, state.n, 0, Stopwatch(None)
        value, _move = player._root(state, depth)
        assert value == plain_negamax(state, depth), (state.to_text(), depth)


def test_strong_respects_its_time_budget_and_reports_depth() -> None:
    # The search's clock is the test's: a millisecond passes at each reading (it reads once per
    # 256 nodes), so the budget runs out after the same work however busy the machine is.
    readings = itertools.count()
    player = StrongPlayer(clock=lambda: next(readings) / 1000)
    move = player.choose(new_game(), random.Random(0), 0.15)
    assert move in new_game().legal_moves()
    assert player.info.depth >= 2 and player.info.nodes > 0
    assert 0.1 < player.info.seconds <= 0.15  # clock(fake): read on the test's own clock above


def test_strong_takes_an_immediate_win() -> None:
    # Pit 1 captures the 5 seeds of pit 11 and reaches 25 of 48; pit 6 would not.
    state = position((1, 0, 0, 0, 0, 3, 4, 0, 3, 0, 5, 0), (20, 12), 1)
    assert StrongPlayer().choose(state, random.Random(0), 0.2) == 1


@pytest.mark.parametrize("level", ["random", "1990", "strong"])
def test_every_level_returns_a_legal_move(level: str) -> None:
    player = make_player(level)
    for state in random_positions(8, seed=6) + random_positions(4, seed=7, pits=4):
        assert player.choose(state, random.Random(1), 0.05) in state.legal_moves()


@pytest.mark.slow
def test_short_tournament_strong_beats_1990_and_1990_beats_random() -> None:
    report = run_tournament("strong", "1990", games=4, seed=2, movetime=0.1)
    assert len(report.games) == 4 and [g.a_first for g in report.games] == [True, False, True, False]
    assert report.count("win") >= 2
    report = run_tournament("1990", "random", games=6, seed=3)
    assert report.count("win") >= 5
