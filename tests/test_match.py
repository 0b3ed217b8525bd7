"""The match layer: seats, undo to a person's turn, thinking off the loop, hints, saving."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from games.awele.rules import new_game as new_awele
from games.core import GameInputError, GameState, IllegalMoveError
from games.juniper.rules import JuniperParams
from games.lewthwaite.ai import Hint
from games.lewthwaite.rules import Cell, LewthwaiteParams, LewthwaiteState
from games.lightning.rules import new_game as new_lightning
from games.match import COMPUTER, PERSON, Match, Seat, Thinker
from games.registry import installed_games, spec


def lewthwaite(seats: Mapping[int, Seat] | None = None) -> Match[LewthwaiteState, Cell]:
    seats = {1: Seat(), 2: Seat.computer("perfect")} if seats is None else seats
    return Match("lewthwaite", LewthwaiteParams().new_initial_state(), seats, seed=1, thinker=Thinker(wait=True))


def test_seats_are_checked_and_change_only_explicitly() -> None:
    match = lewthwaite()
    assert match.seats[1] == Seat(PERSON) and match.seats[2] == Seat(COMPUTER, "perfect")
    assert match.against_computer and match.person_player() == 1
    with pytest.raises(GameInputError):
        match.set_seat(2, Seat.computer("genius"))
    with pytest.raises(GameInputError):
        Seat(COMPUTER)
    with pytest.raises(GameInputError):
        Seat("robot")
    version = match.version
    match.set_seat(1, Seat.computer("random"))
    assert match.all_computers and match.version == version + 1


def test_illegal_move_changes_nothing() -> None:
    match = lewthwaite()
    before, version = match.state, match.version
    with pytest.raises(IllegalMoveError):
        match.play((0, 0))
    assert match.state is before and match.version == version and not match.can_undo()


def test_undo_goes_back_to_the_person() -> None:
    match = lewthwaite()
    match.play((2, 1))
    reply = match.computer_move()
    assert reply in match.state.legal_moves()
    match.play(reply)
    assert match.last_computer_move is not None and match.person_to_move()
    undone = match.undo()
    assert undone == [reply, (2, 1)] and match.state == match.start and match.last_computer_move is None


def test_undo_between_computers_takes_one_move() -> None:
    match = lewthwaite(seats={1: Seat.computer("random"), 2: Seat.computer("random")})
    for _ in range(2):
        move = match.computer_move()
        assert move is not None  # a waiting thinker always answers
        match.play(move)
    assert len(match.undo()) == 1 and len(match.moves) == 1


def test_hot_seat_undo_takes_one_move() -> None:
    match = lewthwaite(seats={1: Seat(), 2: Seat()})
    match.play((2, 1))
    match.play(match.state.legal_moves()[0])
    assert len(match.undo()) == 1


class HeldThinker(Thinker):
    """A thinker whose jobs wait until the test runs them, on the test's thread and in the order
    it chooses: a move that arrives late is one call, not a sleep."""

    def __init__(self) -> None:
        super().__init__(wait=False)
        self.held: list[tuple[Any, Callable[[], object]]] = []

    def _thread(self, job: Any, work: Callable[[], object]) -> None:  # type: ignore[override]
        self.held.append((job, work))

    def finish(self) -> None:
        """Run the oldest held job to its end (its result then waits to be polled)."""
        job, work = self.held.pop(0)
        job.finish(True, work())


class CountingPlayer:
    """On its n-th call plays the n-th legal move (cycling), so two jobs' moves differ even in
    the same position; remembers each (position, move) it gave."""

    name = "counting"

    def __init__(self) -> None:
        self.chosen: list[tuple[object, object]] = []

    def choose(self, state: Any, rng: random.Random, time_budget: float | None = None) -> object:
        legal = state.legal_moves()
        move = legal[len(self.chosen) % len(legal)]
        self.chosen.append((state, move))
        return move


def held_match(seats: dict[int, Seat]) -> tuple[Match, HeldThinker, CountingPlayer]:
    thinker, player = HeldThinker(), CountingPlayer()
    match = Match("lewthwaite", LewthwaiteParams().new_initial_state(), seats, seed=3, thinker=thinker,
                  make_player=lambda level: player)
    return match, thinker, player


def test_a_move_that_arrives_after_an_undo_is_discarded() -> None:
    match, thinker, player = held_match({1: Seat(), 2: Seat.computer("random")})
    match.play((2, 1))
    assert match.computer_move() is None and match.thinking  # held: the computer is thinking
    match.undo()
    match.play((2, 3))  # the child took the move back and played elsewhere
    assert match.computer_move() is None  # a fresh job starts for this position
    thinker.finish()  # the stale move, chosen after (2, 1), arrives now...
    assert player.chosen[0][1] not in match.state.legal_moves()  # (it would be illegal here)
    assert match.computer_move() is None  # ...and never lands
    thinker.finish()
    move = match.computer_move()
    assert (match.state, move) == player.chosen[1]  # the move chosen for the present position
    # A move ready but not played yet (the scene waits for an animation) is stale after an undo too.
    match.undo()
    match.play((1, 2))
    assert match.computer_move() is None and match.thinking
    thinker.finish()
    assert (match.state, match.computer_move()) == player.chosen[2]
    assert not thinker.held


def test_restart_discards_the_pending_move() -> None:
    match, thinker, player = held_match({1: Seat.computer("random"), 2: Seat()})
    assert match.computer_move() is None
    old_version = match.version
    match.restart()  # the same position: only the job it came from tells a stale move apart
    assert match.version == old_version + 1
    assert match.computer_move() is None
    thinker.finish()  # the stale move arrives
    assert match.computer_move() is None
    thinker.finish()
    move = match.computer_move()
    assert move == player.chosen[1][1] != player.chosen[0][1]  # the fresh job's move, not the stale one
    match.restart()  # with that move ready but not played yet
    assert match.computer_move() is None
    thinker.finish()
    assert match.computer_move() == player.chosen[2][1] != move
    assert not thinker.held


def test_the_computer_thinks_off_the_calling_thread() -> None:
    seen: list[str] = []

    class Spy:
        name = "spy"

        def choose(self, state: object, rng: random.Random, time_budget: float | None = None) -> object:
            seen.append(threading.current_thread().name)
            return state.legal_moves()[0]  # type: ignore[attr-defined]

    match = Match("lewthwaite", LewthwaiteParams().new_initial_state(), {1: Seat.computer("random"), 2: Seat()},
                  thinker=Thinker(wait=True), make_player=lambda level: Spy())
    assert match.computer_move() is not None
    assert seen and seen[0] != threading.current_thread().name


def test_hint_is_computed_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    import games.lewthwaite.ai as ai

    calls: list[object] = []
    real = ai.hint

    def counting(state: object) -> object:
        calls.append(state)
        return real(state)  # type: ignore[arg-type]

    from games.registry import swapped

    with swapped("lewthwaite", hint=counting):
        match = lewthwaite()
    first = match.hint()
    assert isinstance(first, Hint) and first.move in match.state.legal_moves()
    for _ in range(50):
        assert match.hint() is first
    assert first.move is not None
    match.play(first.move)
    match.undo()
    assert match.hint() is first and len(calls) == 1  # the start position came back: cached


def test_headless_runs_are_reproducible() -> None:
    def game() -> list[object]:
        match = lewthwaite(seats={1: Seat.computer("random"), 2: Seat.computer("greedy")})
        while not match.is_over():
            move = match.computer_move()
            assert move is not None  # a waiting thinker always answers
            match.play(move)
        return list(match.moves)

    assert game() == game()


def starts() -> dict[str, GameState[Any]]:
    return {
        "lewthwaite": LewthwaiteParams().new_initial_state(),
        "awele": new_awele(),
        "juniper": JuniperParams(20).new_initial_state(),
        "lightning": new_lightning(random.Random(5)),
    }


@pytest.mark.parametrize("game", [info.key for info in installed_games()])
def test_a_match_round_trips_through_text(game: str) -> None:
    rng = random.Random(7)
    start = starts().get(game) or spec(game).new_state(random.Random(5))
    # Any: the test runs over every installed game, each with its own move type.
    match: Match[GameState[Any], Any] = Match(game, start, {1: Seat(), 2: Seat.computer(installed_level(game))},
                                              seed=9, meta={"view": "snake"})
    for _ in range(12):
        if match.is_over():
            break
        match.play(rng.choice(match.state.legal_moves()))
    copy = Match.from_text(match.to_text())
    assert copy.state == match.state and copy.moves == match.moves
    assert copy.seats == match.seats and copy.seed == match.seed and copy.meta == {"view": "snake"}
    assert copy.to_text() == match.to_text()


def installed_level(game: str) -> str:
    from games.registry import spec

    return spec(game).levels[0]


def test_every_installed_game_has_a_spec() -> None:
    from games.registry import spec

    for info in installed_games():
        game = spec(info.key)
        assert game.levels and game.board_for(game.new_state(random.Random(5))).game == info.key


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "JSON"),
        ("[1, 2]", "not a saved match"),
        ('{"format": "jeux-match/1", "game": "chess", "start": "", "moves": [], '
         '"seats": {"1": {"kind": "person"}, "2": {"kind": "person"}}, "seed": 1}', "unknown game"),
        ('{"format": "jeux-match/1", "game": "lewthwaite", "start": "5x5 h2,2:", "moves": ["0,0"], '
         '"seats": {"1": {"kind": "person"}, "2": {"kind": "person"}}, "seed": 1}', "move 1"),
        ('{"format": "jeux-match/1", "game": "lewthwaite", "start": "5x5 h2,2:", "moves": [], '
         '"seats": {"1": {"kind": "robot"}, "2": {"kind": "person"}}, "seed": 1}', "seat"),
        ('{"format": "jeux-match/1", "game": "lewthwaite", "start": "5x5 h2,2:", "moves": [], '
         '"seats": {"1": {"kind": "person"}}, "seed": 1}', "seats"),
        ("[" * 100_000, "JSON"),
    ],
)
def test_a_corrupt_save_is_a_clear_error(text: str, words: str) -> None:
    with pytest.raises(GameInputError, match=words):
        Match.from_text(text)


def test_saved_text_is_plain_json() -> None:
    match = lewthwaite()
    match.play((2, 1))
    data = json.loads(match.to_text())
    assert data["moves"] == ["2,1"] and data["seats"]["2"] == {"kind": "computer", "level": "perfect"}


def test_listeners_hear_every_change() -> None:
    events: list[str] = []
    match = lewthwaite()
    match.subscribe(lambda m, event: events.append(event))
    match.play((2, 1))
    match.undo()
    match.restart()
    match.set_seat(2, Seat())
    assert events == ["move", "undo", "restart", "seats"]
