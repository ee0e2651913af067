"""Frigate's movement: the allowance a ship may declare (wind, damage, fighting sail,
momentum, dead to windward), the points of each segment (the Quarterly Movement Chart,
less mast hits), and her steps: a hex ahead for a point, a hexside turned for her
class's turning cost and one more into the wind, three hexsides in one hex only to tack
or fall off the wind, a turn's cost taken from later segments, and running afoul."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from math import floor
from typing import Any

from tabletop.common.errors import IllegalAction
from tabletop.engine.actions import Action
from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState, own
from tabletop.referee.movement import hex_steps
from tabletop.rules import hextable
from tabletop.rules.frigate import board
from tabletop.rules.frigate import events as ev
from tabletop.rules.frigate.config import ATTITUDES, SEGMENTS, Row
from tabletop.rules.frigate.host import Host
from tabletop.rules.frigate.ship import FrigateShip, fighting_sail, ship_of, ships

#: Why no move is played while allowances are declared (the engine's, and the window's).
DECLARING = "ships move in the four segments, after declaring"


class OutOfPoints(IllegalAction):
    """A hex ahead with no Movement Point left in the segment (a move refused so says
    how many she had when it began)."""


class Movement:
    """Each method maps a state to the next; ``rs`` holds the template's numbers."""

    def __init__(self, rs: Host) -> None:
        self.rs = rs
        self.mv = rs.moves

    # -- helpers ---------------------------------------------------------------------
    def row(self, state: GameState, ship: str) -> Row:
        return self.rs.row(state.scenario.ship(ship).cls)

    def attitude(self, state: GameState, st: FrigateShip) -> int:
        return board.attitude(self.rs.wind_facing(state), st.facing)

    def put(self, state: GameState, st: FrigateShip) -> GameState:
        """Her state with her table pose derived from her hex and facing."""
        return state.with_ship(replace(st, pose=board.pose_of(self.rs, state, st)))

    def dismasted(self, st: FrigateShip) -> bool:
        return st.mast_hits >= self.mv.dismasted_at

    # -- the allowance ----------------------------------------------------------------
    def most(self, state: GameState, st: FrigateShip) -> int:
        """Her maximum allowance now: the schedule's for the wind on her, halved under
        fighting sail (then mast hits short of dismasting cost nothing more), else cut
        by her mast hits; dead to windward, last turn's less the windward loss; nothing
        dismasted, or afoul of a ship not yet captured."""
        if self.dismasted(st) or self.held_afoul(state, st):
            return 0
        if self.rs.no_wind(state):  # nothing but her way, slowed by momentum
            return max(0, (st.last or 0) - self.mv.momentum_down)
        att = self.attitude(state, st)
        if att == 0:
            return max(0, (st.last or 0) - self.mv.windward_loss)
        cls = state.scenario.ship(st.id).cls
        base = self.row(state, st.id).allowance[self.rs.strength(state)][att]
        if fighting_sail(cls):
            return floor(base * self.mv.fighting_sail)
        share = self.mv.mast_shares[min(st.mast_hits, len(self.mv.mast_shares) - 1)]
        return floor(Fraction(base) * share)

    def held_afoul(self, state: GameState, st: FrigateShip) -> bool:
        """Afoul of a ship that has not struck: she cannot sail (she may break away from
        a captured one)."""
        return st.afoul is not None and not ship_of(state, st.afoul).struck

    def bounds(self, state: GameState, st: FrigateShip) -> tuple[int, int]:
        """The least and most she may declare: momentum (+2 / −4 on last turn's) within
        her maximum; the maximum wins where damage or the wind forces her lower."""
        hi = self.most(state, st)
        if st.last is None:
            return 0, hi
        hi = min(hi, st.last + self.mv.momentum_up)
        lo = max(0, st.last - self.mv.momentum_down)
        return min(lo, hi), hi

    def declare(self, state: GameState, st: FrigateShip, n: int) -> GameState:
        windward = self.attitude(state, st) == 0 and self.most(state, st) <= 0
        windward = windward and not self.rs.no_wind(state)
        return state.with_ship(replace(st, declared=n, windward_turn=windward and n == 0))

    def act_speed(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        st = own(state, act.ship)
        assert isinstance(st, FrigateShip)
        word = act.args[1]
        if not word.isdigit():
            raise IllegalAction(f"'{word}': an allowance is a whole number of Movement Points")
        lo, hi = self.bounds(state, st)
        n = int(word)
        if not lo <= n <= hi:
            raise IllegalAction(
                f"{st.id} may declare from {lo} to {hi} (wind, damage and momentum: "
                f"last turn {st.last if st.last is not None else 'none'})"
            )
        events.append(ev.Declared(st.id, n))
        return self.declare(state, st, n)

    def default_declarations(self, state: GameState, events: Events) -> GameState:
        """Ruling: a ship nobody declared for keeps last turn's allowance as near as the
        rules let her (her maximum on her first turn)."""
        for st in ships(state):
            if st.declared is None and not st.lost:
                lo, hi = self.bounds(state, st)
                n = hi if st.last is None else min(max(st.last, lo), hi)
                events.append(ev.Declared(st.id, n, default=True))
                state = self.declare(state, st, n)
        return state

    # -- the segments -----------------------------------------------------------------
    def quota(self, st: FrigateShip, segment: int) -> int:
        """Her points in a segment by the chart, less her mast hits' slowing."""
        if not st.declared or self.dismasted(st):
            return 0
        return max(0, self.mv.chart[st.declared][segment - 1] - st.slow)

    def start_segment(self, state: GameState, segment: int) -> GameState:
        for st in ships(state):
            q = self.quota(st, segment)
            pay = min(q, st.debt)
            # hexsides turned in one hex count across segments; a turn begun in an
            # earlier segment is judged by the wind at that segment's start (ruling)
            att = st.seg_attitude if st.turned else self.attitude(state, st)
            st = replace(st, points=q - pay, debt=st.debt - pay, seg_attitude=att)
            state = state.with_ship(st)
        return state

    def later(self, st: FrigateShip, segment: int) -> int:
        """Points she still has in the segments after this one (less what she owes)."""
        return sum(self.quota(st, k) for k in range(segment + 1, SEGMENTS + 1)) - st.debt

    # -- steps ------------------------------------------------------------------------
    def move_now(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """Her steps taken now, one after another (the standard, sequential movement)."""
        st = own(state, act.ship)
        assert isinstance(st, FrigateShip)
        if self.held_afoul(state, st):
            raise IllegalAction(f"{st.id} lies afoul of {st.afoul}: she cannot sail")
        steps = hex_steps(" ".join(act.args[1:]))
        if st.afoul is not None:  # breaking away from a captured ship: out of her hex
            if not steps or steps[0] != "F":
                raise IllegalAction(f"{st.id} breaks away from {st.afoul} with a hex ahead")
            state = self.break_away(state, st, events)
            st = ship_of(state, st.id)
        had = st.points
        try:
            state, st = self.steps(state, st, steps, events)
        except OutOfPoints as e:  # "no Movement Points left" of F2 with 1: say how many
            if had > 0:
                raise IllegalAction(f"{e}: the move asks more than the {had} she had") from None
            raise
        events.append(ev.Moved(st.id, list(st.hex), st.facing, self.rs.grid.heading(st.facing)))
        return state

    def steps(
        self, state: GameState, st: FrigateShip, kinds: Sequence[str], events: Events
    ) -> tuple[GameState, FrigateShip]:
        """Her steps one after another (``F`` a hex ahead, ``P``/``S`` a hexside turned):
        running afoul stops her; a step the rules refuse raises."""
        for k in kinds:
            state, st, stop = self.step(state, st, k, events)
            if stop:
                break
        return state, st

    def step(
        self, state: GameState, st: FrigateShip, kind: str, events: Events
    ) -> tuple[GameState, FrigateShip, bool]:
        """One step (see :meth:`steps`): the state, her after it, and whether it stopped
        her (she ran afoul)."""
        if kind == "F":
            state, stop = self.ahead(state, st, events)
        else:
            state, stop = self.turn(state, st, kind), False
        return state, ship_of(state, st.id), stop

    def ahead(self, state: GameState, st: FrigateShip, events: Events) -> tuple[GameState, bool]:
        """A hex ahead for a point; into a ship's hex she runs afoul of her (and stops)."""
        if st.points < 1:
            raise OutOfPoints(f"{st.id} has no Movement Points left in this segment")
        nxt = board.step(st.hex, st.facing)
        if not hextable.on_table(self.rs, state, nxt):
            raise IllegalAction(f"{st.id} may not sail off the table")
        if hextable.is_land(self.rs, state, nxt):
            raise IllegalAction(f"{st.id} may not sail onto land")
        there = board.occupants(state, nxt)
        if not there:
            st = replace(st, hex=nxt, points=st.points - 1, turned=0, turn_dir="")
            return self.put(state, replace(st, first_into=False)), False
        other = there[0]
        mine = state.side_of(st.id)
        if len(there) > 1 or (state.side_of(other.id) == mine and not other.struck):
            raise IllegalAction(f"{st.id} may not enter {', '.join(s.id for s in there)}'s hex")
        return self.run_afoul(state, st, other, events), True

    def turn(self, state: GameState, st: FrigateShip, way: str) -> GameState:
        """A hexside to port or starboard, paid for (maybe from later segments)."""
        row = self.row(state, st.id)
        facing = (st.facing + (1 if way == "S" else -1)) % 6
        wf = self.rs.wind_facing(state)
        before, after = board.attitude(wf, st.facing), board.attitude(wf, facing)
        into = after < before and before in (1, 2)
        if st.held_course:
            raise IllegalAction(f"{st.id} is under command control: she holds her course")
        if st.windward_turn and before == 0 and after == 1:
            return self.put(state, replace(st, facing=facing, windward_turn=False))
        if st.windward_turn:
            raise IllegalAction(f"{st.id} may only turn one hexside away from the wind")
        first = st.first_into if st.turned else into
        turned = st.turned + 1
        if turned > self.mv.per_hex:
            self.check_three(st, turned, way, first, row)
        cost = row.turn_cost + (self.mv.into_wind if into else 0)
        st = self.pay(st, cost, state.phase)
        same = st.turned == 0 or st.turn_dir == way
        st = replace(st, facing=facing, turned=turned, first_into=first)
        st = replace(st, turn_dir=way if same else "mixed")
        return self.put(state, st)

    def check_three(self, st: FrigateShip, turned: int, way: str, first: bool, row: Row) -> None:
        """Three hexsides in one hex: not a "P" ship; only tacking (the wind on a side at
        the segment's start, turning into it) or falling off (facing into it)."""
        if turned > self.mv.tack_hexsides or not row.three_hexsides:
            most = self.mv.tack_hexsides if row.three_hexsides else self.mv.per_hex
            raise IllegalAction(f"{st.id} may turn at most {most} hexsides in one hex")
        tacking = st.seg_attitude in (1, 2) and first
        falling_off = st.seg_attitude == 0
        if st.turn_dir != way or not (tacking or falling_off):
            raise IllegalAction(
                f"{st.id}: three hexsides in one hex only to tack (the wind on a side at "
                "the segment's start, turning into it) or to fall off the wind (facing "
                "into it): that would be wearing"
            )

    def pay(self, st: FrigateShip, cost: int, segment: int) -> FrigateShip:
        """Points for a turn; what this segment lacks is taken from the later ones."""
        if cost <= st.points:
            return replace(st, points=st.points - cost)
        need = cost - st.points
        if need > self.later(st, segment):
            raise IllegalAction(
                f"the turn costs {cost}: {st.id} has {st.points} in this segment and "
                f"{max(0, self.later(st, segment))} in the rest of the turn"
            )
        return replace(st, points=0, debt=st.debt + need)

    # -- running afoul ----------------------------------------------------------------
    def run_afoul(
        self, state: GameState, st: FrigateShip, other: FrigateShip, events: Events
    ) -> GameState:
        """She enters the other's hex: through one of its three rear hexsides she ends
        facing as it does, through a front one the opposite way; she lies on the side of
        it she came in by (ruling: by its bow or stern hexside, its starboard)."""
        d = next(k for k in range(6) if board.step(st.hex, k) == other.hex)
        rel = ((d + 3) - other.facing) % 6
        facing = other.facing if rel in (2, 3, 4) else (other.facing + 3) % 6
        its = "port" if rel in (4, 5) else "starboard"
        flip = {"port": "starboard", "starboard": "port"}
        mine = flip[its] if facing == other.facing else its
        st = replace(st, hex=other.hex, facing=facing, points=0, debt=0, afoul=other.id)
        st = replace(st, side_in=mine)
        other = replace(other, afoul=st.id, side_in=its, points=0)
        state = self.put(self.put(state, st), other)
        events.append(ev.Afoul(st.id, other.id, facing, mine, self.rs.grid.heading(facing)))
        return state

    def break_away(self, state: GameState, st: FrigateShip, events: Events) -> GameState:
        assert st.afoul is not None
        other = ship_of(state, st.afoul)
        events.append(ev.BreaksAway(st.id, other.id))
        state = self.put(state, replace(other, afoul=None, side_in=""))
        return self.put(state, replace(st, afoul=None, side_in=""))

    # -- a preview on the table -------------------------------------------------------
    def allowance_of(self, cls: Any, attitude_name: str, strength: str) -> int:
        row = self.rs.row(cls)
        base = row.allowance[strength][ATTITUDES.index(attitude_name)]
        return floor(base * self.mv.fighting_sail) if fighting_sail(cls) else base
