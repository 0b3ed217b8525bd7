"""The small interface every game implements, and the code written once against it.

In the spirit of OpenSpiel and python-chess: a game state is an immutable value with
``current_player``, ``legal_moves()``, ``play(move) -> new state``, ``is_terminal()`` and
``outcome()``. Undo is "keep the previous state" (see :class:`History`). Computer players share
one interface, ``choose(state, rng, time_budget)``, so scenes, tournaments and engine protocols
work for every game.

Nothing here imports pygame, cv2 or serial: rules engines are pure and headless.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

#: Players are numbered 1 (moves first) and 2.
PLAYERS = (1, 2)


class IllegalMoveError(ValueError):
    """A move the rules do not allow. The message (English) names the move and the position;
    ``reason`` is a translation key of the game's ``strings.py`` (French and English) and
    ``params`` fill its placeholders, so a scene says why in the visitor's language without
    reading the English."""

    def __init__(self, message: str, reason: str = "", params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.params: dict[str, object] = dict(params or {})

    @classmethod
    def because(cls, why: Illegal, move_text: str, position_text: str) -> IllegalMoveError:
        """The error for a move the rules refused for ``why``."""
        return cls(f"{why.text} (move {move_text}, position {position_text})", why.reason, why.param_dict())


@dataclass(frozen=True)
class Illegal:
    """Why a move is not allowed: ``reason`` (a translation key) with ``params``, and the same
    in one English sentence, ``text``, for error messages and logs."""

    reason: str
    text: str
    params: tuple[tuple[str, object], ...] = ()

    def param_dict(self) -> dict[str, object]:
        """The parameters of ``reason`` as a dict."""
        return dict(self.params)


class GameInputError(ValueError):
    """Malformed input (a position, a move text, parameters): a clear message, nothing changed."""


def shorten(text: str, limit: int = 60) -> str:
    """``text`` for an error message, cut to ``limit`` characters (input may be huge)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def other(player: int) -> int:
    """The opponent of ``player`` (1 <-> 2)."""
    return 3 - player


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is 1, 2 or ``None`` for a draw. ``reason`` is a translation key
    (``"lewthwaite.end.blocked"``) and ``params`` fill its placeholders, so the end screen can
    say in words why the game ended.
    """

    winner: int | None
    reason: str
    params: tuple[tuple[str, object], ...] = ()

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return self.winner is None

    def param_dict(self) -> dict[str, object]:
        """The message parameters as a dict."""
        return dict(self.params)


M = TypeVar("M", bound=Hashable)
M_co = TypeVar("M_co", covariant=True)
# Any: a state of any move type (a function generic in S says which with its own M).
S = TypeVar("S", bound="GameState[Any]")
S_contra = TypeVar("S_contra", contravariant=True)


@runtime_checkable
class GameState(Protocol[M]):
    """An immutable game position. ``play`` returns a new state and never mutates."""

    @property
    def current_player(self) -> int:
        """1 or 2: the player to move (meaningless once terminal)."""
        ...

    def legal_moves(self) -> Sequence[M]:
        """Every move allowed now, in a stable order."""
        ...

    def play(self, move: M) -> Self:
        """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal."""
        ...

    def is_terminal(self) -> bool:
        """True when the game is over."""
        ...

    def outcome(self) -> Outcome | None:
        """The result once terminal, else ``None``."""
        ...

    def move_to_text(self, move: M) -> str:
        """The move's text notation; ``parse_move`` reads it back."""
        ...

    def parse_move(self, text: str) -> M:
        """Read a move in text notation (raises :class:`GameInputError` on malformed text)."""
        ...

    def to_text(self) -> str:
        """A text form of the whole state that the game's ``from_text`` reads back."""
        ...


class Player(Protocol[S_contra, M_co]):
    """A computer player of states ``S`` and moves ``M``. ``choose`` must return one of
    ``state.legal_moves()``.

    ``rng`` is the only source of randomness (so tournaments are reproducible) and
    ``time_budget`` (seconds, may be ``None``) bounds the thinking time of players that search.
    """

    @property
    def name(self) -> str:
        """The player's name in records and tournaments."""
        ...

    def choose(self, state: S_contra, rng: random.Random, time_budget: float | None = None) -> M_co:
        """Pick a legal move for ``state.current_player``."""
        ...


@dataclass
class RandomPlayer:
    """Plays a uniformly random legal move: "plays like a 3-year-old"."""

    name: str = "random"

    def choose(self, state: GameState[M], rng: random.Random, time_budget: float | None = None) -> M:
        """A uniformly random legal move."""
        moves = list(state.legal_moves())
        if not moves:
            raise IllegalMoveError(f"no legal move in position {state.to_text()}")
        return rng.choice(moves)


@dataclass
class History(Generic[S, M]):
    """The states of one game, oldest first, for undo and restart (states are immutable), and
    the moves between them."""

    states: list[S] = field(default_factory=list)
    moves: list[M] = field(default_factory=list)

    @classmethod
    def start(cls, state: S) -> History[S, M]:
        """A history holding only the initial state."""
        return cls(states=[state], moves=[])

    @property
    def current(self) -> S:
        """The present position."""
        return self.states[-1]

    def push(self, move: M) -> S:
        """Play ``move`` on the current state (raises on an illegal move, changing nothing)."""
        new = self.current.play(move)
        self.states.append(new)
        self.moves.append(move)
        return new

    def can_undo(self) -> bool:
        """True when at least one move was played."""
        return len(self.states) > 1

    def undo(self) -> M:
        """Take back the last move and return it."""
        if not self.can_undo():
            raise IndexError("nothing to undo")
        self.states.pop()
        return self.moves.pop()

    def restart(self) -> S:
        """Go back to the initial state."""
        del self.states[1:]
        self.moves.clear()
        return self.current


@dataclass(frozen=True)
class GameRecord(Generic[S, M]):
    """A finished game between computer players: the moves and how it ended."""

    moves: tuple[M, ...]
    outcome: Outcome
    final_state: S


def play_game(
    state: S,
    players: Mapping[int, Player[S, M]],
    rng: random.Random,
    time_budget: float | None = None,
    max_moves: int = 100_000,
) -> GameRecord[S, M]:
    """Let computer players play ``state`` to the end (used by tournaments and demos)."""
    moves: list[M] = []
    while not state.is_terminal():
        if len(moves) >= max_moves:
            raise RuntimeError(f"game did not end within {max_moves} moves")
        move = players[state.current_player].choose(state, rng, time_budget)
        state = state.play(move)
        moves.append(move)
    outcome = state.outcome()
    assert outcome is not None
    return GameRecord(tuple(moves), outcome, state)


class Stopwatch:
    """Deadline helper for players that search within a time budget."""

    def __init__(self, budget: float | None, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._deadline = None if budget is None else clock() + budget

    def expired(self) -> bool:
        """True once the budget is spent (never, without a budget)."""
        return self._deadline is not None and self._clock() >= self._deadline

    def remaining(self) -> float:
        """Seconds left (infinity without a budget)."""
        if self._deadline is None:
            return float("inf")
        return max(0.0, self._deadline - self._clock())
