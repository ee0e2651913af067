"""Man O' War advanced sailing rules (source 003): the procedures of play.

The game turn opens with initiative: the two counted commanders each roll a d6; the
higher plays first, and a tie shifts the wind by the change table.  In her player turn
each ship sails (possibly in several moves); turning head to wind, or starting in irons,
brings the tacking roll (5: back to close-hauled on the same side, a feint; 6: through
the eye of the wind; either costs 2 inches; with less than 2 inches left she is in irons
at once).  At the end of her side's turn a ship that sailed less than half her allowance
drifts the lower of 2d6 inches downwind, unless anchored.  Anchors are dropped or weighed
at the end of a move; an anchored ship only swings up to 90° on the spot.

The source has no gunnery: this engine plays the sailing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from tabletop.common.errors import IllegalAction
from tabletop.common.units import MOVE_TOL
from tabletop.engine.actions import Action
from tabletop.engine.core import Handler, dispatch
from tabletop.engine.dice import Dice
from tabletop.engine.events import Anchored, Events, TurnBegins, Weighed
from tabletop.engine.state import Answer, GameState, Pending, end_of_turn, last_side, own
from tabletop.geometry.angles import normalise, relative_wind, wind_side, wrap
from tabletop.geometry.motion import Segment, end_pose, first_contact
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Ship
from tabletop.referee import reckon
from tabletop.referee.movement import obstacles, parse_path
from tabletop.rules.base import MoveContext
from tabletop.rules.manowar.events import (
    Collision,
    Drift,
    InitialWind,
    Initiative,
    Irons,
    IronsRolled,
    Moved,
    OutOfIrons,
    TackChosen,
    TackRolled,
    Through,
    WindChange,
)
from tabletop.rules.manowar.ship import ManOWarShip

if TYPE_CHECKING:
    from tabletop.rules.manowar import ManOWar


def tack_side(wind_from: float, heading: float) -> str:
    """Which side the wind is over: 'starboard' or 'port' (dead ahead counts as neither)."""
    return "starboard" if wrap(wind_from - heading) > 0 else "port"


def rolled_wind(start: float, skip: tuple[float, ...], roll: int, point: float = 45.0) -> float:
    """Turn the indicator ``roll`` points clockwise from ``start``, skipping any direction
    in ``skip`` (directly ahead of a fleet with sailing ships)."""
    d = start
    moved = 0
    for _ in range(64):
        if moved == roll:
            break
        d = normalise(d + point)
        if not any(abs(wrap(d - s)) < 1e-6 for s in skip):
            moved += 1
    return d


def _ship(state: GameState, ship: str) -> ManOWarShip:
    st = state.ship(ship)
    assert isinstance(st, ManOWarShip)
    return st


class ManOWarGame:
    """The procedures of play: each ``act_<verb>`` maps a state and an action to the
    next state, writing what happened into ``events``."""

    def __init__(self, rs: ManOWar) -> None:
        self.rs = rs

    # -- helpers --------------------------------------------------------------------------
    def wind(self, state: GameState) -> float:
        return state.wind_from if state.wind_from is not None else state.scenario.wind.from_deg

    def _own(self, state: GameState, ship: str) -> ManOWarShip:
        own(state, ship)
        if self.rs.gone(state, ship) is not None:  # she was ordered on from off the table
            raise IllegalAction(str(self.rs.unready(state, ship, "move")))
        return _ship(state, ship)

    def _seamanship(self, state: GameState, ship: str) -> bool:
        """The optional seamanship rules, for the races they are written for."""
        return bool(state.scenario.options.get("seamanship")) and bool(
            state.scenario.ship(ship).cls.fields.get("full_speed_astern")
        )

    def allowance(self, state: GameState, ship: str, heading: float) -> float:
        cls = state.scenario.ship(ship).cls
        theta = float(relative_wind(self.wind(state), heading))
        return self.rs.allowance(cls, reckon.sector(self.rs, theta))[1]

    def apply(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        return self._winner(dispatch(self.HANDLERS, self, state, act, dice, events), events)

    def _winner(self, state: GameState, events: Events) -> GameState:
        """Ruling: with no gunnery, a battle is won only by the enemy leaving it: when one
        side alone has ships still fighting (the others sailed or drifted off the table),
        it has won (both sides gone at once: a draw).  A drill's lone side never wins."""
        return last_side(state, self.rs.fighting, events, draw=True)

    def open(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """The initial wind, when the scenario says to roll for it; then turn 1's initiative."""
        w = state.scenario.wind
        if w.roll:
            roll = dice.roll(1, "initial wind")[0]
            new = rolled_wind(w.from_deg, w.skip, roll, self.rs.point)
            events.append(InitialWind(new, roll))
            state = replace(state, wind_from=new)
        return self._initiative(state, dice, events)

    # -- sailing ---------------------------------------------------------------------------
    def act_move(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        ship = act.ship
        st = self._own(state, ship)
        if st.done and not (not st.anchored and act.args[1:] == ("A",)):
            raise IllegalAction(f"{ship}'s movement has ended this turn")
        theta = float(relative_wind(self.wind(state), st.pose.heading))
        steps = parse_path(" ".join(act.args[1:]))
        if [s.kind for s in steps] == ["A"] and not st.anchored:
            return self._drop_anchor(state, st, events)
        irons = st.in_irons or (st.budget is None and reckon.sector(self.rs, theta).ends_move)
        if irons and not st.anchored:
            raise IllegalAction(
                f"{ship} is in irons, head to wind with no steerage: "
                f"'recover {ship} port|starboard' to roll, or 'move {ship} A' to anchor"
            )
        budget = (
            st.budget if st.budget is not None else self.allowance(state, ship, st.pose.heading)
        )
        table = state.table()
        model = Ship(ship, table.ship(ship).cls, state.side_of(ship), st.pose)
        # the turn into the wind ends this move: lay only up to it, roll, go on after
        ctx = MoveContext(
            partial=True,
            budget=budget,
            turns_used=st.turns_used,
            since=st.since_turn,
            anchored=st.anchored,
            turned=st.swung,
        )
        plan = self.rs.plan_move(table, model, steps, ctx)
        if plan.violations:
            raise IllegalAction("; ".join(plan.violations))
        segs = list(plan.segments)
        geoms, names = obstacles(table, ship)
        contact = first_contact(st.pose, segs, table.ship(ship).hull_local(), geoms)
        pose = contact.pose if contact else end_pose(st.pose, segs)
        used = contact.at if contact else sum(s.distance for s in segs)
        nst = replace(
            st,
            pose=pose,
            turn_start=st.turn_start or st.pose,
            path=(*st.path, *(str(s) for s in steps)),
            moved=st.moved + used,
            budget=budget - used,
            turns_used=plan.turns,
            since_turn=plan.since,
            done=contact is not None,
            swung=st.swung + sum(abs(g.turn) for g in segs) if st.anchored else 0.0,
        )
        if st.budget is None:
            nst = replace(nst, allowance=budget)  # her allowance this turn, for drift
        path = " ".join(str(s) for s in steps)
        to, unit = [pose.x, pose.y, pose.heading], state.scenario.units
        events.append(Moved(ship, path, to, used, list(plan.notes), unit))
        if contact is not None:
            events.append(Collision(ship, names[contact.obstacle], contact.at, unit))
        if plan.anchor == "drop":
            nst = replace(nst, anchored=True, done=True)
            events.append(Anchored(ship))
        elif plan.anchor == "weigh":
            nst = replace(nst, anchored=False, done=True)
            events.append(Weighed(ship))
        theta = float(relative_wind(self.wind(state), pose.heading))
        if nst.in_irons and not reckon.sector(self.rs, theta).ends_move:
            # swung at anchor off the wind: irons end when the wind leaves her bow
            events.append(OutOfIrons(ship, "her bow is off the wind"))
            nst = replace(nst, in_irons=False, irons_side=None)
        state = state.with_ship(nst)
        if reckon.sector(self.rs, theta).ends_move and contact is None and not st.anchored:
            came_from = tack_side(self.wind(state), st.pose.heading)
            return self._tacking_roll(state, ship, came_from, dice, events, recovering=False)
        return state

    def _tacking_roll(
        self,
        state: GameState,
        ship: str,
        came_from: str,
        dice: Dice,
        events: Events,
        recovering: bool,
        nominated: str | None = None,
    ) -> GameState:
        st = _ship(state, ship)
        tk = self.rs.tacking
        cost_u = tk.cost * reckon.scale(self.rs, state.scenario.units)
        wind = self.wind(state)
        left = st.budget if st.budget is not None else 0.0
        if not recovering and left < cost_u - MOVE_TOL:
            events.append(Irons(ship, f"turned into the wind with {left:.4g} left"))
            return self._irons(state, ship, came_from)
        if not recovering and st.rolled_tack:
            # the roll is for the first time she turns into the wind in her turn
            events.append(Irons(ship, "her tacking roll this turn is spent"))
            return self._irons(state, ship, came_from)
        roll = dice.roll(1, f"tacking: {ship}")[0]
        bonus = tk.seamanship_bonus if self._seamanship(state, ship) else 0
        total = roll + bonus
        if total >= tk.through and nominated is None:
            # through the eye of the wind, onto the tack she chooses: she says which
            return self._choose_tack(state, ship, total, left - cost_u, events)
        if total >= tk.through:
            side = nominated or came_from
            result = self._six(state, st, came_from if not recovering else None, side)
        elif total >= tk.feint:
            side, result = self._nearest_line(state, ship, came_from), "a feint: close-hauled"
        else:
            events.append(IronsRolled(ship, total))
            return self._irons(state, ship, came_from)
        theta = float(self.rs.caps.close_hauled or 0.0)
        heading = normalise(wind - theta if side == "starboard" else wind + theta)
        if recovering:
            # she sails at close reach, less the 2 inches the recovery cost
            cls = state.scenario.ship(ship).cls
            budget = self.rs.allowance(cls, reckon.sector(self.rs, theta))[1] - cost_u
        else:
            budget = left - cost_u
        events.append(TackRolled(ship, total, result, side, heading, budget))
        # the 2" the tack costs are movement used: they count against drifting
        allowance = st.allowance if not recovering else budget + cost_u
        return state.with_ship(
            replace(
                st,
                pose=st.pose.turned(wrap(heading - st.pose.heading)),
                in_irons=False,
                budget=max(0.0, budget),
                turn_start=st.turn_start or st.pose,
                moved=st.moved + cost_u,
                allowance=allowance,
                rolled_tack=True,
                since_turn=0.0,  # the tack is a turn: the class's gap before the next
                irons_side=None,
            )
        )

    def _six(self, state: GameState, st: ManOWarShip, was: str | None, side: str) -> str:
        """What a 6 did, by the tack she chose: through the eye from the side she came
        from (``was``; recovering, the side she went into irons from, else the side the
        wind is over now), or that side kept (the log called both 'through the eye')."""
        if was is None and st.irons_side is None:
            off = wrap(self.wind(state) - st.pose.heading)
            if abs(off) < 1e-9:  # dead in the eye from the start: no side to cross from
                return f"onto the {side} tack"
        was = was or st.irons_side or tack_side(self.wind(state), st.pose.heading)
        return "through the eye of the wind" if side != was else "her own tack kept"

    def _nearest_line(self, state: GameState, ship: str, came_from: str) -> str:
        """The close-hauled line nearest where her bow points now: the side the wind is
        over (once her bow has crossed the eye, the far side); dead in the eye, the side
        she came from, since her bow has not crossed."""
        side = wind_side(self.wind(state), _ship(state, ship).pose.heading)
        return side if side in ("port", "starboard") else came_from

    def _choose_tack(
        self, state: GameState, ship: str, roll: int, left: float, events: Events
    ) -> GameState:
        """A 6 in a move: she goes through onto the tack her captain chooses, so the
        game waits for ``tack SHIP port|starboard``; the 2" are spent already."""
        st = _ship(state, ship)
        events.append(Through(ship, roll))
        nst = replace(
            st,
            budget=max(0.0, left),
            moved=st.moved + self.rs.tacking.cost * reckon.scale(self.rs, state.scenario.units),
            turn_start=st.turn_start or st.pose,
            rolled_tack=True,
            since_turn=0.0,  # the tack is a turn: the class's gap before the next
            irons_side=None,
        )
        return replace(state.with_ship(nst), pending=(_which_tack(ship, state.side_of(ship)),))

    def act_tack(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """Her captain names the tack a 6 carried her onto: close-hauled on that side."""
        ship, side = act.args
        st = _ship(state, ship)
        wind = self.wind(state)
        theta = float(self.rs.caps.close_hauled or 0.0)
        heading = normalise(wind - theta if side == "starboard" else wind + theta)
        events.append(TackChosen(ship, side, heading, st.budget))
        nst = replace(st, pose=st.pose.turned(wrap(heading - st.pose.heading)), in_irons=False)
        return replace(state.with_ship(nst), pending=())

    def _drop_anchor(self, state: GameState, st: ManOWarShip, events: Events) -> GameState:
        """She lets go her anchor at the end of her movement: after a move that ended in
        irons or against another ship too, or lying head to wind (the cure for drift)."""
        events.append(Anchored(st.id))
        return state.with_ship(
            replace(st, anchored=True, done=True, turn_start=st.turn_start or st.pose)
        )

    def _irons(self, state: GameState, ship: str, came_from: str) -> GameState:
        """In irons where she lies (nothing swings her further into the wind), her move
        over; she remembers her tack."""
        st = _ship(state, ship)
        return state.with_ship(replace(st, in_irons=True, done=True, irons_side=came_from))

    def act_recover(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """A ship that begins her turn in irons may roll to recover (6: onto the nominated
        tack; 5: the close-hauled line nearest her bow).  Dead in the eye, a 5 takes the
        side she went into irons from; if she never came from a side (she lay there at
        the start, or a wind change put her there), the side she names."""
        ship, side = act.args
        st = self._own(state, ship)
        theta = float(relative_wind(self.wind(state), st.pose.heading))
        if not (st.in_irons or reckon.sector(self.rs, theta).ends_move):
            raise IllegalAction(f"{ship} is not in irons")
        if st.rolled_tack or st.path:
            raise IllegalAction(f"{ship} has had her roll this turn")
        if st.anchored:
            raise IllegalAction(f"{ship} is at anchor: she swings to the wind, she needs no roll")
        return self._tacking_roll(
            state.with_ship(replace(st, rolled_tack=True)),
            ship,
            st.irons_side or side,
            dice,
            events,
            recovering=True,
            nominated=side,
        )

    # -- the turn ----------------------------------------------------------------------------
    def _drift(self, state: GameState, ship: str, dice: Dice, events: Events) -> GameState:
        st = _ship(state, ship)
        a, b = dice.roll(2, f"drift: {ship}")
        if self._seamanship(state, ship) and state.scenario.options.get("drift_reroll", True):
            if a == 1:
                a = dice.roll(1, f"drift re-roll: {ship}")[0]
            if b == 1:
                b = dice.roll(1, f"drift re-roll: {ship}")[0]
        inches = min(a, b)
        d = inches * reckon.scale(self.rs, state.scenario.units)
        downwind = normalise(self.wind(state) + 180.0)
        # move the hull along the wind, not along her heading: look at her from the
        # downwind direction, so the drift is a plain run ahead
        hull = state.scenario.ship(ship).hull_local()
        turn = math.radians(st.pose.heading - downwind)
        c, s = math.cos(turn), math.sin(turn)
        f, sd = hull[:, 0], hull[:, 1]
        rotated = np.stack([f * c - sd * s, f * s + sd * c], -1)
        geoms, names = obstacles(state.table(), ship)
        virt = Pose(st.pose.x, st.pose.y, downwind)
        contact = first_contact(virt, [Segment(length=d)], rotated, geoms)
        moved = contact.at if contact else d
        r = math.radians(downwind)
        pose = Pose(
            st.pose.x + moved * math.sin(r), st.pose.y + moved * math.cos(r), st.pose.heading
        )
        into = names[contact.obstacle] if contact is not None else None
        events.append(Drift(ship, inches, moved, pose.x, pose.y, into, state.scenario.units))
        return state.with_ship(replace(st, pose=pose))

    def act_end(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        side = state.active_side
        for s in state.ships:
            if state.side_of(s.id) != side:
                continue
            st = _ship(state, s.id)
            allowance = (
                st.allowance
                if st.allowance is not None
                else self.allowance(state, s.id, st.pose.heading)
            )
            # drift when she used less than half her allowance — head to wind with none
            # at all, or in irons from the start, included — unless she is at anchor.  A
            # ship that sailed half or more before going into irons does not drift: the
            # source counts in irons those "that cannot move" (she drifted, with 2 of 3 in)
            gone = self.rs.gone(state, s.id) is not None  # off the table: no more drift
            if not gone and not st.anchored and (
                allowance <= 0 or st.moved < allowance / 2 - MOVE_TOL
            ):
                state = self._drift(state, s.id, dice, events)
            state = state.with_ship(end_of_turn(state.ship(s.id)))
        nxt = state.active + 1
        if nxt < len(state.sides):
            state = replace(state, active=nxt)
            events.append(TurnBegins(state.turn, state.active_side))
            return state
        state = replace(state, turn=state.turn + 1, active=0)
        return self._initiative(state, dice, events)

    @staticmethod
    def counted_sides(state: GameState) -> list[str]:
        """The two commanders whose initiative rolls move the wind: the scenario's
        ``initiative_sides``, else the first two sides as the scenario lists them."""
        chosen = state.scenario.options.get("initiative_sides")
        if chosen:
            return [str(side) for side in chosen]
        listed = dict.fromkeys(s.side for s in state.scenario.ships)
        return list(listed)[:2]

    def _wind_off_the_bow(self, state: GameState, events: Events) -> GameState:
        """Irons end when the wind leaves her bow: after a change, a ship in irons whose
        bow is no longer head to wind sails by her new point of sail, without a roll."""
        for st in state.ships:
            if not (isinstance(st, ManOWarShip) and st.in_irons):
                continue
            theta = float(relative_wind(self.wind(state), st.pose.heading))
            if not reckon.sector(self.rs, theta).ends_move:
                events.append(OutOfIrons(st.id, "the wind has left her bow"))
                state = state.with_ship(replace(st, in_irons=False, irons_side=None))
        return state

    def _initiative(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """Every commander rolls, the highest plays first (ties keep the last order); a
        tie between the two counted commanders shifts the wind."""
        rolls = {side: dice.roll(1, f"initiative: {side}")[0] for side in state.sides}
        counted = self.counted_sides(state)
        values = [rolls[side] for side in counted]
        if len(values) == 2 and values[0] == values[1]:
            points = self.rs.wind_change.get(values[0], 0)
            new = normalise(self.wind(state) + points * self.rs.point)
            events.append(WindChange(values[0], points, new))
            state = self._wind_off_the_bow(replace(state, wind_from=new), events)
        order = sorted(state.sides, key=lambda s: -rolls[s])  # stable: ties keep order
        events.append(Initiative(rolls, order, state.turn))
        return replace(state, sides=tuple(order), active=0)

    #: Each order's handler, one for every verb of the ruleset (a test holds the two
    #: alike).
    HANDLERS: ClassVar[Mapping[str, Handler]] = {
        "move": act_move,
        "tack": act_tack,
        "recover": act_recover,
        "end": act_end,
    }


def _which_tack(ship: str, side: str) -> Pending:
    return Pending(
        "which_tack",
        ship,
        side,
        answers=(
            Answer(f"tack {ship} port", "P", "close-hauled, the wind over her port side"),
            Answer(f"tack {ship} starboard", "S", "close-hauled, the wind over her starboard side"),
        ),
    )
