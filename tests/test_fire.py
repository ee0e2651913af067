"""Fire rulings as a referee would give them, worked by hand from SPEC §4.

Unless said otherwise: firer "a" at (30, 30) heading 0 (north), base 8 × 2.5, gun deck
6 centred, light guns (30 cm).  Her starboard side is x = 31.25 and her gun deck there
runs y ∈ [27, 33]; the starboard arc is x ∈ [31.25, 61.25], y ∈ [27, 33].
"""

from __future__ import annotations

import math

import pytest

from tabletop.referee.fire import rule_fire

from .helpers import hold_fast, table

SIDE = 30 + 2.5 / 2  # x of a's starboard side


def test_partly_blocked_by_a_ship_between(tmp_path):
    # Target t heading 0 at (55, 30): base x ∈ [53.75, 56.25], y ∈ [26, 34] covers the
    # whole deck.  Blocker b heading 90 at (40, 31.5): base x ∈ [36, 44], y ∈ [30.25, 32.75]
    # shades 2.5 of the 6 cm deck.
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", 55, 30, 0), ("b", 40, 31.5, 90)])
    r = rule_fire(scn, "a", "t")
    assert r.arc == "starboard"
    assert r.line_of_fire == "partial"
    assert r.blocked_by == ["b"]
    assert r.visible_fraction == pytest.approx((6 - 2.5) / 6)
    assert r.range == pytest.approx(53.75 - SIDE)  # 22.5 > 20 → long
    assert r.range_band == "long"
    assert r.to_hit["need"] == 5  # 4 − (−1 long)
    assert r.to_hit["criticals"] is False  # no criticals at long range
    assert r.can_fire
    # the proof: the shortest clear ray starts on the side and ends on the target
    (x0, _), (x1, _) = r.proof.ray
    assert x0 == pytest.approx(SIDE) and x1 == pytest.approx(53.75)
    assert len(r.proof.blocked) == 1


def test_wholly_blocked_names_the_nearest_first(tmp_path):
    # Two blockers heading 90 covering y ∈ [26, 34]... b1 at x 40 spans y 28.75..31.25,
    # b2 at x 46 spans y 30.75..33.25, b3 at x 40 spans y 26.25..28.75: together they
    # shade y ∈ [27, 33] completely.  Nearest face: b1 and b3 at x 36, b2 at x 42.
    scn = table(
        tmp_path,
        [
            ("a", 30, 30, 0),
            ("t", 55, 30, 0),
            ("b1", 40, 30, 90),
            ("b2", 46, 32, 90),
            ("b3", 40, 27.5, 90),
        ],
    )
    r = rule_fire(scn, "a", "t")
    assert r.line_of_fire == "blocked"
    assert r.visible_fraction == 0
    assert set(r.blocked_by[:2]) == {"b1", "b3"} and r.blocked_by[2] == "b2"
    assert not r.can_fire
    assert any("blocked" in why for why in r.reasons)


def test_grazing_an_edge_does_not_block(tmp_path):
    # b heading 90 at (40, 34.25) spans y ∈ [33, 35.5]: its lower edge lies exactly on
    # the deck's end ray y = 33.  Rays at y < 33 pass beneath it: nothing is shaded.
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", 55, 30, 0), ("b", 40, 34.25, 90)])
    r = rule_fire(scn, "a", "t")
    assert r.line_of_fire == "clear"
    assert r.blocked_by == []
    assert r.visible_fraction == 1.0


def test_grazing_a_corner_does_not_block(tmp_path):
    # A 2 × 2 square turned 45°: its lowest corner is √2 below its centre.  Centred at
    # (40, 33 + √2) the corner touches the deck's end ray y = 33 and nothing more.
    extra = '\n[classes.sq]\nname = "sq"\nbase = { length = 2, width = 2 }\nspeed = 1\n'
    scn = table(
        tmp_path,
        [("a", 30, 30, 0), ("t", 55, 30, 0)],
        extra=extra
        + f'\n[[ships]]\nid = "sq"\nroster = "sq"\nside = "x"\nx = 40\ny = {33 + 2**-0.5 * 2}\n'
        "heading = 45\n",
    )
    r = rule_fire(scn, "a", "t")
    assert r.blocked_by == []
    assert r.line_of_fire == "clear"


