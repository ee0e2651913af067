"""Move previews: end poses on the templates, legality by the rules, first contact.

Boxes are 8 × 2.5 (hull = base); the wind is from the north unless said otherwise.
"""

from __future__ import annotations

import math

import pytest

from tabletop.common.errors import TabletopError
from tabletop.game.load import load_scenario
from tabletop.referee.movement import parse_path, preview

from .helpers import hold_fast, table


def test_path_syntax_round_trips():
    steps = parse_path("F2 s30 F12.5 L3 T")
    assert " ".join(str(s) for s in steps) == "F2 S30 F12.5 L3 T"
    with pytest.raises(TabletopError, match="bad path token 'X3' \\(token 2\\)"):
        parse_path("F2 X3")
    with pytest.raises(TabletopError, match="empty path"):
        parse_path("  ")


def test_straight_run_collides_with_the_first_base(tmp_path):
    # a at (30, 30) heading 90 (east, θ = 90 → reaching, allowance 4/3·15 = 20); her bow
    # at x = 34.  b at (50, 30) heading 0 has its west edge at x = 48.75: contact after
    # 48.75 − 34 = 14.75, the move stopping there.
    scn = table(tmp_path, [("a", 30, 30, 90), ("b", 50, 30, 0)])
    m = preview(scn, "a", "F20")
    assert m.allowance == pytest.approx(20)
    assert m.collision is not None and m.collision_with == "b"
    assert m.collision.at == pytest.approx(14.75, abs=1e-5)
    assert m.end.x == pytest.approx(30 + 14.75, abs=1e-5)
    assert m.collision.point[0] == pytest.approx(48.75, abs=1e-5)
    assert m.distance == pytest.approx(14.75, abs=1e-5)
    # a collision is chosen by a ram (SPEC §4): she could turn away, so the plain move
    # is illegal for that alone
    assert m.violations == [
        "her path meets b's base after 14.75 cm: to collide on purpose, order a ram "
        "(it takes a command check)"
    ]


def test_turn_follows_the_template_arc(tmp_path):
    # a at (0, 0)... placed at (50, 50) heading 90 (reaching).  Base 8 cm = 80 mm is past
    # every row but the last of the turn template: radius 10 cm.  F2 then S45: the centre
    # of the arc is 10 to starboard (south) of (52, 50), i.e. (52, 40); after 45° the
    # ship stands at (52 + 10·sin 45°, 40 + 10·cos 45°), heading 135.
    scn = table(tmp_path, [("a", 50, 50, 90)])
    m = preview(scn, "a", "F2 S45 F" + str(20 - 2 - 10 * math.pi / 4))
    r = 10 * math.sin(math.radians(45))
    rest = 20 - 2 - 10 * math.pi / 4  # what is left of the allowance after the arc
    assert m.end.heading == pytest.approx(135)
    assert m.end.x == pytest.approx(52 + r + rest * math.sin(math.radians(135)), abs=1e-4)
    assert m.end.y == pytest.approx(40 + r + rest * math.cos(math.radians(135)), abs=1e-4)
    assert m.distance == pytest.approx(20, abs=1e-4)
    assert m.legal, m.violations


def test_inertia_before_turning(tmp_path):
    scn = table(tmp_path, [("a", 50, 50, 90)])
    m = preview(scn, "a", "S30 F20")
    assert not m.legal
    assert any("inertia" in v for v in m.violations)


def test_full_allowance_must_be_used(tmp_path):
    scn = table(tmp_path, [("a", 50, 50, 90)])
    m = preview(scn, "a", "F10")
    assert not m.legal and any("full allowance" in v for v in m.violations)
    assert preview(scn, "a", "F20").legal
    assert not preview(scn, "a", "F21").legal  # more than the allowance


def test_turning_into_the_luffing_sector_needs_a_declaration(tmp_path):
    # heading 90 with the wind from 0; P45 leaves the bow 45° off the wind: luffing
    scn = table(tmp_path, [("a", 50, 50, 90)])
    m = preview(scn, "a", "F2 P45 F10")
    assert any("luffing sector" in v for v in m.violations)
    # declared luffing: any distance up to the allowance
    m = preview(scn, "a", "F2 P45 L3")
    assert not any("luffing sector" in v for v in m.violations)


def test_luffing_ship_moves_any_distance_up_to_two_thirds(tmp_path):
    # heading 30: θ = 30 → luffing; 0 to 2/3·15 = 10, by choice
    scn = table(tmp_path, [("a", 50, 50, 30)])
    assert preview(scn, "a", "F4").legal
    assert not preview(scn, "a", "F10.5").legal


def test_tack_from_beating(tmp_path):
    # heading 70: θ = 70 → beating.  Inertia 2, then pivot until the bow points at 0.
    scn = table(tmp_path, [("a", 50, 50, 70)])
    m = preview(scn, "a", "F2 T")
    assert m.legal, m.violations
    assert m.end.heading == pytest.approx(0)
    assert m.end.x == pytest.approx(50 + 2 * math.sin(math.radians(70)))
    # not from reaching
    scn = table(tmp_path, [("a", 50, 50, 100)])
    assert any("only from beating" in v for v in preview(scn, "a", "F2 T").violations)


