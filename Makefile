# pycombat: `make demo` and `make test` do their own set-up (a virtualenv in .venv).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test bench install data clean graphviz fuzz

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@command -v dot >/dev/null || $(MAKE) --no-print-directory graphviz
	touch $(STAMP)

# `pycombat tree -o out.png` renders through Graphviz's `dot`; install it when missing and we may.
graphviz:
	@if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	  (apt-get update -qq && apt-get install -y -qq graphviz >/dev/null) || echo "warning: could not install graphviz; PNG output of 'pycombat tree' will be unavailable"; \
	else echo "note: install Graphviz (the 'dot' program) for PNG output of 'pycombat tree'"; fi

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/pycombat enumerate --limit 6

test: $(STAMP)
	$(BIN)/python -m pytest -q -n $${PYTEST_WORKERS:-auto}

# The hostile-input campaign (issue 19): N mutated examples x every verb, in parallel subprocesses
# under a time and memory limit; prints the table, fails on a traceback, hang or unclear message.
N ?= 500
fuzz: $(STAMP)
	$(BIN)/python tools/fuzz.py -n $(N) -j $${FUZZ_JOBS:-$$(nproc)} --keep fuzz-failures

bench: $(STAMP)
	$(BIN)/python bench/run.py

# Refresh the shipped copies of the shared specification and game data.
data:
	$(PYTHON) tools/sync_shared.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis
