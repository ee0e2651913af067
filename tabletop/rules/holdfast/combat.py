"""Fire, marines and boarding in a phase: declared by both sides, then resolved at once.

A declaration is checked when made (arc, range, line of fire, batteries left and not yet
fired this phase, gun crews) and kept on the firer; when every side has ended the phase
they are all rolled, firers in id order, and only then is the damage applied, target by
target in id order (HF-30): a ship fires with every battery she had at the start of the
phase, and the outcome does not depend on the order the ships are listed in.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from tabletop.common.errors import IllegalAction
from tabletop.engine.dice import Dice
from tabletop.engine.state import GameState
from tabletop.model.scenario import Scenario
from tabletop.referee.fire import FireRuling, Table
from tabletop.rules.holdfast import damage
from tabletop.rules.holdfast.collide import afloat
from tabletop.rules.holdfast.damage import Events, ship
from tabletop.rules.holdfast.events import FireDeclared
from tabletop.rules.holdfast.fire import Chasing, best_chaser
from tabletop.rules.holdfast.hits import Fires, MarineDice
from tabletop.rules.holdfast.ship import BROADSIDES, HoldFastShip, batteries_on, marines, plus

LETTERS = {"L": "long", "S": "short", "C": "carronade"}
AIMS = {"high": -1, "low": 1}


class Ruling(Protocol):
    """The ruleset's own fire ruling and range categories, as a declaration of fire
    and a captain reckoning her fire (``plots``) take them."""

    def category(self, rng: float, unit: str) -> int: ...
    def rule_fire(self, scn: Scenario, tab: Table, i: int, j: int, high: bool) -> FireRuling: ...


class Fighting(Chasing, Ruling, Protocol):
    """What fire, marines and boarding read: the ruling, the to-hit table, and the
    engine's sections (the chaser's points, the marines' hit, what damage reads)."""


def _batteries(words: list[str]) -> dict[str, int]:
    """``L2 S C`` → {long: 2, short: 1, carronade: 1}; a bad word is refused."""
    out: dict[str, int] = {}
    for w in words:
        g, n = LETTERS.get(w[:1].upper()), w[1:] or "1"
        if g is None or not n.isdigit() or int(n) < 1:
            raise IllegalAction(f"'{w}': a battery is L, S or C with a count (L2, C)")
        out[g] = out.get(g, 0) + int(n)
    return out


def fired(st: HoldFastShip) -> dict[tuple[str, str], int]:
    """Batteries already declared this phase, by (broadside, type)."""
    out: dict[tuple[str, str], int] = {}
    for f in st.fire_orders:
        w = f.split()
        if w[0] == "fire":
            out[(w[2], w[3])] = out.get((w[2], w[3]), 0) + int(w[4])
    return out


def on_the_water(state: GameState, keep: tuple[str, str]) -> Scenario:
    """The table for a line of fire: a ship sunk or gone off the table stands in nobody's
    way (HF-39 with HF-66/68: she is no longer a hazard), the two ships in question kept."""
    gone = set(s.id for s in state.ships) - set(afloat(state)) - set(keep)
    scn = state.table()
    return replace(scn, ships=tuple(s for s in scn.ships if s.id not in gone))


def declare_fire(
    rs: Fighting, state: GameState, st: HoldFastShip, target: str, words: list[str]
) -> tuple[HoldFastShip, FireDeclared]:
    """Check one declaration of fire and keep it on the firer (HF-31..HF-37, HF-51)."""
    sid = st.id
    scn = on_the_water(state, (sid, target))
    ruling = rs.rule_fire(scn, Table.of(scn), scn.index(sid), scn.index(target), False)
    arc = next((w for w in words if w in ("port", "starboard", "fore", "aft")), ruling.arc or "")
    aim = next((w for w in words if w in AIMS), "")
    asked = _batteries([w for w in words if w not in (arc, aim)])
    if arc not in ruling.arcs:
        raise IllegalAction(
            f"{target} is not in {sid}'s {arc} arc (arcs: {', '.join(ruling.arcs)})"
        )
    if ruling.line_of_fire == "blocked":
        raise IllegalAction("line of fire blocked by " + ", ".join(ruling.blocked_by))
    cat = 0 if ruling.range_band == "alongside" else rs.category(ruling.range or 0.0, scn.units)
    if aim and cat == 0:
        raise IllegalAction("no aiming alongside: the guns cannot be trained so far (HF-51)")
    cls = state.scenario.ship(sid).cls
    used = fired(st)
    crews = st.manned if st.manned >= 0 else int(cls.fields.get("crews", 10**6))
    if crews <= sum(used.values()):
        raise IllegalAction(f"{sid} has gun crews for {crews} batteries a phase (HF-35, HF-64)")
    table = rs.to_hit_by_range
    chaser = arc in ("fore", "aft")
    sides = BROADSIDES if chaser else (arc,)
    free = {
        (s, g): n - used.get((s, g), 0)
        for s in sides
        for g, n in batteries_on(cls, st, s).items()
        if cat < len(table.get(g, [])) and n - used.get((s, g), 0) > 0
    }
    if not free:
        raise IllegalAction(f"no battery of {sid}'s left to fire at {target} at range {cat}")
    if not asked:  # the firer's default: every battery that bears, or the best chaser
        asked = {g: n for (_, g), n in free.items()}
        if chaser:
            asked = {best_chaser(rs, asked, cat): 1}
    if chaser and sum(asked.values()) != 1:
        raise IllegalAction("a chaser is one battery of the firer's choice (HF-33)")
    orders, total = list(st.fire_orders), 0
    for g, n in asked.items():
        for s in sides:
            k = min(n, free.get((s, g), 0))
            if k:
                orders.append(f"fire {target} {s} {g} {k} {aim or '-'} {cat}")
                n, total = n - k, total + k
        if n:
            raise IllegalAction(f"{sid} has no {n} more {g} batteries to fire at {target} now")
    _crews(sid, st, fired(replace(st, fire_orders=tuple(orders))), crews)
    ev = FireDeclared(sid, target, arc, cat, asked, aim)
    return replace(st, fire_orders=tuple(orders)), ev


