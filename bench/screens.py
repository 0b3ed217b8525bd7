"""Screenshots of every screen at 1920x1080, French and English: ``make screens`` (into ``out/screens``).

Each screen is opened by its own command (``--frames N --screenshot``), as a visitor or the
operator would reach it, so the pictures show what the kiosk really draws. Run it after a change
to the look of anything, and open the pictures.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from the project's folder (make screens)
from games.registry import installed_games  # noqa: E402 - after the path set-up

#: Every installed game (the registry's list: a new game gets its screenshots with no edit here).
GAMES = tuple(info.key for info in installed_games())

#: (name, command after ``main.py``, frames): every screen a visitor or the operator meets.
SCREENS: list[tuple[str, list[str], int]] = [
    ("menu", [], 60),
    ("demo", ["demo"], 900),
    *[(f"play-{game}", ["play", game], 240) for game in GAMES],
    ("play-lewthwaite-hint", ["play", "lewthwaite", "--hint"], 240),
    *[(f"rules-{game}", ["rules", game], 90) for game in GAMES],
    *[(f"science-{game}", ["science", game], 600) for game in GAMES],
    ("physical-lewthwaite", ["play", "lewthwaite", "--physical", "--camera", "synthetic"], 900),
    ("calibrate", ["calibrate", "--game", "lewthwaite", "--camera", "synthetic"], 120),
]


def main() -> int:
    """Write every screenshot; exit 1 when a screen's command failed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "out" / "screens"), help="folder for the PNGs")
    parser.add_argument("--lang", default="fr,en", help="languages (default fr,en)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    failed = []
    with tempfile.TemporaryDirectory() as home:
        env["XDG_CONFIG_HOME"] = env["XDG_STATE_HOME"] = home  # never the operator's own save
        for lang in args.lang.split(","):
            for name, command, frames in SCREENS:
                picture = out / f"{name}-{lang}.png"
                words = [sys.executable, "main.py", "--size", "1920x1080", "--lang", lang, "--mute",
                         "--seed", "1", "--frames", str(frames), "--screenshot", str(picture), "--force", *command]
                done = subprocess.run(words, cwd=ROOT, env=env, capture_output=True, text=True)
                print(f"{'ok  ' if done.returncode == 0 else 'FAIL'} {picture.relative_to(out)}", flush=True)
                if done.returncode != 0:
                    failed.append(name)
                    print(done.stderr.strip()[-600:], file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
