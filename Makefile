# Two commands do everything on a fresh machine:
#   make lab   - set up, then open JupyterLab on the getting-started notebook
#   make test  - set up, then run the whole test suite (type check, unit, notebook and browser tests)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup lab test typecheck unit bench chromium clean

setup: $(STAMP)

$(STAMP): pyproject.toml package.json package-lock.json
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	npm ci --no-audit --no-fund
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

# The browser tests drive Debian's Chromium; install it when it is missing.
chromium:
	@test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

lab: setup
	$(VENV)/bin/jupyter lab notebooks/00-getting-started.ipynb

typecheck: setup
	npm run typecheck

test: setup chromium typecheck
	$(PY) -m pytest

bench: setup
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/solver.py
	$(PY) benchmarks/latency.py

clean:
	rm -rf $(VENV) node_modules src/solitaire_widget/static
