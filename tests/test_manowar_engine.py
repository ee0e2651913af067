"""The Man O' War advanced sailing rules, clause by clause, through the engine.

Boxes 4 × 1.75 in, speed 9 ("wind behind"), speed_abeam 6, a 45° turn with 1" between
turns, 3 turns.  Wind from the west (270) unless said.  Dice are scripted with
``rigged`` (see test_trafalgar_engine).
"""

from __future__ import annotations

import pytest

from tabletop.common.errors import IllegalAction, TabletopError
from tabletop.game.game import Game
from tabletop.rules.manowar.game import rolled_wind

from .helpers import table

FIELDS = "turn = 45\nbetween_turns = 1"
ELF = FIELDS + "\nfull_speed_astern = true"  # an Elf or Bretonnian ship
SEAMANSHIP = "seamanship = true"  # the optional seamanship rules


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


def mow(tmp_path, rig, ships, wind=270, rolls=(6, 1), **kw):
    """A game whose opening initiative comes out as ``rolls`` (one die per side, in the
    order the sides are listed): by default w wins, with no tie to shift the wind."""
    scn = mow_table(tmp_path, ships, wind=wind, **kw)
    rig(list(rolls))
    return Game.new(scn, dice=rig.cup)


def sail_of(g, ship):
    from tabletop.referee.rulings import sail

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

    from tabletop.referee.rulings import sail

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
        (5, 240, False),  # a feint: her bow (15° off, wind to starboard) is nearest 270 − 30
        (4, 255, True),  # in irons where she lies: nothing swings her into the wind; move over
        (1, 255, True),
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
    else:
        with pytest.raises(IllegalAction, match="ended this turn"):
            g.play("move a F1")


