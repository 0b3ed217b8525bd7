"""Hexapawn solved whole: every position reachable from the start, with who wins it and in how
many moves (retrograde analysis, from the finished games back to the start). Pure: no pygame.

The start is a win for Black, the second player (Gardner, 1962): whatever White does, Black
has a reply that wins. :func:`brute_force` is the plain game-tree search the tests check the
table against, position by position.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.hexapawn.rules import HexapawnState, Move


@dataclass(frozen=True)
class Value:
    """A position's value for the player to move: ``wins`` and the number of moves ``plies``
    until the game ends with best play (the winner hurries, the loser holds out)."""

    wins: bool
    plies: int


def _key(state: HexapawnState) -> tuple[tuple[str, ...], int]:
    return state.rows, state.player


def reachable(start: HexapawnState | None = None) -> list[HexapawnState]:
    """Every position reachable from ``start`` (the usual start by default), each once, in the
    order met (breadth first; the move count is not part of a position)."""
    first = start or HexapawnState()
    seen = {_key(first): first}
    frontier = [first]
    while frontier:
        following = []
        for state in frontier:
            for move in state.legal_moves():
                after = state.play(move)
                if _key(after) not in seen:
                    seen[_key(after)] = after
                    following.append(after)
        frontier = following
    return list(seen.values())


@cache
def table() -> dict[tuple[tuple[str, ...], int], Value]:
    """The value of every position reachable from the start, by retrograde analysis: finished
    positions are lost for the player to move; then, round after round, a position with a move
    to a lost position is won (fastest win), one whose moves all lead to won positions is lost
    (longest defence)."""
    states = {_key(s): s for s in reachable()}
    children = {key: [_key(s.play(m)) for m in s.legal_moves()] for key, s in states.items()}
    values: dict[tuple[tuple[str, ...], int], Value] = {key: Value(False, 0) for key in states if not children[key]}
    changed = True
    while changed:
        changed = False
        for key, kids in children.items():
            if key in values or not all(k in values for k in kids):
                continue
            lost = [values[k].plies for k in kids if not values[k].wins]
            values[key] = Value(True, 1 + min(lost)) if lost else Value(False, 1 + max(values[k].plies for k in kids))
            changed = True
    assert len(values) == len(states), "every hexapawn game ends"
    return values


def value(state: HexapawnState) -> Value:
    """The value of ``state`` for the player to move (positions off the table are searched)."""
    found = table().get(_key(state))
    return found if found is not None else brute_force(state)


def best_moves(state: HexapawnState) -> list[Move]:
    """The moves a perfect player picks from: the fastest wins, or when every move loses, the
    longest defences (in the rules' move order)."""
    scored = [(value(state.play(m)), m) for m in state.legal_moves()]
    winning = [(v.plies, m) for v, m in scored if not v.wins]
    if winning:
        fastest = min(p for p, _ in winning)
        return [m for p, m in winning if p == fastest]
    longest = max(v.plies for v, _ in scored)
    return [m for v, m in scored if v.plies == longest]


def winning_moves(state: HexapawnState) -> list[Move]:
    """Every move that wins (whatever its length)."""
    return [m for m in state.legal_moves() if not value(state.play(m)).wins]


@cache
def brute_force(state: HexapawnState) -> Value:
    """The same value by plain minimax over the game tree (the tests' cross-check)."""
    moves = state.legal_moves()
    if not moves:
        return Value(False, 0)
    results = [brute_force(state.play(m)) for m in moves]
    lost = [r.plies for r in results if not r.wins]
    if lost:
        return Value(True, 1 + min(lost))
    return Value(False, 1 + max(r.plies for r in results))
