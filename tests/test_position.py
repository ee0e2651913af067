"""A game's position as a scenario of its own (issue 60, "from a game").

Every golden game of all five rulesets, played to its end, is written as a scenario:
the file loads (``tabletop check`` reads it the same way), every ship still on the
table stands where the game left her (to the 6 decimals written), a ship gone is left
out, and what the game's table carries of her damage in her class's fields is written on
her and read back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.game.position import position, write_position
from tabletop.geometry.hexgrid import place
from tabletop.referee.rulings import sail

from .conftest import ROOT

GOLDEN = sorted((ROOT / "tests" / "golden").glob("*/*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_end_of_every_golden_game_is_a_scenario_of_its_own(path: Path, tmp_path: Path):
    data = json.loads(path.read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    for played in data["actions"]:
        game.play(played)
    state = game.state
    out = tmp_path / "position.toml"
    notes = write_position(state, str(out))
    again = load_scenario(out)
    poses, fields, gone = position(state)
    table = state.table()
    assert {s.id for s in again.ships} == set(poses)
    assert not set(gone) & set(poses)
    grid = getattr(again.ruleset, "grid_in", None)
    for ship in again.ships:
        was = table.ship(ship.id).pose
        if grid is not None:  # a hex game: her hex and facing (two afoul share one hex)
            g = grid(again.units)
            assert place(g, ship.pose, 1) == place(g, was, 1)
            continue
        assert (ship.pose.x, ship.pose.y) == pytest.approx((was.x, was.y), abs=1e-6)
        assert ship.pose.heading == pytest.approx(was.heading % 360, abs=1e-6)
        for key, value in fields.get(ship.id, {}).items():
            assert ship.cls.fields[key] == value
    assert all(n.split()[0] in {*gone, *poses} for n in notes)
    assert (again.wind.from_deg, again.wind.strength) == pytest.approx(
        (table.wind.from_deg, table.wind.strength)
    )  # the wind as it blows now, changed in play or not
    assert not again.wind.roll


def test_a_frigate_ships_hits_go_with_her(tmp_path: Path):
    """The weather duel played to its end: jason took a crew and a mast hit,
    ville-de-nantes two mast hits; the position carries each ship's hits on her entry
    (the fields the loader validates, 0 to 3 each), so a ruling on it weighs her gunnery
    and sailing as the game did (ville-de-nantes' sail allowance cut as the engine cuts it)."""
    data = json.loads((ROOT / "tests/golden/frigate/hex-weather.json").read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    for played in data["actions"]:
        game.play(played)
    out = tmp_path / "duel-end.toml"
    write_position(game.state, str(out))
    again = load_scenario(out)
    hit = {s.id: s for s in game.state.ships if s.crew_hits or s.mast_hits}
    assert {k: (s.crew_hits, s.mast_hits) for k, s in hit.items()} == {
        "jason": (1, 1),
        "ville-de-nantes": (0, 2),
    }
    for sid, st in hit.items():
        f = again.ship(sid).cls.fields
        assert (f.get("crew_hits", 0), f.get("mast_hits", 0)) == (st.crew_hits, st.mast_hits)
    table = game.state.table()
    for sid in hit:
        assert sail(again, sid)["allowance"] == sail(table, sid)["allowance"]


def test_run_writes_the_position_and_says_what_it_cannot_carry(tmp_path: Path, capsys):
    """``tabletop run SCENARIO LOG --position OUT.toml``: the prize's log ends with
    ville-de-nantes struck and taken; the position loads, she stands in it, and the
    notes say a scenario cannot have her struck.  Aimed at the scenario being read,
    it is refused and the scenario left as it was."""
    from tabletop.shell.cli import main

    out = tmp_path / "prize.toml"
    scn, log = ROOT / "scenarios/frigate-hex-prize.toml", ROOT / "games/frigate-hex-prize.log"
    assert main(["run", str(scn), str(log), "--position", str(out), "--json"]) == 0
    notes = json.loads(capsys.readouterr().out)["notes"]
    struck = "ville-de-nantes has struck her colours: the scenario has her as a ship, unstruck"
    assert struck in notes
    assert "ville-de-nantes" in {s.id for s in load_scenario(out).ships}
    before = scn.read_bytes()
    assert main(["run", str(scn), str(log), "--position", str(scn)]) == 2
    assert scn.read_bytes() == before
