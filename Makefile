# `make run` and `make test` set everything up themselves on a fresh machine; `make help` lists
# the targets (each one's `## ` line).
PYTHON ?= python3
PORT ?= 8000
.DEFAULT_GOAL := help
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
ENGINE_SOURCES := $(wildcard generator_ext/*.pyx generator_ext/*.pxd) setup.py pyproject.toml

.PHONY: help install run test test-fast bench lint clean messages

help: ## list the targets
	@echo "make run and make test set everything up themselves (a venv in $(VENV), the engine compiled)."
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):.*## /  make \1\t/' | expand -t 18

$(STAMP): requirements.txt requirements-dev.txt $(ENGINE_SOURCES)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	@# setuptools says, for every editable install of a flat layout, to beware of folders named
	@# like the packages: this checkout is exactly such a folder, on purpose.
	PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP) ## the venv, the packages and the compiled engine (the others need it)

# The site on 127.0.0.1:$(PORT) with its workers and beat (SQLite and the filesystem broker by
# default). The embedded site is a development server: DEBUG on (no secret to set, nothing
# exposed). A taken port stops it before anything starts.
run: export DEBUG ?= 1
run: install ## the site on http://127.0.0.1:$PORT (default 8000) with its workers; Ctrl-C stops it
	$(PY) manage.py createcachetable --verbosity 0
	$(PY) manage.py migrate --noinput
	$(PY) manage.py bootstrap
	$(PY) manage.py runlocal --addr 127.0.0.1:$(PORT)

# The browser tests need Debian's chromium and the stack tests Debian's nginx: installed here
# when we may (root with apt), otherwise those tests are skipped with a loud line (and fail
# under CI).
# Two pytest-xdist workers (pytest -n 2 --dist loadgroup): a browser or app-server file kept
# on one worker, the compose-like stack's tests on one worker with one stack (tests/markers.py,
# group_of), the rest wherever a core is free. Three were faster (950 s against 1164 s for the
# suite but the floods) but put a third process on two cores, and the browser tests' timing
# failed under it (a hint still on its way when the next button was pressed, a publish before
# its check had settled). Then the `latency` tests alone: the floods timed against a normal
# player's calm baseline, which another worker's engine tests on the same cores would make
# (seen: row 26, p99 448 ms > 300). TEST_WORKERS=0 make test runs it in one process.
TEST_WORKERS ?= 2
PARALLEL = $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadgroup)
test: install ## the test suite (pytest; Redis and PostgreSQL are used when they run here)
	@{ command -v chromium >/dev/null && [ -x /usr/sbin/nginx ]; } || { [ "$$(id -u)" = 0 ] \
	  && command -v apt-get >/dev/null && apt-get update -qq \
	  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium nginx; } \
	  || echo "chromium or nginx could not be installed: their tests will be skipped"
ifeq ($(TEST_WORKERS),0)
	$(PY) -m pytest
else
	@$(PY) -m pytest $(PARALLEL) -m "not latency"; first=$$?; \
	  $(PY) -m pytest -m latency tests/stack; second=$$?; \
	  echo "make test: the suite exited $$first, the flood timings $$second"; \
	  [ $$first = 0 ] && [ $$second = 0 ]
endif

# The engine, the API and the units: the suite without the browser, stack and slow tests
# (tests/markers.py says which), in under 3 minutes on two cores; make test runs them all.
test-fast: install ## the quick part of the suite: no browser, stack or slow tests
	$(PY) -m pytest $(PARALLEL) -m "not browser and not stack and not slow"

# The translation catalogues: new strings from the templates, Python and static/js go into
# locale/<lang>/LC_MESSAGES/*.po, then everything is compiled to the .mo files the site reads
# (both are committed, unwrapped, so that `make run` needs no gettext; a test holds the .mo to the .po).
LOCALES := es fr de pt_BR zh_Hans
MESSAGE_IGNORES := --ignore=.venv --ignore=build --ignore=var --ignore=tests --ignore=benchmarks \
  --ignore=test-artifacts --ignore=node_modules --ignore=staticfiles
messages: install ## the translation catalogues: new strings into locale/*.po, then compiled
	DEBUG=1 $(PY) manage.py makemessages --no-obsolete --no-wrap $(MESSAGE_IGNORES) $(addprefix -l ,$(LOCALES))
	DEBUG=1 $(PY) manage.py makemessages --no-obsolete --no-wrap -d djangojs $(MESSAGE_IGNORES) $(addprefix -l ,$(LOCALES))
	DEBUG=1 $(PY) manage.py compilemessages --ignore=.venv

bench: install ## the engine's benchmarks
	$(PY) -m benchmarks.engine

lint: install ## ruff
	$(VENV)/bin/ruff check .

# Back to the sources (the venv stays): the next make test reinstalls and recompiles.
clean: ## back to the sources (the venv stays)
	rm -rf build *.egg-info generator_ext/*.c generator_ext/*.so generator_ext/*.html \
	  test-artifacts var/staticfiles $(STAMP)
