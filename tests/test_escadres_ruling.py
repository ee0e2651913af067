"""The referee's fire ruling on the Escadres hex table (``tabletop fire``, the window's
line of fire and fire zones) agrees with the engine: every shot of the golden game is
ruled in the same zone over the same hexes between, and a refused one is refused."""

from __future__ import annotations

import json

import pytest

from tabletop.common.errors import TabletopError
from tabletop.game.game import Game, read_log
from tabletop.game.load import load_scenario
from tabletop.referee.fire import rule_fire
from tabletop.shell.cli import main

from .conftest import ROOT, SCENARIOS

SCN = SCENARIOS / "escadres-two-fleets.toml"


def test_every_golden_shot_is_ruled_as_the_engine_fired_it():
    seed, actions = read_log(ROOT / "games" / "escadres-two-fleets.log")
    game = Game.new(load_scenario(SCN), seed)
    shots = 0
    for action in actions:
        table = game.state.table()
        events = game.play(action)
        words = action.split()
        if words[0] != "fire":
            continue
        shot = next(e for e in events if "shot" in e)
        r = rule_fire(table, words[1], words[2])
        assert r.can_fire and r.arc == shot["side"], (action, r.reasons)
        assert r.range_band.startswith(f"{shot['between']} hexes between"), action
        shots += 1
    assert shots >= 5


def test_out_of_zone_and_own_side_are_refused_with_the_reason():
    """At the start Victory (8, 12) and Hermione (20, 11) lie in neither of each
    other's broadside zones: both head along the line between them (60° and 240°)."""
    scn = load_scenario(SCN)
    r = rule_fire(scn, "victory", "hermione")
    assert r.arc is None and not r.can_fire
    assert r.reasons == ["hermione is in neither of victory's fire zones"]


def test_fire_json_on_a_hex_table(capsys):
    """The CLI answers for a hex game too, in one JSON object, with the line between the
    two hexes' centres as its proof (a hex width apart for each hex along it)."""
    seed, actions = read_log(ROOT / "games" / "escadres-two-fleets.log")
    n = actions.index("fire bucentaure victory")
    game = Game.new(load_scenario(SCN), seed)
    for a in actions[:n]:
        game.play(a)
    r = rule_fire(game.state.table(), "bucentaure", "victory")
    size = game.state.scenario.ruleset.grid_in("in").size
    hexes = int(r.range_band.split()[0]) + 1  # the hexes between, and one more to reach
    assert r.range == pytest.approx(hexes * size, rel=0.16)  # centres: about a hex a step
    assert len(r.proof.ray) == 2 and len(r.proof.arc) >= 6


def test_a_ship_cannot_fire_at_herself():
    with pytest.raises(TabletopError):
        rule_fire(load_scenario(SCN), "victory", "victory")


def test_fire_cli_on_escadres(capsys):
    assert main(["fire", str(SCN), "victory", "hermione", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["arc"] is None and d["can_fire"] is False


def test_the_status_says_which_ship_the_bag_gave():
    """The scenario's first draw (its seed's) is redoutable: the status line names her,
    as a player at the table needs to know whose turn it is."""
    from tabletop.game.session import Session

    session = Session.open(load_scenario(SCN))
    drawn = next(e["drawn"] for e in session.game.events if "drawn" in e)
    assert session.status == f"turn 1, {drawn} drawn from the bag, french to play"
    assert drawn == "redoutable"
