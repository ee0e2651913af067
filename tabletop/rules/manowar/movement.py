"""Laying a path under the Man O' War advanced sailing rules.

Turns pivot about the base centre, up to the class's ``turn`` degrees each, with at
least ``between_turns`` sailed between two turns, and at most ``turns`` turns.  Turning
head to wind (sail point D), or pivoting through the eye of the wind, ends the move:
the tacking roll that may carry her through is the game engine's, not a preview's.
``A``/``W`` drop or weigh anchor at the end of the move.  An anchored ship only turns
on the spot, 90° in all, or weighs.  The engine, which splits a turn's sailing around
tacking rolls, passes what is left in the :class:`MoveContext`: ``budget``,
``turns_used`` and ``since`` the last turn.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tabletop.geometry.angles import through_eye
from tabletop.geometry.motion import Segment, end_pose
from tabletop.model.scenario import Scenario, Ship
from tabletop.referee import reckon
from tabletop.referee.movement import Step, check_distance, theta
from tabletop.rules.base import MoveContext, PathPlan

if TYPE_CHECKING:
    from tabletop.rules.manowar import ManOWar


def plan_move(
    rs: ManOWar, scn: Scenario, ship: Ship, steps: tuple[Step, ...], ctx: MoveContext
) -> PathPlan:
    unit = scn.units
    sector = reckon.sector(rs, theta(scn, ship.pose.heading))
    least, most = rs.allowance(ship.cls, sector)
    if ctx.budget is not None:
        most = ctx.budget
    max_turn = rs.turn_of(ship.cls)
    gap = rs.gap_of(ship.cls) * reckon.scale(rs, unit)
    v: list[str] = []
    segs: list[Segment] = []
    turns, anchor, since = ctx.turns_used, None, ctx.since
    notes: list[str] = []
    turning = any(s.kind in "PS" for s in steps)
    if sector.ends_move and any(s.kind in "FL" for s in steps):
        v.append(f"head to wind ({sector.code}): no sail movement this turn")
    elif sector.ends_move and ctx.budget is None and not ctx.anchored and turning:
        v.append(  # the engine's irons: no steerage either
            f"head to wind ({sector.code}), in irons with no steerage: she may not "
            "turn; 'recover' rolls to come out, or 'A' anchors"
        )
    if ctx.anchored:
        if any(s.kind in "FLT" for s in steps):
            v.append("at anchor she only turns on the spot (or weighs, W)")
        swing = ctx.turned + sum(float(s.value or 0.0) for s in steps if s.kind in "PS")
        if swing > 90 + 1e-9:
            v.append(f"at anchor she turns at most 90° in all in a turn; this is {swing:g}°")
        max_turn, gap = 90.0, 0.0
    for k, st in enumerate(steps):
        if anchor is not None:
            v.append("anchors are dropped or weighed at the end of a move: nothing may follow")
            break
        value = float(st.value or 0.0)
        if st.kind in "FL":
            segs.append(Segment(length=value))
            if since is not None:  # counted from the last turn, not from the start
                since += value
        elif st.kind in "PS":
            turns += 1
            if value > max_turn + 1e-9:
                v.append(f"turn of {value:g}° is more than this class's {max_turn:g}°")
            if since is not None and since < gap - 1e-9:
                v.append(f"only {since:.4g} {unit} sailed between turns; this class needs {gap:g}")
            since = 0.0
            turn = value if st.kind == "S" else -value
            if not ctx.anchored:
                turn = _into_the_eye(rs, scn, end_pose(ship.pose, segs).heading, turn, notes)
            segs.append(Segment(turn=turn))
            now = end_pose(ship.pose, segs)
            into = reckon.sector(rs, theta(scn, now.heading)).ends_move
            if into and not ctx.anchored and k != len(steps) - 1:
                # a violation for the steps after it, not for the turn (read as a second
                # fault beside "turn of 120° is more than this class's 45°")
                v.append("no step may follow a turn head to wind: her move ends there")
                break
        elif st.kind in "AW":
            anchor = "drop" if st.kind == "A" else "weigh"
        else:
            v.append("tacking is by the recovery roll when turning head to wind, not 'T'")
    if not ctx.anchored and ship.cls.turns is not None and turns > ship.cls.turns:
        v.append(f"{turns} turns; this class may make {ship.cls.turns}")
    check_distance(sum(s.distance for s in segs), least, most, unit, v, must_use_all=False)
    return PathPlan(
        tuple(segs), tuple(v), most, 0.0, sector.name, anchor, turns, since, tuple(notes)
    )


def _into_the_eye(
    rs: ManOWar, scn: Scenario, heading: float, turn: float, notes: list[str]
) -> float:
    """The pivot as the rules let her make it.  A pivot that carries the bow through the
    eye of the wind is a turn into the wind (SPEC §4): it is judged where she first points
    into it.  Ending inside head to wind (D) past the eye, she lies where the pivot ends
    (her bow has crossed); swinging on out of D on the far side, she is stopped with her
    bow in the eye, since no ship pivots through the wind without the tacking roll."""
    past = float(through_eye(scn.wind.from_deg, heading, turn))
    if past < 0 or reckon.sector(rs, past).ends_move:
        return turn
    notes.append(
        f"her bow stopped in the eye of the wind ({abs(turn) - past:g}° of {abs(turn):g}°)"
    )
    return turn - math.copysign(past, turn)
