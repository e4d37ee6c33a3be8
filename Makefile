# `make run` and `make test` set everything up themselves on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
ENGINE_SOURCES := $(wildcard generator_ext/*.pyx generator_ext/*.pxd) setup.py pyproject.toml

.PHONY: install run test bench lint clean messages

$(STAMP): requirements.txt requirements-dev.txt $(ENGINE_SOURCES)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	@# setuptools says, for every editable install of a flat layout, to beware of folders named
	@# like the packages: this checkout is exactly such a folder, on purpose.
	PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

# The site on 127.0.0.1:8000 with a worker and beat (SQLite and the filesystem broker by default).
# The embedded site is a development server: DEBUG on (no secret to set, nothing exposed).
run: export DEBUG ?= 1
run: install
	$(PY) manage.py createcachetable
	$(PY) manage.py migrate --noinput
	$(PY) manage.py bootstrap
	$(PY) manage.py runlocal

# The browser tests need Debian's chromium and the stack tests Debian's nginx: installed here
# when we may (root with apt), otherwise those tests are skipped with a loud line (and fail
# under CI).
test: install
	@{ command -v chromium >/dev/null && [ -x /usr/sbin/nginx ]; } || { [ "$$(id -u)" = 0 ] \
	  && command -v apt-get >/dev/null && apt-get update -qq \
	  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium nginx; } \
	  || echo "chromium or nginx could not be installed: their tests will be skipped"
	$(PY) -m pytest

# The translation catalogues: new strings from the templates, Python and static/js go into
# locale/<lang>/LC_MESSAGES/*.po, then everything is compiled to the .mo files the site reads
# (both are committed, unwrapped, so that `make run` needs no gettext; a test holds the .mo to the .po).
LOCALES := es fr de pt_BR zh_Hans
MESSAGE_IGNORES := --ignore=.venv --ignore=build --ignore=var --ignore=tests --ignore=benchmarks \
  --ignore=test-artifacts --ignore=node_modules --ignore=staticfiles
messages: install
	DEBUG=1 $(PY) manage.py makemessages --no-obsolete --no-wrap $(MESSAGE_IGNORES) $(addprefix -l ,$(LOCALES))
	DEBUG=1 $(PY) manage.py makemessages --no-obsolete --no-wrap -d djangojs $(MESSAGE_IGNORES) $(addprefix -l ,$(LOCALES))
	DEBUG=1 $(PY) manage.py compilemessages --ignore=.venv

bench: install
	$(PY) -m benchmarks.engine

lint: install
	$(VENV)/bin/ruff check .

# Back to the sources (the venv stays): the next make test reinstalls and recompiles.
clean:
	rm -rf build *.egg-info generator_ext/*.c generator_ext/*.so generator_ext/*.html \
	  test-artifacts var/staticfiles $(STAMP)
