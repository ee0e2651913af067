"""Rulings at their boundaries are decided by the one tolerance, whatever the frame.

A referee's tool lives at the boundary: a target just touching an arc's edge, a range of
exactly 10 (the short/medium band edge), a third ship whose side lies exactly along a
ray.  Each case is built in the firer's own frame (u along her side, v out from it) at
several headings, then the table is turned by right angles, mirrored and re-measured in
inches: every ruling must come out the same (port and starboard swapped in the mirror).

Boxes 8 × 2.5 with a 6 gun deck (u from −3 to 3); the side is 1.25 from the centre line,
the arc 30 deep.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tabletop.referee.fire import rule_fire

from .helpers import mirror, rigid, table, to_inches

HALF_W, HALF_L = 1.25, 4.0  # half the base's width and length
SWAP = {"port": "starboard", "starboard": "port", None: None}


def at(h: float, u: float, v: float) -> tuple[float, float]:
    """A point u along a's heading and v out to her starboard, a at (100, 100)."""
    r = math.radians(h)
    return 100 + u * math.sin(r) + v * math.cos(r), 100 + u * math.cos(r) - v * math.sin(r)


def case(kind: str, h: float) -> list[tuple]:
    """The ships of one boundary case with a at heading ``h``."""
    a = ("a", 100, 100, h, "british")
    if kind == "arc-edge":  # b parallel, her stern exactly at the deck's forward end u = 3
        return [a, ("b", *at(h, 3 + HALF_L, HALF_W + 5 + HALF_W), h, "french")]
    if kind == "corner":  # b square to a, one corner just on the arc's forward edge
        return [a, ("b", *at(h, 3 + HALF_W, HALF_W + 5 + HALF_L), h + 90, "french")]
    if kind == "band-edge":  # b abeam, her near side exactly 10 out: medium, not short
        return [a, ("b", *at(h, 0, HALF_W + 10 + HALF_W), h, "french")]
    if kind == "far-edge":  # b's near side exactly 30 out, the arc's depth
        return [a, ("b", *at(h, 0, HALF_W + 30 + HALF_W), h, "french")]
    if kind == "tangent":  # c's stern exactly on the ray from u = 0: b half blocked
        return [
            a,
            ("b", *at(h, 0, HALF_W + 20 + HALF_W), h, "french"),
            ("c", *at(h, 0 - HALF_L, HALF_W + 8 + HALF_W), h, "british"),
        ]
    if kind == "grazing":  # c's side runs exactly along the deck's forward end ray
        return [
            a,
            ("b", *at(h, 0, HALF_W + 20 + HALF_W), h, "french"),
            ("c", *at(h, 3 + HALF_W, HALF_W + 8 + HALF_L), h + 90, "british"),
        ]
    raise ValueError(kind)


def ruling(scn, mirrored: bool = False, k: float = 1.0) -> tuple:
    r = rule_fire(scn, "a", "b")
    arc = SWAP[r.arc] if mirrored else r.arc
    rng = None if r.range is None else round(r.range * k, 4)
    return (arc, rng, r.range_band, r.line_of_fire, tuple(r.blocked_by), r.can_fire)


KINDS = ["arc-edge", "corner", "band-edge", "far-edge", "tangent", "grazing"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("h", [0, 17, 90, 133, 215])
def test_boundary_rulings_do_not_depend_on_the_frame(tmp_path: Path, kind: str, h: float):
    scn = table(tmp_path, case(kind, h), guns="{ light = 3 }")
    want = ruling(scn)
    for angle in (90, 180, 270):
        assert ruling(rigid(scn, angle, 13.0, -7.0)) == want, f"turned {angle}°"
    assert ruling(mirror(scn), mirrored=True) == want, "mirrored"
    assert ruling(to_inches(scn), k=2.54) == want, "in inches"


@pytest.mark.parametrize("h", [0, 133])
def test_the_boundary_cases_rule_as_the_rules_say(tmp_path: Path, h: float):
    def r(kind: str) -> tuple:
        return ruling(table(tmp_path, case(kind, h), guns="{ light = 3 }"))

    # touching is reaching: the edge ray reaches b, clear, 5 out: short
    assert r("arc-edge") == ("starboard", 5.0, "short", "clear", (), True)
    assert r("corner")[0] == "starboard" and r("corner")[3] == "clear"
    # a range of exactly 10 is medium (short is below 10)
    assert r("band-edge") == ("starboard", 10.0, "medium", "clear", (), True)
    # exactly at the guns' 30: in range, long
    assert r("far-edge") == ("starboard", 30.0, "long", "clear", (), True)
    # c covers the rays from u −3 to 0 exactly: half the deck blocked, b still seen
    tangent = r("tangent")
    assert tangent[3] == "partial" and tangent[4] == ("c",) and tangent[5]
    # c's side along the deck's end ray only grazes it: nothing blocked
    assert r("grazing") == ("starboard", 20.0, "medium", "clear", (), True)
