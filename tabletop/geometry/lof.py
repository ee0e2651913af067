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
from typing import Any

import numpy as np

from tabletop.common.units import TOL
from tabletop.geometry.pose import Arr


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
    events = np.sort(np.concatenate([[u0, u1], us]))
    # Dedupe by hand: np.unique imports numpy.ma, a noticeable share of a cold start.
    events = events[np.concatenate([[True], np.diff(events) > 0])]
    mids = (events[:-1] + events[1:]) / 2.0
    hits = ray_hits(edges, np.concatenate([mids, events]))  # one pass for both
    return Rays(events, hits[: len(mids)], hits[len(mids) :])


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
    touch: int = 0  # see Judgement.touch

    @property
    def visible_fraction(self) -> float:
        if self.touch:
            return 1.0 if self.touch == TOUCH_CLEAR else 0.0
        return self.clear / self.reach if self.reach > 0 else 0.0

    @property
    def line_of_fire(self) -> str:
        return LINE_OF_FIRE[int(_lof_code(self.reach, self.clear, self.touch))]


#: Line-of-fire states by code.
LINE_OF_FIRE = ("clear", "partial", "blocked")

#: A target the rays only touch (no length of deck reaches it, one edge ray does): its
#: edge ray decides, clear or blocked.  Touching is reaching (SPEC §4).
TOUCH_CLEAR, TOUCH_BLOCKED = 1, 2


def _lof_code(reach: float | Arr, clear: float | Arr, touch: int | Arr = 0) -> Any:
    """0 clear, 1 partial, 2 blocked (vectorised); lengths within TOL² count as none,
    and a target only touched is as clear or blocked as its edge ray."""
    eps = TOL * TOL
    reach = np.asarray(reach)
    clear = np.asarray(clear)
    touch = np.asarray(touch)
    by_length = np.where((reach <= 0) | (clear <= eps), 2, np.where(reach - clear <= eps, 0, 1))
    return np.where(touch == TOUCH_CLEAR, 0, np.where(touch == TOUCH_BLOCKED, 2, by_length))


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


@dataclass(frozen=True)
class Judgement:
    """The rays of one broadside judged for several targets at once (column arrays).

    A ray is clear for a target when nothing else meets it more than TOL before the
    target.  ``range`` is the shortest clear ray (it lies at a cut's end, where the
    target's near outline has its vertices), or the shortest ray at all when every ray
    to the target is blocked.
    """

    rays: Rays
    targets: np.ndarray  # (K,) outline index of each target
    reach: Arr  # (K,)
    clear: Arr  # (K,)
    nearest: Arr  # (K,)
    range: Arr  # (K,) nan where no ray reaches
    range_u: Arr  # (K,)
    clear_mask: np.ndarray  # (M, K)
    blocked_mask: np.ndarray  # (M, K)
    front: Arr  # (C, K) nearest distance at which outline c stands in front on a blocked ray
    touch: np.ndarray  # (K,) 0, or TOUCH_CLEAR / TOUCH_BLOCKED for a target only touched

    @property
    def line_of_fire(self) -> np.ndarray:
        """0 clear, 1 partial, 2 blocked, per target."""
        return _lof_code(self.reach, self.clear, self.touch)

    @property
    def visible_fraction(self) -> Arr:
        with np.errstate(invalid="ignore", divide="ignore"):
            by_length = np.where(
                self.reach > 0, self.clear / np.where(self.reach > 0, self.reach, 1), 0.0
            )
        return np.where(
            self.touch == TOUCH_CLEAR, 1.0, np.where(self.touch == TOUCH_BLOCKED, 0.0, by_length)
        )

    def blockers(self, k: int) -> tuple[int, ...]:
        col = self.front[:, k]
        idx = np.flatnonzero(np.isfinite(col))
        return tuple(int(c) for c in idx[np.argsort(col[idx], kind="stable")])

    def verdict(self, k: int) -> Verdict:
        rng = self.range[k]
        return Verdict(
            reach=float(self.reach[k]),
            clear=float(self.clear[k]),
            nearest=float(self.nearest[k]),
            range=None if np.isnan(rng) else float(rng),
            range_u=None if np.isnan(rng) else float(self.range_u[k]),
            blockers=self.blockers(k),
            clear_spans=_spans(self.rays.events, self.clear_mask[:, k]),
            blocked_spans=_spans(self.rays.events, self.blocked_mask[:, k]),
            touch=int(self.touch[k]),
        )