def test_land_blocks(tmp_path):
    scn = table(
        tmp_path,
        [("a", 30, 30, 0), ("t", 55, 30, 0)],
        land=[[(38, 20), (44, 20), (44, 40), (38, 40)]],
    )
    r = rule_fire(scn, "a", "t")
    assert r.line_of_fire == "blocked"
    assert r.blocked_by == ["isle0"]
    assert not r.can_fire


@pytest.mark.parametrize(
    "target, rake",
    [
        (("t", 30, 45, 180), "bow"),  # t ahead of a, bow pointing at a: a is off t's bow
        (("t", 30, 45, 0), "stern"),  # t pointing away: a is astern of her
        (("t", 31.25, 45, 180), "bow"),  # a's centre exactly on t's side line extended: closed
        (("t", 31.26, 45, 180), None),  # 0.01 off the side line: no rake
        (("t", 45, 30, 0), None),  # abeam
    ],
)
def test_rake(tmp_path, target, rake):
    scn = table(tmp_path, [("a", 30, 30, 0), target])
    assert rule_fire(scn, "a", "t").rake == rake


def test_bow_rake_save_modifier(tmp_path):
    # t at (45, 30) heading 270 points her bow at a: a lies ahead of t's bow edge
    # (x = 41) between her long sides (y 28.75..31.25).  Saves: 4 − (−1) = 5.
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", 45, 30, 270)])
    r = rule_fire(scn, "a", "t")
    assert r.rake == "bow"
    assert r.save["by_gun"]["light"]["need"] == 5
    # stern: t heading 90, a behind her stern; saves 4 − (−2) = 6
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", 45, 30, 90)])
    r = rule_fire(scn, "a", "t")
    assert r.rake == "stern"
    assert r.save["by_gun"]["light"]["need"] == 6


def test_big_ship_saves_better_against_light_guns(tmp_path):
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", 45, 30, 0)], rate=3)
    assert rule_fire(scn, "a", "t").save["by_gun"]["light"]["need"] == 3  # 4 − (+1)


def test_out_of_range_and_not_in_arc(tmp_path):
    # t at x 70: near edge 68.75, 37.5 from the side > 30 cm: beyond the arc
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", 70, 30, 0), ("u", 30, 60, 0)])
    r = rule_fire(scn, "a", "t")
    assert r.arc is None and r.range_band == "out_of_range" and not r.can_fire
    r = rule_fire(scn, "a", "u")  # dead ahead: in neither broadside
    assert r.arc is None and r.range_band is None
    assert r.reasons == ["not in either broadside arc"]


def test_arc_edge_is_in_arc_at_exactly_gun_range(tmp_path):
    # t's near edge at x = 31.25 + 30 exactly: touching the arc's far edge counts
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", SIDE + 30 + 1.25, 30, 0)])
    r = rule_fire(scn, "a", "t")
    assert r.arc == "starboard"
    assert r.range == pytest.approx(30)
    assert r.range_band == "long"


def test_band_edges(tmp_path):
    # near edge exactly 10 from the side: medium (short is < 10); exactly 20: medium
    for gap, band in ((10, "medium"), (9.999, "short"), (20, "medium"), (20.001, "long")):
        scn = table(tmp_path, [("a", 30, 30, 0), ("t", SIDE + gap + 1.25, 30, 0)])
        assert rule_fire(scn, "a", "t").range_band == band, gap


def test_carronades_reach_only_ten(tmp_path):
    # carronades only: the arc is 10 deep.  At 9.75 they fire; at 12.5 she is out of arc.
    scn = table(
        tmp_path, [("a", 30, 30, 0), ("t", SIDE + 9.75 + 1.25, 30, 0)], guns="{ carronade = 2 }"
    )
    r = rule_fire(scn, "a", "t")
    assert r.can_fire and r.dice == 2 and r.range_band == "short"
    scn = table(
        tmp_path, [("a", 30, 30, 0), ("t", SIDE + 12.5 + 1.25, 30, 0)], guns="{ carronade = 2 }"
    )
    assert rule_fire(scn, "a", "t").arc is None


