"""The kiosk's frame pacer (kiosk/pace.py): 60 frames a second on a timetable, on a fake clock
whose sleeps wake up late as on a busy or throttled machine."""

from __future__ import annotations

import random

import pytest

from kiosk.pace import FramePacer


class LateClock:
    """A fake monotonic clock; each sleep overshoots by up to ``late`` seconds, and each frame's
    work costs ``work`` seconds."""

    def __init__(self, late: float, seed: int) -> None:
        self.now = 100.0
        self.late = late
        self._random = random.Random(seed)

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        assert seconds > 0
        self.now += seconds + self._random.uniform(0, self.late)


def _frames_a_second(pacer: FramePacer, clock: LateClock, work: float, seconds: float = 60.0) -> float:
    started, frames = clock.now, 0
    pacer.tick()
    while clock.now - started < seconds:
        clock.now += work
        pacer.tick()
        frames += 1
    return frames / (clock.now - started)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("late", [0.0, 0.001, 0.003])
def test_late_wake_ups_do_not_add_up(late: float, seed: int) -> None:
    # Lateness of 0-3 ms a sleep (bench/throttle.py's quarter CPU stops the kiosk 3 ms in 4): a
    # pacer waiting "a period after the last frame" ran 55-58 frames a second; on the timetable
    # every frame within its budget is shown at 60.
    clock = LateClock(late, seed)
    assert _frames_a_second(FramePacer(60, clock, clock.sleep), clock, work=0.004) == pytest.approx(60.0, abs=0.05)


def test_the_step_is_the_time_between_frames() -> None:
    clock = LateClock(0.0, 0)
    pacer = FramePacer(60, clock, clock.sleep)
    assert pacer.tick() == 0.0
    clock.now += 0.005
    assert pacer.tick() == pytest.approx(1 / 60)
    clock.now += 0.010
    assert pacer.tick() == pytest.approx(1 / 60)


def test_a_stall_restarts_the_timetable_without_a_burst() -> None:
    # A 200 ms frame (the machine stalled) is followed by frames a period apart, not by twelve
    # catch-up frames at once, which a visitor would see as a jump.
    clock = LateClock(0.0, 0)
    pacer = FramePacer(60, clock, clock.sleep)
    pacer.tick()
    clock.now += 0.2
    assert pacer.tick() == pytest.approx(0.2)
    steps = []
    for _ in range(5):
        clock.now += 0.002
        steps.append(pacer.tick())
    assert steps == pytest.approx([1 / 60] * 5)


def test_a_frame_late_by_less_than_a_period_is_made_up() -> None:
    clock = LateClock(0.0, 0)
    pacer = FramePacer(60, clock, clock.sleep)
    pacer.tick()
    clock.now += 0.025  # over budget by 8 ms
    pacer.tick()
    clock.now += 0.001
    assert pacer.tick() == pytest.approx(2 / 60 - 0.025)  # the next frame comes early: back on time


def test_a_rate_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        FramePacer(0)
