"""What every hex game's ruleset shares: the grid its template lays on the table (its
``[hex]`` section, :func:`read_hex_grid`), ships snapped onto their hexes at the nearest
facing, the overlay the window draws, the wind entering through a hexside, and turns of
one hexside.  Escadres (two hexes a ship) and Frigate (one) subclass it; a ruleset
package, not this module, decides the rules."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, Protocol

import shapely

from tabletop.common.units import convert
from tabletop.data.reader import Reader
from tabletop.engine.state import GameState
from tabletop.geometry.hexgrid import ORIENTATIONS, Hex, HexGrid, place, ship_hexes, ship_pose
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario, ShipClass
from tabletop.referee import reckon
from tabletop.rules.base import Ruleset
from tabletop.rules.clients import Data, Look

#: The finest hex grid a template may lay: a millimetre across the flats, the precision
#: a referee quotes ranges to.
MIN_HEX_CM = 0.1


def read_hex_grid(r: Reader, data: dict[str, Any], units: str) -> tuple[HexGrid, str]:
    """A hex game's ``[hex]`` overlay in the template's unit, and its ruling for lines
    run along a hexside (``along``: which of the two hexes must stop them)."""
    h = r.table(data, "", "hex")
    size = r.length(h, "hex", "size", units)
    least = convert(MIN_HEX_CM, "cm", units)
    if size < least:  # a grid finer than the table is measured cannot be laid or drawn
        r.error("hex.size", f"a length of at least 1 mm ({least:g} {units})", h.get("size"))
        size = 1.0
    orient = r.string(h, "hex", "orientation", default="flat", choices=tuple(ORIENTATIONS))
    origin = r.value(h, "hex", "origin")
    ok = isinstance(origin, list) and len(origin) == 2
    ok = ok and all(isinstance(v, int | float) and not isinstance(v, bool) for v in origin)
    if not ok:
        r.error("hex.origin", "[x, y]: where hex (0, 0)'s centre stands", origin)
        origin = [0.0, 0.0]
    along = r.string(h, "hex", "along", default="both", choices=("both", "either"))
    return HexGrid(size, orient, (float(origin[0]), float(origin[1]))), along


class Gridded(Protocol):
    """What the board's geometry reads of a hex game: its grid in the template's unit."""

    @property
    def units(self) -> str: ...
    @property
    def grid(self) -> HexGrid: ...


def grid_in(rs: Gridded, unit: str) -> HexGrid:
    """The grid in ``unit`` (the template lays it in its own)."""
    return rs.grid.scaled(reckon.scale(rs, unit))


def grid_of(rs: Gridded, state: GameState) -> HexGrid:
    """The grid in the unit of the scenario being played."""
    return grid_in(rs, state.scenario.units)


def on_table(rs: Gridded, state: GameState, h: Hex) -> bool:
    """Ruling: a hex is on the table when its centre is."""
    x, y = grid_of(rs, state).centre(h)
    return bool(state.scenario.holds(x, y))


def is_land(rs: Gridded, state: GameState, h: Hex) -> bool:
    """Ruling: a hex is land when its centre is in a land polygon."""
    x, y = grid_of(rs, state).centre(h)
    pt = shapely.Point(x, y)
    return any(t.polygon.covers(pt) for _, t in state.scenario.land())


class HexTableLook(Look):
    """What the window asks of a hex game."""

    rs: HexTable

    def hex_overlay(self, scn: Scenario) -> tuple[HexGrid, dict[str, tuple[Hex, ...]]]:
        """The grid in the scenario's unit and each ship's hexes, bow first."""
        grid = self.rs.grid_in(scn.units)
        n = self.rs.length
        return grid, {s.id: ship_hexes(*place(grid, s.pose, n), n) for s in scn.ships}


class HexTableData(Data):
    """What the loader asks of a hex game."""

    rs: HexTable

    def place(self, pose: Pose, cls: ShipClass, unit: str) -> Pose:
        """Snapped onto her hexes: the nearest facing, her bow hex where her bow lies."""
        grid = self.rs.grid_in(unit)
        bow, facing = place(grid, pose, self.rs.length)
        return ship_pose(grid, bow, facing, self.rs.length)


class HexTable(Ruleset):
    """A ruleset played on a hex overlay; ``length``: the hexes a ship stands on."""

    caps = replace(
        Ruleset.caps,
        fixed_turn=60.0,  # a turn is one hexside (the window turns a ship by it)
    )
    _look = HexTableLook
    _data = HexTableData

    length: ClassVar[int] = 1
    grid: HexGrid  # in the template's unit, read by the ruleset's ``read_extra``

    def grid_in(self, unit: str) -> HexGrid:
        return grid_in(self, unit)

    def wind_facing(self, state: GameState) -> int:
        """Ruling: the wind enters through the hexside nearest where it blows from."""
        w = state.wind_from if state.wind_from is not None else state.scenario.wind.from_deg
        return self.grid.facing_of(w)
