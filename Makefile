# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1

# `make test` spreads whole test files over 2 processes (pytest-xdist): a file's tests share
# their fixtures and run in order, as they do alone.
.PHONY: run test bench screens lint venv clean

# Awélé's exact loop check runs its laps in C (games/awele/sowing.c, loaded with ctypes). If no
# C compiler is found, the same check runs in pure Python (slower, same answers).
SOWING := games/awele/_sowing.so
$(SOWING): games/awele/sowing.c games/awele/sowing.py
	@$(PYTHON) -c "import sys; from games.awele.sowing import build; sys.exit(0 if build() else 1)" \
		|| echo "note: no C compiler worked; awele loop checks use pure Python"

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP) $(SOWING)
	$(PY) main.py $(ARGS)

test: $(STAMP) $(SOWING)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(HEADLESS) $(PY) -m pytest -q -m "not bench" -n 2 --dist loadfile tests

bench: $(STAMP) $(SOWING)
	$(HEADLESS) $(PY) -m pytest -q -s -m bench bench

# 1920x1080 screenshots of every screen, French and English, into out/screens.
screens: $(STAMP) $(SOWING)
	$(PY) bench/screens.py

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache $(SOWING)
