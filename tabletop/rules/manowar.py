"""Man O' War advanced sailing rules (source 003)."""

from __future__ import annotations

from typing import Any

from tabletop.rules.base import Ruleset, Sector


class ManOWar(Ruleset):
    name = "man-o-war"
    has_engine = True

    def apply(self, state: Any, action: Any, dice: Any, events: list[dict[str, Any]]) -> Any:
        from tabletop.rules.manowar_game import ManOWarGame

        return ManOWarGame(self).apply(state, action, dice, events)

    def open_game(self, state: Any, dice: Any, events: list[dict[str, Any]]) -> Any:
        from tabletop.rules.manowar_game import ManOWarGame

        return ManOWarGame(self).open(state, dice, events)

    def allowance(self, cls: Any, sector: Sector) -> tuple[float, float]:
        """Running (B) takes two thirds of A or the roster's "wind abeam" speed, if higher."""
        least, most = super().allowance(cls, sector)
        if sector.use == "max_abeam" and cls.speed_abeam is not None:
            most = max(most, float(cls.speed_abeam))
        return least, most

    def plan_move(
        self,
        scn: Any,
        ship: Any,
        steps: tuple[Any, ...],
        partial: bool = False,
        no_turns: bool = False,
        budget: float | None = None,
        turns_used: int = 0,
        since: float | None = None,
        anchored: bool = False,
    ) -> Any:
        """Lay a path under the advanced sailing rules.

        Turns pivot about the base centre, up to the class's ``turn`` degrees each, with
        at least ``between_turns`` sailed between two turns, and at most ``turns`` turns.
        Turning head to wind (sail point D) ends the move: the tacking roll that may
        carry her through is the game engine's, not a preview's.  ``A``/``W`` drop or
        weigh anchor at the end of the move.  An anchored ship only turns on the spot,
        90° in all, or weighs.  The engine, which splits a turn's sailing around tacking
        rolls, passes what is left: ``budget``, ``turns_used`` and ``since`` the last turn.
        """
        from tabletop.geometry.motion import Segment, end_pose
        from tabletop.movement import Plan, check_distance, theta

        unit = scn.units
        sector = self.sector(theta(scn, ship.pose.heading))
        least, most = self.allowance(ship.cls, sector)
        if budget is not None:
            most = budget
        max_turn = float(ship.cls.fields.get("turn", 45))
        gap = float(ship.cls.fields.get("between_turns", 0)) * self.scale(unit)
        v: list[str] = []
        segs: list[Segment] = []
        turns, anchor = turns_used, None
        if sector.ends_move and any(s.kind in "FL" for s in steps):
            v.append(f"head to wind ({sector.code}): no sail movement this turn")
        if anchored:
            if any(s.kind in "FLT" for s in steps):
                v.append("at anchor she only turns on the spot (or weighs, W)")
            swing = sum(float(s.value) for s in steps if s.kind in "PS")
            if swing > 90 + 1e-9:
                v.append(f"at anchor she turns at most 90° in all; this is {swing:g}°")
            max_turn, gap = 90.0, 0.0
        for k, st in enumerate(steps):
            if anchor is not None:
                v.append("anchors are dropped or weighed at the end of a move: nothing may follow")
                break
            if st.kind in "FL":
                segs.append(Segment(length=float(st.value)))
                if since is not None:  # counted from the last turn, not from the start
                    since += float(st.value)
            elif st.kind in "PS":
                turns += 1
                if float(st.value) > max_turn + 1e-9:
                    v.append(f"turn of {st.value:g}° is more than this class's {max_turn:g}°")
                if since is not None and since < gap - 1e-9:
                    v.append(
                        f"only {since:.4g} {unit} sailed between turns; this class needs {gap:g}"
                    )
                since = 0.0
                segs.append(Segment(turn=float(st.value) if st.kind == "S" else -float(st.value)))
                now = end_pose(ship.pose, segs)
                if self.sector(theta(scn, now.heading)).ends_move and k != len(steps) - 1:
                    v.append(
                        "turned head to wind: the move ends there (a tacking roll may recover)"
                    )
                    break
            elif st.kind in "AW":
                anchor = "drop" if st.kind == "A" else "weigh"
            else:
                v.append("tacking is by the recovery roll when turning head to wind, not 'T'")
        if not anchored and ship.cls.turns is not None and turns > ship.cls.turns:
            v.append(f"{turns} turns; this class may make {ship.cls.turns}")
        check_distance(sum(s.distance for s in segs), least, most, unit, v, must_use_all=False)
        return Plan(tuple(segs), tuple(v), most, 0.0, sector.name, anchor, turns, since)
