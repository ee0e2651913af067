"""The referee's fire ruling on the hex table: which broadside's zone holds the target,
the hexes between on the clearest line, what stops the others, and the dice — worked by
the same board functions the game fires with, so ``tabletop fire``, the window's line of
fire and its fire zones say what the engine will do.

The table is taken as it stands with every ship whole (a scenario, or a game's table:
damage is the game's, and ``tabletop run`` shows it); the dice are her full power less
the hexes between, with the enfilade, training and low-target adjustments.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

import numpy as np
import shapely

from tabletop.engine.state import GameState, initial_state
from tabletop.geometry.hexgrid import (
    HexGrid,
    blocked_by,
    distance,
    hex_corners,
    in_wedge,
    place,
)
from tabletop.model.scenario import Scenario, Ship
from tabletop.referee.fire import FireRuling, Proof
from tabletop.rules import hextable
from tabletop.rules.escadres import board
from tabletop.rules.escadres.board import Board
from tabletop.rules.escadres.game import EscadresGame
from tabletop.rules.escadres.host import Host
from tabletop.rules.escadres.ship import EscadresShip, power

Ring = tuple[tuple[float, float], ...]


class Referee(Host, Protocol):
    """The ruleset as a ruling on a scenario's table reads it: its game's host, the grid
    in the scenario's unit, and the ships laid on their hexes."""

    def grid_in(self, unit: str) -> HexGrid: ...
    def on_hexes(self, state: GameState) -> GameState: ...


def zone_hexes(ship: EscadresShip, side: str, reach: int) -> set[tuple[int, int]]:
    """The hexes of a broadside's fire zone within ``reach`` of either of her hexes."""
    k = (ship.facing + board.BROADSIDES[side]) % 6
    out = set()
    for origin in ship.hexes:
        for dq in range(-reach, reach + 1):
            for dr in range(max(-reach, -dq - reach), min(reach, -dq + reach) + 1):
                h = (origin[0] + dq, origin[1] + dr)
                if in_wedge(origin, k, h):
                    out.add(h)
    return out


def zone_ring(grid: HexGrid, hexes: set[tuple[int, int]]) -> np.ndarray:
    """The outline of a zone's hexes (the largest part, should the two wedges part)."""
    cells = shapely.union_all(shapely.polygons([hex_corners(grid, h) for h in sorted(hexes)]))
    parts = getattr(cells, "geoms", [cells])
    biggest = max(parts, key=lambda p: p.area)
    return np.asarray(shapely.get_coordinates(biggest.exterior)[:-1])


def arc_outlines(rs: Referee, scn: Scenario, ship: Ship) -> list[tuple[Any, bool]]:
    """Both broadsides' fire zones, as far as her power throws a die."""
    grid = rs.grid_in(scn.units)
    bow, facing = place(grid, ship.pose, 2)
    st = EscadresShip(ship.id, ship.pose, bow=bow, facing=facing)
    reach = max(1, power(ship.cls))
    return [(zone_ring(grid, zone_hexes(st, side, reach)), True) for side in board.BROADSIDES]


def fire_ruling(rs: Referee, scn: Scenario, i: int, j: int) -> FireRuling:
    """Ship ``i`` firing at ship ``j`` as the engine would rule it now."""
    state = rs.on_hexes(initial_state(scn))
    f, t = state.ships[i], state.ships[j]
    assert isinstance(f, EscadresShip) and isinstance(t, EscadresShip)
    grid = rs.grid_in(scn.units)
    arcs = [
        side
        for side, k in board.BROADSIDES.items()
        if any(in_wedge(fh, (f.facing + k) % 6, th) for fh in f.hexes for th in t.hexes)
    ]
    side = arcs[0] if arcs else None
    base: dict[str, Any] = dict(firer=f.id, target=t.id, units=scn.units, arcs=arcs)
    if side is None:
        reason = f"{t.id} is in neither of {f.id}'s fire zones"
        return FireRuling(**base, arc=None, range=None, range_band=None, line_of_fire=None,
                          blocked_by=[], visible_fraction=0.0, rake=None, can_fire=False,
                          reasons=[reason], to_hit=None)  # fmt: skip
    zone = zone_ring(grid, zone_hexes(f, side, max(1, power(scn.ships[i].cls))))
    between, why = board.line_of_fire(rs, state, f, t, side)
    ray, blocked = _ray(rs, state, f, t, side, grid)
    dice, enf, low = (0, False, False)
    if between is not None:
        dice, enf, low = EscadresGame(rs).fire_dice(state, f, t, between)
    reasons = []
    if state.side_of(t.id) == state.side_of(f.id):
        reasons.append(f"{t.id} is a ship of {f.id}'s own side")
    if between is None:
        reasons.append(f"no fire through {', '.join(why)}")
    elif dice <= 0:
        reasons.append(f"{f.id} has no dice at {t.id} ({between} hexes between)")
    band = None if between is None else f"{between} hexes between" + (
        "; enfilade" if enf else "") + ("; low target" if low else "")  # fmt: skip
    (x0, y0), (x1, y1) = ray
    return FireRuling(
        **base,
        arc=side,
        range=math.hypot(x1 - x0, y1 - y0),
        range_band=band,
        line_of_fire="clear" if between is not None else "blocked",
        blocked_by=list(why) if between is None else [],
        visible_fraction=float(between is not None),
        rake=None,
        can_fire=not reasons,
        reasons=reasons,
        to_hit=None,
        dice=max(0, dice),
        proof=Proof(arc=tuple(map(tuple, zone)), ray=ray, blocked=blocked),
    )


def _ray(
    rs: Board, state: Any, f: EscadresShip, t: EscadresShip, side: str, grid: HexGrid
) -> tuple[Ring, tuple[Ring, ...]]:
    """The line the ruling rests on — the nearest clear pair of hexes in the zone, else
    the nearest pair — and the hexes that stop it."""
    k = (f.facing + board.BROADSIDES[side]) % 6
    pairs = sorted((distance(a, b), a, b) for a in f.hexes for b in t.hexes if in_wedge(a, k, b))
    friends = {
        h
        for s in board.ships(state)
        if s.out is None and s.id != f.id and state.side_of(s.id) == state.side_of(f.id)
        for h in s.hexes
    }

    def stops(h: tuple[int, int]) -> bool:
        return h in friends or hextable.is_land(rs, state, h)

    chosen = pairs[0]
    cells: list[tuple[tuple[int, int], ...]] = blocked_by(chosen[1], chosen[2], stops, rs.along)
    for pair in pairs:
        got = blocked_by(pair[1], pair[2], stops, rs.along)
        if not got:
            chosen, cells = pair, []
            break
    a, b = grid.centre(chosen[1]), grid.centre(chosen[2])
    rings = tuple(tuple(hex_corners(grid, h)) for cell in cells for h in cell)
    return (a, b), rings
