"""Frigate (source 000), movement rule by rule.

The board: 1.5-inch flat hexes (a hexside faces north); a ship stands on one hex.
Facing 0 is north, 1 is 60°, ... clockwise; axial steps through the facings: 0 (1,−1),
1 (1,0), 2 (0,1), 3 (−1,1), 4 (−1,0), 5 (0,−1).  The wind is from the north unless
said: it enters a hex through hexside 0, so a ship facing 0 is dead to windward, 1 or 5
has it on a side-front hexside, 2 or 4 on a side-rear one, 3 astern.  The schedule
(ruling, templates/frigate.toml), moderate wind: a frigate-38 has 0 / 7 / 10 / 8 by
front / side front / side rear / rear, turning cost 1; a seventy-four 0 / 5 / 7 / 6,
turning cost 2 and "P".
"""

from __future__ import annotations

import pytest

from tabletop.common.errors import IllegalAction
from tabletop.game.load import load_scenario
from tabletop.referee.movement import preview
from tabletop.referee.rulings import sail

from .conftest import SCENARIOS
from .frigate_helpers import declare, game, poke, rel, set_ship, ship, text

FAR = ("z", "frigate-38", "red", (20, -10), 4)


def two(g):
    """The rest of a phase: both sides end."""
    g.play("end")
    g.play("end")


# -- the Quarterly Movement Chart ------------------------------------------------------
def test_quarterly_chart_ten_points_are_2_3_3_2_by_segment(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10})
    seen = [ship(g, "a").points]
    for _ in range(3):
        two(g)
        seen.append(ship(g, "a").points)
    assert seen == [2, 3, 3, 2]  # the chart's row 10


@pytest.mark.parametrize(("n", "row"), [(1, [0, 0, 1, 0]), (5, [1, 1, 2, 1]), (19, [4, 5, 5, 5])])
def test_quarterly_chart_rows_add_up_to_the_allowance(n, row):
    from .frigate_helpers import rs

    assert list(rs().moves.chart[n]) == row and sum(row) == n


def test_a_segment_spends_its_quarter_and_no_more(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10})
    g.play("move a F2")  # segment 1: 2 points
    with pytest.raises(IllegalAction, match="no Movement Points left"):
        g.play("move a F1")
    assert rel(ship(g, "a").hex) == (0, 2)


def test_a_move_asking_more_than_her_points_says_how_many_she_had(write_scenario, rigged):
    """10 declared: segment 1 gives 2 (the chart's row 10); F1 leaves 1, and F2 then
    asks 2: refused, saying she had 1 (it said only "no Movement Points left in this
    segment", untrue of the move as a whole)."""
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10})
    g.play("move a F1")
    with pytest.raises(IllegalAction, match="the move asks more than the 1 she had"):
        g.play("move a F2")
    assert rel(ship(g, "a").hex) == (0, 1)  # not moved: the whole move refused


def test_her_card_says_the_points_left_in_this_segment(write_scenario, rigged):
    """The card read "points 1", which a player could not place: it is what is left of
    the segment's quarter.  10 declared: segment 1 gives 2 (the chart's row 10), F1
    spends one, 2 − 1 = 1 left; her allowance stays 10."""
    from tabletop.game.report import ship_card, ship_report

    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10})
    g.play("move a F1")
    card = ship_card(ship_report(g.state, "a", None))
    assert "allowance 10 · points this segment 1" in card[0]


def test_points_left_unspent_at_the_end_of_a_segment_are_said(write_scenario, rigged):
    """`end` with points to sail took no confirmation and said nothing: the points are
    lost (ruling), now said in the log.  Segment 1 of 10 declared gives 2; F1 spends
    one: 2 − 1 = 1 unspent.  The other side's ship z is not named at blue's end."""
    from tabletop.game.report import event_text

    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10, "z": 10})
    g.play("move a F1")
    said = [e for e in g.play("end") if "points_unspent" in e]
    assert said == [{"points_unspent": {"a": 1}, "segment": 1}]
    assert event_text(said[0]) == "    a leaves 1 Movement Point unspent in segment 1: it is lost"
    g.play("move z F2")  # red spends its two: nothing to say
    assert not [e for e in g.play("end") if "points_unspent" in e]


