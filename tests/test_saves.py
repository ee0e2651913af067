"""Saved games: one versioned format, one loader, checked before anything is replayed.

Every bad save is one line naming the file and what is wrong, exit 2, and the file is
left as it was; a good one replays to the saved state, from any folder.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.common.errors import TabletopError
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.game.session import Session
from tabletop.rules.holdfast import HoldFast
from tabletop.shell.cli import main

from .conftest import ROOT, SCENARIOS

DUEL_LOG = ROOT / "games" / "frigate-duel.log"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def saved(tmp_path: Path, capsys) -> Path:
    """The frigate duel's first six actions, saved beside a copy of its scenario."""
    (tmp_path / "scenarios").mkdir()
    shutil.copy(SCENARIOS / "frigate-duel.toml", tmp_path / "scenarios" / "duel.toml")
    lines = [x for x in DUEL_LOG.read_text().splitlines() if x and not x.startswith("#")]
    (tmp_path / "first.log").write_text("\n".join(lines[:6]) + "\n")
    (tmp_path / "rest.log").write_text("\n".join(lines[6:]) + "\n")
    save = tmp_path / "game.json"
    code, _, err = run(
        capsys, "run", str(tmp_path / "scenarios/duel.toml"), str(tmp_path / "first.log"),
        "--save", str(save),
    )  # fmt: skip
    assert code == 0, err
    return save


def test_a_save_is_versioned_and_names_its_scenario_relative_to_itself(saved: Path):
    data = json.loads(saved.read_text())
    assert data["format"] == "tabletop-save/3" and data["mode"] == "game"
    assert data["scenario"] == "scenarios/duel.toml"
    assert len(data["actions"]) == 6 and isinstance(data["state"], dict)


def test_check_verifies_a_save_by_replaying_it(saved: Path, capsys):
    code, out, err = run(capsys, "check", str(saved))
    assert code == 0 and err == ""
    assert "6 actions replayed to the saved state" in out


def test_a_moved_folder_of_saves_and_scenarios_still_loads(saved: Path, tmp_path, monkeypatch):
    moved = tmp_path.parent / (tmp_path.name + "-moved")
    shutil.copytree(saved.parent, moved)
    shutil.rmtree(saved.parent / "scenarios")  # the old place is gone
    monkeypatch.chdir("/")  # and it loads from another working folder
    assert len(Game.load(moved / "game.json").actions) == 6


def test_run_load_continues_a_saved_game(saved: Path, capsys):
    whole = Game.load(saved)
    code, out, err = run(capsys, "run", "--load", str(saved), str(saved.parent / "rest.log"),
                         "--json")  # fmt: skip
    assert code == 0, err
    d = json.loads(out)
    full = main_json(capsys, "run", str(SCENARIOS / "frigate-duel.toml"), str(DUEL_LOG))
    # the saved six and the rest of the log reach the same end as the whole log at once
    assert d["actions"] == full["actions"] and d["ships"] == full["ships"]
    assert len(d["actions"]) > len(whole.actions)


def main_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: {**d, "format": "tabletop-save/9"}, "format: expected 'tabletop-save/3'"),
        (lambda d: {k: v for k, v in d.items() if k != "state"}, "state: expected the saved"),
        (lambda d: {**d, "seed": "1806"}, "seed: expected a whole number"),
        (lambda d: {**d, "actions": "end"}, "actions: expected a list"),
        (lambda d: {**d, "actions": [*d["actions"], 7]}, "actions[6]: expected one action"),
        (lambda d: {**d, "scenario": 3}, "scenario: expected the scenario file's path"),
        (
            lambda d: {**d, "scenario": "/dev/zero"},
            "scenario: /dev/zero: expected the scenario as a regular file",
        ),
        (lambda d: {**d, "actions": d["actions"][:-1]}, "does not give the saved state"),
        (lambda d: [d], "expected a saved game (a JSON object)"),
    ],
)
def test_a_bad_save_is_one_line_and_left_as_it_was(saved: Path, capsys, edit, message):
    saved.write_text(json.dumps(edit(json.loads(saved.read_text()))))
    before = saved.read_bytes()
    for load in (Game.load, Session.load):
        with pytest.raises(TabletopError) as e:
            load(saved)
        assert message in str(e.value) and str(e.value).startswith(str(saved))
    code, out, err = run(capsys, "check", str(saved))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err and message in err
    assert saved.read_bytes() == before


def test_truncated_nested_and_special_files_are_refused(saved: Path, tmp_path: Path):
    text = saved.read_text()
    saved.write_text(text[: len(text) // 2])
    with pytest.raises(TabletopError, match="expected a saved game \\(JSON\\)"):
        Session.load(saved)
    saved.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(TabletopError, match="nested too deep|expected a saved game"):
        Session.load(saved)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(TabletopError, match="as a regular file"):
        Session.load(fifo)  # refused at once, never blocks on the pipe


def test_the_first_save_format_is_still_read(saved: Path):
    data = json.loads(saved.read_text())
    old = {
        "format": "tabletop-save/1",
        "scenario": str((saved.parent / data["scenario"]).resolve()),
        "seed": data["seed"],
        "actions": data["actions"],
        "state": data["state"],
    }
    saved.write_text(json.dumps(old))
    assert len(Game.load(saved).actions) == 6


def test_free_play_saves_share_the_format_and_the_loader(tmp_path: Path, monkeypatch):
    # a ruleset with no game engine is played as free moves, saved and loaded alike:
    # every built-in ruleset now has one, so Hold Fast's is switched off to stand in
    scn = load_scenario(SCENARIOS / "hold-fast-frigates.toml")
    assert isinstance(scn.ruleset, HoldFast)
    monkeypatch.setattr(scn.ruleset, "caps", replace(scn.ruleset.caps, has_engine=False))
    session = Session.open(scn)
    ship = session.scenario.ships[0].id
    session.play(f"move {ship} F1")
    path = tmp_path / "free.json"
    session.save(path)
    data = json.loads(path.read_text())
    assert data["format"] == "tabletop-save/3" and data["mode"] == "free"
    again = Session.load(path)
    assert again.actions == [f"move {ship} F1"]
    assert again.table.ship(ship).pose == session.table.ship(ship).pose
