"""The Man O' War advanced sailing rules, clause by clause, through the engine.

Boxes 4 × 1.75 in, speed 9 ("wind behind"), speed_abeam 6, a 45° turn with 1" between
turns, 3 turns.  Wind from the west (270) unless said.  Dice are scripted with
``rigged`` (see test_trafalgar_engine).
"""

from __future__ import annotations

import pytest

from tabletop.engine.game import Game
from tabletop.errors import IllegalAction, TabletopError
from tabletop.rules.manowar.game import rolled_wind

from .helpers import table

FIELDS = "turn = 45\nbetween_turns = 1\nseamanship = true"


def mow_table(tmp_path, ships, wind=270, **kw):
    """Man O' War boxes 4 × 1.75 in: 9" wind behind, 6" abeam, the class fields above."""
    kw.setdefault("fields", FIELDS)
    return table(
        tmp_path,
        ships,
        ruleset="man-o-war",
        units="in",
        guns="",
        speed=9,
        abeam=6,
        base=(4, 1.75),
        wind=wind,
        **kw,
    )


def mow(tmp_path, rig, ships, wind=270, rolls=(6, 1), options=None, **kw):
    """A game whose opening initiative comes out as ``rolls`` (w, e): by default w wins,
    with no tie to shift the wind."""
    from dataclasses import replace

    scn = mow_table(tmp_path, ships, wind=wind, **kw)
    if options:
        scn = replace(scn, options=options)
    rig(list(rolls))
    return Game.new(scn, dice=rig.cup)


def sail_of(g, ship):
    from tabletop.rulings import sail

    return sail(g.state.table(), ship)


@pytest.mark.parametrize(
    "heading, point, allowance",
    [
        (90, "running", 6),  # wind astern (B): max(2/3 × 9 = 6, abeam 6)
        (170, "broad_reach", 9),  # θ 100: A, the full 9
        (210, "close_reach", 3),  # θ 60: C, a third
        (250, "head_to_wind", 0),  # θ 20: D
    ],
)
def test_sail_point_compass(tmp_path, rigged, heading, point, allowance):
    g = mow(tmp_path, rigged, [("a", 20, 20, heading, "w"), ("b", 60, 60, 0, "e")])
    d = sail_of(g, "a")
    assert (d["point_of_sail"], d["allowance"]) == (point, allowance)


def test_running_takes_the_abeam_speed_when_higher(tmp_path):
    scn = mow_table(tmp_path, [("a", 20, 20, 90, "w")], wind=270)
    from dataclasses import replace

    from tabletop.rulings import sail

    fast = replace(
        scn, ships=tuple(replace(s, cls=replace(s.cls, speed_abeam=7.5)) for s in scn.ships)
    )
    assert sail(fast, "a")["allowance"] == 7.5  # max(6, 7.5)


def test_initial_wind_counts_points_clockwise_skipping_fleet_headings():
    # from N, 3 points, skipping E: NE (1), [E skipped], SE (2), S (3)
    assert rolled_wind(0.0, (90.0,), 3) == 180.0
    assert rolled_wind(0.0, (), 6) == 270.0  # N → W in six points


