"""Modified Trafalgar rules (source 001): the procedures of play.

Movement (inertia, full allowance, luffing, turns, tacking over two turns, irons), the
ram, and the turn sequence; fire and damage are in ``gunnery``, the rammed ship's answer
and boarding in ``boarding``.  ``TrafalgarGame.HANDLERS`` maps each order to its handler.
Every number comes from the ruleset's template and the roster; what the source leaves
open is decided in the template's comments.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from tabletop.common.errors import IllegalAction
from tabletop.common.units import MOVE_TOL, TOL
from tabletop.engine.actions import Action
from tabletop.engine.core import Handler, dispatch
from tabletop.engine.dice import Dice
from tabletop.engine.events import TurnBegins
from tabletop.engine.state import Answer, GameState, Pending, end_of_turn
from tabletop.geometry.angles import normalise, relative_wind, wrap
from tabletop.geometry.motion import Contact, Segment, end_pose, first_contact
from tabletop.referee import reckon
from tabletop.referee.movement import Step, obstacles, parse_path
from tabletop.rules.trafalgar import boarding
from tabletop.rules.trafalgar.events import (
    Collision,
    Failed,
    Leak,
    Left,
    LeftTheBattle,
    Moved,
    NoCollision,
    Recovered,
    Repaired,
    Tacked,
    Tacking,
)
from tabletop.rules.trafalgar.gunnery import Gunnery
from tabletop.rules.trafalgar.procedures import Events, _ship, close_hauled, command_check
from tabletop.rules.trafalgar.ship import TrafalgarShip, in_irons


class TrafalgarGame(Gunnery):
    """The procedures of play: each ``act_<verb>`` maps a state and an action to the
    next state, writing what happened into ``events``."""

    # dispatch --------------------------------------------------------------------------
    def apply(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        return self._winner(dispatch(self.HANDLERS, self, state, act, dice, events), events)

    def act_move(
        self, state: GameState, act: Action, dice: Dice, events: Events, target: str | None = None
    ) -> GameState:
        ship = act.ship
        st = self._own(state, ship)
        path_words = act.args[2:] if target else act.args[1:]
        new_steps = parse_path(" ".join(path_words))
        self.may_sail(state, st, new_steps)
        prev = parse_path(" ".join(st.path)) if st.path else ()
        steps = (*prev, *new_steps)
        plan = self._plan(state, ship, steps, partial=True, sailed=len(prev), ram=target)
        if plan.violations:
            raise IllegalAction("; ".join(plan.violations))
        limit = self._speed_window(state, ship, plan.allowance)
        used = sum(s.distance for s in plan.segments)
        if limit is not None and used > limit[1] + MOVE_TOL:
            raise IllegalAction(f"speed change: she may move at most {limit[1]:.4g} this turn")
        if self._bears_away(state, st, plan.segments, steps):
            if not command_check(
                self.rs, dice, self._cls(state, ship), ship, "to bear away out of luffing", events
            ):
                return self._failed(state, ship, events)
            st = replace(st, bore_away=True)
        before = len(self._plan(state, ship, prev, True, len(prev)).segments) if prev else 0
        new_segs = list(plan.segments[before:])
        geoms, names = obstacles(state.table(), ship)
        hull = state.scenario.ship(ship).hull_local()
        contact = first_contact(st.pose, new_segs, hull, geoms)
        sailed_before = st.moved
        if contact is None:
            pose = end_pose(st.pose, new_segs)
            moved = sailed_before + sum(s.distance for s in new_segs)
        else:
            pose = contact.pose
            moved = sailed_before + contact.at
        nst = replace(
            st,
            pose=pose,
            turn_start=st.turn_start or st.pose,
            path=tuple(str(s) for s in steps),
            moved=moved,
        )
        path = " ".join(str(s) for s in new_steps)
        to = [pose.x, pose.y, pose.heading]
        events.append(Moved(ship, path, to, moved - sailed_before, state.scenario.units))
        if self._off_table(state, pose):
            nst = replace(nst, left=True, done=True)
            # the log reads "left the battle amazon (her centre is off the table)", not
            # "left table amazon"
            events.append(LeftTheBattle(ship, "her centre is off the table"))
        state = state.with_ship(nst)
        if contact is not None:
            return self._collided(
                state, nst, names[contact.obstacle], contact, target, dice, events
            )
        if any(s.kind == "T" for s in new_steps):
            return self._begin_tack(state, ship, dice, events)
        return state

    def _bears_away(
        self, state: GameState, st: TrafalgarShip, segs: tuple[Segment, ...], steps: Any
    ) -> bool:
        """Whether this turn's path takes her bow out of the luffing sector once it has
        been in it (she began the turn luffing, or luffed on the way), for the first time
        this turn: coming out of luffing needs the command check unless tacking (source
        001, 'moving out of irons/luffing'); luffing is never a free brake."""
        if st.bore_away or st.tacking or any(s.kind == "T" for s in steps):
            return False
        wind, edge = state.scenario.wind.from_deg, self.rs.sectors[1].lower
        pose = st.turn_start or st.pose
        luffed = float(relative_wind(wind, pose.heading)) < edge
        for seg in segs:
            pose = end_pose(pose, [seg])
            inside = float(relative_wind(wind, pose.heading)) < edge - 1e-9
            if luffed and not inside:
                return True
            luffed = luffed or inside
        return False

    def may_sail(self, state: GameState, st: TrafalgarShip, new_steps: tuple[Step, ...]) -> None:
        """Why she may not sail these steps now (irons, done, tacking, grappled...)."""
        ship = st.id
        theta = float(relative_wind(state.scenario.wind.from_deg, st.pose.heading))
        if in_irons(st, theta):
            raise IllegalAction(f"{ship} is in irons: 'recover {ship} port|starboard' first")
        if st.done:
            raise IllegalAction(f"{ship}'s movement has ended this turn")
        if st.tacking:
            raise IllegalAction(f"{ship} is half-way through a tack: 'tack {ship} port|starboard'")
        if state.is_grappled(ship):
            raise IllegalAction(f"{ship} is grappled: 'cut {ship}' to break free first")
        if st.luffing and any(s.kind in "FPS" for s in new_steps):
            raise IllegalAction(f"{ship} was left luffing: she may only luff (L) or recover")
        if any(s.kind == "T" for s in new_steps):
            if st.last_tack >= state.turn - 1:
                raise IllegalAction(f"{ship} tacked last turn: no tacking on successive turns")
            calm = self.rs.move.no_tacking_in
            if state.scenario.wind.strength in calm:
                raise IllegalAction(
                    f"no square-rigger can tack in a {state.scenario.wind.strength} wind"
                )

    def _collided(
        self,
        state: GameState,
        nst: TrafalgarShip,
        other: str,
        contact: Contact,
        target: str | None,
        dice: Dice,
        events: Events,
    ) -> GameState:
        """She met another base or land: her move ends there; a ram that meets its
        target takes the command check, and the target then stands or avoids."""
        ship = nst.id
        events.append(Collision(ship, other, contact.at, contact.point, state.scenario.units))
        state = state.with_ship(replace(nst, done=True))
        if target is not None and other == target:
            cls = self._cls(state, ship)
            if command_check(self.rs, dice, cls, ship, f"to collide with {target}", events):
                state = replace(
                    state,
                    pending=(_avoid_or_stand(target, state.side_of(target), ship),),
                )
            else:
                events.append(
                    NoCollision(ship, target, "failed her command check: she comes up alongside")
                )
        return state

    def act_ram(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        target = act.args[1]
        if state.side_of(target) == state.side_of(act.ship):
            raise IllegalAction(f"{target} is a ship of your own side")
        state.ship(target)
        return self.act_move(state, act, dice, events, target=target)

    def _speed_window(
        self, state: GameState, ship: str, allowance: float
    ) -> tuple[float, float] | None:
        """The optional ±3 cm speed change: the distance allowed this turn, if in force."""
        if not state.scenario.options.get("speed_change"):
            return None
        st = _ship(state, ship)
        if st.last_distance is None:
            return 0.0, allowance
        step = self.rs.speed_change * reckon.scale(self.rs, state.scenario.units)
        return max(0.0, st.last_distance - step), min(allowance, st.last_distance + step)

    def _begin_tack(self, state: GameState, ship: str, dice: Dice, events: Events) -> GameState:
        st = _ship(state, ship)
        cls = self._cls(state, ship)
        if st.fired_on or st.masts_damaged or st.rigging_lost > 0:
            why = (
                "to tack (under fire)"
                if st.fired_on
                else "to tack (masts damaged)"
                if st.masts_damaged
                else "to tack (rigging damaged)"
            )
            if not command_check(self.rs, dice, cls, ship, why, events):
                return self._failed(state, ship, events)
        events.append(Tacking(ship, st.pose.heading))
        return state.with_ship(replace(st, tacking=True, done=True))

    def _failed(self, state: GameState, ship: str, events: Events) -> GameState:
        st = _ship(state, ship)
        side = state.side_of(ship)  # alone on the table (the drill), her own side decides:
        opponent = next((s for s in state.sides if s != side), side)  # none was found
        events.append(Failed(ship, opponent))
        state = state.with_ship(replace(st, done=True, tacking=False))
        return replace(state, pending=(_irons_or_luffing(ship, opponent),))

    def act_tack(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        ship, side = act.args
        st = self._own(state, ship)
        if not st.tacking:
            raise IllegalAction(f"{ship} is not tacking: begin a tack with 'move {ship} F2 T'")
        if st.rudder:
            raise IllegalAction(
                f"{ship}'s rudder is shot away: she completes the tack once repaired"
            )
        if st.done:
            raise IllegalAction(
                f"{ship} turned into the wind this turn: she completes the tack next turn"
            )
        heading = close_hauled(self.rs, state.scenario.wind.from_deg, side)
        state = self._place(state, ship, heading)
        st = _ship(state, ship)
        events.append(Tacked(ship, side, heading))
        return state.with_ship(replace(st, tacking=False, done=True, last_tack=state.turn))

    def act_recover(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        ship, side = act.args
        st = self._own(state, ship)
        theta = float(relative_wind(state.scenario.wind.from_deg, st.pose.heading))
        if st.tacking:
            raise IllegalAction(f"{ship} is half-way through a tack: 'tack {ship} port|starboard'")
        if not (st.in_irons or st.luffing or reckon.sector(self.rs, theta).name == "luffing"):
            raise IllegalAction(f"{ship} is neither in irons nor luffing")
        if st.rudder:
            raise IllegalAction(f"{ship}'s rudder is shot away: no recovering until it is repaired")
        if st.done:
            raise IllegalAction(f"{ship}'s movement has ended this turn")
        self._may_place(state, ship, close_hauled(self.rs, state.scenario.wind.from_deg, side))
        if not command_check(self.rs, dice, self._cls(state, ship), ship, "to recover", events):
            return self._failed(state, ship, events)
        heading = close_hauled(self.rs, state.scenario.wind.from_deg, side)
        state = self._place(state, ship, heading)
        st = _ship(state, ship)
        events.append(Recovered(ship, side, heading))
        return state.with_ship(replace(st, in_irons=False, luffing=False, done=True))

    def act_choose(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        ship, choice = act.args
        st = _ship(state, ship)
        wind = state.scenario.wind.from_deg
        if choice == "irons":
            heading = normalise(wind)
        else:
            # luffing: she falls off to the middle of the luffing sector on her side
            side = 1.0 if wrap(wind - st.pose.heading) >= 0 else -1.0
            heading = normalise(wind - side * self.rs.sectors[1].lower / 2)
        st = replace(
            st,
            pose=st.pose.turned(wrap(heading - st.pose.heading)),
            in_irons=choice == "irons",
            luffing=choice == "luffing",
            tacking=False,
        )
        events.append(Left(ship, irons=choice == "irons"))
        return replace(state.with_ship(st), pending=())

    # the turn ----------------------------------------------------------------------------
    def owed(self, state: GameState, ship: str) -> str | None:
        """Why this ship may not end the turn as she is, or None."""
        st = _ship(state, ship)
        theta = float(relative_wind(state.scenario.wind.from_deg, st.pose.heading))
        if st.struck or st.left or in_irons(st, theta) or st.done or state.is_grappled(ship):
            return None
        if st.tacking:
            if st.rudder:
                return None  # she lies into the wind until the rudder is repaired
            wind = state.scenario.wind.from_deg
            if all(
                self._fouls(state, ship, close_hauled(self.rs, wind, tack)) is not None
                for tack in ("port", "starboard")
            ):
                # ruling: a base (or land) in the way on either tack, she hangs in stays,
                # head to wind, until it is clear (the text is silent; a turn she could
                # neither make nor leave unmade left the game stuck)
                return None
            return f"{ship} must complete her tack ('tack {ship} port|starboard')"
        if st.luffing and not st.path:
            return None  # a luffing ship may lie still (any distance from 0)
        steps = parse_path(" ".join(st.path)) if st.path else ()
        if not steps:
            theta = float(relative_wind(state.scenario.wind.from_deg, st.pose.heading))
            sector = reckon.sector(self.rs, theta)
            least, most = self.rs.allowance(self._cls(state, ship), sector)
            if sector.min_factor is not None:
                least = 0.0  # luffing: any distance, none included
            window = self._speed_window(state, ship, most)
            if window is not None:
                least = window[0]
            if least > TOL:
                return f"{ship} has not moved: she must sail {least:.4g} {state.scenario.units}"
            return None
        plan = self._plan(state, ship, steps, partial=False, sailed=len(steps))
        window = self._speed_window(state, ship, plan.allowance)
        if window is not None:
            if st.moved < window[0] - MOVE_TOL:
                return f"{ship} must sail at least {window[0]:.4g} (speed change of ±3)"
            return None
        if plan.violations:
            return "; ".join(f"{ship}: {v}" for v in plan.violations)
        return None

    def act_end(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        side = state.active_side
        owed = [
            w
            for s in state.ships
            if state.side_of(s.id) == side
            for w in [self.owed(state, s.id)]
            if w
        ]
        if owed:
            raise IllegalAction("; ".join(owed))
        leak = self.rs.damage.leak
        for s in state.ships:
            if state.side_of(s.id) != side:
                continue
            st = _ship(state, s.id)
            if st.holed and not st.struck:
                st = replace(st, hull_lost=st.hull_lost + leak)
                events.append(Leak(s.id, leak))
            moved = st.moved if st.path else (0.0 if not st.done else st.moved)
            st = replace(end_of_turn(st), last_distance=moved)
            state = self._strike_if_beaten(state.with_ship(st), s.id, events)
        nxt = (state.active + 1) % len(state.sides)
        turn = state.turn + (1 if nxt == 0 else 0)
        state = replace(state, active=nxt, turn=turn)
        events.append(TurnBegins(turn, state.active_side))
        # the start of the new side's turn: rudder repairs
        need = self.rs.damage.rudder_repair
        for s in (_ship(state, x.id) for x in state.ships):
            if state.side_of(s.id) == state.active_side and s.rudder and not s.struck:
                roll = dice.roll(1, f"rudder repair: {s.id}")[0]
                if roll >= need:
                    state = state.with_ship(replace(s, rudder=False))
                    events.append(Repaired(s.id, "rudder"))
        return state

    #: Each order's handler, one for every verb of the ruleset (a test holds the two
    #: alike).
    HANDLERS: ClassVar[Mapping[str, Handler]] = {
        "move": act_move,
        "ram": act_ram,
        "fire": Gunnery.act_fire,
        "tack": act_tack,
        "recover": act_recover,
        "choose": act_choose,
        "avoid": boarding.avoid,
        "stand": boarding.stand,
        "board": boarding.board,
        "cut": boarding.cut,
        "end": act_end,
    }


def _avoid_or_stand(target: str, side: str, rammer: str) -> Pending:
    return Pending(
        "avoid_or_stand",
        target,
        side,
        rammer,
        (
            Answer(f"stand {target}", "X", "stand and be grappled"),
            Answer(f"avoid {target} PATH", "Enter", "sail clear: build a move"),
        ),
    )


def _irons_or_luffing(ship: str, opponent: str) -> Pending:
    return Pending(
        "irons_or_luffing",
        ship,
        opponent,
        answers=(
            Answer(f"choose {ship} irons", "I", "in irons"),
            Answer(f"choose {ship} luffing", "O", "luffing"),
        ),
    )
