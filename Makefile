# Two environments, made by venv + pip from requirements/*.txt:
#   .venv        main: numpy 2.x, torch, jax, tensorflow, dask, array-api-strict, ...
#   .venv-mxnet  mxnet 1.9.1, which needs numpy 1.23.5
# `make demo` is the main job; `make test` runs every test in both environments.

PYTHON ?= python3.11
MAIN := .venv
MXNET := .venv-mxnet
PIP_FLAGS := --quiet --disable-pip-version-check
# A development install that type checkers see: setuptools' default editable mode installs an
# import hook (a finder in a .pth) that mypy and pyright do not run, so user code found no
# arraykit ("Cannot find implementation or library stub"); compat mode puts the source folder
# itself on the path.
EDITABLE := --config-settings editable_mode=compat
# Hypothesis keeps an example database under .hypothesis/; CI runs from a clean clone anyway.
PYTEST := -m pytest -p no:cacheprovider
# The C extensions are built by the editable install: a changed C source reinstalls, or the
# environments would keep importing the old build (a Guard that lacks a new keyword).
C_SOURCES := $(wildcard arraykit/*.c arraykit/ext/*/*.c)

.PHONY: demo info test test-main test-mxnet lint conformance bench envs clean

$(MAIN)/.installed: requirements/main.txt pyproject.toml $(C_SOURCES)
	$(PYTHON) -m venv $(MAIN)
	$(MAIN)/bin/pip install $(PIP_FLAGS) -r requirements/main.txt
	$(MAIN)/bin/pip install $(PIP_FLAGS) --no-deps $(EDITABLE) -e .
	touch $@

$(MXNET)/.installed: requirements/mxnet.txt pyproject.toml $(C_SOURCES)
	$(PYTHON) -m venv $(MXNET)
	$(MXNET)/bin/pip install $(PIP_FLAGS) -r requirements/mxnet.txt
	$(MXNET)/bin/pip install $(PIP_FLAGS) --no-deps $(EDITABLE) -e .
	touch $@

envs: $(MAIN)/.installed $(MXNET)/.installed

## The main job: what arraykit finds here, then one function run on every framework.
demo: $(MAIN)/.installed
	$(MAIN)/bin/arraykit info
	$(MAIN)/bin/arraykit demo

## Every test, in both environments; ruff first (configured in pyproject.toml).
test: lint test-main test-mxnet

test-main: $(MAIN)/.installed
	$(MAIN)/bin/python $(PYTEST) tests

test-mxnet: $(MXNET)/.installed
	$(MXNET)/bin/python $(PYTEST) tests

## Lint (ruff, configured in pyproject.toml); not `ruff format`.
lint: $(MAIN)/.installed
	$(MAIN)/bin/ruff check .

## array-api-tests for one backend: make conformance BACKEND=torch SUITE=/path/to/array-api-tests
conformance: envs
	$(if $(filter mxnet,$(BACKEND)),$(MXNET),$(MAIN))/bin/python -m conformance $(BACKEND) \
		--suite $(SUITE) --max-examples $(or $(EXAMPLES),100)

## Dispatch overhead: arraykit vs array-api-compat (prints figures; not a test).
bench: $(MAIN)/.installed
	$(MAIN)/bin/python benchmarks/dispatch.py

clean:
	rm -rf $(MAIN) $(MXNET) build *.egg-info .pytest_cache .hypothesis
