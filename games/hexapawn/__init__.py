"""Hexapawn (Martin Gardner, Scientific American, March 1962): three pawns each on a 3 x 3
board, and HER, the matchbox machine that learns to play it from the day's visitors."""

import random

from games.contract import Game, GameInfo
from games.hexapawn import ai, board, rules, strings

INFO = GameInfo(
    key="hexapawn", title="hexapawn.title", tagline="hexapawn.tagline", order=55, accent=(120, 90, 200), min_age=5
)


def new_state(_rng: random.Random) -> rules.HexapawnState:
    """The start: White (first) on the bottom row, Black on the top row."""
    return rules.HexapawnState()


#: The game's entry (registered by :mod:`games.registry`).
GAME: Game[rules.HexapawnState, rules.Move] = Game(
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
    learning=(ai.MACHINE,),
)
