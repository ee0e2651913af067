"""Hold Fast fire: quadrant arcs, centre-to-centre range categories, batteries."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Protocol

import numpy as np
import shapely

from tabletop.common.units import TOL
from tabletop.geometry.angles import bearing, normalise
from tabletop.geometry.arcs import QUADRANTS, quadrant_of, quadrant_polygon
from tabletop.geometry.rake import NAMES as RAKE_NAMES
from tabletop.geometry.rake import rake
from tabletop.model.scenario import Scenario
from tabletop.referee import reckon
from tabletop.referee.fire import FireRuling, Proof, Table
from tabletop.rules.holdfast.config import Engined


class Chasing(Engined, Protocol):
    """What choosing a chaser reads: the to-hit table, and the damage points a hit."""

    to_hit_by_range: dict[str, list[int]]


class Firing(Chasing, Protocol):
    """What the quadrant ruling reads: whether bases block, the range categories and the
    guns' ranges, and what choosing the chaser reads."""

    @property
    def units(self) -> str: ...
    blocking: bool
    gun_ranges: dict[str, float]

    def category(self, rng: float, unit: str) -> int: ...


def best_chaser(rs: Chasing, guns: Iterable[str], cat: int) -> str:
    """The chaser a captain who names none fires (HF-33 ruling): the battery of most
    damage for its chance to hit at this range, damage points × (7 − the number needed)."""
    table = rs.to_hit_by_range
    return max(guns, key=lambda g: (rs.engine.damage.points[g] * (7 - table[g][cat]), g))


def quadrant_ruling(
    rs: Firing, scn: Scenario, tab: Table, i: int, j: int, high: bool
) -> FireRuling:
    """The quadrant the target's centre lies in (every quadrant her base reaches listed),
    range centre to centre in categories, the line between centres, batteries' to-hit."""
    f = tab.fleet
    firer, target = scn.ships[i], scn.ships[j]
    dx, dy = f.x[j] - f.x[i], f.y[j] - f.y[i]
    arc, arcs = _quadrants(tab, i, j)
    tpoly = shapely.Polygon(tab.corners[j])
    fpoly = shapely.Polygon(tab.corners[i])
    alongside = shapely.distance(fpoly, tpoly) <= TOL
    rng = 0.0 if alongside else float(np.hypot(dx, dy))
    cat = 0 if alongside else rs.category(rng, scn.units)
    batteries = dict(firer.cls.fields.get("batteries") or {})
    reasons: list[str] = []
    blocked_by = _blockers(tab, i, j) if rs.blocking and not alongside else []
    lof_state = "blocked" if blocked_by else "clear"
    table = rs.to_hit_by_range
    usable = {g: n for g, n in batteries.items() if n and g in table and cat < len(table[g])}
    if arc in ("fore", "aft") and usable:  # one chaser: the engine's default choice
        usable = {best_chaser(rs, usable, cat): 1}
    need = min((table[g][cat] for g in usable), default=None)
    band = "alongside" if cat == 0 else f"{cat}in"
    if not usable:
        band = band if any(cat < len(table.get(g, [])) for g in batteries) else "out_of_range"
        reasons.append("out of range")
    if blocked_by:
        reasons.append("line of fire blocked by " + ", ".join(blocked_by))
    to_hit = None
    if need is not None:
        n = max(1, min(6, need))
        p = Fraction(7 - n, 6)
        to_hit = {
            "need": n,
            "modifiers": [],
            "p_hit": round(float(p), 4),
            "p_hit_fraction": str(p),
            "by_battery": {g: table[g][cat] for g in usable},
        }
    rk = RAKE_NAMES[
        int(rake(f.x[j], f.y[j], f.heading[j], f.length[j], f.width[j], f.x[i], f.y[i]))
    ]
    quad = quadrant_polygon(
        f.x[i],
        f.y[i],
        f.heading[i],
        arc,
        max(reckon.gun_range(rs, g, scn.units) for g in rs.gun_ranges),
    )
    proof = Proof(
        arc=tuple(shapely.get_coordinates(quad)[:-1].tolist()),
        ray=((float(f.x[i]), float(f.y[i])), (float(f.x[j]), float(f.y[j]))),
    )
    return FireRuling(
        firer.id,
        target.id,
        scn.units,
        arc,
        arcs,
        rng,
        band,
        lof_state,
        blocked_by,
        0.0 if blocked_by else 1.0,
        rk,
        not reasons,
        reasons,
        to_hit,
        sum(usable.values()),
        None,
        proof=proof,
    )


def _quadrants(tab: Table, i: int, j: int) -> tuple[str, list[str]]:
    """The quadrant of the target's centre, and every quadrant her base reaches into.

    Referee's ruling (SPEC lists both and leaves the choice to the firer): a centre on a
    diagonal, within the one tolerance, is in both quadrants, and the ruling takes the
    broadside one (starboard or port), where the most guns bear.  So the ruling is the
    same when the table is mirrored (starboard and port swap, fore and aft stay)."""
    f = tab.fleet
    dx, dy = f.x[j] - f.x[i], f.y[j] - f.y[i]
    rel = normalise(float(bearing(dx, dy)) - f.heading[i])
    names = list(QUADRANTS)
    arc = names[int(quadrant_of(rel))]
    diagonal = 45.0 + 90.0 * round((rel - 45.0) / 90.0)
    off = float(np.hypot(dx, dy)) * abs(np.sin(np.radians(rel - diagonal)))
    if off <= TOL:  # on the diagonal: the broadside quadrant of the two
        arc = "starboard" if normalise(diagonal) < 180 else "port"
    reach = max(1.0, float(np.hypot(dx, dy)) + f.length[j] + f.width[j]) * 2
    tpoly = shapely.Polygon(tab.corners[j])
    arcs = [
        q
        for q in names
        if shapely.intersection(
            tpoly, quadrant_polygon(f.x[i], f.y[i], f.heading[i], q, reach)
        ).area
        > TOL * TOL
    ]
    if arc not in arcs:
        arcs.append(arc)
    arcs.sort(key=names.index)
    return arc, arcs


def _blockers(tab: Table, i: int, j: int) -> list[str]:
    """Bases and land the line between centres passes through (not grazes), nearest first."""
    f = tab.fleet
    line = shapely.LineString([(f.x[i], f.y[i]), (f.x[j], f.y[j])])
    others = [(k, shapely.Polygon(tab.corners[k])) for k in range(len(f)) if k not in (i, j)]
    others += [(len(f) + k, shapely.Polygon(r)) for k, r in enumerate(tab.land)]
    hits = [
        (float(shapely.distance(shapely.Point(f.x[i], f.y[i]), g)), k)
        for k, g in others
        if shapely.intersection(line, g).length > TOL
    ]
    return [tab.name(k) for _, k in sorted(hits)]
