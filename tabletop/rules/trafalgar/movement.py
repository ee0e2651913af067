"""Laying a path under the modified Trafalgar rules and listing what breaks them.

The allowance is fixed by the point of sail at the start of the move.  Turns are arcs of
the template radius for the ship's size and count against the roster's ``turns``; the
first ``inertia`` is straight ahead; the bow may not enter the luffing sector unless the
path declares luffing (``L``) or a tack (``T``).  A tack (``T``) is only from beating:
inertia, then a pivot about the centre until the bow points into the wind, and the move
ends there.

A path that meets another ship's base is a collision she chose (SPEC 4, 2026-12): it is
refused, naming the ``ram`` order that collides on purpose, unless no path of her
required allowance stays clear (her fan, from where she is, is empty), when she
collides at the first contact without a check.  Meeting land is not a choice the text
regulates: she stops there, aground.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from tabletop.common.units import MOVE_TOL
from tabletop.geometry.angles import through_eye, wrap
from tabletop.geometry.motion import Segment, end_pose, first_contact
from tabletop.model.scenario import Scenario, Ship, ShipClass
from tabletop.referee import reckon
from tabletop.referee.fan import Template, template_fan
from tabletop.referee.movement import Step, check_distance, obstacles, theta
from tabletop.rules.base import NO_CONTEXT, MoveContext, PathPlan, Sector
from tabletop.rules.trafalgar.config import Movement


class Sailing(Protocol):
    """What laying a path reads of the ruleset: the points of sail and their allowances,
    the movement section (inertia, the template's turn, the luffing cap, close-hauled)
    and the turn radius."""

    @property
    def units(self) -> str: ...
    move: Movement
    sectors: tuple[Sector, ...]

    def allowance(self, cls: ShipClass, sector: Sector) -> tuple[float, float]: ...
    def turn_radius(self, base_length: float, unit: str) -> float: ...


@dataclass
class _Laying:
    """The path so far, as the steps are laid one by one."""

    segs: list[Segment] = field(default_factory=list)
    v: list[str] = field(default_factory=list)  # what breaks the rules
    ahead: float = 0.0  # sailed straight before the first turn
    turned: bool = False
    turns: int = 0


def plan_move(
    rs: Sailing,
    scn: Scenario,
    ship: Ship,
    steps: tuple[Step, ...],
    ctx: MoveContext = NO_CONTEXT,
) -> PathPlan:
    """Lay ``steps`` (see the module docstring); ``ctx.partial``: the part sailed so far
    (the full allowance is not yet owed); ``ctx.no_turns``: her rudder is shot away."""
    unit = scn.units
    sector = reckon.sector(rs, theta(scn, ship.pose.heading))
    least, most = rs.allowance(ship.cls, sector)
    luffing = sector.min_factor is not None or any(s.kind == "L" for s in steps)
    tacking = any(s.kind == "T" for s in steps)
    inertia = rs.move.inertia * reckon.scale(rs, unit)
    lay = _Laying()
    if head_to_wind(theta(scn, ship.pose.heading)) and steps:
        lay.v.append(
            "head to wind (θ 0): she is in irons and may not sail, not even the inertia; "
            "she must recover first"
        )
    cut = False  # laid only up to a turn into the luffing sector
    behind = 0  # the segments of the steps she has sailed already
    for k, st in enumerate(steps):
        stop = _step(rs, scn, ship, sector, lay, k, st, steps, inertia, ctx)
        if k < ctx.sailed:
            behind = len(lay.segs)
        if stop:
            break
        if not luffing and not tacking and _bow_in_luffing(rs, scn, ship, lay, st):
            cut = True
            break
    if ship.cls.turns is not None and lay.turns > ship.cls.turns:
        lay.v.append(f"{lay.turns} turns; the roster allows {ship.cls.turns}")
    used = sum(s.distance for s in lay.segs)
    if cut:  # the distance of a path cut short says nothing ("moves 7.411 cm" of 20)
        pass
    elif tacking:
        if abs(used - inertia) > MOVE_TOL:
            lay.v.append(
                f"a tack moves only the {inertia:.4g} {unit} of inertia first; path uses {used:.4g}"
            )
    else:
        check_distance(
            used,
            0.0 if luffing else least,
            most,
            unit,
            lay.v,
            must_use_all=not (luffing or ctx.partial),
        )
        if luffing and rs.move.luff_windward_cap:
            _check_luff_gain(rs, scn, ship, lay.segs, lay.v)
    if not cut:
        _check_contact(rs, scn, ship, lay, behind, most if not luffing else None, ctx)
    return PathPlan(
        tuple(lay.segs), tuple(lay.v), most, 0.0 if (luffing or tacking) else least, sector.name
    )


def _step(
    rs: Sailing,
    scn: Scenario,
    ship: Ship,
    sector: Sector,
    lay: _Laying,
    k: int,
    st: Step,
    steps: tuple[Step, ...],
    inertia: float,
    ctx: MoveContext,
) -> bool:
    """Lay one step; True when the path must stop there (a tack ends the move)."""
    if st.kind == "L":
        _check_luff_run(rs, scn, ship, lay, st)
    if st.kind in "FL":
        if lay.segs and head_to_wind(theta(scn, end_pose(ship.pose, lay.segs).heading)):
            lay.v.append(
                f"'{st}': her bow is head to wind (θ 0): she is in irons there and may "
                "not sail on, not even luff"
            )
        lay.segs.append(Segment(length=float(st.value or 0.0)))
        if not lay.turned:
            lay.ahead += float(st.value or 0.0)
        return False
    if st.kind not in "PST":
        lay.v.append(f"'{st}': the modified Trafalgar rules have no anchors")
        return False
    if not lay.turned and lay.ahead < inertia - MOVE_TOL:  # as the allowance: 0.7874 in
        lay.v.append(
            f"inertia: the first {inertia:.4g} {scn.units} are straight ahead, before any turn"
        )
    lay.turned = True
    if st.kind == "T":
        if ctx.no_turns:
            lay.v.append("her rudder is shot away: no tacking until it is repaired")
        if sector.name != "beating":
            lay.v.append(f"a tack starts only from beating; she is {sector.name}")
        now = end_pose(ship.pose, lay.segs)
        lay.segs.append(Segment(turn=wrap(scn.wind.from_deg - now.heading), radius=0.0))
        if k != len(steps) - 1:
            lay.v.append("a tack ends the move: nothing may follow T")
        return True
    lay.turns += 1
    value = float(st.value or 0.0)
    if ctx.no_turns:
        lay.v.append(f"'{st}': her rudder is shot away: no turns until it is repaired")
    if value > rs.move.max_turn + 1e-9:
        lay.v.append(f"turn of {value:g}° is more than the template's {rs.move.max_turn:g}°")
    radius = rs.turn_radius(ship.cls.base_length, scn.units)
    turn = value if st.kind == "S" else -value
    before = end_pose(ship.pose, lay.segs).heading
    if through_eye(scn.wind.from_deg, before, turn) > 0:
        lay.v.append(f"'{st}' swings her bow through the eye of the wind: only a tack (T) does")
    lay.segs.append(Segment(turn=turn, radius=radius))
    return False


def head_to_wind(th: float) -> bool:
    """Pointing straight into the wind (θ 0, to the angle decimals): in irons (SPEC)."""
    return th < 1e-6


def _check_luff_run(rs: Sailing, scn: Scenario, ship: Ship, lay: _Laying, st: Step) -> None:
    """A luffing run is one sailed with her bow in the luffing sector: luffing is
    pointing into the wind, not a brake (SPEC).  ``L`` anywhere else buys no shortfall."""
    th = theta(scn, end_pose(ship.pose, lay.segs).heading)
    edge = rs.sectors[1].lower
    if th >= edge - 1e-9:
        lay.v.append(
            f"'{st}': her bow points {th:.1f}° off the wind, outside the luffing sector "
            f"(under {edge:g}°): she cannot luff there"
        )


def _bow_in_luffing(rs: Sailing, scn: Scenario, ship: Ship, lay: _Laying, st: Step) -> bool:
    """Whether the step left her bow in the luffing sector undeclared (noted in ``lay``)."""
    now = end_pose(ship.pose, lay.segs)
    th = theta(scn, now.heading)
    if reckon.sector(rs, th).name != "luffing":
        return False
    lay.v.append(
        f"after '{st}' the bow points {th:.1f}° off the wind, "
        "into the luffing sector, without declaring luffing (L) or a tack (T)"
    )
    return True


def luff_gain_cap(rs: Sailing, speed: float) -> float:
    """The most a luffing ship may gain to windward in a turn: what she would gain
    close-hauled, her beating allowance times cos(close-hauled angle)."""
    beating = next((s for s in rs.sectors if s.name == "beating"), rs.sectors[1])
    return float(beating.factor) * speed * math.cos(math.radians(rs.move.close_hauled))


def _check_luff_gain(
    rs: Sailing, scn: Scenario, ship: Ship, segs: list[Segment], v: list[str]
) -> None:
    """Referee's ruling (the source is silent): luffing spills wind to slow her; it is
    never a way to windward.  A move that luffs may gain no more ground to windward
    than the same ship close-hauled (beating allowance × cos 60°).  Without it a ship
    could point 5° off the wind and luff straight up it at the beating allowance."""
    end = end_pose(ship.pose, segs)
    up = math.radians(scn.wind.from_deg)
    gain = (end.x - ship.pose.x) * math.sin(up) + (end.y - ship.pose.y) * math.cos(up)
    cap = luff_gain_cap(rs, ship.cls.speed)
    if gain > cap + 0.5e-4:
        v.append(
            f"luffing gains {gain:.4g} to windward; a luffing ship gains no more "
            f"than close-hauled, {cap:.4g}"
        )


def template(rs: Sailing, scn: Scenario, ship: Ship) -> Template:
    """Her move on the template from where she stands: inertia, the turn's arc for her
    size, the bow kept out of the luffing sector unless she is luffing (then any
    distance, and no more to windward than close-hauled where the cap is in force)."""
    sector = reckon.sector(rs, theta(scn, ship.pose.heading))
    luff = sector.min_factor is not None
    return Template(
        radius=rs.turn_radius(ship.cls.base_length, scn.units),
        max_turn=rs.move.max_turn,
        inertia=rs.move.inertia * reckon.scale(rs, scn.units),
        forbidden=None if luff else rs.sectors[1].lower,  # no bow into luffing
        luff=luff,
        word="L" if luff else "F",
        windward_cap=(
            luff_gain_cap(rs, ship.cls.speed) if luff and rs.move.luff_windward_cap else None
        ),
    )


def _check_contact(
    rs: Sailing,
    scn: Scenario,
    ship: Ship,
    lay: _Laying,
    behind: int,
    most: float | None,
    ctx: MoveContext,
) -> None:
    """Whether the part of the path not yet sailed (from segment ``behind``) meets a
    ship's base she has not chosen to collide with (``ctx.ram``), and may not: her move
    could avoid it.  ``most``: her allowance, None where she may stop short (luffing:
    any distance, so every collision can be avoided)."""
    ahead = lay.segs[behind:]
    if not ahead:
        return
    geoms, names = obstacles(scn, ship.id)
    here = end_pose(ship.pose, lay.segs[:behind])
    contact = first_contact(here, ahead, ship.hull_local(), geoms)
    ships = {s.id: s for s in scn.ships}
    if contact is None or names[contact.obstacle] not in ships:
        return
    other = ships[names[contact.obstacle]]
    if other.id == ctx.ram or _unavoidable(rs, scn, ship, lay, behind, most, ctx):
        return
    at = f"after {contact.at:.2f} {scn.units}"
    if other.side == ship.side:
        lay.v.append(
            f"her path meets {other.id}'s base {at}: she may run into a ship of her own "
            "side only when no move avoids it"
        )
    else:
        lay.v.append(
            f"her path meets {other.id}'s base {at}: to collide on purpose, order a ram "
            "(it takes a command check)"
        )


def _unavoidable(
    rs: Sailing,
    scn: Scenario,
    ship: Ship,
    lay: _Laying,
    behind: int,
    most: float | None,
    ctx: MoveContext,
) -> bool:
    """Whether every way of sailing the rest of her required allowance meets a base or
    the shore: her fan from where she is now (the rest of the allowance shared out on
    the template, the inertia she still owes first, the turns the roster has left her)
    is empty.  The fan samples the moves densely; a gap narrower than its sampling is
    judged closed, as a referee with a template would judge it."""
    if most is None:
        return False
    done = lay.segs[:behind]
    here = ship.moved(end_pose(ship.pose, done))
    sailed = sum(s.distance for s in done)
    turned = any(s.turn for s in done)
    t = template(rs, scn, ship)
    inertia = 0.0 if turned else max(0.0, t.inertia - sailed)
    turns = None if ship.cls.turns is None else max(0, ship.cls.turns - _turns_in(done))
    if ctx.no_turns:
        turns = 0
    # Kept on the table, which never changes: every path tried from where she lies
    # asks the same question (the captain tried 21 boxed in, at 0.2 s a fan)
    key = (ship.id, here.pose, inertia, turns, round(most - sailed, 9))
    kept: dict[tuple[Any, ...], bool] = scn.__dict__.setdefault("_unavoidable", {})
    if key not in kept:
        cls = replace(ship.cls, turns=turns)
        fan = template_fan(
            scn,
            replace(here, cls=cls),
            replace(t, inertia=inertia, luff=False, word="F", windward_cap=None),
            8,
            most=most - sailed,
        )
        kept[key] = len(fan) == 0
    return kept[key]


def _turns_in(segs: list[Segment]) -> int:
    """The template turns among laid segments (arcs, not a tack's pivot)."""
    return sum(1 for s in segs if s.turn and s.radius > 0)
