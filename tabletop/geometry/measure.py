"""Distances and bearings between ships (the referee's tape measure)."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely

from tabletop.common.units import TOL
from tabletop.geometry.angles import bearing, normalise
from tabletop.geometry.pose import F64, Arr


def centre_distance(ax: F64, ay: F64, bx: F64, by: F64) -> Arr:
    return np.hypot(np.asarray(bx) - ax, np.asarray(by) - ay)


def edge_distance(a: np.ndarray, b: np.ndarray) -> Arr:
    """Shortest distance between outlines; 0 when touching (within TOL) or overlapping."""
    d = shapely.distance(a, b)
    return np.where(d <= TOL, 0.0, d)


def bearings(ax: F64, ay: F64, a_heading: F64, bx: F64, by: F64) -> tuple[Arr, Arr]:
    """Compass bearing from A's centre to B's, and the same relative to A's heading."""
    b = bearing(np.asarray(bx) - ax, np.asarray(by) - ay)
    return b, normalise(b - np.asarray(a_heading))


def segment_distance(px: Any, py: Any, ax: Any, ay: Any, bx: Any, by: Any) -> Any:
    """Distance from points to segments, broadcast over arrays."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / np.where(ll > 0, ll, 1), 0, 1)
    return np.hypot(ax + t * dx - px, ay + t * dy - py)


def segments_to_polygon(
    ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray, ring: np.ndarray
) -> np.ndarray:
    """Distance from many segments to one polygon (0 when a segment enters it)."""
    qx, qy = ring[:, 0], ring[:, 1]
    rx, ry = np.roll(qx, -1), np.roll(qy, -1)
    A = (ax[..., None], ay[..., None])
    B = (bx[..., None], by[..., None])
    # end points of each segment to each edge, and each vertex to the segment
    d = np.minimum.reduce(
        [
            segment_distance(A[0], A[1], qx, qy, rx, ry),
            segment_distance(B[0], B[1], qx, qy, rx, ry),
            segment_distance(qx, qy, A[0], A[1], B[0], B[1]),
        ]
    ).min(-1)

    def orient(px: Any, py: Any, ux: Any, uy: Any, vx: Any, vy: Any) -> Any:
        return np.sign((ux - px) * (vy - py) - (uy - py) * (vx - px))

    cross = (
        (orient(A[0], A[1], B[0], B[1], qx, qy) != orient(A[0], A[1], B[0], B[1], rx, ry))
        & (orient(qx, qy, rx, ry, A[0], A[1]) != orient(qx, qy, rx, ry, B[0], B[1]))
    ).any(-1)
    # inside: an end point of the segment within the polygon (even-odd rule)
    px, py = ax[..., None], ay[..., None]
    crosses = ((qy > py) != (ry > py)) & (
        px < (rx - qx) * (py - qy) / np.where(ry != qy, ry - qy, 1) + qx
    )
    inside = crosses.sum(-1) % 2 == 1
    return np.where(cross | inside, 0.0, d)
