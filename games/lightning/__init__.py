"""Lightning (Harry A. Doty's 1892 patent, Selchow & Righter): a tile-laying connection game.

Each player builds a zigzag path of tiles across their half of the board, from their start row
to the centre line, drawing tiles from a shared face-down pool or a face-up reserve, and may lay
tiles on the opponent's half to block them.
"""

from games.registry import GameInfo

INFO = GameInfo(key="lightning", title="lightning.title", tagline="lightning.tagline", order=50,
                accent=(72, 64, 150), min_age=6)
