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
