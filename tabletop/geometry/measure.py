"""Distances and bearings between ships (the referee's tape measure)."""

from __future__ import annotations

import numpy as np
import shapely

from tabletop.geometry.angles import bearing, normalise
from tabletop.geometry.pose import F64, Arr
from tabletop.units import TOL


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
