"""Collisions, judged at the end of a phase's movement (HF-59..HF-63).

Two bases that touch at the end of the movement and did not at its start have collided;
so have two ships alongside each other that both moved (both cut and ran, HF-63).  A
ship that moves away from one she lay alongside has cut and run: she is clear of her.
Both ships stop (speed 0) and their remaining orders are cancelled; above speed 1 both
take a hull box; the colliding ship is placed alongside the targeted one by the angle of
collision, and where the source gives a captain the choice, a decision is pending.

Pairs are judged in the order of their ids, never of the scenario's listing, so the
outcome of a phase does not depend on the order the ships are listed in.
"""

from __future__ import annotations

import math
from dataclasses import replace

import shapely

from tabletop.common.units import TOL
from tabletop.engine.dice import Dice
from tabletop.engine.state import Answer, GameState, Pending
from tabletop.geometry.angles import normalise, wrap
from tabletop.geometry.pose import Pose
from tabletop.rules.holdfast import damage
from tabletop.rules.holdfast.config import Engined
from tabletop.rules.holdfast.damage import Events, ship
from tabletop.rules.holdfast.events import Alongside, Collision, CutAndRan, RollOff
from tabletop.rules.holdfast.ship import top_speed

#: Within this many degrees, a collision is at 90° or head- or tail-on.
SQUARE = 1.0


def base(state: GameState, sid: str, pose: Pose | None = None) -> shapely.Polygon:
    sh = state.scenario.ship(sid)
    return sh.moved(pose or state.ship(sid).pose).base_polygon()


def afloat(state: GameState) -> list[str]:
    """Ships that are still a hazard on the table (sinking ones are, HF-68), by id."""
    return sorted(
        s.id for s in state.ships if not (ship(state, s.id).sunk or ship(state, s.id).fled)
    )


def judge(
    rs: Engined,
    state: GameState,
    start: dict[str, Pose],
    speeds: dict[str, int],
    dice: Dice,
    events: Events,
    drifting: bool = False,
) -> GameState:
    """Every collision at the end of this movement, pair by pair in id order; ships
    alongside that drift together stay alongside (ruling)."""
    ids = afloat(state)
    moved = {s: state.ship(s).pose != start[s] for s in ids}
    pairs = []
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if not (moved[a] or moved[b]):
                continue
            if shapely.distance(base(state, a), base(state, b)) > TOL:
                continue
            was = shapely.distance(base(state, a, start[a]), base(state, b, start[b])) <= TOL
            pair = (a, b)
            if was and not (pair in state.grappled and moved[a] and moved[b] and not drifting):
                continue
            pairs.append(pair)
    for pair in state.grappled:  # cut and run: the one that moved is clear of her
        together = drifting and all(moved.get(s) for s in pair)
        if pair not in pairs and any(moved.get(s) for s in pair) and not together:
            state = replace(state, grappled=tuple(p for p in state.grappled if p != pair))
            events.append(CutAndRan([s for s in pair if moved.get(s)], list(pair)))
    for a, b in pairs:
        state = collide(rs, state, a, b, moved, speeds, dice, events)
    return state


def _colliding(
    state: GameState,
    a: str,
    b: str,
    moved: dict[str, bool],
    speeds: dict[str, int],
    dice: Dice,
    events: Events,
) -> tuple[str, str]:
    """(colliding ship, targeted ship): the one that moved; of two that moved, the one
    whose bow is nearer the other's base, then the faster, then a roll-off (ruling)."""
    if moved[a] != moved[b]:
        return (a, b) if moved[a] else (b, a)
    bow = {}
    for s, o in ((a, b), (b, a)):
        p = state.ship(s).pose
        half = state.scenario.ship(s).cls.base_length / 2
        r = math.radians(p.heading)
        pt = shapely.Point(p.x + half * math.sin(r), p.y + half * math.cos(r))
        bow[s] = shapely.distance(pt, base(state, o))
    if abs(bow[a] - bow[b]) > TOL:
        return (a, b) if bow[a] < bow[b] else (b, a)
    if speeds[a] != speeds[b]:
        return (a, b) if speeds[a] > speeds[b] else (b, a)
    return _roll_off(state, a, b, "who collides", dice, events)


def _roll_off(
    state: GameState, a: str, b: str, why: str, dice: Dice, events: Events
) -> tuple[str, str]:
    """Each captain rolls a d6, ties rolled again: (winner, loser)."""
    while True:
        ra, rb = dice.roll(2, f"roll-off, {why}: {a}, {b}")
        events.append(RollOff(why, a, ra, b, rb))
        if ra != rb:
            return (a, b) if ra > rb else (b, a)


