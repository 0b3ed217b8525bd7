"""Juniper Green, the game of multiples and divisors: the rules (pure Python, no pygame).

The numbers 1..N are on the table (N = 20 in the original game). The first player picks an
even number; every next number must be a multiple or a divisor of the previous one and must
not have been played before. A player who cannot move loses (the article's rules 1 to 5).

The state is just the chain of numbers played so far: whose turn it is, the legal moves and
the winner all follow from it. Numbers are stored as a bit mask too, so solvers and random
playouts stay fast.

Text form (for tests, the CLI and debugging): ``"N=20: 14 7 1"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from games.core import GameInputError, Illegal, IllegalMoveError, Outcome, shorten

MIN_N, MAX_N, DEFAULT_N = 1, 1000, 20
#: Smallest board a person may choose on screen or on the command line (N = 1 has no even number).
MIN_PLAY_N = 2


@cache
def neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """For each k in 0..n, the numbers of 1..n that divide k or that k divides (k excluded).

    Index 0 is an empty tuple so that ``neighbours(n)[k]`` reads naturally.
    """
    lists: list[list[int]] = [[] for _ in range(n + 1)]
    for a in range(1, n + 1):
        for b in range(2 * a, n + 1, a):
            lists[a].append(b)
            lists[b].append(a)
    return tuple(tuple(sorted(x)) for x in lists)


@cache
def neighbour_masks(n: int) -> tuple[int, ...]:
    """``neighbours(n)`` as bit masks (bit k set when k is a neighbour)."""
    masks = []
    for near in neighbours(n):
        mask = 0
        for k in near:
            mask |= 1 << k
        masks.append(mask)
    return tuple(masks)


def even_mask(n: int) -> int:
    """The bit mask of the even numbers 2..n: the first player's choices."""
    mask = 0
    for k in range(2, n + 1, 2):
        mask |= 1 << k
    return mask


