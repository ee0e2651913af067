"""Escadres (source 002): the round of play.

Every ship still fighting has a token in the bag; one is drawn at a time (a die with as
many faces as tokens, logged) and that ship plays her whole turn: her move capacity is
fixed by the wind on her as she is drawn, she moves step by step, she fires, then
``end`` draws the next.  When the bag is empty the end phase burns fires, fights them,
rolls for leaks and for the drift of every stopped ship, and the tokens go back.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from tabletop.common.errors import IllegalAction
from tabletop.engine.actions import Action
from tabletop.engine.core import Handler, dispatch
from tabletop.engine.dice import Dice
from tabletop.engine.state import Answer, GameState, Pending
from tabletop.geometry.hexgrid import DIRECTIONS, add, ship_pose
from tabletop.referee.movement import hex_steps
from tabletop.rules import hextable
from tabletop.rules.escadres import board
from tabletop.rules.escadres import events as ev
from tabletop.rules.escadres.board import Step
from tabletop.rules.escadres.damage import Damage, Events, ship_of
from tabletop.rules.escadres.host import Host
from tabletop.rules.escadres.ship import EscadresShip, decks, power_left, training

DRIFTS = ("both", "bow", "stern")
KEYS = {"both": "A", "bow": "B", "stern": "S"}  # the window's key names (lower: none)
WAYS_SAID = {"both": "drift bow and stern", "bow": "drift the bow", "stern": "drift the stern"}


def steps_of(text: str) -> list[Step]:
    """``F<n>``: n hexes ahead; ``P<a>``/``S<a>``: a/60 turns to port/starboard."""
    return [Step(k) for k in hex_steps(text)]


class EscadresGame(Damage):
    """Each ``act_<verb>`` maps a state and an action to the next state."""

    def __init__(self, rs: Host) -> None:
        super().__init__(rs)

    def apply(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        return dispatch(self.HANDLERS, self, state, act, dice, events)

    def open(self, state: GameState, dice: Dice, events: Events) -> GameState:
        return self._draw(state, dice, events)

    # -- the bag -----------------------------------------------------------------------
    def _draw(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """Draw the next name from the bag; an empty bag ends the round."""
        bag = [s for s in board.ships(state) if not s.drawn and not s.lost]
        if not bag:
            return self._end_round(state, dice, events)
        k = dice.roll(1, "bag", sides=len(bag))[0] if len(bag) > 1 else 1
        st = bag[k - 1]
        cap = 0 if st.becalmed else self.rs.capacity(state, st)
        events.append(ev.Drawn(st.id, len(bag), cap))
        nst = replace(
            st,
            drawn=True,
            active=True,
            becalmed=False,
            capacity=cap,
            steps=0,
            turns_made=0,
            straight=False,
            fired=(),
        )
        state = state.with_ship(nst)
        return replace(state, active=state.sides.index(state.side_of(st.id)))

    def _active(self, state: GameState, ship: str) -> EscadresShip:
        st = ship_of(state, ship)
        if not st.active:
            now = [s.id for s in board.ships(state) if s.active]
            raise IllegalAction(
                f"{ship} is not playing: it is {now[0] if now else 'nobody'}'s turn"
            )
        return st

    # -- movement ----------------------------------------------------------------------
    def may_move(self, state: GameState, ship: str) -> EscadresShip:
        """Her, if a move of hers may be played now whatever its steps: the ship drawn,
        not yet fired (fire ends her movement), a move step left; else IllegalAction."""
        st = self._active(state, ship)
        if st.fired:
            raise IllegalAction(f"{ship} has fired: her movement is over")
        self.step_left(st)
        return st

    @staticmethod
    def step_left(st: EscadresShip) -> None:
        if st.steps >= st.capacity:
            raise IllegalAction(  # "has 3 move steps this turn" read as 3 still to make
                f"{st.id} has made all {st.capacity} of her move steps this turn"
                if st.capacity
                else f"{st.id} has no move step this turn"
            )

    def act_move(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        ship = act.ship
        st = self.may_move(state, ship)
        cls = state.scenario.ship(ship).cls
        most_turns = max(0, (cls.turns or 0) - st.turns_lost)
        begun = st.steps
        for step in steps_of(" ".join(act.args[1:])):
            self.step_left(st)
            if step.kind != "F":
                if st.turns_made >= most_turns:
                    raise IllegalAction(f"{ship} may make {most_turns} turns in one turn")
                if st.stopped and not st.straight:
                    raise IllegalAction(
                        f"{ship} was stopped: one hex straight ahead before any turn"
                    )
            entered = step.entered(st.bow, st.facing)
            if not hextable.on_table(self.rs, state, entered):
                raise IllegalAction(f"{ship} may not sail off the table")
            who = board.blocker(self.rs, state, entered, ship)
            if who is not None:
                if st.steps == begun:  # not a hex made: no move
                    raise IllegalAction(  # (taken, it did nothing, logged again each time)
                        f"{ship} is blocked: {who} holds hex {list(entered)}"
                    )
                events.append(ev.Blocked(ship, who, list(entered)))
                break
            bow, facing = step.after(st.bow, st.facing)
            st = replace(
                st,
                bow=bow,
                facing=facing,
                steps=st.steps + 1,
                turns_made=st.turns_made + (step.kind != "F"),
                straight=st.straight or step.kind == "F",
            )
            st = replace(st, pose=ship_pose(hextable.grid_of(self.rs, state), bow, facing, 2))
            state = state.with_ship(st)
        events.append(ev.Moved(ship, list(st.bow), st.facing, st.steps))
        return state

    # -- fire --------------------------------------------------------------------------
    def fire_dice(
        self, state: GameState, firer: EscadresShip, target: EscadresShip, between: int
    ) -> tuple[int, bool, bool]:
        """Her dice: remaining power less the hexes between, a third more (rounded up)
        from the enfilade area, her training, one less from a big ship at a low one."""
        fc = state.scenario.ship(firer.id).cls
        tc = state.scenario.ship(target.id).cls
        n = power_left(fc, firer) - between
        enf = board.enfiladed(self.rs, firer, target)
        if enf and n > 0:
            n += math.ceil(n * self.rs.numbers.enfilade)
        n += training(fc)
        low = decks(fc) >= self.rs.numbers.low_decks and decks(tc) == 1
        if low:
            n += self.rs.numbers.low_target
        return n, enf, low

    def act_fire(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        ship, target = act.ship, act.args[1]
        st = self._active(state, ship)
        tgt = ship_of(state, target)
        if state.side_of(target) == state.side_of(ship):
            raise IllegalAction(f"{target} is a ship of your own side")
        if tgt.lost:
            raise IllegalAction(f"{target} has struck or is gone: she may not be fired at")
        side = board.zone_side(st, tgt)
        if side is None:
            raise IllegalAction(f"{target} is in neither of {ship}'s fire zones")
        if side in st.fired:
            raise IllegalAction(f"{ship}'s {side} broadside has fired this turn")
        between, why = board.line_of_fire(self.rs, state, st, tgt, side)
        if between is None:
            raise IllegalAction(f"no fire through {', '.join(why)}")
        n, enf, low = self.fire_dice(state, st, tgt, between)
        if n <= 0:
            raise IllegalAction(f"{ship} has no dice at {target} ({between} hexes between)")
        events.append(ev.Shot(ship, target, side, between, n, enf, low))
        state = state.with_ship(replace(st, fired=(*st.fired, side)))
        return self.hit(state, target, "gunfire", n, "gunfire", dice, events)

    # -- the end of her turn, of the round -----------------------------------------------
    def act_end(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        now = [s for s in board.ships(state) if s.active]
        if now:
            st = now[0]
            stopped = st.steps == 0
            events.append(ev.Ends(st.id, stopped))
            state = state.with_ship(replace(st, active=False, stopped=stopped or st.struck))
        state = self.winner(state, events)
        if state.winner is not None:
            return state
        return self._draw(state, dice, events)

    def _end_round(self, state: GameState, dice: Dice, events: Events) -> GameState:
        events.append(ev.EndPhase(state.turn))
        state = self.fires_and_leaks(state, dice, events)
        state = self.winner(state, events)
        if state.winner is not None:
            return state
        pending = []
        for s in board.ships(state):
            if s.out is not None or not s.stopped:
                continue
            face = dice.roll(1, f"drift of {s.id}")[0]
            if face < self.rs.numbers.drift_on:
                events.append(ev.NoDrift(s.id, face))
                continue
            ways = self.drift_ways(state, s)
            if len(ways) == 1:
                state = self._drift(state, s.id, ways[0], events)
            elif ways:
                answers = tuple(
                    Answer(f"drift {s.id} {w}", KEYS[w], WAYS_SAID[w]) for w in ways
                )
                pending.append(Pending("drift", s.id, state.side_of(s.id), answers=answers))
            else:
                events.append(ev.DriftBlocked(s.id))
        return self._next_drift(replace(state, pending=tuple(pending)), dice, events)

    def _new_round(self, state: GameState, dice: Dice, events: Events) -> GameState:
        state = self.winner(state, events)
        if state.winner is not None:
            return state
        for s in board.ships(state):
            state = state.with_ship(replace(s, drawn=False))
        state = replace(state, turn=state.turn + 1)
        events.append(ev.Round(state.turn))
        return self._draw(state, dice, events)

    # -- drift ---------------------------------------------------------------------------
    def drift_ways(self, state: GameState, st: EscadresShip) -> list[str]:
        """The parts she may drift a hex downwind and stay on two touching hexes, no part
        entering a hex another ship or land holds."""
        down = DIRECTIONS[(self.rs.wind_facing(state) + 3) % 6]
        out = []
        for way in DRIFTS:
            bow = add(st.bow, down) if way in ("both", "bow") else st.bow
            stern = add(st.stern, down) if way in ("both", "stern") else st.stern
            if board.facing_between(stern, bow) is None:
                continue
            moved = [h for h in (bow, stern) if h not in st.hexes]
            if all(board.blocker(self.rs, state, h, st.id) is None for h in moved):
                out.append(way)
        return out

    def _drift(self, state: GameState, ship: str, way: str, events: Events) -> GameState:
        st = ship_of(state, ship)
        down = DIRECTIONS[(self.rs.wind_facing(state) + 3) % 6]
        bow = add(st.bow, down) if way in ("both", "bow") else st.bow
        stern = add(st.stern, down) if way in ("both", "stern") else st.stern
        facing = board.facing_between(stern, bow)
        assert facing is not None
        if not all(hextable.on_table(self.rs, state, h) for h in (bow, stern)):
            events.append(ev.DriftedOff(ship))
            return state.with_ship(replace(st, out="drifted off"))
        pose = ship_pose(hextable.grid_of(self.rs, state), bow, facing, 2)
        events.append(ev.Drift(ship, way, list(bow), facing))
        return state.with_ship(replace(st, bow=bow, facing=facing, pose=pose))

    def act_drift(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        ship, way = act.ship, act.args[1]
        if way not in self.drift_ways(state, ship_of(state, ship)):
            raise IllegalAction(f"{ship} cannot drift her {way} (another hull or land)")
        state = self._drift(state, ship, way, events)
        return self._next_drift(replace(state, pending=state.pending[1:]), dice, events)

    def _next_drift(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """The next drift still to decide (one drift may have blocked or decided another);
        when none is left, the next round."""
        while state.pending:
            p = state.pending[0]
            ways = self.drift_ways(state, ship_of(state, p.ship))
            if len(ways) > 1:
                keep = tuple(a for a in p.answers if a.action.split()[-1] in ways)
                return replace(state, pending=(replace(p, answers=keep), *state.pending[1:]))
            if ways:
                state = self._drift(state, p.ship, ways[0], events)
            else:
                events.append(ev.DriftBlocked(p.ship))
            state = replace(state, pending=state.pending[1:])
        return self._new_round(state, dice, events)

    #: Each order's handler, one for every verb of the ruleset (a test holds the two
    #: alike).
    HANDLERS: ClassVar[Mapping[str, Handler]] = {
        "move": act_move,
        "fire": act_fire,
        "drift": act_drift,
        "end": act_end,
    }
