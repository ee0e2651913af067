"""SiMove (section 3, scenario option ``simove = true``), with scripted dice: each
segment's movement plotted side by side (``move`` records the plot), then executed by
every ship at once, a step of each plot at a time; "both ships wanted to run afoul".

The board as in test_frigate_combat: axial hexes, a ship's step ahead by facing 0..5 is
(1, −1), (1, 0), (0, 1), (−1, 1), (−1, 0), (0, −1); facing 0 is north.  The Quarterly
Movement Chart: an allowance of 4 is 1 point in each segment, 8 is 2.
"""

from __future__ import annotations

import pytest

from tabletop.common.errors import IllegalAction

from .frigate_helpers import at, declare, game, ship

SIMOVE = "simove = true\n"


def hexes(g, *ids):
    return tuple(ship(g, s).hex for s in ids)


def plotted(write_scenario, rigged, ships, speeds, plots, wind=180):
    """Declared, then segment 1 plotted: each side its plots, then ``end``."""
    g = game(write_scenario, ships, rigged, options=SIMOVE, wind=wind)
    declare(g, speeds)
    for side in g.state.sides:
        assert g.state.active_side == side
        for sid, steps in plots.items():
            if g.state.side_of(sid) == side:
                g.play(f"move {sid} {steps}")
        g.play("end")
    return g


def test_a_plot_is_recorded_not_sailed(write_scenario, rigged):
    """Blue's plot moves nothing until red has plotted too."""
    ships = [("a", "frigate-38", "blue", (0, 0), 0), ("b", "frigate-38", "red", (4, 0), 0)]
    g = game(write_scenario, ships, rigged, options=SIMOVE, wind=180)
    declare(g, {"a": 4, "b": 4})
    rs = g.state.scenario.ruleset
    assert rs.step_text(g.state) == "segment 1 of 4, blue to plot (and fire)"
    g.play("move a F1")
    assert ship(g, "a").hex == at((0, 0)) and ship(g, "a").plot == ("F",)
    g.play("end")
    g.play("move b F1")
    g.play("end")  # the last side's plots are in: every plot executes
    assert hexes(g, "a", "b") == (at((1, -1)), at((5, -1)))
    assert rs.step_text(g.state) == "segment 1 of 4, blue to move and fire"
    with pytest.raises(IllegalAction, match="plots of this segment are executed"):
        g.play("move a F1")


def test_a_ship_steps_into_the_hex_another_leaves_at_the_same_step(write_scenario, rigged):
    """b, astern of a at (−1, 1), and a both plot F1: a leaves (0, 0) as b enters it,
    so no one runs afoul (sequentially b, moving first, would have)."""
    ships = [("a", "frigate-38", "blue", (0, 0), 0), ("b", "frigate-38", "red", (-1, 1), 0)]
    g = plotted(write_scenario, rigged, ships, {"a": 4, "b": 4}, {"a": "F1", "b": "F1"})
    assert hexes(g, "a", "b") == (at((1, -1)), at((0, 0)))
    assert ship(g, "a").afoul is None and ship(g, "b").afoul is None


def test_both_into_one_hex_the_fewest_points_keeps_her_facing(write_scenario, rigged):
    """a (0, 0) facing 0 and b (2, −1) facing 4 both step into (1, −1) at the first
    step.  a plotted F2 (2 points), b F1 (1): b keeps her facing 4 and the hex; a
    enters by its hexside 0 + 3 − 4 = 5 (mod 6), a front one: she faces the opposite
    way, 4 + 3 = 1 (mod 6).  Her second step lapses."""
    ships = [("a", "frigate-38", "blue", (0, 0), 0), ("b", "frigate-38", "red", (2, -1), 4)]
    g = plotted(write_scenario, rigged, ships, {"a": 8, "b": 4}, {"a": "F2", "b": "F1"})
    assert hexes(g, "a", "b") == (at((1, -1)), at((1, -1)))
    assert (ship(g, "a").facing, ship(g, "b").facing) == (1, 4)
    assert (ship(g, "a").afoul, ship(g, "b").afoul) == ("b", "a")
    got = [e for e in g.events if "both_wanted_afoul" in e]
    assert got == [{"both_wanted_afoul": ["b", "a"], "keeps_facing": "b"}]


def test_equal_points_the_ship_furthest_north_keeps_hers(write_scenario, rigged):
    """Head to head: a (0, 0) facing 0 and b (1, −1) facing 3 each plot F1 into the
    other's hex.  Equal points; b's hex is a hex north of a's: b keeps hers and her
    facing 3; a enters by b's hexside 0 + 3 − 3 = 0, the front: she faces 3 + 3 = 0.
    (Wind from 60°: side front for a, side rear for b.)"""
    ships = [("a", "frigate-38", "blue", (0, 0), 0), ("b", "frigate-38", "red", (1, -1), 3)]
    g = plotted(write_scenario, rigged, ships, {"a": 4, "b": 4}, {"a": "F1", "b": "F1"}, 60)
    assert hexes(g, "a", "b") == (at((1, -1)), at((1, -1)))
    assert (ship(g, "a").facing, ship(g, "b").facing) == (0, 3)
    assert [e["keeps_facing"] for e in g.events if "both_wanted_afoul" in e] == ["b"]


def test_a_plot_is_checked_as_she_could_sail_it(write_scenario, rigged):
    """An allowance of 4 is 1 point in segment 1: F2 is refused with the reason."""
    ships = [("a", "frigate-38", "blue", (0, 0), 0), ("b", "frigate-38", "red", (4, 0), 0)]
    g = game(write_scenario, ships, rigged, options=SIMOVE, wind=180)
    declare(g, {"a": 4, "b": 4})
    with pytest.raises(IllegalAction, match="a's plot: a has no Movement Points left"):
        g.play("move a F2")


def test_fire_is_held_while_the_sides_plot_and_after(write_scenario, rigged):
    """b lies on a's starboard edge, 2 hexes off: a fires while red is still plotting,
    and b after the plots are executed."""
    ships = [("a", "frigate-38", "blue", (0, 0), 0), ("b", "frigate-38", "red", (2, 0), 0)]
    g = game(write_scenario, ships, rigged, options=SIMOVE, wind=180)
    declare(g, {"a": 4, "b": 4})
    g.play("end")  # blue plots nothing
    rigged([1, 1])
    g.play("fire a b")
    g.play("end")  # red plots nothing: executed
    g.play("fire b a")
    assert any("shot" in e and e["shot"] == "b" for e in g.events)


def test_games_under_simove_replay_identically(write_scenario):
    """A seeded random player's games on the duel under SiMove, replayed from their
    logs: the same state and events; the plots were executed."""
    from tabletop.game.game import replay
    from tabletop.game.load import load_scenario

    from .conftest import ROOT
    from .frigate_helpers import random_play

    duel = (ROOT / "scenarios/frigate-hex-duel.toml").read_text()
    scn = load_scenario(
        write_scenario(duel.replace("seed = 1798\n", "seed = 1798\nsimove = true\n"))
    )
    executed = 0
    for seed in range(12):
        played = random_play(scn, seed, 150)
        again = replay(scn, [str(a) for a in played.actions], seed)
        assert again.state.snapshot() == played.state.snapshot()
        assert again.events == played.events
        executed += sum(1 for e in played.events if "plots" in e)
    assert executed > 0