@pytest.mark.parametrize("tack, heading", [("port", 270 + 30), ("starboard", 270 - 30)])
def test_a_six_in_a_move_goes_onto_the_tack_she_chooses(tmp_path, rigged, tack, heading):
    g = mow(tmp_path, rigged, [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")])
    rigged([6])
    g.play("move a S45")
    # the game waits for her captain: nothing else may be played first
    assert [p.kind for p in g.state.pending] == ["which_tack"]
    with pytest.raises(IllegalAction, match="waiting for w to decide for a"):
        g.play("move a F1")
    g.play(f"tack a {tack}")
    a = g.state.ship("a")
    assert a.pose.heading == heading and not a.in_irons
    assert a.budget == pytest.approx(3 - 2)  # the 2" of the tack are spent either way
    with pytest.raises(TabletopError, match="no decision"):
        g.play("tack a port")


def test_a_pivot_through_the_eye_of_the_wind_is_a_turn_into_the_wind(tmp_path, rigged):
    # a sloop-like class turns 60° at once.  Close-hauled at heading 240 (θ 30, the wind
    # over her starboard bow), S60 would put her close-hauled on the other tack (300)
    # without passing the tacking roll: her bow is stopped in the eye (270) and she rolls.
    fields = "turn = 60\nbetween_turns = 1"
    g = mow(tmp_path, rigged, [("a", 20, 20, 240, "w"), ("b", 60, 60, 0, "e")], fields=fields)
    rigged([3])
    events = g.play("move a S60")
    a = g.state.ship("a")
    assert a.pose.heading == 270 and a.in_irons  # 240 + 30: the eye; a 3 is irons there
    assert any("eye of the wind (30° of 60°)" in n for e in events for n in e.get("notes", ()))
    # the preview says so too, and the fan offers no pivot through the eye
    from tabletop.geometry.angles import wrap
    from tabletop.referee.fan import fan

    f = fan(mow_table(tmp_path, [("a", 20, 20, 240, "w")], fields=fields), "a")
    assert len(f) and all(wrap(270 - h) > 0 for h in f.heading)  # all on her own tack


def test_a_five_after_the_bow_has_crossed_puts_her_on_the_far_side(tmp_path, rigged):
    # θ 40 over starboard (heading 230); S60 swings her to 290: the wind 20° over her
    # port bow, in D, past the eye.  A 5 gives the line nearest her bow: 270 + 30.
    fields = "turn = 60\nbetween_turns = 1"
    g = mow(tmp_path, rigged, [("a", 20, 20, 230, "w"), ("b", 60, 60, 0, "e")], fields=fields)
    rigged([5])
    g.play("move a S60")
    assert g.state.ship("a").pose.heading == 300


@pytest.mark.parametrize("roll, heading", [(5, 240), (6, 300)])
def test_recovering_with_a_five_takes_the_nearest_line_whatever_tack_she_names(
    tmp_path, rigged, roll, heading
):
    # lying 15° off the wind over her starboard bow (heading 255), she names port: a 6
    # gives port (300); a 5 the line nearest her bow, starboard (240)
    g = mow(tmp_path, rigged, [("a", 20, 20, 255, "w"), ("b", 60, 60, 0, "e")])
    rigged([roll])
    g.play("recover a port")
    assert g.state.ship("a").pose.heading == heading


def test_irons_end_when_the_wind_leaves_her_bow(tmp_path, rigged):
    # a goes into irons at 255 (a 4); at the next initiative w and e tie on 3: the wind
    # shifts 2 points clockwise, 270 → 0.  θ = |wrap(0 − 255)| = 105: broad reach (A).
    g = mow(tmp_path, rigged, [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")])
    rigged([4])
    g.play("move a S45")
    assert g.state.ship("a").in_irons
    rigged([2, 2])  # in irons, she drifts the lower of 2 and 2 at w's end
    g.play("end")
    rigged([1, 1, 3, 3])  # e's b, unmoved, drifts 1"; then w and e tie on 3: +2 points
    events = g.play("end")
    assert g.state.wind_from == 0.0
    a = g.state.ship("a")
    assert not a.in_irons and a.pose.heading == 255  # not swung to face the new wind
    assert any(e.get("out_of_irons") == "a" for e in events)
    g.play("move a F9")  # she sails her full 9 at A without a roll


def test_a_ship_in_irons_may_drop_anchor_and_then_does_not_drift(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")])
    rigged([4])
    g.play("move a S45")  # in irons at 255, her move over
    g.play("move a A")  # but she lets go her anchor
    a = g.state.ship("a")
    assert a.anchored and a.in_irons
    x = a.pose.x
    g.play("end")  # no dice for drift: an unscripted roll would be an error
    assert g.state.ship("a").pose.x == x


def test_an_anchored_ship_head_to_wind_still_swings(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")])
    rigged([4])
    g.play("move a S45")
    g.play("move a A")
    rigged([1, 1, 6, 1])  # b drifts an inch; w wins the next initiative
    g.play("end")
    g.play("end")
    g.play("move a P90")  # head to wind (θ 15) and in irons, but anchored: 255 − 90
    assert g.state.ship("a").pose.heading == 165


def test_every_commander_rolls_initiative_and_the_counted_two_move_the_wind(tmp_path, rigged):
    ships = [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e"), ("c", 100, 100, 90, "n")]
    # w 2, e 2, n 6: the counted commanders (w and e, first listed) tie on 2 → one point
    # anticlockwise, 270 − 45; n rolled too, highest, and plays first
    g = mow(tmp_path, rigged, ships, rolls=[2, 2, 6])
    assert g.state.wind_from == 270 - 45
    assert g.state.sides == ("n", "w", "e")
    # the third commander's tie with a counted one moves nothing: w 4, e 1, n 4
    g2 = mow(tmp_path, rigged, ships, rolls=[4, 1, 4])
    assert g2.state.wind_from is None or g2.state.wind_from == 270
    assert g2.state.sides[-1] == "e"


def test_the_counted_commanders_are_the_scenarios_choice(tmp_path, rigged):
    ships = [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e"), ("c", 100, 100, 90, "n")]
    # counted: w and n.  w 4, e 1, n 4: a tie on 4 → two points anticlockwise
    opts = 'initiative_sides = ["w", "n"]'
    g = mow(tmp_path, rigged, ships, rolls=[4, 1, 4], options=opts)
    assert g.state.wind_from == 270 - 90


@pytest.mark.parametrize(
    "heading, fields, options, allowance",
    [
        (170, FIELDS, "", 9),  # θ 100, A: the full 9
        (90, FIELDS, "", 6),  # θ 180, B: max(2/3 × 9, abeam 6) = 6
        (90, ELF, "", 9),  # an Elf ship runs at her full 9 (A's speed at B)
        (90, ELF, SEAMANSHIP, 6),  # the optional rules replace that: 6 as any other
        (210, ELF, "", 3),  # close reach is a third for everyone: 9 / 3
    ],
)
def test_elf_and_bretonnian_ships_sail_at_full_speed_astern(
    tmp_path, heading, fields, options, allowance
):
    from tabletop.referee.rulings import sail

    scn = mow_table(tmp_path, [("a", 20, 20, heading, "w")], fields=fields, options=options)
    assert sail(scn, "a")["allowance"] == allowance


def test_seamanship_is_only_for_the_races_it_is_written_for(tmp_path, rigged):
    g = mow(
        tmp_path,
        rigged,
        [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")],
        options=SEAMANSHIP,
    )
    rigged([5])  # no +1 for an ordinary ship: a 5 is a feint, not through
    g.play("move a S45")
    assert g.state.ship("a").pose.heading == 240


def test_drift_reroll_is_the_players_option(tmp_path, rigged):
    g = mow(
        tmp_path,
        rigged,
        [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e")],
        fields=ELF,
        options=SEAMANSHIP + "\ndrift_reroll = false",
    )
    rigged([1, 4])  # the 1 stands: she drifts 1"
    g.play("end")
    assert g.state.ship("a").pose.x == pytest.approx(21)


@pytest.mark.parametrize("wind", [100, 10])
def test_the_wind_blows_from_one_of_the_eight_points(tmp_path, wind):
    with pytest.raises(TabletopError, match=r"wind\.from.*multiple of 45"):
        mow_table(tmp_path, [("a", 20, 20, 170, "w")], wind=wind)


def test_a_misspelt_option_is_an_error(tmp_path):
    with pytest.raises(TabletopError, match=r"scenario\.seamenship.*seamanship"):
        mow_table(tmp_path, [("a", 20, 20, 170, "w")], options="seamenship = true")


def test_seamanship_adds_one_to_the_tacking_roll(tmp_path, rigged):
    g = mow(
        tmp_path,
        rigged,
        [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")],
        fields=ELF,
        options=SEAMANSHIP,
    )
    rigged([5])  # 5 + 1: through, onto the tack she chooses
    g.play("move a S45")
    g.play("tack a port")
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
        fields=ELF,
        options=SEAMANSHIP,
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
    refused = "unknown action 'fire': expected one of move, recover, tack, end"
    with pytest.raises(TabletopError, match=refused):
        g.play("fire a b")


def test_swung_off_the_wind_at_anchor_she_is_out_of_irons(tmp_path, rigged):
    # in irons at 255 (θ 15), anchored; next turn she swings S85 to 340: θ 70, close
    # reach.  Irons end when the wind leaves her bow: she weighs and sails next turn.
    g = mow(tmp_path, rigged, [("a", 20, 20, 210, "w"), ("b", 60, 60, 0, "e")])
    rigged([4])
    g.play("move a S45")
    g.play("move a A")
    rigged([1, 1, 6, 1])  # b drifts an inch; w wins the next initiative
    g.play("end")
    g.play("end")
    g.play("move a S85 W")
    a = g.state.ship("a")
    assert a.pose.heading == 340 and not a.in_irons and not a.anchored
    assert g.state.scenario.ruleset.ship_report(g.state, "a")["status"] == []


def test_at_anchor_she_swings_90_degrees_in_all_in_a_turn(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 170, "w"), ("b", 60, 60, 350, "e")])
    g.play("move a F1 A")
    g.play("end")
    rigged([1, 1, 6, 1])
    g.play("end")
    g.play("move a P60")
    with pytest.raises(IllegalAction, match="90° in all in a turn; this is 105°"):
        g.play("move a P45")  # 60 + 45 = 105
    g.play("move a P30")  # 60 + 30 = 90: the last of it


def test_only_the_first_turn_into_the_wind_in_a_turn_takes_the_roll(tmp_path, rigged):
    # a class turning 90° at once.  a (θ 90, broad reach: 9) turns S75 into the wind
    # (255, θ 15); a 5 puts her close-hauled at 240 with 9 − 2 = 7 left.  Sailing on,
    # she turns into the wind again (S30: θ 0): the roll was for the first time, so she
    # is in irons without another roll
    fields = "turn = 90\nbetween_turns = 1"
    g = mow(tmp_path, rigged, [("a", 20, 20, 180, "w"), ("b", 60, 60, 0, "e")], fields=fields)
    rigged([5])
    g.play("move a S75")
    assert g.state.ship("a").pose.heading == 240
    events = g.play("move a F1 S30")
    assert g.state.ship("a").in_irons
    assert any(e.get("why") == "her tacking roll this turn is spent" for e in events)


def test_dead_in_the_eye_a_five_takes_the_side_she_went_into_irons_from(tmp_path, rigged):
    # S60 from 240 (θ 30, wind over starboard) stops in the eye (270) and a 2 leaves her
    # in irons there.  Next turn she recovers naming port; a 5 puts her on the line of
    # the side she came from, starboard: 240.
    fields = "turn = 60\nbetween_turns = 1"
    g = mow(tmp_path, rigged, [("a", 20, 20, 240, "w"), ("b", 60, 60, 0, "e")], fields=fields)
    rigged([2])
    g.play("move a S60")
    rigged([1, 1, 1, 1, 6, 1])  # a drifts 1", b drifts 1"; w first again
    g.play("end")
    g.play("end")
    rigged([5])
    g.play("recover a port")
    a = g.state.ship("a")
    assert a.pose.heading == 240 and a.irons_side is None  # the old side is forgotten


def test_after_a_tack_she_sails_the_class_gap_before_turning_again(tmp_path, rigged):
    # a 5 is a turn of the ship: the class's 1" must be sailed before the next pivot
    fields = "turn = 90\nbetween_turns = 1"
    g = mow(tmp_path, rigged, [("a", 20, 20, 180, "w"), ("b", 60, 60, 0, "e")], fields=fields)
    rigged([5])
    g.play("move a S75")
    with pytest.raises(IllegalAction, match="only 0.5 in sailed between turns"):
        g.play("move a F0.5 P45")


def test_she_may_drop_anchor_after_a_collision_ended_her_move(tmp_path, rigged):
    # a runs into b 5" ahead: her move ends there; she may still let go her anchor
    g = mow(tmp_path, rigged, [("a", 20, 20, 90, "w"), ("b", 27, 20, 0, "e")])
    events = g.play("move a F6")
    assert any("collision" in e for e in events)
    g.play("move a A")
    assert g.state.ship("a").anchored


def test_an_anchored_ship_does_not_roll_to_recover(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 255, "w"), ("b", 60, 60, 0, "e")])
    g.play("move a A")  # head to wind, she anchors
    rigged([1, 1, 6, 1])
    g.play("end")
    g.play("end")
    with pytest.raises(IllegalAction, match="at anchor"):
        g.play("recover a port")


def test_head_to_wind_is_reported_as_in_irons(tmp_path, rigged):
    g = mow(tmp_path, rigged, [("a", 20, 20, 250, "w"), ("b", 60, 60, 0, "e")])
    assert "in irons" in g.state.scenario.ruleset.ship_report(g.state, "a")["status"]


def test_the_preview_says_her_bow_stopped_in_the_eye(tmp_path):
    from tabletop.referee.movement import preview

    fields = "turn = 60\nbetween_turns = 1"
    scn = mow_table(tmp_path, [("a", 20, 20, 240, "w")], fields=fields)
    m = preview(scn, "a", "S60")
    assert m.end.heading == 270 and m.as_json()["notes"] == [
        "her bow stopped in the eye of the wind (30° of 60°)"
    ]
    assert "note: her bow stopped in the eye" in m.text()


def test_the_preview_refuses_a_pivot_head_to_wind_as_the_engine_does(tmp_path, rigged):
    """Head to wind (D: θ 20, heading 250 in a wind from 270) she has no steerage: the
    engine refuses any move but the anchor ("in irons ... 'recover'"), and the preview
    called a pivot out of it (S45) legal.  Now they agree; the anchor stays legal, and
    a ship already at anchor still swings."""
    from tabletop.referee.movement import preview

    scn = mow_table(tmp_path, [("a", 20, 20, 250, "w"), ("b", 60, 60, 0, "e")])
    m = preview(scn, "a", "S45")
    assert not m.legal and "in irons with no steerage" in m.violations[0]
    assert preview(scn, "a", "A").legal
    g = mow(tmp_path, rigged, [("a", 20, 20, 250, "w"), ("b", 60, 60, 0, "e")])
    with pytest.raises(IllegalAction, match="in irons"):
        g.play("move a S45")


def test_half_her_move_sailed_before_irons_and_she_does_not_drift(tmp_path, rigged):
    """The source drifts a ship that used less than half her move, "including vessels In
    Irons that cannot move".  a at close reach (C: θ 60, heading 210 in a wind from 270)
    has a third of 9 = 3 in; she sails 2 (≥ 1.5, half), then turns S45 head to wind with
    1 in left (under 2: in irons at once, no roll).  She drifted (2d6, the lower) as any
    ship in irons; now the turn ends with no dice and she lies where she stopped.  b
    starts the turn in irons (θ 20) and cannot move: she drifts (the lower of 3 and 5:
    3 inches east)."""
    g = mow(tmp_path, rigged, [("a", 20, 20, 210, "w"), ("b", 40, 40, 250, "w"),
                               ("c", 60, 60, 0, "e")])  # fmt: skip
    g.play("move a F2 S45")
    a = g.state.ship("a")
    assert a.in_irons and a.moved == pytest.approx(2)
    x, y = a.pose.x, a.pose.y
    bx = g.state.ship("b").pose.x
    rigged([3, 5])  # b's drift, and only hers
    g.play("end")
    assert (g.state.ship("a").pose.x, g.state.ship("a").pose.y) == (x, y)
    assert g.state.ship("b").pose.x == pytest.approx(bx + 3)


def test_a_ship_that_sails_off_the_table_is_out_of_the_fight(tmp_path, rigged):
    """Ruling (the text is silent; as Trafalgar's and Hold Fast's engines rule): in a
    battle, a ship whose centre ends beyond the table's edge has left it.  a, 4 in from
    the west edge heading west with the wind astern (from the east, 6 in: 2/3 × 9),
    sails 6 in and ends 2 in off the table: out of the fight, 'off the table' on her
    card, ordered no more (she sailed on from off the table, and drifted on)."""
    ships = [("a", 4, 30, 270, "w"), ("c", 30, 60, 270, "w"), ("b", 60, 30, 270, "x")]
    g = mow(tmp_path, rigged, ships, wind=90)
    rs = g.state.scenario.ruleset
    assert rs.fighting(g.state, "a") and rs.gone(g.state, "a") is None
    g.play("move a F6")  # 4 − 6 = −2: her centre beyond the west edge
    assert g.state.ship("a").pose.x == pytest.approx(-2.0)
    assert not rs.fighting(g.state, "a")
    assert rs.gone(g.state, "a") == "off the table"
    assert "off the table" in rs.ship_report(g.state, "a")["status"]
    assert rs.fighting(g.state, "b") and g.state.winner is None  # c fights on for w
    assert rs.unready(g.state, "a", "move") == "a has left the table: she is out of the battle"
    with pytest.raises(IllegalAction, match="a has left the table"):
        g.play("move a F1")


def test_a_side_whose_ships_have_all_left_the_table_has_lost(tmp_path, rigged):
    """Ruling: with no gunnery, the enemy leaving is the only way to win: w's only ship
    sails off (as above), and x, the side alone still fighting, has won."""
    g = mow(tmp_path, rigged, [("a", 4, 30, 270, "w"), ("b", 60, 30, 270, "x")], wind=90)
    g.play("move a F6")
    assert g.state.winner == "x"


@pytest.mark.parametrize(
    "tack, heading, result",
    [("port", 300, "through the eye of the wind"), ("starboard", 240, "her own tack kept")],
)
def test_a_six_names_the_eye_only_when_she_goes_through_it(tmp_path, rigged, tack, heading, result):
    """Lying 15° off the wind over her starboard bow (heading 255, wind 270), a 6 lets
    her choose: port takes her through the eye (300), starboard keeps her own tack
    (240).  The log called both 'through the eye of the wind'."""
    g = mow(tmp_path, rigged, [("a", 20, 20, 255, "w"), ("b", 60, 60, 0, "e")])
    rigged([6])
    events = g.play(f"recover a {tack}")
    (tacked,) = [e for e in events if "tacked" in e]
    assert g.state.ship("a").pose.heading == heading and tacked["result"] == result


def test_a_step_after_turning_head_to_wind_is_the_fault(tmp_path):
    """Close-hauled at 240 (wind 270), P45 then F3: the turn takes her head to wind,
    where her move ends, so the F3 after it is what the rules refuse, and the preview
    says so of the step, not of the turn."""
    from tabletop.referee.movement import preview

    scn = mow_table(tmp_path, [("a", 20, 20, 240, "w"), ("b", 60, 60, 0, "e")])
    m = preview(scn, "a", "S45 F3")
    assert not m.legal
    assert "no step may follow a turn head to wind: her move ends there" in m.violations
    alone = preview(scn, "a", "S45")  # the turn alone: no step follows it
    assert not any("no step may follow" in v for v in alone.violations)
