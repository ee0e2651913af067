"""The photo's map onto the table (``geometry/homography.py``): cases worked by hand, and
properties over many random tables seen in perspective."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tabletop.common.errors import TabletopError
from tabletop.geometry import homography as hg
from tabletop.geometry.outlines import base_corners, base_from_corners

from . import photo_helpers as ph

SQUARE = [[0, 0], [1, 0], [1, 1], [0, 1]]


def test_a_map_through_four_points_is_found_exactly():
    """H = [[1, 0, 0], [0, 1, 0], [0.1, 0, 1]] sends (x, y) to (x, y) / (1 + 0.1x): the
    unit square to (0, 0), (1/1.1, 0), (1/1.1, 1/1.1), (0, 1).  Fitted through those
    four pairs it is found again, and it sends the square's centre where the image's
    diagonals cross: y = x meets the line from (1/1.1, 0) to (0, 1), (1 − t)/1.1 = t,
    at t = 1/2.1 = 0.47619, as (0.5, 0.5) / 1.05 is."""
    seen = [[0, 0], [1 / 1.1, 0], [1 / 1.1, 1 / 1.1], [0, 1]]
    h = hg.fit(SQUARE, seen)
    assert h == pytest.approx(np.array([[1, 0, 0], [0, 1, 0], [0.1, 0, 1]]), abs=1e-12)
    assert hg.apply(h, [0.5, 0.5]) == pytest.approx([1 / 2.1, 1 / 2.1], abs=1e-12)


def test_a_table_seen_square_from_above_is_a_scale_and_a_shift():
    """A 36 × 24 table photographed from above at 40 px an inch, its south-west corner
    at pixel (180, 1155): pixel (u, v) is table ((u − 180)/40, (1155 − v)/40), so pixel
    (980, 675) is (20, 12)."""
    corners = [[180, 1155], [1620, 1155], [1620, 195], [180, 195]]
    h = hg.from_corners(corners, 36, 24)
    assert hg.apply(h, [980, 675]) == pytest.approx([20, 12], abs=1e-9)
    assert h == pytest.approx(np.array([[1 / 40, 0, -4.5], [0, -1 / 40, 28.875], [0, 0, 1]]))


def test_the_camera_of_the_synthetic_photo_is_found_from_its_corners():
    """The test photo's camera, known from its position and aim, is the map fitted
    through where it sees the table's four corners: every table point lands where the
    camera sees it (to a millionth of a pixel), and back."""
    cam = ph.camera()
    h = hg.fit(hg.table_corners(36, 24), ph.corner_pixels())
    grid = np.stack(np.meshgrid(np.linspace(0, 36, 7), np.linspace(0, 24, 5)), -1)
    assert hg.apply(h, grid) == pytest.approx(ph.project(cam, grid), abs=1e-6)
    back = hg.from_corners(ph.corner_pixels(), 36, 24)
    assert hg.apply(back, ph.project(cam, grid)) == pytest.approx(grid, abs=1e-9)


def test_points_three_on_a_line_fix_no_map():
    with pytest.raises(TabletopError, match="three of the four points lie on one line"):
        hg.fit([[0, 0], [1, 0], [2, 0], [0, 1]], SQUARE)
    with pytest.raises(TabletopError, match="three of the four points lie on one line"):
        hg.fit(SQUARE, [[0, 0], [1, 1], [1, 1], [0, 1]])


# A table photographed from its south side: south-west at the bottom left of the photo.
SEEN = [[100, 900], [1500, 950], [1200, 200], [300, 220]]


@pytest.mark.parametrize(
    "corners, why",
    [
        (SEEN, None),
        ([SEEN[0], SEEN[2], SEEN[1], SEEN[3]], "the sides between the corners cross"),
        ([SEEN[0], SEEN[1], SEEN[3], SEEN[2]], "the sides between the corners cross"),
        ([SEEN[0], SEEN[3], SEEN[2], SEEN[1]], "the corners go round the wrong way"),
        ([SEEN[0], SEEN[1], [700, 800], SEEN[3]], "one lies inside the others"),
        ([SEEN[0], SEEN[0], SEEN[2], SEEN[3]], "three of the corners lie on one line"),
        ([SEEN[1], SEEN[2], SEEN[3], SEEN[0]], None),  # turned: another corner is the origin
    ],
)
def test_four_corners_that_no_table_makes_are_refused_saying_why(corners, why):
    said = hg.quad_problem(corners)
    assert (said is None) if why is None else (why in (said or ""))
    if why is not None:
        with pytest.raises(TabletopError, match=why):
            hg.from_corners(corners, 36, 24)


def test_a_ruler_from_the_south_west_corner_along_the_south_edge():
    """Marks at pixels (100, 500) and (300, 500), 10 apart: 20 px a unit; the zero at
    the origin, east along the ruler, north up the photo: pixel (100, 300) is (0, 10)
    and (250, 450) is (7.5, 2.5)."""
    h = hg.from_ruler((100, 500), (300, 500), 10)
    got = hg.apply(h, [[100, 500], [300, 500], [100, 300], [250, 450]])
    assert got == pytest.approx(np.array([[0, 0], [10, 0], [0, 10], [7.5, 2.5]]), abs=1e-12)


def test_a_ruler_turned_in_the_photo_and_laid_elsewhere_on_the_table():
    """The ruler up the west edge (bearing 0) from (0, 2), drawn in the photo from
    (400, 400) to (400 + 30, 400 − 40) (50 px for 5 units: 10 px a unit, turned
    atan(3/4) = 36.87° clockwise from the photo's up).  Its end is (0, 7); the pixel 10
    px to the right of its zero, square to it, (400 + 8, 400 + 6), lies 1 unit east of
    the zero: (1, 2)."""
    h = hg.from_ruler((400, 400), (430, 360), 5, at=(0, 2), bearing=0)
    got = hg.apply(h, [[430, 360], [408, 406]])
    assert got == pytest.approx(np.array([[0, 7], [1, 2]]), abs=1e-12)


@pytest.mark.parametrize(
    "args, why",
    [
        (((1, 1), (1, 1), 5), "one point"),
        (((1, 1), (5, 1), 0), "more than 0"),
        (((1, 1), (5, 1), float("nan")), "finite"),
    ],
)
def test_a_ruler_that_places_nothing_is_refused(args, why):
    with pytest.raises(TabletopError, match=why):
        hg.from_ruler(*args)


def test_a_photo_shown_whole_fits_the_table_centred():
    """An 1800 × 1350 photo on a 36 × 24 table: k = min(36/1800, 24/1350) = 24/1350,
    32 × 24 units, 2 from the west edge: its top-left (0, 0) at (2, 24), its bottom-right
    (1800, 1350) at (34, 0)."""
    h = hg.fitted((1800, 1350), 36, 24)
    assert hg.apply(h, [[0, 0], [1800, 1350]]) == pytest.approx(np.array([[2, 24], [34, 0]]))


def test_the_warp_lays_the_photos_pixels_where_the_map_says():
    """A 4 × 2 photo, each pixel its own grey (20·(column + 4·row)), seen square from
    above at 1 pixel a unit, its top-left at the table's north-west corner (a 4 × 2
    table), laid on the table at 2 pixels a unit, row 0 along the south edge.  Photo
    pixel centres are at (column + 0.5, row + 0.5); between them the grey is mixed
    bilinearly, and beyond the outer centres it is the edge pixel's."""
    photo = (20 * (np.arange(4)[None, :] + 4 * np.arange(2)[:, None])).astype(np.uint8)
    to_photo = hg.invert(hg.from_corners([[0, 2], [4, 2], [4, 0], [0, 0]], 4, 2))
    out = hg.warp(photo, to_photo, 4, 2, (8, 4))
    assert out.shape == (4, 8, 4)
    # table pixel (row 3, col 0): centre (0.25, 1.75), photo (0.25, 0.25): outside the
    # first centre both ways: the top-left pixel's grey, 0
    assert out[3, 0, 0] == 0 and out[3, 0, 3] == 255
    # (row 3, col 1): centre (0.75, 1.75), photo (0.75, 0.25): a quarter of the way from
    # column 0 to column 1, row 0: 20 · 0.25 = 5
    assert out[3, 1, 0] == 5
    # (row 2, col 3): centre (1.75, 1.25), photo (1.75, 0.75): column 1 and a quarter,
    # row 0 and a quarter: 20 · (1.25 + 4 · 0.25) = 45
    assert out[2, 3, 0] == 45
    # the whole of the table is on the photo: everywhere opaque
    assert (out[..., 3] == 255).all()
    wider = hg.warp(photo, to_photo, 8, 2, (8, 2))  # a table twice as wide as the photo
    assert (wider[:, :4, 3] == 255).all() and (wider[:, 4:, 3] == 0).all()


