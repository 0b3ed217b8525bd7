"""The learning machine (Gardner's HER): its boxes, its lesson after a lost game, its file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.core import GameInputError
from games.hexapawn import machine as boxes
from games.hexapawn import solver
from games.hexapawn.ai import MatchboxPlayer, make_player
from games.hexapawn.memory import FILE, Memory
from games.hexapawn.rules import BLACK, WHITE, HexapawnState, from_rows


def test_the_machine_playing_black_has_a_box_per_position_mirror_images_once() -> None:
    keys = boxes.boxes_for(BLACK)
    # 2 boxes at Black's first move, 10 at its second, 7 at its third (Gardner drew 24: see docs).
    assert len(keys) == 19
    assert keys[:2] == ["BBB/..W/WW. b", "BBB/.W./W.W b"]
    machine = boxes.fresh()
    assert sorted(machine.boxes) == sorted(keys)
    for key, beads in machine.boxes.items():
        assert beads == [1] * len(boxes.box_state(key).legal_moves())
    assert len(boxes.boxes_for(WHITE)) == 18


def test_a_position_and_its_mirror_image_share_a_box_and_a_bead_plays_on_the_real_board() -> None:
    machine = boxes.fresh()
    left = HexapawnState().play(((2, 0), (1, 0)))  # a1-a2
    right = HexapawnState().play(((2, 2), (1, 2)))  # c1-c2, its mirror image
    assert boxes.box_key(left) == boxes.box_key(right)
    rng = random.Random(3)
    for _ in range(30):
        assert machine.draw(right, rng).move in right.legal_moves()
        assert machine.draw(left, rng).move in left.legal_moves()


def test_after_a_lost_game_the_bead_of_the_last_move_goes() -> None:
    machine = boxes.fresh()
    state = HexapawnState().play(((2, 1), (1, 1)))  # b1-b2
    first = machine.draw(state, random.Random(0))
    state = state.play(first.move)
    key = boxes.box_key(HexapawnState().play(((2, 1), (1, 1))))
    before = list(machine.boxes[key])
    punished = machine.learn([first], lost=True)
    assert punished == first
    after = machine.boxes[key]
    assert sum(after) == sum(before) - 1 and after[first.bead or 0] == 0
    assert machine.learn([first], lost=False) is None  # a win changes no box
    assert machine.record == "LW" and machine.curve() == [-1, 0]
    assert machine.games_to_stop_losing() == 1 and machine.can_lose()


def test_an_empty_box_plays_any_move_and_the_move_before_it_is_punished() -> None:
    machine = boxes.fresh()
    late = from_rows("B.B\nBW.\n..W", BLACK)
    key = boxes.box_key(late)
    machine.boxes[key] = [0] * len(machine.boxes[key])
    turn = machine.draw(late, random.Random(1))
    assert turn.bead is None and turn.move in late.legal_moves()
    earlier = boxes.Draw("BBB/.W./W.W b", 1, ((0, 1), (1, 1)))
    assert machine.learn([earlier, turn], lost=True) is earlier
    assert machine.boxes["BBB/.W./W.W b"][1] == 0


# The opponent, and a bound on the games the machine needs to stop losing (bench/bench_hexapawn.py
# measured 200 fresh seeds: at most 19 against the perfect player, 373 against random).
STOPS = [("perfect", 20), ("random", 400)]


@pytest.mark.parametrize(("opponent", "most"), STOPS)
def test_the_machine_stops_losing(opponent: str, most: int) -> None:
    """It can lose until its last lost game, and never after it: the lesson of that game took out
    its last losing bead."""
    for seed in range(10):
        player = MatchboxPlayer()
        memory = Memory(player.machine)
        white = make_player(opponent)
        rng = random.Random(seed)
        replies = solver.best_moves if opponent == "perfect" else None
        while player.machine.can_lose(BLACK, replies):
            assert len(player.machine.record) < most, (opponent, seed)
            state, moves = HexapawnState(), []
            while not state.is_terminal():
                move = (player if state.player == BLACK else white).choose(state, rng)
                moves.append(move)
                state = state.play(move)
            memory.finish(HexapawnState(), moves, BLACK)
        assert player.machine.record.endswith("L")  # only a lesson makes it unbeatable
        assert 1 <= player.machine.record.count("L") <= 19


def test_the_file_round_trip_and_bad_files(tmp_path: Path) -> None:
    memory = Memory.open(tmp_path, day="2026-12-07")
    assert memory.problem is None and not (tmp_path / FILE).exists()
    memory.finish(HexapawnState(), [((2, 1), (1, 1)), ((0, 0), (1, 1)), ((2, 0), (1, 0)), ((1, 1), (2, 1))], BLACK)
    assert (tmp_path / FILE).exists()
    again = Memory.open(tmp_path, day="2026-12-07")
    assert again.machine == memory.machine and again.machine.record == "W"
    for bad in ("{", "[]", json.dumps({"version": 9}), json.dumps({"version": 1, "record": "WX", "boxes": {}}),
                json.dumps({"version": 1, "record": "", "boxes": {"nonsense": [1]}}),
                json.dumps({"version": 1, "record": "", "boxes": {"BBB/W../.WW b": [1]}})):
        with pytest.raises(GameInputError):
            boxes.from_text(bad)
        (tmp_path / FILE).write_text(bad)
        broken = Memory.open(tmp_path, day="2026-12-07")
        assert broken.problem is not None and "fresh boxes" in broken.problem
        assert broken.machine.record == "" and len(broken.machine.boxes) == 19
        assert (tmp_path / (FILE + ".bad")).read_text() == bad
        assert not (tmp_path / FILE).exists()  # the next game writes a good one


def test_the_morning_reset(tmp_path: Path) -> None:
    memory = Memory.open(tmp_path, day="2026-12-07")
    memory.machine.record = "LLW"
    memory.save()
    assert Memory.open(tmp_path, day="2026-12-08").machine.record == "LLW"  # kept: the setting is off
    memory.set_morning_reset(True)
    assert Memory.open(tmp_path, day="2026-12-07").machine.record == "LLW"  # the same day
    fresh = Memory.open(tmp_path, day="2026-12-08")
    assert fresh.machine.record == "" and fresh.machine.morning_reset and fresh.machine.day == "2026-12-08"
    assert Memory.open(tmp_path, day="2026-12-08").machine.day == "2026-12-08"
    fresh.machine.record = "L"
    assert fresh.roll_over("2026-12-09") and fresh.machine.record == ""