def bits(mask: int) -> list[int]:
    """The numbers whose bits are set in ``mask``, smallest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def is_prime(k: int) -> bool:
    """True when ``k`` is a prime number (trial division: k <= 1000 here)."""
    if k < 2:
        return False
    d = 2
    while d * d <= k:
        if k % d == 0:
            return False
        d += 1
    return True


def deadly_primes(n: int) -> list[int]:
    """The primes above N/2: their only neighbour is 1, so after 1 they end the game."""
    return [p for p in range(n // 2 + 1, n + 1) if is_prime(p)]


@dataclass(frozen=True)
class JuniperParams:
    """Immutable game parameters: the largest number N (1..1000)."""

    n: int = DEFAULT_N

    def __post_init__(self) -> None:
        if not isinstance(self.n, int) or not MIN_N <= self.n <= MAX_N:
            raise GameInputError(f"N must be a whole number between {MIN_N} and {MAX_N}, not {self.n!r}")

    def new_initial_state(self) -> JuniperState:
        """The position before the first move."""
        return JuniperState(self, ())


@dataclass(frozen=True)
class JuniperState:
    """A position: the parameters and the numbers played so far, in order."""

    params: JuniperParams
    played: tuple[int, ...]

    # --- derived facts -------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The largest number of the game."""
        return self.params.n

    @cached_property
    def used(self) -> int:
        """Bit mask of the numbers already played."""
        mask = 0
        for k in self.played:
            mask |= 1 << k
        return mask

    @property
    def last(self) -> int | None:
        """The previous number, or ``None`` before the first move."""
        return self.played[-1] if self.played else None

    @property
    def moves_played(self) -> int:
        """How many numbers have been played."""
        return len(self.played)

    @property
    def current_player(self) -> int:
        """1 (plays the first, even, number) or 2."""
        return 1 if len(self.played) % 2 == 0 else 2

    @cached_property
    def legal_mask(self) -> int:
        """Bit mask of the legal moves."""
        if not self.played:
            return even_mask(self.n)
        return neighbour_masks(self.n)[self.played[-1]] & ~self.used

    def legal_moves(self) -> list[int]:
        """The numbers that may be played now, smallest first."""
        return bits(self.legal_mask)

    def is_legal(self, move: object) -> bool:
        """True when ``move`` is a legal number now."""
        return isinstance(move, int) and not isinstance(move, bool) and 1 <= move <= self.n and bool(
            self.legal_mask >> move & 1)

    def is_terminal(self) -> bool:
        """True when the player to move has no legal number."""
        return self.legal_mask == 0

    def outcome(self) -> Outcome | None:
        """The player who cannot move loses."""
        if not self.is_terminal():
            return None
        loser = self.current_player
        return Outcome(
            winner=3 - loser,
            reason="juniper.end.blocked",
            params=(("loser", loser), ("winner", 3 - loser), ("last", self.last or 0),
                    ("moves", len(self.played))),
        )

    def replies_after(self, move: int) -> int:
        """How many numbers the opponent could answer if ``move`` were played now."""
        return (neighbour_masks(self.n)[move] & ~(self.used | 1 << move)).bit_count()

    # --- playing -------------------------------------------------------------------------

    def play(self, move: int) -> JuniperState:
        """Play ``move``; raises :class:`IllegalMoveError` with the reason otherwise."""
        if not self.is_legal(move):
            why = self.illegal(move)
            assert why is not None
            raise IllegalMoveError.because(why, shorten(repr(move), 20), self.to_text())
        return JuniperState(self.params, self.played + (move,))

    def play_unchecked(self, move: int) -> JuniperState:
        """Fast path for solvers and simulations: no legality check."""
        return JuniperState(self.params, self.played + (move,))

    def illegal(self, move: object) -> Illegal | None:
        """Why ``move`` is not allowed now (None if it is)."""
        if not isinstance(move, int) or isinstance(move, bool):
            return Illegal("juniper.illegal.not_a_number", f"{shorten(repr(move), 20)} is not a whole number",
                           (("n", self.n),))
        if not 1 <= move <= self.n:
            return Illegal("juniper.illegal.range", f"{shorten(str(move), 20)} is not between 1 and {self.n}",
                           (("n", self.n),))
        if self.used >> move & 1:
            return Illegal("juniper.illegal.used", f"{move} has already been played", (("move", move),))
        if self.is_terminal():
            return Illegal("juniper.illegal.over", "the game is over")
        if not self.played:
            return Illegal("juniper.illegal.odd", f"the first number must be even, {move} is odd",
                           (("move", move),))
        if self.legal_mask >> move & 1:
            return None
        last = self.played[-1]
        return Illegal("juniper.illegal.neither", f"{move} is neither a multiple nor a divisor of {last}",
                       (("move", move), ("last", last)))

    def why_illegal(self, move: object) -> str:
        """A sentence saying why ``move`` is not allowed ("" if it is)."""
        why = self.illegal(move)
        return why.text if why is not None else ""

    # --- notation ------------------------------------------------------------------------

    def move_to_text(self, move: int) -> str:
        """The number itself."""
        return str(move)

    def parse_move(self, text: str) -> int:
        """Read a number."""
        try:
            return int(text.strip())
        except ValueError:
            raise GameInputError(f"'{text}' is not a move: write a number between 1 and {self.n}") from None

    def to_text(self) -> str:
        """``"N=20: 14 7 1"``; :func:`from_text` reads it back."""
        moves = " ".join(str(k) for k in self.played)
        return f"N={self.n}:{' ' + moves if moves else ''}"

    def __str__(self) -> str:
        return self.to_text()


def from_text(text: str) -> JuniperState:
    """Read the :meth:`JuniperState.to_text` form back (checking every move)."""
    head, sep, moves = text.partition(":")
    head = head.strip()
    if not sep or not head.upper().startswith("N="):
        raise GameInputError(f"'{text}' is not a Juniper Green position like 'N=20: 14 7 1'")
    try:
        n = int(head[2:])
    except ValueError:
        raise GameInputError(f"'{head}' does not give N as a whole number") from None
    return from_moves(n, [JuniperParams(n).new_initial_state().parse_move(m) for m in moves.split()])


def from_moves(n: int, played: list[int] | tuple[int, ...]) -> JuniperState:
    """The position after ``played`` on 1..n, checking every move (GameInputError/IllegalMoveError)."""
    state = JuniperParams(n).new_initial_state()
    for move in played:
        state = state.play(move)
    return state
