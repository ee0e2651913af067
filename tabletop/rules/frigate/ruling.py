"""The referee's fire ruling on the Frigate hex table: which field of fire holds the
target (a broadside's, or the bow or stern chasers'), the range in hexes, the hexes the
line between the two centres crosses and those that stop it, the rake, her gunnery
strength after crew hits, and the odds on the combat results table — weighed by the very
functions the game fires with (:meth:`Combat.broadside`, :meth:`Combat.chasers`), so
``tabletop fire``, the window's fire fields and the engine never disagree.

A scenario is ruled as it stands before the first shot of a turn: every ship as the
scenario lays her (with the crew and mast hits it gives her), nothing fired yet this
turn.  A game's state is ruled as it is (:func:`rule`), with what she has fired.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Any, Protocol

import numpy as np
import shapely

from tabletop.common.errors import IllegalAction
from tabletop.engine.state import GameState, initial_state
from tabletop.geometry.hexgrid import (
    Hex,
    HexGrid,
    blocked_by,
    crossing,
    distance,
    hex_corners,
    place,
)
from tabletop.model.scenario import Scenario, Ship
from tabletop.referee.fire import FireRuling, Proof
from tabletop.rules import hextable
from tabletop.rules.frigate import board
from tabletop.rules.frigate.board import Board
from tabletop.rules.frigate.game import FrigateGame
from tabletop.rules.frigate.host import Host
from tabletop.rules.frigate.ship import FrigateShip, ship_of, ships

Ring = tuple[tuple[float, float], ...]
#: The SPEC's arc words for the chase guns' fields.
CHASE_ARC = {"bow": "fore", "stern": "aft"}


class Referee(Host, Protocol):
    """The ruleset as a ruling on a scenario's table reads it: its game's host, the grid
    in the scenario's unit, and the hits a ship's entry gives her."""

    def grid_in(self, unit: str) -> HexGrid: ...
    def damaged(self, st: FrigateShip, ship: Ship) -> FrigateShip: ...


def opening(rs: Referee, scn: Scenario) -> GameState:
    """The scenario's table as a game in its first segment: ships on their hexes, with
    the hits the scenario gives them (a referee's question about a damaged ship)."""
    state = initial_state(scn)
    grid = rs.grid_in(scn.units)
    for s in scn.ships:
        h, facing = place(grid, s.pose, 1)
        st = FrigateShip(s.id, s.pose, hex=h, facing=facing)
        state = state.with_ship(rs.damaged(st, s))
    return replace(state, phase=1)


def field_hexes(rs: Host, state: GameState, st: FrigateShip, arc: str) -> set[Hex]:
    """The on-table hexes of one field of fire (``port``, ``starboard``, ``fore``,
    ``aft``) as far as its guns reach."""
    chase = {v: k for k, v in CHASE_ARC.items()}
    far = reach(rs, arc)
    out = set()
    q0, r0 = st.hex
    for dq in range(-far, far + 1):
        for dr in range(max(-far, -dq - far), min(far, -dq + far) + 1):
            h = (q0 + dq, r0 + dr)
            held = board.chasers_at(st, h) if arc in chase else board.broadside_at(st, h)
            if held == chase.get(arc, arc) and hextable.on_table(rs, state, h):
                out.add(h)
    return out


def reach(rs: Host, arc: str) -> int:
    """How many hexes the guns of a field reach: the chasers', or a broadside's."""
    return rs.combat.chase_range if arc in ("fore", "aft") else rs.combat.broadside_range


def ring_of(grid: HexGrid, hexes: set[Hex]) -> np.ndarray:
    """The outline of a field's hexes (its largest part, should the table cut it)."""
    polys = shapely.polygons([hex_corners(grid, h) for h in sorted(hexes)])
    # corners shared by neighbours are worked apart: snapped, so the union has no slits
    cells = shapely.union_all(shapely.set_precision(polys, grid.size * 1e-6))
    biggest = max(getattr(cells, "geoms", [cells]), key=lambda p: p.area)
    return np.asarray(shapely.get_coordinates(biggest.exterior)[:-1])


def arc_outlines(rs: Referee, scn: Scenario, ship: Ship, bands: bool) -> list[tuple[Any, bool]]:
    """Both broadsides' fields (filled) and, with ``bands``, the chasers' (outlined)."""
    grid = rs.grid_in(scn.units)
    h, facing = place(grid, ship.pose, 1)
    st = FrigateShip(ship.id, ship.pose, hex=h, facing=facing)
    state = initial_state(scn)
    arcs = [("starboard", True), ("port", True)]
    if bands:
        arcs += [("fore", False), ("aft", False)]
    out: list[tuple[Any, bool]] = []
    for arc, filled in arcs:
        hexes = field_hexes(rs, state, st, arc)
        if hexes:
            out.append((ring_of(grid, hexes), filled))
    return out


def fire_ruling(rs: Referee, scn: Scenario, i: int, j: int, high: bool) -> FireRuling:
    """Ship ``i`` firing at ship ``j`` on the scenario's table; ``high``: at her rigging."""
    return rule(rs, opening(rs, scn), scn.ships[i].id, scn.ships[j].id, high)


def rule(rs: Host, state: GameState, firer: str, target: str, high: bool) -> FireRuling:
    """The ruling on a game's state as the engine would fire now (hull, or rigging)."""
    f, t = ship_of(state, firer), ship_of(state, target)
    game = FrigateGame(rs)
    side = f.side_in if f.afoul == t.id else board.broadside_at(f, t.hex)
    chase = None if side is not None else board.chasers_at(f, t.hex)
    arc = side or (CHASE_ARC[chase] if chase else None)
    base: dict[str, Any] = dict(firer=f.id, target=t.id, units=state.scenario.units)
    base["arcs"] = [arc] if arc else []
    grid = hextable.grid_of(rs, state)
    (x0, y0), (x1, y1) = a, b = grid.centre(f.hex), grid.centre(t.hex)
    n = distance(f.hex, t.hex)
    stops = board.blockers(rs, state, f, t)
    screen = board.screened_by(state, t, f)
    blocking = stops + ([screen] if screen else [])
    reasons: list[str] = []
    to_hit: dict[str, Any] | None = None
    dice = 0
    try:
        if side is not None:
            shot = game.broadside(state, f, t)
            to_hit, dice = odds(rs, state, t, shot, high), 1
        elif chase is not None:
            game.chasers(state, f, t)
            to_hit, dice = chase_odds(rs), rs.combat.chase_dice
        else:
            reasons.append(f"{t.id} is in none of {f.id}'s fields of fire")
    except IllegalAction as e:
        reasons.append(str(e))
    if arc is not None and n > reach(rs, arc) and f.afoul != t.id:
        arc = None  # her guns' field ends where they reach (the chasers' 7 hexes)
        base["arcs"] = []
    zone = field_hexes(rs, state, f, arc) if arc else set()
    return FireRuling(
        **base,
        arc=arc,
        range=math.hypot(x1 - x0, y1 - y0),
        range_band=f"{n} hexes",
        line_of_fire="blocked" if blocking else "clear",
        blocked_by=blocking,
        visible_fraction=0.0 if blocking else 1.0,
        rake=board.rake(f, t) if side is not None else None,
        can_fire=not reasons,
        reasons=reasons,
        to_hit=to_hit,
        dice=dice if not reasons else 0,
        proof=proof(rs, state, f, t, zone, (a, b)),
        decked=False,
    )


def proof(
    rs: Board, state: GameState, f: FrigateShip, t: FrigateShip, zone: set[Hex], ray: Ring
) -> Proof:
    """The field's outline, the line between the centres, the hexes it crosses that let
    it pass (``clear``) and those that stop it (``blocked``, a ship's or a pair of
    hexes it runs between)."""
    grid = hextable.grid_of(rs, state)
    held = {s.hex for s in ships(state) if s.out is None and s.id not in (f.id, t.id)}
    between = crossing(f.hex, t.hex).between() if f.hex != t.hex else ()
    cells = blocked_by(f.hex, t.hex, held.__contains__, rs.along) if between else []
    stopped = {h for cell in cells for h in cell if h in held}
    passed = [h for h in between if h not in stopped]
    return Proof(
        arc=tuple(map(tuple, ring_of(grid, zone))) if zone else (),
        ray=ray,
        clear=tuple(tuple(hex_corners(grid, h)) for h in passed),
        blocked=tuple(tuple(hex_corners(grid, h)) for h in sorted(stopped)),
    )


def odds(rs: Host, state: GameState, t: FrigateShip, shot: Any, high: bool) -> dict[str, Any]:
    """The broadside's odds column and the chance of each number of hits on one die."""
    game = FrigateGame(rs)
    aim = "rigging" if high else "hull"
    mod = game.aim_modifier(state, t, aim)
    mods = [{"name": "fighting sail (at her rigging)", "value": mod}] if mod else []
    hits: dict[int, Fraction] = {}
    if shot.column >= 0:
        for face in range(1, 7):
            k = _hits(rs, face + mod, shot.column)
            hits[k] = hits.get(k, Fraction(0)) + Fraction(1, 6)
    need = min((f for f in range(1, 7) if hits and _hits(rs, f + mod, shot.column)), default=None)
    p = 1 - hits.get(0, Fraction(1)) if hits else Fraction(0)
    name = game.odds_name(shot.column) if shot.column >= 0 else None
    kind = "mast" if high else "crew"
    spread = ", ".join(f"{k}: {v}" for k, v in sorted(hits.items()))
    reach = game.odds_name(shot.base) if shot.base >= 0 else "under the table"
    moved = "".join(f"; {why}: {-k} column{'s' if k < -1 else ''} less" for why, k in shot.shifts)
    return {
        "odds": name,
        "odds_reached": reach if shot.base >= 0 else None,
        "column_shifts": [{"name": why, "value": k} for why, k in shot.shifts],
        "strength": shot.strength,
        "defence": shot.defence,
        "second_side": shot.second,
        "aim": aim,
        "hits_are": kind,
        "need": need,
        "modifiers": mods,
        "p_hit": round(float(p), 4),
        "p_hit_fraction": str(p),
        "hits": {str(k): str(v) for k, v in sorted(hits.items())},
        "text": (
            f"strength {shot.strength} against defence {shot.defence} ({reach}{moved}): "
            + (f"odds {name}, {kind} hits on one die ({spread})" if name else "no hit possible")
        ),
    }


def chase_odds(rs: Host) -> dict[str, Any]:
    """Chasers: every die of ``chase_dice`` showing ``chase_face`` is one mast hit."""
    cb = rs.combat
    p = Fraction(1, 6) ** cb.chase_dice
    return {
        "odds": None,
        "hits_are": "mast",
        "need": cb.chase_face,
        "modifiers": [],
        "p_hit": round(float(p), 4),
        "p_hit_fraction": str(p),
        "hits": {"0": str(1 - p), "1": str(p)},
        "text": f"chase guns: {cb.chase_dice} dice, all {cb.chase_face}s a mast hit (p = {p})",
    }


def _hits(rs: Host, die: int, column: int) -> int:
    """The table's hits for a modified die (under 1 reads as 1, over 6 as 6)."""
    return rs.combat.crt[max(1, min(6, die))][column]
