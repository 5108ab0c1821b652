# The two commands: `make run` and `make test`.  Both create .venv themselves.
# Also: `make fuzz` (10,000+ bad inputs per game), `make bench` (speed beside OpenSpiel).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
VPY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium

.PHONY: run test lint fuzz bench bench-browser clean
PORT ?= 8866

$(VPY):
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip

# Installed markers: re-install when the project's metadata changes.
$(VENV)/.installed-run: pyproject.toml | $(VPY)
	$(VPY) -m pip install --quiet -e '.[dashboard]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VPY)
	$(VPY) -m pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(VPY)
	$(VPY) -m pip install --quiet -e '.[bench]'
	touch $@

# The dashboard: Voilà on localhost, settings from voila.json; prints the URL.
run: $(VENV)/.installed-run
	$(VPY) -m widgets.serve $(PORT)

$(CHROMIUM):
	@echo "Installing Debian's Chromium for the browser tests"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

# ruff and mypy (configured in pyproject.toml) first, then every test.
lint: $(VENV)/.installed-test
	$(VPY) -m ruff check tutor widgets tests
	$(VPY) -m mypy tutor

test: lint $(CHROMIUM)
	$(VPY) -m pytest -q

# Mutated scenario files, action values and action texts for every game,
# 10,000 of each by default (FUZZ_N=...); prints the counts by outcome.
FUZZ_N ?= 10000
fuzz: $(VENV)/.installed-test
	$(VPY) -m tests.conformance.fuzz -n $(FUZZ_N)

# Random-playout speed of every game beside OpenSpiel's python_block_dominoes.
bench: $(VENV)/.installed-bench
	$(VPY) -m tutor.bench
	$(VPY) -m tutor.games.tir_nan_og --games 200
	$(VPY) -m tutor.games.formula_e --games 40 --players 4

# The dashboard in the browser: cold start, click latency, kernel memory,
# beside a one-button hello-world Voilà notebook.
bench-browser: $(VENV)/.installed-test $(CHROMIUM)
	$(VPY) -m widgets.bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
