"""SPEC §5 worked examples, through the same code the CLI uses."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from tabletop.game.load import load_scenario
from tabletop.geometry.pose import Pose
from tabletop.referee.fire import rule_fire
from tabletop.referee.rulings import measure, sail

from .conftest import SCENARIOS


@pytest.fixture(scope="module")
def example():
    return load_scenario(SCENARIOS / "worked-example.toml")


def with_pose(scn, ship_id, **kw):
    ships = tuple(
        s.moved(Pose(**{**s.pose._asdict(), **kw})) if s.id == ship_id else s for s in scn.ships
    )
    return replace(scn, ships=ships)


def test_reaching_allowance(example):
    scn = with_pose(example, "a", heading=120.0)
    d = sail(scn, "a")
    # θ = |wrap(0 − 120)| = 120 → reaching; allowance 4/3 × 15 = 20
    assert d["relative_wind"] == 120
    assert d["point_of_sail"] == "reaching"
    assert d["wind_side"] == "port"
    assert d["allowance"] == pytest.approx(4 / 3 * 15)


def test_starboard_arc_medium_range(example):
    r = rule_fire(example, "a", "b")
    # A's starboard side x = 30 + 2.5/2 = 31.25; B's near edge x = 45 − 1.25 = 43.75
    assert r.arc == "starboard"
    assert r.arcs == ["starboard"]
    assert r.range == pytest.approx(43.75 - 31.25)
    assert r.range_band == "medium"
    assert r.to_hit["need"] == 4
    assert r.to_hit["p_hit"] == 0.5
    assert r.line_of_fire == "clear"
    assert r.visible_fraction == 1.0
    assert r.can_fire


def test_measure_example(example):
    d = measure(example, "a", "b")
    assert d["centre_distance"] == pytest.approx(round(math.hypot(15, 2), 4))
    assert d["centre_distance"] == pytest.approx(15.1327)
    assert d["edge_distance"] == pytest.approx(12.5)
    assert d["bearing"] == pytest.approx(82.4054, abs=1e-4)
    assert d["relative_bearing"] == pytest.approx(82.4054, abs=1e-4)


def test_target_turned_across_is_short_range(example):
    scn = with_pose(example, "b", heading=270.0)
    r = rule_fire(scn, "a", "b")
    # B's base now x ∈ [41, 49], y ∈ [30.75, 33.25]: overlaps the arc's y ∈ [27, 33]
    assert r.arc == "starboard"
    assert r.range == pytest.approx(41 - 31.25)  # 9.75 < 10 → short
    assert r.range_band == "short"
    assert r.to_hit["need"] == 3  # 4 − (+1 short)
    assert r.to_hit["p_hit"] == pytest.approx(round(4 / 6, 4))