def test_too_many_turns(tmp_path):
    scn = table(tmp_path, [("a", 50, 50, 180)])  # running: allowance 15, roster turns 2
    m = preview(scn, "a", "F2 S10 F1 S10 F1 S10 F1")
    assert any("3 turns" in v for v in m.violations)


def test_sailing_clear_of_a_ship_alongside(tmp_path):
    # b lies alongside a to starboard, touching (centres 2.5 apart): a may sail away
    scn = table(tmp_path, [("a", 50, 50, 180), ("b", 52.5, 50, 180)])
    m = preview(scn, "a", "F15")
    assert m.collision is None
    assert m.end.y == pytest.approx(35)


def test_a_base_touched_at_the_start_stops_a_move_into_it(tmp_path):
    """A bow touching another base or an island sailed on through it (the engine too):
    touched at the start, an obstacle counted only if never left.  Now she may sail
    away or along it, but a move into it stops where she lies.  Boxes 8 × 2.5: a at
    (50, 50) heading 270 (west, reaching 20), her bow at x 46; b at (44.75, 50) heading
    0 reaches x 43.5..46, touching.  F15 west: contact after 0, she ends at x 50.  F15
    east (heading 90, b at her stern): no contact.  c alongside her to the south at y
    47.5 (edges 46.25..48.75, hers 48.75..51.25), touching: sailing west she slides along
    it, no contact, 15 run.  An island whose east shore is x 46: stopped as by b."""
    scn = table(tmp_path, [("a", 50, 50, 270), ("b", 44.75, 50, 0)])
    into = preview(scn, "a", "F15")
    assert into.collision_with == "b" and into.collision.at == pytest.approx(0, abs=1e-5)
    assert into.end.x == pytest.approx(50, abs=1e-5)
    away = table(tmp_path, [("a", 50, 50, 90), ("b", 44.75, 50, 0)])  # b at her stern
    assert preview(away, "a", "F15").collision is None
    along = table(tmp_path, [("a", 50, 50, 270), ("c", 50, 47.5, 270)])
    m = preview(along, "a", "F15")
    assert m.collision is None and m.end.x == pytest.approx(35)
    isle = table(tmp_path, [("a", 50, 50, 270)], land=[[(46, 40), (46, 60), (30, 50)]])
    m = preview(isle, "a", "F15")
    assert m.collision_with == "isle0" and m.end.x == pytest.approx(50, abs=1e-5)


def test_land_stops_a_move(tmp_path):
    # a sails south from (50, 50); her bow is 4 ahead of the centre, at y = 46.  The
    # island's north shore is y = 35: contact after 46 − 35 = 11 of the 15.
    scn = table(tmp_path, [("a", 50, 50, 180)], land=[[(40, 35), (60, 35), (50, 20)]])
    m = preview(scn, "a", "F15")
    assert m.collision_with == "isle0"
    assert m.collision.at == pytest.approx(46 - 35, abs=1e-5)
    assert m.end.y == pytest.approx(50 - 11, abs=1e-5)


def test_hold_fast_actions(tmp_path):
    # Hold Fast: speed 3 → three actions; 1-inch moves, 45° pivots; none into the wind
    scn = hold_fast(tmp_path, [("a", 10, 10, 90)], speed=3)
    m = preview(scn, "a", "F1 S45 F1")
    assert m.legal, m.violations
    assert m.end.heading == pytest.approx(135)
    assert m.end.x == pytest.approx(11 + math.sin(math.radians(135)))
    assert not preview(scn, "a", "F1 F1 F1 F1").legal  # four actions at speed 3
    assert not preview(scn, "a", "F1.5").legal  # whole inches
    assert not preview(scn, "a", "P90").legal  # 45° turns
    # heading 0 into a north wind: no forward move
    scn = hold_fast(tmp_path, [("a", 10, 10, 0)], speed=3)
    assert any("into the wind" in v for v in preview(scn, "a", "F1").violations)


def test_man_o_war_turns_and_head_to_wind(tmp_path):
    scn = table(
        tmp_path,
        [("a", 20, 20, 90)],
        ruleset="man-o-war",
        units="in",
        guns="",
        speed=9,
        base=(4, 1.75),
    )
    # θ = 90 → broad reach (A): the full 9"; the class has no `turn` field: 45° default
    m = preview(scn, "a", "F3 P60 F3")
    assert any("more than this class's 45°" in v for v in m.violations)
    # turning head to wind (θ < 30) ends the move
    m = preview(scn, "a", "F3 P45 P30 F2")
    assert any("head to wind" in v for v in m.violations)


