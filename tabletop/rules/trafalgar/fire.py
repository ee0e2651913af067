"""Modified Trafalgar fire: the broadside ruling, saves by gun type, and its proof."""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import shapely

from tabletop.common.units import TOL
from tabletop.geometry import lof
from tabletop.geometry.arcs import (
    SIDES,
    broadside_polygon,
    deck_span,
    from_broadside,
    to_broadside,
)
from tabletop.geometry.rake import NAMES as RAKE_NAMES
from tabletop.geometry.rake import rake, rake_zones
from tabletop.model.scenario import Fleet, Scenario, ShipClass
from tabletop.referee import reckon
from tabletop.referee.fire import FireRuling, Proof, Table, die_odds, longest_range, side_rays
from tabletop.rules.base import Band


class Firing(Protocol):
    """What the broadside ruling reads of the ruleset: the range bands and the guns'
    ranges, the to-hit and save numbers and their modifiers, the big-ship rate, and the
    order the guns are rolled in."""

    @property
    def units(self) -> str: ...
    @property
    def bands(self) -> tuple[Band, ...]: ...
    @property
    def gun_ranges(self) -> dict[str, float]: ...
    to_hit: int
    save: int
    fire_modifiers: dict[str, int]
    save_modifiers: dict[str, int]
    big_ship_rate: int
    gun_order: tuple[str, ...]



def broadside_ruling(
    rs: Firing, scn: Scenario, tab: Table, i: int, j: int, high: bool
) -> FireRuling:
    """Arc by the rays of each broadside (touching is reaching), range and band along the
    shortest clear ray, the line of fire from the deck's visible share, rake, odds."""
    f = tab.fleet
    firer, target = scn.ships[i], scn.ships[j]
    depth = longest_range(scn, firer.cls)
    found: dict[str, tuple[lof.Verdict, np.ndarray]] = {}
    for side, sign in SIDES.items():
        if not _meets_arc(tab, i, j, sign, depth):
            continue  # no ray of this side can reach her: nothing to cast
        cand, rays = side_rays(tab, i, sign, depth, cull=True)
        where = np.flatnonzero(cand == j)
        if where.size == 0:
            continue
        v = lof.verdict(rays, int(where[0]))
        if v.reach > 0 or v.nearest <= depth + TOL:
            found[side] = (v, cand)
    arcs = [s for s in SIDES if s in found]
    rk = RAKE_NAMES[
        int(rake(f.x[j], f.y[j], f.heading[j], f.length[j], f.width[j], f.x[i], f.y[i]))
    ]
    reasons: list[str] = []
    if not arcs:
        return _not_in_arc(scn, tab, i, j, rk)
    side = min(arcs, key=lambda s: (-(found[s][0].visible_fraction), found[s][0].range or np.inf))
    v, cand = found[side]
    sign = SIDES[side]
    blocked_by = [tab.name(int(cand[c])) for c in v.blockers]
    rng = v.range
    band_obj = reckon.band(rs, rng, scn.units, depth) if rng is not None else None
    band = band_obj.name if band_obj else "out_of_range"
    guns = dict(firer.cls.fields.get("guns") or {})
    in_reach = {
        g: n
        for g, n in guns.items()
        if n and rng is not None and rng <= reckon.gun_range(rs, g, scn.units) + TOL
    }
    dice = sum(in_reach.values())
    if v.line_of_fire == "blocked":
        reasons.append("line of fire blocked by " + ", ".join(blocked_by))
    if band == "out_of_range":
        reasons.append("out of range")
    if guns and dice == 0 and band != "out_of_range":
        reasons.append("no guns on that side reach this range")
    to_hit = _to_hit(rs, band_obj, high)
    save = _saves(rs, target.cls, rk, in_reach)
    groups = tuple((g, in_reach[g]) for g in rs.gun_order if g in in_reach) + tuple(
        (g, n) for g, n in in_reach.items() if g not in rs.gun_order
    )
    proof = _broadside_proof(
        f, i, sign, depth, v, rk, f.x[j], f.y[j], f.heading[j], f.length[j], f.width[j]
    )
    return FireRuling(
        firer=firer.id,
        target=target.id,
        units=scn.units,
        arc=side,
        arcs=arcs,
        range=rng,
        range_band=band,
        line_of_fire=v.line_of_fire,
        blocked_by=blocked_by,
        visible_fraction=v.visible_fraction,
        rake=rk,
        can_fire=not reasons,
        reasons=reasons,
        to_hit=to_hit,
        dice=dice,
        save=save,
        groups=groups,
        proof=proof,
    )


def _meets_arc(tab: Table, i: int, j: int, sign: float, depth: float) -> bool:
    """Whether target ``j``'s base meets firer ``i``'s arc on one side (touching counts),
    before any ray is cast."""
    f = tab.fleet
    u0, u1 = deck_span(f.deck[i], f.deck_offset[i])
    uv = to_broadside(f.x[i], f.y[i], f.heading[i], f.width[i], sign, tab.corners[j])
    if uv[:, 0].max() < u0 - TOL or uv[:, 0].min() > u1 + TOL or uv[:, 1].max() < -TOL:
        return False
    if uv[:, 1].min() > depth + TOL:
        return False
    return bool(shapely.distance(shapely.box(u0, 0.0, u1, depth), shapely.Polygon(uv)) <= TOL)


