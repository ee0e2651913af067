"""The fan of legal end poses: every sampled pose is a legal, collision-free move."""

from __future__ import annotations

import random

import pytest

from tabletop.game.load import load_scenario
from tabletop.referee.fan import fan
from tabletop.referee.movement import preview

from .conftest import SCENARIOS
from .helpers import hold_fast, table


@pytest.mark.parametrize(
    "scenario, ship",
    [
        ("squadron-action.toml", "amazon"),
        ("squadron-action.toml", "defence"),
        ("man-o-war-skirmish.toml", "swift"),
        ("tacking-practice.toml", "pelican"),
        ("hold-fast-frigates.toml", "java"),
    ],
)
def test_every_fan_pose_is_a_legal_move_ending_there(scenario, ship):
    scn = load_scenario(SCENARIOS / scenario)
    f = fan(scn, ship)
    assert len(f) > 50
    for i in random.Random(7).sample(range(len(f)), 40):
        m = preview(scn, ship, f.path(i))
        assert m.legal, (f.path(i), m.violations)
        assert m.collision is None, f.path(i)
        assert (m.end.x, m.end.y) == pytest.approx((f.x[i], f.y[i]), abs=1e-4)


def test_hold_fast_fan_counts_every_sequence(tmp_path):
    # speed 4 heading east, wind north: 3 + 9 + 27 + 81 = 120 sequences of F1/P45/S45,
    # less those moving forward while heading north into the wind (two port turns
    # before an F): PPF, PPFF, PPFP, PPFS, FPPF and PFPF — 114 end poses.
    scn = hold_fast(tmp_path, [("a", 10, 10, 90)], speed=4)
    assert len(fan(scn, "a")) == 120 - 6


def test_fan_excludes_paths_through_another_ship(tmp_path):
    # a running south (15 to sail); b lies end-on in her course, her bow 8 short of it
    scn = table(tmp_path, [("a", 50, 50, 180), ("b", 50, 30, 0)])
    f = fan(scn, "a")
    straight = [i for i in range(len(f)) if f.path(i) == "F15"]
    assert straight == []  # straight ahead runs into b
    assert len(f) > 0


def test_a_luffing_ship_may_stop_anywhere(tmp_path):
    scn = table(tmp_path, [("a", 50, 50, 30)])  # luffing: 0 to 10
    f = fan(scn, "a")
    for i in random.Random(3).sample(range(len(f)), min(40, len(f))):
        assert preview(scn, "a", f.path(i)).legal, f.path(i)  # the windward cap included
    lengths = {f.path(i) for i in range(len(f)) if " " not in f.path(i)}
    # straight luffs of 10/6, 20/6 and 30/6: the next, 40/6, would gain 6.67 cos 30° =
    # 5.77 to windward, more than close-hauled's 5
    assert lengths == {"L1.666667", "L3.333333", "L5"}


def _touching(tmp_path, a_heading: float, b_heading: float, bearing: float):
    """Ship a at (50, 50) and b 6 units off on ``bearing`` (from a), then b slid
    straight at a until a's hull just touches b's base (their gap measured, not
    guessed): two ships lying alongside at the start of a's move."""
    import math

    import shapely
    from shapely.ops import nearest_points

    r = math.radians(bearing)
    bx, by = 50 + 6 * math.sin(r), 50 + 6 * math.cos(r)
    scn = table(tmp_path, [("a", 50, 50, a_heading), ("b", bx, by, b_heading)])
    hull = shapely.Polygon(scn.ship("a").hull_corners())
    p, q = nearest_points(hull, scn.ship("b").base_polygon())
    bx, by = bx - (q.x - p.x), by - (q.y - p.y)
    scn = table(tmp_path, [("a", 50, 50, a_heading), ("b", bx, by, b_heading)])
    gap = shapely.distance(
        shapely.Polygon(scn.ship("a").hull_corners()), scn.ship("b").base_polygon()
    )
    assert gap < 1e-9  # touching
    return scn


def test_a_ship_alongside_is_offered_no_move_that_presses_her_into_the_other(tmp_path):
    """b lies across a's bow, touching it: every move of a (each begins ahead, the wind
    abeam) presses her into b, and the engine ends it at the contact.  The fan left a
    ship touching at the start out of its check, so it offered all of them (the frigate
    duel's amazon, wedged against loire, was offered 1776 moves the engine stopped at
    0.0008 cm); now it offers none, and names whom she lies against."""
    from tabletop.referee.fan import close_aboard

    scn = _touching(tmp_path, 90, 0, 90)  # a heads east, b across her bow heading north
    assert preview(scn, "a", "F5").collision is not None  # the engine's ruling
    assert len(fan(scn, "a")) == 0
    assert close_aboard(scn, "a") == ["b"]


def test_a_ship_alongside_may_sail_clear_along_the_other(tmp_path):
    """b lies alongside a to starboard, both heading east, their sides touching: a may
    sail on along b or bear away, and every move the fan offers the engine plays without
    a contact."""
    scn = _touching(tmp_path, 90, 90, 180)  # b abeam to starboard (south of a)
    f = fan(scn, "a")
    assert len(f) > 20
    for i in random.Random(5).sample(range(len(f)), 20):
        assert preview(scn, "a", f.path(i)).collision is None, f.path(i)


def test_no_fan_move_grazes_a_base_in_its_turn():
    """The frigate duel's amazon heading south, loire's bow across her port bow: every
    move of her fan went F2 then a starboard turn, and the turn swung her port bow over
    a corner of loire's base by about a hundredth of a centimetre, between two of the
    fan's samples of the turn (its sweep holds each step's chord, not the arc).  The
    engine, which samples finer, refused all 27 moves; and since the fan was not empty
    it judged the collision avoidable, so she had no legal move but a ram.  The fan now
    allows for the arc's sagitta: every move it offers the engine plays clear."""
    from dataclasses import replace

    from tabletop.geometry.pose import Pose

    scn = load_scenario(SCENARIOS / "frigate-duel.toml")
    at = {"amazon": Pose(160.7959, 20.76492, 180.0), "loire": Pose(163.1034, 17.09809, 225.0)}
    scn = replace(scn, ships=tuple(s.moved(at[s.id]) for s in scn.ships))
    assert preview(scn, "amazon", "F2 S22.5 F11.643805").collision is not None  # the graze
    f = fan(scn, "amazon")
    for i in range(len(f)):
        m = preview(scn, "amazon", f.path(i))
        assert m.legal and m.collision is None, (f.path(i), m.violations)
