"""Awélé (Ghanaian variant): relay sowing on two rows of pits, with its infinite loops, the
1990 computer program of the MATh.en.JEANS article and a stronger one."""

import random

from games.awele import ai, board, rules, strings
from games.contract import Game, GameInfo

INFO = GameInfo(key="awele", title="awele.title", tagline="awele.tagline", order=30, accent=(186, 118, 52), min_age=5)


def new_state(_rng: random.Random) -> rules.AweleState:
    """The usual board: 12 pits of 4 seeds."""
    return rules.new_game()


#: The game's entry (registered by :mod:`games.registry`); Awélé gives no hints.
GAME: Game[rules.AweleState, int] = Game(
    info=INFO,
    from_text=rules.from_text,
    new_state=new_state,
    levels=ai.LEVELS,
    players=ai.make_player,
    default_level=ai.DEFAULT_LEVEL,
    board_for=board.board_for,
    default_board=board.default_board,
    strings=strings.STRINGS,
)
