"""Modified Trafalgar rules (source 001): the procedures its template cannot say."""

from __future__ import annotations

from typing import Any

from tabletop.data.reader import Reader, join
from tabletop.rules.base import Ruleset


class TrafalgarModified(Ruleset):
    name = "trafalgar-modified"
    has_engine = True

    def apply(self, state: Any, action: Any, dice: Any, events: list[dict[str, Any]]) -> Any:
        from tabletop.rules.trafalgar_game import TrafalgarGame

        return TrafalgarGame(self).apply(state, action, dice, events)

    def check_class(self, r: Reader, tbl: dict[str, Any], path: str) -> None:
        """Crew boxes, masts and the hull damage track the engine plays with."""
        if "crew" in tbl:
            r.integer(tbl, path, "crew", minimum=1)
        masts = tbl.get("masts")
        if isinstance(masts, dict):
            for k, v in masts.items():
                if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                    r.error(join(path, f"masts.{k}"), "a whole number of boxes ≥ 1", v)
        elif masts is not None and (isinstance(masts, bool) or not isinstance(masts, int)):
            r.error(join(path, "masts"), "a table like { fore = 3, main = 4 }", masts)
        dmg = tbl.get("damage")
        if dmg is not None and (not isinstance(dmg, str) or not dmg or set(dmg) - set(".CGR")):
            r.error(join(path, "damage"), "a hull track of '.', 'C', 'G', 'R' boxes", dmg)

    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        mv = self.movement
        self.inertia = r.length(mv, "movement", "inertia", self.units, default=0.0, positive=False)
        self.close_hauled = r.number(
            mv, "movement", "close_hauled", default=60, minimum=0, maximum=180
        )
        self.max_turn = r.number(mv, "movement", "max_turn", default=45, minimum=0, maximum=180)
        self.luff_windward_cap = bool(mv.get("luff_windward_cap", True))
        rows = mv.get("turn_radius", [])
        self.turn_radii: list[tuple[float, float]] = []
        if not isinstance(rows, list):
            r.error("movement.turn_radius", "an array of {base_upto, radius}", rows)
            rows = []
        for i, row in enumerate(rows):
            p = join("movement.turn_radius", i)
            upto = (
                float("inf")
                if isinstance(row, dict) and row.get("base_upto") == "inf"
                else r.length(row, p, "base_upto", self.units)
            )
            self.turn_radii.append((upto, r.length(row, p, "radius", self.units, positive=False)))

    def luff_gain_cap(self, speed: float) -> float:
        """The most a luffing ship may gain to windward in a turn: what she would gain
        close-hauled, her beating allowance times cos(close-hauled angle)."""
        import math

        beating = next((s for s in self.sectors if s.name == "beating"), self.sectors[1])
        return float(beating.factor) * speed * math.cos(math.radians(self.close_hauled))

    def _check_luff_gain(self, scn: Any, ship: Any, segs: list[Any], v: list[str]) -> None:
        """Referee's ruling (the source is silent): luffing spills wind to slow her; it is
        never a way to windward.  A move that luffs may gain no more ground to windward
        than the same ship close-hauled (beating allowance × cos 60°).  Without it a ship
        could point 5° off the wind and luff straight up it at the beating allowance."""
        import math

        from tabletop.geometry.motion import end_pose

        end = end_pose(ship.pose, segs)
        up = math.radians(scn.wind.from_deg)
        gain = (end.x - ship.pose.x) * math.sin(up) + (end.y - ship.pose.y) * math.cos(up)
        cap = self.luff_gain_cap(ship.cls.speed)
        if gain > cap + 0.5e-4:
            v.append(
                f"luffing gains {gain:.4g} to windward; a luffing ship gains no more "
                f"than close-hauled, {cap:.4g}"
            )

    def turn_radius(self, base_length: float, unit: str) -> float:
        """Radius of the centre's arc on the turn template for a base of this length."""
        k = self.scale(unit)
        for upto, radius in self.turn_radii:
            if base_length <= upto * k + 1e-9:
                return radius * k
        return self.turn_radii[-1][1] * k if self.turn_radii else 0.0

    def plan_move(
        self,
        scn: Any,
        ship: Any,
        steps: tuple[Any, ...],
        partial: bool = False,
        no_turns: bool = False,
    ) -> Any:
        """Lay a path under the modified Trafalgar rules and list what breaks them.

        ``partial``: the path is the part of her move sailed so far (she may fire, then
        sail on), so the full allowance is not yet owed.  ``no_turns``: her rudder is gone.

        The allowance is fixed by the point of sail at the start of the move.  Turns are
        arcs of the template radius for the ship's size and count against the roster's
        ``turns``; the first ``inertia`` is straight ahead; the bow may not enter the
        luffing sector unless the path declares luffing (``L``) or a tack (``T``).
        A tack (``T``) is only from beating: inertia, then a pivot about the centre until
        the bow points into the wind, and the move ends there.
        """
        from tabletop.geometry.angles import wrap
        from tabletop.geometry.motion import Segment, end_pose
        from tabletop.movement import Plan, check_distance, theta

        unit = scn.units
        sector = self.sector(theta(scn, ship.pose.heading))
        least, most = self.allowance(ship.cls, sector)
        luffing = sector.min_factor is not None or any(s.kind == "L" for s in steps)
        tacking = any(s.kind == "T" for s in steps)
        inertia = self.inertia * self.scale(unit)
        radius = self.turn_radius(ship.cls.base_length, unit)
        v: list[str] = []
        segs: list[Segment] = []
        ahead, turned, turns = 0.0, False, 0
        for k, st in enumerate(steps):
            if st.kind in "FL":
                segs.append(Segment(length=float(st.value)))
                if not turned:
                    ahead += float(st.value)
            elif st.kind in "PST":
                if not turned and ahead < inertia - 1e-9:
                    v.append(
                        f"inertia: the first {inertia:g} {unit} are straight ahead, before any turn"
                    )
                turned = True
                if st.kind == "T":
                    if sector.name != "beating":
                        v.append(f"a tack starts only from beating; she is {sector.name}")
                    now = end_pose(ship.pose, segs)
                    segs.append(Segment(turn=wrap(scn.wind.from_deg - now.heading), radius=0.0))
                    if k != len(steps) - 1:
                        v.append("a tack ends the move: nothing may follow T")
                    break
                turns += 1
                if no_turns:
                    v.append(f"'{st}': her rudder is shot away: no turns until it is repaired")
                if float(st.value) > self.max_turn + 1e-9:
                    v.append(
                        f"turn of {st.value:g}° is more than the template's {self.max_turn:g}°"
                    )
                delta = float(st.value) if st.kind == "S" else -float(st.value)
                segs.append(Segment(turn=delta, radius=radius))
            else:
                v.append(f"'{st}': the modified Trafalgar rules have no anchors")
            if not luffing and not tacking:
                now = end_pose(ship.pose, segs)
                if self.sector(theta(scn, now.heading)).name == "luffing":
                    v.append(
                        f"after '{st}' the bow points {theta(scn, now.heading):.1f}° off the wind, "
                        "into the luffing sector, without declaring luffing (L) or a tack (T)"
                    )
                    break
        if ship.cls.turns is not None and turns > ship.cls.turns:
            v.append(f"{turns} turns; the roster allows {ship.cls.turns}")
        used = sum(s.distance for s in segs)
        if tacking:
            if abs(used - inertia) > 1e-6:
                v.append(
                    f"a tack moves only the {inertia:g} {unit} of inertia first; "
                    f"path uses {used:.4g}"
                )
        else:
            check_distance(
                used,
                0.0 if luffing else least,
                most,
                unit,
                v,
                must_use_all=not (luffing or partial),
            )
            if luffing and self.luff_windward_cap:
                self._check_luff_gain(scn, ship, segs, v)
        return Plan(
            tuple(segs), tuple(v), most, 0.0 if (luffing or tacking) else least, sector.name
        )
