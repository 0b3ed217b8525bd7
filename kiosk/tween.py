"""Animations as data: a tween moves a value from ``start`` to ``end`` over ``duration`` with an
easing function, advanced by ``update(dt)``; nothing counts frames."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: sliding tokens."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle at both ends: camera-like moves."""
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little then settles: pops and bounces."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_elastic(t: float) -> float:
    """A springy landing for celebrations."""
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


def lerp(a: float, b: float, t: float) -> float:
    """Linear interpolation."""
    return a + (b - a) * t


@dataclass
class Tween:
    """One animated value. ``value`` is always valid; ``done`` once ``duration`` has elapsed."""

    start: float
    end: float
    duration: float
    easing: Easing = ease_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = field(default=None, repr=False)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds, calling ``on_done`` once at the end."""
        was_done = self.done
        self.elapsed += dt
        if self.done and not was_done and self.on_done is not None:
            self.on_done()

    @property
    def progress(self) -> float:
        """0..1, after easing."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        t = min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))
        return self.easing(t)

    @property
    def value(self) -> float:
        """The current value."""
        return lerp(self.start, self.end, self.progress)

    @property
    def done(self) -> bool:
        """True once the tween has reached its end."""
        return self.elapsed >= self.delay + self.duration


class Timeline:
    """A set of running tweens updated together; finished ones are dropped."""

    def __init__(self) -> None:
        self.tweens: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        """Start ``tween`` and return it."""
        self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        """Advance every tween."""
        for tween in list(self.tweens):
            tween.update(dt)
        self.tweens = [t for t in self.tweens if not t.done]

    @property
    def busy(self) -> bool:
        """True while some tween is still running."""
        return bool(self.tweens)

    def clear(self) -> None:
        """Drop every tween (their ``on_done`` is not called)."""
        self.tweens.clear()
