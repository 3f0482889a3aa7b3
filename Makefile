# pycombat: `make demo` and `make test` do their own set-up (a virtualenv in .venv).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test bench install data clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/pycombat enumerate --limit 6

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python bench/run.py

# Refresh the shipped copies of the shared specification and game data.
data:
	$(PYTHON) tools/sync_shared.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis
