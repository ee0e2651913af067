"""What every coach shares: the course to a windward mark, the plan it gives, the table
it sails (her hull, the land), and the interface a ruleset's coach implements.

A ruleset offers a coach through ``Advice.coach``; the drill (above the rulesets) plays
the course, replays the plan through the engine and scores the pupil against it.
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from tabletop.coach.exact import ExactSearch
from tabletop.coach.optimum import Layer
from tabletop.common.errors import TabletopError
from tabletop.engine.state import GameState
from tabletop.geometry.angles import relative_wind
from tabletop.geometry.measure import segment_distance, segments_to_polygon
from tabletop.geometry.motion import advance, swept
from tabletop.geometry.pose import Pose, to_world
from tabletop.model.scenario import Scenario, Ship
from tabletop.referee.movement import MoveRuling


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
            return segment_distance(mx, my, ax, ay, bx, by) <= self.radius + 1e-9
        (gx, gy), (hx, hy) = self.gate_ends

        def side(px: Any, py: Any, qx: Any, qy: Any, rx: Any, ry: Any) -> Any:
            return (qx - px) * (ry - py) - (qy - py) * (rx - px)

        d1, d2 = side(gx, gy, hx, hy, ax, ay), side(gx, gy, hx, hy, bx, by)
        d3, d4 = side(ax, ay, bx, by, gx, gy), side(ax, ay, bx, by, hx, hy)
        return np.asarray((d1 * d2 <= 0) & (d3 * d4 <= 0) & ((d1 != 0) | (d2 != 0)))

    def passes(self, m: MoveRuling) -> bool:
        """Does a previewed move reach the goal?"""
        pts = move_points(m)
        if len(pts) < 2:
            return False
        return bool(self.reached(pts[:-1, 0], pts[:-1, 1], pts[1:, 0], pts[1:, 1]).any())


def move_points(m: MoveRuling) -> np.ndarray:
    """The centre's track of a previewed move: the ends of runs, 12 points an arc."""
    pose = m.start
    pts = [(pose.x, pose.y)]
    for seg in m.plan.segments:
        n = 1 if seg.turn == 0 else 12
        for frac in np.linspace(0, 1, n + 1)[1:]:
            b = advance(pose, seg, float(frac))
            pts.append((b.x, b.y))
        pose = advance(pose, seg)
    return np.array(pts)


def path_distance(m: MoveRuling, mark: tuple[float, float]) -> float:
    """How close the centre of a previewed move comes to a point."""
    pts = move_points(m)
    if len(pts) < 2:
        return float(math.hypot(pts[0, 0] - mark[0], pts[0, 1] - mark[1]))
    return float(
        segment_distance(mark[0], mark[1], pts[:-1, 0], pts[:-1, 1], pts[1:, 0], pts[1:, 1]).min()
    )


@dataclass
class CoachPlan:
    """A coach's plan: the actions of each turn, and how many turns it takes."""

    turns: list[list[str]]  # the actions of each turn, in the engine's text
    count: float  # turns to the mark (expected, for dice-driven rules)
    ms: float  # planning time
    exact: bool = True  # False when the count is an expectation
    expanded: int = 0
    proven: bool = True  # False: the best found within the time, not proven the fewest
    lower: float = 0.0  # the fewest turns proven possible at best (= count when proven)
    tacks: int = 0  # tacks through the eye of the wind the plan makes (Man O' War)
    p_through: float = 1.0  # the chance each of those tacks goes through at a roll

    def distribution(self, tail: float = 0.001) -> list[tuple[int, float]]:
        """P(n turns) over the tacking rolls.  Each tack through the eye of the wind
        costs a turn more for every roll that fails (each with chance 1 − p), so the
        extra turns of k tacks follow the negative binomial law
        P(j) = C(j + k − 1, k − 1) (1 − p)^j p^k; its mean is k (1 − p) / p, the
        expectation the count includes.  Listed until all but ``tail`` is covered."""
        base, k, p = len(self.turns), self.tacks, self.p_through
        if k == 0 or p >= 1:
            return [(base, 1.0)]
        out: list[tuple[int, float]] = []
        total, j = 0.0, 0
        while total < 1 - tail:
            pj = math.comb(j + k - 1, k - 1) * (1 - p) ** j * p**k
            out.append((base + j, pj))
            total += pj
            j += 1
        return out

    def as_json(self, course: Course) -> dict[str, Any]:
        return {
            "course": course.key,
            "ruleset": course.scenario.ruleset.name,
            "units": course.units,
            "mark": list(course.mark),
            "radius": course.radius,
            "gate": [list(p) for p in course.gate_ends] if course.gate else None,
            "turns": self.turns,
            # a whole count is written whole ("12", not "12.0"); an expected one is not
            "turn_count": int(self.count) if float(self.count).is_integer() else self.count,
            "expected": not self.exact,
            "proven": self.proven,
            "proven_at_least": self.lower,
            "distribution": [{"turns": n, "p": round(p, 4)} for n, p in self.distribution()],
            "planning_ms": round(self.ms, 1),
        }


@dataclass(frozen=True)
class Situation:
    """Where the pupil's ship stands for the coach: her pose, and what the ruleset's
    state says that changes the plan (half-way through a tack, tacked last turn, in
    irons, or part-way through a turn the coach planned)."""

    pose: Pose
    tacking: bool = False
    tacked_last: bool = False
    in_irons: bool = False
    mid_turn: bool = False


