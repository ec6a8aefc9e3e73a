# The developer loop. Every target but `test` uses the environment in $(VENV) (made by `make test`,
# or the README's test command); e.g. `make fast VENV=/path/to/venv`.
export VENV ?= .venv
PYTHON := $(VENV)/bin/python

.PHONY: test fast e2e lint types types-core bench guide

# The README's test command, as CI runs it: build the environment, install, the whole suite.
test:
	python3 -m venv "$${VENV:-.venv}" && "$${VENV:-.venv}/bin/pip" install -q -e ".[test]" && "$${VENV:-.venv}/bin/python" -m pytest -q

# Everything but the end-to-end and fault-injection tests.
fast:
	$(PYTHON) -m pytest -q --ignore=tests/e2e --ignore=tests/faults

# The real discord.py bot against the fake Discord (tests/e2e).
e2e:
	$(PYTHON) -m pytest -q tests/e2e

lint:
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .

# mypy in its basic mode over the shipped packages (settings: [tool.mypy] in pyproject.toml);
# CI runs it after lint, so every package stays clean.
types:
	$(PYTHON) -m mypy

# The same over the packages without Discord and storage (quicker, for a commit there).
types-core:
	$(PYTHON) -m mypy rules render ai lang

bench:
	$(PYTHON) -m bench

# The real turn posts in docs/guide/ (played through the bot against the fake Discord).
guide:
	$(PYTHON) -m tools.guide
