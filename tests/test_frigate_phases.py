"""Frigate's "standard" phases the text does not print, as the project rules them
(templates/frigate.toml ``[wind_change]``, ``[damage_control]``), with scripted dice.

The wind (phase a, scenario option ``changing_wind``): at each new game-turn a die for
the direction (1 backs it a hexside, 6 veers it one) then one for the strength (1 drops
it a level, 6 raises it one, Calm to Fresh).  Optional no-wind rule (``no_wind``): a
Calm wind that drops dies; out of no wind, a strength die (6 rises to Calm) and a
direction die (1 north, 2 the next hexside clockwise, ...).  Damage control (phase e,
``damage_control``): at each turn's end a die for each kind of hit; a 6 takes one off.
"""

from __future__ import annotations

import pytest

from tabletop.common.errors import IllegalAction
from tabletop.rules.frigate.game import FrigateGame

from .frigate_helpers import declare, game, ship

#: a frigate-38 heading south (facing 3): a north wind enters her rear hexside.
A = ("a", "frigate-38", "blue", (0, 0), 3)
B = ("b", "frigate-38", "red", (6, 0), 3)
WIND = "changing_wind = true\n"


def next_turn(g, speeds=None):
    """Declare (the ships' allowances), then end the four segments of both sides."""
    declare(g, speeds or {})
    for _ in range(8):
        g.play("end")


def wind_events(g):
    return [e["wind"] for e in g.events if "wind" in e]


def test_a_6_and_a_6_veer_the_wind_a_hexside_and_freshen_it(write_scenario, rigged):
    g = game(write_scenario, [A, B], rigged, options=WIND)
    rigged([6, 6])  # the turn's end: direction 6 veers, strength 6 rises
    next_turn(g)
    assert wind_events(g) == [{"from": 60.0, "strength": "fresh", "dice": [6, 6]}]
    rs = g.state.scenario.ruleset
    assert (rs.strength(g.state), rs.wind_facing(g.state), g.state.turn) == ("fresh", 1, 2)
    assert g.state.snapshot()["wind"] == {"from": 60.0, "strength": "fresh"}
    assert g.state.table().wind.strength == "fresh"  # the window's and rulings' table


def test_the_new_wind_rules_the_declarations(write_scenario, rigged):
    """Turn 1: a north wind on her rear hexside, moderate: the frigate row's 8; she
    declares 8.  Dice 1, 1: the wind backs to 300° (facing 5), light.  Facing 3, the wind
    now enters by facing 5, two hexsides round from her bow's 3: a side-rear one, light
    wind: 6.  Momentum: 8 − 4 = 4 to 8 + 2 = 10, the wind's 6 caps it: 4 to 6."""
    g = game(write_scenario, [A, B], rigged, options=WIND)
    rigged([1, 1])
    next_turn(g, {"a": 8})
    assert wind_events(g) == [{"from": 300.0, "strength": "light", "dice": [1, 1]}]
    assert FrigateGame(g.state.scenario.ruleset).bounds(g.state, ship(g, "a")) == (4, 6)
    with pytest.raises(IllegalAction, match="from 4 to 6"):
        g.play("speed a 7")


def test_the_middle_faces_leave_the_wind_and_fresh_is_the_most(write_scenario, rigged):
    g = game(write_scenario, [A, B], rigged, options=WIND, strength="fresh")
    rigged([3, 6])
    next_turn(g)
    assert wind_events(g) == [{"from": 0.0, "strength": "fresh", "dice": [3, 6]}]


def test_a_calm_that_drops_dies_only_under_the_optional_rule(write_scenario, rigged):
    g = game(write_scenario, [A, B], rigged, options=WIND, strength="calm")
    rigged([3, 1])
    next_turn(g)
    assert wind_events(g)[-1]["strength"] == "calm"
    g = game(write_scenario, [A, B], rigged, options=WIND + "no_wind = true\n", strength="calm")
    rigged([3, 1])  # the calm drops a level: no wind
    next_turn(g)
    rs = g.state.scenario.ruleset
    assert wind_events(g) == [{"from": 0.0, "strength": "none", "dice": [3, 1]}]
    assert rs.no_wind(g.state)
    rigged([2])  # no wind: one strength die; a 2 leaves it so, no direction die
    next_turn(g)
    assert wind_events(g)[-1] == {"from": 0.0, "strength": "none", "dice": [2]}
    rigged([6, 3])  # a 6 brings a calm, the direction die 3: the third hexside, 120°
    next_turn(g)
    assert wind_events(g)[-1] == {"from": 120.0, "strength": "calm", "dice": [6, 3]}


