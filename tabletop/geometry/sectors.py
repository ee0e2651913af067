"""Points of sail: classify the relative wind by a ruleset's sector table.

A sector table is an ordered list of ``(name, lower bound)`` in degrees off the wind,
starting at 0.  Each sector is closed below and open above; the last includes 180
(SPEC §1), so a ship exactly 60° off the wind under the modified Trafalgar rules is
beating, not luffing.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from tabletop.geometry.angles import unit
from tabletop.geometry.pose import F64


def classify(theta: F64 | float, lowers: Sequence[float]) -> np.ndarray:
    """Index of the sector holding each relative wind angle θ in [0, 180]."""
    edges = np.asarray(lowers, dtype=float)
    idx = np.searchsorted(edges, np.asarray(theta, dtype=float), side="right") - 1
    return np.clip(idx, 0, len(edges) - 1)


def sector_wedges(
    x: float, y: float, wind_from: float, lowers: Sequence[float], radius: float, step: float = 3.0
) -> list[shapely.Geometry]:
    """For drawing: per sector, the wedge of headings whose bow falls in it.

    A sector [lo, hi) off the wind is two mirror wedges about the wind direction
    (one with the wind on each side), merged into one geometry, centred on (x, y).
    """
    bounds = [*list(lowers), 180.0]
    out: list[shapely.Geometry] = []
    for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
        parts = []
        for sign in (1.0, -1.0):
            n = max(2, int(np.ceil((hi - lo) / step)) + 1)
            ang = wind_from + sign * np.linspace(lo, hi, n)
            dx, dy = unit(ang)
            ring = np.concatenate([[[x, y]], np.stack([x + radius * dx, y + radius * dy], -1)])
            parts.append(shapely.Polygon(ring))
        out.append(shapely.union_all(parts))
    return out
