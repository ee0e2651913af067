"""Hold Fast (source 004): quadrant arcs, centre-to-centre range categories."""

from __future__ import annotations

import math
from typing import Any

from tabletop.data.reader import Reader
from tabletop.rules.base import Ruleset, Sector
from tabletop.units import TOL


class HoldFast(Ruleset):
    name = "hold-fast"

    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        fire = data.get("fire", {}) if isinstance(data.get("fire"), dict) else {}
        self.blocking = bool(fire.get("blocking", True))
        table = r.table(fire, "fire", "to_hit_by_range", required=False)
        self.to_hit_by_range: dict[str, list[int]] = {}
        for gun, row in table.items():
            if not isinstance(row, list) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in row
            ):
                r.error(f"fire.to_hit_by_range.{gun}", "a list of whole numbers", row)
                continue
            self.to_hit_by_range[gun] = row

    def allowance(self, cls: Any, sector: Sector) -> tuple[float, float]:
        """Movement actions this turn: the speed in phases, none head to wind."""
        most = float(cls.speed) if sector.factor > 0 else 0.0
        return 0.0, most

    def category(self, rng: float, unit: str) -> int:
        """The range category: inches rounded up to the whole inch (0 when alongside)."""
        inches = rng / self.scale(unit)
        return max(0, math.ceil(inches - TOL))

    def plan_move(
        self,
        scn: Any,
        ship: Any,
        steps: tuple[Any, ...],
        partial: bool = False,
        no_turns: bool = False,
    ) -> Any:
        """Lay a turn's movement actions: each 1-inch move, 45° pivot or anchor is one action.

        A ship acts in as many phases as its speed; no forward move is made straight into
        the wind; turns are 45° (the source's ±5° fudge allowed) about the base centre.
        """
        from tabletop.geometry.motion import Segment, end_pose
        from tabletop.movement import Plan, theta

        unit = scn.units
        step = 1.0 * self.scale(unit)
        pivot = float(self.movement.get("pivot", 45))
        fudge = float(self.movement.get("fudge", 5))
        v: list[str] = []
        segs: list[Segment] = []
        actions = 0
        anchor = None
        for st in steps:
            if st.kind == "F":
                n = float(st.value) / step
                if abs(n - round(n)) > 1e-6:
                    v.append(f"'{st}': forward moves are whole inches")
                now = end_pose(ship.pose, segs)
                if self.sector(theta(scn, now.heading)).ends_move:
                    v.append(f"'{st}': no forward move straight into the wind")
                actions += max(1, round(n))
                segs.append(Segment(length=float(st.value)))
            elif st.kind in "PS":
                if abs(float(st.value) - pivot) > fudge + 1e-9:
                    v.append(f"'{st}': a turn is {pivot:g}° (±{fudge:g}°)")
                actions += 1
                segs.append(Segment(turn=float(st.value) if st.kind == "S" else -float(st.value)))
            elif st.kind in "AW":
                actions += 1
                anchor = "drop" if st.kind == "A" else "weigh"
            else:
                v.append(f"'{st}': Hold Fast has no luffing or tacking; turn and move instead")
        speed = float(ship.cls.speed)
        if actions > speed:
            v.append(f"{actions} movement actions; at speed {speed:g} she has {speed:g}")
        return Plan(
            tuple(segs),
            tuple(v),
            speed,
            0.0,
            self.sector(theta(scn, ship.pose.heading)).name,
            anchor,
        )
