"""The learning machine (``make bench``): how many games Gardner's matchboxes need to stop losing,
against the random player and against the perfect one, over fresh seeds; the learning curves go
to ``out/hexapawn_learning.png`` (gitignored).

"Stops losing" is measured, not guessed from a quiet stretch: after each game the machine is
searched for any game it can still lose against that opponent (:meth:`Machine.can_lose`: its
beads against every reply the opponent may play); the count is the games played until there is
none (its last loss). Gardner's own tournament (Scientific American, March 1962), as we remember
it and could not check here: HER lost 11 of its first 36 games against him and none after.
"""

from __future__ import annotations

import os
import random
import statistics
from pathlib import Path

import pytest

from games.hexapawn import solver
from games.hexapawn.ai import MatchboxPlayer, make_player
from games.hexapawn.memory import Memory
from games.hexapawn.rules import BLACK, HexapawnState

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.bench
SEEDS = range(1000, 1200)  # fresh seeds: the tests use 0-9
LIMIT = 2000


def learn(opponent: str, seed: int) -> str:
    """A fresh machine (Black) against ``opponent`` (White) until it can no longer lose to it; its
    record, one letter a game."""
    player = MatchboxPlayer()
    memory = Memory(player.machine)
    white = make_player(opponent)
    replies = solver.best_moves if opponent == "perfect" else None
    rng = random.Random(seed)
    while player.machine.can_lose(BLACK, replies) and len(player.machine.record) < LIMIT:
        state, moves = HexapawnState(), []
        while not state.is_terminal():
            move = (player if state.player == BLACK else white).choose(state, rng)
            moves.append(move)
            state = state.play(move)
        memory.finish(HexapawnState(), moves, BLACK)
    return player.machine.record


def plot(records: dict[str, list[str]], path: Path) -> None:
    """Losses so far against games played: each seed's curve faint, the median bold."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    width, height, left, top, plot_w, plot_h = 1000, 560, 70, 50, 880, 430
    image = pygame.Surface((width, height))
    image.fill((255, 255, 255))
    font = pygame.font.Font(None, 22)
    games = 100
    most = 20
    def xy(game: float, losses: float) -> tuple[float, float]:
        return left + plot_w * game / games, top + plot_h * (1 - losses / most)

    pygame.draw.rect(image, (0, 0, 0), (left, top, plot_w, plot_h), 1)
    for g in range(0, games + 1, 10):
        image.blit(font.render(str(g), True, (0, 0, 0)), (xy(g, 0)[0] - 8, top + plot_h + 8))
    for n in range(0, most + 1, 5):
        image.blit(font.render(str(n), True, (0, 0, 0)), (left - 30, xy(0, n)[1] - 8))
    colours = {"random": (0, 114, 178), "perfect": (213, 94, 0)}
    for k, (opponent, runs) in enumerate(records.items()):
        colour = colours[opponent]
        faint = tuple(round(c + (255 - c) * 0.8) for c in colour)
        curves = []
        for record in runs:
            losses, points = 0, [xy(0, 0)]
            for g, letter in enumerate(record[:games]):
                losses += letter == "L"
                points.append(xy(g + 1, losses))
            points.append(xy(games, losses))
            curves.append([p[1] for p in points])
            pygame.draw.lines(image, faint, False, points, 1)
        median = [statistics.median(c[i] if i < len(c) else c[-1] for c in curves) for i in range(games + 2)]
        xs = [xy(0, 0)[0]] + [xy(g + 1, 0)[0] for g in range(games)] + [xy(games, 0)[0]]
        pygame.draw.lines(image, colour, False, list(zip(xs, median, strict=True)), 3)
        stops = sorted(len(r) for r in runs)
        label = (f"against {opponent}: stops losing after {statistics.median(stops):.0f} games (median), "
                 f"at most {stops[-1]}; {statistics.median(r.count('L') for r in runs):.0f} losses (median)")
        image.blit(font.render(label, True, colour), (left + 10, top + 10 + 22 * k))
    image.blit(font.render(f"Gardner's matchboxes (HER) playing Black: losses so far, game after game "
                           f"({len(next(iter(records.values())))} fresh machines each)", True, (0, 0, 0)),
               (left, 15))
    image.blit(font.render("games played", True, (0, 0, 0)), (left + plot_w // 2 - 40, height - 28))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(path))


def test_games_until_the_machine_stops_losing(report):
    records = {opponent: [learn(opponent, seed) for seed in SEEDS] for opponent in ("random", "perfect")}
    for opponent, runs in records.items():
        stops = sorted(len(r) for r in runs)
        losses = sorted(r.count("L") for r in runs)
        assert stops[-1] < LIMIT, f"a machine still loses to {opponent} after {LIMIT} games"
        report(f"hexapawn machine vs {opponent}: games to stop losing",
               f"{statistics.median(stops):.0f} med / {stops[len(stops) * 9 // 10]} p90 / {stops[-1]} max",
               f"{len(runs)} fresh seeds")
        report(f"hexapawn machine vs {opponent}: games lost", f"{statistics.median(losses):.0f} med / {losses[-1]} max",
               "Gardner (from memory): 11 in 36 games")
    path = ROOT / "out" / "hexapawn_learning.png"
    plot(records, path)
    report("hexapawn learning curve", str(path.relative_to(ROOT)))
