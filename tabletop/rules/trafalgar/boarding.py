"""Modified Trafalgar's collisions and boarding: the rammed ship's answer (avoid or
stand), boarding parties and cutting loose, as handlers of the game's orders.

Each is a plain function of the game's procedures (:class:`Procedures`), mapped to its
verb in :data:`tabletop.rules.trafalgar.game.TrafalgarGame.HANDLERS`; the ram itself is
a move that means to collide, played in ``game``.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.common.errors import IllegalAction
from tabletop.common.units import MOVE_TOL
from tabletop.engine.actions import Action
from tabletop.engine.dice import Dice
from tabletop.engine.state import GameState
from tabletop.geometry.motion import end_pose, first_contact
from tabletop.referee.movement import obstacles, parse_path
from tabletop.rules.trafalgar.events import Avoided, BoardingFight, CutLoose
from tabletop.rules.trafalgar.procedures import Events, Procedures, _ship, command_check
from tabletop.rules.trafalgar.ship import TrafalgarShip, crew_left


def avoid(g: Procedures, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
    """The rammed ship sails clear: sail-worthy, half her movement by the ordinary
    rules, and a command check; failing it, she is grappled."""
    ship = act.ship
    st = _ship(state, ship)
    rammer = state.pending[0].other
    cls = g._cls(state, ship)
    if st.in_irons or st.struck or cls.speed <= 0:
        raise IllegalAction(f"{ship} is not sail-worthy: she cannot avoid ('stand {ship}')")
    # an avoiding move follows the ordinary rules of movement, at half the allowance
    plan = g._plan(state, ship, parse_path(" ".join(act.args[1:])), partial=True)
    segs = list(plan.segments)
    if plan.violations:
        raise IllegalAction("; ".join(plan.violations))
    if sum(s.distance for s in segs) > plan.allowance / 2 + MOVE_TOL:
        raise IllegalAction(
            f"an avoiding move is at most half her movement: {plan.allowance / 2:.4g}"
        )
    state = replace(state, pending=())
    if not command_check(g.rs, dice, cls, ship, f"to avoid {rammer}", events):
        return g._grapple(state, rammer, ship, events)
    geoms, names = obstacles(state.table(), ship)
    contact = first_contact(st.pose, segs, state.scenario.ship(ship).hull_local(), geoms)
    pose = contact.pose if contact else end_pose(st.pose, segs)
    events.append(Avoided(ship, rammer, [pose.x, pose.y, pose.heading]))
    return state.with_ship(replace(st, pose=pose))

def stand(g: Procedures, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
    """The rammed ship stands: the two are grappled."""
    rammer = state.pending[0].other
    return g._grapple(replace(state, pending=()), rammer, act.ship, events)

def board(g: Procedures, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
    """A boarding action (source 001 and its design notes, with the SPEC's rulings):
    the party of one crew box is crossed off as it goes across, so a boarder needs a
    box to spare; she rolls 2d6 + the party's bonus against 2d6 + half the defender's
    crew left.  A defender who loses crosses off a box; a boarder who loses has lost
    her party, and nothing more; a tie, nobody.  The boarder may go on sending a
    party each turn; the defender may counter-board only after winning."""
    ship, target = act.args
    st = g._own(state, ship)
    _may_board(state, st, target)
    tcls = state.scenario.ship(target).cls
    b = g.rs.boarding
    st = replace(st, crew_lost=st.crew_lost + 1, fired=(*st.fired, "board"))
    state = state.with_ship(st)
    tst = _ship(state, target)
    a1, a2 = dice.roll(2, f"boarding: {ship}")
    d1, d2 = dice.roll(2, f"repelling: {target}")
    attack = a1 + a2 + b.boarder_bonus
    defend = d1 + d2 + crew_left(tcls, tst) // 2
    loser = target if attack > defend else ship if defend > attack else None
    events.append(BoardingFight(ship, target, attack, defend, loser))
    pair = (min(ship, target), max(ship, target))
    state = replace(state, boarding=tuple(sorted({*state.boarding, pair})))
    if loser == target:
        tst = replace(tst, crew_lost=tst.crew_lost + b.loser_loses)
    record = {**dict(tst.boarded_by), ship: loser == ship}
    state = state.with_ship(replace(tst, boarded_by=tuple(sorted(record.items()))))
    st = _ship(state, ship)  # her own right to counter-board is spent by boarding
    mine = tuple((k, won) for k, won in st.boarded_by if k != target)
    state = state.with_ship(replace(st, boarded_by=mine))
    for who, by in ((target, state.side_of(ship)), (ship, state.side_of(target))):
        state = g._strike_if_beaten(state, who, events, by=by)
    return state

def _may_board(state: GameState, st: TrafalgarShip, target: str) -> None:
    ship = st.id
    if not state.is_grappled(ship, target):
        raise IllegalAction(f"{ship} and {target} are not grappled: boarding needs a collision")
    if state.side_of(target) == state.side_of(ship) or state.ship(target).struck:
        raise IllegalAction(f"{target} is not an enemy still fighting")
    if "board" in st.fired:
        raise IllegalAction(f"{ship} has already sent a boarding party this turn")
    won = dict(st.boarded_by).get(target)
    if won is False:
        raise IllegalAction(
            f"{ship} lost when {target} boarded her: only a defender who won may counter-board"
        )
    if crew_left(state.scenario.ship(ship).cls, st) < 2:
        raise IllegalAction(f"{ship} has no crew box to spare for a boarding party")

def cut(g: Procedures, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
    """Cut loose from a grapple: a command check."""
    ship = act.ship
    g._own(state, ship)
    if not state.is_grappled(ship):
        raise IllegalAction(f"{ship} is not grappled")
    if not command_check(g.rs, dice, g._cls(state, ship), ship, "to cut loose", events):
        return state
    events.append(CutLoose(ship))
    return replace(
        state,
        grappled=tuple(p for p in state.grappled if ship not in p),
        boarding=tuple(p for p in state.boarding if ship not in p),
    )