def test_a_move_is_said_with_the_heading_her_facing_points_her(write_scenario, rigged):
    """The log said "moved a, hex at column 0, row 2, facing 3": a facing is the rules'
    count of hexsides, not a player's word.  Facing 2 turned a hexside to starboard is 3,
    3 × 60° = 180° from north (the board above); the JSON keeps the facing."""
    from tabletop.game.report import event_text

    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10})
    said = [e for e in g.play("move a S60") if "moved" in e]
    assert said[0]["facing"] == 3
    assert event_text(said[0]).endswith(", heading 180°")
    assert ship(g, "a").pose.heading == 180  # the sentence's heading is where she points


def test_sides_move_in_turn_and_the_first_mover_alternates(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10})
    assert (g.state.phase, g.state.active_side) == (1, "blue")
    with pytest.raises(IllegalAction, match="the blue side is to play"):
        g.play("move z F1")
    two(g)
    assert (g.state.phase, g.state.active_side) == (2, "red")


# -- the allowance: wind, momentum, dead to windward -----------------------------------
@pytest.mark.parametrize(("facing", "most"), [(1, 7), (2, 10), (3, 8), (4, 10), (5, 7)])
def test_wind_schedule_gives_the_maximum_allowance(write_scenario, rigged, facing, most):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), facing), FAR], rigged)
    with pytest.raises(IllegalAction, match=f"from 0 to {most} "):
        g.play(f"speed a {most + 1}")
    g.play(f"speed a {most}")


def test_momentum_at_most_two_more_and_four_fewer(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    poke(g, set_ship(g.state, "a", last=6))  # last turn 6: 6 − 4 = 2 to 6 + 2 = 8
    for bad in (9, 1):
        with pytest.raises(IllegalAction, match="from 2 to 8"):
            g.play(f"speed a {bad}")
    g.play("speed a 8")


def test_dead_to_windward_last_turns_allowance_less_four(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 0), FAR], rigged)
    poke(g, set_ship(g.state, "a", last=6))  # 6 − 4 = 2, and momentum: 2 to 8
    with pytest.raises(IllegalAction, match="from 2 to 2"):
        g.play("speed a 3")
    g.play("speed a 2")


def test_dead_to_windward_with_nothing_left_only_one_hexside_away(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 0), FAR], rigged)
    declare(g, {"a": 0})  # first turn: no last allowance, 0 − 4 ≤ 0
    g.play("move a S60")  # free: one hexside away from the wind
    assert ship(g, "a").facing == 1
    with pytest.raises(IllegalAction, match="the turn costs 1"):
        g.play("move a S60")


def test_afoul_ships_lose_their_way_whatever_momentum(write_scenario, rigged):
    ships = [("a", "frigate-38", "blue", (0, 0), 1), ("b", "frigate-38", "red", (1, 0), 2)]
    g = game(write_scenario, ships, rigged)
    declare(g, {"a": 7, "b": 5})  # chart 7: 1, 2, 2, 2
    g.play("move a F1")
    for _ in range(4):
        two(g)
    assert (ship(g, "a").last, ship(g, "b").last) == (0, 0)  # not 7 − 4, 5 − 4


def test_running_afoul_is_previewed_where_the_engine_leaves_her(write_scenario, rigged):
    """Into an enemy's hex she runs afoul of him: the preview said "COLLIDES with b after
    0.52" and drew her ghost stopped at the bases' contact, half a hex short of where
    the engine puts her (in b's hex, turned alongside)."""
    from tabletop.game.session import Session

    ships = [("a", "frigate-38", "blue", (0, 0), 1), ("b", "frigate-38", "red", (1, 0), 2)]
    g = game(write_scenario, ships, rigged)
    declare(g, {"a": 7, "b": 5})
    m = Session(g.state.scenario, g).preview("a", "F1")
    assert m.legal and m.collision_with == "b"
    assert m.verdict(g.state.table()) == "legal; runs afoul of b: she stops in her hex, alongside"
    assert "COLLIDES" not in m.text()
    g.play("move a F1")
    assert m.end == g.state.ship("a").pose  # the engine's own pose


