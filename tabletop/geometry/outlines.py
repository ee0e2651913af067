"""Base and hull outlines from poses and ship sizes, for many ships at once.

The base is the rectangle the model stands on (``length`` along the heading ×
``width`` across, centred on the pose).  The hull is the pointed-bow outline of the
model inside the base; where a class gives no hull, the hull is the base.  Every hull has
the same number of vertices so a fleet's hulls are one ``(N, 7, 2)`` array.
"""

from __future__ import annotations

import numpy as np

from tabletop.geometry.pose import F64, Arr, to_world


def base_local(length: F64, width: F64) -> Arr:
    """Base corners in the ship frame, ``(N, 4, 2)``: stern-port, bow-port, bow-stbd, stern-stbd."""
    hl = np.asarray(length, dtype=float) / 2.0
    hw = np.asarray(width, dtype=float) / 2.0
    return np.stack(
        [
            np.stack([-hl, -hw], -1),
            np.stack([hl, -hw], -1),
            np.stack([hl, hw], -1),
            np.stack([-hl, hw], -1),
        ],
        axis=-2,
    )


def hull_local(length: F64, beam: F64, pointed: np.ndarray | None = None) -> Arr:
    """Hull outline in the ship frame, ``(N, 7, 2)``.

    A pointed hull has straight sides to the shoulder, then a curved bow to a point on
    the centre line; the shoulder stands back ``min(0.3·length, 1.5·beam)`` from the bow.
    A hull that is not pointed is the plain rectangle (7 vertices, some collinear).
    """
    L = np.asarray(length, dtype=float)
    B = np.asarray(beam, dtype=float)
    hl, hb = L / 2.0, B / 2.0
    k = np.minimum(0.3 * L, 1.5 * B)
    pointed_pts = np.stack(
        [
            np.stack([-hl, -hb], -1),
            np.stack([hl - k, -hb], -1),
            np.stack([hl - 0.4 * k, -0.7 * hb], -1),
            np.stack([hl, 0.0 * hl], -1),
            np.stack([hl - 0.4 * k, 0.7 * hb], -1),
            np.stack([hl - k, hb], -1),
            np.stack([-hl, hb], -1),
        ],
        axis=-2,
    )
    if pointed is None:
        return pointed_pts
    rect_pts = np.stack(
        [
            np.stack([-hl, -hb], -1),
            np.stack([0.0 * hl, -hb], -1),
            np.stack([hl, -hb], -1),
            np.stack([hl, 0.0 * hl], -1),
            np.stack([hl, hb], -1),
            np.stack([0.0 * hl, hb], -1),
            np.stack([-hl, hb], -1),
        ],
        axis=-2,
    )
    mask = np.asarray(pointed, dtype=bool)[..., None, None]
    return np.where(mask, pointed_pts, rect_pts)


def base_corners(cx: F64, cy: F64, heading: F64, length: F64, width: F64) -> Arr:
    """Base corners on the table, ``(N, 4, 2)``."""
    return to_world(cx, cy, heading, base_local(length, width))




def base_from_corners(corners: Arr) -> tuple[float, float, float, float, float]:
    """A base traced by its four corners, going round from the two at her bow (either
    way round): her centre x, y, heading, length and width.  The inverse of
    :func:`base_corners` for a rectangle; for four clicks that are not quite one, the
    least-squares answer a tracer wants: the centre is the corners' mean, the heading
    runs from the stern edge's midpoint to the bow edge's, the length is the distance
    between those midpoints and the width the mean of the bow and stern edges."""
    p = np.asarray(corners, dtype=float).reshape(4, 2)
    bow, stern = (p[0] + p[1]) / 2.0, (p[2] + p[3]) / 2.0
    along = bow - stern
    cx, cy = p.mean(axis=0)
    heading = float(np.degrees(np.arctan2(along[0], along[1])) % 360.0)
    width = float((np.hypot(*(p[1] - p[0])) + np.hypot(*(p[3] - p[2]))) / 2.0)
    return float(cx), float(cy), heading, float(np.hypot(*along)), width
