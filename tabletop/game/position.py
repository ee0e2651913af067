"""A game's position as a scenario of its own: every ship where she stands now.

A referee branches a disputed position out of a game (``tabletop run SCENARIO LOG
--position OUT.toml``, the window's "this position as a new scenario") and rules on it
with the queries.  The wind is written as it blows now.  What a scenario can hold of a
ship's state is carried: her pose, and
the per-ship fields her ruleset's classes take that the game's table has changed (a
Frigate ship's crew and mast hits).  A ship no longer on the table (sunk, drifted or
sailed off) is left out; what a scenario cannot say (a ship struck, her hull boxes lost
where the classes carry none) is named in the notes returned, so nothing is lost unsaid.
"""

from __future__ import annotations

from typing import Any

from tabletop.data.files import Reads
from tabletop.data.save import save_scenario
from tabletop.engine.state import GameState
from tabletop.game.load import CLASS_FIELDS
from tabletop.geometry.pose import Pose


def position(state: GameState) -> tuple[dict[str, Pose], dict[str, dict[str, Any]], list[str]]:
    """The poses, the per-ship fields and the ships gone of the game's table now."""
    rs = state.scenario.ruleset
    table = state.table()
    takes = {*CLASS_FIELDS, *rs.data.class_fields}
    poses: dict[str, Pose] = {}
    fields: dict[str, dict[str, Any]] = {}
    gone: list[str] = []
    for ship in table.ships:
        if rs.gone(state, ship.id) is not None:
            gone.append(ship.id)
            continue
        poses[ship.id] = ship.pose
        was = state.scenario.ship(ship.id).cls.fields
        now = {
            k: v for k, v in ship.cls.fields.items() if k in takes and v != was.get(k, 0) and v
        }
        if now:
            fields[ship.id] = now
    gone += [s.id for s in state.scenario.ships if s.id not in poses and s.id not in gone]
    return poses, fields, gone


def write_position(state: GameState, out: str, reads: Reads = ()) -> list[str]:
    """Write the position as a scenario at ``out`` (atomically, never over a file the
    command reads); the notes say what it leaves out or cannot carry."""
    poses, fields, gone = position(state)
    scn = state.scenario
    now = state.table().wind
    wind: dict[str, Any] = {"from": round(now.from_deg, 6)}
    if now.strength is not None:
        wind["strength"] = now.strength
    if scn.wind.roll:  # the wind the game rolled at its start is the wind now
        wind["roll"] = False
    save_scenario(scn.source, out, poses, fields, gone, reads, wind)
    rs = scn.ruleset
    notes = [f"{s} is left out: {rs.gone(state, s) or 'no longer on the table'}" for s in gone]
    notes += [
        f"{s.id} has struck her colours: the scenario has her as a ship, unstruck"
        for s in state.ships
        if s.struck and s.id in poses
    ]
    return notes