# -- turning ----------------------------------------------------------------------------
def test_turning_costs_by_rating_and_one_more_into_the_wind(write_scenario, rigged):
    ships = [("a", "frigate-38", "blue", (0, 0), 2), ("b", "seventy-four", "blue", (4, 0), 2)]
    g = game(write_scenario, [*ships, FAR], rigged)
    declare(g, {"a": 10, "b": 7})  # segment 1: 2 (chart 10) and 1 (chart 7)
    g.play("move a S60")  # side rear → rear: cost 1
    assert ship(g, "a").points == 1
    g.play("move a P60")  # rear → side rear: not "into the wind" as the text defines it
    assert ship(g, "a").points == 0
    g.play("move b P60")  # side rear → side front, into the wind: 2 + 1 = 3, 1 now, 2 later
    assert (ship(g, "b").points, ship(g, "b").debt) == (0, 2)


def test_a_turn_may_take_points_from_later_segments(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 4})  # chart 4: 1, 1, 1, 1
    g.play("move a P60 P60")  # 2 + 2 into the wind = 4: 1 now, 3 from segments 2-4
    assert (ship(g, "a").facing, ship(g, "a").points, ship(g, "a").debt) == (0, 0, 3)
    two(g)
    assert (ship(g, "a").points, ship(g, "a").debt) == (0, 2)


def test_a_turn_beyond_the_rest_of_the_turn_is_refused(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 3})  # chart 3: 0, 1, 1, 1
    with pytest.raises(IllegalAction, match="costs 2: a has 0 in this segment and 1 in the rest"):
        g.play("move a P60 P60")  # 2 (0 now, 2 of the later 3), then 2 more: 1 left


def test_tacking_three_hexsides_in_one_hex(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10})
    g.play("move a P60 P60 P60")  # side rear → side front → front → side front: 2 + 2 + 1
    st = ship(g, "a")
    assert (st.facing, st.points, st.debt) == (5, 0, 3)


def test_falling_off_the_wind_three_hexsides(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 0), FAR], rigged)
    poke(g, set_ship(g.state, "a", last=10))  # dead to windward: 10 − 4 = 6 (1, 2, 2, 1)
    declare(g, {"a": 6})
    g.play("move a S60 S60 S60")  # front → side front → side rear → rear: 1 + 1 + 1
    assert ship(g, "a").facing == 3


def test_wearing_three_hexsides_is_refused(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10})
    with pytest.raises(IllegalAction, match="wearing"):
        g.play("move a S60 S60 S60")  # away from the wind, through the stern


def test_hexsides_turned_in_one_hex_count_across_segments(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 10})
    g.play("move a S60 S60")  # segment 1: side rear → rear → side rear, 1 + 1
    two(g)
    two(g)  # segment 3: blue first again, still in the same hex
    with pytest.raises(IllegalAction, match="wearing"):
        g.play("move a S60")  # the third hexside in this hex, away from the wind first
    g.play("move a F1 S60")  # a hex ahead, and she may turn again


