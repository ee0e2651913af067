# `make play` opens the window; `make test` runs every check.  Both build .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: play test quick bench lint clean fuzz strength balance

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

# Every tier on both cores: the fast tests, the slow ones (whole computer games, brute
# force, hundreds of replays), the windows on software GL and the real-window games.
test: lint
	ARCADE_HEADLESS=1 $(BIN)/python -m pytest -n $(or $(WORKERS),2) --dist worksteal

# The edit loop: the fast tier alone (no test marked slow, gui or xplay), about a minute.
quick: $(STAMP)
	$(BIN)/ruff check tabletop tests tools
	ARCADE_HEADLESS=1 $(BIN)/python -m pytest -n $(or $(WORKERS),2) --dist worksteal -m "not slow and not gui and not xplay"

# 10,000+ hostile cases through the CLI; every count it prints must be 0.
fuzz: $(STAMP)
	ARCADE_HEADLESS=1 $(BIN)/python -m tests.fuzz_main $(or $(CASES),10000)

# The computer captain's strength (not part of `make test`): paired games, sides swapped.
# GAMES=200 is the issue's measure; TURNS is the turn limit (a draw after it); LOGS=DIR
# keeps every game's log there (tabletop run replays one).
STRENGTH_SCENARIOS ?= scenarios/frigate-duel.toml scenarios/squadron-action.toml \
  scenarios/hold-fast-duel.toml scenarios/hold-fast-frigates.toml scenarios/hold-fast-escape.toml \
  scenarios/hold-fast-squadrons.toml scenarios/escadres-two-fleets.toml \
  scenarios/frigate-hex-duel.toml scenarios/frigate-hex-prize.toml
strength: $(STAMP)
	@for s in $(STRENGTH_SCENARIOS); do \
	  for pair in captain,scripted admiral,captain; do \
	    $(BIN)/tabletop duel $$s --side $${pair%%,*} --side $${pair##*,} \
	      --games $(or $(GAMES),200) --seed $(or $(SEED),1) --turns $(or $(TURNS),30) \
	      --jobs $(or $(JOBS),2) $(if $(LOGS),--logs $(LOGS)) || exit 1; \
	  done; \
	done

# Each scenario's balance (not part of `make test`): the captain on both sides, each seed
# once, the first side's wins / draws / losses.  A scenario one side wins whoever commands
# leaves a stronger captain no room to show (README, Scenario balance).
balance: $(STAMP)
	@for s in $(STRENGTH_SCENARIOS); do \
	  $(BIN)/tabletop duel $$s --side captain --side captain \
	    --games $(or $(GAMES),100) --seed $(or $(SEED),1) --turns $(or $(TURNS),30) \
	    --jobs $(or $(JOBS),2) || exit 1; \
	done

bench: $(STAMP)
	$(BIN)/tabletop bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
