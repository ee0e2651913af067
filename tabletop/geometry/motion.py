"""Moves along a path of straight runs, arcs and pivots, and the first contact.

A path is a sequence of :class:`Segment` values.  A straight run moves the centre ahead;
a turn moves it along a circular arc of the template's radius (radius 0: a pivot about
the base centre, which uses no distance).  The moving hull is swept along the path and
the first contact with any obstacle (another ship's base, land) is found to within the
project tolerance: coarse swept hulls locate the step, bisection pins the place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import shapely

from tabletop.common.units import TOL
from tabletop.geometry.angles import normalise
from tabletop.geometry.pose import Arr, Pose, axes, to_world


@dataclass(frozen=True)
class Segment:
    """One piece of a path: ``turn`` degrees (starboard positive) on ``radius``, or a run."""

    length: float = 0.0  # straight run, table units
    turn: float = 0.0  # degrees, + starboard, − port
    radius: float = 0.0  # arc radius for a turn; 0 pivots on the spot

    @property
    def distance(self) -> float:
        """Path length used: the run, or the arc length of a turn."""
        return self.length if self.turn == 0.0 else abs(math.radians(self.turn)) * self.radius


def advance(pose: Pose, seg: Segment, frac: float = 1.0) -> Pose:
    """The pose after ``frac`` of a segment."""
    if seg.turn == 0.0:
        return pose.forward(seg.length * frac)
    phi = seg.turn * frac
    if seg.radius == 0.0:
        return pose.turned(phi)
    sign = 1.0 if seg.turn > 0 else -1.0
    _, stb0 = axes(pose.heading)
    cx = pose.x + sign * seg.radius * stb0[0]
    cy = pose.y + sign * seg.radius * stb0[1]
    h = pose.heading + phi
    _, stb = axes(h)
    return Pose(
        float(cx - sign * seg.radius * stb[0]), float(cy - sign * seg.radius * stb[1]), normalise(h)
    )


def end_pose(start: Pose, path: list[Segment]) -> Pose:
    pose = start
    for seg in path:
        pose = advance(pose, seg)
    return pose


def along(start: Pose, path: list[Segment] | tuple[Segment, ...], frac: float) -> Pose:
    """The pose ``frac`` (0..1) of the way along a path, by its length: a ship shown
    sailing her move turns where the path turns, not along the chord from start to end.
    A pivot on the spot (no length) is given a tenth of the path's length per 90°, so
    it is seen, not jumped."""
    total = sum(seg.distance for seg in path)
    spin = 0.1 * max(total, 1.0) / 90.0
    weights = [seg.distance if seg.distance > 0 else abs(seg.turn) * spin for seg in path]
    left = min(max(frac, 0.0), 1.0) * sum(weights)
    pose = start
    for seg, w in zip(path, weights, strict=True):
        if w <= 0:
            pose = advance(pose, seg)
            continue
        if left < w:
            return advance(pose, seg, left / w)
        pose, left = advance(pose, seg), left - w
    return pose


@dataclass(frozen=True)
class Contact:
    """The first touch of the moving hull: which obstacle, how far along, where."""

    obstacle: int
    at: float  # path distance at contact
    point: tuple[float, float]
    pose: Pose


def _samples(
    start: Pose, path: list[Segment], step: float, angle_step: float
) -> tuple[list[Pose], list[tuple[int, float]], list[Pose], list[float]]:
    """Sample poses along the path; also each segment's starting pose and distance."""
    poses = [start]
    where: list[tuple[int, float]] = [(0, 0.0)]
    seg_start: list[Pose] = []
    seg_at: list[float] = []
    pose, used = start, 0.0
    for i, seg in enumerate(path):
        seg_start.append(pose)
        seg_at.append(used)
        n = max(1, math.ceil(seg.distance / step), math.ceil(abs(seg.turn) / angle_step))
        for k in range(1, n + 1):
            poses.append(advance(pose, seg, k / n))
            where.append((i, k / n))
        pose = advance(pose, seg)
        used += seg.distance
    return poses, where, seg_start, seg_at


def swept(a: Arr, b: Arr) -> np.ndarray:
    """The hulls a base sweeps between two poses: for each pair of rings ``a[i]``,
    ``b[i]`` (``(n, K, 2)`` each), the convex hull of both.  Their points are read as
    one (unclosed, unordered) ring: shapely builds that a third as fast as a multipoint
    of them, and its convex hull is the same."""
    return shapely.convex_hull(shapely.polygons(np.concatenate([a, b], axis=1)))


def hull_at(pose: Pose, hull_local: Arr) -> shapely.Polygon:
    return shapely.Polygon(
        to_world(
            np.float64(pose.x), np.float64(pose.y), np.float64(pose.heading), hull_local[None]
        )[0]
    )


