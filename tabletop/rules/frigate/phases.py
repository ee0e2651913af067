"""The two phases of Frigate's game-turn the text calls "standard" and does not print:
the Wind Direction and Velocity Determination Phase (a) and the Damage Control Phase (e).
Both are the project's rulings, their numbers in the template (``[wind_change]``,
``[damage_control]``), each asked for by a scenario option (``changing_wind``,
``damage_control``) so that a scenario's fixed wind and the recorded games stand.

The wind (a ruling consistent with every wind number the text gives): at the start of
each game-turn after the first, one die for its direction (a 1 backs it a hexside, a 6
veers it one, by the template) and one for its strength (a 1 drops it a level, a 6
raises it one, between Calm and Fresh).  The wind always enters by a hexside: it blows
from one of the grid's six facings.  With the optional no-wind rule (``no_wind``), a
Calm wind that drops a level dies away (the text's rule for a table of changes by
levels); no direction die while there is no wind; a wind rising out of no wind is Calm,
and a die gives its new direction, 1 north, 2 the next hexside clockwise, and so on.

Damage control (a ruling): at the end of each game-turn, every ship afloat and not
struck rolls a die for each kind of hit she carries; the template's face or better takes
one hit of that kind off (the text: removing all crew hits restores two-sided fire).  A
dismasted ship's masts are beyond repair in a battle.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState
from tabletop.geometry.hexgrid import HexGrid
from tabletop.rules.frigate import events as ev
from tabletop.rules.frigate.config import Moves, Repair, Weather
from tabletop.rules.frigate.ship import ship_of, ships


class Phases(Protocol):
    """What the two phases read of the ruleset: the template's wind and repair tables,
    its wind strengths and dismasting, the grid's headings, and the wind now."""

    @property
    def weather(self) -> Weather: ...
    @property
    def repair(self) -> Repair: ...
    @property
    def moves(self) -> Moves: ...
    @property
    def grid(self) -> HexGrid: ...
    def strength(self, state: GameState) -> str: ...
    def wind_facing(self, state: GameState) -> int: ...


def change_wind(rs: Phases, state: GameState, dice: Dice, events: Events) -> GameState:
    """Phase a: the wind's new direction and strength, rolled, logged and kept."""
    wx = rs.weather
    levels = rs.moves.strengths
    now, facing = rs.strength(state), rs.wind_facing(state)
    rolled: list[int] = []
    if now == rs.moves.no_wind:
        die = dice.roll(1, "wind strength")[0]
        rolled.append(die)
        if wx.change[die - 1] > 0:
            die = dice.roll(1, "wind direction")[0]
            rolled.append(die)
            now, facing = levels[0], wx.new_from[die - 1]
    else:
        die, up = dice.roll(1, "wind direction")[0], dice.roll(1, "wind strength")[0]
        rolled += [die, up]
        facing = (facing + wx.veer[die - 1]) % 6
        k = levels.index(now) + wx.change[up - 1]
        dies = k < 0 and bool(state.scenario.options.get("no_wind"))
        now = rs.moves.no_wind if dies else levels[max(0, min(len(levels) - 1, k))]
    heading = rs.grid.heading(facing)
    events.append(ev.Wind(heading, now, rolled, still=now == rs.moves.no_wind))
    return replace(state, wind_from=heading, wind_strength=now)


def damage_control(rs: Phases, state: GameState, dice: Dice, events: Events) -> GameState:
    """Phase e: a die for each kind of hit a ship afloat carries; one comes off on the
    template's face or better (masts not once she is dismasted)."""
    fix = rs.repair
    for st in ships(state):
        if st.lost:
            continue
        crew, masts = st.crew_hits, st.mast_hits
        if crew:
            die = dice.roll(1, f"damage control of {st.id}: crew")[0]
            crew -= die >= fix.crew
            events.append(ev.DamageControl(st.id, "crew", die, crew))
        if masts and masts < rs.moves.dismasted_at:
            die = dice.roll(1, f"damage control of {st.id}: masts")[0]
            masts -= die >= fix.masts
            events.append(ev.DamageControl(st.id, "masts", die, masts))
        state = state.with_ship(replace(ship_of(state, st.id), crew_hits=crew, mast_hits=masts))
    return state