def test_a_p_ship_never_turns_three_hexsides_in_one_hex(write_scenario, rigged):
    g = game(write_scenario, [("a", "seventy-four", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 7})
    with pytest.raises(IllegalAction, match="at most 2 hexsides"):
        g.play("move a P60 P60 P60")


def test_two_hexsides_in_a_hex_for_anyone(write_scenario, rigged):
    g = game(write_scenario, [("a", "seventy-four", "blue", (0, 0), 2), FAR], rigged)
    declare(g, {"a": 7})
    g.play("move a S60 S60")  # 2 + 2 = 4: 1 now, 3 later (chart 7: 1, 2, 2, 2)
    assert ship(g, "a").facing == 4


# -- mast damage and fighting sail -----------------------------------------------------
def test_mast_hit_a_point_less_in_each_later_segment(write_scenario, rigged):
    ships = [("a", "frigate-38", "blue", (0, 0), 0), ("b", "frigate-38", "red", (2, 0), 2)]
    g = game(write_scenario, ships, rigged)
    declare(g, {"b": 10})  # 2, 3, 3, 2
    rigged([6])  # 1-1 column, 6: 1 hit, at her rigging
    g.play("fire a b rigging")
    assert ship(g, "b").masts_new == 1 and ship(g, "b").mast_hits == 0  # marked, not yet applied
    two(g)
    seen = [ship(g, "b").points]
    for _ in range(2):
        two(g)
        seen.append(ship(g, "b").points)
    assert seen == [3 - 1, 3 - 1, 2 - 1]


def test_mast_hit_in_the_last_segment_costs_nothing_this_turn(write_scenario, rigged):
    ships = [("a", "frigate-38", "blue", (0, 0), 0), ("b", "frigate-38", "red", (2, 0), 2)]
    g = game(write_scenario, ships, rigged)
    declare(g, {"b": 10})
    for _ in range(3):
        two(g)
    rigged([6])
    g.play("fire a b rigging")
    two(g)  # the turn ends: the hit is applied, but no segment is left
    assert ship(g, "b").mast_hits == 1 and ship(g, "b").slow == 0


@pytest.mark.parametrize(("hits", "most"), [(1, 6), (2, 3), (3, 0)])
def test_mast_hits_cut_the_maximum(write_scenario, rigged, hits, most):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged)
    poke(g, set_ship(g.state, "a", mast_hits=hits))  # 10 × 2/3 = 6.7 → 6; 10 / 3 → 3; dismasted
    with pytest.raises(IllegalAction, match=f"from 0 to {most} "):
        g.play(f"speed a {most + 1}")


@pytest.mark.parametrize(("hits", "most"), [(0, 5), (1, 5), (2, 5), (3, 0)])
def test_fighting_sail_halves_the_maximum_and_ignores_two_mast_hits(
    write_scenario, rigged, hits, most
):
    sail = "fighting_sail = true\n"
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2, sail), FAR], rigged)
    poke(g, set_ship(g.state, "a", mast_hits=hits))  # 10 / 2 = 5; 3 hits still dismast
    with pytest.raises(IllegalAction, match=f"from 0 to {most} "):
        g.play(f"speed a {most + 1}")


def test_fighting_sail_fractions_are_lost(write_scenario, rigged):
    sail = "fighting_sail = true\n"
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 1, sail), FAR], rigged)
    with pytest.raises(IllegalAction, match="from 0 to 3 "):  # side front 7 / 2 = 3.5 → 3
        g.play("speed a 4")


# -- command control (ruling: the standard procedure is not in the text) ----------------
FLAG = "flagship = true\n"


def fleet(write_scenario, rigged, a_at, options=""):
    ships = [("f", "frigate-38", "blue", (0, 0), 2, FLAG), ("a", "frigate-38", "blue", a_at, 2)]
    ships.append(("z", "frigate-38", "red", (3, 0), 0))
    return game(write_scenario, ships, rigged, options=options)


def test_command_control_far_from_the_flagship_a_failed_die_holds_her_course(
    write_scenario, rigged
):
    g = fleet(write_scenario, rigged, (8, 0))  # 8 hexes from her flagship: more than 6
    rigged([3])  # under 4: she holds her course
    g.play("end")
    ev = g.play("end")
    assert {"command": "a", "die": 3, "holds_course": True} in ev
    with pytest.raises(IllegalAction, match="command control"):
        g.play("move a S60")
    g.play("move a F1")  # straight on in the one direction she faces


def test_command_control_a_4_keeps_her_in_command(write_scenario, rigged):
    g = fleet(write_scenario, rigged, (8, 0))
    rigged([4])
    g.play("end")
    g.play("end")
    g.play("move a S60")


def test_command_control_none_within_range_of_the_flagship(write_scenario, rigged):
    g = fleet(write_scenario, rigged, (6, 0))  # 6 hexes: not more than 6
    g.play("end")
    ev = g.play("end")
    assert not [e for e in ev if "command" in e]  # and the flagship herself never rolls


def test_command_control_a_fleet_flagship_fired_on_optional_rule(write_scenario, rigged):
    g = fleet(write_scenario, rigged, (0, 2), options="flagship_fired_on = true\n")
    g.play("end")
    g.play("end")
    rigged([1])  # z (facing 0 at (3,0)) has f, 3 hexes off, on her port edge
    g.play("fire z f")
    for _ in range(8 + 1):  # the four segments, blue's declaration
        g.play("end")
    rigged([2])
    ev = g.play("end")
    assert {"command": "f", "die": 2, "holds_course": True} in ev