def first_contact(
    start: Pose,
    path: list[Segment],
    hull_local: Arr,
    obstacles: list[shapely.Geometry],
    step: float | None = None,
    angle_step: float = 3.0,
) -> Contact | None:
    """Where the hull first touches an obstacle along the path, or None.

    An obstacle the hull already touches at the start counts only where the path
    presses her into it (their overlap grows past the tolerance): a ship may sail clear
    of a base she lies alongside, or along it, but not through it (a bow touching a
    base or an island sailed on through it, in the engine too).
    """
    if not obstacles or not path:
        return None
    hull_local = np.asarray(hull_local, dtype=float)
    beam = float(np.ptp(hull_local[:, 1]))
    step = step or max(beam / 3.0, 1e-3)
    every = np.asarray(obstacles, dtype=object)
    here = hull_at(start, hull_local)
    # through a tree, not the distance to each: a coastline far off costs nothing
    near = np.zeros(len(every), dtype=bool)
    near[shapely.STRtree(every).query(here, predicate="dwithin", distance=TOL)] = True
    live = np.flatnonzero(~near)
    # alongside at the start: the overlap she starts with (none, touching) is hers
    stuck = np.flatnonzero(near)
    stuck = stuck[shapely.area(shapely.intersection(here, every[stuck])) <= TOL * beam]
    if live.size == 0 and stuck.size == 0:
        return None
    poses, where, seg_start, seg_at = _samples(start, path, step, angle_step)
    arr = np.array([[p.x, p.y, p.heading] for p in poses])
    rings = to_world(
        arr[:, 0],
        arr[:, 1],
        arr[:, 2],
        np.broadcast_to(hull_local, (len(poses), *hull_local.shape)),
    )
    found: list[Contact] = []
    if live.size:
        obs = every[live]
        hit_steps, _ = shapely.STRtree(obs).query(
            swept(rings[:-1], rings[1:]), predicate="dwithin", distance=TOL
        )
        for k in np.unique(hit_steps):
            (sa, fa), (sb, fb) = where[k], where[k + 1]
            f0 = fa if sa == sb else 0.0
            touch = _refine(seg_start[sb], path[sb], f0, fb, hull_local, obs)
            if touch is not None:
                j, frac, pose, point = touch
                found.append(Contact(int(live[j]), seg_at[sb] + frac * path[sb].distance,
                                     point, pose))  # fmt: skip
                break
    if stuck.size:
        pressed = _pressed(rings, where, seg_start, seg_at, path, hull_local, every[stuck], beam)
        if pressed is not None:
            found.append(replace(pressed, obstacle=int(stuck[pressed.obstacle])))
    return min(found, key=lambda c: c.at) if found else None


def _pressed(
    rings: np.ndarray,
    where: list[tuple[int, float]],
    seg_start: list[Pose],
    seg_at: list[float],
    path: list[Segment],
    hull_local: Arr,
    obs: np.ndarray,
    beam: float,
) -> Contact | None:
    """Where the path first presses the hull into an obstacle it touched at the start:
    the first sampled pose whose overlap with one exceeds the tolerance (``TOL`` times
    her beam in area), then bisection on the overlap within its segment."""
    eps = TOL * beam
    areas = shapely.area(shapely.intersection(shapely.polygons(rings)[:, None], obs[None, :]))
    over = np.flatnonzero((areas > eps).any(axis=1))
    if over.size == 0:
        return None
    k = int(over[0])
    (sa, fa), (sb, fb) = where[k - 1], where[k]
    lo, hi = (fa if sa == sb else 0.0), fb
    seg, base = path[sb], seg_start[sb]

    def pressed(frac: float) -> bool:
        h = hull_at(advance(base, seg, frac), hull_local)
        return bool((shapely.area(shapely.intersection(h, obs)) > eps).any())

    while hi - lo > 1e-12:
        mid = (lo + hi) / 2.0
        lo, hi = (lo, mid) if pressed(mid) else (mid, hi)
    pose = advance(base, seg, hi)
    h = hull_at(pose, hull_local)
    j = int(np.argmax(shapely.area(shapely.intersection(h, obs))))
    px, py = shapely.get_coordinates(shapely.intersection(h, obs[j]).centroid)[0]
    return Contact(j, seg_at[sb] + hi * seg.distance, (float(px), float(py)), pose)


def _refine(
    seg_start: Pose, seg: Segment, f0: float, f1: float, hull_local: Arr, obs: np.ndarray
) -> tuple[int, float, Pose, tuple[float, float]] | None:
    """Pin the first touch in ``seg`` between fractions f0 and f1: fine samples, then bisection."""

    def touching(frac: float) -> bool:
        h = hull_at(advance(seg_start, seg, frac), hull_local)
        return bool((shapely.distance(h, obs) <= TOL).any())

    prev = f0
    for fr in np.linspace(f0, f1, 33)[1:]:
        if touching(float(fr)):
            lo, hi = prev, float(fr)
            while hi - lo > 1e-12:
                mid = (lo + hi) / 2.0
                if touching(mid):
                    hi = mid
                else:
                    lo = mid
            pose = advance(seg_start, seg, hi)
            hull = hull_at(pose, hull_local)
            j = int(np.argmin(shapely.distance(hull, obs)))
            px, py = shapely.get_coordinates(shapely.shortest_line(hull, obs[j]))[1]
            return j, hi, pose, (float(px), float(py))
        prev = float(fr)
    return None
