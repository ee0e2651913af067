"""The hex board of a Frigate game: who stands where, how the wind meets a ship, the
fields of fire, the line of fire, raking and screening.  Pure functions of the state.

The wind enters a ship's hex through one hexside (ruling: the one nearest where it
blows from).  Her **attitude** to it counts hexsides from her bow: 0 the front hexside
(dead to windward), 1 a side-front, 2 a side-rear, 3 the rear.

Fields of fire (the standard game's, not in our text: a ruling): each broadside fires
into the 60° wedge abeam, between the side-front and side-rear hexsides' directions,
both edges included; the chase guns into every other hex (the text), the bow chasers
ahead of her beam, the stern chasers abaft it.
"""

from __future__ import annotations

import math
from typing import Protocol

from tabletop.engine.state import GameState
from tabletop.geometry.hexgrid import (
    DIRECTIONS,
    Hex,
    add,
    blocked_by,
    facing_gap,
    in_wedge,
    neighbour,
    ship_pose,
    side_of,
)
from tabletop.geometry.pose import Pose
from tabletop.rules.frigate.ship import FrigateShip, ships
from tabletop.rules.hextable import Gridded, grid_of

#: Each broadside's wedge: the facing (from the bow) of its first edge.
BROADSIDES = {"starboard": 1, "port": 4}
#: Each set of chase guns: the wedges (from the bow) it covers.
CHASERS = {"bow": (5, 0), "stern": (2, 3)}


class Board(Gridded, Protocol):
    """What the board reads of the ruleset: its grid in the template's unit, how many of
    a scenario's unit make one of the template's, and whether a line running along a
    hexside is stopped by either hex held or only by both (``along``)."""

    @property
    def along(self) -> str: ...



def attitude(wind_facing: int, facing: int) -> int:
    """Hexsides from her bow to the one the wind enters by: 0 front ... 3 rear."""
    return facing_gap(wind_facing, facing)


def downwind(wind_facing: int) -> Hex:
    """The step a hex downwind (the wind enters by ``wind_facing`` and blows across)."""
    return DIRECTIONS[(wind_facing + 3) % 6]


def occupants(state: GameState, h: Hex) -> list[FrigateShip]:
    """The ships on hex ``h`` (two when they lie afoul); ships gone stand nowhere."""
    return [s for s in ships(state) if s.out is None and s.hex == h]




def pose_of(rs: Board, state: GameState, st: FrigateShip) -> Pose:
    """Her table pose from her hex; afoul, she lies a quarter hex to the side away from
    the ship alongside her (so both bases show)."""
    grid = grid_of(rs, state)
    p = ship_pose(grid, st.hex, st.facing, 1)
    if st.afoul is None:
        return p
    away = p.heading + (-90.0 if st.side_in == "starboard" else 90.0)
    d = grid.size / 4.0
    r = math.radians(away)
    return Pose(p.x + d * math.sin(r), p.y + d * math.cos(r), p.heading)


def side_towards(st: FrigateShip, h: Hex) -> str | None:
    """Which of her sides faces hex ``h`` (None: dead ahead or astern, or her own)."""
    return side_of(st.hex, st.facing, h)


def broadside_at(firer: FrigateShip, h: Hex) -> str | None:
    """The broadside whose field of fire holds hex ``h``, or None."""
    for side, k in BROADSIDES.items():
        if in_wedge(firer.hex, (firer.facing + k) % 6, h):
            return side
    return None


def chasers_at(firer: FrigateShip, h: Hex) -> str | None:
    """The chase guns whose field holds hex ``h`` (no broadside's field does), or None."""
    if h == firer.hex or broadside_at(firer, h) is not None:
        return None
    for name, wedges in CHASERS.items():
        if any(in_wedge(firer.hex, (firer.facing + k) % 6, h) for k in wedges):
            return name
    return None


def rake(firer: FrigateShip, target: FrigateShip) -> str | None:
    """``bow`` from the hex adjacent to her bow, ``stern`` from the one at her stern."""
    if firer.hex == neighbour(target.hex, target.facing):
        return "bow"
    if firer.hex == neighbour(target.hex, target.facing + 3):
        return "stern"
    return None


def blockers(rs: Board, state: GameState, a: FrigateShip, b: FrigateShip) -> list[str]:
    """The ships whose hexes the line between the two hexes' centres passes through
    (a hexside it runs along blocks it only when both hexes hold ships: ``along``)."""
    if a.hex == b.hex:
        return []
    held = {s.hex: s.id for s in ships(state) if s.out is None and s.id not in (a.id, b.id)}
    cells = blocked_by(a.hex, b.hex, lambda h: h in held, rs.along)
    out: list[str] = []
    for cell in cells:
        for h in cell:
            if h in held and held[h] not in out:
                out.append(held[h])
    return out


def screened_by(state: GameState, target: FrigateShip, firer: FrigateShip) -> str | None:
    """The ship afoul of the target that shields her from this firer: the firer lies on
    the side of her where that ship lies alongside (never the ship afoul itself)."""
    if target.afoul is None or target.afoul == firer.id:
        return None
    if side_towards(target, firer.hex) == target.side_in:
        return target.afoul
    return None


def step(h: Hex, facing: int) -> Hex:
    return add(h, DIRECTIONS[facing % 6])
