"""Hold Fast collisions (HF-59..HF-63): judged at the end of a phase's movement, both
stop, the colliding ship placed alongside by the angle, orders cancelled, damage, cutting
and running; and the outcome never depends on the order the ships are listed in."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from tabletop.common.errors import IllegalAction

from .hf import hf_game, pose, quiet_phase, st

# a (heading E, base 1.25 × 0.5) at (10, 10) meets b lying N at (11.6, 10): b's base is
# x 11.35..11.85; a's bow after 1 in forward reaches 11.625 > 11.35: contact in phase I
CROSSING = [("a", 10, 10, 90, "red"), ("b", 11.6, 10, 0, "blue", "start_speed = 0")]


def test_hf59_contact_is_judged_at_the_end_of_the_phase(tmp_path):
    g = hf_game(tmp_path, CROSSING)
    g.play("orders a F F F F F")
    ev = g.play("orders b - - - - -")
    assert {"collision": "a", "with": "b", "speed": 5} in ev


def test_hf60_at_90_degrees_the_colliding_captain_chooses_her_facing(tmp_path):
    g = hf_game(tmp_path, CROSSING)
    g.play("orders a F F F F F")
    g.play("orders b - - - - -")
    p = g.state.pending[0]
    assert (p.kind, p.ship, p.side, p.other) == ("alongside", "a", "red", "b")
    with pytest.raises(IllegalAction, match="waiting for red"):
        g.play("end")
    g.play("place a opposite")
    # a's centre (11, 10) lies to b's port (west); placed abeam of b's centre, bases
    # touching: x = 11.6 − (0.5 + 0.5) / 2 = 11.1, facing opposite to b: heading 180
    assert pose(g, "a") == (11.1, 10, 180)
    assert g.state.is_grappled("a", "b")


def test_hf60_at_45_degrees_she_comes_alongside_facing_the_same_way(tmp_path):
    # a heading NE from (10.45, 9.35) meets b lying N at (11.6, 10): |δ| = 45 < 90 → same
    # facing, no choice; her centre after 1 in NE (11.157, 10.057) is to b's port
    g = hf_game(tmp_path, [("a", 10.45, 9.35, 45, "red"), CROSSING[1]])
    g.play("orders a F F F F F")
    ev = g.play("orders b - - - - -")
    assert not g.state.pending
    assert {"collision": "a", "with": "b", "speed": 5} in ev
    assert pose(g, "a") == (11.1, 10, 0)


def test_hf60_head_on_the_faster_ship_chooses_the_side(tmp_path):
    # a (top speed 5) heads E at (10, 10); b heads W at (12, 10), top speed 3: a in phase
    # I reaches 11.625, b (speed 3, acting in I) reaches 11 − 0.625 = 10.375: overlap.
    # Both moved: the bows are level (a roll of bow distances tied), the faster at the
    # start of the phase (a, 5 > 3) is the colliding ship; head on → a's captain (the
    # higher top speed) chooses the side.
    slow = '[classes.slow]\nname = "slow"\nrate = 5\nbase = { length = 1.25, width = 0.5 }\n'
    slow += "speed = 3\nbatteries = { long = 1 }\nhull_boxes = 6\nmasts = 6\n"
    fleet = [("a", 10, 10, 90, "red"), ("b", 12, 10, 270, "blue", 'roster = "slow"')]
    g = hf_game(tmp_path, fleet, classes=slow)
    g.play("orders a F F F F F")
    g.play("orders b F - F - F")
    p = g.state.pending[0]
    assert (p.ship, p.side) == ("a", "red")
    assert {a.action for a in p.answers} == {"place a port", "place a starboard"}
    g.play("place a starboard")
    bp = g.state.ship("b").pose
    # b heads W: her starboard is north; a placed at y = b.y + 0.5, facing opposite (E)
    assert pose(g, "a") == (round(bp.x, 6), round(bp.y + 0.5, 6), 90)


def test_hf60_equal_top_speeds_roll_off_rerolling_ties(tmp_path, rigged):
    # both top speed 5, both moving, bows level and speeds equal: the collider is rolled
    # for (3 v 3 tie, then 2 v 5: b collides); then head-on, the placement roll-off
    # (4 v 6: a wins, so red chooses where b comes alongside a)
    rigged([3, 3, 2, 5, 4, 6])
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), ("b", 12, 10, 270, "blue")], rigged)
    g.play("orders a F F F F F")
    ev = g.play("orders b F F F F F")
    assert {"collision": "b", "with": "a", "speed": 5} in ev
    p = g.state.pending[0]
    assert (p.ship, p.side) == ("b", "red")


def test_hf61_a_collision_cancels_the_remaining_orders(tmp_path):
    g = hf_game(tmp_path, CROSSING)
    g.play("orders a F F F F F")
    g.play("orders b - - - - -")
    g.play("place a same")
    at = pose(g, "a")
    for _ in range(4):
        quiet_phase(g)
    assert pose(g, "a") == at and st(g, "a").speed == 0 and st(g, "a").collided


def test_hf62_collision_damage_above_speed_one(tmp_path):
    # a at speed 5 collides: both lose 1 hull box (6 → 5)
    g = hf_game(tmp_path, CROSSING)
    g.play("orders a F F F F F")
    g.play("orders b - - - - -")
    assert (st(g, "a").hull_lost, st(g, "b").hull_lost) == (1, 1)


def test_hf62_no_collision_damage_at_speed_one(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 1"), CROSSING[1]])
    g.play("orders a - - F - -")
    g.play("orders b - - - - -")
    quiet_phase(g)
    quiet_phase(g)  # phase III: she moves and collides
    assert g.state.is_grappled("a", "b") or g.state.pending
    assert (st(g, "a").hull_lost, st(g, "b").hull_lost) == (0, 0)


def _alongside(tmp_path: Path, facing: str = "opposite", wind: str = '"N"'):
    """a alongside b (to b's port, b heading N), both at speed 0, turn 2's orders."""
    g = hf_game(tmp_path, CROSSING, wind=wind)
    g.play("orders a F F F F F")
    g.play("orders b - - - - -")
    g.play(f"place a {facing}")
    for _ in range(5):
        quiet_phase(g)  # the fire steps of I-V (drift: both drift 1 in S together)
    quiet_phase(g)  # damage control
    assert g.state.phase == 0 and g.state.is_grappled("a", "b")
    return g


def test_hf63_cutting_and_running(tmp_path):
    # a raises sail in I (speed 1 → phase III) and goes forward (S) in III: her base
    # still overlaps b's side by 1.25 − 1 = 0.25 in, but she has cut and run: clear
    g = _alongside(tmp_path)
    g.play("orders a RS - F - -")
    g.play("orders b - - - - -")
    quiet_phase(g)
    ev = g.play("end")
    ev += g.play("end")
    assert {"cut_and_ran": ["a"], "from": ["a", "b"]} in ev
    assert not g.state.is_grappled("a", "b") and st(g, "a").speed == 1


def test_hf63_both_cutting_and_running_collide_again(tmp_path):
    # wind from S; both heading N side by side: both raise sail and go forward together
    g = _alongside(tmp_path, "same", '"S"')
    g.play("orders a RS - F - -")
    g.play("orders b RS - F - -")
    quiet_phase(g)
    g.play("end")
    ev = g.play("end")
    assert any("collision" in e for e in ev)
    assert st(g, "a").speed == 0 and st(g, "b").speed == 0


# -- independence of the listing order ---------------------------------------------------------
FLEET = [
    ("a", 10, 10, 90, "red"),
    ("b", 11.6, 10, 0, "blue", "start_speed = 0"),
    ("c", 13, 12, 270, "red"),
    ("d", 11.6, 12, 180, "blue"),
    ("e", 15, 10, 0, "blue", "start_speed = 1"),
]
ORDERS = {"red": "orders a F F F F F c F F F F F", "blue": "orders d F F - F F e - - F - -"}


def _play(tmp: Path, fleet: list[tuple]) -> dict:
    g = hf_game(tmp, fleet)
    for side in g.state.sides:
        g.play(ORDERS[side])
    for _ in range(40):
        if g.state.winner or g.state.turn > 1:
            break
        if g.state.pending:
            p = g.state.pending[0]
            g.play(sorted(a.action for a in p.answers)[0])
        else:
            g.play("end")
    snap = g.state.snapshot()
    ships = sorted(snap.pop("ships"), key=lambda s: s["id"])
    snap.pop("active")
    return {"state": snap, "ships": ships}


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(order=hs.permutations(range(len(FLEET))))
def test_hf59_outcome_does_not_depend_on_listing_order(tmp_path_factory, order):
    want = _play(tmp_path_factory.mktemp("a"), FLEET)
    got = _play(tmp_path_factory.mktemp("b"), [FLEET[i] for i in order])
    assert got == want
