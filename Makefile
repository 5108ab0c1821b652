# The two commands: `make run` and `make test`.  Both create .venv themselves.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
VPY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium

.PHONY: run test bench bench-browser clean
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

# The dashboard: Voilà on localhost, settings from voila.json; prints the URL.
run: $(VENV)/.installed-run
	$(VPY) -m widgets.serve $(PORT)

$(CHROMIUM):
	@echo "Installing Debian's Chromium for the browser tests"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

test: $(VENV)/.installed-test $(CHROMIUM)
	$(VPY) -m pytest -q

bench: $(VENV)/.installed-run
	$(VPY) -m tutor.bench

# The dashboard in the browser: cold start, click latency, kernel memory,
# beside a one-button hello-world Voilà notebook.
bench-browser: $(VENV)/.installed-test $(CHROMIUM)
	$(VPY) -m widgets.bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
