"""Reading a scenario's terrain and positions, within bounds that keep every ruling cheap.

A coastline's cost is paid by every ruling that meets it (line of fire, collisions, the
picture), so the bound is on the vertices of all the terrain together, not only of each
polygon: a hundred coastlines of 10,000 vertices each took a ``check`` or a ``fire``
11 to 12 seconds, while at :data:`MAX_TOTAL_VERTICES` both stay near a second.  The
vertices are checked in one pass of numpy when all are plain numbers; a point written
otherwise (with a unit, or broken) is read one at a time, so its error names it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely

from tabletop.common.units import max_length
from tabletop.data.reader import Reader, join, text_problem
from tabletop.model.scenario import Terrain

TERRAIN_KINDS = ("land", "shoal", "shallows")
#: Ships and terrain stand within ``REACH`` table widths (depths) of the origin.
REACH = 10
#: A terrain polygon has at most ``MAX_VERTICES`` vertices, and all the scenario's
#: terrain together at most ``MAX_TOTAL_VERTICES`` (docs/limits.md).
MAX_VERTICES = 10_000
MAX_TOTAL_VERTICES = 50_000
_KEYS = ("kind", "polygon", "name", "level", "hidden", "known_to")


def read_terrain(r: Reader, data: dict[str, Any], table: tuple[str, float, float]) -> list[Terrain]:
    """Terrain polygons within reach of the table (``table``: unit, width, depth)."""
    pieces = r.tables(data, "", "terrain")
    total = sum(len(t["polygon"]) for t in pieces if isinstance(t.get("polygon"), list))
    if total > MAX_TOTAL_VERTICES:
        r.error("terrain", f"at most {MAX_TOTAL_VERTICES} vertices in all", total)
        return []
    return [_piece(r, tt, join("terrain", i), table) for i, tt in enumerate(pieces)]


def _piece(r: Reader, tt: dict[str, Any], p: str, table: tuple[str, float, float]) -> Terrain:
    for key in tt:
        if key not in _KEYS:
            r.error(join(p, key), "one of the keys " + ", ".join(_KEYS), key)
    kind = r.string(tt, p, "kind", choices=TERRAIN_KINDS)
    pts = tt.get("polygon")
    ok = (
        isinstance(pts, list)
        and 3 <= len(pts) <= MAX_VERTICES
        and all(isinstance(q, list) and len(q) == 2 for q in pts)
    )
    coords: list[tuple[float, float]] = []
    if ok and isinstance(pts, list):
        before = len(r.errors)
        coords = _fast(pts, table) or _slow(r, pts, p, table)
        if len(r.errors) == before:
            poly = shapely.Polygon(coords)
            if not poly.is_valid or poly.area <= 0:
                shape = "a simple polygon with area (edges must not cross)"
                r.error(join(p, "polygon"), shape, pts)
    else:
        r.error(join(p, "polygon"), f"from 3 to {MAX_VERTICES} [x, y] points", _count(pts))
    tname = tt.get("name", "")
    if not isinstance(tname, str) or (tname and text_problem(tname) is not None):
        why = text_problem(tname) if isinstance(tname, str) else None
        r.error(join(p, "name"), f"a name of {why or 'text'}", tname)
        tname = ""
    level = r.integer(tt, p, "level", minimum=0)
    hidden = r.boolean(tt, p, "hidden", False)
    known = tt.get("known_to")
    if known is not None and (not hidden or not isinstance(known, str)):
        r.error(join(p, "known_to"), "a side's name, on hidden terrain", known)
        known = None
    return Terrain(kind, tuple(coords), tname, level, hidden, known)


def _fast(pts: list[Any], table: tuple[str, float, float]) -> list[tuple[float, float]]:
    """The points, when every one is two plain numbers within reach; else none (the
    slow reading then names the point at fault)."""
    units, width, depth = table
    if not all(type(v) in (int, float) for q in pts for v in q):  # not bool, not "6 cm"
        return []
    try:
        xy = np.array(pts, dtype=float)
    except OverflowError:  # an integer too large for a float
        return []
    reach = np.minimum([REACH * width, REACH * depth], 10 * max_length(units))
    if not (np.isfinite(xy).all() and (np.abs(xy) <= reach).all()):
        return []
    return [(float(x), float(y)) for x, y in xy]


def _slow(
    r: Reader, pts: list[Any], p: str, table: tuple[str, float, float]
) -> list[tuple[float, float]]:
    units, width, depth = table
    coords = []
    for j, q in enumerate(pts):
        qq = {"x": q[0], "y": q[1]}
        pj = f"{p}.polygon[{j}]"
        coords.append((near(r, qq, pj, "x", units, width), near(r, qq, pj, "y", units, depth)))
    return coords


def near(r: Reader, tbl: Any, path: str, key: str, unit: str, side: float) -> float:
    """A coordinate within :data:`REACH` times the table's ``side`` of the origin."""
    before = len(r.errors)
    x = r.coordinate(tbl, path, key, unit)
    if len(r.errors) == before and abs(x) > REACH * side:
        r.error(join(path, key), f"a position within {REACH} × the table ({REACH * side:g})", x)
        return 0.0
    return x


def _count(pts: Any) -> Any:
    """What to show of a bad polygon: its size when it is a long list."""
    if isinstance(pts, list) and len(pts) > MAX_VERTICES:
        return f"{len(pts)} points"
    return pts
