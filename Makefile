# Every target says what it does: `make help` lists them.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1

.DEFAULT_GOAL := help
.PHONY: help setup system-deps serve build data test test-all lint typecheck pytest node-test bench offline scorm embed handout bench-lab bench-build clean-cache parity

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

setup: $(VENV)/.installed node_modules/.installed ## create .venv/ and install the pinned Python and npm packages

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,dev]'
	# Opacus's accountants are a test peer; the package would pull torch, which they do not need.
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps opacus==1.6.0
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

system-deps: ## install Debian chromium and Noto CJK fonts for the browser tests (apt, as root or with sudo)
	@if command -v chromium >/dev/null && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then \
	  echo "chromium and fonts-noto-cjk are installed"; \
	else \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium fonts-noto-cjk; \
	fi

data: setup ## write the catalogue examples' exact records to docs/generated/
	$(PY) -m generator build

build: setup ## build the site into site/ with mkdocs --strict
	$(VENV)/bin/mkdocs build --strict

clean-cache: ## delete the build cache .cache/ (or the folder COMPOSITION_LAB_CACHE names); the next build fills it again
	rm -rf "$${COMPOSITION_LAB_CACHE:-.cache}"

offline: setup ## the offline bundle dist/composition-lab-offline.zip (unzip, open composition-lab/index.html)
	$(PY) -m generator package offline

# MASTERY: the SCORM pass mark in percent (empty: extra.scorm_mastery of mkdocs.scorm.yml, 80).
MASTERY ?=
scorm: setup ## the SCORM 1.2 package dist/composition-lab-scorm12.zip (pass mark: make scorm MASTERY=70)
	$(PY) -m generator package scorm $(if $(MASTERY),--mastery $(MASTERY))

embed: setup ## the iframe-embed site dist/embed/ (publish it, then embed dist/embed/lessons/<lesson>.html)
	$(PY) -m generator package embed

handout: setup system-deps ## the handout: each lesson printed to dist/handout/<lesson>.pdf (A4, with the quiz's answer key)
	$(PY) -m generator package handout

serve: setup ## build and serve the site on http://127.0.0.1:8000 (reloads on change)
	$(VENV)/bin/mkdocs serve --dev-addr 127.0.0.1:8000

lint: setup ## ruff on every Python file; the records' JSDoc types current; tsc --checkJs on the browser modules
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m generator typedefs --check
	node_modules/.bin/tsc -p jsconfig.json

typecheck: setup ## mypy --strict on generator/
	$(VENV)/bin/mypy

# PYTEST_WORKERS: how many processes share the tests (pytest-xdist; "auto": one per core, 0: none).
PYTEST_WORKERS ?= auto
pytest: setup system-deps ## the Python tests: core, build, pages, browsers, spread over the cores
	$(PY) -m pytest -n $(PYTEST_WORKERS) --maxprocesses 4 --durations=10

node-test: setup ## node --test on the browser-side modules
	npm test --silent

test: setup system-deps lint typecheck pytest ## set up and run every test (pytest runs the node tests too)

test-all: test parity bench bench-build ## every test, then the long runs: the labs' parity over 3000 states, the accountant and build benchmarks

bench: setup ## benchmark: exact δ on the α grid vs the naive sum and dp-accounting's PLD; the exact optimal ε vs the PLD; the certified DP-SGD bracket vs dp-accounting, Opacus and prv-accountant
	$(PY) -m tests.benchmarks.profile_grid
	$(PY) -m tests.benchmarks.optimal_accountants
	$(PY) -m tests.benchmarks.dpsgd_accountants

bench-build: setup ## benchmark: the site build cold, warm and after a one-word edit, and each lesson page's weight
	$(PY) -m tests.benchmarks.build_time

bench-lab: setup system-deps ## benchmark: the labs' input-to-output time in headless chromium (composition, optimal, central-and-local, auditing)
	$(PY) -m tests.benchmarks.lab_update

# PARITY_STATES, PARITY_SEED: the sample of `make parity` (the plain pytest run checks 200).
PARITY_STATES ?= 3000
PARITY_SEED ?= 8
parity: setup system-deps ## browser check: the lab shows what the core computes, over 3000 sampled states
	PARITY_STATES=$(PARITY_STATES) PARITY_SEED=$(PARITY_SEED) $(PY) -m pytest tests/browser/test_lab_parity.py -s
