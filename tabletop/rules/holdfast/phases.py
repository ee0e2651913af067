"""A phase's movement: reveal, every ship's action at once, then collisions and hazards.

Each ship's action depends only on her own state, so the order of moving does not
matter (HF-6); collisions are then judged together at the end of the movement (HF-59),
then the hazards: land (HF-69/70), shallows and shoals (HF-71/72), leaving the table.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

import shapely

from tabletop.common.units import TOL
from tabletop.engine.dice import Dice
from tabletop.engine.events import Anchored, Weighed
from tabletop.engine.state import GameState
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import ShipClass
from tabletop.rules.base import Sector
from tabletop.rules.holdfast import collide, damage
from tabletop.rules.holdfast.config import Engined
from tabletop.rules.holdfast.damage import Events, ship
from tabletop.rules.holdfast.events import (
    Aground,
    Beached,
    Drift,
    Fled,
    NoWay,
    Phase,
    Refloated,
    Reveal,
    Revealed,
    Sail,
    Shallows,
    StruckBottom,
    Wasted,
    Wheel,
)
from tabletop.rules.holdfast.orders import (
    MOVES,
    NUMERALS,
    drifted,
    forward,
    into_wind,
    pivot_to,
)
from tabletop.rules.holdfast.ship import HoldFastShip, rate, top_speed


class Sailing(Engined, Protocol):
    """What a phase's movement reads: the phases each speed acts in, the step and the
    pivot, the wind's eye (no forward move into it: the second sector's edge); and the
    engine's sections, which collisions, hazards and damage read."""

    phases: dict[int, tuple[int, ...]]
    pivot: float
    sectors: tuple[Sector, ...]

    def step_length(self, unit: str) -> float: ...


def wind(state: GameState) -> float:
    return state.wind_from if state.wind_from is not None else state.scenario.wind.from_deg


def act(rs: Sailing, state: GameState, st: HoldFastShip, p: int, events: Events) -> HoldFastShip:
    """Her plotted action for phase ``p``, as the rules let it happen now."""
    word = st.orders[p - 1] if len(st.orders) >= p else "-"
    sid = st.id
    top = top_speed(state.scenario.ship(sid).cls, st, rs.engine.sections)
    events.append(Reveal(sid, NUMERALS[p - 1], word))
    if word in MOVES:
        if st.anchored or p not in rs.phases.get(st.speed, ()):
            events.append(NoWay(sid, st.speed))
            return st
        if word != "F" and st.wheel and not st.wheel_forward:
            events.append(Wheel(sid))
            word = "F"
        if word != "F" and st.rudder:
            events.append(Wasted(sid, "rudder shot away"))
            return st
        if word == "F":
            if into_wind(wind(state), st.pose.heading, rs.sectors[1].lower):
                events.append(Wasted(sid, "forward into the wind"))
                return st
            pose = forward(st.pose, rs.step_length(state.scenario.units), rs.pivot)
            return replace(st, pose=pose, wheel_forward=True)
        return replace(st, pose=pivot_to(st.pose, word, rs.pivot), wheel_forward=False)
    if word in ("RS", "LS") and not st.anchored:
        speed = min(top, st.speed + 1) if word == "RS" else max(0, st.speed - 1)
        events.append(Sail(sid, word, speed))  # announced to all
        return replace(st, speed=speed, sail_changed=True)
    if word == "DA" and st.speed == 0:
        events.append(Anchored(sid))
        return replace(st, anchored=True)
    if word == "WA" and st.anchored:
        events.append(Weighed(sid))
        return replace(st, anchored=False)
    return st


def movement(rs: Sailing, state: GameState, p: int, dice: Dice, events: Events) -> GameState:
    """Phase ``p``'s movement: every ship acts at once, then collisions and hazards."""
    events.append(Phase(NUMERALS[p - 1], state.turn))
    start = {s.id: s.pose for s in state.ships}
    speeds = {s.id: ship(state, s.id).speed for s in state.ships}
    for s in state.ships:
        st = ship(state, s.id)
        if st.out or st.collided or not st.orders:
            continue
        state = state.with_ship(act(rs, state, st, p, events))
    return after_moving(rs, state, start, speeds, dice, events)