def _not_in_arc(scn: Scenario, tab: Table, i: int, j: int, rk: str | None) -> FireRuling:
    """Not in arc: say how far out she is, if she lies off either broadside at all (her
    base meets the strip out from the gun deck, however far); only her outline matters
    here, so land, however detailed, costs nothing."""
    f = tab.fleet
    u0, u1 = deck_span(f.deck[i], f.deck_offset[i])
    band = None
    for sign in SIDES.values():
        uv = to_broadside(f.x[i], f.y[i], f.heading[i], f.width[i], sign, tab.corners[j])
        far = float(uv[:, 1].max()) + 1.0
        strip = shapely.box(u0, 0.0, u1, max(far, 1.0))
        if shapely.distance(strip, shapely.Polygon(uv)) <= TOL:
            band = "out_of_range"
    return FireRuling(
        firer=scn.ships[i].id,
        target=scn.ships[j].id,
        units=scn.units,
        arc=None,
        arcs=[],
        range=None,
        range_band=band,
        line_of_fire=None,
        blocked_by=[],
        visible_fraction=0.0,
        rake=rk,
        can_fire=False,
        reasons=["out of range" if band else "not in either broadside arc"],
        to_hit=None,
    )


def _to_hit(rs: Firing, band: Band | None, high: bool) -> dict[str, Any]:
    """The d6 needed to hit: the base, the band's modifier, firing high."""
    mods: list[dict[str, Any]] = []
    if band and band.modifier:
        mods.append({"name": f"{band.name} range", "value": band.modifier})
    if high:
        mods.append({"name": "firing high", "value": rs.fire_modifiers.get("firing_high", -1)})
    need, p = die_odds(rs.to_hit - sum(m["value"] for m in mods))
    return {
        "need": need,
        "modifiers": mods,
        "p_hit": round(float(p), 4),
        "p_hit_fraction": str(p),
        "criticals": bool(band.criticals) if band else False,
    }


def _saves(rs: Firing, target: ShipClass, rk: str | None, guns: dict[str, int]) -> dict[str, Any]:
    sm = rs.save_modifiers
    common: list[dict[str, Any]] = []
    if rk == "bow":
        common.append({"name": "bow raked", "value": sm.get("bow_rake", -1)})
    if rk == "stern":
        common.append({"name": "stern raked", "value": sm.get("stern_rake", -2)})
    own = target.fields.get("save_modifier")
    if isinstance(own, int) and not isinstance(own, bool) and own:
        common.append({"name": f"{target.name} (data card)", "value": own})
    by_gun: dict[str, Any] = {}
    for g in guns:
        mods: list[dict[str, Any]] = list(common)
        if g == "carronade" and "carronade" in sm:
            mods.append({"name": "carronade", "value": sm["carronade"]})
        if (
            g == "light"
            and target.rate is not None
            and target.rate <= rs.big_ship_rate
            and "big_ship_vs_light" in sm
        ):
            mods.append(
                {
                    "name": f"{_ordinal(rs.big_ship_rate)} rate or higher vs light guns",
                    "value": sm["big_ship_vs_light"],
                }
            )
        need, p = die_odds(rs.save - sum(m["value"] for m in mods))
        by_gun[g] = {
            "need": need,
            "modifiers": mods,
            "p_save": round(float(p), 4),
            "p_save_fraction": str(p),
        }
    return {"modifiers": common, "by_gun": by_gun}


def _broadside_proof(
    f: Fleet,
    i: int,
    sign: float,
    depth: float,
    v: lof.Verdict,
    rk: str | None,
    tx: float,
    ty: float,
    th: float,
    tl: float,
    tw: float,
) -> Proof:
    args = (float(f.x[i]), float(f.y[i]), float(f.heading[i]), float(f.width[i]), sign)
    arc = broadside_polygon(*args, float(f.deck[i]), float(f.deck_offset[i]), 0.0, depth)

    def quad(a: float, b: float, far: float) -> tuple[tuple[float, float], ...]:
        pts = from_broadside(*args, np.array([[a, 0.0], [b, 0.0], [b, far], [a, far]]))
        return tuple((float(x), float(y)) for x, y in pts)

    ray: tuple[tuple[float, float], ...] = ()
    if v.range is not None and v.range_u is not None:
        pts = from_broadside(*args, np.array([[v.range_u, 0.0], [v.range_u, v.range]]))
        ray = tuple((float(x), float(y)) for x, y in pts)
    zone: tuple[tuple[float, float], ...] = ()
    if rk:
        bow, stern = rake_zones(tx, ty, th, tl, tw, depth)
        zone = tuple(shapely.get_coordinates(bow if rk == "bow" else stern)[:-1].tolist())
    return Proof(
        arc=tuple(shapely.get_coordinates(arc)[:-1].tolist()),
        ray=ray,
        clear=tuple(quad(a, b, depth) for a, b in v.clear_spans),
        blocked=tuple(quad(a, b, depth) for a, b in v.blocked_spans),
        rake_zone=zone,
    )


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
