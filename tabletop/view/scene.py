"""Drawing primitives for a table: what to draw, in table coordinates, no arcade here.

The window batches these into GPU shape lists once per change (a move, a selection),
never per frame.  Colours are RGBA tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
import shapely

from tabletop.coach.coaching import Course
from tabletop.common.units import TOL, mm_per
from tabletop.geometry.angles import relative_wind, unit
from tabletop.geometry.arcs import on_table
from tabletop.geometry.hexgrid import HexGrid, hex_corners
from tabletop.geometry.motion import advance
from tabletop.geometry.outlines import hull_local
from tabletop.geometry.pose import Pose, to_world
from tabletop.geometry.sectors import sector_wedges
from tabletop.model.scenario import Scenario
from tabletop.referee import reckon
from tabletop.referee.fan import Fan
from tabletop.referee.fire import Table, rule_fire
from tabletop.referee.movement import MoveRuling

Color = tuple[int, int, int, int]

SEA: Color = (34, 74, 112, 255)
GRID: Color = (60, 100, 140, 255)
GRID_MAJOR: Color = (90, 130, 170, 255)
LAND: Color = (156, 140, 96, 255)
SHOAL: Color = (80, 130, 150, 255)
BASE: Color = (20, 30, 40, 255)
SIDE_COLOURS: list[Color] = [(200, 40, 40, 255), (40, 90, 220, 255), (230, 200, 40, 255),
                              (40, 170, 80, 255)]  # fmt: skip
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
#: A ship that has struck: her hull greyed, outlined in the colours she flies now.
STRUCK: Color = (150, 150, 150, 255)


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
    clear: float = 0.0  # > 0: a name beside a thing this far across, clear of other names
    tall: float = 0.0  # > 0: the thing's half height, where not ``clear`` (a ship's base)
    pin: str = ""  # an edge ruler's figure: "x" kept in sight along the foot, "y" the left
    fit: float = 0.0  # > 0: a land this wide; its name, if wider on screen, goes beside it
    outside: Color = (225, 205, 150, 255)  # ...in this colour
    anchor: str = "center"  # "right": the text ends at x (the wind's, kept on the table)


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


#: A ship is never drawn shorter than this on screen: below it an outline of her hull,
#: scaled up, marks her, with her base to scale inside it (what is measured).
MIN_SHIP_PX = 40.0


def _hull_at(p: Pose, length: float, beam: float) -> np.ndarray:
    """Her hull's outline of ``length`` by ``beam`` at pose ``p``, in table units."""
    local = hull_local(np.array(length), np.array(beam), np.array(True))[None]
    out: np.ndarray = to_world(np.array(p.x), np.array(p.y), np.array(p.heading), local)[0]
    return out


def ships_scene(
    fleet: Scene,
    scn: Scenario,
    upp: float | None,
    struck: Mapping[str, str],
    notes: Mapping[str, str],
) -> None:
    """Each ship's base, hull and name into ``fleet`` (see :func:`table_scenes`)."""
    colours = side_colours(scn)
    for ship in scn.ships:
        c, p = ship.cls, ship.pose
        base = ship.base_corners()
        fleet.fills.append(Fill(base, BASE))
        hull = _hull_at(p, c.hull_length, c.hull_beam)
        now = struck.get(ship.id)
        fleet.fills.append(Fill(hull, colours[ship.side] if now is None else STRUCK))
        if now is not None:
            fleet.lines.append(Line(hull, colours.get(now, STRUCK), 2.0, closed=True))
        fleet.lines.append(Line(base, (230, 230, 230, 255), 1.0, closed=True))
        # her name keeps clear of her base as it lies: half her beam put "dauntless"
        # across her own bow, heading 30°
        span = np.ptp(base, axis=0) / 2
        if upp is not None and c.hull_length / upp < MIN_SHIP_PX:
            k = MIN_SHIP_PX * upp / c.hull_length
            outline = _hull_at(p, c.hull_length * k, c.hull_beam * k)
            flies = colours.get(now, STRUCK) if now is not None else colours[ship.side]
            fleet.lines.append(Line(outline, flies, 1.5, closed=True))
            span = np.maximum(span, np.ptp(outline, axis=0) / 2)
        name = ship.id
        note = notes.get(ship.id)
        if now is not None and note is None:
            name += " (struck)" if now == ship.side else f" (prize, {now})"
        elif note is not None:  # gone (sunk, drifted off), or in stays
            name += f" ({note})"
        fleet.labels.append(Label(p.x, p.y, name, size=9, clear=span[0], tall=span[1]))


