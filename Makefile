# The two commands: `make run` and `make test`.  Both create .venv themselves.
# Also: `make fuzz` (10,000+ bad inputs per game), `make bench` (speed beside OpenSpiel),
# `make class` (the dashboard for a room of students), `make bench-class` (a room's load), `make bench-live` (a live lesson's),
# `make site` (the static site, no server: site/), `make bench-site`, `make lab` (JupyterLab on notebooks/ to prepare lessons).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
VPY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
NPM := /usr/bin/npm
# axe-core (npm), injected by the browser tests to audit accessibility (tests/browser/test_browser_a11y.py)
AXE := .axe/node_modules/axe-core/axe.min.js

.PHONY: run class lab test lint fuzz bench bench-browser bench-class bench-live site bench-site search-eval teach-report clean
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

$(VENV)/.installed-site: pyproject.toml | $(VPY)
	$(VPY) -m pip install --quiet -e '.[site]'
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(VPY)
	$(VPY) -m pip install --quiet -e '.[bench]'
	touch $@

# The dashboard: Voilà on localhost, settings from voila.json; prints the URL.
run: $(VENV)/.installed-run
	$(VPY) -m widgets.server.serve $(PORT)

# JupyterLab on notebooks/, to prepare lessons (notebooks/lesson_builder.ipynb);
# the dashboard is served by the same server at /voila/render/index.ipynb, with the
# tutor's page template (widgets/jupyter/data: nothing from the internet); JupyterLab asks no
# news or update question (widgets/jupyter/config/labconfig).
lab: $(VENV)/.installed-run
	JUPYTER_PATH=$(CURDIR)/widgets/jupyter/data JUPYTER_CONFIG_PATH=$(CURDIR)/widgets/jupyter/config \
	$(VPY) -m jupyter lab --ServerApp.root_dir=notebooks --ServerApp.ip=127.0.0.1 --port $(PORT) \
		--VoilaConfiguration.template=rules-tutor --KernelManager.transport=ipc $(if $(filter 0,$(shell id -u)),--allow-root)

# A room: the dashboard on every interface for the students' own devices, the
# link printed as text and as a QR code.  PAGE is the page the room opens at
# once: POOL kernels are kept started (and its page built) for it, POOL_OTHERS
# for each other page; at most MAX_KERNELS kernels live at once (then "the room
# is full", 503).  Only the machine's own names and addresses are served, plus
# HOSTS (e.g. HOSTS="tutor.school.lan").  `make run` stays local-only.
PAGE ?= index.ipynb
POOL ?= 30
POOL_OTHERS ?= 3
MAX_KERNELS ?= 80
HOSTS ?=
class: $(VENV)/.installed-run
	$(VPY) -m widgets.server.serve $(PORT) --class --page $(PAGE) --pool $(POOL) --pool-others $(POOL_OTHERS) \
		--max-kernels $(MAX_KERNELS) --hosts "$(HOSTS)"

$(CHROMIUM):
	@echo "Installing Debian's Chromium for the browser tests"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

# Pyodide and Font Awesome for the static site come from npm (`npm pack`, no install).
$(NPM):
	@echo "Installing Debian's npm for the static site"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm

# The static site: every notebook page, Python in the page (Voici + Pyodide), served from
# site/ by any static host.  Rebuilt only when its inputs change (site/.inputs).
site: $(VENV)/.installed-site $(NPM)
	$(VPY) -m widgets.site.build

$(AXE):
	@echo "Installing axe-core (npm) for the accessibility audit"
	command -v npm >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm)
	npm install --silent --no-audit --no-fund --prefix .axe axe-core@4.14

# ruff and mypy (configured in pyproject.toml) first, then every test.
lint: $(VENV)/.installed-test
	$(VPY) -m ruff check tutor widgets tests benchmarks
	$(VPY) -m mypy tutor benchmarks/engine.py benchmarks/instructions.py

# Two pytest-xdist workers, a test file at a time each (the module-scoped servers start once);
# each worker has its own Voila server and Chromium.  PYTEST_WORKERS=0 runs in one process.
PYTEST_WORKERS ?= 2
test: lint $(CHROMIUM) $(AXE) site
	$(VPY) -m pytest -q --durations=30 $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder)

# Mutated scenario files, action values and action texts for every game,
# 10,000 of each by default (FUZZ_N=...); prints the counts by outcome.
FUZZ_N ?= 10000
fuzz: $(VENV)/.installed-test
	$(VPY) -m tests.conformance.fuzz -n $(FUZZ_N)

# Random-playout speed of every game beside OpenSpiel's python_block_dominoes, in actions/s,
# then in machine instructions per action under valgrind (load-independent; skipped without valgrind).
bench: $(VENV)/.installed-bench
	$(VPY) -m benchmarks.engine
	$(VPY) -m benchmarks.instructions
	$(VPY) -m tutor.games.tir_nan_og --games 200
	-$(VPY) -m tutor.games.formula_e --games 100 --players 4 3  # exits 1 unless the bot wins half of each run with every move under 1 s (a 100-game run falls below half by chance now and then; docs/formula-e-search-bot.md has 1,200 games); the figures still print

# How well the tutor teaches: the guided first game, the quiz's choices, the hints (per game and language).
teach-report: $(VENV)/.installed-run
	$(VPY) -m benchmarks.teach_report

# How well the Rules tab's search answers learners' questions (top-1 and top-3 per game and language).
search-eval: $(VENV)/.installed-run
	$(VPY) -m benchmarks.search_eval --missed

# The dashboard in the browser: cold start, click latency, kernel memory,
# beside a one-button hello-world Voilà notebook.
bench-browser: $(VENV)/.installed-test $(CHROMIUM)
	$(VPY) -m benchmarks.browser

# The static site's size and time to interactive beside the Voila page's cold start.
bench-site: site $(VENV)/.installed-test $(CHROMIUM)
	$(VPY) -m benchmarks.site

# Thirty sessions at once against `make class`'s configuration (on 127.0.0.1),
# at the protocol level: ready and click latency, errors, memory, kernels left.
bench-class: $(VENV)/.installed-run
	$(VPY) -m benchmarks.classroom

# A live lesson's traffic at the protocol level: thirty students' kernels following a teacher's
# ten steps and answering two questions through the live lessons' websocket; follow latency
# p50/p95, answers, errors, server CPU per step; exits 1 past 300 ms (p95).  LIVE_OPTIONS=--redis: the Redis
# broker (needs the `hub` extra); LIVE_OPTIONS="--kernels 30": thirty real pages' kernels under the tutor's server.
LIVE_OPTIONS ?=
bench-live: $(VENV)/.installed-run
	$(VPY) -m benchmarks.live $(LIVE_OPTIONS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .axe
