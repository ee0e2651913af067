"""Firing arcs: perpendicular broadsides, the four quadrants, and range-band shapes.

A broadside's frame ``(u, v)`` is the one the rays live in: ``u`` runs along the side
(the ship's forward axis, so the gun deck is ``u ∈ [offset − deck/2, offset + deck/2]``)
and ``v`` is the distance out from the side, perpendicular to it.  Working in this frame
makes every broadside question one-dimensional per ray.
"""

from __future__ import annotations

import numpy as np
import shapely

from tabletop.geometry.angles import normalise, unit
from tabletop.geometry.pose import F64, Arr, to_local, to_world

#: Broadside sides and the sign of their outward normal in the ship frame.
SIDES = {"starboard": 1.0, "port": -1.0}

#: Hold-fast style quadrants: name → centre of the quadrant as a relative bearing.
QUADRANTS = {"fore": 0.0, "starboard": 90.0, "aft": 180.0, "port": 270.0}


def to_broadside(cx: F64, cy: F64, heading: F64, width: F64, sign: float, pts: Arr) -> Arr:
    """Table points ``(..., K, 2)`` into a broadside's ``(u, v)`` frame."""
    local = to_local(cx, cy, heading, pts)
    u = local[..., 0]
    v = sign * local[..., 1] - np.asarray(width)[..., None] / 2.0
    return np.stack([u, v], axis=-1)


def from_broadside(cx: float, cy: float, heading: float, width: float, sign: float, uv: Arr) -> Arr:
    """``(u, v)`` points of one broadside back to table coordinates, ``(K, 2)``."""
    uv = np.asarray(uv, dtype=float)
    f = uv[..., 0]
    s = sign * (uv[..., 1] + width / 2.0)
    return to_world(
        np.float64(cx), np.float64(cy), np.float64(heading), np.stack([f, s], -1)[None]
    )[0]


def deck_span(deck: float, offset: float) -> tuple[float, float]:
    """The gun deck's extent along the side, as ``(u0, u1)``."""
    return offset - deck / 2.0, offset + deck / 2.0


def broadside_polygon(
    cx: float,
    cy: float,
    heading: float,
    width: float,
    sign: float,
    deck: float,
    offset: float,
    near: float,
    far: float,
) -> shapely.Polygon:
    """The rectangle standing out from one side between distances ``near`` and ``far``.

    ``near = 0, far = gun range`` is the arc itself; other values give range bands.
    """
    u0, u1 = deck_span(deck, offset)
    uv = np.array([[u0, near], [u1, near], [u1, far], [u0, far]])
    return shapely.Polygon(from_broadside(cx, cy, heading, width, sign, uv))


def quadrant_of(relative_bearing: F64 | float) -> np.ndarray:
    """Index into ``QUADRANTS`` (fore, starboard, aft, port) for relative bearings.

    Each quadrant is 90° wide, split on the diagonals, closed at its anticlockwise edge:
    fore [315, 45), starboard [45, 135), aft [135, 225), port [225, 315).
    """
    rb = normalise(np.asarray(relative_bearing, dtype=float) + 45.0)
    return (np.floor(rb / 90.0).astype(int)) % 4


def quadrant_polygon(
    x: float, y: float, heading: float, name: str, radius: float, step: float = 5.0
) -> shapely.Polygon:
    """The 90° wedge of one quadrant, out to ``radius`` from the ship's centre."""
    mid = heading + QUADRANTS[name]
    ang = np.linspace(mid - 45.0, mid + 45.0, int(90 / step) + 1)
    dx, dy = unit(ang)
    ring = np.concatenate([[[x, y]], np.stack([x + radius * dx, y + radius * dy], -1)])
    return shapely.Polygon(ring)


def on_table(ring: Arr, width: float, depth: float) -> list[Arr]:
    """The parts of an arc's outline ``ring`` (K, 2) that lie on a ``width`` × ``depth``
    table, each a ring: a fire zone drawn beyond the edge lay over the rulers' figures,
    and no ship is there to fire at."""
    part = shapely.Polygon(ring).buffer(0).intersection(shapely.box(0, 0, width, depth))
    parts = getattr(part, "geoms", [part])
    kept = [p for p in parts if p.geom_type == "Polygon" and p.area > 0]
    return [np.asarray(p.exterior.coords)[:-1] for p in kept]
