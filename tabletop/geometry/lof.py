"""Line of fire by perpendicular rays, computed exactly.

Rays leave a broadside at every point ``u`` of the gun deck and run straight out (``v``
growing).  In the broadside frame every outline is a polygon; the distance at which the
ray at ``u`` first meets it is piecewise linear in ``u`` with breaks only at the
polygon's vertices.  So the gun deck is cut at every vertex of every outline in play
(the *events*); inside each cut the order in which the ray meets the outlines cannot
change (two disjoint convex bases keep their order along parallel rays), and one ray per
cut decides it.  Lengths of clear and blocked deck then add up exactly, and the shortest
clear ray lies at an event.  Nothing is sampled.

A ray that only grazes a corner meets it at a single event ``u``: no cut of positive
length is blocked by it, which is the SPEC's "grazing is not blocking".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tabletop.geometry.pose import Arr
from tabletop.units import TOL


def edges_of(rings: Sequence[Arr]) -> Arr:
    """Vertex rings ``(K_i, 2)``, not closed, to a NaN-padded ``(C, E, 2, 2)`` edge array."""
    emax = max((len(r) for r in rings), default=0)
    out = np.full((len(rings), emax, 2, 2), np.nan)
    for i, r in enumerate(rings):
        r = np.asarray(r, dtype=float)
        out[i, : len(r), 0] = r
        out[i, : len(r), 1] = np.roll(r, -1, axis=0)
    return out


def edges_from_corners(corners: Arr) -> Arr:
    """Same-sized rings ``(C, K, 2)`` to edges ``(C, K, 2, 2)`` without a Python loop."""
    c = np.asarray(corners, dtype=float)
    return np.stack([c, np.roll(c, -1, axis=-2)], axis=-2)


def ray_hits(edges: Arr, us: Arr) -> Arr:
    """Distance along each ray ``u`` (``v ≥ 0``) to each outline; ``inf`` if missed.

    Returns ``(M, C)`` for ``M`` rays and ``C`` outlines.  A ray that starts inside an
    outline (it overlaps the side) meets it at 0.
    """
    U = np.asarray(us, dtype=float)[:, None, None]
    u1, v1 = edges[None, ..., 0, 0], edges[None, ..., 0, 1]
    u2, v2 = edges[None, ..., 1, 0], edges[None, ..., 1, 1]
    lo, hi = np.minimum(u1, u2), np.maximum(u1, u2)
    slanted = hi > lo
    with np.errstate(invalid="ignore", divide="ignore"):
        v = v1 + (U - u1) / (u2 - u1) * (v2 - v1)
    on = slanted & (lo <= U) & (hi >= U)
    vertical = (hi == lo) & (lo == U)
    cross = np.where(on, v, np.where(vertical, np.minimum(v1, v2), np.nan))
    # Parity of crossings behind the side (half-open so a vertex is counted once).
    behind = np.sum(slanted & (lo <= U) & (hi > U) & (v < 0.0), axis=-1) % 2 == 1
    ahead = np.where(cross >= 0.0, cross, np.inf)
    first = np.min(ahead, axis=-1) if ahead.shape[-1] else np.full(behind.shape, np.inf)
    return np.where(behind, 0.0, first)


@dataclass(frozen=True)
class Rays:
    """All rays of one broadside against a set of outlines, cut at the events."""

    events: Arr  # (E,) cut positions along the deck, sorted, ends included
    hits: Arr  # (E-1, C) first hit of the ray in the middle of each cut
    event_hits: Arr  # (E, C) first hit of the ray exactly at each event

    @property
    def widths(self) -> Arr:
        return np.diff(self.events)


def cast(edges: Arr, u0: float, u1: float) -> Rays:
    """Cast the deck ``[u0, u1]`` against outlines given as edges in the broadside frame."""
    us = edges[..., 0, 0].ravel()
    us = us[np.isfinite(us) & (us > u0) & (us < u1)]
    events = np.unique(np.concatenate([[u0, u1], us]))
    mids = (events[:-1] + events[1:]) / 2.0
    return Rays(events, ray_hits(edges, mids), ray_hits(edges, events))


@dataclass(frozen=True)
class Verdict:
    """What the rays say about one target; every figure comes with its evidence."""

    reach: float  # deck length whose rays would reach the target with nothing in the way
    clear: float  # deck length whose rays reach it first
    nearest: float  # shortest ray to the target ignoring obstacles (inf: none reaches)
    range: float | None  # shortest clear ray, or ``nearest`` when every ray is blocked
    range_u: float | None  # where along the deck that ray leaves
    blockers: tuple[int, ...]  # outline indices that block some rays, nearest first
    clear_spans: tuple[tuple[float, float], ...]
    blocked_spans: tuple[tuple[float, float], ...]

    @property
    def visible_fraction(self) -> float:
        return self.clear / self.reach if self.reach > 0 else 0.0

    @property
    def line_of_fire(self) -> str:
        if self.reach <= 0 or self.clear <= TOL * TOL:
            return "blocked"
        return "clear" if self.reach - self.clear <= TOL * TOL else "partial"


def _spans(events: Arr, mask: np.ndarray) -> tuple[tuple[float, float], ...]:
    """Merge consecutive cuts where ``mask`` holds into ``(u0, u1)`` spans."""
    out: list[tuple[float, float]] = []
    for i in np.flatnonzero(mask):
        a, b = float(events[i]), float(events[i + 1])
        if out and abs(out[-1][1] - a) <= TOL:
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return tuple(out)


def verdict(rays: Rays, target: int, blockers: np.ndarray | None = None) -> Verdict:
    """Judge the line of fire from this broadside to outline ``target``.

    ``blockers`` masks which other outlines may block (default: all but the target).
    A ray is clear when nothing else meets it more than TOL before the target.
    """
    hits, ev = rays.hits, rays.event_hits
    n = hits.shape[1]
    mask = np.ones(n, dtype=bool) if blockers is None else np.asarray(blockers, dtype=bool).copy()
    mask[target] = False
    ht = hits[:, target]
    others = np.where(mask[None, :], hits, np.inf)
    omin = others.min(axis=1) if n > 1 else np.full(len(ht), np.inf)
    reach = np.isfinite(ht)
    clear = reach & (ht <= omin + TOL)
    widths = rays.widths
    et = ev[:, target]

    def shortest(sel: np.ndarray) -> tuple[float | None, float | None]:
        idx = np.flatnonzero(sel)
        if idx.size == 0:
            return None, None
        cand_u = np.concatenate([rays.events[idx], rays.events[idx + 1]])
        cand_v = np.concatenate([et[idx], et[idx + 1]])
        ok = np.isfinite(cand_v)
        if not ok.any():
            return None, None
        k = int(np.argmin(np.where(ok, cand_v, np.inf)))
        return float(cand_v[k]), float(cand_u[k])

    finite_et = et[np.isfinite(et)]
    nearest = float(finite_et.min()) if finite_et.size else float("inf")
    rng, rng_u = shortest(clear)
    if rng is None:
        rng, rng_u = shortest(reach)
    blocked = reach & ~clear
    order: list[tuple[float, int]] = []
    if blocked.any():
        sub = others[blocked]
        in_front = sub < ht[blocked][:, None] - TOL
        for c in np.flatnonzero(in_front.any(axis=0)):
            order.append((float(sub[in_front[:, c], c].min()), int(c)))
    order.sort()
    return Verdict(
        reach=float(widths[reach].sum()),
        clear=float(widths[clear].sum()),
        nearest=nearest,
        range=rng,
        range_u=rng_u,
        blockers=tuple(c for _, c in order),
        clear_spans=_spans(rays.events, clear),
        blocked_spans=_spans(rays.events, blocked),
    )
