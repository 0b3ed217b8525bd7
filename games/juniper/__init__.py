"""Juniper Green (Richard Porteous, Juniper Green school): the game of multiples and divisors.
Play a multiple or a divisor of the previous number; the player who cannot move loses."""

from games.registry import GameInfo

INFO = GameInfo(key="juniper", title="juniper.title", tagline="juniper.tagline", order=30,
                accent=(56, 160, 120), min_age=6)
