"""The referee's simple rulings: point of sail and allowance; measurement."""

from __future__ import annotations

from typing import Any

import shapely

from tabletop.common.errors import TabletopError
from tabletop.common.units import TOL
from tabletop.geometry.angles import relative_wind, wind_side
from tabletop.geometry.measure import bearings, centre_distance, edge_distance
from tabletop.model.scenario import Scenario
from tabletop.referee import reckon
from tabletop.referee.fire import round4


def sail(scn: Scenario, ship_id: str) -> dict[str, Any]:
    """Point of sail and movement allowance (SPEC §3 ``sail``)."""
    ship = scn.ship(ship_id)
    theta = float(relative_wind(scn.wind.from_deg, ship.pose.heading))
    sector = reckon.sector(scn.ruleset, theta)
    least, most = scn.ruleset.laid_allowance(scn, ship)
    irons = scn.ruleset.caps.irons_head_to_wind and theta < TOL  # it said "luffing, 0 to 10"
    if irons:
        least = most = 0.0
    return {
        "ship": ship.id,
        "ruleset": scn.ruleset.name,
        "units": scn.units,
        "heading": round4(ship.pose.heading),
        "wind_from": round4(scn.wind.from_deg),
        "relative_wind": round4(theta),
        "wind_side": wind_side(scn.wind.from_deg, ship.pose.heading),
        # head to wind is named for what it is, never for the sector it lies in
        "point_of_sail": "in_irons" if irons else sector.name,
        "allowance": round4(most),
        "allowance_min": round4(least),
        "sail_point": None if irons else sector.code or None,
        "allowance_unit": scn.ruleset.allowance_unit(scn.units),
        "in_irons": irons,
        # a sector that ends a forward move at once while her allowance still counts
        # actions (Hold Fast head to wind: turns, sail changes and anchors)
        "forward_barred": sector.ends_move and sector.factor == 0 and most > 0,
    }


def sail_text(d: dict[str, Any], instead: str | None = None, left: str | None = None) -> str:
    """The ``sail`` ruling in a line; ``instead`` of the allowance, where the game says
    she may not sail now whatever her point of sail (in irons), why not; ``left``: what
    is left of her move now, where it is not that allowance (``Session.left``)."""
    side = d["wind_side"]
    wind = f"wind {d['relative_wind']:g}° off the bow" + (
        f", over the {side}" if side in ("port", "starboard") else f", {side}"
    )
    rng = (
        f"{d['allowance']:g} {d['allowance_unit']}"
        if d["allowance_min"] == d["allowance"]
        else f"0 to {d['allowance']:g} {d['allowance_unit']}, by choice"
        if d["allowance_min"] == 0
        else f"{d['allowance_min']:g} to {d['allowance']:g} {d['allowance_unit']}"
    )
    code = f" (sail point {d['sail_point']})" if d.get("sail_point") else ""
    head = f"{d['ship']}: heading {d['heading']:g}, {wind}"
    if d.get("in_irons") and not instead:
        instead = "head to wind, she is in irons ('recover' to come out)"
    rest = f"no move now: {instead}" if instead else f"allowance {rng}"
    if d.get("forward_barred") and not instead:
        rest += ", but no forward move head to wind"
    if left and not instead:
        rest += f"; now, {left}"
    return f"{head}: {d['point_of_sail'].replace('_', ' ')}{code}; {rest}"


def measure(scn: Scenario, a_id: str, b_id: str) -> dict[str, Any]:
    """Distances and bearings between two ships (SPEC §3 ``measure``)."""
    if a_id == b_id:  # it gave a bearing of "265°" at no distance at all
        raise TabletopError(f"expected two different ships, found '{a_id}' twice")
    a, b = scn.ship(a_id), scn.ship(b_id)
    pa, pb = a.base_polygon(), b.base_polygon()
    brg, rel = bearings(a.pose.x, a.pose.y, a.pose.heading, b.pose.x, b.pose.y)
    line = shapely.shortest_line(pa, pb)
    return {
        "a": a.id,
        "b": b.id,
        "units": scn.units,
        "centre_distance": round4(float(centre_distance(a.pose.x, a.pose.y, b.pose.x, b.pose.y))),
        "edge_distance": round4(float(edge_distance(pa, pb))),
        "bearing": round4(float(brg)),
        "relative_bearing": round4(float(rel)),
        "edge_points": [[round(x, 4), round(y, 4)] for x, y in shapely.get_coordinates(line)],
    }


def measure_text(d: dict[str, Any]) -> str:
    u = d["units"]
    return (
        f"{d['a']} to {d['b']}: centres {d['centre_distance']:g} {u}, "
        f"bases {d['edge_distance']:g} {u} apart; bearing {d['bearing']:g}° "
        f"({d['relative_bearing']:g}° relative to {d['a']}'s bow)"
    )