def drift(rs: Sailing, state: GameState, dice: Dice, events: Events) -> GameState:
    """After phase V a ship at speed 0, not at anchor nor aground, drifts 1 step
    downwind (HF-22); drifting is movement, judged for collisions like any other."""
    start = {s.id: s.pose for s in state.ships}
    speeds = {s.id: ship(state, s.id).speed for s in state.ships}
    step = rs.step_length(state.scenario.units)
    for s in state.ships:
        st = ship(state, s.id)
        if st.speed or st.anchored or st.beached or st.sunk or st.fled or st.sinking >= 0:
            continue
        pose = drifted(st.pose, wind(state), step)
        events.append(Drift(s.id, pose.x, pose.y))
        state = state.with_ship(replace(st, pose=pose))
    return after_moving(rs, state, start, speeds, dice, events, drifting=True)


def after_moving(
    rs: Sailing,
    state: GameState,
    start: dict[str, Pose],
    speeds: dict[str, int],
    dice: Dice,
    events: Events,
    drifting: bool = False,
) -> GameState:
    state = collide.judge(rs, state, start, speeds, dice, events, drifting)
    for sid in sorted(s.id for s in state.ships):
        if state.ship(sid).pose != start[sid]:
            state = hazards(rs, state, sid, speeds[sid], start[sid], dice, events)
    return state


def hazards(
    rs: Sailing, state: GameState, sid: str, speed: int, was: Pose, dice: Dice, events: Events
) -> GameState:
    """What she met by moving: the table's edge, land, shallows or a shoal (shallows her
    base was in at the start or the end of the move: she moved through them)."""
    st = ship(state, sid)
    scn = state.scenario
    poly = collide.base(state, sid)
    c = st.pose
    if not scn.holds(c.x, c.y):
        events.append(Fled(sid))
        return state.with_ship(replace(st, fled=True, orders=()))
    for name, t in scn.land():
        if shapely.distance(poly, t.polygon) <= TOL and not st.beached:
            events.append(Aground(sid, name, speed))
            state = state.with_ship(replace(st, speed=0, collided=True, beached=True))
            return damage.hull(rs, state, sid, speed, f"ran onto {name}", dice, events)
    for i, t in enumerate(scn.terrain):
        area = t.polygon
        through = shapely.intersects(poly, area) or shapely.intersects(
            collide.base(state, sid, was), area
        )
        if t.kind in ("shallows", "shoal") and through:
            if t.hidden and i not in state.revealed:  # found: every side knows it now
                state = replace(state, revealed=(*state.revealed, i))
            state = shallows(
                rs, state, sid, speed, t.name or f"{t.kind}{i}", t.level, t.hidden, dice, events
            )
            if ship(state, sid).beached or ship(state, sid).collided:
                break
    return state


def depth(rs: Sailing, cls: ShipClass, level: int | None) -> tuple[int, int]:
    """(her rate, the level) for HF-71's roll, a d6 less her rate above the level
    striking bottom: an unrated ship's rate and a level-less bank's are the engine's."""
    lv = rs.engine.default_level if level is None else level
    return rate(cls, rs.engine.unrated_rate), lv


def shallows(
    rs: Sailing,
    state: GameState,
    sid: str,
    speed: int,
    name: str,
    level: int | None,
    hidden: bool,
    dice: Dice,
    events: Events,
) -> GameState:
    """A phase moving through shallows: d6 − rate above the level strikes bottom: a hull
    box per point of speed, a dead stop, and a second roll, failed: beached (HF-71/72)."""
    r, lv = depth(rs, state.scenario.ship(sid).cls, level)
    if hidden:
        events.append(Revealed(name, lv))
    roll = dice.roll(1, f"shallows: {sid} in {name}")[0]
    events.append(Shallows(sid, name, roll, r, lv))
    if roll - r <= lv:
        return state
    st = ship(state, sid)
    events.append(StruckBottom(sid, speed))
    state = state.with_ship(replace(st, speed=0, collided=True))
    state = damage.hull(rs, state, sid, speed, f"struck bottom in {name}", dice, events)
    again = dice.roll(1, f"shallows again: {sid} in {name}")[0]
    if again - r > lv:
        events.append(Beached(sid, again))
        state = state.with_ship(replace(ship(state, sid), beached=True))
    else:
        events.append(Refloated(sid, again))
    return state
