"""Day records made up for tests and benches: a week of visits and games written as the kiosk
writes them (one JSON line per event, one file a day), fast and reproducible from a seed."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from games.registry import installed_games, spec
from kiosk.daybook import day_path

ENDINGS = ("person", "computer", "hotseat", "abandoned", "idle", "fault", "draw")


def write_week(folder: Path, first_day: tuple[int, int, int], games: int, days: int = 7, seed: int = 1) -> int:
    """Write ``days`` day files from ``first_day`` (year, month, day) in ``folder`` holding
    ``games`` games between them (visits of one to four games, from 9:00 to 18:00, some on the
    real board with camera losses, some faults); returns the number of events written."""
    rng = random.Random(seed)
    keys = [info.key for info in installed_games()]
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    per_day = [games // days + (1 if k < games % days else 0) for k in range(days)]
    for k, count in enumerate(per_day):
        year, month, day = first_day
        opening = time.mktime((year, month, day + k, 9, 0, 0, 0, 0, -1))
        lines = [{"t": opening, "e": "start", "lang": "fr"}]
        visit, number = 0, 0
        step = 9 * 3600 / max(1, count)
        # Visits spread over the opening hours, busiest in the afternoon.
        arrivals = sorted(opening + 9 * 3600 * rng.betavariate(2.4, 1.8) for _ in range(count))
        while number < count:
            visit += 1
            t = arrivals[number]
            lang = "en" if rng.random() < 0.1 else "fr"
            lines.append({"t": round(t, 2), "e": "visit", "n": visit, "lang": lang})
            for _ in range(min(rng.randint(1, 4), count - number)):
                number += 1
                game = rng.choice(keys)
                levels = spec(game).levels
                hotseat = rng.random() < 0.15
                real = rng.random() < 0.2
                kind = "board" if real else "person"
                seats = [kind, kind] if hotseat else [kind, "computer"]
                how = "hotseat" if hotseat and rng.random() < 0.7 else rng.choice(ENDINGS[:2] + ENDINGS[3:])
                if hotseat and how in ("person", "computer"):
                    how = "abandoned"
                lines.append({"t": round(t, 2), "e": "game", "id": number, "n": visit, "game": game, "seats": seats,
                              "level": None if hotseat else rng.choice(levels),
                              "board": "real" if real else "screen", "lang": lang})
                if rng.random() < 0.3:
                    lines.append({"t": round(t + 5, 2), "e": "page", "kind": "rules", "game": game, "page": 1})
                lost = rng.randint(0, 2) if real else 0
                for _ in range(lost):
                    t += 1
                    lines.append({"t": round(t, 2), "e": "camera", "up": False, "game": game})
                    lines.append({"t": round(t + 4, 2), "e": "camera", "up": True, "game": game})
                length = rng.uniform(40, 600)
                t += rng.uniform(0.1, 0.4) * step
                if how == "fault":
                    lines.append({"t": round(t, 2), "e": "fault", "where": "update", "scene": game})
                lines.append({"t": round(t, 2), "e": "end", "id": number, "how": how, "moves": rng.randint(1, 60),
                              "s": round(length, 1), "fixes": rng.randint(0, 3) if real else 0, "lost": lost,
                              "back": lost})
            lines.append({"t": round(t + 30, 2), "e": "leave", "n": visit, "why": "idle"})
        lines.append({"t": round(t + 60, 2), "e": "stop"})
        day_name = time.strftime("%Y-%m-%d", time.localtime(opening))
        with open(day_path(folder, day_name), "w", encoding="utf-8") as stream:
            stream.writelines(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        written += len(lines)
    return written
