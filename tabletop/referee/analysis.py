"""Every ordered pair at once: the vectorised fire analysis, and its plain reference.

:func:`fire_table` is what the window and the bench use; :func:`naive_fire_pair` is an
independent per-pair ruling built on shapely rays, kept to check the fast core and to
measure it against.  Kept apart from :mod:`tabletop.referee.fire` so a single CLI ruling does not
pay for loading them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from tabletop.common.units import TOL
from tabletop.geometry import lof
from tabletop.geometry.arcs import SIDES
from tabletop.geometry.rake import rake, rake_zones
from tabletop.model.scenario import Scenario
from tabletop.referee import reckon
from tabletop.referee.fire import Table, frames, longest_range, side_rays


@dataclass(frozen=True)
class PairTable:
    """The broadside analysis of every ordered pair (firer row, target column).

    ``arc``: -1 none, else the index into ``SIDES`` order (starboard 0, port 1);
    ``band``: -1 none or out of range, else the index into the ruleset's bands;
    ``lof``: -1 not in arc, else 0 clear, 1 partial, 2 blocked;
    ``rake``: 0 none, 1 bow, 2 stern.
    """

    ids: tuple[str, ...]
    arc: np.ndarray
    range: np.ndarray
    band: np.ndarray
    lof: np.ndarray
    visible: np.ndarray
    rake: np.ndarray
    blockers: dict[tuple[int, int], tuple[int, ...]]


def fire_table(scn: Scenario, table: Table | None = None) -> PairTable:
    """Arc, range, band, line of fire and rake for every ordered pair, vectorised.

    Per broadside, one cast of rays against the outlines that can matter judges every
    target at once; rake and bands are plain array arithmetic over all pairs.
    """
    tab = table or Table.of(scn)
    f = tab.fleet
    n = len(f)
    rs = scn.ruleset
    depth = np.array([longest_range(scn, s.cls) for s in scn.ships])
    arc = np.full((n, n), -1)
    rng = np.full((n, n), np.nan)
    lofc = np.full((n, n), -1)
    vis = np.zeros((n, n))
    blockers: dict[tuple[int, int], tuple[int, ...]] = {}
    everyone = np.arange(n)
    for s, sign in enumerate(SIDES.values()):
        ships_uv, land_uv = frames(tab, everyone, sign)
        uu, vv = ships_uv[..., 0], ships_uv[..., 1]
        u0 = f.deck_offset - f.deck / 2
        u1 = f.deck_offset + f.deck / 2
        # Targets that can be in arc: overlapping the deck's span, within gun range.
        maybe = (
            (uu.max(-1) >= u0[:, None] - TOL)
            & (uu.min(-1) <= u1[:, None] + TOL)
            & (vv.max(-1) >= -TOL)
            & (vv.min(-1) <= depth[:, None] + TOL)
        )
        np.fill_diagonal(maybe, False)
        for i in np.flatnonzero(maybe.any(axis=1)):
            cand, rays = side_rays(
                tab, int(i), sign, depth[i], True, ships_uv[i], [lu[i] for lu in land_uv]
            )
            ships = np.flatnonzero(cand < n)
            jd = lof.judge(rays, ships)
            inarc = np.isfinite(jd.nearest)
            code = jd.line_of_fire
            frac = jd.visible_fraction
            for k in (int(q) for q in np.flatnonzero(inarc)):
                j = int(cand[ships[k]])
                # Keep the better broadside when a target is in both.
                if arc[i, j] >= 0 and (vis[i, j], -rng[i, j]) >= (frac[k], -jd.range[k]):
                    continue
                arc[i, j], rng[i, j], lofc[i, j], vis[i, j] = s, jd.range[k], code[k], frac[k]
                key = (int(i), j)
                if code[k] != 0:
                    blockers[key] = tuple(int(cand[c]) for c in jd.blockers(k))
                else:
                    blockers.pop(key, None)
    scale = reckon.scale(rs, scn.units)
    band = np.full((n, n), -1)
    assigned = np.zeros((n, n), bool)
    for b_idx, b in enumerate(rs.bands):
        up = b.upper * scale
        inside = (rng < up - TOL) | (b.closed & (rng <= up + TOL))
        band = np.where(~assigned & inside, b_idx, band)
        assigned |= inside
    band = np.where(rng > depth[:, None] + TOL, -1, band)
    rk = rake(
        f.x[None, :],
        f.y[None, :],
        f.heading[None, :],
        f.length[None, :],
        f.width[None, :],
        f.x[:, None],
        f.y[:, None],
    )
    np.fill_diagonal(rk, 0)
    return PairTable(f.ids, arc, rng, band, lofc, vis, rk, blockers)


def outlines(scn: Scenario) -> tuple[list[shapely.Polygon], list[shapely.Polygon]]:
    """Ship bases and blocking land as shapely polygons, built once for many rulings."""
    polys = [s.base_polygon() for s in scn.ships]
    land = [t.polygon for _, t in scn.land()]
    return polys, land


def naive_fire_pair(
    scn: Scenario,
    i: int,
    j: int,
    shapes: tuple[list[shapely.Polygon], list[shapely.Polygon]] | None = None,
) -> dict[str, Any]:
    """A plain reference ruling for one pair, written independently with shapely rays.

    It cuts the gun deck at every vertex of the target and of the outlines touching the
    arc, casts one ``LineString`` ray per cut and asks shapely where it meets each
    outline.  Slow by design; it checks :func:`fire_table` and is what the bench beats.
    """
    polys, land = shapes or outlines(scn)
    firer = scn.ships[i]
    c = firer.cls
    depth = longest_range(scn, c)
    rad = np.radians(firer.pose.heading)
    fwd = np.array([np.sin(rad), np.cos(rad)])
    stb = np.array([fwd[1], -fwd[0]])
    centre = np.array([firer.pose.x, firer.pose.y])
    u0, u1 = c.gun_deck_offset - c.gun_deck / 2, c.gun_deck_offset + c.gun_deck / 2

    def hit(sign: float, u: float, p: shapely.Geometry) -> float:
        start = centre + u * fwd + sign * (c.base_width / 2) * stb
        x = shapely.LineString([start, start + sign * depth * stb]).intersection(p)
        return float("inf") if x.is_empty else float(shapely.Point(start).distance(x))

    best: dict[str, Any] | None = None
    for side, sign in SIDES.items():
        arc_poly = firer.broadside(sign, depth)
        if shapely.distance(arc_poly, polys[j]) > TOL:
            continue
        others = [(k, p) for k, p in enumerate(polys) if k not in (i, j)]
        others += [(len(polys) + k, p) for k, p in enumerate(land)]
        others = [(k, p) for k, p in others if shapely.distance(arc_poly, p) <= TOL]
        us = {u0, u1}
        for p in [polys[j], *(p for _, p in others)]:
            us |= {u for u in (shapely.get_coordinates(p) - centre) @ fwd if u0 < u < u1}
        cuts = sorted(us)
        reach = clear = 0.0
        ranges: list[float] = []
        blocked_by: dict[int, float] = {}
        for a, b in zip(cuts[:-1], cuts[1:], strict=True):
            mid = (a + b) / 2
            ht = hit(sign, mid, polys[j])
            if ht == float("inf"):
                continue
            reach += b - a
            front = {k: d for k, d in ((k, hit(sign, mid, p)) for k, p in others) if d < ht - TOL}
            for k, d in front.items():
                blocked_by[k] = min(d, blocked_by.get(k, float("inf")))
            if not front:
                clear += b - a
                ranges += [hit(sign, a, polys[j]), hit(sign, b, polys[j])]
        if not ranges:  # every ray blocked, or the arc only touched: the shortest ray at all
            ranges = [hit(sign, u, polys[j]) for u in cuts]
        res: dict[str, Any] = {
            "arc": side,
            "range": min(ranges),
            "visible_fraction": clear / reach if reach else 0.0,
            "blocked_by": [k for k, _ in sorted(blocked_by.items(), key=lambda kv: kv[1])],
        }
        if best is None or (res["visible_fraction"], -res["range"]) > (
            best["visible_fraction"],
            -best["range"],
        ):
            best = res
    return {
        "arc": None,
        "range": None,
        "visible_fraction": 0.0,
        "blocked_by": [],
        **(best or {}),
        "rake": _naive_rake(scn, i, j),
    }


def _naive_rake(scn: Scenario, i: int, j: int) -> str | None:
    """Rake by asking shapely whether the firer's centre lies in a rake zone."""
    firer, t = scn.ships[i], scn.ships[j]
    bow, stern = rake_zones(
        t.pose.x, t.pose.y, t.pose.heading, t.cls.base_length, t.cls.base_width, 1e6
    )
    pt = shapely.Point(firer.pose.x, firer.pose.y)
    return "bow" if bow.distance(pt) <= TOL else "stern" if stern.distance(pt) <= TOL else None
