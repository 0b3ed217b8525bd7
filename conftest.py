"""Make the project importable from any test folder (tests/, bench/)."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The kiosk's own process set-up (main.py): single-threaded BLAS. A second BLAS thread keeps a
# buffer of its own (7 MB touched by the tile reader's products), so a soak without this setting
# measured memory the kiosk does not have.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

# The built-in games' screens, handed to the kiosk as main.py does (the kiosk layer may not
# import the games' scene modules itself).
from games.cli import install_screens  # noqa: E402 - after the path set-up
from kiosk.screens import use_catalog  # noqa: E402

use_catalog(install_screens)
