"""Solo tacking practice: a course to a windward mark, and a coach that knows the way.

The coach searches the ruleset's own moves turn by turn: from every position it keeps,
it lays out a fine set of template moves at once with numpy (a run, one turn of 5° to
45° placed early, mid-way or late, the rest of the allowance; the tack), masks what the
rules forbid (bow into the luffing sector, a luffing move gaining more than close-hauled,
tacking twice running, leaving the table, running onto an island), and stops at the
first turn in which a path passes within the mark's radius.  Positions that come to the
same place are merged, and each turn keeps the most promising ``beam`` of them ranked by
an admissible bound (nothing gains more to windward in a turn than close-hauled), so the
answer is the fewest turns within the move set; the tests check it against exhaustive
search on small courses.  Its plan is replayed through the engine before it is given.

Man O' War, whose tacks depend on a die, is planned for the fewest *expected* turns:
a tack attempt is costed by its expectation (see :func:`mow_tack_expectation`).
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import shapely

from tabletop.errors import TabletopError
from tabletop.geometry.angles import normalise, relative_wind
from tabletop.geometry.pose import Pose
from tabletop.model import Scenario, Ship, Terrain, Wind

DEFAULTS = {  # ruleset → (class, distance, mark radius)
    "trafalgar-modified": ("frigate-36", 100.0, 3.0),
    "man-o-war": ("frigate", 40.0, 1.5),
}


# ----------------------------------------------------------------------------- courses
@dataclass(frozen=True)
class Course:
    scenario: Scenario
    ship: str
    mark: tuple[float, float]
    radius: float
    key: str  # names the course for the score table
    gate: float | None = None  # a gate this wide, centred on the mark, across the wind

    @property
    def units(self) -> str:
        return self.scenario.units

    @property
    def gate_ends(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The gate's two buoys, either side of the mark, square to the wind."""
        w = math.radians(self.scenario.wind.from_deg)
        half = (self.gate or 0.0) / 2
        ax, ay = math.cos(w), -math.sin(w)  # across the wind
        mx, my = self.mark
        return (mx - half * ax, my - half * ay), (mx + half * ax, my + half * ay)

    def reached(self, ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray) -> np.ndarray:
        """Does each leg of the centre's track reach the goal: within the mark's circle,
        or across the gate's line between its buoys?"""
        if self.gate is None:
            mx, my = self.mark
            return _seg_dist(mx, my, ax, ay, bx, by) <= self.radius + 1e-9
        (gx, gy), (hx, hy) = self.gate_ends

        def side(px: Any, py: Any, qx: Any, qy: Any, rx: Any, ry: Any) -> Any:
            return (qx - px) * (ry - py) - (qy - py) * (rx - px)

        d1, d2 = side(gx, gy, hx, hy, ax, ay), side(gx, gy, hx, hy, bx, by)
        d3, d4 = side(ax, ay, bx, by, gx, gy), side(ax, ay, bx, by, hx, hy)
        return np.asarray((d1 * d2 <= 0) & (d3 * d4 <= 0) & ((d1 != 0) | (d2 != 0)))

    def passes(self, m: Any) -> bool:
        """Does a previewed move reach the goal?"""
        pts = move_points(m)
        if len(pts) < 2:
            return False
        return bool(self.reached(pts[:-1, 0], pts[:-1, 1], pts[1:, 0], pts[1:, 1]).any())


def _class(ruleset: Any, class_id: str, unit: str) -> Any:
    from tabletop.data.load import load_roster, read_class
    from tabletop.data.reader import Reader

    file, roster = load_roster(ruleset)
    if class_id not in roster:
        raise TabletopError(f"{file}: no class '{class_id}' (classes: {', '.join(roster)})")
    r = Reader(file)
    cls = read_class(r, roster[class_id], class_id, class_id, ruleset.units, unit, ruleset)
    r.raise_if_any()
    return cls


def make_course(
    ruleset: str = "trafalgar-modified",
    distance: float | None = None,
    seed: int | None = None,
    class_id: str | None = None,
    islands: int | None = None,
    gate: float | None = None,
) -> Course:
    """A mark ``distance`` dead upwind of a ship lying close-hauled on the port tack.

    With a ``seed``, up to two islands lie somewhere on the way (placed by that seed);
    the seed also rolls the game's dice.
    """
    from tabletop import rules

    if ruleset not in DEFAULTS:
        raise TabletopError(f"--ruleset: the drill sails {', '.join(DEFAULTS)}; found '{ruleset}'")
    rs = rules.load(ruleset)
    unit = rs.units
    default_cls, default_d, radius = DEFAULTS[ruleset]
    d = float(distance if distance is not None else default_d)
    if not 0 < d <= 1000:
        raise TabletopError(f"--distance: expected a distance above 0 {unit}, found {distance}")
    cls = _class(rs, class_id or default_cls, unit)
    margin = 0.25 * d + 10
    # room to reach across and come about: a drill that runs off the table is lost
    width = max(0.9 * d, 100.0 if unit == "cm" else 40.0)
    depth = d + 2 * margin
    start = (width / 2, margin)
    mark = (width / 2, margin + d)
    theta = float(rs.movement.get("close_hauled", 60))
    ship = Ship("pupil", cls, "pupil", Pose(start[0], start[1], normalise(theta)))
    terrain: list[Terrain] = []
    if seed is not None:
        rnd = random.Random(seed)
        n = islands if islands is not None else rnd.randint(1, 2)
        size = max(1.5, 0.06 * d)
        for k in range(n):
            for _ in range(100):
                cx = rnd.uniform(0.15 * width, 0.85 * width)
                cy = rnd.uniform(start[1] + 0.2 * d, mark[1] - 0.2 * d)
                ok = all(math.hypot(cx - px, cy - py) > size * 2.5 for px, py in (start, mark))
                if ok:
                    break
            pts = [
                (
                    cx + size * math.cos(a) * (0.7 + 0.3 * rnd.random()),
                    cy + size * math.sin(a) * (0.7 + 0.3 * rnd.random()),
                )
                for a in np.linspace(0, 2 * math.pi, 7)[:-1]
            ]
            terrain.append(Terrain("land", tuple(pts), f"island {k + 1}"))
    scn = Scenario(
        name=f"Tacking drill, {d:g} {unit}",
        ruleset=rs,
        units=unit,
        width=width,
        depth=depth,
        wind=Wind(0.0, "moderate"),
        ships=(ship,),
        terrain=tuple(terrain),
        seed=seed if seed is not None else 0,
        source="",
        options={"mark": {"x": mark[0], "y": mark[1]}},
    )
    if gate is not None and not 0 < gate <= width:
        raise TabletopError(f"--gate: expected a width above 0 and within the table, found {gate}")
    key = f"{ruleset}/{cls.id}/{d:g}{unit}/seed-{seed}" + (f"/gate-{gate:g}" if gate else "")
    return Course(scn, "pupil", mark, radius, key, gate)


