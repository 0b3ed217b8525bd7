"""The games: one folder per game with the same files in each (``rules.py``, ``ai.py``,
``scene.py``, ``cli.py``, ``strings.py``, ...). Rules engines and solvers are pure Python."""