def table_scenes(
    scn: Scenario, upp: float | None = None, struck: Mapping[str, str] | None = None,
    notes: Mapping[str, str] | None = None,
) -> list[Scene]:
    """The table in drawing order: sea and grid, then terrain, then ships and the wind.
    ``upp``: table units per pixel, when a small ship gets her larger outline.
    ``struck``: ships struck, each with the side she is now (a prize's captor): greyed,
    outlined (her hexes shaded) in its colours, named so.  ``notes``: what a ship's name
    says of her (``Session.notes``): gone ("sunk"), or "in stays" (head to wind, she is
    not in irons)."""
    struck = struck or {}
    sea, ground, fleet = Scene(), Scene(), Scene()
    w, d = scn.width, scn.depth
    sea.fills.append(Fill(np.array([[0, 0], [w, 0], [w, d], [0, d]], float), SEA))
    minor, major = grid_step(scn)
    overlay = scn.ruleset.look.hex_overlay(scn)
    if overlay is not None:  # a hex game: the hexes instead of the square grid
        grid, occupied = overlay
        hex_lines(sea, grid, w, d)
        colours = side_colours(scn)
        for ship in scn.ships:
            r, g, b, _ = colours.get(struck.get(ship.id, ship.side), STRUCK)
            for h in occupied.get(ship.id, ()):
                sea.fills.append(Fill(np.array(hex_corners(grid, h)), (r, g, b, 60)))
    for x in np.arange(0.0, w + 1e-9, minor):
        is_major = abs(x / major - round(x / major)) < 1e-9
        if overlay is None:
            sea.lines.append(Line(np.array([[x, 0], [x, d]]), GRID_MAJOR if is_major else GRID))
        if is_major:
            sea.labels.append(Label(x, -0.025 * d, f"{x:g}", size=9, pin="x"))
    for y in np.arange(0.0, d + 1e-9, minor):
        is_major = abs(y / major - round(y / major)) < 1e-9
        if overlay is None:
            sea.lines.append(Line(np.array([[0, y], [w, y]]), GRID_MAJOR if is_major else GRID))
        if is_major:
            sea.labels.append(Label(-0.02 * w, y, f"{y:g}", size=9, pin="y"))
    sea.labels.append(Label(w, -0.05 * d, scn.units, size=9))
    for t in sorted(scn.terrain, key=lambda t: t.kind == "land"):
        ring = np.array(t.points, float)
        ground.fills.append(Fill(ring, LAND if t.kind == "land" else SHOAL))
        if t.name:
            poly = shapely.Polygon(ring)
            c, (x0, _, x1, _) = poly.representative_point(), poly.bounds
            name = t.name if t.level is None else f"{t.name} (level {t.level})"
            ground.labels.append(Label(c.x, c.y, name, (40, 30, 10, 255), 9, fit=x1 - x0))
    ships_scene(fleet, scn, upp, struck, notes or {})
    # the wind arrow in the top-right corner, pointing where the wind blows to
    ax, ay = w * 0.93, d * 0.88
    dx, dy = unit(scn.wind.from_deg + 180.0)
    L = 0.06 * min(w, d)
    tip = np.array([ax + dx * L, ay + dy * L])
    tail = np.array([ax - dx * L, ay - dy * L])
    fleet.lines.append(Line(np.array([tail, tip]), WIND, 3.0))
    left = tip - 0.35 * L * np.array([dx, dy]) + 0.2 * L * np.array([-dy, dx])
    right = tip - 0.35 * L * np.array([dx, dy]) - 0.2 * L * np.array([-dy, dx])
    fleet.fills.append(Fill(np.array([tip, left, right]), WIND))
    txt = f"wind from {scn.wind.from_deg:g}°" + (
        f" {scn.wind.strength}" if scn.wind.strength else ""
    )
    fleet.labels.append(Label(0.99 * w, ay - 1.4 * L, txt, size=10, anchor="right"))
    return [sea, ground, fleet]


