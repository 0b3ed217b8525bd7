"""The installed games' boards as the camera commands find them, by key, without cv2.

Vision never names a game: a command line names one by its key, and the game registry gives its
board description (``spec(key).default_board()``), which says everything about its printed mat.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.boards import BoardDescription


def board_of(key: str, rows: int | None = None, cols: int | None = None) -> BoardDescription:
    """The usual board of the installed game ``key``, at ``rows`` x ``cols`` when given
    (ValueError for an unknown game or a size its mat does not come in)."""
    from games.registry import spec

    try:
        board: BoardDescription = spec(key).default_board()
    except LookupError as exc:
        raise ValueError(exc.args[0] if exc.args else f"unknown game '{key}'") from None
    if rows or cols:
        board = board.resized(rows or board.rows, cols or board.cols)
    return board


def readable_boards() -> tuple[BoardDescription, ...]:
    """The usual boards of the installed games that a camera reads (printed mats), menu order
    (asked each time: a test may register a game for a while)."""
    from games.registry import installed_games, spec

    # merge: the typed registry (helper `contract`) may list its entries another way.
    boards = (spec(info.key).default_board() for info in installed_games())
    return tuple(board for board in boards if board.readable and has_mat(board))


def has_mat(board: BoardDescription) -> bool:
    """True when ``board`` describes a printed mat (a board with pieces but no mat yet is left
    out: the camera cannot find it)."""
    try:
        board.mat(board.mat_variants[0])
    except NotImplementedError:
        return False
    return True


class LazyChoices:
    """An argparse ``choices`` looked up when first used (building the command line must stay
    fast): the keys of the games with a printed mat, or every mat variant they come in."""

    def __init__(self, variants: bool = False) -> None:
        self.variants = variants

    def _names(self) -> tuple[str, ...]:
        if not self.variants:
            return tuple(board.game for board in readable_boards())
        return tuple(dict.fromkeys(v for board in readable_boards() for v in board.mat_variants))

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())