@st.composite
def tables_in_perspective(draw):
    """A table's four corners in a photo: a convex quadrilateral going round the
    right way, as any camera in front of a table sees it."""
    w = draw(st.floats(10, 200))
    d = draw(st.floats(10, 200))
    tilt = draw(st.floats(-3e-3, 3e-3))
    lean = draw(st.floats(-3e-3, 3e-3))
    turn = math.radians(draw(st.floats(-180, 180)))
    k = draw(st.floats(2, 50))
    c, s = k * math.cos(turn), k * math.sin(turn)
    h = np.array([[c, s, 500], [s, -c, 800], [tilt / 10, lean / 10, 1]])
    corners = hg.apply(h, hg.table_corners(w, d))
    assume(np.isfinite(corners).all() and hg.quad_problem(corners) is None)
    return w, d, corners


@given(tables_in_perspective(), st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=1))
def test_every_table_point_goes_to_the_photo_and_back(case, spots):
    w, d, corners = case
    to_table = hg.from_corners(corners, w, d)
    assert hg.apply(to_table, corners) == pytest.approx(hg.table_corners(w, d), abs=1e-6 * (w + d))
    pts = np.array(spots) * [w, d]
    back = hg.apply(to_table, hg.apply(hg.invert(to_table), pts))
    assert back == pytest.approx(pts, abs=1e-6 * (w + d))