def hex_lines(sc: Scene, grid: HexGrid, w: float, d: float) -> None:
    """Every hex that touches the table, outlined and cut at the table's edge (the cells
    are built and clipped together, as arrays)."""
    corners = [grid.hex_at(x, y) for x in (0.0, w) for y in (0.0, d)]
    qs = [q for q, _ in corners]
    rs = [r for _, r in corners]
    pad = 2 + int(max(w, d) / grid.size)
    cells = [
        (q, r)
        for q in range(min(qs) - pad, max(qs) + pad + 1)
        for r in range(min(rs) - pad, max(rs) + pad + 1)
    ]
    rings = shapely.polygons([hex_corners(grid, h) for h in cells])
    cut = shapely.intersection(rings, shapely.box(0.0, 0.0, w, d))
    for poly in cut[~shapely.is_empty(cut)]:
        for part in getattr(poly, "geoms", [poly]):
            if part.geom_type == "Polygon" and part.area > 1e-9:
                ring = shapely.get_coordinates(part.exterior)[:-1]
                sc.lines.append(Line(ring, GRID_MAJOR, 1.0, closed=True))


def hex_fan_scene(scn: Scenario, fan: object) -> Scene:
    """On a hex table, the fan as the hexes she can reach: the hex under her bow half
    at each legal end pose, shaded by point of sail."""
    assert isinstance(fan, Fan)
    sc = Scene()
    overlay = scn.ruleset.look.hex_overlay(scn)
    if overlay is None or not len(fan):
        return sc
    grid = overlay[0]
    seen: dict[tuple[int, int], int] = {}
    for h, k in zip(fan_hexes(scn, fan), fan.sector, strict=True):
        seen.setdefault(h, int(k))
    for h, k in seen.items():
        col = SECTOR_COLOURS[k % len(SECTOR_COLOURS)]
        sc.fills.append(Fill(np.array(hex_corners(grid, h)), col))
    return sc


def fan_hexes(scn: Scenario, fan: Fan) -> list[tuple[int, int]]:
    """The hex each of the fan's poses shades: the one under her bow half (a quarter
    of the longest base ahead of her centre); a click there takes that pose."""
    overlay = scn.ruleset.look.hex_overlay(scn)
    assert overlay is not None  # a hex table
    grid = overlay[0]
    reach = 0.25 * max(s.cls.base_length for s in scn.ships)
    r = np.radians(fan.heading)
    xs, ys = fan.x + reach * np.sin(r), fan.y + reach * np.cos(r)
    return [grid.hex_at(float(x), float(y)) for x, y in zip(xs, ys, strict=True)]


def hexes_scene(scn: Scenario, ship_id: str) -> Scene:
    """On a hex table, the selected ship's hexes outlined."""
    sc = Scene()
    overlay = scn.ruleset.look.hex_overlay(scn)
    if overlay is not None:
        grid, occupied = overlay
        for h in occupied.get(ship_id, ()):
            sc.lines.append(Line(np.array(hex_corners(grid, h)), SELECT, 2.0, closed=True))
    return sc


def selection_scene(scn: Scenario, ship_id: str) -> Scene:
    """What selecting a ship shows: sail-point wedges, her arcs and bands, a highlight."""
    ship = scn.ship(ship_id)
    sc = merge(sectors_scene(scn, ship_id), arcs_scene(scn, bands=True, only=ship_id))
    sc.lines.append(Line(ship.base_corners(), SELECT, 3.0, closed=True))
    return sc


CLEAR_RAYS: Color = (80, 230, 120, 90)
BLOCKED_RAYS: Color = (230, 60, 60, 110)
RAY: Color = (255, 255, 255, 255)
RAKE: Color = (255, 140, 0, 80)


