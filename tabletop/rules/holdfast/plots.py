"""What a Hold Fast ship may do now, for a player (the computer captain) choosing: her
fire's expected damage (:func:`chance`), and the plots she may be given (every sequence
of moves in the phases she acts, with no sail change or one, raise or lower, in any
phase, or the anchor weighed, or at speed 0 dropped), each checked by the engine's own
:func:`orders.check` and laid by :func:`orders.poses_after`, and where a plot leaves
her at speed 0 and not at anchor, where her drift after phase V leaves her
(``Plot.after``): a ship that had lost her way and her rudder was offered no anchor
nor shown her drift, and drifted an inch a turn off the table.
"""

from __future__ import annotations

import itertools
from typing import Protocol

from tabletop.engine.state import GameState
from tabletop.referee.fire import Table
from tabletop.rules.base import FireChance, Plot
from tabletop.rules.holdfast import orders
from tabletop.rules.holdfast.combat import Ruling, fired
from tabletop.rules.holdfast.damage import ship
from tabletop.rules.holdfast.phases import Sailing
from tabletop.rules.holdfast.ship import BROADSIDES, batteries_on, plus, top_speed

#: The most plots offered for one ship (the whole of them is a few thousand at most).
MOST = 4000


class Plotting(Sailing, Ruling, Protocol):
    """What her plots and her fire's reckoning read: what laying a plot's phases reads
    (:class:`~tabletop.rules.holdfast.phases.Sailing`), the fire ruling and categories."""


def plots(rs: Plotting, state: GameState, sid: str, foreseen: bool = False) -> list[Plot]:
    """Her legal plots now (only in the movement-orders sequence, her side to plot,
    before her orders are given), each with her poses after phases I-V.  ``foreseen``:
    those her opponent reckons she may be given this turn (in the sequence, whichever
    side plots now; her orders, if given, are not read: they depend only on the state
    the turn began with)."""
    st = ship(state, sid)
    if state.phase != 0 or st.out:
        return []
    if not foreseen and (state.side_of(sid) != state.active_side or st.orders):
        return []
    cls = state.scenario.ship(sid).cls
    top = top_speed(cls, st, rs.engine.sections)
    wind = state.wind_from if state.wind_from is not None else state.scenario.wind.from_deg
    step = rs.step_length(state.scenario.units)
    edge = rs.sectors[1].lower
    out: list[Plot] = []
    seen: set[tuple[str, ...]] = set()
    for change in _changes(st.anchored, st.speed, st.rudder):
        for words in _fills(change, st.speed, rs.phases, st.rudder):
            if words in seen:
                continue
            seen.add(words)
            plan = orders.check(words, st.speed, top, st.anchored, st.rudder, rs.phases)
            if plan.problems:
                continue
            poses = orders.poses_after(
                st.pose, words, st.speed, rs.phases, wind, step, rs.pivot, edge
            )
            held = st.anchored or st.beached
            end = orders.with_drift(poses, words, st.speed, held, wind, step)[-1]
            out.append(Plot(" ".join(words), poses, None if end == poses[-1] else end))
            if len(out) >= MOST:
                return out
    return out


def _changes(anchored: bool, speed: int, rudder: bool) -> list[tuple[int, str]]:
    """No change (phase 0), or one sail change or the anchor weighed in phase 1-5, or
    at speed 0 the anchor dropped (only at speed 0: HF-19).  Plots that leave her where
    she lies, at anchor or with sail raised, are alike to a judge of poses, and the
    first offered is kept: with her rudder shot away the anchor comes first (under sail
    she can only run on ahead, onto whatever lies there), else the sail (anchored she
    must weigh it, a phase, before she can make sail again)."""
    if anchored:
        words: tuple[str, ...] = ("WA",)
    elif speed:
        words = ("RS", "LS")
    else:
        words = ("DA", "RS", "LS") if rudder else ("RS", "LS", "DA")
    return [(0, "")] + [(p, w) for w in words for p in range(1, orders.PHASES + 1)]


def _fills(
    change: tuple[int, str], speed: int, table: dict[int, tuple[int, ...]], rudder: bool
) -> list[tuple[str, ...]]:
    """Every filling of the phases she acts in (given the change) with F, P or S (only
    F without a rudder), and '-' elsewhere."""
    at, word = change
    acting = []
    now = speed
    for p in range(1, orders.PHASES + 1):
        if p == at:
            now += {"RS": 1, "LS": -1}.get(word, 0)
        elif p in table.get(now, ()):
            acting.append(p)
    moves = ("F",) if rudder else ("F", "P", "S")
    out = []
    for fill in itertools.product(moves, repeat=len(acting)):
        words = ["-"] * orders.PHASES
        if at:
            words[at - 1] = word
        for p, w in zip(acting, fill, strict=True):
            words[p - 1] = w
        out.append(tuple(words))
    return out


def chance(rs: Plotting, state: GameState, firer: str, target: str) -> FireChance | None:
    """Her fire at the target as a declaration would take it (the quadrant ruling, the
    batteries on that side still free this phase, a chaser alone fore and aft): the
    expected damage points, each battery's to-hit chance times its points a hit."""
    st, tgt = ship(state, firer), ship(state, target)
    if (st.out and not st.beached) or tgt.out or state.side_of(firer) == state.side_of(target):
        return None
    scn = state.table()
    r = rs.rule_fire(scn, Table.of(scn), scn.index(firer), scn.index(target), False)
    if not r.can_fire or r.arc is None or r.to_hit is None:
        return None
    cls = state.scenario.ship(firer).cls
    used = fired(st)
    sides = BROADSIDES if r.arc in ("fore", "aft") else (r.arc,)
    cat = 0 if r.range_band == "alongside" else rs.category(r.range or 0.0, scn.units)
    d = rs.engine.damage
    points = d.points_alongside if cat == 0 else d.points
    each: list[float] = []
    for side in sides:
        for g, n in batteries_on(cls, st, side).items():
            need = r.to_hit["by_battery"].get(g)
            if need is None:
                continue
            hit = (7 - max(1, min(6, need))) / 6
            value = hit * (points[g] + (d.plus if g in plus(cls) else 0))
            each += [value] * max(0, n - used.get((side, g), 0))
    if not each:
        return None
    total = max(each) if r.arc in ("fore", "aft") else sum(each)
    return FireChance(r.arc, total, r.rake)
