"""Awélé (Ghanaian variant): relay sowing on two rows of pits, with its infinite loops, the
1990 computer program of the MATh.en.JEANS article and a stronger one."""

from games.registry import GameInfo

INFO = GameInfo(key="awele", title="awele.title", tagline="awele.tagline", order=30, accent=(186, 118, 52), min_age=5)
