"""Frigate's combat: broadsides (once a side a turn, the second at half strength, one
side only with crew hits), raking from the hexes at the bow and stern, crew hits on
gunnery strength, the line of fire between hex centres, chase guns, the combat results
table (a ruling), and prizes: capture, recapture, destroying them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import floor

from tabletop.common.errors import IllegalAction
from tabletop.engine.actions import Action
from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState, own
from tabletop.geometry.hexgrid import distance
from tabletop.rules.frigate import board
from tabletop.rules.frigate import fired as ev
from tabletop.rules.frigate.config import SEGMENTS
from tabletop.rules.frigate.host import Host
from tabletop.rules.frigate.moves import Movement
from tabletop.rules.frigate.ship import (
    FrigateShip,
    field,
    fighting_sail,
    merchant,
    ship_of,
    ships,
)


@dataclass(frozen=True)
class Shot:
    """A broadside as the rules weigh it before the die: the side, the range in hexes,
    the rake, whether it is the half-strength second side, the gunnery strength against
    the defence, and the odds column (below 0: under the table, no die rolled), with the
    column the odds reach and the shifts (range, preservation) that moved it."""

    side: str
    range: int
    rake: str | None
    second: bool
    strength: int
    defence: int
    column: int
    base: int = -1  # the column the odds reach before the shifts
    shifts: tuple[tuple[str, int], ...] = ()  # columns moved, and why


def nearest(x: Fraction) -> int:
    """Rounded to the nearest whole number (a half up; thirds never tie)."""
    return floor(x + Fraction(1, 2))


def nearest_even(x: Fraction) -> int:
    """Rounded to the nearest whole number, a half to the even one (the bow rake's
    "fractions rounded to the nearest even number")."""
    return round(x)


class Combat(Movement):
    def __init__(self, rs: Host) -> None:
        super().__init__(rs)
        self.cb = rs.combat

    # -- strength -----------------------------------------------------------------------
    def strength(
        self, state: GameState, st: FrigateShip, rake: str | None, second: bool, crew: bool = True
    ) -> int:
        """Her gunnery strength: raking added first (bow +1/2, stern +2/3), then the
        crew hits' reduction, then half for the second broadside of a turn."""
        g = Fraction(field(state.scenario.ship(st.id).cls, "gunnery"))
        if rake == "bow":
            g = Fraction(nearest_even(g * (1 + self.cb.bow_rake)))
        elif rake == "stern":
            g = Fraction(nearest(g * (1 + self.cb.stern_rake)))
        if crew and st.crew_hits:
            lost = self.cb.crew_loss[min(st.crew_hits, len(self.cb.crew_loss)) - 1]
            g = Fraction(nearest(g * (1 - lost)))
        if second:
            g = Fraction(floor(g * self.cb.second_side))
        return int(g)

    def column(self, attack: int, defence: int) -> int:
        """The best odds column the odds reach (−1: under the table)."""
        col = -1
        for i, (a, d) in enumerate(self.cb.columns):
            if attack * d >= defence * a:
                col = i
        return col

    # -- checks -----------------------------------------------------------------------
    def in_segment(self, state: GameState) -> None:
        if state.phase == 0:
            raise IllegalAction("ships fire in the four segments, after declaring")

    def pair(self, state: GameState, act: Action) -> tuple[FrigateShip, FrigateShip]:
        """The firer and her target: she fights on, the target is an enemy afloat, the
        line between them is clear, and the afoul rules allow it."""
        self.in_segment(state)
        st, tgt = ship_of(state, act.ship), ship_of(state, act.args[1])
        if st.lost:
            raise IllegalAction(f"{st.id} has struck or is gone")
        if tgt.lost:
            raise IllegalAction(f"{tgt.id} has struck or is gone: she may not be fired at")
        if state.side_of(tgt.id) == state.side_of(st.id):
            raise IllegalAction(f"{tgt.id} is a ship of your own side")
        if st.afoul is not None and st.afoul != tgt.id:
            raise IllegalAction(f"{st.id} lies afoul of {st.afoul}: she may fire only at her")
        shield = board.screened_by(state, tgt, st)
        if shield is not None:
            raise IllegalAction(f"{tgt.id} is screened from {st.id} by {shield}, afoul of her")
        blocked = board.blockers(self.rs, state, st, tgt)
        if blocked:
            raise IllegalAction(f"the line of fire is blocked by {', '.join(blocked)}")
        return st, tgt

    # -- broadsides ---------------------------------------------------------------------
    def broadside(self, state: GameState, st: FrigateShip, tgt: FrigateShip) -> Shot:
        """The broadside she would fire at ``tgt`` now, and its odds column, or the
        rule that forbids it (:class:`IllegalAction`): what ``fire`` rolls on, and what
        the referee's ruling (``tabletop fire``) reports without rolling."""
        st, tgt = self.pair(state, Action("fire", (st.id, tgt.id)))
        side = st.side_in if st.afoul == tgt.id else board.broadside_at(st, tgt.hex)
        if side is None:
            raise IllegalAction(f"{tgt.id} is in neither of {st.id}'s broadsides' fields")
        rng = distance(st.hex, tgt.hex)
        if rng > self.cb.broadside_range:
            raise IllegalAction(f"{tgt.id} is {rng} hexes off: beyond a broadside's range")
        if st.chased:
            raise IllegalAction(f"{st.id} fired her chase guns this turn: no broadside")
        if side in st.fired:
            raise IllegalAction(f"{st.id}'s {side} broadside has fired this turn")
        if st.fired and st.crew_hits:
            raise IllegalAction(f"{st.id} has crew hits: she fires from one side a turn")
        if state.scenario.options.get("nearest_target") and st.afoul is None:
            self.nearest(state, st, tgt)
        rake = board.rake(st, tgt)
        second = bool(st.fired) and st.fired_before
        g = self.strength(state, st, rake, second)
        d = field(state.scenario.ship(tgt.id).cls, "defence", 1)
        col = base = self.column(g, d)
        shifts: list[tuple[str, int]] = []
        if col >= 0 and (k := (rng - 1) // self.cb.range_step) > 0:
            shifts.append((f"range {rng} hexes", -k))
            col -= k
        if col >= 0 and st.force_drops >= 2:  # the next higher CRT (preservation)
            k = min(col + 1, self.rs.preservation.crt_shift)
            shifts.append(("preservation level: the next higher table", -k))
            col -= k
        return Shot(side, rng, rake, second, g, d, col, base, tuple(shifts))

    def act_fire(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        st, tgt = ship_of(state, act.ship), ship_of(state, act.args[1])
        shot_ = self.broadside(state, st, tgt)
        aim = act.args[2] if len(act.args) > 2 else "hull"
        side, col = shot_.side, shot_.column
        said = (st.id, tgt.id, side, aim, shot_.range, shot_.rake, shot_.strength, shot_.defence)
        state = state.with_ship(replace(st, fired=(*st.fired, side)))
        if col < 0:
            events.append(ev.Broadside(*said, odds=None))
            return self.wound(state, tgt.id, 0, 0)
        die = dice.roll(1, f"fire of {st.id} at {tgt.id}")[0]
        mod = self.aim_modifier(state, tgt, aim)
        hits = self.cb.crt[max(1, min(6, die + mod))][col]
        events.append(ev.Broadside(*said, self.odds_name(col), die, mod, hits))
        return self.wound(state, tgt.id, hits if aim == "hull" else 0, hits if aim != "hull" else 0)

    def odds_name(self, col: int) -> str:
        return "{}-{}".format(*self.cb.columns[col])

    def aim_modifier(self, state: GameState, tgt: FrigateShip, aim: str) -> int:
        """The die's modifier: a target under fighting sail is harder to dismast."""
        return self.mv.fighting_sail_masts if aim == "rigging" and self._sail(state, tgt) else 0

    def nearest(self, state: GameState, st: FrigateShip, tgt: FrigateShip) -> None:
        """The optional rule: with an enemy not yet fired upon this turn within reach of
        a broadside and within ``nearest_within`` hexes, she fires on the nearest such."""
        near = []
        for s in ships(state):
            if s.lost or s.fired_on or state.side_of(s.id) == state.side_of(st.id):
                continue
            rng = distance(st.hex, s.hex)
            if rng > self.cb.nearest_within or board.broadside_at(st, s.hex) is None:
                continue
            if board.screened_by(state, s, st) or board.blockers(self.rs, state, st, s):
                continue
            near.append((rng, s.id))
        if not near:
            return
        best = min(r for r, _ in near)
        if (best, tgt.id) in near:
            return
        names = ", ".join(sid for r, sid in sorted(near) if r == best)
        raise IllegalAction(f"{st.id} must fire on the nearest enemy not yet fired on: {names}")

    def _sail(self, state: GameState, st: FrigateShip) -> bool:
        return fighting_sail(state.scenario.ship(st.id).cls)

    def wound(self, state: GameState, ship: str, crew: int, masts: int) -> GameState:
        """Hits marked now, applied at the end of the segment (and she was fired on)."""
        st = ship_of(state, ship)
        st = replace(st, crew_new=st.crew_new + crew, masts_new=st.masts_new + masts)
        return state.with_ship(replace(st, fired_on=True))

    # -- chase guns -------------------------------------------------------------------
    def chasers(self, state: GameState, st: FrigateShip, tgt: FrigateShip) -> tuple[str, int]:
        """The chase guns she would fire at ``tgt`` now and the range, or the rule that
        forbids it (:class:`IllegalAction`)."""
        st, tgt = self.pair(state, Action("chase", (st.id, tgt.id)))
        which = board.chasers_at(st, tgt.hex)
        if which is None:
            raise IllegalAction(f"{tgt.id} is not in {st.id}'s chase guns' field")
        rng = distance(st.hex, tgt.hex)
        if rng > self.cb.chase_range:
            raise IllegalAction(f"{tgt.id} is {rng} hexes off: beyond the chase guns' range")
        if st.fired:
            raise IllegalAction(f"{st.id} fired a broadside this turn: no chase guns")
        if which in st.chased:
            raise IllegalAction(f"{st.id}'s {which} chasers have fired this turn")
        if st.crew_hits >= self.cb.chase_lost_at:
            raise IllegalAction(f"{st.id}'s chase guns are silenced by her crew hits")
        return which, rng

    def act_chase(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        st, tgt = ship_of(state, act.ship), ship_of(state, act.args[1])
        which, _ = self.chasers(state, st, tgt)
        face = self.cb.chase_face  # a die is "made" where it shows it: at least it, at 6
        why = f"{which} chasers of {st.id} at {tgt.id}: {face}s for a mast hit"
        faces = dice.roll(self.cb.chase_dice, why, need=face if face == 6 else None)
        hit = all(f == face for f in faces)
        events.append(ev.Chase(st.id, tgt.id, which, faces, hit))
        state = state.with_ship(replace(st, chased=(*st.chased, which)))
        return self.wound(state, tgt.id, 0, 1 if hit else 0)

    # -- the end of a segment -----------------------------------------------------------
    def apply_hits(self, state: GameState, segment: int, events: Events) -> GameState:
        """This segment's hits marked: crew hits, mast hits (a point less in each later
        segment of the turn, whether or not her maximum falls)."""
        for s in state.ships:
            st = ship_of(state, s.id)
            if not (st.crew_new or st.masts_new):
                continue
            crew = min(len(self.cb.crew_loss), st.crew_hits + st.crew_new)
            masts = min(self.mv.dismasted_at, st.mast_hits + st.masts_new)
            slow = st.slow + (st.masts_new * self.mv.mast_segment_loss if segment < SEGMENTS else 0)
            events.append(ev.Hits(st.id, crew, masts))
            st = replace(st, crew_hits=crew, mast_hits=masts, crew_new=0, masts_new=0)
            state = state.with_ship(replace(st, slow=slow))
        return state

    # -- prizes -----------------------------------------------------------------------
    def act_capture(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """Alongside (afoul) a merchantman or a warship with three crew hits, an attack
        announced at odds of at least 1-1 makes her strike; a prize of the enemy's is
        recaptured so by any ship, even one with three crew hits."""
        self.in_segment(state)
        st = own(state, act.ship)
        assert isinstance(st, FrigateShip)
        tgt = ship_of(state, act.args[1])
        if st.afoul != tgt.id:
            raise IllegalAction(f"{st.id} must lie in {tgt.id}'s hex (afoul of her) first")
        mine = state.side_of(st.id)
        recapture = tgt.struck and state.scenario.ship(tgt.id).side == mine
        tcls = state.scenario.ship(tgt.id).cls
        if not recapture:
            if tgt.struck or state.side_of(tgt.id) == mine:
                raise IllegalAction(f"{tgt.id} is not an enemy to capture")
            if not (merchant(tcls) or tgt.crew_hits >= self.cb.capture_crew):
                raise IllegalAction(
                    f"{tgt.id} is neither a merchantman nor a warship with "
                    f"{self.cb.capture_crew} crew hits"
                )
        g = self.strength(state, st, None, False, crew=not recapture)
        d = field(tcls, "defence", 1)
        if Fraction(g, d) < self.cb.capture_odds:
            raise IllegalAction(f"{st.id}'s attack is {g} to {d}: under the odds to capture")
        if recapture:
            events.append(ev.Recaptured(tgt.id, st.id))
            return state.with_ship(replace(tgt, struck=False, captured_by=None, destroy_by=None))
        events.append(ev.Captured(tgt.id, st.id, g, d))
        return state.with_ship(replace(tgt, struck=True, captured_by=mine))

    def act_destroy(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """Announced with a ship of hers (even another prize) afoul of her prize."""
        self.in_segment(state)
        st, prize = ship_of(state, act.ship), ship_of(state, act.args[1])
        side = state.side_of(st.id)
        if side != state.active_side or st.out is not None:
            raise IllegalAction(f"{st.id} is not a ship of {state.active_side}'s afloat")
        if not (prize.struck and state.side_of(prize.id) == side):
            raise IllegalAction(f"{prize.id} is not a prize of {side}'s")
        if st.afoul != prize.id:
            raise IllegalAction(f"{st.id} must lie afoul of {prize.id}")
        events.append(ev.Destroying(prize.id, st.id, state.turn + 1))
        return state.with_ship(replace(prize, destroy_by=st.id, destroy_from=state.turn + 1))