def test_a_fixed_wind_rolls_nothing(write_scenario, rigged):
    g = game(write_scenario, [A, B], rigged)
    next_turn(g)
    assert wind_events(g) == [] and g.state.wind_strength is None


DC = "damage_control = true\n"


def test_damage_control_a_die_for_each_kind_of_hit(write_scenario, rigged):
    """a: 2 crew and 1 mast hit: the crew die 6 takes one off, the masts die 5 does not.
    b: dismasted (3 mast hits) and whole: no die at all."""
    hurt = (*A, "crew_hits = 2\nmast_hits = 1\n")
    wreck = (*B, "mast_hits = 3\n")
    g = game(write_scenario, [hurt, wreck], rigged, options=DC)
    rigged([6, 5])
    next_turn(g)
    got = [e for e in g.events if "damage_control" in e]
    assert got == [
        {"damage_control": "a", "kind": "crew", "die": 6, "crew": 1},
        {"damage_control": "a", "kind": "masts", "die": 5, "masts": 1},
    ]
    assert (ship(g, "a").crew_hits, ship(g, "a").mast_hits, ship(g, "b").mast_hits) == (1, 1, 3)


def test_crew_hits_all_repaired_restore_two_sided_fire(write_scenario, rigged):
    """The text: two-sided fire comes back when all crew hits are removed.  a's one crew
    hit comes off on a 6: none left, the one-side rule no longer binds her."""
    hurt = (*A, "crew_hits = 1\n")
    g = game(write_scenario, [hurt, B], rigged, options=DC)
    rigged([6])
    next_turn(g)
    assert ship(g, "a").crew_hits == 0


def test_template_bad_phase_tables_name_their_keys():
    import tomllib

    from tabletop.common.errors import DataErrors
    from tabletop.rules.frigate import Frigate

    from .conftest import ROOT

    data = tomllib.loads((ROOT / "templates/frigate.toml").read_text())
    data["wind_change"]["veer"] = [2, 0, 0, 0, 0, 0]
    data["damage_control"]["crew"] = 9
    with pytest.raises(DataErrors) as e:
        Frigate(data, "frigate.toml")
    assert {"wind_change.veer", "damage_control.crew"} <= {err.path for err in e.value.errors}


def test_the_weather_game_rolls_the_wind_every_turn_and_repairs():
    """The shipped game (scenarios/frigate-hex-weather.toml): one wind roll at the start
    of every turn after the first, the wind dies away and rises again, and damage
    control takes hits off; replayed from its log, the same events."""
    from tabletop.game.game import read_log, replay
    from tabletop.game.load import load_scenario

    from .conftest import ROOT

    scn = load_scenario(ROOT / "scenarios/frigate-hex-weather.toml")
    seed, actions = read_log(ROOT / "games/frigate-hex-weather.log")
    g = replay(scn, actions, seed)
    winds = [e["wind"] for e in g.events if "wind" in e]
    assert len(winds) == g.state.turn - 1
    strengths = [w["strength"] for w in winds]
    assert "none" in strengths and strengths.index("none") < len(strengths) - 1
    assert any(w["strength"] == "calm" for w in winds[strengths.index("none") :])  # it rose
    assert any(e["die"] == 6 for e in g.events if "damage_control" in e)


def test_games_with_the_phases_replay_identically():
    """A seeded random player's games, replayed from their logs: the same state."""
    from tabletop.game.game import replay
    from tabletop.game.load import load_scenario

    from .conftest import ROOT
    from .frigate_helpers import random_play

    scn = load_scenario(ROOT / "scenarios/frigate-hex-weather.toml")
    for seed in range(30):
        played = random_play(scn, seed, 120)
        again = replay(scn, [str(a) for a in played.actions], seed)
        assert again.state.snapshot() == played.state.snapshot()
        assert again.events == played.events