def course_from_scenario(scn: Scenario) -> Course:
    """A shipped practice scenario: its one ship and its `mark = { x, y }`."""
    mark = scn.options.get("mark")
    if not isinstance(mark, dict) or not {"x", "y"} <= set(mark):
        raise TabletopError(f"{scn.source}: scenario.mark: expected {{ x = ..., y = ... }}")
    radius = DEFAULTS.get(scn.ruleset.name, ("", 0, 3.0))[2]
    return Course(
        scn,
        scn.ships[0].id,
        (float(mark["x"]), float(mark["y"])),
        float(mark.get("radius", radius)),
        f"scenario/{Path(scn.source).stem}",
    )


# ----------------------------------------------------------------------------- the coach
@dataclass
class Plan:
    turns: list[list[str]]  # the actions of each turn, in the engine's text
    count: float  # turns to the mark (expected, for dice-driven rules)
    ms: float  # planning time
    exact: bool = True  # False when the count is an expectation
    expanded: int = 0

    def as_json(self, course: Course) -> dict[str, Any]:
        return {
            "course": course.key,
            "ruleset": course.scenario.ruleset.name,
            "units": course.units,
            "mark": list(course.mark),
            "radius": course.radius,
            "gate": [list(p) for p in course.gate_ends] if course.gate else None,
            "turns": self.turns,
            "turn_count": self.count,
            "expected": not self.exact,
            "planning_ms": round(self.ms, 1),
        }


def _seg_poly_dist(
    ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray, ring: np.ndarray
) -> np.ndarray:
    """Distance from many segments to one polygon (0 when a segment enters it)."""
    qx, qy = ring[:, 0], ring[:, 1]
    rx, ry = np.roll(qx, -1), np.roll(qy, -1)
    A = (ax[..., None], ay[..., None])
    B = (bx[..., None], by[..., None])
    # end points of each segment to each edge, and each vertex to the segment
    d = np.minimum.reduce(
        [
            _seg_dist_arr(A[0], A[1], qx, qy, rx, ry),
            _seg_dist_arr(B[0], B[1], qx, qy, rx, ry),
            _seg_dist_arr(qx, qy, A[0], A[1], B[0], B[1]),
        ]
    ).min(-1)

    def orient(px: Any, py: Any, ux: Any, uy: Any, vx: Any, vy: Any) -> Any:
        return np.sign((ux - px) * (vy - py) - (uy - py) * (vx - px))

    cross = (
        (orient(A[0], A[1], B[0], B[1], qx, qy) != orient(A[0], A[1], B[0], B[1], rx, ry))
        & (orient(qx, qy, rx, ry, A[0], A[1]) != orient(qx, qy, rx, ry, B[0], B[1]))
    ).any(-1)
    # inside: an end point of the segment within the polygon (even-odd rule)
    px, py = ax[..., None], ay[..., None]
    crosses = ((qy > py) != (ry > py)) & (
        px < (rx - qx) * (py - qy) / np.where(ry != qy, ry - qy, 1) + qx
    )
    inside = crosses.sum(-1) % 2 == 1
    return np.where(cross | inside, 0.0, d)


def _seg_dist_arr(px: Any, py: Any, ax: Any, ay: Any, bx: Any, by: Any) -> Any:
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / np.where(ll > 0, ll, 1), 0, 1)
    return np.hypot(ax + t * dx - px, ay + t * dy - py)