def ruling_scene(scn: Scenario, firer: str, target: str) -> Scene:
    """The proof of a fire ruling: the arc, clear and blocked rays, the shortest ray, rake."""
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
            half, mid = scn.ship(target).cls.base_width / 2, ((x0 + x1) / 2, (y0 + y1) / 2)
            sc.labels.append(Label(*mid, f"{r.range:.2f} {scn.units}", RAY, 10, clear=half))
    t = scn.ship(target)
    base = t.base_corners()
    sc.lines.append(
        Line(base, (255, 80, 80, 255) if not r.can_fire else (80, 255, 120, 255), 3.0, closed=True)
    )
    said = [r.arc or "no arc", r.range_band, r.line_of_fire, f"{r.rake} rake" if r.rake else ""]
    verdict = f"{firer} → {target}: " + ", ".join(w for w in said if w)  # "no arc, ," was
    # beside the target, clear of her name and other ships (once drawn on her name)
    sc.labels.append(Label(t.pose.x, t.pose.y, verdict, RAY, 10, clear=t.cls.base_length * 0.55))
    return sc


LOF_COLOURS: dict[str, Color] = {
    "clear": (80, 230, 120, 255),
    "partial": (250, 210, 60, 255),
    "blocked": (235, 70, 70, 255),
    "cannot": (150, 150, 150, 220),  # clear, yet she cannot fire (no dice, struck...)
}
GHOST: Color = (255, 255, 255, 90)
PATH: Color = (255, 255, 255, 200)
COLLISION: Color = (255, 40, 40, 255)
RULER: Color = (255, 200, 0, 255)


def arcs_scene(scn: Scenario, bands: bool, only: str | None = None) -> Scene:
    """Fire arcs as the ruleset draws them (broadsides, quadrants...) and, with
    ``bands``, their range bands, for every ship or only one."""
    sc = Scene()
    for ship in scn.ships:
        if only is not None and ship.id != only:
            continue
        for whole, filled in scn.ruleset.look.arc_outlines(scn, ship, bands):
            for ring in on_table(np.asarray(whole), scn.width, scn.depth):
                if filled:
                    sc.fills.append(Fill(ring, ARC))
                sc.lines.append(Line(ring, ARC_EDGE, 1.0, closed=True))
    return sc


def sectors_scene(scn: Scenario, ship_id: str) -> Scene:
    """The point-of-sail wedges around a ship, the one she is on highlighted."""
    sc = Scene()
    ship = scn.ship(ship_id)
    p = ship.pose
    rs = scn.ruleset
    theta = float(relative_wind(scn.wind.from_deg, p.heading))
    now = rs.sectors.index(reckon.sector(rs, theta))
    cx, cy, radius = rs.look.compass_origin(ship, theta)
    wedges = sector_wedges(cx, cy, scn.wind.from_deg, reckon.sector_lowers(rs), radius)
    for k, wedge in enumerate(wedges):
        col = SECTOR_COLOURS[k % len(SECTOR_COLOURS)]
        if k == now:
            col = (col[0], col[1], col[2], 150)
        for part in getattr(wedge, "geoms", [wedge]):
            sc.fills.append(Fill(shapely.get_coordinates(part.exterior)[:-1], col))
    return sc


def lof_scene(
    scn: Scenario,
    ship_id: str,
    enemies: list[str],
    refused: Callable[[str, str], bool] | None = None,
) -> Scene:
    """For every enemy in one of her arcs: the shortest ray coloured by the line of fire
    (grey: clear, yet she cannot fire, by the table or by the game now: ``refused``, of
    an enemy and the arc's guns), blocked rays shaded, her outline alike."""
    sc = Scene()
    table = Table.of(scn)  # laid out once for every enemy's ruling
    rings = [r for r, _ in scn.ruleset.look.arc_outlines(scn, scn.ship(ship_id), False)]
    if rings and enemies and scn.ruleset.caps.arcs_are_outlined:  # only those her arcs reach
        arcs = shapely.union_all(shapely.polygons([np.asarray(r) for r in rings]))
        bases = shapely.polygons(np.array([scn.ship(e).base_corners() for e in enemies]))
        near = shapely.dwithin(bases, arcs, TOL) if len(enemies) else []
        enemies = [e for e, ok in zip(enemies, near, strict=True) if ok]
    for e in enemies:
        r = rule_fire(scn, ship_id, e, table=table)
        if r.arc is None or r.line_of_fire is None:
            continue
        able = r.can_fire and not (refused is not None and refused(e, r.arc))
        col = LOF_COLOURS[r.line_of_fire if able or r.line_of_fire == "blocked" else "cannot"]
        for q in r.proof.blocked:
            sc.fills.append(Fill(np.array(q), BLOCKED_RAYS))
        if r.proof.ray:
            sc.lines.append(Line(np.array(r.proof.ray), col, 2.5))
        sc.lines.append(Line(scn.ship(e).base_corners(), col, 2.5, closed=True))
    return sc


