"""A fifth game that lives only in the test suite: Nim on a 3 x 4 grid. It proves that a game
plugs into the kiosk with nothing but its own folder: its entry here (registered by its test),
its screens in :mod:`tests.fifth_game.scene`, its own command (``tournament nim --start``, a flag
of its own read into a typed record) in :mod:`tests.fifth_game.cli`."""

import random

from games.contract import Game, GameInfo
from tests.fifth_game import ai, board, cli, rules, strings

INFO = GameInfo(key="nim", title="nim.title", tagline="nim.tagline", order=60, accent=(200, 150, 30), min_age=4)


def new_state(_rng: random.Random) -> rules.NimState:
    """Rows of 2, 3 and 4 tokens."""
    return rules.NimState()


GAME: Game[rules.NimState, rules.Cell] = Game(
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
    commands=cli.register,
)
