"""Frigate (source 000): the game-turn.

Phase 0 declares each ship's Movement Allowance (the sides in scenario order, each
ending with ``end``); then four segments.  In each the sides move in turn (ruling: the
side to move first alternates, the first side in scenario order first in segment 1),
each ship spending her segment's points from the Quarterly Movement Chart; any ship may
fire at any time of a segment.  Hits are marked when made and applied when the segment
ends.  After the fourth: drift (dismasted and afoul ships, faced into the wind), sagging
(optional, in a fresh wind), prizes being destroyed, and a new turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from tabletop.engine.actions import Action
from tabletop.engine.core import Handler, dispatch
from tabletop.engine.dice import Dice
from tabletop.engine.state import GameState
from tabletop.geometry.hexgrid import Hex, add, distance
from tabletop.rules import hextable
from tabletop.rules.frigate import board, phases
from tabletop.rules.frigate import events as ev
from tabletop.rules.frigate.combat import Events
from tabletop.rules.frigate.config import SEGMENTS
from tabletop.rules.frigate.host import Host
from tabletop.rules.frigate.ship import FrigateShip, flagship, ship_of, ships
from tabletop.rules.frigate.simove import SiMove


def order(sides: tuple[str, ...], phase: int) -> tuple[str, ...]:
    """Who acts in a phase, first to last: the declaration in scenario order, and the
    first mover of the segments in turn."""
    k = (phase - 1) % len(sides) if phase else 0
    return sides[k:] + sides[:k]


class FrigateGame(SiMove):
    """Each ``act_<verb>`` maps a state and an action to the next state."""

    def __init__(self, rs: Host) -> None:
        super().__init__(rs)

    def apply(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        return self.winner(dispatch(self.HANDLERS, self, state, act, dice, events), events)

    def open(self, state: GameState, events: Events) -> GameState:
        self.rs.strength(state)  # a wind strength the schedule has
        for s in ships(state):
            state = self.put(state, s)
        events.append(ev.Declaring(1))
        return replace(state, phase=0, active=0)

    # -- the phases -------------------------------------------------------------------
    def act_end(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        now = order(state.sides, state.phase)
        k = now.index(state.active_side)
        if self.plotting(state):  # SiMove: this side's plots are in; the last executes all
            state = self.end_plotting(state, events)
            nxt = now[k + 1] if k + 1 < len(now) else now[0]
            return replace(state, active=state.sides.index(nxt))
        if state.phase:
            self.say_unspent(state, events)
        if k + 1 < len(now):
            return replace(state, active=state.sides.index(now[k + 1]))
        if state.phase == 0:
            state = self.command(self.default_declarations(state, events), dice, events)
        else:
            state = self.apply_hits(state, state.phase, events)
            if state.phase == SEGMENTS:
                return self.end_turn(state, dice, events)
        return self.segment(state, state.phase + 1, events)

    @staticmethod
    def say_unspent(state: GameState, events: Events) -> None:
        """Points a side's ships leave unspent as it ends its part of a segment are lost
        (ruling): said in the log, since `end` takes no confirmation (a player ended a
        segment with two points to sail, unwarned)."""
        left = {
            st.id: st.points
            for st in ships(state)
            if st.points > 0 and st.afoul is None and not st.lost
            and state.side_of(st.id) == state.active_side
        }  # fmt: skip
        if left:
            events.append(ev.Unspent(left, state.phase))

    def segment(self, state: GameState, segment: int, events: Events) -> GameState:
        events.append(ev.Segment(segment, order(state.sides, segment)[0]))
        state = self.start_segment(state, segment)
        if self.simove(state):
            state = self.open_plots(state)
        first = order(state.sides, segment)[0]
        return replace(state, phase=segment, active=state.sides.index(first))

    def end_turn(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """Drift and sagging after all movement, damage control (phase e), prizes
        destroyed, the preservation level (f); then the next turn's wind (a)."""
        opts = state.scenario.options
        state = self.drift(state, events)
        if opts.get("sagging") and self.rs.strength(state) == self.mv.sag_strength:
            state = self.sag(state, events)
        if opts.get("damage_control"):
            state = phases.damage_control(self.rs, state, dice, events)
        state = self.destroying(state, events)
        if opts.get("preservation"):
            state = self.preserve(state, events)
        for st in ships(state):
            last = 0 if st.afoul is not None else st.declared
            st = replace(st, last=st.last if last is None else last, declared=None)
            st = replace(st, fired_before=st.fired_before or bool(st.fired), fired=(), chased=())
            st = replace(st, slow=0, debt=0, points=0, windward_turn=False, held_course=False)
            st = replace(st, turned=0, turn_dir="", first_into=False)
            state = state.with_ship(st)
        state = replace(state, turn=state.turn + 1, phase=0, active=0)
        if opts.get("changing_wind"):
            state = phases.change_wind(self.rs, state, dice, events)
        events.append(ev.Declaring(state.turn))
        return state

    # -- command control ---------------------------------------------------------------
    def subject(self, state: GameState, st: FrigateShip) -> bool:
        """Subject to command control this turn: far from her side's fleet flagship; a
        flagship only under the optional rule, fired on since the last declarations."""
        scn = state.scenario
        if flagship(scn.ship(st.id).cls):
            return bool(scn.options.get("flagship_fired_on")) and st.fired_on
        side = state.side_of(st.id)
        flags = [
            s
            for s in ships(state)
            if not s.lost and state.side_of(s.id) == side and flagship(scn.ship(s.id).cls)
        ]
        return bool(flags) and min(distance(st.hex, f.hex) for f in flags) > self.rs.command.range

    def command(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """Ruling: a die for each ship subject; under ``holds`` she holds her course."""
        for st in ships(state):
            if st.lost:
                continue
            if self.subject(state, st):
                die = dice.roll(1, f"command of {st.id}")[0]
                held = die < self.rs.command.holds
                events.append(ev.Command(st.id, die, held))
                st = replace(st, held_course=held)
            state = state.with_ship(replace(st, fired_on=False))
        return state

    # -- drift and sagging -----------------------------------------------------------
    def groups(self, state: GameState) -> list[list[FrigateShip]]:
        """Each ship afloat, or each pair afoul, once."""
        seen: set[str] = set()
        out = []
        for st in ships(state):
            if st.out is not None or st.id in seen:
                continue
            grp = [st] if st.afoul is None else [st, ship_of(state, st.afoul)]
            seen |= {s.id for s in grp}
            out.append(grp)
        return out

    def shift(
        self, state: GameState, grp: list[FrigateShip], n: int, face: bool, events: Events
    ) -> GameState:
        """Move a ship (or a pair afoul) ``n`` hexes downwind, stopping before a hex a
        ship or land holds; off the table she is gone.  ``face``: into the wind."""
        wf = self.rs.wind_facing(state)
        h: Hex = grp[0].hex
        moved = 0
        for _ in range(n):
            nxt = add(h, board.downwind(wf))
            if not hextable.on_table(self.rs, state, nxt):
                for st in grp:
                    state = state.with_ship(replace(st, out="drifted off", afoul=None))
                events.append(ev.DriftedOff([s.id for s in grp]))
                return state
            if board.occupants(state, nxt) or hextable.is_land(self.rs, state, nxt):
                break
            h, moved = nxt, moved + 1
        sides = self.sides_facing_wind(grp, wf) if face else [s.side_in for s in grp]
        for st, side in zip(grp, sides, strict=True):
            facing = wf if face else st.facing
            state = self.put(state, replace(st, hex=h, facing=facing, side_in=side))
        events.append(ev.Downwind([s.id for s in grp], moved, list(h)))
        return state

    @staticmethod
    def sides_facing_wind(grp: list[FrigateShip], wf: int) -> list[str]:
        """Both faced into the wind, side by side: the first keeps her side alongside,
        the other has the opposite one."""
        if len(grp) == 1:
            return [grp[0].side_in]
        first = grp[0].side_in or "starboard"
        return [first, "port" if first == "starboard" else "starboard"]

    def drift(self, state: GameState, events: Events) -> GameState:
        """Ruling: dismasted and afoul ships drift downwind (the template's hexes) at the
        end of the turn, faced directly into the wind (the text's facing)."""
        if self.rs.no_wind(state):  # ruling: no wind, no drift
            return state
        for grp in self.groups(state):
            grp = [ship_of(state, s.id) for s in grp]
            pair = self.lets_go(state, grp)
            if pair is not None:
                state, grp = self.part(state, *pair, events), []
            if any(s.afoul is not None or self.dismasted(s) for s in grp):
                state = self.shift(state, grp, self.mv.drift, True, events)
        return state

    def lets_go(
        self, state: GameState, grp: list[FrigateShip]
    ) -> tuple[FrigateShip, FrigateShip] | None:
        """Ruling: a ship afoul of a captured (struck) ship, not destroying her, breaks
        away at the drift: the text lets her break away "automatically", and lashed to
        her prize she would be faced into the wind with no way on her, turn after turn,
        never able to take the hex ahead a break-away needs.  The prize drifts alone;
        where the hex downwind is held (a ship, land), the pair stay afoul.  The prize
        and the ship that lets her go, or None."""
        if len(grp) != 2:
            return None
        prize = next((s for s in grp if s.struck), None)
        other = next((s for s in grp if not s.struck), None)
        if prize is None or other is None or prize.destroy_by == other.id:
            return None
        nxt = add(prize.hex, board.downwind(self.rs.wind_facing(state)))
        held = hextable.on_table(self.rs, state, nxt) and (
            board.occupants(state, nxt) or hextable.is_land(self.rs, state, nxt)
        )
        return None if held else (prize, other)

    def part(
        self, state: GameState, prize: FrigateShip, other: FrigateShip, events: Events
    ) -> GameState:
        """The pair unlashed (see :meth:`lets_go`): the prize alone is left to drift,
        faced into the wind as an afoul ship is; the other keeps her hex and facing."""
        events.append(ev.BreaksAway(other.id, prize.id))
        state = self.put(state, replace(other, afoul=None, side_in=""))
        prize = replace(prize, afoul=None, side_in="")
        state = self.put(state, prize)
        return self.shift(state, [prize], self.mv.drift, True, events)

    def sag(self, state: GameState, events: Events) -> GameState:
        """Every ship, drifting or not, moved the schedule's sag downwind after all
        movement (a pair afoul by the lesser), facing as she was."""
        for grp in self.groups(state):
            grp = [ship_of(state, s.id) for s in grp]
            if grp[0].out is not None:
                continue
            n = min(self.rs.row(state.scenario.ship(s.id).cls).sag for s in grp)
            if n:
                state = self.shift(state, grp, n, False, events)
        return state

    def destroying(self, state: GameState, events: Events) -> GameState:
        """A prize afoul of the ship destroying her for the template's turns in a row
        after the announcement is sunk; one not afoul of her at a turn's end is spared."""
        for st in ships(state):
            if st.destroy_by is None or st.out is not None:
                continue
            if st.afoul != st.destroy_by:
                events.append(ev.Spared(st.id))
                state = state.with_ship(replace(st, destroy_by=None, destroy_from=0))
                continue
            done = state.turn - st.destroy_from + 1
            if done >= self.cb.destroy_turns:
                other = ship_of(state, st.destroy_by)
                events.append(ev.Sunk(st.id, other.id))
                state = self.put(state, replace(other, afoul=None, side_in=""))
                state = state.with_ship(replace(st, out="sunk", afoul=None, destroy_by=None))
        return state

    # -- preservation level (optional) ---------------------------------------------------
    def preserve(self, state: GameState, events: Events) -> GameState:
        """Each force's losses against its level; its drops never come back."""
        pv = self.rs.preservation
        for side in state.sides:
            force = [s for s in ships(state) if state.scenario.ship(s.id).side == side]
            level = pv.per_ship * len(force)
            lost = sum(
                pv.crew_hit * s.crew_hits
                + pv.mast_hit * s.mast_hits
                + pv.lost_ship * (s.lost or s.captured_by is not None)
                for s in force
            )
            over = lost - level
            drops = 0 if over <= 0 else 2 if over >= min(pv.big, level) else 1
            was = max(s.force_drops for s in force)
            if drops > was:
                events.append(ev.Preservation(side, lost, level))
                for s in force:
                    state = state.with_ship(replace(s, force_drops=drops))
        return state

    def efficiency(self, st: FrigateShip) -> str:
        """Her force's rating: its start less its drops, never below the last."""
        pv = self.rs.preservation
        k = pv.ratings.index(pv.start) + st.force_drops
        return pv.ratings[min(k, len(pv.ratings) - 1)]

    # -- victory ----------------------------------------------------------------------
    def winner(self, state: GameState, events: Events) -> GameState:
        """Ruling: a side whose every ship has struck or is gone has lost; the last side
        with a ship fighting wins; when the last ships of every side are lost together
        (two afoul drifting off the table), the game is drawn.  A scenario's objective
        comes first (the rules give none; ours, for a convoy action): with ``convoy``,
        her taking (struck, sunk or gone) wins the battle for the other side; with
        ``last_turn``, the battle ends when that turn does, won by the convoy's side if
        she is still hers and afloat on the table, else drawn."""
        if state.winner is not None:
            return state
        convoy, own, enemy = convoy_sides(state)
        if convoy is not None and ship_of(state, convoy).lost:
            return self._won(state, events, enemy or "draw", f"the convoy {convoy} taken")
        last = state.scenario.options.get("last_turn")
        if last is not None and state.turn > last:
            why = f"turn {last} ended"
            if convoy is not None:
                why = f"the convoy {convoy} kept through turn {last}"
            return self._won(state, events, own, why)
        fighting = {state.side_of(s.id) for s in ships(state) if not s.lost}
        if len(fighting) == 1 and len(state.sides) > 1:
            return self._won(state, events, fighting.pop())
        if not fighting:
            return self._won(state, events, "draw")
        return state

    @staticmethod
    def _won(state: GameState, events: Events, side: str, why: str = "") -> GameState:
        """The battle ends: won by ``side`` (or "draw"), for the reason the log gives."""
        events.append(ev.Winner(side, why or None))
        return replace(state, winner=side)

    #: Each order's handler, one for every verb of the ruleset (a test holds the two
    #: alike).
    HANDLERS: ClassVar[Mapping[str, Handler]] = {
        "speed": SiMove.act_speed,
        "move": SiMove.act_move,
        "fire": SiMove.act_fire,
        "chase": SiMove.act_chase,
        "capture": SiMove.act_capture,
        "destroy": SiMove.act_destroy,
        "end": act_end,
    }


def convoy_sides(state: GameState) -> tuple[str | None, str, str | None]:
    """A convoy action's convoy, her side, and the side that wins by taking her (None
    where more than one might); no convoy: (None, "draw", None)."""
    convoy = state.scenario.options.get("convoy")
    if convoy is None:
        return None, "draw", None
    own = state.scenario.ship(convoy).side
    rest = [s for s in state.sides if s != own]
    return convoy, own, rest[0] if len(rest) == 1 else None

