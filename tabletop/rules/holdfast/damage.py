"""Marking a Hold Fast ship's diagram: damage results, morale, striking, sinking.

Every procedure here takes the state and returns the next, writing what happened into
``events``.  Damage that destroys a hull or mast section costs a point of top speed and
a morale box; a critical hit costs a morale box (HF-55); with only the last box left each
morale hit is a roll, a d6 of the morale factor or more and she strikes (HF-56).
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState
from tabletop.rules.holdfast.config import CRITICALS, Engined
from tabletop.rules.holdfast.hits import (
    Cannon,
    Chart,
    Critical,
    Hull,
    MarinesLost,
    Masts,
    Morale,
    MoraleCheck,
    NoDamage,
    Sinking,
    Struck,
    TopSpeed,
)
from tabletop.rules.holdfast.ship import (
    BROADSIDES,
    HoldFastShip,
    batteries_on,
    hull_boxes,
    mast_boxes,
    morale_boxes,
    morale_factor,
    top_speed,
)


def ship(state: GameState, sid: str) -> HoldFastShip:
    st = state.ship(sid)
    assert isinstance(st, HoldFastShip)
    return st


def factor(rs: Engined, state: GameState, sid: str) -> int:
    """Her morale factor: her own, or her captor's once a prize crew is aboard (HF-64)."""
    st = ship(state, sid)
    whose = st.prize_of or sid
    return morale_factor(state.scenario.ship(whose).cls, rs.engine.default_factor)


def morale(
    rs: Engined, state: GameState, sid: str, n: int, why: str, dice: Dice, events: Events
) -> GameState:
    """``n`` morale hits: a box each while more than one is left, then a roll each."""
    for _ in range(n):
        st = ship(state, sid)
        if st.struck or st.sunk:
            return state
        boxes = morale_boxes(state.scenario.ship(sid).cls)
        if boxes - st.morale_lost > 1:
            state = state.with_ship(replace(st, morale_lost=st.morale_lost + 1))
            events.append(Morale(sid, why, boxes - st.morale_lost - 1))
            continue
        need = factor(rs, state, sid)
        roll = dice.roll(1, f"morale check: {sid}")[0]
        events.append(MoraleCheck(sid, why, roll, need))
        if roll >= need:
            state = strike(state, sid, events)
    return state


def strike(state: GameState, sid: str, events: Events) -> GameState:
    """She strikes her colours: she heaves to (speed 0) and fights no more."""
    st = ship(state, sid)
    events.append(Struck(sid))
    return state.with_ship(replace(st, struck=True, speed=0, anchored=st.anchored))


def _speed_loss(
    rs: Engined,
    state: GameState,
    before: HoldFastShip,
    sid: str,
    why: str,
    dice: Dice,
    events: Events,
) -> GameState:
    """After hull or mast damage: a lost section costs top speed and a morale box."""
    cls = state.scenario.ship(sid).cls
    n = rs.engine.sections
    st = ship(state, sid)
    lost = top_speed(cls, before, n) - top_speed(cls, st, n)
    if lost <= 0:
        return state
    top = top_speed(cls, st, n)
    events.append(TopSpeed(sid, top))
    state = state.with_ship(replace(st, speed=min(st.speed, top)))
    return morale(rs, state, sid, lost, why, dice, events)


def hull(
    rs: Engined, state: GameState, sid: str, n: int, why: str, dice: Dice, events: Events
) -> GameState:
    """``n`` hull boxes marked off; at none left she sinks (HF-44, HF-66)."""
    st = ship(state, sid)
    if n <= 0 or st.sunk or st.sinking >= 0:
        return state
    total = hull_boxes(state.scenario.ship(sid).cls)
    nst = replace(st, hull_lost=min(total, st.hull_lost + n))
    events.append(Hull(sid, n, why, total - nst.hull_lost))
    state = state.with_ship(nst)
    if nst.hull_lost >= total:
        return sink(rs, state, sid, dice, events)
    return _speed_loss(rs, state, st, sid, why, dice, events)


def masts(
    rs: Engined, state: GameState, sid: str, n: int, why: str, dice: Dice, events: Events
) -> GameState:
    """``n`` mast circles marked off (two each at full sail, optional rule HF-13)."""
    st = ship(state, sid)
    cls = state.scenario.ship(sid).cls
    if (
        state.scenario.options.get("full_sail")
        and st.speed >= top_speed(cls, st, rs.engine.sections)
        and st.speed > 0
    ):
        n *= 2
    total = mast_boxes(cls)
    nst = replace(st, masts_lost=min(total, st.masts_lost + n))
    events.append(Masts(sid, n, why, total - nst.masts_lost))
    state = state.with_ship(nst)
    return _speed_loss(rs, state, st, sid, why, dice, events)


