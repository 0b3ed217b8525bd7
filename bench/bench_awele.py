"""Awélé measurements (``make bench``): search speed and depth, tournaments, loop frequency.

Timings depend on the machine and its load; set ``AWELE_BENCH_GAMES`` / ``AWELE_BENCH_MOVETIME``
to change the tournament size and the strong player's time per move (defaults: 20 games, 1 s).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

import pytest

from games.awele import rules
from games.awele.ai import Basic1990Player, StrongPlayer
from games.awele.loops import loop_stats
from games.awele.match import TournamentReport, random_opening, run_tournament
from games.awele.rules import new_game, sow
from games.awele.sowing import compiled

#: The ``report`` fixture of bench/conftest.py: ``report(name, value, target)`` adds a line to the table.
Report = Callable[[str, str, str], None]

GAMES = int(os.environ.get("AWELE_BENCH_GAMES", "20"))
MOVETIME = float(os.environ.get("AWELE_BENCH_MOVETIME", "1.0"))


def side_breakdown(report: TournamentReport) -> str:
    first = [g for g in report.games if g.a_first]
    second = [g for g in report.games if not g.a_first]
    return (
        f"as player 1: {sum(g.result == 'win' for g in first)}/{len(first)} wins; "
        f"as player 2: {sum(g.result == 'win' for g in second)}/{len(second)} wins"
    )


@pytest.mark.bench
def test_bench_strong_search_speed_and_depth() -> None:
    rng = random.Random(1)
    positions = [new_game()] + [random_opening(new_game(), rng, k) for k in (4, 10, 20, 30)]
    print(f"\nstrong player, {MOVETIME} s per move:")
    for state in positions:
        if state.is_terminal():
            continue
        player = StrongPlayer()
        player.choose(state, rng, MOVETIME)
        info = player.info
        print(
            f"  {state.to_text():45s} depth {info.depth:2d}  {info.nodes:7d} nodes  "
            f"{info.nodes_per_second:8.0f} nodes/s  {info.seconds:.2f} s"
        )
        assert info.seconds < MOVETIME + 0.5


@pytest.mark.bench
def test_bench_1990_move_time() -> None:
    rng = random.Random(2)
    states = [random_opening(new_game(), rng, k) for k in range(0, 40, 4)]
    states = [s for s in states if not s.is_terminal()]
    start = time.perf_counter()
    for state in states:
        Basic1990Player().choose(state, rng)
    print(
        f"\n1990 program: {1000 * (time.perf_counter() - start) / len(states):.1f} ms per move (4-level tree)"
    )


@pytest.mark.bench
@pytest.mark.parametrize("openings", ["balanced", "random"])
def test_bench_strong_against_1990(openings: str) -> None:
    report = run_tournament("strong", "1990", GAMES, seed=1, movetime=MOVETIME, openings=openings)
    d = report.as_dict()
    print(
        f"\nstrong vs 1990, {openings} openings, {GAMES} games, {MOVETIME} s/move: "
        f"{d['wins']} wins {d['draws']} draws "
        f"{d['losses']} losses, win rate {report.win_rate:.0%} (target 90 %), "
        f"margin {d['average_margin']:+}, "
        f"{d['average_move_seconds']}; {side_breakdown(report)}"
    )
    assert report.win_rate > 0.5


@pytest.mark.bench
def test_bench_strong_against_random() -> None:
    report = run_tournament("strong", "random", GAMES, seed=2, movetime=MOVETIME)
    print(
        f"\nstrong vs random, {GAMES} games: win rate {report.win_rate:.0%} (target 100 %), "
        f"margin {report.average_margin:+.1f}; {side_breakdown(report)}"
    )
    assert report.win_rate >= 0.9


@pytest.mark.bench
def test_bench_1990_against_random() -> None:
    report = run_tournament("1990", "random", 200, seed=3)
    print(
        f"\n1990 vs random, 200 games: win rate {report.win_rate:.1%} (the article: 100 %), "
        f"margin {report.average_margin:+.1f}; {side_breakdown(report)}"
    )


@pytest.mark.bench
def test_bench_loop_frequency() -> None:
    start = time.perf_counter()
    stats = loop_stats(2000, seed=0)
    d = stats.as_dict()
    print(
        f"\nloops in 2000 random games: {stats.looping} of {stats.offered} moves examined "
        f"= 1 in {d['one_in']} "
        f"(article: about 1 in 1296); {stats.games_with_loop} games met one; periods {d['period_min']}.."
        f"{d['period_max']}; longest move that ends {stats.longest_finite_move} laps; "
        f"{time.perf_counter() - start:.0f} s"
    )
    assert stats.looping > 0


LOOP_GAMES = int(os.environ.get("AWELE_BENCH_LOOP_GAMES", "10000"))


def worst_exact_checks(games: int, seeds: int, seed: int) -> dict[str, object]:
    """Random games from ``seeds`` a pit, timing the exact check of every move offered (every
    non-empty pit of the player to move), verdict cache emptied first as in a fresh process:
    the worst check in wall-clock seconds and in CPU seconds of the checking thread (the
    machine may be shared), the checks and loops met, the total seconds."""
    rules._LONG_MOVES.clear()
    rules._PENDING.clear()
    rng = random.Random(seed)
    worst = {"wall": 0.0, "cpu": 0.0, "move": "", "checks": 0, "loops": 0}
    started = time.perf_counter()
    for _ in range(games):
        state = new_game(12, seeds)
        while not state.is_terminal():
            for i in state.camp(state.current_player):
                if state.pits[i]:
                    tick, cpu = time.perf_counter(), time.thread_time()
                    verdict = sow(state.pits, i)
                    wall, cpu = time.perf_counter() - tick, time.thread_time() - cpu
                    worst["checks"] += 1  # type: ignore[operator]
                    worst["loops"] += verdict.loops  # type: ignore[operator, union-attr]
                    worst["wall"] = max(worst["wall"], wall)  # type: ignore[call-overload]
                    if cpu > worst["cpu"]:  # type: ignore[operator]
                        worst["cpu"] = cpu
                        worst["move"] = f"{' '.join(map(str, state.pits))} pit {i + 1}: {verdict}"
            state = state.play(rng.choice(state.legal_moves()))
    worst["total"] = time.perf_counter() - started
    return worst


@pytest.mark.bench
@pytest.mark.parametrize("seeds", [4, 5, 6])
def test_bench_worst_exact_loop_check(seeds: int, report: Report) -> None:
    w = worst_exact_checks(LOOP_GAMES, seeds, seed=100 + seeds)
    kind = "compiled" if compiled() else "pure Python"
    print(f"\n{LOOP_GAMES} random games at {seeds} seeds a pit ({kind}): {w['checks']} exact checks, "
          f"{w['loops']} loops, {w['total']:.0f} s in all; worst check {1000 * w['cpu']:.1f} ms CPU "
          f"({1000 * w['wall']:.1f} ms wall): {w['move']}")
    report(f"awele worst exact loop check, {seeds} seeds/pit, CPU", f"{1000 * w['cpu']:.1f} ms", "target <= 100 ms")
    report(f"awele worst exact loop check, {seeds} seeds/pit, wall", f"{1000 * w['wall']:.1f} ms", "(shared machine)")


# --- the screen: frame times of a scripted visitor, with the computer thinking ------------------------

SCENE_SECONDS = float(os.environ.get("AWELE_BENCH_SCENE_SECONDS", "90"))


def visitor_frame_times(level: str = "strong", seconds: float = 90.0, size: tuple[int, int] | None = None,
                        seed: int = 1, own_process: bool = True) -> dict[str, object]:
    """A visitor plays against ``level`` in a live kiosk (threads not waited for, frames paced at
    60 per second as on the stand): reads the rules pages, taps pits, looks at the end card and
    plays again. Returns the frame times (wall clock, and the frame thread's own CPU time)
    overall and while the computer thinks. ``own_process=False`` makes the strong level search
    on the match's thread instead of the worker pool (to compare)."""
    import pygame

    from games.awele.scene import AweleScene, new_match
    from kiosk.app import STEP, App, AppOptions
    from kiosk.overlays import EndScene, RulesScene

    app = App(AppOptions(mute=True, seed=seed, size=size))
    rng = random.Random(seed)
    scene = AweleScene(app, new_match(app, p2=level, movetime=1.0))
    scene.match.thinker.processes = own_process
    app.start(scene)
    scene.show_rules()
    events: list[str] = []
    scene.match.subscribe(lambda _match, event: events.append(event))
    walls: list[float] = []
    cpus: list[float] = []
    thinking: list[bool] = []
    slow: list[tuple[int, float, str, bool]] = []  # (frame, ms, screen, first frame of that screen)
    shown = ""
    started = time.perf_counter()
    next_frame = started
    while time.perf_counter() - started < seconds:
        top = app.stack.top
        frame = len(walls)
        if isinstance(top, RulesScene) and frame % 60 == 59:
            top.next() if top.page < len(top.pages) - 1 else top.close()
        elif isinstance(top, EndScene) and top.time > 3:
            top.again()
        elif top is scene and scene.person_to_move() and scene.checking is None and frame % 20 == 0:
            pos = app.screen.to_native(scene.layout.center(rng.choice(scene.state.legal_moves()) - 1))
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        wall, cpu = time.perf_counter(), time.thread_time()
        app.tick(STEP)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.thread_time() - cpu)
        thinking.append(scene.match.thinking)
        screen = type(app.stack.top).__name__
        if walls[-1] > 0.05:  # the first frame of a screen draws its sprites at native size once
            slow.append((frame, round(1000 * walls[-1], 1), screen, screen != shown))
        shown = screen
        next_frame += STEP
        pause = next_frame - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        else:
            next_frame = time.perf_counter()
    pygame.quit()

    def summary(values: list[float]) -> dict[str, float]:
        ordered = sorted(values) or [0.0]
        return {"p50_ms": round(1000 * ordered[len(ordered) // 2], 2),
                "p99_ms": round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
                "worst_ms": round(1000 * ordered[-1], 2), "frames": len(values)}

    during = [k for k, busy in enumerate(thinking) if busy]
    return {
        "level": level,
        "moves": events.count("move"),
        "games": 1 + events.count("restart"),
        "wall": summary(walls),
        "cpu": summary(cpus),
        "wall_thinking": summary([walls[k] for k in during]),
        "cpu_thinking": summary([cpus[k] for k in during]),
        "frames_over_50_ms": slow,
    }


@pytest.mark.bench
def test_bench_scene_frame_times_with_the_computer_thinking(report: Report) -> None:
    result = visitor_frame_times("strong", SCENE_SECONDS, size=(1920, 1080))
    wall, thinking, slow = result["wall"], result["wall_thinking"], result["frames_over_50_ms"]
    report("awele scene at 1080p, p99 / worst frame", f"{wall['p99_ms']} / {wall['worst_ms']} ms",
           "target <= 20 / 50 ms")
    report("awele scene while the strong computer thinks", f"{thinking['p99_ms']} / {thinking['worst_ms']} ms",
           f"p99 / worst of {thinking['frames']} frames")
    report("awele scene frame CPU p99 / worst", f"{result['cpu']['p99_ms']} / {result['cpu']['worst_ms']} ms",
           f"{result['moves']} moves; over 50 ms: {slow}")
    assert thinking["frames"] > 0 and result["moves"] >= 4
    assert wall["p99_ms"] <= 20 and thinking["worst_ms"] <= 50
    assert all(first for _frame, _ms, _screen, first in slow)  # only a screen's very first frame


if __name__ == "__main__":
    import json
    import sys

    level = sys.argv[1] if len(sys.argv) > 1 else "strong"
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
    print(json.dumps(visitor_frame_times(level, seconds, own_process="thread" not in sys.argv[3:])))