@given(tables_in_perspective())
def test_the_corners_in_another_order_are_refused_or_turn_the_table(case):
    """Only the four turns of the right order are accepted (another corner taken for
    the south-west one); every other order crosses or goes round the wrong way."""
    _, _, corners = case
    for order in ((0, 2, 1, 3), (0, 1, 3, 2), (0, 3, 2, 1), (1, 0, 2, 3)):
        assert hg.quad_problem(corners[list(order)]) is not None
    for k in range(4):
        assert hg.quad_problem(np.roll(corners, k, axis=0)) is None


@given(
    st.floats(-50, 50), st.floats(-50, 50), st.floats(0, 359.9),
    st.floats(0.5, 10), st.floats(0.2, 5),
)  # fmt: skip
def test_a_base_traced_by_its_corners_is_the_base(x, y, heading, length, width):
    """Her corners from ``base_corners`` (stern-port, bow-port, bow-starboard,
    stern-starboard), given bow first going round, give her back."""
    sp, bp, bs, ss = base_corners(x, y, heading, length, width)
    got = base_from_corners(np.array([bp, bs, ss, sp]))
    assert got[0] == pytest.approx(x, abs=1e-9) and got[1] == pytest.approx(y, abs=1e-9)
    turn = (got[2] - heading + 180) % 360 - 180
    assert abs(turn) < 1e-7
    assert got[3:] == pytest.approx((length, width), abs=1e-9)


def test_a_base_traced_the_other_way_round_is_the_same_base():
    """Bow-starboard, bow-port, stern-port, stern-starboard: the same pose.  A base at
    (10, 5) heading 90, 4 × 2: her bow corners at x = 12, her stern at x = 8."""
    got = base_from_corners(np.array([[12, 4], [12, 6], [8, 6], [8, 4]]))
    assert got == pytest.approx((10, 5, 90, 4, 2))
