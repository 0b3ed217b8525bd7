"""The frame loop keeps nothing per frame: a kiosk draws 60 frames a second all day.

Its frame times were kept in a list, one float a frame, which grew by about 9 MB an hour of
real-time running (and only there: tests and the accelerated day drive ``App.tick``, never the
loop of ``App.run``). They are now counted in buckets of a fixed size (:class:`FrameTimes`).
"""

from __future__ import annotations

import random
import tracemalloc

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.app import App, AppOptions, FrameTimes
from kiosk.canvas import Canvas
from kiosk.scene import Scene

#: Traced memory the loop may gain between two moments of a run of a still screen (allocator
#: noise); a float a frame kept over the frames in between is about 20 times this.
SLACK_BYTES = 8_000


class _Still(Scene):
    """A screen that draws the same thing each frame and notes the traced memory at two frames."""

    name = "still"

    def __init__(self, app: App, marks: tuple[int, int]) -> None:
        super().__init__(app)
        self.loop = app
        self.marks = marks
        self.traced: dict[int, int] = {}

    def update(self, dt: float) -> None:
        frame = self.loop.frame
        if frame in self.marks and frame not in self.traced:
            self.traced[frame] = tracemalloc.get_traced_memory()[0]

    def draw(self, surface: Canvas | pygame.Surface) -> None:
        surface.fill((20, 30, 40))


def test_the_frame_loop_keeps_nothing_per_frame() -> None:
    first, last = 300, 4300
    app = App(AppOptions(frames=last + 2, size=(320, 180), seed=1, mute=True))
    scene = _Still(app, (first, last))
    tracemalloc.start()
    try:
        stats = app.run(scene)
    finally:
        tracemalloc.stop()
        app.close()
    assert stats.frames == last + 2
    grown = scene.traced[last] - scene.traced[first]
    assert grown < SLACK_BYTES, f"{grown} bytes kept over {last - first} frames"
    assert stats.times.count == last + 1  # every frame but the first was counted


def _sorted_rule(times: list[float], fraction: float) -> float:
    """The percentile as a sorted list of every frame's time gives it (the loop's old rule)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@pytest.mark.parametrize(
    ("times", "p99", "worst"),
    [
        ([], 0.0, 0.0),
        ([0.016], 0.016, 0.016),
        ([0.010] * 99 + [0.050], 0.050, 0.050),  # the 100th of 100 frames, the slowest
        ([0.010] * 197 + [0.05035] * 2 + [0.080], 0.0504, 0.080),  # its bucket's top, never less
        ([0.010] * 200 + [0.050], 0.0101, 0.050),
        ([0.0] * 10, 0.0, 0.0),
        ([3.0, 0.001], 3.0, 3.0),  # slower than the last bucket: the slowest, exactly
    ],
)
def test_frame_times_percentile_and_worst(times: list[float], p99: float, worst: float) -> None:
    counted = FrameTimes()
    for seconds in times:
        counted.add(seconds)
    assert counted.count == len(times)
    assert counted.percentile(0.99) == pytest.approx(p99, abs=1e-9)
    assert counted.worst == worst


@given(st.lists(st.floats(min_value=0.0, max_value=2.0), min_size=1, max_size=400),
       st.sampled_from([0.0, 0.5, 0.9, 0.99, 1.0]))
def test_frame_times_percentile_is_the_sorted_rule_to_a_bucket_never_less(times: list[float], fraction: float) -> None:
    counted = FrameTimes()
    for seconds in times:
        counted.add(seconds)
    exact = _sorted_rule(times, fraction)
    got = counted.percentile(fraction)
    assert exact <= got <= max(times)
    assert got - exact <= FrameTimes.RESOLUTION + 1e-12 or got == max(times)


def test_frame_times_memory_does_not_depend_on_the_frames_counted() -> None:
    rng = random.Random(5)
    counted = FrameTimes()
    tracemalloc.start()
    try:
        for _ in range(1000):
            counted.add(rng.uniform(0.0, 0.05))
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(50_000):
            counted.add(rng.uniform(0.0, 0.05))
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after - before < 1_000
