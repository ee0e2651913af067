"""Fire rulings: arc, range, band, line of fire, rake and odds, with their proof.

``rule_fire`` answers the referee for one firer and target; ``fire_table`` answers for
every ordered pair of a fleet at once (the vectorised core the window and the bench
use); ``naive_fire_pair`` is an independent per-pair reference built on shapely rays,
kept to check the fast core and to measure it against.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import shapely

from tabletop.errors import TabletopError
from tabletop.geometry import lof
from tabletop.geometry.angles import bearing, normalise
from tabletop.geometry.arcs import (
    QUADRANTS,
    SIDES,
    broadside_polygon,
    deck_span,
    from_broadside,
    quadrant_of,
    quadrant_polygon,
    to_broadside,
)
from tabletop.geometry.outlines import base_corners
from tabletop.geometry.rake import NAMES as RAKE_NAMES
from tabletop.geometry.rake import rake, rake_zones
from tabletop.model import Fleet, Scenario, ShipClass
from tabletop.units import TOL

#: Gun types heaviest first: the order dice are rolled and guns are lost in.
GUN_ORDER = ("heavy", "light", "carronade")

MM_PER = {"cm": 10.0, "in": 25.4}


def round4(x: float | None) -> float | None:
    return None if x is None else round(float(x), 4)


def die_odds(need: int) -> tuple[int, Fraction]:
    """Clamp a d6 target to 2..6 (a natural 1 always fails, a 6 always succeeds)."""
    n = min(6, max(2, need))
    return n, Fraction(7 - n, 6)


@dataclass(frozen=True)
class Proof:
    """The geometry that shows a ruling, in table coordinates (for pictures and JSON)."""

    arc: tuple[tuple[float, float], ...] = ()
    ray: tuple[tuple[float, float], ...] = ()
    clear: tuple[tuple[tuple[float, float], ...], ...] = ()
    blocked: tuple[tuple[tuple[float, float], ...], ...] = ()
    rake_zone: tuple[tuple[float, float], ...] = ()

    def as_json(self) -> dict[str, Any]:
        def pts(p: Any) -> list[list[float]]:
            return [[round(x, 4), round(y, 4)] for x, y in p]

        return {
            "arc": pts(self.arc),
            "ray": pts(self.ray),
            "clear": [pts(q) for q in self.clear],
            "blocked": [pts(q) for q in self.blocked],
            "rake_zone": pts(self.rake_zone),
        }


@dataclass(frozen=True)
class FireRuling:
    firer: str
    target: str
    units: str
    arc: str | None
    arcs: list[str]
    range: float | None
    range_band: str | None
    line_of_fire: str | None
    blocked_by: list[str]
    visible_fraction: float
    rake: str | None
    can_fire: bool
    reasons: list[str]
    to_hit: dict[str, Any] | None
    dice: int = 0
    save: dict[str, Any] | None = None
    groups: tuple[tuple[str, int], ...] = ()  # dice in reach by gun type, heaviest first
    proof: Proof = field(default_factory=Proof)

    def as_json(self) -> dict[str, Any]:
        return {
            "firer": self.firer,
            "target": self.target,
            "units": self.units,
            "arc": self.arc,
            "arcs": self.arcs,
            "range": round4(self.range),
            "range_band": self.range_band,
            "line_of_fire": self.line_of_fire,
            "blocked_by": self.blocked_by,
            "visible_fraction": round(self.visible_fraction, 4),
            "rake": self.rake,
            "can_fire": self.can_fire,
            "reasons": self.reasons,
            "to_hit": self.to_hit,
            "dice": self.dice,
            "odds": self.odds(),
            "save": self.save,
            "proof": self.proof.as_json(),
        }

    def odds(self, groups: tuple[tuple[str, int], ...] | None = None) -> dict[str, Any] | None:
        """Exact odds of each number of hits and unsaved hits for the whole broadside."""
        if self.to_hit is None or not self.save:
            return None
        from tabletop.odds import broadside

        p_hit = Fraction(self.to_hit["p_hit_fraction"])
        by_gun = self.save["by_gun"]
        groups = self.groups if groups is None else groups
        return broadside([(n, p_hit, Fraction(by_gun[g]["p_save_fraction"])) for g, n in groups])

    def text(self) -> str:
        """The ruling as a referee would read it aloud."""
        u = self.units
        lines = [f"{self.firer} firing at {self.target}:"]
        if self.arc:
            lines.append(
                f"  in her {self.arc} arc"
                + (
                    f" (also touches: {', '.join(a for a in self.arcs if a != self.arc)})"
                    if len(self.arcs) > 1
                    else ""
                )
            )
        else:
            lines.append("  not in any arc")
        if self.range is not None:
            lines.append(
                f"  range {self.range:.4g} {u} ({self.range * MM_PER[u]:.1f} mm), {self.range_band}"
            )
        if self.line_of_fire:
            lof_txt = (
                f"  line of fire {self.line_of_fire}, {self.visible_fraction:.0%} of the deck clear"
            )
            if self.blocked_by:
                lof_txt += f"; blocked by {', '.join(self.blocked_by)} (nearest first)"
            lines.append(lof_txt)
        if self.rake:
            lines.append(f"  {self.rake} rake")
        if self.to_hit:
            mods = ", ".join(f"{m['name']} {m['value']:+d}" for m in self.to_hit["modifiers"])
            lines.append(
                f"  to hit: {self.to_hit['need']}+ on d6"
                + (f" ({mods})" if mods else "")
                + f", p = {self.to_hit['p_hit_fraction']}; {self.dice} dice"
            )
        lines.append("  CAN FIRE" if self.can_fire else "  cannot fire: " + "; ".join(self.reasons))
        return "\n".join(lines)


# --------------------------------------------------------------------------- tables
@dataclass(frozen=True)
class Table:
    """Everything fixed about a table for fire rulings: outlines and names, in arrays."""

    fleet: Fleet
    corners: np.ndarray  # (N, 4, 2) base corners
    land: tuple[np.ndarray, ...]  # rings of blocking terrain
    land_names: tuple[str, ...]

    @classmethod
    def of(cls, scn: Scenario) -> Table:
        fleet = Fleet.of(scn.ships)
        corners = base_corners(fleet.x, fleet.y, fleet.heading, fleet.length, fleet.width)
        land = scn.land()
        rings = tuple(np.array(t.points, dtype=float) for _, t in land)
        return cls(fleet, corners, rings, tuple(name for name, _ in land))

    def name(self, c: int) -> str:
        """Outline index (ships first, then land) to a name."""
        n = len(self.fleet)
        return self.fleet.ids[c] if c < n else self.land_names[c - n]


def longest_range(scn: Scenario, cls: ShipClass) -> float:
    """Depth of the broadside arc: the range of the longest gun this class carries."""
    guns = cls.fields.get("guns") or cls.fields.get("batteries") or {}
    rs = scn.ruleset
    ranges = [rs.gun_range(g, scn.units) for g, n in guns.items() if n and g in rs.gun_ranges]
    if not ranges and rs.gun_ranges:
        ranges = [rs.gun_range(g, scn.units) for g in rs.gun_ranges]
    return max(ranges, default=0.0)


def _frames(tab: Table, firers: np.ndarray, sign: float) -> tuple[np.ndarray, list[np.ndarray]]:
    """All ship corners and land rings in the broadside frames of ``firers`` at once.

    Returns ship corners ``(F, N, 4, 2)`` and, per land piece, ``(F, K, 2)``.
    """
    f = tab.fleet
    x, y, h, w = f.x[firers], f.y[firers], f.heading[firers], f.width[firers]
    ships = to_broadside(x[:, None], y[:, None], h[:, None], w[:, None], sign, tab.corners[None])
    land = [
        to_broadside(x, y, h, w, sign, np.broadcast_to(r, (len(firers), *r.shape)))
        for r in tab.land
    ]
    return ships, land


def _side_rays(
    tab: Table,
    i: int,
    sign: float,
    depth: float,
    cull: bool,
    ships_uv: np.ndarray | None = None,
    land_uv: list[np.ndarray] | None = None,
) -> tuple[np.ndarray, lof.Rays]:
    """Rays of firer ``i``'s broadside ``sign`` against the outlines that can matter.

    Returns the outline index of each column (ships first, then ``N + k`` for land piece
    ``k``) and the rays.  With ``cull``, outlines wholly beyond ``depth`` are left out:
    rays are as long as the longest gun's range, so they cannot matter.
    """
    f = tab.fleet
    if ships_uv is None or land_uv is None:
        s_uv, l_uv = _frames(tab, np.array([i]), sign)
        ships_uv, land_uv = s_uv[0], [lu[0] for lu in l_uv]
    u0, u1 = deck_span(f.deck[i], f.deck_offset[i])
    uu, vv = ships_uv[..., 0], ships_uv[..., 1]
    keep = (uu.max(-1) >= u0 - TOL) & (uu.min(-1) <= u1 + TOL) & (vv.max(-1) >= -TOL)
    if cull:
        keep &= vv.min(-1) <= depth + TOL
    keep[i] = False
    cand = np.flatnonzero(keep)
    parts = [lof.edges_from_corners(ships_uv[cand])]
    n = len(f)
    land_idx = []
    for k, luv in enumerate(land_uv):
        if luv[:, 0].max() < u0 - TOL or luv[:, 0].min() > u1 + TOL or luv[:, 1].max() < -TOL:
            continue
        if cull and luv[:, 1].min() > depth + TOL:
            continue
        parts.append(lof.edges_of([luv]))
        land_idx.append(n + k)
    if len(parts) > 1:
        emax = max(p.shape[1] for p in parts)
        parts = [
            np.pad(p, ((0, 0), (0, emax - p.shape[1]), (0, 0), (0, 0)), constant_values=np.nan)
            for p in parts
        ]
    rays = lof.cast(np.concatenate(parts), u0, u1)
    if np.isfinite(depth):
        rays = lof.Rays(
            rays.events,
            np.where(rays.hits > depth + TOL, np.inf, rays.hits),
            np.where(rays.event_hits > depth + TOL, np.inf, rays.event_hits),
        )
    return np.concatenate([cand, np.array(land_idx, dtype=int)]), rays


# ------------------------------------------------------------------------ broadside
def _broadside_ruling(scn: Scenario, tab: Table, i: int, j: int, high: bool) -> FireRuling:
    f = tab.fleet
    firer, target = scn.ships[i], scn.ships[j]
    depth = longest_range(scn, firer.cls)
    found: dict[str, tuple[lof.Verdict, np.ndarray]] = {}
    for side, sign in SIDES.items():
        cand, rays = _side_rays(tab, i, sign, depth, cull=True)
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
        # Not in arc: say how far out she is, if she lies off either broadside at all.
        band = None
        for sign in SIDES.values():
            cand, rays = _side_rays(tab, i, sign, np.inf, cull=False)
            where = np.flatnonzero(cand == j)
            if where.size and lof.verdict(rays, int(where[0])).nearest < np.inf:
                band = "out_of_range"
        reasons.append("out of range" if band else "not in either broadside arc")
        return FireRuling(
            firer.id,
            target.id,
            scn.units,
            None,
            [],
            None,
            band,
            None,
            [],
            0.0,
            rk,
            False,
            reasons,
            None,
        )
    side = min(arcs, key=lambda s: (-(found[s][0].visible_fraction), found[s][0].range or np.inf))
    v, cand = found[side]
    sign = SIDES[side]
    blocked_by = [tab.name(int(cand[c])) for c in v.blockers]
    rng = v.range
    band_obj = scn.ruleset.band(rng, scn.units, depth) if rng is not None else None
    band = band_obj.name if band_obj else "out_of_range"
    guns = dict(firer.cls.fields.get("guns") or {})
    in_reach = {
        g: n
        for g, n in guns.items()
        if n and rng is not None and rng <= scn.ruleset.gun_range(g, scn.units) + TOL
    }
    dice = sum(in_reach.values())
    if v.line_of_fire == "blocked":
        reasons.append("line of fire blocked by " + ", ".join(blocked_by))
    if band == "out_of_range":
        reasons.append("out of range")
    if guns and dice == 0 and band != "out_of_range":
        reasons.append("no guns on that side reach this range")
    mods: list[dict[str, Any]] = []
    if band_obj and band_obj.modifier:
        mods.append({"name": f"{band} range", "value": band_obj.modifier})
    if high:
        mods.append(
            {"name": "firing high", "value": scn.ruleset.fire_modifiers.get("firing_high", -1)}
        )
    need, p = die_odds(scn.ruleset.to_hit - sum(m["value"] for m in mods))
    to_hit = {
        "need": need,
        "modifiers": mods,
        "p_hit": round(float(p), 4),
        "p_hit_fraction": str(p),
        "criticals": bool(band_obj.criticals) if band_obj else False,
    }
    save = _saves(scn, target.cls, rk, in_reach)
    groups = tuple((g, in_reach[g]) for g in GUN_ORDER if g in in_reach) + tuple(
        (g, n) for g, n in in_reach.items() if g not in GUN_ORDER
    )
    proof = _broadside_proof(
        f, i, sign, depth, v, rk, f.x[j], f.y[j], f.heading[j], f.length[j], f.width[j]
    )
    return FireRuling(
        firer.id,
        target.id,
        scn.units,
        side,
        arcs,
        rng,
        band,
        v.line_of_fire,
        blocked_by,
        v.visible_fraction,
        rk,
        not reasons,
        reasons,
        to_hit,
        dice,
        save,
        groups,
        proof,
    )


def _saves(
    scn: Scenario, target: ShipClass, rk: str | None, guns: dict[str, int]
) -> dict[str, Any]:
    sm = scn.ruleset.save_modifiers
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
            and target.rate <= 4
            and "big_ship_vs_light" in sm
        ):
            mods.append(
                {"name": "4th rate or higher vs light guns", "value": sm["big_ship_vs_light"]}
            )
        need, p = die_odds(scn.ruleset.save - sum(m["value"] for m in mods))
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


# ------------------------------------------------------------------------ quadrants
def _quadrant_ruling(scn: Scenario, tab: Table, i: int, j: int, high: bool) -> FireRuling:
    from tabletop.rules.holdfast import HoldFast

    rs = scn.ruleset
    assert isinstance(rs, HoldFast)
    f = tab.fleet
    firer, target = scn.ships[i], scn.ships[j]
    dx, dy = f.x[j] - f.x[i], f.y[j] - f.y[i]
    rel = normalise(float(bearing(dx, dy)) - f.heading[i])
    names = list(QUADRANTS)
    arc = names[int(quadrant_of(rel))]
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
    fpoly = shapely.Polygon(tab.corners[i])
    alongside = shapely.distance(fpoly, tpoly) <= TOL
    rng = 0.0 if alongside else float(np.hypot(dx, dy))
    cat = 0 if alongside else rs.category(rng, scn.units)
    batteries = dict(firer.cls.fields.get("batteries") or {})
    reasons: list[str] = []
    blocked_by: list[str] = []
    line = shapely.LineString([(f.x[i], f.y[i]), (f.x[j], f.y[j])])
    if rs.blocking and not alongside:
        others = [(k, shapely.Polygon(tab.corners[k])) for k in range(len(f)) if k not in (i, j)]
        others += [(len(f) + k, shapely.Polygon(r)) for k, r in enumerate(tab.land)]
        hits = [
            (float(shapely.distance(shapely.Point(f.x[i], f.y[i]), g)), k)
            for k, g in others
            if shapely.intersection(line, g).length > TOL
        ]
        blocked_by = [tab.name(k) for _, k in sorted(hits)]
    lof_state = "blocked" if blocked_by else "clear"
    table = rs.to_hit_by_range
    usable = {g: n for g, n in batteries.items() if n and g in table and cat < len(table[g])}
    if arc in ("fore", "aft"):
        usable = {g: 1 for g in list(usable)[:1]}  # one chaser battery of the firer's choice
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
        f.x[i], f.y[i], f.heading[i], arc, max(rs.gun_range(g, scn.units) for g in rs.gun_ranges)
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


def rule_fire(
    scn: Scenario, firer: str, target: str, high: bool = False, table: Table | None = None
) -> FireRuling:
    """The full ruling for one firer and one target."""
    i, j = scn.index(firer), scn.index(target)
    if i == j:
        raise TabletopError(f"a ship cannot fire at herself ('{firer}')")
    tab = table or Table.of(scn)
    if scn.ruleset.arcs == "broadside":
        return _broadside_ruling(scn, tab, i, j, high)
    if scn.ruleset.arcs == "quadrants":
        return _quadrant_ruling(scn, tab, i, j, high)
    raise TabletopError(
        f"ruleset '{scn.ruleset.name}' has no firing rules in its source text; "
        "use 'tabletop measure' for distances"
    )
