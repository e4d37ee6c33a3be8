# `make run` and `make test` set everything up themselves on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
ENGINE_SOURCES := $(wildcard generator_ext/*.pyx generator_ext/*.pxd) setup.py pyproject.toml

.PHONY: install run test bench lint clean

$(STAMP): requirements.txt requirements-dev.txt $(ENGINE_SOURCES)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

# Until the site exists (backend issue), `make run` shows the engine at work: a quick benchmark.
run: install
	$(PY) -m generator_ext.bench --quick

test: install
	$(PY) -m pytest

bench: install
	$(PY) -m generator_ext.bench

lint: install
	$(VENV)/bin/ruff check .

clean:
	rm -rf build generator_ext/*.c generator_ext/*.so
