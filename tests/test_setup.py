"""Setting up a table (issue 60): the set-up's operations, their refusals, undo, and a
round trip through every shipped scenario.  Hold Fast tables: bases 1.25 × 0.5 in."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tabletop.common.errors import TabletopError
from tabletop.game.load import load_scenario
from tabletop.game.setup import Setup
from tabletop.referee.fire import rule_fire
from tabletop.referee.rulings import measure, sail

from .conftest import SCENARIOS


def test_a_dispute_set_up_from_nothing_and_ruled(tmp_path: Path):
    """A 36 × 24 in Hold Fast table.  The British frigate is laid 12 in from the west
    edge and 8 from the south, heading north: centre (12, 8).  The French one 4 in from
    her centre on a bearing of 90° (due east): (12 + 4 sin 90°, 8 + 4 cos 90°) =
    (16, 8), heading north too.  A rock of three corners, the wind from the west.
    Saved, the file loads as a scenario.  The ruling, worked from the rules: the French
    ship lies east of a ship heading north, so in her starboard quadrant; range centre
    to centre 4 in, its category 4; long guns at range 4 need a 4 (the template's
    long [1, 1, 2, 3, 4]), p = 3/6 = 1/2."""
    s = Setup.new("hold-fast", "in", 36, 24)
    a = s.add_ship("frigate-36", "british", 1, 1)
    b = s.add_ship("frigate-36", "french", 2, 2)
    assert (a, b) == ("frigate-36-1", "frigate-36-2")  # ids made from the class
    s.place_from_edges(a, west=12, south=8)
    s.place_from(b, a, 4, 90)
    s.add_terrain([(20, 20), (24, 20), (22, 23)], name="rock")
    s.set_wind("W")
    out = tmp_path / "dispute.toml"
    s.save(out)
    scn = load_scenario(out)
    assert (scn.ship(a).pose.x, scn.ship(a).pose.y) == (12, 8)
    assert (scn.ship(b).pose.x, scn.ship(b).pose.y) == pytest.approx((16, 8))
    assert scn.wind.from_deg == 270 and len(scn.terrain) == 1
    r = rule_fire(scn, a, b)
    assert (r.arc, r.range, r.can_fire) == ("starboard", pytest.approx(4), True)
    assert r.to_hit is not None and (r.to_hit["need"], r.to_hit["p_hit_fraction"]) == (4, "1/2")


def test_a_ship_placed_by_the_gap_between_bases():
    """From her base's edge: the first ship heads north at (12, 8), her base 0.5 wide,
    so her east edge is at 12.25; 2 in beyond it, the second ship's west edge at 14.25,
    her centre at 14.25 + 0.25 = 14.5."""
    s = Setup.new("hold-fast", "in", 36, 24)
    a = s.add_ship("frigate-36", "british", 12, 8)
    b = s.add_ship("frigate-36", "french", 20, 8)
    s.place_from(b, a, 2, 90, from_edge=True)
    assert s.ship(b)["x"] == pytest.approx(14.5, abs=1e-9) and s.ship(b)["y"] == pytest.approx(8)


def test_what_a_table_may_not_have_is_refused_and_nothing_changes():
    s = Setup.new("hold-fast", "in", 36, 24)
    a = s.add_ship("frigate-36", "british", 12, 8)
    before = s.data
    with pytest.raises(TabletopError, match="simple polygon"):
        s.add_terrain([(0, 0), (2, 2), (2, 0), (0, 2)])  # a bow tie: its edges cross
    with pytest.raises(TabletopError, match="is taken by another ship"):
        s.add_ship("frigate-36", "french", 1, 1, sid=a)
    with pytest.raises(TabletopError, match="one word of letters"):
        s.rename(a, "hms amazon")
    with pytest.raises(TabletopError, match="expected a class of"):
        s.add_ship("no-such-class", "french", 1, 1)
    assert s.data == before


def test_overlaps_and_the_edge_are_flagged_not_refused_and_undo_takes_back():
    """A duplicate laid on her is kept (a real table can be like that) and flagged; a
    ship whose centre is off the table too; undo and redo walk the edits."""
    s = Setup.new("hold-fast", "in", 36, 24)
    a = s.add_ship("frigate-36", "british", 12, 8)
    c = s.duplicate(a)
    assert s.flags() == [f"{a} and {c}: their bases overlap"]
    s.place(c, x=40)  # 36 in wide
    assert s.flags() == [f"{c}: her centre is off the table"]
    s.turn(a, 52)  # snapped to 15°: 45, a Hold Fast heading (the 8 points, ±5°)
    assert s.ship(a)["heading"] == 45
    with pytest.raises(TabletopError, match="one of the 8 points"):
        s.turn(a, 52, fine=True)  # 52° is no heading of these rules: refused, kept 45
    s.turn(a, 89, fine=True)  # within the rules' 5° of east
    assert s.ship(a)["heading"] == 89
    assert s.undo() and s.ship(a)["heading"] == 45
    assert s.redo() and s.ship(a)["heading"] == 89
    s.delete(c)
    assert [x["id"] for x in s.ships()] == [a]
    assert not s.saved


def test_an_empty_table_is_set_up_but_not_saved(tmp_path: Path):
    s = Setup.new("man-o-war", "in", 48, 36)
    with pytest.raises(Exception, match="ships"):
        s.save(tmp_path / "empty.toml")
    assert not (tmp_path / "empty.toml").exists()


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.stem)
def test_every_shipped_scenario_round_trips_with_the_same_rulings(path: Path, tmp_path: Path):
    """Opened and saved by the set-up, without an edit: every ship's sail ruling, every
    pair's measure and fire rulings are the same as the original's."""
    out = tmp_path / path.name
    Setup.open(path).save(out)
    old, new = load_scenario(path), load_scenario(out)
    assert [s.id for s in new.ships] == [s.id for s in old.ships]
    for s in old.ships:
        assert sail(new, s.id) == sail(old, s.id)
    for a, b in itertools.permutations([s.id for s in old.ships], 2):
        assert measure(new, a, b) == measure(old, a, b)
        if old.ruleset.caps.has_gunnery:
            assert rule_fire(new, a, b).as_json() == rule_fire(old, a, b).as_json()
