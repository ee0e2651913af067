"""Drawing primitives for a table: what to draw, in table coordinates, no arcade here.

The window batches these into GPU shape lists once per change (a move, a selection),
never per frame.  Colours are RGBA tuples.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely

from tabletop.fire import Table, longest_range
from tabletop.geometry.angles import unit
from tabletop.geometry.arcs import QUADRANTS, SIDES, broadside_polygon, quadrant_polygon
from tabletop.geometry.outlines import hull_local
from tabletop.geometry.pose import to_world
from tabletop.geometry.sectors import sector_wedges
from tabletop.model import Scenario

Color = tuple[int, int, int, int]

SEA: Color = (34, 74, 112, 255)
GRID: Color = (60, 100, 140, 255)
GRID_MAJOR: Color = (90, 130, 170, 255)
LAND: Color = (156, 140, 96, 255)
SHOAL: Color = (80, 130, 150, 255)
BASE: Color = (20, 30, 40, 255)
SIDE_COLOURS: list[Color] = [
    (200, 40, 40, 255),
    (40, 90, 220, 255),
    (230, 200, 40, 255),
    (40, 170, 80, 255),
]
SECTOR_COLOURS: list[Color] = [
    (230, 60, 60, 70),
    (240, 160, 40, 70),
    (60, 200, 90, 70),
    (70, 140, 240, 70),
    (180, 90, 220, 70),
]
ARC: Color = (255, 255, 255, 60)
ARC_EDGE: Color = (255, 255, 255, 200)
SELECT: Color = (255, 255, 0, 255)
WIND: Color = (235, 235, 235, 255)


@dataclass(frozen=True)
class Fill:
    points: np.ndarray  # (K, 2) ring, not closed
    color: Color


@dataclass(frozen=True)
class Line:
    points: np.ndarray  # (K, 2)
    color: Color
    width: float = 1.0
    closed: bool = False


@dataclass(frozen=True)
class Label:
    x: float
    y: float
    text: str
    color: Color = (255, 255, 255, 255)
    size: float = 10.0


@dataclass
class Scene:
    fills: list[Fill] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)


def side_colours(scn: Scenario) -> dict[str, Color]:
    sides: list[str] = []
    for s in scn.ships:
        if s.side not in sides:
            sides.append(s.side)
    return {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(sides)}


def grid_step(scn: Scenario) -> tuple[float, float]:
    """Minor and major grid spacing: 1 in / 6 in, or 5 cm / 10 cm... scaled to the table."""
    if scn.units == "in":
        return 1.0, 6.0
    return 5.0, 10.0


def table_scene(scn: Scenario) -> Scene:
    """The table itself: sea, grid, rulers, terrain, ships, labels, wind."""
    sc = Scene()
    w, d = scn.width, scn.depth
    sc.fills.append(Fill(np.array([[0, 0], [w, 0], [w, d], [0, d]], float), SEA))
    minor, major = grid_step(scn)
    for x in np.arange(0.0, w + 1e-9, minor):
        is_major = abs(x / major - round(x / major)) < 1e-9
        sc.lines.append(Line(np.array([[x, 0], [x, d]]), GRID_MAJOR if is_major else GRID))
        if is_major:
            sc.labels.append(Label(x, -0.025 * d, f"{x:g}", size=9))
    for y in np.arange(0.0, d + 1e-9, minor):
        is_major = abs(y / major - round(y / major)) < 1e-9
        sc.lines.append(Line(np.array([[0, y], [w, y]]), GRID_MAJOR if is_major else GRID))
        if is_major:
            sc.labels.append(Label(-0.02 * w, y, f"{y:g}", size=9))
    sc.labels.append(Label(w, -0.05 * d, scn.units, size=9))
    for t in sorted(scn.terrain, key=lambda t: t.kind == "land"):
        ring = np.array(t.points, float)
        sc.fills.append(Fill(ring, LAND if t.kind == "land" else SHOAL))
        if t.name:
            c = shapely.Polygon(ring).representative_point()
            sc.labels.append(Label(c.x, c.y, t.name, (40, 30, 10, 255), 9))
    colours = side_colours(scn)
    for ship in scn.ships:
        c, p = ship.cls, ship.pose
        base = ship.base_corners()
        sc.fills.append(Fill(base, BASE))
        hull = to_world(
            np.array(p.x),
            np.array(p.y),
            np.array(p.heading),
            hull_local(np.array(c.hull_length), np.array(c.hull_beam), np.array(True))[None],
        )[0]
        sc.fills.append(Fill(hull, colours[ship.side]))
        sc.lines.append(Line(base, (230, 230, 230, 255), 1.0, closed=True))
        sc.labels.append(Label(p.x, p.y - c.base_width * 0.5 - 0.02 * d, ship.id, size=9))
    # Wind arrow in the top-right corner, pointing where the wind blows to.
    ax, ay = w * 0.93, d * 0.88
    dx, dy = unit(scn.wind.from_deg + 180.0)
    L = 0.06 * min(w, d)
    tip = np.array([ax + dx * L, ay + dy * L])
    tail = np.array([ax - dx * L, ay - dy * L])
    sc.lines.append(Line(np.array([tail, tip]), WIND, 3.0))
    left = tip - 0.35 * L * np.array([dx, dy]) + 0.2 * L * np.array([-dy, dx])
    right = tip - 0.35 * L * np.array([dx, dy]) - 0.2 * L * np.array([-dy, dx])
    sc.fills.append(Fill(np.array([tip, left, right]), WIND))
    txt = f"wind from {scn.wind.from_deg:g}°" + (
        f" {scn.wind.strength}" if scn.wind.strength else ""
    )
    sc.labels.append(Label(ax, ay - 1.4 * L, txt, size=10))
    return sc


def selection_scene(scn: Scenario, ship_id: str, table: Table | None = None) -> Scene:
    """What selecting a ship shows: sail-point wedges, arcs, and the outline highlight."""
    sc = Scene()
    ship = scn.ship(ship_id)
    p, c = ship.pose, ship.cls
    rs = scn.ruleset
    radius = c.base_length * 1.6
    theta_idx = rs.sectors.index(
        rs.sector(abs(((scn.wind.from_deg - p.heading + 180) % 360) - 180))
    )
    for k, wedge in enumerate(sector_wedges(p.x, p.y, scn.wind.from_deg, rs.sector_lowers, radius)):
        col = SECTOR_COLOURS[k % len(SECTOR_COLOURS)]
        if k == theta_idx:
            col = (col[0], col[1], col[2], 150)
        for part in getattr(wedge, "geoms", [wedge]):
            sc.fills.append(Fill(shapely.get_coordinates(part.exterior)[:-1], col))
    depth = longest_range(scn, c)
    if rs.arcs == "broadside":
        for sign in SIDES.values():
            poly = broadside_polygon(
                p.x, p.y, p.heading, c.base_width, sign, c.gun_deck, c.gun_deck_offset, 0.0, depth
            )
            ring = shapely.get_coordinates(poly)[:-1]
            sc.fills.append(Fill(ring, ARC))
            sc.lines.append(Line(ring, ARC_EDGE, 1.0, closed=True))
            for b in rs.bands[:-1]:
                edge = b.upper * rs.scale(scn.units)
                if edge < depth:
                    band = broadside_polygon(
                        p.x,
                        p.y,
                        p.heading,
                        c.base_width,
                        sign,
                        c.gun_deck,
                        c.gun_deck_offset,
                        0.0,
                        edge,
                    )
                    sc.lines.append(
                        Line(shapely.get_coordinates(band)[:-1], ARC_EDGE, 1.0, closed=True)
                    )
    elif rs.arcs == "quadrants":
        for name in QUADRANTS:
            q = quadrant_polygon(p.x, p.y, p.heading, name, depth)
            sc.lines.append(Line(shapely.get_coordinates(q)[:-1], ARC_EDGE, 1.0, closed=True))
    base = ship.base_corners()
    sc.lines.append(Line(base, SELECT, 3.0, closed=True))
    return sc


CLEAR_RAYS: Color = (80, 230, 120, 90)
BLOCKED_RAYS: Color = (230, 60, 60, 110)
RAY: Color = (255, 255, 255, 255)
RAKE: Color = (255, 140, 0, 80)


def ruling_scene(scn: Scenario, firer: str, target: str) -> Scene:
    """The proof of a fire ruling: the arc, clear and blocked rays, the shortest ray, rake."""
    from tabletop.fire import rule_fire

    r = rule_fire(scn, firer, target)
    sc = selection_scene(scn, firer)
    pr = r.proof
    if pr.rake_zone:
        sc.fills.append(Fill(np.array(pr.rake_zone), RAKE))
    for q in pr.clear:
        sc.fills.append(Fill(np.array(q), CLEAR_RAYS))
    for q in pr.blocked:
        sc.fills.append(Fill(np.array(q), BLOCKED_RAYS))
    if pr.ray:
        sc.lines.append(Line(np.array(pr.ray), RAY, 2.0))
        (x0, y0), (x1, y1) = pr.ray
        if r.range is not None:
            sc.labels.append(
                Label((x0 + x1) / 2, (y0 + y1) / 2, f"{r.range:.2f} {scn.units}", RAY, 10)
            )
    t = scn.ship(target)
    base = t.base_corners()
    sc.lines.append(
        Line(base, (255, 80, 80, 255) if not r.can_fire else (80, 255, 120, 255), 3.0, closed=True)
    )
    verdict = (
        f"{firer} → {target}: {r.arc or 'no arc'}, {r.range_band or ''}, "
        f"{r.line_of_fire or ''}" + (f", {r.rake} rake" if r.rake else "")
    )
    sc.labels.append(Label(t.pose.x, t.pose.y + t.cls.base_length * 0.8, verdict, RAY, 10))
    return sc
