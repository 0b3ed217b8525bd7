"""The outcome of a game a test played to its end (typed: the test fails if it is not over)."""

from __future__ import annotations

from typing import Any

from games.core import GameState, Outcome


def final(state: GameState[Any]) -> Outcome:
    """``state``'s outcome; the game must be over."""
    outcome = state.outcome()
    assert outcome is not None, "the game is not over"
    return outcome
