"""The command line's edges: ``play`` on a file it cannot read, ``run --load`` alone."""

from __future__ import annotations

import pytest

from tabletop.shell.cli import main

from .conftest import ROOT, SCENARIOS


@pytest.mark.parametrize("bad", ["nosuch.toml", "README.md"])
def test_play_on_a_missing_or_bad_file_says_so_before_any_window(bad, monkeypatch, capsys):
    """It opened an empty window with one red line: now one line on stderr, status 2,
    and no window asked for."""

    def no_window(*args, **kw):
        raise AssertionError("a window was opened")

    monkeypatch.setattr("tabletop.view.app.run", no_window)
    monkeypatch.chdir(ROOT)
    assert main(["play", bad]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tabletop play: {bad}: ") and err.count("\n") == 1


def test_run_load_without_a_log_shows_the_saved_game(tmp_path, capsys):
    """``run --load GAME.json`` said "the following arguments are required: scenario":
    with no log it is the saved game alone, as ``run`` with an empty log shows it."""
    game = tmp_path / "game.json"
    empty = tmp_path / "empty.log"
    empty.write_text("")
    scenario = str(SCENARIOS / "frigate-duel.toml")
    log = str(ROOT / "games" / "frigate-duel.log")
    assert main(["run", scenario, log, "--save", str(game)]) == 0
    capsys.readouterr()
    assert main(["run", "--load", str(game)]) == 0
    alone = capsys.readouterr()
    assert main(["run", "--load", str(game), str(empty)]) == 0
    assert alone.err == "" and alone.out == capsys.readouterr().out
    assert main(["run"]) == 2
    assert "expected a scenario and a log" in capsys.readouterr().err


def test_a_subcommand_built_alone_parses_as_the_whole_command_line_does():
    """A query builds only its own subcommand's arguments (a faster start): the list of
    names it knows them by must be the parser's own, and each one built alone must
    parse its arguments exactly as the whole command line does."""
    import argparse

    from tabletop.shell.cli import COMMANDS, build_parser

    whole = build_parser()
    sub = next(a for a in whole._actions if isinstance(a, argparse._SubParsersAction))
    assert tuple(sub.choices) == COMMANDS
    line = ["fire", "scenarios/worked-example.toml", "a", "b", "--high", "--json"]
    alone = build_parser("fire").parse_args(line)
    assert vars(alone) == vars(whole.parse_args(line))
    assert alone.high is True and alone.firer == "a"
    for name in COMMANDS:  # each alone knows its own options, as the whole one does
        one = build_parser(name)
        mine = next(a for a in one._actions if isinstance(a, argparse._SubParsersAction))
        assert list(mine.choices) == [name]
        assert [a.dest for a in mine.choices[name]._actions] == [
            a.dest for a in sub.choices[name]._actions
        ]
