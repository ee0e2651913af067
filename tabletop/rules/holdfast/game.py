"""Hold Fast's turn: secret orders, then five phases of simultaneous movement and fire,
then damage control (HF-3..HF-7, the sequences 1-8).

The game state's ``phase`` says where the turn stands: 0, the movement-orders sequence
(each side in turn gives one ``orders`` action for all its ships; the log holds them, the
window hides one side's from the other); 1-5, the fire of that phase, its movement done
(each side declares fire, marines and boarding, then ``end``); 6, damage control (each
side's repairs and prizes, then ``end``).  When the last side has acted the step resolves
and the next begins: the kernel only applies one action at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar, Protocol

from tabletop.common.errors import IllegalAction
from tabletop.engine.actions import Action
from tabletop.engine.core import Handler, dispatch
from tabletop.engine.dice import Dice
from tabletop.engine.state import GameState, end_of_turn
from tabletop.geometry.angles import normalise
from tabletop.model.scenario import ShipClass
from tabletop.referee import reckon
from tabletop.rules.holdfast import collide, combat, damage, phases
from tabletop.rules.holdfast.combat import Fighting
from tabletop.rules.holdfast.damage import Events, ship
from tabletop.rules.holdfast.events import (
    BoardingDeclared,
    DamageControl,
    MarinesDeclared,
    Plotted,
    PointsWinner,
    Prize,
    Repair,
    Sunk,
    TurnSequence,
    WindShift,
)
from tabletop.rules.holdfast.orders import PHASES, canonical, check
from tabletop.rules.holdfast.phases import Sailing
from tabletop.rules.holdfast.ship import (
    BROADSIDES,
    HoldFastShip,
    batteries_on,
    marines,
    top_speed,
)
from tabletop.rules.types import TurnStep

#: The turn's steps (HF-4's sequence of play): the sides' movement orders, then the
#: five phases (each moves the ships by their orders and then the sides declare fire,
#: marines and boarding), then damage control (repairs and prize crews).
STEPS = (
    TurnStep("movement orders", "plot", frozenset({"orders"})),
    *(
        TurnStep(f"phase {k}: fire", "declare", frozenset({"fire", "marines", "board"}))
        for k in range(1, PHASES + 1)
    ),
    TurnStep("damage control", "repair", frozenset({"repair", "prize"})),
)
DAMAGE_CONTROL = len(STEPS) - 1
REPAIRS = ("mast", "wheel", "rudder", "fire", "battery", "hull")


class Playing(Sailing, Fighting, Protocol):
    """What the turn reads of the ruleset: what its phases' movement and fire read, the
    scale (the marines' range) and the end of a turn (her per-turn fields reset)."""

    @property
    def units(self) -> str: ...


class HoldFastGame:
    """The procedures of play: each ``act_<verb>`` maps a state and an action to the
    next state, writing what happened into ``events``."""

    def __init__(self, rs: Playing) -> None:
        self.rs = rs

    def apply(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        state = dispatch(self.HANDLERS, self, state, act, dice, events)
        return victory(state, events)

    # -- ownership -------------------------------------------------------------------
    def _own(self, state: GameState, sid: str, step: str) -> HoldFastShip:
        """Her, if she is the acting side's and in the fight (a beached ship still
        fires); the engine has already refused a verb outside its step (``STEPS``)."""
        st = ship(state, sid)
        if state.side_of(sid) != state.active_side:
            raise IllegalAction(
                f"{sid} sails for the {state.side_of(sid)} side: the {state.active_side} "
                "side is acting"
            )
        if st.out and not (st.beached and step == "fire"):
            raise IllegalAction(f"{sid} is out of the fight")
        return st

    # -- sequence 1: movement orders ---------------------------------------------------
    def act_orders(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """``orders SHIP W W W W W [SHIP W W W W W ...]``: the side's plot (HF-5)."""
        words = list(act.args)
        if len(words) % (PHASES + 1):
            raise IllegalAction(f"orders: each ship's id then {PHASES} phase words")
        plotted: dict[str, tuple[str, ...]] = {}
        for k in range(0, len(words), PHASES + 1):
            sid, raw = words[k], words[k + 1 : k + 1 + PHASES]
            st = self._own(state, sid, "orders")
            if sid in plotted:
                raise IllegalAction(f"{sid}'s orders are given twice")
            plotted[sid] = self._plot(state, st, raw)
        side = state.active_side
        for s in state.ships:
            if state.side_of(s.id) == side and not ship(state, s.id).out:
                orders = plotted.get(s.id, ("-",) * PHASES)
                state = state.with_ship(replace(ship(state, s.id), orders=orders))
        events.append(Plotted(side, sorted(plotted)))
        return self._next_side(state, dice, events)

    def _plot(self, state: GameState, st: HoldFastShip, raw: list[str]) -> tuple[str, ...]:
        if len(raw) != PHASES:
            raise IllegalAction(f"{st.id}: orders are {PHASES} phase words, found {len(raw)}")
        orders = []
        for w in raw:
            c = canonical(w)
            if c is None:
                raise IllegalAction(f"'{w}': a phase is F P S RS LS DA WA D or - (or ↑ ← →)")
            orders.append(c)
        cls = state.scenario.ship(st.id).cls
        top = top_speed(cls, st, self.rs.engine.sections)
        plan = check(tuple(orders), st.speed, top, st.anchored, st.rudder, self.rs.phases)
        if plan.problems:
            raise IllegalAction(f"{st.id}: " + "; ".join(plan.problems))
        return tuple(orders)

    def _next_side(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """The next side acts; after the last, the step resolves and the next begins."""
        nxt = (state.active + 1) % len(state.sides)
        state = replace(state, active=nxt)
        if nxt != 0:
            return state
        if state.phase == 0:
            return self._phase(state, 1, dice, events)
        if state.phase <= PHASES:
            state = combat.resolve(self.rs, state, dice, events)
            state = sinking(state, events)
            if state.phase < PHASES:
                return self._phase(state, state.phase + 1, dice, events)
            state = phases.drift(self.rs, state, dice, events)
            events.append(DamageControl(state.turn))
            fresh = [replace(ship(state, s.id), marines_busy=0) for s in state.ships]
            return replace(state, ships=tuple(fresh), phase=DAMAGE_CONTROL)
        return self._new_turn(state, dice, events)

    def _phase(self, state: GameState, p: int, dice: Dice, events: Events) -> GameState:
        return phases.movement(self.rs, replace(state, phase=p), p, dice, events)

    # -- sequences 2-7: fire -------------------------------------------------------------
    def act_fire(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """``fire SHIP TARGET [arc] [L2 S C...] [high|low]``: declared now, rolled when
        every side has ended the phase."""
        sid, target = act.args[0], act.args[1]
        st = self._own(state, sid, "fire")
        _enemy(state, sid, target)
        st, ev = combat.declare_fire(self.rs, state, st, target, list(act.args[2:]))
        events.append(ev)
        return state.with_ship(st)

    def act_marines(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """``marines SHIP TARGET``: her marines fire at an enemy within 1 inch (HF-57)."""
        sid, target = act.args
        st = self._own(state, sid, "fire")
        _enemy(state, sid, target)
        if any(o.split()[0] in ("marines", "board") for o in st.fire_orders):
            raise IllegalAction(f"{sid}'s marines have their orders this phase")
        if not marines(state.scenario.ship(sid).cls, st):
            raise IllegalAction(f"{sid} has no marine detachment fit to fight")
        near = collide.base(state, sid).distance(collide.base(state, target))
        cen = state.ship(sid).pose
        tp = state.ship(target).pose
        rng = 0.0 if near <= 1e-6 else ((cen.x - tp.x) ** 2 + (cen.y - tp.y) ** 2) ** 0.5
        if rng > self.rs.engine.marine_range * reckon.scale(self.rs, state.scenario.units) + 1e-6:
            raise IllegalAction(f"{target} is {rng:.2f} away: marines fire at 1 inch or less")
        events.append(MarinesDeclared(sid, target))
        return state.with_ship(replace(st, fire_orders=(*st.fire_orders, f"marines {target}")))

    def act_board(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """``board SHIP TARGET``: a boarding attack on a ship alongside (HF-58)."""
        sid, target = act.args
        st = self._own(state, sid, "fire")
        _enemy(state, sid, target)
        if not state.is_grappled(sid, target):
            raise IllegalAction(f"{sid} is not alongside {target}: boarding needs a collision")
        if any(o.split()[0] in ("marines", "board") for o in st.fire_orders):
            raise IllegalAction(f"{sid}'s marines have their orders this phase")
        if not marines(state.scenario.ship(sid).cls, st):
            raise IllegalAction(f"{sid} has no marine detachment to send")
        pair = (min(sid, target), max(sid, target))
        events.append(BoardingDeclared(sid, target))
        state = replace(state, boarding=tuple(sorted({*state.boarding, pair})))
        return state.with_ship(replace(st, fire_orders=(*st.fire_orders, f"board {target}")))

    def act_place(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """The captain's choice of how a colliding ship comes alongside (HF-60)."""
        p = state.pending[0]
        if act.args[1] not in {a.action.split()[2] for a in p.answers}:
            raise IllegalAction("expected " + " or ".join(f"'{a.action}'" for a in p.answers))
        return collide.answer(state, act.ship, act.args[1], events)

    def act_end(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        if state.phase == 0:
            # said to a player at the window as well as at the command line: no usage
            raise IllegalAction(f"the {state.active_side} side gives its movement orders first")
        return self._next_side(state, dice, events)

    # -- sequence 8: damage control -------------------------------------------------------
    def act_repair(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """``repair SHIP WHAT [MARINES]``: one attempt a turn, 5-6 on a d6, +1 per marine
        detachment committed (at most 2), who are lost until the next damage control."""
        sid, what = act.args[0], act.args[1]
        st = self._own(state, sid, "repair")
        n = int(act.args[2]) if len(act.args) > 2 and act.args[2].isdigit() else 0
        eng = self.rs.engine
        if st.done:
            raise IllegalAction(f"{sid} has made her repair attempt this turn")
        if n > eng.max_marines or n > marines(state.scenario.ship(sid).cls, st):
            raise IllegalAction(f"at most {eng.max_marines} marine detachments she has fit")
        if not _needs(st, what):
            raise IllegalAction(f"{sid} has no {what} damage to repair")
        roll = dice.roll(1, f"repair: {sid} {what}")[0]
        ok = roll + n * eng.per_marine >= eng.repair_need
        events.append(Repair(sid, what, roll, n, ok))
        st = replace(st, done=True, marines_busy=st.marines_busy + n)
        return state.with_ship(_repaired(st, what) if ok else st)

    def act_prize(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """``prize CAPTOR PRIZE [L S C M ...]``: a marine detachment sails a struck enemy
        alongside; each further word sends the crew of one of the captor's batteries of
        that type (marked off, from the side with more of them left) or a marine
        detachment (M) to man one of the prize's batteries.  She regains her last morale
        box and takes her captor's morale factor (HF-64)."""
        sid, prize, crews = act.args[0], act.args[1], [w.upper() for w in act.args[2:]]
        st = self._own(state, sid, "repair")
        pst = ship(state, prize)
        if state.side_of(prize) == state.side_of(sid) or not pst.struck or pst.sinking >= 0:
            raise IllegalAction(f"{prize} is not an enemy that has struck")
        if not state.is_grappled(sid, prize):
            raise IllegalAction(f"{sid} must lie alongside {prize} to put a prize crew aboard")
        cls = state.scenario.ship(sid).cls
        if marines(cls, st) < 1 + crews.count("M"):
            raise IllegalAction(f"{sid} has not the marine detachments for that prize crew")
        st = replace(st, marines_lost=st.marines_lost + 1 + crews.count("M"))
        for w in (w for w in crews if w != "M"):
            st = _send_crew(cls, st, w)
        state = state.with_ship(st)
        from_cls = state.scenario.ship(prize).cls
        pst = replace(
            pst,
            struck=False,
            captured_by=state.side_of(sid),
            prize_of=sid,
            morale_lost=int(from_cls.fields.get("morale", 2)) - 1,
            marines_lost=int(from_cls.fields.get("marines", 0)),
            manned=len(crews),
        )
        events.append(Prize(prize, sid, len(crews)))
        return state.with_ship(pst)

    def _new_turn(self, state: GameState, dice: Dice, events: Events) -> GameState:
        for sid in sorted(s.id for s in state.ships):  # a fire burns each turn (HF-43)
            st = ship(state, sid)
            if st.on_fire and not (st.sunk or st.sinking >= 0):
                for res in damage.chart(self.rs, dice, f"fire burns: {sid}", events=events):
                    state = damage.result(self.rs, state, sid, res, "port", dice, events)
        fresh = tuple(end_of_turn(ship(state, s.id)) for s in state.ships)
        state = replace(state, ships=fresh, turn=state.turn + 1, phase=0, active=0)
        events.append(TurnSequence(state.turn, "movement orders"))
        return wind_shift(self.rs, state, dice, events)

    #: Each order's handler, one for every verb of the ruleset (a test holds the two
    #: alike).
    HANDLERS: ClassVar[Mapping[str, Handler]] = {
        "orders": act_orders,
        "fire": act_fire,
        "marines": act_marines,
        "board": act_board,
        "place": act_place,
        "repair": act_repair,
        "prize": act_prize,
        "end": act_end,
    }


def _enemy(state: GameState, sid: str, target: str) -> None:
    t = ship(state, target)
    if state.side_of(target) == state.side_of(sid):
        raise IllegalAction(f"{target} is a ship of your own side")
    if t.struck or t.sunk or t.fled:
        raise IllegalAction(f"{target} is out of the fight")


def _send_crew(cls: ShipClass, st: HoldFastShip, word: str) -> HoldFastShip:
    """The crew of one battery of this type goes across: the battery is marked off."""
    gun = {"L": "long", "S": "short", "C": "carronade"}.get(word)
    if gun is None:
        raise IllegalAction(f"'{word}': a prize crew is L, S or C (a battery's crew) or M")
    left = {side: batteries_on(cls, st, side).get(gun, 0) for side in BROADSIDES}
    side = "starboard" if left["starboard"] > left["port"] else "port"
    if not left[side]:
        raise IllegalAction(f"no {gun} battery's crew left to send")
    lost = {(s, g): n for s, g, n in st.batteries_lost}
    lost[(side, gun)] = lost.get((side, gun), 0) + 1
    return replace(st, batteries_lost=tuple(sorted((s, g, n) for (s, g), n in lost.items())))


def _needs(st: HoldFastShip, what: str) -> bool:
    return {
        "mast": st.masts_lost > 0,
        "wheel": st.wheel,
        "rudder": st.rudder,
        "fire": st.on_fire,
        "battery": bool(st.batteries_lost),
        "hull": st.hull_lost > 0,
    }.get(what, False)


def _repaired(st: HoldFastShip, what: str) -> HoldFastShip:
    """One point of mast or hull, the wheel, the rudder, the fire, or the battery lost
    last (HF-65; hull as the source's hull paragraph allows, a ruling)."""
    if what == "mast":
        return replace(st, masts_lost=st.masts_lost - 1)
    if what == "hull":
        return replace(st, hull_lost=st.hull_lost - 1)
    if what == "battery":
        rows = list(st.batteries_lost)
        side, gun, n = rows[-1]
        rows[-1] = (side, gun, n - 1)
        return replace(st, batteries_lost=tuple(r for r in rows if r[2] > 0))
    if what == "wheel":
        return replace(st, wheel=False)
    if what == "rudder":
        return replace(st, rudder=False)
    return replace(st, on_fire=False)


def sinking(state: GameState, events: Events) -> GameState:
    """Sinking ships count down the phases until they are gone (HF-68)."""
    for s in state.ships:
        st = ship(state, s.id)
        if st.sinking > 0:
            left = st.sinking - 1
            st = replace(st, sinking=left, sunk=left == 0)
            if left == 0:
                events.append(Sunk(s.id))
                state = replace(state, grappled=tuple(p for p in state.grappled if s.id not in p))
            state = state.with_ship(st)
    return state


def wind_shift(rs: Sailing, state: GameState, dice: Dice, events: Events) -> GameState:
    """The optional wind shift (HF-24): a 6 shifts the wind one point, a second d6 of
    1-3 clockwise, 4-6 anticlockwise."""
    if not state.scenario.options.get("wind_shift"):
        return state
    if dice.roll(1, "wind shift")[0] != rs.engine.shift_on:
        return state
    way = dice.roll(1, "wind shift: which way")[0]
    step = rs.pivot if way in rs.engine.clockwise else -rs.pivot
    now = float(normalise(phases.wind(state) + step))
    events.append(WindShift(now, clockwise=step > 0))
    return replace(state, wind_from=now)


def describe(state: GameState) -> str:
    """Where the turn stands, for messages and the status line."""
    return STEPS[state.phase].says(state.active_side)


def guns(state: GameState, sid: str) -> int:
    """The guns she carries: ``gun_count``, or about six a battery (HF-27, ruling)."""
    cls = state.scenario.ship(sid).cls
    if "gun_count" in cls.fields:
        return int(cls.fields["gun_count"])
    return 6 * 2 * sum(int(n) for n in (cls.fields.get("batteries") or {}).values())


def edge_of(state: GameState, sid: str) -> str:
    """The table edge a ship that left the table crossed (her centre beyond it)."""
    p, scn = state.ship(sid).pose, state.scenario
    beyond = {"west": -p.x, "east": p.x - scn.width, "south": -p.y, "north": p.y - scn.depth}
    return max(beyond, key=lambda k: beyond[k])


def points(state: GameState) -> dict[str, int]:
    """Victory points by guns (HF-67): each side scores the guns of the enemy ships it
    has defeated (struck, sunk or beached, or, outside an escape, fled: out of the fight,
    as the duel's minor victory holds); in an escape, the escaping side scores the guns of
    its ships that left the table (by ``escape_edge``, when the scenario names one), and
    the blockers only the ships they struck or sank."""
    out = {side: 0 for side in state.sides}
    escaping = state.scenario.options.get("escaping")
    for s in state.ships:
        st = ship(state, s.id)
        own = state.scenario.ship(s.id).side
        if st.fled and own == escaping:
            edge = state.scenario.options.get("escape_edge")
            if edge is None or edge == edge_of(state, s.id):
                out[own] += guns(state, s.id)
        elif st.struck or st.sunk or st.sinking >= 0 or st.beached or (st.fled and not escaping):
            for side in out:
                if side != own:
                    out[side] += guns(state, s.id)
    return out


def victory(state: GameState, events: Events) -> GameState:
    """Duel and multi-ship: the side with ships still fighting when no other has any
    wins (a minor victory when the enemy fled), none left a draw.  Escape (``victory =
    "escape"``): once no escaping ship is left on the table, the most points win.

    Ruling (HF-67 scores a multi-ship action by the guns of defeated ships, counted when
    the scenario ends, and names no end): with the scenario's ``last_turn``, when that
    turn is over with both sides still fighting, the most points win, equal a draw.
    Without one, two squadrons that have struck nothing by turn 30 are simply drawn,
    however the fight has gone, and computer games often end so."""
    if state.winner is not None:
        return state
    left = {state.side_of(s.id) for s in state.ships if not ship(state, s.id).out}
    escaping = state.scenario.options.get("escaping")
    last = state.scenario.options.get("last_turn")
    if state.scenario.options.get("victory") == "escape" and escaping:
        if escaping in left and (last is None or state.turn <= last):
            return state
        return _on_points(state, events, None if escaping not in left else last)
    if len(left) > 1:
        return state if last is None or state.turn <= last else _on_points(state, events, last)
    winner = next(iter(left)) if left else "draw"
    events.append(PointsWinner(winner, points(state)))
    return replace(state, winner=winner)


def _on_points(state: GameState, events: Events, last: int | None) -> GameState:
    """The battle over (``last``: because that turn is): the side with the most points
    has won; equal, drawn."""
    pts = points(state)
    best = max(pts.values())
    top = [side for side, n in pts.items() if n == best]
    winner = top[0] if len(top) == 1 else "draw"
    why = None if last is None else f"turn {last} is over"
    events.append(PointsWinner(winner, pts, why))
    return replace(state, winner=winner)
