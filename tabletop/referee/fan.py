"""The fan: every legal end pose of a ship this turn, sampled densely over the templates.

Paths are generated as parameter grids (first run, turn angles, runs between) and laid
out for all of them at once with numpy; the rules that shape them (inertia, turn limits,
the whole allowance, no bow into the luffing sector) are applied as array masks, and
collisions are excluded by testing sampled hulls along every path against the other
bases and land in one STRtree query.  Each pose keeps its path text, so choosing one
from the fan is choosing that move; the tests re-check samples with the ruleset's own
``plan_move``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from tabletop.common.units import TOL
from tabletop.geometry.angles import relative_wind, through_eye
from tabletop.geometry.motion import swept
from tabletop.geometry.pose import Pose, to_world
from tabletop.geometry.sectors import classify
from tabletop.model.scenario import Scenario, Ship
from tabletop.referee import reckon
from tabletop.referee.movement import obstacles
from tabletop.referee.plans import Fan, empty_fan


class Paths:
    """Many paths laid out together: parallel arrays of poses and the sampled poses."""

    def __init__(self, n: int, x: float, y: float, h: float) -> None:
        self.x = np.full(n, x)
        self.y = np.full(n, y)
        self.h = np.full(n, h)
        self.samples: list[np.ndarray] = [np.stack([self.x, self.y, self.h], -1)]  # (n, 3) each
        self.ok = np.ones(n, bool)

    def straight(self, d: np.ndarray, k: int = 1) -> None:
        """Runs need only their end: the swept hull between two poses is exact for a run."""
        r = np.radians(self.h)
        for f in np.linspace(0, 1, k + 1)[1:]:
            self.samples.append(
                np.stack([self.x + f * d * np.sin(r), self.y + f * d * np.cos(r), self.h], -1)
            )
        self.x = self.x + d * np.sin(r)
        self.y = self.y + d * np.cos(r)

    def turn(self, a: np.ndarray, radius: float, k: int = 3) -> None:
        """Turn ``a`` degrees (+ starboard) on an arc of ``radius`` (0: pivot)."""
        sign = np.where(a >= 0, 1.0, -1.0)
        r0 = np.radians(self.h)
        cx = self.x + sign * radius * np.cos(r0)
        cy = self.y - sign * radius * np.sin(r0)
        for f in np.linspace(0, 1, k + 1)[1:]:
            h = self.h + f * a
            rr = np.radians(h)
            self.samples.append(
                np.stack([cx - sign * radius * np.cos(rr), cy + sign * radius * np.sin(rr), h], -1)
            )
        h = self.h + a
        rr = np.radians(h)
        self.x = cx - sign * radius * np.cos(rr)
        self.y = cy + sign * radius * np.sin(rr)
        self.h = np.mod(h, 360.0)


def _grid(*axes: np.ndarray) -> list[np.ndarray]:
    return [g.ravel() for g in np.meshgrid(*axes, indexing="ij")]


def fan(scn: Scenario, ship_id: str, density: int = 6) -> Fan:
    """Legal end poses of ``ship_id`` from where she stands (a fresh move), by her ruleset."""
    return scn.ruleset.fan(scn, scn.ship(ship_id), density)


@dataclass(frozen=True)
class Template:
    """How a ruleset's template moves are laid: turn ``radius`` (0: a pivot), the largest
    turn, ``inertia`` straight before the first turn, ``gap`` sailed between turns, the
    relative wind the bow may not turn below (``forbidden``), whether she may stop short
    (``luff``), the word her runs are written with, and the most a move may gain to
    windward (``windward_cap``), if anything caps it."""

    radius: float
    max_turn: float
    inertia: float = 0.0
    gap: float = 0.0
    forbidden: float | None = None
    luff: bool = False
    word: str = "F"
    windward_cap: float | None = None


def template_fan(
    scn: Scenario, ship: Ship, t: Template, density: int = 6, most: float | None = None
) -> Fan:
    """Runs and up to two turns on the template, the allowance shared out between the
    runs (a ship that may stop short also stops short), masked by the rules' limits.
    ``most``: the distance to share out, where not her point of sail's allowance (the
    rest of a move begun)."""
    if most is None:
        rs = scn.ruleset
        sector = reckon.sector(rs, float(relative_wind(scn.wind.from_deg, ship.pose.heading)))
        _, most = rs.allowance(ship.cls, sector)
    if most <= 0:
        return empty_fan()
    out: list[tuple[Paths, tuple[tuple[str, np.ndarray], ...]]] = []
    # no turn: straight ahead (a ship that may stop short has several lengths)
    ds = np.linspace(most / density, most, density) if t.luff else np.array([most])
    p = Paths(len(ds), ship.pose.x, ship.pose.y, ship.pose.heading)
    p.straight(ds)
    out.append((p, ((t.word, ds),)))
    n_turns = min(2, ship.cls.turns if ship.cls.turns is not None else 2)
    for k in range(1, n_turns + 1):
        group = _turning(scn, ship, t, most, k, density)
        if group is not None:
            out.append(group)
    if t.windward_cap is not None:
        up = np.radians(scn.wind.from_deg)
        for p, _ in out:
            gain = (p.x - ship.pose.x) * np.sin(up) + (p.y - ship.pose.y) * np.cos(up)
            p.ok &= gain <= t.windward_cap + 0.5e-4
    return finish(scn, ship, out)


def _turning(
    scn: Scenario, ship: Ship, t: Template, most: float, k: int, density: int
) -> tuple[Paths, tuple[tuple[str, np.ndarray], ...]] | None:
    """Every path with ``k`` turns: angles on a grid, the free run shared out."""
    angles = np.concatenate(
        [
            -np.linspace(t.max_turn, t.max_turn / density, density),
            np.linspace(t.max_turn / density, t.max_turn, density),
        ]
    )
    fracs = np.linspace(0, 1, 4 if k == 1 else 3)
    a = _grid(*([angles] * k), *([fracs] * (k + 1)))
    turns, shares = a[:k], np.stack(a[k:], 0)
    arc = sum(np.abs(np.radians(x)) * t.radius for x in turns)
    free = most - arc - t.inertia - t.gap * (k - 1)
    keep = free >= -TOL
    total = np.where(keep, np.maximum(free, 0.0), 0.0)
    weights = shares + 1e-9
    # the whole allowance is shared out between the runs; a luffing ship may stop short
    weights = weights / (weights.sum(0) if not t.luff else max(1, k + 1))
    runs = weights * total
    runs[0] = runs[0] + t.inertia
    runs[1:k] = runs[1:k] + t.gap
    sel = np.flatnonzero(keep & (runs.sum(0) > 0))
    if sel.size == 0:
        return None
    p = Paths(sel.size, ship.pose.x, ship.pose.y, ship.pose.heading)
    steps: list[tuple[str, np.ndarray]] = []
    for i in range(k + 1):
        p.straight(runs[i][sel])
        steps.append((t.word, runs[i][sel]))
        if i < k:
            ang = turns[i][sel]
            if t.forbidden is not None:  # nor may the bow swing through the eye of the wind
                p.ok &= through_eye(scn.wind.from_deg, p.h, ang) < 0
            p.turn(ang, t.radius)
            steps.append(("T", ang))
            if t.forbidden is not None:
                p.ok &= relative_wind(scn.wind.from_deg, p.h) >= t.forbidden - 1e-9
    return p, tuple(steps)


def finish(
    scn: Scenario, ship: Ship, out: list[tuple[Paths, tuple[tuple[str, np.ndarray], ...]]]
) -> Fan:
    """Drop paths whose swept hull touches another base or land; colour by point of sail."""
    geoms, _ = obstacles(scn, ship.id)
    hull = ship.hull_local()
    (f0, s0), (f1, s1) = hull.min(axis=0), hull.max(axis=0)
    box = np.array([[f0, s0], [f0, s1], [f1, s0], [f1, s1]])
    tree = shapely.STRtree(geoms) if geoms else None
    xs, ys, hs, groups, rows = [], [], [], [], []
    steps = []
    touching, watch = alongside(shapely.Polygon(ship.hull_corners()), geoms, hull)
    boxes = shapely.bounds(np.asarray(geoms, dtype=object)) if geoms else np.zeros((0, 4))
    for g, (p, st) in enumerate(out):
        ok = p.ok.copy()
        if tree is not None:
            poses = np.stack(p.samples, 1)  # (n, S, 3)
            n, m = poses.shape[:2]
            flat = poses.reshape(-1, 3)
            # Only swept hulls whose boxes reach an obstacle's box are built and tested.
            # A sample's box is that of her hull's local bounding box turned with her (it
            # holds her hull, so it never misses one that touches), a pair's from its two
            # samples': four corners a pose, not every point of her hull
            corners = to_world(
                flat[:, 0], flat[:, 1], flat[:, 2], np.broadcast_to(box, (len(flat), 4, 2))
            ).reshape(n, m, 4, 2)
            lo, hi = _pair_boxes(corners)
            pad = TOL + _bulge(poses, hull)[:, None]  # a turn's arc outside its chord
            near = (
                (lo[:, None, 0] <= boxes[None, :, 2] + pad)
                & (hi[:, None, 0] >= boxes[None, :, 0] - pad)
                & (lo[:, None, 1] <= boxes[None, :, 3] + pad)
                & (hi[:, None, 1] >= boxes[None, :, 1] - pad)
            )
            near[:, list(touching)] = False  # a ship may sail clear of one alongside...
            cand = np.flatnonzero(near.any(axis=1))
            bad = np.zeros(n * (m - 1), bool)
            if cand.size:
                hulls = _sweeps(poses, cand, hull)
                hit, obs = tree.query(hulls, predicate="dwithin", distance=pad[cand, 0])
                hit = hit[~np.isin(obs, list(touching))]
                bad[cand[hit]] = True
            ok &= ~bad.reshape(n, m - 1).any(1)
            if watch:  # ...or along it, but not press herself into it
                ok &= ~pressed(poses, lo, hi, hull, [geoms[j] for j in watch])
        idx = np.flatnonzero(ok)
        xs.append(p.x[idx])
        ys.append(p.y[idx])
        hs.append(p.h[idx])
        groups.append(np.full(idx.size, g))
        rows.append(idx)
        steps.append(st)
    if not xs or sum(len(x) for x in xs) == 0:
        return empty_fan()
    x, y, h = np.concatenate(xs), np.concatenate(ys), np.mod(np.concatenate(hs), 360.0)
    sector = classify(relative_wind(scn.wind.from_deg, h), reckon.sector_lowers(scn.ruleset))
    return Fan(x, y, h, sector, tuple(steps), np.concatenate(groups), np.concatenate(rows))


def alongside(
    start: shapely.Polygon, geoms: list[shapely.Geometry], hull: np.ndarray
) -> tuple[set[int], list[int]]:
    """The obstacles her hull touches at the start, left out of the swept test (she may
    sail clear of one alongside, or along it), and of them those she does not already
    overlap past the tolerance, watched for being pressed into (:func:`pressed`): as
    :func:`tabletop.geometry.motion.first_contact` judges them.  Left out unwatched, the
    fan offered every move of a ship lying alongside an enemy while the engine ended
    each at once, pressed into his base (the frigate duel's amazon, for two turns)."""
    if not geoms:
        return set(), []
    every = np.asarray(geoms, dtype=object)
    near = np.flatnonzero(shapely.distance(start, every) <= TOL)
    eps = TOL * float(np.ptp(hull[:, 1]))
    over = shapely.area(shapely.intersection(start, every[near]))
    return {int(i) for i in near}, [int(i) for i, a in zip(near, over, strict=True) if a <= eps]


def close_aboard(scn: Scenario, ship_id: str) -> list[str]:
    """The ships and shores within her beam of her hull (touching included): where her
    fan is empty because every move runs into one of them, the window names them (an
    empty fan said nothing of why)."""
    geoms, names = obstacles(scn, ship_id)
    if not geoms:
        return []
    me = scn.ship(ship_id)
    hull = shapely.Polygon(me.hull_corners())
    gap = shapely.distance(hull, np.asarray(geoms, dtype=object))
    return [names[i] for i in np.flatnonzero(gap <= me.cls.base_width)]


def _bulge(poses: np.ndarray, hull: np.ndarray) -> np.ndarray:
    """How far her hull may swing outside the sweep between two samples of a turn,
    for each pair of consecutive samples (n·(S−1)): a point of her hull runs on an arc
    about the turn's centre, and the hull swept from sample to sample holds only its
    chord, short of the arc by its sagitta, r (1 − cos ½Δh), r the point's distance
    from the centre (at most the turn's radius, found from the chord her centre makes,
    plus her hull's reach).  0 for a run (no turn: the sweep is exact).  Left out, the
    fan offered the frigate duel's amazon 27 moves whose turn grazed loire's bow by a
    hundredth of a centimetre, every one refused by the engine, which then judged the
    collision avoidable because the fan was not empty."""
    half = np.radians(np.abs((np.diff(poses[:, :, 2], axis=1) + 180.0) % 360.0 - 180.0)) / 2
    chord = np.hypot(np.diff(poses[:, :, 0], axis=1), np.diff(poses[:, :, 1], axis=1))
    radius = np.divide(chord, 2 * np.sin(half), out=np.zeros_like(chord), where=half > 1e-9)
    reach = float(np.hypot(hull[:, 0], hull[:, 1]).max())
    return ((radius + reach) * (1 - np.cos(half))).reshape(-1)


def _pair_boxes(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The box of each pair of consecutive samples (its lows and highs, n·(S−1) × 2),
    from her turned hull box at each sample (``corners``, n × S × 4 × 2)."""
    rlo, rhi = corners.min(axis=2), corners.max(axis=2)
    lo = np.minimum(rlo[:, :-1], rlo[:, 1:]).reshape(-1, 2)
    return lo, np.maximum(rhi[:, :-1], rhi[:, 1:]).reshape(-1, 2)


def _sweeps(poses: np.ndarray, cand: np.ndarray, hull: np.ndarray) -> np.ndarray:
    """Her hull swept from sample to sample over the pairs ``cand`` (flat indices of
    :func:`_pair_boxes`' pairs; ``poses``: n paths × S samples × x y heading)."""
    a, b = np.divmod(cand, poses.shape[1] - 1)
    ends = poses[np.concatenate([a, a]), np.concatenate([b, b + 1])]
    shape = (len(ends), *hull.shape)
    rings = to_world(ends[:, 0], ends[:, 1], ends[:, 2], np.broadcast_to(hull, shape))
    return swept(rings[: a.size], rings[a.size :])


def pressed(
    poses: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
    hull: np.ndarray,
    watched: list[shapely.Geometry],
) -> np.ndarray:
    """Paths (``poses``: n paths of S samples, x y heading) whose hull, swept from one
    sample to the next, overlaps an obstacle she lay alongside by more than the
    tolerance (``TOL`` times her beam in area, the engine's): pressed into it, where the
    engine ends her move.  Swept, not sampled: a bow sliding past the corner of a base
    alongside was inside it from the first hundredth of a centimetre to the fifth, and
    out of it at every sample.  Only the sweeps whose box (``lo``, ``hi``: of
    :func:`_pair_boxes`) reaches the obstacle's are built."""
    n, m = poses.shape[:2]
    eps = TOL * float(np.ptp(hull[:, 1]))
    bad = np.zeros(n * (m - 1), bool)
    for g in watched:
        x0, y0, x1, y1 = shapely.bounds(g)
        reach = (lo[:, 0] <= x1) & (hi[:, 0] >= x0) & (lo[:, 1] <= y1) & (hi[:, 1] >= y0)
        cand = np.flatnonzero(reach & ~bad)
        if cand.size:
            bad[cand] = shapely.area(shapely.intersection(_sweeps(poses, cand, hull), g)) > eps
    return np.asarray(bad.reshape(n, m - 1).any(axis=1))


def hex_fan(poses: list[Pose], seqs: list[tuple[str, ...]]) -> Fan:
    """A hex game's fan: one end pose per sequence of steps (``F`` a hex ahead, ``P`` /
    ``S`` a hexside turned), each written as its path (``F1 S60 F1``): a step is a hex,
    whatever the hex's size."""
    if not poses:
        return empty_fan()
    width = max(len(seq) for seq in seqs)
    steps = []
    for i in range(width):
        kinds = [seq[i] if i < len(seq) else "" for seq in seqs]
        steps.append(("F", np.array([1.0 if k == "F" else 0.0 for k in kinds])))
        steps.append(("T", np.array([{"S": 60.0, "P": -60.0}.get(k, 0.0) for k in kinds])))
    n = len(poses)
    return Fan(
        np.array([p.x for p in poses]),
        np.array([p.y for p in poses]),
        np.array([p.heading for p in poses]),
        np.zeros(n, int),
        (tuple(steps),),
        np.zeros(n, int),
        np.arange(n),
    )