def _seg_dist(
    px: float, py: float, ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray
) -> np.ndarray:
    """Distance from a point to many segments."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / np.where(ll > 0, ll, 1), 0, 1)
    return np.hypot(ax + t * dx - px, ay + t * dy - py)


class Coach:
    """Plans the fewest turns to the mark under the modified Trafalgar rules."""

    def __init__(self, course: Course, beam: int | None = 120, grid: float = 0.25) -> None:
        self.course = course
        self.beam = beam
        self.grid = grid  # positions closer than this (and within 1°) are merged
        scn = course.scenario
        from tabletop.rules.trafalgar import TrafalgarModified

        rs = scn.ruleset
        if not isinstance(rs, TrafalgarModified):
            raise TabletopError(
                f"the coach plans the modified Trafalgar rules; {rs.title} is not planned yet"
            )
        self.rs = rs
        self.wind = scn.wind.from_deg
        ship = scn.ship(course.ship)
        self.cls = ship.cls
        self.speed = ship.cls.speed
        self.unit = scn.units
        self.radius_turn = rs.turn_radius(ship.cls.base_length, self.unit)
        self.inertia = rs.inertia * rs.scale(self.unit)
        self.max_turn = float(rs.max_turn)
        self.theta_ch = float(rs.close_hauled)
        self.luff_edge = rs.sectors[1].lower
        # No turn can gain more to windward than her best allowance sailed close-hauled:
        # the bound behind `to_go`.  (Bearing away to reach, then hauling up on the
        # reaching allowance, really does gain more than beating: the rules fix the
        # allowance at the start of the move, and the coach uses that.)
        best = max(float(sec.factor) for sec in rs.sectors) * self.speed
        self.gain = best * math.cos(math.radians(float(rs.close_hauled)))
        self.luff_cap = rs.luff_gain_cap(self.speed)
        self._sea(scn, ship)

    def _sea(self, scn: Scenario, ship: Ship) -> None:
        """What every coach needs of the table: her hull, the land, the way upwind."""
        self.hull = ship.hull_local()
        self.land = [shapely.Polygon(t.points) for _, t in scn.land()]
        self.tree = shapely.STRtree(self.land) if self.land else None
        self.boxes = shapely.bounds(np.asarray(self.land, dtype=object)) if self.land else None
        self.rings = [np.asarray(t.points, dtype=float) for _, t in scn.land()]
        up = math.radians(self.wind)
        self.up = (math.sin(up), math.cos(up))

    # -- figures -----------------------------------------------------------------------
    def allowance(self, heading: np.ndarray) -> np.ndarray:
        """Her allowance on each heading, by the ruleset's own rule."""
        theta = relative_wind(self.wind, heading)
        out = np.zeros_like(heading)
        for k, sec in enumerate(self.rs.sectors):
            hi = self.rs.sectors[k + 1].lower if k + 1 < len(self.rs.sectors) else 181
            sel = (theta >= sec.lower) & (theta < hi)
            out[sel] = self.rs.allowance(self.cls, sec)[1]
        return out

    def to_go(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """A lower bound on the turns still to sail (see ``gain``)."""
        mx, my = self.course.mark
        need = (mx - x) * self.up[0] + (my - y) * self.up[1] - self.course.radius
        return np.ceil(np.maximum(need, 0) / self.gain - 1e-9)

    def estimate(
        self, x: np.ndarray, y: np.ndarray, h: np.ndarray, phase: np.ndarray
    ) -> np.ndarray:
        """A close estimate (for ranking, not a bound) of the turns still to sail.

        The way to the mark is split along the two close-hauled courses: ``a`` on the tack
        she is on, ``b`` on the other; the legs take (a + b) / beating allowance turns,
        and a leg on the other tack costs a tack (two turns).  Outside the laylines' cone
        one of them is negative: that distance is sailed off the wind instead.
        """
        mx, my = self.course.mark
        dx, dy = mx - x, my - y
        th = math.radians(self.theta_ch)
        w = math.radians(self.wind)
        # the two close-hauled courses (compass), starboard tack (wind over starboard) first
        hs = np.array([w - th, w + th])
        ux, uy = np.sin(hs), np.cos(hs)
        det = ux[0] * uy[1] - ux[1] * uy[0]
        p = (dx * uy[1] - dy * ux[1]) / det  # along the starboard-tack course
        q = (ux[0] * dy - uy[0] * dx) / det  # along the port-tack course
        on_stb = np.where(
            phase == 1,
            True,
            relative_wind(self.wind, h) * np.sign(((self.wind - h + 540) % 360) - 180) > 0,
        )
        a = np.where(on_stb, p, q)
        b = np.where(on_stb, q, p)
        beat = float(self.rs.sectors[1].factor) * self.speed
        legs = (np.maximum(a, 0) + np.maximum(b, 0)) / beat
        off = (np.maximum(-a, 0) + np.maximum(-b, 0)) / beat  # a rough price for the cone
        tack = np.where(b > self.course.radius, 2.0, 0.0)
        return legs + off + tack

    # -- one turn for many states ------------------------------------------------------
    def _moves(self) -> tuple[np.ndarray, np.ndarray]:
        """The move set: turn angle and where the turn falls (share of the free run)."""
        angles = np.arange(5.0, self.max_turn + 1e-9, 5.0)
        if (self.cls.turns or 1) >= 2:  # two full turns back to back: 90° on the template
            angles = np.concatenate([angles, [2 * self.max_turn]])
        a = np.concatenate([[0.0], np.repeat(np.concatenate([-angles, angles]), 3)])
        f = np.concatenate([[0.0], np.tile([0.0, 0.5, 1.0], 2 * len(angles))])
        return a, f

    def _sail(self, x: np.ndarray, y: np.ndarray, h: np.ndarray) -> dict[str, np.ndarray]:
        """Every template move from every state at once, flattened to ``n × G`` paths."""
        ang, frac = self._moves()
        n, g = len(x), len(ang)
        alw = self.allowance(h)[:, None]
        X0, Y0, H0 = x[:, None], y[:, None], h[:, None]
        A = np.broadcast_to(ang, (n, g))
        R = self.radius_turn
        arc = np.radians(np.abs(A)) * R
        free = alw - arc - np.where(A != 0, self.inertia, 0.0)
        run1 = np.where(A != 0, self.inertia + frac * np.maximum(free, 0), alw)
        run2 = np.where(A != 0, (1 - frac) * np.maximum(free, 0), 0.0)
        ok = (free >= -1e-9) & (alw > 0)
        # a ship that starts luffing luffs (L runs, no more to windward than close-hauled,
        # and she may end luffing); the coach never turns into the luffing sector itself
        luffing = relative_wind(self.wind, H0) < self.luff_edge
        hr = np.radians(H0)
        # a luffing ship may stop short: her runs shrink until the move gains no more to
        # windward than close-hauled (the arc's own gain is fixed; the runs' is linear)
        sgn = np.sign(A)
        hr2_ = np.radians(H0 + A)
        arc_gain = (
            sgn * R * (np.cos(hr) - np.cos(hr2_)) * self.up[0]
            + sgn * R * (np.sin(hr2_) - np.sin(hr)) * self.up[1]
        )
        run_gain = run1 * (np.sin(hr) * self.up[0] + np.cos(hr) * self.up[1]) + run2 * (
            np.sin(hr2_) * self.up[0] + np.cos(hr2_) * self.up[1]
        )
        with np.errstate(divide="ignore", invalid="ignore"):
            shrink = np.where(run_gain > 1e-9, (self.luff_cap - arc_gain) / run_gain, 1.0)
        shrink = np.where(luffing, np.clip(shrink, 0.0, 1.0), 1.0)
        run1, run2 = run1 * shrink, run2 * shrink
        ok &= (A == 0) | (run1 >= self.inertia - 1e-9)  # the inertia comes before a turn
        x1, y1 = X0 + run1 * np.sin(hr), Y0 + run1 * np.cos(hr)
        sign = np.sign(A)
        cx, cy = x1 + sign * R * np.cos(hr), y1 - sign * R * np.sin(hr)
        pts = [(X0 + 0 * A, Y0 + 0 * A), (x1, y1)]
        heads = [H0 + 0 * A, H0 + 0 * A]
        for t in np.linspace(0, 1, 7)[1:]:
            hh = np.radians(H0 + t * A)
            pts.append((cx - sign * R * np.cos(hh), cy + sign * R * np.sin(hh)))
            heads.append(H0 + t * A)
        h2 = normalise(H0 + A)
        xa, ya = pts[-1]
        hr2 = np.radians(h2)
        x2, y2 = xa + run2 * np.sin(hr2), ya + run2 * np.cos(hr2)
        pts.append((x2, y2))
        heads.append(h2)
        ok &= luffing | (relative_wind(self.wind, h2) >= self.luff_edge - 1e-9)
        gain = (x2 - X0) * self.up[0] + (y2 - Y0) * self.up[1]
        ok &= ~luffing | (gain <= self.luff_cap + 0.5e-4)
        scn = self.course.scenario
        ok &= (x2 >= 0) & (x2 <= scn.width) & (y2 >= 0) & (y2 <= scn.depth)
        PX = np.stack([p[0] for p in pts], -1).reshape(n * g, -1)
        PY = np.stack([p[1] for p in pts], -1).reshape(n * g, -1)
        PH = np.stack(heads, -1).reshape(n * g, -1)
        ok = ok.reshape(-1)
        mx, my = self.course.mark
        hit = self.course.reached(PX[:, :-1], PY[:, :-1], PX[:, 1:], PY[:, 1:]).any(1)
        if self.tree is not None:
            ok &= ~self._hits_land(PX, PY, PH, ok)
        return {
            "x": x2.reshape(-1),
            "y": y2.reshape(-1),
            "h": h2.reshape(-1),
            "ok": ok,
            "reached": ok & hit,
            "state": np.repeat(np.arange(n), g),
            "run1": run1.reshape(-1),
            "turn": A.reshape(-1),
            "run2": run2.reshape(-1),
            "luff": np.broadcast_to(luffing, (n, g)).reshape(-1),
        }

    def _hits_land(
        self, PX: np.ndarray, PY: np.ndarray, PH: np.ndarray, live: np.ndarray
    ) -> np.ndarray:
        """Does the hull, swept along each path's legs, touch land?  Boxes first."""
        from tabletop.geometry.pose import to_world

        assert self.boxes is not None and self.tree is not None
        # The centre's path, leg by leg, against each island: farther than the hull reaches
        # from its centre is clear; nearer than half her beam (a disc the hull holds) is a
        # hit; only the legs in between are swept exactly with shapely.
        outer = float(np.max(np.hypot(self.hull[:, 0], self.hull[:, 1])))
        inner = float(np.min(np.abs(self.hull[:, 1])[np.abs(self.hull[:, 1]) > 0]))
        ax, bx, ay, by = PX[:, :-1], PX[:, 1:], PY[:, :-1], PY[:, 1:]
        lo_x, hi_x = np.minimum(ax, bx) - outer, np.maximum(ax, bx) + outer
        lo_y, hi_y = np.minimum(ay, by) - outer, np.maximum(ay, by) + outer
        assert self.boxes is not None
        d = np.full(ax.shape, np.inf)
        for b, ring in zip(self.boxes, self.rings, strict=True):
            near = (lo_x <= b[2]) & (hi_x >= b[0]) & (lo_y <= b[3]) & (hi_y >= b[1])
            near &= live[:, None]
            p_, l_ = np.nonzero(near)
            if p_.size:
                d[p_, l_] = np.minimum(
                    d[p_, l_], _seg_poly_dist(ax[p_, l_], ay[p_, l_], bx[p_, l_], by[p_, l_], ring)
                )
        bad: np.ndarray = np.asarray((d <= inner).any(1))
        maybe = (d > inner) & (d <= outer)
        maybe[bad] = False
        path, leg = np.nonzero(maybe)
        if not path.size:
            return bad
        k = path.size
        hull = np.broadcast_to(self.hull, (k, *self.hull.shape))
        ra = to_world(PX[path, leg], PY[path, leg], PH[path, leg], hull)
        rb = to_world(PX[path, leg + 1], PY[path, leg + 1], PH[path, leg + 1], hull)
        swept = shapely.convex_hull(shapely.multipoints(np.concatenate([ra, rb], 1)))
        hit, _ = self.tree.query(swept, predicate="intersects")
        bad[path[np.unique(hit)]] = True
        return bad

    @staticmethod
    def _text(run1: float, turn: float, run2: float, word: str = "F") -> str:
        """A move in the path syntax (``word`` L for luffing runs)."""

        def f(v: float) -> str:
            return f"{v:.6f}".rstrip("0").rstrip(".")

        if turn == 0:
            return f"{word}{f(run1)}"
        side = "S" if turn > 0 else "P"
        if abs(turn) > 45 + 1e-9:  # two turns back to back
            half = f(abs(turn) / 2)
            words = [f"{word}{f(run1)}", f"{side}{half}", f"{side}{half}"]
        else:
            words = [f"{word}{f(run1)}", f"{side}{f(abs(turn))}"]
        if run2 > 1e-9:
            words.append(f"{word}{f(run2)}")
        return " ".join(words)

    # -- the search --------------------------------------------------------------------
    def plan(
        self,
        start: Pose | None = None,
        tacking: bool = False,
        tacked_last: bool = False,
        max_turns: int = 200,
        deadline: float | None = None,
    ) -> Plan:
        """The fewest turns from ``start`` (default: her start), half-way through a tack
        if ``tacking``; ``tacked_last``: she completed a tack last turn (no tack now)."""
        t0 = time.perf_counter()
        pose = start or self.course.scenario.ship(self.course.ship).pose
        X, Y, H = np.array([pose.x]), np.array([pose.y]), np.array([pose.heading])
        PH = np.array([1 if tacking else 0])  # 1: turned into the wind, half-way through a tack
        TL = np.array([tacked_last])
        layers: list[dict[str, np.ndarray]] = []  # per turn: parent, and how she got there
        mx, my = self.course.mark
        if math.hypot(pose.x - mx, pose.y - my) <= self.course.radius:
            return Plan([], 0, 0.0)
        expanded = 0
        ship = self.course.ship
        for turn in range(1, max_turns + 1):
            if deadline is not None and time.perf_counter() > deadline:
                raise TabletopError("the coach ran out of time")
            expanded += len(X)
            parts: list[dict[str, np.ndarray]] = []
            idx = np.flatnonzero(PH == 0)
            if idx.size:
                c = self._sail(X[idx], Y[idx], H[idx])
                sel = np.flatnonzero(c["ok"])
                parts.append(
                    {
                        "x": c["x"][sel],
                        "y": c["y"][sel],
                        "h": c["h"][sel],
                        "ph": np.zeros(sel.size, int),
                        "tl": np.zeros(sel.size, bool),
                        "par": idx[c["state"][sel]],
                        "kind": np.zeros(sel.size, int),
                        "run1": c["run1"][sel],
                        "turn": c["turn"][sel],
                        "run2": c["run2"][sel],
                        "reached": c["reached"][sel],
                        "luff": c["luff"][sel],
                    }
                )
                # begin a tack: beating, not right after a tack; 2 of inertia, into the wind
                theta = relative_wind(self.wind, H[idx])
                sel = idx[(theta >= self.luff_edge) & (theta < 90) & ~TL[idx]]
                hr = np.radians(H[sel])
                tx, ty = X[sel] + self.inertia * np.sin(hr), Y[sel] + self.inertia * np.cos(hr)
                okt = np.ones(sel.size, bool)
                if self.tree is not None and sel.size:
                    okt &= ~self._hits_land(
                        np.stack([X[sel], tx], 1),
                        np.stack([Y[sel], ty], 1),
                        np.stack([H[sel], H[sel]], 1),
                        okt,
                    )
                d = self.course.reached(X[sel], Y[sel], tx, ty)
                k = int(okt.sum())
                parts.append(
                    {
                        "x": tx[okt],
                        "y": ty[okt],
                        "h": np.full(k, self.wind),
                        "ph": np.ones(k, int),
                        "tl": np.zeros(k, bool),
                        "par": sel[okt],
                        "kind": np.ones(k, int),
                        "run1": np.full(k, self.inertia),
                        "turn": np.zeros(k),
                        "run2": np.zeros(k),
                        "reached": d[okt],
                        "luff": np.zeros(k, bool),
                    }
                )
            idx = np.flatnonzero(PH == 1)
            for kind, hd in ((2, self.wind + self.theta_ch), (3, self.wind - self.theta_ch)):
                k = idx.size
                parts.append(
                    {
                        "x": X[idx],
                        "y": Y[idx],
                        "h": np.full(k, normalise(hd)),
                        "ph": np.zeros(k, int),
                        "tl": np.ones(k, bool),
                        "par": idx,
                        "kind": np.full(k, kind),
                        "run1": np.zeros(k),
                        "turn": np.zeros(k),
                        "run2": np.zeros(k),
                        "reached": np.zeros(k, bool),
                        "luff": np.zeros(k, bool),
                    }
                )
            L = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
            if L["reached"].any():
                layers.append(L)
                return self._unwind(
                    layers, int(np.flatnonzero(L["reached"])[0]), turn, t0, expanded, ship
                )
            if L["x"].size == 0:
                break
            key = np.stack(
                [
                    np.round(L["x"] / self.grid),
                    np.round(L["y"] / self.grid),
                    np.round(L["h"]),
                    L["ph"],
                    L["tl"],
                ],
                1,
            )
            _, first = np.unique(key, axis=0, return_index=True)
            keep = np.sort(first)
            if self.beam is not None and keep.size > self.beam:
                est = self.estimate(L["x"][keep], L["y"][keep], L["h"][keep], L["ph"][keep])
                keep = keep[np.argsort(est, kind="stable")[: self.beam]]
            L = {key_: v[keep] for key_, v in L.items()}
            layers.append(L)
            X, Y, H, PH, TL = L["x"], L["y"], L["h"], L["ph"], L["tl"]
        raise TabletopError("the coach found no way to the mark")

    def _unwind(
        self,
        layers: list[dict[str, np.ndarray]],
        k: int,
        turns: int,
        t0: float,
        expanded: int,
        ship: str,
    ) -> Plan:
        moves: list[str] = []
        i = k
        for L in reversed(layers):
            kind = int(L["kind"][i])
            if kind == 0:
                moves.append(
                    f"move {ship} "
                    + self._text(
                        float(L["run1"][i]),
                        float(L["turn"][i]),
                        float(L["run2"][i]),
                        "L" if bool(L["luff"][i]) else "F",
                    )
                )
            elif kind == 1:
                moves.append(f"move {ship} F{self.inertia:g} T")
            else:
                moves.append(f"tack {ship} {'port' if kind == 2 else 'starboard'}")
            i = int(L["par"][i])
        moves.reverse()
        return Plan(
            [[m, "end"] for m in moves], turns, (time.perf_counter() - t0) * 1000, expanded=expanded
        )


# -------------------------------------------------------------------- checking a plan
def replay_plan(course: Course, plan: Plan) -> tuple[Any, float]:
    """Play the plan through the engine; returns the game and the closest approach.

    A Man O' War plan that tacks through the eye of the wind is the plan for when the
    roll goes through: it is replayed with those rolls coming up 6.
    """
    from tabletop.engine.core import Game
    from tabletop.engine.dice import Script

    return _replay(course, plan, lambda scn: Game.new(scn, dice=Script(when={"tacking": 6}).cup))


def _replay(course: Course, plan: Plan, new_game: Any) -> tuple[Any, float]:
    from tabletop.movement import preview

    game = new_game(course.scenario)
    closest = float("inf")
    reached = False
    for turn in plan.turns:
        for action in turn:
            words = action.split()
            if words[0] == "move":
                m = preview(game.state.table(), words[1], " ".join(words[2:]))
                closest = min(closest, path_distance(m, course.mark))
                reached = reached or course.passes(m)
            game.play(action)
    if plan.turns and not reached:
        raise TabletopError("the plan does not reach the mark")
    return game, closest


def move_points(m: Any) -> np.ndarray:
    """The centre's track of a previewed move: the ends of runs, 12 points an arc."""
    from tabletop.geometry.motion import advance

    pose = m.start
    pts = [(pose.x, pose.y)]
    for seg in m.plan.segments:
        n = 1 if seg.turn == 0 else 12
        for frac in np.linspace(0, 1, n + 1)[1:]:
            b = advance(pose, seg, float(frac))
            pts.append((b.x, b.y))
        pose = advance(pose, seg)
    return np.array(pts)


def path_distance(m: Any, mark: tuple[float, float]) -> float:
    """How close the centre of a previewed move comes to a point."""
    pts = move_points(m)
    if len(pts) < 2:
        return float(math.hypot(pts[0, 0] - mark[0], pts[0, 1] - mark[1]))
    return float(
        _seg_dist(mark[0], mark[1], pts[:-1, 0], pts[:-1, 1], pts[1:, 0], pts[1:, 1]).min()
    )


# ----------------------------------------------------------------------- the scorecard
@dataclass
class Scorecard:
    turns: int
    optimum: float
    distance: float
    irons: int
    lost: list[dict[str, Any]] = field(default_factory=list)

    @property
    def over(self) -> float:
        return self.turns - self.optimum

    def as_json(self) -> dict[str, Any]:
        return {
            "turns": self.turns,
            "optimum": self.optimum,
            "over": self.over,
            "distance": round(self.distance, 2),
            "turns_in_irons": self.irons,
            "lost_ground": self.lost,
        }

    def text(self, unit: str) -> str:
        lines = [
            f"to the mark in {self.turns} turns; the best possible is {self.optimum:g}"
            + (" (you matched it!)" if self.over <= 0 else f" ({self.over:g} over)"),
            f"sailed {self.distance:.1f} {unit}; {self.irons} turns lost in irons",
        ]
        for w in self.lost:
            lines.append(
                f"  turn {w['turn']}: '{w['move']}' left {w['to_go_after']} to go "
                f"(was {w['to_go_before']})"
            )
        return "\n".join(lines)


@dataclass(frozen=True)
class TurnRecord:
    """One turn of a drill: where she was, what she did, where she ended."""

    before: Pose
    move: str
    after: Pose
    in_irons: bool = False
    tacking: bool = False  # half-way through a tack after this turn
    tacked: bool = False  # completed a tack this turn


def scorecard(
    course: Course, turns: list[TurnRecord], optimum: float, coach: Coach | None = None
) -> Scorecard:
    """Score a finished drill.

    The coach counts the turns still to go from before and after each turn: a turn in
    which that count did not fall by one *lost ground*.  The last turn reached the mark.
    """
    coach = coach or Coach(course, beam=60)
    lost: list[dict[str, Any]] = []
    distance = sum(math.hypot(t.after.x - t.before.x, t.after.y - t.before.y) for t in turns)
    irons = sum(1 for t in turns if t.in_irons)
    prev: TurnRecord | None = None
    for n, t in enumerate(turns, 1):
        if n == len(turns):
            break
        go_before = coach.plan(
            start=t.before,
            tacking=bool(prev and prev.tacking),
            tacked_last=bool(prev and prev.tacked),
        ).count
        go_after = coach.plan(start=t.after, tacking=t.tacking, tacked_last=t.tacked).count
        if go_after > go_before - 1:
            lost.append(
                {"turn": n, "move": t.move, "to_go_before": go_before, "to_go_after": go_after}
            )
        prev = t
    return Scorecard(len(turns), optimum, distance, irons, lost)


# ---------------------------------------------------------------------------- scores
def scores_path() -> Path:
    base = os.environ.get("TABLETOP_HOME") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "tabletop"
    )
    return Path(base) / "scores.json"


