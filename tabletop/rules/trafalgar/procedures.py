"""Modified Trafalgar rules (source 001): what the procedures of play share.

Movement (inertia, full allowance, luffing, turns, tacking over two turns, irons),
fire as she bears with hits, saves, criticals and progressive damage, collisions and
boarding, and the turn sequence.  Every number comes from the ruleset's template and
the roster; what the source leaves open is decided in the template's comments.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from tabletop.common.errors import IllegalAction
from tabletop.engine.dice import Dice
from tabletop.engine.events import Events, Winner
from tabletop.engine.state import GameState, last_side, own
from tabletop.geometry.angles import normalise, wrap
from tabletop.geometry.motion import Segment, first_contact
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario, Ship, ShipClass
from tabletop.referee.movement import Step, obstacles
from tabletop.rules.base import MoveContext, PathPlan, Sector
from tabletop.rules.trafalgar.config import Boarding, Criticals, Movement
from tabletop.rules.trafalgar.events import CommandCheck, Grappled, Struck
from tabletop.rules.trafalgar.ship import (
    Slowing,
    TrafalgarShip,
    class_now,
    crew_left,
    track,
)


class Command(Protocol):
    """What the command check and the close-hauled heading read of the ruleset: the
    check's pass mark, and the movement section's close-hauled angle."""

    command_pass_above: int
    move: Movement


class Play(Slowing, Command, Protocol):
    """What the procedures of play read of the ruleset: :class:`Procedures`, with
    ``gunnery.Gunnery`` and ``game.TrafalgarGame`` over it, is one class in three files,
    and this is what the three read, with what the helpers they hand it to read
    (her class as damaged, the command check, the close-hauled heading)."""

    sectors: tuple[Sector, ...]
    gun_order: tuple[str, ...]
    criticals: Criticals
    boarding: Boarding
    speed_change: float

    def fighting(self, state: GameState, ship: str) -> bool: ...
    def allowance(self, cls: ShipClass, sector: Sector) -> tuple[float, float]: ...
    def plan_move(
        self, scn: Scenario, ship: Ship, steps: tuple[Step, ...], ctx: MoveContext
    ) -> PathPlan: ...


def command_check(
    rs: Command, dice: Dice, cls: ShipClass, ship: str, why: str, events: Events
) -> bool:
    """2d6 + command > pass_above (10)."""
    a, b = dice.roll(2, f"command check: {ship} {why}")
    need = rs.command_pass_above
    ok = a + b + (cls.command or 0) > need
    events.append(CommandCheck(ship, why, a + b + (cls.command or 0), need, ok))
    return ok


def command_chance(rs: Command, cls: ShipClass) -> float:
    """The chance :func:`command_check` passes: 2d6 + command above ``pass_above``."""
    need = rs.command_pass_above - (cls.command or 0)
    return sum(a + b > need for a in range(1, 7) for b in range(1, 7)) / 36


def close_hauled(rs: Command, wind_from: float, tack: str) -> float:
    """Heading close-hauled with the wind over ``tack`` ('port' or 'starboard')."""
    theta = rs.move.close_hauled
    return normalise(wind_from - theta if tack == "starboard" else wind_from + theta)


# ----------------------------------------------------------------------- the procedures
def _ship(state: GameState, ship: str) -> TrafalgarShip:
    st = state.ship(ship)
    assert isinstance(st, TrafalgarShip)
    return st


class Procedures:
    """What every part of the procedures shares: whose ship, her class as damaged, a
    ship striking when beaten, laying her path, grappling, the winner."""

    def __init__(self, rs: Play) -> None:
        self.rs = rs

    # helpers ---------------------------------------------------------------------------
    def _own(self, state: GameState, ship: str) -> TrafalgarShip:
        own(state, ship)
        return _ship(state, ship)

    def _cls(self, state: GameState, ship: str) -> ShipClass:
        return class_now(
            self.rs, state.scenario.ship(ship).cls, _ship(state, ship), state.scenario.units
        )

    def _strike_if_beaten(
        self, state: GameState, ship: str, events: Events, by: str | None = None
    ) -> GameState:
        st = _ship(state, ship)
        cls = state.scenario.ship(ship).cls
        if st.struck:
            return state
        why = None
        if crew_left(cls, st) == 0:
            why = "no crew left"
        elif st.hull_lost >= len(track(cls)):
            why = "her hull is shot to pieces"
        if why is None:
            return state
        captor = by
        if captor is None:
            for pair in state.grappled:
                if ship in pair:
                    other = pair[0] if pair[1] == ship else pair[1]
                    if state.side_of(other) != state.side_of(ship) and not state.ship(other).struck:
                        captor = state.side_of(other)
        events.append(Struck(ship, why, captor))
        return state.with_ship(replace(st, struck=True, captured_by=captor))

    def _plan(
        self,
        state: GameState,
        ship: str,
        steps: tuple[Any, ...],
        partial: bool,
        sailed: int = 0,
        ram: str | None = None,
    ) -> PathPlan:
        """Her turn's path laid from where it began: ``sailed`` of its steps she has
        sailed already, ``ram`` the ship she means to collide with."""
        st = _ship(state, ship)
        start = st.turn_start or st.pose
        model = Ship(ship, self._cls(state, ship), state.side_of(ship), start)
        ctx = MoveContext(partial=partial, no_turns=st.rudder, sailed=sailed, ram=ram)
        return self.rs.plan_move(state.table(), model, steps, ctx)

    def _grapple(self, state: GameState, a: str, b: str, events: Events) -> GameState:
        pair = (min(a, b), max(a, b))
        events.append(Grappled(*pair))
        return replace(state, grappled=tuple(sorted({*state.grappled, pair})))

    @staticmethod
    def _off_table(state: GameState, pose: Pose) -> bool:
        """Whether a move ending at ``pose`` takes her out of the battle (the text is
        silent; the ruling Hold Fast's engine makes for its fled ships): in a battle, a
        ship whose centre ends a move beyond the table's edge has left it, and is out of
        the fight as if struck, though not taken; a drill's lone ship sails on."""
        return len(state.sides) >= 2 and not state.scenario.holds(pose.x, pose.y)

    def _winner(self, state: GameState, events: Events) -> GameState:
        state = last_side(state, self.rs.fighting, events)  # no ship left: no winner
        last = state.scenario.options.get("last_turn")
        if state.winner is None and last is not None and state.turn > last:
            return self._on_points(state, events, last)
        return state

    def _on_points(self, state: GameState, events: Events, last: int) -> GameState:
        """Ruling (the text gives no victory conditions; the scenario's ``last_turn``):
        when that turn ends with both sides still fighting, the side whose enemy has
        lost the more broadside dice (ships struck or gone from the battle, each counted
        by her guns' dice as the roster lists them, after Hold Fast's scoring by the
        guns of defeated ships) has won; equal, drawn.  Fought to the last ship, a
        squadron action was mostly drawn: the last enemy frigate outran the 74s."""
        lost = {side: 0 for side in state.sides}
        for s in state.ships:
            if not self.rs.fighting(state, s.id):
                model = state.scenario.ship(s.id)
                lost[model.side] += sum((model.cls.fields.get("guns") or {}).values())
        enemy = {side: sum(n for o, n in lost.items() if o != side) for side in state.sides}
        most = max(enemy.values())
        best = [side for side, n in enemy.items() if n == most]
        won = best[0] if len(best) == 1 else "draw"
        told = ", ".join(f"the {side} {n}" for side, n in lost.items())
        events.append(Winner(won, f"turn {last} ended; broadside dice lost: {told}"))
        return replace(state, winner=won)

    # turning on the spot (a tack completed, a recovery) ---------------------------------
    def _fouls(self, state: GameState, ship: str, heading: float) -> str | None:
        """What she would foul turning on the spot to ``heading`` (a base, land), or None."""
        st = _ship(state, ship)
        delta = wrap(heading - st.pose.heading)
        geoms, names = obstacles(state.table(), ship)
        hull = state.scenario.ship(ship).hull_local()
        contact = first_contact(st.pose, [Segment(turn=delta)], hull, geoms)
        return None if contact is None else names[contact.obstacle]

    def _may_place(self, state: GameState, ship: str, heading: float) -> None:
        """An overlap with another base forbids turning on the spot; asked before any
        roll, so that whether an order is legal never hangs on the dice."""
        foul = self._fouls(state, ship, heading)
        if foul is not None:
            raise IllegalAction(f"{ship} cannot turn there: she would foul {foul}")

    def _place(self, state: GameState, ship: str, heading: float) -> GameState:
        """Turn a ship on the spot; an overlap with another base forbids it."""
        st = _ship(state, ship)
        self._may_place(state, ship, heading)
        delta = wrap(heading - st.pose.heading)
        return state.with_ship(
            replace(st, pose=st.pose.turned(delta), turn_start=st.turn_start or st.pose)
        )
