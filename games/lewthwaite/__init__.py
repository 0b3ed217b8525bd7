"""Lewthwaite's game (G. W. Lewthwaite, early 1970s): slide your tokens into the hole; the
player who cannot move loses. Also shown as a one-token "snake" game on the grid."""

import random

from games.contract import Game, GameInfo
from games.lewthwaite import ai, board, rules, strings

INFO = GameInfo(
    key="lewthwaite", title="lewthwaite.title", tagline="lewthwaite.tagline", order=10, accent=(228, 64, 60), min_age=3
)


def new_state(_rng: random.Random) -> rules.LewthwaiteState:
    """The usual 5x5 board, hole in the centre."""
    return rules.LewthwaiteParams().new_initial_state()


#: The game's entry (registered by :mod:`games.registry`).
GAME: Game[rules.LewthwaiteState, rules.Cell] = Game(
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
