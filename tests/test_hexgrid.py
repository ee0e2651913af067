"""The hex overlay: coordinates, facings, distance, the line and what it crosses, ships.

Hand-worked cases first (a flat grid of 1-unit hexes with hex (0, 0) at the origin:
facing 0 points north, the step through facing 1 is (sin 60°, cos 60°) = (0.8660, 0.5)),
then properties over random hexes.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.geometry.hexgrid import (
    DIRECTIONS,
    HexGrid,
    blocked_by,
    crossing,
    distance,
    facing_gap,
    in_wedge,
    line,
    neighbours,
    place,
    rotate,
    ship_hexes,
    ship_pose,
    side_of,
)

FLAT = HexGrid(1.0, "flat", (0.0, 0.0))
POINTY = HexGrid(2.0, "pointy", (10.0, 5.0))

hexes = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
grids = st.builds(
    HexGrid,
    st.floats(0.5, 5.0),
    st.sampled_from(["flat", "pointy"]),
    st.tuples(st.floats(-50, 50), st.floats(-50, 50)),
)


# -- hand-worked -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("grid", "facing", "heading"),
    [(FLAT, 0, 0.0), (FLAT, 1, 60.0), (FLAT, 5, 300.0), (POINTY, 0, 30.0), (POINTY, 2, 150.0)],
)
def test_facings_are_the_six_hexsides_clockwise(grid, facing, heading):
    assert grid.heading(facing) == pytest.approx(heading)
    # the neighbour across that hexside lies on that compass bearing, one size away
    x0, y0 = grid.centre((0, 0))
    x1, y1 = grid.centre(DIRECTIONS[facing])
    assert math.hypot(x1 - x0, y1 - y0) == pytest.approx(grid.size)
    bearing = math.degrees(math.atan2(x1 - x0, y1 - y0))
    assert (bearing - heading + 180) % 360 - 180 == pytest.approx(0.0, abs=1e-9)


def test_facing_of_a_heading_is_the_nearest_hexside_ties_clockwise():
    # flat: facings at 0, 60, ...; 29° → 0, 31° → 1, 30° (half-way) → the clockwise one, 1
    assert [FLAT.facing_of(h) for h in (29, 31, 30, 359, 330)] == [0, 1, 1, 0, 0]
    # pointy: facings at 30, 90, ...; 0° is half-way between 330 (5) and 30 (0) → 0
    assert [POINTY.facing_of(h) for h in (0, 95, 270)] == [0, 1, 4]


def test_centre_of_a_hex_worked():
    # q steps through facing 1, (0.8660, 0.5); r through facing 2, (0.8660, −0.5):
    # (2, −1) → (2 × 0.8660 − 0.8660, 2 × 0.5 + 0.5) = (0.8660, 1.5)
    x, y = FLAT.centre((2, -1))
    assert (x, y) == pytest.approx((math.sqrt(3) / 2, 1.5))


def test_distance_worked():
    assert distance((0, 0), (3, 0)) == 3
    assert distance((0, 0), (2, -1)) == 2  # (|2| + |−1| + |1|) / 2
    assert distance((0, 0), (1, 1)) == 2  # (1 + 1 + 2) / 2
    assert distance((1, 2), (1, 2)) == 0


def test_a_line_along_a_hexside_touches_both_hexes_and_crosses_neither():
    # (0,0) → (1,1): from a's corner along the side between (1,0) and (0,1) to b's corner
    assert line((0, 0), (1, 1)) == (((0, 0),), ((0, 1), (1, 0)), ((1, 1),))
    c = crossing((0, 0), (1, 1))
    assert c.crossed == ((0, 0), (1, 1))
    assert c.along == (((0, 1), (1, 0)),)


def test_ruling_a_hexside_stops_the_line_only_when_both_hexes_do():
    one = {(1, 0)}
    two = {(1, 0), (0, 1)}
    assert blocked_by((0, 0), (1, 1), one.__contains__) == []
    assert blocked_by((0, 0), (1, 1), two.__contains__) == [((0, 1), (1, 0))]
    # the other ruling a template may choose: either hex stops it
    assert blocked_by((0, 0), (1, 1), one.__contains__, along="either") == [((0, 1), (1, 0))]


def test_a_line_may_clip_more_hexes_than_it_counts():
    # (1,-6) → (0,0) is 6 hexes: 7 cells, but the segment crosses the interiors of 8
    assert len(line((1, -6), (0, 0))) == 7
    assert len(crossing((1, -6), (0, 0)).crossed) == 8


def test_wedge_between_two_facings():
    # from (0,0), the wedge between facings 1 and 2 holds (1,0), (0,1), (1,1), (2,0)...
    assert all(in_wedge((0, 0), 1, h) for h in [(1, 0), (0, 1), (1, 1), (2, 0), (3, 2)])
    assert not any(in_wedge((0, 0), 1, h) for h in [(0, 0), (1, -1), (-1, 1), (0, -1)])


def test_a_two_hex_ship_stands_on_bow_and_stern_her_pose_between_them():
    assert ship_hexes((0, 0), 0, 2) == ((0, 0), (-1, 1))  # stern across hexside 3 (south)
    pose = ship_pose(FLAT, (0, 0), 0, 2)
    assert (pose.x, pose.y, pose.heading) == pytest.approx((0.0, -0.5, 0.0))
    assert place(FLAT, pose, 2) == ((0, 0), 0)


def test_a_one_hex_ship_stands_on_her_hex():
    pose = ship_pose(POINTY, (3, -2), 4, 1)
    assert (pose.x, pose.y) == pytest.approx(POINTY.centre((3, -2)))
    assert pose.heading == pytest.approx(270.0)


# -- properties --------------------------------------------------------------------------
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, b) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, hexes)
def test_line_is_symmetric_and_distance_plus_one_long(a, b):
    fwd = line(a, b)
    assert len(fwd) == distance(a, b) + 1
    assert fwd == tuple(reversed(line(b, a)))
    assert fwd[0] == (a,) and fwd[-1] == (b,)
    for cell in fwd:
        assert 1 <= len(cell) <= 2


@given(hexes, hexes)
def test_crossing_is_symmetric_and_holds_every_counted_hex(a, b):
    c, back = crossing(a, b), crossing(b, a)
    assert c.crossed == tuple(reversed(back.crossed))
    assert set(c.along) == set(back.along)
    touched = set(c.crossed) | {h for pair in c.along for h in pair}
    assert {h for cell in line(a, b) for h in cell} <= touched
    # consecutive crossed hexes share a hexside (the segment is connected)
    for h, k in zip(c.crossed, c.crossed[1:], strict=False):
        assert distance(h, k) <= 2


@given(grids, hexes)
def test_table_to_hex_round_trips(grid, h):
    x, y = grid.centre(h)
    assert grid.hex_at(x, y) == h
    # any point within a third of the inner radius of the centre is still in the hex
    assert grid.hex_at(x + grid.size * 0.15, y - grid.size * 0.1) == h


@given(grids, hexes, st.integers(0, 5), st.integers(1, 2))
def test_ship_pose_round_trips_through_place(grid, bow, facing, length):
    assert place(grid, ship_pose(grid, bow, facing, length), length) == (bow, facing)


@given(hexes, hexes, hexes, st.integers(0, 5))
def test_rotating_the_grid_60_degrees_leaves_rulings_unchanged(a, b, c, k):
    """Turn every hex k × 60° about any hex: distances, lines, crossings, blocking and
    wedges turned with them are the same rulings."""

    def rot(h):
        return rotate(h, k, about=c)

    assert distance(rot(a), rot(b)) == distance(a, b)
    assert line(rot(a), rot(b)) == tuple(tuple(sorted(map(rot, cell))) for cell in line(a, b))
    cr, rc = crossing(a, b), crossing(rot(a), rot(b))
    assert rc.crossed == tuple(map(rot, cr.crossed))
    assert {frozenset(p) for p in rc.along} == {frozenset(map(rot, p)) for p in cr.along}
    stops = set(neighbours(c))
    rstops = {rot(h) for h in stops}
    assert len(blocked_by(rot(a), rot(b), rstops.__contains__)) == len(
        blocked_by(a, b, stops.__contains__)
    )
    for f in range(6):
        assert in_wedge(rot(a), (f + k) % 6, rot(b)) == in_wedge(a, f, b)


@given(grids, hexes, st.integers(0, 5))
def test_rotation_by_one_facing_is_60_degrees_on_the_table(grid, h, k):
    x0, y0 = grid.centre((0, 0))
    x, y = grid.centre(h)
    xr, yr = grid.centre(rotate(h, k))
    a = math.radians(60 * k)  # compass-clockwise rotation about hex (0,0)'s centre
    dx, dy = x - x0, y - y0
    assert (xr - x0, yr - y0) == pytest.approx(
        (dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)), abs=1e-6
    )


# -- facings and sides -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("a", "b", "gap"), [(0, 0, 0), (0, 1, 1), (0, 5, 1), (1, 3, 2), (4, 0, 2), (2, 5, 3)]
)
def test_facing_gap_is_the_shorter_way_round(a, b, gap):
    assert facing_gap(a, b) == facing_gap(b, a) == gap


@pytest.mark.parametrize(
    ("facing", "h", "side"),
    [
        (0, (1, 0), "starboard"),  # facing north, (1, 0) lies at 60°
        (0, (-1, 0), "port"),  # at 240°
        (0, (2, -2), None),  # dead ahead
        (0, (-1, 1), None),  # dead astern
        (2, (0, 1), None),  # facing 120°, the hex ahead
        (2, (-1, 1), "starboard"),  # at 240°: 120° to her right
        (2, (1, 0), "port"),  # at 60°: 60° to her left
    ],
)
def test_side_of_a_hex_from_a_ship(facing, h, side):
    assert side_of((0, 0), facing, h) == side


@given(hexes, st.integers(0, 5), hexes)
def test_side_of_agrees_with_the_table_on_both_grids(o, facing, h):
    for grid in (FLAT, POINTY):
        (x0, y0), (x1, y1) = grid.centre(o), grid.centre(h)
        a = math.radians(grid.heading(facing))
        cross = math.sin(a) * (y1 - y0) - math.cos(a) * (x1 - x0)  # > 0: to her left
        want = None if abs(cross) < 1e-9 else "port" if cross > 0 else "starboard"
        assert side_of(o, facing, h) == want
