"""The sea's dangers to a ship, vectorised over poses: the table's edges, a lee shore,
land and shoals, and whether she has room to sail clear of them next turn; and how
much way each point of sail gives her.  The judge (:mod:`tabletop.ai.judge`), the
scripted level and the plotting of orders all weigh a pose's safety by these."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import shapely

from tabletop.ai.weights import Weights
from tabletop.geometry.angles import relative_wind
from tabletop.geometry.sectors import classify
from tabletop.model.scenario import Scenario, ShipClass, Terrain
from tabletop.referee import reckon


def shares(scn: Scenario, cls: Any) -> np.ndarray:
    """Each point of sail's allowance as a share of her best (0: she cannot sail)."""
    rs = scn.ruleset
    most = np.array([rs.allowance(cls, s)[1] for s in rs.sectors], float)
    top = float(most.max()) if len(most) else 0.0
    return most / top if top > 0 else most


def safety(
    scn: Scenario,
    cls: Any,
    w: Weights,
    x: np.ndarray,
    y: np.ndarray,
    h: np.ndarray,
    goal: tuple[str, ...] = (),
    turns: float | None = None,
    lee_floor: float = 0.0,
) -> np.ndarray:
    """The penalty (≥ 0) of poses near the edge, land and shoals, off or on them, or with
    no room to sail clear next turn; the edges of ``goal`` (her escape) are no danger.
    ``turns``: the most she can turn away next turn (``escape_turn`` if not known).
    ``lee_floor``: the lee shore is feared only beyond this (0..1, see :func:`place`)."""
    k = reckon.scale(scn.ruleset, scn.units)
    run = max(scn.ruleset.advice.reach(scn, cls), 1e-6)
    out = np.zeros(len(x))
    edge, gap = clearance(scn, cls.base_length, cls.base_width, x, y, h, goal, cls)
    margin = w.edge_margin * k
    out += w.edge * np.clip((margin - edge) / margin, 0, 1)
    out += w.blunder * (edge < 0)
    if w.lee:
        out += w.lee * np.maximum(lee_shore(scn, x, y, 2 * margin, goal) - lee_floor, 0.0)
    # heading for the edge: how far she can sail on as she heads before she leaves the
    # table, against two turns' running
    sx, sy = np.sin(np.radians(h)), np.cos(np.radians(h))
    far = to_edges(scn, x, y)
    with np.errstate(divide="ignore", invalid="ignore"):
        east, west = far["east"] / sx, -far["west"] / sx
        north, south = far["north"] / sy, -far["south"] / sy
    inf = np.full(len(x), np.inf)
    tx = np.where(sx > 1e-9, inf if "east" in goal else east, inf)
    tx = np.where(sx < -1e-9, inf if "west" in goal else west, tx)
    ty = np.where(sy > 1e-9, inf if "north" in goal else north, inf)
    ty = np.where(sy < -1e-9, inf if "south" in goal else south, ty)
    ahead = np.minimum(tx, ty)
    out += w.edge * np.clip((2 * run - ahead) / (2 * run), 0, 1)
    margin = w.land_margin * k
    out += w.land * np.clip((margin - gap) / margin, 0, 1)
    out += w.blunder * (gap <= 0)
    # the next two turns: if every way she can head within the escape turn (a turn's
    # run on as she heads, then one on the new heading) runs her off the table or
    # aground, she is as good as lost there (one turn's look let ships chasing each
    # other run into corners they could not turn out of).  A heading the wind gives
    # no way on is no escape: counted as one, a ship running along a lee shore saw room
    # in a turn up into the wind
    # (the five headings of every pose at once: one measure of them all, not five)
    r0 = np.radians(h)
    way = shares(scn, cls)
    turn = w.escape_turn if turns is None else turns
    hh = h[None, :] + np.linspace(-turn, turn, 5)[:, None]
    theta = relative_wind(scn.wind.from_deg, hh)
    sails = (theta > 1e-6) & (way[classify(theta, reckon.sector_lowers(scn.ruleset))] > 0)
    r = np.radians(hh)
    ax = (x + run * (np.sin(r0) + np.sin(r))).ravel()
    ay = (y + run * (np.cos(r0) + np.cos(r))).ravel()
    e2, g2 = clearance(scn, cls.base_length, cls.base_width, ax, ay, hh.ravel(), goal, cls)
    clear = np.minimum(e2, g2).reshape(hh.shape)
    room = np.where(sails, clear, -np.inf).max(axis=0, initial=-np.inf)
    out += w.blunder / 2 * (room < 0)
    return out