def move_scene(scn: Scenario, ship_id: str, ruling: object) -> Scene:
    """The move being built: its path, a ghost at the end pose, the first contact."""
    assert isinstance(ruling, MoveRuling)
    sc = Scene()
    ship = scn.ship(ship_id)
    pts = [(ruling.start.x, ruling.start.y)]
    pose = ruling.start
    for seg in ruling.plan.segments:
        n = max(2, int(abs(seg.turn) / 5) + 2) if seg.turn else 2
        for k in range(1, n):
            q = advance(pose, seg, k / (n - 1))
            pts.append((q.x, q.y))
        pose = advance(pose, seg)
    sc.lines.append(Line(np.array(pts), PATH, 1.5))
    ghost = ship.moved(ruling.end)
    sc.fills.append(Fill(ghost.hull_corners(), GHOST))
    sc.lines.append(
        Line(ghost.base_corners(), PATH if ruling.legal else COLLISION, 1.5, closed=True)
    )
    if ruling.collision is not None:
        x, y = ruling.collision.point
        circle = shapely.Point(x, y).buffer(0.4 if scn.units == "cm" else 0.16, 12)
        sc.fills.append(Fill(shapely.get_coordinates(circle)[:-1], COLLISION))
        other = next((s for s in scn.ships if s.id == ruling.collision_with), None)
        if other is not None:
            sc.lines.append(Line(other.base_corners(), COLLISION, 2.5, closed=True))
    return sc


def ruler_scene(scn: Scenario, a: tuple[float, float], b: tuple[float, float]) -> Scene:
    sc = Scene()
    sc.lines.append(Line(np.array([a, b]), RULER, 2.0))
    for p in (a, b):
        dot = shapely.Point(*p).buffer(0.3 if scn.units == "cm" else 0.12, 8)
        sc.fills.append(Fill(shapely.get_coordinates(dot)[:-1], RULER))
    d = float(np.hypot(b[0] - a[0], b[1] - a[1]))
    mm = d * mm_per(scn.units)
    sc.labels.append(
        Label((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, f"{d:.2f} {scn.units} ({mm:.0f} mm)", RULER, 11)
    )
    return sc


def merge(*scenes: Scene) -> Scene:
    out = Scene()
    for s in scenes:
        out.fills += s.fills
        out.lines += s.lines
        out.labels += s.labels
    return out


MARK: Color = (255, 120, 0, 255)
LAYLINE: Color = (255, 160, 60, 160)


def drill_scene(course: Course) -> Scene:
    """The windward mark, its rounding circle, and the two laylines below it."""
    sc = Scene()
    mx, my = course.mark
    if course.gate is None:
        ring = shapely.Point(mx, my).buffer(course.radius, 32)
        sc.lines.append(Line(shapely.get_coordinates(ring.exterior)[:-1], MARK, 2.0, closed=True))
        buoys = [(mx, my)]
    else:
        buoys = list(course.gate_ends)
        sc.lines.append(Line(np.array(buoys), MARK, 1.0))
    for bx, by in buoys:
        dot = shapely.Point(bx, by).buffer(course.radius / 4, 12)
        sc.fills.append(Fill(shapely.get_coordinates(dot)[:-1], MARK))
    scn = course.scenario
    theta = float(scn.ruleset.caps.close_hauled or 0.0)
    reach = 1.5 * max(scn.width, scn.depth)
    table = shapely.box(0, 0, scn.width, scn.depth)  # beyond it they ran over the panes
    for sign in (1.0, -1.0):
        dx, dy = unit(scn.wind.from_deg + 180.0 + sign * theta)
        ray = shapely.LineString([(mx, my), (mx + reach * dx, my + reach * dy)])
        on = ray.intersection(table)
        if not on.is_empty:
            sc.lines.append(Line(shapely.get_coordinates(on), LAYLINE, 1.5))
    sc.labels.append(Label(mx, my + 2 * course.radius, "gate" if course.gate else "mark", MARK, 10))
    return sc
