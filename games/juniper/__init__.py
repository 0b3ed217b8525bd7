"""Juniper Green (Richard Porteous, Juniper Green school): the game of multiples and divisors.
Play a multiple or a divisor of the previous number; the player who cannot move loses."""

import random

from games.contract import Game, GameInfo
from games.juniper import ai, board, rules, strings

INFO = GameInfo(key="juniper", title="juniper.title", tagline="juniper.tagline", order=30,
                accent=(56, 160, 120), min_age=6)


def new_state(_rng: random.Random) -> rules.JuniperState:
    """The usual game on the numbers 1 to 20."""
    return rules.JuniperParams().new_initial_state()


#: The game's entry (registered by :mod:`games.registry`).
GAME: Game[rules.JuniperState, int] = Game(
    info=INFO,
    from_text=rules.from_text,
    new_state=new_state,
    levels=ai.LEVELS,
    players=ai.make_player,
    default_level=ai.DEFAULT_LEVEL,
    board_for=board.board_for,
    default_board=board.default_board,
    hint=ai.hint,
    strings=strings.STRINGS,
)
