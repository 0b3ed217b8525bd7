"""Lewthwaite's game (G. W. Lewthwaite, early 1970s): slide your tokens into the hole; the
player who cannot move loses. Also shown as a one-token "snake" game on the grid."""

from games.registry import GameInfo

INFO = GameInfo(
    key="lewthwaite", title="lewthwaite.title", tagline="lewthwaite.tagline", order=10, accent=(228, 64, 60), min_age=3
)