def load_scores() -> dict[str, Any]:
    p = scores_path()
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, json.JSONDecodeError, UnicodeDecodeError):
        return {}


def record_score(course: Course, card: Scorecard) -> dict[str, Any]:
    """Add a finished drill; returns the course's entry with its personal best."""
    from tabletop.data.save import write_atomic

    data = load_scores()
    entry = data.setdefault(course.key, {"runs": [], "best": None})
    entry["runs"].append(
        {
            "turns": card.turns,
            "optimum": card.optimum,
            "distance": round(card.distance, 2),
            "irons": card.irons,
            "when": time.strftime("%Y-%m-%d %H:%M"),
        }
    )
    if entry["best"] is None or card.turns < entry["best"]:
        entry["best"] = card.turns
    p = scores_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(p, json.dumps(data, indent=1) + "\n")
    return entry


__all__ = [
    "Course",
    "Coach",
    "Plan",
    "make_course",
    "course_from_scenario",
    "replay_plan",
    "scorecard",
    "record_score",
    "load_scores",
    "replace",
]


# ------------------------------------------------------------------- a drill in play
@dataclass
class Drill:
    """A drill being sailed: the course, the coach, what the pupil has done so far."""

    course: Course
    coach: Coach
    optimum: Plan
    turns: list[TurnRecord] = field(default_factory=list)
    card: Scorecard | None = None
    best: int | None = None
    _next: list[str] = field(default_factory=list)  # the rest of the coach's planned turn
    _at: Any = None

    @classmethod
    def start(cls, course: Course) -> Drill:
        coach = coach_for(course)
        return cls(course, coach, coach.plan())

    def hint(self, game: Any) -> str:
        """The coach's next action from where she is now.

        The coach plans whole turns: at the start of a turn it plans afresh; within a turn
        (after a Man O' War tack, say) it goes on with the turn it planned."""
        st = game.state.ship(self.course.ship)
        key = (game.state.turn, st.pose)
        if (st.path or st.budget is not None) and self._next and self._at == key:
            return self._next[0]
        tacked = st.last_tack == game.state.turn - 1
        plan = self.coach.plan(start=st.pose, tacking=st.tacking, tacked_last=tacked)
        self._next = [a for a in (plan.turns[0] if plan.turns else []) if a != "end"]
        self._at = key
        return self._next[0] if self._next else ""

    def played(self, game: Any, action: str) -> None:
        """Keep the planned turn in step with what was played."""
        if self._next and self._next[0] == action:
            self._next = self._next[1:]
            st = game.state.ship(self.course.ship)
            self._at = (game.state.turn, st.pose)
        else:
            self._next = []

    def record(self, before: Pose, move: str, game: Any, reached: bool) -> None:
        st = game.state.ship(self.course.ship)
        self.turns.append(
            TurnRecord(
                before, move, st.pose, st.in_irons, st.tacking, st.last_tack == game.state.turn
            )
        )
        if reached and self.card is None:
            self.card = scorecard(self.course, self.turns, self.optimum.count, self.coach)
            self.best = record_score(self.course, self.card)["best"]