def test_initiative_tie_shifts_the_wind_by_the_table(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e")], rolls=[2, 5])
    # the source's table, read from the template: the tied value → points (+ clockwise)
    assert g.state.scenario.ruleset.wind_change == {1: 1, 2: -1, 3: 2, 4: -2, 5: 3, 6: -3}
    assert g.state.active_side == "e"  # 5 beats 2: east plays first
    # neither sails, so each drifts (1 and 1: an inch) at her side's end; then the next
    # turn's initiative ties on 4: two points anticlockwise
    rigged([1, 1, 1, 1, 4, 4])
    g.play("end")
    g.play("end")
    assert g.state.wind_from == 270 - 90
    assert any(e.get("wind") == "change" for e in g.events)
    # and the geometry sails by the new wind: a (heading 170) now has it 10° off her bow
    assert g.state.table().wind.from_deg == 180
    assert sail_of(g, "a")["point_of_sail"] == "head_to_wind"


@pytest.mark.parametrize(
    "roll, heading, irons",
    [
        (6, 300, False),  # through the eye of the wind: close-hauled on the other tack (270 + 30)
        (5, 240, False),  # a feint: back to close-hauled on her own side (270 − 30)
        (4, 270, True),  # in irons, pointing into the wind; her move ends
    ],
)
def test_turning_head_to_wind_rolls_to_tack(tmp_path, rigged, roll, heading, irons):
    # a at θ 60 (heading 210, close reach: 3).  S45 puts the wind 15° off her bow: D.
    g = mow(tmp_path, rigged, [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")])
    rigged([roll])
    g.play("move a S45")
    a = g.state.ship("a")
    assert a.in_irons == irons and a.pose.heading == heading
    if not irons:
        assert a.budget == pytest.approx(3 - 2)  # the tack cost 2 of her 3
        g.play("move a F1")  # and she sails on with the rest
        with pytest.raises(IllegalAction, match="more than the allowance"):
            g.play("move a F0.5")


def test_seamanship_adds_one_to_the_tacking_roll(tmp_path, rigged):
    g = mow(
        tmp_path,
        rigged,
        [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")],
        options={"seamanship": True},
    )
    rigged([5])  # 5 + 1: through
    g.play("move a S45")
    assert g.state.ship("a").pose.heading == 300


def test_head_to_wind_with_less_than_two_inches_is_irons_without_a_roll(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")])
    g.play("move a F1.5")  # 1.5 of her 3 left
    events = g.play("move a S45")
    assert g.state.ship("a").in_irons
    assert not any("tacking" in str(e.get("why", "")) for e in events)


def test_recovering_at_the_start_of_a_turn_sails_close_reach_less_two(tmp_path, rigged):  # noqa: E501
    # a begins head to wind (heading 250: θ 20): no steerage until she rolls
    g = mow(tmp_path, rigged, [("a", 20, 20, 250, "w"), ("b", 60, 60, 0, "e")])
    with pytest.raises(IllegalAction, match="in irons"):
        g.play("move a F1")
    rigged([6])
    g.play("recover a port")
    a = g.state.ship("a")
    assert a.pose.heading == 300  # close-hauled, the wind over her port side
    assert a.budget == pytest.approx(9 / 3 - 2)  # close reach 3, less 2


def test_drift_is_the_lower_of_two_dice_downwind(tmp_path, rigged):
    # a sails 1 of her 9 (θ 100, broad reach: less than half) and drifts the lower of
    # 2d6 = 2 inches east, downwind: 20 + 1·sin 170° + 2
    g = mow(tmp_path, rigged, [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e")])
    g.play("move a F1")
    rigged([5, 2])
    g.play("end")
    a = g.state.ship("a")
    import math

    assert a.pose.x == pytest.approx(20 + math.sin(math.radians(170)) + 2)
    assert a.pose.heading == 170


def test_seamanship_rerolls_ones_when_drifting(tmp_path, rigged):
    g = mow(
        tmp_path,
        rigged,
        [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e")],
        options={"seamanship": True},
    )
    rigged([1, 4, 3])  # the 1 is re-rolled as 3: the lower of 4 and 3
    g.play("end")
    assert g.state.ship("a").pose.x == pytest.approx(23)


def test_anchored_ships_do_not_drift_and_only_swing(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e")])
    g.play("move a F1 A")
    g.play("end")
    # 20 + 1·sin 170° = 20.1736: no drift although she sailed 1 of 9
    assert g.state.ship("a").anchored and g.state.ship("a").pose.x == pytest.approx(
        20.1736, abs=1e-3
    )
    rigged([1, 1, 6, 1])  # b drifts an inch; w wins the next initiative
    g.play("end")
    with pytest.raises(IllegalAction, match="only turns on the spot"):
        g.play("move a F2")
    with pytest.raises(IllegalAction, match="at most 90"):
        g.play("move a P60 P45")
    g.play("move a P90")
    assert g.state.ship("a").pose.heading == 80
    g.play("end")  # still anchored: no drift
    assert g.state.ship("a").pose.x == pytest.approx(20.1736, abs=1e-3)


def test_weighing_anchor(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e")])
    g.play("move a F1 A")
    g.play("end")
    rigged([1, 1, 6, 1])
    g.play("end")
    g.play("move a W")
    assert not g.state.ship("a").anchored


def test_no_gunnery_in_the_sailing_rules(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e")])
    # the sailing rules declare no 'fire' verb: the action is refused by name
    refused = "unknown action 'fire': expected one of move, recover, end"
    with pytest.raises(TabletopError, match=refused):
        g.play("fire a b")
