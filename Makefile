# pycombat: `make demo` and `make test` do their own set-up (a virtualenv in .venv).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test test-long test-explore test-tools mutants bench install data clean graphviz chromium serve fuzz fuzz-http

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The package and its test tools (pip only: `make demo` installs nothing else).
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# What the tests use from Debian besides: Graphviz (PNG trees) and Chromium (the browser test).
test-tools:
	@command -v dot >/dev/null || $(MAKE) --no-print-directory graphviz
	@(command -v chromium >/dev/null && command -v chromedriver >/dev/null) || $(MAKE) --no-print-directory chromium

# `pycombat tree -o out.png` renders through Graphviz's `dot`; install it when missing and we may.
graphviz:
	@if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	  (apt-get update -qq && apt-get install -y -qq graphviz >/dev/null) || echo "warning: could not install graphviz; PNG output of 'pycombat tree' will be unavailable"; \
	else echo "note: install Graphviz (the 'dot' program) for PNG output of 'pycombat tree'"; fi

# The web page's end-to-end test (tests/test_web_e2e.py) drives Debian's headless Chromium through Selenium;
# install it when missing and we may (the test is skipped, saying why, when it cannot be installed).
chromium:
	@if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null) \
	  || echo "warning: could not install chromium; the browser test of 'pycombat serve' will be skipped"; \
	else echo "note: install chromium and chromium-driver for the browser test of 'pycombat serve'"; fi

install: $(STAMP)

# The local web page on http://127.0.0.1:8765/
serve: $(STAMP)
	$(BIN)/pycombat serve --open

demo: $(STAMP)
	$(BIN)/pycombat enumerate --limit 6

# The quick tier: every test but the long ones, hypothesis at its quick profile (tests/conftest.py). The slowest
# tests are listed at the end (the tier is kept under 4 minutes on 2 cores: a test that grew shows there first).
test: $(STAMP) test-tools
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-dev} $(BIN)/python -m pytest -q -n $${PYTEST_WORKERS:-auto} -m "not long" \
		--durations=20 --durations-min=2

# The long tier: the tests marked long, and every hypothesis test again at the larger ci profile.
test-long: $(STAMP) test-tools
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest -q -n $${PYTEST_WORKERS:-auto} -m "long or hypothesis"

# Fresh random examples for every hypothesis test (the CI profiles are derandomized), twice the written counts.
test-explore: $(STAMP)
	HYPOTHESIS_PROFILE=explore $(BIN)/python -m pytest -q -n $${PYTEST_WORKERS:-auto} -m hypothesis

# The hostile-input campaign: N mutated examples x every verb, each in a forked child
# under a time and memory limit (FUZZ_MODE=subprocess: as `python -m pycombat`); prints the table,
# fails on a traceback, hang or unclear message. `make fuzz-http` sends the corpus to the web API.
N ?= 500
fuzz: $(STAMP)
	$(BIN)/python tools/fuzz.py -n $(N) -j $${FUZZ_JOBS:-$$(nproc)} --mode $${FUZZ_MODE:-fork} --keep fuzz-failures

fuzz-http: $(STAMP)
	$(BIN)/python tools/fuzz.py -n $(N) -j $${FUZZ_JOBS:-$$(nproc)} --http --keep fuzz-failures

# The mutation battery: the Python rule checks through mutmut (the tests covering each mutant), then
# every rule id of asp_rules/ removed and every flag reading swapped (tools/mutants.py); the report
# goes to docs/mutants.md. Takes hours on 2 cores; CI runs a sample (tests/test_mutants.py).
mutants: $(STAMP)
	rm -rf mutants
	PYCOMBAT_ASP_RULES=$(CURDIR)/asp_rules $(BIN)/mutmut run --max-children $$(nproc) || true
	$(BIN)/python tools/mutants.py --jobs $$(nproc) --report docs/mutants.md

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/throughput.py --only json --only optimize --only tree
	$(BIN)/python bench/diverse.py --similar
	$(BIN)/python bench/riftbound_closed.py
	$(BIN)/python bench/latency.py
	$(BIN)/python bench/showdown.py

# Refresh the shipped copies of the shared specification and game data.
data:
	$(PYTHON) tools/sync_shared.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis
