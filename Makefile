# `make play` opens the window; `make test` runs every check.  Both build .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: play test bench lint clean fuzz

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Tabletop needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/tabletop play $(SCENARIO)

lint: $(STAMP)
	$(BIN)/ruff check tabletop tests tools
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

test: lint
	ARCADE_HEADLESS=1 $(BIN)/python -m pytest

# 10,000+ hostile cases through the CLI; every count it prints must be 0.
fuzz: $(STAMP)
	ARCADE_HEADLESS=1 $(BIN)/python -m tests.fuzz_main $(or $(CASES),10000)

bench: $(STAMP)
	$(BIN)/tabletop bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