def _crews(sid: str, st: HoldFastShip, now: dict[tuple[str, str], int], crews: int) -> None:
    """Gun crews (HF-35, ruling): she fights at most ``crews`` batteries a phase, and a
    crew that fought one broadside last phase cannot fight the other this phase
    (shifting a crew costs it a phase of fire).  A ship with a crew for every battery
    (no ``crews`` in her class) is never short."""
    if sum(now.values()) > crews:
        raise IllegalAction(f"{sid} has gun crews for {crews} batteries a phase (HF-35)")
    last = dict(st.crews_at)
    for side in BROADSIDES:
        want = sum(n for (s, _), n in now.items() if s == side)
        free = crews - sum(n for s, n in last.items() if s != side)
        if want > free:
            raise IllegalAction(
                f"{sid}'s crews fought the other broadside last phase: {max(free, 0)} free "
                f"for the {side} now (shifting a crew costs a phase, HF-35)"
            )


def _facing_side(state: GameState, target: str, firer: str, rs: Fighting) -> str:
    """The target's broadside facing the firer; from ahead or astern the target's captain
    would choose: the ruling takes the side with more batteries left (HF-42)."""
    scn = on_the_water(state, (target, firer))
    ruling = rs.rule_fire(scn, Table.of(scn), scn.index(target), scn.index(firer), False)
    if ruling.arc in BROADSIDES:
        return ruling.arc
    cls = state.scenario.ship(target).cls
    st = ship(state, target)
    left = {s: sum(batteries_on(cls, st, s).values()) for s in BROADSIDES}
    return "starboard" if left["starboard"] > left["port"] else "port"


Hits = list[tuple[str, str, str]]  # (target, result, broadside facing the firer)


def _roll_fire(
    rs: Fighting, state: GameState, sid: str, order: str, dice: Dice, events: Events, hits: Hits
) -> None:
    """One declared group of batteries: to-hit dice, then a chart roll per damage point."""
    _, target, side, gun, n, aim, cat = order.split()
    need = rs.to_hit_by_range[gun][int(cat)]
    rolls = dice.roll(int(n), f"fire: {sid} {side} {gun} at {target}", need=need)
    got = sum(1 for r in rolls if r >= need)
    events.append(Fires(sid, target, gun, side, int(cat), need, rolls, got))
    cls = state.scenario.ship(sid).cls
    d = rs.engine.damage
    points = (d.points_alongside if int(cat) == 0 else d.points)[gun]
    points += d.plus if gun in plus(cls) else 0
    tcls = state.scenario.ship(target).cls
    iron = gun == "short" and bool(tcls.fields.get("ironsides"))
    facing = _facing_side(state, target, sid, rs)
    for k in range(got * points):
        why = f"damage {k + 1}: {sid} on {target}"
        for res in damage.chart(rs, dice, why, AIMS.get(aim, 0), iron, events):
            hits.append((target, res, facing))


def _roll_marines(
    rs: Fighting, state: GameState, sid: str, order: str, dice: Dice, events: Events, hits: Hits
) -> None:
    """Marines at range, or a boarding attack: a d6 per detachment, a 6 kills one of
    the enemy's; boarding a ship with none left, each 6 is a morale hit (HF-57/58)."""
    kind, target = order.split()
    n = marines(state.scenario.ship(sid).cls, ship(state, sid))
    need = rs.engine.marine_hit
    rolls = dice.roll(n, f"{kind}: {sid} at {target}", need=need) if n else []
    got = sum(1 for r in rolls if r >= need)
    events.append(MarineDice(kind, sid, target, rolls, got))
    defenders = marines(state.scenario.ship(target).cls, ship(state, target))
    res = "boarded" if kind == "board" and defenders == 0 else "marines"
    hits.extend((target, res, "") for _ in range(got))


def resolve(rs: Fighting, state: GameState, dice: Dice, events: Events) -> GameState:
    """Roll every declaration, then apply all the damage (HF-30)."""
    hits: Hits = []
    for sid in sorted(s.id for s in state.ships):
        for order in ship(state, sid).fire_orders:
            if order.startswith("fire"):
                _roll_fire(rs, state, sid, order, dice, events, hits)
            else:
                _roll_marines(rs, state, sid, order, dice, events, hits)
    for s in state.ships:  # which broadside each crew fought, for shifting (HF-35)
        st = ship(state, s.id)
        at: dict[str, int] = {}
        for (side, _), n in fired(st).items():
            at[side] = at.get(side, 0) + n
        state = state.with_ship(replace(st, fire_orders=(), crews_at=tuple(sorted(at.items()))))
    for target in sorted({h[0] for h in hits}):
        for t, res, side in hits:
            if t != target:
                continue
            if res == "boarded":
                state = damage.morale(rs, state, t, 1, "boarded", dice, events)
            elif res == "marines":
                st = ship(state, t)
                total = int(state.scenario.ship(t).cls.fields.get("marines", 0))
                if st.marines_lost < total:
                    state = damage.result(rs, state, t, "marines", side, dice, events)
            else:
                state = damage.result(rs, state, t, res, side, dice, events)
    return replace(state, boarding=())