def test_command_control_a_fired_on_flagship_without_the_option(write_scenario, rigged):
    g = fleet(write_scenario, rigged, (0, 2))
    g.play("end")
    g.play("end")
    rigged([1])
    g.play("fire z f")
    for _ in range(8 + 2):
        ev = g.play("end")
    assert not [e for e in ev if "command" in e]


# -- no wind (optional rule) -------------------------------------------------------------
def test_no_wind_the_allowance_is_zero_subject_to_momentum(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged, strength="none")
    poke(g, set_ship(g.state, "a", last=7))  # she may slow by 4 a turn at most: 7 − 4 = 3
    for bad in (2, 4):
        with pytest.raises(IllegalAction, match="from 3 to 3"):
            g.play(f"speed a {bad}")
    g.play("speed a 3")


def test_no_wind_with_no_points_she_cannot_even_turn(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 0), FAR], rigged, strength="none")
    declare(g, {"a": 0})  # dead to windward too, but with no wind no turn away is free
    with pytest.raises(IllegalAction, match="the turn costs 1"):
        g.play("move a S60")


def test_no_wind_no_drift(write_scenario, rigged):
    g = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 2), FAR], rigged, strength="none")
    poke(g, set_ship(g.state, "a", mast_hits=3))  # dismasted: she would drift in any wind
    for _ in range(10):
        g.play("end")
    assert (rel(ship(g, "a").hex), ship(g, "a").facing) == ((0, 0), 2)


# -- the referee's table tools in the scenario's wind -----------------------------------
@pytest.mark.parametrize(
    ("strength", "most"),
    # schedule.frigate, side rear (the third figure): calm 3, light 6, moderate 10,
    # fresh 13; no wind, none: only last turn's way carries her and she has had none
    [("calm", 3), ("light", 6), ("moderate", 10), ("fresh", 13), ("none", 0)],
)
def test_sail_and_move_give_the_allowance_of_the_scenarios_wind(write_scenario, strength, most):
    """`sail` and `move` read the schedule in the wind the scenario names: they gave the
    template's default (moderate, 10) whatever it blew, and passed F5 in no wind."""
    # facing 2: the north wind enters through a side-rear hexside
    ships = [("a", "frigate-38", "blue", (0, 0), 2)]
    scn = load_scenario(write_scenario(text(ships, strength=strength)))
    got = sail(scn, "a")
    assert (got["point_of_sail"], got["allowance"]) == ("side_rear", most)
    assert preview(scn, "a", f"F{most}").legal
    over = preview(scn, "a", f"F{most + 1}")
    assert not over.legal
    assert f"{most + 1} Movement Points; she has at most {most}" in over.violations[0]


@pytest.mark.parametrize("hits, most", [(0, 10), (1, 6), (2, 3), (3, 0)])
def test_57_6_sail_gives_what_the_game_would_take_as_a_declaration(tmp_path, hits, most):
    """Issue 57, clause 6 (SPEC §4, Frigate: every query answers as the game does).
    The hex duel's amazon (frigate-38, side rear in a moderate wind): the schedule gives
    10 Movement Points.  Laid with mast hits, the engine cuts it by the template's mast
    shares, 1, 2/3, 1/3 (floor(10 × 2/3) = 6, floor(10 × 1/3) = 3), and at 3 hits she is
    dismasted: 0.  ``sail`` said 10 whatever her masts; it now gives what the game takes
    as her declaration: ``most`` is accepted, ``most + 1`` refused."""
    from tabletop.game.game import Game

    text = (SCENARIOS / "frigate-hex-duel.toml").read_text()
    f = tmp_path / "masts.toml"
    f.write_text(text.replace("heading = 120\n", f"heading = 120\nmast_hits = {hits}\n", 1))
    scn = load_scenario(f)
    assert sail(scn, "amazon")["allowance"] == most
    g = Game.new(scn, 1)
    with pytest.raises(IllegalAction):
        Game.new(scn, 1).play(f"speed amazon {most + 1}")
    g.play(f"speed amazon {most}")
