"""Escadres' damage: the tables of fire, criticals and mega-criticals, fires and their
fighting, leaks and sinking, bursting out and the debris, surrender.

Excess power (or crew) damage is lost, as the text says: gunfire and debris never
take hull points; the hull goes only to her fires (a fire's power results, once her
power is gone) and to leaks.  Rulings where the text is silent: a hull emptied by fire
bursts her out, by a leak sinks her (the fires drowned); a ship's fires burn, then her
crew fight them, then she leaks (fire and water race in that order each round).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState
from tabletop.geometry.hexgrid import Hex, blocked_by, distance
from tabletop.rules import hextable
from tabletop.rules.escadres import board
from tabletop.rules.escadres import events as ev
from tabletop.rules.escadres.config import Effect
from tabletop.rules.escadres.host import Host
from tabletop.rules.escadres.ship import (
    EscadresShip,
    crew_left,
    hull_left,
    power,
    power_left,
    training,
)


def ship_of(state: GameState, ship: str) -> EscadresShip:
    st = state.ship(ship)
    assert isinstance(st, EscadresShip)
    return st


def amount(k: int | str, dice: Dice, why: str) -> int:
    """A number of boxes or tokens: fixed, or rolled ("D3", "D6", "2D6")."""
    if isinstance(k, int):
        return k
    n, _, sides = k.partition("D")
    total = 0
    for _ in range(int(n or 1)):
        total += dice.d(f"D{sides}", why)
    return total


class Damage:
    """Damage and its consequences; each method maps a state to the next."""

    def __init__(self, rs: Host) -> None:
        self.rs = rs

    def cls(self, state: GameState, ship: str) -> Any:
        return state.scenario.ship(ship).cls

    # -- rolling on a table ----------------------------------------------------------
    def hit(
        self,
        state: GameState,
        ship: str,
        table: str,
        n: int,
        source: str,
        dice: Dice,
        events: Events,
    ) -> GameState:
        """``n`` dice on a damage table against ``ship``, each face's effects applied."""
        faces = dice.roll(n, f"{table} on {ship}")
        events.append(ev.Damage(ship, table, faces))
        for face in faces:
            if ship_of(state, ship).out is not None:
                break
            state = self.effects(
                state, ship, self.rs.tables[table].get(face, ()), source, dice, events
            )
        return state

    def effects(
        self,
        state: GameState,
        ship: str,
        effects: tuple[Effect, ...],
        source: str,
        dice: Dice,
        events: Events,
    ) -> GameState:
        for word, k in effects:
            st = ship_of(state, ship)
            if st.out is not None:
                break
            if word in ("critical", "mega", "major"):
                state = self.hit(state, ship, word, 1, source, dice, events)
                continue
            n = amount(k, dice, f"{word} on {ship}")
            if word == "power":
                state = self.lose_power(state, ship, n, source, dice, events)
            elif word == "hull":
                state = self.lose_hull(state, ship, n, source, dice, events)
            elif word == "crew":
                lost = min(n, crew_left(self.cls(state, ship), st))
                state = state.with_ship(replace(st, crew_lost=st.crew_lost + lost))
                events.append(ev.Lost("crew_lost", ship, lost))
                if crew_left(self.cls(state, ship), ship_of(state, ship)) == 0:
                    state = self.strike(state, ship, "no crew left", events)
            elif word == "fire":
                state = state.with_ship(replace(st, fires=st.fires + n))
                events.append(ev.Fires(ship, n))
            elif word == "move":
                state = state.with_ship(replace(st, move_lost=st.move_lost + n))
                events.append(ev.Rigging(ship, n))
            elif word == "turns":
                state = state.with_ship(replace(st, turns_lost=st.turns_lost + n))
                events.append(ev.Steering(ship, n))
            elif word == "becalmed":
                state = state.with_ship(replace(st, becalmed=True))
                events.append(ev.Becalmed(ship))
            elif word == "burst":
                state = self.burst(state, ship, "magazine explosion", dice, events)
        return state

    def lose_power(
        self, state: GameState, ship: str, n: int, source: str, dice: Dice, events: Events
    ) -> GameState:
        """Power boxes, the excess lost; with none left, a fire's burn the hull (gunfire's
        and debris' are lost: only fire and leaks take hull points)."""
        st, cls = ship_of(state, ship), self.cls(state, ship)
        left = power_left(cls, st)
        if left == 0:
            if source == "fire":
                return self.lose_hull(state, ship, n, source, dice, events)
            return state
        lost = min(n, left)
        state = state.with_ship(replace(st, power_lost=st.power_lost + lost))
        events.append(ev.Lost("power_lost", ship, lost))
        if lost == left:
            if source == "fire":
                return self.burst(state, ship, "fire took her last power", dice, events)
            return self.strike(state, ship, "no power left", events)
        return state

    def lose_hull(
        self, state: GameState, ship: str, n: int, source: str, dice: Dice, events: Events
    ) -> GameState:
        st, cls = ship_of(state, ship), self.cls(state, ship)
        lost = min(n, hull_left(cls, st))
        state = state.with_ship(replace(st, hull_lost=st.hull_lost + lost))
        events.append(ev.HullLost(ship, lost, source))
        if hull_left(cls, ship_of(state, ship)) > 0:
            return state
        if source == "leak":
            st = ship_of(state, ship)
            events.append(ev.Sunk(ship, st.fires))
            return state.with_ship(replace(st, out="sunk", fires=0, active=False))
        return self.burst(state, ship, "her last hull point burned", dice, events)

    def strike(self, state: GameState, ship: str, why: str, events: Events) -> GameState:
        """Out of order: she hauls down her colours, is fired at no more, lies stopped."""
        st = ship_of(state, ship)
        if st.struck:
            return state
        events.append(ev.Struck(ship, why))
        return state.with_ship(replace(st, struck=True, stopped=True))

    # -- bursting out ----------------------------------------------------------------
    def burst(self, state: GameState, ship: str, why: str, dice: Dice, events: Events) -> GameState:
        """She bursts out and leaves the table; every ship a clear line through empty
        hexes reaches takes initial power ÷ hexes (the target's counted) dice of debris."""
        st = ship_of(state, ship)
        events.append(ev.Burst(ship, why))
        hexes = st.hexes
        state = state.with_ship(replace(st, out="burst", active=False, fires=0))
        dice_of = power(self.cls(state, ship))
        for other in board.ships(state):
            if other.out is not None:
                continue
            d = self._reach(state, hexes, other)
            if d is None or dice_of // d == 0:
                continue
            state = self.hit(state, other.id, "debris", dice_of // d, "debris", dice, events)
        return state

    def _reach(self, state: GameState, hexes: tuple[Hex, Hex], target: EscadresShip) -> int | None:
        """The fewest hexes (the target's counted) over a line through empty hexes."""

        def stops(h: Hex) -> bool:
            return board.occupant(state, h) not in (None, target.id) or hextable.is_land(
                self.rs, state, h
            )

        best = None
        for a in hexes:
            for b in target.hexes:
                if not blocked_by(a, b, stops, self.rs.along):
                    d = distance(a, b)
                    best = d if best is None else min(best, d)
        return best

    # -- the end phase ---------------------------------------------------------------
    def fires_and_leaks(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """Every fire burns (a die on the gunfire table each), the crew fight what is
        left, then every ship without power rolls for a leak."""
        for s in board.ships(state):
            state = self._burn(state, s.id, dice, events)
        for s in board.ships(state):
            state = self._leak(state, s.id, dice, events)
        return state

    def _burn(self, state: GameState, ship: str, dice: Dice, events: Events) -> GameState:
        st = ship_of(state, ship)
        if st.out is not None or st.fires == 0:
            return state
        for _ in range(st.fires):
            state = self.hit(state, ship, "gunfire", 1, "fire", dice, events)
            if ship_of(state, ship).out is not None:
                return state
        st, cls = ship_of(state, ship), self.cls(state, ship)
        if crew_left(cls, st) == 0:
            events.append(ev.FiresBurnOn(ship, "no crew to fight them"))
            return state
        out = 0
        need = max(2, self.rs.numbers.put_out - training(cls))  # a 1 is always a miss
        for face in dice.roll(st.fires, f"firefighting on {ship}", need=need):
            if face != 1 and face + training(cls) >= self.rs.numbers.put_out:
                out += 1
        events.append(ev.FiresPutOut(ship, out))
        return state.with_ship(replace(st, fires=st.fires - out))

    def leak_need(self, state: GameState, ship: str) -> int:
        """The least die for a leak: one sooner for a small or badly trained ship, one
        sooner again in a storm."""
        cls, nums = self.cls(state, ship), self.rs.numbers
        need = nums.leak_need
        guns = int(cls.fields.get("gun_count", 0))
        if guns <= nums.small_guns or training(cls) <= nums.bad_training:
            need -= 1
        if state.scenario.wind.strength == nums.storm:
            need -= 1
        return need

    def _leak(self, state: GameState, ship: str, dice: Dice, events: Events) -> GameState:
        st = ship_of(state, ship)
        if st.out is not None or power_left(self.cls(state, ship), st) > 0:
            return state
        face = dice.roll(1, f"leak on {ship}")[0]
        if face < self.leak_need(state, ship):
            return state
        events.append(ev.Leak(ship, face))
        return self.lose_hull(state, ship, 1, "leak", dice, events)

    # -- victory ---------------------------------------------------------------------
    def winner(self, state: GameState, events: Events) -> GameState:
        """A side that has lost more than its share of ships has lost the battle."""
        beaten = []
        for side in state.sides:
            own = [s for s in state.scenario.ships if s.side == side]
            lost = sum(1 for s in own if ship_of(state, s.id).lost)
            if lost > self.rs.numbers.lost_over * len(own):
                beaten.append(side)
        if not beaten:
            return state
        left = [s for s in state.sides if s not in beaten]
        if len(left) > 1:
            return state
        win = left[0] if left else "draw"
        events.append(ev.Beaten(win, beaten))
        return replace(state, winner=win)


def ceil_share(n: int, share: Any) -> int:
    """``share`` of ``n``, rounded up."""
    return math.ceil(n * share)