def _shortest(events: Arr, et: Arr, sel: np.ndarray) -> tuple[Arr, Arr]:
    """Per target, the least hit at the ends of the selected cuts, and where it is."""
    lo, hi = et[:-1], et[1:]  # (M, K) hits at each cut's two ends
    cand = np.where(sel, np.minimum(lo, hi), np.inf)
    m = np.argmin(cand, axis=0) if cand.shape[0] else np.zeros(cand.shape[1], int)
    cols = np.arange(cand.shape[1])
    best = cand[m, cols] if cand.shape[0] else np.full(cand.shape[1], np.inf)
    at = (
        np.where(lo[m, cols] <= hi[m, cols], events[m], events[m + 1])
        if cand.shape[0]
        else np.full(cand.shape[1], np.nan)
    )
    best = np.where(np.isfinite(best), best, np.nan)
    return best, np.where(np.isnan(best), np.nan, at)


def _other_min(hits: Arr, t: np.ndarray) -> Arr:
    """Per ray and target, the nearest *other* outline: the least hit, or the second
    least where the least is the target itself."""
    m, c = hits.shape
    if c < 2:
        return np.full((m, len(t)), np.inf)
    order = np.argsort(hits, axis=1)[:, :2]
    first = np.take_along_axis(hits, order, axis=1)
    return np.where(order[:, [0]] == t[None, :], first[:, [1]], first[:, [0]])


def _in_front(hits: Arr, ht: Arr, on: np.ndarray, t: np.ndarray) -> Arr:
    """(C, K): the least distance at which outline c meets a ray in ``on`` (M, K) more
    than TOL before target k does; inf where it never does."""
    m, c = hits.shape
    if m == 0:
        return np.full((c, len(t)), np.inf)
    front = on[:, None, :] & (hits[:, :, None] < ht[:, None, :] - TOL)  # (M, C, K)
    front[:, t, np.arange(len(t))] = False
    return np.where(front, hits[:, :, None], np.inf).min(axis=0)


def judge(rays: Rays, targets: Sequence[int] | np.ndarray) -> Judgement:
    """Judge the line of fire from one broadside to each of ``targets`` (outline indices).

    A target no length of deck reaches but an edge ray touches (it stands on the arc's
    edge) is judged by that ray: touching is reaching.  A blocked target always names
    what blocks it.
    """
    t = np.asarray(targets, dtype=int)
    hits, ev, events = rays.hits, rays.event_hits, rays.events
    m, c = hits.shape
    ht = hits[:, t]  # (M, K)
    omin = _other_min(hits, t)
    reach = np.isfinite(ht)
    clear = reach & (ht <= omin + TOL)
    blocked = reach & ~clear
    widths = rays.widths
    et = ev[:, t]
    rng, rng_u = _shortest(events, et, clear)
    rng2, rng_u2 = _shortest(events, et, reach)
    none_clear = np.isnan(rng)
    rng = np.where(none_clear, rng2, rng)
    rng_u = np.where(none_clear, rng_u2, rng_u)
    finite = np.where(np.isfinite(et), et, np.inf)
    nearest = finite.min(axis=0) if finite.shape[0] else np.full(len(t), np.inf)
    # A target that only touches the rays at one event (an arc edge) is ranged there.
    touch = np.isnan(rng) & np.isfinite(nearest)
    if touch.any():
        at = events[np.argmin(finite, axis=0)]
        rng = np.where(touch, nearest, rng)
        rng_u = np.where(touch, at, rng_u)
    reach_len, clear_len = widths @ reach, widths @ clear
    # A target only touched: its edge ray(s) decide, clear when any reaches it first.
    touched = np.isfinite(et)  # (E, K)
    edge_clear = touched & (et <= _other_min(ev, t) + TOL)
    only_touched = (reach_len <= TOL * TOL) & np.isfinite(nearest)
    touch = np.where(only_touched, np.where(edge_clear.any(axis=0), TOUCH_CLEAR, TOUCH_BLOCKED), 0)
    # Cuts narrower than TOL (a corner grazed within rounding) name no blocker...
    front = _in_front(hits, ht, blocked & (widths > TOL)[:, None], t)
    # ...unless they are all the blocking there is: a ruling never names an empty blocker.
    code = _lof_code(reach_len, clear_len, touch)
    unnamed = (code == 2) & ~np.isfinite(front).any(axis=0)
    if unnamed.any():
        narrow = _in_front(hits, ht, blocked, t)
        edge = _in_front(ev, et, touched & (touch == TOUCH_BLOCKED)[None, :], t)
        front = np.where(unnamed[None, :], np.minimum(narrow, edge), front)
    return Judgement(
        rays, t, reach_len, clear_len, nearest, rng, rng_u, clear, blocked, front, touch
    )


def verdict(rays: Rays, target: int) -> Verdict:
    """Judge one target (see :func:`judge`)."""
    return judge(rays, [target]).verdict(0)