def sink(rs: Engined, state: GameState, sid: str, dice: Dice, events: Events) -> GameState:
    """No hull left: she sinks, lingering d6 phases as a hazard (HF-66, HF-68)."""
    st = ship(state, sid)
    phases = dice.d(rs.engine.sinking_phases, f"sinking: {sid}")
    events.append(Sinking(sid, phases))
    return state.with_ship(replace(st, sinking=phases, speed=0, orders=()))


def cannon(
    rs: Engined, state: GameState, sid: str, side: str, dice: Dice, events: Events
) -> GameState:
    """A battery (gun and crew) destroyed on ``side``; its type at random (HF-42)."""
    st = ship(state, sid)
    cls = state.scenario.ship(sid).cls
    left = {g: n for g, n in batteries_on(cls, st, side).items() if n > 0}
    if not left:
        other = next(s for s in BROADSIDES if s != side)
        left = {g: n for g, n in batteries_on(cls, st, other).items() if n > 0}
        side = other
    if not left:
        events.append(Cannon(sid, None))
        return state
    kinds = sorted(left)
    k = 0 if len(kinds) == 1 else (dice.roll(1, f"battery type: {sid}", len(kinds))[0] - 1)
    lost = dict(((s, g), n) for s, g, n in st.batteries_lost)
    lost[(side, kinds[k])] = lost.get((side, kinds[k]), 0) + 1
    events.append(Cannon(sid, side, kinds[k]))
    rows = tuple(sorted((s, g, n) for (s, g), n in lost.items()))
    return state.with_ship(replace(st, batteries_lost=rows))


def result(
    rs: Engined, state: GameState, sid: str, res: str, side: str, dice: Dice, events: Events
) -> GameState:
    """Apply one damage-chart result; ``side`` is the broadside facing the firer."""
    why = f"damage: {res}"
    st = ship(state, sid)
    if res == "hull":
        state = hull(rs, state, sid, 1, why, dice, events)
    elif res == "magazine":
        state = hull(rs, state, sid, rs.engine.damage.magazine_hull, why, dice, events)
    elif res == "mast":
        state = masts(rs, state, sid, 1, why, dice, events)
    elif res == "marines":
        total = int(state.scenario.ship(sid).cls.fields.get("marines", 0))
        lost = min(total, st.marines_lost + 1)
        state = state.with_ship(
            replace(st, marines_lost=lost, marines_busy=min(st.marines_busy, total - lost))
        )
        events.append(MarinesLost(sid, total - lost))
    elif res == "cannon":
        state = cannon(rs, state, sid, side, dice, events)
    elif res == "rudder":
        state = state.with_ship(replace(st, rudder=True))
    elif res == "wheel":
        state = state.with_ship(replace(st, wheel=True, wheel_forward=False))
    elif res == "fire":
        state = state.with_ship(replace(st, on_fire=True))
    elif res != "magazine":
        events.append(NoDamage(sid))
    if res in CRITICALS:
        events.append(Critical(sid, res))
        state = morale(rs, state, sid, 1, f"critical hit: {res}", dice, events)
    return state


def chart(
    rs: Engined,
    dice: Dice,
    why: str,
    aim: int = 0,
    ironsides: bool = False,
    events: Events | None = None,
) -> list[str]:
    """One damage point: a 2d6 roll on the chart (row die, column die), the row moved
    by ``aim`` (−1 at the masts, +1 at the waterline; off the chart is a miss, HF-51),
    a column of the Ironsides list doing nothing (HF-52).  A fire or a magazine rolls
    another result at once, unaimed (HF-43, HF-48): all the results, in order."""
    row, col = dice.roll(2, why)
    d = rs.engine.damage
    row += aim
    if not 1 <= row <= 6:
        res = "miss"
    elif ironsides and col in d.ironsides_columns:
        res = "none"
    else:
        res = d.chart[row - 1][col - 1]
    if events is not None:
        events.append(Chart(why, row, col, res))
    if res in ("fire", "magazine"):
        return [res, *chart(rs, dice, f"{why} ({res})", events=events)]
    return [] if res == "miss" else [res]