# ------------------------------------------------------------------ Man O' War's coach
def mow_tack_expectation(p_through: float, p_feint: float) -> float:
    """Expected turns a tack attempt costs beyond sailing on, by the tacking roll.

    An attempt goes through with ``p_through``; a feint (``p_feint``) leaves her on her
    own tack to try again next turn; otherwise she is in irons, and each turn she starts
    in irons rolls again with the same chances.  With E_A the cost from an attempt and
    E_I from irons:  E_A = p_f (1 + E_A) + p_x (1 + E_I),  E_I = p_f (1 + E_A) + p_x (1 + E_I),
    where p_x = 1 − p_through − p_feint; so E_I = E_A and E_A = (1 − p_t) / p_t.
    Without seamanship (a 6 goes through): 5 turns; with it (a 5 or 6): 2.
    """
    return (1.0 - p_through) / p_through


class MowCoach(Coach):  # shares the land test and the drill plumbing
    """Plans Man O' War: pivots with the class's turn and gap, any distance of at least
    half the allowance (less would drift by the dice), and the tack through the eye of
    the wind costed at its expectation, against wearing round (always certain)."""

    def __init__(self, course: Course, beam: int | None = 120, grid: float = 0.1) -> None:
        self.course = course
        self.beam = beam
        self.grid = grid
        scn = course.scenario
        rs: Any = scn.ruleset
        self.rs = rs
        self.wind = scn.wind.from_deg
        ship = scn.ship(course.ship)
        self.cls = ship.cls
        self.speed = ship.cls.speed
        self.unit = scn.units
        self.max_turn = float(ship.cls.fields.get("turn", 45))
        self.gap = float(ship.cls.fields.get("between_turns", 0)) * rs.scale(self.unit)
        self.theta_ch = float(rs.movement.get("close_hauled", 30))
        self.head_edge = rs.sectors[1].lower  # below this: head to wind (D)
        from tabletop.units import parse_length

        self.tack_cost = parse_length(rs.movement.get("tack_cost", "2in"), rs.units) * rs.scale(
            self.unit
        )
        seaman = bool(scn.options.get("seamanship")) and bool(ship.cls.fields.get("seamanship"))
        need = 5 if seaman else 6  # the roll that goes through (seamanship adds 1)
        self.p_through = (7 - need) / 6
        self.tack_extra = mow_tack_expectation(self.p_through, 1 / 6)
        self._sea(scn, ship)
        best = max(self.rs.allowance(ship.cls, s)[1] for s in self.rs.sectors)
        self.gain = best * math.cos(math.radians(self.theta_ch))

    def _moves(self) -> list[tuple[float, tuple[float, ...], float]]:  # type: ignore[override]
        """(share of the allowance sailed, pivot angles, where a single pivot falls) for
        straight runs, one pivot of 5°..max, and two or three full pivots a gap apart."""
        out: list[tuple[float, tuple[float, ...], float]] = []
        for total in (0.5, 0.75, 1.0):
            out.append((total, (), 0.0))
            for a in np.arange(5.0, self.max_turn + 1e-9, 5.0):
                for sgn in (-1.0, 1.0):
                    for frac in (0.0, 0.5, 1.0):
                        out.append((total, (sgn * a,), frac))
            for sgn in (-1.0, 1.0):
                out.append((total, (sgn * self.max_turn,) * 2, 0.0))
                if (self.cls.turns or 0) >= 3:
                    out.append((total, (sgn * self.max_turn,) * 3, 0.0))
        return out

    def plan(
        self,
        start: Pose | None = None,
        tacking: bool = False,
        tacked_last: bool = False,
        max_turns: int = 200,
        deadline: float | None = None,
        allow_tacks: bool = True,
    ) -> Plan:
        """The fewest expected turns: wearing round only (certain), or with tacks through
        the eye of the wind counted at their expectation, whichever is less."""
        t0 = time.perf_counter()
        options: list[Plan] = []
        for tacks in (False, True) if allow_tacks else (False,):
            try:
                plan = self._search(start, max_turns, tacks=tacks)
            except TabletopError:
                continue
            n = sum(1 for t in plan.turns for a in t if a.startswith("#tack"))
            if n:
                plan.count = plan.count + n * self.tack_extra
                plan.exact = False
            options.append(plan)
        if not options:
            raise TabletopError("the coach found no way to the mark")
        best = min(options, key=lambda p: p.count)
        best.ms = (time.perf_counter() - t0) * 1000
        return _strip_notes(best)

    def _search(self, start: Pose | None, max_turns: int, tacks: bool) -> Plan:
        """Turn by turn, every move kind from every kept position at once (``n × G``)."""
        t0 = time.perf_counter()
        pose = start or self.course.scenario.ship(self.course.ship).pose
        X, Y, H = np.array([pose.x]), np.array([pose.y]), np.array([pose.heading])
        mx, my = self.course.mark
        layers: list[dict[str, Any]] = []
        moves = self._moves()
        share = np.array([m[0] for m in moves])
        npiv = np.array([len(m[1]) for m in moves])
        ang = np.zeros((len(moves), 3))
        for g, m in enumerate(moves):
            ang[g, : len(m[1])] = m[1]
        frac = np.array([m[2] for m in moves])
        scn = self.course.scenario
        for turn in range(1, max_turns + 1):
            n, G = len(X), len(moves)
            alw = self.allowance(H)[:, None]
            total = share[None, :] * alw
            single = npiv[None, :] == 1
            r0 = np.where(npiv[None, :] == 0, total, np.where(single, total * frac[None, :], 0.0))
            gaps = np.maximum(npiv - 1, 0)[None, :] * self.gap
            rl = np.where(
                npiv[None, :] == 0, 0.0, np.where(single, total * (1 - frac[None, :]), total - gaps)
            )
            ok = (alw > 0) & (rl >= -1e-9)
            x0 = np.broadcast_to(X[:, None], (n, G))
            y0 = np.broadcast_to(Y[:, None], (n, G))
            h0 = np.broadcast_to(H[:, None], (n, G))
            pts_x, pts_y, pts_h = [x0], [y0], [h0]
            x, y, h = x0, y0, h0
            tack_now = np.zeros((n, G), bool)

            x, y = _ahead(x, y, h, r0)
            pts_x.append(x)
            pts_y.append(y)
            pts_h.append(h)
            for k in range(3):
                present = npiv[None, :] > k
                was = h
                h = np.where(present, normalise(h + ang[None, :, k]), h)
                into = present & (relative_wind(self.wind, h) < self.head_edge)
                if k == 0 and tacks:
                    # a single pivot head to wind: the roll, taken to go through; 2" are
                    # spent and she sails the rest close-hauled on the other tack
                    left = alw - r0 - self.tack_cost
                    tack_now = into & single & (left >= -1e-9)
                    over_stb = ((self.wind - was + 540) % 360 - 180) > 0
                    new = normalise(self.wind + np.where(over_stb, 1.0, -1.0) * self.theta_ch)
                    h = np.where(tack_now, new, h)
                    rl = np.where(tack_now, np.maximum(left, 0), rl)
                    ok &= ~into | tack_now
                else:
                    ok &= ~into
                if k < 2:
                    x, y = _ahead(x, y, h, np.where(npiv[None, :] > k + 1, self.gap, 0.0))
                    pts_x.append(x)
                    pts_y.append(y)
                    pts_h.append(h)
            x, y = _ahead(x, y, h, rl)
            pts_x.append(x)
            pts_y.append(y)
            pts_h.append(h)
            ok &= (x >= 0) & (x <= scn.width) & (y >= 0) & (y <= scn.depth)
            PX = np.stack(pts_x, -1).reshape(n * G, -1)
            PY = np.stack(pts_y, -1).reshape(n * G, -1)
            PH = np.stack(pts_h, -1).reshape(n * G, -1)
            okf = ok.reshape(-1)
            hit = np.asarray(
                self.course.reached(PX[:, :-1], PY[:, :-1], PX[:, 1:], PY[:, 1:]).any(1)
            )
            if self.tree is not None:
                okf = okf & ~self._hits_land(PX, PY, PH, okf)
            sel = np.flatnonzero(okf)
            L = {
                "x": x.reshape(-1)[sel],
                "y": y.reshape(-1)[sel],
                "h": h.reshape(-1)[sel],
                "par": sel // G,
                "mv": sel % G,
                "tack": tack_now.reshape(-1)[sel],
                "r0": r0.reshape(-1)[sel],
                "rl": rl.reshape(-1)[sel],
                "reached": hit[sel],
            }
            if L["x"].size == 0:
                break
            if L["reached"].any():
                layers.append(L)
                return self._unwind_mow(
                    layers, int(np.flatnonzero(L["reached"])[0]), turn, t0, moves
                )
            key = np.stack(
                [np.round(L["x"] / self.grid), np.round(L["y"] / self.grid), np.round(L["h"])], 1
            )
            _, first = np.unique(key, axis=0, return_index=True)
            keep = np.sort(first)
            if self.beam is not None and keep.size > self.beam:
                # half the beam by the leg estimate (tack and heading count), half by
                # plain distance made good: wearing round first looks poor to the one
                # and fine to the other, and the best way is often there
                x_, y_ = L["x"][keep], L["y"][keep]
                est = self.estimate(x_, y_, L["h"][keep], np.zeros(keep.size))
                mx_, my_ = self.course.mark
                up = (mx_ - x_) * self.up[0] + (my_ - y_) * self.up[1]
                across = np.abs((mx_ - x_) * self.up[1] - (my_ - y_) * self.up[0])
                plain = np.maximum(up, 0) / self.gain + across / (2 * self.gain)
                a = np.argsort(est, kind="stable")[: self.beam // 2]
                b = np.argsort(plain, kind="stable")
                b = b[~np.isin(b, a)][: self.beam - a.size]
                keep = keep[np.sort(np.concatenate([a, b]))]
            L = {k: v[keep] for k, v in L.items()}
            layers.append(L)
            X, Y, H = L["x"], L["y"], L["h"]
        raise TabletopError("the coach found no way to the mark")

    def _unwind_mow(
        self,
        layers: list[dict[str, Any]],
        k: int,
        turns: int,
        t0: float,
        moves: list[tuple[float, tuple[float, ...], float]],
    ) -> Plan:
        def f(v: float) -> str:
            return f"{v:.6f}".rstrip("0").rstrip(".")

        ship = self.course.ship
        out: list[list[str]] = []
        i = k
        for L in reversed(layers):
            _, turns_, _ = moves[int(L["mv"][i])]
            r0, rl, tacked = float(L["r0"][i]), float(L["rl"][i]), bool(L["tack"][i])
            words = [f"F{f(r0)}"] if r0 > 1e-9 else []
            if not turns_:
                out.append([f"move {ship} F{f(r0)}", "end"])
                i = int(L["par"][i])
                continue
            for n, a in enumerate(turns_):
                if n > 0:
                    words.append(f"F{f(self.gap)}")
                words.append(f"{'S' if a > 0 else 'P'}{f(abs(a))}")
            if tacked:
                actions = ["#tack", f"move {ship} {' '.join(words)}"]
                if rl > 1e-9:
                    actions.append(f"move {ship} F{f(rl)}")
            else:
                if rl > 1e-9:
                    words.append(f"F{f(rl)}")
                actions = [f"move {ship} {' '.join(words)}"]
            out.append([*actions, "end"])
            i = int(L["par"][i])
        out.reverse()
        return Plan(out, turns, (time.perf_counter() - t0) * 1000)


def _ahead(
    x: np.ndarray, y: np.ndarray, h: np.ndarray, d: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    r = np.radians(h)
    return x + d * np.sin(r), y + d * np.cos(r)


def _strip_notes(plan: Plan) -> Plan:
    """Drop the '#tack' markers from the turns (they only count tack attempts)."""
    plan.turns = [[a for a in t if not a.startswith("#")] for t in plan.turns]
    return plan


def coach_for(course: Course) -> Coach:
    """The coach for the course's ruleset."""
    if course.scenario.ruleset.name == "man-o-war":
        return MowCoach(course)
    return Coach(course)