def test_move_writes_the_new_pose_atomically(tmp_path):
    scn = table(tmp_path, [("a", 50, 50, 180), ("b", 10, 10, 0)])
    from tabletop.data.save import save_scenario

    m = preview(scn, "a", "F15")
    out = tmp_path / "after.toml"
    save_scenario(scn.source, out, {"a": m.end})
    again = load_scenario(out)
    assert again.ship("a").pose.y == pytest.approx(35)
    assert again.ship("b").pose == scn.ship("b").pose
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_luffing_is_no_way_to_windward(tmp_path):
    # heading 5 (θ 5, luffing: up to 2/3 × 15 = 10).  Close-hauled she would gain
    # 10 × cos 60° = 5 to windward; luffing may gain no more.
    scn = table(tmp_path, [("a", 50, 50, 5)])
    assert preview(scn, "a", "L5").legal  # 5 cos 5° = 4.98 to windward
    m = preview(scn, "a", "L8")  # 8 cos 5° = 7.97
    assert any("gains no more than close-hauled, 5" in v for v in m.violations)
    # across the wind's line there is no limit but the allowance: heading 55, L10 gains
    # 10 cos 55° = 5.74 > 5: too much as well
    scn = table(tmp_path, [("a", 50, 50, 55)])
    assert not preview(scn, "a", "L10").legal
    assert preview(scn, "a", "L8.7").legal  # 8.7 cos 55° = 4.99


def test_a_pose_along_a_path_follows_its_turns():
    """``along``: a run of 10 then a 90° starboard arc of radius 10 (length 10·π/2 =
    15.708), from (0, 0) heading 0.  Half way by length (12.854) lies 2.854 into the
    arc: 2.854/10 rad = 16.35° round the centre (10, 10), at (10 − 10·cos 16.35°,
    10 + 10·sin 16.35°) = (0.404, 12.815), heading 16.35; the chord's midpoint would
    be (5, 10).  A pivot alone (no length) is spread over the time: half way, 45°."""
    from tabletop.geometry.motion import Segment, along
    from tabletop.geometry.pose import Pose

    path = [Segment(length=10.0), Segment(turn=90.0, radius=10.0)]
    a = math.degrees((10 + 10 * math.pi / 2) / 2 - 10) / 10
    mid = along(Pose(0.0, 0.0, 0.0), path, 0.5)
    want = (10 - 10 * math.cos(math.radians(a)), 10 + 10 * math.sin(math.radians(a)), a)
    assert (mid.x, mid.y, mid.heading) == pytest.approx(want, abs=1e-6)
    assert a == pytest.approx(16.35, abs=0.01) and mid.x == pytest.approx(0.404, abs=1e-3)
    end = along(Pose(0.0, 0.0, 0.0), path, 1.0)
    assert (end.x, end.y, end.heading) == pytest.approx((10.0, 20.0, 90.0))
    assert along(Pose(5.0, 5.0, 0.0), [Segment(turn=90.0)], 0.5).heading == pytest.approx(45)


def test_a_path_cut_at_a_turn_into_the_luffing_sector_says_that_alone(tmp_path):
    """A path is laid up to its first turn into the luffing sector.  Its distance so
    far was then judged too ("moves 7.411 cm: the full allowance of 20 cm must be
    used") though the path as written used all 20: a second, wrong, violation.  a
    reaching (heading 90 in a wind from 0: θ 90, 20 cm); P31 turns her to heading 59,
    the wind 59° off her bow, in the luffing sector [0, 60): the one violation."""
    scn = table(tmp_path, [("a", 50, 50, 90)])
    m = preview(scn, "a", "F2 P31 F12.5895")
    assert not m.legal and len(m.violations) == 1
    assert "into the luffing sector" in m.violations[0]


def test_inertia_in_inches_is_matched_as_the_allowance_is(tmp_path):
    """2 cm of inertia is 0.787402 in; typing it to 4 decimals, as the allowance is
    matched (to 0.00005), was refused ("the first 0.787402 in are straight ahead")."""
    scn = table(tmp_path, [("a", 50, 50, 180)], units="in")
    ok = preview(scn, "a", "F0.7874 S10 F1")
    assert not any(v.startswith("inertia") for v in ok.violations), ok.violations
    short = preview(scn, "a", "F0.78 S10 F1")
    assert "inertia: the first 0.7874 in are straight ahead, before any turn" in short.violations


def test_an_overlong_move_is_said_with_figures_that_tell_the_two_apart():
    """22.6708 against 22.6667 cm read "moves 22.67 cm, more than the allowance of 22.67
    cm"; as many figures as tell them apart are written (5 here), 4 at least."""
    from tabletop.referee.movement import check_distance

    out: list[str] = []
    check_distance(22.6708, 0.0, 68 / 3, "cm", out, must_use_all=False)
    assert out == ["moves 22.671 cm, more than the allowance of 22.667 cm"]
    out.clear()
    check_distance(25.0, 0.0, 20.0, "cm", out, must_use_all=False)
    assert out == ["moves 25 cm, more than the allowance of 20 cm"]