def lee_shore(
    scn: Scenario, x: np.ndarray, y: np.ndarray, margin: float, goal: tuple[str, ...] = ()
) -> np.ndarray:
    """How near poses lie to a lee shore, 0..1 each: an edge the wind blows onto, within
    ``margin``, counted by how squarely the wind blows onto it.  A ship may claw off a
    weather edge by running; off a lee one she must beat, and a squadron fighting its
    way downwind is pinned there (the edges of ``goal``, her escape, are no danger)."""
    down = np.radians(scn.wind.from_deg + 180.0)
    onto = {
        "east": np.sin(down),
        "west": -np.sin(down),
        "north": np.cos(down),
        "south": -np.cos(down),
    }
    out = np.zeros(len(x))
    for edge, far in to_edges(scn, x, y).items():
        if edge not in goal and onto[edge] > 1e-9:
            out += onto[edge] * np.clip((margin - far) / margin, 0, 1)
    return out


def clearance(
    scn: Scenario,
    length: float,
    width: float,
    x: np.ndarray,
    y: np.ndarray,
    h: np.ndarray,
    goal: tuple[str, ...],
    cls: ShipClass,
) -> tuple[np.ndarray, np.ndarray]:
    """How far poses (x, y, heading h) lie inside the table's edges (all but those of
    ``goal``, her escape; ∞ when every edge is), and from land and shoals (∞: none).
    The edge is measured to the base's farthest corner, whatever her heading: a base
    lying askew reaches further than half her length.  Land and shoals are measured
    from her keel, bow to stern, less half her beam: the rounded shape that holds her
    base, so never further than it lies.  Measured from her centre, a bow or a stern
    over a shoal's corner would go unseen, and a ship judged clear of a shoal could run
    onto it.  What she (``cls``) may strike ground on is her ruleset's to say
    (``Advice.grounds``: in Hold Fast a bank that can take a 74 need not a frigate)."""
    far = to_edges(scn, x, y)
    kept = [v for k, v in far.items() if k not in goal]
    near = np.minimum.reduce(kept) if kept else np.full(len(x), np.inf)
    edge = near - np.hypot(length, width) / 2
    gap = np.full(len(x), np.inf)
    shoals = [t for t in scn.terrain if scn.ruleset.advice.grounds(cls, t)]
    if shoals:
        r = np.radians(h)
        dx, dy = np.sin(r) * length / 2, np.cos(r) * length / 2
        ends = np.stack([np.stack([x - dx, y - dy], -1), np.stack([x + dx, y + dy], -1)], 1)
        gap = distance_to(shapely.linestrings(ends), tuple(shoals)) - width / 2
    return edge, gap


def distance_to(lines: np.ndarray, terrain: tuple[Terrain, ...]) -> np.ndarray:
    """Each line's distance from the nearest piece of ``terrain``: 0 where it meets one,
    else the nearest of all their edges, found through one tree of them.  The same
    figure as ``shapely.distance`` to each and the least of those, which measured every
    pair of edges: five coastlines of 10,000 vertices took the scripted captain's one
    ship 20 s a turn."""
    _, far = _edges(terrain).query_nearest(lines, return_distance=True, all_matches=False)
    inside = np.zeros(len(lines), dtype=bool)
    for t in terrain:
        inside |= shapely.intersects(lines, t.polygon)
    return np.where(inside, 0.0, far)


@lru_cache(maxsize=64)
def _edges(terrain: tuple[Terrain, ...]) -> shapely.STRtree:
    """A tree of the terrain's edges, one segment each, built once for the pieces."""
    rings = shapely.get_exterior_ring([t.polygon for t in terrain])
    segments = []
    for ring in rings:
        xy = shapely.get_coordinates(ring)
        segments.append(shapely.linestrings(np.stack([xy[:-1], xy[1:]], axis=1)))
    return shapely.STRtree(np.concatenate(segments))


def to_edges(scn: Scenario, x: np.ndarray, y: np.ndarray) -> dict[str, np.ndarray]:
    """How far poses lie from each of the table's edges, by the edge's name."""
    return {"west": x, "east": scn.width - x, "south": y, "north": scn.depth - y}


def to_goal(scn: Scenario, goal: tuple[str, ...], x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """How far poses lie from the nearest edge of ``goal`` (below 0: beyond it, gone)."""
    far = to_edges(scn, x, y)
    return np.minimum.reduce([far[g] for g in goal])
