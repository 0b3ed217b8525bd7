"""Lightning (Harry A. Doty's 1892 patent, Selchow & Righter): a tile-laying connection game.

Each player builds a zigzag path of tiles across their half of the board, from their start row
to the centre line, drawing tiles from a shared face-down pool or a face-up reserve, and may lay
tiles on the opponent's half to block them.
"""

import random

from games.contract import Game, GameInfo
from games.lightning import ai, board, rules, strings

INFO = GameInfo(key="lightning", title="lightning.title", tagline="lightning.tagline", order=50,
                accent=(72, 64, 150), min_age=6)


def new_state(rng: random.Random) -> rules.LightningState:
    """A fresh shuffle and coin toss, drawn from ``rng``."""
    return rules.new_game(rng)


#: The game's entry (registered by :mod:`games.registry`); Lightning gives no hints.
GAME: Game[rules.LightningState, rules.Move] = Game(
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