def collide(
    rs: Engined,
    state: GameState,
    a: str,
    b: str,
    moved: dict[str, bool],
    speeds: dict[str, int],
    dice: Dice,
    events: Events,
) -> GameState:
    """Both stop, orders cancelled, damage above speed 1, placement alongside."""
    c, t = _colliding(state, a, b, moved, speeds, dice, events)
    events.append(Collision(c, t, speeds[c]))
    for s in (c, t):
        st = ship(state, s)
        state = state.with_ship(replace(st, speed=0, collided=True))
    pair = (min(a, b), max(a, b))
    state = replace(state, grappled=tuple(sorted({*state.grappled, pair})))
    if speeds[c] > rs.engine.harmless_speed:
        for s in (c, t):
            state = damage.hull(rs, state, s, rs.engine.collision_hull, "collision", dice, events)
    return _alongside(rs, state, c, t, dice, events)


def _alongside(
    rs: Engined, state: GameState, c: str, t: str, dice: Dice, events: Events
) -> GameState:
    """Place her alongside by the angle of collision, or hand the choice to a captain:
    at 90° the colliding captain chooses her facing; head- or tail-on the faster ship's
    captain (top speed; equal: a roll-off) chooses the side (HF-60)."""
    cp, tp = state.ship(c).pose, state.ship(t).pose
    delta = abs(float(wrap(cp.heading - tp.heading)))
    if abs(delta - 90) <= SQUARE:
        side = side_of(state, c, t)
        return _ask(state, c, t, state.side_of(c), ("same", "opposite"), f"{side} side")
    if delta <= SQUARE or delta >= 180 - SQUARE:
        n = rs.engine.sections
        tc = top_speed(state.scenario.ship(c).cls, ship(state, c), n)
        tt = top_speed(state.scenario.ship(t).cls, ship(state, t), n)
        who = (
            c if tc > tt else t if tt > tc else _roll_off(state, c, t, "placement", dice, events)[0]
        )
        facing = "same" if delta <= SQUARE else "opposite"
        return _ask(state, c, t, state.side_of(who), ("port", "starboard"), f"{facing} facing")
    facing = "same" if delta < 90 else "opposite"
    return place(state, c, t, side_of(state, c, t), facing, events)


def side_of(state: GameState, c: str, t: str) -> str:
    """The side of the targeted ship the colliding ship's centre lies on (on her axis:
    the side the colliding ship's bow points across, ruling)."""
    cp, tp = state.ship(c).pose, state.ship(t).pose
    r = math.radians(tp.heading)
    cross = (cp.x - tp.x) * math.cos(r) - (cp.y - tp.y) * math.sin(r)
    if abs(cross) <= TOL:
        cross = -float(wrap(cp.heading - tp.heading))
    return "starboard" if cross > 0 else "port"


def _ask(
    state: GameState, c: str, t: str, side: str, words: tuple[str, str], given: str
) -> GameState:
    answers = tuple(Answer(f"place {c} {w}", w[0].upper(), f"{w} ({given})") for w in words)
    return replace(state, pending=(*state.pending, Pending("alongside", c, side, t, answers)))


def place(state: GameState, c: str, t: str, side: str, facing: str, events: Events) -> GameState:
    """The colliding ship alongside the targeted one, abeam of her centre, bases touching."""
    tp = state.ship(t).pose
    gap = (state.scenario.ship(t).cls.base_width + state.scenario.ship(c).cls.base_width) / 2
    sign = 1.0 if side == "starboard" else -1.0
    r = math.radians(tp.heading)
    heading = tp.heading if facing == "same" else float(normalise(tp.heading + 180))
    pose = Pose(tp.x + sign * gap * math.cos(r), tp.y - sign * gap * math.sin(r), heading)
    events.append(Alongside(c, t, side, facing, [pose.x, pose.y, pose.heading]))
    return state.with_ship(replace(ship(state, c), pose=pose))


def answer(state: GameState, c: str, word: str, events: Events) -> GameState:
    """A captain's choice of facing or side, for the first pending placement."""
    p = state.pending[0]
    state = replace(state, pending=state.pending[1:])
    if word in ("same", "opposite"):
        return place(state, c, p.other, side_of(state, c, p.other), word, events)
    cp, tp = state.ship(c).pose, state.ship(p.other).pose
    facing = "same" if abs(float(wrap(cp.heading - tp.heading))) <= SQUARE else "opposite"
    return place(state, c, p.other, word, facing, events)
