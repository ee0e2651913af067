"""SiMove (optional, section 3 of the text; scenario option ``simove = true``): each
segment's movement is plotted, then executed by every ship at once.

Rulings, where the text is brief:

- The allowances are declared as usual (the log records them in order; keeping them
  from the other side's eyes is the table's business).
- In each segment the sides plot in the segment's order: ``move SHIP STEPS`` records her
  plot (checked as she could sail it alone now: points, turns, table, land), a side's
  ``end`` closes its plotting (a ship not plotted stays).  When the last side has
  plotted, the plots are revealed and executed together, a step of every plot at a
  time: the turns first (they move no ship between hexes), then the hexes ahead, a ship
  entering a hex its holder leaves in the same step passing freely.  Then the sides
  end the segment as usual.
- A ship stepping into a hex a ship keeps runs afoul of her as in the standard rules
  (into a friend's she stops).  Ships stepping into the same hex, or into each other's,
  both wanted to run afoul: the one plotted to spend the fewest Movement Points this
  segment (equal: the one furthest north) keeps her facing and the hex, the other runs
  afoul of her and conforms (the text).  A ship afoul stops; the rest of her plot lapses.
- Fire is never plotted: any ship may fire at any moment of the segment, while the
  sides plot or after the plots are executed (the execution itself is one action, so a
  shot between two of its steps is not offered).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.common.errors import IllegalAction
from tabletop.engine.actions import Action
from tabletop.engine.dice import Dice
from tabletop.engine.state import GameState, own
from tabletop.referee.movement import hex_steps
from tabletop.rules import hextable
from tabletop.rules.frigate import board
from tabletop.rules.frigate import events as ev
from tabletop.rules.frigate.combat import Combat, Events
from tabletop.rules.frigate.ship import FrigateShip, ship_of, ships


class SiMove(Combat):
    """Plotting and simultaneous execution, on top of the sequential movement."""

    def simove(self, state: GameState) -> bool:
        return bool(state.scenario.options.get("simove"))

    def plotting(self, state: GameState) -> bool:
        """A side has yet to end its plotting in this segment."""
        return self.simove(state) and state.phase > 0 and any(s.plotting for s in ships(state))

    def open_plots(self, state: GameState) -> GameState:
        """A segment begins: every ship afloat and fighting awaits her plot."""
        for st in ships(state):
            state = state.with_ship(replace(st, plotting=not st.lost, plot=(), plot_points=0))
        return state

    def act_move(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """Her steps: taken now, or under SiMove plotted for the segment."""
        if self.simove(state) and state.phase > 0:
            return self.plot(state, act, dice, events)
        return self.move_now(state, act, dice, events)

    def plot(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        """Her plot for the segment, checked by sailing it alone on a copy of the table."""
        if not self.plotting(state):
            raise IllegalAction("the plots of this segment are executed: fire, or end")
        st = own(state, act.ship)
        assert isinstance(st, FrigateShip)
        steps = hex_steps(" ".join(act.args[1:]))
        try:
            after = ship_of(self.move_now(state, act, dice, []), st.id)
        except IllegalAction as e:
            raise IllegalAction(f"{st.id}'s plot: {e}") from None
        spent = st.points - after.points + after.debt - st.debt
        events.append(ev.Plotted(st.id))
        return state.with_ship(replace(st, plot=tuple(steps), plot_points=spent))

    def end_plotting(self, state: GameState, events: Events) -> GameState:
        """The active side's plotting is done; after the last side's, execute."""
        for st in ships(state):
            if st.plotting and state.side_of(st.id) == state.active_side:
                state = state.with_ship(replace(st, plotting=False))
        if any(s.plotting for s in ships(state)):
            return state
        events.append(ev.Plots({s.id: " ".join(s.plot) for s in ships(state) if s.plot}))
        while any(s.plot for s in ships(state)):
            state = self.step_all(state, events)
        for st in ships(state):
            state = state.with_ship(replace(st, plot_points=0))
        return state

    def step_all(self, state: GameState, events: Events) -> GameState:
        """One step of every plot at once: the turns, then the hexes ahead."""
        ahead: list[str] = []
        for st in ships(state):
            if not st.plot:
                continue
            way, rest = st.plot[0], st.plot[1:]
            state = state.with_ship(replace(st, plot=rest))
            if st.afoul is not None:  # run into, or alongside since her plot
                if way != "F" or self.held_afoul(state, st):
                    state = state.with_ship(replace(st, plot=()))
                    continue
                state = self.break_away(state, ship_of(state, st.id), events)
            if way == "F":
                ahead.append(st.id)
            else:
                state = self.tried(
                    state,
                    st.id,
                    lambda s, w=way, i=st.id: (self.turn(s, ship_of(s, i), w), False),
                    events,
                )
        return self.advance(state, ahead, events)

    def advance(self, state: GameState, ahead: list[str], events: Events) -> GameState:
        """The ships stepping a hex ahead: meetings first, then each as her hex clears."""
        where = {
            sid: board.step(ship_of(state, sid).hex, ship_of(state, sid).facing) for sid in ahead
        }
        into: dict[Any, list[str]] = {}
        for sid, h in where.items():
            into.setdefault(h, []).append(sid)
        for sid, h in where.items():  # two ships stepping into each other's hex
            other = next((o for o in ahead if o != sid and ship_of(state, o).hex == h), None)
            if other is not None and where[other] == ship_of(state, sid).hex and sid < other:
                into[h] = into.get(h, []) + [other]
        pending = list(ahead)
        for h, who in into.items():
            held = {o.id for o in board.occupants(state, h)}
            if len(who) > 1 and held <= set(who):  # a meeting, not a ship lying there
                state, gone = self.meet(state, h, who[:2], events)
                pending = [p for p in pending if p not in gone]
        while pending:
            free = [
                p
                for p in pending
                if not any(o != p and ship_of(state, o).hex == where[p] for o in pending)
            ]
            sid = (free or pending)[0]
            pending.remove(sid)
            state = self.tried(
                state, sid, lambda s, i=sid: self.ahead(s, ship_of(s, i), events), events
            )
        return state

    def meet(
        self, state: GameState, h: Any, who: list[str], events: Events
    ) -> tuple[GameState, list[str]]:
        """Both wanted to run afoul: the fewest points plotted (equal: furthest north)
        keeps her facing and takes the hex (or keeps hers), the other conforms."""
        grid = hextable.grid_of(self.rs, state)

        def rank(sid: str) -> tuple[int, float]:
            st = ship_of(state, sid)
            return st.plot_points, -grid.centre(st.hex)[1]

        keeper, other = sorted(who, key=rank)
        k = ship_of(state, keeper)
        if k.hex != h and not board.occupants(state, h):  # into the empty hex
            state = self.tried(state, keeper, lambda s: self.ahead(s, k, events), events)
        else:  # into each other's: she holds hers, her step spent
            state = self.put(state, replace(k, points=max(0, k.points - 1)))
        k, o = ship_of(state, keeper), ship_of(state, other)
        if board.step(o.hex, o.facing) != k.hex or state.side_of(o.id) == state.side_of(k.id):
            events.append(ev.PlotStopped(other, f"{keeper} took the hex she steered for"))
        else:
            events.append(ev.BothAfoul(keeper, other))
            state = self.run_afoul(state, o, k, events)
        for sid in who:
            state = state.with_ship(replace(ship_of(state, sid), plot=()))
        return state, who

    def tried(self, state: GameState, sid: str, step: Any, events: Events) -> GameState:
        """A step as the sequential rules take it; one they refuse (the hex ahead was
        a friend's, say) stops her and her plot lapses."""
        try:
            state, stop = step(state)
        except IllegalAction as e:
            events.append(ev.PlotStopped(sid, str(e)))
            return state.with_ship(replace(ship_of(state, sid), plot=()))
        if stop or ship_of(state, sid).afoul is not None:
            state = state.with_ship(replace(ship_of(state, sid), plot=()))
        return state
