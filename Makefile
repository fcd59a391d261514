# Two commands do everything on a fresh machine:
#   make lab   - set up, then open JupyterLab on the getting-started notebook
#   make test  - set up, then run the whole test suite (type checks, unit, notebook and browser tests)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup lab test typecheck unit bench chromium messages notebooks dist docs lite clean

setup: $(STAMP)

# The editable install also compiles the optional C cores in place (hatch_build.py: the solver's search and the
# rules' fast path); the last lines say whether it did (when it could not, that part runs in pure Python:
# "pip install -v -e ." shows why).
$(STAMP): pyproject.toml package.json package-lock.json hatch_build.py src/solitaire_widget/solver/_klondike_core.c src/solitaire_widget/games/_rules_core.c
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	npm ci --no-audit --no-fund
	$(PY) -m pip install --quiet -e ".[test]"
	@$(PY) -c "from solitaire_widget.solver import compiled; print('solver core:', 'compiled' if compiled.available() else 'NOT BUILT, the solver runs in pure Python')"
	@$(PY) -c "from solitaire_widget.games import compiled; print('rules fast path:', 'compiled' if compiled.available() else 'NOT BUILT, the rules run in pure Python')"
	touch $(STAMP)

# The browser tests drive Debian's Chromium; install it when it is missing.
chromium:
	@test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

# As root (many containers) JupyterLab refuses to start without --allow-root: pass it there only. LAB_ARGS adds
# options (the suite runs `make lab LAB_ARGS="--no-browser --port=N ..."` to check this command itself).
LAB_ROOT_ARGS := $(if $(filter 0,$(shell id -u)),--allow-root)
LAB_ARGS ?=
lab: setup
	$(VENV)/bin/jupyter lab $(LAB_ROOT_ARGS) $(LAB_ARGS) notebooks/00-getting-started.ipynb

# The front end's TypeScript, then the package's Python, strict ([tool.mypy] in pyproject.toml).
typecheck: setup
	npm run typecheck
	$(PY) -m mypy

# SOLITAIRE_REQUIRE_CORE=1: a solver core that did not build is a test failure, not a skip.
test: setup chromium typecheck
	SOLITAIRE_REQUIRE_CORE=1 $(PY) -m pytest

bench: setup
	$(PY) -m pip install --quiet -e ".[test,bench]"
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/solver.py
	$(PY) benchmarks/hints.py
	$(PY) benchmarks/studies.py
	$(PY) benchmarks/latency.py

# A release in dist/: the sdist (with the front end's bundle, built again here first), the wheel for this machine
# (with the compiled cores; SOLITAIRE_BUILD_CORE=1: a core that does not compile is an error) and the pure-Python
# wheel (py3-none-any, for machines with no compiler and for Pyodide), both built from the sdist, then twine check.
# The other platforms' wheels: `cibuildwheel dist/solitaire_widget-*.tar.gz` on each system (pyproject.toml).
dist: setup
	rm -rf dist
	npm run build
	$(PY) -m build --sdist --outdir dist .
	rm -rf dist/.sdist && mkdir dist/.sdist && tar -xzf dist/solitaire_widget-*.tar.gz -C dist/.sdist
	SOLITAIRE_BUILD_CORE=1 $(PY) -m build --wheel --outdir dist dist/.sdist/solitaire_widget-*
	SOLITAIRE_BUILD_CORE=0 $(PY) -m build --wheel --outdir dist dist/.sdist/solitaire_widget-*
	rm -rf dist/.sdist
	$(VENV)/bin/twine check --strict dist/*

# The documentation site in docs/_build/html (docs/site/conf.py): the README as its landing page, docs/*.md, the
# notebooks with the outputs stored in them (never run here), and the API reference. Warnings are errors; nothing is
# fetched. The source directory is the repository's root, so that every page keeps the links it has on GitHub.
docs: setup
	$(PY) -m sphinx -b html -c docs/site -d docs/_build/doctrees -W --keep-going -q . docs/_build/html

# Play without installing: a JupyterLite site in lite/_output (tools/lite.py): JupyterLab and Python (Pyodide) in the
# browser, the notebooks, the package's pure-Python wheel and every wheel the kernel loads, nothing fetched when it
# runs. Serve it with `python -m http.server -d lite/_output` and open /lab/index.html. The first build downloads
# Pyodide (npm) and wheels (PyPI) into lite/.cache/; later builds need no network. JupyterLite comes from the lite
# extra, installed here when it is missing (not by make setup).
# JupyterLite lives in a venv of its own (.venv-lite): its kernel's JupyterLab extension, installed beside the real
# JupyterLab, would load in every Lab the browser tests start, and fail there.
LITE_VENV := .venv-lite
lite: setup
	test -x $(LITE_VENV)/bin/python || $(PYTHON) -m venv $(LITE_VENV)
	@$(LITE_VENV)/bin/python -c "import jupyterlite_core, jupyterlite_pyodide_kernel, build, anywidget, babel" 2>/dev/null || $(LITE_VENV)/bin/python -m pip install --quiet $$($(PY) tools/lite.py --requirements)
	$(LITE_VENV)/bin/python tools/lite.py

# Every notebook under notebooks/ run top to bottom and stored with its outputs (tools/notebooks.py): Python's random
# seeded, no timestamps, a picture of each board instead of its widget view, so that a rerun gives the same files.
# tests/notebooks runs them the same way and fails when a stored output is stale.
notebooks: setup
	$(PY) tools/notebooks.py

# After changing a message in the code: extract them all again, and merge them into every language's catalogue
# (translators then fill in what is new: msgstr "" or marked fuzzy).
POT := src/solitaire_widget/locale/solitaire_widget.pot
KEYWORDS := -k _ -k N_ -k NP_:1c,2 -k pgettext:1c,2 -k npgettext:1c,2,3 -k ngettext:1,2
messages: setup
	$(VENV)/bin/pybabel extract --no-location --sort-output --project solitaire-widget -F babel.cfg $(KEYWORDS) -o $(POT) .
	$(VENV)/bin/pybabel update --no-fuzzy-matching -i $(POT) -d src/solitaire_widget/locale -D solitaire_widget

clean:
	rm -rf $(VENV) node_modules dist docs/_build lite/_output lite/.cache src/solitaire_widget/static src/solitaire_widget/solver/_klondike_core.*.so src/solitaire_widget/games/_rules_core.*.so
