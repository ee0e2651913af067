"""Hostile input through the CLI's own entry point (see ``tests/fuzzing.py``).

A few hundred cases here keep ``make test`` quick; ``make fuzz`` runs 10,000+.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from .fuzz_costs import cost_cases
from .fuzz_files import file_cases
from .fuzz_play import legal_games
from .fuzz_saves import tampered_saves
from .fuzzing import ROOT, Case, cases, log_text, path_words, run_case, scenario_text

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def check(case: Case) -> None:
    outcome = run_case(case, limit=20.0)
    assert outcome.kind in ("ok", "known"), f"{outcome.kind}: {case.argv}\n{outcome.detail}"


@pytest.mark.slow
@FUZZ
@given(case=cases())
def test_no_command_crashes_hangs_or_breaks_the_contract(case):
    check(case)


@pytest.mark.slow
@FUZZ
@given(case=file_cases())
def test_no_file_is_destroyed_misread_or_left_unreadable(case):
    # outputs at special files, control characters and seeds in logs, ids, oversized input
    check(case)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=cost_cases())
def test_every_cost_bomb_is_refused_at_once(case):
    # terrain, ships, file sizes, absurd numbers, options and logs past their bounds
    # (and some exactly at one, accepted): each once took minutes or gigabytes
    check(case)


@pytest.mark.slow
@FUZZ
@given(words=path_words())
def test_any_path_text_previews_or_is_refused(words):
    check(Case(["move", str(ROOT / "scenarios" / "frigate-duel.toml"), "amazon", *words, "--json"]))


@pytest.mark.slow
@FUZZ
@given(text=log_text(["amazon", "loire"], "frigate-duel.log"))
def test_any_game_log_replays_or_is_refused(text):
    duel = str(ROOT / "scenarios" / "frigate-duel.toml")
    check(Case(["run", duel, "{dir}/game.log", "--json"], {"game.log": text}))


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=legal_games())
def test_a_game_played_by_the_legal_list_replays_saves_and_checks(case):
    """What ``legal_actions`` lists, the command line takes: a walk's log replays whole
    (``expect="ok"``), its save is written, and ``check`` verifies it."""
    check(case)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=tampered_saves())
def test_a_tampered_save_is_refused_and_an_honest_one_accepted(case):
    """Every lie ``fuzz_saves.py`` tells (a forged mode, format, seed or state; edited
    digests; a scenario or data changed under the save) is refused; an honest save, or
    one relaid without changing its content, is accepted; an old one says so."""
    check(case)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(scn=scenario_text())
def test_any_scenario_checks_or_lists_its_problems(scn):
    check(Case(["check", "{dir}/s.toml", "--json"], {"s.toml": scn[0]}))


# -- crashes found by the fuzzing, each at its smallest ---------------------------------
def test_a_huge_seed_line_in_a_log_is_one_line(tmp_path, capsys):
    from tabletop.shell.cli import main

    (tmp_path / "g.log").write_text("seed " + "9" * 4301 + "\n")
    code = main(["run", str(ROOT / "scenarios" / "frigate-duel.toml"), str(tmp_path / "g.log")])
    err = capsys.readouterr().err
    assert code == 2 and "line 1: expected 'seed N'" in err and "Traceback" not in err
