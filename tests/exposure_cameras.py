"""A fake webcam's exposure control, shared by the exposure tests' cameras."""

from __future__ import annotations


class LowersExposure:
    """``lower_exposure(stops)`` locks the exposure ``stops`` lower, down to ``floor_stops`` below
    the camera's own auto-exposure (then it refuses); every request is kept in ``requests``."""

    def __init__(self, floor_stops: float = 3.0) -> None:
        self.floor_stops = floor_stops
        self.lowered = 0.0
        self.requests: list[float] = []

    def lower_exposure(self, stops: float) -> bool:
        """The live board asks for ``stops`` less; False once past the floor."""
        self.requests.append(stops)
        if self.lowered + stops > self.floor_stops:
            return False
        self.lowered += stops
        return True