def test_mixed_guns_only_those_in_reach_fire(tmp_path):
    # heavy 2 + carronade 3 at 12.5: only the heavy guns reach (carronades 10 cm)
    scn = table(
        tmp_path,
        [("a", 30, 30, 0), ("t", SIDE + 12.5 + 1.25, 30, 0)],
        guns="{ heavy = 2, carronade = 3 }",
    )
    assert rule_fire(scn, "a", "t").dice == 2


def test_firing_high(tmp_path):
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", 45, 30, 0)])  # range 12.5, medium
    r = rule_fire(scn, "a", "t", high=True)
    assert r.to_hit["need"] == 5  # 4 − (−1)
    assert r.to_hit["p_hit_fraction"] == "1/3"


def test_port_side(tmp_path):
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", 15, 30, 0)])
    r = rule_fire(scn, "a", "t")
    assert r.arc == "port"
    assert r.range == pytest.approx((30 - 1.25) - (15 + 1.25))  # 12.5


def test_rotated_target_range_from_a_corner(tmp_path):
    # t turned 45° with its centre at (45, 30): its nearest corner points at a.
    # Corner offsets of an 8 × 2.5 box turned 45°: the west-most corner sits
    # (4 + 1.25)·cos 45° west of the centre.
    scn = table(tmp_path, [("a", 30, 30, 0), ("t", 45, 30, 45)])
    r = rule_fire(scn, "a", "t")
    nearest_x = 45 - (4 + 1.25) * math.cos(math.radians(45))
    assert r.range == pytest.approx(nearest_x - SIDE)


def test_hold_fast_quadrants_and_categories(tmp_path):
    # Hold Fast, inches; a at (10, 10) heading 0.  t due east 3.2" away: starboard,
    # category ⌈3.2⌉ = 4 → long guns only (short reach 3), need 4 by the template table.
    ships = [("a", 10, 10, 0), ("t", 13.2, 10, 0)]
    scn = hold_fast(tmp_path, ships, speed=3)
    scn = _with_batteries(scn, {"long": 2, "short": 2})
    r = rule_fire(scn, "a", "t")
    assert r.arc == "starboard" and r.arcs == ["starboard"]
    assert r.range == pytest.approx(3.2)
    assert r.range_band == "4in"
    assert r.to_hit["need"] == 4
    assert r.dice == 2  # the two long batteries


def test_hold_fast_straddle_lists_both(tmp_path):
    # t centred on a's fore-starboard diagonal (bearing 45°) straddles two quadrants
    scn = _with_batteries(
        hold_fast(tmp_path, [("a", 10, 10, 0), ("t", 12, 12, 0)], speed=3),
        {"long": 1},
    )
    r = rule_fire(scn, "a", "t")
    assert r.arcs == ["fore", "starboard"]
    assert r.range_band == "3in"  # √8 = 2.83 → 3


@pytest.mark.parametrize("tx, side", [(12, "starboard"), (8, "port")])
def test_hold_fast_a_centre_on_a_diagonal_takes_the_broadside_both_listed(tmp_path, tx, side):
    # t exactly on the fore diagonal of a (bearing 45° or its mirror, 315°): in both
    # quadrants; the ruling takes the broadside (all 4 batteries bear) rather than the
    # fore quadrant (one chaser), so a table and its mirror image get the same ruling
    scn = _with_batteries(
        hold_fast(tmp_path, [("a", 10, 10, 0), ("t", tx, 12, 0)], speed=3),
        {"long": 4},
    )
    r = rule_fire(scn, "a", "t")
    assert r.arc == side and r.dice == 4
    assert sorted(r.arcs) == sorted(["fore", side])


def test_hold_fast_alongside_is_range_zero(tmp_path):
    # bases 0.5 wide side by side: centres 0.5 apart, bases touch
    scn = _with_batteries(
        hold_fast(tmp_path, [("a", 10, 10, 0), ("t", 10.5, 10, 0)], speed=3),
        {"carronade": 1},
    )
    r = rule_fire(scn, "a", "t")
    assert r.range == 0 and r.range_band == "alongside" and r.can_fire


def _with_batteries(scn, batteries):
    from dataclasses import replace

    ships = tuple(
        replace(s, cls=replace(s.cls, fields={**s.cls.fields, "batteries": batteries}))
        for s in scn.ships
    )
    return replace(scn, ships=ships)