class Coach(ExactSearch, ABC):
    """Plans the fewest turns to the mark within a ruleset's moves.

    The optimum is exact within the coach's own moves at a stated resolution: positions
    within one cell of a ``grid`` (0.25 of the unit) and headings to a thousandth of a
    degree (the moves keep her on a 5° lattice) are one state, and a bucketed Dijkstra
    over those states (:func:`tabletop.coach.optimum.search`), pruned by a bound that never
    over-counts, finds the cheapest way — when it finishes within its time budget (the
    plan says whether it did: ``CoachPlan.proven``)."""

    gain: float  # the most a turn gains to windward (the bound behind ``to_go``)
    theta_ch: float  # θ close-hauled
    modes = 1  # per-turn states the ruleset carries (tack phase, tacked last turn, ...)
    _open_sea = False  # while True, ``_expand`` ignores edges and land and gives the track

    #: seconds the exact search may take by default (a hint in the window, the bench);
    #: past them the beam answers, a plan not proven the fewest.  None: no limit
    budget: float | None = 0.3

    def __init__(self, course: Course, beam: int | None, grid: float) -> None:
        self.course = course
        self.beam = beam
        self.grid = grid  # positions closer than this (and within 1°) are merged
        scn = course.scenario
        self.rs: Any = scn.ruleset
        self.wind = scn.wind.from_deg
        ship = scn.ship(course.ship)
        self.cls = ship.cls
        self.speed = ship.cls.speed
        self.unit = scn.units
        self._sea(scn, ship)

    @abstractmethod
    def plan(
        self,
        start: Pose | None = None,
        tacking: bool = False,
        tacked_last: bool = False,
        max_turns: int = 200,
        deadline: float | None = None,
    ) -> CoachPlan:
        """The fewest turns from ``start`` (her starting pose if None) to the mark."""

    @abstractmethod
    def situation(self, state: GameState, ship: str) -> Situation:
        """Where she stands in a game, as this coach plans from it."""

    # -- the exact search every coach shares --------------------------------------------
    @abstractmethod
    def _expand(self, now: Layer) -> Layer:
        """Every move of the coach's move set from every position of ``now`` at once."""

    def _mode(self, L: Layer) -> np.ndarray:
        """The per-turn state as one integer in [0, ``modes``)."""
        return np.zeros(len(L["h"]), np.int64)

    def _origin(self, h: np.ndarray, mode: np.ndarray) -> Layer:
        """A layer at the origin with these headings and modes (for the bound)."""
        z = np.zeros(len(h))
        return {"x": z, "y": z, "h": np.asarray(h, float)}

    def _cost(self, L: Layer) -> np.ndarray:
        """What each move costs, in (expected) turns."""
        return np.ones(len(L["h"]))

    # -- the beam search (a fast first answer) -------------------------------------------
    def _search_turns(
        self,
        first: Layer,
        expand: Callable[[Layer], Layer],
        key: Callable[[Layer], np.ndarray],
        max_turns: int,
        deadline: float | None = None,
    ) -> tuple[list[Layer], int, int, int]:
        """Turn by turn: ``expand`` lays every move of the ruleset's move set from every
        kept position at once; the first turn in which a path reaches the mark ends it.
        Positions with the same ``key`` (grid cell, heading, phase) are merged, and past
        ``beam`` the coach's own ranking keeps the most promising.  Returns the layers,
        the index of the reaching path in the last, the turn count and how many
        positions were expanded."""
        layers: list[Layer] = []
        now, expanded = first, 0
        for turn in range(1, max_turns + 1):
            if deadline is not None and time.perf_counter() > deadline:
                raise TabletopError("the coach ran out of time")
            expanded += len(now["x"])
            nxt = expand(now)
            if nxt["reached"].any():
                layers.append(nxt)
                return layers, int(np.flatnonzero(nxt["reached"])[0]), turn, expanded
            if nxt["x"].size == 0:
                break
            _, firsts = np.unique(key(nxt), axis=0, return_index=True)
            keep = np.sort(firsts)
            if self.beam is not None and keep.size > self.beam:
                keep = self._beam(nxt, keep)
            now = {k: v[keep] for k, v in nxt.items()}
            layers.append(now)
        raise TabletopError("the coach found no way to the mark")

    def _beam(self, layer: Layer, keep: np.ndarray) -> np.ndarray:
        """The ``beam`` most promising of the merged positions, by the estimate."""
        phase = layer["ph"][keep] if "ph" in layer else np.zeros(keep.size)
        est = self.estimate(layer["x"][keep], layer["y"][keep], layer["h"][keep], phase)
        return keep[np.argsort(est, kind="stable")[: self.beam]]

    def _sea(self, scn: Scenario, ship: Ship) -> None:
        """What every coach needs of the table: her hull, the land, the way upwind."""
        self.hull = ship.hull_local()
        self.land = [t.polygon for _, t in scn.land()]
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

    def _hits_land(
        self, PX: np.ndarray, PY: np.ndarray, PH: np.ndarray, live: np.ndarray
    ) -> np.ndarray:
        """Does the hull, swept along each path's legs, touch land?  Boxes first."""
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
                    d[p_, l_],
                    segments_to_polygon(ax[p_, l_], ay[p_, l_], bx[p_, l_], by[p_, l_], ring),
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
        hit, _ = self.tree.query(swept(ra, rb), predicate="intersects")
        bad[path[np.unique(hit)]] = True
        return bad
