"""Hold Fast (source 004), in inches: quadrant arcs, range categories, movement actions.

The full engine (secret orders for five phases, simultaneous movement and fire) is not
built yet: Hold Fast is played as free moves, each judged by :meth:`HoldFast.plan_move`.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import shapely

from tabletop.data.reader import Reader, join
from tabletop.fan import Fan, Paths, finish
from tabletop.fire import FireRuling, Table, longest_range
from tabletop.geometry.angles import relative_wind
from tabletop.geometry.arcs import QUADRANTS, quadrant_polygon
from tabletop.geometry.motion import Segment, end_pose
from tabletop.model import Scenario, Ship
from tabletop.movement import Step, theta
from tabletop.rules.base import NO_CONTEXT, MoveContext, PathPlan, Ruleset, Sector
from tabletop.rules.holdfast.fire import quadrant_ruling
from tabletop.units import TOL

#: The most phases a turn has: speed is the number of phases in which a ship acts.
PHASES = 5


class HoldFast(Ruleset):
    name = "hold-fast"

    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        fire = r.table(data, "", "fire", required=False)
        self.blocking = r.boolean(fire, "fire", "blocking", True)
        table = r.table(fire, "fire", "to_hit_by_range", required=False)
        self.to_hit_by_range: dict[str, list[int]] = {}
        for gun in table:
            row = r.value(table, "fire.to_hit_by_range", gun)
            if not isinstance(row, list) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in row
            ):
                r.error(f"fire.to_hit_by_range.{gun}", "a list of whole numbers", row)
                continue
            self.to_hit_by_range[gun] = row
        mv, p = self.movement, "movement"
        self.step = r.length(mv, p, "step", self.units, default=1.0)
        self.pivot = r.number(mv, p, "pivot", default=45, minimum=0, maximum=180)
        self.fudge = r.number(mv, p, "fudge", default=5, minimum=0, maximum=45)
        self.fixed_turn = self.pivot
        self.phases = self._read_phases(r, r.table(mv, p, "phases", required=False))

    @staticmethod
    def _read_phases(r: Reader, tbl: dict[str, Any]) -> dict[int, tuple[int, ...]]:
        """Speed → the phases (1-5) in which a ship of that speed acts."""
        out: dict[int, tuple[int, ...]] = {}
        for key in tbl:
            p = join("movement.phases", key)
            row = r.value(tbl, "movement.phases", key)
            ok = key.isdigit() and 1 <= int(key) <= PHASES
            ok = ok and isinstance(row, list) and len(row) == int(key)
            ok = ok and all(isinstance(x, int) and 1 <= x <= PHASES for x in row)
            if not ok:
                r.error(p, f"speed 1-{PHASES} = a list of that many phases, 1-{PHASES}", row)
                continue
            out[int(key)] = tuple(row)
        return out

    def read_speed(
        self, r: Reader, tbl: dict[str, Any], path: str, file_unit: str, k: float
    ) -> tuple[float, float | None]:
        """Speed is the number of phases (0-5) in which she acts, not a length."""
        speed = float(r.integer(tbl, path, "speed", minimum=0) or 0)
        if "speed" not in tbl:
            r.error(join(path, "speed"), f"a whole number of phases (0-{PHASES})", None)
        elif speed > PHASES:
            r.error(join(path, "speed"), f"a whole number of phases (0-{PHASES})", tbl["speed"])
        return speed, None

    def allowance_unit(self, unit: str) -> str:
        return "actions"

    def allowance(self, cls: Any, sector: Sector) -> tuple[float, float]:
        """Movement actions this turn: the speed in phases, none head to wind."""
        most = float(cls.speed) if sector.factor > 0 else 0.0
        return 0.0, most

    def category(self, rng: float, unit: str) -> int:
        """The range category: inches rounded up to the whole inch (0 when alongside)."""
        inches = rng / self.scale(unit)
        return max(0, math.ceil(inches - TOL))

    def plan_move(
        self, scn: Scenario, ship: Ship, steps: tuple[Step, ...], ctx: MoveContext = NO_CONTEXT
    ) -> PathPlan:
        """Lay a turn's movement actions: each step forward, pivot or anchor is one action.

        A ship acts in as many phases as its speed; no forward move is made straight into
        the wind; turns are the pivot (the source's ±5° fudge allowed) about the centre.
        """
        step = self.step * self.scale(scn.units)
        v: list[str] = []
        segs: list[Segment] = []
        actions = 0
        anchor = None
        for st in steps:
            value = float(st.value or 0.0)
            if st.kind == "F":
                n = value / step
                if abs(n - round(n)) > 1e-6:
                    v.append(f"'{st}': forward moves are whole steps of {self.step:g} {self.units}")
                now = end_pose(ship.pose, segs)
                if self.sector(theta(scn, now.heading)).ends_move:
                    v.append(f"'{st}': no forward move straight into the wind")
                actions += max(1, round(n))
                segs.append(Segment(length=value))
            elif st.kind in "PS":
                if abs(value - self.pivot) > self.fudge + 1e-9:
                    v.append(f"'{st}': a turn is {self.pivot:g}° (±{self.fudge:g}°)")
                actions += 1
                segs.append(Segment(turn=value if st.kind == "S" else -value))
            elif st.kind in "AW":
                actions += 1
                anchor = "drop" if st.kind == "A" else "weigh"
            else:
                v.append(f"'{st}': Hold Fast has no luffing or tacking; turn and move instead")
        speed = float(ship.cls.speed)
        if actions > speed:
            v.append(f"{actions} movement actions; at speed {speed:g} she has {speed:g}")
        sector = self.sector(theta(scn, ship.pose.heading)).name
        return PathPlan(tuple(segs), tuple(v), speed, 0.0, sector, anchor)

    def fan(self, scn: Scenario, ship: Ship, density: int = 6) -> Fan:
        """Every sequence of forward steps and pivots within the ship's speed."""
        step = self.step * self.scale(scn.units)
        out: list[tuple[Paths, tuple[tuple[str, np.ndarray], ...]]] = []
        for n in range(1, int(ship.cls.speed) + 1):
            group = list(itertools.product(("F", "P", "S"), repeat=n))
            p = Paths(len(group), ship.pose.x, ship.pose.y, ship.pose.heading)
            steps: list[tuple[str, np.ndarray]] = []
            for i in range(n):
                kind = np.array([g[i] for g in group])
                fwd = kind == "F"
                p.ok &= ~fwd | (relative_wind(scn.wind.from_deg, p.h) >= self.sectors[1].lower)
                p.straight(np.where(fwd, step, 0.0))
                ang = np.where(kind == "S", self.pivot, np.where(kind == "P", -self.pivot, 0.0))
                p.turn(ang, 0.0, k=1)
                steps += [("F", np.where(fwd, step, 0.0)), ("T", ang)]
            out.append((p, tuple(steps)))
        return finish(scn, ship, out)

    def rule_fire(self, scn: Scenario, tab: Table, i: int, j: int, high: bool) -> FireRuling:
        return quadrant_ruling(self, scn, tab, i, j, high)

    def arc_outlines(self, scn: Scenario, ship: Ship, bands: bool) -> list[tuple[Any, bool]]:
        """The four quadrants, out to the longest battery's range (outlines only)."""
        depth = longest_range(scn, ship.cls)
        p = ship.pose
        return [
            (shapely.get_coordinates(quadrant_polygon(p.x, p.y, p.heading, q, depth))[:-1], False)
            for q in QUADRANTS
        ]
